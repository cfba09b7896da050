"""What every module goes through before it is lowered to LLVM IR.

* ``speculate``: small pure ``scf.if`` become ``arith.select`` (:mod:`.speculate`).
  It never changes a result, but pays only where the loop can then be vectorized, so
  by default it goes with ``reassoc``.
* ``reassoc``: every float ``arith`` (and ``llvm``) op gets the ``reassoc`` fast-math
  flag, which allows LLVM to reorder sums and products -- above all, to vectorize a
  loop's float reduction, which strict IEEE order forbids.  Off by default: results
  change in the last bits (the order of a sum is not the one written), as with XLA's
  reductions.  An op's own ``fastmath<...>`` in the source is honoured either way.

Both work on a clone; the caller's module is never changed.
"""

from __future__ import annotations

from xdsl.dialects.arith import FastMathFlagsAttr
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.llvm import FastMathAttr
from xdsl.dialects.utils.fast_math import FastMathFlag

from activity.codegen.speculate import speculated


def with_reassoc(module: ModuleOp) -> int:
    """Add ``reassoc`` to the fast-math flags of every float op of ``module`` (in
    place); returns how many ops changed."""
    n = 0
    for op in module.walk():
        for prop, cls in (("fastmath", FastMathFlagsAttr), ("fastmathFlags", FastMathAttr)):
            a = op.properties.get(prop)
            if isinstance(a, cls) and FastMathFlag.REASSOC not in a.data:
                op.properties[prop] = cls(set(a.data) | {FastMathFlag.REASSOC})
                n += 1
    return n


def prepare(module: ModuleOp, speculate: bool | None = None, reassoc: bool = False
            ) -> ModuleOp:
    """``module`` ready for lowering (itself when nothing changes, else a clone);
    ``speculate=None`` speculates when ``reassoc`` is on."""
    if speculate is None:
        speculate = reassoc
    out = speculated(module) if speculate else module
    if reassoc:
        if out is module:
            out = module.clone()
        with_reassoc(out)
    return out


__all__ = ["prepare", "with_reassoc"]
