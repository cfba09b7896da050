"""The op table: the single source of truth for every op of the formalized subset.

Each entry gives the op's class, its concrete semantics (scalar ops), which operands
carry derivatives into its result and their partial derivatives (from which both the
tangent rule and the adjoint rule follow), and its memory effects.  ``docs/subset.md``
is generated from this table (``python -m activity.ops --markdown``) and a test checks
that it is current.

Integers are modelled as unsigned residues modulo ``2**width`` (MLIR integers are
signless; signed ops reinterpret).  ``index`` is 64 bits wide.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable
from typing import Any

from xdsl.dialects.builtin import (
    AnyFloat,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
)
from xdsl.ir import Attribute, Operation

from activity.ops.gamma import dg
from activity.ops.spec import OpKind, OpSpec
from activity.tensor.structured import STRUCTURED_OPS

TABLE: dict[str, OpSpec] = {}


def _add(spec: OpSpec) -> OpSpec:
    assert spec.name not in TABLE, f"duplicate op-table entry {spec.name}"
    TABLE[spec.name] = spec
    return spec


# ---------------------------------------------------------------------------
# Types and integer helpers (shared with the interpreter through this module).


def int_width(t: Attribute) -> int:
    """Bit width of an integer-like type (``index`` is 64)."""
    if isinstance(t, IntegerType):
        return t.width.data
    if isinstance(t, IndexType):
        return 64
    raise TypeError(f"not an integer type: {t}")


def float_width(t: Attribute) -> int:
    if isinstance(t, Float64Type):
        return 64
    if isinstance(t, Float32Type):
        return 32
    if isinstance(t, Float16Type):
        return 16
    if isinstance(t, AnyFloat):
        return t.bitwidth
    raise TypeError(f"not a float type: {t}")


def wrap(v: int, w: int) -> int:
    return v & ((1 << w) - 1)


def signed(v: int, w: int) -> int:
    v = wrap(v, w)
    return v - (1 << w) if v >> (w - 1) else v


def _res_w(op: Operation) -> int:
    return int_width(op.results[0].type)


def _opd_w(op: Operation) -> int:
    return int_width(op.operands[0].type)


def round_float(x: float, w: int) -> float:
    """Round a Python float to the given IEEE width."""
    if w == 64 or math.isnan(x) or math.isinf(x):
        return x
    fmt = "f" if w == 32 else "e"
    try:
        return struct.unpack(fmt, struct.pack(fmt, x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


_FMT = {16: "e", 32: "f", 64: "d"}
_IFMT = {16: "H", 32: "I", 64: "Q"}


def bits_of_float(x: float, w: int) -> int:
    return struct.unpack("<" + _IFMT[w], struct.pack("<" + _FMT[w], x))[0]


def float_of_bits(b: int, w: int) -> float:
    return struct.unpack("<" + _FMT[w], struct.pack("<" + _IFMT[w], wrap(b, w)))[0]


# ---------------------------------------------------------------------------
# Float arithmetic and math functions.

Fn = Callable[..., Any]


def _fl(
    names: tuple[str, ...], summary: str, f: Fn, d: Fn | None, arity: int,
    diff: tuple[int, ...] | None = None, dy: Fn | None = None,
    sibling: tuple[tuple[str, ...], Fn] | None = None,
) -> None:
    """Register a float op under every spelling (arith/math/llvm) it has."""
    for name in names:
        _add(
            OpSpec(
                name=name,
                kind=OpKind.FLOAT,
                summary=summary,
                diff=tuple(range(arity)) if diff is None else diff,
                sem=(lambda N, op, *a, _f=f: (_f(N, *a),)),
                partials=d,
                result_partials=dy,
                sibling_partials=sibling,
            )
        )


def _one(N: Any, *a: Any) -> Any:
    return 0 * a[0] + 1


_fl(("arith.addf", "llvm.fadd"), "a + b", lambda N, a, b: a + b, lambda N, a, b: (1, 1), 2)
_fl(("arith.subf", "llvm.fsub"), "a - b", lambda N, a, b: a - b, lambda N, a, b: (1, -1), 2)
_fl(("arith.mulf", "llvm.fmul"), "a * b", lambda N, a, b: a * b, lambda N, a, b: (b, a), 2)


def _quotient_partials(N: Any, a: Any, b: Any) -> tuple[Any, Any]:
    """d(a/b) = (1/b, -(a * (1/b)) * (1/b)): one division for both partials (for a
    reciprocal, ``1/b`` is the result itself), and no ``b*b``, which overflows for |b|
    past the square root of the largest float (1.8e19 in f32) and underflows below that
    of the smallest, where the quotient is an ordinary number: ``-a/(b*b)`` came out 0
    or infinite there.  (``-(a/b)/b`` is as safe but two divisions where the quotient
    is not at hand: 1.8x slower on a loop of quotients.)"""
    inv = N.div(1, b)
    return inv, -((a * inv) * inv)


_fl(("arith.divf", "llvm.fdiv"), "a / b", lambda N, a, b: N.div(a, b), _quotient_partials, 2)
_fl(("arith.negf", "llvm.fneg"), "-a", lambda N, a: -a, lambda N, a: (-1,), 1)
_fl(
    ("arith.remf", "llvm.frem"), "fmod(a, b)", lambda N, a, b: N.fmod(a, b),
    lambda N, a, b: (1, -N.trunc(N.div(a, b))), 2,
)
# (partials: the picked operand's is 1; maxnumf/minnumf pick b where a is NaN)
_fl(
    ("arith.maximumf", "llvm.intr.maximum"), "max(a, b), NaN if either is",
    lambda N, a, b: N.maximum(a, b),
    lambda N, a, b: (N.select(N.lt(a, b), 0, 1), N.select(N.lt(a, b), 1, 0)), 2,
)
_fl(
    ("arith.maxnumf", "llvm.intr.maxnum"), "max(a, b), the other if one is NaN",
    lambda N, a, b: N.maxnum(a, b),
    lambda N, a, b: (N.select(N.isnan(a), 0, N.select(N.lt(a, b), 0, 1)),
                     N.select(N.isnan(a), 1, N.select(N.lt(a, b), 1, 0))), 2,
)
_fl(
    ("arith.minimumf", "llvm.intr.minimum"), "min(a, b), NaN if either is",
    lambda N, a, b: N.minimum(a, b),
    lambda N, a, b: (N.select(N.lt(b, a), 0, 1), N.select(N.lt(b, a), 1, 0)), 2,
)
_fl(
    ("arith.minnumf", "llvm.intr.minnum"), "min(a, b), the other if one is NaN",
    lambda N, a, b: N.minnum(a, b),
    lambda N, a, b: (N.select(N.isnan(a), 0, N.select(N.lt(b, a), 0, 1)),
                     N.select(N.isnan(a), 1, N.select(N.lt(b, a), 1, 0))), 2,
)
_fl(("math.sin", "llvm.intr.sin"), "sin a", lambda N, a: N.sin(a), lambda N, a: (N.cos(a),), 1,
    sibling=(("math.cos", "llvm.intr.cos"), lambda N, c, a: (c,)))
_fl(("math.cos", "llvm.intr.cos"), "cos a", lambda N, a: N.cos(a), lambda N, a: (-N.sin(a),), 1,
    sibling=(("math.sin", "llvm.intr.sin"), lambda N, s, a: (-s,)))
_fl(
    ("math.tan", "llvm.intr.tan"), "tan a", lambda N, a: N.tan(a),
    lambda N, a: (1 + N.tan(a) * N.tan(a),), 1, dy=lambda N, y, a: (1 + y * y,),
)
_fl(
    ("math.asin", "llvm.intr.asin"), "asin a", lambda N, a: N.asin(a),
    lambda N, a: (N.div(1, N.sqrt(1 - a * a)),), 1,
)
_fl(
    ("math.acos", "llvm.intr.acos"), "acos a", lambda N, a: N.acos(a),
    lambda N, a: (-N.div(1, N.sqrt(1 - a * a)),), 1,
)
_fl(
    ("math.atan", "llvm.intr.atan"), "atan a", lambda N, a: N.atan(a),
    lambda N, a: (N.div(1, 1 + a * a),), 1,
)


def _atan2_partials(N: Any, a: Any, b: Any) -> tuple[Any, Any]:
    """d atan2(a, b) = (b, -a) / (a^2 + b^2), computed from the ratio of the smaller
    magnitude to the larger, ``r``, as ``(r, 1) / (a * (1 + r^2))`` where ``|a| > |b|``
    and ``(1, r) / (b * (1 + r^2))`` elsewhere: ``a*a + b*b`` overflows for |a| or |b|
    past the square root of the largest float (1.3e154 in f64, 1.8e19 in f32), where
    the partials are ordinary numbers (the old rule gave 0), and underflows to 0 below
    that of the smallest (it gave infinities).  Two divisions, as before.  Left as
    they were: magnitudes below 1/max-float (5.6e-309 in f64) still give infinities,
    and a ratio ``r`` that is subnormal (|b| <= 2.2e-308 |a|) loses bits, so that a
    partial still in the normal range can be millions of ulps off (about 1e-314
    absolute; a review's 300,000 random samples with subnormals found 37)."""
    big = N.lt(N.abs(b), N.abs(a))
    r = N.div(N.select(big, b, a), N.select(big, a, b))
    inv = N.div(1, N.select(big, a, b) * (1 + r * r))
    return N.select(big, r, 1) * inv, -(N.select(big, 1, r) * inv)


_fl(("math.atan2", "llvm.intr.atan2"), "atan2(a, b)", lambda N, a, b: N.atan2(a, b),
    _atan2_partials, 2)


def _asinh_partials(N: Any, a: Any) -> tuple[Any]:
    """d asinh a = 1 / sqrt(1 + a^2), as ``|1/a| / sqrt(1 + (1/a)^2)`` where |a| > 1:
    ``a*a`` overflows past 1.3e154 in f64, where the partial is an ordinary number
    (about 1/|a|)."""
    inv = N.div(1, a)
    return (N.select(N.lt(1, N.abs(a)), N.div(N.abs(inv), N.sqrt(1 + inv * inv)),
                     N.div(1, N.sqrt(1 + a * a))),)


_fl(("math.asinh",), "asinh a", lambda N, a: N.asinh(a), _asinh_partials, 1)
# (1/sqrt(a^2 - 1) and 1/(1 - a^2) as products: no overflow of a*a, and no
# cancellation in a*a - 1 near 1)
_fl(("math.acosh",), "acosh a", lambda N, a: N.acosh(a),
    lambda N, a: (N.div(1, N.sqrt(a - 1) * N.sqrt(a + 1)),), 1)
_fl(("math.atanh",), "atanh a", lambda N, a: N.atanh(a),
    lambda N, a: (N.div(1, (1 - a) * (1 + a)),), 1)
_fl(("math.sinh", "llvm.intr.sinh"), "sinh a", lambda N, a: N.sinh(a),
    lambda N, a: (N.cosh(a),), 1)
_fl(("math.cosh", "llvm.intr.cosh"), "cosh a", lambda N, a: N.cosh(a),
    lambda N, a: (N.sinh(a),), 1)
_fl(
    ("math.tanh", "llvm.intr.tanh"), "tanh a", lambda N, a: N.tanh(a),
    lambda N, a: (1 - N.tanh(a) * N.tanh(a),), 1, dy=lambda N, y, a: (1 - y * y,),
)
_fl(("math.exp", "llvm.intr.exp"), "e^a", lambda N, a: N.exp(a), lambda N, a: (N.exp(a),), 1,
    dy=lambda N, y, a: (y,))
_fl(
    ("math.exp2", "llvm.intr.exp2"), "2^a", lambda N, a: N.exp2(a),
    lambda N, a: (N.exp2(a) * math.log(2.0),), 1, dy=lambda N, y, a: (y * math.log(2.0),),
)
_fl(("math.expm1",), "e^a - 1", lambda N, a: N.expm1(a), lambda N, a: (N.exp(a),), 1)
_fl(("math.log", "llvm.intr.log"), "ln a", lambda N, a: N.log(a),
    lambda N, a: (N.div(1, a),), 1)
_fl(
    ("math.log2", "llvm.intr.log2"), "log2 a", lambda N, a: N.log2(a),
    lambda N, a: (N.div(1, a * math.log(2.0)),), 1,
)
_fl(
    ("math.log10", "llvm.intr.log10"), "log10 a", lambda N, a: N.log10(a),
    lambda N, a: (N.div(1, a * math.log(10.0)),), 1,
)
_fl(("math.log1p",), "ln(1 + a)", lambda N, a: N.log1p(a), lambda N, a: (N.div(1, 1 + a),), 1)
_fl(
    ("math.sqrt", "llvm.intr.sqrt"), "sqrt a", lambda N, a: N.sqrt(a),
    lambda N, a: (N.div(1, 2 * N.sqrt(a)),), 1, dy=lambda N, y, a: (N.div(0.5, y),),
)
_fl(
    ("math.rsqrt",), "1 / sqrt a", lambda N, a: N.div(1, N.sqrt(a)),
    lambda N, a: (-N.div(1, 2 * a * N.sqrt(a)),), 1,
)
_fl(
    ("math.cbrt",), "cube root of a", lambda N, a: N.cbrt(a),
    lambda N, a: (N.div(1, 3 * N.cbrt(a) * N.cbrt(a)),), 1,
    dy=lambda N, y, a: (N.div(1, 3 * y * y),),
)
_fl(
    ("math.erf", "llvm.intr.erf"), "erf a", lambda N, a: N.erf(a),
    lambda N, a: (N.exp(-(a * a)) * (2 / math.sqrt(math.pi)),), 1,
)
_fl(
    ("math.erfc",), "erfc a = 1 - erf a", lambda N, a: N.erfc(a),
    lambda N, a: (-(N.exp(-(a * a)) * (2 / math.sqrt(math.pi))),), 1,
)
# C functions that no MLIR op computes: calls of them (EXTERNAL_ALIASES) behave as
# these entries; ``libm.`` names no dialect, so an MLIR program cannot spell them as ops.
_fl(
    ("libm.lgamma",), "ln |Gamma(a)| (C's lgamma)", lambda N, a: N.lgamma(a),
    lambda N, a: (dg(N, a),), 1,
)
_fl(
    ("libm.tgamma",), "Gamma(a) (C's tgamma)", lambda N, a: N.tgamma(a),
    lambda N, a: (N.tgamma(a) * dg(N, a),), 1, dy=lambda N, y, a: (y * dg(N, a),),
)


def _hypot_partials(N: Any, a: Any, b: Any) -> tuple[Any, Any]:
    """d hypot(a, b) = (a, b) / hypot(a, b), from the operands divided by the larger
    magnitude ``m`` (both in [-1, 1]): ``(a/m, b/m) / sqrt((a/m)^2 + (b/m)^2)``, so
    that nothing overflows or underflows where the partials are ordinary numbers
    (``a*a + b*b`` would past 1.3e154 in f64).  NaN at (0, 0), where hypot has no
    derivative."""
    big = N.lt(N.abs(b), N.abs(a))
    m = N.abs(N.select(big, a, b))
    ra, rb = N.div(a, m), N.div(b, m)
    inv = N.div(1, N.sqrt(ra * ra + rb * rb))
    return ra * inv, rb * inv


_fl(
    ("libm.hypot",), "sqrt(a^2 + b^2) without overflow (C's hypot)",
    lambda N, a, b: N.hypot(a, b), _hypot_partials, 2,
)
_fl(
    ("math.powf", "llvm.intr.pow"), "a ^ b", lambda N, a, b: N.pow(a, b),
    lambda N, a, b: (b * N.pow(a, b - 1), N.pow(a, b) * N.log(a)), 2,
)
_fl(("math.absf", "llvm.intr.fabs"), "|a|", lambda N, a: N.abs(a), lambda N, a: (N.sign(a),), 1)
_fl(
    ("math.copysign", "llvm.intr.copysign"), "|a| with the sign of b",
    lambda N, a, b: N.copysign(a, b),
    lambda N, a, b: (N.sign(a) * N.sign(N.copysign(1, b)),), 2, diff=(0,),
)
_fl(
    ("math.fma", "llvm.intr.fma", "llvm.intr.fmuladd"), "a * b + c",
    lambda N, a, b, c: a * b + c, lambda N, a, b, c: (b, a, 1), 3,
)
# Rounding functions are piecewise constant: zero derivative almost everywhere.
for _names, _s, _f in (
    (("math.floor", "llvm.intr.floor"), "floor a", lambda N, a: N.floor(a)),
    (("math.ceil", "llvm.intr.ceil"), "ceil a", lambda N, a: N.ceil(a)),
    (("math.trunc", "llvm.intr.trunc"), "trunc a", lambda N, a: N.trunc(a)),
    (("math.round", "llvm.intr.round"), "round a (half away from zero)",
     lambda N, a: N.copysign(N.floor(N.abs(a) + 0.5), a)),
):
    _fl(_names, _s, _f, None, 1, diff=())


# ---------------------------------------------------------------------------
# Integer arithmetic: zero derivative (values are piecewise constant in any float).


def _int(names: tuple[str, ...], summary: str, f: Callable[[int, int, int], int],
         divides: bool = False) -> None:
    """``divides``: undefined for a zero divisor (``extra["divides"]``): the
    interpreter raises, and such an op may not be executed speculatively."""
    for name in names:
        _add(
            OpSpec(
                name=name, kind=OpKind.INT, summary=summary,
                sem=(lambda N, op, a, b, _f=f: (wrap(_f(a, b, _res_w(op)), _res_w(op)),)),
                extra={"divides": True} if divides else {},
            )
        )


def _sdiv(a: int, b: int, w: int) -> int:
    sa, sb = signed(a, w), signed(b, w)
    if sb == 0:
        raise ZeroDivisionError("integer division by zero")
    q = abs(sa) // abs(sb)
    return q if (sa < 0) == (sb < 0) else -q


def _srem(a: int, b: int, w: int) -> int:
    sa = signed(a, w)
    return sa - _sdiv(a, b, w) * signed(b, w)


def _udiv(a: int, b: int, w: int) -> int:
    if b == 0:
        raise ZeroDivisionError("integer division by zero")
    return a // b


_int(("arith.addi", "llvm.add"), "a + b mod 2^w", lambda a, b, w: a + b)
_int(("arith.subi", "llvm.sub"), "a - b mod 2^w", lambda a, b, w: a - b)
_int(("arith.muli", "llvm.mul"), "a * b mod 2^w", lambda a, b, w: a * b)
_int(("arith.divsi", "llvm.sdiv"), "signed a / b (toward zero)", _sdiv, divides=True)
_int(("arith.divui", "llvm.udiv"), "unsigned a / b", _udiv, divides=True)
_int(("arith.remsi", "llvm.srem"), "signed remainder", _srem, divides=True)
_int(("arith.remui", "llvm.urem"), "unsigned remainder",
     lambda a, b, w: a - _udiv(a, b, w) * b, divides=True)
def _floordiv(a: int, b: int, w: int) -> int:
    """Exact signed floor division (Python's // floors; no float rounding)."""
    sb = signed(b, w)
    if sb == 0:
        raise ZeroDivisionError("integer division by zero")
    return signed(a, w) // sb


def _ceildiv(a: int, b: int, w: int) -> int:
    sb = signed(b, w)
    if sb == 0:
        raise ZeroDivisionError("integer division by zero")
    return -((-signed(a, w)) // sb)


_int(("arith.floordivsi",), "signed floor division", _floordiv, divides=True)
_int(("arith.ceildivsi",), "signed ceiling division", _ceildiv, divides=True)
_int(("arith.ceildivui",), "unsigned ceiling division",
     lambda a, b, w: -((-a) // b) if b else _udiv(a, b, w), divides=True)
_int(("arith.andi", "llvm.and"), "bitwise and", lambda a, b, w: a & b)
_int(("arith.ori", "llvm.or"), "bitwise or", lambda a, b, w: a | b)
_int(("arith.xori", "llvm.xor"), "bitwise xor", lambda a, b, w: a ^ b)
_int(("arith.shli", "llvm.shl"), "shift left", lambda a, b, w: a << b if b < w else 0)
_int(("arith.shrui", "llvm.lshr"), "logical shift right", lambda a, b, w: a >> b if b < w else 0)
_int(("arith.shrsi", "llvm.ashr"), "arithmetic shift right",
     lambda a, b, w: signed(a, w) >> min(b, w - 1))
_int(("arith.maxsi", "llvm.intr.smax"), "signed max",
     lambda a, b, w: a if signed(a, w) >= signed(b, w) else b)
_int(("arith.minsi", "llvm.intr.smin"), "signed min",
     lambda a, b, w: a if signed(a, w) <= signed(b, w) else b)
_int(("arith.maxui", "llvm.intr.umax"), "unsigned max", lambda a, b, w: max(a, b))
for _n, _s, _f1 in (
    ("llvm.intr.ctpop", "population count", lambda a, w: bin(a).count("1")),
    ("llvm.intr.ctlz", "count leading zeros", lambda a, w: w - a.bit_length()),
    ("llvm.intr.cttz", "count trailing zeros",
     lambda a, w: (a & -a).bit_length() - 1 if a else w),
    ("math.ctpop", "population count", lambda a, w: bin(a).count("1")),
):
    _add(OpSpec(_n, OpKind.INT, _s,
                sem=(lambda N, op, a, *_rest, _f=_f1: (_f(a, _opd_w(op)),))))
_add(OpSpec("llvm.intr.abs", OpKind.INT, "integer absolute value",
            sem=lambda N, op, a, *_rest: (wrap(abs(signed(a, _opd_w(op))), _opd_w(op)),)))
_int(("arith.minui", "llvm.intr.umin"), "unsigned min", lambda a, b, w: min(a, b))


# ---------------------------------------------------------------------------
# Comparisons (results are i1: no derivative).

CMPF_PREDICATES = (
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
    "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true",
)
CMPI_PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")


def cmpf(pred: str, a: float, b: float) -> bool:
    if pred in ("false", "_false"):
        return False
    if pred in ("true", "_true"):
        return True
    unordered = math.isnan(a) or math.isnan(b)
    if pred == "ord":
        return not unordered
    if pred == "uno":
        return unordered
    base = {"eq": a == b, "gt": a > b, "ge": a >= b, "lt": a < b, "le": a <= b, "ne": a != b}
    r = base[pred[1:]]
    return (not unordered and r) if pred[0] == "o" else (unordered or r)


def cmpi(pred: str, a: int, b: int, w: int) -> bool:
    if pred[0] == "s":
        a, b = signed(a, w), signed(b, w)
        pred = pred[1:]
    elif pred[0] == "u":
        pred = pred[1:]
    return {"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b, "gt": a > b,
            "ge": a >= b}[pred]


def predicate_name(op: Operation, table: tuple[str, ...]) -> str:
    """The comparison predicate of a cmp op, whether stored as int or string."""
    attr = op.properties.get("predicate")
    if attr is None:  # (not ``or``: IntegerAttr(0) is falsy)
        attr = op.attributes.get("predicate")
    if attr is None:
        raise ValueError(f"{op.name} without predicate")
    data = getattr(attr, "value", attr)
    data = getattr(data, "data", data)
    if isinstance(data, int):
        return table[data]
    return str(data)


_LLVM_ICMP = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")


def _cmpf_sem(N: Any, op: Operation, a: float, b: float) -> tuple[int]:
    return (int(cmpf(predicate_name(op, CMPF_PREDICATES), a, b)),)


def _cmpi_sem(N: Any, op: Operation, a: int, b: int) -> tuple[int]:
    return (int(cmpi(predicate_name(op, CMPI_PREDICATES), a, b, _opd_w(op))),)


for _n in ("arith.cmpf", "llvm.fcmp"):
    _add(OpSpec(_n, OpKind.COMPARE, "float comparison -> i1", sem=_cmpf_sem))
_add(OpSpec("arith.cmpi", OpKind.COMPARE, "integer comparison -> i1", sem=_cmpi_sem))
# (pointers too: their 64-bit addresses; ``_cmpi_sem`` covers integers, the interpreter
# compares pointers itself, the lowering emits ``icmp`` on the pointers)
_add(OpSpec("llvm.icmp", OpKind.COMPARE, "integer or pointer (address) comparison -> i1",
            sem=_cmpi_sem))

for _n in ("arith.select", "llvm.select"):
    _add(OpSpec(
        _n, OpKind.SELECT, "c ? a : b", diff=(1, 2),
        sem=lambda N, op, c, a, b: (N.select(c, a, b),),
        partials=lambda N, c, a, b: (N.select(c, 1, 0), N.select(c, 0, 1)),
    ))


# ---------------------------------------------------------------------------
# Casts.


def _cast(names: tuple[str, ...], summary: str, f: Callable[[Operation, Any], Any],
          diff: bool = False, bits: bool = False) -> None:
    for name in names:
        _add(OpSpec(
            name, OpKind.CAST, summary, diff=(0,) if diff else (),
            sem=(lambda N, op, a, _f=f: (_f(op, a),)),
            partials=(lambda N, a: (1,)) if diff else None,
            carries_bits=bits,
        ))


def _rw(op: Operation) -> int:
    t = op.results[0].type
    return float_width(t) if isinstance(t, AnyFloat) else int_width(t)


def _fptoi(op: Operation, a: float, sign: bool) -> int:
    if math.isnan(a) or math.isinf(a):
        return 0  # poison in MLIR; any value is a sound model
    return wrap(int(a), _rw(op))


_cast(("arith.sitofp", "llvm.sitofp"), "signed int -> float",
      lambda op, a: round_float(float(signed(a, _opd_w(op))), _rw(op)))
_cast(("arith.uitofp", "llvm.uitofp"), "unsigned int -> float",
      lambda op, a: round_float(float(a), _rw(op)))
_cast(("arith.fptosi", "llvm.fptosi"), "float -> signed int (kills the derivative)",
      lambda op, a: _fptoi(op, a, True))
_cast(("arith.fptoui", "llvm.fptoui"), "float -> unsigned int (kills the derivative)",
      lambda op, a: _fptoi(op, a, False))
_cast(("arith.extf", "llvm.fpext"), "widen float", lambda op, a: a, diff=True)
_cast(("arith.truncf", "llvm.fptrunc"), "narrow float",
      lambda op, a: round_float(a, _rw(op)), diff=True)
_cast(("arith.index_cast", "arith.extsi", "llvm.sext"), "sign-extend / index cast",
      lambda op, a: wrap(signed(a, _opd_w(op)), _rw(op)))
_cast(("arith.index_castui", "arith.extui", "llvm.zext"), "zero-extend",
      lambda op, a: wrap(a, _rw(op)))
_cast(("arith.trunci", "llvm.trunc"), "truncate integer", lambda op, a: wrap(a, _rw(op)))


def _bitcast(op: Operation, a: Any) -> Any:
    src, dst = op.operands[0].type, op.results[0].type
    if isinstance(src, AnyFloat) and not isinstance(dst, AnyFloat):
        return bits_of_float(a, float_width(src))
    if not isinstance(src, AnyFloat) and isinstance(dst, AnyFloat):
        return float_of_bits(a, float_width(dst))
    return a


_cast(("arith.bitcast", "llvm.bitcast"),
      "reinterpret bits (the derivative rides along: a float->int->float round trip keeps it)",
      _bitcast, diff=True, bits=True)


# ---------------------------------------------------------------------------
# Constants.

for _n in ("arith.constant", "llvm.mlir.constant", "llvm.mlir.zero", "llvm.mlir.undef",
           "llvm.mlir.poison", "ub.poison"):
    _add(OpSpec(_n, OpKind.CONSTANT, "a literal (zero derivative)"))


# ---------------------------------------------------------------------------
# Memory.  Every read/write/view names the pointer operand; copies name source and
# destination.  Loads and stores carry derivatives through memory; the analyses track
# that with the dense memory lattices over alias classes.

_add(OpSpec("memref.load", OpKind.MEM_READ, "read m[i...]", ptr=0, reads=True))
_add(OpSpec("llvm.load", OpKind.MEM_READ, "read *p", ptr=0, reads=True))
_add(OpSpec("memref.store", OpKind.MEM_WRITE, "m[i...] := v", value=0, ptr=1, writes=True))
_add(OpSpec("llvm.store", OpKind.MEM_WRITE, "*p := v", value=0, ptr=1, writes=True))
for _n in ("memref.alloc", "memref.alloca", "llvm.alloca"):
    _add(OpSpec(_n, OpKind.MEM_ALLOC, "fresh buffer (its own alias class)", fresh=True))
_add(OpSpec("memref.dealloc", OpKind.MEM_FREE, "release a buffer", ptr=0))
_add(OpSpec("memref.atomic_rmw", OpKind.MEM_WRITE,
            "atomically m[i...] := m[i...] (kind) v; returns the old value", value=0, ptr=1,
            reads=True, writes=True, extra={"rmw": True}))
for _n in ("memref.cast", "memref.subview", "memref.reinterpret_cast", "memref.collapse_shape",
           "memref.expand_shape", "memref.view", "memref.memory_space_cast",
           "memref.assume_alignment", "llvm.getelementptr", "llvm.addrspacecast"):
    _add(OpSpec(_n, OpKind.MEM_VIEW, "a view of the same memory (same alias classes)",
                ptr=0, view=True))
_add(OpSpec("memref.copy", OpKind.MEM_COPY, "dst := src (elementwise)", src=0, dst=1,
            reads=True, writes=True))
for _n in ("llvm.intr.memcpy", "llvm.intr.memmove", "llvm.intr.memcpy.inline"):
    _add(OpSpec(_n, OpKind.MEM_COPY, "copy n bytes from src to dst", dst=0, src=1,
                reads=True, writes=True))
for _n in ("llvm.intr.memset", "llvm.intr.memset.inline"):
    _add(OpSpec(_n, OpKind.MEM_SET, "fill n bytes with a byte (zero derivative)", dst=0,
                writes=True))
for _n in ("memref.global", "llvm.mlir.global"):
    _add(OpSpec(_n, OpKind.MEM_GLOBAL, "a global buffer (its own alias class)"))
for _n in ("memref.get_global", "llvm.mlir.addressof"):
    _add(OpSpec(_n, OpKind.MEM_VIEW, "address of a global (the global's alias class)",
                view=True))
for _n in ("memref.dim", "memref.rank", "memref.extract_aligned_pointer_as_index"):
    _add(OpSpec(_n, OpKind.META, "shape metadata (integer, zero derivative)"))
for _n in ("llvm.ptrtoint",):
    _add(OpSpec(_n, OpKind.CAST, "pointer -> int (address only, zero derivative)"))
for _n in ("llvm.inttoptr",):
    _add(OpSpec(_n, OpKind.MEM_VIEW, "int -> pointer (may point anywhere)", ptr=0, view=True,
                extra={"unknown_target": True}))
_add(OpSpec("llvm.freeze", OpKind.CAST, "the operand, or an arbitrary value for poison",
            diff=(0,), sem=lambda N, op, a: (a,), partials=lambda N, a: (1,)))
_add(OpSpec("llvm.extractvalue", OpKind.CAST, "field of an aggregate", diff=(0,),
            partials=lambda N, a: (1,)))
_add(OpSpec("llvm.insertvalue", OpKind.CAST, "aggregate with one field replaced", diff=(0, 1),
            partials=lambda N, a, b: (1, 1)))

# ---------------------------------------------------------------------------
# Tensors: values (no aliasing), so derivatives flow through the ``diff`` operands like
# through scalar ops, elementwise over the tensor's elements.  ``arith``/``math`` ops on
# tensor operands are the scalar entries above, applied elementwise.

for _n, _s, _d in (
    ("tensor.empty", "a tensor of the given shape, contents unspecified (zero derivative)", ()),
    ("tensor.extract", "t[i...] (operand #0 the tensor)", (0,)),
    ("tensor.insert", "t with t[i...] := v (operands v, t, i...)", (0, 1)),
    ("tensor.extract_slice", "the slice of t at offsets/sizes/strides", (0,)),
    ("tensor.insert_slice", "dest with the slice at offsets/sizes/strides := src "
     "(operands src, dest, ...)", (0, 1)),
    ("tensor.from_elements", "the tensor of the operands, row-major", (-1,)),
    ("tensor.splat", "a tensor with every element v (operand #0)", (0,)),
    ("tensor.collapse_shape", "the same elements, dimensions merged", (0,)),
    ("tensor.expand_shape", "the same elements, dimensions split", (0,)),
    ("tensor.cast", "the same tensor, static/dynamic sizes changed", (0,)),
):
    _add(OpSpec(_n, OpKind.TENSOR, _s, diff=_d))
_add(OpSpec("tensor.dim", OpKind.META, "shape metadata (integer, zero derivative)"))
_add(OpSpec("bufferization.to_tensor", OpKind.TENSOR,
            "the buffer's contents as a tensor (a read of the whole buffer)",
            ptr=0, reads=True))
_add(OpSpec("bufferization.to_buffer", OpKind.TENSOR,
            "a buffer holding the tensor's value (a fresh one, or the buffer of a "
            "`to_tensor` it reads)", value=0, writes=True, fresh=True))

# Structured ops: ``out[map_o(i)] = body(in[map_k(i)]..., out[map_o(i)])`` over the
# iteration space (``activity.tensor.structured``).  Derivatives flow element by element
# through the body (whose ops keep their own entries): inputs into the body's arguments,
# the yielded values into the results (and, along reduction loops, back into the output
# arguments).  On memrefs the op reads the ``ins`` buffers and writes the ``outs``.
_STRUCTURED_SUMMARY = {
    "linalg.generic": "the body over the iteration space of the indexing maps",
    "linalg.matmul": "C[i, j] += A[i, k] * B[k, j]",
    "linalg.batch_matmul": "C[b, i, j] += A[b, i, k] * B[b, k, j]",
    "linalg.matvec": "y[i] += A[i, k] * x[k]",
    "linalg.vecmat": "y[j] += x[k] * A[k, j]",
    "linalg.dot": "s += a[k] * b[k]",
    "linalg.fill": "out[i...] = v",
    "linalg.copy": "out[i...] = in[i...]",
    "linalg.transpose": "out[i...] = in[permuted i...]",
    "linalg.broadcast": "out[i...] = in[i... without `dimensions`]",
    "linalg.reduce": "out[kept i...] = body(in[i...], out[kept i...]) over `dimensions`",
    "linalg.map": "out[i...] = body(in_0[i...], ..., out[i...])",
    "linalg.select": "out[i...] = c[i...] ? a[i...] : b[i...]",
}
for _n in sorted(STRUCTURED_OPS):
    _add(OpSpec(_n, OpKind.STRUCTURED,
                _STRUCTURED_SUMMARY.get(_n, f"elementwise `{_n.removeprefix('linalg.')}`"),
                reads=True, writes=True))
_add(OpSpec("linalg.yield", OpKind.CONTROL, "yield the output elements to the parent "
            "structured op"))
_add(OpSpec("linalg.index", OpKind.META, "the index of loop `dim` of the enclosing "
            "structured op (integer, zero derivative)"))


# ---------------------------------------------------------------------------
# Control flow, calls and functions: the engine's region-flow rules give their meaning.

# Ops whose regions may run more than once per execution of the op (loops), the names
# outside the subset included, so that a pass asking "inside a loop?" errs on the
# loop's side for them too.
LOOP_OPS = frozenset({"scf.for", "scf.while", "scf.parallel", "scf.forall",
                      "affine.for", "affine.parallel"})

for _n, _s in (
    ("func.return", "return from function"),
    ("llvm.return", "return from function"),
    ("scf.yield", "yield to the parent region op"),
    ("scf.condition", "loop-continue test of scf.while, forwarding values"),
    ("scf.for", "counted loop with iter_args (`unsigned`: bounds compared unsigned)"),
    ("scf.if", "two-way conditional with results"),
    ("scf.while", "general loop (before/after regions)"),
    ("scf.execute_region", "inline region"),
    ("scf.parallel", "parallel loop nest (iterations in any order), optional reductions"),
    ("scf.reduce", "terminator of scf.parallel: contributes values to the reductions"),
    ("scf.reduce.return", "result of one reduction step"),
    ("scf.forall", "parallel loop nest over memrefs (iterations in any order; `mapping` "
     "ignored); `shared_outs` (tensor results) are outside the subset"),
    ("scf.forall.in_parallel", "terminator of scf.forall (empty without `shared_outs`)"),
    ("cf.br", "jump with block arguments"),
    ("cf.cond_br", "conditional jump with block arguments"),
    ("llvm.br", "jump with block arguments"),
    ("llvm.cond_br", "conditional jump with block arguments"),
    ("llvm.switch", "multi-way jump on an integer: the equal case, else the default, each "
     "with its block arguments"),
    ("cf.switch", "multi-way jump on an integer: the equal case, else the default, each "
     "with its block arguments"),
    ("llvm.unreachable", "undefined behaviour if reached"),
):
    _add(OpSpec(_n, OpKind.CONTROL, _s))
for _n in ("func.call", "llvm.call"):
    _add(OpSpec(_n, OpKind.CALL, "direct call (whole-program: interprocedural flow)"))
for _n in ("func.func", "llvm.func", "builtin.module"):
    _add(OpSpec(_n, OpKind.FUNCTION, "symbol container"))
for _n in ("cf.assert", "llvm.intr.lifetime.start", "llvm.intr.lifetime.end",
           "llvm.intr.dbg.value", "llvm.intr.dbg.declare", "llvm.intr.assume",
           "llvm.intr.stacksave", "llvm.intr.stackrestore", "llvm.mlir.global_ctors",
           "llvm.comdat", "llvm.comdat_selector", "llvm.module_flags", "llvm.linker_options",
           "llvm.intr.experimental.noalias.scope.decl", "llvm.intr.invariant.start",
           "llvm.intr.invariant.end", "llvm.intr.prefetch"):
    _add(OpSpec(_n, OpKind.META, "no value semantics relevant to derivatives"))


# ---------------------------------------------------------------------------
# Known external C functions called from the llvm dialect: they behave like the
# table entry they name, with operands in the same order.

EXTERNAL_ALIASES: dict[str, str] = {
    "sin": "math.sin", "cos": "math.cos", "tan": "math.tan", "asin": "math.asin",
    "acos": "math.acos", "atan": "math.atan", "atan2": "math.atan2", "sinh": "math.sinh",
    "cosh": "math.cosh", "tanh": "math.tanh", "asinh": "math.asinh", "acosh": "math.acosh",
    "atanh": "math.atanh", "exp": "math.exp", "exp2": "math.exp2",
    "expm1": "math.expm1", "log": "math.log", "log2": "math.log2", "log10": "math.log10",
    "log1p": "math.log1p", "sqrt": "math.sqrt", "cbrt": "math.cbrt", "pow": "math.powf",
    "fabs": "math.absf", "erf": "math.erf", "erfc": "math.erfc", "fma": "math.fma",
    "fmod": "arith.remf", "lgamma": "libm.lgamma", "tgamma": "libm.tgamma",
    "hypot": "libm.hypot",
    "floor": "math.floor", "ceil": "math.ceil", "trunc": "math.trunc", "round": "math.round",
    "copysign": "math.copysign", "fmax": "arith.maxnumf", "fmin": "arith.minnumf",
    "memcpy": "llvm.intr.memcpy", "memmove": "llvm.intr.memmove", "memset": "llvm.intr.memset",
}
for _base in list(EXTERNAL_ALIASES):
    if EXTERNAL_ALIASES[_base].startswith(("math.", "libm.")) or _base in ("fmod", "fmax",
                                                                             "fmin"):
        EXTERNAL_ALIASES[_base + "f"] = EXTERNAL_ALIASES[_base]

# Allocation functions: the result is a fresh alias class; free releases.
ALLOCATORS = frozenset({"malloc", "calloc", "realloc", "aligned_alloc", "_Znwm", "_Znam"})
DEALLOCATORS = frozenset({"free", "_ZdlPv", "_ZdaPv"})
