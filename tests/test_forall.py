"""``scf.forall`` on memrefs: the analysis and the interpreter read it as an
``scf.parallel`` without reductions, AD and codegen rewrite it into one
(:mod:`activity.ad.forall`); ``shared_outs`` (tensor results) are refused clearly.

The programs are written twice, with ``scf.forall`` (in the generic form
``mlir-opt-22 --mlir-print-op-generic`` prints, which xDSL parses without mlir-opt) and
with the equivalent ``scf.parallel``, and every answer is compared."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import activity
from activity.ad import GradError, grad
from activity.ad.check import check_gradient
from activity.ad.reverse import Differentiator
from activity.codegen import CodegenError
from activity.errors import ActivityError
from activity.ops.forall import forall_loop
from activity.semantics.memory import InterpreterError
from tests.helpers import act, run
from tests.test_ad import MLIR_OPT, mlir_verify

ROOT = Path(__file__).resolve().parents[1]

Bound = int | str  # a constant, or an SSA name ("%n")


def forall(ivs: list[str], lbs: list[Bound], ubs: list[Bound], steps: list[Bound],
           body: str, mapping: str | None = None) -> str:
    """An ``scf.forall`` on memrefs in MLIR's generic form."""
    dyn = [[b for b in bs if isinstance(b, str)] for bs in (lbs, ubs, steps)]
    ops = [b for d in dyn for b in d]

    def static(bs: list[Bound]) -> str:
        return ", ".join(str(b) if isinstance(b, int) else str(-(2**63)) for b in bs)

    props = (f"operandSegmentSizes = array<i32: {len(dyn[0])}, {len(dyn[1])}, "
             f"{len(dyn[2])}, 0>, staticLowerBound = array<i64: {static(lbs)}>, "
             f"staticStep = array<i64: {static(steps)}>, "
             f"staticUpperBound = array<i64: {static(ubs)}>")
    if mapping:
        props = f"mapping = {mapping}, " + props
    args = ", ".join(f"{v}: index" for v in ivs)
    return (f'"scf.forall"({", ".join(ops)}) <{{{props}}}> ({{\n'
            f"  ^bb0({args}):\n{body}\n"
            '    "scf.forall.in_parallel"() ({\n    ^bb0:\n    }) : () -> ()\n'
            f'  }}) : ({", ".join(["index"] * len(ops))}) -> ()')


def parallel(ivs: list[str], lbs: list[Bound], ubs: list[Bound], steps: list[Bound],
             body: str) -> str:
    """The same loop as an ``scf.parallel`` (constants for the static bounds)."""
    consts: list[str] = []

    def v(b: Bound) -> str:
        if isinstance(b, str):
            return b
        consts.append(f"%k{len(consts)} = arith.constant {b} : index")
        return f"%k{len(consts) - 1}"

    lo, hi, st = ([v(b) for b in bs] for bs in (lbs, ubs, steps))
    return ("\n".join(consts) + f"\nscf.parallel ({', '.join(ivs)}) = ({', '.join(lo)}) to "
            f"({', '.join(hi)}) step ({', '.join(st)}) {{\n{body}\n  scf.reduce\n}}")


def both(template: str, *loop: Any, **kw: Any) -> tuple[str, str]:
    """``template`` with its ``LOOP`` as an scf.forall and as an scf.parallel."""
    return (template.replace("LOOP", forall(*loop, **kw)),
            template.replace("LOOP", parallel(*loop)))


# b[i] = sin(a[i]) * x; returns sum(b): iterations touch distinct elements
MAP_BODY = """
    %v = memref.load %a[%i] : memref<?xf64>
    %s = math.sin %v : f64
    %y = arith.mulf %s, %x : f64
    memref.store %y, %b[%i] : memref<?xf64>"""
MAP_T = """
func.func @f(%a: memref<?xf64>, %b: memref<?xf64>, %x: f64, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  LOOP
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> f64 {
    %v = memref.load %b[%i] : memref<?xf64>
    %q = arith.addf %acc, %v : f64
    scf.yield %q : f64
  }
  func.return %r : f64
}
"""
MAP, MAP_PAR = both(MAP_T, ["%i"], [0], ["%n"], [1], MAP_BODY)
MAP_KINDS = ["dup", "dup", "active", "const"]

# b[i] = a[idx[i]] * a[i mod 4] * x: several iterations read (so update the shadow of)
# the same element of a
GATHER_BODY = """
    %j = memref.load %idx[%i] : memref<6xindex>
    %v = memref.load %a[%j] : memref<4xf64>
    %k = arith.remui %i, %c4 : index
    %w = memref.load %a[%k] : memref<4xf64>
    %p = arith.mulf %v, %w : f64
    %y = arith.mulf %p, %x : f64
    memref.store %y, %b[%i] : memref<6xf64>"""
GATHER_T = """
func.func @g(%a: memref<4xf64>, %idx: memref<6xindex>, %b: memref<6xf64>, %x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  LOOP
  %r = memref.load %b[%c0] : memref<6xf64>
  func.return %r : f64
}
"""
GATHER, GATHER_PAR = both(GATHER_T, ["%i"], [0], [6], [1], GATHER_BODY,
                          mapping="[#gpu.thread<x>]")
GATHER_KINDS = ["dup", "const", "dup", "active"]
GATHER_IN = [np.array([0.3, -1.2, 0.7, 2.0]), np.array([2, 0, 2, 2, 1, 0]), np.zeros(6), 0.8]

# 2-D, a dynamic lower bound, a static upper bound and step: c[i, j] = a[i, j] * a[i, j+1]
GRID_BODY = """
    %j1 = arith.addi %j, %c1 : index
    %u = memref.load %a[%i, %j] : memref<?x4xf64>
    %w = memref.load %a[%i, %j1] : memref<?x4xf64>
    %p = arith.mulf %u, %w : f64
    memref.store %p, %c[%i, %j] : memref<?x4xf64>"""
GRID_T = """
func.func @h(%a: memref<?x4xf64>, %c: memref<?x4xf64>, %lo: index, %n: index) {
  %c1 = arith.constant 1 : index
  LOOP
  func.return
}
"""
GRID, GRID_PAR = both(GRID_T, ["%i", "%j"], ["%lo", 0], ["%n", 4], [1, 2], GRID_BODY,
                      mapping="[#gpu.block<y>, #gpu.block<x>]")


def _parse(text: str) -> Any:
    return activity.parse(text)


# ---------------------------------------------------------------------------------------
# parsing


CUSTOM = """
func.func @h(%a: memref<?x4xf64>, %c: memref<?x4xf64>, %lo: index, %n: index) {
  %c1 = arith.constant 1 : index
  scf.forall (%i, %j) = (%lo, 0) to (%n, 4) step (1, 2) {
    %j1 = arith.addi %j, %c1 : index
    %u = memref.load %a[%i, %j] : memref<?x4xf64>
    %w = memref.load %a[%i, %j1] : memref<?x4xf64>
    %p = arith.mulf %u, %w : f64
    memref.store %p, %c[%i, %j] : memref<?x4xf64>
  } {mapping = [#gpu.block<y>, #gpu.block<x>]}
  func.return
}
"""


def _loop(m: Any) -> Any:
    (op,) = [o for o in m.walk() if activity.ops.op_name(o) == "scf.forall"]
    return forall_loop(op)


def test_generic_form_decodes() -> None:
    loop = _loop(_parse(GRID))
    (lo, n) = [a for a in loop.op.parent_op().regions[0].blocks[0].args][2:]
    assert loop.bounds() == ((lo, n, 1), (0, 4, 2))
    assert not loop.shared_outs and loop.rank == 2 and len(loop.ivs) == 2


@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed")
def test_custom_form_parses_as_mlir_opt_prints_it(tmp_path: Path) -> None:
    """xDSL 0.75 has no scf.forall: the custom form goes through mlir-opt's generic
    form (the front end's fallback), keeps its source lines, and means what our
    generic text means."""
    path = tmp_path / "grid.mlir"
    path.write_text(CUSTOM)
    m = activity.parse(path)
    loop = _loop(m)
    lo, n = list(loop.op.parent_op().regions[0].blocks[0].args)[2:]
    assert loop.bounds() == ((lo, n, 1), (0, 4, 2))
    assert activity.frontend.location_of(loop.op)[1:] == (4, 3)
    generic = subprocess.run([MLIR_OPT, "--mlir-print-op-generic", str(path)],
                             capture_output=True, text=True, check=True).stdout
    assert _loop(_parse(generic)).bounds()[1] == (0, 4, 2)
    a = np.random.default_rng(1).uniform(-1, 1, (3, 4))
    outs = []
    for mod in (m, _parse(generic), _parse(GRID)):
        c = np.zeros((3, 4))
        activity.evaluate(mod, "h", a, c, 1, 3)
        outs.append(c)
    for c in outs[1:]:
        np.testing.assert_array_equal(c, outs[0])
    assert outs[0][0].tolist() == [0, 0, 0, 0] and outs[0][1, 0] == a[1, 0] * a[1, 1]


@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed")
def test_agrees_with_upstream_forall_to_parallel() -> None:
    """Upstream's own rewrite (``mlir-opt --scf-forall-to-parallel``) gives the
    scf.parallel our analysis, interpreter and AD equate with the forall."""
    text = TAGGED.replace("LOOP", forall(["%i"], [0], ["%n"], [1], TAGGED_BODY))
    up = subprocess.run([MLIR_OPT, "--scf-forall-to-parallel", "--mlir-print-op-generic"],
                        input=text, capture_output=True, text=True, check=True).stdout
    assert "scf.forall" not in up and "scf.parallel" in up
    kinds = ["dup", "dup", "active", "const"]
    r, t = run(text, "f", kinds)
    ru, tu = run(up, "f", kinds)
    assert set(t) == set(tu)
    assert {k: act(r, t, k) for k in t} == {k: act(ru, tu, k) for k in tu}
    for src in (GRID, GATHER):
        up = subprocess.run([MLIR_OPT, "--scf-forall-to-parallel"], input=src,
                            capture_output=True, text=True, check=True).stdout
        if src is GRID:
            a = np.random.default_rng(7).uniform(-1, 1, (6, 4))
            c1, c2 = np.zeros((6, 4)), np.zeros((6, 4))
            activity.evaluate(_parse(src), "h", a, c1, 1, 6)
            activity.evaluate(_parse(up), "h", a, c2, 1, 6)
            np.testing.assert_array_equal(c1, c2)
        else:
            g1 = grad(_parse(src), "g", GATHER_KINDS)
            g2 = grad(_parse(up), "g", GATHER_KINDS)
            outs = []
            for g in (g1, g2):
                da = np.zeros(4)
                (dx,) = activity.evaluate(g, "g_grad", GATHER_IN[0], da, GATHER_IN[1],
                                          np.zeros(6), np.ones(6), 0.8, 1.0)
                outs.append((dx, da))
            assert outs[0][0] == outs[1][0]
            np.testing.assert_array_equal(outs[0][1], outs[1][1])


# ---------------------------------------------------------------------------------------
# analysis


TAGGED = """
func.func @f(%a: memref<?xf64>, %b: memref<?xf64>, %x: f64, %n: index) {
  %t = memref.alloca() : memref<1xf64>
  %z = arith.constant 0.0 : f64
  %c0 = arith.constant 0 : index
  memref.store %z, %t[%c0] : memref<1xf64>
  LOOP
  func.return
}
"""
TAGGED_BODY = """
    %v = memref.load %a[%i] {tag = "v"} : memref<?xf64>
    %s = math.sin %v {tag = "s"} : f64
    %u = math.cos %x {tag = "u"} : f64
    %o = memref.load %t[%c0] {tag = "o"} : memref<1xf64>
    %y = arith.mulf %o, %x {tag = "y"} : f64
    memref.store %y, %b[%i] : memref<?xf64>
    %k = arith.index_cast %i {tag = "k"} : index to i64
    memref.store %s, %t[%c0] : memref<1xf64>"""


@pytest.mark.parametrize("static", [False, True])
def test_analysis_of_forall_over_dup_buffers(static: bool) -> None:
    """Each answer as for the scf.parallel: %o reads what another iteration stored
    (the back edge: a forall's iterations run in any order), so it is active; %u only
    reaches nothing (varied); the induction variable is constant."""
    ub: Bound = 8 if static else "%n"
    text, par = both(TAGGED, ["%i"], [0], [ub], [1], TAGGED_BODY)
    kinds = {"a": "dup", "b": "dup", "x": "active", "n": "const"}
    r, t = run(text, "f", kinds)
    rp, tp = run(par, "f", kinds)
    want = {"v": "active", "s": "active", "u": "varied", "o": "active", "y": "active",
            "k": "const"}
    assert {k: act(r, t, k) for k in want} == want
    assert {k: act(rp, tp, k) for k in want} == want
    assert not r.warnings, r.warnings


def test_analysis_with_const_input_is_const() -> None:
    r, t = run(TAGGED.replace("LOOP", forall(["%i"], [0], ["%n"], [1], TAGGED_BODY)), "f",
               {"a": "const", "b": "dup", "x": "const", "n": "const"})
    assert {k: act(r, t, k) for k in ("v", "s", "u", "o", "y")} == {
        "v": "useful", "s": "useful", "u": "const", "o": "useful", "y": "useful"}


def test_soundness_oracle_on_forall() -> None:
    """The interpreter's tangents (forward) and adjoint probes (backward) never exceed
    the analysis' answer on the tagged forall."""
    from activity.testing.oracle import check_program
    from activity.testing.progen import GeneratedProgram

    for ub in ("%n", 4):
        text = TAGGED.replace("LOOP", forall(["%i"], [0], [ub], [1], TAGGED_BODY))
        prog = GeneratedProgram(text=text, func="f", args=("dup", "dup", "active", "const"),
                                arg_types=("memref<?xf64>", "memref<?xf64>", "f64", "index"))
        assert check_program(prog, trials=6) == []


# ---------------------------------------------------------------------------------------
# interpreter


def test_interpreter_equals_scf_parallel() -> None:
    rng = np.random.default_rng(5)
    for text, par, func, make in (
            (MAP, MAP_PAR, "f", lambda: [rng.uniform(-1, 1, 7), np.zeros(7), 0.6, 7]),
            (GATHER, GATHER_PAR, "g", lambda: [GATHER_IN[0].copy(), GATHER_IN[1],
                                               np.zeros(6), 0.8]),
            (GRID, GRID_PAR, "h", lambda: [rng.uniform(-1, 1, (5, 4)), np.zeros((5, 4)),
                                           1, 4])):
        xs = make()
        tans = [rng.uniform(-1, 1, np.shape(x)) if isinstance(x, np.ndarray)
                and x.dtype == np.float64 else (0.3 if isinstance(x, float) else None)
                for x in xs]
        outs = []
        for mod in (_parse(text), _parse(par)):
            ys = [x.copy() if isinstance(x, np.ndarray) else x for x in xs]
            r = activity.semantics.Interpreter(mod).run(func, ys, tangents=tans)
            outs.append((ys, r))
        (y1, r1), (y2, r2) = outs
        assert r1.results == r2.results
        for u, v in zip(y1, y2, strict=True):
            if isinstance(u, np.ndarray):
                np.testing.assert_array_equal(u, v)
        nonzero = False
        for u, v in zip(r1.buffer_tangents, r2.buffer_tangents, strict=True):
            if u is not None:
                np.testing.assert_array_equal(u, v)
                nonzero |= bool(np.any(u != 0))
        assert nonzero, func


def test_interpreter_zero_trip_and_bad_step() -> None:
    m = _parse(GRID)
    c = np.full((3, 4), 7.0)
    activity.evaluate(m, "h", np.ones((3, 4)), c, 3, 3)  # lower bound = upper bound
    assert (c == 7.0).all()
    bad = _parse(GRID.replace("staticStep = array<i64: 1, 2>", "staticStep = array<i64: 1, 0>"))
    with pytest.raises(ActivityError, match="scf.forall with non-positive step 0"):
        activity.evaluate(bad, "h", np.ones((3, 4)), c, 0, 3)
    # compiled (and differentiated), the loop would not end: refused at the op
    msg = r"<string>:4:3: error: 'scf.forall' with a non-positive constant step 0"
    with pytest.raises(CodegenError, match=msg):
        activity.compile(bad, "h")
    with pytest.raises(GradError, match=msg):
        grad(bad, "h", ["dup", "dup", "const", "const"])


# ---------------------------------------------------------------------------------------
# AD


def _grads(text: str, func: str, kinds: list[str], inputs: list[Any]) -> Any:
    m = _parse(text)
    g = grad(m, func, kinds)
    mlir_verify(g)
    c = check_gradient(m, g, func, inputs, kinds, np.random.default_rng(3), fd_step=1e-6)
    assert c.err_tangent < 1e-9, (c.reverse, c.tangent)
    assert c.err_fd < 1e-6, (c.reverse, c.fd)
    return c


def _stats(text: str, func: str, kinds: list[str]) -> Any:
    d = Differentiator(_parse(text), func, kinds, True)
    d.run()
    return d.stats


@pytest.mark.parametrize("case", ["map", "gather"])
def test_gradient_equals_scf_parallel_and_finite_differences(case: str) -> None:
    """The reverse of a forall is a parallel loop: no atomics where the iterations
    update distinct shadow elements (map), atomic updates of a' where they share one
    (gather); gradients equal the scf.parallel version's and finite differences."""
    rng = np.random.default_rng(2)
    if case == "map":
        text, par, func, kinds = MAP, MAP_PAR, "f", MAP_KINDS
        inputs = [rng.uniform(-1, 1, 6), np.zeros(6), 0.7, 6]
        want = (0, 1)  # (atomic updates, scalar reductions)
    else:
        text, par, func, kinds = GATHER, GATHER_PAR, "g", GATHER_KINDS
        inputs = GATHER_IN
        want = (2, 1)
    c, cp = _grads(text, func, kinds, inputs), _grads(par, func, kinds, inputs)
    np.testing.assert_array_equal(c.adjoints, cp.adjoints)
    for a, b in zip(c.shadows, cp.shadows, strict=True):
        if a is not None:
            np.testing.assert_array_equal(a, b)
    s, sp = _stats(text, func, kinds), _stats(par, func, kinds)
    assert (s.atomic_updates, s.scalar_reductions) == want
    assert (sp.atomic_updates, sp.scalar_reductions) == want
    gtext = str(grad(_parse(text), func, kinds))
    assert "scf.forall" not in gtext
    assert gtext.count("memref.atomic_rmw") == want[0]


def test_gather_gradient_by_hand() -> None:
    g = grad(_parse(GATHER), "g", GATHER_KINDS)
    a, idx = GATHER_IN[0], GATHER_IN[1]
    da, db = np.zeros(4), np.ones(6)
    (dx,) = activity.evaluate(g, "g_grad", a, da, idx, np.zeros(6), db, 0.8, 1.0)
    want = np.zeros(4)
    want[idx[0]] += a[0] * 0.8  # the result is b[0] (seed 1) plus the shadow b' (ones)
    want[0] += a[idx[0]] * 0.8
    for i in range(6):
        want[idx[i]] += a[i % 4] * 0.8
        want[i % 4] += a[idx[i]] * 0.8
    np.testing.assert_allclose(da, want)
    assert abs(dx - sum(a[idx[i]] * a[i % 4] for i in range(6)) - a[idx[0]] * a[0]) < 1e-12


# ---------------------------------------------------------------------------------------
# compiled code


def test_compiled_on_host_threads_and_emulated_gpu() -> None:
    rng = np.random.default_rng(4)
    a = rng.uniform(-1, 1, (9, 4))
    want = np.zeros((9, 4))
    activity.evaluate(_parse(GRID), "h", a, want, 2, 9)
    for opts in ({}, {"threads": 2}, {"target": "gpu", "emulate": True}):
        c = np.zeros((9, 4))
        activity.compile(GRID, "h", **opts)(a, c, 2, 9)
        np.testing.assert_array_equal(c, want, err_msg=str(opts))
    x = rng.uniform(-1, 1, 50)
    b_want = np.zeros(50)
    r_want = activity.evaluate(_parse(MAP), "f", x, b_want, 0.4, 50)
    for opts in ({"threads": 3}, {"target": "gpu", "emulate": True}):
        b = np.zeros(50)
        r = activity.compile(MAP, "f", **opts)(x, b, 0.4, 50)
        np.testing.assert_array_equal(b, b_want, err_msg=str(opts))
        assert r == r_want[0]


def test_compiled_gradient_on_threads_equals_interpreter() -> None:
    from tests.test_ad_parallel import _interpreted_gradient

    inputs = [GATHER_IN[0], GATHER_IN[1], np.zeros(6), 0.8]
    want = _interpreted_gradient(grad(_parse(GATHER), "g", GATHER_KINDS), "g", inputs,
                                 GATHER_KINDS, [0, 3])
    for opts in ({}, {"threads": 2}, {"target": "gpu", "emulate": True}):
        got = activity.gradient(GATHER, "g", [0, 3], args=GATHER_KINDS, **opts)(
            *[x.copy() if isinstance(x, np.ndarray) else x for x in inputs])
        for g_, w in zip(got, want, strict=True):
            np.testing.assert_allclose(g_, w, rtol=1e-12, atol=1e-14, err_msg=str(opts))


def test_threads_run_the_forall_as_outermost_parallel() -> None:
    """threads=n and the GPU see the forall as an outermost parallel loop."""
    from activity.codegen.gpu import outermost_parallels
    from activity.codegen.prepare import prepare
    from activity.engine.program import Program

    m = _parse(GRID)
    pm = prepare(m)
    assert len(outermost_parallels(Program.of(pm).functions["h"])) == 1
    assert any(activity.ops.op_name(o) == "scf.forall" for o in m.walk())  # not changed
    loc = activity.frontend.location_of
    (par,) = [o for o in pm.walk() if activity.ops.op_name(o) == "scf.parallel"]
    assert loc(par) == loc(_loop(m).op) and loc(par) is not None


# ---------------------------------------------------------------------------------------
# shared_outs (tensor results): outside the subset until the tensor level


TENSOR = """
func.func @t(%x: tensor<4xf64>) -> tensor<4xf64> {
  %e = tensor.empty() : tensor<4xf64>
  %r = "scf.forall"(%e) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>,
      staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>,
      staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index, %o: tensor<4xf64>):
    %v = "tensor.extract_slice"(%x, %i) <{
        operandSegmentSizes = array<i32: 1, 1, 0, 0>,
        static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 1>,
        static_strides = array<i64: 1>}> : (tensor<4xf64>, index) -> tensor<1xf64>
    "scf.forall.in_parallel"() ({
      "tensor.parallel_insert_slice"(%v, %o, %i) <{
          operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>,
          static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 1>,
          static_strides = array<i64: 1>}> : (tensor<1xf64>, tensor<4xf64>, index) -> ()
    }) : () -> ()
  }) : (tensor<4xf64>) -> tensor<4xf64>
  func.return %r : tensor<4xf64>
}
"""


def test_shared_outs_get_the_fallback_in_the_analysis() -> None:
    """A warning at the forall; what the in_parallel inserts reaches the result."""
    m = _parse(TENSOR)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        r = activity.analyze(m, "t", ["active"])
    assert any("'scf.forall' with shared_outs" in str(x.message) for x in w)
    (fo,) = [o for o in m.walk() if activity.ops.op_name(o) == "scf.forall"]
    assert r.value(fo.results[0]).active
    with pytest.raises(ActivityError):
        activity.analyze(m, "t", ["active"], strict=True)


def test_shared_outs_are_a_clear_error_in_ad_and_codegen(tmp_path: Path) -> None:
    path = tmp_path / "t.mlir"
    path.write_text(TENSOR)
    msg = r"t\.mlir:4:8: error: 'scf.forall' with shared_outs \(tensor results\)"
    with pytest.raises(GradError, match=msg):
        grad(activity.parse(path), "t", ["dup"])
    with pytest.raises(CodegenError, match=msg):
        activity.compile(activity.parse(path), "t")
    p = subprocess.run([sys.executable, "-m", "activity.cli", "grad", str(path), "--func",
                        "t"], capture_output=True, text=True, cwd=ROOT,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert p.returncode == 2, p.stderr
    assert p.stderr.strip().count("\n") == 0 and "error: 'scf.forall' with shared_outs" in \
        p.stderr


def test_interpreter_refuses_shared_outs() -> None:
    """(Only a forall's own check reaches the interpreter: tensor arguments and tensor
    ops are refused before it.)"""
    interp = activity.semantics.Interpreter(_parse(TENSOR))
    (fo,) = [o for o in interp.module.walk() if activity.ops.op_name(o) == "scf.forall"]
    fn = interp._compile_op(fo)
    with pytest.raises(InterpreterError, match="shared_outs .tensor results. are outside"):
        fn([None] * 64, [0.0] * 64)


def test_malformed_forall_is_a_clear_error() -> None:
    bad = GRID.replace("array<i32: 1, 1, 0, 0>", "array<i32: 1, 0, 0, 0>")
    assert bad != GRID
    with pytest.raises(ActivityError, match="unexpected layout"):
        grad(_parse(bad), "h", ["dup", "dup", "const", "const"])
    with pytest.raises(ActivityError, match="unexpected layout"):
        activity.compile(bad, "h")
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        activity.analyze(_parse(bad), "h", ["dup", "dup", "const", "const"])
    assert any("unexpected layout" in str(x.message) for x in w)


# ---------------------------------------------------------------------------------------
# the GPU path through cuda-bindings and the fake libcuda (tests/test_gpu_runtime_fake.py)


def _fake_child() -> None:
    """Subprocess entry: with the fake driver loaded, the forall's primal and gradient
    run as kernels launched through the driver API; prints one summary line."""
    import json
    import traceback

    from activity.codegen import gpu
    from activity.codegen.prepare import prepare
    from tests.test_gpu_runtime_fake import RESULT, _Driver

    drv = _Driver(os.environ["FAKE_CUDA_LIB"])
    summary: dict[str, Any] = {"ok": True, "error": ""}
    try:
        m = _parse(GRID)
        dev = activity.compile(m, "h", target="gpu")
        assert isinstance(dev, gpu.GPUFunction) and not dev.emulate
        assert len(dev.kernels) == 1, dev.kernels
        drv.emulate(gpu.build_gpu(prepare(m, expand=False), "h", emulate=True))
        a = np.random.default_rng(6).uniform(-1, 1, (9, 4))
        c_dev, c_cpu = np.zeros((9, 4)), np.zeros((9, 4))
        dev(a, c_dev, 2, 9)
        activity.compile(m, "h")(a, c_cpu, 2, 9)
        np.testing.assert_array_equal(c_dev, c_cpu)
        assert c_cpu[2:].any() and not c_cpu[:2].any()
        drv.check_params(dev)

        inputs = [GATHER_IN[0], GATHER_IN[1], np.zeros(6), 0.8]
        g_dev = activity.gradient(GATHER, "g", [0, 3], args=GATHER_KINDS, target="gpu")
        assert isinstance(g_dev.compiled, gpu.GPUFunction) and not g_dev.compiled.emulate
        drv.emulate(gpu.build_gpu(g_dev.grad_module, "g_grad", emulate=True))
        g_cpu = activity.gradient(GATHER, "g", [0, 3], args=GATHER_KINDS)
        copies = [x.copy() if isinstance(x, np.ndarray) else x for x in inputs]
        got = g_dev(*copies)
        for g_, w in zip(got, g_cpu(*inputs), strict=True):
            np.testing.assert_allclose(g_, w, rtol=1e-12, atol=1e-14)
        assert set(g_dev.compiled.kernels) <= set(drv.ran)
        assert not drv.errors, drv.errors
        summary.update(kernels=len(dev.kernels), grad_kernels=len(g_dev.compiled.kernels),
                       ran=sorted(set(drv.ran)), leaked=drv.live)
    except BaseException:
        summary.update(ok=False, error=traceback.format_exc())
    print(RESULT + json.dumps(summary), flush=True)


def test_outermost_forall_runs_on_the_fake_gpu(tmp_path_factory: pytest.TempPathFactory,
                                               ) -> None:
    from tests import test_gpu_runtime_fake as fake

    if not fake._have_bindings():
        pytest.skip("cuda-bindings is not installed (pip install cuda-bindings)")
    if fake.CC is None:
        pytest.skip("no C compiler to build the fake libcuda.so.1")
    lib = tmp_path_factory.mktemp("fake_cuda") / "libcuda.so.1"
    p = subprocess.run([fake.CC, "-O1", "-shared", "-fPIC", "-Wl,-soname,libcuda.so.1",
                        "-o", str(lib), str(fake.SOURCE), "-ldl", "-lpthread"],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    env = {k: v for k, v in os.environ.items() if not k.startswith("FAKE_CUDA_")}
    env["FAKE_CUDA_LIB"] = str(lib)
    code = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); "
            "from tests.test_forall import _fake_child; _fake_child()")
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                       text=True, timeout=600)
    lines = [x for x in p.stdout.splitlines() if x.startswith(fake.RESULT)]
    assert lines, p.stdout + p.stderr
    import json

    s = json.loads(lines[-1][len(fake.RESULT):])
    assert s["ok"], s["error"]
    assert s["kernels"] == 1 and s["grad_kernels"] >= 1 and s["leaked"] == 0
    assert len(s["ran"]) == s["kernels"] + s["grad_kernels"]
