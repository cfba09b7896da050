"""The compiled tensor primal (bufferized, linalg lowered to loops, LLVM) against numpy
and ``jax.jit`` on one thread, side by side in one process.

    python benchmarks/tensor_primal.py                 # all three, 15 rounds
    python benchmarks/tensor_primal.py --only mlp --repeat 31

Programs (``benchmarks/tensor/*.mlir``): a matmul chain ``(A B) C`` (f32, 256^3), an MLP
layer stack (784-512-512-10, batch 64, f32) and the GMM objective on tensors (f64,
ADBench's d=10, K=25, n=1000: ``benchmarks/objectives.py``'s ``bench`` size).  Each
round calls every variant for ~20 ms, the variants interleaved and the starting one
rotated, each call timed; the table shows the least and the median time of a call and
the ratios of the least, ``ours/numpy`` and ``ours/jax``.  Our time is a whole call from Python
(arguments checked, the result array made); jax's is ``f(*args).block_until_ready()``
on arrays already on the device.  One thread everywhere: the BLAS numpy uses (set
before numpy is imported), XLA (``--xla_cpu_multi_thread_eigen=false
intra_op_parallelism_threads=1``), and the process pinned to one CPU (``--cores``).
Results are checked against numpy before timing.  JAX columns are left out when jax is
not installed.  ``--contract``: our linalg bodies with FMA contraction (multiplies and
the adds they feed fused, as XLA does; by default not: results bit for bit the
interpreter's).
"""

from __future__ import annotations

import os

for _v in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_v, "1")
os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") + " --xla_cpu_multi_thread_eigen=false"
                           " intra_op_parallelism_threads=1").strip()

import argparse  # noqa: E402
import importlib.util  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import activity  # noqa: E402


def _load(name: str, path: Path) -> Any:
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


INPUTS = _load("activity_tensor_inputs", HERE / "tensor" / "inputs.py")
OBJ = _load("activity_benchmark_objectives", HERE / "objectives.py")


def jax_fns() -> dict[str, Callable] | None:
    try:
        import jax
        import jax.numpy as jnp
    except ImportError:
        return None
    jax.config.update("jax_enable_x64", True)

    def chain(a: Any, b: Any, c: Any) -> Any:
        return (a @ b) @ c

    def mlp(x: Any, *p: Any) -> Any:
        h = x
        for i in range(0, len(p), 2):
            h = h @ p[i] + p[i + 1]
            if i + 2 < len(p):
                h = jnp.maximum(h, 0)
        return h

    def gmm(alphas: Any, means: Any, qs: Any, ls: Any, x: Any, gamma: Any, m: Any,
            cst: Any) -> Any:
        n = x.shape[0]
        q = jnp.tril(ls, -1) + jnp.exp(qs)[:, :, None] * jnp.eye(qs.shape[1])[None]
        xc = x[:, None, :] - means[None]
        qx = jnp.einsum("kab,nkb->nka", q, xc)
        main = alphas[None] + qs.sum(1)[None] - 0.5 * jnp.sum(qx * qx, axis=2)
        mx = main.max(1)
        slse = jnp.sum(jnp.log(jnp.exp(main - mx[:, None]).sum(1)) + mx)
        am = alphas.max()
        lsea = jnp.log(jnp.exp(alphas - am).sum()) + am
        frob = jnp.sum(jnp.exp(qs) ** 2) + jnp.sum(jnp.tril(ls, -1) ** 2)
        return slse - n * lsea + 0.5 * gamma * gamma * frob - m * qs.sum() + cst

    return {"chain": jax.jit(chain), "mlp": jax.jit(mlp), "gmm": jax.jit(gmm)}


def programs(rng: np.random.Generator) -> dict[str, tuple[str, str, list, Callable]]:
    """name -> (file, function, arguments, numpy version)."""
    gmm_in = OBJ.gmm_inputs(rng, "bench")
    return {
        "chain": ("matmul_chain.mlir", "chain", INPUTS.chain_args(rng), INPUTS.chain_numpy),
        "mlp": ("mlp.mlir", "mlp", INPUTS.mlp_args(rng), INPUTS.mlp_numpy),
        "gmm": ("gmm.mlir", "gmm", INPUTS.gmm_tensor_args(*gmm_in), INPUTS.gmm_numpy),
    }


def timed(fns: dict[str, Callable[[], Any]], repeat: int, sample: float = 0.02) -> dict:
    """Seconds per call of each thunk: the least and the median over every call of
    the rounds (interleaved and rotated, ~``sample`` seconds of calls per variant and
    round); the least is what the code costs on a machine others share (the median
    shows how much they took)."""
    batch = {}
    for k, fn in fns.items():
        fn()
        t0 = time.perf_counter()
        fn()
        batch[k] = max(1, int(sample / max(time.perf_counter() - t0, 1e-7)))
    keys = list(fns)
    times: dict[str, list[float]] = {k: [] for k in keys}
    for r in range(repeat):
        for k in keys[r % len(keys):] + keys[:r % len(keys)]:
            fn, n = fns[k], batch[k]
            for _ in range(n):
                t0 = time.perf_counter()
                fn()
                times[k].append(time.perf_counter() - t0)
    return {k: (min(v), statistics.median(v)) for k, v in times.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default="chain,mlp,gmm")
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--cores", type=int, default=1, help="CPUs to pin the process to "
                    "(0: leave it)")
    ap.add_argument("--contract", action="store_true", help="linalg bodies compiled with "
                    "FMA contraction (activity.tensor.loops.CONTRACT = True; by default "
                    "off: results bit for bit the interpreter's)")
    ns = ap.parse_args(argv)
    if ns.contract:
        from activity.tensor import loops

        loops.CONTRACT = True
    if ns.cores:
        allowed = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, allowed[:ns.cores])
    rng = np.random.default_rng(0)
    progs = programs(rng)
    jfns = jax_fns()
    rows = []
    for name in ns.only.split(","):
        path, func, args, ref = progs[name]
        t0 = time.perf_counter()
        ours = activity.compile(HERE / "tensor" / path, func)
        compile_s = time.perf_counter() - t0
        want = np.asarray(ref(*args))
        got = np.asarray(ours(*args))
        tol = 1e-4 if want.dtype == np.float32 else 1e-10
        scale = max(1.0, float(np.max(np.abs(want))))
        assert np.max(np.abs(got - want)) <= tol * scale, (name, got, want)
        fns: dict[str, Callable[[], Any]] = {"ours": lambda o=ours, a=args: o(*a),
                                             "numpy": lambda r=ref, a=args: r(*a)}
        if jfns is not None:
            import jax

            jf = jfns[name]
            jargs = [jax.device_put(a) if isinstance(a, np.ndarray) else a for a in args]
            jv = np.asarray(jf(*jargs))
            assert np.max(np.abs(jv - want)) <= tol * scale, (name, jv, want)
            fns["jax"] = lambda f=jf, a=jargs: f(*a).block_until_ready()
        t = timed(fns, ns.repeat)
        rows.append((name, compile_s, t))
    print("ms per call: least of the rounds (median); ratios of the least")
    head = (f"{'program':8} {'compile s':>9} {'ours ms':>16} {'numpy ms':>16} "
            f"{'ours/numpy':>10}")
    if jfns is not None:
        head += f" {'jax.jit ms':>16} {'ours/jax':>8}"
    print(head)

    def ms(x: tuple[float, float]) -> str:
        return f"{x[0] * 1e3:.3f} ({x[1] * 1e3:.3f})"

    for name, cs, t in rows:
        line = (f"{name:8} {cs:9.2f} {ms(t['ours']):>16} {ms(t['numpy']):>16} "
                f"{t['ours'][0] / t['numpy'][0]:10.2f}")
        if "jax" in t:
            line += f" {ms(t['jax']):>16} {t['ours'][0] / t['jax'][0]:8.2f}"
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
