"""Tensor programs compiled to native code (activity/tensor/bufferize.py, loops.py):
results against numpy, against upstream's one-shot bufferization followed by our memref
path, and the buffers the bufferization makes (in place where the value is dead, no
copy per ``tensor.insert`` in a loop, arguments never written).

Linalg bodies are compiled without FMA contraction by default: bit for bit upstream's
results and the interpreter's; with ``loops.CONTRACT`` on, to a few ulps of the largest
value (and not bit for bit: the check that contraction happened)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import activity
from activity.codegen import CodegenError
from activity.codegen.upstream import find_tool
from activity.tensor import loops, opts
from activity.tensor.bufferize import bufferize, lower_tensors
from activity.tensor.bufferize_live import Liveness

ROOT = Path(__file__).resolve().parents[1]
TENSOR = ROOT / "benchmarks" / "tensor"


def _load(name: str, path: Path) -> Any:
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


INPUTS = _load("activity_tensor_inputs", TENSOR / "inputs.py")
OBJ = _load("activity_benchmark_objectives", ROOT / "benchmarks" / "objectives.py")


@pytest.fixture
def unfused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Linalg bodies compiled without FMA contraction: results bit for bit those of
    the interpreter and of upstream's lowering."""
    monkeypatch.setattr(loops, "CONTRACT", False)


def contract(mp: pytest.MonkeyPatch, on: bool) -> None:
    mp.setattr(loops, "CONTRACT", on)


def near(got: Any, want: Any, ulps: int = 64) -> None:
    """``got`` within ``ulps`` units in the last place of the largest ``|want|`` (FMA
    contraction rounds once per fused term where the unfused code rounds twice)."""
    got, want = np.asarray(got), np.asarray(want)
    tol = ulps * np.finfo(want.dtype).eps * max(1.0, float(np.max(np.abs(want))))
    assert float(np.max(np.abs(got - want))) <= tol


def counts(src: str | Path, what: tuple[str, ...] = ("memref.alloc", "memref.copy")) -> dict:
    """The ops of ``what`` in the bufferized ``src`` (before linalg is lowered: the
    loops' own scratch buffers, packed copies and panels, are not counted)."""
    text = str(bufferize(activity.parse(src)))
    return {w: len(re.findall(re.escape(w) + r"\b", text)) for w in what}


def upstream(src: str | Path, func: str) -> Any:
    """``func`` bufferized by ``mlir-opt-22 --one-shot-bufferize`` and lowered to loops
    by upstream, then compiled by our memref path."""
    tool = find_tool("mlir-opt")
    if tool is None:
        pytest.skip("mlir-opt-22 not installed")
    text = Path(src).read_text() if isinstance(src, Path) else src
    out = subprocess.run(
        [tool, "--convert-elementwise-to-linalg",
         "--one-shot-bufferize=bufferize-function-boundaries allow-return-allocs-from-loops",
         "--convert-linalg-to-loops", "--mlir-print-op-generic"],
        input=text, capture_output=True, text=True, check=True).stdout
    return activity.compile(activity.parse(out), func)


# --------------------------------------------------------------------------
# The benchmark programs


def test_matmul_chain(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(0)
    args = INPUTS.chain_args(rng)
    f = activity.compile(TENSOR / "matmul_chain.mlir", "chain")
    got = f(*args)
    ref = INPUTS.chain_numpy(*[a.astype(np.float64) for a in args])
    assert got.dtype == np.float32 and got.shape == (256, 256)
    assert np.abs(got - ref).max() <= 1e-4 * np.abs(ref).max()
    # the fill writes over the empty tensor, the matmul over the fill: one buffer each
    assert counts(TENSOR / "matmul_chain.mlir") == {"memref.alloc": 2, "memref.copy": 0}
    up = upstream(TENSOR / "matmul_chain.mlir", "chain")(*args)
    np.testing.assert_array_equal(got, up)
    contract(monkeypatch, True)
    fused = activity.compile(TENSOR / "matmul_chain.mlir", "chain")(*args)
    near(fused, up)
    assert not np.array_equal(fused, up)  # contracted: FMAs round differently


def test_mlp(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(1)
    args = INPUTS.mlp_args(rng)
    f = activity.compile(TENSOR / "mlp.mlir", "mlp")
    got = f(*args)
    ref = INPUTS.mlp_numpy(*[a.astype(np.float64) for a in args])
    assert got.shape == (64, 10)
    assert np.abs(got - ref).max() <= 1e-4 * np.abs(ref).max()
    # three buffers, nothing copied: layer 1's relu writes over its matmul (its init),
    # layer 2's over its matmul too (an input dead after it: activity/tensor/reuse.py)
    assert counts(TENSOR / "mlp.mlir") == {"memref.alloc": 3, "memref.copy": 0}
    up = upstream(TENSOR / "mlp.mlir", "mlp")(*args)
    np.testing.assert_array_equal(got, up)
    contract(monkeypatch, True)
    near(activity.compile(TENSOR / "mlp.mlir", "mlp")(*args), up)


@pytest.mark.parametrize("size", ["small", "bench"])
def test_gmm(size: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(2)
    inp = OBJ.gmm_inputs(rng, size)
    args = INPUTS.gmm_tensor_args(*inp)
    fast = activity.compile(TENSOR / "gmm.mlir", "gmm")(*args)  # (loops.VEXP's exp)
    monkeypatch.setattr(loops, "VEXP", False)  # (libm's exp, as upstream's code calls)
    f = activity.compile(TENSOR / "gmm.mlir", "gmm")
    got = f(*args)
    ref = OBJ.gmm_reference(inp)
    assert got == pytest.approx(ref, rel=1e-12, abs=1e-12)
    assert got == pytest.approx(INPUTS.gmm_numpy(*args), rel=1e-12, abs=1e-12)
    up = upstream(TENSOR / "gmm.mlir", "gmm")(*args)
    assert got == up
    near(fast, up)
    contract(monkeypatch, True)
    near(activity.compile(TENSOR / "gmm.mlir", "gmm")(*args), up)
    contract(monkeypatch, False)
    saved = [a.copy() for a in args[:5]]
    f(*args)
    for a, b in zip(args[:5], saved, strict=True):
        np.testing.assert_array_equal(a, b)  # tensor arguments are never written


# --------------------------------------------------------------------------
# Loops and branches carrying tensors

INSERT_LOOP = """
func.func @fill(%t: tensor<8xf64>, %n: index) -> tensor<8xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<8xf64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %e) -> (tensor<8xf64>) {
    %x = tensor.extract %t[%i] : tensor<8xf64>
    %y = arith.mulf %x, %x : f64
    %acc2 = tensor.insert %y into %acc[%i] : tensor<8xf64>
    scf.yield %acc2 : tensor<8xf64>
  }
  return %r : tensor<8xf64>
}
"""


def test_insert_in_loop_in_place() -> None:
    t = np.arange(8.0)
    f = activity.compile(INSERT_LOOP, "fill")
    got = f(t, 8)
    np.testing.assert_array_equal(got, t * t)
    np.testing.assert_array_equal(t, np.arange(8.0))
    # one buffer for the whole loop, no copy per insert (nor anywhere)
    assert counts(INSERT_LOOP) == {"memref.alloc": 1, "memref.copy": 0}
    np.testing.assert_array_equal(got, upstream(INSERT_LOOP, "fill")(t, 8))


INSERT_ARG_LOOP = """
func.func @scale(%t: tensor<8xf64>, %n: index) -> (tensor<8xf64>, f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> (tensor<8xf64>) {
    %x = tensor.extract %acc[%i] : tensor<8xf64>
    %y = arith.mulf %x, %two : f64
    %acc2 = tensor.insert %y into %acc[%i] : tensor<8xf64>
    scf.yield %acc2 : tensor<8xf64>
  }
  %old = tensor.extract %t[%c1] : tensor<8xf64>
  return %r, %old : tensor<8xf64>, f64
}
"""


def test_loop_over_argument_copies_once() -> None:
    """The loop updates a copy of the argument (copy-on-write), once, not per insert;
    the argument's old value is still read after the loop."""
    t = np.arange(8.0)
    r, old = activity.compile(INSERT_ARG_LOOP, "scale")(t, 5)
    np.testing.assert_array_equal(r, [0, 2, 4, 6, 8, 5, 6, 7])
    assert old == 1.0
    np.testing.assert_array_equal(t, np.arange(8.0))
    assert counts(INSERT_ARG_LOOP) == {"memref.alloc": 1, "memref.copy": 1}
    r2, old2 = upstream(INSERT_ARG_LOOP, "scale")(t, 5)
    np.testing.assert_array_equal(r, r2)


ALIVE_AFTER = """
func.func @two(%n: index) -> (tensor<4xf64>, tensor<4xf64>) {
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<4xf64>
  %a = linalg.fill ins(%one : f64) outs(%e : tensor<4xf64>) -> tensor<4xf64>
  %b = tensor.insert %two into %a[%c0] : tensor<4xf64>
  %c = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      ins(%b : tensor<4xf64>) outs(%a : tensor<4xf64>) {
  ^bb0(%x: f64, %o: f64):
    %s = arith.addf %x, %o : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  return %a, %c : tensor<4xf64>, tensor<4xf64>
}
"""


def test_value_alive_after_is_copied() -> None:
    """``%a`` is read after the insert and after the generic that writes over it: both
    must leave it alone (a wrong in-place write gives 2 or 3 in ``%a``)."""
    a, c = activity.compile(ALIVE_AFTER, "two")(0)
    np.testing.assert_array_equal(a, [1, 1, 1, 1])
    np.testing.assert_array_equal(c, [3, 2, 2, 2])
    a2, c2 = upstream(ALIVE_AFTER, "two")(0)
    np.testing.assert_array_equal(a, a2)
    np.testing.assert_array_equal(c, c2)


SLICES = """
#id = affine_map<(j) -> (j)>
func.func @rows(%t: tensor<4x6xf64>) -> tensor<4x6xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %t) -> (tensor<4x6xf64>) {
    %row = tensor.extract_slice %acc[%i, 0] [1, 6] [1, 1] : tensor<4x6xf64> to tensor<6xf64>
    %e = tensor.empty() : tensor<6xf64>
    %s = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%row : tensor<6xf64>) outs(%e : tensor<6xf64>) {
    ^bb0(%x: f64, %o: f64):
      %i64 = arith.index_cast %i : index to i64
      %f = arith.sitofp %i64 : i64 to f64
      %y = arith.mulf %x, %f : f64
      linalg.yield %y : f64
    } -> tensor<6xf64>
    %half = tensor.extract_slice %s[1] [3] [2] : tensor<6xf64> to tensor<3xf64>
    %acc2 = tensor.insert_slice %half into %acc[%i, 0] [1, 3] [1, 1]
        : tensor<3xf64> into tensor<4x6xf64>
    scf.yield %acc2 : tensor<4x6xf64>
  }
  return %r : tensor<4x6xf64>
}
"""


def test_slices_in_loop() -> None:
    t = np.arange(24.0).reshape(4, 6)
    got = activity.compile(SLICES, "rows")(t)
    ref = t.copy()
    for i in range(4):
        ref[i, 0:3] = (ref[i] * i)[1::2]
    np.testing.assert_array_equal(got, ref)
    np.testing.assert_array_equal(t, np.arange(24.0).reshape(4, 6))
    np.testing.assert_array_equal(got, upstream(SLICES, "rows")(t))


BRANCHES = """
func.func @br(%t: tensor<5xf64>, %c: i1, %x: f64) -> tensor<5xf64> {
  %c2 = arith.constant 2 : index
  %e = tensor.empty() : tensor<5xf64>
  %z = linalg.copy ins(%t : tensor<5xf64>) outs(%e : tensor<5xf64>) -> tensor<5xf64>
  %r = scf.if %c -> (tensor<5xf64>) {
    %u = tensor.insert %x into %z[%c2] : tensor<5xf64>
    scf.yield %u : tensor<5xf64>
  } else {
    %two = arith.constant 2.0 : f64
    %d = arith.mulf %t, %t : tensor<5xf64>
    scf.yield %d : tensor<5xf64>
  }
  return %r : tensor<5xf64>
}
"""


def test_if_carrying_tensors() -> None:
    t = np.arange(5.0)
    f = activity.compile(BRANCHES, "br")
    np.testing.assert_array_equal(f(t, 1, 9.0), [0, 1, 9, 3, 4])
    np.testing.assert_array_equal(f(t, 0, 9.0), t * t)
    np.testing.assert_array_equal(t, np.arange(5.0))
    g = upstream(BRANCHES, "br")
    for c in (0, 1):
        np.testing.assert_array_equal(f(t, c, 9.0), g(t, c, 9.0))


SHAPES = """
func.func @shapes(%t: tensor<2x3xf64>, %x: f64, %n: index) -> (tensor<6xf64>, tensor<3x2xf64>,
                                                            tensor<?xf64>, index) {
  %flat = tensor.collapse_shape %t [[0, 1]] : tensor<2x3xf64> into tensor<6xf64>
  %back = tensor.expand_shape %flat [[0, 1]] output_shape [3, 2]
      : tensor<6xf64> into tensor<3x2xf64>
  %s = tensor.splat %x[%n] : tensor<?xf64>
  %c0 = arith.constant 0 : index
  %d = tensor.dim %s, %c0 : tensor<?xf64>
  %e = tensor.from_elements %x, %x, %x, %x, %x, %x : tensor<6xf64>
  %sum = arith.addf %flat, %e : tensor<6xf64>
  return %sum, %back, %s, %d : tensor<6xf64>, tensor<3x2xf64>, tensor<?xf64>, index
}
"""


def test_reshapes_splat_from_elements() -> None:
    t = np.arange(6.0).reshape(2, 3)
    s, back, sp, d = activity.compile(SHAPES, "shapes")(t, 0.5, 4)
    np.testing.assert_array_equal(s, np.arange(6.0) + 0.5)
    np.testing.assert_array_equal(back, np.arange(6.0).reshape(3, 2))
    np.testing.assert_array_equal(sp, [0.5] * 4)
    assert d == 4


def test_unsupported_is_located() -> None:
    src = """
func.func @w(%t: tensor<4xf64>) -> tensor<4xf64> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%a = %t) : (tensor<4xf64>) -> tensor<4xf64> {
    %f = arith.constant 0 : i1
    scf.condition(%f) %a : tensor<4xf64>
  } do {
  ^bb0(%b: tensor<4xf64>):
    scf.yield %b : tensor<4xf64>
  }
  return %r : tensor<4xf64>
}
"""
    with pytest.raises(CodegenError, match=r"scf.while on tensors is not supported") as e:
        activity.compile(src, "w")
    assert e.value.line == 6


# --------------------------------------------------------------------------
# Liveness


def test_dead_after_is_conservative_in_loops() -> None:
    m = activity.parse(INSERT_ARG_LOOP)
    fop = next(iter(m.ops))
    live = Liveness(fop)
    ops = list(fop.walk())
    insert = next(o for o in ops if o.name == "tensor.insert")
    loop = next(o for o in ops if o.name == "scf.for")
    t = fop.body.blocks[0].args[0]
    acc = loop.body.block.args[1]
    assert live.dead_after(acc, insert)  # the carried value: its only later use is none
    assert not live.dead_after(t, loop)  # %t is read after the loop
    ext = next(o for o in ops if o.name == "tensor.extract")
    assert not live.dead_after(t, ext)  # (inside the loop: repeats)


READ_AFTER_INSERT = """
func.func @cp(%n: index) -> tensor<4x6xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f64
  %e = tensor.empty() : tensor<4x6xf64>
  %z = linalg.fill ins(%one : f64) outs(%e : tensor<4x6xf64>) -> tensor<4x6xf64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<4x6xf64>) {
    %old = tensor.extract %acc[%i, %c0] : tensor<4x6xf64>
    %y = arith.addf %old, %one : f64
    %a2 = tensor.insert %y into %acc[%i, %c1] : tensor<4x6xf64>
    %o2 = tensor.extract %acc[%i, %c1] : tensor<4x6xf64>
    %a3 = tensor.insert %o2 into %a2[%i, %c0] : tensor<4x6xf64>
    scf.yield %a3 : tensor<4x6xf64>
  }
  return %r : tensor<4x6xf64>
}
"""


def test_carried_value_read_after_insert() -> None:
    """``%acc`` is read after the first insert: that insert goes to a copy (in the
    loop), which the yield copies back into the loop's buffer."""
    got = activity.compile(READ_AFTER_INSERT, "cp")(3)
    ref = np.ones((4, 6))
    ref[:3, 1] = 2.0
    np.testing.assert_array_equal(got, ref)
    np.testing.assert_array_equal(got, upstream(READ_AFTER_INSERT, "cp")(3))


MEMREF_MATMULS = """
func.func @mm(%a: memref<12x7xf32>, %b: memref<7x48xf32>, %c: memref<12x48xf32>) {
  linalg.matmul ins(%a, %b : memref<12x7xf32>, memref<7x48xf32>) outs(%c : memref<12x48xf32>)
  return
}
func.func @mm64(%a: memref<8x7xf64>, %b: memref<7x16xf64>, %c: memref<8x16xf64>) {
  linalg.matmul ins(%a, %b : memref<8x7xf64>, memref<7x16xf64>) outs(%c : memref<8x16xf64>)
  return
}
func.func @odd(%a: memref<5x7xf64>, %b: memref<7x5xf64>, %c: memref<5x5xf64>) {
  linalg.matmul ins(%a, %b : memref<5x7xf64>, memref<7x5xf64>) outs(%c : memref<5x5xf64>)
  return
}
"""


@pytest.mark.parametrize("func,m,k,n,dt", [("mm", 12, 7, 48, np.float32),
                                           ("mm64", 8, 7, 16, np.float64),
                                           ("odd", 5, 7, 5, np.float64)])
def test_memref_matmul_loop_orders_exact(func: str, m: int, k: int, n: int, dt: Any,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """linalg on memrefs: the register-tiled i-k-j nests (``mm``, ``mm64``; ``odd``
    with tiles of the rest: one row, five columns) sum each element's terms in
    linalg's order (k increasing, onto the initial C): bit-identical to that sum
    without contraction (the default); with it, the LLVM IR asks for it (``contract``
    on the multiplies and adds), the results differ from the unfused ones and are
    close to them."""
    rng = np.random.default_rng(3)
    a, b, c0 = (rng.standard_normal(s).astype(dt) for s in ((m, k), (k, n), (m, n)))
    ref = c0.copy()
    for j in range(k):
        ref = ref + a[:, j:j + 1] * b[j:j + 1, :]
    contract(monkeypatch, True)
    fused = activity.compile(MEMREF_MATMULS, func)
    lowered = str(lower_tensors(activity.parse(MEMREF_MATMULS)))
    # the tiled nests read B through a panel of the tile's columns, freed after
    assert lowered.count("memref.alloc") == lowered.count("memref.dealloc") == 3
    c = c0.copy()
    fused(a, b, c)
    assert "fmul contract" in fused.llvm_ir and "fadd contract" in fused.llvm_ir
    near(c, ref)
    assert not np.array_equal(c, ref)
    contract(monkeypatch, False)
    plain = activity.compile(MEMREF_MATMULS, func)
    assert " contract " not in plain.llvm_ir
    c = c0.copy()
    plain(a, b, c)
    np.testing.assert_array_equal(c, ref)


# --------------------------------------------------------------------------
# Reductions carried in registers, jammed over a parallel dimension (loops.JAM)

JAMMED = """
#lij = affine_map<(n, k, i, j) -> (k, i, j)>
#xj = affine_map<(n, k, i, j) -> (n, k, j)>
#oi = affine_map<(n, k, i, j) -> (n, k, i)>
func.func @tri(%l: tensor<?x?x?xf64>, %x: tensor<?x?x?xf64>,
               %o: tensor<?x?x?xf64>) -> tensor<?x?x?xf64> {
  %zero = arith.constant 0.0 : f64
  %r = linalg.generic {indexing_maps = [#lij, #xj, #oi],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%l, %x : tensor<?x?x?xf64>, tensor<?x?x?xf64>) outs(%o : tensor<?x?x?xf64>) {
  ^bb0(%a: f64, %v: f64, %acc: f64):
    %i = linalg.index 2 : index
    %j = linalg.index 3 : index
    %lower = arith.cmpi ult, %j, %i : index
    %p = arith.mulf %a, %v : f64
    %t = arith.select %lower, %p, %zero : f64
    %s = arith.addf %acc, %t : f64
    linalg.yield %s : f64
  } -> tensor<?x?x?xf64>
  return %r : tensor<?x?x?xf64>
}
func.func @tri2(%l: tensor<?x?x?xf64>, %x: tensor<?x?x?xf64>,
                %o: tensor<?x?x?xf64>) -> tensor<?x?x?xf64> {
  %nzero = arith.constant -0.0 : f64
  %r = linalg.generic {indexing_maps = [#lij, #xj, #oi],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%l, %x : tensor<?x?x?xf64>, tensor<?x?x?xf64>) outs(%o : tensor<?x?x?xf64>) {
  ^bb0(%a: f64, %v: f64, %acc: f64):
    %i = linalg.index 2 : index
    %j = linalg.index 3 : index
    %upto = arith.cmpi sge, %i, %j : index
    %p = arith.mulf %a, %v : f64
    %t = arith.select %upto, %p, %nzero : f64
    %s = arith.addf %t, %acc : f64
    linalg.yield %s : f64
  } -> tensor<?x?x?xf64>
  return %r : tensor<?x?x?xf64>
}
func.func @band(%l: tensor<?x?x?xf64>, %x: tensor<?x?x?xf64>,
                %o: tensor<?x?x?xf64>) -> tensor<?x?x?xf64> {
  %zero = arith.constant 0.0 : f64
  %c3 = arith.constant 3 : index
  %r = linalg.generic {indexing_maps = [#lij, #xj, #oi],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%l, %x : tensor<?x?x?xf64>, tensor<?x?x?xf64>) outs(%o : tensor<?x?x?xf64>) {
  ^bb0(%a: f64, %v: f64, %acc: f64):
    %j = linalg.index 3 : index
    %first = arith.cmpi ult, %j, %c3 : index
    %p = arith.mulf %a, %v : f64
    %t = arith.select %first, %p, %zero : f64
    %s = arith.addf %acc, %t : f64
    linalg.yield %s : f64
  } -> tensor<?x?x?xf64>
  return %r : tensor<?x?x?xf64>
}
func.func @trimv(%a: tensor<?x?xf64>, %x: tensor<?xf64>, %o: tensor<?xf64>) -> tensor<?xf64> {
  %zero = arith.constant 0.0 : f64
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                                        affine_map<(i, j) -> (i)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%a, %x : tensor<?x?xf64>, tensor<?xf64>) outs(%o : tensor<?xf64>) {
  ^bb0(%v: f64, %w: f64, %acc: f64):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %lower = arith.cmpi ult, %j, %i : index
    %p = arith.mulf %v, %w : f64
    %t = arith.select %lower, %p, %zero : f64
    %s = arith.addf %acc, %t : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %r : tensor<?xf64>
}
func.func @rowmax(%a: tensor<?x?xf32>, %o: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(n, k) -> (n, k)>, affine_map<(n, k) -> (n)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<?x?xf32>) outs(%o : tensor<?xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %m = arith.maximumf %acc, %v : f32
    %s = arith.addf %m, %v : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @summax(%a: tensor<?x?xf64>, %s0: tensor<?xf64>, %m0: tensor<?xf64>)
    -> (tensor<?xf64>, tensor<?xf64>) {
  %r:2 = linalg.generic {indexing_maps = [affine_map<(n, k) -> (n, k)>,
                                          affine_map<(n, k) -> (n)>, affine_map<(n, k) -> (n)>],
                         iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<?x?xf64>) outs(%s0, %m0 : tensor<?xf64>, tensor<?xf64>) {
  ^bb0(%v: f64, %s: f64, %m: f64):
    %p = arith.mulf %v, %m : f64
    %s2 = arith.addf %s, %p : f64
    %m2 = arith.maximumf %m, %v : f64
    linalg.yield %s2, %m2 : f64, f64
  } -> (tensor<?xf64>, tensor<?xf64>)
  return %r#0, %r#1 : tensor<?xf64>, tensor<?xf64>
}
func.func @isum(%a: tensor<?x?xi64>, %o: tensor<?xi64>) -> tensor<?xi64> {
  %r = linalg.generic {indexing_maps = [affine_map<(n, k) -> (n, k)>, affine_map<(n, k) -> (n)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<?x?xi64>) outs(%o : tensor<?xi64>) {
  ^bb0(%v: i64, %acc: i64):
    %p = arith.muli %v, %v : i64
    %s = arith.addi %acc, %p : i64
    linalg.yield %s : i64
  } -> tensor<?xi64>
  return %r : tensor<?xi64>
}
"""


def _lowered(func: str) -> str:
    text = str(lower_tensors(activity.parse(JAMMED)))
    start = text.index(f"func.func @{func}(")
    return text[start:text.find("func.func @", start + 1)]


def test_jammed_reductions_structure(monkeypatch: pytest.MonkeyPatch) -> None:
    """@tri's reduction over j carries 4, then 2, then 1 outputs (i jammed), its
    L[k, i, j] read through a packed copy with i last (freed after the nest);
    @rowmax is jammed but not packed (every parallel dimension indexes its input);
    @isum (integers) is not jammed."""
    tri = _lowered("tri")
    # jammed over k, not i (the mask's split point j < i is then the copies' own):
    # the loop over j up to min(i, D) unmasked, then one add of +0.0 per copy
    assert tri.count("-> (f64, f64, f64, f64)") == 1 and tri.count("-> (f64, f64)") == 1
    assert tri.count("arith.minui") == 3 and "arith.maxui" not in tri
    assert tri.count("arith.select") == 4 + 2 + 1
    # L[k, i, j] and x[n, k, j] packed with k last (n, and i, do not index them), freed
    assert tri.count("memref.alloc") == 3 and tri.count("memref.dealloc") == 2
    assert _lowered("tri2").count("arith.select") == 0  # adding -0.0: nothing after
    assert _lowered("band").count("arith.minui") == 3  # a constant split point
    # jammed over i itself: split points min(i0 + r, D) per copy (4 + 2 + 1), their
    # least and greatest; the loop in three parts, the middle one masked
    trimv = _lowered("trimv")
    assert trimv.count("arith.minui") == 7 + 3 + 1 and trimv.count("arith.maxui") == 3 + 1
    assert trimv.count("-> (f64, f64, f64, f64)") == 2 and trimv.count("-> (f64, f64)") == 2
    # masked copies (the last, single copy has nothing between), +0.0 chosen per copy
    assert trimv.count("arith.select") == (4 + 2) + 7
    assert _lowered("summax").count("-> (f64, f64, f64, f64, f64, f64, f64, f64)") == 1
    assert _lowered("rowmax").count("-> (f32, f32, f32, f32)") == 1
    assert _lowered("rowmax").count("memref.dealloc") == 0
    assert "-> (i64, i64" not in _lowered("isum")
    monkeypatch.setattr(loops, "MASKS", False)
    with opts.disabled("triangular"):  # (else the triangle restricts the loop instead)
        tri = _lowered("tri")
    assert tri.count("-> (f64, f64, f64, f64)") == 1 and tri.count("-> (f64, f64)") == 1
    assert "arith.maxui" not in tri
    monkeypatch.setattr(loops, "JAM", 1)
    tri1 = _lowered("tri")
    assert "-> (f64, f64" not in tri1 and tri1.count("memref.alloc") == 1
    monkeypatch.setattr(loops, "JAM", 4)
    monkeypatch.setattr(loops, "PACK", False)
    assert _lowered("tri").count("memref.alloc") == 1


_JAMMED: dict[str, Any] = {}


def _compiled(name: str) -> Any:
    """``name`` of JAMMED compiled once for every size (without contraction)."""
    if ("c", name) not in _JAMMED:
        _JAMMED["c", name] = activity.compile(JAMMED, name)
    return _JAMMED["c", name]


def _interp(name: str, *args: Any) -> Any:
    if "m" not in _JAMMED:
        _JAMMED["m"] = activity.parse(JAMMED)
    return activity.evaluate(_JAMMED["m"], name, *args)


@pytest.mark.parametrize("d", [1, 2, 3, 5, 6, 7, 8])
def test_jammed_reductions_exact(d: int, unfused: None) -> None:
    """Jammed (and packed) nests with every remainder of 4 and 2: bit for bit the
    interpreter's results (each output sums its terms in order)."""
    rng = np.random.default_rng(d)
    n, k = 3, 2
    args = [rng.standard_normal((k, d, d)), rng.standard_normal((n, k, d)),
            rng.standard_normal((n, k, d))]
    saved = [a.copy() for a in args]
    got = _compiled("tri")(*args)
    (want,) = _interp("tri", *saved)
    np.testing.assert_array_equal(got, want)
    for other in ("tri2", "band"):
        (w,) = _interp(other, *saved)
        np.testing.assert_array_equal(_compiled(other)(*args), w)
    am = rng.standard_normal((d + 3, d))
    xm, om = rng.standard_normal(d), rng.standard_normal(d + 3)
    (w,) = _interp("trimv", am, xm, om)
    np.testing.assert_array_equal(_compiled("trimv")(am, xm, om), w)
    # masked terms that are NaN stay out; an output still -0.0 when its masked terms
    # begin becomes +0.0 (one add of +0.0): the signs of zeros compared too
    nan_l = np.where(np.arange(d)[:, None] <= np.arange(d)[None, :], np.nan, saved[0])
    nan_l[:, 1:, 0] = 0.0
    zeros = np.full((n, k, d), -0.0)
    am[:, :] = np.where(np.arange(d + 3)[:, None] <= np.arange(d)[None, :], np.nan, am)
    om[:] = -0.0
    (w,) = _interp("trimv", am, xm, om)
    g = _compiled("trimv")(am, xm, om)
    np.testing.assert_array_equal(g, w)
    np.testing.assert_array_equal(np.signbit(g), np.signbit(w))
    for name in ("tri", "tri2", "band"):
        (w,) = _interp(name, nan_l, saved[1], zeros)
        g = _compiled(name)(nan_l, saved[1], zeros)
        np.testing.assert_array_equal(g, w)
        np.testing.assert_array_equal(np.signbit(g), np.signbit(w))
        if name == "tri":
            assert not np.isnan(g).any() and not np.signbit(g[:, :, :2]).any()
    ref = saved[2].copy()
    for j in range(d):  # numpy, in the same order
        term = saved[0][None, :, :, j] * saved[1][:, :, j:j + 1]
        ref = ref + np.where(np.arange(d) > j, term, 0.0)
    np.testing.assert_array_equal(got, ref)
    for a, b in zip(args, saved, strict=True):
        np.testing.assert_array_equal(a, b)
    a = rng.standard_normal((d + 2, d)).astype(np.float32)
    o = rng.standard_normal(d + 2).astype(np.float32)
    (want,) = _interp("rowmax", a, o)
    np.testing.assert_array_equal(_compiled("rowmax")(a, o), want)
    # two outputs carried per copy (the sum reads the max's running value)
    a2, s0, m0 = rng.standard_normal((d + 2, d)), rng.standard_normal(d + 2), \
        rng.standard_normal(d + 2)
    want2 = _interp("summax", a2, s0, m0)
    got2 = _compiled("summax")(a2, s0, m0)
    for g, w in zip(got2, want2, strict=True):
        np.testing.assert_array_equal(g, w)
    ai = rng.integers(-9, 9, (d + 1, d))
    oi = rng.integers(-9, 9, d + 1)
    np.testing.assert_array_equal(_compiled("isum")(ai, oi),
                                  oi + (ai * ai).sum(1))


def test_jammed_reductions_contracted(monkeypatch: pytest.MonkeyPatch) -> None:
    contract(monkeypatch, True)
    rng = np.random.default_rng(9)
    args = [rng.standard_normal((2, 7, 7)), rng.standard_normal((5, 2, 7)),
            rng.standard_normal((5, 2, 7))]
    (want,) = activity.evaluate(activity.parse(JAMMED), "tri", *args)
    near(activity.compile(JAMMED, "tri")(*args), want)


# --------------------------------------------------------------------------
# Every named structured op, compiled (one view of each op: activity/tensor/structured.py)

_A, _B = "tensor<3x4xf64>", "tensor<4x5xf64>"
NAMED = {
    "dot": ("(%a: tensor<4xf64>, %b: tensor<4xf64>) -> tensor<f64>",
            "%e = tensor.empty() : tensor<f64>\n"
            "%z = linalg.fill ins(%c0 : f64) outs(%e : tensor<f64>) -> tensor<f64>\n"
            "%r = linalg.dot ins(%a, %b : tensor<4xf64>, tensor<4xf64>) "
            "outs(%z : tensor<f64>) -> tensor<f64>",
            "tensor<f64>", [(4,), (4,)], lambda a, b: np.dot(a, b)),
    "matvec": (f"(%a: {_A}, %b: tensor<4xf64>) -> tensor<3xf64>",
               "%e = tensor.empty() : tensor<3xf64>\n"
               "%z = linalg.fill ins(%c0 : f64) outs(%e : tensor<3xf64>) -> tensor<3xf64>\n"
               f"%r = linalg.matvec ins(%a, %b : {_A}, tensor<4xf64>) "
               "outs(%z : tensor<3xf64>) -> tensor<3xf64>",
               "tensor<3xf64>", [(3, 4), (4,)], lambda a, b: a @ b),
    "vecmat": (f"(%a: tensor<4xf64>, %b: {_B}) -> tensor<5xf64>",
               "%e = tensor.empty() : tensor<5xf64>\n"
               "%z = linalg.fill ins(%c0 : f64) outs(%e : tensor<5xf64>) -> tensor<5xf64>\n"
               f"%r = linalg.vecmat ins(%a, %b : tensor<4xf64>, {_B}) "
               "outs(%z : tensor<5xf64>) -> tensor<5xf64>",
               "tensor<5xf64>", [(4,), (4, 5)], lambda a, b: a @ b),
    "batch_matmul": ("(%a: tensor<2x3x4xf64>, %b: tensor<2x4x5xf64>) -> tensor<2x3x5xf64>",
                     "%e = tensor.empty() : tensor<2x3x5xf64>\n"
                     "%z = linalg.fill ins(%c0 : f64) outs(%e : tensor<2x3x5xf64>) "
                     "-> tensor<2x3x5xf64>\n"
                     "%r = linalg.batch_matmul ins(%a, %b : tensor<2x3x4xf64>, "
                     "tensor<2x4x5xf64>) outs(%z : tensor<2x3x5xf64>) -> tensor<2x3x5xf64>",
                     "tensor<2x3x5xf64>", [(2, 3, 4), (2, 4, 5)], lambda a, b: a @ b),
    "map": ("(%a: tensor<4xf64>, %b: tensor<4xf64>) -> tensor<4xf64>",
            "%e = tensor.empty() : tensor<4xf64>\n"
            "%r = linalg.map { arith.mulf } ins(%a, %b : tensor<4xf64>, tensor<4xf64>) "
            "outs(%e : tensor<4xf64>)",
            "tensor<4xf64>", [(4,), (4,)], lambda a, b: a * b),
    "transpose": (f"(%a: {_A}, %b: tensor<4xf64>) -> tensor<4x3xf64>",
                  "%e = tensor.empty() : tensor<4x3xf64>\n"
                  f"%r = linalg.transpose ins(%a : {_A}) outs(%e : tensor<4x3xf64>) "
                  "permutation = [1, 0]",
                  "tensor<4x3xf64>", [(3, 4), (4,)], lambda a, b: a.T),
    "broadcast": (f"(%a: {_A}, %b: tensor<4xf64>) -> {_A}",
                  f"%e = tensor.empty() : {_A}\n"
                  f"%r = linalg.broadcast ins(%b : tensor<4xf64>) outs(%e : {_A}) "
                  "dimensions = [0]",
                  _A, [(3, 4), (4,)], lambda a, b: np.broadcast_to(b, (3, 4))),
    "reduce": (f"(%a: {_A}, %b: tensor<4xf64>) -> tensor<4xf64>",
               "%e = tensor.empty() : tensor<4xf64>\n"
               "%z = linalg.fill ins(%c0 : f64) outs(%e : tensor<4xf64>) -> tensor<4xf64>\n"
               f"%r = linalg.reduce {{ arith.addf }} ins(%a : {_A}) "
               "outs(%z : tensor<4xf64>) dimensions = [0]",
               "tensor<4xf64>", [(3, 4), (4,)], lambda a, b: a.sum(0)),
    "sub": (f"(%a: {_A}, %b: {_A}) -> {_A}",
            f"%e = tensor.empty() : {_A}\n"
            f"%r = linalg.sub ins(%a, %b : {_A}, {_A}) outs(%e : {_A}) -> {_A}",
            _A, [(3, 4), (3, 4)], lambda a, b: a - b),
}


@pytest.mark.parametrize("name", sorted(NAMED))
def test_named_op_compiled_and_interpreted(name: str) -> None:
    sig, body, rtype, shapes, ref = NAMED[name]
    text = (f"func.func @f{sig} {{\n%c0 = arith.constant 0.0 : f64\n{body}\n"
            f"func.return %r : {rtype}\n}}\n")
    rng = np.random.default_rng(1)
    args = [rng.standard_normal(s) for s in shapes]
    want = ref(*args)
    got = activity.compile(activity.parse(text), "f")(*args)
    np.testing.assert_allclose(np.asarray(got), want, rtol=1e-12, atol=1e-12)
    (interp,) = activity.evaluate(activity.parse(text), "f", *args)
    np.testing.assert_allclose(np.asarray(interp), want, rtol=1e-12, atol=1e-12)


def test_linalg_body_reading_an_outer_tensor() -> None:
    """A body that extracts from a tensor defined outside it (here also the init, which
    must then not be written in place) and asks its size."""
    text = """
#id = affine_map<(i) -> (i)>
func.func @f(%a: tensor<4xf64>, %t: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<4xf64>
  %t2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf64>) outs(%e : tensor<4xf64>) {
  ^bb0(%x: f64, %o: f64):
    %y = arith.addf %x, %x : f64
    linalg.yield %y : f64
  } -> tensor<4xf64>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf64>) outs(%t2 : tensor<4xf64>) {
  ^bb0(%x: f64, %o: f64):
    %i = linalg.index 0 : index
    %n = tensor.dim %t, %c0 : tensor<4xf64>
    %j = arith.subi %n, %i : index
    %c1 = arith.constant 1 : index
    %k = arith.subi %j, %c1 : index
    %y = tensor.extract %t2[%k] : tensor<4xf64>
    %z = tensor.extract %t[%i] : tensor<4xf64>
    %s = arith.mulf %y, %z : f64
    %u = arith.addf %s, %o : f64
    linalg.yield %u : f64
  } -> tensor<4xf64>
  func.return %r, %t2 : tensor<4xf64>, tensor<4xf64>
}
"""
    a, t = np.arange(4.0), np.array([1.0, 3.0, 5.0, 7.0])
    t2 = 2 * a
    want = t2[::-1] * t + t2
    got = activity.compile(activity.parse(text), "f")(a, t)
    np.testing.assert_array_equal(np.asarray(got[0]), want)
    np.testing.assert_array_equal(np.asarray(got[1]), t2)
    (r, r2) = activity.evaluate(activity.parse(text), "f", a, t)
    np.testing.assert_array_equal(np.asarray(r), want)


def test_random_tensor_programs_compiled_equal_the_interpreter() -> None:
    """Random tensor programs (activity/testing/tensorgen.py: generics with random maps,
    named ops, slices, loops carrying tensors) compiled through our bufferization --
    in-place decisions, hoisted allocations -- give the interpreter's results."""
    import random

    from activity.testing.tensorgen import TensorGenConfig, generate

    for seed in range(40):
        prog = generate(seed, TensorGenConfig(stmts=(2, 6), p_memref=0.0))
        xs = prog.make_inputs(random.Random(seed))
        want = activity.evaluate(activity.parse(prog.text), "f", *xs)
        got = activity.compile(activity.parse(prog.text), "f")(*xs)
        got = got if isinstance(got, tuple) else (got,)
        for a, b in zip(want, got, strict=True):
            np.testing.assert_allclose(np.asarray(b), np.asarray(a), rtol=1e-12, atol=1e-12,
                                       equal_nan=True, err_msg=f"seed {seed}")
