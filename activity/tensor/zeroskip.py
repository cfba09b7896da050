"""Contraction loops that skip the terms of a zero factor, behind a run-time guard (the
``zeroskip`` optimization of :mod:`activity.tensor.opts`).

A sum-of-products body ``acc + w * x * y`` (Hand's skinning ``moved[v, i] += weights[v,
b] * T[b, i, j] * vert[v, j]``, and its adjoint) adds ``+-0`` whenever ``w == 0`` -- if
``x * y`` is finite: ``0 * inf`` and ``0 * NaN`` are NaN.  And adding ``+-0`` to a sum
changes nothing -- unless the sum is ``-0.0`` and the term ``+0.0``.  So the loops
inside the point where ``w``'s indices are fixed may be skipped when ``w == 0``, exactly
(bit for bit), under two conditions:

* the other factors are finite, and every product of them is: checked once per run of
  the nest, before it (:func:`emit_guard`): the largest magnitude of each other factor's
  operand (an integer ``umax`` of the bits with the sign cleared -- exact, vectorized,
  and a NaN or infinity gives bits above the largest finite's), each at least 1, their
  product (each factor as often as it occurs in a term) under ``2^1000`` (f32:
  ``2^100``, far below the largest finite): a
  product of the terms' factors, however associated and rounded, is then finite;
* no output element is ever ``-0.0``: every output starts from a fill (fused into the
  nest, :func:`activity.tensor.loops.fused_fills`) with a finite constant other than
  ``-0.0``, and round-to-nearest sums ``a + b`` / differences ``a - b`` are ``-0.0``
  only where ``a`` is (``-0 + -0``, ``-0 - +0``).

Where the guard fails the dense loops run (the same code, the branch not taken).  The
body's shape is checked here (:func:`zero_skip_of`); where the check goes in the loop
nest (outside the loops it skips; not inside a register tile, not over a jammed
dimension) is :func:`activity.tensor.loops.lower_structured`'s.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from xdsl.dialects import arith, memref, scf
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    Float32Type,
    Float64Type,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    NoneAttr,
)
from xdsl.ir import Block, BlockArgument, Operation, Region, SSAValue
from xdsl.ir.affine import AffineDimExpr

from activity.tensor.structured import Structured

# element type -> (integer of its width, bits of +inf, exponent bound of the guard)
_FORMATS: dict[type, tuple[int, int, int]] = {
    Float64Type: (64, 0x7FF0000000000000, 1000),
    Float32Type: (32, 0x7F800000, 100),
}


@dataclass(frozen=True)
class ZeroSkip:
    """A body whose every output adds (or subtracts) a product with input ``factor``
    as a factor; ``others``: the other factors' inputs, each with how often it occurs
    in one term at most."""

    factor: int
    others: tuple[tuple[int, int], ...]


def _leaves(v: SSAValue, body: Block, nin: int, out: list[int]) -> bool:
    """The factors of product ``v`` (through ``mulf`` and ``negf``), as input
    positions, into ``out``; ``False`` unless each is an input's block argument."""
    op = v.owner
    if isinstance(op, arith.MulfOp):
        return _leaves(op.lhs, body, nin, out) and _leaves(op.rhs, body, nin, out)
    if isinstance(op, arith.NegfOp):
        return _leaves(op.operand, body, nin, out)
    if isinstance(v, BlockArgument) and v.block is body and v.index < nin:
        out.append(v.index)
        return True
    return False


def finite_fill(v: SSAValue | None) -> bool:
    """Whether ``v`` is a float constant, finite and not ``-0.0`` (a sum starting from
    it is never ``-0.0``)."""
    op = v.owner if v is not None else None
    if not isinstance(op, arith.ConstantOp) or not isinstance(op.value, FloatAttr):
        return False
    x = float(op.value.value.data)
    return math.isfinite(x) and math.copysign(1.0, x) > 0


def zero_skip_of(s: Structured, fills: dict[int, SSAValue]) -> list[ZeroSkip]:
    """The inputs whose zero elements make every term of ``s``'s body ``+-0`` (the
    candidates, in input order); none where the body or the outputs do not qualify
    (see the module docstring)."""
    nin = len(s.inputs)
    if not s.outputs or all(t == "parallel" for t in s.iterator_types) \
            or any(op.regions for op in s.body.ops):
        return []
    for k, v in enumerate(s.outputs):
        if not isinstance(v.type, MemRefType) or type(v.type.element_type) not in _FORMATS \
                or _elem(v) is not _elem(s.outputs[0]) or not finite_fill(fills.get(k)) \
                or any(x is v for x in s.inputs):
            return []
    yields = s.body.last_op
    if yields is None or len(yields.operands) != len(s.outputs):
        return []
    terms: list[Counter[int]] = []
    for k, y in enumerate(yields.operands):
        acc = s.body.args[nin + k]
        op = y.owner
        if isinstance(op, arith.AddfOp | arith.SubfOp) and op.lhs is acc:
            t = op.rhs  # (acc + t, acc - t)
        elif isinstance(op, arith.AddfOp) and op.rhs is acc:
            t = op.lhs  # (t + acc)
        else:
            return []
        leaves: list[int] = []
        if not _leaves(t, s.body, nin, leaves):
            return []
        terms.append(Counter(leaves))
    out = []
    et = _elem(s.outputs[0])
    for k in range(nin):
        if not isinstance(s.inputs[k].type, MemRefType) or not all(k in c for c in terms):
            continue
        most: Counter[int] = Counter()
        for c in terms:
            for j, n in c.items():
                if j != k:
                    most[j] = max(most[j], n)
        if all(_elem(s.inputs[j]) is et for j in most):
            out.append(ZeroSkip(k, tuple(sorted(most.items()))))
    return out


def _elem(v: SSAValue) -> type:
    """The type of ``v``'s elements (its own for a scalar)."""
    return type(v.type.element_type if isinstance(v.type, MemRefType) else v.type)


def flat_view(at: Callable[[Operation], Operation], v: SSAValue) -> SSAValue:
    """``v`` as one run of elements (a 1-D ``memref.collapse_shape``) where it is a
    contiguous memref of rank above 1 (its size dynamic if any of its sizes is), so
    that a scan over it is one loop LLVM vectorizes; else ``v`` itself."""
    t = v.type
    if not isinstance(t, MemRefType) or not isinstance(t.layout, NoneAttr) \
            or len(t.get_shape()) <= 1:
        return v
    shape = t.get_shape()
    flat = DYNAMIC_INDEX if any(n < 0 for n in shape) else math.prod(shape)
    return at(memref.CollapseShapeOp.build(
        operands=[v], result_types=[MemRefType(t.element_type, [flat])],
        properties={"reassociation": ArrayAttr([ArrayAttr(
            [IntegerAttr(k, IntegerType(64)) for k in range(len(shape))])])})).results[0]


def _abs_bits_max(at: Callable[[Operation], Operation], v: SSAValue) -> SSAValue:
    """The largest of ``v``'s elements' bits with the sign cleared (an integer of the
    element's width): loops over all of a memref's elements, or one scalar."""
    t = v.type
    et = t.element_type if isinstance(t, MemRefType) else t
    width, _, _ = _FORMATS[type(et)]
    it = IntegerType(width)
    mask = at(arith.ConstantOp(IntegerAttr((1 << (width - 1)) - 1, it))).results[0]

    def bits(at_: Callable[[Operation], Operation], x: SSAValue) -> SSAValue:
        b = at_(arith.BitcastOp(x, it)).results[0]
        return at_(arith.AndIOp(b, mask)).results[0]

    if not isinstance(t, MemRefType):
        return bits(at, v)
    zero = at(arith.ConstantOp(IntegerAttr(0, IndexType()))).results[0]
    one = at(arith.ConstantOp(IntegerAttr(1, IndexType()))).results[0]
    init = at(arith.ConstantOp(IntegerAttr(0, it))).results[0]
    # (contiguous: scanned as one run of elements, a loop LLVM vectorizes)
    v = flat_view(at, v)
    t = v.type
    assert isinstance(t, MemRefType)
    shape = t.get_shape()
    sizes = [at(arith.ConstantOp(IntegerAttr(n, IndexType()))).results[0] if n >= 0 else
             at(memref.DimOp(v, at(arith.ConstantOp(IntegerAttr(p, IndexType())))))
             .results[0] for p, n in enumerate(shape)]
    if not sizes:  # (a rank-0 memref)
        return bits(at, at(memref.LoadOp.get(v, [])).results[0])

    def loops(at_: Callable[[Operation], Operation], p: int, ivs: list[SSAValue],
              acc: SSAValue) -> SSAValue:
        block = Block(arg_types=[IndexType(), it])

        def inner(op: Operation) -> Operation:
            block.add_op(op)
            return op

        iv, a = block.args
        if p == len(sizes) - 1:
            x = inner(memref.LoadOp.get(v, [*ivs, iv])).results[0]
            res = inner(arith.MaxUIOp(a, bits(inner, x))).results[0]
        else:
            res = loops(inner, p + 1, [*ivs, iv], a)
        inner(scf.YieldOp(res))
        return at_(scf.ForOp(zero, sizes[p], one, [acc], Region(block))).results[0]

    return loops(at, 0, [], init)


def emit_guard(at: Callable[[Operation], Operation], s: Structured, z: ZeroSkip) -> SSAValue:
    """An ``i1``, true where every product of ``z``'s other factors is finite (see the
    module docstring)."""
    et = s.outputs[0].type.element_type  # type: ignore[attr-defined]
    width, inf_bits, emax = _FORMATS[type(et)]
    it = IntegerType(width)
    ok = at(arith.ConstantOp(IntegerAttr(1, IntegerType(1)))).results[0]
    one = at(arith.ConstantOp(FloatAttr(1.0, et))).results[0]
    prod = one
    inf = at(arith.ConstantOp(IntegerAttr(inf_bits, it))).results[0]
    for k, n in z.others:  # (each of the output's element type: zero_skip_of)
        m = _abs_bits_max(at, s.inputs[k])
        fin = at(arith.CmpiOp(m, inf, "ult")).results[0]
        ok = at(arith.AndIOp(ok, fin)).results[0]
        x = at(arith.BitcastOp(m, et)).results[0]
        big = at(arith.CmpfOp(x, one, "ogt")).results[0]
        c = at(arith.SelectOp(big, x, one)).results[0]
        for _ in range(n):
            prod = at(arith.MulfOp(prod, c)).results[0]
    limit = at(arith.ConstantOp(FloatAttr(2.0 ** emax, et))).results[0]
    small = at(arith.CmpfOp(prod, limit, "olt")).results[0]
    return at(arith.AndIOp(ok, small)).results[0]


def skipped(at: Callable[[Operation], Operation], guard: SSAValue, w: SSAValue,
            acc: list[SSAValue], dense: Callable[[Block], list[SSAValue] | None]
            ) -> list[SSAValue]:
    """``if guard and w == 0 then acc else dense``: the loops ``dense`` emits at the
    end of the block it is given, run only where the factor ``w`` is not zero (or the
    guard failed); the carried outputs ``acc`` pass through the skip unchanged."""
    zero = at(arith.ConstantOp(FloatAttr(0.0, w.type))).results[0]  # type: ignore[arg-type]
    is_zero = at(arith.CmpfOp(w, zero, "oeq")).results[0]
    cond = at(arith.AndIOp(guard, is_zero)).results[0]
    then_b, else_b = Block(), Block()
    then_b.add_op(scf.YieldOp(*acc))
    res = dense(else_b)
    assert res is not None
    else_b.add_op(scf.YieldOp(*res))
    return list(at(scf.IfOp(cond, [a.type for a in acc], Region(then_b),
                            Region(else_b))).results)


def skip_level(s: Structured, z: ZeroSkip, plan: list[tuple[int, str, int]], carry: bool,
               jam: int | None) -> int | None:
    """Where in the nest ``plan`` (a :func:`activity.tensor.loops.tiling`) the check of
    ``z``'s factor goes: the loops from that level on are skipped.  Only in a nest
    whose reductions carry their outputs in registers (``carry``; parallel loops
    outside, reductions inside): the check goes at the first level where the factor's
    indices are all fixed, and no earlier than the first reduction (the carried
    values pass through the skip).  ``None`` where that would leave no loop to skip
    or the factor is indexed by the jammed dimension (each copy its own factor).

    (Not in the register tiles of :func:`activity.tensor.loops.regtile`: ``loops``
    does not ask there -- a factor indexed by the tile's rows would have no loaded
    value per copy.  Not by a branch in the nests that update their outputs in
    memory: there the check would sit inside the reduction, the tile's loads and
    stores become conditional, and LLVM no longer keeps the tile in registers along
    it -- the adjoint of Hand's skinning, ``dT[b, i, j] += w[v, b] x[v, j] d[v, i]``
    over ``v``, ran 1.1x slower with Hand's weights, 75% zeros, and 2.4x with dense
    ones; those nests skip the zero terms by a list of the factor's nonzero elements
    instead, under this module's guard: :mod:`activity.tensor.zerolist`.)"""
    if not carry:
        return None
    m = s.indexing_maps[z.factor]
    dims = {d.position for e in m.results for d in e.dfs() if isinstance(d, AffineDimExpr)}
    if jam is not None and jam in dims:
        return None
    bound: set[int] = set()
    level = None
    for q, (d, role, _) in enumerate(plan):
        if dims <= bound:
            level = q
            break
        if role != "outer":
            bound.add(d)
    first = next((q for q, (d, _, _) in enumerate(plan) if s.iterator_types[d] != "parallel"),
                 None)
    if level is None or first is None:
        return None
    level = max(level, first)
    return level if level < len(plan) else None


__all__ = ["ZeroSkip", "emit_guard", "finite_fill", "skip_level", "skipped", "zero_skip_of"]
