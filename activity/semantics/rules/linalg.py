"""``linalg``: every structured op through one generic evaluator, on tensors (results
are fresh arrays) and on memrefs (ins read from, outs written to, in the interpreter's
memory); ``linalg.index``; ``linalg.yield`` leaves the body.

An op is taken apart into its structured view
(:func:`activity.tensor.structured.structured`: inputs, outputs, indexing maps, iterator
types, body), the same for ``linalg.generic`` and every named op.  The evaluator then
runs the loops of the iteration space in row-major order (the first loop outermost, as
``convert-linalg-to-loops`` nests them), and at each point runs the body region with the
interpreter's own scalar rules: block arguments are the elements the indexing maps
select (inputs, then the current output elements, unless the body takes inputs only)
with their tangents; the values of ``linalg.yield`` are stored at the outputs'
positions.  So a reduction accumulates in iteration order and tangents follow the body's
ops exactly; nothing here restates what an op computes.  It is slow (an interpreted body
per point): the reference, not a fast path.

Indexing maps must be projected permutations (results are loop dimensions, or constant
indices); loop sizes come from the operands' shapes, which must agree.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import numpy as np
from xdsl.dialects.builtin import MemRefType, TensorType
from xdsl.ir import Operation, SSAValue
from xdsl.ir.affine import AffineConstantExpr, AffineDimExpr, AffineMap

from activity.ops import OpSpec
from activity.ops.table import signed, wrap
from activity.semantics.attrs import prop
from activity.semantics.memory import InterpreterError, MemRef
from activity.semantics.registry import (
    T_,
    V_,
    Core,
    OpFn,
    leaving_terminators,
    shaped_rule,
)
from activity.semantics.rules.tensor import elem, tangent
from activity.tensor.structured import STRUCTURED_OPS, Structured, structured

leaving_terminators("linalg.yield")


def structure(op: Operation) -> Structured:
    """The structured view of a ``linalg`` op (:class:`InterpreterError` if none)."""
    s = structured(op)
    if s is None:
        raise InterpreterError(f"{op.name} is not a structured linalg op of the subset")
    return s


def _positions(m: AffineMap, what: str) -> tuple[int | None, ...] | tuple[tuple[int], ...]:
    """Per result of a projected-permutation map: the loop dimension (an int) or a
    constant index (a 1-tuple)."""
    out: list[Any] = []
    if m.num_symbols:
        raise InterpreterError(f"{what}: indexing map {m} has symbols")
    for e in m.results:
        if isinstance(e, AffineDimExpr):
            out.append(e.position)
        elif isinstance(e, AffineConstantExpr):
            out.append((e.value,))
        else:
            raise InterpreterError(f"{what}: indexing map {m} is not a projected "
                                   "permutation")
    return tuple(out)


class _Operand:
    """Reading (and, for outputs, writing) one operand's elements at a loop point."""

    def __init__(self, v: SSAValue, m: AffineMap, what: str) -> None:
        self.t = v.type
        self.shaped = isinstance(v.type, TensorType | MemRefType)
        self.pos = _positions(m, what)
        if not self.shaped and self.pos:
            raise InterpreterError(f"{what}: a scalar operand with indexing map {m}")
        if self.shaped:
            self.e = elem(v.type)

    def index(self, point: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(p[0] if isinstance(p, tuple) else point[p] for p in self.pos)


@shaped_rule(*sorted(STRUCTURED_OPS))
def structured_op(ip: Core, op: Operation, spec: OpSpec | None) -> OpFn:
    s = structure(op)
    name = op.name
    n_in, n_out = len(s.inputs), len(s.outputs)
    if len(s.indexing_maps) != n_in + n_out:
        raise InterpreterError(f"{name}: {len(s.indexing_maps)} indexing maps for "
                               f"{n_in + n_out} operands")
    if any(m.num_dims != len(s.iterator_types) for m in s.indexing_maps):
        raise InterpreterError(f"{name}: indexing maps and iterators disagree on the "
                               "number of loops")
    opnds = [_Operand(v, m, name) for v, m in zip((*s.inputs, *s.outputs),
                                                  s.indexing_maps, strict=True)]
    n_args = len(s.body.args)  # (linalg.map's body takes no output element)
    if n_args not in (n_in, n_in + n_out):
        raise InterpreterError(f"{name}: a body of {n_args} arguments for {n_in} inputs "
                               f"and {n_out} outputs")
    on_tensors = any(isinstance(v.type, TensorType) for v in s.outputs)
    if on_tensors and not all(isinstance(v.type, TensorType) for v in s.outputs):
        raise InterpreterError(f"{name} mixes tensor and memref outputs")
    if any(not o.shaped for o in opnds[n_in:]):
        raise InterpreterError(f"{name}: an output that is not a tensor or memref")
    in_slots = tuple(ip._s(v) for v in s.inputs)
    out_slots = tuple(ip._s(v) for v in s.outputs)
    sgs = tuple(ip._sg(r) for r in op.results)
    region = s.body.parent
    assert region is not None
    n_loops = len(s.iterator_types)
    cell = _point_cell(ip, op)
    run = ip._run_region

    def sizes_of(shapes: Sequence[tuple[int, ...] | None]) -> list[int]:
        sizes: list[int | None] = [None] * n_loops
        for o, shape in zip(opnds, shapes, strict=True):
            if shape is None:
                continue
            if len(shape) != len(o.pos):
                raise InterpreterError(f"{name}: an operand of rank {len(shape)} for an "
                                       f"indexing map of {len(o.pos)} results")
            for p, n in zip(o.pos, shape, strict=True):
                if isinstance(p, tuple):
                    if not 0 <= p[0] < n:
                        raise InterpreterError(f"{name}: constant index {p[0]} out of "
                                               f"bounds [0, {n})")
                elif sizes[p] is None:
                    sizes[p] = n
                elif sizes[p] != n:
                    raise InterpreterError(f"{name}: loop {p} has size {sizes[p]} and "
                                           f"{n} by the operands' shapes")
        if any(n is None for n in sizes):
            raise InterpreterError(f"{name}: a loop no operand's shape bounds")
        return sizes  # type: ignore[return-value]

    def fn(V: V_, T: T_) -> None:
        vals = [V[x] for x in (*in_slots, *out_slots)]
        tans = [T[x] for x in (*in_slots, *out_slots)]
        shapes: list[tuple[int, ...] | None] = []
        for o, v in zip(opnds, vals, strict=True):
            shapes.append(None if not o.shaped else
                          tuple(v.sizes) if isinstance(v, MemRef) else v.shape)
        sizes = sizes_of(shapes)
        # readers: per operand, (values, tangents) in a form indexed by a tuple
        if on_tensors:
            accs = [vals[n_in + k].copy() for k in range(n_out)]
            taccs = [tangent(tans[n_in + k], accs[k].shape).copy() for k in range(n_out)]
        prev = cell[0]
        try:
            for point in itertools.product(*(range(n) for n in sizes)):
                cell[0] = point
                args: list[Any] = []
                targs: list[Any] = []
                for k, o in enumerate(opnds[:n_args]):
                    v = vals[k]
                    if not o.shaped:
                        args.append(v)
                        targs.append(tans[k])
                        continue
                    i = o.index(point)
                    if isinstance(v, MemRef):
                        pos = v.linear(i)
                        x = v.buf.data.item(pos)
                        args.append(float(x) if v.buf.is_float else wrap(int(x), v.buf.width))
                        targs.append(v.buf.tan.item(pos))
                    elif k >= n_in:
                        args.append(o.e.scalar(accs[k - n_in][i]))
                        targs.append(float(taccs[k - n_in][i]))
                    else:
                        args.append(o.e.scalar(v[i]))
                        t = tans[k]
                        targs.append(float(t[i]) if isinstance(t, np.ndarray) else float(t))
                ys, ts = run(region, V, T, args, targs)
                if len(ys) != n_out:
                    raise InterpreterError(f"{name}: the body yields {len(ys)} values for "
                                           f"{n_out} outputs")
                for k in range(n_out):
                    o = opnds[n_in + k]
                    i = o.index(point)
                    if on_tensors:
                        accs[k][i] = o.e.stored(ys[k])
                        taccs[k][i] = ts[k]
                    else:
                        mr: MemRef = vals[n_in + k]
                        pos = mr.linear(i)
                        buf = mr.buf
                        buf.data[pos] = ys[k] if buf.is_float else signed(ys[k], buf.width)
                        buf.tan[pos] = ts[k]
                        if ts[k] != 0.0 and ip._record:
                            ip._memnz.add(op)
        finally:
            cell[0] = prev
        if on_tensors:
            ip._define_all(V, T, sgs, accs, taccs)
    return fn


def _point_cell(ip: Core, op: Operation) -> list[Any]:
    """The cell holding the current loop point of ``op`` (read by its ``linalg.index``
    ops); one per op and interpreter."""
    cells = ip.__dict__.setdefault("_linalg_points", {})
    return cells.setdefault(op, [None])


@shaped_rule("linalg.index")
def linalg_index(ip: Core, op: Operation, spec: OpSpec | None) -> OpFn:
    dim = prop(op, "dim")
    d = int(getattr(dim, "value", dim).data)  # type: ignore[union-attr]
    owner = op.parent_op()
    while owner is not None and not owner.name.startswith("linalg."):
        owner = owner.parent_op()
    if owner is None:
        raise InterpreterError("linalg.index outside a linalg op")
    cell = _point_cell(ip, owner)
    rs, rg = ip._sg(op.results[0])
    define = ip._define

    def fn(V: V_, T: T_) -> None:
        point = cell[0]
        if point is None or not 0 <= d < len(point):
            raise InterpreterError(f"linalg.index {d} outside its op's loops")
        define(V, T, rs, rg, point[d], 0.0)
    return fn


__all__ = ["linalg_index", "structure", "structured_op"]
