"""Arrays that stay on the device: CUDA device arrays passed to GPU functions (and
their gradients) without copies, and :class:`DeviceArray`, what they return.

A GPU function (``compile(..., target="gpu")``) and a GPU gradient take, for a memref
parameter, any object exposing CUDA memory through one of the standard protocols:

* ``__cuda_array_interface__`` (versions 0 to 3: CuPy, Numba, PyTorch CUDA tensors):
  ``data`` (pointer, read-only flag), ``shape``, ``typestr``, ``strides`` (``None``,
  or the C-contiguous strides; anything else is refused), no ``mask``, and ``stream``
  (v3, see below);
* DLPack (``__dlpack__`` and ``__dlpack_device__``: CuPy, JAX, PyTorch) with device
  type ``kDLCUDA`` (or ``kDLCUDAManaged``): the capsule's ``DLTensor`` is read in
  place (a versioned capsule when the producer makes one, whose read-only flag is
  honoured), kept alive for the call and never consumed, so the producer keeps
  ownership.

JAX arrays are immutable: they count as read-only (an argument the function may write
is refused; a gradient copies what it writes).

:func:`device_arg` reads either into a :class:`DeviceArg` (pointer, shape, dtype,
read-only flag); the function's own checks (dtype, rank, static sizes: errors naming
the argument) then run on a numpy array object built over the device address, which
the host code only uses for the memref descriptor.  The driver tells which device the
pointer is on (``cuPointerGetAttribute``): memory that is no CUDA allocation, or is on
another device than the function's context, is refused naming the argument.

Streams: our kernels run on the legacy default stream and every call synchronizes the
context (``cuCtxSynchronize``) before its first kernel or copy and after its last one,
which orders the call after the work of every stream of the context, so a producer's
``stream`` (CAI v3) is honoured by construction (``0``, which the interface forbids, is
refused); DLPack producers are asked for the array on stream 1 (the legacy default
stream).  Arrays returned are ready when the call returns (their interface's
``stream`` is ``None``).
"""

from __future__ import annotations

import ctypes
import math
import weakref
from dataclasses import dataclass
from typing import Any

import numpy as np

KDL_CPU, KDL_CUDA, KDL_CUDA_HOST, KDL_CUDA_MANAGED = 1, 2, 3, 13
_DEVICE_NAMES = {1: "the CPU (kDLCPU)", 2: "a CUDA device (kDLCUDA)",
                 3: "pinned host memory (kDLCUDAHost)", 4: "an OpenCL device (kDLOpenCL)",
                 7: "a Vulkan device (kDLVulkan)", 8: "a Metal device (kDLMetal)",
                 10: "a ROCm device (kDLROCM)", 13: "CUDA managed memory (kDLCUDAManaged)",
                 14: "a oneAPI device (kDLOneAPI)"}
DLPACK_READ_ONLY = 1  # DLManagedTensorVersioned.flags


class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", DLDevice), ("ndim", ctypes.c_int32),
                ("dtype", DLDataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)),
                ("byte_offset", ctypes.c_uint64)]


_DELETER = ctypes.CFUNCTYPE(None, ctypes.c_void_p)


class DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", DLTensor), ("manager_ctx", ctypes.c_void_p),
                ("deleter", _DELETER)]


class DLPackVersion(ctypes.Structure):
    _fields_ = [("major", ctypes.c_uint32), ("minor", ctypes.c_uint32)]


class DLManagedTensorVersioned(ctypes.Structure):
    _fields_ = [("version", DLPackVersion), ("manager_ctx", ctypes.c_void_p),
                ("deleter", _DELETER), ("flags", ctypes.c_uint64), ("dl_tensor", DLTensor)]


_api = ctypes.pythonapi
_api.PyCapsule_IsValid.restype = ctypes.c_int
_api.PyCapsule_IsValid.argtypes = [ctypes.py_object, ctypes.c_char_p]
_api.PyCapsule_GetPointer.restype = ctypes.c_void_p
_api.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
_api.PyCapsule_New.restype = ctypes.py_object
_api.PyCapsule_New.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
# (the destructor gets the capsule as a borrowed PyObject *: a plain address here)
_capsule_valid = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_char_p)(
    ("PyCapsule_IsValid", _api))
_capsule_pointer = ctypes.PYFUNCTYPE(ctypes.c_void_p, ctypes.c_void_p, ctypes.c_char_p)(
    ("PyCapsule_GetPointer", _api))

_DLTENSOR = b"dltensor"
_DLTENSOR_VERSIONED = b"dltensor_versioned"


@dataclass
class DeviceArg:
    """A CUDA device array an argument exposes: its data pointer (the first element),
    shape, dtype and read-only flag; ``keep`` holds what keeps the memory alive during
    the call (the object, the DLPack capsule); ``device``: the DLPack device id, or
    ``None`` (the interface has none: the driver is asked)."""

    ptr: int
    shape: tuple[int, ...]
    dtype: np.dtype
    readonly: bool
    device: int | None
    keep: Any
    how: str  # "__cuda_array_interface__" or "DLPack"

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    @property
    def nbytes(self) -> int:
        return self.size * self.dtype.itemsize

    def span(self) -> tuple[int, int]:
        return (self.ptr, self.ptr + self.nbytes)


def _c_strides(shape: tuple[int, ...], item: int) -> list[int]:
    out, acc = [], item
    for n in reversed(shape):
        out.append(acc)
        acc *= n
    return out[::-1]


def _from_cai(x: Any, cai: Any, what: str) -> DeviceArg:
    if not isinstance(cai, dict):
        raise TypeError(f"{what}: __cuda_array_interface__ is not a dict "
                        f"({type(cai).__name__})")
    try:
        shape = tuple(int(n) for n in cai["shape"])
        dtype = np.dtype(cai["typestr"])
        ptr, readonly = cai["data"]
    except (KeyError, TypeError, ValueError) as e:
        raise TypeError(f"{what}: a malformed __cuda_array_interface__ ({e!r}): it needs "
                        "shape, typestr and data = (pointer, read-only)") from None
    version = cai.get("version", 0)
    if not isinstance(version, int) or not 0 <= version <= 3:
        raise ValueError(f"{what}: __cuda_array_interface__ version {version!r} (versions "
                         "0 to 3 are understood)")
    if cai.get("mask") is not None:
        raise ValueError(f"{what}: a masked device array (__cuda_array_interface__ "
                         "'mask'); pass the data without a mask")
    if any(n < 0 for n in shape):
        raise ValueError(f"{what}: negative size in shape {shape}")
    if dtype.hasobject or dtype.fields is not None or dtype.subdtype is not None:
        raise TypeError(f"{what}: device arrays of dtype {dtype} are not supported")
    strides = cai.get("strides")
    if strides is not None:
        byte_strides = [int(s) for s in strides]
        want = _c_strides(shape, dtype.itemsize)
        if 0 not in shape and len(byte_strides) == len(shape) and any(
                n != 1 and s != w for n, s, w in zip(shape, byte_strides, want, strict=True)):
            raise ValueError(
                f"{what}: a non-contiguous device array (strides {tuple(byte_strides)} bytes "
                f"for shape {shape} of {dtype}); the GPU target takes C-contiguous device "
                "arrays: pass cupy.ascontiguousarray(x) / x.contiguous()")
        if len(byte_strides) != len(shape):
            raise ValueError(f"{what}: __cuda_array_interface__ gives {len(byte_strides)} "
                             f"strides for shape {shape}")
    stream = cai.get("stream") if version >= 3 else None
    if stream is not None and (isinstance(stream, bool) or not isinstance(stream, int)
                               or stream == 0):
        raise ValueError(f"{what}: __cuda_array_interface__ stream {stream!r} (0 is "
                         "forbidden by the interface: 1 is the legacy default stream, 2 "
                         "the per-thread one)")
    ptr = int(ptr or 0)
    size = int(np.prod(shape)) if shape else 1
    if not ptr and size:
        raise ValueError(f"{what}: a device array of shape {shape} with a NULL data "
                         "pointer")
    return DeviceArg(ptr, shape, dtype, bool(readonly), None, x,
                     "__cuda_array_interface__")


_DL_KINDS = {0: "i", 1: "u", 2: "f", 5: "c", 6: "b"}


def _dl_dtype(dt: DLDataType, what: str) -> np.dtype:
    kind = _DL_KINDS.get(dt.code)
    if kind is None or dt.lanes != 1 or dt.bits % 8 or (kind == "b" and dt.bits != 8):
        raise TypeError(f"{what}: DLPack dtype (code {dt.code}, {dt.bits} bits, {dt.lanes} "
                        "lanes) has no numpy dtype (bfloat16 and vector lanes are not "
                        "supported)")
    return np.dtype(f"{kind}{dt.bits // 8}") if kind != "b" else np.dtype(bool)


def _from_dlpack(x: Any, what: str) -> DeviceArg:
    try:
        dtype_, dev_id = (int(v) for v in x.__dlpack_device__())
    except Exception as e:
        raise TypeError(f"{what}: __dlpack_device__() failed ({e!r})") from None
    if dtype_ not in (KDL_CUDA, KDL_CUDA_MANAGED):
        where = _DEVICE_NAMES.get(dtype_, f"device type {dtype_}")
        raise ValueError(
            f"{what}: a DLPack array on {where}; target='gpu' takes CUDA device arrays "
            "(kDLCUDA) or numpy arrays: for an array in host memory pass "
            "numpy.from_dlpack(x) (copied to the device and back, as numpy arrays are)")
    capsule: Any = None
    for kw in ({"stream": 1, "max_version": (1, 0)}, {"stream": 1}, {}):
        try:
            capsule = x.__dlpack__(**kw)
            break
        except TypeError:  # (an older producer: fewer keywords)
            continue
    if capsule is None:
        raise TypeError(f"{what}: __dlpack__() takes none of the standard keywords")
    readonly = False
    if _api.PyCapsule_IsValid(capsule, _DLTENSOR_VERSIONED):
        m = DLManagedTensorVersioned.from_address(
            _api.PyCapsule_GetPointer(capsule, _DLTENSOR_VERSIONED))
        if m.version.major != 1:
            raise ValueError(f"{what}: DLPack version {m.version.major}.{m.version.minor} "
                             "(1.x is understood)")
        readonly = bool(m.flags & DLPACK_READ_ONLY)
        t = m.dl_tensor
    elif _api.PyCapsule_IsValid(capsule, _DLTENSOR):
        t = DLManagedTensor.from_address(_api.PyCapsule_GetPointer(capsule, _DLTENSOR)
                                         ).dl_tensor
    else:
        raise TypeError(f"{what}: __dlpack__() returned no DLPack capsule (a 'dltensor' "
                        "or 'dltensor_versioned' capsule, not yet consumed)")
    if t.device.device_type != dtype_ or t.device.device_id != dev_id:
        raise ValueError(f"{what}: the DLPack capsule's device ({t.device.device_type}, "
                         f"{t.device.device_id}) is not __dlpack_device__'s "
                         f"({dtype_}, {dev_id})")
    dtype = _dl_dtype(t.dtype, what)
    if t.ndim < 0:
        raise ValueError(f"{what}: DLPack ndim {t.ndim}")
    shape = tuple(int(t.shape[k]) for k in range(t.ndim))
    if any(n < 0 for n in shape):
        raise ValueError(f"{what}: negative size in shape {shape}")
    if t.strides:  # (NULL: C-contiguous)
        strides = [int(t.strides[k]) for k in range(t.ndim)]
        want = _c_strides(shape, 1)
        if 0 not in shape and any(n != 1 and s != w
                                  for n, s, w in zip(shape, strides, want, strict=True)):
            raise ValueError(
                f"{what}: a non-contiguous device array (DLPack strides {tuple(strides)} "
                f"elements for shape {shape}); the GPU target takes C-contiguous device "
                "arrays: pass x.contiguous() / cupy.ascontiguousarray(x) / jnp.copy(x)")
    ptr = int(t.data or 0) + int(t.byte_offset)
    size = int(np.prod(shape)) if shape else 1
    if not t.data and size:
        raise ValueError(f"{what}: a DLPack array of shape {shape} with a NULL data "
                         "pointer")
    return DeviceArg(ptr, shape, dtype, readonly, dev_id, (x, capsule), "DLPack")


def device_arg(x: Any, what: str) -> DeviceArg | None:
    """The CUDA device array ``x`` exposes (:class:`DeviceArg`), or ``None`` for a
    numpy array and for an object exposing neither protocol; an object exposing one
    that cannot be taken (non-contiguous, another memory than CUDA's, a malformed
    interface) is a ``TypeError``/``ValueError`` naming the argument ``what``."""
    if isinstance(x, DeviceArg):
        return x
    if isinstance(x, np.ndarray) or isinstance(x, (int, float, complex, np.generic)):
        return None
    if isinstance(x, DeviceArray):
        return DeviceArg(x.ptr, x.shape, x.dtype, False, x.device, x,
                         "__cuda_array_interface__")
    try:
        cai = x.__cuda_array_interface__
    except AttributeError:  # (PyTorch's CPU tensors, among others)
        cai = None
    except Exception as e:  # (a tensor that requires grad: PyTorch says why)
        raise TypeError(f"{what}: __cuda_array_interface__ failed: {e}") from None
    if cai is not None:
        d = _from_cai(x, cai, what)
    elif hasattr(x, "__dlpack__") and hasattr(x, "__dlpack_device__"):
        d = _from_dlpack(x, what)
    else:
        return None
    if type(x).__module__.split(".")[0] in _IMMUTABLE:
        d.readonly = True  # (JAX arrays are immutable: never written in place)
    return d


_IMMUTABLE = ("jax", "jaxlib")


def is_device_array(x: Any) -> bool:
    """Whether ``x`` exposes CUDA memory (``__cuda_array_interface__``, or DLPack with
    a CUDA device): cheap, reads nothing but the device type."""
    if isinstance(x, np.ndarray | DeviceArg | DeviceArray):
        return not isinstance(x, np.ndarray)
    if hasattr(x, "__cuda_array_interface__"):
        return True
    dev = getattr(x, "__dlpack_device__", None)
    if dev is not None and hasattr(x, "__dlpack__"):
        try:
            return int(dev()[0]) in (KDL_CUDA, KDL_CUDA_MANAGED)
        except Exception:  # noqa: BLE001 - device_arg reports it
            return True
    return False


def host_view(ptr: int, shape: tuple[int, ...], dtype: np.dtype) -> np.ndarray:
    """A numpy array object over device address ``ptr`` -- never to be read on the
    host: the host code takes its memref descriptor (and the argument checks its
    dtype and shape) from it."""
    n = int(np.prod(shape)) * dtype.itemsize if shape else dtype.itemsize
    if not n:
        return np.empty(shape, dtype)
    return np.frombuffer((ctypes.c_char * n).from_address(ptr), dtype=dtype).reshape(shape)


# ---------------------------------------------------------------------------------------
# DeviceArray


# the CUDA driver runtime (``activity.codegen.gpu.runtime``, which registers itself
# here when imported: this module stays below it)
RUNTIME: list[Any] = []


def _runtime() -> Any:
    if not RUNTIME:
        raise RuntimeError("DeviceArray needs the GPU runtime: import it as "
                           "activity.DeviceArray or from activity.codegen.gpu")
    rt = RUNTIME[0]()
    rt.make_current()
    return rt


def _release(rt: Any, p: int) -> None:
    try:
        rt.free(p)
    except Exception:  # noqa: BLE001 - nothing to raise to in a finalizer
        pass


_EXPORTS: dict[int, Any] = {}  # DLPack exports alive: address of the struct -> what it holds


@_DELETER
def _dl_deleter(p: int | None) -> None:
    if p:
        _EXPORTS.pop(int(p), None)


@ctypes.CFUNCTYPE(None, ctypes.c_void_p)
def _capsule_destructor(cap: int | None) -> None:
    # an unconsumed capsule: release the export (a consumer renames the capsule to
    # "used_dltensor" and calls the deleter itself)
    if not cap:
        return
    for name in (_DLTENSOR, _DLTENSOR_VERSIONED):
        if _capsule_valid(cap, name):
            p = _capsule_pointer(cap, name)
            if p:
                _EXPORTS.pop(int(p), None)


class DeviceArray:
    """A C-contiguous array in CUDA device memory, what GPU functions return when
    given device arrays (and what :func:`to_device` makes).

    It exposes ``__cuda_array_interface__`` (version 3) and DLPack
    (``__dlpack__``/``__dlpack_device__``, device type ``kDLCUDA``), so CuPy, PyTorch,
    JAX and Numba take it without a copy; ``copy_to_host()`` and ``numpy.asarray(a)``
    copy it to a numpy array.  It owns its memory (allocated with ``cuMemAlloc``, or
    the block a function returned) and frees it with ``cuMemFree`` when it is garbage
    collected; arrays exported through DLPack keep it alive."""

    __slots__ = ("ptr", "shape", "dtype", "device", "_rt", "_finalizer", "_base",
                 "__weakref__")

    def __init__(self, ptr: int, shape: tuple[int, ...], dtype: Any, *, owns: int = 0,
                 base: Any = None, rt: Any = None, device: int = 0) -> None:
        self.ptr = int(ptr)
        self.shape = tuple(int(n) for n in shape)
        self.dtype = np.dtype(dtype)
        self.device = device
        self._rt = rt if rt is not None else (_runtime() if owns else None)
        self._base = base
        self._finalizer: Any = None
        if owns:
            self._finalizer = weakref.finalize(self, _release, self._rt, int(owns))
            self._finalizer.atexit = False  # (the process's exit frees it)

    # -- construction

    @classmethod
    def empty(cls, shape: Any, dtype: Any = np.float64) -> DeviceArray:
        """Uninitialized device memory (``cuMemAlloc``)."""
        shape = (int(shape),) if np.isscalar(shape) else tuple(int(n) for n in shape)
        dtype = np.dtype(dtype)
        n = int(np.prod(shape)) * dtype.itemsize if shape else dtype.itemsize
        rt = _runtime()
        if not n:
            return cls(0, shape, dtype, rt=rt)
        p = rt.alloc_device(n)
        return cls(p, shape, dtype, owns=p, rt=rt)

    @classmethod
    def zeros(cls, shape: Any, dtype: Any = np.float64) -> DeviceArray:
        """Zeroed device memory (``cuMemAlloc`` and ``cuMemsetD8``)."""
        a = cls.empty(shape, dtype)
        if a.nbytes:
            a._rt.memset(a.ptr, 0, a.nbytes)
            a._rt.synchronize()  # (ready on every stream: cuMemsetD8 is asynchronous)
        return a

    @classmethod
    def from_host(cls, x: Any) -> DeviceArray:
        """A device copy of the numpy array ``x`` (``cuMemcpyHtoD``)."""
        x = np.ascontiguousarray(x)
        a = cls.empty(x.shape, x.dtype)
        if a.nbytes:
            a._rt.copy_htod(a.ptr, x.ctypes.data, a.nbytes)
        return a

    def copy(self) -> DeviceArray:
        """A device copy (``cuMemcpyDtoD``)."""
        b = DeviceArray.empty(self.shape, self.dtype)
        if b.nbytes:
            b._rt.copy_dtod(b.ptr, self.ptr, self.nbytes)
            b._rt.synchronize()  # (device-to-device copies are asynchronous)
        return b

    # -- properties

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    @property
    def nbytes(self) -> int:
        return self.size * self.dtype.itemsize

    def __len__(self) -> int:
        if not self.shape:
            raise TypeError("len() of a 0-d device array")
        return self.shape[0]

    def __repr__(self) -> str:
        return (f"DeviceArray(shape={self.shape}, dtype={self.dtype}, "
                f"ptr={self.ptr:#x}, device={self.device})")

    # -- to the host

    def copy_to_host(self, out: np.ndarray | None = None) -> np.ndarray:
        """The array's contents in a numpy array (``cuMemcpyDtoH``), into ``out`` when
        given (C-contiguous, same shape and dtype)."""
        if out is None:
            out = np.empty(self.shape, self.dtype)
        elif (out.shape != self.shape or out.dtype != self.dtype
              or not out.flags.c_contiguous or not out.flags.writeable):
            raise ValueError(f"copy_to_host: out must be a writeable C-contiguous array of "
                             f"shape {self.shape} and dtype {self.dtype}")
        if self.nbytes:
            rt = _runtime()
            rt.copy_dtoh(out.ctypes.data, self.ptr, self.nbytes)
        return out

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        if copy is False:
            raise ValueError("a DeviceArray cannot be viewed as a numpy array without a "
                             "copy (it lives in device memory)")
        a = self.copy_to_host()
        return a if dtype is None else a.astype(dtype, copy=False)

    # -- the protocols

    @property
    def __cuda_array_interface__(self) -> dict[str, Any]:
        return {"shape": self.shape, "typestr": self.dtype.str, "data": (self.ptr, False),
                "version": 3, "strides": None, "stream": None}

    def __dlpack_device__(self) -> tuple[int, int]:
        return (KDL_CUDA, self.device)

    def __dlpack__(self, *, stream: Any = None, max_version: Any = None,
                   dl_device: Any = None, copy: Any = None) -> Any:
        """A DLPack capsule over this array's memory (no copy; the array stays alive
        until the consumer calls the deleter).  The data is ready on every stream
        (calls synchronize before they return), so ``stream`` needs no event."""
        if dl_device is not None and tuple(dl_device) != (KDL_CUDA, self.device):
            raise BufferError(f"DeviceArray lives on CUDA device {self.device}; cannot "
                              f"export it to device {tuple(dl_device)}")
        if copy:
            raise BufferError("DeviceArray exports its memory without a copy (copy=True "
                              "is not supported)")
        if stream == 0:
            raise ValueError("stream 0 is ambiguous for CUDA (DLPack): use 1 or 2")
        versioned = max_version is not None and tuple(max_version)[0] >= 1
        shape = (ctypes.c_int64 * max(1, self.ndim))(*self.shape)
        m: Any = DLManagedTensorVersioned() if versioned else DLManagedTensor()
        if versioned:
            m.version.major, m.version.minor = 1, 0
            m.flags = 0
        t = m.dl_tensor
        t.data = self.ptr or None
        t.device.device_type, t.device.device_id = KDL_CUDA, self.device
        t.ndim = self.ndim
        kind = {"i": 0, "u": 1, "f": 2, "c": 5, "b": 6}[self.dtype.kind]
        t.dtype.code, t.dtype.bits, t.dtype.lanes = kind, 8 * self.dtype.itemsize, 1
        t.shape = ctypes.cast(shape, ctypes.POINTER(ctypes.c_int64))
        t.strides = ctypes.POINTER(ctypes.c_int64)()  # NULL: C-contiguous
        t.byte_offset = 0
        m.manager_ctx = None
        m.deleter = _dl_deleter
        addr = ctypes.addressof(m)
        _EXPORTS[addr] = (m, shape, self)
        name = _DLTENSOR_VERSIONED if versioned else _DLTENSOR
        return _api.PyCapsule_New(addr, name,
                                  ctypes.cast(_capsule_destructor, ctypes.c_void_p).value)


def synchronize() -> None:
    """Wait for every stream of the GPU runtime's context (``cuCtxSynchronize``): a
    producer's work on its arrays is done."""
    _runtime().synchronize()


def to_device(x: Any) -> DeviceArray:
    """A :class:`DeviceArray` copy of the numpy array ``x`` (for calling GPU functions
    with arrays that stay on the device)."""
    return DeviceArray.from_host(x)


def check_on_device(rt: Any, d: DeviceArg, what: str) -> None:
    """Ask the driver where ``d``'s memory is: a ``ValueError`` naming the argument
    unless it is CUDA memory of the runtime's device."""
    if d.device is not None and d.device != rt.ordinal:
        raise ValueError(f"{what}: the device array is on CUDA device {d.device}; this "
                         f"function runs on device {rt.ordinal} (copy it there first)")
    if not d.nbytes:
        return
    try:
        dev = rt.pointer_device(d.ptr)
    except RuntimeError as e:
        raise ValueError(f"{what}: its data pointer {d.ptr:#x} ({d.how}) is not CUDA "
                         f"memory this process's driver knows ({e})") from None
    if dev != rt.ordinal:
        raise ValueError(f"{what}: the device array is on CUDA device {dev}; this "
                         f"function runs on device {rt.ordinal} (copy it there first)")
