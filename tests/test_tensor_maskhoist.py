"""Masks of register-tiled sums (activity/tensor/maskhoist.py, switch ``maskhoist``;
activity/tensor/loops.py's ``staircase`` and ``tilefill``): a mask fixed along the
carried reduction (GMM's ``dL``: ``select(j < i, ...)`` summed over the points) is
applied once after the loop; a mask restricting the summed index per copy of the
tile's columns (GMM's ``dxc``: ``i > j``) runs as steps, no select per term; and a
zero fill goes into the register tile that writes its buffer next where the tile's
loops visit every output element (``dxc``).  All exact: without contraction the
interpreter's bits, NaN terms of the masked part discarded, ``-0.0`` outputs kept, no
element left unwritten (fresh memory filled with NaN)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from xdsl.dialects import arith, scf

import activity
from activity.tensor import loops, opts
from activity.tensor.bufferize import lower_tensors

SRC = """
#xj = affine_map<(n, k, i, j) -> (n, k, j)>
#qi = affine_map<(n, k, i, j) -> (n, k, i)>
#lij = affine_map<(n, k, i, j) -> (k, i, j)>
func.func @tri(%x: tensor<?x?x?xf64>, %q: tensor<?x?x?xf64>,
               %o: tensor<?x?x?xf64>) -> tensor<?x?x?xf64> {
  %nz = arith.constant -0.0 : f64
  %r = linalg.generic {indexing_maps = [#xj, #qi, #lij],
                       iterator_types = ["reduction", "parallel", "parallel", "parallel"]}
      ins(%x, %q : tensor<?x?x?xf64>, tensor<?x?x?xf64>) outs(%o : tensor<?x?x?xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %i = linalg.index 2 : index
    %j = linalg.index 3 : index
    %m = arith.cmpi ult, %j, %i : index
    %p = arith.mulf %a, %b : f64
    %t = arith.select %m, %p, %nz : f64
    %s = arith.addf %acc, %t : f64
    linalg.yield %s : f64
  } -> tensor<?x?x?xf64>
  return %r : tensor<?x?x?xf64>
}
func.func @trifill(%x: tensor<?x?x?xf64>, %q: tensor<?x?x?xf64>) -> tensor<?x?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %K = tensor.dim %x, %c1 : tensor<?x?x?xf64>
  %D = tensor.dim %x, %c2 : tensor<?x?x?xf64>
  %zero = arith.constant 0.0 : f64
  %nz = arith.constant -0.0 : f64
  %e = tensor.empty(%K, %D, %D) : tensor<?x?x?xf64>
  %z = linalg.fill ins(%zero : f64) outs(%e : tensor<?x?x?xf64>) -> tensor<?x?x?xf64>
  %r = linalg.generic {indexing_maps = [#xj, #qi, #lij],
                       iterator_types = ["reduction", "parallel", "parallel", "parallel"]}
      ins(%x, %q : tensor<?x?x?xf64>, tensor<?x?x?xf64>) outs(%z : tensor<?x?x?xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %i = linalg.index 2 : index
    %j = linalg.index 3 : index
    %m = arith.cmpi ult, %j, %i : index
    %p = arith.mulf %a, %b : f64
    %t = arith.select %m, %p, %nz : f64
    %s = arith.addf %acc, %t : f64
    linalg.yield %s : f64
  } -> tensor<?x?x?xf64>
  return %r : tensor<?x?x?xf64>
}
func.func @sumfill(%l: tensor<?x?x?xf64>, %q: tensor<?x?x?xf64>) -> tensor<?x?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %N = tensor.dim %q, %c0 : tensor<?x?x?xf64>
  %K = tensor.dim %q, %c1 : tensor<?x?x?xf64>
  %D = tensor.dim %q, %c2 : tensor<?x?x?xf64>
  %zero = arith.constant 0.0 : f64
  %nz = arith.constant -0.0 : f64
  %e = tensor.empty(%N, %K, %D) : tensor<?x?x?xf64>
  %z = linalg.fill ins(%zero : f64) outs(%e : tensor<?x?x?xf64>) -> tensor<?x?x?xf64>
  %r = linalg.generic {indexing_maps = [#lij, #qi, #xj],
                       iterator_types = ["parallel", "parallel", "reduction", "parallel"]}
      ins(%l, %q : tensor<?x?x?xf64>, tensor<?x?x?xf64>) outs(%z : tensor<?x?x?xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %i = linalg.index 2 : index
    %j = linalg.index 3 : index
    %m = arith.cmpi ult, %j, %i : index
    %p = arith.mulf %a, %b : f64
    %t = arith.select %m, %p, %nz : f64
    %s = arith.addf %acc, %t : f64
    linalg.yield %s : f64
  } -> tensor<?x?x?xf64>
  return %r : tensor<?x?x?xf64>
}
"""


@pytest.fixture
def unfused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loops, "CONTRACT", False)


def _lower() -> tuple[Any, dict[str, int]]:
    with opts.counting() as c:
        module = lower_tensors(activity.parse(SRC))
    return module, dict(c)


def _selects_in_tiles(module: Any, func: str) -> int:
    f = next(op for op in module.walk() if getattr(op, "sym_name", None)
             and op.sym_name.data == func)
    return sum(1 for op in f.walk() if isinstance(op, scf.ForOp)
               and loops.JAMMED_ATTR in op.attributes
               for o in op.body.walk() if isinstance(o, arith.SelectOp))


def test_structure_and_counters() -> None:
    """On: the masked tiles of ``tri`` and ``sumfill`` select nothing inside their
    loops, and ``sumfill``'s fill goes into its tile (``trifill``'s, whose tile skips the masked
    triangle, does not); off: neither."""
    module, c = _lower()
    assert c.get("maskhoist", 0) > 0 and c.get("tilefill", 0) == 1
    assert c.get("staircase", 0) > 0
    assert _selects_in_tiles(module, "tri") == 0
    assert _selects_in_tiles(module, "sumfill") == 0
    assert "linalg.fill" not in str(module)
    fills = str(module).count("memref.store %zero")  # (the fills left: trifill's)
    with opts.disabled("maskhoist", "tilefill", "staircase"):
        off, c = _lower()
    assert c.get("maskhoist", 0) == 0 and c.get("tilefill", 0) == 0
    assert c.get("staircase", 0) == 0
    assert _selects_in_tiles(off, "tri") > 0 and _selects_in_tiles(off, "sumfill") > 0
    assert str(off).count("memref.store %zero") > fills


_CACHE: dict[str, Any] = {}


def _compiled(name: str) -> Any:
    # fresh memory filled with NaN: an element the loops never write shows
    if name not in _CACHE:
        _CACHE[name] = activity.compile(SRC, name, fill=0xFF)
    return _CACHE[name]


def _interp(name: str, *args: Any) -> Any:
    (out,) = activity.evaluate(activity.parse(SRC), name, *args)
    return out


def test_tile_fill_writes_every_element(unfused: None) -> None:
    """The fill fused into ``sumfill``'s tile (GMM's d = 10: tiles of 8 and 2
    columns): every element written (fresh memory is NaN), those with no term the
    fill's ``0.0``; the interpreter's bits."""
    rng = np.random.default_rng(1)
    lo, q = rng.standard_normal((2, 10, 10)), rng.standard_normal((5, 2, 10))
    lo[:, 0, :] = np.nan  # (i = 0 > j never holds)
    got = _compiled("sumfill")(lo, q)
    np.testing.assert_array_equal(got, _interp("sumfill", lo, q))
    assert not np.isnan(got).any() and (got[:, :, 9] == 0).all()


@pytest.mark.slow
@pytest.mark.parametrize("d", [3, 10])
def test_exact(d: int, unfused: None) -> None:
    """Bit for bit the interpreter's results (no contraction); NaN terms where the mask
    is false stay out; outputs the mask leaves at ``-0.0`` stay ``-0.0``; the filled
    outputs' elements that get no term are the fill's ``0.0``."""
    rng = np.random.default_rng(d)
    n, k = 5, 2
    x, q = rng.standard_normal((n, k, d)), rng.standard_normal((n, k, d))
    o = np.where(np.arange(d)[:, None] > np.arange(d)[None, :],
                 rng.standard_normal((k, d, d)), -0.0)
    q[:, :, 0] = np.nan  # (row 0 of tri: every j >= 0 masked)
    x[:, :, d - 1] = np.inf  # (column d - 1: j < i never holds)
    got = _compiled("tri")(x, q, o.copy())
    want = _interp("tri", x, q, o.copy())
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(np.signbit(got), np.signbit(want))
    assert not np.isnan(got).any() and np.signbit(got[:, 0, :]).all()
    got = _compiled("trifill")(x, q)
    np.testing.assert_array_equal(got, _interp("trifill", x, q))
    assert (got[:, 0, :] == 0).all()
    lo = rng.standard_normal((k, d, d))
    lo[:, 0, :] = np.nan  # (i = 0 > j never holds)
    q2 = rng.standard_normal((n, k, d))
    got = _compiled("sumfill")(lo, q2)
    np.testing.assert_array_equal(got, _interp("sumfill", lo, q2))
    assert not np.isnan(got).any() and (got[:, :, d - 1] == 0).all()
