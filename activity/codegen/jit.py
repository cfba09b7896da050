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

import ctypes
import ctypes.util
import hashlib
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from llvmlite import binding as llvm
from llvmlite import ir
from xdsl.dialects.builtin import MemRefType, ModuleOp
from xdsl.ir import Attribute
from xdsl.printer import Printer

from activity.codegen.lower import ModuleLowering, Target, return_type
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
        _INIT = True


def host_machine(opt: int = 3) -> llvm.TargetMachine:
    """A fresh target machine for the host (an execution engine takes ownership of the
    one it is given, so they are never shared)."""
    init_llvm()
    target = llvm.Target.from_triple(llvm.get_process_triple())
    tm = target.create_target_machine(
        cpu=llvm.get_host_cpu_name(), features=llvm.get_host_cpu_features().flatten(),
        opt=opt, jit=True)
    if opt not in _DL:
        _DL[opt] = str(tm.target_data)
    return tm


def host_layout(opt: int = 3) -> str:
    """The host data layout string (read once per target machine)."""
    host_machine(opt)
    return _DL[opt]


def host_target(opt: int = 3) -> Target:
    return Target("cpu", llvm.get_process_triple(), host_layout(opt))


def optimize(mod: llvm.ModuleRef, tm: llvm.TargetMachine, opt: int) -> None:
    """Run LLVM's default -O<opt> module pipeline."""
    if opt <= 0:
        return
    pto = llvm.create_pipeline_tuning_options(speed_level=opt)
    pb = llvm.create_pass_builder(tm, pto)
    pb.getModulePassManager().run(mod, pb)


def module_text(module: ModuleOp) -> str:
    import io

    buf = io.StringIO()
    Printer(stream=buf, print_generic_format=True).print_op(module)
    return buf.getvalue()


def module_key(module: ModuleOp) -> str:
    return hashlib.sha256(module_text(module).encode()).hexdigest()


# ---------------------------------------------------------------------------------------
# The packed wrapper


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

_LIBC = ctypes.CDLL(None)
_LIBC.free.argtypes = [ctypes.c_void_p]
_LIBC.free.restype = None


def _ctype(t: ir.Type) -> Any:
    if t == F64:
        return ctypes.c_double
    if t == F32:
        return ctypes.c_float
    if t == F16:
        return ctypes.c_uint16
    if isinstance(t, ir.PointerType):
        return ctypes.c_void_p
    w = t.width  # type: ignore[attr-defined]
    return {1: ctypes.c_uint8, 8: ctypes.c_int8, 16: ctypes.c_int16, 32: ctypes.c_int32,
            64: ctypes.c_int64}.get(w) or _bad_width(w)


def _bad_width(w: int) -> Any:
    raise CodegenError(f"integers of width {w} cannot cross the Python boundary")


_DTYPES: dict[str, tuple[np.dtype, ...]] = {
    "f64": (np.dtype(np.float64),), "f32": (np.dtype(np.float32),),
    "f16": (np.dtype(np.float16),),
    "i64": (np.dtype(np.int64), np.dtype(np.uint64)),
    "i32": (np.dtype(np.int32), np.dtype(np.uint32)),
    "i16": (np.dtype(np.int16), np.dtype(np.uint16)),
    "i8": (np.dtype(np.int8), np.dtype(np.uint8)),
    "i1": (np.dtype(np.bool_), np.dtype(np.uint8), np.dtype(np.int8)),
}


def _elem_key(t: ir.Type) -> str:
    if t == F64:
        return "f64"
    if t == F32:
        return "f32"
    if t == F16:
        return "f16"
    return f"i{t.width}"  # type: ignore[attr-defined]


@dataclass
class _Param:
    """How one MLIR parameter crosses the boundary."""

    index: int
    mlir: Attribute
    lay: Layout | None = None
    ctype: Any = None
    dtypes: tuple[np.dtype, ...] = ()
    width: int = 0
    is_float: bool = False

    @classmethod
    def of(cls, i: int, t: Attribute) -> _Param:
        if isinstance(t, MemRefType):
            lay = layout(t)
            key = _elem_key(lay.elem)
            return cls(i, t, lay, dtypes=_DTYPES[key])
        lt = scalar_type(t)
        if isinstance(lt, ir.PointerType):
            raise CodegenError(f"argument {i}: pointers cannot be passed from Python")
        p = cls(i, t, ctype=_ctype(lt), is_float=lt in (F64, F32, F16))
        if not p.is_float:
            p.width = lt.width  # type: ignore[attr-defined]
        return p

    def convert(self, x: Any, keep: list[Any]) -> list[Any]:
        """ctypes objects for the LLVM arguments of this parameter."""
        if self.lay is not None:
            return self._memref(x, keep)
        if self.is_float:
            if isinstance(x, np.ndarray) and x.ndim == 0:
                x = x.item()
            if isinstance(x, bool | np.bool_) or not isinstance(x, int | float | np.number) \
                    or isinstance(x, complex | np.complexfloating):
                raise TypeError(f"argument {self.index}: expected a float for {self.mlir}, "
                                f"got {type(x).__name__}")
            if self.ctype is ctypes.c_uint16:
                return [ctypes.c_uint16(int(np.float16(x).view(np.uint16)))]
            return [self.ctype(float(x))]
        if isinstance(x, np.ndarray) and x.ndim == 0:
            x = x.item()
        if not isinstance(x, int | np.integer | bool | np.bool_):
            raise TypeError(f"argument {self.index}: expected an integer for {self.mlir}, "
                            f"got {type(x).__name__}")
        v = int(x)
        w = self.width
        lo = 0 if w == 1 else -(1 << (w - 1))
        if not lo <= v < (1 << w):
            raise ValueError(f"argument {self.index}: {v} does not fit in {self.mlir}")
        v &= (1 << w) - 1
        if w > 1 and v >> (w - 1):
            v -= 1 << w
        return [self.ctype(v)]

    def _memref(self, x: Any, keep: list[Any]) -> list[Any]:
        lay = self.lay
        assert lay is not None
        what = f"argument {self.index} ({self.mlir})"
        if not isinstance(x, np.ndarray):
            raise TypeError(f"{what}: expected a numpy array, got {type(x).__name__}")
        if x.dtype not in self.dtypes:
            raise TypeError(f"{what}: expected dtype {self.dtypes[0]}, got {x.dtype}")
        if x.ndim != lay.rank:
            raise ValueError(f"{what}: expected a rank-{lay.rank} array, got shape {x.shape}")
        for k, (n, want) in enumerate(zip(x.shape, lay.shape, strict=True)):
            if want is not None and n != want:
                raise ValueError(f"{what}: dimension {k} must be {want}, got shape {x.shape}")
        if not x.flags.writeable:
            raise ValueError(f"{what}: the array is read-only (compiled code works in "
                             "place; pass a writeable copy)")
        item = x.itemsize
        strides: list[int] = []
        if lay.identity:
            if not x.flags.c_contiguous:
                raise ValueError(f"{what}: strided views are not accepted for an identity "
                                 "layout; pass np.ascontiguousarray(x)")
            acc = 1
            for n in reversed(x.shape):
                strides.append(acc)
                acc *= n
            strides.reverse()
        else:
            for k, (s, want) in enumerate(zip(x.strides, lay.strides, strict=True)):
                if s % item or s < 0:
                    raise ValueError(f"{what}: stride {s} bytes in dimension {k} is not a "
                                     "non-negative multiple of the element size")
                es = s // item
                if x.shape[k] <= 1 and want is not None:
                    es = want
                if want is not None and es != want:
                    raise ValueError(f"{what}: dimension {k} has stride {es} elements, the "
                                     f"type requires {want}")
                strides.append(es)
        offset = lay.offset or 0
        base = x.ctypes.data - offset * item
        keep.append(x)
        return ([ctypes.c_void_p(base), ctypes.c_void_p(base), ctypes.c_int64(offset)]
                + [ctypes.c_int64(n) for n in x.shape]
                + [ctypes.c_int64(s) for s in strides])


@dataclass
class _Result:
    mlir: Attribute
    lay: Layout | None = None
    ctypes_: list[Any] = field(default_factory=list)
    signed_width: int = 0

    @classmethod
    def of(cls, t: Attribute) -> _Result:
        if isinstance(t, MemRefType):
            lay = layout(t)
            r = 2 * lay.rank
            return cls(t, lay, [ctypes.c_void_p, ctypes.c_void_p] + [ctypes.c_int64] * (1 + r))
        lt = scalar_type(t)
        if isinstance(lt, ir.PointerType):
            raise CodegenError("pointer results cannot be returned to Python")
        w = 0 if lt in (F64, F32, F16) else lt.width  # type: ignore[attr-defined]
        return cls(t, None, [_ctype(lt)], w)


class CompiledFunction:
    """A compiled function callable from Python.

    Arguments: Python/numpy floats for float parameters, ints for integer and index
    ones, numpy arrays for memrefs (dtype and rank as the type says, static dimensions
    matching; used in place, like the interpreter).  Returns ``None``, the single
    result, or a tuple: floats, ints (signed; ``i1`` as 0/1) and numpy arrays (copies)
    for memref results.
    """

    def __init__(self, engine: Any, name: str, ins: Sequence[Attribute],
                 outs: Sequence[Attribute], owner: Any, free_results: bool = True,
                 llvm_ir: str = "") -> None:
        self.name = name
        self._engine = engine
        self._owner = owner  # keeps the execution engine alive
        self._params = [_Param.of(i, t) for i, t in enumerate(ins)]
        self._results = [_Result.of(t) for t in outs]
        addr = engine.get_function_address(wrapper_name(name))
        if not addr:
            raise CodegenError(f"no compiled wrapper for @{name}")
        self._fn = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(addr)
        self._nres = sum(len(r.ctypes_) for r in self._results)
        self._free = free_results
        self.llvm_ir = llvm_ir
        self._globals: list[tuple[int, bytes]] = list(getattr(owner, "mutable_globals", []))

    def __repr__(self) -> str:
        return f"<compiled @{self.name}: {len(self._params)} args, {len(self._results)} results>"

    def __call__(self, *args: Any) -> Any:
        if len(args) != len(self._params):
            raise TypeError(f"@{self.name} takes {len(self._params)} arguments, "
                            f"got {len(args)}")
        keep: list[Any] = []
        objs: list[Any] = []
        inputs: set[int] = set()
        for p, x in zip(self._params, args, strict=True):
            parts = p.convert(x, keep)
            if p.lay is not None:
                inputs.add(parts[0].value or 0)
            objs += parts
        outs: list[Any] = []
        for r in self._results:
            outs += [c() for c in r.ctypes_]
        allv = objs + outs
        packed = (ctypes.c_void_p * max(1, len(allv)))(
            *[ctypes.addressof(o) for o in allv])
        for addr, data in self._globals:
            ctypes.memmove(addr, data, len(data))
        self._fn(ctypes.addressof(packed))
        results = self._collect(outs, inputs)
        del keep
        if not results:
            return None
        return results[0] if len(results) == 1 else tuple(results)

    def _collect(self, outs: list[Any], inputs: set[int]) -> list[Any]:
        res: list[Any] = []
        k = 0
        freed: set[int] = set()
        for r in self._results:
            n = len(r.ctypes_)
            vals = [o.value for o in outs[k:k + n]]
            k += n
            if r.lay is None:
                v = vals[0]
                if r.signed_width:
                    w = r.signed_width
                    v = int(v)
                    if w == 1:
                        v &= 1
                elif isinstance(r.ctypes_[0](), ctypes.c_uint16):
                    v = float(np.uint16(v).view(np.float16))
                res.append(v)
                continue
            res.append(self._array(r, vals, inputs, freed))
        return res

    def _array(self, r: _Result, vals: list[Any], inputs: set[int], freed: set[int]) -> Any:
        lay = r.lay
        assert lay is not None
        alloc, aligned, offset = vals[0] or 0, vals[1] or 0, vals[2]
        sizes = vals[3:3 + lay.rank]
        strides = vals[3 + lay.rank:]
        dtype = _DTYPES[_elem_key(lay.elem)][0]
        out = np.empty(sizes, dtype=dtype)
        if out.size:
            extent = offset + sum((n - 1) * s for n, s in zip(sizes, strides, strict=True)) + 1
            lo = offset + sum((n - 1) * s for n, s in zip(sizes, strides, strict=True) if s < 0)
            buf = (ctypes.c_char * (extent * dtype.itemsize)).from_address(aligned)
            flat = np.frombuffer(buf, dtype=dtype)
            view = np.lib.stride_tricks.as_strided(
                flat[offset:], shape=sizes, strides=[s * dtype.itemsize for s in strides])
            del lo
            out[...] = view
        if (self._free and alloc and alloc != 0xDEADBEEF and alloc not in inputs
                and alloc not in freed):
            freed.add(alloc)
            _LIBC.free(alloc)
        return out


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

    def snapshot_globals(self, names: Sequence[tuple[str, int]]) -> None:
        for name, size in names:
            addr = self.ee.get_global_value_address(name)
            if addr:
                self.mutable_globals.append((addr, ctypes.string_at(addr, size)))


_CACHE: dict[tuple[Any, ...], CompiledFunction] = {}


def check_symbols(mod: llvm.ModuleRef) -> None:
    """Every external function must resolve in the process (MCJIT aborts otherwise)."""
    for fn in mod.functions:
        if fn.is_declaration and not fn.name.startswith("llvm.") and \
                not llvm.address_of_symbol(fn.name):
            raise CodegenError(f"external function @{fn.name} is not available in this "
                               "process (no definition to link)")


def jit_module(text: str, opt: int) -> tuple[Engine, str]:
    """Parse, verify, optimize and JIT LLVM IR text; returns the engine and the
    optimized IR."""
    tm = host_machine(opt)
    mod = llvm.parse_assembly(text)
    mod.verify()
    check_symbols(mod)
    optimize(mod, tm, opt)
    opt_text = str(mod)
    return Engine(mod, tm), opt_text


def compile_cpu(module: ModuleOp, func: str, opt: int = 3, key: str | None = None
                ) -> CompiledFunction:
    """Lower ``func`` (and its callees) for the host, JIT it, return the callable.

    Cached per session on (module text, function, opt level)."""
    key = key or module_key(module)
    ck = (key, func, "cpu", opt)
    hit = _CACHE.get(ck)
    if hit is not None:
        return hit
    target = host_target(opt)
    ml = ModuleLowering(module, target, name=func)
    irmod = ml.lower([func])
    fop = ml.program.functions[func]
    _, ins, outs = ml.signature(fop)
    add_wrapper(irmod, func, ins, outs)
    text = str(irmod)
    with _LOCK:
        engine, opt_text = jit_module(text, opt)
    mutable = [(g.name, _global_size(g)) for g in ml.gvars.values() if not g.global_constant]
    engine.snapshot_globals(mutable)
    cf = CompiledFunction(engine, func, ins, outs, engine, llvm_ir=text)
    _CACHE[ck] = cf
    return cf


def _global_size(g: ir.GlobalVariable) -> int:
    from activity.codegen.types import elem_size

    aty = g.value_type
    return aty.count * elem_size(aty.element)  # type: ignore[attr-defined]


def clear_cache() -> None:
    _CACHE.clear()
