"""Questions about the structure of the primal IR that every part of the generator
asks: which ops are terminators and region ops, which block encloses which, loop
bounds, whether a value is the same in every iteration, reduction kinds."""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.dialects.builtin import AnyFloat, IndexType, IntegerType, MemRefType, TensorType
from xdsl.ir import Attribute, Block, BlockArgument, Operation, Region, SSAValue

from activity.ad.tape import elem_bytes
from activity.engine.types import is_pointer
from activity.ops import OpKind, lookup, op_name

_PURE_KINDS = (OpKind.FLOAT, OpKind.INT, OpKind.CAST, OpKind.COMPARE, OpKind.SELECT,
               OpKind.CONSTANT)


_REGION_OPS = ("scf.for", "scf.if", "scf.while", "scf.parallel")


_LLVM_KINDS = (OpKind.FLOAT, OpKind.INT, OpKind.CAST, OpKind.COMPARE, OpKind.SELECT,
               OpKind.CONSTANT, OpKind.MEM_READ, OpKind.MEM_WRITE, OpKind.MEM_COPY,
               OpKind.MEM_SET, OpKind.MEM_VIEW, OpKind.MEM_ALLOC)


_TERMINATORS = ("scf.yield", "scf.condition", "func.return", "cf.br", "cf.cond_br",
               "scf.reduce")


# atomic_rmw kinds differentiated through their op-table op (rules/memory.py: rev_rmw)
_FLOAT_RMW = frozenset({"addf", "maximumf", "maxnumf", "minimumf", "minnumf", "mulf"})


STACK_SHADOW_MAX = 1 << 16  # bytes: a static alloca's shadow up to this size is an alloca


def stack_shadow(op: Operation) -> bool:
    """Whether the shadow of the buffer ``op`` makes is a ``memref.alloca`` too: ``op``
    is one, of a static shape and at most ``STACK_SHADOW_MAX`` bytes.  Its shadow then
    lives where the lowering puts such an alloca (the entry block, when no two
    instances can be live at once) instead of costing a ``malloc`` and a ``free`` per
    call: BA's two 3- and 2-element scratch buffers cost more than a third of its
    gradient as heap blocks."""
    if op_name(op) != "memref.alloca":
        return False
    t = op.results[0].type
    if not isinstance(t, MemRefType) or not t.has_static_shape():
        return False
    n = elem_bytes(t.element_type)
    for d in t.get_shape():
        n *= d
    return n <= STACK_SHADOW_MAX


def _inside(blk: Block | None, op: Operation | None) -> bool:
    """Whether ``blk`` is nested (at any depth) in a region of ``op``."""
    while blk is not None and op is not None:
        po = blk.parent_op()
        if po is op:
            return True
        if po is None:
            return False
        blk = po.parent_block()
    return False


def _no_pointer(v: SSAValue) -> bool:
    """``v`` is `undef`, `poison` or null: no buffer (dereferencing it is undefined)."""
    return isinstance(v.owner, Operation) and op_name(v.owner) in (
        "llvm.mlir.undef", "llvm.mlir.poison", "llvm.mlir.zero")


def _only_branches(blk: Block, top: Block) -> bool:
    """Whether nothing but ``scf.if`` ops enclose ``blk`` below ``top`` (so it runs at
    most once per execution of ``top``)."""
    while blk is not top:
        po = blk.parent_op()
        if not isinstance(po, scf.IfOp):
            return False
        nb = po.parent_block()
        if nb is None:
            return False
        blk = nb
    return True


def _tapeable(t: Attribute) -> bool:
    """Whether a value of type ``t`` can be cached for the reverse sweep."""
    if isinstance(t, TensorType):  # (a static tape only: activity/ad/rules/tensor.py)
        return isinstance(t.element_type, AnyFloat)
    return not is_pointer(t) and isinstance(t, AnyFloat | IntegerType | IndexType)


def _encloses(outer: Block, blk: Block | None) -> bool:
    """Whether ``outer`` is ``blk`` or a block of an op that (transitively) holds it."""
    while blk is not None:
        if blk is outer:
            return True
        po = blk.parent_op()
        blk = po.parent_block() if po is not None else None
    return False


def _is_terminator(op: Operation) -> bool:
    return op_name(op) in _TERMINATORS


def _body_ops(block: Block) -> list[Operation]:
    ops = list(block.ops)
    if ops and _is_terminator(ops[-1]):
        ops.pop()
    return ops


def _loop_bounds(loop: Operation) -> list[tuple[SSAValue, SSAValue, SSAValue]]:
    """(lower bound, upper bound, step) of each induction variable of a loop."""
    if isinstance(loop, scf.ParallelOp):
        return list(zip(loop.lowerBound, loop.upperBound, loop.step, strict=True))
    lb, ub, step = loop.operands[:3]
    return [(lb, ub, step)]


def same_in_every_iteration(v: SSAValue, loop: Operation) -> bool:
    """Whether ``v`` (defined inside ``scf.for`` ``loop``) takes the same values in every
    iteration of ``loop``: it is computed by pure ops from values defined outside
    ``loop`` and from the induction variables and ``iter_args`` of loops nested in it
    (whose bounds, inits and yields satisfy the same).  Memory, ``loop``'s own
    ``iter_args`` and induction variable, and other region ops make it vary."""
    return _same(v, loop, set(), 0)


def _same(v: SSAValue, loop: Operation, assumed: set[int], depth: int) -> bool:
    if depth > 48:
        return False
    owner = v.block.parent_op() if isinstance(v, BlockArgument) else v.owner
    if not isinstance(owner, Operation) or not loop.is_ancestor(owner):
        return True  # defined outside ``loop``
    if owner is loop:
        return False  # loop's induction variable, iter_args, or results
    if isinstance(v, BlockArgument):
        if not isinstance(owner, scf.ForOp):
            return False
        lb, _, step = owner.operands[:3]
        if v.index == 0:
            return _same(lb, loop, assumed, depth + 1) and _same(step, loop, assumed,
                                                                    depth + 1)
        if id(v) in assumed:
            return True  # the iteration's own recurrence: invariant if the rest is
        assumed.add(id(v))
        j = v.index - 1
        yld = owner.body.blocks[0].last_op
        return (yld is not None and _same(lb, loop, assumed, depth + 1)
                and _same(step, loop, assumed, depth + 1)
                and _same(owner.operands[3 + j], loop, assumed, depth + 1)
                and _same(yld.operands[j], loop, assumed, depth + 1))
    op = v.owner
    if isinstance(op, scf.ForOp):
        j = v.index  # type: ignore[union-attr]
        return all(_same(x, loop, assumed, depth + 1) for x in op.operands[:3]) and \
            _same(op.body.blocks[0].args[1 + j], loop, assumed, depth + 1)
    if isinstance(op, scf.IfOp):
        # the same branch is taken in every iteration, and yields the same value (a
        # counter clang carries through its `j < n` guard: GMM's triangular offset)
        j = v.index  # type: ignore[union-attr]
        if not _same(op.cond, loop, assumed, depth + 1):
            return False
        for r in op.regions:
            blk = r.blocks.first
            t = blk.last_op if blk is not None else None
            if t is None or len(t.operands) <= j \
                    or not _same(t.operands[j], loop, assumed, depth + 1):
                return False
        return True
    if op.regions:
        return False
    spec = lookup(op)
    if spec is None or spec.kind not in _PURE_KINDS:
        return False
    return all(_same(u, loop, assumed, depth + 1) for u in op.operands)


def same_expr(a: SSAValue, b: SSAValue, depth: int = 0) -> bool:
    """``a`` and ``b`` are the same value: one SSA value, equal constants, or results
    of pure ops with equal names, attributes and properties whose operands are the
    same (the bounds clang's loops get once lifted, each computed afresh:
    ``index_cast %0`` and ``maxsi(index_cast %d, ...)``)."""
    if a is b:
        return True
    if depth > 12 or isinstance(a, BlockArgument) or isinstance(b, BlockArgument):
        return False
    oa, ob = a.owner, b.owner
    if not isinstance(oa, Operation) or not isinstance(ob, Operation) or oa.regions \
            or ob.regions or op_name(oa) != op_name(ob) or a.type != b.type:
        return False
    spec = lookup(oa)
    if spec is None or len(oa.operands) != len(ob.operands) or not (
            spec.kind in _PURE_KINDS or op_name(oa) == "llvm.getelementptr"):
        return False
    if list(oa.results).index(a) != list(ob.results).index(b):  # type: ignore[arg-type]
        return False
    if dict(oa.attributes) != dict(ob.attributes) or dict(oa.properties) != dict(ob.properties):
        return False
    return all(same_expr(x, y, depth + 1) for x, y in zip(oa.operands, ob.operands,
                                                            strict=True))


def reduction_kind(region: Region) -> str | None:
    """The name of the single op combining the two arguments of an ``scf.reduce``
    region (``"arith.addf"``, ...), or None when the region is anything else."""
    blk = region.blocks.first
    if blk is None or len(blk.args) != 2:
        return None
    ops = list(blk.ops)
    if (len(ops) == 2 and op_name(ops[1]) == "scf.reduce.return" and len(ops[0].results) == 1
            and ops[1].operands[0] is ops[0].results[0] and len(ops[0].operands) == 2
            and {id(u) for u in ops[0].operands} == {id(a) for a in blk.args}):
        return op_name(ops[0])
    return None


def _defined_in(block: Block) -> list[SSAValue]:
    out: list[SSAValue] = list(block.args)
    for op in block.ops:
        out.extend(op.results)
        for r in op.regions:
            for b in r.blocks:
                out.extend(_defined_in(b))
    return out
