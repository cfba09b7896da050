"""The parallel-safety algebra (:class:`ParallelSafety`, the component ``g.par`` of
each :class:`~activity.ad.funcgen.FuncGen` ``g``): which shadow updates in an ``scf.parallel`` are
iteration-private (access signatures, rotations, radix keys), which need atomics, and
the checks that refuse a loop the reverse sweep cannot run in parallel."""

from __future__ import annotations

from typing import Any

from xdsl.dialects import arith, memref, scf
from xdsl.dialects.builtin import AnyFloat, DenseIntOrFPElementsAttr, IntegerAttr, MemRefType
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from activity.ad.errors import GradError
from activity.ad.plan import def_block
from activity.ad.structure import _FLOAT_RMW, reduction_kind
from activity.engine.types import is_pointer
from activity.ops import OpKind, lookup, op_name
from activity.ops.rmw import RMW_KINDS


class ParallelSafety:
    """Parallel safety of ``scf.parallel`` bodies: reductions, private shadow updates,
    atomics.  A component of the generator of one function (``g``, whose facts, builder
    and function it reads); it owns the stack of the ``scf.parallel`` loops whose
    reverse is being generated, with the pointers each proved iteration-private."""

    def __init__(self, g: Any) -> None:
        self.g = g  # the FuncGen
        self.stack: list[tuple[Operation, set[int]]] = []  # (scf.parallel, safe ptrs)

    def enclosing_parallel(self, blk: Block) -> Operation | None:
        """The innermost ``scf.parallel`` of the function around ``blk``, or None."""
        while True:
            po = blk.parent_op()
            if po is None or po is self.g.f:
                return None
            if isinstance(po, scf.ParallelOp):
                return po
            pb = po.parent_block()
            if pb is None:
                return None
            blk = pb

    def reductions(self, op: Operation) -> list[int]:
        """The reductions of ``op`` whose result receives an adjoint: each must be an
        ``addf`` (its adjoint is broadcast to every contribution and to the init)."""
        assert isinstance(op, scf.ParallelOp)
        term = op.body.blocks[0].last_op
        assert isinstance(term, scf.ReduceOp)
        out = []
        for j, (r, region) in enumerate(zip(op.results, term.reductions, strict=True)):
            contrib = term.args[j]
            if not self.g.facts.has_adjoint(r) or not (
                    self.g.facts.has_adjoint(contrib) or self.g.facts.has_adjoint(op.initVals[j])):
                continue
            kind = reduction_kind(region)
            if kind != "arith.addf":
                raise self.g.err(op, "cannot differentiate 'scf.parallel': its reduction "
                                   f"#{j} of an active value is "
                                   f"'{kind or 'not a single op'}' (only arith.addf "
                                   "reductions are differentiated)")
            out.append(j)
        return out

    def check_parallel(self, op: Operation) -> None:
        assert isinstance(op, scf.ParallelOp)
        if len(op.body.blocks) != 1:
            raise self.g.err(op, "cannot differentiate 'scf.parallel': only a single-block "
                               "body is supported")
        self.reductions(op)
        term = op.body.blocks[0].last_op
        for inner in op.walk():
            if inner is op or inner is term or not self.g.needs.needs_rev(inner):
                continue
            if inner.parent_op() is term:  # the combining op of a reduction
                continue
            name = op_name(inner)
            if name in ("scf.for", "scf.if", "scf.while", "scf.parallel", "memref.load",
                        "memref.store"):
                continue
            if name in ("func.call", "llvm.call"):
                spec = self.g.needs.alias_spec(inner)
                if spec is not None and spec.kind == OpKind.FLOAT:
                    continue
            elif (name == "memref.atomic_rmw" and (not inner.results[0].uses
                                                   or not self.g.facts.has_adjoint(
                                                       inner.results[0]))
                  and RMW_KINDS[inner.properties["kind"].value.data]  # type: ignore[attr-defined]
                  not in _FLOAT_RMW - {"addf"} | {"assign"}):
                continue  # (addf's reverse only reads the shadow; integer kinds: nothing)
            else:
                spec = lookup(inner)
                if spec is not None and spec.kind in (OpKind.FLOAT, OpKind.CAST, OpKind.SELECT):
                    continue
            raise self.g.err(inner, f"cannot differentiate '{name}' inside 'scf.parallel' "
                                  "(only scalar ops, memref.load/store, scf.for, scf.if, "
                                  "scf.while, and memref.atomic_rmw addf whose result is not "
                                  "used or of an integer kind)")

    def parallel_safe(self, op: Operation) -> set[int]:
        """Buffers (ids) of which distinct iterations of ``op`` touch distinct elements,
        and that no other buffer accessed there may alias: their shadow updates need no
        atomics.

        Every access of such a buffer in the body must index it so that the element
        determines the induction variables, in the same way for all accesses: each index
        is decomposed as mixed-radix digits, ``((d0 * R1 + d1) * R2 + d2) ...`` with each
        lower digit ``d`` proven in ``[0, R)`` (an ``scf.for``/``scf.parallel``
        induction variable from 0 by 1 to ``R``, or a constant below a constant ``R``)
        and ``R`` loop-invariant; the element then fixes every digit.  When all accesses
        share the radices and every induction variable of ``op`` is a digit at the same
        place, the element fixes the iteration (``a[i]``, ``a[i, j]``, ``out[l * 5 +
        ch]`` for ``ch`` in ``[0, 5)``; not ``a[i]`` together with ``a[i + 1]``)."""
        assert isinstance(op, scf.ParallelOp)
        body = op.body.blocks[0]
        ivs = list(body.args)
        inside = {id(b) for r in op.regions for b in r.blocks}
        for inner in op.walk():
            for r in inner.regions:
                inside.update(id(b) for b in r.blocks)
        sigs: dict[int, object] = {}
        ptrs: dict[int, SSAValue] = {}
        for inner in op.walk():
            if inner is op:
                continue
            name = op_name(inner)
            for i, u in enumerate(inner.operands):
                if not isinstance(u.type, MemRefType) and not is_pointer(u.type):
                    continue
                ptrs[id(u)] = u
                idx = (list(inner.operands[1:]) if name == "memref.load" and i == 0 else
                       list(inner.operands[2:]) if name == "memref.store" and i == 1 else None)
                sig = None
                if (idx is not None and isinstance(u.type, MemRefType)
                        and id(def_block(u)) not in inside):
                    sig = self._access_signature(idx, ivs, inside)
                if sig is None or sigs.get(id(u), sig) != sig:
                    sigs[id(u)] = None
                else:
                    sigs[id(u)] = sig
        safe: set[int] = set()
        for k, u in ptrs.items():
            if sigs.get(k) is None:
                continue
            c = self.g.facts.classes(u)
            if c in (-1, 0):
                continue
            if all(q is u or (self.g.facts.classes(q) not in (-1, 0)
                              and not (self.g.facts.classes(q) & c)) for q in ptrs.values()):
                safe.add(k)
        return safe

    def _access_signature(self, idx: list[SSAValue], ivs: list[BlockArgument],
                          inside: set[int]) -> tuple | None:
        """The digit layout of one access (see :meth:`parallel_safe`), or None when the
        element it touches does not determine the iteration."""
        sig = []
        seen: set[int] = set()
        per_dim = []
        for e in idx:
            ds = self._digits(e, inside, 0)
            if ds is None:
                return None
            per_dim.append(ds)
        # digit values: equal for two iterations that touch the same element
        known = {id(v): (d, k) for d, ds in enumerate(per_dim)
                 for k, (v, _) in enumerate(ds) if v is not None}
        for ds in per_dim:
            dim: list[tuple] = []
            for v, rk in ds:
                j = next((n for n, a in enumerate(ivs) if v is a), None)
                rot = None if j is not None or v is None else self._rotation(
                    v, ivs, inside, known)
                if j is not None:
                    seen.add(j)
                    dim.append(("iv", j, rk))
                elif rot is not None:
                    seen.add(rot[0])
                    dim.append(("rot", rot[0], rk, rot[1]))
                else:
                    dim.append(("x", rk))
            sig.append(tuple(dim))
        return tuple(sig) if len(seen) == len(ivs) else None

    def _rotation(self, v: SSAValue, ivs: list[BlockArgument], inside: set[int],
                  known: dict[int, tuple[int, int]]) -> tuple[int, tuple] | None:
        """``(j, shift)`` when the digit ``v`` is ``(iv_j + s) mod R`` -- a rotation of
        the parallel induction variable ``iv_j``, which runs over ``[0, R)`` -- with a
        shift ``s`` that two iterations touching the same element share: a sum of
        constants, ``R`` itself (at most once) and ``index_cast``s of loads from
        *constant* globals at indices that are constants, loop-invariant or digits of
        the same access.  The bounds of the shift (from the globals' values) prove that
        ``iv_j + s`` cannot wrap around 2^64, so ``v`` fixes ``iv_j``.  (LBM's periodic
        neighbour ``(x + nx - cx[q]) mod nx``.)  ``shift`` is a canonical form, so two
        accesses agree only when their shifts are the same function."""
        owner = v.owner
        if not isinstance(owner, arith.RemUIOp):
            return None
        R = owner.rhs
        terms: list[tuple[int, SSAValue]] = []
        if not self._signed_terms(owner.lhs, 1, terms, 0):
            return None
        j = None
        n_r = 0
        lo = hi = 0
        enc: list[tuple] = []
        for sign, t in terms:
            k = next((n for n, a in enumerate(ivs) if t is a), None)
            if k is not None and sign == 1 and j is None and self._below(t, R):
                j = k
                continue
            if t is R and sign == 1 and n_r == 0 and self._radix_key(R, inside) is not None:
                n_r += 1
                continue
            c = self.g.cint(t)
            if c is not None:
                lo, hi = lo + sign * c, hi + sign * c
                enc.append((sign, ("c", c)))
                continue
            g = self._global_term(t, inside, known)
            if g is None:
                return None
            (glo, ghi), ge = g
            lo, hi = (lo + glo, hi + ghi) if sign == 1 else (lo - ghi, hi - glo)
            enc.append((sign, ge))
        if j is None:
            return None
        # no wrap-around: 0 <= iv + (R) + s < 2^64 for iv in [0, R), 1 <= R < 2^63
        if n_r == 0 and not (lo >= 0 and hi < 2**62):
            return None
        if n_r == 1 and not (lo >= -1 and hi <= 2):
            return None
        return j, (n_r, tuple(sorted(enc, key=repr)))

    def _signed_terms(self, e: SSAValue, sign: int, out: list[tuple[int, SSAValue]],
                      depth: int) -> bool:
        owner = e.owner
        if depth < 8 and isinstance(owner, arith.AddiOp | arith.SubiOp):
            rs = -sign if isinstance(owner, arith.SubiOp) else sign
            return (self._signed_terms(owner.lhs, sign, out, depth + 1)
                    and self._signed_terms(owner.rhs, rs, out, depth + 1))
        out.append((sign, e))
        return len(out) <= 16

    def _global_term(self, t: SSAValue, inside: set[int], known: dict[int, tuple[int, int]]
                     ) -> tuple[tuple[int, int], tuple] | None:
        """``index_cast(memref.load @g[...])`` of a constant integer global ``@g`` at
        indices that two colliding iterations share: its value range and a canonical
        form."""
        from xdsl.traits import SymbolTable

        cast = t.owner
        if not isinstance(cast, arith.IndexCastOp):
            return None
        load = cast.input.owner
        if not isinstance(load, memref.LoadOp):
            return None
        get = load.memref.owner
        if not isinstance(get, memref.GetGlobalOp):
            return None
        g = SymbolTable.lookup_symbol(get, get.name_)
        if not isinstance(g, memref.GlobalOp) or g.constant is None:
            return None
        init = g.initial_value
        if not isinstance(init, DenseIntOrFPElementsAttr):
            return None
        vals = list(init.get_values())
        if not vals or not all(isinstance(x, int) for x in vals):
            return None
        idx: list[tuple] = []
        for i in load.indices:
            c = self.g.cint(i)
            if c is not None:
                idx.append(("c", c))
            elif id(i) in known:
                idx.append(("d", *known[id(i)]))
            elif id(def_block(i)) not in inside:
                idx.append(("v", id(i)))
            else:
                return None
        return (min(vals), max(vals)), ("g", g.sym_name.data, tuple(idx))

    def _radix_key(self, r: SSAValue, inside: set[int]) -> tuple | None:
        c = self.g.cint(r)
        if c is not None:
            return ("c", c) if c >= 1 else None
        if id(def_block(r)) in inside:
            return None  # not invariant over the parallel loop
        return ("v", id(r))

    def _digits(self, e: SSAValue, inside: set[int], depth: int
                ) -> list[tuple[SSAValue | None, tuple | None]] | None:
        """``e`` as mixed-radix digits ``[(value, radix key)]``, most significant first
        (the first digit unbounded, key None); None if some radix is not invariant."""
        owner = e.owner
        if depth < 8 and isinstance(owner, arith.AddiOp):
            for m, r in ((owner.lhs, owner.rhs), (owner.rhs, owner.lhs)):
                mo = m.owner
                if not isinstance(mo, arith.MuliOp):
                    continue
                for x, R in ((mo.lhs, mo.rhs), (mo.rhs, mo.lhs)):
                    rk = self._radix_key(R, inside)
                    if rk is not None and self._below(r, R):
                        hi = self._digits(x, inside, depth + 1)
                        if hi is not None:
                            return hi + [(r, rk)]
        if depth < 8 and isinstance(owner, arith.MuliOp):
            for x, R in ((owner.lhs, owner.rhs), (owner.rhs, owner.lhs)):
                rk = self._radix_key(R, inside)
                if rk is not None and rk[0] == "c":  # a zero digit: R >= 1 needed
                    hi = self._digits(x, inside, depth + 1)
                    if hi is not None:
                        return hi + [(None, rk)]
        return [(e, None)]

    def _below(self, r: SSAValue, R: SSAValue) -> bool:
        """``0 <= r < R`` whenever ``r`` is computed."""
        c, cr = self.g.cint(r), self.g.cint(R)
        if c is not None:
            return cr is not None and 0 <= c < cr
        owner = r.owner
        if isinstance(owner, arith.RemUIOp):  # unsigned remainder: below its divisor
            cd = self.g.cint(owner.rhs)
            return owner.rhs is R or (cd is not None and cr is not None and 1 <= cd <= cr)
        if not isinstance(r, BlockArgument):
            return False
        loop = r.block.parent_op()
        if isinstance(loop, scf.ForOp) and r.index == 0:
            lb, ub, step = loop.lb, loop.ub, loop.step
        elif isinstance(loop, scf.ParallelOp):
            lb, ub, step = (loop.lowerBound[r.index], loop.upperBound[r.index],
                            loop.step[r.index])
        else:
            return False
        if self.g.cint(lb) != 0 or self.g.cint(step) != 1:
            return False
        if ub is R:
            return True
        cu = self.g.cint(ub)
        return cu is not None and cr is not None and cu <= cr

    def par_update(self, p: SSAValue) -> bool:
        """Whether a shadow update of buffer ``p`` here must be atomic (and count it)."""
        if not self.stack:
            return False
        atomic = len(self.stack) > 1 or id(p) not in self.stack[-1][1]
        if self.g.mode == "emit":
            if atomic:
                self.g.d.atomic_updates += 1
            else:
                self.g.d.atomics_avoided += 1
        return atomic

    def atomic(self, kind: str, x: SSAValue, m: SSAValue, idx: list[SSAValue]) -> SSAValue:
        op = memref.AtomicRMWOp(operands=[x, m, list(idx)], result_types=[x.type],
                                properties={"kind": IntegerAttr(RMW_KINDS.index(kind), 64)})
        return self.g.b.v(op)

    def atomic_add(self, x: SSAValue, sh: SSAValue, idx: list[SSAValue]) -> None:
        et = sh.type.element_type  # type: ignore[attr-defined]
        if not isinstance(et, AnyFloat):
            raise GradError("cannot differentiate: an atomic shadow update of a buffer of "
                            f"{et} inside 'scf.parallel'")
        self.atomic("addf", self.g.convert(x, et), sh, idx)
