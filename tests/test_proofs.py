"""The machine checks of ``proofs/``: all pass, every op of the table is covered, and
each kind of check fails when the thing it checks is broken."""

from __future__ import annotations

import dataclasses

import pytest

from activity.lattice import core
from activity.ops import TABLE, OpKind
from proofs import derivative_rules, lattice_laws, local_soundness, monotonicity, run
from proofs.snippets import STRONG, capture_dense, generic, scalar_specs
from proofs.z3num import Check


@pytest.fixture(scope="module")
def all_checks() -> list[Check]:
    return run.all_checks()


def _failures(checks: list[Check]) -> list[str]:
    return [f"{c.group}: {c.name}: {c.detail}" for c in checks if not c.ok]


@pytest.mark.parametrize("group", list(run.GROUPS))
def test_group_passes(all_checks: list[Check], group: str) -> None:
    checks = [c for c in all_checks if c.group == group]
    assert checks, f"no checks in group {group}"
    assert _failures(checks) == []


def test_every_op_has_its_lemmas(all_checks: list[Check]) -> None:
    names = {c.name for c in all_checks}
    for spec in TABLE.values():
        if spec.kind in (OpKind.FLOAT, OpKind.SELECT, OpKind.CAST, OpKind.INT,
                         OpKind.COMPARE, OpKind.CONSTANT):
            assert f"{spec.name}: table/graph agree" in names, spec.name
            if generic(spec):
                assert f"{spec.name}: forward (Z3)" in names
                assert f"{spec.name}: backward (Z3)" in names
                assert f"{spec.name} (finite differences)" in names
                if spec.partials is not None and spec.diff:
                    assert f"{spec.name} (Z3)" in names
            else:
                assert f"{spec.name}: no flow from operands without edges" in names
    # memory ops are covered through the effect kinds of the dense transfers
    for kind in ("LOAD", "STORE", "COPY", "UNKNOWN", "STORE (strong update)"):
        assert f"memory {kind}: tangents (forward)" in names
        assert f"memory {kind}: adjoints (backward)" in names
        assert f"varied memory transfer: {kind}" in names
        assert f"useful memory transfer: {kind}" in names


def test_runner_table_and_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    assert run.main(["--group", "lattice laws"]) == 0
    out = capsys.readouterr().out
    assert "ClassSet: join is the least upper bound" in out and "checks passed" in out


# ---------------------------------------------------------------------------
# Each kind of check can fail.


def test_lattice_law_fails_for_a_wrong_join(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(core, "checked_join", lambda a, b: a & b)
    ok, detail = lattice_laws.check_law("join is an upper bound")
    assert not ok and "refuted" in detail


def test_monotonicity_fails_for_a_non_monotone_transfer() -> None:
    dt = capture_dense()
    bad = dataclasses.replace(dt, vm_transfer=lambda n, inp: ~inp)
    ok, _ = monotonicity.check_dense(bad, "vm", dt.nodes["LOAD"])
    assert not ok


def test_dense_soundness_fails_for_a_transfer_that_drops_stores() -> None:
    dt = capture_dense()
    bad = dataclasses.replace(dt, vm_transfer=lambda n, inp: inp)  # monotone, unsound
    assert monotonicity.check_dense(bad, "vm", dt.nodes["STORE"])[0]
    assert not local_soundness.check_dense_forward(bad, dt.nodes["STORE"])[0]


def test_kill_lemma_fails_for_an_unjustified_kill() -> None:
    """A store that kills its whole points-to set whether or not the class is one cell
    (a may-alias store, or a slot in a loop) is refuted in both directions; the real
    transfers pass on the weak and the strong store alike."""
    dt = capture_dense()
    pts = dt.solution.pt.pts  # type: ignore[attr-defined]
    effects = dt.graph.effects  # type: ignore[attr-defined]

    def ptr(n: int) -> object:
        return pts[effects[n][2]]

    bad = dataclasses.replace(
        dt, vm_transfer=lambda n, inp: dt.vm_transfer(n, inp & ~ptr(n))  # type: ignore
        if n in (dt.nodes["STORE"], dt.nodes[STRONG]) else dt.vm_transfer(n, inp),  # type: ignore
        um_transfer=lambda n, inp: dt.um_transfer(n, inp) & ~ptr(n))  # type: ignore
    for node in (dt.nodes["STORE"], dt.nodes[STRONG]):
        assert local_soundness.check_dense_forward(dt, node)[0]
        assert local_soundness.check_dense_backward(dt, node)[0]
        assert not local_soundness.check_dense_forward(bad, node)[0]
        assert not local_soundness.check_dense_backward(bad, node)[0]


def test_kill_check_fails_when_the_slot_is_not_killed() -> None:
    """The strong-update check fails for an analysis that keeps the slot (weak updates
    only), in either direction."""
    dt = capture_dense()
    node = dt.nodes[STRONG]
    assert local_soundness.check_strong_update_kills(dt)[0]
    pts = dt.solution.pt.pts  # type: ignore[attr-defined]
    slot = dt.graph.effects[node][2]  # type: ignore[attr-defined]
    weak_vm = dataclasses.replace(dt, vm_transfer=lambda n, inp: dt.vm_transfer(  # type: ignore
        n, inp) | (pts[slot] & inp if n == node else 0))
    weak_um = dataclasses.replace(dt, um_transfer=lambda n, inp: dt.um_transfer(  # type: ignore
        n, inp) | (pts[slot] & inp if n == node else 0))
    assert not local_soundness.check_strong_update_kills(weak_vm)[0]
    assert not local_soundness.check_strong_update_kills(weak_um)[0]
    no_kill = dataclasses.replace(dt, nodes={k: v for k, v in dt.nodes.items() if k != STRONG})
    assert not local_soundness.check_strong_update_kills(no_kill)[0]


def test_local_soundness_fails_when_a_float_operand_is_dropped(
        monkeypatch: pytest.MonkeyPatch) -> None:
    spec = dataclasses.replace(TABLE["arith.mulf"], diff=(0,),
                               partials=lambda N, a, b: (b,))
    monkeypatch.setitem(TABLE, "arith.mulf", spec)
    checks = local_soundness.scalar_checks(spec)
    failed = {c.name for c in checks if not c.ok}
    assert "arith.mulf: forward (Z3)" in failed
    assert "arith.mulf: backward (Z3)" in failed


def test_local_soundness_fails_when_graph_and_table_disagree(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from activity.engine import graph

    orig = graph.GraphBuilder._flow

    def flow(self, u, v):  # type: ignore[no-untyped-def]
        if getattr(v, "op", None) is not None and v.op.name == "math.sin":
            return None
        return orig(self, u, v)

    monkeypatch.setattr(graph.GraphBuilder, "_flow", flow)
    checks = local_soundness.scalar_checks(TABLE["math.sin"])
    assert not checks[0].ok and "edges only from []" in checks[0].detail


def test_derivative_rule_fails_for_a_wrong_partial(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = dataclasses.replace(TABLE["math.tan"],
                               partials=lambda N, a: (1 - N.tan(a) * N.tan(a),))
    assert not derivative_rules.check_rule(spec)[0]
    assert not derivative_rules.check_numeric(spec)[0]
    spec = dataclasses.replace(TABLE["arith.divf"],
                               partials=lambda N, a, b: (N.div(1, b), N.div(a, b * b)))
    ok, detail = derivative_rules.check_rule(spec)
    assert not ok and "counterexample" in detail


def test_a_crashing_check_is_a_failing_check() -> None:
    from proofs.z3num import timed

    def boom() -> tuple[bool, str]:
        raise RuntimeError("broken")

    c = timed("g", "n", "L0", boom)
    assert not c.ok and "broken" in c.detail


def test_new_effect_kinds_need_a_check(monkeypatch: pytest.MonkeyPatch) -> None:
    dt = capture_dense()
    nodes = dict(dt.nodes)
    del nodes["COPY"]
    ok, detail = local_soundness.check_effect_coverage(dataclasses.replace(dt, nodes=nodes))
    assert not ok and "COPY" in detail


def test_every_scalar_spec_is_instantiable() -> None:
    assert len(scalar_specs()) > 100


def test_law_names_match_the_formulas() -> None:
    was = core.join_checks_enabled()
    core.set_join_checks(False)
    try:
        assert set(lattice_laws.LAWS) == set(lattice_laws._laws(8))
    finally:
        core.set_join_checks(was)


# ---------------------------------------------------------------------------
# The tensor level (proofs/tensor_soundness.py).


def test_every_tensor_op_has_its_lemma(all_checks: list[Check]) -> None:
    from proofs import tensor_soundness

    assert tensor_soundness.uncovered_ops() == []
    names = {c.name for c in all_checks}
    for model in tensor_soundness.TENSOR_MODELS:
        assert f"{model.name}: forward (Z3)" in names
        assert f"{model.name}: backward (Z3)" in names


def test_tensor_lemma_fails_for_a_missing_edge() -> None:
    from proofs import tensor_soundness as ts

    insert = next(m for m in ts.TENSOR_MODELS if m.name == "tensor.insert")
    edges = ts.tensor_edges(insert)
    assert edges == {0, 1}
    assert ts.check_tensor_forward(insert, edges)[0]
    assert not ts.check_tensor_forward(insert, edges - {1})[0]
    assert not ts.check_tensor_backward(insert, edges - {0})[0]


@pytest.mark.parametrize("instance, dropped", [
    ("reduction of 3", ("y", "o")),     # the loop-carried output element
    ("reduction, dynamic", ("O", "R")),  # the init, when the reduction may not run
    ("reduction of 0", ("O", "R")),
    ("parallel, static", ("X", "x")),
])
def test_structured_lemma_fails_without_an_edge(instance: str, dropped: tuple[str, str]
                                                ) -> None:
    from proofs import tensor_soundness as ts

    inst = next(i for i in ts.STRUCTURED_INSTANCES if i.name == instance)
    edges = ts.structured_edges(inst)
    assert dropped in edges
    assert ts.check_structured(inst, edges)[0]
    assert not ts.check_structured(inst, edges - {dropped})[0]


def test_structured_edges_are_precise() -> None:
    """No init -> result edge where every output element is written (the lemma holds
    without it, and the analysis is precise there)."""
    from proofs import tensor_soundness as ts

    for inst in ts.STRUCTURED_INSTANCES:
        edges = ts.structured_edges(inst)
        assert (("O", "R") in edges) == (inst.trips is not None and 0 in inst.trips)
        assert (("y", "o") in edges) == (inst.trips is not None)
