"""The paper's GPU kernels beyond XSBench and LBM (benchmarks/kernels): the RSBench-style
multipole lookup and the LULESH-style hydro step, against their numpy references,
central differences, the sequential schedule, host threads, the emulated GPU and JAX;
and what LBM's gradient tapes (the measured sizes docs/ad.md quotes)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import activity
from activity.ad.reverse import Differentiator
from activity.codegen import compile
from activity.codegen.sequential import sequentialize
from tests.helpers import benchmark_kernels

K = benchmark_kernels()
NEW = ["rsbench", "lulesh"]
WRT = {"rsbench": [4, 6, 8], "lulesh": [4, 5, 6, 10]}


def copies(xs: list[Any]) -> list[Any]:
    return [x.copy() if isinstance(x, np.ndarray) else x for x in xs]


@pytest.mark.parametrize("name", NEW)
def test_kernel_equals_its_numpy_reference(name: str) -> None:
    k = K.KERNELS[name]
    for seed in (0, 1):
        inputs = k.make_inputs(np.random.default_rng(seed), "small")
        got = compile(k.mlir, k.func)(*copies(inputs))
        assert got == pytest.approx(k.reference(inputs), rel=1e-12)
    # the emulated GPU and host threads leave the same result and buffers
    a, b, c = copies(inputs), copies(inputs), copies(inputs)
    r = compile(k.mlir, k.func)(*a)
    assert compile(k.mlir, k.func, target="gpu", emulate=True)(*b) == pytest.approx(r, rel=1e-12)
    assert compile(k.mlir, k.func, threads=2)(*c) == pytest.approx(r, rel=1e-12)
    for x, y, z in zip(a, b, c, strict=True):
        if isinstance(x, np.ndarray):
            np.testing.assert_allclose(y, x, rtol=1e-12, atol=1e-15)
            np.testing.assert_allclose(z, x, rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize("name", NEW)
def test_kernel_gradients(name: str) -> None:
    """Differentiated as written (reverse loops are scf.parallel): equal to the
    sequential schedule's gradient, to all_active and to the emulated GPU (host threads:
    test_speculate), and to central differences along a random direction."""
    k = K.KERNELS[name]
    m = activity.parse(k.mlir)
    wrt = WRT[name]
    inputs = k.make_inputs(np.random.default_rng(1), "small")
    par = activity.gradient(m, k.func, wrt, args=k.args)
    assert "scf.parallel" in str(par.grad_module)
    want = par(*inputs)
    others = [activity.gradient(sequentialize(m), k.func, wrt, args=k.args),
              activity.gradient(m, k.func, wrt, False, args=k.args),
              activity.gradient(m, k.func, wrt, args=k.args, target="gpu", emulate=True)]
    for g in others:
        for a, b in zip(want, g(*inputs), strict=True):
            np.testing.assert_allclose(b, a, rtol=1e-11, atol=1e-15)
    f = compile(m, k.func)
    rng = np.random.default_rng(7)
    h = 1e-6
    for i, g in zip(wrt, want, strict=True):
        assert np.any(g != 0)
        d = rng.standard_normal(np.shape(inputs[i]))
        up, dn = copies(inputs), copies(inputs)
        up[i] = up[i] + h * d
        dn[i] = dn[i] - h * d
        fd = (f(*up) - f(*dn)) / (2 * h)
        assert float(np.dot(g, d)) == pytest.approx(fd, rel=1e-6, abs=1e-12), i


@pytest.mark.parametrize("name", ["rsbench", pytest.param("lulesh", marks=pytest.mark.slow)])
def test_kernel_gradients_equal_jax(name: str) -> None:
    """(LULESH's JAX gradient takes jax.jit ~10 s to compile: slow; gpu_check --jax
    checks it at every size.)"""
    pytest.importorskip("jax")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    import run  # benchmarks/run.py: the equivalent JAX objectives

    k = K.KERNELS[name]
    inputs = k.make_inputs(np.random.default_rng(2), "small")
    ours = activity.gradient(k.mlir, k.func, run.WRT[name], args=k.args)(*inputs)
    call, xs = run.jax_gradient(name, inputs)
    for a, b in zip(ours, call(*xs), strict=True):
        np.testing.assert_allclose(np.asarray(b), a, rtol=1e-10, atol=1e-15)


# ---------------------------------------------------------------------------------------
# What the gradients tape


def _tape(name: str, args: list[str], bounds: dict[str, int]) -> tuple[list[str], int]:
    k = K.KERNELS[name]
    d = Differentiator(activity.parse(k.mlir), k.func, args, True, inline=True)
    d.run()
    n = d.stats.static_bytes(bounds)
    assert n is not None
    return sorted(c.value for c in d.stats.cached), n


LBM_GPU = {"nx": 2048, "ny": 2048, "steps": 20}


def test_rsbench_recomputes_what_no_tape_can_hold() -> None:
    """The values of the pole loop (bounds loaded from the window table: no static
    tape can hold them) are recomputed in the reverse loop; only the three per-nuclide
    sums the concentrations' adjoints need are taped, per (lookup, nuclide)."""
    taped, n = _tape("rsbench", list(K.KERNELS["rsbench"].args), {"n_look": 10, "n_nuc": 3})
    assert taped == ["%pA", "%pF", "%pT"] and n == 3 * 8 * 10 * 3


def test_lulesh_tapes_the_jacobian_per_element_and_step() -> None:
    """The coordinates are overwritten by the node loop of the same step: the reverse of
    the element loop reads the nine entries of each element's Jacobian from the tape
    (72 bytes per element and step) and recomputes cofactors, B, volume and pressure
    from them; the node loop's updates are linear (nothing taped)."""
    taped, n = _tape("lulesh", list(K.KERNELS["lulesh"].args), {"n_elem": 8, "steps": 2})
    assert taped == sorted(f"%fj{d}{r}" for d in "xyz" for r in ("xi", "et", "ze"))
    assert n == 9 * 8 * 8 * 2


def test_lbm_tape_today() -> None:
    """LBM's pruned gradient tapes, per cell and time step, the nine ``dev = f - feq``
    (omega's adjoint reads them) and rho, jx, jy: 96 bytes, 8.05 GB at the GPU size
    (2048 x 2048, 20 steps).  With omega const only rho, jx, jy: 24 bytes.  Every
    stream-and-collide step overwrites f (the copy loop), so nothing in memory holds the
    distribution of step t when the reverse of step t runs: without re-running time
    steps, the reverse needs at least the 9 values of f per cell and step (72 bytes)."""
    args = list(K.KERNELS["lbm"].args)
    taped, n = _tape("lbm", args, LBM_GPU)
    assert taped == ["%dev", "%jx", "%jy", "%rho"]
    assert n == 96 * 2048 * 2048 * 20
    taped, n = _tape("lbm", args[:-1] + ["const"], LBM_GPU)
    assert taped == ["%jx", "%jy", "%rho"] and n == 24 * 2048 * 2048 * 20


def test_lbm_checkpointed_tape_at_the_gpu_size_is_4x_smaller() -> None:
    """Issue #35's target, by checkpointing the time loop (activity.ad.checkpoint,
    K = ceil(sqrt(20)) = 5): snapshots of f before steps 0, 5, 10, 15 (4 x 72 B per
    cell; g is rewritten before it is read in every step, so not copied) and a tape of
    one step (96 B): 384 B per cell instead of 20 x 96 = 1920 -- 1.61 GB instead of
    8.05 at 2048 x 2048 -- 5x smaller; --stats says so.  K = 10: 240 B, 8x."""
    cells = 2048 * 2048
    bounds = {**LBM_GPU, "dim(f)": 9 * cells, "dim(g)": 9 * cells}
    k = K.checkpointed(K.KERNELS["lbm"])
    d = Differentiator(activity.parse(k.mlir), k.func, list(k.args), True, inline=True)
    d.run()
    n = d.stats.static_bytes(bounds)
    assert n is not None and n * 4 <= 96 * cells * 20
    assert n == 96 * cells + 4 * 72 * cells
    text = d.stats.render(bounds)
    assert "checkpointed: @lbm scf.for" in text
    assert "f copied before every ceil(sqrt(steps))-th iteration" in text
    k10 = K.checkpointed(K.KERNELS["lbm"], 10)
    d = Differentiator(activity.parse(k10.mlir), k10.func, list(k10.args), True, inline=True)
    d.run()
    assert d.stats.static_bytes(bounds) == 96 * cells + 2 * 72 * cells


@pytest.mark.parametrize(("name", "every", "steps"),
                         [("lbm", 2, 5), ("lbm", None, 7),
                          pytest.param("lulesh", 2, 3, marks=pytest.mark.slow)])
def test_checkpointed_gradients_equal_the_taped_ones(name: str, every: int | None,
                                                     steps: int) -> None:
    """Replaying from snapshots gives the gradient of the taped schedule, bit for bit
    on the CPU (pruned and all_active), on the emulated GPU to rounding."""
    k = K.KERNELS[name]
    ck = K.checkpointed(k, every)
    wrt = [i for i, a in enumerate(k.args) if a in ("dup", "active")]
    inputs = k.make_inputs(np.random.default_rng(3), "small")
    inputs[2] = steps
    want = activity.gradient(k.mlir, k.func, wrt, args=k.args)(*inputs)
    variants: list[dict[str, Any]] = [{}]
    if every is not None:  # (one case of each: seconds per compiled gradient)
        variants += [{"target": "gpu", "emulate": True}, {"prune": False}]
    for kw in variants:
        prune = kw.pop("prune", True)
        got = activity.gradient(ck.mlir, k.func, wrt, prune, args=k.args, **kw)(*inputs)
        for a, b in zip(want, got, strict=True):
            if kw:
                np.testing.assert_allclose(b, a, rtol=1e-12, atol=1e-16)
            else:
                np.testing.assert_array_equal(b, a)


_LOOP = """
func.func @f(%a: memref<?xf64>, %h: memref<?xf64>, %n: index, %steps: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %r = scf.for %t = %c0 to %steps step %c1 iter_args(%acc = %z) -> (f64) {
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %a[%i] : memref<?xf64>
      %w = memref.load %h[%i] : memref<?xf64>
      %s = math.sin %v : f64
      %p = arith.mulf %s, %w : f64
      memref.store %p, %a[%i] : memref<?xf64>
      scf.reduce
    }
    INNER
    scf.yield %acc : f64
  } ATTR
  LATER
  %o = memref.load %a[%c0] : memref<?xf64>
  %e = arith.addf %o, %r : f64
  func.return %e : f64
}
"""


def _loop(attr: str = "{activity.checkpoint = 2 : i64}", carried: bool = False,
          later: str = "", inner: str = "") -> str:
    text = _LOOP.replace("ATTR", attr).replace("LATER", later).replace("INNER", inner)
    if not carried:
        text = text.replace(" iter_args(%acc = %z) -> (f64)", "").replace(
            "    scf.yield %acc : f64\n", "").replace("%e = arith.addf %o, %r : f64",
                                                    "%e = arith.addf %o, %z : f64")
        text = text.replace("%r = scf.for", "scf.for")
    return text


def test_a_checkpointed_loop_of_sines() -> None:
    """A small case with a nonlinear in-place update (a[i] = sin(a[i]) * h[i] per
    step): the checkpointed gradient equals the taped one and central differences."""
    a = np.random.default_rng(4).uniform(-1, 1, 6)
    h = np.random.default_rng(5).uniform(0.5, 1.5, 6)
    want = activity.gradient(_loop(""), "f", [0, 1])(a, h, 6, 5)
    got = activity.gradient(_loop(), "f", [0, 1])(a, h, 6, 5)
    for x, y in zip(want, got, strict=True):
        np.testing.assert_array_equal(y, x)
    f = compile(_loop(), "f")
    x = a.copy()
    for _ in range(5):
        x = np.sin(x) * h
    assert f(a.copy(), h.copy(), 6, 5) == pytest.approx(float(x[0]), rel=1e-14)
    e = np.zeros(6)
    e[0] = 1e-6
    fd = (f(a + e, h.copy(), 6, 5) - f(a - e, h.copy(), 6, 5)) / 2e-6
    assert got[0][0] == pytest.approx(fd, rel=1e-6)


@pytest.mark.parametrize(("text", "msg"), [
    (_loop(carried=True), "it carries values"),
    (_loop(later="memref.store %z, %h[%c0] : memref<?xf64>"),
     "it reads memory that it does not write but something else does"),
    (_loop("{activity.checkpoint = 0 : i64}"), "activity.checkpoint must be a positive"),
    (_loop(inner="%q = memref.alloc(%n) : memref<?xf64>"), "'memref.alloc' in its body"),
])
def test_what_cannot_be_checkpointed_is_refused(text: str, msg: str) -> None:
    with pytest.raises(activity.ActivityError, match="cannot checkpoint this 'scf.for': "
                       + msg):
        activity.gradient(text, "f", [0, 1])


def test_only_a_top_level_loop_is_checkpointed() -> None:
    inner = _loop("").replace("scf.parallel (%i)", "scf.for %u = %c0 to %c1 step %c1 {\n"
                              "    scf.parallel (%i)").replace(
        "      scf.reduce\n    }\n", "      scf.reduce\n    }\n    } {activity.checkpoint}\n")
    with pytest.raises(activity.ActivityError, match="only a loop at the top level"):
        activity.gradient(inner, "f", [0, 1])


def test_a_buffer_each_step_rewrites_before_reading_is_not_copied() -> None:
    """LBM's g: the stencil writes g[(q * ny + y) * nx + x] for every q < 9, y < ny,
    x < nx before the copy loop reads g[i], i < nx * ny * 9 -- no snapshot needed; f
    is read first.  Writing only q < 1 leaves elements the copy loop reads unwritten:
    then g is copied too."""
    from xdsl.dialects import scf

    from activity.ad.checkpoint import dead_on_entry

    def verdicts(text: str) -> dict[str, bool]:
        m = activity.parse(text)
        f = next(o for o in m.walk() if getattr(o, "sym_name", None) is not None
                 and o.sym_name.data == "lbm")
        loop = next(o for o in f.walk() if isinstance(o, scf.ForOp)
                    and o.parent_block() is f.regions[0].blocks[0])
        args = f.regions[0].blocks[0].args
        return {"f": dead_on_entry(loop, args[3]), "g": dead_on_entry(loop, args[4])}

    text = K.KERNELS["lbm"].mlir
    assert verdicts(text) == {"f": False, "g": True}
    head, sep, tail = text.rpartition("scf.for %q = %c0 to %c9 step %c1 {")
    assert sep
    assert verdicts(head + "scf.for %q = %c0 to %c1 step %c1 {" + tail) == {
        "f": False, "g": False}


def test_stats_cli_takes_buffer_lengths_for_snapshots(tmp_path: Path) -> None:
    from tests.helpers import cli

    f = tmp_path / "lbm.mlir"
    f.write_text(K.checkpointed(K.KERNELS["lbm"]).mlir)
    rc, out, err = cli("grad", str(f), "--func", "lbm", "--stats", "--bounds",
                       "nx=2048,ny=2048,steps=20,dim(f)=37748736")
    assert rc == 0, err
    assert "checkpointed: @lbm scf.for" in out
    assert f"= {384 * 2048 * 2048} bytes" in out
    rc, _, err = cli("grad", str(f), "--func", "lbm", "--stats", "--bounds", "dim(h)=3")
    assert rc != 0 and "no argument 'dim(h)'" in err
