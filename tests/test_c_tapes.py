"""What the gradients of the C objectives tape (issue 31's speed target: each C
gradient within 3x of its primal, benchmarks/c_run.py).

* GMM: the tape planner recomputes ``llvm.load``s -- re-reads memory nothing writes
  later (``x``, ``means``, ``icf``, ``qdiags``) and rebuilds a load of the scratch
  buffer ``xc`` from the store that wrote it in an earlier loop -- and the triangular
  offset ``l`` clang carries through its ``j < d`` guard is the same in every outer
  iteration: one n*k*d tape is left (``qxc`` after the triangular update, which no
  store forwards), no run-time stack.
* LSTM: lifted whole and tidied (activity/ad/tidy_scf.py), differentiated in
  structured form: no run-time stack.
* Scratch buffers in small C programs: the forwarding is taken where it is sound and
  refused where the store does not determine the element read; every gradient
  against finite differences.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

import activity
from activity.ad.lift_cf import with_lifted
from activity.ad.reverse import Differentiator

ROOT = Path(__file__).resolve().parent.parent
CDIR = ROOT / "benchmarks" / "c"

GMM_ACTS = ["const"] * 3 + ["dup"] * 3 + ["const"] * 3
LSTM_ACTS = ["const"] * 3 + ["dup"] * 3 + ["const"]


def _module(name: str):
    m = activity.parse(CDIR / f"{name}.generic.mlir")
    for op in list(m.body.block.ops):
        if any(getattr(c, "callee", None) is not None
               and c.callee.string_value() == "__enzyme_autodiff" for c in op.walk()):
            m.body.block.erase_op(op)
    return m


def _stats(m, func: str, acts: list[str], prune: bool = True):
    def make(mod):
        d = Differentiator(mod, func, acts, prune, inline=True)
        d.run()
        return d

    return with_lifted(m, make).stats


def _fd_check(m, func: str, acts: list[str], xs: list, prune: bool) -> None:
    """The compiled gradient against central differences of the compiled primal."""
    def copy(v: list) -> list:
        return [x.copy() if isinstance(x, np.ndarray) else x for x in v]

    f = activity.compile(m, func)
    got = activity.gradient(m, func, prune=prune, args=acts)(*copy(xs))
    got = list(got) if isinstance(got, tuple) else [got]
    want = []
    for i, a in enumerate(acts):
        if a != "dup":
            continue
        g = np.zeros(xs[i].size)
        for j in range(xs[i].size):
            hi, lo = copy(xs), copy(xs)
            hi[i][j] += 1e-5
            lo[i][j] -= 1e-5
            g[j] = (f(*hi) - f(*lo)) / 2e-5
        want.append(g)
    assert len(got) == len(want)
    for g, w in zip(got, want, strict=True):
        err = float(np.max(np.abs(np.ravel(g) - w))) / max(1.0, float(np.max(np.abs(w))))
        assert err <= 1e-6, (func, prune, err, g, w)


def test_gmm_c_tapes_one_nkd_value_and_no_stack() -> None:
    st = _stats(_module("gmm"), "gmm_objective", GMM_ACTS)
    assert not st.stack_blocks, st.render()
    assert all(c.kind == "static" for c in st.cached), st.render()
    deep = [c for c in st.cached if len(c.loops) == 3]
    assert len(deep) == 1 and "llvm.load" in deep[0].value, st.render()
    # the triangular offset: one slot per row (d), not per (point, component, row)
    counters = [c for c in st.cached if c.type == "i32"]
    assert counters and all(len(c.loops) <= 1 for c in counters), st.render()
    # C's scratch buffers are rebuilt, not taped: the loads left are qxc's
    assert sum("llvm.load" in c.value for c in st.cached) == 1, st.render()


def test_lstm_c_is_differentiated_lifted_without_stack() -> None:
    for prune in (True, False):
        st = _stats(_module("lstm"), "lstm_objective", LSTM_ACTS, prune)
        assert not st.stack_blocks, st.render()
        assert all(c.kind == "static" for c in st.cached), st.render()


@pytest.mark.parametrize("prune", [True, False], ids=["pruned", "all_active"])
def test_gmm_and_lstm_c_gradients(prune: bool) -> None:
    rng = np.random.default_rng(7)
    d, k, n = 3, 2, 3
    gmm = [d, k, n, rng.normal(size=k), rng.normal(size=k * d),
           0.3 * rng.normal(size=k * d * (d + 1) // 2), rng.normal(size=n * d), 1.5, 1]
    _fd_check(_module("gmm"), "gmm_objective", GMM_ACTS, gmm, prune)
    layers, chars, b = 2, 3, 2
    lstm = [layers, chars, b, 0.5 * rng.normal(size=2 * layers * 4 * b),
            0.5 * rng.normal(size=3 * b), 0.5 * rng.normal(size=2 * layers * b),
            rng.normal(size=chars * b)]
    _fd_check(_module("lstm"), "lstm_objective", LSTM_ACTS, lstm, prune)


# ---------------------------------------------------------------------------------------
# scratch buffers: where a load is rebuilt from the store that wrote it, and where not

_HAVE_CLANG = bool(shutil.which("clang-22") and shutil.which("mlir-translate-22"))

SCRATCH = {
    # xc[i] written in one loop, read in a later loop over the same range: rebuilt
    "same_range": ("""
#include <stdlib.h>
double f(int n, const double *x, const double *m) {
  double *xc = malloc(n * sizeof(double));
  double s = 0.0;
  for (int r = 0; r < 3; r++) {
    for (int i = 0; i < n; i++) xc[i] = x[i] - m[i] * r;
    for (int i = 0; i < n; i++) s += xc[i] * xc[i] * m[i];
  }
  free(xc);
  return s;
}""", True),
    # read at n-1-i: the index is not the store's function of the counter
    "reversed": ("""
#include <stdlib.h>
double f(int n, const double *x, const double *m) {
  double *xc = malloc(n * sizeof(double));
  double s = 0.0;
  for (int r = 0; r < 3; r++) {
    for (int i = 0; i < n; i++) xc[i] = x[i] * m[i] + r;
    for (int i = 0; i < n; i++) s += xc[n - 1 - i] * xc[n - 1 - i] * m[i];
  }
  free(xc);
  return s;
}""", False),
    # stored at i + 1 (not the element read at i)
    "shifted": ("""
#include <stdlib.h>
double f(int n, const double *x, const double *m) {
  double *xc = calloc(n + 1, sizeof(double));
  double s = 0.0;
  for (int r = 0; r < 3; r++) {
    for (int i = 0; i < n; i++) xc[i + 1] = x[i] * m[i] + r;
    for (int i = 0; i < n; i++) s += xc[i] * xc[i] * m[i];
  }
  free(xc);
  return s;
}""", False),
    # overwritten between the store and the read
    "overwritten": ("""
#include <stdlib.h>
double f(int n, const double *x, const double *m) {
  double *xc = malloc(n * sizeof(double));
  double s = 0.0;
  for (int r = 0; r < 3; r++) {
    for (int i = 0; i < n; i++) xc[i] = x[i] * m[i];
    xc[0] = xc[0] * m[0] + r;
    for (int i = 0; i < n; i++) s += xc[i] * xc[i] * m[i];
  }
  free(xc);
  return s;
}""", False),
}


@pytest.mark.skipif(not _HAVE_CLANG, reason="needs clang-22 and mlir-translate-22")
@pytest.mark.parametrize("case", list(SCRATCH))
def test_scratch_buffer_loads(case: str, tmp_path: Path) -> None:
    src, rebuilt = SCRATCH[case]
    p = tmp_path / f"{case}.c"
    p.write_text(src)
    m = activity.parse(str(p))
    acts = ["const", "dup", "dup"]
    st = _stats(m, "f", acts)
    taped_loads = [c for c in st.cached if "llvm.load" in c.value and len(c.loops) >= 2]
    if rebuilt:
        assert not taped_loads, st.render()
    else:
        assert taped_loads, st.render()
    rng = np.random.default_rng(3)
    n = 4
    for prune in (True, False):
        _fd_check(m, "f", acts, [n, rng.normal(size=n), rng.normal(size=n)], prune)


# ---------------------------------------------------------------------------------------
# masked zeros under -ffast-math: guards where a select's unpicked arm was never
# evaluated by the C program, none where the arms are a min/max's compared values

_MASKED = """
double f(double a, double b, int c) { return c ? a * b : 0.0; }
"""

_MAX = """
#include <math.h>
double g(int n, const double *x) {
  double m = x[0];
  for (int i = 1; i < n; i++)
    if (x[i] > m) m = x[i];
  double s = 0.0;
  for (int i = 0; i < n; i++) s += exp(x[i] - m) * x[i] * x[i];
  return s;
}
"""


def _guards(g) -> int:
    """The ``adj == 0`` tests of guarded products in a gradient module."""
    return str(g).count("arith.cmpf oeq")


@pytest.mark.skipif(not _HAVE_CLANG, reason="needs clang-22 and mlir-translate-22")
@pytest.mark.parametrize("prune", [True, False], ids=["pruned", "all_active"])
def test_unpicked_arm_of_a_fast_math_select_gets_zero(prune: bool, tmp_path: Path) -> None:
    """``c ? a * b : 0`` at c = 0, b = inf: C never evaluates ``a * b`` (its
    -ffinite-math-only promise says nothing there), the gradient is 0, not NaN."""
    p = tmp_path / "masked.c"
    p.write_text(_MASKED)
    m = activity.parse(str(p))
    da, db = activity.gradient(m, "f", prune=prune, args=["active", "active", "const"])(
        2.0, float("inf"), 0)
    assert da == 0.0 and db == 0.0, (da, db)
    da, db = activity.gradient(m, "f", prune=prune, args=["active", "active", "const"])(
        2.0, 3.0, 1)
    assert (da, db) == (3.0, 2.0)


@pytest.mark.skipif(not _HAVE_CLANG, reason="needs clang-22 and mlir-translate-22")
def test_max_select_slices_need_no_guards_under_fast_math(tmp_path: Path) -> None:
    """A max's arms are compared, so evaluated: the fast-math promise makes every
    operand on their slices finite, and the products there are left unguarded
    (a compare and a select per product saved: GMM's log-sum-exp)."""
    p = tmp_path / "max.c"
    p.write_text(_MAX)
    m = activity.parse(str(p))
    g = activity.grad(m, "g", ["const", "dup"])
    assert _guards(g) == 0, str(g)
    rng = np.random.default_rng(5)
    for prune in (True, False):
        _fd_check(m, "g", ["const", "dup"], [5, rng.normal(size=5)], prune)
