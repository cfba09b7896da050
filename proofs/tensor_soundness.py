"""Lemma T (local soundness at the tensor level): the transfers of the tensor ops and of
the structured ops over-approximate their derivative flow.

The transfers are read off the real program graph (:class:`GraphBuilder` on one-op
functions), as in :mod:`proofs.local_soundness`; the concrete semantics are those of
``docs/subset.md`` on bounded tensors (4 elements, symbolic indices and offsets), in
forward mode (tangents) and, by duality, reverse mode (``<y_bar, J t> = <J^T y_bar, t>``:
an operand's adjoint is zero iff that pairing vanishes for every tangent of it).

* T1 (tensor ops, Z3): for every abstract state (which operands are varied), when the
  graph's edges say "result not varied", the result's tangent is zero for every input
  and every tangent that is zero where the state says so; and when an operand is not
  made useful, its adjoint is zero for every ``y_bar`` allowed (zero when the result is
  not useful).
* T2 (structured ops: the body's lemma lifted over the iteration space, Z3): a body
  ``y = f(x, o)`` whose own transfers are sound (lemmas S1-S4 for its ops: ``dy =
  fx dx + fo do`` with ``fx = 0`` unless the body has a path from ``x`` to the yield,
  ``fo = 0`` unless from ``o``; the partials are arbitrary per iteration) runs over the
  iteration space as upstream defines it: once per output element for parallel loops,
  ``J`` times along a reduction loop with the output element carried (``J`` = 0 leaves
  the init).  For every body (all four path combinations), every abstract state of the
  input and the init, and every trip count the instance's shapes allow (a static
  reduction of 3, a dynamic one of 0 to 3, an empty one), the op's edges as built
  (input -> body argument, init -> output argument, yield -> result, yield -> output
  argument, init -> result) make the result -- and the body's output argument, which
  later iterations read -- varied whenever its tangent can be nonzero, and the input
  and init useful whenever their adjoints can be.
* T3 (memory forms): a structured op on buffers gets one ``LOAD`` per buffer operand
  (into its body argument) before the body and one ``STORE`` per output (of the yielded
  value) after it, on the loop's back edge and zero-trip exit; ``to_tensor`` is a
  ``LOAD`` of its buffer, ``to_buffer`` a ``STORE`` into a fresh class.  Lemma S5 then
  covers each of those nodes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

import z3
from xdsl.ir import Operation
from xdsl.parser import Parser

from activity.engine.graph import Effect, Graph, GraphBuilder
from activity.ops import TABLE, OpKind
from activity.tensor.structured import structured
from proofs.snippets import _ctx
from proofs.z3num import Check, prove, timed

GROUP = "tensor soundness"
N = 4  # elements of the bounded tensors

# ---------------------------------------------------------------------------
# T1: tensor ops.

Value = Any  # a z3 real (scalar), a list of N z3 reals (tensor) or a z3 int (index)


@dataclass(frozen=True)
class TensorOpModel:
    """A one-op function for the graph and the op's tangent semantics on it."""

    name: str
    args: tuple[str, ...]  # operand kinds: "t" tensor<4xf64>, "s" f64, "i" index
    text: str  # the op, on operands %a0, %a1, ... (result %r)
    result: str  # "t" or "s"
    tangent: Callable[..., Value]  # operand tangents (ints for indices) -> result's


def _pick(xs: Sequence[Any], i: Any) -> Any:
    out: Any = z3.RealVal(0)
    for k in reversed(range(len(xs))):
        out = z3.If(i == k, xs[k], out)
    return out


TENSOR_MODELS: tuple[TensorOpModel, ...] = (
    TensorOpModel("tensor.extract", ("t", "i"),
                  "%r = tensor.extract %a0[%a1] : tensor<4xf64>", "s",
                  lambda t, i: _pick(t, i)),
    TensorOpModel("tensor.insert", ("s", "t", "i"),
                  "%r = tensor.insert %a0 into %a1[%a2] : tensor<4xf64>", "t",
                  lambda v, t, i: [z3.If(i == k, v, t[k]) for k in range(N)]),
    TensorOpModel("tensor.extract_slice", ("t", "i"),
                  "%r = tensor.extract_slice %a0[%a1] [2] [1] : tensor<4xf64> to "
                  "tensor<2xf64>", "t",
                  lambda t, o: [_pick(t, o + k) for k in range(2)]),
    TensorOpModel("tensor.insert_slice", ("t2", "t", "i"),
                  "%r = tensor.insert_slice %a0 into %a1[%a2] [2] [1] : tensor<2xf64> "
                  "into tensor<4xf64>", "t",
                  lambda s, d, o: [z3.If(z3.And(o <= k, k < o + 2), _pick(s, k - o), d[k])
                                   for k in range(N)]),
    TensorOpModel("tensor.from_elements", ("s", "s", "s", "s"),
                  "%r = tensor.from_elements %a0, %a1, %a2, %a3 : tensor<4xf64>", "t",
                  lambda *xs: list(xs)),
    TensorOpModel("tensor.splat", ("s",), "%r = tensor.splat %a0 : tensor<4xf64>", "t",
                  lambda v: [v] * N),
    TensorOpModel("tensor.expand_shape", ("t",),
                  "%r = tensor.expand_shape %a0 [[0, 1]] output_shape [2, 2] : "
                  "tensor<4xf64> into tensor<2x2xf64>", "t", lambda t: list(t)),
    TensorOpModel("tensor.collapse_shape", ("t22",),
                  "%r = tensor.collapse_shape %a0 [[0, 1]] : tensor<2x2xf64> into "
                  "tensor<4xf64>", "t", lambda t: list(t)),
    TensorOpModel("tensor.cast", ("t",),
                  "%r = tensor.cast %a0 : tensor<4xf64> to tensor<?xf64>", "t",
                  lambda t: list(t)),
    TensorOpModel("tensor.empty", (), "%r = tensor.empty() : tensor<4xf64>", "t",
                  lambda: [z3.RealVal(0)] * N),
)

_TYPES = {"t": "tensor<4xf64>", "t2": "tensor<2xf64>", "t22": "tensor<2x2xf64>",
          "s": "f64", "i": "index"}
_SIZES = {"t": N, "t2": 2, "t22": N}


def _graph_of(text: str) -> tuple[Graph, Operation]:
    module = Parser(_ctx(), text).parse_module()
    g = GraphBuilder(module, ["f"]).build()
    return g, g.functions[0]


def tensor_edges(model: TensorOpModel) -> frozenset[int]:
    """The operands with a value-flow edge into the op's result, as the graph has them
    (with the current table and graph code: the mutation tests patch them)."""
    params = ", ".join(f"%a{k}: {_TYPES[a]}" for k, a in enumerate(model.args))
    text = f"func.func @f({params}) {{\n  {model.text}\n  func.return\n}}\n"
    g, f = _graph_of(text)
    op = next(o for o in f.walk() if o.name == model.name)
    preds = set(g.vpred[g.vid[op.results[0]]])
    return frozenset(k for k, u in enumerate(op.operands) if g.vid[u] in preds)


def _symbols(model: TensorOpModel, tag: str) -> tuple[list[Value], list[z3.BoolRef]]:
    """Symbolic operand tangents (indices: symbolic ints) and the index domains."""
    out: list[Value] = []
    dom: list[z3.BoolRef] = []
    for k, a in enumerate(model.args):
        if a == "i":
            i = z3.Int(f"{tag}i{k}")
            out.append(i)
            dom.append(z3.And(0 <= i, i <= (N - 2 if "slice" in model.name else N - 1)))
        elif a == "s":
            out.append(z3.Real(f"{tag}t{k}"))
        else:
            out.append([z3.Real(f"{tag}t{k}_{m}") for m in range(_SIZES[a])])
    return out, dom


def _zero(v: Value) -> z3.BoolRef:
    return z3.And(*[x == 0 for x in v]) if isinstance(v, list) else v == 0


def check_tensor_forward(model: TensorOpModel, edges: frozenset[int]) -> tuple[bool, str]:
    ts, dom = _symbols(model, "fw")
    sig = [z3.Bool(f"sigma{k}") for k in range(len(ts))]
    pre = [z3.Implies(z3.Not(sig[k]), _zero(t)) for k, t in enumerate(ts)
           if model.args[k] != "i"]
    not_varied = z3.Not(z3.Or(*[sig[k] for k in edges])) if edges else z3.BoolVal(True)
    goal = z3.Implies(z3.And(not_varied, *pre, *dom), _zero(model.tangent(*ts)))
    status, cex = prove(goal)
    return status == "proved", status + (f": {cex}" if cex is not None else "")


def check_tensor_backward(model: TensorOpModel, edges: frozenset[int]) -> tuple[bool, str]:
    ts, dom = _symbols(model, "bw")
    useful_out = z3.Bool("useful_out")
    ybar: Value = ([z3.Real(f"ybar{m}") for m in range(N if model.name != "tensor."
                                                          "extract_slice" else 2)]
                   if model.result == "t" else z3.Real("ybar"))
    goals = []
    for k, a in enumerate(model.args):
        if a == "i":
            continue
        only = [t if (j == k or model.args[j] == "i") else
                ([z3.RealVal(0)] * len(t) if isinstance(t, list) else z3.RealVal(0))
                for j, t in enumerate(ts)]
        dy = model.tangent(*only)
        pairing = (z3.Sum(*[b * d for b, d in zip(ybar, dy, strict=True)])
                   if isinstance(dy, list) else ybar * dy)
        useful_k = z3.And(useful_out, z3.BoolVal(k in edges))
        goals.append(z3.Implies(z3.Not(useful_k), pairing == 0))
    if not goals:
        return True, "no float operand"
    goal = z3.Implies(z3.And(z3.Implies(z3.Not(useful_out), _zero(ybar)), *dom),
                      z3.And(*goals))
    status, cex = prove(goal)
    return status == "proved", status + (f": {cex}" if cex is not None else "")


# ---------------------------------------------------------------------------
# T2: structured ops, the body's lemma lifted over the iteration space.

Edge = tuple[str, str]


@dataclass(frozen=True)
class StructuredInstance:
    """A ``linalg.generic`` with one input ``X`` and one init ``O``, and the trip counts
    of its reduction loop that its shapes allow (``None``: no reduction loop, each
    output element is visited once)."""

    name: str
    text: str
    trips: tuple[int, ...] | None


_GEN = """func.func @f(%X: tensor<{x}>, %O: tensor<{o}>) -> tensor<{o}> {{
  %R = linalg.generic {{indexing_maps = [{maps}], iterator_types = [{its}]}}
       ins(%X : tensor<{x}>) outs(%O : tensor<{o}>) {{
  ^bb0(%x: f64, %o: f64):
    %y = arith.addf %x, %o : f64
    linalg.yield %y : f64
  }} -> tensor<{o}>
  func.return %R : tensor<{o}>
}}
"""
_PAR = ("affine_map<(i) -> (i)>, affine_map<(i) -> (i)>", '"parallel"')
_RED = ("affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>",
        '"parallel", "reduction"')

STRUCTURED_INSTANCES: tuple[StructuredInstance, ...] = (
    StructuredInstance("parallel, static", _GEN.format(x="2xf64", o="2xf64", maps=_PAR[0],
                                                       its=_PAR[1]), None),
    StructuredInstance("parallel, dynamic", _GEN.format(x="?xf64", o="?xf64", maps=_PAR[0],
                                                        its=_PAR[1]), None),
    StructuredInstance("reduction of 3", _GEN.format(x="2x3xf64", o="2xf64", maps=_RED[0],
                                                     its=_RED[1]), (3,)),
    StructuredInstance("reduction of 0", _GEN.format(x="2x0xf64", o="2xf64", maps=_RED[0],
                                                     its=_RED[1]), (0,)),
    StructuredInstance("reduction, dynamic", _GEN.format(x="2x?xf64", o="2xf64",
                                                         maps=_RED[0], its=_RED[1]),
                       (0, 1, 2, 3)),
)


def structured_edges(inst: StructuredInstance) -> frozenset[Edge]:
    """The value-flow edges among ``X``, ``O``, the body arguments ``x``, ``o``, the
    yielded ``y`` and the result ``R``, as the graph has them (body-internal edges
    excluded: the lemma quantifies over bodies)."""
    g, f = _graph_of(inst.text)
    op = next(o for o in f.walk() if o.name == "linalg.generic")
    view = structured(op)
    assert view is not None
    names = {"X": view.inputs[0], "O": view.outputs[0], "x": view.input_args[0],
             "o": view.output_args[0], "y": view.yielded[0], "R": view.results[0]}
    ids = {g.vid[v]: n for n, v in names.items()}
    body_internal = {("x", "y"), ("o", "y")}
    return frozenset((ids[a], ids[b]) for a in ids for b in g.vsucc[a]
                     if b in ids and (ids[a], ids[b]) not in body_internal)


def _reach(nodes: Sequence[str], edges: Sequence[tuple[str, str, Any]],
           seed: dict[str, Any]) -> dict[str, Any]:
    """Least fixpoint of ``v(n) = seed(n) or OR{cond and v(m) : (m, n, cond)}`` (the
    sparse solver's propagation along edges), as Z3 formulas."""
    v: dict[str, Any] = {n: seed.get(n, z3.BoolVal(False)) for n in nodes}
    for _ in nodes:
        v = {n: z3.simplify(z3.Or(seed.get(n, z3.BoolVal(False)),
                                  *[z3.And(c, v[m]) for m, t, c in edges if t == n]))
             for n in nodes}
    return v


def _tangents(trips: int | None, tX: list[list[Any]], tO: list[Any], fx: list[list[Any]],
              fo: list[list[Any]]) -> list[Any]:
    """The result's tangent per output element: the body's ``fx dx + fo do`` once
    (parallel) or ``trips`` times along the reduction, the output element carried."""
    out = []
    for i in range(len(tO)):
        if trips is None:
            out.append(fx[i][0] * tX[i][0] + fo[i][0] * tO[i])
            continue
        acc = tO[i]
        for j in range(trips):
            acc = fx[i][j] * tX[i][j] + fo[i][j] * acc
        out.append(acc)
    return out


def check_structured(inst: StructuredInstance, edges: frozenset[Edge]) -> tuple[bool, str]:
    """Per case of the Booleans (which body paths exist, which of ``X``/``O`` are varied,
    whether ``R`` is useful), the zero tangents, partials and adjoints the case allows
    are substituted, which leaves Z3 polynomial identities (with them as hypotheses
    instead, the products along a reduction were too hard for it)."""
    nodes = ("X", "O", "x", "o", "y", "R")
    zero = z3.RealVal(0)
    goals = []
    for ex, eo, vX, vO, uR in product((False, True), repeat=5):
        flow = [(a, b, z3.BoolVal(True)) for a, b in edges]
        flow += [("x", "y", z3.BoolVal(ex)), ("o", "y", z3.BoolVal(eo))]
        v = _reach(nodes, flow, {"X": z3.BoolVal(vX), "O": z3.BoolVal(vO)})
        u = _reach(nodes, [(b, a, c) for a, b, c in flow], {"R": z3.BoolVal(uR)})
        varied_R, useful_X, useful_O = (z3.is_true(v["R"]), z3.is_true(u["X"]),
                                        z3.is_true(u["O"]))
        for trips in inst.trips or (None,):
            width = 1 if trips is None else max(trips, 1)
            tag = f"_{trips}"

            def reals(name: str, live: bool, n: int = 2, w: int = width,
                      tag: str = tag) -> list[list[Any]]:
                return [[z3.Real(f"{name}{i}_{j}{tag}") if live else zero for j in range(w)]
                        for i in range(n)]

            fx, fo = reals("fx", ex), reals("fo", eo)
            tX = reals("tX", vX)
            tO = [r[0] for r in reals("tO", vO, w=1)]
            if not varied_R:
                goals += [t == 0 for t in _tangents(trips, tX, tO, fx, fo)]
            if not z3.is_true(v["o"]):  # the output argument of every later iteration
                for j in range(1, trips or 0):
                    goals += [t == 0 for t in _tangents(j, tX, tO, fx, fo)]
            ybar = [r[0] for r in reals("ybar", uR, w=1)]
            all_X = reals("sX", True)
            all_O = [r[0] for r in reals("sO", True, w=1)]
            if not useful_X:
                dy = _tangents(trips, all_X, [zero, zero], fx, fo)
                goals.append(z3.Sum(*[b * t for b, t in zip(ybar, dy, strict=True)]) == 0)
            if not useful_O:
                dy = _tangents(trips, [[zero] * width] * 2, all_O, fx, fo)
                goals.append(z3.Sum(*[b * t for b, t in zip(ybar, dy, strict=True)]) == 0)
    status, cex = prove(z3.And(*goals)) if goals else ("proved", None)
    detail = f"edges {sorted(edges)}; trips {inst.trips or 'one visit'}"
    return status == "proved", status + (f": {cex}" if cex is not None else f" ({detail})")


# ---------------------------------------------------------------------------
# T3: memory forms.

MEMREF_PROGRAM = """func.func @f(%A: memref<2x3xf64>, %S: memref<2xf64>, %m: memref<4xf64>,
                                  %t: tensor<4xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
       ins(%A : memref<2x3xf64>) outs(%S : memref<2xf64>) {
  ^bb0(%x: f64, %o: f64):
    %y = arith.addf %x, %o : f64
    linalg.yield %y : f64
  }
  %a = bufferization.to_tensor %m : memref<4xf64> to tensor<4xf64>
  %b = bufferization.to_buffer %t : tensor<4xf64> to memref<4xf64>
  func.return
}
"""


def check_memory_forms() -> tuple[bool, str]:
    g, f = _graph_of(MEMREF_PROGRAM)
    op = next(o for o in f.walk() if o.name == "linalg.generic")
    view = structured(op)
    assert view is not None
    mine = {n: g.effects.get(n) for n, o in enumerate(g.node_op) if o is op}
    loads = {(a, b) for e in mine.values() if e is not None and e[0] == Effect.LOAD
             for _k, a, b in [e]}
    stores = {(a, b) for e in mine.values() if e is not None and e[0] == Effect.STORE
              for _k, a, b in [e]}
    want_loads = {(g.vid[u], g.vid[a]) for u, a in zip(view.operands, view.body.args,
                                                       strict=True)}
    want_stores = {(g.vid[view.yielded[0]], g.vid[view.outputs[0]])}
    if loads != want_loads or stores != want_stores:
        return False, f"loads {loads} (want {want_loads}), stores {stores} (want {want_stores})"
    n, ex = g.op_node[op], g.exit_node[op]
    load_nodes = [m for m, e in mine.items() if e is not None and e[0] == Effect.LOAD]
    store_nodes = [m for m, e in mine.items() if e is not None and e[0] == Effect.STORE]
    succ = {m: {e[0] for e in g.csucc[m]} for m in range(len(g.csucc))}
    head, tail = min(load_nodes), max(store_nodes)
    y = g.op_node[view.body.last_op]  # type: ignore[index]
    shape = [head in succ[n], ex in succ[n], min(store_nodes) in succ[y], head in succ[tail],
             ex in succ[tail]]
    if not all(shape):
        return False, f"control flow around the body is {shape} (want all True)"
    to_t = next(o for o in f.walk() if o.name == "bufferization.to_tensor")
    to_b = next(o for o in f.walk() if o.name == "bufferization.to_buffer")
    et, eb = g.effects.get(g.op_node[to_t]), g.effects.get(g.op_node[to_b])
    if et != (Effect.LOAD, g.vid[to_t.operands[0]], g.vid[to_t.results[0]]):
        return False, f"to_tensor has effect {et}, not a load of its buffer"
    if eb != (Effect.STORE, g.vid[to_b.operands[0]], g.vid[to_b.results[0]]) or not any(
            v == g.vid[to_b.results[0]] for v, _c in g.fresh):
        return False, f"to_buffer has effect {eb} and no fresh class"
    return True, (f"{len(load_nodes)} loads before the body, {len(store_nodes)} store after "
                  "it, on the back edge and the exit; to_tensor loads, to_buffer stores")


# ---------------------------------------------------------------------------


def checks() -> list[Check]:
    out: list[Check] = []
    for model in TENSOR_MODELS:
        edges = tensor_edges(model)
        out.append(timed(GROUP, f"{model.name}: forward (Z3)", "T1",
                         lambda m=model, e=edges: check_tensor_forward(m, e)))
        out.append(timed(GROUP, f"{model.name}: backward (Z3)", "T1",
                         lambda m=model, e=edges: check_tensor_backward(m, e)))
    for inst in STRUCTURED_INSTANCES:
        out.append(timed(GROUP, f"linalg.generic {inst.name}: body lemma lifted (Z3)", "T2",
                         lambda i=inst: check_structured(i, structured_edges(i))))
    out.append(timed(GROUP, "structured ops on memrefs, to_tensor, to_buffer: effects",
                     "T3", check_memory_forms))
    return out


def uncovered_ops() -> list[str]:
    """The table's tensor-value ops without a T1 model (the ``bufferization`` ones are
    memory accesses, covered by T3 and S5)."""
    modelled = {m.name for m in TENSOR_MODELS}
    return sorted(n for n, s in TABLE.items() if s.kind == OpKind.TENSOR
                  and not n.startswith("bufferization.") and n not in modelled)
