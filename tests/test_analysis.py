"""Unit tests of the activity analysis: one per transfer function and control-flow form.

Each test states a precise expectation (active / varied / useful / const) so that both
an unsound analysis (too few active) and an imprecise one (too many) fail."""

from __future__ import annotations

import shutil
import subprocess
import warnings
from pathlib import Path
from typing import Any

import pytest

import activity
from activity.errors import ActivityError
from tests.helpers import act, run


def test_straight_line_varied_useful_active() -> None:
    r, t = run("""
    func.func @f(%x: f64, %y: f64 {activity.arg = "const"}) -> f64 {
      %a = arith.mulf %x, %y {tag = "a"} : f64
      %b = arith.mulf %y, %y {tag = "b"} : f64
      %c = arith.addf %a, %b {tag = "c"} : f64
      %d = math.sin %x {tag = "d"} : f64
      %e = arith.constant {tag = "e"} 2.0 : f64
      func.return %c : f64
    }""")
    assert act(r, t, "a") == "active"
    assert act(r, t, "b") == "useful"      # only depends on const inputs
    assert act(r, t, "c") == "active"
    assert act(r, t, "d") == "varied"      # never reaches the result
    assert act(r, t, "e") == "const"


def test_casts_fptosi_kills_bitcast_round_trip_keeps() -> None:
    r, t = run("""
    func.func @f(%x: f64) -> f64 {
      %i = arith.fptosi %x {tag = "i"} : f64 to i64
      %j = arith.sitofp %i {tag = "j"} : i64 to f64
      %b = arith.bitcast %x {tag = "b"} : f64 to i64
      %k = arith.bitcast %b {tag = "k"} : i64 to f64
      %e = arith.extf %x {tag = "e"} : f64 to f128
      %s = arith.addf %j, %k : f64
      func.return %s : f64
    }""")
    assert act(r, t, "i") == "const"  # fptosi kills the derivative both ways
    assert act(r, t, "j") == "useful"
    assert act(r, t, "b") == "active"
    assert act(r, t, "k") == "active"
    assert act(r, t, "e") == "varied"


def test_select_and_compare_carry_no_derivative_from_condition() -> None:
    r, t = run("""
    func.func @f(%x: f64, %y: f64 {activity.arg = "const"}) -> f64 {
      %c = arith.cmpf olt, %x, %y : f64
      %s = arith.select %c, %y, %y {tag = "s"} : f64
      %u = arith.select %c, %x, %y {tag = "u"} : f64
      %r = arith.addf %s, %u : f64
      func.return %r : f64
    }""")
    assert act(r, t, "s") == "useful"
    assert act(r, t, "u") == "active"


def test_integer_outputs_make_nothing_active() -> None:
    r, t = run("""
    func.func @f(%x: f64) -> i64 {
      %a = arith.mulf %x, %x {tag = "a"} : f64
      %i = arith.fptosi %a {tag = "i"} : f64 to i64
      func.return %i : i64
    }""")
    assert act(r, t, "a") == "varied"
    assert r.stats("f").active_ops == 0


def test_scf_if_results_and_regions() -> None:
    r, t = run("""
    func.func @f(%x: f64, %c: i1) -> f64 {
      %k = arith.constant 1.0 : f64
      %r = scf.if %c -> (f64) {
        %a = arith.mulf %x, %x {tag = "then"} : f64
        scf.yield %a : f64
      } else {
        %b = arith.addf %k, %k {tag = "else"} : f64
        scf.yield %b : f64
      } {tag = "if"}
      func.return %r : f64
    }""")
    assert act(r, t, "then") == "active"
    assert act(r, t, "else") == "useful"
    assert act(r, t, "if") == "active"


def test_scf_for_back_edge_makes_iter_arg_varied() -> None:
    # %acc starts constant; it becomes varied only through the back edge.
    r, t = run("""
    func.func @f(%x: f64, %n: index) -> f64 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %z = arith.constant {tag = "z"} 0.0 : f64
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f64) {
        %u = arith.addf %acc, %acc {tag = "u"} : f64
        %v = arith.addf %u, %x {tag = "v"} : f64
        scf.yield %v : f64
      } {tag = "for"}
      func.return %r : f64
    }""")
    assert act(r, t, "z") == "useful"
    assert act(r, t, "u") == "active"
    assert act(r, t, "for") == "active"


def test_scf_for_zero_trip_result_flows_from_init() -> None:
    r, t = run("""
    func.func @f(%x: f64, %n: index) -> f64 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %y = arith.mulf %x, %x {tag = "y"} : f64
      %k = arith.constant 3.0 : f64
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %y) -> (f64) {
        scf.yield %k : f64
      }
      func.return %r : f64
    }""")
    assert act(r, t, "y") == "active"


def test_scf_while_before_after_regions() -> None:
    r, t = run("""
    func.func @f(%x: f64, %n: i64) -> f64 {
      %c0 = arith.constant 0 : i64
      %c1 = arith.constant 1 : i64
      %one = arith.constant 1.0 : f64
      %r:2 = scf.while (%i = %c0, %a = %one) : (i64, f64) -> (i64, f64) {
        %cond = arith.cmpi slt, %i, %n : i64
        scf.condition(%cond) %i, %a : i64, f64
      } do {
      ^bb0(%j: i64, %b: f64):
        %j2 = arith.addi %j, %c1 {tag = "j2"} : i64
        %b2 = arith.mulf %b, %x {tag = "b2"} : f64
        scf.yield %j2, %b2 : i64, f64
      } attributes {tag = "while"}
      func.return %r#1 : f64
    }""")
    assert act(r, t, "b2") == "active"
    assert act(r, t, "j2") == "const"
    assert r.value(t["while"].results[1]).active
    assert not r.value(t["while"].results[0]).active


def test_cf_branches_with_block_arguments() -> None:
    r, t = run("""
    func.func @f(%x: f64, %c: i1) -> f64 {
      %k = arith.constant {tag = "k"} 2.0 : f64
      cf.cond_br %c, ^a(%x : f64), ^b(%k : f64)
    ^a(%p: f64):
      %q = arith.mulf %p, %p {tag = "q"} : f64
      cf.br ^end(%q : f64)
    ^b(%s: f64):
      %w = arith.addf %s, %s {tag = "w"} : f64
      cf.br ^end(%w : f64)
    ^end(%r: f64):
      func.return %r : f64
    }""")
    assert act(r, t, "q") == "active"
    assert act(r, t, "w") == "useful"
    assert act(r, t, "k") == "useful"


def test_memory_store_then_load_is_flow_sensitive() -> None:
    r, t = run("""
    func.func @f(%x: f64) -> f64 {
      %c0 = arith.constant 0 : index
      %m = memref.alloca() {tag = "m"} : memref<1xf64>
      %k = arith.constant 1.0 : f64
      memref.store %k, %m[%c0] : memref<1xf64>
      %before = memref.load %m[%c0] {tag = "before"} : memref<1xf64>
      memref.store %x, %m[%c0] {tag = "st"} : memref<1xf64>
      %after = memref.load %m[%c0] {tag = "after"} : memref<1xf64>
      %s = arith.addf %before, %after : f64
      func.return %s : f64
    }""")
    assert act(r, t, "before") == "useful"  # no varied data in %m yet
    assert act(r, t, "after") == "active"
    assert r.op_active(t["st"])
    assert act(r, t, "m") == "active"


def test_store_never_read_is_not_useful() -> None:
    r, t = run("""
    func.func @f(%x: f64) -> f64 {
      %c0 = arith.constant 0 : index
      %m = memref.alloc() : memref<4xf64>
      %y = arith.mulf %x, %x {tag = "y"} : f64
      memref.store %y, %m[%c0] {tag = "st"} : memref<4xf64>
      memref.dealloc %m : memref<4xf64>
      func.return %x : f64
    }""")
    assert act(r, t, "y") == "varied"
    assert not r.op_active(t["st"])


def test_aliasing_through_cast_and_subview() -> None:
    r, t = run("""
    func.func @f(%x: f64) -> f64 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %m = memref.alloc() : memref<4xf64>
      %v = memref.subview %m[1] [2] [1] : memref<4xf64> to memref<2xf64, strided<[1], offset: 1>>
      %w = "memref.cast"(%m) : (memref<4xf64>) -> memref<?xf64>
      memref.store %x, %v[%c0] : memref<2xf64, strided<[1], offset: 1>>
      %a = memref.load %w[%c1] {tag = "a"} : memref<?xf64>
      %o = memref.alloc() : memref<4xf64>
      %b = memref.load %o[%c1] {tag = "b"} : memref<4xf64>
      %s = arith.addf %a, %b : f64
      func.return %s : f64
    }""")
    assert act(r, t, "a") == "active"
    assert act(r, t, "b") == "useful"  # a different allocation site


def test_copy_moves_activity_between_buffers() -> None:
    r, t = run("""
    func.func @f(%x: f64) -> f64 {
      %c0 = arith.constant 0 : index
      %m = memref.alloc() : memref<2xf64>
      %n = memref.alloc() : memref<2xf64>
      memref.store %x, %m[%c0] : memref<2xf64>
      "memref.copy"(%m, %n) {tag = "copy"} : (memref<2xf64>, memref<2xf64>) -> ()
      %a = memref.load %n[%c0] {tag = "a"} : memref<2xf64>
      func.return %a : f64
    }""")
    assert act(r, t, "a") == "active"
    assert r.op_active(t["copy"])


def test_dup_and_const_buffers() -> None:
    src = """
    func.func @f(%a: memref<4xf64>, %b: memref<4xf64>, %x: f64) -> f64 {
      %c0 = arith.constant 0 : index
      %la = memref.load %a[%c0] {tag = "la"} : memref<4xf64>
      %lb = memref.load %b[%c0] {tag = "lb"} : memref<4xf64>
      %k = arith.constant {tag = "k"} 3.0 : f64
      memref.store %k, %a[%c0] : memref<4xf64>
      %s = arith.addf %la, %lb : f64
      func.return %s : f64
    }"""
    r, t = run(src, args=["dup", "const", "const"])
    assert act(r, t, "la") == "active"
    assert act(r, t, "lb") == "useful"
    assert act(r, t, "k") == "useful"  # stored into dup memory: an active output
    r, t = run(src, args={"a": "const", "b": "dup", "x": "active"})
    assert act(r, t, "la") == "useful"
    assert act(r, t, "lb") == "active"


def test_alias_args_may_versus_distinct() -> None:
    src = """
    func.func @f(%a: memref<4xf64>, %b: memref<4xf64>, %x: f64) -> f64 {
      %c0 = arith.constant 0 : index
      memref.store %x, %a[%c0] : memref<4xf64>
      %lb = memref.load %b[%c0] {tag = "lb"} : memref<4xf64>
      func.return %lb : f64
    }"""
    r, t = run(src, args=["const", "const", "active"])
    assert act(r, t, "lb") == "useful"
    r, t = run(src, args=["const", "const", "active"], alias_args="may")
    assert act(r, t, "lb") == "active"


def test_calls_are_interprocedural_and_recursion_terminates() -> None:
    r, t = run("""
    func.func @sq(%v: f64) -> f64 {
      %r = arith.mulf %v, %v {tag = "sq"} : f64
      func.return %r : f64
    }
    func.func @rec(%v: f64, %n: i64) -> f64 {
      %c0 = arith.constant 0 : i64
      %c1 = arith.constant 1 : i64
      %done = arith.cmpi sle, %n, %c0 : i64
      %r = scf.if %done -> (f64) {
        scf.yield %v : f64
      } else {
        %m = arith.subi %n, %c1 : i64
        %w = func.call @rec(%v, %m) {tag = "inner"} : (f64, i64) -> f64
        %u = arith.mulf %w, %v {tag = "u"} : f64
        scf.yield %u : f64
      }
      func.return %r : f64
    }
    func.func @f(%x: f64, %n: i64) -> f64 {
      %k = arith.constant 2.0 : f64
      %a = func.call @sq(%x) {tag = "a"} : (f64) -> f64
      %b = func.call @rec(%a, %n) {tag = "b"} : (f64, i64) -> f64
      func.return %b : f64
    }""")
    assert act(r, t, "a") == "active"
    assert act(r, t, "sq") == "active"
    assert act(r, t, "inner") == "active"
    assert act(r, t, "u") == "active"
    assert set(r.functions) == {"f", "sq", "rec"}


def test_callee_memory_effects_flow_back_to_caller() -> None:
    r, t = run("""
    func.func private @put(%m: memref<1xf64>, %v: f64) {
      %c0 = arith.constant 0 : index
      memref.store %v, %m[%c0] : memref<1xf64>
      func.return
    }
    func.func @f(%x: f64) -> f64 {
      %c0 = arith.constant 0 : index
      %m = memref.alloca() : memref<1xf64>
      %n = memref.alloca() : memref<1xf64>
      %k = arith.constant 1.0 : f64
      func.call @put(%m, %x) : (memref<1xf64>, f64) -> ()
      func.call @put(%n, %k) : (memref<1xf64>, f64) -> ()
      %a = memref.load %m[%c0] {tag = "a"} : memref<1xf64>
      %b = memref.load %n[%c0] {tag = "b"} : memref<1xf64>
      %s = arith.addf %a, %b : f64
      func.return %s : f64
    }""")
    assert act(r, t, "a") == "active"
    # context-insensitive: @put's %v is varied from the first call, so the second
    # call's store writes 'varied' data into %n as far as the analysis knows -- sound.
    assert act(r, t, "b") in ("active", "useful")


def test_llvm_memory_gep_malloc_memcpy() -> None:
    r, t = run("""
    llvm.func @malloc(i64) -> !llvm.ptr
    llvm.func @f(%x: f64, %y: f64) -> f64 {
      %c1 = llvm.mlir.constant(1 : i64) : i64
      %c16 = llvm.mlir.constant(16 : i64) : i64
      %p = llvm.call @malloc(%c16) : (i64) -> !llvm.ptr
      %q = llvm.call @malloc(%c16) : (i64) -> !llvm.ptr
      %p1 = llvm.getelementptr %p[%c1] : (!llvm.ptr, i64) -> !llvm.ptr, f64
      llvm.store %x, %p1 : f64, !llvm.ptr
      llvm.store %y, %p : f64, !llvm.ptr
      "llvm.intr.memcpy"(%q, %p, %c16) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
      %a = llvm.load %q {tag = "a"} : !llvm.ptr -> f64
      %k = llvm.fmul %a, %a {tag = "k"} : f64
      llvm.return %k : f64
    }""", args=["active", "const"])
    assert act(r, t, "a") == "active"
    assert act(r, t, "k") == "active"


def test_llvm_pointer_stored_in_memory_is_followed() -> None:
    r, t = run("""
    llvm.func @f(%x: f64) -> f64 {
      %c1 = llvm.mlir.constant(1 : i64) : i64
      %slot = llvm.alloca %c1 x !llvm.ptr : (i64) -> !llvm.ptr
      %buf = llvm.alloca %c1 x f64 : (i64) -> !llvm.ptr
      %other = llvm.alloca %c1 x f64 : (i64) -> !llvm.ptr
      llvm.store %buf, %slot : !llvm.ptr, !llvm.ptr
      %b2 = llvm.load %slot : !llvm.ptr -> !llvm.ptr
      llvm.store %x, %b2 : f64, !llvm.ptr
      %a = llvm.load %buf {tag = "a"} : !llvm.ptr -> f64
      %o = llvm.load %other {tag = "o"} : !llvm.ptr -> f64
      %s = llvm.fadd %a, %o : f64
      llvm.return %s : f64
    }""")
    assert act(r, t, "a") == "active"
    assert act(r, t, "o") == "useful"


def test_known_libm_call_behaves_like_math_op() -> None:
    r, t = run("""
    llvm.func @sin(f64) -> f64
    llvm.func @f(%x: f64) -> f64 {
      %s = llvm.call @sin(%x) {tag = "s"} : (f64) -> f64
      llvm.return %s : f64
    }""")
    assert act(r, t, "s") == "active"
    assert not r.warnings


def test_unknown_op_fallback_warns_and_strict_fails() -> None:
    src = """
    func.func @f(%x: f64) -> f64 {
      %y = "mystery.op"(%x) {tag = "y"} : (f64) -> f64
      func.return %y : f64
    }"""
    m = activity.parse(src)
    with pytest.warns(activity.ActivityWarning, match="mystery.op"):
        r = activity.analyze(m, "f")
    assert r.value(m.body.block.first_op.body.block.first_op.results[0]).active
    with pytest.raises(ActivityError, match="mystery.op"):
        activity.analyze(m, "f", strict=True)


def test_unknown_external_function_is_conservative() -> None:
    r, t = run("""
    func.func private @ext(memref<2xf64>, f64)
    func.func @f(%x: f64) -> f64 {
      %c0 = arith.constant 0 : index
      %m = memref.alloc() : memref<2xf64>
      func.call @ext(%m, %x) : (memref<2xf64>, f64) -> ()
      %a = memref.load %m[%c0] {tag = "a"} : memref<2xf64>
      func.return %a : f64
    }""")
    assert act(r, t, "a") == "active"
    assert any("ext" in w for _op, w in r.warnings)


def test_argument_spec_errors_are_clear() -> None:
    m = activity.parse("""
    func.func @f(%x: f64, %m: memref<2xf64>, %n: index) -> f64 {
      func.return %x : f64
    }""")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(ActivityError, match="takes 3 argument"):
            activity.analyze(m, "f", ["active"])
        with pytest.raises(ActivityError, match="buffer"):
            activity.analyze(m, "f", ["active", "active", "const"])
        with pytest.raises(ActivityError, match="cannot be active"):
            activity.analyze(m, "f", ["active", "dup", "active"])
        with pytest.raises(ActivityError, match="no argument named"):
            activity.analyze(m, "f", {"zz": "const"})
        with pytest.raises(ActivityError, match="unknown function"):
            activity.analyze(m, "g")


def test_enzyme_const_attribute_and_type_defaults() -> None:
    r, t = run("""
    func.func @f(%x: f64 {enzyme.const}, %y: f64, %m: memref<2xf64>, %n: index) -> f64 {
      %s = arith.addf %x, %y : f64
      func.return %s : f64
    }""")
    assert r.arg_activities("f") == ["const", "active", "dup", "const"]


def test_annotate_enzyme_and_activity_styles() -> None:
    src = """
    func.func @f(%x: f64) -> f64 {
      %k = arith.constant 1.0 : f64
      %y = arith.mulf %x, %k : f64
      func.return %y : f64
    }"""
    m = activity.parse(src)
    r = activity.analyze(m, "f")
    r.annotate("enzyme")
    ops = list(m.body.block.first_op.body.block.ops)
    assert "enzyme.icv" in ops[0].attributes and "enzyme.ici" in ops[0].attributes
    assert "enzyme.icv" not in ops[1].attributes
    m2 = activity.parse(src)
    r2 = activity.analyze(m2, "f")
    r2.annotate("activity")
    ops2 = list(m2.body.block.first_op.body.block.ops)
    assert ops2[1].attributes["activity.op"].data == "active"
    assert ops2[0].attributes["activity.op"].data == "const"


def test_json_contract_shape() -> None:
    r, _t = run("""
    func.func @f(%x: f64 {tag = "x"}) -> f64 {
      %y = arith.mulf %x, %x {tag = "y"} : f64
      func.return %y : f64
    }""")
    j = r.to_json()
    f = j["functions"]["f"]
    assert f["values"]["x"] == {"varied": True, "useful": True, "active": True}
    assert f["values"]["y"]["active"] is True
    assert f["stats"]["ops"] == 2 and f["stats"]["active_ops"] == 2


def test_scf_parallel_with_reduction_and_atomic_rmw() -> None:
    r, t = run("""
    func.func @f(%a: memref<8xf64>, %b: memref<8xf64>, %x: f64) -> f64 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %z = arith.constant 0.0 : f64
      scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
        %v = memref.load %a[%i] {tag = "v"} : memref<8xf64>
        %w = arith.mulf %v, %x {tag = "w"} : f64
        %old = memref.atomic_rmw addf %w, %b[%c0] {tag = "rmw"} : (f64, memref<8xf64>) -> f64
        scf.reduce
      }
      %s = scf.parallel (%i) = (%c0) to (%c8) step (%c1) init (%z) -> f64 {
        %e = memref.load %b[%i] {tag = "e"} : memref<8xf64>
        scf.reduce(%e : f64) {
        ^bb0(%l: f64, %r: f64):
          %t = arith.addf %l, %r {tag = "t"} : f64
          scf.reduce.return %t : f64
        }
      }
      func.return %s : f64
    }""", args=["const", "const", "active"])
    assert act(r, t, "v") == "useful"
    assert act(r, t, "w") == "active"
    assert r.op_active(t["rmw"])
    assert act(r, t, "rmw") == "varied"  # the old value is never used
    assert act(r, t, "e") == "active"
    assert act(r, t, "t") == "active"


# ---------------------------------------------------------------------------
# Strong updates: a store through a must-alias pointer into a one-element stack slot
# (of a non-recursive function, allocated in its entry block) kills the slot's contents.

SLOT = """
func.func @f(%x: f64, %y: f64) -> f64 {
  %s = memref.alloca() {tag = "s"} : memref<f64>
  %w = memref.alloca() {tag = "w"} : memref<1xf64>
  %c0 = arith.constant 0 : index
  %k = arith.constant {tag = "k"} 3.0 : f64
  %sq = arith.mulf %x, %x {tag = "sq"} : f64
  memref.store %sq, %s[] {tag = "st1"} : memref<f64>
  memref.store %k, %s[] {tag = "st2"} : memref<f64>
  %t = memref.load %s[] {tag = "t"} : memref<f64>
  %e = math.exp %y {tag = "e"} : f64
  memref.store %e, %w[%c0] {tag = "st3"} : memref<1xf64>
  %u = memref.load %w[%c0] {tag = "u"} : memref<1xf64>
  memref.store %t, %w[%c0] {tag = "st4"} : memref<1xf64>
  %v = memref.load %w[%c0] {tag = "v"} : memref<1xf64>
  %a = arith.mulf %t, %y {tag = "a"} : f64
  %b = arith.addf %a, %u {tag = "b"} : f64
  %r = arith.addf %b, %v {tag = "r"} : f64
  func.return %r : f64
}"""


def test_strong_update_kills_an_overwritten_slot() -> None:
    """``t = x*x; t = 3; return t*y``: the first store's value is dead (not useful) and
    the load after the overwrite reads a constant (not varied) -- Enzyme-MLIR calls both
    active.  memref<f64> and memref<1xf64> slots alike."""
    r, t = run(SLOT)
    assert act(r, t, "sq") == "varied"      # overwritten before any read
    assert not r.op_active(t["st1"])
    assert act(r, t, "t") == "useful"       # reads the constant 3.0
    assert act(r, t, "u") == "active"       # reads exp(y) before st4 overwrites it
    assert act(r, t, "e") == "active"
    assert act(r, t, "v") == "useful"       # reads t again: not varied
    assert act(r, t, "a") == "active"
    assert r.value(t["sq"].operands[0]).word == "varied"  # x: active input, not useful


def test_strong_updates_only_for_single_location_classes() -> None:
    """The same overwrite pattern stays weak where the slot may be more than one cell or
    the pointer more than one slot: two elements, a heap cell, an alloca in a loop body,
    a pointer selected between two slots, a store narrower than the cell (llvm), and
    any slot of a recursive function.  One strong slot per program shows the kill is on."""
    pattern = """
      %{n}sq = arith.mulf %x, %x {{tag = "{n}sq"}} : f64
      memref.store %{n}sq, %{n}[%c0] : {t}
      memref.store %k, %{n}[%c0] : {t}
      %{n}l = memref.load %{n}[%c0] {{tag = "{n}l"}} : {t}
      %{n}r = arith.addf %acc{n}, %{n}l : f64"""
    cases = [("two", "memref<2xf64>", "memref.alloca()"),
             ("heap", "memref<1xf64>", "memref.alloc()"),
             ("one", "memref<1xf64>", "memref.alloca()")]
    body = "".join(f"\n      %{n} = {a} : {ty}" for n, ty, a in cases)
    acc = "%z"
    for n, ty, _ in cases:
        body += pattern.format(n=n, t=ty).replace(f"%acc{n}", acc)
        acc = f"%{n}r"
    r, t = run(f"""
    func.func @f(%x: f64, %c: i1) -> f64 {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %k = arith.constant 3.0 : f64
      %z = arith.constant 0.0 : f64{body}
      %p = memref.alloca() : memref<1xf64>
      %q = memref.alloca() : memref<1xf64>
      memref.store %x, %p[%c0] : memref<1xf64>
      memref.store %x, %q[%c0] : memref<1xf64>
      %pq = arith.select %c, %p, %q : memref<1xf64>
      memref.store %k, %pq[%c0] : memref<1xf64>
      %sel = memref.load %p[%c0] {{tag = "sel"}} : memref<1xf64>
      %loop = scf.for %i = %c0 to %c1 step %c1 iter_args(%a = {acc}) -> (f64) {{
        %m = memref.alloca() : memref<1xf64>
        memref.store %x, %m[%c0] : memref<1xf64>
        memref.store %k, %m[%c0] : memref<1xf64>
        %ml = memref.load %m[%c0] {{tag = "inloop"}} : memref<1xf64>
        %a2 = arith.addf %a, %ml : f64
        scf.yield %a2 : f64
      }}
      %o = arith.addf %loop, %sel : f64
      func.return %o : f64
    }}""")
    assert act(r, t, "onel") == "useful" and act(r, t, "onesq") == "varied"  # strong
    for tag in ("twol", "heapl", "sel", "inloop"):
        assert act(r, t, tag) == "active", tag
    for tag in ("twosq", "heapsq"):
        assert act(r, t, tag) == "active", tag

    rec = """
    func.func @f(%x: f64, %d: index) -> f64 {
      %s = memref.alloca() : memref<f64>
      %k = arith.constant 3.0 : f64
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      memref.store %x, %s[] : memref<f64>
      memref.store %k, %s[] : memref<f64>
      %l = memref.load %s[] {tag = "l"} : memref<f64>
      %more = arith.cmpi ugt, %d, %c0 : index
      %r = scf.if %more -> (f64) {
        %d1 = arith.subi %d, %c1 : index
        %y = func.call @f(%x, %d1) : (f64, index) -> f64
        scf.yield %y : f64
      } else {
        scf.yield %l : f64
      }
      func.return %r : f64
    }"""
    r, t = run(rec, args=["active", "const"])
    assert act(r, t, "l") == "active"  # f is recursive: two slots may be live

    narrow = """
    llvm.func @f(%x: f64) -> f64 {
      %one = llvm.mlir.constant(1 : i32) : i32
      %k = llvm.mlir.constant(3.0 : f32) : f32
      %s = llvm.alloca %one x f64 : (i32) -> !llvm.ptr
      %t = llvm.alloca %one x f64 : (i32) -> !llvm.ptr
      llvm.store %x, %s : f64, !llvm.ptr
      llvm.store %k, %s : f32, !llvm.ptr
      %l = llvm.load %s {tag = "narrow"} : !llvm.ptr -> f64
      %k64 = llvm.fpext %k : f32 to f64
      llvm.store %x, %t : f64, !llvm.ptr
      llvm.store %k64, %t : f64, !llvm.ptr
      %m = llvm.load %t {tag = "full"} : !llvm.ptr -> f64
      %r = llvm.fadd %l, %m : f64
      llvm.return %r : f64
    }"""
    r, t = run(narrow, args=["active"])
    assert act(r, t, "narrow") == "active"  # an f32 store leaves half the f64 cell
    assert act(r, t, "full") == "useful"


STRONG_C = r"""
#include <math.h>
double f(double x, double y) {
  double t;
  t = x * x;
  t = 3.0;
  double u = t * y;
  t = sin(x) * y;
  u += t;
  t = 2.0;
  return u * t;
}
double g(double x, int n) {
  double acc = 0.0, t = 0.5;
  for (int i = 0; i < n; i++) {
    t = x * i;
    t = t * t;
    acc += t;
    t = 1.0;
  }
  return acc * t;
}
"""


def _clang_O0(tmp_path: Path, source: str) -> Any:
    tools = ("clang-22", "mlir-translate-22")
    if missing := [t for t in tools if shutil.which(t) is None]:
        pytest.skip(f"{', '.join(missing)} not installed")
    c, ll, out = tmp_path / "s.c", tmp_path / "s.ll", tmp_path / "s.mlir"
    c.write_text(source)
    subprocess.run(["clang-22", "-S", "-emit-llvm", "-O0", str(c), "-o", str(ll)],
                   check=True, capture_output=True)
    subprocess.run(["mlir-translate-22", "--import-llvm", str(ll), "-o", str(out)],
                   check=True, capture_output=True)
    return activity.parse(out)


def _func(module: Any, name: str) -> Any:
    return next(op for op in module.body.block.ops
                if getattr(op, "sym_name", None) is not None and op.sym_name.data == name)


def test_strong_updates_on_clang_O0_slots(tmp_path: Path) -> None:
    """clang -O0 keeps ``double t`` in an ``llvm.alloca`` slot: ``t = x*x; t = 3.0`` makes
    the ``x*x`` product dead and the next load of ``t`` constant; the loop's ``t = 1.0``
    leaves ``t`` constant after the loop."""
    m = _clang_O0(tmp_path, STRONG_C)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        r = activity.analyze(m, "f", ["active", "active"])
    f = _func(m, "f")
    ops = [op for op in f.walk() if op.name in ("llvm.fmul", "llvm.load", "llvm.store")]
    fmuls = [op for op in ops if op.name == "llvm.fmul"]
    x2 = fmuls[0]  # x * x
    assert x2.operands[0].owner.name == "llvm.load"
    assert r.value(x2.results[0]).word == "varied"
    assert not r.op_active(x2)
    t_y = fmuls[1]  # t * y with t == 3.0
    assert r.value(t_y.operands[0]).word == "useful"
    assert r.value(fmuls[-1].operands[1]).word == "useful"  # u * t with t == 2.0
    stored = [op for op in ops if op.name == "llvm.store"
              and op.operands[0].owner is x2]
    assert stored and not r.op_active(stored[0])

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        r = activity.analyze(m, "g", ["active", "const"])
    g = _func(m, "g")
    ret = next(op for op in g.walk() if op.name == "llvm.return")
    final = ret.operands[0].owner  # acc * t
    assert r.value(final.operands[1]).word == "useful"  # t: 0.5 or 1.0, never varied
    assert r.value(final.operands[0]).word == "active"  # acc


def test_strong_updates_keep_gradients_right(tmp_path: Path) -> None:
    """AD prunes what the kill makes inactive (the ``x*x`` product gets no adjoint, the
    overwritten store none either, but its slot's shadow is still zeroed): the pruned
    gradient equals the all_active one and finite differences, for memref and llvm
    slots."""
    import numpy as np

    from activity.ad.reverse import Differentiator
    from tests.test_ad import gradients, parse
    from tests.test_ad_llvm import fd, run_grad, tangent_check

    m = parse(SLOT)
    gradients(m, "f", [0.7, 1.3], ["active", "active"])
    d = Differentiator(m, "f", ["active", "active"], True)
    tagged = {getattr(op.attributes.get("tag"), "data", ""): op for op in d.module.walk()}
    assert not d.facts.has_adjoint(tagged["sq"].results[0])  # pruned (all_active: kept)
    assert d.facts.has_shadow(tagged["s"].results[0])  # st2 still zeroes the shadow

    cm = _clang_O0(tmp_path, STRONG_C)
    for fname, inputs in (("f", [0.7, 1.3]), ("g", [0.6, 4])):
        pruned = run_grad(cm, fname, inputs, prune=True)
        full = run_grad(cm, fname, inputs, prune=False)
        want = fd(cm, fname, inputs)
        for a, b, w in zip(pruned, full, want, strict=True):
            if w is None:
                continue
            np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-14)
            np.testing.assert_allclose(a, w, rtol=1e-5, atol=1e-6)
        tangent_check(cm, fname, inputs, pruned, np.random.default_rng(0))
    x, y = 0.7, 1.3
    dx, dy = run_grad(cm, "f", [x, y], prune=True)
    assert dx == pytest.approx(2 * y * np.cos(x)) and dy == pytest.approx(2 * (3 + np.sin(x)))
    df = activity.gradient(cm, "f", argnums=(0, 1))
    assert np.allclose(df(x, y), (dx, dy))


def test_strong_updates_keep_gradients_right_on_random_slot_programs() -> None:
    """Random programs with one-element slots (progen's slot statement): the analysis
    kills, and the pruned gradient passes the dot-product test against forward
    tangents and finite differences and equals the all_active one."""
    import math

    import numpy as np

    from activity.ad import grad
    from activity.ad.check import check_gradient
    from activity.testing.progen import GenConfig, generate

    kills = ok = 0
    for seed in range(10):
        p = generate(seed, GenConfig(slot_weight=6))
        m = p.parse()
        kinds = list(p.args)
        kills += len(activity.analyze(m, p.func, kinds, alias_args=p.alias_args)
                     .solution.kills)
        f32 = "f32" in p.text
        got = {}
        for prune in (True, False):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                g = grad(m, p.func, kinds, prune=prune, alias_args=p.alias_args)
            c = check_gradient(m, g, p.func, p.make_inputs(np.random.default_rng(seed)),
                               kinds, np.random.default_rng(seed + 1),
                               fd_step=None if f32 else 1e-6)
            if not (math.isfinite(c.tangent) and math.isfinite(c.reverse)):
                break
            assert c.err_tangent < (1e-4 if f32 else 1e-6), (seed, prune)
            assert not c.primal_mismatch, (seed, prune)
            got[prune] = c
        if len(got) == 2:
            np.testing.assert_allclose(got[True].adjoints, got[False].adjoints,
                                       rtol=1e-6, atol=1e-9)
            ok += 1
    assert kills >= 10 and ok >= 8, (kills, ok)
