"""Recompute over cache for tensors: a cheap forward-sweep tensor the reverse sweep
reads is made again right before its first reverse-sweep read instead of kept alive
from the forward sweep (the ``recompute`` switch of :mod:`activity.tensor.opts`).

The reverse sweep of a tensor program reads forward values directly (SSA: a value the
forward sweep made stays live until its last read), so a big tensor made early, read
once more late, holds its buffer through everything in between -- GMM's
``xc = x - means`` (N*K*D) through the whole logsumexp reverse, where it set the
gradient's peak.  The memref level's tape planner weighs recomputing a value against
taping it (:mod:`activity.ad.tapeplan`, :mod:`activity.ad.costs`); here the question
is the same with buffers for tapes, and the answer is decided per value by these rules:

* the value ``T`` is the one result of a ``linalg.generic`` / ``linalg.fill`` /
  ``linalg.broadcast`` / ``linalg.map`` whose iterators are all parallel and whose
  result map is a permutation (one pass, no reduction), on a fresh init (a
  ``tensor.empty``, or a ``linalg.fill`` of one), with a body of ``arith``/``math``
  ops weighing at most ``RECOMPUTE_LIMIT`` (:mod:`activity.ad.costs`' weights) and
  reading no tensor from outside: redoing it costs one more pass over ``T`` of about
  the work of the reverse op that reads it;
* every tensor it reads is indexed by a projection of its iteration space (so none is
  bigger than ``T``) and is live at the new place anyway: a function argument, or a
  value read at or after that place -- recomputing never lengthens another buffer's
  life (nor keeps a buffer from being written in place, as the bufferization does
  over a dead operand, or a loop-carried value's buffer over iterations);
* in ``T``'s block, every read of ``T`` is either before the reverse sweep (the
  first op the AD generator marks ``activity.adjoint``) or in it, and some tensor is
  made between the last forward read and the first reverse one (else nothing would
  use the memory freed), and no op between ``T`` and that read touches memory (a
  tensor of ``bufferization.to_tensor`` reads its memref where it is read).

The copy (with its init) goes right before the first reverse read; every reverse read
takes it.  ``tensor.dim`` reads of ``T`` stay (a size: the bufferization's lifetime
pass moves them up to ``T``).  Sound whatever the cost: tensor ops are pure, the copy
computes the same value from the same operands -- the same bits where it matters:
where the value reaches a max/min/product reduction whose adjoint compares values
made of it (one marked ``activity.exact``), the original and the copy lose their
bodies' fast-math flags (:func:`activity.ad.exactbody.strip_flags`; with ``contract``
LLVM fused FMAs in one nest and not the other, and a max reduction's adjoint,
comparing the copy's elements with the forward maximum, seeded none); elsewhere they
keep them (a contraction's FMA tiles: :func:`activity.tensor.loops.fma_body`).
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import TensorType
from xdsl.ir import Block, BlockArgument, Operation, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineMap
from xdsl.rewriter import InsertPoint, Rewriter

from activity.ad.costs import RECOMPUTE_LIMIT, _op_weight
from activity.ad.exactbody import strip_flags
from activity.tensor import opts
from activity.tensor.bufferize_live import chain
from activity.tensor.lifetime import pure_between
from activity.tensor.loops import ADJOINT_ATTR, EXACT_ATTR, structured

_ONE_PASS = frozenset({"linalg.generic", "linalg.fill", "linalg.broadcast", "linalg.map"})
_MAKES = frozenset({"tensor.empty", "tensor.splat", "tensor.from_elements"})


def _is_tensor(v: SSAValue) -> bool:
    return isinstance(v.type, TensorType)


def _projection(m: AffineMap) -> bool:
    dims = [e.position for e in m.results if isinstance(e, AffineDimExpr)]
    return len(dims) == len(m.results) and len(set(dims)) == len(dims) and m.num_symbols == 0


def _init_chain(init: SSAValue, op: Operation) -> list[Operation] | None:
    """``[tensor.empty]`` or ``[tensor.empty, linalg.fill]`` making ``init``, read by
    ``op`` alone (in its block)."""
    d = init.owner
    if not isinstance(d, Operation) or [u.operation for u in init.uses] != [op] \
            or d.parent_block() is not op.parent_block():
        return None
    if d.name == "tensor.empty":
        return [d]
    if d.name == "linalg.fill":
        inner = _init_chain(d.operands[-1], d)
        return None if inner is None or len(inner) != 1 else [*inner, d]
    return None


def _cheap(op: Operation) -> list[Operation] | None:
    """The ops to copy to make ``op``'s result again (its init chain, then ``op``),
    when it is a cheap one-pass op (the module docstring's first rule)."""
    if op.name not in _ONE_PASS or len(op.results) != 1 or not _is_tensor(op.results[0]):
        return None
    s = structured(op)
    if s is None or len(s.outputs) != 1 or not s.iterator_types \
            or any(it != "parallel" for it in s.iterator_types):
        return None
    out_map = s.indexing_maps[-1]
    if not _projection(out_map) or len(out_map.results) != out_map.num_dims:
        return None
    for v, m in zip(s.inputs, s.indexing_maps, strict=False):
        if _is_tensor(v) and not _projection(m):
            return None
    weight = 0
    for inner in s.body.ops:
        if inner.name in ("linalg.yield", "linalg.index"):
            continue
        if not (inner.name.startswith("arith.") or inner.name.startswith("math.")) \
                or inner.regions:
            return None
        if any(_is_tensor(x) for x in inner.operands):
            return None
        weight += _op_weight(inner.name)
    if weight > RECOMPUTE_LIMIT:
        return None
    init = _init_chain(s.outputs[0], op)
    if init is None:
        return None
    if init[-1].name == "tensor.empty" and s.body.args[len(s.inputs)].uses:
        return None  # (reads the undefined init)
    return [*init, op]


def _feeds_compared(op: Operation, block: Block, pos: dict[Operation, int], rev: int) -> bool:
    """Whether the values ``op`` makes reach a body whose values an adjoint compares
    (a reduction marked ``EXACT_ATTR``: activity/ad/exactbody.py): through the
    forward sweep's ops of ``block`` (before ``rev``) that read them, directly or
    through what those make, or a reverse-sweep op reading them directly (the copy's
    readers).  Only there must the copy make the original's bits: a compared value
    is made of the compared reduction's operands, which come from the forward sweep
    (or are copies of what it made)."""
    stack = [op]
    seen = {op}
    while stack:
        o = stack.pop()
        if any(EXACT_ATTR in x.attributes for x in o.walk()):
            return True
        for r in o.results:
            for use in r.uses:
                c = chain(use.operation, block)
                if c is None or c[-1] in seen:
                    continue
                seen.add(c[-1])
                if pos.get(c[-1], rev) < rev:
                    stack.append(c[-1])
                elif any(EXACT_ATTR in x.attributes for x in c[-1].walk()):
                    return True
    return False


def _recompute_in(block: Block, entry: set[SSAValue]) -> int:
    n = 0
    ops = list(block.ops)
    pos = {o: i for i, o in enumerate(ops)}
    rev = next((i for i, o in enumerate(ops)
                if any(ADJOINT_ATTR in x.attributes for x in o.walk())), None)
    if rev is None:
        return 0
    for op in ops[:rev]:
        made = _cheap(op)
        if made is None:
            continue
        t = op.results[0]
        fwd: list[int] = []
        back: list[tuple[int, Operation]] = []
        ok = True
        for use in t.uses:
            u = use.operation
            if u.name == "tensor.dim":
                continue
            cx = chain(u, block)
            if cx is None:
                ok = False
                break
            p = pos.get(cx[-1])
            if p is None:
                ok = False
                break
            if p < rev:
                fwd.append(p)
            else:
                back.append((p, u))
        if not ok or not back or not fwd:
            continue
        first = min(p for p, _ in back)
        last_fwd = max(fwd)
        at = ops[first]
        # something is made in the gap (else no allocation could use the memory)
        if not any(o.name in _MAKES for o in ops[last_fwd + 1:first]):
            continue
        if not pure_between(ops, pos[op] + 1, first):
            continue  # (a memory write between could change what it reads)
        s = structured(op)
        assert s is not None
        live = True
        for v in [*s.inputs, *[x for o in made[:-1] for x in o.operands]]:
            if not _is_tensor(v):
                continue
            if isinstance(v, BlockArgument) and v in entry:
                continue
            if any(use.operation not in made
                   and (c := chain(use.operation, block)) is not None
                   and pos.get(c[-1], -1) >= first for use in v.uses):
                continue
            live = False
            break
        if not live:
            continue
        # the copy must make the same bits as the original where a max's adjoint
        # compares values made of them with the forward's maximum: there neither
        # keeps fast-math flags, which let LLVM fuse FMAs in one nest and not the
        # other (exactbody.py); elsewhere both keep them (a contraction's FMAs)
        if _feeds_compared(op, block, pos, rev):
            strip_flags(op)
        mapping: dict[SSAValue, SSAValue] = {}
        copy: Operation | None = None
        for o in made:
            copy = o.clone(value_mapper=mapping)
            Rewriter.insert_op(copy, InsertPoint.before(at))
            for a, b in zip(o.results, copy.results, strict=True):
                mapping[a] = b
        assert copy is not None
        new = copy.results[0]
        for _, u in back:  # (an op of the block, or one nested in it: a body's read)
            for i, x in enumerate(u.operands):
                if x is t:
                    u.operands[i] = new  # type: ignore[index]
        opts.count("recompute")
        n += 1
        ops = list(block.ops)
        pos = {o: i for i, o in enumerate(ops)}
        rev = next(i for i, o in enumerate(ops)
                   if any(ADJOINT_ATTR in x.attributes for x in o.walk()))
    return n


def recompute_tensors(fop: func.FuncOp) -> int:
    """Apply the module docstring's recomputation to ``fop`` (a generated gradient
    function); returns how many tensors are now recomputed."""
    if not opts.enabled("recompute") or not fop.body.blocks:
        return 0
    entry = set(fop.body.blocks[0].args)
    blocks = [b for o in fop.walk() for r in o.regions for b in r.blocks]
    return sum(_recompute_in(b, entry) for b in blocks)


__all__ = ["recompute_tensors"]
