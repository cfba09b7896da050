"""Reverse-mode AD of MLIR functions, pruned by activity analysis.

See ``docs/ad.md`` for the calling convention and the design.  In short:

* The differentiated function ``F`` becomes ``F_grad``.  When ``F`` is a single block of
  structured code (the usual case) ``F_grad`` holds a *forward sweep* (a copy of ``F``
  that also writes tapes) followed by the *reverse sweep* in the same block, so every
  value defined at ``F``'s top level is simply available to the reverse sweep.  Loops
  and branches are mirrored structurally: the reverse of an ``scf.for`` is an
  ``scf.for`` over the same iterations backwards, the reverse of an ``scf.if`` an
  ``scf.if`` on the same condition, the reverse of an ``scf.while`` an ``scf.for`` over
  its recorded trip count, the reverse of an ``scf.parallel`` an ``scf.parallel`` over
  the same bounds (``addf`` reductions: the result's adjoint goes to every
  contribution; shadow updates atomic unless provably iteration-private; tapes static,
  indexed by the iteration numbers).
* A callee ``G`` (and ``F`` itself when it is unstructured) becomes a pair:
  ``G_aug`` (the forward sweep, pushing what ``G_rev`` needs on the stacks) and ``G_rev``
  (pops, then runs the reverse sweep and returns the adjoints of ``G``'s scalar
  arguments, accumulating into the shadows of its buffers).  Recursion just works: each
  activation pops what it pushed.
* Every primal value an adjoint needs is *materialised* in the mirror of the block that
  defines it: available (top level of ``F``), recomputed (pure and cheap: arithmetic,
  casts, comparisons, loads from memory no op ever writes) or read from a tape
  (:mod:`activity.ad.tape`).  Which ones are needed is decided by a first, planning run
  of the generator over the same code, so the forward sweep knows what to record.
* Derivative rules come from the op table, evaluated with the IR backend
  (:mod:`activity.ad.irnum`); this module never restates an op's math.
* Pruning: ``Facts`` answers from the activity analysis (``prune=True``) or says "all
  active" (``prune=False``).  Inactive ops get no adjoint, inactive buffers no shadow,
  values only inactive adjoints would read are never materialised, hence never taped.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects import arith, cf, func, llvm, memref, scf
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AnyFloat,
    ComplexType,
    DenseIntOrFPElementsAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    StringAttr,
    UnitAttr,
    VectorType,
)
from xdsl.ir import Attribute, Block, BlockArgument, Operation, Region, SSAValue

from activity.ad.builder import (
    INDEX,
    IP,
    Builder,
    adjoint_sum_flags,
    contract_flags,
    shadow_add_flags,
)
from activity.ad.facts import Facts, const_int, float_of_width
from activity.ad.forall import normalize_forall
from activity.ad.irnum import DEAD, IRBackend, IRNum, materialize, operand_deps
from activity.ad.llvmmem import LLVMMem, is_aggregate, is_llvm_ptr, normalize_llvm
from activity.ad.tape import (
    CURSORS,
    STACK_TYPES,
    Stack,
    StaticTape,
    elem_bytes,
    free_stack,
    init_stack,
    pop,
    push,
    reserve_function,
)
from activity.engine.program import (
    Program,
    call_target,
    global_ref,
    has_body,
    successor_operands,
    sym_name,
)
from activity.engine.types import is_pointer
from activity.errors import ActivityError, outside_stacklevel
from activity.frontend import carry_location, location_of, place_of
from activity.ops import (
    ALLOCATORS,
    DEALLOCATORS,
    EXTERNAL_ALIASES,
    TABLE,
    OpKind,
    OpSpec,
    lookup,
    op_name,
)
from activity.ops.rmw import RMW_KINDS, RMW_TABLE_OP

# marks a static tape's allocation: each slot is written at most once, by one store,
# and read only where it was written
TAPE_ATTR = "activity.tape"
INLINE = "inline"  # forward + reverse sweep in one function (the differentiated root)
SPLIT = "split"  # an _aug / _rev pair (callees, unstructured roots)

RECOMPUTE_LIMIT = 16  # most ops recomputed to obtain one value instead of taping it
SECOND_PLAN_LIMIT = 32  # the same, in the second planning run (see Differentiator._plan)
# extra op-weight of re-reading a load at an index a search found (``_searched``): past
# both limits, so such a value is taped wherever a tape can hold it
GATHER_WEIGHT = SECOND_PLAN_LIMIT + 1
# The limit for a value of the differentiated function that no loop encloses (its top
# level -- available anyway -- or an scf.if branch): computed at most once per call,
# its tape is one slot (a store and a load), so only what costs less than that is
# recomputed.  BA's rotation recomputed its square root, sine and cosine in the reverse
# sweep (weight 12 < 16).
ONCE_LIMIT = 3
_INF = 10**9
_OUTER_COST = 2  # an operand materialised once per execution of an enclosing block

_PURE_KINDS = (OpKind.FLOAT, OpKind.INT, OpKind.CAST, OpKind.COMPARE, OpKind.SELECT,
               OpKind.CONSTANT)
_CHEAP = {"arith.divf": 2, "arith.remf": 3, "math.powf": 6}


def _searched(v: SSAValue) -> bool:
    """Whether the integer ``v`` depends on what an ``scf.while`` loop computes: an
    index found by a search, as a binary search over a table finds one.  A load at such
    an index reads a large table at a place no prefetcher predicts, so re-reading it in
    the reverse sweep is a cache miss where a tape is read sequentially
    (``GATHER_WEIGHT``).  The dependence is followed through pure ops, loads, the
    values ``scf.for``/``scf.if`` yield and the induction variables of loops whose
    bounds depend on it; loop counters and induction variables with other bounds are
    not searches.  An index merely loaded from memory (a type read from an atom,
    miniBUDE's force-field lookup) usually addresses a small table that stays in cache,
    and is not counted."""
    seen: set[int] = set()
    todo = [v]
    while todo:
        u = todo.pop()
        if id(u) in seen:
            continue
        seen.add(id(u))
        if isinstance(u, BlockArgument):
            parent = u.block.parent_op()
            name = op_name(parent) if parent is not None else ""
            if name == "scf.while":
                return True
            if name == "scf.for":
                if u.index == 0:  # the induction variable: its bounds
                    todo.extend(parent.operands[:3])  # type: ignore[union-attr]
                else:  # an iter_arg: its initial value and what the body yields
                    todo.append(parent.operands[2 + u.index])  # type: ignore[union-attr]
                    todo.append(u.block.last_op.operands[u.index - 1])  # type: ignore[union-attr]
            elif name == "scf.parallel":
                todo.extend(parent.operands)  # type: ignore[union-attr]
            continue
        op = u.owner
        name = op_name(op)
        if name == "scf.while":
            return True
        if name == "scf.for":
            i = u.index  # type: ignore[attr-defined]
            todo.append(op.operands[3 + i])
            todo.append(op.regions[0].blocks[0].last_op.operands[i])  # type: ignore[union-attr]
            continue
        if op.regions:  # scf.if and the like: what each region yields
            for r in op.regions:
                for blk in r.blocks:
                    t = blk.last_op
                    if t is not None and len(t.operands) == len(op.results):
                        todo.append(t.operands[u.index])  # type: ignore[attr-defined]
            continue
        todo.extend(w for w in op.operands if not is_pointer(w.type))
    return False


STACK_SHADOW_MAX = 1 << 16  # bytes: a static alloca's shadow up to this size is an alloca


def stack_shadow(op: Operation) -> bool:
    """Whether the shadow of the buffer ``op`` makes is a ``memref.alloca`` too: ``op``
    is one, of a static shape and at most ``STACK_SHADOW_MAX`` bytes.  Its shadow then
    lives where the lowering puts such an alloca (the entry block, when no two
    instances can be live at once) instead of costing a ``malloc`` and a ``free`` per
    call: BA's two 3- and 2-element scratch buffers cost more than a third of its
    gradient as heap blocks."""
    if op_name(op) != "memref.alloca":
        return False
    t = op.results[0].type
    if not isinstance(t, MemRefType) or not t.has_static_shape():
        return False
    n = elem_bytes(t.element_type)
    for d in t.get_shape():
        n *= d
    return n <= STACK_SHADOW_MAX


def _op_weight(name: str) -> int:
    """Op-weight of recomputing one op (arithmetic 1, math functions 4, ``_CHEAP``);
    an ``llvm.intr.*`` function weighs what its ``math`` twin does."""
    name = _MATH_TWIN.get(name, name)
    return _CHEAP.get(name, 4 if name.startswith("math.") else 1)


# llvm.intr.sin -> math.sin, llvm.intr.pow -> math.powf, ...: the math op registered with
# the same semantics in the op table
_MATH_BY_SUMMARY = {s.summary: n for n, s in TABLE.items() if n.startswith("math.")}
_MATH_TWIN = {n: _MATH_BY_SUMMARY[s.summary] for n, s in TABLE.items()
              if n.startswith("llvm.intr.") and s.summary in _MATH_BY_SUMMARY}


_REGION_OPS = ("scf.for", "scf.if", "scf.while", "scf.parallel")
_LLVM_KINDS = (OpKind.FLOAT, OpKind.INT, OpKind.CAST, OpKind.COMPARE, OpKind.SELECT,
               OpKind.CONSTANT, OpKind.MEM_READ, OpKind.MEM_WRITE, OpKind.MEM_COPY,
               OpKind.MEM_SET, OpKind.MEM_VIEW, OpKind.MEM_ALLOC)
_TERMINATORS = ("scf.yield", "scf.condition", "func.return", "cf.br", "cf.cond_br",
               "scf.reduce")


class GradError(ActivityError):
    """The generator cannot differentiate something (names the op and its location)."""


class Trip:
    """Synthetic key: the trip count an ``scf.while`` records in the forward sweep."""

    __slots__ = ("op",)

    def __init__(self, op: Operation) -> None:
        self.op = op

    @property
    def type(self) -> Attribute:
        return INDEX

    def __repr__(self) -> str:
        return f"Trip({self.op.name})"


class CameFrom:
    """Synthetic key: the id of the edge control entered an unstructured block by (the
    forward sweep passes it as an extra block argument; needed to pick the shadow of a
    buffer block argument)."""

    __slots__ = ("block",)

    def __init__(self, block: Block) -> None:
        self.block = block

    @property
    def type(self) -> Attribute:
        return INDEX

    def __repr__(self) -> str:
        return "CameFrom(block)"


class PtrOffset:
    """Synthetic key: the byte offset of a pointer block argument carried round a loop of
    blocks from the root buffer it points into (the root of the edge control came by;
    the forward sweep computes it with ``ptrtoint`` at the end of the block).  The
    reverse sweep's shadow of the argument is the root's shadow advanced by it."""

    __slots__ = ("arg",)

    def __init__(self, arg: BlockArgument) -> None:
        self.arg = arg

    @property
    def type(self) -> Attribute:
        return IntegerType(64)

    def __repr__(self) -> str:
        return "PtrOffset(arg)"


class FwdShadow:
    """Synthetic key: the address (an i64) of the shadow of a ``malloc`` made in a block
    of a loop of blocks other than the entry, allocated and zeroed by the forward sweep
    next to the primal one (a reverse-sweep allocation would have to happen in the mirror
    of its last use, which control flow decides); freed in the mirror of its block."""

    __slots__ = ("value",)

    def __init__(self, value: SSAValue) -> None:
        self.value = value

    @property
    def type(self) -> Attribute:
        return IntegerType(64)

    def __repr__(self) -> str:
        return "FwdShadow(value)"


Key = Any  # SSAValue | Trip | CameFrom | PtrOffset | FwdShadow


@dataclass
class Plan:
    """What the planning run decided for one (function, role)."""

    decisions: dict[tuple[int, int], str] = field(default_factory=dict)
    tapes: dict[Block, list[Key]] = field(default_factory=dict)
    static: dict[tuple[int, int], StaticTape] = field(default_factory=dict)
    static_roots: dict[Operation, list[StaticTape]] = field(default_factory=dict)
    callees: list[str] = field(default_factory=list)
    edge_blocks: set[Block] = field(default_factory=set)  # cf blocks pushing edge ids
    ret_push: bool = False  # g_aug pushes the id of the return block taken
    # (value, block) pairs an earlier planning run taped: free to read when deciding
    # whether another value is recomputable (see Differentiator._plan)
    hint: frozenset[tuple[int, int]] = frozenset()
    # id(op) -> whether its adjoint reads its result (FuncGen.result_form)
    result_form: dict[int, bool] = field(default_factory=dict)
    # id(op) -> the sibling op's result its adjoint reads, or None (FuncGen.sibling)
    sibling: dict[int, SSAValue | None] = field(default_factory=dict)

    def add_tape(self, key: Key, blk: Block, st: StaticTape | None) -> None:
        self.tapes.setdefault(blk, []).append(key)
        if st is not None:
            self.static[(id(key), id(blk))] = st
            self.static_roots.setdefault(st.root, []).append(st)

    def dynamic_keys(self, blk: Block) -> list[Key]:
        return [k for k in self.tapes.get(blk, []) if (id(k), id(blk)) not in self.static]

    def static_keys(self, blk: Block) -> list[Key]:
        return [k for k in self.tapes.get(blk, []) if (id(k), id(blk)) in self.static]


@dataclass
class Scope:
    """The mirror of one execution of a primal block in the reverse sweep."""

    block: Block
    anchor: Operation
    memo: dict[int, SSAValue] = field(default_factory=dict)
    k: SSAValue | None = None  # reverse iteration number (loop bodies)
    iv: SSAValue | None = None  # reconstructed induction variable
    loop: Operation | None = None
    pks: list[SSAValue] | None = None  # iteration numbers of an scf.parallel body
    deallocs: list[SSAValue] = field(default_factory=list)
    ptrs: dict[int, SSAValue] = field(default_factory=dict)  # recomputed primal views
    shadows: dict[int, SSAValue] = field(default_factory=dict)

    @property
    def ip(self) -> IP:
        return IP(self.anchor.parent_block(), self.anchor)  # type: ignore[arg-type]


def describe(op: Operation | None, orig: dict[int, Operation] | None = None) -> str:
    if op is None:
        return "<unknown>"
    src = orig.get(id(op), op) if orig else op
    loc = location_of(src)
    return f"{loc[0]}:{loc[1]}:{loc[2]}" if loc else "<unknown location>"


def _inside(blk: Block | None, op: Operation | None) -> bool:
    """Whether ``blk`` is nested (at any depth) in a region of ``op``."""
    while blk is not None and op is not None:
        po = blk.parent_op()
        if po is op:
            return True
        if po is None:
            return False
        blk = po.parent_block()
    return False


def _no_pointer(v: SSAValue) -> bool:
    """``v`` is `undef`, `poison` or null: no buffer (dereferencing it is undefined)."""
    return isinstance(v.owner, Operation) and op_name(v.owner) in (
        "llvm.mlir.undef", "llvm.mlir.poison", "llvm.mlir.zero")


def def_block(key: Key) -> Block:
    if isinstance(key, CameFrom):
        return key.block
    if isinstance(key, PtrOffset):
        return key.arg.block
    if isinstance(key, FwdShadow):
        return key.value.owner.parent_block()  # type: ignore[union-attr,return-value]
    if isinstance(key, Trip):
        return key.op.parent_block()  # type: ignore[return-value]
    if isinstance(key, BlockArgument):
        return key.block
    return key.owner.parent_block()  # type: ignore[union-attr,return-value]


def _only_branches(blk: Block, top: Block) -> bool:
    """Whether nothing but ``scf.if`` ops enclose ``blk`` below ``top`` (so it runs at
    most once per execution of ``top``)."""
    while blk is not top:
        po = blk.parent_op()
        if not isinstance(po, scf.IfOp):
            return False
        nb = po.parent_block()
        if nb is None:
            return False
        blk = nb
    return True


def _tapeable(t: Attribute) -> bool:
    """Whether a value of type ``t`` can be cached for the reverse sweep."""
    return not is_pointer(t) and isinstance(t, AnyFloat | IntegerType | IndexType)


def _encloses(outer: Block, blk: Block | None) -> bool:
    """Whether ``outer`` is ``blk`` or a block of an op that (transitively) holds it."""
    while blk is not None:
        if blk is outer:
            return True
        po = blk.parent_op()
        blk = po.parent_block() if po is not None else None
    return False


def _is_terminator(op: Operation) -> bool:
    return op_name(op) in _TERMINATORS


def _body_ops(block: Block) -> list[Operation]:
    ops = list(block.ops)
    if ops and _is_terminator(ops[-1]):
        ops.pop()
    return ops


def _loop_bounds(loop: Operation) -> list[tuple[SSAValue, SSAValue, SSAValue]]:
    """(lower bound, upper bound, step) of each induction variable of a loop."""
    if isinstance(loop, scf.ParallelOp):
        return list(zip(loop.lowerBound, loop.upperBound, loop.step, strict=True))
    lb, ub, step = loop.operands[:3]
    return [(lb, ub, step)]


def same_in_every_iteration(v: SSAValue, loop: Operation) -> bool:
    """Whether ``v`` (defined inside ``scf.for`` ``loop``) takes the same values in every
    iteration of ``loop``: it is computed by pure ops from values defined outside
    ``loop`` and from the induction variables and ``iter_args`` of loops nested in it
    (whose bounds, inits and yields satisfy the same).  Memory, ``loop``'s own
    ``iter_args`` and induction variable, and other region ops make it vary."""
    return _same(v, loop, set(), 0)


def _same(v: SSAValue, loop: Operation, assumed: set[int], depth: int) -> bool:
    if depth > 48:
        return False
    owner = v.block.parent_op() if isinstance(v, BlockArgument) else v.owner
    if not isinstance(owner, Operation) or not loop.is_ancestor(owner):
        return True  # defined outside ``loop``
    if owner is loop:
        return False  # loop's induction variable, iter_args, or results
    if isinstance(v, BlockArgument):
        if not isinstance(owner, scf.ForOp):
            return False
        lb, _, step = owner.operands[:3]
        if v.index == 0:
            return _same(lb, loop, assumed, depth + 1) and _same(step, loop, assumed,
                                                                    depth + 1)
        if id(v) in assumed:
            return True  # the iteration's own recurrence: invariant if the rest is
        assumed.add(id(v))
        j = v.index - 1
        yld = owner.body.blocks[0].last_op
        return (yld is not None and _same(lb, loop, assumed, depth + 1)
                and _same(step, loop, assumed, depth + 1)
                and _same(owner.operands[3 + j], loop, assumed, depth + 1)
                and _same(yld.operands[j], loop, assumed, depth + 1))
    op = v.owner
    if isinstance(op, scf.ForOp):
        j = v.index  # type: ignore[union-attr]
        return all(_same(x, loop, assumed, depth + 1) for x in op.operands[:3]) and \
            _same(op.body.blocks[0].args[1 + j], loop, assumed, depth + 1)
    if op.regions:
        return False
    spec = lookup(op)
    if spec is None or spec.kind not in _PURE_KINDS:
        return False
    return all(_same(u, loop, assumed, depth + 1) for u in op.operands)


def reduction_kind(region: Region) -> str | None:
    """The name of the single op combining the two arguments of an ``scf.reduce``
    region (``"arith.addf"``, ...), or None when the region is anything else."""
    blk = region.blocks.first
    if blk is None or len(blk.args) != 2:
        return None
    ops = list(blk.ops)
    if (len(ops) == 2 and op_name(ops[1]) == "scf.reduce.return" and len(ops[0].results) == 1
            and ops[1].operands[0] is ops[0].results[0] and len(ops[0].operands) == 2
            and {id(u) for u in ops[0].operands} == {id(a) for a in blk.args}):
        return op_name(ops[0])
    return None


def _defined_in(block: Block) -> list[SSAValue]:
    out: list[SSAValue] = list(block.args)
    for op in block.ops:
        out.extend(op.results)
        for r in op.regions:
            for b in r.blocks:
                out.extend(_defined_in(b))
    return out


# ---------------------------------------------------------------------------------------


class FuncGen:
    """Generates the code of one function in one role, in planning or emitting mode."""

    def __init__(self, d: Differentiator, fname: str, role: str, plan: Plan, mode: str) -> None:
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
        self._making: set[int] = set()  # the values whose shadow is being made
        self.const_ip: IP | None = None
        self.fwd_k: dict[int, list[SSAValue]] = {}
        # loop (id) -> forward body, induction variables, lower bounds, steps
        self.fwd_body: dict[int, tuple[Block, list[SSAValue], list[SSAValue],
                                       list[SSAValue]]] = {}
        self.deferred_deallocs: list[SSAValue] = []
        self.tape_mems: list[SSAValue] = []
        self._needs: dict[int, bool] = {}
        self._fv: dict[int, list[SSAValue]] = {}
        self._threads: dict[int, bool] = {}
        self.functions: list[func.FuncOp] = []
        self.mem = LLVMMem(self)
        self.par_stack: list[tuple[Operation, set[int]]] = []  # (scf.parallel, safe ptrs)
        self._cost_root: Block | None = None  # the block of the value decide() considers
        self._cost_seen: set[int] = set()  # operands already counted by this decision
        self._hinting = False  # this decision may read the plan's hint (see decide)
        self._limit = RECOMPUTE_LIMIT  # ... and the recompute limit it uses
        self._gather_weight = GATHER_WEIGHT  # ... and what a searched load adds

    # ================================================================ utilities
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

    # -- adjoint environment -------------------------------------------------------------
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

    # ============================================================== op classification
    def callee_of(self, op: Operation) -> Operation | None:
        t = call_target(op)
        g = self.d.program.functions.get(t) if t is not None else None
        return g if g is not None and has_body(g) else None

    def call_needs_rev(self, op: Operation) -> bool:
        """Whether the reverse sweep must handle call ``op``.  A call of a function
        without a body (and no derivative rule: not a known math or memory function)
        through which a derivative may pass needs it too -- ``rev_call`` then refuses
        it; skipping it gave a silent zero (a user's ``lgamma``).  Calls of C's
        output and string functions (``INACTIVE_EXTERNALS``) pass none."""
        f = self.facts
        if self.callee_of(op) is None:
            t = call_target(op)
            if t is not None and t in INACTIVE_EXTERNALS:
                return False
            if f.prune:
                return f.op_active(op)
            # all_active: something carrying a derivative goes in, and something may
            # come out (a used float result, or a buffer the callee may write)
            buffers = any(f.has_shadow(a) for a in op.operands)
            into = buffers or any(f.has_adjoint(a) for a in op.operands)
            out = buffers or any(f.has_adjoint(r) and r.uses for r in op.results)
            return into and out
        if f.prune:
            return f.op_active(op)
        if any(f.has_adjoint(r) for r in op.results):
            return True
        return any(f.has_adjoint(a) or f.has_shadow(a) for a in op.operands)

    def alias_spec(self, op: Operation) -> OpSpec | None:
        """The table entry a call to a known external C function behaves like."""
        t = call_target(op)
        if t is None or self.callee_of(op) is not None:
            return None
        alias = EXTERNAL_ALIASES.get(t)
        spec = lookup(alias) if alias is not None else None
        return spec if spec is not None and spec.kind in (
            OpKind.FLOAT, OpKind.MEM_COPY, OpKind.MEM_SET) else None

    def needs_rev(self, op: Operation) -> bool:
        k = id(op)
        r = self._needs.get(k)
        if r is None:
            r = self._compute_needs_rev(op)
            self._needs[k] = r
        return r

    def _compute_needs_rev(self, op: Operation) -> bool:
        name = op_name(op)
        facts = self.facts
        if name in _REGION_OPS or name == "scf.execute_region":
            if any(facts.has_adjoint(r) for r in op.results):
                return True
            return any(self.needs_rev(i) for r in op.regions for b in r.blocks for i in b.ops)
        if name in ("func.call", "llvm.call"):
            spec = self.alias_spec(op)
            if spec is not None and spec.kind == OpKind.FLOAT:
                return self._scalar_needs(op, spec)
            if spec is not None:
                return facts.has_shadow(op.operands[spec.dst or 0])
            if self.callee_of(op) is None and call_target(op) in DEALLOCATORS | ALLOCATORS:
                return False
            return self.call_needs_rev(op)
        spec = lookup(op)
        if spec is not None and spec.kind == OpKind.META and not op.results:
            # lifetime markers, assumes, debug info: nothing to reverse (under all_active
            # their pointer operands have shadows, and they were refused); the forward
            # sweep keeps them and the lowering drops them
            return False
        if spec is None or (name.startswith("llvm.") and spec.kind not in _LLVM_KINDS):
            touches = (any(facts.has_adjoint(r) for r in op.results)
                       or any(facts.has_adjoint(u) or facts.has_shadow(u) for u in op.operands))
            if touches and facts.op_active(op):
                vector = any(isinstance(v.type, VectorType)
                             for v in [*op.operands, *op.results])
                why = ("vector values are not supported by the AD generator (for C: build "
                       "with -O1, or with -fno-vectorize -fno-slp-vectorize)" if vector
                       else "this llvm op is not supported by the AD generator"
                       if name.startswith("llvm.") else "not in the op table")
                raise self.err(op, f"cannot differentiate '{name}': {why}")
            return False
        if spec.kind in (OpKind.FLOAT, OpKind.CAST, OpKind.SELECT):
            return self._scalar_needs(op, spec)
        if spec.kind == OpKind.MEM_READ:
            return (bool(op.results) and facts.has_adjoint(op.results[0])
                    and facts.has_shadow(op.operands[spec.ptr or 0]))
        if spec.kind == OpKind.MEM_WRITE:
            return facts.has_shadow(op.operands[spec.ptr or 0])
        if spec.kind in (OpKind.MEM_COPY, OpKind.MEM_SET):
            return facts.has_shadow(op.operands[spec.dst or 0])
        return False

    def agg_active(self, v: SSAValue) -> bool:
        """An aggregate (struct/array/vector) value that carries a derivative."""
        if not is_aggregate(v.type):
            return False
        f = self.facts
        if not f.prune:
            return True
        return f.result.analysed(v) and f.result.value(v).active

    def _scalar_needs(self, op: Operation, spec: OpSpec) -> bool:
        if not op.results or not spec.diff or spec.partials is None:
            return False
        if not self.facts.has_adjoint(op.results[0]) or not self.facts.op_active(op):
            return False
        if any(self.agg_active(op.operands[i]) for i in spec.diff_operands(op)
               if i < len(op.operands)):
            raise self.err(op, f"cannot differentiate '{op_name(op)}': aggregate (struct, "
                               "array) adjoints are not supported")
        return any(self.facts.has_adjoint(op.operands[i]) for i in spec.diff_operands(op)
                   if i < len(op.operands))

    def receives_adjoint(self, op: Operation, i: int) -> bool:
        name = op_name(op)
        if name in _TERMINATORS or name in _REGION_OPS or name in ("func.call", "llvm.call"):
            if name == "cf.cond_br" or name == "scf.condition":
                return i >= 1
            if name == "scf.for":
                return i >= 3
            if name == "scf.if":
                return False
            return True
        spec = lookup(op)
        if spec is None:
            return False
        if spec.kind in (OpKind.FLOAT, OpKind.CAST, OpKind.SELECT):
            return i in spec.diff_operands(op)
        if spec.kind == OpKind.MEM_WRITE:
            return i == spec.value
        return False

    def free_vars(self, op: Operation) -> list[SSAValue]:
        """Values defined outside ``op`` that may receive adjoint inside it."""
        k = id(op)
        r = self._fv.get(k)
        if r is not None:
            return r
        inside: set[int] = set()
        for region in op.regions:
            for b in region.blocks:
                inside.update(id(v) for v in _defined_in(b))
        out: list[SSAValue] = []
        seen: set[int] = set()
        for inner in op.walk():
            if inner is op:
                continue
            for i, u in enumerate(inner.operands):
                if id(u) in inside or id(u) in seen:
                    continue
                if self.receives_adjoint(inner, i) and self.facts.has_adjoint(u):
                    seen.add(id(u))
                    out.append(u)
        self._fv[k] = out
        return out

    # ============================================================== stack threading
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
                if op_name(inner) in ("func.call", "llvm.call") and self.call_needs_rev(inner):
                    t = call_target(inner)
                    if self.d.uses_stack.get((t, SPLIT), False):
                        r = True
            for region in op.regions:
                for blk in region.blocks:
                    if self.plan.dynamic_keys(blk):
                        r = True
            self._threads[k] = r
        return r

    # ============================================================== forward sweep
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
        name = op_name(op)
        if name == "scf.for":
            return self.fwd_for(op)
        if name == "scf.if":
            return self.fwd_if(op)
        if name == "scf.while":
            return self.fwd_while(op)
        if name == "scf.parallel":
            return self.fwd_parallel(op)
        if name in ("func.call", "llvm.call"):
            return self.fwd_call(op)
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

    def fwd_for(self, op: Operation) -> None:
        assert isinstance(op, scf.ForOp)
        if op.properties.get("unsignedCmp") is not None \
                or op.attributes.get("unsignedCmp") is not None:
            raise self.err(op, "cannot differentiate 'scf.for unsigned': the sweeps count "
                               "iterations with signed arithmetic")
        self.alloc_static_tapes(op)
        lb, ub, step = (self.fv(x) for x in op.operands[:3])
        thread = self.threads(op)
        inits = [self.fv(x) for x in op.iter_args] + (self._stack_args() if thread else [])
        body = op.body.blocks[0]
        nb = Block(arg_types=[a.type for a in body.args]
                   + (list(STACK_TYPES) if thread else []))
        for a, na in zip(body.args, nb.args, strict=False):
            self.fmap[id(a)] = na
        saved = self.stk
        if thread:
            assert saved is not None
            self.stk = Stack(nb.args[-2], nb.args[-1], saved.cursors)
        self.fwd_body[id(op)] = (nb, [nb.args[0]], [lb], [step])
        with self.b.at(IP(nb)):
            self.fwd_ops(body)
            self.tape_writes(body)
            y = body.last_op
            assert y is not None
            self.b.emit(scf.YieldOp(*[self.fv(x) for x in y.operands],
                                    *(self._stack_args() if thread else [])))
        loop = scf.ForOp(lb, ub, step, inits, Region([nb]))
        self.b.emit(loop)
        for r, nr in zip(op.results, loop.results, strict=False):
            self.fmap[id(r)] = nr
        if thread:
            assert saved is not None
            self.stk = Stack(loop.results[-2], loop.results[-1], saved.cursors)
        else:
            self.stk = saved

    # -- scf.parallel: iterations share no tape slot -----------------------------------------
    def enclosing_parallel(self, blk: Block) -> Operation | None:
        """The innermost ``scf.parallel`` of the function around ``blk``, or None."""
        while True:
            po = blk.parent_op()
            if po is None or po is self.f:
                return None
            if isinstance(po, scf.ParallelOp):
                return po
            pb = po.parent_block()
            if pb is None:
                return None
            blk = pb

    def reductions(self, op: Operation) -> list[int]:
        """The reductions of ``op`` whose result receives an adjoint: each must be an
        ``addf`` (its adjoint is broadcast to every contribution and to the init)."""
        assert isinstance(op, scf.ParallelOp)
        term = op.body.blocks[0].last_op
        assert isinstance(term, scf.ReduceOp)
        out = []
        for j, (r, region) in enumerate(zip(op.results, term.reductions, strict=True)):
            contrib = term.args[j]
            if not self.facts.has_adjoint(r) or not (
                    self.facts.has_adjoint(contrib) or self.facts.has_adjoint(op.initVals[j])):
                continue
            kind = reduction_kind(region)
            if kind != "arith.addf":
                raise self.err(op, "cannot differentiate 'scf.parallel': its reduction "
                                   f"#{j} of an active value is "
                                   f"'{kind or 'not a single op'}' (only arith.addf "
                                   "reductions are differentiated)")
            out.append(j)
        return out

    def check_parallel(self, op: Operation) -> None:
        assert isinstance(op, scf.ParallelOp)
        if len(op.body.blocks) != 1:
            raise self.err(op, "cannot differentiate 'scf.parallel': only a single-block "
                               "body is supported")
        self.reductions(op)
        term = op.body.blocks[0].last_op
        for inner in op.walk():
            if inner is op or inner is term or not self.needs_rev(inner):
                continue
            if inner.parent_op() is term:  # the combining op of a reduction
                continue
            name = op_name(inner)
            if name in ("scf.for", "scf.if", "scf.while", "scf.parallel", "memref.load",
                        "memref.store"):
                continue
            if name in ("func.call", "llvm.call"):
                spec = self.alias_spec(inner)
                if spec is not None and spec.kind == OpKind.FLOAT:
                    continue
            elif (name == "memref.atomic_rmw" and (not inner.results[0].uses
                                                   or not self.facts.has_adjoint(
                                                       inner.results[0]))
                  and RMW_KINDS[inner.properties["kind"].value.data]  # type: ignore[attr-defined]
                  not in _FLOAT_RMW - {"addf"} | {"assign"}):
                continue  # (addf's reverse only reads the shadow; integer kinds: nothing)
            else:
                spec = lookup(inner)
                if spec is not None and spec.kind in (OpKind.FLOAT, OpKind.CAST, OpKind.SELECT):
                    continue
            raise self.err(inner, f"cannot differentiate '{name}' inside 'scf.parallel' "
                                  "(only scalar ops, memref.load/store, scf.for, scf.if, "
                                  "scf.while, and memref.atomic_rmw addf whose result is not "
                                  "used or of an integer kind)")

    def parallel_safe(self, op: Operation) -> set[int]:
        """Buffers (ids) of which distinct iterations of ``op`` touch distinct elements,
        and that no other buffer accessed there may alias: their shadow updates need no
        atomics.

        Every access of such a buffer in the body must index it so that the element
        determines the induction variables, in the same way for all accesses: each index
        is decomposed as mixed-radix digits, ``((d0 * R1 + d1) * R2 + d2) ...`` with each
        lower digit ``d`` proven in ``[0, R)`` (an ``scf.for``/``scf.parallel``
        induction variable from 0 by 1 to ``R``, or a constant below a constant ``R``)
        and ``R`` loop-invariant; the element then fixes every digit.  When all accesses
        share the radices and every induction variable of ``op`` is a digit at the same
        place, the element fixes the iteration (``a[i]``, ``a[i, j]``, ``out[l * 5 +
        ch]`` for ``ch`` in ``[0, 5)``; not ``a[i]`` together with ``a[i + 1]``)."""
        assert isinstance(op, scf.ParallelOp)
        body = op.body.blocks[0]
        ivs = list(body.args)
        inside = {id(b) for r in op.regions for b in r.blocks}
        for inner in op.walk():
            for r in inner.regions:
                inside.update(id(b) for b in r.blocks)
        sigs: dict[int, object] = {}
        ptrs: dict[int, SSAValue] = {}
        for inner in op.walk():
            if inner is op:
                continue
            name = op_name(inner)
            for i, u in enumerate(inner.operands):
                if not isinstance(u.type, MemRefType) and not is_pointer(u.type):
                    continue
                ptrs[id(u)] = u
                idx = (list(inner.operands[1:]) if name == "memref.load" and i == 0 else
                       list(inner.operands[2:]) if name == "memref.store" and i == 1 else None)
                sig = None
                if (idx is not None and isinstance(u.type, MemRefType)
                        and id(def_block(u)) not in inside):
                    sig = self._access_signature(idx, ivs, inside)
                if sig is None or sigs.get(id(u), sig) != sig:
                    sigs[id(u)] = None
                else:
                    sigs[id(u)] = sig
        safe: set[int] = set()
        for k, u in ptrs.items():
            if sigs.get(k) is None:
                continue
            c = self.facts.classes(u)
            if c in (-1, 0):
                continue
            if all(q is u or (self.facts.classes(q) not in (-1, 0)
                              and not (self.facts.classes(q) & c)) for q in ptrs.values()):
                safe.add(k)
        return safe

    def _access_signature(self, idx: list[SSAValue], ivs: list[BlockArgument],
                          inside: set[int]) -> tuple | None:
        """The digit layout of one access (see :meth:`parallel_safe`), or None when the
        element it touches does not determine the iteration."""
        sig = []
        seen: set[int] = set()
        per_dim = []
        for e in idx:
            ds = self._digits(e, inside, 0)
            if ds is None:
                return None
            per_dim.append(ds)
        # digit values: equal for two iterations that touch the same element
        known = {id(v): (d, k) for d, ds in enumerate(per_dim)
                 for k, (v, _) in enumerate(ds) if v is not None}
        for ds in per_dim:
            dim: list[tuple] = []
            for v, rk in ds:
                j = next((n for n, a in enumerate(ivs) if v is a), None)
                rot = None if j is not None or v is None else self._rotation(
                    v, ivs, inside, known)
                if j is not None:
                    seen.add(j)
                    dim.append(("iv", j, rk))
                elif rot is not None:
                    seen.add(rot[0])
                    dim.append(("rot", rot[0], rk, rot[1]))
                else:
                    dim.append(("x", rk))
            sig.append(tuple(dim))
        return tuple(sig) if len(seen) == len(ivs) else None

    def _rotation(self, v: SSAValue, ivs: list[BlockArgument], inside: set[int],
                  known: dict[int, tuple[int, int]]) -> tuple[int, tuple] | None:
        """``(j, shift)`` when the digit ``v`` is ``(iv_j + s) mod R`` -- a rotation of
        the parallel induction variable ``iv_j``, which runs over ``[0, R)`` -- with a
        shift ``s`` that two iterations touching the same element share: a sum of
        constants, ``R`` itself (at most once) and ``index_cast``s of loads from
        *constant* globals at indices that are constants, loop-invariant or digits of
        the same access.  The bounds of the shift (from the globals' values) prove that
        ``iv_j + s`` cannot wrap around 2^64, so ``v`` fixes ``iv_j``.  (LBM's periodic
        neighbour ``(x + nx - cx[q]) mod nx``.)  ``shift`` is a canonical form, so two
        accesses agree only when their shifts are the same function."""
        owner = v.owner
        if not isinstance(owner, arith.RemUIOp):
            return None
        R = owner.rhs
        terms: list[tuple[int, SSAValue]] = []
        if not self._signed_terms(owner.lhs, 1, terms, 0):
            return None
        j = None
        n_r = 0
        lo = hi = 0
        enc: list[tuple] = []
        for sign, t in terms:
            k = next((n for n, a in enumerate(ivs) if t is a), None)
            if k is not None and sign == 1 and j is None and self._below(t, R):
                j = k
                continue
            if t is R and sign == 1 and n_r == 0 and self._radix_key(R, inside) is not None:
                n_r += 1
                continue
            c = self.cint(t)
            if c is not None:
                lo, hi = lo + sign * c, hi + sign * c
                enc.append((sign, ("c", c)))
                continue
            g = self._global_term(t, inside, known)
            if g is None:
                return None
            (glo, ghi), ge = g
            lo, hi = (lo + glo, hi + ghi) if sign == 1 else (lo - ghi, hi - glo)
            enc.append((sign, ge))
        if j is None:
            return None
        # no wrap-around: 0 <= iv + (R) + s < 2^64 for iv in [0, R), 1 <= R < 2^63
        if n_r == 0 and not (lo >= 0 and hi < 2**62):
            return None
        if n_r == 1 and not (lo >= -1 and hi <= 2):
            return None
        return j, (n_r, tuple(sorted(enc, key=repr)))

    def _signed_terms(self, e: SSAValue, sign: int, out: list[tuple[int, SSAValue]],
                      depth: int) -> bool:
        owner = e.owner
        if depth < 8 and isinstance(owner, arith.AddiOp | arith.SubiOp):
            rs = -sign if isinstance(owner, arith.SubiOp) else sign
            return (self._signed_terms(owner.lhs, sign, out, depth + 1)
                    and self._signed_terms(owner.rhs, rs, out, depth + 1))
        out.append((sign, e))
        return len(out) <= 16

    def _global_term(self, t: SSAValue, inside: set[int], known: dict[int, tuple[int, int]]
                     ) -> tuple[tuple[int, int], tuple] | None:
        """``index_cast(memref.load @g[...])`` of a constant integer global ``@g`` at
        indices that two colliding iterations share: its value range and a canonical
        form."""
        from xdsl.traits import SymbolTable

        cast = t.owner
        if not isinstance(cast, arith.IndexCastOp):
            return None
        load = cast.input.owner
        if not isinstance(load, memref.LoadOp):
            return None
        get = load.memref.owner
        if not isinstance(get, memref.GetGlobalOp):
            return None
        g = SymbolTable.lookup_symbol(get, get.name_)
        if not isinstance(g, memref.GlobalOp) or g.constant is None:
            return None
        init = g.initial_value
        if not isinstance(init, DenseIntOrFPElementsAttr):
            return None
        vals = list(init.get_values())
        if not vals or not all(isinstance(x, int) for x in vals):
            return None
        idx: list[tuple] = []
        for i in load.indices:
            c = self.cint(i)
            if c is not None:
                idx.append(("c", c))
            elif id(i) in known:
                idx.append(("d", *known[id(i)]))
            elif id(def_block(i)) not in inside:
                idx.append(("v", id(i)))
            else:
                return None
        return (min(vals), max(vals)), ("g", g.sym_name.data, tuple(idx))

    def _radix_key(self, r: SSAValue, inside: set[int]) -> tuple | None:
        c = self.cint(r)
        if c is not None:
            return ("c", c) if c >= 1 else None
        if id(def_block(r)) in inside:
            return None  # not invariant over the parallel loop
        return ("v", id(r))

    def _digits(self, e: SSAValue, inside: set[int], depth: int
                ) -> list[tuple[SSAValue | None, tuple | None]] | None:
        """``e`` as mixed-radix digits ``[(value, radix key)]``, most significant first
        (the first digit unbounded, key None); None if some radix is not invariant."""
        owner = e.owner
        if depth < 8 and isinstance(owner, arith.AddiOp):
            for m, r in ((owner.lhs, owner.rhs), (owner.rhs, owner.lhs)):
                mo = m.owner
                if not isinstance(mo, arith.MuliOp):
                    continue
                for x, R in ((mo.lhs, mo.rhs), (mo.rhs, mo.lhs)):
                    rk = self._radix_key(R, inside)
                    if rk is not None and self._below(r, R):
                        hi = self._digits(x, inside, depth + 1)
                        if hi is not None:
                            return hi + [(r, rk)]
        if depth < 8 and isinstance(owner, arith.MuliOp):
            for x, R in ((owner.lhs, owner.rhs), (owner.rhs, owner.lhs)):
                rk = self._radix_key(R, inside)
                if rk is not None and rk[0] == "c":  # a zero digit: R >= 1 needed
                    hi = self._digits(x, inside, depth + 1)
                    if hi is not None:
                        return hi + [(None, rk)]
        return [(e, None)]

    def _below(self, r: SSAValue, R: SSAValue) -> bool:
        """``0 <= r < R`` whenever ``r`` is computed."""
        c, cr = self.cint(r), self.cint(R)
        if c is not None:
            return cr is not None and 0 <= c < cr
        owner = r.owner
        if isinstance(owner, arith.RemUIOp):  # unsigned remainder: below its divisor
            cd = self.cint(owner.rhs)
            return owner.rhs is R or (cd is not None and cr is not None and 1 <= cd <= cr)
        if not isinstance(r, BlockArgument):
            return False
        loop = r.block.parent_op()
        if isinstance(loop, scf.ForOp) and r.index == 0:
            lb, ub, step = loop.lb, loop.ub, loop.step
        elif isinstance(loop, scf.ParallelOp):
            lb, ub, step = (loop.lowerBound[r.index], loop.upperBound[r.index],
                            loop.step[r.index])
        else:
            return False
        if self.cint(lb) != 0 or self.cint(step) != 1:
            return False
        if ub is R:
            return True
        cu = self.cint(ub)
        return cu is not None and cr is not None and cu <= cr

    def par_update(self, p: SSAValue) -> bool:
        """Whether a shadow update of buffer ``p`` here must be atomic (and count it)."""
        if not self.par_stack:
            return False
        atomic = len(self.par_stack) > 1 or id(p) not in self.par_stack[-1][1]
        if self.mode == "emit":
            if atomic:
                self.d.atomic_updates += 1
            else:
                self.d.atomics_avoided += 1
        return atomic

    def atomic(self, kind: str, x: SSAValue, m: SSAValue, idx: list[SSAValue]) -> SSAValue:
        op = memref.AtomicRMWOp(operands=[x, m, list(idx)], result_types=[x.type],
                                properties={"kind": IntegerAttr(RMW_KINDS.index(kind), 64)})
        return self.b.v(op)

    def atomic_add(self, x: SSAValue, sh: SSAValue, idx: list[SSAValue]) -> None:
        et = sh.type.element_type  # type: ignore[attr-defined]
        if not isinstance(et, AnyFloat):
            raise GradError("cannot differentiate: an atomic shadow update of a buffer of "
                            f"{et} inside 'scf.parallel'")
        self.atomic("addf", self.convert(x, et), sh, idx)

    def fwd_parallel(self, op: Operation) -> None:
        """The same loop (and reductions); its static tapes are indexed by the iteration
        numbers of every enclosing loop, this one's included, so iterations write
        distinct slots."""
        assert isinstance(op, scf.ParallelOp)
        self.check_parallel(op)
        if self.threads(op):
            raise self.err(op, "cannot differentiate 'scf.parallel': its body needs a stack "
                               "tape (only static tapes of a rectangular nest are indexed "
                               "by parallel iterations)")
        self.alloc_static_tapes(op)
        body = op.body.blocks[0]
        nb = Block(arg_types=[a.type for a in body.args])
        for a, na in zip(body.args, nb.args, strict=True):
            self.fmap[id(a)] = na
        lbs = [self.fv(x) for x in op.lowerBound]
        steps = [self.fv(x) for x in op.step]
        self.fwd_body[id(op)] = (nb, list(nb.args), lbs, steps)
        term = body.last_op
        assert isinstance(term, scf.ReduceOp)
        with self.b.at(IP(nb)):
            self.fwd_ops(body)
            self.tape_writes(body)
            self.b.emit(term.clone(value_mapper={u: self.fv(u) for u in term.operands}))
        loop = scf.ParallelOp(lbs, [self.fv(x) for x in op.upperBound], steps, Region([nb]),
                              [self.fv(x) for x in op.initVals])
        self.b.emit(loop)
        for r, nr in zip(op.results, loop.results, strict=True):
            self.fmap[id(r)] = nr

    def fwd_if(self, op: Operation) -> None:
        assert isinstance(op, scf.IfOp)
        self.alloc_static_tapes(op)
        thread = self.threads(op)
        types = [r.type for r in op.results] + (list(STACK_TYPES) if thread else [])
        saved = self.stk

        def branch(region: Region) -> Any:
            def fn() -> list[SSAValue]:
                self.stk = saved
                if region.blocks:
                    blk = region.blocks[0]
                    self.fwd_ops(blk)
                    self.tape_writes(blk)
                    y = blk.last_op
                    outs = [self.fv(x) for x in y.operands] if y is not None else []
                else:
                    outs = []
                return outs + (self._stack_args() if thread else [])
            return fn

        has_else = bool(op.false_region.blocks) or thread
        new = self.b.if_op(self.fv(op.cond), types, branch(op.true_region),
                           branch(op.false_region) if has_else else None)
        for r, nr in zip(op.results, new.results, strict=False):
            self.fmap[id(r)] = nr
        if thread:
            assert saved is not None
            self.stk = Stack(new.results[-2], new.results[-1], saved.cursors)
        else:
            self.stk = saved

    def fwd_while(self, op: Operation) -> None:
        assert isinstance(op, scf.WhileOp)
        self.alloc_static_tapes(op)
        thread = self.threads(op)
        count = self.needs_rev(op)
        extra_t = ([INDEX] if count else []) + (list(STACK_TYPES) if thread else [])
        inits = [self.fv(x) for x in op.arguments] + ([self.c(0)] if count else []) + (
            self._stack_args() if thread else [])
        before, after = op.before_region.blocks[0], op.after_region.blocks[0]
        saved = self.stk
        n0 = len(before.args)
        bb = Block(arg_types=[a.type for a in before.args] + extra_t)
        for a, na in zip(before.args, bb.args, strict=False):
            self.fmap[id(a)] = na
        if thread:
            assert saved is not None
            self.stk = Stack(bb.args[-2], bb.args[-1], saved.cursors)
        with self.b.at(IP(bb)):
            self.fwd_ops(before)
            self.tape_writes(before)
            cond = before.last_op
            assert isinstance(cond, scf.ConditionOp)
            extra = ([bb.args[n0]] if count else []) + (self._stack_args() if thread else [])
            self.b.emit(scf.ConditionOp(self.fv(cond.condition),
                                        *[self.fv(x) for x in cond.args], *extra))
        m0 = len(after.args)
        ab = Block(arg_types=[a.type for a in after.args] + extra_t)
        for a, na in zip(after.args, ab.args, strict=False):
            self.fmap[id(a)] = na
        if thread:
            assert saved is not None
            self.stk = Stack(ab.args[-2], ab.args[-1], saved.cursors)
        with self.b.at(IP(ab)):
            self.fwd_ops(after)
            self.tape_writes(after)
            y = after.last_op
            assert y is not None
            extra = []
            if count:
                extra.append(self.b.v(arith.AddiOp(ab.args[m0], self.c(1))))
            if thread:
                extra += self._stack_args()
            self.b.emit(scf.YieldOp(*[self.fv(x) for x in y.operands], *extra))
        new = scf.WhileOp(inits, [r.type for r in op.results] + extra_t,
                          Region([bb]), Region([ab]))
        self.b.emit(new)
        nres = len(op.results)
        for r, nr in zip(op.results, new.results, strict=False):
            self.fmap[id(r)] = nr
        if count:
            self.fmap[id(self.d.trip(op))] = new.results[nres]
        if thread:
            assert saved is not None
            self.stk = Stack(new.results[-2], new.results[-1], saved.cursors)
        else:
            self.stk = saved

    def fwd_call(self, op: Operation) -> None:
        g = self.callee_of(op)
        if g is not None and self.call_needs_rev(op):
            t = call_target(op)
            assert t is not None
            names = self.d.names(t)
            with_stack = self.mode == "emit" and self.d.uses_stack.get((t, SPLIT), False)
            args = [self.fv(u) for u in op.operands]
            rtypes = [r.type for r in op.results]
            if with_stack:
                assert self.stk is not None
                args += [self.stk.fbuf, self.stk.ibuf, self.stk.cursors]
                rtypes += list(STACK_TYPES)
            new = func.CallOp(names.aug, args, rtypes)
            self.b.emit(new)
            for r, nr in zip(op.results, new.results, strict=False):
                self.fmap[id(r)] = nr
            if with_stack:
                assert self.stk is not None
                self.stk = Stack(new.results[-2], new.results[-1], self.stk.cursors)
            if self.mode == "plan" and t not in self.plan.callees:
                self.plan.callees.append(t)
            return
        if (call_target(op) in DEALLOCATORS and self.role == INLINE
                and op.parent_block() is self.entry):
            self.deferred_deallocs.append(self.fv(op.operands[0]))
            return
        new = op.clone(value_mapper={u: self.fv(u) for u in op.operands})
        carry_location(new, op)
        self.b.emit(new)
        for r, nr in zip(op.results, new.results, strict=True):
            self.fmap[id(r)] = nr

    # -- tapes in the forward sweep ---------------------------------------------------------
    def alloc_static_tapes(self, op: Operation) -> None:
        tapes = self.plan.static_roots.get(op) if self.mode == "emit" else None
        if not tapes:
            return
        tcs: dict[int, list[SSAValue]] = {}
        with self.b.in_pass("tape"):
            for st in tapes:
                sizes = []
                for L in st.loops:
                    if id(L) not in tcs:
                        tcs[id(L)] = []
                        for lb, ub, step in _loop_bounds(L):
                            tc = self.trip_count(self.fwd_invariant(lb), self.fwd_invariant(ub),
                                                 self.fwd_invariant(step))
                            if not isinstance(tc.type, IndexType):
                                tc = self.b.v(arith.IndexCastOp(tc, INDEX))
                            tcs[id(L)].append(tc)
                    sizes += tcs[id(L)]
                if not sizes:  # one slot: on the stack (a malloc per call would cost
                    # more than most values taped in it)
                    st.mem = self.b.v(memref.AllocaOp.get(st.elem, shape=[1]))
                else:
                    t = MemRefType(st.elem, [DYNAMIC_INDEX] * len(sizes))
                    st.mem = self.b.alloc(t, sizes)
                    self.tape_mems.append(st.mem)
                    # a failed allocation names the outermost loop it is sized by
                    carry_location(st.mem.owner, st.loops[0])  # type: ignore[arg-type]
                # the reverse sweep reads a slot only where the forward sweep wrote it
                # (activity.codegen.speculate relies on that)
                st.mem.owner.attributes[TAPE_ATTR] = UnitAttr()  # type: ignore[union-attr]

    def fwd_invariant(self, v: SSAValue) -> SSAValue:
        """A forward value for loop-invariant ``v`` at the current (outer) point."""
        if def_block(v) is self.entry:
            return self.fv(v)
        op = v.owner
        assert isinstance(op, Operation)
        new = op.clone(value_mapper={u: self.fwd_invariant(u) for u in op.operands})
        carry_location(new, op)
        self.b.emit(new)
        return new.results[list(op.results).index(v)]  # type: ignore[arg-type]

    def invariant_ok(self, v: SSAValue, depth: int = 0) -> bool:
        if def_block(v) is self.entry:
            return True
        if isinstance(v, BlockArgument) or depth > 20:
            return False
        op = v.owner
        spec = lookup(op)  # type: ignore[arg-type]
        if spec is None or spec.kind not in _PURE_KINDS or op.regions:  # type: ignore[union-attr]
            return False
        return all(self.invariant_ok(u, depth + 1) for u in op.operands)  # type: ignore[union-attr]

    def fwd_iter(self, loop: Operation) -> list[SSAValue]:
        """The iteration numbers ``(iv - lb) / step`` of ``loop`` in the forward sweep (one
        per induction variable: one for ``scf.for``, one per dimension of
        ``scf.parallel``)."""
        ks = self.fwd_k.get(id(loop))
        if ks is None:
            nb, ivs, lbs, steps = self.fwd_body[id(loop)]
            ks = []
            with self.b.at(IP(nb, nb.first_op)), self.b.in_pass("tape"):
                for iv, lb, step in zip(ivs, lbs, steps, strict=True):
                    d = self.ibin(arith.SubiOp, iv, lb)
                    k = self.ibin(arith.DivUIOp, d, step)
                    if not isinstance(k.type, IndexType):
                        k = self.b.v(arith.IndexCastOp(k, INDEX))
                    ks.append(k)
            self.fwd_k[id(loop)] = ks
        return ks

    def tape_writes(self, block: Block) -> None:
        if self.mode == "plan":
            return
        with self.b.in_pass("tape"):
            for key in self.plan.static_keys(block):
                st = self.plan.static[(id(key), id(block))]
                idx = [k for L in st.loops for k in self.fwd_iter(L)] or [self.c(0)]
                assert st.mem is not None
                self.b.store(self.fval(key), st.mem, idx)
            dyn = self.plan.dynamic_keys(block)
            if dyn:
                assert self.stk is not None, "dynamic tape without a stack"
                self.stk = push(self.b, self.stk, [self.fval(k) for k in dyn], self.d.reserve)

    # ============================================================== reverse sweep: scopes
    def enter_scope(self, block: Block, k: SSAValue | None = None,
                    iv: SSAValue | None = None, loop: Operation | None = None) -> Scope:
        anchor = self.b.emit(arith.ConstantOp.from_int_and_width(0, INDEX))
        s = Scope(block, anchor, k=k, iv=iv, loop=loop)
        self.scopes.append(s)
        dyn = self.plan.dynamic_keys(block) if self.mode == "emit" else []
        if dyn:
            assert self.rstk is not None
            with self.b.at(s.ip), self.b.in_pass("tape"):
                vals = pop(self.b, self.rstk, [k_.type for k_ in dyn])
            for key, v in zip(dyn, vals, strict=True):
                s.memo[id(key)] = v
        return s

    def exit_scope(self) -> None:
        s = self.scopes.pop()
        for m in s.deallocs:
            self.dealloc(m)
        s.anchor.detach()
        s.anchor.erase()
        for v in _defined_in(s.block):
            self.adj.pop(id(v), None)

    def scope_for(self, blk: Block) -> Scope:
        for s in reversed(self.scopes):
            if s.block is blk:
                return s
        raise GradError(f"internal: no mirror scope for a block of @{self.fname}")

    def toplevel(self, blk: Block) -> Block:
        while True:
            po = blk.parent_op()
            if po is None or po is self.f:
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
            if po is None or po is self.f:
                break
            b = po.parent_block()
        return self.toplevel(use)

    # ============================================================== materialisation
    def available(self, key: Key) -> SSAValue | None:
        if self.role == INLINE:
            if def_block(key) is self.entry:
                return self.fmap.get(id(key))
            return None
        return self.avail.get(id(key))

    def stored_value(self, key: Key) -> SSAValue | None:
        """For an ``llvm.load`` the value a store forwards to it (same type), read in its
        place; else None."""
        if (isinstance(key, SSAValue) and isinstance(key.owner, Operation)
                and op_name(key.owner) == "llvm.load"):
            v = self.mem.forwarded(key.owner.operands[0])
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
        if self.mode == "plan":
            dec = self.plan.decisions.get(dk) or self.decide(key, T, S)
            self.plan.decisions[dk] = dec
        else:
            dec = self.plan.decisions.get(dk)  # type: ignore[assignment]
            if dec is None:
                raise GradError(f"internal: unplanned value {key} in @{self.fname}")
        if dec == "tape" and S is self.fscope:
            src = key.owner if isinstance(key.owner, Operation) else None
            raise self.err(src, "cannot differentiate: the shape of an active buffer used "
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

    def once(self, T: Block) -> bool:
        """Whether ``T`` runs at most once per call of the differentiated function (its
        top level or ``scf.if`` branches there): a static tape for its values is one
        stack slot."""
        return self.role == INLINE and _only_branches(T, self.entry)

    def begin_costing(self, T: Block, key: Key | None = None) -> None:
        """Set what ``recompute_cost`` reads while judging ``key``, needed in ``T``."""
        self._cost_root = T
        self._cost_seen = set()
        # the second planning run (Differentiator._plan) weighs recomputation against
        # tapes inside scf.parallel only: there a tape is memory traffic per iteration
        # (on a GPU, most of the reverse kernels' time), elsewhere the first run's
        # judgement stands (miniBUDE's sequential loops ran 21% slower recomputing)
        self._hinting = bool(self.plan.hint) and self.enclosing_parallel(T) is not None
        self._limit = SECOND_PLAN_LIMIT if self._hinting else RECOMPUTE_LIMIT
        if key is not None and self.once(T) and _tapeable(key.type):
            self._limit = ONCE_LIMIT  # (a tape is one slot)
        self._gather_weight = GATHER_WEIGHT

    def decide(self, key: Key, T: Block, S: Scope) -> str:
        if isinstance(key, BlockArgument) and S.loop is not None and S.iv is not None:
            if key.block is T and key.index == 0:
                return "iv"
        self.begin_costing(T, key)
        st = self.static_for(key, T)
        par = self.enclosing_parallel(T)
        if par is not None and st is None:
            self._gather_weight = 0  # no tape can hold it here: searched loads too
        if isinstance(key, BlockArgument):
            if self.affine_arg(key, S) is not None \
                    and self.recompute_cost(key, T, 0) <= self._limit:
                return "affine"
        elif self.recompute_cost(key, T, 0) <= self._limit:
            return "recompute"
        if par is not None and st is None:
            raise self.err(par, "cannot differentiate 'scf.parallel': a value of an "
                                "iteration is neither recomputable from its induction "
                                "variables and memory the loop does not write nor storable "
                                "in a static tape (a nest of scf.for/scf.parallel/scf.if "
                                "with invariant bounds in the differentiated function)")
        t = key.type
        if not _tapeable(t):
            raise self.err(key.owner if isinstance(key.owner, Operation) else None,
                           f"cannot cache a value of type {t} for the reverse sweep")
        self.plan.add_tape(key, T, st)
        return "tape"

    def static_for(self, key: Key, T: Block) -> StaticTape | None:
        """A static tape for ``key`` if ``T`` sits in an ``scf.for``/``scf.parallel``/
        ``scf.if`` nest of the inline root whose trip counts are known before the nest
        starts (one tape dimension per induction variable: iterations of a parallel loop
        write distinct slots)."""
        if self.role != INLINE:
            return None
        loops: list[Operation] = []
        blk = T
        root: Operation | None = None
        while blk is not self.entry:
            po = blk.parent_op()
            if isinstance(po, scf.ForOp | scf.ParallelOp):
                loops.insert(0, po)
            elif not isinstance(po, scf.IfOp):
                return None
            root = po
            blk = po.parent_block()  # type: ignore[assignment]
        if root is None:
            return None
        for L in loops:
            if not all(self.invariant_ok(x) for bs in _loop_bounds(L) for x in bs):
                return None
        if isinstance(key, SSAValue):
            # a value that is the same in every iteration of an scf.for needs no slot per
            # iteration of it: every iteration writes the same value to the same slot
            # (GMM's triangular offset: 8*n*k*d bytes -> 8*d).  Parallel loops keep
            # their dimension (distinct iterations never write one slot).
            loops = [L for L in loops
                     if isinstance(L, scf.ParallelOp) or not same_in_every_iteration(key, L)]
        return StaticTape(key, T, loops, root, key.type)

    def recompute_cost(self, key: Key, T: Block, depth: int) -> int:
        """Op-weights to recompute ``key`` where ``T`` needs it (``_INF``: not
        recomputable), counting shared operands once.  An operand (``depth > 0``) that
        lives in a block strictly enclosing the value being decided costs at most
        ``_OUTER_COST``: it is materialised there (recomputed or taped) once per
        execution of that block, not once per use in the inner block."""
        if depth > 0 and id(key) in self._cost_seen:
            return 0  # a shared operand is recomputed once (memoised per scope)
        c = self._recompute_cost(key, T, depth)
        if c > _OUTER_COST and depth > 0 and isinstance(key, SSAValue) \
                and self.outer_ok(key, self.target_block(key, T)):
            c = _OUTER_COST
        if depth > 0 and c < _INF:
            self._cost_seen.add(id(key))
        return c

    def target_scope(self, key: Key, use: Block) -> tuple[Block, Scope | None]:
        """Where ``key`` would be materialised for ``use``, and that block's scope
        (``None``: none can be had there)."""
        T = self.target_block(key, use)
        try:
            return T, self.scope_for(T)
        except GradError:
            return T, None

    def _recompute_cost(self, key: Key, T: Block, depth: int) -> int:
        if self.available(key) is not None:
            return 0
        T2, S2 = self.target_scope(key, T)
        if S2 is None:
            return _INF
        if id(key) in S2.memo:
            return 0
        dec = self.plan.decisions.get((id(key), id(T2)))
        if dec == "tape" or (depth > 0 and self._hinting
                             and (id(key), id(T2)) in self.plan.hint):
            return 0
        if isinstance(key, BlockArgument):
            if S2.iv is not None and key.block is T2 and key.index == 0:
                return 0
            aff = self.affine_arg(key, S2)
            if aff is not None:
                loop, init, step, _ = aff
                outer = loop.parent_block()
                total = 2 + self.recompute_cost(init, outer, depth + 1)
                if step is not None and total <= self._limit:
                    total += 1 + self.recompute_cost(step, outer, depth + 1)
                return total if total <= self._limit else _INF
            return _INF
        if isinstance(key, Trip | CameFrom | PtrOffset | FwdShadow):
            return _INF
        if depth > 24:
            return _INF
        op = key.owner
        v = self.stored_value(key)
        if v is not None:
            return self.recompute_cost(v, T2, depth + 1)
        if op.regions:
            return _INF
        spec = lookup(op)
        if spec is None:
            return _INF
        if spec.kind in _PURE_KINDS:
            base = _op_weight(op_name(op))
            total = base
            for u in op.operands:
                total += self.recompute_cost(u, T2, depth + 1)
                if total > self._limit:
                    return _INF
            return total
        if spec.kind == OpKind.MEM_READ and op_name(op) == "memref.load":
            p = op.operands[spec.ptr or 0]
            if not self.load_rereadable(op, p):
                fw = self.facts.forwarding_store(op)
                if fw is None:
                    return _INF
                return 1 + self.forwarded_cost(fw, op.operands[1], T2, depth + 1)
            total = 2 + self.ptr_cost(p, T2, depth + 1)
            if self._gather_weight and any(_searched(u) for u in op.operands[1:]):
                total += self._gather_weight
            for u in op.operands[1:]:
                total += self.recompute_cost(u, T2, depth + 1)
            return total
        if spec.kind == OpKind.META and op_name(op) == "memref.dim":
            return 1 + self.ptr_cost(op.operands[0], T2, depth + 1) + self.recompute_cost(
                op.operands[1], T2, depth + 1)
        return _INF

    def load_rereadable(self, op: Operation, p: SSAValue) -> bool:
        """The memory ``op`` loads from holds the same value when the reverse sweep
        needs it: nothing writes it, or (inlined root) nothing after ``op`` does."""
        return self.facts.read_only(p) or (self.role == INLINE
                                           and self.facts.unchanged_after(op, p))

    def forwarded_cost(self, fw: tuple[Operation, Operation], j: SSAValue, T: Block,
                       depth: int) -> int:
        """Op-weights to recompute a load's value as the stored value ``%w`` of
        ``Facts.forwarding_store`` with ``%i := j``: ``%w``'s ops inside the storing
        loop (pure ops, and loads of memory that still holds their values) plus what
        its operands from outside that loop cost."""
        store, loop = fw
        iv = loop.regions[0].blocks[0].args[0]
        seen: set[int] = set()

        def cost(v: SSAValue, d: int) -> int:
            if v is iv:
                return self.recompute_cost(j, T, depth)
            if not _inside(def_block(v), loop):
                return self.recompute_cost(v, T, depth + 1)
            if id(v) in seen:
                return 0
            seen.add(id(v))
            if isinstance(v, BlockArgument) or d > 24:
                return _INF
            o = v.owner
            sp = lookup(o)
            if o.regions or sp is None:
                return _INF
            if sp.kind in _PURE_KINDS:
                total = _op_weight(op_name(o))
            elif sp.kind == OpKind.MEM_READ and op_name(o) == "memref.load":
                p = o.operands[sp.ptr or 0]
                if _inside(def_block(p), loop) or not self.load_rereadable(o, p):
                    return _INF
                total = 2 + self.ptr_cost(p, T, depth + 1)
                return total + sum(cost(u, d + 1) for u in o.operands[1:])
            else:
                return _INF
            for u in o.operands:
                total += cost(u, d + 1)
                if total > self._limit:
                    return _INF
            return total

        return cost(store.operands[0], 0)

    def recompute_forwarded(self, op: Operation, T: Block, S: Scope) -> SSAValue:
        """The value a load reads, rebuilt from the store that wrote it (see
        ``forwarded_cost``): the stored value's ops cloned with the storing loop's
        induction variable replaced by the load's index."""
        fw = self.facts.forwarding_store(op)
        assert fw is not None
        store, loop = fw
        iv = loop.regions[0].blocks[0].args[0]
        jv = self.materialize(op.operands[1], T)
        local: dict[int, SSAValue] = {}

        def val(v: SSAValue) -> SSAValue:
            if v is iv:
                return jv
            if not _inside(def_block(v), loop):
                if is_pointer(v.type):
                    p = self.materialize_ptr(v, T)
                    if p is None:
                        raise GradError(f"internal: pointer not recomputable in @{self.fname}")
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
            with self.b.in_pass("recompute"):
                self.b.emit(new, S.ip)
            r = new.results[list(o.results).index(v)]
            local[id(v)] = r
            return r

        return val(store.operands[0])

    def ptr_cost(self, p: SSAValue, T: Block, depth: int) -> int:
        if self.available(p) is not None:
            return 0
        if isinstance(p, BlockArgument) or depth > 24:
            return _INF
        spec = lookup(p.owner)  # type: ignore[arg-type]
        if spec is None or spec.kind != OpKind.MEM_VIEW or spec.ptr is None:
            return _INF
        op = p.owner
        total = 1 + self.ptr_cost(op.operands[spec.ptr], T, depth + 1)  # type: ignore[union-attr]
        for i, u in enumerate(op.operands):  # type: ignore[union-attr]
            if i != spec.ptr:
                total += self.recompute_cost(u, T, depth + 1)
        return total

    def recompute(self, key: Key, T: Block, S: Scope) -> SSAValue:
        op = key.owner
        if op_name(op) == "memref.load" and not self.load_rereadable(op, op.operands[0]):
            return self.recompute_forwarded(op, T, S)
        mapping: dict[SSAValue, SSAValue] = {}
        for u in op.operands:
            if is_pointer(u.type):
                p = self.materialize_ptr(u, T)
                if p is None:
                    raise GradError(f"internal: pointer not recomputable in @{self.fname}")
                mapping[u] = p
            else:
                mapping[u] = self.materialize(u, T)
        new = op.clone(value_mapper=dict(mapping))
        carry_location(new, op)
        with self.b.in_pass("recompute"):
            self.b.emit(new, S.ip)
        return new.results[list(op.results).index(key)]

    def affine_arg(self, a: BlockArgument, S: Scope
                   ) -> tuple[scf.ForOp, SSAValue, SSAValue | None, bool] | None:
        """``(loop, init, step, negate)`` when ``a`` is an integer ``iter_arg`` of an
        ``scf.for`` whose body yields ``a``, ``a + c``, ``c + a`` or ``a - c`` with ``c``
        defined outside the loop: its value in iteration ``k`` is ``init + k * c`` (or
        ``- k * c``, or ``init``), exact in wrapping arithmetic, so the reverse sweep
        recomputes it from the iteration number instead of taping it (e.g. the running
        offset of a triangular loop nest)."""
        loop = a.block.parent_op()
        if not isinstance(loop, scf.ForOp) or a.index == 0 or S.k is None \
                or S.block is not a.block or not isinstance(a.type, IntegerType | IndexType):
            return None
        if not (a.type == S.k.type or isinstance(S.k.type, IndexType)):
            return None
        y = a.block.last_op
        if y is None or op_name(y) != "scf.yield":
            return None
        init = loop.iter_args[a.index - 1]
        v = y.operands[a.index - 1]
        if v is a:
            return loop, init, None, False
        if not isinstance(v, SSAValue) or not isinstance(v.owner, Operation):
            return None
        op = v.owner
        if isinstance(op, arith.AddiOp):
            c = op.rhs if op.lhs is a else op.lhs if op.rhs is a else None
            neg = False
        elif isinstance(op, arith.SubiOp) and op.lhs is a:
            c, neg = op.rhs, True
        else:
            return None
        if c is None or c is a or _inside(def_block(c), loop):
            return None
        return loop, init, c, neg

    def recompute_affine(self, a: BlockArgument, S: Scope) -> SSAValue:
        aff = self.affine_arg(a, S)
        assert aff is not None and S.k is not None
        loop, init, step, neg = aff
        outer = loop.parent_block()
        assert outer is not None
        x0 = self.materialize(init, outer)
        if step is None:
            return x0
        c = self.materialize(step, outer)
        with self.b.at(S.ip), self.b.in_pass("recompute"):
            k = S.k
            if k.type != a.type:
                k = self.b.v(arith.IndexCastOp(k, a.type))
            kc = self.ibin(arith.MuliOp, k, c)
            return self.ibin(arith.SubiOp if neg else arith.AddiOp, x0, kc)

    def outer_ok(self, key: SSAValue, T: Block) -> bool:
        """Whether ``key`` (defined in ``T``, needed to recompute a value of a block
        nested inside ``T``) can be materialised at ``T`` whatever it costs there:
        recomputed, or taped (a static tape, or a stack outside parallel loops), once
        per execution of ``T`` instead of once per execution of the inner block."""
        root = self._cost_root
        if root is None or root is T or not _inside(root, T.parent_op()):
            return False
        if def_block(key) is not T or T.parent_op() is self.f:
            return False
        if not isinstance(key.type, AnyFloat | IntegerType | IndexType):
            return False
        if self.static_for(key, T) is not None:
            return True
        return self.enclosing_parallel(T) is None

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
        with self.b.in_pass("recompute"):
            self.b.emit(new, S.ip)
        S.ptrs[id(p)] = new.results[0]
        return new.results[0]

    def tape_read(self, key: Key, T: Block, S: Scope) -> SSAValue:
        if self.mode == "plan":
            with self.b.at(S.ip):
                return self.b.zero(key.type)
        st = self.plan.static.get((id(key), id(T)))
        if st is None:
            raise GradError(f"internal: stack-taped value {key} not popped in @{self.fname}")
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
                with self.b.at(ls.ip):
                    k = self.b.v(arith.IndexCastOp(k, INDEX))
            idx.append(k)
        assert st.mem is not None
        with self.b.at(S.ip), self.b.in_pass("tape"):
            return self.b.load(st.mem, idx or [self.c(0)])

    # ============================================================== shadows
    def shadow(self, p: SSAValue, use: Block) -> SSAValue | None:
        """The shadow of buffer ``p`` (None if ``p`` has no shadow)."""
        if not self.facts.has_shadow(p):
            return None
        if id(p) in self.arg_shadow:
            return self.arg_shadow[id(p)]
        T = self.target_block(p, use)
        db = def_block(p)
        spec = lookup(p.owner) if isinstance(p.owner, Operation) else None
        is_alloc = spec is not None and spec.kind == OpKind.MEM_ALLOC
        if (not is_alloc and isinstance(p.owner, Operation) and op_name(p.owner) == "llvm.call"
                and call_target(p.owner) in ALLOCATORS and self.callee_of(p.owner) is None):
            is_alloc = True
        if is_alloc and self.fwd_shadowed(p):
            S = self.scope_for(T)
            got = S.shadows.get(id(p))
            if got is None:
                a = self.materialize(self.d.fwd_shadow(p), T)
                with self.b.at(S.ip):
                    got = S.shadows[id(p)] = self.b.v(llvm.IntToPtrOp(a))
            return got
        if self.multi and is_alloc and (T is not db or (db is self.entry
                                                        and self.fscope is not None)):
            # a buffer of one block used in another: its shadow must outlive both
            # mirrors; buffers of the entry block (made once) get one for the whole call
            if db is not self.entry or self.fscope is None:
                src = p.owner if isinstance(p.owner, Operation) else None
                raise self.err(src, "cannot differentiate: an active buffer made in a "
                                    "loop of blocks is used in another block")
            S = self.fscope
            T = db
        else:
            S = self.scope_for(T)
        got = S.shadows.get(id(p))
        if got is not None:
            return got
        if id(p) in self._making:  # (it recursed until Python's limit: a helper's test)
            raise self.err(p.owner if isinstance(p.owner, Operation) else p.block.first_op,
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
        if S is self.fscope:
            self.scopes.append(S)  # its sizes/offsets are recomputed at function entry
            try:
                sh = self._make_shadow(p, T, S)
            finally:
                self.scopes.remove(S)
        else:
            sh = self._make_shadow(p, T, S)
        S.shadows[id(p)] = sh
        return sh

    def _make_shadow(self, p: SSAValue, T: Block, S: Scope) -> SSAValue:
        if isinstance(p, BlockArgument):
            po = p.block.parent_op()
            if isinstance(po, scf.ForOp) and p.index >= 1:
                return self._iter_arg_shadow(po, p.index - 1, T, S, p)
            if po is self.f and self.cfg is not None and p.block in self.cfg.ptr_joins:
                return self._join_shadow(p, T, S)
            raise self.err(po, "cannot differentiate: an active buffer flows through a "
                               "block argument")
        op = p.owner
        assert isinstance(op, Operation)
        name = op_name(op)
        spec = lookup(op)
        if is_llvm_ptr(p.type) and ((spec is not None and spec.kind == OpKind.MEM_ALLOC)
                                    or call_target(op) in ALLOCATORS):
            return self.mem.alloc_shadow(op, T, S)
        if spec is not None and spec.kind == OpKind.MEM_ALLOC and isinstance(p.type, MemRefType):
            sizes = [self.materialize(u, T) for u in op.operands]
            on_stack = stack_shadow(op)
            with self.b.at(S.ip), self.b.in_pass("adjoint"):
                t = p.type
                sh = (self.b.v(memref.AllocaOp.get(t.element_type, shape=t.get_shape(),
                                                   layout=t.layout,
                                                   memory_space=t.memory_space))
                      if on_stack else self.b.alloc(t, sizes))
                carry_location(sh.owner, op)  # type: ignore[arg-type]
                self.b.fill(sh, self.zero(p.type.element_type))
            if not on_stack:
                S.deallocs.append(sh)
            return sh
        if spec is not None and spec.kind == OpKind.MEM_VIEW and spec.ptr is not None:
            src = self.shadow(op.operands[spec.ptr], T)
            if src is None:
                raise self.err(op, "internal: view of a buffer without shadow")
            mapping = {u: (src if i == spec.ptr else self.materialize(u, T))
                       for i, u in enumerate(op.operands)}
            new = op.clone(value_mapper=dict(mapping))
            carry_location(new, op)
            self.b.emit(new, S.ip)
            return new.results[0]
        if isinstance(op, scf.IfOp):
            j = list(op.results).index(p)
            ys = []
            for region in (op.true_region, op.false_region):
                y = region.blocks[0].last_op
                u = y.operands[j]  # type: ignore[union-attr]
                if self.target_block(u, region.blocks[0]) is not self.target_block(u, T):
                    raise self.err(op, "cannot differentiate: an active buffer created "
                                       "inside a branch escapes it")
                ys.append(self.shadow_or_zero(u, T, S))
            cond = self.materialize(op.cond, T)
            with self.b.at(S.ip):
                return self.b.v(arith.SelectOp(cond, ys[0], ys[1]))
        if name in ("arith.select", "llvm.select"):
            cond = self.materialize(op.operands[0], T)
            a, b = (self.shadow_or_zero(u, T, S) for u in op.operands[1:3])
            with self.b.at(S.ip):
                return self.b.v(arith.SelectOp(cond, a, b))
        if name == "llvm.load" and is_llvm_ptr(p.type):
            v = self.mem.forwarded(op.operands[0])
            if v is not None:
                return self.shadow_or_zero(v, T, S)
        if name == "llvm.mlir.addressof":
            return self.mem.addressof_shadow(op, S)
        if _no_pointer(p) and is_llvm_ptr(p.type):
            # no buffer: nothing may read or write through it or its shadow
            new = op.clone()
            self.b.emit(new, S.ip)
            return new.results[0]
        if name == "memref.get_global":
            sym = global_ref(op)
            assert sym is not None
            with self.b.at(S.ip):
                return self.b.v(memref.GetGlobalOp(self.d.shadow_global(sym, p.type), p.type))
        if name == "func.call" and self.callee_of(op) is not None:
            j = list(op.results).index(p)
            i = self.returned_param(op, j)
            if i is not None:
                return self.shadow_or_zero(op.operands[i], T, S)
            t = call_target(op)
            assert t is not None
            if any(jj == j for jj, _ in self.d.rev_signature(t).result_shadows):
                # a buffer the callee allocates and returns: like an allocation here
                with self.b.at(S.ip), self.b.in_pass("adjoint"):
                    sh = self.dummy_shadow(p.type, None, op)
                S.deallocs.append(sh)
                return sh
            raise self.err(op, "cannot differentiate: a callee returns an active buffer "
                               "it did not receive as an argument")
        if isinstance(op, scf.ForOp):
            j = list(op.results).index(p)
            return self._iter_arg_shadow(op, j, T, S, None)
        raise self.err(op, f"cannot differentiate: no shadow for an active buffer made by "
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
                raise self.err(loop, "internal: loop-carried buffer without shadow")
            return sh_init
        if self.target_block(y, body) is body or def_block(y) is body:
            raise self.err(loop, "cannot differentiate: an active buffer created inside a "
                                 "loop is carried to the next iteration")
        PS = self.scope_for(self.target_block(y, loop.parent_block()))  # type: ignore[arg-type]
        sh_y = self.shadow_or_zero(y, loop.parent_block(), PS)  # type: ignore[arg-type]
        if sh_init is None:
            sh_init = self.shadow_or_zero(init, loop.parent_block(), PS)  # type: ignore[arg-type]
        with self.b.at(S.ip):
            if arg is not None:
                first = self.b.v(arith.CmpiOp(S.k, self.zero(S.k.type), "eq"))  # type: ignore[arg-type]
            else:
                lb, ub, step = (self.materialize(x, T) for x in loop.operands[:3])
                tc = self.trip_count(lb, ub, step)
                first = self.b.v(arith.CmpiOp(tc, self.zero(tc.type), "eq"))
            return self.b.v(arith.SelectOp(first, sh_init, sh_y))

    def _join_shadow(self, p: BlockArgument, T: Block, S: Scope) -> SSAValue:
        """Shadow of a buffer block argument: the shadow of what the edge control came
        by passed (the forward sweep records the edge)."""
        cfg = self.cfg
        assert cfg is not None
        roots = self.carried_roots(p)
        if roots is not None:
            return self._carried_shadow(p, roots, T, S)
        eid = self.materialize(self.d.came(p.block), T)
        cands: list[tuple[int, SSAValue]] = []
        for P, k in cfg.incoming[p.block]:
            fwd = successor_operands(P.last_op)  # type: ignore[arg-type]
            assert fwd is not None
            cands.append((cfg.edge_id[(P, k)], self.shadow_or_zero(fwd[k][p.index], T, S)))
        with self.b.at(S.ip):
            sh = cands[0][1]
            for tid, c in cands[1:]:
                same = self.b.v(arith.CmpiOp(eid, self.c(tid), "eq"))
                sh = self.b.v(arith.SelectOp(same, c, sh))
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
        cfg = self.cfg
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
            raise self.err(back[0].last_op,
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
                if v.block is not self.entry:
                    return None
                out.append(v)
                continue
            op = v.owner
            name = op_name(op)
            if name == "llvm.getelementptr":
                todo.append(op.operands[0])
            elif name in ("llvm.select", "arith.select"):
                todo += [op.operands[1], op.operands[2]]
            elif op.parent_block() is self.entry or _no_pointer(v):
                out.append(v)
            else:
                return None
        return out

    def fwd_ptr_offsets(self, B: Block) -> None:
        """The forward sweep of block ``B``: the ``PtrOffset`` of each of its pointer
        arguments carried round a loop (see :meth:`carried_roots`)."""
        if self.cfg is None or B not in self.cfg.ptr_joins:
            return
        i64 = IntegerType(64)
        for a in B.args:
            if not is_llvm_ptr(a.type) or not self.facts.has_shadow(a):
                continue
            roots = self.carried_roots(a)
            if roots is None:
                continue
            addr = self.b.v(llvm.PtrToIntOp(self.fv(a), i64))
            offs = [(eid, self.b.v(arith.SubiOp(addr, self.b.v(llvm.PtrToIntOp(
                self.fv(r), i64))))) for eid, r in roots]
            off = offs[0][1]
            if len(offs) > 1:
                came = self.fval(self.d.came(B))
                for eid, o in offs[1:]:
                    same = self.b.v(arith.CmpiOp(came, self.c(eid), "eq"))
                    off = self.b.v(arith.SelectOp(same, o, off))
            self.fmap[id(self.d.ptr_offset(a))] = off

    def _carried_shadow(self, p: BlockArgument, roots: list[tuple[int | None, SSAValue]],
                        T: Block, S: Scope) -> SSAValue:
        off = self.materialize(self.d.ptr_offset(p), T)
        eid = self.materialize(self.d.came(p.block), T) if len(roots) > 1 else None
        shs = [(e, self.shadow_or_zero(r, T, S)) for e, r in roots]
        with self.b.at(S.ip):
            sh = None
            for e, base in shs:
                g = self.b.v(llvm.GEPOp(base, [llvm.GEP_USE_SSA_VAL], IntegerType(8),
                                        ssa_indices=[off]))
                if sh is None:
                    sh = g
                else:
                    assert eid is not None
                    same = self.b.v(arith.CmpiOp(eid, self.c(e), "eq"))
                    sh = self.b.v(arith.SelectOp(same, g, sh))
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
            self.b.emit(new, S.ip)
            return new.results[0]
        with self.b.at(S.ip), self.b.in_pass("adjoint"):
            z = self.dummy_shadow(u.type, self.materialize_ptr(u, use), self._place(u, use))
        S.deallocs.append(z)
        return z

    def returned_param(self, call: Operation, j: int) -> int | None:
        """The parameter a callee returns unchanged as its result ``j``, if any."""
        g = self.callee_of(call)
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
            self.mem.free(m)
        else:
            self.b.emit(memref.DeallocOp.get(m))

    def dummy_shadow(self, t: Attribute, primal: SSAValue | None,
                     at: Operation | None = None) -> SSAValue:
        """A zero shadow of type ``t``; ``at``: the op the error names if none can be
        made (an ``!llvm.ptr`` carries no size)."""
        if is_llvm_ptr(t):
            raise self.err(at, "cannot differentiate: an inactive !llvm.ptr flows into an "
                               "active one (no zero shadow of unknown size)")
        assert isinstance(t, MemRefType)
        if primal is not None:
            sizes = [self.b.dim(primal, i) for i, s in enumerate(t.get_shape())
                     if s == DYNAMIC_INDEX]
        elif any(s == DYNAMIC_INDEX for s in t.get_shape()):
            raise self.err(at, "cannot make a zero shadow of unknown shape")
        else:
            sizes = []
        sh = self.b.alloc(MemRefType(t.element_type, t.get_shape()), sizes)
        self.b.fill(sh, self.zero(t.element_type))
        return sh

    # ============================================================== reverse sweep: ops
    def rev_ops(self, block: Block) -> None:
        for op in reversed(_body_ops(block)):
            if self.slots:
                for r in op.results:
                    self.take_slot(r)
            if self.needs_rev(op):
                self.rev_op(op)
            elif op.results and self.fwd_shadowed(op.results[0]):
                # the last mirror of this allocation's uses: its shadow goes
                sh = self.materialize(self.d.fwd_shadow(op.results[0]), block)
                S = self.scope_for(self.target_block(op.results[0], block))
                with self.b.at(S.ip), self.b.in_pass("adjoint"):
                    self.mem.free(self.b.v(llvm.IntToPtrOp(sh)))

    def fwd_shadowed(self, p: SSAValue) -> bool:
        """``p`` is a ``malloc`` (or ``new``) of a block of a loop of blocks, not the
        entry, with a shadow: the forward sweep allocates that (``FwdShadow``)."""
        op = p.owner
        if not (self.multi and isinstance(op, Operation) and op_name(op) == "llvm.call"
                and call_target(op) in ("malloc", "_Znwm", "_Znam", "calloc")
                and self.callee_of(op) is None):
            return False
        blk = op.parent_block()
        return (blk is not None and blk is not self.entry and blk.parent_op() is self.f
                and self.facts.has_shadow(p))

    def fwd_alloc_shadows(self, B: Block) -> None:
        """The forward sweep of block ``B``: a zeroed shadow for each of its ``malloc``s
        that :meth:`fwd_shadowed` names, its address the ``FwdShadow`` key."""
        if not self.multi or B is self.entry:
            return
        for op in B.ops:
            if not op.results or not self.fwd_shadowed(op.results[0]):
                continue
            sizes = [self.fv(u) for u in op.operands]
            with self.b.in_pass("adjoint"):
                new = op.clone(value_mapper=dict(zip(op.operands, sizes, strict=True)))
                self.b.emit(new)
                sh = new.results[0]
                if call_target(op) != "calloc":
                    self.mem.memset0(sh, self.mem.i64(sizes[0]))
                self.fmap[id(self.d.fwd_shadow(op.results[0]))] = self.b.v(
                    llvm.PtrToIntOp(sh, IntegerType(64)))

    def rev_op(self, op: Operation) -> None:
        name = op_name(op)
        if name == "scf.for":
            return self.rev_for(op)
        if name == "scf.if":
            return self.rev_if(op)
        if name == "scf.while":
            return self.rev_while(op)
        if name == "scf.parallel":
            return self.rev_parallel(op)
        if name in ("func.call", "llvm.call"):
            spec = self.alias_spec(op)
            if spec is not None and spec.kind == OpKind.MEM_COPY:
                return self.rev_copy(op, spec)
            if spec is not None and spec.kind == OpKind.MEM_SET:
                return self.mem.rev_set(op, spec)
            if spec is not None:
                return self.rev_scalar(op, spec)
            return self.rev_call(op)
        spec = lookup(op)
        if spec is None:
            raise self.err(op, f"cannot differentiate '{name}': not in the op table")
        if spec.kind in (OpKind.FLOAT, OpKind.CAST, OpKind.SELECT):
            return self.rev_scalar(op, spec)
        if spec.kind == OpKind.MEM_READ:
            return self.rev_load(op, spec)
        if spec.kind == OpKind.MEM_WRITE:
            return self.rev_store(op, spec)
        if spec.kind == OpKind.MEM_COPY:
            return self.rev_copy(op, spec)
        if spec.kind == OpKind.MEM_SET:
            return self.mem.rev_set(op, spec)
        raise self.err(op, f"cannot differentiate '{name}'")

    def rev_scalar(self, op: Operation, spec: OpSpec) -> None:
        r = op.results[0]
        ybar = self.adj_take(r)
        if ybar is None or spec.partials is None:
            return
        if is_aggregate(r.type) or any(self.agg_active(u) for u in op.operands):
            raise self.err(op, f"cannot differentiate '{op_name(op)}': aggregate (struct, "
                               "array) adjoints are not supported")
        diff = list(spec.diff_operands(op))
        targets = [(pos, i) for pos, i in enumerate(diff)
                   if i < len(op.operands) and self.facts.has_adjoint(op.operands[i])]
        if not targets:
            return
        use = op.parent_block()
        assert use is not None
        # with result_partials, position 0 is the result: the reverse sweep reads the
        # value the forward sweep computed instead of computing f(a) again
        rule, ins = spec.partials, list(op.operands)
        if spec.result_partials is not None and self.result_form(op, spec, targets, use):
            rule, ins = spec.result_partials, [r, *op.operands]
        elif spec.sibling_partials is not None:
            sib = self.sibling(op, spec, use)
            if sib is not None:
                rule, ins = spec.sibling_partials[1], [sib, *op.operands]
        deps = operand_deps(rule, len(ins))
        need: set[int] = set()
        for pos, _ in targets:
            need |= deps[pos]
        vals = {j: self.materialize(ins[j], use) for j in sorted(need)}
        with self.b.in_pass("adjoint"):
            N = IRBackend(self.b.emit, ybar.type)
            args = [N.wrap(vals[j]) if j in vals else DEAD for j in range(len(ins))]
            # Partials are computed in the operands' float type; the adjoint in ybar's.
            ps = rule(N, *args)
            yb = N.wrap(ybar)
            guard = self.d.strong_zero or r in self.d.guarded  # (a masked zero may come)
            is_zero = None
            for pos, i in targets:
                p = ps[pos]
                if hasattr(p, "value") and p.value.type != ybar.type:
                    p = N.wrap(self.convert(p.value, ybar.type))
                prod = self.contracted(N.scale(p, yb), yb)
                if (guard and isinstance(prod, IRNum)  # 0 * (inf or NaN) would be NaN
                        and isinstance(prod.value.owner, arith.MulfOp)):
                    if is_zero is None:
                        is_zero = N.eq(yb, 0.0)
                    prod = N.select(is_zero, 0.0, prod)
                c = materialize(prod, N, ybar.type)
                self.adj_add(op.operands[i], c)

    def result_form(self, op: Operation, spec: OpSpec, targets: list[tuple[int, int]],
                    use: Block) -> bool:
        """Whether the adjoint of ``op`` uses ``spec.result_partials`` (reading ``y``)
        rather than ``spec.partials`` (reading the operands), decided in the planning run
        and kept in the plan.  ``y`` is preferred unless it would need a tape of its
        own while the operands need none: then reading ``y`` would add a tape (or, in a
        parallel loop without a static tape, be impossible) to save one ``f(a)``, as for
        a call to libm's ``exp``, whose result is never recomputable."""
        key = id(op)
        if self.mode != "plan":
            return self.plan.result_form.get(key, False)
        n = len(op.operands)
        rdeps = operand_deps(spec.result_partials, n + 1)  # type: ignore[arg-type]
        odeps = operand_deps(spec.partials, n)  # type: ignore[arg-type]
        rneed: set[int] = set()
        oneed: set[int] = set()
        for pos, _ in targets:
            rneed |= rdeps[pos]
            oneed |= odeps[pos]
        ins = [op.results[0], *op.operands]
        y_cls = max((self.cost_class(ins[j], use) for j in rneed), default=0)
        a_cls = max((self.cost_class(op.operands[j], use) for j in oneed), default=0)
        # (where ``use`` runs once per call, a tape of ``y`` is one slot: cheaper than f(a))
        choice = not (y_cls == 2 and a_cls < 2) or self.once(use)
        self.plan.result_form[key] = choice
        return choice

    def sibling(self, op: Operation, spec: OpSpec, use: Block) -> SSAValue | None:
        """The result of an op of ``spec.sibling_partials``'s names on ``op``'s very
        operands (and fast-math flags), executed whenever ``op`` is (in its block or one
        enclosing it), whose value the adjoint of ``op`` then reads instead of computing
        its partial -- where reading it costs no more than the call it saves (decided in
        the planning run and kept in the plan): ``cos a`` taped or recomputed beside
        ``sin a`` saves the call of ``cos`` that ``sin``'s partial would make."""
        key = id(op)
        if self.mode != "plan":
            return self.plan.sibling.get(key)
        assert spec.sibling_partials is not None
        names = spec.sibling_partials[0]
        found: SSAValue | None = None
        for u in (op.operands[0].uses if op.operands else ()):
            o = u.operation
            if (o is op or op_name(o) not in names or len(o.results) != 1
                    or list(o.operands) != list(op.operands)
                    or o.results[0].type != op.results[0].type
                    or dict(o.properties) != dict(op.properties)  # (fast-math flags)
                    or not _encloses(o.parent_block(), use)):  # type: ignore[arg-type]
                continue
            s = o.results[0]
            # read it where that costs no more than the call it saves: already there,
            # recomputable, or taped in one stack slot (a block that runs once per
            # call) -- not a tape per iteration of a loop, nor one a parallel loop
            # cannot have, where the operand needed none
            if self.cost_class(s, use) <= 1 or self.once(self.target_block(s, use)):
                found = s
                break
        self.plan.sibling[key] = found
        return found

    def cost_class(self, key: Key, use: Block) -> int:
        """0: already materialised or decided (free to read again), 1: recomputable
        within the limit, 2: would need a tape (or is impossible) -- without deciding."""
        if self.available(key) is not None:
            return 0
        v = self.stored_value(key)  # as materialize() follows it
        if v is not None:
            return self.cost_class(v, use)
        T, S = self.target_scope(key, use)
        if S is None:
            return 2
        if id(key) in S.memo or (id(key), id(T)) in self.plan.decisions:
            return 0
        saved = (self._cost_root, self._cost_seen, self._limit, self._hinting,
                 self._gather_weight)
        self.begin_costing(T, key)
        try:
            return 1 if self.recompute_cost(key, T, 0) <= self._limit else 2
        finally:
            (self._cost_root, self._cost_seen, self._limit, self._hinting,
             self._gather_weight) = saved

    # Shadows have the primal's type: a buffer of integers that carry float bits
    # (bitcasts through memory) keeps its adjoints as the bits of floats of its width.
    def sh_load(self, sh: SSAValue, idx: list[SSAValue]) -> SSAValue:
        x = self.b.load(sh, idx)
        if isinstance(x.type, IntegerType):
            x = self.b.v(arith.BitcastOp(x, float_of_width(x.type.width.data)))
        return x

    def sh_store(self, x: SSAValue, sh: SSAValue, idx: list[SSAValue]) -> None:
        et = sh.type.element_type  # type: ignore[attr-defined]
        if isinstance(et, IntegerType):
            x = self.b.v(arith.BitcastOp(self.convert(x, float_of_width(et.width.data)), et))
        else:
            x = self.convert(x, et)
        self.b.store(x, sh, idx)

    def rev_load(self, op: Operation, spec: OpSpec) -> None:
        ybar = self.adj_take(op.results[0])
        if ybar is None:
            return
        use = op.parent_block()
        assert use is not None
        sh = self.shadow(op.operands[spec.ptr or 0], use)
        if sh is None:
            return
        if is_llvm_ptr(sh.type):
            return self.mem.rev_load(op, sh, ybar)
        idx = [self.materialize(u, use) for u in op.operands[1:]]
        if self.par_update(op.operands[spec.ptr or 0]):
            with self.b.in_pass("adjoint"):
                self.atomic_add(ybar, sh, idx)
            return
        with self.b.in_pass("adjoint"):
            old = self.sh_load(sh, idx)
            self.sh_store(self.b.v(arith.AddfOp(old, self.convert(ybar, old.type),
                                                flags=self.shadow_flags())), sh, idx)

    def rev_store(self, op: Operation, spec: OpSpec) -> None:
        use = op.parent_block()
        assert use is not None
        sh = self.shadow(op.operands[spec.ptr or 0], use)
        if sh is None:
            return
        v = op.operands[spec.value or 0]
        if is_llvm_ptr(sh.type):
            return self.mem.rev_store(op, sh, v)
        idx = [self.materialize(u, use) for u in op.operands[2:]]
        if spec.extra.get("rmw"):
            return self.rev_rmw(op, sh, v, idx)
        if self.par_update(op.operands[spec.ptr or 0]):
            with self.b.in_pass("adjoint"):
                et = sh.type.element_type  # type: ignore[attr-defined]
                if not isinstance(et, AnyFloat):
                    raise self.err(op, "cannot differentiate 'memref.store' inside "
                                       "'scf.parallel': a shadow of integer bits")
                old = self.atomic("assign", self.zero(et), sh, idx)
                if self.facts.has_adjoint(v):
                    self.adj_add(v, old)
            return
        with self.b.in_pass("adjoint"):
            et = sh.type.element_type  # type: ignore[attr-defined]
            if self.facts.has_adjoint(v):
                self.adj_add(v, self.sh_load(sh, idx))
            self.b.store(self.zero(et), sh, idx)

    def rev_rmw(self, op: Operation, sh: SSAValue, v: SSAValue, idx: list[SSAValue]) -> None:
        """The reverse of a user's ``memref.atomic_rmw`` (``old = m[i]; m[i] = old (kind)
        v``).  A float kind is the op-table op ``RMW_TABLE_OP[kind]`` on ``(old, v)``:
        ``g = m'[i]``, then ``v' += g * d/dv`` and ``m'[i] = g * d/dold`` by its
        partials (``addf``: ``m'[i]`` stays, ``v'`` gets it; ``maximumf``: whichever
        was picked; ``mulf``: the other factor); ``assign`` is a store; integer kinds
        carry no derivative.  Then the result's adjoint is added to ``m'[i]``, as for a
        load.  It was reversed as a store whatever its kind, which cleared ``m'[i]``: a
        silent zero for what ``m[i]`` held before an ``addf``, and the result's adjoint
        dropped."""
        kind = RMW_KINDS[op.properties["kind"].value.data]  # type: ignore[attr-defined]
        ptr = op.operands[1]
        old = op.results[0]
        obar = self.adj_take(old)
        if kind != "assign" and kind not in _FLOAT_RMW:
            return  # (integer kinds: no derivative through them)
        use = op.parent_block()
        assert use is not None
        spec = lookup(RMW_TABLE_OP[kind]) if kind != "assign" else None
        rule = spec.partials if spec is not None else None
        if spec is not None and rule is None:
            raise self.err(op, f"cannot differentiate 'memref.atomic_rmw' {kind}: its op "
                               "has no partials")
        par = (kind != "addf" or obar is not None) and self.par_update(ptr)
        if par and kind not in ("addf", "assign"):
            raise self.err(op, f"cannot differentiate 'memref.atomic_rmw' {kind} inside "
                               "'scf.parallel'")
        need: set[int] = set()
        if rule is not None:
            deps = operand_deps(rule, 2)
            need = deps[0] | (deps[1] if self.facts.has_adjoint(v) else set())
        vals = {j: self.materialize((old, v)[j], use) for j in sorted(need)}
        with self.b.in_pass("adjoint"):
            et = sh.type.element_type  # type: ignore[attr-defined]
            if kind == "assign":
                got = (self.atomic("assign", self.zero(et), sh, idx) if par else
                       self.sh_load(sh, idx))
                if not par:
                    self.b.store(self.zero(et), sh, idx)
                if self.facts.has_adjoint(v):
                    self.adj_add(v, got)
            else:
                assert rule is not None
                g = self.sh_load(sh, idx)
                N = IRBackend(self.b.emit, g.type)
                ps = rule(N, *[N.wrap(vals[j]) if j in vals else DEAD for j in range(2)])
                gw = N.wrap(g)
                if self.facts.has_adjoint(v):
                    c = materialize(self.contracted(N.scale(ps[1], gw), gw), N, g.type)
                    if c is not None:
                        self.adj_add(v, c)
                if kind != "addf":  # (addf's d/dold is 1: m'[i] stays)
                    keep = materialize(N.scale(ps[0], gw), N, g.type)
                    self.b.store(keep if keep is not None else self.zero(et), sh, idx)
        if obar is not None:
            with self.b.in_pass("adjoint"):
                if par:
                    self.atomic_add(obar, sh, idx)
                else:
                    cur = self.sh_load(sh, idx)
                    self.sh_store(self.b.v(arith.AddfOp(cur, self.convert(obar, cur.type),
                                                        flags=self.shadow_flags())), sh, idx)

    def rev_copy(self, op: Operation, spec: OpSpec) -> None:
        use = op.parent_block()
        assert use is not None
        dst = self.shadow(op.operands[spec.dst or 0], use)
        if dst is None:
            return
        src = self.shadow(op.operands[spec.src or 0], use)
        if is_llvm_ptr(dst.type):
            return self.mem.rev_copy(op, dst, src)
        with self.b.in_pass("adjoint"):
            et = dst.type.element_type  # type: ignore[attr-defined]
            z = self.zero(et)

            def body(idx: list[SSAValue]) -> None:
                # read and clear dst' first: right also when src and dst alias
                d = self.sh_load(dst, idx)
                self.b.store(z, dst, idx)
                if src is not None:
                    sv = self.sh_load(src, idx)
                    self.sh_store(self.b.v(arith.AddfOp(sv, self.convert(d, sv.type),
                                                        flags=self.shadow_flags())), src, idx)

            self.b.nest(self.b.dims(dst), body)

    def rev_for(self, op: Operation) -> None:
        assert isinstance(op, scf.ForOp)
        use = op.parent_block()
        assert use is not None
        body = op.body.blocks[0]
        y = body.last_op
        assert y is not None
        lb, ub, step = (self.materialize(x, use) for x in op.operands[:3])
        facts = self.facts
        nres = len(op.results)
        carried = [j for j in range(nres)
                   if facts.has_adjoint(body.args[1 + j]) or facts.has_adjoint(op.results[j])
                   or facts.has_adjoint(y.operands[j])]
        carried = [j for j in carried if facts.adj_type(op.results[j]) is not None]
        fvs = self.free_vars(op)
        with self.b.in_pass("adjoint"):
            tc = self.trip_count(lb, ub, step)
            inits = []
            for j in carried:
                x = self.adj_take(op.results[j])
                inits.append(x if x is not None else self.zero(facts.adj_type(op.results[j])))
            inits += [self.adj_or_zero(v) for v in fvs]
            it = tc.type
            nc = len(carried)

            def fn(i: SSAValue, args: list[SSAValue]) -> list[SSAValue]:
                last = self.ibin(arith.SubiOp, tc, self.const(1, it))
                k = self.ibin(arith.SubiOp, last, i)
                iv = self.ibin(arith.AddiOp, lb, self.ibin(arith.MuliOp, k, step))
                self.enter_scope(body, k=k, iv=iv, loop=op)
                for v, a in zip(fvs, args[nc:], strict=True):
                    self.adj_set(v, a)
                for j, a in zip(carried, args[:nc], strict=True):
                    self.adj_add(y.operands[j], a)
                self.rev_ops(body)
                outs = []
                for j in carried:
                    x = self.adj_take(body.args[1 + j])
                    outs.append(x if x is not None
                                else self.zero(facts.adj_type(op.results[j])))
                outs += [self.adj_or_zero(v) for v in fvs]
                self.exit_scope()
                return outs

            loop = self.b.for_loop(self.const(0, it), tc, self.const(1, it), inits, fn)
            for idx, v in enumerate(fvs):
                self.adj_set(v, loop.results[nc + idx])
            for idx, j in enumerate(carried):
                self.adj_add(op.iter_args[j], loop.results[idx])

    def rev_parallel(self, op: Operation) -> None:
        """An ``scf.parallel`` over the same bounds, each iteration the reverse of one
        primal iteration (values recomputed from its induction variables or read from
        static tapes at its iteration numbers); the adjoint of an ``addf`` reduction's
        result is broadcast to every iteration's contribution and to the init value;
        adjoints of outer scalars are summed by ``scf.reduce`` reductions of the new loop
        (added to their adjoints after it), not atomically."""
        assert isinstance(op, scf.ParallelOp)
        self.check_parallel(op)
        use = op.parent_block()
        assert use is not None
        body = op.body.blocks[0]
        term = body.last_op
        assert isinstance(term, scf.ReduceOp)
        lbs = [self.materialize(x, use) for x in op.lowerBound]
        ubs = [self.materialize(x, use) for x in op.upperBound]
        steps = [self.materialize(x, use) for x in op.step]
        fvs = self.free_vars(op)
        safe = self.parallel_safe(op)
        rbars: dict[int, SSAValue] = {}
        for j in self.reductions(op):
            x = self.adj_take(op.results[j])
            if x is not None:
                rbars[j] = x
        taped = self.mode == "emit" and any(
            L is op for st in self.plan.static.values() for L in st.loops)
        with self.b.in_pass("adjoint"):
            outer: list[SSAValue | None] = []  # the adjoints from after the loop
            for v in fvs:
                t = self.adj_type(v)
                if not isinstance(t, AnyFloat):
                    raise self.err(op, "cannot differentiate 'scf.parallel': an adjoint of "
                                       f"type {t} flows out of its body")
                outer.append(self.adj_take(v))
            nb = Block(arg_types=[a.type for a in body.args])
            sums: list[tuple[SSAValue, SSAValue]] = []  # (outer value, its contribution)
            with self.b.at(IP(nb)):
                S = self.enter_scope(body, loop=op)
                for a, na in zip(body.args, nb.args, strict=True):
                    S.memo[id(a)] = na
                if taped:
                    with self.b.at(S.ip), self.b.in_pass("tape"):
                        S.pks = [self.ibin(arith.DivUIOp, self.ibin(arith.SubiOp, iv, lb), st)
                                 for iv, lb, st in zip(nb.args, lbs, steps, strict=True)]
                self.par_stack.append((op, safe))
                for j, x in rbars.items():
                    self.adj_add(term.args[j], x)
                self.rev_ops(body)
                for v in fvs:
                    x = self.adj_take(v)
                    if x is not None:
                        sums.append((v, self.convert(x, self.adj_type(v))))
                self.par_stack.pop()
                self.exit_scope()
                self.b.emit(scf.ReduceOp([x for _, x in sums],
                                         [self.sum_region(x.type) for _, x in sums]))
            if self.mode == "emit":
                self.d.scalar_reductions += len(sums)
            par = self.b.emit(scf.ParallelOp(lbs, ubs, steps, Region([nb]),
                                             [self.zero(x.type) for _, x in sums]))
            for v, x in zip(fvs, outer, strict=True):
                self.adj_set(v, x)
            for (v, _), r in zip(sums, par.results, strict=True):
                self.adj_add(v, r)
            for j, x in rbars.items():
                self.adj_add(op.initVals[j], x)

    def sum_region(self, t: Attribute) -> Region:
        """The ``scf.reduce`` region adding two values of type ``t`` (an adjoint's sum)."""
        blk = Block(arg_types=[t, t])
        s = arith.AddfOp(blk.args[0], blk.args[1], flags=self.sum_flags())
        blk.add_ops([s, scf.ReduceReturnOp(s.result)])
        return Region([blk])

    def rev_if(self, op: Operation) -> None:
        assert isinstance(op, scf.IfOp)
        use = op.parent_block()
        assert use is not None
        cond = self.materialize(op.cond, use)
        ybars = {j: self.adj_take(r) for j, r in enumerate(op.results)}
        fvs = self.free_vars(op)
        snap = {id(v): self.adj_get(v) for v in fvs}
        types = [self.adj_type(v) for v in fvs]

        def branch(region: Region) -> Any:
            def fn() -> list[SSAValue]:
                for v in fvs:
                    self.adj_set(v, snap[id(v)])
                if region.blocks:
                    blk = region.blocks[0]
                    yl = blk.last_op
                    self.enter_scope(blk)
                    for j, yb in ybars.items():
                        if yb is not None and yl is not None:
                            self.adj_add(yl.operands[j], yb)
                    self.rev_ops(blk)
                    self.exit_scope()
                return [self.adj_or_zero(v) for v in fvs]
            return fn

        with self.b.in_pass("adjoint"):
            new = self.b.if_op(cond, types, branch(op.true_region), branch(op.false_region))
        for k, v in enumerate(fvs):
            self.adj_set(v, new.results[k])

    def rev_while(self, op: Operation) -> None:
        assert isinstance(op, scf.WhileOp)
        use = op.parent_block()
        assert use is not None
        facts = self.facts
        n = self.materialize(self.d.trip(op), use)
        before, after = op.before_region.blocks[0], op.after_region.blocks[0]
        cond = before.last_op
        y = after.last_op
        assert isinstance(cond, scf.ConditionOp) and y is not None
        jb = [j for j, a in enumerate(before.args)
              if facts.adj_type(a) is not None and (facts.has_adjoint(a)
                                                    or facts.has_adjoint(op.arguments[j]))]
        ja = [j for j, a in enumerate(after.args)
              if facts.adj_type(a) is not None and (facts.has_adjoint(a)
                                                    or facts.has_adjoint(op.results[j]))]
        fvs = self.free_vars(op)
        with self.b.in_pass("adjoint"):
            # the last execution of the before region (the one that exited)
            self.enter_scope(before)
            for j, r in enumerate(op.results):
                yb = self.adj_take(r)
                if yb is not None:
                    self.adj_add(cond.args[j], yb)
            self.rev_ops(before)
            bb = [self.adj_take(before.args[j]) for j in jb]
            bb = [x if x is not None else self.zero(self.adj_type(before.args[j]))
                  for x, j in zip(bb, jb, strict=True)]
            self.exit_scope()
            inits = bb + [self.adj_or_zero(v) for v in fvs]
            nb = len(jb)

            def fn(i: SSAValue, args: list[SSAValue]) -> list[SSAValue]:
                for v, a in zip(fvs, args[nb:], strict=True):
                    self.adj_set(v, a)
                self.enter_scope(after)
                for j, a in zip(jb, args[:nb], strict=True):
                    self.adj_add(y.operands[j], a)
                self.rev_ops(after)
                aa = {j: self.adj_take(after.args[j]) for j in ja}
                self.exit_scope()
                self.enter_scope(before)
                for j in ja:
                    if aa[j] is not None:
                        self.adj_add(cond.args[j], aa[j])
                self.rev_ops(before)
                outs = []
                for j in jb:
                    x = self.adj_take(before.args[j])
                    outs.append(x if x is not None else self.zero(self.adj_type(before.args[j])))
                outs += [self.adj_or_zero(v) for v in fvs]
                self.exit_scope()
                return outs

            loop = self.b.for_loop(self.c(0), n, self.c(1), inits, fn)
            for idx, v in enumerate(fvs):
                self.adj_set(v, loop.results[nb + idx])
            for idx, j in enumerate(jb):
                self.adj_add(op.arguments[j], loop.results[idx])

    def rev_call(self, op: Operation) -> None:
        g = self.callee_of(op)
        t = call_target(op)
        if t is None:
            raise self.err(op, "cannot differentiate an indirect call (through a function "
                               "pointer)")
        if g is None:
            how = ("define it in the module, or make what reaches it constant" if
                   self.facts.prune else "define it in the module; the all_active "
                   "baseline gives every float and buffer a derivative, so a call that "
                   "may read and write one cannot be skipped")
            raise self.err(op, f"cannot differentiate a call to '{t}': it has no body and "
                               f"is not a known math function ({how})")
        use = op.parent_block()
        assert use is not None
        for r in op.results:
            if self.agg_active(r):
                raise self.err(op, f"cannot differentiate a call to '{t}': its result of "
                                   f"type {r.type} is active (aggregate adjoints are not "
                                   "supported)")
        sig = self.d.rev_signature(t)
        with self.b.in_pass("adjoint"):
            args: list[SSAValue] = []
            temps: list[SSAValue] = []
            for a in op.operands:
                if is_pointer(a.type):
                    p = self.materialize_ptr(a, use)
                    if p is None:
                        p = self.shadow(a, use)
                    if p is None:
                        p = self.dummy_shadow(a.type, None, op)
                        temps.append(p)
                    args.append(p)
                else:
                    args.append(self.materialize(a, use))
            for i in sig.shadow_params:
                a = op.operands[i]
                sh = self.shadow(a, use)
                if sh is None:
                    sh = self.dummy_shadow(a.type, self.materialize_ptr(a, use), op)
                    temps.append(sh)
                args.append(sh)
            for j in sig.seed_results:
                r = op.results[j]
                x = self.adj_take(r) if self.facts.has_adjoint(r) else None
                args.append(x if x is not None else self.zero(r.type))
            for j, _u in sig.result_shadows:
                r = op.results[j]
                sh = self.shadow(r, use)
                if sh is None:
                    sh = self.dummy_shadow(r.type, None, op)
                    temps.append(sh)
                args.append(sh)
            if self.mode == "emit" and self.d.uses_stack.get((t, SPLIT), False):
                assert self.rstk is not None
                args += [self.rstk.fbuf, self.rstk.ibuf, self.rstk.cursors]
            call = func.CallOp(self.d.names(t).rev, args, [sig.out_types[k]
                                                         for k in range(len(sig.adj_params))])
            self.b.emit(call)
            for k, i in enumerate(sig.adj_params):
                self.adj_add(op.operands[i], call.results[k])
            for m in temps:
                self.b.emit(memref.DeallocOp.get(m))
        if self.mode == "plan" and t not in self.plan.callees:
            self.plan.callees.append(t)

    # ============================================================== whole functions
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
        self.scopes.clear()
        self.consts.clear()
        self.stk = None
        self.rstk = None

    # -- the differentiated root, inline -------------------------------------------------
    def gen_inline(self) -> None:
        d = self.d
        params = list(self.entry.args)
        kinds = d.root_kinds
        ret = self.entry.last_op
        assert ret is not None and op_name(ret) == "func.return"
        float_res = [j for j, u in enumerate(ret.operands) if isinstance(u.type, AnyFloat)]
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
        self.enter_scope(self.entry)
        for k, j in enumerate(float_res):
            self.adj_add(ret.operands[j], blk.args[seed_pos[k]])
        self.rev_ops(self.entry)
        results = []
        for i in active:
            x = self.adj_get(params[i])
            results.append(x if x is not None else self.zero(params[i].type))
        self.exit_scope()
        with self.b.in_pass("tape"):
            for m in self.tape_mems:
                self.b.emit(memref.DeallocOp.get(m))
            if self.stk is not None:
                free_stack(self.b, self.stk)
        for m in internal:
            self.dealloc(m)
        for m in self.deferred_deallocs:
            self.dealloc(m)
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
                    sh = self.dummy_shadow(p.type, self.fmap.get(id(p)) or self.avail.get(id(p)),
                                           self.f)
                self.arg_shadow[id(p)] = sh
                out.append(sh)
        return out

    # -- callee role: _aug and _rev ---------------------------------------------------------
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
        self.tape_writes(self.entry)
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
        self.enter_scope(self.entry)
        ret = self.entry.last_op
        assert ret is not None
        for k, j in enumerate(sig.seed_results):
            self.adj_add(ret.operands[j], seeds[k])
        self.rev_ops(self.entry)
        results = [self.adj_or_zero(params[i]) for i in sig.adj_params]
        self.exit_scope()
        self.b.emit(func.ReturnOp(*results))
        self.finish_func()

    # -- unstructured (cf) functions --------------------------------------------------------
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
            self.fwd_alloc_shadows(B)
            self.fwd_ptr_offsets(B)
            self.tape_writes(B)
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
            self.enter_scope(B)
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
                self.exit_scope()
                for m in self.fscope.deallocs:
                    self.dealloc(m)
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
            self.exit_scope()
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


# ---------------------------------------------------------------------------------------


UNTAPE_LIMIT = 2  # recompute a taped op of at most this weight when its operands are there


def _loop_depth(blk: Block) -> int:
    d = 0
    op = blk.parent_op()
    while op is not None:
        if isinstance(op, scf.ForOp | scf.ParallelOp | scf.WhileOp):
            d += 1
        op = op.parent_op()
    return d


def _tape_weight(plan: Plan) -> int:
    return sum(1000 ** _loop_depth(b) for b, keys in plan.tapes.items() for _ in keys)


def untape(gen: FuncGen, plan: Plan) -> None:
    """Replace tape entries by recomputation where the planning run materialises all
    operands of a cheap pure op anyway (e.g. ``p = a * l`` with ``a`` and ``l`` taped
    for ``mulf``'s own adjoint: keep ``a`` and ``l``, recompute ``p``)."""

    def there(u: SSAValue, blk: Block) -> bool:
        if gen.available(u) is not None:
            return True
        return plan.decisions.get((id(u), id(gen.target_block(u, blk)))) in (
            "tape", "recompute", "iv")

    changed = True
    while changed:
        changed = False
        for blk, keys in plan.tapes.items():
            for key in list(keys):
                if isinstance(key, Trip | CameFrom | PtrOffset | FwdShadow | BlockArgument):
                    continue
                op = key.owner
                spec = lookup(op)
                if op.regions or spec is None or spec.kind not in _PURE_KINDS:
                    continue
                name = op_name(op)
                if _op_weight(name) > UNTAPE_LIMIT:
                    continue
                if not all(there(u, blk) for u in op.operands):
                    continue
                keys.remove(key)
                plan.decisions[(id(key), id(blk))] = "recompute"
                st = plan.static.pop((id(key), id(blk)), None)
                if st is not None:
                    plan.static_roots[st.root].remove(st)
                changed = True


# C functions that write nothing a derivative could reach and return no float derived
# from their arguments (printing, strings, process control), as Enzyme knows them
INACTIVE_EXTERNALS = frozenset({
    "printf", "fprintf", "vprintf", "vfprintf", "puts", "fputs", "putchar", "fputc",
    "fflush", "perror", "exit", "abort", "__assert_fail", "__assert_rtn", "strlen",
    "strcmp", "strncmp", "memcmp", "time", "clock",
    # MLIR's runner utilities
    "printMemrefF64", "printMemrefF32", "printMemrefI64", "printMemrefI32", "printF64",
    "printF32", "printI64", "printU64", "printNewline", "printComma", "printOpen",
    "printClose",
})


# atomic_rmw kinds differentiated through their op-table op (FuncGen.rev_rmw)
_FLOAT_RMW = frozenset({"addf", "maximumf", "maxnumf", "minimumf", "minnumf", "mulf"})


def _union(a: int, b: int) -> int:
    """Union of alias-class bitsets, where -1 is every class."""
    return -1 if a == -1 or b == -1 else a | b


def _meets(a: int, b: int) -> bool:
    return a == -1 or b == -1 or bool(a & b)


def _select_arm_slices(program: Program, facts: Facts) -> set[SSAValue]:
    """The values on which an arm of a float ``select`` depends (its backward slice),
    whose reverse multiplies an adjoint by a partial through a guard: ``adj == 0 ? 0 :
    adj * partial``.  The arm a select does not pick gets a zero adjoint, and the arm
    may be infinite or NaN exactly where it is not picked -- C's ``y != 0 ? x / y : 0``
    at -O2 is a select of a division that is always computed -- so without the guard
    ``0 * inf`` turned the gradient into NaN where the true one is 0.  (This is
    Enzyme's "strong zero", limited to where such a masked zero can flow; elsewhere the
    multiply stays plain IEEE.)

    The slice follows a masked zero wherever the reverse sweep carries it, coarsely:
    to the operands of the op defining a value; to every value of a function where
    it reaches a loop-carried or branch argument, a region op's result or a call's
    result (then the callee's values too); from a function's argument to the
    arguments of its call sites; and from a loaded value to the values stored
    where the load may read (by the analysis's alias classes: a shadow carries the
    zero to whatever was stored there), and through copies to what was stored into
    their sources; a pointer the analysis did not see may alias anything."""
    owner_fn: dict[int, str] = {}
    calls_of: dict[str, list[Operation]] = {}
    stores: list[tuple[int, SSAValue]] = []  # (classes written, value stored)
    copies: list[tuple[int, int]] = []  # (classes read, classes written)
    seeds: list[SSAValue] = []
    values_of: dict[str, list[SSAValue]] = {}
    entry_of: dict[int, str] = {}
    func_by_id = {id(f): name for name, f in program.functions.items()}
    analysed = set(facts.result.functions)  # (what the root may call)
    for name, f in program.functions.items():
        if not has_body(f) or name not in analysed:
            continue
        entry_of[id(f.regions[0].blocks[0])] = name
        vals: list[SSAValue] = []
        for op in f.walk():
            if op is f:
                continue
            owner_fn[id(op)] = name
            vals += op.results
            for r in op.regions:
                for blk in r.blocks:
                    vals += blk.args
            target = call_target(op)
            if target is not None:
                calls_of.setdefault(target, []).append(op)
                alias = EXTERNAL_ALIASES.get(target)
                cs = lookup(alias) if alias is not None else None
                callee = program.functions.get(target)
                if (cs is not None and cs.kind == OpKind.MEM_COPY and cs.src is not None
                        and (callee is None or not has_body(callee))):  # C's memcpy
                    copies.append((facts.classes(op.operands[cs.src]),
                                   facts.classes(op.operands[cs.dst or 0])))
            spec = lookup(op)
            if spec is None:
                continue
            if spec.kind == OpKind.MEM_WRITE and spec.value is not None:
                stores.append((facts.classes(op.operands[spec.ptr or 0]),
                               op.operands[spec.value]))
            if spec.kind == OpKind.MEM_COPY and spec.src is not None:
                copies.append((facts.classes(op.operands[spec.src]),
                               facts.classes(op.operands[spec.dst or 0])))
            if (spec.kind == OpKind.SELECT and op.results
                    and isinstance(op.results[0].type, AnyFloat)):
                seeds += [u for u in op.operands[1:] if isinstance(u.type, AnyFloat)]
        values_of[name] = vals + list(f.regions[0].blocks[0].args)
    guarded: set[SSAValue] = set()
    whole: set[str] = set()
    read = 0  # alias classes loads in the slice may read (-1: any)
    work = list(seeds)

    def everything(name: str | None) -> None:
        if name is not None and name in values_of and name not in whole:
            whole.add(name)
            work.extend(values_of[name])

    while work:
        v = work.pop()
        if v in guarded:
            continue
        guarded.add(v)
        owner = v.owner
        if isinstance(owner, Block):
            fn = entry_of.get(id(owner))
            if fn is None:  # a loop-carried or branch argument
                parent = owner.parent_op()
                everything(owner_fn.get(id(parent)) if parent is not None else None)
                everything(func_by_id.get(id(parent)))  # (a block of a function's CFG)
            else:
                for call in calls_of.get(fn, []):
                    work.extend(call.operands)
            continue
        work.extend(owner.operands)
        if owner.regions:
            everything(owner_fn.get(id(owner)))
        target = call_target(owner)
        if target is not None:
            everything(owner_fn.get(id(owner)))
            everything(target)
        spec = lookup(owner)
        if spec is not None and spec.reads and spec.ptr is not None:  # (atomic_rmw too)
            grown = _union(read, facts.classes(owner.operands[spec.ptr]))
            while grown != read:  # what the copies into those classes read, too
                read = grown
                for src, dst in copies:
                    if _meets(dst, read):
                        grown = _union(grown, src)
            work.extend(x for c, x in stores if _meets(c, read) and x not in guarded)
    return guarded


def _carries_float(t: Attribute) -> bool:
    """Whether a value of type ``t`` may hold a float (a vector, tensor or llvm array
    of floats, a struct with one, ``complex``): one that may carry a derivative."""
    if isinstance(t, AnyFloat | ComplexType):
        return True
    et = getattr(t, "element_type", None)
    if isinstance(et, Attribute) and not isinstance(t, MemRefType):
        return _carries_float(et)
    if isinstance(t, llvm.LLVMStructType):
        return any(_carries_float(x) for x in t.types.data)
    return False


def _scalar_or_pointer(t: Attribute) -> bool:
    return isinstance(t, AnyFloat | IntegerType | IndexType) or is_pointer(t)


def _check_root_types(user_fop: Operation, fop: Operation, kinds: Sequence[str],
                      facts: Facts) -> None:
    """Refuse a differentiated function whose active arguments or results are neither
    scalars nor buffers (``vector<2xf64>``, ``tensor``, ``complex``, an llvm struct):
    ``F_grad`` returns one adjoint per active scalar argument and seeds float results
    only, so such a value's derivative would be dropped -- a silent zero -- or crash
    the generator (a vector argument did, with an ``AttributeError``)."""
    params = list(fop.regions[0].blocks[0].args)
    for i, (p, k) in enumerate(zip(params, kinds, strict=False)):
        if k != "const" and not _scalar_or_pointer(p.type):
            raise GradError(f"cannot differentiate @{sym_name(fop)}: argument {i} has "
                            f"type {p.type}; the differentiator takes the derivative of "
                            "scalar (float, integer, index) and buffer (memref, llvm.ptr) "
                            "arguments only -- pass the elements as scalars or in a "
                            "memref, or mark the argument const",
                            **place_of(user_fop))
    for op in fop.walk():
        if op_name(op) not in ("func.return", "llvm.return") or op.parent_op() is not fop:
            continue
        for j, u in enumerate(op.operands):
            active = not facts.prune or (facts.result.analysed(u)
                                         and facts.result.value(u).active)
            if active and not _scalar_or_pointer(u.type) and _carries_float(u.type):
                raise GradError(f"cannot differentiate @{sym_name(fop)}: result {j} has "
                                f"type {u.type}; only scalar float results are seeded "
                                "(return the elements as scalars, or write them into a "
                                "dup argument)", **place_of(user_fop))


def _warn_nothing_to_seed(fop: Operation, kinds: Sequence[str]) -> None:
    """Warn when ``F_grad`` has nothing to seed -- no float result, no ``dup`` buffer
    -- so that every derivative it returns is zero (a user's function returning a
    memref got a gradient of constant 0 without a word)."""
    from activity.api import ActivityWarning

    if any(k in ("dup", "dupnoneed") for k in kinds):
        return
    outs = [t for op in fop.walk() if op_name(op) in ("func.return", "llvm.return")
            for t in (x.type for x in op.operands)]
    if any(isinstance(t, AnyFloat) for t in outs):
        return
    why = ("; a memref result carries no derivative: write it into a dup argument "
           "instead" if any(isinstance(t, MemRefType) for t in outs) else "")
    warnings.warn(f"{describe(fop)}: @{sym_name(fop)} has no float result and no dup "
                  f"argument to seed, so its gradient is zero{why}", ActivityWarning,
                  stacklevel=outside_stacklevel())


def grad_layout(params: Sequence[SSAValue], kinds: Sequence[str]
                ) -> tuple[list[Attribute], list[int], dict[int, int]]:
    """Parameter types of ``F_grad`` before the seeds: each primal argument, each
    ``dup``/``dupnoneed`` one followed by its shadow; with the positions of both."""
    ins: list[Attribute] = []
    ppos: list[int] = []
    shadow_pos: dict[int, int] = {}
    for i, (p, kd) in enumerate(zip(params, kinds, strict=True)):
        ppos.append(len(ins))
        ins.append(p.type)
        if kd in ("dup", "dupnoneed"):
            shadow_pos[i] = len(ins)
            ins.append(p.type)
    return ins, ppos, shadow_pos


@dataclass
class Names:
    aug: str
    rev: str


@dataclass
class RevSignature:
    """The interface of ``G_rev``: params, shadows of its buffers, seeds of its float
    results -> adjoints of its float params (those that can carry a derivative)."""

    in_types: list[Attribute]
    out_types: list[Attribute]
    shadow_params: list[int]
    seed_results: list[int]
    adj_params: list[int]
    # buffers G allocates and returns: the caller owns their shadows and passes them
    # (after the seeds); (result index, the returned alloc in G)
    result_shadows: list[tuple[int, SSAValue]] = field(default_factory=list)


class Differentiator:
    """Drives the generation of ``F_grad`` and the ``_aug``/``_rev`` pairs it needs."""

    def __init__(self, module: ModuleOp, func_name: str, args: Any, prune: bool,
                 measure: bool = False, alias_args: str = "distinct",
                 inline: bool = False, strict_adjoints: bool = False,
                 strong_zero: bool = False) -> None:
        from activity.api import analyze

        # adjoint sums in the reverse sweep's order and roundings (False: reassoc,contract
        # on the sums, contract on the products they sum: FMAs)
        self.strict_adjoints = strict_adjoints
        # every adjoint * partial guarded (else: the select slices', _select_arm_slices)
        self.strong_zero = strong_zero

        self.measure = measure  # F_grad also returns the stacks' heights (for stats)
        self.root_builder_made: dict[int, tuple[str, str]] = {}

        self.module = module.clone()
        # ``orig`` maps id(op of our clone) -> the user's op, for messages.  Ids are only
        # unique among live objects: ``alive`` holds every op that is or was a key, so
        # that no op erased below (a normalized llvm op, an inlined call) frees its id for
        # a new op to take -- and with it another op's source location.
        self.alive: list[Operation] = list(self.module.walk())
        self.orig = {id(c): o for c, o in zip(self.alive, module.walk(), strict=False)}
        carry_location(self.module, module)
        for new, old in [*normalize_llvm(self.module).items(),
                         *normalize_forall(self.module, GradError).items()]:
            if id(old) in self.orig:
                self.orig[new] = self.orig[id(old)]
        self.alive += self.module.walk()
        self.program = Program.of(self.module)
        if func_name not in self.program.functions:
            known = ", ".join(sorted(self.program.functions)) or "none"
            raise ActivityError(f"unknown function '@{func_name}' (functions: {known})")
        if not has_body(self.program.functions[func_name]):
            raise ActivityError(f"function '@{func_name}' is a declaration without a body")
        if inline:  # small leaf callees in loops (activity.ad.inline)
            from activity.ad.inline import inline_loop_calls

            n_inlined, made = inline_loop_calls(self.module, func_name)
            self.alive += self.module.walk()
            for new, src in made.items():
                self.orig[new] = self.orig.get(id(src), src)
            if n_inlined:
                self.program = Program.of(self.module)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self.result = analyze(self.module, func_name, args, alias_args=alias_args)
        from activity.api import ActivityWarning

        for wop, msg in self.result.warnings:  # re-issued with the user's locations
            src = self.orig.get(id(wop), wop) if wop is not None else None
            warnings.warn(f"{describe(src)}: {msg}; assuming the conservative fallback",
                          ActivityWarning, stacklevel=outside_stacklevel())
        self.facts = Facts(self.result, prune)
        self.root = func_name
        self.root_kinds = self.result.arg_activities(func_name)
        # values whose adjoint may be a select's masked zero (see _select_arm_slices)
        self.guarded = _select_arm_slices(self.program, self.facts)
        root = self.program.functions[func_name]
        if not prune:
            for param, kind in zip(root.regions[0].blocks[0].args, self.root_kinds,
                                   strict=False):
                if kind == "const" and is_llvm_ptr(param.type):
                    c = self.facts.classes(param)
                    if c not in (-1, 0):
                        self.facts.const_ptr_classes |= c
        _check_root_types(self.orig.get(id(root), root), root, self.root_kinds, self.facts)
        _warn_nothing_to_seed(self.orig.get(id(root), root), self.root_kinds)
        self.prune = prune
        self.atomic_updates = 0  # scf.parallel shadow updates made atomic
        self.atomics_avoided = 0  # ... and proved iteration-private (plain)
        self.scalar_reductions = 0  # adjoints of outer scalars summed by scf.reduce
        self._trips: dict[int, Trip] = {}
        self._came: dict[int, CameFrom] = {}
        self._ptr_offsets: dict[int, PtrOffset] = {}
        self._fwd_shadows: dict[int, FwdShadow] = {}
        self._names: dict[str, Names] = {}
        self._sigs: dict[str, RevSignature] = {}
        taken = set(self.program.functions) | set(self.program.globals)
        self.grad_name = self._fresh(func_name + "_grad", taken)
        self._taken = taken
        self.uses_stack: dict[tuple[str, str], bool] = {}
        self.reserve: tuple[str, str] | None = None  # the stack-growth helper functions
        self.shadow_globals: dict[str, tuple[str, Attribute]] = {}
        self.plans: dict[tuple[str, str], Plan] = {}
        self.gens: dict[tuple[str, str], FuncGen] = {}

    @staticmethod
    def _fresh(name: str, taken: set[str]) -> str:
        out, k = name, 1
        while out in taken:
            out = f"{name}_{k}"
            k += 1
        taken.add(out)
        return out

    def shadow_global(self, sym: str, t: Attribute) -> str:
        """The symbol of the zero-initialised shadow of global ``sym``."""
        got = self.shadow_globals.get(sym)
        if got is None:
            got = (self._fresh(sym + "_shadow", self._taken), t)
            self.shadow_globals[sym] = got
        return got[0]

    def zero_shadow_globals(self, gen: FuncGen) -> None:
        """At the start of ``F_grad``: the shadows of globals start at zero."""
        for name, t in self.shadow_globals.values():
            g = gen.b.v(memref.GetGlobalOp(name, t))
            gen.b.fill(g, gen.zero(t.element_type))  # type: ignore[attr-defined]

    def came(self, blk: Block) -> CameFrom:
        t = self._came.get(id(blk))
        if t is None:
            t = self._came[id(blk)] = CameFrom(blk)
        return t

    def fwd_shadow(self, v: SSAValue) -> FwdShadow:
        t = self._fwd_shadows.get(id(v))
        if t is None:
            t = self._fwd_shadows[id(v)] = FwdShadow(v)
        return t

    def ptr_offset(self, arg: BlockArgument) -> PtrOffset:
        t = self._ptr_offsets.get(id(arg))
        if t is None:
            t = self._ptr_offsets[id(arg)] = PtrOffset(arg)
        return t

    def trip(self, op: Operation) -> Trip:
        t = self._trips.get(id(op))
        if t is None:
            t = self._trips[id(op)] = Trip(op)
        return t

    def names(self, fname: str) -> Names:
        n = self._names.get(fname)
        if n is None:
            n = Names(self._fresh(fname + "_aug", self._taken),
                      self._fresh(fname + "_rev", self._taken))
            self._names[fname] = n
        return n

    def rev_signature(self, fname: str) -> RevSignature:
        s = self._sigs.get(fname)
        if s is not None:
            return s
        f = self.program.functions[fname]
        params = list(f.regions[0].blocks[0].args)
        outs = list(f.function_type.outputs.data)  # type: ignore[attr-defined]
        ins = [p.type for p in params]
        shadow_params = [i for i, p in enumerate(params) if self.facts.has_shadow(p)]
        ins += [params[i].type for i in shadow_params]
        seed_results = [j for j, t in enumerate(outs) if isinstance(t, AnyFloat)]
        ins += [outs[j] for j in seed_results]
        adj_params = [i for i, p in enumerate(params)
                      if isinstance(p.type, AnyFloat) and self.facts.has_adjoint(p)]
        result_shadows: list[tuple[int, SSAValue]] = []
        blocks = f.regions[0].blocks
        ret = blocks[0].last_op if len(blocks) == 1 else None
        for j, t in enumerate(outs):
            if not is_pointer(t) or ret is None or op_name(ret) != "func.return":
                continue
            u = ret.operands[j]
            spec = lookup(u.owner) if isinstance(u.owner, Operation) else None
            if (spec is not None and spec.kind == OpKind.MEM_ALLOC and self.facts.has_shadow(u)
                    and u.owner.parent_block() is blocks[0]  # type: ignore[union-attr]
                    and isinstance(t, MemRefType) and DYNAMIC_INDEX not in t.get_shape()):
                result_shadows.append((j, u))
                ins.append(t)
        s = RevSignature(ins, [params[i].type for i in adj_params], shadow_params,
                         seed_results, adj_params, result_shadows)
        self._sigs[fname] = s
        return s

    def _plan(self, key: tuple[str, str]) -> tuple[Plan, FuncGen]:
        """The planning run for one (function, role), twice where it tapes values of
        ``scf.parallel`` iterations: the second run may read what the first one tapes
        when it decides whether such a value is recomputable (``FuncGen.decide``), so a
        value computed from taped ones (LBM's per-direction ``s3``, from the taped
        ``rho``, ``jx``, ``jy``) is recomputed rather than taped too.  Elsewhere the
        second run would decide the same, so it does not run.  The second plan is kept
        when its tapes weigh less (a tape counts 1000^d for d enclosing loops) and it
        plans without error."""
        plan = Plan()
        gen = FuncGen(self, key[0], key[1], plan, "plan")
        for fop in gen.generate():
            fop.drop_all_references()
        if not any(keys and gen.enclosing_parallel(b) is not None
                   for b, keys in plan.tapes.items()):
            return plan, gen
        hint = frozenset(k for k, d in plan.decisions.items() if d == "tape")
        again = Plan(hint=hint)
        gen2 = FuncGen(self, key[0], key[1], again, "plan")
        try:
            for fop in gen2.generate():
                fop.drop_all_references()
        except GradError:
            return plan, gen
        if _tape_weight(again) < _tape_weight(plan):
            return again, gen2
        return plan, gen

    def run(self) -> tuple[ModuleOp, list[func.FuncOp]]:
        root_f = self.program.functions[self.root]
        blocks = root_f.regions[0].blocks
        single = len(blocks) == 1 and op_name(blocks[0].last_op) == "func.return"  # type: ignore[arg-type]
        root_role = INLINE if single else SPLIT
        # 1. planning runs (discarded code), discovering the callees whose reverse is needed
        work = [(self.root, root_role)]
        while work:
            key = work.pop(0)
            if key in self.plans:
                continue
            plan, gen = self._plan(key)
            self.plans[key] = plan
            untape(gen, plan)
            for c in plan.callees:
                work.append((c, SPLIT))
        # 2. which (function, role) needs the stacks (fixpoint over calls)
        for key, plan in self.plans.items():
            self.uses_stack[key] = any(plan.dynamic_keys(b) for b in plan.tapes) or \
                plan.ret_push or bool(plan.edge_blocks)
        changed = True
        while changed:
            changed = False
            for key, plan in self.plans.items():
                if self.uses_stack[key]:
                    continue
                if any(self.uses_stack.get((c, SPLIT), False) for c in plan.callees):
                    self.uses_stack[key] = True
                    changed = True
        # 3. emission
        made: list[func.FuncOp] = []
        if any(self.uses_stack.values()):
            self.reserve = (self._fresh("__ad_reserve_f64", self._taken),
                            self._fresh("__ad_reserve_index", self._taken))
            made += [reserve_function(self.reserve[0], STACK_TYPES[0]),  # type: ignore[list-item]
                     reserve_function(self.reserve[1], STACK_TYPES[1])]  # type: ignore[list-item]
        for key, plan in self.plans.items():
            gen = FuncGen(self, key[0], key[1], plan, "emit")
            self.gens[key] = gen
            made.extend(gen.generate())
        if root_role == SPLIT:
            made.append(self._split_root())
        for sym, (name, t) in self.shadow_globals.items():
            self.module.body.block.add_op(memref.GlobalOp.get(
                StringAttr(name), t, UnitAttr(), StringAttr("private")))
            del sym
        for fop in made:
            self.module.body.block.add_op(fop)
        from activity.ad.dce import dce

        for fop in made:
            dce(fop)
        from activity.ad.stats import collect

        self.stats = collect(self, made)
        return self.module, made

    def _split_root(self) -> func.FuncOp:
        """``F_grad`` for an unstructured root: ``F_aug`` then ``F_rev``."""
        f = self.program.functions[self.root]
        params = list(f.regions[0].blocks[0].args)
        outs = list(f.function_type.outputs.data)  # type: ignore[attr-defined]
        kinds = self.root_kinds
        ins, ppos, shadow_pos = grad_layout(params, kinds)
        seeds_at = len(ins)
        float_res = [j for j, t in enumerate(outs) if isinstance(t, AnyFloat)]
        ins += [outs[j] for j in float_res]
        active = [i for i, kd in enumerate(kinds) if kd == "active"]
        blk = Block(arg_types=ins)
        fop = func.FuncOp(self.grad_name, (ins, [params[i].type for i in active]
                                           + ([INDEX, INDEX] if self.measure else [])),
                          Region([blk]))
        b = Builder()
        b.ip = IP(blk)
        gen = self.gens[(self.root, SPLIT)]
        saved_b = gen.b
        gen.b = b
        gen.const_ip = IP(blk)
        gen.consts = {}
        stack = self.uses_stack.get((self.root, SPLIT), False)
        args = [blk.args[ppos[i]] for i in range(len(params))]
        with b.in_pass("adjoint"):
            self.zero_shadow_globals(gen)
        st = None
        if stack:
            with b.in_pass("tape"):
                st = init_stack(b)
        names = self.names(self.root)
        call = func.CallOp(names.aug, args + ([st.fbuf, st.ibuf, st.cursors] if st else []),
                           outs + (list(STACK_TYPES) if st else []))
        b.emit(call)
        if st is not None:
            st = Stack(call.results[-2], call.results[-1], st.cursors)
        heights: list[SSAValue] = []
        if self.measure:
            heights = ([b.load(st.cursors, [b.index(k)]) for k in (0, 1)] if st is not None
                       else [b.index(0), b.index(0)])
        b.sweep = "reverse"
        sig = self.rev_signature(self.root)
        rargs = list(args)
        temps = []
        for i in sig.shadow_params:
            if i in shadow_pos:
                rargs.append(blk.args[shadow_pos[i]])
            else:
                sh = gen.dummy_shadow(params[i].type, args[i], f)
                temps.append(sh)
                rargs.append(sh)
        for k in range(len(float_res)):
            rargs.append(blk.args[seeds_at + k])
        for j, _u in sig.result_shadows:  # nobody reads F's returned buffers' shadows
            sh = gen.dummy_shadow(outs[j], None, f)
            temps.append(sh)
            rargs.append(sh)
        if st is not None:
            rargs += [st.fbuf, st.ibuf, st.cursors]
        rcall = func.CallOp(names.rev, rargs, sig.out_types)
        b.emit(rcall)
        res = []
        for i in active:
            if i in sig.adj_params:
                res.append(rcall.results[sig.adj_params.index(i)])
            else:
                res.append(gen.zero(params[i].type))
        if st is not None:
            free_stack(b, st)
        for m in temps:
            b.emit(memref.DeallocOp.get(m))
        b.emit(func.ReturnOp(*res, *heights))
        gen.functions.append(fop)
        gen.b = saved_b
        self.root_builder_made = b.made
        return fop


__all__ = ["CameFrom", "Differentiator", "FuncGen", "GradError", "Plan", "RevSignature",
           "Trip", "grad_layout", "untape"]
