"""``inline=True``: small leaf callees in loops inlined before differentiation, so their
tapes are static (sized by the caller's loops) instead of the run-time stack."""

from __future__ import annotations

import numpy as np
import pytest

import activity
from activity.ad import grad
from activity.ad.check import check_gradient
from activity.ad.inline import inlinable, inline_loop_calls
from activity.ad.reverse import Differentiator
from activity.codegen import gradient
from activity.engine.program import Program
from activity.ops import op_name

# logsumexp of each row, as GMM calls it once per sample
ROWS = """
func.func private @lse(%v: memref<?xf64>, %off: index, %len: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %first = memref.load %v[%off] : memref<?xf64>
  %mx = scf.for %i = %c1 to %len step %c1 iter_args(%m = %first) -> (f64) {
    %j = arith.addi %off, %i : index
    %x = memref.load %v[%j] : memref<?xf64>
    %m2 = arith.maximumf %m, %x : f64
    scf.yield %m2 : f64
  }
  %s = scf.for %i = %c0 to %len step %c1 iter_args(%acc = %z) -> (f64) {
    %j = arith.addi %off, %i : index
    %x = memref.load %v[%j] : memref<?xf64>
    %d = arith.subf %x, %mx : f64
    %e = math.exp %d : f64
    %a = arith.addf %acc, %e : f64
    scf.yield %a : f64
  }
  %l = math.log %s : f64
  %r = arith.addf %l, %mx : f64
  return %r : f64
}
func.func @f(%n: index, %k: index, %v: memref<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %t = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f64) {
    %off = arith.muli %i, %k : index
    %l = func.call @lse(%v, %off, %k) : (memref<?xf64>, index, index) -> f64
    %sq = arith.mulf %l, %l : f64
    %a = arith.addf %acc, %sq : f64
    scf.yield %a : f64
  }
  %once = func.call @lse(%v, %c0, %k) : (memref<?xf64>, index, index) -> f64
  %out = arith.addf %t, %once : f64
  return %out : f64
}
"""


def _calls(module: object, func: str) -> list[str]:
    f = Program.of(module).functions[func]  # type: ignore[arg-type]
    return [str(op.properties["callee"]) for op in f.walk() if op_name(op) == "func.call"]


def test_the_call_in_the_loop_is_inlined_and_the_other_kept() -> None:
    m = activity.parse(ROWS)
    before = str(m)
    d = Differentiator(m, "f", ["const", "const", "dup"], True, inline=True)
    assert str(m) == before  # the caller's module is untouched
    assert _calls(d.module, "f") == ["@lse"]  # the call outside the loop
    assert "lse" in Program.of(d.module).functions  # still there for it
    # every op keying ``orig`` stays alive (the inlined call included), so no new op
    # can take an erased op's id, and with it that op's source location
    alive = {id(op) for op in d.alive}
    assert set(d.orig) <= alive
    assert any(op_name(op) == "func.call" and op.parent is None for op in d.alive)


@pytest.mark.parametrize("prune", [True, False])
def test_inlined_gradient_is_correct_and_needs_no_stack(prune: bool) -> None:
    m = activity.parse(ROWS)
    kinds = ["const", "const", "dup"]
    rng = np.random.default_rng(3)
    v = rng.normal(size=20)
    g_in = grad(m, "f", kinds, prune, inline=True)
    g_out = grad(m, "f", kinds, prune)
    for g in (g_in, g_out):
        c = check_gradient(m, g, "f", [4, 5, v], kinds, np.random.default_rng(0))
        assert c.err_tangent < 1e-9 and c.err_fd < 1e-6
    # the callee's reverse in the loop used the run-time stack; inlined, the loop's
    # values are taped statically (only the call after the loop still has a pair)
    assert "__ad_reserve_f64" in str(g_out)
    fun_in = Program.of(g_in).functions
    assert "lse_aug" in fun_in or "lse_rev" in fun_in  # the call after the loop
    loops = [op for op in fun_in["f_grad"].walk() if op_name(op) == "scf.for"
             and op_name(op.parent_op()) == "func.func"]
    assert loops and not any(op_name(x) == "func.call" for lp in loops for x in lp.walk())
    loops_out = [op for op in Program.of(g_out).functions["f_grad"].walk()
                 if op_name(op) == "scf.for" and op_name(op.parent_op()) == "func.func"]
    assert any(op_name(x) == "func.call" for lp in loops_out for x in lp.walk())
    d = Differentiator(m, "f", kinds, prune, inline=True)
    d.run()
    d0 = Differentiator(m, "f", kinds, prune)
    d0.run()
    assert d.stats.static_bytes({"n": 4, "k": 5}) > d0.stats.static_bytes({"n": 4, "k": 5})


def test_compiled_gradient_inlines_by_default() -> None:
    m = activity.parse(ROWS)
    v = np.random.default_rng(1).normal(size=30)
    a = gradient(m, "f", argnums=2)
    b = gradient(m, "f", argnums=2, inline=False)
    np.testing.assert_allclose(a(5, 6, v), b(5, 6, v), rtol=1e-13)
    assert "lse_aug" not in str(a.grad_module).split("func.func @f_grad")[1].split(
        "scf.for")[1]  # no call of the pair inside the loop
    assert _calls(b.grad_module, "f_grad").count("@lse_aug") == 2


@pytest.mark.parametrize("body, why", [
    ("%b = memref.alloca() : memref<4xf64>\n  %r = memref.load %b[%c0] : memref<4xf64>",
     "stack allocation"),
    ("%r = func.call @g(%x) : (f64) -> f64", "a call"),
    ("cf.br ^bb1\n^bb1:\n  %r = arith.addf %x, %x : f64", "two blocks"),
])
def test_what_is_not_inlined(body: str, why: str) -> None:
    text = f"""
func.func private @g(%x: f64) -> f64 {{
  %c0 = arith.constant 0 : index
  {body}
  return %r : f64
}}
func.func @f(%n: index, %x: f64) -> f64 {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f64) {{
    %y = func.call @g(%acc) : (f64) -> f64
    scf.yield %y : f64
  }}
  return %t : f64
}}
"""
    m = activity.parse(text)
    assert not inlinable(Program.of(m).functions["g"]), why
    assert inline_loop_calls(m, "f") == (0, {})
    assert _calls(m, "f") == ["@g"]


def test_cli_static_and_inline(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    from activity.cli import main

    path = Path(str(tmp_path)) / "rows.mlir"
    path.write_text(ROWS)
    assert main(["grad", str(path), "--func", "f", "--args", "const,const,dup",
                 "--static", "n=4,k=5", "--inline", "--stats"]) == 0
    out = capsys.readouterr().out
    # inlined and sized: the loop's values are static tapes of 4 rows; only the call
    # after the loop still uses the stack, and its ops keep their source lines
    assert "@f %m : f64  [static] 8*4*(5 - 1) bytes" in out
    assert "@lse block at scf.for at 13:8: 8 bytes per execution" in out
    assert " ?" not in out
    assert main(["grad", str(path), "--func", "f", "--static", "m=4"]) == 2
    err = capsys.readouterr().err
    assert "--static: @f has no argument 'm' (arguments: n, k, v)" in err
    assert "Traceback" not in err
    assert main(["grad", str(path), "--func", "f", "--static", "v=4"]) == 2
    err = capsys.readouterr().err
    assert "--static: argument 2 of @f has type memref<?xf64>; only integer" in err
    assert main(["grad", str(path), "--func", "f", "--static", "n=3,n=4"]) == 2
    assert "--static: 'n' given twice" in capsys.readouterr().err


def test_random_programs_with_calls_in_loops() -> None:
    """Random programs whose calls in loops get inlined: the inlined gradient verifies,
    passes the dot-product test and equals the gradient through the callee's pair.
    (Their callees' results are often dead, so this checks breadth -- regions, globals,
    casts in callees -- more than values; the parametrized test below checks values.)"""
    import math
    import warnings

    from activity.ad import GradError
    from activity.testing.progen import generate

    checked = 0
    for seed in range(300):
        p = generate(seed)
        m = p.parse()
        if not inline_loop_calls(m.clone(), p.func)[0]:
            continue
        kinds = list(p.args)
        inputs = p.make_inputs(np.random.default_rng(seed))
        cs = {}
        # the program through the callee's pair first: what it cannot do (differentiate,
        # run in the interpreter) skips the program; the inlined one must then do it too
        for inl in (False, True):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    g = grad(m, p.func, kinds, True, inline=inl)
                except GradError:
                    if inl:
                        raise
                    break
            try:
                cs[inl] = check_gradient(m, g, p.func, inputs, kinds,
                                         np.random.default_rng(seed + 1), fd_step=None)
            except Exception as e:
                if inl or type(e).__name__ not in ("InterpreterError", "StepLimitExceeded"):
                    raise
                break
        else:
            c = cs[True]
            if not (math.isfinite(c.tangent) and math.isfinite(c.reverse)):
                continue
            assert c.err_tangent < 1e-6, (seed, c.reverse, c.tangent)
            assert not c.primal_mismatch, (seed, c.primal_mismatch)
            np.testing.assert_allclose(cs[True].adjoints, cs[False].adjoints, rtol=1e-9,
                                       atol=1e-12)
            for a, b in zip(cs[True].shadows, cs[False].shadows, strict=True):
                if a is not None:
                    np.testing.assert_allclose(a, b, rtol=1e-9, atol=1e-12)
            checked += 1
    assert checked >= 4, checked


@pytest.mark.parametrize("inner, outer", [
    ("math.exp", "arith.mulf"), ("math.sin", "arith.divf"), ("math.tanh", "arith.subf"),
    ("math.cos", "arith.maximumf"), ("math.sqrt", "arith.addf"), ("math.atan", "math.powf"),
])
def test_inlined_callee_values_matter(inner: str, outer: str) -> None:
    """A callee ``g(x, y) = outer(inner(x), y)`` called in a loop whose results all
    reach the output: inlined and not, the gradients pass finite differences and
    agree."""
    text = f"""
func.func private @g(%x: f64, %y: f64) -> f64 {{
  %a = {inner} %x : f64
  %b = {outer} %a, %y : f64
  return %b : f64
}}
func.func @f(%n: index, %v: memref<?xf64>, %y: f64) -> f64 {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %t = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f64) {{
    %x = memref.load %v[%i] : memref<?xf64>
    %r = func.call @g(%x, %y) : (f64, f64) -> f64
    %s = arith.addf %acc, %r : f64
    scf.yield %s : f64
  }}
  return %t : f64
}}
"""
    m = activity.parse(text)
    kinds = ["const", "dup", "active"]
    v = np.random.default_rng(5).uniform(0.2, 0.9, size=6)
    cs = []
    for inl in (True, False):
        g = grad(m, "f", kinds, True, inline=inl)
        c = check_gradient(m, g, "f", [6, v, 0.7], kinds, np.random.default_rng(0))
        assert c.err_tangent < 1e-9 and c.err_fd < 1e-6 and not c.primal_mismatch
        cs.append(c)
    assert "func.call" not in str(grad(m, "f", kinds, True, inline=True)).split(
        "func.func @f_grad")[1]
    np.testing.assert_allclose(cs[0].adjoints, cs[1].adjoints, rtol=1e-12)
    np.testing.assert_allclose(cs[0].shadows[1], cs[1].shadows[1], rtol=1e-12)
