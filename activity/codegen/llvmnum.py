"""The op table's numeric backend over LLVM IR.

The op table writes the semantics of every float op once, generically over a backend
``N`` (:mod:`activity.ops.num`).  Passing this backend to ``spec.sem`` emits the LLVM
instructions for the op: Python operators become ``fadd``/``fsub``/``fmul``/``fneg``,
``N.sin`` a call to the math library, ``N.select(N.lt(a, b), b, a)`` an ``fcmp`` and a
``select``.  So the compiled code computes what the reference interpreter computes
(which passes Python floats to the same ``sem``), and the lowering restates no float
op's math.  Where :class:`~activity.ops.num.FloatBackend` *defines* a function by a
formula (``exp2`` as ``pow(2, a)``, ``cbrt`` as ``|a| ** (1/3)`` with the sign of
``a``, IEEE ``pow`` made total), this backend emits the same formula.

Values are computed in double precision: the lowering extends narrower float operands
to ``double`` and rounds the result back, exactly as the interpreter does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from llvmlite import ir

from activity.codegen.types import F64

MathCall = Callable[[str, list[ir.Value]], ir.Value]


class Num:
    """An LLVM ``double`` value with Python's arithmetic operators."""

    __slots__ = ("v", "N")

    def __init__(self, v: ir.Value, N: LLVMBackend) -> None:
        self.v = v
        self.N = N

    def __add__(self, o: Any) -> Num:
        return self.N.bin("fadd", self, o)

    def __radd__(self, o: Any) -> Num:
        return self.N.bin("fadd", o, self)

    def __sub__(self, o: Any) -> Num:
        return self.N.bin("fsub", self, o)

    def __rsub__(self, o: Any) -> Num:
        return self.N.bin("fsub", o, self)

    def __mul__(self, o: Any) -> Num:
        return self.N.bin("fmul", self, o)

    def __rmul__(self, o: Any) -> Num:
        return self.N.bin("fmul", o, self)

    def __truediv__(self, o: Any) -> Num:
        return self.N.bin("fdiv", self, o)

    def __rtruediv__(self, o: Any) -> Num:
        return self.N.bin("fdiv", o, self)

    def __neg__(self) -> Num:
        return Num(self.N.b.fneg(self.v, flags=self.N.flags), self.N)

    def __pow__(self, o: Any) -> Num:
        return self.N.pow(self, o)


# Whether arith.maximumf/minimumf lower to the llvm.maximum/minimum intrinsics (whose
# x86 expansion is slower in a reduction chain) instead of compares and selects with
# the same results.
MAXIMUM_INTRINSIC = False


def _int_of(t: ir.Type) -> ir.IntType:
    return ir.IntType({"double": 64, "float": 32, "half": 16}[str(t)])


class LLVMBackend:
    """Numeric backend emitting LLVM IR at a builder's position (doubles only).

    ``math(name, args)`` emits a call of a math-library function (``sin``, ``pow``,
    ...) for the target: LLVM intrinsics or libm on the host, libdevice on NVPTX.
    """

    name = "llvm"

    def __init__(self, builder: ir.IRBuilder, math: MathCall) -> None:
        self.b = builder
        self.math = math
        # LLVM fast-math flags for the instructions emitted now (the op's ``fastmath``)
        self.flags: tuple[str, ...] = ()

    # -- plumbing ------------------------------------------------------------------

    def val(self, x: Any) -> ir.Value:
        if isinstance(x, Num):
            return x.v
        if isinstance(x, bool):
            raise TypeError("a boolean where a float was expected")
        if isinstance(x, int | float):
            return ir.Constant(F64, float(x))
        if isinstance(x, ir.Value):
            return x
        raise TypeError(f"not a numeric value: {x!r}")

    def num(self, v: ir.Value) -> Num:
        return Num(v, self)

    def bin(self, opname: str, a: Any, b: Any) -> Num:
        return Num(getattr(self.b, opname)(self.val(a), self.val(b), flags=self.flags), self)

    def _call(self, fname: str, *args: Any) -> Num:
        return Num(self.math(fname, [self.val(a) for a in args]), self)

    # -- the backend interface of activity.ops.num ---------------------------------

    def const(self, c: float) -> Num:
        return Num(ir.Constant(F64, float(c)), self)

    def div(self, a: Any, b: Any) -> Num:
        return self.bin("fdiv", a, b)

    def fmod(self, a: Any, b: Any) -> Num:
        return self.bin("frem", a, b)

    def lt(self, a: Any, b: Any) -> ir.Value:
        return self.b.fcmp_ordered("<", self.val(a), self.val(b))

    def isnan(self, a: Any) -> ir.Value:
        v = self.val(a)
        return self.b.fcmp_unordered("uno", v, v)

    def _intrinsic2(self, name: str, a: Any, b: Any) -> Num:
        x, y = self.val(a), self.val(b)
        suffix = {"double": "f64", "float": "f32", "half": "f16"}[str(x.type)]
        module = self.b.module
        fname = f"{name}.{suffix}"
        fn = module.globals.get(fname)
        if fn is None:
            fn = ir.Function(module, ir.FunctionType(x.type, [x.type, x.type]), fname)
        return Num(self.b.call(fn, [x, y]), self)

    def maximum(self, a: Any, b: Any) -> Num:
        """NaN if either is, +0 above -0 (what upstream's ``llvm.maximum`` gives)."""
        if MAXIMUM_INTRINSIC:
            return self._intrinsic2("llvm.maximum", a, b)
        return self._ieee_max_min(a, b, maximum=True)

    def minimum(self, a: Any, b: Any) -> Num:
        if MAXIMUM_INTRINSIC:
            return self._intrinsic2("llvm.minimum", a, b)
        return self._ieee_max_min(a, b, maximum=False)

    def _ieee_max_min(self, a: Any, b: Any, maximum: bool) -> Num:
        """``a < b ? b : a`` (or ``b < a``), the NaN operand where either is NaN, and
        for two zeros +0 unless both are -0 (max) or -0 unless both are +0 (min): the
        results of upstream's ``llvm.maximum``/``llvm.minimum``, whose x86 expansion
        made GMM's primal (a max over 25 values per sample) 1.24x slower where these
        compares and selects cost it 1.09x (its gradient 1.06x-1.10x against
        1.03x)."""
        x, y = self.val(a), self.val(b)
        b_ = self.b
        first = b_.fcmp_ordered("<", x, y) if maximum else b_.fcmp_ordered("<", y, x)
        if "fast" in self.flags or {"nnan", "nsz"} <= set(self.flags):
            return Num(b_.select(first, y, x), self)  # (the op promises neither case)
        pick = b_.select(first, y, x)
        # two zeros: their sum has the max's sign (+0 unless both are -0), the negated
        # sum of their negations the min's; all of it stays in float registers (a sign
        # test through an integer register made GMM's max chain 1.2x slower) and in
        # float ops LLVM narrows back to f16/f32
        zero = ir.Constant(x.type, 0.0)
        zeros = b_.and_(b_.fcmp_ordered("==", x, zero), b_.fcmp_ordered("==", y, zero))
        if maximum:
            signed = b_.fadd(x, y)
        else:
            signed = b_.fneg(b_.fadd(b_.fneg(x), b_.fneg(y)))
        pick = b_.select(zeros, signed, pick)
        nan = b_.select(b_.fcmp_unordered("uno", x, x), x, y)
        return Num(b_.select(b_.fcmp_unordered("uno", x, y), nan, pick), self)

    def maxnum(self, a: Any, b: Any) -> Num:
        """The other operand where one is NaN; for equal operands the first, as the
        interpreter (``llvm.maxnum`` may return either zero)."""
        pick = self.select(self.lt(a, b), b, a)
        return pick if self._no_nans() else self.select(self.isnan(a), b, pick)

    def minnum(self, a: Any, b: Any) -> Num:
        pick = self.select(self.lt(b, a), b, a)
        return pick if self._no_nans() else self.select(self.isnan(a), b, pick)

    def _no_nans(self) -> bool:
        return "fast" in self.flags or "nnan" in self.flags

    def select(self, c: Any, a: Any, b: Any) -> Num:
        if isinstance(c, bool):
            return Num(self.val(a if c else b), self)
        return Num(self.b.select(c, self.val(a), self.val(b)), self)

    def pow(self, a: Any, b: Any) -> Num:
        """IEEE ``pow``, except that 0 to a negative power is NaN (a domain error for
        the float backend, which Python's ``math.pow`` reports)."""
        av, bv = self.val(a), self.val(b)
        r = self.math("pow", [av, bv])
        if isinstance(av, ir.Constant) and av.constant != 0.0:
            return Num(r, self)
        zero = ir.Constant(F64, 0.0)
        bad = self.b.and_(self.b.fcmp_ordered("==", av, zero),
                          self.b.fcmp_ordered("<", bv, zero))
        return Num(self.b.select(bad, ir.Constant(F64, float("nan")), r), self)

    def exp2(self, a: Any) -> Num:  # FloatBackend: pow(2, a)
        return self.pow(2.0, a)

    def cbrt(self, a: Any) -> Num:  # FloatBackend: copysign(|a| ** (1/3), a)
        return self.copysign(self.pow(self.abs(a), 1.0 / 3.0), a)

    def abs(self, a: Any) -> Num:
        return self._call("fabs", a)

    def copysign(self, a: Any, b: Any) -> Num:
        return self._call("copysign", a, b)

    def sign(self, a: Any) -> Num:
        v = self.val(a)
        zero = ir.Constant(F64, 0.0)
        neg = self.b.select(self.b.fcmp_ordered("<", v, zero), ir.Constant(F64, -1.0), zero)
        return Num(self.b.select(self.b.fcmp_ordered(">", v, zero), ir.Constant(F64, 1.0),
                                 neg), self)

    def __getattr__(self, fname: str) -> Callable[..., Num]:
        """Every other function of the backend interface is a math-library call."""
        if fname.startswith("_") or fname not in MATH_FUNCTIONS:
            raise AttributeError(fname)
        return lambda *args: self._call(fname, *args)


# Functions of the backend interface that are plain math-library calls.
MATH_FUNCTIONS = frozenset({
    "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh",
    "exp", "expm1", "erf", "floor", "ceil", "trunc", "log", "log2", "log10", "log1p",
    "sqrt", "erfc", "lgamma", "tgamma", "hypot", "asinh", "acosh", "atanh",
})
