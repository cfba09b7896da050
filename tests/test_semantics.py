# ruff: noqa: E501  (MLIR test programs have long lines)
"""Tests of the reference interpreter (activity.semantics).

The interpreter is the ground truth of the soundness oracle, so these tests pin its
primal results against hand-computed values and its tangents against central finite
differences, and check the bookkeeping (``perturb``, ``record``, memory tangents) the
oracle relies on.  The LLVM examples are real clang output (see
``tests/data/semantics/README.md``).
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from xdsl.context import Context
from xdsl.dialects import get_all_dialects
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.parser import Parser

from activity.ops import TABLE, OpKind, op_name
from activity.semantics import Interpreter, InterpreterError, RunResult, StepLimitExceeded

DATA = Path(__file__).parent / "data" / "semantics"

_CTX: Context | None = None


def parse(text: str) -> ModuleOp:
    """Parse MLIR text (unknown ops become unregistered ops)."""
    global _CTX
    if _CTX is None:
        _CTX = Context(allow_unregistered=True)
        for name, factory in get_all_dialects().items():
            _CTX.register_dialect(name, factory)
    return Parser(_CTX, text).parse_module()


def run(text: str, fn: str, inputs: list[Any], **kw: Any) -> RunResult:
    return Interpreter(parse(text), **kw).run(fn, inputs)


def tangent(it: Interpreter, fn: str, xs: list[Any], k: int, **kw: Any) -> float:
    """Tangent of result 0 along input k."""
    dx: list[Any] = [None] * len(xs)
    dx[k] = 1.0
    return it.run(fn, xs, dx, **kw).result_tangents[0]


def central_fd(it: Interpreter, fn: str, xs: list[Any], k: int, h: float = 1e-6) -> float:
    up, dn = list(xs), list(xs)
    up[k] += h
    dn[k] -= h
    return (it.run(fn, up).results[0] - it.run(fn, dn).results[0]) / (2 * h)


def assert_close(a: float, b: float, rel: float = 1e-6, abs_: float = 1e-9) -> None:
    assert abs(a - b) <= max(rel * max(abs(a), abs(b)), abs_), (a, b)


def find(module: Operation, name: str, nth: int = 0) -> Operation:
    ops = [op for op in module.walk() if op_name(op) == name]
    return ops[nth]


# ---------------------------------------------------------------------------
# Scalar float ops: every FLOAT entry of the table, tangent vs finite differences.

_FLOAT_OPS = sorted(n for n, s in TABLE.items() if s.kind is OpKind.FLOAT)
_POINT = (0.3, 0.7, 1.1)
_POINTS = {"math.acosh": (1.3,)}  # (ops whose domain excludes _POINT)


def _arity(name: str) -> int:
    spec = TABLE[name]
    for n in (1, 2, 3):
        try:
            spec.sem(None, None, *([0.5] * n))  # type: ignore[misc]
            return n
        except TypeError:
            continue
        except Exception:
            return n
    raise AssertionError(name)


def _float_op_module(name: str, arity: int) -> str:
    args = ", ".join(f"%a{i}: f64" for i in range(arity))
    uses = ", ".join(f"%a{i}" for i in range(arity))
    types = ", ".join(["f64"] * arity)
    return f"""
    func.func @f({args}) -> f64 {{
      %r = "{name}"({uses}) : ({types}) -> f64
      func.return %r : f64
    }}"""


@pytest.mark.parametrize("name", _FLOAT_OPS)
def test_float_op_tangents_match_finite_differences(name: str) -> None:
    arity = _arity(name)
    it = Interpreter(parse(_float_op_module(name, arity)))
    xs = list(_POINTS.get(name, _POINT)[:arity])
    for k in range(arity):
        assert_close(tangent(it, "f", xs, k), central_fd(it, "f", xs, k), rel=1e-6, abs_=1e-8)


def test_float_values_and_f32_rounding() -> None:
    text = """
    func.func @f(%x: f64, %y: f32) -> (f64, f32, f64, f32) {
      %a = arith.divf %x, %x : f64
      %b = arith.addf %y, %y : f32
      %c = math.sqrt %x : f64
      %d = math.sqrt %y : f32
      func.return %a, %b, %c, %d : f64, f32, f64, f32
    }"""
    r = run(text, "f", [0.0, 0.1])
    assert math.isnan(r.results[0])  # 0/0 is NaN, not an exception
    assert r.results[1] == float(np.float32(0.1) + np.float32(0.1))
    assert r.results[2] == 0.0
    assert r.results[3] == float(np.sqrt(np.float32(0.1)))  # rounded to f32
    assert r.results[3] != math.sqrt(float(np.float32(0.1)))
    r = run(text, "f", [-1.0, 1.0])
    assert math.isnan(r.results[2])


def test_loop_program_tangent_matches_finite_differences() -> None:
    text = """
    func.func @f(%x: f64, %y: f64, %n: index) -> f64 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %one = arith.constant 1.0 : f64
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f64) {
        %s = math.sin %acc : f64
        %t = arith.mulf %s, %y : f64
        %ii = arith.index_cast %i : index to i64
        %fi = arith.sitofp %ii : i64 to f64
        %d = arith.addf %fi, %one : f64
        %q = arith.mulf %acc, %acc : f64
        %q2 = arith.divf %q, %d : f64
        %e = math.exp %q2 : f64
        %u = arith.addf %t, %e : f64
        %v = arith.mulf %u, %one : f64
        %w = math.tanh %v : f64
        scf.yield %w : f64
      }
      func.return %r : f64
    }"""
    m = parse(text)
    it = Interpreter(m)
    xs = [0.4, 1.3, 6]
    r = it.run("f", xs, [1.0, 1.0, None], record=True)
    iv = find(m, "scf.for").regions[0].block.args[0]
    assert iv in r.executed and iv not in r.nonzero  # the induction variable is inactive
    for k in (0, 1):
        assert_close(tangent(it, "f", xs, k), central_fd(it, "f", xs, k))
    assert tangent(it, "f", xs, 0) != 0.0


# ---------------------------------------------------------------------------
# Integers, comparisons, select, casts.


def test_integer_ops_wrap_and_division_by_zero() -> None:
    text = """
    func.func @f(%a: i8, %b: i8) -> (i8, i8, i8, i1, i1, i1) {
      %s = arith.addi %a, %b : i8
      %d = arith.divsi %a, %b : i8
      %u = arith.divui %a, %b : i8
      %eq = arith.cmpi eq, %a, %b : i8
      %lt = arith.cmpi slt, %a, %b : i8
      %ult = arith.cmpi ult, %a, %b : i8
      func.return %s, %d, %u, %eq, %lt, %ult : i8, i8, i8, i1, i1, i1
    }"""
    r = run(text, "f", [200, 7])  # 200 is -56 as a signed i8
    assert r.results == (207, 256 - 8, 28, 0, 1, 0)
    assert run(text, "f", [200, 100]).results[:3] == (44, 0, 2)  # wraps; -56/100 -> 0
    assert r.result_tangents == (0.0,) * 6
    r = run(text, "f", [7, 7])
    assert r.results[3] == 1  # predicate number 0 ("eq") works
    with pytest.raises(InterpreterError, match="division by zero"):
        run(text, "f", [7, 0])


def test_cmpf_select_and_tangents() -> None:
    text = """
    func.func @f(%x: f64, %y: f64) -> (f64, i1, i1) {
      %c = arith.cmpf olt, %x, %y : f64
      %s = arith.select %c, %x, %y : f64
      %ne = "arith.cmpf"(%x, %x) <{predicate = 0 : i64}> : (f64, f64) -> i1
      func.return %s, %c, %ne : f64, i1, i1
    }"""
    it = Interpreter(parse(text))
    assert it.run("f", [1.0, 2.0]).results == (1.0, 1, 0)  # predicate 0 is "false"
    assert it.run("f", [1.0, 2.0], [1.0, 10.0]).result_tangents == (1.0, 0.0, 0.0)
    assert it.run("f", [3.0, 2.0], [1.0, 10.0]).result_tangents == (10.0, 0.0, 0.0)
    assert math.isnan(it.run("f", [math.nan, 2.0]).results[0]) is False  # NaN < 2 false
    assert it.run("f", [math.nan, 2.0]).results[1] == 0


def test_bitcast_round_trip_keeps_tangent_but_fptosi_kills_it() -> None:
    text = """
    func.func @f(%x: f64) -> (f64, f64) {
      %i = arith.bitcast %x : f64 to i64
      %y = arith.bitcast %i : i64 to f64
      %a = arith.mulf %y, %y : f64
      %j = arith.fptosi %x : f64 to i64
      %z = arith.sitofp %j : i64 to f64
      %b = arith.mulf %z, %x : f64
      func.return %a, %b : f64, f64
    }"""
    m = parse(text)
    r = Interpreter(m).run("f", [2.5], [1.0], record=True)
    assert r.results == (6.25, 5.0)
    assert r.result_tangents == (5.0, 2.0)  # d(x*x) = 2x; d(trunc(x)*x) = trunc(x)
    bit = find(m, "arith.bitcast").results[0]
    fpi = find(m, "arith.fptosi").results[0]
    assert bit in r.nonzero and fpi not in r.nonzero and fpi in r.executed


# ---------------------------------------------------------------------------
# Memory.


def test_memref_store_load_copy_subview_cast_tangents() -> None:
    text = """
    func.func @f(%x: f64, %out: memref<4xf64>) -> f64 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %m = memref.alloc() : memref<2x3xf64>
      %sq = arith.mulf %x, %x : f64
      memref.store %sq, %m[%c1, %c2] : memref<2x3xf64>
      memref.store %x, %m[%c0, %c0] : memref<2x3xf64>
      %sv = memref.subview %m[1, 1] [1, 2] [1, 1] : memref<2x3xf64> to memref<2xf64, strided<[1], offset: 4>>
      %v = memref.load %sv[%c1] : memref<2xf64, strided<[1], offset: 4>>
      %w = "memref.cast"(%sv) : (memref<2xf64, strided<[1], offset: 4>>) -> memref<?xf64, strided<[1], offset: ?>>
      %o2 = memref.subview %out[2] [2] [1] : memref<4xf64> to memref<2xf64, strided<[1], offset: 2>>
      "memref.copy"(%w, %o2) : (memref<?xf64, strided<[1], offset: ?>>, memref<2xf64, strided<[1], offset: 2>>) -> ()
      func.return %v : f64
    }"""
    m = parse(text)
    out = np.zeros(4)
    r = Interpreter(m).run("f", [3.0, out], [1.0, None], record=True)
    assert r.results == (9.0,) and r.result_tangents == (6.0,)
    np.testing.assert_array_equal(out, [0.0, 0.0, 0.0, 9.0])  # shared with the caller
    np.testing.assert_array_equal(r.buffer_tangents[1], [0.0, 0.0, 0.0, 6.0])
    assert r.buffer_tangents[0] is None
    stores = [op for op in m.walk() if op_name(op) == "memref.store"]
    copy = find(m, "memref.copy")
    assert set(stores) | {copy} == r.memory_nonzero
    # Without a tangent on x nothing in memory is nonzero.
    r = Interpreter(m).run("f", [3.0, np.zeros(4)], record=True)
    assert not r.memory_nonzero and not r.nonzero


def test_memref_argument_tangents_dynamic_subview_dim_and_bounds() -> None:
    text = """
    func.func @f(%a: memref<?x?xf64>, %i: index, %s: f64) -> f64 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %n = memref.dim %a, %c1 : memref<?x?xf64>
      %k = arith.subi %n, %i : index
      %sv = memref.subview %a[%i, %i] [1, %k] [1, 1] : memref<?x?xf64> to memref<?xf64, strided<[1], offset: ?>>
      %r = scf.for %j = %c0 to %k step %c1 iter_args(%acc = %s) -> (f64) {
        %v = memref.load %sv[%j] : memref<?xf64, strided<[1], offset: ?>>
        %p = arith.mulf %v, %acc : f64
        memref.store %p, %sv[%j] : memref<?xf64, strided<[1], offset: ?>>
        scf.yield %p : f64
      }
      func.return %r : f64
    }"""
    it = Interpreter(parse(text))
    a = np.arange(1.0, 10.0).reshape(3, 3)
    da = np.zeros((3, 3))
    da[1, 2] = 1.0
    r = it.run("f", [a, 1, 2.0], [da, None, 0.0])
    # row 1 from column 1: 5, 6 -> acc 2*5 = 10, 10*6 = 60
    assert r.results == (60.0,)
    assert r.result_tangents == (10.0,)
    np.testing.assert_array_equal(a[1], [4.0, 10.0, 60.0])
    np.testing.assert_array_equal(r.buffer_tangents[0][1], [0.0, 0.0, 10.0])
    with pytest.raises(InterpreterError, match="out of bounds"):
        it.run("f", [np.zeros((3, 3)), 5, 1.0])
    text2 = """
    func.func @g(%a: memref<3x3xf64>, %j: index) -> f64 {
      %c0 = arith.constant 0 : index
      %v = memref.load %a[%c0, %j] : memref<3x3xf64>
      func.return %v : f64
    }"""
    it2 = Interpreter(parse(text2))
    assert it2.run("g", [a, 2]).results == (3.0,)
    with pytest.raises(InterpreterError, match="out of bounds"):
        it2.run("g", [a, 3])  # inside the buffer, but past the row


def test_casts_to_a_layout_the_view_does_not_have_are_undefined() -> None:
    """A ``memref.cast`` or ``reinterpret_cast`` to a type whose static layout the view
    does not have (an identity type promises offset 0 and row-major strides) is
    undefined: compiled code takes the type's layout, so the interpreter reports it
    instead of reading the view's.  Casts that keep the promise still run."""
    text = """
    func.func @off(%q: memref<?xf64>, %o: index) -> f64 {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %s = memref.subview %q[%o] [%c2] [1] : memref<?xf64> to memref<?xf64, strided<[1], offset: ?>>
      %v = memref.cast %s : memref<?xf64, strided<[1], offset: ?>> to memref<?xf64>
      %r = memref.load %v[%c0] : memref<?xf64>
      func.return %r : f64
    }
    func.func @stride(%q: memref<?xf64>, %n: index, %s: index) -> f64 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %q2 = memref.reinterpret_cast %q to offset: [0], sizes: [%n, %c1], strides: [%s, 1]
          : memref<?xf64> to memref<?x?xf64>
      %r = memref.load %q2[%c1, %c0] : memref<?x?xf64>
      func.return %r : f64
    }"""
    import activity

    it = Interpreter(activity.parse(text))  # (xDSL has no custom format for memref.cast)
    q = np.arange(4.0)
    assert it.run("off", [q, 0]).results == (0.0,)
    with pytest.raises(InterpreterError, match="offset 2 and strides"):
        it.run("off", [q, 2])
    assert it.run("stride", [q, 2, 1]).results == (1.0,)
    with pytest.raises(InterpreterError, match=r"strides \[0, 1\], which that type"):
        it.run("stride", [q, 2, 0])


def test_memref_globals_reinterpret_collapse_expand_and_int_elements() -> None:
    text = """
    "memref.global"() <{sym_name = "g", sym_visibility = "private", type = memref<2x2xf64>, initial_value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>}> : () -> ()
    "memref.global"() <{sym_name = "z", sym_visibility = "private", type = memref<3xi64>, initial_value}> : () -> ()
    func.func @f(%x: f64) -> (f64, f64, i64, f64) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %g = memref.get_global @g : memref<2x2xf64>
      %flat = memref.collapse_shape %g [[0, 1]] : memref<2x2xf64> into memref<4xf64>
      %v = memref.load %flat[%c3] : memref<4xf64>
      memref.store %x, %flat[%c1] : memref<4xf64>
      %e = memref.expand_shape %flat [[0, 1]] output_shape [2, 2] : memref<4xf64> into memref<2x2xf64>
      %w = memref.load %e[%c0, %c1] : memref<2x2xf64>
      %w2 = memref.load %e[%c1, %c0] : memref<2x2xf64>
      %w3 = arith.addf %w, %w2 : f64
      %z = memref.get_global @z : memref<3xi64>
      %b = arith.bitcast %x : f64 to i64
      memref.store %b, %z[%c1] : memref<3xi64>
      %u = memref.load %z[%c1] : memref<3xi64>
      %rc = memref.reinterpret_cast %g to offset: [1], sizes: [2], strides: [2] : memref<2x2xf64> to memref<2xf64, strided<[2], offset: 1>>
      %y = memref.load %rc[%c1] : memref<2xf64, strided<[2], offset: 1>>
      func.return %v, %w3, %u, %y : f64, f64, i64, f64
    }"""
    it = Interpreter(parse(text))
    r = it.run("f", [-0.0], [1.0])
    assert r.results == (4.0, 3.0, 1 << 63, 4.0)  # the bits of -0.0, unsigned
    assert r.result_tangents == (0.0, 1.0, 1.0, 0.0)  # bits ride along through memory
    # A second run starts from fresh globals.
    assert it.run("f", [5.0]).results[1] == 8.0
    assert it.run("f", [5.0]).results[0] == 4.0


def test_memref_int_argument_copy_back() -> None:
    text = """
    func.func @f(%a: memref<3xi32>) {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %v = memref.load %a[%c0] : memref<3xi32>
      %n = arith.subi %v, %v : i32
      %m = arith.constant 1 : i32
      %k = arith.subi %n, %m : i32
      memref.store %k, %a[%c2] : memref<3xi32>
      func.return
    }"""
    a = np.array([5, 6, 7], dtype=np.int32)
    run(text, "f", [a])
    np.testing.assert_array_equal(a, [5, 6, -1])


# ---------------------------------------------------------------------------
# perturb= and record=.


def test_perturb_intermediate_value_every_instance() -> None:
    text = """
    func.func @f(%x: f64, %n: index) -> (f64, f64) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0.0 : f64
      %three = arith.constant 3.0 : f64
      %y = arith.mulf %x, %x : f64
      %z = arith.mulf %y, %three : f64
      %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f64) {
        %h = arith.mulf %x, %three : f64
        %a = arith.addf %acc, %h : f64
        scf.yield %a : f64
      }
      func.return %z, %s : f64, f64
    }"""
    m = parse(text)
    it = Interpreter(m)
    y = find(m, "arith.mulf", 0).results[0]
    h = find(m, "arith.mulf", 2).results[0]
    x = m.body.block.first_op.body.block.args[0]  # type: ignore[attr-defined]
    r = it.run("f", [2.0, 4], perturb={y: 1.0}, record=True)
    assert r.result_tangents == (3.0, 0.0)
    assert y in r.nonzero and x not in r.nonzero
    r = it.run("f", [2.0, 4], perturb={h: 0.5}, record=True)
    assert r.result_tangents == (0.0, 2.0)  # added to each of the 4 instances
    r = it.run("f", [2.0, 4], perturb={x: 1.0}, record=True)
    assert r.result_tangents == (12.0, 12.0)
    assert x in r.nonzero


def test_record_executed_and_nonzero_sets() -> None:
    text = """
    func.func @f(%x: f64, %b: i1) -> f64 {
      %r = scf.if %b -> (f64) {
        %s = math.sin %x : f64
        scf.yield %s : f64
      } else {
        %c = math.cos %x : f64
        %k = arith.constant 2.0 : f64
        scf.yield %k : f64
      }
      func.return %r : f64
    }"""
    m = parse(text)
    it = Interpreter(m)
    s = find(m, "math.sin").results[0]
    c = find(m, "math.cos").results[0]
    k = find(m, "arith.constant").results[0]
    r = it.run("f", [0.5, 1], [1.0, None], record=True)
    assert s in r.executed and c not in r.executed and s in r.nonzero
    r = it.run("f", [0.5, 0], [1.0, None], record=True)
    assert {c, k} <= r.executed and c in r.nonzero and k not in r.nonzero
    assert find(m, "scf.if").results[0] not in r.nonzero
    r = it.run("f", [0.5, 0], [1.0, None])
    assert not r.executed and not r.nonzero  # record=False leaves them empty


def test_nan_tangent_counts_as_nonzero() -> None:
    text = """
    func.func @f(%x: f64) -> f64 {
      %r = math.sqrt %x : f64
      func.return %r : f64
    }"""
    m = parse(text)
    r = Interpreter(m).run("f", [-1.0], [1.0], record=True)
    assert math.isnan(r.result_tangents[0])
    assert find(m, "math.sqrt").results[0] in r.nonzero


# ---------------------------------------------------------------------------
# Control flow and calls.


def test_cfg_branches_scf_while_execute_region_and_assert() -> None:
    text = """
    func.func @f(%x: f64, %n: i64) -> f64 {
      %c0 = arith.constant 0 : i64
      %c1 = arith.constant 1 : i64
      cf.br ^head(%c0, %x : i64, f64)
    ^head(%i: i64, %acc: f64):
      %more = arith.cmpi slt, %i, %n : i64
      cf.cond_br %more, ^body, ^exit(%acc : f64)
    ^body:
      %a2 = arith.mulf %acc, %x : f64
      %i2 = arith.addi %i, %c1 : i64
      cf.br ^head(%i2, %a2 : i64, f64)
    ^exit(%r: f64):
      %ok = arith.cmpi sge, %n, %c0 : i64
      cf.assert %ok, "n must be nonnegative"
      %w = scf.while (%v = %r) : (f64) -> f64 {
        %lim = arith.constant 100.0 : f64
        %c = arith.cmpf olt, %v, %lim : f64
        scf.condition(%c) %v : f64
      } do {
      ^bb0(%v2: f64):
        %d = arith.addf %v2, %v2 : f64
        scf.yield %d : f64
      }
      %e = scf.execute_region -> f64 {
        %h = arith.addf %w, %x : f64
        scf.yield %h : f64
      }
      func.return %e : f64
    }"""
    it = Interpreter(parse(text))
    # x^(n+1) = 8, doubled until >= 100: 128, plus x
    r = it.run("f", [2.0, 2], [1.0, None])
    assert r.results == (130.0,)
    assert r.result_tangents == (16.0 * 3 * 4 + 1,)  # d(16 x^3) + dx
    with pytest.raises(InterpreterError, match="n must be nonnegative"):
        it.run("f", [2.0, -1])


def test_recursion_with_counter() -> None:
    text = """
    func.func @fact(%n: i64, %x: f64) -> f64 {
      %c1 = arith.constant 1 : i64
      %le = arith.cmpi sle, %n, %c1 : i64
      %r = scf.if %le -> (f64) {
        scf.yield %x : f64
      } else {
        %m = arith.subi %n, %c1 : i64
        %f = func.call @fact(%m, %x) : (i64, f64) -> f64
        %nf = arith.sitofp %n : i64 to f64
        %p = arith.mulf %nf, %f : f64
        %q = arith.mulf %p, %x : f64
        scf.yield %q : f64
      }
      func.return %r : f64
    }"""
    it = Interpreter(parse(text))
    r = it.run("fact", [5, 1.5], [0.0, 1.0])
    assert r.results == (120.0 * 1.5**5,)
    assert_close(r.result_tangents[0], 120.0 * 5 * 1.5**4)
    deep = Interpreter(parse(text)).run("fact", [1500, 1.0])  # deep Python recursion
    assert deep.results == (math.inf,)
    with pytest.raises(StepLimitExceeded):
        Interpreter(parse(text), max_steps=50).run("fact", [50, 1.0])
    with pytest.raises(StepLimitExceeded):
        Interpreter(parse(text), max_call_depth=10).run("fact", [50, 1.0])


def test_step_limit_on_infinite_loop() -> None:
    text = """
    func.func @f(%x: f64) -> f64 {
      %t = arith.constant true
      %w = scf.while (%v = %x) : (f64) -> f64 {
        scf.condition(%t) %v : f64
      } do {
      ^bb0(%v2: f64):
        scf.yield %v2 : f64
      }
      func.return %w : f64
    }
    func.func @g(%x: f64) -> f64 {
      cf.br ^bb1
    ^bb1:
      cf.br ^bb1
    }"""
    it = Interpreter(parse(text), max_steps=10_000)
    with pytest.raises(StepLimitExceeded):
        it.run("f", [1.0])
    with pytest.raises(StepLimitExceeded):
        it.run("g", [1.0])


def test_deep_nesting() -> None:
    depth = 200
    head = "func.func @f(%x: f64, %b: i1, %n: index) -> f64 {\n"
    head += "%c0 = arith.constant 0 : index\n%c1 = arith.constant 1 : index\n"
    body = ""
    for d in range(depth):
        if d % 2:
            body += f"%r{d} = scf.if %b -> (f64) {{\n"
        else:
            body += f"%r{d} = scf.for %i{d} = %c0 to %n step %c1 iter_args(%a{d} = %x) -> (f64) {{\n"
    body += "%in = arith.mulf %x, %x : f64\n"
    inner = "%in"
    for d in reversed(range(depth)):
        if d % 2:
            body += f"scf.yield {inner} : f64\n}} else {{\nscf.yield %x : f64\n}}\n"
        else:
            body += f"scf.yield {inner} : f64\n}}\n"
        inner = f"%r{d}"
    text = head + body + f"func.return {inner} : f64\n}}"
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 20_000))  # xDSL's parser recurses per nesting level
    try:
        m = parse(text)
    finally:
        sys.setrecursionlimit(old)
    it = Interpreter(m)
    assert it.run("f", [3.0, 1, 1], [1.0, None, None]).result_tangents == (6.0,)
    assert it.run("f", [3.0, 0, 1]).results == (3.0,)


def test_unknown_op_and_external_function_raise() -> None:
    text = """
    func.func private @mystery(f64) -> f64
    func.func @f(%x: f64) -> f64 {
      %y = "foo.bar"(%x) : (f64) -> f64
      func.return %y : f64
    }
    func.func @g(%x: f64) -> f64 {
      %y = func.call @mystery(%x) : (f64) -> f64
      func.return %y : f64
    }
    func.func @h(%x: f64) -> f64 {
      %y = func.call @sin(%x) : (f64) -> f64
      func.return %y : f64
    }
    func.func private @sin(f64) -> f64"""
    it = Interpreter(parse(text))
    with pytest.raises(InterpreterError, match="foo.bar"):
        it.run("f", [1.0])
    with pytest.raises(InterpreterError, match="mystery"):
        it.run("g", [1.0])
    r = it.run("h", [0.5], [1.0])  # an external alias behaves like math.sin
    assert r.results == (math.sin(0.5),) and r.result_tangents == (math.cos(0.5),)


# ---------------------------------------------------------------------------
# LLVM dialect: hand-written corner cases.


def test_llvm_struct_gep_memset_and_partial_loads() -> None:
    text = """
    func.func @f(%x: f64) -> (f64, i32, f64) {
      %one = llvm.mlir.constant(1 : i64) : i64
      %two = llvm.mlir.constant(2 : i32) : i32
      %idx = llvm.mlir.constant(1 : i32) : i32
      %zero8 = llvm.mlir.constant(0 : i8) : i8
      %len = llvm.mlir.constant(16 : i64) : i64
      %p = "llvm.alloca"(%one) <{elem_type = !llvm.array<2 x struct<(i32, f64)>>}> : (i64) -> !llvm.ptr
      %q = "llvm.getelementptr"(%p, %idx) <{elem_type = !llvm.array<2 x struct<(i32, f64)>>, rawConstantIndices = array<i32: 0, -2147483648, 1>, noWrapFlags = 0 : i32}> : (!llvm.ptr, i32) -> !llvm.ptr
      "llvm.store"(%x, %q) : (f64, !llvm.ptr) -> ()
      %v = "llvm.load"(%q) : (!llvm.ptr) -> f64
      %k = "llvm.getelementptr"(%p) <{elem_type = i8, rawConstantIndices = array<i32: 16>, noWrapFlags = 0 : i32}> : (!llvm.ptr) -> !llvm.ptr
      "llvm.store"(%two, %k) : (i32, !llvm.ptr) -> ()
      %kv = "llvm.load"(%k) : (!llvm.ptr) -> i32
      "llvm.intr.memset"(%k, %zero8, %len) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
      %gone = "llvm.load"(%q) : (!llvm.ptr) -> f64
      func.return %v, %kv, %gone : f64, i32, f64
    }
    func.func @oob(%x: f64) -> f64 {
      %one = llvm.mlir.constant(1 : i64) : i64
      %p = "llvm.alloca"(%one) <{elem_type = f64}> : (i64) -> !llvm.ptr
      %q = "llvm.getelementptr"(%p) <{elem_type = f64, rawConstantIndices = array<i32: 1>, noWrapFlags = 0 : i32}> : (!llvm.ptr) -> !llvm.ptr
      "llvm.store"(%x, %q) : (f64, !llvm.ptr) -> ()
      func.return %x : f64
    }
    func.func @geps(%x: f64) -> f64 {
      %four = llvm.mlir.constant(4 : i64) : i64
      %two = llvm.mlir.constant(2 : i32) : i32
      %p = "llvm.alloca"(%four) <{elem_type = f64}> : (i64) -> !llvm.ptr
      %q = "llvm.getelementptr"(%p) <{elem_type = f64, rawConstantIndices = array<i32: 2>, noWrapFlags = 0 : i32}> : (!llvm.ptr) -> !llvm.ptr
      "llvm.store"(%x, %q) : (f64, !llvm.ptr) -> ()
      %r = "llvm.getelementptr"(%p, %two) <{elem_type = f64, rawConstantIndices = array<i32: -2147483648>, noWrapFlags = 0 : i32}> : (!llvm.ptr, i32) -> !llvm.ptr
      %v = "llvm.load"(%r) : (!llvm.ptr) -> f64
      %a = "llvm.getelementptr"(%p) <{elem_type = !llvm.array<2 x f64>, rawConstantIndices = array<i32: 1, 0>, noWrapFlags = 0 : i32}> : (!llvm.ptr) -> !llvm.ptr
      %w = "llvm.load"(%a) : (!llvm.ptr) -> f64
      %s = "llvm.fmul"(%v, %w) : (f64, f64) -> f64
      func.return %s : f64
    }
    func.func @half(%x: f64) -> f32 {
      %one = llvm.mlir.constant(1 : i64) : i64
      %p = "llvm.alloca"(%one) <{elem_type = f64}> : (i64) -> !llvm.ptr
      "llvm.store"(%x, %p) : (f64, !llvm.ptr) -> ()
      %h = "llvm.load"(%p) : (!llvm.ptr) -> f32
      func.return %h : f32
    }"""
    it = Interpreter(parse(text))
    r = it.run("f", [2.5], [1.0])
    # struct<(i32, f64)> is 16 bytes with the double at 8, so [0][1][1] is byte 24;
    # the i32 at byte 16 and the memset of [16, 32) overlap element 1.
    assert r.results == (2.5, 2, 0.0)
    assert r.result_tangents == (1.0, 0.0, 0.0)
    with pytest.raises(InterpreterError, match="out-of-bounds"):
        it.run("oob", [1.0])
    r = it.run("geps", [3.0], [1.0])  # [2] of f64 == [1][0] of [2 x f64] == byte 16
    assert r.results == (9.0,) and r.result_tangents == (6.0,)
    assert it.run("half", [1.0]).results == (0.0,)  # byte-level reinterpretation
    with pytest.raises(InterpreterError, match="partially overlaps"):
        it.run("half", [1.0], [1.0])


def test_llvm_libc_calls_realloc_memcpy_memset_fabsf() -> None:
    text = """
    llvm.func @malloc(i64) -> !llvm.ptr
    llvm.func @realloc(!llvm.ptr, i64) -> !llvm.ptr
    llvm.func @memcpy(!llvm.ptr, !llvm.ptr, i64) -> !llvm.ptr
    llvm.func @memset(!llvm.ptr, i32, i64) -> !llvm.ptr
    llvm.func @fabsf(f32) -> f32
    llvm.func @free(!llvm.ptr)
    llvm.func @f(%src: !llvm.ptr, %y: f32) -> f64 {
      %8 = llvm.mlir.constant(8 : i64) : i64
      %16 = llvm.mlir.constant(16 : i64) : i64
      %one = llvm.mlir.constant(1 : i32) : i32
      %zero = llvm.mlir.constant(0 : i32) : i32
      %p = llvm.call @malloc(%8) : (i64) -> !llvm.ptr
      %c = llvm.call @memcpy(%p, %src, %8) : (!llvm.ptr, !llvm.ptr, i64) -> !llvm.ptr
      %q = llvm.call @realloc(%c, %16) : (!llvm.ptr, i64) -> !llvm.ptr
      %h = llvm.getelementptr %q[%one] : (!llvm.ptr, i32) -> !llvm.ptr, f64
      %s = llvm.call @memset(%h, %zero, %8) : (!llvm.ptr, i32, i64) -> !llvm.ptr
      %a = llvm.load %q : !llvm.ptr -> f64
      %b = llvm.load %s : !llvm.ptr -> f64
      %m = llvm.call @fabsf(%y) : (f32) -> f32
      %e = llvm.fpext %m : f32 to f64
      %t = llvm.fadd %a, %b : f64
      %u = llvm.fmul %t, %e : f64
      llvm.call @free(%q) : (!llvm.ptr) -> ()
      llvm.return %u : f64
    }"""
    m = parse(text)
    src = np.array([2.5])
    r = Interpreter(m).run("f", [src, -2.0], [np.array([1.0]), 1.0], record=True)
    assert r.results == (5.0,)
    assert r.result_tangents == (2.0 - 2.5,)  # d(a * |y|) = |y| da + a sign(y) dy
    memcpy_call = find(m, "llvm.call", 1)
    assert memcpy_call in r.memory_nonzero
    assert find(m, "llvm.load").results[0] in r.nonzero
    assert find(m, "llvm.load", 1).results[0] not in r.nonzero


# ---------------------------------------------------------------------------
# LLVM dialect: clang output (examples.c at -O0 and -O1).

_MODULES: dict[str, ModuleOp] = {}


def clang_module(level: str) -> ModuleOp:
    if level not in _MODULES:
        _MODULES[level] = parse((DATA / f"examples_{level}.mlir").read_text())
    return _MODULES[level]


@pytest.mark.parametrize("level", ["O0", "O1"])
def test_clang_dot_with_malloc_and_memcpy(level: str) -> None:
    it = Interpreter(clang_module(level))
    a = np.array([1.0, 2.0, 3.0, 4.0])
    b = np.array([0.5, -1.0, 2.0, 3.0])
    r = it.run("dot", [a, b, 4], [np.array([1.0, 0.0, 0.0, 2.0]), None, None])
    assert r.results == (float(a @ b),)
    assert r.result_tangents == (0.5 + 2 * 3.0,)
    np.testing.assert_array_equal(r.buffer_tangents[0], [1.0, 0.0, 0.0, 2.0])
    np.testing.assert_array_equal(r.buffer_tangents[1], np.zeros(4))
    # Finite differences in a direction through both arrays.
    h = 1e-6
    db = np.array([0.0, 1.0, -1.0, 0.5])
    up = it.run("dot", [a, b + h * db, 4]).results[0]
    dn = it.run("dot", [a, b - h * db, 4]).results[0]
    assert_close(it.run("dot", [a, b, 4], [None, db, None]).result_tangents[0],
                 (up - dn) / (2 * h))


@pytest.mark.parametrize("level", ["O0", "O1"])
def test_clang_call_to_sin_and_other_examples(level: str) -> None:
    it = Interpreter(clang_module(level))
    x = 0.7
    r = it.run("sinsq", [x], [1.0])
    assert_close(r.results[0], math.sin(x) ** 2 + x)
    assert_close(r.result_tangents[0], 2 * math.sin(x) * math.cos(x) + 1)
    a = np.array([1.0, 2.0, 3.0, 4.0])
    r = it.run("weighted", [a], [np.ones(4)])  # reads a constant global array
    assert r.results == (0.5 + 3.0 - 6.0 + 12.0,) and r.result_tangents == (3.0,)
    r = it.run("structy", [1.5, 2.5], [1.0, 1.0])  # struct copy on the stack
    assert r.results == (1.5 * 2.5 + 3,) and r.result_tangents == (2.5 + 1.5,)
    c = a.copy()
    r = it.run("scale", [c, 4, 2.0], [None, None, 1.0])
    np.testing.assert_array_equal(c, 2 * a)
    np.testing.assert_array_equal(r.buffer_tangents[0], a)
    assert it.run("punned", [1.5], [1.0]).result_tangents == (3.0,)  # bytes keep tangent
    r = it.run("truncated", [2.5], [1.0])
    assert r.results == (5.0,) and r.result_tangents == (2.0,)  # fptosi kills d(long)x
    assert it.run("fact", [6]).results == (720.0,)
    xs = [1.3, 5]
    assert_close(tangent(it, "powsum", xs, 0), central_fd(it, "powsum", xs, 0))
    r = it.run("cmul", [1.0, 2.0, 3.0, 4.0], [1.0, 0.0, 0.0, 0.0])  # struct result
    assert r.results == ((-5.0, 10.0),) and r.result_tangents == ((3.0, 4.0),)
    if level == "O0":  # perturbing an aggregate perturbs each field (-O1 inlines cmul)
        call = next(op for op in clang_module(level).walk() if op_name(op) == "llvm.call"
                    and op.properties["callee"].root_reference.data == "cmul")  # type: ignore
        r = it.run("cabs2", [1.0, 2.0], perturb={call.results[0]: 1.0}, record=True)
        assert r.result_tangents == (3.0,) and call.results[0] in r.nonzero  # re + 2 im
    r = it.run("cabs2", [1.0, 2.0], [1.0, 0.0])  # (x + iy)^2: re + 2 im = x^2 - y^2 + 4xy
    assert r.results == (1.0 - 4.0 + 8.0,) and r.result_tangents == (2.0 + 8.0,)


def test_clang_float32_pointer_argument_round_trip() -> None:
    text = """
    llvm.func @twice(%p: !llvm.ptr) {
      %v = llvm.load %p : !llvm.ptr -> f32
      %w = llvm.fadd %v, %v : f32
      llvm.store %w, %p : f32, !llvm.ptr
      llvm.return
    }"""
    a = np.array([1.25, 3.0], dtype=np.float32)
    r = run(text, "twice", [a])
    np.testing.assert_array_equal(a, np.array([2.5, 3.0], dtype=np.float32))
    assert r.results == ()


def test_evaluate_names_the_op_that_failed() -> None:
    """``activity.evaluate``'s errors are ``ActivityError``s with the op's place (it
    raised a bare ``InterpreterError`` naming none: user test), and still
    ``InterpreterError``s; importing activity does not load the interpreter for it."""
    import subprocess
    import sys
    from pathlib import Path

    import numpy as np

    import activity
    from activity.evaluate import EvaluationError
    from activity.semantics import InterpreterError

    quick = Path(__file__).resolve().parent.parent / "examples" / "quickstart.mlir"
    with pytest.raises(EvaluationError) as e:
        activity.evaluate(activity.parse(quick), "quickstart", 0.3, 2.0, np.ones(3), 4)
    assert isinstance(e.value, activity.ActivityError) and isinstance(e.value,
                                                                      InterpreterError)
    assert str(e.value) == f"{quick}:34:10: error: memref.load index 3 out of bounds [0, 3)"
    import pickle

    back = pickle.loads(pickle.dumps(e.value))  # (review: a local class did not pickle)
    assert type(back) is EvaluationError and str(back) == str(e.value)
    from activity.semantics.memory import StepLimitExceeded

    with pytest.raises(StepLimitExceeded):  # (review: it came out as EvaluationError)
        activity.evaluate(activity.parse(quick), "quickstart", 0.3, 2.0, np.ones(3), 3,
                          max_steps=5)
    loaded = subprocess.run([sys.executable, "-c", "import sys, activity; print("
                             "'activity.semantics.interpreter' in sys.modules)"],
                            capture_output=True, text=True).stdout.strip()
    assert loaded == "False"


def test_rules_are_found_through_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each op's evaluation is the rule the registry holds for it (a new dialect's rules
    module needs no change of the core), every rule names an op of the table (a
    misspelt name would leave its op unsupported without a word), and vector/tensor
    values reach only rules registered for them."""
    from xdsl.dialects import get_all_dialects

    from activity.semantics import registry
    from activity.tensor.structured import STRUCTURED_OPS

    xdsl_ops = {o.name for d in ("linalg", "tensor", "bufferization")
                for o in get_all_dialects()[d]().operations}
    # (an op outside the table, e.g. linalg.yield, must be one xDSL or the frontend knows)
    assert not [n for n in (*registry.OP_RULES, *registry.TERMINATOR_RULES,
                            *registry.SHAPED_RULES)
                if n not in TABLE and n not in xdsl_ops and n not in STRUCTURED_OPS]
    text = """func.func @f(%a: f64, %b: f64) -> f64 {
      %c = arith.addf %a, %b : f64
      func.return %c : f64
    }"""
    assert run(text, "f", [2.0, 3.0]).results == (5.0,)

    def subtract(ip: Any, op: Operation, spec: Any) -> Any:
        (a, b), (rs, rg) = (ip._s(x) for x in op.operands), ip._sg(op.results[0])
        return lambda V, T: ip._define(V, T, rs, rg, V[a] - V[b], 0.0)

    monkeypatch.setitem(registry.OP_RULES, "arith.addf", subtract)
    assert run(text, "f", [2.0, 3.0]).results == (-1.0,)
    vec = """func.func @v(%a: vector<2xf64>) -> vector<2xf64> {
      %c = arith.addf %a, %a : vector<2xf64>
      func.return %c : vector<2xf64>
    }"""
    it = Interpreter(parse(vec))
    (op,) = [o for o in it.module.walk() if op_name(o) == "arith.addf"]
    with pytest.raises(InterpreterError, match="on vector/tensor values is not supported"):
        it._compile_op(op)([None, None], [0.0, 0.0])
    # values and tangents as numpy arrays, as a tensor level would have them: only rules
    from xdsl.dialects.builtin import VectorType

    def vector_argument(ip: Any, t: Any, x: Any, dx: Any, what: str, shared: Any) -> Any:
        return np.array(x, dtype=np.float64), np.array(dx, dtype=np.float64), lambda: None

    def add(ip: Any, op: Operation, spec: Any) -> Any:
        (a, b), (rs, rg) = (ip._s(x) for x in op.operands), ip._sg(op.results[0])
        return lambda V, T: ip._define(V, T, rs, rg, V[a] + V[b], T[a] + T[b])

    monkeypatch.setitem(registry.OP_RULES, "arith.addf", add)
    registry.SHAPED.add("arith.addf")
    registry.ARGUMENT_RULES.append((VectorType, vector_argument))
    try:
        it = Interpreter(parse(vec))
        r = it.run("v", [[1.0, 2.0]], [[0.0, 0.5]], record=True)
        zero = it.run("v", [[1.0, 2.0]], [[0.0, 0.0]], record=True)
    finally:
        registry.SHAPED.discard("arith.addf")
        registry.ARGUMENT_RULES.pop()
    assert r.results[0].tolist() == [2.0, 4.0] and r.result_tangents[0].tolist() == [0.0, 1.0]
    assert len(r.nonzero) == 2 and not zero.nonzero  # (%a and %c; an all-zero array: none)
