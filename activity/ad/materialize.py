"""Materialisation (:class:`Materializer`, the component ``g.mirror`` of
each :class:`~activity.ad.funcgen.FuncGen` ``g``):
the reverse sweep's mirror scopes, and obtaining a primal value (or pointer) in one:
available, recomputed, or read from the tape the plan chose."""

from __future__ import annotations

from typing import Any

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IndexType, TensorType
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from activity.ad.builder import INDEX
from activity.ad.errors import GradError
from activity.ad.plan import INLINE, Key, Scope, def_block
from activity.ad.structure import _defined_in, _inside
from activity.ad.tape import pop
from activity.engine.types import is_pointer
from activity.frontend import carry_location
from activity.ops import OpKind, lookup, op_name


class Materializer:
    """Mirror scopes and materialising primal values in them.  A component of the
    generator of one function (``g``), whose scopes, forward values and tape plan it
    reads and writes."""

    def __init__(self, g: Any) -> None:
        self.g = g  # the FuncGen

    def enter_scope(self, block: Block, k: SSAValue | None = None,
                    iv: SSAValue | None = None, loop: Operation | None = None) -> Scope:
        anchor = self.g.b.emit(arith.ConstantOp.from_int_and_width(0, INDEX))
        s = Scope(block, anchor, k=k, iv=iv, loop=loop)
        self.g.scopes.append(s)
        dyn = self.g.plan.dynamic_keys(block) if self.g.mode == "emit" else []
        if dyn:
            assert self.g.rstk is not None
            with self.g.b.at(s.ip), self.g.b.in_pass("tape"):
                vals = pop(self.g.b, self.g.rstk, [k_.type for k_ in dyn])
            for key, v in zip(dyn, vals, strict=True):
                s.memo[id(key)] = v
        return s

    def exit_scope(self) -> None:
        s = self.g.scopes.pop()
        for m in s.deallocs:
            self.g.shadows.dealloc(m)
        s.anchor.detach()
        s.anchor.erase()
        for v in _defined_in(s.block):
            self.g.adj.pop(id(v), None)
            self.g.hot.pop(id(v), None)

    def scope_for(self, blk: Block) -> Scope:
        for s in reversed(self.g.scopes):
            if s.block is blk:
                return s
        raise GradError(f"internal: no mirror scope for a block of @{self.g.fname}")

    def toplevel(self, blk: Block) -> Block:
        while True:
            po = blk.parent_op()
            if po is None or po is self.g.f:
                return blk
            pb = po.parent_block()
            assert pb is not None
            blk = pb

    def target_block(self, key: Key, use: Block) -> Block:
        db = def_block(key)
        b: Block | None = use
        while b is not None:
            if b is db:
                return db
            po = b.parent_op()
            if po is None or po is self.g.f:
                break
            b = po.parent_block()
        return self.toplevel(use)

    def available(self, key: Key) -> SSAValue | None:
        if self.g.role == INLINE:
            if def_block(key) is self.g.entry:
                return self.g.fmap.get(id(key))
            return None
        return self.g.avail.get(id(key))

    def stored_value(self, key: Key) -> SSAValue | None:
        """For an ``llvm.load`` the value a store forwards to it (same type), read in its
        place; else None."""
        if (isinstance(key, SSAValue) and isinstance(key.owner, Operation)
                and op_name(key.owner) == "llvm.load"):
            v = self.g.mem.forwarded(key.owner.operands[0])
            if v is not None and v.type == key.type:
                return v
        return None

    def materialize(self, key: Key, use: Block) -> SSAValue:
        a = self.available(key)
        if a is not None:
            return a
        v = self.stored_value(key)
        if v is not None:
            return self.materialize(v, use)
        T = self.target_block(key, use)
        S = self.scope_for(T)
        got = S.memo.get(id(key))
        if got is not None:
            return got
        dk = (id(key), id(T))
        if self.g.mode == "plan":
            dec = self.g.plan.decisions.get(dk) or self.g.tapeplan.decide(key, T, S)
            self.g.plan.decisions[dk] = dec
        else:
            dec = self.g.plan.decisions.get(dk)  # type: ignore[assignment]
            if dec is None:
                raise GradError(f"internal: unplanned value {key} in @{self.g.fname}")
        if dec == "tape" and S is self.g.fscope:
            src = key.owner if isinstance(key.owner, Operation) else None
            raise self.g.err(src, "cannot differentiate: the shape of an active buffer used "
                                "in several blocks is not recomputable")
        if dec == "iv":
            assert S.iv is not None
            val = S.iv
        elif dec == "recompute":
            val = self.recompute(key, T, S)
        elif dec == "affine":
            val = self.recompute_affine(key, S)
        else:
            val = self.tape_read(key, T, S)
        S.memo[id(key)] = val
        return val

    def recompute_forwarded(self, op: Operation, T: Block, S: Scope) -> SSAValue:
        """The value a load reads, rebuilt from the store that wrote it (see
        ``forwarded_cost``): the stored value's ops cloned with the storing loop's
        induction variable replaced by the load's index."""
        fw = self.g.facts.forwarding_store(op)
        assert fw is not None
        store, loop, j = fw
        iv = loop.regions[0].blocks[0].args[0]
        jv = self.materialize(j, T)
        local: dict[int, SSAValue] = {}

        def val(v: SSAValue) -> SSAValue:
            if v is iv:
                return jv
            if not _inside(def_block(v), loop):
                if is_pointer(v.type):
                    p = self.materialize_ptr(v, T)
                    if p is None:
                        raise GradError(f"internal: pointer not recomputable in @{self.g.fname}")
                    return p
                return self.materialize(v, T)
            got = local.get(id(v))
            if got is not None:
                return got
            o = v.owner
            assert isinstance(o, Operation)
            mapping = {u: val(u) for u in o.operands}
            new = o.clone(value_mapper=dict(mapping))
            carry_location(new, o)
            with self.g.b.in_pass("recompute"):
                self.g.b.emit(new, S.ip)
            r = new.results[list(o.results).index(v)]
            local[id(v)] = r
            return r

        return val(store.operands[0])

    def recompute(self, key: Key, T: Block, S: Scope) -> SSAValue:
        op = key.owner
        if op_name(op) in ("memref.load", "llvm.load") \
                and not self.g.tapeplan.load_rereadable(op, op.operands[0]):
            return self.recompute_forwarded(op, T, S)
        mapping: dict[SSAValue, SSAValue] = {}
        for u in op.operands:
            if is_pointer(u.type):
                p = self.materialize_ptr(u, T)
                if p is None:
                    raise GradError(f"internal: pointer not recomputable in @{self.g.fname}")
                mapping[u] = p
            else:
                mapping[u] = self.materialize(u, T)
        new = op.clone(value_mapper=dict(mapping))
        carry_location(new, op)
        with self.g.b.in_pass("recompute"):
            self.g.b.emit(new, S.ip)
        if op_name(op) == "tensor.extract_slice":  # (tapeplan: the reslice switch)
            from activity.tensor import opts

            opts.count("reslice")
        return new.results[list(op.results).index(key)]

    def recompute_affine(self, a: BlockArgument, S: Scope) -> SSAValue:
        aff = self.g.tapeplan.affine_arg(a, S)
        assert aff is not None and S.k is not None
        loop, init, step, neg = aff
        outer = loop.parent_block()
        assert outer is not None
        x0 = self.materialize(init, outer)
        if step is None:
            return x0
        c = self.materialize(step, outer)
        with self.g.b.at(S.ip), self.g.b.in_pass("recompute"):
            k = S.k
            if k.type != a.type:
                k = self.g.b.v(arith.IndexCastOp(k, a.type))
            kc = self.g.ibin(arith.MuliOp, k, c)
            return self.g.ibin(arith.SubiOp if neg else arith.AddiOp, x0, kc)

    def materialize_ptr(self, p: SSAValue, use: Block) -> SSAValue | None:
        """The primal pointer ``p`` in the reverse sweep (views recomputed), or None."""
        a = self.available(p)
        if a is not None:
            return a
        if isinstance(p, BlockArgument):
            return None
        op = p.owner
        spec = lookup(op)
        if spec is None or spec.kind != OpKind.MEM_VIEW or spec.ptr is None:
            return None
        T = self.target_block(p, use)
        S = self.scope_for(T)
        got = S.ptrs.get(id(p))
        if got is not None:
            return got
        src = self.materialize_ptr(op.operands[spec.ptr], T)
        if src is None:
            return None
        mapping = {u: (src if i == spec.ptr else self.materialize(u, T))
                   for i, u in enumerate(op.operands)}
        new = op.clone(value_mapper=dict(mapping))
        carry_location(new, op)
        with self.g.b.in_pass("recompute"):
            self.g.b.emit(new, S.ip)
        S.ptrs[id(p)] = new.results[0]
        return new.results[0]

    def tape_read(self, key: Key, T: Block, S: Scope) -> SSAValue:
        if self.g.mode == "plan":
            with self.g.b.at(S.ip):
                if isinstance(key.type, TensorType):  # (a placeholder, discarded)
                    from xdsl.dialects import tensor

                    return self.g.b.v(tensor.EmptyOp([], key.type))
                return self.g.b.zero(key.type)
        st = self.g.plan.static.get((id(key), id(T)))
        if st is None:
            raise GradError(f"internal: stack-taped value {key} not popped in @{self.g.fname}")
        idx = []
        for L in st.loops:
            ls = self.scope_for(L.body.blocks[0])  # type: ignore[attr-defined]
            if isinstance(L, scf.ParallelOp):
                assert ls.pks is not None
                idx += ls.pks
                continue
            assert ls.k is not None
            k = ls.k
            if not isinstance(k.type, IndexType):
                with self.g.b.at(ls.ip):
                    k = self.g.b.v(arith.IndexCastOp(k, INDEX))
            idx.append(k)
        assert st.mem is not None
        with self.g.b.at(S.ip), self.g.b.in_pass("tape"):
            if isinstance(st.elem, TensorType):  # (rules/tensor.py: tensor tapes)
                from activity.ad.rules.tensor import tape_read

                return tape_read(self.g, st.mem, idx, st.elem)
            return self.g.b.load(st.mem, idx or [self.g.c(0)])
