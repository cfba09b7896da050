"""Native code: the lowering to LLVM IR, the host JIT and the calling convention.

Compiled code must compute what the reference interpreter computes (examples,
benchmark objectives, random programs), agree with the same module lowered by upstream
MLIR, and reject bad arguments with TypeError/ValueError instead of crashing.
"""

from __future__ import annotations

import importlib.util
import math
import random
import re
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import activity
from activity.codegen import CodegenError, compile
from activity.codegen import upstream as up
from activity.semantics import Interpreter
from activity.semantics.memory import InterpreterError
from activity.testing.progen import generate
from tests.test_specialize import TRIANGLE

ROOT = Path(__file__).resolve().parents[1]


def _load_objectives() -> Any:
    name = "activity_benchmark_objectives"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / "objectives.py")
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


OBJ = _load_objectives()
OBJECTIVES = OBJ._build()
NAMES = ["gmm", "ba", "hand", "lstm", "minibude"]


def copies(xs: list[Any]) -> list[Any]:
    return [x.copy() if isinstance(x, np.ndarray) else x for x in xs]


def same(a: Any, b: Any, rtol: float = 1e-12) -> bool:
    """Equal up to ``rtol`` (NaNs equal, infinities exact); integers modulo 2^64."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        a, b = np.asarray(a), np.asarray(b)
        if a.dtype.names or b.dtype.names:  # (C's arrays of structs: field by field)
            return a.dtype == b.dtype and all(same(a[f], b[f], rtol) for f in a.dtype.names)
        return a.shape == b.shape and bool(np.allclose(a, b, rtol=rtol, atol=0.0,
                                                       equal_nan=True))
    if isinstance(a, float) or isinstance(b, float):
        a, b = float(a), float(b)
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        return a == b or abs(a - b) <= rtol * max(abs(a), abs(b))
    return (int(a) - int(b)) % (1 << 64) == 0


def as_tuple(r: Any, n: int) -> tuple[Any, ...]:
    if n == 0:
        assert r is None
        return ()
    return (r,) if n == 1 else tuple(r)


def check_against_interpreter(module: Any, func: str, inputs: list[Any],
                              rtol: float = 1e-12, fill: int | None = 0) -> None:
    """Compiled == interpreted, results and buffers.  ``fill=0``: fresh memory is zero
    as in the interpreter (random programs may read memory they never wrote);
    ``fill=0xFF`` poisons it (the program must not)."""
    a1, a2 = copies(inputs), copies(inputs)
    ref = Interpreter(module).run(func, a1).results
    got = as_tuple(compile(module, func, fill=fill)(*a2), len(ref))
    for k, (r, g) in enumerate(zip(ref, got, strict=True)):
        assert same(r, g, rtol), f"@{func} result {k}: interpreter {r!r}, compiled {g!r}"
    for k, (x, y) in enumerate(zip(a1, a2, strict=True)):
        if isinstance(x, np.ndarray):
            assert same(x, y, rtol), f"@{func} buffer {k}: interpreter {x}, compiled {y}"


# ---------------------------------------------------------------------------------------
# Primal: compiled == interpreter


IF_WITHOUT_ELSE = """
func.func @f(%m: memref<4xf64>, %x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f64
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %m[%i] : memref<4xf64>
    %p = arith.cmpf ogt, %v, %z : f64
    scf.if %p {
      %w = arith.mulf %v, %x : f64
      memref.store %w, %m[%i] : memref<4xf64>
    }
  }
  %r = memref.load %m[%c1] : memref<4xf64>
  return %r : f64
}
"""


def test_loop_of_constant_trips_around_an_if_without_else() -> None:
    """The unroll hint's op count walks every region, an empty ``else`` too (it raised
    on it; found by the slow random-program test)."""
    check_against_interpreter(activity.parse(IF_WITHOUT_ELSE), "f",
                              [np.array([1.0, 2.0, -3.0, 4.0]), 0.5])


@pytest.mark.parametrize("seed", [339, 726])
def test_no_unroll_hint_llvm_cannot_follow(seed: int, capfd: pytest.CaptureFixture[str]
                                           ) -> None:
    """Random programs' all_active gradients (found by a random-program campaign):
    339 has an empty ``scf.for`` of one iteration inside an unstructured loop popping
    a tape -- hinted, LLVM folded it away and the hint landed on the unstructured
    loop; 726 a loop of four iterations around calls of the tape functions, which
    LLVM left rolled.  Either printed "loop not unrolled" on stderr."""
    g = generate(seed)
    m = g.parse()
    gm = activity.grad(m, g.func, list(g.args), prune=False)
    assert any(op.name == "scf.for" for op in gm.walk())
    compile(gm, f"{g.func}_grad")
    assert "not unrolled" not in capfd.readouterr().err


def test_examples_agree_with_interpreter() -> None:
    m = activity.parse(ROOT / "examples" / "quickstart.mlir")
    check_against_interpreter(m, "quickstart", [0.3, 2.0, np.linspace(-1, 2, 7), 7])
    m = activity.parse(ROOT / "examples" / "cf_loop.mlir")
    for x, n in ((1.5, 5), (-0.5, 0), (2.0, 11)):
        check_against_interpreter(m, "powi", [x, n])
    check_against_interpreter(m, "clamp_or_default", [1.5, 1])
    check_against_interpreter(m, "clamp_or_default", [1.5, 0])


@pytest.mark.parametrize("form", ["mlir", "generic.mlir"])
def test_llvm_dialect_c_examples_agree_with_interpreter(form: str) -> None:
    """Code clang lowered to the llvm dialect (pointers, GEPs into structs, malloc,
    memcpy, intrinsics, unstructured loops); pointer arguments are numpy arrays."""
    rng = np.random.default_rng(0)
    # struct particle {double pos, vel; int id;}: a float64 array is refused (its ids
    # were read and written as the low bytes of doubles), numpy's aligned struct is not
    parts = np.zeros(5, np.dtype([("pos", "f8"), ("vel", "f8"), ("id", "i4")], align=True))
    parts["pos"], parts["vel"], parts["id"] = rng.normal(size=5), rng.normal(size=5), 7
    for name, func, inputs in (
            ("dot", "dot", [rng.normal(size=7), rng.normal(size=7), 7]),
            ("libm", "wave", [0.7, 1.3]),
            ("particles", "step", [parts, 5, 0.1])):
        m = activity.parse(ROOT / "examples" / "c" / f"{name}.{form}")
        check_against_interpreter(m, func, inputs, fill=0xFF)
    f = compile(activity.parse(ROOT / "examples" / "c" / "dot.mlir"), "dot")
    with pytest.raises(ValueError, match="C-contiguous"):
        f(np.zeros(14)[::2], np.zeros(7), 7)
    with pytest.raises(TypeError, match="numpy array"):
        f([1.0], np.zeros(7), 1)


@pytest.mark.parametrize("name", NAMES)
def test_objectives_agree_with_interpreter_and_numpy(name: str) -> None:
    o = OBJECTIVES[name]
    m = activity.parse(o.mlir)
    inputs = o.make_inputs(np.random.default_rng(1), "small")
    check_against_interpreter(m, o.func, inputs, fill=0xFF)
    got = compile(m, o.func)(*copies(inputs))
    assert same(got, o.reference(copies(inputs)), 1e-9)


def _random_programs(seeds: range) -> dict[str, int]:
    counts = {"ok": 0, "skipped": 0, "interpreter_error": 0}
    for seed in seeds:
        g = generate(seed)
        m = g.parse()
        inputs = g.make_inputs(random.Random(seed))
        try:
            Interpreter(m).run(g.func, copies(inputs))
        except InterpreterError:
            counts["interpreter_error"] += 1
            continue
        try:
            compile(m, g.func)
        except CodegenError:
            counts["skipped"] += 1
            continue
        check_against_interpreter(m, g.func, inputs)
        counts["ok"] += 1
    return counts


def test_random_programs_agree_with_interpreter() -> None:
    counts = _random_programs(range(24))
    assert counts["skipped"] <= 2, counts  # the lowering covers what progen generates
    assert counts["ok"] >= 18, counts


@pytest.mark.slow
def test_random_programs_agree_with_interpreter_many() -> None:
    counts = _random_programs(range(24, 1040))
    assert counts["skipped"] <= 10, counts


SCF_PARALLEL = """
func.func @f(%a: memref<8xf64>, %b: memref<8xf64>, %x: f64) -> (f64, f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %v = memref.load %a[%i] : memref<8xf64>
    %w = arith.mulf %v, %x : f64
    %j = arith.remui %i, %c2 : index
    %old = memref.atomic_rmw addf %w, %b[%j] : (f64, memref<8xf64>) -> f64
    scf.reduce
  }
  %s, %p = scf.parallel (%i, %k) = (%c0, %c0) to (%c8, %c2) step (%c1, %c1)
      init (%z, %one) -> (f64, f64) {
    %e = memref.load %b[%i] : memref<8xf64>
    %kk = arith.index_cast %k : index to i64
    %kf = arith.sitofp %kk : i64 to f64
    %t = arith.addf %e, %kf : f64
    scf.reduce(%t, %t : f64, f64) {
    ^bb0(%l: f64, %r: f64):
      %u = arith.addf %l, %r : f64
      scf.reduce.return %u : f64
    }, {
    ^bb0(%l: f64, %r: f64):
      %u = arith.maximumf %l, %r : f64
      scf.reduce.return %u : f64
    }
  }
  func.return %s, %p : f64, f64
}
"""


def test_scf_parallel_reductions_and_atomic_rmw() -> None:
    m = activity.parse(SCF_PARALLEL)
    a = np.linspace(0.5, 4.0, 8)
    check_against_interpreter(m, "f", [a, np.zeros(8), 1.5])
    b = np.zeros(8)
    s, p = compile(m, "f")(a.copy(), b, 1.5)
    assert b[0] == pytest.approx(1.5 * a[0::2].sum()) and b[1] == pytest.approx(1.5 * a[1::2].sum())
    assert s == pytest.approx(2 * b.sum() + 8) and p == pytest.approx(b.max() + 1)


SUM_1D = """
func.func @total(%a: memref<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %n = memref.dim %a, %c0 : memref<?xf64>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f64) {
    %x = memref.load %a[%i] : memref<?xf64>
    %acc2 = arith.addf %acc, %x : f64
    scf.yield %acc2 : f64
  }
  func.return %s : f64
}
"""

MEMREF_OPS = """
memref.global "private" @table : memref<3xf64> = dense<[1.0, 2.0, 4.0]>
memref.global "private" @acc : memref<1xf64> = dense<0.0>
func.func @f(%m: memref<?x?xf64>, %v: memref<?xf64, strided<[?], offset: ?>>, %n: index)
    -> (memref<?xf64>, f64, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %m, %c0 : memref<?x?xf64>
  %d1 = memref.dim %m, %c1 : memref<?x?xf64>
  %row = memref.subview %m[1, 0] [1, %d1] [1, 1]
      : memref<?x?xf64> to memref<?xf64, strided<[1], offset: ?>>
  %out = memref.alloc(%d1) : memref<?xf64>
  memref.copy %row, %out : memref<?xf64, strided<[1], offset: ?>> to memref<?xf64>
  %g = memref.get_global @table : memref<3xf64>
  %acc = memref.get_global @acc : memref<1xf64>
  %t2 = memref.load %g[%c1] : memref<3xf64>
  %a0 = memref.load %acc[%c0] : memref<1xf64>
  %a1 = arith.addf %a0, %t2 : f64
  memref.store %a1, %acc[%c0] : memref<1xf64>
  %v0 = memref.load %v[%c1] : memref<?xf64, strided<[?], offset: ?>>
  %s = arith.addf %a1, %v0 : f64
  %flat = memref.collapse_shape %m [[0, 1]] : memref<?x?xf64> into memref<?xf64>
  %last = arith.subi %n, %c1 : index
  %l = memref.load %flat[%last] : memref<?xf64>
  %r = arith.addf %s, %l : f64
  %sz = arith.muli %d0, %d1 : index
  func.return %out, %r, %sz : memref<?xf64>, f64, index
}
"""


UNSIGNED_LOOP = """
func.func @f(%x: f64) -> f64 {
  %lo = arith.constant 9223372036854775806 : index
  %hi = arith.constant -9223372036854775807 : index
  %c1 = arith.constant 1 : index
  %r = scf.for unsigned %i = %lo to %hi step %c1 iter_args(%a = %x) -> (f64) {
    %a2 = arith.addf %a, %a : f64
    scf.yield %a2 : f64
  }
  func.return %r : f64
}
"""


def test_unsigned_loops_compare_unsigned() -> None:
    """``scf.for unsigned`` from 2**63 - 2 to 2**63 + 1 runs three iterations (a signed
    comparison would run none): the interpreter and the compiled code agree, and the
    AD generator, whose sweeps count iterations signed, refuses it by location."""
    m = activity.parse(UNSIGNED_LOOP, name="u.mlir")
    assert Interpreter(m).run("f", [1.5]).results[0] == 12.0
    assert compile(m, "f")(1.5) == 12.0
    with pytest.raises(activity.ActivityError, match=r"u\.mlir:6:\d+.*scf.for unsigned"):
        activity.gradient(m, "f")


def test_memref_views_globals_and_memref_results() -> None:
    m = activity.parse(MEMREF_OPS)
    mat = np.arange(12.0).reshape(3, 4)
    vec = np.arange(10.0)[::3]  # a strided view is fine for a strided layout
    f = compile(m, "f")
    for _ in range(2):  # globals start from their initial values on every call
        out, r, sz = f(mat, vec, 12)
        assert out.tolist() == [4.0, 5.0, 6.0, 7.0]
        assert r == 2.0 + 3.0 + 11.0 and sz == 12
    ref = Interpreter(m).run("f", [mat.copy(), np.ascontiguousarray(vec), 12]).results
    assert same(ref[0], out) and same(ref[1], r)


_COL = "memref<?xf64, strided<[?], offset: ?>>"
_BLK = "memref<?x?xf64, strided<[?, 1], offset: ?>>"
_ROW = "memref<1x?xf64, strided<[?, 1], offset: ?>>"
VIEW_RESULTS = f"""
func.func @f(%m: memref<?x?xf64>) -> (memref<?x?xf64>, {_COL}, {_BLK}, memref<1x?xf64>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = memref.dim %m, %c0 : memref<?x?xf64>
  %d1 = memref.dim %m, %c1 : memref<?x?xf64>
  %a = memref.alloc(%d0, %d1) : memref<?x?xf64>
  memref.copy %m, %a : memref<?x?xf64> to memref<?x?xf64>
  %b = memref.alloc(%d0, %d1) : memref<?x?xf64>
  memref.copy %m, %b : memref<?x?xf64> to memref<?x?xf64>
  %col = memref.subview %b[0, 1] [%d0, 1] [1, 1] : memref<?x?xf64> to {_COL}
  %c = memref.alloc(%d0, %d1) : memref<?x?xf64>
  memref.copy %m, %c : memref<?x?xf64> to memref<?x?xf64>
  %n0 = arith.subi %d0, %c1 : index
  %n1 = arith.subi %d1, %c2 : index
  %blk = memref.subview %c[1, 2] [%n0, %n1] [1, 1] : memref<?x?xf64> to {_BLK}
  %u = memref.alloc(%d1) : memref<1x?xf64>
  %row = memref.subview %m[2, 0] [1, %d1] [1, 1] : memref<?x?xf64> to {_ROW}
  memref.copy %row, %u : {_ROW} to memref<1x?xf64>
  func.return %a, %col, %blk, %u : memref<?x?xf64>, {_COL}, {_BLK}, memref<1x?xf64>
}}
"""


def test_memref_results_contiguous_and_views() -> None:
    """Results are copied out right whether contiguous (one memmove) or views (a
    column, a block with an offset), unit dimensions included."""
    m = activity.parse(VIEW_RESULTS)
    mat = np.arange(20.0).reshape(4, 5)
    a, col, blk, u = compile(m, "f")(mat)
    assert same(a, mat) and same(col, mat[:, 1]) and same(blk, mat[1:, 2:])
    assert same(u, mat[2:3, :])


def _constant_loop(name: str, ub: str) -> str:
    """A loop of ``ub`` iterations whose body (48 float ops on a constant global's
    element) is too big for LLVM's own full-unrolling heuristic at 9 iterations."""
    chain, prev = [], "%acc"
    for k in range(48):
        chain.append(f"      %t{k} = arith.{'mulf' if k % 2 else 'addf'} {prev}, %ck : f64")
        prev = f"%t{k}"
    body = "\n".join(chain)
    return f"""  func.func @{name}(%x: f64, %n: index) -> f64 {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c9 = arith.constant 9 : index
    %c17 = arith.constant 17 : index
    %w = memref.get_global @w : memref<17xf64>
    %r = scf.for %i = %c0 to {ub} step %c1 iter_args(%acc = %x) -> (f64) {{
      %ck = memref.load %w[%i] : memref<17xf64>
{body}
      scf.yield {prev} : f64
    }}
    func.return %r : f64
  }}"""


NESTED_CONSTANT_LOOPS = """
func.func @nest(%x: f64, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %x) -> (f64) {
    %s = scf.for %j = %c0 to %n step %c1 iter_args(%b = %a) -> (f64) {
      %b2 = arith.mulf %b, %x : f64
      scf.yield %b2 : f64
    }
    scf.yield %s : f64
  }
  func.return %r : f64
}
"""


def test_small_constant_loops_are_unrolled_fully(monkeypatch: pytest.MonkeyPatch) -> None:
    """An innermost ``scf.for`` with constant bounds and at most ``UNROLL_MAX_TRIPS``
    iterations carries ``llvm.loop.unroll.full``, and LLVM then unrolls it although its
    body is too big for LLVM's heuristic (no phi is left); 17 iterations, a bound known
    only at run time, a loop inside (the 4-iteration nest: LLVM would copy the inner
    loop) or more than ``UNROLL_MAX_OPS`` ops once unrolled keep the loop.  With the hint
    turned off the 9-iteration loop stays a loop, so the hint is what unrolls it.
    Results equal the interpreter's."""
    import activity.codegen.lower as lowering
    from activity.codegen.jit import clear_cache

    weights = ", ".join(str(0.25 + 0.01 * k) for k in range(17))
    src = (f'memref.global "private" constant @w : memref<17xf64> = dense<[{weights}]>\n'
           + "\n".join([_constant_loop("nine", "%c9"), _constant_loop("seventeen", "%c17"),
                        _constant_loop("dynamic", "%n")]) + NESTED_CONSTANT_LOOPS)
    m = activity.parse(src)
    hints = {}
    for f in ("nine", "seventeen", "dynamic", "nest"):
        c = compile(m, f)
        hints[f] = (c.llvm_ir.count("!llvm.loop"), " phi " in c.optimized_ir)
        ref = Interpreter(m).run(f, [0.75, 9]).results[0]
        assert same(c(0.75, 9), ref)
    assert hints == {"nine": (1, False), "seventeen": (0, True), "dynamic": (0, True),
                     "nest": (0, True)}
    try:
        for switch, value in (("UNROLL_MAX_OPS", 9 * 50 - 1), ("UNROLL_MAX_TRIPS", 0)):
            monkeypatch.setattr(lowering, switch, value)
            clear_cache()
            off = compile(m, "nine")
            assert "!llvm.loop" not in off.llvm_ir and " phi " in off.optimized_ir
            monkeypatch.undo()
    finally:
        clear_cache()


def _summing_triangle(name: str, index: str = "", args: str = "", setup: str = "",
                      at: str = "%i", load_at: str | None = None, hi: str = "%n",
                      buf: str = "%q", ty: str = "memref<?xf64>", math: str = "") -> str:
    """``@name``: a triangle whose inner loop adds ``x[r]`` (through ``math`` if given)
    into ``buf[at]`` (read at ``load_at``, by default the same element)."""
    value = f"\n      %e = {math} %v : f64" if math else ""
    return f"""
func.func @{name}(%n: index{args}, %x: memref<?xf64>, %q: memref<?xf64>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index{setup}
  scf.for %col = %c0 to {hi} step %c1 {{
    scf.for %r = %col to {hi} step %c1 {{{index}
      %v = memref.load %x[%r] : memref<?xf64>{value}
      %w = memref.load {buf}[{load_at or at}] : {ty}
      %w2 = arith.addf %w, {"%e" if math else "%v"} : f64
      memref.store %w2, {buf}[{at}] : {ty}
    }}
  }}
  return
}}"""


VARYING = TRIANGLE + """
func.func @rows(%n: index, %x: memref<?xf64>, %q: memref<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %t = scf.for %row = %c0 to %n step %c1 iter_args(%acc = %z) -> (f64) {
    %s = scf.for %j = %c0 to %row step %c1 iter_args(%a = %acc) -> (f64) {
      %v = memref.load %x[%j] : memref<?xf64>
      %a2 = arith.addf %a, %v : f64
      scf.yield %a2 : f64
    }
    scf.for %j = %row to %n step %c1 {
      %v = memref.load %x[%j] : memref<?xf64>
      %w = memref.load %q[%row] : memref<?xf64>
      %w2 = arith.addf %w, %v : f64
      memref.store %w2, %q[%row] : memref<?xf64>
    }
    scf.yield %s : f64
  }
  return %t : f64
}
func.func @bits(%n: index, %x: memref<?xf64>, %q: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %res = scf.for %col = %c0 to %n step %c1 iter_args(%o = %z) -> (i64) {
    %t = scf.for %r = %col to %n step %c1 iter_args(%acc = %o) -> (i64) {
      %v = memref.load %x[%r] : memref<?xf64>
      %a = arith.bitcast %acc : i64 to f64
      %a2 = arith.addf %a, %v : f64
      %a3 = arith.bitcast %a2 : f64 to i64
      scf.yield %a3 : i64
    }
    scf.yield %t : i64
  }
  %f = arith.bitcast %res : i64 to f64
  memref.store %f, %q[%c0] : memref<?xf64>
  return
}
func.func @tiles(%n: index, %x: memref<?xf64>, %q: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %lo = %c0 to %n step %c4 {
    %e = arith.addi %lo, %c4 : index
    %hi = arith.minsi %e, %n : index
    scf.for %j = %lo to %hi step %c1 {
      %v = memref.load %x[%j] : memref<?xf64>
      %w = arith.mulf %v, %v : f64
      memref.store %w, %q[%j] : memref<?xf64>
    }
  }
  return
}
func.func private @bump(%q: memref<?xf64>, %v: f64) {
  %c0 = arith.constant 0 : index
  %w = memref.load %q[%c0] : memref<?xf64>
  %w2 = arith.addf %w, %v : f64
  memref.store %w2, %q[%c0] : memref<?xf64>
  return
}
func.func @calls(%n: index, %x: memref<?xf64>, %q: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %row = %c0 to %n step %c1 {
    scf.for %j = %row to %n step %c1 {
      %v = memref.load %x[%j] : memref<?xf64>
      func.call @bump(%q, %v) : (memref<?xf64>, f64) -> ()
    }
  }
  return
}
""" + "".join([
    # q[r * s]: s = 0 compiled in makes it one element
    _summing_triangle("stride", "\n      %i = arith.muli %r, %s : index", args=", %s: index"),
    # q[(r * 2^32) * 2^32]: 0 modulo 2^64
    _summing_triangle("wrap", "\n      %a = arith.muli %r, %big : index"
                      "\n      %i = arith.muli %a, %big : index",
                      setup="\n  %big = arith.constant 4294967296 : index"),
    # q2[r, 0] of a view whose (dynamic) row stride is 0
    _summing_triangle("view0", at="%r, %c0", buf="%q2", ty="memref<?x?xf64>",
                      setup="\n  %q2 = memref.reinterpret_cast %q to offset: [0], "
                      "sizes: [%n, %c1], strides: [0, 1] : memref<?xf64> to memref<?x?xf64>"),
    # q[r] += exp(x[r]) (an LLVM intrinsic) and erf(x[r]) (a libm call LLVM cannot vectorize)
    _summing_triangle("exps", at="%r", math="math.exp"),
    _summing_triangle("erfs", at="%r", math="math.erf"),
    # q[r + 1] = q[r] + x[r]: a recurrence through memory
    _summing_triangle("prefix", "\n      %i = arith.addi %r, %c1 : index", load_at="%r",
                      hi="%n1", setup="\n  %n1 = arith.subi %n, %c1 : index"),
])


def test_loops_of_varying_trip_counts_vectorize_only_long_runs(
        monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]) -> None:
    """A loop whose bounds move with an enclosing loop's counter (a triangle) is hinted
    to vectorize 4 wide, VARYING_VECTOR_MIN / 4 interleaved, so that LLVM adds no
    vectorized epilogue and short runs go scalar -- but only where vectorizing cannot
    reorder a float sum: not a loop carrying a float (``rows``' first inner loop), not
    one summing into a fixed element (its second; ``stride`` with ``s = 0`` compiled in),
    not one carrying a float in an integer (``bits``), not one calling a function (which
    LLVM could inline: ``calls`` sums into ``q[0]`` so), not one whose index wraps to a
    constant (``wrap``: ``r * 2^64``) or whose stride may be 0 (``view0``, undefined
    behaviour the interpreter reports: an identity type promises row-major strides),
    not one with a
    recurrence through memory (``prefix``: LLVM would refuse it with a remark on
    stderr) or a libm call (``erfs``; ``exps``, an LLVM intrinsic, is hinted); nor a
    tile's loop, whose bounds move together (``tiles``).  Results stay
    the interpreter's, bit for bit, across runs long and short (values over 16 orders of
    magnitude, where a reordered sum shows), and LLVM prints nothing."""
    import activity.codegen.lower as lowering
    from activity.codegen.jit import clear_cache, host_target

    m = activity.parse(VARYING)

    from activity.codegen.specialize import specialize

    def hinted(func: str, module: Any = m) -> tuple[int, int, int]:
        text = str(lowering.ModuleLowering(module, host_target(3)).lower([func]))
        return (text.count("!llvm.loop"), text.count('!"llvm.loop.vectorize.width", i32 4'),
                text.count('!"llvm.loop.interleave.count", i32 2'))

    assert hinted("tri") == (1, 1, 1)
    assert hinted("exps") == (1, 1, 1)
    for f in ("rows", "calls", "bits", "tiles", "stride", "wrap", "view0", "prefix", "erfs"):
        # (stride: s unknown)
        assert hinted(f) == (0, 0, 0), f
    assert hinted("stride", specialize(m, "stride", {1: 0})) == (0, 0, 0)
    assert hinted("stride", specialize(m, "stride", {1: 1})) == (1, 1, 1)
    rng = np.random.default_rng(1)
    clear_cache()
    for n in (1, 3, 9, 10, 23, 64):
        lv = rng.normal(size=n * (n - 1) // 2 + 1)
        xv = rng.normal(size=n) * 10.0 ** rng.integers(-8, 8, size=n)
        qv = rng.normal(size=n)
        for f, args, static in (("tri", [n, lv, xv, qv, 3], ()), ("rows", [n, xv, qv], ()),
                                ("calls", [n, xv, qv], ()), ("bits", [n, xv, qv], ()),
                                ("tiles", [n, xv, qv], ()), ("wrap", [n, xv, qv], ()),
                                ("prefix", [n, xv, qv], ()), ("exps", [n, xv, qv], ()),
                                ("erfs", [n, xv, qv], ()),
                                ("stride", [n, 0, xv, qv], (1,)),
                                ("stride", [n, 1, xv, qv], (1,))):
            got, ref_args = copies(args), copies(args)
            ref = Interpreter(m).run(f, ref_args).results
            assert compile(m, f, static_argnums=static)(*got) == (ref[0] if ref else None)
            assert all(np.array_equal(a, b) for a, b in zip(got[2:], ref_args[2:], strict=True))
    assert capfd.readouterr().err == ""
    monkeypatch.setattr(lowering, "VARYING_VECTOR_MIN", 0)
    assert hinted("tri") == (0, 0, 0)


RMW_LOOP = """
func.func @f(%x: f64, %m: memref<?xf64>, %c: memref<?xf64>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  scf.for %i = %c0 to %n step %c1 {
    %ci = memref.load %c[%i] : memref<?xf64>
    %e = arith.mulf %x, %ci : f64
    %mi = memref.load %m[%i] : memref<?xf64>
    %s = arith.addf %mi, %e : f64
    memref.store %s, %m[%i] : memref<?xf64>
  }
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (f64) {
    %mi = memref.load %m[%i] : memref<?xf64>
    %sq = arith.mulf %mi, %mi : f64
    %a2 = arith.addf %a, %sq : f64
    scf.yield %a2 : f64
  }
  func.return %r : f64
}
"""


def test_shadow_accumulation_lets_llvm_drop_clear_and_readd(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``m[i] = m[i] + x * c[i]`` differentiates to: read and clear ``m'[i]`` (the
    store), then add the value back (the load).  The add into the shadow carries
    ``fastmath<nsz>``, so LLVM folds ``0.0 + d`` and the clear and the re-store go: the
    optimized gradient has fewer stores than without the flag (25 against 43 when
    written).  Both gradients equal the closed form."""
    import activity.ad.builder as builder
    from activity.codegen.jit import clear_cache

    m = activity.parse(RMW_LOOP)
    x, mm, c = 0.7, np.linspace(0.5, 1.5, 7), np.linspace(-1.0, 1.0, 7)
    want = activity.gradient(m, "f", argnums=[0, 1])(x, mm.copy(), c, 7)
    dx = 2 * np.sum((mm + x * c) * c)
    assert math.isclose(want[0], dx, rel_tol=1e-12)
    np.testing.assert_allclose(want[1], 2 * (mm + x * c), rtol=1e-12)

    def stores() -> int:
        clear_cache()
        g = activity.gradient(m, "f", argnums=[0, 1])
        got = g(x, mm.copy(), c, 7)
        assert math.isclose(got[0], want[0], rel_tol=1e-12)
        np.testing.assert_allclose(got[1], want[1], rtol=1e-12)
        return int(g.compiled.optimized_ir.count("store "))

    try:
        with_nsz = stores()
        monkeypatch.setattr(builder, "SHADOW_NSZ", False)
        without = stores()
    finally:
        clear_cache()
    assert with_nsz < without


TEMP_BUFFER = """
func.func @f(%a: memref<?xf64>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %t = memref.alloc(%n) : memref<?xf64>
  scf.for %i = %c0 to %n step %c1 {
    %ai = memref.load %a[%i] : memref<?xf64>
    %d = arith.mulf %ai, %ai : f64
    memref.store %d, %t[%i] : memref<?xf64>
    memref.store %ai, %a[%i] : memref<?xf64>
  }
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z) -> (f64) {
    %ti = memref.load %t[%i] : memref<?xf64>
    %s2 = arith.addf %s, %ti : f64
    scf.yield %s2 : f64
  }
  memref.dealloc %t : memref<?xf64>
  func.return %r : f64
}
"""


def test_cached_heap_blocks_are_noalias_for_llvm(monkeypatch: pytest.MonkeyPatch) -> None:
    """A temporary buffer comes from ``activity_heap_alloc``, whose result is ``noalias``
    like malloc's: LLVM then vectorizes the loop that writes it and an argument without
    run-time overlap checks (``vector.memcheck``), which it needs without the
    attribute.  Results equal the interpreter's either way."""
    import activity.codegen.heap as heap
    from activity.codegen.jit import clear_cache

    m = activity.parse(TEMP_BUFFER)
    a = np.linspace(-1.0, 2.0, 37)
    ref = Interpreter(m).run("f", [a.copy(), 37]).results[0]
    checks = {}
    try:
        for on in (True, False):
            monkeypatch.setattr(heap, "NOALIAS_RESULT", on)
            clear_cache()
            c = compile(m, "f")
            assert heap.ALLOC in c.llvm_ir and same(c(a.copy(), 37), ref)
            checks[on] = c.optimized_ir.count("vector.memcheck")
    finally:
        clear_cache()
    assert checks[True] == 0 < checks[False]


def test_compiled_functions_are_cached() -> None:
    m = activity.parse(ROOT / "examples" / "cf_loop.mlir")
    assert compile(m, "powi") is compile(activity.parse(ROOT / "examples" / "cf_loop.mlir"),
                                         "powi")


# ---------------------------------------------------------------------------------------
# Bad arguments never crash


def test_bad_arguments_raise_clear_errors() -> None:
    f = compile(activity.parse(MEMREF_OPS), "f")
    mat = np.zeros((3, 4))
    vec = np.zeros(4)
    with pytest.raises(TypeError, match="takes 3 arguments"):
        f(mat, vec)
    with pytest.raises(TypeError, match="dtype"):
        f(mat.astype(np.float32), vec, 1)
    with pytest.raises(ValueError, match="rank-2"):
        f(np.zeros(12), vec, 1)
    with pytest.raises(TypeError, match="numpy array"):
        f([[1.0]], vec, 1)
    with pytest.raises(TypeError, match="integer"):
        f(mat, vec, 1.5)
    with pytest.raises(ValueError, match="identity layout"):
        f(np.zeros((4, 6))[:, ::2], vec, 1)
    with pytest.raises(TypeError, match="native byte order"):
        f(mat.astype(">f8"), vec, 1)
    # an empty array has no buffer to take the address of: still accepted
    total = compile(activity.parse(SUM_1D), "total")
    assert total(np.zeros(0)) == 0.0 and total(np.arange(4.0)) == 6.0
    with pytest.raises(ValueError, match="read-only"):
        ro = np.zeros((3, 4))
        ro.flags.writeable = False
        f(ro, vec, 1)
    g = compile(activity.parse(OBJECTIVES["ba"].mlir), "ba")
    inputs = OBJECTIVES["ba"].make_inputs(np.random.default_rng(0), "small")
    bad = copies(inputs)
    bad[0] = np.zeros(10)  # memref<11xf64>
    with pytest.raises(ValueError, match="dimension 0 must be 11"):
        g(*bad)
    bad = copies(inputs)
    bad[2] = "1.0"
    with pytest.raises(TypeError, match="float"):
        g(*bad)
    with pytest.raises(ValueError, match="out of range"):
        compile(activity.parse(ROOT / "examples" / "cf_loop.mlir"), "powi")(1.0, 1 << 70)


def test_the_fast_argument_path_agrees_with_the_checked_one() -> None:
    """Arrays in the common case (C-contiguous, writeable, the type's dtype) skip the
    general checks: for every array, both paths give the same slots or both raise."""
    from xdsl.dialects.builtin import MemRefType, f32, f64

    from activity.codegen import jit

    assert jit._DATA_OFFSET is not None  # CPython: the shortcut is in use
    base = np.arange(24.0).reshape(4, 6)
    ro = np.zeros((4, 6))
    ro.flags.writeable = False
    arrays = [base, base[1:], base[:, 2:], base.T, base[:, ::2], np.zeros((0, 6)),
              np.zeros((4, 6), np.float32), base.astype(">f8"), ro, np.zeros(24),
              np.zeros((4, 5)), np.zeros((1, 6)), np.asfortranarray(base), base.view(np.int64),
              np.zeros((4, 6, 1)), np.zeros((4, 6)).view(np.recarray)]
    for shape in ([4, 6], [-1, 6], [-1, -1], [4, -1]):
        for elem in (f64, f32):
            p = jit._Param.of(0, MemRefType(elem, shape))
            for a in arrays:
                got: list[Any] = []
                want: list[Any] = []
                try:
                    p._memref_checked(a, want, [])
                except (TypeError, ValueError) as e:
                    with pytest.raises(type(e), match=re.escape(str(e))):
                        p._memref(a, got, [])
                    continue
                p._memref(a, got, [])
                assert got == want, (shape, a.shape, a.strides, a.dtype)
                assert got[1] == a.__array_interface__["data"][0]
    for a in arrays:
        assert jit.data_pointer(a) == a.__array_interface__["data"][0]

    def boom(*_: Any) -> None:
        raise AssertionError("the general path was taken")

    # the common cases never reach the general path (dtype identity, flags, shapes)
    p1, p2 = (jit._Param.of(0, MemRefType(f64, s)) for s in ([4, 6], [-1]))
    p1._memref_checked = boom  # type: ignore[method-assign]
    p2._memref_checked = boom  # type: ignore[method-assign]
    p1._memref(np.zeros((4, 6)), [], [])
    p2._memref(np.ones(7)[2:], [], [])
    p2._memref(np.zeros(0), [], [])


def test_integer_arguments_wrap_and_range_checks() -> None:
    """Ints in the signed range pass as they are; an integer's unsigned upper half
    wraps (MLIR's integers are signless); the rest is out of range, and so is an
    ``index`` past 2**63-1 (signed: 2**63 passed as -2**63, user test).  The fast path
    for ints must keep all three."""
    f = compile(activity.parse("""
    func.func @f(%a: i32, %b: i1, %c: index) -> (i32, i1, index) {
      func.return %a, %b, %c : i32, i1, index
    }"""), "f")
    assert f(-(1 << 31), 1, -5) == (-(1 << 31), 1, -5)
    assert f((1 << 31) - 1, 0, (1 << 63) - 1) == ((1 << 31) - 1, 0, (1 << 63) - 1)
    assert f(1 << 31, True, -(1 << 63)) == (-(1 << 31), 1, -(1 << 63))
    assert f((1 << 32) - 1, np.int8(1), np.int64(7)) == (-1, 1, 7)
    for bad in ((1 << 32, 0, 0), (-(1 << 31) - 1, 0, 0), (0, 2, 0), (0, -1, 0),
                (0, 0, 1 << 63), (0, 0, -(1 << 63) - 1), (0, 0, 1 << 64)):
        with pytest.raises(ValueError, match=r"argument \d \('[abc]', (i\d+|index)\) of @f: "
                           r".* is out of range for"):
            f(*bad)


def test_noalias_functions_reject_overlapping_arrays() -> None:
    m = activity.parse(SCF_PARALLEL)
    f = compile(m, "f", noalias=True)
    a, b = np.linspace(0.5, 4.0, 8), np.zeros(8)
    assert same(f(a, b, 1.5)[0], compile(m, "f")(a.copy(), np.zeros(8), 1.5)[0])
    with pytest.raises(ValueError, match="overlap"):
        f(a, a, 1.5)
    big = np.zeros(12)
    with pytest.raises(ValueError, match="overlap"):
        f(big[:8], big[4:], 1.5)
    compile(m, "f")(big[:8], big[4:], 1.5)  # without noalias, overlapping is allowed


def test_unsupported_ops_and_unknown_externals_are_codegen_errors() -> None:
    m = activity.parse("""
    func.func private @mystery(f64) -> f64
    func.func @f(%x: f64) -> f64 {
      %y = func.call @mystery(%x) : (f64) -> f64
      func.return %y : f64
    }""")
    with pytest.raises(CodegenError, match="mystery"):
        compile(m, "f")
    with pytest.raises(ValueError, match="target"):
        compile(m, "f", target="tpu")


# ---------------------------------------------------------------------------------------
# Upstream MLIR lowers the same modules to the same results

needs_mlir = pytest.mark.skipif(up.version_mismatch() is not None,
                                reason=f"upstream MLIR unusable here: {up.version_mismatch()}")


@needs_mlir
@pytest.mark.parametrize("name", NAMES)
def test_upstream_lowering_agrees_on_objectives(name: str) -> None:
    o = OBJECTIVES[name]
    m = activity.parse(o.mlir)
    inputs = o.make_inputs(np.random.default_rng(2), "small")
    a1, a2 = copies(inputs), copies(inputs)
    ours = compile(m, o.func)(*a1)
    theirs = up.compile_upstream(m, o.func)(*a2)
    assert same(ours, theirs, 1e-13)
    for x, y in zip(a1, a2, strict=True):
        if isinstance(x, np.ndarray):
            assert same(x, y, 1e-13)


@needs_mlir
def test_upstream_lowering_agrees_on_examples_and_random_programs() -> None:
    cases: list[tuple[Any, str, list[Any]]] = [
        (activity.parse(ROOT / "examples" / "quickstart.mlir"), "quickstart",
         [0.3, 2.0, np.linspace(-1, 2, 7), 7]),
        (activity.parse(ROOT / "examples" / "cf_loop.mlir"), "powi", [1.25, 6]),
        (activity.parse(SCF_PARALLEL), "f", [np.linspace(0.5, 4.0, 8), np.zeros(8), 1.5]),
        (activity.parse(ROOT / "examples" / "c" / "dot.mlir"), "dot",
         [np.linspace(-1, 1, 9), np.linspace(0, 2, 9), 9]),
        (activity.parse(ROOT / "examples" / "c" / "particles.mlir"), "step",
         [np.array([(0.5, 1.5, 3), (-0.25, 2.0, 4)], np.dtype(
             [("pos", "f8"), ("vel", "f8"), ("id", "i4")], align=True)), 2, 0.1]),
    ]
    for seed in range(12):
        g = generate(seed)
        cases.append((g.parse(), g.func, g.make_inputs(random.Random(seed))))
    for m, func, inputs in cases:
        a1, a2 = copies(inputs), copies(inputs)
        ours = compile(m, func)(*a1)
        theirs = up.compile_upstream(m, func)(*a2)
        assert type(ours) is type(theirs)
        pairs = (zip(ours, theirs, strict=True) if isinstance(ours, tuple)
                 else [] if ours is None else [(ours, theirs)])
        for x, y in pairs:
            assert same(x, y, 1e-12), (func, ours, theirs)
        for x, y in zip(a1, a2, strict=True):
            if isinstance(x, np.ndarray):
                assert same(x, y, 1e-12)


# ---------------------------------------------------------------------------------------
# Gradients: compiled <F>_grad == interpreted <F>_grad, pruned == all_active


def _grad_call(module: Any, func: str, kinds: list[str], inputs: list[Any],
               rng: np.random.Generator) -> list[Any]:
    """Arguments of ``<func>_grad``: the inputs, a random shadow after each dup buffer,
    a random seed per float result."""
    from xdsl.dialects.builtin import AnyFloat

    from activity.engine.program import Program

    fop = Program.of(module).functions[func]
    outs = list(fop.function_type.outputs.data)  # type: ignore[attr-defined]
    call: list[Any] = []
    for x, k in zip(inputs, kinds, strict=True):
        call.append(x.copy() if isinstance(x, np.ndarray) else x)
        if k in ("dup", "dupnoneed"):
            call.append(rng.uniform(-1, 1, size=np.shape(x)))
    call += [float(rng.uniform(0.5, 1.5)) for t in outs if isinstance(t, AnyFloat)]
    return call


def check_gradient_compiled(module: Any, func: str, kinds: list[str], inputs: list[Any],
                            seed: int = 0, prune: bool = True, max_steps: int = 10**8,
                            fill: int | None = 0xFF) -> tuple[Any, list[Any]]:
    """Compiled and interpreted ``<func>_grad`` agree (by default fresh memory is
    poisoned with NaNs in the compiled run, so reading memory never written shows).

    Equal to rounding: the compiled adjoint sums may be reordered and fused with the
    products they sum (FMA), so an adjoint that cancels exactly in the interpreter
    (``x / x``: ``y / x - (x / x**2) * y``) may come out as a rounding residue of its
    terms (5.3e-17 against 0 for random f64 program 333), and one computed in f32 or
    f16 differs by their rounding (random program 1013: 8e-8 relative through f32
    ops): what :func:`residue` allows for the narrowest float type of the module."""
    gm = activity.grad(module, func, kinds, prune=prune)
    call = _grad_call(module, func, kinds, inputs, np.random.default_rng(seed))
    c1, c2 = copies(call), copies(call)
    ref = Interpreter(gm, max_steps=max_steps).run(f"{func}_grad", c1).results
    got = as_tuple(compile(gm, f"{func}_grad", fill=fill)(*c2), len(ref))
    narrow = narrowest_float(module)
    for k, (r, g) in enumerate(zip(ref, got, strict=True)):
        assert same(r, g, 1e-10) or residue(r, g, narrow), \
            f"@{func}_grad result {k}: interpreter {r}, compiled {g}"
    for k, (x, y) in enumerate(zip(c1, c2, strict=True)):
        if isinstance(x, np.ndarray):
            assert same(x, y, 1e-10) or residue(x, y, narrow), \
                f"@{func}_grad buffer {k}: {x} vs {y}"
    return got, c2


# (rtol, atol) of a reordered, contracted adjoint against the interpreter's, by the
# narrowest float type it may have been computed in
_ROUNDING = {"f64": (1e-10, 1e-13), "f32": (1e-5, 1e-6), "f16": (1e-2, 1e-2)}


def narrowest_float(module: Any) -> str:
    """``"f16"``, ``"f32"`` or ``"f64"``: the narrowest float type that a value of
    ``module`` has (scalars, and the elements of memrefs and vectors)."""
    from xdsl.dialects.builtin import AnyFloat

    width = 64
    for op in module.walk():
        # (every operand is a result or a block argument: both are walked)
        for v in (*op.results, *(a for r in op.regions for b in r.blocks for a in b.args)):
            t = getattr(v.type, "element_type", v.type)
            if isinstance(t, AnyFloat):
                width = min(width, t.bitwidth)
    return "f16" if width <= 16 else "f32" if width <= 32 else "f64"


def residue(a: Any, b: Any, narrow: str = "f64") -> bool:
    """Float values (arrays) equal to the rounding of ``narrow`` (NaNs equal)."""
    a, b = np.asarray(a), np.asarray(b)
    rtol, atol = _ROUNDING[narrow]
    return a.shape == b.shape and a.dtype.kind == "f" and bool(
        np.allclose(a, b, rtol=rtol, atol=atol, equal_nan=True))


@pytest.mark.parametrize("name", NAMES)
def test_objective_gradients_compiled_equal_interpreted_and_pruned_equal_all_active(
        name: str) -> None:
    o = OBJECTIVES[name]
    m = activity.parse(o.mlir)
    inputs = o.make_inputs(np.random.default_rng(3), "small")
    pruned, bufs_p = check_gradient_compiled(m, o.func, o.args, inputs, seed=4)
    full, bufs_a = check_gradient_compiled(m, o.func, o.args, inputs, seed=4, prune=False)
    for a, b in zip(pruned, full, strict=True):
        assert same(a, b, 1e-10)
    # the shadows of the buffers (the gradients) agree too; all_active may have
    # more shadow arguments (the same ones, in the same places, for dup arguments)
    shadows_p = [x for x in bufs_p if isinstance(x, np.ndarray)]
    shadows_a = [x for x in bufs_a if isinstance(x, np.ndarray)]
    assert len(shadows_p) == len(shadows_a)
    for a, b in zip(shadows_p, shadows_a, strict=True):
        assert same(a, b, 1e-10)


SCRATCH_IN_LOOP = """
func.func @f(%x: memref<?xf64>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f64) {
    %buf = memref.alloca() : memref<3xf64>
    %v = memref.load %x[%i] : memref<?xf64>
    scf.for %k = %c0 to %c3 step %c1 {
      %k64 = arith.index_cast %k : index to i64
      %kf = arith.sitofp %k64 : i64 to f64
      %w = arith.mulf %v, %kf : f64
      %w2 = arith.addf %w, %v : f64
      memref.store %w2, %buf[%k] : memref<3xf64>
    }
    %s = scf.for %k = %c0 to %c3 step %c1 iter_args(%t = %z) -> (f64) {
      %b = memref.load %buf[%k] : memref<3xf64>
      %b2 = arith.mulf %b, %b : f64
      %t2 = arith.addf %t, %b2 : f64
      scf.yield %t2 : f64
    }
    %acc2 = arith.addf %acc, %s : f64
    scf.yield %acc2 : f64
  }
  func.return %r : f64
}
"""


@pytest.mark.parametrize("prune", [True, False])
def test_a_static_allocas_shadow_is_an_alloca_zeroed_each_time(prune: bool) -> None:
    """The shadow of a small static ``memref.alloca`` is an alloca too (no ``malloc``
    and ``free`` per call: BA's scratch buffers), which the lowering puts in the entry
    block, once for every iteration of the loop around it: it is zeroed again each
    time, so iteration 2 does not see iteration 1's adjoints (fresh memory is poisoned
    with NaNs in the compiled run)."""
    m = activity.parse(SCRATCH_IN_LOOP)
    gm = activity.grad(m, "f", ["dup", "const"], prune=prune)
    fg = next(op for op in gm.walk() if getattr(op, "sym_name", None) is not None
              and op.sym_name.data == "f_grad")
    ops = [op.name for op in fg.walk()]
    assert ops.count("memref.alloca") == 2  # the buffer, and its shadow
    assert "memref.alloc" not in ops and "memref.dealloc" not in ops
    x = np.random.default_rng(7).uniform(-1, 1, 5)
    got, call = check_gradient_compiled(m, "f", ["dup", "const"], [x, 5], prune=prune)
    shadow0 = _grad_call(m, "f", ["dup", "const"], [x, 5], np.random.default_rng(0))[1]
    seed = call[-1]
    # d/dx_i sum_k ((k + 1) x_i)^2 = 2 x_i (1 + 4 + 9)
    np.testing.assert_allclose(call[1] - shadow0, seed * 28.0 * x, rtol=1e-12)


def _random_gradients(seeds: range) -> dict[str, int]:
    counts = {"ok": 0, "grad_error": 0, "interpreter_error": 0}
    for seed in seeds:
        g = generate(seed)
        m = g.parse()
        try:
            activity.grad(m, g.func, list(g.args))
        except activity.ActivityError:
            counts["grad_error"] += 1
            continue
        try:
            check_gradient_compiled(m, g.func, list(g.args), g.make_inputs(random.Random(seed)),
                                    seed=seed, fill=0)
        except InterpreterError:
            counts["interpreter_error"] += 1
            continue
        counts["ok"] += 1
    return counts


def test_random_program_gradients_compiled_equal_interpreted() -> None:
    counts = _random_gradients(range(12))
    assert counts["ok"] >= 10, counts


@pytest.mark.slow
def test_random_program_gradients_compiled_equal_interpreted_many() -> None:
    counts = _random_gradients(range(25, 1025))
    assert counts["ok"] >= 950, counts


def test_gradient_api_like_jax_grad() -> None:
    from activity import gradient

    m = activity.parse(ROOT / "examples" / "quickstart.mlir")
    buf = np.linspace(-1, 2, 7)
    before = buf.copy()
    g = gradient(m, "quickstart", argnums=(0, 2))
    dx, dbuf = g(0.3, 2.0, buf, 7)
    assert np.array_equal(buf, before)  # arguments are not modified
    assert isinstance(dx, float) and dbuf.shape == buf.shape
    # against central differences of the compiled primal
    f = compile(m, "quickstart")
    h = 1e-6
    fd = (f(0.3 + h, 2.0, buf.copy(), 7) - f(0.3 - h, 2.0, buf.copy(), 7)) / (2 * h)
    assert dx == pytest.approx(fd, rel=1e-6)
    for i in (0, 3, 6):
        e = np.zeros(7)
        e[i] = h
        fdi = (f(0.3, 2.0, buf + e, 7) - f(0.3, 2.0, buf - e, 7)) / (2 * h)
        assert dbuf[i] == pytest.approx(fdi, rel=1e-6, abs=1e-9)
    assert gradient(m, "quickstart", argnums=0)(0.3, 2.0, buf, 7) == pytest.approx(dx)
    assert len(gradient(m, "quickstart")(0.3, 2.0, buf, 7)) == 3  # x, k and buf
    full = gradient(m, "quickstart", argnums=(0, 2), prune=False)(0.3, 2.0, buf, 7)
    assert full[0] == pytest.approx(dx) and np.allclose(full[1], dbuf)
    with pytest.raises(ValueError, match="carries no derivative"):
        gradient(m, "quickstart", argnums=3)
    with pytest.raises(ValueError, match="no argument 9"):
        gradient(m, "quickstart", argnums=9)
    with pytest.raises(TypeError, match="takes 4 arguments"):
        g(0.3, 2.0, buf)


SCALE = """
func.func @scale(%w: f64, %x: memref<?xf64>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f64) {
    %v = memref.load %x[%i] : memref<?xf64>
    %p = arith.mulf %w, %v : f64
    %t = arith.addf %acc, %p : f64
    scf.yield %t : f64
  }
  return %s : f64
}
"""


FMA = """
func.func @f(%a: f64, %b: f64) -> f64 {
  %p = arith.mulf %a, %b : f64
  %s = math.sin %p : f64
  %q = arith.addf %s, %a : f64
  return %q : f64
}
"""


def test_adjoint_products_fuse_with_their_sums_unless_strict() -> None:
    """``a``'s adjoint is ``ybar + b * (cos(p) * ybar)`` (the add's contribution and the
    product's): by default the products carry ``fastmath<contract>`` and the sum
    ``fastmath<reassoc,contract>``, so on an x86 host with FMA LLVM emits a fused
    multiply-add; the primal's ``p = a * b`` (which the gradient needs for ``cos p``)
    never gets the flag, and ``strict_adjoints=True`` leaves both unflagged (no FMA:
    the interpreter's roundings)."""
    import llvmlite.binding as llvm

    from activity.codegen import jit

    m = activity.parse(FMA)
    loose = str(activity.ad.grad(m, "f", ["active", "active"]))
    strict = str(activity.ad.grad(m, "f", ["active", "active"], strict_adjoints=True))
    assert "contract" not in strict
    body = loose[loose.index("@f_grad"):]
    products = [ln for ln in body.splitlines() if "arith.mulf" in ln]
    assert any("fastmath<contract>" in ln for ln in products), body
    assert re.search(r"%p = arith\.mulf %\w+, %\w+ : f64\n", body), body  # a * b, unflagged
    assert len([ln for ln in products if "fastmath" not in ln]) == 1, body
    assert re.search(r"arith\.addf .*fastmath<reassoc,contract>", loose), loose
    if not llvm.get_process_triple().startswith("x86_64") \
            or "+fma" not in jit.host_features().split(","):
        pytest.skip("FMA instructions checked on x86 hosts with FMA only")

    def assembly(strict_adjoints: bool) -> str:
        gm = activity.ad.grad(m, "f", ["active", "active"], strict_adjoints=strict_adjoints)
        cf = compile(gm, "f_grad")
        return jit.host_machine(3).emit_assembly(llvm.parse_assembly(cf.optimized_ir))

    assert re.search(r"vfn?madd", assembly(False)), "no FMA for the adjoint's sum"
    assert not re.search(r"vfn?m(add|sub)", assembly(True))
    a, b, y = 0.1, 3.7, 1.3
    (da, db) = compile(activity.ad.grad(m, "f", ["active", "active"]), "f_grad")(a, b, y)
    c = math.cos(a * b) * y
    assert da == pytest.approx(y + b * c, rel=1e-15) and db == pytest.approx(a * c, rel=1e-15)


def test_adjoint_sums_reorder_unless_strict() -> None:
    """``w``'s adjoint is summed over the loop (``sum x[i]``, in the reverse sweep's
    order).  By default that sum carries ``fastmath<reassoc,contract>`` and LLVM vectorizes it:
    with ``x`` = 1e16, 1, ..., 1, -1e16 the ones that the serial order loses against
    1e16 survive in other partial sums.  ``strict_adjoints=True`` gives the reference
    interpreter's bits; the primal's own sum keeps its order either way."""
    from activity import gradient

    m = activity.parse(SCALE)
    x = np.ones(64)
    x[0], x[-1] = 1e16, -1e16
    args = ["active", "const", "const"]
    ref = Interpreter(activity.ad.grad(m, "scale", args)).run(
        "scale_grad", [2.0, x.copy(), 64, 1.0]).results[0]
    strict = gradient(m, "scale", 0, args=args, strict_adjoints=True)(2.0, x.copy(), 64)
    loose = gradient(m, "scale", 0, args=args)(2.0, x.copy(), 64)
    assert strict == ref == 0.0
    assert loose != strict, "the adjoint's sum was not reordered (fastmath<reassoc> lost?)"
    assert abs(loose - ref) <= 64 * 2.0 ** -52 * 1e16
    primal = compile(m, "scale")
    assert primal(2.0, x.copy(), 64) == Interpreter(m).run("scale", [2.0, x.copy(), 64]) \
        .results[0]


@pytest.mark.parametrize("name", ["gmm", "ba"])
def test_gradient_api_on_objectives_matches_interpreted_gradient(name: str) -> None:
    from activity import gradient

    o = OBJECTIVES[name]
    m = activity.parse(o.mlir)
    inputs = o.make_inputs(np.random.default_rng(5), "small")
    nums = [i for i, k in enumerate(o.args) if k in ("active", "dup")]
    g = gradient(m, o.func, nums, args=o.args)
    got = g(*inputs)
    gm = g.grad_module
    call: list[Any] = []
    for x, k in zip(copies(inputs), o.args, strict=True):
        call.append(x)
        if k in ("dup", "dupnoneed"):
            call.append(np.zeros_like(x))
    call.append(1.0)
    adj = Interpreter(gm, max_steps=10**8).run(f"{o.func}_grad", call).results
    k = 0
    expected = []
    pos = 0
    for kind in o.args:
        pos += 1
        if kind in ("dup", "dupnoneed"):
            expected.append(call[pos])
            pos += 1
        elif kind == "active":
            expected.append(adj[k])
            k += 1
    for a, b in zip(got, expected, strict=True):
        assert same(a, b, 1e-10)


# ---------------------------------------------------------------------------------------
# Ahead-of-time output (--emit)


def test_emit_llvm_obj_and_ptx(tmp_path: Path) -> None:
    import argparse
    import ctypes
    import shutil
    import subprocess

    from activity.codegen.emit import add_emit_arguments, emit, emit_from_args

    m = activity.parse(ROOT / "examples" / "cf_loop.mlir")
    gm = activity.grad(m, "powi")
    ll = emit(gm, ["powi_grad"], "llvm")
    assert isinstance(ll, str) and "define" in ll and "@powi_grad" in ll
    assert "@powi(" not in ll.split("define")[0]  # only what powi_grad needs is declared
    assert emit(gm, ["powi_grad"], "mlir").startswith("builtin.module")
    p = argparse.ArgumentParser()
    add_emit_arguments(p)
    ns = p.parse_args(["--emit", "obj"])
    with pytest.raises(CodegenError, match="-o FILE"):
        emit_from_args(ns, gm, ["powi_grad"])
    obj = tmp_path / "powi_grad.o"
    assert emit_from_args(ns, gm, ["powi_grad"], output=str(obj))
    assert obj.read_bytes()[:4] == b"\x7fELF"
    assert not emit_from_args(p.parse_args([]), gm, ["powi_grad"])  # plain MLIR: caller's
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is not None:  # the object links and computes d(x^n)/dx = n x^(n-1)
        so = tmp_path / "libpowi.so"
        subprocess.run([cc, "-shared", "-o", str(so), str(obj)], check=True)
        lib = ctypes.CDLL(str(so))
        fn = lib.powi_grad
        fn.restype = ctypes.c_double
        fn.argtypes = [ctypes.c_double, ctypes.c_int64, ctypes.c_double]
        assert fn(1.5, 4, 1.0) == pytest.approx(4 * 1.5 ** 3)
    if shutil.which("ptxas") is not None:
        from activity.codegen.gpu import ptxas

        ptx = emit(activity.parse(SCF_PARALLEL), ["f"], "ptx", arch="sm_90")
        assert isinstance(ptx, str) and ".target sm_90" in ptx
        ptxas(ptx, "sm_90")
    with pytest.raises(CodegenError, match="no scf.parallel"):
        emit(m, ["powi"], "ptx")


def test_gradient_of_clang_lowered_c() -> None:
    """activity.gradient on llvm-dialect functions: pointer arguments are arrays."""
    from activity import gradient

    m = activity.parse(ROOT / "examples" / "c" / "dot.mlir")
    x, y = np.linspace(-1, 1, 9), np.linspace(0, 2, 9)
    dx, dy = gradient(m, "dot", (0, 1))(x, y, 9)
    assert np.allclose(dx, y) and np.allclose(dy, x)
    m = activity.parse(ROOT / "examples" / "c" / "libm.mlir")
    da, db = gradient(m, "wave")(0.7, 1.3)
    f = compile(m, "wave")
    h = 1e-6
    assert da == pytest.approx((f(0.7 + h, 1.3) - f(0.7 - h, 1.3)) / (2 * h), rel=1e-6)
    assert db == pytest.approx((f(0.7, 1.3 + h) - f(0.7, 1.3 - h)) / (2 * h), rel=1e-6)


def test_codegen_gradient_stays_the_function_after_its_module_is_imported() -> None:
    import importlib

    import activity.codegen as cg

    importlib.import_module("activity.codegen.compiled_gradient")
    from activity.codegen import gradient as g

    assert callable(g) and g is cg.gradient and not isinstance(g, type(importlib))


def test_scalar_llvm_global_is_restored_every_call() -> None:
    """A mutable scalar ``llvm.mlir.global`` (not an array) compiles (its size was read
    as an array's and crashed) and, like every global, starts each call from its
    initial value, as the interpreter's fresh run does."""
    from activity.codegen import compile as compile_fn
    from activity.semantics import Interpreter

    text = """
llvm.mlir.global internal @s(1.5 : f64) {addr_space = 0 : i32} : f64
func.func @f(%x: f64) -> f64 {
  %p = llvm.mlir.addressof @s : !llvm.ptr
  %v = llvm.load %p : !llvm.ptr -> f64
  %w = arith.addf %v, %x : f64
  llvm.store %w, %p : f64, !llvm.ptr
  return %w : f64
}
"""
    m = activity.parse(text)
    f = compile_fn(m, "f")
    want = Interpreter(m).run("f", [1.0]).results[0]
    assert f(1.0) == f(1.0) == want == 2.5


KEEP_FREED = """
import ctypes, sys
from activity.codegen import keep_freed_memory

class MallInfo2(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in ("arena", "ordblks", "smblks", "hblks",
                "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]

libc = ctypes.CDLL(None)
libc.malloc.restype = ctypes.c_void_p
libc.free.argtypes = [ctypes.c_void_p]
libc.mallinfo2.restype = MallInfo2

def mmapped_after_malloc(n):
    p = libc.malloc(n)
    got = libc.mallinfo2().hblkhd
    libc.free(p)
    return got

big = 48 << 20  # above glibc's largest adaptive mmap threshold (32 MB)
before = mmapped_after_malloc(big)
assert keep_freed_memory() is True
after = mmapped_after_malloc(big)
print(before >= big, after < big)
"""


def test_keep_freed_memory_serves_large_blocks_from_the_heap() -> None:
    """Opt-in ``keep_freed_memory``: a 48 MB block is mmapped before (glibc's default)
    and comes from the heap after (so freeing it keeps it for the next call).  In a
    child process: it changes malloc for the whole process."""
    import subprocess

    from activity.codegen import keep_freed_memory

    with pytest.raises(ValueError, match="limit"):
        keep_freed_memory(0)
    r = subprocess.run([sys.executable, "-c", KEEP_FREED], capture_output=True, text=True,
                       cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split() == ["True", "True"], r.stdout


HEAP = """
func.func @f(%n: index, %x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %t = memref.alloc(%n) : memref<?xf64>
  %first = memref.load %t[%c0] : memref<?xf64>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %x, %t[%i] : memref<?xf64>
  }
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%a = %first) -> (f64) {
    %v = memref.load %t[%i] : memref<?xf64>
    %a2 = arith.addf %a, %v : f64
    scf.yield %a2 : f64
  }
  memref.dealloc %t : memref<?xf64>
  func.return %s : f64
}
func.func @escapes(%n: index) -> memref<?xf64> {
  %t = memref.alloc(%n) : memref<?xf64>
  func.return %t : memref<?xf64>
}
"""


def test_freed_blocks_are_reused_by_the_next_call() -> None:
    """A buffer the function allocates and frees itself (a gradient's tape) goes through
    the compiled module's cache of freed blocks: the next call of the same size, or of
    up to half the size smaller, reuses it; fresh memory semantics (``fill``) hold for
    a reused block; a buffer that escapes is left to plain malloc."""
    import ctypes

    from activity.codegen.heap import ALLOC, CACHE_MIN, HITS

    m = activity.parse(HEAP)
    for fill in (0, 0xFF, None):
        f = compile(m, "f", fill=fill)
        hits = ctypes.c_int64.from_address(f._engine.ee.get_global_value_address(HITS))
        n = CACHE_MIN // 8 * 4  # 256 KB
        h0 = hits.value
        for k, size in enumerate((n, n, n - 1000, n // 2 + 8, n // 4)):
            got = f(size, 1.5)
            first = {0: 0.0, 0xFF: math.nan, None: None}[fill]
            if first is not None:  # a reused block is filled again, as a fresh one is
                assert same(got, first + 1.5 * size), (fill, k, got)
            else:  # uninitialized: t[0] may hold anything, NaN too (malloc may hand back a
                # block an earlier 0xFF-filled call freed), so only the type is checked
                assert isinstance(got, float), (k, got)
        # calls 2, 3, 4 fit the cached block (n..2n); the last is under half of it
        assert hits.value - h0 == 3, (fill, hits.value - h0)
    assert f'call ptr @"{ALLOC}"' in compile(m, "f").llvm_ir
    assert ALLOC not in compile(m, "escapes").llvm_ir


READ_ONLY = """
func.func @f(%data: memref<?xf64>, %w: memref<?xf64>, %out: memref<?xf64>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (f64) {
    %d = memref.load %data[%i] : memref<?xf64>
    %x = memref.load %w[%i] : memref<?xf64>
    %v = arith.mulf %d, %x : f64
    memref.store %v, %out[%i] : memref<?xf64>
    %v2 = arith.mulf %v, %v : f64
    %a2 = arith.addf %a, %v2 : f64
    scf.yield %a2 : f64
  }
  func.return %s : f64
}
"""


def test_gradient_passes_buffers_it_never_writes_without_a_copy() -> None:
    """``activity.gradient`` copies only the buffers ``<func>_grad`` may write (the
    caller's arrays never change); a buffer it only reads is passed as it is -- also
    twice, overlapping itself -- unless it is not C-contiguous or not writeable."""
    from activity import gradient

    g = gradient(READ_ONLY, "f", argnums=1)
    assert g.copy == [False, False, True, False]  # data, w: read only; out: written
    rng = np.random.default_rng(0)
    data, w, out = rng.uniform(size=6), rng.uniform(size=6), np.zeros(6)
    keep = [data.copy(), w.copy(), out.copy()]
    assert np.allclose(g(data, w, out, 6), 2 * data**2 * w, rtol=1e-14)
    for x, k in zip((data, w, out), keep, strict=True):
        assert np.array_equal(x, k)  # the caller's arrays, the written one included
    assert np.allclose(g(w, w, out, 6), 2 * w**3, rtol=1e-14)  # one array, two params
    strided = np.repeat(data, 2)[::2]
    frozen = data.copy()
    frozen.flags.writeable = False
    assert np.allclose(g(strided, w, out, 6), 2 * data**2 * w, rtol=1e-14)
    assert np.allclose(g(frozen, w, out, 6), 2 * data**2 * w, rtol=1e-14)


# ---------------------------------------------------------------------------------------
# Prepared calls: the compiled code alone, for timing

_SQUARE_IN_PLACE = """
func.func @f(%x: memref<?xf64>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> f64 {
    %v = memref.load %x[%i] : memref<?xf64>
    %w = arith.mulf %v, %v : f64
    memref.store %w, %x[%i] : memref<?xf64>
    %b = arith.addf %a, %w : f64
    scf.yield %b : f64
  }
  return %s : f64
}
func.func @g(%n: index) -> memref<?xf64> {
  %m = memref.alloc(%n) : memref<?xf64>
  return %m : memref<?xf64>
}
"""


def test_prepared_call_runs_the_compiled_code_n_times_and_resets() -> None:
    m = activity.parse(_SQUARE_IN_PLACE)
    x = np.array([1.0, 2.0, 3.0, 0.5])
    prep = compile(m, "f").prepare([x, 4])
    prep.run(3)  # x -> x^8, run natively three times on the same memory
    assert np.array_equal(x, np.array([1.0, 2.0, 3.0, 0.5]) ** 8)
    prep.reset()
    assert np.array_equal(x, [1.0, 2.0, 3.0, 0.5])
    prep.run(0)
    assert np.array_equal(x, [1.0, 2.0, 3.0, 0.5])
    prep.run(1)
    assert np.array_equal(x, [1.0, 4.0, 9.0, 0.25])
    # the gradient's: a copy of x and a zeroed shadow, made once; reset() restores
    # the copy and zeroes the shadow again
    g = activity.gradient(m, "f", 0)
    want = g(np.array([1.0, 2.0, 3.0, 0.5]), 4)
    gp = g.prepare(np.array([1.0, 2.0, 3.0, 0.5]), 4)
    copy, shadow = gp.arrays
    gp.run(1)
    assert np.array_equal(shadow, want)
    gp.reset()
    assert not shadow.any() and np.array_equal(copy, [1.0, 2.0, 3.0, 0.5])
    gp.run(1)
    assert np.array_equal(shadow, want)
    gp.reset()
    gp.run(2)
    # the second run starts from the first's memory: the copy holds x^2 and the shadow
    # 2x, which seeds the adjoint of the buffer's final contents x^4 -- so it ends as
    # (1 + 2x) * 2x^2, not 2 * want
    x0 = np.array([1.0, 2.0, 3.0, 0.5])
    assert np.array_equal(shadow, (1 + 2 * x0) * 2 * x0 ** 2)


def test_prepared_call_restores_globals_before_every_run_and_reads_only_what_it_must(
) -> None:
    m = activity.parse("""
memref.global "private" @acc : memref<1xf64> = dense<1.0>
func.func @h(%x: memref<2xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.get_global @acc : memref<1xf64>
  %v = memref.load %m[%c0] : memref<1xf64>
  %two = arith.constant 2.0 : f64
  %w = arith.mulf %v, %two : f64
  memref.store %w, %m[%c0] : memref<1xf64>
  %s = memref.load %x[%c1] : memref<2xf64>
  %t = arith.addf %s, %w : f64
  memref.store %t, %x[%c1] : memref<2xf64>
  return %w : f64
}""")
    h = compile(m, "h")
    x = np.zeros(2)
    prep = h.prepare([x])
    prep.run(3)  # every run starts from @acc = 1, as every call does: x[1] = 3 * 2
    assert x[1] == 6.0 and h(np.zeros(2)) == 2.0
    # the gradient restores only what its code may write: not the read-only input
    g = activity.gradient(activity.parse(_SQUARE_IN_PLACE.replace(
        "memref.store %w, %x[%i] : memref<?xf64>", "")), "f", 0)
    x = np.array([1.0, 2.0])
    gp = g.prepare(x, 2)
    assert len(gp.arrays) == 1 and gp.arrays[0] is not x  # the shadow alone


def test_prepared_call_refuses_what_it_cannot_run() -> None:
    m = activity.parse(_SQUARE_IN_PLACE)
    with pytest.raises(TypeError, match="takes 2 arguments"):
        compile(m, "f").prepare([np.zeros(3)])
    with pytest.raises(CodegenError, match="returns memrefs"):
        compile(m, "g").prepare([3])
    with pytest.raises(ValueError):
        compile(m, "f").prepare([np.zeros((2, 2)), 4])


def test_prepared_launches_on_host_threads_run_whole_calls() -> None:
    m = activity.parse("""
func.func @dbl(%x: memref<?xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf64>
    %w = arith.addf %v, %v : f64
    memref.store %w, %x[%i] : memref<?xf64>
    scf.reduce
  }
  return
}""")
    x = np.arange(8.0)
    prep = compile(m, "dbl", threads=2).prepare([x, 8])
    from activity.codegen.gpu import PreparedLaunches

    assert isinstance(prep, PreparedLaunches)
    prep.run(3)
    assert np.array_equal(x, 8 * np.arange(8.0))
    prep.reset()
    assert np.array_equal(x, np.arange(8.0))


I1_MEMORY = """
func.func @flags(%n: index, %x: memref<?xf64>, %t: f64, %b: memref<?xi1>, %c: memref<?xi1>)
    -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %xi = memref.load %x[%i] : memref<?xf64>
    %p = arith.cmpf olt, %xi, %t : f64
    memref.store %p, %b[%i] : memref<?xi1>
  }
  %k = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (index) {
    %q = memref.load %c[%i] : memref<?xi1>
    %one = arith.select %q, %c1, %c0 : index
    %a2 = arith.addi %a, %one : index
    scf.yield %a2 : index
  }
  func.return %k : index
}
"""


def test_i1_memory_is_bytes() -> None:
    """An i1 element is a byte, as numpy's bool_: any nonzero byte reads as true (as the
    interpreter and numpy read it), a stored flag is 0 or 1, and a vectorized loop
    stores its flags four bytes at a time instead of lane by lane."""
    n = 37
    x = np.linspace(-1.0, 1.0, n)
    c = np.array([0, 1, 2, 0, 255] * 7 + [1, 0], dtype=np.uint8).view(np.bool_)
    b1, b2 = np.zeros(n, bool), np.zeros(n, bool)
    want = Interpreter(activity.parse(I1_MEMORY)).run("flags", [n, x, 0.1, b1, c.copy()])
    f = compile(I1_MEMORY, "flags")
    got = f(n, x, 0.1, b2, c.copy())
    assert want.results[0] == got == 22
    assert np.array_equal(b1, b2) and set(b2.view(np.uint8).tolist()) == {0, 1}
    assert "store i1" not in f.optimized_ir and "x i8>" in f.optimized_ir


I1_RMW = """
func.func @rmw(%m: memref<4xi1>, %v: i1) -> i1 {
  %c0 = arith.constant 0 : index
  %o = memref.atomic_rmw andi %v, %m[%c0] : (i1, memref<4xi1>) -> i1
  func.return %o : i1
}
func.func @prmw(%n: index, %m: memref<4xi1>, %x: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %xi = memref.load %x[%i] : memref<?xf64>
    %p = arith.cmpf olt, %xi, %z : f64
    %o = memref.atomic_rmw ori %p, %m[%c1] : (i1, memref<4xi1>) -> i1
    scf.reduce
  }
  func.return
}
func.func @anyneg(%n: index, %x: memref<?xf64>) -> i1 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant false
  %z = arith.constant 0.0 : f64
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%f) -> i1 {
    %xi = memref.load %x[%i] : memref<?xf64>
    %p = arith.cmpf olt, %xi, %z : f64
    scf.reduce(%p : i1) {
    ^bb0(%a: i1, %b: i1):
      %o = arith.ori %a, %b : i1
      scf.reduce.return %o : i1
    }
  }
  func.return %r : i1
}
func.func @strided(%s0: memref<8xi1>, %d: memref<4xi1>) -> i1 {
  %s = memref.subview %s0[0] [4] [2] : memref<8xi1> to memref<4xi1, strided<[2]>>
  memref.copy %s, %d : memref<4xi1, strided<[2]>> to memref<4xi1>
  %c0 = arith.constant 0 : index
  %v = memref.load %d[%c0] : memref<4xi1>
  func.return %v : i1
}
"""


def _flags(*bytes_: int) -> np.ndarray:
    return np.array(bytes_, dtype=np.uint8).view(np.bool_)


@pytest.mark.parametrize("how", [{}, {"threads": 2}, {"target": "gpu", "emulate": True}])
def test_i1_read_modify_writes_and_reductions(how: dict) -> None:
    """Flags updated in place (memref.atomic_rmw, atomically in a parallel loop) and
    summed by an scf.parallel reduction read a byte as ``!= 0`` and write 0 or 1, on
    the host, on host threads and in (emulated) GPU kernels -- an i1 atomic is not
    valid LLVM, and combining raw bytes gives 2 AND 1 = 0 for two true flags."""
    x = np.ones(100)
    x[57] = -1.0
    interp = Interpreter(activity.parse(I1_RMW))
    m1 = _flags(0, 0, 0, 0)
    want = interp.run("prmw", [100, m1, x.copy()])
    m2 = _flags(0, 2, 0, 0)
    assert compile(I1_RMW, "prmw", **how)(100, m2, x.copy()) is None and want.results == ()
    assert np.array_equal(m1.view(np.uint8), [0, 1, 0, 0]) and bool(m2[1])
    assert bool(interp.run("anyneg", [100, x.copy()]).results[0])
    assert compile(I1_RMW, "anyneg", **how)(100, x.copy()) == 1
    x[57] = 1.0
    assert compile(I1_RMW, "anyneg", **how)(100, x.copy()) == 0
    if not how:
        m = _flags(2, 0, 0, 0)  # true AND true: true, stored as 1
        assert compile(I1_RMW, "rmw")(m, True) == 1
        assert m.view(np.uint8).tolist() == [1, 0, 0, 0]
        want = interp.run("rmw", [_flags(2, 0, 0, 0), True]).results[0]
        assert bool(want)


def test_i1_strided_copy() -> None:
    """A strided copy of flags copies bytes, as the contiguous memmove does: any
    nonzero byte still reads as true."""
    src, d = _flags(2, 0, 4, 0, 1, 0, 0, 0), np.zeros(4, bool)
    want = Interpreter(activity.parse(I1_RMW)).run("strided", [src.copy(), np.zeros(4, bool)])
    assert bool(want.results[0]) and compile(I1_RMW, "strided", opt=0)(src, d) == 1
    assert d.tolist() == [True, True, True, False]


SEARCH = """
func.func @search(%g: memref<?xf64>, %n: index, %keys: memref<?xf64>, %out: memref<?xindex>,
                  %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %hi0 = arith.subi %n, %c1 : index
  scf.for %q = %c0 to %m step %c1 {
    %e = memref.load %keys[%q] : memref<?xf64>
    %lo, %hi = scf.while (%a = %c0, %b = %hi0) : (index, index) -> (index, index) {
      %d = arith.subi %b, %a : index
      %more = arith.cmpi ugt, %d, %c1 : index
      scf.condition(%more) %a, %b : index, index
    } do {
    ^bb0(%a: index, %b: index):
      %s = arith.addi %a, %b : index
      %mid = arith.divui %s, %c2 : index
      %em = memref.load %g[%mid] : memref<?xf64>
      %left = arith.cmpf ogt, %em, %e : f64
      %na = arith.select %left, %a, %mid : index
      %nb = arith.select %left, %mid, %b : index
      scf.yield %na, %nb : index, index
    }
    memref.store %lo, %out[%q] : memref<?xindex>
  }
  func.return
}
"""


def test_select_stays_branch_free_in_a_binary_search() -> None:
    """``arith.select`` lowers to a select marked ``!unpredictable``: the program chose
    data flow over a branch.  Unmarked, x86's cmov converter turns these two selects
    (in a loop, their condition hanging on a load) back into a branch that a binary
    search over random keys mispredicts half the time (XSBench-style lookup's primal
    1.10-1.14x slower).  The search still finds what ``numpy.searchsorted`` finds."""
    import platform

    import llvmlite.binding as llvm

    from activity.codegen.jit import clear_cache, host_machine

    clear_cache()
    f = compile(activity.parse(SEARCH), "search")
    selects = [ln for ln in f.optimized_ir.splitlines() if " select " in ln]
    assert selects and all("!unpredictable" in ln for ln in selects), selects
    if platform.machine() in ("x86_64", "AMD64"):
        asm = host_machine(3).emit_assembly(llvm.parse_assembly(f.optimized_ir))
        assert len(re.findall(r"\bcmov", asm)) >= 2, asm
    rng = np.random.default_rng(0)
    grid = np.sort(rng.uniform(size=200))
    grid[0], grid[-1] = 0.0, 1.0
    keys = rng.uniform(0.0, 0.999, size=500)
    out = np.zeros(500, dtype=np.int64)
    f(grid, 200, keys, out, 500)
    assert np.array_equal(out, np.searchsorted(grid, keys, side="right") - 1)


def test_a_narrow_float_argument_past_its_range_is_an_error() -> None:
    """An f32 (f16) parameter given 1e39 (1e5): packing it raised a bare OverflowError
    naming no argument (user test), then it became an infinity; now a ValueError naming
    the argument, in compile and evaluate alike (an infinity passed is one); in range,
    the value rounded to the type, as the interpreter rounds it."""
    m = activity.parse("""
func.func @f(%x: f32, %y: f16) -> f32 {
  %w = arith.extf %y : f16 to f32
  %s = arith.addf %x, %w : f32
  return %s : f32
}
""")
    f = compile(m, "f")
    for x, y in ((0.1, 0.1), (np.float64(3e38), 2), (np.inf, 1.0), (1.0, -np.inf),
                 (3.4028234663852886e38, 65504.0)):
        want = Interpreter(m).run("f", [x, y]).results[0]
        got = f(x, y)
        assert got == want or (np.isnan(got) and np.isnan(want)), (x, y, got, want)
        assert activity.evaluate(m, "f", x, y) == (want,)
    for x, y, needle in ((1e39, 1.0, "argument 0 ('x', f32) of @f: 1e+39"),
                         (1.0, 1e5, "argument 1 ('y', f16) of @f: 100000.0"),
                         (-1e39, -1e5, "argument 0 ('x', f32) of @f: -1e+39"),
                         (1.0, 10 ** 400, "argument 1 ('y', f16) of @f: an integer of 401")):
        for call in (f, lambda *xs: activity.evaluate(m, "f", *xs)):
            with pytest.raises(ValueError, match=re.escape(needle) + ".* is out of range"):
                call(x, y)


@pytest.mark.parametrize("kw,needle", [
    ({"opt": 9}, "opt must be an LLVM optimization level 0, 1, 2 or 3, got 9"),
    ({"opt": True}, "got True"), ({"opt": "3"}, "got '3'"), ({"opt": 2.0}, "got 2.0"),
    ({"fill": 300}, "fill must be a byte (0-255) or None, got 300"), ({"fill": -1}, "got -1"),
])
def test_bad_opt_or_fill_is_a_clear_error(kw: dict, needle: str) -> None:
    """``opt=9`` raised an empty AssertionError in the JIT, ``fill=300`` was taken
    silently (user test)."""
    src = "func.func @f(%x: f64) -> f64 {\n  %y = arith.mulf %x, %x : f64\n  return %y : f64\n}\n"
    with pytest.raises(ValueError, match=re.escape(needle)):
        compile(src, "f", **kw)
    if "opt" in kw:
        with pytest.raises(ValueError, match=re.escape(needle)):
            activity.gradient(src, "f", **kw)
    assert compile(src, "f", opt=0, fill=255)(3.0) == 9.0
    assert compile(src, "f", opt=np.int64(2), fill=np.uint8(7))(3.0) == 9.0  # (review)


def test_argnums_as_jax_takes_them() -> None:
    """``argnums`` counts negative numbers from the end, as ``jax.grad`` does; a bool,
    a float or a string is a TypeError saying what is expected (they gave Python's
    own messages: user test)."""
    src = "func.func @f(%x: f64, %y: f64) -> f64 {\n  %z = arith.mulf %x, %y : f64\n" \
          "  return %z : f64\n}\n"
    assert activity.gradient(src, "f", -1)(2.0, 3.0) == 2.0
    assert activity.gradient(src, "f", (-2, 1))(2.0, 3.0) == (3.0, 2.0)
    assert activity.gradient(src, "f", np.array([0, -1]))(2.0, 3.0) == (3.0, 2.0)  # (review)
    for bad in (True, 0.0, "x", [0, 1.5]):
        with pytest.raises(TypeError, match=re.escape(f"argnums: expected an argument "
                                                      f"number or a sequence of them, got "
                                                      f"{bad!r}")):
            activity.gradient(src, "f", bad)
    for bad in (2, -3):
        with pytest.raises(ValueError, match=f"@f has no argument {bad}"):
            activity.gradient(src, "f", bad)


_TWICE = """
func.func @twice(%x: memref<?xf64>, %y: memref<?xf64>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f64
  %z = arith.constant 0.0 : f64
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.load %x[%i] : memref<?xf64>
    %b = arith.mulf %two, %a : f64
    memref.store %b, %y[%i] : memref<?xf64>
  }
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f64) {
    %a = memref.load %x[%i] : memref<?xf64>
    %b = memref.load %y[%i] : memref<?xf64>
    %p = arith.mulf %a, %b : f64
    %t = arith.addf %acc, %p : f64
    scf.yield %t : f64
  }
  return %s : f64
}
"""


def test_gradient_refuses_a_written_argument_sharing_memory() -> None:
    """``twice(a, a)`` writes ``y`` over ``x``: the primal computes ``4 sum x^2``, but
    the gradient copies the written ``y`` and so differentiated ``2 sum x^2`` (a
    silent ``[4, 8, 12]`` for ``[8, 16, 24]``: user test).  Sharing memory with a
    written argument is a ``ValueError`` now, on the fast path and the general one;
    disjoint views of one array are fine."""
    g = activity.gradient(_TWICE, "twice")
    a = np.array([1.0, 2.0, 3.0])
    assert activity.compile(_TWICE, "twice")(a, a, 3) == 56.0
    for path in (g, g.python_path()):
        with pytest.raises(ValueError, match=r"arguments 1 and 0 of @twice share memory, "
                                             r"and argument 1 may be written"):
            path(a, a, 3)
        big = np.arange(1.0, 7.0)
        with pytest.raises(ValueError, match="share memory"):
            path(big[:4], big[3:], 3)  # overlapping views of one array
        dx, dy = path(big[:3], big[3:], 3)  # disjoint views: 2 sum x^2, y overwritten
        assert dx.tolist() == [4.0, 8.0, 12.0] and dy.tolist() == [0.0, 0.0, 0.0]
        # interleaved views (a matrix's columns) share no element (review: refused)
        cols = np.arange(1.0, 7.0).reshape(3, 2)
        dx, _ = path(cols[:, 0], cols[:, 1], 3)
        assert dx.tolist() == [4.0, 12.0, 20.0]
        # a view whose base is not an ndarray (review: the fast path missed it)
        from numpy.lib.stride_tricks import as_strided

        with pytest.raises(ValueError, match="share memory"):
            path(a, as_strided(a, shape=(3,), strides=(8,)), 3)


_PTR_SUM = """
llvm.func @dot(%x: !llvm.ptr, %w: !llvm.ptr, %n: i64) -> f64 {
  %z = llvm.mlir.constant(0.0 : f64) : f64
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  llvm.br ^loop(%c0, %z : i64, f64)
^loop(%i: i64, %acc: f64):
  %more = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %more, ^body, ^done
^body:
  %px = llvm.getelementptr %x[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f64
  %pw = llvm.getelementptr %w[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f64
  %a = llvm.load %px : !llvm.ptr -> f64
  %b = llvm.load %pw : !llvm.ptr -> f64
  %p = llvm.fmul %a, %b : f64
  %s = llvm.fadd %acc, %p : f64
  %i2 = llvm.add %i, %c1 : i64
  llvm.br ^loop(%i2, %s : i64, f64)
^done:
  llvm.return %acc : f64
}
llvm.func @outer(%x: !llvm.ptr, %w: !llvm.ptr, %n: i64) -> f64 {
  %r = llvm.call @dot(%x, %w, %n) : (!llvm.ptr, !llvm.ptr, i64) -> f64
  llvm.return %r : f64
}
"""


def test_pointer_arguments_are_checked_against_what_the_code_reads() -> None:
    """A float32 array for a ``double *`` made the gradient write 8-byte adjoints into a
    shadow of 4-byte elements -- a heap overflow that killed the process -- and an
    int64 array was read as the doubles of its bits (user test).  What every access
    through the pointer (``getelementptr``s, calls included) reads is checked against
    the array's dtype: a ``TypeError`` in compiled functions, gradients and the
    interpreter; the right dtype works."""
    m = activity.parse(_PTR_SUM)
    x, w = np.array([1.0, 2.0, 3.0]), np.array([4.0, 5.0, 6.0])
    for fn in ("dot", "outer"):
        assert activity.compile(m, fn)(x, w, 3) == 32.0
        assert activity.evaluate(m, fn, x, w, 3) == (32.0,)
        dx, dw = activity.gradient(m, fn)(x, w, 3)
        assert dx.tolist() == w.tolist() and dw.tolist() == x.tolist()
        for bad in (x.astype(np.float32), np.array([1, 2, 3])):
            for call in (activity.compile(m, fn), activity.gradient(m, fn),
                         lambda *a, fn=fn: activity.evaluate(m, fn, *a)):
                with pytest.raises(TypeError, match=rf"argument 0 \('x', !llvm.ptr\) of @{fn}: "
                                                    r"the function reads it as 8-byte floats "
                                                    r"\(f64\)"):
                    call(bad, w, 3)


def test_gradient_takes_activities_as_a_dict_and_args_alone() -> None:
    """``args={'x': 'active', 'm': 'const'}`` (as ``activity.analyze`` takes it) had
    its keys taken for activities; ``args=[...]`` without ``argnums`` refused its own
    ``const`` arguments, though ``args=`` overrides everything (user test)."""
    p = ROOT / "examples" / "poly.mlir"
    m = np.array([1.0, 2.0])
    assert activity.gradient(p, "f", argnums=0, args={"x": "active", "m": "const"})(
        0.5, m) == 5.0
    assert activity.gradient(p, "f", args={"m": "const"})(0.5, m) == (5.0,)
    assert activity.gradient(p, "f", args=["active", "const"])(0.5, m) == (5.0,)
    (dm,) = activity.gradient(p, "f", args=["const", "dup"])(0.5, m)
    assert dm.tolist() == [0.5, 2.0]
    with pytest.raises(activity.ActivityError, match=r"no argument named 'q' \(arguments: "
                                                      r"x, m\)"):
        activity.gradient(p, "f", args={"q": "const"})
    with pytest.raises(ValueError, match=r"argument 1 has activity 'bogus'"):
        activity.gradient(p, "f", args=["active", "bogus"])


def test_long_double_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                      ) -> None:
    """C's ``long double`` (``f80``): xDSL cannot print an f80 constant, which made
    ``compile``, ``gradient`` and ``activity grad`` fail with a bare
    ``NotImplementedError`` (an internal error, no place; user test).  Now a
    ``CodegenError`` / an error at the constant; the interpreter still runs it."""
    from activity.cli import main

    src = """llvm.func @ld(%x: f64) -> f64 {
  %h = llvm.mlir.constant(5.000000e-01 : f80) : f80
  %e = llvm.fpext %x : f64 to f80
  %p = llvm.fmul %e, %h : f80
  %r = llvm.fptrunc %p : f80 to f64
  llvm.return %r : f64
}
"""
    path = tmp_path / "ld.mlir"
    path.write_text(src)
    assert activity.evaluate(activity.parse(path), "ld", 3.0) == (1.5,)
    for make in (activity.compile, activity.gradient):
        with pytest.raises(CodegenError, match=r"ld.mlir:2:\d+: error: type f80 is not "
                                               r"supported by the lowering"):
            make(path, "ld")
    assert main(["grad", str(path), "--func", "ld"]) == 2
    assert "cannot print the module: xDSL cannot print a constant of type f80" in \
        capsys.readouterr().err


def test_default_argnums_skip_pointers_to_integers() -> None:
    """With ``argnums=None`` the gradient of a C ``int *`` index argument came back as
    an all-zero int32 array (user test): a pointer the code reads as integers is not
    differentiated by default."""
    m = activity.parse("""
llvm.func @gather(%x: !llvm.ptr, %idx: !llvm.ptr) -> f64 {
  %c1 = llvm.mlir.constant(1 : i64) : i64
  %k = llvm.load %idx : !llvm.ptr -> i32
  llvm.store %k, %idx : i32, !llvm.ptr
  %k64 = llvm.sext %k : i32 to i64
  %p = llvm.getelementptr %x[%k64] : (!llvm.ptr, i64) -> !llvm.ptr, f64
  %v = llvm.load %p : !llvm.ptr -> f64
  %y = llvm.fmul %v, %v : f64
  llvm.return %y : f64
}
""")
    g = activity.gradient(m, "gather")
    assert g.argnums == [0]
    assert activity.gradient(m, "gather", args={"x": "dup"}).argnums == [0]  # (review)
    (dx,) = g(np.array([1.0, 2.0, 3.0]), np.array([2], np.int32))
    assert dx.tolist() == [0.0, 0.0, 6.0]


def test_a_compared_pointer_is_not_copied() -> None:
    """A pointer the code only reads and compares was taken as written, and copied per
    call (a helper's finding)."""
    m = activity.parse("""
llvm.func @first_unless_same(%x: !llvm.ptr, %y: !llvm.ptr) -> f64 {
  %z = llvm.mlir.constant(0.0 : f64) : f64
  %same = llvm.icmp "eq" %x, %y : !llvm.ptr
  %v = llvm.load %x : !llvm.ptr -> f64
  %w = llvm.load %y : !llvm.ptr -> f64
  %p = llvm.fmul %v, %w : f64
  %r = llvm.select %same, %z, %p : i1, f64
  llvm.return %r : f64
}
""")
    g = activity.gradient(m, "first_unless_same")
    assert g.copy == [False, False]
    a, b = np.array([3.0]), np.array([4.0])
    dx, dy = g(a, b)
    assert dx.tolist() == [4.0] and dy.tolist() == [3.0]
