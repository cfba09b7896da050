"""Loops over a triangle: ``linalg`` bodies masked by a comparison of their iteration
indices (LAGrad's structured matrices; the ``triangular`` switch of
:mod:`activity.tensor.opts`).

A body whose outputs do not change where ``j < i`` (say) is false -- it yields the
accumulator there, or adds a zero to it -- needs only the iterations where the mask
holds: the loop over ``j`` can run from 0 to ``i`` instead of to its size, and inside
that range the mask's ``select`` is its chosen operand.  GMM's strictly lower
triangular ``Q`` is written ``select(j < i, l * v, 0.0)``; its adjoints carry the same
mask, on parallel dimensions or reduction ones.

Two halves:

* :func:`triangle_of` (the loop lowering, :mod:`activity.tensor.loops`): which body is
  so masked, which loop it restricts and to what range, and what the skipped
  iterations would have done (nothing; or added ``+0.0``, which only turns a ``-0.0``
  output into ``+0.0`` -- the lowering then adds ``+0.0`` once where it skipped some,
  and ``(a + 0.0) + p == (a + p) + 0.0`` bit for bit, so where it adds it does not
  matter).
* :func:`mask_outside` (the adjoint rules, :mod:`activity.ad.rules.linalg`): the
  adjoint of ``select(m, l * v, 0.0)`` with respect to ``l`` is ``v * select(m, g,
  0.0)``, whose skipped iterations add ``v * 0.0`` -- NaN for an infinite ``v``, so
  they cannot be skipped bit for bit.  Where the contribution is homogeneous in the
  masked value (zero wherever it is zero, over the reals) it is rewritten
  ``select(m, v * g, -0.0)``: the exact partial where the primal discarded its value
  is 0 (the primal's result did not depend on ``l`` there), and adding ``-0.0``
  leaves every accumulator as it is, so those iterations can go.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, FloatData, IndexType, IntegerAttr
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Block, Operation, SSAValue

from activity.tensor import opts
from activity.tensor.structured import Structured

# --------------------------------------------------------------------------
# Index masks


@dataclass(frozen=True)
class Range:
    """Where a masked body runs along loop ``dim``, ``X`` being loop ``other``'s
    counter or (``other`` None) the constant ``const``:

    * ``below``: ``[0, X + off)``
    * ``from``: ``[X + off, size)``
    * ``at``: ``[X, X + 1)``

    (each cut to ``[0, size)``)."""

    dim: int
    other: int | None
    const: int
    kind: str
    off: int


# arith.cmpi predicates: eq ne slt sle sgt sge ult ule ugt uge
_EQ, _NE = 0, 1
_LT, _LE, _GT, _GE = (2, 6), (3, 7), (4, 8), (5, 9)
_NEGATE = {0: 1, 1: 0, 2: 5, 3: 4, 4: 3, 5: 2, 6: 9, 7: 8, 8: 7, 9: 6}
_SWAP = {0: 0, 1: 1, 2: 4, 3: 5, 4: 2, 5: 3, 6: 8, 7: 9, 8: 6, 9: 7}


def _index_dim(v: SSAValue, body: Block | None) -> int | None:
    o = v.owner
    if isinstance(o, linalg.IndexOp) and (body is None or o.parent_block() is body):
        return o.dim.value.data
    return None


def _index_const(v: SSAValue) -> int | None:
    """A non-negative ``index`` constant's value (the loop counters are non-negative,
    so the signed and unsigned comparisons with it agree)."""
    o = v.owner
    if isinstance(o, arith.ConstantOp) and isinstance(o.value, IntegerAttr) \
            and isinstance(o.value.type, IndexType) and o.value.value.data >= 0:
        return o.value.value.data
    return None


def ranges(cond: SSAValue, holds: bool, body: Block | None = None) -> list[Range]:
    """The :class:`Range` s where ``cond`` is ``holds``: ``cond`` an ``arith.cmpi`` of
    two iteration indices (``linalg.index`` of ``body``), or of one and a constant
    (either side); one range per index it can restrict (two for two indices: ``j < i``
    is ``j`` in ``[0, i)`` and ``i`` in ``[j + 1, size)``).  ``[]``: not such a mask
    (``ne``, ``j < i + 1`` computed by arith, a non-index operand)."""
    cmp = cond.owner
    if not isinstance(cmp, arith.CmpiOp) or not isinstance(cmp.lhs.type, IndexType):
        return []
    pred = cmp.predicate.value.data
    if not holds:
        pred = _NEGATE[pred]
    out: list[Range] = []
    for a, b, p in ((cmp.lhs, cmp.rhs, pred), (cmp.rhs, cmp.lhs, _SWAP[pred])):
        d = _index_dim(a, body)
        if d is None:
            continue
        other, const = _index_dim(b, body), 0
        if other is None:
            c = _index_const(b)
            if c is None:
                continue
            const = c
        elif other == d:
            continue
        if p in _LT:
            out.append(Range(d, other, const, "below", 0))
        elif p in _LE:
            out.append(Range(d, other, const, "below", 1))
        elif p in _GT:
            out.append(Range(d, other, const, "from", 1))
        elif p in _GE:
            out.append(Range(d, other, const, "from", 0))
        elif p == _EQ:
            out.append(Range(d, other, const, "at", 0))
    return out


def _zero_sign(v: SSAValue) -> float | None:
    """``+1.0``/``-1.0`` for a float constant ``+0.0``/``-0.0``; None otherwise."""
    o = v.owner
    if isinstance(o, arith.ConstantOp) and isinstance(getattr(o.value, "value", None),
                                                      FloatData) \
            and o.value.value.data == 0.0:
        return math.copysign(1.0, o.value.value.data)
    return None


# --------------------------------------------------------------------------
# The loop lowering's half


@dataclass
class Triangle:
    """A body masked by its iteration indices (:func:`triangle_of`).

    ``ranges``: the loops the mask can restrict, one of them to be chosen by the
    lowering (the mask's other index must be counted by an outer loop).  ``unmask``:
    the mask's ``select`` ops -> the operand (1 or 2) they equal inside the range.
    ``plus_zero``: the outputs the skipped iterations would add ``+0.0`` to."""

    ranges: list[Range]
    unmask: dict[Operation, int]
    plus_zero: list[int]


def triangle_of(s: Structured) -> Triangle | None:
    """Whether every output of ``s``'s body is, where a mask on the iteration indices
    is false, its accumulator (``select(m, p, acc)``, ``select(m, acc, p)``, ``acc``
    itself) or the accumulator plus a zero (``acc + select(m, p, ±0.0)``, either
    operand order, either select order), all with the same mask; the body of
    ``arith``/``math``/``linalg.index`` ops only (nothing else it does could be
    skipped).  None otherwise."""
    ops = list(s.body.ops)
    if not ops or not isinstance(ops[-1], linalg.YieldOp) or any(o.regions for o in ops) \
            or not all(o.name.startswith(("arith.", "math.")) or isinstance(o, linalg.IndexOp)
                       for o in ops[:-1]):
        return None
    nin = len(s.inputs)
    common: set[Range] | None = None
    unmask: dict[Operation, int] = {}
    plus_zero: list[int] = []
    for k, y in enumerate(ops[-1].operands):
        acc = s.body.args[nin + k]
        if y is acc:
            continue
        own = y.owner
        sel, keep, zero = None, 0, False
        if isinstance(own, arith.SelectOp) and acc in (own.lhs, own.rhs) \
                and own.lhs is not own.rhs:
            sel, keep = own, (1 if own.rhs is acc else 2)
        elif isinstance(own, arith.AddfOp) and acc in (own.lhs, own.rhs) \
                and own.lhs is not own.rhs:
            t = own.rhs if own.lhs is acc else own.lhs
            o = t.owner
            if isinstance(o, arith.SelectOp):
                for pos, z in ((1, o.rhs), (2, o.lhs)):
                    sign = _zero_sign(z)
                    if sign is not None:
                        sel, keep, zero = o, pos, sign > 0
                        break
        if sel is None or sel.parent_block() is not s.body:
            return None
        here = set(ranges(sel.cond, keep == 1, s.body))
        common = here if common is None else common & here
        if not common or unmask.get(sel, keep) != keep:
            return None
        unmask[sel] = keep
        if zero:
            plus_zero.append(k)
    if not common:
        return None
    return Triangle(sorted(common, key=lambda r: (r.dim, r.kind)), unmask, plus_zero)


# --------------------------------------------------------------------------
# The adjoint rules' half

_HOMOGENEOUS = (arith.NegfOp, arith.MulfOp, arith.DivfOp, arith.AddfOp, arith.SubfOp,
                arith.ExtFOp, arith.TruncFOp, arith.SelectOp)


def mask_outside(c: SSAValue, emit: Callable[[Operation], SSAValue]) -> SSAValue:
    """``c`` -- an adjoint body's contribution to its accumulator -- with its index
    mask moved outside: where ``c`` is computed from ``sel = select(m, g, ±0.0)`` (``m``
    a mask on the iteration indices, :func:`ranges`) by ops that keep a zero a zero
    (``x * sel``, ``sel / x``, ``-sel``, sums of such, ...: ``c`` is ``sel`` times
    something, over the reals), the same ops are emitted (by ``emit``) on ``g`` and
    ``select(m, that, -0.0)`` is returned: equal to ``c`` where ``m`` holds and, where
    it does not, ``-0.0`` -- the exact partial there is 0 (the masked value did not
    reach the primal's result), and the loop lowering can skip those iterations bit
    for bit (:func:`triangle_of`).  ``c`` itself otherwise, or with the
    ``triangular`` optimization off."""
    if not opts.enabled("triangular") or not isinstance(c.owner, Operation):
        return c
    blk = c.owner.parent_block()
    cone: list[Operation] = []  # c's ops in its block, operands first
    seen: set[int] = set()

    def visit(v: SSAValue) -> None:
        o = v.owner
        if not isinstance(o, Operation) or o.parent_block() is not blk or id(o) in seen:
            return
        seen.add(id(o))
        for u in o.operands:
            visit(u)
        cone.append(o)
    visit(c)
    for sel in cone:
        if not isinstance(sel, arith.SelectOp):
            continue
        for pos, z, g in ((1, sel.rhs, sel.lhs), (2, sel.lhs, sel.rhs)):
            if _zero_sign(z) is None or not ranges(sel.cond, pos == 1, blk):
                continue
            got = _rebuild(c, sel.result, g, emit)
            if got is None:
                continue
            minus = emit(arith.ConstantOp(FloatAttr(-0.0, c.type)))
            t, f = (got, minus) if pos == 1 else (minus, got)
            new = emit(arith.SelectOp(sel.cond, t, f))
            for o in reversed(cone):  # (the contribution as it was, now unused)
                if all(not r.uses for r in o.results) and not isinstance(
                        o, linalg.IndexOp | arith.ConstantOp | arith.CmpiOp):
                    o.detach()
                    o.erase()
            return new
    return c


def _rebuild(c: SSAValue, sel: SSAValue, g: SSAValue,
             emit: Callable[[Operation], SSAValue]) -> SSAValue | None:
    """``c`` recomputed with ``sel`` replaced by ``g``, where ``c`` is homogeneous of
    degree one in ``sel`` (zero when ``sel`` is, over the reals); None otherwise."""
    dep: dict[int, bool] = {}

    def depends(v: SSAValue) -> bool:
        if v is sel:
            return True
        o = v.owner
        if not isinstance(o, Operation):
            return False
        if id(v) not in dep:
            dep[id(v)] = any(depends(u) for u in o.operands)
        return dep[id(v)]

    def homogeneous(v: SSAValue) -> bool:
        if v is sel:
            return True
        o = v.owner
        if not isinstance(o, _HOMOGENEOUS) or len(o.results) != 1:
            return False
        if isinstance(o, arith.NegfOp | arith.ExtFOp | arith.TruncFOp):
            return homogeneous(o.operands[0])
        if isinstance(o, arith.MulfOp):
            a, b = o.operands
            return (homogeneous(a) and not depends(b)) or (homogeneous(b) and not depends(a))
        if isinstance(o, arith.DivfOp):
            return homogeneous(o.lhs) and not depends(o.rhs)
        if isinstance(o, arith.AddfOp | arith.SubfOp):
            return homogeneous(o.lhs) and homogeneous(o.rhs)
        assert isinstance(o, arith.SelectOp)
        arms = [o.lhs, o.rhs]
        return not depends(o.cond) and any(homogeneous(a) for a in arms) and all(
            homogeneous(a) or (_zero_sign(a) is not None and not depends(a)) for a in arms)

    if not homogeneous(c):
        return None
    made: dict[int, SSAValue] = {id(sel): g}

    def build(v: SSAValue) -> SSAValue:
        if id(v) in made:
            return made[id(v)]
        if not depends(v):
            return v
        o = v.owner
        assert isinstance(o, Operation)
        new = o.clone(value_mapper={u: build(u) for u in o.operands})
        made[id(v)] = emit(new)
        return made[id(v)]
    return build(c)


__all__ = ["Range", "Triangle", "mask_outside", "ranges", "triangle_of"]
