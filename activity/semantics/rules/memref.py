"""``memref``: allocation, loads and stores, views (subview, casts, reshapes), copies,
globals, ``atomic_rmw``; and memref arguments (numpy arrays, used in place when their
dtype and layout allow).  Values are :class:`~activity.semantics.memory.MemRef` views
of buffers that keep a tangent per element; fresh memory is zero-filled, freeing is a
no-op, and an access out of bounds raises :class:`InterpreterError`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    MemRefType,
    NoneAttr,
    StridedLayoutAttr,
)
from xdsl.dialects.llvm import LLVMPointerType
from xdsl.ir import Attribute, Operation

from activity.ops import TABLE, OpSpec, op_name
from activity.ops.num import FLOAT
from activity.ops.rmw import RMW_TABLE_OP, rmw_kind
from activity.ops.table import round_float, signed, wrap
from activity.semantics.attrs import DYN, ints, prop, round_width, symbol
from activity.semantics.memory import (
    Buffer,
    InterpreterError,
    MemRef,
    element_kind,
    row_major_strides,
)
from activity.semantics.registry import (
    T_,
    V_,
    Converted,
    Core,
    OpFn,
    argument_rule,
    noop,
    op_rule,
)

op_rule("memref.dealloc", "memref.global")(noop)


@argument_rule(MemRefType)
def memref_argument(ip: Core, t: MemRefType, arr: Any, dx: Any, what: str,
                    shared: dict[int, Any]) -> Converted:
    if not isinstance(arr, np.ndarray):
        raise InterpreterError(f"{what}: a memref argument must be a numpy array")
    shape = t.get_shape()
    if len(shape) != arr.ndim or any(
            s != DYN and s != -1 and s != n for s, n in zip(shape, arr.shape, strict=True)):
        raise InterpreterError(f"{what}: array of shape {arr.shape} for {t}")
    if id(arr) in shared:
        mr, fin = shared[id(arr)]
        return mr, 0.0, fin
    is_float, w = element_kind(t.element_type)
    in_place = arr.flags.c_contiguous and (
        (is_float and w == 64 and arr.dtype == np.float64)
        or (not is_float and arr.dtype == np.int64))
    if in_place:
        data = arr.reshape(-1)
    elif is_float:
        src = np.asarray(arr, dtype=np.float64)
        if w == 32:
            src = src.astype(np.float32)
        elif w == 16:
            src = src.astype(np.float16)
        data = np.array(src, dtype=np.float64).reshape(-1)
    else:
        data = np.array(arr).astype(np.int64).reshape(-1)
        if w < 64:
            data &= (1 << w) - 1
            data = np.where(data >= (1 << (w - 1)), data - (1 << w), data)
    tan = (np.zeros(data.size) if dx is None or np.isscalar(dx)
           else np.array(dx, dtype=np.float64).reshape(-1))
    if tan.size != data.size:
        raise InterpreterError(f"{what}: tangent array has the wrong size")
    buf = Buffer(data, tan, is_float, w, ip._next_buf)
    ip._next_buf += (data.size * 8 + 64 + 63) & ~63
    mr = MemRef(buf, 0, tuple(arr.shape), row_major_strides(tuple(arr.shape)))

    def fin() -> np.ndarray:
        if not in_place:
            arr[...] = data.reshape(arr.shape)
        return tan.reshape(arr.shape)

    shared[id(arr)] = (mr, fin)
    return mr, 0.0, fin


@op_rule("memref.cast", "memref.memory_space_cast", "memref.assume_alignment",
         "llvm.inttoptr", "llvm.addrspacecast")
def view_identity(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    """Views that change only the static type (memref.cast, addrspacecast, ...)."""
    if not op.results:
        return lambda V, T: None
    x = ip._s(op.operands[spec.ptr or 0])
    rs, rg = ip._sg(op.results[0])
    define = ip._define
    if isinstance(op.results[0].type, LLVMPointerType):
        return lambda V, T: define(V, T, rs, rg, wrap(V[x], 64), 0.0)
    t = op.results[0].type
    if isinstance(t, MemRefType) and op_name(op) == "memref.cast":

        def checked(V: V_, T: T_) -> None:
            check_layout("memref.cast", t, V[x])
            define(V, T, rs, rg, V[x], 0.0)
        return checked
    return lambda V, T: define(V, T, rs, rg, V[x], 0.0)


@op_rule("memref.alloc", "memref.alloca")
def memref_alloc(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    t = op.results[0].type
    assert isinstance(t, MemRefType)
    shape = t.get_shape()
    is_float, w = element_kind(t.element_type)
    dyn = tuple(ip._s(x) for x in getattr(op, "dynamic_sizes", op.operands))
    rs, rg = ip._sg(op.results[0])
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        it = iter(dyn)
        sizes = tuple(signed(V[next(it)], 64) if s == DYN or s == -1 else s
                      for s in shape)
        if any(s < 0 for s in sizes):
            raise InterpreterError(f"negative memref size {sizes}")
        n = 1
        for s in sizes:
            n *= s
        buf = ip._new_buffer(n, is_float, w)
        define(V, T, rs, rg, MemRef(buf, 0, sizes, row_major_strides(sizes)), 0.0)
    return fn


@op_rule("memref.load")
def memref_load(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    p = spec.ptr
    assert p is not None
    m = ip._s(op.operands[p])
    idxs = tuple(ip._s(x) for x in op.operands[p + 1:])
    rs, rg = ip._sg(op.results[0])
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        mr = V[m]
        buf = mr.buf
        pos = position(mr, V, idxs, "memref.load")
        v = buf.data.item(pos)
        if not buf.is_float:
            v = wrap(v, buf.width)
        define(V, T, rs, rg, v, buf.tan.item(pos))
    return fn


@op_rule("memref.store")
def memref_store(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    p, vi = spec.ptr, spec.value
    assert p is not None and vi is not None
    m, val = ip._s(op.operands[p]), ip._s(op.operands[vi])
    idxs = tuple(ip._s(x) for x in op.operands[p + 1:])

    def fn(V: V_, T: T_) -> None:
        mr = V[m]
        buf = mr.buf
        pos = position(mr, V, idxs, "memref.store")
        v = V[val]
        buf.data[pos] = v if buf.is_float else signed(v, buf.width)
        t = T[val]
        buf.tan[pos] = t
        if t != 0.0 and ip._record:
            ip._memnz.add(op)
    return fn


def offsets_sizes_strides(ip: Core, op: Operation) -> Callable[[V_], tuple[list[int], ...]]:
    """Resolve static/dynamic offsets, sizes and strides of a subview-like op."""
    groups = []
    for kind in ("offsets", "sizes", "strides"):
        static = ints(op.properties[f"static_{kind}"])
        dyn = tuple(ip._s(x) for x in getattr(op, kind))
        groups.append((static, dyn))

    def resolve(V: V_) -> tuple[list[int], ...]:
        out = []
        for static, dyn in groups:
            it = iter(dyn)
            out.append([signed(V[next(it)], 64) if s == DYN else s for s in static])
        return tuple(out)
    return resolve


@op_rule("memref.subview")
def subview(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    src = ip._s(op.operands[spec.ptr or 0])
    rs, rg = ip._sg(op.results[0])
    resolve = offsets_sizes_strides(ip, op)
    rank = len(op.results[0].type.get_shape())  # type: ignore[union-attr]
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        s: MemRef = V[src]
        offs, sizes, strides = resolve(V)
        off = s.offset
        for i, (o, n, st) in enumerate(zip(offs, sizes, strides, strict=True)):
            if n < 0 or o < 0 or (n > 0 and not 0 <= o + (n - 1) * st < s.sizes[i]):
                raise InterpreterError(f"memref.subview [{o}, size {n}, stride {st}] out "
                                       f"of bounds of dimension {i} (size {s.sizes[i]})")
            off += o * s.strides[i]
        keep_sizes, keep_strides = [], []
        drop = len(sizes) - rank  # rank reduction drops unit dimensions
        for i, (n, st) in enumerate(zip(sizes, strides, strict=True)):
            if drop and n == 1:
                drop -= 1
                continue
            keep_sizes.append(n)
            keep_strides.append(st * s.strides[i])
        define(V, T, rs, rg,
               MemRef(s.buf, off, tuple(keep_sizes), tuple(keep_strides)), 0.0)
    return fn


@op_rule("memref.reinterpret_cast")
def reinterpret_cast(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    src = ip._s(op.operands[spec.ptr or 0])
    rs, rg = ip._sg(op.results[0])
    resolve = offsets_sizes_strides(ip, op)
    define = ip._define
    t = op.results[0].type

    def fn(V: V_, T: T_) -> None:
        s: MemRef = V[src]
        offs, sizes, strides = resolve(V)
        m = MemRef(s.buf, offs[0], tuple(sizes), tuple(strides))
        check_layout("memref.reinterpret_cast", t, m)
        define(V, T, rs, rg, m, 0.0)
    return fn


@op_rule("memref.collapse_shape")
def collapse_shape(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    src = ip._s(op.operands[0])
    rs, rg = ip._sg(op.results[0])
    groups = [ints(g) for g in op.properties["reassociation"].data]  # type: ignore
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        s: MemRef = V[src]
        sizes, strides = [], []
        for g in groups:
            n = 1
            for d in g:
                n *= s.sizes[d]
            for a, b in zip(g, g[1:], strict=False):
                if s.sizes[b] != 1 and s.strides[a] != s.strides[b] * s.sizes[b] and n:
                    raise InterpreterError("memref.collapse_shape of non-contiguous dims")
            sizes.append(n)
            strides.append(s.strides[g[-1]] if g else 1)
        define(V, T, rs, rg, MemRef(s.buf, s.offset, tuple(sizes), tuple(strides)), 0.0)
    return fn


@op_rule("memref.expand_shape")
def expand_shape(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    src = ip._s(op.operands[0])
    rs, rg = ip._sg(op.results[0])
    groups = [ints(g) for g in op.properties["reassociation"].data]  # type: ignore
    static = ints(op.properties["static_output_shape"])
    dyn = tuple(ip._s(x) for x in getattr(op, "output_shape", op.operands[1:]))
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        s: MemRef = V[src]
        it = iter(dyn)
        out = [signed(V[next(it)], 64) if n == DYN else n for n in static]
        strides = [0] * len(out)
        for d, g in enumerate(groups):
            acc = s.strides[d]
            for j in reversed(g):
                strides[j] = acc
                acc *= out[j]
        define(V, T, rs, rg, MemRef(s.buf, s.offset, tuple(out), tuple(strides)), 0.0)
    return fn


@op_rule("memref.copy")
def memref_copy(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    assert spec.src is not None and spec.dst is not None
    src, dst = ip._s(op.operands[spec.src]), ip._s(op.operands[spec.dst])

    def fn(V: V_, T: T_) -> None:
        s: MemRef = V[src]
        d: MemRef = V[dst]
        if s.sizes != d.sizes:
            raise InterpreterError(f"memref.copy between shapes {s.sizes} and {d.sizes}")
        ps, pd = s.positions(), d.positions()
        for p, b in ((ps, s.buf), (pd, d.buf)):
            if p.size and (p.min() < 0 or p.max() >= b.data.size):
                raise InterpreterError("memref.copy outside its buffer")
        d.buf.data[pd] = s.buf.data[ps]
        t = s.buf.tan[ps]
        d.buf.tan[pd] = t
        if ip._record and np.any(t != 0.0):
            ip._memnz.add(op)
    return fn


@op_rule("memref.get_global")
def get_global(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    name = symbol(prop(op, "name"))
    rs, rg = ip._sg(op.results[0])
    define = ip._define
    if name is None:
        raise InterpreterError("memref.get_global without a name")
    return lambda V, T: define(V, T, rs, rg, memref_global(ip, name), 0.0)


def memref_global(ip: Core, name: str) -> MemRef:
    mr = ip._gmemref.get(name)
    if mr is not None:
        return mr
    gop = ip.globals.get(name)
    if gop is None or op_name(gop) != "memref.global":
        raise InterpreterError(f"no memref.global @{name}")
    t = gop.properties["type"]
    assert isinstance(t, MemRefType)
    sizes = tuple(t.get_shape())
    if any(s < 0 for s in sizes):
        raise InterpreterError(f"memref.global @{name} has a dynamic shape")
    is_float, w = element_kind(t.element_type)
    n = int(np.prod(sizes)) if sizes else 1
    buf = ip._new_buffer(n, is_float, w)
    init = gop.properties.get("initial_value")
    if isinstance(init, DenseIntOrFPElementsAttr):
        vals = init.get_values()
        if len(vals) == 1:
            vals = vals * n
        for i, v in enumerate(vals):
            buf.data[i] = v if is_float else signed(int(v), w)  # type: ignore
    mr = MemRef(buf, 0, sizes, row_major_strides(sizes))
    ip._gmemref[name] = mr
    return mr


@op_rule("memref.dim")
def dim(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    src, idx = ip._s(op.operands[0]), ip._s(op.operands[1])
    rs, rg = ip._sg(op.results[0])
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        sizes = V[src].sizes
        i = V[idx]
        if i >= len(sizes):
            raise InterpreterError(f"memref.dim {i} of a rank-{len(sizes)} memref")
        define(V, T, rs, rg, sizes[i], 0.0)
    return fn


@op_rule("memref.rank")
def rank(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    src = ip._s(op.operands[0])
    rs, rg = ip._sg(op.results[0])
    define = ip._define
    return lambda V, T: define(V, T, rs, rg, len(V[src].sizes), 0.0)


@op_rule("memref.extract_aligned_pointer_as_index")
def aligned_pointer(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    src = ip._s(op.operands[0])
    rs, rg = ip._sg(op.results[0])
    define = ip._define
    return lambda V, T: define(V, T, rs, rg, V[src].buf.addr, 0.0)


@op_rule("memref.atomic_rmw")
def atomic_rmw(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    """Read m[i...], combine it with the value by the table op of the kind, write
    it back; the result is the old value (with its tangent)."""
    p, vi = spec.ptr, spec.value
    assert p is not None and vi is not None
    try:
        kind = rmw_kind(op)
    except ValueError as e:
        raise InterpreterError(str(e)) from None
    m, val = ip._s(op.operands[p]), ip._s(op.operands[vi])
    idxs = tuple(ip._s(x) for x in op.operands[p + 1:])
    rs, rg = ip._sg(op.results[0])
    cspec = TABLE[RMW_TABLE_OP[kind]] if kind != "assign" else None
    diff = tuple(cspec.diff_operands(op)) if cspec and cspec.partials else ()
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        mr = V[m]
        buf = mr.buf
        pos = position(mr, V, idxs, "memref.atomic_rmw")
        old = buf.data.item(pos)
        if not buf.is_float:
            old = wrap(old, buf.width)
        told = buf.tan.item(pos)
        v, tv = V[val], T[val]
        if cspec is None:
            new, tnew = v, tv
        else:
            assert cspec.sem is not None
            try:
                new = cspec.sem(FLOAT, op, old, v)[0]
            except ZeroDivisionError as e:
                raise InterpreterError(f"memref.atomic_rmw: {e}") from None
            rw = round_width(op.results[0].type)
            if rw:
                new = round_float(new, rw)
            tnew = 0.0
            if diff and (told != 0.0 or tv != 0.0):
                ps = cspec.partials(FLOAT, old, v)  # type: ignore[misc]
                for k, t in zip(diff, (told, tv), strict=False):
                    if t != 0.0:
                        tnew += ps[k] * t
        buf.data[pos] = new if buf.is_float else signed(new, buf.width)
        buf.tan[pos] = tnew
        if tnew != 0.0 and ip._record:
            ip._memnz.add(op)
        define(V, T, rs, rg, old, told)
    return fn


def position(mr: Any, V: Any, idxs: tuple[int, ...], what: str) -> int:
    """The flat element position of ``mr[idxs...]`` (indices are frame slots), checked
    against the sizes and the underlying buffer: shared by load, store and atomic_rmw."""
    pos = mr.offset
    for x, n, s in zip(idxs, mr.sizes, mr.strides, strict=True):
        i = V[x]
        if i >= n:
            raise InterpreterError(f"{what} index {signed(i, 64)} out of bounds [0, {n})")
        pos += i * s
    if not 0 <= pos < mr.buf.data.size:
        raise InterpreterError(f"{what} outside its buffer")
    return pos


def check_layout(what: str, t: Attribute, m: MemRef) -> None:
    """The view ``m`` must have the offset and strides that memref type ``t`` states
    statically (an identity layout: offset 0, row-major strides), as compiled code uses
    the type's: a cast or reinterpret_cast that promises another layout is undefined
    behaviour, reported here rather than read two ways.  Strides of dimensions of size
    1, and everything of an empty view, are free."""
    if not isinstance(t, MemRefType) or 0 in m.sizes:
        return
    lay = t.layout
    if isinstance(lay, NoneAttr):
        want_off: int | None = 0
        want: tuple[int | None, ...] = row_major_strides(m.sizes)
    elif isinstance(lay, StridedLayoutAttr):
        off = lay.get_offset()
        want_off = off if isinstance(off, int) else None
        want = tuple(x if isinstance(x, int) else None for x in lay.get_strides())
    else:
        return
    bad = (want_off is not None and m.offset != want_off) or any(
        w is not None and n > 1 and s != w
        for w, n, s in zip(want, m.sizes, m.strides, strict=True))
    if bad:
        raise InterpreterError(
            f"{what} to {t}: the view has offset {m.offset} and strides {list(m.strides)}, "
            "which that type does not allow (undefined behaviour)")


__all__ = ["check_layout", "memref_argument", "position"]
