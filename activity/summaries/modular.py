"""Summaries mode: intraprocedural analysis of each function, calls through summaries.

1. Summaries are derived bottom-up (``derive.py``) for every function with a body that
   the analysed functions reach; summary files supply declarations without bodies.
2. Each analysed function is solved alone; each call site applies its callee's summary
   with the caller's own operands (per-call-site precision).
3. For reporting inside callees, each callee is solved alone too, from the join of its
   call sites' contexts (which argument values and argument memory are varied on entry,
   which results and memory are useful on exit), top-down until the contexts are stable.
   Each body is walked once: the graph and problem its summary was derived from (built
   from its callees' final summaries) are solved again here, not built a second time.
"""

from __future__ import annotations

import warnings
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue

from activity import progress
from activity.analysis.activity import ActivityProblem, Seeds, Solution
from activity.analysis.result import ActivityResult, FunctionStats, ValueActivity
from activity.engine.graph import Effect, Graph, GraphBuilder
from activity.engine.program import Program, entry_args, sym_name
from activity.engine.types import is_float_like
from activity.summaries.apply import SummaryCall, SummaryCalls
from activity.summaries.derive import (
    Built,
    _class_names,
    _returned_classes,
    derive_all,
    reachable,
    signature,
)
from activity.summaries.model import Summary


@dataclass
class Context:
    """What callers say about a function: varied origins, useful sinks."""

    varied: set[str] = field(default_factory=set)
    useful: set[str] = field(default_factory=set)

    def merge(self, other: Context) -> bool:
        n = len(self.varied) + len(self.useful)
        self.varied |= other.varied
        self.useful |= other.useful
        return len(self.varied) + len(self.useful) != n


class _Unit:
    """One function's graph and problem, built once (or taken from the derivation of its
    summary), solved per context."""

    def __init__(self, program: Program, name: str, hook: SummaryCalls,
                 alias_args: str, built: Built | None = None) -> None:
        self.name = name
        self.f = program.functions[name]
        if built is not None and alias_args == "distinct":
            self.g: Graph = built.g
            self.prob = built.prob
        else:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                self.g = GraphBuilder(program.module, [name], program=program,
                                      externals=hook, follow_calls=False).build()
            self.prob = ActivityProblem(self.g, alias_args)
        self.names = _class_names(self.g, self.prob, self.f)
        self.by_name = {n: 1 << c for c, n in self.names.items()}
        _args, res_k = signature(self.f)
        fresh = _returned_classes(self.g, self.prob, self.g.return_ops[self.f], res_k)
        for j, mask in fresh.items():  # memory allocated here and returned as result j
            self.by_name[f"*ret{j}"] = mask

    def mem_mask(self, name: str) -> int:
        return self.by_name.get(name, 0)

    def seeds(self, ctx: Context) -> Seeds:
        g, f = self.g, self.f
        s = Seeds()
        args = list(entry_args(f))
        for o in ctx.varied:
            if o.startswith("arg"):
                s.varied.add(g.vid[args[int(o[3:])]])
            else:
                s.vm[g.func_entry[f]] = s.vm.get(g.func_entry[f], 0) | self.mem_mask(o)
        for k in ctx.useful:
            if k.startswith("ret"):
                j = int(k[3:])
                for r in g.return_ops[f]:
                    if j < len(r.operands):
                        s.useful.add(g.vid[r.operands[j]])
            else:
                s.um[g.func_exit[f]] = s.um.get(g.func_exit[f], 0) | self.mem_mask(k)
        return s


def root_context(f: Operation, kinds: list[str]) -> Context:
    ctx = Context()
    args_k, res_k = signature(f)
    for i, (a, k) in enumerate(zip(entry_args(f), kinds, strict=True)):
        if k == "active":
            ctx.varied.add(f"arg{i}")
        elif k in ("dup", "dupnoneed"):
            for d in range(1, 5):
                ctx.varied.add("*" * d + f"arg{i}")
                ctx.useful.add("*" * d + f"arg{i}")
        del a
    ft = f.properties.get("function_type") or f.attributes.get("function_type")
    outs = getattr(ft, "outputs", None)
    types = list(outs.data) if outs is not None else [getattr(ft, "output", None)]
    for j, _k in enumerate(res_k):
        if j < len(types) and types[j] is not None and is_float_like(types[j]):
            ctx.useful.add(f"ret{j}")
    return ctx


def analyze_modular(module: ModuleOp, program: Program, roots: list[str],
                    kinds: Mapping[Operation, list[str]], alias_args: str,
                    external: Mapping[str, Summary]) -> ModularResult:
    funcs = reachable(program, roots, stop=external)
    warns: dict[str, list[tuple[Operation | None, str]]] = {}
    built: dict[str, Built] = {}
    derived = derive_all(program, funcs, external=external, warns=warns, built=built)
    summaries: dict[str, Summary] = dict(external)
    summaries.update(derived)
    units: dict[str, _Unit] = {}
    contexts: dict[str, Context] = {n: Context() for n in funcs}
    for r in roots:
        contexts[r].merge(root_context(program.functions[r], kinds[program.functions[r]]))
    sols: dict[str, Solution] = {}
    work: deque[str] = deque(roots)
    queued = set(roots)
    order_rank = {n: i for i, n in enumerate(roots)}
    progress.phase("solving functions", len(funcs))
    while work:
        name = work.popleft()
        queued.discard(name)
        unit = units.get(name)
        if unit is None:
            hook = SummaryCalls(summaries)
            unit = units[name] = _Unit(program, name, hook,
                                       alias_args if name in roots else "distinct",
                                       built.pop(name, None))
        sol = unit.prob.solve(unit.seeds(contexts[name]),
                              arg_kinds={unit.f: kinds[unit.f]} if unit.f in kinds else None)
        sols[name] = sol
        progress.advance(len(sols))
        for n, (kind, handler, _b) in unit.g.effects.items():
            if kind != Effect.CALLBACK or not isinstance(handler, SummaryCall):
                continue
            callee = handler.summary.name
            if callee not in contexts:
                continue
            ctx = _call_context(sol, handler, n)
            if contexts[callee].merge(ctx) or callee not in sols:
                if callee not in queued:
                    work.append(callee)
                    queued.add(callee)
                    order_rank.setdefault(callee, len(order_rank))
    ordered = sorted(sols, key=lambda n: order_rank.get(n, 0))
    parts = {n: ActivityResult(sols[n], warns.get(n, [])) for n in ordered}
    all_warns = [w for n in ordered for w in warns.get(n, [])]
    return ModularResult(program, parts, summaries, all_warns)


def _call_context(sol: Solution, h: SummaryCall, n: int) -> Context:
    ctx = Context()
    s = h.summary
    for i, k in enumerate(s.args):
        if k == "scalar" and i < len(h.arg_ids) and sol.varied[h.arg_ids[i]]:
            ctx.varied.add(f"arg{i}")
    inp, after = sol.vm_in[n], sol.um_in[n]
    names: set[str] = set()
    for i, k in enumerate(s.args):
        if k == "pointer":
            names |= {"*" * d + f"arg{i}" for d in range(1, 5)}
    names |= {"@" + gname for gname in h.globals} | {"unknown"}
    names |= {f"*ret{j}" for j in h.fresh_class}  # fresh memory the callee returns
    for nm in names:
        m = h.map(nm)
        if inp & m:
            ctx.varied.add(nm)
        if after & m:
            ctx.useful.add(nm)
    for j, rid in enumerate(h.res_ids):
        if sol.useful[rid]:
            ctx.useful.add(f"ret{j}")
    return ctx


class ModularResult:
    """The answer of summaries mode: one intraprocedural solution per function."""

    def __init__(self, program: Program, parts: dict[str, ActivityResult],
                 summaries: dict[str, Summary],
                 warnings_: list[tuple[Operation | None, str]]) -> None:
        self.program = program
        self.parts = parts
        self.summaries = summaries
        self.warnings = warnings_
        self._owner: dict[SSAValue, ActivityResult] = {}
        self._op_owner: dict[Operation, ActivityResult] = {}
        for p in parts.values():
            for v in p.graph.values:
                self._owner[v] = p
            for f in p.graph.functions:
                for op in p.graph.func_ops.get(f, []):
                    self._op_owner[op] = p

    @property
    def functions(self) -> list[str]:
        return list(self.parts)

    def function_ops(self) -> list[Operation]:
        return [self.program.functions[n] for n in self.parts]

    def ops_of(self, f: Operation) -> list[Operation]:
        p = self.parts.get(sym_name(f) or "")
        return p.ops_of(f) if p is not None else []

    def analysed(self, v: SSAValue) -> bool:
        return v in self._owner

    def value(self, v: SSAValue) -> ValueActivity:
        p = self._owner.get(v)
        if p is None:
            raise KeyError(f"value {v} is not in an analysed function")
        return p.value(v)

    def op_active(self, op: Operation) -> bool:
        p = self._op_owner.get(op)
        if p is None:
            raise KeyError(f"op {op.name} is not in an analysed function")
        return p.op_active(op)

    def stats(self, func: str) -> FunctionStats:
        return self.parts[func].stats(func)

    def arg_activities(self, func: str) -> list[str]:
        return self.parts[func].arg_activities(func)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"functions": {}, "mode": "summaries"}
        for n, p in self.parts.items():
            out["functions"][n] = p.to_json()["functions"][n]
        out["warnings"] = [w for _op, w in self.warnings]
        return out

    def annotate(self, style: str = "activity") -> None:
        for p in self.parts.values():
            p.annotate(style)
