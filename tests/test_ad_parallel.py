"""Reverse mode of ``scf.parallel`` without reductions (issue 6): each iteration is
reversed in a parallel loop over the same bounds, recomputing what it needs; shadow
updates are atomic unless iterations provably touch distinct shadow elements."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import activity
from activity.ad import GradError, grad
from activity.ad.check import check_gradient
from activity.ad.reverse import Differentiator
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
    # only the adjoint of the scalar %x is summed atomically
    assert text.count("memref.atomic_rmw") == 1
    for prune in (True, False):
        s = _stats(MAP, "f", ["dup", "dup", "active"], prune)
        assert (s.atomic_updates, s.atomics_avoided) == (1, 2)
        assert s.to_json()["parallel_shadow_updates"] == {"atomic": 1, "atomics_avoided": 2}
        assert "1 atomic, 2 atomics avoided" in s.render()


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
    # a' twice and x' atomic; b' (read and cleared at %i only) plain
    assert (s.atomic_updates, s.atomics_avoided) == (3, 1)


def test_not_recomputable_iteration_is_refused() -> None:
    text = """
func.func @h(%a: memref<4xf64>, %x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %a[%i] : memref<4xf64>
    %y = arith.mulf %v, %v : f64
    memref.store %y, %a[%i] : memref<4xf64>
    scf.reduce
  }
  func.return
}
"""
    with pytest.raises(GradError, match="scf.parallel"):
        grad(activity.parse(text), "h", ["dup", "active"])
