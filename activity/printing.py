"""Printing a module as MLIR text, with a clear error where xDSL cannot.

xDSL's printer packs every float constant to print it, and has no packing for
``f80`` (C's ``long double``) or ``f128``: printing such a constant raised a bare
``NotImplementedError`` that reached users as an internal error with no place (user
test: ``activity grad`` on a function summing in ``long double``).
"""

from __future__ import annotations

import io

from xdsl.dialects.builtin import Float80Type, Float128Type, FloatAttr, ModuleOp
from xdsl.ir import Operation
from xdsl.printer import Printer

from activity.errors import ActivityError

_UNPRINTABLE = (Float80Type, Float128Type)


def unprintable_op(module: Operation) -> Operation | None:
    """The first op holding a float constant of a type xDSL cannot print (or, failing
    that, any op with a value of such a type)."""
    for op in module.walk():
        for a in list(op.attributes.values()) + list(op.properties.values()):
            if isinstance(a, FloatAttr) and isinstance(a.type, _UNPRINTABLE):
                return op
    for op in module.walk():
        if any(isinstance(r.type, _UNPRINTABLE) for r in op.results):
            return op
    return None


def module_text(module: ModuleOp, generic: bool = False) -> str:
    """``module`` as MLIR text; an ``ActivityError`` at the culprit op where xDSL cannot
    print it."""
    buf = io.StringIO()
    try:
        Printer(stream=buf, print_generic_format=generic).print_op(module)
    except NotImplementedError:
        from activity.frontend import place_of

        op = unprintable_op(module)
        t = next((r.type for r in op.results), None) if op is not None else None
        raise ActivityError(f"cannot print the module: xDSL cannot print a constant of "
                            f"type {t or 'f80/f128'} (C's long double; use double)",
                            **place_of(op)) from None
    return buf.getvalue()
