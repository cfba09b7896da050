"""The AD benchmark objectives (benchmarks/objectives.py): they parse and verify, compute
what their numpy references compute, and the activity analysis prunes part of each."""

from __future__ import annotations

import importlib.util
import math
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from xdsl.context import Context
from xdsl.dialects import get_all_dialects
from xdsl.parser import Parser

import activity

ROOT = Path(__file__).resolve().parents[1]
PROGRAMS = ROOT / "benchmarks" / "programs"


def _load_objectives():
    # 'benchmarks' is also the name of a package xDSL installs, so load the file by path
    name = "activity_benchmark_objectives"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / "objectives.py")
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


OBJ = _load_objectives()
NAMES = ["gmm", "ba", "hand", "lstm", "minibude"]
SEEDS = [0, 1, 2]

# tagged values the analysis must find inactive (constant-only or integer work) / active
INACTIVE_TAGS = {
    "gmm": ["gmm.icf_size", "gmm.n_float", "gmm.constant", "gmm.load_x", "gmm.lmgamma_loop",
            "gmm.wishart_C"],
    "ba": ["ba.load_feat"],
    "hand": ["hand.parent", "hand.parent_offset", "hand.load_weight", "hand.load_target0"],
    "lstm": ["lstm.load_ygold", "lstm.count_float"],
    "minibude": ["bude.load_lig_type", "bude.radij", "bude.chrg_init", "bude.dslv_range"],
}
ACTIVE_TAGS = {
    "gmm": ["gmm.sample_loop", "gmm.lse_alphas", "gmm.prior", "gmm.total"],
    "ba": ["ba.rotate", "ba.distortion", "ba.weight_error", "ba.total", "ba.load_centre"],
    "hand": ["hand.angle_axis", "hand.compose_abs", "hand.vertex_loop"],
    "lstm": ["lstm.lse", "lstm.gold_term", "lstm.loss"],
    "minibude": ["bude.distij", "bude.charge", "bude.pose_energy"],
}


@pytest.fixture(scope="module")
def modules():
    return {n: activity.parse(OBJ.OBJECTIVES[n].mlir) for n in NAMES}


def _interpreter():
    sem = pytest.importorskip("activity.semantics")
    return sem.Interpreter


def _rel(a: float, b: float) -> float:
    return abs(a - b) / max(abs(b), 1e-300)


def test_registry():
    assert list(OBJ.OBJECTIVES) == NAMES
    for name, obj in OBJ.OBJECTIVES.items():
        assert obj.name == name
        assert f"func.func @{obj.func}(" in obj.mlir
        assert set(obj.args) <= {"dup", "const", "active"}
        assert "dup" in obj.args


@pytest.mark.parametrize("name", NAMES)
def test_parses_and_verifies(name, modules):
    obj = OBJ.OBJECTIVES[name]
    modules[name].verify()
    # plain xDSL too (no generic-form fallback)
    ctx = Context(allow_unregistered=False)
    for dname, factory in get_all_dialects().items():
        ctx.register_dialect(dname, factory)
    Parser(ctx, obj.mlir).parse_module().verify()
    func = next(op for op in modules[name].walk()
                if op.name == "func.func" and op.sym_name.data == obj.func)
    assert len(func.body.blocks[0].args) == len(obj.args)
    inputs = obj.make_inputs(np.random.default_rng(0), "small")
    assert len(inputs) == len(obj.args)


@pytest.mark.parametrize("name", NAMES)
def test_committed_program_is_generated(name):
    assert (PROGRAMS / f"{name}.mlir").read_text() == OBJ.OBJECTIVES[name].mlir, \
        "regenerate with: python benchmarks/objectives.py --write"


@pytest.mark.skipif(shutil.which("mlir-opt-22") is None, reason="mlir-opt-22 not installed")
@pytest.mark.parametrize("name", NAMES)
def test_upstream_mlir_verifies(name):
    r = subprocess.run(["mlir-opt-22", "-o", "/dev/null"], input=OBJ.OBJECTIVES[name].mlir,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", NAMES)
def test_interpreter_matches_reference(name, seed, modules):
    interp = _interpreter()
    obj = OBJ.OBJECTIVES[name]
    inputs = obj.make_inputs(np.random.default_rng(seed), "small")
    before = OBJ.copy_inputs(inputs)
    expected = obj.reference(inputs)
    for a, b in zip(inputs, before, strict=True):  # the reference does not write its inputs
        assert np.array_equal(a, b)
    run_inputs = OBJ.copy_inputs(inputs)
    got = interp(modules[name]).run(obj.func, run_inputs).results[0]
    assert math.isfinite(expected)
    assert _rel(got, expected) < 1e-9, (got, expected)
    if name == "minibude":  # per-pose energies written out sum to the result
        assert _rel(float(np.sum(run_inputs[-1])), expected) < 1e-9
    if name == "ba":
        w = inputs[2]
        assert run_inputs[5][0] == pytest.approx(1.0 - w * w, rel=1e-12)
        assert float(run_inputs[4] @ run_inputs[4]) + run_inputs[5][0] ** 2 == \
            pytest.approx(expected, rel=1e-9)
    if name == "lstm":  # the state was updated in place
        assert not np.array_equal(run_inputs[5], inputs[5])


@pytest.mark.parametrize("name", ["ba", "hand"])
def test_zero_rotation_branch(name, modules):
    """The first-order branch of the angle-axis code (rotation angle zero)."""
    interp = _interpreter()
    obj = OBJ.OBJECTIVES[name]
    inputs = obj.make_inputs(np.random.default_rng(5), "small")
    if name == "ba":
        inputs[0][0:3] = 0.0
    else:
        inputs[2][3:] = 0.0
    expected = obj.reference(inputs)
    got = interp(modules[name]).run(obj.func, OBJ.copy_inputs(inputs)).results[0]
    assert _rel(got, expected) < 1e-9, (got, expected)


@pytest.mark.parametrize("name", NAMES)
def test_bench_inputs(name):
    obj = OBJ.OBJECTIVES[name]
    inputs = obj.make_inputs(np.random.default_rng(0), "bench")
    assert len(inputs) == len(obj.args)
    for a, kind in zip(inputs, obj.args, strict=True):
        if kind == "dup":
            assert isinstance(a, np.ndarray) and a.dtype == np.float64
    assert math.isfinite(obj.reference(inputs))
    with pytest.raises(ValueError):
        obj.make_inputs(np.random.default_rng(0), "huge")


@pytest.mark.parametrize("name", NAMES)
def test_activity_prunes(name, modules):
    obj = OBJ.OBJECTIVES[name]
    r = activity.analyze(modules[name], func=obj.func, args=obj.args, strict=True)
    ops = sum(r.stats(f).ops for f in r.functions)
    act = sum(r.stats(f).active_ops for f in r.functions)
    assert 0 < act < ops
    # the root function itself has inactive ops, not only its callees
    st = r.stats(obj.func)
    assert st.active_ops < st.ops
    values = {}
    for fdata in r.to_json()["functions"].values():
        values.update(fdata["values"])
    for tag in INACTIVE_TAGS[name]:
        assert values[tag]["active"] is False, tag
    for tag in ACTIVE_TAGS[name]:
        assert values[tag]["active"] is True, tag
    assert OBJ.activity_stats(name)["active_ops"] == act
