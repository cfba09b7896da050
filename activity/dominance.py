"""SSA dominance: every use of a value sees its definition (xDSL does not check it).

MLIR's rule, which every later stage assumes (an interpreter, a verifier or a
gradient that meets a use before its definition has no value to read):

* in a region with SSA dominance, a use in the defining block comes after the
  definition; a use in another block of the region lies in a block that the
  defining block dominates (block arguments dominate their whole block); a use in
  a region nested in an op of the region counts as a use by that op -- so an op's
  own results are not visible inside its regions (an ``scf.for`` body cannot read
  the loop's result);
* values defined outside an op whose regions are isolated from above
  (``func.func``, ``llvm.func``, ``gpu.module``, ...) are not visible inside it;
* graph regions -- ``builtin.module``, ``gpu.module``, and the regions of an op
  xDSL does not know (MLIR's verifier assumes they may be graph regions) -- have no
  order: every value of the region is visible everywhere in it;
* ops in blocks that the region's entry does not reach are not checked against
  the order (as in MLIR, where every block dominates an unreachable one), only
  against the values in scope.

:func:`first_violation` walks the module once, keeping the set of values in scope:
time linear in the size of the module, plus the dominator tree of each region
with more than one block (Cooper, Harvey and Kennedy's iterative algorithm).
"""

from __future__ import annotations

from typing import NamedTuple

from xdsl.dialects.builtin import UnregisteredOp
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.traits import IsolatedFromAbove

__all__ = ["GRAPH_REGION_OPS", "ISOLATED_OPS", "Violation", "first_violation", "is_graph",
           "is_isolated", "op_name"]

GRAPH_REGION_OPS = frozenset({"builtin.module", "gpu.module"})
"""Ops whose regions are MLIR graph regions (``RegionKind::Graph``)."""

ISOLATED_OPS = frozenset({"llvm.func", "llvm.mlir.global"})
"""Ops isolated from above in MLIR whose xDSL classes lack the trait."""


class Violation(NamedTuple):
    """``user``'s operand ``index``, ``value``, does not dominate the use."""

    user: Operation
    index: int
    value: SSAValue


class _Found(Exception):
    def __init__(self, violation: Violation) -> None:
        super().__init__()
        self.violation = violation


def first_violation(op: Operation) -> Violation | None:
    """The first use, in the regions nested in ``op``, that its definition does not
    dominate; ``None`` when there is none."""
    try:
        _check_regions(op, set())
    except _Found as found:
        return found.violation
    return None


def is_isolated(op: Operation) -> bool:
    """Whether values from outside ``op`` are invisible in its regions (not so for an op
    xDSL does not know: MLIR does not assume it)."""
    return op.name in ISOLATED_OPS or op.has_trait(IsolatedFromAbove,
                                                   value_if_unregistered=False)


def is_graph(op: Operation) -> bool:
    """Whether ``op``'s regions are graph regions (unordered)."""
    return op.name in GRAPH_REGION_OPS or isinstance(op, UnregisteredOp)


def op_name(op: Operation) -> str:
    """``op``'s name as written (xDSL calls every op it does not know
    ``builtin.unregistered``)."""
    return op.op_name.data if isinstance(op, UnregisteredOp) else op.name


def _check_regions(op: Operation, visible: set[SSAValue]) -> None:
    scope: set[SSAValue] = set() if is_isolated(op) else visible
    graph = is_graph(op)
    for region in op.regions:
        blocks = region.blocks
        if not blocks:
            continue
        if graph:
            _check_unordered(blocks, scope)
        elif len(blocks) == 1:
            scope.difference_update(_check_block(region.blocks[0], scope))
        else:
            _check_cfg(region, scope)


def _check_block(block: Block, visible: set[SSAValue]) -> list[SSAValue]:
    """Check ``block``'s ops in order, adding its values to ``visible``; returns them
    (for the caller to remove when they go out of scope)."""
    added: list[SSAValue] = list(block.args)
    visible.update(added)
    for op in block.ops:
        for k, value in enumerate(op.operands):
            if value not in visible:
                raise _Found(Violation(op, k, value))
        if op.regions:
            _check_regions(op, visible)
        if op.results:
            visible.update(op.results)
            added.extend(op.results)
    return added


def _check_unordered(blocks: object, visible: set[SSAValue]) -> None:
    """A graph region, or the unreachable blocks of a CFG region: every value of the
    blocks is in scope in all of them."""
    added: list[SSAValue] = []
    for block in blocks:  # type: ignore[attr-defined]
        added.extend(block.args)
        for op in block.ops:
            added.extend(op.results)
    fresh = [v for v in added if v not in visible]
    visible.update(fresh)
    for block in blocks:  # type: ignore[attr-defined]
        for op in block.ops:
            for k, value in enumerate(op.operands):
                if value not in visible:
                    raise _Found(Violation(op, k, value))
            if op.regions:
                _check_regions(op, visible)
    visible.difference_update(fresh)


def _check_cfg(region: Region, visible: set[SSAValue]) -> None:
    """A region of several blocks: walk its dominator tree, so that a block sees the
    values of the blocks that dominate it."""
    blocks = list(region.blocks)
    children, reachable = _dominator_tree(blocks)
    stack: list[tuple[int, list[SSAValue] | None]] = [(0, None)]
    while stack:
        b, leaving = stack.pop()
        if leaving is not None:
            visible.difference_update(leaving)
            continue
        stack.append((b, _check_block(blocks[b], visible)))
        stack.extend((c, None) for c in reversed(children[b]))
    unreachable = [blk for i, blk in enumerate(blocks) if not reachable[i]]
    if unreachable:
        # MLIR leaves the operands of ops in unreachable blocks unchecked; here they
        # may use any value of the region (or in scope around it).
        everything = [v for i, blk in enumerate(blocks) if reachable[i]
                      for v in (*blk.args, *(r for o in blk.ops for r in o.results))]
        fresh = [v for v in everything if v not in visible]
        visible.update(fresh)
        _check_unordered(unreachable, visible)
        visible.difference_update(fresh)


def _dominator_tree(blocks: list[Block]) -> tuple[list[list[int]], list[bool]]:
    """Children in the dominator tree of each block (by index; block 0 is the entry),
    and which blocks the entry reaches."""
    n = len(blocks)
    index = {blk: i for i, blk in enumerate(blocks)}
    succs = [[index[s] for op in blk.ops for s in op.successors if s in index]
             for blk in blocks]
    # Postorder numbers by an iterative depth-first search from the entry.
    post = [-1] * n
    seen = [False] * n
    order: list[int] = []
    seen[0] = True
    stack = [(0, iter(succs[0]))]
    while stack:
        b, it = stack[-1]
        for s in it:
            if not seen[s]:
                seen[s] = True
                stack.append((s, iter(succs[s])))
                break
        else:
            stack.pop()
            post[b] = len(order)
            order.append(b)
    preds: list[list[int]] = [[] for _ in range(n)]
    for b in order:
        for s in succs[b]:
            preds[s].append(b)
    idom = [-1] * n
    idom[0] = 0
    rpo = order[::-1]
    changed = True
    while changed:
        changed = False
        for b in rpo[1:]:
            new = -1
            for p in preds[b]:
                if idom[p] == -1:
                    continue
                if new == -1:
                    new = p
                    continue
                x, y = p, new
                while x != y:
                    while post[x] < post[y]:
                        x = idom[x]
                    while post[y] < post[x]:
                        y = idom[y]
                new = x
            if idom[b] != new:
                idom[b] = new
                changed = True
    children: list[list[int]] = [[] for _ in range(n)]
    for b in rpo[1:]:
        children[idom[b]].append(b)
    return children, seen
