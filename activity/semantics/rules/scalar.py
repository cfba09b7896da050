"""Scalar ops: every ``arith``/``math``/``llvm`` op the table gives a ``sem``, constants,
metadata, ``llvm.ptrtoint``; and scalar arguments.

The op table is the only source of the ops' meaning: the value comes from
``spec.sem(FLOAT, op, *args)``, the tangent from ``spec.partials(FLOAT, *args)``
contracted with the tangents of the ``spec.diff`` operands (operands whose tangent is
exactly zero are skipped, so an infinite partial times a zero tangent makes no NaN).
"""

from __future__ import annotations

from typing import Any

from xdsl.dialects.builtin import AnyFloat, IndexType, IntegerType
from xdsl.dialects.llvm import LLVMPointerType
from xdsl.ir import Attribute, Operation, SSAValue

from activity.ops import OpKind, OpSpec
from activity.ops.num import FLOAT
from activity.ops.table import (
    CMPF_PREDICATES,
    CMPI_PREDICATES,
    cmpf,
    cmpi,
    float_width,
    int_width,
    predicate_name,
    round_float,
    wrap,
)
from activity.semantics.attrs import const_value, prop, round_width
from activity.semantics.memory import InterpreterError, zero_value
from activity.semantics.registry import (
    T_,
    V_,
    Converted,
    Core,
    OpFn,
    argument_rule,
    kind_rule,
    op_rule,
)

_NONE = lambda: None  # (the finisher of a scalar argument)


@argument_rule(AnyFloat)
def float_argument(ip: Core, t: Attribute, x: Any, dx: Any, what: str,
                   shared: dict[int, Any]) -> Converted:
    return round_float(float(x), float_width(t)), float(dx or 0.0), _NONE


@argument_rule(IntegerType | IndexType)
def int_argument(ip: Core, t: Attribute, x: Any, dx: Any, what: str,
                 shared: dict[int, Any]) -> Converted:
    return wrap(int(x), int_width(t)), float(dx or 0.0), _NONE


@kind_rule(OpKind.FLOAT, OpKind.INT, OpKind.COMPARE, OpKind.SELECT, OpKind.CAST)
def table_op(ip: Core, op: Operation, spec: OpSpec) -> OpFn | None:
    """A scalar op of the table with a ``sem`` (None: not supported)."""
    if spec.sem is None:
        return None
    return scalar_op(ip, op, spec, tuple(op.operands))


@kind_rule(OpKind.META)
def meta(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    """Metadata ops: no effect; any results are zero (e.g. stacksave)."""
    if not op.results:
        return lambda V, T: None
    sgs = tuple(ip._sg(r) for r in op.results)
    zeros = [zero_value(r.type) for r in op.results]
    tans = [0.0] * len(zeros)
    return lambda V, T: ip._define_all(V, T, sgs, zeros, tans)


def scalar_op(ip: Core, op: Operation, spec: OpSpec, opnds: tuple[SSAValue, ...]) -> OpFn:
    """Closure for a table op with ``sem``: value from ``sem``, tangent from
    ``partials`` (which take all operands) over the ``diff`` operands."""
    if len(op.results) != 1:
        raise InterpreterError(f"{spec.name} must have exactly one result")
    if spec.kind is OpKind.COMPARE:
        shim = compare_shim(ip, op, spec, opnds)
        if shim is not None:
            return shim
    name = spec.name
    sem = spec.sem
    assert sem is not None
    rs, rg = ip._sg(op.results[0])
    rw = round_width(op.results[0].type)
    partials = spec.partials
    diff = tuple(spec.diff_operands(op)) if partials is not None else ()
    slots = tuple(ip._s(x) for x in opnds)
    dslots = tuple(slots[i] for i in diff)
    define = ip._define
    N = FLOAT

    def evaluate(args: list[Any]) -> Any:
        try:
            r = sem(N, op, *args)[0]
        except ZeroDivisionError as e:
            raise InterpreterError(f"{name}: {e}") from None
        except (ArithmeticError, ValueError, TypeError) as e:
            raise InterpreterError(f"{name}: cannot evaluate ({e})") from None
        return round_float(r, rw) if rw else r

    if not dslots:
        def fn0(V: V_, T: T_) -> None:
            define(V, T, rs, rg, evaluate([V[i] for i in slots]), 0.0)
        return fn0

    if len(slots) == 2 and dslots == slots:  # the common binary float op
        a_, b_ = slots

        def fn2(V: V_, T: T_) -> None:
            a = V[a_]
            b = V[b_]
            try:
                r = sem(N, op, a, b)[0]
            except (ArithmeticError, ValueError, TypeError):
                r = evaluate([a, b])
            if rw:
                r = round_float(r, rw)
            ta = T[a_]
            tb = T[b_]
            t = 0.0
            if ta != 0.0 or tb != 0.0:
                pa, pb = partials(N, a, b)  # type: ignore[misc]
                if ta != 0.0:
                    t = pa * ta
                if tb != 0.0:
                    t += pb * tb
            define(V, T, rs, rg, r, t)
        return fn2

    if len(slots) == 1 and dslots == slots:  # unary float op or cast
        (a_,) = slots

        def fn1(V: V_, T: T_) -> None:
            a = V[a_]
            r = evaluate([a])
            ta = T[a_]
            t = 0.0
            if ta != 0.0:
                t = partials(N, a)[0] * ta  # type: ignore[misc]
            define(V, T, rs, rg, r, t)
        return fn1

    def fn(V: V_, T: T_) -> None:
        args = [V[i] for i in slots]
        r = evaluate(args)
        t = 0.0
        ts = [T[i] for i in dslots]
        if any(x != 0.0 for x in ts):
            ps = partials(N, *args)  # type: ignore[misc]
            try:
                for p, ti in zip(ps, ts, strict=True):
                    if ti != 0.0:
                        t += p * ti
            except TypeError:
                raise InterpreterError(
                    f"{name}: tangents of aggregates are not supported") from None
        define(V, T, rs, rg, r, t)
    return fn


def compare_shim(ip: Core, op: Operation, spec: OpSpec,
                    opnds: tuple[SSAValue, ...]) -> OpFn | None:
    """Comparisons ``spec.sem`` cannot evaluate, computed with the table's own
    ``cmpi``/``cmpf`` helpers; None when ``spec.sem`` works.

    Two cases: pointer ``llvm.icmp`` (the table's integer comparison needs an
    integer type; we compare 64-bit addresses), and predicate number 0 (``eq`` /
    ``false``), which the table's ``predicate_name`` rejects because it reads the
    property with ``or`` and ``IntegerAttr(0)`` is falsy.

    Pointers are the memory model's synthetic addresses (``memory.py``): all ten
    predicates are defined, and within one allocation (one-past-the-end included)
    they order as in C and in compiled code; addresses are positive and below
    ``2**63``, so the signed orderings agree with the unsigned ones and null is
    below every allocation.  Pointers into *different* allocations are never equal,
    but their order is the order the run allocated them in, which compiled code
    need not share: a program whose result depends on it (C leaves it unspecified;
    the vectorizer's runtime alias checks compute the same either way) may differ.
    Vectors of pointers are refused like every vector value.
    """
    floats = spec.name in ("arith.cmpf", "llvm.fcmp")
    names = CMPF_PREDICATES if floats else CMPI_PREDICATES
    is_ptr = isinstance(opnds[0].type, LLVMPointerType)
    try:
        predicate_name(op, names)
        if not is_ptr:
            return None
    except ValueError:
        pass
    attr = prop(op, "predicate")
    data = getattr(attr, "value", attr)
    data = getattr(data, "data", data)
    pred = names[data] if isinstance(data, int) else str(data)
    a_, b_ = (ip._s(x) for x in opnds)
    rs, rg = ip._sg(op.results[0])
    define = ip._define
    if floats:
        return lambda V, T: define(V, T, rs, rg, int(cmpf(pred, V[a_], V[b_])), 0.0)
    w = 64 if is_ptr else int_width(opnds[0].type)
    return lambda V, T: define(V, T, rs, rg, int(cmpi(pred, V[a_], V[b_], w)), 0.0)


@op_rule("arith.constant", "llvm.mlir.constant", "llvm.mlir.zero", "llvm.mlir.undef",
         "llvm.mlir.poison", "ub.poison")
def constant(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    name = spec.name
    t = op.results[0].type
    rs, rg = ip._sg(op.results[0])
    if name in ("arith.constant", "llvm.mlir.constant"):
        attr = prop(op, "value")
        if attr is None:
            raise InterpreterError(f"{name} without value")
        value = const_value(attr, t)
    else:  # zero / undef / poison: all-zero bytes
        value = zero_value(t)
    define = ip._define
    return lambda V, T: define(V, T, rs, rg, value, 0.0)


@op_rule("llvm.ptrtoint")
def ptrtoint(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    x = ip._s(op.operands[0])
    rs, rg = ip._sg(op.results[0])
    w = int_width(op.results[0].type)
    define = ip._define
    return lambda V, T: define(V, T, rs, rg, wrap(V[x], w), 0.0)


__all__ = ["compare_shim", "constant", "meta", "ptrtoint", "scalar_op", "table_op"]
