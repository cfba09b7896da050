# ruff: noqa: E501  (MLIR test programs have long lines)
"""The reference interpreter on the tensor level: tensors as immutable arrays with array
tangents, the ``tensor`` dialect, elementwise ``arith``/``math``, every ``linalg`` op
through one generic evaluator (on tensors and on memrefs), ``scf`` carrying tensors,
``bufferization`` at the boundary; ``activity.evaluate`` and ``activity run`` with
arrays.  Expected values come from numpy, tangents from central differences."""

from __future__ import annotations

import json
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import activity
from activity.errors import ActivityError
from activity.semantics import Interpreter, InterpreterError

ROOT = Path(__file__).resolve().parent.parent


def _run(text: Any, inputs: list, tangents: list | None = None, func: str = "f"):
    ip = text if isinstance(text, Interpreter) else Interpreter(activity.parse(text))
    return ip.run(func, inputs, tangents=tangents, record=True)


def _fd(text: Any, inputs: list, direction: list, h: float = 1e-6, func: str = "f"):
    """Central differences of every float result along ``direction``."""
    ip = text if isinstance(text, Interpreter) else Interpreter(activity.parse(text))

    def at(s: float) -> list:
        xs = [x + s * d if d is not None else x for x, d in zip(inputs, direction,
                                                                strict=True)]
        return [np.asarray(r, dtype=np.float64) for r in _run(ip, xs, func=func).results]
    hi, lo = at(h), at(-h)
    return [(a - b) / (2 * h) for a, b in zip(hi, lo, strict=True)]


MATMUL = """
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @f(%a: tensor<2x3xf64>, %b: tensor<3x4xf64>, %x: f64) -> (tensor<2x4xf64>, tensor<2xf64>) {
  %c0 = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<2x4xf64>
  %z = linalg.fill ins(%c0 : f64) outs(%e : tensor<2x4xf64>) -> tensor<2x4xf64>
  %m = linalg.matmul ins(%a, %b : tensor<2x3xf64>, tensor<3x4xf64>) outs(%z : tensor<2x4xf64>) -> tensor<2x4xf64>
  %e1 = tensor.empty() : tensor<2xf64>
  %z1 = linalg.fill ins(%c0 : f64) outs(%e1 : tensor<2xf64>) -> tensor<2xf64>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%m : tensor<2x4xf64>) outs(%z1 : tensor<2xf64>) {
  ^bb0(%in: f64, %acc: f64):
    %s = math.sin %in : f64
    %p = arith.mulf %s, %x : f64
    %t = arith.addf %p, %acc : f64
    linalg.yield %t : f64
  } -> tensor<2xf64>
  return %m, %r : tensor<2x4xf64>, tensor<2xf64>
}
"""


def test_matmul_and_reduction_values_and_tangents() -> None:
    rng = np.random.default_rng(1)
    a, b, x = rng.normal(size=(2, 3)), rng.normal(size=(3, 4)), 0.7
    da, db, dx = rng.normal(size=(2, 3)), rng.normal(size=(3, 4)), 0.3
    out = _run(MATMUL, [a, b, x], [da, db, dx])
    m, r = out.results
    np.testing.assert_allclose(m, a @ b, rtol=1e-14)
    np.testing.assert_allclose(r, (np.sin(a @ b) * x).sum(axis=1), rtol=1e-13)
    fd = _fd(MATMUL, [a, b, x], [da, db, dx])
    for t, f in zip(out.result_tangents, fd, strict=True):
        assert isinstance(t, np.ndarray)
        np.testing.assert_allclose(t, f, rtol=1e-6, atol=1e-8)
    # the input arrays are values: never written
    assert out.results[0] is not a


TENSOR_OPS = """
func.func @f(%a: tensor<3x4xf64>, %v: f64, %i: index) -> (tensor<2x2xf64>, tensor<3x4xf64>, f64, index, tensor<12xf64>, tensor<2x6xf64>, tensor<2xf64>, tensor<3x4xf64>) {
  %s = tensor.extract_slice %a[1, %i] [2, 2] [1, 2] : tensor<3x4xf64> to tensor<2x2xf64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ins = tensor.insert %v into %a[%c1, %i] : tensor<3x4xf64>
  %e = tensor.extract %ins[%c1, %i] : tensor<3x4xf64>
  %d = tensor.dim %a, %c1 : tensor<3x4xf64>
  %col = tensor.collapse_shape %a [[0, 1]] : tensor<3x4xf64> into tensor<12xf64>
  %exp = tensor.expand_shape %col [[0, 1]] output_shape [2, 6] : tensor<12xf64> into tensor<2x6xf64>
  %fe = tensor.from_elements %v, %e : tensor<2xf64>
  %sq = arith.mulf %s, %s : tensor<2x2xf64>
  %is = tensor.insert_slice %sq into %a[0, 0] [2, 2] [2, 1] : tensor<2x2xf64> into tensor<3x4xf64>
  return %s, %ins, %e, %d, %col, %exp, %fe, %is : tensor<2x2xf64>, tensor<3x4xf64>, f64, index, tensor<12xf64>, tensor<2x6xf64>, tensor<2xf64>, tensor<3x4xf64>
}
"""


def test_tensor_dialect_against_numpy() -> None:
    a = np.arange(12.0).reshape(3, 4) + 1
    da = np.linspace(0.5, 2, 12).reshape(3, 4)
    out = _run(TENSOR_OPS, [a, 9.5, 0], [da, 1.5, None])
    s, ins, e, d, col, exp, fe, is_ = out.results
    np.testing.assert_array_equal(s, a[1:3, 0:4:2])
    want = a.copy()
    want[1, 0] = 9.5
    np.testing.assert_array_equal(ins, want)
    assert e == 9.5 and d == 4
    np.testing.assert_array_equal(col, a.reshape(-1))
    np.testing.assert_array_equal(exp, a.reshape(2, 6))
    np.testing.assert_array_equal(fe, [9.5, 9.5])
    want = a.copy()
    want[0:4:2, 0:2] = a[1:3, 0:4:2] ** 2
    np.testing.assert_array_equal(is_, want)
    np.testing.assert_array_equal(a, np.arange(12.0).reshape(3, 4) + 1)  # untouched
    ts = out.result_tangents
    np.testing.assert_array_equal(ts[0], da[1:3, 0:4:2])
    assert ts[1][1, 0] == 1.5 and ts[2] == 1.5 and ts[3] == 0.0
    wt = da.copy()
    wt[0:4:2, 0:2] = 2 * a[1:3, 0:4:2] * da[1:3, 0:4:2]
    np.testing.assert_allclose(ts[7], wt)
    # dynamic offset
    out = _run(TENSOR_OPS, [a, 9.5, 1], [da, 1.5, None])
    np.testing.assert_array_equal(out.results[0], a[1:3, 1:4:2])


@pytest.mark.parametrize("body", [
    "%r = tensor.extract %a[%i, %i] : tensor<3x4xf64>",
    "%t = tensor.insert %v into %a[%i, %i] : tensor<3x4xf64>",
    "%t = tensor.extract_slice %a[%i, 0] [2, 2] [1, 1] : tensor<3x4xf64> to tensor<2x2xf64>",
])
def test_out_of_bounds_is_a_located_error(body: str) -> None:
    text = ("func.func @f(%a: tensor<3x4xf64>, %v: f64, %i: index) -> f64 {\n"
            f"  {body}\n  return %v : f64\n}}\n")
    m = activity.parse(text, name="prog.mlir")
    with pytest.raises(ActivityError) as info:
        activity.evaluate(m, "f", np.zeros((3, 4)), 1.0, 3)
    msg = str(info.value)
    assert "prog.mlir:2:" in msg and "out of bounds" in msg, msg
    assert activity.evaluate(m, "f", np.zeros((3, 4)), 1.0, 1) == (1.0,)


def test_f32_tensors_round_as_scalars_do() -> None:
    text = """
func.func @f(%a: tensor<3xf32>, %b: tensor<3xf32>) -> (tensor<3xf32>, f32) {
  %s = arith.addf %a, %b : tensor<3xf32>
  %c0 = arith.constant 0 : index
  %x = tensor.extract %a[%c0] : tensor<3xf32>
  %y = tensor.extract %b[%c0] : tensor<3xf32>
  %z = arith.addf %x, %y : f32
  return %s, %z : tensor<3xf32>, f32
}"""
    a = np.array([0.1, 1e8, 3.0], np.float32)
    b = np.array([0.2, 1.0, 1e-8], np.float32)
    s, z = activity.evaluate(activity.parse(text), "f", a, b)
    assert s.dtype == np.float32
    np.testing.assert_array_equal(s, a + b)  # numpy's float32 sums: rounded per element
    assert z == float(s[0])


def test_elementwise_select_math_and_integers() -> None:
    text = """
func.func @f(%a: tensor<4xf64>, %b: tensor<4xf64>, %k: tensor<4xi32>) -> (tensor<4xf64>, tensor<4xi32>, tensor<4xf64>, tensor<4xf64>) {
  %m = arith.minimumf %a, %b : tensor<4xf64>
  %t = arith.constant true
  %sel = arith.select %t, %b, %a : tensor<4xf64>
  %k2 = arith.muli %k, %k : tensor<4xi32>
  %f = math.exp %a : tensor<4xf64>
  return %m, %k2, %f, %sel : tensor<4xf64>, tensor<4xi32>, tensor<4xf64>, tensor<4xf64>
}"""
    a = np.array([1.0, -2, 3, 0.5])
    b = np.array([0.0, 1, 4, -0.5])
    k = np.array([3, -7, 50000, -1], np.int32)
    out = _run(text, [a, b, k], [np.ones(4), 2 * np.ones(4), None])
    m, k2, f, sel = out.results
    np.testing.assert_array_equal(sel, b)
    np.testing.assert_array_equal(out.result_tangents[3], 2 * np.ones(4))
    np.testing.assert_array_equal(m, np.minimum(a, b))
    np.testing.assert_array_equal(k2, k * k)  # int32 wraps as numpy's does
    np.testing.assert_allclose(f, np.exp(a), rtol=1e-15)
    np.testing.assert_array_equal(out.result_tangents[0], np.where(a < b, 1.0, 2.0))


def test_named_ops_match_numpy_and_generic_index() -> None:
    text = """
#m = affine_map<(d0, d1) -> (d1, d0)>
#o = affine_map<(d0, d1) -> (d0, d1)>
func.func @f(%a: tensor<2x3xf64>) -> (tensor<3x2xf64>, tensor<2x3x4xf64>, tensor<3xf64>, tensor<2x3xf64>, tensor<3x2xf64>) {
  %e = tensor.empty() : tensor<3x2xf64>
  %t = linalg.transpose ins(%a : tensor<2x3xf64>) outs(%e : tensor<3x2xf64>) permutation = [1, 0]
  %e4 = tensor.empty() : tensor<2x3x4xf64>
  %bc = linalg.broadcast ins(%a : tensor<2x3xf64>) outs(%e4 : tensor<2x3x4xf64>) dimensions = [2]
  %c0 = arith.constant 1.0 : f64
  %e5 = tensor.empty() : tensor<3xf64>
  %f5 = linalg.fill ins(%c0 : f64) outs(%e5 : tensor<3xf64>) -> tensor<3xf64>
  %rd = linalg.reduce ins(%a : tensor<2x3xf64>) outs(%f5 : tensor<3xf64>) dimensions = [0]
    (%in: f64, %init: f64) {
      %s = arith.mulf %in, %init : f64
      linalg.yield %s : f64
    }
  %ad = linalg.add ins(%a, %a : tensor<2x3xf64>, tensor<2x3xf64>) outs(%a : tensor<2x3xf64>) -> tensor<2x3xf64>
  %g = linalg.generic {indexing_maps = [#m, #o], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<2x3xf64>) outs(%e : tensor<3x2xf64>) {
  ^bb0(%in: f64, %out: f64):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %k = arith.muli %ii, %jj : i64
    %kf = arith.sitofp %k : i64 to f64
    %r = arith.addf %in, %kf : f64
    linalg.yield %r : f64
  } -> tensor<3x2xf64>
  return %t, %bc, %rd, %ad, %g : tensor<3x2xf64>, tensor<2x3x4xf64>, tensor<3xf64>, tensor<2x3xf64>, tensor<3x2xf64>
}"""
    a = np.arange(6.0).reshape(2, 3) - 2.5
    t, bc, rd, ad, g = _run(text, [a]).results
    np.testing.assert_array_equal(t, a.T)
    np.testing.assert_array_equal(bc, np.broadcast_to(a[:, :, None], (2, 3, 4)))
    np.testing.assert_array_equal(rd, a.prod(axis=0))
    np.testing.assert_array_equal(ad, a + a)
    np.testing.assert_array_equal(g, a.T + np.outer(range(3), range(2)))


def test_linalg_on_memrefs_writes_the_outputs() -> None:
    text = """
func.func @f(%a: memref<2x3xf64>, %b: memref<3x2xf64>, %c: memref<2x2xf64>) {
  linalg.matmul ins(%a, %b : memref<2x3xf64>, memref<3x2xf64>) outs(%c : memref<2x2xf64>)
  return
}"""
    rng = np.random.default_rng(2)
    a, b, c = rng.normal(size=(2, 3)), rng.normal(size=(3, 2)), rng.normal(size=(2, 2))
    c0 = c.copy()
    da = rng.normal(size=(2, 3))
    out = _run(text, [a, b, c], [da, np.zeros((3, 2)), np.zeros((2, 2))])
    np.testing.assert_allclose(c, c0 + a @ b, rtol=1e-14)
    np.testing.assert_allclose(out.buffer_tangents[2], da @ b, rtol=1e-14)


def test_scf_carries_tensors_and_bufferization_boundary() -> None:
    text = """
func.func @f(%a: tensor<4xf64>, %m: memref<4xf64>, %n: index) -> (tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %a) -> (tensor<4xf64>) {
    %x = tensor.extract %t[%i] : tensor<4xf64>
    %y = arith.mulf %x, %x : f64
    %t2 = tensor.insert %y into %t[%i] : tensor<4xf64>
    scf.yield %t2 : tensor<4xf64>
  }
  %cond = arith.cmpi ult, %n, %c1 : index
  %s = scf.if %cond -> (tensor<4xf64>) {
    scf.yield %a : tensor<4xf64>
  } else {
    %d = arith.addf %r, %r : tensor<4xf64>
    scf.yield %d : tensor<4xf64>
  }
  %tm = bufferization.to_tensor %m restrict : memref<4xf64> to tensor<4xf64>
  %b = bufferization.to_buffer %s : tensor<4xf64> to memref<4xf64>
  memref.store %tm_x, %b[%c0] : memref<4xf64>
  %bt = bufferization.to_tensor %b restrict : memref<4xf64> to tensor<4xf64>
  return %r, %tm, %bt : tensor<4xf64>, tensor<4xf64>, tensor<4xf64>
}""".replace("memref.store %tm_x", "%tm_x = tensor.extract %tm[%c0] : tensor<4xf64>\n"
             "  memref.store %tm_x")
    a = np.array([1.0, 2, 3, 4])
    m = np.array([5.0, 6, 7, 8])
    r, tm, bt = _run(text, [a, m, 2], [np.ones(4), np.zeros(4), None]).results
    np.testing.assert_array_equal(r, [1, 4, 3, 4])
    np.testing.assert_array_equal(tm, m)
    np.testing.assert_array_equal(bt, [5, 8, 6, 8])


def test_tensor_empty_reads_show_as_nan() -> None:
    text = """
func.func @f() -> f64 {
  %e = tensor.empty() : tensor<2xf64>
  %c0 = arith.constant 0 : index
  %x = tensor.extract %e[%c0] : tensor<2xf64>
  return %x : f64
}"""
    (x,) = activity.evaluate(activity.parse(text), "f")
    assert x != x


def test_activity_run_takes_and_prints_tensors(tmp_path: Path) -> None:
    p = tmp_path / "t.mlir"
    p.write_text("""
func.func @f(%a: tensor<2x2xf64>) -> tensor<2x2xf64> {
  %s = arith.mulf %a, %a : tensor<2x2xf64>
  return %s : tensor<2x2xf64>
}""")
    r = subprocess.run([sys.executable, "-m", "activity", "run", str(p), "--func", "f",
                        "--inputs", "[[[1, 2], [3, 4]]]"], capture_output=True, text=True,
                       cwd=ROOT, check=False)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"results": [[[1.0, 4.0], [9.0, 16.0]]],
                                    "buffers": [None]}


def test_evaluate_checks_tensor_arguments() -> None:
    m = activity.parse("func.func @f(%a: tensor<2xf64>) -> tensor<2xf64> {\n"
                       "  return %a : tensor<2xf64>\n}\n")
    with pytest.raises(ValueError, match="dimension 0 must be 2"):
        activity.evaluate(m, "f", np.zeros(3))
    with pytest.raises(TypeError, match="dtype"):
        activity.evaluate(m, "f", np.zeros(2, np.float32))
    a = np.ones(2)
    (r,) = activity.evaluate(m, "f", a)
    assert r is not a and (r == a).all()


def test_random_linalg_tangents_match_finite_differences() -> None:
    """Random generated tensor programs: the interpreter's tangents of the results
    agree with central differences (where the program is smooth at the point)."""
    from activity.testing.tensorgen import TensorGenConfig, generate

    checked = 0
    for seed in range(40):
        prog = generate(seed, TensorGenConfig(stmts=(2, 6)))
        rng = np.random.default_rng(seed)
        inputs = prog.make_inputs(rng)
        tangents = prog.make_tangents(rng)
        direction = [t if not isinstance(t, float) or t else None for t in tangents]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                ip = Interpreter(prog.parse())
                # (copies: a memref argument is written in place)
                out = _run(ip, [np.copy(x) if isinstance(x, np.ndarray) else x
                                for x in inputs], tangents, func=prog.func)
                fd = _fd(ip, inputs, direction, func=prog.func)
                fd2 = _fd(ip, inputs, direction, h=1e-7, func=prog.func)
            except (InterpreterError, ZeroDivisionError, OverflowError):
                continue
        for t, f, f2, r in zip(out.result_tangents, fd, fd2, out.results, strict=True):
            r = np.asarray(r)
            if r.dtype.kind != "f" or r.dtype != np.float64:
                continue
            t = np.asarray(t, dtype=np.float64)
            ok = np.isfinite(f) & np.isfinite(t) & (np.abs(f - f2) < 1e-4 * (1 + np.abs(f)))
            np.testing.assert_allclose(t[ok], f[ok], rtol=1e-4, atol=1e-5,
                                       err_msg=prog.text)
            checked += int(ok.sum())
    assert checked > 150, checked


def test_while_carries_tensors_and_generic_with_two_outputs_on_memrefs() -> None:
    text = """
#id = affine_map<(d0) -> (d0)>
func.func @f(%a: tensor<3xf64>, %m: memref<3xf64>, %k: memref<3xf64>) -> tensor<3xf64> {
  %c0 = arith.constant 0 : index
  %r:2 = scf.while (%t = %a, %i = %c0) : (tensor<3xf64>, index) -> (tensor<3xf64>, index) {
    %c3 = arith.constant 3 : index
    %go = arith.cmpi ult, %i, %c3 : index
    scf.condition(%go) %t, %i : tensor<3xf64>, index
  } do {
  ^bb0(%t: tensor<3xf64>, %i: index):
    %x = tensor.extract %t[%i] : tensor<3xf64>
    %y = math.exp %x : f64
    %t2 = tensor.insert %y into %t[%i] : tensor<3xf64>
    %c1 = arith.constant 1 : index
    %i2 = arith.addi %i, %c1 : index
    scf.yield %t2, %i2 : tensor<3xf64>, index
  }
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%m : memref<3xf64>) outs(%m, %k : memref<3xf64>, memref<3xf64>) {
  ^bb0(%in: f64, %o1: f64, %o2: f64):
    %s = arith.mulf %in, %in : f64
    %n = arith.negf %o2 : f64
    linalg.yield %s, %n : f64, f64
  }
  return %r#0 : tensor<3xf64>
}"""
    a = np.array([0.0, 1.0, -1.0])
    m = np.array([1.0, 2.0, 3.0])
    k = np.array([4.0, 5.0, 6.0])
    out = _run(text, [a, m, k], [np.ones(3), np.ones(3), np.zeros(3)])
    np.testing.assert_allclose(out.results[0], np.exp(a), rtol=1e-15)
    np.testing.assert_allclose(out.result_tangents[0], np.exp(a), rtol=1e-15)
    np.testing.assert_array_equal(m, [1.0, 4.0, 9.0])
    np.testing.assert_array_equal(k, [-4.0, -5.0, -6.0])
    np.testing.assert_array_equal(out.buffer_tangents[1], 2 * np.array([1.0, 2.0, 3.0]))


def test_shape_mismatches_in_linalg_are_errors() -> None:
    text = """
#id = affine_map<(d0) -> (d0)>
func.func @f(%a: tensor<?xf64>, %b: tensor<?xf64>) -> tensor<?xf64> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<?xf64>) outs(%b : tensor<?xf64>) {
  ^bb0(%in: f64, %o: f64):
    linalg.yield %in : f64
  } -> tensor<?xf64>
  return %r : tensor<?xf64>
}"""
    m = activity.parse(text, name="p.mlir")
    (r,) = activity.evaluate(m, "f", np.ones(2), np.zeros(2))
    np.testing.assert_array_equal(r, np.ones(2))
    with pytest.raises(ActivityError, match=r"p\.mlir:4:.*loop 0 has size 2 and 3"):
        activity.evaluate(m, "f", np.ones(2), np.zeros(3))


_UNARY = {"exp": np.exp, "log": np.log, "sqrt": np.sqrt, "negf": np.negative,
          "abs": np.abs, "tanh": np.tanh, "square": np.square,
          "reciprocal": np.reciprocal, "rsqrt": lambda x: 1 / np.sqrt(x)}
_BINARY = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.divide,
           "max": np.maximum, "min": np.minimum, "powf": np.power}


@pytest.mark.parametrize("name", sorted(_UNARY) + sorted(_BINARY))
def test_named_elementwise_ops(name: str) -> None:
    t = "tensor<2x3xf64>"
    n_in = 1 if name in _UNARY else 2
    ins = ", ".join(["%a", "%b"][:n_in])
    text = (f"func.func @f(%a: {t}, %b: {t}) -> {t} {{\n"
            f"  %e = tensor.empty() : {t}\n"
            f"  %r = linalg.{name} ins({ins} : {', '.join([t] * n_in)}) outs(%e : {t}) -> {t}\n"
            f"  return %r : {t}\n}}\n")
    rng = np.random.default_rng(3)
    a, b = rng.uniform(0.5, 2, (2, 3)), rng.uniform(-2, 2, (2, 3))
    da = rng.normal(size=(2, 3))
    out = _run(text, [a, b], [da, np.zeros((2, 3))])
    want = _UNARY[name](a) if name in _UNARY else _BINARY[name](a, b)
    np.testing.assert_allclose(out.results[0], want, rtol=1e-14)
    fd = _fd(text, [a, b], [da, None])[0]
    np.testing.assert_allclose(out.result_tangents[0], fd, rtol=1e-6, atol=1e-8)


def test_contractions_and_map() -> None:
    text = """
func.func @f(%a: tensor<4x5xf64>, %v: tensor<5xf64>, %w: tensor<4xf64>, %s: tensor<f64>, %ba: tensor<2x4x5xf64>, %bb: tensor<2x5x3xf64>, %bc: tensor<2x4x3xf64>) -> (tensor<4xf64>, tensor<5xf64>, tensor<f64>, tensor<2x4x3xf64>, tensor<4xf64>) {
  %1 = linalg.matvec ins(%a, %v : tensor<4x5xf64>, tensor<5xf64>) outs(%w : tensor<4xf64>) -> tensor<4xf64>
  %2 = linalg.vecmat ins(%w, %a : tensor<4xf64>, tensor<4x5xf64>) outs(%v : tensor<5xf64>) -> tensor<5xf64>
  %3 = linalg.dot ins(%v, %v : tensor<5xf64>, tensor<5xf64>) outs(%s : tensor<f64>) -> tensor<f64>
  %4 = linalg.batch_matmul ins(%ba, %bb : tensor<2x4x5xf64>, tensor<2x5x3xf64>) outs(%bc : tensor<2x4x3xf64>) -> tensor<2x4x3xf64>
  %e = tensor.empty() : tensor<4xf64>
  %5 = linalg.map ins(%w, %w : tensor<4xf64>, tensor<4xf64>) outs(%e : tensor<4xf64>)
    (%x: f64, %y: f64, %o: f64) {
      %p = arith.mulf %x, %y : f64
      linalg.yield %p : f64
    }
  return %1, %2, %3, %4, %5 : tensor<4xf64>, tensor<5xf64>, tensor<f64>, tensor<2x4x3xf64>, tensor<4xf64>
}"""
    rng = np.random.default_rng(4)
    a, v, w, s = (rng.normal(size=sh) for sh in ((4, 5), (5,), (4,), ()))
    ba, bb, bc = (rng.normal(size=sh) for sh in ((2, 4, 5), (2, 5, 3), (2, 4, 3)))
    r1, r2, r3, r4, r5 = _run(text, [a, v, w, s, ba, bb, bc]).results
    np.testing.assert_allclose(r1, w + a @ v, rtol=1e-13)
    np.testing.assert_allclose(r2, v + w @ a, rtol=1e-13)
    np.testing.assert_allclose(r3, s + v @ v, rtol=1e-13)
    np.testing.assert_allclose(r4, bc + ba @ bb, rtol=1e-13)
    np.testing.assert_allclose(r5, w * w, rtol=1e-15)


def test_materialize_in_destination_writes_the_memref() -> None:
    text = """
func.func @f(%a: tensor<2x2xf64>, %m: memref<2x2xf64>) {
  %s = arith.mulf %a, %a : tensor<2x2xf64>
  bufferization.materialize_in_destination %s in restrict writable %m : (tensor<2x2xf64>, memref<2x2xf64>) -> ()
  return
}"""
    a = np.array([[1.0, 2], [3, 4]])
    m = np.zeros((2, 2))
    out = _run(text, [a, m], [np.ones((2, 2)), np.zeros((2, 2))])
    np.testing.assert_array_equal(m, a * a)
    np.testing.assert_array_equal(out.buffer_tangents[1], 2 * a)
