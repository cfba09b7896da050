"""Lowering of ``memref`` memory ops: ``load``/``store`` (checked under
``check_bounds``), ``atomic_rmw``, ``alloc``/``alloca``/``dealloc`` (where an
``alloca`` lives, the cache of freed blocks, the allocation checks), ``copy``,
``get_global``/``global``, ``dim``, ``rank`` and ``extract_aligned_pointer_as_index``.
The views are :mod:`.views`."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from llvmlite import ir
from xdsl.dialects.builtin import (
    IntegerAttr,
    MemRefType,
)
from xdsl.ir import Operation, OpResult, SSAValue

from activity.codegen.lowering.atomics import RMW_LLVM, cas_loop, combine, rmw_flag
from activity.codegen.lowering.common import (
    prop,
    unsupported,
)
from activity.codegen.lowering.core import FuncLowering, lowers
from activity.codegen.types import (
    I1,
    I8,
    I64,
    PTR,
    VOID,
    descriptor_type,
    elem_size,
    is_dynamic,
    layout,
)
from activity.ops import TABLE, OpKind, op_name
from activity.ops.rmw import rmw_kind

_LOOP_OPS = ("scf.for", "scf.while", "scf.parallel")


_VIEW_NAMES = {n for n, s in TABLE.items() if s.kind is OpKind.MEM_VIEW and s.view}


# the operand position of the buffer in the ops a cacheable allocation may meet
_BUFFER_USES = {"memref.load": 0, "memref.store": 1, "memref.dim": 0, "memref.dealloc": 0,
                "memref.atomic_rmw": 1}


def cacheable_alloc(v: SSAValue) -> bool:
    """The buffer ``v`` (a ``memref.alloc`` result) is only loaded, stored, measured and
    deallocated as itself: nothing else can free it or see its address, so the
    allocation and its deallocs may use the block cache."""
    owner = v.owner
    if not isinstance(owner, Operation) or op_name(owner) != "memref.alloc":
        return False
    return all(_BUFFER_USES.get(op_name(u.operation)) == u.index for u in v.uses)


# views through which a block-cached buffer may be read and written (issue #33: the
# tensor level's tapes are written and read through subviews, one row per step)
_LOCAL_VIEWS = ("memref.subview", "memref.cast")


def _stays_local(v: SSAValue, root: bool) -> bool:
    """Every use of ``v`` (a ``memref.alloc`` result when ``root``, else a view of one)
    loads, stores, measures or copies it, takes a view of it that stays local in turn,
    or (the allocation itself) deallocates it: nothing frees it elsewhere or lets its
    address out (a call, a return, a yield, a pointer)."""
    for u in v.uses:
        name = op_name(u.operation)
        if _BUFFER_USES.get(name) == u.index:
            if name == "memref.dealloc" and not root:
                return False
        elif name == "memref.copy":
            continue
        elif name in _LOCAL_VIEWS and u.index == 0:
            if not all(_stays_local(r, False) for r in u.operation.results):
                return False
        else:
            return False
    return True


def in_loop(op: Operation) -> bool:
    """``op`` may run more than once per call: inside a loop, or in a block of a
    multi-block region (which may be part of a cycle)."""
    cur: Operation | None = op
    while cur is not None:
        blk = cur.parent_block()
        if blk is None:
            return False
        region = blk.parent
        if region is not None and region.blocks.first is not region.blocks.last:
            return True
        parent = cur.parent_op()
        if parent is None or op_name(parent) in ("func.func", "llvm.func"):
            return False
        if op_name(parent) in _LOOP_OPS:
            return True
        cur = parent
    return False


def _alloca_flow(op: Operation) -> tuple[bool, bool]:
    """Where the buffer of an alloca can go: (reaches a func.return, reaches a loop-
    carried or branch-forwarded value).  Follows views, selects, yields, branches and
    calls returning memrefs."""
    escapes = carried = False
    seen: set[int] = set()
    todo: list[SSAValue] = [op.results[0]]
    while todo:
        v = todo.pop()
        if id(v) in seen:
            continue
        seen.add(id(v))
        for use in list(v.uses):
            user = use.operation
            name = op_name(user)
            if name in ("func.return", "llvm.return"):
                escapes = True
            elif name in ("scf.yield", "scf.condition"):
                carried = True
                parent = user.parent_op()
                if parent is not None:
                    todo += [r for r in parent.results if isinstance(r.type, MemRefType)]
                    for region in parent.regions:
                        for blk in region.blocks:
                            todo += [a for a in blk.args if isinstance(a.type, MemRefType)]
            elif user.successors:
                carried = True
                for succ in user.successors:
                    todo += [a for a in succ.args if isinstance(a.type, MemRefType)]
            elif name in _VIEW_NAMES or name in ("arith.select", "func.call", "llvm.call"):
                todo += [r for r in user.results if isinstance(r.type, MemRefType)]
    return escapes, carried



# An i1 element is a byte in memory (as numpy's bool_): it is loaded and stored as
# an i8.  LLVM's own ``store i1`` would do for one element, but a vectorized loop
# cannot store ``<4 x i1>`` into four bytes (in memory a vector of i1 is bit-packed),
# so it extracted and stored every lane alone -- the AD's taped branch conditions
# in miniBUDE's vectorized forward sweep.  As i8 the lanes go out in one store.
@lowers("memref.load")
def op_load(fl: FuncLowering, op: Operation) -> None:
    m = op.operands[0]
    lay = fl.layout_of(m)
    p = fl.elem_ptr(fl.v(m), lay, [fl.v(x) for x in op.operands[1:]], op)
    if lay.elem == I1:
        byte = fl.b.load(p, typ=I8)
        fl.set(op, fl.b.icmp_unsigned("!=", byte, ir.Constant(I8, 0)))
        return
    fl.set(op, fl.b.load(p, typ=lay.elem))


@lowers("memref.store")
def op_store(fl: FuncLowering, op: Operation) -> None:
    v, m = op.operands[0], op.operands[1]
    lay = fl.layout_of(m)
    p = fl.elem_ptr(fl.v(m), lay, [fl.v(x) for x in op.operands[2:]], op)
    val = fl.v(v)
    if lay.elem == I1:
        val = fl.b.zext(val, I8)
    fl.b.store(val, p)


@lowers("memref.atomic_rmw")
def op_atomic_rmw(fl: FuncLowering, op: Operation) -> None:
    v, m = op.operands[0], op.operands[1]
    lay = fl.layout_of(m)
    p = fl.elem_ptr(fl.v(m), lay, [fl.v(x) for x in op.operands[2:]], op)
    val = fl.v(v)
    try:
        kind = rmw_kind(op)
    except ValueError as e:
        raise unsupported(op, str(e)) from None
    if lay.elem == I1:  # a byte in memory (see op_load): a flag in, a flag out
        atomic = fl.ml.target.atomics and m not in fl.plain_rmw
        fl.set(op, rmw_flag(fl, p, val, kind, atomic))
        return
    if fl.ml.target.atomics and m not in fl.plain_rmw:
        llk = RMW_LLVM.get(kind)
        if llk is not None:
            fl.set(op, fl.b.atomic_rmw(llk, p, val, "monotonic"))
            return
        fl.set(op, cas_loop(fl, p, val, kind, lay.elem))
        return
    old = fl.b.load(p, typ=lay.elem)  # the host runs scf.parallel in order
    new = val if kind == "assign" else combine(fl, kind, old, val)
    fl.b.store(new, p)
    fl.set(op, old)


@lowers("memref.alloc", "memref.alloca")
def op_alloc(fl: FuncLowering, op: Operation) -> None:
    t = op.results[0].type
    assert isinstance(t, MemRefType)
    lay = layout(t)
    if not lay.contiguous() or lay.offset != 0:
        raise unsupported(op, f"allocation of a non-identity layout {t}")
    dyn = iter(fl.v(x) for x in getattr(op, "dynamic_sizes", op.operands))
    sizes = [fl.i64(n) if n is not None else next(dyn) for n in lay.shape]
    es = elem_size(lay.elem)
    # the byte count, checked in every mode (a size that wraps it around made a
    # small block the accesses ran past: heap corruption, issue 36)
    nbytes = fl.alloc_bytes(op, sizes, es)
    count = fl.product(sizes)
    align_attr = prop(op, "alignment")
    align = int(align_attr.value.data) if isinstance(align_attr, IntegerAttr) else 0
    name = op_name(op)
    place = alloca_place(fl, op) if name == "memref.alloca" else "heap"
    if place == "heap":
        hook = fl.ml.alloc_hook
        fname = hook(fl, op) if hook is not None else None
        if block_cached(fl, op):
            raw = cached_malloc(fl, nbytes, op)
            fl.set(op, fl.pack(descriptor_type(lay.rank),
                                   [raw, raw, fl.i64(0), *sizes,
                                    *fl.row_major(sizes)]))
            return
        if align > 16:  # (below 2**47 bytes: the sum does not wrap around)
            padded = fl.b.add(nbytes, fl.i64(align))
            raw = call_malloc(fl, padded, fl.i64(1), fname, op)
            a = fl.b.ptrtoint(raw, I64)
            a = fl.b.and_(fl.b.add(a, fl.i64(align - 1)), fl.i64(-align))
            aligned = fl.b.inttoptr(a, PTR)
        else:
            raw = call_malloc(fl, count, fl.i64(es), fname, op, nbytes)
            aligned = raw
    else:
        if place == "entry":
            ab = ir.IRBuilder(fl.entry)
            ab.position_at_start(fl.entry)
            # (the count as a constant: ``count`` is computed where the op is, which
            # the start of the entry block precedes -- a 2-D one is a ``mul``)
            assert all(n is not None for n in lay.shape), t
            raw = ab.alloca(lay.elem, size=fl.i64(math.prod(lay.shape)))
        else:
            raw = fl.b.alloca(lay.elem, size=count)
        raw.align = max(align, 16)
        aligned = raw
        fill = fl.ml.target.fill
        if fill is not None:
            fl.b.call(fl.ml.intrinsic("llvm.memset.p0.i64", VOID, [PTR, I8, I64, I1]),
                        [raw, ir.Constant(I8, fill), nbytes, ir.Constant(I1, 0)])
    fl.set(op, fl.pack(descriptor_type(lay.rank),
                           [raw, aligned, fl.i64(0), *sizes,
                            *fl.row_major(sizes)]))


def block_cached(fl: FuncLowering, alloc: Operation) -> bool:
    """``alloc`` and its deallocs go through the cache of freed blocks: a host JIT
    ``memref.alloc`` without over-alignment whose buffer only meets loads, stores,
    dims and deallocs (``cacheable_alloc``), or copies and local views too
    (:func:`_stays_local`: a tensor-level tape, read and written by rows)."""
    if not fl.ml.target.heap_cache or fl.ml.alloc_hook is not None \
            or op_name(alloc) != "memref.alloc":
        return False
    al = prop(alloc, "alignment")
    if isinstance(al, IntegerAttr) and int(al.value.data) > 16:
        return False
    return cacheable_alloc(alloc.results[0]) or _stays_local(alloc.results[0], True)


def check_allocated(fl: FuncLowering, op: Operation | None, p: ir.Value, nbytes: ir.Value) -> None:
    """The allocation of ``op`` got a block -- a null pointer, for a block larger
    than the machine can give, would be written through: the process died of a
    segmentation fault (a user test).  ``malloc(0)`` may return null.  Recorded
    (an ``AllocationError``) where the target recovers or checks (the host JIT),
    a trap elsewhere (kernels on a GPU, ahead-of-time code).  The byte count was
    checked before (``alloc_bytes``): no size wraps it around to a small one."""
    if op is not None:
        ok = fl.b.or_(fl.b.icmp_unsigned("!=", p, ir.Constant(PTR, None)),
                        fl.b.icmp_unsigned("==", nbytes, fl.i64(0)))
        fl.checked(op, "alloc", [ok], [nbytes], [fl.i64(0)], dims=[-2])


def cached_malloc(fl: FuncLowering, nbytes: ir.Value, op: Operation | None = None) -> ir.Value:
    """``nbytes`` from the cache of freed blocks (``activity.codegen.heap``), filled as
    the target says (a reused block holds old data: ``fill=0`` needs a memset, not
    ``calloc``)."""
    from activity.codegen.heap import ALLOC, define_heap_cache

    define_heap_cache(fl.ml.ir)
    p = fl.b.call(fl.ml.ir.globals[ALLOC], [nbytes])
    check_allocated(fl, op, p, nbytes)
    fill = fl.ml.target.fill
    if fill is not None:
        fl.b.call(fl.ml.intrinsic("llvm.memset.p0.i64", VOID, [PTR, I8, I64, I1]),
                    [p, ir.Constant(I8, fill), nbytes, ir.Constant(I1, 0)])
    return p


def call_malloc(fl: FuncLowering, count: ir.Value, size: ir.Value, fname: str | None = None,
                op: Operation | None = None, nbytes: ir.Value | None = None
                ) -> ir.Value:
    """``count * size`` bytes (``nbytes`` when given: the product, checked) from the
    target's allocator (``calloc`` for zero-filled host memory)."""
    t = fl.ml.target
    n = nbytes if nbytes is not None else fl.b.mul(count, size)
    if fname is None and t.fill == 0 and t.malloc == "malloc":
        fn = fl.ml.declare("calloc", PTR, [I64, I64])
        p = fl.b.call(fn, [count, size])
        check_allocated(fl, op, p, n)
        return p
    fn = fl.ml.declare(fname or t.malloc, PTR, [I64])
    p = fl.b.call(fn, [n])
    check_allocated(fl, op, p, n)
    if t.fill is not None and fname is None:
        fl.b.call(fl.ml.intrinsic("llvm.memset.p0.i64", VOID, [PTR, I8, I64, I1]),
                    [p, ir.Constant(I8, t.fill), n, ir.Constant(I1, 0)])
    return p


def alloca_place(fl: FuncLowering, op: Operation) -> str:
    """Where a memref.alloca lives: "heap" when its buffer can reach a func.return,
    "entry" (a static alloca) when its size is static and no other instance of
    it can be live at the same time, else "here" (a dynamic alloca)."""
    escapes, carried = _alloca_flow(op)
    if escapes:
        return "heap"
    t = op.results[0].type
    static = isinstance(t, MemRefType) and all(not is_dynamic(n) for n in t.get_shape())
    looped = in_loop(op)
    if static and not (looped and carried):
        return "entry"
    return "here"


@lowers("memref.dealloc")
def op_dealloc(fl: FuncLowering, op: Operation) -> None:
    m = op.operands[0]
    d = fl.v(m)
    if isinstance(m, OpResult) and block_cached(fl, m.owner):
        from activity.codegen.heap import FREE, define_heap_cache

        define_heap_cache(fl.ml.ir)
        lay = fl.layout_of(m)
        sizes = [fl.b.extract_value(d, [3, k]) for k in range(lay.rank)]
        nbytes = fl.b.mul(fl.product(sizes), fl.i64(elem_size(lay.elem)))
        fl.b.call(fl.ml.ir.globals[FREE], [fl.b.extract_value(d, 0), nbytes])
        return
    fn = fl.ml.declare(fl.ml.target.free, VOID, [PTR])
    fl.b.call(fn, [fl.b.extract_value(d, 0)])


@lowers("memref.copy")
def op_copy(fl: FuncLowering, op: Operation) -> None:
    src, dst = op.operands[0], op.operands[1]
    ls, ld = fl.layout_of(src), fl.layout_of(dst)
    s, d = fl.v(src), fl.v(dst)
    sizes = fl.dsizes(s, ls)
    if fl.ml.target.check_bounds and sizes:  # one shape on both sides
        dsz = fl.dsizes(d, ld)
        fl.checked(op, "copy", [fl.b.icmp_signed("==", a, c)
                                  for a, c in zip(sizes, dsz, strict=True)], sizes, dsz)
    es = elem_size(ls.elem)
    if ls.contiguous() and ld.contiguous():
        n = fl.b.mul(fl.product(sizes), fl.i64(es))
        ps = fl.elem_ptr(s, ls, [fl.i64(0)] * ls.rank)
        pd = fl.elem_ptr(d, ld, [fl.i64(0)] * ld.rank)
        fn = fl.ml.intrinsic("llvm.memmove.p0.p0.i64", VOID, [PTR, PTR, I64, I1])
        fl.b.call(fn, [pd, ps, n, ir.Constant(I1, 0)])
        return

    def body(ivs: list[ir.Value]) -> None:
        # (an i1 element is a byte, copied as it is, as the memmove above copies it)
        v = fl.b.load(fl.elem_ptr(s, ls, ivs), typ=I8 if ls.elem == I1 else ls.elem)
        fl.b.store(v, fl.elem_ptr(d, ld, ivs))

    loop_nest(fl, sizes, body)


def loop_nest(fl: FuncLowering, sizes: Sequence[ir.Value], body: Callable[[list[ir.Value]], None],
              ivs: list[ir.Value] | None = None) -> None:
    ivs = ivs or []
    if len(ivs) == len(sizes):
        body(ivs)
        return

    def step(iv: ir.Value, carried: list[ir.Value]) -> list[ir.Value]:
        loop_nest(fl, sizes, body, [*ivs, iv])
        return []

    fl.counted_loop(fl.i64(0), sizes[len(ivs)], fl.i64(1), [], step)


@lowers("memref.get_global")
def op_get_global(fl: FuncLowering, op: Operation) -> None:
    attr = prop(op, "name")
    name = getattr(getattr(attr, "root_reference", None), "data", None)
    if name is None:
        raise unsupported(op, "no global name")
    g, lay = fl.ml.global_var(name, op)
    sizes = [fl.i64(n) for n in lay.shape]  # type: ignore[arg-type]
    strides = [fl.i64(s) for s in lay.strides]  # type: ignore[arg-type]
    dead = ir.Constant(I64, 0xDEADBEEF).inttoptr(PTR)
    fl.set(op, fl.pack(descriptor_type(lay.rank),
                           [dead, g.bitcast(PTR) if g.type != PTR else g, fl.i64(0),
                            *sizes, *strides]))


@lowers("memref.dim")
def op_dim(fl: FuncLowering, op: Operation) -> None:
    m = op.operands[0]
    lay = fl.layout_of(m)
    d = fl.v(m)
    k = fl.const_int(op.operands[1])
    if k is not None:
        if not 0 <= k < lay.rank:
            fl.set(op, fl.i64(0))  # out of range: undefined behaviour
        else:
            n = lay.shape[k]
            fl.set(op, fl.i64(n) if n is not None else fl.b.extract_value(d, [3, k]))
        return
    idx = fl.v(op.operands[1])
    r: ir.Value = fl.i64(0)
    for j, s in enumerate(fl.dsizes(d, lay)):
        r = fl.b.select(fl.b.icmp_unsigned("==", idx, fl.i64(j)), s, r)
    fl.set(op, r)


@lowers("memref.rank")
def op_rank(fl: FuncLowering, op: Operation) -> None:
    fl.set(op, fl.i64(fl.layout_of(op.operands[0]).rank))


@lowers("memref.extract_aligned_pointer_as_index")
def op_aligned_pointer(fl: FuncLowering, op: Operation) -> None:
    d = fl.v(op.operands[0])
    fl.set(op, fl.b.ptrtoint(fl.b.extract_value(d, 1), I64))


@lowers("memref.global")
def op_global(fl: FuncLowering, op: Operation) -> None:
    """A global is lowered where it is used (``ModuleLowering.global_var``)."""
    if op.results:
        raise unsupported(op)

