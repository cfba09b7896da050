"""Summaries of many modules: bottom-up across modules, in parallel, cached.

The modules are linked by name, as a linker would: a function *declared* (no body) in
one module and *defined* public in another is summarized from that definition, so a
call into another module applies that module's summary.  A public name defined twice
is an error.

1. **Interfaces.**  Each module's interface (the public functions it defines with
   their signatures, the functions it declares) comes from the module cache when the
   file is unchanged, else from parsing it in a worker (which keeps the parsed module
   for step 2).
2. **Order.**  Module ``A`` depends on ``B`` when ``A`` declares a function ``B``
   defines.  The strongly connected components of that graph are derived callees
   first; independent modules run at the same time, one per worker process.  A cycle
   of modules starts from the bottom summary of the functions they export to each
   other and is re-derived until those summaries stop changing (they only grow: the
   least fixpoint, as for a recursive cycle inside one module).
3. **Cache.**  A module whose file and the summaries of what it declares are unchanged
   is not parsed at all; inside a module that changed, a function whose IR and callee
   summaries are unchanged is read from the function cache (``cache.py``).

Summaries files (``--summaries``) supply declarations no module defines; a body in one
of the modules wins over them.
"""

from __future__ import annotations

import multiprocessing
import os
import traceback
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

from activity import progress
from activity.errors import ActivityError
from activity.summaries.cache import Store, digest, summary_hash, tool_hash
from activity.summaries.model import Summary


@dataclass
class Stats:
    modules: int = 0
    modules_cached: int = 0  # neither parsed nor derived
    ambiguous: list[str] = field(default_factory=list)  # private names of several modules
    derived: list[str] = field(default_factory=list)  # functions derived (at least once)
    cached: list[str] = field(default_factory=list)  # functions only read from the cache


def module_files(paths: Sequence[str]) -> list[str]:
    """The ``.mlir`` files named, directories searched recursively (sorted)."""
    out: list[str] = []
    for p in paths:
        if os.path.isdir(p):
            found = sorted(str(q) for q in Path(p).rglob("*.mlir") if q.is_file())
            if not found:
                raise ActivityError("no .mlir file in this directory", file=p)
            out.extend(found)
        elif os.path.exists(p):
            out.append(p)
        else:
            raise ActivityError("no such file or directory", file=p)
    seen: set[str] = set()
    uniq = []
    for p in out:
        r = os.path.realpath(p)
        if r not in seen:
            seen.add(r)
            uniq.append(p)
    return uniq


# -- the work a worker does (also run in-process with one job) --------------------------

class _Worker:
    """Parses modules and derives their summaries; keeps parsed modules between the
    two steps."""

    def __init__(self, cache_dir: str | None) -> None:
        self.store = Store(cache_dir) if cache_dir else None
        self.modules: dict[str, Any] = {}

    def _module(self, path: str) -> Any:
        m = self.modules.get(path)
        if m is None:
            from activity.frontend import parse

            m = self.modules[path] = parse(path)
        return m

    def interface(self, path: str) -> dict[str, Any]:
        from activity.engine.program import Program, has_body, is_public
        from activity.summaries.derive import signature

        program = Program.of(self._module(path))
        exports, declares, defines = {}, [], []
        for name, f in program.functions.items():
            if has_body(f):
                defines.append(name)
                if is_public(f):
                    exports[name] = list(signature(f))
            else:
                declares.append(name)
        return {"exports": exports, "declares": sorted(declares),
                "defines": sorted(defines)}

    def derive(self, path: str, given: dict[str, Any], keep: bool) -> dict[str, Any]:
        import warnings

        from activity.engine.program import Program
        from activity.summaries.attributes import summaries_from_attributes
        from activity.summaries.cache import FunctionCache
        from activity.summaries.derive import derive_all, reachable

        module = self._module(path)
        program = Program.of(module)
        ext = summaries_from_attributes(module)
        ext.update({n: Summary.from_json(n, d) for n, d in given.items()})
        fcache = None
        if self.store is not None:
            fcache = FunctionCache(self.store, _top_level(module))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            roots = program.public_functions()
            derived = derive_all(program, reachable(program, roots), external=ext,
                                 cache=fcache)
        if not keep:
            del self.modules[path]
        hits = fcache.hits if fcache is not None else []
        return {"summaries": {n: s.to_json() for n, s in sorted(derived.items())},
                "cached": sorted(hits),
                "derived": sorted(set(derived) - set(hits))}


def _top_level(module: Any) -> list[Any]:
    from activity.engine.program import _top_level_ops

    return list(_top_level_ops(module))


def _serve(conn: Connection, cache_dir: str | None) -> None:  # pragma: no cover - child
    w = _Worker(cache_dir)
    while True:
        try:
            msg = conn.recv()
        except EOFError:
            return
        if msg is None:
            return
        kind, path, *rest = msg
        try:
            out = w.interface(path) if kind == "load" else w.derive(path, *rest)
            conn.send(("ok", out))
        except ActivityError as e:
            conn.send(("user", (e.message, e.file, e.line, e.col)))
        except BaseException as e:  # noqa: BLE001 - reported by the parent
            conn.send(("bug", f"{type(e).__name__}: {e}\n{traceback.format_exc()}"))


class _Pool:
    """Worker processes, each owning the modules it parsed, started on first use (a
    run answered from the cache starts none); ``jobs == 1`` works in-process."""

    def __init__(self, jobs: int, cache_dir: str | None) -> None:
        self.jobs = jobs
        self.cache_dir = cache_dir
        self.local = _Worker(cache_dir) if jobs == 1 else None
        self.conns: dict[int, Connection] = {}
        self.procs: list[Any] = []
        self.busy: dict[int, tuple[str, str]] = {}  # worker -> (kind, path)
        self.owner: dict[str, int] = {}
        self.done: list[tuple[str, str, Any]] = []

    def _start(self, w: int) -> Connection:
        c = self.conns.get(w)
        if c is None:
            # spawn, not fork: the parent may run the progress thread
            ctx = multiprocessing.get_context("spawn")
            c, child = ctx.Pipe()
            p = ctx.Process(target=_serve, args=(child, self.cache_dir), daemon=True)
            p.start()
            child.close()
            self.conns[w] = c
            self.procs.append(p)
        return c

    def idle(self, path: str) -> int | None:
        """A worker that may take a job on ``path`` now (its owner, if it has one)."""
        if self.local is not None:
            return 0
        own = self.owner.get(path)
        if own is not None:
            return None if own in self.busy else own
        for i in range(self.jobs):
            if i not in self.busy:
                return i
        return None

    def submit(self, w: int, kind: str, path: str, *rest: Any) -> None:
        if self.local is not None:
            out = (self.local.interface(path) if kind == "load"
                   else self.local.derive(path, *rest))
            self.done.append((kind, path, out))
            return
        self.owner[path] = w
        self.busy[w] = (kind, path)
        self._start(w).send((kind, path, *rest))

    def collect(self) -> list[tuple[str, str, Any]]:
        """Finished jobs (waits for one if none has finished)."""
        if self.done or self.local is not None or not self.busy:
            out, self.done = self.done, []
            return out
        out = []
        ready = wait([self.conns[w] for w in self.busy])
        for w in list(self.busy):
            c = self.conns[w]
            if c not in ready:
                continue
            kind, path = self.busy.pop(w)
            try:
                status, val = c.recv()
            except (EOFError, OSError):
                raise RuntimeError(f"the worker process on {path} died") from None
            if status == "user":
                msg, file, line, col = val
                raise ActivityError(msg, file=file or path, line=line, col=col)
            if status == "bug":
                raise RuntimeError(f"in a worker on {path}: {val}")
            out.append((kind, path, val))
        return out

    def close(self) -> None:
        for c in self.conns.values():
            try:
                c.send(None)
                c.close()
            except OSError:
                pass
        for p in self.procs:
            p.join(timeout=5)
            if p.is_alive():
                p.terminate()


def summarize_modules(paths: Sequence[str], external: Mapping[str, Summary] | None = None,
                      *, jobs: int | None = None, cache_dir: str | os.PathLike[str] | None
                      = None, stats: Stats | None = None) -> dict[str, Summary]:
    """Summaries of every public function (and the private functions they reach) of
    the modules in ``paths`` (files or directories), derived bottom-up across modules
    with ``jobs`` worker processes (default: one per core) and the cache in
    ``cache_dir`` (``None``: no cache).  The workers are *spawned*: a script calling
    this with ``jobs > 1`` needs the ``if __name__ == "__main__":`` guard."""
    import networkx as nx

    files = module_files(paths)
    if not files:
        raise ActivityError("no module to summarize")
    jobs = max(1, min(jobs or os.cpu_count() or 1, len(files)))
    ext = dict(external or {})
    stats = stats if stats is not None else Stats()
    stats.modules = len(files)
    store = Store(cache_dir) if cache_dir is not None else None
    tool = tool_hash()
    file_hash = {}
    for p in files:
        try:
            data = Path(p).read_bytes()
        except OSError as e:
            raise ActivityError(f"cannot read: {e.strerror}", file=p) from None
        file_hash[p] = digest(tool, data)
    ifaces: dict[str, dict[str, Any]] = {}
    for p in files:
        got = store.get("mod", "iface" + file_hash[p]) if store is not None else None
        if isinstance(got, dict):
            ifaces[p] = got
    pool = _Pool(jobs, str(cache_dir) if cache_dir is not None else None)
    try:
        # 1. interfaces
        todo = [p for p in files if p not in ifaces]
        progress.phase("parsing modules", len(todo))
        loaded = 0
        while todo or pool.busy:
            while todo:
                w = pool.idle(todo[0])
                if w is None:
                    break
                pool.submit(w, "load", todo.pop(0))
            for _kind, p, iface in pool.collect():
                ifaces[p] = iface
                if store is not None:
                    store.put("mod", "iface" + file_hash[p], iface)
                loaded += 1
                progress.advance(loaded)
        # 2. the module graph
        definer: dict[str, str] = {}
        for p in files:
            for name in ifaces[p]["exports"]:
                if name in definer:
                    raise ActivityError(f"public function '@{name}' is defined in both "
                                        f"{definer[name]} and {p}", file=p)
                definer[name] = p
        mg = nx.DiGraph()
        mg.add_nodes_from(files)
        for p in files:
            for name in ifaces[p]["declares"]:
                q = definer.get(name)
                if q is not None and q != p:
                    mg.add_edge(p, q)
        cond = nx.condensation(mg)
        results: dict[str, dict[str, Summary]] = {}
        exported: dict[str, Summary] = {}  # name -> summary, as modules finish
        _derive_in_order(pool, store, cond, ifaces, definer, ext, exported, results,
                         file_hash, stats)
    finally:
        pool.close()
    # (a cycle of modules derives its functions once per round)
    stats.derived = sorted(set(stats.derived))
    stats.cached = sorted(set(stats.cached) - set(stats.derived))
    # 3. the answer: every derived summary, privates named in one module only
    out: dict[str, Summary] = {}
    count: dict[str, int] = {}
    for p in files:
        for n in results[p]:
            count[n] = count.get(n, 0) + 1
    for p in files:
        for n, s in results[p].items():
            if count[n] == 1 or definer.get(n) == p:
                out[n] = s
            elif n not in stats.ambiguous:
                stats.ambiguous.append(n)
    if not out:
        raise ActivityError("the modules have no public function with a body to summarize")
    return {n: out[n] for n in sorted(out)}


def _derive_in_order(pool: _Pool, store: Store | None, cond: Any,
                     ifaces: Mapping[str, dict[str, Any]], definer: Mapping[str, str],
                     ext: Mapping[str, Summary], exported: dict[str, Summary],
                     results: dict[str, dict[str, Summary]], file_hash: Mapping[str, str],
                     stats: Stats) -> None:
    """Step 2: components of the module graph, callees first, as many at once as
    there are workers."""
    comps = {c: sorted(cond.nodes[c]["members"]) for c in cond.nodes}
    waiting = {c: set(cond.successors(c)) for c in cond.nodes}  # callee components
    users: dict[int, set[int]] = {c: set(cond.predecessors(c)) for c in cond.nodes}
    ready = sorted((c for c in comps if not waiting[c]), key=lambda c: comps[c][0])
    cycles: dict[int, _Cycle] = {}
    pending: dict[str, int] = {}  # module path -> its component, while in a worker
    total = sum(len(m) for m in comps.values())
    progress.phase("deriving summaries (modules)", total)

    def given_for(p: str) -> dict[str, Summary]:
        out: dict[str, Summary] = {}
        for name in ifaces[p]["declares"]:
            q = definer.get(name)
            if q is not None and q != p:
                s = exported.get(name)
                if s is not None:
                    out[name] = s
            elif name in ext:
                out[name] = ext[name]
        return out

    def module_key(p: str, given: Mapping[str, Summary]) -> str:
        return digest(file_hash[p], *(f"{n}={summary_hash(given[n])}" for n in sorted(given)))

    def start(p: str, comp: int, keep: bool) -> bool:
        """Begin deriving module ``p``; ``False`` if no worker can take it now."""
        given = given_for(p)
        if store is not None:
            hit = store.get("mod", module_key(p, given))
            if isinstance(hit, dict):
                summ = {n: Summary.from_json(n, d) for n, d in hit.items()}
                stats.modules_cached += 1
                stats.cached.extend(summ)
                finished(p, comp, summ)
                return True
        w = pool.idle(p)
        if w is None:
            return False
        pool.submit(w, "derive", p, {n: s.to_json() for n, s in given.items()}, keep)
        pending[p] = comp
        starting[p] = given
        return True

    starting: dict[str, Mapping[str, Summary]] = {}
    finished_comps: set[int] = set()

    def finished(p: str, comp: int, summ: dict[str, Summary]) -> None:
        cyc = cycles.get(comp)
        if cyc is not None:
            cyc.returned(p, summ)
            return
        results[p] = summ
        for n in ifaces[p]["exports"]:
            if n in summ:
                exported[n] = summ[n]
        progress.advance(sum(len(comps[c]) for c in finished_comps) + 1)
        complete(comp)

    def complete(comp: int) -> None:
        finished_comps.add(comp)
        for u in users[comp]:
            waiting[u].discard(comp)
            if not waiting[u]:
                ready.append(u)

    queue: list[tuple[str, int, bool]] = []  # modules ready to start
    while ready or queue or pool.busy or pending or cycles:
        while ready:
            c = ready.pop(0)
            members = comps[c]
            if len(members) == 1:
                queue.append((members[0], c, False))
            else:
                cycles[c] = _Cycle(members, ifaces, definer, exported)
                queue.extend((p, c, True) for p in members)
        queue[:] = [(p, c, keep) for p, c, keep in queue if not start(p, c, keep)]
        for _kind, p, out in pool.collect():
            comp = pending.pop(p)
            summ = {n: Summary.from_json(n, d) for n, d in out["summaries"].items()}
            stats.derived.extend(out["derived"])
            stats.cached.extend(out["cached"])
            if store is not None:
                store.put("mod", module_key(p, starting[p]),
                          {n: s.to_json() for n, s in summ.items()})
            finished(p, comp, summ)
        for c, cyc in list(cycles.items()):
            if not cyc.round_over():
                continue
            if cyc.stable():
                del cycles[c]
                for p in cyc.members:  # what they export: the fixpoint
                    results[p] = {n: exported.get(n, s) if n in cyc.names else s
                                  for n, s in cyc.last[p].items()}
                progress.advance(sum(len(comps[x]) for x in finished_comps) + len(comps[c]))
                complete(c)
            else:
                queue.extend((p, c, True) for p in cyc.members)


class _Cycle:
    """Modules that declare each other's functions: re-derived from the bottom
    summaries of what they export to each other until those stop changing."""

    def __init__(self, members: list[str], ifaces: Mapping[str, dict[str, Any]],
                 definer: Mapping[str, str], exported: dict[str, Summary]) -> None:
        self.members = members
        self.exported = exported
        self.names = [n for p in members for n in ifaces[p]["exports"]
                      if any(n in ifaces[q]["declares"] for q in members if q != p)]
        for p in members:
            for n, (a, r) in ifaces[p]["exports"].items():
                if n in self.names:
                    exported[n] = Summary.bottom(n, a, r)
        self.last: dict[str, dict[str, Summary]] = {}
        self.changed = False

    def returned(self, p: str, summ: dict[str, Summary]) -> None:
        from activity.summaries.derive import _join

        self.last[p] = summ
        for n, s in summ.items():
            if n in self.names:
                new = _join(self.exported[n], s)
                if new.key() != self.exported[n].key():
                    self.exported[n] = new
                    self.changed = True

    def round_over(self) -> bool:
        return len(self.last) == len(self.members)

    def stable(self) -> bool:
        if self.changed:
            self.changed = False
            self.last = {}
            return False
        return True
