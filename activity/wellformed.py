"""Per-op checks of the input that MLIR makes and xDSL 0.75's verifier does not.

Each was an ``internal error`` deep in a later stage (found by tests/test_fuzz_cli.py):

* a comparison predicate outside its enum (``predicate = 99``: MLIR refuses it; the
  interpreter, verifier and lowering indexed a table with it -- and a negative one
  silently named another predicate);
* an ``ordering`` of ``llvm.load``/``llvm.store`` that is no atomic ordering (the
  printer indexes a table with it);
* an ``llvm.func`` whose entry block does not take the signature's parameters (xDSL
  checks ``func.func``'s, not ``llvm.func``'s; the verifier zipped them strictly, the
  gradient took the block's arguments as the function's).

:func:`check_op` raises ``VerifyException``; :func:`activity.frontend.parse` reports
it at the op.
"""

from __future__ import annotations

from xdsl.dialects import llvm
from xdsl.dialects.builtin import IntegerAttr, NoneAttr
from xdsl.ir import Attribute, Operation
from xdsl.utils.exceptions import VerifyException

from activity.ops.table import CMPF_PREDICATES, CMPI_PREDICATES

__all__ = ["ATOMIC_ORDERINGS", "check_op"]

_PREDICATES: dict[str, tuple[str, ...]] = {
    "arith.cmpf": CMPF_PREDICATES, "llvm.fcmp": CMPF_PREDICATES,
    "arith.cmpi": CMPI_PREDICATES, "llvm.icmp": CMPI_PREDICATES,
}

ATOMIC_ORDERINGS = frozenset({0, 1, 2, 4, 5, 6, 7})
"""MLIR's ``LLVM::AtomicOrdering``: not_atomic, unordered, monotonic, acquire, release,
acq_rel, seq_cst (3, LLVM's ``consume``, is not one)."""


def check_op(op: Operation) -> None:
    """Raise ``VerifyException`` if ``op`` breaks one of the rules above."""
    table = _PREDICATES.get(op.name)
    if table is not None:
        _check_predicate(op, table)
    ordering = op.properties.get("ordering")
    if isinstance(ordering, IntegerAttr) and ordering.value.data not in ATOMIC_ORDERINGS:
        raise VerifyException(f"ordering {ordering.value.data} is not an atomic ordering "
                              f"(one of {sorted(ATOMIC_ORDERINGS)})")
    if isinstance(op, llvm.FuncOp):
        _check_entry_block(op)


def _check_predicate(op: Operation, table: tuple[str, ...]) -> None:
    attr = op.properties.get("predicate", op.attributes.get("predicate"))
    if attr is None:
        raise VerifyException("has no predicate")
    data = getattr(getattr(attr, "value", attr), "data", None)
    if isinstance(attr, IntegerAttr) and isinstance(data, int):
        if not 0 <= data < len(table):
            raise VerifyException(f"predicate {data} is out of range (0 to {len(table) - 1})")
    elif not (isinstance(data, str) and data.lstrip("_") in table):
        raise VerifyException(f"predicate {attr} is not one of {', '.join(table)}")


def _check_entry_block(op: llvm.FuncOp) -> None:
    if not op.body.blocks:
        return
    params = list(op.function_type.inputs.data)
    args = op.body.blocks[0].args
    if len(args) != len(params):
        raise VerifyException(f"entry block must have {len(params)} arguments to match the "
                              f"function signature, has {len(args)}")
    for k, (arg, param) in enumerate(zip(args, params, strict=True)):
        if not _same_type(arg.type, param):
            raise VerifyException(f"entry block argument #{k} ({arg.type}) does not match "
                                  f"the type of parameter #{k} in the signature ({param})")


def _same_type(a: Attribute, b: Attribute) -> bool:
    """Equal, where ``!llvm.ptr`` and ``!llvm.ptr<0>`` are one type."""
    if isinstance(a, llvm.LLVMPointerType) and isinstance(b, llvm.LLVMPointerType):
        return _space(a) == _space(b)
    return a == b


def _space(t: llvm.LLVMPointerType) -> int:
    space = t.addr_space
    return 0 if isinstance(space, NoneAttr) else int(space.data)

