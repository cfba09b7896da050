"""Tapes: where the forward sweep leaves values the reverse sweep cannot recompute.

Two kinds, both plain ``memref`` buffers that lower to LLVM like any other:

* **static tapes** (``memref<?x...xT>``, one per cached value): used for values inside
  ``scf.for``/``scf.parallel`` nests (and ``scf.if`` branches) of the differentiated
  function whose trip counts are known before the outermost loop starts.  The tape is
  allocated once, sized by the trip counts (one dimension per induction variable),
  written at ``[k1, ..., kn]`` by the forward sweep (``k`` the iteration number of each
  enclosing loop) and read at the same indices by the mirrored reverse loops.  No
  bookkeeping per element, and distinct parallel iterations write distinct slots.
* **stacks** (``memref<?xf64>`` for floats, ``memref<?xindex>`` for integers, with a
  ``memref<2xindex>`` of cursors): for everything else -- values inside ``scf.while``
  loops, unstructured (``cf``) blocks, non-rectangular loop nests and callees whose
  activations interleave (calls in loops, recursion).  A block pushes its cached values
  at its end; the mirrored block pops them at its start, so the last-in-first-out order
  follows the control flow exactly.  A full stack is grown by doubling (allocate, copy,
  free), so the buffer value changes: the forward sweep threads it through loops,
  branches and calls as an extra ``iter_arg``/result/argument.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from xdsl.dialects import arith, memref
from xdsl.dialects.builtin import AnyFloat, Float64Type, IndexType, MemRefType
from xdsl.ir import Attribute, Block, Operation, SSAValue

from activity.ad.builder import INDEX, IP, Builder, dynamic_memref

F64 = Float64Type()
FSTACK = dynamic_memref(F64)
ISTACK = dynamic_memref(INDEX)
CURSORS = MemRefType(INDEX, [2])
STACK_TYPES: tuple[Attribute, Attribute] = (FSTACK, ISTACK)
INITIAL_CAPACITY = 256


def on_float_stack(t: Attribute) -> bool:
    return isinstance(t, AnyFloat)


def elem_bytes(t: Attribute) -> int:
    if isinstance(t, IndexType):
        return 8
    shape = getattr(t, "get_shape", None)
    if shape is not None:  # a tensor on a tape: all its elements
        n = 1
        for s in shape():
            n *= max(int(s), 1)
        return n * elem_bytes(t.element_type)  # type: ignore[attr-defined]
    w = getattr(t, "bitwidth", None)
    if w is None:
        w = t.width.data  # type: ignore[attr-defined]
    return max(1, (int(w) + 7) // 8)


@dataclass
class StaticTape:
    """One cached value in a static tape."""

    key: object
    block: Block
    loops: list[Operation]
    root: Operation
    elem: Attribute
    mem: SSAValue | None = None


@dataclass
class Stack:
    """The two stacks' current buffers and the cursor memref (forward sweep state)."""

    fbuf: SSAValue
    ibuf: SSAValue
    cursors: SSAValue

    @property
    def bufs(self) -> tuple[SSAValue, SSAValue]:
        return (self.fbuf, self.ibuf)


def init_stack(b: Builder) -> Stack:
    cap = b.index(INITIAL_CAPACITY)
    fbuf = b.alloc(FSTACK, [cap])
    ibuf = b.alloc(ISTACK, [cap])
    cur = b.v(memref.AllocaOp.get(INDEX, shape=[2]))
    z = b.index(0)
    b.store(z, cur, [b.index(0)])
    b.store(z, cur, [b.index(1)])
    return Stack(fbuf, ibuf, cur)


def free_stack(b: Builder, s: Stack) -> None:
    b.emit(memref.DeallocOp.get(s.fbuf))
    b.emit(memref.DeallocOp.get(s.ibuf))


def _grow(b: Builder, buf: SSAValue, cur: SSAValue, need: SSAValue) -> SSAValue:
    """``buf`` if it holds ``need`` elements, else a doubled copy (old one freed)."""
    cap = b.dim(buf, 0)
    full = b.v(arith.CmpiOp(need, cap, "ugt"))
    t = buf.type

    def grow() -> list[SSAValue]:
        ncap = b.v(arith.MuliOp(need, b.index(2)))
        nb = b.alloc(t, [ncap])  # type: ignore[arg-type]

        def copy(i: SSAValue, _a: list[SSAValue]) -> list[SSAValue]:
            b.store(b.load(buf, [i]), nb, [i])
            return []

        b.for_loop(b.index(0), cur, b.index(1), [], copy)
        b.emit(memref.DeallocOp.get(buf))
        return [nb]

    return b.if_op(full, [t], grow, lambda: [buf]).results[0]


def reserve_function(name: str, t: MemRefType) -> Operation:
    """``func.func private @name(buf, cur, need) -> buf'``: ``buf`` if it holds ``need``
    elements, else a doubled copy of its first ``cur`` elements (the old one freed)."""
    from xdsl.dialects import func
    from xdsl.ir import Region

    blk = Block(arg_types=[t, INDEX, INDEX])
    b = Builder()
    b.ip = IP(blk)
    b.sweep, b.pass_name = "forward", "tape"
    buf, cur, need = blk.args
    out = _grow(b, buf, cur, need)
    b.emit(func.ReturnOp(out))
    return func.FuncOp(name, ([t, INDEX, INDEX], [t]), Region([blk]), "private")


def push(b: Builder, s: Stack, vals: Sequence[SSAValue],
         reserve: tuple[str, str] | None = None) -> Stack:
    """Push ``vals`` (floats on the float stack, integers on the index stack); the
    growth check calls the ``reserve`` helpers when given, else is inlined."""
    groups: list[list[SSAValue]] = [[], []]
    for v in vals:
        if on_float_stack(v.type):
            if v.type != F64:
                v = b.v(arith.ExtFOp(v, F64))
            groups[0].append(v)
        else:
            if not isinstance(v.type, IndexType):
                v = b.v(arith.IndexCastOp(v, INDEX))
            groups[1].append(v)
    bufs = list(s.bufs)
    for k, items in enumerate(groups):
        if not items:
            continue
        slot = b.index(k)
        cur = b.load(s.cursors, [slot])
        need = b.v(arith.AddiOp(cur, b.index(len(items))))
        if reserve is not None:
            from xdsl.dialects import func

            buf = b.v(func.CallOp(reserve[k], [bufs[k], cur, need], [STACK_TYPES[k]]))
        else:
            buf = _grow(b, bufs[k], cur, need)
        for j, x in enumerate(items):
            pos = cur if j == 0 else b.v(arith.AddiOp(cur, b.index(j)))
            b.store(x, buf, [pos])
        b.store(need, s.cursors, [slot])
        bufs[k] = buf
    return Stack(bufs[0], bufs[1], s.cursors)


def pop(b: Builder, s: Stack, types: Sequence[Attribute]) -> list[SSAValue]:
    """Pop values of ``types`` pushed by one :func:`push` of the same types."""
    kinds = [0 if on_float_stack(t) else 1 for t in types]
    out: list[SSAValue | None] = [None] * len(types)
    for k in (0, 1):
        pos_list = [i for i, kk in enumerate(kinds) if kk == k]
        if not pos_list:
            continue
        slot = b.index(k)
        cur = b.load(s.cursors, [slot])
        base = b.v(arith.SubiOp(cur, b.index(len(pos_list))))
        for j, i in enumerate(pos_list):
            pos = base if j == 0 else b.v(arith.AddiOp(base, b.index(j)))
            x = b.load(s.bufs[k], [pos])
            t = types[i]
            if k == 0 and t != F64:
                x = b.v(arith.TruncFOp(x, t))
            elif k == 1 and not isinstance(t, IndexType):
                x = b.v(arith.IndexCastOp(x, t))
            out[i] = x
        b.store(base, s.cursors, [slot])
    return out  # type: ignore[return-value]


@dataclass
class TapeStats:
    """What was cached, for ``--stats``."""

    static: list[StaticTape] = field(default_factory=list)
    dynamic: dict[Block, list[object]] = field(default_factory=dict)


__all__ = [
    "CURSORS", "F64", "FSTACK", "INITIAL_CAPACITY", "ISTACK", "IP", "STACK_TYPES", "Stack",
    "StaticTape", "TapeStats", "elem_bytes", "free_stack", "init_stack", "on_float_stack",
    "pop", "push", "reserve_function",
]
