"""Types of the lowering: MLIR builtin types -> LLVM types, and memref layouts.

A ranked memref lowers to MLIR's standard descriptor (what ``--finalize-memref-to-llvm``
produces, so our functions link with upstream-lowered ones)::

    { ptr allocated, ptr aligned, i64 offset, [rank x i64] sizes, [rank x i64] strides }

(the two arrays are omitted for rank 0).  At a function boundary the descriptor is
passed *expanded*, one LLVM argument per field and per array element, as
``--convert-func-to-llvm`` does by default.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from llvmlite import ir
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    MemRefType,
    NoneAttr,
    StridedLayoutAttr,
)
from xdsl.dialects.llvm import (
    LLVMArrayType,
    LLVMFunctionType,
    LLVMPointerType,
    LLVMStructType,
    LLVMVoidType,
)
from xdsl.ir import Attribute, Operation

from activity.codegen.errors import CodegenError

I1 = ir.IntType(1)
I8 = ir.IntType(8)
I32 = ir.IntType(32)
I64 = ir.IntType(64)
F64 = ir.DoubleType()
F32 = ir.FloatType()
F16 = ir.HalfType()
PTR = ir.PointerType()
VOID = ir.VoidType()


def is_dynamic(n: int | None) -> bool:
    return n is None or n == DYNAMIC_INDEX or n == -1


def scalar_type(t: Attribute) -> ir.Type:
    """The LLVM type of a scalar MLIR type (``index`` is i64)."""
    if isinstance(t, Float64Type):
        return F64
    if isinstance(t, Float32Type):
        return F32
    if isinstance(t, Float16Type):
        return F16
    if isinstance(t, IntegerType):
        return ir.IntType(t.width.data)
    if isinstance(t, IndexType):
        return I64
    if isinstance(t, LLVMPointerType):
        return PTR
    if isinstance(t, BFloat16Type):
        raise CodegenError("bf16 is not supported by the lowering")
    raise CodegenError(f"type {t} is not supported by the lowering")


def is_float_type(t: ir.Type) -> bool:
    return isinstance(t, ir.DoubleType | ir.FloatType | ir.HalfType)


def elem_size(t: ir.Type) -> int:
    """Bytes per element in memory (LLVM's alloc size for the scalars we use)."""
    if isinstance(t, ir.DoubleType):
        return 8
    if isinstance(t, ir.FloatType):
        return 4
    if isinstance(t, ir.HalfType):
        return 2
    if isinstance(t, ir.PointerType):
        return 8
    if isinstance(t, ir.IntType):
        w = t.width
        n = 1
        while n * 8 < w:
            n *= 2
        return n
    raise CodegenError(f"no element size for {t}")


def descriptor_type(rank: int) -> ir.LiteralStructType:
    fields: list[ir.Type] = [PTR, PTR, I64]
    if rank:
        fields += [ir.ArrayType(I64, rank), ir.ArrayType(I64, rank)]
    return ir.LiteralStructType(fields)


def value_type(t: Attribute) -> ir.Type:
    """The LLVM type of an SSA value of MLIR type ``t`` inside a function."""
    if isinstance(t, MemRefType):
        return descriptor_type(len(t.get_shape()))
    if isinstance(t, LLVMStructType):
        return ir.LiteralStructType([value_type(x) for x in t.types.data])
    if isinstance(t, LLVMArrayType):
        return ir.ArrayType(value_type(t.type), t.size.data)
    return scalar_type(t)


def llvm_signature(ft: LLVMFunctionType) -> tuple[list[Attribute], list[Attribute]]:
    """(inputs, outputs) of an ``llvm.func`` type (variadic functions are refused)."""
    if ft.is_variadic:
        raise CodegenError("variadic llvm.func is not supported by the lowering")
    out = ft.output
    return list(ft.inputs.data), [] if isinstance(out, LLVMVoidType) else [out]


def flat_types(t: Attribute) -> list[ir.Type]:
    """The LLVM arguments one MLIR argument expands to at a call boundary."""
    if isinstance(t, MemRefType):
        r = len(t.get_shape())
        return [PTR, PTR, I64] + [I64] * (2 * r)
    return [scalar_type(t)]


@dataclass(frozen=True)
class Layout:
    """What the type of a memref tells statically: shape, strides and offset (``None``
    where dynamic), and the LLVM element type."""

    shape: tuple[int | None, ...]
    strides: tuple[int | None, ...]
    offset: int | None
    elem: ir.Type
    identity: bool = False

    @property
    def rank(self) -> int:
        return len(self.shape)

    def contiguous(self) -> bool:
        """Row-major without gaps whatever the dynamic sizes are (known from the type)."""
        if self.identity:
            return True
        expect: int | None = 1
        for n, s in zip(reversed(self.shape), reversed(self.strides), strict=True):
            if s is None or expect is None or s != expect:
                return False
            expect = None if n is None else expect * n
        return True


def layout(t: MemRefType) -> Layout:
    """Static shape, strides and offset of a memref type (identity or strided layout)."""
    shape = tuple(None if is_dynamic(n) else n for n in t.get_shape())
    lay = t.layout
    elem = scalar_type(t.element_type)
    if isinstance(lay, NoneAttr):
        strides: list[int | None] = []
        acc: int | None = 1
        for n in reversed(shape):
            strides.append(acc)
            acc = None if acc is None or n is None else acc * n
        return Layout(shape, tuple(reversed(strides)), 0, elem, identity=True)
    if isinstance(lay, StridedLayoutAttr):
        st = tuple(None if is_dynamic(s) else s for s in lay.get_strides())
        off = lay.get_offset()
        return Layout(shape, st, None if is_dynamic(off) else off, elem)
    raise CodegenError(f"memref layout {lay} is not supported (identity or strided only)")


def return_type(outs: Sequence[Attribute]) -> ir.Type:
    if not outs:
        return VOID
    if len(outs) == 1:
        return value_type(outs[0])
    return ir.LiteralStructType([value_type(t) for t in outs])


def signature(fop: Operation) -> tuple[ir.FunctionType, list[Attribute], list[Attribute]]:
    """The LLVM type of function ``fop`` (memref arguments expanded into their
    descriptor fields; MLIR's result convention) and its argument and result types."""
    ft = fop.properties.get("function_type")
    if ft is None:
        ft = fop.attributes.get("function_type")
    if isinstance(ft, LLVMFunctionType):
        ins, outs = llvm_signature(ft)
    else:
        ins = list(ft.inputs.data)  # type: ignore[union-attr]
        outs = list(ft.outputs.data)  # type: ignore[union-attr]
    flat: list[ir.Type] = []
    for t in ins:
        flat += flat_types(t)
    return ir.FunctionType(return_type(outs), flat), ins, outs
