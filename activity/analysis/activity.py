"""Whole-program activity analysis: varied (forward) x useful (backward), over values
and memory, to a joint least fixpoint.

Four coupled analyses run on the program graph (see ``engine/graph.py``):

* **varied values** (sparse forward): seeded by the active arguments; an op result is
  varied when a derivative-carrying operand is (op table), a block argument when a
  forwarded operand is, a load result when the memory state before the load says one
  of the pointer's classes may hold varied data (*active-in*);
* **varied memory** (dense forward, per alias class): seeded by the ``dup`` arguments'
  memory at entry; a store of a varied value, a copy from varied memory, or an unknown
  op with varied inputs makes the written classes varied;
* **useful values** (sparse backward): seeded by the float results of the analysed
  functions; a value is useful when a value it flows into is, a stored value when a
  class it writes is useful after the store;
* **useful memory** (dense backward): seeded by the ``dup`` arguments' memory at exit;
  a load with a useful result makes its classes useful before it (*active-out*).

A value is **active** iff varied and useful.  Memory is killed only by a **strong
update**: a store whose pointer may point into exactly one class, a single-location
class (:func:`~activity.analysis.alias.single_cells`: a one-element stack slot of a
non-recursive function), with a value of the cell's type.  Such a store overwrites the
one live cell, so the class leaves the varied memory after the store (unless the value
is varied) and the useful memory before it.  Every other write is a weak update.  The
kill mask of a node is fixed before solving, so every transfer stays monotone in the
lattice inputs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from xdsl.ir import Operation, SSAValue

from activity.analysis.alias import PointsTo, single_cells, solve_points_to
from activity.engine.graph import ALL, Effect, Graph
from activity.engine.program import entry_args, has_body
from activity.engine.solver import (
    DenseSolver,
    FifoDenseSolver,
    SparseSolver,
    rpo_ranks,
    run_to_fixpoint,
)
from activity.engine.types import is_float_like, is_pointer


@dataclass
class Solution:
    """Raw fixpoint: flags per value id, memory bitsets per CFG node."""

    graph: Graph
    pt: PointsTo
    varied: bytearray
    useful: bytearray
    vm_in: list[int]
    vm_out: list[int]
    um_in: list[int]  # useful memory *after* the node (backward input)
    um_out: list[int]  # useful memory *before* the node
    arg_kinds: dict[Operation, list[str]] = field(default_factory=dict)
    reach: dict[int, int] = field(default_factory=dict)  # unknown-op node -> classes
    root_arg_classes: dict[int, int] = field(default_factory=dict)
    writes: list[int] = field(default_factory=list)  # per function (with callees)
    kills: dict[int, int] = field(default_factory=dict)  # store node -> class it kills


@dataclass
class Seeds:
    """Where the analyses start: varied/useful values, and memory states at nodes."""

    varied: set[int] = field(default_factory=set)
    useful: set[int] = field(default_factory=set)
    vm: dict[int, int] = field(default_factory=dict)  # node -> classes varied on entry
    um: dict[int, int] = field(default_factory=dict)  # node -> classes useful on exit


class ActivityProblem:
    """The graph plus everything seed-independent: points-to, per-function read/write
    sets, call-edge masks.  ``solve(seeds)`` can then run many times (summaries derive
    one dependency relation per origin this way)."""

    def __init__(self, g: Graph, alias_args: str = "distinct") -> None:
        self.g = g
        self._ranks: tuple[list[int], list[int], list[int], list[int]] | None = None
        root_arg_classes: dict[int, int] = {}
        shared: int | None = None
        for f in g.roots:
            for i, a in enumerate(entry_args(f)):
                if not is_pointer(a.type):
                    continue
                if alias_args == "may":
                    if shared is None:
                        shared = g.new_class("<arguments>", "arg")
                    root_arg_classes[g.vid[a]] = shared
                else:
                    c = g.new_class(f"@{_fname(f)}:arg{i}", "arg")
                    root_arg_classes[g.vid[a]] = c
        self.root_arg_classes = root_arg_classes
        self.pt = pt = solve_points_to(g, root_arg_classes)
        pts = pt.pts
        self.kills = strong_updates(g, pt)
        # -- per-node reach sets of unknown ops, per-function read/write sets ---------
        self.reach = reach = {}
        nf = len(g.functions)
        writes = [0] * nf
        reads = [0] * nf
        for n, (kind, a, b) in g.effects.items():
            fi = g.node_func[n]
            if kind == Effect.LOAD:
                reads[fi] |= pts[a]  # type: ignore[index]
            elif kind == Effect.STORE:
                writes[fi] |= pts[b]  # type: ignore[index]
            elif kind == Effect.COPY:
                reads[fi] |= pts[a]  # type: ignore[index]
                writes[fi] |= pts[b]  # type: ignore[index]
            elif kind == Effect.UNKNOWN:
                s = 1
                for o in a:  # type: ignore[union-attr]
                    s |= pts[o]
                r = pt.reach(s)
                reach[n] = r
                reads[fi] |= r
                writes[fi] |= r
            elif kind == Effect.RMW:
                reads[fi] |= pts[b[0]]  # type: ignore[index]
                writes[fi] |= pts[b[0]]  # type: ignore[index]
            elif kind == Effect.CALLBACK:
                a.bind(pt)  # type: ignore[union-attr]
                reads[fi] |= a.reads_mask()  # type: ignore[union-attr]
                writes[fi] |= a.writes_mask()  # type: ignore[union-attr]
        callees: list[set[int]] = [set() for _ in range(nf)]
        for n, ci, _to, _from in g.call_edges:
            callees[g.node_func[n]].add(ci)
        self.callees = callees
        order = callees_first(callees)
        changed = True
        while changed:  # transitive closure over the call graph (finite bitsets);
            changed = False  # callees first: one pass (and a check) without recursion
            for fi in order:
                w, r = writes[fi], reads[fi]
                for ci in callees[fi]:
                    w |= writes[ci]
                    r |= reads[ci]
                if w != writes[fi] or r != reads[fi]:
                    writes[fi], reads[fi] = w, r
                    changed = True
        # classes each function (with its callees) may read / write
        self.reads, self.writes = reads, writes
        for _n, ci, to_entry, from_exit in g.call_edges:
            for rec in to_entry:
                rec[2] = reads[ci]  # useful memory the callee may read flows to the call
            for rec in from_exit:
                rec[1] = writes[ci]  # varied memory the callee may write flows back

    def default_seeds(self, arg_kinds: dict[Operation, list[str]]) -> Seeds:
        """Roots' argument activities; float results are active outputs; dup memory is
        active on entry and on exit."""
        g, pt = self.g, self.pt
        seeds = Seeds()
        for f in g.roots:
            if not has_body(f):
                continue
            dup_mem = 0
            for a, kind in zip(entry_args(f), arg_kinds[f], strict=True):
                v = g.vid[a]
                if kind == "active":
                    seeds.varied.add(v)
                elif kind in ("dup", "dupnoneed"):
                    dup_mem |= pt.reach(pt.pts[v])
            seeds.vm[g.func_entry[f]] = seeds.vm.get(g.func_entry[f], 0) | dup_mem
            seeds.um[g.func_exit[f]] = seeds.um.get(g.func_exit[f], 0) | dup_mem
            for r in g.return_ops[f]:
                for u in r.operands:
                    if is_float_like(u.type):
                        seeds.useful.add(g.vid[u])
        return seeds

    def transfers(self, varied: SparseSolver, useful: SparseSolver
                  ) -> tuple[Callable[[int, int], int], Callable[[int, int], int]]:
        """The dense transfer functions (forward: varied memory before -> after a node;
        backward: useful memory after -> before), reading and setting the value flags of
        ``varied``/``useful``.  Public so that ``proofs/`` can check them directly."""
        g, pt, reach, kills = self.g, self.pt, self.reach, self.kills
        pts = pt.pts
        effects = g.effects

        def vm_transfer(n: int, inp: int) -> int:
            eff = effects.get(n)
            if eff is None:
                return inp
            kind, a, b = eff
            if kind == Effect.LOAD:
                if inp & pts[a]:  # type: ignore[index]
                    varied.set(b)  # type: ignore[arg-type]
                return inp
            if kind == Effect.STORE:  # a strong update first kills its class
                inp = inp & ~kills.get(n, 0)
                return inp | pts[b] if varied.flag[a] else inp  # type: ignore[index]
            if kind == Effect.COPY:
                return inp | pts[b] if inp & pts[a] else inp  # type: ignore[index]
            if kind == Effect.CALLBACK:
                return a.forward(inp, varied)  # type: ignore[union-attr]
            if kind == Effect.RMW:  # old value out (a load), combined value in (a store)
                p = pts[b[0]]  # type: ignore[index]
                if inp & p:
                    varied.set(b[1])  # type: ignore[index]
                return inp | p if varied.flag[a] else inp  # type: ignore[index]
            r = reach[n]
            if inp & r or any(varied.flag[o] for o in a):  # type: ignore[union-attr]
                for res in b:  # type: ignore[union-attr]
                    varied.set(res)
                return inp | r
            return inp

        def um_transfer(n: int, after: int) -> int:
            eff = effects.get(n)
            if eff is None:
                return after
            kind, a, b = eff
            if kind == Effect.LOAD:
                return after | pts[a] if useful.flag[b] else after  # type: ignore[index]
            if kind == Effect.STORE:  # a strong update: the old contents are dead
                if after & pts[b]:  # type: ignore[index]
                    useful.set(a)  # type: ignore[arg-type]
                return after & ~kills.get(n, 0)
            if kind == Effect.COPY:
                return after | pts[a] if after & pts[b] else after  # type: ignore[index]
            if kind == Effect.CALLBACK:
                return a.backward(after, useful)  # type: ignore[union-attr]
            if kind == Effect.RMW:
                p = pts[b[0]]  # type: ignore[index]
                if after & p:
                    useful.set(a)  # type: ignore[arg-type]
                return after | p if useful.flag[b[1]] else after  # type: ignore[index]
            r = reach[n]
            if after & r or any(useful.flag[o] for o in b):  # type: ignore[union-attr]
                for o in a:  # type: ignore[union-attr]
                    useful.set(o)
                return after | r
            return after

        return vm_transfer, um_transfer

    def ranks(self) -> tuple[list[int], list[int], list[int], list[int]]:
        """Worklist priorities of the CFG nodes (computed once): inside a function, a
        reverse post-order (forward from the roots' entries, backward from their
        exits); across functions, callers first (for the second phase, when callers'
        states enter their callees: forward, backward) and callees first (for the first
        phase, each function on its own, exits flowing to callers: forward,
        backward)."""
        if self._ranks is None:
            g, nn = self.g, len(self.g.node_op)
            roots = [f for f in g.roots if has_body(f)]
            fwd = rpo_ranks(nn, g.csucc, [g.func_entry[f] for f in roots])
            bwd = rpo_ranks(nn, g.cpred, [g.func_exit[f] for f in roots])
            pos = [0] * len(g.functions)
            for i, fi in enumerate(callees_first(self.callees)):
                pos[fi] = i
            nf = g.node_func
            self._ranks = tuple(  # type: ignore[assignment]
                _reranked(sorted(range(nn), key=lambda n, r=r, s=s: (s * pos[nf[n]], r[n])))
                for r, s in ((fwd, -1), (bwd, -1), (fwd, 1), (bwd, 1)))
        return self._ranks

    def solve(self, seeds: Seeds, *, backward: bool = True,
              arg_kinds: dict[Operation, list[str]] | None = None,
              legacy: bool = False) -> Solution:
        """The joint least fixpoint of the four analyses from ``seeds``.

        The forward pair (varied values, varied memory) and the backward pair (useful
        values, useful memory) do not read each other, so each pair runs to its own
        fixpoint, on a :class:`DenseSolver` ordered by a reverse post-order of the
        interprocedural CFG (forward from the roots' entries, backward from their
        exits).  ``legacy=True`` runs the former FIFO solvers instead (same answers;
        kept for the tests that compare the two)."""
        g, pt, reach = self.g, self.pt, self.reach
        nv = len(g.values)
        nn = len(g.node_op)
        vm: DenseSolver | FifoDenseSolver
        um: DenseSolver | FifoDenseSolver

        def on_varied(v: int) -> None:
            for n in g.watch_fwd.get(v, ()):
                vm.enqueue(n)

        def on_useful(v: int) -> None:
            for n in g.watch_bwd.get(v, ()):
                um.enqueue(n)

        varied = SparseSolver(nv, g.vsucc, on_varied)
        useful = SparseSolver(nv, g.vpred, on_useful)

        vm_transfer, um_transfer = self.transfers(varied, useful)

        if legacy:
            vm = FifoDenseSolver(nn, g.cpred, g.csucc, vm_transfer, 1)
            um = FifoDenseSolver(nn, g.csucc, g.cpred, um_transfer, 2)
        else:
            fwd_rank, bwd_rank, fwd1, bwd1 = self.ranks()
            vm = DenseSolver(nn, g.cpred, g.csucc, vm_transfer, 1, fwd1, varied)
            um = DenseSolver(nn, g.csucc, g.cpred, um_transfer, 2, bwd1, useful)
            vm.hold_inputs(g.func_entry.values())
            um.hold_inputs(g.func_exit.values())
        def seed(sparse: SparseSolver, values: Iterable[int],
                 dense: DenseSolver | FifoDenseSolver, at: dict[int, int]) -> None:
            for v in values:
                sparse.set(v)
            for n, s in at.items():
                dense.add_seed(n, s)
            for n in range(nn):  # every node runs its transfer at least once
                dense.enqueue(n)

        seed(varied, seeds.varied, vm, seeds.vm)
        if legacy:
            solvers: list[SparseSolver | DenseSolver | FifoDenseSolver] = [varied, vm]
            if backward:
                seed(useful, seeds.useful, um, seeds.um)
                solvers += [useful, um]
            run_to_fixpoint(solvers)
        else:
            run_to_fixpoint([varied, vm])
            vm.release(fwd_rank)
            run_to_fixpoint([varied, vm])
            if backward:
                seed(useful, seeds.useful, um, seeds.um)
                run_to_fixpoint([useful, um])
                um.release(bwd_rank)
                run_to_fixpoint([useful, um])
        return Solution(g, pt, varied.flag, useful.flag, vm.inp, vm.out, um.inp, um.out,
                        dict(arg_kinds or {}), reach, self.root_arg_classes,
                        list(self.writes), self.kills)


def _reranked(order: list[int]) -> list[int]:
    rank = [0] * len(order)
    for i, n in enumerate(order):
        rank[n] = i
    return rank


def callees_first(callees: list[set[int]]) -> list[int]:
    """Function indices in a depth-first post-order of the call graph (``callees[f]``:
    the functions ``f`` calls): every callee before its callers, but for recursion."""
    seen = bytearray(len(callees))
    post: list[int] = []
    for root in range(len(callees)):
        if seen[root]:
            continue
        seen[root] = 1
        stack = [(root, iter(sorted(callees[root])))]
        while stack:
            f, it = stack[-1]
            for c in it:
                if not seen[c]:
                    seen[c] = 1
                    stack.append((c, iter(sorted(callees[c]))))
                    break
            else:
                stack.pop()
                post.append(f)
    return post


def strong_updates(g: Graph, pt: PointsTo) -> dict[int, int]:
    """Store nodes that are strong updates, mapped to the one class they overwrite: the
    pointer may point into that class only, the class holds one cell
    (:func:`single_cells`), and the stored value has the cell's type (so the store
    writes all of it)."""
    cells = single_cells(g)
    if not cells:
        return {}
    pts = pt.pts
    out: dict[int, int] = {}
    for n, (kind, a, b) in g.effects.items():
        if kind != Effect.STORE:
            continue
        s = pts[b]  # type: ignore[index]
        if not s or s & (s - 1):
            continue
        t = cells.get(s.bit_length() - 1)
        if t is not None and g.values[a].type == t:  # type: ignore[index]
            out[n] = s
    return out


def solve_activity(g: Graph, arg_kinds: dict[Operation, list[str]],
                   alias_args: str = "distinct") -> Solution:
    """Run alias analysis, then the four coupled activity analyses, to a fixpoint."""
    prob = ActivityProblem(g, alias_args)
    return prob.solve(prob.default_seeds(arg_kinds), arg_kinds=arg_kinds)


def _fname(f: Operation) -> str:
    from activity.engine.program import sym_name

    return sym_name(f) or "?"


__all__ = ["ALL", "ActivityProblem", "Seeds", "Solution", "solve_activity", "strong_updates",
           "SSAValue"]
