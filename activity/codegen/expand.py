"""Ordered float reductions split out of loops, so that the loops can be vectorized
with every float operation still done in the order the module writes it.

Why: with strict float order (the default; ``reassoc=False``) a loop that sums floats
into an ``iter_arg`` is never vectorized -- each add waits for the previous one, and
LLVM may not reorder them.  When the rest of the body is heavy (miniBUDE's
atom-pair energy: a square root, two divisions and some twenty other float ops per
pair; the reverse sweep's adjoints of it), that one chain of adds keeps all of the
body's work scalar, though the work itself has no dependence from one iteration to
the next.

What: the loop is strip-mined into blocks of ``BLOCK`` iterations.  In each block a
first loop runs the body with the accumulation taken out: it stores each iteration's
contribution into a stack buffer (one per accumulator).  A second loop then adds the
buffered contributions to the accumulator in iteration order, with the very op the
body had (``arith.addf`` either way round, or ``arith.subf`` from the accumulator, its
fast-math flags kept)::

    %s = scf.for %i = %lb to %ub step %c1 iter_args(%a = %init) -> (f64) {
      ...                                    // the body's work, computing %c
      %a2 = arith.addf %a, %c : f64
      scf.yield %a2 : f64
    }

becomes, per block ``[%lo, %hi)``::

    scf.for %i = %lo to %hi step %c1 {
      ...
      memref.store %c, %buf[%i - %lo] : memref<256xf64>
    }
    %a2 = scf.for %j = %lo to %hi step %c1 iter_args(%a = %a1) -> (f64) {
      %c = memref.load %buf[%j - %lo] : memref<256xf64>
      %s = arith.addf %a, %c : f64
      scf.yield %s : f64
    }

The blocks are counted from 0 (``ceil(n / BLOCK)`` of them, ``n = ub - lb`` when
``lb < ub``, else 0), so that no bound is stepped past even when ``ub`` is near the
largest index.  The same float operations run on the same values in the same order, so
every result is bit-identical -- unless the accumulating add allows reassociation
itself (``fastmath<reassoc>``, as a gradient's adjoint sums do unless
``strict_adjoints``: LLVM may then vectorize the second loop), or the source allows contraction
(``fastmath<contract>`` on both a multiply and the add it feeds): LLVM may then fuse
them into one FMA in the original loop, but not across the buffer, so the split result
is the unfused one, the interpreter's.  Otherwise: the body's other effects keep their
order (the first loop runs its iterations in order), and the accumulation only moves
later, which pure float arithmetic cannot observe.  The first loop has no float
recurrence left and can be vectorized; with speculation of its small pure ``scf.if``
(:mod:`.speculate`, which :func:`activity.codegen.prepare.prepare` then runs on these
loops alone) miniBUDE's primal ran 3.9x faster here, its results unchanged to the last
bit.

When: only where it should pay and cannot get in the way --

* an innermost ``scf.for`` over ``index`` of step 1 (signed bounds) -- and not of
  fewer than ``MIN_TRIPS`` iterations by constant bounds, which LLVM unrolls --, in a
  function that cannot call itself (its frame grows by the buffers: ``BLOCK``
  elements per accumulator, at the function's entry), not inside an
  ``scf.parallel``
  (whose iterations may run on threads sharing the function's stack buffer) nor a GPU
  kernel: this is a host-code transformation;
* every ``iter_arg`` either passed through unchanged (it is replaced by its initial
  value) or a float accumulator as above, used by nothing else, at least one of them;
* a body LLVM can vectorize: arithmetic, comparisons, casts, selects, loads, stores
  and the math ops that are single instructions (``sqrt``, ``absf``, ``fma``, ...), and
  small ``scf.if`` of the same -- no calls, no loops, no library math, no allocation;
* no store whose index depends on a loaded value (a scatter: iterations might update
  the same element, and LLVM keeps such a loop scalar anyway -- the ``all_active``
  gradient's adds into shadows of tables read through an index);
* at least ``MIN_WORK`` cost units of float work besides the accumulations (a plain
  dot product, one multiply per add, gains nothing: the adds' chain remains its
  bottleneck).
* not a register tile's reduction (marked ``activity.jammed`` by
  :mod:`activity.tensor.loops`): its many accumulators are independent chains
  already, and buffering their terms would only move them through memory.

``reassoc=True`` does not need it: LLVM then splits the sums into vector partial sums
itself.
"""

from __future__ import annotations

from collections.abc import Iterator

import networkx as nx
from xdsl.dialects import arith, func, memref, scf
from xdsl.dialects.builtin import AnyFloat, IndexType, IntegerAttr, ModuleOp
from xdsl.ir import Block, Operation, Region, SSAValue

from activity.ad.facts import const_int
from activity.engine.program import Program
from activity.ops import lookup
from activity.ops.spec import OpKind
from activity.summaries.derive import call_graph

# Iterations per block: the buffer is BLOCK elements of the accumulator's type, on the
# stack (2 KiB per f64 accumulator; blocks of 16 to 1024 ran miniBUDE equally fast).
BLOCK = 256
# Float work (cost units as in .speculate: an add 1, a division or square root 2) that
# the body must do besides its accumulations.
MIN_WORK = 8
# A loop of fewer iterations, known from constant bounds, is left alone: LLVM unrolls it
# (the lowering asks it to, up to 16) rather than vectorizing it.
MIN_TRIPS = 16

_PURE = {OpKind.FLOAT, OpKind.INT, OpKind.CAST, OpKind.COMPARE, OpKind.SELECT,
         OpKind.CONSTANT}
# float ops that lower to one instruction (vectorizable without a vector math library)
_INSTRUCTION = {"arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.negf",
                "arith.maximumf", "arith.minimumf", "arith.maxnumf", "arith.minnumf",
                "math.sqrt", "math.absf", "math.fma", "math.copysign", "math.floor",
                "math.ceil", "math.trunc", "math.roundeven"}
_PARALLEL = ("scf.parallel", "scf.forall", "affine.parallel", "gpu.launch", "gpu.func")


def _in_parallel(op: Operation) -> bool:
    p = op.parent_op()
    while p is not None:
        if p.name in _PARALLEL:
            return True
        p = p.parent_op()
    return False


def _vectorizable(op: Operation) -> bool:
    """``op`` (and what it holds) is something LLVM's loop vectorizer can handle."""
    if isinstance(op, scf.YieldOp | memref.LoadOp | memref.StoreOp):
        return True
    if isinstance(op, scf.IfOp):
        return all(_vectorizable(o) for r in op.regions for b in r.blocks for o in b.ops)
    if op.regions:
        return False
    s = lookup(op)
    if s is None or s.kind not in _PURE:
        return False
    return s.kind is not OpKind.FLOAT or op.name in _INSTRUCTION or \
        not any(isinstance(r.type, AnyFloat) for r in op.results)


def _work(op: Operation) -> int:
    n = 0
    for o in op.walk():
        s = lookup(o)
        if s is not None and s.kind is OpKind.FLOAT:
            n += 2 if o.name in ("arith.divf", "math.sqrt") else 1
    return n


def _loaded(v: SSAValue, body: Block) -> bool:
    """``v`` depends, through ops of the loop body ``body``, on a ``memref.load``."""
    seen: set[int] = set()
    stack = [v]
    while stack:
        x = stack.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        op = x.owner
        if not isinstance(op, Operation) or not body.is_ancestor(op):
            continue
        if isinstance(op, memref.LoadOp):
            return True
        stack.extend(op.operands)
    return False


class _Plan:
    """How one loop is split: its accumulations (iter_arg position, the op) and the
    iter_args it passes through unchanged."""

    def __init__(self) -> None:
        self.accs: list[tuple[int, arith.AddfOp | arith.SubfOp]] = []
        self.through: list[int] = []


def plan(loop: scf.ForOp) -> _Plan | None:
    """The split of ``loop``, or ``None`` where it does not apply (see the module's
    docstring)."""
    if const_int(loop.step) != 1 or not isinstance(loop.lb.type, IndexType):
        return None  # (the strips below count in index)
    if "unsignedCmp" in loop.properties or "unsignedCmp" in loop.attributes:
        return None
    lo, hi = const_int(loop.lb), const_int(loop.ub)
    if lo is not None and hi is not None and hi - lo < MIN_TRIPS:
        return None
    if _in_parallel(loop):
        return None
    if "activity.jammed" in loop.attributes:
        return None  # (a register tile's many independent chains: activity.tensor.loops)
    body = loop.body.block
    yld = body.last_op
    if not isinstance(yld, scf.YieldOp):
        return None
    p = _Plan()
    for k, (arg, out) in enumerate(zip(body.args[1:], yld.operands, strict=True)):
        if out is arg:
            p.through.append(k)
            continue
        acc = out.owner
        if not (isinstance(arg.type, AnyFloat) and isinstance(acc, arith.AddfOp | arith.SubfOp)
                and acc.parent_block() is body and arg.has_one_use()
                and out.has_one_use() and out.type == arg.type):
            return None
        if isinstance(acc, arith.SubfOp):
            if acc.lhs is not arg or acc.rhs is arg:
                return None
        elif (acc.lhs is arg) == (acc.rhs is arg):
            return None
        p.accs.append((k, acc))
    if not p.accs:
        return None
    skip = {id(a) for _, a in p.accs}
    if not all(_vectorizable(o) for o in body.ops):
        return None
    for o in body.walk():
        if isinstance(o, memref.StoreOp) and any(_loaded(i, body) for i in o.indices):
            return None
    if sum(_work(o) for o in body.ops if id(o) not in skip) < MIN_WORK:
        return None
    return p


def _split(loop: scf.ForOp, p: _Plan, entry: Block) -> scf.ForOp:
    """Rewrite ``loop`` as described in the module's docstring (in place); returns the
    body loop."""
    block = loop.parent_block()
    assert block is not None
    body = loop.body.block
    yld = body.last_op
    assert isinstance(yld, scf.YieldOp)
    inits = list(loop.iter_args)
    idx = IndexType()

    def before(op: Operation) -> Operation:
        block.insert_op_before(op, loop)
        return op

    bufs: list[SSAValue] = []
    for k, _ in p.accs:
        alloca = memref.AllocaOp.get(body.args[1 + k].type, shape=[BLOCK])
        if entry.first_op is not None:
            entry.insert_op_before(alloca, entry.first_op)
        else:
            entry.add_op(alloca)
        bufs.append(alloca.memref)
    c0 = before(arith.ConstantOp(IntegerAttr(0, idx))).results[0]
    c1 = before(arith.ConstantOp(IntegerAttr(1, idx))).results[0]
    cb = before(arith.ConstantOp(IntegerAttr(BLOCK, idx))).results[0]
    cbm1 = before(arith.ConstantOp(IntegerAttr(BLOCK - 1, idx))).results[0]
    # n iterations in ceil(n / BLOCK) blocks, counted from 0 so that no bound is ever
    # stepped past (ub may be near the largest index); n is 0 unless lb < ub, so that
    # ub - lb cannot wrap for a loop that does not run
    lt = before(arith.CmpiOp(loop.lb, loop.ub, "slt"))
    diff = before(arith.SubiOp(loop.ub, loop.lb))
    n = before(arith.SelectOp(lt.results[0], diff.results[0], c0)).results[0]
    up = before(arith.AddiOp(n, cbm1))
    blocks = before(arith.DivUIOp(up.results[0], cb)).results[0]

    # the strip loop: its iter_args are the accumulators
    outer = Block(arg_types=[idx] + [body.args[1 + k].type for k, _ in p.accs])
    done = arith.MuliOp(outer.args[0], cb)
    lo_op = arith.AddiOp(loop.lb, done.result)
    rest = arith.SubiOp(n, done.result)
    size = arith.MinSIOp(rest.result, cb)
    hi = arith.AddiOp(lo_op.result, size.result)
    outer.add_ops([done, lo_op, rest, size, hi])
    lo = lo_op.result

    # the body loop: the original ops, their accumulations replaced by buffer stores
    nb = Block(arg_types=[idx])
    body.args[0].replace_all_uses_with(nb.args[0])
    for k in p.through:
        body.args[1 + k].replace_all_uses_with(inits[k])
    for o in list(body.ops):
        o.detach()
        nb.add_op(o)
    adds = []
    for (k, acc), slot in zip(p.accs, bufs, strict=True):
        arg = body.args[1 + k]
        contrib = acc.rhs if acc.lhs is arg else acc.lhs
        off = arith.SubiOp(nb.args[0], lo)
        st = memref.StoreOp.get(contrib, slot, [off.result])
        nb.insert_op_before(off, acc)
        nb.insert_op_before(st, acc)
        acc.detach()
        adds.append((acc, acc.lhs is arg))
    yld.detach()
    yld.erase()
    nb.add_op(scf.YieldOp())
    inner = scf.ForOp(lo, hi.result, c1, [], Region([nb]))
    outer.add_op(inner)

    # the sum loop: the same ops, in iteration order
    sb = Block(arg_types=[idx] + [body.args[1 + k].type for k, _ in p.accs])
    off = arith.SubiOp(sb.args[0], lo)
    sb.add_op(off)
    sums: list[SSAValue] = []
    for j, ((acc, lhs_is_acc), slot) in enumerate(zip(adds, bufs, strict=True)):
        ld = memref.LoadOp.get(slot, [off.result])
        sb.add_op(ld)
        a = sb.args[1 + j]
        acc.operands = [a, ld.res] if lhs_is_acc else [ld.res, a]
        sb.add_op(acc)
        sums.append(acc.result)
    sb.add_op(scf.YieldOp(*sums))
    total = scf.ForOp(lo, hi.result, c1, list(outer.args[1:]), Region([sb]))
    outer.add_op(total)
    outer.add_op(scf.YieldOp(*total.results))
    strip = before(scf.ForOp(c0, blocks, c1, [inits[k] for k, _ in p.accs],
                             Region([outer])))
    for j, (k, _) in enumerate(p.accs):
        loop.results[k].replace_all_uses_with(strip.results[j])
    for k in p.through:
        loop.results[k].replace_all_uses_with(inits[k])
    loop.detach()
    loop.erase()
    return inner


def _recursive(module: ModuleOp) -> set[str]:
    """The functions of ``module`` that may call themselves, directly or not (the
    project's call graph, ``func.call`` and ``llvm.call`` alike): a frame of theirs
    must not grow by the stack buffers (a deep recursion would overflow)."""
    prog = Program.of(module)
    cg = call_graph(prog, prog.functions)
    return {n for comp in nx.strongly_connected_components(cg) for n in comp
            if len(comp) > 1 or cg.has_edge(n, n)}


def _candidates(module: ModuleOp) -> Iterator[tuple[func.FuncOp, scf.ForOp, _Plan]]:
    """The loops of ``module`` that :func:`plan` accepts, with their functions."""
    recursive = _recursive(module)
    for f in module.walk():
        if not isinstance(f, func.FuncOp) or not f.body.blocks:
            continue
        if f.sym_name.data in recursive:
            continue
        for loop in [o for o in f.walk() if isinstance(o, scf.ForOp)]:
            if any(isinstance(o, scf.ForOp | scf.WhileOp) for o in loop.body.walk()):
                continue  # (innermost loops only; _vectorizable refuses nested regions too)
            p = plan(loop)
            if p is not None:
                yield f, loop, p


def splittable(module: ModuleOp) -> bool:
    """``module`` has a loop to split (it is left as it is)."""
    return next(_candidates(module), None) is not None


def expand_reductions(module: ModuleOp) -> list[scf.ForOp]:
    """Split every loop of ``module`` that :func:`plan` accepts (in place); returns the
    body loops, whose ``scf.if`` are worth speculating."""
    return [_split(loop, p, f.body.blocks[0]) for f, loop, p in list(_candidates(module))]


__all__ = ["BLOCK", "MIN_TRIPS", "MIN_WORK", "expand_reductions", "plan", "splittable"]
