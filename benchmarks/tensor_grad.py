"""Tensor-level gradients side by side: ours (``activity.gradient`` of the tensor
program), ours at the memref level (the same objective in ``benchmarks/programs``),
``jax.jit(jax.grad)`` and PyTorch autograd -- time per gradient call and peak memory.

    python benchmarks/tensor_grad.py                  # ADBench/LAGrad sizes
    python benchmarks/tensor_grad.py --small --repeat 1
    python benchmarks/tensor_grad.py --only gmm_tri,ba --json out.json --png chart.png

Benchmarks (``benchmarks/tensor/*.mlir``, made by ``benchmarks/tensor/gen.py``; JAX and
PyTorch versions in ``benchmarks/tensor/{jax,torch}_objectives.py``): GMM with a full,
a triangular and a packed Q (d=10, K=25, n=1000), BA (ADBench ba1's sizes: 49 cameras,
7776 points, 31843 observations; random values), Hand (the simple objective: 8 bones,
544 vertices, ``benchmarks/objectives.py``'s size; and ADBench's complicated one,
``hand_c``: 544 points on 1088 random triangles of that mesh), LSTM (2 layers, 1024 steps, 14
units) and an MLP with a cross-entropy loss (784-512-512-10, batch 64, f32).  The
memref column runs ``benchmarks/programs/{gmm,hand,lstm}.mlir`` (GMM's packed-icf
program on all three GMM rows) and, for BA, ``@ba_all``: an ``scf.for`` over the
observations calling the one-block ``ba.mlir`` (written here); the complicated Hand and
the MLP have none.

Everything runs on one thread: the BLAS numpy uses, XLA (``--xla_cpu_multi_thread_eigen
=false intra_op_parallelism_threads=1``, set before jax is imported), PyTorch
(``torch.set_num_threads(1)``) and the process pinned to one CPU (``--cores``).
Time: each round calls every column for ~10 ms, the columns rotated, each call timed;
the table shows the median over all calls (``--stat least``: the least; both in the
JSON). Peak memory: a fresh subprocess per column builds the gradient, calls it once,
returns freed memory to the system (``malloc_trim``; the blocks our compiled modules
cache between calls freed), resets the kernel's peak-RSS mark
(``/proc/self/clear_refs``) and calls it again: the peak RSS over the RSS before that
call, in MB (the arrays the call returns included). Our compiled code has no allocator
counters of its own, so RSS it is for every column; for JAX the compiled program's own
figure (``memory_analysis()``: temporaries + outputs) is printed beside it. Gradient
agreement: the largest relative difference (max |a - b| / max |b| per array) of each
column's gradient to JAX's. A column that fails prints ``n/a: <why>`` (our tensor-level
gradient, before tensor AD lands). ``--png`` draws the times as a bar chart
(matplotlib), as ``benchmarks/run.py`` does.
"""

from __future__ import annotations

import os
import sys

for _v in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_v, "1")
os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") + " --xla_cpu_multi_thread_eigen=false"
                           " intra_op_parallelism_threads=1").strip()

import argparse  # noqa: E402
import ctypes  # noqa: E402
import gc  # noqa: E402
import importlib.util  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable, Sequence  # noqa: E402
from dataclasses import dataclass  # noqa: E402
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
EMIT = _load("activity_benchmark_emit", HERE / "programs" / "emit.py")

ORDER = ["gmm_full", "gmm_tri", "gmm_packed", "ba", "hand", "hand_c", "lstm", "mlp"]
COLUMNS = ["tensor", "memref", "jax", "torch"]
PRIMALS = ["tensor_primal", "jax_primal"]  # (memory only: the extra of a gradient)


def ba_all_mlir() -> str:
    """``@ba_all``: ``benchmarks/programs/ba.mlir``'s one-block ``@ba`` called for every
    observation (camera, point and feature copied into stack buffers first), summed --
    the memref-level program of ``ba.mlir``'s objective."""
    f = EMIT.Fn("ba_all", [("cams", EMIT.DYN1), ("X", EMIT.DYN1), ("w", EMIT.DYN1),
                           ("obs", "memref<?xi32>"), ("feats", EMIT.DYN1), ("p", "index")])
    cams, xs, w, obs, feats = (f.arg(n) for n in ("cams", "X", "w", "obs", "feats"))
    c0, c1, c2 = f.i(0), f.i(1), f.i(2)
    camb = f.alloc("memref<11xf64>", stack=True, hint="camb")
    xb = f.alloc("memref<3xf64>", stack=True, hint="xb")
    fb = f.alloc("memref<2xf64>", stack=True, hint="fb")
    eb = f.alloc("memref<2xf64>", stack=True, hint="eb")
    wb = f.alloc("memref<1xf64>", stack=True, hint="wb")

    def copy(src: str, base: str, dst: str, n: int) -> None:
        f.for_(c0, f.i(n), lambda j: f.store(f.load(src, f.add(base, j)), dst, j))

    def obs_(i: str, acc: str) -> list[str]:
        ci = f.to_index(f.load(obs, f.mul(i, c2)))
        pi = f.to_index(f.load(obs, f.add(f.mul(i, c2), c1)))
        copy(cams, f.mul(ci, f.i(11)), camb, 11)
        copy(xs, f.mul(pi, f.i(3)), xb, 3)
        copy(feats, f.mul(i, c2), fb, 2)
        (v,) = f.call("ba", [camb, xb, f.load(w, i), fb, eb, wb])
        return [f.add(acc, v)]

    (total,) = f.for_(c0, f.arg("p"), obs_, inits=[f.f(0.0)])
    f.ret([total])
    ba = (HERE / "programs" / "ba.mlir").read_text()
    ba = ba[ba.index("  func.func @ba("):ba.rindex("}")]
    ba = ba.replace("func.func @ba(", "func.func private @ba(", 1)
    return "module {\n" + ba + "\n" + f.text() + "\n}\n"


@dataclass
class Case:
    name: str
    file: str
    func: str
    args: list[Any]                     # the tensor program's
    wrt: tuple[int, ...]
    memref: tuple[str, str, list[Any], list[int]] | None  # (module text, func, inputs, wrt)
    to_memref: Callable[[list[Any]], list[np.ndarray]] | None  # tensor grads -> memref's


def _gmm_to_memref(g: list[Any]) -> list[np.ndarray]:
    da, dm, dq, dl = (np.asarray(x) for x in g)
    k, d = dq.shape
    col, row = np.triu_indices(d, 1)
    low = dl if dl.ndim == 2 else dl[:, row, col]
    return [da, dm.reshape(-1), np.concatenate([dq, low], axis=1).reshape(-1)]


def cases(small: bool, only: list[str]) -> list[Case]:
    rng = np.random.default_rng(0)
    size = "small" if small else "bench"
    out: list[Case] = []
    for name in only:
        if name.startswith("gmm"):
            gin = OBJ.gmm_inputs(np.random.default_rng(0), size)
            mk = {"gmm_full": ("gmm_full.mlir", "gmm_full", INPUTS.gmm_full_args),
                  "gmm_tri": ("gmm.mlir", "gmm", INPUTS.gmm_tensor_args),
                  "gmm_packed": ("gmm_packed.mlir", "gmm_packed", INPUTS.gmm_packed_args)}
            file, func, make = mk[name]
            out.append(Case(name, file, func, make(*gin), (0, 1, 2, 3),
                            (OBJ.OBJECTIVES["gmm"].mlir, "gmm", gin, [3, 4, 5]),
                            _gmm_to_memref))
        elif name == "ba":
            n, m, p = INPUTS.BA_SIZES[size]
            args = INPUTS.ba_args(rng, n, m, p)
            cams, x, w, obs, feats = args
            min_ = [cams.reshape(-1).copy(), x.reshape(-1).copy(), w.copy(),
                    obs.reshape(-1).copy(), feats.reshape(-1).copy(), p]
            out.append(Case(name, "ba.mlir", "ba", args, (0, 1, 2),
                            (ba_all_mlir(), "ba_all", min_, [0, 1, 2]),
                            lambda g: [np.asarray(v).reshape(-1) for v in g]))
        elif name == "hand":
            hin = OBJ.hand_inputs(np.random.default_rng(0), size)
            out.append(Case(name, "hand.mlir", "hand", INPUTS.hand_args(*hin), (0,),
                            (OBJ.OBJECTIVES["hand"].mlir, "hand", hin, [2]),
                            lambda g: [np.asarray(v).reshape(-1) for v in g]))
        elif name == "hand_c":
            hin = OBJ.hand_inputs(np.random.default_rng(0), size)
            out.append(Case(name, "hand_complicated.mlir", "hand_complicated",
                            INPUTS.hand_complicated_args(np.random.default_rng(1), *hin),
                            (0, 1), None, None))
        elif name == "lstm":
            lin = OBJ.lstm_inputs(np.random.default_rng(0), size)
            out.append(Case(name, "lstm.mlir", "lstm", INPUTS.lstm_args(*lin), (0, 1, 2),
                            (OBJ.OBJECTIVES["lstm"].mlir, "lstm", lin, [3, 4, 5]),
                            lambda g: [np.asarray(v).reshape(-1) for v in g]))
        elif name == "mlp":
            out.append(Case(name, "mlp_loss.mlir", "mlp_loss",
                            INPUTS.mlp_loss_args(np.random.default_rng(0)),
                            (2, 3, 4, 5, 6, 7), None, None))
        else:
            raise SystemExit(f"tensor_grad.py: no benchmark {name!r} (have {', '.join(ORDER)})")
    return out


def _why(e: BaseException) -> str:
    lines = str(e).strip().splitlines()
    return f"n/a: {type(e).__name__}: {lines[0] if lines else ''}"[:160]


def build(case: Case, column: str) -> tuple[Callable[[], Any], Any]:
    """``(thunk, jitted)``: a call of ``column``'s gradient returning its gradient
    arrays (a list, in ``case.wrt`` order; for the memref column in the memref
    program's layout), and JAX's jitted function (else None).  Raises when the column
    cannot be built (the message becomes its ``n/a``)."""
    if column == "tensor":
        g = activity.gradient(HERE / "tensor" / case.file, case.func, argnums=case.wrt)
        args = case.args
        return (lambda: list(g(*args))), None
    if column == "memref":
        if case.memref is None:
            raise LookupError("no memref-level program")
        text, func, inputs, wrt = case.memref
        g = activity.gradient(activity.parse(text), func, wrt)
        return (lambda: list(g(*inputs))), None
    if column == "tensor_primal":
        f = activity.compile(HERE / "tensor" / case.file, case.func)
        args = case.args
        return (lambda: [np.asarray(f(*args))]), None
    if column == "jax_primal":
        jo = _load("activity_tensor_jax", HERE / "tensor" / "jax_objectives.py")
        g, dyn = jo._split(case.name, case.args)
        jf = jax_jit(g)
        dev = [case.args[i] for i in dyn]
        return (lambda: [np.asarray(jf(*dev))]), (jf, dev)
    if column == "jax":
        jo = _load("activity_tensor_jax", HERE / "tensor" / "jax_objectives.py")
        call, dev, jitted = jo.gradient(case.name, case.args)
        return (lambda: [np.asarray(v) for v in call(*dev)]), (jitted, dev)
    if column == "torch":
        import torch

        torch.set_num_threads(1)
        to = _load("activity_tensor_torch", HERE / "tensor" / "torch_objectives.py")
        call, targs = to.gradient(case.name, case.args)
        return (lambda: [v.numpy() for v in call(*targs)]), None
    raise KeyError(column)


def rel_diff(a: list[Any], b: list[Any]) -> float:
    """The largest over the arrays of max |a - b| / max |b|."""
    out = 0.0
    for x, y in zip(a, b, strict=True):
        x, y = np.asarray(x, np.float64), np.asarray(y, np.float64)
        out = max(out, float(np.max(np.abs(x.reshape(y.shape) - y)))
                  / max(float(np.max(np.abs(y))), 1e-300))
    return out


def timed(fns: dict[str, Callable[[], Any]], repeat: int,
          sample: float = 0.01) -> dict[str, tuple[float, float]]:
    """(median, least) seconds per call of each thunk, over ``repeat`` rounds in which
    every thunk is called for ~``sample`` seconds, the order rotated each round."""
    batch = {}
    for k, fn in fns.items():
        fn()
        t0 = time.perf_counter()
        fn()
        batch[k] = max(1, min(1000, int(sample / max(time.perf_counter() - t0, 1e-7))))
    keys = list(fns)
    times: dict[str, list[float]] = {k: [] for k in keys}
    for r in range(repeat):
        for k in keys[r % len(keys):] + keys[:r % len(keys)]:
            for _ in range(batch[k]):
                t0 = time.perf_counter()
                fns[k]()
                times[k].append(time.perf_counter() - t0)
    return {k: (statistics.median(v), min(v)) for k, v in times.items()}


# ---------------------------------------------------------------------------------------
# peak memory, one subprocess per column


def _status(key: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1]) * 1024
    raise LookupError(key)


def jax_jit(f: Callable[..., Any]) -> Any:
    import jax

    return jax.jit(f)


def release_compiled_caches() -> int:
    """Free the blocks every compiled module of ours keeps for its next call
    (``activity.codegen.heap``: tapes of at least 64 KB are cached between calls), so
    that the measured call allocates what it needs afresh; the number of modules."""
    from activity.codegen.jit import Engine

    n = 0
    for o in gc.get_objects():
        if isinstance(o, Engine):
            addr = o.get_function_address("activity_heap_release")
            if addr:
                ctypes.CFUNCTYPE(None)(addr)()
                n += 1
    return n


def memory_child(name: str, column: str, small: bool) -> dict[str, Any]:
    """In a fresh process: the call's peak RSS over the RSS before it (the call made
    once before, the blocks our compiled code caches and malloc's free memory handed
    back to the system in between)."""
    (case,) = cases(small, [name])
    out: dict[str, Any] = {}
    try:
        thunk, jitted = build(case, column)
        thunk()
    except Exception as e:  # noqa: BLE001 (reported as the column's n/a)
        return {"error": _why(e)}
    if jitted is not None:
        fn, dev = jitted
        ma = fn.lower(*dev).compile().memory_analysis()
        if ma is not None:
            out["xla_temp_bytes"] = int(ma.temp_size_in_bytes)
            out["xla_output_bytes"] = int(ma.output_size_in_bytes)
    gc.collect()
    release_compiled_caches()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except OSError:
        pass
    before = _status("VmRSS")
    Path("/proc/self/clear_refs").write_text("5")
    res = thunk()
    out["peak_bytes"] = _status("VmHWM") - before
    out["result_bytes"] = int(sum(np.asarray(r).nbytes for r in res))
    return out


def memory(name: str, column: str, small: bool, cores: int) -> dict[str, Any]:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--memory-child", name, column,
           "--cores", str(cores)] + (["--small"] if small else [])
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=900, check=False)
    try:
        return json.loads(r.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        tail = (r.stderr.strip().splitlines() or ["?"])[-1]
        return {"error": f"n/a: memory child failed: {tail}"[:160]}


# ---------------------------------------------------------------------------------------


def build_loops_off(case: Case, flags: Sequence[str]) -> Callable[[], Any]:
    """The tensor column's thunk compiled with these codegen flags of
    activity/tensor/loops.py off (``--loops-off``; the JIT cache's key does not hold
    them, so it is cleared around the build) -- and the switches of
    activity/tensor/opts.py among them (``carryorder``, ...) off too."""
    from activity.codegen import jit
    from activity.tensor import loops, opts

    switches = [f for f in flags if f in opts.OPTIMIZATIONS]
    saved = {f: getattr(loops, f) for f in flags if f not in switches}
    try:
        for f in saved:
            setattr(loops, f, False)
        jit._CACHE.clear()
        with opts.disabled(*switches):
            thunk, _ = build(case, "tensor")
            thunk()
    finally:
        for f, v in saved.items():
            setattr(loops, f, v)
        jit._CACHE.clear()
    return thunk


def run_case(case: Case, repeat: int, mem: bool, small: bool, cores: int,
             loops_off: Sequence[str] = ()) -> dict[str, Any]:
    row: dict[str, Any] = {"name": case.name, "size": "small" if small else "bench"}
    thunks: dict[str, Callable[[], Any]] = {}
    grads: dict[str, list[Any]] = {}
    for col in COLUMNS:
        try:
            t0 = time.perf_counter()
            thunk, _ = build(case, col)
            grads[col] = thunk()
            row[f"{col}_build_s"] = time.perf_counter() - t0
            thunks[col] = thunk
        except Exception as e:  # noqa: BLE001 (the column's n/a)
            row[f"{col}_error"] = _why(e)
    if loops_off and "tensor" in thunks:
        thunks["tensor_off"] = build_loops_off(case, loops_off)
        row["tensor_off_vs_on"] = rel_diff(thunks["tensor_off"](), grads["tensor"])
    if "jax" in grads:
        ref = grads["jax"]
        for col in ("tensor", "torch"):
            if col in grads:
                row[f"{col}_vs_jax"] = rel_diff(grads[col], ref)
        if "memref" in grads and case.to_memref is not None:
            row["memref_vs_jax"] = rel_diff(grads["memref"], case.to_memref(ref))
    for k, (med, least) in timed(thunks, repeat).items():
        row[f"{k}_s"], row[f"{k}_min_s"] = med, least
    if mem:
        for col in COLUMNS + PRIMALS:
            if col in COLUMNS and col not in thunks:
                continue
            m = memory(case.name, col, small, cores)
            if "error" in m:
                row[f"{col}_mem_error"] = m["error"]
            else:
                row[f"{col}_peak_bytes"] = m["peak_bytes"]
                for k in ("xla_temp_bytes", "xla_output_bytes"):
                    if k in m:
                        row[f"{col}_{k}"] = m[k]
    return row


def _r(a: float | None, b: float | None) -> str:
    return f"{a / b:.2f}" if a and b else "-"


def table(rows: list[dict[str, Any]], stat: str = "median") -> str:
    key = "_s" if stat == "median" else "_min_s"
    lines = [f"time per gradient call, ms (the {stat} over every call); ratios of them"]
    head = (f"{'benchmark':<11}" + "".join(f"{c:>10}" for c in COLUMNS)
            + f"{'tens/jax':>9}{'tens/torch':>11}{'tens/memref':>12}{'memref/jax':>11}"
            + f"{'torch/jax':>10}")
    lines += [head, "-" * len(head)]
    for r in rows:
        cells = "".join(f"{r[c + key] * 1e3:10.3f}" if c + key in r else f"{'n/a':>10}"
                        for c in COLUMNS)
        t, m, j, p = (r.get(c + key) for c in COLUMNS)
        lines.append(f"{r['name']:<11}{cells}{_r(t, j):>9}{_r(t, p):>11}{_r(t, m):>12}"
                     f"{_r(m, j):>11}{_r(p, j):>10}")
    lines += ["", "peak memory of a call, MB (peak RSS over the RSS before it); the primal "
              "of ours (tensor program) and of JAX; XLA's own figure for its gradient "
              "(temporaries + outputs); extra = gradient - primal"]
    head = (f"{'benchmark':<11}" + "".join(f"{c:>10}" for c in COLUMNS)
            + f"{'primal us':>10}{'primal jax':>11}{'xla t+o':>8}{'tens/jax':>9}"
            + f"{'tens/torch':>11}{'tens/memref':>12}{'extra t/j':>10}")
    lines += [head, "-" * len(head)]
    for r in rows:
        vals = [r.get(c + "_peak_bytes") for c in COLUMNS + PRIMALS]
        cells = "".join(f"{v / 1e6:10.2f}" if v is not None else f"{'n/a':>10}"
                        for v in vals[:4])
        cells += "".join(f"{v / 1e6:{w}.2f}" if v is not None else f"{'n/a':>{w}}"
                         for v, w in zip(vals[4:], (10, 11), strict=True))
        xla = (r["jax_xla_temp_bytes"] + r["jax_xla_output_bytes"]) / 1e6 \
            if "jax_xla_temp_bytes" in r else None
        t, m, j, p, tp, jp = vals
        # (extras under 0.1 MB are RSS noise: no ratio)
        extra = (_r(t - tp, j - jp) if None not in (t, tp, j, jp)
                 and min(t - tp, j - jp) > 1e5 else "-")
        lines.append(f"{r['name']:<11}{cells}"
                     + (f"{xla:8.2f}" if xla is not None else f"{'-':>8}")
                     + f"{_r(t, j):>9}{_r(t, p):>11}{_r(t, m):>12}{extra:>10}")
    lines += ["", "gradient agreement: max relative difference to JAX's gradient"]
    for r in rows:
        parts = [f"{c} {r[c + '_vs_jax']:.1e}" for c in ("tensor", "memref", "torch")
                 if c + "_vs_jax" in r]
        lines.append(f"  {r['name']:<11}" + ("; ".join(parts) or "-"))
    notes = [f"  {r['name']}: {c}: {r[c + '_error']}" for r in rows for c in COLUMNS
             if c + "_error" in r]
    notes += [f"  {r['name']}: {c} memory: {r[c + '_mem_error']}" for r in rows
              for c in COLUMNS + PRIMALS if c + "_mem_error" in r]
    if notes:
        lines += ["", "columns not measured:"] + notes
    return "\n".join(lines)


def geomean(xs: list[float]) -> float:
    ys = [x for x in xs if x and x > 0 and math.isfinite(x)]
    return math.exp(sum(map(math.log, ys)) / len(ys)) if ys else float("nan")


def chart(rows: list[dict[str, Any]], path: str) -> bool:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib not installed: no chart", file=sys.stderr)
        return False
    names = [r["name"] for r in rows]
    colors = {"tensor": "#4c72b0", "memref": "#55a868", "jax": "#dd8452", "torch": "#c44e52"}
    fig, ax = plt.subplots(figsize=(1.4 * len(names) + 2, 3.6))
    width = 0.8 / len(COLUMNS)
    for j, col in enumerate(COLUMNS):
        vals = [r[f"{col}_s"] / r["jax_s"] if f"{col}_s" in r and "jax_s" in r
                else float("nan") for r in rows]
        xs = [i + (j - (len(COLUMNS) - 1) / 2) * width for i in range(len(names))]
        ax.bar(xs, vals, width=width, color=colors[col], label=col)
    ax.set_xticks(range(len(names)), names)
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_yscale("log")
    ax.set_ylabel("gradient time / jax.jit(jax.grad)")
    ax.legend(fontsize=8)
    ax.set_title("Tensor-level gradients (CPU, one thread)")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return True


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--small", action="store_true", help="small sizes (quick runs)")
    ap.add_argument("--only", default=",".join(ORDER))
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--stat", choices=("median", "least"), default="median",
                    help="the time the table shows (both are in the JSON); on a machine "
                         "others load, the least is what the code costs")
    ap.add_argument("--no-memory", action="store_true", help="skip the peak-memory runs")
    ap.add_argument("--loops-off", default="", metavar="FLAG,...",
                    help="also time the tensor column with these flags of "
                         "activity/tensor/loops.py off (WIDE_FMA, PANELS, ...) or switches "
                         "of activity/tensor/opts.py (carryorder, ...), in the same rounds")
    ap.add_argument("--cores", type=int, default=1, help="CPUs to pin to (0: leave it)")
    ap.add_argument("--json", default=None)
    ap.add_argument("--png", default=None)
    ap.add_argument("--memory-child", nargs=2, metavar=("NAME", "COLUMN"),
                    help=argparse.SUPPRESS)
    ns = ap.parse_args(argv)
    if ns.cores:
        allowed = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, allowed[:ns.cores])
    if ns.memory_child:
        print(json.dumps(memory_child(*ns.memory_child, ns.small)))
        return 0
    rows = []
    for case in cases(ns.small, [n.strip() for n in ns.only.split(",") if n.strip()]):
        t0 = time.perf_counter()
        rows.append(run_case(case, ns.repeat, not ns.no_memory, ns.small, ns.cores,
                             [f for f in ns.loops_off.split(",") if f]))
        print(f"  {case.name}: done in {time.perf_counter() - t0:.1f}s", file=sys.stderr)
    print(table(rows, ns.stat))
    if ns.loops_off:
        key = "_s" if ns.stat == "median" else "_min_s"
        print(f"\ntensor column with activity/tensor/loops.py's {ns.loops_off} off (same rounds):")
        for r in rows:
            on, off = r.get("tensor" + key), r.get("tensor_off" + key)
            if on and off:
                print(f"  {r['name']:<10} on {on * 1e3:.3f} ms, off {off * 1e3:.3f} ms, "
                      f"on/off {on / off:.3f}; gradients differ by "
                      f"{r['tensor_off_vs_on']:.1e}")
    if ns.cores:
        print(f"pinned to {ns.cores} CPU(s); one thread in every column")
    if ns.json:
        Path(ns.json).write_text(json.dumps(rows, indent=2) + "\n")
    if ns.png and chart(rows, ns.png):
        print(f"chart: {ns.png}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
