"""The code generator's error type (kept free of llvmlite so that importing
:mod:`activity.codegen` stays cheap)."""

from __future__ import annotations

from activity.errors import ActivityError


class CodegenError(ActivityError):
    """The module uses something the lowering does not support (with the op's place)."""
