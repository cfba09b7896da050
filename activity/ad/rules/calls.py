"""Forward and reverse rules of calls (``func.call``, ``llvm.call``): a call of a
function with a body calls its ``_aug`` and ``_rev``; a C function the op table knows
(``memcpy``, ``sin``...) takes that op's rule."""

from __future__ import annotations

from xdsl.dialects import func, memref
from xdsl.ir import Operation, SSAValue

from activity.ad.plan import INLINE, SPLIT
from activity.ad.registry import REVERSE_BY_KIND, Gen, forward_rule, reverse_rule
from activity.ad.tape import STACK_TYPES, Stack
from activity.engine.program import call_target
from activity.engine.types import is_pointer
from activity.frontend import carry_location
from activity.ops import DEALLOCATORS


@forward_rule("func.call", "llvm.call")
def fwd_call(gen: Gen, op: Operation) -> None:
    g = gen.needs.callee_of(op)
    if g is not None and gen.needs.call_needs_rev(op):
        t = call_target(op)
        assert t is not None
        names = gen.d.names(t)
        with_stack = gen.mode == "emit" and gen.d.uses_stack.get((t, SPLIT), False)
        args = [gen.fv(u) for u in op.operands]
        rtypes = [r.type for r in op.results]
        if with_stack:
            assert gen.stk is not None
            args += [gen.stk.fbuf, gen.stk.ibuf, gen.stk.cursors]
            rtypes += list(STACK_TYPES)
        new = func.CallOp(names.aug, args, rtypes)
        gen.b.emit(new)
        for r, nr in zip(op.results, new.results, strict=False):
            gen.fmap[id(r)] = nr
        if with_stack:
            assert gen.stk is not None
            gen.stk = Stack(new.results[-2], new.results[-1], gen.stk.cursors)
        if gen.mode == "plan" and t not in gen.plan.callees:
            gen.plan.callees.append(t)
        return
    if (call_target(op) in DEALLOCATORS and gen.role == INLINE
            and op.parent_block() is gen.entry):
        gen.deferred_deallocs.append(gen.fv(op.operands[0]))
        return
    new = op.clone(value_mapper={u: gen.fv(u) for u in op.operands})
    carry_location(new, op)
    gen.b.emit(new)
    for r, nr in zip(op.results, new.results, strict=True):
        gen.fmap[id(r)] = nr


def rev_call(gen: Gen, op: Operation) -> None:
    g = gen.needs.callee_of(op)
    t = call_target(op)
    if t is None:
        raise gen.err(op, "cannot differentiate an indirect call (through a function "
                           "pointer)")
    if g is None:
        how = ("define it in the module, or make what reaches it constant" if
               gen.facts.prune else "define it in the module; the all_active "
               "baseline gives every float and buffer a derivative, so a call that "
               "may read and write one cannot be skipped")
        raise gen.err(op, f"cannot differentiate a call to '{t}': it has no body and "
                           f"is not a known math function ({how})")
    use = op.parent_block()
    assert use is not None
    for r in op.results:
        if gen.needs.agg_active(r):
            raise gen.err(op, f"cannot differentiate a call to '{t}': its result of "
                               f"type {r.type} is active (aggregate adjoints are not "
                               "supported)")
    sig = gen.d.rev_signature(t)
    with gen.b.in_pass("adjoint"):
        args: list[SSAValue] = []
        temps: list[SSAValue] = []
        for a in op.operands:
            if is_pointer(a.type):
                p = gen.mirror.materialize_ptr(a, use)
                if p is None:
                    p = gen.shadows.shadow(a, use)
                if p is None:
                    p = gen.shadows.dummy_shadow(a.type, None, op)
                    temps.append(p)
                args.append(p)
            else:
                args.append(gen.mirror.materialize(a, use))
        for i in sig.shadow_params:
            a = op.operands[i]
            sh = gen.shadows.shadow(a, use)
            if sh is None:
                sh = gen.shadows.dummy_shadow(a.type, gen.mirror.materialize_ptr(a, use), op)
                temps.append(sh)
            args.append(sh)
        for j in sig.seed_results:
            r = op.results[j]
            x = gen.adj_take(r) if gen.facts.has_adjoint(r) else None
            args.append(x if x is not None else gen.zero_like(r))
        for j, _u in sig.result_shadows:
            r = op.results[j]
            sh = gen.shadows.shadow(r, use)
            if sh is None:
                sh = gen.shadows.dummy_shadow(r.type, None, op)
                temps.append(sh)
            args.append(sh)
        if gen.mode == "emit" and gen.d.uses_stack.get((t, SPLIT), False):
            assert gen.rstk is not None
            args += [gen.rstk.fbuf, gen.rstk.ibuf, gen.rstk.cursors]
        call = func.CallOp(gen.d.names(t).rev, args, [sig.out_types[k]
                                                     for k in range(len(sig.adj_params))])
        gen.b.emit(call)
        for k, i in enumerate(sig.adj_params):
            gen.adj_add(op.operands[i], call.results[k])
        for m in temps:
            gen.b.emit(memref.DeallocOp.get(m))
    if gen.mode == "plan" and t not in gen.plan.callees:
        gen.plan.callees.append(t)


@reverse_rule("func.call", "llvm.call")
def rev_call_op(gen: Gen, op: Operation) -> None:
    """A call of a C function the op table knows takes that op's rule (``memcpy`` a
    copy's, ``sin`` the sine's); any other call, :func:`rev_call`."""
    spec = gen.needs.alias_spec(op)
    if spec is not None:  # (a FLOAT, MEM_COPY or MEM_SET entry: see OpNeeds.alias_spec)
        return REVERSE_BY_KIND[spec.kind](gen, op, spec)
    return rev_call(gen, op)
