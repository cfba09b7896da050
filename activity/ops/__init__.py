"""The op table (single source of truth per op) and lookups into it."""

from __future__ import annotations

from xdsl.dialects.builtin import UnregisteredOp
from xdsl.ir import Operation

from activity.ops.external import register_external, unregister_external
from activity.ops.spec import OpKind, OpSpec
from activity.ops.table import ALLOCATORS, DEALLOCATORS, EXTERNAL_ALIASES, LOOP_OPS, TABLE


def op_name(op: Operation) -> str:
    """The op's MLIR name, also for ops xDSL parsed as unregistered."""
    if isinstance(op, UnregisteredOp):
        return op.op_name.data
    return op.name


def lookup(op: Operation | str) -> OpSpec | None:
    """The table entry for an op (or op name), or None if the op is outside the subset."""
    return TABLE.get(op if isinstance(op, str) else op_name(op))


__all__ = [
    "ALLOCATORS", "DEALLOCATORS", "EXTERNAL_ALIASES", "LOOP_OPS", "OpKind", "OpSpec", "TABLE",
    "lookup", "op_name", "register_external", "unregister_external",
]
