"""Type predicates shared by the analyses: what may carry a derivative, what is a pointer."""

from __future__ import annotations

from xdsl.dialects.builtin import (
    AnyFloat,
    ComplexType,
    MemRefType,
    TensorType,
    UnrankedMemRefType,
    VectorType,
)
from xdsl.dialects.llvm import LLVMArrayType, LLVMPointerType, LLVMStructType
from xdsl.ir import Attribute


def is_pointer(t: Attribute) -> bool:
    """Values of this type name memory (alias classes); derivatives live in that memory."""
    return isinstance(t, MemRefType | UnrankedMemRefType | LLVMPointerType)


def is_aggregate(t: Attribute) -> bool:
    """LLVM structs/arrays: may hold both pointers and floats."""
    return isinstance(t, LLVMStructType | LLVMArrayType)


def may_hold_pointer(t: Attribute) -> bool:
    """Values whose points-to set is tracked."""
    return is_pointer(t) or is_aggregate(t)


def is_float_like(t: Attribute) -> bool:
    """Types whose values are derivative-carrying outputs by default."""
    if isinstance(t, AnyFloat):
        return True
    if isinstance(t, VectorType | TensorType):
        return isinstance(t.element_type, AnyFloat)
    if isinstance(t, ComplexType):
        return True
    if isinstance(t, LLVMStructType):
        return any(is_float_like(e) for e in t.types.data)
    if isinstance(t, LLVMArrayType):
        return is_float_like(t.type)
    return False


def element_is_float(t: Attribute) -> bool:
    """Memory of this pointer/memref type may hold floats (opaque llvm.ptr: assume yes)."""
    if isinstance(t, MemRefType | UnrankedMemRefType):
        return isinstance(t.element_type, AnyFloat | VectorType | ComplexType)
    return True
