"""The tensor level: ``tensor`` values and ``linalg`` structured ops.

* :mod:`activity.tensor.named`: the ``linalg`` named ops xDSL lacks, and the dialect
  with them that the front end registers;
* :mod:`activity.tensor.structured`: one view of every structured op of the subset
  (operands, indexing maps, iterators, body) and :func:`generalize` to
  ``linalg.generic``.

This package depends on xDSL only (not on the analysis, AD or codegen layers), so
that every layer may use it.
"""
