"""Reverse-mode gradients of the benchmark objectives (GMM, BA, Hand, LSTM, miniBUDE).

For each objective, on its small inputs: the pruned and the ``all_active`` gradients
verify (xDSL, and upstream MLIR when ``mlir-opt-22`` is installed), agree with each
other, with the interpreter's forward-mode tangents and with central finite
differences; pruning never costs ops or tape.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import activity
from activity.ad import grad
from activity.ad.check import check_gradient
from activity.ad.stats import measure

ROOT = Path(__file__).resolve().parent.parent


def _objectives() -> dict[str, Any]:
    name = "activity_benchmark_objectives"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / "objectives.py")
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name].OBJECTIVES  # type: ignore[no-any-return]


OBJECTIVES = _objectives()


@pytest.mark.parametrize("name", sorted(OBJECTIVES))
def test_objective_gradient(name: str) -> None:
    from tests.test_ad import mlir_verify

    obj = OBJECTIVES[name]
    m = activity.parse(obj.mlir)
    inputs = obj.make_inputs(np.random.default_rng(0), "small")
    checks = {}
    for prune in (True, False):
        g = grad(m, obj.func, obj.args, prune=prune)
        mlir_verify(g)
        c = check_gradient(m, g, obj.func, inputs, obj.args, np.random.default_rng(1))
        assert c.err_tangent < 1e-6, (prune, c.reverse, c.tangent)
        assert c.err_fd < 1e-6, (prune, c.reverse, c.fd)
        checks[prune] = c
    np.testing.assert_allclose(checks[True].adjoints, checks[False].adjoints, rtol=1e-9)
    for a, b in zip(checks[True].shadows, checks[False].shadows, strict=True):
        if a is not None:
            np.testing.assert_allclose(a, b, rtol=1e-9, atol=1e-14)


@pytest.mark.parametrize("name", sorted(OBJECTIVES))
def test_objective_pruning_stats(name: str) -> None:
    obj = OBJECTIVES[name]
    m = activity.parse(obj.mlir)
    inputs = obj.make_inputs(np.random.default_rng(0), "small")
    p = measure(m, obj.func, inputs, obj.args, prune=True)
    u = measure(m, obj.func, inputs, obj.args, prune=False)
    assert p.total_ops <= u.total_ops
    assert p.reverse_ops <= u.reverse_ops
    assert len(p.cached) <= len(u.cached)
    bounds = {k: v for k, v in zip(_int_arg_names(m, obj.func), inputs, strict=False)
              if isinstance(v, int)}
    ps, us = p.static_bytes(bounds), u.static_bytes(bounds)
    assert ps is not None and us is not None and ps <= us
    assert (p.measured_stack_bytes or 0) <= (u.measured_stack_bytes or 0)


def _int_arg_names(m: Any, func: str) -> list[str]:
    from activity.analysis.args import arg_label
    from activity.engine.program import Program

    f = Program.of(m).functions[func]
    return [arg_label(f, i, a) for i, a in enumerate(f.regions[0].blocks[0].args)]


def test_objective_gradient_matches_reference_fd() -> None:
    """GMM's gradient w.r.t. its means against finite differences of the numpy reference
    (independent of the interpreter and of the MLIR)."""
    obj = OBJECTIVES["gmm"]
    m = activity.parse(obj.mlir)
    inputs = obj.make_inputs(np.random.default_rng(2), "small")
    g = grad(m, obj.func, obj.args)
    call: list[Any] = []
    shadows = {}
    for i, (x, k) in enumerate(zip(inputs, obj.args, strict=True)):
        x = x.copy() if isinstance(x, np.ndarray) else x
        call.append(x)
        if k in ("dup", "dupnoneed"):
            shadows[i] = np.zeros(np.shape(x))
            call.append(shadows[i])
    call.append(1.0)
    activity.evaluate(g, obj.func + "_grad", *call)
    means = [i for i, k in enumerate(obj.args) if k == "dup"][1]
    h = 1e-6
    for j in range(min(4, inputs[means].size)):
        up = [x.copy() if isinstance(x, np.ndarray) else x for x in inputs]
        dn = [x.copy() if isinstance(x, np.ndarray) else x for x in inputs]
        up[means][j] += h
        dn[means][j] -= h
        fd = (obj.reference(up) - obj.reference(dn)) / (2 * h)
        assert shadows[means][j] == pytest.approx(fd, rel=1e-6, abs=1e-8)


@pytest.mark.parametrize("name", sorted(OBJECTIVES))
def test_objective_gradient_lowers_to_llvm(name: str) -> None:
    """The generated code is plain func/arith/math/scf/cf/memref: the standard pipeline
    turns all of it into the llvm dialect."""
    import io
    import shutil
    import subprocess

    from xdsl.printer import Printer

    from tests.test_ad import _upstream_clean

    opt = shutil.which("mlir-opt-22")
    if opt is None:
        pytest.skip("mlir-opt-22 not on PATH")
    obj = OBJECTIVES[name]
    g = grad(activity.parse(obj.mlir), obj.func, obj.args)
    buf = io.StringIO()
    Printer(stream=buf, print_generic_format=True).print_op(_upstream_clean(g))
    r = subprocess.run([opt, "--expand-strided-metadata", "--convert-scf-to-cf",
                        "--convert-to-llvm", "--reconcile-unrealized-casts"],
                       input=buf.getvalue(), capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[:2000]
    leftovers = [ln for ln in r.stdout.splitlines()
                 if any(f"{d}." in ln for d in ("memref", "scf", "arith", "math", "cf", "func"))
                 and "llvm." not in ln]
    assert not leftovers, leftovers[:5]
