"""Analysis speed: modules of 1k to 100k ops; analysis time vs xDSL's parse time.

Prints, per size: ops, parse seconds, analysis seconds (graph build + points-to +
activity fixpoint + result), ops per second of the analysis, and analysis/parse ratio.
Target (issue #2): analysis time at most the parse time, growing linearly.

    python benchmarks/analysis_speed.py [--sizes 1000,10000,100000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
import warnings

FUNC_TEMPLATE = """\
func.func @f{i}(%x: f64, %y: f64, %m: memref<16xf64>, %n: index) -> f64 {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = arith.constant 2.5 : f64
  %a = arith.mulf %x, %y : f64
  %b = math.sin %a : f64
  %c = arith.addf %b, %k : f64
  %i = arith.fptosi %c : f64 to i64
  %j = arith.addi %i, %i : i64
  %t = arith.sitofp %j : i64 to f64
  memref.store %c, %m[%c1] : memref<16xf64>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %k) -> (f64) {{
    %l = memref.load %m[%iv] : memref<16xf64>
    %p = arith.mulf %l, %acc : f64
    %q = math.exp %p : f64
    %s = arith.addf %q, %t : f64
    %w = arith.mulf %k, %k : f64
    %z = arith.addf %s, %w : f64
    scf.yield %z : f64
  }}
  %cond = arith.cmpf olt, %r, %x : f64
  %v = scf.if %cond -> (f64) {{
    %u = arith.mulf %r, %r : f64
    scf.yield %u : f64
  }} else {{
    %u2 = arith.subf %r, %k : f64
    scf.yield %u2 : f64
  }}
  %call = func.call @g{i}(%v) : (f64) -> f64
  func.return %call : f64
}}
func.func private @g{i}(%v: f64) -> f64 {{
  %o = arith.constant 1.0 : f64
  %h = arith.divf %o, %v : f64
  %h2 = math.sqrt %h : f64
  func.return %h2 : f64
}}
"""
OPS_PER_UNIT = 33  # ops in one instance of the template (checked at run time)


def make_module_text(n_ops: int) -> str:
    units = max(1, n_ops // OPS_PER_UNIT)
    return "".join(FUNC_TEMPLATE.format(i=i) for i in range(units))


def count_ops(module: object) -> int:
    return sum(1 for _ in module.walk()) - 1  # type: ignore[attr-defined]


def main() -> None:
    import activity
    from activity.frontend import parse

    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="1000,3000,10000,30000,100000")
    ap.add_argument("--repeat", type=int, default=3)
    ns = ap.parse_args()
    sizes = [int(s) for s in ns.sizes.split(",")]
    print(f"{'ops':>8} {'parse s':>9} {'analyse s':>10} {'ops/s':>10} {'analyse/parse':>14}")
    rows = []
    for n in sizes:
        text = make_module_text(n)
        parse_t, an_t = [], []
        ops = 0
        for _ in range(ns.repeat):
            gc.collect()
            t0 = time.perf_counter()
            m = parse(text)
            t1 = time.perf_counter()
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                r = activity.analyze(m)  # every public function, whole-program
                r.stats("f0")
            t2 = time.perf_counter()
            parse_t.append(t1 - t0)
            an_t.append(t2 - t1)
            ops = count_ops(m)
        p, a = statistics.median(parse_t), statistics.median(an_t)
        rows.append((ops, p, a))
        print(f"{ops:>8} {p:>9.3f} {a:>10.3f} {ops / a:>10.0f} {a / p:>14.2f}", flush=True)
    if len(rows) >= 2:
        (o0, _p0, a0), (o1, _p1, a1) = rows[0], rows[-1]
        print(f"growth: ops x{o1 / o0:.0f}, analysis time x{a1 / a0:.1f} "
              f"(linear would be x{o1 / o0:.0f})")


if __name__ == "__main__":
    main()
