"""Memory models of the reference interpreter: memref buffers and LLVM byte blocks.

Both models store a *tangent* next to every value, because the soundness oracle needs
the forward-mode derivative of memory contents, not only of SSA values: a store writes
``(value, tangent)``, a load reads both back, a copy moves both.

* **memref**: a :class:`Buffer` is a flat numpy array (``float64`` for float elements,
  ``int64`` holding *signed* representatives for integer elements) plus a parallel
  ``float64`` tangent array.  A :class:`MemRef` value is a strided view
  ``(buffer, offset, sizes, strides)`` in element units, exactly MLIR's strided layout,
  so subviews, casts and reinterpret casts are pure metadata.  Arrays passed in by the
  caller are used in place when their dtype matches, so stores are visible to the caller.

* **LLVM**: pointers are plain integers (addresses).  Every allocation (``alloca``,
  ``malloc``, a global, a pointer argument) is a :class:`Block` with a synthetic base
  address; blocks are separated by gaps so that one-past-the-end pointers never alias
  the next block, and a dereference outside every block is an error.  A block's values
  are real little-endian bytes (a ``bytearray``), so type punning, ``memset`` and
  ``memcpy`` behave as in C.  Tangents live beside the bytes in a sparse map
  ``offset -> (size, tangent)`` written by stores of differentiable values; a load of
  the same size at the same offset returns that tangent whatever the load's type (a
  same-size reinterpretation carries the derivative like a bitcast).  A load that only
  *partially* overlaps a stored tangent is rejected with :class:`InterpreterError`
  (its derivative is not a well-defined float); a store that partially overwrites a
  differentiable value drops the overwritten value's tangent (its remaining bytes are
  no longer a value of its type).
"""

from __future__ import annotations

import bisect
import math
import struct
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
from xdsl.dialects.builtin import AnyFloat, IndexType, IntegerType
from xdsl.dialects.llvm import LLVMArrayType, LLVMPointerType, LLVMStructType
from xdsl.ir import Attribute, Operation, SSAValue

from activity.ops.table import float_width, int_width, round_float, signed, wrap


class InterpreterError(Exception):
    """The program did something the reference semantics does not define or model.

    Undefined behaviour (integer division by zero, out-of-bounds access, null
    dereference, ``llvm.unreachable``), failed assertions, ops outside the subset and
    unsupported constructs all raise this; the soundness oracle skips such runs.
    """


class StepLimitExceeded(InterpreterError):
    """The run executed more ops (or nested more calls) than the interpreter allows."""


# ---------------------------------------------------------------------------
# memref buffers


class Buffer:
    """The storage behind one memref allocation (or argument, or global).

    ``data`` is flat; ``is_float`` says whether it holds floats (``float64``) or signed
    integer representatives (``int64``) of ``width``-bit residues.
    """

    __slots__ = ("data", "tan", "is_float", "width", "addr")

    def __init__(self, data: np.ndarray, tan: np.ndarray, is_float: bool, width: int,
                 addr: int) -> None:
        self.data = data
        self.tan = tan
        self.is_float = is_float
        self.width = width
        self.addr = addr


class MemRef:
    """A strided view of a :class:`Buffer`: element ``(i...)`` is ``offset + sum i*s``."""

    __slots__ = ("buf", "offset", "sizes", "strides")

    def __init__(self, buf: Buffer, offset: int, sizes: tuple[int, ...],
                 strides: tuple[int, ...]) -> None:
        self.buf = buf
        self.offset = offset
        self.sizes = sizes
        self.strides = strides

    def __repr__(self) -> str:
        return f"MemRef(offset={self.offset}, sizes={self.sizes}, strides={self.strides})"

    def linear(self, idx: tuple[int, ...]) -> int:
        """Flat buffer position of an element; out-of-bounds indices are an error."""
        pos = self.offset
        for i, n, s in zip(idx, self.sizes, self.strides, strict=True):
            if not 0 <= i < n:
                raise InterpreterError(f"memref index {i} out of bounds [0, {n})")
            pos += i * s
        return pos

    def positions(self) -> np.ndarray:
        """Flat buffer positions of all elements, in row-major order of the view."""
        pos = np.full((), self.offset, dtype=np.int64)
        for n, s in zip(self.sizes, self.strides, strict=True):
            pos = pos[..., None] + np.arange(n, dtype=np.int64) * s
        return pos.reshape(-1)

    def to_array(self) -> np.ndarray:
        """A copy of the viewed elements as a numpy array of the view's shape."""
        pos = self.positions()
        if pos.size and (pos.min() < 0 or pos.max() >= self.buf.data.size):
            raise InterpreterError("memref view exceeds its buffer")
        return self.buf.data[pos].reshape(self.sizes)

    def tangent_array(self) -> np.ndarray:
        """A copy of the tangents of the viewed elements."""
        return self.buf.tan[self.positions()].reshape(self.sizes)


def row_major_strides(sizes: tuple[int, ...]) -> tuple[int, ...]:
    """Identity-layout strides (in elements) of a shape."""
    strides = []
    acc = 1
    for n in reversed(sizes):
        strides.append(acc)
        acc *= n
    return tuple(reversed(strides))


def element_kind(t: Attribute) -> tuple[bool, int]:
    """(is_float, width) of a memref element type."""
    if isinstance(t, AnyFloat):
        return True, float_width(t)
    if isinstance(t, IntegerType | IndexType):
        return False, int_width(t)
    raise InterpreterError(f"unsupported memref element type {t}")


def to_storage(v: object, is_float: bool, width: int) -> float | int:
    """The representative of a value in a buffer's numpy storage."""
    if is_float:
        return v  # type: ignore[return-value]
    return signed(int(v), width)  # type: ignore[call-overload]


def from_storage(x: float | int, is_float: bool, width: int) -> float | int:
    """The interpreter value (float, or unsigned residue) of a stored representative."""
    if is_float:
        return float(x)
    return wrap(int(x), width)


# ---------------------------------------------------------------------------
# LLVM data layout


@dataclass(frozen=True)
class Scalar:
    """How one LLVM scalar type is laid out in bytes."""

    kind: str  # "f" float, "i" integer, "p" pointer
    width: int  # bits of the value
    size: int  # bytes in memory
    codec: struct.Struct | None  # None: arbitrary-width integer (int.to_bytes)

    def encode(self, v: float | int) -> bytes:
        if self.kind == "f":
            v = round_float(float(v), self.width)
        elif self.kind == "i":
            v = wrap(int(v), self.width)
        else:
            v = wrap(int(v), 64)
        if self.codec is None:
            return int(v).to_bytes(self.size, "little")
        return self.codec.pack(v)

    def decode(self, b: bytes | bytearray | memoryview) -> float | int:
        if self.codec is None:
            return wrap(int.from_bytes(b, "little"), self.width)
        v = self.codec.unpack(b)[0]
        if self.kind == "i" and self.width not in (8, 16, 32, 64):
            v = wrap(v, self.width)
        return v


_SCALARS: dict[Attribute, Scalar | None] = {}
_LAYOUT: dict[Attribute, tuple[int, int]] = {}
_FIELDS: dict[Attribute, tuple[int, ...]] = {}

_INT_CODEC = {8: "<B", 16: "<H", 32: "<I", 64: "<Q"}
_FLOAT_CODEC = {16: "<e", 32: "<f", 64: "<d"}


def scalar(t: Attribute) -> Scalar | None:
    """The byte layout of a scalar LLVM type, or None for aggregates."""
    try:
        return _SCALARS[t]
    except KeyError:
        pass
    s: Scalar | None
    if isinstance(t, LLVMPointerType):
        s = Scalar("p", 64, 8, struct.Struct("<Q"))
    elif isinstance(t, AnyFloat):
        w = float_width(t)
        if w not in _FLOAT_CODEC:
            raise InterpreterError(f"unsupported float type {t} in memory")
        s = Scalar("f", w, w // 8, struct.Struct(_FLOAT_CODEC[w]))
    elif isinstance(t, IntegerType | IndexType):
        w = int_width(t)
        size = max(1, (w + 7) // 8)
        if size in (1, 2, 4, 8):
            s = Scalar("i", w, size, struct.Struct(_INT_CODEC[size * 8]))
        else:
            s = Scalar("i", w, size, None)
    elif isinstance(t, LLVMStructType | LLVMArrayType):
        s = None
    else:
        raise InterpreterError(f"unsupported LLVM type {t} in memory")
    _SCALARS[t] = s
    return s


def layout(t: Attribute) -> tuple[int, int]:
    """(size, alignment) in bytes of an LLVM type, with natural alignment padding."""
    try:
        return _LAYOUT[t]
    except KeyError:
        pass
    if isinstance(t, LLVMArrayType):
        n, a = layout(t.type)
        r = (n * t.size.data, a)
    elif isinstance(t, LLVMStructType):
        off, align = 0, 1
        offsets = []
        for f in t.types.data:
            n, a = layout(f)
            off = -(-off // a) * a
            offsets.append(off)
            off += n
            align = max(align, a)
        _FIELDS[t] = tuple(offsets)
        r = (-(-off // align) * align, align)
    else:
        s = scalar(t)
        assert s is not None
        size = s.size if s.size in (1, 2, 4, 8) else 1 << (s.size - 1).bit_length()
        r = (s.size, min(size, 16))
    _LAYOUT[t] = r
    return r


def field_offsets(t: LLVMStructType) -> tuple[int, ...]:
    """Byte offsets of a struct's fields."""
    if t not in _FIELDS:
        layout(t)
    return _FIELDS[t]


GEP_DYNAMIC = -(2**31)  # LLVM's sentinel in rawConstantIndices: the next operand


def gep_offsets(op: Operation) -> tuple[int, list[tuple[SSAValue, int]]]:
    """The byte offset an ``llvm.getelementptr`` adds to its base: a constant, and
    ``(index, scale)`` for each dynamic index (the index a signed integer of its type).
    ``ValueError`` for a dynamic struct field or a step into a non-aggregate."""
    raw = [int(c) for c in op.properties["rawConstantIndices"].get_values()]  # type: ignore
    dyn = list(op.operands[1:])
    t: Attribute = op.properties["elem_type"]  # type: ignore[assignment]
    const = 0
    terms: list[tuple[SSAValue, int]] = []
    for k, c in enumerate(raw):
        if k == 0:
            scale = layout(t)[0]
        elif isinstance(t, LLVMArrayType):
            t = t.type
            scale = layout(t)[0]
        elif isinstance(t, LLVMStructType):
            if c == GEP_DYNAMIC:
                raise ValueError("dynamic struct index in llvm.getelementptr")
            const += field_offsets(t)[c]
            t = t.types.data[c]
            continue
        else:
            raise ValueError(f"llvm.getelementptr into non-aggregate {t}")
        if c == GEP_DYNAMIC:
            terms.append((dyn.pop(0), scale))
        else:
            const += c * scale
    return const, terms


def zero_value(t: Attribute) -> object:
    """The all-zero-bytes value of a type (also the model of undef/poison)."""
    if isinstance(t, LLVMArrayType):
        return tuple(zero_value(t.type) for _ in range(t.size.data))
    if isinstance(t, LLVMStructType):
        return tuple(zero_value(f) for f in t.types.data)
    if isinstance(t, AnyFloat):
        return 0.0
    return 0


def norm_tangent(t: object) -> object:
    """Collapse an all-zero aggregate tangent to ``0.0`` (so ``t != 0.0`` means nonzero)."""
    if isinstance(t, tuple):
        return t if any(norm_tangent(x) != 0.0 for x in t) else 0.0
    return t


def tangent_leaf(t: object, i: int) -> object:
    """Field ``i`` of an aggregate tangent (``0.0`` stands for all zeros)."""
    if isinstance(t, tuple):
        return t[i]
    return 0.0


def members(t: Attribute) -> list[tuple[int, Attribute]]:
    """(byte offset, type) of the direct members of an aggregate type."""
    if isinstance(t, LLVMArrayType):
        n, _ = layout(t.type)
        return [(i * n, t.type) for i in range(t.size.data)]
    assert isinstance(t, LLVMStructType)
    return list(zip(field_offsets(t), t.types.data, strict=True))


# ---------------------------------------------------------------------------
# LLVM byte memory


class Block:
    """One LLVM allocation: bytes plus sparse tangents ``offset -> (size, tangent)``."""

    __slots__ = ("base", "size", "data", "tans", "name", "end")

    def __init__(self, base: int, size: int, name: str) -> None:
        self.base = base
        self.size = size
        self.end = base + size
        self.data = bytearray(size)
        self.tans: dict[int, tuple[int, float]] = {}
        self.name = name


_MAX_CELL = 16  # widest scalar cell whose tangent we track (bytes)
_GAP = 64  # bytes between blocks (keeps one-past-the-end pointers out of other blocks)


class LLVMMemory:
    """All LLVM blocks of one run, addressed by synthetic integer addresses."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.bases: list[int] = []
        self.next = 0x10000
        self._last: Block | None = None

    def allocate(self, size: int, name: str) -> Block:
        """A fresh zero-filled block of ``size`` bytes."""
        if size < 0:
            raise InterpreterError(f"negative allocation size {size}")
        if size > 1 << 28:
            raise InterpreterError(f"allocation of {size} bytes is too large to model")
        blk = Block(self.next, size, name)
        self.next = (self.next + size + _GAP + 15) & ~15
        self.blocks.append(blk)
        self.bases.append(blk.base)
        return blk

    def resolve(self, addr: int, n: int) -> tuple[Block, int]:
        """The block and offset of an ``n``-byte access at ``addr`` (bounds-checked)."""
        blk = self._last
        if blk is None or not (blk.base <= addr and addr + n <= blk.end):
            i = bisect.bisect_right(self.bases, addr) - 1
            if i < 0:
                if addr == 0:
                    raise InterpreterError("null pointer dereference")
                raise InterpreterError(f"access to invalid address {addr:#x}")
            blk = self.blocks[i]
            if addr + n > blk.end:
                raise InterpreterError(
                    f"out-of-bounds access of {n} bytes at offset {addr - blk.base} of "
                    f"{blk.name} ({blk.size} bytes)")
            self._last = blk
        return blk, addr - blk.base

    # -- tangent bookkeeping ------------------------------------------------

    @staticmethod
    def _entries(blk: Block, lo: int, hi: int) -> Iterator[tuple[int, int, float]]:
        """Tangent entries ``(offset, size, tangent)`` overlapping bytes ``[lo, hi)``."""
        tans = blk.tans
        if len(tans) <= hi - lo + _MAX_CELL:
            for o, (n, t) in list(tans.items()):
                if o < hi and o + n > lo:
                    yield o, n, t
        else:
            for o in range(lo - _MAX_CELL + 1, hi):
                e = tans.get(o)
                if e is not None and o + e[0] > lo:
                    yield o, e[0], e[1]

    def _clear(self, blk: Block, lo: int, hi: int) -> None:
        """Forget tangents of every value overlapping ``[lo, hi)`` (it gets overwritten)."""
        for o, _, _ in list(self._entries(blk, lo, hi)):
            del blk.tans[o]

    def _tangent(self, blk: Block, off: int, size: int) -> float:
        tans = blk.tans
        if not tans:
            return 0.0
        e = tans.get(off)
        if e is not None and e[0] == size:
            return e[1]
        for o, n, _ in self._entries(blk, off, off + size):
            raise InterpreterError(
                f"load of {size} bytes at offset {off} of {blk.name} partially overlaps a "
                f"differentiable value of {n} bytes at offset {o}: derivative undefined")
        return 0.0

    def _set_tangent(self, blk: Block, off: int, size: int, t: float) -> None:
        tans = blk.tans
        if not tans and t == 0.0:
            return
        e = tans.get(off)
        if e is None or e[0] != size:
            self._clear(blk, off, off + size)
        if t != 0.0:
            tans[off] = (size, t)
        else:
            tans.pop(off, None)

    # -- typed access -------------------------------------------------------

    def load(self, addr: int, s: Scalar) -> tuple[float | int, float]:
        """Read a scalar and its tangent."""
        blk, off = self.resolve(addr, s.size)
        v = s.decode(blk.data[off:off + s.size])
        return v, self._tangent(blk, off, s.size)

    def store(self, addr: int, s: Scalar, v: float | int, t: float) -> None:
        """Write a scalar and its tangent."""
        blk, off = self.resolve(addr, s.size)
        blk.data[off:off + s.size] = s.encode(v)
        self._set_tangent(blk, off, s.size, t)

    def load_typed(self, addr: int, t: Attribute) -> tuple[object, object]:
        """Read a value of any type (aggregates member by member)."""
        s = scalar(t)
        if s is not None:
            return self.load(addr, s)
        vals, tans = [], []
        for off, mt in members(t):
            v, dt = self.load_typed(addr + off, mt)
            vals.append(v)
            tans.append(dt)
        return tuple(vals), norm_tangent(tuple(tans))

    def store_typed(self, addr: int, t: Attribute, v: object, dt: object) -> bool:
        """Write a value of any type; returns whether a nonzero tangent was written."""
        s = scalar(t)
        if s is not None:
            dt = float(dt)  # type: ignore[arg-type]
            self.store(addr, s, v, dt)  # type: ignore[arg-type]
            return dt != 0.0
        assert isinstance(v, tuple)
        nz = False
        for i, (off, mt) in enumerate(members(t)):
            nz |= self.store_typed(addr + off, mt, v[i], tangent_leaf(dt, i))
        return nz

    # -- bulk operations ------------------------------------------------------

    def copy(self, dst: int, src: int, n: int) -> bool:
        """memmove: copy bytes and the tangents of values wholly inside the range.

        Returns whether a nonzero tangent was copied.
        """
        if n < 0:
            raise InterpreterError(f"negative copy length {n}")
        if n == 0:
            return False
        sb, so = self.resolve(src, n)
        db, do = self.resolve(dst, n)
        db.data[do:do + n] = sb.data[so:so + n]
        moved = [(o - so, sz, t) for o, sz, t in self._entries(sb, so, so + n)
                 if o >= so and o + sz <= so + n]
        if db.tans:
            self._clear(db, do, do + n)
        for o, sz, t in moved:
            db.tans[do + o] = (sz, t)
        return bool(moved)

    def fill(self, dst: int, byte: int, n: int) -> None:
        """memset: every byte := ``byte``; tangents in the range become zero."""
        if n < 0:
            raise InterpreterError(f"negative memset length {n}")
        if n == 0:
            return
        blk, off = self.resolve(dst, n)
        blk.data[off:off + n] = bytes([byte & 0xFF]) * n
        if blk.tans:
            self._clear(blk, off, off + n)

    def block_at(self, addr: int) -> Block:
        """The block that ``addr`` points into (for realloc)."""
        return self.resolve(addr, 0)[0]


# ---------------------------------------------------------------------------
# numpy <-> LLVM block conversion for pointer arguments

_DTYPE_SCALAR: dict[str, Scalar] = {
    "float64": Scalar("f", 64, 8, struct.Struct("<d")),
    "float32": Scalar("f", 32, 4, struct.Struct("<f")),
    "int64": Scalar("i", 64, 8, struct.Struct("<Q")),
    "uint64": Scalar("i", 64, 8, struct.Struct("<Q")),
    "int32": Scalar("i", 32, 4, struct.Struct("<I")),
    "uint32": Scalar("i", 32, 4, struct.Struct("<I")),
    "int16": Scalar("i", 16, 2, struct.Struct("<H")),
    "uint16": Scalar("i", 16, 2, struct.Struct("<H")),
    "int8": Scalar("i", 8, 1, struct.Struct("<B")),
    "uint8": Scalar("i", 8, 1, struct.Struct("<B")),
}


def array_to_block(mem: LLVMMemory, arr: np.ndarray, tan: np.ndarray | None,
                   name: str) -> Block:
    """A block holding a numpy array's elements (and their tangents) contiguously.
    A structured array (C's array of structs) is copied byte for byte, with no
    tangents."""
    s = _DTYPE_SCALAR.get(arr.dtype.name)
    structured = arr.dtype.fields is not None
    if s is None and not structured:
        raise InterpreterError(f"unsupported dtype {arr.dtype} for a pointer argument")
    flat = np.ascontiguousarray(arr, dtype=arr.dtype.newbyteorder("<")).reshape(-1)
    blk = mem.allocate(flat.nbytes, name)
    blk.data[:] = flat.tobytes()
    if tan is not None and structured:
        if np.any(np.asarray(tan)):
            raise InterpreterError(f"{name}: tangents of a structured array are not "
                                   "supported")
    elif tan is not None:
        assert s is not None
        tflat = np.asarray(tan, dtype=np.float64).reshape(-1)
        if tflat.size != flat.size:
            raise InterpreterError(f"tangent of {name} has the wrong size")
        for i in np.flatnonzero(tflat):
            blk.tans[int(i) * s.size] = (s.size, float(tflat[i]))
    return blk


def block_to_array(blk: Block, arr: np.ndarray) -> np.ndarray:
    """Copy a block's bytes back into ``arr``; return the per-element tangents.

    An element whose bytes carry a tangent of a differently-sized value gets NaN (a
    conservative 'nonzero, not a plain float' marker).
    """
    vals = np.frombuffer(bytes(blk.data), dtype=arr.dtype.newbyteorder("<"))
    arr[...] = vals.reshape(arr.shape)
    tan = np.zeros(arr.size, dtype=np.float64)
    if arr.dtype.fields is not None:  # (structs: an element holding a tangent is NaN)
        for o in blk.tans:
            tan[o // arr.itemsize] = math.nan
        return tan.reshape(arr.shape)
    s = _DTYPE_SCALAR[arr.dtype.name]
    for o, (n, t) in blk.tans.items():
        if o % s.size == 0 and n == s.size:
            tan[o // s.size] = t
        else:
            tan[o // s.size:(o + n + s.size - 1) // s.size] = math.nan
    return tan.reshape(arr.shape)
