"""The forward and reverse rules of each dialect or construct, one file each, found
through the tables of :mod:`activity.ad.registry`:

* :mod:`~activity.ad.rules.scalar`: float ops, casts, selects (the op table's partials);
* :mod:`~activity.ad.rules.memory`: loads, stores, copies, sets, read-modify-writes;
* :mod:`~activity.ad.rules.scf`: ``scf.for``, ``scf.if``, ``scf.while``;
* :mod:`~activity.ad.rules.parallel`: ``scf.parallel``;
* :mod:`~activity.ad.rules.calls`: ``func.call``, ``llvm.call``;
* :mod:`~activity.ad.rules.tensor`: the ``tensor`` dialect (adjoints as tensor values);
* :mod:`~activity.ad.rules.sparse`: one-hot / slice-hot adjoints (``extract``,
  ``extract_slice``) kept lazily;
* :mod:`~activity.ad.rules.linalg`: the ``linalg`` structured ops on tensors.

Importing this package registers them all; a new rules file is added to the import
below.  (Unstructured ``cf`` functions are generated as a whole, by
:mod:`activity.ad.cfblocks`; llvm memory by :mod:`activity.ad.llvmmem`.)
"""

from activity.ad.registry import FORWARD, REVERSE, REVERSE_BY_KIND
from activity.ad.rules import calls, linalg, memory, parallel, scalar, scf, sparse, tensor

__all__ = ["FORWARD", "REVERSE", "REVERSE_BY_KIND", "calls", "linalg", "memory", "parallel",
           "scalar", "scf", "sparse", "tensor"]
