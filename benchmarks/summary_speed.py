"""Summary speed: a module of N functions (default 1,000).

Prints the time to derive every summary (bottom-up over the call graph), and the time
to analyse one caller against those summaries (callee bodies are never walked) versus
whole-program analysis of the same caller (which walks everything it reaches), measured
side by side in one run.

    python benchmarks/summary_speed.py [--functions 1000] [--repeat 3]

With ``--modules N``: N module files of about ``--ops`` ops each (functions of about
200 ops: float arithmetic, math, loads and stores on a buffer argument, an ``alloca``,
an ``scf.for`` with ``iter_args`` and an ``scf.if`` that calls the previous function;
each module's first function calls the last one of module ``(k - 1) // 2``, declared
there: a tree of modules), summarized as ``activity summarize DIR -j J`` does, on 1
and 2 workers, with a cold and then a warm cache, and after one module changes.

    python benchmarks/summary_speed.py --modules 100 --ops 2000
"""

from __future__ import annotations

import argparse
import statistics
import time
import warnings

LEAF = """\
func.func private @leaf{i}(%m: memref<8xf64>, %x: f64, %k: index) -> f64 {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f64
  %v = memref.load %m[%k] : memref<8xf64>
  %p = arith.mulf %v, %x : f64
  %q = math.sin %p : f64
  memref.store %q, %m[%c1] : memref<8xf64>
  %r = arith.addf %q, %two : f64
  func.return %r : f64
}}
"""
MID = """\
func.func private @mid{i}(%m: memref<8xf64>, %x: f64, %n: i64) -> f64 {{
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %k = arith.constant 3 : index
  %a = func.call @leaf{a}(%m, %x, %k) : (memref<8xf64>, f64, index) -> f64
  %done = arith.cmpi sle, %n, %c0 : i64
  %r = scf.if %done -> (f64) {{
    scf.yield %a : f64
  }} else {{
    %n1 = arith.subi %n, %c1 : i64
    %b = func.call @mid{j}(%m, %a, %n1) : (memref<8xf64>, f64, i64) -> f64
    scf.yield %b : f64
  }}
  func.return %r : f64
}}
"""


def make_module(n: int) -> tuple[str, str]:
    """About n functions: leaves, a layer of mutually recursive mids, and one caller
    that calls every mid."""
    leaves = n // 2
    mids = n - leaves - 1
    parts = [LEAF.format(i=i) for i in range(leaves)]
    for i in range(mids):
        parts.append(MID.format(i=i, a=i % leaves, j=(i + 1) % mids))
    body = ["func.func @caller(%m: memref<8xf64>, %x: f64) -> f64 {",
            "  %n = arith.constant 2 : i64", "  %s0 = arith.constant 0.0 : f64"]
    for i in range(mids):
        body.append(f"  %r{i} = func.call @mid{i}(%m, %x, %n) : (memref<8xf64>, f64, i64) "
                    "-> f64")
        body.append(f"  %s{i + 1} = arith.addf %s{i}, %r{i} : f64")
    body.append(f"  func.return %s{mids} : f64")
    body.append("}")
    parts.append("\n".join(body) + "\n")
    return "".join(parts), "caller"


FUNC = """\
func.func @{name}(%buf: memref<64xf64>, %x: f64, %n: index) -> f64 {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %loc = memref.alloca() : memref<8xf64>
  memref.store %x, %loc[%c0] : memref<8xf64>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (f64) {{
    %v = memref.load %buf[%i] : memref<64xf64>
    %l = memref.load %loc[%c0] : memref<8xf64>
    %t0 = arith.mulf %v, %l : f64
{body}    memref.store %t{k}, %buf[%i] : memref<64xf64>
    %s = arith.addf %a, %t{k} : f64
    scf.yield %s : f64
  }}
  %big = arith.cmpf ogt, %acc, %x : f64
  %r = scf.if %big -> (f64) {{
{call}  }} else {{
    scf.yield %acc : f64
  }}
  func.return %r : f64
}}
"""
SIG = "(memref<64xf64>, f64, index) -> f64"


def make_function(name: str, callee: str | None, k: int) -> str:
    body = []
    for j in range(1, k + 1):
        op = ("arith.mulf", "arith.addf", "math.sin", "arith.subf")[j % 4]
        if op == "math.sin":
            body.append(f"    %t{j} = math.sin %t{j - 1} : f64\n")
        else:
            body.append(f"    %t{j} = {op} %t{j - 1}, %{'x' if j % 3 else 'a'} : f64\n")
    if callee is None:
        call = "    %c = arith.mulf %acc, %x : f64\n    scf.yield %c : f64\n"
    else:
        call = (f"    %c = func.call @{callee}(%buf, %acc, %n) : {SIG}\n"
                "    scf.yield %c : f64\n")
    return FUNC.format(name=name, body="".join(body), k=k, call=call)


def make_modules(n: int, ops: int) -> list[str]:
    per_func, k = 200, 180  # about 200 ops per function
    funcs = max(1, ops // per_func)
    out = []
    for m in range(n):
        parts = []
        if m > 0:
            parts.append(f"func.func private @m{(m - 1) // 2}_f{funcs - 1}{SIG}\n")
        for i in range(funcs):
            callee = (f"m{m}_f{i - 1}" if i > 0 else
                      f"m{(m - 1) // 2}_f{funcs - 1}" if m > 0 else None)
            parts.append(make_function(f"m{m}_f{i}", callee, k))
        out.append("".join(parts))
    return out


def modules_main(ns: argparse.Namespace) -> None:
    import os
    import shutil
    import tempfile

    import activity
    from activity.summaries.multimodule import Stats, summarize_modules

    texts = make_modules(ns.modules, ns.ops)
    nops = sum(1 for _ in activity.parse(texts[0]).walk()) - 1
    tmp = tempfile.mkdtemp(prefix="summary_speed")
    src = os.path.join(tmp, "src")

    def write_modules() -> None:
        os.makedirs(src, exist_ok=True)
        for i, t in enumerate(texts):
            with open(os.path.join(src, f"m{i:03d}.mlir"), "w") as fh:
                fh.write(t)

    try:
        print(f"{ns.modules} modules of {nops} ops ({nops * ns.modules:,} ops), "
              f"{os.cpu_count()} cores")
        print(f"{'workers':>7} {'cache':>8} {'seconds':>8} {'derived':>8} {'cached':>7}")
        answers = []
        for jobs in ns.jobs:
            write_modules()
            cache = os.path.join(tmp, f"cache{jobs}")
            for label in ("cold", "warm", "1 edit"):
                if label == "1 edit":  # one leaf-side module changes one constant
                    path = os.path.join(src, f"m{ns.modules - 1:03d}.mlir")
                    with open(path) as fh:
                        t = fh.read()
                    with open(path, "w") as fh:
                        fh.write(t.replace("%c1 = arith.constant 1 : index",
                                           "%c1 = arith.constant 2 : index", 1))
                st = Stats()
                t0 = time.perf_counter()
                got = summarize_modules([src], jobs=jobs, cache_dir=cache, stats=st)
                dt = time.perf_counter() - t0
                print(f"{jobs:>7} {label:>8} {dt:8.2f} {len(st.derived):>8} "
                      f"{len(st.cached):>7}", flush=True)
                if label == "cold":
                    answers.append({n: s.to_json() for n, s in got.items()})
        assert all(a == answers[0] for a in answers), "workers disagree"
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    import activity
    from activity.engine.program import Program
    from activity.summaries.derive import derive_all, reachable

    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--functions", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--modules", type=int, default=0,
                    help="benchmark N modules (activity summarize DIR) instead")
    ap.add_argument("--ops", type=int, default=2000, help="ops per module (--modules)")
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2],
                    help="worker counts to measure (--modules)")
    ns = ap.parse_args()
    if ns.modules:
        modules_main(ns)
        return
    text, caller = make_module(ns.functions)
    t0 = time.perf_counter()
    module = activity.parse(text)
    parse_s = time.perf_counter() - t0
    program = Program.of(module)
    nfun = len(program.functions)
    nops = sum(1 for _ in module.walk()) - 1
    warnings.simplefilter("ignore")
    derive_t, sum_t, wp_t = [], [], []
    summaries = {}
    for _ in range(ns.repeat):
        t0 = time.perf_counter()
        summaries = derive_all(program, reachable(program, [caller]))
        derive_t.append(time.perf_counter() - t0)
        lib = {k: v for k, v in summaries.items() if k != caller}
        t0 = time.perf_counter()
        rs = activity.analyze(module, caller, mode="summaries", summaries=lib)
        sum_t.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        rw = activity.analyze(module, caller)
        wp_t.append(time.perf_counter() - t0)
    d, s, w = (statistics.median(x) for x in (derive_t, sum_t, wp_t))
    print(f"module: {nfun} functions, {nops} ops (parse {parse_s:.2f} s)")
    print(f"derive all summaries:          {d:8.3f} s  ({nfun / d:,.0f} functions/s)")
    print(f"analyse caller, summaries:     {s:8.3f} s  (functions walked: "
          f"{len(rs.functions)})")
    print(f"analyse caller, whole-program: {w:8.3f} s  (functions walked: "
          f"{len(rw.functions)})")
    print(f"whole-program / summaries:     {w / s:8.1f}x")
    st_s, st_w = rs.stats(caller), rw.stats(caller)
    print(f"caller active ops: summaries {st_s.active_ops}/{st_s.ops}, "
          f"whole-program {st_w.active_ops}/{st_w.ops}")


if __name__ == "__main__":
    main()
