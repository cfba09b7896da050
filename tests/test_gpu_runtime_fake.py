"""The CUDA driver runtime of ``activity.codegen.gpu`` (``_Runtime``, ``GPUFunction.call``
and the launch/malloc/free callbacks) through the real ``cuda.bindings.driver`` against
a fake ``libcuda.so.1`` (``tests/fake_cuda/fake_cuda.c``).

cuda-bindings marshals every argument the runtime passes (handles, ``kernelParams`` as
an address, the NULL stream, flags) into the C driver API exactly as it would for
NVIDIA's driver; the fake checks them (contexts, module and function handles, live
allocations, launch dimensions, one non-NULL pointer per kernel parameter of the PTX
``.entry``), copies the parameter values at launch like the driver, and at the next
synchronization runs the host-compiled (emulated) version of the kernel over the whole
grid.  So the primal and gradient results, the reduction slots and the managed-memory
bookkeeping are checked end to end without a GPU.

The cases run in subprocesses (``GROUPS``: one per benchmark kernel, one for the rest):
the fake must be the ``libcuda.so.1`` of the process before cuda-bindings loads a
driver, and the runtime is a per-process singleton.  The subprocesses of the selected
tests start together.

The last three tests are bugs of the runtime this found (a leaked reduction buffer
when a launch fails, memref results freed with libc's free instead of the driver's,
no current context in a second thread).
"""

from __future__ import annotations

import ctypes
import glob
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import threading
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCE = Path(__file__).resolve().parent / "fake_cuda" / "fake_cuda.c"
CC = next((c for c in ("cc", "gcc", "clang") if shutil.which(c)), None)
RESULT = "FAKE_CUDA_RESULT "


def _have_bindings() -> bool:
    try:
        return importlib.util.find_spec("cuda.bindings") is not None
    except (ImportError, ValueError):
        return False


pytestmark = [
    pytest.mark.skipif(not _have_bindings(),
                       reason="cuda-bindings is not installed (pip install cuda-bindings)"),
    pytest.mark.skipif(CC is None, reason="no C compiler (cc, gcc or clang) to build the "
                                          "fake libcuda.so.1"),
]


# ---------------------------------------------------------------------------------------
# The subprocess side


class _Driver:
    """The fake driver, loaded into this process as its ``libcuda.so.1``; launches run
    the emulated kernels registered with :meth:`emulate`."""

    HOOK = ctypes.CFUNCTYPE(None, ctypes.c_char_p, ctypes.c_uint, ctypes.c_uint,
                            ctypes.c_void_p)

    def __init__(self, path: str) -> None:
        self.lib = ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
        for name in ("fake_cuda_live_allocations", "fake_cuda_launches",
                     "fake_cuda_launch_calls", "fake_cuda_modules", "fake_cuda_pending"):
            getattr(self.lib, name).restype = ctypes.c_long
            getattr(self.lib, name).argtypes = []
        self.lib.fake_cuda_function_params.restype = ctypes.c_long
        self.lib.fake_cuda_function_params.argtypes = [ctypes.c_char_p]
        self.lib.fake_cuda_set_launch_hook.argtypes = [self.HOOK]
        self.lib.fake_cuda_set_launch_hook.restype = None
        self.kernels: dict[str, Any] = {}
        self.ran: list[str] = []
        self.errors: list[str] = []
        self._hook = self.HOOK(self._run)  # kept alive as long as the driver
        self.lib.fake_cuda_set_launch_hook(self._hook)

    def _run(self, name: bytes, grid: int, block: int, params: int) -> None:
        # an exception cannot cross the callback: keep it for run()
        try:
            fn = self.kernels[name.decode()]
            for bid in range(grid):  # every thread: chunk = 0 is the grid-stride loop
                for tid in range(block):
                    fn(params, tid, block, bid, grid, 0)
            self.ran.append(name.decode())
        except BaseException as e:
            self.errors.append(f"{name.decode()}: {e!r}")

    def emulate(self, gm: Any) -> None:
        """Launches of ``gm``'s kernels run its emulated versions (``build_gpu(...,
        emulate=True)``)."""
        self.kernels.update(gm.emulator[1])

    @property
    def live(self) -> int:
        return int(self.lib.fake_cuda_live_allocations())

    @property
    def launches(self) -> int:
        return int(self.lib.fake_cuda_launches())

    @property
    def launch_calls(self) -> int:
        return int(self.lib.fake_cuda_launch_calls())

    @property
    def modules(self) -> int:
        return int(self.lib.fake_cuda_modules())

    def check_params(self, f: Any) -> None:
        """The kernelParams array the host code packs for each kernel of the GPU function
        ``f`` has one slot per parameter of the kernel's PTX ``.entry``: the flattened
        live-ins, then the pointer to the reduction slots if any."""
        for k in f._gm.kernels:
            want = k.n_flat + (1 if k.reductions else 0)
            got = self.lib.fake_cuda_function_params(k.name.encode())
            assert got == want, f"{k.name}: the PTX has {got} parameters, the host packs {want}"

    def run(self, case: str) -> None:
        """Run ``case``; print its summary (``ok``, the error, the allocations it left,
        ...) as one line."""
        live, launches, errors, ran = self.live, self.launches, len(self.errors), len(self.ran)
        summary: dict[str, Any] = {"case": case, "ok": True, "error": ""}
        try:
            summary.update(CASES[case](self))
            assert len(self.errors) == errors, self.errors[errors:]
            assert self.lib.fake_cuda_pending() == 0, "launches never synchronized"
        except BaseException:
            summary.update(ok=False, error=traceback.format_exc())
        summary.update(leaked=self.live - live, launched=self.launches - launches,
                       modules=self.modules, ran=sorted(set(self.ran[ran:])))
        print(RESULT + json.dumps(summary), flush=True)


def _copies(xs: list[Any]) -> list[Any]:
    return [x.copy() if isinstance(x, np.ndarray) else x for x in xs]


def _assert_same(got: Any, want: Any, rtol: float) -> None:
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want), (got, want)
        for g, w in zip(got, want, strict=True):
            _assert_same(g, w, rtol)
    elif isinstance(want, int) and not isinstance(want, bool):
        assert got == want, (got, want)
    else:
        np.testing.assert_allclose(got, want, rtol=rtol, atol=1e-14)


def _check_buffers(got: list[Any], want: list[Any], rtol: float) -> None:
    for g, w in zip(got, want, strict=True):
        if isinstance(w, np.ndarray):
            np.testing.assert_allclose(g, w, rtol=rtol, atol=1e-14)


WRT = {"xsbench": [5, 7], "lbm": [3, 5], "rsbench": [4, 6, 8],
       "lulesh": [4, 5, 6, 10]}  # as benchmarks/gpu_check.py


def _case_kernel(drv: _Driver, name: str, checkpoint: bool = False) -> dict[str, Any]:
    """A benchmark kernel: primal and gradient on the (fake) device equal the CPU's
    (``checkpoint``: its time loop checkpointed, activity.ad.checkpoint)."""
    import activity
    from activity.codegen import compile as compile_fn
    from activity.codegen import gpu
    from tests.helpers import benchmark_kernels

    rt = gpu.runtime()
    assert (rt.arch, rt.sms, rt.pageable) == ("sm_90", 2, True)
    k = benchmark_kernels().KERNELS[name]
    if checkpoint:
        k = benchmark_kernels().checkpointed(k)
    m = activity.parse(k.mlir)
    inputs = k.make_inputs(np.random.default_rng(0), "small")
    dev = compile_fn(m, k.func, target="gpu")  # as benchmarks/gpu_check.py
    assert isinstance(dev, gpu.GPUFunction) and not dev.emulate
    # launches run the kernels of the same module built with host versions of them
    drv.emulate(gpu.build_gpu(m, k.func, emulate=True))
    a_cpu, a_dev = _copies(inputs), _copies(inputs)
    want = compile_fn(m, k.func)(*a_cpu)
    _assert_same(dev(*a_dev), want, 1e-12)
    _check_buffers(a_dev, a_cpu, 1e-12)
    modules = drv.modules
    _assert_same(dev(*_copies(inputs)), want, 1e-12)
    assert drv.modules == modules, "the module was loaded again"
    assert set(drv.ran) == set(dev.kernels), (drv.ran, dev.kernels)
    drv.check_params(dev)

    g_cpu = activity.gradient(m, k.func, WRT[name], args=k.args)
    g_dev = activity.gradient(m, k.func, WRT[name], args=k.args, target="gpu")
    assert isinstance(g_dev.compiled, gpu.GPUFunction) and not g_dev.compiled.emulate
    drv.emulate(gpu.build_gpu(g_dev.grad_module, f"{k.func}_grad", emulate=True))
    got = g_dev(*_copies(inputs))
    for g, w in zip(got, g_cpu(*_copies(inputs)), strict=True):
        np.testing.assert_allclose(g, w, rtol=1e-12, atol=1e-14)
    assert set(g_dev.compiled.kernels) <= set(drv.ran)
    drv.check_params(g_dev.compiled)
    return {"kernels": len(dev.kernels), "grad_kernels": len(g_dev.compiled.kernels)}


# two 2-D loops over a host-allocated temporary (activity_gpu_malloc/free go to the
# driver); six reductions: addf, mulf, maximumf on f64, addi, maxsi on i64, addf on f32
# (a 4-byte value in its 8-byte slot)
REDUCTIONS = """
func.func @red(%u: memref<?xf64>, %v: memref<?xf64>, %ia: memref<?xi64>, %fa: memref<?xf32>,
               %n: index, %m: index) -> (f64, f64, f64, i64, i64, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %ninf = arith.constant -1.0e300 : f64
  %i0 = arith.constant 0 : i64
  %imin = arith.constant -9000 : i64
  %fz = arith.constant 0.0 : f32
  %t = memref.alloc(%n, %m) : memref<?x?xf64>
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) {
    %x = memref.load %u[%i] : memref<?xf64>
    %y = memref.load %v[%j] : memref<?xf64>
    %xy = arith.mulf %x, %y : f64
    %w = arith.addf %xy, %one : f64
    memref.store %w, %t[%i, %j] : memref<?x?xf64>
    scf.reduce
  }
  %s, %p, %mx = scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1)
      init (%z, %one, %ninf) -> (f64, f64, f64) {
    %w = memref.load %t[%i, %j] : memref<?x?xf64>
    scf.reduce(%w, %w, %w : f64, f64, f64) {
    ^bb0(%l: f64, %r: f64):
      %q = arith.addf %l, %r : f64
      scf.reduce.return %q : f64
    }, {
    ^bb0(%l: f64, %r: f64):
      %q = arith.mulf %l, %r : f64
      scf.reduce.return %q : f64
    }, {
    ^bb0(%l: f64, %r: f64):
      %q = arith.maximumf %l, %r : f64
      scf.reduce.return %q : f64
    }
  }
  %is, %im, %fs = scf.parallel (%k) = (%c0) to (%n) step (%c1)
      init (%i0, %imin, %fz) -> (i64, i64, f32) {
    %a = memref.load %ia[%k] : memref<?xi64>
    %b = memref.load %fa[%k] : memref<?xf32>
    scf.reduce(%a, %a, %b : i64, i64, f32) {
    ^bb0(%l: i64, %r: i64):
      %q = arith.addi %l, %r : i64
      scf.reduce.return %q : i64
    }, {
    ^bb0(%l: i64, %r: i64):
      %q = arith.maxsi %l, %r : i64
      scf.reduce.return %q : i64
    }, {
    ^bb0(%l: f32, %r: f32):
      %q = arith.addf %l, %r : f32
      scf.reduce.return %q : f32
    }
  }
  memref.dealloc %t : memref<?x?xf64>
  func.return %s, %p, %mx, %is, %im, %fs : f64, f64, f64, i64, i64, f32
}
"""


def _red_inputs(n: int, m: int) -> list[Any]:
    rng = np.random.default_rng(3)
    return [rng.uniform(-0.3, 0.3, n), rng.uniform(-0.3, 0.3, m),
            rng.integers(-50, 50, n).astype(np.int64),
            rng.uniform(-1, 1, n).astype(np.float32), n, m]


def _reductions(drv: _Driver) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """(the GPU function, the CPU function) of ``REDUCTIONS``."""
    import activity
    from activity.codegen import compile as compile_fn
    from activity.codegen import gpu

    m = activity.parse(REDUCTIONS)
    gm = gpu.build_gpu(m, "red", emulate=True)
    drv.emulate(gm)
    return gpu.GPUFunction("red", gm), compile_fn(m, "red")


def _same_red(got: Any, want: Any) -> None:
    _assert_same(got[:5], want[:5], 1e-10)  # reassociated f64 sums and products
    np.testing.assert_allclose(got[5], want[5], rtol=1e-5)  # the f32 sum


def _case_reductions(drv: _Driver) -> dict[str, Any]:
    dev, cpu = _reductions(drv)
    # 18000 iterations: the grid is capped at 32 blocks per SM, so threads take several
    for n, m in ((150, 120), (7, 3)):
        inputs = _red_inputs(n, m)
        _same_red(dev(*_copies(inputs)), cpu(*_copies(inputs)))
    modules = drv.modules
    _same_red(dev(*_red_inputs(7, 3)), cpu(*_red_inputs(7, 3)))
    assert drv.modules == modules
    drv.check_params(dev)
    return {}


def _case_alloc_failure(drv: _Driver) -> dict[str, Any]:
    """cuMemAllocManaged failing (out of device memory) is an error naming it: for the
    host code's ``memref.alloc`` an ``AllocationError`` naming the op (the host code
    gets NULL, leaves before any kernel runs, and the driver's error is the cause), for
    an argument being staged a RuntimeError; nothing leaks and the next call works."""
    from activity.codegen.errors import AllocationError

    dev, cpu = _reductions(drv)
    os.environ["FAKE_CUDA_FAIL_ALLOC_OVER"] = "10000"
    try:
        launches = drv.launches
        with pytest.raises(AllocationError, match=r"memref.alloc in @red: could not allocate "
                                                  r"144000 bytes \(RuntimeError: allocating "
                                                  r"144000 bytes of device memory failed: "
                                                  r".*OUT_OF_MEMORY"):
            dev(*_red_inputs(150, 120))  # the arguments fit, the temporary does not
        assert drv.launches == launches, "a kernel ran after the failed allocation"
        assert drv.live == 0
        with pytest.raises(RuntimeError, match=r"allocating 16000 bytes of device memory "
                                               r"failed: .*OUT_OF_MEMORY"):
            dev(*_red_inputs(2000, 2))  # staging %u (only kernels read it) fails
        assert drv.live == 0
    finally:
        del os.environ["FAKE_CUDA_FAIL_ALLOC_OVER"]
    inputs = _red_inputs(150, 120)
    _same_red(dev(*_copies(inputs)), cpu(*_copies(inputs)))
    return {}


def _case_launch_failure(drv: _Driver) -> dict[str, Any]:
    """The fake fails the call's 2nd cuLaunchKernel (the kernel with three reductions)
    with CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES: the call raises it; the next call works.
    (What it leaks is checked separately.)"""
    dev, cpu = _reductions(drv)
    os.environ["FAKE_CUDA_FAIL_LAUNCH"] = str(drv.launch_calls + 2)
    try:
        with pytest.raises(RuntimeError, match="LAUNCH_OUT_OF_RESOURCES"):
            dev(*_red_inputs(7, 3))
    finally:
        del os.environ["FAKE_CUDA_FAIL_LAUNCH"]
    inputs = _red_inputs(7, 3)
    _same_red(dev(*_copies(inputs)), cpu(*_copies(inputs)))
    return {}


RETURNS_MEMREF = """
func.func @twice(%a: memref<?xf64>, %n: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f64
  %t = memref.alloc(%n) : memref<?xf64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %x = memref.load %a[%i] : memref<?xf64>
    %y = arith.mulf %x, %two : f64
    memref.store %y, %t[%i] : memref<?xf64>
    scf.reduce
  }
  func.return %t : memref<?xf64>
}
"""


def _case_returned_memref(drv: _Driver) -> dict[str, Any]:
    """A memref the function allocates and returns: the result is a copy; the managed
    block must go back to the driver (the parent checks ``live``)."""
    import activity
    from activity.codegen import gpu

    gm = gpu.build_gpu(activity.parse(RETURNS_MEMREF), "twice", emulate=True)
    drv.emulate(gm)
    a = np.arange(5.0)
    np.testing.assert_array_equal(gpu.GPUFunction("twice", gm)(a, 5), 2 * a)
    return {}


def _case_other_thread(drv: _Driver) -> dict[str, Any]:
    """A call from a thread other than the one that created the runtime (CUDA contexts
    are current per thread)."""
    dev, cpu = _reductions(drv)
    inputs = _red_inputs(7, 3)
    want = cpu(*_copies(inputs))
    _same_red(dev(*_copies(inputs)), want)
    out: list[Any] = []

    def work() -> None:
        try:
            out.append(dev(*_copies(inputs)))
        except BaseException as e:
            out.append(e)

    t = threading.Thread(target=work)
    t.start()
    t.join()
    if isinstance(out[0], BaseException):
        raise out[0]
    _same_red(out[0], want)
    return {}


CASES: dict[str, Callable[[_Driver], dict[str, Any]]] = {
    "xsbench": lambda d: _case_kernel(d, "xsbench"),
    "lbm": lambda d: _case_kernel(d, "lbm"),
    "rsbench": lambda d: _case_kernel(d, "rsbench"),
    "lulesh": lambda d: _case_kernel(d, "lulesh"),
    "lbm_checkpointed": lambda d: _case_kernel(d, "lbm", checkpoint=True),
    "reductions": _case_reductions,
    "alloc_failure": _case_alloc_failure,
    "launch_failure": _case_launch_failure,
    "returned_memref": _case_returned_memref,
    "other_thread": _case_other_thread,
}


# the cases one subprocess runs, in order (the cases of one group share the process)
GROUPS = {"xsbench": ["xsbench"], "lbm": ["lbm"], "rsbench": ["rsbench"],
          "lulesh": ["lulesh"], "lbm_checkpointed": ["lbm_checkpointed"],
          "runtime": ["reductions", "alloc_failure", "launch_failure", "returned_memref",
                      "other_thread"]}
GROUP_OF = {case: g for g, cases in GROUPS.items() for case in cases}


def _child(group: str) -> None:
    """Subprocess entry: load the fake driver first, run the cases of ``group``."""
    drv = _Driver(os.environ["FAKE_CUDA_LIB"])
    for case in GROUPS[group]:
        drv.run(case)


# ---------------------------------------------------------------------------------------
# The pytest side


@pytest.fixture(scope="module")
def fake_lib(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("fake_cuda") / "libcuda.so.1"
    assert CC is not None
    p = subprocess.run([CC, "-O1", "-Wall", "-Werror", "-shared", "-fPIC",
                        "-Wl,-soname,libcuda.so.1", "-o", str(out), str(SOURCE), "-ldl",
                        "-lpthread"], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    return str(out)


class _Children:
    """One subprocess per group of cases, started on demand (or all at once, see
    ``children``)."""

    def __init__(self, lib: str) -> None:
        self.lib = lib
        self.procs: dict[str, subprocess.Popen[str]] = {}
        self.outputs: dict[str, tuple[int, str]] = {}

    def start(self, group: str) -> None:
        if group in self.procs:
            return
        env = {k: v for k, v in os.environ.items() if not k.startswith("FAKE_CUDA_")}
        env["FAKE_CUDA_LIB"] = self.lib
        code = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); "
                f"from tests.test_gpu_runtime_fake import _child; _child({group!r})")
        self.procs[group] = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env,
                                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                             text=True)

    def result(self, case: str) -> dict[str, Any]:
        """The summary of ``case``; fails the test when there is none."""
        group = GROUP_OF[case]
        if group not in self.outputs:
            self.start(group)
            proc = self.procs[group]
            try:
                out, _ = proc.communicate(timeout=600)
            except subprocess.TimeoutExpired:
                proc.kill()
                out, _ = proc.communicate()
            self.outputs[group] = (proc.returncode, out)
        rc, out = self.outputs[group]
        for line in out.splitlines():
            if line.startswith(RESULT):
                s = json.loads(line[len(RESULT):])
                if s["case"] == case:
                    return s
        pytest.fail(f"no result for case {case!r} (exit status {rc}):\n{out}")

    def close(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.kill()
                proc.communicate()


@pytest.fixture(scope="module")
def children(fake_lib: str, request: pytest.FixtureRequest) -> Iterator[_Children]:
    ch = _Children(fake_lib)
    if not os.environ.get("PYTEST_XDIST_WORKER"):  # xdist: each worker starts its own
        for item in request.session.items:
            spec = getattr(item, "callspec", None)
            if isinstance(item, pytest.Function) and item.module is sys.modules[__name__] \
                    and spec is not None and spec.params.get("case") in GROUP_OF:
                ch.start(GROUP_OF[spec.params["case"]])
    yield ch
    ch.close()


def _ok(children: _Children, case: str) -> dict[str, Any]:
    s = children.result(case)
    assert s["ok"], f"case {case!r} failed:\n{s['error']}"
    return s


def test_fake_driver_matches_the_cuda_header() -> None:
    """The fake's signatures and enum values are the toolkit's (when ``cuda.h`` is
    around): a prototype that differs does not compile."""
    roots = [os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"),
             *sorted(glob.glob("/usr/local/cuda*"), reverse=True)]
    inc = next((os.path.join(r, "include") for r in roots
                if r and os.path.exists(os.path.join(r, "include", "cuda.h"))), None)
    if inc is None:
        pytest.skip("no CUDA toolkit header (cuda.h)")
    assert CC is not None
    p = subprocess.run([CC, "-fsyntax-only", "-DFAKE_CUDA_CHECK_HEADER", f"-I{inc}",
                        str(SOURCE)], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr


@pytest.mark.parametrize("case", ["xsbench", "lbm", "rsbench",
                                  pytest.param("lulesh", marks=pytest.mark.slow),
                                  pytest.param("lbm_checkpointed", marks=pytest.mark.slow)])
def test_benchmark_kernel_primal_and_gradient(children: _Children, case: str) -> None:
    """Primal (results and buffers) and gradient through cuda-bindings and the driver
    API equal the CPU's; every kernel ran; every managed allocation was freed."""
    s = _ok(children, case)
    assert s["leaked"] == 0 and s["launched"] > 0
    assert len(s["ran"]) == s["kernels"] + s["grad_kernels"]
    assert s["modules"] == 2  # the primal's and the gradient's, each loaded once


@pytest.mark.parametrize("case", ["reductions"])
def test_reductions_and_host_allocations(children: _Children, case: str) -> None:
    """Reduction slots staged through a device buffer (the ``dred`` path), a
    host-allocated temporary (activity_gpu_malloc/free), a grid-stride loop of several
    iterations per thread."""
    s = _ok(children, case)
    assert s["leaked"] == 0 and s["launched"] == 3 * 3 and s["modules"] == 1


@pytest.mark.parametrize("case", ["alloc_failure"])
def test_failed_device_allocation_is_a_clear_error(children: _Children, case: str) -> None:
    assert _ok(children, case)["leaked"] == 0


@pytest.mark.parametrize("case", ["launch_failure"])
def test_failed_launch_is_a_clear_error(children: _Children, case: str) -> None:
    _ok(children, case)


@pytest.mark.parametrize("case", ["launch_failure"])
def test_failed_launch_frees_the_reduction_buffer(children: _Children, case: str) -> None:
    s = _ok(children, case)
    assert s["leaked"] == 0, f"{s['leaked']} managed allocation(s) leaked"


@pytest.mark.parametrize("case", ["returned_memref"])
def test_returned_memref_is_freed_by_the_driver(children: _Children, case: str) -> None:
    s = _ok(children, case)
    assert s["leaked"] == 0, f"{s['leaked']} managed allocation(s) leaked"


@pytest.mark.parametrize("case", ["other_thread"])
def test_call_from_another_thread(children: _Children, case: str) -> None:
    assert _ok(children, case)["leaked"] == 0
