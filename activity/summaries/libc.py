"""The shipped summary set for the C math library and memory builtins, generated from
the op table (``EXTERNAL_ALIASES``), so the two can never disagree.

``python -m activity.summaries.libc > activity/summaries/data/libc.summaries.json``
regenerates the shipped file; a test checks it is current.  Use it with
``--summaries libc`` (or the file's path)."""

from __future__ import annotations

import sys
from pathlib import Path

from activity.ops import TABLE, OpKind
from activity.ops.table import EXTERNAL_ALIASES
from activity.summaries.model import Summary, dump_file

SHIPPED = {"libc": Path(__file__).parent / "data" / "libc.summaries.json"}


def _arity(spec_name: str) -> int:
    spec = TABLE[spec_name]
    if spec.partials is not None:
        import inspect

        return len(inspect.signature(spec.partials).parameters) - 1
    return 1


def libc_summaries() -> dict[str, Summary]:
    out: dict[str, Summary] = {}
    for fname, target in sorted(EXTERNAL_ALIASES.items()):
        spec = TABLE[target]
        if spec.kind == OpKind.FLOAT:
            n = _arity(target)
            deps = {"ret0": {f"arg{i}" for i in spec.diff}} if spec.diff else {}
            out[fname] = Summary(fname, ["scalar"] * n, ["scalar"], deps)
        elif spec.kind == OpKind.MEM_COPY:  # memcpy/memmove(dst, src, n) -> dst
            out[fname] = Summary(fname, ["pointer", "pointer", "scalar"], ["pointer"],
                                 {"*arg0": {"*arg1"}}, reads={"*arg1"}, writes={"*arg0"},
                                 returns={"ret0": {"*arg0"}},
                                 stores={"*arg0": {"**arg1"}})  # (pointers copied too)
        elif spec.kind == OpKind.MEM_SET:  # memset(dst, byte, n) -> dst: zero derivative
            out[fname] = Summary(fname, ["pointer", "scalar", "scalar"], ["pointer"], {},
                                 writes={"*arg0"}, returns={"ret0": {"*arg0"}})
    for fname, nargs in (("malloc", 1), ("calloc", 2), ("aligned_alloc", 2)):
        out[fname] = Summary(fname, ["scalar"] * nargs, ["pointer"], allocates=True,
                             returns={"ret0": {"fresh"}})
    out["realloc"] = Summary("realloc", ["pointer", "scalar"], ["pointer"],
                             {"*ret0": {"*arg0"}}, reads={"*arg0"}, allocates=True,
                             returns={"ret0": {"fresh"}}, stores={"*ret0": {"**arg0"}})
    out["free"] = Summary("free", ["pointer"], [])
    return out


def resolve(name_or_path: str) -> str:
    """A shipped set's name (``libc``) or a path."""
    p = SHIPPED.get(name_or_path)
    return str(p) if p is not None else name_or_path


if __name__ == "__main__":
    sys.stdout.write(dump_file(libc_summaries()))
