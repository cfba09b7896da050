"""The layers depend one way: lattice -> ops -> engine -> analyses -> summaries -> ad ->
codegen, with cli/api on top; nothing in the package imports ``proofs``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parent.parent / "activity"

# package -> packages it must not import (at any depth, including lazy imports)
FORBIDDEN = {
    "lattice": ["ops", "engine", "analysis", "summaries", "ad", "codegen", "semantics",
                "api", "cli"],
    "ops": ["engine", "analysis", "summaries", "ad", "codegen", "semantics", "api", "cli"],
    "engine": ["analysis", "summaries", "ad", "codegen", "api", "cli"],
    "analysis": ["summaries", "ad", "codegen", "api", "cli"],
    "semantics": ["analysis", "summaries", "ad", "codegen", "api", "cli"],
    "summaries": ["ad", "codegen"],
}


def _imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_nothing_imports_proofs() -> None:
    for path in PKG.rglob("*.py"):
        bad = {m for m in _imports(path) if m == "proofs" or m.startswith("proofs.")}
        assert not bad, f"{path.relative_to(PKG.parent)} imports {bad}"


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layers_depend_one_way(layer: str) -> None:
    for path in (PKG / layer).rglob("*.py"):
        for mod in _imports(path):
            for other in FORBIDDEN[layer]:
                name = f"activity.{other}"
                assert not (mod == name or mod.startswith(name + ".")), (
                    f"{path.relative_to(PKG.parent)} ({layer}) imports {mod}")
