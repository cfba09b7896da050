"""Points-to / alias analysis: which alias classes each pointer value may point into.

Flow-insensitive and context-insensitive (Andersen-style inclusion constraints over the
whole analysed call graph), which over-approximates every flow-sensitive answer and so
is sound for the dense activity analyses that consume it.  Classes:

* every allocation site (``memref.alloc``/``alloca``, ``llvm.alloca``, ``malloc``...);
* every global;
* the memory reachable from the analysed functions' pointer arguments: one class per
  argument (``alias_args="distinct"``, the default: distinct arguments are assumed not
  to alias, as for ``restrict``/``noalias`` parameters and Enzyme's duplicated buffers)
  or one class shared by all (``alias_args="may"``), plus one *deref* class per
  argument class for pointers loaded from it (pointer-depth aware, bounded);
* ``<unknown memory>``: what a pointer made from an integer, or returned by an unknown
  function, may point to.  A pointer that may point anywhere points to every class.

Casts, views, subviews and GEPs keep their source's classes; loads of pointers follow
the classes' contents.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from activity.engine.graph import Graph
from activity.engine.types import may_hold_pointer
from activity.lattice.core import members

MAX_DEREF_DEPTH = 3


@dataclass
class PointsTo:
    """Solved points-to sets (bitsets over class ids)."""

    pts: list[int]  # per value id
    content: list[int]  # per class: classes that pointers stored in it may point to
    all_classes: int

    def reach(self, s: int) -> int:
        """Classes reachable from the set ``s`` through stored pointers (incl. ``s``)."""
        seen = s
        frontier = s
        content = self.content
        while frontier:
            nxt = 0
            for k in members(frontier):
                nxt |= content[k]
            frontier = nxt & ~seen
            seen |= nxt
        return seen


def solve_points_to(g: Graph, root_arg_classes: dict[int, int]) -> PointsTo:
    """Solve the inclusion constraints collected in ``g``.

    ``root_arg_classes`` maps value ids of the roots' pointer arguments to their class.
    Classes of kind ``arg``/``deref``/``unknown`` are external origins: a pointer loaded
    from them points to a fresh deref class (up to MAX_DEREF_DEPTH levels, then to
    itself), so pointer-depth is kept apart without being unbounded.
    """
    nv = len(g.values)
    pts = [0] * nv
    content: list[int] = [0] * len(g.classes)
    depth: dict[int, int] = {}

    def ensure_content(c: int) -> None:
        while len(content) < len(g.classes):
            content.append(0)
        info = g.classes[c]
        if info.kind == "unknown":
            content[c] |= 1 << c
        elif info.kind in ("arg", "deref") and c not in depth:
            d = 0 if info.kind == "arg" else depth.get(info.parent or 0, 0) + 1
            depth[c] = d
            if d < MAX_DEREF_DEPTH:
                child = g.new_class(f"*{info.name}", "deref", None, c)
                content.append(0)
                depth[child] = d + 1
                content[c] |= 1 << child
            else:
                content[c] |= 1 << c

    def closure(s: int) -> int:
        seen = frontier = s
        while frontier:
            nxt = 0
            for c in members(frontier):
                ensure_content(c)
                nxt |= content[c]
            frontier = nxt & ~seen
            seen |= nxt
        return seen

    for c, info in enumerate(g.classes):
        if info.kind in ("arg", "unknown"):
            ensure_content(c)

    work: deque[int] = deque()

    def add(v: int, s: int) -> None:
        old = pts[v]
        new = old | s
        if new != old:
            pts[v] = new
            work.append(v)

    for v, c in g.fresh:
        add(v, 1 << c)
    for v, c in root_arg_classes.items():
        add(v, 1 << c)

    # index constraints by the value they read
    loads: dict[int, list[int]] = {}
    for p, r in g.load_ptr:
        loads.setdefault(p, []).append(r)
    stores_by_ptr: dict[int, list[int]] = {}
    stores_by_val: dict[int, list[int]] = {}
    for v, p in g.store_ptr:
        stores_by_ptr.setdefault(p, []).append(v)
        stores_by_val.setdefault(v, []).append(p)
    copies: dict[int, list[tuple[int, int]]] = {}
    for s, d in g.mem_copy:
        copies.setdefault(s, []).append((s, d))
        copies.setdefault(d, []).append((s, d))
    unknown_by_opnd: dict[int, list[int]] = {}
    for i, (opnds, _res) in enumerate(g.unknown_ptr):
        for o in opnds:
            unknown_by_opnd.setdefault(o, []).append(i)

    def top() -> int:
        return (1 << len(g.classes)) - 1

    changed_content = True
    while changed_content:
        changed_content = False
        for v in g.top_ptr:
            add(v, top())
        for opnds, res in g.unknown_ptr:
            s = 1  # the unknown class
            for o in opnds:
                s |= pts[o]
            s = closure(s)
            for r in res:
                if may_hold_pointer(g.values[r].type):
                    add(r, s)
        for v in range(nv):
            if pts[v]:
                work.append(v)
        while work:
            v = work.popleft()
            s = pts[v]
            for w in g.psucc[v]:
                add(w, s)
            for r in loads.get(v, ()):
                acc = 0
                for c in members(s):
                    ensure_content(c)
                    acc |= content[c]
                add(r, acc)
            for sv in stores_by_ptr.get(v, ()):
                for c in members(s):
                    ensure_content(c)
                    if pts[sv] & ~content[c]:
                        content[c] |= pts[sv]
                        changed_content = True
            for p in stores_by_val.get(v, ()):
                for c in members(pts[p]):
                    ensure_content(c)
                    if s & ~content[c]:
                        content[c] |= s
                        changed_content = True
            for sv, dv in copies.get(v, ()):
                acc = 0
                for c in members(pts[sv]):
                    ensure_content(c)
                    acc |= content[c]
                for c in members(pts[dv]):
                    ensure_content(c)
                    if acc & ~content[c]:
                        content[c] |= acc
                        changed_content = True
            for i in unknown_by_opnd.get(v, ()):
                opnds, res = g.unknown_ptr[i]
                reach = 1
                for o in opnds:
                    reach |= pts[o]
                reach = closure(reach)
                # an unknown op may store any reachable pointer anywhere reachable
                for c in members(reach):
                    ensure_content(c)
                    if reach & ~content[c]:
                        content[c] |= reach
                        changed_content = True
                for r in res:
                    if may_hold_pointer(g.values[r].type):
                        add(r, reach)
    while len(content) < len(g.classes):
        content.append(0)
    return PointsTo(pts, content, top())

