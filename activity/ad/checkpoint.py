"""Checkpointed time loops: recompute whole iterations instead of taping them.

An ``scf.for`` at the top level of the differentiated function marked
``{activity.checkpoint = K}`` (or ``{activity.checkpoint}``: ``K = ceil(sqrt(trip
count))`` at run time) is differentiated with checkpointing, as a time loop of
``scf.parallel`` stencils (LBM) needs when its tape would not fit:

* the forward sweep runs the loop's primal iterations only, and before every K-th one
  copies the memory the loop writes (every buffer its body stores to: function
  arguments, one dimension) into a snapshot -- ``ceil(trips / K)`` of them -- except
  buffers every iteration rewrites before it reads them (:func:`dead_on_entry`);
* the reverse of iteration ``k`` restores the snapshot taken before iteration
  ``K * (k / K)``, re-runs the forward sweep of the iterations from there to ``k``
  (writing the body's tapes, which hold one iteration: the loop contributes no tape
  dimension, :meth:`TapePlan.static_for`), then runs the reverse of the body.

So the tapes shrink from ``trips`` iterations' worth to one, plus the snapshots, for
``(K + 1) / 2`` replayed iterations per reverse iteration on average.  Sound when the
body's values depend only on the induction variable, the loop's buffers (restored),
memory nothing writes (checked: every other buffer it reads is read-only) and values
from before the loop; anything else is refused with ``cannot checkpoint``.  After the
gradient the written buffers hold their state after the first iteration (the
``activity.gradient`` call works on copies of the caller's arrays).
"""

from __future__ import annotations

from typing import Any

from xdsl.dialects import arith, math, scf
from xdsl.dialects.builtin import (
    Float64Type,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    UnitAttr,
)
from xdsl.ir import Block, BlockArgument, Operation, Region, SSAValue

from activity.ad.builder import INDEX, IP
from activity.ad.plan import INLINE
from activity.ops import op_name

ATTR = "activity.checkpoint"

_BODY_OPS = ("memref.load", "memref.store", "memref.get_global", "memref.dim",
             "memref.atomic_rmw", "scf.for", "scf.parallel", "scf.if", "scf.yield",
             "scf.reduce", "scf.reduce.return")


def marked(op: Operation) -> bool:
    """Whether ``op`` is an ``scf.for`` marked for checkpointing."""
    return isinstance(op, scf.ForOp) and (ATTR in op.attributes or ATTR in op.properties)


def every(op: Operation) -> int | None:
    """The K of the mark (None: ``ceil(sqrt(trips))``)."""
    a = op.attributes.get(ATTR)
    if a is None:  # (an IntegerAttr of 0 is falsy)
        a = op.properties.get(ATTR)
    if isinstance(a, IntegerAttr):
        return int(a.value.data)
    return None


def written_buffers(gen: Any, op: scf.ForOp) -> list[BlockArgument]:
    """The buffers ``op``'s body writes (function arguments of one dimension), after
    checking that the loop can be checkpointed; raises ``cannot checkpoint``."""
    def refuse(at: Operation, why: str) -> Exception:
        return gen.err(at, f"cannot checkpoint this 'scf.for': {why}")

    if gen.role != INLINE or op.parent_block() is not gen.entry:
        raise refuse(op, "only a loop at the top level of the differentiated function")
    if op.results:
        raise refuse(op, "it carries values (iter_args)")
    k = every(op)
    if k is not None and k < 1:
        raise refuse(op, f"{ATTR} must be a positive integer, not {k}")
    if not isinstance(op.lb.type, IndexType):
        raise refuse(op, "only index induction variables")
    written: list[BlockArgument] = []
    read: list[tuple[Operation, SSAValue]] = []
    for inner in op.walk():
        if inner is op:
            continue
        name = op_name(inner)
        if not (name in _BODY_OPS or name.startswith(("arith.", "math."))):
            raise refuse(inner, f"'{name}' in its body (only arith, math, memref loads, "
                                "stores and atomics, scf loops and branches)")
        if name in ("memref.store", "memref.atomic_rmw"):
            m = inner.operands[1]
            if not (isinstance(m, BlockArgument) and m.block is gen.entry
                    and isinstance(m.type, MemRefType) and len(m.type.get_shape()) == 1):
                raise refuse(inner, "it writes memory other than one-dimensional "
                                    "buffer arguments of the function")
            if m not in written:
                written.append(m)
        elif name == "memref.load":
            read.append((inner, inner.operands[0]))
    for ld, m in read:
        if m not in written and not gen.facts.read_only(m):
            raise refuse(ld, "it reads memory that it does not write but something else "
                             "does (a replay would read other values)")
    if not written:
        raise refuse(op, "it writes no memory (nothing to gain)")
    return written


def _leaf_factors(v: SSAValue, out: list[SSAValue], depth: int = 0) -> int:
    """``v`` as a product: its non-constant factors appended to ``out`` (through
    ``arith.muli``), the product of its constant ones returned."""
    c = _const(v)
    if c is not None:
        return c
    if depth < 16 and isinstance(v.owner, arith.MuliOp):
        return (_leaf_factors(v.owner.lhs, out, depth + 1)
                * _leaf_factors(v.owner.rhs, out, depth + 1))
    out.append(v)
    return 1


def _const(v: SSAValue) -> int | None:
    if isinstance(v.owner, arith.ConstantOp) and isinstance(v.owner.value, IntegerAttr):
        return int(v.owner.value.value.data)
    return None


def _same_product(a: list[SSAValue], b: list[SSAValue]) -> bool:
    """Whether the products of ``a`` and of ``b`` are the same value (the same factors,
    in any order and grouping)."""
    fa: list[SSAValue] = []
    fb: list[SSAValue] = []
    ca = 1
    for v in a:
        ca *= _leaf_factors(v, fa)
    cb = 1
    for v in b:
        cb *= _leaf_factors(v, fb)
    return ca == cb and sorted(map(id, fa)) == sorted(map(id, fb))


def _iv_range(v: SSAValue) -> SSAValue | None:
    """The upper bound of the loop whose induction variable ``v`` is, when that loop
    (an ``scf.for`` or one dimension of an ``scf.parallel``) runs from 0 by 1."""
    if not isinstance(v, BlockArgument):
        return None
    loop = v.block.parent_op()
    if isinstance(loop, scf.ForOp) and v.index == 0:
        lb, ub, st = loop.lb, loop.ub, loop.step
    elif isinstance(loop, scf.ParallelOp):
        lb, ub, st = (loop.lowerBound[v.index], loop.upperBound[v.index],
                      loop.step[v.index])
    else:
        return None
    return ub if _const(lb) == 0 and _const(st) == 1 else None


def _digits(e: SSAValue, depth: int = 0) -> list[tuple[SSAValue, SSAValue]] | None:
    """``e`` as mixed-radix digits ``(iv, range)``, most significant first: ``iv`` or
    ``h * R + iv`` with ``iv`` running over ``[0, R)`` and ``h`` again such a number;
    None otherwise.  Distinct digits make distinct values in ``[0, prod(ranges))``."""
    r = _iv_range(e)
    if r is not None:
        return [(e, r)]
    if depth > 16 or not isinstance(e.owner, arith.AddiOp):
        return None
    for hi, lo in ((e.owner.lhs, e.owner.rhs), (e.owner.rhs, e.owner.lhs)):
        rlo = _iv_range(lo)
        if rlo is None or not isinstance(hi.owner, arith.MuliOp):
            continue
        for h, m in ((hi.owner.lhs, hi.owner.rhs), (hi.owner.rhs, hi.owner.lhs)):
            if m is rlo or (_const(m) is not None and _const(m) == _const(rlo)):
                d = _digits(h, depth + 1)
                if d is not None:
                    return d + [(lo, rlo)]
    return None


def dead_on_entry(op: scf.ForOp, buf: BlockArgument) -> bool:
    """Whether no iteration of ``op`` reads a value of ``buf`` it did not write itself:
    the first op of the body touching ``buf`` is an ``scf.parallel`` (from 0 by 1)
    that stores to it, unconditionally and only there, at an index whose digits are
    exactly its induction variables and those of the ``scf.for`` loops (from 0 by 1)
    around the store -- so it writes every element of ``[0, N)`` -- and every later
    read is ``buf[i]`` with ``i`` running over ``[0, M)``, ``M`` the same product as
    ``N``.  Then the snapshots need not hold ``buf`` (LBM's ``g``)."""
    def touches(o: Operation) -> list[Operation]:
        return [x for x in o.walk() if op_name(x) in ("memref.load", "memref.store",
                                                       "memref.atomic_rmw")
                and x.operands[0 if op_name(x) == "memref.load" else 1] is buf]

    body = op.body.blocks[0]
    tops = [o for o in body.ops if not isinstance(o, scf.YieldOp)]
    first = next((i for i, o in enumerate(tops) if touches(o)), None)
    if first is None:
        return True
    par = tops[first]
    acc = touches(par)
    if not isinstance(par, scf.ParallelOp) or len(acc) != 1 \
            or op_name(acc[0]) != "memref.store" or len(acc[0].operands) != 3:
        return False
    store = acc[0]
    loops_ivs: list[SSAValue] = []
    blk = store.parent_block()
    while True:
        assert blk is not None
        po = blk.parent_op()
        if po is par:
            loops_ivs += list(blk.args)
            break
        if not isinstance(po, scf.ForOp):
            return False  # under a branch, a while: maybe not every element
        loops_ivs.append(blk.args[0])
        blk = po.parent_block()
    digits = _digits(store.operands[2])
    if digits is None or sorted(map(id, (d for d, _ in digits))) != sorted(map(id, loops_ivs)):
        return False
    n = [r for _, r in digits]
    for o in tops[first + 1:]:
        for x in touches(o):
            if op_name(x) == "memref.store":
                continue
            if op_name(x) != "memref.load" or len(x.operands) != 2:
                return False
            r = _iv_range(x.operands[1])
            if r is None or not _same_product([r], n):
                return False
    return True


def _copy(gen: Any, src: SSAValue, src_off: SSAValue, dst: SSAValue, dst_off: SSAValue,
          n: SSAValue) -> None:
    """``dst[dst_off + i] = src[src_off + i]`` for ``i < n``, as an ``scf.parallel``."""
    blk = Block(arg_types=[INDEX])
    i = blk.args[0]
    with gen.b.at(IP(blk)):
        v = gen.b.load(src, [gen.ibin(arith.AddiOp, src_off, i)])
        gen.b.store(v, dst, [gen.ibin(arith.AddiOp, dst_off, i)])
        gen.b.emit(scf.ReduceOp())
    gen.b.emit(scf.ParallelOp([gen.c(0)], [n], [gen.c(1)], Region([blk])))


def fwd_checkpointed(gen: Any, op: scf.ForOp) -> None:
    """The forward sweep of a checkpointed loop: snapshots, then the primal iteration
    (its tape writes skipped: the replays of the reverse sweep write the tapes)."""
    bufs = written_buffers(gen, op)
    if gen.threads(op):
        raise gen.err(op, "cannot checkpoint this 'scf.for': its body needs a stack tape")
    gen.tapeplan.alloc_static_tapes(op)
    lb, ub, step = (gen.fv(x) for x in op.operands[:3])
    with gen.b.in_pass("tape"):
        tc = gen.trip_count(lb, ub, step)
        k_every = every(op)
        if k_every is not None:
            K = gen.c(k_every)
        else:  # ceil(sqrt(tc)), at least 1
            f64 = Float64Type()
            t64 = gen.b.v(arith.IndexCastOp(tc, IntegerType(64)))
            r = gen.b.v(math.CeilOp(gen.b.v(math.SqrtOp(gen.b.v(arith.SIToFPOp(t64, f64))))))
            k64 = gen.b.v(arith.FPToSIOp(r, IntegerType(64)))
            K = gen.ibin(arith.MaxSIOp, gen.b.v(arith.IndexCastOp(k64, INDEX)), gen.c(1))
        nseg = gen.b.v(arith.CeilDivSIOp(tc, K))
        entries = []
        bufs = [m for m in bufs if not dead_on_entry(op, m)]
        for m in bufs:
            fm = gen.fv(m)
            size = gen.b.dim(fm, 0)
            t = m.type
            assert isinstance(t, MemRefType)
            snap = gen.b.alloc(MemRefType(t.element_type, [-1]),
                               [gen.ibin(arith.MuliOp, nseg, size)])
            snap.owner.attributes["activity.snapshot"] = UnitAttr()  # type: ignore[union-attr]
            gen.tape_mems.append(snap)
            entries.append((fm, size, snap))
    gen.ckpt[id(op)] = (K, entries)
    if gen.mode == "emit":
        gen.d.checkpoints.append((gen.fname, op, k_every, bufs))
    body = op.body.blocks[0]
    nb = Block(arg_types=[INDEX])
    gen.fmap[id(body.args[0])] = nb.args[0]
    gen.fwd_body[id(op)] = (nb, [nb.args[0]], [lb], [step])
    with gen.b.at(IP(nb)):
        with gen.b.in_pass("tape"):
            k = gen.ibin(arith.DivUIOp, gen.ibin(arith.SubiOp, nb.args[0], lb), step)
            first = gen.b.v(arith.CmpiOp(gen.b.v(arith.RemUIOp(k, K)), gen.c(0), "eq"))

            def save() -> list[SSAValue]:
                seg = gen.b.v(arith.DivUIOp(k, K))
                for fm, size, snap in entries:
                    _copy(gen, fm, gen.c(0), snap, gen.ibin(arith.MuliOp, seg, size), size)
                return []
            gen.b.if_op(first, [], save, None)
        saved = gen.skip_tape_writes
        gen.skip_tape_writes = True
        try:
            gen.fwd_ops(body)
        finally:
            gen.skip_tape_writes = saved
        gen.b.emit(scf.YieldOp())
    gen.b.emit(scf.ForOp(lb, ub, step, [], Region([nb])))


def replay(gen: Any, op: scf.ForOp, k: SSAValue, lb: SSAValue, step: SSAValue) -> None:
    """Inside the reverse of iteration ``k``: restore the snapshot before it and re-run
    the forward sweep (tape writes included) of the iterations from there to ``k``."""
    K, entries = gen.ckpt[id(op)]
    body = op.body.blocks[0]
    with gen.b.in_pass("recompute"):
        seg = gen.b.v(arith.DivUIOp(k, K))
        for fm, size, snap in entries:
            _copy(gen, snap, gen.ibin(arith.MuliOp, seg, size), fm, gen.c(0), size)
        start = gen.b.v(arith.MuliOp(seg, K))
        stop = gen.ibin(arith.AddiOp, k, gen.c(1))

        def one(j: SSAValue, _: list[SSAValue]) -> list[SSAValue]:
            iv = gen.ibin(arith.AddiOp, lb, gen.ibin(arith.MuliOp, j, step))
            gen.fmap[id(body.args[0])] = iv
            for inner in op.walk():  # iteration numbers are per emission
                gen.fwd_k.pop(id(inner), None)
            gen.fwd_body[id(op)] = (j.block, [iv], [lb], [step])  # type: ignore[attr-defined]
            gen.fwd_k[id(op)] = [j]
            gen.fwd_ops(body)
            gen.tapeplan.tape_writes(body)
            return []
        gen.b.for_loop(start, stop, gen.c(1), [], one)
