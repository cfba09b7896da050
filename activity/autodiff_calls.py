"""Enzyme's call sites: ``__enzyme_autodiff(f, enzyme_const, n, enzyme_dup, x, dx, ...)``.

A module compiled from C that calls ``__enzyme_autodiff`` (or any function whose name
contains it, as Enzyme matches them: ``__enzyme_autodiff2``, C++'s mangled names) says
which function to differentiate and how.  :func:`find_calls` reads every such call as
Enzyme does:

* the first argument is the function, directly (``llvm.mlir.addressof @f``,
  ``func.constant @f``) or through casts;
* then, for each parameter of ``f`` in order, an optional *marker* -- the value of an
  ``extern int`` global ``enzyme_const``, ``enzyme_dup``, ``enzyme_dupnoneed`` or
  ``enzyme_out``, passed loaded (``extern int enzyme_dup;``: a load of the global at
  every -O level), as the global's address (``extern char enzyme_dup[]``), or cast
  (``ptrtoint``) -- then the argument, then, for ``dup``/``dupnoneed``, its shadow;
* no marker: a float scalar is ``active`` (``enzyme_out``), a pointer ``dup`` (a
  shadow follows), an integer ``const``;
* the call returns the derivatives of the ``active`` arguments in order: nothing, one
  float, or a struct of floats (by value, or through an ``sret`` pointer as clang
  returns a struct of three doubles or more); ``f``'s float result is seeded with 1.

Values C's variadic call promoted (a ``float`` passed as ``double``, a ``short`` as
``int``) are narrowed back to the parameter's type, as Enzyme does.  Anything else --
a function that is not a symbol of the module, a marker Enzyme has but we do not
support (``enzyme_width``, ...), too few or too many arguments, a marker on an argument
of the wrong type -- is an :class:`ActivityError` at the call.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects.builtin import (
    AnyFloat,
    ArrayAttr,
    DictionaryAttr,
    IndexType,
    IntegerType,
    MemRefType,
    ModuleOp,
    SymbolRefAttr,
)
from xdsl.dialects.llvm import LLVMFunctionType, LLVMPointerType, LLVMStructType, LLVMVoidType
from xdsl.ir import Attribute, Operation, OpResult, SSAValue

from activity.engine.program import Program, call_args, call_target, entry_args, has_body
from activity.errors import ActivityError
from activity.frontend import location_of, place_of

AUTODIFF = "__enzyme_autodiff"

MARKERS = {"enzyme_const": "const", "enzyme_dup": "dup", "enzyme_dupnoneed": "dupnoneed",
           "enzyme_out": "active"}
"""Enzyme's argument markers and the activities they give."""

_CASTS = ("llvm.bitcast", "llvm.addrspacecast", "llvm.ptrtoint", "llvm.inttoptr",
          "llvm.zext", "llvm.sext", "llvm.trunc", "builtin.unrealized_conversion_cast")


@dataclass
class AutodiffCall:
    """One ``__enzyme_autodiff`` call, read as Enzyme reads it."""

    op: Operation
    """the call op"""
    callee: str
    """the name called (``__enzyme_autodiff``, ``__enzyme_autodiff2``, ...)"""
    function: str
    """the function differentiated"""
    args: list[str]
    """the activity of each of ``function``'s parameters"""
    primals: list[SSAValue]
    """the value passed for each parameter"""
    shadows: list[SSAValue | None]
    """the shadow passed for each ``dup``/``dupnoneed`` parameter (else None)"""
    sret: SSAValue | None = None
    """where the derivatives are stored (a struct returned through memory)"""
    sret_type: Attribute | None = None
    result_types: list[Attribute] = field(default_factory=list)
    """the types of the derivatives the call returns (one per active argument)"""

    @property
    def location(self) -> str:
        """``FILE:LINE:COL`` of the call (``<unknown>`` when not known)."""
        loc = location_of(self.op)
        return "<unknown>" if loc is None else f"{loc.file}:{loc.line}:{loc.col}"

    @property
    def active(self) -> list[int]:
        """The parameters whose derivatives the call returns."""
        return [i for i, k in enumerate(self.args) if k == "active"]

    def key(self) -> tuple[str, tuple[str, ...]]:
        return self.function, tuple(self.args)


def is_autodiff_call(op: Operation) -> bool:
    name = call_target(op) if op.name in ("llvm.call", "func.call") else None
    return name is not None and AUTODIFF in name


def find_calls(module: ModuleOp, function: str | None = None) -> list[AutodiffCall]:
    """Every ``__enzyme_autodiff`` call of ``module`` (that differentiates ``function``,
    if given: the others are not read, so an unreadable one is no error), in module
    order."""
    program = Program.of(module)
    return [read_call(op, program) for op in module.walk() if is_autodiff_call(op)
            and (function is None or _target(op) in (function, None))]


def _target(op: Operation) -> str | None:
    """The function a call of ``__enzyme_autodiff`` names, if it names one."""
    ops = list(call_args(op))[1 if _sret(op) is not None else 0:]
    return _symbol_of(ops[0]) if ops else None


def _err(op: Operation, msg: str) -> ActivityError:
    return ActivityError(msg, **place_of(op))


def _symbol_of(v: SSAValue) -> str | None:
    """The symbol whose address ``v`` is, looking through casts."""
    for _ in range(16):
        if not isinstance(v, OpResult):
            return None
        op = v.op
        if op.name in ("llvm.mlir.addressof", "func.constant"):
            for key in ("global_name", "value"):
                a = op.properties.get(key) or op.attributes.get(key)
                if isinstance(a, SymbolRefAttr):
                    return a.string_value()
            return None
        if op.name in _CASTS and op.operands:
            v = op.operands[0]
            continue
        return None
    return None


def marker_of(v: SSAValue) -> str | None:
    """The name of the ``enzyme_*`` global ``v`` carries (its value or its address,
    through casts), or None."""
    x = v
    for _ in range(16):
        name = _symbol_of(x)
        if name is not None:
            return name if name.startswith("enzyme_") else None
        if isinstance(x, OpResult) and x.op.name in (*_CASTS, "llvm.load") and x.op.operands:
            x = x.op.operands[0]
            continue
        return None
    return None


def _is_float(t: Attribute) -> bool:
    return isinstance(t, AnyFloat)


def _is_buffer(t: Attribute) -> bool:
    return isinstance(t, LLVMPointerType | MemRefType)


def _is_int(t: Attribute) -> bool:
    return isinstance(t, IntegerType | IndexType)


def _sret(op: Operation) -> Attribute | None:
    """The struct type of the call's ``sret`` first argument, if it has one."""
    attrs = op.attributes.get("arg_attrs") or op.properties.get("arg_attrs")
    if isinstance(attrs, ArrayAttr) and attrs.data and isinstance(attrs.data[0],
                                                                  DictionaryAttr):
        t = attrs.data[0].data.get("llvm.sret")
        if t is not None:
            return getattr(t, "type", t)
    return None


def narrowing(have: Attribute, want: Attribute) -> str | None:
    """How a value of type ``have`` passed through C's ``...`` becomes a parameter of
    type ``want``: ``""`` as it is, ``"fptrunc"``/``"trunc"`` (C promoted it), or None
    (it cannot)."""
    if have == want or (_is_buffer(have) and _is_buffer(want) and type(have) is type(want)):
        return ""
    if _is_float(have) and _is_float(want) and have.bitwidth > want.bitwidth:
        return "fptrunc"
    if isinstance(have, IntegerType) and isinstance(want, IntegerType) \
            and have.width.data > want.width.data:
        return "trunc"
    return None


def read_call(op: Operation, program: Program) -> AutodiffCall:
    """``op`` (a call of ``__enzyme_autodiff*``) read as Enzyme reads it."""
    callee = call_target(op) or AUTODIFF
    ops = list(call_args(op))
    sret_type = _sret(op)
    sret = None
    if sret_type is not None:
        if not ops:
            raise _err(op, f"'{callee}' is called with no arguments")
        sret, ops = ops[0], ops[1:]
    if not ops:
        raise _err(op, f"'{callee}' is called without the function to differentiate")
    fname = _symbol_of(ops[0])
    if fname is None:
        raise _err(op, f"the first argument of '{callee}' is not a function of this module "
                       "(pass the function itself, as (void *)f)")
    fop = program.functions.get(fname)
    if fop is None:
        raise _err(op, f"'{callee}' differentiates '@{fname}', which is not a function "
                       "of this module")
    if not has_body(fop):
        raise _err(op, f"'{callee}' differentiates '@{fname}', which has no body here "
                       "(define it in the same file)")
    params = list(entry_args(fop))
    rest = ops[1:]
    k = 0
    kinds: list[str] = []
    primals: list[SSAValue] = []
    shadows: list[SSAValue | None] = []

    def take(what: str) -> SSAValue:
        nonlocal k
        if k >= len(rest):
            raise _err(op, f"'{callee}' of '@{fname}': {what} is missing ('@{fname}' takes "
                           f"{len(params)} argument(s))")
        v = rest[k]
        k += 1
        return v

    for i, p in enumerate(params):
        t = p.type
        v = take(f"argument {i}")
        name = marker_of(v)
        if name is not None:
            if name not in MARKERS:
                raise _err(op, f"'{callee}' of '@{fname}': Enzyme's '{name}' is not "
                               f"supported (only {', '.join(MARKERS)})")
            kind = MARKERS[name]
            v = take(f"argument {i} after {name}")
        elif _is_float(t):
            kind = "active"
        elif _is_buffer(t):
            kind = "dup"
        elif _is_int(t):
            kind = "const"
        else:
            raise _err(op, f"'{callee}' of '@{fname}': argument {i} has type {t}, which "
                           "activity cannot take")
        if kind == "active" and not _is_float(t):
            raise _err(op, f"'{callee}' of '@{fname}': argument {i} ({t}) is marked "
                           f"{_marker_word(kind)}, which is for float scalars")
        if kind in ("dup", "dupnoneed") and not _is_buffer(t):
            raise _err(op, f"'{callee}' of '@{fname}': argument {i} ({t}) is marked "
                           f"{_marker_word(kind)}, which is for pointers")
        if narrowing(v.type, t) is None:
            raise _err(op, f"'{callee}' of '@{fname}': argument {i} is passed as {v.type} "
                           f"but the parameter is {t}")
        shadow = None
        if kind in ("dup", "dupnoneed"):
            shadow = take(f"the shadow of argument {i}")
            if narrowing(shadow.type, t) != "":
                raise _err(op, f"'{callee}' of '@{fname}': the shadow of argument {i} is "
                               f"{shadow.type}, not a pointer")
        kinds.append(kind)
        primals.append(v)
        shadows.append(shadow)
    if k < len(rest):
        raise _err(op, f"'{callee}' of '@{fname}': {len(rest) - k} argument(s) more than "
                       f"'@{fname}' takes ({len(params)}, with shadows and markers)")
    call = AutodiffCall(op, callee, fname, kinds, primals, shadows, sret, sret_type)
    call.result_types = _result_types(call, params)
    _check_seed(call, fop)
    return call


def _marker_word(kind: str) -> str:
    return next(m for m, k in MARKERS.items() if k == kind)


def _result_types(call: AutodiffCall, params: Sequence[SSAValue]) -> list[Attribute]:
    """The types of the derivatives ``call`` hands back, checked against what the C
    declared (its result, or the struct behind ``sret``)."""
    op, fname = call.op, call.function
    want = [params[i].type for i in call.active]
    if call.sret_type is not None:
        declared = call.sret_type
        fields = list(declared.types.data) if isinstance(declared, LLVMStructType) else None
    else:
        res = list(op.results)
        declared = res[0].type if res else None
        if declared is None or isinstance(declared, LLVMVoidType) or not res[0].uses:
            return want  # (the derivatives of active arguments are not read)
        fields = (list(declared.types.data) if isinstance(declared, LLVMStructType)
                  else [declared])
    if fields is None or len(fields) != len(want) or not all(
            _is_float(f) for f in fields):
        n = len(want)
        what = ("nothing (declare it void)" if n == 0 else "one float" if n == 1
                else f"a struct of {n} floats")
        raise _err(op, f"'{call.callee}' of '@{fname}' is declared to return {declared}, "
                       f"but it returns the derivatives of its {n} active argument(s): "
                       f"{what}")
    return fields


def _check_seed(call: AutodiffCall, fop: Operation) -> None:
    outs = results_of(fop)
    bad = [t for t in outs if not (_is_float(t) or _is_int(t))]
    if bad or sum(_is_float(t) for t in outs) > 1:
        raise _err(call.op, f"'{call.callee}' differentiates '@{call.function}', which "
                            f"returns {', '.join(map(str, outs))}: only a float, an "
                            "integer or nothing can be seeded")


def results_of(fop: Operation) -> list[Attribute]:
    """The result types of a ``func.func`` or ``llvm.func``."""
    ft = fop.properties.get("function_type") or fop.attributes.get("function_type")
    if isinstance(ft, LLVMFunctionType):
        out = ft.output
        return [] if isinstance(out, LLVMVoidType) else [out]
    outs = getattr(ft, "outputs", None)
    return list(outs.data) if outs is not None else []


def inferred_args(module: ModuleOp, func: str | None
                  ) -> tuple[str, list[str]] | None:
    """``(function, activities)`` from the module's ``__enzyme_autodiff`` calls of
    ``func`` (any function when None), or None when there are none; an error when the
    calls disagree (then each needs its own analysis: :func:`find_calls`)."""
    calls = [c for c in find_calls(module, func) if func is None or c.function == func]
    if not calls:
        return None
    keys = {c.key() for c in calls}
    if len(keys) > 1:
        listing = "; ".join(f"{c.location}: @{c.function}({', '.join(c.args)})"
                            for c in calls)
        raise ActivityError(f"the module differentiates {'@' + func if func else 'functions'}"
                            f" at {len(calls)} call sites with different activities "
                            f"({listing}): choose one with --func (func= in Python)")
    return calls[0].function, list(calls[0].args)


def from_calls(module: ModuleOp, func: str | None, args: Any) -> tuple[str, Any]:
    """``(func, args)`` with what is missing taken from the module's
    ``__enzyme_autodiff`` calls (:func:`inferred_args`); ``args`` stays None when no
    call differentiates ``func`` (the defaults then apply)."""
    if args is not None and func is not None:
        return func, args
    got = inferred_args(module, func)
    if got is None:
        if func is None:
            raise ActivityError("no function given, and the module has no "
                                "__enzyme_autodiff call to take it from")
        return func, args
    return got[0], (got[1] if args is None else args)


__all__ = ["AUTODIFF", "MARKERS", "AutodiffCall", "find_calls", "from_calls", "inferred_args",
           "is_autodiff_call", "marker_of", "read_call"]
