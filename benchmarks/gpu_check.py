"""GPU check on a real device: the ``scf.parallel`` kernels and their gradients on the
GPU against the CPU, with timings.

    python benchmarks/gpu_check.py                 # needs a CUDA device and cuda-python
    python benchmarks/gpu_check.py --size bench --repeat 5
    python benchmarks/gpu_check.py --emulate --size small   # no GPU: host emulation
    python benchmarks/gpu_check.py --size gpu --cpu-threads 16 --cpu-repeat 1   # a lent H200

For each kernel of ``benchmarks/kernels`` (XSBench-style lookup, LBM-style stencil):

1. the primal compiled with ``target="gpu"`` (kernels launched through the CUDA driver
   API) must return what ``target="cpu"`` returns and leave the same buffers;
2. the gradient with ``target="gpu"`` must equal the CPU gradient: both differentiate
   the kernel as written (the reverse of an ``scf.parallel`` is an ``scf.parallel``, so
   the reverse sweep runs as GPU kernels too; shadow updates that iterations may share
   are atomic).  Should the parallel reverse fail, the script says so, times the CPU
   gradient of the sequential schedule and skips the GPU gradient;
3. median times of each, and the GPU/CPU speedup.

Exit status 0 when every comparison that ran agreed, 1 otherwise, 2 when no device is
available (and ``--emulate`` was not given).
"""

from __future__ import annotations

import argparse
import importlib.util
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
from activity.codegen import compile as compile_fn  # noqa: E402
from activity.codegen import gpu  # noqa: E402
from activity.codegen.sequential import sequentialize  # noqa: E402


def _load_kernels() -> Any:
    name = "activity_benchmark_kernels"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, HERE / "kernels" / "__init__.py")
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


KER = _load_kernels()
WRT = {"xsbench": [5, 7], "lbm": [3, 5]}


def copies(xs: list[Any]) -> list[Any]:
    return [x.copy() if isinstance(x, np.ndarray) else x for x in xs]


def median_time(fn: Callable[..., Any], make_args: Callable[[], list[Any]],
                repeat: int) -> float:
    fn(*make_args())  # warm up (module load, first-touch of managed memory)
    ts = []
    for _ in range(repeat):
        a = make_args()
        t0 = time.perf_counter()
        fn(*a)
        ts.append(time.perf_counter() - t0)
    return statistics.median(ts)


def close(a: Any, b: Any, rtol: float) -> bool:
    if isinstance(a, tuple):
        return all(close(x, y, rtol) for x, y in zip(a, b, strict=True))
    if a is None or b is None:
        return a is None and b is None
    return bool(np.allclose(a, b, rtol=rtol, atol=rtol * 1e-3))


def check(name: str, size: str, repeat: int, emulate: bool, rtol: float,
          cpu_repeat: int | None = None, cpu_threads: int = 1) -> bool:
    k = KER.KERNELS[name]
    module = activity.parse(k.mlir)
    inputs = k.make_inputs(np.random.default_rng(0), size)
    ok = True
    crep = repeat if cpu_repeat is None else cpu_repeat
    cpu = compile_fn(module, k.func, threads=cpu_threads)
    dev = compile_fn(module, k.func, target="gpu", emulate=emulate)
    a_cpu, a_gpu = copies(inputs), copies(inputs)
    r_cpu, r_gpu = cpu(*a_cpu), dev(*a_gpu)
    same = close(r_cpu, r_gpu, rtol) and all(
        close(x, y, rtol) for x, y in zip(a_cpu, a_gpu, strict=True)
        if isinstance(x, np.ndarray))
    ok &= same
    t_cpu = median_time(cpu, lambda: copies(inputs), crep)
    t_gpu = median_time(dev, lambda: copies(inputs), repeat)
    print(f"{name:<8} primal    cpu {t_cpu * 1e3:10.3f} ms   gpu {t_gpu * 1e3:10.3f} ms   "
          f"speedup {t_cpu / t_gpu:7.2f}x   {'agree' if same else 'DISAGREE'} "
          f"({r_cpu!r} vs {r_gpu!r})")
    wrt = WRT[name]
    try:
        g_cpu = activity.gradient(module, k.func, wrt, args=k.args, threads=cpu_threads)
    except activity.ActivityError as e:
        g_seq = activity.gradient(sequentialize(module), k.func, wrt, args=k.args)
        t_gc = median_time(g_seq, lambda: inputs, crep)
        print(f"{name:<8} gradient  cpu {t_gc * 1e3:10.3f} ms (sequential schedule)   gpu: "
              f"skipped (the parallel reverse failed: {e.message})")
        return ok
    t_gc = median_time(g_cpu, lambda: inputs, crep)
    g_gpu = activity.gradient(module, k.func, wrt, args=k.args, target="gpu",
                              emulate=emulate)
    same = close(tuple(g_cpu(*inputs)), tuple(g_gpu(*inputs)), rtol)
    ok &= same
    t_gg = median_time(g_gpu, lambda: inputs, repeat)
    print(f"{name:<8} gradient  cpu {t_gc * 1e3:10.3f} ms   gpu {t_gg * 1e3:10.3f} ms   "
          f"speedup {t_gc / t_gg:7.2f}x   {'agree' if same else 'DISAGREE'}")
    return ok


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", choices=("small", "bench", "gpu"), default="gpu")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--only", default=None, help="comma-separated kernel names")
    ap.add_argument("--emulate", action="store_true",
                    help="run the kernels on the host (no GPU needed; checks the script "
                         "and the launch path, times are not meaningful)")
    ap.add_argument("--rtol", type=float, default=1e-9)
    ap.add_argument("--cpu-repeat", type=int, default=None,
                    help="timed runs of the CPU versions (default: --repeat; at --size gpu "
                         "one CPU gradient takes tens of seconds)")
    ap.add_argument("--cpu-threads", type=int, default=1,
                    help="host threads for the CPU versions' scf.parallel loops (default 1)")
    ns = ap.parse_args(argv)
    if not ns.emulate:
        try:
            rt = gpu.runtime()
        except Exception as e:
            print(f"no CUDA device available: {e}", file=sys.stderr)
            return 2
        print(f"device 0, {rt.arch}, {rt.sms} SMs")
    names = list(KER.KERNELS) if ns.only is None else ns.only.split(",")
    if ns.cpu_threads > 1:
        print(f"CPU versions on {ns.cpu_threads} host threads")
    ok = all([check(n, ns.size, ns.repeat, ns.emulate, ns.rtol, ns.cpu_repeat,
                    ns.cpu_threads) for n in names])
    print("all agree" if ok else "MISMATCHES")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
