"""Reverse rules of the scalar ops of the op table (``arith``, ``math``, ``llvm``
arithmetic, casts, selects) and of C math functions that behave like one: the partials
come from the table, evaluated on IR (:mod:`activity.ad.irnum`)."""

from __future__ import annotations

import math

from xdsl.dialects import arith
from xdsl.dialects.builtin import TensorType
from xdsl.ir import Block, Operation, SSAValue

from activity.ad.irnum import DEAD, IRBackend, IRNum, materialize, operand_deps
from activity.ad.llvmmem import is_aggregate
from activity.ad.plan import Key
from activity.ad.registry import Gen, reverse_kind_rule
from activity.ad.rules.linalg import rev_elementwise
from activity.ad.structure import _encloses
from activity.ops import OpKind, OpSpec, op_name


@reverse_kind_rule(OpKind.FLOAT, OpKind.CAST, OpKind.SELECT)
def rev_scalar(gen: Gen, op: Operation, spec: OpSpec) -> None:
    r = op.results[0]
    if isinstance(r.type, TensorType):  # (elementwise on tensors: rules/linalg.py)
        return rev_elementwise(gen, op)
    ybar = gen.adj_take(r)
    if ybar is None or spec.partials is None:
        return
    if is_aggregate(r.type) or any(gen.needs.agg_active(u) for u in op.operands):
        raise gen.err(op, f"cannot differentiate '{op_name(op)}': aggregate (struct, "
                           "array) adjoints are not supported")
    diff = list(spec.diff_operands(op))
    targets = [(pos, i) for pos, i in enumerate(diff)
               if i < len(op.operands) and gen.facts.has_adjoint(op.operands[i])]
    if not targets:
        return
    use = op.parent_block()
    assert use is not None
    # with result_partials, position 0 is the result: the reverse sweep reads the
    # value the forward sweep computed instead of computing f(a) again
    rule, ins = spec.partials, list(op.operands)
    if spec.result_partials is not None and result_form(gen, op, spec, targets, use):
        rule, ins = spec.result_partials, [r, *op.operands]
    elif spec.sibling_partials is not None:
        sib = sibling(gen, op, spec, use)
        if sib is not None:
            rule, ins = spec.sibling_partials[1], [sib, *op.operands]
    deps = operand_deps(rule, len(ins))
    need: set[int] = set()
    for pos, _ in targets:
        need |= deps[pos]
    vals = {j: gen.mirror.materialize(ins[j], use) for j in sorted(need)}
    with gen.b.in_pass("adjoint"):
        N = IRBackend(gen.b.emit, ybar.type)
        args = [N.wrap(vals[j]) if j in vals else DEAD for j in range(len(ins))]
        # Partials are computed in the operands' float type; the adjoint in ybar's.
        ps = rule(N, *args)
        yb = N.wrap(ybar)
        guard = gen.d.strong_zero or r in gen.d.guarded  # (a masked zero may come)
        # a masked zero that can only come from min/max selects (whose arms the program
        # compares, so evaluates): r is evaluated too, and under fast-math's promise
        # (r's `nnan ninf`: its operands and result are finite) a partial that is one
        # of them is finite, and 0 times it is 0 -- no guard needed for it
        soft = not guard and r in gen.d.guarded_minmax
        finite: set[int] = set()
        if soft and finite_promised(op):
            own = {id(u) for u in op.operands} | {id(r)}
            finite = {id(v) for j, v in vals.items() if id(ins[j]) in own}
        is_zero = None
        for pos, i in targets:
            p = ps[pos]
            if hasattr(p, "value") and p.value.type != ybar.type:
                p = N.wrap(gen.convert(p.value, ybar.type))
            prod = gen.contracted(N.scale(p, yb), yb)
            if ((guard or soft) and isinstance(prod, IRNum)  # 0 * (inf or NaN): NaN
                    and isinstance(prod.value.owner, arith.MulfOp)
                    and not (soft and _finite_partial(p, finite))):
                if is_zero is None:
                    is_zero = N.eq(yb, 0.0)
                prod = N.select(is_zero, 0.0, prod)
            c = materialize(prod, N, ybar.type)
            gen.adj_add(op.operands[i], c)


def finite_promised(op: Operation) -> bool:
    """Whether ``op`` carries the fast-math flags ``nnan`` and ``ninf`` (``fast``:
    clang's ``-ffast-math``/``-ffinite-math-only``): the program promises that its
    operands and result are never NaN or infinite."""
    f = op.properties.get("fastmathFlags") or op.properties.get("fastmath") \
        or op.attributes.get("fastmathFlags") or op.attributes.get("fastmath")
    if f is None:
        return False
    text = str(f)
    return "<fast>" in text or ("nnan" in text and "ninf" in text)


def _finite_partial(p: object, finite: set[int]) -> bool:
    """``p`` is a finite constant, or one of the values ``finite`` holds (the op's
    operands or result, promised finite)."""
    if isinstance(p, IRNum):
        return id(p.value) in finite
    return isinstance(p, int | float) and math.isfinite(p)


def result_form(gen: Gen, op: Operation, spec: OpSpec, targets: list[tuple[int, int]],
                use: Block) -> bool:
    """Whether the adjoint of ``op`` uses ``spec.result_partials`` (reading ``y``)
    rather than ``spec.partials`` (reading the operands), decided in the planning run
    and kept in the plan.  ``y`` is preferred unless it would need a tape of its
    own while the operands need none: then reading ``y`` would add a tape (or, in a
    parallel loop without a static tape, be impossible) to save one ``f(a)``, as for
    a call to libm's ``exp``, whose result is never recomputable."""
    key = id(op)
    if gen.mode != "plan":
        return gen.plan.result_form.get(key, False)
    n = len(op.operands)
    rdeps = operand_deps(spec.result_partials, n + 1)  # type: ignore[arg-type]
    odeps = operand_deps(spec.partials, n)  # type: ignore[arg-type]
    rneed: set[int] = set()
    oneed: set[int] = set()
    for pos, _ in targets:
        rneed |= rdeps[pos]
        oneed |= odeps[pos]
    ins = [op.results[0], *op.operands]
    y_cls = max((cost_class(gen, ins[j], use) for j in rneed), default=0)
    a_cls = max((cost_class(gen, op.operands[j], use) for j in oneed), default=0)
    # (where ``use`` runs once per call, a tape of ``y`` is one slot: cheaper than f(a))
    choice = not (y_cls == 2 and a_cls < 2) or gen.tapeplan.once(use)
    gen.plan.result_form[key] = choice
    return choice


def sibling(gen: Gen, op: Operation, spec: OpSpec, use: Block) -> SSAValue | None:
    """The result of an op of ``spec.sibling_partials``'s names on ``op``'s very
    operands (and fast-math flags), executed whenever ``op`` is (in its block or one
    enclosing it), whose value the adjoint of ``op`` then reads instead of computing
    its partial -- where reading it costs no more than the call it saves (decided in
    the planning run and kept in the plan): ``cos a`` taped or recomputed beside
    ``sin a`` saves the call of ``cos`` that ``sin``'s partial would make."""
    key = id(op)
    if gen.mode != "plan":
        return gen.plan.sibling.get(key)
    assert spec.sibling_partials is not None
    names = spec.sibling_partials[0]
    found: SSAValue | None = None
    for u in (op.operands[0].uses if op.operands else ()):
        o = u.operation
        if (o is op or op_name(o) not in names or len(o.results) != 1
                or list(o.operands) != list(op.operands)
                or o.results[0].type != op.results[0].type
                or dict(o.properties) != dict(op.properties)  # (fast-math flags)
                or not _encloses(o.parent_block(), use)):  # type: ignore[arg-type]
            continue
        s = o.results[0]
        # read it where that costs no more than the call it saves: already there,
        # recomputable, or taped in one stack slot (a block that runs once per
        # call) -- not a tape per iteration of a loop, nor one a parallel loop
        # cannot have, where the operand needed none
        if cost_class(gen, s, use) <= 1 or gen.tapeplan.once(gen.mirror.target_block(s, use)):
            found = s
            break
    gen.plan.sibling[key] = found
    return found


def cost_class(gen: Gen, key: Key, use: Block) -> int:
    """0: already materialised or decided (free to read again), 1: recomputable
    within the limit, 2: would need a tape (or is impossible) -- without deciding."""
    if gen.mirror.available(key) is not None:
        return 0
    v = gen.mirror.stored_value(key)  # as materialize() follows it
    if v is not None:
        return cost_class(gen, v, use)
    T, S = gen.tapeplan.target_scope(key, use)
    if S is None:
        return 2
    if id(key) in S.memo or (id(key), id(T)) in gen.plan.decisions:
        return 0
    return 1 if gen.tapeplan.within_limit(key, T) else 2
