"""The lowering to LLVM IR, piece by piece (``docs/codegen.md``, "The pieces of the
lowering"): :mod:`.core` lowers functions, regions and blocks and dispatches each op
to the rule registered for it; each dialect family's module registers its rules:

* :mod:`.arith`: ``arith``/``math`` (and their ``llvm`` spellings): constants,
  integer ops, comparisons, selects, casts, float ops through the op table;
* :mod:`.memref`: loads, stores, atomics, allocation, copies, globals, ``dim``;
* :mod:`.views`: ``memref`` views (``cast``, ``subview``, ``reinterpret_cast``,
  ``collapse_shape``/``expand_shape``);
* :mod:`.scf`: ``for``, ``if``, ``while``, ``execute_region``, ``parallel``;
* :mod:`.cf`: ``cf.assert`` (branches are the core's: they shape the blocks);
* :mod:`.calls`: ``func.call``/``llvm.call``;
* :mod:`.llvm`: the ``llvm`` dialect's memory, pointer and aggregate ops;

with :mod:`.common` (types, constants, small helpers), :mod:`.loops` (the loop-hint
heuristics) and :mod:`.atomics` (read-modify-write, shared with the GPU target)
beside them.  Importing this package registers every family.
"""

from activity.codegen.lowering import (  # noqa: F401  (each registers its rules)
    arith,
    calls,
    cf,
    llvm,
    memref,
    scf,
    views,
)
