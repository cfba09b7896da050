"""Deriving summaries bottom-up over the call graph's strongly connected components.

For one function the engine builds its graph alone (calls go through the summaries
derived so far), gives every pointer argument its own alias class (and deref classes
below it), and runs the forward (varied) analysis once per origin: the sinks that come
out varied are the origin's dependents.  Usefulness is the same relation read
backwards, so no backward runs are needed.

A recursive component starts from the bottom summary (no dependence, no effect) and is
re-derived until no summary changes: the summaries only grow and the names are finite,
so the iteration reaches the least fixpoint (Enzyme-MLIR asserts on call-graph cycles;
we don't).  Callee bodies are never re-walked once summarized.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Mapping

import networkx as nx
from xdsl.ir import Operation

from activity import progress
from activity.analysis.activity import ActivityProblem, Seeds
from activity.analysis.alias import MAX_DEREF_DEPTH
from activity.engine.graph import Graph, GraphBuilder
from activity.engine.program import CALL_OPS, Program, call_target, entry_args, has_body
from activity.engine.types import is_pointer
from activity.lattice.core import members
from activity.ops import op_name
from activity.summaries.apply import SummaryCalls, replayable_store
from activity.summaries.cache import FunctionCache
from activity.summaries.model import Summary


def signature(f: Operation) -> tuple[list[str], list[str]]:
    args = ["pointer" if is_pointer(a.type) else "scalar" for a in entry_args(f)]
    ft = f.properties.get("function_type") or f.attributes.get("function_type")
    outs: list[str] = []
    if ft is not None:
        res = getattr(ft, "outputs", None)
        if res is not None:
            outs = ["pointer" if is_pointer(t) else "scalar" for t in res.data]
        else:  # llvm.func: LLVMFunctionType with a single output
            out = getattr(ft, "output", None)
            if out is not None and type(out).__name__ != "LLVMVoidType":
                outs = ["pointer" if is_pointer(out) else "scalar"]
    return args, outs


def call_graph(program: Program, funcs: Iterable[str]) -> nx.DiGraph:
    """Edges caller -> callee between functions with bodies."""
    cg = nx.DiGraph()
    funcs = list(funcs)
    members = set(funcs)
    for name in funcs:
        f = program.functions[name]
        cg.add_node(name)
        if not has_body(f):
            continue
        for op in f.walk():
            if op_name(op) in CALL_OPS:
                t = call_target(op)
                if t is not None and t in members:
                    cg.add_edge(name, t)
    return cg


def reachable(program: Program, roots: Iterable[str],
              stop: Iterable[str] = ()) -> list[str]:
    """Functions with bodies reachable from ``roots``, not descending into ``stop``
    (functions whose summaries are given: their bodies are never walked)."""
    stop = set(stop)
    out: set[str] = set()
    work = [r for r in roots]
    while work:
        n = work.pop()
        if n in out:
            continue
        f = program.functions.get(n)
        if f is None or not has_body(f):
            continue
        out.add(n)
        if n in stop and n not in roots:
            continue
        for op in f.walk():
            if op_name(op) in CALL_OPS:
                t = call_target(op)
                if t is not None and t not in out and t not in stop:
                    work.append(t)
    return sorted(out)


class Built:
    """One function's graph and ``"distinct"`` problem, built with ``hook`` (which
    records in ``hook.used`` the summaries the build applied)."""

    def __init__(self, program: Program, name: str, hook: SummaryCalls) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self.g: Graph = GraphBuilder(program.module, [name], program=program,
                                         externals=hook, follow_calls=False).build()
        self.prob = ActivityProblem(self.g, "distinct")
        self.used = hook.used


def derive_one(program: Program, name: str, summaries: Mapping[str, Summary],
               warns: dict[str, list[tuple[Operation | None, str]]] | None = None,
               built: dict[str, Built] | None = None) -> Summary:
    """The summary of one function given summaries for everything it calls.
    Fallback warnings met on the way are recorded in ``warns[name]``; with ``built``,
    the graph and problem are kept in ``built[name]`` (summaries mode solves them again
    instead of building the function a second time)."""
    f = program.functions[name]
    args_k, res_k = signature(f)
    b = Built(program, name, SummaryCalls(summaries))
    if built is not None:
        built[name] = b
    g, prob = b.g, b.prob
    s = Summary(name, args_k, res_k)
    if warns is not None:
        warns[name] = [(w.op, w.message) for w in g.warnings]
    names = _class_names(g, prob, f)
    origin_classes = {c: n for c, n in names.items()}
    entry, exit_ = g.func_entry[f], g.func_exit[f]
    ret_ops = g.return_ops[f]
    fresh_of_ret = _returned_classes(g, prob, ret_ops, res_k)

    origins: list[tuple[str, Seeds]] = []
    for i, a in enumerate(entry_args(f)):
        if args_k[i] == "scalar":
            origins.append((f"arg{i}", Seeds(varied={g.vid[a]})))
    for c, n in origin_classes.items():
        origins.append((n, Seeds(vm={entry: 1 << c})))
    for oname, seeds in origins:
        sol = prob.solve(seeds, backward=False)
        for j in range(len(res_k)):
            if res_k[j] == "scalar" and any(
                j < len(r.operands) and sol.varied[g.vid[r.operands[j]]] for r in ret_ops
            ):
                s.deps.setdefault(f"ret{j}", set()).add(oname)
        at_exit = sol.vm_in[exit_]
        for c, sname in origin_classes.items():
            # identity (memory the callee leaves alone keeps its data) is implicit
            if at_exit & (1 << c) and sname != oname:
                s.deps.setdefault(sname, set()).add(oname)
        for j, cls in fresh_of_ret.items():
            if at_exit & cls:
                s.deps.setdefault(f"*ret{j}", set()).add(oname)
    # points-to part: what the function may read and write (the problem already
    # computed it per function; this graph holds just the one function)
    reads, writes = prob.reads[0], prob.writes[0]
    s.reads = {n for c, n in origin_classes.items() if reads & (1 << c)}
    s.writes = {n for c, n in origin_classes.items() if writes & (1 << c)}
    s.allocates = any(info.kind == "alloc" for info in g.classes)
    for j, kind in enumerate(res_k):
        if kind != "pointer":
            continue
        targets: set[str] = set()
        for r in ret_ops:
            if j >= len(r.operands):
                continue
            for c in members(prob.pt.pts[g.vid[r.operands[j]]]):
                info = g.classes[c]
                if c in origin_classes and c != 0:
                    targets.add(origin_classes[c])
                elif info.kind == "alloc":
                    targets.add("fresh")
                else:
                    targets.add("unknown")
        if targets:
            s.returns[f"ret{j}"] = targets
    s.captures, s.stores = _captures(g, prob, origin_classes, fresh_of_ret)
    return s


def _class_names(g: Graph, prob: ActivityProblem, f: Operation) -> dict[int, str]:
    """Origin/sink names of the classes visible to callers: argument memory by depth,
    and globals."""
    names: dict[int, str] = {}
    arg_index = {g.vid[a]: i for i, a in enumerate(entry_args(f))}
    for vid, c in prob.root_arg_classes.items():
        names[c] = f"*arg{arg_index[vid]}"
    changed = True
    while changed:
        changed = False
        for c, info in enumerate(g.classes):
            if info.kind == "deref" and c not in names and info.parent in names:
                names[c] = "*" + names[info.parent]
                changed = True
    for gname, c in g.global_class.items():
        names[c] = "@" + gname
    names[0] = "unknown"  # memory only unknown code can see: shared by all of it
    return names


def _returned_classes(g: Graph, prob: ActivityProblem, ret_ops: list[Operation],
                      res_k: list[str]) -> dict[int, int]:
    out: dict[int, int] = {}
    for j, kind in enumerate(res_k):
        if kind != "pointer":
            continue
        m = 0
        for r in ret_ops:
            if j < len(r.operands):
                for c in members(prob.pt.pts[g.vid[r.operands[j]]]):
                    if g.classes[c].kind == "alloc":
                        m |= 1 << c
        if m:
            out[j] = m
    return out


def _captures(g: Graph, prob: ActivityProblem, visible: dict[int, str],
              fresh_of_ret: dict[int, int]) -> tuple[bool, dict[str, set[str]]]:
    """Which pointers end up in memory the caller can see: ``stores`` (memory name ->
    names of memory the stored pointers may point into) for what call sites can replay
    as points-to constraints (``apply.POINTER_STORE``), and whether any other pointer
    (the function's own allocations or locals, unknown memory) is captured."""
    content = prob.pt.content
    allowed_children: dict[int, int] = {}
    for c, info in enumerate(g.classes):
        if info.kind == "deref" and info.parent is not None:
            allowed_children[info.parent] = allowed_children.get(info.parent, 0) | (1 << c)
    holders = dict(visible)
    for j, m in fresh_of_ret.items():
        for c in members(m):
            holders[c] = f"*ret{j}"
    stores: dict[str, set[str]] = {}
    for c, holder in holders.items():
        # a class's own deref children, and itself where it is unknown memory or the
        # deepest deref level (it points to itself by construction), are not stores
        extra = content[c] & ~allowed_children.get(c, 0)
        if c in visible and _self_loop(g, c):
            extra &= ~(1 << c)
        for t in members(extra):
            target = visible.get(t)
            if target is None or not replayable_store(holder, target):
                return True, {}
            stores.setdefault(holder, set()).add(target)
    return False, stores


def _self_loop(g: Graph, c: int) -> bool:
    """Whether points-to gives class ``c`` itself as content by construction."""
    info = g.classes[c]
    if info.kind == "unknown":
        return True
    depth = 0
    while info.kind == "deref" and info.parent is not None:
        depth += 1
        info = g.classes[info.parent]
    return info.kind == "arg" and depth >= MAX_DEREF_DEPTH


def derive_all(program: Program, funcs: Iterable[str],
               external: Mapping[str, Summary] | None = None,
               on_progress: Callable[[int, int], None] | None = None,
               warns: dict[str, list[tuple[Operation | None, str]]] | None = None,
               cache: FunctionCache | None = None,
               built: dict[str, Built] | None = None,
               ) -> dict[str, Summary]:
    """Summaries of ``funcs`` (functions with bodies), bottom-up over SCCs; with a
    ``cache``, a component whose IR and callee summaries are unchanged is read from it
    (its fallback warnings are then not recorded).  With ``built``, each derived
    function's last graph and problem (built from its callees' final summaries) are
    kept there (see :func:`derive_one`)."""
    if warns is None:
        warns = {}
    ext = dict(external or {})
    funcs = [n for n in funcs if has_body(program.functions[n]) and n not in ext]
    cg = call_graph(program, funcs)
    summaries: dict[str, Summary] = ext
    cond = nx.condensation(cg)
    order = list(reversed(list(nx.topological_sort(cond))))
    done = 0
    progress.phase("deriving summaries", len(funcs))
    for comp in order:
        members = sorted(cond.nodes[comp]["members"])
        key = None
        if cache is not None:
            key = cache.key({m: program.functions[m] for m in members}, summaries)
            hit = cache.get(key, members)
            if hit is not None:
                summaries.update(hit)
                done += len(members)
                progress.advance(done)
                continue
        recursive = len(members) > 1 or cg.has_edge(members[0], members[0])
        if recursive:
            for m in members:
                a, r = signature(program.functions[m])
                summaries[m] = Summary.bottom(m, a, r)
            # A member is derived again only if a summary its last build applied has
            # changed since: derivation is deterministic given those summaries, so
            # skipping it gives the same answer as re-deriving every member each round.
            stamp = dict.fromkeys(members, 0)
            seen: dict[str, dict[str, int]] = {}
            for _ in range(10_000):  # bounded by the finite name space; never reached
                changed = False
                for m in members:
                    last = seen.get(m)
                    if last is not None and all(stamp[u] == t for u, t in last.items()):
                        continue
                    keep: dict[str, Built] = {}
                    new = _join(summaries[m], derive_one(program, m, summaries, warns, keep))
                    seen[m] = {u: stamp[u] for u in keep[m].used if u in stamp}
                    if built is not None:
                        built[m] = keep[m]
                    if new.key() != summaries[m].key():
                        summaries[m] = new
                        stamp[m] += 1
                        changed = True
                if not changed:
                    break
        else:
            summaries[members[0]] = derive_one(program, members[0], summaries, warns,
                                               built)
        if cache is not None and key is not None:
            cache.put(key, {m: summaries[m] for m in members})
        done += len(members)
        progress.advance(done)
        if on_progress is not None:
            on_progress(done, len(funcs))
    return {n: summaries[n] for n in funcs}


def _join(a: Summary, b: Summary) -> Summary:
    """Least upper bound of two summaries of the same function (keeps iteration
    monotone even if a derivation step were to shrink)."""
    deps = {k: set(v) for k, v in a.deps.items()}
    for k, v in b.deps.items():
        deps.setdefault(k, set()).update(v)
    rets = {k: set(v) for k, v in a.returns.items()}
    for k, v in b.returns.items():
        rets.setdefault(k, set()).update(v)
    stores = {k: set(v) for k, v in a.stores.items()}
    for k, v in b.stores.items():
        stores.setdefault(k, set()).update(v)
    return Summary(a.name, a.args, a.results, deps, a.reads | b.reads, a.writes | b.writes,
                   a.allocates or b.allocates, rets, a.captures or b.captures,
                   a.opaque or b.opaque, stores)

