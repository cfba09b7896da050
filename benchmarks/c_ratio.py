"""Gradient / primal time of the five C objectives (benchmarks/c/*.generic.mlir).

Both compiled by us in one process (``activity.compile`` for the primal,
``activity.gradient`` pruned for the gradient, the activities of
tests/test_c_objectives.py), at ADBench-like sizes; each time is the median over
``--repeat`` batches of calls (a batch runs at least ``--batch-ms``; the primal's and
the gradient's batches alternate), per call, Python's call overhead included (it
dominates BA's and Hand's primal)::

    PYTHONPATH=$PWD python benchmarks/c_ratio.py [--only gmm,hand] [--repeat 7]

Issue 31's target: gradient within 3x of the primal.  The loops clang emits as
blocks are lifted to ``scf`` loops before differentiating (activity/ad/lift_cf.py);
to see the gradient without that, run this file with ``PYTHONPATH`` at an older
checkout.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

import activity

CDIR = Path(__file__).resolve().parent / "c"


def _gmm(rng: np.random.Generator) -> list:
    d, k, n = 10, 25, 1000
    return [d, k, n, rng.normal(size=k), rng.normal(size=k * d),
            0.3 * rng.normal(size=k * d * (d + 1) // 2), rng.normal(size=n * d), 1.0, 0]


def _ba(rng: np.random.Generator) -> list:
    cam = np.array([0.1, -0.2, 0.15, 0.3, -0.1, -4.0, 1.2, 0.05, -0.03, 0.01, -0.002])
    return [cam + 0.01 * rng.normal(size=11), rng.normal(size=3), 0.8,
            rng.normal(size=2), np.zeros(2), np.zeros(1)]


def _hand(rng: np.random.Generator) -> list:
    nb, nv = 8, 544
    parents = np.arange(-1, nb - 1, dtype=np.int32)
    return [nb, nv, 0.4 * rng.normal(size=3 + 3 * nb), parents,
            rng.normal(size=12 * nb), rng.normal(size=12 * nb), rng.normal(size=3 * nv),
            rng.uniform(0.1, 1.0, size=nv * nb), rng.normal(size=3 * nv)]


def _lstm(rng: np.random.Generator) -> list:
    layers, chars, b = 2, 1024, 14
    return [layers, chars, b, 0.5 * rng.normal(size=2 * layers * 4 * b),
            0.5 * rng.normal(size=3 * b), 0.5 * rng.normal(size=2 * layers * b),
            rng.normal(size=chars * b)]


def _minibude(rng: np.random.Generator) -> list:
    nposes, nl, nprot, ntypes = 8, 26, 938, 8
    return [nposes, nl, nprot, 0.3 * rng.normal(size=6 * nposes),
            1.5 * rng.normal(size=3 * nl), rng.integers(0, ntypes, nl, dtype=np.int32),
            4.0 * rng.normal(size=3 * nprot), rng.integers(0, ntypes, nprot, dtype=np.int32),
            rng.uniform(1.0, 2.0, ntypes), rng.uniform(-1.0, 1.0, ntypes),
            rng.uniform(-0.5, 0.5, ntypes),
            rng.choice(np.array([0, 69, 70], np.int32), ntypes), np.zeros(nposes)]


# name -> (function, activities, inputs)
OBJECTIVES: dict[str, tuple[str, list[str], Callable[[np.random.Generator], list]]] = {
    "gmm": ("gmm_objective", ["const"] * 3 + ["dup"] * 3 + ["const"] * 3, _gmm),
    "ba": ("ba_objective", ["dup", "dup", "active", "const", "dup", "dup"], _ba),
    "hand": ("hand_objective", ["const", "const", "dup"] + ["const"] * 6, _hand),
    "lstm": ("lstm_objective", ["const"] * 3 + ["dup"] * 3 + ["const"], _lstm),
    "minibude": ("minibude_objective", ["const"] * 3 + ["dup"] + ["const"] * 8 + ["dup"],
                 _minibude),
}


def module(name: str):
    """The objective's module without its ``__enzyme_autodiff`` driver."""
    m = activity.parse(CDIR / f"{name}.generic.mlir")
    for op in list(m.body.block.ops):
        if any(getattr(c, "callee", None) is not None
               and c.callee.string_value() == "__enzyme_autodiff" for c in op.walk()):
            m.body.block.erase_op(op)
    return m


def side_by_side(fs: list[Callable[[], object]], repeat: int,
                 batch_ms: float) -> list[float]:
    """Median seconds per call of each of ``fs``, their batches alternating (so that a
    machine busy with other work slows them alike)."""
    sizes = []
    for f in fs:
        f()
        t0 = time.perf_counter()
        f()
        sizes.append(max(1, int(batch_ms / 1e3 / max(time.perf_counter() - t0, 1e-7))))
    times: list[list[float]] = [[] for _ in fs]
    for _ in range(repeat):
        for f, n, ts in zip(fs, sizes, times, strict=True):
            t0 = time.perf_counter()
            for _ in range(n):
                f()
            ts.append((time.perf_counter() - t0) / n)
    return [statistics.median(ts) for ts in times]


def run(name: str, repeat: int, batch_ms: float) -> tuple[float, float]:
    func, acts, make = OBJECTIVES[name]
    m = module(name)
    xs = make(np.random.default_rng(0))
    primal = activity.compile(m, func)
    grad = activity.gradient(m, func, prune=True, args=acts)

    def copies() -> list:
        return [x.copy() if isinstance(x, np.ndarray) else x for x in xs]

    a, b = copies(), copies()  # (LSTM and miniBUDE write their buffers: fresh ones)
    tp, tg = side_by_side([lambda: primal(*a), lambda: grad(*b)], repeat, batch_ms)
    return tp, tg


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", default=",".join(OBJECTIVES))
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--batch-ms", type=float, default=50.0)
    ns = ap.parse_args()
    print(f"{'objective':10} {'primal':>12} {'gradient':>12} {'ratio':>8}")
    for name in ns.only.split(","):
        tp, tg = run(name, ns.repeat, ns.batch_ms)
        print(f"{name:10} {tp * 1e3:10.4f}ms {tg * 1e3:10.4f}ms {tg / tp:8.2f}", flush=True)


if __name__ == "__main__":
    main()
