"""The abstract domains of the activity analyses.

All three lattices are finite powersets encoded as Python ints used as bitsets, so
join is ``|`` and the order is set inclusion; this keeps the solver's hot path to a few
integer operations.

* :class:`Flag` -- the value lattice of the sparse analyses: ``False`` (bottom: not
  varied / not useful) below ``True``.  Height 1.
* :class:`ClassSet` -- a set of alias classes.  Used twice: as the points-to lattice of a
  pointer-typed SSA value (which classes it may point into), and as the memory lattice at
  a program point (which classes may hold varied data -- *active-in* -- for the forward
  dense analysis, or may be read usefully later -- *active-out* -- for the backward one).
  Height = number of alias classes of the module (finite: one per allocation site,
  global, argument origin and the unknown class).

``checked_join`` is MLIR's ``Lattice::join`` habit: in tests every join asserts the
result is above both inputs, catching a non-monotone transfer function at once.
"""

from __future__ import annotations

import os

from activity.lattice.core import (
    BOTTOM,
    ClassSet,
    Flag,
    checked_join,
    leq,
    set_join_checks,
)

if os.environ.get("ACTIVITY_CHECK_JOINS"):
    set_join_checks(True)

__all__ = ["BOTTOM", "ClassSet", "Flag", "checked_join", "leq", "set_join_checks"]
