"""The on-disk summary cache: a derived summary is never derived twice.

Two levels, both plain JSON files under one directory, written atomically (a temporary
file renamed into place), so concurrent runs and worker processes can share it:

* **functions** (``fn/``): the summaries of one call-graph component (one function,
  or the members of a recursive cycle), keyed by the hash of the *tool* (its version
  and the source of the package, so a changed analysis never reads old answers), the
  component's printed IR, the module's context (globals and declarations: everything
  at the top level but function bodies), and the summaries of every symbol the
  component names (``@g``: its callees, functions whose address it takes).  A changed
  function misses; so does every function whose callee's summary changed.
* **modules** (``mod/``): what a whole module file yields (its interface, and its
  summaries given the summaries of the functions it declares), keyed by the tool, the
  file's bytes and those summaries, so an unchanged module is not even parsed.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from xdsl.ir import Operation

from activity.summaries.model import Summary

_SYMBOL = re.compile(r'@("(?:[^"\\]|\\.)*"|[\w.$-]+)')


def default_dir() -> Path:
    """``$ACTIVITY_CACHE_DIR``, else ``$XDG_CACHE_HOME/activity`` (``~/.cache``)."""
    env = os.environ.get("ACTIVITY_CACHE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "activity"


@functools.lru_cache(maxsize=1)
def tool_hash() -> str:
    """The version and the source of every module of the package."""
    import xdsl

    # (the package's root by path, not by ``import activity``, whose lazy names import
    # the API and so this module back; the version is in __init__.py, hashed below)
    root = Path(__file__).resolve().parents[1]
    h = hashlib.sha256(b"activity")
    h.update(str(getattr(xdsl, "__version__", "?")).encode())
    for p in sorted(root.rglob("*.py")):
        h.update(str(p.relative_to(root)).encode())
        h.update(p.read_bytes())
    return h.hexdigest()


def digest(*parts: str | bytes) -> str:
    h = hashlib.sha256()
    for p in parts:
        b = p.encode() if isinstance(p, str) else p
        h.update(len(b).to_bytes(8, "little"))
        h.update(b)
    return h.hexdigest()


def summary_hash(s: Summary | None) -> str:
    if s is None:
        return "none"
    return digest(s.name, json.dumps(s.to_json(), sort_keys=True))


def op_text(op: Operation) -> str:
    """The op in generic form, without locations (what the analysis reads)."""
    import io

    from xdsl.printer import Printer

    out = io.StringIO()
    Printer(stream=out, print_generic_format=True).print_op(op)
    return out.getvalue()


def symbols_in(text: str) -> set[str]:
    out = set()
    for m in _SYMBOL.finditer(text):
        s = m.group(1)
        out.add(json.loads(s) if s.startswith('"') else s)
    return out


class Store:
    """A directory of JSON entries named by key."""

    def __init__(self, root: str | os.PathLike[str]) -> None:
        self.root = Path(root)

    def _path(self, kind: str, key: str) -> Path:
        return self.root / kind / key[:2] / f"{key[2:]}.json"

    def get(self, kind: str, key: str) -> Any:
        try:
            return json.loads(self._path(kind, key).read_text())
        except (OSError, ValueError):
            return None

    def put(self, kind: str, key: str, value: Any) -> None:
        path = self._path(kind, key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp")
            with os.fdopen(fd, "w") as fh:
                json.dump(value, fh, sort_keys=True)
            os.replace(tmp, path)
        except OSError:  # a cache that cannot be written is only slower
            pass


class FunctionCache:
    """The function level, for one parsed module (see :func:`derive_all`)."""

    def __init__(self, store: Store, module_ops: Iterable[Operation]) -> None:
        from activity.engine.program import has_body

        self.store = store
        self.texts: dict[int, str] = {}
        context: list[str] = []
        for op in module_ops:
            if op.regions and has_body(op):
                continue
            context.append(op_text(op))
        self.context = digest(*context)
        self.hits: list[str] = []
        self.misses: list[str] = []

    def _text(self, f: Operation) -> str:
        t = self.texts.get(id(f))
        if t is None:
            t = self.texts[id(f)] = op_text(f)
        return t

    def key(self, funcs: Mapping[str, Operation], summaries: Mapping[str, Summary]) -> str:
        texts = [self._text(funcs[n]) for n in sorted(funcs)]
        named: set[str] = set()
        for t in texts:
            named |= symbols_in(t)
        named -= set(funcs)
        deps = [f"{n}={summary_hash(summaries.get(n))}" for n in sorted(named)]
        return digest(tool_hash(), self.context, *sorted(funcs), *texts, *deps)

    def get(self, key: str, names: list[str]) -> dict[str, Summary] | None:
        d = self.store.get("fn", key)
        if not isinstance(d, dict) or set(d) != set(names):
            self.misses.extend(names)
            return None
        self.hits.extend(names)
        return {n: Summary.from_json(n, v) for n, v in d.items()}

    def put(self, key: str, summaries: Mapping[str, Summary]) -> None:
        self.store.put("fn", key, {n: s.to_json() for n, s in summaries.items()})
