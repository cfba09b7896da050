"""Adjoint sparsity (LAGrad's, the ``sparse`` tensor optimization): a pending tensor
adjoint that is zero but for a few *hot* parts, kept lazily.

The adjoint of ``tensor.extract t[i]`` is one-hot (``ybar`` at ``i``, zero elsewhere)
and that of ``tensor.extract_slice`` slice-hot.  Where ``t`` has no adjoint yet, the
rules of :mod:`.tensor` do not make a dense zero tensor to update: they record a
:class:`Hot` -- the hot index or the slice's offsets/sizes/strides, and the value --
in the generator (``gen.hot``).  A later contribution at the same index (the same
SSA values or equal constants) or the same slice adds into that part only (a scalar
add, an add over the slice); one elsewhere adds a part.  The dense tensor is made
only when a consumer asks for the adjoint as a value (``gen.adj_get``/``adj_take``:
a linalg op's adjoint, a loop carrying it, the function's result), once, by
:func:`materialize`:

* with a dense contribution at hand (``gen.adj_add`` of a tensor): the parts are
  added into it -- no zero tensor at all;
* a rank-0 tensor's one element, or a slice covering the whole (static) tensor:
  the part *is* the adjoint (a ``linalg.fill`` of the value, the slice itself);
* else one zero tensor, the first part inserted (not added: it is zero there), the
  others added (extract, add, insert: in place after bufferization).

An ``extract_slice`` whose result's adjoint is one-hot moves the hot elements to
their places in the source (:func:`through_slice`: no slice-sized tensor).  And a
linalg adjoint whose target is indexed by all the loops (each element written once)
writes a fresh ``tensor.empty`` rather than a zero fill it would add to (the
``nozero`` switch, rules/linalg.py), a pending sparse adjoint added into it after.

With ``sparse`` off (:mod:`activity.tensor.opts`) nothing is kept lazily and the
rules emit what they did before (a zero tensor on the first update).  Each avoided
dense zero or dense (slice) add is counted (``opts.count("sparse")``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import DenseArrayBase, TensorType, i32
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Attribute, Operation, SSAValue

from activity.ad.registry import Gen, reverse_rule
from activity.ad.rules.tensor import (
    _idx,
    _needs,
    adj_tensor,
    extract_slice_like,
    insert_slice_like,
    tensor_add,
    tensor_zero,
)
from activity.tensor import opts

DYN = -9223372036854775808
MAX_PARTS = 32  # (more parts than this: made dense, each further one an update of it)


@dataclass
class Part:
    """One hot part: an element (``idx``) or a slice (``props``: the static offsets,
    sizes and strides; ``dyn``: the dynamic ones, values of the reverse sweep) whose
    adjoint is ``value`` (a scalar, or a tensor of the slice's type)."""

    value: SSAValue
    idx: list[SSAValue] | None = None
    props: dict[str, Attribute] | None = None
    dyn: list[SSAValue] = field(default_factory=list)

    def same_place(self, gen: Any, other: Part) -> bool:
        if (self.idx is None) != (other.idx is None):
            return False
        if self.idx is not None and other.idx is not None:
            return _same_values(gen, self.idx, other.idx)
        assert self.props is not None and other.props is not None
        return (self.value.type == other.value.type and self.props == other.props
                and _same_values(gen, self.dyn, other.dyn))


@dataclass
class Hot:
    """The pending adjoint of primal tensor ``like``: the sum of its parts."""

    like: SSAValue
    parts: list[Part] = field(default_factory=list)


def _same_values(gen: Any, a: list[SSAValue], b: list[SSAValue]) -> bool:
    if len(a) != len(b):
        return False
    for x, y in zip(a, b, strict=True):
        if x is y:
            continue
        cx, cy = gen.cint(x), gen.cint(y)
        if cx is None or cx != cy:
            return False
    return True


def add_part(gen: Any, v: SSAValue, part: Part) -> bool:
    """Add ``part`` to ``v``'s adjoint lazily; ``False`` (nothing done) where ``sparse``
    is off or ``v`` has a dense adjoint already (the caller then updates that)."""
    if not opts.enabled("sparse") or gen.adj.get(id(v)) is not None:
        return False
    hot = gen.hot.get(id(v))
    if hot is None:
        gen.hot[id(v)] = Hot(v, [part])
        gen.adj_keys[id(v)] = v
        return True
    for p in hot.parts:
        if p.same_place(gen, part):
            if p.idx is not None:
                p.value = gen.b.v(arith.AddfOp(p.value, part.value,
                                               flags=gen.shadow_flags()))
            else:
                p.value = tensor_add(gen, p.value, part.value)
            return True
    if len(hot.parts) >= MAX_PARTS:
        return False
    hot.parts.append(part)
    return True


def through_slice(gen: Any, op: Any) -> bool:
    """``extract_slice``'s adjoint where the slice's own is one-hot (elements only) and
    the source has no dense adjoint: each hot element moves to its place in the source
    (``offset + index * stride``), no slice-sized tensor made.  ``False`` (nothing
    done) where that does not apply (``sparse`` off, a rank-reducing slice, ...)."""
    r, src = op.results[0], op.operands[0]
    hot = gen.hot.get(id(r)) if opts.enabled("sparse") else None
    if hot is None or gen.adj.get(id(src)) is not None \
            or any(p.idx is None for p in hot.parts) \
            or len(r.type.get_shape()) != len(src.type.get_shape()):
        return False
    dyn = iter(_idx(gen, op, list(op.operands[1:])))
    offs = [next(dyn) if o == DYN else gen.c(o)
            for o in op.properties["static_offsets"].get_values()]
    sizes_dyn = sum(1 for n in op.properties["static_sizes"].get_values() if n == DYN)
    for _ in range(sizes_dyn):  # (the sizes: not needed)
        next(dyn)
    strides = [next(dyn) if s == DYN else gen.c(s)
               for s in op.properties["static_strides"].get_values()]
    gen.hot.pop(id(r))
    for p in hot.parts:
        assert p.idx is not None
        idx = [gen.ibin(arith.AddiOp, o, gen.ibin(arith.MuliOp, i, s))
               for o, i, s in zip(offs, p.idx, strides, strict=True)]
        opts.count("sparse")  # (no dense adjoint of the slice)
        if not add_part(gen, src, Part(p.value, idx=idx)):
            t = adj_tensor(gen, src)
            old = gen.b.v(tensor.ExtractOp(t, idx, p.value.type))
            new = gen.b.v(arith.AddfOp(old, p.value, flags=gen.shadow_flags()))
            gen.adj_set(src, gen.b.v(tensor.InsertOp(new, t, idx)))
    return True


def _slice_op(p: Part, src: SSAValue, result: Attribute) -> Any:
    assert p.props is not None
    props = dict(p.props)
    segs = props.pop("_segs")
    assert isinstance(segs, list)
    props["operandSegmentSizes"] = DenseArrayBase.from_list(i32, [1, *segs])
    return tensor.ExtractSliceOp.create(operands=[src, *p.dyn], result_types=[result],
                                        properties=props)


def _insert_op(p: Part, src: SSAValue, dest: SSAValue) -> Any:
    assert p.props is not None
    props = dict(p.props)
    segs = props.pop("_segs")
    assert isinstance(segs, list)
    props["operandSegmentSizes"] = DenseArrayBase.from_list(i32, [1, 1, *segs])
    return tensor.InsertSliceOp.create(operands=[src, dest, *p.dyn],
                                       result_types=[dest.type], properties=props)


def slice_part(gen: Any, op: Any, nsrc: int, value: SSAValue) -> Part:
    """The part of ``op``'s slice (an ``extract_slice``: ``nsrc`` 1) holding ``value``;
    its dynamic offsets/sizes/strides materialised here."""
    props: dict[str, Any] = {k: op.properties[k] for k in
                             ("static_offsets", "static_sizes", "static_strides")}
    segs = op.properties["operandSegmentSizes"]
    props["_segs"] = list(segs.get_values())[-3:]
    return Part(value, props=props, dyn=_idx(gen, op, list(op.operands[nsrc:])))


def _covers(p: Part, t: TensorType) -> bool:
    """Whether part ``p`` is the whole of a tensor of type ``t``."""
    shape = list(t.get_shape())
    if p.idx is not None:
        return not shape
    assert p.props is not None
    if p.dyn or p.value.type != t or any(n < 0 for n in shape):
        return False
    offs = list(p.props["static_offsets"].get_values())  # type: ignore[attr-defined]
    sizes = list(p.props["static_sizes"].get_values())  # type: ignore[attr-defined]
    strides = list(p.props["static_strides"].get_values())  # type: ignore[attr-defined]
    return all(o == 0 for o in offs) and sizes == shape and all(s == 1 for s in strides)


def _add_into(gen: Any, base: SSAValue, p: Part, fresh: bool) -> SSAValue:
    """``base`` with part ``p`` added (``fresh``: ``base`` is zero there: inserted)."""
    if p.idx is not None:
        new = p.value
        if not fresh:
            t = base.type
            assert isinstance(t, TensorType)
            old = gen.b.v(tensor.ExtractOp(base, p.idx, t.element_type))
            new = gen.b.v(arith.AddfOp(old, p.value, flags=gen.shadow_flags()))
        return gen.b.v(tensor.InsertOp(new, base, p.idx))
    new = p.value
    if not fresh:
        view = gen.b.v(_slice_op(p, base, p.value.type))
        new = tensor_add(gen, view, p.value)
    return gen.b.v(_insert_op(p, new, base))


def materialize(gen: Any, hot: Hot, base: SSAValue | None = None) -> SSAValue:
    """The dense adjoint of ``hot`` (see the module docstring), emitted here;
    ``base``: a dense contribution the parts are added into."""
    t = hot.like.type
    assert isinstance(t, TensorType)
    parts = list(hot.parts)
    with gen.b.in_pass("adjoint"):
        fresh = False
        if base is not None:
            opts.count("sparse")  # (no zero tensor: the contribution is the base)
        elif _covers(parts[0], t):
            p = parts.pop(0)
            if p.idx is not None:  # rank 0: a fill of the value
                e = gen.b.v(tensor.EmptyOp([], t))
                base = gen.b.v(linalg.FillOp([p.value], [e], [t]))
            else:
                base = p.value
            opts.count("sparse")
        else:
            base = tensor_zero(gen, hot.like)
            fresh = True
        for p in parts:
            if fresh and p.idx is None:
                opts.count("sparse")  # (the slice inserted, not added to zeros)
            base = _add_into(gen, base, p, fresh)
            fresh = False
    return base


# -- the rules whose adjoints are one-hot / slice-hot

@reverse_rule("tensor.extract", needs=_needs(0))
def rev_extract(gen: Gen, op: Operation) -> None:
    assert isinstance(op, tensor.ExtractOp)
    ybar = gen.adj_take(op.result)
    if ybar is None or not gen.facts.has_adjoint(op.tensor):
        return
    with gen.b.in_pass("adjoint"):
        idx = _idx(gen, op, list(op.indices))
        if add_part(gen, op.tensor, Part(ybar, idx=idx)):  # (one-hot, kept lazily)
            return
        t = adj_tensor(gen, op.tensor, op.parent_block())
        old = gen.b.v(tensor.ExtractOp(t, idx, ybar.type))
        new = gen.b.v(arith.AddfOp(old, ybar, flags=gen.shadow_flags()))
        gen.adj_set(op.tensor, gen.b.v(tensor.InsertOp(new, t, idx)))


@reverse_rule("tensor.extract_slice", needs=_needs(0))
def rev_extract_slice(gen: Gen, op: Operation) -> None:
    src = op.operands[0]
    if gen.facts.has_adjoint(src):
        with gen.b.in_pass("adjoint"):
            if through_slice(gen, op):  # (one-hot: the elements moved to the source)
                return
    rbar = gen.adj_take(op.results[0])
    if rbar is None or not gen.facts.has_adjoint(src):
        return
    with gen.b.in_pass("adjoint"):
        if add_part(gen, src, slice_part(gen, op, 1, rbar)):  # (slice-hot, kept lazily)
            return
        t = adj_tensor(gen, src, op.parent_block())
        part = extract_slice_like(gen, op, 1, t, op.results[0].type)
        part = tensor_add(gen, part, rbar)
        gen.adj_set(src, insert_slice_like(gen, op, 1, part, t))


__all__ = ["Hot", "Part", "add_part", "materialize", "rev_extract", "rev_extract_slice",
           "slice_part", "through_slice"]
