"""Raise the loops of a function's blocks to ``scf.for`` / ``scf.while`` before
differentiating it.

Why: clang's loops arrive as blocks joined by ``llvm.br``/``llvm.cond_br``.  In a
function of blocks the AD generator tapes every value the reverse sweep needs on the
run-time stacks (a push per execution); in an ``scf.for`` the tape planner sizes tapes
from the trip counts (indexed by the loop counters) or recomputes the values.

How (upstream ``lift-cf-to-scf`` reduces a CFG region by region; this is a smaller
structural analysis, for the shapes clang emits): in every function with blocks, repeat
until nothing changes --

* **merge**: a block ending in ``br B``, where ``B`` has no other predecessor, takes
  ``B``'s ops (``B``'s arguments replaced by the branch operands);
* **if**: ``A: cond_br c, T, F`` where ``T`` (and ``F``) have ``A`` as their only
  predecessor and end in ``br J`` (or one arm goes straight to ``J``) becomes
  ``A: r = scf.if c {T; yield} else {F; yield}; br J(r)``;
* **loop**: a block ``H`` that branches to itself (``H: cond_br c, H(next), E(out)``,
  the shape a rotated ``do { } while`` loop takes once its body is reduced to one
  block) becomes, in place, ``H: r = <loop>(H's arguments); br E(out from r)``.
  Where one argument ``i`` of ``H`` steps by a positive constant ``s``
  (``next = add i, s``; or by a loop-invariant ``s`` with a no-wrap add and ``slt``:
  the loop steps by ``max(s, 1)``) and the condition continues while ``x < N`` (``slt``; ``ult``
  on zero-extended values; ``ne`` with step 1 and a no-wrap add), ``x`` being ``i``
  or ``i + s`` and ``N`` defined outside the loop, the loop is an
  ``scf.for %k = i0 to max(N', i0 + s) step s`` (``N' = N`` or ``N + s``; the ``max``
  keeps the first iteration that a do-while always runs), its other arguments
  ``iter_args``; otherwise an ``scf.while`` whose ``before`` region is the body.  Values
  of ``H`` used after the loop leave it as results (extra ``iter_args``).

What is left as blocks: loops with several back edges or exits from the middle (break,
return), switches, irreducible control flow.  The generator differentiates those as it
did before.  The lifted loop computes what the blocks computed, with one assumption
beyond the IR's own semantics: fewer than 2^63 iterations (the counter is an
``index``).  ``tests/test_lift_cf.py`` runs the interpreter on both forms.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from xdsl.dialects import arith, cf, llvm, scf
from xdsl.dialects.builtin import (
    AnyFloat,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    ModuleOp,
)
from xdsl.ir import Attribute, Block, BlockArgument, Operation, Region, SSAValue

from activity.ad.tidy_scf import tidy
from activity.dominance import first_violation
from activity.engine.program import successor_operands
from activity.frontend import carry_location
from activity.ops import op_name

T = TypeVar("T")
INDEX = IndexType()
MAX_COPIES = 32  # tail duplications per function
MAX_COPY_OPS = 200  # ops in a duplicated block (nested ones included)

_BR = ("cf.br", "llvm.br")
_COND_BR = ("cf.cond_br", "llvm.cond_br")
_CMP = ("llvm.icmp", "arith.cmpi")
_ADD = ("llvm.add", "arith.addi")
_CONST = ("llvm.mlir.constant", "arith.constant")
_ZEXT = ("llvm.zext", "arith.extui")
_FUNCS = ("func.func", "llvm.func")

# predicates (llvm.icmp and arith.cmpi number them alike)
EQ, NE, SLT, SLE, SGT, SGE, ULT, ULE, UGT, UGE = range(10)
_NEGATE = {EQ: NE, NE: EQ, SLT: SGE, SGE: SLT, SLE: SGT, SGT: SLE,
           ULT: UGE, UGE: ULT, ULE: UGT, UGT: ULE}
_SWAP = {EQ: EQ, NE: NE, SLT: SGT, SGT: SLT, SLE: SGE, SGE: SLE,
         ULT: UGT, UGT: ULT, ULE: UGE, UGE: ULE}
_NSW, _NUW = 1, 2


def lift_module(module: ModuleOp) -> ModuleOp:
    """``module`` itself when no function lifts, else a clone (source locations
    carried) in which every function that lifts to a single block is replaced by its
    lifted form; ``module`` is not changed.  A function that does not lift entirely
    stays as it is (the generator's block form, as before)."""
    todo = [f for f in _functions(module) if _liftable(f)]
    lifted: dict[int, Operation] = {}
    for f in todo:
        g = f.clone()
        carry_location(g, f)
        lift_function(g)
        if len(g.regions[0].blocks) != 1:
            continue
        tidy(g)
        if first_violation(g) is None:
            lifted[id(f)] = g
    if not lifted:
        return module
    out = module.clone()
    carry_location(out, module)
    for old, new in zip(list(module.body.block.ops), list(out.body.block.ops), strict=True):
        g = lifted.get(id(old))
        if g is not None:
            out.body.block.insert_op_before(g, new)
            new.detach()
            new.erase()
    return out


def with_lifted(module: ModuleOp, make: Callable[[ModuleOp], T]) -> T:
    """``make(lift_module(module))``; where that is refused (a ``GradError``: the
    structured generator refuses something the block form takes), ``make(module)``,
    so that lifting never refuses what differentiated before."""
    from activity.ad.errors import GradError

    lifted = lift_module(module)
    if lifted is module:
        return make(module)
    try:
        return make(lifted)
    except GradError:
        return make(module)


def _functions(module: ModuleOp) -> list[Operation]:
    return [op for op in module.body.block.ops
            if op_name(op) in _FUNCS and op.regions and len(op.regions[0].blocks) > 1]


def _liftable(f: Operation) -> bool:
    return any(b.last_op is not None and op_name(b.last_op) in _BR + _COND_BR
               for b in f.regions[0].blocks)


def lift_function(f: Operation) -> int:
    """Lift ``f``'s region in place; returns how many loops became ``scf`` loops."""
    region = f.regions[0]
    llvm_style = op_name(f) == "llvm.func"
    loops = 0
    copies = 0
    changed = True
    while changed:
        changed = False
        for blk in list(region.blocks):
            if blk.parent is not region:
                continue  # (merged away in this sweep)
            if _merge(blk, region) or _diamond(blk, llvm_style):
                changed = True
            elif _self_loop(blk, llvm_style):
                loops += 1
                changed = True
        if not changed and copies < MAX_COPIES and _duplicate_tail(region):
            copies += 1
            changed = True
    return loops


# ---------------------------------------------------------------------------
# helpers


def _succ_ops(term: Operation) -> list[list[SSAValue]] | None:
    if op_name(term) not in _BR + _COND_BR:
        return None
    return successor_operands(term)


def _n_uses(blk: Block) -> int:
    return len(list(blk.uses))


def _branch(llvm_style: bool, dest: Block, args: list[SSAValue]) -> Operation:
    return llvm.BrOp(dest, *args) if llvm_style else cf.BranchOp(dest, *args)


def _place(new: Operation, like: Operation, before: Operation) -> None:
    carry_location(new, like)
    blk = before.parent_block()
    assert blk is not None
    blk.insert_op_before(new, before)


def _erase(op: Operation) -> None:
    op.detach()
    op.erase(safe_erase=False)


def _move_body(src: Block, dst: Block, args: list[SSAValue]) -> None:
    """Move ``src``'s ops but its terminator to the end of ``dst``, ``src``'s arguments
    replaced by ``args``."""
    for a, v in zip(src.args, args, strict=True):
        a.replace_all_uses_with(v)
    term = src.last_op
    for op in list(src.ops):
        if op is term:
            break
        op.detach()
        dst.add_op(op)


def _defined_in(v: SSAValue, blk: Block) -> bool:
    if isinstance(v, BlockArgument):
        return v.block is blk
    owner = v.owner
    assert isinstance(owner, Operation)
    return owner.parent_block() is blk


def _outside(op: Operation, blk: Block) -> bool:
    """Whether ``op`` is outside ``blk`` (not in it, nor nested in an op of it)."""
    p: Operation | None = op
    while p is not None:
        if p.parent_block() is blk:
            return False
        p = p.parent_op()
    return True


# ---------------------------------------------------------------------------
# merge and if


def _merge(a: Block, region: Region) -> bool:
    term = a.last_op
    if term is None or op_name(term) not in _BR:
        return False
    b = term.successors[0]
    if b is a or b is region.blocks.first or _n_uses(b) != 1:
        return False
    args = list(term.operands)
    _erase(term)
    _move_body(b, a, args)
    bterm = b.last_op
    assert bterm is not None
    bterm.detach()
    a.add_op(bterm)
    region.detach_block(b)
    b.erase()
    return True


def _arm(a: Block, t: Block, j: Block | None) -> Block | None:
    """The join ``t`` branches to, if ``t`` is a lone arm of ``a`` (only predecessor
    ``a``, ends in ``br``); ``j`` given: only if it is that join."""
    if t is a or _n_uses(t) != 1:
        return None
    tt = t.last_op
    if tt is None or op_name(tt) not in _BR:
        return None
    dest = tt.successors[0]
    if dest is a or dest is t or (j is not None and dest is not j):
        return None
    return dest


def _diamond(a: Block, llvm_style: bool) -> bool:
    term = a.last_op
    if term is None or op_name(term) not in _COND_BR:
        return False
    ops = _succ_ops(term)
    if ops is None:
        return False
    (t, f), (ta, fa) = term.successors, ops
    cond = term.operands[0]
    if t is a or f is a:
        return False
    # arms: (block to inline or None, its operands, the join's operands if None)
    arms: list[tuple[Block | None, list[SSAValue]]]
    if t is f:
        j = t
        arms = [(None, ta), (None, fa)]
    elif (jt := _arm(a, t, None)) is not None and (
            jt is f or _arm(a, f, jt) is jt):
        j = jt
        arms = [(t, ta), (None, fa) if jt is f else (f, fa)]
    elif (jf := _arm(a, f, None)) is not None and jf is t:
        j = t
        arms = [(None, ta), (f, fa)]
    else:
        return False
    types = list(j.arg_types)
    regions = []
    for blk, vals in arms:
        body = Block()
        if blk is None:
            body.add_op(scf.YieldOp(*vals))
        else:
            bt = blk.last_op
            assert bt is not None
            _move_body(blk, body, vals)
            y = scf.YieldOp(*bt.operands)
            carry_location(y, bt)
            body.add_op(y)
        regions.append(Region(body))
    if_op = scf.IfOp(cond, types, regions[0], regions[1])
    _place(if_op, term, term)
    _place(_branch(llvm_style, j, list(if_op.results)), term, term)
    _erase(term)
    for blk, _ in arms:
        if blk is not None:
            assert blk.parent is not None
            _erase(blk.last_op)  # type: ignore[arg-type]
            blk.parent.detach_block(blk)
            blk.erase()
    return True


def _dominators(region: Region) -> dict[int, set[int]]:
    """id(block) -> ids of the blocks that dominate it (reachable blocks only)."""
    blocks = list(region.blocks)
    entry = blocks[0]
    preds: dict[int, list[Block]] = {id(b): [] for b in blocks}
    for b in blocks:
        if b.last_op is not None:
            for s in b.last_op.successors:
                preds[id(s)].append(b)
    every = {id(b) for b in blocks}
    dom = {id(b): set(every) for b in blocks}
    dom[id(entry)] = {id(entry)}
    changed = True
    while changed:
        changed = False
        for b in blocks[1:]:
            ps = [dom[id(p)] for p in preds[id(b)]]
            new = set.intersection(*ps) if ps else set()
            new = new | {id(b)}
            if new != dom[id(b)]:
                dom[id(b)] = new
                changed = True
    return dom


def _duplicate_tail(region: Region) -> bool:
    """Where nothing else reduces: give one conditional predecessor of a small block
    ``X`` (``br``-terminated, several predecessors, no loop's header, none of its values
    used elsewhere) its own copy of ``X`` -- a branch that skips part of an ``if``
    (``A: cond_br c, X, J`` beside ``T: br X``, ``X: br J``) becomes an ``if``."""
    dom = _dominators(region)
    for x in list(region.blocks)[1:]:
        term = x.last_op
        if term is None or op_name(term) not in _BR or _n_uses(x) < 2:
            continue
        if sum(1 for _ in x.walk()) > MAX_COPY_OPS or any(
                id(x) in dom[id(p)] for p in x.predecessors()):
            continue  # (too big, or a loop's header)
        if any(_outside(u.operation, x) for v in
               [*x.args, *(r for op in x.ops for r in op.results)] for u in v.uses):
            continue
        use = next((u for u in x.uses if op_name(u.operation) in _COND_BR
                    and u.operation.parent_block() is not x), None)
        if use is None:
            continue
        copy = Block(arg_types=x.arg_types)
        mapping: dict[SSAValue, SSAValue] = dict(zip(x.args, copy.args, strict=True))
        for op in x.ops:
            new = op.clone(value_mapper=mapping)
            carry_location(new, op)
            copy.add_op(new)
        region.insert_block_after(copy, x)
        use.operation.successors[use.index] = copy
        return True
    return False


# ---------------------------------------------------------------------------
# loops


def _int_const(v: SSAValue) -> int | None:
    owner = v.owner
    if not isinstance(owner, Operation) or op_name(owner) not in _CONST:
        return None
    val = owner.properties.get("value") or owner.attributes.get("value")
    if isinstance(val, IntegerAttr) and isinstance(val.type, IntegerType):
        return val.value.data
    return None


def _attr_int(op: Operation, name: str) -> int:
    a = op.properties.get(name) or op.attributes.get(name)
    if isinstance(a, IntegerAttr):
        return a.value.data
    flags = getattr(a, "flags", None)  # arith's IntegerOverflowAttr
    if flags is not None:
        return (_NSW if "nsw" in str(flags) else 0) | (_NUW if "nuw" in str(flags) else 0)
    return 0


class _Counter:
    """The loop's counter: ``H``'s argument ``p`` stepping by ``step``; iterations run
    while ``bound`` (in ``index``, built by :meth:`upper`) has not been reached."""

    def __init__(self, p: int, step: int | SSAValue, bound: SSAValue, after_step: bool,
                 unsigned: bool) -> None:
        self.p, self.step, self.bound = p, step, bound
        self.after_step, self.unsigned = after_step, unsigned


def _counter(h: Block, back: list[SSAValue], cond: SSAValue, h_true: bool) -> _Counter | None:
    cmp = cond.owner
    if not isinstance(cmp, Operation) or op_name(cmp) not in _CMP \
            or cmp.parent_block() is not h:
        return None
    pred = _attr_int(cmp, "predicate")
    if not h_true:
        pred = _NEGATE[pred]
    x, n = cmp.operands
    if _defined_in(x, h) and not _defined_in(n, h):
        pass
    elif _defined_in(n, h) and not _defined_in(x, h):
        x, n, pred = n, x, _SWAP[pred]
    else:
        return None
    if not isinstance(x.type, IntegerType) or x.type.width.data > 64:
        return None
    for p, arg in enumerate(h.args):
        nxt = back[p]
        add = nxt.owner
        if not isinstance(add, Operation) or op_name(add) not in _ADD \
                or add.parent_block() is not h or arg not in add.operands:
            continue
        other = add.operands[1] if add.operands[0] is arg else add.operands[0]
        if x not in (arg, nxt):
            continue
        flags = _attr_int(add, "overflowFlags")
        step = _int_const(other)
        if step is None and not _defined_in(other, h) and pred == SLT and flags & _NSW:
            # a loop-invariant step (``i += 2 * b``): the loop steps by max(s, 1) --
            # where s <= 0 the blocks run once (the exit test holds at once) or never
            # stop (they compute nothing to compare with)
            return _Counter(p, other, n, x is nxt, False)
        if step is None or step <= 0:
            continue
        width = x.type.width.data
        small = width < 64 or (_zext(n) and _small_inits(h, p))
        if pred == SLT:
            if step != 1 and not flags & _NSW:
                return None
            return _Counter(p, step, n, x is nxt, False)
        if pred == ULT and small:
            if step != 1 and not flags & _NUW:
                return None
            return _Counter(p, step, n, x is nxt, True)
        if pred == NE and step == 1:
            if flags & _NSW:
                return _Counter(p, step, n, x is nxt, False)
            if flags & _NUW and small:
                return _Counter(p, step, n, x is nxt, True)
        return None
    return None


def _as_arith_step(a: BlockArgument, v: SSAValue, body: Block) -> SSAValue:
    """``v = llvm.add a, c`` (``c`` from outside the loop) becomes ``arith.addi``: the
    generator recomputes such a counter (a triangular nest's running offset) from the
    iteration number instead of taping it, and it knows arith's add (the no-wrap flags
    are dropped: the same value wherever the original's is not poison)."""
    add = v.owner
    if not isinstance(add, Operation) or op_name(add) != "llvm.add" \
            or add.parent_block() is not body or a not in add.operands:
        return v
    c = add.operands[1] if add.operands[0] is a else add.operands[0]
    if c is a or _defined_in(c, body):
        return v
    new = arith.AddiOp(a, c)
    carry_location(new, add)
    body.insert_op_before(new, add)
    add.results[0].replace_all_uses_with(new.result)
    _erase(add)
    return new.result


def _zext(v: SSAValue) -> bool:
    return isinstance(v.owner, Operation) and op_name(v.owner) in _ZEXT


def _small_inits(h: Block, p: int) -> bool:
    """Whether every edge into ``h`` from outside gives its argument ``p`` a
    non-negative constant or a zero-extended value (below 2^63 as an ``index``)."""
    for u in h.uses:
        op = u.operation
        if op.parent_block() is h:
            continue
        groups = successor_operands(op)
        if groups is None:
            return False
        v = groups[u.index][p]
        c = _int_const(v)
        if not (_zext(v) or (c is not None and c >= 0)):
            return False
    return True


def _zero(t: Attribute) -> Operation | None:
    if isinstance(t, IntegerType):
        return arith.ConstantOp(IntegerAttr(0, t))
    if isinstance(t, AnyFloat):
        return arith.ConstantOp(FloatAttr(0.0, t))
    if isinstance(t, llvm.LLVMPointerType):
        return llvm.ZeroOp(t)
    return None


def _self_loop(h: Block, llvm_style: bool) -> bool:
    term = h.last_op
    if term is None or op_name(term) not in _COND_BR:
        return False
    ops = _succ_ops(term)
    if ops is None:
        return False
    (s0, s1), (o0, o1) = term.successors, ops
    if (s0 is h) == (s1 is h):
        return False
    h_true = s0 is h
    back, (exit_blk, exit_ops) = (o0, (s1, o1)) if h_true else (o1, (s0, o0))
    region = h.parent
    if region is None or h is region.blocks.first or _n_uses(h) < 2:
        return False
    cond = term.operands[0]
    # values of H needed after the loop (uses outside H, and the exit operands)
    live: list[SSAValue] = []
    seen: set[int] = set()

    def need(v: SSAValue) -> None:
        if _defined_in(v, h) and id(v) not in seen:
            seen.add(id(v))
            live.append(v)

    for v in [*h.args, *(r for op in h.ops for r in op.results)]:
        if any(_outside(u.operation, h) for u in v.uses):
            need(v)
    for v in exit_ops:
        need(v)
    counter = _counter(h, back, cond, h_true)
    if counter is not None:
        made = _to_for(h, term, back, live, counter)
    else:
        made = None
    if made is None:
        made = _to_while(h, term, back, cond, h_true, live)
    loop, out = made
    outer = {id(v): r for v, r in zip(live, out, strict=True)}
    for v, r in zip(live, out, strict=True):
        v.replace_uses_with_if(r, lambda u: _outside(u.operation, h)
                               and u.operation is not loop)
    if isinstance(loop, scf.ForOp):
        body = loop.body.block
        y = body.last_op
        assert y is not None
        for j, a in enumerate(body.args[1:]):
            _as_arith_step(a, y.operands[j], body)
    br = _branch(llvm_style, exit_blk, [outer.get(id(v), v) for v in exit_ops])
    _place(br, term, term)
    _erase(term)
    return True


def _to_while(h: Block, term: Operation, back: list[SSAValue], cond: SSAValue,
              h_true: bool, live: list[SSAValue]) -> tuple[Operation, list[SSAValue]]:
    inits = list(h.args)
    before = Block(arg_types=[a.type for a in inits])
    body_ops = [op for op in h.ops if op is not term]
    fwd = [*back, *live]
    mapping = dict(zip((id(a) for a in inits), before.args, strict=True))
    fwd = [mapping.get(id(v), v) for v in fwd]
    for a, b in zip(inits, before.args, strict=True):
        a.replace_uses_with_if(b, lambda u: not _outside(u.operation, h)
                               and u.operation is not term)
    for op in body_ops:
        op.detach()
        before.add_op(op)
    c = mapping.get(id(cond), cond)
    if not h_true:
        one = arith.ConstantOp(IntegerAttr(1, IntegerType(1)))
        neg = arith.XOrIOp(c, one)
        before.add_ops([one, neg])
        c = neg.result
    cnd = scf.ConditionOp(c, *fwd)
    carry_location(cnd, term)
    before.add_op(cnd)
    after = Block(arg_types=[v.type for v in fwd])
    after.add_op(scf.YieldOp(*after.args[:len(back)]))
    loop = scf.WhileOp(inits, [v.type for v in fwd], Region(before), Region(after))
    _place(loop, term, term)
    return loop, list(loop.results[len(back):])


def _to_for(h: Block, term: Operation, back: list[SSAValue], live: list[SSAValue],
            k: _Counter) -> tuple[Operation, list[SSAValue]] | None:
    p = k.p
    iv = h.args[p]
    carried = [q for q in range(len(h.args)) if q != p]
    # live values: a carried value's next value leaves as that iter_arg's result;
    # anything else as an extra iter_arg (its initial value is never read: the
    # loop runs at least once)
    result_of: list[tuple[str, int]] = []
    extras: list[SSAValue] = []
    for v in live:
        at = next((i for i, q in enumerate(carried) if back[q] is v), None)
        if at is not None:
            result_of.append(("carried", at))
        else:
            result_of.append(("extra", len(extras)))
            extras.append(v)
    zeros = [_zero(v.type) for v in extras]
    if any(z is None for z in zeros):
        return None
    pre: list[Operation] = []

    def emit(op: Operation) -> SSAValue:
        pre.append(op)
        return op.results[0]

    def cast(v: SSAValue) -> SSAValue:
        width = v.type.width.data  # type: ignore[attr-defined]
        if k.unsigned and width < 64:  # (zero-extended: below 2^63)
            v = emit(arith.ExtUIOp(v, IntegerType(64)))
        return emit(arith.IndexCastOp(v, INDEX))

    lb = cast(iv)
    n = cast(k.bound)
    if isinstance(k.step, int):
        step = emit(arith.ConstantOp(IntegerAttr(k.step, INDEX)))
    else:
        one = emit(arith.ConstantOp(IntegerAttr(1, INDEX)))
        step = emit(arith.MaxSIOp(cast(k.step), one))
    ub = n if k.after_step else emit(arith.AddiOp(n, step))
    first = emit(arith.AddiOp(lb, step))
    ub = emit(arith.MaxSIOp(ub, first))
    inits = [h.args[q] for q in carried] + [emit(z) for z in zeros]  # type: ignore[arg-type]
    body = Block(arg_types=[INDEX, *(v.type for v in inits)])
    i = arith.IndexCastOp(body.args[0], iv.type)
    body.add_op(i)
    mapping: dict[int, SSAValue] = {id(iv): i.result}
    for j, q in enumerate(carried):
        mapping[id(h.args[q])] = body.args[1 + j]
    for a in h.args:
        a.replace_uses_with_if(mapping[id(a)], lambda u: not _outside(u.operation, h)
                               and u.operation is not term)
    for op in [op for op in h.ops if op is not term]:
        op.detach()
        body.add_op(op)
    ys = [mapping.get(id(back[q]), back[q]) for q in carried]
    ys += [mapping.get(id(v), v) for v in extras]
    y = scf.YieldOp(*ys)
    carry_location(y, term)
    body.add_op(y)
    loop = scf.ForOp(lb, ub, step, inits, body)
    for op in pre:
        _place(op, term, term)
    _place(loop, term, term)
    res = list(loop.results)
    out = [res[at] if kind == "carried" else res[len(carried) + at]
           for kind, at in result_of]
    return loop, out


__all__ = ["lift_function", "lift_module", "with_lifted"]
