"""Applying summaries at call sites.

At a call, the callee's origin and sink names are replaced by the caller's operands and
the alias classes they point to (pointer depth by depth), so every call site gets its
own answer: ``g(x, y)`` with active ``x`` and ``g(y, y)`` with constant ``y`` differ.
Scalar-to-scalar dependences become value-flow edges; everything that involves memory
is a *callback effect* evaluated inside the dense transfers of the caller's analysis.

Aliasing at the call site: a summary is derived assuming its pointer arguments do not
alias.  When two different memory names map to overlapping classes here, data written
to one may be read through the other, so the application closes the relation over such
overlaps (sound; only aliasing call sites pay the precision).
"""

from __future__ import annotations

from collections.abc import Mapping

from xdsl.ir import Operation, SSAValue

from activity.analysis.alias import MAX_DEREF_DEPTH, PointsTo
from activity.engine.graph import Effect, Graph, GraphBuilder
from activity.engine.solver import SparseSolver
from activity.engine.types import is_pointer
from activity.lattice.core import members
from activity.summaries.model import Summary


def _stars(name: str) -> int:
    return len(name) - len(name.lstrip("*"))


def _operand(name: str) -> tuple[str, int, int] | None:
    """``*argI`` / ``**retJ`` -> ("arg"|"ret", index, stars)."""
    base = name.lstrip("*")
    for kind in ("arg", "ret"):
        if base.startswith(kind) and base[3:].isdigit():
            return kind, int(base[3:]), _stars(name)
    return None


def replayable_store(holder: str, target: str) -> bool:
    """Whether a call site can replay "memory ``holder`` may hold pointers into memory
    ``target``" as points-to constraints on its operands and results: ``holder`` is
    ``*argI`` or ``*retJ``; ``target`` is ``*argK`` (a store of the pointer ``argK``
    through the holder's pointer) or ``**argK`` (a copy of the pointers ``*argK``
    holds, as ``memcpy`` does)."""
    h, t = _operand(holder), _operand(target)
    return (h is not None and h[2] == 1 and t is not None and t[0] == "arg"
            and t[2] in (1, 2))


class SummaryCall:
    """The callback effect of one call site applying one summary."""

    def __init__(self, b: GraphBuilder, op: Operation, s: Summary,
                 args: list[SSAValue]) -> None:
        g = b.g
        self.g = g
        self.summary = s
        self.args = args
        self.arg_ids = [g.vid[a] for a in args]
        self.res_ids = [g.vid[r] for r in op.results]
        self.fresh_class: dict[int, int] = {}
        self.globals = g.global_class
        self.maps: dict[str, int] = {}
        # dependences in both directions, memory-involving ones only
        self.deps = {k: frozenset(v) for k, v in s.deps.items() if v}

    def bind(self, pt: PointsTo) -> None:
        """Resolve names to caller classes once points-to is solved."""
        self.pt = pt
        maps: dict[str, int] = {}
        for i, kind in enumerate(self.summary.args):
            if kind != "pointer" or i >= len(self.arg_ids):
                continue
            level = pt.pts[self.arg_ids[i]]
            for d in range(MAX_DEREF_DEPTH + 1):
                maps["*" * (d + 1) + f"arg{i}"] = level
                nxt = 0
                for c in members(level):
                    nxt |= pt.content[c]
                level = nxt
        for j, c in self.fresh_class.items():
            maps[f"*ret{j}"] = 1 << c
        self.maps = maps
        names = set(self.deps) | {o for v in self.deps.values() for o in v}
        self.mem_names = [n for n in names if self._mem(n)]

    def _mem(self, name: str) -> bool:
        return name.startswith("*") or name.startswith("@") or name == "unknown"

    def map(self, name: str) -> int:
        m = self.maps.get(name)
        if m is not None:
            return m
        if name == "unknown":
            return 1
        if name.startswith("@"):
            c = self.globals.get(name[1:])
            return 0 if c is None else 1 << c
        if name.startswith("*") and "arg" in name:  # deeper than tracked: everything
            base = name.lstrip("*")
            return self.pt.reach(self.maps.get("*" + base, 0))
        return 0

    def reads_mask(self) -> int:
        m = 0
        for n in self.summary.reads:
            m |= self.map(n)
        return m

    def writes_mask(self) -> int:
        m = 0
        for n in self.summary.writes:
            m |= self.map(n)
        for n in self.deps:
            if self._mem(n):
                m |= self.map(n)
        return m

    # -- dense transfers ----------------------------------------------------------------
    def _varied_origins(self, inp: int, varied: SparseSolver) -> set[str]:
        out: set[str] = set()
        for i, kind in enumerate(self.summary.args):
            if kind == "scalar" and i < len(self.arg_ids) and varied.flag[self.arg_ids[i]]:
                out.add(f"arg{i}")
        for n in self.mem_names:
            if inp & self.map(n):
                out.add(n)
        return out

    def forward(self, inp: int, varied: SparseSolver) -> int:
        origins = self._varied_origins(inp, varied)
        out = inp
        changed = True
        while changed:  # close over aliasing between different memory names
            changed = False
            for sink, deps in self.deps.items():
                if not (deps & origins):
                    continue
                if sink.startswith("ret"):
                    j = int(sink[3:])
                    if j < len(self.res_ids):
                        varied.set(self.res_ids[j])
                    continue
                m = self.map(sink)
                out |= m
                for n in self.mem_names:
                    if n != sink and n not in origins and self.map(n) & m:
                        origins.add(n)
                        changed = True
        return out

    def backward(self, after: int, useful: SparseSolver) -> int:
        sinks: set[str] = set()
        for sink in self.deps:
            if sink.startswith("ret"):
                j = int(sink[3:])
                if j < len(self.res_ids) and useful.flag[self.res_ids[j]]:
                    sinks.add(sink)
            elif after & self.map(sink):
                sinks.add(sink)
        before = after
        changed = True
        while changed:
            changed = False
            for sink in list(sinks):
                for o in self.deps.get(sink, ()):
                    if o.startswith("arg"):
                        useful.set(self.arg_ids[int(o[3:])])
                        continue
                    m = self.map(o)
                    before |= m
                    for n in self.deps:  # aliasing: a useful origin makes sinks over it useful
                        if n not in sinks and self._mem(n) and n != o and self.map(n) & m:
                            sinks.add(n)
                            changed = True
        return before


class SummaryCalls:
    """The ``externals`` hook of :class:`GraphBuilder`: calls to functions that have a
    summary are wired through it."""

    def __init__(self, summaries: Mapping[str, Summary]) -> None:
        self.summaries = summaries
        self.used: set[str] = set()

    def apply(self, b: GraphBuilder, op: Operation, target: str, args: list[SSAValue],
              fi: int) -> bool:
        s = self.summaries.get(target)
        if s is None:
            return False
        self.used.add(target)
        g = b.g
        n = g.op_node[op]
        if s.opaque:
            b._fallback(op, fi, f"call to '{target}': its summary is opaque "
                                "(derived with the conservative fallback)", operands=args)
            return True
        call = SummaryCall(b, op, s, args)
        # scalar -> scalar dependences are plain value-flow edges
        for sink, origins in s.deps.items():
            if not sink.startswith("ret"):
                continue
            j = int(sink[3:])
            if j >= len(op.results) or is_pointer(op.results[j].type):
                continue
            for o in origins:
                if o.startswith("arg"):
                    i = int(o[3:])
                    if i < len(args):
                        b._flow(args[i], op.results[j])
        # points-to of pointer results and captures
        for r, targets in s.returns.items():
            j = int(r[3:])
            if j >= len(op.results):
                continue
            rid = g.vid[op.results[j]]
            for t in targets:
                if t == "fresh":
                    c = g.new_class(f"{target}()#{len(g.classes)}", "alloc", op)
                    call.fresh_class[j] = c
                    g.fresh.append((rid, c))
                elif t.startswith("@"):
                    c2 = g.global_class.get(t[1:])
                    if c2 is None:
                        g.top_ptr.append(rid)
                    else:
                        g.fresh.append((rid, c2))
                elif t.startswith("*") and "arg" in t:
                    i = int(t.lstrip("*")[3:])
                    depth = _stars(t)
                    if i >= len(args):
                        g.top_ptr.append(rid)
                    elif depth == 1:
                        g.psucc[g.vid[args[i]]].append(rid)
                    elif depth == 2:
                        g.load_ptr.append((g.vid[args[i]], rid))
                    else:
                        g.top_ptr.append(rid)
                else:
                    g.top_ptr.append(rid)
        captures = s.captures
        for holder, targets in s.stores.items():
            for t in targets:
                if not _replay_store(g, op, args, holder, t):
                    captures = True  # (a hand-written summary: any form is valid)
        if captures:
            ptr_ids = [g.vid[a] for a in args if g.may_ptr[g.vid[a]]]
            g.unknown_ptr.append((ptr_ids, [g.vid[r] for r in op.results]))
        g.effects[n] = (Effect.CALLBACK, call, None)
        for a in args:
            g.watch_fwd.setdefault(g.vid[a], []).append(n)
        for r in op.results:
            g.watch_bwd.setdefault(g.vid[r], []).append(n)
        return True


def _replay_store(g: Graph, op: Operation, args: list[SSAValue], holder: str,
                  target: str) -> bool:
    """Points-to constraints for "``holder`` may hold pointers into ``target``" at one
    call site (see :func:`replayable_store`); False where they cannot be stated."""
    if not replayable_store(holder, target):
        return False
    hk, hi, _ = _operand(holder)  # type: ignore[misc]
    _tk, ti, tstars = _operand(target)  # type: ignore[misc]
    vals = args if hk == "arg" else list(op.results)
    if hi >= len(vals) or ti >= len(args):
        return False
    into, src = g.vid[vals[hi]], g.vid[args[ti]]
    if tstars == 1:
        g.store_ptr.append((src, into))  # the pointer argK itself is stored
    else:
        g.mem_copy.append((src, into))  # pointers *argK holds are copied
    return True
