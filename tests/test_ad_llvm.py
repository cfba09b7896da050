"""Reverse-mode AD of llvm-dialect functions (clang output imported with
``mlir-translate --import-llvm``): gradients checked against central finite differences
and the interpreter's forward tangents, pruned against all_active."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from xdsl.context import Context
from xdsl.dialects import get_all_dialects
from xdsl.parser import Parser
from xdsl.printer import Printer

import activity
from activity.ad import GradError, grad
from activity.semantics import Interpreter

ROOT = Path(__file__).resolve().parent.parent
C = ROOT / "examples" / "c"
SEM = ROOT / "tests" / "data" / "semantics"

_MODS: dict[str, object] = {}
VERIFY: dict[int, bool] = {}


def mod(path: Path):
    """examples/c: activity.parse (verified); the semantics data is parsed as
    tests/test_semantics.py does (xDSL rejects an overflow flag clang puts on llvm.trunc
    in examples_O1, which MLIR accepts)."""
    k = str(path)
    if k not in _MODS:
        if path.parent == C:
            _MODS[k] = activity.parse(path)
        else:
            ctx = Context(allow_unregistered=True)
            for name, factory in get_all_dialects().items():
                ctx.register_dialect(name, factory)
            _MODS[k] = Parser(ctx, path.read_text()).parse_module()
            try:
                _MODS[k].verify()
            except Exception:
                VERIFY[id(_MODS[k])] = False
    return _MODS[k]


def func_op(module, name: str):
    return next(op for op in module.body.block.ops
                if getattr(op, "sym_name", None) is not None and op.sym_name.data == name)


def is_buf(x) -> bool:
    return isinstance(x, np.ndarray)


def run_grad(m, fname: str, inputs: list, prune: bool, seed: float = 1.0):
    """Scalar-result function: returns the gradient (list parallel to inputs: arrays for
    buffers, floats for float scalars, None for ints)."""
    g = grad(m, fname, prune=prune)
    if VERIFY.get(id(m), True):
        g.verify()
    args, shadows, out = [], [], []
    for x in inputs:
        if is_buf(x):
            sh = np.zeros_like(x)
            args += [x.copy(), sh]
            shadows.append(sh)
        else:
            args.append(x)
    args.append(seed)
    r = Interpreter(g).run(fname + "_grad", args)
    res = list(r.results)
    k = 0
    for x in inputs:
        if is_buf(x):
            out.append(shadows.pop(0))
        elif isinstance(x, float):
            out.append(res[k])
            k += 1
        else:
            out.append(None)
    return out


def primal(m, fname, inputs) -> float:
    return float(Interpreter(m).run(fname, [x.copy() if is_buf(x) else x
                                            for x in inputs]).results[0])


def fd(m, fname, inputs, h=1e-6, mask=None):
    out = []
    for i, x in enumerate(inputs):
        if is_buf(x):
            gx = np.zeros_like(x)
            for j in range(x.size):
                if mask is not None and not mask[i].flat[j]:
                    continue
                hi = [y.copy() if is_buf(y) else y for y in inputs]
                lo = [y.copy() if is_buf(y) else y for y in inputs]
                hi[i].flat[j] += h
                lo[i].flat[j] -= h
                gx.flat[j] = (primal(m, fname, hi) - primal(m, fname, lo)) / (2 * h)
            out.append(gx)
        elif isinstance(x, float):
            hi = list(inputs)
            lo = list(inputs)
            hi[i] = x + h
            lo[i] = x - h
            out.append((primal(m, fname, hi) - primal(m, fname, lo)) / (2 * h))
        else:
            out.append(None)
    return out


def tangent_check(m, fname, inputs, gr, rng, mask=None, rel=1e-9):
    """<grad, v> equals the interpreter's forward tangent along v."""
    tans, dot = [], 0.0
    for i, (x, gx) in enumerate(zip(inputs, gr, strict=True)):
        if is_buf(x):
            v = rng.standard_normal(x.shape)
            if mask is not None:
                v = v * mask[i]
            tans.append(v)
            dot += float(np.sum(v * gx))
        elif isinstance(x, float):
            v = float(rng.standard_normal())
            tans.append(v)
            dot += v * gx
        else:
            tans.append(0.0)
    r = Interpreter(m).run(fname, [x.copy() if is_buf(x) else x for x in inputs],
                           tangents=tans)
    assert r.result_tangents[0] == pytest.approx(dot, rel=rel, abs=1e-12)


CASES = [
    (C / "dot.mlir", "dot", lambda: [np.array([1.0, -2.0, 3.5]),
                                     np.array([0.5, 4.0, -1.0]), 3]),
    (C / "libm.mlir", "wave", lambda: [0.7, 1.3]),
    # struct particle {double pos, vel; int id;}: 24 bytes, the id word is not a float
    (C / "particles.mlir", "step",
     lambda: [np.array([[1.0, 0.5, 0.0], [2.0, -1.5, 0.0], [0.25, 3.0, 0.0]]), 3, 0.1]),
    (SEM / "examples_O1.mlir", "dot", lambda: [np.array([1.0, 2.0]), np.array([3.0, -1.0]), 2]),
    (SEM / "examples_O0.mlir", "dot", lambda: [np.array([1.0, 2.0]), np.array([3.0, -1.0]), 2]),
    (SEM / "examples_O1.mlir", "sinsq", lambda: [0.4]),
    (SEM / "examples_O0.mlir", "sinsq", lambda: [0.4]),
    (SEM / "examples_O1.mlir", "weighted", lambda: [np.array([1.0, 2.0, 3.0, 4.0])]),
    (SEM / "examples_O0.mlir", "weighted", lambda: [np.array([1.0, 2.0, 3.0, 4.0])]),
    (SEM / "examples_O1.mlir", "powsum", lambda: [0.8, 3]),
    (SEM / "examples_O0.mlir", "powsum", lambda: [0.8, 3]),
    (SEM / "examples_O1.mlir", "cabs2", lambda: [0.8, -1.2]),
    (SEM / "examples_O1.mlir", "punned", lambda: [0.7]),
    (SEM / "examples_O0.mlir", "punned", lambda: [0.7]),
    (SEM / "examples_O1.mlir", "truncated", lambda: [2.5]),
    (SEM / "examples_O0.mlir", "truncated", lambda: [2.5]),
]


_PMASK = np.array([[1.0, 1.0, 0.0]] * 3)
MASKS = {"step": [_PMASK, None, None]}


@pytest.mark.parametrize("path,fname,mk", CASES,
                         ids=[f"{p.stem}-{f}" for p, f, _ in CASES])
def test_llvm_gradient(path, fname, mk):
    m = mod(path)
    inputs = mk()
    pruned = run_grad(m, fname, inputs, prune=True)
    full = run_grad(m, fname, inputs, prune=False)
    mask = MASKS.get(fname)
    want = fd(m, fname, inputs, mask=mask)
    for i, (a, b, w) in enumerate(zip(pruned, full, want, strict=True)):
        if w is None:
            continue
        if mask is not None and is_buf(a):
            a, b, w = a * mask[i], b * mask[i], w * mask[i]
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-14)
        np.testing.assert_allclose(a, w, rtol=1e-5, atol=1e-6)
    tangent_check(m, fname, inputs, pruned, np.random.default_rng(0), mask)


def test_aggregate_adjoint_is_a_clear_error():
    """-O0 cmul returns a struct by value: aggregate adjoints are not supported (a clear
    GradError, not a silently wrong gradient)."""
    with pytest.raises(GradError, match="aggregate"):
        grad(mod(SEM / "examples_O0.mlir"), "cabs2")


VERIFY_CASES = [(p, f) for p, f, _ in CASES if p.parent == C or p.name == "examples_O0.mlir"]


@pytest.mark.skipif(shutil.which("mlir-opt-22") is None, reason="needs mlir-opt-22")
@pytest.mark.parametrize("path,fname", VERIFY_CASES,
                         ids=[f"{p.stem}-{f}" for p, f in VERIFY_CASES])
def test_llvm_grad_verifies_upstream(path, fname):
    for prune in (True, False):
        g = grad(mod(path), fname, prune=prune)
        buf = io.StringIO()
        Printer(stream=buf, print_generic_format=True).print_op(g)
        r = subprocess.run(["mlir-opt-22", "--verify-each", "-o", os.devnull],
                           input=buf.getvalue(), capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, r.stderr[:2000]


# Straight-line llvm.func (the inline F_grad): malloc + memcpy + GEP + alloca + memset +
# free, an llvm.intr math op and llvm float arithmetic.
STRAIGHT = """
module {
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @free(!llvm.ptr)
  llvm.func @f(%x: !llvm.ptr, %s: f64) -> f64 {
    %c1 = llvm.mlir.constant(1 : i64) : i64
    %c2 = llvm.mlir.constant(2 : i64) : i64
    %c16 = llvm.mlir.constant(16 : i64) : i64
    %z = llvm.mlir.constant(0 : i8) : i8
    %buf = llvm.call @malloc(%c16) : (i64) -> !llvm.ptr
    "llvm.intr.memcpy"(%buf, %x, %c16) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %a = llvm.alloca %c2 x f64 : (i64) -> !llvm.ptr
    %b0 = llvm.load %buf : !llvm.ptr -> f64
    %p1 = llvm.getelementptr %buf[%c1] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %b1 = llvm.load %p1 : !llvm.ptr -> f64
    %m = llvm.fmul %b0, %b1 : f64
    %t = llvm.fmul %m, %s : f64
    llvm.store %t, %a : f64, !llvm.ptr
    %a1 = llvm.getelementptr %a[%c1] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %e = llvm.intr.exp(%b0) : (f64) -> f64
    llvm.store %e, %a1 : f64, !llvm.ptr
    "llvm.intr.memset"(%buf, %z, %c16) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
    %r0 = llvm.load %a : !llvm.ptr -> f64
    %r1 = llvm.load %a1 : !llvm.ptr -> f64
    %q = llvm.load %buf : !llvm.ptr -> f64
    %r2 = llvm.fadd %r0, %q : f64
    %r = llvm.fadd %r2, %r1 : f64
    llvm.call @free(%buf) : (!llvm.ptr) -> ()
    llvm.return %r : f64
  }
}
"""


def test_straight_line_malloc_memcpy_memset(tmp_path):
    path = tmp_path / "straight.mlir"
    path.write_text(STRAIGHT)
    m = activity.parse(path)
    inputs = [np.array([0.3, 1.7]), 0.9]
    pruned = run_grad(m, "f", inputs, prune=True)
    full = run_grad(m, "f", inputs, prune=False)
    want = fd(m, "f", inputs)
    for a, b, w in zip(pruned, full, want, strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-12)
        np.testing.assert_allclose(a, w, rtol=1e-6, atol=1e-8)
    tangent_check(m, "f", inputs, pruned, np.random.default_rng(1))
    text = str(func_op(grad(m, "f"), "f_grad"))
    assert text.count("llvm.call @free") == 2  # the primal buffer (deferred) and its shadow


def test_void_function_buffer_seed():
    """scale(a, n, c): a[i] *= c.  Seeding the shadow of a with w gives a' = c w and
    c' = sum(a w)."""
    m = mod(SEM / "examples_O1.mlir")
    for prune in (True, False):
        g = grad(m, "scale", prune=prune)
        a = np.array([1.0, 2.0, 3.0])
        w = np.array([0.5, -1.0, 2.0])
        da = w.copy()
        r = Interpreter(g).run("scale_grad", [a.copy(), da, 3, 1.5])
        assert r.results[0] == pytest.approx(float(np.sum(a * w)))
        np.testing.assert_allclose(da, 1.5 * w)


def test_inactive_pointer_gets_no_shadow():
    """dot with a const x: pruning drops x's shadow argument and the malloc'd copy's
    shadow (the copy only holds inactive data)."""
    m = mod(C / "dot.mlir")
    g = grad(m, "dot", args=["const", "dup", "const"])
    # (dot's loop is lifted to scf.for: one dot_grad, whose only malloc is the primal's)
    text = str(func_op(g, "dot_grad"))
    assert text.count("@malloc") == 1 and "llvm.intr.memset" not in text
    full = str(func_op(grad(m, "dot", args=["dup", "dup", "const"]), "dot_grad"))
    assert full.count("@malloc") == 2 and "llvm.intr.memset" in full
    x = np.array([1.0, -2.0, 3.5])
    y = np.array([0.5, 4.0, -1.0])
    dy = np.zeros(3)
    Interpreter(g).run("dot_grad", [x, y, dy, 3, 1.0])
    np.testing.assert_allclose(dy, x)


def test_compiled_gradient_matches_interpreter():
    """activity.gradient compiles @F_grad (fresh memory is not zeroed there: shadow
    allocations carry their own memset)."""
    from activity import gradient

    m = mod(C / "particles.mlir")
    p = np.array([[1.0, 0.5, 0.0], [2.0, -1.5, 0.0], [0.25, 3.0, 0.0]])
    # (the compiled gradient takes struct particle {double pos, vel; int id;} as numpy's
    # aligned struct; a float64 array is refused)
    ps = np.zeros(3, np.dtype([("pos", "f8"), ("vel", "f8"), ("id", "i4")], align=True))
    ps["pos"], ps["vel"] = p[:, 0], p[:, 1]
    dp, ddt = gradient(m, "step", (0, 2))(ps, 3, 0.1)
    want = run_grad(m, "step", [p.copy(), 3, 0.1], prune=True)
    np.testing.assert_allclose(dp["pos"], want[0][:, 0])
    np.testing.assert_allclose(dp["vel"], want[0][:, 1])
    assert ddt == pytest.approx(want[2])
    with pytest.raises(TypeError, match=r"argument 0 \('arg0', !llvm.ptr\) of @step: the "
                       r"function indexes it as an array of !llvm.struct<\"struct.particle"):
        gradient(m, "step", (0, 2))(p.copy(), 3, 0.1)
    m = mod(SEM / "examples_O0.mlir")
    x, y = np.array([1.0, 2.0, -0.5]), np.array([3.0, -1.0, 4.0])
    dx, dy = gradient(m, "dot", (0, 1))(x, y, 3)
    np.testing.assert_allclose(dx, y)
    np.testing.assert_allclose(dy, x)


# An unstructured llvm.func (llvm.br/llvm.cond_br loop) calling a bodied llvm.func that
# reads and overwrites memory through a GEP of a pointer argument.
CALLEE = """
module {
  llvm.func @sq(%p: !llvm.ptr, %i: i64) -> f64 {
    %q = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %v = llvm.load %q : !llvm.ptr -> f64
    %w = llvm.fmul %v, %v : f64
    llvm.store %w, %q : f64, !llvm.ptr
    llvm.return %w : f64
  }
  llvm.func @g(%p: !llvm.ptr, %n: i64, %c: f64) -> f64 {
    %z = llvm.mlir.constant(0 : i64) : i64
    %one = llvm.mlir.constant(1 : i64) : i64
    %f0 = llvm.mlir.constant(0.0 : f64) : f64
    llvm.br ^loop(%z, %f0 : i64, f64)
  ^loop(%i: i64, %acc: f64):
    %done = llvm.icmp "sge" %i, %n : i64
    llvm.cond_br %done, ^exit, ^body
  ^body:
    %s = llvm.call @sq(%p, %i) : (!llvm.ptr, i64) -> f64
    %t = llvm.fmul %s, %c : f64
    %acc2 = llvm.fadd %acc, %t : f64
    %i2 = llvm.add %i, %one : i64
    llvm.br ^loop(%i2, %acc2 : i64, f64)
  ^exit:
    %q = llvm.load %p : !llvm.ptr -> f64
    %r = llvm.fadd %acc, %q : f64
    llvm.return %r : f64
  }
}
"""


def test_unstructured_caller_and_pointer_callee(tmp_path):
    path = tmp_path / "callee.mlir"
    path.write_text(CALLEE)
    m = activity.parse(path)
    inputs = [np.array([0.3, 1.7, -0.8]), 3, 0.9]
    pruned = run_grad(m, "g", inputs, prune=True)
    full = run_grad(m, "g", inputs, prune=False)
    want = fd(m, "g", inputs)
    for a, b, w in zip(pruned, full, want, strict=True):
        if w is None:
            continue
        np.testing.assert_allclose(a, b, rtol=1e-12)
        np.testing.assert_allclose(a, w, rtol=1e-6, atol=1e-8)
    tangent_check(m, "g", inputs, pruned, np.random.default_rng(2))


def test_struct_with_float_field():
    """structy: a struct {double; float; int} built field by field.  -O1: checked
    against the interpreter's tangents (central differences are at float resolution);
    -O0 copies the struct with memcpy, whose reverse (f64 cells) refuses f32 data."""
    m = mod(SEM / "examples_O1.mlir")
    inputs = [0.7, 1.3]
    pruned = run_grad(m, "structy", inputs, prune=True)
    assert pruned == run_grad(m, "structy", inputs, prune=False)
    # f32 adjoints: agreement to float resolution
    tangent_check(m, "structy", inputs, pruned, np.random.default_rng(3), rel=1e-6)
    with pytest.raises(GradError, match="f32"):
        grad(mod(SEM / "examples_O0.mlir"), "structy")


def test_vector_llvm_ops_are_refused_naming_vectors() -> None:
    """clang -O2's vectorized loops: the error said "the llvm dialect is not supported
    by the AD generator", which it is; it names vector values now, with what to do
    (user test)."""
    import warnings

    from activity.ad import GradError, grad

    m = activity.parse("""
llvm.func @f(%x: f64) -> f64 {
  %u = llvm.mlir.undef : vector<2xf64>
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %v = llvm.insertelement %x, %u[%c0 : i32] : vector<2xf64>
  %y = llvm.extractelement %v[%c0 : i32] : vector<2xf64>
  %z = llvm.fmul %y, %y : f64
  llvm.return %z : f64
}
""")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(GradError, match=r"cannot differentiate 'llvm.(insert|extract)"
                                            r"element': vector values are not supported"):
            grad(m, "f", ["active"])


def test_activity_run_takes_pointer_arguments(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """``activity run --inputs`` refused every ``!llvm.ptr`` argument, so no C function
    taking an array could run from the CLI, nor its gradient (user test).  A flat list,
    typed as the code reads through the pointer."""
    import json

    from activity.cli import main

    path = tmp_path / "sq.mlir"
    path.write_text("""
llvm.func @sq(%x: !llvm.ptr, %k: !llvm.ptr) -> f64 {
  %i = llvm.load %k : !llvm.ptr -> i32
  %p = llvm.getelementptr %x[%i] : (!llvm.ptr, i32) -> !llvm.ptr, f64
  %v = llvm.load %p : !llvm.ptr -> f64
  %y = llvm.fmul %v, %v : f64
  llvm.return %y : f64
}
""")
    assert main(["run", str(path), "--func", "sq", "--inputs", "[[1.5, 2.5], [1]]"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {"results": [6.25], "buffers": [[1.5, 2.5], [1]]}
    assert main(["run", str(path), "--func", "sq", "--inputs", "[[1.5, 2.5], [1.5]]"]) == 2
    assert "argument 1 ('k', !llvm.ptr) of @sq: expected a flat list of integers (the i32" in \
        capsys.readouterr().err
