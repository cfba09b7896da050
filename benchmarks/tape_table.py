"""What the AD generator caches for the benchmark objectives: the table in docs/ad.md.

    python benchmarks/tape_table.py            # markdown table, pruned and all_active

Per objective and mode: generated ops after dead-code elimination (helpers included;
forward and reverse sweep), the number of cached values, the static tape bytes at the
``small`` and ``bench`` sizes (from the trip-count formulas) and the stack height the
forward sweep reaches on the small inputs (run once with the reference interpreter).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import activity  # noqa: E402
from activity.ad.stats import measure  # noqa: E402
from activity.analysis.args import arg_label  # noqa: E402
from activity.engine.program import Program  # noqa: E402


def _objectives() -> Any:
    name = "activity_benchmark_objectives"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, HERE / "objectives.py")
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


def size(n: int | None) -> str:
    if n is None:
        return "?"
    if n < 10_000:
        return f"{n} B"
    if n < 1_000_000:
        return f"{n / 1e3:.1f} KB"
    return f"{n / 1e6:.2f} MB"


def bounds(module: Any, func: str, inputs: list[Any]) -> dict[str, int]:
    fop = Program.of(module).functions[func]
    params = list(fop.regions[0].blocks[0].args)
    return {arg_label(fop, i, a): int(x)
            for i, (a, x) in enumerate(zip(params, inputs, strict=True))
            if isinstance(x, int | np.integer)}


def main() -> int:
    objs = _objectives().OBJECTIVES
    labels = {"gmm": "GMM", "ba": "BA", "hand": "Hand", "lstm": "LSTM",
              "minibude": "miniBUDE"}
    print("| objective | mode | ops | forward | reverse | cached values | static tape, small "
          "| static tape, bench | stack, small |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, obj in objs.items():
        m = activity.parse(obj.mlir)
        small = obj.make_inputs(np.random.default_rng(0), "small")
        bench = obj.make_inputs(np.random.default_rng(0), "bench")
        for prune in (True, False):
            st = measure(m, obj.func, small, obj.args, prune)
            print(f"| {labels.get(name, name)} | {'pruned' if prune else 'all_active'} "
                  f"| {st.total_ops} | {st.forward_ops} | {st.reverse_ops} "
                  f"| {len(st.cached)} | {size(st.static_bytes(bounds(m, obj.func, small)))} "
                  f"| {size(st.static_bytes(bounds(m, obj.func, bench)))} "
                  f"| {size(st.measured_stack_bytes) if st.measured_stack_bytes else 0} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
