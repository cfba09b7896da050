"""The rule tables: which function generates an op's forward-sweep code and which its
adjoint.

A rule is a plain function of the generator of one function (``gen``, a
:class:`~activity.ad.funcgen.FuncGen`: its builder, adjoints, shadows and tape plan)
and the primal op.  It is found by the op's name first (:data:`FORWARD`,
:data:`REVERSE`: region ops, calls), then, for the reverse sweep, by the kind the op
table gives the op (:data:`REVERSE_BY_KIND`: every float op, cast and select shares
one rule; every load one...).  An op with no forward rule is cloned into the forward
sweep as it is.  Whether the reverse sweep visits an op at all is decided by
:class:`~activity.ad.needs.OpNeeds` from the op table, unless the rule registered a
``needs`` predicate (:data:`REVERSE_NEEDS`: an op outside the op table, a new
dialect's).  See ``docs/ad.md`` for how to add one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from xdsl.ir import Operation

from activity.ops import OpKind, OpSpec

Gen = Any  # the generator of one function (activity.ad.funcgen.FuncGen)
Rule = Callable[[Gen, Operation], None]
KindRule = Callable[[Gen, Operation, OpSpec], None]

FORWARD: dict[str, Rule] = {}
"""op name -> the rule emitting the op's forward sweep (default: a clone of the op)."""
REVERSE: dict[str, Rule] = {}
"""op name -> the rule emitting the op's adjoint code."""
REVERSE_NEEDS: dict[str, Callable[[Gen, Operation], bool]] = {}
"""op name -> whether the reverse sweep must visit the op (``needs=`` of
:func:`reverse_rule`; default: :meth:`activity.ad.needs.OpNeeds.needs_rev` decides)."""
REVERSE_BY_KIND: dict[OpKind, KindRule] = {}
"""op-table kind -> the rule emitting the adjoint of the ops of that kind (with their
table entry); used for the ops :data:`REVERSE` does not name."""


def _register(table: dict[Any, Any], keys: tuple[Any, ...], what: str
              ) -> Callable[[Callable[..., None]], Callable[..., None]]:
    def deco(fn: Callable[..., None]) -> Callable[..., None]:
        for k in keys:
            if k in table:
                raise ValueError(f"two {what} rules for {k}: {table[k].__module__}."
                                 f"{table[k].__name__} and {fn.__module__}.{fn.__name__}")
            table[k] = fn
        return fn
    return deco


def forward_rule(*names: str) -> Callable[[Rule], Rule]:
    """Register the decorated ``fn(gen, op)`` as the forward-sweep rule of ``names``."""
    return _register(FORWARD, names, "forward")


def reverse_rule(*names: str, needs: Callable[[Gen, Operation], bool] | None = None
                 ) -> Callable[[Rule], Rule]:
    """Register the decorated ``fn(gen, op)`` as the reverse rule of ``names``; with
    ``needs(gen, op)``, also whether the reverse sweep must visit such an op (for ops
    the op table does not describe)."""
    if needs is not None:
        for n in names:
            if n in REVERSE_NEEDS:
                raise ValueError(f"two needs predicates for {n}")
            REVERSE_NEEDS[n] = needs
    return _register(REVERSE, names, "reverse")


def reverse_kind_rule(*kinds: OpKind) -> Callable[[KindRule], KindRule]:
    """Register the decorated ``fn(gen, op, spec)`` as the reverse rule of every op the
    op table gives one of ``kinds``."""
    return _register(REVERSE_BY_KIND, kinds, "reverse")


__all__ = ["FORWARD", "REVERSE", "REVERSE_BY_KIND", "REVERSE_NEEDS", "Gen", "KindRule", "Rule",
           "forward_rule", "reverse_kind_rule", "reverse_rule"]
