"""One planning run against two (``Differentiator._plan``): gradient times side by side.

    python benchmarks/tape_plans.py                       # lbm,xsbench at bench size
    python benchmarks/tape_plans.py --only lbm,minibude --size bench --repeat 21

For each benchmark, the compiled pruned gradient is built twice -- planned once (the
first run's tapes) and as the library plans it now (a second run that, inside
``scf.parallel``, recomputes values from what the first run taped) -- checked to agree,
and timed alternately; the table gives the medians, the ratio and the taped values.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import run  # noqa: E402

import activity  # noqa: E402
import activity.ad.reverse as reverse  # noqa: E402


def _first_plan_only(self: Any, key: tuple[str, str]) -> tuple[Any, Any]:
    plan = reverse.Plan()
    gen = reverse.FuncGen(self, key[0], key[1], plan, "plan")
    for fop in gen.generate():
        fop.drop_all_references()
    return plan, gen


def _taped(text: str, func: str, args: list[str]) -> list[str]:
    d = reverse.Differentiator(activity.parse(text), func, args, True)
    d.run()
    return [f"{c.value}[{','.join(c.loops)}]" for c in d.stats.cached]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", default="lbm,xsbench")
    ap.add_argument("--size", default="bench", choices=("small", "bench"))
    ap.add_argument("--repeat", type=int, default=15)
    ns = ap.parse_args(argv)
    both = reverse.Differentiator._plan
    for name in ns.only.split(","):
        spec = run.spec_of(name)
        inputs = spec.make_inputs(np.random.default_rng(0), ns.size)
        wrt = run.WRT[name]
        reverse.Differentiator._plan = _first_plan_only  # type: ignore[method-assign]
        try:
            one = activity.gradient(activity.parse(spec.mlir), spec.func, wrt,
                                    args=spec.args)
            taped_one = _taped(spec.mlir, spec.func, list(spec.args))
        finally:
            reverse.Differentiator._plan = both  # type: ignore[method-assign]
        # a different text, so that the compiled-module cache cannot hand back `one`
        two = activity.gradient(activity.parse(spec.mlir + "\n"), spec.func, wrt,
                                args=spec.args)
        taped_two = _taped(spec.mlir, spec.func, list(spec.args))
        agree = all(np.allclose(a, b, rtol=1e-10, atol=1e-12)
                    for a, b in zip(one(*inputs), two(*inputs), strict=True))
        t1: list[float] = []
        t2: list[float] = []
        for _ in range(ns.repeat):
            for fn, ts in ((one, t1), (two, t2)):
                t0 = time.perf_counter()
                fn(*inputs)
                ts.append(time.perf_counter() - t0)
        m1, m2 = statistics.median(t1), statistics.median(t2)
        print(f"{name:<9} one plan {m1 * 1e3:9.3f} ms   two plans {m2 * 1e3:9.3f} ms   "
              f"one/two {m1 / m2:5.2f}   {'agree' if agree else 'DISAGREE'}")
        print(f"          taped, one plan:  {' '.join(taped_one) or '-'}")
        print(f"          taped, two plans: {' '.join(taped_two) or '-'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
