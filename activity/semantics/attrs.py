"""Reading ops' attributes and types for the interpreter's rules (compile time only)."""

from __future__ import annotations

from typing import Any

from xdsl.dialects.builtin import (
    AnyFloat,
    FloatAttr,
    IntegerAttr,
    TensorType,
    VectorType,
)
from xdsl.ir import Attribute, Operation

from activity.ops.table import float_width, int_width, round_float, wrap
from activity.semantics.memory import InterpreterError

DYN = -(2**63)  # xDSL's dynamic sentinel in static_offsets/sizes/strides


def is_float(t: Attribute) -> bool:
    return isinstance(t, AnyFloat)


def round_width(t: Attribute) -> int:
    """Width to round a float result to, or 0 when no rounding is needed."""
    if isinstance(t, AnyFloat):
        w = float_width(t)
        return 0 if w == 64 else w
    return 0


def shaped(t: Attribute) -> bool:
    return isinstance(t, VectorType | TensorType)


def symbol(attr: Attribute | None) -> str | None:
    if attr is None:
        return None
    root = getattr(attr, "root_reference", None)
    if root is not None:
        return root.data
    data = getattr(attr, "data", None)
    return data if isinstance(data, str) else None


def prop(op: Operation, name: str) -> Attribute | None:
    """A property, or an attribute of that name (generic form may use either).

    (Never ``a or b`` on attributes: some, like ``IntegerAttr`` 0, are falsy.)
    """
    v = op.properties.get(name)
    return op.attributes.get(name) if v is None else v


def ints(attr: Attribute) -> tuple[int, ...]:
    """Values of a DenseArrayBase / ArrayAttr of integers."""
    get = getattr(attr, "get_values", None)
    if get is not None:
        return tuple(int(x) for x in get())
    return tuple(int(getattr(x, "value", x).data) for x in attr.data)  # type: ignore


def const_value(attr: Attribute, t: Attribute) -> Any:
    """The interpreter value of a scalar constant attribute of type ``t``."""
    if isinstance(attr, FloatAttr):
        return round_float(float(attr.value.data), float_width(t) if is_float(t) else 64)
    if isinstance(attr, IntegerAttr):
        v = attr.value.data
        if is_float(t):
            return float(v)
        return wrap(int(v), int_width(t))
    raise InterpreterError(f"unsupported constant {attr} : {t}")


__all__ = ["DYN", "const_value", "ints", "is_float", "prop", "round_width", "shaped",
           "symbol"]
