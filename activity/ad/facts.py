"""What the AD generator asks the activity analysis, in one place.

With ``prune=True`` every answer comes from the analysis: a value gets an adjoint only
if it is *active*, a buffer gets a shadow only if its alias classes are active, an op
gets an adjoint only if it can move a derivative.  With ``prune=False`` (the
``all_active`` baseline) every float value has an adjoint and every buffer of floats a
shadow, exactly as if nothing were known.  Alias information (which classes are never
written, used to recompute loads instead of taping them) comes from the points-to
analysis in both modes: it is a caching decision, not an activity one.
"""

from __future__ import annotations

from xdsl.dialects.builtin import AnyFloat, Float16Type, Float32Type, Float64Type, IntegerType
from xdsl.ir import Attribute, Operation, SSAValue

from activity.analysis.result import ActivityResult
from activity.engine.graph import Effect
from activity.engine.types import element_is_float, is_pointer
from activity.ops import OpKind, lookup, op_name


def float_of_width(w: int) -> Attribute | None:
    return {16: Float16Type(), 32: Float32Type(), 64: Float64Type()}.get(w)


class Facts:
    """Activity-derived queries used by the generator."""

    def __init__(self, result: ActivityResult, prune: bool) -> None:
        self.result = result
        self.prune = prune
        g = result.graph
        sol = result.solution
        pts = sol.pt.pts
        written = 0
        for n, (kind, _a, b) in g.effects.items():
            if kind == Effect.STORE:
                written |= pts[b]  # type: ignore[index]
            elif kind == Effect.COPY:
                written |= pts[b]  # type: ignore[index]
            elif kind == Effect.UNKNOWN:
                written |= sol.reach.get(n, -1)
        self._written = written
        self._carriers = self._bit_carriers() if not prune else set()

    # -- values ----------------------------------------------------------------------
    def adj_type(self, v: SSAValue) -> Attribute | None:
        """The type of v's adjoint (a float of v's width for bitcast-carried integers)."""
        t = v.type
        if isinstance(t, AnyFloat):
            return t
        if isinstance(t, IntegerType) and t.width.data in (16, 32, 64):
            return float_of_width(t.width.data)
        return None

    def has_adjoint(self, v: SSAValue) -> bool:
        t = v.type
        if is_pointer(t):
            return False
        if self.prune:
            if not self.result.analysed(v):
                return False
            return self.result.value(v).active and self.adj_type(v) is not None
        if isinstance(t, AnyFloat):
            return True
        return v in self._carriers

    def _bit_carriers(self) -> set[SSAValue]:
        """Integers that may hold float bits (all_active: they carry adjoints): results of
        bitcasts and of loads, and whatever they flow into."""
        g = self.result.graph
        work = []
        for f in g.functions:
            for op in g.func_ops.get(f, []):
                spec = lookup(op)
                if spec is not None and op.results and (
                        spec.carries_bits or spec.kind == OpKind.MEM_READ):
                    work.append(op.results[0])  # bitcasts, and loads (memory may hold bits)
        seen: set[SSAValue] = set()
        while work:
            v = work.pop()
            if v in seen or v not in g.vid or self.adj_type(v) is None:
                continue
            seen.add(v)
            for s in g.vsucc[g.vid[v]]:
                work.append(g.values[s])
        return {v for v in seen if isinstance(v.type, IntegerType)}

    # -- memory ------------------------------------------------------------------------
    def has_shadow(self, p: SSAValue) -> bool:
        """Buffers of floats, and of 16/32/64-bit integers (which may hold float bits:
        their shadows hold the adjoints' bits), can have shadows."""
        t = p.type
        if not is_pointer(t):
            return False
        if not element_is_float(t):
            et = getattr(t, "element_type", None)
            if not (isinstance(et, IntegerType) and et.width.data in (16, 32, 64)):
                return False
        if self.prune:
            return self.result.analysed(p) and self.result.value(p).active
        return True

    def classes(self, p: SSAValue) -> int:
        g = self.result.graph
        i = g.vid.get(p)
        return -1 if i is None else self.result.solution.pt.pts[i]

    def read_only(self, p: SSAValue) -> bool:
        """No op of the analysed program writes the memory ``p`` may point to."""
        c = self.classes(p)
        return c != -1 and c != 0 and not (c & self._written)

    # -- ops -----------------------------------------------------------------------------
    def op_active(self, op: Operation) -> bool:
        if not self.prune:
            return True
        try:
            return self.result.op_active(op)
        except KeyError:
            return True


def scalar_kind(op: Operation) -> OpKind | None:
    spec = lookup(op)
    return spec.kind if spec is not None else None


__all__ = ["Facts", "float_of_width", "op_name", "scalar_kind"]
