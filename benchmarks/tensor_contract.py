"""The contractions of a tensor-level gradient, each alone: lowered to loops
(activity/tensor/loops.py), compiled, and timed against numpy's BLAS on one thread.

    python benchmarks/tensor_contract.py              # the MLP's (784-512-512-10, batch 64)
    python benchmarks/tensor_contract.py --shapes 256,256,256 --repeat 50

Each form is one ``linalg`` op, as the gradient holds it (activity/ad/rules/linalg.py
emits them; ``C[i,j] = sum_k A[i,k] B[k,j]`` the primal), in a function taking its
inputs as tensors and returning the output made as the gradient makes it
(``tensor.empty`` and a fill of zeros):

* ``matmul``: the primal, ``linalg.matmul`` (i-k-j, register-tiled);
* ``mm``: the same as a ``linalg.generic`` (``--contract``: its multiply-add may be
  an FMA, as ``benchmarks/tensor/mlp_loss.mlir``'s primal matmuls);
* ``dA``: ``dA[i,k] += dC[i,j] * Bt[j,k]`` with ``Bt`` the transposed copy the AD
  rule makes (``_contiguous_operand``) -- the maps ``(d1,d2), (d0,d1) -> (d0,d2)``,
  iterators parallel, reduction, parallel;
* ``dA_raw``: the same over ``B[k,j]`` itself (no copy: ``(d2,d1), (d0,d1) -> (d0,d2)``);
* ``transpose``: the copy ``Bt[j,k] = B[k,j]`` (a parallel generic, maps identity and
  ``(d1,d0)``);
* ``dB``: ``dB[k,j] += A[i,k] * dC[i,j]`` (``(d0,d2), (d0,d1) -> (d2,d1)``; reduction,
  parallel, parallel: the reduction on the outer dimension);
* ``bias``: ``db[j] += dC[i,j]`` (reduction, parallel).

The time is the least over ``--repeat`` rounds, each calling every form and numpy's
version (which allocates its result too) a few times in turn; it includes the ~15-20
us of a call from Python.  GFLOP/s counts ``2 M N K``.  ``--off PANELS,BLOCKS``
times each form also with those switches of activity/tensor/loops.py off, in the
same rounds.  Each result is checked against numpy (the relative error shown: the
sums are in linalg's order, numpy's are not).
"""

from __future__ import annotations

import os

for _v in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_v, "1")

import argparse  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import activity  # noqa: E402

BODY = """^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y{flags} : f32
    %s = arith.addf %acc, %p{flags} : f32
    linalg.yield %s : f32
  }}"""

# name -> (input shapes, output shape, maps, iterator types) for C[m,n] = A[m,k] B[k,n]
# (as functions of m, n, k); the body multiplies its two inputs into the output
_FORMS: dict[str, Callable[[int, int, int], tuple[list[tuple[int, ...]], tuple[int, ...],
                                                  list[str], list[str]]]] = {
    # C[m,n] += A[m,k] * B[k,n]: the primal as a generic (with --contract: FMAs allowed,
    # as benchmarks/tensor/mlp_loss.mlir writes it)
    "mm": lambda m, n, k: ([(m, k), (k, n)], (m, n),
                           ["(d0, d1, d2) -> (d0, d2)", "(d0, d1, d2) -> (d2, d1)",
                            "(d0, d1, d2) -> (d0, d1)"], ["parallel", "parallel", "reduction"]),
    # dA[m,k] += dC[m,n] * Bt[n,k]
    "dA": lambda m, n, k: ([(n, k), (m, n)], (m, k),
                           ["(d0, d1, d2) -> (d1, d2)", "(d0, d1, d2) -> (d0, d1)",
                            "(d0, d1, d2) -> (d0, d2)"], ["parallel", "reduction", "parallel"]),
    # dA[m,k] += dC[m,n] * B[k,n]
    "dA_raw": lambda m, n, k: ([(k, n), (m, n)], (m, k),
                               ["(d0, d1, d2) -> (d2, d1)", "(d0, d1, d2) -> (d0, d1)",
                                "(d0, d1, d2) -> (d0, d2)"],
                               ["parallel", "reduction", "parallel"]),
    # dB[k,n] += A[m,k] * dC[m,n]
    "dB": lambda m, n, k: ([(m, k), (m, n)], (k, n),
                           ["(d0, d1, d2) -> (d0, d2)", "(d0, d1, d2) -> (d0, d1)",
                            "(d0, d1, d2) -> (d2, d1)"], ["reduction", "parallel", "parallel"]),
}


def _t(shape: tuple[int, ...], et: str = "f32") -> str:
    return f"tensor<{'x'.join(str(s) for s in shape)}x{et}>"


def form(name: str, m: int, n: int, k: int, contract: bool = False
         ) -> tuple[str, list[tuple[int, ...]], int]:
    """``(module text of @f, its argument shapes, flop count)`` of the contraction
    ``name`` for ``C[m,n] = A[m,k] B[k,n]``: ``@f`` takes the inputs as tensors and
    returns the output, made as the gradient makes it (``tensor.empty``, a
    ``linalg.fill`` of zeros but for the transposition)."""
    fl = " fastmath<contract>" if contract else ""
    if name == "matmul":
        ins, out = [(m, k), (k, n)], (m, n)
        op = f"linalg.matmul ins(%a, %b : {_t(ins[0])}, {_t(ins[1])}) outs(%c : {_t(out)})"
        flop = 2 * m * n * k
    else:
        if name in _FORMS:
            ins, out, maps, its = _FORMS[name](m, n, k)
            body, flop = BODY.format(flags=fl), 2 * m * n * k
        elif name == "transpose":  # Bt[n,k] = B[k,n]
            ins, out = [(k, n)], (n, k)
            maps, its = ["(d0, d1) -> (d0, d1)", "(d0, d1) -> (d1, d0)"], ["parallel"] * 2
            body, flop = "^bb0(%x: f32, %o: f32):\n    linalg.yield %x : f32\n  }", k * n
        elif name == "bias":  # db[n] += dC[m,n]
            ins, out = [(m, n)], (n,)
            maps, its = ["(d0, d1) -> (d0, d1)", "(d0, d1) -> (d1)"], ["reduction", "parallel"]
            body = (f"^bb0(%x: f32, %acc: f32):\n    %s = arith.addf %acc, %x{fl} : f32\n"
                    f"    linalg.yield %s : f32\n  }}")
            flop = m * n
        else:
            raise SystemExit(f"tensor_contract.py: no form {name!r}")
        names = ["%a", "%b"][:len(ins)]
        op = (f"linalg.generic {{indexing_maps = [{', '.join(f'affine_map<{x}>' for x in maps)}], "
              f"iterator_types = [{', '.join(repr(x).replace(chr(39), chr(34)) for x in its)}]}}\n"
              f"    ins({', '.join(names)} : {', '.join(_t(x) for x in ins)}) "
              f"outs(%c : {_t(out)}) {{\n  {body}")
    args = ", ".join(f"{nm}: {_t(x)}" for nm, x in zip(["%a", "%b"], ins, strict=False))
    init = ("  %c = tensor.empty() : {t}\n" if name == "transpose" else
            "  %e = tensor.empty() : {t}\n  %z = arith.constant 0.0 : f32\n"
            "  %c = linalg.fill ins(%z : f32) outs(%e : {t}) -> {t}\n").format(t=_t(out))
    text = (f"func.func @f({args}) -> {_t(out)} {{\n{init}  %r = {op} -> {_t(out)}\n"
            f"  return %r : {_t(out)}\n}}\n")
    return text, ins, flop


def reference(name: str, args: list[np.ndarray]) -> Callable[[], Any]:
    """numpy's version of ``name`` on ``args`` (a thunk returning the output)."""
    x = args
    fns: dict[str, Callable[[], Any]] = {
        "matmul": lambda: np.matmul(x[0], x[1]),
        "mm": lambda: np.matmul(x[0], x[1]),
        "dA": lambda: np.matmul(x[1], x[0]),
        "dA_raw": lambda: np.matmul(x[1], x[0].T),
        "dB": lambda: np.matmul(x[0].T, x[1]),
        "transpose": lambda: np.ascontiguousarray(x[0].T),
        "bias": lambda: np.sum(x[0], axis=0),
    }
    return fns[name]


def least(fns: list[Callable[[], Any]], repeat: int, calls: int = 3) -> list[float]:
    """The least time of one call of each of ``fns`` over ``repeat`` rounds, every
    round calling each ``calls`` times in turn (so that a burst of load on a shared
    machine slows them all, not one; the first call of each turn warms the caches)."""
    for fn in fns:
        fn()
    best = [float("inf")] * len(fns)
    for _ in range(repeat):
        for q, fn in enumerate(fns):
            for _ in range(calls):
                t = time.perf_counter()
                fn()
                best[q] = min(best[q], time.perf_counter() - t)
    return best


# the MLP's (784-512-512-10, batch 64): (form, M, N, K) as the gradient holds them
MLP = [("matmul", 64, 512, 784), ("matmul", 64, 512, 512), ("matmul", 64, 10, 512),
       ("mm", 64, 512, 784), ("mm", 64, 512, 512), ("mm", 64, 10, 512),
       ("dA", 64, 10, 512), ("dA_raw", 64, 10, 512), ("transpose", 64, 10, 512),
       ("dA", 64, 512, 512), ("dA_raw", 64, 512, 512), ("transpose", 64, 512, 512),
       ("dB", 64, 512, 784), ("dB", 64, 512, 512), ("dB", 64, 10, 512),
       ("bias", 64, 512, 1), ("bias", 64, 10, 1)]


def run(cases: list[tuple[str, int, int, int]], repeat: int, contract: bool,
        off: tuple[str, ...] = ()) -> list[dict]:
    """A row per case (``off``: two, the second compiled with those flags of
    activity/tensor/loops.py off), all timed in the same rounds."""
    from activity.tensor import loops

    rng = np.random.default_rng(0)
    rows, fns = [], []
    for name, m, n, k in cases:
        text, shapes, flop = form(name, m, n, k, contract)
        args = [rng.standard_normal(s).astype(np.float32) for s in shapes]
        want = reference(name, args)()
        for variant in ([(), off] if off else [()]):
            saved = {f: getattr(loops, f) for f in variant}
            try:
                for f in variant:
                    setattr(loops, f, False)
                fn = activity.compile(text, "f")
            finally:
                for f, v in saved.items():
                    setattr(loops, f, v)
            got = np.asarray(fn(*args))
            err = float(np.max(np.abs(got - want)) / max(1e-30, float(np.max(np.abs(want)))))
            fns += [lambda fn=fn, args=args: fn(*args), reference(name, args)]
            rows.append({"form": name + ("" if not variant else " (off)"), "m": m, "n": n,
                         "k": k, "flop": flop, "rel_err": err})
    times = least(fns, repeat)
    for q, r in enumerate(rows):
        r["ours_ms"], r["numpy_ms"] = times[2 * q] * 1e3, times[2 * q + 1] * 1e3
        r["gflops"] = r.pop("flop") / times[2 * q] / 1e9
    return rows


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--repeat", type=int, default=20)
    p.add_argument("--contract", action="store_true",
                   help="the bodies' mulf/addf with fastmath<contract>, as gradients have")
    p.add_argument("--shapes", help="M,N,K: every form at these sizes instead of the MLP's")
    p.add_argument("--only", help="forms, comma-separated")
    p.add_argument("--off", default="",
                   help="flags of activity/tensor/loops.py (PANELS, BLOCKS, ...): each "
                        "form timed also with these off, in the same rounds")
    ns = p.parse_args(argv)
    cases = MLP
    if ns.shapes:
        m, n, k = (int(x) for x in ns.shapes.split(","))
        cases = [(f, m, n, k) for f in ("matmul", "mm", "dA", "dA_raw", "transpose", "dB",
                                        "bias")]
    if ns.only:
        keep = set(ns.only.split(","))
        cases = [c for c in cases if c[0] in keep]
    rows = run(cases, ns.repeat, ns.contract, tuple(x for x in ns.off.split(",") if x))
    print(f"{'form':16} {'M':>5} {'N':>5} {'K':>5} {'ours ms':>9} {'numpy ms':>9} "
          f"{'ours/np':>8} {'GFLOP/s':>8} {'rel err':>8}")
    for r in rows:
        print(f"{r['form']:16} {r['m']:5} {r['n']:5} {r['k']:5} {r['ours_ms']:9.4f} "
              f"{r['numpy_ms']:9.4f} {r['ours_ms'] / r['numpy_ms']:8.2f} "
              f"{r['gflops']:8.1f} {r['rel_err']:8.1e}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
