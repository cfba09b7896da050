"""Short buffer lifetimes: tensors made late, buffers freed early (the ``lifetime``
switch of :mod:`.opts`).

A gradient's peak memory is the most bytes its live buffers hold at once.  Two things
lengthen a buffer's life beyond what the program needs, and this module removes both:

* :func:`last_use`: the bufferization (:mod:`.bufferize`) freed every buffer at the
  end of its block; freed right after the last op of the block that reads or writes it
  (or a view of it), its memory goes back to ``malloc`` (or to the compiled module's
  block cache, :mod:`activity.codegen.heap`) for the next allocation of the sweep.
* :func:`sink_fresh`: the AD generator emits an adjoint's new buffer (``tensor.empty``,
  a ``linalg.fill`` of zeros, the linalg op that writes it) where the rule for the
  primal op runs, which may be well before the adjoint is read -- e.g. GMM's
  ``d xc`` made before the last reverse-sweep read of ``xc`` (which then cannot share
  its memory).  A linalg op whose inits are all fresh is moved, with them, to right
  before the first op that reads its result, when every tensor it reads is read at or
  after that point anyway (a function argument, or a value with a later use): its
  result lives shorter, and no operand longer.  Tensor ops are pure, so the order of
  ops that do not depend on one another is free (none moves past an op that touches
  memory, :func:`touches_memory`).  (Likewise a ``tensor.dim`` moves up
  to right after its operands: a size read does not keep a dead tensor's buffer.)
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import MemRefType, TensorType
from xdsl.ir import Block, BlockArgument, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from activity.tensor.bufferize_live import chain
from activity.tensor.loops import is_structured, structured

# ops that only read or write a buffer's elements (or its sizes) while they run,
# keeping no pointer to it after; their memref results (views) are aliases
_KNOWN = frozenset({
    "memref.load", "memref.store", "memref.copy", "memref.dim", "memref.dealloc",
    "memref.subview", "memref.cast", "memref.collapse_shape", "memref.expand_shape",
    "memref.reinterpret_cast", "memref.atomic_rmw", "affine.load", "affine.store",
    "func.call", "linalg.yield",
})


def _known(op: Operation) -> bool:
    return op.name in _KNOWN or op.name.startswith("linalg.")


def last_use(mem: SSAValue, block: Block) -> Operation | None:
    """The last op of ``block`` that uses the buffer ``mem`` or a view of it (itself
    or an op enclosing the use); ``None`` when that cannot be told: some use is an op
    that may keep a pointer to it (not in ``_KNOWN``), or lies outside ``block``."""
    seen: set[SSAValue] = set()
    todo = [mem]
    last: Operation | None = None
    pos = {o: i for i, o in enumerate(block.ops)}
    while todo:
        v = todo.pop()
        if v in seen:
            continue
        seen.add(v)
        for use in v.uses:
            u = use.operation
            if not _known(u):
                return None
            cx = chain(u, block)
            if cx is None:
                return None
            top = cx[-1]
            if last is None or pos[top] > pos[last]:
                last = top
            todo += [r for r in u.results if isinstance(r.type, MemRefType)]
    return last


def touches_memory(op: Operation) -> bool:
    """Whether ``op`` (or an op nested in it) may read or write memory outside
    tensors: a memref operand or result, a call, an ``llvm`` op.  A tensor op may move
    past the others freely (they are pure), not past these: a tensor made by
    ``bufferization.to_tensor`` reads its memref's elements where it is read."""
    for o in op.walk():
        if o.name == "func.call" or o.name.startswith(("llvm.", "memref.")):
            return True
        if any(isinstance(v.type, MemRefType) for v in (*o.operands, *o.results)):
            return True
    return False


def pure_between(ops: list[Operation], lo: int, hi: int) -> bool:
    """Whether no op of ``ops[lo:hi]`` touches memory (:func:`touches_memory`)."""
    return not any(touches_memory(o) for o in ops[lo:hi])


def _is_tensor(v: SSAValue) -> bool:
    return isinstance(v.type, TensorType)


def _fresh_init(v: SSAValue, gen: Operation) -> list[Operation] | None:
    """The ops that make the init ``v`` of ``gen`` when it is fresh and only ``gen``
    reads it: ``[tensor.empty]`` or ``[tensor.empty, linalg.fill]`` (in order)."""
    op = v.owner
    if not isinstance(op, Operation) or len(list(v.uses)) != 1:
        return None
    if op.name == "tensor.empty":
        return [op] if op.parent_block() is gen.parent_block() else None
    if op.name == "linalg.fill" and len(op.results) == 1:
        e = op.operands[-1]
        inner = _fresh_init(e, op)
        if inner is not None and op.parent_block() is gen.parent_block():
            return [*inner, op]
    return None


def _users_at_or_after(v: SSAValue, block: Block, pos: dict[Operation, int],
                       at: int, moved: set[Operation]) -> bool:
    for use in v.uses:
        if use.operation in moved:
            continue
        cx = chain(use.operation, block)
        if cx is not None and pos[cx[-1]] >= at:
            return True
    return False


def _sink_block(block: Block, entry_args: set[SSAValue]) -> int:
    n = 0
    for gen in list(block.ops):
        if not is_structured(gen) or not gen.results or gen.parent_block() is not block:
            continue
        s = structured(gen)
        if s is None or not all(_is_tensor(r) for r in gen.results):
            continue
        inits: list[Operation] = []
        ok = True
        for o in s.outputs:
            made = _fresh_init(o, gen) if _is_tensor(o) else None
            if made is None:
                ok = False
                break
            inits += made
        if not ok:
            continue
        pos = {o: i for i, o in enumerate(block.ops)}
        first: Operation | None = None
        for r in gen.results:
            for use in r.uses:
                cx = chain(use.operation, block)
                if cx is None:
                    first = None
                    ok = False
                    break
                if first is None or pos[cx[-1]] < pos[first]:
                    first = cx[-1]
            if not ok:
                break
        if not ok or first is None or pos[first] <= pos[gen] + 1:
            continue
        ops = list(block.ops)
        if not pure_between(ops, pos[gen] + 1, pos[first]):
            continue
        moved = {gen, *inits}
        # every tensor gen reads stays live past the new place anyway
        reads = [v for v in s.inputs if _is_tensor(v)]
        reads += [v for inner in gen.walk() if inner is not gen for v in inner.operands
                  if _is_tensor(v) and not _inside(v, gen)]
        if not all((isinstance(v, BlockArgument) and v in entry_args)
                   or _users_at_or_after(v, block, pos, pos[first], moved)
                   for v in reads):
            continue
        # the sizes of the empties and the fill values are defined before gen: they
        # still dominate the new place
        for o in [*inits, gen]:
            o.detach()
            Rewriter.insert_op(o, InsertPoint.before(first))
        n += 1
    return n


def _inside(v: SSAValue, op: Operation) -> bool:
    owner = v.owner
    p = owner.parent_op() if isinstance(owner, Block) else owner
    while p is not None:
        if p is op:
            return True
        p = p.parent_op()
    return False


def _hoist_dims(block: Block) -> int:
    """Move each ``tensor.dim`` of ``block`` up to right after the last definition
    of its operands in ``block`` (a size read, the tensor's buffer need not live on
    until an adjoint's ``tensor.empty`` wants it)."""
    n = 0
    for op in list(block.ops):
        if op.name != "tensor.dim":
            continue
        pos = {o: i for i, o in enumerate(block.ops)}
        after: Operation | None = None
        for v in op.operands:
            d = v.owner
            if isinstance(d, Block):
                continue
            cx = chain(d, block)
            if cx is None:
                continue
            top = cx[-1]
            if after is None or pos[top] > pos[after]:
                after = top
        if after is None:
            first = block.first_op
            if first is op:
                continue
            op.detach()
            assert first is not None
            Rewriter.insert_op(op, InsertPoint.before(first))
        elif after.next_op is not op:
            op.detach()
            Rewriter.insert_op(op, InsertPoint.after(after))
        else:
            continue
        n += 1
    return n


def _pull_up(block: Block) -> int:
    """Move each linalg op of ``block`` on tensors whose inits are results of linalg
    ops of ``block`` up to right after the last op it depends on (its operands'
    definitions, the other reads of its inits): the tensors it reads last die sooner,
    and its results take the inits' buffers (in place) where they lived anyway."""
    n = 0
    for gen in list(block.ops):
        if not is_structured(gen) or not gen.results or gen.parent_block() is not block:
            continue
        s = structured(gen)
        if s is None or not all(_is_tensor(r) for r in gen.results):
            continue
        if not all(_is_tensor(o) and isinstance(o.owner, Operation)
                   and is_structured(o.owner) and o.owner.parent_block() is block
                   for o in s.outputs):
            continue
        pos = {o: i for i, o in enumerate(block.ops)}
        bound = -1
        deps = [v for inner in gen.walk() for v in inner.operands if not _inside(v, gen)]
        for v in deps:
            d = v.owner
            if isinstance(d, Block):
                continue
            cx = chain(d, block)
            if cx is not None:
                bound = max(bound, pos[cx[-1]])
        for o in s.outputs:
            for use in o.uses:
                if use.operation is gen:
                    continue
                cx = chain(use.operation, block)
                if cx is None or pos[cx[-1]] > pos[gen]:
                    bound = pos[gen]  # (read after gen: leave it)
                    break
                bound = max(bound, pos[cx[-1]])
        if bound + 1 >= pos[gen]:
            continue
        # worth it only when gen reads some tensor last (which then dies sooner)
        dies = False
        for v in s.inputs:
            if not _is_tensor(v) or isinstance(v, BlockArgument):
                continue
            others = [chain(u.operation, block) for u in v.uses if u.operation is not gen]
            if all(c is not None and pos[c[-1]] < pos[gen] for c in others):
                dies = True
        if not dies or not pure_between(list(block.ops), bound + 1, pos[gen]):
            continue
        gen.detach()
        Rewriter.insert_op(gen, InsertPoint.after(list(block.ops)[bound]))
        n += 1
    return n


def sink_fresh(fop: func.FuncOp) -> int:
    """Move each ``tensor.dim`` of ``fop`` up to its operands, and each linalg op on
    fresh inits to right before the first op that reads its result (see the module
    docstring); returns how many ops moved."""
    if not fop.body.blocks:
        return 0
    entry = set(fop.body.blocks[0].args)
    blocks = [b for op in fop.walk() for r in op.regions for b in r.blocks]
    n = sum(_hoist_dims(b) for b in blocks)
    n += sum(_sink_block(b, entry) for b in blocks)
    return n + sum(_pull_up(b) for b in blocks)


__all__ = ["last_use", "sink_fresh"]
