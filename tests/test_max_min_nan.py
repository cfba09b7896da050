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
