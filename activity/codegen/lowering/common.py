"""What every piece of the lowering shares: the :class:`Target` (what differs between
the host and the GPU), op properties, constants, the block order, sizes of LLVM
types, and the error for an op the lowering does not support.  Imports nothing of
the lowering."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from llvmlite import ir
from xdsl.ir import Attribute, Block, Operation

from activity.codegen.types import (
    PTR,
    CodegenError,
    elem_size,
    is_float_type,
)
from activity.frontend import place_of as where
from activity.ops import op_name
from activity.ops.switch import SWITCH_OPS


def prop(op: Operation, name: str) -> Attribute | None:
    v = op.properties.get(name)
    return op.attributes.get(name) if v is None else v


def ints(attr: Attribute) -> list[int]:
    get = getattr(attr, "get_values", None)
    if get is not None:
        return [int(x) for x in get()]
    return [int(getattr(x, "value", x).data) for x in attr.data]  # type: ignore[attr-defined]


def unsupported(op: Operation, why: str = "") -> CodegenError:
    msg = f"{op_name(op)} is not supported by the lowering" + (f" ({why})" if why else "")
    return CodegenError(msg, **where(op))


def const(t: ir.Type, v: Any) -> ir.Constant:
    if is_float_type(t):
        return ir.Constant(t, float(v))
    w = t.width  # type: ignore[attr-defined]
    v = int(v) & ((1 << w) - 1)
    if v >> (w - 1) and w > 1:
        v -= 1 << w
    return ir.Constant(t, v)


def rpo(entry: Block) -> list[Block]:
    """Blocks reachable from ``entry`` in reverse post-order (dominators first)."""
    seen: set[int] = set()
    post: list[Block] = []
    stack: list[tuple[Block, int]] = [(entry, 0)]
    seen.add(id(entry))
    while stack:
        blk, i = stack.pop()
        term = blk.last_op
        succs = list(term.successors) if term is not None else []
        if i < len(succs):
            stack.append((blk, i + 1))
            s = succs[i]
            if id(s) not in seen:
                seen.add(id(s))
                stack.append((s, 0))
        else:
            post.append(blk)
    return list(reversed(post))


def fastmath_flags(op: Operation) -> tuple[str, ...]:
    """The LLVM fast-math flags of ``op``'s ``fastmath`` (arith) or ``fastmathFlags``
    (llvm) property: ``("reassoc",)`` for ``fastmath<reassoc>``; ``()`` for none."""
    a = op.properties.get("fastmath") or op.properties.get("fastmathFlags")
    flags = getattr(a, "data", None)
    return tuple(sorted(str(f.value) for f in flags)) if isinstance(flags, frozenset) else ()


TERMINATORS = frozenset({"func.return", "llvm.return", "scf.yield", "scf.condition",
                          "scf.reduce", "scf.reduce.return", "cf.br", "cf.cond_br",
                          "llvm.br", "llvm.cond_br", "llvm.unreachable", *SWITCH_OPS})


def opaque(b: ir.IRBuilder, p: ir.Value) -> ir.Value:
    """``p`` as an opaque ``ptr`` value (llvmlite types allocas as typed pointers and
    would refuse to store a pointer through them)."""
    cast = ir.instructions.CastInstr(b.block, "bitcast", p, PTR)
    b._insert(cast)
    return cast


def size_of(t: ir.Type) -> int:
    """Allocation size of an LLVM type (natural alignment, as the x86-64 and NVPTX
    data layouts give for the types of the subset)."""
    if isinstance(t, ir.LiteralStructType):
        off = 0
        align = 1
        for e in t.elements:
            a = align_of(e)
            off = (off + a - 1) // a * a + size_of(e)
            align = max(align, a)
        return (off + align - 1) // align * align
    if isinstance(t, ir.ArrayType):
        return t.count * size_of(t.element)
    return elem_size(t)


def align_of(t: ir.Type) -> int:
    if isinstance(t, ir.LiteralStructType):
        return max((align_of(e) for e in t.elements), default=1)
    if isinstance(t, ir.ArrayType):
        return align_of(t.element)
    return elem_size(t)


# The largest allocation compiled code asks for, in bytes (user space on x86-64 and
# AArch64 spans 2**47 bytes): a byte count past it, or one that wraps around, fails
# the allocation (FuncLowering.alloc_bytes) before malloc is called.
ALLOC_LIMIT = 1 << 47


@dataclass
class Target:
    """What differs between the host and the GPU lowering."""

    name: str  # "cpu" | "nvptx"
    triple: str
    data_layout: str = ""
    atomics: bool = False  # lower memref.atomic_rmw atomically (else a plain RMW)
    math_prefix: str = ""  # "__nv_" for libdevice
    malloc: str = "malloc"  # the allocation function (malloc-like: one size argument)
    free: str = "free"
    # Byte fresh memory is filled with: None leaves it uninitialized (as upstream MLIR:
    # reading it is undefined), 0 gives the interpreter's zeros, 0xFF NaNs (a test
    # that generated code never reads memory it did not write).
    fill: int | None = None
    # route the heap buffers whose whole life the function shows through the cache of
    # freed blocks (activity.codegen.heap; the host JIT only)
    heap_cache: bool = False
    # check every memref access against its memref's sizes (activity.codegen.checks):
    # a failed check is recorded and the function left at once
    check_bounds: bool = False
    # a failed cf.assert is recorded and the function left, for the caller to raise
    # (the host JIT, whose Python side reads the record), instead of trapping (which
    # kills the process)
    recover: bool = False
