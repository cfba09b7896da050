"""Argument activities: where they come from and what is allowed.

Order of precedence (first wins): the API/CLI spec; the argument attribute
``activity.arg = "active" | "const" | "dup" | "dupnoneed"`` (or Enzyme's unit attribute
``enzyme.const``); else the type default: float scalars ``active``, integers/index
``const``, memrefs and pointers ``dup``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from xdsl.dialects.builtin import DictionaryAttr, StringAttr
from xdsl.ir import Operation, SSAValue

from activity.engine.program import entry_args, sym_name
from activity.engine.types import is_float_like, is_pointer
from activity.errors import ActivityError

KINDS = ("active", "const", "dup", "dupnoneed")


class ArgSpecError(ActivityError, ValueError):
    """An activity spec names no argument, or one argument twice (a ``ValueError``
    for the API, one ``error:`` line for the CLI)."""

ArgSpec = Sequence[str] | Mapping[str | int, str] | None


def arg_attr_dicts(func: Operation) -> list[dict[str, object]]:
    attrs = func.properties.get("arg_attrs") or func.attributes.get("arg_attrs")
    out: list[dict[str, object]] = []
    if attrs is None:
        return out
    for d in attrs.data:  # type: ignore[attr-defined]
        out.append(dict(d.data) if isinstance(d, DictionaryAttr) else {})
    return out


def arg_label(func: Operation, i: int, a: SSAValue) -> str:
    """A human name for argument ``i``: its tag, its SSA name, or its index."""
    dicts = arg_attr_dicts(func)
    d = dicts[i] if i < len(dicts) else {}
    for key in ("tag", "enzyme.tag"):
        t = d.get(key)
        if isinstance(t, StringAttr):
            return t.data
    return a.name_hint or f"arg{i}"


def default_activity(a: SSAValue) -> str:
    if is_pointer(a.type):
        return "dup"
    if is_float_like(a.type):
        return "active"
    return "const"


def check_kind(func: Operation, i: int, a: SSAValue, kind: str) -> None:
    fname = sym_name(func)
    label = arg_label(func, i, a)
    if kind not in KINDS:
        raise ActivityError(f"@{fname}: argument '{label}': unknown activity '{kind}' "
                            f"(expected one of {', '.join(KINDS)})")
    if is_pointer(a.type):
        if kind == "active":
            raise ActivityError(f"@{fname}: argument '{label}' of type {a.type} is a buffer: "
                                "use 'dup', 'dupnoneed' or 'const', not 'active'")
    elif kind in ("dup", "dupnoneed"):
        raise ActivityError(f"@{fname}: argument '{label}' of type {a.type} is a scalar: "
                            f"'{kind}' needs a memref or pointer; use 'active' or 'const'")
    elif kind == "active" and not is_float_like(a.type):
        raise ActivityError(f"@{fname}: argument '{label}' of type {a.type} cannot be "
                            "active (not a float); use 'const'")


def arg_index(func: Operation, key: object) -> int:
    """The argument of ``func`` that a key of an activity dict names: its index (an
    int or digits), its label (the ``activity.name``/tag of :func:`arg_label`) or its
    SSA name; an ``ActivityError`` listing the names otherwise."""
    args = list(entry_args(func))
    labels = {arg_label(func, i, a): i for i, a in enumerate(args)}
    for i, a in enumerate(args):
        if a.name_hint:
            labels.setdefault(a.name_hint, i)
    if isinstance(key, int) or (isinstance(key, str) and key.isdigit()):
        idx = int(key)  # type: ignore[arg-type]
    else:
        idx = labels.get(str(key), -1)
    if not 0 <= idx < len(args):
        known = ", ".join(labels) or "none"
        raise ArgSpecError(f"@{sym_name(func)}: no argument named '{key}' "
                            f"(arguments: {known})")
    return idx


def resolve_args(func: Operation, spec: ArgSpec) -> list[str]:
    """The activity of every argument of ``func`` (validated)."""
    args = list(entry_args(func))
    fname = sym_name(func)
    dicts = arg_attr_dicts(func)
    out: list[str] = []
    for i, a in enumerate(args):
        d = dicts[i] if i < len(dicts) else {}
        kind = None
        attr = d.get("activity.arg")
        if isinstance(attr, StringAttr):
            kind = attr.data
        elif "enzyme.const" in d:
            kind = "const"
        out.append(kind or default_activity(a))
    if spec is not None:
        if isinstance(spec, Mapping):
            named: dict[int, object] = {}
            for key, kind in spec.items():
                i = arg_index(func, key)
                if i in named:  # ({"x": ..., 0: ...} for one argument: user test)
                    raise ArgSpecError(f"@{fname}: argument {i} is given twice, as "
                                       f"'{named[i]}' and '{key}'")
                named[i] = key
                out[i] = kind
        else:
            spec = list(spec)
            if len(spec) != len(args):
                raise ActivityError(f"@{fname} takes {len(args)} argument(s) but the "
                                    f"activity spec gives {len(spec)}")
            out = [str(k) for k in spec]
    for i, (a, kind) in enumerate(zip(args, out, strict=True)):
        check_kind(func, i, a, kind)
    return out
