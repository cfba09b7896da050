"""Dead-code elimination for generated functions.

The generator evaluates derivative rules eagerly and materialises operands lazily, so a
few ops end up unused (a partial nobody multiplies, an index computed for a tape that
turned out static, a primal integer only the original needed).  Removing them keeps the
op counts of ``--stats`` honest for both the pruned and the ``all_active`` gradient.
Only ops without side effects are removed.
"""

from __future__ import annotations

from xdsl.ir import Operation

from activity.ops import op_name

_PURE_MEMREF = frozenset({
    "memref.dim", "memref.load", "memref.cast", "memref.subview", "memref.reinterpret_cast",
    "memref.collapse_shape", "memref.expand_shape", "memref.view", "memref.get_global",
    "memref.rank",
})


def _pure(op: Operation) -> bool:
    name = op_name(op)
    if op.regions or not op.results:
        return False
    if name.startswith("arith.") or name.startswith("math."):
        return True
    return name in _PURE_MEMREF


def dce(root: Operation) -> int:
    """Erase unused side-effect-free ops under ``root``; returns how many."""
    erased = 0
    while True:
        dead = [op for op in root.walk(reverse=True)
                if op is not root and _pure(op) and all(not r.uses for r in op.results)]
        if not dead:
            return erased
        for op in dead:
            if all(not r.uses for r in op.results):
                op.detach()
                op.erase()
                erased += 1


__all__ = ["dce"]
