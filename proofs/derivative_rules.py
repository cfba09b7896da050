"""Lemma D (derivative rules): the op table's partial derivatives are the derivatives of
its semantics.

For every float/select op with ``partials``, Z3 proves, for all ``x`` in the op's
domain and every direction ``u`` over the ``diff`` operands,

    d/de sem(x + e*u) at e=0  ==  sum_i partials_i(x) * u_i

where the left side is computed by evaluating the op's *semantics* on dual numbers
(:class:`proofs.z3num.DualBackend`): exactly for polynomial/rational ops (Z3 real
arithmetic), and for transcendental ops with the elementary functions uninterpreted,
constrained only by their textbook derivative rules and defining identities
(``tan = sin/cos``, ``sin^2 + cos^2 = 1``, ``sqrt(x)^2 = x``, ...).  The dual-number
algebra is itself checked (product and quotient rules are the ``eps`` coefficient of a
ring identity), and every textbook rule and every op's partials are cross-checked by
central finite differences on IEEE doubles at random points of the domain.

Casts: ``extf``/``truncf`` are the identity on reals (derivative 1); the
``bitcast`` round trip float -> int -> float is the identity, so the chain rule through
the two bitcasts must give 1; float -> int conversions are piecewise constant
(derivative 0 off the integers).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import z3

from activity.ops import TABLE, OpKind, OpSpec
from activity.ops.gamma import digamma
from activity.ops.num import FLOAT
from proofs.snippets import float_arity, generic, instance, signature
from proofs.z3num import Check, Dual, DualBackend, Z3Backend, prove, real, timed

GROUP = "derivative rules"

Z = Callable[..., Any]

# Per op family (keyed by the table's summary): the domain where the op is
# differentiable as a Z3 formula, the same as a float predicate, and a sampling box.
_INT_FREE = lambda N, x: N.floor(x) != x  # noqa: E731  (x not an integer)


def _fl_frac(x: float) -> float:
    return abs(x - round(x))


# max and min: differentiable where the operands differ
_KINK: tuple[Z, Z, list[tuple[float, float]]] = (
    lambda N, a, b: a != b, lambda a, b: abs(a - b) > 1e-3, [(-3, 3)] * 2)

DOMAINS: dict[str, tuple[Z, Z, list[tuple[float, float]]]] = {
    "a + b": (lambda N, a, b: True, lambda a, b: True, [(-3, 3)] * 2),
    "a - b": (lambda N, a, b: True, lambda a, b: True, [(-3, 3)] * 2),
    "a * b": (lambda N, a, b: True, lambda a, b: True, [(-3, 3)] * 2),
    "a / b": (lambda N, a, b: b != 0, lambda a, b: abs(b) > 0.1, [(-3, 3)] * 2),
    "-a": (lambda N, a: True, lambda a: True, [(-3, 3)]),
    "fmod(a, b)": (lambda N, a, b: z3.And(b != 0, _INT_FREE(N, a / b)),
                   lambda a, b: abs(b) > 0.1 and _fl_frac(a / b) > 1e-3, [(-5, 5)] * 2),
    "max(a, b), NaN if either is": _KINK,
    "max(a, b), the other if one is NaN": _KINK,
    "min(a, b), NaN if either is": _KINK,
    "min(a, b), the other if one is NaN": _KINK,
    "sin a": (lambda N, a: True, lambda a: True, [(-4, 4)]),
    "cos a": (lambda N, a: True, lambda a: True, [(-4, 4)]),
    "tan a": (lambda N, a: N.cos(a) != 0, lambda a: abs(math.cos(a)) > 0.1, [(-4, 4)]),
    "asin a": (lambda N, a: z3.And(a > -1, a < 1), lambda a: abs(a) < 0.95, [(-1, 1)]),
    "acos a": (lambda N, a: z3.And(a > -1, a < 1), lambda a: abs(a) < 0.95, [(-1, 1)]),
    "atan a": (lambda N, a: True, lambda a: True, [(-4, 4)]),
    "atan2(a, b)": (lambda N, a, b: z3.And(a * a + b * b > 0, z3.Or(a != 0, b > 0)),
                    lambda a, b: a * a + b * b > 0.01 and (abs(a) > 1e-3 or b > 0),
                    [(-3, 3)] * 2),
    "asinh a": (lambda N, a: True, lambda a: True, [(-3, 3)]),
    "acosh a": (lambda N, a: a > 1, lambda a: a > 1.05, [(1, 4)]),
    "atanh a": (lambda N, a: z3.And(a > -1, a < 1), lambda a: abs(a) < 0.95, [(-1, 1)]),
    "sinh a": (lambda N, a: True, lambda a: True, [(-3, 3)]),
    "cosh a": (lambda N, a: True, lambda a: True, [(-3, 3)]),
    "tanh a": (lambda N, a: True, lambda a: True, [(-3, 3)]),
    "e^a": (lambda N, a: True, lambda a: True, [(-3, 3)]),
    "2^a": (lambda N, a: True, lambda a: True, [(-3, 3)]),
    "e^a - 1": (lambda N, a: True, lambda a: True, [(-3, 3)]),
    "ln a": (lambda N, a: a > 0, lambda a: a > 0.05, [(0, 4)]),
    "log2 a": (lambda N, a: a > 0, lambda a: a > 0.05, [(0, 4)]),
    "log10 a": (lambda N, a: a > 0, lambda a: a > 0.05, [(0, 4)]),
    "ln(1 + a)": (lambda N, a: a > -1, lambda a: a > -0.95, [(-1, 3)]),
    "sqrt a": (lambda N, a: a > 0, lambda a: a > 0.05, [(0, 4)]),
    "1 / sqrt a": (lambda N, a: a > 0, lambda a: a > 0.05, [(0, 4)]),
    "cube root of a": (lambda N, a: a != 0, lambda a: abs(a) > 0.05, [(-4, 4)]),
    "erf a": (lambda N, a: True, lambda a: True, [(-3, 3)]),
    "erfc a = 1 - erf a": (lambda N, a: True, lambda a: True, [(-3, 3)]),
    # lgamma and tgamma: away from the poles 0, -1, -2, ...
    "ln |Gamma(a)| (C's lgamma)": (lambda N, a: z3.Or(a > 0, _INT_FREE(N, a)),
                                   lambda a: a > 0.05 or _fl_frac(a) > 0.05, [(-4, 6)]),
    "Gamma(a) (C's tgamma)": (lambda N, a: z3.Or(a > 0, _INT_FREE(N, a)),
                              lambda a: a > 0.05 or _fl_frac(a) > 0.05, [(-3, 4)]),
    "sqrt(a^2 + b^2) without overflow (C's hypot)": (
        lambda N, a, b: a * a + b * b > 0, lambda a, b: a * a + b * b > 0.01, [(-3, 3)] * 2),
    "a ^ b": (lambda N, a, b: a > 0, lambda a, b: a > 0.1, [(0, 3), (-2, 2)]),
    "|a|": (lambda N, a: a != 0, lambda a: abs(a) > 1e-3, [(-3, 3)]),
    "|a| with the sign of b": (lambda N, a, b: z3.And(a != 0, b != 0),
                               lambda a, b: abs(a) > 1e-3 and abs(b) > 1e-3, [(-3, 3)] * 2),
    "a * b + c": (lambda N, a, b, c: True, lambda a, b, c: True, [(-3, 3)] * 3),
    "floor a": (lambda N, a: _INT_FREE(N, a), lambda a: _fl_frac(a) > 1e-3, [(-4, 4)]),
    "ceil a": (lambda N, a: _INT_FREE(N, a), lambda a: _fl_frac(a) > 1e-3, [(-4, 4)]),
    "trunc a": (lambda N, a: _INT_FREE(N, a), lambda a: _fl_frac(a) > 1e-3, [(-4, 4)]),
    "round a (half away from zero)": (lambda N, a: _INT_FREE(N, a + 0.5),
                                      lambda a: _fl_frac(a + 0.5) > 1e-3, [(-4, 4)]),
    "c ? a : b": (lambda N, c, a, b: True, lambda c, a, b: True, [(0, 1), (-3, 3), (-3, 3)]),
    "the operand, or an arbitrary value for poison": (lambda N, a: True, lambda a: True,
                                                      [(-3, 3)]),
    "widen float": (lambda N, a: True, lambda a: True, [(-3, 3)]),
}


def float_specs() -> list[OpSpec]:
    """The ops whose semantics is backend-generic (float ops, select, freeze...)."""
    return [s for s in TABLE.values() if generic(s)]


def arity(spec: OpSpec) -> int:
    return 3 if spec.kind == OpKind.SELECT else float_arity(spec)


def float_operands(spec: OpSpec) -> list[int]:
    """Operands of real type (a select's condition is an i1)."""
    n = arity(spec)
    return [1, 2] if spec.kind == OpKind.SELECT else list(range(n))


def domain(spec: OpSpec) -> tuple[Z, Z, list[tuple[float, float]]]:
    d = DOMAINS.get(spec.summary)
    if d is None:
        raise KeyError(f"no domain for {spec.name} ('{spec.summary}'): add one to DOMAINS")
    return d


def symbolic(spec: OpSpec, tag: str = "") -> tuple[Z3Backend, list[Any], list[Any]]:
    """A backend and symbolic primal arguments (a select's condition is a Bool) and
    directions for ``spec``."""
    N = Z3Backend(tag)
    n = arity(spec)
    xs: list[Any] = [z3.Real(f"x{i}") for i in range(n)]
    if spec.kind == OpKind.SELECT:
        xs[0] = z3.Bool("c")
    us = [z3.Real(f"u{i}") for i in range(n)]
    return N, xs, us


def directional(spec: OpSpec, N: Z3Backend, xs: list[Any], us: list[Any],
                along: list[int]) -> Any:
    """The derivative of ``spec.sem`` at ``xs`` along ``us`` restricted to ``along``."""
    D = DualBackend(N)
    args = [Dual(x, us[i] if i in along else 0) if i in float_operands(spec) else x
            for i, x in enumerate(xs)]
    return Dual.lift(spec.sem(D, None, *args)[0]).d  # type: ignore[misc]


def tangent_rule(spec: OpSpec, N: Z3Backend, xs: list[Any], us: list[Any],
                 along: list[int]) -> Any:
    """The table's tangent rule ``sum_{i in diff} partials_i * u_i`` (``u_i = 0`` off
    ``along``)."""
    if spec.partials is None or not spec.diff:
        return real(0)
    ps = spec.partials(N, *xs)
    total: Any = real(0)
    for i, p in zip(spec.diff, ps, strict=True):
        if i in along:
            total = total + real(p) * us[i]
    return total


def check_rule(spec: OpSpec) -> tuple[bool, str]:
    """Z3: on the domain, the tangent rule equals the dual-number derivative along any
    direction over the ``diff`` operands."""
    N, xs, us = symbolic(spec)
    zdom, _, _ = domain(spec)
    lhs = directional(spec, N, xs, us, list(spec.diff))
    rhs = tangent_rule(spec, N, xs, us, list(spec.diff))
    dom = zdom(N, *xs)
    goal = z3.Implies(z3.And(dom, *N.facts()), lhs == rhs)
    status, model = prove(goal)
    if status == "proved":
        return True, "proved"
    return False, f"{status}: derivative of sem {lhs} vs partials {rhs}" + (
        f"; counterexample {model}" if model is not None else "")


# ---------------------------------------------------------------------------
# Numeric cross-checks on IEEE doubles.


def _sample(spec: OpSpec, rng: random.Random) -> list[float]:
    _, fdom, box = domain(spec)
    for _ in range(1000):
        xs = [rng.uniform(lo, hi) for lo, hi in box]
        if spec.kind == OpKind.SELECT:
            xs[0] = float(rng.random() < 0.5)
        if fdom(*xs):
            return xs
    raise RuntimeError(f"cannot sample the domain of {spec.name}")


def _close(a: float, b: float, tol: float = 1e-4) -> bool:
    return abs(a - b) <= tol * max(1.0, abs(a), abs(b))


def fd_partial(f: Callable[..., float], xs: list[float], i: int) -> float:
    h = 1e-6 * max(1.0, abs(xs[i]))
    hi, lo = list(xs), list(xs)
    hi[i] += h
    lo[i] -= h
    return (f(*hi) - f(*lo)) / (2 * h)


def check_numeric(spec: OpSpec, samples: int = 8, seed: int = 0) -> tuple[bool, str]:
    """Central differences of ``sem`` on doubles vs the table's partials (zero for
    float operands not in ``diff``)."""
    rng = random.Random(hash(spec.name) ^ seed)

    def f(*a: float) -> float:
        if spec.kind == OpKind.SELECT:
            a = (bool(a[0]),) + a[1:]
        return spec.sem(FLOAT, None, *a)[0]  # type: ignore[misc]

    for _ in range(samples):
        xs = _sample(spec, rng)
        args = [bool(xs[0])] + xs[1:] if spec.kind == OpKind.SELECT else xs
        ps = dict(zip(spec.diff, spec.partials(FLOAT, *args), strict=True)) \
            if spec.partials is not None and spec.diff else {}
        for i in float_operands(spec):
            fd = fd_partial(f, xs, i)
            want = float(ps.get(i, 0.0))
            if not _close(fd, want):
                return False, f"at {xs}: d/dx{i} by finite differences {fd:.6g}, " \
                              f"table {want:.6g}"
    return True, f"{samples} points"


_TEXTBOOK = {  # the textbook rules DualBackend uses, on floats
    "sin": (math.sin, math.cos, (-4, 4)), "cos": (math.cos, lambda x: -math.sin(x), (-4, 4)),
    "tan": (math.tan, lambda x: 1 / math.cos(x) ** 2, (-1.2, 1.2)),
    "asin": (math.asin, lambda x: 1 / math.sqrt(1 - x * x), (-0.9, 0.9)),
    "acos": (math.acos, lambda x: -1 / math.sqrt(1 - x * x), (-0.9, 0.9)),
    "atan": (math.atan, lambda x: 1 / (1 + x * x), (-4, 4)),
    "sinh": (math.sinh, math.cosh, (-3, 3)), "cosh": (math.cosh, math.sinh, (-3, 3)),
    "tanh": (math.tanh, lambda x: 1 / math.cosh(x) ** 2, (-3, 3)),
    "exp": (math.exp, math.exp, (-3, 3)),
    "exp2": (lambda x: 2.0 ** x, lambda x: 2.0 ** x * math.log(2.0), (-3, 3)),
    "expm1": (math.expm1, math.exp, (-3, 3)),
    "erf": (math.erf, lambda x: math.exp(-x * x) * 2 / math.sqrt(math.pi), (-3, 3)),
    "log": (math.log, lambda x: 1 / x, (0.1, 4)),
    "log2": (math.log2, lambda x: 1 / (x * math.log(2.0)), (0.1, 4)),
    "log10": (math.log10, lambda x: 1 / (x * math.log(10.0)), (0.1, 4)),
    "log1p": (math.log1p, lambda x: 1 / (1 + x), (-0.9, 3)),
    "sqrt": (math.sqrt, lambda x: 1 / (2 * math.sqrt(x)), (0.1, 4)),
    "cbrt": (lambda x: math.copysign(abs(x) ** (1 / 3), x),
             lambda x: 1 / (3 * abs(x) ** (2 / 3)), (0.1, 4)),
    "asinh": (math.asinh, lambda x: 1 / math.sqrt(1 + x * x), (-3, 3)),
    "acosh": (math.acosh, lambda x: 1 / math.sqrt(x * x - 1), (1.1, 4)),
    "atanh": (math.atanh, lambda x: 1 / (1 - x * x), (-0.9, 0.9)),
    "erfc": (math.erfc, lambda x: -math.exp(-x * x) * 2 / math.sqrt(math.pi), (-3, 3)),
    # digamma is the op table's formula (activity.ops.gamma): this checks it as well
    "lgamma": (math.lgamma, lambda x: digamma(FLOAT, x), (0.1, 6)),
    "tgamma": (math.gamma, lambda x: math.gamma(x) * digamma(FLOAT, x), (0.2, 4)),
}
# Uninterpreted functions the duals never differentiate: they occur only in partials
# (digamma, lgamma's derivative; its formula is checked through lgamma above and by
# check_digamma).
_PARTIALS_ONLY = {"digamma"}


def check_textbook() -> tuple[bool, str]:
    """The elementary derivative table of the dual numbers, by finite differences."""
    rng = random.Random(1)
    for name, (f, df, (lo, hi)) in _TEXTBOOK.items():
        for _ in range(8):
            x = rng.uniform(lo, hi)
            fd = fd_partial(f, [x], 0)
            if not _close(fd, df(x)):
                return False, f"{name}'({x}) = {df(x)} but finite differences give {fd}"
    # the table covers every uninterpreted unary function the duals use
    from activity.z3backend import UNINTERPRETED

    missing = [n for n, k in UNINTERPRETED.items()
               if k == 1 and n not in _TEXTBOOK and n not in _PARTIALS_ONLY]
    if missing:
        return False, f"no textbook rule checked for {missing}"
    return True, f"{len(_TEXTBOOK)} functions"


def check_digamma() -> tuple[bool, str]:
    """The op table's digamma (``activity.ops.gamma``), which Z3 takes as an
    uninterpreted function, against known values, finite differences of ``lgamma``
    over the domain (negative non-integers too), the recurrence
    ``psi(x + 1) = psi(x) + 1/x`` and NaN at the poles."""
    known = {1.0: -0.5772156649015329, 0.5: -1.9635100260214235,
             2.0: 0.42278433509846713, 10.0: 2.251752589066721,
             -0.5: 0.03648997397857652, 1e6: 13.81551005796419077}
    for x, want in known.items():
        got = digamma(FLOAT, x)
        if abs(got - want) > 1e-14 * max(1.0, abs(want)):
            return False, f"digamma({x}) = {got!r}, known {want!r}"
    rng = random.Random(5)
    for _ in range(200):
        x = rng.uniform(-20, 40)
        if _fl_frac(x) < 0.02 and x < 0.5:
            continue
        h = 1e-6
        fd = (math.lgamma(x + h) - math.lgamma(x - h)) / (2 * h)
        if not _close(fd, digamma(FLOAT, x), 1e-6):
            return False, f"digamma({x}) = {digamma(FLOAT, x)}, d lgamma by finite " \
                          f"differences {fd}"
        rec = digamma(FLOAT, x) + 1 / x
        if not _close(digamma(FLOAT, x + 1), rec, 1e-12):
            return False, f"digamma({x} + 1) = {digamma(FLOAT, x + 1)}, recurrence {rec}"
    for pole in (0.0, -0.0, -1.0, -7.0, -1e6):
        if not math.isnan(digamma(FLOAT, pole)):
            return False, f"digamma({pole}) = {digamma(FLOAT, pole)} at a pole, not NaN"
    return True, f"{len(known)} known values, 200 points"


def check_dual_algebra() -> tuple[bool, str]:
    """Product and quotient rules of the duals are the eps-coefficient of ring
    identities: (a + b e)(c + d e) = ac + (ad + bc) e + bd e^2, and
    (a/c + (bc - ad)/c^2 e)(c + d e) = a + b e + ((bc - ad) d / c^2) e^2."""
    a, b, c, d, e = z3.Reals("a b c d e")
    x, y = Dual(a, b), Dual(c, d)
    prod = x * y
    quot = x / y
    ok1 = prove((a + b * e) * (c + d * e) == prod.p + prod.d * e + b * d * e * e)[0]
    ok2 = prove(z3.Implies(c != 0, (quot.p + quot.d * e) * (c + d * e)
                           == a + b * e + quot.d * d * e * e))[0]
    ok = ok1 == ok2 == "proved"
    return ok, "proved" if ok else f"product: {ok1}, quotient: {ok2}"


# ---------------------------------------------------------------------------
# Casts.


def _cast(name: str) -> Any:
    return instance(TABLE[name])


def check_bitcast_roundtrip(name: str) -> tuple[bool, str]:
    """float -> int -> float through ``name`` is the identity on doubles, so the tangent
    rule through the two bitcasts (the table's, composed by the chain rule) must be 1."""
    from xdsl.parser import Parser

    from proofs.snippets import _ctx

    spec = TABLE[name]
    text = (f'builtin.module {{\n func.func @f(%x: f64) -> f64 {{\n'
            f'  %i = "{name}"(%x) : (f64) -> i64\n  %y = "{name}"(%i) : (i64) -> f64\n'
            f'  func.return %y : f64\n }}\n}}\n')
    m = Parser(_ctx(), text).parse_module()
    ops = [o for o in m.walk() if o.name == name]
    rng = random.Random(7)
    for x in [0.0, -0.0, 1.5, -3.25, 1e300, 5e-324] + [rng.uniform(-1e6, 1e6) for _ in range(20)]:
        i = spec.sem(FLOAT, ops[0], x)[0]  # type: ignore[misc]
        y = spec.sem(FLOAT, ops[1], i)[0]  # type: ignore[misc]
        if math.copysign(1, y) != math.copysign(1, x) or y != x:
            return False, f"round trip of {x} gives {y}"
    if 0 not in spec.diff or spec.partials is None:
        return False, "the round trip is the identity (derivative 1) but the table's " \
                      "bitcast carries no derivative"
    p = spec.partials(Z3Backend(), z3.Real("x"))[0]
    status, _ = prove(real(p) * real(p) == 1)
    if status != "proved":
        return False, f"chain rule through the round trip gives {p}*{p}, not 1"
    return True, "identity; chain rule gives 1"


def check_cast_numeric(name: str) -> tuple[bool, str]:
    """Float-to-float casts have derivative 1 (rounding ignored), float-to-int casts 0;
    by finite differences through the op's own semantics (with its rounding)."""
    spec = TABLE[name]
    inst = _cast(name)
    opnds, res = inst.operand_types, inst.result_type
    rng = random.Random(3)
    for _ in range(8):
        x = rng.uniform(-100, 100)
        if _fl_frac(x) < 0.01:
            continue
        h = 1e-3 * max(1.0, abs(x)) if res == "f32" or opnds[0] == "f32" else 1e-6

        def f(a: float) -> float:
            return float(spec.sem(FLOAT, inst.op, a)[0])  # type: ignore[misc]

        fd = (f(x + h) - f(x - h)) / (2 * h)
        want = 1.0 if res.startswith("f") else 0.0
        got = float(spec.partials(FLOAT, x)[0]) if spec.partials and spec.diff else 0.0
        if not _close(fd, want, 1e-2) or got != want:
            return False, f"at {x}: finite differences {fd}, expected {want}, table {got}"
    return True, "8 points"


# ---------------------------------------------------------------------------


def checks() -> list[Check]:
    out = [
        timed(GROUP, "dual-number algebra", "D0", check_dual_algebra),
        timed(GROUP, "textbook derivatives (finite differences)", "D0", check_textbook),
        timed(GROUP, "digamma (known values, finite differences)", "D0", check_digamma),
    ]
    for spec in float_specs():
        if spec.partials is not None and spec.diff:
            out.append(timed(GROUP, f"{spec.name} (Z3)", "D1",
                             lambda s=spec: check_rule(s)))
        out.append(timed(GROUP, f"{spec.name} (finite differences)", "D2",
                         lambda s=spec: check_numeric(s)))
    for spec in TABLE.values():
        if spec.kind != OpKind.CAST or generic(spec):
            continue
        if spec.carries_bits:
            out.append(timed(GROUP, f"{spec.name} round trip", "D3",
                             lambda n=spec.name: check_bitcast_roundtrip(n)))
        else:
            ops, res = signature(spec)
            floats = ("f16", "f32", "f64")
            if ops[0] in floats:
                out.append(timed(GROUP, f"{spec.name} (finite differences)", "D3",
                                 lambda n=spec.name: check_cast_numeric(n)))
    return out
