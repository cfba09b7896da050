"""Loop-invariant buffers: an allocation made and freed in each iteration of an
``scf.for`` is made once before the loop and freed once after it.

The bufferization (:mod:`.bufferize`) allocates a fresh buffer for a tensor made in a
loop body (an adjoint's zeros, a linalg op's result that cannot go in place) and frees
it at the end of the body's block.  Such a buffer cannot carry anything from one
iteration to the next (it is freed when the iteration ends, and a fresh buffer holds
nothing), so one buffer reused by every iteration behaves the same; what moves is
only the ``malloc``/``free`` pair.  Hoisted only when:

* the ``memref.alloc`` and its only ``memref.dealloc`` are ops of the loop body's
  block itself (not nested in an ``scf.if``, not returned, not yielded: the buffer's
  only uses besides the dealloc are in that block's ops);
* its sizes are defined outside the loop, or are ``memref.dim`` / ``arith.constant``
  ops of the body whose operands are (those move along, they are pure);
* the loop is an ``scf.for``, or the region op an ``scf.if`` (``scf.while`` /
  ``scf.parallel`` are left alone).

Repeated outwards while it holds: an allocation in a loop nest whose sizes are
invariant in the whole nest is made once.
"""

from __future__ import annotations

from xdsl.ir import Block, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

PURE_SIZES = frozenset({"memref.dim", "arith.constant"})
# (out of an scf.if too: the buffer is then made whether the branch runs or not, and
# the next step takes it out of the loop around)
HOIST_FROM = frozenset({"scf.for", "scf.if"})


def _outside(v: SSAValue, loop: Operation) -> bool:
    """Whether ``v`` is defined outside ``loop`` (so it dominates it: ``loop``'s
    block is in ``v``'s scope)."""
    owner = v.owner
    blk = owner if isinstance(owner, Block) else owner.parent_block()
    while blk is not None:
        op = blk.parent_op()
        if op is loop:
            return False
        if op is None:
            return True
        blk = op.parent_block()
    return True


def _hoistable_size(v: SSAValue, loop: Operation, body: Block) -> list[Operation] | None:
    """The ops to move with the size ``v`` (empty when it is already outside)."""
    if _outside(v, loop):
        return []
    owner = v.owner
    if not isinstance(owner, Operation) or owner.name not in PURE_SIZES \
            or owner.parent_block() is not body:
        return None
    if owner.name == "memref.dim":
        moved: list[Operation] = []
        for o in owner.operands:
            m = _hoistable_size(o, loop, body)
            if m is None:
                return None
            moved += m
        return [*moved, owner]
    return [owner]


def _hoist_once(alloc: Operation) -> bool:
    body = alloc.parent_block()
    loop = alloc.parent_op()
    if body is None or loop is None or loop.name not in HOIST_FROM:
        return False
    res = alloc.results[0]
    deallocs = [u.operation for u in res.uses if u.operation.name == "memref.dealloc"]
    if len(deallocs) != 1 or deallocs[0].parent_block() is not body:
        return False
    for u in res.uses:  # every use in the body's own ops (views of it included)
        if u.operation.name == "scf.yield":
            return False
        a: Operation | None = u.operation
        while a is not None and a.parent_block() is not body:
            a = a.parent_op()
        if a is None:
            return False
    moved: list[Operation] = []
    for v in alloc.operands:
        m = _hoistable_size(v, loop, body)
        if m is None:
            return False
        moved += [o for o in m if o not in moved]
    for o in moved:
        o.detach()
        Rewriter.insert_op(o, InsertPoint.before(loop))
    # the moved size ops may still have uses in the body: they dominate it from outside
    alloc.detach()
    Rewriter.insert_op(alloc, InsertPoint.before(loop))
    d = deallocs[0]
    d.detach()
    Rewriter.insert_op(d, InsertPoint.after(loop))
    return True


def hoist_allocs(root: Operation) -> int:
    """Hoist the loop-invariant allocations of ``root`` (see the module docstring);
    returns how many moves were made.  (Off with the ``inplace`` switch of
    :mod:`.opts`, which counts the allocations hoisted.)"""
    from activity.tensor import opts

    if not opts.enabled("inplace"):
        return 0
    n = 0
    for alloc in [o for o in root.walk() if o.name == "memref.alloc"]:
        moved = 0
        while _hoist_once(alloc):
            moved += 1
        n += moved
        if moved:
            opts.count("inplace")
    return n


__all__ = ["hoist_allocs"]
