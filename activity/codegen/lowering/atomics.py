"""Read-modify-write updates: the combining op of an ``atomic_rmw`` kind
(:func:`combine`), ``atomicrmw`` where LLVM has it (:data:`RMW_LLVM`), a
compare-and-swap loop where not (:func:`cas_loop`), and flags stored as bytes
(:func:`rmw_flag`).  Used by ``memref.atomic_rmw`` (:mod:`.memref`) and by the GPU
target's reductions (:mod:`activity.codegen.gpu`)."""

from __future__ import annotations

from llvmlite import ir

from activity.codegen.lowering.arith import ICMP, INT_BINOPS, INT_MINMAX
from activity.codegen.lowering.core import FuncLowering
from activity.codegen.types import (
    I1,
    I8,
    elem_size,
    is_float_type,
)
from activity.ops import TABLE, OpKind
from activity.ops.rmw import RMW_TABLE_OP

# the LLVM atomicrmw operation with the same result, where there is one
RMW_LLVM = {"addf": "fadd", "addi": "add", "andi": "and", "assign": "xchg",
            "maxs": "max", "maxu": "umax", "mins": "min", "minu": "umin", "ori": "or",
            "xori": "xor"}



def rmw_flag(fl: FuncLowering, p: ir.Value, val: ir.Value, kind: str, atomic: bool) -> ir.Value:
    """``memref.atomic_rmw`` on an i1 element, stored as a byte: the old byte read
    as ``!= 0``, combined as i1, stored as 0 or 1 -- through a cmpxchg loop on the
    byte when ``atomic`` (LLVM has no atomics on i1, and an ``atomicrmw`` on the i8
    would combine the raw bytes, 2 AND 1 = 0 for two true flags)."""
    if atomic:
        return cas_loop(fl, p, val, kind, I1)
    b = fl.b  # the host runs scf.parallel in order
    old = b.icmp_unsigned("!=", b.load(p, typ=I8), ir.Constant(I8, 0))
    new = val if kind == "assign" else combine(fl, kind, old, val)
    b.store(b.zext(new, I8), p)
    return old


def combine(fl: FuncLowering, kind: str, old: ir.Value, val: ir.Value) -> ir.Value:
    """``old (kind) val`` computed as the table op of the kind."""
    name = RMW_TABLE_OP[kind]
    spec = TABLE[name]
    if spec.kind is OpKind.FLOAT:
        assert spec.sem is not None
        r = spec.sem(fl.N, None, fl.N.num(fl.to_f64(old)),
                     fl.N.num(fl.to_f64(val)))[0]
        return fl.from_f64(fl.N.val(r), old.type)
    if name in INT_BINOPS:
        return getattr(fl.b, INT_BINOPS[name])(old, val)
    sign, sym = ICMP[INT_MINMAX[name]]
    c = (fl.b.icmp_signed if sign == "s" else fl.b.icmp_unsigned)(sym, old, val)
    return fl.b.select(c, old, val)


def cas_loop(fl: FuncLowering, p: ir.Value, val: ir.Value, kind: str, t: ir.Type) -> ir.Value:
    """An atomic read-modify-write without an LLVM atomicrmw op: a cmpxchg loop on
    the element's memory word -- a float's bits, an i1's byte (see ``op_load``)."""
    b = fl.b
    mem: ir.Type
    if t == I1:
        mem = I8
        decode = lambda w: b.icmp_unsigned("!=", w, ir.Constant(I8, 0))  # noqa: E731
        encode = lambda x: b.zext(x, I8)  # noqa: E731
    elif is_float_type(t):
        mem = ir.IntType(elem_size(t) * 8)
        decode = lambda w: b.bitcast(w, t)  # noqa: E731
        encode = lambda x: b.bitcast(x, mem)  # noqa: E731
    else:
        mem = t
        decode = encode = lambda x: x  # noqa: E731
    start = b.block
    init = b.load(p, typ=mem)
    loop = fl.fresh_block("cas.loop")
    done = fl.fresh_block("cas.done")
    b.branch(loop)
    b.position_at_end(loop)
    word = b.phi(mem)
    word.add_incoming(init, start)
    old = decode(word)
    new = val if kind == "assign" else combine(fl, kind, old, val)
    pair = b.cmpxchg(p, word, encode(new), "monotonic", "monotonic")
    word.add_incoming(b.extract_value(pair, 0), b.block)
    b.cbranch(b.extract_value(pair, 1), done, loop)
    b.position_at_end(done)
    return old

