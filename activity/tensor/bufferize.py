"""Tensor programs -> the memref subset the LLVM path compiles (docs/tensor.md).

Destination-passing style, as upstream's one-shot bufferization: every tensor value
lives in a buffer (a memref: an allocation, a view of one, or an argument), and an op
that produces a tensor from an operand tensor (a linalg op from its init,
``tensor.insert``/``insert_slice`` from their destination) writes **in place** into
the operand's buffer when every tensor value held in that buffer is dead after the op
(:mod:`.bufferize_live`) and the buffer may be written; otherwise into a fresh
allocation (the operand copied into it first where the op reads it).

* ``tensor.empty`` (``splat``, ``from_elements``, a copy) is a ``memref.alloc``,
  freed right after its last use in its block (``memref.dealloc``,
  :func:`.lifetime.last_use`) unless returned; small static ones that are not
  returned go on the stack (``memref.alloca``).  First, tensor ops are reordered for
  shorter lifetimes (:func:`.lifetime.sink_fresh`) and an elementwise op whose input
  dies with it gets that input as its init (:func:`.reuse.reuse_dead_inputs`).
* ``extract_slice`` is a ``memref.subview`` (no copy); ``insert_slice`` a subview of
  the destination and a ``memref.copy`` into it; ``collapse_shape``/``expand_shape``
  the memref ops of the same name (on a contiguous buffer; a view is copied first);
  ``cast`` a ``memref.cast``; ``dim`` a ``memref.dim``.
* ``arith``/``math`` on tensors are ``linalg.generic`` ops (identity maps).
* ``scf.for`` carrying tensors: each carried tensor has one buffer for the whole loop
  (the init's, in place when the init is dead after the loop, else a copy), the body
  writes it in place (no copy per ``tensor.insert``), and ``scf.yield`` copies into it
  only a value that lives elsewhere.  ``scf.if`` with tensor results: the buffer both
  branches yield when it is the same, else a fresh one each branch copies into.
* Function boundary: a tensor argument is a memref argument the function never writes
  (written tensors are copied first: copy-on-write); a tensor result is a freshly
  allocated memref result (a copy where the value lives in an argument or a view), so
  ``activity.compile``'s callable takes numpy arrays and returns new ones.  Calls
  between functions pass memrefs the same way.

Linalg ops are left on memrefs, and :mod:`.loops` lowers them to ``scf.for`` nests.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith, func, memref, scf
from xdsl.dialects.builtin import (
    AffineMapAttr,
    DenseArrayBase,
    FunctionType,
    IndexType,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    NoneAttr,
    StridedLayoutAttr,
    TensorType,
    UnrankedTensorType,
    i64,
)
from xdsl.dialects.linalg import ops as linalg
from xdsl.dialects.linalg.attrs import IteratorType, IteratorTypeAttr
from xdsl.ir import Attribute, Block, BlockArgument, Operation, Region, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.rewriter import InsertPoint, Rewriter

from activity.codegen.errors import CodegenError
from activity.frontend import carry_location
from activity.frontend import place_of as where
from activity.ops import op_name
from activity.tensor import opts
from activity.tensor.bufferize_live import Liveness, chain
from activity.tensor.hoist import hoist_allocs
from activity.tensor.lifetime import last_use, sink_fresh
from activity.tensor.loops import EXACT_ATTR, is_structured, lower_linalg, structured
from activity.tensor.reuse import reuse_dead_inputs

DYN = -9223372036854775808  # (MLIR's dynamic size/offset/stride)
STACK_BYTES = 4096  # static allocations up to this size, not returned, go on the stack


def is_tensor(t: Attribute) -> bool:
    return isinstance(t, TensorType)


def touches_tensors(op: Operation) -> bool:
    return any(is_tensor(v.type) for v in (*op.operands, *op.results))


def has_tensors(module: Operation) -> bool:
    """Whether ``module`` holds tensor values or linalg ops (what :func:`lower_tensors`
    is for)."""
    for op in module.walk():
        if op.name.startswith("linalg.") or touches_tensors(op):
            return True
        for r in op.regions:
            for b in r.blocks:
                if any(is_tensor(a.type) for a in b.args):
                    return True
        if isinstance(op, func.FuncOp):
            ft = op.function_type
            if any(is_tensor(t) for t in (*ft.inputs, *ft.outputs)):
                return True
    return False


def memref_of(t: Attribute) -> MemRefType:
    assert isinstance(t, TensorType)
    return MemRefType(t.element_type, t.get_shape())


def _strides(t: MemRefType) -> tuple[list[int], int] | None:
    """The static strides and offset of ``t`` (``DYN`` where dynamic), or ``None``
    for a layout that is not strided."""
    shape = list(t.get_shape())
    lay = t.layout
    if isinstance(lay, NoneAttr):
        if any(s < 0 for s in shape[1:]):
            out, acc = [], 1
            for s in reversed(shape):
                out.append(acc)
                acc = DYN if acc == DYN or s < 0 else acc * s
            return list(reversed(out)), 0
        out, acc = [], 1
        for s in reversed(shape):
            out.append(acc)
            acc *= s
        return list(reversed(out)), 0
    if isinstance(lay, StridedLayoutAttr):
        st = [s.data if hasattr(s, "data") else DYN for s in lay.strides.data]
        st = [DYN if x is None else x for x in st]
        off = lay.offset
        o = off.data if hasattr(off, "data") else DYN
        return st, DYN if o is None else o
    return None


def _contiguous(t: Attribute) -> bool:
    return isinstance(t, MemRefType) and isinstance(t.layout, NoneAttr)


_VIEWS = ("memref.subview", "memref.cast", "memref.collapse_shape", "memref.expand_shape",
          "memref.reinterpret_cast", "memref.transpose", "memref.view")
_READS = ("memref.load", "memref.dim", "bufferization.to_tensor", "memref.dealloc",
          "memref.extract_strided_metadata", "memref.extract_aligned_pointer_as_index")


def _root(v: SSAValue) -> SSAValue:
    while isinstance(v.owner, Operation) and v.owner.name in _VIEWS:
        v = v.owner.operands[0]
    return v


_LOOPS = ("scf.for", "scf.while", "scf.parallel", "scf.forall")


def _runs_before(w: Operation, t: Operation, fop: Operation) -> bool:
    """Whether ``w`` runs before ``t`` and never after it: their ancestors in their
    innermost common block are in that order, and that block is in no loop (a tape
    written by the forward sweep's loop and read by the reverse one's)."""
    t_anc: dict[int, Operation] = {}  # block id -> t's ancestor op in it
    o: Operation | None = t
    while o is not None and o is not fop:
        b = o.parent_block()
        if b is None:
            return False
        t_anc[id(b)] = o
        o = b.parent_op()
    o = w
    while o is not None and o is not fop:
        b = o.parent_block()
        if b is None:
            return False
        if id(b) in t_anc:
            at = t_anc[id(b)]
            if at is o:
                return False
            up = b.parent_op()
            while up is not None and up is not fop:
                if up.name in _LOOPS or op_name(up) in _LOOPS:
                    return False
                up = up.parent_op()
            for x in b.ops:
                if x is o:
                    return True
                if x is at:
                    return False
            return False
        o = b.parent_op()
    return False


def may_be_written(fop: Operation, m: SSAValue, at: Operation | None = None) -> bool:
    """Whether some op of ``fop`` may write memory that memref ``m`` views, other than
    ops that run before ``at`` and never after it (:func:`_runs_before`; ``at`` None:
    anywhere).  ``bufferization.to_tensor`` of such a buffer must copy it: the tensor
    is a value, and a gradient reads it in its reverse sweep, after the forward sweep
    has overwritten the buffer (a ``dup`` argument read and then written).  Function
    arguments may alias each other; an allocation only itself; any other root (a load
    of a memref, a select of two, a loop's or a branch's result, a call's, ...) anything:
    an allocation may reach it."""
    r = _root(m)

    def alloc(x: SSAValue) -> bool:
        return isinstance(x.owner, Operation) and x.owner.name in (
            "memref.alloc", "memref.alloca")

    def arg(x: SSAValue) -> bool:  # (an argument of the function)
        return isinstance(x, BlockArgument) and x.owner is fop.regions[0].blocks[0]

    def distinct(w: SSAValue) -> bool:
        q = _root(w)
        if q is r:
            return False
        return alloc(q) and (alloc(r) or arg(r)) or alloc(r) and arg(q)

    for o in fop.walk():
        if o is fop or o.name in _VIEWS or o.name in _READS:
            continue
        mems = [u for u in o.operands if isinstance(u.type, MemRefType)]
        if not mems:
            continue
        if is_structured(o):
            v = structured(o)
            targets = list(v.outputs) if v is not None else mems
        elif o.name == "memref.store":
            targets = [o.operands[1]]
        elif o.name == "memref.copy":
            targets = [o.operands[1]]
        else:  # (atomic_rmw, calls, llvm, ...: any memref operand may be written)
            targets = mems
        if any(not distinct(w) for w in targets if isinstance(w.type, MemRefType)) \
                and not (at is not None and _runs_before(o, at, fop)):
            return True
    return False


class _Func:
    """The bufferization of one function (see the module's docstring)."""

    def __init__(self, fop: func.FuncOp, module: ModuleOp) -> None:
        self.f, self.module = fop, module
        self.live = Liveness(fop)
        self.mem: dict[SSAValue, SSAValue] = {}  # tensor value -> its buffer (memref)
        self.owner: dict[SSAValue, int] = {}  # tensor value -> buffer id
        self.state: dict[int, set[SSAValue]] = {}  # buffer id -> tensor values in it
        self.writable: dict[int, bool] = {}
        self.root: dict[int, SSAValue] = {}  # buffer id -> the allocation itself
        self.allocs: list[tuple[Operation, int]] = []  # ours, each with its buffer id
        self.escapes: set[int] = set()
        self.erase: list[Operation] = []
        self.round_trips: set[Operation] = set()  # insert_slice ops that copy nothing
        self.n = 0

    # -- buffers ---------------------------------------------------------------

    def new_id(self, writable: bool) -> int:
        self.n += 1
        self.writable[self.n] = writable
        self.state[self.n] = set()
        return self.n

    def bind(self, t: SSAValue, mem: SSAValue, bid: int) -> None:
        self.mem[t], self.owner[t] = mem, bid
        self.state.setdefault(bid, set()).add(t)

    def emit(self, op: Operation, before: Operation, loc: Operation | None = None) -> Operation:
        carry_location(op, loc or before)
        Rewriter.insert_op(op, InsertPoint.before(before))
        return op

    def const(self, v: int, before: Operation) -> SSAValue:
        return self.emit(arith.ConstantOp(IntegerAttr(v, IndexType())), before).results[0]

    def alloc(self, t: Attribute, before: Operation, like: SSAValue | None = None,
              sizes: Sequence[SSAValue] | None = None) -> tuple[SSAValue, int]:
        """A fresh buffer for tensor type ``t`` (dynamic sizes from ``sizes`` or the
        memref ``like``)."""
        mt = memref_of(t)
        dyn: list[SSAValue] = []
        if sizes is not None:
            dyn = list(sizes)
        else:
            for i, s in enumerate(mt.get_shape()):
                if s < 0:
                    if like is None:
                        raise CodegenError("a dynamic size the bufferization cannot tell",
                                           **where(before))
                    dyn.append(self.emit(memref.DimOp(
                        like, self.const(i, before)), before).results[0])
        op = self.emit(memref.AllocOp(dyn, [], mt), before)
        bid = self.new_id(True)
        self.root[bid] = op.results[0]
        self.allocs.append((op, bid))
        return op.results[0], bid

    def copy(self, src: SSAValue, dst: SSAValue, before: Operation) -> None:
        self.emit(memref.CopyOp(src, dst), before)

    def can_write(self, t: SSAValue, op: Operation) -> bool:
        """Whether ``op`` may write the buffer of ``t`` (every tensor in it dead after
        ``op``, and the buffer ours to write)."""
        bid = self.owner[t]
        return self.writable[bid] and all(self.live.dead_after(v, op)
                                          for v in self.state[bid])

    def dest(self, t: SSAValue, op: Operation, read: bool = True,
             avoid: Sequence[SSAValue] = ()) -> tuple[SSAValue, int]:
        """The buffer ``op`` writes its result over ``t`` into: ``t``'s own when it
        may, else a fresh one (holding ``t`` when ``read``).  ``avoid``: tensors the op
        reads while writing (never in place over one of them)."""
        bid = self.owner[t]
        if self.can_write(t, op) and not any(self.owner.get(a) == bid for a in avoid):
            self.state[bid] = set()  # (all dead)
            return self.mem[t], bid
        mem, nid = self.alloc(t.type, op, like=self.mem[t])
        if read:
            self.copy(self.mem[t], mem, op)
        return mem, nid

    def contiguous(self, t: SSAValue, op: Operation) -> SSAValue:
        """``t``'s buffer, or a contiguous copy of it (for a reshape or a call)."""
        m = self.mem[t]
        if _contiguous(m.type) and m.type == memref_of(t.type):
            return m
        mem, _ = self.alloc(t.type, op, like=m)
        self.copy(m, mem, op)
        return mem

    # -- the walk --------------------------------------------------------------

    def run(self) -> None:
        body = self.f.body.blocks[0]
        if len(self.f.body.blocks) != 1:
            raise CodegenError(f"@{self.f.sym_name.data}: tensors in a function of "
                               "several blocks are not supported", **where(self.f))
        for a in list(body.args):
            if is_tensor(a.type):
                m = body.insert_arg(memref_of(a.type), a.index)
                m.name_hint = a.name_hint
                self.bind(a, m, self.new_id(False))  # (read-only: copy-on-write)
        self.block(body)
        self.cleanup()
        self.free()
        hoist_allocs(self.f)
        ins = [a.type for a in body.args]
        ret = body.last_op
        outs = [v.type for v in ret.operands] if ret is not None else []
        self.f.function_type = FunctionType.from_lists(ins, outs)

    def block(self, b: Block) -> None:
        for a in b.args:
            if is_tensor(a.type) and a not in self.mem:
                raise CodegenError("a tensor block argument the bufferization does not "
                                   "know", **where(b.parent_op() or self.f))
        for op in list(b.ops):
            self.op(op)

    def fork(self) -> dict[int, set[SSAValue]]:
        return {k: set(v) for k, v in self.state.items()}

    def join(self, *states: dict[int, set[SSAValue]]) -> None:
        out: dict[int, set[SSAValue]] = {}
        for s in states:
            for k, v in s.items():
                out.setdefault(k, set()).update(v)
        self.state = out

    def op(self, op: Operation) -> None:
        name = op.name
        if any(isinstance(v.type, UnrankedTensorType) for v in (*op.operands, *op.results)):
            raise CodegenError(f"{op_name(op)}: unranked tensors are not supported by the "
                               "bufferization", **where(op))
        handler = _HANDLERS.get(name)
        if handler is not None and (touches_tensors(op) or name in _ALWAYS):
            handler(self, op)
            return
        if is_structured(op) and touches_tensors(op):
            self.structured(op)
            return
        if touches_tensors(op):
            if (name.startswith("arith.") or name.startswith("math.")) and op.results:
                self.elementwise(op)
                return
            if op_name(op) == "scf.forall":  # (xDSL parses it as unregistered)
                raise CodegenError("'scf.forall' with shared_outs (tensor results) is outside "
                                   "the subset: only scf.forall on memrefs (no shared_outs) is "
                                   "supported", **where(op))
            raise CodegenError(f"{op_name(op)} on tensors is not supported by the "
                               "bufferization", **where(op))
        if op.regions:  # a region op that carries no tensor: its blocks in turn
            start = self.fork()
            states = []
            for r in op.regions:
                for b in r.blocks:
                    self.state = {k: set(v) for k, v in start.items()}
                    self.block(b)
                    states.append(self.state)
            self.join(start, *states)

    # -- linalg ------------------------------------------------------------------

    def structured(self, op: Operation) -> None:
        s = structured(op)
        assert s is not None
        nin = len(s.inputs)
        ins = [self.mem[v] if is_tensor(v.type) else v for v in s.inputs]
        outs: list[SSAValue] = []
        results = list(op.results)
        taken: set[int] = set()
        for k, o in enumerate(s.outputs):
            if not is_tensor(o.type):
                raise CodegenError(f"{op.name} mixes tensors and memrefs", **where(op))
            reads = bool(s.body.args[nin + k].uses)
            bid = self.owner[o]
            # reading an input from the buffer written is safe only element by element
            clash = any(
                is_tensor(v.type) and self.owner[v] == bid and not (
                    self.mem[v] is self.mem[o] and s.indexing_maps[i] == s.indexing_maps[nin + k]
                    and all(it == "parallel" for it in s.iterator_types))
                for i, v in enumerate(s.inputs))
            if bid not in taken and not clash and (self.can_write(o, op)
                                                   or self._round_trip(o, op, k)):
                self.state[bid] = set()
                mem = self.mem[o]
            else:
                mem, bid = self.alloc(o.type, op, like=self.mem[o])
                if reads:
                    self.copy(self.mem[o], mem, op)
            taken.add(bid)
            outs.append(mem)
            if k < len(results):
                self.bind(results[k], mem, bid)
        body = s.body.parent_region()
        assert body is not None
        gen = linalg.GenericOp(
            ins, outs, body.clone(), [AffineMapAttr(m) for m in s.indexing_maps],
            [IteratorTypeAttr(IteratorType(it)) for it in s.iterator_types], [])
        if EXACT_ATTR in op.attributes:  # (its body lowered as written: loops.EXACT_ATTR)
            gen.attributes[EXACT_ATTR] = op.attributes[EXACT_ATTR]
        self._captured_tensors(gen)
        self.emit(gen, op)
        self.erase.append(op)

    def _captured_tensors(self, gen: Operation) -> None:
        """A linalg body reading a tensor defined outside it (``tensor.extract`` /
        ``tensor.dim`` of it): those reads go to the tensor's buffer."""
        for inner in list(gen.walk()):
            if inner is gen:
                continue
            outer = [v for v in inner.operands if is_tensor(v.type) and v in self.mem]
            if not outer:
                continue
            if inner.name == "tensor.extract" and inner.operands[0] in self.mem \
                    and len(outer) == 1:
                t, *idx = inner.operands
                new = memref.LoadOp.get(self.mem[t], idx)
            elif inner.name == "tensor.dim" and len(outer) == 1:
                new = memref.DimOp(self.mem[inner.operands[0]], inner.operands[1])
            else:
                raise CodegenError(f"{op_name(inner)} of a tensor defined outside the "
                                   "linalg body is not supported by the bufferization",
                                   **where(inner))
            carry_location(new, inner)
            Rewriter.replace_op(inner, new)

    def elementwise(self, op: Operation) -> None:
        """``arith``/``math`` on tensors: a ``linalg.generic`` with identity maps."""
        r = op.results[0]
        t = r.type
        assert isinstance(t, TensorType)
        shaped = [v for v in op.operands if is_tensor(v.type)]
        rank = len(t.get_shape())
        mem, bid = self.alloc(t, op, like=self.mem[shaped[0]] if shaped else None)
        ins = [self.mem[v] if is_tensor(v.type) else v for v in op.operands]
        ident = AffineMap.identity(rank)
        maps = [ident if is_tensor(v.type) else AffineMap(rank, 0, ()) for v in op.operands]
        elem = [v.type.element_type if is_tensor(v.type) else v.type  # type: ignore[attr-defined]
                for v in op.operands]
        block = Block(arg_types=[*elem, t.element_type])
        scalar = type(op).create(
            operands=list(block.args[:len(elem)]),
            result_types=[x.type.element_type if is_tensor(x.type) else x.type  # type: ignore[attr-defined]
                          for x in op.results],
            properties=dict(op.properties), attributes=dict(op.attributes))
        carry_location(scalar, op)
        block.add_op(scalar)
        block.add_op(linalg.YieldOp(scalar.results[0]))
        if len(op.results) != 1:
            raise CodegenError(f"{op.name} on tensors with several results", **where(op))
        gen = linalg.GenericOp(ins, [mem], Region(block),
                               [AffineMapAttr(m) for m in [*maps, ident]],
                               [IteratorTypeAttr(IteratorType.PARALLEL)] * rank, [])
        self.emit(gen, op)
        self.bind(r, mem, bid)
        self.erase.append(op)

    def fill(self, mem: SSAValue, x: SSAValue, before: Operation) -> None:
        t = mem.type
        assert isinstance(t, MemRefType)
        rank = len(t.get_shape())
        block = Block(arg_types=[x.type, t.element_type])
        block.add_op(linalg.YieldOp(block.args[0]))
        self.emit(linalg.GenericOp([x], [mem], Region(block),
                                   [AffineMapAttr(AffineMap(rank, 0, ())),
                                    AffineMapAttr(AffineMap.identity(rank))],
                                   [IteratorTypeAttr(IteratorType.PARALLEL)] * rank, []),
                  before)

    # -- tensor ops ----------------------------------------------------------------

    def t_empty(self, op: Operation) -> None:
        mem, bid = self.alloc(op.results[0].type, op, sizes=list(op.operands))
        self.bind(op.results[0], mem, bid)
        self.erase.append(op)

    def t_splat(self, op: Operation) -> None:
        x, *sizes = op.operands
        mem, bid = self.alloc(op.results[0].type, op, sizes=sizes)
        self.fill(mem, x, op)
        self.bind(op.results[0], mem, bid)
        self.erase.append(op)

    def t_from_elements(self, op: Operation) -> None:
        t = op.results[0].type
        assert isinstance(t, TensorType)
        mem, bid = self.alloc(t, op)
        shape = list(t.get_shape())
        import itertools

        for x, idx in zip(op.operands, itertools.product(*[range(s) for s in shape]),
                          strict=True):
            self.emit(memref.StoreOp.get(x, mem, [self.const(i, op) for i in idx]), op)
        self.bind(op.results[0], mem, bid)
        self.erase.append(op)

    def t_extract(self, op: Operation) -> None:
        t, *idx = op.operands
        ld = self.emit(memref.LoadOp.get(self.mem[t], idx), op)
        op.results[0].replace_all_uses_with(ld.results[0])
        self.erase.append(op)

    def t_insert(self, op: Operation) -> None:
        x, t, *idx = op.operands
        mem, bid = self.dest(t, op)
        self.emit(memref.StoreOp.get(x, mem, idx), op)
        self.bind(op.results[0], mem, bid)
        self.erase.append(op)

    def t_dim(self, op: Operation) -> None:
        t, i = op.operands
        d = self.emit(memref.DimOp(self.mem[t], i), op)
        op.results[0].replace_all_uses_with(d.results[0])
        self.erase.append(op)

    def _subview(self, src: SSAValue, op: Operation, result: Attribute) -> SSAValue:
        """A view of the memref ``src`` as the slice op ``op`` (extract_slice or
        insert_slice) describes, of tensor type ``result`` (rank-reduced or not)."""
        st = src.type
        assert isinstance(st, MemRefType) and isinstance(result, TensorType)
        so = list(op.static_offsets.get_values())  # type: ignore[attr-defined]
        ss = list(op.static_sizes.get_values())  # type: ignore[attr-defined]
        sst = list(op.static_strides.get_values())  # type: ignore[attr-defined]
        base = _strides(st)
        if base is None:
            raise CodegenError("a slice of a buffer without a strided layout", **where(op))
        strides, offset = base
        # the result's layout: static where everything it depends on is
        out_st = [DYN if a == DYN or b == DYN else a * b
                  for a, b in zip(strides, sst, strict=True)]
        off = offset
        for o, s in zip(so, strides, strict=True):
            off = DYN if off == DYN or o == DYN or s == DYN else off + o * s
        kept = list(range(len(ss)))
        rshape = list(result.get_shape())
        if len(rshape) < len(ss):  # rank reduction: unit dimensions dropped, as MLIR matches
            kept, j = [], 0
            for d, s in enumerate(ss):
                if j < len(rshape) and (s == rshape[j] or (s == DYN and rshape[j] < 0)):
                    kept.append(d)
                    j += 1
                elif s != 1:
                    break
            if j != len(rshape) or len(kept) != len(rshape):
                raise CodegenError("a rank-reducing slice the bufferization cannot match",
                                   **where(op))
        layout = StridedLayoutAttr([None if out_st[d] == DYN else out_st[d] for d in kept],
                                   None if off == DYN else off)
        mt = MemRefType(st.element_type, rshape, layout)
        sv = memref.SubviewOp(src, list(op.offsets), list(op.sizes),  # type: ignore[attr-defined]
                              list(op.strides), DenseArrayBase.from_list(i64, so),  # type: ignore[attr-defined]
                              DenseArrayBase.from_list(i64, ss),
                              DenseArrayBase.from_list(i64, sst), mt)
        return self.emit(sv, op).results[0]

    def t_extract_slice(self, op: Operation) -> None:
        t = op.operands[0]
        view = self._subview(self.mem[t], op, op.results[0].type)
        self.bind(op.results[0], view, self.owner[t])
        self.erase.append(op)

    def _round_trip(self, o: SSAValue, op: Operation, k: int) -> bool:
        """Whether ``op`` may write its ``k``-th result over its init ``o`` in place
        although ``o`` is a slice of a tensor ``x`` that is still live: ``o`` is
        ``tensor.extract_slice x``, the result's only use is ``tensor.insert_slice``
        of it back into ``x`` at the same offsets, sizes and strides (the same SSA
        values) in ``op``'s block, ``x`` is used by nothing between ``op`` and that
        insert nor after it, and every other tensor in the buffer is dead after
        ``op``.  The insert then copies nothing (:meth:`t_insert_slice`).  (Off with
        the ``inplace`` switch of :mod:`.opts`.)"""
        if not opts.enabled("inplace"):
            return False
        ext = o.owner
        if not isinstance(ext, Operation) or ext.name != "tensor.extract_slice":
            return False
        x = ext.operands[0]
        if k >= len(op.results):
            return False
        r = op.results[k]
        uses = list(r.uses)
        if len(uses) != 1:
            return False
        ins = uses[0].operation
        if (ins.name != "tensor.insert_slice" or uses[0].index != 0
                or ins.operands[1] is not x or ins.parent_block() is not op.parent_block()
                or list(ins.operands[2:]) != list(ext.operands[1:])
                or ins.results[0].type != x.type or r.type != o.type):
            return False
        for key in ("static_offsets", "static_sizes", "static_strides"):
            if ins.properties.get(key) != ext.properties.get(key):
                return False
        bid = self.owner[x]
        if not self.writable[bid] or self.owner[o] != bid:
            return False
        block = op.parent_block()
        pos = self.live.pos
        if op not in pos or ins not in pos:
            return False
        for use in x.uses:
            u = use.operation
            if u is ins:
                continue
            cx = chain(u, block)
            if cx is not None and pos.get(cx[-1], -1) >= pos[op]:
                return False  # (a use of x at or after op, before the insert)
        if not self.live.dead_after(x, ins):
            return False
        if not all(v is x or self.live.dead_after(v, op) for v in self.state[bid]):
            return False
        self.round_trips.add(ins)
        opts.count("inplace")
        return True

    def t_insert_slice(self, op: Operation) -> None:
        src, dst = op.operands[0], op.operands[1]
        if op in self.round_trips:  # the source was written in place (_round_trip)
            bid = self.owner[dst]
            assert self.owner[src] == bid
            self.state[bid] = set()
            self.bind(op.results[0], self.mem[dst], bid)
            self.erase.append(op)
            return
        mem, bid = self.dest(dst, op, avoid=[src])
        view = self._subview(mem, op, src.type)
        self.copy(self.mem[src], view, op)
        self.bind(op.results[0], mem, bid)
        self.erase.append(op)

    def t_cast(self, op: Operation) -> None:
        t = op.operands[0]
        m = self.contiguous(t, op)
        c = self.emit(memref.CastOp.get(m, memref_of(op.results[0].type)), op)
        self.bind(op.results[0], c.results[0], self.owner[t] if m is self.mem[t]
                  else self._last_id())
        self.erase.append(op)

    def _last_id(self) -> int:
        return self.n

    def t_reshape(self, op: Operation) -> None:
        t = op.operands[0]
        m = self.contiguous(t, op)
        bid = self.owner[t] if m is self.mem[t] else self.n
        rt = memref_of(op.results[0].type)
        if op.name == "tensor.collapse_shape":
            new = memref.CollapseShapeOp.build(
                operands=[m], result_types=[rt],
                properties={"reassociation": op.properties["reassociation"]})
        else:
            new = memref.ExpandShapeOp.build(
                operands=[m, list(op.operands[1:])], result_types=[rt],
                properties={"reassociation": op.properties["reassociation"],
                            "static_output_shape": op.properties["static_output_shape"]})
        self.emit(new, op)
        self.bind(op.results[0], new.results[0], bid)
        self.erase.append(op)

    def to_tensor(self, op: Operation) -> None:
        src = op.operands[0]
        if may_be_written(self.f, src, op):  # (a snapshot: the tensor is a value)
            mem, bid = self.alloc(op.results[0].type, op, like=src)
            self.copy(src, mem, op)
            self.bind(op.results[0], mem, bid)
        else:
            self.bind(op.results[0], src, self.new_id(False))
        self.erase.append(op)

    def _read_at_once(self, op: Operation) -> bool:
        """Whether every use of ``op``'s result is the source of a ``memref.copy``
        of ``op``'s block with no tensor op between them (a tape write): the copy
        reads the tensor's buffer, view or not, before anything can change it."""
        res = op.results[0]
        block = op.parent_block()
        if not res.uses or block is None:
            return False
        for use in res.uses:
            c = use.operation
            if c.name != "memref.copy" or use.index != 0 or c.parent_block() is not block:
                return False
            o = op.next_op
            while o is not None and o is not c:  # (only ops that write no memory)
                if touches_tensors(o) or o.regions or not (
                        o.name in ("memref.subview", "memref.dim", "memref.cast")
                        or o.name.startswith("arith.")):
                    return False
                o = o.next_op
            if o is None:
                return False
        return True

    def to_buffer(self, op: Operation) -> None:
        t = op.operands[0]
        if self._read_at_once(op):  # (no copy of a view, no copy-on-write)
            op.results[0].replace_all_uses_with(self.mem[t])
            self.erase.append(op)
            return
        m, bid = self.dest(t, op)
        rt = op.results[0].type
        if m.type != rt and _contiguous(rt) and not _contiguous(m.type):
            # a view (a slice, at an offset) cast to an identity layout would be
            # undefined behaviour (it read the wrong elements): a contiguous copy
            m, bid = self.alloc(t.type, op, like=m)
            self.copy(self.mem[t], m, op)
        if m.type != rt:
            c = self.emit(memref.CastOp.get(m, op.results[0].type), op)
            m = c.results[0]
        self.escapes.add(bid)
        self.writable[bid] = False
        op.results[0].replace_all_uses_with(m)
        self.erase.append(op)

    # -- control flow and calls --------------------------------------------------------

    def scf_for(self, op: Operation) -> None:
        assert isinstance(op, scf.ForOp)
        body = op.body.block
        bufs: list[tuple[SSAValue, int] | None] = []
        taken: set[int] = set()
        for init in op.iter_args:
            if not is_tensor(init.type):
                bufs.append(None)
                continue
            bid = self.owner[init]
            if bid not in taken and self.can_write(init, op):
                mem = self.mem[init]
            else:
                mem, bid = self.alloc(init.type, op, like=self.mem[init])
                self.copy(self.mem[init], mem, op)
            taken.add(bid)
            bufs.append((mem, bid))
        outer = self.fork()
        for b in bufs:
            if b is not None:
                self.state[b[1]] = set()
        for b, arg in zip(bufs, body.args[1:], strict=True):
            if b is not None:
                self.bind(arg, *b)
        self.block(body)
        yield_op = body.last_op
        assert yield_op is not None
        self._yield_into(yield_op, [b[0] if b else None for b in bufs])
        self.join(outer)
        for b in bufs:
            if b is not None:
                self.state[b[1]] = set()
        for b, r in zip(bufs, op.results, strict=True):
            if b is not None:
                self.bind(r, *b)

    def _yield_into(self, y: Operation, targets: Sequence[SSAValue | None]) -> None:
        """Copy each yielded tensor that is not already in its target buffer into it
        (through a temporary where a source is another target)."""
        pending = [(self.mem[v], t) for v, t in zip(y.operands, targets, strict=True)
                   if t is not None and self.mem[v] is not t]
        tset = {id(t) for _, t in pending}
        srcs = []
        for src, t in pending:
            if any(self._may_alias(src, t2) for _, t2 in pending if t2 is not t) and \
                    id(src) in tset | {id(x) for x in targets if x is not None}:
                tmp_t = src.type
                assert isinstance(tmp_t, MemRefType)
                tmp = self.emit(memref.AllocOp(
                    [self.emit(memref.DimOp(src, self.const(i, y)),
                               y).results[0] for i, s in enumerate(tmp_t.get_shape()) if s < 0],
                    [], MemRefType(tmp_t.element_type, tmp_t.get_shape())), y).results[0]
                self.copy(src, tmp, y)
                srcs.append((tmp, t, True))
            else:
                srcs.append((src, t, False))
        for src, t, tmp in srcs:
            self.copy(src, t, y)
            if tmp:
                self.emit(memref.DeallocOp.get(src), y)

    def _may_alias(self, a: SSAValue, b: SSAValue) -> bool:
        ia = [self.owner[v] for v, m in self.mem.items() if m is a]
        ib = [self.owner[v] for v, m in self.mem.items() if m is b]
        return bool(set(ia) & set(ib)) or not ia or not ib

    def scf_if(self, op: Operation) -> None:
        assert isinstance(op, scf.IfOp)
        start = self.fork()
        states = []
        for r in op.regions:
            for b in r.blocks:
                self.state = {k: set(v) for k, v in start.items()}
                self.block(b)
                states.append(self.state)
        self.join(start, *states)
        yields = [r.blocks[0].last_op for r in op.regions if r.blocks]
        if len(yields) < 2:
            if any(is_tensor(t.type) for t in op.results):
                raise CodegenError("scf.if with tensor results and no else", **where(op))
            return
        for k, r in enumerate(op.results):
            if not is_tensor(r.type):
                continue
            vs = [y.operands[k] for y in yields]  # type: ignore[union-attr]
            ms = [self.mem[v] for v in vs]
            if all(m is ms[0] for m in ms) and self._dominates(ms[0], op):
                self.bind(r, ms[0], self.owner[vs[0]])
                continue
            like = next((m for m in ms if self._dominates(m, op)), None)
            mem, bid = self.alloc(r.type, op, like=like)
            for y, m in zip(yields, ms, strict=True):
                assert y is not None
                self.copy(m, mem, y)
            self.bind(r, mem, bid)

    def _dominates(self, v: SSAValue, op: Operation) -> bool:
        """Whether ``v`` is defined outside ``op`` (so usable right before it)."""
        if isinstance(v, BlockArgument):
            p = v.block.parent_op()
        else:
            p = v.owner if isinstance(v.owner, Operation) else None
        while p is not None:
            if p is op:
                return False
            p = p.parent_op()
        return True

    def ret(self, op: Operation) -> None:
        vals = []
        seen: set[int] = set()
        for v in op.operands:
            if not is_tensor(v.type):
                vals.append(v)
                continue
            bid = self.owner[v]
            m = self.mem[v]
            if (self.writable[bid] and bid in self.root and self.root[bid] is m
                    and bid not in seen and m.type == memref_of(v.type)):
                seen.add(bid)
            else:
                m, bid = self.alloc(v.type, op, like=m)
                self.copy(self.mem[v], m, op)
                seen.add(bid)
            self.escapes.add(bid)
            vals.append(m)
        self.emit(func.ReturnOp(*vals), op)
        self.erase.append(op)

    def call(self, op: Operation) -> None:
        args = []
        for v in op.operands:
            args.append(self.contiguous(v, op) if is_tensor(v.type) else v)
        rtypes = [memref_of(t.type) if is_tensor(t.type) else t.type for t in op.results]
        new = func.CallOp(op.callee, args, rtypes)  # type: ignore[attr-defined]
        self.emit(new, op)
        for r, nr in zip(op.results, new.results, strict=True):
            if is_tensor(r.type):
                bid = self.new_id(True)
                self.root[bid] = nr
                self.allocs.append((new, bid))
                self.bind(r, nr, bid)
            else:
                r.replace_all_uses_with(nr)
        self.erase.append(op)

    # -- after the walk --------------------------------------------------------------

    def cleanup(self) -> None:
        """Drop the tensor ops and the tensors carried by loops and branches."""
        for op in reversed(list(self.f.walk())):
            if op is self.f:
                continue
            if op in self.erase and not isinstance(op, func.ReturnOp):
                for r in op.results:
                    if r.uses:
                        raise CodegenError(f"{op.name}: a result still used after the "
                                           "bufferization", **where(op))
                Rewriter.erase_op(op)
            elif isinstance(op, func.ReturnOp) and op in self.erase:
                Rewriter.erase_op(op)
            elif isinstance(op, scf.YieldOp) and touches_tensors(op):
                Rewriter.replace_op(op, scf.YieldOp(
                    *[v for v in op.operands if not is_tensor(v.type)]))
            elif isinstance(op, scf.ForOp) and touches_tensors(op):
                self._strip_for(op)
            elif isinstance(op, scf.IfOp) and touches_tensors(op):
                keep = [k for k, r in enumerate(op.results) if not is_tensor(r.type)]
                new = scf.IfOp(op.cond, [op.results[k].type for k in keep],
                               Rewriter.move_region_contents_to_new_regions(op.true_region),
                               Rewriter.move_region_contents_to_new_regions(op.false_region))
                carry_location(new, op)
                Rewriter.insert_op(new, InsertPoint.before(op))
                for j, k in enumerate(keep):
                    op.results[k].replace_all_uses_with(new.results[j])
                Rewriter.erase_op(op)
        for a in list(self.f.body.blocks[0].args):
            if is_tensor(a.type):
                self.f.body.blocks[0].erase_arg(a)

    def _strip_for(self, op: scf.ForOp) -> None:
        body = op.body.block
        keep = [k for k, v in enumerate(op.iter_args) if not is_tensor(v.type)]
        block = Block(arg_types=[IndexType(), *[op.iter_args[k].type for k in keep]])
        body.args[0].replace_all_uses_with(block.args[0])
        for j, k in enumerate(keep):
            body.args[k + 1].replace_all_uses_with(block.args[j + 1])
        for o in list(body.ops):
            o.detach()
            block.add_op(o)
        new = scf.ForOp(op.lb, op.ub, op.step, [op.iter_args[k] for k in keep], Region(block))
        carry_location(new, op)
        Rewriter.insert_op(new, InsertPoint.before(op))
        for j, k in enumerate(keep):
            op.results[k].replace_all_uses_with(new.results[j])
        for a in body.args:
            if a.uses:
                raise CodegenError("scf.for: a carried tensor still used after the "
                                   "bufferization", **where(op))
        Rewriter.erase_op(op)

    def free(self) -> None:
        """Free what we allocated and do not return: small static buffers go on the
        stack, the others get a ``memref.dealloc`` right after the last op of their
        block that uses them or a view of them (:func:`.lifetime.last_use`; at the
        end of the block where that cannot be told, or with the ``lifetime`` switch of
        :mod:`.opts` off), so that a later allocation can reuse the memory."""
        for op, bid in self.allocs:
            if bid in self.escapes or op.parent is None:
                continue
            block = op.parent_block()
            assert block is not None
            t = op.results[0].type
            if isinstance(op, memref.AllocOp):
                assert isinstance(t, MemRefType)
                shape = list(t.get_shape())
                # (only in the entry block: the lowering hoists a static alloca out of
                # a loop but not its size's multiply, which then does not dominate it)
                if all(s >= 0 for s in shape) and block is self.f.body.blocks[0]:
                    n = 1
                    for s in shape:
                        n *= s
                    width = getattr(t.element_type, "bitwidth", 64)
                    if n * max(width, 8) // 8 <= STACK_BYTES:
                        new = memref.AllocaOp.get(t.element_type, shape=shape)
                        carry_location(new, op)
                        Rewriter.replace_op(op, new)
                        continue
                res = op.results[0]
            else:  # a call's result
                res = next(r for r in op.results if self.root.get(bid) is r)
            term = block.last_op
            assert term is not None
            last = last_use(res, block) if opts.enabled("lifetime") else None
            if last is not None and last is not term:
                opts.count("lifetime")
                d = memref.DeallocOp.get(res)
                carry_location(d, op)
                Rewriter.insert_op(d, InsertPoint.after(last))
            else:
                self.emit(memref.DeallocOp.get(res), term, loc=op)


_ALWAYS: frozenset[str] = frozenset()

_HANDLERS = {
    "tensor.empty": _Func.t_empty,
    "tensor.splat": _Func.t_splat,
    "tensor.from_elements": _Func.t_from_elements,
    "tensor.extract": _Func.t_extract,
    "tensor.insert": _Func.t_insert,
    "tensor.dim": _Func.t_dim,
    "tensor.extract_slice": _Func.t_extract_slice,
    "tensor.insert_slice": _Func.t_insert_slice,
    "tensor.cast": _Func.t_cast,
    "tensor.collapse_shape": _Func.t_reshape,
    "tensor.expand_shape": _Func.t_reshape,
    "bufferization.to_tensor": _Func.to_tensor,
    "bufferization.to_buffer": _Func.to_buffer,
    "bufferization.to_memref": _Func.to_buffer,
    "scf.for": _Func.scf_for,
    "scf.if": _Func.scf_if,
    "func.return": _Func.ret,
    "func.call": _Func.call,
    "scf.yield": lambda self, op: None,  # (the loop's or branch's handler reads it)
}


def bufferize(module: ModuleOp) -> ModuleOp:
    """Bufferize every function of ``module`` in place (see the module docstring);
    returns it."""
    for op in list(module.ops):
        if isinstance(op, func.FuncOp) and op.body.blocks:
            ft = op.function_type
            if has_tensors(op) or any(is_tensor(t) for t in (*ft.inputs, *ft.outputs)):
                reuse_dead_inputs(op)
                if opts.enabled("lifetime"):
                    opts.count("lifetime", sink_fresh(op))
                _Func(op, module).run()
        elif isinstance(op, func.FuncOp):  # a declaration
            ft = op.function_type
            if any(is_tensor(t) for t in (*ft.inputs, *ft.outputs)):
                op.function_type = FunctionType.from_lists(
                    [memref_of(t) if is_tensor(t) else t for t in ft.inputs],
                    [memref_of(t) if is_tensor(t) else t for t in ft.outputs])
    return module


def lower_tensors(module: ModuleOp) -> ModuleOp:
    """A copy of ``module`` with its tensors bufferized and its linalg ops lowered to
    ``scf.for`` nests (the caller's module is not changed)."""
    out = module.clone()
    carry_location(out, module)
    bufferize(out)
    lower_linalg(out)
    return out


__all__ = ["bufferize", "has_tensors", "lower_tensors", "memref_of"]
