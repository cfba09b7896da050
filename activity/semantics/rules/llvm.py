"""LLVM dialect memory and aggregates: ``alloca``, ``load``/``store``, ``getelementptr``,
globals and ``addressof``, ``memcpy``/``memmove``/``memset``, ``extractvalue``/
``insertvalue``; and pointer arguments (numpy arrays copied into a block of the byte
memory of :class:`~activity.semantics.memory.LLVMMemory`, copied back after the call).
Pointers are integer addresses; aggregates are tuples, their tangents tuples or 0.0."""

from __future__ import annotations

from typing import Any

import numpy as np
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IntegerAttr,
    StringAttr,
)
from xdsl.dialects.llvm import LLVMArrayType, LLVMPointerType, LLVMStructType
from xdsl.ir import Attribute, Operation, SSAValue

from activity.ops import OpSpec, op_name
from activity.ops.table import int_width, signed, wrap
from activity.semantics.attrs import const_value, ints, prop, symbol
from activity.semantics.memory import (
    InterpreterError,
    array_to_block,
    block_to_array,
    gep_offsets,
    layout,
    members,
    norm_tangent,
    scalar,
    tangent_leaf,
)
from activity.semantics.registry import (
    T_,
    V_,
    Converted,
    Core,
    OpFn,
    argument_rule,
    fail,
    noop,
    op_rule,
)

op_rule("llvm.mlir.global")(noop)


@argument_rule(LLVMPointerType)
def pointer_argument(ip: Core, t: Attribute, x: Any, dx: Any, what: str,
                     shared: dict[int, Any]) -> Converted:
    """An integer is an address as it is; an array is copied into a fresh block (once
    per array: arguments that are the same array share it)."""
    if isinstance(x, int):
        return wrap(x, 64), 0.0, lambda: None
    if not isinstance(x, np.ndarray):
        raise InterpreterError(f"{what}: a pointer argument must be a numpy array")
    if id(x) in shared:
        blk, fin = shared[id(x)]
        return blk.base, 0.0, fin
    blk = array_to_block(ip._mem, x, dx, what)
    cache: list[np.ndarray] = []

    def fin_ptr() -> np.ndarray:
        if not cache:
            cache.append(block_to_array(blk, x))
        return cache[0]

    shared[id(x)] = (blk, fin_ptr)
    return blk.base, 0.0, fin_ptr


def zero_tangent_tree(t: Attribute) -> Any:
    """A tangent tuple of zeros shaped like an aggregate type (leaf: 0.0)."""
    if isinstance(t, LLVMArrayType | LLVMStructType):
        return tuple(zero_tangent_tree(mt) for _, mt in members(t))
    return 0.0


@op_rule("llvm.extractvalue")
def extractvalue(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    pos = ints(op.properties["position"])
    x = ip._s(op.operands[0])
    rs, rg = ip._sg(op.results[0])
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        v = V[x]
        t = T[x]
        for i in pos:
            v = v[i]
            t = tangent_leaf(t, i)
        define(V, T, rs, rg, v, norm_tangent(t))
    return fn


@op_rule("llvm.insertvalue")
def insertvalue(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    pos = ints(op.properties["position"])
    agg, val = (ip._s(x) for x in op.operands[:2])
    zeros = zero_tangent_tree(op.operands[0].type)
    rs, rg = ip._sg(op.results[0])
    define = ip._define

    def put(c: Any, path: tuple[int, ...], v: Any) -> Any:
        if not path:
            return v
        lst = list(c)
        lst[path[0]] = put(lst[path[0]], path[1:], v)
        return tuple(lst)

    def fn(V: V_, T: T_) -> None:
        v = put(V[agg], pos, V[val])
        ta = T[agg]
        tv = T[val]
        t: Any = 0.0
        if ta != 0.0 or tv != 0.0:
            t = norm_tangent(put(ta if isinstance(ta, tuple) else zeros, pos, tv))
        define(V, T, rs, rg, v, t)
    return fn


@op_rule("llvm.alloca")
def llvm_alloca(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    cnt = ip._s(op.operands[0])
    w = int_width(op.operands[0].type)
    rs, rg = ip._sg(op.results[0])
    size, _ = layout(op.properties["elem_type"])
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        blk = ip._mem.allocate(signed(V[cnt], w) * size, "alloca")
        define(V, T, rs, rg, blk.base, 0.0)
    return fn


@op_rule("llvm.load")
def llvm_load(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    p = ip._s(op.operands[spec.ptr or 0])
    rs, rg = ip._sg(op.results[0])
    t = op.results[0].type
    s = scalar(t)
    define = ip._define
    if s is None:
        return lambda V, T: define(V, T, rs, rg, *ip._mem.load_typed(V[p], t))

    def fn(V: V_, T: T_) -> None:
        v, dt = ip._mem.load(V[p], s)
        define(V, T, rs, rg, v, dt)
    return fn


@op_rule("llvm.store")
def llvm_store(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    assert spec.ptr is not None and spec.value is not None
    p, val = ip._s(op.operands[spec.ptr]), ip._s(op.operands[spec.value])
    t = op.operands[spec.value].type
    s = scalar(t)
    if s is None:
        def agg(V: V_, T: T_) -> None:
            if ip._mem.store_typed(V[p], t, V[val], T[val]) and ip._record:
                ip._memnz.add(op)
        return agg

    def fn(V: V_, T: T_) -> None:
        dt = T[val]
        ip._mem.store(V[p], s, V[val], dt)
        if dt != 0.0 and ip._record:
            ip._memnz.add(op)
    return fn


@op_rule("llvm.getelementptr")
def gep(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    """Byte offset = constant part + sum of (dynamic index * scale)."""
    base = ip._s(op.operands[spec.ptr or 0])
    rs, rg = ip._sg(op.results[0])
    try:
        const, dyn = gep_offsets(op)
    except ValueError as e:
        raise InterpreterError(str(e)) from None
    terms = [(ip._s(x), int_width(x.type), sc) for x, sc in dyn]
    define = ip._define
    if not terms:
        return lambda V, T: define(V, T, rs, rg, wrap(V[base] + const, 64), 0.0)

    def fn(V: V_, T: T_) -> None:
        a = V[base] + const
        for x, w, sc in terms:
            a += signed(V[x], w) * sc
        define(V, T, rs, rg, wrap(a, 64), 0.0)
    return fn


@op_rule("llvm.mlir.addressof")
def addressof(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    name = symbol(prop(op, "global_name"))
    rs, rg = ip._sg(op.results[0])
    define = ip._define
    if name is None:
        raise InterpreterError("llvm.mlir.addressof without a name")
    if name not in ip.globals:
        return fail(f"address of @{name} (function pointers and unknown globals "
                          "are not supported)")
    return lambda V, T: define(V, T, rs, rg, llvm_global(ip, name), 0.0)


def llvm_global(ip: Core, name: str) -> int:
    addr = ip._gaddr.get(name)
    if addr is not None:
        return addr
    gop = ip.globals[name]
    if op_name(gop) != "llvm.mlir.global":
        raise InterpreterError(f"@{name} is not an llvm.mlir.global")
    t = gop.properties["global_type"]
    size, _ = layout(t)
    blk = ip._mem.allocate(size, f"@{name}")
    ip._gaddr[name] = blk.base
    value = gop.properties.get("value")
    if isinstance(value, FloatAttr | IntegerAttr):
        ip._mem.store_typed(blk.base, t, const_value(value, t), 0.0)
    elif isinstance(value, DenseIntOrFPElementsAttr):
        s = scalar(value.get_element_type())
        assert s is not None
        for i, v in enumerate(value.get_values()):
            ip._mem.store(blk.base + i * s.size, s, v, 0.0)  # type: ignore[arg-type]
    elif isinstance(value, StringAttr):
        data = value.data.encode("latin-1", errors="replace")[:size]
        blk.data[:len(data)] = data
    elif gop.regions and gop.regions[0].blocks:
        V, T = ip._frame(gop)
        vals, tans = ip._run_region(gop.regions[0], V, T, [], [])
        if vals:
            ip._mem.store_typed(blk.base, t, vals[0], tans[0])
    return blk.base


@op_rule("llvm.intr.memcpy", "llvm.intr.memmove", "llvm.intr.memcpy.inline")
def mem_copy(ip: Core, op: Operation, spec: OpSpec,
                opnds: tuple[SSAValue, ...] | None = None) -> OpFn:
    """memcpy/memmove (intrinsic or libc call): dst, src from the spec; the length is
    the remaining operand (the table has no field for it)."""
    opnds = tuple(op.operands) if opnds is None else opnds
    assert spec.src is not None and spec.dst is not None
    ln_v = opnds[rest(spec, len(opnds))[0]]
    dst, src, ln = ip._s(opnds[spec.dst]), ip._s(opnds[spec.src]), ip._s(ln_v)
    w = int_width(ln_v.type)
    res = ip._sg(op.results[0]) if op.results else None
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        d = V[dst]
        if ip._mem.copy(d, V[src], signed(V[ln], w)) and ip._record:
            ip._memnz.add(op)
        if res is not None:
            define(V, T, res[0], res[1], d, 0.0)
    return fn


@op_rule("llvm.intr.memset", "llvm.intr.memset.inline")
def mem_set(ip: Core, op: Operation, spec: OpSpec,
               opnds: tuple[SSAValue, ...] | None = None) -> OpFn:
    """memset: dst from the spec; byte and length are the remaining operands."""
    opnds = tuple(op.operands) if opnds is None else opnds
    assert spec.dst is not None
    bi, li = rest(spec, len(opnds))[:2]
    dst, byte, ln = (ip._s(opnds[i]) for i in (spec.dst, bi, li))
    w = int_width(opnds[li].type)
    res = ip._sg(op.results[0]) if op.results else None
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        d = V[dst]
        ip._mem.fill(d, V[byte], signed(V[ln], w))
        if res is not None:
            define(V, T, res[0], res[1], d, 0.0)
    return fn


def rest(spec: OpSpec, n: int) -> list[int]:
    """Operand indices not named by the spec's memory fields, in order.

    Shim: the table names ``dst``/``src`` of copies and ``dst`` of memset but has no
    field for the length (or memset's byte), so those are the remaining operands.
    """
    named = {i for i in (spec.dst, spec.src, spec.ptr, spec.value) if i is not None}
    return [i for i in range(n) if i not in named]


__all__ = ["llvm_global", "mem_copy", "mem_set", "pointer_argument", "rest",
           "zero_tangent_tree"]
