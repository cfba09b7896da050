"""``activity.evaluate``: run any function of a module with the reference interpreter."""

from __future__ import annotations

import threading
from typing import Any

from xdsl.ir import Operation

from activity.errors import ActivityError


def evaluate(module: Operation, func: str, *inputs: Any, max_steps: int = 10_000_000) -> tuple:
    """Run ``func`` (gradients included) on ``inputs``; returns the tuple of results.

    Memref arguments are numpy arrays shared with the caller (stores are visible after
    the call); integers and index values are Python ints; floats are Python floats.
    What the program does that the semantics leaves undefined (an index out of bounds,
    a failed assertion, ...) raises ``EvaluationError``: an ``ActivityError`` with
    the op's ``FILE:LINE:COL``, and an ``InterpreterError``.
    """
    from activity.semantics import Interpreter, InterpreterError
    from activity.semantics.memory import StepLimitExceeded

    try:
        return tuple(Interpreter(module, max_steps=max_steps).run(func, list(inputs)).results)
    except StepLimitExceeded:
        raise  # (as it was: callers catch it by its type -- review)
    except InterpreterError as e:
        raise _as_evaluation_error(e) from None


_ERROR: list[type] = []
_LOCK = threading.Lock()


def _evaluation_error() -> type:
    """:class:`EvaluationError`, made on first use: its base ``InterpreterError`` lives
    with the interpreter, which ``import activity`` should not load (0.3 s)."""
    with _LOCK:
        if not _ERROR:
            from activity.semantics.memory import InterpreterError

            class EvaluationError(ActivityError, InterpreterError):
                """:func:`evaluate` met what the reference semantics does not define (it
                raised a bare ``InterpreterError``, not an ``ActivityError``, and named
                no place: user test)."""

            # (found by pickle through the module's __getattr__: review)
            EvaluationError.__module__ = __name__
            EvaluationError.__qualname__ = "EvaluationError"
            _ERROR.append(EvaluationError)
    return _ERROR[0]


def _as_evaluation_error(e: BaseException) -> ActivityError:
    from activity.frontend import place_of

    op = getattr(e, "op", None)
    out = _evaluation_error()(str(e), **place_of(op))
    out.op = op
    return out


def __getattr__(name: str) -> Any:
    if name == "EvaluationError":
        return _evaluation_error()
    raise AttributeError(name)


__all__ = ["evaluate"]  # (and EvaluationError, made on first use: __getattr__)
