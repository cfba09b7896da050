"""Claims: our analysis' negative answers, or another tool's annotations read by value."""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from xdsl.dialects import llvm
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    IntegerAttr,
    ModuleOp,
    StringAttr,
    UnitAttr,
)
from xdsl.ir import Attribute, Operation, SSAValue

from activity.engine.program import (
    entry_args,
    has_body,
    sym_name,
)
from activity.engine.types import is_pointer
from activity.errors import ActivityError
from activity.ops import OpKind, lookup, op_name
from activity.verify.base import defined_values

CLAIM_SOURCES = ("ours", "enzyme", "activity")


# ---------------------------------------------------------------------------
# Claims.


@dataclass(frozen=True)
class Claim:
    """A negative claim: ``kind`` is ``"varied"`` (v is not varied), ``"useful"`` (not
    useful), ``"active"`` (not active) or ``"write"`` (the store ``op`` is not active)."""

    kind: str
    value: SSAValue | None = None
    op: Operation | None = None
    source: str = "ours"

    def describe(self) -> str:
        from activity.testing.oracle import describe_value

        what = describe_value(self.value) if self.value is not None else _describe_op(self.op)
        return f"{what} claimed not {'active' if self.kind == 'write' else self.kind}"


def _result_types(f: Operation) -> list[Attribute]:
    """The result types of a ``func.func`` or an ``llvm.func`` (whose function type has
    one ``output``, ``void`` for none: reading ``outputs`` off it crashed ``verify`` on
    every imported C function with scalar arguments)."""
    ftype = getattr(f, "function_type", None)
    if isinstance(ftype, llvm.LLVMFunctionType):
        out = ftype.output
        return [] if isinstance(out, llvm.LLVMVoidType) else [out]
    return list(ftype.outputs.data) if ftype is not None else []  # type: ignore[attr-defined]


def _describe_op(op: Operation | None) -> str:
    if op is None:
        return "?"
    tag = op.attributes.get("tag")
    t = f' {{tag = "{tag.data}"}}' if isinstance(tag, StringAttr) else ""
    return f"{op_name(op)}{t}"


def _nonptr(v: SSAValue) -> bool:
    """Whether claims on ``v`` are checked: not pointers, not aggregates (whose
    members are checked where they are extracted)."""
    from xdsl.dialects.llvm import LLVMArrayType, LLVMStructType

    return not is_pointer(v.type) and not isinstance(v.type, LLVMStructType | LLVMArrayType)


def _values_of(f: Operation) -> list[SSAValue]:
    return defined_values(b for region in f.regions for b in region.blocks)


def claims_ours(module: ModuleOp, func: str, args: Any, alias_args: str = "distinct"
                ) -> tuple[list[Claim], Any]:
    """Our analysis' negative claims on every non-pointer value of the analysed
    functions."""
    import activity

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = activity.analyze(module, func, args, alias_args=alias_args)
    out: list[Claim] = []
    for f in res.graph.functions:
        if not has_body(f):
            continue
        for v in _values_of(f):
            if not _nonptr(v) or not res.analysed(v):
                continue
            a = res.value(v)
            if not a.varied:
                out.append(Claim("varied", v))
            if not a.useful:
                out.append(Claim("useful", v))
    return out, res


_WORD_CLAIMS = {"const": ("varied", "useful"), "varied": ("useful",),
                "useful": ("varied",), "active": ()}


def _arg_dicts(f: Operation) -> list[dict[str, Attribute]]:
    attrs = f.properties.get("arg_attrs") or f.attributes.get("arg_attrs")
    if not isinstance(attrs, ArrayAttr):
        return []
    return [dict(d.data) if isinstance(d, DictionaryAttr) else {} for d in attrs.data]


def _op_const_claims(op: Operation, source: str) -> list[Claim]:
    """An op claimed inactive: its results are not active; a store's write is not
    active; a terminator forwards no active value."""
    out = [Claim("active", r, source=source) for r in op.results if _nonptr(r)]
    spec = lookup(op)
    if spec is not None and spec.kind == OpKind.MEM_WRITE:
        out.append(Claim("write", op=op, source=source))
    elif not op.results and (op.successors or op_name(op) in (
            "func.return", "scf.yield", "scf.condition", "llvm.return")):
        out += [Claim("active", u, source=source) for u in op.operands if _nonptr(u)]
    return out


def _flag(attr: Attribute | None, what: str) -> bool | None:
    """The truth value of a claim attribute: ``true``/``false`` (a ``BoolAttr``, which is
    an ``i1`` ``IntegerAttr``, or any integer), a unit attribute (true), or None when
    absent.  Enzyme-MLIR's ``print-activity-analysis{annotate=true}`` writes
    ``enzyme.icv = false`` on every op it finds active: reading the attribute's presence
    as a claim made each of them a false counterexample."""
    if attr is None:
        return None
    if isinstance(attr, UnitAttr):
        return True
    if isinstance(attr, IntegerAttr):
        return int(attr.value.data) != 0
    raise ActivityError(f"{what} = {attr} is not a boolean (expected true, false or a "
                        "unit attribute)")


def _arg_flags(f: Operation) -> list[bool | None]:
    """Enzyme's per-argument ``enzyme.icv`` on the function op (``array<i1: ...>``)."""
    attr = f.attributes.get("enzyme.icv")
    if attr is None:
        return []
    get = getattr(attr, "get_values", None)
    if get is None:
        raise ActivityError(f"enzyme.icv = {attr} on @{sym_name(f)} is not an array<i1: ...> "
                            "of per-argument flags")
    return [int(x) != 0 for x in get()]


def claims_from_annotations(module: ModuleOp, funcs: Sequence[Operation], source: str
                            ) -> list[Claim]:
    """Claims another tool wrote into the IR, read by value: Enzyme's ``enzyme.icv``
    (value constant) and ``enzyme.ici`` (instruction constant) -- ``true`` or a unit
    attribute is a claim, ``false`` is none -- or our own ``activity.results`` /
    ``activity.op`` / ``activity.value`` annotations."""
    out: list[Claim] = []
    for f in funcs:
        if not has_body(f):
            continue
        fargs = _arg_flags(f) if source == "enzyme" else []
        for i, (arg, d) in enumerate(zip(entry_args(f), _arg_dicts(f) or [{}] * len(
                entry_args(f)), strict=False)):
            if not _nonptr(arg):
                continue
            if source == "enzyme":
                icv = _flag(d.get("enzyme.icv"), "enzyme.icv")
                if icv is None and i < len(fargs):
                    icv = fargs[i]
                if icv:
                    out.append(Claim("active", arg, source=source))
            w = d.get("activity.value")
            if source == "activity" and w is not None and not isinstance(w, StringAttr):
                raise ActivityError(f"activity.value = {w} is not a string")
            if source == "activity" and isinstance(w, StringAttr):
                out += [Claim(k, arg, source=source) for k in _word(w.data)]
        for op in f.walk():
            if op is f:
                continue
            if source == "enzyme":
                if _flag(op.attributes.get("enzyme.icv"), "enzyme.icv"):
                    out += [Claim("active", r, source=source) for r in op.results
                            if _nonptr(r)]
                if _flag(op.attributes.get("enzyme.ici"), "enzyme.ici"):
                    # (not on terminators: Enzyme calls every return a constant
                    # instruction, its values are handled by the adjoint generation)
                    out += [c for c in _op_const_claims(op, source)
                            if c.kind == "write" or c.value in op.results]
            else:
                words = op.attributes.get("activity.results")
                if words is not None and not (isinstance(words, ArrayAttr) and all(
                        isinstance(w, StringAttr) for w in words.data)):
                    raise ActivityError(f"activity.results = {words} is not an array of "
                                        "strings")
                if isinstance(words, ArrayAttr):
                    for r, w in zip(op.results, words.data, strict=False):
                        if _nonptr(r) and isinstance(w, StringAttr):
                            out += [Claim(k, r, source=source) for k in _word(w.data)]
                o = op.attributes.get("activity.op")
                if o is not None and not (isinstance(o, StringAttr)
                                          and o.data in ("const", "active")):
                    raise ActivityError(f"activity.op = {o} is not \"const\" or \"active\"")
                if isinstance(o, StringAttr) and o.data == "const":
                    out += [c for c in _op_const_claims(op, source) if c.kind == "write"
                            or c.value not in op.results]
    seen: set[Claim] = set()
    uniq = []
    for c in out:
        if c not in seen:
            seen.add(c)
            uniq.append(c)
    return uniq


def _word(w: str) -> tuple[str, ...]:
    if w not in _WORD_CLAIMS:
        raise ActivityError(f"unknown activity annotation '{w}' "
                            f"(expected one of {', '.join(_WORD_CLAIMS)})")
    return _WORD_CLAIMS[w]
