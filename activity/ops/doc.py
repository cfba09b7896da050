"""Render the op table as Markdown (the generated part of docs/subset.md)."""

from __future__ import annotations

import inspect
import re

from activity.ops.spec import OpKind, OpSpec
from activity.ops.table import EXTERNAL_ALIASES, TABLE

BEGIN = "<!-- BEGIN GENERATED OP TABLE (python -m activity.ops --markdown) -->"
END = "<!-- END GENERATED OP TABLE -->"


class Sym:
    """A symbolic numeric backend value: evaluating a rule on Syms prints the rule."""

    made: list[str] | None = None  # while rendering a rule: every text built

    def __init__(self, text: str) -> None:
        self.text = text
        if Sym.made is not None:
            Sym.made.append(text)

    def __str__(self) -> str:
        return self.text

    @staticmethod
    def of(x: object) -> Sym:
        return x if isinstance(x, Sym) else Sym(repr(x) if isinstance(x, float) else str(x))

    def _bin(self, op: str, other: object, rev: bool = False) -> Sym:
        a, b = (Sym.of(other), self) if rev else (self, Sym.of(other))
        return Sym(f"({a} {op} {b})")

    def __add__(self, o: object) -> Sym:
        return self._bin("+", o)

    def __radd__(self, o: object) -> Sym:
        return self._bin("+", o, True)

    def __sub__(self, o: object) -> Sym:
        return self._bin("-", o)

    def __rsub__(self, o: object) -> Sym:
        return self._bin("-", o, True)

    def __mul__(self, o: object) -> Sym:
        return self._bin("*", o)

    def __rmul__(self, o: object) -> Sym:
        return self._bin("*", o, True)

    def __truediv__(self, o: object) -> Sym:
        return self._bin("/", o)

    def __rtruediv__(self, o: object) -> Sym:
        return self._bin("/", o, True)

    def __neg__(self) -> Sym:
        return Sym(f"-{self}")


class SymBackend:
    """Every backend function renders as a call: ``N.sin(a)`` -> ``sin(a)``."""

    def div(self, a: object, b: object) -> Sym:
        return Sym(f"({Sym.of(a)} / {Sym.of(b)})")

    def __getattr__(self, name: str) -> object:
        return lambda *args: Sym(f"{name}({', '.join(str(Sym.of(a)) for a in args)})")


def _partials_src(spec: OpSpec) -> str:
    if spec.partials is None:
        return ""
    names = "abcdefgh"
    arity = len(inspect.signature(spec.partials).parameters) - 1  # minus the backend
    args = [Sym(names[i]) for i in range(arity)]
    made: list[str] = []
    Sym.made = made
    try:
        parts = spec.partials(SymBackend(), *args)
    except Exception:  # pragma: no cover - a rule the symbolic backend cannot render
        return "(see table.py)"
    finally:
        Sym.made = None
    return _named(", ".join(str(Sym.of(p)) for p in parts), made)


def _named(text: str, made: list[str], longer_than: int = 12) -> str:
    """``text`` with each subexpression of more than ``longer_than`` characters that
    occurs twice or more (a rule reuses a value: atan2's ratio) named once, in a
    ``where`` clause -- the table printed a tree, so a shared value came out written
    out at every use.  Longest first; inner names are defined before outer ones."""
    def at(c: str) -> re.Pattern[str]:
        # (not inside a longer name: sin(x) is no part of asin(x))
        return re.compile(r"(?<![\w.])" + re.escape(c))

    lets: list[tuple[str, str]] = []
    while True:
        body = [text] + [d for _, d in lets]
        shared = [c for c in sorted(set(made), key=lambda c: (-len(c), c))
                  if len(c) > longer_than and sum(len(at(c).findall(b)) for b in body) >= 2]
        if not shared:
            break
        c, name = shared[0], f"t{len(lets) + 1}"
        text = at(c).sub(name, text)
        lets = [(n, at(c).sub(name, d)) for n, d in lets] + [(name, c)]
        made = [at(c).sub(name, m) for m in made if m != c]
    if not lets:
        return text
    order = {n: f"t{k}" for k, (n, _) in enumerate(reversed(lets), 1)}  # as defined

    def renamed(t: str) -> str:
        return re.sub(r"\bt\d+\b", lambda m: order[m.group(0)], t)

    return renamed(text) + " where " + ", ".join(f"{renamed(n)} = {renamed(d)}"
                                                 for n, d in reversed(lets))


def _effects(spec: OpSpec) -> str:
    parts = []
    if spec.reads:
        parts.append(f"reads #{spec.ptr if spec.ptr is not None else spec.src}")
    if spec.writes:
        parts.append(f"writes #{spec.ptr if spec.ptr is not None else spec.dst}")
    if spec.fresh:
        parts.append("allocates")
    if spec.view:
        parts.append("aliases #" + str(spec.ptr) if spec.ptr is not None else "global")
    if spec.kind == OpKind.MEM_COPY:
        parts = [f"reads #{spec.src}, writes #{spec.dst}"]
    if spec.kind == OpKind.STRUCTURED:
        parts = ["on memrefs: reads the ins, writes the outs"]
    if spec.name == "bufferization.to_buffer":
        parts = [f"allocates; writes #{spec.value} into it"]
    return "; ".join(parts)


def render_markdown() -> str:
    lines = [BEGIN, ""]
    for kind in OpKind:
        specs = sorted((s for s in TABLE.values() if s.kind == kind), key=lambda s: s.name)
        if not specs:
            continue
        lines.append(f"### {kind.value}")
        lines.append("")
        lines.append("| op | semantics | derivative operands | partials d/d(a, b, ...) "
                     "| memory |")
        lines.append("|---|---|---|---|---|")
        for s in specs:
            diff = "all" if s.diff == (-1,) else ", ".join(f"#{i}" for i in s.diff) or "none"
            if s.kind == OpKind.STRUCTURED:
                diff = "through the body, element by element"
            bits = " (bit-carrying)" if s.carries_bits else ""
            part = _partials_src(s).replace("|", "\\|")
            part = f"`{part}`" if part else ""
            summary = s.summary.replace("|", "\\|")
            lines.append(f"| `{s.name}` | {summary} | {diff}{bits} | {part} | {_effects(s)} |")
        lines.append("")
    lines.append("### external C functions (called from the llvm dialect)")
    lines.append("")
    lines.append("| function | behaves as |")
    lines.append("|---|---|")
    for name, target in sorted(EXTERNAL_ALIASES.items()):
        lines.append(f"| `{name}` | `{target}` |")
    lines.append("")
    lines.append(END)
    return "\n".join(lines) + "\n"


def update_file(path: str) -> None:
    """Replace the generated table between the markers of a Markdown file."""
    with open(path) as fh:
        text = fh.read()
    start, end = text.index(BEGIN), text.index(END) + len(END)
    with open(path, "w") as fh:
        fh.write(text[:start] + render_markdown().rstrip("\n") + text[end:])
