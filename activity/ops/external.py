"""Derivative rules for external functions the op table does not know, supplied by
the user.

A C function without a body in the module (defined in another library, say) is
refused by the AD where a derivative passes through it.  :func:`register_external`
gives it a table entry, ``user.NAME``, and makes calls of ``NAME`` behave as that
entry (``EXTERNAL_ALIASES``), as calls of ``sin`` behave as ``math.sin``: the
analyses, the interpreter, the summaries and the AD then read it like every other
entry.  Value and partials are written as the op table writes its rules, over a
numeric backend ``N``: Python operators for arithmetic, ``N.exp``, ``N.log``,
``N.div``, ``N.select(N.lt(a, b), ...)`` ... for the rest (``activity.ops.num``
lists them), so that the interpreter evaluates them on floats and the AD emits them
as ops, which compile.  Compiled code calls the function itself (its symbol must be
in the process, as for every external function); the interpreter evaluates
``value``.

Example (``softplus`` from another library)::

    register_external("softplus", lambda N, x: N.log(1 + N.exp(x)),
                      lambda N, x: (N.div(1, 1 + N.exp(-x)),))

The rule is the user's word: the function is taken to be pure (no memory read or
written), its float operands all differentiable.  ``check_at`` compares the partials
with central differences of ``value`` at the given points and refuses a rule that
disagrees.  Register before differentiating (a gradient built before keeps the rule
it was built with); :func:`unregister_external` removes a rule.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Sequence
from typing import Any

from activity.ops.num import FLOAT
from activity.ops.spec import OpKind, OpSpec
from activity.ops.table import EXTERNAL_ALIASES, TABLE

PREFIX = "user."


def register_external(name: str, value: Callable[..., Any], partials: Callable[..., Any],
                      *, summary: str | None = None,
                      check_at: Sequence[Sequence[float]] = (),
                      replace: bool = False) -> OpSpec:
    """Calls of the external function ``name`` behave as ``value`` with derivatives
    ``partials`` (``partials(N, *args)`` returns one partial per argument); see the
    module docstring.  Returns the table entry made.  A name the table knows already
    (``sin``, or one registered before, unless ``replace``) is refused with a
    ``ValueError``."""
    if not name.isidentifier():
        raise ValueError(f"'{name}' is not a C function name")
    known = EXTERNAL_ALIASES.get(name)
    if known is not None and not (replace and known == PREFIX + name):
        raise ValueError(f"'{name}' has a rule already (it behaves as '{known}')")
    arity = len(inspect.signature(partials).parameters) - 1
    if arity < 1 or len(inspect.signature(value).parameters) - 1 != arity:
        raise ValueError(f"'{name}': value and partials must take the backend and the same "
                         "number (at least one) of arguments")
    for xs in check_at:
        _check(name, value, partials, [float(x) for x in xs], arity)
    spec = OpSpec(
        name=PREFIX + name, kind=OpKind.FLOAT,
        summary=summary or f"{name} (a user's rule)",
        diff=tuple(range(arity)),
        sem=lambda N, op, *a: (value(N, *a),),
        partials=partials,
    )
    TABLE[spec.name] = spec
    EXTERNAL_ALIASES[name] = spec.name
    return spec


def unregister_external(name: str) -> None:
    """Remove a rule :func:`register_external` made (a ``KeyError`` for any other)."""
    if EXTERNAL_ALIASES.get(name) != PREFIX + name:
        raise KeyError(f"no user rule for '{name}'")
    del EXTERNAL_ALIASES[name]
    del TABLE[PREFIX + name]


def _check(name: str, value: Callable[..., Any], partials: Callable[..., Any],
           xs: list[float], arity: int) -> None:
    if len(xs) != arity:
        raise ValueError(f"'{name}': a check point needs {arity} coordinates, not {len(xs)}")
    ps = tuple(partials(FLOAT, *xs))
    if len(ps) != arity:
        raise ValueError(f"'{name}': partials gives {len(ps)} values for {arity} arguments")
    for i in range(arity):
        h = 1e-6 * max(1.0, abs(xs[i]))
        hi, lo = list(xs), list(xs)
        hi[i] += h
        lo[i] -= h
        fd = (float(value(FLOAT, *hi)) - float(value(FLOAT, *lo))) / (2 * h)
        p = float(ps[i])
        if not (math.isfinite(fd) and abs(fd - p) <= 1e-4 * max(1.0, abs(fd), abs(p))):
            raise ValueError(f"'{name}': at {xs}, the partial for argument {i} is {p!r} but "
                             f"central differences of the value give {fd!r}")
