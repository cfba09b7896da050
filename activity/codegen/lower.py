"""Lowering of the subset (func, arith, math, scf, cf, memref) to LLVM IR with llvmlite.

One Python translator walks the xDSL IR and emits llvmlite IR directly (see
``docs/codegen.md`` for why this instead of xDSL rewrite patterns to the ``llvm``
dialect).  What each op computes comes from the op table: float ops are emitted by
evaluating the table's generic ``sem`` with the LLVM backend of
:mod:`activity.codegen.llvmnum`; integer ops, comparisons and casts map table op names
to LLVM instructions (:data:`INT_BINOPS`, :data:`CAST_OPS`, ...), with the edge cases
the table defines (shifts past the width give 0, ``fptosi`` of NaN/inf gives 0, an
integer division by zero gives an unspecified value rather than a trap).

Conventions, all those of upstream MLIR so that our functions link with code lowered
by ``mlir-opt --finalize-memref-to-llvm --convert-func-to-llvm``:

* ``index`` is ``i64``; memrefs are descriptors (:mod:`activity.codegen.types`),
  expanded into their fields at function boundaries;
* a function returns nothing (``void``), its single result, or a literal struct of its
  results;
* ``memref.alloc`` calls ``calloc`` (fresh memory is zero, as in the interpreter) and
  ``memref.dealloc`` calls ``free`` on the allocated pointer; ``memref.get_global``
  puts ``0xdeadbeef`` in the allocated pointer as upstream does.

Departures from upstream, each to match the reference interpreter: fresh memory is
zero-filled (also ``alloca``); ``memref.alloca`` whose buffer reaches a
``func.return`` is heap-allocated (upstream would return a dangling stack pointer);
``scf.parallel`` runs its iterations in order on the host (the GPU target maps it to
threads, :mod:`activity.codegen.gpu`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from llvmlite import ir
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    StringAttr,
    UnitAttr,
)
from xdsl.dialects.llvm import LLVMArrayType, LLVMFunctionType, LLVMStructType
from xdsl.ir import Attribute, Block, Operation, OpResult, Region, SSAValue

from activity.codegen.extents import CHECKED_OPS as EXTENT_CHECKED_OPS
from activity.codegen.extents import Extents, is_ptr
from activity.codegen.llvmnum import LLVMBackend
from activity.codegen.types import (
    F64,
    I1,
    I8,
    I32,
    I64,
    PTR,
    VOID,
    CodegenError,
    Layout,
    descriptor_type,
    elem_size,
    flat_types,
    is_dynamic,
    is_float_type,
    layout,
    llvm_signature,
    value_type,
)
from activity.engine.program import (
    Program,
    call_args,
    call_target,
    has_body,
    is_public,
    successor_operands,
)
from activity.frontend import place_of as where
from activity.ops import LOOP_OPS, TABLE, OpKind, op_name
from activity.ops.rmw import RMW_TABLE_OP, rmw_kind
from activity.ops.switch import SWITCH_OPS, switch_cases
from activity.ops.table import CMPF_PREDICATES, CMPI_PREDICATES, predicate_name

# ---------------------------------------------------------------------------------------
# Table op names -> LLVM instructions (integer ops, comparisons, casts).

INT_BINOPS = {
    "arith.addi": "add", "llvm.add": "add",
    "arith.subi": "sub", "llvm.sub": "sub",
    "arith.muli": "mul", "llvm.mul": "mul",
    "arith.andi": "and_", "llvm.and": "and_",
    "arith.ori": "or_", "llvm.or": "or_",
    "arith.xori": "xor", "llvm.xor": "xor",
}
INT_DIVS = {  # name -> (signed?, remainder?)
    "arith.divsi": (True, False), "llvm.sdiv": (True, False),
    "arith.divui": (False, False), "llvm.udiv": (False, False),
    "arith.remsi": (True, True), "llvm.srem": (True, True),
    "arith.remui": (False, True), "llvm.urem": (False, True),
}
INT_SHIFTS = {"arith.shli": "shl", "llvm.shl": "shl", "arith.shrui": "lshr",
              "llvm.lshr": "lshr", "arith.shrsi": "ashr", "llvm.ashr": "ashr"}
INT_MINMAX = {  # name -> icmp predicate choosing the first operand
    "arith.maxsi": "sge", "llvm.intr.smax": "sge", "arith.minsi": "sle",
    "llvm.intr.smin": "sle", "arith.maxui": "uge", "llvm.intr.umax": "uge",
    "arith.minui": "ule", "llvm.intr.umin": "ule",
}
INT_UNARY_INTRINSICS = {"llvm.intr.ctpop": "llvm.ctpop", "math.ctpop": "llvm.ctpop",
                        "llvm.intr.ctlz": "llvm.ctlz", "llvm.intr.cttz": "llvm.cttz",
                        "llvm.intr.abs": "llvm.abs"}
CAST_OPS = {
    "arith.sitofp": "sitofp", "llvm.sitofp": "sitofp",
    "arith.uitofp": "uitofp", "llvm.uitofp": "uitofp",
    "arith.fptosi": "fptoi", "llvm.fptosi": "fptoi",
    "arith.fptoui": "fptoi", "llvm.fptoui": "fptoi",
    "arith.extf": "fpresize", "llvm.fpext": "fpresize",
    "arith.truncf": "fpresize", "llvm.fptrunc": "fpresize",
    "arith.index_cast": "sext", "arith.extsi": "sext", "llvm.sext": "sext",
    "arith.index_castui": "zext", "arith.extui": "zext", "llvm.zext": "zext",
    "arith.trunci": "zext", "llvm.trunc": "zext",
    "arith.bitcast": "bitcast", "llvm.bitcast": "bitcast",
    "llvm.freeze": "freeze",
}
_ICMP = {"eq": ("s", "=="), "ne": ("s", "!="), "slt": ("s", "<"), "sle": ("s", "<="),
         "sgt": ("s", ">"), "sge": ("s", ">="), "ult": ("u", "<"), "ule": ("u", "<="),
         "ugt": ("u", ">"), "uge": ("u", ">=")}

# the LLVM atomicrmw operation with the same result, where there is one
RMW_LLVM = {"addf": "fadd", "addi": "add", "andi": "and", "assign": "xchg",
            "maxs": "max", "maxu": "umax", "mins": "min", "minu": "umin", "ori": "or",
            "xori": "xor"}


def _prop(op: Operation, name: str) -> Attribute | None:
    v = op.properties.get(name)
    return op.attributes.get(name) if v is None else v


def _ints(attr: Attribute) -> list[int]:
    get = getattr(attr, "get_values", None)
    if get is not None:
        return [int(x) for x in get()]
    return [int(getattr(x, "value", x).data) for x in attr.data]  # type: ignore[attr-defined]


def unsupported(op: Operation, why: str = "") -> CodegenError:
    msg = f"{op_name(op)} is not supported by the lowering" + (f" ({why})" if why else "")
    return CodegenError(msg, **where(op))


# ---------------------------------------------------------------------------------------
# Targets


@dataclass
class Target:
    """What differs between the host and the GPU lowering."""

    name: str  # "cpu" | "nvptx"
    triple: str
    data_layout: str = ""
    atomics: bool = False  # lower memref.atomic_rmw atomically (else a plain RMW)
    math_prefix: str = ""  # "__nv_" for libdevice
    malloc: str = "malloc"  # the allocation function (malloc-like: one size argument)
    free: str = "free"
    # Byte fresh memory is filled with: None leaves it uninitialized (as upstream MLIR:
    # reading it is undefined), 0 gives the interpreter's zeros, 0xFF NaNs (a test
    # that generated code never reads memory it did not write).
    fill: int | None = None
    # route the heap buffers whose whole life the function shows through the cache of
    # freed blocks (activity.codegen.heap; the host JIT only)
    heap_cache: bool = False
    # check every memref access against its memref's sizes (activity.codegen.checks):
    # a failed check is recorded and the function left at once
    check_bounds: bool = False
    # a failed cf.assert is recorded and the function left, for the caller to raise
    # (the host JIT, whose Python side reads the record), instead of trapping (which
    # kills the process)
    recover: bool = False


# LLVM intrinsics for math functions (the rest are libm calls on the host).
_INTRINSIC_MATH = {"sqrt", "fabs", "floor", "ceil", "trunc", "copysign", "sin", "cos",
                   "exp", "log", "log2", "log10", "pow"}
# On NVPTX these have native instructions; everything else comes from libdevice.
_NVPTX_NATIVE = {"sqrt", "fabs", "floor", "ceil", "trunc", "copysign"}

# The largest allocation compiled code asks for, in bytes (user space on x86-64 and
# AArch64 spans 2**47 bytes): a byte count past it, or one that wraps around, fails
# the allocation (FuncLowering.alloc_bytes) before malloc is called.
ALLOC_LIMIT = 1 << 47

# Innermost scf.for loops with constant bounds, at most UNROLL_MAX_TRIPS iterations and
# at most UNROLL_MAX_OPS ops once unrolled are marked for full unrolling.  LLVM's own
# heuristic stops at about 300 instructions after unrolling (at -O3); the reverse
# sweep's loops over a stencil's 9 directions (LBM) are larger, stayed rolled, and then
# recomputed their two integer remainders per direction, 18 per cell, where the
# unrolled forward loops share 6 (the direction vectors come from a constant global and
# fold).  LLVM honours ``llvm.loop.unroll.full`` for any known trip count, with no size
# limit of its own, hence the bounds here: only loops without loops inside (no copies
# of an inner loop, no nests multiplying), and a budget of ops.  UNROLL_MAX_TRIPS = 0
# turns the hint off.  Neither switch is part of the JIT caches' keys: call
# ``activity.codegen.jit.clear_cache()`` after changing one.
UNROLL_MAX_TRIPS = 16
UNROLL_MAX_OPS = 2048
# Whether loops with inner loops (nests whose inner trip counts have constant bounds)
# and inner loops with bounded (not constant) trip counts get the hint too.
UNROLL_NESTS = True
# Whether a loop hinted for full unrolling is also kept from being vectorized first
# (see FuncLowering.op_for).
UNROLL_NO_VECTORIZE = True
# Whether loops with a data-dependent branch (an ``scf.if`` whose condition depends on
# memory or on a float: Hand's ``weight != 0`` over its bones) get the hint too.
# Unrolled, LLVM if-converts such branches and runs every arm's work: with its sizes
# compiled in (8 bones), Hand's pruned gradient took 10.3 us against 8.5 us rolled
# (same-process A/Bs, four runs); a branch on a counter (``cc == 3``) folds once
# unrolled, and one on a value from outside the loop is unswitched: both keep it.
UNROLL_DATA_BRANCHES = False

# Loops whose trip count varies with an enclosing loop's counter (GMM's triangle
# ``for col: for r in col+1..d``, ``d`` known at run time) run a few iterations each
# time.  LLVM vectorizes them 4 wide with a vectorized epilogue, so a column's 4-wide
# loads of ``qx[r..r+3]`` overlap the 8-byte stores of the column before at another
# offset and stall on store forwarding (15% of GMM's gradient on one store).  Hinted
# ``vectorize.width 4``, ``interleave.count VARYING_VECTOR_MIN / 4``, such a loop keeps
# its vector body for runs of at least VARYING_VECTOR_MIN iterations and gets no
# vectorized epilogue (LLVM adds none to a hinted loop): shorter runs go scalar.  Only
# loops whose vectorization cannot reorder float sums get it (:func:`order_free`).
# VARYING_VECTOR_MIN (a multiple of 4; 0 turns the hint off) is not part of the JIT
# caches' keys, as the unrolling switches are not.  Measured side by side (GMM,
# d = 2..128): docs/codegen.md.
VARYING_VECTOR_MIN = 8


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
        a = _prop(owner, "value")
        if isinstance(a, IntegerAttr):
            return int(a.value.data)
    return None


def unroll_hint(op: Operation, trips: int) -> bool:
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
    if not 1 < trips <= UNROLL_MAX_TRIPS:
        return False
    n = _unrolled_ops(op.regions[0], UNROLL_MAX_OPS // trips)
    return n is not None and n * trips <= UNROLL_MAX_OPS


def _unrolled_ops(region: Region, budget: int) -> int | None:
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
        if name == "scf.for" and UNROLL_NESTS:
            bound = max_trips(inner)
            if bound is None or bound > UNROLL_MAX_TRIPS:
                return None
            body = _unrolled_ops(inner.regions[0], budget - n)
            if body is None:
                return None
            n += 1 + bound * body
        elif name in LOOP_OPS:
            return None
        elif (name == "scf.if" and not UNROLL_DATA_BRANCHES
              and data_dependent(inner.operands[0], region.parent_op())):
            return None
        else:
            n += 1
            for r in inner.regions:
                sub = _unrolled_ops(r, budget - n)
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


def unrolled_in_full(op: Operation) -> bool:
    """Whether ``scf.for`` ``op`` gets ``llvm.loop.unroll.full`` judged from the MLIR
    alone: as :func:`unroll_hint` says for its largest trip count, and, where its
    bounds move with enclosing counters, only when every enclosing loop they move with
    is unrolled in full as well.  (Otherwise LLVM cannot unroll it in full; it
    unrolls it at run time instead, and for a float sum the hint that keeps it from
    being vectorized first leaves it scalar.)"""
    if isinstance(_prop(op, "unsignedCmp"), UnitAttr):
        return False
    trips = max_trips(op)
    if trips is None or not unroll_hint(op, trips):
        return False
    bounds = list(op.operands[:3])
    p = op.parent_op()
    while p is not None:
        if (op_name(p) == "scf.for"
                and _reaches(list(bounds), {id(p.regions[0].blocks[0].args[0])})
                and not unrolled_in_full(p)):
            return False
        p = p.parent_op()
    return True


def _sums_floats(op: Operation) -> bool:
    """Whether ``scf.for`` ``op`` carries a float sum LLVM may reorder: an ``iter_arg``
    yielded by an ``arith.addf`` or ``arith.subf`` with the ``reassoc`` flag."""
    yld = op.regions[0].blocks[0].last_op
    return yld is not None and any(
        isinstance(v, OpResult) and op_name(v.op) in ("arith.addf", "arith.subf")
        and "reassoc" in fastmath_flags(v.op) for v in yld.operands)


def max_trips(op: Operation) -> int | None:
    """A constant bound on the trip count of ``scf.for`` ``op`` (signed, constant
    positive step) from the ranges of its bounds (:func:`index_range`), else None."""
    if isinstance(_prop(op, "unsignedCmp"), UnitAttr):
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
                or isinstance(_prop(parent, "unsignedCmp"), UnitAttr)):
            return None
        lb, ub = (index_range(x, depth + 1) for x in parent.operands[:2])
        if lb is None or ub is None or ub[1] <= lb[0]:
            return None
        return lb[0], ub[1] - 1
    name = op_name(owner)
    if name in ("arith.constant", "llvm.mlir.constant"):
        a = _prop(owner, "value")
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


# ---------------------------------------------------------------------------------------
# Module lowering


class ModuleLowering:
    """Lowers a set of functions of an xDSL module (and what they call) to one llvmlite
    module."""

    def __init__(self, module: ModuleOp, target: Target, name: str = "activity") -> None:
        self.module = module
        self.program = Program.of(module)
        self.target = target
        self.ir = ir.Module(name=name)
        self.ir.triple = target.triple
        if target.data_layout:
            self.ir.data_layout = target.data_layout
        self.fns: dict[str, ir.Function] = {}
        self.gvars: dict[str, ir.GlobalVariable] = {}
        self.defined: set[str] = set()
        self.used_math: set[str] = set()
        self.keep_public: set[str] = set()
        # called for every scf.parallel of a host function; True when it lowered it
        # (the GPU target turns the outermost ones into kernel launches)
        self.parallel_hook: Callable[[FuncLowering, Operation], bool] | None = None
        # the allocation function for one heap memref.alloc, when not target.malloc
        # (the GPU target: device memory for buffers only kernels dereference)
        self.alloc_hook: Callable[[FuncLowering, Operation], str | None] | None = None
        self._loop_ids = 0
        # target.check_bounds: the checked ops, numbered from 1 (the failure record's
        # first word; activity.codegen.checks)
        self.check_sites: list[tuple[str, Operation, str]] = []
        self._may_fail: set[str] | None = None

    def loop_id(self, *hints: tuple[str, ir.Constant | None]) -> ir.MDValue:
        """A fresh loop ID carrying ``hints`` (``("llvm.loop.unroll.full", None)``,
        ``("llvm.loop.vectorize.enable", i1 0)``): ``!N = !{!N, !{...}, ...}``.  A loop
        ID must refer to itself (LLVM keys loops by it), so every loop gets its own
        node; llvmlite has no distinct nodes, and caches metadata by operands, hence the
        unique placeholder that the self-reference then replaces.  (Never pass a loop ID
        to ``add_metadata``: hashing a node that contains itself does not end.)"""
        nodes = [self.ir.add_metadata([ir.MetaDataString(self.ir, name)]
                                      + ([] if value is None else [value]))
                 for name, value in hints]
        self._loop_ids += 1
        node = self.ir.add_metadata([ir.MetaDataString(self.ir,
                                                       f"activity.loop.{self._loop_ids}")])
        node.operands = (node, *nodes)
        return node

    # -- symbols -----------------------------------------------------------------------

    def declare(self, name: str, ret: ir.Type, args: Sequence[ir.Type]) -> ir.Function:
        g = self.ir.globals.get(name)
        if g is not None:
            return g
        return ir.Function(self.ir, ir.FunctionType(ret, list(args)), name=name)

    def intrinsic(self, name: str, ret: ir.Type, args: Sequence[ir.Type]) -> ir.Function:
        return self.declare(name, ret, args)

    def math(self, b: ir.IRBuilder, fname: str, args: list[ir.Value]) -> ir.Value:
        """Call math function ``fname`` on doubles for this target."""
        self.used_math.add(fname)
        if self.target.math_prefix and fname not in _NVPTX_NATIVE:
            fn = self.declare(self.target.math_prefix + fname, F64, [F64] * len(args))
        elif fname in _INTRINSIC_MATH:
            fn = self.intrinsic(f"llvm.{fname}.f64", F64, [F64] * len(args))
        else:
            fn = self.declare(fname, F64, [F64] * len(args))
        return b.call(fn, args)

    @staticmethod
    def signature(fop: Operation) -> tuple[ir.FunctionType, list[Attribute], list[Attribute]]:
        ft = _prop(fop, "function_type")
        if isinstance(ft, LLVMFunctionType):
            ins, outs = llvm_signature(ft)
        else:
            ins = list(ft.inputs.data)  # type: ignore[union-attr]
            outs = list(ft.outputs.data)  # type: ignore[union-attr]
        flat: list[ir.Type] = []
        for t in ins:
            flat += flat_types(t)
        return ir.FunctionType(return_type(outs), flat), ins, outs

    def function(self, name: str, at: Operation | None = None) -> ir.Function:
        fn = self.fns.get(name)
        if fn is not None:
            return fn
        fop = self.program.functions.get(name)
        if fop is None:
            raise CodegenError(f"no function @{name} to call", **where(at))
        fty, _, _ = self.signature(fop)
        existing = self.ir.globals.get(name)
        if existing is not None:  # e.g. a libm declaration made for a math op
            if existing.function_type != fty:
                raise CodegenError(f"@{name} clashes with a library function", **where(fop))
            fn = existing
        else:
            fn = ir.Function(self.ir, fty, name=name)
        self.fns[name] = fn
        return fn

    def global_var(self, name: str, at: Operation) -> tuple[ir.GlobalVariable, Layout]:
        gop = self.program.globals.get(name)
        if gop is None or op_name(gop) != "memref.global":
            raise CodegenError(f"no memref.global @{name}", **where(at))
        t = _prop(gop, "type")
        assert isinstance(t, MemRefType)
        lay = layout(t)
        if any(n is None for n in lay.shape):
            raise CodegenError(f"memref.global @{name} has a dynamic shape", **where(gop))
        g = self.gvars.get(name)
        if g is not None:
            return g, lay
        n = 1
        for s in lay.shape:
            n *= s  # type: ignore[operator]
        aty = ir.ArrayType(lay.elem, n)
        g = ir.GlobalVariable(self.ir, aty, name=f"__global_{name}")
        init = _prop(gop, "initial_value")
        if isinstance(init, DenseIntOrFPElementsAttr):
            vals = list(init.get_values())
            if len(vals) == 1:
                vals = vals * n
            g.initializer = ir.Constant(aty, [_const(lay.elem, v) for v in vals])
        else:
            g.initializer = ir.Constant(aty, None)
        if isinstance(_prop(gop, "constant"), UnitAttr):
            g.global_constant = True
        align = _prop(gop, "alignment")
        g.align = max(16, int(align.value.data)) if isinstance(align, IntegerAttr) else 16
        self.gvars[name] = g
        return g, lay

    def llvm_global(self, name: str, at: Operation) -> ir.Value:
        """The address of an ``llvm.mlir.global`` (scalar, dense or string initializer;
        zero otherwise)."""
        g = self.gvars.get(name)
        if g is not None:
            return g
        gop = self.program.globals.get(name)
        if gop is None or op_name(gop) != "llvm.mlir.global":
            raise CodegenError(f"no llvm.mlir.global @{name} (function pointers are not "
                               "supported)", **where(at))
        t = value_type(gop.properties["global_type"])
        g = ir.GlobalVariable(self.ir, t, name=f"__global_{name}")
        value = gop.properties.get("value")
        if isinstance(value, FloatAttr | IntegerAttr):
            g.initializer = _const(t, value.value.data)
        elif isinstance(value, DenseIntOrFPElementsAttr) and isinstance(t, ir.ArrayType):
            g.initializer = ir.Constant(t, [_const(t.element, v) for v in value.get_values()])
        elif isinstance(value, StringAttr) and isinstance(t, ir.ArrayType):
            data = value.data.encode("latin-1", errors="replace")[:t.count]
            g.initializer = ir.Constant(t, bytearray(data.ljust(t.count, b"\0")))
        elif gop.regions and gop.regions[0].blocks:
            raise unsupported(gop, "a global with an initializer region")
        else:
            g.initializer = ir.Constant(t, None)
        if isinstance(gop.properties.get("constant"), UnitAttr):
            g.global_constant = True
        self.gvars[name] = g
        return g

    # -- driving -----------------------------------------------------------------------

    def may_fail(self) -> set[str]:
        """The functions whose call may leave through the failure record, after which
        the caller must look (``check_after_call``): those holding a ``cf.assert`` or
        an allocation (when the target recovers from them or checks) or, in checked
        code, a ``memref`` op (a superset of the ops checked), and their callers,
        transitively.  A call of any other function -- a scalar helper -- needs no look
        at it."""
        if self._may_fail is None:
            import networkx as nx

            from activity.summaries.derive import call_graph

            t = self.target

            def fails(op: Operation) -> bool:
                name = op_name(op)
                # (op_assert records a failed cf.assert under either flag, and so
                # does check_allocated a failed heap allocation)
                return (((t.recover or t.check_bounds)
                         and name in ("cf.assert", "memref.alloc", "memref.alloca"))
                        or (t.check_bounds and (name.startswith("memref.")
                                                or name in EXTENT_CHECKED_OPS)))

            funcs = self.program.functions
            found = {name for name, fop in funcs.items() if has_body(fop)
                     and any(fails(op) for op in fop.walk())}
            if found:
                cg = call_graph(self.program, funcs)
                for name in list(found):
                    found |= nx.ancestors(cg, name)
            self._may_fail = found
        return self._may_fail

    def callees(self, roots: Sequence[str]) -> list[str]:
        """``roots`` and every function with a body they (transitively) call."""
        seen: list[str] = []
        todo = list(roots)
        while todo:
            name = todo.pop()
            if name in seen:
                continue
            fop = self.program.functions.get(name)
            if fop is None:
                raise CodegenError(f"no function @{name} in the module")
            seen.append(name)
            if not has_body(fop):
                continue
            for op in fop.walk():
                if op_name(op) in ("func.call", "llvm.call"):
                    t = call_target(op)
                    if t is not None and t not in seen:
                        todo.append(t)
        return seen

    def lower(self, roots: Sequence[str]) -> ir.Module:
        self.keep_public.update(roots)
        for name in self.callees(roots):
            self.define(name)
        return self.ir

    def define(self, name: str) -> ir.Function:
        fn = self.function(name)
        if name in self.defined:
            return fn
        self.defined.add(name)
        fop = self.program.functions[name]
        if has_body(fop):
            FuncLowering(self, fop, fn).run()
            if not is_public(fop) and name not in self.keep_public:
                fn.linkage = "internal"  # as upstream lowers private functions
        return fn


def return_type(outs: Sequence[Attribute]) -> ir.Type:
    if not outs:
        return VOID
    if len(outs) == 1:
        return value_type(outs[0])
    return ir.LiteralStructType([value_type(t) for t in outs])


def _const(t: ir.Type, v: Any) -> ir.Constant:
    if is_float_type(t):
        return ir.Constant(t, float(v))
    w = t.width  # type: ignore[attr-defined]
    v = int(v) & ((1 << w) - 1)
    if v >> (w - 1) and w > 1:
        v -= 1 << w
    return ir.Constant(t, v)


def rpo(entry: Block) -> list[Block]:
    """Blocks reachable from ``entry`` in reverse post-order (dominators first)."""
    seen: set[int] = set()
    post: list[Block] = []
    stack: list[tuple[Block, int]] = [(entry, 0)]
    seen.add(id(entry))
    while stack:
        blk, i = stack.pop()
        term = blk.last_op
        succs = list(term.successors) if term is not None else []
        if i < len(succs):
            stack.append((blk, i + 1))
            s = succs[i]
            if id(s) not in seen:
                seen.add(id(s))
                stack.append((s, 0))
        else:
            post.append(blk)
    return list(reversed(post))


_LOOP_OPS = ("scf.for", "scf.while", "scf.parallel")
_VIEW_NAMES = {n for n, s in TABLE.items() if s.kind is OpKind.MEM_VIEW and s.view}


# ---------------------------------------------------------------------------------------
# Function lowering


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


def fastmath_flags(op: Operation) -> tuple[str, ...]:
    """The LLVM fast-math flags of ``op``'s ``fastmath`` (arith) or ``fastmathFlags``
    (llvm) property: ``("reassoc",)`` for ``fastmath<reassoc>``; ``()`` for none."""
    a = op.properties.get("fastmath") or op.properties.get("fastmathFlags")
    flags = getattr(a, "data", None)
    return tuple(sorted(str(f.value) for f in flags)) if isinstance(flags, frozenset) else ()


class FuncLowering:
    """Lowers one function body."""

    def __init__(self, ml: ModuleLowering, fop: Operation, fn: ir.Function) -> None:
        self.ml = ml
        self.fop = fop
        self.fn = fn
        self.vals: dict[SSAValue, ir.Value] = {}
        self.entry = fn.append_basic_block("entry")
        self.b = ir.IRBuilder(self.entry)
        self.N = LLVMBackend(self.b, lambda f, args: ml.math(self.b, f, args))
        self._alloca_place: dict[int, str] = {}
        self._check_exit: ir.Block | None = None  # target.check_bounds: see check_exit
        # buffers whose atomic_rmw updates may be plain (a host thread's private copy)
        self.plain_rmw: set[SSAValue] = set()
        # target.check_bounds: the extents of pointer values (activity.codegen.extents)
        self.ext: Extents | None = Extents(self) if ml.target.check_bounds else None

    # -- helpers -------------------------------------------------------------------------

    def v(self, x: SSAValue) -> ir.Value:
        try:
            return self.vals[x]
        except KeyError:
            raise CodegenError(f"value {x.name_hint or x} used before it is defined "
                               "(or defined outside the function)") from None

    def i64(self, n: int) -> ir.Constant:
        return ir.Constant(I64, n)

    def const_int(self, x: SSAValue) -> int | None:
        """The value of ``x`` when it is an integer ``arith.constant``."""
        owner = getattr(x, "op", None)
        if owner is not None and op_name(owner) in ("arith.constant", "llvm.mlir.constant"):
            attr = _prop(owner, "value")
            if isinstance(attr, IntegerAttr):
                return int(attr.value.data)
        return None

    def fresh_block(self, name: str) -> ir.Block:
        return self.fn.append_basic_block(name)

    # -- driver --------------------------------------------------------------------------

    def run(self) -> None:
        body = self.fn.append_basic_block("body")
        self.b.position_at_end(body)
        args: list[ir.Value] = []
        k = 0
        _, ins, outs = self.ml.signature(self.fop)
        for t in ins:
            n = len(flat_types(t))
            parts = list(self.fn.args[k:k + n])
            k += n
            if isinstance(t, MemRefType):
                args.append(self.pack(descriptor_type(len(t.get_shape())), parts))
            else:
                args.append(parts[0])
        self._outs = outs
        region = self.fop.regions[0]
        if self.ext is not None:
            self.ext.params(self.fop, list(region.blocks.first.args))  # type: ignore
        self.lower_cfg(region, args, self._return)
        self.b.position_at_end(self.entry)
        self.b.branch(body)

    def _return(self, op: Operation, vals: list[ir.Value]) -> None:
        if op_name(op) not in ("func.return", "llvm.return"):
            raise unsupported(op, "terminator of a function body")
        rt = self.fn.function_type.return_type
        if not vals:
            self.b.ret_void()
        elif len(vals) == 1:
            self.b.ret(vals[0])
        else:
            self.b.ret(self.pack(rt, vals))

    def pack(self, t: ir.Type, parts: Sequence[ir.Value]) -> ir.Value:
        """A struct (descriptor or result tuple) from its flattened fields."""
        agg: ir.Value = ir.Constant(t, ir.Undefined)
        k = 0
        for i, ft in enumerate(t.elements):  # type: ignore[attr-defined]
            if isinstance(ft, ir.ArrayType):
                for j in range(ft.count):
                    agg = self.b.insert_value(agg, parts[k], [i, j])
                    k += 1
            else:
                agg = self.b.insert_value(agg, parts[k], i)
                k += 1
        return agg

    def unpack(self, agg: ir.Value) -> list[ir.Value]:
        """The flattened fields of a descriptor."""
        out: list[ir.Value] = []
        for i, ft in enumerate(agg.type.elements):  # type: ignore[attr-defined]
            if isinstance(ft, ir.ArrayType):
                out += [self.b.extract_value(agg, [i, j]) for j in range(ft.count)]
            else:
                out.append(self.b.extract_value(agg, i))
        return out

    # -- regions -------------------------------------------------------------------------

    def lower_cfg(self, region: Region, entry_args: Sequence[ir.Value],
                  on_exit: Callable[[Operation, list[ir.Value]], None]) -> None:
        """Lower a (possibly multi-block) region; ``on_exit`` handles the terminators
        that leave it (return / yield), with the builder at the exiting block."""
        first = region.blocks.first
        assert first is not None
        for a, v in zip(first.args, entry_args, strict=True):
            self.vals[a] = v
        if first.next_block is None:  # the common single-block case
            term = self.lower_ops(first)
            self._exit(term, on_exit)
            return
        order = rpo(first)
        bbs = {id(blk): self.fresh_block(f"bb{i}") for i, blk in enumerate(order)}
        self.b.branch(bbs[id(first)])
        for blk in order[1:]:
            self.b.position_at_start(bbs[id(blk)])
            for a in blk.args:
                self.vals[a] = self.b.phi(value_type(a.type))
            if self.ext is not None:
                self.ext.block_args(blk)
        for blk in order:
            self.b.position_at_end(bbs[id(blk)])
            term = self.lower_ops(blk)
            name = op_name(term) if term is not None else ""
            if name in ("cf.br", "llvm.br", "cf.cond_br", "llvm.cond_br", *SWITCH_OPS):
                self._branch(term, bbs)  # type: ignore[arg-type]
            else:
                self._exit(term, on_exit)

    def _exit(self, term: Operation | None, on_exit: Callable[[Operation, list[ir.Value]],
                                                              None]) -> None:
        if term is None:
            raise CodegenError("a block without terminator", **where(self.fop))
        name = op_name(term)
        if name in ("cf.br", "cf.cond_br", "llvm.br", "llvm.cond_br", *SWITCH_OPS):
            raise unsupported(term, "branch out of a single-block region")
        if name == "llvm.unreachable":
            self.b.unreachable()
            return
        on_exit(term, [self.v(x) for x in term.operands])

    def _branch(self, term: Operation, bbs: dict[int, ir.Block]) -> None:
        if op_name(term) in SWITCH_OPS:
            self._switch(term, bbs)
            return
        groups = successor_operands(term)
        if groups is None:
            raise unsupported(term, "cannot tell which operands go to which successor")
        targets = []
        for succ, ops in zip(term.successors, groups, strict=True):
            tb = bbs[id(succ)]
            vals = [self.v(x) for x in ops]
            if not vals:
                targets.append((tb, []))
                continue
            targets.append((tb, vals))
        if len(targets) == 1:
            tb, vals = targets[0]
            self._add_incoming(term.successors[0], vals, groups[0])
            self.b.branch(tb)
            return
        cond = self.v(term.operands[0])
        edges = []
        for succ, (tb, vals), ops in zip(term.successors, targets, groups, strict=True):
            if not vals:
                edges.append(tb)
                continue
            edge = self.fresh_block("edge")
            here = self.b.block
            self.b.position_at_end(edge)
            self._add_incoming(succ, vals, ops)
            self.b.branch(tb)
            self.b.position_at_end(here)
            edges.append(edge)
        self.b.cbranch(cond, edges[0], edges[1])

    def _switch(self, term: Operation, bbs: dict[int, ir.Block]) -> None:
        """An LLVM ``switch``; a successor that takes arguments is reached through an
        edge block of its own per case (a block may be the target of several cases,
        each passing other values, and a phi takes one value per predecessor)."""
        sw = switch_cases(term)
        if sw is None:
            raise unsupported(term, "cannot tell its case values and case operands")
        here = self.b.block

        def edge(succ: Block, ops: list[SSAValue]) -> ir.Block:
            if not ops:
                return bbs[id(succ)]
            vals = [self.v(x) for x in ops]
            e = self.fresh_block("case")
            self.b.position_at_end(e)
            self._add_incoming(succ, vals, ops)
            self.b.branch(bbs[id(succ)])
            self.b.position_at_end(here)
            return e

        flag = self.v(sw.flag)
        inst = self.b.switch(flag, edge(sw.default, sw.default_operands))
        seen: set[int] = set()
        for value, succ, ops in sw.cases:
            if value in seen:  # LLVM refuses duplicate cases; the first one wins
                continue
            seen.add(value)
            inst.add_case(_const(flag.type, value), edge(succ, ops))

    def _add_incoming(self, succ: Block, vals: list[ir.Value],
                      ops: Sequence[SSAValue]) -> None:
        for a, v in zip(succ.args, vals, strict=True):
            self.vals[a].add_incoming(v, self.b.block)  # type: ignore[attr-defined]
        if self.ext is not None:
            for a, x in zip(succ.args, ops, strict=True):
                self.ext.incoming(a, x)

    def lower_ops(self, block: Block) -> Operation | None:
        """Lower every op of ``block`` but its terminator, which is returned."""
        term = None
        for op in block.ops:
            if op is block.last_op and (op.successors or op_name(op) in _TERMINATORS):
                term = op
                break
            self.lower_op(op)
        return term

    def lower_body(self, region: Region, args: Sequence[ir.Value]) -> list[ir.Value]:
        """Lower a single-block region whose terminator yields values; returns them."""
        blk = region.blocks.first
        if blk is None:
            return []
        if blk.next_block is not None:
            out: list[list[ir.Value]] = []
            merge = self.fresh_block("region.end")
            exits: list[tuple[ir.Block, list[ir.Value]]] = []

            def on_exit(op: Operation, vals: list[ir.Value]) -> None:
                exits.append((self.b.block, vals))
                self.b.branch(merge)

            self.lower_cfg(region, args, on_exit)
            self.b.position_at_end(merge)
            if not exits:
                self.b.unreachable()
                return []
            n = len(exits[0][1])
            for k in range(n):
                phi = self.b.phi(exits[0][1][k].type)
                for bb, vals in exits:
                    phi.add_incoming(vals[k], bb)
                out.append([phi])
            return [o[0] for o in out]
        for a, v in zip(blk.args, args, strict=True):
            self.vals[a] = v
        term = self.lower_ops(blk)
        if term is None:
            return []
        return [self.v(x) for x in term.operands]

    # -- ops ---------------------------------------------------------------------------------

    def lower_op(self, op: Operation) -> None:
        name = op_name(op)
        method = _LOWERERS.get(name)
        if method is not None:
            getattr(self, method)(op)
            return
        spec = TABLE.get(name)
        if spec is None:
            raise unsupported(op, "not in the op table")
        if spec.kind is OpKind.FLOAT and spec.sem is not None:
            self.float_op(op, spec.sem)
        elif spec.kind is OpKind.META and not op.results:
            return
        else:
            raise unsupported(op)

    def set(self, op: Operation, *vals: ir.Value) -> None:
        for r, v in zip(op.results, vals, strict=True):
            self.vals[r] = v

    def float_op(self, op: Operation, sem: Callable[..., tuple[Any, ...]]) -> None:
        """Evaluate the table's ``sem`` with the LLVM backend, in double precision; the
        op's ``fastmath`` flags go on the instructions it becomes, as upstream's
        arith-to-llvm does."""
        args = [self.to_f64(self.v(x)) for x in op.operands]
        self.N.flags = fastmath_flags(op)
        try:
            r = sem(self.N, op, *[self.N.num(a) for a in args])[0]
        finally:
            self.N.flags = ()
        self.set(op, self.from_f64(self.N.val(r), value_type(op.results[0].type)))

    def to_f64(self, v: ir.Value) -> ir.Value:
        if not is_float_type(v.type):
            raise CodegenError(f"float op on a value of type {v.type}")
        return v if v.type == F64 else self.b.fpext(v, F64)

    def from_f64(self, v: ir.Value, t: ir.Type) -> ir.Value:
        return v if t == F64 else self.b.fptrunc(v, t)

    def op_constant(self, op: Operation) -> None:
        t = op.results[0].type
        name = op_name(op)
        lt = value_type(t)
        if name in ("llvm.mlir.zero", "llvm.mlir.undef", "llvm.mlir.poison", "ub.poison"):
            self.set(op, ir.Constant(lt, None))
            return
        attr = _prop(op, "value")
        if isinstance(attr, FloatAttr):
            v = float(attr.value.data)
            self.set(op, ir.Constant(F64, v) if lt == F64 else
                     self.const_narrow(v, lt))
        elif isinstance(attr, IntegerAttr):
            if is_float_type(lt):
                self.set(op, ir.Constant(lt, float(attr.value.data)))
            else:
                self.set(op, _const(lt, attr.value.data))
        else:
            raise unsupported(op, f"constant {attr}")

    def const_narrow(self, v: float, t: ir.Type) -> ir.Value:
        """A float constant of a narrower type, rounded like the interpreter rounds."""
        return self.b.fptrunc(ir.Constant(F64, v), t)

    # integer ops

    def op_int(self, op: Operation) -> None:
        name = op_name(op)
        a, b = (self.v(x) for x in op.operands[:2])
        if name in INT_BINOPS:
            self.set(op, getattr(self.b, INT_BINOPS[name])(a, b))
        elif name in INT_DIVS:
            self.set(op, self.int_div(a, b, *INT_DIVS[name]))
        elif name in INT_SHIFTS:
            w = a.type.width  # type: ignore[attr-defined]
            kind = INT_SHIFTS[name]
            inrange = self.b.icmp_unsigned("<", b, ir.Constant(a.type, w))
            if kind == "ashr":
                amt = self.b.select(inrange, b, ir.Constant(a.type, w - 1))
                self.set(op, self.b.ashr(a, amt))
            else:
                amt = self.b.select(inrange, b, ir.Constant(a.type, 0))
                r = getattr(self.b, kind)(a, amt)
                self.set(op, self.b.select(inrange, r, ir.Constant(a.type, 0)))
        elif name in INT_MINMAX:
            sign, sym = _ICMP[INT_MINMAX[name]]
            c = (self.b.icmp_signed if sign == "s" else self.b.icmp_unsigned)(sym, a, b)
            self.set(op, self.b.select(c, a, b))
        elif name in ("arith.floordivsi", "arith.ceildivsi", "arith.ceildivui"):
            self.set(op, self.round_div(name, a, b))
        else:
            raise unsupported(op)

    def safe_divisor(self, a: ir.Value, b: ir.Value, signed: bool) -> ir.Value:
        """``b``, or 1 where dividing by it would trap (zero, or MIN / -1)."""
        t = b.type
        one = ir.Constant(t, 1)
        bad = self.b.icmp_unsigned("==", b, ir.Constant(t, 0))
        if signed:
            w = t.width  # type: ignore[attr-defined]
            ovf = self.b.and_(self.b.icmp_signed("==", a, ir.Constant(t, -(1 << (w - 1)))),
                              self.b.icmp_signed("==", b, ir.Constant(t, -1)))
            bad = self.b.or_(bad, ovf)
        return self.b.select(bad, one, b)

    def int_div(self, a: ir.Value, b: ir.Value, signed: bool, rem: bool) -> ir.Value:
        d = self.safe_divisor(a, b, signed)
        if signed:
            return self.b.srem(a, d) if rem else self.b.sdiv(a, d)
        return self.b.urem(a, d) if rem else self.b.udiv(a, d)

    def round_div(self, name: str, a: ir.Value, b: ir.Value) -> ir.Value:
        t = a.type
        zero, one = ir.Constant(t, 0), ir.Constant(t, 1)
        if name == "arith.ceildivui":
            d = self.safe_divisor(a, b, False)
            q = self.b.udiv(a, d)
            r = self.b.urem(a, d)
            return self.b.add(q, self.b.zext(self.b.icmp_unsigned("!=", r, zero), t))
        d = self.safe_divisor(a, b, True)
        q = self.b.sdiv(a, d)
        r = self.b.srem(a, d)
        nz = self.b.icmp_signed("!=", r, zero)
        opposite = self.b.xor(self.b.icmp_signed("<", r, zero),
                              self.b.icmp_signed("<", d, zero))
        if name == "arith.floordivsi":  # q - 1 when inexact and the signs differ
            fix = self.b.and_(nz, opposite)
            return self.b.sub(q, self.b.zext(fix, t))
        fix = self.b.and_(nz, self.b.not_(opposite))  # ceil: q + 1 when signs agree
        del one
        return self.b.add(q, self.b.zext(fix, t))

    def op_int_unary(self, op: Operation) -> None:
        name = op_name(op)
        a = self.v(op.operands[0])
        t = a.type
        iname = INT_UNARY_INTRINSICS[name]
        if iname == "llvm.ctpop":
            r = self.b.call(self.ml.intrinsic(f"llvm.ctpop.i{t.width}", t, [t]), [a])
        else:  # ctlz / cttz / abs take an i1 "poison on zero / INT_MIN" flag
            fn = self.ml.intrinsic(f"{iname}.i{t.width}", t, [t, I1])
            r = self.b.call(fn, [a, ir.Constant(I1, 0)])
        rt = value_type(op.results[0].type)
        if rt != t:
            r = self.b.trunc(r, rt) if rt.width < t.width else self.b.zext(r, rt)
        self.set(op, r)

    # comparisons and select

    def op_cmp(self, op: Operation) -> None:
        a, b = (self.v(x) for x in op.operands[:2])
        if op_name(op) in ("arith.cmpf", "llvm.fcmp"):
            pred = predicate_name(op, CMPF_PREDICATES).lstrip("_")
            if pred == "false":
                r: ir.Value = ir.Constant(I1, 0)
            elif pred == "true":
                r = ir.Constant(I1, 1)
            else:
                r = self.b.fcmp_ordered(pred, a, b)
        else:
            pred = predicate_name(op, CMPI_PREDICATES)
            sign, sym = _ICMP[pred]
            r = (self.b.icmp_signed if sign == "s" else self.b.icmp_unsigned)(sym, a, b)
        self.set(op, r)

    def op_select(self, op: Operation) -> None:
        c, a, b = (self.v(x) for x in op.operands[:3])
        r = self.b.select(c, a, b)
        if self.ext is not None and is_ptr(op.results[0].type):
            self.ext.select(op, c)
        if op.name == "arith.select":
            # the program chose data flow over a branch; without this mark x86's
            # cmov converter turns a select in a loop whose condition hangs on a load
            # back into a branch, a bet on prediction that a binary search loses
            # (XSBench's primal 1.10-1.14x faster with it; docs/codegen.md)
            r.set_metadata("unpredictable", self.ml.ir.add_metadata([]))
        self.set(op, r)

    # casts

    def op_cast(self, op: Operation) -> None:
        kind = CAST_OPS[op_name(op)]
        a = self.v(op.operands[0])
        rt = value_type(op.results[0].type)
        b = self.b
        if kind in ("sitofp", "uitofp"):
            d = b.sitofp(a, F64) if kind == "sitofp" else b.uitofp(a, F64)
            self.set(op, self.from_f64(d, rt))  # via double, as the interpreter rounds
        elif kind == "fptoi":
            self.set(op, self.fptoi(self.to_f64(a), rt))
        elif kind == "fpresize":
            if rt == a.type:
                self.set(op, a)
            elif is_float_type(rt) and elem_size(rt) > elem_size(a.type):
                self.set(op, b.fpext(a, rt))
            else:
                self.set(op, b.fptrunc(a, rt))
        elif kind in ("sext", "zext"):
            aw, rw = a.type.width, rt.width  # type: ignore[attr-defined]
            if aw == rw:
                self.set(op, a)
            elif aw > rw:
                self.set(op, b.trunc(a, rt))
            else:
                self.set(op, b.sext(a, rt) if kind == "sext" else b.zext(a, rt))
        elif kind == "bitcast":
            self.set(op, a if a.type == rt else b.bitcast(a, rt))
        elif kind == "freeze":
            self.set(op, a)
        else:  # pragma: no cover - CAST_OPS and this method are kept in step
            raise unsupported(op)

    def fptoi(self, a: ir.Value, rt: ir.Type) -> ir.Value:
        """The table's float -> integer: truncate toward zero and wrap modulo 2^w;
        NaN and infinities give 0."""
        b = self.b
        two63 = ir.Constant(F64, 2.0 ** 63)
        fab = self.ml.math(b, "fabs", [a])
        small = b.fcmp_ordered("<", fab, two63)  # false for NaN / inf too
        start = b.block
        big_bb = self.fresh_block("fptoi.big")
        done = self.fresh_block("fptoi.done")
        b.cbranch(small, done, big_bb)
        b.position_at_end(big_bb)
        finite = b.fcmp_ordered("<", fab, ir.Constant(F64, float("inf")))
        m = b.frem(a, ir.Constant(F64, 2.0 ** 64))  # exact
        m = b.select(b.fcmp_ordered(">=", m, two63), b.fsub(m, ir.Constant(F64, 2.0 ** 64)),
                     m)
        m = b.select(b.fcmp_ordered("<", m, ir.Constant(F64, -(2.0 ** 63))),
                     b.fadd(m, ir.Constant(F64, 2.0 ** 64)), m)
        m = b.select(finite, m, ir.Constant(F64, 0.0))
        big_end = b.block
        b.branch(done)
        b.position_at_end(done)
        x = b.phi(F64)
        x.add_incoming(a, start)
        x.add_incoming(m, big_end)
        r = b.fptosi(x, I64)
        if rt.width < 64:  # type: ignore[attr-defined]
            r = b.trunc(r, rt)
        elif rt.width > 64:  # type: ignore[attr-defined]
            r = b.sext(r, rt)
        return r

    # memrefs

    def layout_of(self, x: SSAValue) -> Layout:
        t = x.type
        if not isinstance(t, MemRefType):
            raise CodegenError(f"expected a memref, got {t}")
        return layout(t)

    def dsizes(self, d: ir.Value, lay: Layout) -> list[ir.Value]:
        return [self.i64(n) if n is not None else self.b.extract_value(d, [3, k])
                for k, n in enumerate(lay.shape)]

    def dstrides(self, d: ir.Value, lay: Layout) -> list[ir.Value]:
        return [self.i64(s) if s is not None else self.b.extract_value(d, [4, k])
                for k, s in enumerate(lay.strides)]

    def doffset(self, d: ir.Value, lay: Layout) -> ir.Value:
        return self.i64(lay.offset) if lay.offset is not None else self.b.extract_value(d, 2)

    def linear(self, d: ir.Value, lay: Layout, idxs: Sequence[ir.Value]) -> ir.Value:
        """Element offset (from the aligned pointer) of ``d[idxs]``."""
        off: ir.Value | None = None
        if lay.offset != 0:
            off = self.doffset(d, lay)
        for k, i in enumerate(idxs):
            s = lay.strides[k]
            term = i if s == 1 else self.b.mul(
                i, self.i64(s) if s is not None else self.b.extract_value(d, [4, k]))
            off = term if off is None else self.b.add(off, term)
        return off if off is not None else self.i64(0)

    def elem_ptr(self, d: ir.Value, lay: Layout, idxs: Sequence[ir.Value],
                 op: Operation | None = None) -> ir.Value:
        """The address of ``d[idxs]``; with ``target.check_bounds`` and the accessing
        ``op`` given, every index is checked against its dimension's size first."""
        if op is not None and self.ml.target.check_bounds and idxs:
            sizes = self.dsizes(d, lay)
            self.checked(op, "index", [self.b.icmp_unsigned("<", i, n)
                                       for i, n in zip(idxs, sizes, strict=True)],
                         list(idxs), sizes)
        base = self.b.extract_value(d, 1)
        return self.b.gep(base, [self.linear(d, lay, idxs)], inbounds=True,
                          source_etype=lay.elem)

    def checked(self, op: Operation, kind: str, oks: list[ir.Value], got: list[ir.Value],
                limit: list[ir.Value], dims: Sequence[int] | None = None) -> None:
        """Branch on the checks ``oks`` (one per dimension): where one fails, record the
        site of ``op``, the first failing dimension and its ``got``/``limit`` values,
        and leave the function (:mod:`activity.codegen.checks`); the code after it runs
        only when every check holds.  A target that neither checks nor recovers (a
        kernel on a GPU, ahead-of-time code: no record to leave through) traps
        instead (the allocation checks, made in every mode)."""
        from activity.codegen.checks import failed_block

        b = self.b
        ok = oks[0]
        for c in oks[1:]:
            ok = b.and_(ok, c)
        bad = self.fresh_block("check.fail")
        cont = self.fresh_block("check.ok")
        b.cbranch(ok, cont, bad)
        b.position_at_end(bad)
        t = self.ml.target
        if not (t.check_bounds or t.recover):  # no record to leave through: trap
            b.call(self.ml.intrinsic("llvm.trap", VOID, []), [])
            b.unreachable()
            b.position_at_end(cont)
            return
        at = list(dims) if dims is not None else list(range(len(oks)))
        dim: ir.Value = self.i64(at[-1])
        g, lim = got[-1], limit[-1]
        for k in range(len(oks) - 2, -1, -1):  # the first failing dimension
            dim = b.select(oks[k], dim, self.i64(at[k]))
            g = b.select(oks[k], g, got[k])
            lim = b.select(oks[k], lim, limit[k])
        failed_block(self, kind, op, dim, g, lim)
        b.branch(self.check_exit())
        b.position_at_end(cont)

    def check_exit(self) -> ir.Block:
        """The block a failed check leaves the function through: it returns undefined
        results (the caller -- a function checking after the call, or Python -- sees
        the failure record and never reads them)."""
        if self._check_exit is None:
            if self.fn.name in self.ml.program.functions and \
                    self.fn.name not in self.ml.may_fail():
                # its callers would not look at the record: may_fail must grow
                raise CodegenError(f"internal: @{self.fn.name} may leave through the "
                                   "failure record, which may_fail() does not know")
            here = self.b.block
            bb = self.fresh_block("check.exit")
            self.b.position_at_end(bb)
            rt = self.fn.function_type.return_type
            if isinstance(rt, ir.VoidType):
                self.b.ret_void()
            else:
                self.b.ret(ir.Constant(rt, ir.Undefined))
            self.b.position_at_end(here)
            self._check_exit = bb
        return self._check_exit

    def check_after_call(self) -> None:
        """After a call of a function of the module in checked code: leave too when the
        callee failed a check (it has left already)."""
        from activity.codegen.checks import failed

        bad = failed(self)
        cont = self.fresh_block("call.ok")
        self.b.cbranch(bad, self.check_exit(), cont)
        self.b.position_at_end(cont)

    # An i1 element is a byte in memory (as numpy's bool_): it is loaded and stored as
    # an i8.  LLVM's own ``store i1`` would do for one element, but a vectorized loop
    # cannot store ``<4 x i1>`` into four bytes (in memory a vector of i1 is bit-packed),
    # so it extracted and stored every lane alone -- the AD's taped branch conditions
    # in miniBUDE's vectorized forward sweep.  As i8 the lanes go out in one store.
    def op_load(self, op: Operation) -> None:
        m = op.operands[0]
        lay = self.layout_of(m)
        p = self.elem_ptr(self.v(m), lay, [self.v(x) for x in op.operands[1:]], op)
        if lay.elem == I1:
            byte = self.b.load(p, typ=I8)
            self.set(op, self.b.icmp_unsigned("!=", byte, ir.Constant(I8, 0)))
            return
        self.set(op, self.b.load(p, typ=lay.elem))

    def op_store(self, op: Operation) -> None:
        v, m = op.operands[0], op.operands[1]
        lay = self.layout_of(m)
        p = self.elem_ptr(self.v(m), lay, [self.v(x) for x in op.operands[2:]], op)
        val = self.v(v)
        if lay.elem == I1:
            val = self.b.zext(val, I8)
        self.b.store(val, p)

    def op_atomic_rmw(self, op: Operation) -> None:
        v, m = op.operands[0], op.operands[1]
        lay = self.layout_of(m)
        p = self.elem_ptr(self.v(m), lay, [self.v(x) for x in op.operands[2:]], op)
        val = self.v(v)
        try:
            kind = rmw_kind(op)
        except ValueError as e:
            raise unsupported(op, str(e)) from None
        if lay.elem == I1:  # a byte in memory (see op_load): a flag in, a flag out
            atomic = self.ml.target.atomics and m not in self.plain_rmw
            self.set(op, self.rmw_flag(p, val, kind, atomic))
            return
        if self.ml.target.atomics and m not in self.plain_rmw:
            llk = RMW_LLVM.get(kind)
            if llk is not None:
                self.set(op, self.b.atomic_rmw(llk, p, val, "monotonic"))
                return
            self.set(op, self.cas_loop(p, val, kind, lay.elem))
            return
        old = self.b.load(p, typ=lay.elem)  # the host runs scf.parallel in order
        new = val if kind == "assign" else self.combine(kind, old, val)
        self.b.store(new, p)
        self.set(op, old)

    def rmw_flag(self, p: ir.Value, val: ir.Value, kind: str, atomic: bool) -> ir.Value:
        """``memref.atomic_rmw`` on an i1 element, stored as a byte: the old byte read
        as ``!= 0``, combined as i1, stored as 0 or 1 -- through a cmpxchg loop on the
        byte when ``atomic`` (LLVM has no atomics on i1, and an ``atomicrmw`` on the i8
        would combine the raw bytes, 2 AND 1 = 0 for two true flags)."""
        if atomic:
            return self.cas_loop(p, val, kind, I1)
        b = self.b  # the host runs scf.parallel in order
        old = b.icmp_unsigned("!=", b.load(p, typ=I8), ir.Constant(I8, 0))
        new = val if kind == "assign" else self.combine(kind, old, val)
        b.store(b.zext(new, I8), p)
        return old

    def combine(self, kind: str, old: ir.Value, val: ir.Value) -> ir.Value:
        """``old (kind) val`` computed as the table op of the kind."""
        name = RMW_TABLE_OP[kind]
        spec = TABLE[name]
        if spec.kind is OpKind.FLOAT:
            assert spec.sem is not None
            r = spec.sem(self.N, None, self.N.num(self.to_f64(old)),
                         self.N.num(self.to_f64(val)))[0]
            return self.from_f64(self.N.val(r), old.type)
        if name in INT_BINOPS:
            return getattr(self.b, INT_BINOPS[name])(old, val)
        sign, sym = _ICMP[INT_MINMAX[name]]
        c = (self.b.icmp_signed if sign == "s" else self.b.icmp_unsigned)(sym, old, val)
        return self.b.select(c, old, val)

    def cas_loop(self, p: ir.Value, val: ir.Value, kind: str, t: ir.Type) -> ir.Value:
        """An atomic read-modify-write without an LLVM atomicrmw op: a cmpxchg loop on
        the element's memory word -- a float's bits, an i1's byte (see ``op_load``)."""
        b = self.b
        mem: ir.Type
        if t == I1:
            mem = I8
            decode = lambda w: b.icmp_unsigned("!=", w, ir.Constant(I8, 0))  # noqa: E731
            encode = lambda x: b.zext(x, I8)  # noqa: E731
        elif is_float_type(t):
            mem = ir.IntType(elem_size(t) * 8)
            decode = lambda w: b.bitcast(w, t)  # noqa: E731
            encode = lambda x: b.bitcast(x, mem)  # noqa: E731
        else:
            mem = t
            decode = encode = lambda x: x  # noqa: E731
        start = b.block
        init = b.load(p, typ=mem)
        loop = self.fresh_block("cas.loop")
        done = self.fresh_block("cas.done")
        b.branch(loop)
        b.position_at_end(loop)
        word = b.phi(mem)
        word.add_incoming(init, start)
        old = decode(word)
        new = val if kind == "assign" else self.combine(kind, old, val)
        pair = b.cmpxchg(p, word, encode(new), "monotonic", "monotonic")
        word.add_incoming(b.extract_value(pair, 0), b.block)
        b.cbranch(b.extract_value(pair, 1), done, loop)
        b.position_at_end(done)
        return old

    def op_alloc(self, op: Operation) -> None:
        t = op.results[0].type
        assert isinstance(t, MemRefType)
        lay = layout(t)
        if not lay.contiguous() or lay.offset != 0:
            raise unsupported(op, f"allocation of a non-identity layout {t}")
        dyn = iter(self.v(x) for x in getattr(op, "dynamic_sizes", op.operands))
        sizes = [self.i64(n) if n is not None else next(dyn) for n in lay.shape]
        es = elem_size(lay.elem)
        # the byte count, checked in every mode (a size that wraps it around made a
        # small block the accesses ran past: heap corruption, issue 36)
        nbytes = self.alloc_bytes(op, sizes, es)
        count = self.product(sizes)
        align_attr = _prop(op, "alignment")
        align = int(align_attr.value.data) if isinstance(align_attr, IntegerAttr) else 0
        name = op_name(op)
        place = self.alloca_place(op) if name == "memref.alloca" else "heap"
        if place == "heap":
            hook = self.ml.alloc_hook
            fname = hook(self, op) if hook is not None else None
            if self.block_cached(op):
                raw = self.cached_malloc(nbytes, op)
                self.set(op, self.pack(descriptor_type(lay.rank),
                                       [raw, raw, self.i64(0), *sizes,
                                        *self.row_major(sizes)]))
                return
            if align > 16:  # (below 2**47 bytes: the sum does not wrap around)
                padded = self.b.add(nbytes, self.i64(align))
                raw = self.call_malloc(padded, self.i64(1), fname, op)
                a = self.b.ptrtoint(raw, I64)
                a = self.b.and_(self.b.add(a, self.i64(align - 1)), self.i64(-align))
                aligned = self.b.inttoptr(a, PTR)
            else:
                raw = self.call_malloc(count, self.i64(es), fname, op, nbytes)
                aligned = raw
        else:
            if place == "entry":
                ab = ir.IRBuilder(self.entry)
                ab.position_at_start(self.entry)
                raw = ab.alloca(lay.elem, size=count)
            else:
                raw = self.b.alloca(lay.elem, size=count)
            raw.align = max(align, 16)
            aligned = raw
            fill = self.ml.target.fill
            if fill is not None:
                self.b.call(self.ml.intrinsic("llvm.memset.p0.i64", VOID, [PTR, I8, I64, I1]),
                            [raw, ir.Constant(I8, fill), nbytes, ir.Constant(I1, 0)])
        self.set(op, self.pack(descriptor_type(lay.rank),
                               [raw, aligned, self.i64(0), *sizes,
                                *self.row_major(sizes)]))

    def alloc_bytes(self, op: Operation, sizes: list[ir.Value], es: int) -> ir.Value:
        """The byte count of an allocation of ``sizes`` elements of ``es`` bytes,
        checked in every mode: no size negative, the product of the sizes and ``es``
        computed without wrapping around (``llvm.umul.with.overflow``) and below
        ``ALLOC_LIMIT``; where not, the allocation fails (``checks.failure``: a
        ``BoundsError`` for a negative size, an ``AllocationError`` else) -- recorded
        where the target recovers or checks, a trap elsewhere (kernels on a GPU).
        A size that wrapped the byte count around made a small block that the
        accesses ran past (heap corruption, issue 36).  Cost: a multiply with an
        overflow flag per dynamic dimension and one branch per allocation.  Sizes all
        constant are checked here, at compile time."""
        b = self.b
        consts = [int(n.constant) if isinstance(n, ir.Constant) else None  # type: ignore
                  for n in sizes]
        if all(c is not None for c in consts):
            total = es
            for c in consts:
                total *= c  # type: ignore[operator]
            if total < ALLOC_LIMIT:
                return self.i64(total)
        oks: list[ir.Value] = []
        got: list[ir.Value] = []
        limit: list[ir.Value] = []
        dims: list[int] = []
        for k, (n, c) in enumerate(zip(sizes, consts, strict=True)):
            if c is None:  # a negative size first (its unsigned product overflows too)
                oks.append(b.icmp_signed(">=", n, self.i64(0)))
                got.append(n)
                limit.append(self.i64(0))
                dims.append(k)
        nb: ir.Value = self.i64(es)
        for k, (n, c) in enumerate(zip(sizes, consts, strict=True)):
            if c == 1:
                continue
            r = b.umul_with_overflow(nb, n)
            oks.append(b.not_(b.extract_value(r, 1)))
            got.append(n)
            limit.append(nb)  # the element size times the sizes before dimension k
            dims.append(-3 - k)
            nb = b.extract_value(r, 0)
        oks.append(b.icmp_unsigned("<", nb, self.i64(ALLOC_LIMIT)))
        got.append(nb)
        limit.append(self.i64(ALLOC_LIMIT))
        dims.append(-1)
        self.checked(op, "alloc", oks, got, limit, dims=dims)
        return nb

    def block_cached(self, alloc: Operation) -> bool:
        """``alloc`` and its deallocs go through the cache of freed blocks: a host JIT
        ``memref.alloc`` without over-alignment whose buffer only meets loads, stores,
        dims and deallocs (``cacheable_alloc``)."""
        if not self.ml.target.heap_cache or self.ml.alloc_hook is not None \
                or op_name(alloc) != "memref.alloc":
            return False
        al = _prop(alloc, "alignment")
        if isinstance(al, IntegerAttr) and int(al.value.data) > 16:
            return False
        return cacheable_alloc(alloc.results[0])

    def check_allocated(self, op: Operation | None, p: ir.Value, nbytes: ir.Value) -> None:
        """The allocation of ``op`` got a block -- a null pointer, for a block larger
        than the machine can give, would be written through: the process died of a
        segmentation fault (a user test).  ``malloc(0)`` may return null.  Recorded
        (an ``AllocationError``) where the target recovers or checks (the host JIT),
        a trap elsewhere (kernels on a GPU, ahead-of-time code).  The byte count was
        checked before (``alloc_bytes``): no size wraps it around to a small one."""
        if op is not None:
            ok = self.b.or_(self.b.icmp_unsigned("!=", p, ir.Constant(PTR, None)),
                            self.b.icmp_unsigned("==", nbytes, self.i64(0)))
            self.checked(op, "alloc", [ok], [nbytes], [self.i64(0)], dims=[-2])

    def cached_malloc(self, nbytes: ir.Value, op: Operation | None = None) -> ir.Value:
        """``nbytes`` from the cache of freed blocks (``activity.codegen.heap``), filled as
        the target says (a reused block holds old data: ``fill=0`` needs a memset, not
        ``calloc``)."""
        from activity.codegen.heap import ALLOC, define_heap_cache

        define_heap_cache(self.ml.ir)
        p = self.b.call(self.ml.ir.globals[ALLOC], [nbytes])
        self.check_allocated(op, p, nbytes)
        fill = self.ml.target.fill
        if fill is not None:
            self.b.call(self.ml.intrinsic("llvm.memset.p0.i64", VOID, [PTR, I8, I64, I1]),
                        [p, ir.Constant(I8, fill), nbytes, ir.Constant(I1, 0)])
        return p

    def call_malloc(self, count: ir.Value, size: ir.Value, fname: str | None = None,
                    op: Operation | None = None, nbytes: ir.Value | None = None
                    ) -> ir.Value:
        """``count * size`` bytes (``nbytes`` when given: the product, checked) from the
        target's allocator (``calloc`` for zero-filled host memory)."""
        t = self.ml.target
        n = nbytes if nbytes is not None else self.b.mul(count, size)
        if fname is None and t.fill == 0 and t.malloc == "malloc":
            fn = self.ml.declare("calloc", PTR, [I64, I64])
            p = self.b.call(fn, [count, size])
            self.check_allocated(op, p, n)
            return p
        fn = self.ml.declare(fname or t.malloc, PTR, [I64])
        p = self.b.call(fn, [n])
        self.check_allocated(op, p, n)
        if t.fill is not None and fname is None:
            self.b.call(self.ml.intrinsic("llvm.memset.p0.i64", VOID, [PTR, I8, I64, I1]),
                        [p, ir.Constant(I8, t.fill), n, ir.Constant(I1, 0)])
        return p

    def product(self, vals: Sequence[ir.Value]) -> ir.Value:
        acc: ir.Value | None = None
        for v in vals:
            acc = v if acc is None else self.b.mul(acc, v)
        return acc if acc is not None else self.i64(1)

    def row_major(self, sizes: Sequence[ir.Value]) -> list[ir.Value]:
        out: list[ir.Value] = []
        acc: ir.Value = self.i64(1)
        for s in reversed(sizes):
            out.append(acc)
            acc = self.b.mul(acc, s)
        return list(reversed(out))

    def alloca_place(self, op: Operation) -> str:
        """Where a memref.alloca lives: "heap" when its buffer can reach a func.return,
        "entry" (a static alloca) when its size is static and no other instance of
        it can be live at the same time, else "here" (a dynamic alloca)."""
        escapes, carried = _alloca_flow(op)
        if escapes:
            return "heap"
        t = op.results[0].type
        static = isinstance(t, MemRefType) and all(not is_dynamic(n) for n in t.get_shape())
        in_loop = _in_loop(op)
        if static and not (in_loop and carried):
            return "entry"
        return "here"

    def op_dealloc(self, op: Operation) -> None:
        m = op.operands[0]
        d = self.v(m)
        if isinstance(m, OpResult) and self.block_cached(m.owner):
            from activity.codegen.heap import FREE, define_heap_cache

            define_heap_cache(self.ml.ir)
            lay = self.layout_of(m)
            sizes = [self.b.extract_value(d, [3, k]) for k in range(lay.rank)]
            nbytes = self.b.mul(self.product(sizes), self.i64(elem_size(lay.elem)))
            self.b.call(self.ml.ir.globals[FREE], [self.b.extract_value(d, 0), nbytes])
            return
        fn = self.ml.declare(self.ml.target.free, VOID, [PTR])
        self.b.call(fn, [self.b.extract_value(d, 0)])

    def op_view_identity(self, op: Operation) -> None:
        if not op.results:
            return
        src = self.v(op.operands[0])
        st, rt = op.operands[0].type, op.results[0].type
        if not isinstance(st, MemRefType) or not isinstance(rt, MemRefType):
            raise unsupported(op, "unranked memrefs")
        if self.ml.target.check_bounds:
            self.check_layout(op, src, layout(st), layout(rt))
        self.set(op, src)

    def check_layout(self, op: Operation, d: ir.Value, ls: Layout, lr: Layout) -> None:
        """Check that what the result type of a cast states statically -- sizes, then
        strides, then the offset -- is what the descriptor holds (accesses through the
        result read the type's values, not the descriptor's)."""
        sizes = self.dsizes(d, ls)
        got = [*sizes, *self.dstrides(d, ls), self.doffset(d, ls)]
        want = [*lr.shape, *lr.strides, lr.offset]
        pairs = [(k, g, w) for k, (g, w) in enumerate(zip(got, want, strict=True))
                 if w is not None and not isinstance(g, ir.Constant)]
        rank = len(sizes)

        def ok(k: int, g: ir.Value, w: int) -> ir.Value:
            same = self.b.icmp_signed("==", g, self.i64(w))
            if rank <= k < 2 * rank:  # (a dimension of size 1 never uses its stride)
                return self.b.or_(same, self.b.icmp_signed("==", sizes[k - rank], self.i64(1)))
            return same

        if pairs:
            self.checked(op, "cast", [ok(k, g, w) for k, g, w in pairs],
                         [g for _, g, _ in pairs], [self.i64(w) for _, _, w in pairs],
                         dims=[k for k, _, _ in pairs])

    def op_subview(self, op: Operation) -> None:
        src = op.operands[0]
        lay = self.layout_of(src)
        d = self.v(src)
        offs, sizes, steps = self.mixed(op)
        rt = op.results[0].type
        assert isinstance(rt, MemRefType)
        rank = len(rt.get_shape())
        strides = self.dstrides(d, lay)
        off = self.doffset(d, lay)
        for o, s in zip(offs, strides, strict=True):
            off = self.b.add(off, self.b.mul(o, s))
        if self.ml.target.check_bounds and sizes:
            self.check_subview(op, self.dsizes(d, lay), offs, sizes, steps)
        keep_sizes, keep_strides = [], []
        drop = len(sizes) - rank
        static_sizes = _ints(op.properties["static_sizes"])
        for k, (n, st) in enumerate(zip(sizes, steps, strict=True)):
            if drop and static_sizes[k] == 1:
                drop -= 1
                continue
            keep_sizes.append(n)
            keep_strides.append(self.b.mul(st, strides[k]))
        self.set(op, self.pack(descriptor_type(rank),
                               [self.b.extract_value(d, 0), self.b.extract_value(d, 1), off,
                                *keep_sizes, *keep_strides]))

    def check_subview(self, op: Operation, src: list[ir.Value], offs: list[ir.Value],
                      sizes: list[ir.Value], steps: list[ir.Value]) -> None:
        """Check that the view stays within its source: in each dimension it is empty,
        or its first and last index lie below the source's size."""
        b = self.b
        zero, one = self.i64(0), self.i64(1)
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
                                  b.select(wrapped, self.i64(-1), last), o))
        self.checked(op, "view", oks, lasts, src)

    def checked_product(self, vals: list[ir.Value]) -> ir.Value:
        """The product of sizes, or -1 where one is negative or it wraps around (then
        no source size matches it)."""
        b = self.b
        acc: ir.Value = self.i64(1)
        bad: ir.Value = ir.Constant(I1, 0)
        for v in vals:
            if not isinstance(v, ir.Constant):
                bad = b.or_(bad, b.icmp_signed("<", v, self.i64(0)))
            r = b.umul_with_overflow(acc, v)
            acc = b.extract_value(r, 0)
            bad = b.or_(bad, b.extract_value(r, 1))
        return b.select(bad, self.i64(-1), acc)

    def check_shape(self, op: Operation, got: list[ir.Value],
                    want: Sequence[int | ir.Value | None]) -> None:
        """Check a reshape: dimension ``k`` of ``got`` equals ``want[k]`` (a static
        size, a run-time one, or ``None``: nothing to check)."""
        pairs = [(k, g, self.i64(w) if isinstance(w, int) else w)
                 for k, (g, w) in enumerate(zip(got, want, strict=True)) if w is not None]
        pairs = [(k, g, w) for k, g, w in pairs
                 if not (isinstance(g, ir.Constant) and isinstance(w, ir.Constant))]
        if pairs:
            self.checked(op, "shape", [self.b.icmp_signed("==", g, w) for _, g, w in pairs],
                         [g for _, g, _ in pairs], [w for _, _, w in pairs],
                         dims=[k for k, _, _ in pairs])

    def mixed(self, op: Operation) -> tuple[list[ir.Value], list[ir.Value], list[ir.Value]]:
        """Offsets, sizes and strides of a subview / reinterpret_cast (static or not)."""
        out = []
        for kind in ("offsets", "sizes", "strides"):
            static = _ints(op.properties[f"static_{kind}"])
            dyn = iter(self.v(x) for x in getattr(op, kind))
            out.append([next(dyn) if is_dynamic(n) else self.i64(n) for n in static])
        return out[0], out[1], out[2]

    def op_reinterpret_cast(self, op: Operation) -> None:
        d = self.v(op.operands[0])
        offs, sizes, strides = self.mixed(op)
        rt = op.results[0].type
        assert isinstance(rt, MemRefType)
        self.set(op, self.pack(descriptor_type(len(rt.get_shape())),
                               [self.b.extract_value(d, 0), self.b.extract_value(d, 1),
                                offs[0], *sizes, *strides]))

    def op_collapse_shape(self, op: Operation) -> None:
        src = op.operands[0]
        lay = self.layout_of(src)
        d = self.v(src)
        groups = [_ints(g) for g in op.properties["reassociation"].data]  # type: ignore
        sz, st = self.dsizes(d, lay), self.dstrides(d, lay)
        sizes = [self.product([sz[k] for k in g]) for g in groups]
        strides = [st[g[-1]] if g else self.i64(1) for g in groups]
        if self.ml.target.check_bounds:
            self.check_shape(op, sizes, layout(op.results[0].type).shape)
        self.set(op, self.pack(descriptor_type(len(groups)),
                               [self.b.extract_value(d, 0), self.b.extract_value(d, 1),
                                self.doffset(d, lay), *sizes, *strides]))

    def op_expand_shape(self, op: Operation) -> None:
        src = op.operands[0]
        lay = self.layout_of(src)
        d = self.v(src)
        groups = [_ints(g) for g in op.properties["reassociation"].data]  # type: ignore
        static = _ints(op.properties["static_output_shape"])
        dyn = iter(self.v(x) for x in op.operands[1:])
        out = [next(dyn) if is_dynamic(n) else self.i64(n) for n in static]
        if self.ml.target.check_bounds:  # each group of the result spans its dimension
            sz = self.dsizes(d, lay)
            self.check_shape(op, [self.checked_product([out[j] for j in g])
                                  for g in groups], sz)
        st = self.dstrides(d, lay)
        strides: list[ir.Value] = [self.i64(0)] * len(out)
        for k, g in enumerate(groups):
            acc = st[k]
            for j in reversed(g):
                strides[j] = acc
                acc = self.b.mul(acc, out[j])
        self.set(op, self.pack(descriptor_type(len(out)),
                               [self.b.extract_value(d, 0), self.b.extract_value(d, 1),
                                self.doffset(d, lay), *out, *strides]))

    def op_copy(self, op: Operation) -> None:
        src, dst = op.operands[0], op.operands[1]
        ls, ld = self.layout_of(src), self.layout_of(dst)
        s, d = self.v(src), self.v(dst)
        sizes = self.dsizes(s, ls)
        if self.ml.target.check_bounds and sizes:  # one shape on both sides
            dsz = self.dsizes(d, ld)
            self.checked(op, "copy", [self.b.icmp_signed("==", a, c)
                                      for a, c in zip(sizes, dsz, strict=True)], sizes, dsz)
        es = elem_size(ls.elem)
        if ls.contiguous() and ld.contiguous():
            n = self.b.mul(self.product(sizes), self.i64(es))
            ps = self.elem_ptr(s, ls, [self.i64(0)] * ls.rank)
            pd = self.elem_ptr(d, ld, [self.i64(0)] * ld.rank)
            fn = self.ml.intrinsic("llvm.memmove.p0.p0.i64", VOID, [PTR, PTR, I64, I1])
            self.b.call(fn, [pd, ps, n, ir.Constant(I1, 0)])
            return

        def body(ivs: list[ir.Value]) -> None:
            # (an i1 element is a byte, copied as it is, as the memmove above copies it)
            v = self.b.load(self.elem_ptr(s, ls, ivs), typ=I8 if ls.elem == I1 else ls.elem)
            self.b.store(v, self.elem_ptr(d, ld, ivs))

        self.loop_nest(sizes, body)

    def loop_nest(self, sizes: Sequence[ir.Value], body: Callable[[list[ir.Value]], None],
                  ivs: list[ir.Value] | None = None) -> None:
        ivs = ivs or []
        if len(ivs) == len(sizes):
            body(ivs)
            return

        def step(iv: ir.Value, carried: list[ir.Value]) -> list[ir.Value]:
            self.loop_nest(sizes, body, [*ivs, iv])
            return []

        self.counted_loop(self.i64(0), sizes[len(ivs)], self.i64(1), [], step)

    def op_get_global(self, op: Operation) -> None:
        attr = _prop(op, "name")
        name = getattr(getattr(attr, "root_reference", None), "data", None)
        if name is None:
            raise unsupported(op, "no global name")
        g, lay = self.ml.global_var(name, op)
        sizes = [self.i64(n) for n in lay.shape]  # type: ignore[arg-type]
        strides = [self.i64(s) for s in lay.strides]  # type: ignore[arg-type]
        dead = ir.Constant(I64, 0xDEADBEEF).inttoptr(PTR)
        self.set(op, self.pack(descriptor_type(lay.rank),
                               [dead, g.bitcast(PTR) if g.type != PTR else g, self.i64(0),
                                *sizes, *strides]))

    def op_dim(self, op: Operation) -> None:
        m = op.operands[0]
        lay = self.layout_of(m)
        d = self.v(m)
        k = self.const_int(op.operands[1])
        if k is not None:
            if not 0 <= k < lay.rank:
                self.set(op, self.i64(0))  # out of range: undefined behaviour
            else:
                n = lay.shape[k]
                self.set(op, self.i64(n) if n is not None else self.b.extract_value(d, [3, k]))
            return
        idx = self.v(op.operands[1])
        r: ir.Value = self.i64(0)
        for j, s in enumerate(self.dsizes(d, lay)):
            r = self.b.select(self.b.icmp_unsigned("==", idx, self.i64(j)), s, r)
        self.set(op, r)

    def op_rank(self, op: Operation) -> None:
        self.set(op, self.i64(self.layout_of(op.operands[0]).rank))

    def op_aligned_pointer(self, op: Operation) -> None:
        d = self.v(op.operands[0])
        self.set(op, self.b.ptrtoint(self.b.extract_value(d, 1), I64))

    def op_noop(self, op: Operation) -> None:
        if op.results:
            raise unsupported(op)

    def op_assert(self, op: Operation) -> None:
        """cf.assert: a failed assertion is recorded, the function left and the call
        raises, as the interpreter does (``target.recover`` or ``check_bounds``: the
        host JIT, host-thread kernels included); elsewhere (kernels on a GPU,
        ahead-of-time code) it traps."""
        c = self.v(op.operands[0])
        if self.ml.target.check_bounds or self.ml.target.recover:  # as a failed check
            self.checked(op, "assert", [c], [self.i64(0)], [self.i64(0)])
            return
        fail = self.fresh_block("assert.fail")
        ok = self.fresh_block("assert.ok")
        self.b.cbranch(c, ok, fail)
        self.b.position_at_end(fail)
        self.b.call(self.ml.intrinsic("llvm.trap", VOID, []), [])
        self.b.unreachable()
        self.b.position_at_end(ok)

    # calls

    def op_call(self, op: Operation) -> None:
        callee = call_target(op)
        if callee is None:
            raise unsupported(op, "indirect call")
        fn = self.ml.function(callee, op)
        args: list[ir.Value] = []
        for x in call_args(op):
            v = self.v(x)
            args += self.unpack(v) if isinstance(x.type, MemRefType) else [v]
        if self.ext is not None:
            self.ext.before_call(callee, list(call_args(op)))
        r = self.b.call(fn, args)
        if self.ext is not None:
            self.ext.call_result(op, callee, args, r)
        if callee in self.ml.may_fail():
            self.check_after_call()
        if len(op.results) == 1:
            self.set(op, r)
        elif op.results:
            self.set(op, *[self.b.extract_value(r, k) for k in range(len(op.results))])

    # the llvm dialect

    def op_llvm_load(self, op: Operation) -> None:
        t = value_type(op.results[0].type)
        p = self.v(op.operands[0])
        if self.ext is not None:
            self.ext.check(op, op.operands[0], p, self.i64(size_of(t)))
            self.ext.loaded(op)
        self.set(op, self.b.load(p, typ=t))

    def op_llvm_store(self, op: Operation) -> None:
        x, p = self.v(op.operands[0]), self.v(op.operands[1])
        if self.ext is not None:
            self.ext.check(op, op.operands[1], p, self.i64(size_of(x.type)))
            self.ext.stored(op)
        self.b.store(x, p)

    def op_llvm_alloca(self, op: Operation) -> None:
        t = value_type(op.properties["elem_type"])
        n = self.const_int(op.operands[0])
        if n is not None and not _in_loop(op):
            ab = ir.IRBuilder(self.entry)
            ab.position_at_start(self.entry)
            p = opaque(ab, ab.alloca(t, size=ir.Constant(I64, n)))
        else:
            size = self.v(op.operands[0])
            p = opaque(self.b, self.b.alloca(t, size=size))
        if self.ext is not None:
            n = self.v(op.operands[0])
            self.ext.block(op.results[0], p, self.b.mul(
                n if n.type == I64 else self.b.zext(n, I64), self.i64(size_of(t))))
            self.ext.slot(op)
        fill = self.ml.target.fill
        if fill is not None:
            nbytes = self.b.mul(self.b.zext(self.v(op.operands[0]), I64)
                                if self.v(op.operands[0]).type != I64
                                else self.v(op.operands[0]), self.i64(size_of(t)))
            self.b.call(self.ml.intrinsic("llvm.memset.p0.i64", VOID, [PTR, I8, I64, I1]),
                        [p, ir.Constant(I8, fill), nbytes, ir.Constant(I1, 0)])
        self.set(op, p)

    def op_gep(self, op: Operation) -> None:
        """llvm.getelementptr: constant indices from ``rawConstantIndices`` (the dynamic
        sentinel takes the next operand), struct fields as i32 constants."""
        base = self.v(op.operands[0])
        raw = _ints(op.properties["rawConstantIndices"])
        dyn = iter(op.operands[1:])
        t: Attribute = op.properties["elem_type"]
        idx: list[ir.Value] = []
        cur: Attribute | None = t
        for k, c in enumerate(raw):
            if c == _GEP_DYN:
                idx.append(self.v(next(dyn)))
            elif k > 0 and isinstance(cur, LLVMStructType):
                idx.append(ir.Constant(I32, c))
            else:
                idx.append(ir.Constant(I64, c))
            if k > 0:
                if isinstance(cur, LLVMStructType):
                    cur = cur.types.data[c]
                elif isinstance(cur, LLVMArrayType):
                    cur = cur.type
        self.set(op, self.b.gep(base, idx, source_etype=value_type(t)))
        if self.ext is not None:
            self.ext.same(op.results[0], op.operands[0])

    def op_addressof(self, op: Operation) -> None:
        attr = _prop(op, "global_name")
        name = getattr(getattr(attr, "root_reference", None), "data", None)
        if name is None:
            raise unsupported(op, "no global name")
        g = self.ml.llvm_global(name, op)
        self.set(op, g)
        if self.ext is not None:
            self.ext.block(op.results[0], g, self.i64(size_of(g.value_type)))

    def op_extractvalue(self, op: Operation) -> None:
        pos = _ints(op.properties["position"])
        self.set(op, self.b.extract_value(self.v(op.operands[0]), pos))

    def op_insertvalue(self, op: Operation) -> None:
        pos = _ints(op.properties["position"])
        self.set(op, self.b.insert_value(self.v(op.operands[0]), self.v(op.operands[1]), pos))

    def op_ptr_cast(self, op: Operation) -> None:
        a = self.v(op.operands[0])
        name = op_name(op)
        rt = value_type(op.results[0].type)
        if name == "llvm.ptrtoint":
            self.set(op, self.b.ptrtoint(a, rt))
        elif name == "llvm.inttoptr":
            self.set(op, self.b.inttoptr(a, rt))
        else:  # addrspacecast: one address space here
            self.set(op, a)
            if self.ext is not None:
                self.ext.same(op.results[0], op.operands[0])

    def op_mem_intrinsic(self, op: Operation) -> None:
        name = op_name(op)
        ops = [self.v(x) for x in op.operands]
        vol = ir.Constant(I1, int(isinstance(_prop(op, "isVolatile"), IntegerAttr)
                                  and _prop(op, "isVolatile").value.data))  # type: ignore
        if name.startswith("llvm.intr.memset"):
            dst, byte, n = ops[:3]
            if self.ext is not None:
                self.ext.check(op, op.operands[0], dst, n)
            fn = self.ml.intrinsic(f"llvm.memset.p0.{n.type}", VOID, [PTR, I8, n.type, I1])
            self.b.call(fn, [dst, byte, n, vol])
            return
        dst, src, n = ops[:3]
        if self.ext is not None:
            self.ext.check(op, op.operands[0], dst, n, " destination")
            self.ext.check(op, op.operands[1], src, n, " source")
        base = "llvm.memmove" if "memmove" in name else "llvm.memcpy"
        fn = self.ml.intrinsic(f"{base}.p0.p0.{n.type}", VOID, [PTR, PTR, n.type, I1])
        self.b.call(fn, [dst, src, n, vol])

    # structured control flow

    def counted_loop(self, lb: ir.Value, ub: ir.Value, step: ir.Value,
                     inits: Sequence[ir.Value],
                     body: Callable[[ir.Value, list[ir.Value]], list[ir.Value]],
                     unsigned: bool = False,
                     hints: Sequence[tuple[str, ir.Constant | None]] = (),
                     vector_hints: Sequence[tuple[str, ir.Constant | None]] = ()
                     ) -> list[ir.Value]:
        """``for (iv = lb; iv < ub; iv += step)`` carrying ``inits``; returns the final
        carried values.  ``body(iv, carried)`` returns the next carried values.
        ``hints``: loop metadata for LLVM (see ``ModuleLowering.loop_id``);
        ``vector_hints`` join them unless the lowered body calls a function that is not
        an LLVM intrinsic (a libm call, which LLVM cannot vectorize and, hinted, says so
        on stderr)."""
        b = self.b
        pre = b.block
        n_blocks = len(self.fn.blocks)
        head = self.fresh_block("loop.head")
        body_bb = self.fresh_block("loop.body")
        exit_bb = self.fresh_block("loop.exit")
        b.branch(head)
        b.position_at_end(head)
        iv = b.phi(lb.type)
        iv.add_incoming(lb, pre)
        phis = []
        for v in inits:
            p = b.phi(v.type)
            p.add_incoming(v, pre)
            phis.append(p)
        cond = (b.icmp_unsigned if unsigned else b.icmp_signed)("<", iv, ub)
        b.cbranch(cond, body_bb, exit_bb)
        b.position_at_end(body_bb)
        nxt = body(iv, list(phis))
        latch = b.block
        inc = b.add(iv, step)
        iv.add_incoming(inc, latch)
        for p, v in zip(phis, nxt, strict=True):
            p.add_incoming(v, latch)
        back = b.branch(head)
        if vector_hints and not any(
                isinstance(ins, ir.CallInstr) and not ins.callee.name.startswith("llvm.")
                for bb in self.fn.blocks[n_blocks:] for ins in bb.instructions):
            hints = [*hints, *vector_hints]
        if hints:
            back.set_metadata("llvm.loop", self.ml.loop_id(*hints))
        b.position_at_end(exit_bb)
        return list(phis)

    def op_for(self, op: Operation) -> None:
        lb, ub, step = (self.v(x) for x in op.operands[:3])
        inits = [self.v(x) for x in op.operands[3:]]
        region = op.regions[0]
        unsigned = isinstance(_prop(op, "unsignedCmp"), UnitAttr)

        def body(iv: ir.Value, carried: list[ir.Value]) -> list[ir.Value]:
            return self.lower_body(region, [iv, *carried])

        hints: list[tuple[str, ir.Constant | None]] = []
        trips = constant_trip_count(lb, ub, step, unsigned)
        bounded = False
        if trips < 0 and not unsigned and UNROLL_NESTS:  # (an inner loop of a constant nest)
            trips = max_trips(op) or -1
            bounded = True
        if unroll_hint(op, trips) and (not bounded or unrolled_in_full(op)):
            hints.append(("llvm.loop.unroll.full", None))
            if UNROLL_NO_VECTORIZE and bounded and _sums_floats(op):
                # a loop of bounded, not constant, trip count summing floats LLVM may
                # reorder (an adjoint's sum, by default) was vectorized before it was to
                # be unrolled, and the hint left on the remainder, whose trip count is
                # unknown: LLVM could not unroll that and said so on stderr
                hints.append(("llvm.loop.vectorize.enable", ir.Constant(ir.IntType(1), 0)))
        vector: list[tuple[str, ir.Constant | None]] = []
        if (not hints and VARYING_VECTOR_MIN >= 4 and self.ml.target.name == "cpu"
                and varying_trips(op) and order_free(op)):
            # (a width implies vectorize.enable; for a hinted loop it cannot vectorize,
            # LLVM prints a remark on stderr: order_free picks loops it can)
            i32 = ir.IntType(32)
            vector = [("llvm.loop.vectorize.width", ir.Constant(i32, 4)),
                      ("llvm.loop.interleave.count", ir.Constant(i32, VARYING_VECTOR_MIN // 4))]
        self.set(op, *self.counted_loop(lb, ub, step, inits, body, unsigned, hints, vector))

    def op_if(self, op: Operation) -> None:
        c = self.v(op.operands[0])
        b = self.b
        then_bb = self.fresh_block("if.then")
        else_bb = self.fresh_block("if.else")
        merge = self.fresh_block("if.end")
        b.cbranch(c, then_bb, else_bb)
        incoming = []
        for bb, region in ((then_bb, op.regions[0]), (else_bb, op.regions[1])):
            b.position_at_end(bb)
            vals = self.lower_body(region, [])
            incoming.append((b.block, vals))
            b.branch(merge)
        b.position_at_end(merge)
        outs = []
        for k, r in enumerate(op.results):
            p = b.phi(value_type(r.type))
            for bb, vals in incoming:
                p.add_incoming(vals[k], bb)
            outs.append(p)
        self.set(op, *outs)

    def op_while(self, op: Operation) -> None:
        b = self.b
        before, after = op.regions[0], op.regions[1]
        inits = [self.v(x) for x in op.operands]
        pre = b.block
        head = self.fresh_block("while.before")
        body_bb = self.fresh_block("while.after")
        exit_bb = self.fresh_block("while.exit")
        b.branch(head)
        b.position_at_end(head)
        phis = []
        for v in inits:
            p = b.phi(v.type)
            p.add_incoming(v, pre)
            phis.append(p)
        cvals = self.lower_body(before, phis)
        cond, fwd = cvals[0], cvals[1:]
        b.cbranch(cond, body_bb, exit_bb)
        b.position_at_end(body_bb)
        yvals = self.lower_body(after, fwd)
        for p, v in zip(phis, yvals, strict=True):
            p.add_incoming(v, b.block)
        b.branch(head)
        b.position_at_end(exit_bb)
        self.set(op, *fwd)

    def op_execute_region(self, op: Operation) -> None:
        self.set(op, *self.lower_body(op.regions[0], []))

    def op_parallel(self, op: Operation) -> None:
        """scf.parallel on the host: the iterations in lexicographic order, the
        reductions folded in that order (a valid schedule of the parallel loop)."""
        hook = self.ml.parallel_hook
        if hook is not None and hook(self, op):
            return
        n = len(op.regions[0].blocks.first.args)  # type: ignore[union-attr]
        lbs = [self.v(x) for x in op.operands[:n]]
        ubs = [self.v(x) for x in op.operands[n:2 * n]]
        steps = [self.v(x) for x in op.operands[2 * n:3 * n]]
        inits = [self.v(x) for x in op.operands[3 * n:]]
        self.set(op, *self.parallel_nest(op, lbs, ubs, steps, inits, []))

    def parallel_nest(self, op: Operation, lbs: list[ir.Value], ubs: list[ir.Value],
                      steps: list[ir.Value], accs: list[ir.Value],
                      ivs: list[ir.Value]) -> list[ir.Value]:
        if len(ivs) == len(lbs):
            return self.parallel_body(op, ivs, accs)
        k = len(ivs)

        def body(iv: ir.Value, carried: list[ir.Value]) -> list[ir.Value]:
            return self.parallel_nest(op, lbs, ubs, steps, carried, [*ivs, iv])

        return self.counted_loop(lbs[k], ubs[k], steps[k], accs, body)

    def parallel_body(self, op: Operation, ivs: list[ir.Value],
                      accs: list[ir.Value]) -> list[ir.Value]:
        blk = op.regions[0].blocks.first
        assert blk is not None
        for a, v in zip(blk.args, ivs, strict=True):
            self.vals[a] = v
        term = self.lower_ops(blk)
        if term is None or op_name(term) != "scf.reduce":
            return accs
        return [self.reduce_step(region, acc, self.v(x))
                for region, acc, x in zip(term.regions, accs, term.operands, strict=True)]

    def reduce_step(self, region: Region, acc: ir.Value, val: ir.Value) -> ir.Value:
        return self.lower_body(region, [acc, val])[0]


_TERMINATORS = frozenset({"func.return", "llvm.return", "scf.yield", "scf.condition",
                          "scf.reduce", "scf.reduce.return", "cf.br", "cf.cond_br",
                          "llvm.br", "llvm.cond_br", "llvm.unreachable", *SWITCH_OPS})


_GEP_DYN = -(2**31)  # LLVM's dynamic sentinel in rawConstantIndices


def opaque(b: ir.IRBuilder, p: ir.Value) -> ir.Value:
    """``p`` as an opaque ``ptr`` value (llvmlite types allocas as typed pointers and
    would refuse to store a pointer through them)."""
    cast = ir.instructions.CastInstr(b.block, "bitcast", p, PTR)
    b._insert(cast)
    return cast


def size_of(t: ir.Type) -> int:
    """Allocation size of an LLVM type (natural alignment, as the x86-64 and NVPTX
    data layouts give for the types of the subset)."""
    if isinstance(t, ir.LiteralStructType):
        off = 0
        align = 1
        for e in t.elements:
            a = _align_of(e)
            off = (off + a - 1) // a * a + size_of(e)
            align = max(align, a)
        return (off + align - 1) // align * align
    if isinstance(t, ir.ArrayType):
        return t.count * size_of(t.element)
    return elem_size(t)


def _align_of(t: ir.Type) -> int:
    if isinstance(t, ir.LiteralStructType):
        return max((_align_of(e) for e in t.elements), default=1)
    if isinstance(t, ir.ArrayType):
        return _align_of(t.element)
    return elem_size(t)


def _in_loop(op: Operation) -> bool:
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


_LOWERERS: dict[str, str] = {
    "arith.constant": "op_constant", "llvm.mlir.constant": "op_constant",
    "llvm.mlir.zero": "op_constant", "llvm.mlir.undef": "op_constant",
    "llvm.mlir.poison": "op_constant", "ub.poison": "op_constant",
    **{n: "op_int" for n in (*INT_BINOPS, *INT_DIVS, *INT_SHIFTS, *INT_MINMAX,
                             "arith.floordivsi", "arith.ceildivsi", "arith.ceildivui")},
    **{n: "op_int_unary" for n in INT_UNARY_INTRINSICS},
    "arith.cmpf": "op_cmp", "arith.cmpi": "op_cmp", "llvm.fcmp": "op_cmp",
    "llvm.icmp": "op_cmp",
    "arith.select": "op_select", "llvm.select": "op_select",
    **{n: "op_cast" for n in CAST_OPS},
    "memref.load": "op_load", "memref.store": "op_store",
    "memref.atomic_rmw": "op_atomic_rmw",
    "memref.alloc": "op_alloc", "memref.alloca": "op_alloc",
    "memref.dealloc": "op_dealloc",
    "memref.cast": "op_view_identity", "memref.memory_space_cast": "op_view_identity",
    "memref.assume_alignment": "op_view_identity",
    "memref.subview": "op_subview", "memref.reinterpret_cast": "op_reinterpret_cast",
    "memref.collapse_shape": "op_collapse_shape",
    "memref.expand_shape": "op_expand_shape",
    "memref.copy": "op_copy", "memref.get_global": "op_get_global",
    "memref.global": "op_noop", "memref.dim": "op_dim", "memref.rank": "op_rank",
    "memref.extract_aligned_pointer_as_index": "op_aligned_pointer",
    "cf.assert": "op_assert",
    "func.call": "op_call", "llvm.call": "op_call",
    "llvm.load": "op_llvm_load", "llvm.store": "op_llvm_store",
    "llvm.alloca": "op_llvm_alloca", "llvm.getelementptr": "op_gep",
    "llvm.mlir.addressof": "op_addressof", "llvm.mlir.global": "op_noop",
    "llvm.extractvalue": "op_extractvalue", "llvm.insertvalue": "op_insertvalue",
    "llvm.ptrtoint": "op_ptr_cast", "llvm.inttoptr": "op_ptr_cast",
    "llvm.addrspacecast": "op_ptr_cast",
    **{n: "op_mem_intrinsic" for n in ("llvm.intr.memcpy", "llvm.intr.memmove",
                                       "llvm.intr.memcpy.inline", "llvm.intr.memset",
                                       "llvm.intr.memset.inline")},
    "scf.for": "op_for", "scf.if": "op_if", "scf.while": "op_while",
    "scf.execute_region": "op_execute_region", "scf.parallel": "op_parallel",
}
