# ruff: noqa: E501  (MLIR test programs have long lines)
"""Tensor gradients' memory (issue #33): recompute over cache in the reverse sweep
(activity/ad/tensor_recompute.py, the ``recompute`` switch), an elementwise op written
over an input that dies with it (activity/tensor/reuse.py, ``inplace``) and short
buffer lifetimes (activity/tensor/lifetime.py, ``lifetime``).  Gradients are the same
with each off (interpreter and compiled); GMM's gradient holds, at its peak, hardly
more than its primal does (counted statically, activity/tensor/peak.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from xdsl.dialects import func

import activity
from activity.tensor import opts
from activity.tensor.bufferize import bufferize, lower_tensors
from activity.tensor.peak import peak_bytes
from activity.tensor.reuse import reuse_dead_inputs

ROOT = Path(__file__).resolve().parents[1]
TENSOR = ROOT / "benchmarks" / "tensor"
SWITCHES = ("recompute", "inplace", "lifetime")


def _fn(module: Any, name: str) -> func.FuncOp:
    return next(o for o in module.walk()
                if isinstance(o, func.FuncOp) and o.sym_name.data == name)


def _grads(src: str, kinds: list[str], args: list[Any], off: tuple[str, ...] = ()
           ) -> tuple[list[np.ndarray], list[np.ndarray], dict[str, int]]:
    """(interpreted, compiled, the counters) of ``@f``'s gradient with ``off`` off."""
    with opts.disabled(*off):
        with opts.counting() as c:
            g = activity.grad(activity.parse(src), "f", kinds)
            lower_tensors(g)
        seeds = [1.0]
        i = activity.evaluate(g, "f_grad", *args, *seeds)
        k = activity.compile(g, "f_grad")(*[a.copy() if isinstance(a, np.ndarray) else a
                                             for a in args], *seeds)
    i = i if isinstance(i, tuple) else (i,)
    k = k if isinstance(k, tuple) else (k,)
    return ([np.asarray(x, np.float64) for x in i], [np.asarray(x, np.float64) for x in k],
            dict(c))


def _same(a: list[np.ndarray], b: list[np.ndarray]) -> None:
    assert len(a) == len(b)
    for x, y in zip(a, b, strict=True):
        np.testing.assert_allclose(x, y, rtol=1e-12, atol=1e-13)


def _on_off(src: str, kinds: list[str], args: list[Any]) -> dict[str, int]:
    """Gradients on = off (each switch and all), interpreter = compiled; the counters
    with everything on."""
    i_on, k_on, c = _grads(src, kinds, args)
    _same(i_on, k_on)
    for off in [(s,) for s in SWITCHES] + [SWITCHES]:
        i_off, k_off, c_off = _grads(src, kinds, args, off)
        for s in off:
            assert c_off.get(s, 0) == 0, (s, c_off)
        _same(i_off, i_on)
        _same(k_off, k_on)
    return c


# a GMM in miniature: xc = x - mu (cheap, N x D) is read by two forward ops and, in the
# reverse sweep, by the adjoints of both (twice), after the loss's reverse made tensors
MINI = """
#nd = affine_map<(n, d) -> (n, d)>
#d = affine_map<(n, d) -> (d)>
func.func @f(%x: tensor<5x3xf64>, %mu: tensor<3xf64>, %qs: tensor<3xf64>, %l: tensor<3x3xf64>) -> f64 {
  %z = arith.constant 0.0 : f64
  %e0 = tensor.empty() : tensor<5x3xf64>
  %xc = linalg.generic {indexing_maps = [#nd, #d, #nd], iterator_types = ["parallel", "parallel"]}
      ins(%x, %mu : tensor<5x3xf64>, tensor<3xf64>) outs(%e0 : tensor<5x3xf64>) {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %s = arith.subf %a, %b : f64
    linalg.yield %s : f64
  } -> tensor<5x3xf64>
  %e1 = tensor.empty() : tensor<5x3xf64>
  %q0 = linalg.generic {indexing_maps = [#d, #nd, #nd], iterator_types = ["parallel", "parallel"]}
      ins(%qs, %xc : tensor<3xf64>, tensor<5x3xf64>) outs(%e1 : tensor<5x3xf64>) {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %ea = math.exp %a : f64
    %p = arith.mulf %ea, %b : f64
    linalg.yield %p : f64
  } -> tensor<5x3xf64>
  %q = linalg.generic {indexing_maps = [affine_map<(n, i, j) -> (i, j)>, affine_map<(n, i, j) -> (n, j)>, affine_map<(n, i, j) -> (n, i)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%l, %xc : tensor<3x3xf64>, tensor<5x3xf64>) outs(%q0 : tensor<5x3xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<5x3xf64>
  %en = tensor.empty() : tensor<5xf64>
  %zn = linalg.fill ins(%z : f64) outs(%en : tensor<5xf64>) -> tensor<5xf64>
  %sq = linalg.generic {indexing_maps = [#nd, affine_map<(n, d) -> (n)>], iterator_types = ["parallel", "reduction"]}
      ins(%q : tensor<5x3xf64>) outs(%zn : tensor<5xf64>) {
  ^bb0(%a: f64, %acc: f64):
    %p = arith.mulf %a, %a : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<5xf64>
  %e2 = tensor.empty() : tensor<f64>
  %z2 = linalg.fill ins(%z : f64) outs(%e2 : tensor<f64>) -> tensor<f64>
  %t = linalg.generic {indexing_maps = [affine_map<(n) -> (n)>, affine_map<(n) -> ()>], iterator_types = ["reduction"]}
      ins(%sq : tensor<5xf64>) outs(%z2 : tensor<f64>) {
  ^bb0(%a: f64, %acc: f64):
    %e = math.exp %a : f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  %v = tensor.extract %t[] : tensor<f64>
  %r = math.log %v : f64
  return %r : f64
}
"""


def _mini_args() -> list[Any]:
    rng = np.random.default_rng(0)
    return [rng.uniform(-1, 1, (5, 3)), rng.uniform(-1, 1, 3), rng.uniform(-0.5, 0.5, 3),
            rng.uniform(-0.5, 0.5, (3, 3))]


def test_recomputed_value_read_twice_in_the_reverse() -> None:
    c = _on_off(MINI, ["active"] * 4, _mini_args())
    assert c.get("recompute", 0) >= 1, c
    g = activity.grad(activity.parse(MINI), "f", ["active"] * 4)
    subs = [o for o in _fn(g, "f_grad").walk()
            if o.name == "linalg.generic" and any(i.name == "arith.subf" for i in o.body.block.ops)
            and "activity.adjoint" not in o.attributes]
    assert len(subs) == 2  # (xc: the forward's, and the reverse sweep's copy)
    # the copy is read by both reverse-sweep ops that read xc, the forward's by neither
    fwd, again = subs
    assert all("activity.adjoint" not in u.operation.attributes for u in fwd.results[0].uses
               if u.operation.name != "tensor.dim")
    readers = [u.operation for u in again.results[0].uses]
    assert len(readers) == 2 and all("activity.adjoint" in r.attributes for r in readers)


# an operand consumed in place in the forward sweep: %y's last read is %w's (written
# over %y's buffer), so recomputing %tt = %y + %b in the reverse would keep %y alive (a
# copy where the in-place write was): not recomputed
CONSUMED = """
#id = affine_map<(i) -> (i)>
func.func @f(%x: tensor<6xf64>, %b: tensor<6xf64>, %c: tensor<6xf64>) -> f64 {
  %z = arith.constant 0.0 : f64
  %two = arith.constant 2.0 : f64
  %e0 = tensor.empty() : tensor<6xf64>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<6xf64>) outs(%e0 : tensor<6xf64>) {
  ^bb0(%a: f64, %o: f64):
    %p = arith.mulf %a, %two : f64
    linalg.yield %p : f64
  } -> tensor<6xf64>
  %e1 = tensor.empty() : tensor<6xf64>
  %tt = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%y, %b : tensor<6xf64>, tensor<6xf64>) outs(%e1 : tensor<6xf64>) {
  ^bb0(%a: f64, %bb: f64, %o: f64):
    %p = arith.addf %a, %bb : f64
    linalg.yield %p : f64
  } -> tensor<6xf64>
  %w = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b : tensor<6xf64>) outs(%y : tensor<6xf64>) {
  ^bb0(%a: f64, %o: f64):
    %p = arith.addf %o, %a : f64
    linalg.yield %p : f64
  } -> tensor<6xf64>
  %e2 = tensor.empty() : tensor<f64>
  %z2 = linalg.fill ins(%z : f64) outs(%e2 : tensor<f64>) -> tensor<f64>
  %s = linalg.generic {indexing_maps = [#id, #id, #id, affine_map<(i) -> ()>], iterator_types = ["reduction"]}
      ins(%tt, %c, %w : tensor<6xf64>, tensor<6xf64>, tensor<6xf64>) outs(%z2 : tensor<f64>) {
  ^bb0(%a: f64, %cc: f64, %ww: f64, %acc: f64):
    %p = arith.mulf %a, %cc : f64
    %q = arith.mulf %p, %ww : f64
    %r = arith.addf %acc, %q : f64
    linalg.yield %r : f64
  } -> tensor<f64>
  %v = tensor.extract %s[] : tensor<f64>
  return %v : f64
}
"""


def test_not_recomputed_from_an_operand_consumed_in_place() -> None:
    rng = np.random.default_rng(1)
    args = [rng.uniform(-1, 1, 6) for _ in range(3)]
    c = _on_off(CONSUMED, ["active"] * 3, args)
    assert c.get("recompute", 0) == 0, c


# a loop-carried tensor: %t2 = %t * a is made from the carried value in the loop body;
# the reverse loop reads it from the tape, never in the forward body's block
LOOP = """
#id = affine_map<(i) -> (i)>
func.func @f(%x: tensor<4xf64>, %a: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %x) -> (tensor<4xf64>) {
    %e = tensor.empty() : tensor<4xf64>
    %t2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%t : tensor<4xf64>) outs(%e : tensor<4xf64>) {
    ^bb0(%u: f64, %o: f64):
      %p = arith.mulf %u, %a : f64
      linalg.yield %p : f64
    } -> tensor<4xf64>
    %s = math.sin %t2 : tensor<4xf64>
    scf.yield %s : tensor<4xf64>
  }
  %c2 = arith.constant 2 : index
  %v = tensor.extract %r[%c2] : tensor<4xf64>
  %p = scf.if %true -> (f64) {
    %w = arith.mulf %v, %v : f64
    scf.yield %w : f64
  } else {
    scf.yield %v : f64
  }
  return %p : f64
}
""".replace("%p = scf.if %true", "%true = arith.constant true\n  %p = scf.if %true")


def test_loop_carried_and_branch_bodies() -> None:
    rng = np.random.default_rng(2)
    c = _on_off(LOOP, ["active", "active"], [rng.uniform(-1, 1, 4), 0.7])
    assert c.get("recompute", 0) == 0, c


# --------------------------------------------------------------------------
# writing over a dead input

REUSE = """
#id = affine_map<(i, j) -> (i, j)>
#tr = affine_map<(i, j) -> (j, i)>
func.func @f(%a: tensor<3x3xf64>) -> tensor<3x3xf64> {
  %z = arith.constant 1.5 : f64
  %e0 = tensor.empty() : tensor<3x3xf64>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<3x3xf64>) outs(%e0 : tensor<3x3xf64>) {
  ^bb0(%u: f64, %o: f64):
    %p = math.exp %u : f64
    linalg.yield %p : f64
  } -> tensor<3x3xf64>
  %e1 = tensor.empty() : tensor<3x3xf64>
  %f1 = linalg.fill ins(%z : f64) outs(%e1 : tensor<3x3xf64>) -> tensor<3x3xf64>
  %r = linalg.generic {indexing_maps = [MAP, #id], iterator_types = ["parallel", "parallel"]}
      ins(%y : tensor<3x3xf64>) outs(%f1 : tensor<3x3xf64>) {
  ^bb0(%u: f64, %o: f64):
    %p = arith.mulf %u, %o : f64
    linalg.yield %p : f64
  } -> tensor<3x3xf64>
  RET
}
"""


def _reuse(map_: str, ret: str) -> tuple[int, Any, np.ndarray, np.ndarray]:
    src = REUSE.replace("MAP", map_).replace("RET", ret)
    m = activity.parse(src)
    with opts.counting() as c:
        n = reuse_dead_inputs(_fn(m, "f"))
    a = np.random.default_rng(3).uniform(-1, 1, (3, 3))
    got = activity.compile(src, "f")(a.copy())
    want = activity.evaluate(activity.parse(src), "f", a.copy())
    want = want[0] if isinstance(want, tuple) else want
    assert c.get("inplace", 0) == n
    return n, m, np.asarray(got), np.asarray(want)


def test_dead_input_reused_elementwise() -> None:
    n, m, got, want = _reuse("#id", "return %r : tensor<3x3xf64>")
    assert n == 1
    r = [o for o in _fn(m, "f").walk() if o.name == "linalg.generic"][-1]
    assert r.outputs[0].owner.name == "linalg.generic" and not r.inputs  # (over %y)
    assert not any(o.name == "linalg.fill" for o in _fn(m, "f").walk())
    np.testing.assert_allclose(got, np.exp(np.random.default_rng(3).uniform(-1, 1, (3, 3))) * 1.5)
    np.testing.assert_allclose(got, want)
    # bufferized: %r is written over %y's buffer (one allocation for both, plus the
    # result's copy-out none: %y's buffer is returned)
    b = activity.parse(REUSE.replace("MAP", "#id").replace("RET", "return %r : tensor<3x3xf64>"))
    bufferize(b)
    assert sum(o.name == "memref.alloc" for o in _fn(b, "f").walk()) == 1


def test_dead_input_not_reused_at_another_map() -> None:
    n, _, got, want = _reuse("#tr", "return %r : tensor<3x3xf64>")
    assert n == 0
    np.testing.assert_allclose(got, want)
    a = np.random.default_rng(3).uniform(-1, 1, (3, 3))
    np.testing.assert_allclose(got, np.exp(a).T * 1.5)


def test_live_input_not_reused() -> None:
    ret = ("%s = arith.addf %r, %y : tensor<3x3xf64>\n  return %s : tensor<3x3xf64>")
    n, _, got, want = _reuse("#id", ret)
    assert n == 0
    np.testing.assert_allclose(got, want)
    a = np.random.default_rng(3).uniform(-1, 1, (3, 3))
    np.testing.assert_allclose(got, np.exp(a) * 2.5)


# --------------------------------------------------------------------------
# lifetimes and GMM's peak


def test_buffer_freed_after_its_last_use() -> None:
    """``%y``'s buffer is freed right after its last read, before ``%w`` is made, so
    the two can share memory; with ``lifetime`` off, at the end of the function."""
    src = """
#id = affine_map<(i) -> (i)>
func.func @f(%x: tensor<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf64>
  %e = tensor.empty(%n) : tensor<?xf64>
  %y = math.exp %x : tensor<?xf64>
  %y2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%y : tensor<?xf64>) outs(%e : tensor<?xf64>) {
  ^bb0(%u: f64, %o: f64):
    %p = arith.mulf %u, %u : f64
    linalg.yield %p : f64
  } -> tensor<?xf64>
  %w = math.sin %y2 : tensor<?xf64>
  %v = tensor.extract %w[%c0] : tensor<?xf64>
  return %v : f64
}
"""
    def peak(off: tuple[str, ...]) -> int:
        with opts.disabled(*off):
            b = activity.parse(src)
            bufferize(b)
        return peak_bytes(_fn(b, "f"), [[1000]]).bytes

    assert peak(()) == 2 * 8000
    assert peak(("lifetime",)) == 3 * 8000
    x = np.random.default_rng(4).uniform(-1, 1, 1000)
    assert activity.compile(src, "f")(x) == pytest.approx(np.sin(np.exp(x[0]) ** 2), rel=1e-14)


def _gmm_peaks(off: tuple[str, ...] = ()) -> tuple[int, int, list[tuple[str, int]]]:
    n, k, d = 1000, 25, 10
    shapes: list[Any] = [[k], [k, d], [k, d], [k, d, d], [n, d], None, None, None]
    kinds = ["active"] * 4 + ["const"] * 4
    with opts.disabled(*off):
        g = activity.grad(activity.parse(TENSOR / "gmm.mlir"), "gmm", kinds)
        bufferize(g)
    grad = peak_bytes(_fn(g, "gmm_grad"), [*shapes, None])
    primal = peak_bytes(_fn(g, "gmm"), shapes)
    return grad.bytes, primal.bytes, grad.live


def test_gmm_gradient_peak_is_its_primals() -> None:
    """N*K*D = 250k doubles = 2 MB per tensor: the primal holds two (xc, qx); the
    gradient, at its peak, the same two and nothing else of that size (before: four,
    8.9 MB).  With the three switches off it is back to four."""
    grad, primal, live = _gmm_peaks()
    big = [b for _, b in live if b >= 2_000_000]
    assert len(big) == 2 and grad <= primal + 100_000, (grad, primal, live)
    grad_off, primal_off, _ = _gmm_peaks(SWITCHES)
    assert grad_off >= primal_off + 4_000_000, (grad_off, primal_off)
