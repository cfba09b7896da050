"""The code generator's error type (kept free of llvmlite so that importing
:mod:`activity.codegen` stays cheap)."""

from __future__ import annotations

from activity.errors import ActivityError


class CodegenError(ActivityError):
    """The module uses something the lowering does not support (with the op's place)."""


class BoundsError(ActivityError, IndexError):
    """Checked compiled code (``check_bounds=True``) went out of bounds: an index past
    its dimension, an access through a pointer past the block it points into, a copy
    between memrefs of different shapes, a view reaching past its source, a cast or
    reshape the sizes do not match (:mod:`activity.codegen.checks`); or, in any
    compiled code, an allocation of a negative size."""


class AllocationError(ActivityError, MemoryError):
    """Compiled code could not allocate a ``memref.alloc``'s (or ``alloca``'s) block,
    checked or not: its byte count passes 2**64 (the sizes' product wrapped around to
    a small block: heap corruption before), reaches 2**47, or ``malloc`` (the GPU
    driver) returned null.  The message names the op, its place and the size."""


class CompiledAssertionError(ActivityError, AssertionError):
    """A ``cf.assert`` failed in code the host JIT compiled (checked or not: a failed
    assertion leaves the function and the call raises, as the interpreter does,
    instead of trapping, which would kill the process)."""
