"""``memref.atomic_rmw``: its kinds and the op-table op each one applies.

MLIR numbers the kinds (``arith::AtomicRMWKind``) alphabetically; the property ``kind``
holds that number.  Every kind but ``assign`` combines the old value (first operand)
with the new one exactly as the named op-table op does, so the interpreter and the
lowering both evaluate the table op instead of restating it.
"""

from __future__ import annotations

from xdsl.ir import Operation

RMW_KINDS = ("addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu",
             "minimumf", "minnumf", "mins", "minu", "mulf", "muli", "ori", "xori")

RMW_TABLE_OP = {
    "addf": "arith.addf", "addi": "arith.addi", "andi": "arith.andi",
    "maximumf": "arith.maximumf", "maxnumf": "arith.maxnumf", "maxs": "arith.maxsi",
    "maxu": "arith.maxui", "minimumf": "arith.minimumf", "minnumf": "arith.minnumf",
    "mins": "arith.minsi", "minu": "arith.minui", "mulf": "arith.mulf",
    "muli": "arith.muli", "ori": "arith.ori", "xori": "arith.xori",
}


def rmw_kind(op: Operation) -> str:
    """The kind name of a ``memref.atomic_rmw`` (ValueError when unknown)."""
    attr = op.properties.get("kind")
    if attr is None:
        attr = op.attributes.get("kind")
    v = getattr(getattr(attr, "value", None), "data", None)
    if not isinstance(v, int) or not 0 <= v < len(RMW_KINDS):
        raise ValueError(f"memref.atomic_rmw with unknown kind {attr}")
    return RMW_KINDS[v]
