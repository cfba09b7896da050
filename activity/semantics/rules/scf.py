"""Structured control flow: ``scf.for`` (signed or ``unsignedCmp`` bounds; a
non-positive step over a non-empty range raises), ``scf.if``, ``scf.while``,
``scf.execute_region``.  Each region runs in the enclosing frame through
``ip._run_region``, which returns what its ``scf.yield``/``scf.condition`` passes."""

from __future__ import annotations

from xdsl.ir import Operation

from activity.ops import OpSpec
from activity.ops.table import int_width, signed, wrap
from activity.semantics.memory import InterpreterError
from activity.semantics.registry import T_, V_, Core, OpFn, leaving_terminators, op_rule

leaving_terminators("scf.yield", "scf.condition")


@op_rule("scf.for")
def scf_for(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    lb, ub, st = (ip._s(x) for x in op.operands[:3])
    inits = tuple(ip._s(x) for x in op.operands[3:])
    sgs = tuple(ip._sg(r) for r in op.results)
    body = op.regions[0]
    w = int_width(op.operands[0].type)
    run = ip._run_region
    unsigned = (op.properties.get("unsignedCmp") or op.attributes.get("unsignedCmp")) \
        is not None

    def fn(V: V_, T: T_) -> None:
        vals = [V[x] for x in inits]
        tans = [T[x] for x in inits]
        if unsigned:  # bounds compared as unsigned; the induction variable wraps
            i, hi, step = V[lb], V[ub], V[st]
            if i < hi and step == 0:
                raise InterpreterError("scf.for with zero step")
            while i < hi:
                vals, tans = run(body, V, T, [i, *vals], [0.0, *tans])
                i = wrap(i + step, w)
            ip._define_all(V, T, sgs, vals, tans)
            return
        i, hi, step = signed(V[lb], w), signed(V[ub], w), signed(V[st], w)
        if i < hi and step <= 0:
            raise InterpreterError(f"scf.for with non-positive step {step}")
        while i < hi:
            vals, tans = run(body, V, T, [wrap(i, w), *vals], [0.0, *tans])
            i += step
        ip._define_all(V, T, sgs, vals, tans)
    return fn


@op_rule("scf.if")
def scf_if(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    cond = ip._s(op.operands[0])
    sgs = tuple(ip._sg(r) for r in op.results)
    then_r, else_r = op.regions[0], op.regions[1]
    run = ip._run_region

    def fn(V: V_, T: T_) -> None:
        vals, tans = run(then_r if V[cond] else else_r, V, T, [], [])
        if sgs:
            ip._define_all(V, T, sgs, vals, tans)
    return fn


@op_rule("scf.while")
def scf_while(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    inits = tuple(ip._s(x) for x in op.operands)
    sgs = tuple(ip._sg(r) for r in op.results)
    before, after = op.regions[0], op.regions[1]
    run = ip._run_region

    def fn(V: V_, T: T_) -> None:
        vals = [V[x] for x in inits]
        tans = [T[x] for x in inits]
        while True:
            cv, ct = run(before, V, T, vals, tans)
            if not cv[0]:
                ip._define_all(V, T, sgs, cv[1:], ct[1:])
                return
            vals, tans = run(after, V, T, cv[1:], ct[1:])
    return fn


@op_rule("scf.execute_region")
def execute_region(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    region = op.regions[0]
    sgs = tuple(ip._sg(r) for r in op.results)

    def fn(V: V_, T: T_) -> None:
        vals, tans = ip._run_region(region, V, T, [], [])
        ip._define_all(V, T, sgs, vals, tans)
    return fn


__all__ = ["execute_region", "scf_for", "scf_if", "scf_while"]
