"""Python values for a function's parameters, checked in the user's terms.

One set of checks for every way a function is called from Python or the command line
(``activity.compile``'s and ``activity.gradient``'s callables, ``activity.evaluate``,
``activity run --inputs``): a value of the wrong kind raises a ``TypeError``, one out
of its type's range or an array of the wrong rank or static size a ``ValueError``, each
naming the argument as the user's function does (:func:`label`: ``argument 4 ('n',
index) of @f``).

Ranges: an ``f64``/``f32``/``f16`` takes any real number up to its largest finite
magnitude (infinities and NaN as they are); ``index`` is signed, -2**63 .. 2**63-1;
MLIR's integers are signless, so an ``iN`` (N > 1) takes both the signed and the
unsigned range, -2**(N-1) .. 2**N-1 (``i8``: -128 .. 255), and ``i1`` 0 and 1.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
from xdsl.dialects.builtin import (
    AnyFloat,
    Float64Type,
    IndexType,
    IntegerType,
    MemRefType,
)
from xdsl.dialects.llvm import LLVMArrayType, LLVMPointerType, LLVMStructType
from xdsl.ir import Attribute, Operation, SSAValue

from activity.analysis.args import arg_attr_dicts, arg_label
from activity.engine.program import entry_args, sym_name
from activity.ops.table import float_width

# the dtypes an array may have for a memref of each element type (the first is the one
# compiled code and the interpreter make; integers are signless: either signedness)
DTYPES: dict[str, tuple[np.dtype, ...]] = {
    "f64": (np.dtype(np.float64),), "f32": (np.dtype(np.float32),),
    "f16": (np.dtype(np.float16),),
    "i64": (np.dtype(np.int64), np.dtype(np.uint64)),
    "i32": (np.dtype(np.int32), np.dtype(np.uint32)),
    "i16": (np.dtype(np.int16), np.dtype(np.uint16)),
    "i8": (np.dtype(np.int8), np.dtype(np.uint8)),
    "i1": (np.dtype(np.bool_), np.dtype(np.uint8), np.dtype(np.int8)),
}

_FLOAT_MAX = {64: float(np.finfo(np.float64).max), 32: float(np.finfo(np.float32).max),
              16: float(np.finfo(np.float16).max)}


def label(func: Operation, i: int, arg: SSAValue | None = None) -> str:
    """``argument 4 ('n', index) of @f``: argument ``i`` of ``func`` by position, name
    (its tag or SSA name, where it has one) and type."""
    if arg is None:
        arg = entry_args(func)[i]
    name = arg_label(func, i, arg)
    dicts = arg_attr_dicts(func)
    named = arg.name_hint is not None or (i < len(dicts) and any(
        k in dicts[i] for k in ("tag", "enzyme.tag")))
    return (f"argument {i} ({repr(name) + ', ' if named else ''}{arg.type}) of "
            f"@{sym_name(func)}")


def labels(func: Operation) -> list[str]:
    """:func:`label` of every argument of ``func`` (a function with a body)."""
    return [label(func, i, a) for i, a in enumerate(entry_args(func))]


def _short(x: Any) -> str:
    """A number as an error message shows it (not the 401 digits of ``10**400``)."""
    if isinstance(x, int) and abs(x) >= 10 ** 21:
        return f"an integer of {len(str(abs(x)))} digits"
    return repr(x)


def _item(x: Any) -> Any:
    return x.item() if isinstance(x, np.ndarray) and x.ndim == 0 else x


def float_arg(x: Any, t: Attribute, what: str) -> float:
    """``x`` for a float parameter of type ``t``, as a Python float (not yet rounded to
    ``t``): a ``TypeError`` for what is not a real number (bools and complex numbers
    included), a ``ValueError`` for a finite number beyond ``t``'s largest."""
    if type(x) is float and isinstance(t, Float64Type):
        return x
    x = _item(x)
    if isinstance(x, bool | np.bool_) or not isinstance(x, int | float | np.number) \
            or isinstance(x, complex | np.complexfloating):
        raise TypeError(f"{what}: expected a float, got {type(x).__name__}")
    try:
        v = float(x)
    except OverflowError:
        v = math.inf
    top = _FLOAT_MAX.get(float_width(t))
    if top is not None and (math.isinf(v) or abs(v) > top) and not (
            isinstance(x, float | np.floating) and math.isinf(x)):
        raise ValueError(f"{what}: {_short(x)} is out of range for {t} (largest finite "
                         f"magnitude {top!r}; pass inf for an infinity)")
    return v


def int_range(t: Attribute) -> tuple[int, int]:
    """``[lo, hi)`` of the values an integer parameter of type ``t`` takes."""
    if isinstance(t, IndexType):
        return -(1 << 63), 1 << 63
    w = t.width.data  # type: ignore[attr-defined]
    return (0, 2) if w == 1 else (-(1 << (w - 1)), 1 << w)


def int_arg(x: Any, t: Attribute, what: str) -> int:
    """``x`` for an integer or index parameter of type ``t``, as a Python int (not
    wrapped): a ``TypeError`` for what is not an integer (a float included), a
    ``ValueError`` for one outside :func:`int_range`."""
    x = _item(x)
    if not isinstance(x, int | np.integer | bool | np.bool_):
        raise TypeError(f"{what}: expected an integer, got {type(x).__name__}")
    v = int(x)
    lo, hi = int_range(t)
    if not lo <= v < hi:
        how = "" if isinstance(t, IndexType) or t.width.data == 1 else \
            "; signless: the signed or the unsigned range"  # type: ignore[attr-defined]
        raise ValueError(f"{what}: {_short(v)} is out of range for {t} ({lo} to "
                         f"{hi - 1}{how})")
    return v


def scalar_arg(x: Any, t: Attribute, what: str) -> int | float:
    """:func:`float_arg` or :func:`int_arg` by the type ``t``."""
    if isinstance(t, AnyFloat):
        return float_arg(x, t, what)
    return int_arg(x, t, what)


def memref_dtypes(t: MemRefType) -> tuple[np.dtype, ...] | None:
    """The dtypes an array may have for memref type ``t`` (``None``: an element type
    no numpy dtype stands for)."""
    e = t.element_type
    if isinstance(e, IndexType):
        return DTYPES["i64"]
    if isinstance(e, IntegerType):
        return DTYPES.get(f"i{e.width.data}")
    if isinstance(e, AnyFloat):
        return DTYPES.get(f"f{float_width(e)}") if not str(e).startswith("bf") else None
    return None


def check_array(x: Any, what: str, dtypes: Sequence[np.dtype], rank: int,
                static_dims: Sequence[tuple[int, int]]) -> None:
    """A ``TypeError`` unless ``x`` is a numpy array of one of ``dtypes``, a
    ``ValueError`` unless it has ``rank`` dimensions and the ``static_dims`` (pairs of
    dimension and size) the memref type fixes."""
    if not isinstance(x, np.ndarray):
        raise TypeError(f"{what}: expected a numpy array, got {type(x).__name__}")
    dt = x.dtype
    if dt not in dtypes:
        if dt.char in {d.char for d in dtypes}:  # same kind, other byte order
            raise TypeError(f"{what}: expected native byte order ({dtypes[0]}), "
                            f"got {dt.str}; pass x.astype({dtypes[0]})")
        raise TypeError(f"{what}: expected dtype {dtypes[0]}, got {dt}")
    shape = x.shape
    if len(shape) != rank:
        raise ValueError(f"{what}: expected a rank-{rank} array, got shape {shape}")
    for k, want in static_dims:
        if shape[k] != want:
            raise ValueError(f"{what}: dimension {k} must be {want}, got shape {shape}")


def check_memref(x: Any, t: MemRefType, what: str) -> None:
    """:func:`check_array` for memref type ``t`` (any dtype for element types no
    numpy dtype stands for)."""
    shape = t.get_shape()
    dts = memref_dtypes(t)
    if dts is None:
        if not isinstance(x, np.ndarray):
            raise TypeError(f"{what}: expected a numpy array, got {type(x).__name__}")
        dts = (x.dtype,)
    check_array(x, what, dts, len(shape),
                [(k, n) for k, n in enumerate(shape) if n >= 0])


# ------------------------------------------------------------------ pointers to structs

def pointee_struct(arg: SSAValue) -> LLVMStructType | None:
    """The struct type ``S`` where the ``!llvm.ptr`` ``arg`` is indexed as an array of
    ``S`` (C's ``p[i].x``: a ``getelementptr`` on ``arg`` whose element type is ``S``,
    also in the callees it is passed to) and as no other struct; else None."""
    from activity.engine.types import pointer_uses

    seen: set[Attribute] = set()
    for use in pointer_uses(arg):
        op = use.operation
        if op.name == "llvm.getelementptr" and use.index == 0:
            et = op.properties.get("elem_type")
            if isinstance(et, LLVMStructType):
                seen.add(et)
    return next(iter(seen)) if len(seen) == 1 else None  # type: ignore[return-value]


def _scalars(t: Attribute, at: int = 0) -> list[tuple[int, str, int]] | None:
    """(offset, kind ``f``/``i``, bytes) of every scalar of an LLVM type laid out with
    natural alignment (None: a type that holds no such scalars)."""
    from activity.semantics.memory import field_offsets, layout

    if isinstance(t, AnyFloat):
        return [(at, "f", float_width(t) // 8)]
    if isinstance(t, IntegerType):
        return [(at, "i", layout(t)[0])]
    if isinstance(t, LLVMPointerType):
        return [(at, "i", 8)]
    if isinstance(t, LLVMArrayType):
        size = layout(t.type)[0]
        out: list[tuple[int, str, int]] = []
        for k in range(t.size.data):
            part = _scalars(t.type, at + k * size)
            if part is None:
                return None
            out += part
        return out
    if isinstance(t, LLVMStructType):
        out = []
        for f, off in zip(t.types.data, field_offsets(t), strict=True):
            part = _scalars(f, at + off)
            if part is None:
                return None
            out += part
        return out
    return None


def _dtype_scalars(dt: np.dtype, at: int = 0) -> list[tuple[int, str, int]] | None:
    if dt.subdtype is not None:
        base, shape = dt.subdtype
        out: list[tuple[int, str, int]] = []
        for k in range(int(np.prod(shape))):
            part = _dtype_scalars(base, at + k * base.itemsize)
            if part is None:
                return None
            out += part
        return out
    if dt.fields is not None:
        out = []
        for sub, off, *_ in sorted(dt.fields.values(), key=lambda f: f[1]):
            part = _dtype_scalars(sub, at + off)
            if part is None:
                return None
            out += part
        return out
    if dt.kind == "f":
        return [(at, "f", dt.itemsize)]
    if dt.kind in "iub":
        return [(at, "i", dt.itemsize)]
    return None


def _suggest(t: LLVMStructType) -> str:
    from activity.semantics.memory import layout

    def code(f: Attribute) -> str | None:
        if isinstance(f, AnyFloat):
            return f"f{float_width(f) // 8}"
        if isinstance(f, IntegerType):
            return f"i{layout(f)[0]}"
        if isinstance(f, LLVMPointerType):
            return "u8"
        if isinstance(f, LLVMArrayType):
            inner = code(f.type)
            return None if inner is None else f"({f.size.data},){inner}"
        return None

    codes = [code(f) for f in t.types.data]
    if None in codes:
        return "a structured array of its layout"
    fields = ", ".join(f"('f{k}', '{c}')" for k, c in enumerate(codes))
    return f"an array of np.dtype([{fields}], align=True)"


def struct_mismatch(dtype: np.dtype, t: LLVMStructType) -> str | None:
    """Why an array of numpy ``dtype`` cannot be the array of structs ``t`` a pointer
    is indexed as, or None: a plain dtype fits only a struct of scalars all of that
    kind and size (``struct {double x, y;}`` and float64), a structured one only the
    same scalars at the same offsets, and the same element size."""
    from activity.semantics.memory import layout

    want = _scalars(t)
    if want is None:
        return None  # (a struct of vectors, ...: not checked)
    size = layout(t)[0]
    if dtype.fields is None and dtype.subdtype is None:
        got = _dtype_scalars(dtype)
        if got is not None and all(k == got[0][1] and n == got[0][2] for _, k, n in want) \
                and sum(n for _, _, n in want) == size:
            return None
    else:
        got = _dtype_scalars(dtype)
        if got == want and dtype.itemsize == size:
            return None
    return (f"the function indexes it as an array of {t} ({size} bytes each), got an "
            f"array of {dtype}; pass {_suggest(t)}")


def check_pointer(x: Any, what: str, spec: tuple[int, bool, str] | None,
                  struct: LLVMStructType | None) -> None:
    """A ``TypeError`` where array ``x`` cannot be what an ``!llvm.ptr`` parameter
    points to: the scalars it is read as (``spec``, a
    :func:`activity.engine.types.pointee_spec`) or the structs it is indexed as."""
    from activity.engine.types import pointee_mismatch

    why = pointee_mismatch(x.dtype, spec)
    if why is None and struct is not None:
        why = struct_mismatch(x.dtype, struct)
    if why is not None:
        raise TypeError(f"{what}: {why}")


__all__ = ["DTYPES", "check_array", "check_memref", "check_pointer", "float_arg",
           "int_arg", "int_range", "label", "labels", "memref_dtypes", "pointee_struct",
           "scalar_arg", "struct_mismatch"]
