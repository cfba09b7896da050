"""Tidy a lifted function (:mod:`activity.ad.lift_cf`) into the shapes the AD generator
differentiates without stacks: three local rewrites, each keeping what the function
computes.

* **same yields**: an ``scf.if`` result that both branches yield as the same value (one
  SSA value from outside the ``if``, or structurally equal pure ops whose operands
  come from outside it -- clang computes ``sequence + t + b`` in both arms of its
  ``b > 0`` guard) is that value, computed before the ``if``; the result is dropped.
* **guarded loops**: ``r = scf.if %c { pure ops; r' = scf.for .. iter_args(init); yield
  r' } else { yield init }`` -- clang's ``n > 0`` guard round a lifted do-while whose
  results leave through the guard -- becomes the loop itself before the ``if``, its
  upper bound ``select(%c, ub, lb)`` (no iteration when ``%c`` is false: the results
  are the inits, what the ``else`` yielded).  The hoisted pure ops are the bounds'
  arithmetic (no division: nothing there can trap).
* **carried pointers**: a pointer ``iter_arg`` whose next value is a pure function
  ``f(iv)`` of the induction variable and loop-invariant values (``getelementptr``
  chains: LSTM's ``xp = state + i``) is ``select(iv == lb, init, f(iv - step))`` in
  each iteration, and the loop's result ``select(ub > lb, f(last), init)``; the
  ``iter_arg`` is dropped.  The generator gives such a pointer a shadow (the ``select``
  of its arms' shadows); a pointer carried round a loop it refuses.

Used by :func:`activity.ad.lift_cf.lift_module` on each function that lifted to one
block (the dominance check runs after).
"""

from __future__ import annotations

from xdsl.dialects import arith, llvm, scf
from xdsl.dialects.builtin import IndexType, IntegerAttr
from xdsl.ir import Block, BlockArgument, Operation, Region, SSAValue

from activity.ad.structure import same_expr
from activity.engine.types import is_pointer
from activity.frontend import carry_location
from activity.ops import op_name

INDEX = IndexType()

# pure ops that cannot trap or have effects, safe to execute where they did not run
# (the bounds arithmetic of a lifted loop, the address arithmetic of a carried pointer)
_SAFE = frozenset({
    "arith.constant", "llvm.mlir.constant", "arith.index_cast", "arith.index_castui",
    "arith.extsi", "arith.extui", "arith.trunci", "llvm.sext", "llvm.zext", "llvm.trunc",
    "arith.addi", "arith.subi", "arith.muli", "arith.maxsi", "arith.minsi", "arith.maxui",
    "arith.minui", "arith.shli", "arith.cmpi", "arith.select", "llvm.add", "llvm.sub",
    "llvm.mul", "llvm.shl", "llvm.and", "llvm.or", "llvm.xor", "llvm.icmp",
    "llvm.select", "llvm.getelementptr",
})


def tidy(f: Operation) -> int:
    """Apply the rewrites to ``f`` until none applies; returns how many applied."""
    n = 0
    changed = True
    while changed:
        changed = False
        for op in list(f.walk()):
            if op.parent is None:
                continue  # (replaced in this sweep)
            if isinstance(op, scf.IfOp) and (_same_yields(op) or _guarded_loop(op)):
                changed = True
            elif isinstance(op, scf.ForOp) and _carried_pointer(op):
                changed = True
            if changed:
                n += 1
                break
    return n


# ---------------------------------------------------------------------------------------


def _outside(v: SSAValue, op: Operation) -> bool:
    """``v`` is defined outside ``op`` (not by it, nor inside its regions)."""
    owner = v.block.parent_op() if isinstance(v, BlockArgument) else v.owner
    return not (isinstance(owner, Operation) and op.is_ancestor(owner))


def _yields(ifop: scf.IfOp) -> tuple[Operation, Operation] | None:
    ts = []
    for r in (ifop.true_region, ifop.false_region):
        blk = r.blocks.first
        if blk is None or blk.last_op is None or op_name(blk.last_op) != "scf.yield":
            return None
        ts.append(blk.last_op)
    return ts[0], ts[1]


def _drop_if_results(ifop: scf.IfOp, keep: list[int]) -> scf.IfOp:
    """Rebuild ``ifop`` with only the results ``keep`` (the others have no uses)."""
    ys = _yields(ifop)
    assert ys is not None
    for y in ys:
        new_y = scf.YieldOp(*[y.operands[j] for j in keep])
        carry_location(new_y, y)
        y.parent_block().insert_op_before(new_y, y)  # type: ignore[union-attr]
        y.detach()
        y.erase()
    t, e = ifop.true_region, ifop.false_region
    ifop.detach_region(t)
    ifop.detach_region(e)
    new = scf.IfOp(ifop.cond, [ifop.results[j].type for j in keep], t, e)
    carry_location(new, ifop)
    ifop.parent_block().insert_op_before(new, ifop)  # type: ignore[union-attr]
    for i, j in enumerate(keep):
        ifop.results[j].replace_all_uses_with(new.results[i])
    ifop.detach()
    ifop.erase()
    return new


def _same_yields(ifop: scf.IfOp) -> bool:
    ys = _yields(ifop)
    if ys is None or not ifop.results:
        return False
    ty, ey = ys
    drop: list[int] = []
    for j, r in enumerate(ifop.results):
        a, b = ty.operands[j], ey.operands[j]
        if a is b and _outside(a, ifop):
            r.replace_all_uses_with(a)
            drop.append(j)
            continue
        if a is b or isinstance(a, BlockArgument) or not isinstance(a.owner, Operation):
            continue
        if not (same_expr(a, b) and all(_outside(u, ifop) for u in a.owner.operands)):
            continue
        if op_name(a.owner) not in _SAFE:
            continue
        new = a.owner.clone()
        carry_location(new, a.owner)
        ifop.parent_block().insert_op_before(new, ifop)  # type: ignore[union-attr]
        r.replace_all_uses_with(new.results[list(a.owner.results).index(a)])  # type: ignore[arg-type]
        drop.append(j)
    if not drop:
        return False
    _drop_if_results(ifop, [j for j in range(len(ifop.results)) if j not in drop])
    return True


def _guarded_loop(ifop: scf.IfOp) -> bool:
    ys = _yields(ifop)
    if ys is None or not ifop.results:
        return False
    ty, ey = ys
    then = ifop.true_region.blocks.first
    assert then is not None
    if ey.parent_block().first_op is not ey:  # type: ignore[union-attr]
        return False  # the else branch does something
    loops = [o for o in then.ops if isinstance(o, scf.ForOp)]
    if len(loops) != 1:
        return False
    L = loops[0]
    for o in then.ops:
        if o is L or o is ty:
            continue
        if op_name(o) not in _SAFE or o.regions:
            return False
    for j in range(len(ifop.results)):
        a, b = ty.operands[j], ey.operands[j]
        if a.owner is not L:
            return False  # (an equal value would have been hoisted by _same_yields)
        k = list(L.results).index(a)  # type: ignore[arg-type]
        if L.iter_args[k] is not b:
            return False
    if not all(_outside(x, L) and (_outside(x, ifop) or x.owner.parent_block() is then)  # type: ignore[union-attr]
               for x in L.operands):
        return False
    blk = ifop.parent_block()
    assert blk is not None
    for o in list(then.ops):
        if o is ty:
            break
        o.detach()
        blk.insert_op_before(o, ifop)
    lb, ub = L.lb, L.ub
    sel = arith.SelectOp(ifop.cond, ub, lb)
    carry_location(sel, ifop)
    blk.insert_op_before(sel, L)
    L.operands[1] = sel.result
    for j, r in enumerate(ifop.results):
        r.replace_all_uses_with(ty.operands[j])
    ifop.detach()
    ifop.erase()
    return True


def _chain(v: SSAValue, loop: scf.ForOp, iv: SSAValue, out: list[Operation],
           depth: int = 0) -> bool:
    """Whether ``v`` is computed from ``iv`` and values defined outside ``loop`` by safe
    pure ops directly in ``loop``'s body; collects those ops (operands first)."""
    if v is iv or _outside(v, loop):
        return True
    if isinstance(v, BlockArgument) or depth > 16:
        return False
    o = v.owner
    assert isinstance(o, Operation)
    if o.parent_block() is not loop.body.blocks[0] or op_name(o) not in _SAFE or o.regions:
        return False
    if o in out:
        return True
    if not all(_chain(u, loop, iv, out, depth + 1) for u in o.operands):
        return False
    out.append(o)
    return True


def _clone_chain(ops: list[Operation], iv: SSAValue, at: SSAValue, v: SSAValue,
                 before: Operation) -> SSAValue:
    """``v`` recomputed before ``before`` with ``iv := at``."""
    mapping: dict[SSAValue, SSAValue] = {iv: at}
    blk = before.parent_block()
    assert blk is not None
    for o in ops:
        new = o.clone(value_mapper=dict(mapping))
        carry_location(new, o)
        blk.insert_op_before(new, before)
        for a, b in zip(o.results, new.results, strict=True):
            mapping[a] = b
    return mapping.get(v, v)


def _carried_pointer(L: scf.ForOp) -> bool:
    body = L.body.blocks[0]
    y = body.last_op
    if y is None or op_name(y) != "scf.yield":
        return False
    iv = body.args[0]
    for j in range(len(L.iter_args)):
        arg = body.args[1 + j]
        if not is_pointer(arg.type) or not llvm_ptr(arg.type):
            continue
        nxt = y.operands[j]
        ops: list[Operation] = []
        if nxt is arg or not _chain(nxt, L, iv, ops):
            continue
        _rewrite_carried(L, j, nxt, ops)
        return True
    return False


def llvm_ptr(t: object) -> bool:
    return isinstance(t, llvm.LLVMPointerType)


def _rewrite_carried(L: scf.ForOp, j: int, nxt: SSAValue, ops: list[Operation]) -> None:
    body = L.body.blocks[0]
    iv = body.args[0]
    arg = body.args[1 + j]
    init = L.iter_args[j]
    first_op = body.first_op
    assert first_op is not None
    # in the body: select(iv == lb, init, f(iv - step))
    prev = arith.SubiOp(iv, L.step)
    first = arith.CmpiOp(iv, L.lb, "eq")
    for o in (prev, first):
        carry_location(o, L)
        body.insert_op_before(o, first_op)
    val = _clone_chain(ops, iv, prev.result, nxt, first_op)
    sel = llvm.SelectOp(first.result, init, val)
    carry_location(sel, L)
    body.insert_op_before(sel, first_op)
    arg.replace_all_uses_with(sel.results[0])
    # after the loop: select(ub > lb, f(lb + (ub - lb - 1) / step * step), init)
    res = L.results[j]
    blk = L.parent_block()
    assert blk is not None
    after = L.next_op
    assert after is not None
    if res.uses:
        one = arith.ConstantOp(IntegerAttr(1, INDEX))
        span = arith.SubiOp(L.ub, L.lb)
        span1 = arith.SubiOp(span.result, one.result)
        q = arith.DivUIOp(span1.result, L.step)
        off = arith.MuliOp(q.result, L.step)
        last = arith.AddiOp(L.lb, off.result)
        ran = arith.CmpiOp(L.ub, L.lb, "sgt")
        for o in (one, span, span1, q, off, last, ran):
            carry_location(o, L)
            blk.insert_op_before(o, after)
        lv = _clone_chain(ops, iv, last.result, nxt, after)
        rsel = llvm.SelectOp(ran.result, lv, init)
        carry_location(rsel, L)
        blk.insert_op_before(rsel, after)
        res.replace_all_uses_with(rsel.results[0])
    _drop_iter_arg(L, j)


def _drop_iter_arg(L: scf.ForOp, j: int) -> scf.ForOp:
    """Rebuild ``L`` without ``iter_arg`` ``j`` (its block argument and result unused)."""
    body = L.body.blocks[0]
    y = body.last_op
    assert y is not None
    ny = scf.YieldOp(*[v for i, v in enumerate(y.operands) if i != j])
    carry_location(ny, y)
    body.insert_op_before(ny, y)
    y.detach()
    y.erase()
    body.erase_arg(body.args[1 + j])
    region = L.body
    L.detach_region(region)
    inits = [v for i, v in enumerate(L.iter_args) if i != j]
    new = scf.ForOp(L.lb, L.ub, L.step, inits, region)
    carry_location(new, L)
    L.parent_block().insert_op_before(new, L)  # type: ignore[union-attr]
    k = 0
    for i, r in enumerate(L.results):
        if i == j:
            continue
        r.replace_all_uses_with(new.results[k])
        k += 1
    L.detach()
    L.erase()
    return new


__all__ = ["tidy"]


_ = (Block, Region)  # (types named in docstrings)
