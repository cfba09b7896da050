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
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith, memref, scf
from xdsl.dialects.builtin import (
    IndexType,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    NoneAttr,
    ShapedType,
)
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineMap,
)
from xdsl.rewriter import InsertPoint, Rewriter

from activity.codegen.errors import CodegenError
from activity.frontend import carry_location
from activity.frontend import place_of as where
from activity.tensor.structured import Structured, structured


def is_structured(op: Operation) -> bool:
    return op.name.startswith("linalg.") and op.name not in (
        "linalg.yield", "linalg.index") and structured(op) is not None


# --------------------------------------------------------------------------
# The loop order


def _dim(e: AffineExpr) -> int | None:
    return e.position if isinstance(e, AffineDimExpr) else None


ADJOINT_ATTR = "activity.adjoint"
"""Marks the ``linalg.generic`` ops the AD generator emits (activity/ad/rules/linalg.py):
their loop order is chosen by :func:`_contiguity` between the default and the op's own
dimension order (which mirrors the primal's nest)."""


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


def _loop_order(s: Structured) -> tuple[list[int], bool]:
    """The dimensions from outermost to innermost, and whether the reductions (all
    innermost) carry the output elements in iter_args."""
    n = len(s.iterator_types)
    par = [d for d in range(n) if s.iterator_types[d] == "parallel"]
    red = [d for d in range(n) if s.iterator_types[d] != "parallel"]
    outs = s.indexing_maps[len(s.inputs):]
    exact = all(
        all(_dim(e) is not None for e in m.results)
        and sorted(_dim(e) for e in m.results) == par  # type: ignore[type-var]
        for m in outs)
    if not exact or not red:
        return list(range(n)), False
    last = _dim(outs[0].results[-1]) if outs and outs[0].results else None
    if last is not None and all(m.results and _dim(m.results[-1]) == last for m in outs):
        contiguous_in = any(
            isinstance(v.type, ShapedType) and m.results and _dim(m.results[-1]) == last
            for v, m in zip(s.inputs, s.indexing_maps, strict=False))
        if contiguous_in:
            return [d for d in par if d != last] + red + [last], False
    return par + red, True


TILE_ROWS = 4  # register tile of an i-k-j nest: rows ...
TILE_BYTES = 64  # ... by this many bytes of contiguous output (two AVX2 vectors)


def tiling(s: Structured, order: list[int], carry: bool) -> list[tuple[int, str, int]]:
    """The loops as ``(dimension, role, tile)``: role ``full`` (0 to the size), or a
    tiled dimension's ``outer`` (step ``tile``) and ``inner`` (0 to ``tile``) loops.

    An i-k-j nest (:func:`loop_order`: the output's contiguous dimension innermost,
    after the reductions) with static sizes the tiles divide is tiled by registers:
    ``j0, i0, (other parallel), k..., ii, jj`` over a tile of ``TILE_ROWS`` rows by
    ``TILE_BYTES`` of a row -- the tile's output elements stay in registers along
    the reductions (LLVM promotes them), each row of ``B`` loaded serves ``TILE_ROWS``
    rows, and the inner loops are short and constant, so they are unrolled and
    vectorized.  Still exact: the tiles are over parallel dimensions, each output
    element sums its terms in the same order."""
    plain = [(d, "full", 0) for d in order]
    n = len(order)
    red = [d for d in order if s.iterator_types[d] != "parallel"]
    if carry or not red or s.iterator_types[order[-1]] != "parallel" \
            or order[-len(red) - 1:-1] != red:
        return plain
    last = order[-1]
    out = s.outputs[0].type
    if not isinstance(out, MemRefType) or not isinstance(out.layout, NoneAttr):
        return plain
    size = _static_sizes(s)
    width = getattr(out.element_type, "bitwidth", 64)
    tj = max(1, TILE_BYTES * 8 // max(width, 8))
    if size.get(last, -1) <= 0 or size[last] % tj:
        return plain
    om = s.indexing_maps[len(s.inputs)]
    row = _dim(om.results[-2]) if len(om.results) >= 2 else None
    outer = [d for d in order[:n - len(red) - 1]]
    if row is None or row not in outer or size.get(row, -1) <= 0 or size[row] % TILE_ROWS:
        return ([(last, "outer", tj)] + [(d, "full", 0) for d in outer + red]
                + [(last, "inner", tj)])
    rest = [d for d in outer if d != row]
    return ([(last, "outer", tj), (row, "outer", TILE_ROWS)] + [(d, "full", 0) for d in rest + red]
            + [(row, "inner", TILE_ROWS), (last, "inner", tj)])


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


def _inline_body(at: _At, s: Structured, args: Sequence[SSAValue],
                 ivs: Sequence[SSAValue]) -> list[SSAValue]:
    """Clone the body at ``at`` with its block arguments as ``args``; the yielded
    values."""
    mapping: dict[SSAValue, SSAValue] = dict(zip(s.body.args, args, strict=True))
    for op in s.body.ops:
        if isinstance(op, linalg.YieldOp):
            return [mapping.get(v, v) for v in op.operands]
        if isinstance(op, linalg.IndexOp):
            mapping[op.results[0]] = ivs[op.dim.value.data]
            continue
        for inner in op.walk():
            if inner is not op and isinstance(inner, linalg.IndexOp):
                raise CodegenError("linalg.index inside a nested region of a linalg body "
                                   "is not supported", **where(inner))
        new = op.clone(value_mapper=mapping)
        at(new)
        carry_location(new, op)
    raise CodegenError(f"{s.op.name}: body without linalg.yield", **where(s.op))


def lower_structured(op: Operation) -> None:
    """Replace the structured op ``op`` (on memrefs) by its loop nest."""
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
    plan = tiling(s, order, carry)
    bounds = _bounds(at, s)
    base: dict[int, SSAValue] = {}  # a tiled dimension's outer counter
    zero, one = _const(at, 0), _const(at, 1)
    ivs: list[SSAValue | None] = [None] * n
    nin = len(s.inputs)
    used = [bool(a.uses) for a in s.body.args]
    in_maps, out_maps = s.indexing_maps[:nin], s.indexing_maps[nin:]

    loaded: dict[int, SSAValue] = {}
    in_dims = [{d.position for e in m.results for d in e.dfs() if isinstance(d, AffineDimExpr)}
               for m in in_maps]

    def hoist(at: _At) -> None:
        """Load the inputs whose indices the loops so far fix (an element the inner
        loops only read is loaded once, outside them)."""
        bound = {d for d in range(n) if ivs[d] is not None}
        for k, (v, m) in enumerate(zip(s.inputs, in_maps, strict=True)):
            if k in loaded or not used[k] or not in_dims[k] <= bound:
                continue
            if isinstance(v.type, MemRefType):
                loaded[k] = at(memref.LoadOp.get(v, _indices(at, m, ivs, op))).results[0]
            else:
                loaded[k] = v

    def load_inputs(at: _At) -> list[SSAValue]:
        hoist(at)
        # (an input the body never reads: its block argument, a placeholder)
        return [loaded.get(k, s.body.args[k]) for k in range(nin)]

    def load_outputs(at: _At) -> list[SSAValue]:
        return [at(memref.LoadOp.get(v, _indices(at, m, ivs, op))).results[0]
                if used[nin + k] or carry else s.body.args[nin + k]
                for k, (v, m) in enumerate(zip(s.outputs, out_maps, strict=True))]

    def store_outputs(at: _At, vals: Sequence[SSAValue]) -> None:
        for v, m, x in zip(s.outputs, out_maps, vals, strict=True):
            at(memref.StoreOp.get(x, v, _indices(at, m, ivs, op)))

    def nest(at: _At, level: int, acc: list[SSAValue] | None) -> list[SSAValue] | None:
        """Emit loops ``order[level:]`` at ``at``; with ``acc`` (the reductions'
        carried outputs), return the loop's results."""
        if level == len(plan):
            ins = load_inputs(at)
            outs = acc if acc is not None else load_outputs(at)
            ys = _inline_body(at, s, ins + list(outs), ivs)  # type: ignore[arg-type]
            if acc is not None:
                return ys
            store_outputs(at, ys)
            return None
        hoist(at)
        d, role, tile = plan[level]
        if carry and acc is None and s.iterator_types[d] != "parallel":
            # the first reduction loop: the output elements go round in iter_args
            init = load_outputs(at)
            res = nest(at, level, init)
            assert res is not None
            store_outputs(at, res)
            return None
        types = [a.type for a in acc] if acc is not None else []
        block = Block(arg_types=[IndexType(), *types])
        inner = _At(block=block, loc=op)
        if role == "outer":
            base[d] = block.args[0]
        elif role == "inner":
            ivs[d] = inner(arith.AddiOp(base[d], block.args[0])).results[0]
        else:
            ivs[d] = block.args[0]
        before = set(loaded)
        res = nest(inner, level + 1, list(block.args[1:]) if acc is not None else None)
        for k in set(loaded) - before:
            del loaded[k]
        ivs[d] = None
        inner(scf.YieldOp(*(res or [])))
        if role == "full":
            lb, ub, step = zero, bounds[d], one
        elif role == "outer":
            lb, ub, step = zero, bounds[d], _const(at, tile)
        else:
            lb, ub, step = zero, _const(at, tile), one
        loop = at(scf.ForOp(lb, ub, step, acc or [], Region(block)))
        return list(loop.results) if acc is not None else None

    nest(at, 0, None)
    Rewriter.erase_op(op)


def lower_linalg(module: ModuleOp) -> int:
    """Lower every structured linalg op on memrefs of ``module`` (in place); returns
    how many."""
    ops = [op for op in module.walk() if is_structured(op)]
    for op in ops:
        lower_structured(op)
    return len(ops)


__all__ = ["Structured", "is_structured", "loop_order", "lower_linalg", "lower_structured",
           "structured"]
