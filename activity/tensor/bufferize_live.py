"""When a tensor value is dead: no use of it can execute after a given op.

The bufferization (:mod:`.bufferize`) writes an op's result into the buffer of one of
its operands only when every tensor value held in that buffer is dead after the op.
The test is structural and conservative (a "no" costs a copy, a wrong "yes" a wrong
result):

* a use in the same block before the op's ancestor is over; one after it is not;
* a use in the other region of an enclosing ``scf.if`` (``scf.index_switch``) never
  runs after the op;
* a use that is an operand of an op enclosing the op (``scf.if``'s condition) was
  read on entry;
* if any op between the op and the value's definition repeats its regions (a loop, or
  any region op not known to run its regions once), the value is live: the next
  iteration reads it again;
* a use inside the op's own regions (a loop whose body reads its own init) is live.
"""

from __future__ import annotations

from xdsl.ir import Block, BlockArgument, Operation, SSAValue

# region ops that run one of their regions, once
EXCLUSIVE = frozenset({"scf.if", "scf.index_switch"})
# region ops that run their (single) region once, in order
ONCE = frozenset({"scf.execute_region"})


def repeats(op: Operation) -> bool:
    return bool(op.regions) and op.name not in EXCLUSIVE and op.name not in ONCE


def defining_block(v: SSAValue) -> Block | None:
    if isinstance(v, BlockArgument):
        return v.block
    owner = v.owner
    assert isinstance(owner, Operation)
    return owner.parent_block()


def chain(op: Operation, block: Block | None) -> list[Operation] | None:
    """``[op, its parent op, ...]`` up to the ancestor of ``op`` that is in ``block``;
    ``None`` if ``op`` is not nested in ``block``."""
    out = [op]
    cur: Operation | None = op
    while cur is not None:
        if cur.parent_block() is block:
            return out
        cur = cur.parent_op()
        if cur is not None:
            out.append(cur)
    return None


class Liveness:
    """``dead_after(v, op)`` over a function whose original ops' order is recorded
    once (ops inserted later are never asked about: they use no tensor)."""

    def __init__(self, root: Operation) -> None:
        self.pos: dict[Operation, int] = {}
        for op in root.walk():
            for r in op.regions:
                for b in r.blocks:
                    for i, o in enumerate(b.ops):
                        self.pos[o] = i

    def dead_after(self, v: SSAValue, op: Operation) -> bool:
        """Whether no use of ``v`` (other than by ``op`` itself, once) can run after
        ``op``."""
        block = defining_block(v)
        cx = chain(op, block)
        if cx is None:  # op is outside v's scope
            return True
        if any(repeats(o) for o in cx[1:]):
            return False
        for use in v.uses:
            u = use.operation
            if u is op:
                continue
            cu = chain(u, block)
            if cu is None:  # pragma: no cover - a use outside the definition's scope
                return False
            if not self._before(cx, cu):
                return False
        return True

    def _before(self, cx: list[Operation], cu: list[Operation]) -> bool:
        """Whether the use at the end of chain ``cu`` cannot run after the op at the
        start of chain ``cx`` (both chains end in the same block)."""
        i, j = len(cx) - 1, len(cu) - 1
        while True:
            xo, uo = cx[i], cu[j]
            if xo is not uo:
                if xo.parent_block() is uo.parent_block():
                    return self.pos.get(uo, 1 << 60) < self.pos.get(xo, -1)
                parent = xo.parent_op()
                return (parent is not None and parent.name in EXCLUSIVE
                        and xo.parent_region() is not uo.parent_region())
            if i == 0:  # the use is inside op's own regions
                return False
            if j == 0:  # an operand of an op enclosing op: read on entry
                return True
            i, j = i - 1, j - 1


__all__ = ["EXCLUSIVE", "Liveness", "chain", "defining_block", "repeats"]
