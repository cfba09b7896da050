"""Lowering of ``scf``: ``for`` (counted loops with the hints of :mod:`.loops`),
``if``, ``while``, ``execute_region`` and ``parallel`` on the host (a loop nest,
reductions folded in order; the GPU target and host threads lower the outermost
ones through ``ModuleLowering.parallel_hook``, reusing :func:`parallel_body`)."""

from __future__ import annotations

from llvmlite import ir
from xdsl.dialects.builtin import (
    UnitAttr,
)
from xdsl.ir import Operation, Region

from activity.codegen.lowering.common import (
    prop,
)
from activity.codegen.lowering.core import FuncLowering, lowers
from activity.codegen.lowering.loops import (
    constant_trip_count,
    max_trips,
    order_free,
    sums_floats,
    unroll_hint,
    unrolled_in_full,
    varying_trips,
)
from activity.codegen.types import (
    value_type,
)
from activity.ops import op_name


@lowers("scf.for")
def op_for(fl: FuncLowering, op: Operation) -> None:
    lb, ub, step = (fl.v(x) for x in op.operands[:3])
    inits = [fl.v(x) for x in op.operands[3:]]
    region = op.regions[0]
    unsigned = isinstance(prop(op, "unsignedCmp"), UnitAttr)

    def body(iv: ir.Value, carried: list[ir.Value]) -> list[ir.Value]:
        return fl.lower_body(region, [iv, *carried])

    sw = fl.ml.switches
    hints: list[tuple[str, ir.Constant | None]] = []
    trips = constant_trip_count(lb, ub, step, unsigned)
    bounded = False
    if trips < 0 and not unsigned and sw.nests:  # (an inner loop of a constant nest)
        trips = max_trips(op) or -1
        bounded = True
    if unroll_hint(op, trips, sw) and (not bounded or unrolled_in_full(op, sw)):
        hints.append(("llvm.loop.unroll.full", None))
        if sw.no_vectorize and bounded and sums_floats(op):
            # a loop of bounded, not constant, trip count summing floats LLVM may
            # reorder (an adjoint's sum, by default) was vectorized before it was to
            # be unrolled, and the hint left on the remainder, whose trip count is
            # unknown: LLVM could not unroll that and said so on stderr
            hints.append(("llvm.loop.vectorize.enable", ir.Constant(ir.IntType(1), 0)))
    vector: list[tuple[str, ir.Constant | None]] = []
    if (not hints and sw.varying_vector_min >= 4 and fl.ml.target.name == "cpu"
            and varying_trips(op) and order_free(op)):
        # (a width implies vectorize.enable; for a hinted loop it cannot vectorize,
        # LLVM prints a remark on stderr: order_free picks loops it can)
        i32 = ir.IntType(32)
        vector = [("llvm.loop.vectorize.width", ir.Constant(i32, 4)),
                  ("llvm.loop.interleave.count", ir.Constant(i32, sw.varying_vector_min // 4))]
    fl.set(op, *fl.counted_loop(lb, ub, step, inits, body, unsigned, hints, vector))


@lowers("scf.if")
def op_if(fl: FuncLowering, op: Operation) -> None:
    c = fl.v(op.operands[0])
    b = fl.b
    then_bb = fl.fresh_block("if.then")
    else_bb = fl.fresh_block("if.else")
    merge = fl.fresh_block("if.end")
    b.cbranch(c, then_bb, else_bb)
    incoming = []
    for bb, region in ((then_bb, op.regions[0]), (else_bb, op.regions[1])):
        b.position_at_end(bb)
        vals = fl.lower_body(region, [])
        incoming.append((b.block, vals))
        b.branch(merge)
    b.position_at_end(merge)
    outs = []
    for k, r in enumerate(op.results):
        p = b.phi(value_type(r.type))
        for bb, vals in incoming:
            p.add_incoming(vals[k], bb)
        outs.append(p)
    fl.set(op, *outs)


@lowers("scf.while")
def op_while(fl: FuncLowering, op: Operation) -> None:
    b = fl.b
    before, after = op.regions[0], op.regions[1]
    inits = [fl.v(x) for x in op.operands]
    pre = b.block
    head = fl.fresh_block("while.before")
    body_bb = fl.fresh_block("while.after")
    exit_bb = fl.fresh_block("while.exit")
    b.branch(head)
    b.position_at_end(head)
    phis = []
    for v in inits:
        p = b.phi(v.type)
        p.add_incoming(v, pre)
        phis.append(p)
    cvals = fl.lower_body(before, phis)
    cond, fwd = cvals[0], cvals[1:]
    b.cbranch(cond, body_bb, exit_bb)
    b.position_at_end(body_bb)
    yvals = fl.lower_body(after, fwd)
    for p, v in zip(phis, yvals, strict=True):
        p.add_incoming(v, b.block)
    b.branch(head)
    b.position_at_end(exit_bb)
    fl.set(op, *fwd)


@lowers("scf.execute_region")
def op_execute_region(fl: FuncLowering, op: Operation) -> None:
    fl.set(op, *fl.lower_body(op.regions[0], []))


@lowers("scf.parallel")
def op_parallel(fl: FuncLowering, op: Operation) -> None:
    """scf.parallel on the host: the iterations in lexicographic order, the
    reductions folded in that order (a valid schedule of the parallel loop)."""
    hook = fl.ml.parallel_hook
    if hook is not None and hook(fl, op):
        return
    n = len(op.regions[0].blocks.first.args)  # type: ignore[union-attr]
    lbs = [fl.v(x) for x in op.operands[:n]]
    ubs = [fl.v(x) for x in op.operands[n:2 * n]]
    steps = [fl.v(x) for x in op.operands[2 * n:3 * n]]
    inits = [fl.v(x) for x in op.operands[3 * n:]]
    fl.set(op, *parallel_nest(fl, op, lbs, ubs, steps, inits, []))


def parallel_nest(fl: FuncLowering, op: Operation, lbs: list[ir.Value], ubs: list[ir.Value],
                  steps: list[ir.Value], accs: list[ir.Value],
                  ivs: list[ir.Value]) -> list[ir.Value]:
    if len(ivs) == len(lbs):
        return parallel_body(fl, op, ivs, accs)
    k = len(ivs)

    def body(iv: ir.Value, carried: list[ir.Value]) -> list[ir.Value]:
        return parallel_nest(fl, op, lbs, ubs, steps, carried, [*ivs, iv])

    return fl.counted_loop(lbs[k], ubs[k], steps[k], accs, body)


def parallel_body(fl: FuncLowering, op: Operation, ivs: list[ir.Value],
                  accs: list[ir.Value]) -> list[ir.Value]:
    blk = op.regions[0].blocks.first
    assert blk is not None
    for a, v in zip(blk.args, ivs, strict=True):
        fl.vals[a] = v
    term = fl.lower_ops(blk)
    if term is None or op_name(term) != "scf.reduce":
        return accs
    return [reduce_step(fl, region, acc, fl.v(x))
            for region, acc, x in zip(term.regions, accs, term.operands, strict=True)]


def reduce_step(fl: FuncLowering, region: Region, acc: ir.Value, val: ir.Value) -> ir.Value:
    return fl.lower_body(region, [acc, val])[0]

