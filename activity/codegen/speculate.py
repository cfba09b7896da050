"""If-conversion before lowering: small ``scf.if`` with pure branches become selects.

Why: a branch on data (``distance < radius`` in miniBUDE, the taped condition of the
same branch in its reverse sweep) is mispredicted about half the time, and LLVM keeps
it a branch when a side holds more than a few instructions or a load it cannot prove
safe to execute unconditionally.  A loop body left with branches is also never
vectorized.  Computing both sides and choosing with ``select`` -- what ``jnp.where``
does -- costs a few instructions and removes both problems.

When it is safe: every op of both branches must have no side effect and no undefined
behaviour when executed on values the program would not have computed: float
arithmetic, comparisons, casts, selects, constants and integer arithmetic other than
division and remainder (which trap on zero).  A side's values then reach only the
arm of a ``select`` that is not chosen, so even a poison value is harmless.  A
``memref.load`` is allowed only when it is provably in bounds: another op of the
block holding the ``scf.if`` -- executed whenever the ``scf.if`` is, before or after
it -- reads or writes a buffer of the same shape (the same buffer, or one allocated
with the same type and the same size operands) at the same index values, and no
dealloc or call between them may free memory.  That is exactly the AD generator's
tapes: the reverse sweep reloads a value taped only under a condition next to values
taped unconditionally at the same iteration.  A ``memref.store`` under the same proof
becomes ``store (cond ? value : old)`` at the same place -- the memory is unchanged
when the branch is not taken -- except inside an ``scf.parallel``, where another
iteration might write the element meanwhile.  A store to an AD tape slot that
nothing else writes (a buffer the AD generator marks, stored only there, indexed by
the induction variables of every loop around it) stays a plain store, also in a
parallel loop: when the branch is not taken that slot is never written, and the
reverse sweep reads it only where it was.  A plain store vectorizes where
``load; select; store`` becomes a masked store (slow on AMD's Zen).  Calls, loops and
allocations are never speculated.

When it pays: only small branches are converted (``BUDGET`` op-cost units over both
sides; math-library calls count more), so an expensive, rarely taken side is not
computed on every iteration.  ``scf.if`` without results is left alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith, memref, scf
from xdsl.dialects.builtin import AnyFloat, IndexType, IntegerType, ModuleOp
from xdsl.ir import Block, Operation, SSAValue

from activity.ad.reverse import TAPE_ATTR
from activity.codegen.lower import cacheable_alloc
from activity.frontend import carry_location
from activity.ops import lookup
from activity.ops.spec import OpKind

# Total cost over both sides above which an scf.if stays a branch.
BUDGET = 48

_PURE = {OpKind.FLOAT, OpKind.INT, OpKind.CAST, OpKind.COMPARE, OpKind.SELECT,
         OpKind.CONSTANT}
# float ops that are library calls or long-latency instructions
_CHEAP_FLOAT = {"arith.addf", "arith.subf", "arith.mulf", "arith.negf", "arith.maximumf",
                "arith.minimumf", "arith.maxnumf", "arith.minnumf", "math.absf",
                "math.copysign", "llvm.fadd", "llvm.fsub", "llvm.fmul", "llvm.fneg"}


def _cost(op: Operation) -> int:
    if isinstance(op, scf.YieldOp) or op.name == "arith.constant":
        return 0
    if isinstance(op, memref.StoreOp):
        return 1 if _write_once(op) else 3  # (load, select,) store
    s = lookup(op)
    if s is not None and s.kind is OpKind.FLOAT and op.name not in _CHEAP_FLOAT:
        return 2 if op.name in ("arith.divf", "math.sqrt", "llvm.fdiv") else 8
    return 1


def _scalar(v: SSAValue) -> bool:
    return isinstance(v.type, IndexType | IntegerType | AnyFloat)


def _same_shape(a: SSAValue, b: SSAValue) -> bool:
    """``a`` and ``b`` are the same buffer or were allocated with the same shape."""
    if a is b:
        return True
    oa, ob = a.owner, b.owner
    if not (isinstance(oa, memref.AllocOp | memref.AllocaOp) and type(oa) is type(ob)):
        return False
    return a.type == b.type and list(oa.operands) == list(ob.operands)  # type: ignore


def _access(op: Operation) -> tuple[SSAValue, list[SSAValue]] | None:
    if isinstance(op, memref.LoadOp):
        return op.memref, list(op.indices)
    if isinstance(op, memref.StoreOp):
        return op.memref, list(op.indices)
    return None


def _frees(op: Operation) -> bool:
    """``op`` may free memory: a dealloc, or a call (the callee might)."""
    for o in op.walk():
        s = lookup(o)
        if s is not None and s.kind in (OpKind.MEM_FREE, OpKind.CALL):
            return True
    return False


def _in_bounds(acc: tuple[SSAValue, list[SSAValue]], ifop: scf.IfOp) -> bool:
    """Some other op of the block holding ``ifop`` -- executed whenever ``ifop`` is,
    before or after it -- accesses a buffer of the same shape at the same index values,
    and no op between the two frees memory."""
    block = ifop.parent_block()
    if block is None:
        return False
    ops = list(block.ops)
    at = ops.index(ifop)
    for k, o in enumerate(ops):
        other = _access(o) if o is not ifop else None
        if other is None or other[1] != acc[1] or not _same_shape(other[0], acc[0]):
            continue
        lo, hi = sorted((k, at))
        if not any(_frees(x) for x in ops[lo + 1:hi]):
            return True
    return False


def _in_parallel(op: Operation) -> bool:
    p = op.parent_op()
    while p is not None:
        if isinstance(p, scf.ParallelOp) or p.name == "gpu.launch":
            return True
        p = p.parent_op()
    return False


def _write_once(st: memref.StoreOp) -> bool:
    """``st`` writes a slot of an AD tape that nothing else writes, nor ``st`` twice.

    Then a slot that ``st`` does not write when its branch is not taken is never
    written at all, and the AD generator reads a tape slot only where it was written
    (its allocation carries ``activity.tape``; the NaN-filled-memory tests check it).
    So storing the speculated value there anyway changes nothing that is read -- no
    ``load old; select`` needed, and no race with other iterations of a parallel loop.
    Checked here besides the mark: the buffer is a local ``memref.alloc`` used only by
    loads, ``st``, ``dim`` and ``dealloc`` (``cacheable_alloc``); and ``st``'s indices are
    exactly the induction variables of the loops between the allocation and ``st``
    (each once: distinct iterations write distinct slots), with nothing but
    ``scf.for``, ``scf.parallel`` and ``scf.if`` in between.  (A program of its own
    that read an unwritten slot would read undefined memory either way -- but our
    interpreter's model of it is zero, so unmarked buffers are left alone.)"""
    buf = st.memref
    alloc = buf.owner
    # a local buffer only loaded, stored, measured and freed as itself (as the block
    # cache requires), marked, and written by st alone
    if not cacheable_alloc(buf) or TAPE_ATTR not in alloc.attributes:  # type: ignore
        return False
    if any(u.operation is not st for u in buf.uses
           if isinstance(u.operation, memref.StoreOp | memref.AtomicRMWOp)):
        return False
    ivs: list[SSAValue] = []
    home = alloc.parent_block()
    b = st.parent_block()
    while b is not home:
        op = b.parent_op() if b is not None else None
        if isinstance(op, scf.ForOp):
            ivs.append(op.body.block.args[0])
        elif isinstance(op, scf.ParallelOp):
            ivs += list(op.body.block.args)
        elif not isinstance(op, scf.IfOp):
            return False  # a while loop, a call's region, the function's end...
        b = op.parent_block()
    idx = list(st.indices)
    return len({id(v) for v in idx}) == len(idx) == len(ivs) and \
        {id(v) for v in idx} == {id(v) for v in ivs}


def _speculatable(op: Operation, ifop: scf.IfOp) -> bool:
    if isinstance(op, scf.YieldOp):
        return True
    if op.regions:
        return False
    if isinstance(op, memref.LoadOp):
        return _in_bounds(_access(op), ifop)  # type: ignore[arg-type]
    if isinstance(op, memref.StoreOp):
        # becomes "store (cond ? value : old), same place": the same memory as before
        # when the branch is not taken -- unless another iteration of a parallel loop
        # may write the element meanwhile; a write-once element is simply stored
        return (_write_once(op) or not _in_parallel(ifop)) and \
            _in_bounds(_access(op), ifop)  # type: ignore[arg-type]
    s = lookup(op)  # integer divisions are undefined for a zero divisor
    return s is not None and s.kind in _PURE and not s.extra.get("divides")


def _convertible(ifop: scf.IfOp, budget: int = 0) -> bool:
    if not ifop.results or not ifop.false_region.blocks:
        return False
    if not all(_scalar(r) for r in ifop.results):
        return False
    ops = list(ifop.true_region.block.ops) + list(ifop.false_region.block.ops)
    return (sum(_cost(o) for o in ops) <= (budget or BUDGET) and
            all(_speculatable(o, ifop) for o in ops))


def _convert(ifop: scf.IfOp) -> None:
    block = ifop.parent_block()
    assert block is not None
    tb: Block = ifop.true_region.block
    fb: Block = ifop.false_region.block
    ty, fy = tb.last_op, fb.last_op
    assert isinstance(ty, scf.YieldOp) and isinstance(fy, scf.YieldOp)
    for b, taken in ((tb, True), (fb, False)):
        for o in list(b.ops)[:-1]:
            o.detach()
            block.insert_op_before(o, ifop)
            if isinstance(o, memref.StoreOp) and not _write_once(o):
                # store (taken ? value : old)
                old = memref.LoadOp.get(o.memref, list(o.indices))
                block.insert_op_before(old, o)
                pick = (arith.SelectOp(ifop.cond, o.value, old.res) if taken else
                        arith.SelectOp(ifop.cond, old.res, o.value))
                block.insert_op_before(pick, o)
                o.operands = [pick.result, *o.operands[1:]]
    for r, t, f in zip(ifop.results, ty.operands, fy.operands, strict=True):
        if t is f:
            r.replace_all_uses_with(t)
            continue
        sel = arith.SelectOp(ifop.cond, t, f)
        block.insert_op_before(sel, ifop)
        r.replace_all_uses_with(sel.result)
    ifop.detach()
    ifop.erase()


def speculate_ifs(module: ModuleOp, budget: int = 0,
                  roots: Sequence[Operation] | None = None) -> int:
    """Convert every small pure ``scf.if`` of ``module`` (or of the ops ``roots`` of
    it) in place, innermost first (an outer one becomes pure once its inner ones are
    selects); returns how many."""
    total = 0
    while True:
        done = 0
        ifs = [op for r in (roots if roots is not None else [module]) for op in r.walk()
               if isinstance(op, scf.IfOp)]
        for ifop in reversed(ifs):  # inner ones come after their parents in a walk
            if ifop.parent is not None and _convertible(ifop, budget):
                _convert(ifop)
                done += 1
        total += done
        if not done:
            return total


def speculated(module: ModuleOp, budget: int = 0) -> ModuleOp:
    """``module`` with its small pure ``scf.if`` speculated: a clone when there is any
    to convert, else ``module`` itself."""
    if not any(isinstance(op, scf.IfOp) for op in module.walk()):
        return module
    clone = module.clone()
    carry_location(clone, module)
    return clone if speculate_ifs(clone, budget) else module


__all__ = ["BUDGET", "speculate_ifs", "speculated"]
