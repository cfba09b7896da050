"""Forward and reverse rules of ``scf.parallel`` (which shadow updates are safe is
:mod:`activity.ad.parallel_safety`'s question)."""

from __future__ import annotations

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import AnyFloat
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from activity.ad.builder import IP
from activity.ad.registry import Gen, forward_rule, reverse_rule


@forward_rule("scf.parallel")
def fwd_parallel(gen: Gen, op: Operation) -> None:
    """The same loop (and reductions); its static tapes are indexed by the iteration
    numbers of every enclosing loop, this one's included, so iterations write
    distinct slots."""
    assert isinstance(op, scf.ParallelOp)
    gen.par.check_parallel(op)
    if gen.threads(op):
        raise gen.err(op, "cannot differentiate 'scf.parallel': its body needs a stack "
                           "tape (only static tapes of a rectangular nest are indexed "
                           "by parallel iterations)")
    gen.tapeplan.alloc_static_tapes(op)
    body = op.body.blocks[0]
    nb = Block(arg_types=[a.type for a in body.args])
    for a, na in zip(body.args, nb.args, strict=True):
        gen.fmap[id(a)] = na
    lbs = [gen.fv(x) for x in op.lowerBound]
    steps = [gen.fv(x) for x in op.step]
    gen.fwd_body[id(op)] = (nb, list(nb.args), lbs, steps)
    term = body.last_op
    assert isinstance(term, scf.ReduceOp)
    with gen.b.at(IP(nb)):
        gen.fwd_ops(body)
        gen.tapeplan.tape_writes(body)
        gen.b.emit(term.clone(value_mapper={u: gen.fv(u) for u in term.operands}))
    loop = scf.ParallelOp(lbs, [gen.fv(x) for x in op.upperBound], steps, Region([nb]),
                          [gen.fv(x) for x in op.initVals])
    gen.b.emit(loop)
    for r, nr in zip(op.results, loop.results, strict=True):
        gen.fmap[id(r)] = nr


@reverse_rule("scf.parallel")
def rev_parallel(gen: Gen, op: Operation) -> None:
    """An ``scf.parallel`` over the same bounds, each iteration the reverse of one
    primal iteration (values recomputed from its induction variables or read from
    static tapes at its iteration numbers); the adjoint of an ``addf`` reduction's
    result is broadcast to every iteration's contribution and to the init value;
    adjoints of outer scalars are summed by ``scf.reduce`` reductions of the new loop
    (added to their adjoints after it), not atomically."""
    assert isinstance(op, scf.ParallelOp)
    gen.par.check_parallel(op)
    use = op.parent_block()
    assert use is not None
    body = op.body.blocks[0]
    term = body.last_op
    assert isinstance(term, scf.ReduceOp)
    lbs = [gen.mirror.materialize(x, use) for x in op.lowerBound]
    ubs = [gen.mirror.materialize(x, use) for x in op.upperBound]
    steps = [gen.mirror.materialize(x, use) for x in op.step]
    fvs = gen.needs.free_vars(op)
    safe = gen.par.parallel_safe(op)
    rbars: dict[int, SSAValue] = {}
    for j in gen.par.reductions(op):
        x = gen.adj_take(op.results[j])
        if x is not None:
            rbars[j] = x
    taped = gen.mode == "emit" and any(
        L is op for st in gen.plan.static.values() for L in st.loops)
    with gen.b.in_pass("adjoint"):
        outer: list[SSAValue | None] = []  # the adjoints from after the loop
        for v in fvs:
            t = gen.adj_type(v)
            if not isinstance(t, AnyFloat):
                raise gen.err(op, "cannot differentiate 'scf.parallel': an adjoint of "
                                   f"type {t} flows out of its body")
            outer.append(gen.adj_take(v))
        nb = Block(arg_types=[a.type for a in body.args])
        sums: list[tuple[SSAValue, SSAValue]] = []  # (outer value, its contribution)
        with gen.b.at(IP(nb)):
            S = gen.mirror.enter_scope(body, loop=op)
            for a, na in zip(body.args, nb.args, strict=True):
                S.memo[id(a)] = na
            if taped:
                with gen.b.at(S.ip), gen.b.in_pass("tape"):
                    S.pks = [gen.ibin(arith.DivUIOp, gen.ibin(arith.SubiOp, iv, lb), st)
                             for iv, lb, st in zip(nb.args, lbs, steps, strict=True)]
            gen.par.stack.append((op, safe))
            for j, x in rbars.items():
                gen.adj_add(term.args[j], x)
            gen.rev_ops(body)
            for v in fvs:
                x = gen.adj_take(v)
                if x is not None:
                    sums.append((v, gen.convert(x, gen.adj_type(v))))
            gen.par.stack.pop()
            gen.mirror.exit_scope()
            gen.b.emit(scf.ReduceOp([x for _, x in sums],
                                     [sum_region(gen, x.type) for _, x in sums]))
        if gen.mode == "emit":
            gen.d.scalar_reductions += len(sums)
        par = gen.b.emit(scf.ParallelOp(lbs, ubs, steps, Region([nb]),
                                         [gen.zero(x.type) for _, x in sums]))
        for v, x in zip(fvs, outer, strict=True):
            gen.adj_set(v, x)
        for (v, _), r in zip(sums, par.results, strict=True):
            gen.adj_add(v, r)
        for j, x in rbars.items():
            gen.adj_add(op.initVals[j], x)


def sum_region(gen: Gen, t: Attribute) -> Region:
    """The ``scf.reduce`` region adding two values of type ``t`` (an adjoint's sum)."""
    blk = Block(arg_types=[t, t])
    s = arith.AddfOp(blk.args[0], blk.args[1], flags=gen.sum_flags())
    blk.add_ops([s, scf.ReduceReturnOp(s.result)])
    return Region([blk])
