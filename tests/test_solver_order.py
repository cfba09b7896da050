"""The ordered dense solver (two phases, reverse post-order priority inside functions,
delta propagation) reaches the same fixpoint as the former FIFO solver, and does so in
linear work on deep call chains, wide call graphs and recursive groups (issue #34)."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import pytest

from activity.analysis.activity import ActivityProblem, Solution
from activity.analysis.args import resolve_args
from activity.engine.graph import GraphBuilder
from activity.engine.program import Program
from activity.engine.solver import rpo_ranks
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


# (the default configuration by default; the others -m slow)
@pytest.mark.parametrize("config", [c if c == "default" else pytest.param(c, marks=pytest.mark.slow)
                                    for c in sorted(CONFIGS)])
def test_ordered_solver_matches_fifo_solver_on_random_programs(config: str) -> None:
    cfg = CONFIGS[config]
    set_join_checks(True)
    try:
        for seed in range(30):
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


def _transfers_per_node(text: str, legacy: bool) -> float:
    """Dense transfer calls per CFG node of one whole-program solve."""
    bench = _bench()
    root = bench.first_public(text)  # type: ignore[attr-defined]
    prob, kinds = _problem(text, [root], {})
    calls = [0]
    orig = prob.transfers

    def counted(varied: object, useful: object) -> tuple:
        f, b = orig(varied, useful)  # type: ignore[arg-type]

        def cf(n: int, s: int) -> int:
            calls[0] += 1
            return f(n, s)

        def cb(n: int, s: int) -> int:
            calls[0] += 1
            return b(n, s)

        return cf, cb

    prob.transfers = counted  # type: ignore[method-assign]
    prob.solve(prob.default_seeds(kinds), legacy=legacy)
    return calls[0] / len(prob.g.node_op)


_FIFO = pytest.mark.xfail(strict=True, reason="the FIFO solver re-walks callers: quadratic")


@pytest.mark.parametrize(("shape", "legacy"), [
    ("chain", False), ("wide", False), ("scc", False),
    # (the FIFO solver's quadratic growth, kept as a strict xfail: -m slow)
    pytest.param("chain", True, marks=[_FIFO, pytest.mark.slow]),
    pytest.param("wide", True, marks=[_FIFO, pytest.mark.slow])])
def test_dense_work_is_linear_on_call_graphs(shape: str, legacy: bool) -> None:
    """On the issue #34 shapes (a call chain passing a buffer down, a wide call DAG,
    groups of mutually recursive functions), each node's transfer runs a bounded number
    of times however many functions there are (the FIFO solver: a number growing with
    the depth of the call graph)."""
    bench = _bench()
    small, big = (_transfers_per_node(bench.make_module_text(n, shape), legacy)  # type: ignore[attr-defined]
                  for n in (1500, 6000))
    assert big < small * 1.2 and big < 8, (small, big)
