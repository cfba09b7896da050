"""The random program generator: well-formed output and coverage of the subset."""

from __future__ import annotations

import random
import re
from collections import Counter

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from activity.ops import op_name
from activity.testing.progen import (
    FLOAT_TYPES,
    GenConfig,
    GeneratedProgram,
    generate,
    is_memref,
    parse_module,
    programs,
)

N_SEEDS = 300

# Every construct the generator must produce somewhere in N_SEEDS programs.
REQUIRED_OPS = {
    "arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.negf", "arith.maximumf",
    "arith.minimumf", "math.sin", "math.cos", "math.exp", "math.log", "math.sqrt",
    "math.tanh", "math.powf", "math.absf", "math.fma", "math.atan", "math.erf",
    "arith.addi", "arith.muli", "arith.subi", "arith.remui", "arith.cmpi", "arith.cmpf",
    "arith.select", "arith.sitofp", "arith.fptosi", "arith.bitcast", "arith.extf",
    "arith.truncf", "arith.index_cast", "arith.constant",
    "scf.if", "scf.for", "scf.while", "scf.yield", "scf.condition",
    "cf.br", "cf.cond_br",
    "memref.load", "memref.store", "memref.alloc", "memref.alloca", "memref.cast",
    "memref.subview", "memref.copy", "memref.dim",
    "func.call", "func.return", "memref.global", "memref.get_global",
}


@pytest.fixture(scope="module")
def corpus() -> list[tuple[GeneratedProgram, object]]:
    """N_SEEDS seeded programs and their parsed, verified modules."""
    return [(p, parse_module(p.text)) for p in (generate(s) for s in range(N_SEEDS))]


def test_generate_is_deterministic() -> None:
    for s in range(20):
        assert generate(s) == generate(s)
    assert generate(1).text != generate(2).text


def test_seeded_programs_parse_and_verify(corpus: list) -> None:
    assert len(corpus) == N_SEEDS  # parse_module raises on a parse or verify error


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(programs())
def test_drawn_programs_parse_and_verify(prog: GeneratedProgram) -> None:
    module = parse_module(prog.text)
    f = [op for op in module.walk() if op.name == "func.func"
         and op.properties["sym_name"].data == prog.func]
    assert len(f) == 1
    assert len(f[0].regions[0].blocks[0].args) == len(prog.args) == len(prog.arg_types)


def test_covers_every_construct(corpus: list) -> None:
    counts: Counter[str] = Counter()
    for _prog, module in corpus:
        counts.update(op.name for op in module.walk())
    missing = REQUIRED_OPS - set(counts)
    assert not missing, f"never generated: {sorted(missing)}"
    assert counts["builtin.unregistered"] == 0


def _functions(module: object) -> dict[str, object]:
    return {op.properties["sym_name"].data: op for op in module.walk()  # type: ignore[attr-defined]
            if op.name == "func.func"}


def _callees(func: object) -> set[str]:
    return {op.properties["callee"].root_reference.data for op in func.walk()  # type: ignore[attr-defined]
            if op.name == "func.call"}


def test_covers_calls_recursion_and_blocks(corpus: list) -> None:
    int_memory = f32_memory = may_alias = memref_flow = 0
    self_rec = mutual = multi_block = call_dag = f32 = subview_offsets = 0
    activities: Counter[str] = Counter()
    for prog, module in corpus:
        funcs = _functions(module)
        calls = {name: _callees(f) for name, f in funcs.items()}
        self_rec += any(name in cs for name, cs in calls.items())
        mutual += any(b in calls.get(c, set()) and c != b
                      for b, cs in calls.items() for c in cs)
        multi_block += any(len(f.regions[0].blocks) > 1 for f in funcs.values())
        call_dag += any(c.startswith("g") for cs in calls.values() for c in cs)
        f32 += "f32" in prog.text
        subview_offsets += "offset: 2" in prog.text
        memref_flow += bool(re.search(r"(scf\.if|scf\.for|\^bb\d+\(|-> \().*memref<4xf64>",
                                      prog.text))
        activities.update(prog.args)
        int_memory += "memref<4xi64>" in prog.text
        f32_memory += "memref<4xf32>" in prog.text
        may_alias += prog.alias_args == "may"
    assert int_memory > 5 and f32_memory > 5 and may_alias > 5
    assert self_rec > 10 and mutual > 10 and multi_block > 20 and call_dag > 20
    assert f32 > 20 and subview_offsets > 3 and memref_flow > 10
    assert {"active", "const", "dup", "dupnoneed"} <= set(activities)


def test_program_sizes_are_small(corpus: list) -> None:
    sizes = [sum(1 for op in m.walk() if op.name not in ("builtin.module", "func.func"))
             for _p, m in corpus]
    assert max(sizes) <= 150
    assert 8 <= float(np.median(sizes)) <= 60


def test_tags_are_unique_and_values_named(corpus: list) -> None:
    for prog, module in corpus[:50]:
        tags = re.findall(r'tag = "(t\d+)"', prog.text)
        assert len(tags) == len(set(tags))
        for op in module.walk():
            if op.results and op.name not in ("arith.cmpf", "arith.cmpi", "scf.while") and \
                    not (op.name == "scf.if" and not op.results):
                assert "tag" in op.attributes, op.name


def test_may_alias_programs_share_one_array() -> None:
    progs = [p for p in (generate(s) for s in range(200)) if p.alias_args == "may"]
    assert progs
    for prog in progs:
        xs = prog.make_inputs(random.Random(0))
        ts = prog.make_tangents(random.Random(0))
        shared = [k for k, t in enumerate(prog.arg_types) if t == "memref<4xf64>"]
        assert len(shared) > 1
        assert len({id(xs[k]) for k in shared}) == 1 and len({id(ts[k]) for k in shared}) == 1
        assert len({prog.args[k] for k in shared}) == 1


def test_inputs_and_tangents_follow_the_signature() -> None:
    for s in range(30):
        prog = generate(s)
        for rng in (random.Random(s), np.random.default_rng(s)):
            xs, ts = prog.make_inputs(rng), prog.make_tangents(rng)
            for t, a, x, dx in zip(prog.arg_types, prog.args, xs, ts, strict=True):
                if t in FLOAT_TYPES:
                    assert 0.25 <= abs(x) <= 2.0
                    assert (dx != 0) == (a == "active")
                elif t == "index":
                    assert 0 <= x <= 4 and dx is None
                elif t == "i64":
                    assert isinstance(x, int) and dx is None
                else:
                    assert is_memref(t) and x.shape == (4,) and x.dtype == np.float64
                    assert bool(np.all(dx != 0)) == (a in ("dup", "dupnoneed"))


def test_opaque_region_construct_is_opt_in_and_varied() -> None:
    """``GenConfig(opaque=...)`` adds ``test.opaque_region`` statements (the default never
    does: see test_covers_every_construct), with scalar and memref operands, results,
    bodies using outer values, nested regions; the oracle's interpreter runs them."""
    from activity.testing.opaque import OpaqueInterpreter

    cfg = GenConfig(opaque=15)
    for s in range(20):
        assert generate(s) == generate(s, GenConfig())
    mem_opnd = results = nested = ran = 0
    for s in range(40):
        prog = generate(s, cfg)
        module = parse_module(prog.text)
        for op in module.walk():
            if op_name(op) != "test.opaque_region":
                continue
            mem_opnd += any(is_memref(str(u.type)) for u in op.operands)
            results += bool(op.results)
            nested += any(op_name(p) in ("test.opaque_region", "scf.for", "scf.if",
                                         "scf.while")
                          for p in _ancestors(op))
        if '"test.opaque_region"' in prog.text:
            out = OpaqueInterpreter(module).run(prog.func, prog.make_inputs(random.Random(s)))
            ran += out is not None
    assert mem_opnd > 15 and results > 20 and nested > 10 and ran > 25, (
        mem_opnd, results, nested, ran)


def _ancestors(op: object) -> list[object]:
    out = []
    p = op.parent_op()  # type: ignore[attr-defined]
    while p is not None:
        out.append(p)
        p = p.parent_op()
    return out
