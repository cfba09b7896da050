"""Unstructured control flow: the branch terminators of ``cf`` and ``llvm`` (``br``,
``cond_br``, ``switch``, ``unreachable``) and ``cf.assert``.  A branch terminator
returns the successor block and its arguments; ``ip._run_region`` follows it."""

from __future__ import annotations

from xdsl.ir import Block, Operation, SSAValue

from activity.ops import OpSpec, op_name
from activity.ops.switch import SWITCH_OPS, switch_cases
from activity.semantics.attrs import prop, symbol
from activity.semantics.memory import InterpreterError
from activity.semantics.registry import T_, V_, Core, Exit, OpFn, TermFn, op_rule, terminator_rule


@op_rule("cf.assert")
def cf_assert(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    cond = ip._s(op.operands[0])
    msg = symbol(prop(op, "msg")) or ""

    def fn(V: V_, T: T_) -> None:
        if not V[cond]:
            raise InterpreterError(f"cf.assert failed: {msg}")
    return fn


@terminator_rule("llvm.unreachable")
def unreachable_rule(ip: Core, op: Operation) -> TermFn:
    def unreachable(V: V_, T: T_) -> Exit:
        raise InterpreterError("llvm.unreachable reached")
    return unreachable


@terminator_rule("cf.br", "llvm.br")
def br_rule(ip: Core, op: Operation) -> TermFn:
    target = op.successors[0]
    slots = tuple(ip._s(x) for x in op.operands)

    def br(V: V_, T: T_) -> Exit:
        return target, [V[x] for x in slots], [T[x] for x in slots]
    return br


@terminator_rule("cf.cond_br", "llvm.cond_br")
def cond_br_rule(ip: Core, op: Operation) -> TermFn:
    cond = ip._s(op.operands[0])
    t_blk, f_blk = op.successors[0], op.successors[1]
    nt = len(t_blk.args)
    t_ops = tuple(ip._s(x) for x in op.operands[1:1 + nt])
    f_ops = tuple(ip._s(x) for x in op.operands[1 + nt:])

    def cond_br(V: V_, T: T_) -> Exit:
        if V[cond]:
            return t_blk, [V[x] for x in t_ops], [T[x] for x in t_ops]
        return f_blk, [V[x] for x in f_ops], [T[x] for x in f_ops]
    return cond_br


@terminator_rule(*SWITCH_OPS)
def switch_rule(ip: Core, op: Operation) -> TermFn:
    """``llvm.switch``/``cf.switch``: the first case whose value equals the flag
    (both as residues modulo 2^width), else the default; each with its operands."""
    sw = switch_cases(op)
    if sw is None:
        raise InterpreterError(f"{op_name(op)} with an unexpected layout (case values, "
                               "case operand segments)")
    flag, mask = ip._s(sw.flag), (1 << sw.width) - 1

    def edge(blk: Block, ops: list[SSAValue]) -> tuple[Block, tuple[int, ...]]:
        return blk, tuple(ip._s(x) for x in ops)

    default = edge(sw.default, sw.default_operands)
    table: dict[int, tuple[Block, tuple[int, ...]]] = {}
    for value, blk, ops in sw.cases:
        table.setdefault(value, edge(blk, ops))  # the first of equal values wins

    def switch(V: V_, T: T_) -> Exit:
        blk, slots = table.get(int(V[flag]) & mask, default)
        return blk, [V[x] for x in slots], [T[x] for x in slots]
    return switch


__all__ = ["br_rule", "cf_assert", "cond_br_rule", "switch_rule", "unreachable_rule"]
