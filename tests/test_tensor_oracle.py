"""The soundness oracle on random tensor programs (:mod:`activity.testing.tensorgen`):
the analysis never calls a value inactive that the interpreter's tangents show is not;
and the oracle has teeth there (an analysis that lies about tensor values is caught)."""

from __future__ import annotations

import random
import re
import time
import warnings
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from xdsl.ir import OpResult, SSAValue

import activity
from activity.testing.oracle import OracleStats, check_program, check_soundness
from activity.testing.tensorgen import TensorGenConfig, generate, programs

CI_PROGRAMS = 150
SMALL = TensorGenConfig(stmts=(2, 6))


def _campaign(seeds: range, cfg: TensorGenConfig | None, trials: int) -> tuple[
        OracleStats, list[Any]]:
    stats = OracleStats()
    bad = []
    for seed in seeds:
        prog = generate(seed, cfg)
        vs = check_program(prog, trials=trials, rng=random.Random(seed), stats=stats)
        if vs:
            bad.append((seed, vs[0]))
    return stats, bad


def test_oracle_on_seeded_tensor_programs() -> None:
    t0 = time.perf_counter()
    stats, bad = _campaign(range(CI_PROGRAMS), SMALL, trials=1)
    elapsed = time.perf_counter() - t0
    assert not bad, f"seed {bad[0][0]}: {bad[0][1]}"
    assert stats.programs == CI_PROGRAMS
    assert stats.skip_share < 0.02, stats
    assert stats.checked_varied > 5 * CI_PROGRAMS and stats.checked_useful > 5 * CI_PROGRAMS
    print(f"\n{CI_PROGRAMS} tensor programs in {elapsed:.1f} s: {stats}")


def test_generator_covers_the_tensor_subset() -> None:
    """Over 150 seeds, every op the generator is meant to draw occurs (the seeded-program
    test parses, verifies and runs them)."""
    seen: Counter[str] = Counter()
    for seed in range(150):
        seen.update(re.findall(r"\b(?:linalg|tensor|scf|arith|math)\.[a-z_]+",
                               generate(seed, SMALL).text))
    want = {"linalg.generic", "linalg.index", "linalg.matmul", "linalg.fill",
            "linalg.transpose", "linalg.broadcast", "linalg.reduce", "linalg.copy",
            "linalg.add", "linalg.div", "linalg.exp", "linalg.rsqrt", "linalg.matvec",
            "linalg.vecmat", "linalg.dot", "linalg.batch_matmul", "linalg.map",
            "tensor.empty", "tensor.extract", "tensor.insert",
            "tensor.extract_slice", "tensor.insert_slice", "tensor.from_elements",
            "tensor.splat", "tensor.collapse_shape", "tensor.expand_shape", "tensor.cast",
            "tensor.dim", "scf.for", "scf.if", "arith.remui", "math.exp"}
    assert not want - set(seen), sorted(want - set(seen))


class _Lying:
    """An analysis result that calls the values ``lie`` picks neither varied nor
    useful (an unsound analysis of one kind of tensor value)."""

    def __init__(self, result: Any, lie: Any) -> None:
        self.result = result
        self.lie = lie

    def value(self, v: SSAValue) -> Any:
        facts = self.result.value(v)
        if self.lie(v):
            return type("F", (), {"varied": False, "useful": False})()
        return facts


def _result_of(*names: str) -> Any:
    return lambda v: isinstance(v, OpResult) and v.op.name in names


def _in_linalg_body(v: SSAValue) -> bool:
    op = v.op if isinstance(v, OpResult) else v.block.parent_op()  # type: ignore[attr-defined]
    return op is not None and op.parent_op() is not None and \
        op.parent_op().name.startswith("linalg.") and op.name.startswith("arith.")


@pytest.fixture(scope="module")
def analysed() -> list[tuple[Any, Any, Any]]:
    """40 programs, parsed and analysed once for the lying analyses below."""
    out = []
    for seed in range(40):
        prog = generate(seed, SMALL)
        module = prog.parse()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", activity.ActivityWarning)
            out.append((prog, module, activity.analyze(module, func=prog.func,
                                                        args=list(prog.args))))
    return out


@pytest.mark.parametrize("lie", [
    _result_of("linalg.generic"), _result_of("linalg.matmul"), _result_of("tensor.extract"),
    _result_of("tensor.insert_slice", "tensor.extract_slice"), _result_of("scf.for"),
    _result_of("arith.addf", "arith.mulf", "arith.subf"), _in_linalg_body,
], ids=["generic", "matmul", "extract", "slices", "for", "elementwise+body", "body"])
def test_the_oracle_catches_an_analysis_that_lies_about_tensor_values(
        lie: Any, analysed: list[tuple[Any, Any, Any]]) -> None:
    caught = programs = 0
    for prog, module, result in analysed:
        if not any(lie(r) for op in module.walk() for r in op.results):
            continue
        programs += 1
        if check_soundness(prog, module, _Lying(result, lie), trials=1,
                           rng=random.Random(prog.seed)):
            caught += 1
    assert programs >= 4 and caught >= programs // 3, (caught, programs)


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(programs(SMALL))
def test_oracle_on_drawn_tensor_programs(prog: Any) -> None:
    """Hypothesis draws (a failure shrinks to a small program)."""
    vs = check_program(prog, trials=1, rng=random.Random(0))
    assert not vs, str(vs[0])


@pytest.mark.slow
def test_oracle_campaign_on_tensor_programs() -> None:
    """Many more (and larger) tensor programs; prints how many fell back (ops outside
    the analysed subset), the share whose precision is not measured yet."""
    n = 5000
    t0 = time.perf_counter()
    stats, bad = _campaign(range(10_000, 10_000 + n), TensorGenConfig(stmts=(3, 12),
                                                                       max_depth=2), trials=3)
    assert not bad, f"seed {bad[0][0]}: {bad[0][1]}"
    print(f"\n{n} tensor programs in {time.perf_counter() - t0:.0f} s: {stats}; "
          f"{stats.fallback_programs} of {stats.programs} hit the analysis' fallback")
