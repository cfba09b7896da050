"""An elementwise op writes its result over an input that dies with it (the
``inplace`` switch of :mod:`.opts`).

The bufferization (:mod:`.bufferize`) writes a linalg op's result in place over its
*init*.  An adjoint rule's op usually has a fresh init (``linalg.fill`` of zeros over
``tensor.empty``) and reads a primal tensor of the same shape for the last time, e.g.
GMM's ``d qx = generic ins(qx, d sq) outs(zeros)`` at the reverse sweep's head: two
buffers of N*K*D where one does.  Rewritten (on tensors, before bufferizing) as::

    %r = linalg.generic ins(%a...) outs(%v)     // the body reads %v's element as the
                                                // out argument, the fill's value where
                                                // it read the old init

it is written over ``%v``'s buffer (in place when the bufferization finds that buffer
writable and every tensor in it dead, else over a copy: correct either way).  Applied
only when it is safe element by element and worth it:

* ``linalg.generic``, every iterator parallel, the result's indexing map a permutation
  and ``%v``'s the same one (each element read once, then written, in the same
  iteration); ``%v`` has the result's type and is no other operand, and the body reads
  no tensor from outside;
* the init is fresh and only this op reads it: ``tensor.empty`` (the body then must
  not read the out argument) or ``linalg.fill`` of a scalar over one;
* ``%v`` is dead after the op (:class:`.bufferize_live.Liveness`) and lives in a
  buffer of its own making: the result of a linalg op, not an argument or a view of
  another tensor (whose buffer could not be written: a copy would replace the fill).
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import AffineMapAttr, TensorType
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Operation, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineMap
from xdsl.rewriter import InsertPoint, Rewriter

from activity.frontend import carry_location
from activity.tensor import opts
from activity.tensor.bufferize_live import Liveness
from activity.tensor.loops import is_structured


def _permutation(m: AffineMap) -> bool:
    dims = [e.position for e in m.results if isinstance(e, AffineDimExpr)]
    return (m.num_symbols == 0 and len(dims) == len(m.results) == m.num_dims
            and sorted(dims) == list(range(m.num_dims)))


def _fresh(init: SSAValue, gen: Operation) -> tuple[list[Operation], SSAValue | None] | None:
    """``(the ops making init, the fill value or None)`` when ``init`` is fresh and
    read by ``gen`` alone."""
    op = init.owner
    if not isinstance(op, Operation) or [u.operation for u in init.uses] != [gen]:
        return None
    if op.name == "tensor.empty":
        return [op], None
    if op.name == "linalg.fill" and len(op.operands) == 2:
        e = op.operands[1]
        eo = e.owner
        if isinstance(eo, Operation) and eo.name == "tensor.empty" \
                and [u.operation for u in e.uses] == [op]:
            return [eo, op], op.operands[0]
    return None


def _own_buffer(v: SSAValue) -> bool:
    owner = v.owner
    return isinstance(owner, Operation) and is_structured(owner)


def _captures_tensors(gen: Operation) -> bool:
    for inner in gen.walk():
        if inner is gen:
            continue
        for x in inner.operands:
            if isinstance(x.type, TensorType):
                return True
    return False


def _rewrite(gen: linalg.GenericOp, k: int, i: int, fill: SSAValue | None) -> Operation:
    ins = list(gen.inputs)
    outs = list(gen.outputs)
    maps = [m.data for m in gen.indexing_maps.data]
    nin = len(ins)
    v = ins[i]
    block = gen.body.block
    out_arg = block.args[nin + k]
    in_arg = block.args[i]
    if fill is not None:
        out_arg.replace_all_uses_with(fill)
    in_arg.replace_all_uses_with(out_arg)
    region = gen.detach_region(gen.body)
    region.block.erase_arg(in_arg)
    new_ins = ins[:i] + ins[i + 1:]
    outs[k] = v
    new_maps = maps[:i] + maps[i + 1:]
    new = linalg.GenericOp(new_ins, outs, region, [AffineMapAttr(m) for m in new_maps],
                           gen.iterator_types, [r.type for r in gen.results])
    for key, val in gen.attributes.items():
        if key not in new.attributes:
            new.attributes[key] = val
    carry_location(new, gen)
    Rewriter.insert_op(new, InsertPoint.before(gen))
    for old, r in zip(gen.results, new.results, strict=True):
        old.replace_all_uses_with(r)
    return new


def reuse_dead_inputs(fop: func.FuncOp) -> int:
    """Apply the rewrite of the module docstring to every op of ``fop`` it fits;
    returns how many."""
    if not opts.enabled("inplace"):
        return 0
    n = 0
    changed = True
    while changed:
        changed = False
        live = Liveness(fop)
        for gen in list(fop.walk()):
            if not isinstance(gen, linalg.GenericOp) or not gen.results:
                continue
            if any(str(it.data) != "parallel" for it in gen.iterator_types.data):
                continue
            if _captures_tensors(gen):
                continue
            maps = [m.data for m in gen.indexing_maps.data]
            ins, outs = list(gen.inputs), list(gen.outputs)
            operands = [*ins, *outs]
            done = False
            for k, o in enumerate(outs):
                if done or k >= len(gen.results) or not _permutation(maps[len(ins) + k]):
                    continue
                made = _fresh(o, gen)
                if made is None:
                    continue
                _, fill = made
                out_arg = gen.body.block.args[len(ins) + k]
                if fill is None and out_arg.uses:
                    continue
                for i, v in enumerate(ins):
                    if (v.type != gen.results[k].type or maps[i] != maps[len(ins) + k]
                            or operands.count(v) != 1 or not _own_buffer(v)
                            or not live.dead_after(v, gen)):
                        continue
                    dead = list(made[0])
                    _rewrite(gen, k, i, fill)
                    Rewriter.erase_op(gen)
                    for d in reversed(dead):
                        if not any(r.uses for r in d.results):
                            Rewriter.erase_op(d)
                    opts.count("inplace")
                    n += 1
                    done = changed = True
                    break
            if changed:
                break  # (positions changed: liveness afresh)
    return n


__all__ = ["reuse_dead_inputs"]
