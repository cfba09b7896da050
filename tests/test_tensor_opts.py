"""The switches and counters of the tensor-level optimizations (activity/tensor/opts.py,
issue #33): every optimization can be turned off, is then not applied (its counter
stays 0), and the benchmark gradients are the same with all of them off as with all
of them on (compiled, small sizes)."""

from __future__ import annotations

import functools
import importlib.util
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import activity
from activity.errors import ActivityError
from activity.tensor import opts
from activity.tensor.bufferize import lower_tensors

ROOT = Path(__file__).resolve().parents[1]
TENSOR = ROOT / "benchmarks" / "tensor"


def _bench() -> Any:
    name = "activity_test_tensor_benchmarks"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            name, ROOT / "tests" / "test_tensor_benchmarks.py")
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


CASES = _bench().CASES


def _kinds(args: list[Any]) -> list[str]:
    return ["active" if isinstance(a, np.ndarray) and a.dtype.kind == "f" else "const"
            for a in args]


def counts(name: str) -> dict[str, int]:
    """What every optimization did to benchmark ``name``'s gradient: in its
    generation and in its lowering (bufferization and loops)."""
    file, func, args, _ = CASES[name]
    with opts.counting() as c:
        g = activity.grad(activity.parse(TENSOR / file), func, _kinds(args))
        lower_tensors(g)
    return dict(c)


def gradient(name: str) -> list[np.ndarray]:
    file, func, args, _ = CASES[name]
    wrt = tuple(i for i, k in enumerate(_kinds(args)) if k == "active")
    g = activity.gradient(TENSOR / file, func, argnums=wrt)
    out = g(*[a.copy() if isinstance(a, np.ndarray) else a for a in args])
    return [np.asarray(x) for x in (out if isinstance(out, tuple | list) else [out])]


def test_unknown_switch_is_a_user_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ACTIVITY_TENSOR_OFF", "sparse,nonesuch")
    with pytest.raises(ActivityError, match="nonesuch"):
        opts.enabled("sparse")
    r = subprocess.run([sys.executable, "-m", "activity", "grad", str(TENSOR / "lstm.mlir"),
                        "--func", "lstm", "--stats"], capture_output=True, text=True,
                       env={**__import__("os").environ, "ACTIVITY_TENSOR_OFF": "nonesuch"})
    assert r.returncode == 2 and "error: ACTIVITY_TENSOR_OFF" in r.stderr, r.stderr
    assert "Traceback" not in r.stderr


def test_switches_and_counters() -> None:
    assert all(opts.enabled(n) for n in opts.OPTIMIZATIONS)
    with opts.disabled("sparse"):
        assert not opts.enabled("sparse") and opts.enabled("fuse")
        assert opts.state() == "sparse"
        with opts.disabled("all"):
            assert not any(opts.enabled(n) for n in opts.OPTIMIZATIONS)
        assert not opts.enabled("sparse") and opts.enabled("fuse")
    assert opts.enabled("sparse") and opts.state() == ""
    with opts.counting() as outer:
        opts.count("fuse")
        with opts.counting() as inner:
            opts.count("fuse", 2)
    assert outer["fuse"] == 3 and inner["fuse"] == 2
    with pytest.raises(KeyError):
        opts.count("nonesuch")


@functools.cache
def _counts_on(name: str) -> dict[str, int]:
    return counts(name)


# the benchmarks, cheapest generation first: each optimization is checked off in the
# first one where it applies (the whole matrix is the slow test below)
CHEAP_FIRST = ["ba", "hand", "lstm", "hand_c", "gmm_full", "gmm_tri", "gmm_packed", "mlp"]


@pytest.mark.parametrize("opt", sorted(opts.OPTIMIZATIONS))
def test_switched_off_means_not_applied(opt: str) -> None:
    """Every optimization applies in some benchmark, and with it off its counter there
    is 0."""
    assert sorted(CHEAP_FIRST) == sorted(CASES)
    name = next((n for n in CHEAP_FIRST if _counts_on(n).get(opt, 0)), None)
    assert name is not None, f"{opt} applies in no benchmark"
    with opts.disabled(opt):
        assert counts(name).get(opt, 0) == 0, (opt, name)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CASES))
def test_switched_off_means_not_applied_in_every_benchmark(name: str) -> None:
    """With an optimization off its counter is 0; with it on, the counters are what
    the optimization did."""
    on = counts(name)
    for opt, n in on.items():
        if n:
            with opts.disabled(opt):
                assert counts(name).get(opt, 0) == 0, opt


def test_stats_print_the_counters(monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    from activity.cli import main

    assert main(["grad", str(TENSOR / "lstm.mlir"), "--func", "lstm", "--stats"]) == 0
    out = capsys.readouterr().out
    assert "tensor-level optimizations" in out
    on = int(next(ln.split()[1] for ln in out.splitlines() if ln.strip().startswith("inplace")))
    assert on > 0
    monkeypatch.setenv("ACTIVITY_TENSOR_OFF", "inplace")
    assert main(["grad", str(TENSOR / "lstm.mlir"), "--func", "lstm", "--stats"]) == 0
    out = capsys.readouterr().out
    line = next(ln for ln in out.splitlines() if ln.strip().startswith("inplace"))
    assert line.split()[1] == "0" and "(off)" in line


def test_counting_around_grad_counts_the_emission_once(capsys: Any) -> None:
    """``opts.counting()`` around ``activity.grad`` sees what the gradient's emission
    did, as ``--stats`` prints it: the AD's discarded planning runs count nothing."""
    import json

    from activity.cli import main

    kinds = ["active", "active", "active", "const"]
    with opts.counting() as c:
        activity.grad(activity.parse(TENSOR / "lstm.mlir"), "lstm", kinds)
    assert main(["grad", str(TENSOR / "lstm.mlir"), "--func", "lstm", "--args",
                 ",".join(kinds), "--stats", "json"]) == 0
    cli = json.loads(capsys.readouterr().out)["tensor_optimizations"]
    assert c["reslice"] > 0
    assert dict(c) == {k: v["generation"] for k, v in cli.items() if v["generation"]}


# (by default BA and LSTM; the GMMs, the Hands and the MLP with -m slow: their switches
# are checked off alone in test_tensor_triangular/_regtile/_contract/_zeroskip/_fusereduce)
SLOW_ALL_OFF = ("gmm_full", "gmm_packed", "gmm_tri", "hand", "hand_c", "mlp")


@pytest.mark.parametrize("name", [
    n if n not in SLOW_ALL_OFF else pytest.param(n, marks=pytest.mark.slow)
    for n in sorted(CASES)])
def test_all_off_gives_the_same_gradient(name: str) -> None:
    on = gradient(name)
    with opts.disabled("all"):
        off = gradient(name)
    assert len(on) == len(off)
    for a, b in zip(on, off, strict=True):
        scale = max(float(np.max(np.abs(b))), 1e-300)
        assert float(np.max(np.abs(a - b))) / scale < 1e-12


def test_compile_cache_is_keyed_on_the_loop_flags(monkeypatch: pytest.MonkeyPatch) -> None:
    """A module compiled with one setting of activity/tensor/loops.py's flags is not
    reused under another (the cache's key holds them, as it holds the switches)."""
    from activity.codegen.jit import compile_cpu
    from activity.tensor import loops

    m = activity.parse(TENSOR / "mlp_loss.mlir")
    func = next(o for o in m.walk() if o.name == "func.func").sym_name.data
    m = lower_tensors(m)
    a = compile_cpu(m, func)
    assert compile_cpu(m, func) is a
    side = loops.BLOCK_SIDE
    monkeypatch.setattr(loops, "BLOCK_SIDE", side // 2)
    assert compile_cpu(m, func) is not a
    monkeypatch.setattr(loops, "BLOCK_SIDE", side)
    assert compile_cpu(m, func) is a
