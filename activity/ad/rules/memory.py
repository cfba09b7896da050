"""Reverse rules of memory ops (``memref`` and ``llvm`` loads, stores, copies, sets,
and read-modify-writes): adjoints flow through the shadow buffers."""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import AnyFloat, IntegerType
from xdsl.ir import Operation, SSAValue

from activity.ad.facts import float_of_width
from activity.ad.irnum import DEAD, IRBackend, materialize, operand_deps
from activity.ad.llvmmem import is_llvm_ptr
from activity.ad.registry import Gen, reverse_kind_rule
from activity.ad.structure import _FLOAT_RMW
from activity.ops import OpKind, OpSpec, lookup
from activity.ops.rmw import RMW_KINDS, RMW_TABLE_OP


# Shadows have the primal's type: a buffer of integers that carry float bits
# (bitcasts through memory) keeps its adjoints as the bits of floats of its width.
def sh_load(gen: Gen, sh: SSAValue, idx: list[SSAValue]) -> SSAValue:
    x = gen.b.load(sh, idx)
    if isinstance(x.type, IntegerType):
        x = gen.b.v(arith.BitcastOp(x, float_of_width(x.type.width.data)))
    return x


def sh_store(gen: Gen, x: SSAValue, sh: SSAValue, idx: list[SSAValue]) -> None:
    et = sh.type.element_type  # type: ignore[attr-defined]
    if isinstance(et, IntegerType):
        x = gen.b.v(arith.BitcastOp(gen.convert(x, float_of_width(et.width.data)), et))
    else:
        x = gen.convert(x, et)
    gen.b.store(x, sh, idx)


@reverse_kind_rule(OpKind.MEM_READ)
def rev_load(gen: Gen, op: Operation, spec: OpSpec) -> None:
    ybar = gen.adj_take(op.results[0])
    if ybar is None:
        return
    use = op.parent_block()
    assert use is not None
    sh = gen.shadows.shadow(op.operands[spec.ptr or 0], use)
    if sh is None:
        return
    if is_llvm_ptr(sh.type):
        return gen.mem.rev_load(op, sh, ybar)
    idx = [gen.mirror.materialize(u, use) for u in op.operands[1:]]
    if gen.par.par_update(op.operands[spec.ptr or 0]):
        with gen.b.in_pass("adjoint"):
            gen.par.atomic_add(ybar, sh, idx)
        return
    with gen.b.in_pass("adjoint"):
        old = sh_load(gen, sh, idx)
        sh_store(gen, gen.b.v(arith.AddfOp(old, gen.convert(ybar, old.type),
                                            flags=gen.shadow_flags())), sh, idx)


@reverse_kind_rule(OpKind.MEM_WRITE)
def rev_store(gen: Gen, op: Operation, spec: OpSpec) -> None:
    use = op.parent_block()
    assert use is not None
    sh = gen.shadows.shadow(op.operands[spec.ptr or 0], use)
    if sh is None:
        return
    v = op.operands[spec.value or 0]
    if is_llvm_ptr(sh.type):
        return gen.mem.rev_store(op, sh, v)
    idx = [gen.mirror.materialize(u, use) for u in op.operands[2:]]
    if spec.extra.get("rmw"):
        return rev_rmw(gen, op, sh, v, idx)
    if gen.par.par_update(op.operands[spec.ptr or 0]):
        with gen.b.in_pass("adjoint"):
            et = sh.type.element_type  # type: ignore[attr-defined]
            if not isinstance(et, AnyFloat):
                raise gen.err(op, "cannot differentiate 'memref.store' inside "
                                   "'scf.parallel': a shadow of integer bits")
            old = gen.par.atomic("assign", gen.zero(et), sh, idx)
            if gen.facts.has_adjoint(v):
                gen.adj_add(v, old)
        return
    with gen.b.in_pass("adjoint"):
        et = sh.type.element_type  # type: ignore[attr-defined]
        if gen.facts.has_adjoint(v):
            gen.adj_add(v, sh_load(gen, sh, idx))
        gen.b.store(gen.zero(et), sh, idx)


def rev_rmw(gen: Gen, op: Operation, sh: SSAValue, v: SSAValue, idx: list[SSAValue]) -> None:
    """The reverse of a user's ``memref.atomic_rmw`` (``old = m[i]; m[i] = old (kind)
    v``).  A float kind is the op-table op ``RMW_TABLE_OP[kind]`` on ``(old, v)``:
    ``g = m'[i]``, then ``v' += g * d/dv`` and ``m'[i] = g * d/dold`` by its
    partials (``addf``: ``m'[i]`` stays, ``v'`` gets it; ``maximumf``: whichever
    was picked; ``mulf``: the other factor); ``assign`` is a store; integer kinds
    carry no derivative.  Then the result's adjoint is added to ``m'[i]``, as for a
    load.  It was reversed as a store whatever its kind, which cleared ``m'[i]``: a
    silent zero for what ``m[i]`` held before an ``addf``, and the result's adjoint
    dropped."""
    kind = RMW_KINDS[op.properties["kind"].value.data]  # type: ignore[attr-defined]
    ptr = op.operands[1]
    old = op.results[0]
    obar = gen.adj_take(old)
    if kind != "assign" and kind not in _FLOAT_RMW:
        return  # (integer kinds: no derivative through them)
    use = op.parent_block()
    assert use is not None
    spec = lookup(RMW_TABLE_OP[kind]) if kind != "assign" else None
    rule = spec.partials if spec is not None else None
    if spec is not None and rule is None:
        raise gen.err(op, f"cannot differentiate 'memref.atomic_rmw' {kind}: its op "
                           "has no partials")
    par = (kind != "addf" or obar is not None) and gen.par.par_update(ptr)
    if par and kind not in ("addf", "assign"):
        raise gen.err(op, f"cannot differentiate 'memref.atomic_rmw' {kind} inside "
                           "'scf.parallel'")
    need: set[int] = set()
    if rule is not None:
        deps = operand_deps(rule, 2)
        need = deps[0] | (deps[1] if gen.facts.has_adjoint(v) else set())
    vals = {j: gen.mirror.materialize((old, v)[j], use) for j in sorted(need)}
    with gen.b.in_pass("adjoint"):
        et = sh.type.element_type  # type: ignore[attr-defined]
        if kind == "assign":
            got = (gen.par.atomic("assign", gen.zero(et), sh, idx) if par else
                   sh_load(gen, sh, idx))
            if not par:
                gen.b.store(gen.zero(et), sh, idx)
            if gen.facts.has_adjoint(v):
                gen.adj_add(v, got)
        else:
            assert rule is not None
            g = sh_load(gen, sh, idx)
            N = IRBackend(gen.b.emit, g.type)
            ps = rule(N, *[N.wrap(vals[j]) if j in vals else DEAD for j in range(2)])
            gw = N.wrap(g)
            if gen.facts.has_adjoint(v):
                c = materialize(gen.contracted(N.scale(ps[1], gw), gw), N, g.type)
                if c is not None:
                    gen.adj_add(v, c)
            if kind != "addf":  # (addf's d/dold is 1: m'[i] stays)
                keep = materialize(N.scale(ps[0], gw), N, g.type)
                gen.b.store(keep if keep is not None else gen.zero(et), sh, idx)
    if obar is not None:
        with gen.b.in_pass("adjoint"):
            if par:
                gen.par.atomic_add(obar, sh, idx)
            else:
                cur = sh_load(gen, sh, idx)
                sh_store(gen, gen.b.v(arith.AddfOp(cur, gen.convert(obar, cur.type),
                                                    flags=gen.shadow_flags())), sh, idx)


@reverse_kind_rule(OpKind.MEM_COPY)
def rev_copy(gen: Gen, op: Operation, spec: OpSpec) -> None:
    use = op.parent_block()
    assert use is not None
    dst = gen.shadows.shadow(op.operands[spec.dst or 0], use)
    if dst is None:
        return
    src = gen.shadows.shadow(op.operands[spec.src or 0], use)
    if is_llvm_ptr(dst.type):
        return gen.mem.rev_copy(op, dst, src)
    with gen.b.in_pass("adjoint"):
        et = dst.type.element_type  # type: ignore[attr-defined]
        z = gen.zero(et)

        def body(idx: list[SSAValue]) -> None:
            # read and clear dst' first: right also when src and dst alias
            d = sh_load(gen, dst, idx)
            gen.b.store(z, dst, idx)
            if src is not None:
                sv = sh_load(gen, src, idx)
                sh_store(gen, gen.b.v(arith.AddfOp(sv, gen.convert(d, sv.type),
                                                    flags=gen.shadow_flags())), src, idx)

        gen.b.nest(gen.b.dims(dst), body)


@reverse_kind_rule(OpKind.MEM_SET)
def rev_set(gen: Gen, op: Operation, spec: OpSpec) -> None:
    """``memset``: the llvm memory rules (:meth:`activity.ad.llvmmem.LLVMMem.rev_set`)."""
    return gen.mem.rev_set(op, spec)
