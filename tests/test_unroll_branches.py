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
"""


def _hinted(func: str) -> bool:
    text = str(ModuleLowering(activity.parse(SRC), host_target(3)).lower([func]))
    return '!"llvm.loop.unroll.full"' in text


def test_data_branches_keep_the_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    assert not _hinted("weights")
    assert _hinted("counter")
    monkeypatch.setattr(lowering, "UNROLL_DATA_BRANCHES", True)
    assert _hinted("weights")


def test_condition_classification() -> None:
    m = activity.parse(SRC)
    conds = {op.parent_op().parent_op().sym_name.data: data_dependent(op.operands[0])
             for op in m.walk() if op_name(op) == "scf.if"}
    assert conds == {"weights": True, "counter": False}


def test_results_either_way(monkeypatch: pytest.MonkeyPatch) -> None:
    m = activity.parse(SRC)
    w = np.array([0.0, 0.5, 0.0, 0.0, 1.5, 0.0, 2.0, 0.0])
    x = np.linspace(-1.0, 1.0, 8)
    try:
        for setting in (False, True):
            monkeypatch.setattr(lowering, "UNROLL_DATA_BRANCHES", setting)
            clear_cache()
            for f in ("weights", "counter"):
                want = Interpreter(m).run(f, [w, x]).results[0]
                assert compile(m, f)(w, x) == pytest.approx(want, rel=1e-15)
    finally:
        clear_cache()
