"""Summaries carried in the IR: the ``activity.summary`` attribute of functions."""

from __future__ import annotations

import json

from xdsl.dialects.builtin import ModuleOp, StringAttr

from activity.engine.program import Program
from activity.errors import ActivityError
from activity.summaries.model import Summary

SUMMARY_ATTR = "activity.summary"


def summaries_from_attributes(module: ModuleOp) -> dict[str, Summary]:
    """Summaries carried by ``activity.summary`` attributes on functions (declarations
    included), so summarized IR stays self-describing."""
    out: dict[str, Summary] = {}
    for name, f in Program.of(module).functions.items():
        a = f.attributes.get(SUMMARY_ATTR)
        if isinstance(a, StringAttr):
            try:
                d = json.loads(a.data)
            except json.JSONDecodeError as e:
                raise ActivityError(f"function '{name}': attribute {SUMMARY_ATTR} is not "
                                    f"valid JSON: {e.msg}") from None
            out[name] = Summary.from_json(name, d)
    return out


__all__ = ["SUMMARY_ATTR", "summaries_from_attributes"]
