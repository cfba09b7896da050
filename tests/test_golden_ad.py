"""Recorded gradient IR of the benchmark programs, compared byte for byte.

For every benchmark objective (``benchmarks/programs/*.mlir`` with the function and
argument activities of ``benchmarks/objectives.py``) and every C objective
(``benchmarks/c/*.generic.mlir`` without its ``__enzyme_autodiff`` driver, with the
activities of ``tests/test_c_objectives.py``), pruned and ``all_active``: the module
that :class:`activity.ad.reverse.Differentiator` generates (MLIR text) and its
``--stats`` report (text).  The records live in ``tests/data/golden/ad/`` (gzipped).

Any change to the generated gradient shows up here.  A change made on purpose is
re-recorded with::

    ACTIVITY_REGEN_GOLDEN=1 PYTHONPATH=$PWD pytest tests/test_golden_ad.py -n 0

and the diff of the records is part of the commit (``zcat`` them to read).
"""

from __future__ import annotations

import gzip
import importlib.util
import os
import sys
from pathlib import Path
from typing import Any

import pytest

import activity
from activity.ad.reverse import Differentiator
from activity.printing import module_text

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "data" / "golden" / "ad"
REGEN = os.environ.get("ACTIVITY_REGEN_GOLDEN") == "1"

# the C objectives' functions and activities, as tests/test_c_objectives.py uses them
C_OBJECTIVES: dict[str, tuple[str, list[str]]] = {
    "gmm": ("gmm_objective", ["const"] * 3 + ["dup"] * 3 + ["const"] * 3),
    "ba": ("ba_objective", ["dup", "dup", "active", "const", "dup", "dup"]),
    "hand": ("hand_objective", ["const", "const", "dup"] + ["const"] * 6),
    "lstm": ("lstm_objective", ["const"] * 3 + ["dup"] * 3 + ["const"]),
    "minibude": ("minibude_objective", ["const"] * 3 + ["dup"] + ["const"] * 8 + ["dup"]),
}


def _objectives() -> dict[str, Any]:
    name = "activity_benchmark_objectives"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            name, ROOT / "benchmarks" / "objectives.py")
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name].OBJECTIVES  # type: ignore[no-any-return]


def _program(name: str) -> tuple[Any, str, list[str]]:
    obj = _objectives()[name]
    return activity.parse(ROOT / "benchmarks" / "programs" / f"{name}.mlir"), obj.func, obj.args


def _c(name: str) -> tuple[Any, str, list[str]]:
    m = activity.parse(ROOT / "benchmarks" / "c" / f"{name}.generic.mlir")
    for op in list(m.body.block.ops):
        if any(getattr(c, "callee", None) is not None
               and c.callee.string_value() == "__enzyme_autodiff" for c in op.walk()):
            m.body.block.erase_op(op)
    func, args = C_OBJECTIVES[name]
    return m, func, args


CASES = ([("programs", n) for n in sorted(p.stem for p in
                                          (ROOT / "benchmarks" / "programs").glob("*.mlir"))]
         + [("c", n) for n in sorted(C_OBJECTIVES)])


def record(kind: str, name: str, prune: bool) -> str:
    """The generated module's text followed by its ``--stats`` text report."""
    m, func, args = _program(name) if kind == "programs" else _c(name)
    d = Differentiator(m, func, args, prune)
    out, _ = d.run()
    return module_text(out) + "\n// ----- stats\n" + d.stats.render()


@pytest.mark.parametrize("prune", [True, False], ids=["pruned", "all_active"])
@pytest.mark.parametrize(("kind", "name"), CASES, ids=[f"{k}-{n}" for k, n in CASES])
def test_gradient_ir_is_the_recorded_one(kind: str, name: str, prune: bool) -> None:
    path = GOLDEN / f"{kind}-{name}-{'pruned' if prune else 'all_active'}.mlir.gz"
    got = record(kind, name, prune)
    if REGEN:
        path.parent.mkdir(parents=True, exist_ok=True)
        # mtime=0: the same text gives the same bytes (no spurious diffs)
        with open(path, "wb") as fh, gzip.GzipFile(fileobj=fh, mode="wb", mtime=0) as z:
            z.write(got.encode())
        return
    assert path.exists(), f"no record {path}: run with ACTIVITY_REGEN_GOLDEN=1"
    want = gzip.decompress(path.read_bytes()).decode()
    if got != want:
        import difflib

        diff = "".join(list(difflib.unified_diff(want.splitlines(True), got.splitlines(True),
                                                 "recorded", "generated", n=2))[:80])
        pytest.fail(f"{path.name}: the generated gradient differs from the record "
                    f"(ACTIVITY_REGEN_GOLDEN=1 re-records on purpose):\n{diff}")
