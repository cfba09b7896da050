"""libm functions without an MLIR op or LLVM intrinsic (lgamma, tgamma, erfc, hypot
and their float variants): calls of them from clang-compiled C (examples/c/special.c)
are analysed, interpreted, compiled and differentiated from their op-table entries
(``libm.lgamma``... through ``EXTERNAL_ALIASES``); lgamma's derivative, digamma, is
``activity.ops.gamma.digamma``, one formula for every backend."""

from __future__ import annotations

import math
import warnings
from pathlib import Path

import numpy as np
import pytest

import activity
from activity.ops import TABLE
from activity.ops.gamma import digamma
from activity.ops.num import FLOAT

ROOT = Path(__file__).resolve().parent.parent
SPECIAL = ROOT / "examples" / "c" / "special.mlir"

_MOD: list[object] = []


def mod():
    if not _MOD:
        _MOD.append(activity.parse(SPECIAL))
    return _MOD[0]


def _digamma_ref(x: float) -> float:
    """psi by finite differences of Python's lgamma (an independent implementation)."""
    h = 1e-6 * max(1.0, x)  # (small near the poles, relative for large x)
    return (math.lgamma(x + h) - math.lgamma(x - h)) / (2 * h)


# (function, reference value, reference partials, points)
UNARY = {
    "lg": (math.lgamma, _digamma_ref, [0.3, 1.0, 2.7, 14.5, -1.4, -0.5]),
    "tg": (math.gamma, lambda x: math.gamma(x) * _digamma_ref(x), [0.6, 1.5, 3.3, -2.5]),
    "ec": (math.erfc, lambda x: -2 / math.sqrt(math.pi) * math.exp(-x * x),
           [-0.7, 0.0, 1.2, 3.0]),
}
BINARY_POINTS = [(3.0, -4.0), (-0.5, 1e-3), (1e200, 3e200), (2e-200, -1e-200)]


def _cases() -> list[tuple[str, tuple[float, ...]]]:
    out: list[tuple[str, tuple[float, ...]]] = []
    for f, (_, _, pts) in UNARY.items():
        out += [(f, (x,)) for x in pts] + [(f + "f", (x,)) for x in pts[:3]]
    out += [("hy", p) for p in BINARY_POINTS] + [("hyf", p) for p in BINARY_POINTS[:2]]
    return out


def _ref(fname: str, xs: tuple[float, ...]) -> tuple[float, list[float]]:
    base = fname.rstrip("f")
    if base == "hy":
        a, b = xs
        h = math.hypot(a, b)
        return h, [a / h, b / h]
    f, df, _ = UNARY[base]
    return f(xs[0]), [df(xs[0])]


def _close(got: float, want: float, rel: float) -> bool:
    return abs(got - want) <= rel * max(abs(want), 1e-300)


@pytest.mark.parametrize("fname,xs", _cases(), ids=[f"{f}{x}" for f, x in _cases()])
def test_value_and_gradient(fname: str, xs: tuple[float, ...]) -> None:
    """Interpreter and compiled value, interpreter (activity.grad + evaluate) and
    compiled (activity.gradient) gradient, against Python's math (value) and the
    derivative's textbook form (digamma by finite differences of lgamma)."""
    m = mod()
    f32 = fname.endswith("f")
    rel_v, rel_d = (1e-6, 2e-5) if f32 else (1e-14, 1e-8)
    if f32:
        xs = tuple(float(np.float32(x)) for x in xs)
    want, dwant = _ref(fname, xs)
    got = activity.evaluate(m, fname, *xs)[0]
    assert _close(float(got), want, rel_v), (got, want)
    compiled = activity.compile(m, fname)(*xs)
    assert _close(float(compiled), want, rel_v), (compiled, want)
    g = activity.grad(m, fname)
    gi = activity.evaluate(g, fname + "_grad", *xs, 1.0)
    gc = activity.gradient(m, fname)(*xs)
    for k, dw in enumerate(dwant):
        assert _close(float(gi[k]), dw, rel_d), (k, gi, dwant)
        assert _close(float(gc[k]), dw, rel_d), (k, gc, dwant)
        if not f32:  # one formula: the interpreter's and the compiled digamma agree
            assert _close(float(gc[k]), float(gi[k]), 1e-14), (gc, gi)


@pytest.mark.parametrize("fname", ["lg", "tg", "lgf", "tgf"])
def test_the_derivative_at_a_pole_is_nan(fname: str) -> None:
    """lgamma and tgamma have no derivative at 0, -1, -2, ...: NaN, not a number."""
    m = mod()
    g = activity.grad(m, fname)
    for x in (0.0, -3.0):
        assert math.isnan(float(activity.evaluate(g, fname + "_grad", x, 1.0)[0]))
        assert math.isnan(float(activity.gradient(m, fname)(x)[0]))


@pytest.mark.parametrize("mode", ["whole-program", "summaries"])
def test_analysis_knows_the_calls(mode: str) -> None:
    """Each call is analysed by its table entry (``strict``: no conservative fallback
    for an unknown external); in ``prior``, the lgamma of the constant argument is
    inactive, that of the active one active."""
    m = mod()

    def calls(fname: str) -> list:
        (f,) = [op for op in m.body.block.ops if getattr(op, "sym_name", None) is not None
                and op.sym_name.data == fname]
        return [op for op in f.walk() if op.name == "llvm.call"]

    for fname in ("lg", "tg", "ec", "hy", "lgf", "tgf", "ecf", "hyf"):
        r = activity.analyze(m, fname, mode=mode, strict=True)
        (call,) = calls(fname)
        assert r.value(call.results[0]).active, fname
    r = activity.analyze(m, "prior", ["active", "const"], mode=mode, strict=True)
    assert [r.value(c.results[0]).active for c in calls("prior")] == [False, True]


def test_prior_with_a_constant_argument() -> None:
    """The GMM prior's shape: d/dx [lgamma(n) x + lgamma(x + n)] = lgamma(n) +
    digamma(x + n), pruned and all_active, interpreted and compiled."""
    m = mod()
    x, n = 0.8, 3.5
    want = math.lgamma(n) + _digamma_ref(x + n)
    for prune in (True, False):
        g = activity.grad(m, "prior", ["active", "const"], prune)
        gi = activity.evaluate(g, "prior_grad", x, n, 1.0)[0]
        gc = activity.gradient(m, "prior", args=["active", "const"], prune=prune)(x, n)[0]
        assert gi == pytest.approx(want, rel=1e-8) and gc == pytest.approx(want, rel=1e-8)


@pytest.mark.parametrize("fname,dtype", [("gamma_sum", np.float64), ("gamma_sumf", np.float32)])
@pytest.mark.parametrize("prune", [True, False])
def test_in_a_loop(fname: str, dtype: type, prune: bool) -> None:
    """In a loop the reverse sweep reads tgamma(x[i]) again (a call of tgamma it
    emits: the IR backend's ``tgamma``, ``tgammaf`` for floats); gradients of both
    sweeps, interpreted and compiled, against finite differences."""
    m = mod()
    x = np.array([0.7, 1.9, 3.2, -0.4, 2.5], dtype=dtype)
    n = len(x)
    g = activity.grad(m, fname, prune=prune)
    sh = np.zeros_like(x)
    activity.evaluate(g, fname + "_grad", x.copy(), sh, n, 1.0)
    (gc,) = activity.gradient(m, fname, argnums=(0,), prune=prune)(x.copy(), n)
    xd = x.astype(np.float64)

    def f(v: np.ndarray) -> float:
        return float(sum(math.gamma(t) + math.lgamma(t) * math.hypot(t, 1.5) + math.erfc(t)
                         for t in v))

    fd = np.empty(n)
    for i in range(n):
        e = np.zeros(n)
        e[i] = 1e-6
        fd[i] = (f(xd + e) - f(xd - e)) / 2e-6
    rel = 1e-4 if dtype == np.float32 else 1e-7
    assert np.allclose(sh, fd, rtol=rel, atol=0) and np.allclose(gc, fd, rtol=rel, atol=0)
    # the reverse sweep calls tgamma again (a recomputation is what the planner picks
    # for a libm call whose operand it can reload, over a tape per iteration); the loop
    # is lifted to scf.for, so both sweeps are in _grad: two calls
    (fg,) = [op for op in g.body.block.ops if getattr(op, "sym_name", None) is not None
             and op.sym_name.data == fname + "_grad"]
    callee = "tgammaf" if dtype == np.float32 else "tgamma"
    assert sum(o.name == "llvm.call" and o.properties["callee"].root_reference.data == callee
               for o in fg.walk()) == 2


@pytest.mark.parametrize("fname", ["others", "othersf"])
def test_the_rest_of_the_list(fname: str) -> None:
    """atan2, pow, fmod, fmin, fmax, log1p, expm1, cbrt, erf, asinh, acosh, atanh and
    their float variants:
    compiled and interpreted gradients against finite differences of the compiled
    primal."""
    m = mod()
    f32 = fname.endswith("f")
    x, y = 1.3, 0.8
    prim = activity.compile(m, "others")  # finite differences in doubles
    h = 1e-6
    fd = [(prim(x + h, y) - prim(x - h, y)) / (2 * h), (prim(x, y + h) - prim(x, y - h)) / (2 * h)]
    g = activity.grad(m, fname)
    gi = activity.evaluate(g, fname + "_grad", x, y, 1.0)
    gc = activity.gradient(m, fname)(x, y)
    rel = 1e-5 if f32 else 1e-7
    for k in range(2):
        assert float(gi[k]) == pytest.approx(fd[k], rel=rel)
        assert float(gc[k]) == pytest.approx(fd[k], rel=rel)


# ---------------------------------------------------------------------------
# digamma itself

KNOWN = {1.0: -0.5772156649015329, 0.5: -1.9635100260214235, 2.0: 0.42278433509846713,
         10.0: 2.251752589066721, -0.5: 0.03648997397857652, 0.25: -4.227453533376265,
         1e6: 13.81551005796419077}


def test_digamma_known_values() -> None:
    for x, want in KNOWN.items():
        assert digamma(FLOAT, x) == pytest.approx(want, rel=1e-14, abs=1e-15), x


def test_digamma_is_the_derivative_of_lgamma_across_the_domain() -> None:
    rng = np.random.default_rng(11)
    xs = np.concatenate([rng.uniform(-30, 0.5, 300), rng.uniform(0.5, 12, 300),
                         10 ** rng.uniform(1, 8, 100)])
    for x in map(float, xs):
        if x < 0.5 and abs(x - round(x)) < 0.02:
            continue
        assert digamma(FLOAT, x) == pytest.approx(_digamma_ref(x), rel=1e-6, abs=1e-7), x


def test_digamma_special_points() -> None:
    for pole in (0.0, -0.0, -1.0, -12.0, -1e300, -math.inf, math.nan):
        assert math.isnan(digamma(FLOAT, pole)), pole
    assert digamma(FLOAT, math.inf) == math.inf
    assert digamma(FLOAT, 1e300) == pytest.approx(math.log(1e300), rel=1e-15)
    # reflection is reduced exactly: no error growing with |x| from pi * x
    x = -1e8 - 0.25
    # (tan(pi x) = tan(-pi/4) = -1)
    assert digamma(FLOAT, x) == pytest.approx(digamma(FLOAT, 1 - x) + math.pi, rel=1e-14)


def test_the_table_uses_digamma_and_the_c_names_alias_the_entries() -> None:
    from activity.ops import EXTERNAL_ALIASES

    for c, entry in (("lgamma", "libm.lgamma"), ("tgamma", "libm.tgamma"),
                     ("erfc", "math.erfc"), ("hypot", "libm.hypot")):
        assert EXTERNAL_ALIASES[c] == EXTERNAL_ALIASES[c + "f"] == entry
    assert TABLE["libm.lgamma"].partials(FLOAT, 2.5)[0] == digamma(FLOAT, 2.5)
    # hypot's partials neither overflow nor underflow where hypot is an ordinary number
    for a, b in ((3e300, -4e300), (3e-300, 4e-300)):
        pa, pb = TABLE["libm.hypot"].partials(FLOAT, a, b)
        assert pa == pytest.approx(0.6, rel=1e-15) and pb == pytest.approx(-0.8 if b < 0 else
                                                                            0.8, rel=1e-15)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert all(math.isnan(p) for p in TABLE["libm.hypot"].partials(FLOAT, 0.0, 0.0))
    # nor asinh's and acosh's (a*a overflows past 1.3e154)
    for name in ("math.asinh", "math.acosh"):
        assert TABLE[name].partials(FLOAT, 1e200)[0] == pytest.approx(1e-200, rel=1e-15)
    assert TABLE["math.asinh"].partials(FLOAT, -1e200)[0] == pytest.approx(1e-200, rel=1e-15)
    assert TABLE["math.asinh"].partials(FLOAT, 0.0)[0] == 1.0


# ---------------------------------------------------------------------------
# A user's rule for an external function the table does not know

USER = """
llvm.func @exp10(f64) -> f64
llvm.func @softplus(f64) -> f64
llvm.func @user(%x: f64, %y: f64) -> f64 {
  %0 = llvm.call @exp10(%x) : (f64) -> f64
  %1 = llvm.fmul %x, %y : f64
  %2 = llvm.call @softplus(%1) : (f64) -> f64
  %3 = llvm.fmul %0, %y : f64
  %4 = llvm.fadd %3, %2 : f64
  llvm.return %4 : f64
}
llvm.func @e10(%x: f32) -> f32 {
  %0 = llvm.fpext %x : f32 to f64
  %1 = llvm.call @exp10(%0) : (f64) -> f64
  %2 = llvm.fptrunc %1 : f64 to f32
  %3 = llvm.fmul %2, %x : f32
  llvm.return %3 : f32
}
"""
LN10 = math.log(10.0)


@pytest.fixture
def user_rules():
    from activity.ops import register_external, unregister_external

    made: list[str] = []

    def reg(name: str, *a, **kw):
        spec = register_external(name, *a, **kw)
        made.append(name)
        return spec

    yield reg
    from activity.ops import EXTERNAL_ALIASES

    for name in set(made):
        if EXTERNAL_ALIASES.get(name) == "user." + name:
            unregister_external(name)


def test_a_users_rule_differentiates_an_external_function(user_rules) -> None:
    """Without a rule, ``exp10`` and ``softplus`` (no body) are refused; with the
    user's rules (written over the numeric backend, as the table's), the analysis,
    the interpreter and the AD read them as table entries, and compiled code calls
    libm's ``exp10``."""
    from activity.ad import GradError

    m = activity.parse(USER)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(GradError, match="cannot differentiate a call to '(exp10|softplus)'"):
            activity.grad(m, "user")
    user_rules("exp10", lambda N, x: N.pow(10.0, x),
               lambda N, x: (N.pow(10.0, x) * LN10,), check_at=[(0.3,), (-1.2,)])
    user_rules("softplus", lambda N, x: N.log(1 + N.exp(x)),
               lambda N, x: (N.div(1, 1 + N.exp(-x)),), check_at=[(0.0,), (2.5,)])
    x, y = 0.4, -1.3
    r = activity.analyze(m, "user", strict=True)
    calls = [op for op in m.walk() if op.name == "llvm.call"]
    assert all(r.value(c.results[0]).active for c in calls[:2])
    assert activity.evaluate(m, "user", x, y)[0] == pytest.approx(
        10 ** x * y + math.log1p(math.exp(x * y)), rel=1e-15)
    sig = 1 / (1 + math.exp(-x * y))
    want = (10 ** x * LN10 * y + sig * y, 10 ** x + sig * x)
    for prune in (True, False):
        g = activity.grad(m, "user", prune=prune)
        got = activity.evaluate(g, "user_grad", x, y, 1.0)
        assert got == pytest.approx(want, rel=1e-14)
    # compiled: libm's exp10 in the primal, the rule's pow in the reverse sweep
    xf = float(np.float32(0.7))
    (dx,) = activity.gradient(m, "e10")(xf)
    e = float(np.float32(10 ** xf))
    assert float(dx) == pytest.approx(e + 10 ** xf * LN10 * xf, rel=1e-6)


def test_a_users_rule_is_checked_and_removable(user_rules) -> None:
    from activity.ad import GradError
    from activity.ops import EXTERNAL_ALIASES, TABLE, unregister_external

    with pytest.raises(ValueError, match="central differences"):  # a wrong partial
        user_rules("exp10", lambda N, x: N.pow(10.0, x), lambda N, x: (N.pow(10.0, x),),
                   check_at=[(0.5,)])
    with pytest.raises(ValueError, match="has a rule already"):
        user_rules("sin", lambda N, x: N.sin(x), lambda N, x: (N.cos(x),))
    with pytest.raises(ValueError, match="same number"):
        user_rules("softplus", lambda N, x, y: x, lambda N, x: (1,))
    assert "exp10" not in EXTERNAL_ALIASES and "user.exp10" not in TABLE
    user_rules("exp10", lambda N, x: N.pow(10.0, x), lambda N, x: (N.pow(10.0, x) * LN10,))
    assert EXTERNAL_ALIASES["exp10"] == "user.exp10"
    with pytest.raises(ValueError, match="has a rule already"):
        user_rules("exp10", lambda N, x: x, lambda N, x: (1,))
    unregister_external("exp10")
    m = activity.parse(USER)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(GradError, match="cannot differentiate a call to 'exp10'"):
            activity.grad(m, "e10")
    user_rules("exp10", lambda N, x: N.pow(10.0, x), lambda N, x: (N.pow(10.0, x) * LN10,))


def test_math_erfc_as_an_op() -> None:
    """Upstream's ``math.erfc`` (which xDSL 0.75 lacks: it parses as an unregistered
    op) is the same table entry: interpreted, compiled (a libm call) and
    differentiated, in f64 and f32."""
    m = activity.parse("""
func.func @f(%x: f64, %y: f32) -> f64 {
  %r = "math.erfc"(%x) : (f64) -> f64
  %s = "math.erfc"(%y) : (f32) -> f32
  %t = arith.extf %s : f32 to f64
  %u = arith.mulf %r, %t : f64
  return %u : f64
}""")
    x, y = 0.4, float(np.float32(-0.3))
    want = math.erfc(x) * math.erfc(y)
    assert activity.evaluate(m, "f", x, y)[0] == pytest.approx(want, rel=1e-7)
    assert activity.compile(m, "f")(x, y) == pytest.approx(want, rel=1e-7)
    d = lambda t: -2 / math.sqrt(math.pi) * math.exp(-t * t)  # noqa: E731
    dwant = (d(x) * math.erfc(y), math.erfc(x) * d(y))
    assert tuple(activity.gradient(m, "f")(x, y)) == pytest.approx(dwant, rel=1e-6)
    g = activity.grad(m, "f")
    assert tuple(map(float, activity.evaluate(g, "f_grad", x, y, 1.0))) == \
        pytest.approx(dwant, rel=1e-6)
