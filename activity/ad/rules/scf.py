"""Forward and reverse rules of ``scf.for``, ``scf.if`` and ``scf.while``: loops and
branches are mirrored structurally (``scf.while`` reversed as an ``scf.for`` over its
recorded trip count)."""

from __future__ import annotations

from typing import Any

from xdsl.dialects import arith, scf
from xdsl.ir import Block, Operation, Region, SSAValue

from activity.ad.builder import INDEX, IP
from activity.ad.checkpoint import fwd_checkpointed, marked, replay
from activity.ad.registry import Gen, forward_rule, reverse_rule
from activity.ad.rules.tensor import reuse_carried
from activity.ad.tape import STACK_TYPES, Stack


@forward_rule("scf.for")
def fwd_for(gen: Gen, op: Operation) -> None:
    assert isinstance(op, scf.ForOp)
    if op.properties.get("unsignedCmp") is not None \
            or op.attributes.get("unsignedCmp") is not None:
        raise gen.err(op, "cannot differentiate 'scf.for unsigned': the sweeps count "
                           "iterations with signed arithmetic")
    if marked(op):  # {activity.checkpoint}: snapshots instead of tapes per iteration
        return fwd_checkpointed(gen, op)
    gen.tapeplan.alloc_static_tapes(op)
    lb, ub, step = (gen.fv(x) for x in op.operands[:3])
    thread = gen.threads(op)
    inits = [gen.fv(x) for x in op.iter_args] + (gen._stack_args() if thread else [])
    body = op.body.blocks[0]
    nb = Block(arg_types=[a.type for a in body.args]
               + (list(STACK_TYPES) if thread else []))
    for a, na in zip(body.args, nb.args, strict=False):
        gen.fmap[id(a)] = na
    saved = gen.stk
    if thread:
        assert saved is not None
        gen.stk = Stack(nb.args[-2], nb.args[-1], saved.cursors)
    gen.fwd_body[id(op)] = (nb, [nb.args[0]], [lb], [step])
    with gen.b.at(IP(nb)):
        gen.fwd_ops(body)
        gen.tapeplan.tape_writes(body)
        y = body.last_op
        assert y is not None
        gen.b.emit(scf.YieldOp(*[gen.fv(x) for x in y.operands],
                                *(gen._stack_args() if thread else [])))
    loop = scf.ForOp(lb, ub, step, inits, Region([nb]))
    gen.b.emit(loop)
    for r, nr in zip(op.results, loop.results, strict=False):
        gen.fmap[id(r)] = nr
    if thread:
        assert saved is not None
        gen.stk = Stack(loop.results[-2], loop.results[-1], saved.cursors)
    else:
        gen.stk = saved


@forward_rule("scf.if")
def fwd_if(gen: Gen, op: Operation) -> None:
    assert isinstance(op, scf.IfOp)
    gen.tapeplan.alloc_static_tapes(op)
    thread = gen.threads(op)
    types = [r.type for r in op.results] + (list(STACK_TYPES) if thread else [])
    saved = gen.stk

    def branch(region: Region) -> Any:
        def fn() -> list[SSAValue]:
            gen.stk = saved
            if region.blocks:
                blk = region.blocks[0]
                gen.fwd_ops(blk)
                gen.tapeplan.tape_writes(blk)
                y = blk.last_op
                outs = [gen.fv(x) for x in y.operands] if y is not None else []
            else:
                outs = []
            return outs + (gen._stack_args() if thread else [])
        return fn

    has_else = bool(op.false_region.blocks) or thread
    new = gen.b.if_op(gen.fv(op.cond), types, branch(op.true_region),
                       branch(op.false_region) if has_else else None)
    for r, nr in zip(op.results, new.results, strict=False):
        gen.fmap[id(r)] = nr
    if thread:
        assert saved is not None
        gen.stk = Stack(new.results[-2], new.results[-1], saved.cursors)
    else:
        gen.stk = saved


@forward_rule("scf.while")
def fwd_while(gen: Gen, op: Operation) -> None:
    assert isinstance(op, scf.WhileOp)
    gen.tapeplan.alloc_static_tapes(op)
    thread = gen.threads(op)
    count = gen.needs.needs_rev(op)
    extra_t = ([INDEX] if count else []) + (list(STACK_TYPES) if thread else [])
    inits = [gen.fv(x) for x in op.arguments] + ([gen.c(0)] if count else []) + (
        gen._stack_args() if thread else [])
    before, after = op.before_region.blocks[0], op.after_region.blocks[0]
    saved = gen.stk
    n0 = len(before.args)
    bb = Block(arg_types=[a.type for a in before.args] + extra_t)
    for a, na in zip(before.args, bb.args, strict=False):
        gen.fmap[id(a)] = na
    if thread:
        assert saved is not None
        gen.stk = Stack(bb.args[-2], bb.args[-1], saved.cursors)
    with gen.b.at(IP(bb)):
        gen.fwd_ops(before)
        gen.tapeplan.tape_writes(before)
        cond = before.last_op
        assert isinstance(cond, scf.ConditionOp)
        extra = ([bb.args[n0]] if count else []) + (gen._stack_args() if thread else [])
        gen.b.emit(scf.ConditionOp(gen.fv(cond.condition),
                                    *[gen.fv(x) for x in cond.args], *extra))
    m0 = len(after.args)
    ab = Block(arg_types=[a.type for a in after.args] + extra_t)
    for a, na in zip(after.args, ab.args, strict=False):
        gen.fmap[id(a)] = na
    if thread:
        assert saved is not None
        gen.stk = Stack(ab.args[-2], ab.args[-1], saved.cursors)
    with gen.b.at(IP(ab)):
        gen.fwd_ops(after)
        gen.tapeplan.tape_writes(after)
        y = after.last_op
        assert y is not None
        extra = []
        if count:
            extra.append(gen.b.v(arith.AddiOp(ab.args[m0], gen.c(1))))
        if thread:
            extra += gen._stack_args()
        gen.b.emit(scf.YieldOp(*[gen.fv(x) for x in y.operands], *extra))
    new = scf.WhileOp(inits, [r.type for r in op.results] + extra_t,
                      Region([bb]), Region([ab]))
    gen.b.emit(new)
    nres = len(op.results)
    for r, nr in zip(op.results, new.results, strict=False):
        gen.fmap[id(r)] = nr
    if count:
        gen.fmap[id(gen.d.trip(op))] = new.results[nres]
    if thread:
        assert saved is not None
        gen.stk = Stack(new.results[-2], new.results[-1], saved.cursors)
    else:
        gen.stk = saved


@reverse_rule("scf.for")
def rev_for(gen: Gen, op: Operation) -> None:
    assert isinstance(op, scf.ForOp)
    use = op.parent_block()
    assert use is not None
    body = op.body.blocks[0]
    y = body.last_op
    assert y is not None
    lb, ub, step = (gen.mirror.materialize(x, use) for x in op.operands[:3])
    facts = gen.facts
    nres = len(op.results)
    carried = [j for j in range(nres)
               if facts.has_adjoint(body.args[1 + j]) or facts.has_adjoint(op.results[j])
               or facts.has_adjoint(y.operands[j])]
    carried = [j for j in carried if facts.adj_type(op.results[j]) is not None]
    fvs = gen.needs.free_vars(op)
    with gen.b.in_pass("adjoint"):
        tc = gen.trip_count(lb, ub, step)
        inits = []
        for j in carried:
            x = gen.adj_take(op.results[j])
            inits.append(x if x is not None else gen.zero_like(op.results[j]))
        inits += [gen.adj_or_zero(v) for v in fvs]
        it = tc.type
        nc = len(carried)

        def fn(i: SSAValue, args: list[SSAValue]) -> list[SSAValue]:
            last = gen.ibin(arith.SubiOp, tc, gen.const(1, it))
            k = gen.ibin(arith.SubiOp, last, i)
            iv = gen.ibin(arith.AddiOp, lb, gen.ibin(arith.MuliOp, k, step))
            if marked(op):  # restore the last snapshot, replay up to iteration k
                replay(gen, op, k, lb, step)
            gen.mirror.enter_scope(body, k=k, iv=iv, loop=op)
            for v, a in zip(fvs, args[nc:], strict=True):
                gen.adj_set(v, a)
            for j, a in zip(carried, args[:nc], strict=True):
                gen.adj_add(y.operands[j], a)
            gen.rev_ops(body)
            outs = []
            for j in carried:
                x = gen.adj_take(body.args[1 + j])
                outs.append(x if x is not None
                            else gen.zero_like(op.results[j], op.iter_args[j]))
            outs += [gen.adj_or_zero(v) for v in fvs]
            gen.mirror.exit_scope()
            reuse_carried(outs, args)  # (tensor adjoints: in the carried buffers)
            return outs

        loop = gen.b.for_loop(gen.const(0, it), tc, gen.const(1, it), inits, fn)
        for idx, v in enumerate(fvs):
            gen.adj_set(v, loop.results[nc + idx])
        for idx, j in enumerate(carried):
            gen.adj_add(op.iter_args[j], loop.results[idx])


@reverse_rule("scf.if")
def rev_if(gen: Gen, op: Operation) -> None:
    assert isinstance(op, scf.IfOp)
    use = op.parent_block()
    assert use is not None
    cond = gen.mirror.materialize(op.cond, use)
    ybars = {j: gen.adj_take(r) for j, r in enumerate(op.results)}
    fvs = gen.needs.free_vars(op)
    snap = {id(v): gen.adj_get(v) for v in fvs}
    types = [gen.adj_type(v) for v in fvs]

    def branch(region: Region) -> Any:
        def fn() -> list[SSAValue]:
            for v in fvs:
                gen.adj_set(v, snap[id(v)])
            if region.blocks:
                blk = region.blocks[0]
                yl = blk.last_op
                gen.mirror.enter_scope(blk)
                for j, yb in ybars.items():
                    if yb is not None and yl is not None:
                        gen.adj_add(yl.operands[j], yb)
                gen.rev_ops(blk)
                gen.mirror.exit_scope()
            return [gen.adj_or_zero(v) for v in fvs]
        return fn

    with gen.b.in_pass("adjoint"):
        new = gen.b.if_op(cond, types, branch(op.true_region), branch(op.false_region))
    for k, v in enumerate(fvs):
        gen.adj_set(v, new.results[k])


@reverse_rule("scf.while")
def rev_while(gen: Gen, op: Operation) -> None:
    assert isinstance(op, scf.WhileOp)
    use = op.parent_block()
    assert use is not None
    facts = gen.facts
    n = gen.mirror.materialize(gen.d.trip(op), use)
    before, after = op.before_region.blocks[0], op.after_region.blocks[0]
    cond = before.last_op
    y = after.last_op
    assert isinstance(cond, scf.ConditionOp) and y is not None
    jb = [j for j, a in enumerate(before.args)
          if facts.adj_type(a) is not None and (facts.has_adjoint(a)
                                                or facts.has_adjoint(op.arguments[j]))]
    ja = [j for j, a in enumerate(after.args)
          if facts.adj_type(a) is not None and (facts.has_adjoint(a)
                                                or facts.has_adjoint(op.results[j]))]
    fvs = gen.needs.free_vars(op)
    with gen.b.in_pass("adjoint"):
        # the last execution of the before region (the one that exited)
        gen.mirror.enter_scope(before)
        for j, r in enumerate(op.results):
            yb = gen.adj_take(r)
            if yb is not None:
                gen.adj_add(cond.args[j], yb)
        gen.rev_ops(before)
        bb = [gen.adj_take(before.args[j]) for j in jb]
        bb = [x if x is not None else gen.zero_like(before.args[j], op.arguments[j])
              for x, j in zip(bb, jb, strict=True)]
        gen.mirror.exit_scope()
        inits = bb + [gen.adj_or_zero(v) for v in fvs]
        nb = len(jb)

        def fn(i: SSAValue, args: list[SSAValue]) -> list[SSAValue]:
            for v, a in zip(fvs, args[nb:], strict=True):
                gen.adj_set(v, a)
            gen.mirror.enter_scope(after)
            for j, a in zip(jb, args[:nb], strict=True):
                gen.adj_add(y.operands[j], a)
            gen.rev_ops(after)
            aa = {j: gen.adj_take(after.args[j]) for j in ja}
            gen.mirror.exit_scope()
            gen.mirror.enter_scope(before)
            for j in ja:
                if aa[j] is not None:
                    gen.adj_add(cond.args[j], aa[j])
            gen.rev_ops(before)
            outs = []
            for j in jb:
                x = gen.adj_take(before.args[j])
                outs.append(x if x is not None
                            else gen.zero_like(before.args[j], op.arguments[j]))
            outs += [gen.adj_or_zero(v) for v in fvs]
            gen.mirror.exit_scope()
            return outs

        loop = gen.b.for_loop(gen.c(0), n, gen.c(1), inits, fn)
        for idx, v in enumerate(fvs):
            gen.adj_set(v, loop.results[nb + idx])
        for idx, j in enumerate(jb):
            gen.adj_add(op.arguments[j], loop.results[idx])
