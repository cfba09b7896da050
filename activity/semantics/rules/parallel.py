"""Parallel loops: ``scf.parallel`` (with ``scf.reduce``) and ``scf.forall`` on memrefs,
run as their iterations in lexicographic order (a valid schedule)."""

from __future__ import annotations

import itertools

from xdsl.ir import Operation

from activity.ops import OpSpec
from activity.ops.forall import FORALL, IN_PARALLEL, forall_loop
from activity.ops.table import signed, wrap
from activity.semantics.memory import InterpreterError
from activity.semantics.registry import T_, V_, Core, OpFn, leaving_terminators, op_rule

leaving_terminators("scf.reduce", "scf.reduce.return", IN_PARALLEL)


@op_rule("scf.parallel")
def scf_parallel(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    """The iterations in lexicographic order (a valid schedule of the parallel
    loop); the values the body's ``scf.reduce`` contributes are folded into the
    accumulators in that order by running the reduction regions."""
    body = op.regions[0]
    n = len(body.blocks.first.args)  # type: ignore[union-attr]
    lbs, ubs, steps = (tuple(ip._s(x) for x in op.operands[k * n:(k + 1) * n])
                       for k in range(3))
    inits = tuple(ip._s(x) for x in op.operands[3 * n:])
    sgs = tuple(ip._sg(r) for r in op.results)
    term = body.blocks.first.last_op  # type: ignore[union-attr]
    reductions = list(term.regions) if term is not None else []
    run = ip._run_region

    def fn(V: V_, T: T_) -> None:
        ranges = []
        for lb, ub, st in zip(lbs, ubs, steps, strict=True):
            lo, hi, step = signed(V[lb], 64), signed(V[ub], 64), signed(V[st], 64)
            if lo < hi and step <= 0:
                raise InterpreterError(f"scf.parallel with non-positive step {step}")
            ranges.append(range(lo, hi, step) if lo < hi else range(0))
        accs = [V[x] for x in inits]
        taccs = [T[x] for x in inits]
        for ivs in itertools.product(*ranges):
            vals, tans = run(body, V, T, [wrap(i, 64) for i in ivs], [0.0] * n)
            for k, region in enumerate(reductions):
                r, t = run(region, V, T, [accs[k], vals[k]], [taccs[k], tans[k]])
                accs[k], taccs[k] = r[0], t[0]
        ip._define_all(V, T, sgs, accs, taccs)
    return fn


@op_rule(FORALL, shaped=True)  # (refuses tensors itself)
def scf_forall(ip: Core, op: Operation, spec: OpSpec) -> OpFn:
    """``scf.forall`` on memrefs: as ``scf.parallel`` without reductions, the
    iterations in lexicographic order (``mapping`` is a scheduling hint)."""
    try:
        loop = forall_loop(op)
    except ValueError as e:
        raise InterpreterError(f"unexpected layout: {e}") from None
    if loop.shared_outs:
        raise InterpreterError("shared_outs (tensor results) are outside the subset "
                               "(scf.forall on memrefs only)")
    bounds = tuple(tuple(x if isinstance(x, int) else ip._s(x) for x in b)
                   for b in loop.bounds())
    dynamic = tuple(tuple(not isinstance(x, int) for x in b) for b in loop.bounds())
    body = op.regions[0]
    n = loop.rank
    run = ip._run_region

    def fn(V: V_, T: T_) -> None:
        ranges = []
        for b, d in zip(bounds, dynamic, strict=True):
            lo, hi, step = (signed(V[x], 64) if dx else x
                            for x, dx in zip(b, d, strict=True))
            if lo < hi and step <= 0:
                raise InterpreterError(f"scf.forall with non-positive step {step}")
            ranges.append(range(lo, hi, step) if lo < hi else range(0))
        for ivs in itertools.product(*ranges):
            run(body, V, T, [wrap(i, 64) for i in ivs], [0.0] * n)
    return fn


__all__ = ["scf_forall", "scf_parallel"]
