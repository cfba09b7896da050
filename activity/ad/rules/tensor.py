"""Adjoints on the tensor level (LAGrad's, at ``tensor`` values): the rules of the
``tensor`` dialect, and the helpers every tensor rule shares (:mod:`.linalg` too).

A tensor's adjoint is a *value*, a tensor of the same type, kept like a scalar's
(``gen.adj_add``): a missing adjoint is zero, made dense only where an op needs one to
update (a zero-filled ``tensor.empty``), and contributions are summed elementwise by a
``linalg.generic`` that updates its init (the old adjoint, dead after it), so that the
bufferization (:mod:`activity.tensor.bufferize`) makes the update in place.

* ``tensor.extract t[i]``: ``t' = insert(t'[i] + ybar, t'[i])`` (one element: no dense
  temporary when ``t'`` exists already; where it does not, a one-hot adjoint kept
  lazily, :mod:`.sparse`);
* ``tensor.insert v into d[i]``: ``v' += r'[i]``, ``d' += r'`` with the slot zeroed;
* ``extract_slice`` <-> ``insert_slice`` the same way, slice for element (slice-hot,
  lazily);
* ``from_elements``: each element's adjoint is read off; ``splat``: the sum;
* ``collapse_shape`` <-> ``expand_shape``; ``cast`` back; ``empty``, ``dim``: nothing.
"""

from __future__ import annotations

from xdsl.dialects import arith, bufferization, memref, tensor
from xdsl.dialects.builtin import (
    AffineMapAttr,
    AnyFloat,
    ArrayAttr,
    DenseArrayBase,
    MemRefType,
    StridedLayoutAttr,
    TensorType,
    UnitAttr,
    i32,
)
from xdsl.dialects.linalg import ops as linalg
from xdsl.dialects.linalg.attrs import IteratorType, IteratorTypeAttr
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.ir.affine import AffineMap

from activity.ad.registry import Gen, reverse_rule
from activity.ops import op_name

DYN = -9223372036854775808


def is_float_tensor(t: Attribute) -> bool:
    return isinstance(t, TensorType) and isinstance(t.element_type, AnyFloat)


def cur_block(gen: Gen) -> Block:
    """The primal block whose mirror is being emitted (where primal values are
    materialised)."""
    return gen.scopes[-1].block if gen.scopes else gen.entry


def dims_of(gen: Gen, v: SSAValue, use: Block | None = None) -> list[SSAValue]:
    """The dynamic sizes of primal tensor ``v``, in the reverse sweep."""
    t = v.type
    assert isinstance(t, TensorType)
    shape = t.get_shape()
    if all(s != DYN and s >= 0 for s in shape):
        return []
    use = use or cur_block(gen)
    src = tape_sources(v, gen.entry)
    if src is not None:  # (sizes of the top level: nothing recomputed or taped)
        return [gen.mirror.materialize(x, use) if kind == "v" else
                gen.b.v(tensor.DimOp(gen.mirror.materialize(x, use), gen.c(i)))
                for kind, x, i in src]
    x = gen.mirror.materialize(v, use)
    return [gen.b.v(tensor.DimOp(x, gen.c(i))) for i, s in enumerate(shape) if s < 0]


def tensor_zero(gen: Gen, like: SSAValue, use: Block | None = None,
                t: Attribute | None = None) -> SSAValue:
    """A zero tensor of ``like``'s shape (``like``: a primal value)."""
    tt = t or like.type
    assert isinstance(tt, TensorType)
    e = gen.b.v(tensor.EmptyOp(dims_of(gen, like, use) if tt == like.type else [], tt))
    z = gen.zero(tt.element_type)
    return gen.b.v(linalg.FillOp([z], [e], [tt]))


def scalar_zero_tensor(gen: Gen, et: Attribute) -> SSAValue:
    """A rank-0 zero tensor of element type ``et`` (an accumulator of a scalar)."""
    tt = TensorType(et, [])
    e = gen.b.v(tensor.EmptyOp([], tt))
    return gen.b.v(linalg.FillOp([gen.zero(et)], [e], [tt]))


def _par(n: int) -> ArrayAttr:
    return ArrayAttr([IteratorTypeAttr(IteratorType.PARALLEL)] * n)


def elementwise(gen: Gen, ins: list[SSAValue], init: SSAValue, fn) -> SSAValue:  # type: ignore[no-untyped-def]
    """``linalg.generic`` over identity maps: ``init[i] = fn(b, ins[0][i], ..., init[i])``
    (``b`` the body's emitter: a function taking an op and returning its result)."""
    t = init.type
    assert isinstance(t, TensorType)
    rank = len(t.get_shape())
    et = t.element_type
    blk = Block(arg_types=[et] * (len(ins) + 1))

    def emit(o: Operation) -> SSAValue:
        blk.add_op(o)
        return o.results[0]

    y = fn(emit, *blk.args)
    blk.add_op(linalg.YieldOp(y))
    ident = AffineMapAttr(AffineMap.identity(rank))
    return gen.b.v(linalg.GenericOp(ins, [init], Region([blk]), [ident] * (len(ins) + 1),
                                    _par(rank), [t]))


def tensor_add(gen: Gen, old: SSAValue, x: SSAValue) -> SSAValue:
    """``old + x`` elementwise, written over ``old`` (an adjoint sum)."""
    flags = gen.sum_flags()
    return elementwise(gen, [x], old,
                       lambda emit, a, o: emit(arith.AddfOp(o, a, flags=flags)))


def adj_tensor(gen: Gen, v: SSAValue, use: Block | None = None) -> SSAValue:
    """``v``'s adjoint taken for an update (a zero tensor where it has none yet)."""
    x = gen.adj_take(v)
    return x if x is not None else tensor_zero(gen, v, use)


def _fwd_clone_regions(gen: Gen, op: Operation, orig: Operation | None = None) -> None:
    """The forward copy of a region op of the tensor level: a clone, with the values
    its regions read from outside mapped too (``orig``: the primal op, where ``op``
    is a rewrite of it)."""
    inside: set[int] = set()
    for o in op.walk():
        for r in o.regions:
            for b in r.blocks:
                inside.update(id(a) for a in b.args)
        inside.update(id(r) for r in o.results)
    mapper: dict[SSAValue, SSAValue] = {}
    for o in op.walk():
        for u in o.operands:
            if id(u) not in inside:
                mapper[u] = gen.fv(u)
    new = op.clone(value_mapper=mapper)
    from activity.frontend import carry_location

    carry_location(new, orig or op)
    gen.b.emit(new)
    for r, nr in zip((orig or op).results, new.results, strict=True):
        gen.fmap[id(r)] = nr


def _needs(*ins: int):  # type: ignore[no-untyped-def]
    """A ``needs`` predicate: the result has an adjoint and one of operands ``ins``
    (all: ``()``) has one."""
    def pred(needs, op: Operation) -> bool:  # type: ignore[no-untyped-def]
        f = needs.g.facts
        if not any(f.has_adjoint(r) for r in op.results):
            return False
        ops = [op.operands[i] for i in ins] if ins else list(op.operands)
        return any(f.has_adjoint(u) for u in ops)
    return pred


def _idx(gen: Gen, op: Operation, vals: list[SSAValue]) -> list[SSAValue]:
    use = op.parent_block()
    return [gen.mirror.materialize(u, use) for u in vals]


@reverse_rule("tensor.insert", needs=_needs())
def rev_insert(gen: Gen, op: Operation) -> None:
    assert isinstance(op, tensor.InsertOp)
    rbar = gen.adj_take(op.result)
    if rbar is None:
        return
    with gen.b.in_pass("adjoint"):
        idx = _idx(gen, op, list(op.indices))
        if gen.facts.has_adjoint(op.scalar):
            gen.adj_add(op.scalar, gen.b.v(tensor.ExtractOp(rbar, idx, op.scalar.type)))
        if gen.facts.has_adjoint(op.dest):
            z = gen.zero(op.scalar.type)
            gen.adj_add(op.dest, gen.b.v(tensor.InsertOp(z, rbar, idx)))


def _slice_props(op: Operation, nsrc: int) -> dict[str, Attribute]:
    p = {k: op.properties[k] for k in ("static_offsets", "static_sizes", "static_strides")}
    segs = op.properties["operandSegmentSizes"]
    assert isinstance(segs, DenseArrayBase)
    vals = list(segs.get_values())
    p["operandSegmentSizes"] = DenseArrayBase.from_list(i32, [1] * nsrc + vals[-3:])
    return p


def _slice_operands(op: Operation, nsrc: int) -> list[SSAValue]:
    return list(op.operands[nsrc:])


def extract_slice_like(gen: Gen, op: Operation, nsrc: int, src: SSAValue,
                       t: Attribute) -> SSAValue:
    """``tensor.extract_slice src`` at ``op``'s offsets, sizes and strides."""
    dyn = _idx(gen, op, _slice_operands(op, nsrc))
    return gen.b.v(tensor.ExtractSliceOp.create(
        operands=[src, *dyn], result_types=[t], properties=_slice_props(op, 1)))


def insert_slice_like(gen: Gen, op: Operation, nsrc: int, src: SSAValue,
                      dest: SSAValue) -> SSAValue:
    """``tensor.insert_slice src into dest`` at ``op``'s offsets, sizes and strides."""
    dyn = _idx(gen, op, _slice_operands(op, nsrc))
    return gen.b.v(tensor.InsertSliceOp.create(
        operands=[src, dest, *dyn], result_types=[dest.type],
        properties=_slice_props(op, 2)))


@reverse_rule("tensor.insert_slice", needs=_needs())
def rev_insert_slice(gen: Gen, op: Operation) -> None:
    rbar = gen.adj_take(op.results[0])
    src, dest = op.operands[0], op.operands[1]
    if rbar is None:
        return
    with gen.b.in_pass("adjoint"):
        zeroed = gen.facts.has_adjoint(dest)
        if gen.facts.has_adjoint(src):
            part = extract_slice_like(gen, op, 2, rbar, src.type)
            if zeroed and gen.adj_get(src) is None:
                # (the slice of rbar is zeroed below: src's adjoint gets its own
                # tensor, else the bufferization copies all of rbar to keep the view)
                e = gen.b.v(tensor.EmptyOp(dims_of(gen, src, op.parent_block()), src.type))
                part = elementwise(gen, [part], e, lambda emit, a, o: a)
            gen.adj_add(src, part)
        if zeroed:
            # the slice's adjoint zeroed where it lies (in place after bufferization)
            view = extract_slice_like(gen, op, 2, rbar, src.type)
            st = src.type
            assert isinstance(st, TensorType)
            z = gen.b.v(linalg.FillOp([gen.zero(st.element_type)], [view], [st]))
            gen.adj_add(dest, insert_slice_like(gen, op, 2, z, rbar))


@reverse_rule("tensor.from_elements", needs=_needs())
def rev_from_elements(gen: Gen, op: Operation) -> None:
    rbar = gen.adj_take(op.results[0])
    if rbar is None:
        return
    t = op.results[0].type
    assert isinstance(t, TensorType)
    shape = list(t.get_shape())
    with gen.b.in_pass("adjoint"):
        for n, u in enumerate(op.operands):
            if not gen.facts.has_adjoint(u):
                continue
            idx, rest = [], n
            for s in reversed(shape):
                idx.append(rest % s)
                rest //= s
            ix = [gen.c(i) for i in reversed(idx)]
            gen.adj_add(u, gen.b.v(tensor.ExtractOp(rbar, ix, u.type)))


def reduce_all(gen: Gen, x: SSAValue) -> SSAValue:
    """The sum of the elements of tensor ``x`` (a scalar)."""
    t = x.type
    assert isinstance(t, TensorType)
    rank = len(t.get_shape())
    et = t.element_type
    acc = scalar_zero_tensor(gen, et)
    blk = Block(arg_types=[et, et])
    s = arith.AddfOp(blk.args[1], blk.args[0], flags=gen.sum_flags())
    blk.add_op(s)
    blk.add_op(linalg.YieldOp(s.result))
    maps = [AffineMapAttr(AffineMap.identity(rank)), AffineMapAttr(AffineMap(rank, 0, ()))]
    its = ArrayAttr([IteratorTypeAttr(IteratorType.REDUCTION)] * rank)
    r = gen.b.v(linalg.GenericOp([x], [acc], Region([blk]), maps, its, [acc.type]))
    return gen.b.v(tensor.ExtractOp(r, [], et))


@reverse_rule("tensor.splat", needs=_needs(0))
def rev_splat(gen: Gen, op: Operation) -> None:
    rbar = gen.adj_take(op.results[0])
    if rbar is None or not gen.facts.has_adjoint(op.operands[0]):
        return
    with gen.b.in_pass("adjoint"):
        gen.adj_add(op.operands[0], reduce_all(gen, rbar))


@reverse_rule("tensor.cast", needs=_needs(0))
def rev_cast(gen: Gen, op: Operation) -> None:
    rbar = gen.adj_take(op.results[0])
    src = op.operands[0]
    if rbar is None or not gen.facts.has_adjoint(src):
        return
    with gen.b.in_pass("adjoint"):
        gen.adj_add(src, gen.b.v(tensor.CastOp(rbar, src.type)))


@reverse_rule("tensor.collapse_shape", "tensor.expand_shape", needs=_needs(0))
def rev_reshape(gen: Gen, op: Operation) -> None:
    rbar = gen.adj_take(op.results[0])
    src = op.operands[0]
    if rbar is None or not gen.facts.has_adjoint(src):
        return
    st = src.type
    assert isinstance(st, TensorType)
    with gen.b.in_pass("adjoint"):
        reassoc = op.properties["reassociation"]
        if op.name == "tensor.collapse_shape":
            shape = list(st.get_shape())
            dyn = dims_of(gen, src, op.parent_block())
            new = tensor.ExpandShapeOp.create(
                operands=[rbar, *dyn], result_types=[st],
                properties={"reassociation": reassoc,
                            "static_output_shape": DenseArrayBase.from_list(
                                _i64(), shape)})
        else:
            new = tensor.CollapseShapeOp.create(
                operands=[rbar], result_types=[st], properties={"reassociation": reassoc})
        gen.adj_add(src, gen.b.v(new))


def _i64() -> Attribute:
    from xdsl.dialects.builtin import i64

    return i64


@reverse_rule("tensor.empty", "tensor.dim", needs=lambda needs, op: False)
def rev_nothing(gen: Gen, op: Operation) -> None:
    for r in op.results:
        gen.adj_take(r)


__all__ = ["adj_tensor", "cur_block", "dims_of", "elementwise", "is_float_tensor",
           "reduce_all", "scalar_zero_tensor", "tape_read", "tape_sizes", "tape_sources",
           "reuse_carried", "tape_type", "tape_write",
           "tensor_add", "tensor_tapeable", "tensor_zero"]


# -- tensors on tapes ---------------------------------------------------------------
# A tensor value (of a static shape) the reverse sweep needs from an iteration of an
# scf.for nest is kept in a static tape like a scalar: a memref<tc_1 x ... x S x f>
# allocated before the nest, the forward sweep copying the value into its slot (a
# subview), the reverse sweep reading the slot back as a tensor (no copy).


def tensor_tapeable(t: Attribute) -> bool:
    return is_float_tensor(t)


Source = tuple[str, SSAValue, int]
"""A dynamic size of a taped tensor, known before the loop nest: ``("v", s, 0)`` an
index value of the function's top level, ``("dim", x, i)`` dimension ``i`` of a
top-level tensor ``x``."""


def tape_sources(v: SSAValue, entry: Block, assume: dict[int, list[Source]] | None = None,
                 depth: int = 0) -> list[Source] | None:
    """The dynamic sizes of tensor ``v`` (defined in a loop nest) as values of the
    function's top level, followed through the ops that keep a shape (``tensor.empty``'s
    operands, a linalg op's init, an elementwise op's operand, an insert's dest, a
    loop-carried tensor whose yield keeps its init's sizes); ``None`` where unknown."""
    t = v.type
    assert isinstance(t, TensorType)
    shape = list(t.get_shape())
    if all(n >= 0 for n in shape):
        return []
    assume = assume or {}
    if id(v) in assume:
        return assume[id(v)]
    if depth > 32:
        return None
    blk = v.owner if isinstance(v.owner, Block) else v.owner.parent_block()
    if blk is entry:
        return [("dim", v, i) for i, n in enumerate(shape) if n < 0]
    own = v.owner
    if isinstance(own, Block):  # a loop-carried tensor: its init's sizes, if kept
        po = own.parent_op()
        if op_name(po) != "scf.for" or v.index == 0:  # type: ignore[attr-defined, arg-type]
            return None
        j = v.index - 1  # type: ignore[attr-defined]
        init = po.operands[3 + j]  # type: ignore[union-attr]
        got = tape_sources(init, entry, assume, depth + 1)
        if got is None:
            return None
        y = own.last_op
        if y is None or tape_sources(y.operands[j], entry, {**assume, id(v): got},
                                     depth + 1) != got:
            return None
        return got
    name = op_name(own)
    if name == "scf.for":  # a loop's result: its init's sizes, if the yield keeps them
        j = v.index  # type: ignore[attr-defined]
        body = own.regions[0].blocks[0]
        return tape_sources(body.args[1 + j], entry, assume, depth + 1)
    if name == "tensor.extract_slice":  # the dynamic sizes, in order (a rank-reduced
        # slice drops unit dimensions only)
        sizes = list(own.sizes)  # type: ignore[attr-defined]
        if len(sizes) == sum(1 for n in shape if n < 0) and all(
                (u.owner if isinstance(u.owner, Block) else u.owner.parent_block())
                is entry for u in sizes):
            return [_norm(u) for u in sizes]
        return None
    if name == "tensor.empty":
        if all((u.owner if isinstance(u.owner, Block) else u.owner.parent_block()) is entry
               for u in own.operands):
            return [_norm(u) for u in own.operands]
        return None
    from activity.tensor.structured import structured

    view = structured(own)
    if view is not None and v in view.results:
        return tape_sources(view.outputs[view.results.index(v)], entry, assume, depth + 1)
    if name in ("tensor.insert", "tensor.insert_slice"):
        return tape_sources(own.operands[1], entry, assume, depth + 1)
    if name.startswith(("arith.", "math.")):
        for u in own.operands:
            if u.type == t:
                return tape_sources(u, entry, assume, depth + 1)
    return None


def _norm(u: SSAValue) -> Source:
    """``("dim", x, i)`` for ``u = tensor.dim x, i`` (a constant ``i``), so that sizes
    read off a tensor compare equal to that tensor's own; else ``("v", u, 0)``."""
    from activity.ad.facts import const_int

    own = u.owner
    if isinstance(own, tensor.DimOp):
        i = const_int(own.index)
        if i is not None:
            return ("dim", own.source, i)
    return ("v", u, 0)


def tape_type(t: TensorType, n: int) -> MemRefType:
    """The static tape of ``t`` values over ``n`` loop dimensions."""
    return MemRefType(t.element_type, [DYN] * n + list(t.get_shape()))


def tape_sizes(gen: Gen, key: SSAValue) -> list[SSAValue]:
    """The dynamic sizes of taped tensor ``key``, emitted in the forward sweep before
    its loop nest (:func:`tape_sources` found them)."""
    src = tape_sources(key, gen.entry)
    assert src is not None
    out = []
    for kind, x, i in src:
        out.append(gen.fv(x) if kind == "v" else gen.b.v(tensor.DimOp(gen.fv(x), gen.c(i))))
    return out


def _slot(gen: Gen, mem: SSAValue, idx: list[SSAValue], t: TensorType,
          dyn: list[SSAValue]) -> SSAValue:
    mt = mem.type
    assert isinstance(mt, MemRefType)
    shape = list(t.get_shape())
    n = len(mt.get_shape()) - len(shape)
    strides: list[int | None] = []
    acc: int | None = 1
    for sz in reversed(shape):
        strides.append(acc)
        acc = None if acc is None or sz < 0 else acc * sz
    strides.reverse()
    rt = MemRefType(t.element_type, shape, StridedLayoutAttr(strides, None))
    sv = memref.SubviewOp(mem, idx[:n], dyn, [], [DYN] * n + [0] * len(shape),
                          [1] * n + shape, [1] * (n + len(shape)), rt)
    return gen.b.v(sv)


def tape_write(gen: Gen, val: SSAValue, mem: SSAValue, idx: list[SSAValue]) -> None:
    """Copy tensor ``val`` into its slot ``idx`` of tape ``mem`` (forward sweep)."""
    t = val.type
    assert isinstance(t, TensorType)
    dyn = [gen.b.v(tensor.DimOp(val, gen.c(i))) for i, n in enumerate(t.get_shape())
           if n < 0]
    # (identity layout, as xDSL verifies to_buffer; a value living in a view is
    # copied out of it first by the bufferization)
    src = gen.b.v(bufferization.ToBufferOp.create(
        operands=[val], result_types=[MemRefType(t.element_type, t.get_shape())]))
    gen.b.emit(memref.CopyOp(src, _slot(gen, mem, idx, t, dyn)))


def tape_read(gen: Gen, mem: SSAValue, idx: list[SSAValue], t: TensorType) -> SSAValue:
    """The tensor in slot ``idx`` of tape ``mem`` (reverse sweep; read only): the
    whole tape as a tensor (``bufferization.to_tensor``, no copy), then the slot's
    ``tensor.extract_slice`` (a view after bufferization)."""
    mt = mem.type
    assert isinstance(mt, MemRefType)
    shape = list(t.get_shape())
    n = len(mt.get_shape()) - len(shape)
    full = gen.b.v(bufferization.ToTensorOp.create(
        operands=[mem], result_types=[TensorType(t.element_type, mt.get_shape())],
        properties={"restrict": UnitAttr()}))
    dyn = [gen.b.v(memref.DimOp(mem, gen.c(n + i)))
           for i, sz in enumerate(shape) if sz < 0]
    props = {
        "static_offsets": DenseArrayBase.from_list(_i64(), [DYN] * n + [0] * len(shape)),
        "static_sizes": DenseArrayBase.from_list(_i64(), [1] * n + shape),
        "static_strides": DenseArrayBase.from_list(_i64(), [1] * (n + len(shape))),
        "operandSegmentSizes": DenseArrayBase.from_list(i32, [1, n, len(dyn), 0]),
    }
    return gen.b.v(tensor.ExtractSliceOp.create(
        operands=[full, *idx[:n], *dyn], result_types=[t], properties=props))


def _to_tensor_needs(needs, op: Operation) -> bool:  # type: ignore[no-untyped-def]
    f = needs.g.facts
    return f.has_adjoint(op.results[0]) and f.has_shadow(op.operands[0])


@reverse_rule("bufferization.to_tensor", needs=_to_tensor_needs)
def rev_to_tensor(gen: Gen, op: Operation) -> None:
    """``t = to_tensor m`` reads the buffer: ``m'`` += ``t'`` elementwise (as a load's
    adjoint, for every element), a linalg.generic on the shadow buffer."""
    tbar = gen.adj_take(op.results[0])
    if tbar is None:
        return
    sh = gen.shadows.shadow(op.operands[0], op.parent_block())
    if sh is None:
        return
    t = tbar.type
    assert isinstance(t, TensorType)
    if not isinstance(sh.type, MemRefType) or sh.type.element_type != t.element_type:
        raise gen.err(op, "cannot differentiate 'bufferization.to_tensor' of this buffer "
                          f"(its shadow is {sh.type})")
    rank = len(t.get_shape())
    et = t.element_type
    with gen.b.in_pass("adjoint"):
        tb = gen.b.v(bufferization.ToBufferOp.create(
            operands=[tbar], result_types=[MemRefType(et, t.get_shape())]))
        blk = Block(arg_types=[et, et])
        s = arith.AddfOp(blk.args[1], blk.args[0], flags=gen.shadow_flags())
        blk.add_op(s)
        blk.add_op(linalg.YieldOp(s.result))
        ident = AffineMapAttr(AffineMap.identity(rank))
        gen.b.emit(linalg.GenericOp([tb], [sh], Region([blk]), [ident, ident], _par(rank)))


def reuse_carried(outs: list[SSAValue], carried: list[SSAValue]) -> None:
    """In the body of a reverse loop: where the tensor adjoint yielded as ``outs[j]``
    was accumulated into a fresh zero tensor (``linalg.fill`` of a ``tensor.empty`` of
    this iteration), fill the loop-carried adjoint ``carried[j]`` instead -- the same
    value (a fill overwrites every element), but the bufferization then computes it in
    the carried buffer, in place once its old value is dead, and the yield copies
    nothing (it copied the adjoint once per iteration)."""
    for x, a in zip(outs, carried, strict=True):
        if not isinstance(x.type, TensorType) or x is a or x.type != a.type:
            continue
        blk = a.owner
        cur, depth = x, 0
        while isinstance(cur.owner, Operation) and cur.owner.parent_block() is blk \
                and depth < 64:
            own, depth = cur.owner, depth + 1
            if isinstance(own, linalg.FillOp):
                init = own.operands[1]
                e = init.owner
                if isinstance(e, tensor.EmptyOp) and e.parent_block() is blk \
                        and init.has_one_use():
                    own.operands[1] = a
                    e.detach()
                    e.erase()
                break
            from activity.tensor.structured import structured

            view = structured(own)
            if view is not None and cur in view.results:
                cur = view.outputs[view.results.index(cur)]
            elif op_name(own) in ("tensor.insert", "tensor.insert_slice"):
                cur = own.operands[1]
            else:
                break
