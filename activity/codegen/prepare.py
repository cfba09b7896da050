"""What every module goes through before it is lowered to LLVM IR.

* ``scf.forall`` (on memrefs) becomes ``scf.parallel`` (:mod:`activity.ad.forall`),
  so that it runs on host threads and on the GPU as that loop does.
* ``expand`` (host code, strict float order): loops whose only float recurrence is a
  sum are split so that their work can be vectorized while the sum keeps its order
  (:mod:`.expand`); results are bit-identical (but for sums whose adds allow
  ``reassoc`` themselves, as a gradient's adjoint sums do unless ``strict_adjoints``:
  LLVM may vectorize them in the split).  On by default without ``reassoc``.
* ``speculate``: small pure ``scf.if`` become ``arith.select`` (:mod:`.speculate`).
  It never changes a result, but pays only where the loop can then be vectorized, so
  by default it goes with ``reassoc`` -- and, without it, runs in the loops that
  ``expand`` split.
* ``reassoc``: every float ``arith`` (and ``llvm``) op gets the ``reassoc`` fast-math
  flag (but those of gradients' exact bodies: :func:`with_reassoc`), which allows
  LLVM to reorder sums and products -- above all, to vectorize a loop's float
  reduction, which strict IEEE order forbids.  Off by default: results
  change in the last bits (the order of a sum is not the one written), as with XLA's
  reductions.  An op's own ``fastmath<...>`` in the source is honoured either way.

Both work on a clone; the caller's module is never changed.
"""

from __future__ import annotations

from xdsl.dialects.arith import FastMathFlagsAttr
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.llvm import FastMathAttr
from xdsl.dialects.utils.fast_math import FastMathFlag
from xdsl.ir import Operation

from activity.ad.forall import has_forall, normalize_forall
from activity.codegen.errors import CodegenError
from activity.codegen.expand import expand_reductions, splittable
from activity.codegen.speculate import speculate_ifs, speculated
from activity.frontend import carry_location
from activity.tensor.loops import EXACT_ATTR


def with_reassoc(module: ModuleOp) -> int:
    """Add ``reassoc`` to the fast-math flags of every float op of ``module`` (in
    place) but those marked :data:`~activity.tensor.loops.EXACT_ATTR`; returns how many
    ops changed.  The marked ones compute values that another loop nest computes again
    and compares bit for bit (a max reduction's adjoint seeds the element equal to the
    forward maximum: activity/ad/exactbody.py): ``reassoc`` would let LLVM evaluate
    each nest's copy in its own order."""
    n = 0
    for op in module.walk():
        if EXACT_ATTR in op.attributes:
            continue
        for prop, cls in (("fastmath", FastMathFlagsAttr), ("fastmathFlags", FastMathAttr)):
            a = op.properties.get(prop)
            if isinstance(a, cls) and FastMathFlag.REASSOC not in a.data:
                op.properties[prop] = cls(set(a.data) | {FastMathFlag.REASSOC})
                n += 1
    return n


def prepare(module: ModuleOp, speculate: bool | None = None, reassoc: bool = False,
            expand: bool | None = None) -> ModuleOp:
    """``module`` ready for lowering (itself when nothing changes, else a clone).
    ``expand=None`` splits ordered reductions unless ``reassoc`` (pass ``False`` for
    device code); ``speculate=None`` speculates everywhere with ``reassoc``, else in
    the loops that were split."""
    if expand is None:
        expand = not reassoc
    out = module
    if has_forall(module):  # scf.forall -> scf.parallel (activity.ad.forall)
        out = module.clone()
        carry_location(out, module)
        normalize_forall(out, CodegenError)
    split: list[Operation] = []
    if expand and splittable(out):  # (no clone where there is nothing to split)
        if out is module:
            out = module.clone()
            carry_location(out, module)
        split = list(expand_reductions(out))
    if speculate or (speculate is None and reassoc):
        out = speculated(out)
    elif speculate is None and split:
        speculate_ifs(out, roots=split)
    if reassoc:
        if out is module:
            out = module.clone()
            carry_location(out, module)
        with_reassoc(out)
    return out


__all__ = ["prepare", "with_reassoc"]
