"""Lemma M (monotonicity): every transfer function of the analysis is monotone.

* **Dense memory transfers** (``vm_transfer``/``um_transfer``, per effect kind LOAD,
  STORE, COPY, UNKNOWN and no effect): the closures the analysis actually builds are
  executed symbolically (:mod:`proofs.symbolic`) on bitsets of 32 classes and Z3 proves:
  if the input memory state, the points-to sets, the reach set and the flags they read
  grow, the output state grows and every flag they set stays set (for every fixed kill
  mask of a store: a strong update's class is a parameter of its node, not an input).
* **Sparse value transfers**: for every scalar op of the table the transfer read off the
  program graph is "result varied iff an operand with an edge is varied" (forward) and
  "operand useful iff the result is useful and has an edge from it" (backward); Z3
  proves both monotone in the flags.
* **Solver joins**: the dense solver's input ``seed | OR(out[p] & mask)`` is monotone in
  every predecessor output.
* **Points-to reach** (``PointsTo.reach``, used for unknown ops and ``dup`` seeds):
  monotone in the start set and in the contents, exhaustively over 3 classes.
"""

from __future__ import annotations

import itertools
import random

import z3

from activity.analysis.alias import PointsTo
from proofs.snippets import (
    SUMMARY_PROGRAM,
    DenseTransfers,
    capture_dense,
    instance,
    scalar_specs,
    summary_externals,
)
from proofs.symbolic import WIDTH, run_symbolic, subset
from proofs.z3num import Check, prove, timed

GROUP = "monotonicity"


def _leq_state(s1: dict[str, z3.ExprRef], s2: dict[str, z3.ExprRef]) -> z3.BoolRef:
    cs = []
    for k, v in s1.items():
        w = s2[k]
        cs.append(z3.Implies(v, w) if z3.is_bool(v) else subset(v, w))  # type: ignore
    return z3.And(*cs)


def check_dense(dt: DenseTransfers, which: str, node: int) -> tuple[bool, str]:
    a = run_symbolic(dt, which, node, "_a")
    b = run_symbolic(dt, which, node, "_b")
    goal = z3.Implies(_leq_state(a.state, b.state), z3.And(
        subset(a.out, b.out), *[z3.Implies(a.sets[v], b.sets[v]) for v in a.sets]))
    status, model = prove(goal)
    return status == "proved", f"{status} ({a.paths} paths)" + (
        f": {model}" if model is not None else "")


def check_sparse() -> tuple[bool, str]:
    """Forward and backward sparse transfers of every scalar op, from the graph."""
    n = 0
    for spec in scalar_specs():
        inst = instance(spec)
        k = len(inst.operand_types)
        s1, s2 = z3.Bools(" ".join(f"s{i}" for i in range(k + 1))), \
            z3.Bools(" ".join(f"t{i}" for i in range(k + 1)))
        if k == 0:
            continue

        edges = inst.edges

        def fwd(s: list[z3.BoolRef], edges: frozenset[int] = edges) -> z3.BoolRef:
            return z3.Or(*[s[i] for i in edges]) if edges else z3.BoolVal(False)

        def bwd(s: list[z3.BoolRef], i: int, edges: frozenset[int] = edges,
                k: int = k) -> z3.BoolRef:
            return z3.And(s[k], z3.BoolVal(i in edges))

        le = z3.And(*[z3.Implies(x, y) for x, y in zip(s1, s2, strict=True)])
        goal = z3.Implies(le, z3.And(z3.Implies(fwd(s1), fwd(s2)),
                                     *[z3.Implies(bwd(s1, i), bwd(s2, i)) for i in range(k)]))
        status, _ = prove(goal)
        if status != "proved":
            return False, f"{spec.name}: {status}"
        n += 1
    return True, f"{n} ops"


def check_solver_join() -> tuple[bool, str]:
    seed, m1, m2, a1, a2, b1, b2 = z3.BitVecs("seed m1 m2 a1 a2 b1 b2", WIDTH)
    f1 = seed | (a1 & m1) | (b1 & m2)
    f2 = seed | (a2 & m1) | (b2 & m2)
    status, _ = prove(z3.Implies(z3.And(subset(a1, a2), subset(b1, b2)), subset(f1, f2)))
    return status == "proved", status


def check_reach(classes: int = 3, tables: int = 300) -> tuple[bool, str]:
    """``reach`` is monotone in the start set (all pairs) and in the contents."""
    rng = random.Random(0)
    full = 1 << classes
    all_tables = list(itertools.product(range(full), repeat=classes))
    sample = all_tables if len(all_tables) <= tables else rng.sample(all_tables, tables)
    for content in sample:
        pt = PointsTo([], list(content), full - 1)
        for s, t in itertools.product(range(full), repeat=2):
            if s & ~t == 0 and pt.reach(s) & ~pt.reach(t) != 0:
                return False, f"reach not monotone in the set: content {content}, {s} <= {t}"
            if s & ~pt.reach(s):
                return False, "reach(s) does not contain s"
        bigger = [c | rng.randrange(full) for c in content]
        pt2 = PointsTo([], bigger, full - 1)
        for s in range(full):
            if pt.reach(s) & ~pt2.reach(s):
                return False, f"reach not monotone in contents: {content} <= {bigger}"
    return True, f"{len(sample)} content tables x all set pairs over {classes} classes"


def checks() -> list[Check]:
    out: list[Check] = []
    dt = capture_dense()
    for kind, node in list(dt.nodes.items()) + [("no effect", dt.plain)]:
        for which, label in (("vm", "varied memory"), ("um", "useful memory")):
            out.append(timed(GROUP, f"{label} transfer: {kind}", "M1",
                             lambda w=which, n=node: check_dense(dt, w, n)))
    try:
        cb = capture_dense(SUMMARY_PROGRAM, summary_externals())
        node = cb.nodes["CALLBACK"]
        for which, label in (("vm", "varied memory"), ("um", "useful memory")):
            out.append(timed(GROUP, f"{label} transfer: CALLBACK (summary at a call)", "M1",
                             lambda w=which, n=node, c=cb: check_dense(c, w, n)))
    except Exception as e:  # noqa: BLE001 - a probe that cannot be built fails
        out.append(Check(GROUP, "CALLBACK transfers", False, f"{type(e).__name__}: {e}"))
    out.append(timed(GROUP, "sparse value transfers (all scalar ops)", "M2", check_sparse))
    out.append(timed(GROUP, "dense solver join with edge masks", "M3", check_solver_join))
    out.append(timed(GROUP, "points-to reach", "M4", check_reach))
    return out
