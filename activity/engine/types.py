"""Type predicates shared by the analyses: what may carry a derivative, what is a pointer."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from xdsl.dialects.builtin import (
    AnyFloat,
    ComplexType,
    IntegerType,
    MemRefType,
    SymbolRefAttr,
    TensorType,
    UnrankedMemRefType,
    VectorType,
)
from xdsl.dialects.llvm import LLVMArrayType, LLVMPointerType, LLVMStructType
from xdsl.ir import Attribute, Operation, SSAValue, Use
from xdsl.traits import SymbolTable


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


def callee_param(call: Operation, index: int) -> SSAValue | None:
    """The parameter of the module's function that operand ``index`` of the direct call
    ``call`` binds, or None (an external or unknown callee, or no such parameter)."""
    callee = call.properties.get("callee") or call.attributes.get("callee")
    f = SymbolTable.lookup_symbol(call, callee) if isinstance(callee, SymbolRefAttr) else None
    if f is None or not f.regions or not f.regions[0].blocks:
        return None
    params = f.regions[0].blocks.first.args  # type: ignore[union-attr]
    k = index - (len(call.operands) - len(params))
    return params[k] if 0 <= k < len(params) else None


def pointer_uses(arg: SSAValue) -> Iterator[Use]:
    """Every use of the pointer ``arg`` and of the pointers derived from it:
    ``getelementptr`` results, and the parameters of the module's functions it is
    passed to (each value once).  What a use means is the caller's business."""
    work, visited = [arg], set()
    while work:
        v = work.pop()
        if v in visited:
            continue
        visited.add(v)
        for use in v.uses:
            yield use
            op = use.operation
            if op.name == "llvm.getelementptr" and use.index == 0:
                work.append(op.results[0])
            elif op.name in ("func.call", "llvm.call"):
                param = callee_param(op, use.index)
                if param is not None:
                    work.append(param)


def pointee(arg: SSAValue) -> Attribute | None:
    """The one scalar type (``f64``, ``i32``, ...) that every access through the
    ``!llvm.ptr`` ``arg`` loads or stores -- directly, or through ``getelementptr``s of
    scalar element types (C's ``x[i]``, also byte offsets) -- or None where that is not
    known: a struct or array element, the pointer stored, passed to a call or compared,
    several types, or no access.  Compiled functions and the interpreter check an array's
    dtype against it: a float32 array passed for a ``double *`` made the gradient write 8-byte
    adjoints into a shadow of 4-byte elements (a heap overflow, user test)."""
    seen: set[Attribute] = set()
    for use in pointer_uses(arg):
        op = use.operation
        if op.name == "llvm.load" and use.index == 0:
            seen.add(op.results[0].type)
        elif op.name == "llvm.store" and use.index == 1:
            seen.add(op.operands[0].type)
        elif op.name == "llvm.getelementptr" and use.index == 0:
            if not isinstance(op.properties.get("elem_type"), AnyFloat | IntegerType):
                return None
        elif op.name not in ("func.call", "llvm.call") or callee_param(op, use.index) is None:
            return None
    if len(seen) != 1:
        return None
    (t,) = seen
    return t if isinstance(t, AnyFloat | IntegerType) else None


_POINTEE_BYTES = {"f64": 8, "f32": 4, "f16": 2, "i64": 8, "i32": 4, "i16": 2}


def pointee_spec(t: Attribute | None) -> tuple[int, bool, str] | None:
    """``(bytes, is float, name)`` of a :func:`pointee` type that array dtypes are
    checked against, or None (computed once per parameter: printing the type per call
    cost microseconds, a review)."""
    name = str(t) if t is not None else ""
    size = _POINTEE_BYTES.get(name)
    return None if size is None else (size, name.startswith("f"), name)


def pointee_mismatch(dtype: Any, spec: tuple[int, bool, str] | None) -> str | None:
    """Why an array of numpy ``dtype`` cannot be what a pointer accessed as ``spec`` (a
    :func:`pointee_spec`) points to, or None: a plain dtype of another size, or an
    integer one for floats and the reverse (structured dtypes are the caller's
    business)."""
    if spec is None or dtype.fields is not None:
        return None
    size, floats, name = spec
    if dtype.itemsize == size and (dtype.kind == "f") == floats:
        return None
    kind = "floats" if floats else "integers"
    want = f"np.{'float' if floats else 'int'}{8 * size}"
    fix = (f"x.view({want})" if dtype.kind == "c" and floats
           and dtype.itemsize == 2 * size else f"x.astype({want})")
    return (f"the function reads it as {size}-byte {kind} ({name}), got an array of "
            f"{dtype}; pass {fix}")
