"""The ``fusereduce`` optimization (activity/ad/rules/linalg.py ``_mixed_groups``): a
reduction adjoint merged into the nest of an elementwise one of the same body, only
where the reduction's own nest would have been the same loops -- and the gradient
then the same bit for bit as with the switch off (in the cases here; where
``carryorder`` would carry the reduction alone with a ``reassoc`` add, the merged
nest's interpreter order may differ from LLVM's reordering by rounding)."""

from __future__ import annotations

import numpy as np
import pytest

import activity
from activity.tensor import opts

# Hand's squared distance: d = moved + tr - targets, sum of d^2 (dmoved elementwise,
# dtr a reduction over the 544 rows); ``{T}`` the moved/targets type, ``{R}`` tr's
# (``{N}`` elements of theta), ``{TR}`` its index
SQ = """func.func @sq(%moved: {T}, %theta: tensor<?xf64>, %targets: {T}) -> f64 {{
    %cst1 = arith.constant 0.0 : f64
    %c0 = arith.constant 0 : index
    %n = tensor.dim %theta, %c0 : tensor<?xf64>
    %tr = tensor.extract_slice %theta[0] [{N}] [1] : tensor<?xf64> to {R}
    %e0 = tensor.empty() : tensor<f64>
    %z0 = linalg.fill ins(%cst1 : f64) outs(%e0 : tensor<f64>) -> tensor<f64>
    %sq = linalg.generic {{indexing_maps = [affine_map<(v, i) -> (v, i)>,
        affine_map<(v, i) -> ({TR})>, affine_map<(v, i) -> (v, i)>, affine_map<(v, i) -> ()>],
        iterator_types = ["reduction", "reduction"]}}
        ins(%moved, %tr, %targets : {T}, {R}, {T}) outs(%z0 : tensor<f64>) {{
    ^bb0(%sm: f64, %st: f64, %sg: f64, %sacc: f64):
      %s1 = arith.addf %sm, %st : f64
      %s2 = arith.subf %s1, %sg : f64
      %s3 = arith.mulf %s2, %s2 : f64
      %s4 = arith.addf %sacc, %s3 : f64
      linalg.yield %s4 : f64
    }} -> tensor<f64>
    %t = tensor.extract %sq[] : tensor<f64>
    func.return %t : f64
}}"""


def _grad(src: str, args: list[np.ndarray]) -> tuple[list[np.ndarray], int]:
    with opts.counting() as c:
        g = activity.gradient(src, "sq", argnums=(0, 1))
        out = g(*args)
    return [np.asarray(x) for x in out], c.get("fusereduce", 0)


def _args(nv: int, cols: int) -> list[np.ndarray]:
    rng = np.random.default_rng(3)
    return [rng.standard_normal((nv, cols)), rng.standard_normal(9),
            rng.standard_normal((nv, cols))]


def test_merged_where_the_nests_agree_and_exact() -> None:
    src = SQ.format(T="tensor<?x3xf64>", TR="i", N="3", R="tensor<3xf64>")
    args = _args(37, 3)
    on, n_on = _grad(src, args)
    with opts.disabled("fusereduce"):
        off, n_off = _grad(src, args)
    assert (n_on, n_off) == (1, 0)
    for a, b in zip(on, off, strict=True):
        assert a.tobytes() == b.tobytes()
    m, th, tg = args
    d = m + th[:3] - tg
    np.testing.assert_allclose(on[0], 2 * d, rtol=1e-14)
    np.testing.assert_allclose(on[1][:3], 2 * d.sum(axis=0), rtol=1e-12)
    assert not on[1][3:].any()


@pytest.mark.parametrize(("t", "tr", "r", "n"), [
    # (a dynamic row: the reduction alone may be tiled by registers)
    ("tensor<?x?xf64>", "i", "tensor<?xf64>", "%n"),
    # (tr[v]: a reduction over i, carried alone in registers)
    ("tensor<6x3xf64>", "v", "tensor<6xf64>", "6"),
])
def test_not_merged_where_the_reduction_has_its_own_nest(t: str, tr: str, r: str,
                                                        n: str) -> None:
    src = SQ.format(T=t, TR=tr, N=n, R=r)
    rng = np.random.default_rng(4)
    nv = 6
    args = [rng.standard_normal((nv, 3)), rng.standard_normal(3 if tr == "i" else nv),
            rng.standard_normal((nv, 3))]
    on, n = _grad(src, args)
    assert n == 0
    with opts.disabled("fusereduce"):
        off, _ = _grad(src, args)
    for a, b in zip(on, off, strict=True):
        assert a.tobytes() == b.tobytes()
