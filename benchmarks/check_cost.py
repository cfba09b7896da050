"""What bounds checks cost: checked against unchecked compiled code, side by side.

    python benchmarks/check_cost.py                        # every benchmark, 7 rounds
    python benchmarks/check_cost.py --only gmm,ba --rounds 11 --size small

For each benchmark of ``benchmarks/run.py`` it compiles the primal and the pruned
gradient twice -- as usual and with ``check_bounds=True`` (every memref access
checked, :mod:`activity.codegen.checks`) -- and prints, for the compiled code alone
(``run.py``'s ``code_stats``: arguments packed once, the wrapper called from a native
loop, the variants timed round-robin), the median time of each unchecked variant and
the ratio checked/unchecked.  The checks are a compare and a branch per access; the
branch also keeps LLVM from vectorizing a loop, which is where most of the cost is.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import run  # noqa: E402  (benchmarks/run.py: the benchmarks, their inputs, code_stats)

import activity  # noqa: E402
from activity.codegen import compile as compile_fn  # noqa: E402
from activity.codegen import gradient  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", default=None, help="comma-separated benchmark names")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--size", default="bench", choices=["small", "bench"])
    a = ap.parse_args(argv)
    names = a.only.split(",") if a.only else run.ORDER
    print(f"{'benchmark':10s} {'primal ms':>10s} {'checked/unchecked':>18s} "
          f"{'gradient ms':>12s} {'checked/unchecked':>18s}")
    for name in names:
        spec = run.spec_of(name)
        inputs = spec.make_inputs(np.random.default_rng(0), a.size)
        preps = {}
        for checked in (False, True):
            k = "checked" if checked else "plain"
            f = compile_fn(activity.parse(spec.mlir), spec.func, check_bounds=checked)
            preps[f"primal {k}"] = f.prepare(run.copies(inputs))
            g = gradient(activity.parse(spec.mlir), spec.func, run.WRT[name], True,
                         args=spec.args, check_bounds=checked)
            preps[f"gradient {k}"] = g.prepare(*run.copies(inputs))
        st = run.code_stats(preps, a.rounds)
        print(f"{name:10s} {st['primal plain'] * 1e3:10.4g} "
              f"{st['primal checked'] / st['primal plain']:18.2f} "
              f"{st['gradient plain'] * 1e3:12.4g} "
              f"{st['gradient checked'] / st['gradient plain']:18.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
