"""Function summaries: the data model, its versioned JSON form, and validation.

A summary says, for one function, which **sinks** may differentially depend on which
**origins**.  Names (``i`` an argument index, ``j`` a result index):

* ``arg<i>``      -- the value of a non-pointer argument (origin);
* ``*arg<i>``     -- the memory a pointer/memref argument points into (origin and sink);
  ``**arg<i>``    -- memory reachable through a pointer *loaded* from ``*arg<i>`` (one
  more ``*`` per level: pointer-depth aware, a load through an argument pointer is an
  origin of its own);
* ``@<global>``   -- a global's memory (origin and sink);
* ``unknown``     -- memory only code outside the subset can see (shared by all of it);
* ``ret<j>``      -- result ``j`` (sink);  ``*ret<j>``: memory freshly allocated by the
  callee and returned as result ``j`` (sink).

``deps[sink]`` lists the origins whose derivative may reach the sink; the same relation
read backwards gives usefulness.  Memory keeps its own data implicitly (the analysis
never kills), so a memory name never lists itself.  The points-to part says what
the function may ``reads``/``writes`` (memory names), whether it ``allocates``, what each
pointer result may point to (``returns``: memory names, ``"fresh"`` or ``"unknown"``),
which pointers it may leave in memory its caller can see (``stores[m]``: the names
of memory the pointers it stores into memory ``m`` may point to, beyond what ``m``
held: a copy of a struct of pointers from ``*arg1`` into ``*arg0`` is
``{"*arg0": ["**arg1"]}``), and whether it ``captures`` other pointers (its own
allocations, its locals) into memory its caller can see (then call sites use the
conservative fallback for pointers).  ``opaque`` marks a summary that relied on
the conservative fallback itself: call sites then also assume every result depends on
every operand and everything reachable is read and written.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from activity.errors import ActivityError

FORMAT = "activity-summaries"
VERSION = 1
_NAME = re.compile(r"^(\*+arg\d+|arg\d+|ret\d+|\*ret\d+|@[\w.$-]+|unknown)$")


@dataclass
class Summary:
    name: str
    args: list[str]  # per argument: "scalar" | "pointer"
    results: list[str]  # per result: "scalar" | "pointer"
    deps: dict[str, set[str]] = field(default_factory=dict)
    reads: set[str] = field(default_factory=set)
    writes: set[str] = field(default_factory=set)
    allocates: bool = False
    returns: dict[str, set[str]] = field(default_factory=dict)
    captures: bool = False
    opaque: bool = False
    stores: dict[str, set[str]] = field(default_factory=dict)

    # -- lattice operations (summaries of a recursive SCC grow to a fixpoint) ---------
    def key(self) -> tuple[Any, ...]:
        return (
            tuple(sorted((k, tuple(sorted(v))) for k, v in self.deps.items() if v)),
            tuple(sorted(self.reads)), tuple(sorted(self.writes)), self.allocates,
            tuple(sorted((k, tuple(sorted(v))) for k, v in self.returns.items() if v)),
            self.captures, self.opaque,
            tuple(sorted((k, tuple(sorted(v))) for k, v in self.stores.items() if v)),
        )

    @classmethod
    def bottom(cls, name: str, args: list[str], results: list[str]) -> Summary:
        """No dependence, no effect: the start of the fixpoint for recursive functions."""
        return cls(name, args, results)

    # -- JSON -------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "args": list(self.args),
            "results": list(self.results),
            "deps": {k: sorted(v) for k, v in sorted(self.deps.items()) if v},
            "reads": sorted(self.reads),
            "writes": sorted(self.writes),
            "allocates": self.allocates,
            "returns": {k: sorted(v) for k, v in sorted(self.returns.items()) if v},
            "captures": self.captures,
            "opaque": self.opaque,
        }
        stores = {k: sorted(v) for k, v in sorted(self.stores.items()) if v}
        if stores:  # (optional: absent means no pointer stored into caller memory)
            d["stores"] = stores
        return d

    @classmethod
    def from_json(cls, name: str, d: Any, where: str = "") -> Summary:
        ctx = f"{where}function '{name}'"

        def fail(fld: str, msg: str) -> ActivityError:
            return ActivityError(f"{ctx}: field '{fld}': {msg}")

        if not isinstance(d, dict):
            raise ActivityError(f"{ctx}: summary must be an object")
        known = {"args", "results", "deps", "reads", "writes", "allocates", "returns",
                 "captures", "opaque", "stores"}
        for k in d:
            if k not in known:
                raise fail(k, "unknown field")
        for fld in ("args", "results"):
            v = d.get(fld)
            if not isinstance(v, list) or any(x not in ("scalar", "pointer") for x in v):
                raise fail(fld, "expected a list of 'scalar' | 'pointer'")
        args, results = list(d["args"]), list(d["results"])

        def check_names(fld: str, names: Any, sink: bool) -> set[str]:
            if not isinstance(names, list) or not all(isinstance(x, str) for x in names):
                raise fail(fld, "expected a list of names")
            for x in names:
                _check_name(x, args, results, sink=sink, err=lambda m, f=fld: fail(f, m))
            return set(names)

        deps: dict[str, set[str]] = {}
        raw = d.get("deps", {})
        if not isinstance(raw, dict):
            raise fail("deps", "expected an object {sink: [origins]}")
        for sink, origins in raw.items():
            _check_name(sink, args, results, sink=True,
                        err=lambda m, s=sink: fail(f"deps.{s}", m))
            deps[sink] = check_names(f"deps.{sink}", origins, sink=False)
        rets: dict[str, set[str]] = {}
        raw = d.get("returns", {})
        if not isinstance(raw, dict):
            raise fail("returns", "expected an object {retJ: [targets]}")
        for r, targets in raw.items():
            if not re.fullmatch(r"ret\d+", r) or int(r[3:]) >= len(results):
                raise fail("returns", f"'{r}' is not a result of the function")
            if not isinstance(targets, list):
                raise fail(f"returns.{r}", "expected a list")
            for t in targets:
                if t not in ("fresh", "unknown"):
                    _check_name(t, args, results, sink=False,
                                err=lambda m, rr=r: fail(f"returns.{rr}", m))
            rets[r] = set(targets)
        stores: dict[str, set[str]] = {}
        raw = d.get("stores", {})
        if not isinstance(raw, dict):
            raise fail("stores", "expected an object {memory: [memory it may point to]}")
        for m, targets in raw.items():
            _check_name(m, args, results, sink=True,
                        err=lambda msg, mm=m: fail(f"stores.{mm}", msg))
            if not _is_memory(m):
                raise fail(f"stores.{m}", f"'{m}' is not memory")
            stores[m] = check_names(f"stores.{m}", targets, sink=False)
            for t in stores[m]:
                if not _is_memory(t):
                    raise fail(f"stores.{m}", f"'{t}' is not memory")
        for fld in ("allocates", "captures", "opaque"):
            if not isinstance(d.get(fld, False), bool):
                raise fail(fld, "expected true or false")
        return cls(
            name, args, results, deps,
            check_names("reads", d.get("reads", []), sink=False),
            check_names("writes", d.get("writes", []), sink=True),
            bool(d.get("allocates", False)), rets, bool(d.get("captures", False)),
            bool(d.get("opaque", False)), stores,
        )


def _is_memory(name: str) -> bool:
    return name.startswith("*") or name.startswith("@") or name == "unknown"


def _check_name(x: str, args: list[str], results: list[str], *, sink: bool,
                err: Any) -> None:
    if not isinstance(x, str) or not _NAME.match(x):
        raise err(f"'{x}' is not a summary name (argN, *argN, retN, *retN, @global)")
    if x.startswith("@") or x == "unknown":
        return
    stars = len(x) - len(x.lstrip("*"))
    base = x.lstrip("*")
    idx = int(base[3:])
    if base.startswith("arg"):
        if idx >= len(args):
            raise err(f"'{x}': the function has {len(args)} argument(s)")
        if stars == 0 and args[idx] != "scalar":
            raise err(f"'{x}': argument {idx} is a pointer; use '*{x}' for its memory")
        if stars > 0 and args[idx] != "pointer":
            raise err(f"'{x}': argument {idx} is a scalar and has no memory")
        if stars == 0 and sink:
            raise err(f"'{x}': an argument value cannot be a sink")
    else:
        if idx >= len(results):
            raise err(f"'{x}': the function has {len(results)} result(s)")
        if not sink:
            raise err(f"'{x}': a result cannot be an origin")


def dump_file(summaries: dict[str, Summary], path: str | Path | None = None) -> str:
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "functions": {n: s.to_json() for n, s in sorted(summaries.items())},
    }
    text = json.dumps(doc, indent=2) + "\n"
    if path is not None:
        Path(path).write_text(text)
    return text


def load_file(path: str | Path) -> dict[str, Summary]:
    """Load and validate a summary file; errors name the file, function and field."""
    p = Path(path)
    try:
        text = p.read_text()
    except OSError as e:
        raise ActivityError(f"cannot read summary file: {e.strerror}", file=str(p)) from None
    return loads(text, str(p))


def loads(text: str, where: str = "<summaries>") -> dict[str, Summary]:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise ActivityError(f"invalid JSON: {e.msg}", file=where, line=e.lineno,
                            col=e.colno) from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ActivityError(f"not an activity summary file (expected \"format\": \"{FORMAT}\")",
                            file=where)
    if doc.get("version") != VERSION:
        raise ActivityError(f"unsupported summary format version {doc.get('version')!r} "
                            f"(this activity reads version {VERSION})", file=where)
    funcs = doc.get("functions")
    if not isinstance(funcs, dict):
        raise ActivityError("field 'functions' must be an object", file=where)
    return {n: Summary.from_json(n, d, where=f"{where}: ") for n, d in funcs.items()}
