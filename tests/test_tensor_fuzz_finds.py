"""What the off-suite fuzz driver of tensor gradients (benchmarks/tensor_fuzz.py) found,
kept as fast regressions, and a small run of the driver itself on the generator's
newer statements (``scf.while``, dynamic shapes, zero-size slices, an argument passed
twice, ``memref.store`` write-backs, row loops inserting into the carried tensor).

Programs outside the supported subset must be refused with ``FILE:LINE:COL: error:``,
never a bare exception: the cases here raised an ``AssertionError`` (an unranked
tensor in a compiled gradient) or gave no line (a tensor carried by ``scf.while``
that the reverse sweep needs)."""

from __future__ import annotations

import importlib.util
import re
import sys
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import activity
from activity.ad.errors import GradError
from activity.codegen.errors import CodegenError
from activity.testing.tensorgen import TensorGenConfig, generate

ROOT = Path(__file__).resolve().parents[1]
PLACE = r"^[^\s:]+:\d+:\d+: error: "


def _driver() -> Any:
    spec = importlib.util.spec_from_file_location("tensor_fuzz",
                                                  ROOT / "benchmarks" / "tensor_fuzz.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["tensor_fuzz"] = mod  # (its dataclasses look their module up)
    spec.loader.exec_module(mod)
    return mod


UNRANKED = """func.func @f(%x: tensor<3xf64>) -> tensor<3xf64> {
  %u = tensor.cast %x : tensor<3xf64> to tensor<*xf64>
  %b = tensor.cast %u : tensor<*xf64> to tensor<3xf64>
  return %b : tensor<3xf64>
}
"""

WHILE = """func.func @f(%x: tensor<3xf64>) -> tensor<3xf64> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%k = %c0, %t = %x) : (index, tensor<3xf64>) -> (index, tensor<3xf64>) {
    %c = arith.cmpi slt, %k, %c2 : index
    scf.condition(%c) %k, %t : index, tensor<3xf64>
  } do {
  ^bb0(%k2: index, %t2: tensor<3xf64>):
    %y = arith.mulf %t2, %t2 : tensor<3xf64>
    %k3 = arith.addi %k2, %c1 : index
    scf.yield %k3, %y : index, tensor<3xf64>
  }
  return %r#1 : tensor<3xf64>
}
"""


def test_unranked_tensor_refused_with_place() -> None:
    g = activity.grad(activity.parse(UNRANKED), "f", ["active"])
    with pytest.raises(CodegenError, match=PLACE + "tensor.cast: unranked tensors"):
        activity.compile(g, "f_grad")


def test_tensor_carried_by_while_refused_with_place() -> None:
    """``x * x`` in a ``scf.while``: the reverse sweep needs each trip's tensor, which
    only ``scf.for`` nests tape; the refusal names the loop (it had no line)."""
    with pytest.raises(GradError, match=PLACE + "cannot cache a value of type "
                                        r"tensor<3xf64>") as e:
        activity.grad(activity.parse(WHILE), "f", ["active"])
    assert str(e.value).startswith("<string>:5:10:"), str(e.value)


def test_emit_llvm_of_a_tensor_gradient(tmp_path: Path) -> None:
    """``activity grad --emit llvm`` of a tensor program: bufferized first, as
    ``activity.compile`` does (every tensor type was refused, without a line)."""
    from activity.codegen.emit import emit

    src = tmp_path / "t.mlir"
    src.write_text("""func.func @f(%x: tensor<?xf64>) -> tensor<?xf64> {
  %y = arith.mulf %x, %x : tensor<?xf64>
  return %y : tensor<?xf64>
}
""")
    g = activity.grad(activity.parse(src), "f", ["active"])
    ll = emit(g, ["f_grad"], "llvm")
    assert isinstance(ll, str) and "define" in ll and "@f_grad" in ll


EXTRA = TensorGenConfig(stmts=(2, 5), p_memref=0.4, p_while=0.3, p_dynamic=0.3,
                        p_zero=0.2, p_alias=0.3, p_store=0.6, p_rows=0.4)


def test_generator_draws_the_new_statements() -> None:
    texts = [generate(s, EXTRA) for s in range(60)]
    joined = "\n".join(p.text for p in texts)
    for what in ("scf.while", "tensor<?x", "x0xf64>", "memref.store", "iter_args(%acc"):
        assert what in joined, what
    assert sum(p.alias is not None for p in texts) >= 5
    assert any(p.shapes for p in texts)


@pytest.mark.parametrize("seed", [1, 7, 12])
def test_driver_on_new_statements(seed: int) -> None:
    """The dot-product test of benchmarks/tensor_fuzz.py (interpreted reverse with
    every optimization off and compiled with all on, against the interpreter's
    tangents, and central differences) on a few programs of the new statements."""
    d = _driver()
    stats = d.Stats()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        d.check(generate(seed, EXTRA), seed, stats, fd=True)
    assert not stats.failures, stats.failures
    assert stats.checked == 1, stats


def test_driver_catches_a_wrong_adjoint(monkeypatch: pytest.MonkeyPatch) -> None:
    """The driver has teeth: with the transpose rule's adjoint scaled by 2 (through
    the result the interpreter returns), a program with a transpose fails."""
    d = _driver()
    src = """func.func @f(%x: tensor<2x3xf64>) -> tensor<3x2xf64> {
  %e = tensor.empty() : tensor<3x2xf64>
  %t = linalg.transpose ins(%x : tensor<2x3xf64>) outs(%e : tensor<3x2xf64>) permutation = [1, 0]
  return %t : tensor<3x2xf64>
}
"""
    from activity.testing.tensorgen import TensorProgram

    prog = TensorProgram(text=src, func="f", args=("active",),
                         arg_types=("tensor<2x3xf64>",), result_types=("tensor<3x2xf64>",))
    stats = d.Stats()
    d.check(prog, 0, stats, fd=True)
    assert not stats.failures and stats.checked == 1
    import activity.api

    real = activity.api.evaluate

    def doubled(*a: Any, **k: Any) -> Any:
        out = real(*a, **k)
        return tuple(2 * np.asarray(o) for o in out) if isinstance(out, tuple) else 2 * out
    monkeypatch.setattr(activity.api, "evaluate", doubled)  # (activity.evaluate's)
    stats = d.Stats()
    d.check(prog, 0, stats, fd=False, compiled=False)
    assert stats.failures and re.search("interpreted reverse", stats.failures[0])


ORDER = """func.func @f(%M: memref<3xf64>, %x: f64) -> f64 {
  %i0 = arith.constant 0 : index
  %i3 = arith.constant 3 : index
  %i1 = arith.constant 1 : index
  memref.store %x, %M[%i0] : memref<3xf64>
  %N = memref.alloc() : memref<3xf64>
  memref.copy %M, %N : memref<3xf64> to memref<3xf64>
  %a = bufferization.to_tensor %M restrict : memref<3xf64> to tensor<3xf64>
  %b = bufferization.to_tensor %N restrict : memref<3xf64> to tensor<3xf64>
  %s = scf.for %i = %i0 to %i3 step %i1 iter_args(%acc = %x) -> (f64) {
    %c = bufferization.to_tensor %N restrict : memref<3xf64> to tensor<3xf64>
    %e = tensor.extract %c[%i] : tensor<3xf64>
    memref.store %acc, %N[%i] : memref<3xf64>
    %y = arith.addf %acc, %e : f64
    scf.yield %y : f64
  }
  %u = tensor.extract %a[%i1] : tensor<3xf64>
  %v = tensor.extract %b[%i1] : tensor<3xf64>
  %w = arith.addf %u, %v : f64
  %z = arith.addf %w, %s : f64
  memref.dealloc %N : memref<3xf64>
  return %z : f64
}
"""


def test_to_tensor_copies_only_a_buffer_written_after_it() -> None:
    """``bufferize.may_be_written``: the argument ``M`` is written only before its
    ``to_tensor`` (no copy: so the reverse loop's reads of a tape stay in place); the
    allocation ``N`` after its first one (``v`` reads the snapshot: 2, not the 1 the
    loop stores later), and in the loop that reads it (an iteration writes before the
    next one reads)."""
    from activity.tensor.bufferize import may_be_written

    m = activity.parse(ORDER)
    f = next(o for o in m.walk() if o.name == "func.func")
    tts = [o for o in f.walk() if o.name == "bufferization.to_tensor"]
    assert [may_be_written(f, t.operands[0], t) for t in tts] == [False, True, True]
    ref = activity.evaluate(m, "f", np.array([1.0, 2.0, 3.0]), 0.5)
    got = activity.compile(m, "f")(np.array([1.0, 2.0, 3.0]), 0.5)
    assert ref == (10.0,) and got == 10.0


DIAGONAL = """func.func @f(%M: memref<2x2xf64>, %x: f64) -> f64 {
  %c = arith.constant -1.5 : f64
  %t = bufferization.to_tensor %M restrict : memref<2x2xf64> to tensor<2x2xf64>
  %j = arith.constant 1 : index
  %i = arith.constant 0 : index
  %e = tensor.extract %t[%i, %j] : tensor<2x2xf64>
  %y = arith.mulf %e, %x : f64
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0, d0)>],
      iterator_types = ["parallel"]} outs(%M : memref<2x2xf64>) {
  ^bb0(%o: f64):
    linalg.yield %c : f64
  }
  return %y : f64
}
"""


def test_inactive_partial_write_of_a_shadowed_buffer_refused() -> None:
    """An inactive linalg op on memrefs gets its outs' shadows cleared, all of them
    (tests/test_tensor_ad.py); one writing only the diagonal would clear the adjoint of
    ``M[0, 1]`` too, so it is refused."""
    with pytest.raises(GradError, match=PLACE + "cannot differentiate 'linalg.generic' "
                                        "on memrefs: it overwrites part of a buffer"):
        activity.grad(activity.parse(DIAGONAL), "f", ["dup", "active"])


CAPTURED_IN_IF = """func.func @f(%x: tensor<2xf64>, %s: f64) -> (tensor<2xf64>, f64) {
  %one = arith.constant 1.0 : f64
  %c = arith.cmpf olt, %s, %one : f64
  %r = scf.if %c -> (tensor<2xf64>) {
    %e = tensor.empty() : tensor<2xf64>
    %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>,
        affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%x : tensor<2xf64>) outs(%e : tensor<2xf64>) {
    ^bb0(%a: f64, %o: f64):
      linalg.yield %s : f64
    } -> tensor<2xf64>
    scf.yield %g : tensor<2xf64>
  } else {
    scf.yield %x : tensor<2xf64>
  }
  %i = arith.constant 1 : index
  %n = arith.constant 0 : index
  %w = scf.for %k = %n to %i step %i iter_args(%t = %x) -> (tensor<2xf64>) {
    %e2 = tensor.empty() : tensor<2xf64>
    %h = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>,
        affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%t : tensor<2xf64>) outs(%e2 : tensor<2xf64>) {
    ^bb0(%a: f64, %o: f64):
      %q = arith.mulf %a, %s : f64
      linalg.yield %q : f64
    } -> tensor<2xf64>
    scf.yield %h : tensor<2xf64>
  }
  %sum = arith.addf %r, %w : tensor<2xf64>
  return %sum, %s : tensor<2xf64>, f64
}
"""


@pytest.mark.parametrize("s", [0.5, 2.0])
def test_scalar_captured_by_a_linalg_body_in_a_region(s: float) -> None:
    """``%s`` read by linalg bodies inside ``scf.if`` / ``scf.for``: its adjoint was
    summed inside the reverse branch and used after it (interpreted: ``None``;
    compiled: LLVM's "does not dominate all uses"), because ``needs.free_vars`` did not
    see values captured by linalg bodies (tensor_fuzz.py --extra, seed 5543)."""
    m = activity.parse(CAPTURED_IN_IF)
    g = activity.grad(m, "f", ["active", "active"])
    x, w = np.array([3.0, 5.0]), np.array([1.0, 10.0])
    ds = (11.0 if s < 1 else 0.0) + float(w @ x) + 0.25
    dx = (0.0 if s < 1 else 1.0) * w + s * w
    for run in (lambda *a: activity.evaluate(g, "f_grad", *a), activity.compile(g, "f_grad")):
        gx, gs = run(x.copy(), s, w, 0.25)
        np.testing.assert_allclose(np.ravel(gx), dx, rtol=1e-15)
        assert gs == pytest.approx(ds, rel=1e-15)


SELECTED = """func.func @f(%m: memref<1xf64>, %c: i1) -> f64 {
  %i = arith.constant 0 : index
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %a = memref.alloc() : memref<1xf64>
  memref.store %one, %a[%i] : memref<1xf64>
  %s = arith.select %c, %a, %m : memref<1xf64>
  %t = bufferization.to_tensor %s restrict : memref<1xf64> to tensor<1xf64>
  memref.store %two, %a[%i] : memref<1xf64>
  %e = tensor.extract %t[%i] : tensor<1xf64>
  memref.dealloc %a : memref<1xf64>
  return %e : f64
}
"""


def test_to_tensor_of_a_selected_buffer_copies_it() -> None:
    """An allocation that reaches ``to_tensor`` through a select (or a loop's or a
    branch's result) may be the tensor's buffer: a later write to the allocation must
    not show in the tensor (the review found ``may_be_written`` took the select's root
    for a distinct buffer: compiled 2.0, interpreted 1.0)."""
    from activity.tensor.bufferize import may_be_written

    m = activity.parse(SELECTED)
    f = next(o for o in m.walk() if o.name == "func.func")
    tt = next(o for o in f.walk() if o.name == "bufferization.to_tensor")
    assert may_be_written(f, tt.operands[0], tt)
    ref = activity.evaluate(m, "f", np.array([5.0]), True)
    got = activity.compile(m, "f")(np.array([5.0]), True)
    assert ref == (1.0,) and got == 1.0


# -- the generator's statements for the newer optimizations (tensor_fuzz.py --config opt)

def test_generator_draws_the_opt_statements() -> None:
    """``p_skin``, ``p_dynmm``, ``p_trans_for``, ``p_result_alias``: their statements
    appear in the programs of the driver's opt configurations (and are valid MLIR)."""
    d = _driver()
    progs = [generate(s, d.CONFIGS[c]) for c in d.OPT_CONFIGS for s in range(8)]
    joined = "\n".join(p.text for p in progs)
    for what in ('"reduction", "reduction"]', "%relu", "fastmath<contract>",
                 "tensor.dim %dy", "scf.for %iv", "tensor.collapse_shape %sl",
                 "math.tanh", "%rsl"):
        assert what in joined, what
    twice = [p for p in progs if len(p.result_types) == 2
             and p.text.splitlines()[-2].split()[1].rstrip(",")
             == p.text.splitlines()[-2].split()[2]]
    assert twice  # (a result returned twice)
    for p in progs[::6]:
        activity.parse(p.text)


@pytest.mark.parametrize(("config", "seed", "fired"), [
    ("skin", 9, {"zeroskip", "JAM"}),
    pytest.param("transfor", 1, {"tapebody", "reslice"}, marks=pytest.mark.slow),
    pytest.param("dynmm", 11, {"regtile", "WIDE_FMA"}, marks=pytest.mark.slow),
])
def test_opt_statements_fire_the_optimizations(config: str, seed: int,
                                               fired: set[str]) -> None:
    """The statements reach what they are for (opts counters, and the driver's
    ``Fired`` for the loops flags without one): one small program each."""
    from activity.tensor import opts

    d = _driver()
    prog = generate(seed, d.CONFIGS[config])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with opts.counting() as c, d.Fired() as f:
            g = activity.grad(activity.parse(prog.text), "f", list(prog.args))
            activity.compile(g, "f_grad")
    got = {k for k, v in c.items() if v} | set(f.c)
    assert fired <= got, (fired, got)


SKIN = """func.func @f(%w: tensor<3x2xf64>, %t: tensor<2x4x2xf64>, %x: tensor<3x2xf64>)
    -> tensor<3x4xf64> {
  %z = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<3x4xf64>
  %f = linalg.fill ins(%z : f64) outs(%e : tensor<3x4xf64>) -> tensor<3x4xf64>
  %r = linalg.generic {indexing_maps = [affine_map<(v, i, b, j) -> (v, b)>,
      affine_map<(v, i, b, j) -> (b, i, j)>, affine_map<(v, i, b, j) -> (v, j)>,
      affine_map<(v, i, b, j) -> (v, i)>],
      iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%w, %t, %x : tensor<3x2xf64>, tensor<2x4x2xf64>, tensor<3x2xf64>)
      outs(%f : tensor<3x4xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64, %o: f64):
    %p = arith.mulf %a, %b : f64
    %q = arith.mulf %p, %c : f64
    %s = arith.addf %o, %q : f64
    linalg.yield %s : f64
  } -> tensor<3x4xf64>
  return %r : tensor<3x4xf64>
}
"""


def _skin() -> tuple[Any, list[Any]]:
    from activity.testing.tensorgen import TensorProgram

    prog = TensorProgram(text=SKIN, func="f", args=("active", "active", "active"),
                         arg_types=("tensor<3x2xf64>", "tensor<2x4x2xf64>",
                                    "tensor<3x2xf64>"),
                         result_types=("tensor<3x4xf64>",))
    w = np.array([[0.0, 1.5], [-0.5, 0.0], [2.0, 1.0]])
    t = np.linspace(-1.0, 1.0, 16).reshape(2, 4, 2)
    t[0, 1, 1] = np.inf  # (read where w[1, 0] is zero)
    return prog, [w, t, np.array([[1.0, -2.0], [0.5, 0.25], [3.0, 1.0]])]


def test_diff_driver_catches_an_unguarded_zero_skip(monkeypatch: pytest.MonkeyPatch
                                                    ) -> None:
    """``check_diff`` has teeth: zeroskip's guard made always true, a zero weight's
    terms are skipped although another factor holds an infinity (``0 * inf`` is NaN
    without the skip): the primal's result differs from the interpreter's
    (test_diff_driver_zero_skip_exact: with the real guard all agree)."""
    from xdsl.dialects import arith
    from xdsl.dialects.builtin import IntegerAttr, IntegerType

    from activity.tensor import zeroskip

    def always(at: Any, s: Any, z: Any) -> Any:
        return at(arith.ConstantOp(IntegerAttr(1, IntegerType(1)))).results[0]
    monkeypatch.setattr(zeroskip, "emit_guard", always)
    d = _driver()
    prog, xs = _skin()
    bad = d.DiffStats()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        d.check_diff(prog, 1, bad, inputs=xs)
    assert bad.fired.get("zeroskip") and bad.failures, bad
    # (here the primal's nest is the one skipped: compiled vs interpreted differ)
    assert "zeroskip off vs on differ" in bad.failures[0] or "primal" in bad.failures[0]


@pytest.mark.slow
def test_diff_driver_zero_skip_exact() -> None:
    """The same program with the real guard: every optimization that applied gives
    the same gradient off and on (zeroskip bit for bit), the primal compiled is the
    interpreter's."""
    d = _driver()
    prog, xs = _skin()
    ok = d.DiffStats()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        d.check_diff(prog, 0, ok, inputs=xs)
    assert ok.fired.get("zeroskip") and not ok.failures, ok
