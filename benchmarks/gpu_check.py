"""GPU check on a real device: the ``scf.parallel`` kernels and their gradients on the
GPU against the CPU, with timings.

    python benchmarks/gpu_check.py                 # needs a CUDA device and cuda-python
    python benchmarks/gpu_check.py --size bench --repeat 5
    python benchmarks/gpu_check.py --emulate --size small   # no GPU: host emulation
    python benchmarks/gpu_check.py --size gpu --cpu-threads 16 --cpu-repeat 1   # a lent H200
    python benchmarks/gpu_check.py --tapes-only --size gpu --jax   # tape sizes, no device
    python benchmarks/gpu_check.py --tapes-only --size gpu --checkpoint 10   # checkpointed

For each kernel of ``benchmarks/kernels`` (XSBench-style lookup, LBM-style stencil,
RSBench-style multipole lookup, LULESH-style hydro step):

1. the primal compiled with ``target="gpu"`` (kernels launched through the CUDA driver
   API) must return what ``target="cpu"`` returns and leave the same buffers;
2. the gradient with ``target="gpu"`` must equal the CPU gradient: both differentiate
   the kernel as written (the reverse of an ``scf.parallel`` is an ``scf.parallel``, so
   the reverse sweep runs as GPU kernels too; shadow updates that iterations may share
   are atomic).  Should the parallel reverse fail, the script says so, times the CPU
   gradient of the sequential schedule and skips the GPU gradient;
3. the ``all_active`` gradient on the device must agree too (``--no-all-active``: skip);
4. with ``--jax``, ``jax.jit(jax.grad(f))`` of the equivalent JAX objective on JAX's
   default device must agree too; it is timed with its arrays already on the device,
   and with numpy arrays in and out, moved on every call (our contract);
5. median times of each, the GPU/CPU speedup, gradient/primal and pruned/all_active on
   the device, and how much of one call the kernels take (the rest is staging arrays
   into managed memory and back, and the host part);
6. the tape sizes: the static tape bytes of the pruned and the ``all_active`` gradient
   at these sizes (``--stats``' formula evaluated; stack tapes, sized at run time, are
   flagged) and what each tapes.

Exit status 0 when every comparison that ran agreed, 1 otherwise, 2 when no device is
available (and ``--emulate`` was not given).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import sys
import time
import traceback
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


def _load_module(name: str, path: Path) -> Any:
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


KER = _load_module("activity_benchmark_kernels", HERE / "kernels" / "__init__.py")

def _run_mod() -> Any:
    return _load_module("activity_benchmark_run", HERE / "run.py")


WRT = {"xsbench": [5, 7], "lbm": [3, 5], "rsbench": [4, 6, 8], "lulesh": [4, 5, 6, 10]}


def copies(xs: list[Any]) -> list[Any]:
    return [x.copy() if isinstance(x, np.ndarray) else x for x in xs]


def median_time(fn: Callable[..., Any], make_args: Callable[[], list[Any]],
                repeat: int) -> float:
    if repeat <= 0:  # not timed (--cpu-repeat 0)
        return float("nan")
    fn(*make_args())  # warm up (module load, first-touch of managed memory)
    ts = []
    for _ in range(repeat):
        a = make_args()
        t0 = time.perf_counter()
        fn(*a)
        ts.append(time.perf_counter() - t0)
    return statistics.median(ts)


def kernel_share(fn: Callable[..., Any], args: list[Any], emulate: bool) -> str:
    """One more call, saying how much of it the device spent in kernels (launch to
    synchronize) and in how many launches; the rest is staging the arrays into managed
    memory, copying them back and the host part of the function."""
    if emulate:
        return ""
    rt = gpu.runtime()
    rt.kernel_s, rt.launches = 0.0, 0
    t0 = time.perf_counter()
    fn(*args)
    total = time.perf_counter() - t0
    return (f"   [kernels {rt.kernel_s * 1e3:.3f} of {total * 1e3:.3f} ms, "
            f"{rt.launches} launches]")


def close(a: Any, b: Any, rtol: float) -> bool:
    if isinstance(a, tuple):
        return all(close(x, y, rtol) for x, y in zip(a, b, strict=True))
    if a is None or b is None:
        return a is None and b is None
    return bool(np.allclose(a, b, rtol=rtol, atol=rtol * 1e-3))


def kernel(name: str, checkpoint: str | None = None) -> Any:
    """The kernel; ``checkpoint`` (``"auto"`` or K): its time loop, if it has one
    (LBM, LULESH), marked for checkpointing."""
    k = KER.KERNELS[name]
    if checkpoint is None or "scf.for %t " not in k.mlir:
        return k
    return KER.checkpointed(k, None if checkpoint == "auto" else int(checkpoint))


def check(name: str, size: str, repeat: int, emulate: bool, rtol: float,
          cpu_repeat: int | None = None, cpu_threads: int = 1, all_active: bool = True,
          record: dict[str, Any] | None = None, use_jax: bool = False,
          checkpoint: str | None = None) -> bool:
    k = kernel(name, checkpoint)
    module = activity.parse(k.mlir)
    inputs = k.make_inputs(np.random.default_rng(0), size)
    rec: dict[str, Any] = {} if record is None else record
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
    rec.update(primal_cpu_s=t_cpu, primal_gpu_s=t_gpu, primal_agree=same)
    print(f"{name:<8} primal    cpu {t_cpu * 1e3:10.3f} ms   gpu {t_gpu * 1e3:10.3f} ms   "
          f"speedup {t_cpu / t_gpu:7.2f}x   {'agree' if same else 'DISAGREE'} "
          f"({r_cpu!r} vs {r_gpu!r}){kernel_share(dev, copies(inputs), emulate)}",
          flush=True)
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
    want = tuple(g_cpu(*inputs))
    same = close(want, tuple(g_gpu(*inputs)), rtol)
    ok &= same
    t_gg = median_time(g_gpu, lambda: inputs, repeat)
    rec.update(grad_cpu_s=t_gc, grad_gpu_s=t_gg, grad_agree=same)
    print(f"{name:<8} gradient  cpu {t_gc * 1e3:10.3f} ms   gpu {t_gg * 1e3:10.3f} ms   "
          f"speedup {t_gc / t_gg:7.2f}x   {'agree' if same else 'DISAGREE'}"
          f"{kernel_share(g_gpu, inputs, emulate)}", flush=True)
    print(f"{name:<8} gradient/primal on the gpu {t_gg / t_gpu:.2f}", flush=True)
    if not emulate:  # the same without prefetching the function's own allocations
        rt = gpu.runtime()
        rt.prefetch_allocs = False
        try:
            t_np = median_time(g_gpu, lambda: inputs, repeat)
            share = kernel_share(g_gpu, inputs, emulate)
        finally:
            rt.prefetch_allocs = True
        rec.update(grad_gpu_no_alloc_prefetch_s=t_np)
        print(f"{name:<8} gradient  gpu without prefetching its allocations "
              f"{t_np * 1e3:10.3f} ms{share}", flush=True)
    if all_active:
        try:
            g_all = activity.gradient(module, k.func, wrt, False, args=k.args,
                                      target="gpu", emulate=emulate)
            same = close(want, tuple(g_all(*inputs)), rtol)
            ok &= same
            t_ga = median_time(g_all, lambda: inputs, repeat)
            rec.update(all_active_gpu_s=t_ga, all_active_agree=same)
            print(f"{name:<8} all_active gpu {t_ga * 1e3:10.3f} ms   pruned/all_active "
                  f"speedup {t_ga / t_gg:5.2f}x   {'agree' if same else 'DISAGREE'}"
                  f"{kernel_share(g_all, inputs, emulate)}", flush=True)
        except Exception:
            traceback.print_exc()
            rec["all_active_error"] = traceback.format_exc()
            ok = False
    if use_jax:
        ok &= jax_check(name, inputs, want, t_gg, repeat, rec)
    tape_report(name, module, k, inputs, rec, use_jax)
    return ok


def _gb(n: int | None) -> str:
    return "?" if n is None else f"{n / 1e9:.3f} GB" if n >= 1e8 else f"{n / 1e6:.3f} MB"


def tape_report(name: str, module: Any, k: Any, inputs: list[Any],
                rec: dict[str, Any], use_jax: bool = False) -> None:
    """The static tape bytes of both gradients at these sizes, and what they tape;
    with ``use_jax`` the bytes of temporaries XLA's compiled gradient allocates."""
    run = _run_mod()
    if use_jax:
        n = run.jax_temp_bytes(name, inputs)
        rec["jax_temp_bytes"] = n
        print(f"{name:<8} jax temporaries  {_gb(n):>12}   (XLA's memory_analysis of "
              "jax.jit(jax.grad(f)) for these shapes: residuals and buffers)", flush=True)
    for mode, prune in (("pruned", True), ("all_active", False)):
        t = run.static_tapes(module, k.func, list(k.args), prune, inputs)
        rec[f"{mode}_tape_bytes"] = t["static_bytes"]
        rec[f"{mode}_taped"] = t["cached"]
        stack = " + stack tapes (sized at run time)" if t["stack"] else ""
        print(f"{name:<8} tape {mode:<10} {_gb(t['static_bytes']):>12}{stack}   "
              f"{' '.join(t['cached']) or '-'}", flush=True)


def jax_check(name: str, inputs: list[Any], want: tuple[Any, ...], ours_s: float,
              repeat: int, rec: dict[str, Any]) -> bool:
    """``jax.jit(jax.grad(f))`` of the equivalent objective of ``benchmarks/run.py`` on
    JAX's default device (the GPU where jax has its CUDA plugin), timed and checked
    against our gradient.  JAX must not grab most of the device's memory up front
    (``XLA_PYTHON_CLIENT_PREALLOCATE=false``): our buffers are managed memory."""
    import os

    os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
    try:
        import jax
    except ImportError:
        print(f"{name:<8} jax: not installed")
        return True
    run = _run_mod()
    jx = run.jax_gradient(name, inputs)
    call, xs = jx
    got = [np.asarray(v) for v in call(*xs)]
    same = all(np.allclose(np.asarray(a).reshape(-1), b.reshape(-1), rtol=1e-6,
                           atol=1e-9 * max(1.0, float(np.max(np.abs(b)))))
               for a, b in zip(want, got, strict=True))
    t = median_time(call, lambda: xs, repeat)
    # the same with numpy arrays in and out, moved to the device on every call, as ours
    hcall, hxs = run.jax_gradient(name, inputs, host=True)
    hgot = hcall(*hxs)
    same &= all(np.allclose(a, b) for a, b in zip(hgot, got, strict=True))
    th = median_time(hcall, lambda: hxs, repeat)
    rec.update(jax_s=t, jax_host_s=th, jax_agree=same, jax_device=str(jax.devices()[0]))
    print(f"{name:<8} jax ({jax.devices()[0]}) {t * 1e3:10.3f} ms   ours/jax "
          f"{ours_s / t:5.2f}   with numpy in and out {th * 1e3:10.3f} ms   ours/jax "
          f"{ours_s / th:5.2f}   {'agree' if same else 'DISAGREE'}", flush=True)
    return same


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
    ap.add_argument("--no-all-active", action="store_true",
                    help="skip the all_active gradient on the device")
    ap.add_argument("--jax", action="store_true",
                    help="also time jax.jit(jax.grad(f)) of the equivalent JAX objective "
                         "on JAX's default device and check it agrees")
    ap.add_argument("--json", default=None, help="also write the numbers to this file")
    ap.add_argument("--checkpoint", default=None, metavar="K|auto",
                    help="differentiate the time loops of LBM and LULESH with checkpointing "
                         "(snapshots every K steps, auto: ceil(sqrt(steps)); "
                         "activity.ad.checkpoint) instead of a tape per step")
    ap.add_argument("--tapes-only", action="store_true",
                    help="only the tape sizes at --size (and, with --jax, XLA's temporaries), "
                         "computed without running anything: no device needed")
    ns = ap.parse_args(argv)
    if ns.tapes_only:
        for n in (list(KER.KERNELS) if ns.only is None else ns.only.split(",")):
            k = kernel(n, ns.checkpoint)
            tape_report(n, activity.parse(k.mlir), k,
                        k.make_inputs(np.random.default_rng(0), ns.size), {}, ns.jax)
        return 0
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
    ok = True
    records: dict[str, Any] = {}
    for n in names:
        records[n] = {}
        try:
            ok &= check(n, ns.size, ns.repeat, ns.emulate, ns.rtol, ns.cpu_repeat,
                        ns.cpu_threads, not ns.no_all_active, records[n], ns.jax,
                        ns.checkpoint)
        except Exception:  # go on with the next kernel: one device run has to tell all
            traceback.print_exc()
            records[n]["error"] = traceback.format_exc()
            ok = False
        if ns.json:  # after every kernel: a run cut short still leaves its numbers
            Path(ns.json).write_text(json.dumps(records, indent=1))
    if not ns.emulate and gpu.runtime().prefetch_error:
        print(f"(prefetching was given up: {gpu.runtime().prefetch_error})")
    print("all agree" if ok else "MISMATCHES OR ERRORS")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
