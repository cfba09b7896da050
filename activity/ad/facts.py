"""What the AD generator asks the activity analysis, in one place.

With ``prune=True`` every answer comes from the analysis: a value gets an adjoint only
if it is *active*, a buffer gets a shadow only if its alias classes are active, an op
gets an adjoint only if it can move a derivative.  With ``prune=False`` (the
``all_active`` baseline) every float value has an adjoint and every buffer of floats a
shadow, exactly as if nothing were known.  Alias information (which classes are never
written, used to recompute loads instead of taping them) comes from the points-to
analysis in both modes: it is a caching decision, not an activity one.
"""

from __future__ import annotations

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import (
    AnyFloat,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    NoneAttr,
    TensorType,
)
from xdsl.dialects.llvm import LLVMPointerType
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue

from activity.ad.structure import same_expr
from activity.analysis.result import ActivityResult
from activity.engine.graph import Effect
from activity.engine.program import call_target
from activity.engine.types import element_is_float, is_pointer
from activity.ops import DEALLOCATORS, OpKind, lookup, op_name


def float_of_width(w: int) -> Attribute | None:
    return {16: Float16Type(), 32: Float32Type(), 64: Float64Type()}.get(w)


class Facts:
    """Activity-derived queries used by the generator."""

    def __init__(self, result: ActivityResult, prune: bool) -> None:
        self.result = result
        self.prune = prune
        # classes each node may write (stores, copies, atomic RMWs, unknown ops, calls)
        self._node_writes = self._write_masks()
        written = 0
        for m in self._node_writes.values():
            written |= m
        self._written = written
        self._carriers = self._bit_carriers() if not prune else set()
        # classes of the root's `const` !llvm.ptr arguments (set by the Differentiator)
        self.const_ptr_classes = 0
        self._subtree: dict[int, int] = {}
        self._fns: dict[str, Operation] | None = None

    # -- values ----------------------------------------------------------------------
    def adj_type(self, v: SSAValue) -> Attribute | None:
        """The type of v's adjoint (a float of v's width for bitcast-carried integers)."""
        t = v.type
        if isinstance(t, AnyFloat):
            return t
        if isinstance(t, TensorType) and isinstance(t.element_type, AnyFloat):
            return t  # a tensor's adjoint is a tensor (activity/ad/rules/tensor.py)
        if isinstance(t, IntegerType) and t.width.data in (16, 32, 64):
            return float_of_width(t.width.data)
        return None

    def has_adjoint(self, v: SSAValue) -> bool:
        t = v.type
        if is_pointer(t):
            return False
        if self.prune:
            if not self.result.analysed(v):
                return False
            return self.result.value(v).active and self.adj_type(v) is not None
        if isinstance(t, AnyFloat) or (isinstance(t, TensorType)
                                       and isinstance(t.element_type, AnyFloat)):
            return True
        return v in self._carriers

    def _bit_carriers(self) -> set[SSAValue]:
        """Integers that may hold float bits (all_active: they carry adjoints): results of
        bitcasts and of loads, and whatever they flow into."""
        g = self.result.graph
        work = []
        for f in g.functions:
            for op in g.func_ops.get(f, []):
                spec = lookup(op)
                if spec is not None and op.results and (
                        spec.carries_bits or spec.kind == OpKind.MEM_READ):
                    work.append(op.results[0])  # bitcasts, and loads (memory may hold bits)
        seen: set[SSAValue] = set()
        while work:
            v = work.pop()
            if v in seen or v not in g.vid or self.adj_type(v) is None:
                continue
            seen.add(v)
            for s in g.vsucc[g.vid[v]]:
                work.append(g.values[s])
        return {v for v in seen if isinstance(v.type, IntegerType)}

    # -- memory ------------------------------------------------------------------------
    def has_shadow(self, p: SSAValue) -> bool:
        """Buffers of floats, and of 16/32/64-bit integers (which may hold float bits:
        their shadows hold the adjoints' bits), can have shadows."""
        t = p.type
        if not is_pointer(t):
            return False
        if not element_is_float(t):
            et = getattr(t, "element_type", None)
            if not (isinstance(et, IntegerType) and et.width.data in (16, 32, 64)):
                return False
        if self.prune:
            return self.result.analysed(p) and self.result.value(p).active
        if self.const_ptr_classes and isinstance(t, LLVMPointerType):
            # all_active: memory only the root's `const` pointer arguments may point to,
            # which nothing writes, gets no shadow -- a zero one would need a size the
            # pointer does not carry, and what accumulated there would never be read
            c = self.classes(p)
            if c not in (-1, 0) and not (c & ~self.const_ptr_classes) \
                    and not (c & self._written):
                return False
        return True

    def classes(self, p: SSAValue) -> int:
        g = self.result.graph
        i = g.vid.get(p)
        return -1 if i is None else self.result.solution.pt.pts[i]

    def read_only(self, p: SSAValue) -> bool:
        """No op of the analysed program writes the memory ``p`` may point to."""
        c = self.classes(p)
        return c != -1 and c != 0 and not (c & self._written)

    def unchanged_after(self, op: Operation, p: SSAValue) -> bool:
        """No op that may run after ``op`` (the rest of its block, of every enclosing
        block, and whole enclosing loops, whose later iterations follow) writes or frees
        the memory ``p`` may point to: at the end of the function the memory still holds
        what ``op`` saw.  Used for the inlined root function, whose reverse sweep runs
        right after its forward sweep, to recompute a load instead of taping it."""
        c = self.classes(p)
        if c in (-1, 0):
            return False
        after = self.writes_after(op)
        return after != -1 and not (after & c)

    def forwarding_store(self, load: Operation
                         ) -> tuple[Operation, Operation, SSAValue] | None:
        """``(store, loop, j)`` when the value ``load`` reads is the one ``store`` wrote
        in an earlier ``scf.for`` ``loop`` over ``%i``, in its iteration ``%i = j``.

        Two shapes: ``memref.load %B[%j]`` of ``memref.store %w, %B[%i]`` (``%B`` a fresh
        allocation, where distinct indices are distinct elements); and ``llvm.load``
        of ``getelementptr %P[f(%j)]`` where ``store`` is ``llvm.store %w,
        getelementptr %P[f(%i)]`` (the same ``%P``, element type and stored type, ``f``
        the same chain of widening casts and adds of loop-invariant values on both
        sides, so distinct ``%i`` are distinct elements).  Either way ``loop`` precedes
        the load in the same block or an enclosing one, ``store`` is unconditional in
        its body and the only write there to that memory, nothing between the two (nor,
        when the load sits in a loop nested after ``loop``, any iteration of that loop)
        writes or frees it, and ``%j`` is the induction variable of a loop with
        ``loop``'s bounds (structurally equal) and step 1, so ``store`` wrote the
        element the load reads.  Then the load's value is ``%w`` with ``%i := %j``
        (GMM's centred point ``xc[col]``), recomputable where ``%w``'s operands are,
        though the memory is overwritten later."""
        name = op_name(load)
        if name == "memref.load":
            if len(load.operands) != 2:
                return None
            buf, j0 = load.operands
            if not _fresh_dense(buf):
                return None  # a view may map several indices to one element (stride 0)
            c = self.classes(buf)

            def match(loop: Operation) -> tuple[Operation | None, SSAValue | None]:
                return self._sole_store(loop, buf, c), j0
        elif name == "llvm.load":
            if not _plain_access(load):
                return None
            g = _gep1(load.operands[0])
            if g is None:
                return None
            base, lidx, et = g
            if load.results[0].type != et:
                return None
            c = self.classes(load.operands[0])

            def match(loop: Operation) -> tuple[Operation | None, SSAValue | None]:
                st = self._sole_llvm_store(loop, base, et, c)
                if st is None:
                    return None, None
                sidx = _gep1(st.operands[1])[1]  # type: ignore[index]
                iv = loop.regions[0].blocks[0].args[0]
                return st, _match_index(sidx, lidx, iv, loop, 0)
        else:
            return None
        if c in (-1, 0):
            return None
        cur = load
        while True:
            blk = cur.parent_block()
            parent = blk.parent_op() if blk is not None else None
            region = blk.parent_region() if blk is not None else None
            if parent is None or region is None or len(region.blocks) > 1:
                return None
            prv = cur.prev_op
            while prv is not None:
                if op_name(prv) == "scf.for":
                    st, j = match(prv)
                    if st is not None:
                        return (st, prv, j) if j is not None and _covers(prv, j) else None
                if self.subtree_writes(prv) & c:
                    return None
                prv = prv.prev_op
            if op_name(parent) in ("func.func", "llvm.func"):
                return None
            if op_name(parent) in ("scf.for", "scf.while", "scf.parallel") and \
                    self.subtree_writes(parent) & c:
                return None  # an earlier iteration of an enclosing loop may write it
            cur = parent

    def _sole_store(self, loop: Operation, buf: SSAValue, c: int) -> Operation | None:
        body = loop.regions[0].blocks.first
        if body is None:
            return None
        iv = body.args[0]
        found = None
        for o in body.ops:
            if op_name(o) == "memref.store" and o.operands[1] is buf \
                    and len(o.operands) == 3 and o.operands[2] is iv and found is None:
                found = o
            elif self.subtree_writes(o) & c:
                return None
        return found

    def _sole_llvm_store(self, loop: Operation, base: SSAValue, et: Attribute,
                         c: int) -> Operation | None:
        """The ``llvm.store %w, getelementptr base[...]`` (element type ``et``, ``%w`` of
        that type) directly in ``loop``'s body when it is the only op there that may
        write classes ``c``."""
        body = loop.regions[0].blocks.first
        if body is None:
            return None
        found = None
        for o in body.ops:
            if op_name(o) == "llvm.store" and found is None and _plain_access(o):
                g = _gep1(o.operands[1])
                if g is not None and g[0] is base and g[2] == et \
                        and o.operands[0].type == et:
                    found = o
                    continue
            if self.subtree_writes(o) & c:
                return None
        return found

    def writes_after(self, op: Operation) -> int:
        """Classes ops that may execute after ``op`` (in its function) may write or free;
        -1 when unknown (unstructured control flow)."""
        mask = 0
        cur = op
        while True:
            blk = cur.parent_block()
            parent = blk.parent_op() if blk is not None else None
            if blk is None or parent is None:
                return -1
            region = blk.parent_region()
            if region is None or len(region.blocks) > 1:
                return -1  # successors of a cf block: not modelled here
            nxt = cur.next_op
            while nxt is not None:
                mask |= self.subtree_writes(nxt)
                nxt = nxt.next_op
            if op_name(parent) in ("func.func", "llvm.func"):
                return mask
            if op_name(parent) in ("scf.for", "scf.while", "scf.parallel"):
                mask |= self.subtree_writes(parent)
            cur = parent

    def subtree_writes(self, op: Operation) -> int:
        """Classes ``op`` (with nested ops and callees) may write or free."""
        got = self._subtree.get(id(op))
        if got is not None:
            return got
        g = self.result.graph
        mask = 0
        for o in op.walk():
            n = g.op_node.get(o)
            if n is not None:
                mask |= self._node_writes.get(n, 0)
            name = op_name(o)
            if name in ("func.call", "llvm.call"):
                mask |= self._frees_in(call_target(o), set())
            if _frees(o) and not _deferred(o):
                mask |= self.classes(o.operands[0]) if o.operands else -1
        self._subtree[id(op)] = mask
        return mask

    def _frees_in(self, fname: str | None, seen: set[str]) -> int:
        """Classes a call of ``fname`` may free (its callees included); -1 unknown."""
        if fname is None:
            return -1
        fop = self._functions().get(fname)
        if fop is None or fname in seen:
            return 0  # external: its effect node says what it may touch; or a cycle
        seen.add(fname)
        mask = 0
        for o in fop.walk():
            if _frees(o):
                mask |= self.classes(o.operands[0]) if o.operands else -1
            elif op_name(o) in ("func.call", "llvm.call"):
                mask |= self._frees_in(call_target(o), seen)
        return mask

    def _functions(self) -> dict[str, Operation]:
        if self._fns is None:
            self._fns = {}
            for f in self.result.graph.functions:
                name = getattr(f, "sym_name", None)
                if name is not None:
                    self._fns[name.data] = f
        return self._fns

    def _write_masks(self) -> dict[int, int]:
        g = self.result.graph
        sol = self.result.solution
        pts = sol.pt.pts
        out: dict[int, int] = {}
        for n, (kind, a, b) in g.effects.items():
            if kind in (Effect.STORE, Effect.COPY):
                m = pts[b]  # type: ignore[index]
            elif kind == Effect.RMW:
                m = pts[b[0]]  # type: ignore[index]
            elif kind == Effect.UNKNOWN:
                m = sol.reach.get(n, -1)
            elif kind == Effect.CALLBACK:
                m = a.writes_mask()  # type: ignore[union-attr]
            else:
                continue
            out[n] = out.get(n, 0) | m
        writes = sol.writes
        for n, ci, _to, _from in g.call_edges:
            out[n] = out.get(n, 0) | writes[ci]
        return out

    # -- ops -----------------------------------------------------------------------------
    def op_active(self, op: Operation) -> bool:
        if not self.prune:
            return True
        try:
            return self.result.op_active(op)
        except KeyError:
            return True


def _same_index(a: SSAValue, b: SSAValue) -> bool:
    return same_expr(a, b, 0)


def _plain_access(op: Operation) -> bool:
    """An ``llvm.load``/``llvm.store`` that is neither volatile nor atomic."""
    if "volatile_" in op.properties or "volatile_" in op.attributes:
        return False
    o = op.properties.get("ordering") or op.attributes.get("ordering")
    return o is None or (isinstance(o, IntegerAttr) and o.value.data == 0)


def _gep1(p: SSAValue) -> tuple[SSAValue, SSAValue, Attribute] | None:
    """``(base, index, element type)`` when ``p`` is ``llvm.getelementptr base[index]``
    with one dynamic index."""
    o = p.owner
    if not isinstance(o, Operation) or op_name(o) != "llvm.getelementptr" \
            or len(o.operands) != 2:
        return None
    raw = o.properties.get("rawConstantIndices")
    et = o.properties.get("elem_type")
    if raw is None or et is None or len(tuple(raw.iter_values())) != 1:  # type: ignore[attr-defined]
        return None
    return o.operands[0], o.operands[1], et


# casts that never map two values to one (the result at least as wide as the operand)
_WIDENING = frozenset({"arith.index_cast", "arith.index_castui", "arith.extsi", "arith.extui",
                       "llvm.sext", "llvm.zext"})


def _width(t: Attribute) -> int | None:
    if isinstance(t, IndexType):
        return 64
    if isinstance(t, IntegerType):
        return t.width.data
    return None


def _match_index(s: SSAValue, t: SSAValue, iv: SSAValue, loop: Operation,
                 depth: int) -> SSAValue | None:
    """The value ``j`` such that ``t`` is ``s`` with ``iv := j``, when ``s`` is a chain of
    widening casts and adds of values defined outside ``loop`` applied to ``iv``
    (injective in ``iv``); else None."""
    if s is iv:
        return t if t.type == s.type else None
    if depth > 8 or isinstance(s, BlockArgument) or isinstance(t, BlockArgument):
        return None
    os_, ot = s.owner, t.owner
    if not isinstance(os_, Operation) or not isinstance(ot, Operation) \
            or op_name(os_) != op_name(ot) or s.type != t.type:
        return None
    n = op_name(os_)
    if n in _WIDENING:
        wi, wo = _width(os_.operands[0].type), _width(s.type)
        if wi is None or wo is None or wo < wi or os_.operands[0].type != ot.operands[0].type:
            return None
        return _match_index(os_.operands[0], ot.operands[0], iv, loop, depth + 1)
    if n in ("arith.addi", "llvm.add"):
        for k in (0, 1):
            inv, var = os_.operands[k], os_.operands[1 - k]
            if ot.operands[k] is inv and not loop.is_ancestor(_owner_op(inv)):
                return _match_index(var, ot.operands[1 - k], iv, loop, depth + 1)
    return None


def _owner_op(v: SSAValue) -> Operation:
    o = v.block.parent_op() if isinstance(v, BlockArgument) else v.owner
    return o  # type: ignore[return-value]


def const_int(v: SSAValue) -> int | None:
    """The value of an ``arith.constant`` integer, or None."""
    o = v.owner
    if isinstance(o, arith.ConstantOp) and isinstance(o.value, IntegerAttr):
        return o.value.value.data
    return None


def _fresh_dense(buf: SSAValue) -> bool:
    """``buf`` is a ``memref.alloc``/``alloca`` of the identity layout: distinct indices
    are distinct elements.  (A view -- ``reinterpret_cast``, ``subview``, a stride-0
    ``cast``, an argument the caller made from one -- may repeat elements, and then
    the last iteration's store, not iteration ``%j``'s, is what a load reads.)"""
    o = buf.owner
    return (isinstance(o, Operation) and op_name(o) in ("memref.alloc", "memref.alloca")
            and isinstance(buf.type, MemRefType) and isinstance(buf.type.layout, NoneAttr))


def _covers(loop: Operation, j: SSAValue) -> bool:
    """Every value ``j`` takes is an induction value of scf.for ``loop`` (step 1): ``j``
    is the induction variable of an ``scf.for``/``scf.parallel`` dimension with the
    same bounds and step 1."""
    lb, ub, step = loop.operands[:3]
    if const_int(step) != 1 or not isinstance(j, BlockArgument):
        return False
    owner = j.block.parent_op()
    if owner is None:
        return False
    if isinstance(owner, scf.ForOp) and j.index == 0:
        jlb, jub, jstep = owner.operands[:3]
    elif isinstance(owner, scf.ParallelOp) and j.index < len(owner.lowerBound):
        jlb, jub, jstep = (owner.lowerBound[j.index], owner.upperBound[j.index],
                           owner.step[j.index])
    else:
        return False
    return const_int(jstep) == 1 and _same_index(jlb, lb) and _same_index(jub, ub)


def _frees(op: Operation) -> bool:
    name = op_name(op)
    return name == "memref.dealloc" or (name in ("func.call", "llvm.call")
                                        and call_target(op) in DEALLOCATORS)


def _deferred(op: Operation) -> bool:
    """A free in the entry block of a function: the generator defers those of the root
    function to the end of the gradient (after the reverse sweep)."""
    blk = op.parent_block()
    region = blk.parent_region() if blk is not None else None
    return (region is not None and region.blocks.first is blk
            and op_name(region.parent_op()) in ("func.func", "llvm.func"))


def scalar_kind(op: Operation) -> OpKind | None:
    spec = lookup(op)
    return spec.kind if spec is not None else None


__all__ = ["Facts", "float_of_width", "op_name", "scalar_kind"]
