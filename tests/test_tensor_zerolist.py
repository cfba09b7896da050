"""Zero-list (activity/tensor/zerolist.py, the ``zerolist`` switch of
activity/tensor/opts.py): a reduction updating its outputs in memory (the adjoint of
Hand's skinning) runs over a list of its mostly-zero factor's nonzero elements, and
gives the dense loop's results bit for bit -- signed zeros, NaN weights, infinities
and overflowing products in the other factors included; the list is used only where
the guard holds and the factor is mostly zero, and not made where a sum could be
``-0.0`` or the body is large."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import activity
from activity.tensor import opts, zerolist
from activity.tensor.bufferize import lower_tensors

# ds[b, i, j] = sum_v w[v, b] * x[v, j] * d[v, i]: the reduction outermost in the
# maps, the loops b, v, i, j (the outputs updated in memory)
ADJ = """
func.func @adj(%w: tensor<?x?xf64>, %x: tensor<?xJxf64>, %d: tensor<?xIxf64>)
    -> tensor<?xIxJxf64> {
  %c1 = arith.constant 1 : index
  %zero = arith.constant FILL : f64
  %nb = tensor.dim %w, %c1 : tensor<?x?xf64>
  %e = tensor.empty(%nb) : tensor<?xIxJxf64>
  %z = linalg.fill ins(%zero : f64) outs(%e : tensor<?xIxJxf64>) -> tensor<?xIxJxf64>
  %g = linalg.generic {indexing_maps = [affine_map<(v, i, b, j) -> (v, b)>,
      affine_map<(v, i, b, j) -> (v, j)>, affine_map<(v, i, b, j) -> (v, i)>,
      affine_map<(v, i, b, j) -> (b, i, j)>],
      iterator_types = ["reduction", "parallel", "parallel", "parallel"]}
      ins(%w, %x, %d : tensor<?x?xf64>, tensor<?xJxf64>, tensor<?xIxf64>)
      outs(%z : tensor<?xIxJxf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64, %acc: f64):
    %p = arith.mulf %a, %c : f64
    %q = arith.mulf %b, %p : f64
    %r = arith.addf %acc, %q : f64
    linalg.yield %r : f64
  } -> tensor<?xIxJxf64>
  func.return %g : tensor<?xIxJxf64>
}
"""


def _src(fill: str = "0.0", i: int = 3, j: int = 4) -> str:
    return ADJ.replace("FILL", fill).replace("I", str(i)).replace("J", str(j))


def applied(src: str) -> int:
    with opts.counting() as c:
        lower_tensors(activity.parse(src))
    return c["zerolist"]


def _inputs(rng: np.random.Generator, zeros: float = 0.75, nv: int = 41,
            nb: int = 5) -> list[Any]:
    w = rng.standard_normal((nv, nb))
    w[rng.random((nv, nb)) < zeros] = 0.0
    w[(w == 0) & (rng.random((nv, nb)) < 0.3)] = -0.0  # (signed zeros: left out too)
    return [w, rng.standard_normal((nv, 4)), rng.standard_normal((nv, 3))]


def both(args: list[Any], src: str | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The result with zero-list and without (the dense loop)."""
    src = src or _src()
    on = activity.compile(src, "adj")(*[a.copy() for a in args])
    with opts.disabled("zerolist"):
        off = activity.compile(src, "adj")(*[a.copy() for a in args])
    return np.asarray(on), np.asarray(off)


def same_bits(a: np.ndarray, b: np.ndarray) -> bool:
    return a.shape == b.shape and np.array_equal(a.view(np.uint64), b.view(np.uint64))


def test_applied_and_exact() -> None:
    assert applied(_src()) == 1
    with opts.disabled("zerolist"):
        assert applied(_src()) == 0
    for seed in range(3):
        on, off = both(_inputs(np.random.default_rng(seed)))
        assert same_bits(on, off)


def test_special_values_give_the_dense_bits() -> None:
    """A NaN weight is kept; an infinity or NaN in another factor, or finite factors
    whose product overflows, fail the guard (the dense loop: 0 * inf is NaN)."""
    rng = np.random.default_rng(1)
    cases = []
    w, x, d = _inputs(rng)
    w[3, 2] = np.nan
    cases.append([w, x, d])
    for k, val in enumerate([np.inf, -np.inf, np.nan]):
        w, x, d = _inputs(rng)
        (x if k != 1 else d)[5, 1] = val
        assert w[5].tolist().count(0.0) > 0
        cases.append([w, x, d])
    w, x, d = _inputs(rng)
    x[7, 0], d[9, 2] = 1e200, 1e200  # (a product of 1e400: not finite)
    cases.append([w, x, d])
    for args in cases:
        on, off = both(args)
        assert same_bits(on, off)


def test_list_taken_only_where_it_pays(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the list broken (always empty), the result changes exactly where the
    list is used: a mostly-zero factor whose guard holds -- not a dense factor, not
    where the guard fails."""
    def empty(at: Any, size: Any, into: Any, element: Any) -> Any:
        from xdsl.dialects import arith
        from xdsl.dialects.builtin import IndexType, IntegerAttr

        return at(arith.ConstantOp(IntegerAttr(0, IndexType()))).results[0]

    monkeypatch.setattr(zerolist, "make_list", empty)
    rng = np.random.default_rng(2)
    sparse = _inputs(rng, zeros=0.75)
    dense = _inputs(rng, zeros=0.25)
    bad = _inputs(rng, zeros=0.75)
    bad[1][4, 3] = np.inf
    on, off = both(sparse)
    assert not same_bits(on, off) and not np.any(on)  # (the list path: nothing added)
    for args in (dense, bad):
        on, off = both(args)
        assert same_bits(on, off)


@pytest.mark.parametrize(("fill", "i", "j"), [("-0.0", 3, 4), ("0.0", 16, 8), ("0.0", 1, 2)])
def test_not_applied(fill: str, i: int, j: int) -> None:
    """Not where an output could be ``-0.0`` (a fill of -0.0), nor where the body
    under the reduction is outside [MIN_BODY, MAX_BODY] elements."""
    assert applied(_src(fill, i, j)) == 0
