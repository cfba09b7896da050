"""Reverse mode of ``scf.parallel`` (issue 6): each iteration is reversed in a parallel
loop over the same bounds, recomputing what it needs or reading it from a static tape
indexed by the iteration numbers; the adjoint of an ``addf`` reduction is broadcast to
every contribution; shadow updates are atomic unless iterations provably touch distinct
shadow elements."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import activity
from activity.ad import GradError, grad
from activity.ad.check import check_gradient
from activity.ad.reverse import Differentiator
from tests.helpers import benchmark_kernels
from tests.test_ad import mlir_verify

MAP = """
func.func @f(%a: memref<5xf64>, %b: memref<5xf64>, %x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 5 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %a[%i] : memref<5xf64>
    %s = math.sin %v : f64
    %y = arith.mulf %s, %x : f64
    memref.store %y, %b[%i] : memref<5xf64>
    scf.reduce
  }
  func.return
}
"""

# b[i] = a[idx[i]] * a[i]: several iterations read (and so update the shadow of) the
# same element of a, and a is also read at %i: both updates of a' must be atomic.
GATHER = """
func.func @g(%a: memref<4xf64>, %idx: memref<6xindex>, %b: memref<6xf64>, %x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = arith.constant 6 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %j = memref.load %idx[%i] : memref<6xindex>
    %v = memref.load %a[%j] : memref<4xf64>
    %k = arith.remui %i, %c4 : index
    %w = memref.load %a[%k] : memref<4xf64>
    %p = arith.mulf %v, %w : f64
    %y = arith.mulf %p, %x : f64
    memref.store %y, %b[%i] : memref<6xf64>
    scf.reduce
  }
  func.return
}
"""


def _check(text: str, func: str, inputs: list[Any], kinds: list[str]) -> dict[bool, Any]:
    m = activity.parse(text)
    out = {}
    for prune in (True, False):
        g = grad(m, func, kinds, prune=prune)
        mlir_verify(g)  # xDSL, and upstream MLIR when mlir-opt-22 is installed
        c = check_gradient(m, g, func, inputs, kinds, np.random.default_rng(3),
                           fd_step=1e-6)
        assert c.err_tangent < 1e-9, (prune, c.reverse, c.tangent)
        assert c.err_fd < 1e-6, (prune, c.reverse, c.fd)
        out[prune] = c
    p, u = out[True], out[False]
    np.testing.assert_allclose(p.adjoints, u.adjoints, rtol=1e-12, atol=1e-14)
    for a, b in zip(p.shadows, u.shadows, strict=True):
        if a is not None:
            np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-14)
    return out


def _stats(text: str, func: str, kinds: list[str], prune: bool = True) -> Any:
    d = Differentiator(activity.parse(text), func, kinds, prune)
    d.run()
    return d.stats


def test_map_kernel_gradient() -> None:
    a = np.array([0.3, -1.2, 0.7, 2.0, 0.1])
    _check(MAP, "f", [a, np.zeros(5), 1.7], ["dup", "dup", "active"])


def test_map_kernel_by_hand() -> None:
    m = activity.parse(MAP)
    g = grad(m, "f", ["dup", "dup", "active"])
    a = np.array([0.3, -1.2, 0.7, 2.0, 0.1])
    da, b, db = np.zeros(5), np.zeros(5), np.array([1.0, 2.0, 0.5, -1.0, 3.0])
    seed = db.copy()
    (dx,) = activity.evaluate(g, "f_grad", a, da, b, db, 1.7)
    np.testing.assert_allclose(b, np.sin(a) * 1.7)
    np.testing.assert_allclose(da, np.cos(a) * 1.7 * seed)
    np.testing.assert_allclose(dx, float(np.sum(np.sin(a) * seed)))
    assert not db.any()


def test_map_kernel_against_interpreter_tangents() -> None:
    m = activity.parse(MAP)
    a = np.array([0.3, -1.2, 0.7, 2.0, 0.1])
    ta = np.array([1.0, -0.5, 0.25, 2.0, 0.0])
    interp = activity.semantics.Interpreter(m)
    r = interp.run("f", [a, np.zeros(5), 1.7], tangents=[ta, np.zeros(5), 0.3])
    jt = r.buffer_tangents[1]
    assert jt is not None
    np.testing.assert_allclose(jt, np.cos(a) * 1.7 * ta + np.sin(a) * 0.3)
    g = grad(m, "f", ["dup", "dup", "active"])
    wb = np.array([0.2, 1.0, -1.0, 0.5, 0.7])
    da, db = np.zeros(5), wb.copy()
    (dx,) = activity.evaluate(g, "f_grad", a, da, np.zeros(5), db, 1.7)
    # <wb, J t> == <J^T wb, t>
    assert abs(float(wb @ jt) - (float(da @ ta) + dx * 0.3)) < 1e-12


def test_map_kernel_avoids_atomics() -> None:
    text = str(grad(activity.parse(MAP), "f", ["dup", "dup", "active"]))
    # no atomics: the shadows are iteration-private, and the adjoint of the scalar %x
    # (used by every iteration) is summed by a reduction of the reverse loop
    assert text.count("memref.atomic_rmw") == 0
    assert text.count("scf.reduce(") == 1
    # the reduction's add is an adjoint's sum: reorderable (and contractible with the
    # products it sums) unless strict_adjoints
    reduce_region = text[text.index("scf.reduce("):]
    reduce_region = reduce_region[:reduce_region.index("scf.reduce.return")]
    assert "fastmath<reassoc,contract>" in reduce_region, reduce_region
    strict = str(grad(activity.parse(MAP), "f", ["dup", "dup", "active"],
                      strict_adjoints=True))
    assert "reassoc" not in strict and "contract" not in strict
    for prune in (True, False):
        s = _stats(MAP, "f", ["dup", "dup", "active"], prune)
        assert (s.atomic_updates, s.atomics_avoided, s.scalar_reductions) == (0, 2, 1)
        assert s.to_json()["parallel_shadow_updates"] == {
            "atomic": 0, "atomics_avoided": 2, "scalar_reductions": 1}
        assert "0 atomic, 2 atomics avoided" in s.render()
        assert "scalar adjoints summed by reductions: 1" in s.render()


# every iteration uses the outer scalars %x (f64) and %h (f32, extended), inside an outer
# time loop: their adjoints are summed by reductions of each reverse parallel loop
SCALARS = """
func.func @s(%a: memref<6xf64>, %x: f64, %h: f32, %steps: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 6 : index
  %z = arith.constant 0.0 : f64
  %hd = arith.extf %h : f32 to f64
  scf.for %t = %c0 to %steps step %c1 {
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %a[%i] : memref<6xf64>
      %p = arith.mulf %v, %x : f64
      %s = math.sin %p : f64
      %q = arith.mulf %s, %hd : f64
      %r = arith.addf %v, %q : f64
      memref.store %r, %a[%i] : memref<6xf64>
      scf.reduce
    }
  }
  %e = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%z) -> f64 {
    %v = memref.load %a[%i] : memref<6xf64>
    %w = arith.mulf %v, %x : f64
    scf.reduce(%w : f64) {
    ^bb0(%l: f64, %m: f64):
      %o = arith.addf %l, %m : f64
      scf.reduce.return %o : f64
    }
  }
  func.return %e : f64
}
"""


def test_outer_scalar_adjoints_are_reductions() -> None:
    kinds = ["dup", "active", "active", "const"]
    a = np.array([0.3, -1.2, 0.7, 2.0, 0.1, -0.4])
    inputs = [a, 0.8, np.float32(0.6), 3]
    m = activity.parse(SCALARS)
    for prune in (True, False):
        g = grad(m, "s", kinds, prune=prune)
        mlir_verify(g)
        c = check_gradient(m, g, "s", inputs, kinds, np.random.default_rng(3), fd_step=1e-6)
        # %h's adjoint is rounded to f32 (its type): agreement to f32's precision (and
        # finite differences of an f32 input say nothing at this step)
        assert c.err_tangent < 1e-6, (prune, c.reverse, c.tangent)
    text = str(grad(activity.parse(SCALARS), "s", kinds))
    assert "memref.atomic_rmw" not in text
    s = _stats(SCALARS, "s", kinds)
    # the time loop's body: %x and %h (as %hd); the energy loop: %x
    assert (s.atomic_updates, s.scalar_reductions) == (0, 3)
    # compiled, on one and on two host threads, and on the emulated GPU: as interpreted
    want = _interpreted_gradient(grad(activity.parse(SCALARS), "s", kinds), "s", inputs,
                                 kinds, [0, 1, 2], 1)
    for opts in ({}, {"threads": 2}, {"target": "gpu", "emulate": True}):
        got = activity.gradient(SCALARS, "s", [0, 1, 2], args=kinds, **opts)(
            a.copy(), 0.8, np.float32(0.6), 3)
        for g_, w in zip(got, want, strict=True):
            np.testing.assert_allclose(g_, w, rtol=1e-6 if np.ndim(w) == 0 else 1e-12,
                                       atol=1e-14, err_msg=str(opts))


def test_gather_kernel_is_atomic() -> None:
    a = np.array([0.3, -1.2, 0.7, 2.0])
    idx = np.array([2, 0, 2, 2, 1, 0])
    _check(GATHER, "g", [a, idx, np.zeros(6), 0.8], ["dup", "const", "dup", "active"])
    g = grad(activity.parse(GATHER), "g", ["dup", "const", "dup", "active"])
    da, db = np.zeros(4), np.ones(6)
    (dx,) = activity.evaluate(g, "g_grad", a, da, idx, np.zeros(6), db, 0.8)
    want = np.zeros(4)
    for i in range(6):
        want[idx[i]] += a[i % 4] * 0.8
        want[i % 4] += a[idx[i]] * 0.8
    np.testing.assert_allclose(da, want)
    assert abs(dx - sum(a[idx[i]] * a[i % 4] for i in range(6))) < 1e-12
    s = _stats(GATHER, "g", ["dup", "const", "dup", "active"])
    # a' twice atomic; b' (read and cleared at %i only) plain; x' summed by a reduction
    assert (s.atomic_updates, s.atomics_avoided, s.scalar_reductions) == (2, 1, 1)


IN_PLACE = """
func.func @h(%a: memref<4xf64>, %x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %a[%i] : memref<4xf64>
    %y = arith.mulf %v, %v : f64
    %z = arith.mulf %y, %x : f64
    memref.store %z, %a[%i] : memref<4xf64>
    scf.reduce
  }
  func.return
}
"""


def test_overwritten_value_is_taped_per_iteration() -> None:
    """``a[i]`` is overwritten by its own iteration: the old value goes to a static tape
    slot of iteration ``i`` (no longer refused)."""
    a = np.array([0.3, -1.2, 0.7, 2.0])
    _check(IN_PLACE, "h", [a, 1.3], ["dup", "active"])
    s = _stats(IN_PLACE, "h", ["dup", "active"])
    assert [(c.kind, c.loops) for c in s.cached] == [("static", ["4"])]


def test_non_rectangular_nest_is_refused() -> None:
    text = """
func.func @h(%a: memref<4xf64>, %x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 4 : index
  scf.for %t = %c0 to %n step %c1 {
    scf.parallel (%i) = (%c0) to (%t) step (%c1) {
      %v = memref.load %a[%i] : memref<4xf64>
      %y = arith.mulf %v, %v : f64
      %z = arith.mulf %y, %x : f64
      memref.store %z, %a[%i] : memref<4xf64>
      scf.reduce
    }
  }
  func.return
}
"""
    with pytest.raises(GradError, match=r"cannot differentiate 'scf.parallel'.*static tape"):
        grad(activity.parse(text), "h", ["dup", "active"])


# Three reductions: an active addf (init %s0 active too), an integer count (passes
# through) and an addf written with its operands swapped.
REDUCE = """
func.func @r(%a: memref<6xf64>, %x: f64, %s0: f64) -> (f64, i64, f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 6 : index
  %i0 = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %z = arith.constant 0.0 : f64
  %s, %k, %q = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%s0, %i0, %z)
      -> (f64, i64, f64) {
    %v = memref.load %a[%i] : memref<6xf64>
    %e = math.sin %v : f64
    %y = arith.mulf %e, %x : f64
    %y2 = arith.mulf %v, %v : f64
    scf.reduce(%y, %one, %y2 : f64, i64, f64) {
    ^bb0(%p: f64, %p2: f64):
      %r = arith.addf %p, %p2 : f64
      scf.reduce.return %r : f64
    }, {
    ^bb0(%p: i64, %p2: i64):
      %r = arith.addi %p, %p2 : i64
      scf.reduce.return %r : i64
    }, {
    ^bb0(%p: f64, %p2: f64):
      %r = arith.addf %p2, %p : f64
      scf.reduce.return %r : f64
    }
  }
  %t = arith.mulf %s, %q : f64
  func.return %t, %k, %s : f64, i64, f64
}
"""


def test_addf_reductions_gradient() -> None:
    a = np.array([0.3, -1.2, 0.7, 2.0, 0.1, -0.4])
    _check(REDUCE, "r", [a, 1.7, 0.25], ["dup", "active", "active"])


def test_addf_reduction_by_hand() -> None:
    g = grad(activity.parse(REDUCE), "r", ["dup", "active", "active"])
    a = np.array([0.3, -1.2, 0.7, 2.0, 0.1, -0.4])
    x, s0, w0, w2 = 1.7, 0.25, 0.5, 2.0  # seeds of %t and %s (the i64 gets none)
    da = np.zeros(6)
    dx, ds0 = activity.evaluate(g, "r_grad", a, da, x, s0, w0, w2)
    s = s0 + float(np.sum(np.sin(a) * x))
    q = float(np.sum(a * a))
    sbar = w0 * q + w2  # the adjoint of the reduction result, broadcast
    np.testing.assert_allclose(ds0, sbar)
    np.testing.assert_allclose(dx, float(np.sum(np.sin(a))) * sbar)
    np.testing.assert_allclose(da, np.cos(a) * x * sbar + 2 * a * w0 * s)


@pytest.mark.parametrize("kind", ["mulf", "maximumf"])
def test_other_active_reductions_are_refused(kind: str) -> None:
    text = REDUCE.replace("%r = arith.addf %p, %p2", f"%r = arith.{kind} %p, %p2")
    with pytest.raises(GradError, match=rf"cannot differentiate 'scf.parallel'.*{kind}") as e:
        grad(activity.parse(text), "r", ["dup", "active", "active"])
    assert e.value.line == 9  # the scf.parallel
    # a reduction whose result is inactive passes through (pruned: only %q is
    # differentiated; all_active takes every float as active and refuses)
    m = activity.parse(text.replace("func.return %t, %k, %s", "func.return %q, %k, %q"))
    a = np.array([0.3, -1.2, 0.7, 2.0, 0.1, -0.4])
    kinds = ["dup", "active", "active"]
    g = grad(m, "r", kinds)
    mlir_verify(g)
    c = check_gradient(m, g, "r", [a, 1.7, 0.25], kinds, np.random.default_rng(3))
    assert c.err_tangent < 1e-12 and c.err_fd < 1e-6
    np.testing.assert_allclose(c.adjoints, [0.0, 0.0])
    with pytest.raises(GradError, match=kind):
        grad(m, "r", kinds, prune=False)


# A data-dependent integer search inside the parallel body (scf.while): its result, an
# index the reverse needs, is taped at [i, k]; the loads of a' are atomic.
SEARCH = """
func.func @s(%a: memref<8xf64>, %t: memref<3xf64>, %out: memref<3xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %z = arith.constant 0.0 : f64
  scf.parallel (%i) = (%c0) to (%c3) step (%c1) {
    %e = memref.load %t[%i] : memref<3xf64>
    %acc = scf.for %k = %c0 to %c2 step %c1 iter_args(%s = %z) -> (f64) {
      %lo, %hi = scf.while (%u = %c0, %v = %c7) : (index, index) -> (index, index) {
        %d = arith.subi %v, %u : index
        %more = arith.cmpi ugt, %d, %c1 : index
        scf.condition(%more) %u, %v : index, index
      } do {
      ^bb0(%u: index, %v: index):
        %w = arith.addi %u, %v : index
        %mid = arith.divui %w, %c2 : index
        %am = memref.load %a[%mid] : memref<8xf64>
        %ek = arith.mulf %e, %e : f64
        %left = arith.cmpf ogt, %am, %ek : f64
        %nu = arith.select %left, %u, %mid : index
        %nv = arith.select %left, %mid, %v : index
        scf.yield %nu, %nv : index, index
      }
      %j = arith.addi %lo, %k : index
      %x = memref.load %a[%j] : memref<8xf64>
      %y = math.exp %x : f64
      %ye = arith.mulf %y, %e : f64
      %s2 = arith.addf %s, %ye : f64
      scf.yield %s2 : f64
    }
    memref.store %acc, %out[%i] : memref<3xf64>
    scf.reduce
  }
  func.return
}
"""


def test_while_result_taped_in_parallel_body() -> None:
    a = np.sort(np.random.default_rng(0).uniform(0, 1, 8))
    t = np.array([0.2, 0.55, 0.9])
    out = _check(SEARCH, "s", [a, t, np.zeros(3)], ["dup", "dup", "dup"])
    assert np.any(out[True].shadows[0])
    s = _stats(SEARCH, "s", ["dup", "dup", "dup"])
    assert any(c.kind == "static" and c.loops == ["3", "2"] for c in s.cached)
    assert not any(c.kind == "stack" for c in s.cached)
    for prune in (True, False):  # no stack inside the parallel loop
        assert "__ad_reserve" not in str(grad(activity.parse(SEARCH), "s",
                                              ["dup", "dup", "dup"], prune=prune))


# LBM-like: a time loop around a stencil (parallel over a 2-d grid) and a copy back:
# the stencil's loads of f are overwritten by the copy of the next step, so they are
# taped per (t, y, x).
TIME_LOOP = """
func.func @heat(%f: memref<3x4xf64>, %g: memref<3x4xf64>, %k: f64, %steps: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f64
  scf.for %t = %c0 to %steps step %c1 {
    scf.parallel (%y, %x) = (%c0, %c0) to (%c3, %c4) step (%c1, %c1) {
      %xa = arith.addi %x, %c1 : index
      %xr = arith.remui %xa, %c4 : index
      %a = memref.load %f[%y, %x] : memref<3x4xf64>
      %b = memref.load %f[%y, %xr] : memref<3x4xf64>
      %ab = arith.mulf %a, %b : f64
      %s = math.sin %ab : f64
      %ks = arith.mulf %k, %s : f64
      %n = arith.addf %a, %ks : f64
      memref.store %n, %g[%y, %x] : memref<3x4xf64>
      scf.reduce
    }
    scf.parallel (%y, %x) = (%c0, %c0) to (%c3, %c4) step (%c1, %c1) {
      %v = memref.load %g[%y, %x] : memref<3x4xf64>
      memref.store %v, %f[%y, %x] : memref<3x4xf64>
      scf.reduce
    }
  }
  %e = scf.parallel (%y, %x) = (%c0, %c0) to (%c3, %c4) step (%c1, %c1) init (%z) -> f64 {
    %v = memref.load %f[%y, %x] : memref<3x4xf64>
    %v2 = arith.mulf %v, %v : f64
    scf.reduce(%v2 : f64) {
    ^bb0(%p: f64, %q: f64):
      %r = arith.addf %p, %q : f64
      scf.reduce.return %r : f64
    }
  }
  func.return %e : f64
}
"""


def test_time_loop_around_parallel_loops() -> None:
    f = np.random.default_rng(1).uniform(0.5, 1.5, (3, 4))
    kinds = ["dup", "dup", "active", "const"]
    _check(TIME_LOOP, "heat", [f, np.zeros((3, 4)), 0.7, 3], kinds)
    s = _stats(TIME_LOOP, "heat", kinds)
    loops = sorted(tuple(c.loops) for c in s.cached)
    assert ("steps", "3*4") in loops and all(c.kind == "static" for c in s.cached)
    assert s.static_bytes({"steps": 3}) == sum(
        8 * (3 if c.loops[0] == "steps" else 1) * 12 for c in s.cached)
    # f' read at (y, x+1): atomic; g' and the copy's shadows at (y, x): plain
    assert s.atomic_updates >= 1 and s.atomics_avoided >= 3 and s.scalar_reductions >= 1


# ---------------------------------------------------------------------------------------
# The benchmark kernels (benchmarks/kernels): differentiated as written, in parallel


KER = benchmark_kernels()


def _interpreted_gradient(g: Any, func: str, inputs: list[Any], kinds: list[str],
                          nums: list[int], n_seeds: int = 1) -> list[Any]:
    """What ``activity.gradient`` computes (zero shadows, every float result seeded with
    1.0), from the reference interpreter running ``<func>_grad``."""
    call: list[Any] = []
    shadows: dict[int, np.ndarray] = {}
    for i, (x, k) in enumerate(zip(inputs, kinds, strict=True)):
        call.append(x.copy() if isinstance(x, np.ndarray) else x)
        if k in ("dup", "dupnoneed"):
            shadows[i] = np.zeros(np.shape(x))
            call.append(shadows[i])
    call += [1.0] * n_seeds
    adj = dict(zip([i for i, k in enumerate(kinds) if k == "active"],
                   activity.evaluate(g, func + "_grad", *call, max_steps=10**8), strict=True))
    return [adj[i] if i in adj else shadows[i] for i in nums]


@pytest.mark.parametrize("name", ["xsbench", "lbm"])
def test_kernel_gradient_in_parallel(name: str) -> None:
    """The kernels differentiate as written (no sequentialize): the dot-product test
    against the interpreter's tangents and central differences, pruned == all_active;
    the compiled gradient equals the interpreter's and the sequential schedule's."""
    from activity.codegen.sequential import sequentialize

    k = KER.KERNELS[name]
    inputs = k.make_inputs(np.random.default_rng(0), "small")
    _check(k.mlir, k.func, inputs, k.args)
    nums = [i for i, a in enumerate(k.args) if a in ("dup", "active")]
    m = activity.parse(k.mlir)
    want = _interpreted_gradient(grad(m, k.func, k.args), k.func, inputs, k.args, nums)
    par = activity.gradient(m, k.func, nums, args=k.args)
    seq = activity.gradient(sequentialize(m), k.func, nums, args=k.args)
    assert "scf.parallel" in str(par.grad_module)
    for got_p, got_s, w in zip(par(*inputs), seq(*inputs), want, strict=True):
        np.testing.assert_allclose(got_p, w, rtol=1e-11, atol=1e-13)
        np.testing.assert_allclose(got_s, w, rtol=1e-11, atol=1e-13)
    assert any(np.any(np.asarray(w) != 0) for w in want)


def test_kernel_atomic_counts() -> None:
    """XSBench's lookups share the shadows of the tables (atomic) but each owns its
    ``out[l * 5 + ch]`` (plain); LBM's copy and energy loops and its stencil's writes
    ``g[(q * ny + y) * nx + x]`` touch each shadow element from one iteration (plain),
    and so do its stencil's reads of f' at the periodic neighbour ``(x + nx - cx[q]) mod
    nx`` (a rotation of the cell, the same in both reads); omega's adjoint is summed by
    a reduction of the reverse loop, so no update is atomic."""
    x = KER.KERNELS["xsbench"]
    s = _stats(x.mlir, x.func, x.args)
    assert (s.atomic_updates, s.atomics_avoided, s.scalar_reductions) == (3, 4, 0)
    lbm = KER.KERNELS["lbm"]
    s = _stats(lbm.mlir, lbm.func, lbm.args)
    assert (s.atomic_updates, s.atomics_avoided, s.scalar_reductions) == (0, 6, 1)
    assert all(c.kind == "static" for c in s.cached)


# a[q * n + (i + SHIFT) mod n] read by iteration i in two loops over q: a rotation of the
# iterations when the shift is the same function in both and i + shift cannot wrap
ROT_LOOP = """
    %sQ = scf.for %q = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (f64) {
      %dq = memref.load %d[%q] : memref<3xi32>
      %di = arith.index_cast %dq : i32 to index
      %in = arith.addi %i, %n : index
      %t = SHIFT
      %j = arith.remui %t, %n : index
      %q3 = arith.muli %q, %n : index
      %k = arith.addi %q3, %j : index
      %x = memref.load %a[%k] : memref<?xf64>
      %x2 = arith.mulf %x, %x : f64
      %acc2 = arith.addf %acc, %x2 : f64
      scf.yield %acc2 : f64
    }"""
ROTATE = """
memref.global "private" constant @d : memref<3xi32> = dense<[DVALS]>
func.func @f(%a: memref<?xf64>, %out: memref<?xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f64
  %d = memref.get_global @d : memref<3xi32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {LOOP1LOOP2
    %r = arith.mulf %s1, %s2 : f64
    memref.store %r, %out[%i] : memref<?xf64>
    scf.reduce
  }
  return
}
"""
PLUS_N_MINUS_D = "arith.subi %in, %di : index"


def _rotate(dvals: str, shift1: str, shift2: str) -> str:
    return (ROTATE.replace("DVALS", dvals)
            .replace("LOOP1", ROT_LOOP.replace("SHIFT", shift1).replace("%sQ", "%s1"))
            .replace("LOOP2", ROT_LOOP.replace("SHIFT", shift2).replace("%sQ", "%s2")))


@pytest.mark.parametrize("dvals, shift1, shift2, plain", [
    # (i + n - d[q]) mod n in both loops, d in [-1, 1]: a rotation, plain
    ("0, 1, -1", PLUS_N_MINUS_D, PLUS_N_MINUS_D, True),
    # (i + d[q]) mod n, d in [0, 2]: no + n needed, plain
    ("0, 1, 2", "arith.addi %i, %di : index", "arith.addi %di, %i : index", True),
    # d in [-1, 3]: i + n - d may be negative (n = 1, d = 3): could wrap, atomic
    ("0, 3, -1", PLUS_N_MINUS_D, PLUS_N_MINUS_D, False),
    # (i - d[q]) mod n without + n: wraps for i = 0, d = 1, atomic
    ("0, 1, 0", "arith.subi %i, %di : index", "arith.subi %i, %di : index", False),
    # the second loop's shift differs (i + n + d[q]): the rotations may collide, atomic
    ("0, 1, -1", PLUS_N_MINUS_D, "arith.addi %in, %di : index", False),
])
def test_rotated_indices_need_no_atomics_only_when_proved(dvals: str, shift1: str,
                                                          shift2: str, plain: bool) -> None:
    """The digit ``(i + s) mod n`` fixes ``i`` when ``s`` is one function of values the
    colliding iterations share and ``i + s`` cannot wrap: then ``a``'s shadow updates
    are plain, otherwise atomic; the gradient is right either way (checked against
    tangents and finite differences, at several ``n``)."""
    text = _rotate(dvals, shift1, shift2)
    s = _stats(text, "f", ["dup", "dup", "const"])
    assert (s.atomic_updates == 0) == plain, (s.atomic_updates, s.atomics_avoided)
    rng = np.random.default_rng(5)
    for n in (1, 2, 5):
        _check(text, "f", [rng.normal(size=3 * n), np.zeros(n), n], ["dup", "dup", "const"])


@pytest.mark.parametrize("case", [
    ("reduce", REDUCE, "r", ["dup", "active", "active"], 2,
     lambda: [np.array([0.3, -1.2, 0.7, 2.0, 0.1, -0.4]), 1.7, 0.25]),
    ("time_loop", TIME_LOOP, "heat", ["dup", "dup", "active", "const"], 1,
     lambda: [np.random.default_rng(1).uniform(0.5, 1.5, (3, 4)), np.zeros((3, 4)), 0.7, 3]),
], ids=lambda c: c[0])
def test_compiled_gradient_equals_interpreter(case: tuple) -> None:
    _, text, func, kinds, n_seeds, make = case
    m = activity.parse(text)
    inputs = make()
    nums = [i for i, k in enumerate(kinds) if k in ("dup", "active")]
    want = _interpreted_gradient(grad(m, func, kinds), func, inputs, kinds, nums, n_seeds)
    got = activity.gradient(m, func, nums, args=kinds)(*inputs)
    for a, b in zip(got, want, strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-14)


# one parallel loop, one buffer %a accessed as BODY says; %x the active scalar
DIGITS = """
func.func @f(%a: memref<?xf64>, %x: f64, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %base = arith.muli %i, %c3 : index
    scf.for %j = %c0 to %UB step %c1 {
      %e = arith.addi %base, %j : index
BODY
    }
    scf.reduce
  }
  func.return
}
"""
_UPDATE = """      %v = memref.load %a[%e] : memref<?xf64>
      %w = arith.mulf %v, %x : f64
      memref.store %w, %a[%e] : memref<?xf64>
"""


@pytest.mark.parametrize("ub, extra, private", [
    ("%c3", "", True),  # a[3i + j], j in [0, 3): each iteration owns a[3i .. 3i+2]
    ("%c4", "", False),  # j in [0, 4): a[3i + 3] is also a[3(i+1) + 0]
    ("%c3", "      %e2 = arith.addi %e, %c1 : index\n"
            "      %u = memref.load %a[%e2] : memref<?xf64>\n"
            "      memref.store %u, %a[%e] : memref<?xf64>\n", False),  # a[e] with a[e+1]
    ("%c3", "      %t = memref.load %a[%j] : memref<?xf64>\n"
            "      memref.store %t, %a[%e] : memref<?xf64>\n", False),  # a[j]: shared
], ids=["owned-block", "overlapping-blocks", "neighbour", "shared-index"])
def test_iteration_private_shadow_updates_by_index_digits(ub: str, extra: str,
                                                          private: bool) -> None:
    text = DIGITS.replace("%UB", ub).replace("BODY\n", _UPDATE + extra)
    m = activity.parse(text)
    d = Differentiator(m, "f", ["dup", "active", "const"], True)
    d.run()
    # %x's adjoint is always summed by a reduction (1); %a's two shadow updates are plain
    # only when iterations own their elements
    assert d.scalar_reductions == 1
    if not private:
        assert d.atomics_avoided == 0 and d.atomic_updates >= 2
        return  # iterations then race on %a: the loop is not a valid scf.parallel
    assert (d.atomic_updates, d.atomics_avoided) == (0, 2)
    n = 4
    inputs = [np.random.default_rng(2).uniform(-1, 1, 3 * n + 4), 0.8, n]
    c = check_gradient(m, grad(m, "f", ["dup", "active", "const"]), "f", inputs,
                       ["dup", "active", "const"], np.random.default_rng(3))
    assert c.err_tangent < 1e-9, (c.reverse, c.tangent)
