"""Lowering of ``arith`` and ``math`` (and the ``llvm`` dialect's spellings of the
same ops): constants, integer ops with the edge cases the op table defines
(:data:`INT_BINOPS`, :data:`INT_DIVS`, ...), comparisons, selects, casts
(:data:`CAST_OPS`), and the float ops, evaluated from the op table's ``sem`` on the
LLVM backend (:mod:`activity.codegen.llvmnum`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from llvmlite import ir
from xdsl.dialects.builtin import (
    FloatAttr,
    IntegerAttr,
)
from xdsl.ir import Operation

from activity.codegen import vexp
from activity.codegen.extents import is_ptr
from activity.codegen.lowering.common import (
    const,
    fastmath_flags,
    prop,
    unsupported,
)
from activity.codegen.lowering.core import FuncLowering, lowers, lowers_kind
from activity.codegen.types import (
    F64,
    I1,
    I64,
    elem_size,
    is_float_type,
    value_type,
)
from activity.ops import OpKind, op_name
from activity.ops.table import CMPF_PREDICATES, CMPI_PREDICATES, predicate_name

INT_BINOPS = {
    "arith.addi": "add", "llvm.add": "add",
    "arith.subi": "sub", "llvm.sub": "sub",
    "arith.muli": "mul", "llvm.mul": "mul",
    "arith.andi": "and_", "llvm.and": "and_",
    "arith.ori": "or_", "llvm.or": "or_",
    "arith.xori": "xor", "llvm.xor": "xor",
}


INT_DIVS = {  # name -> (signed?, remainder?)
    "arith.divsi": (True, False), "llvm.sdiv": (True, False),
    "arith.divui": (False, False), "llvm.udiv": (False, False),
    "arith.remsi": (True, True), "llvm.srem": (True, True),
    "arith.remui": (False, True), "llvm.urem": (False, True),
}


INT_SHIFTS = {"arith.shli": "shl", "llvm.shl": "shl", "arith.shrui": "lshr",
              "llvm.lshr": "lshr", "arith.shrsi": "ashr", "llvm.ashr": "ashr"}


INT_MINMAX = {  # name -> icmp predicate choosing the first operand
    "arith.maxsi": "sge", "llvm.intr.smax": "sge", "arith.minsi": "sle",
    "llvm.intr.smin": "sle", "arith.maxui": "uge", "llvm.intr.umax": "uge",
    "arith.minui": "ule", "llvm.intr.umin": "ule",
}


INT_UNARY_INTRINSICS = {"llvm.intr.ctpop": "llvm.ctpop", "math.ctpop": "llvm.ctpop",
                        "llvm.intr.ctlz": "llvm.ctlz", "llvm.intr.cttz": "llvm.cttz",
                        "llvm.intr.abs": "llvm.abs"}


CAST_OPS = {
    "arith.sitofp": "sitofp", "llvm.sitofp": "sitofp",
    "arith.uitofp": "uitofp", "llvm.uitofp": "uitofp",
    "arith.fptosi": "fptoi", "llvm.fptosi": "fptoi",
    "arith.fptoui": "fptoi", "llvm.fptoui": "fptoi",
    "arith.extf": "fpresize", "llvm.fpext": "fpresize",
    "arith.truncf": "fpresize", "llvm.fptrunc": "fpresize",
    "arith.index_cast": "sext", "arith.extsi": "sext", "llvm.sext": "sext",
    "arith.index_castui": "zext", "arith.extui": "zext", "llvm.zext": "zext",
    "arith.trunci": "zext", "llvm.trunc": "zext",
    "arith.bitcast": "bitcast", "llvm.bitcast": "bitcast",
    "llvm.freeze": "freeze",
}


ICMP = {"eq": ("s", "=="), "ne": ("s", "!="), "slt": ("s", "<"), "sle": ("s", "<="),
         "sgt": ("s", ">"), "sge": ("s", ">="), "ult": ("u", "<"), "ule": ("u", "<="),
         "ugt": ("u", ">"), "uge": ("u", ">=")}



@lowers_kind(OpKind.FLOAT)
def op_float(fl: FuncLowering, op: Operation, spec: Any) -> None:
    """A float op of the table without a rule of its own (arith and math float ops,
    their ``llvm.intr`` spellings): its ``sem`` on the LLVM backend."""
    if spec.sem is None:
        raise unsupported(op)
    float_op(fl, op, spec.sem)


def float_op(fl: FuncLowering, op: Operation, sem: Callable[..., tuple[Any, ...]]) -> None:
    """Evaluate the table's ``sem`` with the LLVM backend, in double precision; the
    op's ``fastmath`` flags go on the instructions it becomes, as upstream's
    arith-to-llvm does."""
    args = [fl.to_f64(fl.v(x)) for x in op.operands]
    if op.name == "math.exp" and vexp.MARK in op.attributes and not fl.ml.target.math_prefix:
        # (marked by activity.tensor.loops.VEXP: vectorizable, within 1 ulp of libm's)
        r = fl.b.call(vexp.define(fl.ml.ir), args)
        fl.set(op, fl.from_f64(r, value_type(op.results[0].type)))
        return
    fl.N.flags = fastmath_flags(op)
    try:
        r = sem(fl.N, op, *[fl.N.num(a) for a in args])[0]
    finally:
        fl.N.flags = ()
    fl.set(op, fl.from_f64(fl.N.val(r), value_type(op.results[0].type)))


@lowers("arith.constant", "llvm.mlir.constant", "llvm.mlir.zero", "llvm.mlir.undef",
        "llvm.mlir.poison", "ub.poison")
def op_constant(fl: FuncLowering, op: Operation) -> None:
    t = op.results[0].type
    name = op_name(op)
    lt = value_type(t)
    if name in ("llvm.mlir.zero", "llvm.mlir.undef", "llvm.mlir.poison", "ub.poison"):
        fl.set(op, ir.Constant(lt, None))
        return
    attr = prop(op, "value")
    if isinstance(attr, FloatAttr):
        v = float(attr.value.data)
        fl.set(op, ir.Constant(F64, v) if lt == F64 else
                 const_narrow(fl, v, lt))
    elif isinstance(attr, IntegerAttr):
        if is_float_type(lt):
            fl.set(op, ir.Constant(lt, float(attr.value.data)))
        else:
            fl.set(op, const(lt, attr.value.data))
    else:
        raise unsupported(op, f"constant {attr}")


def const_narrow(fl: FuncLowering, v: float, t: ir.Type) -> ir.Value:
    """A float constant of a narrower type, rounded like the interpreter rounds."""
    return fl.b.fptrunc(ir.Constant(F64, v), t)


@lowers(*INT_BINOPS, *INT_DIVS, *INT_SHIFTS, *INT_MINMAX, "arith.floordivsi",
        "arith.ceildivsi", "arith.ceildivui")
def op_int(fl: FuncLowering, op: Operation) -> None:
    name = op_name(op)
    a, b = (fl.v(x) for x in op.operands[:2])
    if name in INT_BINOPS:
        fl.set(op, getattr(fl.b, INT_BINOPS[name])(a, b))
    elif name in INT_DIVS:
        fl.set(op, int_div(fl, a, b, *INT_DIVS[name]))
    elif name in INT_SHIFTS:
        w = a.type.width  # type: ignore[attr-defined]
        kind = INT_SHIFTS[name]
        inrange = fl.b.icmp_unsigned("<", b, ir.Constant(a.type, w))
        if kind == "ashr":
            amt = fl.b.select(inrange, b, ir.Constant(a.type, w - 1))
            fl.set(op, fl.b.ashr(a, amt))
        else:
            amt = fl.b.select(inrange, b, ir.Constant(a.type, 0))
            r = getattr(fl.b, kind)(a, amt)
            fl.set(op, fl.b.select(inrange, r, ir.Constant(a.type, 0)))
    elif name in INT_MINMAX:
        sign, sym = ICMP[INT_MINMAX[name]]
        c = (fl.b.icmp_signed if sign == "s" else fl.b.icmp_unsigned)(sym, a, b)
        fl.set(op, fl.b.select(c, a, b))
    elif name in ("arith.floordivsi", "arith.ceildivsi", "arith.ceildivui"):
        fl.set(op, round_div(fl, name, a, b))
    else:
        raise unsupported(op)


def safe_divisor(fl: FuncLowering, a: ir.Value, b: ir.Value, signed: bool) -> ir.Value:
    """``b``, or 1 where dividing by it would trap (zero, or MIN / -1)."""
    t = b.type
    one = ir.Constant(t, 1)
    bad = fl.b.icmp_unsigned("==", b, ir.Constant(t, 0))
    if signed:
        w = t.width  # type: ignore[attr-defined]
        ovf = fl.b.and_(fl.b.icmp_signed("==", a, ir.Constant(t, -(1 << (w - 1)))),
                          fl.b.icmp_signed("==", b, ir.Constant(t, -1)))
        bad = fl.b.or_(bad, ovf)
    return fl.b.select(bad, one, b)


def int_div(fl: FuncLowering, a: ir.Value, b: ir.Value, signed: bool, rem: bool) -> ir.Value:
    d = safe_divisor(fl, a, b, signed)
    if signed:
        return fl.b.srem(a, d) if rem else fl.b.sdiv(a, d)
    return fl.b.urem(a, d) if rem else fl.b.udiv(a, d)


def round_div(fl: FuncLowering, name: str, a: ir.Value, b: ir.Value) -> ir.Value:
    t = a.type
    zero, one = ir.Constant(t, 0), ir.Constant(t, 1)
    if name == "arith.ceildivui":
        d = safe_divisor(fl, a, b, False)
        q = fl.b.udiv(a, d)
        r = fl.b.urem(a, d)
        return fl.b.add(q, fl.b.zext(fl.b.icmp_unsigned("!=", r, zero), t))
    d = safe_divisor(fl, a, b, True)
    q = fl.b.sdiv(a, d)
    r = fl.b.srem(a, d)
    nz = fl.b.icmp_signed("!=", r, zero)
    opposite = fl.b.xor(fl.b.icmp_signed("<", r, zero),
                          fl.b.icmp_signed("<", d, zero))
    if name == "arith.floordivsi":  # q - 1 when inexact and the signs differ
        fix = fl.b.and_(nz, opposite)
        return fl.b.sub(q, fl.b.zext(fix, t))
    fix = fl.b.and_(nz, fl.b.not_(opposite))  # ceil: q + 1 when signs agree
    del one
    return fl.b.add(q, fl.b.zext(fix, t))


@lowers(*INT_UNARY_INTRINSICS)
def op_int_unary(fl: FuncLowering, op: Operation) -> None:
    name = op_name(op)
    a = fl.v(op.operands[0])
    t = a.type
    iname = INT_UNARY_INTRINSICS[name]
    if iname == "llvm.ctpop":
        r = fl.b.call(fl.ml.intrinsic(f"llvm.ctpop.i{t.width}", t, [t]), [a])
    else:  # ctlz / cttz / abs take an i1 "poison on zero / INT_MIN" flag
        fn = fl.ml.intrinsic(f"{iname}.i{t.width}", t, [t, I1])
        r = fl.b.call(fn, [a, ir.Constant(I1, 0)])
    rt = value_type(op.results[0].type)
    if rt != t:
        r = fl.b.trunc(r, rt) if rt.width < t.width else fl.b.zext(r, rt)
    fl.set(op, r)


@lowers("arith.cmpf", "arith.cmpi", "llvm.fcmp", "llvm.icmp")
def op_cmp(fl: FuncLowering, op: Operation) -> None:
    a, b = (fl.v(x) for x in op.operands[:2])
    if op_name(op) in ("arith.cmpf", "llvm.fcmp"):
        pred = predicate_name(op, CMPF_PREDICATES).lstrip("_")
        if pred == "false":
            r: ir.Value = ir.Constant(I1, 0)
        elif pred == "true":
            r = ir.Constant(I1, 1)
        else:
            r = fl.b.fcmp_ordered(pred, a, b)
    else:
        pred = predicate_name(op, CMPI_PREDICATES)
        sign, sym = ICMP[pred]
        r = (fl.b.icmp_signed if sign == "s" else fl.b.icmp_unsigned)(sym, a, b)
    fl.set(op, r)


@lowers("arith.select", "llvm.select")
def op_select(fl: FuncLowering, op: Operation) -> None:
    c, a, b = (fl.v(x) for x in op.operands[:3])
    r = fl.b.select(c, a, b)
    if fl.ext is not None and is_ptr(op.results[0].type):
        fl.ext.select(op, c)
    if op.name == "arith.select":
        # the program chose data flow over a branch; without this mark x86's
        # cmov converter turns a select in a loop whose condition hangs on a load
        # back into a branch, a bet on prediction that a binary search loses
        # (XSBench's primal 1.10-1.14x faster with it; docs/codegen.md)
        r.set_metadata("unpredictable", fl.ml.ir.add_metadata([]))
    fl.set(op, r)


@lowers(*CAST_OPS)
def op_cast(fl: FuncLowering, op: Operation) -> None:
    kind = CAST_OPS[op_name(op)]
    a = fl.v(op.operands[0])
    rt = value_type(op.results[0].type)
    b = fl.b
    if kind in ("sitofp", "uitofp"):
        d = b.sitofp(a, F64) if kind == "sitofp" else b.uitofp(a, F64)
        fl.set(op, fl.from_f64(d, rt))  # via double, as the interpreter rounds
    elif kind == "fptoi":
        fl.set(op, fptoi(fl, fl.to_f64(a), rt))
    elif kind == "fpresize":
        if rt == a.type:
            fl.set(op, a)
        elif is_float_type(rt) and elem_size(rt) > elem_size(a.type):
            fl.set(op, b.fpext(a, rt))
        else:
            fl.set(op, b.fptrunc(a, rt))
    elif kind in ("sext", "zext"):
        aw, rw = a.type.width, rt.width  # type: ignore[attr-defined]
        if aw == rw:
            fl.set(op, a)
        elif aw > rw:
            fl.set(op, b.trunc(a, rt))
        else:
            fl.set(op, b.sext(a, rt) if kind == "sext" else b.zext(a, rt))
    elif kind == "bitcast":
        fl.set(op, a if a.type == rt else b.bitcast(a, rt))
    elif kind == "freeze":
        fl.set(op, a)
    else:  # pragma: no cover - CAST_OPS and this method are kept in step
        raise unsupported(op)


def fptoi(fl: FuncLowering, a: ir.Value, rt: ir.Type) -> ir.Value:
    """The table's float -> integer: truncate toward zero and wrap modulo 2^w;
    NaN and infinities give 0."""
    b = fl.b
    two63 = ir.Constant(F64, 2.0 ** 63)
    fab = fl.ml.math(b, "fabs", [a])
    small = b.fcmp_ordered("<", fab, two63)  # false for NaN / inf too
    start = b.block
    big_bb = fl.fresh_block("fptoi.big")
    done = fl.fresh_block("fptoi.done")
    b.cbranch(small, done, big_bb)
    b.position_at_end(big_bb)
    finite = b.fcmp_ordered("<", fab, ir.Constant(F64, float("inf")))
    m = b.frem(a, ir.Constant(F64, 2.0 ** 64))  # exact
    m = b.select(b.fcmp_ordered(">=", m, two63), b.fsub(m, ir.Constant(F64, 2.0 ** 64)),
                 m)
    m = b.select(b.fcmp_ordered("<", m, ir.Constant(F64, -(2.0 ** 63))),
                 b.fadd(m, ir.Constant(F64, 2.0 ** 64)), m)
    m = b.select(finite, m, ir.Constant(F64, 0.0))
    big_end = b.block
    b.branch(done)
    b.position_at_end(done)
    x = b.phi(F64)
    x.add_incoming(a, start)
    x.add_incoming(m, big_end)
    r = b.fptosi(x, I64)
    if rt.width < 64:  # type: ignore[attr-defined]
        r = b.trunc(r, rt)
    elif rt.width > 64:  # type: ignore[attr-defined]
        r = b.sext(r, rt)
    return r

