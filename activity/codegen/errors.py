"""The code generator's error type (kept free of llvmlite so that importing
:mod:`activity.codegen` stays cheap)."""

from __future__ import annotations

from activity.errors import ActivityError


class CodegenError(ActivityError):
    """The module uses something the lowering does not support (with the op's place)."""


class BoundsError(ActivityError, IndexError):
    """Checked compiled code (``check_bounds=True``) went out of bounds: an index past
    its dimension, a copy between memrefs of different shapes, a view reaching past
    its source, a cast or reshape the sizes do not match, an allocation of a negative
    size, of a byte count that wraps around or reaches 2**47, or that ``malloc`` could
    not satisfy (:mod:`activity.codegen.checks`)."""


class AllocationError(ActivityError, MemoryError):
    """Compiled code could not allocate a ``memref.alloc``'s block (``malloc``
    returned null: more than the machine can give, or a negative size wrapped around
    to a huge one)."""


class CompiledAssertionError(ActivityError, AssertionError):
    """A ``cf.assert`` failed in code the host JIT compiled (checked or not: a failed
    assertion leaves the function and the call raises, as the interpreter does,
    instead of trapping, which would kill the process)."""
