"""Taped bodies: the expensive values of a ``linalg.generic``'s body that the adjoint
reads are made extra outputs of the forward generic and read back by the adjoint
generic, instead of recomputed there (the ``tapebody`` switch of
:mod:`activity.tensor.opts`).

The adjoint of a structured op (:mod:`activity.ad.rules.linalg`) recomputes, from the
primal's elements, every body value the partials read: LSTM's gates
``1 / (1 + exp(-x))`` and ``tanh(x)`` twice per element, once in each sweep, where the
memref level tapes them.  Transcendental calls dominate such bodies (LSTM's reverse
sweep spent half its time recomputing them), so here the forward sweep keeps them:

* before the activity analysis (:func:`tape_bodies`, on the AD generator's copy of the
  module), every parallel ``linalg.generic`` on tensors whose output map indexes every
  loop gets one more output per *expensive needed* body value: a value the adjoint
  body would read (the partials' operands of the ops between the body's arguments and
  its yield, as :meth:`~activity.ad.rules.linalg._BodyAD.adjoints` computes them, with
  every float argument taken as active), found by walking back from those operands,
  through cheap ops, to the first op whose own weight reaches ``TAPE_BODY_WEIGHT``
  (:mod:`activity.ad.costs`' weights: a math function call; the ones that are single
  instructions excluded).  Its init is a ``tensor.empty`` of the output's shape and
  it gets the output's map; the op is marked ``TAPEBODY_ATTR``.
* the reverse rule reads each extra result as any primal tensor (available at the
  top level, taped per iteration in loops: :mod:`activity.ad.tapeplan`) and gives it to
  the adjoint body in place of the value's recomputation;
* after the generation (:func:`strip_unused`) every marked op's extra outputs that
  nothing reads are dropped (an inactive op's, one whose adjoint did not need them),
  and the primal function gets its ops back as they were.

Sound whatever is chosen: the extra output holds, element by element, the very value
the body computes; the adjoint reads it where it would have recomputed it (the same
ops on the same operands: the gradient is bit-identical).
"""

from __future__ import annotations

from xdsl.dialects import tensor
from xdsl.dialects.builtin import (
    AnyFloat,
    ModuleOp,
    TensorType,
    UnitAttr,
)
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Block, BlockArgument, Operation, SSAValue
from xdsl.ir.affine import AffineDimExpr
from xdsl.rewriter import InsertPoint, Rewriter

from activity.ad.costs import _op_weight
from activity.ad.irnum import operand_deps
from activity.frontend import carry_location
from activity.ops import lookup, op_name

# marks a generic whose outputs after the first hold values of its body for the adjoint
TAPEBODY_ATTR = "activity.tapebody"

# the least weight (activity.ad.costs._op_weight) of an op whose result is taped
TAPE_BODY_WEIGHT = 4

# math ops that are one instruction or a few (no call): cheaper to redo than to tape
_CHEAP_MATH = frozenset({
    "math.absf", "math.copysign", "math.fma", "math.floor", "math.ceil", "math.round",
    "math.roundeven", "math.trunc", "math.sqrt",
})


def _expensive(o: Operation) -> bool:
    name = op_name(o)
    return name not in _CHEAP_MATH and _op_weight(name) >= TAPE_BODY_WEIGHT


def _is_float(v: SSAValue) -> bool:
    return isinstance(v.type, AnyFloat)


def needed_values(body: Block, y: SSAValue) -> list[SSAValue]:
    """The body values (results of its ops) the adjoint body of ``y`` reads to compute
    its partials, every float block argument and captured float taken as active: the
    operands the partial rules read, of the ops through which an adjoint flows from
    ``y`` back to an argument (as ``_BodyAD.adjoints`` visits them)."""
    ops = [o for o in body.ops if not isinstance(o, linalg.YieldOp)]
    inside = {id(r) for o in ops for r in o.results}
    dep: set[int] = {id(a) for a in body.args if _is_float(a)}
    for o in ops:
        if any(id(u) in dep or (id(u) not in inside and not isinstance(u, BlockArgument)
                                and _is_float(u)) for u in o.operands):
            dep.update(id(r) for r in o.results)
    if id(y) not in dep:
        return []
    adj: set[int] = {id(y)}
    need: list[SSAValue] = []
    seen: set[int] = set()
    for o in reversed(ops):
        if not o.results or id(o.results[0]) not in adj:
            continue
        spec = lookup(o)
        if spec is None or not spec.body_differentiable(o):
            return []  # (the rule refuses it: nothing to plan)
        diff = list(spec.diff_operands(o))
        tg = [(pos, i) for pos, i in enumerate(diff)
              if i < len(o.operands) and id(o.operands[i]) in dep]
        if not tg:
            continue
        rule, ins = spec.recomputed_partials(o)
        deps = operand_deps(rule, len(ins))
        for pos, i in tg:
            for j in deps[pos]:
                x = ins[j]
                if id(x) in inside and id(x) not in seen:
                    seen.add(id(x))
                    need.append(x)
            adj.add(id(o.operands[i]))
    return need


def expensive_needed(body: Block, y: SSAValue) -> list[SSAValue]:
    """The values to tape: walking back from each needed value through the ops that
    recomputing it runs, the first expensive one on each path (in body order)."""
    inside = {id(r) for o in body.ops for r in o.results}
    out: set[int] = set()
    seen: set[int] = set()
    todo = list(needed_values(body, y))
    while todo:
        x = todo.pop()
        if id(x) in seen or id(x) not in inside:
            continue
        seen.add(id(x))
        o = x.owner
        assert isinstance(o, Operation)
        if _expensive(o) and len(o.results) == 1 and _is_float(x):
            out.add(id(x))
            continue
        todo.extend(o.operands)
    return [r for o in body.ops for r in o.results if id(r) in out]


def _candidate(op: Operation) -> bool:
    """A parallel ``linalg.generic`` on tensors with one output, whose output map is a
    permutation of the loops, and a body of region-free ops."""
    if not isinstance(op, linalg.GenericOp) or len(op.outputs) != 1 \
            or len(op.res) != 1 or not isinstance(op.res[0].type, TensorType):
        return False
    if TAPEBODY_ATTR in op.attributes:
        return False
    its = [str(getattr(t, "data", t)) for t in op.iterator_types.data]
    if not its or any("parallel" not in t for t in its):
        return False
    m = op.indexing_maps.data[-1].data
    dims = [e.position for e in m.results if isinstance(e, AffineDimExpr)]
    if len(dims) != len(m.results) or sorted(dims) != list(range(m.num_dims)):
        return False
    blocks = op.regions[0].blocks
    if len(blocks) != 1:
        return False
    return all(not o.regions for o in blocks[0].ops)


def _extend(op: linalg.GenericOp, taped: list[SSAValue]) -> linalg.GenericOp:
    """``op`` with one more output per value of ``taped`` (a ``tensor.empty`` of the
    output's shape, the output's map), which the body yields."""
    out0 = op.outputs[0]
    t0 = out0.type
    assert isinstance(t0, TensorType)
    d = out0.owner
    inits: list[SSAValue] = []
    for x in taped:
        t = TensorType(x.type, t0.get_shape())
        if isinstance(d, tensor.EmptyOp):
            dyn = list(d.operands)
        else:
            dyn = []
            for i, n in enumerate(t0.get_shape()):
                if n < 0:
                    c = _index_const(i)
                    Rewriter.insert_op(c, InsertPoint.before(op))
                    dim = tensor.DimOp(out0, c.results[0])
                    Rewriter.insert_op(dim, InsertPoint.before(op))
                    dyn.append(dim.results[0])
        e = tensor.EmptyOp(dyn, t)
        Rewriter.insert_op(e, InsertPoint.before(op))
        inits.append(e.results[0])
    region = op.regions[0].clone()
    blk = region.blocks[0]
    y = blk.last_op
    assert isinstance(y, linalg.YieldOp)
    # the clone's values of ``taped``
    old_vals = [r for o in op.regions[0].blocks[0].ops for r in o.results]
    new_vals = [r for o in blk.ops for r in o.results]
    pos = {id(r): k for k, r in enumerate(old_vals)}
    mapped = [new_vals[pos[id(x)]] for x in taped]
    for x in taped:
        blk.insert_arg(x.type, len(blk.args))
    Rewriter.replace_op(y, linalg.YieldOp(*y.operands, *mapped))
    m0 = op.indexing_maps.data[-1]
    new = linalg.GenericOp(list(op.inputs), [out0, *inits], region,
                           [*op.indexing_maps.data, *([m0] * len(taped))],
                           op.iterator_types, [t0, *[e.type for e in inits]])
    for k, a in op.attributes.items():
        if k not in ("indexing_maps", "iterator_types"):
            new.attributes[k] = a
    new.attributes[TAPEBODY_ATTR] = UnitAttr()
    carry_location(new, op)
    return new


def _index_const(i: int) -> Operation:
    from xdsl.dialects import arith
    from xdsl.dialects.builtin import IndexType, IntegerAttr

    return arith.ConstantOp(IntegerAttr(i, IndexType()))


def tape_bodies(module: ModuleOp) -> list[tuple[linalg.GenericOp, Operation]]:
    """Extend every candidate generic of ``module`` whose adjoint would recompute an
    expensive value (the module docstring's first rule): ``(new op, old op)`` pairs,
    the old op erased (kept for messages: :func:`origins` pairs its body's ops with
    the new one's)."""
    made: list[tuple[linalg.GenericOp, Operation]] = []
    for op in list(module.walk()):
        if not _candidate(op):
            continue
        assert isinstance(op, linalg.GenericOp)
        body = op.regions[0].blocks[0]
        last = body.last_op
        if not isinstance(last, linalg.YieldOp) or len(last.operands) != 1:
            continue
        taped = expensive_needed(body, last.operands[0])
        if not taped:
            continue
        new = _extend(op, taped)
        Rewriter.insert_op(new, InsertPoint.before(op))
        op.results[0].replace_all_uses_with(new.results[0])
        made.append((new, op))
    return made


def origins(made: list[tuple[linalg.GenericOp, Operation]]) -> list[tuple[Operation, Operation]]:
    """``(new, old)`` for each extended op and each op of its body (same order), before
    the old ones are erased."""
    out: list[tuple[Operation, Operation]] = []
    for new, old in made:
        out.append((new, old))
        out += zip(new.regions[0].blocks[0].ops, old.regions[0].blocks[0].ops, strict=True)
    return out


def taped_values(op: Operation) -> list[tuple[SSAValue, SSAValue]]:
    """For a marked generic: ``(body value, result holding it)`` for each output after
    the first."""
    if TAPEBODY_ATTR not in op.attributes:
        return []
    assert isinstance(op, linalg.GenericOp)
    y = op.regions[0].blocks[0].last_op
    assert y is not None
    return list(zip(y.operands[1:], op.results[1:], strict=True))


def strip(op: linalg.GenericOp, keep: list[int]) -> linalg.GenericOp:
    """``op`` with only the outputs after the first whose positions (1, 2, ...) are in
    ``keep``; the dropped ones' results must be unused.  Unmarked when none is kept; the
    ``tensor.empty`` inits (and the sizes made for them) erased where unused."""
    n = len(op.outputs)
    drop = [k for k in range(1, n) if k not in keep]
    if not drop:
        return op
    assert all(not op.results[k].uses for k in drop)
    region = op.regions[0].clone()
    blk = region.blocks[0]
    y = blk.last_op
    assert isinstance(y, linalg.YieldOp)
    kept_out = [0, *sorted(keep)]
    Rewriter.replace_op(y, linalg.YieldOp(*[y.operands[k] for k in kept_out]))
    n_in = len(op.inputs)
    for k in reversed(drop):
        a = blk.args[n_in + k]
        assert not a.uses
        blk.erase_arg(a)
    maps = list(op.indexing_maps.data)
    new = linalg.GenericOp(list(op.inputs), [op.outputs[k] for k in kept_out], region,
                           [*maps[:n_in], *[maps[n_in + k] for k in kept_out]],
                           op.iterator_types, [op.results[k].type for k in kept_out])
    for name, a in op.attributes.items():
        if name not in ("indexing_maps", "iterator_types"):
            new.attributes[name] = a
    if len(kept_out) == 1:
        new.attributes.pop(TAPEBODY_ATTR, None)
    carry_location(new, op)
    Rewriter.insert_op(new, InsertPoint.before(op))
    for q, k in enumerate(kept_out):
        op.results[k].replace_all_uses_with(new.results[q])
    inits = [op.outputs[k] for k in drop]
    op.detach()
    op.erase(safe_erase=False)
    for x in inits:
        _erase_dead(x)
    return new


def _erase_dead(x: SSAValue) -> None:
    """Erase the ``tensor.empty`` (and the ``tensor.dim``/constant sizes) making ``x``
    where nothing else reads them."""
    o = x.owner
    if not isinstance(o, Operation) or any(r.uses for r in o.results) \
            or op_name(o) not in ("tensor.empty", "tensor.dim", "arith.constant"):
        return
    ins = list(o.operands)
    o.detach()
    o.erase()
    for u in ins:
        _erase_dead(u)


def strip_unused(root: Operation) -> int:
    """Drop the extra outputs nothing reads from every marked generic inside ``root``;
    how many extra outputs stay."""
    n = 0
    for op in list(root.walk()):
        if not isinstance(op, linalg.GenericOp) or TAPEBODY_ATTR not in op.attributes:
            continue
        keep = [k for k in range(1, len(op.outputs)) if op.results[k].uses]
        strip(op, keep)
        n += len(keep)
    return n


def restore(made: list[tuple[linalg.GenericOp, Operation]]) -> None:
    """The primal's extended ops back to their single output (their extra results are
    unused there)."""
    for new, _old in made:
        if new.parent is not None:
            strip(new, [])


__all__ = ["TAPEBODY_ATTR", "expensive_needed", "needed_values", "origins", "restore", "strip",
           "strip_unused", "tape_bodies", "taped_values"]
