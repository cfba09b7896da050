"""GPU target: the outermost ``scf.parallel`` loops of a function become NVPTX kernels.

Mapping (see ``docs/codegen.md``):

* every outermost ``scf.parallel`` of the compiled function is outlined into a kernel
  ``<func>_kernel<k>`` whose parameters are the values the loop uses from outside
  (memrefs as expanded descriptors, MLIR's convention), plus one pointer to the
  reduction slots when the loop has reductions;
* one GPU thread per iteration, *grid-stride*: thread ``t`` of ``T`` runs the linear
  iterations ``t, t + T, ...`` of the iteration space (row-major over the loop's
  dimensions), so any grid size covers any trip count;
* reductions: each thread folds its iterations into private accumulators started at
  the identity of the reduction (recognised from the ``scf.reduce`` region: one op-table
  op such as ``addf``/``maximumf``/``addi``), then combines them into the result slot
  with one atomic read-modify-write;
* ``memref.atomic_rmw`` becomes LLVM ``atomicrmw`` (or a ``cmpxchg`` loop);
* math functions come from libdevice (linked when found next to the CUDA toolkit);
* the rest of the function runs on the host (JIT-compiled like ``target="cpu"``) and
  launches the kernels through ``activity_gpu_launch``; buffers live in CUDA managed
  memory, so host code and kernels share them.

PTX is produced by llvmlite's NVPTX back end for ``sm_80`` and ``sm_90``
(:func:`kernel_ptx`); running needs a CUDA device and ``cuda-python`` (driver API),
imported only when a compiled function is called.

This module builds a GPU function (:func:`build_gpu`) and runs it (the CUDA driver
runtime, the emulator, host threads); what is decided at compile time lives beside
it: the kernels (:mod:`activity.codegen.gpu_kernels`: outlining, lowering, launches),
PTX (:mod:`activity.codegen.gpu_ptx`) and what the host code does with its buffers
(:mod:`activity.codegen.gpu_buffers`).
"""

from __future__ import annotations

import copy
import ctypes
import os
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from llvmlite import binding as llvm
from llvmlite import ir
from xdsl.dialects.builtin import MemRefType, ModuleOp
from xdsl.dialects.llvm import LLVMPointerType
from xdsl.ir import Operation, SSAValue

from activity.codegen import gpu_arrays
from activity.codegen.checks import LAUNCH_FAILED, RECORD, Checks, LaunchFailed
from activity.codegen.errors import AllocationError, CodegenError
from activity.codegen.gpu_arrays import (
    DeviceArg,
    DeviceArray,
    check_on_device,
    device_arg,
    host_view,
    is_device_array,
    to_device,
)
from activity.codegen.gpu_buffers import device_only_args, host_derefs, in_kernel, written_args
from activity.codegen.gpu_kernels import (
    SREGS,
    Kernel,
    add_only_params,
    define_callees,
    emit_launch,
    function_of,
    kernel_may_fail,
    kernel_module,
    live_ins,
    lower_kernel,
    outermost_parallels,
    reduction_of,
)
from activity.codegen.gpu_ptx import (
    ARCHS,
    NVPTX_TRIPLE,
    find_libdevice,
    nvptx_machine,
    ptxas,
    to_ptx,
)
from activity.codegen.heap import CACHE_BYTES, CACHE_MIN, CACHE_SLOTS
from activity.codegen.jit import (
    _CLEARERS,
    _DTYPES,
    _LOCK,
    CompiledFunction,
    PreparedArguments,
    _elem_key,
    _global_size,
    _row_major,
    add_wrapper,
    host_layout,
    init_llvm,
    jit_module,
    locations_key,
    module_key,
    set_pointees,
)
from activity.codegen.lower import (
    FuncLowering,
    ModuleLowering,
    Target,
)
from activity.codegen.types import (
    F64,
    I64,
    PTR,
    VOID,
    elem_size,
    flat_types,
    value_type,
)
from activity.errors import ActivityError
from activity.ops import op_name

PRIVATE_SUFFIX = "__private"
PRIVATE_BUDGET = 1 << 28  # bytes of private copies one host-thread launch may allocate
BLOCK = 256


# ---------------------------------------------------------------------------------------
# Outlining


# ---------------------------------------------------------------------------------------
# PTX


# ---------------------------------------------------------------------------------------
# Compilation


@dataclass
class GPUModule:
    """The host callable and the kernels of one compiled function."""

    host: CompiledFunction
    kernels: list[Kernel]
    kernel_ir: str
    ptx: dict[str, str]
    emulator: Any = None  # host-compiled kernels (emulate=True)
    # per argument (shorter lists: the rest unknown, i.e. written, not device-only)
    written: list[bool] = field(default_factory=list)  # may the function write it?
    device_only: list[bool] = field(default_factory=list)  # only kernels dereference it


class GPUFunction:
    """``compile(..., target="gpu")``: callable like the CPU version when a CUDA device
    and cuda-python are available (or, with ``emulate=True``, on the host: the kernels
    compiled for the CPU and launched over a small simulated grid); ``.ptx[arch]`` holds
    the kernels' PTX either way."""

    def __init__(self, name: str, gm: GPUModule, emulate: bool = False,
                 threads: int = 0) -> None:
        self.name = name
        self._gm = gm
        self.ptx = gm.ptx
        self.kernel_ir = gm.kernel_ir
        self.kernels = [k.name for k in gm.kernels]
        self.emulate = emulate
        self.threads = threads  # > 0: host threads instead of a device (target="cpu")
        # the host part, which checks and names the arguments (per GPUFunction: the
        # GPUModule is cached and shared)
        self.host: CompiledFunction = gm.host

    def __repr__(self) -> str:
        return f"<gpu @{self.name}: {len(self.kernels)} kernel(s)>"

    def relabelled(self, whats: Sequence[str]) -> GPUFunction:
        """``CompiledFunction.relabelled``: the same function with its parameters named
        ``whats`` in argument errors."""
        twin = copy.copy(self)
        twin.host = self.host.relabelled(whats)
        return twin

    def python_path(self) -> GPUFunction:
        """``CompiledFunction.python_path``: the host part's arguments checked and
        packed in Python."""
        twin = copy.copy(self)
        twin.host = self.host.python_path()
        return twin

    def _what(self, i: int) -> str:
        """How argument errors name argument ``i`` (the host part's label)."""
        params = self.host._params
        return params[i].what if i < len(params) else f"argument {i}"

    def __call__(self, *args: Any) -> Any:
        return self.call(args)

    def prepare(self, args: Sequence[Any], fresh: bool = False,
                restore: Sequence[int] | None = None) -> PreparedLaunches:
        """Like ``CompiledFunction.prepare``, but every run is a whole ``call`` (argument
        checks, staging, launches): the kernel launches go through Python (host
        threads, the driver) anyway."""
        return PreparedLaunches(self, args, restore)

    def _devices(self, args: Sequence[Any], rt: Any) -> dict[int, DeviceArg]:
        """The device arrays among ``args`` (:mod:`activity.codegen.gpu_arrays`), by
        argument number, each checked to be CUDA memory of this function's device;
        refused (naming the argument) where the kernels run on the host."""
        devs: dict[int, DeviceArg] = {}
        for i, x in enumerate(args):
            if isinstance(x, np.ndarray) or isinstance(x, int | float):
                continue
            d = device_arg(x, self._what(i))
            if d is None:
                continue
            if not isinstance(rt, _Runtime):
                how = ("threads=n runs them on host threads" if isinstance(rt, _HostThreads)
                       else "emulate=True runs them on the host")
                raise TypeError(f"{self._what(i)}: a CUDA device array ({d.how}), but this "
                                f"function's kernels do not run on a device ({how}); pass a "
                                "numpy array (numpy.asarray(x) / x.copy_to_host())")
            devs[i] = d
        if devs:
            rt.make_current()
            for i, d in devs.items():
                check_on_device(rt, d, self._what(i))
        return devs

    def call(self, args: Sequence[Any], fresh: bool = False) -> Any:
        """Like ``CompiledFunction.call`` (``fresh`` changes nothing here: every array
        is staged into its own managed buffer).  Device arrays (CUDA memory through
        ``__cuda_array_interface__`` or DLPack) are passed to the kernels as they are,
        and memref results then come back as :class:`DeviceArray` (see
        :mod:`activity.codegen.gpu_arrays`)."""
        rt: Any = (_HostThreads(self.threads) if self.threads else
                   _Emulator() if self.emulate else runtime())
        devs = self._devices(args, rt)
        rt.load(self._gm)
        staged: list[tuple[np.ndarray, np.ndarray, int, bool, bool]] = []
        # device arrays the host code dereferences: managed copies (device to device)
        dstaged: list[tuple[DeviceArg, int, bool]] = []
        call: list[Any] = []
        with _ACTIVE_LOCK:
            _ACTIVE[:] = [rt]
            _ACTIVE_GM[:] = [self._gm]
            _ERRORS.clear()
            try:
                if not isinstance(rt, _HostThreads):
                    _no_overlap(args, self._what, devs)
                written = self._gm.written
                dev_only = self._gm.device_only if isinstance(rt, _Runtime) else []
                if devs:
                    # (the producers' streams: every stream of the context is done)
                    rt.synchronize()
                    rt.borrowed = [d.span() for d in devs.values() if d.nbytes]
                for i, x in enumerate(args):
                    d = devs.get(i)
                    if d is not None:
                        w = i >= len(written) or written[i]
                        if d.readonly and w:
                            raise ValueError(
                                f"{self._what(i)}: the device array is read-only and "
                                f"@{self.name} may write it (pass a writeable copy)")
                        if not d.nbytes or (i < len(dev_only) and dev_only[i]):
                            # only kernels dereference it: its own address, no copy
                            call.append(host_view(d.ptr, d.shape, d.dtype))
                        else:
                            # the host code reads or writes it too: a managed copy,
                            # made and copied back on the device (cuMemcpyDtoD)
                            p = rt.alloc(d.nbytes)
                            dstaged.append((d, p, w))
                            rt.copy_dtod(p, d.ptr, d.nbytes)
                            call.append(host_view(p, d.shape, d.dtype))
                        continue
                    if isinstance(x, np.ndarray) and not x.flags.writeable:
                        raise ValueError(f"{self._what(i)}: the array is read-only (compiled "
                                         "code works in place; pass a writeable copy)")
                    if isinstance(x, np.ndarray) and x.ndim and x.size:
                        w = i >= len(written) or written[i]
                        if i < len(dev_only) and dev_only[i] and x.flags.c_contiguous:
                            # only kernels touch it: device memory, explicit copies
                            ptr, view = rt.device_like(x)
                            staged.append((x, view, ptr, w, True))
                        else:
                            ptr, view = rt.managed_like(x)
                            staged.append((x, view, ptr, w, False))
                            if isinstance(rt, _Runtime):
                                rt.prefetch(ptr, x.nbytes)
                        call.append(view)
                    else:
                        call.append(x)
                host = self.host
                if devs and host._memref_results:
                    # memref results as device arrays (no copy to the host)
                    host = copy.copy(host)
                    # (the first result of a block owns it; the others copy from it:
                    # nothing freed late, ``later`` unused)
                    host._array = lambda r, outs, k, inputs, freed, later=None, shared=(): \
                        _device_result(rt, r, list(outs[k:k + r.n]), inputs, freed)
                try:
                    out = host(*call)
                except LaunchFailed:
                    # (the host code left after a failed launch: its results are
                    # undefined, and the launch's error is the one to see)
                    raise (_ERRORS[0] if _ERRORS else CodegenError(
                        "a kernel launch failed")) from None
                except AllocationError as e:
                    # the allocator's own reason (a driver error), where it gave one
                    if not _ERRORS:
                        raise
                    raise AllocationError(f"{e.message} ({_one_line(_ERRORS[0])})",
                                          file=e.file, line=e.line, col=e.col
                                          ) from _ERRORS[0]
                if _ERRORS:
                    raise _ERRORS[0]
                rt.synchronize()
                for x, view, ptr, w, on_device in staged:
                    if on_device and w:
                        rt.copy_back(x, ptr)
                    elif view is not x and w:
                        x[...] = view
                if any(w for _, _, w in dstaged):
                    for d, p, w in dstaged:
                        if w:
                            rt.copy_dtod(d.ptr, p, d.nbytes)
                    rt.synchronize()  # (device-to-device copies are asynchronous)
                return out
            finally:
                # free every staged buffer even when one free fails (after a kernel
                # fault the context's error is sticky and each free reports it): the
                # error that ended the call, if any, is the one to see
                failed: BaseException | None = None
                for ptr in [t[2] for t in staged] + [t[1] for t in dstaged]:
                    try:
                        rt.free(ptr)
                    except BaseException as e:
                        failed = failed or e
                if devs:
                    rt.borrowed = []
                _ACTIVE[:] = []
                _ACTIVE_GM[:] = []
                _ERRORS.clear()
                if failed is not None and sys.exc_info()[0] is None:
                    raise failed


def _device_result(rt: Any, r: Any, vals: list[Any], inputs: set[int],
                   freed: set[int]) -> DeviceArray:
    """A memref result of a call given device arrays, as a :class:`DeviceArray`: the
    block the function allocated (managed memory, from ``activity_gpu_malloc``),
    owned by the array; a copy on the device (``cuMemcpyDtoD``) where the result is a
    view of an argument or of another result."""
    lay = r.lay
    alloc, aligned, offset = vals[0], vals[1], vals[2]
    sizes = tuple(vals[3:3 + lay.rank])
    strides = list(vals[3 + lay.rank:])
    dtype = _DTYPES[_elem_key(lay.elem)][0]
    n = 1
    for k in sizes:
        n *= k
    if not n:
        if alloc and alloc != 0xDEADBEEF and alloc not in inputs and alloc not in freed:
            freed.add(alloc)
            rt.free(alloc)
        return DeviceArray(0, sizes, dtype, rt=rt)
    want = _row_major(sizes)
    if any(k != 1 and s != w for k, s, w in zip(sizes, strides, want, strict=True)):
        raise CodegenError(f"a memref result with strides {strides} (shape {sizes}) cannot "
                           "be returned as a device array (C-contiguous only); return a "
                           "contiguous copy (memref.copy into a fresh alloc)")
    ptr = aligned + offset * dtype.itemsize
    if alloc and alloc != 0xDEADBEEF and alloc not in inputs and alloc not in freed:
        freed.add(alloc)
        return DeviceArray(ptr, sizes, dtype, owns=alloc, rt=rt)
    out = DeviceArray.empty(sizes, dtype)
    rt.copy_dtod(out.ptr, ptr, out.nbytes)
    rt.synchronize()
    return out


class PreparedLaunches(PreparedArguments):
    """:meth:`GPUFunction.prepare`: ``run(n)`` makes ``n`` whole calls (staging,
    launches, copies back) on the same argument arrays."""

    def __init__(self, fn: GPUFunction, args: Sequence[Any],
                 restore: Sequence[int] | None = None) -> None:
        super().__init__(args, restore)
        self.fn = fn
        # the device arrays a run may write, with device copies of their contents
        self._device: list[tuple[DeviceArg, DeviceArray]] = []
        if not fn.emulate and not fn.threads:
            for i in range(len(self.args)) if restore is None else restore:
                x = self.args[i]
                if isinstance(x, np.ndarray) or not is_device_array(x):
                    continue
                d = device_arg(x, fn._what(i))
                if d is not None and d.nbytes and not d.readonly:
                    self._device.append((d, DeviceArray.empty(d.shape, d.dtype)))
            if self._device:
                rt = runtime()
                rt.synchronize()
                for d, saved in self._device:
                    rt.copy_dtod(saved.ptr, d.ptr, d.nbytes)
                rt.synchronize()

    def reset(self) -> None:
        super().reset()
        if self._device:
            rt = runtime()
            rt.make_current()
            rt.synchronize()
            for d, saved in self._device:
                rt.copy_dtod(d.ptr, saved.ptr, d.nbytes)
            rt.synchronize()

    def run(self, n: int = 1) -> None:
        for _ in range(n):
            self.fn.call(self.args)


try:  # numpy >= 2
    from numpy.lib.array_utils import byte_bounds as _byte_bounds
except ImportError:  # pragma: no cover - numpy 1.x
    _byte_bounds = np.byte_bounds  # type: ignore[attr-defined]


def _no_overlap(args: Sequence[Any], what: Callable[[int], str],
                devs: dict[int, DeviceArg] | None = None) -> None:
    """Each array is staged into a buffer of its own, so two arguments that share
    memory would stop sharing it: refused, rather than computing something else than
    the CPU does.  (Device arrays are passed as they are, unless the host code
    dereferences them: they are checked too.)"""
    spans = []
    for i, x in enumerate(args):
        d = devs.get(i) if devs else None
        if d is not None:
            if d.nbytes:
                spans.append((*d.span(), i))
        elif isinstance(x, np.ndarray) and x.size:
            lo, hi = _byte_bounds(x)
            spans.append((lo, hi, i))
    spans.sort()
    for (_, hi, i), (lo2, _, j) in zip(spans, spans[1:], strict=False):
        if lo2 < hi:
            raise ValueError(f"{what(min(i, j))} and {what(max(i, j))} share memory: the GPU "
                             "target copies each array to the device on its own; pass "
                             "separate arrays")


def compile_gpu(module: ModuleOp, func: str, opt: int = 3, fill: int | None = None,
                archs: Sequence[str] = ARCHS, emulate: bool = False) -> GPUFunction:
    gm = build_gpu(module, func, opt, fill, archs, emulate)
    return GPUFunction(func, gm, emulate)


def compile_threads(module: ModuleOp, func: str, threads: int, opt: int = 3,
                    fill: int | None = None) -> GPUFunction:
    """The outermost ``scf.parallel`` loops of ``func`` outlined as for the GPU, run on
    ``threads`` host threads (blocked schedule); the rest of ``func`` on the host."""
    gm = build_gpu(module, func, opt, fill, (), emulate=True)
    return GPUFunction(func, gm, emulate=True, threads=threads)


_GPU_CACHE: dict[tuple[Any, ...], GPUModule] = {}
_CLEARERS.append(_GPU_CACHE.clear)


def build_gpu(module: ModuleOp, func: str, opt: int = 3, fill: int | None = None,
              archs: Sequence[str] = ARCHS, emulate: bool = False) -> GPUModule:
    """Outline the kernels, emit their PTX, JIT the host part (and, with ``emulate``,
    host versions of the kernels)."""
    from activity.tensor import loops, opts

    key = (module_key(module) + locations_key(module), func, opt, fill, tuple(archs), emulate,
           opts.state(), loops.flags())
    hit = _GPU_CACHE.get(key)
    if hit is not None:
        return hit
    init_llvm()
    # (recover: a failed cf.assert in the host part raises, as in compile_cpu's code;
    # inside a kernel on the device it traps, on host threads it raises)
    host_ml = ModuleLowering(module, Target("cpu", llvm.get_process_triple(), host_layout(opt),
                                            fill=fill, malloc="activity_gpu_malloc",
                                            free="activity_gpu_free", recover=True), name=func)
    fop = host_ml.program.functions.get(func)
    if fop is None:
        raise CodegenError(f"no function @{func} in the module")
    kml, kernels = kernel_module(module, fop, func, opt)
    by_op = {id(k.op): k for k in kernels}
    kernel_ir = str(kml.ir)
    needs_lib = any(f.name.startswith("__nv_") for f in kml.ir.functions)
    ptx = {arch: to_ptx(kernel_ir, arch, opt, needs_lib) for arch in archs}
    register(kernels)
    emulator = _emulated_kernels(module, func, kernels, opt) if emulate else None

    def hook(fl: FuncLowering, op: Operation) -> bool:
        k = by_op.get(id(op))
        if k is None or fl.fop is not fop:
            return False
        emit_launch(fl, k)
        return True

    host_ml.parallel_hook = hook
    pops = {id(op) for op in outermost_parallels(fop)}

    def alloc_hook(fl: FuncLowering, op: Operation) -> str | None:
        # a buffer of the function that only kernels dereference (a tape, a shadow, a
        # temporary) lives in device memory: no page faults, no migration
        if fl.fop is not fop or fill is not None or op_name(op) != "memref.alloc":
            return None
        if in_kernel(op, pops) or host_derefs(op.results[0], pops, dealloc_ok=True):
            return None
        return "activity_gpu_malloc_device"

    host_ml.alloc_hook = alloc_hook
    irmod = host_ml.lower([func])
    _, ins, outs = host_ml.signature(fop)
    add_wrapper(irmod, func, ins, outs)
    _runtime_symbols()
    with _LOCK:
        engine, _ = jit_module(str(irmod), opt)
    # like the CPU target: every call starts from the globals' initial values
    engine.snapshot_globals([(g.name, _global_size(g)) for g in host_ml.gvars.values()
                             if not g.global_constant])
    host = CompiledFunction(engine, func, ins, outs, engine, llvm_ir=str(irmod))
    host.free_fn = _free_cb  # memref results come from activity_gpu_malloc
    set_pointees(host, fop)  # argument errors name @func's arguments; pointer checks
    if RECORD in irmod.globals:  # (host sites, or only looks after launches)
        host.checks = Checks(engine.ee.get_global_value_address(RECORD), host_ml.check_sites)
    gm = GPUModule(host, kernels, kernel_ir, ptx, emulator, written_args(fop),
                   device_only_args(fop))
    _GPU_CACHE[key] = gm
    return gm


def _emulated_kernels(module: ModuleOp, func: str, kernels: list[Kernel], opt: int) -> Any:
    """The kernels compiled for the host, each behind ``emu_<kernel>(ptr params, i64
    tid, i64 ntid, i64 ctaid, i64 nctaid)`` reading cuLaunchKernel-style params."""
    # (recover: a failed cf.assert leaves the kernel and is raised after the launch)
    eml = ModuleLowering(module, Target("cpu", llvm.get_process_triple(), host_layout(opt),
                                        atomics=True, recover=True), name=f"{func}_emulated")
    shadow = [Kernel(k.name, k.op, k.params, k.reductions, k.local) for k in kernels]
    plain: dict[str, list[SSAValue]] = {}
    for k in kernels:
        k.private = add_only_params(k)
        if k.private:  # a variant updating those buffers without atomics
            pk = Kernel(k.name + PRIVATE_SUFFIX, k.op, k.params, k.reductions, k.local)
            shadow.append(pk)
            plain[pk.name] = [k.params[i] for i in k.private]
    for k in shadow:
        fn = lower_kernel(eml, k, emulate=True, plain=plain.get(k.name, ()))
        w = ir.Function(eml.ir, ir.FunctionType(VOID, [PTR] + [I64] * (len(SREGS) + 1)),
                        name=f"emu_{k.name}")
        b = ir.IRBuilder(w.append_basic_block("entry"))
        params = w.args[0]
        args = []
        n = len(fn.args) - len(SREGS) - 1
        for i, t in enumerate(fn.function_type.args[:n]):
            slot = b.load(b.gep(params, [ir.Constant(I64, i)], source_etype=PTR), typ=PTR)
            args.append(b.load(slot, typ=t))
        b.call(fn, args + list(w.args[1:]))
        b.ret_void()
    define_callees(eml, shadow)
    with _LOCK:
        engine, _ = jit_module(str(eml.ir), opt)
    fns = {}
    for k in shadow:
        addr = engine.get_function_address(f"emu_{k.name}")
        fns[k.name] = ctypes.CFUNCTYPE(None, ctypes.c_void_p, *[ctypes.c_int64] * 5)(addr)
    checks = None
    if eml.check_sites:
            # a site's function: the user's, not the kernel outlined from it
        sites = [(kind, op, function_of(op) or fn) for kind, op, fn in eml.check_sites]
        checks = Checks(engine.ee.get_global_value_address(RECORD), sites)
    return engine, fns, checks


# ---------------------------------------------------------------------------------------
# Runtime (CUDA driver API through cuda-python; only imported when running)

_KERNELS: list[Kernel] = []
_REG_LOCK = threading.Lock()


def register(kernels: list[Kernel]) -> None:
    with _REG_LOCK:
        for k in kernels:
            k.kid = len(_KERNELS)
            _KERNELS.append(k)


_LAUNCH_T = ctypes.CFUNCTYPE(None, ctypes.c_int64, ctypes.c_void_p, ctypes.c_int64,
                             ctypes.c_void_p)
_MALLOC_T = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_int64)
_FREE_T = ctypes.CFUNCTYPE(None, ctypes.c_void_p)


_ACTIVE: list[Any] = []  # the runtime of the call in progress
_ACTIVE_LOCK = threading.RLock()


def _current() -> Any:
    return _ACTIVE[0] if _ACTIVE else runtime()


_ERRORS: list[BaseException] = []  # raised in a launch of the call in progress
_ACTIVE_GM: list[GPUModule] = []  # the module of the call in progress


def _launch_cb(kid: int, params: int, total: int, red: int) -> None:
    # an exception cannot cross the ctypes callback (ctypes would print and drop it):
    # keep it, skip the remaining launches, and let GPUFunction.call raise it
    if _ERRORS:
        return
    try:
        _current().launch(_KERNELS[kid], params, total, red)
    except BaseException as e:
        _ERRORS.append(e)
        checks = _ACTIVE_GM[0].host.checks if _ACTIVE_GM else None
        if checks is not None:  # the host code leaves after the launch (and raises
            checks.record[0] = LAUNCH_FAILED  # LaunchFailed, which call turns into e)


PREFETCH_MIN = 1 << 20  # bytes: smaller allocations of the host code are not prefetched
_HOST = ctypes.CDLL(None)
_HOST.malloc.restype = ctypes.c_void_p
_HOST.malloc.argtypes = [ctypes.c_size_t]
_HOST.free.argtypes = [ctypes.c_void_p]


def _allocate(n: int, device: bool) -> int:
    # A failed allocation must not cross the callback (ctypes would print and drop
    # the error): keep it and return NULL.  The host code checks every block it
    # allocates (Target.recover: lowering.memref.check_allocated), leaves before any
    # kernel runs, and GPUFunction.call raises an AllocationError naming the op, with
    # this error as its cause.  (The sizes are checked before the call: never
    # negative, below 2**47 bytes.)
    try:
        rt = _current()
        on_device = device and isinstance(rt, _Runtime)
        p = rt.alloc_device(max(1, n)) if on_device else rt.alloc(max(1, n))
        if not p:
            raise MemoryError(f"allocating {n} bytes returned NULL")
        if (not device and isinstance(rt, _Runtime) and rt.prefetch_allocs
                and n >= PREFETCH_MIN):
            # a large block the function allocates (a tape, a shadow) is mostly the
            # kernels' to write: have its pages made on the device now rather than one
            # fault at a time in the first kernel that touches them
            rt.prefetch(p, n)
        return p
    except BaseException as e:
        if not _ERRORS:
            _ERRORS.append(e)
        return 0


def _malloc_cb(n: int) -> int:
    return _allocate(n, device=False)


def _malloc_device_cb(n: int) -> int:
    # a buffer only kernels dereference: device memory on a device (the emulator and
    # host threads hand out host memory, as for any allocation)
    return _allocate(n, device=True)


def _free_cb(p: int) -> None:
    if not p:
        return
    try:
        _current().free(p)
    except BaseException as e:
        if not _ERRORS:
            _ERRORS.append(e)


_CALLBACKS = (_LAUNCH_T(_launch_cb), _MALLOC_T(_malloc_cb), _FREE_T(_free_cb),
              _MALLOC_T(_malloc_device_cb))
_SYMBOLS_DONE = False


def _runtime_symbols() -> None:
    global _SYMBOLS_DONE
    if _SYMBOLS_DONE:
        return
    for name, cb in zip(("activity_gpu_launch", "activity_gpu_malloc", "activity_gpu_free",
                         "activity_gpu_malloc_device"), _CALLBACKS, strict=True):
        llvm.add_symbol(name, ctypes.cast(cb, ctypes.c_void_p).value)
    _SYMBOLS_DONE = True


class CudaUnavailable(ActivityError, RuntimeError):
    """No CUDA device, driver or cuda-python: GPU code can be emitted but not run."""


def _one_line(e: BaseException) -> str:
    text = " ".join(str(e).split())
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


class _Runtime:
    def __init__(self) -> None:
        try:
            from cuda.bindings import driver as cu  # cuda-python >= 12.6
        except ImportError:
            try:
                from cuda import cuda as cu  # type: ignore[no-redef]  # older cuda-python
            except ImportError:
                raise CudaUnavailable("cuda-python is not installed (pip install "
                                      "cuda-python); the PTX is in .ptx") from None
        self.cu = cu
        try:
            self._check(cu.cuInit(0))
            n = self._check(cu.cuDeviceGetCount())
        except Exception as e:  # noqa: BLE001 - cuda-python's own "no driver" error
            raise CudaUnavailable(f"the CUDA driver is not usable here ({_one_line(e)}); "
                                  "run on the host with target='cpu' (threads=n) or "
                                  "emulate=True; the PTX is in .ptx") from None
        if not n:
            raise CudaUnavailable("no CUDA device; run on the host with target='cpu' "
                                  "(threads=n) or emulate=True; the PTX is in .ptx")
        self.ordinal = 0  # the device the context is on (device arrays are checked)
        self.dev = self._check(cu.cuDeviceGet(self.ordinal))
        major = self._check(cu.cuDeviceGetAttribute(
            cu.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, self.dev))
        self.arch = "sm_90" if major >= 9 else "sm_80"
        self.ctx = self._check(cu.cuDevicePrimaryCtxRetain(self.dev))
        self._check(cu.cuCtxSetCurrent(self.ctx))
        self.modules: dict[int, Any] = {}
        self.sms = self._check(cu.cuDeviceGetAttribute(
            cu.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, self.dev))
        # kernels that use mutable globals read and write the host's copy (HMM / ATS)
        self.pageable = bool(self._check(cu.cuDeviceGetAttribute(
            cu.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS, self.dev)))
        # time spent in kernels (launch to synchronize) and launches since the last
        # reset, so that a benchmark can tell kernel time from staging and host code
        self.kernel_s = 0.0
        self.launches = 0
        self.prefetch_error: str | None = None  # why prefetching was given up, if it was
        self.prefetch_allocs = True  # prefetch the function's own large allocations
        self.regions: dict[int, int] = {}  # live driver allocations: address -> bytes
        # the device arrays of the call in progress (others' CUDA memory): (low, high)
        self.borrowed: list[tuple[int, int]] = []

    def prefetch(self, p: int, n: int) -> None:
        """Move ``n`` bytes of managed memory at ``p`` to the device ahead of the first
        kernel, so the kernels do not fault the pages over one by one.  Only a hint:
        if the driver refuses (the call changed between CUDA 12 and 13), say why once
        in ``prefetch_error`` and go on without."""
        if self.prefetch_error is not None or n <= 0:
            return
        cu = self.cu
        try:
            if hasattr(cu, "CUmemLocation"):
                loc = cu.CUmemLocation()
                loc.type = cu.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE
                loc.id = 0  # device 0, the one the context is on
                try:
                    self._check(cu.cuMemPrefetchAsync(p, n, loc, 0, 0))  # CUDA 13
                    return
                except TypeError:
                    pass
            self._check(cu.cuMemPrefetchAsync(p, n, self.dev, 0))  # CUDA 12
        except Exception as e:
            self.prefetch_error = f"{type(e).__name__}: {e}"

    def _check(self, res: Any, what: str = "") -> Any:
        err, *rest = res if isinstance(res, tuple) else (res,)
        if int(err) != 0:
            name = getattr(err, "name", None) or str(err)
            raise RuntimeError(f"CUDA driver error {name} ({int(err)})"
                               + (f" in {what}" if what else ""))
        return rest[0] if len(rest) == 1 else (tuple(rest) if rest else None)

    def load(self, gm: GPUModule) -> None:
        self._check(self.cu.cuCtxSetCurrent(self.ctx))  # current per thread
        if id(gm) in self.modules:
            return
        ptx = gm.ptx.get(self.arch) or next(iter(gm.ptx.values()))
        mod = self._check(self.cu.cuModuleLoadData(ptx.encode() + b"\0"))
        for k in gm.kernels:
            k.functions[self.arch] = self._check(
                self.cu.cuModuleGetFunction(mod, k.name.encode()))
        self.modules[id(gm)] = mod

    def alloc(self, n: int) -> int:
        try:
            p = self._check(self.cu.cuMemAllocManaged(
                n, self.cu.CUmemAttach_flags.CU_MEM_ATTACH_GLOBAL.value))
        except RuntimeError as e:
            raise RuntimeError(f"cuMemAllocManaged of {n} bytes failed: {e}") from None
        self.regions[int(p)] = n
        return int(p)

    def free(self, p: int) -> None:
        self.regions.pop(int(p), None)
        self._check(self.cu.cuMemFree(p))

    def alloc_device(self, n: int) -> int:
        try:
            p = int(self._check(self.cu.cuMemAlloc(n), f"cuMemAlloc({n})"))
        except RuntimeError as e:
            raise RuntimeError(f"allocating {n} bytes of device memory failed: {e}"
                               ) from None
        self.regions[p] = n
        return p

    def device_like(self, x: np.ndarray) -> tuple[int, np.ndarray]:
        """A device-memory copy of the C-contiguous ``x`` and an array object over its
        address, for the host code to build the descriptor from (never to read: the
        host cannot dereference device memory)."""
        p = self.alloc_device(x.nbytes)
        try:
            self._check(self.cu.cuMemcpyHtoD(p, x.ctypes.data, x.nbytes), "cuMemcpyHtoD")
        except BaseException:
            self.free(p)
            raise
        view = np.frombuffer((ctypes.c_char * x.nbytes).from_address(p),
                             dtype=x.dtype).reshape(x.shape)
        return p, view

    def copy_htod(self, dst: int, src: int, n: int) -> None:
        self._check(self.cu.cuMemcpyHtoD(dst, src, n), "cuMemcpyHtoD")

    def copy_dtoh(self, dst: int, src: int, n: int) -> None:
        self._check(self.cu.cuMemcpyDtoH(dst, src, n), "cuMemcpyDtoH")

    def copy_dtod(self, dst: int, src: int, n: int) -> None:
        self._check(self.cu.cuMemcpyDtoD(dst, src, n), "cuMemcpyDtoD")

    def memset(self, p: int, byte: int, n: int) -> None:
        self._check(self.cu.cuMemsetD8(p, byte, n), "cuMemsetD8")

    def make_current(self) -> None:
        self._check(self.cu.cuCtxSetCurrent(self.ctx))  # (current per thread)

    def pointer_device(self, p: int) -> int:
        """The ordinal of the device the CUDA memory at ``p`` belongs to (a
        RuntimeError when the driver knows no such memory: host memory)."""
        return int(self._check(self.cu.cuPointerGetAttribute(
            self.cu.CUpointer_attribute.CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL, p),
            "cuPointerGetAttribute"))

    def copy_back(self, x: np.ndarray, p: int) -> None:
        self._check(self.cu.cuMemcpyDtoH(x.ctypes.data, p, x.nbytes), "cuMemcpyDtoH")

    def managed_like(self, x: np.ndarray) -> tuple[int, np.ndarray]:
        p = self.alloc(x.nbytes)
        buf = (ctypes.c_char * x.nbytes).from_address(p)
        view = np.frombuffer(buf, dtype=x.dtype).reshape(x.shape)
        view[...] = x
        return p, view

    def synchronize(self) -> None:
        self._check(self.cu.cuCtxSynchronize())

    def launch(self, k: Kernel, params: int, total: int, red: int) -> None:
        if total <= 0:
            return
        nred = len(k.reductions)
        dred = 0
        if nred:
            dred = self.alloc(8 * nred)
            ctypes.memmove(dred, red, 8 * nred)
            slot = ctypes.cast(params, ctypes.POINTER(ctypes.c_void_p))[k.n_flat]
            ctypes.c_void_p.from_address(slot).value = dred
        staged: list[tuple[int, int, int]] = []  # (host address, managed copy, bytes)
        keep: list[Any] = []
        try:
            if not self.pageable:
                params = self._stage_host_buffers(k, params, staged, keep)
            self.synchronize()
            grid = max(1, min((total + BLOCK - 1) // BLOCK, 32 * self.sms))
            t0 = time.perf_counter()
            self._check(self.cu.cuLaunchKernel(k.functions[self.arch], grid, 1, 1, BLOCK, 1,
                                               1, 0, 0, params, 0),
                        f"launching kernel {k.name} ({grid} x {BLOCK} threads)")
            self._check(self.cu.cuCtxSynchronize(), f"kernel {k.name}")
            self.kernel_s += time.perf_counter() - t0
            self.launches += 1
            if nred:
                ctypes.memmove(red, dred, 8 * nred)
            for host, dev, n in staged:
                ctypes.memmove(host, dev, n)
        finally:
            if nred:
                self.free(dred)
            for _, dev, _ in staged:
                self.free(dev)

    def _ours(self, a: int) -> bool:
        """Whether ``a`` is CUDA memory: a driver allocation of this runtime or a
        device array of the call in progress."""
        return any(q <= a < q + n for q, n in self.regions.items()) or any(
            lo <= a < hi for lo, hi in self.borrowed)

    def _stage_host_buffers(self, k: Kernel, params: int,
                            staged: list[tuple[int, int, int]], keep: list[Any]) -> int:
        """A device that cannot reach pageable host memory (no HMM/ATS) cannot read a
        kernel parameter that points into host memory -- a mutable global (through a
        view or a yield too), a rank-0 array, a host ``alloca``: give the kernel managed
        copies instead, one per union of overlapping host ranges (so aliases stay
        aliases), copied back after the kernel.  What is host memory is read off the
        addresses (not a driver allocation of this runtime), not guessed from the IR.
        The host's copies stay the ones the host code sees between launches.  Returns
        the address of a parameter array whose descriptors point to the copies."""
        slots = ctypes.cast(params, ctypes.POINTER(ctypes.c_void_p))
        nslots = k.n_flat + (1 if k.reductions else 0)
        arr = (ctypes.c_void_p * nslots)(*[slots[j] for j in range(nslots)])
        keep.append(arr)
        host: list[tuple[int, int, int]] = []  # (first slot, low, high address)
        o = 0
        for v in k.params:
            width = len(flat_types(v.type))
            if isinstance(v.type, MemRefType):
                e = _extent(slots, o, len(v.type.get_shape()),
                            elem_size(value_type(v.type.element_type)))
                if e is None:
                    raise CudaUnavailable(
                        f"kernel {k.name}: cannot bound a buffer in host memory (negative "
                        "strides), and this device cannot access pageable host memory")
                a, m, sz = e
                if m and not self._ours(a):
                    host.append((o, a, a + m * sz))
            elif isinstance(v.type, LLVMPointerType):
                a = ctypes.c_void_p.from_address(slots[o]).value or 0
                if a and not self._ours(a):
                    raise CudaUnavailable(
                        f"kernel {k.name}: a pointer into host memory (an llvm global or "
                        "alloca), and this device cannot access pageable host memory")
            o += width
        unions: list[list[int]] = []
        for _, lo, hi in sorted(host, key=lambda t: t[1]):
            if unions and lo < unions[-1][1]:
                unions[-1][1] = max(unions[-1][1], hi)
            else:
                unions.append([lo, hi])
        devs: list[tuple[int, int, int]] = []
        for lo, hi in unions:
            dev = self.alloc(hi - lo)
            staged.append((lo, dev, hi - lo))
            ctypes.memmove(dev, lo, hi - lo)
            devs.append((lo, hi, dev))
        for o, lo, _ in host:
            ulo, _, dev = next(u for u in devs if u[0] <= lo < u[1])
            for f in (o, o + 1):  # allocated and aligned pointer
                holder = ctypes.c_void_p(dev + (lo - ulo))
                keep.append(holder)
                arr[f] = ctypes.addressof(holder)
        return ctypes.addressof(arr)


class _Emulator:
    """Runs the host-compiled kernels over a small simulated grid (2 blocks of 3
    threads, so the grid-stride loop and the per-thread reductions are exercised);
    "managed" memory is plain host memory."""

    GRID, BLOCK = 2, 3
    _libc = ctypes.CDLL(None)
    _libc.malloc.restype = ctypes.c_void_p
    _libc.malloc.argtypes = [ctypes.c_size_t]
    _libc.free.argtypes = [ctypes.c_void_p]

    def __init__(self) -> None:
        self.fns: dict[str, Any] = {}

    def load(self, gm: GPUModule) -> None:
        if gm.emulator is None:
            raise CodegenError("compiled without emulate=True")
        self.gm = gm
        self.fns = gm.emulator[1]

    def raise_failure(self) -> None:
        """Raise the assertion a kernel of the last launch failed, if one did."""
        checks = self.gm.emulator[2]
        if checks is not None:
            checks.raise_failure()

    def clear_failure(self) -> None:
        """Forget what an earlier launch left in the kernels' record: one that ended
        in another error (an interrupt) never read it (review: the next call raised
        the old assertion)."""
        checks = self.gm.emulator[2]
        if checks is not None:
            for k in range(4):
                checks.record[k] = 0

    def alloc(self, n: int) -> int:
        return int(self._libc.malloc(max(1, n)))

    def free(self, p: int) -> None:
        self._libc.free(p)

    def managed_like(self, x: np.ndarray) -> tuple[int, np.ndarray]:
        p = self.alloc(x.nbytes)
        view = np.frombuffer((ctypes.c_char * x.nbytes).from_address(p),
                             dtype=x.dtype).reshape(x.shape)
        view[...] = x
        return p, view

    def synchronize(self) -> None:
        pass

    def launch(self, k: Kernel, params: int, total: int, red: int) -> None:
        if total <= 0:
            return
        self.clear_failure()
        nred = len(k.reductions)
        if nred:
            slot = ctypes.cast(params, ctypes.POINTER(ctypes.c_void_p))[k.n_flat]
            ctypes.c_void_p.from_address(slot).value = red
        fn = self.fns[k.name]
        for block in range(self.GRID):
            for t in range(self.BLOCK):
                fn(params, t, self.BLOCK, block, self.GRID, 0)
        self.raise_failure()


def _extent(slots: Any, o: int, rank: int, esize: int) -> tuple[int, int, int] | None:
    """``(aligned address, elements from it the descriptor can reach, element size)``
    of the memref descriptor whose fields the kernelParams ``slots[o:]`` point to; None
    for negative strides."""
    aligned = ctypes.c_void_p.from_address(slots[o + 1]).value or 0
    offset = ctypes.c_int64.from_address(slots[o + 2]).value
    sizes = [ctypes.c_int64.from_address(slots[o + 3 + d]).value for d in range(rank)]
    strides = [ctypes.c_int64.from_address(slots[o + 3 + rank + d]).value
               for d in range(rank)]
    if offset < 0 or any(st < 0 for st in strides):
        return None
    if any(sz <= 0 for sz in sizes):
        return aligned, 0, esize
    return aligned, offset + 1 + sum((sz - 1) * st for sz, st in zip(sizes, strides,
                                                                       strict=True)), esize


_NP_FLOAT = {8: np.float64, 4: np.float32, 2: np.float16}


class _PrivatePlan:
    """Zeroed private copies of a launch's add-only buffers for threads 1..n-1, their
    parameter arrays, and the sum into the real buffers afterwards."""

    def __init__(self, slots: Any, nslots: int,
                 bufs: list[tuple[int, tuple[int, int, int], Any]], n: int) -> None:
        self.arrays: list[Any] = []
        self.copies: list[tuple[int, int, int, list[np.ndarray]]] = []
        keep: list[Any] = []
        per_thread: list[list[tuple[int, np.ndarray]]] = [[] for _ in range(n - 1)]
        for o, (addr, m, sz), _t in bufs:
            mine = [_BLOCKS.zeros(m, _NP_FLOAT[sz]) for _ in range(n - 1)]
            self.copies.append((addr, m, sz, mine))
            for t in range(n - 1):
                per_thread[t].append((o, mine[t]))
        for t in range(n - 1):
            arr = (ctypes.c_void_p * nslots)(*[slots[j] for j in range(nslots)])
            for o, buf in per_thread[t]:
                for f in (o, o + 1):  # allocated and aligned pointer
                    holder = ctypes.c_void_p(buf.ctypes.data)
                    keep.append(holder)
                    arr[f] = ctypes.addressof(holder)
            self.arrays.append(ctypes.cast(arr, ctypes.c_void_p).value)
            keep.append(arr)
        self._keep = keep

    def reduce(self) -> None:
        for addr, m, sz, mine in self.copies:
            if not m:
                continue
            real = np.frombuffer((ctypes.c_char * (m * sz)).from_address(addr),
                                 dtype=_NP_FLOAT[sz])
            for buf in mine:
                real += buf

    def give_back(self) -> None:
        """The private copies, summed in, go back to the cache for the next launch."""
        for _, _, _, mine in self.copies:
            for buf in mine:
                _BLOCKS.give_back(buf)
        self.copies = []


_POOL: ThreadPoolExecutor | None = None
_POOL_SIZE = 0
_POOL_LOCK = threading.Lock()


def _submit(n: int, work: Any, blocks: range) -> list[Future[None]]:
    """Queue ``work(t)`` for each ``t`` in ``blocks`` on the host threads' shared pool of
    at least ``n`` workers, started once and kept: starting an OS thread per launch cost
    0.4-0.5 ms on this project's machine, and LBM's primal launches 17 kernels per call
    (on two threads, per call, side by side in one process: primal 23.9 ms with a thread
    per launch, 16.9 ms with the pool; pruned gradient 61 and 46 ms).  The blocks are
    queued under the pool's lock, so a larger request that replaces the pool meanwhile
    lets them run (a shut-down pool finishes what it was given).  Calls of compiled
    functions are serialized anyway (``_ACTIVE_LOCK``)."""
    global _POOL, _POOL_SIZE
    with _POOL_LOCK:
        if _POOL is None or _POOL_SIZE < n:
            old, _POOL, _POOL_SIZE = _POOL, ThreadPoolExecutor(
                max_workers=n, thread_name_prefix="activity-host"), n
            if old is not None:
                old.shutdown(wait=False)
        return [_POOL.submit(work, t) for t in blocks]


def _forget_pool() -> None:
    """In a forked child the pool's threads do not exist: start a new one on demand."""
    global _POOL, _POOL_SIZE, _POOL_LOCK
    _POOL, _POOL_SIZE, _POOL_LOCK = None, 0, threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_pool)


def _wait_all(futures: Sequence[Future[None]]) -> None:
    """Wait for every block, even through Ctrl-C (re-raised afterwards): a launch must
    not return while a block still writes into the caller's arrays."""
    interrupted: BaseException | None = None
    pending = list(futures)
    while pending:
        try:
            wait(pending)
            pending = []
        except KeyboardInterrupt as e:
            interrupted = e
            pending = [f for f in pending if not f.done()]
    if interrupted is not None:
        raise interrupted


class _BlockCache:
    """Freed host blocks kept for the next call (host threads).

    Why: with host threads, the function's own allocations (its tapes, temporaries)
    come through the ``activity_gpu_malloc`` callback, not the heap cache compiled into
    CPU modules (``codegen/heap.py``), and glibc maps a block above its mmap threshold
    afresh every call, so every call page-faults its tapes in again (without
    ``keep_freed_memory()``, on two threads, the ``all_active`` gradients took 111-116
    ms for XSBench and 86 ms for LBM; with this cache 63-79 and 41-50 ms).  A freed
    block of at least ``CACHE_MIN`` bytes is kept (at most ``CACHE_SLOTS`` blocks,
    ``CACHE_BYTES`` in all, as in the heap cache) and
    handed to the next allocation it fits, at most twice the size asked for.  The
    zeroed private copies of a launch (``_PrivatePlan``) are kept the same way, as numpy
    arrays, and zeroed again when reused.  ``clear_cache()`` frees them all."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sizes: dict[int, int] = {}  # blocks handed out (cacheable ones): size
        self._blocks: list[tuple[int, int]] = []  # kept: (size, address)
        self._arrays: list[np.ndarray] = []  # kept private copies
        self._kept = 0

    def _fits(self, size: int) -> bool:
        return (len(self._blocks) + len(self._arrays) < CACHE_SLOTS
                and self._kept + size <= CACHE_BYTES)

    def alloc(self, n: int) -> int:
        n = max(1, n)
        if n >= CACHE_MIN:
            with self._lock:
                best = None
                for i, (size, _) in enumerate(self._blocks):
                    if n <= size <= 2 * n and (best is None or size < self._blocks[best][0]):
                        best = i
                if best is not None:
                    size, p = self._blocks.pop(best)
                    self._kept -= size
                    self._sizes[p] = size
                    return p
        p = int(_HOST.malloc(n) or 0)
        if p and n >= CACHE_MIN:
            with self._lock:
                self._sizes[p] = n
        return p

    def free(self, p: int) -> None:
        with self._lock:
            size = self._sizes.pop(p, None)
            if size is not None and self._fits(size):
                self._blocks.append((size, p))
                self._kept += size
                return
        _HOST.free(p)

    def zeros(self, m: int, dtype: Any) -> np.ndarray:
        kept: np.ndarray | None = None
        if m * np.dtype(dtype).itemsize >= CACHE_MIN:
            with self._lock:
                for i, a in enumerate(self._arrays):
                    if a.size == m and a.dtype == dtype:
                        kept = self._arrays.pop(i)
                        self._kept -= kept.nbytes
                        break
        if kept is None:
            return np.zeros(m, dtype=dtype)
        kept.fill(0)
        return kept

    def give_back(self, a: np.ndarray) -> None:
        if a.nbytes >= CACHE_MIN:
            with self._lock:
                if self._fits(a.nbytes):
                    self._arrays.append(a)
                    self._kept += a.nbytes

    def release(self) -> None:
        with self._lock:
            blocks, self._blocks, self._arrays, self._kept = self._blocks, [], [], 0
        for _, p in blocks:
            _HOST.free(p)

    def after_fork(self) -> None:
        self._lock = threading.Lock()


_BLOCKS = _BlockCache()
_CLEARERS.append(_BLOCKS.release)
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_BLOCKS.after_fork)


class _HostThreads(_Emulator):
    """``compile(..., target="cpu", threads=n)``: the kernels run on ``n`` host threads
    at once (ctypes releases the GIL during each call), each over one contiguous block
    of the iteration space; buffers are the caller's arrays, used in place.  The
    kernels were compiled with real atomics (``atomicrmw``), like the GPU's."""

    def __init__(self, threads: int) -> None:
        super().__init__()
        self.threads = threads

    def managed_like(self, x: np.ndarray) -> tuple[int, np.ndarray]:
        return 0, x

    def alloc(self, n: int) -> int:
        return _BLOCKS.alloc(n)

    def free(self, p: int) -> None:
        if p:
            _BLOCKS.free(p)

    def launch(self, k: Kernel, params: int, total: int, red: int) -> None:
        if total <= 0:
            return
        self.clear_failure()
        if k.reductions:
            slot = ctypes.cast(params, ctypes.POINTER(ctypes.c_void_p))[k.n_flat]
            ctypes.c_void_p.from_address(slot).value = red
        fn = self.fns[k.name]
        n = max(1, min(self.threads, total))
        chunk = -(-total // n)
        if n == 1:
            fn(params, 0, 1, 0, 1, chunk)
            self.raise_failure()
            return
        errors: list[BaseException] = []
        plan = self._private_plan(k, params, n)
        if plan is not None:
            fn = self.fns[k.name + PRIVATE_SUFFIX]
        arrays = [params] + ([] if plan is None else plan.arrays)

        def work(t: int) -> None:
            try:
                fn(arrays[t] if plan is not None else params, 0, 1, t, n, chunk)
            except BaseException as e:  # pragma: no cover - ctypes reports, not raises
                errors.append(e)

        futures = _submit(n - 1, work, range(1, n))
        try:
            work(0)
        finally:
            _wait_all(futures)
        if errors:
            raise errors[0]
        if plan is not None:
            try:
                self.raise_failure()  # (before the private copies are summed)
                plan.reduce()
            finally:
                plan.give_back()
        else:
            self.raise_failure()

    def _private_plan(self, k: Kernel, params: int, n: int) -> _PrivatePlan | None:
        """Per-thread parameter arrays in which the add-only buffers of ``k`` (see
        ``add_only_params``) are zeroed private copies (thread 0 keeps the real ones);
        None -- atomics then -- when there are none, when one may overlap another
        buffer argument of the launch, or when the copies would exceed
        ``PRIVATE_BUDGET``."""
        if not k.private or (k.name + PRIVATE_SUFFIX) not in self.fns:
            return None
        slots = ctypes.cast(params, ctypes.POINTER(ctypes.c_void_p))
        first: list[int] = []
        o = 0
        for v in k.params:
            first.append(o)
            o += len(flat_types(v.type))
        extents: dict[int, tuple[int, int, int]] = {}  # param -> (address, elems, size)
        for i, v in enumerate(k.params):
            if not isinstance(v.type, MemRefType):
                continue
            e = _extent(slots, first[i], len(v.type.get_shape()), elem_size(
                value_type(v.type.element_type)))
            if e is None:
                return None  # a range we cannot bound: no overlap check possible
            extents[i] = e
        total = 0
        for i in k.private:
            a, m, sz = extents[i]
            total += (n - 1) * m * sz
            for j, (b, mj, szj) in extents.items():
                if j != i and mj and m and a < b + mj * szj and b < a + m * sz:
                    return None  # another argument may see the same memory
        if total > PRIVATE_BUDGET:
            return None
        return _PrivatePlan(slots, k.n_flat + (1 if k.reductions else 0),
                            [(first[i], extents[i], value_type(k.params[i].type.element_type))
                             for i in k.private], n)


_RT: _Runtime | None = None


def runtime() -> _Runtime:
    global _RT
    if _RT is None:
        _RT = _Runtime()
    return _RT


gpu_arrays.RUNTIME[:] = [runtime]


def device_available() -> bool:
    try:
        runtime()
    except Exception:
        return False
    return True


def kernel_ptx(module: ModuleOp, func: str, arch: str = "sm_80", opt: int = 3) -> str:
    """The PTX of ``func``'s kernels for one architecture."""
    return build_gpu(module, func, opt, None, (arch,)).ptx[arch]


__all__ = ["ARCHS", "CudaUnavailable", "DeviceArray", "GPUFunction", "compile_gpu",
           "device_available", "kernel_ptx", "to_device", "ptxas", "F64",
           # (compile-time parts, in gpu_kernels, gpu_ptx and gpu_buffers)
           "NVPTX_TRIPLE", "Kernel", "add_only_params", "device_only_args", "emit_launch",
           "find_libdevice", "kernel_may_fail", "kernel_module", "live_ins", "lower_kernel",
           "nvptx_machine", "outermost_parallels", "reduction_of", "to_ptx", "written_args"]
