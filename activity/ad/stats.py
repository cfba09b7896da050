"""``--stats``: what the generated gradient caches, how big its tapes get, how many ops
each sweep has.

Static tapes are sized by trip counts, so their size is a formula over the
differentiated function's integer arguments (``8*n*k`` bytes...), printed symbolically
and evaluated for given bounds.  Stack tapes (``scf.while``, ``cf`` blocks, callees)
grow at run time: the report gives the bytes each block pushes per execution, and
:func:`activity.ad.measure.measure` runs the gradient once with the reference
interpreter to read the stacks' final height (every push happens before the first pop,
so that is the peak).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from activity.ad.tape import elem_bytes
from activity.analysis.args import arg_label
from activity.frontend import location_of
from activity.ops import OpKind, lookup, op_name
from activity.ops.num import FLOAT

_SYM = {"arith.addi": "+", "arith.subi": "-", "arith.muli": "*", "arith.divui": "/",
        "arith.divsi": "/", "arith.ceildivsi": "/^", "arith.remui": "%", "arith.remsi": "%"}


_ORIG: dict[int, Operation] = {}
_ALIVE: list[Operation] = []  # the ops whose ids key _ORIG (see Differentiator.alive)


def _where(obj: Any) -> str:
    if isinstance(obj, Operation):
        obj = _ORIG.get(id(obj), obj)
    loc = location_of(obj) if isinstance(obj, Operation | SSAValue) else None
    return f"{loc[1]}:{loc[2]}" if loc else "?"


def value_name(v: Any) -> str:
    """A short human name: the tag, the SSA name hint, or the defining op."""
    if hasattr(v, "op") and not isinstance(v, SSAValue):  # a trip-count key
        return f"trip count of scf.while at {_where(v.op)}"
    if isinstance(v, SSAValue):
        if not isinstance(v, BlockArgument):
            t = v.owner.attributes.get("tag")  # type: ignore[union-attr]
            if t is not None and hasattr(t, "data"):
                return str(t.data)
        if v.name_hint:
            return "%" + v.name_hint
        if not isinstance(v, BlockArgument):
            return f"result of {op_name(v.owner)} at {_where(v.owner)}"  # type: ignore[arg-type]
        return f"block argument {v.index}"
    return str(v)


class IntExpr:
    """Integer expressions over a function's arguments (trip counts of loops)."""

    def __init__(self, func: Operation) -> None:
        self.func = func
        self.args = list(func.regions[0].blocks[0].args)

    def text(self, v: SSAValue, depth: int = 0) -> str:
        if isinstance(v, BlockArgument):
            if v in self.args:
                return arg_label(self.func, v.index, v)
            return "?"
        op = v.owner
        if isinstance(op, arith.ConstantOp) and isinstance(op.value, IntegerAttr):
            return str(op.value.value.data)
        name = op_name(op)  # type: ignore[arg-type]
        if depth < 12 and name in _SYM:
            a, b = (self.text(u, depth + 1) for u in op.operands)  # type: ignore[union-attr]
            return f"({a} {_SYM[name]} {b})"
        if depth < 12 and name in ("arith.index_cast", "arith.extsi", "arith.extui",
                                   "arith.index_castui"):
            return self.text(op.operands[0], depth + 1)  # type: ignore[union-attr]
        return "?"

    def value(self, v: SSAValue, env: dict[str, int], depth: int = 0) -> int | None:
        if isinstance(v, BlockArgument):
            if v in self.args:
                return env.get(arg_label(self.func, v.index, v))
            return None
        op = v.owner
        if isinstance(op, arith.ConstantOp) and isinstance(op.value, IntegerAttr):
            return op.value.value.data
        spec = lookup(op)  # type: ignore[arg-type]
        if depth > 12 or spec is None or spec.sem is None or spec.kind not in (
                OpKind.INT, OpKind.CAST):
            return None
        vals = []
        for u in op.operands:  # type: ignore[union-attr]
            x = self.value(u, env, depth + 1)
            if x is None:
                return None
            vals.append(x)
        try:
            r = spec.sem(FLOAT, op, *vals)[0]
        except (ZeroDivisionError, ValueError):
            return None
        return r if isinstance(r, int) else None

    @staticmethod
    def _bounds(loop: Operation) -> list[tuple[SSAValue, SSAValue, SSAValue]]:
        """(lb, ub, step) per induction variable (several for ``scf.parallel``)."""
        if op_name(loop) == "scf.parallel":
            n = len(loop.regions[0].blocks[0].args)
            ops = list(loop.operands)
            return list(zip(ops[:n], ops[n:2 * n], ops[2 * n:3 * n], strict=True))
        lb, ub, step = loop.operands[:3]
        return [(lb, ub, step)]

    def trip_text(self, loop: Operation) -> str:
        out = []
        for bs in self._bounds(loop):
            lb, ub, step = (self.text(u) for u in bs)
            span = ub if lb == "0" else f"({ub} - {lb})"
            out.append(span if step == "1" else f"ceil({span} / {step})")
        return "*".join(out)

    def trip_value(self, loop: Operation, env: dict[str, int]) -> int | None:
        total = 1
        for bs in self._bounds(loop):
            lb, ub, step = (self.value(u, env) for u in bs)
            if lb is None or ub is None or step is None or step <= 0:
                return None

            def sgn(x: int) -> int:
                return x - (1 << 64) if x >= 1 << 63 else x

            lb, ub = sgn(lb), sgn(ub)
            total *= max(0, -((lb - ub) // step))
        return total


@dataclass
class Cached:
    """One value the generated code caches."""

    function: str
    value: str
    type: str
    kind: str  # "static" (tape sized by trip counts) or "stack"
    loops: list[str] = field(default_factory=list)
    bytes_each: int = 8

    def formula(self) -> str:
        if self.kind != "static":
            return f"{self.bytes_each} per execution"
        return "*".join([str(self.bytes_each)] + self.loops)


@dataclass
class Snapshots:
    """A checkpointed loop (:mod:`activity.ad.checkpoint`): the buffers it writes,
    copied before every K-th iteration."""

    function: str
    where: str
    trips: str  # the trip count, as a formula
    every: int | None  # K (None: ceil(sqrt(trips)))
    buffers: list[str]  # argument labels
    elem_bytes: list[int]
    loop: Any = field(default=None, repr=False)
    ex: Any = field(default=None, repr=False)

    def k_text(self) -> str:
        return str(self.every) if self.every is not None else f"ceil(sqrt({self.trips}))"

    def formula(self) -> str:
        segs = (f"ceil({self.trips} / {self.every})" if self.every is not None
                else f"ceil({self.trips} / {self.k_text()})")
        return " + ".join(f"{n}*{segs}*dim({b})"
                          for b, n in zip(self.buffers, self.elem_bytes, strict=True))

    def bytes(self, env: dict[str, int]) -> int | None:
        """For the given integer arguments and ``dim(<buffer>)`` lengths."""
        import math

        tc = self.ex.trip_value(self.loop, env) if self.ex is not None else None
        if tc is None:
            return None
        k = self.every if self.every is not None else max(1, math.ceil(math.sqrt(tc)))
        segs = -(-tc // k)
        total = 0
        for b, n in zip(self.buffers, self.elem_bytes, strict=True):
            d = env.get(f"dim({b})")
            if d is None:
                return None
            total += n * segs * d
        return total


@dataclass
class GradStats:
    """Everything ``--stats`` reports for one generated gradient."""

    func: str
    prune: bool
    ops: dict[str, dict[str, int]]  # generated function -> "sweep.pass" -> count
    cached: list[Cached]
    _static: list[tuple[int, list[Operation], IntExpr]] = field(default_factory=list,
                                                               repr=False)
    stack_blocks: list[tuple[str, str, int]] = field(default_factory=list)
    measured_stack_bytes: int | None = None
    # shadow updates in scf.parallel bodies: made atomic / proved iteration-private
    atomic_updates: int = 0
    atomics_avoided: int = 0
    # adjoints of scalars from outside an scf.parallel, summed by a reduction of its reverse
    scalar_reductions: int = 0
    # checkpointed loops: their snapshots (counted in the static bytes)
    snapshots: list[Snapshots] = field(default_factory=list)
    # tensor-level optimizations (activity.tensor.opts): name -> times applied, in the
    # generation; and, when the gradient was also lowered (``--stats`` of a tensor
    # program), in its bufferization and loops
    tensor_opts: dict[str, int] = field(default_factory=dict)
    lowering_opts: dict[str, int] | None = None

    # -- totals ----------------------------------------------------------------------
    def sweep_ops(self, sweep: str) -> int:
        return sum(n for per in self.ops.values() for k, n in per.items()
                   if k.startswith(sweep + "."))

    @property
    def forward_ops(self) -> int:
        return self.sweep_ops("forward")

    @property
    def reverse_ops(self) -> int:
        return self.sweep_ops("reverse")

    @property
    def total_ops(self) -> int:
        return sum(sum(per.values()) for per in self.ops.values())

    def by_pass(self) -> dict[str, int]:
        c: Counter[str] = Counter()
        for per in self.ops.values():
            c.update(per)
        return dict(sorted(c.items()))

    def static_formula(self) -> str:
        terms = [c.formula() for c in self.cached if c.kind == "static"]
        terms += [s.formula() for s in self.snapshots]
        return " + ".join(terms) if terms else "0"

    def static_bytes(self, bounds: dict[str, int] | None = None) -> int | None:
        """Bytes of the static tapes (and checkpoint snapshots, which need the lengths
        of the buffers as ``dim(<label>)``) for the given integer arguments (None:
        unknown)."""
        env = bounds or {}
        total = 0
        for sn in self.snapshots:
            n = sn.bytes(env)
            if n is None:
                return None
            total += n
        for nbytes, loops, ex in self._static:
            n = nbytes
            for L in loops:
                t = ex.trip_value(L, env)
                if t is None:
                    return None
                n *= t
            total += n
        return total

    # -- output ----------------------------------------------------------------------
    def to_json(self, bounds: dict[str, int] | None = None) -> dict[str, Any]:
        return {
            "function": self.func,
            "mode": "pruned" if self.prune else "all_active",
            "ops": {"total": self.total_ops, "forward": self.forward_ops,
                    "reverse": self.reverse_ops, "by_pass": self.by_pass(),
                    "by_function": self.ops},
            "cached": [{"function": c.function, "value": c.value, "type": c.type,
                        "kind": c.kind, "bytes": c.formula()} for c in self.cached],
            "checkpointed": [{"function": sn.function, "loop": sn.where, "trips": sn.trips,
                              "every": sn.k_text(), "buffers": sn.buffers,
                              "bytes": sn.formula()} for sn in self.snapshots],
            "tape_bytes": {
                "static_formula": self.static_formula(),
                "static": self.static_bytes(bounds),
                "stack_per_execution": [{"function": f, "block": w, "bytes": n}
                                        for f, w, n in self.stack_blocks],
                "stack_measured": self.measured_stack_bytes,
            },
            "tensor_optimizations": self._tensor_opts_json(),
            "parallel_shadow_updates": {"atomic": self.atomic_updates,
                                        "atomics_avoided": self.atomics_avoided,
                                        "scalar_reductions": self.scalar_reductions},
        }

    def _tensor_opts_json(self) -> dict[str, Any]:
        from activity.tensor.opts import OPTIMIZATIONS, enabled

        return {name: {"enabled": enabled(name), "generation": self.tensor_opts.get(name, 0),
                       "lowering": (None if self.lowering_opts is None
                                    else self.lowering_opts.get(name, 0))}
                for name in OPTIMIZATIONS}

    def _tensor_opts_lines(self) -> list[str]:
        from activity.tensor.opts import OPTIMIZATIONS, enabled

        if not self.tensor_opts and self.lowering_opts is None:
            return []
        lines = ["  tensor-level optimizations (times applied; ACTIVITY_TENSOR_OFF=name "
                 "turns one off):"]
        for name, what in OPTIMIZATIONS.items():
            n = self.tensor_opts.get(name, 0) + (self.lowering_opts or {}).get(name, 0)
            state = "" if enabled(name) else " (off)"
            lines.append(f"    {name:<11} {n:>4}  {what}{state}")
        return lines

    def render(self, bounds: dict[str, int] | None = None) -> str:
        mode = "pruned by activity" if self.prune else "all_active (no pruning)"
        lines = [f"gradient of @{self.func} ({mode})",
                 f"  ops: {self.total_ops} total, {self.forward_ops} in the forward sweep, "
                 f"{self.reverse_ops} in the reverse sweep"]
        for k, n in self.by_pass().items():
            lines.append(f"    {k:<18} {n}")
        for fn, per in self.ops.items():
            lines.append(f"    @{fn}: {sum(per.values())}")
        lines.append(f"  cached values: {len(self.cached)}")
        for c in self.cached:
            amount = (f"{c.formula()} bytes" if c.kind == "static"
                      else f"{c.bytes_each} bytes per execution")  # ("8 per execution bytes")
            lines.append(f"    @{c.function} {c.value} : {c.type}  [{c.kind}] {amount}")
        for sn in self.snapshots:
            lines.append(f"  checkpointed: @{sn.function} scf.for at {sn.where} "
                         f"({sn.trips} iterations): {', '.join(sn.buffers)} copied before "
                         f"every {sn.k_text()}-th iteration ({sn.formula()} bytes), each "
                         "iteration replayed from there in the reverse sweep; the tapes of "
                         "its body hold one iteration")
        lines.append(f"  static tape bytes: {self.static_formula()}")
        sb = self.static_bytes(bounds)
        if sb is not None:
            what = "for " + ", ".join(f"{k}={v}" for k, v in bounds.items()) if bounds else ""
            lines.append(f"    = {sb} bytes {what}".rstrip())
        if self.stack_blocks:
            lines.append("  stack tape (grows at run time):")
            for f, w, n in self.stack_blocks:
                lines.append(f"    @{f} block at {w}: {n} bytes per execution")
        if self.measured_stack_bytes is not None:
            lines.append(f"    measured: {self.measured_stack_bytes} bytes")
        if self.atomic_updates or self.atomics_avoided:
            lines.append(f"  scf.parallel shadow updates: {self.atomic_updates} atomic, "
                         f"{self.atomics_avoided} atomics avoided")
        if self.scalar_reductions:
            lines.append(f"  scf.parallel scalar adjoints summed by reductions: "
                         f"{self.scalar_reductions}")
        lines += self._tensor_opts_lines()
        return "\n".join(lines) + "\n"

    def dumps(self, bounds: dict[str, int] | None = None) -> str:
        return json.dumps(self.to_json(bounds), indent=2) + "\n"


def collect(d: Any, made: list[Operation]) -> GradStats:
    """Stats of a finished :class:`~activity.ad.reverse.Differentiator` run."""
    _ORIG.clear()
    _ORIG.update(d.orig)
    _ALIVE[:] = d.alive
    ops: dict[str, dict[str, int]] = {}
    tags: dict[int, tuple[str, str]] = {}
    for gen in d.gens.values():
        tags.update(gen.b.made)
    tags.update(d.root_builder_made)
    for fop in made:
        name = fop.sym_name.data  # type: ignore[attr-defined]
        c: Counter[str] = Counter()
        helper = d.reserve is not None and name in d.reserve
        for op in fop.walk():
            if op is fop:
                continue
            sweep, kind = ("forward", "tape") if helper else tags.get(id(op),
                                                                      ("forward", "primal"))
            c[f"{sweep}.{kind}"] += 1
        ops[name] = dict(sorted(c.items()))
    cached: list[Cached] = []
    static: list[tuple[int, list[Operation], IntExpr]] = []
    stack_blocks: list[tuple[str, str, int]] = []
    for (fname, _role), plan in d.plans.items():
        f = d.program.functions[fname]
        ex = IntExpr(f)
        for blk, keys in plan.tapes.items():
            dyn_bytes = 0
            for key in keys:
                st = plan.static.get((id(key), id(blk)))
                t = key.type
                if st is not None:
                    nb = elem_bytes(t)
                    cached.append(Cached(fname, value_name(key), str(t), "static",
                                         [ex.trip_text(L) for L in st.loops], nb))
                    static.append((nb, st.loops, ex))
                else:
                    cached.append(Cached(fname, value_name(key), str(t), "stack", [], 8))
                    dyn_bytes += 8
            if dyn_bytes:
                stack_blocks.append((fname, _block_where(blk), dyn_bytes))
        for blk in _in_program_order(f, plan.edge_blocks):
            stack_blocks.append((fname, _block_where(blk) + " (path)", 8))
    snaps = []
    for fname, loop, every, bufs in getattr(d, "checkpoints", []):
        f = d.program.functions[fname]
        ex = IntExpr(f)
        snaps.append(Snapshots(fname, _where(loop), ex.trip_text(loop), every,
                               [arg_label(f, b.index, b) for b in bufs],
                               [elem_bytes(b.type.element_type) for b in bufs], loop, ex))
    return GradStats(d.root, d.prune, ops, cached, static, stack_blocks, snapshots=snaps,
                     atomic_updates=getattr(d, "atomic_updates", 0),
                     atomics_avoided=getattr(d, "atomics_avoided", 0),
                     scalar_reductions=getattr(d, "scalar_reductions", 0),
                     tensor_opts=dict(getattr(d, "tensor_opts", {})))


def _in_program_order(f: Operation, blocks: set[Block]) -> list[Block]:
    """``blocks`` in the order they appear in ``f`` (a set of blocks iterates in the
    order of their addresses: the report differed from run to run)."""
    seen = [b for op in f.walk() for r in op.regions for b in r.blocks if b in blocks]
    return seen + [b for b in blocks if b not in seen]


def _block_where(blk: Block) -> str:
    po = blk.parent_op()
    first = blk.first_op
    if isinstance(po, scf.ForOp | scf.WhileOp | scf.IfOp):
        return f"{op_name(po)} at {_where(po)}"
    if first is not None:
        return _where(first)
    return "?"


# ``measure`` (which runs the generator) lives in activity.ad.measure, above the
# generator; activity/ad/__init__.py keeps it importable from here too.
__all__ = ["Cached", "GradStats", "IntExpr", "Snapshots", "collect", "value_name"]
