"""The memref dialect's memory for the verifier (a mixin of the encoder)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import z3
from xdsl.dialects.builtin import (
    MemRefType,
)
from xdsl.ir import Operation, SSAValue

from activity.ops import OpKind, OpSpec, lookup, op_name
from activity.verify.base import (
    _DYN,
    Guard,
    Lanes,
    Unsupported,
    _and,
    _bvv,
    _elem,
    _ints,
    _ite,
    _lane_ite,
    _numeral,
    _row_major,
    _width,
)
from activity.z3backend import real

# ---------------------------------------------------------------------------
# Symbolic values.


@dataclass
class MRef:
    """A memref value: which buffer (a Z3 int over candidate ids), the element offset,
    sizes and strides (static)."""

    buf: z3.ArithRef
    cands: frozenset[int]
    offset: Any  # Z3 64-bit vector
    sizes: tuple[int, ...]
    strides: tuple[int, ...]
    # the sizes, where some are symbolic (an allocation of a runtime size): at most
    # ``sizes`` (the cells modelled), bounds-checked against these
    dims: tuple[Any, ...] | None = None


@dataclass
class Buf:
    cells: list[tuple[Any, Lanes]]
    is_float: bool
    width: int


class MemrefMemory:
    """memref memory of :class:`~activity.verify.encoder.Encoder`: buffers of
    scalar cells, addressed by buffer id and element offset."""

    # -- memory -----------------------------------------------------------------------
    def address(self, m: Any, idx: list[Any], guard: Guard) -> Any:
        if not isinstance(m, MRef):
            raise Unsupported("memory access through a non-memref value")
        if len(idx) != len(m.sizes):
            raise Unsupported("memref access with the wrong number of indices")
        addr = m.offset
        conds = []
        dims = m.dims or tuple(_bvv(n) for n in m.sizes)
        for i, n, s in zip(idx, dims, m.strides, strict=True):
            conds.append(z3.ULT(i, n))
            addr = addr + i * _bvv(s)
        if conds:
            self.require(guard, z3.And(*conds))
        return z3.simplify(addr)

    def _targets(self, m: MRef, addr: Any) -> list[tuple[Any, int, int]]:
        """(condition, buffer, cell) pairs an access may touch."""
        out = []
        single = len(m.cands) == 1
        a = _numeral(addr)
        for bid in sorted(m.cands):
            n = len(self.mem[bid].cells)
            bc = True if single else (m.buf == bid)
            if a is not None:
                if 0 <= a < n:
                    out.append((bc, bid, a))
                continue
            for j in range(n):
                out.append((_and(bc, addr == _bvv(j)), bid, j))
        return out

    def read(self, m: MRef, addr: Any) -> tuple[Any, Lanes]:
        ts = self._targets(m, addr)
        if not ts:  # out of bounds: the bounds requirement already excludes this path
            buf = self.mem[min(m.cands)]
            self._fresh += 1
            return (z3.Real(f"oob{self._fresh}") if buf.is_float
                    else z3.BitVec(f"oob{self._fresh}", buf.width)), {}
        val, lanes = self.mem[ts[-1][1]].cells[ts[-1][2]]
        for c, bid, j in reversed(ts[:-1]):
            v2, l2 = self.mem[bid].cells[j]
            val = _ite(c, v2, val)
            lanes = _lane_ite(c, l2, lanes)
        return val, lanes

    def write(self, m: MRef, addr: Any, val: Any, lanes: Lanes, guard: Guard) -> None:
        for c, bid, j in self._targets(m, addr):
            cond = _and(guard, c)
            buf = self.mem[bid]
            old, olanes = buf.cells[j]
            cells = list(buf.cells)
            cells[j] = (_ite(cond, val, old), _lane_ite(cond, lanes, olanes))
            self.mem[bid] = Buf(cells, buf.is_float, buf.width)

    def atomic_rmw(self, op: Operation, spec: OpSpec, guard: Guard,
                   env: dict[SSAValue, Any], tenv: dict[SSAValue, Lanes]) -> None:
        """``old = m[i]; m[i] = old (kind) v``: the kind's table op combines them."""
        from activity.ops.rmw import RMW_TABLE_OP, rmw_kind

        try:
            kind = rmw_kind(op)
        except ValueError as e:
            raise Unsupported(str(e)) from None
        vi, pi = spec.value or 0, spec.ptr or 1
        m = env[op.operands[pi]]
        addr = self.address(m, [env[u] for u in op.operands[pi + 1:]], guard)
        old, olanes = self.read(m, addr)
        v, vlanes = env[op.operands[vi]], tenv[op.operands[vi]]
        if kind == "assign":
            new, nlanes = v, dict(vlanes)
        else:
            cspec = lookup(RMW_TABLE_OP[kind])
            assert cspec is not None
            if cspec.kind == OpKind.INT:
                new = self.integer(cspec.name, [old, v], _width(op.operands[vi].type), guard)
                nlanes = {}
            else:
                new = real(cspec.sem(self.N, op, old, v)[0])  # type: ignore[misc]
                nlanes = {}
                keys = set(olanes) | set(vlanes)
                if keys and cspec.partials is not None:
                    ps = cspec.partials(self.N, old, v)
                    for lane in keys:
                        total: Any = None
                        for i, ln in zip(cspec.diff, (olanes, vlanes), strict=False):
                            t = ln.get(lane)
                            if t is not None:
                                term = real(ps[cspec.diff.index(i)]) * t
                                total = term if total is None else total + term
                        if total is not None:
                            nlanes[lane] = total
        lane = self.store_lanes.get(op)
        if lane is not None:
            nlanes[lane] = nlanes[lane] + 1 if lane in nlanes else real(1)
        self.store_instances.setdefault(op, []).append((guard, nlanes))
        self.write(m, addr, new, nlanes, guard)
        self.bind(env, tenv, op.results[0], old, olanes, guard)

    def global_buffer(self, op: Operation) -> MRef:
        """The buffer of a ``memref.global`` (created on first use: initial value or
        zeros, tangent zero -- as in the interpreter, each run starts afresh)."""
        from activity.engine.program import global_ref

        name = global_ref(op)
        gop = self.program.globals.get(name or "")
        if gop is None or op_name(gop) != "memref.global":
            raise Unsupported(f"memref.get_global of unknown global '@{name}'")
        if name in self._globals:
            return self._globals[name]
        t = gop.properties.get("type")
        if not isinstance(t, MemRefType) or any(x < 0 for x in t.get_shape()):
            raise Unsupported(f"memref.global @{name} without a static memref type")
        is_float, w = _elem(t.element_type)
        shape = tuple(t.get_shape())
        n = int(np.prod(shape)) if shape else 1
        init = gop.properties.get("initial_value")
        vals: list[Any] = [0] * n
        if init is not None and hasattr(init, "get_values"):
            got = list(init.get_values())
            vals = got * n if len(got) == 1 else got
        cells = [(self.float_const(float(v)) if is_float else _bvv(int(v), w), {})
                 for v in vals]
        bid = self.new_bid()
        self.mem[bid] = Buf(cells, is_float, w)
        m = MRef(z3.IntVal(bid), frozenset({bid}), _bvv(0), shape, _row_major(shape))
        self._globals[name] = m  # type: ignore[index]
        return m

    def subview(self, op: Operation, env: dict[SSAValue, Any], guard: Guard) -> MRef:
        """A view: offsets and sizes may be dynamic (a dynamic size is at most the
        source's), strides static; the view must lie inside its source (else undefined
        behaviour, excluded)."""
        m = env[op.operands[0]]
        props = op.properties
        try:
            offs = _ints(props["static_offsets"])
            sizes = _ints(props["static_sizes"])
            strides = _ints(props["static_strides"])
        except KeyError:
            raise Unsupported("memref.subview without static offsets/sizes/strides") from None
        if any(x == _DYN for x in strides) or len(sizes) != len(m.sizes):
            raise Unsupported("memref.subview with dynamic strides or rank-reducing")
        dyn = iter(op.operands[1:])
        off_v = [next(dyn) if o == _DYN else None for o in offs]
        size_v = [next(dyn) if x == _DYN else None for x in sizes]
        parent = m.dims or tuple(_bvv(n) for n in m.sizes)
        off = m.offset
        dims: list[Any] = []
        cap: list[int] = []
        conds = []
        for k, (o, ov, sz, sv, st, ps, pn) in enumerate(zip(
                offs, off_v, sizes, size_v, strides, m.strides, parent, strict=True)):
            o_ = env[ov] if ov is not None else _bvv(o)
            s_ = env[sv] if sv is not None else _bvv(sz)
            off = off + o_ * _bvv(ps)
            dims.append(s_)
            cap.append(m.sizes[k] if sv is not None else sz)
            # inside the source: the last element o + (s - 1) * stride < the source's size
            conds.append(z3.Or(s_ == 0, z3.And(z3.ULT(o_, pn), z3.ULE(
                s_ - 1, z3.UDiv(pn - 1 - o_, _bvv(max(st, 1)))))))
        self.require(guard, z3.And(*conds))  # type: ignore[attr-defined]
        symbolic = any(_numeral(d) is None for d in dims)
        return MRef(m.buf, m.cands, z3.simplify(off), tuple(cap),
                    tuple(a * b for a, b in zip(m.strides, strides, strict=True)),
                    tuple(dims) if symbolic else None)
