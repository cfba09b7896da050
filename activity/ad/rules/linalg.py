"""Adjoints of the ``linalg`` structured ops on tensors (LAGrad's rules), every one
through its :func:`~activity.tensor.structured.structured` view
``out[m_o(i)] = body(in_0[m_0(i)], ..., out[m_o(i)])``.

The adjoint of input ``k`` is a ``linalg.generic`` over the same iteration space whose
init is ``k``'s adjoint (updated in place: a zero tensor only where it had none) with
``k``'s map, its iterators ``parallel`` on the dimensions that map keeps and
``reduction`` on the others: the primal's reductions become broadcasts and its
broadcasts reductions.  Its body recomputes, from the primal's elements, what the
partials of the scalar body need and accumulates ``ybar * d body / d in_k`` -- the
partials are the op table's (the scalar rules' own source).  So ``matmul``'s
``dA = dC Bᵀ`` is the contraction ``dA[i, k] += dC[i, j] * B[k, j]`` and
``dB = Aᵀ dC`` the one over ``i``, as ``linalg.generic`` ops, not scalar loops.

* A parallel op (no reduction): each output element is written once, from the init's
  element when the body reads it: the init gets ``ybar * d body / d out``, nothing else
  (its other elements are overwritten).
* A reduction: the body must *sum* into the accumulator (``acc + t``, ``t + acc``,
  ``acc - t``, the accumulator used there only): the init's adjoint is ``ybar`` and
  ``t`` is seeded with ``±ybar``.  A ``max``/``min`` reduction
  (``maximumf(acc, t)``, ...) passes ``ybar`` to the first element attaining the
  maximum, the init's included (the op table's tie rule, step by step), with a
  second, flag-carrying output.  Other reductions are refused.
* Scalar operands (``fill``'s value, floats the body reads from outside) accumulate
  into a rank-0 tensor and are read off it.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import (
    AffineMapAttr,
    ArrayAttr,
    FloatAttr,
    ShapedType,
    TensorType,
    UnitAttr,
)
from xdsl.dialects.linalg import ops as linalg
from xdsl.dialects.linalg.attrs import IteratorType, IteratorTypeAttr
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineMap

from activity.ad.builder import contract_flags
from activity.ad.exactbody import COMPARED, reduction_kind
from activity.ad.irnum import DEAD, IRBackend, materialize, operand_deps
from activity.ad.registry import Gen, forward_rule, reverse_rule
from activity.ad.rules.tensor import (
    _fwd_clone_regions,
    adj_tensor,
    dims_of,
    scalar_zero_tensor,
)
from activity.ad.tapebody import taped_values
from activity.ops import lookup, op_name
from activity.tensor import opts
from activity.tensor.loops import ADJOINT_ATTR, EXACT_ATTR
from activity.tensor.structured import STRUCTURED_OPS, Structured, generalize, structured
from activity.tensor.triangle import mask_outside


def _captured(v: Structured) -> list[SSAValue]:
    """Values the body reads from outside the op, in order of first use."""
    inside = {id(a) for a in v.body.args}
    out: list[SSAValue] = []
    seen: set[int] = set()
    for o in v.body.walk():
        inside.update(id(r) for r in o.results)
        for r in o.regions:
            for b in r.blocks:
                inside.update(id(a) for a in b.args)
    for o in v.body.walk():
        for u in o.operands:
            if id(u) not in inside and id(u) not in seen:
                seen.add(id(u))
                out.append(u)
    return out


def _index_masked(v: Structured) -> bool:
    """Whether ``v``'s body selects by a comparison of its iteration indices."""
    for o in v.body.walk():
        if isinstance(o, arith.SelectOp) and isinstance(o.cond.owner, arith.CmpiOp) \
                and any(isinstance(u.owner, linalg.IndexOp) for u in o.cond.owner.operands):
            return True
    return False


def needs_structured(needs: Any, op: Operation) -> bool:
    f = needs.g.facts
    v = structured(op)
    assert v is not None
    if v.on_buffers:
        if any(f.has_shadow(u) for u in v.operands) and f.op_active(op):
            raise needs.g.err(op, f"cannot differentiate '{op_name(op)}' on memrefs: "
                                  "the AD generator differentiates linalg ops on tensors "
                                  "only (bufferize after differentiating)")
        # an inactive op still overwrites its outs: a written buffer with a shadow
        # gets that shadow cleared (rev_structured), as a store of a constant does --
        # all of it, so every element must be written (a projected permutation)
        outs = [k for k, u in enumerate(v.outputs) if f.has_shadow(u)]
        maps = v.indexing_maps[len(v.inputs):]
        if any(_dims(maps[k]) is None for k in outs):
            raise needs.g.err(op, f"cannot differentiate '{op_name(op)}' on memrefs: it "
                                  "overwrites part of a buffer with a shadow (an output "
                                  "map that is not a projected permutation)")
        return bool(outs)
    if not any(f.has_adjoint(r) for r in op.results):
        return False
    return any(f.has_adjoint(u) for u in [*v.operands, *_captured(v)])


@forward_rule(*sorted(STRUCTURED_OPS))
def fwd_structured(gen: Gen, op: Operation) -> None:
    if op_name(op) == "linalg.map":  # (as the linalg.generic it is: the bufferization
        # lowers that one)
        g = generalize(op)
        try:
            _fwd_clone_regions(gen, g, op)
        finally:
            g.erase(safe_erase=False)
        return
    _fwd_clone_regions(gen, op)


def _dims(m: AffineMap) -> list[int] | None:
    """The loop dimension of each result of ``m``, when it is a projected permutation."""
    out = []
    for e in m.results:
        if not isinstance(e, AffineDimExpr) or e.position in out:
            return None
        out.append(e.position)
    return out


def _shaped_input_args(v: Structured, blk: Block) -> dict[int, SSAValue]:
    """The primal body's input arguments (by id) -> ``blk``'s leading arguments, one per
    shaped input in order (scalar inputs get none)."""
    shaped = [k for k, x in enumerate(v.inputs) if isinstance(x.type, ShapedType)]
    return {id(v.input_args[k]): blk.args[j] for j, k in enumerate(shaped)}


class _BodyAD:
    """The adjoint body of one target: the primal body's values recomputed on demand
    (from the new block's arguments) and reverse-differentiated from the seed."""

    def __init__(self, gen: Gen, op: Operation, v: Structured, blk: Block,
                 argmap: dict[int, SSAValue], outer: dict[int, SSAValue]) -> None:
        self.gen, self.op, self.v, self.blk = gen, op, v, blk
        self.vals: dict[int, SSAValue] = dict(argmap)
        self.outer = outer  # captured primal value (id) -> its value in the reverse sweep

    def emit(self, o: Operation) -> SSAValue:
        self.blk.add_op(o)
        return o.results[0]

    def val(self, x: SSAValue) -> SSAValue:
        got = self.vals.get(id(x))
        if got is not None:
            return got
        if id(x) in self.outer:
            return self.outer[id(x)]
        own = x.owner
        if isinstance(own, Block) or own.regions:
            raise self.gen.err(self.op, f"cannot differentiate '{op_name(self.op)}': its "
                                        "body reads the accumulator of a reduction or "
                                        "holds a region op")
        new = own.clone(value_mapper={u: self.val(u) for u in own.operands})
        self.blk.add_op(new)
        for r, nr in zip(own.results, new.results, strict=True):
            self.vals[id(r)] = nr
        return self.vals[id(x)]

    def adjoint(self, y: SSAValue, seed: SSAValue, target: SSAValue) -> SSAValue | None:
        """``seed * d y / d target`` through the body's ops (None: zero)."""
        return self.adjoints(y, seed, [target])[0]

    def adjoints(self, y: SSAValue, seed: SSAValue,
                 targets: list[SSAValue]) -> list[SSAValue | None]:
        """``seed * d y / d t`` for each ``t`` of ``targets`` from one reverse pass
        through the body's ops (None: zero): the adjoint of a value every target's
        comes through, and the partials, are computed once.  Each target's is the
        one a pass for it alone computes (the same ops: a value some target depends
        on has all its uses in the dependent set)."""
        ops = [o for o in self.v.body.ops if not isinstance(o, linalg.YieldOp)]
        dep: set[int] = {id(t) for t in targets}
        for o in ops:
            if any(id(u) in dep for u in o.operands):
                dep.update(id(r) for r in o.results)
        if id(y) not in dep:
            return [None] * len(targets)
        adj: dict[int, SSAValue] = {id(y): seed}
        for o in reversed(ops):
            if not o.results or id(o.results[0]) not in adj:
                continue
            a = adj.pop(id(o.results[0]))
            spec = lookup(o)
            if spec is None or not spec.body_differentiable(o):
                raise self.gen.err(o, f"cannot differentiate '{op_name(o)}' in the body of "
                                      f"'{op_name(self.op)}'")
            diff = list(spec.diff_operands(o))
            tg = [(pos, i) for pos, i in enumerate(diff)
                  if i < len(o.operands) and id(o.operands[i]) in dep]
            if not tg:
                continue
            rule, ins = spec.recomputed_partials(o)
            deps = operand_deps(rule, len(ins))
            need: set[int] = set()
            for pos, _ in tg:
                need |= deps[pos]
            N = IRBackend(self.emit, a.type)
            args = [N.wrap(self.val(ins[j])) if j in need else DEAD
                    for j in range(len(ins))]
            ps = rule(N, *args)
            yb = N.wrap(a)
            is_zero = None
            for pos, i in tg:
                p = ps[pos]
                if hasattr(p, "value") and p.value.type != a.type:
                    p = N.wrap(self._convert(p.value, a.type))
                prod = self.gen.contracted(N.scale(p, yb), yb)
                if self.gen.d.strong_zero and hasattr(prod, "value") \
                        and isinstance(prod.value.owner, arith.MulfOp):
                    # (strong_zero: a zero adjoint times an infinite partial is 0)
                    if is_zero is None:
                        is_zero = N.eq(yb, 0.0)
                    prod = N.select(is_zero, 0.0, prod)
                c = materialize(prod, N, a.type)
                if c is None:
                    continue
                u = o.operands[i]
                c = self._convert(c, u.type)
                old = adj.get(id(u))
                adj[id(u)] = c if old is None else self.emit(
                    arith.AddfOp(old, c, flags=self.gen.sum_flags()))
        return [adj.get(id(t)) for t in targets]

    def _convert(self, x: SSAValue, t: Any) -> SSAValue:
        if x.type == t:
            return x
        if t.bitwidth > x.type.bitwidth:  # type: ignore[attr-defined]
            return self.emit(arith.ExtFOp(x, t))
        return self.emit(arith.TruncFOp(x, t))


def rev_elementwise(gen: Gen, op: Operation) -> None:
    """An ``arith``/``math`` op on tensors (elementwise): reversed as the
    ``linalg.generic`` it means, with identity maps and the op on elements as body."""
    r = op.results[0]
    rt = r.type
    assert isinstance(rt, TensorType)
    out = next((u for u in op.operands if u.type == rt), None)
    tmp: list[Operation] = []
    if out is None:
        if any(n < 0 for n in rt.get_shape()):
            raise gen.err(op, f"cannot differentiate '{op_name(op)}' on tensors of a "
                              "dynamic shape whose result type no operand has")
        e = tensor.EmptyOp([], rt)
        tmp.append(e)
        out = e.results[0]
    rank = len(rt.get_shape())
    ins = list(op.operands)
    blk = Block(arg_types=[getattr(u.type, "element_type", u.type) for u in ins]
                + [rt.element_type])
    scalar = type(op).create(operands=list(blk.args[:len(ins)]),
                             result_types=[rt.element_type],
                             properties=dict(op.properties), attributes=dict(op.attributes))
    blk.add_op(scalar)
    blk.add_op(linalg.YieldOp(scalar.results[0]))
    maps = [AffineMap.identity(rank) if isinstance(u.type, ShapedType)
            else AffineMap(rank, 0, ()) for u in ins] + [AffineMap.identity(rank)]
    g = linalg.GenericOp(ins, [out], Region([blk]), [AffineMapAttr(m) for m in maps],
                         ArrayAttr([IteratorTypeAttr(IteratorType.PARALLEL)] * rank), [rt])
    tmp.insert(0, g)
    try:
        v = structured(g)
        assert v is not None
        _rev_view(gen, op, v, r)
    finally:
        for t in tmp:
            t.erase(safe_erase=False)


@reverse_rule(*sorted(STRUCTURED_OPS), needs=needs_structured)
def rev_structured(gen: Gen, op: Operation) -> None:
    v = structured(op)
    assert v is not None
    if v.on_buffers:  # (inactive: needs_structured refused the active ones)
        _clear_written_shadows(gen, op, v)
        return
    if (len(v.outputs) != 1 or len(v.results) != 1) and not taped_values(op):
        raise gen.err(op, f"cannot differentiate '{op_name(op)}': only one output is "
                          "supported")
    _rev_view(gen, op, v, v.results[0])


def _clear_written_shadows(gen: Gen, op: Operation, v: Structured) -> None:
    """An inactive linalg op on memrefs overwrites every element of its outs with
    values that do not depend on the active inputs: the adjoints of the overwritten
    contents are zero (the chain rule), so each out's shadow is cleared -- without this
    a ``dup`` buffer's output seed came back as the adjoint of its initial contents."""
    use = op.parent_block()
    assert use is not None
    for o in v.outputs:
        sh = gen.shadows.shadow(o, use)
        if sh is None:
            continue
        with gen.b.in_pass("adjoint"):
            z = gen.zero(sh.type.element_type)  # type: ignore[attr-defined]
            gen.b.nest(gen.b.dims(sh), lambda idx, sh=sh, z=z: gen.b.store(z, sh, idx))


def _rev_view(gen: Gen, op: Operation, v: Structured, r: SSAValue) -> None:
    """The adjoint of structured op ``op`` (seen as ``v``) whose result is ``r``."""
    name = op_name(op)
    ybar = gen.adj_take(r)
    if ybar is None:
        return
    use = op.parent_block()
    assert use is not None
    f = gen.facts
    n_in = len(v.inputs)
    nl = v.num_loops
    maps = [_dims(m) for m in v.indexing_maps]
    if any(m is None for m in maps):
        raise gen.err(op, f"cannot differentiate '{name}': an indexing map is not a "
                          "projected permutation")
    mo = maps[n_in]
    assert mo is not None
    red = [d for d, t in enumerate(v.iterator_types) if t == "reduction"]
    o = v.outputs[0]
    acc = v.output_args[0]
    y = v.yielded[0]
    kind = "parallel"
    seed_sign = 1.0
    t_val: SSAValue = y
    if red:
        if set(mo) & set(red) or len(set(mo)) + len(red) != nl:
            raise gen.err(op, f"cannot differentiate '{name}': its output map does not "
                              "index every parallel dimension")
        got = reduction_kind(v)
        if got is None:
            raise gen.err(op, f"cannot differentiate '{name}': a reduction whose body is "
                              "not a sum (acc + t, acc - t), a product (acc * t) nor "
                              "maximumf/minimumf(acc, t) or (t, acc) into the "
                              "accumulator")
        # (maxlast: maximumf(t, acc): at a tie the element wins, so the seed goes to
        # the last element equal to the result, the init only if none is; prod: d y /
        # d t_r = init * (the product of the other elements), from the product of the
        # nonzero elements and the count of zeros)
        kind, t_val, seed_sign = got
    elif sorted(mo) != list(range(nl)):
        raise gen.err(op, f"cannot differentiate '{name}': a parallel op whose output map "
                          "does not index every dimension")

    if kind in COMPARED:
        _check_exact(gen, op, v)
    caps = _captured(v)
    # body values the forward sweep kept (ad/tapebody.py): read, not recomputed
    taped = [(x, res) for x, res in taped_values(op)
             if _readable(gen, res, use)] if kind == "parallel" else []
    taped_used: set[int] = set()
    with gen.b.in_pass("adjoint"):
        outer = {id(c): gen.mirror.materialize(c, use) for c in caps}
        prim = [gen.mirror.materialize(x, use) if isinstance(x.type, ShapedType) else x
                for x in v.inputs]
        for k, x in enumerate(v.inputs):
            if not isinstance(x.type, ShapedType):
                outer[id(v.input_args[k])] = gen.mirror.materialize(x, use)
        flagged = kind in ("max", "maxlast")
        o_prim = gen.mirror.materialize(o, use) if flagged or kind == "prod" or (
            kind == "parallel" and acc.uses) else None
        ymax = None
        if flagged:
            ymax = gen.mirror.materialize(r, use)
        cnt = None  # (maxlast: per output element, how many elements equal the result)
        if kind == "maxlast":
            assert ymax is not None
            cnt = _count_hits(gen, op, v, prim, outer, t_val, ymax, mo, nl)
        stats: list[SSAValue] = []  # (prod: the product of the nonzero elements, zeros)
        if kind == "prod":
            stats = _product_stats(gen, op, v, prim, outer, t_val, r, mo, nl)

        def build(outs_spec: list[_Out], flag: bool = False) -> list[SSAValue | None]:
            """One adjoint generic for the outputs ``outs_spec`` (all of one iteration
            structure: their maps keep the same dimensions), each accumulating the
            contributions of its targets (body arguments or captured values) into its
            init; per output its result (None: no contribution, no output)."""
            ins: list[SSAValue] = []
            imaps: list[AffineMap] = []
            for k, x in enumerate(v.inputs):
                if isinstance(x.type, ShapedType):
                    ins.append(prim[k])
                    imaps.append(v.indexing_maps[k])
            if o_prim is not None:
                ins.append(o_prim)
                imaps.append(v.indexing_maps[n_in])
            if ymax is not None:
                ins.append(ymax)
                imaps.append(v.indexing_maps[n_in])
            if cnt is not None:
                ins.append(cnt)
                imaps.append(v.indexing_maps[n_in])
            for x in stats:
                ins.append(x)
                imaps.append(v.indexing_maps[n_in])
            n_taped_at = len(ins)
            for _x, _res in taped:  # (placeholders: read from the tape only if used)
                ins.append(ybar)
                imaps.append(v.indexing_maps[n_in])
            ins.append(ybar)
            imaps.append(v.indexing_maps[n_in])
            et = ybar.type.element_type  # type: ignore[attr-defined]
            n_out = len(outs_spec)
            tmap = outs_spec[0].tmap
            if any(set(u.tmap) != set(tmap) for u in outs_spec):
                # (a mixed group, _mixed_groups: parallel where every output is indexed)
                common = set.intersection(*(set(u.tmap) for u in outs_spec))
                tmap = [d for d in min(outs_spec, key=lambda u: len(u.tmap)).tmap
                        if d in common]
            outs = [s.init for s in outs_spec]
            omaps = [AffineMap(nl, 0, tuple(AffineDimExpr(d) for d in s.tmap))
                     for s in outs_spec]
            flag_t = None
            if flag:  # (max: whether the maximum was met already, per output element;
                # maxlast: how many times)
                assert o_prim is not None and ymax is not None and n_out == 1
                flag_t = tensor_flag(gen, o_prim, ymax) if kind == "max" else \
                    _zeros_like(gen, ymax)
                outs.append(flag_t)
                omaps.append(v.indexing_maps[n_in])
            arg_types = [getattr(x.type, "element_type", x.type) for x in ins]
            for q, (x, _res) in enumerate(taped):
                arg_types[n_taped_at + q] = x.type
            blk = Block(arg_types=arg_types
                        + [s.init.type.element_type for s in outs_spec]  # type: ignore[attr-defined]
                        + ([flag_t.type.element_type] if flag_t else []))  # type: ignore[union-attr]
            argmap = _shaped_input_args(v, blk)
            j = len(argmap)  # the next block argument
            o_arg = None
            if o_prim is not None:
                o_arg = blk.args[j]
                if kind == "parallel":
                    argmap[id(acc)] = blk.args[j]
                j += 1
            ymax_arg = None
            if ymax is not None:
                ymax_arg = blk.args[j]
                j += 1
            cnt_arg = None
            if cnt is not None:
                cnt_arg = blk.args[j]
                j += 1
            stat_args = list(blk.args[j:j + len(stats)])
            j += len(stats)
            for q, (x, _res) in enumerate(taped):
                argmap[id(x)] = blk.args[j + q]
            j += len(taped)
            seed: SSAValue = blk.args[j]
            acc_args = list(blk.args[j + 1:j + 1 + n_out])
            body = _BodyAD(gen, op, v, blk, argmap, outer)
            if seed_sign < 0:
                seed = body.emit(arith.NegfOp(seed))
            extra: list[SSAValue] = []
            if kind == "max":
                # first element (init included) equal to the maximum gets the seed
                assert ymax_arg is not None
                seen = blk.args[j + 1 + n_out]
                tv = body.val(t_val)
                hit = body.emit(arith.CmpfOp(tv, ymax_arg, "oeq"))
                one = body.emit(arith.ConstantOp(FloatAttr(1.0, et)))
                zero = body.emit(arith.ConstantOp(FloatAttr(0.0, et)))
                fresh = body.emit(arith.CmpfOp(seen, zero, "oeq"))
                take = body.emit(arith.AndIOp(hit, fresh))
                seed = body.emit(arith.SelectOp(take, seed, zero))
                extra = [body.emit(arith.SelectOp(hit, one, seen))]
            elif kind == "prod":
                assert o_arg is not None and len(stat_args) == 2
                nzp, zc = stat_args
                tv = body.val(t_val)
                zero = body.emit(arith.ConstantOp(FloatAttr(0.0, et)))
                one = body.emit(arith.ConstantOp(FloatAttr(1.0, et)))
                is0 = body.emit(arith.CmpfOp(tv, zero, "oeq"))
                none = body.emit(arith.CmpfOp(zc, zero, "oeq"))
                single = body.emit(arith.CmpfOp(zc, one, "oeq"))
                quo = body.emit(arith.DivfOp(nzp, body.emit(arith.SelectOp(is0, one, tv))))
                others = body.emit(arith.SelectOp(
                    is0, body.emit(arith.SelectOp(single, nzp, zero)),
                    body.emit(arith.SelectOp(none, quo, zero))))
                seed = body.emit(arith.MulfOp(seed, body.emit(arith.MulfOp(o_arg, others))))
            elif kind == "maxlast":
                # the last element equal to the maximum: its running count is the total
                assert ymax_arg is not None and cnt_arg is not None
                run = blk.args[j + 1 + n_out]
                tv = body.val(t_val)
                hit = body.emit(arith.CmpfOp(tv, ymax_arg, "oeq"))
                one = body.emit(arith.ConstantOp(FloatAttr(1.0, et)))
                zero = body.emit(arith.ConstantOp(FloatAttr(0.0, et)))
                nxt = body.emit(arith.AddfOp(run, body.emit(arith.SelectOp(hit, one, zero))))
                last = body.emit(arith.CmpfOp(nxt, cnt_arg, "oeq"))
                take = body.emit(arith.AndIOp(hit, last))
                seed = body.emit(arith.SelectOp(take, seed, zero))
                extra = [nxt]
            # every target's contribution from one reverse pass over the body (the
            # partials the targets share computed once)
            flat = [t for s in outs_spec for t in s.targets]
            got = body.adjoints(t_val, seed, flat)
            yields: list[SSAValue] = []
            adds: list[SSAValue] = []
            live: list[int] = []
            pos = 0
            for q, s in enumerate(outs_spec):
                ait = s.init.type.element_type  # type: ignore[attr-defined]
                # (a fresh output: each element written once, with its first term)
                total: SSAValue | None = None if s.fresh else acc_args[q]
                for c in got[pos:pos + len(s.targets)]:
                    if c is None:
                        continue
                    if c.type != ait:
                        c = body._convert(c, ait)
                    c = mask_outside(c, body.emit)  # (a mask on the indices: loops skip it)
                    if total is None:
                        total = c
                        continue
                    total = body.emit(arith.AddfOp(total, c, flags=gen.sum_flags()))
                    adds.append(total)
                pos += len(s.targets)
                if total is not None and total is not acc_args[q]:
                    live.append(q)
                    yields.append(total)
            for q, s in enumerate(outs_spec):
                s.n_live = sum(c is not None for c in got[sum(
                    len(u.targets) for u in outs_spec[:q]):][:len(s.targets)])
            if not live:
                return [None] * n_out
            blk.add_op(linalg.YieldOp(*yields, *extra))
            # outputs no target contributes to are dropped (their inits unchanged)
            for q in reversed(range(n_out)):
                if q not in live:
                    blk.erase_arg(acc_args[q])
                    del outs[q], omaps[q]
            for q, (_x, res) in enumerate(taped):
                if blk.args[n_taped_at + q].uses:
                    ins[n_taped_at + q] = gen.mirror.materialize(res, use)
                    taped_used.add(q)
            # inputs the body does not read are dropped (no loads, and the loop order
            # follows the operands that matter)
            # (as long as another operand still bounds each loop)
            for n_arg in reversed(range(len(ins))):
                if blk.args[n_arg].uses:
                    continue
                rest = [m for q, m in enumerate([*imaps, *omaps]) if q != n_arg]
                bound = {e.position for m in rest for e in m.results
                         if isinstance(e, AffineDimExpr)}
                if all(e.position in bound for e in imaps[n_arg].results
                       if isinstance(e, AffineDimExpr)):
                    blk.erase_arg(blk.args[n_arg])
                    del ins[n_arg], imaps[n_arg]
            assert all(x is not ybar for x in ins[:-1]), "a taped body value unread"
            if tmap and not flag:
                _contiguous_operand(gen, ins, imaps, tmap[-1])
            its = [IteratorTypeAttr(IteratorType.PARALLEL if d in tmap
                                    else IteratorType.REDUCTION) for d in range(nl)]
            if flag:
                its = [IteratorTypeAttr(IteratorType.PARALLEL if d in mo and d in tmap
                                        else IteratorType.REDUCTION) for d in range(nl)]
            g = linalg.GenericOp(ins, outs, Region([blk]),
                                 [AffineMapAttr(m) for m in [*imaps, *omaps]],
                                 ArrayAttr(its), [x.type for x in outs])
            # (the loop lowering may then keep the primal's dimension order)
            g.attributes[ADJOINT_ATTR] = UnitAttr()
            if kind in COMPARED:  # (the body's values compared: activity/ad/exactbody.py)
                g.attributes[EXACT_ATTR] = UnitAttr()
            for s_add in adds:
                _accumulate_flags(gen, g, s_add)
            gen.b.emit(g)
            res: list[SSAValue | None] = [None] * n_out
            for r_, q in zip(g.results, live, strict=False):
                res[q] = r_
            return res

        # a body masked by its indices: its adjoints go into zeros, so that the loops
        # may skip the masked part (activity/tensor/triangle.py; a fresh output would
        # have to be written there)
        tri = opts.enabled("triangular") and _index_masked(v)

        def emit_group(group: list[_Target]) -> None:
            """The adjoint generic of ``group`` (one output per tensor adjoint -- a
            tensor two targets share gets both contributions, in order -- and one per
            scalar target), its results made the targets' adjoints."""
            outs_spec: list[_Out] = []
            olds: list[SSAValue | None] = []
            for t in group:
                if t.scalar:
                    outs_spec.append(_Out([t.target], [], scalar_zero_tensor(gen, t.x.type),
                                          t.x))
                    olds.append(None)
                    continue
                same = next((s for s in outs_spec if s.x is t.x and not s.scalar), None)
                if same is not None:
                    assert same.tmap == t.tmap
                    same.targets.append(t.target)
                    continue
                if gen.adj.get(id(t.x)) is None and not flagged and not tri \
                        and len(set(t.tmap)) == nl and opts.enabled("nozero"):
                    # (no dense adjoint yet, and the generic writes each element once:
                    # into an empty tensor, no zero fill nor a 0 + t; a pending sparse
                    # adjoint (rules/sparse.py) is added into the result after)
                    olds.append(None)
                    e = gen.b.v(tensor.EmptyOp(dims_of(gen, t.x, use), t.x.type))
                    outs_spec.append(_Out([t.target], t.tmap, e, t.x, fresh=True))
                    continue
                old = gen.adj_get(t.x)
                olds.append(old)
                outs_spec.append(_Out([t.target], t.tmap, adj_tensor(gen, t.x, use), t.x))
            got = build(outs_spec, flag=flagged)
            opts.count("nozero", sum(s.fresh for s, r_ in zip(outs_spec, got, strict=True)
                                     if r_ is not None))
            n_live = sum(s.n_live for s in outs_spec)
            if n_live > 1:  # (the generics the targets would have had, one each)
                opts.count("fuse", n_live - 1)
            for s, old, r_ in zip(outs_spec, olds, got, strict=True):
                if s.scalar:
                    if r_ is not None:
                        gen.adj_add(s.x, gen.b.v(tensor.ExtractOp(r_, [], s.x.type)))
                elif r_ is None:  # (no contribution: the init, unchanged or zero)
                    if old is not None:
                        gen.adj_set(s.x, old)
                elif s.fresh:
                    if gen.hot and id(s.x) in gen.hot:
                        opts.count("sparse")  # (its hot parts added into r_: no zero)
                    gen.adj_add(s.x, r_)
                else:
                    gen.adj_set(s.x, r_)

        targets: list[_Target] = []
        if kind != "identity":
            for k, x in enumerate(v.inputs):
                if not f.has_adjoint(x):
                    continue
                if isinstance(x.type, TensorType):
                    targets.append(_Target(x, v.input_args[k], maps[k], False))  # type: ignore[arg-type]
                else:
                    targets.append(_Target(x, v.input_args[k], [], True))
            for c in caps:
                if f.has_adjoint(c) and not isinstance(c.type, ShapedType):
                    targets.append(_Target(c, c, [], True))
        if f.has_adjoint(o) and kind == "parallel" and acc.uses:
            targets.append(_Target(o, acc, mo, False))
        groups = _fusion_groups(targets, fuse=opts.enabled("fuse") and not flagged)
        if opts.enabled("fuse") and opts.enabled("fusereduce") and not flagged and not tri:
            groups = _mixed_groups(groups, nl, any(
                m and m[-1] == nl - 1 for m in maps[:n_in]))
        for group in groups:
            emit_group(group)
        opts.count("tapebody", len(taped_used))
        if f.has_adjoint(o):
            if kind in ("sum", "identity"):
                gen.adj_add(o, ybar)
            elif kind == "max":
                # the init's element gets the seed when it is the maximum itself
                assert o_prim is not None and ymax is not None
                gen.adj_add(o, _init_share(gen, o_prim, ymax, ybar))
            elif kind == "prod":
                # the init's adjoint: ybar times the product of the elements
                nzp, zc = stats

                def fn(emit, yb, p, z, o):  # type: ignore[no-untyped-def]
                    zero = emit(arith.ConstantOp(FloatAttr(0.0, yb.type)))
                    none = emit(arith.CmpfOp(z, zero, "oeq"))
                    return emit(arith.MulfOp(yb, emit(arith.SelectOp(none, p, zero))))
                e = gen.b.v(tensor.EmptyOp(_dyn(gen, ybar), ybar.type))
                from activity.ad.rules.tensor import elementwise

                gen.adj_add(o, elementwise(gen, [ybar, nzp, zc], e, fn))
            elif kind == "maxlast":
                # the init gets the seed when no element equals the maximum
                assert o_prim is not None and ymax is not None and cnt is not None
                gen.adj_add(o, _init_share(gen, o_prim, ymax, ybar, cnt))


def _check_exact(gen: Gen, op: Operation, v: Structured) -> None:
    """The invariant the adjoint of a max or product reduction rests on: its body,
    recomputed in the adjoint's nests and compared there with the forward nest's
    values (``t == ymax``, ``t == 0``), computes the same bits in every nest -- no
    fast-math flags, no ``contract`` added by the lowering
    (activity/ad/exactbody.py's pre-pass).  Refused, not guessed, where it fails."""
    flagged = [o for o in v.body.walk() if (a := o.properties.get("fastmath")) is not None
               and getattr(a, "data", None)]
    if flagged or EXACT_ATTR not in op.attributes:
        raise gen.err(op, f"cannot differentiate '{op_name(op)}': its adjoint compares "
                          "body values recomputed in other loop nests, which needs a body "
                          "without fast-math flags (internal: the exact-body pass did not "
                          "run on it)")


def _readable(gen: Gen, res: SSAValue, use: Block) -> bool:
    """Whether the reverse sweep can have the taped body values ``res`` (an extra
    result, ad/tapebody.py) where ``use`` needs them: available, already planned, or
    in a static tape of tensors (a loop nest with invariant bounds of the inline root);
    else the adjoint recomputes them as without ``tapebody``."""
    from activity.ad.tapeplan import _tensor_sources

    if gen.mirror.available(res) is not None:
        return True
    T = gen.mirror.target_block(res, use)
    if (id(res), id(T)) in gen.plan.decisions:
        return gen.plan.decisions[(id(res), id(T))] == "tape"
    return gen.tapeplan.static_for(res, T) is not None \
        and _tensor_sources(res, gen.entry) is not None


class _Target(NamedTuple):
    """A value whose adjoint an op's reverse adds to: ``x`` (an input, the init or a
    captured float), ``target`` (what the body reads it as), ``tmap`` (the loop
    dimension of each of its indices; [] for a scalar, which accumulates into a rank-0
    tensor)."""

    x: SSAValue
    target: SSAValue
    tmap: list[int]
    scalar: bool


class _Out:
    """One output of an adjoint generic: the targets summed into it (two when a body
    reads one tensor twice by the same map), its map and init."""

    def __init__(self, targets: list[SSAValue], tmap: list[int], init: SSAValue,
                 x: SSAValue, fresh: bool = False) -> None:
        self.targets, self.tmap, self.init, self.x = targets, tmap, init, x
        self.fresh = fresh  # (init empty: the output is its targets' terms, summed)
        self.scalar = not tmap and not isinstance(x.type, TensorType)
        self.n_live = 0  # (how many targets contribute: set by the build)


def _fusion_groups(targets: list[_Target], fuse: bool) -> list[list[_Target]]:
    """The targets in adjoint generics: one each without ``fuse``; with it, those of
    the same iteration structure (their maps keep the same loop dimensions, the same
    one last: same iterators, same loop order) share one, in order of first
    appearance -- except a tensor read twice by different maps (its two adjoint
    updates would write one buffer), which goes to a later generic."""
    if not fuse:
        return [[t] for t in targets]
    groups: list[list[_Target]] = []
    keys: list[tuple[frozenset[int], int | None]] = []
    for t in targets:
        key = (frozenset(t.tmap), t.tmap[-1] if t.tmap else None)
        for g, k in zip(groups, keys, strict=True):
            if k != key:
                continue
            if not t.scalar and any(not u.scalar and u.x is t.x and u.tmap != t.tmap
                                    for u in g):
                continue
            g.append(t)
            break
        else:
            groups.append([t])
            keys.append(key)
    return groups


def _mixed_groups(groups: list[list[_Target]], nl: int,
                  contiguous_last: bool) -> list[list[_Target]]:
    """:func:`_fusion_groups`' groups, an elementwise group (each output indexed by
    all ``nl`` loop dimensions) merged with a reduction group whose loop nest would be
    the same (the ``fusereduce`` optimization): one pass over the body computes the
    partials both need -- Hand's ``dmoved[v, i] = 2 d[v, i]`` and ``dtr[i] += 2 d[v,
    i]`` recomputed the difference ``d`` in two passes over 544 x 3.

    The merged generic's reductions index an output (the elementwise one), so the
    loop lowering runs it in the maps' order, each term loading and storing its
    outputs (activity/tensor/loops.py).  The reduction group alone would run in that
    order too where its outputs keep the innermost dimension ``nl - 1`` last, an
    input runs contiguously along it (``contiguous_last``), it is of a constant size
    (no register tile for a dynamic row) and their other dimensions come before every
    reduced one (:func:`activity.tensor.loops.loop_order`: parallel dimensions, the
    reductions, then the contiguous one) -- only then is it merged.  Every element
    still sums its terms in the same order.  (With ``carryorder``, the reduction alone
    is i-k-j only where that input is also summed; where it is not, it would be carried
    with a ``reassoc`` add, which LLVM may reorder -- the merged nest then sums in the
    interpreter's order instead: a rounding-level difference the default adjoint sums
    allow.)  Groups sharing a tensor are left apart (their updates of its adjoint keep
    their order)."""
    full = next((g for g in groups if all(not t.scalar and len(t.tmap) == nl
                                          and set(t.tmap) == set(range(nl)) for t in g)),
                None)
    if full is None or not contiguous_last:
        return groups
    out: list[list[_Target]] = []
    merged = False
    for g in groups:
        if g is full or merged or not _same_nest(g, nl) \
                or any(t.x is u.x for t in g for u in full):
            out.append(g)
            continue
        full.extend(g)
        merged = True
        opts.count("fusereduce")
    return out


def _same_nest(g: list[_Target], nl: int) -> bool:
    """Whether reduction group ``g`` alone would be lowered as the maps' order, its
    outputs in memory (see :func:`_mixed_groups`)."""
    if any(t.scalar or not t.tmap or t.tmap[-1] != nl - 1 or len(set(t.tmap)) == nl
           for t in g):
        return False
    kept = set(g[0].tmap) - {nl - 1}
    if kept and max(kept) > min(set(range(nl)) - set(g[0].tmap)):
        return False
    for t in g:
        shape = t.x.type.get_shape() if isinstance(t.x.type, TensorType) else [-1]
        if shape[-1] < 0:
            return False
    return True


def _accumulate_flags(gen: Gen, g: Operation, acc_add: SSAValue) -> None:
    """The fast-math flags of the add accumulating into the adjoint generic's output:
    ``reassoc`` where the loop lowering carries the sum along innermost reductions (it
    lets LLVM vectorize them: a ``dC Bᵀ`` contraction 20x faster), ``contract`` alone
    where each step updates the output element in memory (there ``reassoc`` made a
    tiled contraction 2-3x slower)."""
    from activity.tensor.loops import loop_order
    from activity.tensor.loops import structured as loop_view

    own = acc_add.owner
    flags = gen.sum_flags()
    if flags is None or not isinstance(own, arith.AddfOp):
        return
    lv = loop_view(g)
    carry = lv is not None and loop_order(lv)[1]
    if not carry:
        own.properties["fastmath"] = contract_flags(True)  # type: ignore[assignment]


def _contiguous_operand(gen: Gen, ins: list[SSAValue], imaps: list[AffineMap],
                        last: int) -> None:
    """Where no input of an adjoint generic runs contiguously along the output's last
    dimension ``last`` but one holds it elsewhere (``dA[i, k] += dC[i, j] * B[k, j]``),
    that input is transposed first (a copy, O(size)) so that ``last`` is its last
    dimension: the contraction is then an i-j-k nest the loop lowering tiles, as the
    primal's matmul (``dA = dC · Bᵀ`` with ``Bᵀ`` materialised)."""
    dims = [[_dim_of(e) for e in m.results] for m in imaps]
    if any(ds and ds[-1] == last for ds in dims):
        return
    for n, (x, m, ds) in enumerate(zip(ins, imaps, dims, strict=True)):
        t = x.type
        if not isinstance(t, TensorType) or last not in ds or None in ds:
            continue
        pos = ds.index(last)
        perm = [p for p in range(len(ds)) if p != pos] + [pos]
        shape = list(t.get_shape())
        nt = TensorType(t.element_type, [shape[p] for p in perm])
        dyn = [gen.b.v(tensor.DimOp(x, gen.c(p))) for p in perm if shape[p] < 0]
        e = gen.b.v(tensor.EmptyOp(dyn, nt))
        r = len(ds)
        blk = Block(arg_types=[t.element_type, t.element_type])
        blk.add_op(linalg.YieldOp(blk.args[0]))
        tr = linalg.GenericOp(
            [x], [e], Region([blk]),
            [AffineMapAttr(AffineMap.identity(r)),
             AffineMapAttr(AffineMap(r, 0, tuple(AffineDimExpr(p) for p in perm)))],
            ArrayAttr([IteratorTypeAttr(IteratorType.PARALLEL)] * r), [nt])
        ins[n] = gen.b.v(tr)
        imaps[n] = AffineMap(m.num_dims, 0, tuple(m.results[p] for p in perm))
        return


def _dim_of(e: object) -> int | None:
    return e.position if isinstance(e, AffineDimExpr) else None


def tensor_flag(gen: Gen, init: SSAValue, ymax: SSAValue) -> SSAValue:
    """Per output element, 1 once the maximum was met, else 0: to start with, 1 where
    the init is the maximum (it comes first)."""
    from activity.ad.rules.tensor import elementwise

    def fn(emit, i, m, o):  # type: ignore[no-untyped-def]
        et = i.type
        hit = emit(arith.CmpfOp(i, m, "oeq"))
        one = emit(arith.ConstantOp(FloatAttr(1.0, et)))
        zero = emit(arith.ConstantOp(FloatAttr(0.0, et)))
        return emit(arith.SelectOp(hit, one, zero))
    e = gen.b.v(tensor.EmptyOp(_dyn(gen, ymax), ymax.type))
    return elementwise(gen, [init, ymax], e, fn)


def _init_share(gen: Gen, init: SSAValue, ymax: SSAValue, ybar: SSAValue,
                cnt: SSAValue | None = None) -> SSAValue:
    """``ybar`` where the init is the maximum (it comes first), else 0; with ``cnt``
    (maxlast), only where no element equals the maximum either."""
    from activity.ad.rules.tensor import elementwise

    def fn(emit, i, m, yb, *rest):  # type: ignore[no-untyped-def]
        et = yb.type
        hit = emit(arith.CmpfOp(i, m, "oeq"))
        zero = emit(arith.ConstantOp(FloatAttr(0.0, et)))
        if cnt is not None:
            none = emit(arith.CmpfOp(rest[0], zero, "oeq"))
            hit = emit(arith.AndIOp(hit, none))
        return emit(arith.SelectOp(hit, yb, zero))
    e = gen.b.v(tensor.EmptyOp(_dyn(gen, ybar), ybar.type))
    return elementwise(gen, [init, ymax, ybar] + ([cnt] if cnt is not None else []), e, fn)


def _product_stats(gen: Gen, op: Operation, v: Structured, prim: list[SSAValue],
                   outer: dict[int, SSAValue], t_val: SSAValue, r: SSAValue,
                   mo: list[int], nl: int) -> list[SSAValue]:
    """Per output element of a product reduction: the product of its nonzero elements
    ``t_val`` and how many are zero (floats), one generic over the primal's space."""
    ins = [prim[k] for k, x in enumerate(v.inputs) if isinstance(x.type, ShapedType)]
    imaps = [v.indexing_maps[k] for k, x in enumerate(v.inputs)
             if isinstance(x.type, ShapedType)]
    n_in = len(v.inputs)
    t = r.type
    assert isinstance(t, TensorType)
    et = t.element_type
    blk = Block(arg_types=[getattr(x.type, "element_type", x.type) for x in ins] + [et, et])
    argmap = _shaped_input_args(v, blk)
    body = _BodyAD(gen, op, v, blk, argmap, outer)
    tv = body.val(t_val)
    p_acc, z_acc = blk.args[len(ins)], blk.args[len(ins) + 1]
    zero = body.emit(arith.ConstantOp(FloatAttr(0.0, et)))
    one = body.emit(arith.ConstantOp(FloatAttr(1.0, et)))
    is0 = body.emit(arith.CmpfOp(tv, zero, "oeq"))
    p = body.emit(arith.MulfOp(p_acc, body.emit(arith.SelectOp(is0, one, tv))))
    z = body.emit(arith.AddfOp(z_acc, body.emit(arith.SelectOp(is0, one, zero))))
    blk.add_op(linalg.YieldOp(p, z))
    ones = gen.b.v(linalg.FillOp([gen.const(1.0, et)],
                                 [gen.b.v(tensor.EmptyOp(_dyn(gen, r), t))], [t]))
    its = [IteratorTypeAttr(IteratorType.PARALLEL if d in mo else IteratorType.REDUCTION)
           for d in range(nl)]
    mo_map = v.indexing_maps[n_in]
    g = linalg.GenericOp(ins, [ones, _zeros_like(gen, r)], Region([blk]),
                         [AffineMapAttr(m) for m in [*imaps, mo_map, mo_map]],
                         ArrayAttr(its), [t, t])
    g.attributes[EXACT_ATTR] = UnitAttr()  # (compared with the adjoint's: exactbody.py)
    gen.b.emit(g)
    return [g.results[0], g.results[1]]


def _zeros_like(gen: Gen, x: SSAValue) -> SSAValue:
    t = x.type
    assert isinstance(t, TensorType)
    e = gen.b.v(tensor.EmptyOp(_dyn(gen, x), t))
    return gen.b.v(linalg.FillOp([gen.zero(t.element_type)], [e], [t]))


def _count_hits(gen: Gen, op: Operation, v: Structured, prim: list[SSAValue],
                outer: dict[int, SSAValue], t_val: SSAValue, ymax: SSAValue,
                mo: list[int], nl: int) -> SSAValue:
    """Per output element of a max/min reduction, how many of its elements ``t_val``
    equal the result ``ymax`` (a float count): a generic over the primal's space."""
    ins = [prim[k] for k, x in enumerate(v.inputs) if isinstance(x.type, ShapedType)]
    imaps = [v.indexing_maps[k] for k, x in enumerate(v.inputs)
             if isinstance(x.type, ShapedType)]
    n_in = len(v.inputs)
    ins.append(ymax)
    imaps.append(v.indexing_maps[n_in])
    t = ymax.type
    assert isinstance(t, TensorType)
    et = t.element_type
    blk = Block(arg_types=[getattr(x.type, "element_type", x.type) for x in ins] + [et])
    argmap = _shaped_input_args(v, blk)
    j = len(argmap)  # the next block argument
    body = _BodyAD(gen, op, v, blk, argmap, outer)
    tv = body.val(t_val)
    hit = body.emit(arith.CmpfOp(tv, blk.args[j], "oeq"))
    one = body.emit(arith.ConstantOp(FloatAttr(1.0, et)))
    zero = body.emit(arith.ConstantOp(FloatAttr(0.0, et)))
    s = body.emit(arith.AddfOp(blk.args[j + 1], body.emit(arith.SelectOp(hit, one, zero))))
    blk.add_op(linalg.YieldOp(s))
    init = _zeros_like(gen, ymax)
    its = [IteratorTypeAttr(IteratorType.PARALLEL if d in mo else IteratorType.REDUCTION)
           for d in range(nl)]
    g = linalg.GenericOp(ins, [init], Region([blk]),
                         [AffineMapAttr(m) for m in [*imaps, v.indexing_maps[n_in]]],
                         ArrayAttr(its), [t])
    g.attributes[EXACT_ATTR] = UnitAttr()  # (compared with the adjoint's: exactbody.py)
    return gen.b.v(g)


def _dyn(gen: Gen, x: SSAValue) -> list[SSAValue]:
    t = x.type
    assert isinstance(t, TensorType)
    return [gen.b.v(tensor.DimOp(x, gen.c(i))) for i, s in enumerate(t.get_shape()) if s < 0]


__all__ = ["fwd_structured", "rev_elementwise", "rev_structured"]
