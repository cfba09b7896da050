"""The ordered dense solver (reverse post-order priority, delta propagation) reaches
the same fixpoint as the former FIFO solver, and does so in linear work on deep call
chains (issue #34)."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import pytest

from activity.analysis.activity import ActivityProblem, Solution
from activity.analysis.args import resolve_args
from activity.engine.graph import GraphBuilder
from activity.engine.program import Program
from activity.engine.solver import DenseSolver, rpo_ranks
from activity.lattice import set_join_checks
from activity.testing.progen import GenConfig, generate

CONFIGS = {
    "default": GenConfig(),
    "calls": GenConfig(max_helpers=4, max_depth=3, p_recursion=0.7, p_mutual=0.7,
                       main_stmts=(6, 16), helper_stmts=(3, 8)),
    "slots": GenConfig(slot_weight=6, max_helpers=3, p_recursion=0.5, p_mutual=0.5),
    "opaque": GenConfig(opaque=15, max_helpers=3, p_recursion=0.5),
}


def _problem(text: str, roots: list[str], specs: dict[str, list[str] | None],
             alias_args: str = "distinct") -> tuple[ActivityProblem, dict]:
    from activity.testing.progen import parse_module

    m = parse_module(text)
    program = Program.of(m)
    kinds = {program.functions[r]: resolve_args(program.functions[r], specs.get(r))
             for r in roots}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        g = GraphBuilder(m, roots, program=program).build()
    return ActivityProblem(g, alias_args), kinds


def _same(a: Solution, b: Solution) -> None:
    assert a.varied == b.varied
    assert a.useful == b.useful
    assert a.vm_in == b.vm_in
    assert a.vm_out == b.vm_out
    assert a.um_in == b.um_in
    assert a.um_out == b.um_out


@pytest.mark.parametrize("config", sorted(CONFIGS))
def test_ordered_solver_matches_fifo_solver_on_random_programs(config: str) -> None:
    cfg = CONFIGS[config]
    set_join_checks(True)
    try:
        for seed in range(40):
            prog = generate(seed, cfg)
            # the main function with its argument activities, and every public
            # function with default activities (several roots, shared callees)
            m = Program.of(prog.parse())
            public = m.public_functions()
            for roots, specs in (([prog.func], {prog.func: list(prog.args)}),
                                 (public, {})):
                prob, kinds = _problem(prog.text, roots, specs, prog.alias_args)
                seeds = prob.default_seeds(kinds)
                new = prob.solve(seeds, arg_kinds=kinds)
                old = prob.solve(seeds, arg_kinds=kinds, legacy=True)
                _same(new, old)
                fwd = prob.solve(seeds, backward=False)
                assert fwd.varied == old.varied and fwd.vm_out == old.vm_out
    finally:
        set_join_checks(False)


def test_rpo_ranks_order_non_back_edges() -> None:
    # 0 -> 1 -> 2 -> 1 (loop), 2 -> 3, 4 unreachable -> 3
    succ = [[[1]], [[2]], [[1], [3]], [], [[3]]]
    r = rpo_ranks(5, succ, [0])
    assert sorted(r) == list(range(5))
    assert r[0] < r[1] < r[2] < r[3]
    assert r[4] < r[3]  # reached later, still before its successor


def _bench() -> object:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    import analysis_speed

    return analysis_speed


@pytest.mark.parametrize("shape", ["chain", "wide", "scc"])
def test_visits_grow_linearly_on_call_graphs(shape: str) -> None:
    """Dense transfers run per node a bounded number of times, independent of the
    depth of the call graph (the FIFO solver re-walked callers on every change of a
    callee's state: quadratic in the chain's length)."""
    bench = _bench()
    per_node = []
    for n_ops in (2000, 8000):
        text = bench.make_module_text(n_ops, shape)  # type: ignore[attr-defined]
        root = bench.first_public(text)  # type: ignore[attr-defined]
        prob, kinds = _problem(text, [root], {})
        counts = []
        orig = DenseSolver.drain

        def drain(self: DenseSolver) -> bool:
            did = orig(self)
            counts.append(self)
            return did

        DenseSolver.drain = drain  # type: ignore[method-assign]
        try:
            prob.solve(prob.default_seeds(kinds))
        finally:
            DenseSolver.drain = orig  # type: ignore[method-assign]
        visits = sum({id(s): s.visits for s in counts}.values())
        per_node.append(visits / len(prob.g.node_op))
    assert per_node[1] < per_node[0] * 1.2, per_node
