"""Where the interpreter finds what an op means: rule tables keyed by op name or kind.

The core (:mod:`activity.semantics.interpreter`) owns frames, values and tangents, the
step limits and errors; it knows no op.  Each dialect family has a rules module in
:mod:`activity.semantics.rules` that registers, at import:

* **op rules** (:func:`op_rule`, by op name): ``rule(ip, op, spec) -> fn`` compiles one
  op, once, into a closure ``fn(V, T)`` over the frame's primal values ``V`` and
  tangents ``T`` (lists indexed by slots); a rule may return ``None`` ("not
  supported"), raise :class:`InterpreterError` at compile time (the op then fails when
  executed, with the op's name), or return :func:`fail`'s closure;
* **kind rules** (:func:`kind_rule`, by :class:`~activity.ops.OpKind`): the fallback
  for ops without an op rule, e.g. every scalar op of the table;
* **terminator rules** (:func:`terminator_rule`): ``rule(ip, op) -> term``, where
  ``term(V, T)`` returns ``(next block or None, values, tangents)``; a registered
  terminator without a rule leaves the region with its operands (return / yield);
* **argument rules** (:func:`argument_rule`, by type class): how a Python/numpy input
  becomes a value, a tangent and a finisher (see ``Interpreter._convert_input``).

Ops with vector or tensor operands or results are refused before their rule unless the
rule was registered with ``shaped=True`` (it then handles them itself), or a *shaped
rule* exists for them (:func:`shaped_rule` by op name, :func:`shaped_kind_rule` by kind:
consulted first for such ops, e.g. ``arith.addf`` on tensors, elementwise).  An op
outside the op table runs only if a rule names it (its ``spec`` is then ``None``).  A tangent is
``0.0``, a float, a tuple (LLVM aggregates) or a numpy array (array values, such as
immutable tensors would be); a result whose tangent is an array is returned as one.

What a rule may use of the interpreter ``ip`` is :class:`Core`: at compile time the
slots of values (``_s``, ``_sg``); in the closures ``_define``/``_define_all`` (bind a
result: primal, tangent, perturbation, recording), ``_run_region`` and ``_call``, the
run's memory (``_mem``, ``_new_buffer``) and recording state (``_record``, ``_memnz``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from activity.ops import OpKind, OpSpec
from activity.semantics.memory import Buffer, InterpreterError, LLVMMemory, MemRef

V_ = list[Any]  # a frame's primal values, by slot
T_ = list[Any]  # a frame's tangents, by slot (0.0, a float, a tuple, an array)
OpFn = Callable[[V_, T_], None]
Exit = tuple[Block | None, list[Any], list[Any]]
TermFn = Callable[[V_, T_], Exit]
# (value, tangent, finisher): the finisher copies memory back to the caller's array and
# returns the buffer tangents (None for scalars)
Converted = tuple[Any, Any, Callable[[], Any]]


class Core(Protocol):
    """The part of :class:`~activity.semantics.interpreter.Interpreter` rules use."""

    funcs: dict[str, Operation]
    globals: dict[str, Operation]
    _mem: LLVMMemory
    _record: bool
    _memnz: set[Operation]
    _gaddr: dict[str, int]
    _gmemref: dict[str, MemRef]
    _next_buf: int

    def _s(self, v: SSAValue) -> int: ...
    def _sg(self, v: SSAValue) -> tuple[int, int]: ...
    def _frame(self, root: Operation) -> tuple[list[Any], list[Any]]: ...
    def _define(self, V: V_, T: T_, s: int, g: int, v: Any, t: Any) -> None: ...
    def _define_all(self, V: V_, T: T_, sgs: Sequence[tuple[int, int]], vals: list[Any],
                    tans: list[Any]) -> None: ...
    def _new_buffer(self, n: int, is_float: bool, width: int) -> Buffer: ...
    def _run_region(self, region: Region, V: V_, T: T_, args: list[Any],
                    targs: list[Any]) -> tuple[list, list]: ...
    def _call(self, fop: Operation, args: list[Any], targs: list[Any]
              ) -> tuple[list, list]: ...


OpRule = Callable[[Any, Operation, OpSpec], OpFn | None]
TermRule = Callable[[Any, Operation], TermFn]
ArgRule = Callable[[Any, Attribute, Any, Any, str, dict[int, Any]], Converted]

OP_RULES: dict[str, OpRule] = {}
SHAPED: set[str] = set()  # op names whose rule handles vector/tensor values itself
KIND_RULES: dict[OpKind, OpRule] = {}
SHAPED_RULES: dict[str, OpRule] = {}  # by name, for ops with vector/tensor values
SHAPED_KIND_RULES: dict[OpKind, OpRule] = {}  # by kind, for ops with vector/tensor values
TERMINATOR_RULES: dict[str, TermRule | None] = {}
ARGUMENT_RULES: list[tuple[Any, ArgRule]] = []  # (type class or union, rule), in order


def op_rule(*names: str, shaped: bool = False) -> Callable[[OpRule], OpRule]:
    """Register the decorated function as the rule of the ops ``names``."""
    def register(fn: OpRule) -> OpRule:
        for name in names:
            if name in OP_RULES:
                raise ValueError(f"two interpreter rules for {name}")
            OP_RULES[name] = fn
            if shaped:
                SHAPED.add(name)
        return fn
    return register


def kind_rule(*kinds: OpKind) -> Callable[[OpRule], OpRule]:
    """Register the decorated function for the table ops of ``kinds`` that have no
    op rule of their own."""
    def register(fn: OpRule) -> OpRule:
        for kind in kinds:
            KIND_RULES[kind] = fn
        return fn
    return register


def shaped_rule(*names: str) -> Callable[[OpRule], OpRule]:
    """Register the rule of the ops ``names`` when they have vector/tensor values (their
    scalar rule, if any, stays theirs otherwise)."""
    def register(fn: OpRule) -> OpRule:
        for name in names:
            if name in SHAPED_RULES:
                raise ValueError(f"two shaped interpreter rules for {name}")
            SHAPED_RULES[name] = fn
        return fn
    return register


def shaped_kind_rule(*kinds: OpKind) -> Callable[[OpRule], OpRule]:
    """Register the rule of the table ops of ``kinds`` that have vector/tensor values
    and no shaped rule of their own."""
    def register(fn: OpRule) -> OpRule:
        for kind in kinds:
            SHAPED_KIND_RULES[kind] = fn
        return fn
    return register


def terminator_rule(*names: str) -> Callable[[TermRule], TermRule]:
    def register(fn: TermRule) -> TermRule:
        for name in names:
            TERMINATOR_RULES[name] = fn
        return fn
    return register


def leaving_terminators(*names: str) -> None:
    """Terminators that leave their region with their operands (return, yield)."""
    for name in names:
        TERMINATOR_RULES.setdefault(name, None)


def argument_rule(types: Any) -> Callable[[ArgRule], ArgRule]:
    """Register how an input for a parameter of type class ``types`` is converted."""
    def register(fn: ArgRule) -> ArgRule:
        ARGUMENT_RULES.append((types, fn))
        return fn
    return register


def noop(ip: Any, op: Operation, spec: OpSpec) -> OpFn:
    """The rule of ops without an effect when executed (declarations, deallocation)."""
    return lambda V, T: None


def fail(msg: str) -> OpFn:
    """An op that raises when (and only if) it is executed."""
    def fn(V: V_, T: T_) -> None:
        raise InterpreterError(msg)
    return fn


__all__ = ["ARGUMENT_RULES", "KIND_RULES", "OP_RULES", "SHAPED", "SHAPED_KIND_RULES",
           "SHAPED_RULES", "TERMINATOR_RULES",
           "Converted", "Core", "Exit", "OpFn", "T_", "TermFn", "V_", "argument_rule",
           "fail", "kind_rule", "leaving_terminators", "noop", "op_rule", "shaped_kind_rule",
           "shaped_rule", "terminator_rule"]
