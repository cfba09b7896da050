"""activity: sound, precise activity analysis for automatic differentiation of MLIR.

Public API::

    import activity
    module = activity.parse("prog.mlir")            # or MLIR text
    result = activity.analyze(module, func="f", args=["active", "const", "dup"])
    result.value(v).active, result.op_active(op), result.to_json(), result.annotate("enzyme")
    f = activity.compile(module, "f")               # native code (llvmlite JIT)
    df = activity.gradient(module, "f", argnums=0)  # compiled reverse-mode gradient
"""

from activity.ad import grad
from activity.analysis.result import ActivityResult, ValueActivity
from activity.api import ActivityWarning, analyze, parse
from activity.codegen import (  # noqa: A004
    AllocationError,
    BoundsError,
    CompiledAssertionError,
    compile,
    gradient,
)
from activity.errors import ActivityError
from activity.evaluate import evaluate

__version__ = "0.1.0"

__all__ = [
    "ActivityError", "ActivityResult", "ActivityWarning", "AllocationError", "BoundsError",
    "CompiledAssertionError", "ValueActivity", "analyze",
    "compile", "evaluate", "grad", "gradient", "parse", "__version__",
]
