"""``benchmarks/run.py`` itself: the table it prints and its CPU accounting (the timings
are not checked: those belong to the script's output, not to tests)."""

from __future__ import annotations

import importlib.util
import json
import math
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "run.py"


def _run_module() -> Any:
    spec = importlib.util.spec_from_file_location("bench_run", SCRIPT)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_cpu_accounting_tells_idle_from_busy() -> None:
    run = _run_module()

    def idle() -> None:
        time.sleep(0.02)

    def busy() -> None:
        t = time.perf_counter()
        while time.perf_counter() - t < 0.02:
            pass

    stats = run.interleaved_stats({"idle": (idle, list), "busy": (busy, list)}, 3, warmup=0)
    # (a busy loop sharing its core with other processes gets less than one CPU: 0.49
    # measured beside another job on two cores, 0.24 at load 6; sleeping, almost none)
    assert stats["idle"][1] < 0.25
    assert stats["busy"][1] > max(0.05, 3 * stats["idle"][1])
    assert 0.015 < stats["idle"][0] < 0.5


def test_jax_is_timed_in_a_phase_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """Warm-up: JAX first, then ours (so ours are warm when their rounds start); then
    ours' timed rounds, rotated among themselves, and their CPU passes; then JAX's
    rounds and CPU pass, never interleaved with ours."""
    run = _run_module()
    monkeypatch.setattr(run.time, "sleep", lambda s: None)
    calls: list[str] = []
    runs = {k: ((lambda k=k: calls.append(k)), list) for k in ("primal", "jax", "pruned")}
    run.interleaved_stats(runs, 3, warmup=1, min_sample=0.0)
    assert calls == (["jax", "primal", "pruned"]  # warm-up
                     + ["primal", "pruned", "pruned", "primal", "primal", "pruned"]
                     + ["primal"] * 3 + ["pruned"] * 3  # CPU passes
                     + ["jax"] * 3 + ["jax"] * 3)


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="no CPU affinity here")
def test_small_run_prints_checks_and_pins() -> None:
    p = subprocess.run([sys.executable, str(SCRIPT), "--size", "small", "--repeat", "1",
                        "--only", "ba,xsbench", "--no-jax", "--no-tapes", "--cores", "1"],
                       capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert "CPUs us/jax" in out and "pinned to CPU " in out
    per_call = out.split("compiled code alone")[0]
    rows = {ln.split()[0]: ln for ln in per_call.splitlines()
            if ln.startswith(("ba ", "xsbench "))}
    assert set(rows) == {"ba", "xsbench"}
    for ln in rows.values():
        assert "pruned==all_active" in ln and "/-" in ln  # CPUs: ours/(no jax)
    assert "sequential schedule agrees" in rows["xsbench"]
    assert "geomean all_active/pruned" in out
    # the second table: the compiled code alone, every variant timed (microseconds)
    code = out.split("compiled code alone", 1)[1]
    cells = {ln.split()[0]: ln.split()[1:] for ln in code.splitlines()
             if ln.startswith(("ba ", "xsbench "))}
    assert set(cells) == {"ba", "xsbench"}
    for primal, pruned, all_active, ratio, per_primal in cells.values():
        assert 0 < float(primal) and 0 < float(pruned) and 0 < float(all_active)
        assert math.isclose(float(ratio), float(all_active) / float(pruned), rel_tol=0.15)
        assert math.isclose(float(per_primal), float(pruned) / float(primal), rel_tol=0.15)
    assert "(compiled code alone)" in code


def test_cores_beyond_the_machine_is_a_clear_error() -> None:
    n = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    p = subprocess.run([sys.executable, str(SCRIPT), "--only", "ba", "--cores", str(n + 1)],
                       capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert p.returncode != 0 and "--cores" in p.stderr and "Traceback" not in p.stderr


@pytest.mark.slow  # (default suite budget)
def test_call_overhead_script_prints_every_variant() -> None:
    r = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "call_overhead.py"), "--only",
                        "ba,hand", "--rounds", "1", "--no-jax"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    lines = {ln.split()[0]: ln.split()[1:] for ln in r.stdout.splitlines() if ln.strip()}
    for name in ("ba", "hand"):
        body, primal, grad, jax, primal_py, grad_py = lines[name]
        assert float(body) > 0 and float(grad) > 0 and float(primal) > 0 and jax == "-"
        assert float(primal_py) > 0 and float(grad_py) > 0
    # a call costs its body and more: asserted where the margin is about 100x (BA's
    # 0.1 us of code against microseconds of call), not for Hand, whose 10-20 us body
    # and 20-40 us call a single round on this shared machine has ordered both ways
    body, _, grad, *_ = lines["ba"]
    assert float(body) < float(grad)


def test_processes_take_the_median_of_side_by_side_ratios() -> None:
    """``--processes``: each ratio is the median of the processes' own ratios, not the
    ratio of median times (which may pair times from different processes); a check
    holds only if it held in every process; the parent's options are not passed on."""
    run = _run_module()

    def row(primal: float, pruned: float, all_active: float, agrees: bool = True) -> dict:
        return {"name": "gmm", "schedule": "-", "primal_s": primal, "pruned_s": pruned,
                "all_active_s": all_active, "pruned_equals_all_active": agrees,
                "pruned_cpus": 1.0}

    # all_active/pruned 3.0, 1.1, 1.1: median 1.1, where the median times give 6/5
    runs = [[row(1.0, 2.0, 6.0)], [row(3.0, 10.0, 11.0, agrees=False)], [row(2.0, 5.0, 5.5)]]
    (agg,) = run.aggregate(runs)
    assert agg["pruned_s"] == 5.0 and agg["all_active_s"] == 6.0 and agg["primal_s"] == 2.0
    assert math.isclose(run.ratio(agg, "all_pruned"), 1.1)
    assert math.isclose(run.ratio(agg, "pruned_primal"), 2.5)  # of 2.0, 3.33, 2.5
    assert run.ratio(agg, "pruned_jax") is None
    assert agg["pruned_equals_all_active"] is False
    assert "PRUNED!=ALL_ACTIVE" in run.table([agg])
    spread = run.spread(runs)
    assert "3.00 1.10 1.10" in spread
    assert run.child_argv(["--repeat", "3", "--processes", "3", "--json", "o.json",
                           "--png=c.png", "--reassoc", "--processes=2"]) == [
        "--repeat", "3", "--reassoc"]


def test_geomeans_split_as_the_paper_reports_them() -> None:
    """The paper's 1.24x is a geomean over its CPU benchmarks, its 1.7x over GPU ones:
    the table gives the geomean of our objectives and of our kernels apart, next to the
    geomean of all."""
    run = _run_module()

    def row(name: str, speedup: float) -> dict:
        return {"name": name, "schedule": "parallel" if name == "lbm" else "-",
                "primal_s": 1.0, "pruned_s": 2.0, "all_active_s": 2.0 * speedup,
                "pruned_equals_all_active": True, "pruned_cpus": 1.0}

    rows = [row("gmm", 1.0), row("minibude", 4.0), row("lbm", 1.5)]
    assert [(s, [r["name"] for r in rs]) for s, _, rs in run.groups(rows)] == [
        ("cpu set", ["gmm", "minibude"]), ("gpu set", ["lbm"])]
    text = run.table(rows)
    assert "geomean all_active/pruned: 1.82x" in text  # (1 * 4 * 1.5) ** (1/3)
    assert "(gmm, minibude; the paper's CPU set): all_active/pruned 2.00x" in text
    assert "(lbm; on host threads here): all_active/pruned 1.50x" in text
    assert run.groups(rows[:2]) == []  # one kind only: the geomean of all says it
    assert "cpu set    2.00 2.00" in run.spread([rows, rows])



def test_chart_has_the_split_geomeans(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The PNG chart: one bar per benchmark, the geomean of all and, when both kinds
    are there, the geomeans of the objectives and of the kernels."""
    pytest.importorskip("matplotlib")
    import matplotlib.axes

    run = _run_module()
    rows = [{"name": n, "schedule": "-", "primal_s": 1.0, "pruned_s": 2.0,
             "all_active_s": 2.0 * x, "pruned_equals_all_active": True}
            for n, x in (("gmm", 1.0), ("minibude", 4.0), ("lbm", 1.5))]
    seen: list[str] = []
    real = matplotlib.axes.Axes.set_xticks

    def spy(self: Any, ticks: Any, labels: Any = None, **kw: Any) -> Any:
        seen.extend(labels or [])
        return real(self, ticks, labels, **kw)

    monkeypatch.setattr(matplotlib.axes.Axes, "set_xticks", spy)
    out = tmp_path / "c.png"
    assert run.chart(rows, str(out)) and out.stat().st_size > 1000
    assert seen == ["gmm", "minibude", "lbm", "geomean", "geomean\ncpu set",
                    "geomean\ngpu set"]


@pytest.mark.slow  # (default suite budget)
def test_static_compiles_every_variant_for_the_sizes() -> None:
    """``--static``: the integer arguments (and only those) are static, every variant
    (kernels on host threads too) is checked as usual; a benchmark with no integer
    argument (BA) runs its one plain gradient.  (With ``--strict-adjoints`` too.)"""
    run = _run_module()
    import activity
    from activity.codegen.specialize import static_positions

    gmm = run.spec_of("gmm")
    assert static_positions(activity.parse(gmm.mlir), gmm.func, "auto") == (0, 1, 2, 8)
    p = subprocess.run([sys.executable, str(SCRIPT), "--size", "small", "--repeat", "1",
                        "--only", "gmm,ba,xsbench", "--no-jax", "--no-tapes",
                        "--no-code-timing", "--static", "--threads", "2",
                        "--strict-adjoints"],
                       capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    assert "compiled for these sizes" in p.stdout
    assert "sum each adjoint in the reverse sweep's order" in p.stdout
    rows = [ln for ln in p.stdout.splitlines() if ln.startswith(("gmm ", "ba ", "xsbench "))]
    assert len(rows) == 3 and all("pruned==all_active" in ln for ln in rows)
    assert "sequential schedule agrees" in rows[2]


@pytest.mark.slow  # (default suite budget)
def test_check_cost_script_prints_both_ratios() -> None:
    r = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "check_cost.py"), "--only",
                        "ba,hand", "--rounds", "1", "--size", "small"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    rows = {ln.split()[0]: ln.split()[1:] for ln in r.stdout.splitlines()[1:] if ln.strip()}
    assert set(rows) == {"ba", "hand"}
    for cells in rows.values():
        assert len(cells) == 4 and all(float(c) > 0 for c in cells)


C_SCRIPT = ROOT / "benchmarks" / "c_run.py"


def _c_run_module() -> Any:
    spec = importlib.util.spec_from_file_location("bench_c_run", C_SCRIPT)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_c_run_finite_differences_catch_a_wrong_gradient() -> None:
    """The check ``benchmarks/c_run.py`` applies to every gradient: central differences
    of the native primal, coordinates sampled when ``fd_max`` is given."""
    c_run = _c_run_module()

    def f(ys: list) -> float:
        return float(np.sum(ys[0] ** 2) * ys[1])

    xs = [np.arange(1.0, 6.0), 1.5]
    fds = c_run.finite_differences(f, xs, ["dup", "active"], 3, np.random.default_rng(0))
    assert [len(i) for i, _ in fds] == [3, 1]
    right = (2 * xs[0] * xs[1], float(np.sum(xs[0] ** 2)))
    assert c_run.fd_error(right, fds) < 1e-8
    assert c_run.fd_error((right[0] * 1.001, right[1]), fds) > c_run.TOL
    assert c_run.fd_error(right[:1], fds) == math.inf  # a gradient missing
    assert fds[0][1].shape == (len(c_run.STEPS), 3)  # (one row per step)


@pytest.mark.skipif(not all(shutil.which(t) for t in
                            ("clang-22", "mlir-translate-22", "mlir-opt-22")),
                    reason="needs clang-22, mlir-translate-22 and mlir-opt-22")
def test_c_run_small_prints_times_checks_and_shares(tmp_path: Path) -> None:
    out_json = tmp_path / "c.json"
    p = subprocess.run([sys.executable, str(C_SCRIPT), "--small", "--repeat", "1",
                        "--only", "ba,lstm", "--json", str(out_json)],
                       capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    assert "geomean all_active/pruned" in p.stdout and "the paper: 1.24x" in p.stdout
    rows = json.loads(out_json.read_text())
    assert [r["name"] for r in rows] == ["ba", "lstm"]
    for r in rows:
        assert r["primal_agrees"]
        assert r["pruned_fd_error"] <= 1e-6 and r["all_active_fd_error"] <= 1e-6
        assert all(r[f"{k}_s"] > 0 for k in ("clang", "primal", "pruned", "all_active"))
        assert math.isclose(r["speedup"], r["all_active_s"] / r["pruned_s"])
        assert 0 < r["inactive_whole_program"] <= r["inactive_summaries"] < 1
        assert r["parity"] == 1.0
        line = next(ln for ln in p.stdout.splitlines() if ln.startswith(r["name"] + " "))
        assert f"{r['speedup']:.2f}x" in line and "FAIL" not in line
