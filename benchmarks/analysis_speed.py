"""Analysis speed: modules of 1k to 200k ops; analysis time vs xDSL's parse time.

Shapes (``--shapes``):

* ``flat``: many small independent functions (each calls one helper);
* ``chain``: N functions of about 220 ops each, each mixing float arithmetic, ``math``,
  loads and stores on a ``dup`` buffer argument and a local ``memref.alloca``, an
  ``scf.for`` with ``iter_args`` and an ``scf.if``, and calling the previous function
  with its buffer (a deep call chain: issue #34);
* ``wide``: the same functions, each calling up to three earlier ones (a wide call DAG
  with shared callees);
* ``scc``: the same functions in groups of four mutually recursive ones (each calls the
  next of its group under an ``scf.if`` and the first of the previous group).

Prints, per shape and size: ops, parse seconds, whole-program analysis seconds (graph
build + points-to + activity fixpoint + result), modular (``mode="summaries"``)
analysis seconds, each one's ratio to the parse time, the peak memory of the
whole-program analysis (tracemalloc, MiB), and per shape the growth exponent of each
analysis time fitted over the sizes (least squares on log time vs log ops; 1.0 is
linear).  Targets (issue #34): analysis <= 0.25x parse, growth exponent <= 1.1.

    python benchmarks/analysis_speed.py [--shapes chain,wide,scc,flat]
        [--sizes 1000,3000,10000,30000,100000] [--large] [--repeat 1] [--no-modular]

``--large`` adds 200k ops to the sizes.
"""

from __future__ import annotations

import argparse
import gc
import math
import random
import re
import statistics
import time
import tracemalloc
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

# -- the call-graph shapes: functions of about 220 ops -------------------------------
_STEP = """\
  %a{k} = memref.load %m[%i{k}] : memref<64xf64>
  %b{k} = arith.mulf %a{k}, %x : f64
  %s{k} = math.sin %b{k} : f64
  memref.store %s{k}, %t[%j{k}] : memref<8xf64>
  %l{k} = memref.load %t[%j{k}] : memref<8xf64>
  %e{k} = arith.addf %l{k}, %kk : f64
  %q{k} = arith.mulf %e{k}, %b{k} : f64
  memref.store %q{k}, %m[%i{k}] : memref<64xf64>
"""
_STEPS = 19  # 8 ops + 2 index constants each
_LOOP = """\
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %x) -> (f64) {{
    %la = memref.load %m[%iv] : memref<64xf64>
    %pa = arith.mulf %la, %acc : f64
    %qa = math.exp %pa : f64
    memref.store %qa, %t[%c0] : memref<8xf64>
    %lb = memref.load %t[%c0] : memref<8xf64>
    %za = arith.addf %lb, %q{last} : f64
    memref.store %za, %m[%iv] : memref<64xf64>
    scf.yield %za : f64
  }}
  %cond = arith.cmpf olt, %r, %x : f64
  %v = scf.if %cond -> (f64) {{
    %u = arith.mulf %r, %r : f64
    memref.store %u, %t[%c1] : memref<8xf64>
    scf.yield %u : f64
  }} else {{
    %u2 = arith.subf %r, %kk : f64
    scf.yield %u2 : f64
  }}
  %w0 = memref.load %t[%c1] : memref<8xf64>
  %acc0 = arith.addf %v, %w0 : f64
"""


def _func(i: int, callees: list[tuple[int, bool]], public: bool) -> str:
    """Function ``@c{i}``; ``callees``: (index, guarded) -- a guarded call sits in an
    ``scf.if`` on the depth counter (recursion)."""
    vis = "" if public else "private "
    out = [f"func.func {vis}@c{i}(%x: f64, %m: memref<64xf64>, %n: index) -> f64 {{\n",
           "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n",
           "  %kk = arith.constant 1.5 : f64\n  %t = memref.alloca() : memref<8xf64>\n"]
    for k in range(_STEPS):
        out.append(f"  %i{k} = arith.constant {(k * 7 + i) % 64} : index\n"
                   f"  %j{k} = arith.constant {k % 8} : index\n")
        out.append(_STEP.format(k=k))
    out.append(_LOOP.format(last=_STEPS - 1))
    acc = "%acc0"
    for n, (c, guarded) in enumerate(callees):
        if guarded:
            out.append(f"  %d{n} = arith.subi %n, %c1 : index\n"
                       f"  %g{n} = arith.cmpi sgt, %n, %c0 : index\n"
                       f"  %y{n} = scf.if %g{n} -> (f64) {{\n"
                       f"    %z{n} = func.call @c{c}({acc}, %m, %d{n}) : "
                       "(f64, memref<64xf64>, index) -> f64\n"
                       f"    scf.yield %z{n} : f64\n  }} else {{\n"
                       f"    scf.yield {acc} : f64\n  }}\n")
        else:
            out.append(f"  %y{n} = func.call @c{c}({acc}, %m, %n) : "
                       "(f64, memref<64xf64>, index) -> f64\n")
        out.append(f"  %h{n} = arith.mulf %y{n}, %kk : f64\n"
                   f"  memref.store %h{n}, %m[%c1] : memref<64xf64>\n")
        acc = f"%h{n}"
    out.append(f"  func.return {acc} : f64\n}}\n")
    return "".join(out)


def _n_funcs(n_ops: int) -> int:
    return max(2, n_ops // 220)


def make_chain(n_ops: int) -> str:
    """@c{i} calls @c{i-1}; only the last function is public."""
    n = _n_funcs(n_ops)
    return "".join(_func(i, [(i - 1, False)] if i else [], i == n - 1) for i in range(n))


def make_wide(n_ops: int) -> str:
    """@c{i} calls up to three earlier functions; the last four are public."""
    n = _n_funcs(n_ops)
    rnd = random.Random(34)
    funcs = []
    for i in range(n):
        cs = sorted({i - 1, i // 2, rnd.randrange(i)}) if i else []
        funcs.append(_func(i, [(c, False) for c in cs], i >= n - 4))
    return "".join(funcs)


def make_scc(n_ops: int) -> str:
    """Groups of four mutually recursive functions; each also calls the first one of
    the previous group.  Only the first function of the last group is public."""
    n = max(4, _n_funcs(n_ops) // 4 * 4)
    funcs = []
    for i in range(n):
        g0 = i // 4 * 4
        cs = [(g0 + (i + 1 - g0) % 4, True)]
        if g0:
            cs.append((g0 - 4, False))
        funcs.append(_func(i, cs, i == n - 4))
    return "".join(funcs)


def make_flat(n_ops: int) -> str:
    units = max(1, n_ops // OPS_PER_UNIT)
    return "".join(FUNC_TEMPLATE.format(i=i) for i in range(units))


SHAPES = {"flat": make_flat, "chain": make_chain, "wide": make_wide, "scc": make_scc}


def make_module_text(n_ops: int, shape: str = "flat") -> str:
    return SHAPES[shape](n_ops)


def first_public(text: str) -> str:
    """The name of the first public function of a generated module."""
    return re.search(r"func\.func @(\w+)", text).group(1)  # type: ignore[union-attr]


def count_ops(module: object) -> int:
    return sum(1 for _ in module.walk()) - 1  # type: ignore[attr-defined]


def growth_exponent(ops: list[int], secs: list[float]) -> float:
    """Least-squares slope of log(seconds) over log(ops)."""
    xs = [math.log(o) for o in ops]
    ys = [math.log(max(s, 1e-6)) for s in secs]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / den if den else 0.0


def _timed(fn):  # type: ignore[no-untyped-def]
    gc.collect()
    t0 = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        r = fn()
    return r, time.perf_counter() - t0


def main() -> None:
    import activity
    from activity.frontend import parse

    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shapes", default="chain,wide,scc,flat")
    ap.add_argument("--sizes", default="1000,3000,10000,30000,100000")
    ap.add_argument("--large", action="store_true", help="add 200k ops")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--no-modular", action="store_true",
                    help="skip the modular (summaries) analysis")
    ap.add_argument("--no-memory", action="store_true",
                    help="skip the peak-memory run (tracemalloc slows the analysis)")
    ns = ap.parse_args()
    sizes = [int(s) for s in ns.sizes.split(",")]
    if ns.large:
        sizes.append(200_000)
    for shape in ns.shapes.split(","):
        print(f"\n[{shape}]")
        print(f"{'ops':>8} {'parse s':>9} {'whole s':>9} {'w/parse':>8} "
              f"{'modular s':>10} {'m/parse':>8} {'peak MiB':>9}")
        rows = []
        for n in sizes:
            text = make_module_text(n, shape)
            root = first_public(text)
            parse_t, an_t, mod_t = [], [], []
            ops = 0
            for _ in range(ns.repeat):
                m, t = _timed(lambda: parse(text))  # noqa: B023
                parse_t.append(t)
                ops = count_ops(m)
                _, t = _timed(lambda: activity.analyze(m).stats(root))  # noqa: B023
                an_t.append(t)
                if not ns.no_modular:
                    _, t = _timed(lambda: activity.analyze(m, mode="summaries"))  # noqa: B023
                    mod_t.append(t)
            peak = float("nan")
            if not ns.no_memory:
                tracemalloc.start()
                _timed(lambda: activity.analyze(m).stats(root))  # noqa: B023
                peak = tracemalloc.get_traced_memory()[1] / 2**20
                tracemalloc.stop()
            p, a = statistics.median(parse_t), statistics.median(an_t)
            md = statistics.median(mod_t) if mod_t else float("nan")
            rows.append((ops, p, a, md))
            print(f"{ops:>8} {p:>9.3f} {a:>9.3f} {a / p:>8.2f} {md:>10.3f} {md / p:>8.2f} "
                  f"{peak:>9.1f}", flush=True)
        if len(rows) >= 2:
            o = [r[0] for r in rows]
            line = (f"growth exponent: parse {growth_exponent(o, [r[1] for r in rows]):.2f}, "
                    f"whole {growth_exponent(o, [r[2] for r in rows]):.2f}")
            if not ns.no_modular:
                line += f", modular {growth_exponent(o, [r[3] for r in rows]):.2f}"
            print(line, flush=True)


if __name__ == "__main__":
    main()
