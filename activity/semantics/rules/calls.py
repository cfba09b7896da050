"""Calls: ``func.call``/``llvm.call`` of a function with a body (a fresh frame), of an
external function the table knows by name (``EXTERNAL_ALIASES``: libm, memcpy,
memset), of an allocator (``malloc``, ``calloc``, ``realloc``, ...: fresh zero-filled
blocks) or a deallocator (no-op); function ops and returns."""

from __future__ import annotations

from xdsl.dialects.llvm import LLVMPointerType
from xdsl.ir import Operation, SSAValue

from activity.ops import ALLOCATORS, DEALLOCATORS, EXTERNAL_ALIASES, TABLE, OpKind, OpSpec
from activity.ops.table import int_width, signed
from activity.semantics.attrs import prop, symbol
from activity.semantics.memory import InterpreterError
from activity.semantics.registry import (
    T_,
    V_,
    Core,
    OpFn,
    fail,
    leaving_terminators,
    noop,
    op_rule,
)
from activity.semantics.rules.llvm import mem_copy, mem_set
from activity.semantics.rules.scalar import scalar_op

op_rule("func.func", "llvm.func")(noop)
leaving_terminators("func.return", "llvm.return")


@op_rule("func.call", "llvm.call")
def call(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    callee = symbol(prop(op, "callee"))
    if callee is None:
        raise InterpreterError(f"indirect {spec.name} is not supported")
    opnds = tuple(getattr(op, "args", op.operands))
    fop = ip.funcs.get(callee)
    if fop is not None and fop.regions and fop.regions[0].blocks:
        slots = tuple(ip._s(x) for x in opnds)
        sgs = tuple(ip._sg(r) for r in op.results)

        def call(V: V_, T: T_) -> None:
            vals, tans = ip._call(fop, [V[x] for x in slots], [T[x] for x in slots])
            ip._define_all(V, T, sgs, vals, tans)
        return call
    alias = EXTERNAL_ALIASES.get(callee)
    if alias is not None:
        aspec = TABLE[alias]
        if aspec.kind is OpKind.MEM_COPY:
            return mem_copy(ip, op, aspec, opnds)
        if aspec.kind is OpKind.MEM_SET:
            return mem_set(ip, op, aspec, opnds)
        if aspec.sem is not None:
            return scalar_op(ip, op, aspec, opnds)
        raise InterpreterError(f"external @{callee} aliases unsupported {alias}")
    if callee in ALLOCATORS:
        return allocator(ip, op, callee, opnds)
    if callee in DEALLOCATORS:
        return lambda V, T: None
    return fail(f"call to external function @{callee} with unknown semantics")


def allocator(ip: Core, op: Operation, callee: str, opnds: tuple[SSAValue, ...]) -> OpFn:
    """malloc-like calls: a fresh zero-filled block (realloc copies the old one)."""
    rs, rg = ip._sg(op.results[0])
    args = tuple((ip._s(x), 0 if isinstance(x.type, LLVMPointerType)
                  else int_width(x.type)) for x in opnds)
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        a = [signed(V[s], w) if w else V[s] for s, w in args]
        mem = ip._mem
        if callee == "calloc":
            size = a[0] * a[1]
        elif callee in ("aligned_alloc", "realloc"):
            size = a[1]
        else:
            size = a[0]
        blk = mem.allocate(size, callee)
        if callee == "realloc" and a[0]:
            old, off = mem.resolve(a[0], 0)
            mem.copy(blk.base, a[0], min(size, old.size - off))
        define(V, T, rs, rg, blk.base, 0.0)
    return fn


__all__ = ["allocator", "call"]
