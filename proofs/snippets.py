"""One representative instance of every scalar op of the table, and the analysis'
transfer function for it read off the real program graph.

The lemmas must be about the analysis as implemented, not a restatement of it, so the
transfer of each op is obtained by building a one-op function, running
:class:`~activity.engine.graph.GraphBuilder` on it and reading which operands have a
value-flow edge into the result (the sparse transfers are exactly "the result is varied
iff an operand with an edge into it is"; "an operand is useful iff the result it has an
edge into is").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import z3
from xdsl.ir import Operation
from xdsl.parser import Parser

from activity.engine.graph import GraphBuilder
from activity.frontend import make_context
from activity.ops import TABLE, OpKind, OpSpec

SCALAR_KINDS = (OpKind.FLOAT, OpKind.SELECT, OpKind.CAST, OpKind.INT, OpKind.COMPARE,
                OpKind.CONSTANT)

# Representative operand and result types of the non-float scalar ops.
_CAST_TYPES: dict[str, tuple[tuple[str, ...], str]] = {}
for _ns, _t in (
    (("arith.sitofp", "llvm.sitofp", "arith.uitofp", "llvm.uitofp"), (("i64",), "f64")),
    (("arith.fptosi", "llvm.fptosi", "arith.fptoui", "llvm.fptoui"), (("f64",), "i64")),
    (("arith.extf", "llvm.fpext"), (("f32",), "f64")),
    (("arith.truncf", "llvm.fptrunc"), (("f64",), "f32")),
    (("arith.index_cast", "arith.index_castui"), (("i64",), "index")),
    (("arith.extsi", "llvm.sext", "arith.extui", "llvm.zext"), (("i32",), "i64")),
    (("arith.trunci", "llvm.trunc"), (("i64",), "i32")),
    (("arith.bitcast", "llvm.bitcast"), (("f64",), "i64")),
    (("llvm.ptrtoint",), (("!llvm.ptr",), "i64")),
    (("llvm.extractvalue",), (("!llvm.struct<(f64, f64)>",), "f64")),
    (("llvm.insertvalue",), (("!llvm.struct<(f64, f64)>", "f64"), "!llvm.struct<(f64, f64)>")),
):
    for _n in _ns:
        _CAST_TYPES[_n] = _t

_PROPS: dict[str, str] = {
    "arith.cmpf": "<{predicate = 1 : i64}>",
    "llvm.fcmp": "<{predicate = 1 : i64}>",
    "arith.cmpi": "<{predicate = 2 : i64}>",
    "llvm.icmp": "<{predicate = 2 : i64}>",
    "arith.constant": "<{value = 1.5 : f64}>",
    "llvm.mlir.constant": "<{value = 1.5 : f64}>",
    "llvm.extractvalue": "<{position = array<i64: 0>}>",
    "llvm.insertvalue": "<{position = array<i64: 0>}>",
}


def generic(spec: OpSpec) -> bool:
    """Whether the op's semantics is backend-generic (evaluates on Z3 reals without
    needing the op itself: float ops, select, value-preserving casts like freeze)."""
    if spec.sem is None or spec.kind not in (OpKind.FLOAT, OpKind.SELECT, OpKind.CAST):
        return False
    if spec.kind in (OpKind.FLOAT, OpKind.SELECT):
        return True
    try:
        float_arity(spec)
        return True
    except ValueError:
        return False


def float_arity(spec: OpSpec) -> int:
    """Number of operands of a backend-generic op (the arity its semantics accepts)."""
    from activity.z3backend import Z3Backend

    N = Z3Backend("arity_")
    xs = z3.Reals("a0 a1 a2")
    for n in (1, 2, 3):
        try:
            r = spec.sem(N, None, *xs[:n])  # type: ignore[misc]
        except TypeError:
            continue
        except AttributeError as e:  # the semantics needs the op (types, attributes)
            raise ValueError(f"{spec.name} is not backend-generic") from e
        if isinstance(r[0], z3.ExprRef):
            return n
        raise ValueError(f"{spec.name} is not backend-generic")
    raise ValueError(f"cannot determine the arity of {spec.name}")


def signature(spec: OpSpec) -> tuple[tuple[str, ...], str]:
    """Representative (operand types, result type) of a scalar op."""
    k = spec.kind
    if k == OpKind.FLOAT:
        return ("f64",) * float_arity(spec), "f64"
    if k == OpKind.SELECT:
        return ("i1", "f64", "f64"), "f64"
    if k == OpKind.INT:
        n = 2
        if spec.sem is not None:  # positional parameters after (N, op), minus defaults
            n = spec.sem.__code__.co_argcount - len(spec.sem.__defaults__ or ()) - 2
        return ("i64",) * n, "i64"
    if k == OpKind.COMPARE:
        floats = spec.name.endswith(("cmpf", "fcmp"))
        return (("f64", "f64") if floats else ("i64", "i64")), "i1"
    if k == OpKind.CONSTANT:
        return (), "f64"
    if spec.name in _CAST_TYPES:
        return _CAST_TYPES[spec.name]
    if k == OpKind.CAST and generic(spec):
        return ("f64",) * float_arity(spec), "f64"
    raise KeyError(f"no representative types for {spec.name}")


@dataclass
class Instance:
    """A one-op function and what the analysis' graph says about the op."""

    spec: OpSpec
    op: Operation
    operand_types: tuple[str, ...]
    result_type: str
    edges: frozenset[int]  # operands with a value-flow edge into the result


def scalar_specs() -> list[OpSpec]:
    """Every table entry of a scalar kind (each op name once)."""
    return [s for s in TABLE.values() if s.kind in SCALAR_KINDS]


def _text(spec: OpSpec, opnds: tuple[str, ...], res: str) -> str:
    args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(opnds))
    uses = ", ".join(f"%a{i}" for i in range(len(opnds)))
    props = _PROPS.get(spec.name, "")
    return (f"builtin.module {{\n  func.func @f({args}) {{\n"
            f'    %r = "{spec.name}"({uses}) {props} : ({", ".join(opnds)}) -> {res}\n'
            f"    func.return\n  }}\n}}\n")


def instance(spec: OpSpec) -> Instance:
    """Build the one-op function of ``spec`` with the *current* table and graph code
    (not cached: the mutation tests patch both)."""
    opnds, res = signature(spec)
    module = Parser(_ctx(), _text(spec, opnds, res)).parse_module()
    g = GraphBuilder(module, ["f"]).build()
    func = g.functions[0]
    op = next(o for o in func.walk() if o.name == spec.name or getattr(
        getattr(o, "op_name", None), "data", None) == spec.name)
    r = g.vid[op.results[0]]
    preds = set(g.vpred[r])
    edges = frozenset(i for i, u in enumerate(op.operands) if g.vid[u] in preds)
    return Instance(spec, op, opnds, res, edges)


@lru_cache(maxsize=1)
def _ctx():  # type: ignore[no-untyped-def]
    return make_context()


# ---------------------------------------------------------------------------
# The dense (memory) transfer functions, captured from a real solver run.

DENSE_PROGRAM = """builtin.module {
  func.func @f(%m: memref<4xf64>, %n: memref<4xf64>, %x: f64, %i: index) -> f64 {
    %a = memref.alloc() : memref<4xf64>
    %v = memref.load %m[%i] : memref<4xf64>
    memref.store %x, %n[%i] : memref<4xf64>
    "memref.copy"(%m, %a) : (memref<4xf64>, memref<4xf64>) -> ()
    %o = "memref.atomic_rmw"(%x, %n, %i) <{kind = 0 : i64}> : (f64, memref<4xf64>, index) -> f64
    %t = memref.alloca() : memref<f64>
    memref.store %x, %t[] : memref<f64>
    %w = memref.load %t[] : memref<f64>
    %u = "test.unknown"(%a, %x) : (memref<4xf64>, f64) -> f64
    %s = arith.addf %v, %u : f64
    func.return %s : f64
  }
}
"""


STRONG = "STORE (strong update)"  # the key of a strong-update store in ``nodes``


@dataclass
class DenseTransfers:
    """The closures ``vm_transfer``/``um_transfer`` of one :func:`solve_activity` run
    and the mutable state they read (flags, points-to sets, reach sets)."""

    graph: object
    solution: object
    vm_transfer: object
    um_transfer: object
    varied: object  # SparseSolver
    useful: object  # SparseSolver
    nodes: dict[str, int]  # effect kind name (or STRONG) -> CFG node
    plain: int  # a node without memory effect


SUMMARY_PROGRAM = """builtin.module {
  func.func private @g(memref<4xf64>, f64) -> f64
  func.func @f(%m: memref<4xf64>, %x: f64) -> f64 {
    %r = func.call @g(%m, %x) : (memref<4xf64>, f64) -> f64
    func.return %r : f64
  }
}
"""


def summary_externals() -> object:
    """A summary for ``@g`` of :data:`SUMMARY_PROGRAM` (memory and scalar flows both
    ways), applied through the summaries' call-site hook (a CALLBACK effect)."""
    from activity.summaries.apply import SummaryCalls
    from activity.summaries.model import Summary

    s = Summary(name="g", args=["pointer", "scalar"], results=["scalar"],
                deps={"*arg0": {"arg1"}, "ret0": {"*arg0", "arg1"}},
                reads={"*arg0"}, writes={"*arg0"})
    return SummaryCalls({"g": s})


def capture_dense(text: str = DENSE_PROGRAM, externals: object | None = None
                  ) -> DenseTransfers:
    """Run the analysis on ``text`` and return its dense transfer functions (from
    ``ActivityProblem.transfers``) over fresh value-flag solvers."""
    import warnings

    import activity.analysis.activity as act
    from activity.analysis.args import resolve_args
    from activity.engine.graph import Effect
    from activity.engine.solver import SparseSolver

    module = Parser(_ctx(), text).parse_module()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        g = GraphBuilder(module, ["f"], externals=externals).build()
        f = g.functions[0]
        kinds = {f: resolve_args(f, None)}
        prob = act.ActivityProblem(g)
        sol = prob.solve(prob.default_seeds(kinds), arg_kinds=kinds)
    varied = SparseSolver(len(g.values), g.vsucc)
    useful = SparseSolver(len(g.values), g.vpred)
    vm_transfer, um_transfer = prob.transfers(varied, useful)
    nodes: dict[str, int] = {}
    for n, (kind, _a, _b) in g.effects.items():
        nodes.setdefault(Effect(kind).name, n)
    for n in prob.kills:  # a store the analysis treats as a strong update
        nodes.setdefault(STRONG, n)
    plain = next(n for n, op in enumerate(g.node_op)
                 if op is not None and op.name in ("arith.addf", "func.return"))
    return DenseTransfers(g, sol, vm_transfer, um_transfer, varied, useful, nodes, plain)
