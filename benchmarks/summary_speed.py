"""Summary speed: a module of N functions (default 1,000).

Prints the time to derive every summary (bottom-up over the call graph), and the time
to analyse one caller against those summaries (callee bodies are never walked) versus
whole-program analysis of the same caller (which walks everything it reaches), measured
side by side in one run.

    python benchmarks/summary_speed.py [--functions 1000] [--repeat 3]
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


def main() -> None:
    import activity
    from activity.engine.program import Program
    from activity.summaries.derive import derive_all, reachable

    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--functions", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=3)
    ns = ap.parse_args()
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
