"""The paper's five CPU benchmarks as C programs (``benchmarks/c/*.c``: GMM, BA, Hand,
LSTM, miniBUDE), built as the evaluation builds them and measured side by side in one
process.

    python benchmarks/c_run.py                  # ADBench-like sizes (benchmarks/run.py's)
    python benchmarks/c_run.py --small --repeat 3
    python benchmarks/c_run.py --only gmm,hand --json out.json

For every objective:

* build: ``clang-22 -O2 -fno-vectorize -fno-slp-vectorize -fno-unroll-loops
  -ffast-math`` (``benchmarks/c/regen.sh``'s flags) to LLVM IR, imported with
  ``mlir-translate-22 --import-llvm`` (the ``__enzyme_autodiff`` driver dropped, as
  ``tests/test_c_objectives.py`` does), and to a shared object loaded with ctypes (the
  native primal), all in a temporary directory;
* ``clang``: the clang-built primal; ``primal``: ours (``activity.compile``);
  ``pruned`` / ``all_active``: ``activity.gradient`` with and without pruning;
* check: every gradient (pruned and ``all_active``) against central finite differences
  of the clang-built primal (steps 1e-5 and 1e-6, each coordinate against the closer:
  the objectives have kinks), error ``max|g - fd| / max(1, max|fd|)`` over at most
  ``--fd-max`` coordinates of each differentiated buffer (all of them with ``--small``);
* times: native code alone, median of ``--repeat`` samples taken round-robin over the
  four variants (ours through ``prepare``/``run``: arguments packed once, a native loop;
  clang's through a C loop compiled beside it), arguments restored between samples;
* inactive ops: the share of ops the analysis proves inactive on the objective and the
  functions it calls, whole-program and summaries mode.

With ``--enzyme-python PY`` (a Python where ``pip install enzyme-ad jax`` went in),
Enzyme-MLIR's ``print-activity-analysis`` runs on each objective too, for its count of
constant instructions beside ours.

Printed: the four times, ``all_active/pruned`` (the pruning speedup, with its geometric
mean: the paper reports 1.24x on CPU), ``pruned/primal`` and ``pruned/clang`` (gradient
over primal time), the inactive shares and the finite-difference errors.  Exit status
1 if a gradient disagrees with finite differences.
"""

from __future__ import annotations

import argparse
import ctypes
import importlib.util
import json
import math
import shutil
import subprocess
import sys
import tempfile
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
CDIR = HERE / "c"
sys.path.insert(0, str(HERE.parent))

import activity  # noqa: E402
from activity.engine.program import sym_name  # noqa: E402
from activity.ops import op_name  # noqa: E402
from activity.summaries.tools import compare  # noqa: E402

CFLAGS = ["-O2", "-fno-vectorize", "-fno-slp-vectorize", "-fno-unroll-loops", "-ffast-math"]
TOOLS = ("clang-22", "mlir-translate-22", "mlir-opt-22")
TOL = 1e-6

# objective -> (function, activities): as the drivers in benchmarks/c call
# __enzyme_autodiff (miniBUDE's energies `dup` rather than `dupnoneed`: both gradients
# then return the same list)
OBJECTIVES: dict[str, tuple[str, list[str]]] = {
    "gmm": ("gmm_objective", ["const"] * 3 + ["dup"] * 3 + ["const"] * 3),
    "ba": ("ba_objective", ["dup", "dup", "active", "const", "dup", "dup"]),
    "hand": ("hand_objective", ["const", "const", "dup"] + ["const"] * 6),
    "lstm": ("lstm_objective", ["const"] * 3 + ["dup"] * 3 + ["const"]),
    "minibude": ("minibude_objective", ["const"] * 3 + ["dup"] + ["const"] * 8 + ["dup"]),
}
ORDER = list(OBJECTIVES)


def _objectives_module() -> Any:
    """benchmarks/objectives.py: the input generators of our MLIR benchmarks, whose
    argument lists the C objectives share (the sizes: ``small`` and ``bench``)."""
    return _module("activity_benchmark_objectives", "objectives.py")


def make_inputs(name: str, small: bool) -> list[Any]:
    gen = getattr(_objectives_module(), f"{name}_inputs")
    return gen(np.random.default_rng(0), "small" if small else "bench")


def copies(xs: list[Any]) -> list[Any]:
    return [x.copy() if isinstance(x, np.ndarray) else x for x in xs]


# ---------------------------------------------------------------------------------------
# Building


def _c_type(x: Any) -> str:
    if isinstance(x, np.ndarray):
        return {"float64": "double *", "int32": "int *"}[str(x.dtype)]
    return "double" if isinstance(x, float) else "int"


def _stubs(func: str, inputs: list[Any]) -> str:
    """The driver's externals (the shared object links them), and a timing loop that
    calls the objective ``n`` times from C."""
    params = ", ".join(f"{_c_type(x)} a{i}" for i, x in enumerate(inputs))
    call = ", ".join(f"a{i}" for i in range(len(inputs)))
    return (
        "#include <stdlib.h>\n"
        "int enzyme_const, enzyme_dup, enzyme_dupnoneed, enzyme_out;\n"
        "double __enzyme_autodiff(void *f, ...) { (void)f; abort(); }\n"
        f"double {func}({params});\n"
        f"double c_run_loop(long n, {params}) {{\n"
        "  volatile double s = 0.0;\n"
        f"  for (long i = 0; i < n; i++) s += {func}({call});\n"
        "  return s;\n}\n")


def _run(cmd: list[str]) -> None:
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        first = (p.stderr.strip().splitlines() or ["(no message)"])[0]
        raise SystemExit(f"c_run: {cmd[0]} failed: {first}")


class Built:
    """One objective built: our module (the driver dropped) and the clang-built native
    primal (with its C timing loop)."""

    def __init__(self, name: str, inputs: list[Any], tmp: Path) -> None:
        self.name = name
        self.func, self.acts = OBJECTIVES[name]
        src = CDIR / f"{name}.c"
        ll, mlir, gen = tmp / f"{name}.ll", tmp / f"{name}.mlir", tmp / f"{name}.generic.mlir"
        _run(["clang-22", *CFLAGS, "-S", "-emit-llvm", str(src), "-o", str(ll)])
        _run(["mlir-translate-22", "--import-llvm", str(ll), "-o", str(mlir)])
        _run(["mlir-opt-22", "--mlir-print-op-generic", str(mlir), "-o", str(gen)])
        self.mlir = gen.read_text()
        self.generic_path = gen
        stub = tmp / f"{name}_stubs.c"
        stub.write_text(_stubs(self.func, inputs))
        so = tmp / f"{name}.so"
        _run(["clang-22", *CFLAGS, "-fPIC", "-shared", str(src), str(stub), "-o", str(so),
              "-lm"])
        lib = ctypes.CDLL(str(so))
        types = [_ctype(x) for x in inputs]
        self._native = getattr(lib, self.func)
        self._native.restype = ctypes.c_double
        self._native.argtypes = types
        self._loop = lib.c_run_loop
        self._loop.restype = ctypes.c_double
        self._loop.argtypes = [ctypes.c_long, *types]

    def module(self) -> Any:
        """A fresh parse of the objective's module, the driver dropped (it takes the
        objective's address)."""
        m = activity.parse(self.mlir)
        for op in list(m.body.block.ops):
            if any(getattr(c, "callee", None) is not None
                   and c.callee.string_value() == "__enzyme_autodiff" for c in op.walk()):
                m.body.block.erase_op(op)
        return m

    def native(self, xs: list[Any]) -> float:
        return float(self._native(*[_cval(x) for x in xs]))

    def prepare_native(self, xs: list[Any]) -> NativePrepared:
        return NativePrepared(self._loop, xs)


def _ctype(x: Any) -> Any:
    if isinstance(x, np.ndarray):
        return ctypes.c_void_p
    return ctypes.c_double if isinstance(x, float) else ctypes.c_int


def _cval(x: Any) -> Any:
    if isinstance(x, np.ndarray):
        assert x.flags.c_contiguous
        return x.ctypes.data
    return x


class NativePrepared:
    """The clang-built primal on fixed arguments, as ``PreparedCall`` is for ours:
    ``run(n)`` calls it ``n`` times from a C loop, ``reset()`` restores the arrays."""

    def __init__(self, loop: Any, xs: list[Any]) -> None:
        self._loop = loop
        self._orig = copies(xs)
        self._args = copies(xs)
        self._vals = [_cval(x) for x in self._args]

    def reset(self) -> None:
        for a, o in zip(self._args, self._orig, strict=True):
            if isinstance(a, np.ndarray):
                np.copyto(a, o)

    def run(self, n: int = 1) -> None:
        self._loop(n, *self._vals)


# ---------------------------------------------------------------------------------------
# Checking


STEPS = (1e-5, 1e-6)


def finite_differences(f: Callable[[list[Any]], float], xs: list[Any], acts: list[str],
                       fd_max: int | None, rng: np.random.Generator,
                       steps: tuple[float, ...] = STEPS
                       ) -> list[tuple[np.ndarray, np.ndarray]]:
    """Per ``active``/``dup`` argument: (the coordinates checked, their central
    differences of ``f``, one row per step in ``steps``)."""
    def central(i: int, j: int | None, h: float) -> float:
        hi, lo = copies(xs), copies(xs)
        if j is None:
            hi[i] += h
            lo[i] -= h
        else:
            hi[i].flat[j] += h
            lo[i].flat[j] -= h
        return (f(hi) - f(lo)) / (2 * h)

    out = []
    for i, a in enumerate(acts):
        if a == "active":
            out.append((np.array([0]), np.array([[central(i, None, h)] for h in steps])))
        elif a in ("dup", "dupnoneed"):
            n = xs[i].size
            idx = np.arange(n) if fd_max is None or n <= fd_max else np.sort(
                rng.choice(n, fd_max, replace=False))
            out.append((idx, np.array([[central(i, int(j), h) for j in idx]
                                       for h in steps])))
    return out


def fd_error(grads: Any, fds: list[tuple[np.ndarray, np.ndarray]]) -> float:
    """``max |g - fd| / max(1, max |fd|)``, each coordinate compared with the closest of
    its differences: the objectives are piecewise smooth (miniBUDE's cutoffs: among
    195k atom pairs at its bench size some kink lies within 1e-5 of a pose, so a
    single step disagrees by 1e-4 where 1e-6 agrees to 1e-7)."""
    gs = list(grads) if isinstance(grads, tuple | list) else [grads]
    if len(gs) != len(fds):
        return math.inf
    err = 0.0
    for g, (idx, want) in zip(gs, fds, strict=True):
        got = np.atleast_1d(np.asarray(g, float)).reshape(-1)[idx]
        scale = max(1.0, float(np.max(np.abs(want[0]))))
        err = max(err, float(np.max(np.min(np.abs(got[None, :] - want), axis=0))) / scale)
    return err


def inactive_shares(built: Built) -> dict[str, float]:
    """Share of the ops (objective and the functions it calls) proved inactive, per
    mode, and the parity (share of whole-program's inactive ops summaries prove too)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rows = compare(built.mlir, built.func, built.acts)
    ops = sum(r.ops for r in rows)
    wp = sum(r.inactive_whole for r in rows)
    sm = sum(r.inactive_summaries for r in rows)
    both = sum(r.both_inactive for r in rows)
    top = next(r for r in rows if r.name == built.func)
    return {"ops": ops, "inactive_whole_program": wp / ops, "inactive_summaries": sm / ops,
            "parity": 1.0 if wp == 0 else both / wp, "objective_ops": top.ops,
            "objective_inactive_whole_program": top.inactive_whole}


# Run by another Python, one with the ``enzyme-ad`` wheel (``--enzyme-python``):
# Enzyme-MLIR's print-activity-analysis on the objective, its const arguments marked
# ``enzyme.const`` (the others take the pass's defaults: pointers dup, floats active),
# annotated; prints, per annotated op in order: its name, whether it is a constant
# instruction, whether its (one) result is a constant value, whether that is a float.
ENZYME_SCRIPT = r"""
import json, re, sys
from enzyme_ad.jax import enzyme_call
path, func, consts = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
lines = open(path).read().split("\n")
k = next(i for i, ln in enumerate(lines)
         if '"llvm.func"' in ln and f'sym_name = "{func}"' in ln)
ln = lines[k]
at = ln.index("arg_attrs = [") + len("arg_attrs = [")
opens = [m.start() for m in re.finditer(r"\{", ln[at:])]
for i in sorted(consts, reverse=True):
    p = at + opens[i] + 1
    ln = ln[:p] + "enzyme.const, " + ln[p:]
lines[k] = ln
_, out = enzyme_call.run_pass_pipeline(
    [], "\n".join(lines), "print-activity-analysis{funcs=" + func + " annotate=true}")
ops = []
for line in out.split("\n"):
    m = re.search(r"\{enzyme\.ici = (true|false), enzyme\.icv = (true|false)?", line)
    if m is None:
        continue
    t = line.split(" loc(")[0].strip()
    name = re.search(r"(?:= )?([a-z_]+\.[a-z_.0-9]+)", t).group(1)
    flt = t.startswith("%") and re.search(r"(->|:) (f64|f32)$", t) is not None
    ops.append([name, m.group(1) == "true", m.group(2) == "true", flt])
print(json.dumps(ops))
"""


def enzyme_share(built: Built, python: str) -> dict[str, Any] | None:
    """Enzyme-MLIR's answer on the objective beside ours (whole-program): constant
    instructions of all ops, and on the ops with a float result -- where the two
    definitions coincide: the value is inactive -- each side's count and how many ops
    they agree on.  None, with a line on stderr, if Enzyme fails."""
    consts = [i for i, a in enumerate(built.acts) if a == "const"]
    p = subprocess.run([python, "-c", ENZYME_SCRIPT, str(built.generic_path), built.func,
                        json.dumps(consts)], capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        last = (p.stderr.strip().splitlines() or ["(no message)"])[-1]
        print(f"c_run: Enzyme-MLIR on {built.name}: {last}", file=sys.stderr)
        return None
    theirs = json.loads(p.stdout.strip().splitlines()[-1])
    m = built.module()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = activity.analyze(m, built.func, built.acts)
    f = next(f for f in res.function_ops() if sym_name(f) == built.func)
    ours = [(op_name(op), not res.op_active(op)) for op in res.ops_of(f)]
    out: dict[str, Any] = {"ops": len(theirs), "inactive": sum(t[1] for t in theirs)}
    if [n for n, _ in ours] != [t[0] for t in theirs]:
        print(f"c_run: Enzyme-MLIR on {built.name}: its ops do not line up with ours; "
              "float-value comparison skipped", file=sys.stderr)
        return out
    pairs = [(o[1], t[2]) for o, t in zip(ours, theirs, strict=True) if t[3]]
    out.update(float_ops=len(pairs), float_ours=sum(a for a, _ in pairs),
               float_enzyme=sum(b for _, b in pairs),
               float_agree=sum(a == b for a, b in pairs),
               float_only_enzyme=sum(b and not a for a, b in pairs))
    return out


# ---------------------------------------------------------------------------------------
# Timing


def _module(name: str, file: str) -> Any:
    """A sibling benchmark script loaded as a module (they are not a package)."""
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, HERE / file)
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


def code_times(preps: dict[str, Any], repeat: int) -> dict[str, float]:
    """Median seconds per run of each prepared variant (native code alone): the CPU
    benchmark's own clock (benchmarks/run.py ``code_stats``), samples of 20 ms."""
    return _module("activity_benchmark_run", "run.py").code_stats(preps, repeat,
                                                                    min_sample=0.02)


# ---------------------------------------------------------------------------------------


def bench_one(name: str, tmp: Path, small: bool, repeat: int,
              fd_max: int | None, enzyme_python: str | None = None) -> dict[str, Any]:
    inputs = make_inputs(name, small)
    b = Built(name, inputs, tmp)
    row: dict[str, Any] = {"name": name, "function": b.func, "size": "small" if small
                           else "bench"}
    row.update(inactive_shares(b))
    if enzyme_python:
        e = enzyme_share(b, enzyme_python)
        if e is not None:
            row.update({f"enzyme_{k}": v for k, v in e.items()})
    module = b.module()
    primal = activity.compile(module, b.func)
    grads = {mode: activity.gradient(b.module(), b.func, prune=prune, args=b.acts)
             for mode, prune in (("pruned", True), ("all_active", False))}
    ours = float(primal(*copies(inputs)))
    theirs = b.native(copies(inputs))
    row["primal_agrees"] = abs(ours - theirs) <= 1e-9 * max(1.0, abs(theirs))
    fds = finite_differences(lambda ys: b.native(ys), inputs, b.acts, fd_max,
                             np.random.default_rng(1))
    row["fd_coordinates"] = int(sum(len(i) for i, _ in fds))
    for mode, g in grads.items():
        row[f"{mode}_fd_error"] = fd_error(g(*copies(inputs)), fds)
    preps = {"clang": b.prepare_native(inputs),
             "primal": primal.prepare(copies(inputs)),
             "pruned": grads["pruned"].prepare(*inputs),
             "all_active": grads["all_active"].prepare(*inputs)}
    for k, t in code_times(preps, repeat).items():
        row[f"{k}_s"] = t
    row["speedup"] = row["all_active_s"] / row["pruned_s"]
    row["pruned_over_primal"] = row["pruned_s"] / row["primal_s"]
    row["pruned_over_clang"] = row["pruned_s"] / row["clang_s"]
    return row


def geomean(xs: list[float]) -> float:
    ys = [x for x in xs if x > 0 and math.isfinite(x)]
    return math.exp(sum(math.log(x) for x in ys) / len(ys)) if ys else float("nan")


def _us(s: float) -> str:
    us = s * 1e6
    return f"{us:.3f}" if us < 1 else f"{us:.1f}" if us < 1e4 else f"{us:.0f}"


def render(rows: list[dict[str, Any]]) -> str:
    head = (f"{'objective':<10} {'clang':>10} {'primal':>10} {'pruned':>10} "
            f"{'all_active':>11} {'aa/pruned':>9} {'pr/primal':>9} {'pr/clang':>8} "
            f"{'inactive wp':>11} {'inactive sm':>11} {'parity':>7} {'fd err (pruned, all)':>21}")
    lines = ["times: microseconds per call, native code alone (median)", head]
    for r in rows:
        ok = "" if max(r["pruned_fd_error"], r["all_active_fd_error"]) <= TOL else "  FAIL"
        lines.append(
            f"{r['name']:<10} {_us(r['clang_s']):>10} {_us(r['primal_s']):>10} "
            f"{_us(r['pruned_s']):>10} {_us(r['all_active_s']):>11} "
            f"{r['speedup']:>8.2f}x {r['pruned_over_primal']:>8.2f}x "
            f"{r['pruned_over_clang']:>7.2f}x "
            f"{100 * r['inactive_whole_program']:>10.1f}% "
            f"{100 * r['inactive_summaries']:>10.1f}% {100 * r['parity']:>6.1f}% "
            f"{r['pruned_fd_error']:>10.1e} {r['all_active_fd_error']:>9.1e}{ok}")
    enz = [r for r in rows if "enzyme_ops" in r]
    if enz:
        lines.append("the objective's own ops beside Enzyme-MLIR's print-activity-analysis: "
                     "ours inactive (whole-program) / its constant instructions (a GEP "
                     "or alloca of active memory is one); ops with a float result, where "
                     "the definitions coincide: inactive for ours, for Enzyme, agreeing")
        for r in enz:
            ours, n = r["objective_inactive_whole_program"], r["objective_ops"]
            theirs, m = r["enzyme_inactive"], r["enzyme_ops"]
            fl = (f"  float ops {r['enzyme_float_ops']}: {r['enzyme_float_ours']}, "
                  f"{r['enzyme_float_enzyme']}, agree on {r['enzyme_float_agree']}, "
                  f"inactive for Enzyme only {r['enzyme_float_only_enzyme']}"
                  if "enzyme_float_ops" in r else "")
            lines.append(f"  {r['name']:<10} ours {ours}/{n} ({100 * ours / n:.1f}%)  "
                         f"Enzyme-MLIR {theirs}/{m} ({100 * theirs / max(1, m):.1f}%)"
                         + fl)
    lines.append(f"geomean all_active/pruned: {geomean([r['speedup'] for r in rows]):.2f}x "
                 "(the paper: 1.24x on CPU)")
    lines.append(f"geomean pruned/primal: "
                 f"{geomean([r['pruned_over_primal'] for r in rows]):.2f}x; pruned/clang: "
                 f"{geomean([r['pruned_over_clang'] for r in rows]):.2f}x")
    lines.append("fd err: max |gradient - central differences of the clang-built primal "
                 "(steps 1e-5, 1e-6: the closer)| "
                 "/ max(1, max |differences|), over " + ", ".join(
                     f"{r['name']} {r['fd_coordinates']}" for r in rows) + " coordinates")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--small", action="store_true", help="small sizes (a quick run)")
    ap.add_argument("--repeat", type=int, default=None,
                    help="timed samples per variant (default 7; 3 with --small)")
    ap.add_argument("--only", default=None, help="comma-separated objectives")
    ap.add_argument("--fd-max", type=int, default=None,
                    help="coordinates checked per buffer (default: all with --small, "
                         "else 40, drawn at random)")
    ap.add_argument("--json", default=None, help="write the rows as JSON here")
    ap.add_argument("--enzyme-python", default=None, metavar="PYTHON",
                    help="a Python with the enzyme-ad wheel (and jax): also show "
                         "Enzyme-MLIR's activity on each objective")
    ns = ap.parse_args(argv)
    missing = [t for t in TOOLS if shutil.which(t) is None]
    if missing:
        print(f"c_run: needs {', '.join(missing)} on PATH", file=sys.stderr)
        return 2
    names = ORDER if ns.only is None else [n.strip() for n in ns.only.split(",")]
    bad = [n for n in names if n not in OBJECTIVES]
    if bad:
        print(f"c_run: unknown objective(s) {', '.join(bad)} (known: {', '.join(ORDER)})",
              file=sys.stderr)
        return 2
    repeat = ns.repeat or (3 if ns.small else 7)
    fd_max = ns.fd_max if ns.fd_max is not None else (None if ns.small else 40)
    rows = []
    with tempfile.TemporaryDirectory(prefix="c_run_") as d:
        for n in names:
            print(f"  {n} ...", file=sys.stderr, flush=True)
            rows.append(bench_one(n, Path(d), ns.small, repeat, fd_max, ns.enzyme_python))
    sys.stdout.write(render(rows))
    if ns.json:
        Path(ns.json).write_text(json.dumps(rows, indent=2) + "\n")
    failed = [r["name"] for r in rows
              if max(r["pruned_fd_error"], r["all_active_fd_error"]) > TOL]
    if failed:
        print(f"c_run: gradients disagree with finite differences: {', '.join(failed)}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
