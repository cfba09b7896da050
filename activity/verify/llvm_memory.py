"""The llvm dialect's memory for the bounded verifier (:mod:`activity.verify`).

Pointers are ``(block, byte offset)`` pairs (:class:`Ptr`: a Z3 int over candidate
block ids and a 64-bit offset).  A block (:class:`LBlock`) is a set of typed *cells*
at fixed byte offsets: an ``alloca``'s or a global's cells follow its LLVM type's
layout; a pointer argument's, or a ``malloc``'s, are an array of the one scalar type
read through it (:func:`activity.engine.types.pointee`, as ``activity run`` infers
it), or of the type of the first access the encoding meets.  An access that hits a
whole cell of its own type reads or writes that cell; any other access (misaligned,
type-punned, a partial overlap) is *unmodelled*: executions that make one are not
verified (the answer is at best ``unknown``), and counterexamples are replayed on the
interpreter as always.  Out-of-bounds accesses and null dereferences are undefined
behaviour and excluded.  Fresh memory (``alloca``, ``malloc``) holds unconstrained
values with zero tangents; a ``malloc`` of a symbolic size takes at most
``dyn_size * 8`` bytes (larger ones are outside the bound).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import z3
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Attribute, Operation, SSAValue

from activity.verify.base import _and, _bvv, _lane_ite, _numeral
from activity.z3backend import real

Lanes = dict[int, Any]
Desc = tuple[str, int, int]  # (kind "f"/"i"/"p", bytes, bits)
NULL = -1
UNKNOWN = -2  # memory the verifier does not model (what a pointer argument's cells point to)


class LLVMUnsupported(Exception):
    """Raised with a message; the verifier turns it into its own Unsupported."""


@dataclass
class Ptr:
    buf: Any  # Z3 Int: the block id (NULL for null)
    cands: frozenset[int]
    off: Any  # Z3 64-bit vector: byte offset


@dataclass
class LBlock:
    name: str
    size: Any  # Z3 64-bit vector: bytes
    cap: int  # bytes modelled
    cells: dict[int, tuple[Desc, Any, Lanes]] | None  # offset -> cell; None: untyped
    fill: Any = None  # a memset byte (8-bit vector) pending until the block is typed
    elem: int = 0  # bytes per element (the period of the cells)
    arg: Any = None  # (index, activity) of a pointer argument's block




def desc_of(t: Attribute) -> Desc:
    from activity.semantics.interpreter import InterpreterError
    from activity.semantics.memory import scalar

    try:
        s = scalar(t)
    except InterpreterError as e:
        raise LLVMUnsupported(str(e)) from None
    if s is None:
        raise LLVMUnsupported(f"an aggregate value of type {t} in memory")
    return (s.kind, s.size, s.width)


def flatten(t: Attribute, base: int = 0) -> list[tuple[int, Desc]]:
    """(byte offset, scalar) of every scalar inside an LLVM type."""
    from activity.semantics.memory import members, scalar

    if scalar(t) is not None:
        return [(base, desc_of(t))]
    out: list[tuple[int, Desc]] = []
    for o, mt in members(t):
        out += flatten(mt, base + o)
    return out


def null_ptr() -> Ptr:
    return Ptr(z3.IntVal(NULL), frozenset(), _bvv(0))


def unknown_ptr(fresh: Any) -> Ptr:
    """A pointer into memory outside the model: accesses through it are unmodelled."""
    return Ptr(z3.IntVal(UNKNOWN), frozenset({UNKNOWN}), fresh)


def _nonnull(p: Ptr) -> Any:
    b = z3.simplify(p.buf)
    if z3.is_int_value(b):
        return True if b.as_long() != NULL else z3.BoolVal(False)  # type: ignore
    return p.buf != NULL


def access_type(v: SSAValue) -> Attribute | None:
    """The one scalar type loaded or stored through the pointer ``v`` (through
    ``getelementptr``s and into callees; copies, fills, frees and compares ignored), or
    None.  A guess for typing untyped memory: a wrong one is caught as unmodelled."""
    from xdsl.dialects.builtin import AnyFloat, IntegerType

    from activity.engine.types import pointer_uses

    seen: set[Attribute] = set()
    for use in pointer_uses(v):
        op = use.operation
        if op.name == "llvm.load" and use.index == 0:
            seen.add(op.results[0].type)
        elif op.name == "llvm.store" and use.index == 1:
            seen.add(op.operands[0].type)
    seen = {t for t in seen if isinstance(t, AnyFloat | IntegerType)}
    return next(iter(seen)) if len(seen) == 1 else None


def infer_layout(v: SSAValue) -> tuple[list[tuple[int, Desc]], int] | None:
    """The cells (byte offset, scalar) of one element of the memory ``v`` points to, and
    the element's size, from the accesses the code makes through it: ``getelementptr``
    chains (a dynamic first index sets the period, a dynamic array index ranges over the
    array), ``-O0``'s spills into an ``alloca`` and calls into the module's functions.
    None where the accesses overlap with different types or nothing is accessed.  A guess
    for laying out a pointer argument: a wrong one is caught as unmodelled."""
    from xdsl.dialects.llvm import LLVMArrayType, LLVMStructType

    from activity.engine.program import call_target
    from activity.semantics.memory import GEP_DYNAMIC, field_offsets, layout

    # (offsets, scalar, stride of an open-ended array starting at each offset, or 0)
    accesses: list[tuple[frozenset[int], Desc, int]] = []
    seen: set[tuple[SSAValue, frozenset[int], int]] = set()
    work: list[tuple[SSAValue, frozenset[int], int]] = [(v, frozenset({0}), 0)]
    try:
        while work:
            x, offs, run = work.pop()
            if (x, offs, run) in seen or len(seen) > 2000:
                continue
            seen.add((x, offs, run))
            for use in x.uses:
                op = use.operation
                if op.name == "llvm.load" and use.index == 0:
                    accesses.append((offs, desc_of(op.results[0].type), run))
                elif op.name == "llvm.store" and use.index == 1:
                    accesses.append((offs, desc_of(op.operands[0].type), run))
                elif op.name == "llvm.store" and use.index == 0:
                    # an -O0 spill: the pointer is read back from the slot
                    slot = op.operands[1]
                    for u2 in slot.uses:
                        if u2.operation.name == "llvm.load" and u2.index == 0:
                            work.append((u2.operation.results[0], offs, run))
                elif op.name == "llvm.getelementptr" and use.index == 0:
                    raw = [int(c) for c in op.properties["rawConstantIndices"].get_values()]  # type: ignore
                    dyn = iter(op.operands[1:])
                    t: Attribute = op.properties["elem_type"]  # type: ignore[assignment]
                    cur = set(offs)
                    run_ = run
                    for k, c in enumerate(raw):
                        if k == 0:
                            scale = layout(t)[0]
                            if c == GEP_DYNAMIC:
                                k_ = _const_int(next(dyn))
                                if k_ is None:
                                    if run_ not in (0, scale):
                                        return None
                                    run_ = scale
                                else:
                                    cur = {o + k_ * scale for o in cur}
                            else:
                                cur = {o + c * scale for o in cur}
                            continue
                        if isinstance(t, LLVMArrayType):
                            length = min(t.size.data, 256)
                            t = t.type
                            scale = layout(t)[0]
                            if c == GEP_DYNAMIC:
                                k_ = _const_int(next(dyn))
                                if k_ is None:  # any element of the array
                                    cur = {o + j * scale for o in cur for j in range(length)}
                                else:
                                    cur = {o + k_ * scale for o in cur}
                            else:
                                cur = {o + c * scale for o in cur}
                        elif isinstance(t, LLVMStructType):
                            cur = {o + field_offsets(t)[c] for o in cur}
                            t = t.types.data[c]
                        else:
                            return None
                    work.append((op.results[0], frozenset(cur), run_))
                elif op.name in ("func.call", "llvm.call"):
                    from xdsl.traits import SymbolTable

                    name = call_target(op)
                    mod = op
                    while mod.parent_op() is not None:
                        mod = mod.parent_op()  # type: ignore[assignment]
                    f = SymbolTable.lookup_symbol(mod, name) if name else None
                    if f is not None and f.regions and f.regions[0].blocks:
                        args = f.regions[0].blocks.first.args  # type: ignore[union-attr]
                        k = use.index - (len(op.operands) - len(args))
                        if 0 <= k < len(args):
                            work.append((args[k], offs, run))
    except (LLVMUnsupported, StopIteration, KeyError, AttributeError):
        return None
    if not accesses:
        return None
    fixed = [(o, d) for offs, d, r in accesses if not r for o in offs]
    runs = [(o, d, r) for offs, d, r in accesses if r for o in offs]
    cells: dict[int, Desc] = {}

    def put(o: int, d: Desc) -> bool:
        if o < 0 or cells.get(o, d) != d:
            return False
        cells[o] = d
        return True

    if not fixed:
        # an array: one stride, the cells of one element
        strides = {r for _o, _d, r in runs}
        if len(strides) != 1:
            return None
        (period,) = strides
        if not all(put(o % period, d) for o, d, _r in runs):
            return None
    else:
        if not all(put(o, d) for o, d in fixed):
            return None
        period = 0
        for o, d, r in runs:  # an array inside: up to the next member above it
            above = [f for f, _d in fixed if f > o]
            stop = min(above) if above else o + r
            if not all(put(j, d) for j in range(o, stop, r)):
                return None
    ordered = sorted(cells.items())
    for (o1, d1), (o2, _d2) in zip(ordered, ordered[1:], strict=False):
        if o1 + d1[1] > o2:  # overlapping cells of different types
            return None
    end = max(o + d[1] for o, d in ordered)
    align = max(d[1] for _o, d in ordered)
    d0 = ordered[0][1]
    if all(d == d0 and o == k * d0[1] for k, (o, d) in enumerate(ordered)):
        return [(0, d0)], d0[1]  # an array of one scalar (as ``pointee`` would say)
    if period:
        return (ordered, period) if end <= period else None
    return ordered, -(-end // align) * align


def _const_int(x: SSAValue) -> int | None:
    op = x.owner if hasattr(x, "owner") else None
    if op is None or not hasattr(op, "name"):
        return None
    if op.name in ("llvm.mlir.constant", "arith.constant"):  # type: ignore[attr-defined]
        a = op.properties.get("value")  # type: ignore[attr-defined]
        if a is None:  # (not ``or``: a zero IntegerAttr is falsy)
            a = op.attributes.get("value")  # type: ignore[attr-defined]
        if isinstance(a, IntegerAttr):
            return int(a.value.data)
    return None


def _sext64(x: Any) -> Any:
    w = x.size()
    return x if w == 64 else (z3.SignExt(64 - w, x) if w < 64 else z3.Extract(63, 0, x))


class LLVMMemory:
    """Mixed into :class:`activity.verify.Encoder` (which provides ``require``,
    ``bind``, ``merge``, ``new_bid``, ``opts``, ``store_lanes`` ...)."""

    lmem: dict[int, LBlock]
    unmodelled: list[Any]

    # -- blocks -------------------------------------------------------------------------
    def fresh_cell(self, d: Desc, tag: str) -> Any:
        self._fresh += 1  # type: ignore[attr-defined]
        kind, _size, w = d
        if kind == "f":
            return z3.Real(f"{tag}{self._fresh}")  # type: ignore[attr-defined]
        if kind == "i":
            return z3.BitVec(f"{tag}{self._fresh}", w)  # type: ignore[attr-defined]
        return null_ptr()  # an uninitialized pointer: dereferencing it is excluded

    def fill_value(self, d: Desc, byte: Any) -> Any:
        kind, size, w = d
        b = _numeral(byte)
        if kind == "i":
            v = byte if size == 1 else z3.Concat(*([byte] * size))
            return z3.Extract(w - 1, 0, v) if w < 8 * size else v
        if b == 0:
            return z3.RealVal(0) if kind == "f" else null_ptr()
        return self.fresh_cell(d, "fill")

    def new_block(self, name: str, size: Any, cap: int,
                  cells: list[tuple[int, Desc]] | None, elem: int, tag: str = "mem"
                  ) -> tuple[int, LBlock]:
        bid = self.new_bid()  # type: ignore[attr-defined]
        blk = LBlock(name, size, cap, None, elem=elem)
        if cells is not None:
            blk.cells = {}
            for k in range(max(cap // max(elem, 1), 0)):
                for o, d in cells:
                    blk.cells[k * elem + o] = (d, self.fresh_cell(d, tag), {})
        self.lmem[bid] = blk
        return bid, blk

    def type_block(self, blk: LBlock, d: Desc) -> None:
        if blk.cells is not None:
            return
        blk.elem = d[1]
        blk.cells = {}
        for k in range(blk.cap // d[1]):
            v = self.fill_value(d, blk.fill) if blk.fill is not None \
                else self.fresh_cell(d, "mem")
            blk.cells[k * d[1]] = (d, v, {})

    # -- access -------------------------------------------------------------------------
    def _hits(self, p: Ptr, d: Desc, guard: Any, what: str
              ) -> list[tuple[Any, int, int]]:
        """(condition, block, cell offset) of an access of ``d`` through ``p``; records
        the bounds requirement and the unmodelled remainder."""
        if not p.cands:
            self.require(guard, z3.BoolVal(False))  # type: ignore[attr-defined]
            return []
        self.require(guard, _nonnull(p))  # type: ignore[attr-defined]
        single = len(p.cands) == 1
        out: list[tuple[Any, int, int]] = []
        a = _numeral(p.off)
        for bid in sorted(p.cands):
            bc: Any = True if single else (p.buf == bid)
            if bid == UNKNOWN:
                g = _and(guard, bc)
                self.unmodelled.append((g if g is not True else z3.BoolVal(True), what +
                                        " goes through a pointer read from an argument's "
                                        "memory"))
                continue
            blk = self.lmem[bid]
            s = _bvv(d[1])
            inb = z3.And(z3.ULE(s, blk.size), z3.ULE(p.off, blk.size - s))
            self.require(_and(guard, bc), inb)  # type: ignore[attr-defined]
            self.type_block(blk, d)
            assert blk.cells is not None
            conds = []
            if a is not None:
                c = blk.cells.get(a)
                if c is not None and c[0] == d:
                    out.append((bc, bid, a))
                    continue
            else:
                for o, (cd, _v, _l) in blk.cells.items():
                    if cd == d:
                        h = p.off == _bvv(o)
                        conds.append(h)
                        out.append((_and(bc, h), bid, o))
            miss = z3.And(inb, z3.Not(z3.Or(*conds))) if conds else inb
            g = _and(_and(guard, bc), miss)
            self.unmodelled.append((g if g is not True else z3.BoolVal(True), what +
                                    " does not hit a whole value of its type (misaligned, "
                                    "type-punned or partial)"))
        return out

    def lread(self, p: Ptr, d: Desc, guard: Any, what: str) -> tuple[Any, Lanes]:
        hits = self._hits(p, d, guard, what)
        if not hits:
            return self.fresh_cell(d, "oob"), {}
        cells = self.lmem
        _c, bid, o = hits[-1]
        _d, val, lanes = cells[bid].cells[o]  # type: ignore[index]
        for c, bid, o in reversed(hits[:-1]):
            _d, v2, l2 = cells[bid].cells[o]  # type: ignore[index]
            val = self.merge(c, v2, val)  # type: ignore[attr-defined]
            lanes = _lane_ite(c, l2, lanes)
        return val, lanes

    def lwrite(self, p: Ptr, d: Desc, val: Any, lanes: Lanes, guard: Any, what: str
               ) -> None:
        for c, bid, o in self._hits(p, d, guard, what):
            cond = _and(guard, c)
            blk = self.lmem[bid]
            assert blk.cells is not None
            _d, old, olanes = blk.cells[o]
            blk.cells[o] = (d, self.merge(cond, val, old),  # type: ignore[attr-defined]
                            _lane_ite(cond, lanes, olanes))

    # -- ops ------------------------------------------------------------------------------
    def llvm_mem_op(self, op: Operation, name: str, guard: Any, env: dict[SSAValue, Any],
                    tenv: dict[SSAValue, Lanes]) -> bool:
        """Encode a memory op of the llvm dialect; False if ``op`` is not one."""
        if name == "llvm.alloca":
            n = _numeral(env[op.operands[0]])
            if n is None:
                raise LLVMUnsupported("llvm.alloca with a symbolic count")
            t = op.properties["elem_type"]
            from activity.semantics.memory import layout

            size = layout(t)[0]
            _bid, _ = self.new_block("alloca", _bvv(n * size), n * size, flatten(t), size)
            self.bind(env, tenv, op.results[0],  # type: ignore[attr-defined]
                      Ptr(z3.IntVal(_bid), frozenset({_bid}), _bvv(0)), {}, guard)
            return True
        if name == "llvm.getelementptr":
            self.bind(env, tenv, op.results[0], self.gep(op, env), {},  # type: ignore
                      guard)
            return True
        if name == "llvm.load":
            t = op.results[0].type
            val, lanes = self.load_typed(env[op.operands[0]], t, guard)
            self.bind(env, tenv, op.results[0], val, lanes, guard)  # type: ignore
            return True
        if name == "llvm.store":
            v = op.operands[0]
            if _is_aggregate(v.type):  # (no write claim: its members are not one value)
                self.store_typed(env[op.operands[1]], v.type, env[v], tenv[v], guard)
                return True
            d = desc_of(v.type)
            lanes = dict(tenv[v])
            lane = self.store_lanes.get(op)  # type: ignore[attr-defined]
            if lane is not None:
                lanes[lane] = lanes[lane] + 1 if lane in lanes else real(1)
            self.store_instances.setdefault(op, []).append((guard, lanes))  # type: ignore
            self.lwrite(env[op.operands[1]], d, env[v], lanes, guard, f"a store of {v.type}")
            return True
        if name == "llvm.extractvalue":
            path = _position(op)
            val, lanes = env[op.operands[0]], tenv[op.operands[0]]
            for k in path:
                val, lanes = val[k], lanes[k]
            self.bind(env, tenv, op.results[0], val, lanes, guard)  # type: ignore
            return True
        if name == "llvm.insertvalue":
            path = _position(op)
            val = _replace(env[op.operands[0]], path, env[op.operands[1]])
            lanes = _replace(tenv[op.operands[0]], path, tenv[op.operands[1]])
            self.bind(env, tenv, op.results[0], val, lanes, guard)  # type: ignore
            return True
        if name in ("llvm.intr.memcpy", "llvm.intr.memmove", "llvm.intr.memcpy.inline"):
            self.memcpy(env[op.operands[0]], env[op.operands[1]], self._len(op, env, 2),
                        guard, (op.operands[0], op.operands[1]))
            return True
        if name in ("llvm.intr.memset", "llvm.intr.memset.inline"):
            b = env[op.operands[1]]
            self.memset(env[op.operands[0]], b, self._len(op, env, 2), guard)
            return True
        if name == "llvm.mlir.addressof":
            self.bind(env, tenv, op.results[0], self.llvm_global(op), {}, guard)  # type: ignore
            return True
        if name == "llvm.mlir.zero" and op.results and _is_ptr(op.results[0].type):
            self.bind(env, tenv, op.results[0], null_ptr(), {}, guard)  # type: ignore
            return True
        if name == "llvm.ptrtoint":
            self.bind(env, tenv, op.results[0],  # type: ignore[attr-defined]
                      self.fresh(op.results[0].type), {}, guard)  # type: ignore
            return True
        if name == "llvm.inttoptr":  # points anywhere: accesses through it are unmodelled
            self._fresh += 1  # type: ignore[attr-defined]
            self.bind(env, tenv, op.results[0],  # type: ignore[attr-defined]
                      unknown_ptr(z3.BitVec(f"inttoptr{self._fresh}", 64)),  # type: ignore
                      {}, guard)
            return True
        if name == "llvm.icmp" and _is_ptr(op.operands[0].type):
            self.bind(env, tenv, op.results[0], self.ptr_compare(op, env), {}, guard)  # type: ignore
            return True
        return False

    def load_typed(self, p: Ptr, t: Attribute, guard: Any) -> tuple[Any, Any]:
        """A value of any type (aggregates member by member, as tuples)."""
        if not _is_aggregate(t):
            return self.lread(p, desc_of(t), guard, f"a load of {t}")
        from activity.semantics.memory import members

        vals, lanes = [], []
        for o, mt in members(t):
            v, ln = self.load_typed(Ptr(p.buf, p.cands, z3.simplify(p.off + _bvv(o))), mt,
                                    guard)
            vals.append(v)
            lanes.append(ln)
        return tuple(vals), tuple(lanes)

    def store_typed(self, p: Ptr, t: Attribute, val: Any, lanes: Any, guard: Any) -> None:
        if not _is_aggregate(t):
            self.lwrite(p, desc_of(t), val, lanes, guard, f"a store of {t}")
            return
        from activity.semantics.memory import members

        for k, (o, mt) in enumerate(members(t)):
            self.store_typed(Ptr(p.buf, p.cands, z3.simplify(p.off + _bvv(o))), mt, val[k],
                             lanes[k], guard)

    def zero_aggregate(self, t: Attribute) -> tuple[Any, Any]:
        """The all-zero value of a type (the model of undef/poison, as the
        interpreter's), with zero tangents."""
        if not _is_aggregate(t):
            d = desc_of(t)
            return self.fill_value(d, _bvv(0, 8)), {}
        from activity.semantics.memory import members

        parts = [self.zero_aggregate(mt) for _o, mt in members(t)]
        return tuple(v for v, _ in parts), tuple(ln for _, ln in parts)

    def _len(self, op: Operation, env: dict[SSAValue, Any], i: int) -> Any:
        if len(op.operands) > i:
            return _sext64(env[op.operands[i]])
        raise LLVMUnsupported(f"'{op.name}' without a length operand")

    def gep(self, op: Operation, env: dict[SSAValue, Any]) -> Ptr:
        from activity.semantics.memory import gep_offsets

        base = env[op.operands[0]]
        try:
            const, dyn = gep_offsets(op)
        except ValueError as e:
            raise LLVMUnsupported(str(e)) from None
        off = base.off + _bvv(const)
        for x, scale in dyn:
            off = off + _sext64(env[x]) * _bvv(scale)
        return Ptr(base.buf, base.cands, z3.simplify(off))

    def ptr_compare(self, op: Operation, env: dict[SSAValue, Any]) -> Any:
        from activity.ops.table import CMPI_PREDICATES

        attr = op.properties.get("predicate")
        k = attr.value.data if isinstance(attr, IntegerAttr) else None
        if k is None:
            raise LLVMUnsupported("llvm.icmp without a predicate")
        p = CMPI_PREDICATES[k]
        a, b = env[op.operands[0]], env[op.operands[1]]
        same = a.buf == b.buf
        if p in ("eq", "ne"):
            c = z3.And(same, a.off == b.off)
            c = c if p == "eq" else z3.Not(c)
        else:
            # offsets within one block compare signed: a pointer one before the start
            # (C's reverse loops at -O0) is below it, as addresses of a block are
            rel = {"ult": lambda x, y: x < y, "ule": lambda x, y: x <= y,
                   "ugt": lambda x, y: x > y, "uge": lambda x, y: x >= y}[p.replace("s", "u")]
            self._fresh += 1  # type: ignore[attr-defined]
            # pointers into different blocks order as the run allocated them: unknown here
            c = z3.If(same, rel(a.off, b.off),
                      z3.Bool(f"ptrorder{self._fresh}"))  # type: ignore[attr-defined]
        if UNKNOWN in a.cands or UNKNOWN in b.cands:
            # a pointer outside the model may equal any other: the answer is unknown
            self._fresh += 1  # type: ignore[attr-defined]
            c = z3.If(z3.Or(a.buf == UNKNOWN, b.buf == UNKNOWN),
                      z3.Bool(f"ptrcmp{self._fresh}"), c)  # type: ignore[attr-defined]
        return z3.If(c, _bvv(1, 1), _bvv(0, 1))

    def _range_cells(self, p: Ptr, n: Any, guard: Any, what: str
                     ) -> list[tuple[Any, int, int, Desc]]:
        """Cells wholly inside ``[p, p + n)``: (condition, block, offset, type); records
        the bounds requirement and, as unmodelled, cells the range cuts."""
        out = []
        single = len(p.cands) == 1
        if not p.cands:
            self.require(_and(guard, z3.UGT(n, 0)), z3.BoolVal(False))  # type: ignore
            return []
        end = p.off + n
        self.require(_and(guard, z3.UGT(n, 0)), _nonnull(p))  # type: ignore[attr-defined]
        for bid in sorted(p.cands):
            bc: Any = True if single else (p.buf == bid)
            g = _and(guard, bc)
            if bid == UNKNOWN:
                g = _and(g, z3.UGT(n, 0))
                self.unmodelled.append((g if g is not True else z3.BoolVal(True), what +
                                        " goes through a pointer read from an argument's "
                                        "memory"))
                continue
            blk = self.lmem[bid]
            self.require(_and(g, z3.UGT(n, 0)), z3.And(  # type: ignore[attr-defined]
                z3.ULE(n, blk.size), z3.ULE(p.off, blk.size - n)))
            if blk.cells is None:
                continue
            for o, (d, _v, _l) in blk.cells.items():
                lo, hi = _bvv(o), _bvv(o + d[1])
                inside = z3.simplify(z3.And(z3.ULE(p.off, lo), z3.ULE(hi, end)))
                if z3.is_false(inside):
                    cut = z3.simplify(z3.Or(z3.And(z3.ULT(lo, p.off), z3.ULT(p.off, hi)),
                                            z3.And(z3.ULT(lo, end), z3.ULT(end, hi))))
                    if not z3.is_false(cut):
                        self.unmodelled.append((_and(g, cut) if _and(g, cut) is not True
                                                else z3.BoolVal(True), what + " cuts a value "
                                                "in memory"))
                    continue
                out.append((_and(bc, inside) if not z3.is_true(inside) else bc, bid, o, d))
        return out

    def memset(self, p: Ptr, byte: Any, n: Any, guard: Any) -> None:
        k = _numeral(n)
        for bid in p.cands - {UNKNOWN}:
            blk = self.lmem[bid]
            if blk.cells is None and blk.arg is None and k is not None and k >= blk.cap \
                    and _numeral(p.off) == 0 and len(p.cands) == 1 and guard is True:
                blk.fill = byte  # the whole untyped block, unconditionally: typed later
            # (else an untyped block keeps unconstrained values with zero tangents, which
            # covers the bytes written)
        for c, bid, o, d in self._range_cells(p, n, guard, "a memset"):
            blk = self.lmem[bid]
            assert blk.cells is not None
            cond = _and(guard, c)
            _d, old, olanes = blk.cells[o]
            blk.cells[o] = (d, self.merge(cond, self.fill_value(d, byte), old),  # type: ignore
                            _lane_ite(cond, {}, olanes))

    def memcpy(self, dst: Ptr, src: Ptr, n: Any, guard: Any,
               ops: tuple[SSAValue, ...] = ()) -> None:
        sd = self._elem_desc(src) or self._elem_desc(dst)
        if sd is None:
            # neither side was accessed with a type yet: the one scalar type the code
            # reads through either pointer, else doubles (a wrong guess only makes the
            # later accesses unmodelled)
            t = next((t for t in (access_type(x) for x in ops) if t is not None), None) \
                if ops else None
            sd = desc_of(t) if t is not None else ("f", 8, 64)
            for bid in src.cands - {UNKNOWN}:
                self.type_block(self.lmem[bid], sd)
        for bid in dst.cands - {UNKNOWN}:
            self.type_block(self.lmem[bid], sd)
        writes = []
        for c, bid, o, d in self._range_cells(dst, n, guard, "a memcpy"):
            g = _and(guard, c)
            at = Ptr(src.buf, src.cands, z3.simplify(src.off + (_bvv(o) - dst.off)))
            val, lanes = self.lread(at, d, g, "a memcpy")
            writes.append((g, bid, o, d, val, lanes))
        for g, bid, o, d, val, lanes in writes:
            blk = self.lmem[bid]
            assert blk.cells is not None
            _d, old, olanes = blk.cells[o]
            blk.cells[o] = (d, self.merge(g, val, old), _lane_ite(g, lanes, olanes))  # type: ignore

    def _elem_desc(self, p: Ptr) -> Desc | None:
        for bid in p.cands - {UNKNOWN}:
            cells = self.lmem[bid].cells
            if cells:
                return next(iter(cells.values()))[0]
        return None

    def allocate(self, callee: str, args: list[Any], guard: Any) -> Ptr:
        if callee == "calloc":
            n = _sext64(args[0]) * _sext64(args[1])
        elif callee == "aligned_alloc":
            n = _sext64(args[1])
        elif callee in ("malloc", "_Znwm", "_Znam", "realloc"):
            n = _sext64(args[-1])
        else:
            raise LLVMUnsupported(f"call to '@{callee}'")
        k = _numeral(n)
        cap = self.opts.dyn_size * 8  # type: ignore[attr-defined]
        if k is None:
            self.require(guard, z3.ULE(n, _bvv(cap)))  # type: ignore[attr-defined]
        else:
            cap = k
        bid, blk = self.new_block(callee, n, cap, None, 0)
        if callee == "calloc":
            blk.fill = _bvv(0, 8)
        p = Ptr(z3.IntVal(bid), frozenset({bid}), _bvv(0))
        old = args[0] if callee == "realloc" else None
        if isinstance(old, Ptr) and old.cands - {UNKNOWN}:
            # the old contents move, as far as both blocks reach (null: nothing)
            rem: Any = _bvv(0)
            for b in sorted(old.cands - {UNKNOWN}):
                rem = z3.If(old.buf == b, self.lmem[b].size - old.off, rem)
            m = z3.If(z3.ULT(n, rem), n, rem)
            self.memcpy(p, old, m, _and(guard, old.buf != NULL))
        elif isinstance(old, Ptr) and UNKNOWN in old.cands:
            g = _and(guard, old.buf == UNKNOWN)
            self.unmodelled.append((g, "a realloc of memory outside the model"))
        return p

    def llvm_global(self, op: Operation) -> Ptr:
        from activity.engine.program import global_ref

        name = global_ref(op) or ""
        if name in self._globals:  # type: ignore[attr-defined]
            return self._globals[name]  # type: ignore[attr-defined]
        gop = self.program.globals.get(name)  # type: ignore[attr-defined]
        if gop is None or gop.name != "llvm.mlir.global":
            raise LLVMUnsupported(f"llvm.mlir.addressof of '@{name}' (not a global "
                                  "variable)")
        from activity.semantics.memory import layout

        t = gop.properties["global_type"]
        size = layout(t)[0]
        cells = flatten(t)
        value = gop.properties.get("value")
        vals: list[Any] | None = None
        if value is not None and hasattr(value, "get_values"):
            vals = list(value.get_values())
        elif value is not None and hasattr(value, "value"):
            vals = [value.value.data]  # type: ignore[attr-defined]
        elif value is None and gop.regions and gop.regions[0].blocks:
            raise LLVMUnsupported(f"global '@{name}' with an initializer region")
        bid, blk = self.new_block(f"@{name}", _bvv(size), size, cells, size, "glob")
        assert blk.cells is not None
        for i, (o, d) in enumerate(cells):
            if vals is None:
                v = self.fill_value(d, _bvv(0, 8))
            elif i < len(vals):
                x = vals[i]
                v = self.float_const(float(x)) if d[0] == "f" else _bvv(int(x), d[2])  # type: ignore
            else:
                raise LLVMUnsupported(f"global '@{name}' initializer of another shape")
            blk.cells[o] = (d, v, {})
        p = Ptr(z3.IntVal(bid), frozenset({bid}), _bvv(0))
        self._globals[name] = p  # type: ignore[attr-defined]
        return p




def _is_aggregate(t: Attribute) -> bool:
    from xdsl.dialects.llvm import LLVMArrayType, LLVMStructType

    return isinstance(t, LLVMStructType | LLVMArrayType)


def _position(op: Operation) -> list[int]:
    pos = op.properties.get("position")
    if pos is None:
        raise LLVMUnsupported(f"'{op.name}' without a position")
    return [int(x) for x in pos.get_values()]  # type: ignore[attr-defined]


def _replace(agg: Any, path: list[int], v: Any) -> Any:
    if not path:
        return v
    k = path[0]
    return agg[:k] + (_replace(agg[k], path[1:], v),) + agg[k + 1:]


def _is_ptr(t: Attribute) -> bool:
    from xdsl.dialects.llvm import LLVMPointerType

    return isinstance(t, LLVMPointerType)
