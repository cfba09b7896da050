"""Lowering of the ``llvm`` dialect's memory, pointer and aggregate ops: ``load``,
``store``, ``alloca``, ``getelementptr``, ``mlir.addressof``/``mlir.global``,
``extractvalue``/``insertvalue``, pointer casts and the memory intrinsics (with the
pointer extents of :mod:`activity.codegen.extents` under ``check_bounds``).  Its
arithmetic, comparisons and casts are :mod:`.arith`'s rules; ``llvm.call``
:mod:`.calls`'."""

from __future__ import annotations

from llvmlite import ir
from xdsl.dialects.builtin import (
    IntegerAttr,
)
from xdsl.dialects.llvm import LLVMArrayType, LLVMStructType
from xdsl.ir import Attribute, Operation

from activity.codegen.lowering.common import (
    ints,
    opaque,
    prop,
    size_of,
    unsupported,
)
from activity.codegen.lowering.core import FuncLowering, lowers
from activity.codegen.lowering.memref import in_loop
from activity.codegen.types import (
    I1,
    I8,
    I32,
    I64,
    PTR,
    VOID,
    value_type,
)
from activity.ops import op_name

GEP_DYN = -(2**31)  # LLVM's dynamic sentinel in rawConstantIndices



@lowers("llvm.load")
def op_llvm_load(fl: FuncLowering, op: Operation) -> None:
    t = value_type(op.results[0].type)
    p = fl.v(op.operands[0])
    if fl.ext is not None:
        fl.ext.check(op, op.operands[0], p, fl.i64(size_of(t)))
        fl.ext.loaded(op)
    fl.set(op, fl.b.load(p, typ=t))


@lowers("llvm.store")
def op_llvm_store(fl: FuncLowering, op: Operation) -> None:
    x, p = fl.v(op.operands[0]), fl.v(op.operands[1])
    if fl.ext is not None:
        fl.ext.check(op, op.operands[1], p, fl.i64(size_of(x.type)))
        fl.ext.stored(op)
    fl.b.store(x, p)


@lowers("llvm.alloca")
def op_llvm_alloca(fl: FuncLowering, op: Operation) -> None:
    t = value_type(op.properties["elem_type"])
    n = fl.const_int(op.operands[0])
    if n is not None and not in_loop(op):
        ab = ir.IRBuilder(fl.entry)
        ab.position_at_start(fl.entry)
        p = opaque(ab, ab.alloca(t, size=ir.Constant(I64, n)))
    else:
        size = fl.v(op.operands[0])
        p = opaque(fl.b, fl.b.alloca(t, size=size))
    if fl.ext is not None:
        n = fl.v(op.operands[0])
        fl.ext.block(op.results[0], p, fl.b.mul(
            n if n.type == I64 else fl.b.zext(n, I64), fl.i64(size_of(t))))
        fl.ext.slot(op)
    fill = fl.ml.target.fill
    if fill is not None:
        nbytes = fl.b.mul(fl.b.zext(fl.v(op.operands[0]), I64)
                            if fl.v(op.operands[0]).type != I64
                            else fl.v(op.operands[0]), fl.i64(size_of(t)))
        fl.b.call(fl.ml.intrinsic("llvm.memset.p0.i64", VOID, [PTR, I8, I64, I1]),
                    [p, ir.Constant(I8, fill), nbytes, ir.Constant(I1, 0)])
    fl.set(op, p)


@lowers("llvm.getelementptr")
def op_gep(fl: FuncLowering, op: Operation) -> None:
    """llvm.getelementptr: constant indices from ``rawConstantIndices`` (the dynamic
    sentinel takes the next operand), struct fields as i32 constants."""
    base = fl.v(op.operands[0])
    raw = ints(op.properties["rawConstantIndices"])
    dyn = iter(op.operands[1:])
    t: Attribute = op.properties["elem_type"]
    idx: list[ir.Value] = []
    cur: Attribute | None = t
    for k, c in enumerate(raw):
        if c == GEP_DYN:
            idx.append(fl.v(next(dyn)))
        elif k > 0 and isinstance(cur, LLVMStructType):
            idx.append(ir.Constant(I32, c))
        else:
            idx.append(ir.Constant(I64, c))
        if k > 0:
            if isinstance(cur, LLVMStructType):
                cur = cur.types.data[c]
            elif isinstance(cur, LLVMArrayType):
                cur = cur.type
    fl.set(op, fl.b.gep(base, idx, source_etype=value_type(t)))
    if fl.ext is not None:
        fl.ext.same(op.results[0], op.operands[0])


@lowers("llvm.mlir.addressof")
def op_addressof(fl: FuncLowering, op: Operation) -> None:
    attr = prop(op, "global_name")
    name = getattr(getattr(attr, "root_reference", None), "data", None)
    if name is None:
        raise unsupported(op, "no global name")
    g = fl.ml.llvm_global(name, op)
    fl.set(op, g)
    if fl.ext is not None:
        fl.ext.block(op.results[0], g, fl.i64(size_of(g.value_type)))


@lowers("llvm.extractvalue")
def op_extractvalue(fl: FuncLowering, op: Operation) -> None:
    pos = ints(op.properties["position"])
    fl.set(op, fl.b.extract_value(fl.v(op.operands[0]), pos))


@lowers("llvm.insertvalue")
def op_insertvalue(fl: FuncLowering, op: Operation) -> None:
    pos = ints(op.properties["position"])
    fl.set(op, fl.b.insert_value(fl.v(op.operands[0]), fl.v(op.operands[1]), pos))


@lowers("llvm.ptrtoint", "llvm.inttoptr", "llvm.addrspacecast")
def op_ptr_cast(fl: FuncLowering, op: Operation) -> None:
    a = fl.v(op.operands[0])
    name = op_name(op)
    rt = value_type(op.results[0].type)
    if name == "llvm.ptrtoint":
        fl.set(op, fl.b.ptrtoint(a, rt))
    elif name == "llvm.inttoptr":
        fl.set(op, fl.b.inttoptr(a, rt))
    else:  # addrspacecast: one address space here
        fl.set(op, a)
        if fl.ext is not None:
            fl.ext.same(op.results[0], op.operands[0])


@lowers("llvm.intr.memcpy", "llvm.intr.memmove", "llvm.intr.memcpy.inline", "llvm.intr.memset",
        "llvm.intr.memset.inline")
def op_mem_intrinsic(fl: FuncLowering, op: Operation) -> None:
    name = op_name(op)
    ops = [fl.v(x) for x in op.operands]
    vol = ir.Constant(I1, int(isinstance(prop(op, "isVolatile"), IntegerAttr)
                              and prop(op, "isVolatile").value.data))  # type: ignore
    if name.startswith("llvm.intr.memset"):
        dst, byte, n = ops[:3]
        if fl.ext is not None:
            fl.ext.check(op, op.operands[0], dst, n)
        fn = fl.ml.intrinsic(f"llvm.memset.p0.{n.type}", VOID, [PTR, I8, n.type, I1])
        fl.b.call(fn, [dst, byte, n, vol])
        return
    dst, src, n = ops[:3]
    if fl.ext is not None:
        fl.ext.check(op, op.operands[0], dst, n, " destination")
        fl.ext.check(op, op.operands[1], src, n, " source")
    base = "llvm.memmove" if "memmove" in name else "llvm.memcpy"
    fn = fl.ml.intrinsic(f"{base}.p0.p0.{n.type}", VOID, [PTR, PTR, n.type, I1])
    fl.b.call(fn, [dst, src, n, vol])


@lowers("llvm.mlir.global")
def op_global(fl: FuncLowering, op: Operation) -> None:
    """A global is lowered where it is used (``ModuleLowering.llvm_global``)."""
    if op.results:
        raise unsupported(op)
