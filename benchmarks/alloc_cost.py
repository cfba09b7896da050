"""What the allocation size checks cost (issue 36): checked against unchecked byte
counts, side by side in one process.

    python benchmarks/alloc_cost.py                        # every benchmark, 15 rounds
    python benchmarks/alloc_cost.py --only gmm,hand --rounds 31

Every ``memref.alloc``/``alloca`` of compiled code checks its byte count in every mode
(``FuncLowering.alloc_bytes``: no size negative, the product of the sizes and the
element size without wrapping around, below 2**47).  For each benchmark of
``benchmarks/run.py`` this compiles the primal and the pruned gradient (unchecked
code, ``check_bounds=False``) twice: as the lowering makes them, and with
``alloc_bytes`` replaced by the plain product it was before.  It times the compiled
code alone (arguments packed once, ``run(n)`` from a native loop, the variants
round-robin) in the thread's CPU time, which a shared machine's other processes
disturb less than the wall clock, and prints the least time of each and the ratio
new/old.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import run  # noqa: E402  (benchmarks/run.py: the benchmarks, their inputs, rotations)

import activity  # noqa: E402
from activity.codegen import compile as compile_fn  # noqa: E402
from activity.codegen import gradient, jit, lower  # noqa: E402


def unchecked_bytes(self: Any, op: Any, sizes: Any, es: int) -> Any:
    """The byte count as before the checks: the plain product."""
    return self.b.mul(self.product(sizes), self.i64(es))


def least_times(preps: dict[str, Any], rounds: int, sample: float = 0.05) -> dict[str, float]:
    batch = {}
    for k, prep in preps.items():
        best = math.inf
        for _ in range(3):  # (the first run pays for first touches)
            prep.reset()
            t0 = time.perf_counter()
            prep.run(1)
            best = min(best, time.perf_counter() - t0)
        batch[k] = max(1, min(100_000, math.ceil(sample / max(best, 1e-9))))
    times: dict[str, list[float]] = {k: [] for k in preps}
    for k in run.rotations(list(preps), rounds):
        preps[k].reset()
        t0 = time.thread_time()
        preps[k].run(batch[k])
        times[k].append((time.thread_time() - t0) / batch[k])
    return {k: min(v) for k, v in times.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", default=None, help="comma-separated benchmark names")
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--size", default="bench", choices=["small", "bench"])
    a = ap.parse_args(argv)
    names = a.only.split(",") if a.only else run.ORDER
    checked = lower.FuncLowering.alloc_bytes
    print(f"{'benchmark':10s} {'primal ms':>10s} {'new/old':>8s} {'gradient ms':>12s} "
          f"{'new/old':>8s}")
    for name in names:
        spec = run.spec_of(name)
        inputs = spec.make_inputs(np.random.default_rng(0), a.size)
        preps = {}
        try:
            for tag, fn in (("old", unchecked_bytes), ("new", checked)):
                lower.FuncLowering.alloc_bytes = fn  # type: ignore[method-assign]
                jit.clear_cache()
                f = compile_fn(activity.parse(spec.mlir), spec.func)
                preps[f"primal {tag}"] = f.prepare(run.copies(inputs))
                g = gradient(activity.parse(spec.mlir), spec.func, run.WRT[name], True,
                             args=spec.args)
                preps[f"gradient {tag}"] = g.prepare(*run.copies(inputs))
        finally:
            lower.FuncLowering.alloc_bytes = checked  # type: ignore[method-assign]
            jit.clear_cache()
        st = least_times(preps, a.rounds)
        print(f"{name:10s} {st['primal old'] * 1e3:10.4g} "
              f"{st['primal new'] / st['primal old']:8.3f} "
              f"{st['gradient old'] * 1e3:12.4g} "
              f"{st['gradient new'] / st['gradient old']:8.3f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
