"""Normalise llvm-dialect functions for the AD generator.

``llvm.func`` definitions become ``func.func`` (same blocks, same ops), their
``llvm.br``/``llvm.cond_br``/``llvm.return`` become ``cf.br``/``cf.cond_br``/
``func.return``, ``llvm.switch``/``cf.switch`` become chains of ``arith.cmpi eq`` +
``cf.cond_br`` (:func:`switch_chain`) and ``llvm.call``s of such functions become
``func.call``.  Every other llvm op (loads, stores, GEPs, allocas, calls of
declarations such as ``@malloc``, ``@free``, ``@memcpy``, ``@sin``, intrinsics) is kept
as is; the generator handles them directly.  Runs on the generator's private clone of
the module.
"""

from __future__ import annotations

from typing import Any

from xdsl.dialects import arith, cf, func, llvm
from xdsl.dialects.builtin import (
    AnyFloat,
    Float64Type,
    FunctionType,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    UnregisteredOp,
    VectorType,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue

from activity.engine.program import call_target, global_ref, successor_operands
from activity.errors import ActivityError
from activity.ops import op_name
from activity.ops.switch import SWITCH_OPS, switch_cases
from activity.ops.table import signed


def _results_of(ft: llvm.LLVMFunctionType) -> list:
    out = ft.output
    if isinstance(out, llvm.LLVMVoidType):
        return []
    return [out]


def normalize_llvm(module: ModuleOp) -> dict[int, Operation]:
    """Rewrite ``module`` in place; returns new op (id) -> the llvm op it replaces."""
    replaced: dict[int, Operation] = {}
    bodied: set[str] = set()
    for op in list(module.body.block.ops):
        if op_name(op) != "llvm.func" or not op.regions[0].blocks:
            continue
        assert isinstance(op, llvm.FuncOp)
        name = op.sym_name.data
        bodied.add(name)
        ft = op.function_type
        ins = list(ft.inputs.data)
        outs = _results_of(ft)
        region = op.regions[0]
        op.detach_region(region)
        nf = func.FuncOp(name, FunctionType.from_lists(ins, outs), region)
        module.body.block.insert_op_before(nf, op)
        op.detach()
        replaced[id(nf)] = op
    for fop in list(module.body.block.ops):
        if op_name(fop) != "func.func" or not fop.regions or not fop.regions[0].blocks:
            continue
        for blk in list(fop.regions[0].blocks):
            term = blk.last_op
            if term is None:
                continue
            n = op_name(term)
            new: Operation | None = None
            if n == "llvm.return":
                new = func.ReturnOp(*term.operands)
            elif n == "llvm.br":
                new = cf.BranchOp(term.successors[0], *term.operands)
            elif n == "llvm.cond_br":
                fwd = successor_operands(term)
                assert fwd is not None
                t_args, f_args = list(fwd[0]), list(fwd[1])
                new = cf.ConditionalBranchOp(term.operands[0], term.successors[0], t_args,
                                             term.successors[1], f_args)
            elif n in SWITCH_OPS:
                chain = switch_chain(term)
                if chain is None:
                    continue  # (the generator names the switch it cannot differentiate)
                for op in chain:
                    replaced[id(op)] = term
                term.detach()
                term.erase(safe_erase=False)
                continue
            if new is not None:
                blk.insert_op_before(new, term)
                term.detach()
                term.erase(safe_erase=False)
                replaced[id(new)] = term
        for op in list(fop.walk()):
            if op_name(op) == "llvm.call" and call_target(op) in bodied:
                t = call_target(op)
                new = func.CallOp(t, list(op.operands), [r.type for r in op.results])
                op.parent_block().insert_op_before(new, op)  # type: ignore[union-attr]
                for r, nr in zip(op.results, new.results, strict=True):
                    r.replace_all_uses_with(nr)
                op.detach()
                op.erase()
                replaced[id(new)] = op
    return replaced


def switch_chain(term: Operation) -> list[Operation] | None:
    """Replace the switch ``term`` (``llvm.switch`` or ``cf.switch``) by a chain of
    ``arith.cmpi eq`` + ``cf.cond_br``: its block tests the first case, each new block
    (placed after it) the next one, the last branches to the default; every case goes
    to its successor with its operands.  Returns the new ops (``term`` is left for the
    caller to erase), or None when the switch's layout is not understood."""
    sw = switch_cases(term)
    blk = term.parent_block()
    region = blk.parent if blk is not None else None
    if sw is None or blk is None or region is None:
        return None
    cases: list[tuple[int, Block, list[SSAValue]]] = []
    seen: set[int] = set()
    for value, succ, ops in sw.cases:
        if value not in seen:  # the first of equal case values wins (as in the interpreter)
            seen.add(value)
            cases.append((value, succ, ops))
    made: list[Operation] = []
    if not cases:
        br = cf.BranchOp(sw.default, *sw.default_operands)
        blk.insert_op_before(br, term)
        return [br]
    here, after = blk, blk
    for k, (value, succ, ops) in enumerate(cases):
        if k + 1 < len(cases):
            nxt: Block = Block()
            region.insert_block_after(nxt, after)
            after = nxt
            else_blk, else_ops = nxt, []
        else:
            else_blk, else_ops = sw.default, list(sw.default_operands)
        if succ is else_blk:  # both edges to one block: the case goes through its own
            hop = Block()
            region.insert_block_after(hop, after)
            after = hop
            jump = cf.BranchOp(succ, *ops)
            hop.add_op(jump)
            made.append(jump)
            succ, ops = hop, []
        c = arith.ConstantOp(IntegerAttr(signed(value, sw.width), sw.flag.type))
        eq = arith.CmpiOp(sw.flag, c, "eq")
        br = cf.ConditionalBranchOp(eq, succ, ops, else_blk, else_ops)
        for op in (c, eq, br):
            if here is blk:
                blk.insert_op_before(op, term)
            else:
                here.add_op(op)
        made += [c, eq, br]
        here = else_blk
    return made


# ====================================================================== llvm memory AD
def is_llvm_ptr(t: Attribute) -> bool:
    return isinstance(t, llvm.LLVMPointerType)


def is_aggregate(t: Attribute) -> bool:
    return isinstance(t, llvm.LLVMStructType | llvm.LLVMArrayType | VectorType)


def sizeof(t: Attribute) -> int:
    """Bytes of an llvm type (x86-64 layout, natural alignment)."""
    return _layout(t)[0]


def _layout(t: Attribute) -> tuple[int, int]:
    if isinstance(t, AnyFloat):
        n = t.bitwidth // 8
        return n, n
    if isinstance(t, IntegerType):
        n = max(1, (t.width.data + 7) // 8)
        return n, n
    if isinstance(t, llvm.LLVMPointerType):
        return 8, 8
    if isinstance(t, llvm.LLVMArrayType):
        n, a = _layout(t.type)
        return n * t.size.data, a
    if isinstance(t, llvm.LLVMStructType):
        off, al = 0, 1
        for m in t.types.data:
            n, a = _layout(m)
            off = (off + a - 1) // a * a + n
            al = max(al, a)
        return (off + al - 1) // al * al, al
    raise ActivityError(f"cannot differentiate: unknown size of llvm type {t}")


I64 = IntegerType(64)
I8 = IntegerType(8)


class LLVMMem:
    """The llvm-dialect memory rules of one :class:`FuncGen` (``g``): shadows are
    ``!llvm.ptr``s to memory laid out like the primal's, holding adjoints (f64 cells)."""

    def __init__(self, g: Any) -> None:
        self.g = g

    @property
    def b(self) -> Any:
        return self.g.b

    def gep(self, p: SSAValue, i: SSAValue, t: Attribute) -> SSAValue:
        return self.b.v(llvm.GEPOp(p, [llvm.GEP_USE_SSA_VAL], t, ssa_indices=[i]))

    def memset0(self, p: SSAValue, nbytes: SSAValue) -> None:
        op = UnregisteredOp.with_name("llvm.intr.memset").create(
            operands=[p, self.g.zero(I8), nbytes],
            properties={"isVolatile": IntegerAttr(0, IntegerType(1))})
        self.b.emit(op)

    def i64(self, v: SSAValue) -> SSAValue:
        t = v.type
        if isinstance(t, IntegerType) and t.width.data == 64:
            return v
        if isinstance(t, IntegerType):
            return self.b.v(arith.ExtUIOp(v, I64) if t.width.data < 64 else
                            arith.TruncIOp(v, I64))
        return self.b.v(arith.IndexCastOp(v, I64))

    def rev_load(self, op: Operation, sh: SSAValue, ybar: SSAValue) -> None:
        t = op.results[0].type
        if not isinstance(t, AnyFloat):
            raise self.g.err(op, "cannot differentiate: an llvm.load of a non-float value "
                                 "receives an adjoint")
        with self.b.in_pass("adjoint"):
            old = self.b.v(llvm.LoadOp(sh, t))
            new = self.b.v(arith.AddfOp(old, self.g.convert(ybar, t),
                                        flags=self.g.shadow_flags()))
            self.b.emit(llvm.StoreOp(new, sh))

    def rev_store(self, op: Operation, sh: SSAValue, v: SSAValue) -> None:
        g = self.g
        t = v.type
        if is_llvm_ptr(t):
            if g.facts.has_shadow(v) and self.forwarded(op.operands[1]) is None:
                raise g.err(op, "cannot differentiate: an active pointer is stored to memory")
            return
        if not isinstance(t, AnyFloat | IntegerType):
            raise g.err(op, f"cannot differentiate: llvm.store of a value of type {t}")
        with self.b.in_pass("adjoint"):
            if isinstance(t, AnyFloat) and g.facts.has_adjoint(v):
                g.adj_add(v, self.b.v(llvm.LoadOp(sh, t)))
            self.b.emit(llvm.StoreOp(g.zero(t), sh))

    def _nbytes(self, op: Operation) -> SSAValue:
        use = op.parent_block()
        return self.i64(self.g.mirror.materialize(op.operands[2], use))

    def rev_copy(self, op: Operation, dst: SSAValue, src: SSAValue | None) -> None:
        """memcpy(dst, src, n) backwards, f64 cells: src' += dst'; dst' := 0."""
        g = self.g
        for o in g.f.walk():
            if op_name(o) in ("llvm.load", "llvm.store"):
                v = o.results[0] if op_name(o) == "llvm.load" else o.operands[0]
                pp = o.operands[0] if op_name(o) == "llvm.load" else o.operands[1]
                if (isinstance(v.type, AnyFloat) and not isinstance(v.type, Float64Type)
                        and g.facts.has_shadow(pp)):
                    raise g.err(op, "cannot differentiate a memory copy in a function that "
                                    f"keeps active {v.type} values in memory (the reverse "
                                    "of a copy treats memory as f64 cells)")
        n = self._nbytes(op)
        f64 = Float64Type()
        with self.b.in_pass("adjoint"):
            cnt = self.b.v(arith.DivUIOp(n, g.const(8, I64)))

            def body(i: SSAValue, _a: list[SSAValue]) -> list[SSAValue]:
                pd = self.gep(dst, i, f64)
                d = self.b.v(llvm.LoadOp(pd, f64))
                self.b.emit(llvm.StoreOp(g.zero(f64), pd))
                if src is not None:
                    ps = self.gep(src, i, f64)
                    s = self.b.v(llvm.LoadOp(ps, f64))
                    add = arith.AddfOp(s, d, flags=self.g.shadow_flags())
                    self.b.emit(llvm.StoreOp(self.b.v(add), ps))
                return []

            self.b.for_loop(g.const(0, I64), cnt, g.const(1, I64), [], body)

    def rev_set(self, op: Operation, spec: Any) -> None:
        """memset overwrites: the shadow of what it wrote is cleared."""
        g = self.g
        sh = g.shadows.shadow(op.operands[spec.dst or 0], op.parent_block())
        if sh is None:
            return
        n = self._nbytes(op)
        with self.b.in_pass("adjoint"):
            self.memset0(sh, n)

    def alloc_shadow(self, op: Operation, T: Block, S: Any) -> SSAValue:
        """A zeroed shadow for ``llvm.alloca`` or a call of malloc-like ``op``."""
        g = self.g
        name = op_name(op)
        sizes = [g.mirror.materialize(u, T) for u in op.operands]
        if name == "llvm.alloca":
            et = op.properties.get("elem_type") or op.attributes.get("elem_type")
            with g.b.at(S.ip), g.b.in_pass("adjoint"):
                new = op.clone(value_mapper={u: s for u, s in zip(op.operands, sizes,
                                                                   strict=True)})
                g.b.emit(new)
                sh = new.results[0]
                nb = self.b.v(arith.MuliOp(self.i64(sizes[0]), g.const(sizeof(et), I64)))
                self.memset0(sh, nb)
            return sh
        t = call_target(op)
        if t in ("malloc", "_Znwm", "_Znam"):
            with g.b.at(S.ip), g.b.in_pass("adjoint"):
                new = op.clone(value_mapper={u: s for u, s in zip(op.operands, sizes,
                                                                   strict=True)})
                g.b.emit(new)
                sh = new.results[0]
                self.memset0(sh, self.i64(sizes[0]))
            S.deallocs.append(sh)
            return sh
        if t == "calloc":  # already zero
            with g.b.at(S.ip), g.b.in_pass("adjoint"):
                new = op.clone(value_mapper={u: s for u, s in zip(op.operands, sizes,
                                                                   strict=True)})
                g.b.emit(new)
            S.deallocs.append(new.results[0])
            return new.results[0]
        raise g.err(op, f"cannot differentiate: no shadow for memory made by '@{t}'")

    def free(self, p: SSAValue) -> None:
        d = self.g.d
        if "free" not in d.program.functions and not getattr(d, "_free_declared", False):
            decl = llvm.FuncOp("free", llvm.LLVMFunctionType([llvm.LLVMPointerType()]),
                               linkage=llvm.LinkageAttr("external"))
            d.module.body.block.add_op(decl)
            d._free_declared = True
        self.b.emit(llvm.CallOp("free", p))

    def addressof_shadow(self, op: Operation, S: Any) -> SSAValue:
        """The shadow of a constant global: scratch zeros (nothing reads adjoints of memory
        that is never written, so what accumulates there is dropped)."""
        g = self.g
        sym = global_ref(op)
        gop = g.d.program.globals.get(sym) if sym is not None else None
        if gop is None or not ("constant" in gop.properties or "constant" in gop.attributes):
            raise g.err(op, "cannot differentiate: an active pointer to a writable llvm global")
        t = gop.properties.get("global_type") or gop.attributes.get("global_type")
        with g.b.at(S.ip), g.b.in_pass("adjoint"):
            nb = g.const(sizeof(t), I64)
            sh = self.b.v(llvm.AllocaOp(g.const(1, I64), t))
            self.memset0(sh, nb)
        return sh

    def forwarded(self, slot: SSAValue) -> SSAValue | None:
        """The value held by ``slot`` when it is an ``llvm.alloca`` (clang -O0's home of a
        variable) stored once, in the entry block, and otherwise only loaded: its loads
        are that value (recomputed as it; a loaded pointer's shadow is its shadow)."""
        op = slot.owner
        if not isinstance(op, Operation) or op_name(op) != "llvm.alloca":
            return None
        stores = []
        for use in slot.uses:
            n = op_name(use.operation)
            if n == "llvm.store" and use.index == 1:
                stores.append(use.operation)
            elif not (n == "llvm.load" and use.index == 0):
                return None
        if len(stores) != 1:
            return None
        st = stores[0]
        if st.parent_block() is not self.g.entry:
            return None
        return st.operands[0]
