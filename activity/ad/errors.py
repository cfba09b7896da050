"""The error the AD generator raises, and how it names a place."""

from __future__ import annotations

from xdsl.ir import Operation

from activity.errors import ActivityError
from activity.frontend import location_of


class GradError(ActivityError):
    """The generator cannot differentiate something (names the op and its location)."""


def describe(op: Operation | None, orig: dict[int, Operation] | None = None) -> str:
    if op is None:
        return "<unknown>"
    src = orig.get(id(op), op) if orig else op
    loc = location_of(src)
    return f"{loc[0]}:{loc[1]}:{loc[2]}" if loc else "<unknown location>"
