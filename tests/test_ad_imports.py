"""No import cycle among the modules of ``activity/ad/`` (imports inside functions
count too): the generator's pieces are layered, the driver on top."""

from __future__ import annotations

import ast
from pathlib import Path

AD = Path(__file__).resolve().parent.parent / "activity" / "ad"


def _module(path: Path) -> str:
    parts = ("activity", "ad", *path.relative_to(AD).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _graph() -> dict[str, set[str]]:
    mods = {_module(p): p for p in AD.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in mods.items():
        out: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                subs = {f"{node.module}.{a.name}" for a in node.names} & mods.keys()
                out |= subs
                if len(subs) < len(node.names) and node.module in mods:
                    out.add(node.module)
            elif isinstance(node, ast.Import):
                out |= {a.name for a in node.names} & mods.keys()
        graph[name] = out - {name}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(v: str) -> list[str] | None:
        state[v] = 1
        path.append(v)
        for w in sorted(graph[v]):
            if state.get(w) == 1:
                return path[path.index(w):] + [w]
            if w not in state and (found := visit(w)):
                return found
        path.pop()
        state[v] = 2
        return None

    for v in sorted(graph):
        if v not in state and (found := visit(v)):
            return found
    return None


def test_the_ad_modules_import_in_no_circle() -> None:
    cycle = _cycle(_graph())
    assert cycle is None, " -> ".join(cycle or [])


def test_a_circle_is_found() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
