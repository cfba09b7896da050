"""``tensor`` values: immutable numpy arrays (value semantics), their tangents arrays of
the same shape (float64); the ``tensor`` dialect, ``arith``/``math`` on tensor
operands (elementwise), dense constants, ``bufferization.to_tensor``/``to_buffer``,
and tensors carried by ``scf`` and calls.

Element storage: the array's dtype follows the element type (``f64`` float64, ``f32``
float32, so an element is rounded to f32 as the scalar rules round f32 results; ``f16``
float16; ``i1`` bool; ``i8``..``i64`` and ``index`` the signed integer dtype of that
width, another width int64).  An element read from a tensor becomes the scalar value the
scalar rules use (a Python float, or the unsigned residue of an integer), and back.
A rule never writes into an operand's array: every result is a fresh array.

``tensor.empty`` is uninitialised memory in MLIR: its elements are NaN for floats and
the pattern ``0xA5A5...`` (truncated to the width) for integers, so a program that reads
them shows it (NaN results) instead of silently reading zeros.

Elementwise ops run the op's own scalar rule (the op table's ``sem``/``partials``
through :func:`~activity.semantics.rules.scalar.table_op`, nothing restated) on each
element, on a scalar-typed twin of the op; a scalar operand (``arith.select``'s
``i1`` condition) is the same for every element.  Out-of-range indices, slices and
sizes raise :class:`InterpreterError` (located by the interpreter at the op).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from xdsl.dialects.builtin import (
    AnyFloat,
    DenseIntOrFPElementsAttr,
    IndexType,
    IntegerType,
    MemRefType,
    TensorType,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue

from activity.ops import OpKind, OpSpec
from activity.ops.table import float_width, int_width, round_float, signed, wrap
from activity.semantics.attrs import DYN, ints, prop
from activity.semantics.memory import InterpreterError, MemRef, row_major_strides
from activity.semantics.registry import (
    KIND_RULES,
    OP_RULES,
    SHAPED,
    T_,
    V_,
    Converted,
    Core,
    OpFn,
    argument_rule,
    shaped_kind_rule,
    shaped_rule,
)

# Ops that only pass values around: tensors flow through them as any value does.
SHAPED.update({"scf.for", "scf.if", "scf.while", "scf.execute_region", "func.call"})

_INT_DTYPES = {8: np.int8, 16: np.int16, 32: np.int32, 64: np.int64}


# ---------------------------------------------------------------------------
# Elements


class Elem:
    """How the elements of one element type are stored and read."""

    __slots__ = ("is_float", "width", "dtype")

    def __init__(self, t: Attribute) -> None:
        if isinstance(t, AnyFloat):
            self.is_float = True
            self.width = float_width(t)
            self.dtype = {64: np.float64, 32: np.float32, 16: np.float16}.get(
                self.width, np.float64)
            if str(t).startswith("bf"):
                self.dtype = np.float64
        elif isinstance(t, IntegerType | IndexType):
            self.is_float = False
            self.width = int_width(t)
            self.dtype = np.bool_ if self.width == 1 else _INT_DTYPES.get(self.width, np.int64)
        else:
            raise InterpreterError(f"unsupported tensor element type {t}")

    def scalar(self, x: Any) -> Any:
        """The interpreter's scalar value of a stored element."""
        if self.is_float:
            return float(x)
        return wrap(int(x), self.width)

    def stored(self, v: Any) -> Any:
        """The stored form of a scalar value."""
        if self.is_float:
            return round_float(v, self.width) if self.width != 64 else v
        return bool(v & 1) if self.width == 1 else signed(int(v), self.width)

    def array(self, vals: Sequence[Any], shape: tuple[int, ...]) -> np.ndarray:
        """A fresh array of ``shape`` from scalar values in row-major order."""
        out = np.empty(len(vals), dtype=self.dtype)
        for k, v in enumerate(vals):
            out[k] = self.stored(v)
        return out.reshape(shape)

    def scalars(self, arr: np.ndarray) -> list[Any]:
        """The elements of ``arr`` as scalar values, row-major."""
        flat = arr.reshape(-1).tolist()
        if self.is_float:
            return [float(x) for x in flat]
        w = self.width
        return [wrap(int(x), w) for x in flat]

    def uninitialised(self, shape: tuple[int, ...]) -> np.ndarray:
        if self.is_float:
            return np.full(shape, np.nan, dtype=self.dtype)
        return np.full(shape, self.stored(0xA5A5_A5A5_A5A5_A5A5), dtype=self.dtype)


def elem(t: Attribute) -> Elem:
    """The :class:`Elem` of a tensor or memref type (or of a scalar type)."""
    if isinstance(t, TensorType | MemRefType):
        t = t.element_type
    return Elem(t)


def tangent(t: Any, shape: tuple[int, ...]) -> np.ndarray:
    """A tangent as a float64 array of ``shape`` (a scalar tangent, e.g. the oracle's
    perturbation of a whole tensor, is the same for every element)."""
    if isinstance(t, np.ndarray) and t.shape == shape:
        return t
    return np.broadcast_to(np.asarray(t, dtype=np.float64), shape).copy()


def check_shape(what: str, t: Attribute, shape: tuple[int, ...]) -> None:
    """An error unless ``shape`` fits the static sizes of tensor type ``t``."""
    if not isinstance(t, TensorType):
        return
    want = t.get_shape()
    if len(want) != len(shape) or any(
            s not in (DYN, -1) and s != n for s, n in zip(want, shape, strict=True)):
        raise InterpreterError(f"{what}: shape {shape} does not fit {t}")


def index(V: V_, slots: Sequence[int]) -> list[int]:
    """Index operands as signed integers."""
    return [signed(V[s], 64) for s in slots]


def check_index(what: str, idx: Sequence[int], shape: tuple[int, ...]) -> tuple[int, ...]:
    if len(idx) != len(shape):
        raise InterpreterError(f"{what}: {len(idx)} indices for a rank-{len(shape)} tensor")
    for i, n in zip(idx, shape, strict=True):
        if not 0 <= i < n:
            raise InterpreterError(f"{what}: index {list(idx)} out of bounds of shape "
                                   f"{list(shape)}")
    return tuple(idx)


# ---------------------------------------------------------------------------
# Arguments and constants


@argument_rule(TensorType)
def tensor_argument(ip: Core, t: TensorType, x: Any, dx: Any, what: str,
                    shared: dict[int, Any]) -> Converted:
    """A numpy array (or nested list) for a tensor: copied, in the element type's
    dtype (f32 rounded); ``dx`` its tangent (None or a scalar: that for every
    element)."""
    e = elem(t)
    try:
        src = np.asarray(x)
        if e.is_float or e.width == 1:
            arr = np.array(src, dtype=e.dtype)
        else:
            arr = e.array([int(v) for v in src.reshape(-1).tolist()], src.shape)
    except (TypeError, ValueError, OverflowError) as err:
        raise InterpreterError(f"{what}: not an array for {t} ({err})") from None
    check_shape(what, t, arr.shape)
    arr.flags.writeable = False
    if dx is None or np.isscalar(dx):
        tan = np.full(arr.shape, float(dx or 0.0))
    else:
        tan = np.array(dx, dtype=np.float64)
        if tan.shape != arr.shape:
            raise InterpreterError(f"{what}: tangent of shape {tan.shape} for an array of "
                                   f"shape {arr.shape}")
    return arr, tan, lambda: None


@shaped_rule("arith.constant")
def dense_constant(ip: Core, op: Operation, spec: OpSpec | None) -> OpFn | None:
    t = op.results[0].type
    attr = prop(op, "value")
    if not isinstance(t, TensorType) or not isinstance(attr, DenseIntOrFPElementsAttr):
        return None
    e = elem(t)
    shape = tuple(t.get_shape())
    vals = list(attr.get_values())
    n = int(np.prod(shape, dtype=np.int64))
    if len(vals) == 1 and n != 1:
        vals = vals * n
    if len(vals) != n:
        raise InterpreterError(f"dense constant of {len(vals)} elements for {t}")
    conv = [float(v) if e.is_float else wrap(int(v), e.width) for v in vals]
    value = e.array(conv, shape)
    value.flags.writeable = False
    zero = np.zeros(shape)
    rs, rg = ip._sg(op.results[0])
    define = ip._define
    return lambda V, T: define(V, T, rs, rg, value, zero)


# ---------------------------------------------------------------------------
# Elementwise arith / math


class _Lane:
    """A private one-element frame in which a scalar rule runs for one element: the
    part of the interpreter's :class:`~activity.semantics.registry.Core` scalar rules
    use (slots, ``_define``)."""

    def __init__(self, values: Sequence[SSAValue]) -> None:
        self.slot = {v: k for k, v in enumerate(values)}

    def _s(self, v: SSAValue) -> int:
        return self.slot[v]

    def _sg(self, v: SSAValue) -> tuple[int, int]:
        return self.slot[v], -1

    def _define(self, V: V_, T: T_, s: int, g: int, v: Any, t: Any) -> None:
        V[s] = v
        T[s] = t


def scalar_twin(op: Operation) -> Operation:
    """A detached copy of ``op`` on element types: operands are block arguments."""
    def et(t: Attribute) -> Attribute:
        return t.element_type if isinstance(t, TensorType) else t
    block = Block(arg_types=[et(x.type) for x in op.operands])
    return type(op).create(operands=list(block.args),
                           result_types=[et(r.type) for r in op.results],
                           properties=dict(op.properties), attributes=dict(op.attributes))


@shaped_kind_rule(OpKind.FLOAT, OpKind.INT, OpKind.COMPARE, OpKind.SELECT, OpKind.CAST)
def elementwise(ip: Core, op: Operation, spec: OpSpec | None) -> OpFn | None:
    """A scalar table op on tensor operands, element by element, by its scalar rule."""
    if spec is None or len(op.results) != 1 or any(
            not isinstance(v.type, TensorType) and hasattr(v.type, "get_shape")
            for v in (*op.operands, *op.results)):  # (vectors, unranked tensors)
        raise InterpreterError("on vector/tensor values is not supported")
    twin = scalar_twin(op)
    rule = OP_RULES.get(spec.name) or KIND_RULES.get(spec.kind)
    if rule is None:
        return None
    lane = _Lane([*twin.operands, twin.results[0]])
    fn1 = rule(lane, twin, spec)
    if fn1 is None:
        return None
    n_in = len(op.operands)
    rt = op.results[0].type
    assert isinstance(rt, TensorType)
    re_ = elem(rt)
    ins = tuple(ip._s(x) for x in op.operands)
    shaped_in = tuple(isinstance(x.type, TensorType) for x in op.operands)
    elems = tuple(elem(x.type) if s else None
                  for x, s in zip(op.operands, shaped_in, strict=True))
    rs, rg = ip._sg(op.results[0])
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        shape: tuple[int, ...] | None = None
        cols: list[Any] = []
        tcols: list[Any] = []
        for s, sh, e in zip(ins, shaped_in, elems, strict=True):
            if sh:
                a = V[s]
                if shape is None:
                    shape = a.shape
                elif a.shape != shape:
                    raise InterpreterError(f"{spec.name}: operand shapes {shape} and "
                                           f"{a.shape} differ")
                cols.append(e.scalars(a))  # type: ignore[union-attr]
                tcols.append(tangent(T[s], a.shape).reshape(-1).tolist())
            else:
                cols.append(None)
                tcols.append(None)
        assert shape is not None
        check_shape(spec.name, rt, shape)
        n = int(np.prod(shape, dtype=np.int64))
        LV: list[Any] = [None] * (n_in + 1)
        LT: list[Any] = [0.0] * (n_in + 1)
        for j, (s, sh) in enumerate(zip(ins, shaped_in, strict=True)):
            if not sh:
                LV[j] = V[s]
                LT[j] = T[s]
        out: list[Any] = [None] * n
        tout = np.zeros(n)
        for k in range(n):
            for j in range(n_in):
                c = cols[j]
                if c is not None:
                    LV[j] = c[k]
                    LT[j] = tcols[j][k]
            fn1(LV, LT)
            out[k] = LV[n_in]
            tout[k] = LT[n_in]
        value = re_.array(out, shape)
        define(V, T, rs, rg, value, tout.reshape(shape))
    return fn


# ---------------------------------------------------------------------------
# The tensor dialect


def _result(ip: Core, op: Operation) -> tuple[int, int]:
    return ip._sg(op.results[0])


@shaped_rule("tensor.empty", "bufferization.alloc_tensor")
def tensor_empty(ip: Core, op: Operation, spec: OpSpec | None) -> OpFn:
    t = op.results[0].type
    assert isinstance(t, TensorType)
    e = elem(t)
    static = tuple(t.get_shape())
    dyn = tuple(ip._s(x) for x in op.operands
                if isinstance(x.type, IndexType))
    if op.name == "bufferization.alloc_tensor" and len(dyn) != len(op.operands):
        raise InterpreterError("alloc_tensor with a copy operand is not supported")
    rs, rg = _result(ip, op)
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        shape = _sizes(static, index(V, dyn), op.name)
        define(V, T, rs, rg, e.uninitialised(shape), np.zeros(shape))
    return fn


def _sizes(static: Sequence[int], dyn: Sequence[int], what: str) -> tuple[int, ...]:
    it = iter(dyn)
    out = tuple(next(it) if s in (DYN, -1) else s for s in static)
    if any(n < 0 for n in out):
        raise InterpreterError(f"{what}: negative size in {list(out)}")
    if int(np.prod(out, dtype=np.float64)) > 1 << 24:
        raise InterpreterError(f"{what}: tensor of {list(out)} elements is too large")
    return out


@shaped_rule("tensor.extract")
def tensor_extract(ip: Core, op: Operation, spec: OpSpec | None) -> OpFn:
    src = ip._s(op.operands[0])
    idx = tuple(ip._s(x) for x in op.operands[1:])
    e = elem(op.operands[0].type)
    rs, rg = _result(ip, op)
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        a = V[src]
        i = check_index("tensor.extract", index(V, idx), a.shape)
        t = T[src]
        define(V, T, rs, rg, e.scalar(a[i]),
               float(t[i]) if isinstance(t, np.ndarray) else float(t))
    return fn


@shaped_rule("tensor.insert")
def tensor_insert(ip: Core, op: Operation, spec: OpSpec | None) -> OpFn:
    val, dst = ip._s(op.operands[0]), ip._s(op.operands[1])
    idx = tuple(ip._s(x) for x in op.operands[2:])
    e = elem(op.operands[1].type)
    rs, rg = _result(ip, op)
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        a = V[dst]
        i = check_index("tensor.insert", index(V, idx), a.shape)
        out = a.copy()
        out[i] = e.stored(V[val])
        tan = tangent(T[dst], a.shape).copy()
        tan[i] = T[val]
        define(V, T, rs, rg, out, tan)
    return fn


def slice_params(ip: Core, op: Operation) -> Callable[[V_], tuple[list[int], ...]]:
    """Offsets, sizes and strides of a slice op (static, or dynamic from operands)."""
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


def slice_index(what: str, shape: tuple[int, ...], offs: Sequence[int],
                sizes: Sequence[int], strides: Sequence[int]) -> tuple[Any, ...]:
    """The numpy index of a slice of an array of ``shape`` (bounds checked)."""
    if not len(offs) == len(sizes) == len(strides) == len(shape):
        raise InterpreterError(f"{what}: {len(offs)} offsets for a rank-{len(shape)} "
                               "tensor")
    out = []
    for d, (o, n, st, dim) in enumerate(zip(offs, sizes, strides, shape, strict=True)):
        if n < 0 or o < 0 or st <= 0 or (n > 0 and not o + (n - 1) * st < dim):
            raise InterpreterError(
                f"{what}: [offset {o}, size {n}, stride {st}] out of bounds of dimension "
                f"{d} (size {dim})")
        out.append(slice(o, o + (n - 1) * st + 1, st) if n > 0 else slice(o, o))
    return tuple(out)


@shaped_rule("tensor.extract_slice")
def extract_slice(ip: Core, op: Operation, spec: OpSpec | None) -> OpFn:
    src = ip._s(op.operands[0])
    resolve = slice_params(ip, op)
    rt = op.results[0].type
    rs, rg = _result(ip, op)
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        a = V[src]
        offs, sizes, strides = resolve(V)
        sl = slice_index("tensor.extract_slice", a.shape, offs, sizes, strides)
        shape = _reduced(sizes, rt)
        out = np.array(a[sl]).reshape(shape)
        tan = np.array(tangent(T[src], a.shape)[sl]).reshape(shape)
        check_shape("tensor.extract_slice", rt, shape)
        define(V, T, rs, rg, out, tan)
    return fn


def _reduced(sizes: Sequence[int], t: Attribute) -> tuple[int, ...]:
    """The shape of a slice of ``sizes`` as type ``t`` has it (a rank-reducing slice
    drops unit dimensions: the sizes kept must match ``t``'s, static or dynamic)."""
    want = tuple(t.get_shape()) if isinstance(t, TensorType) else tuple(sizes)

    def match(i: int, j: int) -> list[int] | None:
        if i == len(sizes):
            return [] if j == len(want) else None
        n = sizes[i]
        if j < len(want) and want[j] in (DYN, -1, n):
            rest = match(i + 1, j + 1)
            if rest is not None:
                return [n, *rest]
        return match(i + 1, j) if n == 1 else None

    out = match(0, 0)
    if out is None:
        raise InterpreterError(f"slice sizes {list(sizes)} do not fit {t}")
    return tuple(out)


@shaped_rule("tensor.insert_slice")
def insert_slice(ip: Core, op: Operation, spec: OpSpec | None) -> OpFn:
    src, dst = ip._s(op.operands[0]), ip._s(op.operands[1])
    resolve = slice_params(ip, op)
    e = elem(op.operands[1].type)
    rs, rg = _result(ip, op)
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        a, d = V[src], V[dst]
        offs, sizes, strides = resolve(V)
        sl = slice_index("tensor.insert_slice", d.shape, offs, sizes, strides)
        if int(np.prod(sizes, dtype=np.int64)) != a.size or _reduced(
                sizes, op.operands[0].type) != a.shape:
            raise InterpreterError(f"tensor.insert_slice: a source of shape {a.shape} "
                                   f"for sizes {list(sizes)}")
        out = d.copy()
        out[sl] = a.astype(e.dtype).reshape(sizes)
        tan = tangent(T[dst], d.shape).copy()
        tan[sl] = tangent(T[src], a.shape).reshape(sizes)
        define(V, T, rs, rg, out, tan)
    return fn


@shaped_rule("tensor.dim")
def tensor_dim(ip: Core, op: Operation, spec: OpSpec | None) -> OpFn:
    src, k = ip._s(op.operands[0]), ip._s(op.operands[1])
    rs, rg = _result(ip, op)
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        a = V[src]
        d = signed(V[k], 64)
        if not 0 <= d < a.ndim:
            raise InterpreterError(f"tensor.dim: dimension {d} of a rank-{a.ndim} tensor")
        define(V, T, rs, rg, a.shape[d], 0.0)
    return fn


@shaped_rule("tensor.from_elements")
def from_elements(ip: Core, op: Operation, spec: OpSpec | None) -> OpFn:
    xs = tuple(ip._s(x) for x in op.operands)
    rt = op.results[0].type
    assert isinstance(rt, TensorType)
    shape = tuple(rt.get_shape())
    e = elem(rt)
    rs, rg = _result(ip, op)
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        define(V, T, rs, rg, e.array([V[x] for x in xs], shape),
               np.array([float(T[x]) for x in xs]).reshape(shape))
    return fn


@shaped_rule("tensor.splat")
def splat(ip: Core, op: Operation, spec: OpSpec | None) -> OpFn:
    x = ip._s(op.operands[0])
    dyn = tuple(ip._s(v) for v in op.operands[1:])
    rt = op.results[0].type
    assert isinstance(rt, TensorType)
    static = tuple(rt.get_shape())
    e = elem(rt)
    rs, rg = _result(ip, op)
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        shape = _sizes(static, index(V, dyn), "tensor.splat")
        define(V, T, rs, rg, np.full(shape, e.stored(V[x]), dtype=e.dtype),
               np.full(shape, float(T[x])))
    return fn


@shaped_rule("tensor.collapse_shape", "tensor.expand_shape")
def reshape(ip: Core, op: Operation, spec: OpSpec | None) -> OpFn:
    """Row-major reshapes (the reassociation groups only regroup dimensions)."""
    src = ip._s(op.operands[0])
    rt = op.results[0].type
    assert isinstance(rt, TensorType)
    groups = [ints(g) for g in prop(op, "reassociation").data]  # type: ignore[union-attr]
    name = op.name
    if name == "tensor.expand_shape":
        static = ints(op.properties["static_output_shape"])
        dyn = tuple(ip._s(v) for v in op.operands[1:])
    rs, rg = _result(ip, op)
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        a = V[src]
        if name == "tensor.collapse_shape":
            if len(groups) != len(rt.get_shape()) or sum(map(len, groups)) != a.ndim:
                raise InterpreterError(f"{name}: reassociation does not fit {a.shape}")
            shape = tuple(int(np.prod([a.shape[d] for d in g], dtype=np.int64))
                          for g in groups)
        else:
            shape = _sizes(static, index(V, dyn), name)
            if len(groups) != a.ndim or any(
                    int(np.prod([shape[d] for d in g], dtype=np.int64)) != a.shape[k]
                    for k, g in enumerate(groups)):
                raise InterpreterError(f"{name}: output shape {list(shape)} does not fit "
                                       f"{a.shape}")
        check_shape(name, rt, shape)
        define(V, T, rs, rg, a.reshape(shape).copy(),
               tangent(T[src], a.shape).reshape(shape).copy())
    return fn


@shaped_rule("tensor.cast")
def tensor_cast(ip: Core, op: Operation, spec: OpSpec | None) -> OpFn:
    """A change of static type only; a static size the value does not have is an
    error (undefined behaviour in MLIR)."""
    src = ip._s(op.operands[0])
    rt = op.results[0].type
    rs, rg = _result(ip, op)
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        a = V[src]
        check_shape("tensor.cast", rt, a.shape)
        define(V, T, rs, rg, a, T[src])
    return fn


# ---------------------------------------------------------------------------
# At the boundary with memrefs


@shaped_rule("bufferization.to_tensor")
def to_tensor(ip: Core, op: Operation, spec: OpSpec | None) -> OpFn:
    """The contents of a memref as a tensor (a copy: later stores to the memref do
    not change it, which is what the verifier's "no write after to_tensor" rule makes
    the only defined reading)."""
    src = ip._s(op.operands[0])
    e = elem(op.results[0].type)
    rs, rg = _result(ip, op)
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        mr: MemRef = V[src]
        data = mr.to_array()
        vals = [e.scalar(x) if e.is_float else wrap(int(x), e.width)
                for x in data.reshape(-1).tolist()]
        define(V, T, rs, rg, e.array(vals, data.shape), mr.tangent_array())
    return fn


@shaped_rule("bufferization.to_buffer")
def to_buffer(ip: Core, op: Operation, spec: OpSpec | None) -> OpFn:
    """A fresh buffer holding the tensor's elements (writing to the result of
    ``to_buffer`` of a tensor that is used again is undefined; a copy is one of the
    allowed behaviours)."""
    src = ip._s(op.operands[0])
    e = elem(op.operands[0].type)
    rs, rg = _result(ip, op)
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        a = V[src]
        buf = ip._new_buffer(a.size, e.is_float, e.width)
        for k, v in enumerate(e.scalars(a)):
            buf.data[k] = v if e.is_float else signed(v, e.width)
        buf.tan[:] = tangent(T[src], a.shape).reshape(-1)
        shape = tuple(a.shape)
        define(V, T, rs, rg, MemRef(buf, 0, shape, row_major_strides(shape)), 0.0)
    return fn


@shaped_rule("bufferization.materialize_in_destination")
def materialize(ip: Core, op: Operation, spec: OpSpec | None) -> OpFn:
    """The tensor's elements written into the destination memref (with a tensor
    destination: the result is the source)."""
    src, dst = ip._s(op.operands[0]), ip._s(op.operands[1])
    e = elem(op.operands[0].type)
    sgs = tuple(ip._sg(r) for r in op.results)

    def fn(V: V_, T: T_) -> None:
        a, d = V[src], V[dst]
        if not isinstance(d, MemRef):
            check_shape("bufferization.materialize_in_destination",
                        op.operands[1].type, a.shape)
            ip._define_all(V, T, sgs, [a], [T[src]])
            return
        if tuple(d.sizes) != a.shape:
            raise InterpreterError(f"bufferization.materialize_in_destination: a tensor of "
                                   f"shape {a.shape} into a memref of {list(d.sizes)}")
        pos = d.positions()
        buf = d.buf
        for p, v in zip(pos.tolist(), e.scalars(a), strict=True):
            buf.data[p] = v if buf.is_float else signed(v, buf.width)
        tan = tangent(T[src], a.shape).reshape(-1)
        buf.tan[pos] = tan
        if ip._record and np.any(tan != 0.0):
            ip._memnz.add(op)
    return fn


__all__ = ["Elem", "check_index", "check_shape", "elem", "elementwise", "scalar_twin",
           "slice_index", "tangent"]
