"""Arrays that stay on the device (``activity.codegen.gpu_arrays``): CUDA device arrays
passed to GPU functions and gradients through ``__cuda_array_interface__`` and DLPack
without copies, :class:`DeviceArray` results, and the refusals.

The driver side runs against the fake ``libcuda.so.1`` (``tests/fake_cuda/fake_cuda.c``,
whose device memory is host memory and whose kernels run the host-compiled versions,
see ``tests/test_gpu_runtime_fake.py``) in one subprocess; its counters of
``cuMemcpyHtoD``/``DtoH``/``DtoD``, ``cuMemsetD8`` and allocations show what a call
copied.  The protocol parsing and the refusals that need no driver run in this process.
"""

from __future__ import annotations

import ctypes
import json
import os
import re
import subprocess
import sys
import traceback
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import activity
from activity.codegen import gpu_arrays as ga
from tests.test_gpu_runtime_fake import CC, RESULT, ROOT, SOURCE, _Driver, _have_bindings

AXPY = """
func.func @axpy(%x: memref<?xf64>, %y: memref<?xf64>, %a: f64, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %xi = memref.load %x[%i] : memref<?xf64>
    %yi = memref.load %y[%i] : memref<?xf64>
    %p = arith.mulf %a, %xi : f64
    %s = arith.addf %p, %yi : f64
    memref.store %s, %y[%i] : memref<?xf64>
    scf.reduce
  }
  func.return
}
"""

# sum_i w[i] * x[i]^2 + c[0] (c read by the host code: staged on the device)
ENERGY = """
func.func @energy(%x: memref<?xf64>, %w: memref<?xf64>, %c: memref<1xf64>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %s = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%z) -> f64 {
    %xi = memref.load %x[%i] : memref<?xf64>
    %wi = memref.load %w[%i] : memref<?xf64>
    %xx = arith.mulf %xi, %xi : f64
    %t = arith.mulf %wi, %xx : f64
    scf.reduce(%t : f64) {
    ^bb0(%l: f64, %r: f64):
      %q = arith.addf %l, %r : f64
      scf.reduce.return %q : f64
    }
  }
  %k = memref.load %c[%c0] : memref<1xf64>
  %r = arith.addf %s, %k : f64
  func.return %r : f64
}
"""

TWICE = """
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

# a fixed-size 2-D argument (static shape checks)
SCALE2 = """
func.func @scale2(%m: memref<3x4xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %two = arith.constant 2.0 : f64
  scf.parallel (%i, %j) = (%c0, %c0) to (%c3, %c4) step (%c1, %c1) {
    %v = memref.load %m[%i, %j] : memref<3x4xf64>
    %y = arith.mulf %v, %two : f64
    memref.store %y, %m[%i, %j] : memref<3x4xf64>
    scf.reduce
  }
  func.return
}
"""


class CAI:
    """A foreign device array exposing only ``__cuda_array_interface__``."""

    def __init__(self, ptr: int, shape: tuple[int, ...], typestr: str = "<f8",
                 version: int = 3, **extra: Any) -> None:
        self.__cuda_array_interface__ = {"shape": shape, "typestr": typestr,
                                         "data": (ptr, extra.pop("readonly", False)),
                                         "version": version, **extra}


class DLPackOnly:
    """A foreign device array exposing only DLPack (its capsules are a DeviceArray's;
    ``versioned=False``: only the unversioned capsule; ``read_only``: the versioned
    capsule's READ_ONLY flag set; ``device``: what ``__dlpack_device__`` says)."""

    def __init__(self, a: Any, versioned: bool = True, read_only: bool = False,
                 device: tuple[int, int] | None = None) -> None:
        self.a, self.versioned, self.read_only = a, versioned, read_only
        self.device = device
        self.calls: list[dict[str, Any]] = []

    def __dlpack_device__(self) -> tuple[int, int]:
        return self.device or self.a.__dlpack_device__()

    def __dlpack__(self, stream: Any = None, max_version: Any = None) -> Any:
        self.calls.append({"stream": stream, "max_version": max_version})
        cap = self.a.__dlpack__(stream=stream,
                                max_version=max_version if self.versioned else None)
        if self.read_only and self.versioned and max_version is not None:
            p = ga._api.PyCapsule_GetPointer(cap, b"dltensor_versioned")
            ga.DLManagedTensorVersioned.from_address(p).flags |= ga.DLPACK_READ_ONLY
        return cap


# ---------------------------------------------------------------------------------------
# The subprocess side (the fake driver)


class _Counting(_Driver):
    """The fake driver with its copy counters (``fake_cuda_counter``)."""

    NAMES = ("htod", "dtoh", "dtod", "memset", "alloc", "alloc_managed", "htod_bytes",
             "dtoh_bytes")

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.lib.fake_cuda_counter.restype = ctypes.c_long
        self.lib.fake_cuda_counter.argtypes = [ctypes.c_int]
        self.lib.fake_cuda_move_to_device.restype = ctypes.c_int
        self.lib.fake_cuda_move_to_device.argtypes = [ctypes.c_void_p, ctypes.c_int]

    def counts(self) -> dict[str, int]:
        return {n: int(self.lib.fake_cuda_counter(k)) for k, n in enumerate(self.NAMES)}

    def during(self, f: Callable[[], Any]) -> tuple[Any, dict[str, int]]:
        """``f()`` and what it made the driver do (the counters' differences)."""
        before = self.counts()
        out = f()
        after = self.counts()
        return out, {n: after[n] - before[n] for n in self.NAMES}


NO_COPY = dict.fromkeys(_Counting.NAMES, 0)


def _gpu(drv: _Counting, src: str, func: str) -> Any:
    """``compile(src, func, target="gpu")``, its launches running the emulated kernels."""
    from activity.codegen import gpu

    m = activity.parse(src)
    f = activity.compile(m, func, target="gpu")
    assert isinstance(f, gpu.GPUFunction) and not f.emulate
    drv.emulate(gpu.build_gpu(m, func, emulate=True))
    return f


def _case_cai(drv: _Counting) -> dict[str, Any]:
    """Foreign device arrays through ``__cuda_array_interface__`` (v2 and v3) reach the
    kernels with no copy, allocation or staging, and give the CPU's values; numpy
    arrays are still copied in and out."""
    from activity.codegen.gpu import DeviceArray

    f = _gpu(drv, AXPY, "axpy")
    cpu = activity.compile(AXPY, "axpy")
    rng = np.random.default_rng(0)
    x, y = rng.uniform(-1, 1, 100), rng.uniform(-1, 1, 100)
    want = y.copy()
    cpu(x, want, 1.5, 100)
    out = {}
    for version in (2, 3):
        dx, dy = DeviceArray.from_host(x), DeviceArray.from_host(y)
        extra = {"stream": 1} if version == 3 else {}
        fx = CAI(dx.ptr, (100,), version=version, **extra)
        fy = CAI(dy.ptr, (100,), version=version, **({"strides": None} if version == 3
                                                      else {"strides": (8,)}))
        r, c = drv.during(lambda fx=fx, fy=fy: f(fx, fy, 1.5, 100))
        assert r is None
        assert c == NO_COPY, c
        np.testing.assert_allclose(dy.copy_to_host(), want, rtol=1e-15)
        np.testing.assert_array_equal(dx.copy_to_host(), x)
        out[f"v{version}"] = c
    # memory no allocation of the runtime made (as CuPy's or PyTorch's), on a device
    # that cannot reach pageable host memory: still passed as it is, not staged as if
    # it were host memory
    from activity.codegen import gpu

    rt = gpu.runtime()
    mem = [ctypes.c_uint64() for _ in range(2)]
    for p in mem:
        assert drv.lib.cuMemAlloc_v2(ctypes.byref(p), ctypes.c_size_t(800)) == 0
    ctypes.memmove(mem[0].value, x.ctypes.data, 800)  # (the fake's device memory is
    ctypes.memmove(mem[1].value, y.ctypes.data, 800)  # the host's)
    rt.pageable = False
    try:
        _, c = drv.during(lambda: f(CAI(mem[0].value, (100,)), CAI(mem[1].value, (100,)),
                                    1.5, 100))
    finally:
        rt.pageable = True
    assert c == NO_COPY, c
    got = np.empty(100)
    ctypes.memmove(got.ctypes.data, mem[1].value, 800)
    np.testing.assert_allclose(got, want, rtol=1e-15)
    for p in mem:
        assert drv.lib.cuMemFree_v2(ctypes.c_uint64(p.value)) == 0
    # the numpy path: copied in and out (the counters see copies)
    yh = y.copy()
    _, c = drv.during(lambda: f(x, yh, 1.5, 100))
    np.testing.assert_allclose(yh, want, rtol=1e-15)
    assert c["htod"] == 2 and c["dtoh"] == 1, c
    out["numpy"] = c
    # mixed: x on the device, y a numpy array (copied in and out alone)
    yh = y.copy()
    _, c = drv.during(lambda: f(DeviceArray.from_host(x), yh, 1.5, 100))
    np.testing.assert_allclose(yh, want, rtol=1e-15)
    assert c["htod"] == 2 and c["dtoh"] == 1, c  # (one of the two: from_host's)
    return out


def _case_dlpack(drv: _Counting) -> dict[str, Any]:
    """DLPack producers (versioned and unversioned capsules): no copy, right values;
    asked for stream 1 (the legacy default stream) and DLPack 1.0."""
    from activity.codegen.gpu import DeviceArray

    f = _gpu(drv, AXPY, "axpy")
    cpu = activity.compile(AXPY, "axpy")
    rng = np.random.default_rng(1)
    x, y = rng.uniform(-1, 1, 33), rng.uniform(-1, 1, 33)
    want = y.copy()
    cpu(x, want, -0.5, 33)
    for versioned in (True, False):
        px = DLPackOnly(DeviceArray.from_host(x), versioned)
        py = DLPackOnly(DeviceArray.from_host(y), versioned)
        _, c = drv.during(lambda px=px, py=py: f(px, py, -0.5, 33))
        assert c == NO_COPY, c
        np.testing.assert_allclose(py.a.copy_to_host(), want, rtol=1e-15)
        assert px.calls[0] == {"stream": 1, "max_version": (1, 0)}, px.calls
    # a read-only capsule: fine for x (never written), refused for y
    ro = DLPackOnly(DeviceArray.from_host(x), read_only=True)
    yd = DeviceArray.from_host(y)
    f(ro, yd, -0.5, 33)
    np.testing.assert_allclose(yd.copy_to_host(), want, rtol=1e-15)
    with pytest.raises(ValueError, match=re.escape(
            "argument 1 ('y', memref<?xf64>) of @axpy: the device array is read-only and "
            "@axpy may write it")):
        f(DeviceArray.from_host(x), DLPackOnly(DeviceArray.from_host(y), read_only=True),
          -0.5, 33)
    return {}


def _case_results(drv: _Counting) -> dict[str, Any]:
    """A memref result of a call given device arrays is a DeviceArray owning the
    function's block (no copy), freed by the driver when collected; numpy(a) copies it
    out; given numpy arrays the result is a numpy array as before."""
    import gc

    from activity.codegen.gpu import DeviceArray

    f = _gpu(drv, TWICE, "twice")
    a = np.arange(6.0)
    da = DeviceArray.from_host(a)
    live = drv.live
    r, c = drv.during(lambda: f(da, 6))
    assert isinstance(r, DeviceArray) and r.shape == (6,) and r.dtype == np.float64
    assert c["htod"] == 0 and c["dtoh"] == 0 and c["dtod"] == 0, c
    assert drv.live == live + 1  # the result's block
    np.testing.assert_array_equal(np.asarray(r), 2 * a)
    np.testing.assert_array_equal(r.copy_to_host(), 2 * a)
    cai = r.__cuda_array_interface__
    assert cai["data"] == (r.ptr, False) and cai["shape"] == (6,) and cai["version"] == 3
    assert r.__dlpack_device__() == (ga.KDL_CUDA, 0)
    # passed on through DLPack (a producer holding the result) after the name is gone
    g = _gpu(drv, AXPY, "axpy")
    y = DeviceArray.zeros(6)
    alias = DLPackOnly(r)
    del r
    gc.collect()
    g(alias, y, 1.0, 6)  # y = r
    np.testing.assert_array_equal(y.copy_to_host(), 2 * a)
    del alias
    gc.collect()
    assert drv.live == live + 1, "the result was not freed"  # (y)
    del y
    gc.collect()
    assert drv.live == live
    assert isinstance(f(a, 6), np.ndarray)
    return {"counts": c}


def _case_host_deref(drv: _Counting) -> dict[str, Any]:
    """An argument the host code dereferences (``%c`` of @energy) is staged in managed
    memory with device-to-device copies (none through the host); the others go to the
    kernels as they are."""
    from activity.codegen.gpu import DeviceArray

    f = _gpu(drv, ENERGY, "energy")
    cpu = activity.compile(ENERGY, "energy")
    rng = np.random.default_rng(2)
    x, w, c0 = rng.uniform(-1, 1, 50), rng.uniform(0, 1, 50), np.array([0.25])
    want = cpu(x, w, c0, 50)
    dx, dw, dc = (DeviceArray.from_host(v) for v in (x, w, c0))
    got, c = drv.during(lambda: f(dx, dw, dc, 50))
    assert got == pytest.approx(want, rel=1e-12)
    # staging %c: one managed block, one copy in (not written: no copy back); the
    # reduction's slot is the runtime's own managed block
    assert c["htod"] == 0 and c["dtoh"] == 0 and c["dtod"] == 1, c
    assert c["alloc_managed"] == 2 and c["alloc"] == 0, c
    return {"counts": c}


def _case_gradient(drv: _Counting) -> dict[str, Any]:
    """``gradient(..., target="gpu")`` on device arrays: shadows allocated and zeroed on
    the device, the gradients DeviceArrays equal to the CPU's, no copy through the
    host; mixed with numpy arrays, each gradient is of its argument's kind."""
    from activity.codegen import gpu
    from activity.codegen.gpu import DeviceArray

    m = activity.parse(ENERGY)
    g = activity.gradient(m, "energy", (0, 1), target="gpu")
    assert isinstance(g.compiled, gpu.GPUFunction) and not g.compiled.emulate
    drv.emulate(gpu.build_gpu(g.grad_module, "energy_grad", emulate=True))
    cpu = activity.gradient(m, "energy", (0, 1))
    rng = np.random.default_rng(3)
    x, w, c0 = rng.uniform(-1, 1, 40), rng.uniform(0, 1, 40), np.array([1.0])
    want = cpu(x, w, c0, 40)
    dx, dw, dc = (DeviceArray.from_host(v) for v in (x, w, c0))
    (gx, gw), c = drv.during(lambda: g(dx, dw, dc, 40))
    assert isinstance(gx, DeviceArray) and isinstance(gw, DeviceArray)
    # the two shadows allocated and zeroed on the device, the reduction's slot (managed);
    # every argument of @energy_grad only kernels dereference: no copy at all
    assert c == {**NO_COPY, "memset": 2, "alloc": 2, "alloc_managed": 1}, c
    np.testing.assert_allclose(gx.copy_to_host(), want[0], rtol=1e-12)
    np.testing.assert_allclose(gw.copy_to_host(), want[1], rtol=1e-12)
    np.testing.assert_array_equal(dx.copy_to_host(), x)  # inputs untouched
    # prepared runs (for timing): reset() restores the device shadows too
    prep = g.prepare(dx, dw, dc, 40)
    shadow = prep.args[1]
    assert isinstance(shadow, DeviceArray)
    prep.run(2)
    np.testing.assert_allclose(shadow.copy_to_host(), 2 * want[0], rtol=1e-12)
    prep.reset()
    prep.run(1)
    np.testing.assert_allclose(shadow.copy_to_host(), want[0], rtol=1e-12)
    del prep, shadow
    # mixed: w a numpy array
    gx, gw = g(DeviceArray.from_host(x), w, c0, 40)
    assert isinstance(gx, DeviceArray) and isinstance(gw, np.ndarray)
    np.testing.assert_allclose(gx.copy_to_host(), want[0], rtol=1e-12)
    np.testing.assert_allclose(gw, want[1], rtol=1e-12)
    # a gradient whose arguments are written (@axpy's y is copied on the device)
    ga_ = activity.gradient(AXPY_SUM, "axpy_sum", (0, 1), target="gpu")
    drv.emulate(gpu.build_gpu(ga_.grad_module, "axpy_sum_grad", emulate=True))
    xs, ys = rng.uniform(-1, 1, 9), rng.uniform(-1, 1, 9)
    want2 = activity.gradient(AXPY_SUM, "axpy_sum", (0, 1))(xs, ys.copy(), 9)
    dy = DeviceArray.from_host(ys)
    (g0, g1), c = drv.during(lambda: ga_(DeviceArray.from_host(xs), dy, 9))
    np.testing.assert_allclose(g0.copy_to_host(), want2[0], rtol=1e-12)
    np.testing.assert_allclose(g1.copy_to_host(), want2[1], rtol=1e-12)
    np.testing.assert_array_equal(dy.copy_to_host(), ys)  # the copy was written
    assert c["dtod"] >= 1 and c["htod"] == 1 and c["dtoh"] == 0, c  # (from_host's)
    # two device arguments sharing memory, one written: refused as for numpy
    with pytest.raises(ValueError, match="arguments 1 and 0 of @axpy_sum share memory|"
                                         "arguments 0 and 1 of @axpy_sum share memory"):
        ga_(dy, dy, 9)
    return {"counts": c}


# y[i] += 3 x[i]; returns sum y[i]^2 (y is written: the gradient copies it)
AXPY_SUM = """
func.func @axpy_sum(%x: memref<?xf64>, %y: memref<?xf64>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %three = arith.constant 3.0 : f64
  %z = arith.constant 0.0 : f64
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %xi = memref.load %x[%i] : memref<?xf64>
    %yi = memref.load %y[%i] : memref<?xf64>
    %p = arith.mulf %three, %xi : f64
    %s = arith.addf %p, %yi : f64
    memref.store %s, %y[%i] : memref<?xf64>
    scf.reduce
  }
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%z) -> f64 {
    %yi = memref.load %y[%i] : memref<?xf64>
    %q = arith.mulf %yi, %yi : f64
    scf.reduce(%q : f64) {
    ^bb0(%l: f64, %r2: f64):
      %t = arith.addf %l, %r2 : f64
      scf.reduce.return %t : f64
    }
  }
  func.return %r : f64
}
"""


def _case_refusals(drv: _Counting) -> dict[str, Any]:
    """Clear errors naming the argument: host memory behind the interface, an array
    on another device (CAI and DLPack), wrong dtype, rank and static size, a
    read-only array the function writes; nothing leaks."""
    from activity.codegen.gpu import DeviceArray

    f = _gpu(drv, AXPY, "axpy")
    s = _gpu(drv, SCALE2, "scale2")
    x = DeviceArray.from_host(np.arange(4.0))
    y = DeviceArray.zeros(4)
    m35 = DeviceArray.zeros((3, 5))
    live = drv.live
    X = "argument 0 ('x', memref<?xf64>) of @axpy: "
    Y = "argument 1 ('y', memref<?xf64>) of @axpy: "
    host = np.arange(4.0)
    cases: list[tuple[Callable[[], Any], type, str]] = [
        (lambda: f(CAI(host.ctypes.data, (4,)), y, 1.0, 4), ValueError,
         X + f"its data pointer {host.ctypes.data:#x} (__cuda_array_interface__) is not "
         "CUDA memory"),
        (lambda: f(x, CAI(y.ptr, (4,), typestr="<f4"), 1.0, 4), TypeError,
         Y + "expected dtype float64, got float32"),
        (lambda: f(x, CAI(y.ptr, (2, 2)), 1.0, 4), ValueError,
         Y + "expected a rank-1 array, got shape (2, 2)"),
        (lambda: f(x, CAI(y.ptr, (4,), readonly=True), 1.0, 4), ValueError,
         Y + "the device array is read-only and @axpy may write it"),
        (lambda: f(x, CAI(y.ptr, (2,), strides=(16,)), 1.0, 2), ValueError,
         Y + "a non-contiguous device array (strides (16,) bytes"),
        (lambda: f(x, DLPackOnly(DeviceArray(y.ptr, (4,), np.float64, device=1)), 1.0, 4),
         ValueError,
         Y + "the device array is on CUDA device 1; this function runs on device 0"),
        (lambda: s(CAI(m35.ptr, (3, 5))), ValueError,
         "argument 0 ('m', memref<3x4xf64>) of @scale2: dimension 1 must be 4, got shape "
         "(3, 5)"),
    ]
    for call, exc, want in cases:
        with pytest.raises(exc, match=re.escape(want)):
            call()
    other = DeviceArray.zeros(4)
    assert drv.lib.fake_cuda_move_to_device(other.ptr, 1) == 1
    with pytest.raises(ValueError, match=re.escape(
            X + "the device array is on CUDA device 1; this function runs on device 0")):
        f(CAI(other.ptr, (4,)), y, 1.0, 4)
    assert drv.lib.fake_cuda_move_to_device(other.ptr, 0) == 1
    del other
    # a correct call after them all
    f(x, y, 2.0, 4)
    np.testing.assert_array_equal(y.copy_to_host(), 2 * np.arange(4.0))
    import gc

    gc.collect()
    assert drv.live == live, f"{drv.live - live} allocation(s) leaked"
    return {}


def _case_xsbench(drv: _Counting) -> dict[str, Any]:
    """A benchmark kernel's primal and gradient on device arrays equal the numpy
    path's; the primal's device-only arguments are not copied."""
    from activity.codegen import gpu
    from activity.codegen.gpu import DeviceArray
    from tests.helpers import benchmark_kernels

    k = benchmark_kernels().KERNELS["xsbench"]
    m = activity.parse(k.mlir)
    inputs = k.make_inputs(np.random.default_rng(0), "small")
    f = activity.compile(m, k.func, target="gpu")
    drv.emulate(gpu.build_gpu(m, k.func, emulate=True))
    host = [v.copy() if isinstance(v, np.ndarray) else v for v in inputs]
    want = f(*host)
    dev = [DeviceArray.from_host(v) if isinstance(v, np.ndarray) else v for v in inputs]
    got, c = drv.during(lambda: f(*dev))
    np.testing.assert_allclose(got, want, rtol=1e-12)
    for d, h in zip(dev, host, strict=True):
        if isinstance(h, np.ndarray):
            np.testing.assert_allclose(d.copy_to_host(), h, rtol=1e-12)
    assert c["htod"] == 0 and c["dtoh"] == 0, c
    g = activity.gradient(m, k.func, [5, 7], args=k.args, target="gpu")
    drv.emulate(gpu.build_gpu(g.grad_module, f"{k.func}_grad", emulate=True))
    gw = g(*[v.copy() if isinstance(v, np.ndarray) else v for v in inputs])
    dev = [DeviceArray.from_host(v) if isinstance(v, np.ndarray) else v for v in inputs]
    gd, c2 = drv.during(lambda: g(*dev))
    for a, b in zip(gd, gw, strict=True):
        assert isinstance(a, DeviceArray)
        np.testing.assert_allclose(a.copy_to_host(), b, rtol=1e-12, atol=1e-14)
    assert c2["htod"] == 0 and c2["dtoh"] == 0, c2
    # what the numpy path copies, for comparison
    _, cn = drv.during(lambda: f(*[v.copy() if isinstance(v, np.ndarray) else v
                                   for v in inputs]))
    _, cg = drv.during(lambda: g(*[v.copy() if isinstance(v, np.ndarray) else v
                                   for v in inputs]))
    assert cn["htod_bytes"] > 0 and cg["htod_bytes"] > 0
    return {"primal": c, "gradient": c2, "primal_numpy": cn, "gradient_numpy": cg}


CASES: dict[str, Callable[[_Counting], dict[str, Any]]] = {
    "cai": _case_cai, "dlpack": _case_dlpack, "results": _case_results,
    "host_deref": _case_host_deref, "gradient": _case_gradient, "refusals": _case_refusals,
    "xsbench": _case_xsbench,
}
GROUPS = {"arrays": ["cai", "dlpack", "results", "host_deref", "gradient", "refusals"],
          "xsbench": ["xsbench"]}


def _child(group: str) -> None:
    drv = _Counting(os.environ["FAKE_CUDA_LIB"])
    for case in GROUPS[group]:
        summary: dict[str, Any] = {"case": case, "ok": True, "error": ""}
        live = drv.live
        try:
            summary.update(CASES[case](drv))
            assert not drv.errors, drv.errors
            assert drv.lib.fake_cuda_pending() == 0, "launches never synchronized"
        except BaseException:
            summary.update(ok=False, error=traceback.format_exc())
        import gc

        gc.collect()
        summary["leaked"] = drv.live - live
        print(RESULT + json.dumps(summary), flush=True)


# ---------------------------------------------------------------------------------------
# The pytest side

needs_driver = pytest.mark.skipif(not _have_bindings() or CC is None,
                                  reason="cuda-bindings or a C compiler (for the fake "
                                         "libcuda.so.1) is missing")

_OUTPUTS: dict[str, dict[str, dict[str, Any]]] = {}


@pytest.fixture(scope="module")
def fake_lib(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("fake_cuda") / "libcuda.so.1"
    assert CC is not None
    p = subprocess.run([CC, "-O1", "-Wall", "-Werror", "-shared", "-fPIC",
                        "-Wl,-soname,libcuda.so.1", "-o", str(out), str(SOURCE), "-ldl",
                        "-lpthread"], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    return str(out)


def _result(lib: str, group: str, case: str) -> dict[str, Any]:
    if group not in _OUTPUTS:
        env = {k: v for k, v in os.environ.items() if not k.startswith("FAKE_CUDA_")}
        env["FAKE_CUDA_LIB"] = lib
        code = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); "
                f"from tests.test_gpu_arrays import _child; _child({group!r})")
        p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=600)
        got = {}
        for line in p.stdout.splitlines():
            if line.startswith(RESULT):
                s = json.loads(line[len(RESULT):])
                got[s["case"]] = s
        got["_output"] = {"rc": p.returncode, "text": p.stdout + p.stderr}
        _OUTPUTS[group] = got
    got = _OUTPUTS[group]
    if case not in got:
        pytest.fail(f"no result for {case!r}:\n{got['_output']['text']}")
    s = got[case]
    assert s["ok"], f"case {case!r} failed:\n{s['error']}"
    assert s["leaked"] == 0, f"{s['leaked']} device allocation(s) leaked"
    return s


@needs_driver
@pytest.mark.parametrize("case", GROUPS["arrays"])
def test_device_arrays_on_the_fake_driver(fake_lib: str, case: str) -> None:
    _result(fake_lib, "arrays", case)


@needs_driver
def test_benchmark_kernel_on_device_arrays(fake_lib: str) -> None:
    _result(fake_lib, "xsbench", "xsbench")


# ---------------------------------------------------------------------------------------
# In this process: the protocols, and the refusals that need no driver


def test_cuda_array_interface_is_read_as_given() -> None:
    buf = np.arange(12.0)
    p = buf.ctypes.data
    d = ga.device_arg(CAI(p, (3, 4), strides=(32, 8)), "a")
    assert d is not None and (d.ptr, d.shape, d.dtype, d.readonly) == (p, (3, 4),
                                                                       np.float64, False)
    assert ga.device_arg(CAI(p, (3, 1), strides=(8, 999)), "a") is not None  # (size-1 dim)
    assert ga.device_arg(CAI(p, (0, 4), strides=(0, 0)), "a") is not None  # (empty)
    assert ga.device_arg(CAI(p, (4,), readonly=True, version=2), "a").readonly
    assert ga.device_arg(buf, "a") is None and ga.device_arg(1.5, "a") is None
    for obj, exc, want in (
            (CAI(p, (3, 4), strides=(8, 24)), ValueError,
             "a: a non-contiguous device array (strides (8, 24) bytes for shape (3, 4)"),
            (CAI(p, (4,), mask=CAI(p, (4,))), ValueError, "a: a masked device array"),
            (CAI(p, (4,), stream=0), ValueError, "a: __cuda_array_interface__ stream 0"),
            (CAI(p, (4,), version=7), ValueError, "version 7"),
            (CAI(0, (4,)), ValueError, "a: a device array of shape (4,) with a NULL data"),
            (type("Bad", (), {"__cuda_array_interface__": {"shape": (2,)}})(), TypeError,
             "a: a malformed __cuda_array_interface__")):
        with pytest.raises(exc, match=re.escape(want)):
            ga.device_arg(obj, "a")


def test_dlpack_capsules_of_device_arrays_round_trip() -> None:
    """A DeviceArray's DLPack capsules (versioned and not) read back as the same
    pointer, shape and dtype; the export keeps the array alive until the capsule goes;
    the read-only flag of a versioned capsule is honoured."""
    import gc
    import weakref

    buf = np.zeros((2, 3), np.float32)
    a = ga.DeviceArray(buf.ctypes.data, (2, 3), np.float32)  # (owns nothing)
    for versioned in (True, False):
        obj = DLPackOnly(a, versioned)
        d = ga.device_arg(obj, "b")
        assert d is not None and d.how == "DLPack"
        assert (d.ptr, d.shape, d.dtype, d.readonly, d.device) == (
            buf.ctypes.data, (2, 3), np.float32, False, 0)
    assert ga.device_arg(DLPackOnly(a, read_only=True), "b").readonly
    cap = a.__dlpack__(max_version=(1, 0))
    ref = weakref.ref(a)
    del a, obj, d
    gc.collect()
    assert ref() is not None, "the export did not keep the array alive"
    del cap
    gc.collect()
    assert ref() is None and not ga._EXPORTS


def test_dlpack_refuses_host_and_other_devices() -> None:
    buf = np.zeros(4)
    a = ga.DeviceArray(buf.ctypes.data, (4,), np.float64)
    with pytest.raises(ValueError, match=re.escape(
            "x: a DLPack array on the CPU (kDLCPU); target='gpu' takes CUDA device arrays "
            "(kDLCUDA) or numpy arrays: for an array in host memory pass "
            "numpy.from_dlpack(x)")):
        ga.device_arg(DLPackOnly(a, device=(ga.KDL_CPU, 0)), "x")
    with pytest.raises(ValueError, match=re.escape("is not __dlpack_device__'s")):
        ga.device_arg(DLPackOnly(a, device=(ga.KDL_CUDA, 1)), "x")


def test_torch_cpu_tensor_is_refused_clearly() -> None:
    torch = pytest.importorskip("torch")
    f = activity.compile(activity.parse(AXPY), "axpy", target="gpu", emulate=True)
    g = activity.gradient(AXPY_SUM, "axpy_sum", 0, target="gpu", emulate=True)
    t = torch.arange(4.0, dtype=torch.float64)
    cpu_dlpack = ("a DLPack array on the CPU (kDLCPU); target='gpu' takes CUDA device "
                  "arrays (kDLCUDA) or numpy arrays: for an array in host memory pass "
                  "numpy.from_dlpack(x)")
    with pytest.raises(ValueError, match=re.escape(
            "argument 0 ('x', memref<?xf64>) of @axpy: " + cpu_dlpack)):
        f(t, np.zeros(4), 1.0, 4)
    with pytest.raises(ValueError, match=re.escape("x: " + cpu_dlpack)):
        ga.device_arg(t, "x")
    # (where nothing runs on a device, it is not a numpy array)
    with pytest.raises(TypeError, match=re.escape(
            "argument 0 ('x', memref<?xf64>) of @axpy_sum: expected a numpy array, got "
            "Tensor")):
        g(t, np.zeros(4), 4)


def test_jax_cpu_array_is_refused_clearly() -> None:
    jnp = pytest.importorskip("jax.numpy")
    f = activity.compile(activity.parse(AXPY), "axpy", target="gpu", emulate=True)
    with pytest.raises(ValueError, match=re.escape(
            "argument 1 ('y', memref<?xf64>) of @axpy: a DLPack array on the CPU (kDLCPU)")):
        f(np.zeros(4), jnp.arange(4.0), 1.0, 4)


def test_jax_arrays_count_as_read_only() -> None:
    """(Through a stand-in: a JAX device array's type lives in jax/jaxlib.)"""
    buf = np.zeros(4)
    cls = type("ArrayImpl", (), {"__module__": "jaxlib.xla_extension"})
    x = cls()
    x.__cuda_array_interface__ = CAI(buf.ctypes.data, (4,)).__cuda_array_interface__
    d = ga.device_arg(x, "y")
    assert d is not None and d.readonly
    assert not ga.device_arg(CAI(buf.ctypes.data, (4,)), "y").readonly


def test_cuda_array_interface_errors_are_named() -> None:
    class RequiresGrad:
        @property
        def __cuda_array_interface__(self) -> Any:
            raise RuntimeError("Can't get __cuda_array_interface__ on Variable that "
                               "requires grad.")

    with pytest.raises(TypeError, match=re.escape(
            "y: __cuda_array_interface__ failed: Can't get __cuda_array_interface__ on "
            "Variable that requires grad.")):
        ga.device_arg(RequiresGrad(), "y")


def test_device_arrays_refused_where_kernels_run_on_the_host() -> None:
    """emulate=True (and host threads, and target='cpu' gradients) run on the host: a
    device array is refused naming the argument, before anything runs."""
    buf = np.zeros(4)
    dev = CAI(buf.ctypes.data, (4,))
    f = activity.compile(activity.parse(AXPY), "axpy", target="gpu", emulate=True)
    with pytest.raises(TypeError, match=re.escape(
            "argument 1 ('y', memref<?xf64>) of @axpy: a CUDA device array "
            "(__cuda_array_interface__), but this function's kernels do not run on a "
            "device (emulate=True runs them on the host)")):
        f(np.zeros(4), dev, 1.0, 4)
    t = activity.compile(activity.parse(AXPY), "axpy", threads=2)
    with pytest.raises(TypeError, match=re.escape("threads=n runs them on host threads")):
        t(np.zeros(4), dev, 1.0, 4)
    for kw in ({"target": "gpu", "emulate": True}, {}):
        g = activity.gradient(AXPY_SUM, "axpy_sum", (0, 1), **kw)
        with pytest.raises(TypeError, match=re.escape(
                "argument 1 ('y', memref<?xf64>) of @axpy_sum: a CUDA device array, but "
                "this gradient does not run on a device")):
            g(np.zeros(4), dev, 4)
