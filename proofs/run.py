"""Run every machine check of ``proofs/`` and print a table.

    python -m proofs.run [--group NAME] [--verbose] [--failures-only]

Exit status 0 when every check passes, 1 when any fails (or is undecided).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence

from proofs.z3num import Check

GROUPS: dict[str, str] = {
    "lattice laws": "proofs.lattice_laws",
    "monotonicity": "proofs.monotonicity",
    "local soundness": "proofs.local_soundness",
    "derivative rules": "proofs.derivative_rules",
    "tensor soundness": "proofs.tensor_soundness",
}


def all_checks(groups: Sequence[str] | None = None) -> list[Check]:
    import importlib

    out: list[Check] = []
    for name, mod in GROUPS.items():
        if groups and name not in groups:
            continue
        fn: Callable[[], list[Check]] = importlib.import_module(mod).checks
        out.extend(fn())
    return out


def render(checks: Sequence[Check], verbose: bool = False, failures_only: bool = False) -> str:
    lines = []
    w = max((len(c.name) for c in checks), default=10)
    w = min(w, 64)
    lines.append(f"{'group':<18} {'lemma':<5} {'check':<{w}} {'result':<6} {'time':>7}")
    lines.append("-" * (18 + 5 + w + 6 + 7 + 4))
    for c in checks:
        if failures_only and c.ok:
            continue
        res = "ok" if c.ok else "FAIL"
        lines.append(f"{c.group:<18} {c.lemma:<5} {c.name[:w]:<{w}} {res:<6} "
                     f"{c.seconds:>6.2f}s")
        if (verbose or not c.ok) and c.detail:
            lines.append(f"{'':<24}  {c.detail[:400]}")
    per = Counter(c.group for c in checks)
    bad = [c for c in checks if not c.ok]
    total = sum(c.seconds for c in checks)
    lines.append("-" * (18 + 5 + w + 6 + 7 + 4))
    lines.append(", ".join(f"{g}: {n}" for g, n in per.items()))
    lines.append(f"{len(checks) - len(bad)}/{len(checks)} checks passed in {total:.1f}s")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m proofs.run", description=__doc__.split("\n")[0])
    p.add_argument("--group", action="append", choices=list(GROUPS),
                   help="run only this group (repeatable)")
    p.add_argument("--verbose", "-v", action="store_true", help="print every check's detail")
    p.add_argument("--failures-only", action="store_true", help="list failing checks only")
    ns = p.parse_args(argv)
    t0 = time.perf_counter()
    checks = all_checks(ns.group)
    print(render(checks, ns.verbose, ns.failures_only))
    print(f"wall time {time.perf_counter() - t0:.1f}s")
    return 0 if checks and all(c.ok for c in checks) else 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
