"""The vectorizable ``exp`` (activity/codegen/vexp.py; activity/tensor/loops.py's
``VEXP``): within 1 ulp of the C library's ``exp`` over the whole range of doubles and
at the special inputs (infinities, NaN, zeros, subnormal results, the overflow and
underflow thresholds and their neighbours, the points where ``k = round(x / ln 2)``
changes); used for the exps of linalg bodies only with ``VEXP`` on, in every nest
alike (a max's gradient compares values that different nests compute)."""

from __future__ import annotations

import ctypes
from typing import Any

import numpy as np
import pytest
from llvmlite import ir

import activity
from activity.codegen import jit, vexp
from activity.codegen.types import F64
from activity.tensor import loops

_CACHE: dict[str, Any] = {}


def _loops() -> tuple[Any, Any]:
    """``ours(x, out, n)`` and ``libm(x, out, n)``: ``out[i] = exp(x[i])`` compiled (the
    first vectorized)."""
    if "fns" in _CACHE:
        return _CACHE["fns"]
    jit.init_llvm()
    m = ir.Module("vexp_test")
    ours = vexp.define(m)
    libm = ir.Function(m, ir.FunctionType(F64, [F64]), name="llvm.exp.f64")
    p, i64 = ir.PointerType(F64), ir.IntType(64)
    for name, callee in (("ours", ours), ("libm", libm)):
        fn = ir.Function(m, ir.FunctionType(ir.VoidType(), [p, p, i64]), name=name)
        for a in fn.args[:2]:
            a.add_attribute("noalias")
        entry, head, body, done = (fn.append_basic_block(s) for s in ("e", "h", "b", "x"))
        b = ir.IRBuilder(entry)
        b.branch(head)
        b.position_at_end(head)
        i = b.phi(i64)
        i.add_incoming(ir.Constant(i64, 0), entry)
        b.cbranch(b.icmp_signed("<", i, fn.args[2]), body, done)
        b.position_at_end(body)
        y = b.call(callee, [b.load(b.gep(fn.args[0], [i]))])
        b.store(y, b.gep(fn.args[1], [i]))
        i.add_incoming(b.add(i, ir.Constant(i64, 1)), body)
        b.branch(head)
        b.position_at_end(done)
        b.ret_void()
    engine, text = jit.jit_module(str(m), 3, True)
    kind = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64)
    fns = tuple(kind(engine.get_function_address(n)) for n in ("ours", "libm"))
    _CACHE["fns"], _CACHE["engine"], _CACHE["text"] = fns, engine, text
    return fns


def _run(fn: Any, x: np.ndarray) -> np.ndarray:
    x = np.ascontiguousarray(x, np.float64)
    out = np.empty_like(x)
    fn(x.ctypes.data, out.ctypes.data, x.size)
    return out


def _ulps(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Distance in ulps (consecutive doubles) of the non-NaN pairs; 0 where both NaN,
    a huge number where only one is."""
    both, one = np.isnan(a) & np.isnan(b), np.isnan(a) != np.isnan(b)
    ia, ib = np.where(np.isnan(a), 0.0, a).view(np.int64), np.where(np.isnan(b), 0.0, b).view(
        np.int64)
    assert (ia >= 0).all() and (ib >= 0).all()  # (exp's results: +0 to +inf, or NaN)
    d = np.abs(ia - ib).astype(np.float64)
    return np.where(both, 0.0, np.where(one, np.inf, d))


def _specials() -> np.ndarray:
    big = [vexp._OVER, vexp._UNDER, 709.0, 709.78, 710.0, -708.3964185322641, -708.4,
           -709.0, -744.4400719213812, -745.0, -745.1332191019411, -745.1332191019412,
           -746.0, 1e10, -1e10, 1e308, -1e308, 1.7976931348623157e308,
           -1.7976931348623157e308]
    small = [0.0, -0.0, 5e-324, -5e-324, 2.2250738585072014e-308, 1e-300, -1e-300,
             1e-17, -1e-17, 2.0 ** -53, -(2.0 ** -54), 1.0, -1.0]
    xs = [float("inf"), float("-inf"), float("nan"), -float("nan")] + small
    for v in big:
        xs += [v, np.nextafter(v, np.copysign(np.inf, v)), np.nextafter(v, 0.0)]
    # the cut points of the reduction: x = (k + 1/2) ln 2, where k changes
    ks = np.arange(-1080, 1030) + 0.5
    cut = ks * np.log(2.0)
    xs += list(cut) + list(np.nextafter(cut, np.inf)) + list(np.nextafter(cut, -np.inf))
    # subnormal results, densely
    xs += list(np.linspace(-745.2, -708.3, 20001))
    return np.array(xs, np.float64)


def _check(x: np.ndarray) -> float:
    ours, libm = _loops()
    a, b = _run(ours, x), _run(libm, x)
    u = _ulps(a, b)
    worst = float(u.max())
    assert worst <= 1, (x[np.argmax(u)], a[np.argmax(u)], b[np.argmax(u)], worst)
    return worst


def test_special_inputs() -> None:
    ours, _ = _loops()
    _check(_specials())
    y = _run(ours, np.array([np.inf, -np.inf, 0.0, -0.0, np.nan, 1000.0, -1000.0]))
    assert y[0] == np.inf and y[1] == 0.0 and y[2] == 1.0 and y[3] == 1.0
    assert np.isnan(y[4]) and y[5] == np.inf and y[6] == 0.0 and not np.signbit(y[6])


def test_whole_range_sample() -> None:
    """~1.2 million points over [-746, 710], around 0 and among subnormal results:
    at most 1 ulp from the C library's, and mostly the same bits."""
    rng = np.random.default_rng(0)
    x = np.concatenate([rng.uniform(-746, 710, 600_000), rng.uniform(-1, 1, 300_000),
                        rng.uniform(-1e-6, 1e-6, 50_000), rng.uniform(-746, -708, 200_000),
                        rng.uniform(700, 710, 50_000)])
    _check(x)
    ours, libm = _loops()
    same = np.mean(_run(ours, x) == _run(libm, x))
    assert same > 0.85, same


@pytest.mark.slow
def test_large_sample() -> None:
    """20 million points, uniform over the range and over each binade of |x|."""
    rng = np.random.default_rng(1)
    for _ in range(10):
        mag = 2.0 ** rng.uniform(-60, np.log2(745.2), 1_000_000)
        _check(np.concatenate([rng.uniform(-746, 710, 1_000_000),
                               np.where(rng.random(mag.size) < 0.5, -mag, mag)]))


def test_vectorized() -> None:
    _loops()
    assert "<4 x double>" in _CACHE["text"] and "llvm.exp.v4f64" in _CACHE["text"]
    ours_body = _CACHE["text"].split("@ours(")[1].split("\n}\n")[0]
    assert "llvm.fma.v4f64" in ours_body and "@exp" not in ours_body


SRC = """
func.func @f(%x: tensor<?xf64>) -> tensor<?xf64> {
  %e = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      ins(%x : tensor<?xf64>) outs(%x : tensor<?xf64>) {
  ^bb0(%a: f64, %o: f64):
    %y = math.exp %a : f64
    linalg.yield %y : f64
  } -> tensor<?xf64>
  return %e : tensor<?xf64>
}
func.func @g(%x: tensor<?x?xf64>, %o: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %e = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>,
                                        affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x?xf64>) outs(%o : tensor<?x?xf64>) {
  ^bb0(%a: f64, %b: f64):
    %y = math.exp %a : f64
    linalg.yield %y : f64
  } -> tensor<?x?xf64>
  return %e : tensor<?x?xf64>
}
"""


def test_only_with_the_flag_in_every_nest(monkeypatch: pytest.MonkeyPatch) -> None:
    """VEXP on: every loop's exps are activity.exp, a contiguous loop's and a strided
    one's alike (MAX below), within 1 ulp of the interpreter's (libm).  Off: libm's,
    the interpreter's bit for bit."""
    x = np.random.default_rng(2).uniform(-30, 30, 1000)
    (want,) = activity.evaluate(activity.parse(SRC), "f", x.copy())
    monkeypatch.setattr(loops, "VEXP", True)
    on = activity.compile(SRC, "f")
    assert vexp.NAME in on.llvm_ir
    assert vexp.NAME in activity.compile(SRC, "g").llvm_ir
    assert _ulps(on(x.copy()), want).max() <= 1
    monkeypatch.setattr(loops, "VEXP", False)
    off = activity.compile(SRC, "f")
    assert vexp.NAME not in off.llvm_ir
    np.testing.assert_array_equal(off(x.copy()), want)


MAX = """
func.func @f(%a: tensor<64x37xf64>) -> f64 {
  %ninf = arith.constant 0xFFF0000000000000 : f64
  %e = tensor.empty() : tensor<64xf64>
  %i = linalg.fill ins(%ninf : f64) outs(%e : tensor<64xf64>) -> tensor<64xf64>
  %m = linalg.generic {indexing_maps = [affine_map<(n, k) -> (n, k)>,
                                        affine_map<(n, k) -> (n)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<64x37xf64>) outs(%i : tensor<64xf64>) {
  ^bb0(%x: f64, %acc: f64):
    %y = math.exp %x : f64
    %r = arith.maximumf %acc, %y : f64
    linalg.yield %r : f64
  } -> tensor<64xf64>
  %z = arith.constant 0.0 : f64
  %e0 = tensor.empty() : tensor<f64>
  %i0 = linalg.fill ins(%z : f64) outs(%e0 : tensor<f64>) -> tensor<f64>
  %s = linalg.generic {indexing_maps = [affine_map<(n) -> (n)>, affine_map<(n) -> ()>],
                       iterator_types = ["reduction"]}
      ins(%m : tensor<64xf64>) outs(%i0 : tensor<f64>) {
  ^bb0(%x: f64, %acc: f64):
    %r = arith.addf %acc, %x : f64
    linalg.yield %r : f64
  } -> tensor<f64>
  %v = tensor.extract %s[] : tensor<f64>
  return %v : f64
}
"""


@pytest.mark.parametrize("on", [True, False])
def test_max_gradient_sees_the_same_exp_in_every_nest(on: bool,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """``sum_n max_k exp(a[n, k])``: the adjoint seeds, in each row, the element whose
    recomputed ``exp`` equals the forward sweep's maximum.  The two are computed in
    different nests (the forward's carried and jammed, the adjoint's not); with the
    vectorizable ``exp`` in one and libm's in the other, 1 ulp apart, 7 of 64 rows got
    no gradient at all (the review's input)."""
    monkeypatch.setattr(loops, "VEXP", on)
    a = np.random.default_rng(1).uniform(-5, 5, (64, 37))
    out = activity.gradient(MAX, "f")(a.copy())
    g = np.asarray(out[0] if isinstance(out, tuple) else out)
    want = np.zeros_like(a)
    want[np.arange(64), np.argmax(a, axis=1)] = np.exp(a.max(axis=1))
    assert np.count_nonzero(g, axis=1).min() == 1
    np.testing.assert_allclose(g, want, rtol=1e-15, atol=0)
