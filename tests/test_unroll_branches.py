"""Full-unrolling hints and branches: a small constant loop whose body branches on data
(a loaded weight, as Hand's bones) stays rolled -- unrolled, LLVM if-converts the
branches and runs every arm -- while a branch on the loop's counter (folded once
unrolled) keeps the hint.  Results are the interpreter's either way."""

from __future__ import annotations

import numpy as np
import pytest

import activity
from activity.codegen import compile
from activity.codegen import lower as lowering
from activity.codegen.jit import clear_cache, host_target
from activity.codegen.lower import ModuleLowering, data_dependent
from activity.ops import op_name
from activity.semantics.interpreter import Interpreter

SRC = """
func.func @weights(%w: memref<?xf64>, %x: memref<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0.0 : f64
  %r = scf.for %b = %c0 to %c8 step %c1 iter_args(%s = %z) -> (f64) {
    %wb = memref.load %w[%b] : memref<?xf64>
    %nz = arith.cmpf one, %wb, %z : f64
    %t = scf.if %nz -> (f64) {
      %xb = memref.load %x[%b] : memref<?xf64>
      %e = math.exp %xb : f64
      %p = arith.mulf %wb, %e : f64
      %u = arith.addf %s, %p : f64
      scf.yield %u : f64
    } else {
      scf.yield %s : f64
    }
    scf.yield %t : f64
  }
  func.return %r : f64
}

func.func @counter(%w: memref<?xf64>, %x: memref<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0.0 : f64
  %r = scf.for %b = %c0 to %c8 step %c1 iter_args(%s = %z) -> (f64) {
    %wb = memref.load %w[%b] : memref<?xf64>
    %k = arith.remui %b, %c3 : index
    %last = arith.cmpi eq, %k, %c0 : index
    %t = scf.if %last -> (f64) {
      %xb = memref.load %x[%b] : memref<?xf64>
      %p = arith.mulf %wb, %xb : f64
      %u = arith.addf %s, %p : f64
      scf.yield %u : f64
    } else {
      %u = arith.addf %s, %wb : f64
      scf.yield %u : f64
    }
    scf.yield %t : f64
  }
  func.return %r : f64
}

func.func @invariant(%w: memref<?xf64>, %x: memref<?xf64>, %y: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0.0 : f64
  %pos = arith.cmpf ogt, %y, %z : f64
  %r = scf.for %b = %c0 to %c8 step %c1 iter_args(%s = %z) -> (f64) {
    %wb = memref.load %w[%b] : memref<?xf64>
    %t = scf.if %pos -> (f64) {
      %u = arith.addf %s, %wb : f64
      scf.yield %u : f64
    } else {
      scf.yield %s : f64
    }
    scf.yield %t : f64
  }
  func.return %r : f64
}

func.func @nest(%w: memref<?xf64>, %x: memref<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0.0 : f64
  %r = scf.for %c = %c0 to %c8 step %c1 iter_args(%s = %z) -> (f64) {
    %wc = memref.load %w[%c] : memref<?xf64>
    %nz = arith.cmpf one, %wc, %z : f64
    %s1 = scf.if %nz -> (f64) {
      %a = arith.addf %s, %wc : f64
      scf.yield %a : f64
    } else {
      scf.yield %s : f64
    }
    %c1p = arith.addi %c, %c1 : index
    %s2 = scf.for %k = %c1p to %c8 step %c1 iter_args(%t = %s1) -> (f64) {
      %xk = memref.load %x[%k] : memref<?xf64>
      %m = arith.mulf %xk, %wc : f64
      %t1 = arith.addf %t, %m fastmath<reassoc> : f64
      scf.yield %t1 : f64
    }
    scf.yield %s2 : f64
  }
  func.return %r : f64
}
"""


def _hinted(func: str) -> bool:
    text = str(ModuleLowering(activity.parse(SRC), host_target(3)).lower([func]))
    return '!"llvm.loop.unroll.full"' in text


def test_data_branches_keep_the_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    assert not _hinted("weights")
    assert _hinted("counter")
    # a branch on a value from outside the loop: LLVM unswitches it
    assert _hinted("invariant")
    # the outer loop branches on data and stays rolled, so its inner loop, whose lower
    # bound moves with the outer counter, cannot be unrolled in full either
    assert not _hinted("nest")
    monkeypatch.setattr(lowering, "UNROLL_DATA_BRANCHES", True)
    assert _hinted("weights")
    assert _hinted("nest")


def test_condition_classification() -> None:
    m = activity.parse(SRC)
    conds = {}
    for op in m.walk():
        if op_name(op) == "scf.if":
            loop = op.parent_op()
            fn = loop.parent_op()
            conds[fn.sym_name.data] = (data_dependent(op.operands[0]),
                                       data_dependent(op.operands[0], loop))
    assert conds == {"weights": (True, True), "counter": (False, False),
                     "invariant": (True, False), "nest": (True, True)}


def test_results_either_way(monkeypatch: pytest.MonkeyPatch) -> None:
    m = activity.parse(SRC)
    w = np.array([0.0, 0.5, 0.0, 0.0, 1.5, 0.0, 2.0, 0.0])
    x = np.linspace(-1.0, 1.0, 8)
    try:
        for setting in (False, True):
            monkeypatch.setattr(lowering, "UNROLL_DATA_BRANCHES", setting)
            clear_cache()
            for f in ("weights", "counter", "invariant", "nest"):
                args = [w, x, 0.5] if f == "invariant" else [w, x]
                want = Interpreter(m).run(f, args).results[0]
                assert compile(m, f)(*args) == pytest.approx(want, rel=1e-15)
    finally:
        clear_cache()
