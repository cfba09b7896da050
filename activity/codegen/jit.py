"""Host JIT (llvmlite MCJIT) and the Python calling convention of compiled functions.

Every compiled function ``F`` gets a *packed wrapper* ``_activity_F(ptr args)`` in the
same LLVM module: ``args`` is an array of pointers, one per LLVM argument of ``F`` (a
memref argument contributes its expanded descriptor fields) followed by one per
flattened result field; the wrapper loads the arguments, calls ``F`` and stores the
results.  Python calls the wrapper through ``ctypes`` with ``void(void*)``, so no C
ABI question about struct returns arises, and the same wrapper serves functions
lowered by upstream MLIR (:mod:`activity.codegen.upstream`).
"""

from __future__ import annotations

import copy
import ctypes
import ctypes.util
import dataclasses
import hashlib
import math
import struct
import sys
import threading
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from llvmlite import binding as llvm
from llvmlite import ir
from xdsl.dialects.builtin import MemRefType, ModuleOp
from xdsl.dialects.llvm import LLVMStructType
from xdsl.ir import Attribute, Operation

from activity.arguments import (
    DTYPES,
    check_array,
    check_pointer,
    float_arg,
    int_arg,
    label,
    pointee_struct,
)
from activity.codegen.checks import RECORD, Checks
from activity.codegen.entry import (
    COLLECT,
    ENTRY_TYPE,
    MISS,
    TAKE_MIN,
    USABLE_SIZE_ADDR,
    add_entry,
    covers_block,
    entry_consts,
    entry_name,
    set_native_results,
)
from activity.codegen.extents import TABLE
from activity.codegen.lower import ModuleLowering, Target, return_type, size_of
from activity.codegen.types import (
    F16,
    F32,
    F64,
    PTR,
    VOID,
    CodegenError,
    Layout,
    flat_types,
    layout,
    scalar_type,
    value_type,
)
from activity.engine.types import pointee, pointee_spec
from activity.frontend import location_of
from activity.ops import op_name

_LOCK = threading.RLock()
_INIT = False
_DL: dict[int, str] = {}


def init_llvm() -> None:
    global _INIT
    with _LOCK:
        if _INIT:
            return
        llvm.initialize_native_target()
        llvm.initialize_native_asmprinter()
        llvm.initialize_all_targets()
        llvm.initialize_all_asmprinters()
        libm = ctypes.util.find_library("m")
        if libm:
            llvm.load_library_permanently(libm)
        # the compiler runtime's half-precision conversions (``__truncdfhf2``...), which
        # x86 code calls for f16 results (an f16 op computes in double and rounds)
        libgcc = ctypes.util.find_library("gcc_s")
        if libgcc:
            llvm.load_library_permanently(libgcc)
        _INIT = True


# Whether LLVM may vectorize with gathers and scatters (x86 ``vgather*``/``vscatter*``):
# ``"auto"`` keeps them off on AMD Zen hosts and leaves the choice to LLVM elsewhere;
# ``True`` / ``False`` for every host.  LLVM's x86 cost model takes an AVX-512 host's
# gathers as cheap, and on Zen they are microcoded: on a Zen 4 (``znver4``) Hand's
# gradient with its sizes compiled in went 2.9x slower (10.2 -> 29.6 us) with 104
# eight-wide gathers over its vertices, GMM's primal 1.56x, miniBUDE's gradients 1.10x;
# on AVX2-only Zen LLVM emits none anyway (docs/codegen.md, "Gathers").  Not part of
# the JIT caches' keys: call ``clear_cache()`` after changing it.
GATHERS: bool | str = "auto"
_NO_GATHER_CPUS = ("znver", "bdver", "btver")


def host_features() -> str:
    """The host's LLVM feature string, with ``+prefer-no-gather,+prefer-no-scatter``
    added where :data:`GATHERS` says so (the features behind clang's ``-mno-gather``
    and ``-mno-scatter``)."""
    if GATHERS not in (True, False, "auto"):
        raise ValueError(f"activity.codegen.jit.GATHERS is {GATHERS!r}; expected True, False "
                         "or 'auto'")
    features = llvm.get_host_cpu_features().flatten()
    off = GATHERS is False or (GATHERS == "auto"
                               and llvm.get_host_cpu_name().startswith(_NO_GATHER_CPUS))
    if off and llvm.get_process_triple().startswith(("x86_64", "i386", "i686")):
        features += ",+prefer-no-gather,+prefer-no-scatter"
    return features


def host_machine(opt: int = 3) -> llvm.TargetMachine:
    """A fresh target machine for the host (an execution engine takes ownership of the
    one it is given, so they are never shared)."""
    init_llvm()
    target = llvm.Target.from_triple(llvm.get_process_triple())
    tm = target.create_target_machine(
        cpu=llvm.get_host_cpu_name(), features=host_features(), opt=opt, jit=True)
    if opt not in _DL:
        _DL[opt] = str(tm.target_data)
    return tm


def host_layout(opt: int = 3) -> str:
    """The host data layout string (read once per target machine)."""
    host_machine(opt)
    return _DL[opt]


def host_target(opt: int = 3, fill: int | None = None, heap_cache: bool = False,
                check_bounds: bool = False, recover: bool = False) -> Target:
    return Target("cpu", llvm.get_process_triple(), host_layout(opt), fill=fill,
                  heap_cache=heap_cache, check_bounds=check_bounds, recover=recover)


def optimize(mod: llvm.ModuleRef, tm: llvm.TargetMachine, opt: int, slp: bool = False,
             forward: Collection[str] = ()) -> None:
    """Run LLVM's default -O<opt> module pipeline (``slp``: with the SLP vectorizer,
    which llvmlite leaves off; the loops bufferized tensor code tiles by registers
    need it), then, on the functions named in ``forward`` alone (the lowered tensor
    functions, not the native entry, the packed wrapper or the runtime's helpers), a
    late NewGVN and DSE (``activity.tensor.loops.PEEL_FORWARD``: the peeled
    reductions' stores forwarded to the loads after them and deleted).  NewGVN, not
    the default GVN: llvmlite offers no other, and instcombine's store-to-load
    forwarding (a few instructions back) leaves the tiles stored."""
    if opt <= 0:
        return
    pto = llvm.create_pipeline_tuning_options(speed_level=opt)
    pto.slp_vectorization = slp
    pb = llvm.create_pass_builder(tm, pto)
    pb.getModulePassManager().run(mod, pb)
    if forward:
        fpm = llvm.create_new_function_pass_manager()
        fpm.add_new_gvn_pass()
        fpm.add_dead_store_elimination_pass()
        pb = llvm.create_pass_builder(tm, pto)
        for fn in mod.functions:
            if not fn.is_declaration and fn.name in forward:
                fpm.run(fn, pb)


def module_text(module: ModuleOp) -> str:
    from activity.errors import ActivityError
    from activity.frontend import place_of
    from activity.printing import module_text as text
    from activity.printing import unprintable_op

    try:
        return text(module, True)
    except ActivityError:
        op = unprintable_op(module)
        t = next((r.type for r in op.results), "f80") if op is not None else "f80"
        raise CodegenError(f"type {t} is not supported by the lowering",
                           **place_of(op)) from None


def module_key(module: ModuleOp) -> str:
    return hashlib.sha256(module_text(module).encode()).hexdigest()


# ---------------------------------------------------------------------------------------
# The packed wrapper


def locations_key(module: ModuleOp, check_bounds: bool = False) -> str:
    """What the cache key adds for where ``module``'s ops were written, when compiled
    code names them -- checked code, or a module with ``cf.assert`` (its failures
    raise with the op's place): two modules of one text parsed from different places
    compile to the same code but report different places (activity.codegen.checks).
    Empty otherwise."""
    if not check_bounds and not any(op_name(op) == "cf.assert" for op in module.walk()):
        return ""
    places = repr([location_of(op) for op in module.walk()])
    return hashlib.sha256(places.encode()).hexdigest()


def wrapper_name(func: str) -> str:
    return f"_activity_{func}"


def add_wrapper(mod: ir.Module, func: str, ins: Sequence[Attribute],
                outs: Sequence[Attribute]) -> None:
    """Emit ``_activity_<func>(ptr)`` into ``mod`` (declaring ``func`` if needed)."""
    flat: list[ir.Type] = []
    for t in ins:
        flat += flat_types(t)
    fty = ir.FunctionType(return_type(outs), flat)
    target = mod.globals.get(func)
    if target is None:
        target = ir.Function(mod, fty, name=func)
    w = ir.Function(mod, ir.FunctionType(VOID, [PTR]), name=wrapper_name(func))
    b = ir.IRBuilder(w.append_basic_block("entry"))
    packed = w.args[0]

    def slot(i: int) -> ir.Value:
        p = b.gep(packed, [ir.Constant(ir.IntType(64), i)], source_etype=PTR)
        return b.load(p, typ=PTR)

    args = [b.load(slot(i), typ=t) for i, t in enumerate(flat)]
    r = b.call(target, args)
    k = len(flat)
    pieces: list[ir.Value] = []
    results = [r] if len(outs) == 1 else [b.extract_value(r, j) for j in range(len(outs))]
    for t, v in zip(outs, results, strict=True):
        if isinstance(t, MemRefType):
            st = value_type(t)
            for i, ft in enumerate(st.elements):  # type: ignore[attr-defined]
                if isinstance(ft, ir.ArrayType):
                    pieces += [b.extract_value(v, [i, j]) for j in range(ft.count)]
                else:
                    pieces.append(b.extract_value(v, i))
        else:
            pieces.append(v)
    for j, v in enumerate(pieces):
        b.store(v, slot(k + j))
    b.ret_void()


# ---------------------------------------------------------------------------------------
# Argument conversion

_ndarray = np.ndarray
# numpy's flags word (NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_WRITEABLE): what an
# identity-layout memref argument needs; one integer test instead of two flag lookups
C_WRITEABLE = 0x0001 | 0x0400


def _probe_data_offset() -> int | None:
    """Where CPython keeps an ndarray's data pointer relative to ``id(x)``, or ``None``.

    Why: getting an array's address through the public routes costs 0.9 us
    (``ctypes.c_char.from_buffer``) to 1.7 us (``__array_interface__``), which is most of
    a small objective's call (BA's gradient passes 10 arrays).  NumPy's
    ``PyArrayObject`` starts with the object header and then ``char *data`` (public,
    ABI-stable struct); under CPython ``id(x)`` is the object's address.  The offset is
    used only if it reads every probe array's true address (views, empty, both orders,
    other dtypes) and :data:`C_WRITEABLE` tests the flags word as the ``flags``
    attributes say; on any other implementation or layout the public route is kept."""
    import sys

    if sys.implementation.name != "cpython":
        return None
    off = object.__basicsize__
    base = np.arange(24, dtype=np.float64).reshape(4, 6)
    probes = [base, base[1:], base[:, 2:], base.T, np.zeros(0), np.ones(3, np.int32),
              np.empty((2, 0)), np.zeros(1, np.float32)[0:], base.reshape(-1)[5:]]
    frozen = np.zeros(2)
    frozen.flags.writeable = False
    try:
        for a in probes:
            if ctypes.c_void_p.from_address(id(a) + off).value != \
                    a.__array_interface__["data"][0]:
                return None
        for a in [*probes, frozen]:
            if ((a.flags.num & C_WRITEABLE) == C_WRITEABLE) != \
                    (a.flags.c_contiguous and a.flags.writeable):
                return None
    except Exception:  # pragma: no cover (a foreign layout)
        return None
    return off


_DATA_OFFSET = _probe_data_offset()
_void_p_at = ctypes.c_void_p.from_address


def data_pointer(x: np.ndarray) -> int:
    """The address of ``x``'s first element (see :func:`_probe_data_offset`)."""
    if _DATA_OFFSET is not None:
        return _void_p_at(id(x) + _DATA_OFFSET).value or 0
    return int(x.__array_interface__["data"][0])

_LIBC = ctypes.CDLL(None)
_LIBC.free.argtypes = [ctypes.c_void_p]
_LIBC.free.restype = None
_FREE = _LIBC.free

# Every LLVM argument and result field travels in one 8-byte slot of a buffer, packed
# and unpacked with ``struct`` (little-endian; narrower values padded).
_SLOT_FMT = {"f64": "d", "f32": "f4x", "f16": "e6x", "ptr": "Q", "i64": "q", "i32": "i4x",
             "i16": "h6x", "i8": "b7x", "i1": "B7x"}


def _slot_key(t: ir.Type) -> str:
    if isinstance(t, ir.PointerType):
        return "ptr"
    key = _elem_key(t)
    if key not in _SLOT_FMT:
        raise CodegenError(f"values of type {t} cannot cross the Python boundary")
    return key


_DTYPES = DTYPES  # (activity.arguments: what arrays a memref takes)


def _elem_key(t: ir.Type) -> str:
    if t == F64:
        return "f64"
    if t == F32:
        return "f32"
    if t == F16:
        return "f16"
    if isinstance(t, ir.PointerType):
        return "ptr"
    return f"i{t.width}"  # type: ignore[attr-defined]


@dataclass
class _Param:
    """How one MLIR parameter crosses the boundary."""

    index: int
    mlir: Attribute
    what: str
    fmt: str
    lay: Layout | None = None
    dtypes: tuple[np.dtype, ...] = ()
    width: int = 0
    is_float: bool = False
    is_ptr: bool = False
    static_dims: tuple[tuple[int, int], ...] = ()  # (dimension, required size)
    rank: int = 0
    dtype0: np.dtype | None = None
    fast: bool = False  # identity layout and the address shortcut is available
    exact_shape: tuple[int, ...] | None = None  # every dimension static
    lo: int = 0
    hi: int = 0
    pointee: tuple[int, bool, str] | None = None  # an !llvm.ptr's pointee_spec
    struct: LLVMStructType | None = None  # the structs an !llvm.ptr is indexed as

    @classmethod
    def of(cls, i: int, t: Attribute) -> _Param:
        what = f"argument {i} ({t})"
        if isinstance(t, MemRefType):
            lay = layout(t)
            dts = _DTYPES[_elem_key(lay.elem)]
            return cls(i, t, what, "QQq" + "q" * (2 * lay.rank), lay, dtypes=dts,
                       static_dims=tuple((k, n) for k, n in enumerate(lay.shape)
                                         if n is not None), rank=lay.rank,
                       dtype0=dts[0], fast=lay.identity and lay.offset == 0
                       and _DATA_OFFSET is not None,
                       exact_shape=None if None in lay.shape
                       else lay.shape)  # type: ignore[arg-type]
        lt = scalar_type(t)
        if isinstance(lt, ir.PointerType):
            return cls(i, t, what, "Q", is_ptr=True)
        key = _slot_key(lt)
        p = cls(i, t, what, _SLOT_FMT[key], is_float=key[0] == "f")
        if not p.is_float:
            p.width = w = lt.width  # type: ignore[attr-defined]
            # the values that travel unchanged (the general path checks the rest)
            p.lo, p.hi = (0, 2) if w == 1 else (-(1 << (w - 1)), 1 << (w - 1))
        return p

    def converter(self) -> Callable[[Any, list[Any], list[Any]], None]:
        """The function that appends this parameter's slot values to ``out`` (called as
        ``f(x, out, keep)``; ``keep`` collects the memory spans of the arrays passed and
        what must stay alive during the call), chosen once per parameter kind."""
        if self.lay is not None:
            return self._memref
        if self.is_ptr:
            return self._pointer
        return self._scalar

    def _scalar(self, x: Any, out: list[Any], keep: list[Any]) -> None:
        if self.is_float:
            if type(x) is float and self.fmt == "d":
                out.append(x)
                return
            v = float_arg(x, self.mlir, self.what)
            if self.fmt != "d":  # rounded as the interpreter rounds
                v = float((np.float32 if self.fmt[0] == "f" else np.float16)(v))
            out.append(v)
            return
        if type(x) is int and self.lo <= x < self.hi:
            out.append(x)
            return
        v = int_arg(x, self.mlir, self.what)
        w = self.width
        if w > 1 and v >= (1 << (w - 1)):
            v -= 1 << w
        out.append(v)

    def _pointer(self, x: Any, out: list[Any], keep: list[Any]) -> None:
        """An ``!llvm.ptr`` argument: the data of a C-contiguous, writeable numpy array
        of a dtype that fits what the code reads through it (:func:`check_pointer`)."""
        if not isinstance(x, np.ndarray):
            raise TypeError(f"{self.what}: expected a numpy array, got {type(x).__name__}")
        if not x.flags.c_contiguous:
            raise ValueError(f"{self.what}: pass a C-contiguous array "
                             "(np.ascontiguousarray(x))")
        check_pointer(x, self.what, self.pointee, self.struct)
        ptr, readonly = x.__array_interface__["data"]
        if readonly:
            raise ValueError(f"{self.what}: the array is read-only (compiled code works in "
                             "place; pass a writeable copy)")
        keep.append((ptr, ptr + x.nbytes))
        keep.append(x)
        out.append(ptr)

    def _memref(self, x: Any, out: list[Any], keep: list[Any]) -> None:
        # the common case (an identity layout, a C-contiguous writeable array of the
        # first dtype, the right rank and static sizes) in a few integer tests; anything
        # else, and every error message, takes the general path below
        if self.fast and type(x) is _ndarray and x.dtype is self.dtype0 and \
                x.flags.num & C_WRITEABLE == C_WRITEABLE:
            shape = x.shape
            if (shape == self.exact_shape if self.static_dims
                    else len(shape) == self.rank):
                # data_pointer(x), inlined: this is the hot path of small calls
                ptr = _void_p_at(id(x) + _DATA_OFFSET).value or 0  # type: ignore[operator]
                keep.append((ptr, ptr + x.nbytes))
                keep.append(x)
                if self.rank == 1:
                    out += (ptr, ptr, 0, shape[0], 1)
                else:
                    out += (ptr, ptr, 0, *shape, *_row_major(shape))
                return
        self._memref_checked(x, out, keep)

    def _memref_checked(self, x: Any, out: list[Any], keep: list[Any]) -> None:
        lay = self.lay
        assert lay is not None
        what = self.what
        check_array(x, what, self.dtypes, self.rank, self.static_dims)
        shape = x.shape
        flags = x.flags
        if not flags.writeable:
            raise ValueError(f"{what}: the array is read-only (compiled code works in "
                             "place; pass a writeable copy)")
        item = x.itemsize
        if lay.identity:
            if not flags.c_contiguous:
                raise ValueError(f"{what}: strided views are not accepted for an identity "
                                 "layout; pass np.ascontiguousarray(x)")
            nbytes = x.nbytes
            ptr = data_pointer(x)
            strides = (1,) if self.rank == 1 else _row_major(shape)
            span = (ptr, ptr + nbytes)
        else:
            ptr = x.__array_interface__["data"][0]
            strides = []
            for k, (s, want) in enumerate(zip(x.strides, lay.strides, strict=True)):
                if s % item or s < 0:
                    raise ValueError(f"{what}: stride {s} bytes in dimension {k} is not a "
                                     "non-negative multiple of the element size")
                es = s // item
                if shape[k] <= 1 and want is not None:
                    es = want
                if want is not None and es != want:
                    raise ValueError(f"{what}: dimension {k} has stride {es} elements, the "
                                     f"type requires {want}")
                strides.append(es)
            span = _bounds(x)
        offset = lay.offset or 0
        base = ptr - offset * item
        keep.append(span)
        keep.append(x)
        out += (base, base, offset, *shape, *strides)


def _bounds(a: np.ndarray) -> tuple[int, int]:
    """[first byte, one past the last byte) of an array's elements."""
    lo = hi = a.__array_interface__["data"][0]
    if a.size == 0:
        return lo, lo
    for n, st in zip(a.shape, a.strides, strict=True):
        if st < 0:
            lo += (n - 1) * st
        else:
            hi += (n - 1) * st
    return lo, hi + a.itemsize


def _check_disjoint(bounds: list[tuple[int, int]]) -> None:
    spans = sorted((lo, hi, i) for i, (lo, hi) in enumerate(bounds) if hi > lo)
    for (_, hi, i), (lo2, _, j) in zip(spans, spans[1:], strict=False):
        if lo2 < hi:
            raise ValueError(f"memref arguments overlap in memory (arrays {i} and {j}), "
                             "which this function was compiled not to allow (noalias)")


def _row_major(shape: Sequence[int]) -> list[int]:
    out = []
    acc = 1
    for n in reversed(shape):
        out.append(acc)
        acc *= n
    out.reverse()
    return out


def _c_contiguous(sizes: Sequence[int], strides: Sequence[int]) -> bool:
    """Whether ``strides`` (in elements) are those of a C-contiguous array of ``sizes``
    (a unit dimension's stride does not matter)."""
    acc = 1
    for n, st in zip(reversed(sizes), reversed(strides), strict=True):
        if n != 1 and st != acc:
            return False
        acc *= n
    return True


@dataclass
class _Result:
    mlir: Attribute
    fmt: str
    n: int
    lay: Layout | None = None
    width: int = 0
    dtype: Any = None  # a memref's: the numpy dtype of its elements (looked up once)
    rank: int = 0

    @classmethod
    def of(cls, t: Attribute) -> _Result:
        if isinstance(t, MemRefType):
            lay = layout(t)
            return cls(t, "QQq" + "q" * (2 * lay.rank), 3 + 2 * lay.rank, lay,
                       dtype=np.dtype(_DTYPES[_elem_key(lay.elem)][0]), rank=lay.rank)
        lt = scalar_type(t)
        if isinstance(lt, ir.PointerType):
            raise CodegenError("pointer results cannot be returned to Python")
        key = _slot_key(lt)
        return cls(t, _SLOT_FMT[key], 1, None, 0 if key[0] == "f" else lt.width)


def set_pointees(cf: CompiledFunction, fop: Operation) -> None:
    """Name each parameter as the function does (:func:`activity.arguments.label`) and
    record the element type each ``!llvm.ptr`` parameter is accessed as
    (:func:`activity.codegen.types.pointee`) or the struct it is indexed as, for the
    argument checks."""
    blocks = fop.regions[0].blocks if fop.regions else None
    if not blocks:
        return
    for i, (p, arg) in enumerate(zip(cf._params, blocks[0].args, strict=False)):
        p.what = label(fop, i, arg)
        if p.is_ptr:
            p.pointee = pointee_spec(pointee(arg))
            p.struct = pointee_struct(arg)


class CompiledFunction:
    """A compiled function callable from Python.

    Arguments: Python/numpy floats for float parameters, ints for integer and index
    ones, numpy arrays for memrefs (dtype and rank as the type says, static dimensions
    matching, C-contiguous for the identity layout; used in place, like the
    interpreter).  Returns ``None``, the single result, or a tuple: floats, ints
    (signed; ``i1`` as 0/1) and numpy arrays (copies) for memref results.  Calls from
    several threads are serialised.
    """

    def __init__(self, engine: Any, name: str, ins: Sequence[Attribute],
                 outs: Sequence[Attribute], owner: Any, free_results: bool = True,
                 llvm_ir: str = "", noalias: bool = False) -> None:
        self.name = name
        self.noalias = noalias
        self._engine = engine
        self._owner = owner  # keeps the execution engine alive
        self._params = [_Param.of(i, t) for i, t in enumerate(ins)]
        self._convert = [p.converter() for p in self._params]
        self._results = [_Result.of(t) for t in outs]
        addr = engine.get_function_address(wrapper_name(name))
        if not addr:
            raise CodegenError(f"no compiled wrapper for @{name}")
        self._fn = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(addr)
        self._in_fmt = "<" + "".join(p.fmt for p in self._params)
        self._out_fmt = "<" + "".join(r.fmt for r in self._results)
        self._out_struct = struct.Struct(self._out_fmt)
        n_in = struct.calcsize(self._in_fmt) // 8
        n_out = struct.calcsize(self._out_fmt) // 8
        self._n_in = n_in
        self._slots = (ctypes.c_int64 * max(1, n_in + n_out))()
        self._mem = memoryview(self._slots).cast("B")
        base = ctypes.addressof(self._slots)
        self._packed = (ctypes.c_void_p * max(1, n_in + n_out))(
            *[base + 8 * i for i in range(n_in + n_out)])
        self._packed_addr = ctypes.addressof(self._packed)
        self._lock = threading.Lock()
        self._memref_results = any(r.lay is not None for r in self._results)
        self._several_memref_results = sum(r.lay is not None for r in self._results) > 1
        # every result is one slot that unpacks to its value (no i1 to mask, no memref)
        self._plain_results = all(r.lay is None and r.width != 1 for r in self._results)
        self._memref_slots = []
        k = 0
        for p in self._params:
            if p.lay is not None:
                self._memref_slots.append(k)
            k += struct.calcsize("<" + p.fmt) // 8
        # the allocated pointers of the memref arguments, read with one unpack (a
        # result that is one of them is not freed)
        self._in_allocs = struct.Struct("<" + "".join(
            f"{8 * (k - (prev + 1))}xQ" for prev, k in zip([-1, *self._memref_slots],
                                                         self._memref_slots, strict=False)))
        self._free = free_results
        self._consts: Any = None
        self._free_fn: Any = _LIBC.free
        self._checks: Checks | None = None
        self.llvm_ir = llvm_ir
        self.optimized_ir = ""  # after LLVM's -O<opt> pipeline (set by compile_cpu)
        self._globals: list[tuple[int, bytes]] = list(getattr(owner, "mutable_globals", []))
        # the native entry (activity.codegen.entry), where the module has one
        entry = engine.get_function_address(entry_name(name))
        self._entry: Any = ENTRY_TYPE(entry) if entry else None
        # (whether large result blocks are handed over, fixed here for both paths:
        # TAKE_BLOCKS is part of compile_cpu's cache key)
        self._take_blocks = TAKE_BLOCKS and _CAPSULES and bool(USABLE_SIZE_ADDR)
        self._consts = entry_consts(ins, [p.dtype0 for p in self._params],
                                    [r.dtype for r in self._results if r.lay is not None],
                                    capsule_free() if self._take_blocks else 0
                                    ) if entry else None
        self._consts_addr = ctypes.addressof(self._consts) if entry else 0
        self._n_params = len(self._params)
        self._sync_native()
        # check_bounds: the extents of the arrays passed for pointer parameters
        # (activity.codegen.extents), written before each call
        self.extents: Any = None
        self._ptr_params = [p.index for p in self._params if p.is_ptr]

    @property
    def free_fn(self) -> Any:
        """What releases a memref result's block (``free``; GPU: the driver's)."""
        return self._free_fn

    @free_fn.setter
    def free_fn(self, fn: Any) -> None:
        self._free_fn = fn
        self._sync_native()

    @property
    def checks(self) -> Checks | None:
        """``check_bounds``: the failure record (``None``: unchecked code)."""
        return self._checks

    @checks.setter
    def checks(self, c: Checks | None) -> None:
        self._checks = c
        self._sync_native()

    def _sync_native(self) -> None:
        """Let the native entry make the results (:mod:`activity.codegen.entry`) only
        where Python would collect them the same way: blocks freed with ``free`` (the
        entry looks at the check record itself)."""
        if self._consts is not None:
            set_native_results(self._consts, self._free and self._free_fn is _FREE)

    def set_extents(self, args: Sequence[Any]) -> None:
        """Checked code: tell the function the address and size of each array passed
        for a pointer parameter (``convert`` checked that each is a C-contiguous
        array)."""
        table = self.extents
        for j, i in enumerate(self._ptr_params):
            x = args[i]
            table[2 * j] = x.__array_interface__["data"][0]
            table[2 * j + 1] = x.nbytes

    def __repr__(self) -> str:
        return f"<compiled @{self.name}: {len(self._params)} args, {len(self._results)} results>"

    def python_path(self) -> CompiledFunction:
        """The same compiled function with every call's arguments checked and packed in
        Python (no native entry): what a call does for an argument the entry refuses.
        For comparing the two paths (tests, ``benchmarks/call_overhead.py``)."""
        twin = copy.copy(self)
        twin._entry = None
        return twin

    def relabelled(self, whats: Sequence[str]) -> CompiledFunction:
        """The same compiled function with its parameters named ``whats`` in argument
        errors (a gradient names them as the user's function does)."""
        twin = copy.copy(self)
        twin._params = [dataclasses.replace(p, what=w)
                        for p, w in zip(self._params, whats, strict=True)]
        twin._convert = [p.converter() for p in twin._params]
        return twin

    def __call__(self, *args: Any) -> Any:
        return self.call(args)

    def prepare(self, args: Sequence[Any], fresh: bool = False,
                restore: Sequence[int] | None = None) -> PreparedCall:
        """The call on ``args`` packed once, to run the compiled code alone
        (:class:`PreparedCall`; ``restore``: see :class:`PreparedArguments`)."""
        return PreparedCall(self, args, fresh, restore)

    def convert(self, args: Sequence[Any], fresh: bool = False) -> tuple[list[Any], list[Any]]:
        """The slot values for ``args`` (checked), and what must stay alive while they
        are used (the arrays whose addresses they hold)."""
        if len(args) != len(self._params):
            raise TypeError(f"@{self.name} takes {len(self._params)} arguments, "
                            f"got {len(args)}")
        keep: list[Any] = []
        vals: list[Any] = []
        for conv, x in zip(self._convert, args, strict=True):
            conv(x, vals, keep)
        if self.noalias and not fresh and len(keep) > 2:
            _check_disjoint(keep[0::2])
        return vals, keep

    def call(self, args: Sequence[Any], fresh: bool = False) -> Any:
        """Call with the argument list ``args``; ``fresh=True`` promises that no two
        array arguments share memory (e.g. all freshly allocated), so the ``noalias``
        overlap check is skipped."""
        if self._entry is not None and (fresh or not self.noalias):
            done = self._call_entry(args if type(args) is tuple else tuple(args))
            if done is not None:
                return done[0]
        vals, keep = self.convert(args, fresh)
        with self._lock:
            struct.pack_into(self._in_fmt, self._mem, 0, *vals)
            for addr, data in self._globals:
                ctypes.memmove(addr, data, len(data))
            if self.extents is not None:
                self.set_extents(args)
            self._fn(self._packed_addr)
            if self.checks is not None:
                self.checks.raise_failure()
            outs = struct.unpack_from(self._out_fmt, self._mem, 8 * self._n_in)
        del keep
        if not self._results:
            return None
        inputs = {vals[i] for i in self._memref_slots} if self._memref_results else set()
        results = self._collect(outs, inputs)
        return results[0] if len(results) == 1 else tuple(results)

    def _call_entry(self, args: tuple[Any, ...]) -> tuple[Any] | None:
        """Call through the native entry: ``(result,)``, or ``None`` when it did not
        accept an argument (nothing was called; the Python path takes over)."""
        if len(args) != self._n_params:  # (the entry reads that many items)
            return None
        with self._lock:
            for addr, data in self._globals:
                ctypes.memmove(addr, data, len(data))
            done = self._entry(args, self._packed_addr, self._consts_addr)
            if done is not COLLECT:  # (the results, made by the entry)
                return None if done is MISS else (done,)
            if self.checks is not None:
                self.checks.raise_failure()
            outs = self._out_struct.unpack_from(self._mem, 8 * self._n_in)
            if self._plain_results:  # floats and wide ints: the slots are the results
                return (outs[0] if len(outs) == 1 else outs if outs else None,)
            inputs = self._in_allocs.unpack_from(self._mem) if self._memref_results else ()
        results = self._collect(outs, inputs)
        return (results[0] if len(results) == 1 else tuple(results),)

    def _collect(self, outs: Sequence[Any], inputs: Collection[int]) -> list[Any]:
        res: list[Any] = []
        k = 0
        freed: set[int] = set()
        # (two results may view one block -- the same buffer returned twice, or a
        # subview of another result: with more than one memref result the blocks are
        # freed after every result is copied, not after the first one's copy)
        later: list[int] | None = [] if self._several_memref_results else None
        shared: set[int] = set()
        if later is not None:  # (blocks more than one result views: never handed over)
            seen: set[int] = set()
            q = 0
            for r in self._results:
                if r.lay is not None:
                    (shared if outs[q] in seen else seen).add(outs[q])
                q += r.n
        for r in self._results:
            if r.lay is None:
                v = outs[k]
                res.append(v & 1 if r.width == 1 else v)
            else:
                res.append(self._array(r, outs, k, inputs, freed, later, shared))
            k += r.n
        for alloc in later or ():
            self.free_fn(alloc)
        return res

    def _array(self, r: _Result, outs: Sequence[Any], k: int, inputs: Collection[int],
               freed: set[int], later: list[int] | None = None,
               shared: Collection[int] = ()) -> Any:
        """The memref result whose descriptor is ``outs[k:k + r.n]``, copied into a
        fresh array; its block freed unless it is an argument's (``inputs``: their
        allocated pointers) or freed already -- or, with ``later``, appended to it to
        be freed after the other results are copied.  A large contiguous block the
        function made for this result alone (not in ``shared``) and that it covers
        (nearly) whole (:func:`activity.codegen.entry.covers_block`) is handed to the
        array instead (:func:`adopt`, ``TAKE_BLOCKS``): the test the native entry
        makes."""
        rank = r.rank
        alloc, aligned, offset = outs[k], outs[k + 1], outs[k + 2]
        sizes = outs[k + 3:k + 3 + rank]
        dtype = r.dtype
        if self._take_blocks and self._free and self.free_fn is _FREE and alloc \
                and alloc != 0xDEADBEEF and alloc not in inputs and alloc not in freed \
                and alloc not in shared:
            n = math.prod(sizes) * dtype.itemsize
            if n >= TAKE_MIN and offset == 0 and covers_block(_USABLE_SIZE(alloc), n) and (
                    outs[k + 4] == 1 or sizes[0] == 1 if rank == 1 else
                    _c_contiguous(sizes, outs[k + 3 + rank:k + 3 + 2 * rank])):
                freed.add(alloc)
                return adopt(alloc, aligned + offset * dtype.itemsize, n, dtype, sizes)
        out = np.empty(sizes, dtype=dtype)
        nbytes = out.nbytes
        contiguous = nbytes and (outs[k + 4] == 1 or sizes[0] == 1 if rank == 1 else
                                 _c_contiguous(sizes, outs[k + 3 + rank:k + 3 + 2 * rank]))
        if contiguous and _DATA_OFFSET is not None and self.free_fn is _FREE:
            # (copy and free in one native call)
            free = (self._free and alloc and alloc != 0xDEADBEEF and alloc not in inputs
                    and alloc not in freed)
            if free:
                freed.add(alloc)
                if later is not None:
                    later.append(alloc)
                    free = False
            take = _TAKE[1] if _TAKE else _taker()
            take(id(out) + _DATA_OFFSET, aligned + offset * dtype.itemsize, nbytes,
                 alloc if free else None)
            return out
        if contiguous:
            # (the common case, a contiguous buffer: one memmove, no views -- on Hand's
            # 27-element gradient 2.6 instead of 7.5 us a result; the address read as
            # the entry reads it, not through __array_interface__: 1.4 us less)
            ctypes.memmove(data_pointer(out), aligned + offset * dtype.itemsize, nbytes)
        elif nbytes:
            strides = outs[k + 3 + rank:k + 3 + 2 * rank]
            lo = offset + sum((n - 1) * s for n, s in zip(sizes, strides, strict=True) if s < 0)
            hi = offset + sum((n - 1) * s for n, s in zip(sizes, strides, strict=True) if s > 0)
            buf = (ctypes.c_char * ((hi - lo + 1) * dtype.itemsize)).from_address(
                aligned + lo * dtype.itemsize)
            flat = np.frombuffer(buf, dtype=dtype)
            view = np.lib.stride_tricks.as_strided(
                flat[offset - lo:], shape=sizes, strides=[s * dtype.itemsize for s in strides])
            out[...] = view
        if (self._free and alloc and alloc != 0xDEADBEEF and alloc not in inputs
                and alloc not in freed):
            freed.add(alloc)
            if later is not None:
                later.append(alloc)
            else:
                self.free_fn(alloc)
        return out


class PreparedArguments:
    """Argument arrays kept alive for repeated runs, with the contents they had when
    prepared: ``reset()`` copies those back (a run may write its arrays: outputs,
    in-place updates, accumulated shadows).  ``restore``: the positions of the
    arguments a run may write (default: every array; arrays at other positions --
    inputs the code only reads -- are neither copied nor restored)."""

    def __init__(self, args: Sequence[Any], restore: Sequence[int] | None = None,
                 lock: Any = None) -> None:
        self.args = list(args)
        at = range(len(self.args)) if restore is None else restore
        self.arrays = [self.args[i] for i in at
                       if isinstance(self.args[i], np.ndarray) and self.args[i].flags.writeable]
        self._initial = [x.copy() for x in self.arrays]
        self._reset_lock = lock or threading.Lock()  # a reset never overlaps a run

    def reset(self) -> None:
        """Give the arrays a run may write the contents they had when prepared."""
        with self._reset_lock:
            for x, x0 in zip(self.arrays, self._initial, strict=True):
                np.copyto(x, x0)

    def run(self, n: int = 1) -> None:  # pragma: no cover - abstract
        raise NotImplementedError


class PreparedCall(PreparedArguments):
    """A compiled function with its arguments converted and packed once, so that the
    compiled code alone can run, and be timed, without the per-call work in Python
    (argument checks, packing, collecting results): ``run(n)`` calls the wrapper ``n``
    times from a native loop.

    Why: for an objective whose compiled body takes a microsecond, a call from Python
    costs tens of microseconds, the same for every variant of it; a comparison of two
    generated codes (pruned against ``all_active``, say) measured through Python
    compares mostly that.  This object keeps its argument arrays alive, so the packed
    addresses stay valid, and ``reset()`` restores what runs wrote.  Results are
    left in the slots, not collected, so functions returning memrefs (a block per
    call) are refused."""

    def __init__(self, cf: CompiledFunction, args: Sequence[Any], fresh: bool = False,
                 restore: Sequence[int] | None = None) -> None:
        if cf._memref_results:
            raise CodegenError(f"@{cf.name} returns memrefs: a prepared call would leak "
                               "one block per run")
        vals, keep = cf.convert(args, fresh)
        super().__init__(args, restore, lock=cf._lock)  # nor a call
        self.cf = cf
        self._keep = keep
        n = max(1, cf._n_in + struct.calcsize(cf._out_fmt) // 8)
        self._slots = (ctypes.c_int64 * n)()
        struct.pack_into(cf._in_fmt, memoryview(self._slots).cast("B"), 0, *vals)
        base = ctypes.addressof(self._slots)
        self._packed = (ctypes.c_void_p * n)(*[base + 8 * i for i in range(n)])
        self._fn_addr = ctypes.cast(cf._fn, ctypes.c_void_p).value

    def run(self, n: int = 1) -> None:
        """Call the compiled function ``n`` times on the prepared arguments, each call
        as ``call`` makes it: from one native loop, or -- when the module has mutable
        globals, which every call starts from their initial values -- one native call
        per restore of the globals."""
        repeat = _repeater()
        packed = ctypes.addressof(self._packed)
        with self.cf._lock:
            if self.cf.extents is not None:
                self.cf.set_extents(self.args)
            if not self.cf._globals:
                repeat(n, self._fn_addr, packed)
            else:
                for _ in range(n):
                    for addr, data in self.cf._globals:
                        ctypes.memmove(addr, data, len(data))
                    repeat(1, self._fn_addr, packed)
            if self.cf.checks is not None:
                self.cf.checks.raise_failure()


_TAKE: list[Any] = []  # [engine, ctypes function], made on first use

_TAKE_IR = """
declare void @free(ptr)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

define void @activity_take(ptr %field, ptr %src, i64 %n, ptr %block) {
entry:
  %dst = load ptr, ptr %field
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %src, i64 %n, i1 false)
  %keep = icmp eq ptr %block, null
  br i1 %keep, label %done, label %release
release:
  call void @free(ptr %block)
  br label %done
done:
  ret void
}
"""


def _taker() -> Any:
    """``activity_take(field, src, n, block)``: copies ``n`` bytes from ``src`` to the
    address stored at ``field`` (an ndarray's data pointer, at ``id(out) +
    _DATA_OFFSET``), then frees ``block`` unless it is null -- a memref result's
    copy-out in one native call instead of three (the address read, ``memmove``,
    ``free``: 1.1 -> 0.4 us a result).  Called holding the GIL (``PYFUNCTYPE``)."""
    if not _TAKE:
        with _LOCK:
            if not _TAKE:
                engine, _ = jit_module(_TAKE_IR, 2)
                fn = ctypes.PYFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64,
                                       ctypes.c_void_p)(
                    engine.get_function_address("activity_take"))
                _TAKE.extend([engine, fn])
    return _TAKE[1]


_NEW_CAPSULE = ctypes.pythonapi.PyCapsule_New
_NEW_CAPSULE.restype = ctypes.py_object
_NEW_CAPSULE.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]

TAKE_BLOCKS = True
"""A memref result's block, when large (``TAKE_MIN`` bytes or more), contiguous and made
for that result alone, is handed to its numpy array (:func:`adopt`) instead of copied
into a fresh one and freed (``activity_take``).  The MLP's gradient returns 2.6 MB per
call (``dW1``, ``dW2``): their copy was 6.6% of its time (``memmove`` into lines not in
cache); handed over, 3.25 -> 3.11 ms (one process, alternating; no page faults either
way, ``ru_minflt``).  Off: every result copied.  Read when a function is compiled, for
both its paths (the native entry's capsule destructor, or 0, in its constants), and
part of the compile cache's key.  Only a view that covers its block (nearly) whole is
handed over (:func:`activity.codegen.entry.covers_block`): a small view must not keep a
large block alive."""
CAPSULE_POINTER = 16  # PyCapsule's pointer field (after PyObject_HEAD): probed below


def _capsules() -> bool:
    """Whether a capsule's pointer is where :func:`capsule_free` reads it (CPython's
    ``PyCapsule`` layout, checked on a sample capsule)."""
    try:
        cap = _NEW_CAPSULE(0xC0FFEE, None, None)
        return sys.implementation.name == "cpython" and \
            ctypes.c_void_p.from_address(id(cap) + CAPSULE_POINTER).value == 0xC0FFEE
    except Exception:  # pragma: no cover (another implementation)
        return False


_CAPSULES = _capsules()
_CAPSULE_FREER: list[Any] = []  # [engine, address of activity_capsule_free], made on first use
_USABLE_SIZE = ctypes.CFUNCTYPE(ctypes.c_size_t, ctypes.c_void_p)(USABLE_SIZE_ADDR or 0)

_CAPSULE_FREE_IR = f"""
declare void @free(ptr)

define void @activity_capsule_free(ptr %capsule) {{
  %field = getelementptr i8, ptr %capsule, i64 {CAPSULE_POINTER}
  %block = load ptr, ptr %field
  call void @free(ptr %block)
  ret void
}}
"""


def capsule_free() -> int:
    """The address of ``activity_capsule_free(capsule)``: frees the block a capsule
    holds (its pointer field, as ``PyCapsule_GetPointer`` reads it; the offset is
    probed: :func:`_capsules`) -- the destructor of the capsules that own the memref
    results' blocks handed to numpy (``TAKE_BLOCKS``).  In a module the process keeps:
    an array may outlive the function that made it."""
    if not _CAPSULE_FREER:
        with _LOCK:
            if not _CAPSULE_FREER:
                engine, _ = jit_module(_CAPSULE_FREE_IR, 2)
                _CAPSULE_FREER.extend(
                    [engine, engine.get_function_address("activity_capsule_free")])
    return int(_CAPSULE_FREER[1])


_CAPSULE_TYPE = type(_NEW_CAPSULE(0xC0FFEE, None, None))
_GET_DESTRUCTOR = ctypes.pythonapi.PyCapsule_GetDestructor
_GET_DESTRUCTOR.restype = ctypes.c_void_p
_GET_DESTRUCTOR.argtypes = [ctypes.py_object]


class Block:
    """The base of an array :func:`adopt` made over a handed-over block: the
    ``__array_interface__`` numpy made the array from, and the capsule that frees the
    block (``capsule``) when the last array over it dies.  One class for every size
    (a ctypes array type per size would be cached for ever)."""

    __slots__ = ("__array_interface__", "capsule")

    def __init__(self, capsule: Any, data: int, dtype: np.dtype, shape: tuple[int, ...]
                 ) -> None:
        self.capsule = capsule
        self.__array_interface__ = {"version": 3, "data": (data, False),
                                    "typestr": dtype.str, "shape": shape}


def block_owner(base: Any) -> bool:
    """Whether ``base``, an array's base that is not an ndarray, is one handed-over
    block's sole owner -- a :class:`Block`, or a capsule the native entry made (its
    destructor :func:`capsule_free`) -- so that two arrays with different such owners
    never share memory (the gradient's fast path: activity/codegen/compiled_gradient.py).
    Other capsules are not (two DLPack capsules may hold one buffer)."""
    if type(base) is Block:
        return True
    return type(base) is _CAPSULE_TYPE and bool(_CAPSULE_FREER) and \
        _GET_DESTRUCTOR(base) == _CAPSULE_FREER[1]


def adopt(block: int, data: int, nbytes: int, dtype: np.dtype, shape: Sequence[int]
          ) -> np.ndarray:
    """A C-contiguous, writeable array of ``shape`` over the ``nbytes`` at ``data`` in
    the malloc'd ``block``, which it then owns: its base is a :class:`Block` holding a
    capsule whose destructor frees ``block`` (:func:`capsule_free`) when the last view
    of it dies."""
    shape = tuple(int(n) for n in shape)
    assert math.prod(shape) * dtype.itemsize == nbytes
    return np.asarray(Block(_NEW_CAPSULE(block, None, capsule_free()), data, dtype, shape))


_REPEAT: list[Any] = []  # [engine, ctypes function], made on first use

_REPEAT_IR = """
define void @activity_repeat(i64 %n, ptr %fn, ptr %args) {
entry:
  %none = icmp sle i64 %n, 0
  br i1 %none, label %done, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  call void %fn(ptr %args)
  %next = add i64 %i, 1
  %more = icmp slt i64 %next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}
"""


def _repeater() -> Any:
    """``activity_repeat(n, fn, args)``: calls the packed wrapper ``fn`` ``n`` times (an
    indirect call LLVM cannot inline or hoist, so every run does the whole work)."""
    if not _REPEAT:
        with _LOCK:
            if not _REPEAT:
                engine, _ = jit_module(_REPEAT_IR, 2)
                fn = ctypes.CFUNCTYPE(None, ctypes.c_int64, ctypes.c_void_p, ctypes.c_void_p)(
                    engine.get_function_address("activity_repeat"))
                _REPEAT.extend([engine, fn])
    return _REPEAT[1]


# ---------------------------------------------------------------------------------------
# Engines and the cache


class Engine:
    """One JIT-compiled LLVM module (kept alive by the functions that use it)."""

    def __init__(self, mod: llvm.ModuleRef, tm: llvm.TargetMachine) -> None:
        self.module = mod
        self.ee = llvm.create_mcjit_compiler(mod, tm)
        self.ee.finalize_object()
        self.ee.run_static_constructors()
        self.mutable_globals: list[tuple[int, bytes]] = []

    def get_function_address(self, name: str) -> int:
        return self.ee.get_function_address(name)

    def __del__(self) -> None:
        # hand the blocks the module cached (activity.codegen.heap) back to malloc
        try:
            addr = self.ee.get_function_address("activity_heap_release")
            if addr:
                ctypes.CFUNCTYPE(None)(addr)()
        except Exception:  # pragma: no cover - interpreter shutdown
            pass

    def snapshot_globals(self, names: Sequence[tuple[str, int]]) -> None:
        for name, size in names:
            addr = self.ee.get_global_value_address(name)
            if addr:
                self.mutable_globals.append((addr, ctypes.string_at(addr, size)))


_CACHE: dict[tuple[Any, ...], CompiledFunction] = {}


# What x86 code generation calls (not in the IR) to round to f16, and what it needs.
_HALF_CONVERSIONS = ("__truncdfhf2", "__truncsfhf2", "__extendhfsf2")


def check_symbols(mod: llvm.ModuleRef) -> None:
    """Every external function must resolve in the process (MCJIT aborts otherwise), and
    f16 code needs the compiler runtime's half conversions (libgcc_s, GCC 12 or later):
    without them the call jumps to address 0 and the process dies."""
    for fn in mod.functions:
        if fn.is_declaration and not fn.name.startswith("llvm.") and \
                not llvm.address_of_symbol(fn.name):
            raise CodegenError(f"external function @{fn.name} is not available in this "
                               "process (no definition to link)")
    if (llvm.get_process_triple().startswith("x86_64")
            and not all(llvm.address_of_symbol(n) for n in _HALF_CONVERSIONS)
            and any(" half" in str(fn) for fn in mod.functions)):
        raise CodegenError("f16 code needs the compiler runtime's half-precision "
                           "conversions (__truncdfhf2 in libgcc_s from GCC 12 or later), "
                           "which this process does not have")


def jit_module(text: str, opt: int, slp: bool = False, forward: Collection[str] = ()
               ) -> tuple[Engine, str]:
    """Parse, verify, optimize and JIT LLVM IR text (``forward``: :func:`optimize`);
    returns the engine and the optimized IR."""
    tm = host_machine(opt)
    mod = llvm.parse_assembly(text)
    mod.verify()
    check_symbols(mod)
    optimize(mod, tm, opt, slp, forward)
    opt_text = str(mod)
    return Engine(mod, tm), opt_text


def compile_cpu(module: ModuleOp, func: str, opt: int = 3, key: str | None = None,
                fill: int | None = None, noalias: bool = False,
                check_bounds: bool = False, slp: bool = False) -> CompiledFunction:
    """Lower ``func`` (and its callees) for the host, JIT it, return the callable.

    ``fill``: the byte fresh memory is filled with (``None``: left uninitialized, as
    upstream).  ``noalias``: the memref arguments of ``func`` never overlap (LLVM may
    then vectorize and reorder their accesses freely; every call checks it).
    ``check_bounds``: every memref access checked (:mod:`activity.codegen.checks`).
    Cached per session on (module text, function, opt level, fill, noalias, checks, the
    tensor-level optimizations switched off: :func:`activity.tensor.opts.state`, and the
    loop lowering's flags: :func:`activity.tensor.loops.flags`, and ``TAKE_BLOCKS``)."""
    key = key or module_key(module)
    key += locations_key(module, check_bounds)
    from activity.tensor import loops, opts

    ck = (key, func, "cpu", opt, fill, noalias, check_bounds, slp, opts.state(),
          loops.flags(), TAKE_BLOCKS)
    hit = _CACHE.get(ck)
    if hit is not None:
        return hit
    target = host_target(opt, fill, heap_cache=True, check_bounds=check_bounds, recover=True)
    ml = ModuleLowering(module, target, name=func)
    irmod = ml.lower([func])
    fop = ml.program.functions[func]
    _, ins, outs = ml.signature(fop)
    if noalias:
        mark_noalias(ml.fns[func], ins)
    add_wrapper(irmod, func, ins, outs)
    add_entry(irmod, func, ins, wrapper_name(func), outs)
    text = str(irmod)
    # (the late store forwarding only on the lowered functions with a peeled nest: it
    # made GMM's gradient, which has none, 1.14x slower)
    forward = [f.name for n, f in ml.fns.items()
               if loops.PEELED in getattr(ml.program.functions.get(n), "attributes", {})
               ] if slp and loops.PEEL_FORWARD else []
    with _LOCK:
        engine, opt_text = jit_module(text, opt, slp, forward)
    mutable = [(g.name, _global_size(g)) for g in ml.gvars.values() if not g.global_constant]
    engine.snapshot_globals(mutable)
    cf = CompiledFunction(engine, func, ins, outs, engine, llvm_ir=text, noalias=noalias)
    set_pointees(cf, fop)
    cf.optimized_ir = without_function(opt_text, entry_name(func))
    if ml.check_sites:
        cf.checks = Checks(engine.ee.get_global_value_address(RECORD), ml.check_sites)
    if check_bounds and cf._ptr_params and TABLE + func in irmod.globals:
        cf.extents = (ctypes.c_int64 * (2 * len(cf._ptr_params))).from_address(
            engine.ee.get_global_value_address(TABLE + func))
    _CACHE[ck] = cf
    return cf


def without_function(text: str, name: str) -> str:
    """LLVM IR text without the definition of ``@name``: the optimized IR shown for a
    compiled function leaves out its native entry, Python-binding glue (its branches
    and stores are not the function's)."""
    start = text.find(f"@{name}(")
    if start < 0:
        start = text.find(f'@"{name}"(')
    if start < 0:
        return text
    start = text.rfind("\ndefine ", 0, start) + 1
    end = text.find("\n}\n", start)
    if end < 0:
        return text
    attrs = text.rfind("\n; Function Attrs:", 0, start - 1)
    if attrs >= 0 and text.find("\n", attrs + 1) == start - 1:
        start = attrs + 1  # the comment line LLVM prints above the definition
    return text[:start] + text[end + 3:]


def mark_noalias(fn: ir.Function, ins: Sequence[Attribute]) -> None:
    """``noalias`` on the aligned pointer of every memref parameter of ``fn``."""
    k = 0
    for t in ins:
        n = len(flat_types(t))
        if isinstance(t, MemRefType):
            fn.args[k + 1].add_attribute("noalias")
        k += n


def _global_size(g: ir.GlobalVariable) -> int:
    """Bytes of a global's value: arrays (of arrays), structs and scalars alike."""
    return size_of(g.value_type)


# other compiled-code caches (the GPU and host-thread modules) register their clear
_CLEARERS: list[Callable[[], None]] = []


def clear_cache() -> None:
    """Drop every compiled module of this session (their freed-block caches go back to
    ``malloc``): after changing a lowering switch, the next compile starts afresh."""
    _CACHE.clear()
    for clear in _CLEARERS:
        clear()
