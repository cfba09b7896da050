"""GPU target: kernels from scf.parallel, their PTX, and the launch path.

No GPU is needed: every kernel's PTX must assemble with ``ptxas`` for sm_80 and sm_90
(skipped when ptxas is absent), and the whole host side -- outlining, parameter
packing, launches, grid-stride loops, per-thread reductions combined atomically -- runs
in emulation (host-compiled kernels over a simulated grid) against the CPU code and the
interpreter.  Running on a real device is ``benchmarks/gpu_check.py``'s job; with
``ACTIVITY_TEST_GPU=1`` (on a machine with a CUDA device and cuda-python) the tests
that run kernels launch them on the device instead of emulating them.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Operation

import activity
from activity.codegen import AllocationError, CodegenError, compile, gpu
from activity.codegen.sequential import sequentialize
from activity.semantics import Interpreter
from tests.helpers import benchmark_kernels

ROOT = Path(__file__).resolve().parents[1]


K = benchmark_kernels()
# ACTIVITY_TEST_GPU=1: launch on the real device rather than in emulation
EMULATE = os.environ.get("ACTIVITY_TEST_GPU") != "1"
needs_ptxas = pytest.mark.skipif(shutil.which("ptxas") is None,
                                 reason="ptxas (CUDA toolkit) not installed")


def copies(xs: list[Any]) -> list[Any]:
    return [x.copy() if isinstance(x, np.ndarray) else x for x in xs]


REDUCTIONS = """
func.func @r(%a: memref<?xf64>, %ia: memref<?xi64>, %n: index, %out: memref<?xf64>)
    -> (f64, f64, f64, i64, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %ninf = arith.constant -1.0e300 : f64
  %i0 = arith.constant 0 : i64
  %imin = arith.constant -9000 : i64
  %s, %p, %m, %is, %im = scf.parallel (%i) = (%c0) to (%n) step (%c1)
      init (%z, %one, %ninf, %i0, %imin) -> (f64, f64, f64, i64, i64) {
    %v = memref.load %a[%i] : memref<?xf64>
    %w = memref.load %ia[%i] : memref<?xi64>
    %e = math.exp %v : f64
    %old = memref.atomic_rmw maximumf %e, %out[%c0] : (f64, memref<?xf64>) -> f64
    scf.reduce(%v, %e, %v, %w, %w : f64, f64, f64, i64, i64) {
    ^bb0(%l: f64, %r: f64):
      %u = arith.addf %l, %r : f64
      scf.reduce.return %u : f64
    }, {
    ^bb0(%l: f64, %r: f64):
      %u = arith.mulf %l, %r : f64
      scf.reduce.return %u : f64
    }, {
    ^bb0(%l: f64, %r: f64):
      %u = arith.maximumf %l, %r : f64
      scf.reduce.return %u : f64
    }, {
    ^bb0(%l: i64, %r: i64):
      %u = arith.addi %l, %r : i64
      scf.reduce.return %u : i64
    }, {
    ^bb0(%l: i64, %r: i64):
      %u = arith.maxsi %l, %r : i64
      scf.reduce.return %u : i64
    }
  }
  func.return %s, %p, %m, %is, %im : f64, f64, f64, i64, i64
}
"""

STENCIL_2D = """
func.func @blur(%src: memref<?x?xf32>, %dst: memref<?x?xf32>, %h: index, %w: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %hm = arith.subi %h, %c1 : index
  %wm = arith.subi %w, %c1 : index
  %third = arith.constant 0.333333343 : f32
  scf.parallel (%y, %x) = (%c1, %c1) to (%hm, %wm) step (%c1, %c1) {
    %xl = arith.subi %x, %c1 : index
    %xr = arith.addi %x, %c1 : index
    %a = memref.load %src[%y, %xl] : memref<?x?xf32>
    %b = memref.load %src[%y, %x] : memref<?x?xf32>
    %c = memref.load %src[%y, %xr] : memref<?x?xf32>
    %ab = arith.addf %a, %b : f32
    %abc = arith.addf %ab, %c : f32
    %r = arith.mulf %abc, %third : f32
    %s = math.sqrt %r : f32
    memref.store %s, %dst[%y, %x] : memref<?x?xf32>
    scf.reduce
  }
  func.return
}
"""


# a mutable global written by the host before the loop, read and updated inside it: the
# kernel must use the host's copy (a device-side copy would see neither write)
MUTABLE_GLOBAL = """
memref.global "private" @scale : memref<1xf64> = dense<0.0>
memref.global "private" @hits : memref<4xf64> = dense<0.0>
func.func @g(%a: memref<?xf64>, %s: f64, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %sc = memref.get_global @scale : memref<1xf64>
  %h = memref.get_global @hits : memref<4xf64>
  memref.store %s, %sc[%c0] : memref<1xf64>
  %t = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%z) -> f64 {
    %k = memref.load %sc[%c0] : memref<1xf64>
    %x = memref.load %a[%i] : memref<?xf64>
    %y = arith.mulf %k, %x : f64
    memref.store %y, %a[%i] : memref<?xf64>
    %slot = arith.remui %i, %c4 : index
    %old = memref.atomic_rmw addf %one, %h[%slot] : (f64, memref<4xf64>) -> f64
    scf.reduce(%y : f64) {
    ^bb0(%p: f64, %q: f64):
      %r = arith.addf %p, %q : f64
      scf.reduce.return %r : f64
    }
  }
  %h0 = memref.load %h[%c0] : memref<4xf64>
  %out = arith.addf %t, %h0 : f64
  func.return %out : f64
}
"""


def _cases() -> list[tuple[str, Any, str, list[Any]]]:
    rng = np.random.default_rng(0)
    out = []
    for name, k in K.KERNELS.items():
        out.append((name, activity.parse(k.mlir), k.func, k.make_inputs(rng, "small")))
    out.append(("reductions", activity.parse(REDUCTIONS), "r",
                [rng.uniform(-1, 1, 37), rng.integers(-50, 50, 37), 37, np.zeros(1)]))
    out.append(("mutable_global", activity.parse(MUTABLE_GLOBAL), "g",
                [rng.uniform(-1, 1, 9), 2.5, 9]))
    out.append(("stencil", activity.parse(STENCIL_2D), "blur",
                [rng.uniform(0, 1, (6, 7)).astype(np.float32),
                 np.zeros((6, 7), np.float32), 6, 7]))
    return out


CASES = _cases()


def _same(a: Any, b: Any) -> bool:
    """Equal up to reassociation of the reductions; integers modulo 2^64 (the
    interpreter returns unsigned residues)."""
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, int) and isinstance(b, int):
        return (a - b) % (1 << 64) == 0
    return bool(np.allclose(a, b, rtol=1e-12, atol=1e-300))


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_emulated_gpu_run_equals_cpu_and_interpreter(case: tuple) -> None:
    _, m, func, inputs = case
    a_cpu, a_gpu, a_int = copies(inputs), copies(inputs), copies(inputs)
    cpu = compile(m, func)(*a_cpu)
    g = compile(m, func, target="gpu", emulate=EMULATE)
    got = g(*a_gpu)
    ref = Interpreter(m, max_steps=10**8).run(func, a_int).results
    assert _same(got, cpu), (got, cpu)
    assert _same(got if isinstance(got, tuple) else ((got,) if got is not None else ()),
                 tuple(ref))
    for x, y, z in zip(a_cpu, a_gpu, a_int, strict=True):
        if isinstance(x, np.ndarray):
            assert np.allclose(x, y, rtol=1e-6) and np.allclose(x, z, rtol=1e-6)
    assert g.kernels and all(k.startswith(f"{func}_kernel") for k in g.kernels)


@needs_ptxas
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_every_kernel_ptx_assembles_for_sm80_and_sm90(case: tuple) -> None:
    _, m, func, _ = case
    g = compile(m, func, target="gpu")
    assert set(g.ptx) == {"sm_80", "sm_90"}
    for arch, ptx in g.ptx.items():
        assert f".target {arch}" in ptx
        for k in g.kernels:
            assert f".entry {k}(" in ptx
        assert "%nctaid.x" in ptx  # grid-stride: the stride is the whole grid
        gpu.ptxas(ptx, arch)  # raises CodegenError with ptxas's message on rejection


@needs_ptxas
def test_reduction_and_atomic_rmw_ptx() -> None:
    g = compile(activity.parse(REDUCTIONS), "r", target="gpu")
    ptx = g.ptx["sm_80"]
    assert "atom.global.add.f64" in ptx  # the addf reduction combines atomically
    assert re.search(r"atom\.[a-z.]*cas\.b64", ptx)  # mulf / maximumf: cmpxchg loops
    assert "atom.global.max.s64" in ptx
    assert "__nv_exp" not in ptx  # libdevice's exp, linked and inlined


def test_ptxas_rejection_is_reported() -> None:
    if shutil.which("ptxas") is None:
        pytest.skip("ptxas (CUDA toolkit) not installed")
    with pytest.raises(CodegenError, match="ptxas"):
        gpu.ptxas(".version 7.0\n.target sm_80\n.address_size 64\nnot ptx at all\n", "sm_80")


def test_gpu_target_needs_a_parallel_loop_and_supported_reductions() -> None:
    m = activity.parse(ROOT / "examples" / "cf_loop.mlir")
    with pytest.raises(CodegenError, match="no scf.parallel"):
        compile(m, "powi", target="gpu")
    bad = REDUCTIONS.replace("%u = arith.addf %l, %r : f64\n      scf.reduce.return",
                             "%t = arith.addf %l, %r : f64\n      %u = arith.mulf %t, %t : f64"
                             "\n      scf.reduce.return", 1)
    with pytest.raises(CodegenError, match="single"):
        compile(activity.parse(bad), "r", target="gpu")


def test_calling_without_a_device_is_a_clear_error() -> None:
    if gpu.device_available():
        pytest.skip("a CUDA device is present (benchmarks/gpu_check.py covers it)")
    g = compile(activity.parse(K.KERNELS["lbm"].mlir), "lbm", target="gpu")
    inputs = K.KERNELS["lbm"].make_inputs(np.random.default_rng(0), "small")
    # (cuda-python's own error, not saying what to do, reached the user: user test)
    with pytest.raises(gpu.CudaUnavailable, match="(cuda|CUDA).*emulate=True") as e:
        g(*inputs)
    assert isinstance(e.value, activity.ActivityError) and isinstance(e.value, RuntimeError)


def test_kernel_parameters_are_the_live_ins() -> None:
    m = activity.parse(K.KERNELS["lbm"].mlir)
    gm = gpu.build_gpu(m, "lbm", archs=("sm_80",))
    step, copy, energy = gm.kernels
    # constants and globals are redefined in the kernel, not passed
    assert all(v.owner.name not in ("arith.constant", "memref.get_global")
               for k in gm.kernels for v in k.params if isinstance(v.owner, Operation))
    assert energy.reductions == [("addf", -0.0)] and not step.reductions
    assert "f" in {v.name_hint for v in step.params} and "omega" in {
        v.name_hint for v in step.params}
    del copy


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_sequentialize_preserves_results(case: tuple) -> None:
    _, m, func, inputs = case
    seq = sequentialize(m)
    assert not any(op.name == "scf.parallel" for op in seq.walk())
    a1, a2 = copies(inputs), copies(inputs)
    assert _same(compile(seq, func)(*a1), compile(m, func)(*a2))
    for x, y in zip(a1, a2, strict=True):
        if isinstance(x, np.ndarray):
            assert np.allclose(x, y)


@pytest.mark.parametrize("name", ["xsbench", "lbm"])
def test_kernel_gradients_on_the_emulated_gpu(name: str) -> None:
    """The reverse-mode generator differentiates the kernels as written (reverse loops
    are scf.parallel too): the GPU gradient (emulated launches) equals the CPU gradient,
    which matches central differences."""
    k = K.KERNELS[name]
    m = activity.parse(k.mlir)
    nums = [i for i, a in enumerate(k.args) if a in ("dup", "active")]
    inputs = k.make_inputs(np.random.default_rng(1), "small")
    cpu = activity.gradient(m, k.func, nums, args=k.args)
    dev = activity.gradient(m, k.func, nums, args=k.args, target="gpu", emulate=EMULATE)
    # the forward sweep's loops and the reverse loops are kernels
    assert len(dev.compiled.kernels) == 2 * len(compile(m, k.func, target="gpu",
                                                       emulate=True).kernels)
    grads = cpu(*inputs)
    for a, b in zip(grads, dev(*inputs), strict=True):
        np.testing.assert_allclose(b, a, rtol=1e-12, atol=1e-14)
    f = compile(m, k.func)
    i = nums[-1] if name == "lbm" else nums[1]  # omega / the concentrations
    x = inputs[i]
    h = 1e-6
    if isinstance(x, np.ndarray):
        j = 1
        up, dn = copies(inputs), copies(inputs)
        up[i][j] += h
        dn[i][j] -= h
        fd = (f(*up) - f(*dn)) / (2 * h)
        got = grads[nums.index(i)][j]
    else:
        up, dn = copies(inputs), copies(inputs)
        up[i] += h
        dn[i] -= h
        fd = (f(*up) - f(*dn)) / (2 * h)
        got = grads[nums.index(i)]
    assert got == pytest.approx(fd, rel=1e-5, abs=1e-8)


@needs_ptxas
@pytest.mark.parametrize("name", ["xsbench", "lbm"])
def test_kernel_gradient_ptx_assembles_for_sm80_and_sm90(name: str) -> None:
    from activity.ad import grad

    k = K.KERNELS[name]
    gm = grad(activity.parse(k.mlir), k.func, k.args)
    g = compile(gm, f"{k.func}_grad", target="gpu")
    assert set(g.ptx) == {"sm_80", "sm_90"} and len(g.kernels) >= 2
    for arch, ptx in g.ptx.items():
        for kn in g.kernels:
            assert f".entry {kn}(" in ptx
        # shared shadows (xs', conc' / f') and outer adjoints are summed atomically
        assert "atom.global.add.f64" in ptx
        gpu.ptxas(ptx, arch)


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_host_threads_equal_single_thread(case: tuple) -> None:
    """``threads=3``: the outlined loops run on three host threads over contiguous blocks
    (with real atomics): same results and buffers as the plain host code."""
    _, m, func, inputs = case
    a1, a3 = copies(inputs), copies(inputs)
    one = compile(m, func)(*a1)
    f3 = compile(m, func, threads=3)
    assert isinstance(f3, gpu.GPUFunction) and f3.threads == 3
    assert _same(f3(*a3), one)
    for x, y in zip(a1, a3, strict=True):
        if isinstance(x, np.ndarray):
            assert np.allclose(x, y, rtol=1e-12)


def test_host_threads_are_kept_across_calls_and_threads_and_forks() -> None:
    """The workers are started once and kept (no OS thread per launch): after a warm-up
    call, more calls -- also from several Python threads at once, each getting its own
    results -- reuse the same pool.  A forked child, whose copy of the pool has no
    threads, starts its own and does not hang."""
    import select
    import threading

    _, m, func, inputs = CASES[0]
    f3 = compile(m, func, threads=3)
    want = f3(*copies(inputs))
    f3(*copies(inputs))
    pool = gpu._POOL
    assert pool is not None and gpu._POOL_SIZE >= 2
    got: list[Any] = []
    callers = [threading.Thread(target=lambda: got.append(f3(*copies(inputs))))
               for _ in range(4)]
    for c in callers:
        c.start()
    for c in callers:
        c.join()
    assert len(got) == 4 and all(_same(g, want) for g in got)
    assert gpu._POOL is pool
    if not hasattr(os, "fork"):
        return
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: one threaded call, then report
        try:
            ok = _same(f3(*copies(inputs)), want) and gpu._POOL is not pool
            os.write(w, b"ok" if ok else b"wrong")
        finally:
            os._exit(0)
    os.close(w)
    try:
        ready, _, _ = select.select([r], [], [], 60)
        answer = os.read(r, 16) if ready else b"hung"
    finally:
        os.close(r)
        if not ready:
            os.kill(pid, 9)
        os.waitpid(pid, 0)
    assert answer == b"ok"


def test_clear_cache_drops_host_thread_and_gpu_modules_too() -> None:
    """``clear_cache()`` (run after changing a lowering switch) also drops the modules
    built for host threads and the GPU: the next compile builds afresh."""
    from activity.codegen.jit import clear_cache

    _, m, func, _ = CASES[0]
    first = compile(m, func, threads=2)
    assert compile(m, func, threads=2)._gm is first._gm
    clear_cache()
    assert compile(m, func, threads=2)._gm is not first._gm


@pytest.mark.parametrize("name", ["xsbench", "lbm"])
def test_kernel_gradients_on_host_threads(name: str) -> None:
    k = K.KERNELS[name]
    inputs = k.make_inputs(np.random.default_rng(5), "small")
    wrt = {"xsbench": [5, 7], "lbm": [3, 5]}[name]
    g1 = activity.gradient(k.mlir, k.func, wrt)(*copies(inputs))
    g2 = activity.gradient(k.mlir, k.func, wrt, threads=2)(*copies(inputs))
    for a, b in zip(g1, g2, strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-10, atol=1e-14)


def test_threads_must_be_positive_or_auto() -> None:
    for bad in (0, -1, "two", True, 2.0):
        with pytest.raises(ValueError, match="threads"):
            compile(activity.parse(REDUCTIONS), "r", threads=bad)
    import os

    auto = compile(activity.parse(REDUCTIONS), "r", threads="auto")
    n = len(os.sched_getaffinity(0))
    assert (auto.threads == n) if n > 1 else not isinstance(auto, gpu.GPUFunction)
    # no scf.parallel: threads change nothing
    plain = compile(activity.parse(
        "func.func @f(%x: f64) -> f64 { func.return %x : f64 }"), "f", threads=4)
    assert not isinstance(plain, gpu.GPUFunction) and plain(2.0) == 2.0


# ---------------------------------------------------------------------------------------
# The CUDA driver path, against a stand-in for cuda-python's driver module

class _FakeDriver:
    """Implements the part of ``cuda.bindings.driver`` the runtime calls, with the same
    signatures and ``(CUresult, values...)`` returns; kernels run as their
    host-compiled (emulated) versions over the requested grid, reading the same
    ``kernelParams`` array a device would.  Records the calls."""

    class CUdevice_attribute:  # noqa: N801 - cuda-python's names
        CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = "cc_major"
        CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = "sms"
        CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS = "pageable"

    class CUmemAttach_flags:  # noqa: N801
        class CU_MEM_ATTACH_GLOBAL:  # noqa: N801
            value = 1

    def __init__(self, emulated: dict[str, Any], pageable: int = 1) -> None:
        import ctypes

        self.emulated = emulated
        self.attrs = {"cc_major": 9, "sms": 2, "pageable": pageable}
        self.calls: list[str] = []
        self.live: set[int] = set()
        self.device: set[int] = set()  # of those, from cuMemAlloc (device memory)
        self.libc = ctypes.CDLL(None)
        self.libc.malloc.restype = ctypes.c_void_p
        self.libc.malloc.argtypes = [ctypes.c_size_t]
        self.libc.free.argtypes = [ctypes.c_void_p]
        self.ptx: list[bytes] = []

    def cuInit(self, flags: int) -> tuple:  # noqa: N802
        self.calls.append("init")
        return (0,)

    def cuDeviceGetCount(self) -> tuple:  # noqa: N802
        return (0, 1)

    def cuDeviceGet(self, i: int) -> tuple:  # noqa: N802
        return (0, 100 + i)

    def cuDeviceGetAttribute(self, attr: str, dev: int) -> tuple:  # noqa: N802
        assert dev == 100
        return (0, self.attrs[attr])

    def cuDevicePrimaryCtxRetain(self, dev: int) -> tuple:  # noqa: N802
        return (0, "ctx")

    def cuCtxSetCurrent(self, ctx: str) -> tuple:  # noqa: N802
        assert ctx == "ctx"
        return (0,)

    def cuModuleLoadData(self, image: bytes) -> tuple:  # noqa: N802
        assert image.endswith(b"\0") and b".target sm_90" in image
        self.ptx.append(image)
        return (0, "module")

    def cuModuleGetFunction(self, mod: str, name: bytes) -> tuple:  # noqa: N802
        assert mod == "module" and b".entry " + name in self.ptx[-1]
        return (0, name.decode())

    def cuMemAllocManaged(self, n: int, flags: int) -> tuple:  # noqa: N802
        assert flags == 1 and n > 0
        p = int(self.libc.malloc(n))
        self.live.add(p)
        return (0, p)

    def cuMemAlloc(self, n: int) -> tuple:  # noqa: N802
        assert n > 0
        p = int(self.libc.malloc(n))
        self.live.add(p)
        self.device.add(p)
        return (0, p)

    def cuMemcpyHtoD(self, dst: int, src: int, n: int) -> tuple:  # noqa: N802
        assert int(dst) in self.device and n > 0
        import ctypes

        ctypes.memmove(int(dst), int(src), n)
        self.calls.append("htod")
        return (0,)

    def cuMemcpyDtoH(self, dst: int, src: int, n: int) -> tuple:  # noqa: N802
        assert int(src) in self.device and n > 0
        import ctypes

        ctypes.memmove(int(dst), int(src), n)
        self.calls.append("dtoh")
        return (0,)

    def cuMemFree(self, p: int) -> tuple:  # noqa: N802
        self.device.discard(int(p))
        self.live.remove(int(p))
        self.libc.free(int(p))
        return (0,)

    def cuCtxSynchronize(self) -> tuple:  # noqa: N802
        self.calls.append("sync")
        return (0,)

    def cuLaunchKernel(self, f: str, gx: int, gy: int, gz: int, bx: int, by: int,  # noqa: N802
                       bz: int, shmem: int, stream: int, params: int, extra: int) -> tuple:
        assert (gy, gz, by, bz, shmem, stream, extra) == (1, 1, 1, 1, 0, 0, 0)
        assert 1 <= gx <= 32 * self.attrs["sms"] and bx == gpu.BLOCK
        self.calls.append(f"launch {f} {gx}x{bx}")
        fn = self.emulated[f]
        for c in range(gx):  # a few threads of each block are enough to cover every
            for t in range(bx):  # iteration with the grid-stride loop; run them all
                fn(params, t, bx, c, gx, 0)
        return (0,)


def _install_driver(monkeypatch: Any, fake: _FakeDriver) -> None:
    """Make ``fake`` the ``cuda.bindings.driver`` module the runtime imports."""
    import sys
    import types

    pkg = types.ModuleType("cuda")
    bindings = types.ModuleType("cuda.bindings")
    bindings.driver = fake  # type: ignore[attr-defined]
    pkg.bindings = bindings  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "cuda", pkg)
    monkeypatch.setitem(sys.modules, "cuda.bindings", bindings)
    monkeypatch.setitem(sys.modules, "cuda.bindings.driver", fake)  # type: ignore[arg-type]
    monkeypatch.setattr(gpu, "_RT", None)


@pytest.mark.parametrize("case", [c for c in CASES if c[0] in ("xsbench", "reductions",
                                                                "mutable_global")],
                         ids=lambda c: c[0])
def test_cuda_driver_path_with_a_stand_in_driver(case: tuple, monkeypatch: Any) -> None:
    """``target="gpu"`` without ``emulate``: the runtime's driver calls (context, module
    and function lookup, managed allocations, staging and copy-back, launches with the
    reduction slots in device memory) run against a stand-in driver module whose
    kernels are the host-compiled ones: results equal the CPU's, every managed buffer
    is freed.  (A real device is benchmarks/gpu_check.py's job.)"""

    _, m, func, inputs = case
    emulated = compile(m, func, target="gpu", emulate=True)
    fake = _FakeDriver(emulated._gm.emulator[1])
    _install_driver(monkeypatch, fake)
    on_device = gpu.GPUFunction(func, emulated._gm)
    a_cpu, a_dev = copies(inputs), copies(inputs)
    want = compile(m, func)(*a_cpu)
    got = on_device(*a_dev)
    assert _same(got, want), (got, want)
    for x, y in zip(a_cpu, a_dev, strict=True):
        if isinstance(x, np.ndarray):
            assert np.allclose(x, y, rtol=1e-12)
    assert any(c.startswith("launch ") for c in fake.calls) and not fake.live
    if case[0] == "mutable_global":
        # no pageable-memory access (seen on a lent H200): the kernels get managed
        # copies of the globals, copied back after each launch
        fake.attrs["pageable"] = 0
        monkeypatch.setattr(gpu, "_RT", None)
        compile(m, func)(*copies(inputs))  # the CPU's globals now hold a second call's
        again = compile(m, func)(*copies(inputs))
        got = gpu.GPUFunction(func, emulated._gm)(*copies(inputs))
        assert _same(got, again), (got, again)
        assert not fake.live


HOST_ALLOC = """
func.func @twice_sum(%a: memref<?xf64>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %two = arith.constant 2.0 : f64
  %t = memref.alloc(%n) : memref<?xf64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %x = memref.load %a[%i] : memref<?xf64>
    %y = arith.mulf %x, %two : f64
    memref.store %y, %t[%i] : memref<?xf64>
    scf.reduce
  }
  %s = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%z) -> f64 {
    %v = memref.load %t[%i] : memref<?xf64>
    scf.reduce(%v : f64) {
    ^bb0(%p: f64, %q: f64):
      %r = arith.addf %p, %q : f64
      scf.reduce.return %r : f64
    }
  }
  memref.dealloc %t : memref<?xf64>
  func.return %s : f64
}
"""


def test_failed_device_allocation_is_an_error_not_a_crash(monkeypatch: Any) -> None:
    """A ``memref.alloc`` of the host code whose device allocation fails (out of
    device memory) raises from the call, runs no kernel on the stand-in host block,
    frees everything, and leaves the runtime usable."""

    m = activity.parse(HOST_ALLOC)
    emulated = compile(m, "twice_sum", target="gpu", emulate=True)
    fake = _FakeDriver(emulated._gm.emulator[1])
    # %a and %t are only dereferenced by kernels: both in device memory, %a first
    calls = {"n": 0, "fail_at": 2}
    alloc = fake.cuMemAlloc

    def flaky(n: int) -> tuple:
        calls["n"] += 1
        return (2, None) if calls["n"] == calls["fail_at"] else alloc(n)

    fake.cuMemAlloc = flaky  # type: ignore[method-assign]
    _install_driver(monkeypatch, fake)
    f = gpu.GPUFunction("twice_sum", emulated._gm)
    a = np.arange(1.0, 8.0)
    with pytest.raises(AllocationError, match=r"memref.alloc in @twice_sum: could not "
                       r"allocate 56 bytes \(RuntimeError: allocating 56 bytes of device "
                       r"memory failed") as e:
        f(a.copy(), 7)
    assert e.value.line is not None and isinstance(e.value.__cause__, RuntimeError)
    assert not any(c.startswith("launch ") for c in fake.calls)
    assert not fake.live
    assert "htod" in fake.calls  # %a went to device memory
    calls["fail_at"] = 0
    assert f(a.copy(), 7) == 2.0 * a.sum() and not fake.live


def test_every_call_starts_from_the_globals_initial_values() -> None:
    """Like the CPU target (the kernel's atomic counter in @hits is not carried over
    from one call to the next)."""
    m = activity.parse(MUTABLE_GLOBAL)
    rng = np.random.default_rng(9)
    a = rng.uniform(-1, 1, 9)
    cpu = compile(m, "g")
    for f in (compile(m, "g", target="gpu", emulate=True), compile(m, "g", threads=2)):
        first, second = f(a.copy(), 2.5, 9), f(a.copy(), 2.5, 9)
        assert first == second and _same(first, cpu(a.copy(), 2.5, 9))


# ---------------------------------------------------------------------------------------
# Host threads: scatter-adds into private copies instead of atomics

SCATTER = """
func.func @scatter(%src: memref<?xf64>, %idx: memref<?xindex>, %acc: memref<?xf64>,
                   %peek: memref<?xf64>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %s = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%z) -> f64 {
    %v = memref.load %src[%i] : memref<?xf64>
    %j = memref.load %idx[%i] : memref<?xindex>
    %old = memref.atomic_rmw addf %v, %acc[%j] : (f64, memref<?xf64>) -> f64
    %p = memref.load %peek[%c0] : memref<?xf64>
    scf.reduce(%p : f64) {
    ^bb0(%a: f64, %b: f64):
      %r = arith.addf %a, %b : f64
      scf.reduce.return %r : f64
    }
  }
  func.return %s : f64
}
"""


def _scatter_inputs(seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    n = 4000
    src = rng.uniform(-1, 1, n)
    idx = rng.integers(0, 7, n).astype(np.int64)  # many iterations share an element
    return src, idx, rng.uniform(-1, 1, 7)


def _count_private(monkeypatch: Any) -> list[int]:
    calls = [0]
    orig = gpu._PrivatePlan.reduce

    def reduce(self: Any) -> None:
        calls[0] += 1
        orig(self)

    monkeypatch.setattr(gpu._PrivatePlan, "reduce", reduce)
    return calls


def test_host_threads_scatter_into_private_copies(monkeypatch: Any) -> None:
    """A buffer a kernel only updates with ``atomic_rmw addf`` (result unused) gets a
    zeroed copy per extra thread, summed in after the launch: same sums as one thread,
    without a lock cmpxchg per update."""
    calls = _count_private(monkeypatch)
    m = activity.parse(SCATTER)
    src, idx, acc = _scatter_inputs(1)
    peek = np.array([0.25])
    want_acc = acc.copy()
    want = compile(m, "scatter")(src, idx, want_acc, peek, len(src))
    got_acc = acc.copy()
    got = compile(m, "scatter", threads=3)(src, idx, got_acc, peek, len(src))
    assert calls[0] == 1
    assert got == pytest.approx(want) and np.allclose(got_acc, want_acc, rtol=1e-12)


TEMP_AND_SCATTER = """
func.func @twice(%src: memref<?xf64>, %idx: memref<?xindex>, %acc: memref<?xf64>,
                 %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f64
  %tmp = memref.alloc(%n) : memref<?xf64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %src[%i] : memref<?xf64>
    %w = arith.mulf %v, %two : f64
    memref.store %w, %tmp[%i] : memref<?xf64>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %w = memref.load %tmp[%i] : memref<?xf64>
    %j = memref.load %idx[%i] : memref<?xindex>
    %old = memref.atomic_rmw addf %w, %acc[%j] : (f64, memref<?xf64>) -> f64
    scf.reduce
  }
  memref.dealloc %tmp : memref<?xf64>
  func.return
}
"""


def test_host_threads_keep_freed_blocks_and_private_copies() -> None:
    """With host threads the function's own blocks (here ``%tmp``, as a gradient's
    tapes) and the launches' private copies are kept when freed and reused by the next
    call -- no fresh mapping to page-fault in -- and a reused private copy is zeroed
    again: the second call's sums equal the first's."""
    gpu._BLOCKS.release()
    m = activity.parse(TEMP_AND_SCATTER)
    rng = np.random.default_rng(3)
    n, bins = 20000, 9000  # both past the cache's 64 KB minimum
    src = rng.uniform(-1, 1, n)
    idx = rng.integers(0, bins, n).astype(np.int64)
    want = np.zeros(bins)
    compile(m, "twice")(src, idx, want, n)
    f = compile(m, "twice", threads=2)
    kept = []
    for _ in range(3):
        acc = np.zeros(bins)
        f(src, idx, acc, n)
        np.testing.assert_allclose(acc, want, rtol=1e-12, atol=1e-12)
        kept.append(([p for _, p in gpu._BLOCKS._blocks],
                     [a.ctypes.data for a in gpu._BLOCKS._arrays]))
    blocks, arrays = kept[0]
    assert len(blocks) == 1 and len(arrays) == 1  # %tmp, and thread 1's copy of %acc
    assert kept[1] == kept[0] and kept[2] == kept[0]  # the same ones, reused
    gpu._BLOCKS.release()
    assert not gpu._BLOCKS._blocks and not gpu._BLOCKS._arrays


def test_host_threads_keep_atomics_for_aliased_buffers(monkeypatch: Any) -> None:
    """The scattered buffer is also passed as ``%peek``, which the kernel reads: a
    private copy would hide the updates from that view, so the launch keeps atomics."""
    calls = _count_private(monkeypatch)
    m = activity.parse(SCATTER)
    src, idx, acc = _scatter_inputs(2)
    want_acc = acc.copy()
    compile(m, "scatter")(src, idx, want_acc, acc[:1].copy(), len(src))
    got_acc = acc.copy()
    compile(m, "scatter", threads=2)(src, idx, got_acc, got_acc, len(src))
    assert calls[0] == 0
    assert np.allclose(got_acc, want_acc, rtol=1e-12)


def test_add_only_needs_unused_results() -> None:
    """An ``atomic_rmw`` whose old value is used (a counter handing out slots) is not a
    plain sum: that buffer keeps its atomics."""
    m = activity.parse(SCATTER)
    fop = next(o for o in m.walk() if o.name == "func.func")
    pop = next(o for o in fop.walk() if o.name == "scf.parallel")
    k = gpu.Kernel("k", pop, gpu.live_ins(pop), [])
    assert [k.params[i].name_hint for i in gpu.add_only_params(k)] == ["acc"]
    used = SCATTER.replace("%p = memref.load %peek[%c0] : memref<?xf64>",
                           "%p = arith.addf %old, %old : f64")
    m2 = activity.parse(used)
    pop2 = next(o for o in m2.walk() if o.name == "scf.parallel")
    k2 = gpu.Kernel("k", pop2, gpu.live_ins(pop2), [])
    assert gpu.add_only_params(k2) == []


WRITES = """
func.func private @ext(memref<?xf64>)
func.func @w(%r: memref<?xf64>, %s: memref<?xf64>, %v: memref<?xf64>, %c: memref<?xf64>,
             %d: memref<?xf64>, %x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %r, %c0 : memref<?xf64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %a = memref.load %r[%i] : memref<?xf64>
    memref.store %a, %s[%i] : memref<?xf64>
    scf.reduce
  }
  %sub = memref.subview %v[0] [2] [1] : memref<?xf64> to memref<2xf64, strided<[1]>>
  memref.store %x, %sub[%c1] : memref<2xf64, strided<[1]>>
  memref.copy %r, %d : memref<?xf64> to memref<?xf64>
  func.call @ext(%c) : (memref<?xf64>) -> ()
  return
}
"""


def test_only_arguments_the_function_may_write_are_copied_back() -> None:
    """``written_args``: loads (in a kernel too), ``dim`` and a copy's source read; a
    store, a store through a view, a copy's target and a call's argument may write."""
    m = activity.parse(WRITES)
    fop = next(op for op in m.walk() if getattr(op, "sym_name", None) is not None
               and op.sym_name.data == "w")
    assert gpu.written_args(fop) == [False, True, True, True, True, False]


DEREFS = """
func.func private @ext(memref<?xf64>)
func.func @h(%k: memref<?xf64>, %v: memref<?xf64>, %h: memref<?xf64>, %c: memref<?xf64>,
             %x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %h, %c0 : memref<?xf64>
  %sub = memref.subview %v[0] [2] [1] : memref<?xf64> to memref<2xf64, strided<[1]>>
  scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
    %a = memref.load %k[%i] : memref<?xf64>
    memref.store %a, %sub[%i] : memref<2xf64, strided<[1]>>
    memref.store %a, %h[%i] : memref<?xf64>
    scf.reduce
  }
  %y = memref.load %h[%c0] : memref<?xf64>
  func.call @ext(%c) : (memref<?xf64>) -> ()
  return %y : f64
}
"""


def test_arguments_only_kernels_dereference_are_staged_in_device_memory() -> None:
    """``device_only_args``: used only inside kernels (a view taken on the host, and
    ``dim``, do not dereference) -> device memory; a host load or a call -> managed."""
    m = activity.parse(DEREFS)
    fop = next(op for op in m.walk() if getattr(op, "sym_name", None) is not None
               and op.sym_name.data == "h")
    assert gpu.device_only_args(fop) == [True, True, False, False, False]


def test_allocations_only_kernels_dereference_are_device_memory() -> None:
    """The host code allocates %t with the device allocator when only kernels read and
    write it (its dealloc does not dereference); a host load of it keeps it managed."""
    host_reads = HOST_ALLOC.replace("  memref.dealloc %t", "  %h = memref.load %t[%c0] : "
                                    "memref<?xf64>\n  memref.dealloc %t")
    for text, device in ((HOST_ALLOC, True), (host_reads, False)):
        ir = gpu.build_gpu(activity.parse(text), "twice_sum", archs=()).host.llvm_ir
        assert ('@"activity_gpu_malloc_device"(' in ir) == device
        assert ('@"activity_gpu_malloc"(' in ir) == (not device)


# Kernel parameters in host memory, for a device that cannot read pageable host memory
# (found by a review; the stand-in driver is told pageable=0)
HOST_MEMORY_CASES = {
    "global_view": ("""
memref.global "private" @g : memref<8xf64> = dense<0.0>
func.func @f(%a: memref<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %g = memref.get_global @g : memref<8xf64>
  %sv = memref.subview %g[2] [4] [1] : memref<8xf64> to memref<4xf64, strided<[1], offset: 2>>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %a[%i] : memref<?xf64>
    memref.store %v, %sv[%i] : memref<4xf64, strided<[1], offset: 2>>
    scf.reduce
  }
  %r = memref.load %g[%c3] : memref<8xf64>
  return %r : f64
}""", lambda: [np.arange(1.0, 5.0)]),
    "global_twice": ("""
memref.global "private" @g : memref<4xf64> = dense<0.0>
func.func @f(%a: memref<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %g1 = memref.get_global @g : memref<4xf64>
  %g2 = memref.get_global @g : memref<4xf64>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %a[%i] : memref<?xf64>
    memref.store %v, %g1[%i] : memref<4xf64>
    %d = memref.dim %g2, %c0 : memref<4xf64>
    scf.reduce
  }
  %r = memref.load %g1[%c1] : memref<4xf64>
  return %r : f64
}""", lambda: [np.arange(1.0, 5.0)]),
    "rank0_argument": ("""
func.func @f(%a: memref<?xf64>, %s: memref<f64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f64
  %t = scf.parallel (%i) = (%c0) to (%c4) step (%c1) init (%z) -> f64 {
    %v = memref.load %s[] : memref<f64>
    scf.reduce(%v : f64) {
    ^bb0(%p: f64, %q: f64):
      %r = arith.addf %p, %q : f64
      scf.reduce.return %r : f64
    }
  }
  return %t : f64
}""", lambda: [np.zeros(4), np.array(1.5)]),
}


@pytest.mark.parametrize("name", sorted(HOST_MEMORY_CASES))
def test_host_memory_parameters_are_staged_without_pageable_access(
        name: str, monkeypatch: Any) -> None:
    """A view of a mutable global, the same global through two ``get_global``s (the
    kernel writes one; a stale copy of the other must not overwrite it), a rank-0
    array: each kernel parameter that points into host memory gets a managed copy (one
    per overlapping range), copied back after the launch."""
    text, make = HOST_MEMORY_CASES[name]
    m = activity.parse(text)
    emulated = compile(m, "f", target="gpu", emulate=True)
    fake = _FakeDriver(emulated._gm.emulator[1], pageable=0)
    _install_driver(monkeypatch, fake)
    want = compile(m, "f")(*make())
    got = gpu.GPUFunction("f", emulated._gm)(*make())
    assert _same(got, want), (got, want)
    assert want != 0.0 and not fake.live


def test_device_only_analysis_follows_addresses_taken_in_kernels() -> None:
    """An address taken inside a kernel may come back to the host as an integer: the
    buffer stays in managed memory."""
    m = activity.parse("""
func.func @f(%a: memref<?xf64>, %b: memref<?xf64>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %p = scf.parallel (%i) = (%c0) to (%c1) step (%c1) init (%c0) -> index {
    %q = memref.extract_aligned_pointer_as_index %a : memref<?xf64> -> index
    %v = memref.load %b[%i] : memref<?xf64>
    scf.reduce(%q : index) {
    ^bb0(%x: index, %y: index):
      %r = arith.addi %x, %y : index
      scf.reduce.return %r : index
    }
  }
  return %p : index
}""")
    fop = next(op for op in m.walk() if getattr(op, "sym_name", None) is not None
               and op.sym_name.data == "f")
    assert gpu.device_only_args(fop) == [False, True]


def test_a_mutable_global_taken_inside_a_kernel_is_refused() -> None:
    """The kernel would get a device copy of its own (missing the host's writes, losing
    its own): a clear error instead."""
    text = """
memref.global "private" @g : memref<4xf64> = dense<0.0>
func.func @f(%x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f64
  %g = memref.get_global @g : memref<4xf64>
  memref.store %x, %g[%c0] : memref<4xf64>
  %s = scf.parallel (%i) = (%c0) to (%c4) step (%c1) init (%z) -> f64 {
    %gg = memref.get_global @g : memref<4xf64>
    %v = memref.load %gg[%c0] : memref<4xf64>
    scf.reduce(%v : f64) {
    ^bb0(%p: f64, %q: f64):
      %r = arith.addf %p, %q : f64
      scf.reduce.return %r : f64
    }
  }
  return %s : f64
}"""
    with pytest.raises(CodegenError, match="mutable global"):
        compile(activity.parse(text), "f", target="gpu")
    a = np.arange(3.0)
    a.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        compile(activity.parse(HOST_ALLOC), "twice_sum", target="gpu", emulate=True)(a, 3)


def test_arguments_that_share_memory_are_refused() -> None:
    """Staging copies each array on its own, which would break the sharing: refused."""
    g = compile(activity.parse(HOST_ALLOC), "twice_sum", target="gpu", emulate=True)
    a = np.arange(8.0)
    assert g(a[:4], 4) == 2.0 * a[:4].sum()
    copy = activity.parse("""
func.func @c(%a: memref<?xf64>, %b: memref<?xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %x = memref.load %a[%i] : memref<?xf64>
    memref.store %x, %b[%i] : memref<?xf64>
    scf.reduce
  }
  return
}""")
    c = compile(copy, "c", target="gpu", emulate=True)
    b = np.arange(8.0)
    with pytest.raises(ValueError, match="share memory"):
        c(b[:4], b[2:6], 4)
    c(b[:4], b[4:], 4)  # disjoint views of one array are fine
    assert list(b[4:]) == [0.0, 1.0, 2.0, 3.0]


GRAD_ARGS = """
func.func @h(%a: memref<?xf64>, %b: memref<?xf64>, %x: f64, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %va = memref.load %a[%i] : memref<?xf64>
    %p = arith.mulf %va, %x : f64
    memref.store %p, %b[%i] : memref<?xf64>
    scf.reduce
  }
  %r = memref.load %b[%c0] : memref<?xf64>
  return %r : f64
}"""


@pytest.mark.parametrize("kw", [{"target": "gpu", "emulate": True}, {"threads": 2}],
                         ids=["gpu", "threads"])
def test_gpu_argument_errors_name_the_users_arguments(kw: dict) -> None:
    """As on the CPU (tests/test_arguments.py): ``<h>_grad`` takes a, da, b, db, x, n,
    seed, and the GPU gradient reported a float passed for ``n`` as ``argument 5
    (index)``, a float32 ``b`` as argument 2; the errors name @h's arguments, and so do
    the function's own (compiled for the GPU) and the GPU's own checks."""
    g = activity.gradient(GRAD_ARGS, "h", **kw)
    assert isinstance(g.compiled, gpu.GPUFunction)
    a, b = np.array([1.0, 2.0]), np.array([3.0, 4.0])
    assert g(a, b, 2.0, 2)[2] == pytest.approx(1.0)
    for args, exc, want in (
            ((a, b, 2.0, 1.5), TypeError, "argument 3 ('n', index) of @h: expected an "
                                          "integer, got float"),
            ((a, b.astype(np.float32), 2.0, 2), TypeError,
             "argument 1 ('b', memref<?xf64>) of @h: expected dtype float64"),
            ((a, b, "2", 2), TypeError, "argument 2 ('x', f64) of @h: expected a float")):
        for call in (g, g.python_path()):
            with pytest.raises(exc, match=re.escape(want)):
                call(*args)
    f = compile(activity.parse(GRAD_ARGS), "h", **kw)
    with pytest.raises(TypeError, match=re.escape("argument 3 ('n', index) of @h: ")):
        f(a, b, 2.0, 1.5)
    if kw.get("target") == "gpu":
        ro = a.copy()
        ro.flags.writeable = False
        with pytest.raises(ValueError, match=re.escape(
                "argument 0 ('a', memref<?xf64>) of @h: the array is read-only")):
            f(ro, b, 2.0, 2)
        c = np.arange(4.0)
        with pytest.raises(ValueError, match=re.escape(
                "argument 0 ('a', memref<?xf64>) of @h and argument 1 ('b', "
                "memref<?xf64>) of @h share memory")):
            f(c[:2], c[1:3], 2.0, 2)


# ---------------------------------------------------------------------------------------
# Device memory the host code must never touch (adapted from a review's strict driver)

class _StrictDriver(_FakeDriver):
    """``cuMemAlloc`` memory is mapped without access except inside the driver's copies
    and launches, so a host dereference of device memory faults as on a real GPU; with
    ``pageable=0`` every launch also checks that each buffer parameter points into a
    live driver allocation (else the kernel would read pageable host memory)."""

    def __init__(self, emulated: dict[str, Any], pageable: int = 1) -> None:
        import ctypes
        import mmap

        super().__init__(emulated, pageable)
        self.mapped: dict[int, int] = {}
        self.managed: dict[int, int] = {}
        self.violations: list[str] = []
        self.device_allocs = 0
        self.page = mmap.PAGESIZE
        self.mm = ctypes.CDLL(None)
        self.mm.mmap.restype = ctypes.c_void_p
        self.mm.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int,
                                 ctypes.c_int, ctypes.c_int, ctypes.c_long]
        self.mm.mprotect.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
        self.mm.munmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
        self.flags = (mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS, mmap.PROT_READ | mmap.PROT_WRITE)

    def _open(self, on: bool) -> None:
        for p, n in self.mapped.items():
            self.mm.mprotect(p, n, self.flags[1] if on else 0)

    def cuMemAllocManaged(self, n: int, flags: int) -> tuple:  # noqa: N802
        r = super().cuMemAllocManaged(n, flags)
        self.managed[r[1]] = n
        return r

    def cuMemAlloc(self, n: int) -> tuple:  # noqa: N802
        m = -(-n // self.page) * self.page
        p = int(self.mm.mmap(None, m, 0, self.flags[0], -1, 0))
        self.mapped[p] = m
        self.live.add(p)
        self.device.add(p)
        self.device_allocs += 1
        return (0, p)

    def cuMemFree(self, p: int) -> tuple:  # noqa: N802
        p = int(p)
        if p in self.mapped:
            self.mm.munmap(p, self.mapped.pop(p))
            self.live.remove(p)
            self.device.discard(p)
            return (0,)
        self.managed.pop(p, None)
        return super().cuMemFree(p)

    def cuMemcpyHtoD(self, dst: int, src: int, n: int) -> tuple:  # noqa: N802
        self._open(True)
        try:
            return super().cuMemcpyHtoD(dst, src, n)
        finally:
            self._open(False)

    def cuMemcpyDtoH(self, dst: int, src: int, n: int) -> tuple:  # noqa: N802
        self._open(True)
        try:
            return super().cuMemcpyDtoH(dst, src, n)
        finally:
            self._open(False)

    def cuLaunchKernel(self, f: str, *rest: Any) -> tuple:  # noqa: N802
        import ctypes

        from xdsl.dialects.llvm import LLVMPointerType

        from activity.codegen.types import flat_types

        if not self.attrs["pageable"]:
            k = next(k for k in reversed(gpu._KERNELS) if k.name == f)
            slots = ctypes.cast(rest[8], ctypes.POINTER(ctypes.c_void_p))
            o = 0
            for v in k.params:
                if isinstance(v.type, MemRefType | LLVMPointerType):
                    a = ctypes.c_void_p.from_address(
                        slots[o + 1 if isinstance(v.type, MemRefType) else o]).value or 0
                    if not any(q <= a < q + n for q, n in (*self.mapped.items(),
                                                           *self.managed.items())):
                        self.violations.append(f"{f}: {v.name_hint} -> host {a:#x}")
                o += len(flat_types(v.type))
        self._open(True)
        try:
            return super().cuLaunchKernel(f, *rest)
        finally:
            self._open(False)


def _strict_run(pageable: int) -> None:
    """In a subprocess (a fault must not take pytest down): the benchmark kernels'
    primal and gradients, and the host-memory cases, through the strict driver."""
    import sys
    import types

    def install(fake: _FakeDriver) -> None:
        pkg = types.ModuleType("cuda")
        bindings = types.ModuleType("cuda.bindings")
        bindings.driver = fake  # type: ignore[attr-defined]
        pkg.bindings = bindings  # type: ignore[attr-defined]
        sys.modules.update({"cuda": pkg, "cuda.bindings": bindings,
                            "cuda.bindings.driver": fake})  # type: ignore[dict-item]
        gpu._RT = None

    for name in ("xsbench", "lbm"):
        k = K.KERNELS[name]
        m = activity.parse(k.mlir)
        inputs = k.make_inputs(np.random.default_rng(0), "small")
        em = compile(m, k.func, target="gpu", emulate=True)
        fake = _StrictDriver(em._gm.emulator[1], pageable)
        install(fake)
        a_cpu, a_dev = copies(inputs), copies(inputs)
        assert _same(gpu.GPUFunction(k.func, em._gm)(*a_dev), compile(m, k.func)(*a_cpu))
        nums = [i for i, a in enumerate(k.args) if a in ("dup", "active")]
        cpu = activity.gradient(m, k.func, nums, args=k.args)(*inputs)
        dev = activity.gradient(m, k.func, nums, args=k.args, target="gpu", emulate=True)
        gm = dev.compiled._gm
        fake = _StrictDriver(gm.emulator[1], pageable)
        install(fake)
        dev.compiled = gpu.GPUFunction(k.func, gm)
        for a, b in zip(cpu, dev(*inputs), strict=True):
            np.testing.assert_allclose(b, a, rtol=1e-12, atol=1e-14)
        assert fake.device_allocs and not fake.violations and not fake.live, fake.violations
    for text, make in HOST_MEMORY_CASES.values():
        m = activity.parse(text)
        em = compile(m, "f", target="gpu", emulate=True)
        fake = _StrictDriver(em._gm.emulator[1], pageable)
        install(fake)
        assert _same(gpu.GPUFunction("f", em._gm)(*make()), compile(m, "f")(*make()))
        assert not fake.violations and not fake.live, fake.violations


@pytest.mark.parametrize("pageable", [1, pytest.param(0, marks=pytest.mark.slow)])
def test_host_code_never_touches_device_memory(pageable: int) -> None:
    """Through a driver whose device memory faults on any host access (and, without
    pageable access, which flags kernel parameters in host memory): both benchmark
    kernels, their gradients and the host-memory cases run and agree with the CPU."""
    import subprocess
    import sys

    p = subprocess.run([sys.executable, "-c", "from tests.test_gpu import _strict_run; "
                        f"_strict_run({pageable})"], cwd=ROOT, capture_output=True,
                       text=True, timeout=300)
    assert p.returncode == 0, (p.returncode, p.stdout[-2000:], p.stderr[-4000:])
