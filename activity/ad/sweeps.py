"""Whole functions (:class:`FunctionSweeps`, a part of
:class:`~activity.ad.funcgen.FuncGen`): ``F_grad`` with both sweeps inline, or the
``_aug``/``_rev`` pair of a callee."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith, func, memref
from xdsl.dialects.builtin import AnyFloat
from xdsl.ir import Attribute, Block, Region, SSAValue

from activity.ad.builder import INDEX, IP
from activity.ad.plan import INLINE
from activity.ad.rules.tensor import is_float_tensor
from activity.ad.signature import grad_layout
from activity.ad.tape import CURSORS, STACK_TYPES, Stack, free_stack, init_stack
from activity.engine.types import is_pointer
from activity.ops import op_name


class FunctionSweeps:
    """The generated functions: the inline root, or the _aug/_rev pair."""

    def new_func(self, name: str, ins: Sequence[Attribute], outs: Sequence[Attribute],
                 private: bool) -> tuple[func.FuncOp, Block]:
        blk = Block(arg_types=list(ins))
        fop = func.FuncOp(name, (list(ins), list(outs)), Region([blk]),
                          "private" if private else None)
        self.functions.append(fop)
        marker = arith.ConstantOp.from_int_and_width(0, INDEX)
        blk.add_op(marker)
        self.const_ip = IP(blk, marker)
        self.b.ip = IP(blk)
        self.b.cached_index = self.c
        self._marker = marker
        return fop, blk

    def finish_func(self) -> None:
        self._marker.detach()
        self._marker.erase()

    def generate(self) -> list[func.FuncOp]:
        if self.role == INLINE:
            self.gen_inline()
        else:
            self.gen_aug()
            self.reset()
            self.gen_rev()
        return self.functions

    def reset(self) -> None:
        self.fmap.clear()
        self.avail.clear()
        self.arg_shadow.clear()
        self.adj.clear()
        self.hot.clear()
        self.scopes.clear()
        self.consts.clear()
        self.stk = None
        self.rstk = None

    def gen_inline(self) -> None:
        d = self.d
        params = list(self.entry.args)
        kinds = d.root_kinds
        ret = self.entry.last_op
        assert ret is not None and op_name(ret) == "func.return"
        float_res = [j for j, u in enumerate(ret.operands) if isinstance(u.type, AnyFloat)
                     or is_float_tensor(u.type)]  # (a tensor result: a tensor seed)
        ins, ppos, shadow_pos = grad_layout(params, kinds)
        seed_pos = []
        for j in float_res:
            seed_pos.append(len(ins))
            ins.append(ret.operands[j].type)
        active = [i for i, kd in enumerate(kinds) if kd == "active"]
        outs = [params[i].type for i in active] + ([INDEX, INDEX] if d.measure else [])
        fop, blk = self.new_func(d.grad_name, ins, outs, private=False)
        for i, p in enumerate(params):
            self.fmap[id(p)] = blk.args[ppos[i]]
            if is_pointer(p.type):
                self.arg_shadow[id(p)] = blk.args[shadow_pos[i]] if i in shadow_pos else None
        if self.mode == "emit" and self.uses_stack():
            with self.b.in_pass("tape"):
                self.stk = init_stack(self.b)
        if self.mode == "emit":
            with self.b.in_pass("adjoint"):
                d.zero_shadow_globals(self)
        self.b.sweep, self.b.pass_name = "forward", "primal"
        self.fwd_ops(self.entry)
        self.rstk = self.stk
        heights = self.stack_heights() if d.measure else []
        self.b.sweep, self.b.pass_name = "reverse", "adjoint"
        internal = self.internal_shadows(params, shadow_pos)
        self.mirror.enter_scope(self.entry)
        for k, j in enumerate(float_res):
            self.adj_add(ret.operands[j], blk.args[seed_pos[k]])
        self.rev_ops(self.entry)
        results = []
        for i in active:
            x = self.adj_get(params[i])
            results.append(x if x is not None else self.zero_like(params[i]))
        self.mirror.exit_scope()
        with self.b.in_pass("tape"):
            for m in self.tape_mems:
                self.b.emit(memref.DeallocOp.get(m))
            if self.stk is not None:
                free_stack(self.b, self.stk)
        for m in internal:
            self.shadows.dealloc(m)
        for m in self.deferred_deallocs:
            self.shadows.dealloc(m)
        self.b.emit(func.ReturnOp(*results, *heights))
        self.finish_func()

    def stack_heights(self) -> list[SSAValue]:
        if self.stk is None:
            return [self.c(0), self.c(0)]
        with self.b.in_pass("tape"):
            return [self.b.load(self.stk.cursors, [self.c(k)]) for k in (0, 1)]

    def internal_shadows(self, params: Sequence[SSAValue],
                         shadow_pos: dict[int, int]) -> list[SSAValue]:
        """Zero shadows for buffer arguments the caller gave none for (``const``)."""
        out = []
        for i, p in enumerate(params):
            if is_pointer(p.type) and i not in shadow_pos and self.facts.has_shadow(p):
                with self.b.in_pass("adjoint"):
                    sh = self.shadows.dummy_shadow(
                        p.type, self.fmap.get(id(p)) or self.avail.get(id(p)), self.f)
                self.arg_shadow[id(p)] = sh
                out.append(sh)
        return out

    def gen_aug(self) -> None:
        d = self.d
        names = d.names(self.fname)
        params = list(self.entry.args)
        ftype = self.f.function_type  # type: ignore[attr-defined]
        res_types = list(ftype.outputs.data)
        stack = self.mode == "emit" and self.uses_stack()
        ins = [p.type for p in params] + ([*STACK_TYPES, CURSORS] if stack else [])
        outs = res_types + (list(STACK_TYPES) if stack else [])
        fop, blk = self.new_func(names.aug, ins, outs, private=True)
        for i, p in enumerate(params):
            self.fmap[id(p)] = blk.args[i]
        if stack:
            n = len(params)
            self.stk = Stack(blk.args[n], blk.args[n + 1], blk.args[n + 2])
        self.b.sweep, self.b.pass_name = "forward", "primal"
        if self.multi:
            self.gen_aug_cf(blk, res_types, stack)
            self.finish_func()
            return
        self.fwd_ops(self.entry)
        self.tapeplan.tape_writes(self.entry)
        ret = self.entry.last_op
        assert ret is not None
        self.b.emit(func.ReturnOp(*[self.fv(u) for u in ret.operands],
                                  *(self._stack_args() if stack else [])))
        self.finish_func()

    def gen_rev(self) -> None:
        d = self.d
        names = d.names(self.fname)
        sig = d.rev_signature(self.fname)
        params = list(self.entry.args)
        stack = self.mode == "emit" and self.uses_stack()
        ins = list(sig.in_types) + ([*STACK_TYPES, CURSORS] if stack else [])
        fop, blk = self.new_func(names.rev, ins, sig.out_types, private=True)
        for i, p in enumerate(params):
            self.avail[id(p)] = blk.args[i]
            if is_pointer(p.type):
                self.arg_shadow[id(p)] = None
        for k, i in enumerate(sig.shadow_params):
            self.arg_shadow[id(params[i])] = blk.args[len(params) + k]
        seeds = blk.args[len(params) + len(sig.shadow_params):
                         len(params) + len(sig.shadow_params) + len(sig.seed_results)]
        base = len(params) + len(sig.shadow_params) + len(sig.seed_results)
        for k, (_j, u) in enumerate(sig.result_shadows):
            self.arg_shadow[id(u)] = blk.args[base + k]  # owned by the caller
        if stack:
            n = len(sig.in_types)
            self.rstk = Stack(blk.args[n], blk.args[n + 1], blk.args[n + 2])
        self.b.sweep, self.b.pass_name = "reverse", "adjoint"
        if self.multi:
            self.gen_rev_cf(blk, sig, seeds)
            self.finish_func()
            return
        self.mirror.enter_scope(self.entry)
        ret = self.entry.last_op
        assert ret is not None
        for k, j in enumerate(sig.seed_results):
            self.adj_add(ret.operands[j], seeds[k])
        self.rev_ops(self.entry)
        results = [self.adj_or_zero(params[i]) for i in sig.adj_params]
        self.mirror.exit_scope()
        self.b.emit(func.ReturnOp(*results))
        self.finish_func()
