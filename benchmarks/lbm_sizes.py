"""LBM grid sizes: the time per cell at sizes whose planes are (not) 4 KiB multiples.

    python benchmarks/lbm_sizes.py                         # 160,176,192,200,208,224
    python benchmarks/lbm_sizes.py --sizes 192,200 --repeat 15

The LBM-style kernel keeps its nine distributions as nine planes of ``nx * ny`` doubles.
When a plane is a multiple of 4 KiB (``nx = ny`` = 160, 192, 224, ...), the streams a
cell touches share their low 12 address bits (4K aliasing: loads wait on unrelated
stores, and the streams compete for the same L1 sets).  This script times the primal, the
pruned and the ``all_active`` gradient at several sizes (8 steps, one thread, variants
and sizes round-robin in one process) and prints the time per cell and step and the
ratios.  What it showed on this project's machine (2026-11-30, five runs): the primal
costs 46-58 ns per cell and step at 4 KiB-multiple planes against 34-48 ns otherwise;
the gradients' times and all_active/pruned (1.0 to 1.3 at the same size) moved from run
to run with where the allocator placed the arrays and tapes, by more than the size
changed them -- so the benchmark keeps 192 x 192 and reports that spread instead.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent


def _run_module() -> Any:
    """benchmarks/run.py, imported from this folder (``benchmarks`` as a package name
    collides with one xDSL installs)."""
    sys.path.insert(0, str(HERE))
    import run

    return run


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n", 1)[1])
    ap.add_argument("--sizes", default="160,176,192,200,208,224",
                    help="comma-separated grid sizes n (an n x n grid)")
    ap.add_argument("--steps", type=int, default=8)
    ap.add_argument("--repeat", type=int, default=9)
    a = ap.parse_args(argv)
    try:
        sizes = [int(s) for s in a.sizes.split(",")]
    except ValueError:
        ap.error(f"--sizes: expected comma-separated integers, got {a.sizes!r}")
    if any(n < 2 for n in sizes) or a.steps < 1 or a.repeat < 1:
        ap.error("sizes must be >= 2, --steps and --repeat >= 1")
    R = _run_module()
    import activity

    spec = R.spec_of("lbm")
    module = activity.parse(spec.mlir)
    primal = R.compile_fn(module, spec.func)
    pruned = R.gradient(module, spec.func, R.WRT["lbm"], True, args=spec.args)
    all_active = R.gradient(module, spec.func, R.WRT["lbm"], False, args=spec.args)
    runs: dict[str, Any] = {}
    for n in sizes:
        rng = np.random.default_rng(0)
        rho = 1.0 + 0.05 * rng.standard_normal((n, n))
        ux = 0.05 * rng.standard_normal((n, n))
        uy = 0.05 * rng.standard_normal((n, n))
        f0 = R.KER._equilibrium(rho, ux, uy).reshape(-1)
        inp = [n, n, a.steps, f0, np.zeros(f0.size), 1.2]
        runs[f"primal{n}"] = (primal, lambda inp=inp: R.copies(inp))
        runs[f"pruned{n}"] = (pruned, lambda inp=inp: inp)
        runs[f"all{n}"] = (all_active, lambda inp=inp: inp)
        print(f"  {n} x {n}: inputs ready", file=sys.stderr)
    st = R.interleaved_stats(runs, a.repeat)
    print(f"{'n':>5} {'plane % 4096':>12} {'primal ms':>10} {'ns/cell-step':>12} "
          f"{'pruned ms':>10} {'all_act ms':>10} {'pruned/primal':>13} {'all/pruned':>10}")
    for n in sizes:
        p, g, al = (st[f"{k}{n}"][0] * 1e3 for k in ("primal", "pruned", "all"))
        print(f"{n:>5} {(n * n * 8) % 4096:>12} {p:>10.2f} {p * 1e6 / (n * n * a.steps):>12.1f} "
              f"{g:>10.2f} {al:>10.2f} {g / p:>13.2f} {al / g:>10.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
