"""A native entry for compiled functions: argument checks and packing in compiled code.

Why: a call from Python checked and packed every argument in Python, about 1.5 us per
array on this project's machines, so BA's gradient (0.12 us of compiled code, nine
arrays) cost 28 us per call, most of it converting arguments.  A user calling a small
objective in an optimizer's inner loop pays that on every step, and it hides, per call,
what pruning saves.

``_activity_<F>_entry(ptr args, ptr packed, ptr consts) -> i32`` is emitted next to the
packed wrapper (:mod:`activity.codegen.jit`).  ``args`` is the Python tuple of the
call's arguments.  The entry reads each argument's object in place and accepts only
the common case: an exact ``numpy.ndarray`` of the parameter's dtype (the very dtype
object), C-contiguous and writeable, of the right rank and static sizes, for a memref
with the identity layout; an exact ``float`` or ``numpy.float64`` for an ``f64``; an
exact ``int`` of at most one internal digit (30 bits) for an ``i64`` or ``index``.  It
then writes the descriptor fields into the wrapper's slots, calls the wrapper and
returns 0.  Anything else returns ``i + 1`` for the first argument ``i`` it did not
accept, *before* the function is called, and the caller takes the Python path, which
handles every other case and raises every error message.  Functions with other
parameter types (narrower floats and integers, pointers, strided layouts) get no entry.

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
"""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from llvmlite import ir
from xdsl.dialects.builtin import Float64Type, IndexType, IntegerType, MemRefType
from xdsl.ir import Attribute

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
ARRAY_DESCR = 56
ARRAY_FLAGS = 64
C_WRITEABLE = 0x0001 | 0x0400  # NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_WRITEABLE

# consts[0..3]: the type objects; consts[4], consts[5]: PyEval_SaveThread and
# PyEval_RestoreThread; consts[6 + j]: the dtype of the j-th memref parameter
_NDARRAY, _FLOAT, _FLOAT64, _INT, _SAVE, _RESTORE = range(6)
_DTYPES = 6

# called holding the GIL (PYFUNCTYPE); the entry releases it around the function only
ENTRY_TYPE = ctypes.PYFUNCTYPE(ctypes.c_int32, ctypes.py_object, ctypes.c_void_p,
                               ctypes.c_void_p)
_SAVE_THREAD = ctypes.cast(ctypes.pythonapi.PyEval_SaveThread, ctypes.c_void_p).value or 0
_RESTORE_THREAD = ctypes.cast(ctypes.pythonapi.PyEval_RestoreThread,
                              ctypes.c_void_p).value or 0


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
    if isinstance(t, IndexType) or (isinstance(t, IntegerType) and t.width.data == 64):
        return "i64"
    return None


def supported(ins: Sequence[Attribute]) -> bool:
    """Whether a function with these parameter types gets an entry in this process."""
    return OBJECTS is not None and bool(_SAVE_THREAD and _RESTORE_THREAD) and \
        all(_kind(t) is not None for t in ins)


def add_entry(mod: ir.Module, func: str, ins: Sequence[Attribute], wrapper: str) -> bool:
    """Emit ``_activity_<func>_entry`` into ``mod`` (next to the packed wrapper
    ``wrapper``); ``False`` (nothing emitted) when :func:`supported` says no."""
    if not supported(ins):
        return False
    assert OBJECTS is not None
    fn = ir.Function(mod, ir.FunctionType(I32, [PTR, PTR, PTR]), name=entry_name(func))
    args, packed, consts = fn.args
    b = ir.IRBuilder(fn.append_basic_block("entry"))

    def at(p: ir.Value, off: int, ty: ir.Type) -> ir.Value:
        return b.load(b.gep(p, [ir.Constant(I64, off)], source_etype=I8), typ=ty)

    def const(j: int) -> ir.Value:
        return b.load(b.gep(consts, [ir.Constant(I64, j)], source_etype=I64), typ=I64)

    def slot(k: int, v: ir.Value) -> None:
        p = b.load(b.gep(packed, [ir.Constant(I64, k)], source_etype=PTR), typ=PTR)
        b.store(v, p)

    def require(ok: ir.Value, i: int) -> None:
        fail = fn.append_basic_block(f"reject{i}")
        good = fn.append_basic_block(f"arg{i}")
        b.cbranch(ok, good, fail)
        with b.goto_block(fail):
            b.ret(ir.Constant(I32, i + 1))
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
    b.ret(ir.Constant(I32, 0))
    return True


def entry_consts(ins: Sequence[Attribute], dtypes: Sequence[np.dtype | None]) -> ctypes.Array:
    """The ``consts`` array of a function's entry: the type objects, the two GIL
    functions, then the dtype object each memref parameter requires (``dtypes[i]`` for
    parameter ``i``)."""
    vals = [id(np.ndarray), id(float), id(np.float64), id(int), _SAVE_THREAD,
            _RESTORE_THREAD]
    vals += [id(d) for t, d in zip(ins, dtypes, strict=True) if isinstance(t, MemRefType)]
    return (ctypes.c_int64 * len(vals))(*vals)
