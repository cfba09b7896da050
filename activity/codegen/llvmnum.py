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
    "sqrt",
})
