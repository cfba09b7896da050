"""A native entry for compiled functions: argument checks and packing in compiled code.

Why: a call from Python checked and packed every argument in Python, about 1.5 us per
array on this project's machines, so BA's gradient (0.12 us of compiled code, nine
arrays) cost 28 us per call, most of it converting arguments.  A user calling a small
objective in an optimizer's inner loop pays that on every step, and it hides, per call,
what pruning saves.

``_activity_<F>_entry(ptr args, ptr packed, ptr consts) -> ptr`` is emitted next to the
packed wrapper (:mod:`activity.codegen.jit`).  ``args`` is the Python tuple of the
call's arguments.  The entry reads each argument's object in place and accepts only
the common case: an exact ``numpy.ndarray`` of the parameter's dtype (the very dtype
object), C-contiguous and writeable, of the right rank and static sizes, for a memref
with the identity layout; an exact ``float`` or ``numpy.float64`` for an ``f64``, the
same for an ``f32`` (rounded to nearest, as the Python path rounds it; a finite value
beyond f32's largest goes to the Python path, which refuses it); an
exact ``int`` of at most one internal digit (30 bits) for an ``i64`` or ``index``.  It
then writes the descriptor fields into the wrapper's slots, calls the wrapper and
returns the result (below).  Anything else returns ``MISS`` *before* the function is
called, and the caller takes the Python path, which handles every other case and
raises every error message.  Functions with other
parameter types (f16, narrower integers, pointers, strided layouts) get no entry.

The entry is called holding the GIL (``ctypes.PYFUNCTYPE``), so no other thread can
reshape an array while it is read (numpy frees the old dimensions).  It releases the
GIL around the wrapper call only (``PyEval_SaveThread``), as a plain ctypes call
would, so a long computation does not stop other Python threads.

The object layouts read are public, ABI-stable structs (``PyTupleObject``,
``PyFloatObject``, NumPy's ``PyArrayObject_fields``) plus CPython's internal integer
layout, which changed in 3.12; :func:`probe` checks every offset on sample objects at
import and the entry is not used (``OBJECTS is None``) if any differs, or on another
Python implementation.  Type objects and dtypes are passed in ``consts`` at run time,
so the module's text does not depend on the process.

The entry returns a Python object (a new reference, ``ctypes.py_object``): ``MISS``
(:data:`MISS`, before anything was called), ``COLLECT`` (:data:`COLLECT`: called, the
results left in the slots for Python to collect) or the call's result itself, made by
the entry (:func:`_emit_results`) where every result is an ``f64``, an ``i64``/``index``
or a memref of ``f64``/``f32``/``i64``/``i32`` whose block is C-contiguous, its own
(no argument's, no other result's, not a global's) and malloc'd: each becomes a fresh
numpy array (``PyArray_NewFromDescr`` through numpy's C-API table), the block is copied
into it and freed -- what :meth:`CompiledFunction._collect` does in Python, without its
2-3 us per memref result (a trivial tensor function's gradient call: 4.1 -> 1.3 us).
A result of ``TAKE_MIN`` bytes or more at offset 0 of a block it covers (nearly) whole
(:func:`covers_block`) is not copied where the caller gave the capsules' destructor
(``consts[_DESTRUCTOR]``: activity/codegen/jit.py's ``TAKE_BLOCKS``): the array is made
over the block and a capsule that frees it becomes the array's base.
Anything else (another result type, a shared, foreign or strided block, a failure in
the check record, :mod:`activity.codegen.checks`) gives ``COLLECT`` and Python
collects (or raises) as before.
"""

from __future__ import annotations

import ctypes
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from llvmlite import ir
from xdsl.dialects.builtin import Float32Type, Float64Type, IndexType, IntegerType, MemRefType
from xdsl.ir import Attribute

from activity.codegen.checks import RECORD
from activity.codegen.types import PTR, flat_types, layout

I8 = ir.IntType(8)
I32 = ir.IntType(32)
I64 = ir.IntType(64)
F64 = ir.DoubleType()

# offsets in bytes (checked by probe())
OB_TYPE = 8
TUPLE_ITEMS = 24
FLOAT_VALUE = 16
LONG_SIZE = 16  # 3.11: signed digit count; 3.12+: lv_tag = digits << 3 | sign bits
LONG_DIGIT = 24
ARRAY_DATA = 16
ARRAY_ND = 24
ARRAY_DIMS = 32
ARRAY_BASE = 48
ARRAY_DESCR = 56
ARRAY_FLAGS = 64
C_WRITEABLE = 0x0001 | 0x0400  # NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_WRITEABLE

# consts[0..3]: the type objects; consts[4], consts[5]: PyEval_SaveThread and
# PyEval_RestoreThread; consts[6..16]: what the entry returns and makes results with
# (_MISS_OBJ ... _NEW_ARRAY); consts[_COLLECT_ON]: nonzero where the entry may make the
# results (CompiledFunction.native_results); consts[_DTYPES + j]: the dtype of the j-th
# memref parameter, then the dtype of each memref result
_NDARRAY, _FLOAT, _FLOAT64, _INT, _SAVE, _RESTORE = range(6)
(_MISS_OBJ, _COLLECT_OBJ, _NONE, _INCREF, _DECREF, _FLOAT_NEW, _LONG_NEW, _TUPLE_NEW,
 _FREE, _ARRAY_TYPE, _NEW_ARRAY, _COLLECT_ON, _CAPSULE_NEW, _DESTRUCTOR, _USABLE_SIZE
 ) = range(6, 21)
_DTYPES = 21


class _Sentinel:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"<entry: {self.name}>"


# what the entry returns when it did not call (an argument it does not accept), and when
# it called but left the results in the slots
MISS = _Sentinel("MISS")
COLLECT = _Sentinel("COLLECT")

# called holding the GIL (PYFUNCTYPE); the entry releases it around the function only;
# it returns a new reference (ctypes takes it over)
ENTRY_TYPE = ctypes.PYFUNCTYPE(ctypes.py_object, ctypes.py_object, ctypes.c_void_p,
                               ctypes.c_void_p)


def _api(name: str) -> int:
    return ctypes.cast(getattr(ctypes.pythonapi, name), ctypes.c_void_p).value or 0


_SAVE_THREAD = _api("PyEval_SaveThread")
_RESTORE_THREAD = _api("PyEval_RestoreThread")
_C_API = [_api(n) for n in ("Py_IncRef", "Py_DecRef", "PyFloat_FromDouble",
                            "PyLong_FromLongLong", "PyTuple_New")]
_LIBC = ctypes.CDLL(None)
_FREE_ADDR = ctypes.cast(_LIBC.free, ctypes.c_void_p).value or 0
_CAPSULE_NEW_ADDR = _api("PyCapsule_New")

# a memref result's block of at least this many bytes is handed to its array, not
# copied (where the caller gives the capsules' destructor: activity/codegen/jit.py's
# TAKE_BLOCKS, capsule_free); a smaller one is copied, which costs less
TAKE_MIN = 1 << 16
# and only where the result covers its block (nearly) whole: covers_block
TAKE_SLACK = 1 << 12


def covers_block(usable: int, nbytes: int) -> bool:
    """Whether a result of ``nbytes`` (at offset 0 of its block) may take a block of
    ``usable`` bytes (glibc's ``malloc_usable_size``): at most twice its size, plus
    ``TAKE_SLACK`` for the allocator's rounding and the alignment padding -- a small
    view must not keep a large block alive with its array.  The native entry makes the
    same test (:func:`_emit_results`)."""
    return usable <= 2 * nbytes + TAKE_SLACK


def _usable_size() -> int:
    """The address of ``malloc_usable_size`` (glibc, musl), or 0 (no block handed over)."""
    try:
        return ctypes.cast(_LIBC.malloc_usable_size, ctypes.c_void_p).value or 0
    except AttributeError:  # pragma: no cover (another C library)
        return 0


USABLE_SIZE_ADDR = _usable_size()


def _numpy_new_array() -> int:
    """``PyArray_NewFromDescr`` (slot 94 of numpy's C-API table, ABI-stable since numpy
    1.0), or 0: the table is found as a C extension finds it (the ``_ARRAY_API``
    capsule), and used only if its slot 2 is ``numpy.ndarray`` and a probe call makes the
    array it should."""
    try:
        try:
            from numpy._core import _multiarray_umath as mu
        except ImportError:  # pragma: no cover (numpy 1.x)
            from numpy.core import _multiarray_umath as mu  # type: ignore[no-redef]
        cap = mu._ARRAY_API
        get = ctypes.pythonapi.PyCapsule_GetPointer
        get.restype = ctypes.c_void_p
        get.argtypes = [ctypes.py_object, ctypes.c_char_p]
        table = get(cap, None)
        if not table:
            return 0
        slots = (ctypes.c_void_p * 95).from_address(table)
        if slots[2] != id(np.ndarray) or not slots[94]:
            return 0
        new = ctypes.PYFUNCTYPE(ctypes.py_object, ctypes.c_void_p, ctypes.py_object,
                                ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p,
                                ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p)(slots[94])
        dt = np.dtype(np.float64)
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(dt))  # (the call steals one)
        dims = (ctypes.c_int64 * 2)(2, 3)
        a = new(id(np.ndarray), dt, 2, ctypes.addressof(dims), None, None, 0, None)
        if type(a) is not np.ndarray or a.shape != (2, 3) or a.dtype != dt or \
                not a.flags.c_contiguous or not a.flags.writeable or not a.flags.owndata:
            return 0
        return int(slots[94])
    except Exception:  # pragma: no cover (a foreign numpy)
        return 0


_NEW_ARRAY_ADDR = _numpy_new_array()


@dataclass(frozen=True)
class Objects:
    """The object layout of this process, as probed."""

    int_tag: bool  # CPython >= 3.12's lv_tag (else 3.11's signed digit count)


def _word(addr: int) -> int:
    return ctypes.c_int64.from_address(addr).value


def _probe_int_tag() -> bool | None:
    """Which integer layout reads every sample right (``None``: neither)."""
    samples = [0, 1, -1, 7, -7, (1 << 30) - 1, -((1 << 30) - 1)]
    big = [1 << 30, -(1 << 40), 1 << 62]

    def read(x: int, tag: bool) -> int | None:
        w = _word(id(x) + LONG_SIZE)
        digit = ctypes.c_uint32.from_address(id(x) + LONG_DIGIT).value
        if tag:
            if w >> 3 > 1:
                return None
            return (1 - (w & 3)) * digit if w >> 3 else 0
        if w not in (-1, 0, 1):
            return None
        return w * digit

    for tag in (True, False):
        if all(read(x, tag) == x for x in samples) and all(read(x, tag) is None for x in big):
            return tag
    return None


def probe() -> Objects | None:
    """The offsets above, checked on sample objects; ``None`` when any differs."""
    if sys.implementation.name != "cpython":
        return None
    try:
        base = np.arange(24, dtype=np.float64).reshape(4, 6)
        arrays: list[np.ndarray] = [
            base, base[1:], base[:, 2:], base.T, np.zeros(0), np.ones(3, np.int32),
            np.empty((2, 0)), np.zeros((2, 3, 4), np.float32), np.zeros(())]
        frozen = np.zeros(2)
        frozen.flags.writeable = False
        for a in [*arrays, frozen]:
            at = id(a)
            if _word(at + OB_TYPE) != id(type(a)) or \
                    _word(at + ARRAY_DATA) != a.__array_interface__["data"][0] or \
                    ctypes.c_int32.from_address(at + ARRAY_ND).value != a.ndim or \
                    _word(at + ARRAY_DESCR) != id(a.dtype) or \
                    ctypes.c_int32.from_address(at + ARRAY_FLAGS).value != a.flags.num:
                return None
            dims = _word(at + ARRAY_DIMS)
            if a.ndim and tuple(_word(dims + 8 * k) for k in range(a.ndim)) != a.shape:
                return None
            if ((a.flags.num & C_WRITEABLE) == C_WRITEABLE) != \
                    (a.flags.c_contiguous and a.flags.writeable):
                return None
        for a in arrays[1:4]:  # (views: their base is the array they view)
            if _word(id(a) + ARRAY_BASE) != id(a.base):
                return None
        t = (base, 1.5, 3)
        if any(_word(id(t) + TUPLE_ITEMS + 8 * i) != id(x) for i, x in enumerate(t)):
            return None
        for f in (2.75, -0.0, float("inf"), np.float64(-3.25)):
            if ctypes.c_double.from_address(id(f) + FLOAT_VALUE).value != f or \
                    _word(id(f) + OB_TYPE) != id(type(f)):
                return None
        tag = _probe_int_tag()
        if tag is None or _word(id(5) + OB_TYPE) != id(int):
            return None
    except Exception:  # pragma: no cover (a foreign layout)
        return None
    return Objects(int_tag=tag)


OBJECTS = probe()


def entry_name(func: str) -> str:
    return f"_activity_{func}_entry"


def _kind(t: Attribute) -> str | None:
    if isinstance(t, MemRefType):
        lay = layout(t)
        return "memref" if lay.identity and lay.offset == 0 else None
    if isinstance(t, Float64Type):
        return "f64"
    if isinstance(t, Float32Type):
        return "f32"
    if isinstance(t, IndexType) or (isinstance(t, IntegerType) and t.width.data == 64):
        return "i64"
    return None


def supported(ins: Sequence[Attribute]) -> bool:
    """Whether a function with these parameter types gets an entry in this process."""
    return OBJECTS is not None and bool(_SAVE_THREAD and _RESTORE_THREAD) and \
        all(_kind(t) is not None for t in ins)


def add_entry(mod: ir.Module, func: str, ins: Sequence[Attribute], wrapper: str,
              outs: Sequence[Attribute] = ()) -> bool:
    """Emit ``_activity_<func>_entry`` into ``mod`` (next to the packed wrapper
    ``wrapper``; ``outs``: the function's result types); ``False`` (nothing emitted)
    when :func:`supported` says no."""
    if not supported(ins):
        return False
    assert OBJECTS is not None
    fn = ir.Function(mod, ir.FunctionType(PTR, [PTR, PTR, PTR]), name=entry_name(func))
    args, packed, consts = fn.args
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    # (the sizes of a result array being made; not ``dims``, a name the argument loop
    # below takes for each array argument's own dimensions)
    shape_buf = b.alloca(I64, max(1, max((len(t.get_shape()) for t in outs
                                          if isinstance(t, MemRefType)), default=1)))

    def at(p: ir.Value, off: int, ty: ir.Type) -> ir.Value:
        return b.load(b.gep(p, [ir.Constant(I64, off)], source_etype=I8), typ=ty)

    def const(j: int) -> ir.Value:
        return b.load(b.gep(consts, [ir.Constant(I64, j)], source_etype=I64), typ=I64)

    def slot(k: int, v: ir.Value) -> None:
        p = b.load(b.gep(packed, [ir.Constant(I64, k)], source_etype=PTR), typ=PTR)
        b.store(v, p)

    def ret_const(j: int) -> None:
        """Return the object ``consts[j]`` (a new reference)."""
        obj = b.inttoptr(const(j), PTR)
        b.call(b.inttoptr(const(_INCREF), ir.FunctionType(ir.VoidType(), [PTR]).as_pointer()),
               [obj])
        b.ret(obj)

    def require(ok: ir.Value, i: int) -> None:
        fail = fn.append_basic_block(f"reject{i}")
        good = fn.append_basic_block(f"arg{i}")
        b.cbranch(ok, good, fail)
        with b.goto_block(fail):
            ret_const(_MISS_OBJ)
        b.position_at_end(good)

    k = 0
    memrefs = 0
    for i, t in enumerate(ins):
        obj = at(args, TUPLE_ITEMS + 8 * i, PTR)
        typ = at(obj, OB_TYPE, I64)
        kind = _kind(t)
        if kind == "memref":
            assert isinstance(t, MemRefType)
            lay = layout(t)
            require(b.icmp_unsigned("==", typ, const(_NDARRAY)), i)
            descr = at(obj, ARRAY_DESCR, I64)
            ok = b.icmp_unsigned("==", descr, const(_DTYPES + memrefs))
            flags = b.and_(at(obj, ARRAY_FLAGS, I32), ir.Constant(I32, C_WRITEABLE))
            ok = b.and_(ok, b.icmp_unsigned("==", flags, ir.Constant(I32, C_WRITEABLE)))
            nd = at(obj, ARRAY_ND, I32)
            ok = b.and_(ok, b.icmp_unsigned("==", nd, ir.Constant(I32, lay.rank)))
            require(ok, i)
            dims = at(obj, ARRAY_DIMS, PTR)
            sizes = [at(dims, 8 * j, I64) for j in range(lay.rank)]
            static = [b.icmp_unsigned("==", n, ir.Constant(I64, want))
                      for n, want in zip(sizes, lay.shape, strict=True) if want is not None]
            if static:
                ok = static[0]
                for s in static[1:]:
                    ok = b.and_(ok, s)
                require(ok, i)
            data = at(obj, ARRAY_DATA, I64)
            slot(k, data)
            slot(k + 1, data)
            slot(k + 2, ir.Constant(I64, 0))
            stride: ir.Value = ir.Constant(I64, 1)
            strides: list[ir.Value] = []
            for n in reversed(sizes):
                strides.append(stride)
                stride = b.mul(stride, n)
            for j, v in enumerate([*sizes, *reversed(strides)]):
                slot(k + 3 + j, v)
            memrefs += 1
        elif kind == "f64":
            ok = b.or_(b.icmp_unsigned("==", typ, const(_FLOAT)),
                       b.icmp_unsigned("==", typ, const(_FLOAT64)))
            require(ok, i)
            slot(k, at(obj, FLOAT_VALUE, F64))
        elif kind == "f32":
            # (a float, rounded to f32 as the Python path rounds it; a finite one beyond
            # f32's largest is left to the Python path, which refuses it)
            ok = b.or_(b.icmp_unsigned("==", typ, const(_FLOAT)),
                       b.icmp_unsigned("==", typ, const(_FLOAT64)))
            require(ok, i)
            x = at(obj, FLOAT_VALUE, F64)
            mag = b.call(_fabs(mod), [x])
            big = b.and_(b.fcmp_ordered(">", mag, ir.Constant(F64, _F32_MAX)),
                         b.fcmp_ordered("!=", mag, ir.Constant(F64, math.inf)))
            require(b.not_(big), i)
            slot(k, b.fptrunc(x, ir.FloatType()))
        else:
            require(b.icmp_unsigned("==", typ, const(_INT)), i)
            word = at(obj, LONG_SIZE, I64)
            digit = b.zext(at(obj, LONG_DIGIT, I32), I64)
            if OBJECTS.int_tag:  # ndigits = tag >> 3 (0 or 1), sign = 1 - (tag & 3)
                require(b.icmp_unsigned("<", b.lshr(word, ir.Constant(I64, 3)),
                                        ir.Constant(I64, 2)), i)
                sign = b.sub(ir.Constant(I64, 1), b.and_(word, ir.Constant(I64, 3)))
                ndig = b.lshr(word, ir.Constant(I64, 3))
                value = b.mul(b.mul(sign, digit), ndig)
            else:  # ob_size in {-1, 0, 1}
                require(b.icmp_unsigned("<", b.add(word, ir.Constant(I64, 1)),
                                        ir.Constant(I64, 3)), i)
                value = b.mul(word, digit)
            slot(k, value)
        k += len(flat_types(t))
    # every object read above was read holding the GIL (another thread may reshape an
    # array: numpy frees its old dimensions); the function runs without it, as a
    # ctypes call of the wrapper would
    fnp = ir.FunctionType(PTR, []).as_pointer()
    state = b.call(b.inttoptr(const(_SAVE), fnp), [])
    w = mod.globals[wrapper]
    w.attributes.add("noinline")  # one copy of the function's body, in the wrapper
    b.call(w, [packed])
    b.call(b.inttoptr(const(_RESTORE), ir.FunctionType(ir.VoidType(), [PTR]).as_pointer()),
           [state])
    in_allocs = [k0 for k0, t in zip(_offsets(ins), ins, strict=True)
                 if isinstance(t, MemRefType)]
    if native_results(outs):
        _emit_results(fn, b, outs, k, in_allocs, packed, const, shape_buf, ret_const,
                      _DTYPES + memrefs)
    else:
        ret_const(_COLLECT_OBJ)
    return True


def _offsets(types: Sequence[Attribute]) -> list[int]:
    """The first slot of each of ``types`` (each LLVM field one slot)."""
    out, k = [], 0
    for t in types:
        out.append(k)
        k += len(flat_types(t))
    return out


def _result_kind(t: Attribute) -> str | None:
    """How the entry makes a result of type ``t``: ``f64``, ``i64`` or ``memref``;
    ``None``: it does not (Python collects)."""
    if isinstance(t, MemRefType):
        e = t.element_type
        key = ("f64" if isinstance(e, Float64Type) else "f32" if str(e) == "f32" else
               "i64" if isinstance(e, IndexType) or (isinstance(e, IntegerType)
                                                     and e.width.data == 64) else
               "i32" if isinstance(e, IntegerType) and e.width.data == 32 else None)
        return "memref" if key is not None else None
    k = _kind(t)
    return k if k in ("f64", "i64") else None


def _item_size(t: MemRefType) -> int:
    e = t.element_type
    return 4 if str(e) in ("f32", "i32") else 8


def native_results(outs: Sequence[Attribute]) -> bool:
    """Whether the entry of a function with these results makes them itself."""
    return bool(_NEW_ARRAY_ADDR) and all(_result_kind(t) is not None for t in outs)


def _emit_results(fn: ir.Function, b: ir.IRBuilder, outs: Sequence[Attribute], k_out: int,
                  in_allocs: Sequence[int], packed: ir.Value, const: Any, dims: ir.Value,
                  ret_const: Any, dtype_base: int) -> None:
    """After the call: the results as Python objects (see the module docstring), or
    ``COLLECT`` where a memref result's block is not one the entry may take."""
    vfn = ir.FunctionType(ir.VoidType(), [PTR]).as_pointer()

    def slot(k: int, ty: ir.Type) -> ir.Value:
        p = b.load(b.gep(packed, [ir.Constant(I64, k)], source_etype=PTR), typ=PTR)
        return b.load(p, typ=ty)

    # the checks first, nothing made yet: each memref result's block its own, malloc'd
    # (not an argument's, not a global's 0xDEADBEEF, not null, no other result's) and
    # C-contiguous (a unit dimension's stride aside)
    ok: ir.Value = b.icmp_unsigned("!=", const(_COLLECT_ON), ir.Constant(I64, 0))
    record = fn.module.globals.get(RECORD)
    if record is not None:  # a failed check or assertion: Python raises it
        failed = b.load(b.bitcast(record, PTR), typ=I64)
        ok = b.and_(ok, b.icmp_unsigned("==", failed, ir.Constant(I64, 0)))
    arg_allocs = [slot(a, I64) for a in in_allocs]
    mems: list[tuple[int, MemRefType, ir.Value, ir.Value, ir.Value, list[ir.Value]]] = []
    k = k_out
    for t in outs:
        if isinstance(t, MemRefType):
            rank = len(t.get_shape())
            alloc = slot(k, I64)
            aligned = slot(k + 1, I64)
            offset = slot(k + 2, I64)
            sizes = [slot(k + 3 + j, I64) for j in range(rank)]
            strides = [slot(k + 3 + rank + j, I64) for j in range(rank)]
            for bad in [0, 0xDEADBEEF, *arg_allocs, *(m[2] for m in mems)]:
                other = ir.Constant(I64, bad) if isinstance(bad, int) else bad
                ok = b.and_(ok, b.icmp_unsigned("!=", alloc, other))
            acc: ir.Value = ir.Constant(I64, 1)
            for n, st in zip(reversed(sizes), reversed(strides), strict=True):
                unit = b.icmp_unsigned("==", n, ir.Constant(I64, 1))
                ok = b.and_(ok, b.or_(unit, b.icmp_unsigned("==", st, acc)))
                acc = b.mul(acc, n)
            nbytes = b.mul(acc, ir.Constant(I64, _item_size(t)))
            src = b.add(aligned, b.mul(offset, ir.Constant(I64, _item_size(t))))
            mems.append((len(mems), t, alloc, src, nbytes, sizes, offset))
        k += len(flat_types(t))
    make = fn.append_basic_block("make")
    collect = fn.append_basic_block("collect")
    b.cbranch(ok, make, collect)
    with b.goto_block(collect):
        ret_const(_COLLECT_OBJ)
    b.position_at_end(make)
    # every object made, then (if all were) each block handed to its array (below) or
    # copied into it and freed
    new_fty = ir.FunctionType(PTR, [PTR, PTR, I32, PTR, PTR, PTR, I32, PTR])
    null = ir.Constant(PTR, None)
    # (a result of TAKE_MIN bytes or more at offset 0 of a block it covers nearly whole
    # (covers_block), where the caller gave a destructor, takes its block: the array
    # made over it, a capsule that frees it made its base)
    destructor = const(_DESTRUCTOR)
    usable_fty = ir.FunctionType(I64, [PTR]).as_pointer()
    takes = []
    for _, _, alloc, _, nbytes, _, offset in mems:
        cell = b.alloca(ir.IntType(1))
        b.store(ir.Constant(ir.IntType(1), 0), cell)
        big = b.and_(b.and_(b.icmp_unsigned(">=", nbytes, ir.Constant(I64, TAKE_MIN)),
                            b.icmp_unsigned("==", offset, ir.Constant(I64, 0))),
                     b.icmp_unsigned("!=", destructor, ir.Constant(I64, 0)))
        with b.if_then(big):  # (a destructor given: malloc_usable_size is too)
            usable = b.call(b.inttoptr(const(_USABLE_SIZE), usable_fty),
                            [b.inttoptr(alloc, PTR)])
            limit = b.add(b.mul(nbytes, ir.Constant(I64, 2)), ir.Constant(I64, TAKE_SLACK))
            b.store(b.icmp_unsigned("<=", usable, limit), cell)
        takes.append(b.load(cell, typ=ir.IntType(1)))
    objs: list[ir.Value] = []
    k = k_out
    m_iter = iter(mems)
    for t in outs:
        if isinstance(t, MemRefType):
            j, _, _, _, _, sizes, _ = next(m_iter)
            for d, n in enumerate(sizes):
                b.store(n, b.gep(dims, [ir.Constant(I64, d)], source_etype=I64))
            descr = b.inttoptr(const(dtype_base + j), PTR)
            b.call(b.inttoptr(const(_INCREF), vfn), [descr])  # (stolen by the call)
            # (over the block: C-contiguous, aligned, writeable -- numpy checks them)
            data = b.select(takes[j], b.inttoptr(mems[j][3], PTR), null)
            flags = b.select(takes[j], ir.Constant(I32, 0x0501), ir.Constant(I32, 0))
            objs.append(b.call(b.inttoptr(const(_NEW_ARRAY), new_fty.as_pointer()),
                               [b.inttoptr(const(_ARRAY_TYPE), PTR), descr,
                                ir.Constant(I32, len(sizes)), dims, null, data,
                                flags, null]))
        elif _result_kind(t) == "f64":
            objs.append(b.call(b.inttoptr(const(_FLOAT_NEW),
                                          ir.FunctionType(PTR, [F64]).as_pointer()),
                               [slot(k, F64)]))
        else:
            objs.append(b.call(b.inttoptr(const(_LONG_NEW),
                                          ir.FunctionType(PTR, [I64]).as_pointer()),
                               [slot(k, I64)]))
        k += len(flat_types(t))
    if len(outs) > 1:
        objs.append(b.call(b.inttoptr(const(_TUPLE_NEW),
                                      ir.FunctionType(PTR, [I64]).as_pointer()),
                           [ir.Constant(I64, len(outs))]))
    free = b.inttoptr(const(_FREE), vfn)
    caps: list[ir.Value] = []
    cap_fty = ir.FunctionType(PTR, [PTR, PTR, PTR]).as_pointer()
    # (every object made so far: a capsule is made only then -- never with an error
    # pending -- and a failed one stops the others)
    made: ir.Value = ir.Constant(ir.IntType(1), 1)
    for o in objs:
        made = b.and_(made, b.icmp_unsigned("!=", o, ir.Constant(PTR, None)))
    for (_, _, alloc, _, _, _, _), take in zip(mems, takes, strict=True):
        cell = b.alloca(PTR)
        b.store(null, cell)
        with b.if_then(b.and_(take, made)):
            b.store(b.call(b.inttoptr(const(_CAPSULE_NEW), cap_fty),
                           [b.inttoptr(alloc, PTR), null, b.inttoptr(destructor, PTR)]), cell)
        cap = b.load(cell, typ=PTR)
        caps.append(cap)
        made = b.and_(made, b.or_(b.not_(take), b.icmp_unsigned("!=", cap, null)))
    if objs:
        good = fn.append_basic_block("made")
        failed = fn.append_basic_block("failed")
        b.cbranch(made, good, failed)
        with b.goto_block(failed):
            # (out of memory: the error set by the call that failed is raised; what was
            # made is released and every block freed)
            for o in objs:
                nonnull = b.icmp_unsigned("!=", o, ir.Constant(PTR, None))
                with b.if_then(nonnull):
                    b.call(b.inttoptr(const(_DECREF), vfn), [o])
            for (_, _, alloc, _, _, _, _), cap in zip(mems, caps, strict=True):
                # (a capsule made frees its block when released)
                with b.if_else(b.icmp_unsigned("!=", cap, null)) as (has, hasnt):
                    with has:
                        b.call(b.inttoptr(const(_DECREF), vfn), [cap])
                    with hasnt:
                        b.call(free, [b.inttoptr(alloc, PTR)])
            b.ret(ir.Constant(PTR, None))
        b.position_at_end(good)
    for j, _, alloc, src, nbytes, _, _ in mems:
        arr = objs[[i for i, t in enumerate(outs) if isinstance(t, MemRefType)][j]]
        with b.if_else(takes[j]) as (taken, copied):
            with taken:  # (the array takes the capsule's reference: its base)
                b.store(caps[j], b.gep(arr, [ir.Constant(I64, ARRAY_BASE)], source_etype=I8))
            with copied:
                data = b.load(b.gep(arr, [ir.Constant(I64, ARRAY_DATA)], source_etype=I8),
                              typ=PTR)
                b.call(_memcpy(fn.module), [data, b.inttoptr(src, PTR), nbytes,
                                            ir.Constant(ir.IntType(1), 0)])
                b.call(free, [b.inttoptr(alloc, PTR)])
    if not outs:
        ret_const(_NONE)
    elif len(outs) == 1:
        b.ret(objs[0])
    else:
        tup = objs[-1]
        for i, o in enumerate(objs[:-1]):  # (PyTuple_SET_ITEM: the tuple takes them)
            b.store(o, b.gep(tup, [ir.Constant(I64, TUPLE_ITEMS + 8 * i)], source_etype=I8))
        b.ret(tup)


_F32_MAX = float(np.finfo(np.float32).max)


def _fabs(mod: ir.Module) -> ir.Function:
    name = "llvm.fabs.f64"
    f = mod.globals.get(name)
    if f is None:
        f = ir.Function(mod, ir.FunctionType(F64, [F64]), name=name)
    return f


def _memcpy(mod: ir.Module) -> ir.Function:
    name = "llvm.memcpy.p0.p0.i64"
    f = mod.globals.get(name)
    if f is None:
        f = ir.Function(mod, ir.FunctionType(ir.VoidType(), [PTR, PTR, I64, ir.IntType(1)]),
                        name=name)
    return f


def entry_consts(ins: Sequence[Attribute], dtypes: Sequence[np.dtype | None],
                 result_dtypes: Sequence[np.dtype] = (), capsule_free: int = 0
                 ) -> ctypes.Array:
    """The ``consts`` array of a function's entry: the type objects, the two GIL
    functions, the objects and C functions it returns and makes results with (with
    results made by the entry switched off: :func:`set_native_results`), then the dtype
    object each memref parameter requires (``dtypes[i]`` for parameter ``i``) and the
    dtype of each memref result (``result_dtypes``, in order; kept alive by numpy:
    they are its builtin dtypes).  ``capsule_free``: the destructor of the capsules
    that own the result blocks handed to numpy (``TAKE_MIN``; 0: every block copied)."""
    vals = [id(np.ndarray), id(float), id(np.float64), id(int), _SAVE_THREAD,
            _RESTORE_THREAD, id(MISS), id(COLLECT), id(None), *_C_API, _FREE_ADDR,
            id(np.ndarray), _NEW_ARRAY_ADDR, 0, _CAPSULE_NEW_ADDR,
            capsule_free if _CAPSULE_NEW_ADDR and USABLE_SIZE_ADDR else 0, USABLE_SIZE_ADDR]
    assert len(vals) == _DTYPES
    vals += [id(d) for t, d in zip(ins, dtypes, strict=True) if isinstance(t, MemRefType)]
    vals += [id(d) for d in result_dtypes]
    return (ctypes.c_int64 * len(vals))(*vals)


def set_native_results(consts: ctypes.Array, on: bool) -> None:
    """Let the entry make the results itself (``on``), or leave them to Python."""
    consts[_COLLECT_ON] = int(bool(on) and bool(_NEW_ARRAY_ADDR))
