"""Reference semantics: an interpreter with forward-mode tangents for the op subset.

The activity analyses are proven sound against this semantics, and the randomized
soundness oracle runs it: see :mod:`activity.semantics.interpreter`.
"""

from activity.semantics.interpreter import Interpreter, RunResult, nonzero_tangent
from activity.semantics.memory import InterpreterError, StepLimitExceeded

__all__ = ["Interpreter", "InterpreterError", "RunResult", "StepLimitExceeded",
           "nonzero_tangent"]
