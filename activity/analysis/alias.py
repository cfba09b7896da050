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

:func:`single_cells` names the classes that hold exactly one concrete cell at any time
(one-element stack slots of non-recursive functions): a store through a pointer whose
points-to set is that class alone overwrites everything the class holds (a *strong
update*, see ``analysis/activity.py``).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from xdsl.dialects.builtin import IntegerAttr, MemRefType, StringAttr
from xdsl.ir import Attribute, Operation, SSAValue

from activity.engine.graph import Graph
from activity.engine.types import may_hold_pointer
from activity.lattice.core import members
from activity.ops import op_name

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



# ---------------------------------------------------------------------------
# Single-location classes (for strong updates).

SLOT_ALLOCAS = ("memref.alloca", "llvm.alloca")
_FUNC_REFS = ("llvm.mlir.addressof", "func.constant")


def single_cells(g: Graph) -> dict[int, Attribute]:
    """Alias classes that hold **one** live concrete cell at any point of any run, with
    the type of that cell: the allocation site is

    * a *stack* slot of one element: ``memref.alloca`` of a static shape with one
      element (``memref<f64>``, ``memref<1xf64>``, ``memref<1x1xf64>``), or
      ``llvm.alloca`` of a constant count 1 (C's ``double t;`` at ``-O0``) -- freed when
      its function returns, so no earlier activation's cell outlives it (heap cells do:
      ``memref.alloc``/``malloc`` never qualify);
    * directly in the entry block of its function (which no branch enters: the op runs
      once per activation; an alloca in a loop body or a region makes a new cell per
      iteration while older ones may still be reachable);
    * in a function that is not recursive in the analysed call graph and whose address
      is never taken (``llvm.mlir.addressof``/``func.constant``: an indirect or external
      call could re-enter it), so at most one activation -- one cell -- is live.

    Under the sequential semantics of the interpreter, every pointer whose points-to set
    is ``{c}`` then points to that one cell (or is dangling, and dereferencing it is
    undefined).  Classes are returned as ``class id -> cell type``.
    """
    cands: dict[int, tuple[Operation, Attribute]] = {}
    for c, info in enumerate(g.classes):
        op = info.op
        if info.kind != "alloc" or op is None or op_name(op) not in SLOT_ALLOCAS:
            continue
        t = _slot_type(op)
        if t is not None and _in_entry_block(g, op):
            cands[c] = (op, t)
    if not cands:
        return {}
    fidx = {f: i for i, f in enumerate(g.functions)}
    bad = _recursive(g) | _address_taken(g, fidx)
    out: dict[int, Attribute] = {}
    for c, (op, t) in cands.items():
        n = g.op_node.get(op)
        if n is not None and g.node_func[n] not in bad:
            out[c] = t
    return out


def _slot_type(op: Operation) -> Attribute | None:
    """The type of the one element ``op`` allocates, or None if it may be more."""
    if op_name(op) == "memref.alloca":
        t = op.results[0].type
        if (isinstance(t, MemRefType) and not op.operands
                and all(d == 1 for d in t.get_shape())):
            return t.element_type
        return None
    if len(op.operands) != 1 or _const_int(op.operands[0]) != 1:
        return None
    et = op.properties.get("elem_type") or op.attributes.get("elem_type")
    return et if isinstance(et, Attribute) else None


def _const_int(v: SSAValue) -> int | None:
    o = v.owner
    if isinstance(o, Operation) and op_name(o) in ("arith.constant", "llvm.mlir.constant"):
        a = o.properties.get("value") or o.attributes.get("value")
        if isinstance(a, IntegerAttr):
            return a.value.data
    return None


def _in_entry_block(g: Graph, op: Operation) -> bool:
    n = g.op_node.get(op)
    if n is None:
        return False
    f = g.functions[g.node_func[n]]
    blk = op.parent_block()
    # MLIR forbids branches to an entry block; a module that has one anyway gets no
    # strong updates there (the interpreter would run the alloca again)
    return (blk is not None and bool(f.regions) and f.regions[0].blocks.first is blk
            and blk.first_use is None)


def _recursive(g: Graph) -> set[int]:
    """Functions (indices) on a cycle of the analysed call graph (Tarjan's SCCs)."""
    nf = len(g.functions)
    succ: list[set[int]] = [set() for _ in range(nf)]
    for n, ci, _to, _from in g.call_edges:
        succ[g.node_func[n]].add(ci)
    index = [-1] * nf
    low = [0] * nf
    on = [False] * nf
    stack: list[int] = []
    out: set[int] = set()
    counter = 0
    for root in range(nf):
        if index[root] >= 0:
            continue
        work = [(root, iter(succ[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on[root] = True
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if index[w] < 0:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on[w] = True
                    work.append((w, iter(succ[w])))
                elif on[w]:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on[w] = False
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1 or v in succ[v]:
                    out.update(comp)
    return out


def _address_taken(g: Graph, fidx: dict[Operation, int]) -> set[int]:
    """Analysed functions whose symbol is used other than as a direct call's callee."""
    by_name: dict[str, int] = {}
    for f, i in fidx.items():
        s = f.properties.get("sym_name") or f.attributes.get("sym_name")
        if isinstance(s, StringAttr):
            by_name[s.data] = i
    out: set[int] = set()
    for op in g.program.module.walk():
        if op_name(op) in _FUNC_REFS:
            for key in ("global_name", "value"):
                a = op.properties.get(key) or op.attributes.get(key)
                ref = getattr(getattr(a, "root_reference", None), "data", None)
                if ref in by_name:
                    out.add(by_name[ref])
    return out
