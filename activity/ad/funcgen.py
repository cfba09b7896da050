"""The generator of one function in one role (:class:`FuncGen`): the per-function
state (builder, forward values, adjoints, scopes, stacks) and the dispatch of each op
to its rule.

Its parts live in their own modules, one concern each, and are combined here (as
mixins: they share the state below, in the spirit of Enzyme's ``GradientUtils``):

* :class:`~activity.ad.needs.OpNeeds`: which ops need a reverse rule;
* :class:`~activity.ad.parallel_safety.ParallelSafety`: atomics and private updates in
  ``scf.parallel``;
* :class:`~activity.ad.tapeplan.TapePlan`: cache or recompute, and the tape writes;
* :class:`~activity.ad.materialize.Materializer`: mirror scopes, primal values in them;
* :class:`~activity.ad.shadows.Shadows`: shadow buffers and pointers;
* :class:`~activity.ad.sweeps.FunctionSweeps`, :class:`~activity.ad.cfblocks.CfSweeps`:
  whole functions (structured, and of several blocks).

The rules of each op (forward copy and adjoint) are in :mod:`activity.ad.rules`, found
through the tables of :mod:`activity.ad.registry`.
"""

from __future__ import annotations

from typing import Any

from xdsl.dialects import arith, func, llvm
from xdsl.dialects.builtin import (
    AnyFloat,
    IndexType,
    IntegerAttr,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue

from activity.ad.builder import (
    INDEX,
    IP,
    Builder,
    adjoint_sum_flags,
    contract_flags,
    shadow_add_flags,
)
from activity.ad.cfblocks import CFG, CfSweeps
from activity.ad.errors import GradError
from activity.ad.facts import Facts, const_int
from activity.ad.irnum import IRNum
from activity.ad.llvmmem import LLVMMem
from activity.ad.materialize import Materializer
from activity.ad.needs import OpNeeds
from activity.ad.parallel_safety import ParallelSafety
from activity.ad.plan import INLINE, SPLIT, Key, Plan, Scope
from activity.ad.rules import FORWARD, REVERSE, REVERSE_BY_KIND
from activity.ad.shadows import Shadows
from activity.ad.structure import _body_ops
from activity.ad.sweeps import FunctionSweeps
from activity.ad.tape import (
    Stack,
)
from activity.ad.tapeplan import TapePlan
from activity.engine.program import (
    call_target,
)
from activity.frontend import carry_location, place_of
from activity.ops import (
    lookup,
    op_name,
)


class FuncGen(FunctionSweeps, CfSweeps):
    """Generates the code of one function in one role, in planning or emitting mode."""

    def __init__(self, d: Any, fname: str, role: str, plan: Plan, mode: str) -> None:
        self.d = d
        self.facts: Facts = d.facts
        self.fname = fname
        self.f = d.program.functions[fname]
        self.role = role
        self.plan = plan
        self.mode = mode
        self.b = Builder()
        self.entry: Block = self.f.regions[0].blocks[0]
        if op_name(self.f) != "func.func":
            raise self.err(self.f, f"cannot differentiate '@{fname}': only func.func "
                                   "functions are supported (not the llvm dialect)")
        self.multi = len(self.f.regions[0].blocks) > 1
        self.cfg = CFG(self.f) if self.multi else None
        self.slots: dict[int, SSAValue] = {}
        self.fscope: Scope | None = None  # function-wide mirror scope (cf functions)
        if self.cfg is not None and mode == "plan":
            plan.ret_push = self.cfg.ret_push
            plan.edge_blocks = set(self.cfg.pushes)
        self.fmap: dict[int, SSAValue] = {}  # primal (id) -> forward value
        self.avail: dict[int, SSAValue] = {}  # primal (id) -> value usable everywhere
        self.arg_shadow: dict[int, SSAValue | None] = {}
        self.adj: dict[int, SSAValue] = {}
        self.adj_keys: dict[int, SSAValue] = {}
        self.scopes: list[Scope] = []
        self.stk: Stack | None = None  # forward-sweep stack state
        self.rstk: Stack | None = None  # reverse-sweep stack (final buffers)
        self.consts: dict[tuple[Any, Attribute], SSAValue] = {}
        self.const_ip: IP | None = None
        self.fwd_k: dict[int, list[SSAValue]] = {}
        # loop (id) -> forward body, induction variables, lower bounds, steps
        self.fwd_body: dict[int, tuple[Block, list[SSAValue], list[SSAValue],
                                       list[SSAValue]]] = {}
        self.deferred_deallocs: list[SSAValue] = []
        self.tape_mems: list[SSAValue] = []
        self._threads: dict[int, bool] = {}
        self.functions: list[func.FuncOp] = []
        self.mem = LLVMMem(self)
        self.par = ParallelSafety(self)  # atomics and private updates in scf.parallel
        self.shadows = Shadows(self)  # shadow buffers and pointers
        self.tapeplan = TapePlan(self)  # cache or recompute
        self.needs = OpNeeds(self)  # which ops the reverse sweep visits
        self.mirror = Materializer(self)  # mirror scopes, primal values in them

    def err(self, op: Operation | None, msg: str) -> GradError:
        return GradError(msg, **place_of(self.d.orig.get(id(op), op) if op is not None
                                         else None))

    def const(self, x: Any, t: Attribute) -> SSAValue:
        k = (x, t)
        v = self.consts.get(k)
        if v is None:
            if isinstance(t, AnyFloat):
                v = self.b.fconst(float(x), t, self.const_ip)
            elif isinstance(t, IndexType):
                v = self.b.index(int(x), self.const_ip)
            else:
                v = self.b.v(arith.ConstantOp(IntegerAttr(int(x), t)), self.const_ip)
            self.consts[k] = v
        return v

    def zero(self, t: Attribute) -> SSAValue:
        return self.const(0, t)

    def c(self, n: int) -> SSAValue:
        return self.const(n, INDEX)

    def cint(self, v: SSAValue) -> int | None:
        n = const_int(v)
        if n is not None:
            return n
        for (x, t), w in self.consts.items():
            if w is v and not isinstance(t, AnyFloat):
                return int(x)
        return None

    def ibin(self, cls: type[Operation], a: SSAValue, b: SSAValue) -> SSAValue:
        ca, cb = self.cint(a), self.cint(b)
        t = a.type
        if ca is not None and cb is not None:
            r = {arith.AddiOp: ca + cb, arith.SubiOp: ca - cb, arith.MuliOp: ca * cb,
                 arith.MaxSIOp: max(ca, cb)}.get(cls)  # type: ignore[call-overload]
            if r is None and cls is arith.CeilDivSIOp and cb != 0:
                r = -((-ca) // cb)
            if r is not None:
                return self.const(r, t)
        if cls is arith.AddiOp and cb == 0:
            return a
        if cls is arith.AddiOp and ca == 0:
            return b
        if cls is arith.SubiOp and cb == 0:
            return a
        if cls is arith.MuliOp and cb == 1:
            return a
        if cls is arith.MuliOp and ca == 1:
            return b
        if cls in (arith.CeilDivSIOp, arith.DivUIOp) and cb == 1:
            return a
        return self.b.v(cls(a, b))  # type: ignore[call-arg]

    def trip_count(self, lb: SSAValue, ub: SSAValue, step: SSAValue) -> SSAValue:
        d = self.ibin(arith.SubiOp, ub, lb)
        d = self.ibin(arith.MaxSIOp, d, self.const(0, d.type))
        return self.ibin(arith.CeilDivSIOp, d, step)

    def adj_type(self, v: SSAValue) -> Attribute:
        t = self.facts.adj_type(v)
        assert t is not None
        return t

    def convert(self, x: SSAValue, t: Attribute) -> SSAValue:
        if x.type == t:
            return x
        xw, tw = x.type.bitwidth, t.bitwidth  # type: ignore[attr-defined]
        if tw > xw:
            return self.b.v(arith.ExtFOp(x, t))
        return self.b.v(arith.TruncFOp(x, t))

    def sum_flags(self) -> arith.FastMathFlagsAttr | None:
        """Fast-math flags of an add summing two contributions to one adjoint."""
        return adjoint_sum_flags(not self.d.strict_adjoints)

    def shadow_flags(self) -> arith.FastMathFlagsAttr | None:
        """Fast-math flags of an add accumulating an adjoint into a shadow element."""
        return shadow_add_flags(not self.d.strict_adjoints)

    def contracted(self, prod: Any, adjoint: IRNum) -> Any:
        """``prod``, the product ``N.scale`` made of ``adjoint`` and a partial, marked
        ``fastmath<contract>`` (:func:`activity.ad.builder.contract_flags`), so that it
        fuses with the adjoint sum or shadow add it feeds."""
        flags = contract_flags(not self.d.strict_adjoints)
        own = prod.value.owner if isinstance(prod, IRNum) else None
        if flags is not None and isinstance(own, arith.MulfOp) \
                and adjoint.value in own.operands and not own.fastmath.data:
            own.properties["fastmath"] = flags
        return prod

    def adj_get(self, v: SSAValue) -> SSAValue | None:
        return self.adj.get(id(v))

    def adj_set(self, v: SSAValue, x: SSAValue | None) -> None:
        if x is None:
            self.adj.pop(id(v), None)
        else:
            self.adj[id(v)] = x
            self.adj_keys[id(v)] = v

    def adj_take(self, v: SSAValue) -> SSAValue | None:
        return self.adj.pop(id(v), None)

    def adj_add(self, v: SSAValue, x: SSAValue | None) -> None:
        if x is None or not self.facts.has_adjoint(v):
            return
        x = self.convert(x, self.adj_type(v))
        old = self.adj_get(v)
        self.adj_set(v, x if old is None else
                     self.b.v(arith.AddfOp(old, x, flags=self.sum_flags())))

    def adj_or_zero(self, v: SSAValue) -> SSAValue:
        x = self.adj_get(v)
        return x if x is not None else self.zero(self.adj_type(v))

    def uses_stack(self) -> bool:
        return self.d.uses_stack.get((self.fname, self.role), False)

    def threads(self, op: Operation) -> bool:
        """Whether the forward copy of region op ``op`` must thread the stacks."""
        if self.mode == "plan":
            return False
        k = id(op)
        r = self._threads.get(k)
        if r is None:
            r = False
            for inner in op.walk():
                if inner is op:
                    continue
                for region in inner.regions:
                    for blk in region.blocks:
                        if self.plan.dynamic_keys(blk):
                            r = True
                if op_name(inner) in ("func.call", "llvm.call") \
                        and self.needs.call_needs_rev(inner):
                    t = call_target(inner)
                    if self.d.uses_stack.get((t, SPLIT), False):
                        r = True
            for region in op.regions:
                for blk in region.blocks:
                    if self.plan.dynamic_keys(blk):
                        r = True
            self._threads[k] = r
        return r

    def fv(self, v: SSAValue) -> SSAValue:
        x = self.fmap.get(id(v))
        if x is None:
            raise self.err(v.owner if isinstance(v.owner, Operation) else None,
                           f"internal: value {v.name_hint or v} used before definition")
        return x

    def fval(self, key: Key) -> SSAValue:
        return self.fmap[id(key)]

    def fwd_ops(self, block: Block) -> None:
        for op in _body_ops(block):
            self.fwd_op(op)

    def fwd_op(self, op: Operation) -> None:
        """The forward sweep of ``op``: its rule (:data:`~activity.ad.rules.FORWARD`),
        else a clone of it."""
        name = op_name(op)
        rule = FORWARD.get(name)
        if rule is not None:
            return rule(self, op)
        if op.regions:
            raise self.err(op, f"cannot differentiate '{name}': region op outside the "
                               "supported subset (scf.for, scf.if, scf.while)")
        if (name == "memref.dealloc" and self.role == INLINE
                and op.parent_block() is self.entry):
            self.deferred_deallocs.append(self.fv(op.operands[0]))
            return
        new = op.clone(value_mapper={u: self.fv(u) for u in op.operands})
        carry_location(new, op)
        self.b.emit(new)
        for r, nr in zip(op.results, new.results, strict=True):
            self.fmap[id(r)] = nr

    def _stack_args(self) -> list[SSAValue]:
        assert self.stk is not None
        return [self.stk.fbuf, self.stk.ibuf]

    def rev_ops(self, block: Block) -> None:
        for op in reversed(_body_ops(block)):
            if self.slots:
                for r in op.results:
                    self.take_slot(r)
            if self.needs.needs_rev(op):
                self.rev_op(op)
            elif op.results and self.shadows.fwd_shadowed(op.results[0]):
                # the last mirror of this allocation's uses: its shadow goes
                sh = self.mirror.materialize(self.d.fwd_shadow(op.results[0]), block)
                S = self.mirror.scope_for(self.mirror.target_block(op.results[0], block))
                with self.b.at(S.ip), self.b.in_pass("adjoint"):
                    self.mem.free(self.b.v(llvm.IntToPtrOp(sh)))

    def rev_op(self, op: Operation) -> None:
        """The adjoint of ``op``: the rule for its name (:data:`~activity.ad.rules.REVERSE`),
        else the rule for its op-table kind (:data:`~activity.ad.rules.REVERSE_BY_KIND`)."""
        name = op_name(op)
        rule = REVERSE.get(name)
        if rule is not None:
            return rule(self, op)
        spec = lookup(op)
        if spec is None:
            raise self.err(op, f"cannot differentiate '{name}': not in the op table")
        kind_rule = REVERSE_BY_KIND.get(spec.kind)
        if kind_rule is None:
            raise self.err(op, f"cannot differentiate '{name}'")
        return kind_rule(self, op, spec)
