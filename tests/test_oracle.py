"""Randomized soundness check of the activity analysis against the reference interpreter.

* random programs (:mod:`activity.testing.progen`) must produce no oracle violation;
* mutation tests: a deliberately broken analysis must be caught by the oracle;
* precision sanity: on hand-written programs some values must be inactive, so a trivial
  "everything is active" answer (which is always sound) does not pass the suite.
"""

from __future__ import annotations

import dataclasses
import random
import zlib
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, OpResult, SSAValue

import activity
from activity.analysis.result import ValueActivity
from activity.engine.graph import Effect
from activity.testing.oracle import (
    OracleStats,
    Violation,
    check_program,
    check_soundness,
    describe_value,
)
from activity.testing.progen import GenConfig, GeneratedProgram, generate, programs

HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large]


def _rng(prog: GeneratedProgram) -> random.Random:
    return random.Random(zlib.crc32(prog.text.encode()))


def _assert_sound(prog: GeneratedProgram, trials: int, stats: OracleStats) -> None:
    violations = check_program(prog, trials=trials, rng=_rng(prog), stats=stats)
    assert not violations, "\n\n".join(str(v) for v in violations)


# ---------------------------------------------------------------------------
# Random programs.


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=HEALTH)
@given(programs())
def test_analysis_is_sound_on_random_programs(prog: GeneratedProgram) -> None:
    _assert_sound(prog, trials=2, stats=OracleStats())


@pytest.mark.slow
@settings(max_examples=10_000, deadline=None, suppress_health_check=HEALTH)
@given(programs())
def test_analysis_is_sound_on_random_programs_slow(prog: GeneratedProgram) -> None:
    _assert_sound(prog, trials=3, stats=OracleStats())


def test_seeded_programs_sound_and_runnable() -> None:
    """Seeded programs: no violation, and almost every run completes (a generator whose
    programs mostly fail to run would check nothing)."""
    stats = OracleStats()
    for seed in range(120):
        _assert_sound(generate(seed), trials=2, stats=stats)
    assert stats.trials == 240
    assert stats.skip_share < 0.2, stats
    assert stats.skipped < 0.2 * stats.runs, stats
    # The oracle has something to check: negative claims on executed values.
    assert stats.checked_varied > 500 and stats.checked_useful > 500, stats


# ---------------------------------------------------------------------------
# Mutation tests: a broken analysis must be caught.


class FalsifiedResult:
    """Wraps an analysis result; ``value`` lies (says not varied / not useful) for the
    results of one op kind."""

    def __init__(self, inner: activity.ActivityResult, op_name: str, field: str) -> None:
        self.inner, self.op_name, self.field = inner, op_name, field

    def value(self, v: SSAValue) -> ValueActivity:
        a = self.inner.value(v)
        if isinstance(v, OpResult) and v.op.name == self.op_name:
            return dataclasses.replace(a, **{self.field: False})
        return a


Analyze = Callable[..., object]


def _violations_on_seeds(analyze: Analyze, must_contain: str, limit: int = 150,
                         want: int = 3) -> list[Violation]:
    """Oracle violations of ``analyze`` over seeded programs containing an op."""
    found: list[Violation] = []
    for seed in range(limit):
        prog = generate(seed)
        if must_contain not in prog.text:
            continue
        found += check_program(prog, trials=2, rng=random.Random(seed), analyze=analyze)
        if len(found) >= want:
            break
    return found


@pytest.mark.parametrize(("op_name", "field"), [
    ("math.sin", "varied"), ("arith.mulf", "useful"), ("memref.load", "varied"),
    ("func.call", "useful"), ("scf.for", "varied"), ("arith.select", "useful"),
])
def test_mutation_falsified_answers_are_caught(op_name: str, field: str) -> None:
    def broken(module: ModuleOp, **kw: object) -> FalsifiedResult:
        return FalsifiedResult(activity.analyze(module, **kw), op_name, field)

    found = _violations_on_seeds(broken, op_name)
    assert found, f"oracle missed an analysis that says {op_name} results are never {field}"
    assert {v.kind for v in found} == {field}
    assert all(isinstance(v.value, OpResult) and v.value.op.name == op_name for v in found)


def test_mutation_broken_transfer_function_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Break the analysis' transfer function of ``arith.mulf`` (derivatives flow only from
    the first operand) without touching the interpreter, which reads the same op table."""
    import activity.engine.graph as graph

    if not hasattr(graph, "lookup"):
        pytest.skip("the analysis no longer looks op specs up through engine.graph.lookup")
    real = graph.lookup

    def lookup(name: str) -> object:
        spec = real(name)
        if name == "arith.mulf" and spec is not None:
            return dataclasses.replace(spec, diff=(0,))
        return spec

    monkeypatch.setattr(graph, "lookup", lookup)
    found = _violations_on_seeds(activity.analyze, "arith.mulf")
    assert found, "oracle missed a mulf transfer function that drops its second operand"
    assert {v.kind for v in found} <= {"varied", "useful"}


MUL = """
func.func @f(%x: f64, %y: f64) -> f64 {
  %c = arith.constant {tag = "two"} 2.0 : f64
  %s = math.sin %x {tag = "sin"} : f64
  %p = arith.mulf %c, %s {tag = "prod"} : f64
  %q = arith.mulf %p, %y {tag = "out"} : f64
  func.return %q : f64
}
"""


def _prog(text: str, args: list[str], types: list[str]) -> GeneratedProgram:
    return GeneratedProgram(text=text, func="f", args=tuple(args), arg_types=tuple(types))


def test_mutation_on_a_hand_written_program_reports_reproducibly() -> None:
    prog = _prog(MUL, ["active", "const"], ["f64", "f64"])
    module = prog.parse()
    res = FalsifiedResult(activity.analyze(module, func="f", args=list(prog.args)),
                          "math.sin", "varied")
    found = check_soundness(prog, module, res, trials=1, rng=random.Random(1))
    assert [v.kind for v in found] == ["varied"]
    text = str(found[0])
    assert 'math.sin {tag = "sin"}' in text and "@f" in text
    assert "inputs = [" in text and prog.text in text
    assert "varied violation" in text

    res = FalsifiedResult(activity.analyze(module, func="f", args=list(prog.args)),
                          "arith.mulf", "useful")
    found = check_soundness(prog, module, res, trials=1, rng=random.Random(1))
    assert {describe_value(v.value).split()[0] for v in found} == {"%p", "%q"}
    assert all(v.kind == "useful" for v in found)


# ---------------------------------------------------------------------------
# Precision sanity: a sound analysis that marks everything active would fail these.

PRECISE = """
func.func @f(%x: f64, %y: f64, %n: i64, %m: memref<4xf64>, %o: memref<4xf64>) -> f64 {
  %c0 = arith.constant {tag = "c0"} 0 : index
  %c = arith.constant {tag = "c"} 2.0 : f64
  %k = math.sin %c {tag = "const_only"} : f64
  %i = arith.fptosi %x {tag = "fptosi"} : f64 to i64
  %fi = arith.sitofp %i {tag = "sitofp"} : i64 to f64
  %d = math.exp %x {tag = "dead"} : f64
  %yy = arith.mulf %y, %y {tag = "from_const_arg"} : f64
  %l = memref.load %m[%c0] {tag = "const_mem"} : memref<4xf64>
  %s = arith.mulf %x, %k {tag = "uses_x"} : f64
  %t = arith.addf %s, %fi {tag = "plus_int"} : f64
  %u = arith.addf %t, %yy {tag = "plus_const"} : f64
  %v = arith.mulf %u, %l {tag = "out"} : f64
  %w = math.cos %y {tag = "stored"} : f64
  memref.store %w, %o[%c0] : memref<4xf64>
  func.return %v : f64
}
"""


def _by_tag(module: ModuleOp, tag: str) -> SSAValue:
    for op in module.walk():
        a = op.attributes.get("tag")
        if a is not None and getattr(a, "data", None) == tag:
            return op.results[0]
    raise KeyError(tag)


def test_precision_on_a_hand_written_program() -> None:
    prog = _prog(PRECISE, ["active", "const", "const", "const", "dup"],
                 ["f64", "f64", "i64", "memref<4xf64>", "memref<4xf64>"])
    module = prog.parse()
    res = activity.analyze(module, func="f", args=list(prog.args))
    val = lambda tag: res.value(_by_tag(module, tag))  # noqa: E731
    for tag in ("c", "const_only", "fptosi", "sitofp", "from_const_arg", "const_mem",
                "stored", "c0"):
        assert not val(tag).varied, tag
    assert val("dead").varied and not val("dead").useful
    assert not val("fptosi").useful
    for tag in ("uses_x", "plus_int", "plus_const", "out"):
        assert val(tag).active, tag
    assert val("stored").useful and not val("stored").active
    assert not check_soundness(prog, module, res, trials=3, rng=random.Random(0))


LOOP = """
func.func @f(%x: f64, %n: index) -> f64 {
  %c0 = arith.constant {tag = "c0"} 0 : index
  %c1 = arith.constant {tag = "c1"} 1 : index
  %z = arith.constant {tag = "z"} 0.0 : f64
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %z) -> (f64, f64) {
    %ii = arith.index_cast %i {tag = "ii"} : index to i64
    %fi = arith.sitofp %ii {tag = "count"} : i64 to f64
    %b2 = arith.addf %b, %fi {tag = "counter"} : f64
    %a2 = arith.mulf %a, %a {tag = "square"} : f64
    scf.yield %a2, %b2 : f64, f64
  } {tag = "loop"}
  func.return %r#0 : f64
}
"""


def test_precision_in_a_loop() -> None:
    prog = _prog(LOOP, ["active", "const"], ["f64", "index"])
    module = prog.parse()
    res = activity.analyze(module, func="f", args=list(prog.args))
    val = lambda tag: res.value(_by_tag(module, tag))  # noqa: E731
    for tag in ("count", "counter", "ii"):
        assert not val(tag).varied, tag
    assert val("square").active
    loop = _by_tag(module, "loop").op
    assert res.value(loop.results[0]).active
    assert not res.value(loop.results[1]).varied and not res.value(loop.results[1]).useful
    assert not check_soundness(prog, module, res, trials=3, rng=random.Random(0))


def test_oracle_accepts_the_trivially_sound_answer() -> None:
    """Everything varied and useful is sound (if useless): the oracle must not object,
    on hand-written and random programs alike."""

    class AllActive:
        def value(self, v: SSAValue) -> ValueActivity:
            return ValueActivity(True, True)

    progs = [_prog(PRECISE, ["active", "const", "const", "const", "dup"],
                   ["f64", "f64", "i64", "memref<4xf64>", "memref<4xf64>"])]
    progs += [generate(seed) for seed in range(1000, 1030)]
    for prog in progs:
        found = check_soundness(prog, prog.parse(), AllActive(), trials=1, rng=_rng(prog))
        assert not found, "\n\n".join(str(v) for v in found)


# ---------------------------------------------------------------------------
# Strong updates: one-element stack slots overwritten before they are read.

SLOTS = GenConfig(slot_weight=6)


def test_strong_updates_sound_on_random_slot_programs() -> None:
    """Programs with one-element slots (stores of varied values overwritten by constants
    or other values, loads in between, in branches, loops and ``cf`` blocks): no
    violation, and the analysis does kill (the oracle checks the new precision)."""
    stats = OracleStats()
    kills = 0
    for seed in range(60):
        prog = generate(seed, SLOTS)
        res = activity.analyze(prog.parse(), prog.func, list(prog.args),
                               alias_args=prog.alias_args)
        kills += len(res.solution.kills)
        _assert_sound(prog, trials=2, stats=stats)
    assert kills > 60, kills
    assert stats.checked_varied > 300 and stats.checked_useful > 300, stats


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=HEALTH)
@given(programs(SLOTS))
def test_strong_updates_sound_on_drawn_slot_programs(prog: GeneratedProgram) -> None:
    _assert_sound(prog, trials=2, stats=OracleStats())


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, suppress_health_check=HEALTH)
@given(programs(SLOTS))
def test_strong_updates_sound_on_drawn_slot_programs_slow(prog: GeneratedProgram) -> None:
    _assert_sound(prog, trials=3, stats=OracleStats())


def test_mutation_strong_update_of_every_store_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An analysis that treats every store into one class as a strong update (four-element
    buffers, heap cells, views of arguments) is caught on the slot programs."""
    import activity.analysis.activity as act
    from activity.engine.graph import Effect

    def every_store(g: object, pt: object) -> dict[int, int]:
        out = {}
        for n, (kind, _a, b) in g.effects.items():  # type: ignore[attr-defined]
            s = pt.pts[b]  # type: ignore[attr-defined]
            if kind == Effect.STORE and s and not s & (s - 1):
                out[n] = s
        return out

    monkeypatch.setattr(act, "strong_updates", every_store)
    found: list[Violation] = []
    for seed in range(60):
        prog = generate(seed, SLOTS)
        found += check_program(prog, trials=2, rng=random.Random(seed))
        if found:
            break
    assert found, "oracle missed strong updates of multi-cell classes"


SLOT_REC = """
func.func @r(%d: index, %x: f64, %p: memref<f64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = arith.constant 3.0 : f64
  %s = memref.alloca() : memref<f64>
  memref.store %x, %s[] : memref<f64>
  %more = arith.cmpi ugt, %d, %c0 : index
  %y = scf.if %more -> (f64) {
    %d1 = arith.subi %d, %c1 : index
    %z = func.call @r(%d1, %x, %s) : (index, f64, memref<f64>) -> f64
    scf.yield %z : f64
  } else {
    scf.yield %k : f64
  }
  memref.store %k, %s[] : memref<f64>
  %v = memref.load %p[] {tag = "v"} : memref<f64>
  %o = arith.addf %v, %y : f64
  func.return %o : f64
}
func.func @f(%x: f64) -> f64 {
  %c1 = arith.constant 1 : index
  %k = arith.constant 0.5 : f64
  %s = memref.alloca() : memref<f64>
  memref.store %k, %s[] : memref<f64>
  %r = func.call @r(%c1, %x, %s) : (index, f64, memref<f64>) -> f64
  func.return %r : f64
}
"""
SLOT_LOOP = """
func.func @f(%x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %k = arith.constant 3.0 : f64
  %z = arith.constant 0.0 : f64
  %s0 = memref.alloca() : memref<1xf64>
  memref.store %k, %s0[%c0] : memref<1xf64>
  %r:2 = scf.for %i = %c0 to %c2 step %c1 iter_args(%prev = %s0, %acc = %z)
      -> (memref<1xf64>, f64) {
    %s = memref.alloca() : memref<1xf64>
    memref.store %k, %s[%c0] : memref<1xf64>
    %v = memref.load %prev[%c0] {tag = "v"} : memref<1xf64>
    memref.store %x, %s[%c0] : memref<1xf64>
    %a = arith.addf %acc, %v : f64
    scf.yield %s, %a : memref<1xf64>, f64
  }
  func.return %r#1 : f64
}
"""


@pytest.mark.parametrize(("text", "rule", "dropped"), [
    (SLOT_REC, "_recursive", lambda g: set()),
    (SLOT_LOOP, "_in_entry_block", lambda g, op: True),
], ids=["recursive-function", "alloca-in-a-loop"])
def test_mutation_single_cell_rules_are_needed(monkeypatch: pytest.MonkeyPatch, text: str,
                                               rule: str, dropped: Callable) -> None:
    """Each rule of ``single_cells`` is needed: a slot of a recursive function (the inner
    activation's kill would hide the outer one's varied cell, read through ``%p``) and a
    slot allocated in a loop body (the previous iteration's cell, read through the
    iter_arg ``%prev``) are more than one cell.  The analysis is sound on both; with the
    rule dropped, the oracle finds the load ``%v`` varied where the analysis says not."""
    import activity.analysis.alias as alias

    prog = _prog(text, ["active"], ["f64"])
    module = prog.parse()
    res = activity.analyze(module, func="f", args=list(prog.args))
    assert res.value(_by_tag(module, "v")).varied
    assert not check_soundness(prog, module, res, trials=2, rng=random.Random(0))
    monkeypatch.setattr(alias, rule, dropped)
    module = prog.parse()
    res = activity.analyze(module, func="f", args=list(prog.args))
    found = check_soundness(prog, module, res, trials=2, rng=random.Random(0))
    assert any(v.kind == "varied" and v.value is _by_tag(module, "v") for v in found)

# Region ops outside the subset: ``test.opaque_region`` (activity.testing.opaque) is
# unknown to the analysis (the conservative fallback) and run by the oracle's
# interpreter, so random programs check the fallback for region ops.

OPAQUE = GenConfig(opaque=15)

OPAQUE_PROG = """
func.func @f(%x: f64, %m: memref<4xf64>) -> f64 {
  %r = "test.opaque_region"(%x, %m) ({
  ^bb0(%a: f64, %e: f64):
    %s = arith.mulf %a, %e {tag = "s"} : f64
    %t = math.sin %e {tag = "t"} : f64
    "test.opaque_yield"(%s, %t) : (f64, f64) -> ()
  }) {tag = "r"} : (f64, memref<4xf64>) -> f64
  func.return %r : f64
}
"""


def test_opaque_region_semantics_in_the_oracles_interpreter() -> None:
    """Block arguments: the scalar operand, element 0 of the memref; yields: the result,
    then element 0 of the memref -- with tangents."""
    from activity.testing.opaque import OpaqueInterpreter

    module = activity.parse(OPAQUE_PROG)
    m = np.array([0.5, 1.0, 2.0, 3.0])
    out = OpaqueInterpreter(module).run("f", [3.0, m], tangents=[1.0, np.zeros(4)])
    assert out.results == (1.5,)
    assert out.result_tangents == (0.5,)
    assert m[0] == pytest.approx(np.sin(0.5)) and list(m[1:]) == [1.0, 2.0, 3.0]
    out = OpaqueInterpreter(module).run("f", [3.0, np.array([0.5, 1.0, 2.0, 3.0])],
                                        tangents=[0.0, np.array([1.0, 0, 0, 0])])
    assert out.result_tangents == (3.0,)
    assert out.buffer_tangents[1][0] == pytest.approx(np.cos(0.5))


def test_analysis_is_sound_on_a_hand_written_opaque_region() -> None:
    prog = _prog(OPAQUE_PROG, ["const", "dup"], ["f64", "memref<4xf64>"])
    assert not check_program(prog, trials=3, rng=random.Random(0))
    with pytest.warns(activity.ActivityWarning, match="test.opaque_region"):
        res = activity.analyze(prog.parse(), func="f", args=list(prog.args))
    assert not res.warnings[1:], res.warnings  # one warning: none for the terminator


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=HEALTH)
@given(programs(OPAQUE))
def test_analysis_is_sound_on_random_programs_with_opaque_regions(
        prog: GeneratedProgram) -> None:
    _assert_sound(prog, trials=2, stats=OracleStats())


def test_seeded_opaque_region_programs_sound_and_runnable() -> None:
    stats = OracleStats()
    with_op = 0
    for seed in range(40):
        prog = generate(seed, OPAQUE)
        with_op += '"test.opaque_region"' in prog.text
        _assert_sound(prog, trials=2, stats=stats)
    assert with_op > 20
    assert stats.skip_share < 0.2, stats


def _old_region_fallback(self: Any, op: Operation, fi: int, msg: str,
                         operands: Any = None) -> None:
    """The fallback before region ops were handled (every result depends on every
    operand; the regions' block arguments only on the operands' SSA values; the
    terminator its own unknown op): unsound for a region that reads memory."""
    g = self.g
    n = g.op_node[op]
    self.warn(op, msg)
    opnds = list(op.operands if operands is None else operands)
    outs = list(op.results)
    entries = [a for region in op.regions for b in region.blocks for a in b.args]
    for u in opnds:
        for v in outs + entries:
            self._flow(u, v)
    ex = g.exit_node.get(op)
    if op.regions and ex is not None:
        firsts = [self._first(r.blocks[0]) for r in op.regions if r.blocks]
        for fnode in firsts:
            g.edge(n, fnode)
        g.edge(n, ex)
        for region in op.regions:
            for b in region.blocks:
                t = b.last_op
                if t is None or t.successors:
                    continue
                for fnode in firsts:
                    g.edge(g.op_node[t], fnode)
                g.edge(g.op_node[t], ex)
                for u in t.operands:
                    for v in outs + entries:
                        self._flow(u, v)
    ids = [g.vid[u] for u in opnds]
    rids = [g.vid[v] for v in outs]
    g.effects[n] = (Effect.UNKNOWN, ids, rids)
    for u in opnds:
        self._watch_fwd(u, n)
    for v in outs:
        self._watch_bwd(v, n)
    g.unknown_ptr.append((ids, rids))


def test_mutation_old_region_fallback_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fallback this construct was added for: the oracle must find it unsound."""
    import activity.engine.graph as graph

    monkeypatch.setattr(graph.GraphBuilder, "_fallback", _old_region_fallback)
    monkeypatch.setattr(graph, "opaque_terminator", lambda op: False)
    found: list[Violation] = []
    for seed in range(40):
        prog = generate(seed, OPAQUE)
        found += check_program(prog, trials=2, rng=_rng(prog))
        if found:
            break
    assert found, "oracle missed the old fallback for region ops"
    assert "test.opaque_region" in found[0].details
