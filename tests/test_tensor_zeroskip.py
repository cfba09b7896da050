"""Zero-skip (activity/tensor/zeroskip.py, the ``zeroskip`` switch of
activity/tensor/opts.py): contraction loops that skip the terms of a zero factor
behind a run-time guard give the dense loops' results bit for bit -- signed zeros,
infinities and NaNs in the other factors included, and a product of finite factors
that overflows (the guard must see it) -- and are not applied where a sum could be
``-0.0``."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import activity
from activity.tensor import opts
from activity.tensor.bufferize import lower_tensors

# Hand's skinning: moved[v, i] = sum_b,j w[v, b] * s[b, i, j] * x[v, j] (the reductions
# carried in registers, jammed over i)
SKIN = """
func.func @skin(%w: tensor<?x?xf64>, %s: tensor<?x3x4xf64>, %x: tensor<?x4xf64>)
    -> tensor<?x3xf64> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant FILL : f64
  %nv = tensor.dim %x, %c0 : tensor<?x4xf64>
  %e = tensor.empty(%nv) : tensor<?x3xf64>
  %z = linalg.fill ins(%zero : f64) outs(%e : tensor<?x3xf64>) -> tensor<?x3xf64>
  %m = linalg.generic {indexing_maps = [affine_map<(v, i, b, j) -> (v, b)>,
      affine_map<(v, i, b, j) -> (b, i, j)>, affine_map<(v, i, b, j) -> (v, j)>,
      affine_map<(v, i, b, j) -> (v, i)>],
      iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%w, %s, %x : tensor<?x?xf64>, tensor<?x3x4xf64>, tensor<?x4xf64>)
      outs(%z : tensor<?x3xf64>) {
  ^bb0(%hw: f64, %hs: f64, %hv: f64, %acc: f64):
    %p = arith.mulf %hs, %hv : f64
    %q = arith.mulf %hw, %p : f64
    %r = arith.addf %acc, %q : f64
    linalg.yield %r : f64
  } -> tensor<?x3xf64>
  func.return %m : tensor<?x3xf64>
}
"""

# the same with the factors associated the other way and the terms subtracted
SKIN2 = SKIN.replace("@skin", "@skin2").replace("""    %p = arith.mulf %hs, %hv : f64
    %q = arith.mulf %hw, %p : f64
    %r = arith.addf %acc, %q : f64""", """    %p = arith.mulf %hw, %hs : f64
    %n = arith.negf %hv : f64
    %q = arith.mulf %p, %n : f64
    %r = arith.subf %acc, %q : f64""")

# the adjoint's form: ds[b, i, j] = sum_v w[v, b] * x[v, j] * d[v, i] (the reduction
# outermost, register tiles over i and j updated in memory: not skipped, it did not pay)
ADJ = """
func.func @adj(%w: tensor<?x?xf64>, %x: tensor<?x4xf64>, %d: tensor<?x3xf64>)
    -> tensor<?x3x4xf64> {
  %c1 = arith.constant 1 : index
  %zero = arith.constant FILL : f64
  %nb = tensor.dim %w, %c1 : tensor<?x?xf64>
  %e = tensor.empty(%nb) : tensor<?x3x4xf64>
  %z = linalg.fill ins(%zero : f64) outs(%e : tensor<?x3x4xf64>) -> tensor<?x3x4xf64>
  %g = linalg.generic {indexing_maps = [affine_map<(v, i, b, j) -> (v, b)>,
      affine_map<(v, i, b, j) -> (v, j)>, affine_map<(v, i, b, j) -> (v, i)>,
      affine_map<(v, i, b, j) -> (b, i, j)>],
      iterator_types = ["reduction", "parallel", "parallel", "parallel"]}
      ins(%w, %x, %d : tensor<?x?xf64>, tensor<?x4xf64>, tensor<?x3xf64>)
      outs(%z : tensor<?x3x4xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64, %acc: f64):
    %p = arith.mulf %a, %c : f64
    %q = arith.mulf %b, %p : f64
    %r = arith.addf %acc, %q : f64
    linalg.yield %r : f64
  } -> tensor<?x3x4xf64>
  func.return %g : tensor<?x3x4xf64>
}
"""

# a scalar of the skinning, for its gradient: sum_v,i moved[v, i]^2
LOSS = SKIN.replace("@skin", "@loss").replace(
    """    -> tensor<?x3xf64> {""", """    -> f64 {""").replace(
    """  func.return %m : tensor<?x3xf64>""", """  %e0 = tensor.empty() : tensor<f64>
  %z0 = linalg.fill ins(%zero : f64) outs(%e0 : tensor<f64>) -> tensor<f64>
  %sq = linalg.generic {indexing_maps = [affine_map<(v, i) -> (v, i)>,
      affine_map<(v, i) -> ()>], iterator_types = ["reduction", "reduction"]}
      ins(%m : tensor<?x3xf64>) outs(%z0 : tensor<f64>) {
  ^bb0(%a: f64, %acc: f64):
    %a2 = arith.mulf %a, %a : f64
    %t = arith.addf %acc, %a2 : f64
    linalg.yield %t : f64
  } -> tensor<f64>
  %total = tensor.extract %sq[] : tensor<f64>
  func.return %total : f64""")

PROGRAMS = {"skin": SKIN, "skin2": SKIN2, "adj": ADJ}
SKIPPED = ("skin", "skin2")


def _src(name: str, fill: str = "0.0") -> str:
    return PROGRAMS[name].replace("FILL", fill)


def applied(src: str) -> int:
    with opts.counting() as c:
        lower_tensors(activity.parse(src))
    return c["zeroskip"]


def _inputs(name: str, rng: np.random.Generator, nv: int = 37, nb: int = 5) -> list[Any]:
    w = rng.standard_normal((nv, nb))
    w[rng.random((nv, nb)) < 0.75] = 0.0
    w[rng.random((nv, nb)) < 0.1] = -0.0  # (signed zeros: skipped too)
    x = rng.standard_normal((nv, 4))
    if name != "adj":
        return [w, rng.standard_normal((nb, 3, 4)), x]
    return [w, x, rng.standard_normal((nv, 3))]


def both(name: str, args: list[Any], fill: str = "0.0") -> tuple[np.ndarray, np.ndarray]:
    """The program's result with zero-skip and without (the dense loops)."""
    src = _src(name, fill)
    on = activity.compile(src, name)(*[a.copy() for a in args])
    with opts.disabled("zeroskip"):
        off = activity.compile(src, name)(*[a.copy() for a in args])
    return np.asarray(on), np.asarray(off)


def same_bits(a: np.ndarray, b: np.ndarray) -> bool:
    return a.shape == b.shape and np.array_equal(a.view(np.uint64), b.view(np.uint64))


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_applied_and_exact(name: str) -> None:
    assert applied(_src(name)) == (name in SKIPPED)
    with opts.disabled("zeroskip"):
        assert applied(_src(name)) == 0
    args = _inputs(name, np.random.default_rng(0))
    on, off = both(name, args)
    assert same_bits(on, off)
    assert np.count_nonzero(args[0]) < args[0].size  # (something was skipped)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("bad", [np.inf, -np.inf, np.nan])
def test_inf_and_nan_in_another_factor(name: str, bad: float) -> None:
    """``0 * inf`` is NaN: the guard sees the other factors' infinities and NaNs and
    the dense loops run -- the same NaNs, in the same places, as without zero-skip."""
    rng = np.random.default_rng(1)
    args = _inputs(name, rng)
    w = args[0]
    v, b = map(int, np.argwhere(w == 0)[0])
    if name != "adj":
        args[1][b, 1, 2] = bad  # (only zero weights meet it in some rows)
    else:
        args[1][v, 2] = bad
    on, off = both(name, args)
    assert np.isnan(off).any()
    assert same_bits(on, off)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_overflowing_product_of_finite_factors(name: str) -> None:
    """Every factor finite, their product not: the skinning's ``0 * (1e200 * 1e200)``
    is NaN.  (``(0 * 1e200) * 1e200`` is not: the guard, which does not look at the
    association, runs the dense loops there too.)"""
    args = _inputs(name, np.random.default_rng(2))
    w = args[0]
    v, b = map(int, np.argwhere(w == 0)[0])
    if name != "adj":
        args[1][b, 0, 1] = 1e200
        args[2][v, 1] = 1e200
    else:
        args[1][v, 3] = 1e200
        args[2][v, 0] = 1e200
    on, off = both(name, args)
    assert np.isnan(off).any() == (name == "skin")
    assert same_bits(on, off)


@pytest.mark.parametrize("name", SKIPPED)
def test_not_applied_where_a_sum_may_be_minus_zero(name: str) -> None:
    """``-0.0 + +0.0`` is ``+0.0``: a sum starting from ``-0.0`` must add every term."""
    assert applied(_src(name, "-0.0")) == 0
    args = _inputs(name, np.random.default_rng(3))
    w = args[0]
    w[:, 0] = 0.0  # (bone 0: every term +0.0)
    w[0, :] = 0.0  # (vertex 0: likewise)
    on, off = both(name, args, "-0.0")
    assert same_bits(on, off)
    zero = off[0]  # (vertex 0)
    assert not np.signbit(zero).any() and not zero.any()  # (+0.0, not the fill's -0.0)


def test_gradient_is_the_dense_one() -> None:
    """The gradient of the skinning w.r.t. the transforms and the points (the forward
    nest and the adjoint nests skip the zero weights), with an infinite point too."""
    rng = np.random.default_rng(4)
    for bad in (None, np.inf):
        w, s, x = _inputs("skin", rng)
        if bad is not None:
            x[int(np.argwhere(w == 0)[0][0]), 0] = bad
        src = LOSS.replace("FILL", "0.0")
        assert applied(src) == 1
        g_on = activity.gradient(src, "loss", argnums=(1, 2))
        with opts.disabled("zeroskip"):
            g_off = activity.gradient(src, "loss", argnums=(1, 2))
        with opts.counting() as c:
            lower_tensors(activity.grad(activity.parse(src), "loss",
                                        ["const", "active", "active"]))
        assert c["zeroskip"] >= 2  # (the forward nest and the adjoint's)
        for a, b in zip(g_on(w, s, x), g_off(w, s, x), strict=True):
            assert same_bits(np.asarray(a), np.asarray(b))


@pytest.mark.parametrize("bad", [None, np.inf, np.nan, "overflow"])
def test_f32(bad: Any) -> None:
    """The same in f32 (its own guard bound, ``2^100``): ``0 * (1e20 * 1e20)`` is NaN."""
    src = _src("skin").replace("f64", "f32").replace("@skin", "@skin32")
    assert applied(src) == 1
    args = [a.astype(np.float32) for a in _inputs("skin", np.random.default_rng(5))]
    v, b = map(int, np.argwhere(args[0] == 0)[0])
    if bad == "overflow":
        args[1][b, 0, 1] = args[2][v, 1] = 1e20
    elif bad is not None:
        args[1][b, 1, 2] = bad
    on = np.asarray(activity.compile(src, "skin32")(*[a.copy() for a in args]))
    with opts.disabled("zeroskip"):
        off = np.asarray(activity.compile(src, "skin32")(*[a.copy() for a in args]))
    assert on.dtype == np.float32 and np.isnan(off).any() == (bad is not None)
    assert np.array_equal(on.view(np.uint32), off.view(np.uint32))


def test_lowered_ir_prints_and_parses_back() -> None:
    """The guard's flattened views have the dynamic-size marker (``memref<?xf64>``), so
    the lowered program prints as MLIR that parses again (a ``-1`` size printed as
    ``memref<-1xf64>``, which does not)."""
    low = lower_tensors(activity.parse(_src("skin")))
    text = str(low)
    assert "memref<?xf64>" in text
    assert str(activity.parse(text)) == text
