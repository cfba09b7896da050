"""``scf.forall`` -> ``scf.parallel``: the normalization AD and codegen run first.

On memrefs an ``scf.forall`` (no ``shared_outs``, an empty ``scf.forall.in_parallel``)
means an ``scf.parallel`` without reductions over the same bounds
(:mod:`activity.ops.forall`).  Rewriting it into one, rather than teaching the reverse
sweep, the host lowering, the thread pool and the GPU outlining a second loop op, gives
it every rule ``scf.parallel`` has: the reverse into a parallel loop with atomic shadow
updates only where iterations may share an element, ``threads=n``, the GPU kernels of
the outermost loops.  The ``mapping`` attribute (which GPU dimension runs which loop
dimension) is a scheduling hint and is dropped: the GPU path maps the loop its own way.

Static bounds become ``arith.constant`` ops before the loop; the new ops report the
source location of the op they replace.  ``shared_outs`` (tensor results), a constant
step that is not positive (MLIR's verifier refuses it in ``scf.parallel``: the loop
would not end) and a layout that is not MLIR's are refused with an error at the op.
"""

from __future__ import annotations

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IndexType, IntegerAttr, ModuleOp
from xdsl.ir import Operation, SSAValue

from activity.errors import ActivityError
from activity.frontend import carry_location, place_of
from activity.ops import op_name
from activity.ops.forall import FORALL, Bound, forall_loop


def has_forall(module: Operation) -> bool:
    return any(op_name(op) == FORALL for op in module.walk())


def normalize_forall(module: ModuleOp, error: type[ActivityError] = ActivityError,
                     ) -> dict[int, Operation]:
    """Rewrite every ``scf.forall`` of ``module`` (in place) into an ``scf.parallel``;
    returns new op (id) -> the op it replaces (the loop, its terminator; a constant
    bound -> the loop).  ``error``: the class of the error raised for a forall outside
    the subset (at its location)."""
    replaced: dict[int, Operation] = {}
    for op in [o for o in module.walk() if op_name(o) == FORALL]:
        try:
            loop = forall_loop(op)
        except ValueError as e:
            raise error(f"'scf.forall' with an unexpected layout: {e}",
                        **place_of(op)) from None
        if loop.shared_outs:
            raise error("'scf.forall' with shared_outs (tensor results) is outside the "
                        "subset: only scf.forall on memrefs (no shared_outs) is supported",
                        **place_of(op))
        bad = [b for b in loop.step if isinstance(b, int) and b <= 0]
        if bad:  # (as MLIR's verifier refuses for scf.parallel; an endless loop)
            raise error(f"'scf.forall' with a non-positive constant step {bad[0]}",
                        **place_of(op))
        block = op.parent_block()
        assert block is not None
        consts: dict[int, SSAValue] = {}

        def value(b: Bound) -> SSAValue:
            if not isinstance(b, int):
                return b
            if b in consts:  # noqa: B023
                return consts[b]  # noqa: B023
            c = arith.ConstantOp(IntegerAttr(b, IndexType()))
            consts[b] = c.result  # noqa: B023
            block.insert_op_before(c, op)  # noqa: B023 (used at once)
            carry_location(c, op)  # noqa: B023
            replaced[id(c)] = op  # noqa: B023
            return c.result

        lbs = [value(b) for b in loop.lower]
        ubs = [value(b) for b in loop.upper]
        steps = [value(b) for b in loop.step]
        term = loop.terminator
        red = scf.ReduceOp()
        loop.body.insert_op_before(red, term)
        carry_location(red, term)
        replaced[id(red)] = term
        term.detach()
        region = op.regions[0]
        op.detach_region(region)
        par = scf.ParallelOp(lbs, ubs, steps, region)
        block.insert_op_before(par, op)
        carry_location(par, op)
        replaced[id(par)] = op
        op.detach()
    return replaced


__all__ = ["has_forall", "normalize_forall"]
