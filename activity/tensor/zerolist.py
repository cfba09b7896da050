"""Reductions that update their outputs in memory run over a list of the nonzero
elements of a factor (the ``zerolist`` optimization of :mod:`activity.tensor.opts`).

The adjoint of Hand's skinning, ``dT[b, i, j] += w[v, b] * x[v, j] * d[v, i]``, sums
over the vertices ``v`` for each bone ``b``; three weights in four are zero, and each
such term is ``+-0``.  :mod:`activity.tensor.zeroskip` skips such terms by a branch in
nests that carry their sums in registers, not here: a branch inside the reduction made
the tile's loads and stores conditional (1.1x slower).  Here, per iteration of the
loops outside the reduction (per bone), the reduction's indices where the factor is
not zero are first written to a list, in increasing order, and the reduction then runs
over that list: the same nonzero terms in the same order as the dense loop, so the
same bits, under :mod:`activity.tensor.zeroskip`'s conditions (its guard: the other
factors finite, their products too; every output starting from a fill that is finite
and not ``-0.0``).  A NaN factor element is kept (``w != 0`` is true for it).

Chosen only where it pays:

* statically, where the loops inside the reduction are parallel with static sizes whose
  product is between :data:`MIN_BODY` and :data:`MAX_BODY` (a body short enough that
  a term skipped saves about as much as a list entry costs to make; a larger body
  is left dense -- not measured), the reduction is the nest's first, the factor's
  other indices are fixed outside it, and no register-tile loop outside it runs more
  than once (each list is made once per slice of the factor);
* at run time, once per run of the nest: the list is made only where the guard holds
  and at least half of the factor's elements are zero (counted before the nest, over
  its first :data:`SAMPLE` elements where it is contiguous); else the dense loop runs
  (the same code as without the switch).

Measured on Hand's gradient (8 bones, 544 vertices, 75% zero weights; one thread, the
compiled code alone): 14.7 -> 13.9 us.  Making the lists is most of what is left of
the nest's time: a pass over the factor's column (strided) per bone, about as costly
per element as the dense body's (it is 4 flops of 12 there, vectorized by 4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects import arith, memref, scf
from xdsl.dialects.builtin import (
    FloatAttr,
    IndexType,
    IntegerAttr,
    MemRefType,
    NoneAttr,
)
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.ir.affine import AffineDimExpr

from activity.tensor.structured import Structured
from activity.tensor.zeroskip import ZeroSkip, flat_view

# the product of the static sizes of the loops inside the listed reduction
MIN_BODY, MAX_BODY = 4, 64

_At = Callable[[Operation], Operation]


def list_level(s: Structured, z: ZeroSkip, plan: Sequence[tuple[int, str, int]],
               carry: bool, jam: int | None, static: dict[int, int]) -> int | None:
    """The level in ``plan`` (a :func:`activity.tensor.loops.tiling`) of the reduction
    loop that runs over a list of ``z``'s factor's nonzero elements, else ``None``
    (see the module docstring; ``static``: the dimensions' static sizes)."""
    if carry:
        return None
    q = next((q for q, (d, _, _) in enumerate(plan) if s.iterator_types[d] != "parallel"),
             None)
    if q is None:
        return None
    d, role, _ = plan[q]
    dims = {e.position for r in s.indexing_maps[z.factor].results for e in r.dfs()
            if isinstance(e, AffineDimExpr)}
    outside = {e for e, r, _ in plan[:q] if r != "outer"}
    if role != "full" or d == jam or d not in dims or not dims - {d} <= outside:
        return None
    if any(r == "outer" and not 0 <= static.get(e, -1) <= tile for e, r, tile in plan[:q]):
        return None  # (a tile loop of several iterations would make the lists again)
    body = 1
    for e, r, tile in plan[q + 1:]:
        size = static.get(e, -1)
        if r == "inner":
            size = min(size, tile)
        if s.iterator_types[e] != "parallel" or size < 0 or r == "outer":
            return None
        body *= size
    return q if MIN_BODY <= body <= MAX_BODY else None


# elements of a contiguous factor counted by mostly_zero (its first ones)
SAMPLE = 256


def mostly_zero(at: _At, v: SSAValue) -> SSAValue:
    """An ``i1``: whether at least half of memref ``v``'s elements are zero (``-0.0``
    counts, NaN does not) -- of its first :data:`SAMPLE` where it is contiguous (an
    estimate: the choice it makes changes the time, never the result), else of all."""
    t = v.type
    assert isinstance(t, MemRefType)
    et = t.element_type
    idx = IndexType()

    def c(n: int) -> SSAValue:
        return at(arith.ConstantOp(IntegerAttr(n, idx))).results[0]

    # (contiguous: counted as one run of elements, a loop LLVM vectorizes)
    v = flat_view(at, v)
    t = v.type
    assert isinstance(t, MemRefType)
    sizes = [c(n) if n >= 0 else at(memref.DimOp(v, c(p))).results[0]
             for p, n in enumerate(t.get_shape())]
    if isinstance(t.layout, NoneAttr) and len(sizes) == 1:
        sizes = [at(arith.MinUIOp(sizes[0], c(SAMPLE))).results[0]]
    zero, one = c(0), c(1)
    fzero = at(arith.ConstantOp(FloatAttr(0.0, et))).results[0]  # type: ignore[arg-type]

    def loops(at_: _At, p: int, ivs: list[SSAValue], acc: SSAValue) -> SSAValue:
        block = Block(arg_types=[idx, idx])

        def inner(op: Operation) -> Operation:
            block.add_op(op)
            return op

        iv, a = block.args
        if p == len(sizes) - 1:
            x = inner(memref.LoadOp.get(v, [*ivs, iv])).results[0]
            z = inner(arith.CmpfOp(x, fzero, "oeq")).results[0]
            n = inner(arith.SelectOp(z, one, zero)).results[0]
            res = inner(arith.AddiOp(a, n)).results[0]
        else:
            res = loops(inner, p + 1, [*ivs, iv], a)
        inner(scf.YieldOp(res))
        return at_(scf.ForOp(zero, sizes[p], one, [acc], Region(block))).results[0]

    zeros = loops(at, 0, [], zero)
    total = one
    for n in sizes:
        total = at(arith.MuliOp(total, n)).results[0]
    twice = at(arith.AddiOp(zeros, zeros)).results[0]
    return at(arith.CmpiOp(twice, total, "uge")).results[0]


def make_list(at: _At, size: SSAValue, into: SSAValue,
              element: Callable[[_At, SSAValue], SSAValue]) -> SSAValue:
    """Write the ``i`` in ``[0, size)`` where ``element(at, i)`` (the factor's element
    at reduction index ``i``) is not zero to ``into`` (a ``memref<?xindex>``), in
    increasing order; their number (no branch: each ``i`` is stored, the count
    advanced by whether it stays)."""
    idx = IndexType()
    zero = at(arith.ConstantOp(IntegerAttr(0, idx))).results[0]
    one = at(arith.ConstantOp(IntegerAttr(1, idx))).results[0]
    block = Block(arg_types=[idx, idx])

    def inner(op: Operation) -> Operation:
        block.add_op(op)
        return op

    i, n = block.args
    x = element(inner, i)
    fzero = inner(arith.ConstantOp(FloatAttr(0.0, x.type))).results[0]  # type: ignore[arg-type]
    keep = inner(arith.CmpfOp(x, fzero, "une")).results[0]
    inner(memref.StoreOp.get(i, into, [n]))
    step = inner(arith.SelectOp(keep, one, zero)).results[0]
    inner(scf.YieldOp(inner(arith.AddiOp(n, step)).results[0]))
    return at(scf.ForOp(zero, size, one, [zero], Region(block))).results[0]


__all__ = ["MAX_BODY", "MIN_BODY", "SAMPLE", "list_level", "make_list", "mostly_zero"]
