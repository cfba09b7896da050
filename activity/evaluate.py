"""``activity.evaluate``: run any function of a module with the reference interpreter."""

from __future__ import annotations

from typing import Any

from xdsl.ir import Operation


def evaluate(module: Operation, func: str, *inputs: Any, max_steps: int = 10_000_000) -> tuple:
    """Run ``func`` (gradients included) on ``inputs``; returns the tuple of results.

    Memref arguments are numpy arrays shared with the caller (stores are visible after
    the call); integers and index values are Python ints; floats are Python floats.
    """
    from activity.semantics import Interpreter

    return tuple(Interpreter(module, max_steps=max_steps).run(func, list(inputs)).results)


__all__ = ["evaluate"]
