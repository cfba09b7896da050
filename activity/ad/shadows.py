"""Shadows (:class:`Shadows`, the component ``g.shadows`` of each
:class:`~activity.ad.funcgen.FuncGen` ``g``): making
the shadow of a buffer or pointer where the reverse sweep needs it, joining shadows
at block arguments and loop-carried pointers, dummy and forward-sweep shadows."""

from __future__ import annotations

from typing import Any

from xdsl.dialects import arith, llvm, memref, scf
from xdsl.dialects.builtin import DYNAMIC_INDEX, IntegerType, MemRefType
from xdsl.ir import Attribute, Block, BlockArgument, Operation, SSAValue

from activity.ad.llvmmem import is_llvm_ptr
from activity.ad.plan import Scope, def_block
from activity.ad.structure import _no_pointer, stack_shadow
from activity.engine.program import call_target, global_ref, successor_operands
from activity.frontend import carry_location
from activity.ops import ALLOCATORS, OpKind, lookup, op_name


class Shadows:
    """Shadow buffers: making, joining, iter-arg and carried shadows, dummies.  A
    component of the generator of one function (``g``: its builder, forward values,
    scopes and materialisation); it owns the set of values whose shadow is being made
    (a shadow of a pointer carried round a loop of blocks refers to itself)."""

    def __init__(self, g: Any) -> None:
        self.g = g  # the FuncGen
        self._making: set[int] = set()  # the values whose shadow is being made

    def shadow(self, p: SSAValue, use: Block) -> SSAValue | None:
        """The shadow of buffer ``p`` (None if ``p`` has no shadow)."""
        if not self.g.facts.has_shadow(p):
            return None
        if id(p) in self.g.arg_shadow:
            return self.g.arg_shadow[id(p)]
        T = self.g.mirror.target_block(p, use)
        db = def_block(p)
        spec = lookup(p.owner) if isinstance(p.owner, Operation) else None
        is_alloc = spec is not None and spec.kind == OpKind.MEM_ALLOC
        if (not is_alloc and isinstance(p.owner, Operation) and op_name(p.owner) == "llvm.call"
                and call_target(p.owner) in ALLOCATORS and self.g.needs.callee_of(p.owner) is None):
            is_alloc = True
        if is_alloc and self.fwd_shadowed(p):
            S = self.g.mirror.scope_for(T)
            got = S.shadows.get(id(p))
            if got is None:
                a = self.g.mirror.materialize(self.g.d.fwd_shadow(p), T)
                with self.g.b.at(S.ip):
                    got = S.shadows[id(p)] = self.g.b.v(llvm.IntToPtrOp(a))
            return got
        if self.g.multi and is_alloc and (T is not db or (db is self.g.entry
                                                        and self.g.fscope is not None)):
            # a buffer of one block used in another: its shadow must outlive both
            # mirrors; buffers of the entry block (made once) get one for the whole call
            if db is not self.g.entry or self.g.fscope is None:
                src = p.owner if isinstance(p.owner, Operation) else None
                raise self.g.err(src, "cannot differentiate: an active buffer made in a "
                                    "loop of blocks is used in another block")
            S = self.g.fscope
            T = db
        else:
            S = self.g.mirror.scope_for(T)
        got = S.shadows.get(id(p))
        if got is not None:
            return got
        if id(p) in self._making:  # (it recursed until Python's limit: a helper's test)
            raise self.g.err(p.owner if isinstance(p.owner, Operation) else p.block.first_op,
                           "cannot differentiate: an active pointer is carried round a loop "
                           "of blocks and advanced on the way (C's `for (p = x; p != end; "
                           "++p)`); its shadow is not supported -- index the array "
                           "(`x[i]`) instead")
        self._making.add(id(p))
        try:
            return self._shadow_made(p, T, S)
        finally:
            self._making.discard(id(p))

    def _shadow_made(self, p: SSAValue, T: Block, S: Scope) -> SSAValue:
        if S is self.g.fscope:
            self.g.scopes.append(S)  # its sizes/offsets are recomputed at function entry
            try:
                sh = self._make_shadow(p, T, S)
            finally:
                self.g.scopes.remove(S)
        else:
            sh = self._make_shadow(p, T, S)
        S.shadows[id(p)] = sh
        return sh

    def _make_shadow(self, p: SSAValue, T: Block, S: Scope) -> SSAValue:
        if isinstance(p, BlockArgument):
            po = p.block.parent_op()
            if isinstance(po, scf.ForOp) and p.index >= 1:
                return self._iter_arg_shadow(po, p.index - 1, T, S, p)
            if po is self.g.f and self.g.cfg is not None and p.block in self.g.cfg.ptr_joins:
                return self._join_shadow(p, T, S)
            raise self.g.err(po, "cannot differentiate: an active buffer flows through a "
                               "block argument")
        op = p.owner
        assert isinstance(op, Operation)
        name = op_name(op)
        spec = lookup(op)
        if is_llvm_ptr(p.type) and ((spec is not None and spec.kind == OpKind.MEM_ALLOC)
                                    or call_target(op) in ALLOCATORS):
            return self.g.mem.alloc_shadow(op, T, S)
        if spec is not None and spec.kind == OpKind.MEM_ALLOC and isinstance(p.type, MemRefType):
            sizes = [self.g.mirror.materialize(u, T) for u in op.operands]
            on_stack = stack_shadow(op)
            with self.g.b.at(S.ip), self.g.b.in_pass("adjoint"):
                t = p.type
                sh = (self.g.b.v(memref.AllocaOp.get(t.element_type, shape=t.get_shape(),
                                                   layout=t.layout,
                                                   memory_space=t.memory_space))
                      if on_stack else self.g.b.alloc(t, sizes))
                carry_location(sh.owner, op)  # type: ignore[arg-type]
                self.g.b.fill(sh, self.g.zero(p.type.element_type))
            if not on_stack:
                S.deallocs.append(sh)
            return sh
        if spec is not None and spec.kind == OpKind.MEM_VIEW and spec.ptr is not None:
            src = self.shadow(op.operands[spec.ptr], T)
            if src is None:
                raise self.g.err(op, "internal: view of a buffer without shadow")
            mapping = {u: (src if i == spec.ptr else self.g.mirror.materialize(u, T))
                       for i, u in enumerate(op.operands)}
            new = op.clone(value_mapper=dict(mapping))
            carry_location(new, op)
            self.g.b.emit(new, S.ip)
            return new.results[0]
        if isinstance(op, scf.IfOp):
            j = list(op.results).index(p)
            ys = []
            for region in (op.true_region, op.false_region):
                y = region.blocks[0].last_op
                u = y.operands[j]  # type: ignore[union-attr]
                mirror = self.g.mirror
                if mirror.target_block(u, region.blocks[0]) is not mirror.target_block(u, T):
                    raise self.g.err(op, "cannot differentiate: an active buffer created "
                                       "inside a branch escapes it")
                ys.append(self.shadow_or_zero(u, T, S))
            cond = self.g.mirror.materialize(op.cond, T)
            with self.g.b.at(S.ip):
                return self.g.b.v(arith.SelectOp(cond, ys[0], ys[1]))
        if name in ("arith.select", "llvm.select"):
            cond = self.g.mirror.materialize(op.operands[0], T)
            a, b = (self.shadow_or_zero(u, T, S) for u in op.operands[1:3])
            with self.g.b.at(S.ip):
                return self.g.b.v(arith.SelectOp(cond, a, b))
        if name == "llvm.load" and is_llvm_ptr(p.type):
            v = self.g.mem.forwarded(op.operands[0])
            if v is not None:
                return self.shadow_or_zero(v, T, S)
        if name == "llvm.mlir.addressof":
            return self.g.mem.addressof_shadow(op, S)
        if _no_pointer(p) and is_llvm_ptr(p.type):
            # no buffer: nothing may read or write through it or its shadow
            new = op.clone()
            self.g.b.emit(new, S.ip)
            return new.results[0]
        if name == "memref.get_global":
            sym = global_ref(op)
            assert sym is not None
            with self.g.b.at(S.ip):
                return self.g.b.v(memref.GetGlobalOp(self.g.d.shadow_global(sym, p.type), p.type))
        if name == "func.call" and self.g.needs.callee_of(op) is not None:
            j = list(op.results).index(p)
            i = self.returned_param(op, j)
            if i is not None:
                return self.shadow_or_zero(op.operands[i], T, S)
            t = call_target(op)
            assert t is not None
            if any(jj == j for jj, _ in self.g.d.rev_signature(t).result_shadows):
                # a buffer the callee allocates and returns: like an allocation here
                with self.g.b.at(S.ip), self.g.b.in_pass("adjoint"):
                    sh = self.dummy_shadow(p.type, None, op)
                S.deallocs.append(sh)
                return sh
            raise self.g.err(op, "cannot differentiate: a callee returns an active buffer "
                               "it did not receive as an argument")
        if isinstance(op, scf.ForOp):
            j = list(op.results).index(p)
            return self._iter_arg_shadow(op, j, T, S, None)
        raise self.g.err(op, f"cannot differentiate: no shadow for an active buffer made by "
                           f"'{name}'")

    def _iter_arg_shadow(self, loop: scf.ForOp, j: int, T: Block, S: Scope,
                         arg: SSAValue | None) -> SSAValue:
        """Shadow of a memref iter_arg (``arg``) or loop result (``arg`` None) whose
        yield is the iter_arg itself or a loop-invariant buffer."""
        body = loop.body.blocks[0]
        y = body.last_op.operands[j]  # type: ignore[union-attr]
        init = loop.iter_args[j]
        sh_init = self.shadow(init, loop.parent_block())  # type: ignore[arg-type]
        if y is body.args[1 + j]:
            if sh_init is None:
                raise self.g.err(loop, "internal: loop-carried buffer without shadow")
            return sh_init
        if self.g.mirror.target_block(y, body) is body or def_block(y) is body:
            raise self.g.err(loop, "cannot differentiate: an active buffer created inside a "
                                 "loop is carried to the next iteration")
        PS = self.g.mirror.scope_for(self.g.mirror.target_block(y, loop.parent_block()))  # type: ignore[arg-type]
        sh_y = self.shadow_or_zero(y, loop.parent_block(), PS)  # type: ignore[arg-type]
        if sh_init is None:
            sh_init = self.shadow_or_zero(init, loop.parent_block(), PS)  # type: ignore[arg-type]
        with self.g.b.at(S.ip):
            if arg is not None:
                first = self.g.b.v(arith.CmpiOp(S.k, self.g.zero(S.k.type), "eq"))  # type: ignore[arg-type]
            else:
                lb, ub, step = (self.g.mirror.materialize(x, T) for x in loop.operands[:3])
                tc = self.g.trip_count(lb, ub, step)
                first = self.g.b.v(arith.CmpiOp(tc, self.g.zero(tc.type), "eq"))
            return self.g.b.v(arith.SelectOp(first, sh_init, sh_y))

    def _join_shadow(self, p: BlockArgument, T: Block, S: Scope) -> SSAValue:
        """Shadow of a buffer block argument: the shadow of what the edge control came
        by passed (the forward sweep records the edge)."""
        cfg = self.g.cfg
        assert cfg is not None
        roots = self.carried_roots(p)
        if roots is not None:
            return self._carried_shadow(p, roots, T, S)
        eid = self.g.mirror.materialize(self.g.d.came(p.block), T)
        cands: list[tuple[int, SSAValue]] = []
        for P, k in cfg.incoming[p.block]:
            fwd = successor_operands(P.last_op)  # type: ignore[arg-type]
            assert fwd is not None
            cands.append((cfg.edge_id[(P, k)], self.shadow_or_zero(fwd[k][p.index], T, S)))
        with self.g.b.at(S.ip):
            sh = cands[0][1]
            for tid, c in cands[1:]:
                same = self.g.b.v(arith.CmpiOp(eid, self.g.c(tid), "eq"))
                sh = self.g.b.v(arith.SelectOp(same, c, sh))
        return sh

    def carried_roots(self, p: BlockArgument) -> list[tuple[int | None, SSAValue]] | None:
        """For a pointer block argument: ``(edge id, root)`` per incoming edge whose
        operand is a chain of ``llvm.getelementptr`` on a root -- a parameter or a value
        of the entry block, whose shadow lives as long as the call; edges whose operand
        advances ``p`` itself (round a loop) are left out, and then all the others must
        share the root (a single ``(None, root)``).  The shadow is then the root's,
        advanced by ``p``'s byte offset in it, taped where ``p`` is defined.  Otherwise:
        None when no incoming edge is a back edge (``_join_shadow`` picks the shadow of
        the operand of the edge taken), a ``GradError`` at the back edge if one is."""
        cfg = self.g.cfg
        assert cfg is not None
        if p.block not in cfg.ptr_joins or not is_llvm_ptr(p.type):
            return None
        pos = cfg.position
        back = [P for P, _k in cfg.incoming[p.block] if pos[id(P)] >= pos[id(p.block)]]
        out: list[tuple[int | None, SSAValue]] = []
        wild = False  # an edge passes p itself (advanced, or kept) or no pointer
        for P, k in cfg.incoming[p.block]:
            fwd = successor_operands(P.last_op)  # type: ignore[arg-type]
            assert fwd is not None
            rs = self._gep_roots(fwd[k][p.index], p)
            if rs is None:
                out = []
                break
            real = {id(r): r for r in rs if r is not p and not _no_pointer(r)}
            if len(real) > 1:
                out = []
                break
            wild = wild or len(real) < len(rs)
            out += [(cfg.edge_id[(P, k)], r) for r in real.values()]
        if out and wild:
            out = [(None, out[0][1])] if len({id(r) for _e, r in out}) == 1 else []
        if not out and not back:
            return None
        if not out:
            raise self.g.err(back[0].last_op,
                           "cannot differentiate: an active pointer is carried round a "
                           "loop of blocks, and the buffer it points into is not fixed "
                           "by the edge taken (a parameter or a buffer of the entry "
                           "block, offset by getelementptr: C's double buffering "
                           "`t = src; src = dst; dst = t` is not); its shadow is not "
                           "supported -- index the arrays (`x[i]`) instead")
        return out

    def _gep_roots(self, v: SSAValue, p: BlockArgument) -> list[SSAValue] | None:
        """The bases of the chains of ``llvm.getelementptr`` and ``select`` arms ending
        at ``v``: ``p`` itself, parameters, values of the entry block; None if one is
        something else."""
        out: list[SSAValue] = []
        todo = [v]
        while todo:
            v = todo.pop()
            if len(out) + len(todo) > 64:
                return None
            if v is p:
                out.append(p)
                continue
            if isinstance(v, BlockArgument):
                if v.block is not self.g.entry:
                    return None
                out.append(v)
                continue
            op = v.owner
            name = op_name(op)
            if name == "llvm.getelementptr":
                todo.append(op.operands[0])
            elif name in ("llvm.select", "arith.select"):
                todo += [op.operands[1], op.operands[2]]
            elif op.parent_block() is self.g.entry or _no_pointer(v):
                out.append(v)
            else:
                return None
        return out

    def fwd_ptr_offsets(self, B: Block) -> None:
        """The forward sweep of block ``B``: the ``PtrOffset`` of each of its pointer
        arguments carried round a loop (see :meth:`carried_roots`)."""
        if self.g.cfg is None or B not in self.g.cfg.ptr_joins:
            return
        i64 = IntegerType(64)
        for a in B.args:
            if not is_llvm_ptr(a.type) or not self.g.facts.has_shadow(a):
                continue
            roots = self.carried_roots(a)
            if roots is None:
                continue
            addr = self.g.b.v(llvm.PtrToIntOp(self.g.fv(a), i64))
            offs = [(eid, self.g.b.v(arith.SubiOp(addr, self.g.b.v(llvm.PtrToIntOp(
                self.g.fv(r), i64))))) for eid, r in roots]
            off = offs[0][1]
            if len(offs) > 1:
                came = self.g.fval(self.g.d.came(B))
                for eid, o in offs[1:]:
                    same = self.g.b.v(arith.CmpiOp(came, self.g.c(eid), "eq"))
                    off = self.g.b.v(arith.SelectOp(same, o, off))
            self.g.fmap[id(self.g.d.ptr_offset(a))] = off

    def _carried_shadow(self, p: BlockArgument, roots: list[tuple[int | None, SSAValue]],
                        T: Block, S: Scope) -> SSAValue:
        off = self.g.mirror.materialize(self.g.d.ptr_offset(p), T)
        eid = self.g.mirror.materialize(self.g.d.came(p.block), T) if len(roots) > 1 else None
        shs = [(e, self.shadow_or_zero(r, T, S)) for e, r in roots]
        with self.g.b.at(S.ip):
            sh = None
            for e, base in shs:
                g = self.g.b.v(llvm.GEPOp(base, [llvm.GEP_USE_SSA_VAL], IntegerType(8),
                                        ssa_indices=[off]))
                if sh is None:
                    sh = g
                else:
                    assert eid is not None
                    same = self.g.b.v(arith.CmpiOp(eid, self.g.c(e), "eq"))
                    sh = self.g.b.v(arith.SelectOp(same, g, sh))
        assert sh is not None
        return sh

    @staticmethod
    def _place(u: SSAValue, use: Block) -> Operation | None:
        """An op to name for value ``u`` used in ``use``: its definition, else the first
        op of the block it is an argument of, else ``use``'s terminator."""
        if isinstance(u.owner, Operation):
            return u.owner
        if isinstance(u, BlockArgument) and u.block.first_op is not None:
            return u.block.first_op
        return use.last_op

    def shadow_or_zero(self, u: SSAValue, use: Block, S: Scope) -> SSAValue:
        """``u``'s shadow, or (for a buffer the analysis proves inactive, flowing into an
        active one) a zero buffer of its type that lives as long as ``S``."""
        sh = self.shadow(u, use)
        if sh is not None:
            return sh
        if _no_pointer(u) and is_llvm_ptr(u.type):  # (no buffer: the same constant)
            new = u.owner.clone()  # type: ignore[union-attr]
            self.g.b.emit(new, S.ip)
            return new.results[0]
        with self.g.b.at(S.ip), self.g.b.in_pass("adjoint"):
            z = self.dummy_shadow(u.type, self.g.mirror.materialize_ptr(u, use),
                                  self._place(u, use))
        S.deallocs.append(z)
        return z

    def returned_param(self, call: Operation, j: int) -> int | None:
        """The parameter a callee returns unchanged as its result ``j``, if any."""
        g = self.g.needs.callee_of(call)
        assert g is not None
        params = list(g.regions[0].blocks[0].args)
        found: set[int] = set()
        for op in g.walk():
            if op_name(op) == "func.return":
                u = op.operands[j]
                if not (isinstance(u, BlockArgument) and u in params):
                    return None
                found.add(u.index)
        return found.pop() if len(found) == 1 else None

    def dealloc(self, m: SSAValue) -> None:
        if is_llvm_ptr(m.type):
            self.g.mem.free(m)
        else:
            self.g.b.emit(memref.DeallocOp.get(m))

    def dummy_shadow(self, t: Attribute, primal: SSAValue | None,
                     at: Operation | None = None) -> SSAValue:
        """A zero shadow of type ``t``; ``at``: the op the error names if none can be
        made (an ``!llvm.ptr`` carries no size)."""
        if is_llvm_ptr(t):
            raise self.g.err(at, "cannot differentiate: an inactive !llvm.ptr flows into an "
                               "active one (no zero shadow of unknown size)")
        assert isinstance(t, MemRefType)
        if primal is not None:
            sizes = [self.g.b.dim(primal, i) for i, s in enumerate(t.get_shape())
                     if s == DYNAMIC_INDEX]
        elif any(s == DYNAMIC_INDEX for s in t.get_shape()):
            raise self.g.err(at, "cannot make a zero shadow of unknown shape")
        else:
            sizes = []
        sh = self.g.b.alloc(MemRefType(t.element_type, t.get_shape()), sizes)
        self.g.b.fill(sh, self.g.zero(t.element_type))
        return sh

    def fwd_shadowed(self, p: SSAValue) -> bool:
        """``p`` is a ``malloc`` (or ``new``) of a block of a loop of blocks, not the
        entry, with a shadow: the forward sweep allocates that (``FwdShadow``)."""
        op = p.owner
        if not (self.g.multi and isinstance(op, Operation) and op_name(op) == "llvm.call"
                and call_target(op) in ("malloc", "_Znwm", "_Znam", "calloc")
                and self.g.needs.callee_of(op) is None):
            return False
        blk = op.parent_block()
        return (blk is not None and blk is not self.g.entry and blk.parent_op() is self.g.f
                and self.g.facts.has_shadow(p))

    def fwd_alloc_shadows(self, B: Block) -> None:
        """The forward sweep of block ``B``: a zeroed shadow for each of its ``malloc``s
        that :meth:`fwd_shadowed` names, its address the ``FwdShadow`` key."""
        if not self.g.multi or B is self.g.entry:
            return
        for op in B.ops:
            if not op.results or not self.fwd_shadowed(op.results[0]):
                continue
            sizes = [self.g.fv(u) for u in op.operands]
            with self.g.b.in_pass("adjoint"):
                new = op.clone(value_mapper=dict(zip(op.operands, sizes, strict=True)))
                self.g.b.emit(new)
                sh = new.results[0]
                if call_target(op) != "calloc":
                    self.g.mem.memset0(sh, self.g.mem.i64(sizes[0]))
                self.g.fmap[id(self.g.d.fwd_shadow(op.results[0]))] = self.g.b.v(
                    llvm.PtrToIntOp(sh, IntegerType(64)))
