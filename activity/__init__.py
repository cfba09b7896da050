"""activity: sound, precise activity analysis for automatic differentiation of MLIR.

Public API::

    import activity
    module = activity.parse("prog.mlir")            # or MLIR text
    result = activity.analyze(module, func="f", args=["active", "const", "dup"])
    result.value(v).active, result.op_active(op), result.to_json(), result.annotate("enzyme")
"""

from activity.ad import grad
from activity.analysis.result import ActivityResult, ValueActivity
from activity.api import ActivityWarning, analyze, parse
from activity.errors import ActivityError
from activity.evaluate import evaluate

__version__ = "0.1.0"

__all__ = [
    "ActivityError", "ActivityResult", "ActivityWarning", "ValueActivity", "analyze",
    "evaluate", "grad", "parse", "__version__",
]
