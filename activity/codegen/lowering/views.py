"""Lowering of the ``memref`` views: ``cast``/``memory_space_cast``/
``assume_alignment`` (the same descriptor, its layout checked under
``check_bounds``), ``subview``, ``reinterpret_cast``, ``collapse_shape`` and
``expand_shape`` (new offset, sizes and strides)."""

from __future__ import annotations

from collections.abc import Sequence

from llvmlite import ir
from xdsl.dialects.builtin import (
    MemRefType,
)
from xdsl.ir import Operation

from activity.codegen.lowering.common import (
    ints,
    unsupported,
)
from activity.codegen.lowering.core import FuncLowering, lowers
from activity.codegen.types import (
    I1,
    Layout,
    descriptor_type,
    is_dynamic,
    layout,
)


@lowers("memref.cast", "memref.memory_space_cast", "memref.assume_alignment")
def op_view_identity(fl: FuncLowering, op: Operation) -> None:
    if not op.results:
        return
    src = fl.v(op.operands[0])
    st, rt = op.operands[0].type, op.results[0].type
    if not isinstance(st, MemRefType) or not isinstance(rt, MemRefType):
        raise unsupported(op, "unranked memrefs")
    if fl.ml.target.check_bounds:
        check_layout(fl, op, src, layout(st), layout(rt))
    fl.set(op, src)


def check_layout(fl: FuncLowering, op: Operation, d: ir.Value, ls: Layout, lr: Layout) -> None:
    """Check that what the result type of a cast states statically -- sizes, then
    strides, then the offset -- is what the descriptor holds (accesses through the
    result read the type's values, not the descriptor's)."""
    sizes = fl.dsizes(d, ls)
    got = [*sizes, *fl.dstrides(d, ls), fl.doffset(d, ls)]
    want = [*lr.shape, *lr.strides, lr.offset]
    pairs = [(k, g, w) for k, (g, w) in enumerate(zip(got, want, strict=True))
             if w is not None and not isinstance(g, ir.Constant)]
    rank = len(sizes)

    def ok(k: int, g: ir.Value, w: int) -> ir.Value:
        same = fl.b.icmp_signed("==", g, fl.i64(w))
        if rank <= k < 2 * rank:  # (a dimension of size 1 never uses its stride)
            return fl.b.or_(same, fl.b.icmp_signed("==", sizes[k - rank], fl.i64(1)))
        return same

    if pairs:
        fl.checked(op, "cast", [ok(k, g, w) for k, g, w in pairs],
                     [g for _, g, _ in pairs], [fl.i64(w) for _, _, w in pairs],
                     dims=[k for k, _, _ in pairs])


@lowers("memref.subview")
def op_subview(fl: FuncLowering, op: Operation) -> None:
    src = op.operands[0]
    lay = fl.layout_of(src)
    d = fl.v(src)
    offs, sizes, steps = mixed(fl, op)
    rt = op.results[0].type
    assert isinstance(rt, MemRefType)
    rank = len(rt.get_shape())
    strides = fl.dstrides(d, lay)
    off = fl.doffset(d, lay)
    for o, s in zip(offs, strides, strict=True):
        off = fl.b.add(off, fl.b.mul(o, s))
    if fl.ml.target.check_bounds and sizes:
        check_subview(fl, op, fl.dsizes(d, lay), offs, sizes, steps)
    keep_sizes, keep_strides = [], []
    drop = len(sizes) - rank
    static_sizes = ints(op.properties["static_sizes"])
    for k, (n, st) in enumerate(zip(sizes, steps, strict=True)):
        if drop and static_sizes[k] == 1:
            drop -= 1
            continue
        keep_sizes.append(n)
        keep_strides.append(fl.b.mul(st, strides[k]))
    fl.set(op, fl.pack(descriptor_type(rank),
                           [fl.b.extract_value(d, 0), fl.b.extract_value(d, 1), off,
                            *keep_sizes, *keep_strides]))


def check_subview(fl: FuncLowering, op: Operation, src: list[ir.Value], offs: list[ir.Value],
                  sizes: list[ir.Value], steps: list[ir.Value]) -> None:
    """Check that the view stays within its source: in each dimension it is empty,
    or its first and last index lie below the source's size."""
    b = fl.b
    zero, one = fl.i64(0), fl.i64(1)
    oks, lasts = [], []
    for o, n, st, lim in zip(offs, sizes, steps, src, strict=True):
        # last = o + (n - 1) * st, unsigned and without wrapping around (a size of
        # 2**62 times a stride of 4 would come back in bounds)
        span = b.umul_with_overflow(b.sub(n, one), st)
        end = b.uadd_with_overflow(o, b.extract_value(span, 0))
        last = b.extract_value(end, 0)
        wrapped = b.or_(b.extract_value(span, 1), b.extract_value(end, 1))
        inside = b.and_(b.and_(b.icmp_unsigned("<", o, lim), b.icmp_unsigned("<", last, lim)),
                        b.and_(b.icmp_signed(">", n, zero), b.not_(wrapped)))
        oks.append(b.or_(b.icmp_signed("==", n, zero), inside))
        lasts.append(b.select(b.icmp_unsigned("<", o, lim),
                              b.select(wrapped, fl.i64(-1), last), o))
    fl.checked(op, "view", oks, lasts, src)


def checked_product(fl: FuncLowering, vals: list[ir.Value]) -> ir.Value:
    """The product of sizes, or -1 where one is negative or it wraps around (then
    no source size matches it)."""
    b = fl.b
    acc: ir.Value = fl.i64(1)
    bad: ir.Value = ir.Constant(I1, 0)
    for v in vals:
        if not isinstance(v, ir.Constant):
            bad = b.or_(bad, b.icmp_signed("<", v, fl.i64(0)))
        r = b.umul_with_overflow(acc, v)
        acc = b.extract_value(r, 0)
        bad = b.or_(bad, b.extract_value(r, 1))
    return b.select(bad, fl.i64(-1), acc)


def check_shape(fl: FuncLowering, op: Operation, got: list[ir.Value],
                want: Sequence[int | ir.Value | None]) -> None:
    """Check a reshape: dimension ``k`` of ``got`` equals ``want[k]`` (a static
    size, a run-time one, or ``None``: nothing to check)."""
    pairs = [(k, g, fl.i64(w) if isinstance(w, int) else w)
             for k, (g, w) in enumerate(zip(got, want, strict=True)) if w is not None]
    pairs = [(k, g, w) for k, g, w in pairs
             if not (isinstance(g, ir.Constant) and isinstance(w, ir.Constant))]
    if pairs:
        fl.checked(op, "shape", [fl.b.icmp_signed("==", g, w) for _, g, w in pairs],
                     [g for _, g, _ in pairs], [w for _, _, w in pairs],
                     dims=[k for k, _, _ in pairs])


def mixed(fl: FuncLowering, op: Operation) -> tuple[list[ir.Value], list[ir.Value], list[ir.Value]]:
    """Offsets, sizes and strides of a subview / reinterpret_cast (static or not)."""
    out = []
    for kind in ("offsets", "sizes", "strides"):
        static = ints(op.properties[f"static_{kind}"])
        dyn = iter(fl.v(x) for x in getattr(op, kind))
        out.append([next(dyn) if is_dynamic(n) else fl.i64(n) for n in static])
    return out[0], out[1], out[2]


@lowers("memref.reinterpret_cast")
def op_reinterpret_cast(fl: FuncLowering, op: Operation) -> None:
    d = fl.v(op.operands[0])
    offs, sizes, strides = mixed(fl, op)
    rt = op.results[0].type
    assert isinstance(rt, MemRefType)
    fl.set(op, fl.pack(descriptor_type(len(rt.get_shape())),
                           [fl.b.extract_value(d, 0), fl.b.extract_value(d, 1),
                            offs[0], *sizes, *strides]))


@lowers("memref.collapse_shape")
def op_collapse_shape(fl: FuncLowering, op: Operation) -> None:
    src = op.operands[0]
    lay = fl.layout_of(src)
    d = fl.v(src)
    groups = [ints(g) for g in op.properties["reassociation"].data]  # type: ignore
    sz, st = fl.dsizes(d, lay), fl.dstrides(d, lay)
    sizes = [fl.product([sz[k] for k in g]) for g in groups]
    strides = [st[g[-1]] if g else fl.i64(1) for g in groups]
    if fl.ml.target.check_bounds:
        check_shape(fl, op, sizes, layout(op.results[0].type).shape)
    fl.set(op, fl.pack(descriptor_type(len(groups)),
                           [fl.b.extract_value(d, 0), fl.b.extract_value(d, 1),
                            fl.doffset(d, lay), *sizes, *strides]))


@lowers("memref.expand_shape")
def op_expand_shape(fl: FuncLowering, op: Operation) -> None:
    src = op.operands[0]
    lay = fl.layout_of(src)
    d = fl.v(src)
    groups = [ints(g) for g in op.properties["reassociation"].data]  # type: ignore
    static = ints(op.properties["static_output_shape"])
    dyn = iter(fl.v(x) for x in op.operands[1:])
    out = [next(dyn) if is_dynamic(n) else fl.i64(n) for n in static]
    if fl.ml.target.check_bounds:  # each group of the result spans its dimension
        sz = fl.dsizes(d, lay)
        check_shape(fl, op, [checked_product(fl, [out[j] for j in g])
                              for g in groups], sz)
    st = fl.dstrides(d, lay)
    strides: list[ir.Value] = [fl.i64(0)] * len(out)
    for k, g in enumerate(groups):
        acc = st[k]
        for j in reversed(g):
            strides[j] = acc
            acc = fl.b.mul(acc, out[j])
    fl.set(op, fl.pack(descriptor_type(len(out)),
                           [fl.b.extract_value(d, 0), fl.b.extract_value(d, 1),
                            fl.doffset(d, lay), *out, *strides]))

