"""Which ops the reverse sweep must handle (:class:`OpNeeds`, the component ``g.needs`` of
each :class:`~activity.ad.funcgen.FuncGen` ``g``): calls with and without bodies, C functions that
behave like table ops, free variables that receive adjoints in a region."""

from __future__ import annotations

from typing import Any

from xdsl.dialects.builtin import TensorType, VectorType
from xdsl.ir import Operation, SSAValue

from activity.ad.llvmmem import is_aggregate
from activity.ad.registry import REVERSE_NEEDS
from activity.ad.structure import _LLVM_KINDS, _REGION_OPS, _TERMINATORS, _defined_in
from activity.engine.program import call_target, has_body
from activity.ops import ALLOCATORS, DEALLOCATORS, EXTERNAL_ALIASES, OpKind, OpSpec, lookup, op_name

# C functions that write nothing a derivative could reach and return no float derived
# from their arguments (printing, strings, process control), as Enzyme knows them
INACTIVE_EXTERNALS = frozenset({
    "printf", "fprintf", "vprintf", "vfprintf", "puts", "fputs", "putchar", "fputc",
    "fflush", "perror", "exit", "abort", "__assert_fail", "__assert_rtn", "strlen",
    "strcmp", "strncmp", "memcmp", "time", "clock",
    # MLIR's runner utilities
    "printMemrefF64", "printMemrefF32", "printMemrefI64", "printMemrefI32", "printF64",
    "printF32", "printI64", "printU64", "printNewline", "printComma", "printOpen",
    "printClose",
})


class OpNeeds:
    """Op classification: whether an op needs a reverse rule, which operands receive
    adjoints.  A component of the generator of one function (``g``: its facts and
    program); it owns the memo of its answers."""

    def __init__(self, g: Any) -> None:
        self.g = g  # the FuncGen
        self._needs: dict[int, bool] = {}  # id(op) -> needs_rev(op)
        self._fv: dict[int, list[SSAValue]] = {}  # id(op) -> free_vars(op)

    def callee_of(self, op: Operation) -> Operation | None:
        t = call_target(op)
        g = self.g.d.program.functions.get(t) if t is not None else None
        return g if g is not None and has_body(g) else None

    def call_needs_rev(self, op: Operation) -> bool:
        """Whether the reverse sweep must handle call ``op``.  A call of a function
        without a body (and no derivative rule: not a known math or memory function)
        through which a derivative may pass needs it too -- ``rev_call`` then refuses
        it; skipping it gave a silent zero (a user's ``lgamma``).  Calls of C's
        output and string functions (``INACTIVE_EXTERNALS``) pass none."""
        f = self.g.facts
        if self.callee_of(op) is None:
            t = call_target(op)
            if t is not None and t in INACTIVE_EXTERNALS:
                return False
            if f.prune:
                return f.op_active(op)
            # all_active: something carrying a derivative goes in, and something may
            # come out (a used float result, or a buffer the callee may write)
            buffers = any(f.has_shadow(a) for a in op.operands)
            into = buffers or any(f.has_adjoint(a) for a in op.operands)
            out = buffers or any(f.has_adjoint(r) and r.uses for r in op.results)
            return into and out
        if f.prune:
            return f.op_active(op)
        if any(f.has_adjoint(r) for r in op.results):
            return True
        return any(f.has_adjoint(a) or f.has_shadow(a) for a in op.operands)

    def alias_spec(self, op: Operation) -> OpSpec | None:
        """The table entry a call to a known external C function behaves like."""
        t = call_target(op)
        if t is None or self.callee_of(op) is not None:
            return None
        alias = EXTERNAL_ALIASES.get(t)
        spec = lookup(alias) if alias is not None else None
        return spec if spec is not None and spec.kind in (
            OpKind.FLOAT, OpKind.MEM_COPY, OpKind.MEM_SET) else None

    def needs_rev(self, op: Operation) -> bool:
        k = id(op)
        r = self._needs.get(k)
        if r is None:
            r = self._compute_needs_rev(op)
            self._needs[k] = r
        return r

    def _compute_needs_rev(self, op: Operation) -> bool:
        name = op_name(op)
        rule_needs = REVERSE_NEEDS.get(name)  # (a rules file's own answer, see rules/)
        if rule_needs is not None:
            return rule_needs(self, op)
        facts = self.g.facts
        if name in _REGION_OPS or name == "scf.execute_region":
            if any(facts.has_adjoint(r) for r in op.results):
                return True
            return any(self.needs_rev(i) for r in op.regions for b in r.blocks for i in b.ops)
        if name in ("func.call", "llvm.call"):
            spec = self.alias_spec(op)
            if spec is not None and spec.kind == OpKind.FLOAT:
                return self._scalar_needs(op, spec)
            if spec is not None:
                return facts.has_shadow(op.operands[spec.dst or 0])
            if self.callee_of(op) is None and call_target(op) in DEALLOCATORS | ALLOCATORS:
                return False
            return self.call_needs_rev(op)
        spec = lookup(op)
        if spec is not None and spec.kind == OpKind.META and not op.results:
            # lifetime markers, assumes, debug info: nothing to reverse (under all_active
            # their pointer operands have shadows, and they were refused); the forward
            # sweep keeps them and the lowering drops them
            return False
        if spec is not None and spec.kind in (OpKind.FLOAT, OpKind.CAST, OpKind.SELECT) \
                and op.results and isinstance(op.results[0].type, TensorType):
            # elementwise on tensors (reversed as a linalg.generic, rules/linalg.py)
            return (spec.partials is not None and facts.has_adjoint(op.results[0])
                    and any(facts.has_adjoint(op.operands[i])
                            for i in spec.diff_operands(op) if i < len(op.operands)))
        tensor = spec is not None and name not in _TERMINATORS and (
            spec.kind in (OpKind.TENSOR, OpKind.STRUCTURED)
            or any(isinstance(v.type, TensorType) for v in [*op.operands, *op.results]))
        if spec is None or tensor or (name.startswith("llvm.")
                                      and spec.kind not in _LLVM_KINDS):
            touches = (any(facts.has_adjoint(r) for r in op.results)
                       or any(facts.has_adjoint(u) or facts.has_shadow(u) for u in op.operands))
            if touches and facts.op_active(op):
                vector = any(isinstance(v.type, VectorType)
                             for v in [*op.operands, *op.results])
                why = ("the AD generator has no adjoint rule for this tensor op"
                       if tensor else
                       "vector values are not supported by the AD generator (for C: build "
                       "with -O1, or with -fno-vectorize -fno-slp-vectorize)" if vector
                       else "this llvm op is not supported by the AD generator"
                       if name.startswith("llvm.") else "not in the op table")
                raise self.g.err(op, f"cannot differentiate '{name}': {why}")
            return False
        if spec.kind in (OpKind.FLOAT, OpKind.CAST, OpKind.SELECT):
            return self._scalar_needs(op, spec)
        if spec.kind == OpKind.MEM_READ:
            return (bool(op.results) and facts.has_adjoint(op.results[0])
                    and facts.has_shadow(op.operands[spec.ptr or 0]))
        if spec.kind == OpKind.MEM_WRITE:
            return facts.has_shadow(op.operands[spec.ptr or 0])
        if spec.kind in (OpKind.MEM_COPY, OpKind.MEM_SET):
            return facts.has_shadow(op.operands[spec.dst or 0])
        return False

    def agg_active(self, v: SSAValue) -> bool:
        """An aggregate (struct/array/vector) value that carries a derivative."""
        if not is_aggregate(v.type):
            return False
        f = self.g.facts
        if not f.prune:
            return True
        return f.result.analysed(v) and f.result.value(v).active

    def _scalar_needs(self, op: Operation, spec: OpSpec) -> bool:
        if not op.results or not spec.diff or spec.partials is None:
            return False
        if not self.g.facts.has_adjoint(op.results[0]) or not self.g.facts.op_active(op):
            return False
        if any(self.agg_active(op.operands[i]) for i in spec.diff_operands(op)
               if i < len(op.operands)):
            raise self.g.err(op, f"cannot differentiate '{op_name(op)}': aggregate (struct, "
                               "array) adjoints are not supported")
        return any(self.g.facts.has_adjoint(op.operands[i]) for i in spec.diff_operands(op)
                   if i < len(op.operands))

    def receives_adjoint(self, op: Operation, i: int) -> bool:
        name = op_name(op)
        if name in REVERSE_NEEDS:  # (a rules file's op: tensor, linalg)
            return True
        if name in _TERMINATORS or name in _REGION_OPS or name in ("func.call", "llvm.call"):
            if name == "cf.cond_br" or name == "scf.condition":
                return i >= 1
            if name == "scf.for":
                return i >= 3
            if name == "scf.if":
                return False
            return True
        spec = lookup(op)
        if spec is None:
            return False
        if spec.kind in (OpKind.FLOAT, OpKind.CAST, OpKind.SELECT):
            return i in spec.diff_operands(op)
        if spec.kind == OpKind.MEM_WRITE:
            return i == spec.value
        return False

    def free_vars(self, op: Operation) -> list[SSAValue]:
        """Values defined outside ``op`` that may receive adjoint inside it."""
        k = id(op)
        r = self._fv.get(k)
        if r is not None:
            return r
        inside: set[int] = set()
        for region in op.regions:
            for b in region.blocks:
                inside.update(id(v) for v in _defined_in(b))
        out: list[SSAValue] = []
        seen: set[int] = set()
        for inner in op.walk():
            if inner is op:
                continue
            # a value a linalg body reads from outside gets its adjoint from the
            # linalg op's rule (rules/linalg.py: _captured), not from the body's op
            # (the yield of ``linalg.yield %x``): inside an scf.if, it was left out of
            # the reverse if's results and its adjoint escaped the branch
            captured = False
            p = inner.parent_op()
            while p is not None and p is not op:
                if p.name.startswith("linalg."):
                    captured = True
                    break
                p = p.parent_op()
            for i, u in enumerate(inner.operands):
                if id(u) in inside or id(u) in seen:
                    continue
                if (captured or self.receives_adjoint(inner, i)) and \
                        self.g.facts.has_adjoint(u):
                    seen.add(id(u))
                    out.append(u)
        self._fv[k] = out
        return out
