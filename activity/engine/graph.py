"""The program graph: one walk over the IR turns a module into the three graphs every
analysis runs on.

* the **value-flow graph** over SSA values: an edge ``u -> v`` says a derivative (or a
  pointer) held by ``u`` may flow into ``v``: through an op's derivative-carrying
  operands (from the op table), through block arguments of branches, through region
  entries, back edges and exits of ``scf`` ops, and through calls (operands into the
  callee's arguments, returned values into the call's results);
* the **interprocedural control-flow graph** over program points: one node per op,
  an extra *exit* node per region op, *entry*/*exit* nodes per function and a
  *return* node per call with a body, with the successors MLIR's
  ``RegionBranchOpInterface`` would give (entry, back edge, exit) and ``cf`` successors;
* the **memory effects** of nodes (load, store, copy, unknown) and the **points-to
  constraints** (allocation sites, views, pointer loads/stores) of the alias analysis.

Region-flow rules live only here; op semantics only in the op table.  Ops outside
the subset get the sound fallback (:meth:`GraphBuilder._fallback`: a black box whose
outputs -- results and block arguments of its regions and successors -- may depend on
everything flowing in -- operands, captured values, yielded values -- and on the memory
reachable from them, which it may also write) and one warning each.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation, OpResult, Region, SSAValue

from activity.engine.program import (
    CALL_OPS,
    FUNC_OPS,
    RETURN_OPS,
    Program,
    call_args,
    call_target,
    entry_args,
    global_ref,
    has_body,
    successor_operands,
)
from activity.engine.types import is_pointer, may_hold_pointer
from activity.ops import ALLOCATORS, DEALLOCATORS, EXTERNAL_ALIASES, OpKind, OpSpec, lookup, op_name
from activity.ops.forall import FORALL, IN_PARALLEL, forall_loop
from activity.tensor.structured import Structured, structured

ALL = -1  # the full mask: x & ALL == x for any bitset
Edge = tuple[list[int], list[int]]


class Effect(IntEnum):
    """What a CFG node does to memory (for the dense analyses)."""

    NONE = 0
    LOAD = 1  # (ptr, result)
    STORE = 2  # (value, ptr)
    COPY = 3  # (src, dst)
    UNKNOWN = 4  # (operands, results): reads/writes all memory reachable from operands
    CALLBACK = 5  # (handler, None): a call applied through a summary (see summaries/)
    RMW = 6  # (value, (ptr, result)): atomic read-modify-write: a load and a store


@dataclass
class ClassInfo:
    """An alias class: an abstract memory location."""

    name: str
    kind: str  # "unknown" | "alloc" | "global" | "arg" | "deref"
    op: Operation | None = None
    parent: int | None = None  # for "deref": the class it is loaded from


@dataclass
class Warning_:
    op: Operation | None
    message: str


@dataclass
class Graph:
    """Everything the solvers need, indexed by small integers."""

    program: Program
    functions: list[Operation]
    roots: list[Operation]
    # values
    values: list[SSAValue] = field(default_factory=list)
    vid: dict[SSAValue, int] = field(default_factory=dict)
    vsucc: list[list[int]] = field(default_factory=list)  # derivative flow
    vpred: list[list[int]] = field(default_factory=list)
    psucc: list[list[int]] = field(default_factory=list)  # pointer (points-to) flow
    value_func: list[int] = field(default_factory=list)  # index into functions
    is_ptr: list[bool] = field(default_factory=list)  # pointer-typed (no value flow)
    may_ptr: list[bool] = field(default_factory=list)  # points-to set tracked
    # control flow
    node_op: list[Operation | None] = field(default_factory=list)
    node_kind: list[str] = field(default_factory=list)
    csucc: list[list[list[int]]] = field(default_factory=list)  # [m, fmask, bmask]
    cpred: list[list[list[int]]] = field(default_factory=list)
    node_func: list[int] = field(default_factory=list)
    op_node: dict[Operation, int] = field(default_factory=dict)
    exit_node: dict[Operation, int] = field(default_factory=dict)
    func_entry: dict[Operation, int] = field(default_factory=dict)
    func_exit: dict[Operation, int] = field(default_factory=dict)
    # memory effects per node: (Effect, a, b) with value ids / id lists
    effects: dict[int, tuple[Effect, object, object]] = field(default_factory=dict)
    # call edges needing masks: (call node, callee func index, edge to entry, edge from exit)
    call_edges: list[tuple[int, int, Edge, Edge]] = field(default_factory=list)
    # value id -> nodes whose dense transfer reads it (store value, unknown operands)
    watch_fwd: dict[int, list[int]] = field(default_factory=dict)
    watch_bwd: dict[int, list[int]] = field(default_factory=dict)
    # alias classes and points-to constraints
    classes: list[ClassInfo] = field(default_factory=list)
    fresh: list[tuple[int, int]] = field(default_factory=list)  # (value, class)
    load_ptr: list[tuple[int, int]] = field(default_factory=list)  # (ptr, result)
    store_ptr: list[tuple[int, int]] = field(default_factory=list)  # (value, ptr)
    mem_copy: list[tuple[int, int]] = field(default_factory=list)  # (src, dst)
    unknown_ptr: list[tuple[list[int], list[int]]] = field(default_factory=list)
    top_ptr: list[int] = field(default_factory=list)  # values that may point anywhere
    global_class: dict[str, int] = field(default_factory=dict)
    return_ops: dict[Operation, list[Operation]] = field(default_factory=dict)
    warnings: list[Warning_] = field(default_factory=list)
    # ops per function (for stats), in walk order
    func_ops: dict[Operation, list[Operation]] = field(default_factory=dict)

    # -- construction helpers -------------------------------------------------
    def value(self, v: SSAValue, fidx: int) -> int:
        i = self.vid.get(v)
        if i is None:
            i = len(self.values)
            self.vid[v] = i
            self.values.append(v)
            self.vsucc.append([])
            self.vpred.append([])
            self.psucc.append([])
            self.value_func.append(fidx)
            t = v.type
            self.is_ptr.append(is_pointer(t))
            self.may_ptr.append(may_hold_pointer(t))
        return i

    def node(self, op: Operation | None, kind: str, fidx: int) -> int:
        n = len(self.node_op)
        self.node_op.append(op)
        self.node_kind.append(kind)
        self.csucc.append([])
        self.cpred.append([])
        self.node_func.append(fidx)
        return n

    def edge(self, a: int, b: int, fmask: int = ALL, bmask: int = ALL) -> Edge:
        """Add a CFG edge; returns its two records (in csucc and cpred) so that masks
        can be set later (call edges get masks once callee effects are known)."""
        e = [b, fmask, bmask]
        p = [a, fmask, bmask]
        self.csucc[a].append(e)
        self.cpred[b].append(p)
        return (e, p)

    def new_class(self, name: str, kind: str, op: Operation | None = None,
                  parent: int | None = None) -> int:
        self.classes.append(ClassInfo(name, kind, op, parent))
        return len(self.classes) - 1


class GraphBuilder:
    """Builds a :class:`Graph` for the functions reachable from ``roots``."""

    def __init__(self, module: ModuleOp, roots: Sequence[str], program: Program | None = None,
                 externals: object | None = None, follow_calls: bool = True) -> None:
        """``follow_calls=False`` builds the roots only: calls then go through
        ``externals`` (summaries) instead of into callee bodies."""
        self.program = program or Program.of(module)
        self.externals = externals
        funcs: list[Operation] = []
        seen: set[str] = set()
        work = list(roots)
        while work:
            name = work.pop(0)
            if name in seen or name not in self.program.functions:
                continue
            seen.add(name)
            f = self.program.functions[name]
            funcs.append(f)
            if has_body(f) and follow_calls:
                for op in f.walk():
                    if op_name(op) in CALL_OPS:
                        t = call_target(op)
                        if t is not None and t not in seen:
                            work.append(t)
        self.g = Graph(self.program, funcs, [self.program.functions[r] for r in roots])
        self.fidx = {f: i for i, f in enumerate(funcs)}

    # ------------------------------------------------------------------------
    def build(self) -> Graph:
        g = self.g
        g.classes.append(ClassInfo("<unknown memory>", "unknown"))
        for name, gop in self.program.globals.items():
            g.global_class[name] = g.new_class("@" + name, "global", gop)
        # phase 1: nodes and values
        for f in g.functions:
            fi = self.fidx[f]
            g.func_entry[f] = g.node(f, "entry", fi)
            g.func_exit[f] = g.node(f, "exit", fi)
            g.return_ops[f] = []
            g.func_ops[f] = []
            if not has_body(f):
                continue
            for b in f.regions[0].blocks:
                for a in b.args:
                    g.value(a, fi)
            for op in f.walk():
                if op is f:
                    continue
                g.func_ops[f].append(op)
                g.op_node[op] = g.node(op, "op", fi)
                if op.regions and op_name(op) not in FUNC_OPS:
                    g.exit_node[op] = g.node(op, "exit", fi)
                if op_name(op) in CALL_OPS and self._callee_body(op) is not None:
                    g.exit_node[op] = g.node(op, "callret", fi)
                for r in op.results:
                    g.value(r, fi)
                for region in op.regions:
                    for b in region.blocks:
                        for a in b.args:
                            g.value(a, fi)
                if op_name(op) in RETURN_OPS:
                    g.return_ops[f].append(op)
        # phase 2: edges
        for f in g.functions:
            if not has_body(f):
                continue
            fi = self.fidx[f]
            g.edge(g.func_entry[f], self._first(f.regions[0].blocks[0]))
            self._wire_region_blocks(f.regions[0], fi)
            for op in g.func_ops[f]:
                self._wire_op(op, fi)
        return g

    # ------------------------------------------------------------------------
    def _callee_body(self, call: Operation) -> Operation | None:
        t = call_target(call)
        if t is None:
            return None
        f = self.program.functions.get(t)
        if f is not None and has_body(f) and f in self.fidx:
            return f
        return None

    def _first(self, block: Block) -> int:
        op = block.first_op
        assert op is not None, "empty block"
        return self.g.op_node[op]

    def _tail(self, op: Operation) -> int:
        return self.g.exit_node.get(op, self.g.op_node[op])

    def _wire_region_blocks(self, region: Region, fi: int) -> None:
        """Straight-line edges inside each block of a region."""
        for b in region.blocks:
            prev: Operation | None = None
            for op in b.ops:
                if prev is not None:
                    self.g.edge(self._tail(prev), self.g.op_node[op])
                prev = op

    def _flow(self, u: SSAValue, v: SSAValue) -> None:
        """A derivative and/or pointer may flow from u into v."""
        g = self.g
        a, b = g.vid[u], g.vid[v]
        if g.may_ptr[a] and g.may_ptr[b]:
            g.psucc[a].append(b)
        if not g.is_ptr[a] and not g.is_ptr[b]:
            g.vsucc[a].append(b)
            g.vpred[b].append(a)

    def _watch_fwd(self, v: SSAValue, node: int) -> None:
        self.g.watch_fwd.setdefault(self.g.vid[v], []).append(node)

    def _watch_bwd(self, v: SSAValue, node: int) -> None:
        self.g.watch_bwd.setdefault(self.g.vid[v], []).append(node)

    def warn(self, op: Operation | None, msg: str) -> None:
        self.g.warnings.append(Warning_(op, msg))

    # ------------------------------------------------------------------------
    def _wire_op(self, op: Operation, fi: int) -> None:
        g = self.g
        name = op_name(op)
        n = g.op_node[op]
        spec = lookup(name)
        for region in op.regions:
            self._wire_region_blocks(region, fi)
        if name in CALL_OPS:
            self._wire_call(op, fi)
            return
        if name in ("scf.for", "scf.if", "scf.while", "scf.execute_region", "scf.parallel"):
            self._wire_scf(op, name)
            return
        if op.successors and (op.regions or spec is None):
            # an unknown branch (no op of the subset branches and has regions) is a
            # black box that may also read and write what it reaches before it branches
            self._fallback(op, fi, f"op '{name}' is outside the analysed subset")
            return
        if op.successors:
            self._wire_branch(op)
            return
        if name in RETURN_OPS:
            f = self.g.functions[fi]
            g.edge(n, g.func_exit[f])
            return
        if name == FORALL:
            self._wire_forall(op, fi)
            return
        if name in ("scf.yield", "scf.condition", "scf.reduce", "scf.reduce.return",
                    IN_PARALLEL):
            return  # wired by the parent
        if name == "linalg.yield" and _in_structured(op):
            return  # wired by the parent
        if opaque_terminator(op):
            return  # read by the parent's fallback
        if spec is None:
            self._fallback(op, fi, f"op '{name}' is outside the analysed subset")
            return
        if spec.kind == OpKind.STRUCTURED:
            self._wire_structured(op, fi)
            return
        self._wire_spec(op, spec, n)

    def _wire_spec(self, op: Operation, spec: OpSpec, n: int) -> None:
        g = self.g
        k = spec.kind
        if k in (OpKind.FLOAT, OpKind.CAST, OpKind.SELECT, OpKind.TENSOR):
            if op.results:
                res = op.results[0]
                opnds = tuple(op.operands)
                for i in spec.diff_operands(op):
                    self._flow(opnds[i], res)
        if k == OpKind.TENSOR and spec.reads:  # bufferization.to_tensor: a whole-buffer load
            ptr, res = op.operands[spec.ptr or 0], op.results[0]
            g.effects[n] = (Effect.LOAD, g.vid[ptr], g.vid[res])
            self._watch_bwd(res, n)
        elif k == OpKind.TENSOR and spec.fresh:  # bufferization.to_buffer
            self._to_buffer(op, spec, n)
        elif k == OpKind.MEM_READ:
            ptr, res = op.operands[spec.ptr or 0], op.results[0]
            g.effects[n] = (Effect.LOAD, g.vid[ptr], g.vid[res])
            self._watch_bwd(res, n)
            if may_hold_pointer(res.type):
                g.load_ptr.append((g.vid[ptr], g.vid[res]))
        elif k == OpKind.MEM_WRITE and spec.extra.get("rmw"):
            val, ptr, res = op.operands[spec.value or 0], op.operands[spec.ptr or 0], op.results[0]
            g.effects[n] = (Effect.RMW, g.vid[val], (g.vid[ptr], g.vid[res]))
            self._watch_fwd(val, n)
            self._watch_bwd(res, n)
        elif k == OpKind.MEM_WRITE:
            val, ptr = op.operands[spec.value or 0], op.operands[spec.ptr or 0]
            g.effects[n] = (Effect.STORE, g.vid[val], g.vid[ptr])
            self._watch_fwd(val, n)
            if may_hold_pointer(val.type):
                g.store_ptr.append((g.vid[val], g.vid[ptr]))
        elif k == OpKind.MEM_ALLOC:
            res = op.results[0]
            c = g.new_class(f"{op_name(op)}#{len(g.classes)}", "alloc", op)
            g.fresh.append((g.vid[res], c))
        elif k == OpKind.MEM_VIEW:
            if not op.results:
                return
            res = op.results[0]
            if spec.extra.get("unknown_target"):
                g.top_ptr.append(g.vid[res])
            elif spec.ptr is not None and op.operands:
                g.psucc[g.vid[op.operands[spec.ptr]]].append(g.vid[res])
            else:
                sym = global_ref(op)
                c = g.global_class.get(sym) if sym is not None else None
                if c is None:
                    g.top_ptr.append(g.vid[res])
                    self.warn(op, f"reference to unknown global '{sym}'")
                else:
                    g.fresh.append((g.vid[res], c))
        elif k == OpKind.MEM_COPY:
            src, dst = op.operands[spec.src or 0], op.operands[spec.dst or 0]
            self._copy(n, src, dst)

    def _to_buffer(self, op: Operation, spec: OpSpec, n: int) -> None:
        """``bufferization.to_buffer %t``: a fresh buffer into which ``%t`` is stored --
        or the buffer ``%t`` was read from by a ``bufferization.to_tensor`` (through
        ``tensor.cast``s), which upstream's bufferization returns instead: the result
        may point to both."""
        g = self.g
        val, res = op.operands[spec.value or 0], op.results[0]
        c = g.new_class(f"{op_name(op)}#{len(g.classes)}", "alloc", op)
        g.fresh.append((g.vid[res], c))
        src = val
        while isinstance(src, OpResult) and op_name(src.op) == "tensor.cast":
            src = src.op.operands[0]
        if isinstance(src, OpResult) and op_name(src.op) == "bufferization.to_tensor":
            g.psucc[g.vid[src.op.operands[0]]].append(g.vid[res])
        g.effects[n] = (Effect.STORE, g.vid[val], g.vid[res])
        self._watch_fwd(val, n)

    def _wire_structured(self, op: Operation, fi: int) -> None:
        """A structured op (:mod:`activity.tensor.structured`): a loop nest over its
        iteration space whose body sees one element per operand.

        * values: each input flows into its body argument, each output (the init) into
          its output argument; each yielded value into its result, and back into its
          output argument where an output element is visited more than once (a loop
          that its indexing map drops: reductions); the init into the result as well
          unless every element of it is written (all loop ranges static and positive,
          the output map a projection of the loops), so the body's ops decide: a
          result is varied iff the yield depends on a varied input element;
        * control: op -> body -> yield -> body again or exit; op -> exit (no
          iteration);
        * on memrefs, each iteration loads the element of every ``ins``/``outs`` buffer
          into the body argument (one ``LOAD`` node each before the body) and stores the
          yielded values into the ``outs`` (one ``STORE`` node each after the yield)."""
        g = self.g
        view = structured(op)
        if view is None:
            self._fallback(op, fi, f"'{op_name(op)}' with an unexpected layout")
            return
        n, ex = g.op_node[op], g.exit_node[op]
        y = view.body.last_op
        assert y is not None
        yielded = view.yielded
        for u, a in zip(view.inputs, view.input_args, strict=True):
            self._flow(u, a)
        for j, (o, a) in enumerate(zip(view.outputs, view.output_args, strict=True)):
            self._flow(o, a)
            if not _visits_once(view, j):
                self._flow(yielded[j], a)
            if j < len(view.results):
                self._flow(yielded[j], view.results[j])
                if not _writes_every_element(view, j):
                    self._flow(o, view.results[j])
        loads = [(u, a) for u, a in zip(view.operands, view.body.args, strict=True)
                 if is_pointer(u.type)]
        stores = [(v, o) for v, o in zip(yielded, view.outputs, strict=True)
                  if is_pointer(o.type)]
        head = self._chain(op, fi, loads, Effect.LOAD) if loads else None
        tail = self._chain(op, fi, stores, Effect.STORE) if stores else None
        top = head[0] if head else self._first(view.body)
        g.edge(n, top)
        g.edge(n, ex)
        if head:
            g.edge(head[1], self._first(view.body))
        end = g.op_node[y]
        if tail:
            g.edge(end, tail[0])
            end = tail[1]
        g.edge(end, top)
        g.edge(end, ex)

    def _chain(self, op: Operation, fi: int, pairs: list[tuple[SSAValue, SSAValue]],
               kind: Effect) -> tuple[int, int]:
        """A straight line of extra nodes of ``op``, one memory access each: ``LOAD``
        (buffer, body argument) or ``STORE`` (yielded value, buffer); returns its first
        and last node."""
        g = self.g
        nodes = []
        for a, b in pairs:
            m = g.node(op, "load" if kind == Effect.LOAD else "store", fi)
            if nodes:
                g.edge(nodes[-1], m)
            nodes.append(m)
            g.effects[m] = (kind, g.vid[a], g.vid[b])
            if kind == Effect.LOAD:
                self._watch_bwd(b, m)
            else:
                self._watch_fwd(a, m)
        return nodes[0], nodes[-1]

    def _copy(self, n: int, src: SSAValue, dst: SSAValue) -> None:
        g = self.g
        g.effects[n] = (Effect.COPY, g.vid[src], g.vid[dst])
        g.mem_copy.append((g.vid[src], g.vid[dst]))

    def _fallback(self, op: Operation, fi: int, msg: str,
                  operands: Sequence[SSAValue] | None = None) -> None:
        """Sound default for an op outside the subset: a black box.

        * **inputs**: its operands, the values its regions capture from outside, and the
          operands of its regions' terminators (values yielded to it; an unknown branch
          ending a block may yield too);
        * **outputs**: its results and every block argument of its regions;
        * any output may depend on any input and on the memory reachable from the
          inputs' pointers, which the op may also write: one ``UNKNOWN`` effect at the
          op node (an output is varied when an input or that memory is; an input is
          useful when an output or that memory is);
        * the op node dispatches: control goes from it into any region's entry or to its
          exit, and from every region terminator back to it, so the effect applies
          before, between and after any number of region runs;
        * an op that also branches (successor blocks) goes from its exit to each
          successor, whose block arguments are outputs too.

        Ops nested in the regions keep their own transfers (one outside the subset gets
        this fallback too); the terminators read here get none of their own."""
        g = self.g
        n = g.op_node[op]
        self.warn(op, msg)
        ins: list[SSAValue] = list(op.operands if operands is None else operands)
        outs: list[SSAValue] = list(op.results)
        if op.regions:
            ex = g.exit_node[op]
            for region in op.regions:
                if region.blocks and region.blocks[0].first_op is not None:
                    g.edge(n, self._first(region.blocks[0]))
                for b in region.blocks:
                    outs.extend(b.args)
                    t = b.last_op
                    if t is None or (t.successors and lookup(op_name(t)) is not None):
                        continue  # (a known branch stays in the region)
                    g.edge(self._tail(t), n)
                    if t.successors or opaque_terminator(t):  # may yield to the op
                        ins.extend(t.operands)
                        outs.extend(t.results)
            g.edge(n, ex)
            ins.extend(_captured(op))
        for blk in op.successors:
            g.edge(self._tail(op), self._first(blk))
            outs.extend(blk.args)
        ins, outs = _unique(ins), _unique(outs)
        for u in ins:
            for v in outs:
                self._flow(u, v)
        ids = [g.vid[u] for u in ins]
        rids = [g.vid[v] for v in outs]
        g.effects[n] = (Effect.UNKNOWN, ids, rids)
        for u in ins:
            self._watch_fwd(u, n)
        for v in outs:
            self._watch_bwd(v, n)
        g.unknown_ptr.append((ids, rids))

    def _wire_branch(self, op: Operation) -> None:
        g = self.g
        n = g.op_node[op]
        fwd = successor_operands(op)
        for i, blk in enumerate(op.successors):
            g.edge(n, self._first(blk))
            if fwd is None:
                for u in op.operands:
                    for a in blk.args:
                        self._flow(u, a)
            else:
                for u, a in zip(fwd[i], blk.args, strict=False):
                    self._flow(u, a)
        if fwd is None:
            self.warn(op, f"branch '{op_name(op)}' with unknown operand forwarding: "
                          "assuming every operand reaches every successor argument")

    def _wire_scf(self, op: Operation, name: str) -> None:
        g = self.g
        n, ex = g.op_node[op], g.exit_node[op]
        res = list(op.results)

        def term(region: Region) -> Operation:
            t = region.blocks[-1].last_op
            assert t is not None
            return t

        if name == "scf.for":
            body = op.regions[0].blocks[0]
            inits = list(op.operands[3:])
            iters = list(body.args[1:])
            y = term(op.regions[0])
            for u, a, r in zip(inits, iters, res, strict=False):
                self._flow(u, a)
                self._flow(u, r)
            for u, a, r in zip(y.operands, iters, res, strict=False):
                self._flow(u, a)
                self._flow(u, r)
            g.edge(n, self._first(body))
            g.edge(n, ex)
            g.edge(g.op_node[y], self._first(body))
            g.edge(g.op_node[y], ex)
        elif name == "scf.if":
            for region in op.regions:
                if not region.blocks:
                    g.edge(n, ex)
                    continue
                g.edge(n, self._first(region.blocks[0]))
                y = term(region)
                g.edge(g.op_node[y], ex)
                for u, r in zip(y.operands, res, strict=False):
                    self._flow(u, r)
            if len(op.regions) < 2:
                g.edge(n, ex)
        elif name == "scf.while":
            before, after = op.regions[0].blocks[0], op.regions[1].blocks[0]
            cond, y = term(op.regions[0]), term(op.regions[1])
            for u, a in zip(op.operands, before.args, strict=False):
                self._flow(u, a)
            for u, a in zip(y.operands, before.args, strict=False):
                self._flow(u, a)
            for u, a, r in zip(cond.operands[1:], after.args, res, strict=False):
                self._flow(u, a)
                self._flow(u, r)
            g.edge(n, self._first(before))
            g.edge(g.op_node[cond], self._first(after))
            g.edge(g.op_node[cond], ex)
            g.edge(g.op_node[y], self._first(before))
        elif name == "scf.parallel":
            self._wire_parallel(op, n, ex, res)
        else:  # scf.execute_region
            region = op.regions[0]
            g.edge(n, self._first(region.blocks[0]))
            for b in region.blocks:
                t = b.last_op
                if t is not None and op_name(t) == "scf.yield":
                    g.edge(g.op_node[t], ex)
                    for u, r in zip(t.operands, res, strict=False):
                        self._flow(u, r)

    def _wire_parallel(self, op: Operation, n: int, ex: int, res: list[SSAValue]) -> None:
        """Iterations in any order: like scf.for (entry, back edge, zero-trip exit); the
        terminator scf.reduce feeds each reduction region (lhs, rhs) and result."""
        g = self.g
        body = op.regions[0].blocks[0]
        red = body.last_op
        assert red is not None
        nres = len(res)
        inits = list(op.operands[len(op.operands) - nres:]) if nres else []
        g.edge(n, self._first(body))
        g.edge(n, ex)
        for u, r in zip(inits, res, strict=True):
            self._flow(u, r)
        tail = g.op_node[red]
        for i, region in enumerate(red.regions):
            if not region.blocks or i >= nres:
                continue
            blk = region.blocks[0]
            ret = blk.last_op
            assert ret is not None
            for a in blk.args:  # lhs: the running value; rhs: this iteration's value
                self._flow(res[i], a)
                self._flow(inits[i], a)
            if len(red.operands) > i:
                for a in blk.args:
                    self._flow(red.operands[i], a)
            for u in ret.operands:
                self._flow(u, res[i])
                for a in blk.args:
                    self._flow(u, a)
            g.edge(tail, self._first(blk))
            tail = g.op_node[ret]
        g.edge(tail, self._first(body))
        g.edge(tail, ex)

    def _wire_forall(self, op: Operation, fi: int) -> None:
        """``scf.forall`` on memrefs: an ``scf.parallel`` without reductions (entry, back
        edge from the terminator ``scf.forall.in_parallel``, zero-trip exit; bounds and
        induction variables are integers, no flow).  With ``shared_outs`` (tensors),
        or a layout that is not MLIR's, the sound fallback."""
        g = self.g
        try:
            loop = forall_loop(op)
        except ValueError as e:
            self._fallback(op, fi, f"'scf.forall' with an unexpected layout: {e}")
            return
        if loop.shared_outs:
            self._fallback(op, fi, "'scf.forall' with shared_outs (tensor results) is "
                                   "outside the analysed subset")
            # what the in_parallel's ops insert reaches the results and the shared outs
            outs = [*op.results, *loop.body.args[loop.rank:]]
            for inner in loop.terminator.walk():
                for u in inner.operands:
                    for v in outs:
                        self._flow(u, v)
            return
        n, ex = g.op_node[op], g.exit_node[op]
        t = g.op_node[loop.terminator]
        g.edge(n, self._first(loop.body))
        g.edge(n, ex)
        g.edge(t, self._first(loop.body))
        g.edge(t, ex)

    def _wire_call(self, op: Operation, fi: int) -> None:
        g = self.g
        n = g.op_node[op]
        args = list(call_args(op))
        target = call_target(op)
        callee = self._callee_body(op)
        if callee is not None:
            ret = g.exit_node[op]
            to_entry = g.edge(n, g.func_entry[callee])
            from_exit = g.edge(g.func_exit[callee], ret)
            g.edge(n, ret)
            g.call_edges.append((n, self.fidx[callee], to_entry, from_exit))
            for u, a in zip(args, entry_args(callee), strict=False):
                self._flow(u, a)
            for r in g.return_ops[callee]:
                for u, v in zip(r.operands, op.results, strict=False):
                    self._flow(u, v)
            return
        if target is not None:
            if self.externals is not None:
                handled = self.externals.apply(self, op, target, args, fi)  # type: ignore[attr-defined]
                if handled:
                    return
            alias = EXTERNAL_ALIASES.get(target)
            if alias is not None:
                spec = lookup(alias)
                assert spec is not None
                self._wire_external_as(op, spec, args, n)
                return
            if target in ALLOCATORS:
                if op.results:
                    c = g.new_class(f"{target}#{len(g.classes)}", "alloc", op)
                    g.fresh.append((g.vid[op.results[0]], c))
                    if target == "realloc" and args:  # the old block's contents move
                        self._copy(n, args[0], op.results[0])
                return
            if target in DEALLOCATORS:
                return
            decl = self.program.functions.get(target)
            why = ("declaration without body or summary" if decl is not None
                   else "unknown function")
            self._fallback(op, fi, f"call to '{target}': {why}", operands=args)
            return
        self._fallback(op, fi, "indirect call", operands=list(op.operands))

    def _wire_external_as(self, op: Operation, spec: OpSpec, args: list[SSAValue],
                          n: int) -> None:
        """A call to a known C function behaves like the op-table entry it names."""
        g = self.g
        if spec.kind == OpKind.MEM_COPY:
            self._copy(n, args[spec.src or 0], args[spec.dst or 0])
            if op.results:  # memcpy returns dst
                g.psucc[g.vid[args[spec.dst or 0]]].append(g.vid[op.results[0]])
            return
        if spec.kind == OpKind.MEM_SET:
            if op.results:
                g.psucc[g.vid[args[spec.dst or 0]]].append(g.vid[op.results[0]])
            return
        if op.results:
            for i in spec.diff_operands(op):
                if i < len(args):
                    self._flow(args[i], op.results[0])


def opaque_terminator(op: Operation) -> bool:
    """Whether ``op`` ends a block of a region of an op outside the subset (whose
    fallback then reads its operands and defines its results) and is no op of the
    subset with a meaning of its own: an unknown op without regions, or a control op
    other than a return."""
    blk = op.parent_block()
    parent = op.parent_op()
    if (blk is None or parent is None or blk.last_op is not op or op.successors
            or op.regions):
        return False
    if lookup(op_name(parent)) is not None or (parent.successors and not parent.regions):
        return False
    spec = lookup(op_name(op))
    return spec is None or (spec.kind == OpKind.CONTROL and op_name(op) not in RETURN_OPS)


def _in_structured(op: Operation) -> bool:
    """``op`` ends the body of a structured op of the subset."""
    parent = op.parent_op()
    return parent is not None and structured(parent) is not None


def _loop_ranges(view: Structured) -> list[int | None]:
    """The static trip count of each loop of ``view`` (None: not known statically),
    read off the operand dimensions that a map sends the loop to directly."""
    from xdsl.dialects.builtin import ShapedType
    from xdsl.ir.affine import AffineDimExpr

    out: list[int | None] = [None] * view.num_loops
    for u, m in zip(view.operands, view.indexing_maps, strict=True):
        if not isinstance(u.type, ShapedType):
            continue
        shape = u.type.get_shape()
        for e, size in zip(m.results, shape, strict=False):
            if isinstance(e, AffineDimExpr) and size >= 0 and out[e.position] is None:
                out[e.position] = size
    return out


def _output_dims(view: Structured, j: int) -> list[int] | None:
    """The loops that output ``j``'s map sends to its dimensions, or None when a result
    of the map is not a plain loop index."""
    from xdsl.ir.affine import AffineDimExpr

    m = view.indexing_maps[len(view.inputs) + j]
    dims = [e.position for e in m.results if isinstance(e, AffineDimExpr)]
    return dims if len(dims) == len(m.results) else None


def _visits_once(view: Structured, j: int) -> bool:
    """Each element of output ``j`` is visited by at most one iteration: its map
    sends the loops one-to-one onto its dimensions."""
    dims = _output_dims(view, j)
    return dims is not None and sorted(dims) == list(range(view.num_loops))


def _writes_every_element(view: Structured, j: int) -> bool:
    """Every element of output ``j`` is written at least once: its map is a projection
    of the loops, and every loop it drops runs at least once."""
    dims = _output_dims(view, j)
    if dims is None or len(set(dims)) != len(dims):
        return False
    ranges = _loop_ranges(view)
    return all(r is not None and r > 0 for d, r in enumerate(ranges) if d not in dims)


def _unique(vals: list[SSAValue]) -> list[SSAValue]:
    return list(dict.fromkeys(vals))


def _captured(op: Operation) -> list[SSAValue]:
    """Values used inside ``op``'s regions but defined outside ``op``."""
    inside: set[SSAValue] = set()
    for inner in op.walk():
        if inner is not op:
            inside.update(inner.results)
        for region in inner.regions:
            for b in region.blocks:
                inside.update(b.args)
    out: list[SSAValue] = []
    for inner in op.walk():
        if inner is not op:
            out.extend(u for u in inner.operands if u not in inside)
    return out


def build_graph(module: ModuleOp, roots: Sequence[str], externals: object | None = None) -> Graph:
    return GraphBuilder(module, roots, externals=externals).build()
