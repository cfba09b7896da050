"""activity: sound, precise activity analysis for automatic differentiation of MLIR.

Public API::

    import activity
    module = activity.parse("prog.mlir")            # or MLIR text
    result = activity.analyze(module, func="f", args=["active", "const", "dup"])
    result.value(v).active, result.op_active(op), result.to_json(), result.annotate("enzyme")
    f = activity.compile(module, "f")               # native code (llvmlite JIT)
    df = activity.gradient(module, "f", argnums=0)  # compiled reverse-mode gradient

The names are imported on first use (``activity --version`` need not load xDSL, the
analyses, the AD generator and llvmlite).
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# public name -> the module that defines it
_LAZY = {
    "ActivityError": "activity.errors",
    "ActivityResult": "activity.analysis.result",
    "ValueActivity": "activity.analysis.result",
    "ActivityWarning": "activity.api",
    "analyze": "activity.api",
    "parse": "activity.api",
    "analyze_calls": "activity.api",
    "grad": "activity.api",
    "AllocationError": "activity.codegen",
    "BoundsError": "activity.codegen",
    "CompiledAssertionError": "activity.codegen",
    "DeviceArray": "activity.codegen.gpu",
    "to_device": "activity.codegen.gpu",
    "compile": "activity.api",
    "gradient": "activity.api",
    "evaluate": "activity.api",
}

__all__ = [
    "ActivityError", "ActivityResult", "ActivityWarning", "AllocationError", "BoundsError",
    "CompiledAssertionError", "DeviceArray", "ValueActivity", "analyze", "analyze_calls",
    "compile", "evaluate", "grad", "gradient", "parse", "to_device", "__version__",
]

if TYPE_CHECKING:  # pragma: no cover
    from activity.analysis.result import ActivityResult, ValueActivity
    from activity.api import (  # noqa: A004
        ActivityWarning,
        analyze,
        analyze_calls,
        compile,
        evaluate,
        grad,
        gradient,
        parse,
    )
    from activity.codegen import (  # noqa: A004
        AllocationError,
        BoundsError,
        CompiledAssertionError,
    )
    from activity.errors import ActivityError


def __getattr__(name: str) -> Any:
    mod = _LAZY.get(name)
    if mod is None:
        raise AttributeError(f"module 'activity' has no attribute '{name}'")
    value = getattr(importlib.import_module(mod), name)
    if name != "evaluate":  # (see _Package: the submodule would shadow the function)
        globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


class _Package(types.ModuleType):
    """``activity.evaluate`` is both a submodule and the public function: importing the
    submodule sets the package attribute to the module, which would shadow the lazy
    function; this property keeps ``activity.evaluate`` the function."""

    @property
    def evaluate(self) -> Any:
        from activity.api import evaluate

        return evaluate

    @evaluate.setter
    def evaluate(self, value: Any) -> None:  # the import system binding the submodule
        pass


sys.modules[__name__].__class__ = _Package
