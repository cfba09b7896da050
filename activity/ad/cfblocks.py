"""Unstructured (``cf``) functions (:class:`CfSweeps`, a part of
:class:`~activity.ad.funcgen.FuncGen`, and the :class:`CFG` it walks): the forward
sweep pushes which edge each block was entered by, the reverse sweep pops it and
dispatches to the mirror of the predecessor."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith, cf, func, memref
from xdsl.ir import Attribute, Block, Operation, SSAValue

from activity.ad.builder import INDEX, IP
from activity.ad.errors import GradError
from activity.ad.plan import Scope
from activity.ad.signature import RevSignature
from activity.ad.structure import _defined_in
from activity.ad.tape import STACK_TYPES, Stack, pop, push
from activity.engine.program import successor_operands
from activity.engine.types import is_pointer
from activity.ops import op_name


class CfSweeps:
    """Both sweeps of a function of several blocks."""

    def gen_aug_cf(self, blk: Block, res_types: list[Attribute], stack: bool) -> None:
        """Forward sweep of an unstructured function: one block per primal block; each
        block pushes its cached values and, where the reverse sweep cannot tell where
        control came from, the id of the edge it leaves by."""
        cfg = self.cfg
        fblocks: dict[Block, Block] = {self.entry: blk}
        extra = list(STACK_TYPES) if stack else []
        for B in cfg.order[1:]:
            came = [INDEX] if B in cfg.ptr_joins else []
            nb = Block(arg_types=[a.type for a in B.args] + came + extra)
            fblocks[B] = nb
            for a, na in zip(B.args, nb.args, strict=False):
                self.fmap[id(a)] = na
            if came:
                self.fmap[id(self.d.came(B))] = nb.args[len(B.args)]

        def came_arg(B: Block, S: Block, k: int) -> list[SSAValue]:
            return [self.c(cfg.edge_id[(B, k)])] if S in cfg.ptr_joins else []

        region = blk.parent
        assert region is not None
        for B in cfg.order[1:]:
            region.add_block(fblocks[B])
        cursors = self.stk.cursors if self.stk is not None else None
        for B in cfg.order:
            nb = fblocks[B]
            if B is not self.entry and stack:
                assert cursors is not None
                self.stk = Stack(nb.args[-2], nb.args[-1], cursors)
            self.b.ip = IP(nb)
            self.fwd_ops(B)
            self.shadows.fwd_alloc_shadows(B)
            self.shadows.fwd_ptr_offsets(B)
            self.tapeplan.tape_writes(B)
            term = B.last_op
            assert term is not None
            name = op_name(term)
            with self.b.in_pass("tape"):
                if name == "func.return" and self.plan.ret_push and self.mode == "emit":
                    assert self.stk is not None
                    self.stk = push(self.b, self.stk, [self.c(cfg.ret_id[B])], self.d.reserve)
                if name in ("cf.br", "cf.cond_br") and B in cfg.pushes and self.mode == "emit":
                    assert self.stk is not None
                    ids = [self.c(cfg.edge_id[(B, k)]) for k in range(len(term.successors))]
                    eid = ids[0] if len(ids) == 1 else self.b.v(
                        arith.SelectOp(self.fv(term.operands[0]), ids[0], ids[1]))
                    self.stk = push(self.b, self.stk, [eid], self.d.reserve)
            st = self._stack_args() if stack else []
            if name == "func.return":
                self.b.emit(func.ReturnOp(*[self.fv(u) for u in term.operands], *st))
            elif name == "cf.br":
                S = term.successors[0]
                self.b.emit(cf.BranchOp(fblocks[S], *[self.fv(u) for u in term.operands],
                                        *came_arg(B, S, 0), *st))
            elif name == "cf.cond_br":
                fwd = successor_operands(term)
                assert fwd is not None
                S0, S1 = term.successors[0], term.successors[1]
                self.b.emit(cf.ConditionalBranchOp(
                    self.fv(term.operands[0]),
                    fblocks[S0], [self.fv(u) for u in fwd[0]] + came_arg(B, S0, 0) + st,
                    fblocks[S1], [self.fv(u) for u in fwd[1]] + came_arg(B, S1, 1) + st))
            else:
                raise self.err(term, f"cannot differentiate terminator '{name}'")

    def succ_adj(self, B: Block) -> list[list[int]]:
        """For each successor of B's terminator: its block arguments with adjoints."""
        term = B.last_op
        assert term is not None
        return [[j for j, a in enumerate(S.args) if self.facts.has_adjoint(a)]
                for S in term.successors]

    def gen_rev_cf(self, blk: Block, sig: RevSignature, seeds: Sequence[SSAValue]) -> None:
        """Reverse sweep of an unstructured function: the reversed CFG.  The mirror of a
        block receives the adjoints of the block arguments of the successor control
        came from; adjoints crossing blocks live in one-element slots."""
        cfg = self.cfg
        params = list(self.entry.args)
        region = blk.parent
        assert region is not None
        rblocks: dict[Block, Block] = {}
        layout: dict[Block, list[list[int]]] = {}
        for B in cfg.order:
            lay = self.succ_adj(B)
            layout[B] = lay
            types = [self.adj_type(S.args[j]) for S, js in
                     zip(B.last_op.successors, lay, strict=True) for j in js]  # type: ignore[union-attr]
            rblocks[B] = Block(arg_types=types)
        for B in cfg.order:
            region.add_block(rblocks[B])
        # slots for adjoints that cross blocks
        self.slots: dict[int, SSAValue] = {}
        for v in cfg.cross:
            if self.facts.has_adjoint(v):
                t = self.adj_type(v)
                m = self.b.v(memref.AllocaOp.get(t, shape=[1]))
                self.b.store(self.zero(t), m, [self.c(0)])
                self.slots[id(v)] = m
        anchor = self.b.emit(arith.ConstantOp.from_int_and_width(0, INDEX))
        self.fscope = Scope(self.entry, anchor)
        # dispatch to the mirror of the return block taken
        rets = [B for B in cfg.order if op_name(B.last_op) == "func.return"]  # type: ignore[arg-type]
        if len(rets) == 1:
            self.b.emit(cf.BranchOp(rblocks[rets[0]]))
        else:
            rid = self.pop_id()
            self.dispatch(rid, [(rblocks[B], [], cfg.ret_id[B]) for B in rets])
        for B in cfg.order:
            rb = rblocks[B]
            self.b.ip = IP(rb)
            self.mirror.enter_scope(B)
            term = B.last_op
            assert term is not None
            if op_name(term) == "func.return":
                for k, j in enumerate(sig.seed_results):
                    self.adj_add(term.operands[j], seeds[k])
            else:
                fwd = successor_operands(term)
                assert fwd is not None
                pos = 0
                for k, js in enumerate(layout[B]):
                    for j in js:
                        self.adj_add(fwd[k][j], rb.args[pos])
                        pos += 1
            self.rev_ops(B)
            if B is self.entry:
                results = []
                for i in sig.adj_params:
                    self.take_slot(params[i])
                    results.append(self.adj_or_zero(params[i]))
                self.mirror.exit_scope()
                for m in self.fscope.deallocs:
                    self.shadows.dealloc(m)
                self.b.emit(func.ReturnOp(*results))
                continue
            abar = {}
            for j, a in enumerate(B.args):
                if self.facts.has_adjoint(a):
                    self.take_slot(a)
                    x = self.adj_take(a)
                    abar[j] = x if x is not None else self.zero(self.adj_type(a))
            # adjoints of values of other blocks go to their slots
            mine = {id(v) for v in _defined_in(B)}
            for k in list(self.adj):
                if k in mine:
                    continue
                v = self.adj_keys[k]
                slot = self.slots.get(k)
                if slot is None:
                    raise GradError(f"internal: adjoint of a value of another block without "
                                    f"slot in @{self.fname}")
                x = self.adj.pop(k)
                with self.b.in_pass("adjoint"):
                    old = self.b.load(slot, [self.c(0)])
                    self.b.store(self.b.v(arith.AddfOp(old, x, flags=self.sum_flags())),
                                 slot, [self.c(0)])
                del v
            self.mirror.exit_scope()
            targets = []
            for P, k in cfg.incoming[B]:
                args = []
                for kk, js in enumerate(layout[P]):
                    for j in js:
                        t = self.adj_type(P.last_op.successors[kk].args[j])  # type: ignore[union-attr]
                        args.append(abar[j] if kk == k else self.zero(t))
                targets.append((rblocks[P], args, cfg.edge_id[(P, k)]))
            if B in cfg.pops:
                eid = self.pop_id()
                self.dispatch(eid, targets)
            else:
                assert len(targets) == 1
                self.b.emit(cf.BranchOp(targets[0][0], *targets[0][1]))
        anchor.detach()
        anchor.erase()

    def pop_id(self) -> SSAValue:
        """Pop a recorded block/edge id (a placeholder while planning)."""
        if self.mode == "plan":
            return self.c(0)
        assert self.rstk is not None
        with self.b.in_pass("tape"):
            return pop(self.b, self.rstk, [INDEX])[0]

    def take_slot(self, v: SSAValue) -> None:
        """Move what other blocks accumulated for ``v`` into its adjoint; clear the slot."""
        slot = self.slots.get(id(v)) if self.multi else None
        if slot is None:
            return
        with self.b.in_pass("adjoint"):
            x = self.b.load(slot, [self.c(0)])
            self.b.store(self.zero(x.type), slot, [self.c(0)])
        self.adj_add(v, x)

    def dispatch(self, key: SSAValue, targets: list[tuple[Block, list[SSAValue], int]]) -> None:
        """Branch to the target whose id equals ``key`` (a chain of ``cf.cond_br``)."""
        region = self.b.ip.block.parent  # type: ignore[union-attr]
        assert region is not None
        while len(targets) > 1:
            blk, args, tid = targets[0]
            c = self.b.v(arith.CmpiOp(key, self.c(tid), "eq"))
            if len(targets) == 2:
                b2, a2, _ = targets[1]
                self.b.emit(cf.ConditionalBranchOp(c, blk, args, b2, a2))
                return
            nxt = Block()
            region.add_block(nxt)
            self.b.emit(cf.ConditionalBranchOp(c, blk, args, nxt, []))
            self.b.ip = IP(nxt)
            targets = targets[1:]
        self.b.emit(cf.BranchOp(targets[0][0], *targets[0][1]))


class CFG:
    """Block order, edges, and what the generated code must record of the path taken."""

    def __init__(self, f: Operation) -> None:
        region = f.regions[0]
        entry = region.blocks[0]
        order: list[Block] = []
        seen: set[int] = set()

        def dfs(b: Block) -> None:  # reverse postorder: dominators first
            seen.add(id(b))
            term = b.last_op
            for s in (term.successors if term is not None else ()):
                if id(s) not in seen:
                    dfs(s)
            order.append(b)

        dfs(entry)
        order.reverse()
        self.order = order
        self.position = {id(b): i for i, b in enumerate(order)}  # reverse postorder
        self.incoming: dict[Block, list[tuple[Block, int]]] = {b: [] for b in order}
        self.edge_id: dict[tuple[Block, int], int] = {}
        self.ret_id: dict[Block, int] = {}
        for b in order:
            term = b.last_op
            assert term is not None
            if op_name(term) == "func.return":
                self.ret_id[b] = len(self.ret_id)
            for k, s in enumerate(term.successors):
                self.incoming[s].append((b, k))
                self.edge_id[(b, k)] = len(self.edge_id)
        self.pushes = {b for b in order
                       if any(len(self.incoming[s]) > 1 for s in b.last_op.successors)}  # type: ignore[union-attr]
        self.pops = {s for s in order if any(p in self.pushes for p, _ in self.incoming[s])}
        self.ret_push = len(self.ret_id) > 1
        self.ptr_joins = {b for b in order[1:] if any(is_pointer(a.type) for a in b.args)}
        # values used in a block other than the one defining them
        top: dict[int, Block] = {}
        for b in order:
            for v in b.args:
                top[id(v)] = b
            for op in b.ops:
                for r in op.results:
                    top[id(r)] = b
        cross: dict[int, SSAValue] = {}
        for b in order:
            for op in b.walk():
                for u in op.operands:
                    d = top.get(id(u))
                    if d is not None and d is not b:
                        cross[id(u)] = u
        self.cross = list(cross.values())
