"""``activity.evaluate``: run any function of a module with the reference interpreter."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from xdsl.dialects.llvm import LLVMPointerType
from xdsl.ir import Operation

from activity.errors import ActivityError


def evaluate(module: Operation, func: str, *inputs: Any, max_steps: int = 10_000_000,
             timeout: float | None = None) -> tuple:
    """Run ``func`` (gradients included) on ``inputs``; returns the tuple of results.

    Memref arguments are numpy arrays shared with the caller (stores are visible after
    the call); tensor arguments are numpy arrays too (read, never written: tensors are
    values), and a tensor result is a new numpy array of the element type's dtype
    (float64, float32, int32, bool for ``i1``, ...); integers and index values are
    Python ints; floats are Python floats.
    Arguments are checked as :func:`activity.compile`'s functions check them: a
    ``TypeError`` or ``ValueError`` naming the argument for a value of the wrong kind
    or out of its type's range, an array of another dtype, rank or static size.
    What the program does that the semantics leaves undefined (an index out of bounds,
    a failed assertion, ...) raises ``EvaluationError``: an ``ActivityError`` with
    the op's ``FILE:LINE:COL``, and an ``InterpreterError``.  A run of more than
    ``max_steps`` executed ops, or longer than ``timeout`` seconds, raises
    ``StepLimitExceeded``.
    """
    import numpy as np

    from activity.semantics import Interpreter, InterpreterError
    from activity.semantics.memory import StepLimitExceeded

    inputs = _checked_inputs(module, func, inputs)
    try:
        return tuple(x.copy() if isinstance(x, np.ndarray) else x
                     for x in Interpreter(module, max_steps=max_steps, timeout=timeout)
                     .run(func, inputs).results)
    except StepLimitExceeded as e:
        # (the same type: callers catch it by its type -- review)
        raise StepLimitExceeded(f"@{func} stopped: {e}{limit_hint(e, max_steps, timeout)}"
                                ) from None
    except InterpreterError as e:
        raise _as_evaluation_error(e) from None


def _checked_inputs(module: Operation, func: str, inputs: Sequence[Any]) -> list[Any]:
    """``inputs`` checked as compiled functions check their arguments
    (:mod:`activity.arguments`: numbers of the parameter's kind and in its type's
    range, arrays of the memref's dtype, rank and static sizes, or of a dtype that fits
    what the code reads through an ``!llvm.ptr``), scalars as Python numbers.  (An f32
    array passed for a ``memref<?xf64>``, ``2**63`` for an ``index`` or ``1.5`` for an
    ``i32`` ran, converted or wrapped: user test.)"""
    import numpy as np
    from xdsl.dialects.builtin import AnyFloat, IndexType, IntegerType, MemRefType, TensorType

    from activity.arguments import check_memref, check_pointer, label, pointee_struct
    from activity.arguments import scalar_arg as scalar
    from activity.engine.program import Program
    from activity.engine.types import pointee, pointee_spec

    f = Program.of(module).functions.get(func)  # type: ignore[arg-type]
    if f is None or not f.regions or not f.regions[0].blocks:
        return list(inputs)  # (the interpreter says what is wrong)
    params = f.regions[0].blocks[0].args
    if len(params) != len(inputs):
        return list(inputs)
    out: list[Any] = []
    for i, (arg, x) in enumerate(zip(params, inputs, strict=True)):
        t = arg.type
        if isinstance(t, AnyFloat | IntegerType | IndexType):
            x = scalar(x, t, label(f, i, arg))
        elif isinstance(t, MemRefType | TensorType):  # (a tensor: as a memref's array)
            check_memref(x, t, label(f, i, arg))  # type: ignore[arg-type]
        elif isinstance(t, LLVMPointerType) and isinstance(x, np.ndarray):
            check_pointer(x, label(f, i, arg), pointee_spec(pointee(arg)), pointee_struct(arg))
        out.append(x)
    return out


def limit_hint(e: BaseException, max_steps: int, timeout: float | None,
               steps: str = "max_steps", time: str = "timeout") -> str:
    """How to let a run that raised ``StepLimitExceeded`` ``e`` go on, naming the
    options ``steps`` and ``time`` (the call depth has no option)."""
    msg = str(e)
    if msg.startswith("more than"):
        return f" (the limit {steps}={max_steps}; raise it to run longer)"
    if msg.startswith("ran longer"):
        return f" (the limit {time}={timeout:g}; raise it to run longer)" \
            if timeout is not None else ""
    return ""


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
