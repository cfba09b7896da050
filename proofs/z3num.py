"""Numeric backends and solver helpers for the proofs.

* :class:`~activity.z3backend.Z3Backend` (re-exported): the op table's rules on Z3
  reals, transcendental functions uninterpreted.
* :class:`DualBackend`: the op table's *semantics* evaluated on dual numbers
  ``p + d*eps`` (``eps**2 = 0``) whose parts are Z3 terms.  The ``d`` part of
  ``sem(x + u*eps)`` is the directional derivative of ``sem`` at ``x`` along ``u``,
  computed from the algebra of dual numbers and a textbook derivative table for the
  elementary functions -- independently of the op table's ``partials``, which the
  proofs compare against it.  Piecewise functions use the derivative of the piece
  selected at the primal point (valid away from the pieces' boundaries, which each
  lemma excludes by its domain condition).
* :func:`prove`: check that a formula is valid; uninterpreted applications can be
  abstracted to fresh reals (a stronger statement, decidable by Z3's nonlinear real
  arithmetic) when Z3 cannot decide the formula with the functions.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

import z3

from activity.z3backend import UNINTERPRETED, Z3Backend, boolean, real

__all__ = [
    "Check", "Dual", "DualBackend", "Z3Backend", "prove", "real", "timed",
]


@dataclass
class Check:
    """The outcome of one machine check."""

    group: str  # e.g. "derivative rules"
    name: str  # e.g. "arith.mulf"
    ok: bool
    detail: str = ""
    seconds: float = 0.0
    lemma: str = ""  # the lemma (docs/formal.md) the check establishes
    extra: dict[str, Any] = field(default_factory=dict)


def timed(group: str, name: str, lemma: str, fn: Any) -> Check:
    """Run ``fn() -> (ok, detail)`` and wrap it in a :class:`Check`."""
    t0 = time.perf_counter()
    try:
        ok, detail = fn()
    except Exception as e:  # a crashing check is a failing check
        ok, detail = False, f"{type(e).__name__}: {e}"
    return Check(group, name, bool(ok), detail, time.perf_counter() - t0, lemma)


# ---------------------------------------------------------------------------
# Proving validity.


def _abstract(formula: z3.ExprRef, names: set[str]) -> z3.ExprRef:
    """Replace every application of an uninterpreted function named in ``names`` by a
    fresh real (the same application by the same real)."""
    subst: dict[int, tuple[z3.ExprRef, z3.ExprRef]] = {}
    todo = [formula]
    seen: set[int] = set()
    while todo:
        e = todo.pop()
        if e.get_id() in seen:
            continue
        seen.add(e.get_id())
        if z3.is_app(e) and e.decl().kind() == z3.Z3_OP_UNINTERPRETED and e.num_args() > 0 \
                and e.decl().name() in names:
            if e.get_id() not in subst:
                subst[e.get_id()] = (e, z3.FreshReal("uf"))
        if z3.is_app(e):
            todo.extend(e.children())
    if not subst:
        return formula
    # substitute innermost-first so that nested applications are abstracted too
    pairs = sorted(subst.values(), key=lambda p: -_depth(p[0]))
    out = formula
    for old, new in pairs:
        out = z3.substitute(out, (old, new))
    return out


def _depth(e: z3.ExprRef) -> int:
    if not z3.is_app(e) or e.num_args() == 0:
        return 0
    return 1 + max(_depth(c) for c in e.children())


def prove(formula: Any, timeout_ms: int = 10_000, abstract: bool = True
          ) -> tuple[str, z3.ModelRef | None]:
    """``("proved", None)`` if ``formula`` is valid; ``("refuted", model)`` with a
    counterexample; ``("unknown", None)`` otherwise.  If Z3 answers unknown with the
    uninterpreted functions, retries with their applications abstracted to fresh reals
    (valid then implies valid before)."""
    f = boolean(formula)
    if f is True:
        return "proved", None
    if f is False:
        return "refuted", None
    s = z3.Solver()
    s.set(timeout=timeout_ms)
    s.add(z3.Not(f))
    r = s.check()
    if r == z3.unsat:
        return "proved", None
    if r == z3.sat:
        return "refuted", s.model()
    if abstract:
        g = _abstract(f, set(UNINTERPRETED))
        if not g.eq(f):
            s2 = z3.Solver()
            s2.set(timeout=timeout_ms)
            s2.add(z3.Not(g))
            if s2.check() == z3.unsat:
                return "proved", None
    return "unknown", None


# ---------------------------------------------------------------------------
# Dual numbers.


class Dual:
    """``p + d*eps`` with ``eps**2 = 0``; ``p`` and ``d`` are Z3 reals."""

    __slots__ = ("p", "d")

    def __init__(self, p: Any, d: Any = 0) -> None:
        self.p = real(p)
        self.d = real(d)

    @staticmethod
    def lift(x: Any) -> Dual:
        return x if isinstance(x, Dual) else Dual(x, 0)

    def __add__(self, o: Any) -> Dual:
        o = Dual.lift(o)
        return Dual(self.p + o.p, self.d + o.d)

    __radd__ = __add__

    def __sub__(self, o: Any) -> Dual:
        o = Dual.lift(o)
        return Dual(self.p - o.p, self.d - o.d)

    def __rsub__(self, o: Any) -> Dual:
        return Dual.lift(o) - self

    def __mul__(self, o: Any) -> Dual:
        o = Dual.lift(o)
        return Dual(self.p * o.p, self.p * o.d + self.d * o.p)

    __rmul__ = __mul__

    def __truediv__(self, o: Any) -> Dual:
        o = Dual.lift(o)
        return Dual(self.p / o.p, (self.d * o.p - self.p * o.d) / (o.p * o.p))

    def __rtruediv__(self, o: Any) -> Dual:
        return Dual.lift(o) / self

    def __neg__(self) -> Dual:
        return Dual(-self.p, -self.d)


def _chain(N: Z3Backend, name: str, x: Dual) -> Dual:
    """``f(x)`` for an elementary ``f``: value by the uninterpreted function, derivative
    by the textbook rule ``f(p + d eps) = f(p) + f'(p) d eps``."""
    p = x.p
    f = N.apply(name, p)
    # float constants are multiplied in as Python floats, so that Z3 converts them
    # exactly as it converts the op table's constants
    ln2, ln10 = math.log(2.0), math.log(10.0)
    textbook = {
        "sin": lambda: N.apply("cos", p),
        "cos": lambda: -N.apply("sin", p),
        "tan": lambda: 1 / (N.apply("cos", p) * N.apply("cos", p)),
        "asin": lambda: 1 / N.apply("sqrt", 1 - p * p),
        "acos": lambda: -1 / N.apply("sqrt", 1 - p * p),
        "atan": lambda: 1 / (1 + p * p),
        "sinh": lambda: N.apply("cosh", p),
        "cosh": lambda: N.apply("sinh", p),
        "tanh": lambda: 1 / (N.apply("cosh", p) * N.apply("cosh", p)),
        "exp": lambda: f,
        "exp2": lambda: f * ln2,
        "expm1": lambda: N.apply("exp", p),
        "erf": lambda: N.apply("exp", -(p * p)) * (2 / math.sqrt(math.pi)),
        "log": lambda: 1 / p,
        "log2": lambda: 1 / (p * ln2),
        "log10": lambda: 1 / (p * ln10),
        "log1p": lambda: 1 / (1 + p),
        "sqrt": lambda: 1 / (2 * f),
        "cbrt": lambda: 1 / (3 * f * f),
        "erfc": lambda: -(N.apply("exp", -(p * p)) * (2 / math.sqrt(math.pi))),
        "asinh": lambda: 1 / N.apply("sqrt", 1 + p * p),
        "acosh": lambda: 1 / N.apply("sqrt", p * p - 1),
        "atanh": lambda: 1 / (1 - p * p),
        "lgamma": lambda: N.apply("digamma", p),
        "tgamma": lambda: f * N.apply("digamma", p),
    }
    return Dual(f, textbook[name]() * x.d)


class DualBackend:
    """The op table's numeric interface on :class:`Dual` numbers (see module doc)."""

    name = "dual"

    def __init__(self, base: Z3Backend | None = None) -> None:
        self.N = base or Z3Backend()

    def const(self, c: float) -> Dual:
        return Dual(c, 0)

    def div(self, a: Any, b: Any) -> Dual:
        return Dual.lift(a) / Dual.lift(b)

    def pow(self, a: Any, b: Any) -> Dual:
        a, b = Dual.lift(a), Dual.lift(b)
        N = self.N
        f = N.apply("pow", a.p, b.p)
        # d(a^b) = b a^(b-1) da + a^b ln(a) db
        d = b.p * N.apply("pow", a.p, b.p - 1) * a.d + f * N.apply("log", a.p) * b.d
        return Dual(f, d)

    def atan2(self, a: Any, b: Any) -> Dual:
        a, b = Dual.lift(a), Dual.lift(b)
        r2 = a.p * a.p + b.p * b.p
        return Dual(self.N.apply("atan2", a.p, b.p), (b.p * a.d - a.p * b.d) / r2)

    def hypot(self, a: Any, b: Any) -> Dual:
        a, b = Dual.lift(a), Dual.lift(b)
        h = self.N.apply("hypot", a.p, b.p)
        return Dual(h, (a.p * a.d + b.p * b.d) / h)

    def abs(self, a: Any) -> Dual:
        a = Dual.lift(a)
        neg = a.p < 0
        return Dual(z3.If(neg, -a.p, a.p), z3.If(neg, -a.d, a.d))

    def sign(self, a: Any) -> Dual:
        return Dual(self.N.sign(Dual.lift(a).p), 0)

    def copysign(self, a: Any, b: Any) -> Dual:
        a, b = Dual.lift(a), Dual.lift(b)
        m = self.abs(a)
        neg = b.p < 0
        return Dual(z3.If(neg, -m.p, m.p), z3.If(neg, -m.d, m.d))

    def floor(self, a: Any) -> Dual:
        return Dual(self.N.floor(Dual.lift(a).p), 0)

    def ceil(self, a: Any) -> Dual:
        return Dual(self.N.ceil(Dual.lift(a).p), 0)

    def trunc(self, a: Any) -> Dual:
        return Dual(self.N.trunc(Dual.lift(a).p), 0)

    def fmod(self, a: Any, b: Any) -> Dual:
        a, b = Dual.lift(a), Dual.lift(b)
        return a - b * self.trunc(a / b)

    @staticmethod
    def lt(a: Any, b: Any) -> Any:
        return Dual.lift(a).p < Dual.lift(b).p

    @staticmethod
    def select(c: Any, a: Any, b: Any) -> Dual:
        c = boolean(c.p if isinstance(c, Dual) else c)
        a, b = Dual.lift(a), Dual.lift(b)
        if c is True:
            return a
        if c is False:
            return b
        return Dual(z3.If(c, a.p, b.p), z3.If(c, a.d, b.d))

    @staticmethod
    def isnan(a: Any) -> bool:
        return False

    # over the reals the four max/min ops are plain max and min
    def maximum(self, a: Any, b: Any) -> Dual:
        return self.select(self.lt(a, b), b, a)

    maxnum = maximum

    def minimum(self, a: Any, b: Any) -> Dual:
        return self.select(self.lt(b, a), b, a)

    minnum = minimum

    def __getattr__(self, name: str) -> Any:
        if name in UNINTERPRETED:
            return lambda x: _chain(self.N, name, Dual.lift(x))
        raise AttributeError(name)
