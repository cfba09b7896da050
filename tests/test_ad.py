# ruff: noqa: E501  (MLIR test programs have long lines)
"""Tests of the reverse-mode AD generator (activity.ad).

Every gradient is checked by the dot-product test (see activity/ad/check.py) against
the reference interpreter's forward-mode tangents and against central finite
differences, for the pruned gradient and for the ``all_active`` baseline, which must
agree.  Generated modules must verify in xDSL and, where ``mlir-opt-22`` is installed,
in upstream MLIR (``--verify-each`` on the generic print).
"""

from __future__ import annotations

import dataclasses
import io
import json
import math
import shutil
import subprocess
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.printer import Printer

import activity
from activity.ad import GradError, grad
from activity.ad.check import GradCheck, check_gradient
from activity.ad.reverse import Differentiator
from activity.ad.stats import measure
from activity.cli import main
from activity.ops import TABLE, OpKind
from activity.testing.progen import generate

ROOT = Path(__file__).resolve().parent.parent
MLIR_OPT = shutil.which("mlir-opt-22")


# ---------------------------------------------------------------------------------------
# helpers


def parse(text: str) -> ModuleOp:
    return activity.parse(text)


def mlir_verify(module: ModuleOp) -> None:
    """xDSL verification, plus upstream MLIR's when mlir-opt-22 is installed."""
    module.verify()
    if MLIR_OPT is None:
        return
    buf = io.StringIO()
    Printer(stream=buf, print_generic_format=True).print_op(_upstream_clean(module))
    r = subprocess.run([MLIR_OPT, "--verify-each", "-o", "/dev/null"], input=buf.getvalue(),
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[:2000]


def _upstream_clean(module: ModuleOp) -> ModuleOp:
    """A copy without the inputs' non-dialect argument attributes (``{tag = "x"}``), which
    xDSL accepts and upstream MLIR rejects; the generated functions carry none."""
    from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr

    m = module.clone()
    for op in m.walk():
        for key in ("arg_attrs", "res_attrs"):
            a = op.properties.get(key)
            if isinstance(a, ArrayAttr):
                op.properties[key] = ArrayAttr([DictionaryAttr(
                    {k: v for k, v in d.data.items() if "." in k}) for d in a.data])
    return m


def test_mlir_opt_available_or_skipped() -> None:
    if MLIR_OPT is None:
        pytest.skip("mlir-opt-22 not on PATH: upstream MLIR verification is skipped")
    r = subprocess.run([MLIR_OPT, "--version"], capture_output=True, text=True)
    assert r.returncode == 0


def gradients(module: ModuleOp, func: str, inputs: list[Any], kinds: list[str],
              tol: float = 1e-6, fd_tol: float = 1e-6, seed: int = 1,
              fd: bool = True) -> dict[bool, GradCheck]:
    """Check the pruned and the all_active gradient; return both checks."""
    out = {}
    for prune in (True, False):
        g = grad(module, func, kinds, prune=prune)
        mlir_verify(g)
        c = check_gradient(module, g, func, inputs, kinds, np.random.default_rng(seed),
                           fd_step=1e-6 if fd else None)
        assert c.err_tangent < tol, (prune, c.reverse, c.tangent)
        assert not c.primal_mismatch, (prune, c.primal_mismatch)
        if fd:
            assert c.err_fd < fd_tol, (prune, c.reverse, c.fd)
        out[prune] = c
    p, u = out[True], out[False]
    np.testing.assert_allclose(p.adjoints, u.adjoints, rtol=1e-9, atol=1e-12)
    for a, b in zip(p.shadows, u.shadows, strict=True):
        if a is not None:
            np.testing.assert_allclose(a, b, rtol=1e-9, atol=1e-12)
    return out


def stats(module: ModuleOp, func: str, kinds: Any = None, prune: bool = True) -> Any:
    d = Differentiator(module, func, kinds, prune)
    d.run()
    return d.stats


# ---------------------------------------------------------------------------------------
# every differentiable op of the table, one at a time

_VALUES = (0.6, 0.35, 1.2)
_VALUES_OF = {"math.acosh": (1.6,)}  # (ops whose domain excludes _VALUES)


def _float_ops() -> list[str]:
    out = []
    for name, spec in sorted(TABLE.items()):
        if spec.kind != OpKind.FLOAT or spec.partials is None:
            continue
        if name.startswith(("arith.", "math.")):
            out.append(name)
    return out


def _arity(name: str) -> int:
    spec = TABLE[name]
    probe = [0.5, 0.25, 0.75]
    for n in (1, 2, 3):
        try:
            spec.partials(__import__("activity.ops.num", fromlist=["FLOAT"]).FLOAT, *probe[:n])
            return n
        except TypeError:
            continue
    raise AssertionError(name)


@pytest.mark.parametrize("name", _float_ops())
def test_adjoint_of_every_float_op(name: str) -> None:
    """The adjoint of each op comes from the table's partials via the IR backend."""
    n = _arity(name)
    args = ", ".join(f"%a{i}: f64" for i in range(n))
    opnds = ", ".join(f"%a{i}" for i in range(n))
    types = ", ".join(["f64"] * n)
    text = (f"func.func @f({args}) -> f64 {{\n"
            f'  %r = "{name}"({opnds}) : ({types}) -> f64\n'
            f"  func.return %r : f64\n}}\n")
    m = parse(text)
    gradients(m, "f", list(_VALUES_OF.get(name, _VALUES)[:n]), ["active"] * n)


def test_adjoints_of_casts_select_and_f32() -> None:
    text = """
func.func @f(%x: f64, %y: f64, %z: f32) -> f64 {
  %s = arith.truncf %x : f64 to f32
  %t = arith.mulf %s, %z : f32
  %e = arith.extf %t : f32 to f64
  %b = arith.bitcast %e : f64 to i64
  %back = arith.bitcast %b : i64 to f64
  %c = arith.cmpf olt, %x, %y : f64
  %m = arith.select %c, %back, %y : f64
  %mx = arith.maximumf %m, %x : f64
  func.return %mx : f64
}
"""
    m = parse(text)
    gradients(m, "f", [0.75, 0.5, 1.25], ["active", "active", "active"], tol=1e-6,
              fd_tol=1e-4)


# ---------------------------------------------------------------------------------------
# structured control flow and memory

LOOPS = """
func.func @f(%x: f64, %m: memref<?xf64>, %n: index, %k: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f64) {
    %inner = scf.for %j = %c0 to %k step %c1 iter_args(%a = %acc) -> (f64) {
      %l = memref.load %m[%j] : memref<?xf64>
      %p = arith.mulf %a, %l : f64
      %s = math.sin %p : f64
      memref.store %s, %m[%j] : memref<?xf64>
      scf.yield %s : f64
    }
    %c = arith.cmpf ogt, %inner, %zero : f64
    %w = scf.if %c -> (f64) {
      %q = arith.mulf %inner, %inner : f64
      scf.yield %q : f64
    } else {
      %q = math.exp %inner : f64
      scf.yield %q : f64
    }
    scf.yield %w : f64
  }
  func.return %r : f64
}
"""


def test_nested_loops_branches_and_memory() -> None:
    m = parse(LOOPS)
    inp = [0.4, np.array([0.5, -0.8, 1.1]), 3, 3]
    gradients(m, "f", inp, ["active", "dup", "const", "const"])
    inp = [0.4, np.array([0.5, -0.8, 1.1]), 2, 3]
    gradients(m, "f", inp, ["active", "const", "const", "const"])


def test_static_tape_sized_by_trip_counts() -> None:
    m = parse(LOOPS)
    st = stats(m, "f", ["active", "dup", "const", "const"])
    assert st.cached and all(c.kind == "static" for c in st.cached)
    per = sum(8 * 1 for c in st.cached if c.loops == ["n", "k"])
    assert per >= 1
    assert st.static_bytes({"n": 10, "k": 7}) == sum(
        c.bytes_each * math.prod({"n": 10, "k": 7}[x] for x in c.loops) for c in st.cached)
    assert "n*k" in st.static_formula()


NONRECT = """
func.func @f(%x: f64, %m: memref<?xf64>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f64) {
    %i1 = arith.addi %i, %c1 : index
    %inner = scf.for %j = %i1 to %n step %c1 iter_args(%a = %acc) -> (f64) {
      %l = memref.load %m[%j] : memref<?xf64>
      %p = arith.mulf %a, %l : f64
      %t = math.tanh %p : f64
      memref.store %t, %m[%i] : memref<?xf64>
      scf.yield %t : f64
    }
    scf.yield %inner : f64
  }
  func.return %r : f64
}
"""


def test_non_rectangular_loop_uses_the_stack() -> None:
    m = parse(NONRECT)
    gradients(m, "f", [0.7, np.array([0.3, -0.6, 0.9, 0.2]), 4], ["active", "dup", "const"])
    st = stats(m, "f", ["active", "dup", "const"])
    assert any(c.kind == "stack" for c in st.cached)
    ms = measure(m, "f", [0.7, np.array([0.3, -0.6, 0.9, 0.2]), 4], ["active", "dup", "const"])
    assert ms.measured_stack_bytes and ms.measured_stack_bytes > 0


WHILE = """
func.func @f(%x: f64, %lim: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 1.5 : f64
  %r:2 = scf.while (%i = %c0, %a = %x) : (index, f64) -> (index, f64) {
    %s = math.sin %a : f64
    %h = arith.addf %a, %s : f64
    %go = arith.cmpf olt, %a, %lim : f64
    scf.condition(%go) %i, %h : index, f64
  } do {
  ^bb0(%j: index, %b: f64):
    %m = arith.mulf %b, %two : f64
    %sx = math.sin %x : f64
    %e = arith.addf %m, %sx : f64
    %j1 = arith.addi %j, %c1 : index
    scf.yield %j1, %e : index, f64
  }
  %f = arith.index_cast %r#0 : index to i64
  %g = arith.sitofp %f : i64 to f64
  %o = arith.mulf %r#1, %g : f64
  func.return %o : f64
}
"""


def test_while_loop_records_its_trip_count() -> None:
    m = parse(WHILE)
    assert activity.evaluate(m, "f", 0.3, 4.0)[0] > 0
    gradients(m, "f", [0.3, 4.0], ["active", "const"])
    st = stats(m, "f", ["active", "const"])
    assert any(c.kind == "stack" for c in st.cached)  # values of the while body


MEMORY = """
func.func @f(%x: f64, %m: memref<4xf64>, %out: memref<4xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %three = arith.constant 3.0 : f64
  %buf = memref.alloc() : memref<4xf64>
  memref.copy %m, %buf : memref<4xf64> to memref<4xf64>
  %sv = memref.subview %buf[1] [2] [1] : memref<4xf64> to memref<2xf64, strided<[1], offset: 1>>
  %d = memref.cast %buf : memref<4xf64> to memref<?xf64>
  %v = memref.load %sv[%c1] : memref<2xf64, strided<[1], offset: 1>>
  %w = arith.mulf %v, %x : f64
  memref.store %w, %d[%c0] : memref<?xf64>
  scf.for %i = %c0 to %c4 step %c1 {
    %t = memref.alloca() : memref<1xf64>
    %l = memref.load %buf[%i] : memref<4xf64>
    %q = arith.mulf %l, %l : f64
    memref.store %q, %t[%c0] : memref<1xf64>
    %q2 = memref.load %t[%c0] : memref<1xf64>
    memref.store %q2, %out[%i] : memref<4xf64>
  }
  memref.store %three, %m[%c2] : memref<4xf64>
  %r = memref.load %buf[%c0] : memref<4xf64>
  memref.dealloc %buf : memref<4xf64>
  func.return %r : f64
}
"""


def test_memory_ops_shadows_and_overwrites() -> None:
    m = parse(MEMORY)
    inp = [0.9, np.array([0.5, 1.5, -2.0, 0.25]), np.zeros(4)]
    gradients(m, "f", inp, ["active", "dup", "dupnoneed"])
    gradients(m, "f", inp, ["active", "const", "dup"])


def test_store_of_a_constant_kills_the_adjoint() -> None:
    text = """
func.func @f(%x: f64, %m: memref<2xf64>) {
  %c0 = arith.constant 0 : index
  %k = arith.constant 3.0 : f64
  %y = arith.mulf %x, %x : f64
  memref.store %y, %m[%c0] : memref<2xf64>
  memref.store %k, %m[%c0] : memref<2xf64>
  func.return
}
"""
    m = parse(text)
    g = grad(m, "f", ["active", "dup"])
    sh = np.array([1.0, 2.0])
    (dx,) = activity.evaluate(g, "f_grad", 0.5, np.zeros(2), sh)
    assert dx == 0.0 and sh[0] == 0.0 and sh[1] == 2.0


def test_float_bits_through_an_integer_buffer() -> None:
    """bitcast f64 -> i64, store into an i64 buffer, load, bitcast back: the derivative
    rides along, and the i64 buffer's shadow holds the adjoint's bits."""
    text = """
func.func @f(%x: f64, %m: memref<4xi64>) -> f64 {
  %c0 = arith.constant 0 : index
  %b = arith.bitcast %x : f64 to i64
  memref.store %b, %m[%c0] : memref<4xi64>
  %l = memref.load %m[%c0] : memref<4xi64>
  %y = arith.bitcast %l : i64 to f64
  %z = arith.mulf %y, %y : f64
  func.return %z : f64
}
"""
    m = parse(text)
    gradients(m, "f", [1.5, np.zeros(4, dtype=np.int64)], ["active", "const"])
    for prune in (True, False):
        (dx,) = activity.evaluate(grad(m, "f", ["active", "const"], prune=prune), "f_grad",
                                  1.5, np.zeros(4, dtype=np.int64), 1.0)
        assert dx == 3.0


CALLS = """
func.func private @sq(%a: f64, %m: memref<?xf64>, %i: index) -> f64 {
  %l = memref.load %m[%i] : memref<?xf64>
  %p = arith.mulf %a, %l : f64
  %s = math.sin %p : f64
  memref.store %s, %m[%i] : memref<?xf64>
  func.return %p : f64
}
func.func private @rec(%d: index, %x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pos = arith.cmpi ugt, %d, %c0 : index
  %r = scf.if %pos -> (f64) {
    %d1 = arith.subi %d, %c1 : index
    %y = func.call @rec(%d1, %x) : (index, f64) -> f64
    %z = arith.mulf %y, %x : f64
    %w = math.cos %z : f64
    scf.yield %w : f64
  } else {
    scf.yield %x : f64
  }
  func.return %r : f64
}
func.func @f(%x: f64, %m: memref<?xf64>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f64) {
    %v = func.call @sq(%acc, %m, %i) : (f64, memref<?xf64>, index) -> f64
    scf.yield %v : f64
  }
  %q = func.call @rec(%n, %r) : (index, f64) -> f64
  func.return %q : f64
}
"""


def test_calls_in_loops_and_recursion() -> None:
    m = parse(CALLS)
    inp = [0.6, np.array([0.5, -0.4, 0.9]), 3]
    gradients(m, "f", inp, ["active", "dup", "const"])
    gradients(m, "f", inp, ["active", "const", "const"])


def test_unstructured_control_flow_example() -> None:
    m = activity.parse(str(ROOT / "examples" / "cf_loop.mlir"))
    gradients(m, "powi", [1.3, 5], ["active", "const"])


def test_quickstart_example() -> None:
    m = activity.parse(str(ROOT / "examples" / "quickstart.mlir"))
    inp = [0.3, 1.5, np.array([0.5, -0.2, 0.7, 0.1]), 4]
    out = gradients(m, "quickstart", inp, ["active", "const", "const", "const"])
    assert len(out[True].adjoints) == 1


def _in_scope_examples() -> list[Path]:
    return sorted((ROOT / "examples").glob("*.mlir"))


@pytest.mark.parametrize("path", _in_scope_examples(), ids=lambda p: p.name)
def test_every_example_differentiates_and_verifies(path: Path) -> None:
    """Every public function of every example: the gradient verifies, or the generator
    names what it cannot differentiate."""
    from activity.engine.program import Program

    m = activity.parse(str(path))
    for name in Program.of(m).public_functions():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                g = grad(m, name)
            except GradError as e:
                assert "cannot differentiate" in str(e)
                continue
        mlir_verify(g)


# ---------------------------------------------------------------------------------------
# pruning


PRUNABLE = """
func.func @f(%x: f64, %w: f64, %data: memref<?xf64>, %scratch: memref<?xf64>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f64) {
    %d = memref.load %data[%i] : memref<?xf64>
    %wd = arith.mulf %w, %d : f64
    %e = math.exp %wd : f64
    memref.store %e, %scratch[%i] : memref<?xf64>
    %s = memref.load %scratch[%i] : memref<?xf64>
    %t = math.sin %s : f64
    %xs = arith.mulf %x, %t : f64
    %acc2 = arith.addf %acc, %xs : f64
    scf.yield %acc2 : f64
  }
  func.return %r : f64
}
"""


def test_pruning_removes_work_and_keeps_the_gradient() -> None:
    m = parse(PRUNABLE)
    kinds = ["active", "const", "const", "const", "const"]
    inp = [0.5, 0.3, np.array([0.2, 0.4, -0.1]), np.zeros(3), 3]
    gradients(m, "f", inp, kinds)
    p, u = stats(m, "f", kinds, True), stats(m, "f", kinds, False)
    assert p.total_ops < u.total_ops
    assert p.reverse_ops < u.reverse_ops
    assert len(p.cached) < len(u.cached)
    assert p.static_bytes({"n": 100}) < u.static_bytes({"n": 100})  # type: ignore[operator]


def test_inactive_buffer_gets_no_shadow() -> None:
    text = """
func.func @f(%x: f64, %tmp: memref<4xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %k = arith.constant 2.0 : f64
  memref.store %k, %tmp[%c0] : memref<4xf64>
  %l = memref.load %tmp[%c0] : memref<4xf64>
  %y = arith.mulf %x, %l : f64
  func.return %y : f64
}
"""
    m = parse(text)
    g = grad(m, "f", ["active", "const"])
    f = [op for op in g.walk() if getattr(op, "sym_name", None) is not None
         and op.sym_name.data == "f_grad"][0]
    assert not any(op.name == "memref.alloc" for op in f.walk())
    gu = grad(m, "f", ["active", "const"], prune=False)
    fu = [op for op in gu.walk() if getattr(op, "sym_name", None) is not None
          and op.sym_name.data == "f_grad"][0]
    assert any(op.name == "memref.alloc" for op in fu.walk())
    gradients(m, "f", [0.5, np.zeros(4)], ["active", "const"])


# ---------------------------------------------------------------------------------------
# random programs


def _random_check(seed: int) -> str:
    p = generate(seed)
    m = p.parse()
    kinds = list(p.args)
    f32 = "f32" in p.text
    res = {}
    for prune in (True, False):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                g = grad(m, p.func, kinds, prune=prune)
            except GradError as e:
                assert "cannot differentiate" in str(e)
                return "unsupported"
        mlir_verify(g)
        inputs = p.make_inputs(np.random.default_rng(seed))
        try:
            c = check_gradient(m, g, p.func, inputs, kinds, np.random.default_rng(seed + 1),
                               fd_step=None if f32 else 1e-6)
        except Exception as e:  # interpreter-level undefined behaviour in the primal
            if type(e).__name__ in ("InterpreterError", "StepLimitExceeded"):
                return "skipped"
            raise
        if not (math.isfinite(c.tangent) and math.isfinite(c.reverse)):
            if prune or not math.isfinite(c.tangent):
                return "non-differentiable"
            continue  # all_active multiplies 0 by an infinite partial: skip its check
        assert c.err_tangent < (1e-4 if f32 else 1e-6), (seed, prune, c.reverse, c.tangent)
        assert not c.primal_mismatch, (seed, prune, c.primal_mismatch)
        if c.fd is not None and c.err_fd > 1e-4:
            return "non-differentiable"  # a kink (select, max, abs) within the FD step
        res[prune] = c
    if True in res and False in res:
        np.testing.assert_allclose(res[True].adjoints, res[False].adjoints, rtol=1e-6,
                                   atol=1e-9)
    return "ok"


def test_random_programs() -> None:
    outcomes = [_random_check(s) for s in range(16)]
    assert outcomes.count("ok") >= 12, outcomes


@pytest.mark.slow
def test_random_programs_many() -> None:
    outcomes = [_random_check(s) for s in range(16, 600)]
    assert outcomes.count("ok") >= 0.8 * len(outcomes), {k: outcomes.count(k)
                                                         for k in set(outcomes)}


# ---------------------------------------------------------------------------------------
# the checker itself can fail


def test_checker_catches_a_wrong_derivative(monkeypatch: pytest.MonkeyPatch) -> None:
    """Break arith.mulf's partials: tangents agree with the (equally broken) gradient,
    finite differences do not; the checks above would fail."""
    spec = TABLE["arith.mulf"]
    monkeypatch.setitem(TABLE, "arith.mulf",
                        dataclasses.replace(spec, partials=lambda N, a, b: (b, b)))
    m = parse("func.func @f(%x: f64, %y: f64) -> f64 {\n  %r = arith.mulf %x, %y : f64\n"
              "  func.return %r : f64\n}\n")
    g = grad(m, "f", ["active", "active"])
    c = check_gradient(m, g, "f", [0.5, 2.0], ["active", "active"], np.random.default_rng(0))
    assert c.err_fd > 1e-3


def test_checker_catches_a_wrong_gradient() -> None:
    m = parse("func.func @f(%x: f64) -> f64 {\n  %r = math.sin %x : f64\n"
              "  func.return %r : f64\n}\n")
    wrong = parse("func.func @f_grad(%x: f64, %s: f64) -> f64 {\n  %r = math.sin %x : f64\n"
                  "  func.return %r : f64\n}\n")
    c = check_gradient(m, wrong, "f", [0.5], ["active"], np.random.default_rng(0))
    assert c.err_tangent > 1e-3


# ---------------------------------------------------------------------------------------
# errors, API and command line


def test_unsupported_op_is_named_with_its_location() -> None:
    text = ('func.func @f(%x: f64) -> f64 {\n  %y = "foo.bar"(%x) : (f64) -> f64\n'
            "  %z = arith.mulf %y, %x : f64\n  func.return %z : f64\n}\n")
    m = parse(text)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(GradError, match=r"2:8.*foo\.bar"):
            grad(m, "f")


def test_calling_convention() -> None:
    m = parse(MEMORY)
    g = grad(m, "f", ["active", "dup", "const"])
    from activity.engine.program import Program

    fg = Program.of(g).functions["f_grad"]
    ins = [str(t) for t in fg.function_type.inputs.data]  # type: ignore[attr-defined]
    assert ins == ["f64", "memref<4xf64>", "memref<4xf64>", "memref<4xf64>", "f64"]
    outs = [str(t) for t in fg.function_type.outputs.data]  # type: ignore[attr-defined]
    assert outs == ["f64"]
    assert "f" in Program.of(g).functions  # the primal stays


def test_evaluate_shares_buffers() -> None:
    m = parse(MEMORY)
    mm, out = np.array([0.5, 1.5, -2.0, 0.25]), np.zeros(4)
    (r,) = activity.evaluate(m, "f", 0.9, mm, out)
    assert mm[2] == 3.0 and out[1] == pytest.approx(1.5 ** 2) and r == pytest.approx(-1.8)


def test_cli_grad_stats_and_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "p.mlir"
    src.write_text(LOOPS)
    out = tmp_path / "g.mlir"
    assert main(["grad", str(src), "--func", "f", "--args", "active,dup,const,const",
                 "-o", str(out)]) == 0
    assert "@f_grad" in out.read_text()
    assert main(["grad", str(src), "--func", "f", "--args", "x=active,m=const",
                 "--stats", "json", "--bounds", "n=4,k=3"]) == 0
    js = json.loads(capsys.readouterr().out)
    assert js["tape_bytes"]["static"] > 0 and js["mode"] == "pruned"
    assert main(["grad", str(src), "--func", "f", "--no-prune", "--stats"]) == 0
    assert "all_active" in capsys.readouterr().out
    inputs = json.dumps([0.4, [0.5, -0.8, 1.1], [0.0, 0.0, 0.0], 2, 3, 1.0])
    assert main(["run", str(out), "--func", "f_grad", "--inputs", inputs]) == 0
    res = json.loads(capsys.readouterr().out)
    assert len(res["results"]) == 1 and len(res["buffers"][2]) == 3
    assert main(["run", str(src), "--func", "f", "--inputs", "[1.0]"]) == 2
    assert "takes 4 argument" in capsys.readouterr().err
    assert main(["grad", str(src), "--func", "nope"]) == 2


def test_the_gradients_copies_of_the_users_ops_keep_their_source_locations() -> None:
    """The forward sweep's copy of ``buf[i]``'s load (and the reverse sweep's
    recomputations) report the user's line, so errors about the gradient -- a failed
    bounds check in compiled code -- point at the source; ops the differentiator made
    up (adjoint arithmetic, shadow updates) have no place."""
    from activity.frontend import location_of

    m = activity.parse(ROOT / "examples" / "quickstart.mlir")
    g = grad(m, "quickstart", ["active", "const", "dup", "const"])
    fg = next(op for op in g.walk() if getattr(op, "sym_name", None) is not None
              and op.sym_name.data == "quickstart_grad")
    loads = [op for op in fg.walk() if op.name == "memref.load"]
    placed = [location_of(op) for op in loads if location_of(op) is not None]
    assert placed and all((p.line, p.col) == (34, 10) for p in placed)
    assert placed[0].file.endswith("quickstart.mlir")
    assert any(location_of(op) is None for op in fg.walk() if op.name == "arith.mulf")


QUOTIENT = """
func.func @q(%a: f64, %b: f64) -> f64 {
  %r = arith.divf %a, %b : f64
  return %r : f64
}
func.func @q32(%a: f32, %b: f32) -> f32 {
  %r = arith.divf %a, %b : f32
  return %r : f32
}
"""


@pytest.mark.parametrize("func,a,b", [("q", 1e160, 1e160), ("q", 1e-170, 1e-160),
                                      ("q32", 3e20, 1e20)])
def test_a_quotients_partial_survives_where_the_divisor_squared_does_not(
        func: str, a: float, b: float) -> None:
    """d(a/b)/db = -(a/b)/b: with b*b (which overflows past 1.3e154 in f64, 1.8e19
    in f32, and underflows below their reciprocals) it came out 0 or infinite."""
    m = parse(QUOTIENT)
    want = -(a / b) / b
    if func == "q32":
        a, b = np.float32(a), np.float32(b)
    da, db = activity.gradient(m, func)(a, b)
    assert db == pytest.approx(want, rel=1e-6, abs=0)
    assert da == pytest.approx(1 / float(b), rel=1e-6, abs=0)
    from activity.semantics.interpreter import Interpreter

    g = grad(m, func, ["active", "active"])
    ref = Interpreter(g).run(f"{func}_grad", [a, b, np.float32(1.0) if func == "q32" else 1.0])
    assert ref.results[1] == pytest.approx(want, rel=1e-6, abs=0)


ATAN2 = """
func.func @t(%a: f64, %b: f64) -> f64 {
  %r = math.atan2 %a, %b : f64
  return %r : f64
}
func.func @t32(%a: f32, %b: f32) -> f32 {
  %r = math.atan2 %a, %b : f32
  return %r : f32
}
"""


@pytest.mark.parametrize("func,a,b", [
    ("t", 1e200, 3e200), ("t", -3e200, 1e200), ("t", 1e-200, -3e-200), ("t", 0.0, 2e-300),
    ("t", 3.0, 4.0), ("t", -4.0, -3.0), ("t32", 3e20, 1e20), ("t32", 1e-25, -2e-25)])
def test_atan2s_partials_survive_where_the_squares_do_not(func: str, a: float,
                                                          b: float) -> None:
    """d atan2(a, b) = (b, -a) / (a^2 + b^2): with the squares (which overflow past
    1.3e154 in f64, 1.8e19 in f32, and underflow below their reciprocals) the partials
    came out 0 or infinite; from the ratio of the smaller to the larger they are the
    ordinary numbers they are (exact rationals compared)."""
    from fractions import Fraction

    from activity.semantics.interpreter import Interpreter

    m = parse(ATAN2)
    if func == "t32":
        a, b = np.float32(a), np.float32(b)
    fa, fb = Fraction(float(a)), Fraction(float(b))
    want = (float(fb / (fa * fa + fb * fb)), float(-fa / (fa * fa + fb * fb)))
    assert tuple(map(float, activity.gradient(m, func)(a, b))) == \
        pytest.approx(want, rel=1e-6, abs=0)
    g = grad(m, func, ["active", "active"])
    ref = Interpreter(g).run(f"{func}_grad", [a, b, np.float32(1.0) if func == "t32" else 1.0])
    assert tuple(map(float, ref.results)) == pytest.approx(want, rel=1e-6, abs=0)


EXTERNAL = """
func.func private @j0(f64) -> f64
llvm.func @j1(f64) -> f64
func.func @f(%x: f64, %y: f64) -> f64 {
  %g = func.call @j0(%x) : (f64) -> f64
  %r = arith.mulf %g, %y : f64
  return %r : f64
}
func.func @h(%x: f64) -> f64 {
  %g = llvm.call @j1(%x) : (f64) -> f64
  %r = arith.mulf %g, %x : f64
  return %r : f64
}
"""


@pytest.mark.parametrize("prune", [True, False])
def test_a_call_of_a_function_without_body_is_refused_where_it_carries_a_derivative(
        prune: bool) -> None:
    """A call of a declared function (no body, no derivative rule) on the derivative's
    path is an error at its place -- it was skipped, a silent zero in the gradient
    (that of ``j0``, a Bessel function of libm without a rule here, is not 0).  Where
    nothing that varies reaches it, a pruned gradient leaves it alone."""
    m = parse(EXTERNAL)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for func, kinds in (("f", ["active", "const"]), ("f", ["active", "active"]),
                            ("h", ["active"])):
            with pytest.raises(GradError, match=r":\d+:\d+: .*cannot differentiate a call "
                                                r"to 'j[01]': it has no body"):
                grad(m, func, kinds, prune)
        # only y varies: j0(x) is a constant factor, its call needs no adjoint --
        # pruned; all_active gives every float inside the function an adjoint
        if prune:
            assert "func.func @f_grad" in str(grad(m, "f", ["const", "active"], prune))
        else:
            with pytest.raises(GradError, match="'j0': it has no body"):
                grad(m, "f", ["const", "active"], prune)


def test_nothing_to_seed_is_said() -> None:
    """A function with no float result and no ``dup`` buffer has a zero gradient:
    said in a warning at the function (its memref result got a silent constant 0),
    and not said where a result or a buffer carries one."""
    from activity.api import ActivityWarning

    m = parse("""
func.func @r(%x: f64) -> memref<2xf64> {
  %c0 = arith.constant 0 : index
  %m = memref.alloc() : memref<2xf64>
  %y = arith.mulf %x, %x : f64
  memref.store %y, %m[%c0] : memref<2xf64>
  return %m : memref<2xf64>
}
func.func @w(%x: f64, %m: memref<2xf64>) {
  %c0 = arith.constant 0 : index
  %y = arith.mulf %x, %x : f64
  memref.store %y, %m[%c0] : memref<2xf64>
  return
}
""")
    with pytest.warns(ActivityWarning, match=r"2:1: @r has no float result and no dup "
                                             r"argument .* a memref result carries"):
        grad(m, "r", ["active"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        grad(m, "w", ["active", "dup"])
    with pytest.warns(ActivityWarning, match="@w has no float result"):
        grad(m, "w", ["active", "const"])
    llvm = parse("llvm.func @s(%x: f64, %p: !llvm.ptr) {\n"
                 "  llvm.store %x, %p : f64, !llvm.ptr\n  llvm.return\n}\n")
    with pytest.warns(ActivityWarning, match=r"1:1: @s has no float"):  # (review: no place)
        grad(llvm, "s", ["active", "const"])


def test_vector_arguments_and_results_are_refused() -> None:
    """An active ``vector`` argument crashed the generator (``AttributeError`` making a
    vector zero); an active ``vector`` result was dropped (a gradient of zero with a
    misleading warning).  Both are a ``GradError`` at the function; a const vector
    argument, whose derivative nobody asks for, is differentiated as before."""
    m = parse("""
func.func @a(%x: vector<2xf64>) -> vector<2xf64> {
  %w = arith.mulf %x, %x : vector<2xf64>
  return %w : vector<2xf64>
}
func.func @c(%x: f64) -> vector<2xf64> {
  %v = vector.broadcast %x : f64 to vector<2xf64>
  return %v : vector<2xf64>
}
func.func @b(%x: f64, %v: vector<2xf64>) -> f64 {
  %y = arith.mulf %x, %x : f64
  return %y : f64
}
""")
    with pytest.raises(GradError, match=r"2:1: error: cannot differentiate @a: argument 0 has "
                                        r"type vector<2xf64>"):
        grad(m, "a", ["active"])
    with warnings.catch_warnings():  # (vector.broadcast is outside the subset)
        warnings.simplefilter("ignore")
        with pytest.raises(GradError, match=r"6:1: error: cannot differentiate @c: "
                                            r"result 0 has type vector<2xf64>; only scalar"):
            grad(m, "c", ["active"])
    assert "func.func @b_grad" in str(grad(m, "b", ["active", "const"]))


def test_warnings_name_the_users_call() -> None:
    """A warning from deep in the library (the AD's, the analysis's) is attributed to
    the user's line, not to a module of ours (``compiled_gradient.py:155``: user
    test)."""
    from activity.api import ActivityWarning

    m = parse(EXTERNAL)
    for call in (lambda: activity.gradient(m, "f", 1),
                 lambda: activity.analyze(m, "f"),
                 lambda: grad(m, "f", ["const", "active"])):
        with warnings.catch_warnings(record=True) as got:
            warnings.simplefilter("always")
            call()
        ours = [w for w in got if issubclass(w.category, ActivityWarning)]
        assert ours and all(w.filename == __file__ for w in ours), \
            [(w.filename, w.lineno) for w in ours]


def test_calls_no_derivative_can_pass_through_are_left_alone() -> None:
    """In the all_active baseline too, a call of an external function is refused only
    where a derivative may pass through it (review: ``puts`` on a constant string, a
    float logger, an integer-valued test and an unused result were refused): C's output
    functions are known to pass none, a call taking only a float and giving nothing (or
    an integer, or an unused float) passes none."""
    m = parse("""
llvm.mlir.global internal constant @s("hi\\\\00") {addr_space = 0 : i32}
llvm.func @puts(!llvm.ptr) -> i32
func.func private @log_value(f64)
func.func private @isbad(f64) -> i32
func.func private @noise(f64) -> f64
func.func private @print_buf(memref<?xf64>)
func.func @f(%x: f64) -> f64 {
  %p = llvm.mlir.addressof @s : !llvm.ptr
  %r = llvm.call @puts(%p) : (!llvm.ptr) -> i32
  func.call @log_value(%x) : (f64) -> ()
  %i = func.call @isbad(%x) : (f64) -> i32
  %u = func.call @noise(%x) : (f64) -> f64
  %y = arith.mulf %x, %x : f64
  return %y : f64
}
func.func @g(%x: f64, %b: memref<?xf64>) -> f64 {
  func.call @print_buf(%b) : (memref<?xf64>) -> ()
  %y = arith.mulf %x, %x : f64
  return %y : f64
}
""")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for prune in (True, False):
            assert "func.func @f_grad" in str(grad(m, "f", ["active"], prune))
        assert "func.func @g_grad" in str(grad(m, "g", ["active", "const"], True))
        with pytest.raises(GradError, match="'print_buf': .*the all_active baseline"):
            grad(m, "g", ["active", "const"], prune=False)


_MASKED = """
func.func @safediv(%x: f64, %y: f64) -> f64 {
  %z = arith.constant 0.0 : f64
  %p = arith.cmpf one, %y, %z : f64
  %q = arith.divf %x, %y : f64
  %r = arith.select %p, %q, %z : f64
  return %r : f64
}
func.func @through_memory(%x: f64, %y: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f64
  %m = memref.alloca() : memref<1xf64>
  %q = arith.divf %x, %y : f64
  memref.store %q, %m[%c0] : memref<1xf64>
  %l = memref.load %m[%c0] : memref<1xf64>
  %p = arith.cmpf one, %y, %z : f64
  %r = arith.select %p, %l, %z : f64
  return %r : f64
}
func.func @div(%x: f64, %y: f64) -> f64 {
  %q = arith.divf %x, %y : f64
  return %q : f64
}
func.func @through_call(%x: f64, %y: f64) -> f64 {
  %z = arith.constant 0.0 : f64
  %q = func.call @div(%x, %y) : (f64, f64) -> f64
  %p = arith.cmpf one, %y, %z : f64
  %r = arith.select %p, %q, %z : f64
  return %r : f64
}
func.func @arg_of_selecting_callee(%x: f64, %y: f64) -> f64 {
  %s = math.sqrt %y : f64
  %r = func.call @safediv(%x, %s) : (f64, f64) -> f64
  return %r : f64
}
func.func @through_copy(%x: f64, %y: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f64
  %a = memref.alloca() : memref<1xf64>
  %b = memref.alloca() : memref<1xf64>
  %q = arith.divf %x, %y : f64
  memref.store %q, %a[%c0] : memref<1xf64>
  "memref.copy"(%a, %b) : (memref<1xf64>, memref<1xf64>) -> ()
  %l = memref.load %b[%c0] : memref<1xf64>
  %p = arith.cmpf one, %y, %z : f64
  %r = arith.select %p, %l, %z : f64
  return %r : f64
}
func.func @unrelated_store(%x: f64, %y: f64, %o: memref<1xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f64
  %a = memref.alloca() : memref<1xf64>
  %q = arith.divf %x, %y : f64
  memref.store %q, %a[%c0] : memref<1xf64>
  %w = arith.mulf %x, %y : f64
  memref.store %w, %o[%c0] : memref<1xf64>
  %l = memref.load %a[%c0] : memref<1xf64>
  %p = arith.cmpf one, %y, %z : f64
  %r = arith.select %p, %l, %z : f64
  return %r : f64
}
func.func @no_select(%x: f64, %y: f64) -> f64 {
  %q = arith.divf %x, %y : f64
  return %q : f64
}
"""


@pytest.mark.parametrize("prune", [True, False])
@pytest.mark.parametrize("fn", ["safediv", "through_memory", "through_call",
                                "arg_of_selecting_callee", "through_copy"])
def test_unselected_arm_gives_no_nan(fn: str, prune: bool) -> None:
    """``y != 0 ? x / y : 0`` as a select (clang -O2 makes one of C's ternary): at
    ``y = 0`` the arm not picked is infinite, its adjoint zero, and ``0 * inf`` made
    the gradient NaN where the true one is 0.  The adjoints on the arm's slice are
    guarded (``adj == 0 ? 0 : adj * partial``), also where the zero travels through
    memory, a callee's reverse, or back to a caller's argument.  Compiled and
    interpreted gradients agree; away from 0 nothing changes."""
    m = activity.parse(_MASKED)
    g = activity.gradient(m, fn, prune=prune)
    assert g(3.0, 0.0) == (0.0, 0.0)
    x, y = 3.0, 4.0
    want = (0.5, -0.1875) if fn == "arg_of_selecting_callee" else (1 / y, -x / y**2)
    assert g(x, y) == pytest.approx(want, rel=1e-15)
    gm = grad(m, fn, ["active", "active"], prune)
    assert activity.evaluate(gm, f"{fn}_grad", 3.0, 0.0, 1.0) == (0.0, 0.0)


def test_guards_only_where_a_masked_zero_can_flow() -> None:
    """The guard (a compare and a select per partial) is not emitted where no select's
    arm depends on the value: plain IEEE there (0 * inf stays NaN, as in JAX and
    Enzyme's default), so the benchmarks without float selects compile as before."""
    m = activity.parse(_MASKED)

    def guards(fn: str, kinds: tuple[str, ...] = ("active", "active")) -> int:
        text = str(grad(m, fn, list(kinds)))
        body = text[text.index(f"@{fn}_grad"):]
        return body.count('arith.cmpf oeq')

    assert guards("no_select") == 0
    assert guards("safediv") == 1
    # the load reads only what @a holds: the product stored into %o is not guarded
    assert guards("unrelated_store", ("active", "active", "dup")) == 1
    assert math.isnan(activity.gradient(m, "no_select")(0.0, 0.0)[1])


def test_strong_zero_guards_every_partial(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """``strong_zero=True`` (Enzyme's option): the operand a ``max`` does not pick gets a
    zero adjoint, and ``max(0, log x)`` at ``x = 0`` has gradient 0 instead of NaN
    (``0 * (1/0)``); by default it stays IEEE there (not a select: docs/ad.md).  The
    CLI flag emits the guards."""
    src = """
func.func @relu_log(%x: f64) -> f64 {
  %z = arith.constant 0.0 : f64
  %l = math.log %x : f64
  %r = arith.maximumf %z, %l : f64
  return %r : f64
}
"""
    m = activity.parse(src)
    assert math.isnan(activity.gradient(m, "relu_log")(0.0)[0])
    g = activity.gradient(m, "relu_log", strong_zero=True)
    assert g(0.0) == (0.0,)
    assert g(math.e**2) == pytest.approx((math.e**-2,), rel=1e-15)
    gm = grad(m, "relu_log", ["active"], strong_zero=True)
    assert activity.evaluate(gm, "relu_log_grad", 0.0, 1.0) == (0.0,)
    path = tmp_path / "relu_log.mlir"
    path.write_text(src)
    assert main(["grad", str(path), "--func", "relu_log", "--strong-zero"]) == 0
    strong = capsys.readouterr().out
    assert main(["grad", str(path), "--func", "relu_log"]) == 0
    assert "arith.cmpf oeq" in strong and "arith.cmpf oeq" not in capsys.readouterr().out


@pytest.mark.parametrize("pick", ["arith.select %p, %a, %z", "arith.maximumf %a, %z"])
def test_operand_not_picked_gets_zero_under_an_infinite_adjoint(pick: str) -> None:
    """``sqrt(x > 1 ? x - 1 : 0)`` at ``x = 0.5``: the select's adjoint is infinite
    (``sqrt``'s at 0), and its partial ``c ? 1 : 0`` times it gave the unpicked arm
    ``inf * 0 = NaN`` (review).  The partial of a select or a max picks between the
    products instead."""
    src = f"""
func.func @f(%x: f64) -> f64 {{
  %z = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %p = arith.cmpf ogt, %x, %one : f64
  %a = arith.subf %x, %one : f64
  %s = {pick} : f64
  %r = math.sqrt %s : f64
  return %r : f64
}}"""
    m = activity.parse(src)
    for prune in (True, False):
        assert activity.gradient(m, "f", prune=prune)(0.5) == (0.0,)
        assert activity.evaluate(grad(m, "f", ["active"], prune), "f_grad", 0.5, 1.0) == (0.0,)
        assert activity.gradient(m, "f", prune=prune)(5.0) == (0.25,)


def test_unselected_arm_read_back_by_an_atomic_update_gives_no_nan() -> None:
    """A select's arm read through ``memref.atomic_rmw`` (which returns the old value):
    its slice continues to the value stored there (review)."""
    m = activity.parse("""
func.func @f(%x: f64, %y: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f64
  %m = memref.alloca() : memref<1xf64>
  %q = arith.divf %x, %y : f64
  memref.store %q, %m[%c0] : memref<1xf64>
  %old = memref.atomic_rmw addf %z, %m[%c0] : (f64, memref<1xf64>) -> f64
  %p = arith.cmpf one, %y, %z : f64
  %r = arith.select %p, %old, %z : f64
  return %r : f64
}""")
    assert activity.gradient(m, "f")(3.0, 0.0) == (0.0, 0.0)
    assert activity.gradient(m, "f")(3.0, 2.0) == (0.5, -0.75)


def test_all_active_keeps_non_float_aggregate_results() -> None:
    """``all_active`` refused every non-scalar result of the differentiated function,
    also one that holds no float (a descriptor-like ``!llvm.struct<(ptr, i64)>``, as in
    lowered code), which differentiated before (review)."""
    m = activity.parse("""
llvm.func @f(%p: !llvm.ptr, %x: f64) -> !llvm.struct<(ptr, i64)> {
  %w = llvm.fmul %x, %x : f64
  llvm.store %w, %p : f64, !llvm.ptr
  %u = llvm.mlir.undef : !llvm.struct<(ptr, i64)>
  %c = llvm.mlir.constant(1 : i64) : i64
  %s1 = llvm.insertvalue %p, %u[0] : !llvm.struct<(ptr, i64)>
  %s2 = llvm.insertvalue %c, %s1[1] : !llvm.struct<(ptr, i64)>
  llvm.return %s2 : !llvm.struct<(ptr, i64)>
}""")
    for prune in (True, False):
        assert "@f_grad" in str(grad(m, "f", ["dup", "active"], prune))


_RMW = """
func.func @seq(%x: f64, %y: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %m = memref.alloca() : memref<1xf64>
  %q = arith.mulf %x, %x : f64
  memref.store %q, %m[%c0] : memref<1xf64>
  %old = memref.atomic_rmw addf %y, %m[%c0] : (f64, memref<1xf64>) -> f64
  %l = memref.load %m[%c0] : memref<1xf64>
  %s = arith.addf %l, %old : f64
  return %s : f64
}
func.func @assign(%x: f64, %y: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %m = memref.alloca() : memref<1xf64>
  %q = arith.mulf %x, %x : f64
  memref.store %q, %m[%c0] : memref<1xf64>
  %old = memref.atomic_rmw assign %y, %m[%c0] : (f64, memref<1xf64>) -> f64
  %l = memref.load %m[%c0] : memref<1xf64>
  %t = arith.mulf %l, %old : f64
  return %t : f64
}
func.func @histogram(%x: memref<8xf64>, %w: memref<2xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0.0 : f64
  %h = memref.alloca() : memref<2xf64>
  memref.store %z, %h[%c0] : memref<2xf64>
  memref.store %z, %h[%c1] : memref<2xf64>
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %v = memref.load %x[%i] : memref<8xf64>
    %sq = arith.mulf %v, %v : f64
    %b = arith.remui %i, %c2 : index
    %old = memref.atomic_rmw addf %sq, %h[%b] : (f64, memref<2xf64>) -> f64
    scf.reduce
  }
  %s = scf.for %k = %c0 to %c2 step %c1 iter_args(%acc = %z) -> (f64) {
    %hk = memref.load %h[%k] : memref<2xf64>
    %wk = memref.load %w[%k] : memref<2xf64>
    %p = arith.mulf %hk, %wk : f64
    %a = arith.addf %acc, %p : f64
    scf.yield %a : f64
  }
  return %s : f64
}
func.func @maxed(%x: f64, %y: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f64
  %m = memref.alloca() : memref<1xf64>
  memref.store %x, %m[%c0] : memref<1xf64>
  %old = memref.atomic_rmw maximumf %y, %m[%c0] : (f64, memref<1xf64>) -> f64
  %l = memref.load %m[%c0] : memref<1xf64>
  %r = arith.mulf %l, %two : f64
  return %r : f64
}
func.func @multiplied(%x: f64, %y: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %m = memref.alloca() : memref<1xf64>
  memref.store %x, %m[%c0] : memref<1xf64>
  %old = memref.atomic_rmw mulf %y, %m[%c0] : (f64, memref<1xf64>) -> f64
  %l = memref.load %m[%c0] : memref<1xf64>
  %r = arith.addf %l, %old : f64
  return %r : f64
}
func.func @counted(%x: memref<4xf64>, %n: memref<1xi64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1 : i64
  %z = arith.constant 0.0 : f64
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (f64) {
    %v = memref.load %x[%i] : memref<4xf64>
    %old = memref.atomic_rmw addi %one, %n[%c0] : (i64, memref<1xi64>) -> i64
    %sq = arith.mulf %v, %v : f64
    %a = arith.addf %acc, %sq : f64
    scf.yield %a : f64
  }
  return %s : f64
}
func.func @par_sum(%x: memref<8xf64>, %m: memref<1xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %v = memref.load %x[%i] : memref<8xf64>
    %e = math.exp %v : f64
    %old = memref.atomic_rmw addf %e, %m[%c0] : (f64, memref<1xf64>) -> f64
    scf.reduce
  }
  %t = memref.load %m[%c0] : memref<1xf64>
  return %t : f64
}
"""


def test_atomic_rmw_of_the_users_is_differentiated() -> None:
    """A user's ``memref.atomic_rmw`` was reversed as a plain store: ``addf`` cleared
    the shadow, so what the element held before the update lost its derivative (a
    parallel histogram's iterations after the first got 0), and the returned old
    value's adjoint was dropped -- silent wrong gradients.  ``addf`` and ``assign``
    are differentiated (interpreted, compiled, on threads); other kinds on a buffer
    with a shadow are a ``GradError``."""
    m = activity.parse(_RMW)
    # seq: (x^2 + y) + x^2; assign: y * x^2
    for fn, want in (("seq", (12.0, 1.0)), ("assign", (12.0, 9.0))):
        for prune in (True, False):
            assert activity.gradient(m, fn, prune=prune)(3.0, 2.0) == want
            gm = grad(m, fn, ["active", "active"], prune)
            assert activity.evaluate(gm, f"{fn}_grad", 3.0, 2.0, 1.0) == want
    x, w = np.linspace(0.5, 4.0, 8), np.array([2.0, -3.0])
    want_x = 2 * x * w[np.arange(8) % 2]
    for threads in (1, 2):
        dx, dw = activity.gradient(m, "histogram", threads=threads)(x, w)
        assert dx == pytest.approx(want_x, rel=1e-15)
        assert dw == pytest.approx([sum(x[0::2] ** 2), sum(x[1::2] ** 2)], rel=1e-15)
    # the other kinds through their op's partials (review: max and integer counters
    # were refused; all_active refused a parallel addf whose result is unused)
    for prune in (True, False):
        g = activity.gradient(m, "maxed", prune=prune)
        assert g(1.0, 3.0) == (0.0, 2.0) and g(3.0, 1.0) == (2.0, 0.0)
        assert activity.gradient(m, "multiplied", prune=prune)(3.0, 2.0) == (3.0, 3.0)
        dx = activity.gradient(m, "counted", argnums=0, prune=prune)(
            np.arange(4.0), np.zeros(1, np.int64))
        assert dx.tolist() == [0.0, 2.0, 4.0, 6.0]
        gm = grad(m, "multiplied", ["active", "active"], prune)
        assert activity.evaluate(gm, "multiplied_grad", 3.0, 2.0, 1.0) == (3.0, 3.0)
        dx, _ = activity.gradient(m, "par_sum", prune=prune, threads=2)(x, np.zeros(1))
        assert dx == pytest.approx(np.exp(x), rel=1e-15)


def test_stats_say_bytes_per_execution_of_a_stack_tape(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--stats`` printed a stack tape as "8 per execution bytes" (user test)."""
    path = tmp_path / "cfl.mlir"
    path.write_text("""
func.func @f(%x: f64, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^loop(%c0, %x : index, f64)
^loop(%i: index, %acc: f64):
  %more = arith.cmpi ult, %i, %n : index
  cf.cond_br %more, ^body, ^done
^body:
  %s = math.sin %acc : f64
  %i2 = arith.addi %i, %c1 : index
  cf.br ^loop(%i2, %s : index, f64)
^done:
  return %acc : f64
}
""")
    assert main(["grad", str(path), "--func", "f", "--stats", "-o", str(tmp_path / "g")]) == 0
    assert "@f %acc : f64  [stack] 8 bytes per execution" in capsys.readouterr().out
