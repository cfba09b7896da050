"""Register tiles of i-k-j nests with a dynamic row length (activity/tensor/loops.py,
``regtile``): the reductions carry a tile of up to 4 rows x 8 f64 (16 f32) of the
output in iter_args, jammed over the output's row and contiguous dimensions, instead of
updating the output in memory every term.  Each output element still sums its terms in
order: compiled without contraction, the results are the interpreter's bit for bit,
for every remainder of the tile (sizes 1 to 17), masked (triangle) bodies included."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import activity
from activity.codegen import expand
from activity.tensor import loops, opts
from activity.tensor.bufferize import lower_tensors

# GMM's adjoints of Q x: dL[k, i, j] += dqx[n, k, i] * xc[n, k, j] (summed over the
# points n; rows i) and dxc[n, k, j] += L[k, i, j] * dqx[n, k, i] (summed over i;
# rows n, whose copies share the loads of L -- the tilerows switch; rows k without);
# the first masked by j < i (tri: over j's range below i) and by i < j (from: j's
# range from i + 1), the second by j < i with i summed (sumtri: i's range restricted
# per copy of j, the union of theirs; with rows k -- tilerows off -- not tiled)
SRC = """
#xj = affine_map<(n, k, i, j) -> (n, k, j)>
#qi = affine_map<(n, k, i, j) -> (n, k, i)>
#lij = affine_map<(n, k, i, j) -> (k, i, j)>
func.func @dl(%x: tensor<?x?x?xf64>, %q: tensor<?x?x?xf64>,
              %o: tensor<?x?x?xf64>) -> tensor<?x?x?xf64> {
  %r = linalg.generic {indexing_maps = [#xj, #qi, #lij],
                       iterator_types = ["reduction", "parallel", "parallel", "parallel"]}
      ins(%x, %q : tensor<?x?x?xf64>, tensor<?x?x?xf64>) outs(%o : tensor<?x?x?xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<?x?x?xf64>
  return %r : tensor<?x?x?xf64>
}
func.func @dl32(%x: tensor<?x?x?xf32>, %q: tensor<?x?x?xf32>,
                %o: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %r = linalg.generic {indexing_maps = [#xj, #qi, #lij],
                       iterator_types = ["reduction", "parallel", "parallel", "parallel"]}
      ins(%x, %q : tensor<?x?x?xf32>, tensor<?x?x?xf32>) outs(%o : tensor<?x?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}
func.func @dxc(%l: tensor<?x?x?xf64>, %q: tensor<?x?x?xf64>,
               %o: tensor<?x?x?xf64>) -> tensor<?x?x?xf64> {
  %r = linalg.generic {indexing_maps = [#lij, #qi, #xj],
                       iterator_types = ["parallel", "parallel", "reduction", "parallel"]}
      ins(%l, %q : tensor<?x?x?xf64>, tensor<?x?x?xf64>) outs(%o : tensor<?x?x?xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<?x?x?xf64>
  return %r : tensor<?x?x?xf64>
}
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
func.func @from(%x: tensor<?x?x?xf64>, %q: tensor<?x?x?xf64>,
                %o: tensor<?x?x?xf64>) -> tensor<?x?x?xf64> {
  %nz = arith.constant -0.0 : f64
  %r = linalg.generic {indexing_maps = [#xj, #qi, #lij],
                       iterator_types = ["reduction", "parallel", "parallel", "parallel"]}
      ins(%x, %q : tensor<?x?x?xf64>, tensor<?x?x?xf64>) outs(%o : tensor<?x?x?xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %i = linalg.index 2 : index
    %j = linalg.index 3 : index
    %m = arith.cmpi ult, %i, %j : index
    %p = arith.mulf %a, %b : f64
    %t = arith.select %m, %p, %nz : f64
    %s = arith.addf %acc, %t : f64
    linalg.yield %s : f64
  } -> tensor<?x?x?xf64>
  return %r : tensor<?x?x?xf64>
}
func.func @sumtri(%l: tensor<?x?x?xf64>, %q: tensor<?x?x?xf64>,
                  %o: tensor<?x?x?xf64>) -> tensor<?x?x?xf64> {
  %nz = arith.constant -0.0 : f64
  %r = linalg.generic {indexing_maps = [#lij, #qi, #xj],
                       iterator_types = ["parallel", "parallel", "reduction", "parallel"]}
      ins(%l, %q : tensor<?x?x?xf64>, tensor<?x?x?xf64>) outs(%o : tensor<?x?x?xf64>) {
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

_CACHE: dict[Any, Any] = {}


@pytest.fixture
def unfused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loops, "CONTRACT", False)


def _lowered(func: str) -> str:
    key = ("lowered", opts.state())
    if key not in _CACHE:
        _CACHE[key] = str(lower_tensors(activity.parse(SRC)))
    text = _CACHE[key]
    start = text.index(f"func.func @{func}(")
    return text[start:text.find("func.func @", start + 1)]


def _carried(text: str, n: int, t: str = "f64") -> int:
    """Loops carrying exactly ``n`` values of type ``t``."""
    return text.count("-> (" + ", ".join([t] * n) + ")")


def test_structure() -> None:
    """Tiles of 4 x 8 f64 (32 carried), then 4 x 4, 4 x 2, 4 x 1, 2 x 8 ...; f32 rows
    of 16; the tile's reduction loops marked for activity.codegen.expand; nothing of
    it with the switch off, nor where the mask restricts the reduction."""
    for f in ("dl", "dxc", "tri", "from"):
        text = _lowered(f)
        assert _carried(text, 32) >= 1 and _carried(text, 16) >= 1, f
        assert _carried(text, 4) >= 1 and "activity.jammed" in text, f
    assert _carried(_lowered("dl32"), 64, "f32") >= 1
    # the masks: the columns' loops run up to the rows' greatest split point (tri) or
    # from their least (from); the bodies keep their selects
    assert "arith.maxui" in _lowered("tri") and "arith.select" in _lowered("tri")
    assert "arith.select" in _lowered("from")
    assert "activity.jammed" in _lowered("sumtri") and _carried(_lowered("sumtri"), 32)
    with opts.counting() as c:
        lower_tensors(activity.parse(SRC))
    assert c["regtile"] == 6 and c["tilerows"] == 2
    with opts.disabled("tilerows"):
        assert "activity.jammed" not in _lowered("sumtri")
        with opts.counting() as c:
            lower_tensors(activity.parse(SRC))
        assert c["regtile"] == 5 and c["tilerows"] == 0
    with opts.disabled("regtile"):
        text = _lowered("dl")
    assert "activity.jammed" not in text and _carried(text, 32) == 0


def test_expand_leaves_tiles_alone() -> None:
    """A tile's reduction loop (32 independent chains) is not split into blocks of
    buffered terms by activity.codegen.expand; without the mark it would be."""
    from xdsl.dialects import scf

    module = lower_tensors(activity.parse(SRC))
    tiles = [op for op in module.walk() if isinstance(op, scf.ForOp)
             and "activity.jammed" in op.attributes and len(op.results) == 32]
    assert tiles
    assert all(expand.plan(op) is None for op in tiles)
    del tiles[0].attributes["activity.jammed"]
    assert expand.plan(tiles[0]) is not None


def _compiled(name: str) -> Any:
    if name not in _CACHE:
        _CACHE[name] = activity.compile(SRC, name)
    return _CACHE[name]


def _interp(name: str, *args: Any) -> Any:
    if "m" not in _CACHE:
        _CACHE["m"] = activity.parse(SRC)
    (out,) = activity.evaluate(_CACHE["m"], name, *args)
    return out


def test_exact_quick(unfused: None) -> None:
    """Rows of GMM's length (d = 10: tiles of 8 and 2 columns, 4, 4 and 2 rows), the
    plain and the triangle tile: the interpreter's results bit for bit."""
    rng = np.random.default_rng(0)
    x, q = rng.standard_normal((3, 2, 10)), rng.standard_normal((3, 2, 10))
    lo = rng.standard_normal((2, 10, 10))
    for name in ("dl", "tri"):
        np.testing.assert_array_equal(_compiled(name)(x, q, lo), _interp(name, x, q, lo))
    # the triangle summed over i, rows n (5: a tile of 4 and one of 1)
    l_, q5, xo = (rng.standard_normal(sh) for sh in ((2, 10, 10), (5, 2, 10), (5, 2, 10)))
    np.testing.assert_array_equal(_compiled("sumtri")(l_, q5, xo),
                                  _interp("sumtri", l_, q5, xo.copy()))


@pytest.mark.slow
@pytest.mark.parametrize("d", [1, 2, 3, 5, 7, 8, 9, 10, 13, 17])
def test_exact(d: int, unfused: None) -> None:
    """Every remainder of the 4 x 8 tile (and of f32's 4 x 16): bit for bit the
    interpreter's results; masked terms that are NaN stay out, and outputs left -0.0
    by the mask stay -0.0."""
    rng = np.random.default_rng(d)
    n, k = 3, 2
    x, q = rng.standard_normal((n, k, d)), rng.standard_normal((n, k, d))
    lo, xo = rng.standard_normal((k, d, d)), rng.standard_normal((n, k, d))
    l_ = rng.standard_normal((k, d, d))
    for name, args in (("dl", (x, q, lo)), ("tri", (x, q, lo)), ("from", (x, q, lo)),
                       ("dxc", (l_, q, xo)), ("sumtri", (l_, q, xo))):
        saved = [a.copy() for a in args]
        got = _compiled(name)(*args)
        np.testing.assert_array_equal(got, _interp(name, *saved), err_msg=name)
        for a, b in zip(args, saved, strict=True):
            np.testing.assert_array_equal(a, b)
    ref = lo.copy()
    for p in range(n):  # numpy, in the same order
        ref = ref + q[p][:, :, None] * x[p][:, None, :]
    np.testing.assert_array_equal(_compiled("dl")(x, q, lo), ref)
    # NaN terms where the mask is false, -0.0 outputs there
    xn = x.copy()
    zo = np.where(np.arange(d)[:, None] > np.arange(d)[None, :], lo, -0.0)
    qn = q.copy()
    qn[:, :, 0] = np.nan  # (row 0: every j >= 0 masked for tri)
    got = _compiled("tri")(xn, qn, zo)
    want = _interp("tri", xn, qn, zo)
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(np.signbit(got), np.signbit(want))
    assert not np.isnan(got).any() and np.signbit(got[:, 0, :]).all()
    x32 = rng.standard_normal((n, k, d)).astype(np.float32)
    q32 = rng.standard_normal((n, k, d)).astype(np.float32)
    o32 = rng.standard_normal((k, d, d)).astype(np.float32)
    np.testing.assert_array_equal(_compiled("dl32")(x32, q32, o32),
                                  _interp("dl32", x32, q32, o32))


def test_not_when_an_input_is_the_output() -> None:
    """A nest on memrefs reading its output through an input is left updating memory
    (carried elements would be read stale)."""
    from activity.tensor.loops import lower_linalg

    src = """
    func.func @f(%x: memref<?x?x?xf64>, %o: memref<?x?x?xf64>) {
      linalg.generic {indexing_maps = [affine_map<(n, k, i, j) -> (n, k, j)>,
                                       affine_map<(n, k, i, j) -> (k, i, j)>,
                                       affine_map<(n, k, i, j) -> (k, i, j)>],
                      iterator_types = ["reduction", "parallel", "parallel", "parallel"]}
          ins(%x, %o : memref<?x?x?xf64>, memref<?x?x?xf64>) outs(%o : memref<?x?x?xf64>) {
      ^bb0(%a: f64, %b: f64, %acc: f64):
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %acc, %p : f64
        linalg.yield %s : f64
      }
      return
    }
    """
    m = activity.parse(src)
    lower_linalg(m)
    assert "activity.jammed" not in str(m)
    m = activity.parse(src.replace("ins(%x, %o", "ins(%x, %x"))
    lower_linalg(m)
    assert "activity.jammed" in str(m)
