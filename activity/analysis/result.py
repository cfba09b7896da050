"""The answer the library gives: activity of every value and op, stats, JSON, annotations."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, StringAttr, UnitAttr
from xdsl.ir import Attribute, Operation, OpResult, SSAValue

from activity.analysis.activity import Solution
from activity.analysis.args import arg_label
from activity.engine.graph import Effect, opaque_terminator
from activity.engine.program import RETURN_OPS, entry_args, has_body, sym_name
from activity.engine.types import is_pointer
from activity.frontend import location_of, source_name
from activity.ops import OpKind, lookup, op_name


@dataclass(frozen=True)
class ValueActivity:
    varied: bool
    useful: bool

    @property
    def active(self) -> bool:
        return self.varied and self.useful

    @property
    def word(self) -> str:
        """One word: ``active``, ``varied`` (only), ``useful`` (only) or ``const``."""
        if self.active:
            return "active"
        if self.varied:
            return "varied"
        return "useful" if self.useful else "const"

    def to_dict(self) -> dict[str, bool]:
        return {"varied": self.varied, "useful": self.useful, "active": self.active}


INACTIVE = ValueActivity(False, False)


@dataclass
class FunctionStats:
    ops: int
    active_ops: int
    values: int
    active_values: int

    @property
    def inactive_share(self) -> float:
        return 1.0 - self.active_ops / self.ops if self.ops else 1.0


class ActivityResult:
    """Activity facts for the analysed functions and every function they call."""

    def __init__(self, sol: Solution, warnings: list[tuple[Operation | None, str]]) -> None:
        self.solution = sol
        self.graph = sol.graph
        self.warnings = warnings
        g = sol.graph
        any_vm = 0
        any_um = 0
        for x in sol.vm_out:
            any_vm |= x
        for x in sol.um_out:
            any_um |= x
        self._any_vm, self._any_um = any_vm, any_um
        self._op_active: dict[Operation, bool] = {}
        for f in g.functions:
            for op in reversed(g.func_ops.get(f, [])):
                self._op_active[op] = self._compute_op_active(op)

    # -- queries ----------------------------------------------------------------------
    @property
    def functions(self) -> list[str]:
        return [sym_name(f) or "?" for f in self.graph.functions]

    def function_ops(self) -> list[Operation]:
        """The analysed function ops, callers before callees."""
        return list(self.graph.functions)

    def ops_of(self, f: Operation) -> list[Operation]:
        """The ops of a function body in walk order (empty for declarations)."""
        return self.graph.func_ops.get(f, [])

    def analysed(self, v: SSAValue) -> bool:
        return v in self.graph.vid

    def value(self, v: SSAValue) -> ValueActivity:
        """Varied/useful/active of an SSA value (op result or block argument)."""
        i = self.graph.vid.get(v)
        if i is None:
            raise KeyError(f"value {v} is not in an analysed function")
        if is_pointer(v.type):
            s = self.solution.pt.pts[i]
            return ValueActivity(bool(s & self._any_vm), bool(s & self._any_um))
        return ValueActivity(bool(self.solution.varied[i]), bool(self.solution.useful[i]))

    def op_active(self, op: Operation) -> bool:
        """Whether the op may propagate a derivative (needs an adjoint)."""
        a = self._op_active.get(op)
        if a is None:
            raise KeyError(f"op {op.name} is not in an analysed function")
        return a

    def arg_activities(self, func: str) -> list[str]:
        f = self.graph.program.functions[func]
        kinds = self.solution.arg_kinds.get(f)
        if kinds is not None:
            return list(kinds)
        return ["active" if self.value(a).active else "const" for a in entry_args(f)]

    def _compute_op_active(self, op: Operation) -> bool:
        sol, g = self.solution, self.graph
        for r in op.results:
            if self.value(r).active:
                return True
        name = op_name(op)
        n = g.op_node.get(op)
        eff = g.effects.get(n) if n is not None else None
        if eff is not None:
            kind, a, b = eff
            pts = sol.pt.pts
            if kind in (Effect.STORE, Effect.RMW):
                return bool(sol.varied[a] and sol.useful[a])  # type: ignore[index]
            if kind == Effect.COPY:
                return bool(sol.vm_in[n] & pts[a] and sol.um_in[n] & pts[b])  # type: ignore[index]
            if kind == Effect.UNKNOWN:  # active if it may move a derivative into memory
                r = sol.reach.get(n, 0)
                varied_in = bool(sol.vm_in[n] & r) or any(
                    sol.varied[o] for o in a)  # type: ignore[union-attr]
                if varied_in and sol.um_in[n] & r:
                    return True
                if not op.regions:
                    return False  # (else: active if an op inside is)
        if op.regions:
            for region in op.regions:
                for blk in region.blocks:
                    for inner in blk.ops:
                        if self._op_active.get(inner):
                            return True
        spec = lookup(name)
        kind = spec.kind if spec is not None else None
        if name in RETURN_OPS or op.successors or kind == OpKind.CONTROL \
                or opaque_terminator(op):
            return any(self._value_active_nonptr(u) for u in op.operands)
        if kind == OpKind.CALL:
            if any(self._value_active_nonptr(u) for u in op.operands):
                return True
            ex = g.exit_node.get(op)
            if n is not None:
                after = sol.vm_out[ex] if ex is not None else sol.vm_out[n]
                before_useful = sol.um_out[n]
                s = 0
                for u in op.operands:
                    if is_pointer(u.type) and u in g.vid:
                        s |= sol.pt.reach(sol.pt.pts[g.vid[u]])
                return bool(s & after & before_useful)
        return False

    def _value_active_nonptr(self, v: SSAValue) -> bool:
        return v in self.graph.vid and not is_pointer(v.type) and self.value(v).active

    # -- statistics ---------------------------------------------------------------------
    def stats(self, func: str) -> FunctionStats:
        f = self.graph.program.functions[func]
        ops = self.graph.func_ops.get(f, [])
        vals = [r for op in ops for r in op.results]
        if has_body(f):
            vals += list(entry_args(f))
        return FunctionStats(
            ops=len(ops), active_ops=sum(1 for op in ops if self._op_active[op]),
            values=len(vals), active_values=sum(1 for v in vals if self.value(v).active),
        )

    # -- output -------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The stable JSON contract (see docs/conventions.md)."""
        out: dict[str, Any] = {"functions": {}}
        for f in self.graph.functions:
            name = sym_name(f) or "?"
            values: dict[str, Any] = {}
            if has_body(f):
                for i, a in enumerate(entry_args(f)):
                    tag = arg_tag(f, i)
                    if tag is not None:
                        values[tag] = self.value(a).to_dict()
                for op in self.graph.func_ops[f]:
                    tag = op_tag(op)
                    if tag is None:
                        continue
                    if op.results:
                        acts = [self.value(r) for r in op.results]
                        d = ValueActivity(any(x.varied for x in acts),
                                          any(x.useful for x in acts)).to_dict()
                        d["active"] = any(x.active for x in acts)
                    else:
                        act = self._op_active[op]
                        d = {"varied": act, "useful": act, "active": act}
                    d["op_active"] = self._op_active[op]
                    values[tag] = d
            ssa: dict[str, Any] = {}
            for v, vname in value_names(f).items():
                if v not in self.graph.vid:
                    continue
                e: dict[str, Any] = dict(self.value(v).to_dict())
                if isinstance(v, OpResult):
                    e["op_active"] = self._op_active.get(v.op, False)
                loc = location_of(v)
                e["at"] = f"{loc.file}:{loc.line}:{loc.col}" if loc else None
                ssa["%" + vname] = e
            st = self.stats(name)
            out["functions"][name] = {
                "values": values,
                "ssa": ssa,
                "stats": {"ops": st.ops, "active_ops": st.active_ops,
                          "values": st.values, "active_values": st.active_values},
                "args": [
                    {"name": arg_label(f, i, a), "activity": k}
                    for i, (a, k) in enumerate(zip(entry_args(f), self.arg_activities(name),
                                                   strict=False))
                ],
                "body": has_body(f),
            }
        out["warnings"] = [w for _op, w in self.warnings]
        return out

    def annotate(self, style: str = "activity") -> None:
        """Write the answer onto the IR as attributes.

        ``"activity"``: ``activity.active`` (bool-ish string per result list) and
        ``activity.op`` on every op; ``"enzyme"``: Enzyme's ``enzyme.icv`` (all results
        constant) and ``enzyme.ici`` (instruction constant) unit attributes.
        """
        if style not in ("activity", "enzyme"):
            raise ValueError(f"unknown annotation style '{style}' (use 'activity' or 'enzyme')")
        for f in self.graph.functions:
            for op in self.graph.func_ops.get(f, []):
                act_op = self._op_active[op]
                res = [self.value(r) for r in op.results]
                if style == "enzyme":
                    if not act_op:
                        op.attributes["enzyme.ici"] = UnitAttr()
                    if res and not any(r.active for r in res):
                        op.attributes["enzyme.icv"] = UnitAttr()
                else:
                    op.attributes["activity.op"] = StringAttr("active" if act_op else "const")
                    if res:
                        op.attributes["activity.results"] = ArrayAttr(
                            [StringAttr(r.word) for r in res])
            if has_body(f):
                self._annotate_args(f, style)

    def _annotate_args(self, f: Operation, style: str) -> None:
        attrs = f.properties.get("arg_attrs") or f.attributes.get("arg_attrs")
        args = entry_args(f)
        dicts: list[dict[str, Attribute]] = []
        for i in range(len(args)):
            d = dict(attrs.data[i].data) if attrs is not None and i < len(attrs.data) else {}
            v = self.value(args[i])
            if style == "enzyme":
                if not v.active:
                    d["enzyme.icv"] = UnitAttr()
            else:
                d["activity.value"] = StringAttr(v.word)
            dicts.append(d)
        new = ArrayAttr([DictionaryAttr(d) for d in dicts])
        if "arg_attrs" in f.properties or attrs is None and hasattr(f, "arg_attrs"):
            f.properties["arg_attrs"] = new
        else:
            f.attributes["arg_attrs"] = new


def op_tag(op: Operation) -> str | None:
    """The `tag` (or `enzyme.tag`) string attribute naming an op in reports."""
    t = op.attributes.get("tag") or op.attributes.get("enzyme.tag")
    return t.data if isinstance(t, StringAttr) else None


def arg_tag(f: Operation, i: int) -> str | None:
    """The `tag` (or `enzyme.tag`) naming argument `i` of `f` in reports."""
    attrs = f.properties.get("arg_attrs") or f.attributes.get("arg_attrs")
    if attrs is None or i >= len(attrs.data):
        return None
    d = attrs.data[i].data
    for key in ("tag", "enzyme.tag"):
        t = d.get(key)
        if isinstance(t, StringAttr):
            return t.data
    return None


def value_names(f: Operation) -> dict[SSAValue, str]:
    """A stable name (without ``%``) for every value defined in ``f``'s body, in
    definition order: the name the source gave it (:func:`source_name`, numeric
    ``%7`` included; entry arguments fall back to ``argI``), else ``N`` (``N#i`` for
    the results of one multi-result op) numbered per function in definition order, as
    MLIR's printer does for code without nested regions.  Repeated names get ``_K``
    appended."""
    names: dict[SSAValue, str] = {}
    if not has_body(f):
        return names
    order: list[SSAValue | tuple[SSAValue, ...]] = []  # a tuple: one unnamed multi-result op

    def walk(region: Any, top: bool) -> None:
        for b, blk in enumerate(region.blocks):
            if not (top and b == 0):
                order.extend(blk.args)
            for op in blk.ops:
                if len(op.results) > 1 and not any(source_name(r) for r in op.results):
                    order.append(tuple(op.results))
                else:
                    order.extend(op.results)
                for inner in op.regions:
                    walk(inner, False)

    walk(f.regions[0], True)
    used = {n for v in order if not isinstance(v, tuple) and (n := source_name(v))}
    used |= {arg_label(f, i, a) for i, a in enumerate(entry_args(f))}
    taken: set[str] = set()
    counter = 0

    def give(v: SSAValue, name: str) -> None:
        base, k = name, 1
        while name in taken:
            name, k = f"{base}_{k}", k + 1
        taken.add(name)
        names[v] = name

    def fresh() -> str:
        nonlocal counter
        while str(counter) in used:
            counter += 1
        counter += 1
        return str(counter - 1)

    for i, a in enumerate(entry_args(f)):
        give(a, arg_label(f, i, a))
    for v in order:
        if isinstance(v, tuple):
            n = fresh()
            for i, r in enumerate(v):
                give(r, f"{n}#{i}")
        else:
            give(v, source_name(v) or fresh())
    return names
