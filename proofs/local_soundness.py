"""Lemma S (local soundness): each transfer function over-approximates the derivative
flow of its op.

**Scalar ops** (every float, select, cast, integer, comparison and constant entry of the
table; the transfer is read off the program graph, see :mod:`proofs.snippets`):

* S1 (table and graph agree): every operand the table's tangent rule reads
  (``spec.diff``) has a value-flow edge into the result.
* S2 (forward, Z3, backend-generic ops): for every abstract state ``sigma`` (which
  operands are varied) whose transfer says "result not varied", for all inputs ``x`` in
  the op's domain and all tangents ``t`` with ``t_i = 0`` wherever ``sigma_i`` is false,
  both the true directional derivative of ``sem`` (dual numbers, *all* float operands
  perturbed, also those outside ``diff``) and the table's tangent rule are 0.
* S3 (backward, Z3, backend-generic ops): for every operand ``i`` and every abstract
  usefulness of the result, if the transfer does not make operand ``i`` useful, its
  adjoint ``(d sem / d x_i) * y_bar`` -- by the true derivative and by the table's rule
  -- is 0 for all ``x`` in the domain and all ``y_bar`` allowed (``y_bar = 0`` when the
  result is not useful).
* S4 (ops whose semantics needs the op, e.g. ``fptosi``, ``cmpf``, ``truncf``): float
  operands without an edge are piecewise constant -- central differences through the
  op's own semantics are 0 at random points off the discontinuities; integer, pointer
  and aggregate operands carry no derivative by the tangent semantics' convention.

**Memory ops** (S5): the dense transfers the analysis builds (captured closures,
executed symbolically over 32-class bitsets, :mod:`proofs.symbolic`) are sound for a
concrete store of tangents (forward) and adjoints (backward): for every abstract state,
every concrete pointer target in the points-to set and every concrete set of classes
holding nonzero tangents (adjoints) allowed by the abstract state, the classes holding
nonzero tangents after the op are in the transfer's output, and a load (store) that can
produce a nonzero tangent (adjoint) marks its result (stored value) varied (useful).
A store's kill mask (a strong update) is a symbolic parameter: the lemma holds whenever
the kill is justified -- empty, or the pointer's whole points-to set, one class whose one
live cell the store overwrites (the **kill lemma**: afterwards the class holds the
stored value's tangent only; the old contents' adjoint is zero).  S6 checks the kill is
real: the probe's one-element slot is strongly updated and the transfers drop it.
"""

from __future__ import annotations

import random
from typing import Any

import z3

from activity.engine.graph import Effect
from activity.ops import OpSpec
from activity.ops.num import FLOAT
from proofs.derivative_rules import (
    directional,
    domain,
    float_operands,
    symbolic,
    tangent_rule,
)
from proofs.snippets import (
    STRONG,
    DenseTransfers,
    Instance,
    capture_dense,
    generic,
    instance,
    scalar_specs,
)
from proofs.symbolic import WIDTH, SymTransfer, run_symbolic, singleton, subset
from proofs.z3num import Check, prove, real, timed

GROUP = "local soundness"
FLOATS = ("f16", "f32", "f64")


def check_table_graph(inst: Instance) -> tuple[bool, str]:
    diff = set(inst.spec.diff_operands(inst.op))
    if not diff <= inst.edges:
        return False, (f"the tangent rule reads operands {sorted(diff)} but the graph has "
                       f"edges only from {sorted(inst.edges)}")
    return True, f"diff {sorted(diff)} within edges {sorted(inst.edges)}"


def check_forward(spec: OpSpec, edges: frozenset[int]) -> tuple[bool, str]:
    N, xs, ts = symbolic(spec, "fw_")
    fl = float_operands(spec)
    sig = [z3.Bool(f"sigma{i}") for i in range(len(xs))]
    not_varied = z3.Not(z3.Or(*[sig[i] for i in edges])) if edges else z3.BoolVal(True)
    consistent = z3.And(*[z3.Implies(z3.Not(sig[i]), ts[i] == 0) for i in fl])
    true_d = directional(spec, N, xs, ts, fl)
    rule = tangent_rule(spec, N, xs, ts, fl)
    zdom, _, _ = domain(spec)
    dom = zdom(N, *xs)
    goal = z3.Implies(z3.And(not_varied, consistent, dom, *N.facts()),
                      z3.And(true_d == 0, rule == 0))
    status, model = prove(goal)
    return status == "proved", status + (f": {model}" if model is not None else "")


def check_backward(spec: OpSpec, edges: frozenset[int]) -> tuple[bool, str]:
    N, xs, _ = symbolic(spec, "bw_")
    fl = float_operands(spec)
    zdom, _, _ = domain(spec)
    useful_out = z3.Bool("useful_out")
    ybar = z3.Real("ybar")
    ps: dict[int, Any] = {}
    if spec.partials is not None and spec.diff:
        ps = dict(zip(spec.diff, spec.partials(N, *xs), strict=True))
    goals = []
    for i in fl:
        unit = [real(1) if j == i else real(0) for j in range(len(xs))]
        d_i = directional(spec, N, xs, unit, [i])
        marks_useful = z3.And(useful_out, z3.BoolVal(i in edges))
        adj_true = d_i * ybar
        adj_rule = real(ps.get(i, 0)) * ybar
        goals.append(z3.Implies(z3.Not(marks_useful), z3.And(adj_true == 0, adj_rule == 0)))
    goal = z3.Implies(z3.And(z3.Implies(z3.Not(useful_out), ybar == 0), zdom(N, *xs),
                             *N.facts()), z3.And(*goals))
    status, model = prove(goal)
    return status == "proved", status + (f": {model}" if model is not None else "")


def check_piecewise(inst: Instance) -> tuple[bool, str]:
    """Float operands without an edge: central differences through the op's own
    semantics (it needs the op) are zero off the discontinuities."""
    spec = inst.spec
    idx = [i for i, t in enumerate(inst.operand_types) if t in FLOATS and i not in inst.edges]
    others = [t for i, t in enumerate(inst.operand_types)
              if i not in inst.edges and t not in FLOATS]
    note = f"; {len(others)} non-float operand(s) carry no derivative" if others else ""
    if not idx:
        return True, "no float operand without an edge" + note
    rng = random.Random(5)
    n = 0
    while n < 8:
        xs = [rng.uniform(-50, 50) for _ in inst.operand_types]
        if any(abs(x - round(x)) < 0.01 for x in xs) or (len(xs) == 2 and abs(xs[0] - xs[1])
                                                           < 0.5):
            continue
        n += 1
        for i in idx:
            h = 1e-6 * max(1.0, abs(xs[i]))
            hi, lo = list(xs), list(xs)
            hi[i] += h
            lo[i] -= h
            try:
                fd = (float(spec.sem(FLOAT, inst.op, *hi)[0])  # type: ignore[misc]
                      - float(spec.sem(FLOAT, inst.op, *lo)[0])) / (2 * h)  # type: ignore
            except (TypeError, ValueError) as e:
                return False, f"cannot evaluate: {e}"
            if fd != 0.0:
                return False, f"d/dx{i} = {fd} at {xs} but operand {i} has no edge"
    return True, "piecewise constant in operands " + str(idx) + note


# ---------------------------------------------------------------------------
# Memory transfers against concrete tangent / adjoint stores.


def _bv(name: str) -> z3.BitVecRef:
    return z3.BitVec(name, WIDTH)


def check_dense_forward(dt: DenseTransfers, node: int) -> tuple[bool, str]:
    st = run_symbolic(dt, "vm", node, "_f")
    inp, out = st.state["in"], st.out
    T = _bv("T")  # classes holding a nonzero tangent before the op (concrete)
    pre = [subset(T, inp)]
    eff = dt.graph.effects.get(node)  # type: ignore[attr-defined]
    goals: list[z3.BoolRef] = []
    if eff is None:
        goals.append(subset(T, out))
    else:
        kind, a, b = eff
        if kind == Effect.LOAD:
            c = _bv("c")
            pre += [singleton(c), subset(c, st.state[f"pts{a}"])]
            goals += [z3.Implies(T & c != 0, st.sets[b]), subset(T, out)]
        elif kind == Effect.STORE:
            c = _bv("c")
            tv = z3.Bool("tv_nonzero")
            one = z3.Bool("only_cell")  # the written cell is the only live cell of c
            pre += [singleton(c), subset(c, st.state[f"pts{b}"]),
                    z3.Implies(tv, st.state[f"flag{a}"]), _kill_justified(st, b, c, one)]
            # the cell now holds v's tangent; the class keeps nonzero tangents only in
            # other cells, of which there are none when it is the only one
            kept = T & ~z3.If(one, c, z3.BitVecVal(0, WIDTH))
            after = kept | z3.If(tv, c, z3.BitVecVal(0, WIDTH))
            goals.append(subset(after, out))
        elif kind == Effect.COPY:
            s, d = _bv("s"), _bv("d")
            pre += [singleton(s), singleton(d), subset(s, st.state[f"pts{a}"]),
                    subset(d, st.state[f"pts{b}"])]
            after = T | z3.If(T & s != 0, d, z3.BitVecVal(0, WIDTH))
            goals.append(subset(after, out))
        elif kind.name == "RMW":  # old := m[c]; m[c] := combine(old, v); result old
            ptr, res = b
            c = _bv("c")
            tv = z3.Bool("tv_nonzero")
            pre += [singleton(c), subset(c, st.state[f"pts{ptr}"]),
                    z3.Implies(tv, st.state[f"flag{a}"])]
            after = T | z3.If(tv, c, z3.BitVecVal(0, WIDTH))
            goals += [z3.Implies(T & c != 0, st.sets[res]), subset(after, out)]
        else:
            R = st.state["reach"]
            anyv = z3.Or(T & R != 0, *[st.state[f"flag{o}"] for o in a])
            after = T | z3.If(anyv, R, z3.BitVecVal(0, WIDTH))
            goals += [subset(after, out)] + [z3.Implies(anyv, st.sets[r]) for r in b]
    status, model = prove(z3.Implies(z3.And(*pre), z3.And(*goals)))
    return status == "proved", status + (f": {model}" if model is not None else "")


def check_dense_backward(dt: DenseTransfers, node: int) -> tuple[bool, str]:
    st = run_symbolic(dt, "um", node, "_b")
    after_abs, out = st.state["in"], st.out
    A = _bv("A")  # classes holding a nonzero adjoint after the op (concrete)
    pre = [subset(A, after_abs)]
    eff = dt.graph.effects.get(node)  # type: ignore[attr-defined]
    goals: list[z3.BoolRef] = []
    if eff is None:
        goals.append(subset(A, out))
    else:
        kind, a, b = eff
        if kind == Effect.LOAD:
            c = _bv("c")
            yb = z3.Bool("ybar_nonzero")
            pre += [singleton(c), subset(c, st.state[f"pts{a}"]),
                    z3.Implies(yb, st.state[f"flag{b}"])]
            before = A | z3.If(yb, c, z3.BitVecVal(0, WIDTH))
            goals.append(subset(before, out))
        elif kind == Effect.STORE:
            c = _bv("c")
            one = z3.Bool("only_cell")
            pre += [singleton(c), subset(c, st.state[f"pts{b}"]),
                    _kill_justified(st, b, c, one)]
            # the reverse of the store moves the cell's adjoint into v and zeroes it: the
            # old contents' adjoint is 0 when the cell is the only one of its class
            before = A & ~z3.If(one, c, z3.BitVecVal(0, WIDTH))
            goals += [z3.Implies(A & c != 0, st.sets[a]), subset(before, out)]
        elif kind == Effect.COPY:
            s, d = _bv("s"), _bv("d")
            pre += [singleton(s), singleton(d), subset(s, st.state[f"pts{a}"]),
                    subset(d, st.state[f"pts{b}"])]
            before = A | z3.If(A & d != 0, s, z3.BitVecVal(0, WIDTH))
            goals.append(subset(before, out))
        elif kind.name == "RMW":  # adjoint of the new cell reaches v and the old cell;
            ptr, res = b  # the result's adjoint reaches the old cell
            c = _bv("c")
            yb = z3.Bool("ybar_nonzero")
            pre += [singleton(c), subset(c, st.state[f"pts{ptr}"]),
                    z3.Implies(yb, st.state[f"flag{res}"])]
            before = A | z3.If(yb, c, z3.BitVecVal(0, WIDTH))
            goals += [z3.Implies(A & c != 0, st.sets[a]), subset(before, out)]
        else:
            R = st.state["reach"]
            anyu = z3.Or(A & R != 0, *[st.state[f"flag{r}"] for r in b])
            before = A | z3.If(anyu, R, z3.BitVecVal(0, WIDTH))
            goals += [subset(before, out)] + [z3.Implies(anyu, st.sets[o]) for o in a]
    status, model = prove(z3.Implies(z3.And(*pre), z3.And(*goals)))
    return status == "proved", status + (f": {model}" if model is not None else "")


def _kill_justified(st: SymTransfer, ptr: int, c: z3.BitVecRef,
                    one: z3.BoolRef) -> z3.BoolRef:
    """When a store may kill: its kill mask is empty, or it is the pointer's whole
    points-to set, a single class whose one live cell the store writes (what
    ``strong_updates`` establishes from the program: a one-element stack slot of a
    non-recursive function, a value of the cell's type; docs/formal.md 6.3)."""
    k = st.state["kill"]
    return z3.Or(k == 0, z3.And(k == st.state[f"pts{ptr}"], k == c, one))


def check_strong_update_kills(dt: DenseTransfers) -> tuple[bool, str]:
    """The kill lemma is not vacuous: the probe's one-element ``memref.alloca`` slot gets
    a strong update (its kill mask is its points-to set), and the transfers as
    implemented drop that class -- from the varied memory after the store when the
    stored value is not varied, from the useful memory before it always."""
    n = dt.nodes.get(STRONG)
    if n is None:
        return False, "no store of the probe program is a strong update"
    _kind, a, b = dt.graph.effects[n]  # type: ignore[attr-defined]
    kill = dt.solution.kills.get(n, 0)  # type: ignore[attr-defined]
    pts = dt.solution.pt.pts[b]  # type: ignore[attr-defined]
    if kill == 0 or kill != pts:
        return False, f"kill mask {kill:#x} is not the slot's points-to set {pts:#x}"
    fw, bw = run_symbolic(dt, "vm", n, "_kf"), run_symbolic(dt, "um", n, "_kb")
    k = fw.state["kill"]
    goal = z3.Implies(z3.And(k == fw.state[f"pts{b}"], singleton(k)), z3.And(
        z3.Implies(z3.Not(fw.state[f"flag{a}"]), fw.out & k == 0),
        bw.out & k == 0, bw.state["kill"] == k))
    status, model = prove(goal)
    return status == "proved", status + (f": {model}" if model is not None else "")


def check_effect_coverage(dt: DenseTransfers) -> tuple[bool, str]:
    """The probe program's load, store, copy and unknown op each got their memory effect
    (an op that silently lost its effect would escape the checks above)."""
    known = {"LOAD", "STORE", "COPY", "UNKNOWN", "RMW"} & {e.name for e in Effect}
    # summary applications are checked for monotonicity only (their local soundness is
    # the summary's correctness, see docs/formal.md)
    elsewhere = {"CALLBACK"}
    new = sorted({e.name for e in Effect} - known - elsewhere - {"NONE"})
    if new:
        return False, f"effect kind(s) {new} have no local-soundness check"
    missing = sorted(known - set(dt.nodes))
    if missing:
        return False, f"no node with effect {missing} in the probe program's graph"
    return True, ", ".join(sorted(dt.nodes))


# ---------------------------------------------------------------------------


def scalar_checks(spec: OpSpec) -> list[Check]:
    try:
        inst = instance(spec)
    except Exception as e:  # noqa: BLE001 - an op we cannot instantiate fails its check
        return [Check(GROUP, spec.name, False, f"cannot build an instance: {e}")]
    out = [timed(GROUP, f"{spec.name}: table/graph agree", "S1",
                 lambda: check_table_graph(inst))]
    if generic(spec):
        out.append(timed(GROUP, f"{spec.name}: forward (Z3)", "S2",
                         lambda: check_forward(spec, inst.edges)))
        out.append(timed(GROUP, f"{spec.name}: backward (Z3)", "S3",
                         lambda: check_backward(spec, inst.edges)))
    else:
        out.append(timed(GROUP, f"{spec.name}: no flow from operands without edges", "S4",
                         lambda: check_piecewise(inst)))
    return out


def checks() -> list[Check]:
    out: list[Check] = []
    for spec in scalar_specs():
        out.extend(scalar_checks(spec))
    dt = capture_dense()
    out.append(timed(GROUP, "memory: every effect kind is exercised", "S5",
                     lambda: check_effect_coverage(dt)))
    out.append(timed(GROUP, "memory: a one-element slot gets a strong update that kills",
                     "S6", lambda: check_strong_update_kills(dt)))
    for kind, node in list(dt.nodes.items()) + [("no effect", dt.plain)]:
        out.append(timed(GROUP, f"memory {kind}: tangents (forward)", "S5",
                         lambda n=node: check_dense_forward(dt, n)))
        out.append(timed(GROUP, f"memory {kind}: adjoints (backward)", "S5",
                         lambda n=node: check_dense_backward(dt, n)))
    return out
