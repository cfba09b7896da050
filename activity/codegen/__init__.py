"""Native code for the subset: LLVM IR via llvmlite, host JIT, PTX for NVIDIA GPUs.

``compile(module, func, target="cpu")`` returns a Python callable running ``func`` as
machine code; ``gradient(source, func)`` a ``jax.grad``-like callable built on
:func:`activity.grad`; ``emit(...)`` writes LLVM IR, object code or PTX ahead of time.
See ``docs/codegen.md``.
"""

from __future__ import annotations

from typing import Any

from activity.codegen.api import as_module as _module  # noqa: F401  (as before)
from activity.codegen.api import check_options, compile, resolve_threads  # noqa: A004
from activity.codegen.errors import (
    AllocationError,
    BoundsError,
    CodegenError,
    CompiledAssertionError,
)


def gradient(source: Any, func: str, argnums: Any = None, prune: bool = True,
             **kw: Any) -> Any:
    """``jax.grad``-like compiled gradient of ``func`` (its float results summed, each
    seeded with 1.0) with respect to the arguments ``argnums`` (``None``: every float
    and float-memref argument); ``prune=False`` gives the ``all_active`` baseline.

    Keyword options (documented in full at
    :func:`activity.codegen.compiled_gradient.gradient`): ``args`` (Enzyme-style
    activities instead of ``argnums``), ``target`` ("cpu" or "gpu"), ``opt`` (LLVM
    -O level, 0-3), ``emulate``, ``threads`` (an int or "auto", for ``scf.parallel``),
    ``reassoc``, ``speculate``, ``expand``, ``static_argnums`` (integer arguments
    compiled in, as ``jax.jit`` does for shapes; "auto": all), ``inline``,
    ``strict_adjoints``, ``check_bounds`` (every memref access checked: a
    ``BoundsError`` with the op's place instead of undefined behaviour),
    ``strong_zero`` (a zero adjoint times an infinite partial is 0 in every op).

    Example::

        df = activity.gradient("examples/quickstart.mlir", "quickstart", argnums=(0, 2))
        dx, dbuf = df(0.3, 2.0, np.linspace(-1, 2, 7), 7)
    """
    from activity.codegen.compiled_gradient import gradient as _gradient

    return _gradient(source, func, argnums, prune, **kw)


def __getattr__(name: str) -> Any:
    # DeviceArray and to_device (activity.codegen.gpu_arrays) come with the GPU runtime,
    # imported on first use
    if name in ("DeviceArray", "to_device"):
        from activity.codegen import gpu

        return getattr(gpu, name)
    raise AttributeError(f"module 'activity.codegen' has no attribute '{name}'")


def keep_freed_memory(limit: int = 1 << 30) -> bool:
    """Opt-in: keep freed blocks below ``limit`` bytes in the C heap, so repeated
    gradients do not page-fault their tapes in again; see :mod:`activity.codegen.heap`."""
    from activity.codegen.heap import keep_freed_memory as _keep

    return _keep(limit)


__all__ = ["AllocationError", "BoundsError", "CompiledAssertionError", "CodegenError",
           "DeviceArray", "check_options", "compile", "gradient", "keep_freed_memory",
           "resolve_threads", "to_device"]
