"""A Z3 numeric backend for the op table's generic semantics and derivative rules.

The op table writes every scalar rule once, generically over a numeric backend ``N``
(see :mod:`activity.ops.num`).  :class:`Z3Backend` evaluates those rules on Z3 real
terms, so the same lambdas the interpreter runs on Python floats become formulas:

* field arithmetic (``+ - * /``, unary minus) is Z3's real arithmetic; division by zero
  is Z3's (an unspecified total function), which is only ever an over-approximation;
* piecewise functions (``abs``, ``sign``, ``copysign``, ``floor``/``ceil``/``trunc``,
  ``fmod``, comparisons, ``select``) are exact Z3 terms;
* transcendental functions (``sin``, ``exp``, ``log``, ``sqrt``, ``pow``, ...) are
  *uninterpreted functions*, one per name and backend instance.  A formula proven
  valid with them uninterpreted is valid for the real functions (they are one of the
  interpretations); a model found with them may be spurious and must be re-checked on
  the real functions.  :meth:`Z3Backend.facts` returns ground instances of true facts
  about the functions applied so far (``exp x > 0``, ``sqrt x ** 2 = x`` for
  ``x >= 0``, ``sin^2 + cos^2 = 1``, ``tan = sin / cos``, ...); adding them only
  removes spurious models.

IEEE specifics are not modelled: floats are reals (no rounding, no NaN/inf, no signed
zero).  This module is shared by the bounded verifier (:mod:`activity.verify`) and the
proofs (``proofs/``); nothing in ``activity`` imports ``proofs``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import z3

# Uninterpreted functions of the backend, with their arity.
UNINTERPRETED: dict[str, int] = {
    "sin": 1, "cos": 1, "tan": 1, "asin": 1, "acos": 1, "atan": 1, "atan2": 2,
    "sinh": 1, "cosh": 1, "tanh": 1, "exp": 1, "exp2": 1, "expm1": 1, "erf": 1,
    "log": 1, "log2": 1, "log10": 1, "log1p": 1, "sqrt": 1, "cbrt": 1, "pow": 2,
    "erfc": 1, "lgamma": 1, "tgamma": 1, "hypot": 2, "asinh": 1, "acosh": 1, "atanh": 1,
    # (the derivative of lgamma: only in partials, whose formula the op table's
    # activity.ops.gamma.digamma computes; the proofs check that formula numerically)
    "digamma": 1,
}


def real(x: Any) -> z3.ArithRef:
    """A Z3 real for a Python number (exact: floats become their exact rational)."""
    if isinstance(x, z3.ExprRef):
        if z3.is_bool(x):
            raise TypeError("boolean where a real was expected")
        if z3.is_int(x):
            return z3.ToReal(x)
        return x  # type: ignore[return-value]
    if isinstance(x, bool):
        return z3.RealVal(int(x))
    if isinstance(x, int):
        return z3.RealVal(x)
    fr = Fraction(float(x))
    return z3.RealVal(f"{fr.numerator}/{fr.denominator}")


def boolean(c: Any) -> z3.BoolRef | bool:
    """A Z3 boolean (or Python bool) for a condition: Bool, i1 bit-vector, or number."""
    if isinstance(c, z3.ExprRef):
        if z3.is_bool(c):
            return c  # type: ignore[return-value]
        if z3.is_bv(c):
            return c != 0  # type: ignore[return-value]
        return c != 0  # type: ignore[return-value]
    return bool(c)


def ite(c: Any, a: Any, b: Any) -> Any:
    """``c ? a : b`` on reals, folding constant conditions."""
    c = boolean(c)
    if c is True:
        return a
    if c is False:
        return b
    if isinstance(c, z3.BoolRef) and z3.is_true(c):
        return a
    if isinstance(c, z3.BoolRef) and z3.is_false(c):
        return b
    if isinstance(a, z3.ExprRef) and isinstance(b, z3.ExprRef) and z3.is_bv(a):
        return z3.If(c, a, b)
    return z3.If(c, real(a), real(b))


class Z3Backend:
    """The op table's numeric backend on Z3 real terms (see the module docstring)."""

    name = "z3"

    def __init__(self, prefix: str = "") -> None:
        self.prefix = prefix
        self.funcs: dict[str, z3.FuncDeclRef] = {}
        # applications seen so far, per function name: argument tuples
        self.apps: dict[str, list[tuple[z3.ArithRef, ...]]] = {}
        self._seen: set[tuple[str, tuple[int, ...]]] = set()

    # -- uninterpreted functions ---------------------------------------------------
    def fn(self, name: str) -> z3.FuncDeclRef:
        f = self.funcs.get(name)
        if f is None:
            arity = UNINTERPRETED[name]
            f = z3.Function(self.prefix + name, *([z3.RealSort()] * (arity + 1)))
            self.funcs[name] = f
        return f

    def apply(self, name: str, *args: Any) -> z3.ArithRef:
        rs = tuple(real(a) for a in args)
        key = (name, tuple(a.get_id() for a in rs))
        if key not in self._seen:
            self._seen.add(key)
            self.apps.setdefault(name, []).append(rs)
        return self.fn(name)(*rs)  # type: ignore[return-value]

    def facts(self) -> list[z3.BoolRef]:
        """Ground instances of true facts about every uninterpreted application so far
        (applying new functions while collecting is fine: it iterates to a fixpoint)."""
        out: list[z3.BoolRef] = []
        done: set[tuple[str, tuple[int, ...]]] = set()
        changed = True
        while changed:
            changed = False
            for name, lst in list(self.apps.items()):
                for args in list(lst):
                    key = (name, tuple(a.get_id() for a in args))
                    if key in done:
                        continue
                    done.add(key)
                    changed = True
                    out.extend(self._facts_of(name, args))
        return out

    def _facts_of(self, name: str, args: tuple[z3.ArithRef, ...]) -> list[z3.BoolRef]:
        x = args[0]
        f = self.fn(name)(*args)
        if name in ("sin", "cos"):
            s, c = self.apply("sin", x), self.apply("cos", x)
            return [f >= -1, f <= 1, s * s + c * c == 1]
        if name == "tan":  # tan = sin / cos
            return [f * self.apply("cos", x) == self.apply("sin", x)]
        if name in ("sinh", "cosh"):
            sh, ch = self.apply("sinh", x), self.apply("cosh", x)
            return [ch >= 1, ch * ch - sh * sh == 1]
        if name == "tanh":  # tanh = sinh / cosh
            return [f > -1, f < 1, f * self.apply("cosh", x) == self.apply("sinh", x)]
        if name in ("exp", "exp2"):
            return [f > 0]
        if name == "sqrt":
            return [z3.Implies(x >= 0, z3.And(f >= 0, f * f == x))]
        if name == "cbrt":
            return [f * f * f == x]
        if name == "erf":
            return [f > -1, f < 1]
        if name == "erfc":
            return [f > 0, f < 2, f + self.apply("erf", x) == 1]
        if name == "hypot":
            y = args[1]
            return [f >= 0, f * f == x * x + y * y]
        if name == "expm1":
            return [f > -1]
        if name == "atan":
            return [f > -2, f < 2]
        return []

    # -- the backend interface -----------------------------------------------------
    @staticmethod
    def const(c: float) -> z3.ArithRef:
        return real(c)

    def div(self, a: Any, b: Any) -> z3.ArithRef:
        return real(a) / real(b)  # type: ignore[return-value]

    def abs(self, a: Any) -> z3.ArithRef:
        a = real(a)
        return z3.If(a < 0, -a, a)  # type: ignore[return-value]

    def sign(self, a: Any) -> z3.ArithRef:
        a = real(a)
        return z3.If(a > 0, real(1), z3.If(a < 0, real(-1), real(0)))  # type: ignore

    def copysign(self, a: Any, b: Any) -> z3.ArithRef:
        m = self.abs(a)
        return z3.If(real(b) < 0, -m, m)  # type: ignore[return-value]

    def floor(self, a: Any) -> z3.ArithRef:
        return z3.ToReal(z3.ToInt(real(a)))

    def ceil(self, a: Any) -> z3.ArithRef:
        return -self.floor(-real(a))  # type: ignore[return-value]

    def trunc(self, a: Any) -> z3.ArithRef:
        a = real(a)
        return z3.If(a >= 0, self.floor(a), self.ceil(a))  # type: ignore[return-value]

    def fmod(self, a: Any, b: Any) -> z3.ArithRef:
        a, b = real(a), real(b)
        return a - b * self.trunc(a / b)  # type: ignore[return-value]

    @staticmethod
    def lt(a: Any, b: Any) -> z3.BoolRef:
        return real(a) < real(b)  # type: ignore[return-value]

    @staticmethod
    def select(c: Any, a: Any, b: Any) -> Any:
        return ite(c, a, b)

    @staticmethod
    def isnan(a: Any) -> bool:
        return False

    # over the reals the four max/min ops are plain max and min
    def maximum(self, a: Any, b: Any) -> Any:
        return ite(self.lt(a, b), b, a)

    maxnum = maximum

    def minimum(self, a: Any, b: Any) -> Any:
        return ite(self.lt(b, a), b, a)

    minnum = minimum

    def __getattr__(self, name: str) -> Any:
        if name in UNINTERPRETED:
            return lambda *args: self.apply(name, *args)
        raise AttributeError(name)


Z3 = Z3Backend()
"""A shared instance (one set of uninterpreted functions)."""


def to_float(v: z3.ExprRef) -> float:
    """A Python float for a Z3 numeral in a model (algebraic numbers approximated)."""
    if z3.is_rational_value(v):
        return float(Fraction(v.numerator_as_long(), v.denominator_as_long()))
    if z3.is_algebraic_value(v):
        return float(Fraction(v.approx(20).as_fraction()))  # type: ignore[attr-defined]
    if z3.is_int_value(v):
        return float(v.as_long())  # type: ignore[attr-defined]
    raise ValueError(f"not a numeral: {v}")
