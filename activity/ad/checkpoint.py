"""Checkpointed time loops: recompute whole iterations instead of taping them.

An ``scf.for`` at the top level of the differentiated function marked
``{activity.checkpoint = K}`` (or ``{activity.checkpoint}``: ``K = ceil(sqrt(trip
count))`` at run time) is differentiated with checkpointing, as a time loop of
``scf.parallel`` stencils (LBM) needs when its tape would not fit:

* the forward sweep runs the loop's primal iterations only, and before every K-th one
  copies the memory the loop writes (every buffer its body stores to: function
  arguments, one dimension) into a snapshot -- ``ceil(trips / K)`` of them;
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
