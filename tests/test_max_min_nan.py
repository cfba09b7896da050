"""MLIR's four float max/min ops differ on NaN and signed zeros, and the op table (so
the interpreter, the compiled code and the AD's recomputations) keeps them apart:
``maximumf``/``minimumf`` give NaN when either operand is NaN and order -0 below +0
(IEEE 754-2019 maximum/minimum, ``llvm.maximum``); ``maxnumf``/``minnumf`` give the
other operand when one is NaN (C's ``fmax``/``fmin``, ``llvm.maxnum``).  The op table
once computed all four as ``a < b ? b : a``: ``maximumf(1, NaN)`` was 1 and
``maxnumf(NaN, 1)`` NaN."""

from __future__ import annotations

import math
import shutil

import numpy as np
import pytest

import activity
from activity.codegen import compile
from activity.ops import TABLE
from activity.ops.num import FLOAT
from activity.semantics import Interpreter

NAN = math.nan
PAIRS = [(1.0, NAN), (NAN, 1.0), (NAN, NAN), (-0.0, 0.0), (0.0, -0.0), (-0.0, -0.0),
         (2.0, 3.0), (3.0, 2.0), (-1.0, -1.0), (math.inf, NAN), (-math.inf, 5.0)]

# what each op must give (None: NaN)
EXPECT = {
    "maximumf": [None, None, None, 0.0, 0.0, -0.0, 3.0, 3.0, -1.0, None, 5.0],
    "minimumf": [None, None, None, -0.0, -0.0, -0.0, 2.0, 2.0, -1.0, None, -math.inf],
    "maxnumf": [1.0, 1.0, None, "either", "either", -0.0, 3.0, 3.0, -1.0, math.inf, 5.0],
    "minnumf": [1.0, 1.0, None, "either", "either", -0.0, 2.0, 2.0, -1.0, math.inf,
                -math.inf],
}

SRC = "\n".join(f"""
func.func @{k}(%a: f64, %b: f64) -> f64 {{
  %r = arith.{k} %a, %b : f64
  func.return %r : f64
}}""" for k in EXPECT)


def _check(kind: str, got: float, want: object) -> None:
    if want is None:
        assert math.isnan(got), (kind, got)
    elif want == "either":
        assert got == 0.0, (kind, got)
    else:
        assert got == want and math.copysign(1.0, got) == math.copysign(1.0, want), (kind, got)


@pytest.mark.parametrize("kind", list(EXPECT))
def test_table_semantics(kind: str) -> None:
    sem = TABLE[f"arith.{kind}"].sem
    for (a, b), want in zip(PAIRS, EXPECT[kind], strict=True):
        (got,) = sem(FLOAT, None, a, b)
        _check(kind, got, want)


@pytest.mark.parametrize("kind", list(EXPECT))
def test_interpreter_and_compiled_code_agree(kind: str) -> None:
    m = activity.parse(SRC)
    f = compile(m, kind)
    for (a, b), want in zip(PAIRS, EXPECT[kind], strict=True):
        ref = Interpreter(m).run(kind, [a, b]).results[0]
        got = f(a, b)
        _check(kind, ref, want)
        _check(kind, got, want)
        if not math.isnan(ref):
            assert math.copysign(1.0, got) == math.copysign(1.0, ref)


def test_llvm_intrinsics_follow_the_same_rules() -> None:
    src = """
func.func @f(%a: f64, %b: f64) -> f64 {
  %r = llvm.intr.maximum(%a, %b) : (f64, f64) -> f64
  %s = llvm.intr.maxnum(%a, %b) : (f64, f64) -> f64
  %t = arith.addf %r, %s : f64
  func.return %t : f64
}
"""
    m = activity.parse(src)
    f = compile(m, "f")
    # maximum(1, NaN) is NaN (and so the sum); maxnum alone would be 1
    assert math.isnan(Interpreter(m).run("f", [1.0, NAN]).results[0])
    assert math.isnan(f(1.0, NAN))
    assert f(2.0, 3.0) == 6.0


def test_a_max_reduction_propagates_nan_in_compiled_loops() -> None:
    """The vectorized/unrolled max loop of a compiled function (GMM's logsumexp
    shape) propagates a NaN anywhere in the array, as the interpreter does."""
    src = """
func.func @m(%v: memref<?xf64>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ninf = arith.constant 0xFFF0000000000000 : f64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %ninf) -> (f64) {
    %x = memref.load %v[%i] : memref<?xf64>
    %y = arith.maximumf %acc, %x : f64
    scf.yield %y : f64
  }
  func.return %r : f64
}
"""
    m = activity.parse(src)
    f = compile(m, "m")
    v = np.linspace(-1.0, 1.0, 37)
    assert f(v, 37) == 1.0
    for k in (0, 17, 36):
        w = v.copy()
        w[k] = NAN
        assert math.isnan(f(w, 37))
        assert math.isnan(Interpreter(m).run("m", [w, 37]).results[0])


@pytest.mark.skipif(shutil.which("mlir-opt-22") is None, reason="mlir-opt-22 not installed")
def test_upstream_lowering_agrees() -> None:
    from activity.codegen.upstream import compile_upstream

    m = activity.parse(SRC)
    for kind in ("maximumf", "minimumf"):
        up = compile_upstream(m, kind)
        mine = compile(m, kind)
        for a, b in PAIRS:
            x, y = up(a, b), mine(a, b)
            assert (math.isnan(x) and math.isnan(y)) or (
                x == y and math.copysign(1.0, x) == math.copysign(1.0, y)), (kind, a, b)


def test_fast_math_flags_drop_the_nan_and_zero_handling() -> None:
    """``fastmath<nnan,nsz>`` promises neither NaN nor a signed zero matters: the op is
    then a plain compare and select (what a reduction chain waits on)."""
    plain = """
func.func @f(%a: f64, %b: f64) -> f64 {
  %r = arith.maximumf %a, %b fastmath<nnan,nsz> : f64
  func.return %r : f64
}
"""
    strict = plain.replace(" fastmath<nnan,nsz>", "")
    fast, slow = compile(activity.parse(plain), "f"), compile(activity.parse(strict), "f")
    assert "fcmp uno" not in fast.llvm_ir and "fcmp uno" in slow.llvm_ir
    assert fast(2.0, 3.0) == slow(2.0, 3.0) == 3.0


def test_the_intrinsic_switch_gives_the_same_results(monkeypatch: pytest.MonkeyPatch) -> None:
    """``llvmnum.MAXIMUM_INTRINSIC`` (upstream's ``llvm.maximum``, kept for
    side-by-side timing) computes what the compares and selects do."""
    from activity.codegen import llvmnum
    from activity.codegen.jit import clear_cache

    m = activity.parse(SRC)
    monkeypatch.setattr(llvmnum, "MAXIMUM_INTRINSIC", True)
    clear_cache()
    try:
        for kind in ("maximumf", "minimumf"):
            f = compile(m, kind)
            assert f"llvm.{kind[:-1]}" in f.llvm_ir
            for (a, b), want in zip(PAIRS, EXPECT[kind], strict=True):
                _check(kind, f(a, b), want)
    finally:
        monkeypatch.undo()
        clear_cache()


REDUCE = """
func.func @r(%a: memref<?xf64>, %n: index, %init: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%init) -> f64 {
    %v = memref.load %a[%i] : memref<?xf64>
    scf.reduce(%v : f64) {
    ^bb0(%l: f64, %r: f64):
      %u = arith.KIND %l, %r : f64
      scf.reduce.return %u : f64
    }
  }
  func.return %m : f64
}
"""


@pytest.mark.parametrize("kind", list(EXPECT))
def test_parallel_reductions_start_from_an_identity(kind: str) -> None:
    """Threads (host or emulated GPU) start their partial results at the op's
    identity: -inf/+inf for maximumf/minimumf, NaN for maxnumf/minnumf (maxnum(-inf,
    NaN) is -inf, so an all-NaN array reduced to -inf on threads; a review found it)."""
    m = activity.parse(REDUCE.replace("KIND", kind))
    variants = [compile(m, "r"), compile(m, "r", threads=3),
                compile(m, "r", target="gpu", emulate=True)]
    for a, n, init in ((np.full(8, NAN), 8, NAN), (np.array([1.0, NAN, 3.0]), 3, NAN),
                       (np.array([-0.0, -0.0]), 2, -0.0), (np.array([2.0, -5.0]), 2, 0.5)):
        ref = Interpreter(m).run("r", [a.copy(), n, init]).results[0]
        for f in variants:
            got = f(a.copy(), n, init)
            assert (math.isnan(ref) and math.isnan(got)) or got == ref, (kind, a, got, ref)


def test_gradient_goes_to_the_operand_maxnum_picks() -> None:
    """``maxnumf(NaN, b)`` is ``b``, so ``b`` gets the adjoint (the partials once said
    ``a``): a running ``fmax`` started from NaN differentiates to the maximum's
    position."""
    src = """
func.func @h(%x: memref<?xf64>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %nan = arith.constant 0x7FF8000000000000 : f64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %nan) -> (f64) {
    %v = memref.load %x[%i] : memref<?xf64>
    %y = arith.KIND %acc, %v : f64
    scf.yield %y : f64
  }
  func.return %r : f64
}"""
    x = np.array([3.0, 1.0, 2.0])
    for kind, at in (("maxnumf", 0), ("minnumf", 1)):
        m = activity.parse(src.replace("KIND", kind))
        (dx,) = activity.gradient(m, "h", argnums=(0,))(x.copy(), 3)
        want = np.zeros(3)
        want[at] = 1.0
        assert np.array_equal(dx, want), (kind, dx)
    for a, b, want in ((NAN, 2.0, (0.0, 1.0)), (2.0, NAN, (1.0, 0.0)), (1.0, 2.0, (0.0, 1.0))):
        g = activity.gradient(activity.parse(SRC), "maxnumf")
        assert tuple(map(float, g(a, b))) == want


def test_half_precision_operands() -> None:
    """f16 max/min compile to code that stays in the operands' type (an arm built from
    the doubles' bits once left a call to a missing ``__truncdfhf2``: a crash)."""
    src = "\n".join(f"""
func.func @{k}(%a: f16, %b: f16) -> f16 {{
  %r = arith.{k} %a, %b : f16
  func.return %r : f16
}}""" for k in EXPECT)
    m = activity.parse(src)
    for kind in EXPECT:
        f = compile(m, kind)
        for (a, b), want in zip(PAIRS, EXPECT[kind], strict=True):
            _check(kind, float(f(a, b)), want)
