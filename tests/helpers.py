"""Small helpers for analysis tests: analyse MLIR text and look values up by tag."""

from __future__ import annotations

import warnings
from typing import Any

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Operation

import activity


def run(text: str, func: str | None = "f", args: Any = None, **kw: Any) -> tuple[Any, dict]:
    """Analyse and return (result, tag -> op)."""
    m = activity.parse(text)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        r = activity.analyze(m, func, args, **kw)
    tags: dict[str, Operation] = {}
    for op in m.walk():
        t = op.attributes.get("tag")
        if isinstance(t, StringAttr):
            tags[t.data] = op
    return r, tags


def act(r: Any, tags: dict, tag: str) -> str:
    """'active' | 'varied' | 'useful' | 'const' for the (first) result of a tagged op."""
    return r.value(tags[tag].results[0]).word
