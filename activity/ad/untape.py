"""After planning: recompute the cheapest taped values whose operands are at hand
(:func:`untape`)."""

from __future__ import annotations

from typing import Any

from xdsl.dialects import scf
from xdsl.ir import Block, BlockArgument, SSAValue

from activity.ad.costs import _op_weight
from activity.ad.plan import CameFrom, FwdShadow, Plan, PtrOffset, Trip
from activity.ad.structure import _PURE_KINDS
from activity.ops import lookup, op_name

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


def untape(gen: Any, plan: Plan) -> None:  # gen: a planning FuncGen
    """Replace tape entries by recomputation where the planning run materialises all
    operands of a cheap pure op anyway (e.g. ``p = a * l`` with ``a`` and ``l`` taped
    for ``mulf``'s own adjoint: keep ``a`` and ``l``, recompute ``p``)."""

    def there(u: SSAValue, blk: Block) -> bool:
        if gen.mirror.available(u) is not None:
            return True
        return plan.decisions.get((id(u), id(gen.mirror.target_block(u, blk)))) in (
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
