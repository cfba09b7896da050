"""``linalg`` structured ops on memrefs -> ``scf.for`` loop nests (what the LLVM path
compiles).

One loop per iteration dimension, its bounds the sizes of the operand dimensions the
indexing maps name (``memref.dim`` where dynamic); each iteration loads the inputs the
body reads, runs the body (cloned, ``linalg.index`` as the loop counters) and stores
what it yields.  The loop order is chosen, not the maps' ``d0, d1, ...``:

* parallel dimensions outside, reductions inside, the reductions' relative order
  kept -- so each output element still sums its terms in the order linalg defines
  (bit-identical results), and a reduction carries its output elements in
  ``scf.for`` iter_args (registers) instead of a load and a store per term;
* when a parallel dimension is the output's last (contiguous) index and some input is
  contiguous along it too (``C[i,j] += A[i,k] * B[k,j]``), it goes innermost, after
  the reductions (matmul as i-k-j): the inner loop then runs over contiguous rows and
  LLVM vectorizes it without reordering any sum.

Reordering is done only where it cannot change a result: every output's map names
exactly the parallel dimensions (distinct iterations of them write distinct
elements).  Otherwise the loops run in the maps' order, each iteration loading and
storing its output elements, as ``mlir-opt --convert-linalg-to-loops`` does.

Then, still summing every output's terms in order: register tiles of i-k-j nests, with
remainder tiles, reading ``B`` through contiguous panels and a row operand strided
along the reduction (a matmul adjoint's ``dB = Aᵀ dC``) through a packed copy
(:func:`tiling`, :func:`panel_inputs`, :func:`row_pack_order`); transpositions in
blocks (:func:`blocking`); fills fused into the nest that writes their buffer next
(:func:`fused_fills`); carried
float reductions unrolled and jammed over a parallel dimension, strided inputs packed
(:func:`jam_dim`, :func:`pack_order`); i-k-j nests of a dynamic row length
carried in registers, jammed over the output's row and contiguous dimensions
(:func:`regtile`, :func:`jam_range`); reductions masked by a prefix of their
iterations split where the mask is constant (:class:`Mask`); other bodies masked by a
comparison of their iteration indices run over the triangle where the mask holds
(:func:`triangle_loop`, :mod:`activity.tensor.triangle`); carried reductions whose
terms have a zero factor skipped behind a run-time guard (:mod:`activity.tensor.zeroskip`,
the ``zeroskip`` switch).  The float arithmetic of
linalg bodies may be contracted into FMAs (:data:`CONTRACT`, off by default) and their
``exp`` computed by :mod:`activity.codegen.vexp` (:data:`VEXP`, on by default: within 1
ulp of the C library's): the only changes of results, in the last bits; both off, they
are the interpreter's bit for bit.
docs/tensor.md, "Linalg to loops".
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from xdsl.dialects import arith, func, memref, scf
from xdsl.dialects.arith import FastMathFlag, FastMathFlagsAttr
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    FloatAttr,
    FloatData,
    IndexType,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    NoneAttr,
    ShapedType,
    UnitAttr,
)
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Block, BlockArgument, Operation, Region, SSAValue
from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineMap,
)
from xdsl.rewriter import InsertPoint, Rewriter

from activity.codegen import vexp
from activity.codegen.errors import CodegenError
from activity.frontend import carry_location
from activity.frontend import place_of as where
from activity.tensor import opts, zerolist, zeroskip
from activity.tensor.maskhoist import hoist_masks
from activity.tensor.structured import Structured, structured
from activity.tensor.triangle import Range, Triangle, triangle_of


def is_structured(op: Operation) -> bool:
    return op.name.startswith("linalg.") and op.name not in (
        "linalg.yield", "linalg.index") and structured(op) is not None


# --------------------------------------------------------------------------
# The loop order


def _dim(e: AffineExpr) -> int | None:
    return e.position if isinstance(e, AffineDimExpr) else None


def flags() -> tuple[tuple[str, int], ...]:
    """This module's codegen flags and sizes (``BLOCKS``, ``JAM``, ...) as they are now:
    part of the compiled-code caches' keys, so a module compiled with one setting is
    not reused under another."""
    return tuple((k, int(v)) for k, v in sorted(globals().items())
                 if k.isupper() and not k.startswith("_") and isinstance(v, bool | int))


ADJOINT_ATTR = "activity.adjoint"
"""Marks the ``linalg.generic`` ops the AD generator emits (activity/ad/rules/linalg.py):
their loop order is chosen by :func:`_contiguity` between the default and the op's own
dimension order (which mirrors the primal's nest)."""
EXACT_ATTR = "activity.exact"
"""Marks the structured ops whose body must compute the same bits in every loop nest
(activity/ad/exactbody.py: a max or product reduction, whose adjoint compares body
values recomputed in another nest): :data:`CONTRACT` adds no ``contract`` to them, and
each op inlined from such a body carries the mark too, so that
:func:`activity.codegen.prepare.with_reassoc` (``reassoc=True``, run after this
lowering, when the structured ops are gone) adds no ``reassoc`` to it; so do the scalar
ops exactbody.py strips outside the bodies."""
JAMMED_ATTR = "activity.jammed"
"""On the reduction loops of a register tile (:func:`regtile`):
:mod:`activity.codegen.expand` leaves them alone."""


def _contiguity(s: Structured, inner: int) -> int:
    """How well ``inner`` suits the innermost loop: +1 per shaped operand it indexes
    contiguously (its map's last result), -1 per one it strides through."""
    score = 0
    for v, m in zip([*s.inputs, *s.outputs], s.indexing_maps, strict=False):
        if not isinstance(v.type, ShapedType) or not m.results:
            continue
        dims = [_dim(e) for e in m.results]
        if dims[-1] == inner:
            score += 1
        elif inner in dims:
            score -= 1
    return score


def loop_order(s: Structured) -> tuple[list[int], bool]:
    order, carry = _loop_order(s)
    n = len(s.iterator_types)
    if n and ADJOINT_ATTR in s.op.attributes and order != list(range(n)) \
            and _contiguity(s, n - 1) > _contiguity(s, order[-1]):
        return list(range(n)), False
    return order, carry


def _exact(s: Structured) -> bool:
    """Whether every output's map names exactly the parallel dimensions (distinct
    iterations of them write distinct elements, each element one point of them)."""
    par = [d for d in range(len(s.iterator_types)) if s.iterator_types[d] == "parallel"]
    return all(
        all(_dim(e) is not None for e in m.results)
        and sorted(_dim(e) for e in m.results) == par  # type: ignore[type-var]
        for m in s.indexing_maps[len(s.inputs):])


def _loop_order(s: Structured) -> tuple[list[int], bool]:
    """The dimensions from outermost to innermost, and whether the reductions (all
    innermost) carry the output elements in iter_args."""
    n = len(s.iterator_types)
    par = [d for d in range(n) if s.iterator_types[d] == "parallel"]
    red = [d for d in range(n) if s.iterator_types[d] != "parallel"]
    if not _exact(s) or not red:
        return list(range(n)), False
    last = _ikj_last(s, opts.enabled("carryorder"))
    if last is not None:
        return [d for d in par if d != last] + red + [last], False
    return par + red, True


def _ikj_last(s: Structured, summed: bool) -> int | None:
    """The parallel dimension an i-k-j order puts innermost (:func:`_loop_order`): the
    outputs' last index, where some input is contiguous along it too -- with
    ``summed`` (the ``carryorder`` switch), only an input the reductions index
    (matmul's ``B[k, j]``, each of its rows read for a term): an input that no
    reduction indexes (GMM's row maxima ``mx[n]`` in ``sum_k exp(main[n, k] -
    mx[n])``) is read once per output element whichever the order, and with the
    reduction innermost the sums are carried in registers, the ``n`` loop jammed
    (:func:`jam_dim`) -- whose copies' exps :data:`VEXP` vectorizes -- instead of
    updated in memory along a strided ``main[:, k]``."""
    outs = s.indexing_maps[len(s.inputs):]
    red = {d for d in range(len(s.iterator_types)) if s.iterator_types[d] != "parallel"}
    last = _dim(outs[0].results[-1]) if outs and outs[0].results else None
    if last is None or not all(m.results and _dim(m.results[-1]) == last for m in outs):
        return None
    if any(isinstance(v.type, ShapedType) and m.results and _dim(m.results[-1]) == last
           and (not summed or any(_dim(e) in red for e in m.results))
           for v, m in zip(s.inputs, s.indexing_maps, strict=False)):
        return last
    return None


TILE_ROWS = 4  # register tile of an i-k-j nest: rows ...
TILE_BYTES = 64  # ... by this many bytes of contiguous output (two AVX2 vectors)


REMAINDERS = True  # register tiles where the tile does not divide the size (tiling)


def tiling(s: Structured, order: list[int], carry: bool) -> list[tuple[int, str, int]]:
    """The loops as ``(dimension, role, tile)``: role ``full`` (0 to the size), or a
    tiled dimension's ``outer`` (step ``tile``) and ``inner`` (0 to ``tile``) loops.

    An i-k-j nest (:func:`loop_order`: the output's contiguous dimension innermost,
    after the reductions) with static sizes is tiled by registers:
    ``j0, i0, (other parallel), k..., ii, jj`` over a tile of ``TILE_ROWS`` rows by
    ``TILE_BYTES`` of a row -- the tile's output elements stay in registers along
    the reductions (LLVM promotes them), each row of ``B`` loaded serves ``TILE_ROWS``
    rows, and the inner loops are short and constant, so they are unrolled and
    vectorized.  Where a tile does not divide its dimension (``REMAINDERS``), the
    outer loop runs over the whole tiles and then once more over the rest, its inner
    loop as short as the rest (a constant too): an MLP's 10 outputs, ``64 + 5``
    rows.  Still exact: the tiles are over parallel dimensions, each output element
    sums its terms in the same order.  A nest without reductions that transposes
    (:func:`blocking`) is tiled by blocks."""
    plain = [(d, "full", 0) for d in order]
    n = len(order)
    red = [d for d in order if s.iterator_types[d] != "parallel"]
    if not red and not carry:
        return blocking(s, order) or plain
    if carry or s.iterator_types[order[-1]] != "parallel" \
            or order[-len(red) - 1:-1] != red:
        return plain
    last = order[-1]
    out = s.outputs[0].type
    if not isinstance(out, MemRefType) or not isinstance(out.layout, NoneAttr):
        return plain
    size = _static_sizes(s)
    width = getattr(out.element_type, "bitwidth", 64)
    tj = max(1, (FMA_TILE_BYTES if fma_body(s) else TILE_BYTES) * 8 // max(width, 8))

    def tiles(d: int, t: int) -> bool:
        return size.get(d, -1) > 0 and (REMAINDERS or size[d] % t == 0)

    if not tiles(last, tj):
        return plain
    om = s.indexing_maps[len(s.inputs)]
    row = _dim(om.results[-2]) if len(om.results) >= 2 else None
    outer = [d for d in order[:n - len(red) - 1]]
    if row is None or row not in outer or not tiles(row, TILE_ROWS):
        return ([(last, "outer", tj)] + [(d, "full", 0) for d in outer + red]
                + [(last, "inner", tj)])
    rest = [d for d in outer if d != row]
    return ([(last, "outer", tj), (row, "outer", TILE_ROWS)] + [(d, "full", 0) for d in rest + red]
            + [(row, "inner", TILE_ROWS), (last, "inner", tj)])


WIDE_FMA = True  # register tiles of multiply-add bodies that fuse into FMAs widened
FMA_TILE_BYTES = 96  # ... to this many bytes of a row (three AVX2 vectors)


def fma_body(s: Structured) -> bool:
    """Whether ``s``'s register tile gets ``FMA_TILE_BYTES`` (``WIDE_FMA``): its
    body is one multiply and one add of the product to the output element, both
    allowed to contract (``fastmath<contract>``, as the gradient's adjoint
    contractions have, or :data:`CONTRACT`), so that LLVM makes them one FMA.  An
    FMA's latency (4 cycles on Zen 3) with two issued per cycle needs 8 independent
    sums in flight: the 4 x 16 tile's 8 accumulators only just cover it, 12 leave
    slack (64x512x784's ``dB`` 0.82 -> 0.73 ms).  A separate multiply and add need
    one more register per vector (the product), and 12 accumulators then spill
    (the primal matmul 0.84 -> 1.32 ms): those keep ``TILE_BYTES``.  The same bits
    as the 4 x 16 tile: the tile is over parallel dimensions, each sum in order."""
    if not WIDE_FMA or len(s.outputs) != 1:
        return False
    ops = list(s.body.ops)
    if len(ops) != 3 or not isinstance(ops[0], arith.MulfOp) \
            or not isinstance(ops[1], arith.AddfOp) or not isinstance(ops[2], linalg.YieldOp):
        return False
    mul, add = ops[0], ops[1]
    acc = s.body.args[len(s.inputs)]
    if set(add.operands) != {mul.result, acc} or list(ops[2].operands) != [add.result]:
        return False

    def contracts(o: Operation) -> bool:
        a = o.properties.get("fastmath")
        return CONTRACT or (isinstance(a, FastMathFlagsAttr)
                            and FastMathFlag.ALLOW_CONTRACT in set(a.data))

    return contracts(mul) and contracts(add)


PEELED = "activity.peeled"
"""The attribute :func:`lower_structured` puts on a function in which it peeled a
reduction (``peelfill``): the functions the late store forwarding
(:data:`PEEL_FORWARD`) runs on."""


def mark_peeled(op: Operation) -> None:
    """Mark the function around ``op`` as holding a peeled reduction (:data:`PEELED`)."""
    f = op.parent_op()
    while f is not None and not isinstance(f, func.FuncOp):
        f = f.parent_op()
    if f is not None:
        f.attributes[PEELED] = UnitAttr()


PEEL_FORWARD = True
"""After LLVM's -O3 pipeline, tensor code (compiled with ``slp``) gets one more
global value numbering (NewGVN) and dead-store elimination
(:func:`activity.codegen.jit.optimize`).  A ``peelfill`` nest's first reduction
iteration stores its register tile; LLVM promotes the tile to registers along the
remaining iterations only late (the tile's loops unrolled and vectorized first, after
its GVN), so the loads that promotion puts before the loop read the peel's stores back,
and the stores go to lines not yet in cache (the MLP's ``dW1``, ``dW2``: 1.6 + 1 MB
written fresh each call).  The late GVN forwards the stored values to those loads and
DSE deletes the stores, which the tile's final stores overwrite: the tile stays in
registers and each line is written once, at the end.  Neither pass changes what is
computed (no floating-point rewrite: the same bits)."""

BLOCKS = True  # transposing nests tiled by blocks (blocking)
BLOCK_SIDE = 8  # ... of this many elements square


def blocking(s: Structured, order: list[int]) -> list[tuple[int, str, int]] | None:
    """The loops of a nest without reductions that reads an input contiguously along
    a dimension ``b`` and writes its output contiguously along another one, ``a``
    (a transposition: the copy ``Bt[j, k] = B[k, j]`` the adjoint of a matmul makes,
    activity/ad/rules/linalg.py): square blocks of ``BLOCK_SIDE`` by ``BLOCK_SIDE``
    elements -- ``(others), b0, a0, bb, aa`` --, so that the lines of both that a
    block touches stay in L1 while it is done (in the maps' order, each written line
    was evicted before its next element came: a 512 x 512 f32 copy took ~1 ms).
    8 x 8 elements, not 16 x 16 f32 (a 64-byte line each way): LLVM unrolls the
    block, and 256 strided addresses spilled registers (W2ᵀ 0.18 -> 0.16 ms; f64 blocks were 8 x 8
    already, 4 x 4 ran 0.29 -> 0.40 ms).  Blocks
    at the ends as short as the rest (dynamic sizes too).  Exact: every element is
    computed on its own, each output element written by one iteration.  Where no
    input is contiguous along another dimension, the output's contiguous dimension
    goes innermost.  ``None`` where neither applies (``BLOCKS`` off)."""
    n = len(order)
    if not BLOCKS or n < 2 or any(t != "parallel" for t in s.iterator_types):
        return None
    nin = len(s.inputs)
    outs = s.indexing_maps[nin:]
    for v, m in zip(s.outputs, outs, strict=True):
        dims = [_dim(e) for e in m.results]
        if not isinstance(v.type, MemRefType) or not isinstance(v.type.layout, NoneAttr) \
                or None in dims or sorted(dims) != list(range(n)):  # type: ignore[type-var]
            return None
    a = _dim(outs[0].results[-1])
    if a is None or any(_dim(m.results[-1]) != a for m in outs):
        return None
    b = None
    for v, m in zip(s.inputs, s.indexing_maps[:nin], strict=True):
        dims = [_dim(e) for e in m.results]
        if isinstance(v.type, MemRefType) and isinstance(v.type.layout, NoneAttr) \
                and dims and None not in dims and dims[-1] != a and a in dims \
                and v not in s.outputs:
            b = dims[-1]
            break
    if b is None:
        # (no input to block with: the output's contiguous dimension innermost, as an
        # outer product written with its maps swapped, ``dA[j, i] = x[j] * y[i]``)
        if order[-1] == a or any(v in s.outputs for v in s.inputs):
            return None
        return [(d, "full", 0) for d in order if d != a] + [(a, "full", 0)]
    t = max(1, BLOCK_SIDE)
    rest = [d for d in order if d not in (a, b)]
    return ([(d, "full", 0) for d in rest] + [(b, "outer", t), (a, "outer", t),
                                               (b, "inner", t), (a, "inner", t)])


PACK = True  # strided inputs of a jammed nest copied first (pack_order)
JAM = 4  # copies of a reduction's body over a parallel dimension (unroll and jam)


def jam_dim(s: Structured, order: list[int], carry: bool) -> int | None:
    """The parallel dimension whose loop is unrolled by ``JAM`` and jammed into the
    reductions inside it, in a nest whose reductions carry float outputs in registers
    (:func:`loop_order`'s ``carry``): the innermost parallel one -- for a reduction
    masked by a parallel dimension (:class:`Mask`, ``MASK_JAM``), the innermost other
    one.  Each carried sum is a chain of dependent adds (3-4 cycles each); ``JAM``
    independent chains overlap.  Still exact: each output element sums its terms in
    the same order.  ``None`` where there is none (no parallel dimension, or non-float
    outputs)."""
    if not carry or JAM <= 1:
        return None
    par = [d for d in order if s.iterator_types[d] == "parallel"]
    if not par or not all(isinstance(v.type, MemRefType)
                          and isinstance(v.type.element_type, _FLOATS) for v in s.outputs):
        return None
    mask = mask_of(s)
    if MASK_JAM and mask is not None and mask.other is not None:
        # the copies then share the mask's split point: no masked iterations between
        # the least and the greatest
        rest = [d for d in par if d != mask.other]
        if rest:
            return rest[-1]
    return par[-1]


# a masked reduction jammed over a dimension other than its mask's (jam_dim)
MASK_JAM = True

REGTILE = True  # i-k-j nests of a dynamic row length carried in registers (regtile)


def regtile(s: Structured, order: list[int], carry: bool) -> tuple[list[int], int] | None:
    """``(order, row)`` for an i-k-j nest (:func:`loop_order`: the output's contiguous
    dimension ``j`` innermost, after the reductions, the output updated in memory
    every term) whose ``j`` has a dynamic size, which :func:`tiling` cannot tile:
    the loops reordered as ``(other parallel), row, j, k...`` and the reductions
    carrying the output elements in iter_args, jammed over ``j`` (``TILE_BYTES`` of a
    row: 8 f64 copies, then 4, 2, 1 for the rest) and over the output's row index
    ``row`` (``TILE_ROWS`` copies, then 2, 1) -- a register tile of up to 4 x 8
    elements whose chains are independent, vectorized by LLVM's SLP vectorizer.  In
    memory, each term waited for the previous one's store (a load, add and store
    chain, ~12 cycles a term): with rows as short as GMM's (d = 10) that chain, not
    the arithmetic, bounded ``dL[k, i, j] += dqx[n, k, i] * xc[n, k, j]`` (summed
    over 1000 points) and ``dxc[n, k, j] += dqx[n, k, i] * L[k, i, j]``.  Exact:
    each output element still sums its terms in order, from its value in memory.
    Only float outputs of an identity layout, the row a parallel dimension, no
    :class:`Mask`; an index-masked body (:func:`triangle_loop`) only where
    :func:`jam_range` runs a jammed dimension over the union of its copies' ranges
    (the mask kept in the body); ``None`` otherwise or with the ``regtile`` switch off."""
    if not REGTILE or carry or JAM <= 1:
        return None
    n = len(order)
    red = [d for d in order if s.iterator_types[d] != "parallel"]
    if not red or s.iterator_types[order[-1]] != "parallel" or order[-len(red) - 1:-1] != red:
        return None
    last = order[-1]
    if last in _static_sizes(s) or not s.outputs or any(v in s.outputs for v in s.inputs):
        return None  # (an input that is an output would be read while carried)
    for v in s.outputs:
        if not isinstance(v.type, MemRefType) or not isinstance(v.type.layout, NoneAttr) \
                or not isinstance(v.type.element_type, _FLOATS):
            return None
    om = s.indexing_maps[len(s.inputs)]
    if len(om.results) < 2:
        return None
    row = _dim(om.results[-2])
    if row is None or row == last or s.iterator_types[row] != "parallel" \
            or row not in order[:n - len(red) - 1]:
        return None
    if mask_of(s) is not None:
        return None
    if not opts.enabled("regtile"):
        return None
    shared = shared_row(s, om, last, order[:n - len(red) - 1]) \
        if opts.enabled("tilerows") else None
    moved = shared is not None and shared != row  # (the output's own row: as before)
    if moved:
        row = shared
        opts.count("tilerows")
    rest = [d for d in order[:n - len(red) - 1] if d != row]
    # (rows other than the output's second-to-last index: their loop outermost, so
    # that the tile's rows sweep the other indices in place instead of every row of
    # the output once per value of those -- GMM's dxc: rows n outside k, 1.51 ->
    # 0.50 ms standalone)
    new = ([row] + rest if moved else rest + [row]) + [last] + red
    t = triangle_of(s)
    if t is None:
        return new, row
    if moved and any(
            r.dim in red and r.kind in ("below", "from")
            and (r.other is None or r.other in new[:new.index(r.dim)]) for r in t.ranges):
        # a reduction restricted per copy of ``j`` (triangle_loop: the union of the
        # copies' ranges, the mask kept in the body where only some hold), the rows'
        # copies sharing the loads of ``j``'s input: GMM's dxc[n, k, j] +=
        # L[k, i, j] dqx[n, k, i] (i > j), rows n: 0.78 -> 0.65 ms
        return new, row
    if any(r.dim in red for r in t.ranges) or jam_range(s, new, last, row) is None:
        # (a reduction restricted per copy with rows that share no loads -- GMM's
        # dxc with rows k: 0.78 -> 1.02 ms --, or the whole square masked: measured
        # slower than the rows in memory)
        return None
    return new, row


def shared_row(s: Structured, om: AffineMap, last: int, outer: list[int]) -> int | None:
    """The register tile's row (:func:`regtile`): the innermost parallel dimension
    of the output's map (before ``last``, among the loops ``outer``) that no input
    read along ``last`` depends on, so that the tile's rows share each load of those
    inputs (``C[i, j] += A[i, k] B[k, j]``: ``i``, ``B`` read once for all rows; GMM's
    ``dxc[n, k, j] += L[k, i, j] dqx[n, k, i]``: ``n``, not ``k``, whose rows would
    each read their own ``L``).  ``None`` where there is none."""
    along = [{_dim(e) for e in m.results} | {d.position for e in m.results for d in e.dfs()
                                             if isinstance(d, AffineDimExpr)}
             for m in s.indexing_maps[:len(s.inputs)]]
    along = [ds for ds in along if last in ds]
    for e in reversed(om.results[:-1]):
        r = _dim(e)
        if r is None or r == last or s.iterator_types[r] != "parallel" or r not in outer:
            continue
        if all(r not in ds for ds in along):
            return r
    return None


_FLOATS = (Float16Type, BFloat16Type, Float32Type, Float64Type)


def _halving(f: int) -> list[int]:
    """``f, f / 2, ...`` down to 2 (the jam's copies per iteration, then one)."""
    out = []
    while f > 1:
        out.append(f)
        f //= 2
    return out


def pack_order(s: Structured, k: int, jam: int | None) -> list[int] | None:
    """Input ``k`` packed, its indices in this order (a permutation), for a nest
    jammed over ``jam``: where the input is indexed by the jammed dimension but not
    contiguously (a reduction dimension is its last index: GMM's ``L[k, i, j]``
    jammed over ``k``, summed over ``j``), the jam's copies would read it with a
    stride; a copy with the jammed dimension last makes them read consecutive
    elements (one vector load).  Only an input the nest reads more than once per
    element (some parallel dimension does not index it: GMM's centred points
    ``xc[n, k, j]`` are read for every ``i``) with an identity layout; ``None``
    otherwise."""
    if jam is None or not PACK:
        return None
    v, m = s.inputs[k], s.indexing_maps[k]
    if not isinstance(v.type, MemRefType) or not isinstance(v.type.layout, NoneAttr):
        return None
    dims = [_dim(e) for e in m.results]
    if len(dims) < 2 or None in dims or len(set(dims)) != len(dims) or jam not in dims:
        return None
    last = dims[-1]
    assert last is not None
    if s.iterator_types[last] == "parallel":
        return None
    par = {d for d in range(len(s.iterator_types)) if s.iterator_types[d] == "parallel"}
    if par <= set(dims):
        return None  # each element read once (the nest's own strided reads are as good)
    pos = dims.index(jam)
    return [q for q in range(len(dims)) if q != pos] + [pos]


class Mask:
    """A reduction's term masked by a prefix of its iterations: the body adds
    ``select(j < X, p, 0.0)`` (``j <= X``: ``X + 1``) to its one float output, ``j``
    the only reduction dimension and ``X`` a parallel dimension or a constant (GMM's
    strictly lower triangle, ``j < i``).  The loop over ``j`` is then split where the
    condition is constant: below the smallest split point of the copies the select
    is its true operand (no select, the multiply and add can fuse), between the
    smallest and the largest the body as written, above them every term adds +0.0,
    and ``(a + 0.0) + 0.0 == a + 0.0`` bit for bit (only -0.0 changes, to +0.0; a NaN
    stays that NaN), so they are one add of +0.0 (none for -0.0: ``a + -0.0 == a``).
    Exact: every output element gets the same value as from the loop as written."""

    def __init__(self, select: Operation, dim: int, other: int | None, const: int,
                 off: int, zero: SSAValue, positive: bool, acc_first: bool) -> None:
        self.select, self.dim, self.other, self.const, self.off = select, dim, other, const, off
        self.zero, self.positive, self.acc_first = zero, positive, acc_first


_PREFIX = {2: 0, 6: 0, 3: 1, 7: 1}  # j slt/ult X: j < X; j sle/ule X: j < X + 1
_SWAPPED = {4: 0, 8: 0, 5: 1, 9: 1}  # X sgt/ugt j; X sge/uge j


def mask_of(s: Structured) -> Mask | None:
    """The :class:`Mask` of ``s``'s body, or ``None``."""
    red = [d for d, t in enumerate(s.iterator_types) if t != "parallel"]
    if len(red) != 1 or len(s.outputs) != 1 or not MASKS:
        return None
    acc = s.body.args[len(s.inputs)]
    if not isinstance(acc.type, _FLOATS):
        return None
    ops = list(s.body.ops)
    if not ops or not isinstance(ops[-1], linalg.YieldOp) or not all(
            o.name.startswith(("arith.", "math.")) or isinstance(o, linalg.IndexOp)
            for o in ops[:-1]) or any(o.regions for o in ops):
        return None
    add = ops[-1].operands[0].owner
    if not isinstance(add, arith.AddfOp) or add.result.uses.get_length() != 1 \
            or acc not in add.operands:
        return None
    acc_first = add.lhs is acc
    t = add.rhs if acc_first else add.lhs
    sel = t.owner
    if not isinstance(sel, arith.SelectOp) or t.uses.get_length() != 1 or t is acc:
        return None
    zero = sel.rhs
    z = zero.owner
    if not isinstance(z, arith.ConstantOp) or z.parent_block() is s.body or \
            not isinstance(getattr(z.value, "value", None), FloatData) or z.value.value.data != 0.0:
        return None
    cmp = sel.cond.owner
    if not isinstance(cmp, arith.CmpiOp) or sel.cond.uses.get_length() != 1:
        return None
    pred = cmp.predicate.value.data

    def index_of(v: SSAValue) -> int | None:
        o = v.owner
        return o.dim.value.data if isinstance(o, linalg.IndexOp) else None

    a, b = index_of(cmp.lhs), index_of(cmp.rhs)
    if a == red[0] and pred in _PREFIX:
        x, off = cmp.rhs, _PREFIX[pred]
    elif b == red[0] and pred in _SWAPPED:
        x, off = cmp.lhs, _SWAPPED[pred]
    else:
        return None
    other, const = index_of(x), 0
    if other is not None:
        if s.iterator_types[other] != "parallel":
            return None
    elif isinstance(x.owner, arith.ConstantOp) and isinstance(x.owner.value, IntegerAttr) \
            and x.owner.value.value.data >= 0:
        const = x.owner.value.value.data
    else:
        return None
    return Mask(sel, red[0], other, const, off, zero,
                math.copysign(1.0, z.value.value.data) > 0, acc_first)


MASKS = True  # reductions masked by a prefix of their iterations split (Mask)


def jam_range(s: Structured, order: list[int], jam: int | None,
              jam2: int | None) -> Range | None:
    """A register tile's (:func:`regtile`) jammed dimension ``jam`` or ``jam2``
    whose loops run over the range of an index mask (:func:`triangle_of`,
    ``below`` or ``from``), ``X`` a constant, the rows' ``jam2`` (for ``jam``) or an
    outer loop's counter: the union of the copies' ranges, each copy's body still
    masked (a tile across the triangle's edge).  Only where the skipped iterations
    leave every output as it is (no ``+0.0`` to add: ``-0.0`` discarded, or the
    accumulator yielded); ``None`` otherwise or with ``triangular`` off."""
    if not opts.enabled("triangular") or jam is None:
        return None
    t = triangle_of(s)
    if t is None or t.plus_zero:
        return None
    for r in t.ranges:
        if r.kind not in ("below", "from") or r.dim not in (jam, jam2):
            continue
        if r.other is not None and (r.other == jam or r.other not in order
                                    or order.index(r.other) >= order.index(r.dim)):
            continue
        return r
    return None


def triangle_loop(s: Structured, plan: list[tuple[int, str, int]],
                  jam: int | None) -> tuple[Triangle, Range] | None:
    """The body of ``s`` masked by its iteration indices (:func:`triangle_of`) and the
    loop of ``plan`` the lowering restricts to the mask's range: one whose loop is
    whole (not tiled) and not jammed, the mask's other index counted by an outer loop
    (or a constant); where the skipped iterations would add ``+0.0``, only the
    innermost loop (each skipped iteration one body, the ``+0.0`` then added once).
    ``None`` where there is none or the ``triangular`` optimization is off."""
    if not opts.enabled("triangular"):
        return None
    t = triangle_of(s)
    if t is None:
        return None
    level = {d: q for q, (d, _, _) in enumerate(plan)}
    best: tuple[int, Range] | None = None
    for r in t.ranges:
        q = level.get(r.dim)
        if q is None or plan[q][1] != "full" or r.dim == jam \
                or [d for d, _, _ in plan].count(r.dim) != 1:
            continue
        if r.other is not None and not all(p < q for p, (d, _, _) in enumerate(plan)
                                           if d == r.other):
            continue
        if t.plus_zero and q != len(plan) - 1:
            continue
        if best is None or q > best[0]:
            best = (q, r)
    return (t, best[1]) if best is not None else None


def _float_zero(at: _At, t: object) -> SSAValue:
    return at(arith.ConstantOp(FloatAttr(0.0, t))).results[0]  # type: ignore[arg-type]
PANELS = True  # inputs of register-tiled nests read through panels (panel_inputs)


def panel_inputs(s: Structured, plan: list[tuple[int, str, int]]) -> list[int]:
    """The inputs of a register-tiled nest (:func:`tiling`) read through a panel: a
    copy of the columns of the current column tile (``B[:, j0:j0+tj]`` of a matmul,
    contiguous, made once per column tile).  A narrow column of a matrix whose rows
    are a power-of-two bytes apart maps to a few L1 sets (a 512-float row: two), so
    without the copy it is fetched again from L2 for every row tile.  Inputs indexed
    by the column dimension last, not by the row one, of a static shape, in a nest of
    more than one row tile (else each panel element would be read once)."""
    if not PANELS or len(plan) < 2 or plan[0][1] != "outer" or plan[1][1] != "outer" \
            or all(t == "parallel" for t in s.iterator_types):
        return []
    last, row = plan[0][0], plan[1][0]
    if _static_sizes(s).get(row, -1) <= plan[1][2]:
        return []
    out = []
    for k, (v, m) in enumerate(zip(s.inputs, s.indexing_maps, strict=False)):
        t = v.type
        dims = [_dim(e) for e in m.results]
        if isinstance(t, MemRefType) and isinstance(t.layout, NoneAttr) and len(dims) >= 2 \
                and dims[-1] == last and row not in dims and None not in dims \
                and all(x >= 0 for x in t.get_shape()):
            out.append(k)
    return out


PACK_ROWS = True  # row operands of register tiles packed (row_pack_order)


def row_pack_order(s: Structured, plan: list[tuple[int, str, int]], k: int) -> list[int] | None:
    """Input ``k`` of a register-tiled nest (:func:`tiling`) packed, its indices in
    this order: where it is indexed by the tile's row dimension and by reductions,
    not by the column one, but contiguous along a parallel dimension (the ``A`` of
    ``dB[k, j] += A[i, k] * dC[i, j]``, the adjoint of a matmul's right operand: the
    tile's rows ``k`` are ``A``'s contiguous index, the reduction ``i`` strides).
    Each step of the reduction then reads ``TILE_ROWS`` elements of one line, a new
    line per step: rows a power-of-two bytes apart share a few L1 sets and the lines
    come from L2 again for every column tile.  The copy has the parallel indices
    first and the reductions last (``At[k, i]``): the tile reads ``TILE_ROWS``
    contiguous rows, as a matmul's ``A``.  Only with more than one column tile (each
    element read more than once), an identity layout and distinct dimensions; ``None``
    otherwise."""
    if not PACK_ROWS or len(plan) < 2 or plan[0][1] != "outer" or plan[1][1] != "outer" \
            or all(t == "parallel" for t in s.iterator_types):
        return None
    last, row = plan[0][0], plan[1][0]
    if _static_sizes(s).get(last, -1) <= plan[0][2]:
        return None
    v, m = s.inputs[k], s.indexing_maps[k]
    if not isinstance(v.type, MemRefType) or not isinstance(v.type.layout, NoneAttr):
        return None
    dims = [_dim(e) for e in m.results]
    if len(dims) < 2 or None in dims or len(set(dims)) != len(dims) or last in dims \
            or row not in dims:
        return None
    red = [q for q, d in enumerate(dims) if s.iterator_types[d] != "parallel"]  # type: ignore[index]
    if not red or red[-1] == len(dims) - 1:
        return None  # (contiguous along a reduction already)
    return [q for q in range(len(dims)) if q not in red] + red


def _panel_buffer(at: _At, v: SSAValue, width: int) -> SSAValue:
    t = v.type
    assert isinstance(t, MemRefType)
    return at(memref.AllocOp.get(t.element_type, None,
                                 [*t.get_shape()[:-1], width])).results[0]


def _fill_panel(at: _At, v: SSAValue, buf: SSAValue, j0: SSAValue, op: Operation,
                width: SSAValue | None = None, transposed: bool = False) -> None:
    """``buf[..., jj] = v[..., j0 + jj]`` for ``jj`` below ``width`` (``None``: the
    panel's width) (a loop nest at ``at``); ``transposed`` (2-D): ``buf[r, jj] =
    v[j0 + jj, r]``, the panel of ``v``'s transpose (:func:`transposed_sources`)."""
    t, bt = v.type, buf.type
    assert isinstance(t, MemRefType) and isinstance(bt, MemRefType)
    zero, one = _const(at, 0), _const(at, 1)
    shape = bt.get_shape()
    where_, loops = at, []
    idx: list[SSAValue] = [zero] * len(shape)
    order = [1, 0] if transposed and TPANEL_COLS_OUTER else list(range(len(shape)))
    for q in order:
        block = Block(arg_types=[IndexType()])
        loops.append((where_, block, q))
        idx[q] = block.args[0]
        where_ = _At(block=block, loc=op)
    col = where_(arith.AddiOp(j0, idx[-1])).results[0]
    at_ = [col, idx[0]] if transposed else [*idx[:-1], col]
    x = where_(memref.LoadOp.get(v, at_)).results[0]
    where_(memref.StoreOp.get(x, buf, idx))
    for outer, block, q in reversed(loops):
        _At(block=block, loc=op)(scf.YieldOp())
        ub = width if q == len(shape) - 1 and width is not None else _const(outer, shape[q])
        outer(scf.ForOp(zero, ub, one, [], Region(block)))


TPANEL_COLS_OUTER = True
"""A transposing panel (:func:`transposed_sources`) filled column by column of the
panel: each step reads a row of the source contiguously (and writes the panel with a
stride); row by row it read 24 rows of the source at once, each element from another
line.  The MLP's gradient 4.72 -> 4.17 ms (one process, A/B; without ``tpanel``
4.41)."""


def _pack(at: _At, v: SSAValue, perm: list[int], op: Operation) -> SSAValue:
    """A fresh buffer holding ``v`` with its indices in the order ``perm`` (the caller
    frees it), filled by a loop nest over ``v``."""
    t = v.type
    assert isinstance(t, MemRefType)
    shape = t.get_shape()
    sizes = [_const(at, shape[q]) if shape[q] >= 0 else
             at(memref.DimOp(v, _const(at, q))).results[0] for q in range(len(shape))]
    new = at(memref.AllocOp.get(t.element_type, None, [shape[q] for q in perm],
                                [sizes[q] for q in perm if shape[q] < 0])).results[0]
    zero, one = _const(at, 0), _const(at, 1)
    idx: list[SSAValue] = []
    where_ = at
    loops: list[tuple[_At, Block]] = []
    for _ in range(len(shape)):
        block = Block(arg_types=[IndexType()])
        loops.append((where_, block))
        idx.append(block.args[0])
        where_ = _At(block=block, loc=op)
    x = where_(memref.LoadOp.get(v, idx)).results[0]
    where_(memref.StoreOp.get(x, new, [idx[q] for q in perm]))
    for q in range(len(shape) - 1, -1, -1):
        outer, block = loops[q]
        _At(block=block, loc=op)(scf.YieldOp())
        outer(scf.ForOp(zero, sizes[q], one, [], Region(block)))
    return new


def _static_sizes(s: Structured) -> dict[int, int]:
    out: dict[int, int] = {}
    for v, m in zip(s.inputs + s.outputs, s.indexing_maps, strict=True):
        if isinstance(v.type, MemRefType):
            for p, e in enumerate(m.results):
                d = _dim(e)
                if d is not None and v.type.get_shape()[p] >= 0:
                    out.setdefault(d, v.type.get_shape()[p])
    return out


# --------------------------------------------------------------------------
# Emitting


class _At:
    """Where new ops go: before an anchor op, or at the end of a block."""

    def __init__(self, anchor: Operation | None = None, block: Block | None = None,
                 loc: Operation | None = None) -> None:
        self.anchor, self.block, self.loc = anchor, block, loc

    def __call__(self, op: Operation) -> Operation:
        if self.loc is not None:
            carry_location(op, self.loc)
        if self.block is not None:
            self.block.add_op(op)
        else:
            assert self.anchor is not None
            Rewriter.insert_op(op, InsertPoint.before(self.anchor))
        return op


def _const(at: _At, v: int) -> SSAValue:
    return at(arith.ConstantOp(IntegerAttr(v, IndexType()))).results[0]


def _index(at: _At, e: AffineExpr, ivs: Sequence[SSAValue], op: Operation) -> SSAValue:
    if isinstance(e, AffineDimExpr):
        return ivs[e.position]
    if isinstance(e, AffineConstantExpr):
        return _const(at, e.value)
    if isinstance(e, AffineBinaryOpExpr) and e.kind in (AffineBinaryOpKind.Add,
                                                       AffineBinaryOpKind.Mul):
        a, b = _index(at, e.lhs, ivs, op), _index(at, e.rhs, ivs, op)
        cls = arith.AddiOp if e.kind == AffineBinaryOpKind.Add else arith.MuliOp
        return at(cls(a, b)).results[0]
    raise CodegenError(f"{op.name}: indexing map expression {e} is not supported "
                       f"(dimensions, constants, + and *)", **where(op))


def _indices(at: _At, m: AffineMap, ivs: Sequence[SSAValue], op: Operation) -> list[SSAValue]:
    return [_index(at, e, ivs, op) for e in m.results]


def _bounds(at: _At, s: Structured) -> list[SSAValue]:
    n = len(s.iterator_types)
    out: list[SSAValue | None] = [None] * n
    for v, m in zip(s.inputs + s.outputs, s.indexing_maps, strict=True):
        t = v.type
        if not isinstance(t, MemRefType):
            continue
        for p, e in enumerate(m.results):
            d = _dim(e)
            if d is None or out[d] is not None:
                continue
            size = t.get_shape()[p]
            if size >= 0:
                out[d] = _const(at, size)
            else:
                out[d] = at(memref.DimOp(v, _const(at, p))).results[0]
    for d, b in enumerate(out):
        if b is None:
            raise CodegenError(f"{s.op.name}: no operand dimension gives the size of "
                               f"loop d{d}", **where(s.op))
    return out  # type: ignore[return-value]


# Whether the float multiplies, adds and subtracts of lowered linalg bodies get the
# ``contract`` fast-math flag, so that LLVM fuses a multiply and the add it feeds into
# one FMA (as XLA's dot does); off (the default): the results are the interpreter's,
# bit for bit.  Only linalg bodies: the function's own scalar arithmetic is left as
# written.  Part of the lowered module's text, hence of the JIT caches' keys.  Off by
# default: with the panels and jams it gained 1-3% (within the noise) on the tensor
# benchmarks (docs/tensor.md, "Linalg to loops").
CONTRACT = False

VEXP = True
"""The ``math.exp`` of linalg bodies computed by :mod:`activity.codegen.vexp` (inlined,
vectorizable arithmetic; within 1 ulp of the C library's ``exp``, mostly the same
bits) instead of a call of the C library's scalar ``exp``: GMM's three loops of
n x K exps.  Off: the C library's, the interpreter's bit for bit.  In every nest alike,
vectorized or not: the gradient recomputes body values in other nests than the forward
sweep's and compares them with what it computed (a max reduction's adjoint seeds the
element equal to the maximum); one nest with the C library's ``exp`` and another with
this one, 1 ulp apart, left whole rows of a max's gradient zero."""
_CONTRACTIBLE = (arith.MulfOp, arith.AddfOp, arith.SubfOp)


def _allow_contract(op: Operation) -> None:
    a = op.properties.get("fastmath")
    flags = set(a.data) if isinstance(a, FastMathFlagsAttr) else set()
    if FastMathFlag.ALLOW_CONTRACT not in flags:
        op.properties["fastmath"] = FastMathFlagsAttr(flags | {FastMathFlag.ALLOW_CONTRACT})


def _inline_body(at: _At, s: Structured, args: Sequence[SSAValue],
                 ivs: Sequence[SSAValue],
                 unmask: dict[Operation, int] | None = None,
                 vexp_ok: bool = False) -> list[SSAValue]:
    """Clone the body at ``at`` with its block arguments as ``args``; the yielded
    values.  ``unmask``: selects of the body taken as one of their operands (1: the
    true one, 2: the false one; where their condition is known).  ``vexp_ok``: its
    ``math.exp`` ops marked for :mod:`activity.codegen.vexp` (:data:`VEXP`)."""
    mapping: dict[SSAValue, SSAValue] = dict(zip(s.body.args, args, strict=True))
    exact = EXACT_ATTR in s.op.attributes
    for op in s.body.ops:
        if isinstance(op, linalg.YieldOp):
            return [mapping.get(v, v) for v in op.operands]
        if isinstance(op, linalg.IndexOp):
            mapping[op.results[0]] = ivs[op.dim.value.data]
            continue
        if unmask and op in unmask:
            t = op.operands[unmask[op]]
            mapping[op.results[0]] = mapping.get(t, t)
            continue
        for inner in op.walk():
            if inner is not op and isinstance(inner, linalg.IndexOp):
                raise CodegenError("linalg.index inside a nested region of a linalg body "
                                   "is not supported", **where(inner))
        new = op.clone(value_mapper=mapping)
        if exact:  # (each op inlined from an exact body carries the mark: with_reassoc)
            for o in new.walk():
                o.attributes[EXACT_ATTR] = UnitAttr()
        elif CONTRACT and isinstance(new, _CONTRACTIBLE):
            _allow_contract(new)
        if vexp_ok and new.name == "math.exp":
            new.attributes[vexp.MARK] = UnitAttr()
        at(new)
        carry_location(new, op)
    raise CodegenError(f"{s.op.name}: body without linalg.yield", **where(s.op))


def lower_structured(op: Operation, fills: dict[int, SSAValue] | None = None,
                     sources: dict[SSAValue, SSAValue] | None = None) -> bool:
    """Replace the structured op ``op`` (on memrefs) by its loop nest.  ``fills``:
    outputs (by position) whose buffers hold this value everywhere (a fill fused
    into the nest: :func:`fused_fills`) -- their elements start from it, not from a
    load.  ``sources``: inputs (a transposed copy ``Bt``) that may be read through
    panels filled from the transposed source instead (``Bt -> B``,
    :func:`transposed_sources`); whether that was done (the nest then never reads
    ``Bt``)."""
    fills = fills or {}
    s = structured(op)
    assert s is not None
    for v in s.inputs + s.outputs:
        if isinstance(v.type, ShapedType) and not isinstance(v.type, MemRefType):
            raise CodegenError(f"{op.name} on {v.type} (tensors are bufferized first)",
                               **where(op))
    if op.results:
        raise CodegenError(f"{op.name} with results on memrefs", **where(op))
    at = _At(anchor=op, loc=op)
    n = len(s.iterator_types)
    order, carry = loop_order(s)
    if carry and _exact(s) and _ikj_last(s, False) is not None:
        opts.count("carryorder")
    rt = regtile(s, order, carry)
    if rt is not None:
        order, carry = rt[0], True
        opts.count("regtile")
    plan = tiling(s, order, carry)
    bounds = _bounds(at, s)
    base: dict[int, SSAValue] = {}  # a tiled dimension's outer counter
    zero, one = _const(at, 0), _const(at, 1)
    ivs: list[SSAValue | None] = [None] * n
    nin = len(s.inputs)
    used = [bool(a.uses) for a in s.body.args]
    in_maps, out_maps = list(s.indexing_maps[:nin]), s.indexing_maps[nin:]
    inputs = list(s.inputs)
    jam = jam_dim(s, order, carry)
    vexp_ok = VEXP  # (every nest alike: see VEXP)
    # a second jammed dimension, outside ``jam`` (regtile: the tile's rows); the
    # copies per iteration of each, from the first to the rest's (then one)
    jam2 = rt[1] if rt is not None else None
    factors: dict[int | None, list[int]] = {jam: _halving(JAM)}
    if rt is not None:
        tj = max(1, TILE_BYTES * 8 // max(getattr(s.outputs[0].type.element_type,  # type: ignore[attr-defined]
                                                    "bitwidth", 64), 8))
        # (halving down to 2: 12 variants of the tile, up to 32 copies of the body;
        # GMM's compile took 2.5 -> 6 s, its gradient ~10% faster than with 8, 4 and 4)
        factors = {jam: _halving(tj), jam2: _halving(TILE_ROWS)}
    packed: list[SSAValue] = []
    for k in range(nin):
        perm = (pack_order(s, k, jam) or row_pack_order(s, plan, k)) if used[k] else None
        if perm is not None:
            inputs[k] = _pack(at, inputs[k], perm, op)
            m = in_maps[k]
            in_maps[k] = AffineMap(m.num_dims, m.num_symbols, tuple(m.results[q] for q in perm))
            packed.append(inputs[k])

    loaded: dict[int, SSAValue] = {}
    in_dims = [{d.position for e in m.results for d in e.dfs() if isinstance(d, AffineDimExpr)}
               for m in in_maps]

    def hoist(at: _At) -> None:
        """Load the inputs whose indices the loops so far fix (an element the inner
        loops only read is loaded once, outside them)."""
        bound = {d for d in range(n) if ivs[d] is not None}
        for k, (v, m) in enumerate(zip(inputs, in_maps, strict=True)):
            if k in loaded or not used[k] or not in_dims[k] <= bound:
                continue
            if k in panels:
                idx = _indices(at, AffineMap(m.num_dims, m.num_symbols, m.results[:-1]), ivs, op)
                loaded[k] = at(memref.LoadOp.get(panels[k], [*idx, raw[plan[0][0]]])).results[0]
            elif isinstance(v.type, MemRefType):
                loaded[k] = at(memref.LoadOp.get(v, _indices(at, m, ivs, op))).results[0]
            else:
                loaded[k] = v

    def load_inputs(at: _At) -> list[SSAValue]:
        hoist(at)
        # (an input the body never reads: its block argument, a placeholder)
        return [loaded.get(k, s.body.args[k]) for k in range(nin)]

    has_red = any(t != "parallel" for t in s.iterator_types)

    # (set while the first iteration of a peeled reduction is emitted: peel_fill)
    first = [False]

    def load_outputs(at: _At) -> list[SSAValue]:
        # (a filled output's element is the fill's value where it is read once: as
        # a reduction's carried init, in a nest without reductions, or in the first
        # iteration of a peeled reduction)
        return [fills[k] if k in fills and (carry or not has_red or first[0]) else
                at(memref.LoadOp.get(v, _indices(at, m, ivs, op))).results[0]
                if used[nin + k] or carry else s.body.args[nin + k]
                for k, (v, m) in enumerate(zip(s.outputs, out_maps, strict=True))]

    def fill_below(at: _At, level: int) -> None:
        """Store the fills' values into the output elements the loops
        ``plan[level:]`` touch (before the first reduction loop of a nest that
        updates its outputs in memory: each element is then written with the fill
        while in cache, just before its first update)."""
        entries = [(d, role, tile) for d, role, tile in plan[level:]
                   if s.iterator_types[d] == "parallel"]
        where_, made = at, []
        for d, role, tile in entries:
            ub = bounds[d] if role == "full" else short.get(d) or _const(where_, tile)
            block = Block(arg_types=[IndexType()])
            made.append((where_, block, ub, d))
            inner = _At(block=block, loc=op)
            ivs[d] = block.args[0] if role == "full" else \
                inner(arith.AddiOp(base[d], block.args[0])).results[0]
            where_ = inner
        for k, val in fills.items():
            where_(memref.StoreOp.get(val, s.outputs[k], _indices(where_, out_maps[k], ivs, op)))
        for outer, block, ub, d in reversed(made):
            ivs[d] = None
            _At(block=block, loc=op)(scf.YieldOp())
            outer(scf.ForOp(zero, ub, one, [], Region(block)))

    def store_outputs(at: _At, vals: Sequence[SSAValue]) -> None:
        for v, m, x in zip(s.outputs, out_maps, vals, strict=True):
            at(memref.StoreOp.get(x, v, _indices(at, m, ivs, op)))

    # panels: inputs of a register-tiled nest read through a copy of the tile's
    # columns (input k -> its panel buffer)
    panels = {k: _panel_buffer(at, inputs[k], plan[0][2]) for k in panel_inputs(s, plan)
              if used[k]}
    packed += panels.values()
    # panels filled from the transposed source of their input (every read of the input
    # is through its panel: not packed, no zero-skip guard reading it)
    tsrc = {k: sources[inputs[k]] for k in panels
            if sources and inputs[k] is s.inputs[k] and inputs[k] in sources}
    raw: dict[int, SSAValue] = {}  # a tiled dimension's inner counter
    # a tiled dimension's inner bound where its outer loop is on the rest (not a whole
    # tile: REMAINDERS)
    short: dict[int, SSAValue] = {}

    # the counters of the jammed dimension in the copy being emitted (copies2: of
    # jam2, whose loop is outside jam's)
    copies: list[SSAValue] = []
    copies2: list[SSAValue] = []

    def combos() -> list[list[tuple[int, SSAValue]]]:
        """Every copy of the jammed loops open here: its counters, ``jam2``'s copies
        outer (the carried outputs: ``nout`` per copy, in this order)."""
        a = [[(jam2, c)] for c in copies2] or [[]]
        b = [[(jam, c)] for c in copies] or [[]]
        return [x + y for x in a for y in b]  # type: ignore[misc]

    def set_copy(asg: list[tuple[int, SSAValue]] | None) -> None:
        for d in (jam, jam2):
            if d is not None and (copies if d == jam else copies2):
                ivs[d] = None
        for d, c in asg or []:
            ivs[d] = c

    def per_copy(at: _At, emit: Callable[[_At], list[SSAValue]]) -> list[SSAValue]:
        """``emit`` once per copy of the jammed dimensions (``ivs[jam]`` its
        counter), the results concatenated; once where nothing is jammed."""
        if not copies and not copies2:
            return emit(at)
        out: list[SSAValue] = []
        for asg in combos():
            set_copy(asg)
            out += emit(at)
        set_copy(None)
        return out

    nout = len(s.outputs)
    # (staircase: the jammed dimension, the indices of its copies whose bodies are
    # emitted, its copies' counters)
    only: list[tuple[int, set[int], list[SSAValue]] | None] = [None]

    def innermost(at: _At, acc: list[SSAValue] | None) -> list[SSAValue] | None:
        if not copies and not copies2:
            ins = load_inputs(at)
            outs = acc if acc is not None else load_outputs(at)
            ys = _inline_body(at, s, ins + list(outs), ivs, unmasked[0],  # type: ignore[arg-type]
                              vexp_ok)
            if acc is not None:
                return ys
            store_outputs(at, ys)
            return None
        assert acc is not None
        ys: list[SSAValue] = []
        for r, asg in enumerate(combos()):
            if only[0] is not None:  # (staircase: the copies of only[0][0] outside
                # only[0][1] pass their carried values through)
                dim, active, counters = only[0]
                c = next(x for q, x in asg if q == dim)
                if next(i for i, x in enumerate(counters) if x is c) not in active:
                    ys += acc[r * nout:(r + 1) * nout]
                    continue
            set_copy(asg)
            before = set(loaded)
            ins = load_inputs(at)  # the inputs that depend on the copy, loaded afresh
            for k in set(loaded) - before:
                del loaded[k]
            ys += _inline_body(at, s, ins + acc[r * nout:(r + 1) * nout], ivs,  # type: ignore[arg-type]
                               unmasked[0], vexp_ok)
        set_copy(None)
        return ys

    def loop(at: _At, level: int, lb: SSAValue, ub: SSAValue, step: SSAValue,
             acc: list[SSAValue] | None, jammed: int = 0) -> list[SSAValue] | None:
        """The loop of ``plan[level]`` from ``lb`` to ``ub`` by ``step`` (``jammed``
        copies of its body per iteration: the jammed dimension's main part)."""
        d, role, _ = plan[level]
        types = [a.type for a in acc] if acc is not None else []
        block = Block(arg_types=[IndexType(), *types])
        inner = _At(block=block, loc=op)
        if jammed:
            (copies if d == jam else copies2)[:] = [block.args[0]] + [
                inner(arith.AddiOp(block.args[0], _const(inner, r))).results[0]
                for r in range(1, jammed)]
        elif role == "outer":
            base[d] = block.args[0]
            if level == 0:
                for k, buf in panels.items():
                    _fill_panel(inner, tsrc.get(k, inputs[k]), buf, block.args[0], op,
                                short.get(d), k in tsrc)
        elif role == "inner":
            raw[d] = block.args[0]
            ivs[d] = inner(arith.AddiOp(base[d], block.args[0])).results[0]
        elif listing[0] is not None and zl is not None and level == zl[1]:
            # (the listed reduction: its index the list's entry)
            ivs[d] = inner(memref.LoadOp.get(listing[0], [block.args[0]])).results[0]
        else:
            ivs[d] = block.args[0]
        before = set(loaded)
        res = nest(inner, level + 1, list(block.args[1:]) if acc is not None else None)
        for k in set(loaded) - before:
            del loaded[k]
        ivs[d] = None
        if jammed:
            (copies if d == jam else copies2).clear()
        inner(scf.YieldOp(*(res or [])))
        f = at(scf.ForOp(lb, ub, step, acc or [], Region(block)))
        if rt is not None and acc is not None:
            # (a register tile's chains are many and independent: not split by
            # activity.codegen.expand, which would move its terms through memory)
            f.attributes[JAMMED_ATTR] = UnitAttr()
        return hoist_masks(f) if acc is not None else None

    mask = mask_of(s) if carry else None
    unmasked: list[dict[Operation, int] | None] = [None]

    def split(at: _At, level: int, acc: list[SSAValue]) -> list[SSAValue]:
        """The masked reduction's loop in three parts (:class:`Mask`)."""
        assert mask is not None
        d = mask.dim
        if mask.other is None:
            xs = [_const(at, mask.const)]
        elif mask.other == jam and copies:
            xs = list(copies)
        else:
            x = ivs[mask.other]
            assert x is not None
            xs = [x]
        splits = []
        for x in xs:
            if mask.off:
                x = at(arith.AddiOp(x, _const(at, mask.off))).results[0]
            splits.append(at(arith.MinUIOp(x, bounds[d])).results[0])
        lo, hi = splits[0], splits[0]
        for x in splits[1:]:
            lo = at(arith.MinUIOp(lo, x)).results[0]
            hi = at(arith.MaxUIOp(hi, x)).results[0]
        unmasked[0] = {mask.select: 1}
        acc = loop(at, level, zero, lo, one, acc)  # type: ignore[assignment]
        unmasked[0] = None
        if len(splits) > 1:  # (one split point: nothing between)
            acc = loop(at, level, lo, hi, one, acc)  # type: ignore[assignment]
        if not mask.positive:
            return acc
        rest = at(arith.CmpiOp(hi, bounds[d], "ult")).results[0]
        out = []
        for a in acc:
            plus = at(arith.AddfOp(a, mask.zero) if mask.acc_first else arith.AddfOp(mask.zero, a))
            out.append(at(arith.SelectOp(rest, plus.results[0], a)).results[0])
        return out

    tri = triangle_loop(s, plan, jam) if mask is None else None
    if tri is not None and jam2 is not None and tri[1].dim == jam2:
        tri = None  # (the tile's rows are jammed, not restricted)
    # regtile: a jammed dimension's loops over the mask's range (jam_range)
    jr = jam_range(s, order, jam, jam2) if rt is not None and tri is None else None
    if fills and (jr is not None or (tri is not None
                                      and s.iterator_types[tri[1].dim] == "parallel")):
        # (fused_fills/_tile_fill chose to fuse the fill from the same decisions: a
        # nest that skips output elements would leave them unwritten)
        raise CodegenError("internal: a fill fused into a nest that skips output "
                           "elements", **where(op))
    restricted: list[bool] = []

    def xs_of(at: _At, r: Range) -> list[SSAValue]:
        """The mask's ``X`` of range ``r``: per copy of a jammed dimension open here,
        else the one counter or constant."""
        if r.other is None:
            return [_const(at, r.const)]
        if r.other == jam and copies:
            return list(copies)
        if r.other == jam2 and copies2:
            return list(copies2)
        x = ivs[r.other]
        assert x is not None
        return [x]

    def staircase(r: Range, xs: list[SSAValue], acc: list[SSAValue] | None) -> bool:
        """Whether the masked part of a jammed reduction's range (the copies'
        ``X`` its jammed counters: ascending) runs as steps, one loop between two
        consecutive split points in which the mask holds for the copies there and
        the others pass their sums through (switch ``staircase``): no select per
        term, no term of a copy outside its range computed (GMM's ``dxc[n, k, j] +=
        L[k, i, j] dqx[n, k, i]``, ``i > j``: 28 of 56 terms of an 8-column tile's
        masked part, each an FMA instead of a multiply, a select and an add).
        Exact: each copy sums its terms in the order of its range, as before; where
        the mask is false the body added ``-0.0`` or kept the accumulator, which is
        passing it through (not where it adds ``+0.0``: ``t.plus_zero``)."""
        assert tri is not None
        if (acc is None or tri[0].plus_zero or r.kind not in ("from", "below")
                or not opts.enabled("staircase")):
            return False
        counters = copies if r.other == jam else copies2 if r.other == jam2 else []
        return len(counters) == len(xs) > 1 and all(
            a is b for a, b in zip(counters, xs, strict=True))

    def restrict(at: _At, level: int, acc: list[SSAValue] | None) -> list[SSAValue] | None:
        """The loop of a body masked by its indices (:func:`triangle_loop`) over the
        range where the mask holds, the mask's selects taken as their operand there;
        then ``+0.0`` added once to the outputs the skipped iterations would have
        added it to."""
        assert tri is not None
        t, r = tri
        d, size = r.dim, bounds[r.dim]
        restricted.append(True)
        xs = xs_of(at, r)

        def cut(x: SSAValue, off: int) -> SSAValue:
            if off:
                x = at(arith.AddiOp(x, _const(at, off))).results[0]
            return at(arith.MinUIOp(x, size)).results[0]

        spans = []  # per value of X: [lo, hi)
        for x in xs:
            if r.kind == "below":
                spans.append((zero, cut(x, r.off)))
            elif r.kind == "from":
                spans.append((cut(x, r.off), size))
            else:
                spans.append((cut(x, 0), cut(x, 1)))

        def fold(vs: list[SSAValue], cls: type[Operation]) -> SSAValue:
            out = vs[0]
            for v in vs[1:]:
                out = at(cls(out, v)).results[0]  # type: ignore[call-arg]
            return out

        def run(lb: SSAValue, ub: SSAValue, masked: bool,
                acc: list[SSAValue] | None) -> list[SSAValue] | None:
            unmasked[0] = None if masked else t.unmask
            got = loop(at, level, lb, ub, one, acc)
            unmasked[0] = None
            return got

        if len(spans) == 1:
            acc = run(spans[0][0], spans[0][1], False, acc)
        elif staircase(r, xs, acc):
            los, his = [a for a, _ in spans], [b for _, b in spans]
            m = len(spans)
            # (the copies' counters ascend, so do their split points: between two
            # consecutive ones the mask holds for a known set of copies)
            steps = ([(los[c], los[c + 1], set(range(c + 1))) for c in range(m - 1)]
                     + [(los[-1], size, set(range(m)))] if r.kind == "from" else
                     [(zero, his[0], set(range(m)))]
                     + [(his[c], his[c + 1], set(range(c + 1, m))) for c in range(m - 1)])
            for lb, ub, active in steps:
                only[0] = (r.other, active, list(xs)) if len(active) < m else None
                acc = run(lb, ub, False, acc)
            only[0] = None
            opts.count("staircase")
        else:  # (the jam's copies: where the mask holds for all, and where for some)
            los, his = [a for a, _ in spans], [b for _, b in spans]
            if r.kind == "below":
                low = fold(his, arith.MinUIOp)
                acc = run(zero, low, False, acc)
                acc = run(low, fold(his, arith.MaxUIOp), True, acc)
            elif r.kind == "from":
                high = fold(los, arith.MaxUIOp)
                acc = run(fold(los, arith.MinUIOp), high, True, acc)
                acc = run(high, size, False, acc)
            else:
                acc = run(fold(los, arith.MinUIOp), fold(his, arith.MaxUIOp), True, acc)
        if not t.plus_zero:
            return acc
        # (d is the innermost loop: each skipped iteration is one body)
        if acc is not None:
            # (the carried outputs: nout per copy; each copy's span: its own X's)
            per = [spans[0] if len(spans) == 1 else
                   spans[next(q for q, x in enumerate(xs) if x is dict(asg)[r.other])]
                   for asg in combos()]
            acc = list(acc)
            for c, (lo, hi) in enumerate(per):
                span = at(arith.SubiOp(hi, lo)).results[0]
                skipped = at(arith.CmpiOp(span, size, "ne")).results[0]
                for k in t.plus_zero:
                    a = acc[c * nout + k]
                    plus = at(arith.AddfOp(a, _float_zero(at, a.type))).results[0]
                    acc[c * nout + k] = at(arith.SelectOp(skipped, plus, a)).results[0]
            return acc
        assert not copies and len(spans) == 1
        lo, hi = spans[0]
        parts = {"below": [(hi, size)], "from": [(zero, lo)], "at": [(zero, lo), (hi, size)]}
        for lb, ub in parts[r.kind]:
            block = Block(arg_types=[IndexType()])
            inner = _At(block=block, loc=op)
            ivs[d] = block.args[0]
            for k in t.plus_zero:
                v, m = s.outputs[k], out_maps[k]
                et = v.type.element_type  # type: ignore[attr-defined]
                x = inner(memref.LoadOp.get(v, _indices(inner, m, ivs, op))).results[0]
                plus = inner(arith.AddfOp(x, _float_zero(inner, et))).results[0]
                inner(memref.StoreOp.get(plus, v, _indices(inner, m, ivs, op)))
            ivs[d] = None
            inner(scf.YieldOp())
            at(scf.ForOp(lb, ub, one, [], Region(block)))
        return None

    # zero-skip (activity.tensor.zeroskip): the factor, the level of its check, the
    # guard; and whether the check at that level is being emitted (its dense branch)
    skip: tuple[int, int, SSAValue] | None = None
    if mask is None and tri is None and rt is None and opts.enabled("zeroskip") and (
            fills and all(isinstance(v.type, MemRefType) for v in s.inputs
                          if isinstance(v.type, ShapedType))):
        cands = [(lv, z) for z in zeroskip.zero_skip_of(s, fills)
                 if (lv := zeroskip.skip_level(s, z, plan, carry, jam)) is not None]
        if cands:
            lv, z = min(cands, key=lambda c: c[0])
            skip = (z.factor, lv, zeroskip.emit_guard(at, s, z))
            opts.count("zeroskip")
    in_skip = [False]
    # zero-list (activity.tensor.zerolist): the factor, the level of its listed
    # reduction, whether the list is made (run time), the list's buffer
    zl: tuple[int, int, SSAValue, SSAValue] | None = None
    listing: list[SSAValue | None] = [None]  # (set while the listed loop is emitted)
    if skip is None and mask is None and tri is None and rt is None and not panels \
            and opts.enabled("zerolist") and fills and all(
                isinstance(v.type, MemRefType) for v in s.inputs if isinstance(v.type, ShapedType)):
        static = _static_sizes(s)
        for z in zeroskip.zero_skip_of(s, fills):
            lv = zerolist.list_level(s, z, plan, carry, jam, static)
            if lv is None:
                continue
            use = at(arith.AndIOp(zeroskip.emit_guard(at, s, z),
                                  zerolist.mostly_zero(at, s.inputs[z.factor]))).results[0]
            buf = at(memref.AllocOp.get(IndexType(), shape=[DYNAMIC_INDEX],
                                        dynamic_sizes=[bounds[plan[lv][0]]])).results[0]
            packed.append(buf)  # (freed after the nest)
            zl = (z.factor, lv, use, buf)
            opts.count("zerolist")
            break

    def listed(at: _At, level: int) -> None:
        """The reduction ``plan[level]`` over the list of its factor's nonzero
        elements where ``zl``'s run-time choice holds, else its dense loop."""
        assert zl is not None
        k, _, use, buf = zl
        d = plan[level][0]

        def element(at_: Callable[[Operation], Operation], i: SSAValue) -> SSAValue:
            ivs[d] = i
            x = at_(memref.LoadOp.get(inputs[k], _indices(at_, in_maps[k], ivs, op))).results[0]  # type: ignore[arg-type]
            ivs[d] = None
            return x

        then_b, else_b = Block(), Block()
        tat, eat = _At(block=then_b, loc=op), _At(block=else_b, loc=op)
        count = zerolist.make_list(tat, bounds[d], buf, element)
        listing[0] = buf
        loop(tat, level, zero, count, one, None)
        listing[0] = None
        tat(scf.YieldOp())
        loop(eat, level, zero, bounds[d], one, None)
        eat(scf.YieldOp())
        at(scf.IfOp(use, [], Region(then_b), Region(else_b)))

    def nest(at: _At, level: int, acc: list[SSAValue] | None) -> list[SSAValue] | None:
        """Emit loops ``order[level:]`` at ``at``; with ``acc`` (the reductions'
        carried outputs), return the loop's results."""
        if level == len(plan):
            return innermost(at, acc)
        hoist(at)
        d, role, tile = plan[level]
        if fills and not carry and s.iterator_types[d] != "parallel" and all(
                s.iterator_types[e] == "parallel" for e, _, _ in plan[:level]):
            if peel_fill(s, plan, level, carry, jam, rt is not None or mask is not None
                         or tri is not None or skip is not None or zl is not None):
                # the reduction's first iteration on its own, its outputs starting
                # from the fill's value (no store of the fill to read back)
                opts.count("peelfill")
                mark_peeled(op)
                first[0] = True
                loop(at, level, zero, one, one, None)
                first[0] = False
                return loop(at, level, one, bounds[d], one, None)
            fill_below(at, level)
        if carry and acc is None and s.iterator_types[d] != "parallel":
            # the first reduction loop: the output elements go round in iter_args
            init = per_copy(at, load_outputs)
            res = nest(at, level, init)
            assert res is not None
            if not copies and not copies2:
                store_outputs(at, res)
            else:
                for r, asg in enumerate(combos()):
                    set_copy(asg)
                    store_outputs(at, res[r * nout:(r + 1) * nout])
                set_copy(None)
            return None
        if skip is not None and level == skip[1] and not in_skip[0]:
            hoist(at)
            in_skip[0] = True

            def dense(block: Block) -> list[SSAValue] | None:
                return nest(_At(block=block, loc=op), level, acc)

            assert acc is not None  # (only in carried reductions: skip_level)
            res = zeroskip.skipped(at, skip[2], loaded[skip[0]], acc, dense)
            in_skip[0] = False
            return res
        if mask is not None and acc is not None and d == mask.dim and role == "full":
            return split(at, level, acc)
        if tri is not None and d == tri[1].dim and role == "full":
            return restrict(at, level, acc)
        if d is not None and d in (jam, jam2):
            size = _static_sizes(s).get(d, -1)
            if d == jam and rt is None and 1 < size <= JAM:
                # (a short constant dimension, Hand's 3 coordinates: all its copies in
                # one pass over the reductions, not 2 + 1)
                return loop(at, level, zero, bounds[d], _const(at, size), acc, jammed=size)
            # JAM copies per iteration up to the last multiple of JAM, then JAM / 2
            # copies up to the last multiple of that (at most once), ..., then one
            lb, ub = zero, bounds[d]
            if jr is not None and d == jr.dim:
                # (over the union of the copies' ranges, the mask kept in the body)
                restricted.append(True)
                xs = [at(arith.MinUIOp(at(arith.AddiOp(x, _const(at, jr.off))).results[0]
                                       if jr.off else x, ub)).results[0]
                      for x in xs_of(at, jr)]
                cut = xs[0]
                for x in xs[1:]:
                    cut = at((arith.MaxUIOp if jr.kind == "below" else arith.MinUIOp)(
                        cut, x)).results[0]
                if jr.kind == "below":
                    ub = cut
                else:
                    lb = cut
            for f in factors[d]:
                span = at(arith.SubiOp(ub, lb)).results[0] if lb is not zero else ub
                rem = at(arith.RemUIOp(span, _const(at, f))).results[0]
                upto = at(arith.SubiOp(ub, rem)).results[0]
                loop(at, level, lb, upto, _const(at, f), acc, jammed=f)
                lb = upto
            return loop(at, level, lb, ub, one, acc)
        if role == "outer":
            return tiles(at, level, acc)
        if zl is not None and level == zl[1]:
            listed(at, level)
            return None
        if role == "full":
            lb, ub, step = zero, bounds[d], one
        else:
            lb, ub, step = zero, short.get(d) or _const(at, tile), one
        return loop(at, level, lb, ub, step, acc)

    def tiles(at: _At, level: int, acc: list[SSAValue] | None) -> None:
        """A tiled dimension's outer loop over its whole tiles, then (where the tile
        does not divide the size) once over the rest, its inner loop that short."""
        assert acc is None  # (tiles are over parallel dimensions: nothing carried)
        d, _, tile = plan[level]
        step = _const(at, tile)
        size = _static_sizes(s).get(d, -1)
        if size >= 0:
            whole, rest = size - size % tile, size % tile
            end = _const(at, whole)
            if whole:
                loop(at, level, zero, end, step, None)
            if rest:
                short[d] = _const(at, rest)
                loop(at, level, end, bounds[d], step, None)
                del short[d]
            return
        rem = at(arith.RemUIOp(bounds[d], step)).results[0]
        end = at(arith.SubiOp(bounds[d], rem)).results[0]
        loop(at, level, zero, end, step, None)
        short[d] = rem  # (the loop over the rest runs once, or not at all)
        loop(at, level, end, bounds[d], step, None)
        del short[d]

    if skip is not None and tsrc:
        raise AssertionError("zero-skip in a panel-tiled nest")  # (skip: carried only)
    nest(at, 0, None)
    if restricted:
        opts.count("triangular")
    for b in packed:
        at(memref.DeallocOp.get(b))
    Rewriter.erase_op(op)
    return bool(tsrc)


def peel_fill(s: Structured, plan: list[tuple[int, str, int]], level: int, carry: bool,
              jam: int | None, special: bool) -> bool:
    """Whether the reduction loop ``plan[level]`` of a nest whose outputs are filled
    (:func:`fused_fills`) and updated in memory is peeled (the ``peelfill`` switch):
    its first iteration emitted on its own, each output element there starting from
    the fill's value instead of a store of the fill and a load of it back.  A matmul
    adjoint's ``dB[k, j] += A[i, k] dC[i, j]`` (784 x 512 outputs, 64 terms each)
    stored a register tile of zeros into lines not yet in cache and loaded them back
    at once, waiting for the lines; peeled, each line is written once, after the
    tile's sums.  The same terms in the same order: the first term is added to the
    fill's value (the value the load gave), so the results are the same bits (where
    the body's flags allow no sign-of-zero change: with ``nsz``, LLVM may fold a fill of
    0 plus a -0.0 term to -0.0 here, which the flag permits).  Only
    where this is the nest's one reduction loop (an inner reduction would read the
    fill again in every iteration of its own), of a static size of at least one (an
    empty reduction must still write the fill), the loops under it parallel, and not
    in nests with masks, triangles, jams, register tiles of dynamic size, zero-skips
    (:mod:`activity.tensor.zeroskip`) or zero-lists (:mod:`activity.tensor.zerolist`)
    (``special``), which place their loops themselves."""
    if carry or jam is not None or special or not opts.enabled("peelfill"):
        return False
    d, role, _ = plan[level]
    if role != "full" or any(s.iterator_types[e] != "parallel" for e, _, _ in plan[level + 1:]):
        return False
    return _static_sizes(s).get(d, -1) >= 1


FUSE_FILLS = True  # fills of a fresh buffer fused into the nest that writes it next


def _fill_value(s: Structured) -> SSAValue | None:
    """The value ``s`` fills its one output with (``linalg.fill``, or a generic of
    only parallel loops yielding a scalar input), else ``None``."""
    if len(s.inputs) != 1 or len(s.outputs) != 1 or isinstance(s.inputs[0].type, ShapedType) \
            or any(t != "parallel" for t in s.iterator_types) or s.indexing_maps[0].results:
        return None
    ops = list(s.body.ops)
    if len(ops) != 1 or not isinstance(ops[0], linalg.YieldOp) \
            or list(ops[0].operands) != [s.body.args[0]]:
        return None
    out = s.outputs[0].type
    if not isinstance(out, MemRefType) or out.element_type != s.inputs[0].type \
            or not _exact(s):
        return None
    return s.inputs[0]


def _top(op: Operation, block: Block) -> Operation | None:
    """``op``'s ancestor in ``block`` (itself if there), else ``None``."""
    o: Operation | None = op
    while o is not None and o.parent_block() is not block:
        o = o.parent_op()
    return o


def _fills_pay(s: Structured) -> bool:
    """Whether a fill fused into ``s`` pays: its outputs' elements start from the
    fill's value where it carries them along the reductions or has none, and where it
    is register-tiled the fill is stored tile by tile.  (Not in the other nests that
    update their outputs in memory: stores before each first reduction loop made
    GMM's gradient ~8% slower.)"""
    order, carry = loop_order(s)
    if carry or all(t == "parallel" for t in s.iterator_types):
        return True
    return any(role == "outer" for _, role, _ in tiling(s, order, carry))


def _tile_fill(s: Structured) -> bool:
    """Whether a fill fuses into ``s`` as its register tile's start (switch
    ``tilefill``): ``s`` is register-tiled (:func:`regtile`) and has no index mask,
    or one that restricts only a reduction (:func:`triangle_loop`: GMM's ``dxc[n, k, j] +=
    L[k, i, j] dqx[n, k, i]``, ``i > j``), so that its loops still visit every output
    element and store its tile -- the fill's value where no term is added.  The fill
    then is not stored first and read back (a pass over ``dxc``, 2 MB).  Not where
    the mask restricts a parallel loop (:func:`jam_range`: GMM's ``dL``, whose
    skipped triangle keeps the fill's value)."""
    if not opts.enabled("tilefill"):
        return False
    with opts.muted():
        order, carry = loop_order(s)
        rt = regtile(s, order, carry)
        if rt is None or mask_of(s) is not None:
            return False
        if not opts.enabled("triangular") or triangle_of(s) is None:
            return True  # (no loop restricted: GMM full's dxc)
        order = rt[0]
        plan = tiling(s, order, True)
        tri = triangle_loop(s, plan, jam_dim(s, order, True))
    if tri is None or tri[1].dim == rt[1]:
        return False
    return s.iterator_types[tri[1].dim] != "parallel"


def fused_fills(ops: Sequence[Operation]) -> tuple[dict[Operation, dict[int, SSAValue]],
                                                     set[Operation]]:
    """Fills fused into the nest that writes their buffer next (``FUSE_FILLS``):
    ``({consumer: {output position: value}}, the fills)``.  The gradient makes every
    adjoint ``alloc; fill 0; contraction into it`` -- the fill wrote the whole
    buffer (a 784 x 512 matrix) once more and the contraction read it back.  Fused,
    each element gets the fill's value just before the nest first updates it
    (:func:`lower_structured`): the same value, so the same results.  Only where the
    buffer is a fresh ``memref.alloc``/``alloca`` used by nothing between the fill and
    the consumer (no view of it), the consumer is the next op of the fill's block to
    use it, writes it as an output only, and writes every element (its outputs'
    maps exact: :func:`_exact`), where it pays (:func:`_fills_pay`), and not where the
    consumer's loops may run over a triangle only (:func:`triangle_loop`: the
    elements it skips keep the fill's value) -- except into a register tile that
    writes every element (``tilefill``, :func:`_tile_fill`: a mask that restricts
    only a reduction, or none)."""
    out: dict[Operation, dict[int, SSAValue]] = {}
    drop: set[Operation] = set()
    if not FUSE_FILLS:
        return out, drop
    for f in ops:
        s = structured(f)
        val = _fill_value(s) if s is not None and not f.results else None
        buf = s.outputs[0] if val is not None and s is not None else None
        if buf is None or not isinstance(buf.owner, memref.AllocOp | memref.AllocaOp):
            continue
        block = f.parent_block()
        if block is None:
            continue
        users = [_top(u.operation, block) for u in buf.uses if u.operation is not f]
        if None in users or not users:
            continue
        idx = {id(o): q for q, o in enumerate(block.ops)}
        fpos = idx[id(f)]
        after = [u for u in users if u is not None and idx[id(u)] > fpos]
        if any(u is not None and idx[id(u)] < fpos for u in users) or not after:
            continue
        c = min(after, key=lambda u: idx[id(u)])
        sc = structured(c) if is_structured(c) else None
        if sc is None or c.results or c in out and any(
                sc.outputs[k] is buf for k in out[c]):
            continue
        pos = [k for k, v in enumerate(sc.outputs) if v is buf]
        if len(pos) != 1 or any(v is buf for v in sc.inputs) or not _exact(sc) \
                or sum(1 for u in buf.uses if u.operation is c) != 1:
            continue
        tile = _tile_fill(sc)
        if not tile and not _fills_pay(sc):
            continue
        if not tile and opts.enabled("triangular") and triangle_of(sc) is not None:
            continue  # (its loops may skip the masked part: the fill must be there)
        if tile:
            opts.count("tilefill")
        out.setdefault(c, {})[pos[0]] = val  # type: ignore[assignment]
        drop.add(f)
    return out, drop


def _transpose_of(op: Operation) -> tuple[SSAValue, SSAValue] | None:
    """``(B, Bt)`` where ``op`` is ``Bt[x, y] = B[y, x]`` on static 2-D memrefs of
    identity layout, ``Bt`` a fresh ``memref.alloc``/``alloca``; else ``None``."""
    s = structured(op)
    if s is None or op.results or len(s.inputs) != 1 or len(s.outputs) != 1 \
            or len(s.iterator_types) != 2 or any(t != "parallel" for t in s.iterator_types):
        return None
    b, bt = s.inputs[0], s.outputs[0]
    for v in (b, bt):
        if not isinstance(v.type, MemRefType) or not isinstance(v.type.layout, NoneAttr) \
                or len(v.type.get_shape()) != 2 or min(v.type.get_shape()) < 0:
            return None
    if b is bt or not isinstance(bt.owner, memref.AllocOp | memref.AllocaOp):
        return None
    din = [_dim(e) for e in s.indexing_maps[0].results]
    dout = [_dim(e) for e in s.indexing_maps[1].results]
    if None in din or len(set(din)) != 2 or dout != din[::-1]:
        return None
    ops = list(s.body.ops)
    if len(ops) != 1 or not isinstance(ops[0], linalg.YieldOp) \
            or list(ops[0].operands) != [s.body.args[0]]:
        return None
    return b, bt


def _reads(o: Operation, b: SSAValue) -> bool:
    """Whether ``o`` (a user of ``b``) only reads ``b``: a load, a dim, a structured op
    with ``b`` among its inputs only."""
    if isinstance(o, memref.LoadOp | memref.DimOp):
        return True
    so = structured(o) if is_structured(o) else None
    return so is not None and all(v is not b for v in so.outputs)


def transposed_sources(ops: Sequence[Operation]
                       ) -> dict[Operation, tuple[Operation, SSAValue, SSAValue]]:
    """Transposed copies that one contraction reads (the ``tpanel`` switch):
    ``{C: (T, Bt, B)}`` where ``T`` copies ``Bt = Bᵀ`` into a fresh buffer that only
    ``C`` reads (and deallocations free) -- the matmul adjoint ``dA = dC Bᵀ`` of
    activity/ad/rules/linalg.py, which transposes ``B`` so that the contraction runs
    over contiguous rows.  Where ``C``'s nest reads ``Bt`` through panels
    (:func:`panel_inputs`), they are filled from ``B`` directly, transposing
    (:func:`lower_structured`), and ``T`` and ``Bt`` go: one pass over ``B`` instead
    of two (the copy, then the panels) and no ``Bt`` (the MLP's ``W2ᵀ``: 1 MB).  The
    same elements reach the same panels: the same results.  Only where nothing may
    write ``B`` between ``T`` and ``C`` or during ``C`` (every use of ``B`` reads it: a
    structured op's input, a load, a dim; the ops between write fresh buffers only, as
    ``C`` does: no argument or view that may alias ``B``), ``T`` and ``C`` are in one
    block, ``C`` after ``T`` and reading ``Bt`` once, as an input."""
    out: dict[Operation, tuple[Operation, SSAValue, SSAValue]] = {}
    if not opts.enabled("tpanel"):
        return out
    for t in ops:
        got = _transpose_of(t)
        if got is None:
            continue
        b, bt = got
        block = t.parent_block()
        readers = [u.operation for u in bt.uses
                   if u.operation is not t and not isinstance(u.operation, memref.DeallocOp)]
        if block is None or len(readers) != 1 or readers[0].parent_block() is not block:
            continue
        c = readers[0]
        sc = structured(c) if is_structured(c) else None
        if sc is None or c.results or any(v is bt for v in sc.outputs) \
                or sum(1 for v in sc.inputs if v is bt) != 1 or c in out:
            continue
        idx = {id(o): q for q, o in enumerate(block.ops)}
        if idx[id(c)] < idx[id(t)] or any(
                isinstance(u.operation, memref.DeallocOp)
                and (u.operation.parent_block() is not block
                     or idx[id(u.operation)] < idx[id(c)]) for u in bt.uses):
            continue
        if _root_buffer(b) and all(_reads(u.operation, b) for u in b.uses) \
                and _writes_fresh_only(sc) and all(
                _harmless(o) for o in list(block.ops)[idx[id(t)] + 1:idx[id(c)]]):
            out[c] = (t, bt, b)
    return out


def _fresh(v: SSAValue) -> bool:
    return isinstance(v.owner, memref.AllocOp | memref.AllocaOp)


def _root_buffer(v: SSAValue) -> bool:
    """Whether ``v`` is a buffer itself, not a view of one: a fresh ``alloc``/``alloca``
    or an argument of its function.  (The uses of a view's root are not ``v``'s uses:
    a view ``B`` of a fresh ``X`` could be freed or written through ``X`` between a
    transposed copy and its reader, as the bufferization frees ``X`` right after its
    last use -- the copy.)"""
    if _fresh(v):
        return True
    if not isinstance(v, BlockArgument):
        return False
    return isinstance(v.owner.parent_op(), func.FuncOp)


def _writes_fresh_only(s: Structured) -> bool:
    """Whether every output of ``s`` is a fresh ``alloc``/``alloca`` (no view, no
    argument: nothing that may alias another buffer)."""
    return all(_fresh(v) for v in s.outputs)


def _harmless(o: Operation) -> bool:
    """Whether ``o`` (an op between a transposed copy and its reader) writes no memory
    but fresh buffers: allocations, deallocations, loads, dims, ``arith`` ops,
    structured ops into fresh buffers (a fused fill of the reader's output); it frees
    fresh buffers only."""
    if isinstance(o, memref.AllocOp | memref.AllocaOp | memref.DimOp | memref.LoadOp):
        return True
    if isinstance(o, memref.DeallocOp):  # (of a fresh buffer: never the source's root)
        return _fresh(o.memref)
    if o.name.startswith("arith.") and not o.regions:
        return True
    so = structured(o) if is_structured(o) else None
    return so is not None and _writes_fresh_only(so)


def lower_linalg(module: ModuleOp) -> int:
    """Lower every structured linalg op on memrefs of ``module`` (in place), fills
    fused into their consumers (:func:`fused_fills`), transposed copies into the
    panels of their reader (:func:`transposed_sources`); returns how many."""
    ops = [op for op in module.walk() if is_structured(op)]
    fills, drop = fused_fills(ops)
    tsrc = transposed_sources(ops)
    deferred = {t for t, _, _ in tsrc.values()}
    for op in ops:
        if op in drop:
            Rewriter.erase_op(op)
        elif op not in deferred:
            src = tsrc.get(op)
            done = lower_structured(op, fills.get(op), {src[1]: src[2]} if src else None)
            if src is None:
                continue
            t, bt, _ = src
            if not done:  # (no panels: the copy is made after all)
                lower_structured(t, fills.get(t))
                continue
            opts.count("tpanel")
            Rewriter.erase_op(t)
            for u in list(bt.uses):
                assert isinstance(u.operation, memref.DeallocOp), u.operation
                Rewriter.erase_op(u.operation)
            assert bt.owner is not None and not bt.uses
            Rewriter.erase_op(bt.owner)  # type: ignore[arg-type]
    return len(ops)


__all__ = ["Structured", "is_structured", "loop_order", "lower_linalg", "lower_structured",
           "structured"]
