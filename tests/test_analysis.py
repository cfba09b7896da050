"""Unit tests of the activity analysis: one per transfer function and control-flow form.

Each test states a precise expectation (active / varied / useful / const) so that both
an unsound analysis (too few active) and an imprecise one (too many) fail."""

from __future__ import annotations

import warnings

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
