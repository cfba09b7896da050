# ruff: noqa: E501  (MLIR test programs have long lines)
"""Fused adjoint generics (activity/ad/rules/linalg.py, switch ``fuse``; and ``nozero``,
the fresh adjoints written without a zero fill): the targets of one linalg op whose
adjoint generics have one iteration structure get one multi-output generic.  The
gradient is the one without fusion (interpreted and compiled), the adjoint generics are
fewer, central differences agree, and the awkward cases -- a broadcast input, an init
that is also an active input, one tensor read twice (by one map, by two), a reduction,
the LSTM -- stay sound."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import activity
from activity.tensor import opts
from activity.tensor.bufferize import lower_tensors

ROOT = Path(__file__).resolve().parents[1]
TENSOR = ROOT / "benchmarks" / "tensor"


def _tests_module(name: str) -> Any:
    key = f"activity_test_{name}"
    if key not in sys.modules:
        spec = importlib.util.spec_from_file_location(key, ROOT / "tests" / f"{name}.py")
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[key] = mod
        spec.loader.exec_module(mod)
    return sys.modules[key]


# three active inputs of one map, a broadcast row, a captured float
MANY = """
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @f(%a: tensor<3x4xf64>, %b: tensor<3x4xf64>, %c: tensor<3x4xf64>, %v: tensor<4xf64>, %s: f64) -> tensor<3x4xf64> {
  %e = tensor.empty() : tensor<3x4xf64>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b, %c, %v : tensor<3x4xf64>, tensor<3x4xf64>, tensor<3x4xf64>, tensor<4xf64>) outs(%e : tensor<3x4xf64>) {
  ^bb0(%x: f64, %y: f64, %z: f64, %w: f64, %o: f64):
    %t = math.tanh %x : f64
    %p = arith.mulf %t, %y : f64
    %q = math.exp %z : f64
    %u = arith.addf %p, %q : f64
    %m = arith.mulf %u, %w : f64
    %n = arith.mulf %m, %s : f64
    %k = math.sin %y : f64
    %out = arith.addf %n, %k : f64
    linalg.yield %out : f64
  } -> tensor<3x4xf64>
  return %r : tensor<3x4xf64>
}
"""

# the init is an active input too (the body reads it), and the result feeds a second
# op that reads its operand twice by one map and twice by two (a transpose)
INIT = """
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @f(%a: tensor<3x3xf64>, %b: tensor<3x3xf64>) -> tensor<3x3xf64> {
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<3x3xf64>, tensor<3x3xf64>) outs(%a : tensor<3x3xf64>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %s = math.sin %x : f64
    %p = arith.mulf %o, %s : f64
    %q = arith.mulf %p, %y : f64
    linalg.yield %q : f64
  } -> tensor<3x3xf64>
  %e = tensor.empty() : tensor<3x3xf64>
  %t = linalg.generic {indexing_maps = [#id, #id, #tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%r, %r, %r : tensor<3x3xf64>, tensor<3x3xf64>, tensor<3x3xf64>) outs(%e : tensor<3x3xf64>) {
  ^bb0(%x: f64, %y: f64, %z: f64, %o: f64):
    %m = arith.mulf %x, %y : f64
    %c = math.cos %z : f64
    %n = arith.mulf %m, %c : f64
    linalg.yield %n : f64
  } -> tensor<3x3xf64>
  %sq = arith.mulf %t, %t : tensor<3x3xf64>
  %w = arith.mulf %sq, %b : tensor<3x3xf64>
  return %w : tensor<3x3xf64>
}
"""

# a sum reduction: two inputs keep (d0, d1) and get one generic (the init's adjoint is
# ybar, no generic); the row keeps d1 only
REDUCE = """
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @f(%a: tensor<3x4xf64>, %b: tensor<3x4xf64>, %v: tensor<4xf64>, %i: tensor<3xf64>) -> tensor<3xf64> {
  %r = linalg.generic {indexing_maps = [#id, #id, #col, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a, %b, %v : tensor<3x4xf64>, tensor<3x4xf64>, tensor<4xf64>) outs(%i : tensor<3xf64>) {
  ^bb0(%x: f64, %y: f64, %w: f64, %acc: f64):
    %p = arith.mulf %x, %y : f64
    %q = math.exp %w : f64
    %t = arith.mulf %p, %q : f64
    %u = math.tanh %t : f64
    %s = arith.addf %acc, %u : f64
    linalg.yield %s : f64
  } -> tensor<3xf64>
  return %r : tensor<3xf64>
}
"""

# one tensor read by two maps that keep the same dimensions, the same one last: one
# iteration structure, yet the two adjoint updates of a must not be two outputs of one
# generic (each would start from a's adjoint before the other's)
PERM = """
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#sw = affine_map<(d0, d1, d2) -> (d1, d0, d2)>
func.func @f(%a: tensor<2x2x3xf64>, %b: tensor<2x2x3xf64>) -> tensor<2x2x3xf64> {
  %e = tensor.empty() : tensor<2x2x3xf64>
  %t = linalg.generic {indexing_maps = [#id, #sw, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a, %a, %b : tensor<2x2x3xf64>, tensor<2x2x3xf64>, tensor<2x2x3xf64>) outs(%e : tensor<2x2x3xf64>) {
  ^bb0(%x: f64, %y: f64, %z: f64, %o: f64):
    %c = math.cos %y : f64
    %m = arith.mulf %x, %c : f64
    %n = arith.mulf %m, %z : f64
    linalg.yield %n : f64
  } -> tensor<2x2x3xf64>
  return %t : tensor<2x2x3xf64>
}
"""

PROGRAMS = {"many": MANY, "init": INIT, "reduce": REDUCE, "perm": PERM}


def _generics(text: str) -> list[str]:
    """The text of each linalg.generic in ``text`` (its body included)."""
    return [b[:b.index("} ->")] for b in re.split(r"(?=linalg\.generic)", text)[1:]]


def _adjoint_generics(module: Any) -> int:
    return len(re.findall(r"activity\.adjoint", str(module)))


def _args(src: str, seed: int = 0) -> tuple[list[Any], list[str]]:
    t = _tests_module("test_tensor_ad")
    m = activity.parse(src)
    ins, outs = t._types(m, "f")
    rng = np.random.default_rng(seed)
    args: list[Any] = [rng.uniform(-1.0, 1.0, tuple(x.get_shape())) if hasattr(x, "get_shape")
                       else float(rng.uniform(0.3, 1.2)) for x in ins]
    seeds = [rng.standard_normal(tuple(x.get_shape())) for x in outs]
    return args + seeds, ["active"] * len(ins)


def _both(src: str, off: tuple[str, ...] = ("fuse",)) -> dict[str, Any]:
    """The gradient module with the optimizations on and with ``off`` off, and what
    each gives interpreted and compiled."""
    m = activity.parse(src)
    args, kinds = _args(src)
    out: dict[str, Any] = {}
    for name, switched in (("on", ()), ("off", off)):
        with opts.disabled(*switched), opts.counting() as c:
            g = activity.grad(m, "f", kinds)
            interp = activity.evaluate(g, "f_grad", *args)
            comp = activity.compile(g, "f_grad")(*args)
        out[name] = (g, [np.asarray(x) for x in interp], [np.asarray(x) for x in comp], c)
    return out


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_fused_equals_unfused(name: str) -> None:
    """Interpreted and compiled, the fused gradient is the unfused one (to rounding:
    a tensor read twice sums its two terms in one loop instead of two)."""
    r = _both(PROGRAMS[name])
    (_, i_on, c_on, cnt), (_, i_off, c_off, cnt_off) = r["on"], r["off"]
    assert cnt["fuse"] > 0 and cnt_off["fuse"] == 0
    for a, b, c, d in zip(i_on, i_off, c_on, c_off, strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-13, atol=1e-14)
        np.testing.assert_allclose(c, a, rtol=1e-12, atol=1e-13)
        np.testing.assert_allclose(d, b, rtol=1e-12, atol=1e-13)


def test_fewer_adjoint_generics() -> None:
    """MANY: one generic for a, b and c (the row and the float keep one each); INIT: one
    per op (the input a and the init a share one output, so do the two reads of ``t``
    in ``t * t``) but the transposed read of r, which has its own; REDUCE: a and b
    share one; PERM: a's first read and b share one, a's swapped read has its own."""
    want = {"many": (3, 5), "init": (5, 10), "reduce": (2, 3), "perm": (2, 3)}
    for name, (on, off) in want.items():
        with opts.disabled("fusereduce"):  # (MANY's row: test_tensor_fusereduce.py)
            r = _both(PROGRAMS[name])
        assert _adjoint_generics(r["on"][0]) == on, name
        assert _adjoint_generics(r["off"][0]) == off, name
        # (the counter counts each generation: the plan's trial one, if any, too)
        assert r["on"][3]["fuse"] in (off - on, 2 * (off - on)), name


def test_fused_generic_has_several_outputs() -> None:
    """The fused generic of MANY writes three adjoints, its exp and tanh once each
    (recomputed: with ``tapebody`` they are read from the forward sweep's outputs)."""
    with opts.disabled("tapebody", "fusereduce"):
        g = str(activity.grad(activity.parse(MANY), "f", ["active"] * 5))
    rev = g[g.index("@f_grad"):]
    fused = [b for b in _generics(rev) if "activity.adjoint" in b
             and b[b.index("outs("):].count("tensor<3x4xf64>") >= 3]
    assert len(fused) == 1, rev
    body = fused[0]
    assert body.count("math.exp") == 1 and body.count("math.tanh") == 1
    assert re.search(r"linalg\.yield %\S+, %\S+, %\S+ :", body)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_central_differences(name: str) -> None:
    _tests_module("test_tensor_ad").check(PROGRAMS[name], compile_both=True)


@pytest.mark.parametrize(("name", "outputs"), [("init", [2, 1, 1, 1, 2]), ("perm", [2, 1])])
def test_same_tensor_twice_by_two_maps_is_not_one_output(name: str, outputs: list[int]) -> None:
    """INIT's second op reads r as x and y (one map: one output, both terms) and as z
    (transposed), PERM reads a by two maps of one iteration structure: the second
    read's adjoint goes into a generic of its own, after the first (the outputs of
    each adjoint generic, in order)."""
    src = PROGRAMS[name]
    g = str(activity.grad(activity.parse(src), "f", _args(src)[1]))
    rev = g[g.index("@f_grad"):]
    got = [b[b.index("outs("):b.index(")", b.index("outs("))].count("tensor<")
           for b in _generics(rev) if "activity.adjoint" in b]
    assert got == outputs


def test_nozero_off_is_a_zero_fill() -> None:
    """Without ``nozero`` each fresh adjoint is a zero tensor the generic adds to; with
    it an empty one the generic writes; the gradients agree."""
    r = _both(MANY, off=("nozero",))
    assert r["on"][3]["nozero"] > 0 and r["off"][3]["nozero"] == 0
    fills = [str(r[k][0]).count("linalg.fill") for k in ("on", "off")]
    assert fills[0] < fills[1]
    for a, b in zip(r["on"][2], r["off"][2], strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-13, atol=1e-14)


def test_lstm_fused() -> None:
    """The LSTM cell: its two ops' adjoints in two generics (13 before), the gradient
    (compiled, small sizes) the unfused one; the lowered fused generics are single loops
    (one scf.for each, every adjoint stored once per element)."""
    file, func, args, _ = _tests_module("test_tensor_benchmarks").CASES["lstm"]
    kinds = ["active" if isinstance(a, np.ndarray) and a.dtype.kind == "f" else "const"
             for a in args]
    wrt = tuple(i for i, k in enumerate(kinds) if k == "active")
    grads, counts = {}, {}
    # (tapebody off: the fused loop is found by the gates' exp it recomputes)
    for name, off in (("on", ("tapebody",)), ("off", ("fuse", "tapebody"))):
        with opts.disabled(*off):
            g = activity.grad(activity.parse(TENSOR / file), func, kinds)
            counts[name] = _adjoint_generics(g)
            if name == "on":
                low = str(lower_tensors(g))
            f = activity.gradient(TENSOR / file, func, argnums=wrt)
            grads[name] = [np.asarray(x) for x in f(*[a.copy() if isinstance(a, np.ndarray)
                                                      else a for a in args])]
    assert counts["on"] <= counts["off"] - 11, counts
    for a, b in zip(grads["on"], grads["off"], strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-15)
    # the cell's fused adjoint: one loop storing nine adjoints, reading no zero init
    loops = re.split(r"scf\.for", low)
    nine = [b for b in loops if b.count("memref.store") == 9 and "math.exp" in b]
    assert len(nine) == 1, "no single loop storing the cell's nine adjoints"


# ---------------------------------------------------------------------------------------
# The tensor level's tapes come from the block cache (codegen/lowering/memref.py): they
# are written and read through subviews, which kept them out of it -- the LSTM gradient
# page-faulted its 2.9 MB of tapes in again on every call (~360 faults, 1.7 ms of system
# time per call of 5 ms)

ROWS = """
func.func @f(%a: memref<?xf64>, %m: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %n = memref.dim %a, %c0 : memref<?xf64>
  %t = memref.alloc(%m, %n) : memref<?x?xf64>
  scf.for %i = %c0 to %m step %c1 {
    %row = memref.subview %t[%i, 0] [1, %n] [1, 1] : memref<?x?xf64> to memref<?xf64, strided<[1], offset: ?>>
    "memref.copy"(%a, %row) : (memref<?xf64>, memref<?xf64, strided<[1], offset: ?>>) -> ()
    %k = arith.remui %i, %n : index
    %x = memref.load %row[%k] : memref<?xf64, strided<[1], offset: ?>>
    %y = arith.mulf %x, %x : f64
    memref.store %y, %row[%k] : memref<?xf64, strided<[1], offset: ?>>
  }
  %r = scf.for %i = %c0 to %m step %c1 iter_args(%s = %z) -> (f64) {
    %row = memref.subview %t[%i, 0] [1, %n] [1, 1] : memref<?x?xf64> to memref<?xf64, strided<[1], offset: ?>>
    %k = arith.remui %i, %n : index
    %x = memref.load %row[%k] : memref<?xf64, strided<[1], offset: ?>>
    %s2 = arith.addf %s, %x : f64
    scf.yield %s2 : f64
  }
  memref.dealloc %t : memref<?x?xf64>
  func.return %r : f64
}
"""

ESCAPES = ROWS.replace('''    "memref.copy"(%a, %row)''', '''    func.call @g(%row) : (memref<?xf64, strided<[1], offset: ?>>) -> ()
    "memref.copy"(%a, %row)''').replace("func.func @f", """func.func private @g(%v: memref<?xf64, strided<[1], offset: ?>>) {
  func.return
}
func.func @f""")


def test_tape_read_through_views_is_block_cached() -> None:
    """A buffer only copied into, loaded and stored through local subviews (and freed
    as itself) goes through the block cache (a block reused from call to call, no
    page faults: glibc does not always keep a freed block); one whose view goes to a
    call does not."""
    from activity.codegen import compile as compile_
    from activity.codegen.heap import ALLOC

    a = np.linspace(-1.0, 2.0, 256)
    m = activity.parse(ROWS)
    (ref,) = activity.evaluate(m, "f", a.copy(), 256)
    c = compile_(m, "f")
    assert ALLOC in c.llvm_ir
    assert abs(c(a.copy(), 256) - ref) <= 1e-12 * abs(ref)
    (big,) = activity.evaluate(m, "f", a.copy(), 1024)  # (2 MB: a block kept)
    for _ in range(3):
        assert abs(c(a.copy(), 1024) - big) <= 1e-12 * abs(big)
    e = compile_(activity.parse(ESCAPES), "f")
    assert ALLOC not in e.llvm_ir


def test_random_programs_fused_equal_unfused() -> None:
    """Random tensor programs (``activity.testing.tensorgen``): the gradient with every
    optimization of this file on is the one with them off (interpreted), and fusion
    applies in many of them."""
    import random
    import warnings

    from activity.ad.errors import GradError
    from activity.testing.tensorgen import TensorGenConfig, generate

    fused = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in range(120):
            prog = generate(seed, TensorGenConfig(stmts=(2, 6), p_memref=0.0))
            m = activity.parse(prog.text)
            kinds = list(prog.args)
            xs = prog.make_inputs(random.Random(seed))
            _, outs = _tests_module("test_tensor_ad")._types(m, "f")
            rng = np.random.default_rng(seed)
            seeds = [rng.standard_normal(tuple(t.get_shape())) if hasattr(t, "get_shape")
                     else float(rng.standard_normal()) for t in outs
                     if _tests_module("test_tensor_ad")._is_float(t)]
            got = []
            for off in ((), ("fuse", "nozero")):
                with opts.disabled(*off), opts.counting() as c:
                    try:
                        g = activity.grad(m, "f", kinds)
                    except GradError:
                        break
                    out = activity.evaluate(g, "f_grad", *xs, *seeds)
                got.append((out if isinstance(out, tuple) else (out,), c["fuse"]))
            if len(got) < 2:
                continue
            fused += got[0][1] > 0
            for a, b in zip(got[0][0], got[1][0], strict=True):
                np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=1e-12,
                                           atol=1e-12, err_msg=f"seed {seed}")
    assert fused >= 8, fused  # (12 of these 120)
