"""Masks fixed across a carried sum applied once after its loop (switch ``maskhoist``).

An index-masked body (GMM's ``select(j < i, l * v, -0.0)``) lowered into a loop that
carries the sum along a reduction the mask does not depend on (GMM's ``dL[k, i, j] +=
xc[n, k, j] dqx[n, k, i]``, summed over the points ``n``) selects every term:
``acc' = acc + select(c, p, -0.0)`` with ``c`` the same in every iteration.  A select
between the multiply and the add keeps LLVM from fusing them into an FMA and costs a
blend per term.  Here such a chain becomes ``acc' = acc + p`` and the loop's result
``r`` becomes ``select(c, r, init)`` after the loop.

Exact (without contraction: with ``fastmath<contract>`` on the body, or
``loops.CONTRACT``, the select no longer stands between the multiply and the add and
LLVM may fuse them, which the flag permits): where ``c`` holds, every term is ``p``,
as before; where it does not, the original sum is ``init + (-0.0) + ... + (-0.0)``,
which is ``init`` bit for bit (``x + -0.0`` is ``x`` for every ``x``: zeros of both
signs, infinities, NaNs), and the terms computed in vain (an ignored triangle's NaNs
included) are discarded by the select.  Only chains whose carried value has no other
use inside the loop are changed (another use would see the unmasked partial sums).
"""

from __future__ import annotations

import math

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import FloatAttr
from xdsl.ir import Block, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from activity.tensor import opts

# pure index/boolean ops a loop-invariant condition may be computed by inside the loop
_PURE = (arith.ConstantOp, arith.CmpiOp, arith.AddiOp, arith.SubiOp, arith.MuliOp,
         arith.AndIOp, arith.OrIOp, arith.XOrIOp, arith.MinUIOp, arith.MaxUIOp)


def _inside(v: SSAValue, loop: Operation) -> Operation | None:
    """The op defining ``v`` inside ``loop`` (None: defined outside it).  A block
    argument of a block inside ``loop`` gives that block's op -- for the induction
    variable, ``loop`` itself -- so the caller never takes the summed index (or a value
    carried by an inner loop) for a fixed one."""
    owner = v.owner
    if isinstance(owner, Operation):
        return owner if loop.is_ancestor(owner) else None
    assert isinstance(owner, Block)
    parent = owner.parent_op()
    return parent if parent is not None and loop.is_ancestor(parent) else None


def _invariant(v: SSAValue, loop: Operation, moves: list[Operation], depth: int = 0) -> bool:
    """Whether ``v`` is the same in every iteration of ``loop``: defined outside it, or
    by pure index ops of such values (collected in ``moves``, operands first, to be
    moved before the loop)."""
    op = _inside(v, loop)
    if op is None:
        return True
    if not isinstance(v.owner, Operation) or not isinstance(op, _PURE) or depth > 6:
        return False
    for x in op.operands:
        if not _invariant(x, loop, moves, depth + 1):
            return False
    if op not in moves:
        moves.append(op)
    return True


def _negative_zero(v: SSAValue) -> bool:
    op = v.owner
    if not isinstance(op, arith.ConstantOp) or not isinstance(op.value, FloatAttr):
        return False
    x = op.value.value.data
    return x == 0.0 and math.copysign(1.0, x) < 0


def hoist_masks(loop: scf.ForOp) -> list[SSAValue]:
    """``loop``'s results, its masked sums' replaced by their selects after the loop
    (inserted right after it); ``loop`` unchanged where no chain qualifies."""
    results: list[SSAValue] = list(loop.results)
    if not opts.enabled("maskhoist") or not loop.iter_args:
        return results
    body = loop.body.block
    yield_op = body.last_op
    assert isinstance(yield_op, scf.YieldOp)
    done = 0
    after: Operation = loop
    for r, (arg, init) in enumerate(zip(body.args[1:], loop.iter_args, strict=True)):
        use = arg.get_unique_use()
        if use is None:
            continue
        add = use.operation
        use = add.results[0].get_unique_use() if isinstance(add, arith.AddfOp) else None
        if use is None:
            continue
        assert isinstance(add, arith.AddfOp)
        if use.operation is not yield_op or use.index != r:
            continue
        other = add.rhs if add.lhs is arg else add.lhs
        sel = other.owner
        if (not isinstance(sel, arith.SelectOp) or other is arg
                or not sel.result.has_one_use() or not _negative_zero(sel.rhs)):
            continue
        moves: list[Operation] = []
        if not _invariant(sel.cond, loop, moves):
            continue
        for m in moves:
            m.detach()
            Rewriter.insert_op(m, InsertPoint.before(loop))
        add.operands[0 if add.lhs is other else 1] = sel.lhs
        sel.detach()
        sel.erase()
        kept = arith.SelectOp(sel.cond, results[r], init)
        Rewriter.insert_op(kept, InsertPoint.after(after))
        after = kept
        results[r] = kept.result
        done += 1
    if done:
        opts.count("maskhoist")
    return results
