"""The tape plan's cost model: op weights, the recompute limits, and which loads
read at an index a search found (see :mod:`activity.ad.tapeplan`)."""

from __future__ import annotations

from xdsl.ir import BlockArgument, SSAValue

from activity.engine.types import is_pointer
from activity.ops import TABLE, op_name

RECOMPUTE_LIMIT = 16  # most ops recomputed to obtain one value instead of taping it


SECOND_PLAN_LIMIT = 32  # the same, in the second planning run (see Differentiator._plan)


# the limit where no tape can hold a value (inside scf.parallel, in a loop whose bounds
# an iteration computes): recomputation is then the only sound way to get it
NO_TAPE_LIMIT = 4096


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
