"""Randomized testing support: a program generator and a dynamic soundness oracle.

* :mod:`activity.testing.progen` -- random well-typed MLIR programs over the subset
  (a Hypothesis strategy and a seeded ``generate``);
* :mod:`activity.testing.oracle` -- checks an analysis answer against tangents computed
  by the reference interpreter;
* :mod:`activity.testing.opaque` -- a region op outside the subset
  (``test.opaque_region``) that only the oracle's interpreter can run.
"""
