"""The library API other AD tools build on: ``parse``, ``analyze``, ``grad``,
``gradient``, ``compile``, ``evaluate``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from xdsl.dialects.builtin import ModuleOp

from activity.analyses import (  # noqa: F401  (the API's names)
    ALIAS_MODES,
    MODES,
    _inferred,
    _no_gc,
    _report_warnings,
    analyze,
    analyze_calls,
    describe,
    load_summaries,
)
from activity.errors import ActivityWarning  # noqa: F401
from activity.frontend import parse  # noqa: F401


def grad(module: ModuleOp, func: str | None = None, args: Any = None, prune: bool = True,
         **kw: Any) -> ModuleOp:
    """Differentiate ``func`` in reverse mode; returns a new module with ``<func>_grad``
    (:func:`activity.ad.grad`, which documents the options: ``alias_args``, ``inline``,
    ``strict_adjoints``, ``strong_zero``).  With no ``args`` the activities (and with
    no ``func`` the function) come from the module's ``__enzyme_autodiff`` calls, as
    Enzyme reads them (:mod:`activity.autodiff_calls`), if it has any; else floats are
    active, integers const, buffers dup."""
    from activity.ad import grad as _grad
    from activity.autodiff_calls import from_calls

    func, args = from_calls(module, func, args)
    return _grad(module, func, args, prune, **kw)


def gradient(source: Any, func: str | None = None, argnums: Any = None, prune: bool = True,
             globals: Mapping[str, Any] | None = None, **kw: Any) -> Any:  # noqa: A002
    """``jax.grad``-like compiled gradient of ``func`` (its float results summed, each
    seeded with 1.0) with respect to the arguments ``argnums`` (``None``: every float
    and float-memref argument); ``prune=False`` gives the ``all_active`` baseline.
    With neither ``argnums`` nor ``args`` the activities (and with no ``func`` the
    function) come from the module's ``__enzyme_autodiff`` calls, if it has any
    (:mod:`activity.autodiff_calls`).

    Keyword options (documented in full at
    :func:`activity.codegen.compiled_gradient.gradient`): ``args`` (Enzyme-style
    activities instead of ``argnums``), ``target`` ("cpu" or "gpu"), ``opt`` (LLVM
    -O level, 0-3), ``emulate``, ``threads`` (an int or "auto", for ``scf.parallel``),
    ``reassoc``, ``speculate``, ``expand``, ``static_argnums`` (integer arguments
    compiled in, as ``jax.jit`` does for shapes; "auto": all), ``inline``,
    ``strict_adjoints``, ``check_bounds`` (every memref access checked: a
    ``BoundsError`` with the op's place instead of undefined behaviour),
    ``strong_zero`` (a zero adjoint times an infinite partial is 0 in every op);
    ``globals``: contents for the ``extern`` globals the code reads, as for
    :func:`compile`.

    Example::

        df = activity.gradient("examples/quickstart.mlir", "quickstart", argnums=(0, 2))
        dx, dbuf = df(0.3, 2.0, np.linspace(-1, 2, 7), 7)
    """
    from activity.autodiff_calls import from_calls
    from activity.codegen import gradient as _gradient
    from activity.extern_globals import bind

    module = source if isinstance(source, ModuleOp) else parse(source)
    if argnums is None and kw.get("args") is None:
        func, kw["args"] = from_calls(module, func, None)
    elif func is None:
        func, _ = from_calls(module, None, None)
    module = bind(module, [func], globals)
    return _gradient(module, func, argnums, prune, **kw)


def compile(source: Any, func: str, *args: Any,  # noqa: A001
            globals: Mapping[str, Any] | None = None, **kw: Any) -> Any:  # noqa: A002
    """:func:`activity.codegen.compile` (which documents the options); ``globals``:
    contents for the ``extern`` globals the code reads (``{"params": array}``),
    which the JIT has no definition of -- reading one not bound is an error naming
    it (:mod:`activity.extern_globals`)."""
    from activity.codegen import compile as _compile
    from activity.extern_globals import bind

    module = source if isinstance(source, ModuleOp) else parse(source)
    return _compile(bind(module, [func], globals), func, *args, **kw)


def evaluate(module: ModuleOp, func: str, *inputs: Any,
             globals: Mapping[str, Any] | None = None, **kw: Any) -> tuple:  # noqa: A002
    """:func:`activity.evaluate.evaluate` (the reference interpreter: ``max_steps``,
    ``timeout``); ``globals`` as for :func:`compile`."""
    from activity.evaluate import evaluate as _evaluate
    from activity.extern_globals import bind

    return _evaluate(bind(module, [func], globals), func, *inputs, **kw)


__all__ = ["ActivityWarning", "analyze", "analyze_calls", "compile", "evaluate", "grad",
           "gradient", "parse"]
