"""The loop-hint heuristics of the ``scf.for`` lowering (:mod:`.scf`): which loops
get ``llvm.loop.unroll.full`` (:func:`unroll_hint`, :func:`unrolled_in_full`), which
triangle loops get a vector width (:func:`varying_trips`, :func:`order_free`), and the
trip-count bounds they rest on (:func:`max_trips`, :func:`index_range`).  What the
switches mean, and the measurements behind them: ``activity.codegen.lower`` and
``docs/codegen.md``."""

from __future__ import annotations

from dataclasses import dataclass

from llvmlite import ir
from xdsl.dialects.builtin import (
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    UnitAttr,
)
from xdsl.ir import Attribute, Block, Operation, OpResult, Region, SSAValue

from activity.codegen.lowering.common import fastmath_flags, prop
from activity.codegen.types import (
    CodegenError,
    layout,
)
from activity.ops import LOOP_OPS, op_name


@dataclass(frozen=True)
class LoopSwitches:
    """The loop-hint switches of one lowering (``activity.codegen.lower``'s
    ``UNROLL_*`` and ``VARYING_VECTOR_MIN``, read when a ``ModuleLowering`` is made:
    their meaning is documented there)."""

    max_trips: int
    max_ops: int
    nests: bool
    no_vectorize: bool
    data_branches: bool
    varying_vector_min: int


def varying_trips(op: Operation) -> bool:
    """Whether ``scf.for`` ``op`` is a triangle's inner loop: exactly one of its bounds
    depends (through any ops of the function) on the counter of an enclosing
    ``scf.for`` or ``scf.parallel``.  (A tile, ``for i = lo to min(lo + 256, n)``, moves
    both together and runs a steady count: ``expand``'s split loops are such.)"""
    ivs: set[int] = set()
    p = op.parent_op()
    while p is not None:
        name = op_name(p)
        if name == "scf.for":
            ivs.add(id(p.regions[0].blocks[0].args[0]))
        elif name == "scf.parallel":
            ivs.update(id(a) for a in p.regions[0].blocks[0].args)
        p = p.parent_op()
    return bool(ivs) and _reaches([op.operands[0]], ivs) != _reaches([op.operands[1]], ivs)


def _reaches(todo: list[SSAValue], targets: set[int]) -> bool:
    """Whether a value of ``todo`` is, or is computed from, one with its id in
    ``targets`` (through the operands of defining ops, within the function)."""
    seen: set[int] = set()
    while todo:
        v = todo.pop()
        if id(v) in seen:
            continue
        seen.add(id(v))
        if id(v) in targets:
            return True
        if not isinstance(v.owner, Block) and op_name(v.owner) != "func.func":
            todo.extend(v.owner.operands)
    return False


def order_free(op: Operation) -> bool:
    """Whether LLVM may vectorize ``scf.for`` ``op`` under width and interleave hints
    without changing a float result, and can.  Such hints let LLVM reorder float
    reductions (its ``hints-allow-reordering``), which would break the strict order; and
    LLVM prints a remark for every hinted loop it fails to vectorize.  So only a plain
    element-wise loop qualifies:

    * a constant step of at most 2^20, over ``index`` or ``i64``;
    * integer ``iter_args`` that are inductions (``x + k``, ``k`` from outside the loop);
    * only ``arith`` ops but bitcasts (LLVM could fold an integer carry into a float
      one), ``math`` ops, loads and stores in the body: no call (an inlined callee could
      sum into one element), no nested region;
    * stores (and atomic updates) only at one index ``c * iv + k`` of a buffer from
      outside the loop whose stride in that dimension is a nonzero constant, every
      other index from outside the loop, and ``c`` a nonzero constant with ``|c * step|``
      at most 2^20 (no wrap-around folding the index to a constant), all in 64-bit
      integers; a stored buffer is read only at the very indices it is stored at (no
      recurrence through memory, which LLVM would refuse).

    (With ``reassoc`` reordering would be allowed, but hinting GMM's reverse triangle, a
    reduction, made its gradient 5-13% slower at d = 32..64.)"""
    body = op.regions[0].blocks[0]
    step = _constant_int(op.operands[2])
    iv = body.args[0]
    if (step is None or not 0 < abs(step) <= _MAX_STEP or not _is_64(iv.type)
            or len(body.ops) == 0):
        return False
    yields = body.last_op
    if yields is None or op_name(yields) != "scf.yield":
        return False
    memo: dict[int, int | None] = {}
    for arg, nxt in zip(body.args[1:], yields.operands, strict=True):
        if not isinstance(arg.type, IntegerType | IndexType):
            return False
        owner = nxt.owner
        if not (isinstance(owner, Operation) and op_name(owner) == "arith.addi"
                and arg in owner.operands
                and all(x is arg or _coefficient(x, op, iv, memo) == 0
                        for x in owner.operands)):
            return False
    stored: dict[int, list[tuple[int, ...]]] = {}
    accesses: list[tuple[int, tuple[int, ...]]] = []
    for inner in body.ops:
        name = op_name(inner)
        if inner.regions or name in ("arith.bitcast",) or not (
                name.startswith(("arith.", "math."))
                or name in ("memref.load", "memref.store", "memref.atomic_rmw",
                            "scf.yield")):
            return False
        if name == "memref.load":
            accesses.append((id(inner.operands[0]), tuple(map(id, inner.operands[1:]))))
        elif name in ("memref.store", "memref.atomic_rmw"):
            if not _moves(inner, op, iv, step, memo):
                return False
            key = (id(inner.operands[1]), tuple(map(id, inner.operands[2:])))
            stored.setdefault(key[0], []).append(key[1])
            accesses.append(key)
    return all(idx in stored[mem] for mem, idx in accesses if mem in stored)


_MAX_STEP = 1 << 20


_PASS_INT = ("arith.index_cast", "arith.index_castui")


def _is_64(t: Attribute) -> bool:
    return isinstance(t, IndexType) or (isinstance(t, IntegerType) and t.width.data == 64)


def _moves(store: Operation, loop: Operation, iv: SSAValue, step: int,
           memo: dict[int, int | None]) -> bool:
    """Whether ``store`` (``memref.store`` or ``atomic_rmw``: the value, the memref, its
    indices) in ``loop`` writes one element per value of ``iv`` (see :func:`order_free`)."""
    mem = store.operands[1]
    t = mem.type
    if not isinstance(t, MemRefType) or _coefficient(mem, loop, iv, memo) != 0:
        return False
    try:
        strides = layout(t).strides
    except CodegenError:
        return False
    cs = [_coefficient(x, loop, iv, memo) for x in store.operands[2:]]
    moving = [k for k, c in enumerate(cs) if c]
    return (None not in cs and len(moving) == 1 and isinstance(strides[moving[0]], int)
            and strides[moving[0]] != 0
            and abs(cs[moving[0]] * step) <= _MAX_STEP)  # type: ignore[operator]


def _coefficient(v: SSAValue, loop: Operation, iv: SSAValue,
                 memo: dict[int, int | None]) -> int | None:
    """``c`` when ``v = c * iv + k`` with ``k`` computed outside ``loop`` (0: ``v`` does
    not depend on ``iv``), from constants, ``addi``, ``subi``, ``muli`` by a constant and
    casts between ``index`` and ``i64``, every value 64 bits wide and ``|c|`` at most
    2^20; None for anything else computed inside ``loop``."""
    if v is iv:
        return 1
    owner = v.owner
    if not loop.is_ancestor(owner):
        return 0  # (defined outside the loop)
    if id(v) in memo:
        return memo[id(v)]
    memo[id(v)] = None  # (while computing: no cycle in SSA, but no rework either)
    c = _coefficient_of_op(owner, loop, iv, memo) if isinstance(owner, Operation) else None
    if c is not None and (abs(c) > _MAX_STEP or not (c == 0 or _is_64(v.type))):
        c = None
    memo[id(v)] = c
    return c


def _coefficient_of_op(owner: Operation, loop: Operation, iv: SSAValue,
                       memo: dict[int, int | None]) -> int | None:
    name = op_name(owner)
    if name == "arith.constant":
        return 0
    if name not in (*_PASS_INT, "arith.addi", "arith.subi", "arith.muli"):
        return None
    ops = [_coefficient(x, loop, iv, memo) for x in owner.operands]
    if None in ops:
        return None
    if name in _PASS_INT:
        return ops[0] if _is_64(owner.operands[0].type) else None
    if name in ("arith.addi", "arith.subi"):
        return ops[0] + ops[1] if name == "arith.addi" else ops[0] - ops[1]  # type: ignore
    consts = [_constant_int(x) for x in owner.operands]
    if ops[0] and consts[1] is not None:
        return ops[0] * consts[1]  # type: ignore[operator]
    if ops[1] and consts[0] is not None:
        return ops[1] * consts[0]  # type: ignore[operator]
    return 0 if not any(ops) else None


def _constant_int(v: SSAValue) -> int | None:
    owner = v.owner
    if isinstance(owner, Operation) and op_name(owner) == "arith.constant":
        a = prop(owner, "value")
        if isinstance(a, IntegerAttr):
            return int(a.value.data)
    return None


def unroll_hint(op: Operation, trips: int, sw: LoopSwitches) -> bool:
    """Whether ``scf.for`` ``op``, of at most ``trips`` iterations, gets
    ``llvm.loop.unroll.full``: at most UNROLL_MAX_TRIPS iterations, no unstructured
    control flow and no loop inside but ``scf.for`` loops whose trip counts have
    constant bounds (:func:`max_trips`) of at most UNROLL_MAX_TRIPS each, no call, and
    at most UNROLL_MAX_OPS ops in all once every loop of the nest is unrolled.  The
    nests matter where sizes are constants (``static_argnums``): the reverse of a
    triangular loop (GMM's ``for col: for r in col+1..d``) counts ``col``
    down and ``r`` over ``0..d-col-2``, which LLVM unrolls only when told to; its
    forward loop it unrolls by itself.  A loop of one iteration gets no hint: LLVM folds
    it into its surroundings before the unroller runs, and the hint could end up on the
    loop around it (an unstructured one of unknown trip count: "loop not unrolled" on
    stderr)."""
    if not 1 < trips <= sw.max_trips:
        return False
    n = _unrolled_ops(op.regions[0], sw.max_ops // trips, sw)
    return n is not None and n * trips <= sw.max_ops


def _unrolled_ops(region: Region, budget: int, sw: LoopSwitches) -> int | None:
    """Ops of ``region`` once every inner ``scf.for`` is unrolled (each counted for its
    largest trip count), or None when an inner loop cannot be bounded (any loop
    without UNROLL_NESTS), the region calls a function of the module, or the count
    passes ``budget``.  (A loop around a call of the gradient's tape functions, in
    random program 726's all_active gradient, stayed rolled with the hint on it --
    "loop not unrolled" on stderr -- and a loop whose work is a call gains little.)"""
    n = 0
    for inner in (op for blk in region.blocks for op in blk.ops):  # (an empty else: none)
        name = op_name(inner)
        if name.startswith("cf.") or name in ("func.call", "llvm.call"):
            return None
        if name == "scf.for" and sw.nests:
            bound = max_trips(inner)
            if bound is None or bound > sw.max_trips:
                return None
            body = _unrolled_ops(inner.regions[0], budget - n, sw)
            if body is None:
                return None
            n += 1 + bound * body
        elif name in LOOP_OPS:
            return None
        elif (name == "scf.if" and not sw.data_branches
              and data_dependent(inner.operands[0], region.parent_op())):
            return None
        else:
            n += 1
            for r in inner.regions:
                sub = _unrolled_ops(r, budget - n, sw)
                if sub is None:
                    return None
                n += sub
        if n > budget:
            return None
    return n


# ops through which a branch condition stays a function of counters and integer
# arguments (what unrolling folds)
_COUNTER_OPS = frozenset({
    "arith.constant", "arith.addi", "arith.subi", "arith.muli", "arith.divsi",
    "arith.divui", "arith.remsi", "arith.remui", "arith.ceildivsi", "arith.floordivsi",
    "arith.minsi", "arith.maxsi", "arith.minui", "arith.maxui", "arith.andi", "arith.ori",
    "arith.xori", "arith.cmpi", "arith.index_cast", "arith.index_castui", "arith.extsi",
    "arith.extui", "arith.trunci", "arith.select", "arith.shli", "arith.shrsi",
    "arith.shrui", "memref.dim"})


def data_dependent(cond: SSAValue, loop: Operation | None = None) -> bool:
    """Whether branch condition ``cond`` may change with data inside ``loop`` (or
    anywhere, without one): it is computed (through the operands of defining ops) from
    anything but constants, integer ops of :data:`_COUNTER_OPS`, the counters of
    ``scf.for`` and ``scf.parallel`` loops, the function's arguments and values defined
    outside ``loop`` (invariant: LLVM unswitches such a branch) -- a load, a float
    compare, a loop-carried value, a call, a block argument of a branch target."""
    seen: set[int] = set()
    todo = [cond]
    while todo:
        v = todo.pop()
        if id(v) in seen:
            continue
        seen.add(id(v))
        where = v.owner if isinstance(v.owner, Block) else v.owner.parent_block()
        if loop is not None and (where is None or not loop.is_ancestor(where)):
            continue  # defined outside the loop
        if isinstance(v.owner, Block):
            parent = v.owner.parent_op()
            if parent is None:
                return True
            name = op_name(parent)
            if name == "func.func" and v.owner is parent.regions[0].blocks[0]:
                continue
            if (name == "scf.for" and v.index == 0) or name == "scf.parallel":
                continue
            return True
        if op_name(v.owner) not in _COUNTER_OPS:
            return True
        todo.extend(v.owner.operands)
    return False


def unrolled_in_full(op: Operation, sw: LoopSwitches) -> bool:
    """Whether ``scf.for`` ``op`` gets ``llvm.loop.unroll.full`` judged from the MLIR
    alone: as :func:`unroll_hint` says for its largest trip count, and, where its
    bounds move with enclosing counters, only when every enclosing loop they move with
    is unrolled in full as well.  (Otherwise LLVM cannot unroll it in full; it
    unrolls it at run time instead, and for a float sum the hint that keeps it from
    being vectorized first leaves it scalar.)"""
    if isinstance(prop(op, "unsignedCmp"), UnitAttr):
        return False
    trips = max_trips(op)
    if trips is None or not unroll_hint(op, trips, sw):
        return False
    bounds = list(op.operands[:3])
    p = op.parent_op()
    while p is not None:
        if (op_name(p) == "scf.for"
                and _reaches(list(bounds), {id(p.regions[0].blocks[0].args[0])})
                and not unrolled_in_full(p, sw)):
            return False
        p = p.parent_op()
    return True


def sums_floats(op: Operation) -> bool:
    """Whether ``scf.for`` ``op`` carries a float sum LLVM may reorder: an ``iter_arg``
    yielded by an ``arith.addf`` or ``arith.subf`` with the ``reassoc`` flag."""
    yld = op.regions[0].blocks[0].last_op
    return yld is not None and any(
        isinstance(v, OpResult) and op_name(v.op) in ("arith.addf", "arith.subf")
        and "reassoc" in fastmath_flags(v.op) for v in yld.operands)


def max_trips(op: Operation) -> int | None:
    """A constant bound on the trip count of ``scf.for`` ``op`` (signed, constant
    positive step) from the ranges of its bounds (:func:`index_range`), else None."""
    if isinstance(prop(op, "unsignedCmp"), UnitAttr):
        return None
    lb, ub, step = (index_range(v) for v in op.operands[:3])
    if lb is None or ub is None or step is None or step[0] != step[1] or step[0] <= 0:
        return None
    return max(0, -(-(ub[1] - lb[0]) // step[0]))


_RANGE_DEPTH = 32


def index_range(v: SSAValue, depth: int = 0) -> tuple[int, int] | None:
    """Bounds ``(lo, hi)`` of integer value ``v`` from constants, the counters of
    enclosing (signed) ``scf.for`` loops whose bounds have ranges, casts that keep the
    value, and ``arith`` add, sub, mul, signed min and max over them; None when unknown
    or past 2^62 (where the program's arithmetic could wrap and the bounds would not).
    The bounds decide unrolling hints only: an under-estimate would fully unroll a
    long loop (code size), never change a result."""
    if depth > _RANGE_DEPTH:
        return None
    owner = v.owner
    if isinstance(owner, Block):
        parent = owner.parent_op()
        if (parent is None or op_name(parent) != "scf.for" or v is not owner.args[0]
                or isinstance(prop(parent, "unsignedCmp"), UnitAttr)):
            return None
        lb, ub = (index_range(x, depth + 1) for x in parent.operands[:2])
        if lb is None or ub is None or ub[1] <= lb[0]:
            return None
        return lb[0], ub[1] - 1
    name = op_name(owner)
    if name in ("arith.constant", "llvm.mlir.constant"):
        a = prop(owner, "value")
        if not isinstance(a, IntegerAttr) or (isinstance(a.type, IntegerType)
                                              and a.type.width.data == 1):
            return None
        c = int(a.value.data)
        return c, c
    if name in ("arith.index_cast", "arith.extsi", "arith.index_castui", "arith.extui"):
        r = index_range(owner.operands[0], depth + 1)
        if r is None or (name.endswith("ui") and r[0] < 0):
            return None  # (a negative constant read unsigned is a large number)
        t = owner.results[0].type
        if isinstance(t, IntegerType) and not (-(1 << (t.width.data - 1)) <= r[0]
                                               and r[1] < 1 << (t.width.data - 1)):
            return None  # truncated
        return r
    if name not in ("arith.addi", "arith.subi", "arith.muli", "arith.maxsi", "arith.minsi"):
        return None
    a, b = (index_range(x, depth + 1) for x in owner.operands[:2])
    if a is None or b is None:
        return None
    if name == "arith.addi":
        out = a[0] + b[0], a[1] + b[1]
    elif name == "arith.subi":
        out = a[0] - b[1], a[1] - b[0]
    elif name == "arith.muli":
        ps = [x * y for x in a for y in b]
        out = min(ps), max(ps)
    elif name == "arith.maxsi":
        out = max(a[0], b[0]), max(a[1], b[1])
    else:
        out = min(a[0], b[0]), min(a[1], b[1])
    # past 2^62 the machine's arithmetic may have wrapped where these bounds do not
    return out if -(1 << 62) <= out[0] and out[1] <= 1 << 62 else None


def constant_trip_count(lb: ir.Value, ub: ir.Value, step: ir.Value,
                        unsigned: bool = False) -> int:
    """Iterations of ``for (iv = lb; iv < ub; iv += step)`` when all three are
    constants and the step is positive, else -1 (wrap-around is ignored: the count is
    only used for a hint, which LLVM acts on with its own exact trip count)."""
    if not all(isinstance(v, ir.Constant) and isinstance(v.constant, int)
               for v in (lb, ub, step)):
        return -1
    lo, hi, st = (int(v.constant) for v in (lb, ub, step))  # type: ignore[attr-defined]
    if unsigned:
        w = lb.type.width  # type: ignore[attr-defined]
        lo, hi, st = lo % (1 << w), hi % (1 << w), st % (1 << w)
    if st <= 0:
        return -1
    return max(0, -(-(hi - lo) // st))

