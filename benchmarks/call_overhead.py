"""What a call from Python costs on top of the compiled code, for small objectives.

    python benchmarks/call_overhead.py                # BA and Hand, 15 rounds
    python benchmarks/call_overhead.py --only ba --rounds 31

For BA (one reprojection block: the compiled gradient runs in well under a
microsecond) and Hand, it prints the median microseconds per call of

* ``body``: the compiled gradient alone, its arguments packed once and the wrapper
  called from a native loop (``GradientFunction.prepare``);
* ``primal``: ``activity.compile``'s callable (argument checks, packing, results);
* ``gradient``: ``activity.gradient``'s callable (also copies the written buffers and
  allocates the shadows);
* ``jax``: ``jax.jit(jax.grad(f))`` of the same objective, when jax is importable;
* ``primal py`` and ``gradient py``: the same two calls with the arguments checked and
  packed in Python instead of by the native entry (``activity.codegen.entry``), which
  is what every call did before the entry existed, and what a call still does for an
  argument the entry does not accept.

The rounds alternate the variants (the machine's speed drifts); each sample is the
mean of a batch of calls.  Everything but ``body`` is overhead that a large
objective does not notice and a small one, called in an optimizer's inner loop, does.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import activity  # noqa: E402


def _run_module() -> Any:
    spec = importlib.util.spec_from_file_location("bench_run", HERE / "run.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["bench_run"] = mod
    spec.loader.exec_module(mod)
    return mod


def per_call_us(fns: dict[str, Callable[[], Any]], rounds: int, batch: int = 500,
                calls: dict[str, int] | None = None) -> dict[str, float]:
    """Median over ``rounds`` of the mean microseconds per call of each thunk, the
    variants taken in rotating order; ``calls[k]``: how many calls one run of thunk
    ``k`` makes (default 1)."""
    calls = calls or {}
    times: dict[str, list[float]] = {k: [] for k in fns}
    keys = list(fns)
    for f in fns.values():
        f()
    for r in range(rounds):
        for k in keys[r % len(keys):] + keys[:r % len(keys)]:
            f = fns[k]
            t0 = time.perf_counter()
            for _ in range(batch):
                f()
            times[k].append((time.perf_counter() - t0) / (batch * calls.get(k, 1)) * 1e6)
    return {k: statistics.median(v) for k, v in times.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", default="ba,hand", help="comma-separated: ba, hand")
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--no-jax", action="store_true")
    a = ap.parse_args(argv)
    run = _run_module()
    print(f"{'objective':10} {'body':>8} {'primal':>8} {'gradient':>9} {'jax':>8} "
          f"{'primal py':>10} {'gradient py':>12}   (us per call, medians)")
    for name in a.only.split(","):
        spec = run.spec_of(name)
        inputs = spec.make_inputs(np.random.default_rng(0), "bench")
        module = activity.parse(spec.mlir)
        primal = activity.compile(module, spec.func)
        grad = activity.gradient(module, spec.func, run.WRT[name], args=spec.args)
        prep = grad.prepare(*inputs)  # arguments packed once, kept alive by prep
        # compiled calls per native loop: about 0.2 ms of them, so that the fixed cost
        # of entering run() (a few us: ctypes, the lock) is spread thin
        prep.run(1)  # (the first run also compiles the native loop)
        t0 = time.perf_counter()
        prep.run(100)
        body_calls = max(1, min(10_000, math.ceil(2e-4 / ((time.perf_counter() - t0) / 100))))
        primal_py = primal.python_path()
        grad_py = grad.python_path()
        fns: dict[str, Callable[[], Any]] = {
            "body": lambda p=prep, n=body_calls: p.run(n),
            "primal": lambda p=primal, xs=inputs: p(*run.copies(xs)),
            "gradient": lambda g=grad, xs=inputs: g(*xs),
            "primal py": lambda p=primal_py, xs=inputs: p(*run.copies(xs)),
            "gradient py": lambda g=grad_py, xs=inputs: g(*xs),
        }
        if not a.no_jax:
            try:
                call, xs = run.jax_gradient(name, inputs)
                fns["jax"] = lambda c=call, xs=xs: c(*xs)
            except ImportError:
                pass
        us = per_call_us(fns, a.rounds, calls={"body": body_calls})
        jax = f"{us['jax']:8.1f}" if "jax" in us else f"{'-':>8}"
        print(f"{name:10} {us['body']:8.2f} {us['primal']:8.1f} {us['gradient']:9.1f} {jax} "
              f"{us['primal py']:10.1f} {us['gradient py']:12.1f}", flush=True)
    print("primal includes copying the inputs, as benchmarks/run.py times it")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
