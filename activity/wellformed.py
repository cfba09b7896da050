"""Per-op checks of the input that MLIR makes and xDSL 0.75's verifier does not.

Each was an ``internal error`` deep in a later stage (found by tests/test_fuzz_cli.py):

* a comparison predicate outside its enum (``predicate = 99``: MLIR refuses it; the
  interpreter, verifier and lowering indexed a table with it -- and a negative one
  silently named another predicate);
* an ``ordering`` of ``llvm.load``/``llvm.store`` that is no atomic ordering (the
  printer indexes a table with it);
* an ``llvm.func`` whose entry block does not take the signature's parameters (xDSL
  checks ``func.func``'s, not ``llvm.func``'s; the verifier zipped them strictly, the
  gradient took the block's arguments as the function's);
* an empty block in a region of an op that needs terminators (the analysis's graph
  builder asserted);
* values an ``scf.if``/``scf.execute_region``/``scf.while`` region hands on that do not
  match in number and type what receives them (xDSL checks ``scf.for``'s only; ``run``
  even answered).

:func:`check_op` raises ``VerifyException``; :func:`activity.frontend.parse` reports
it at the op.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import llvm
from xdsl.dialects.builtin import IntegerAttr, NoneAttr, UnregisteredOp
from xdsl.ir import Attribute, Operation
from xdsl.traits import NoTerminator
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
    if op.regions and not isinstance(op, UnregisteredOp) and not op.has_trait(NoTerminator):
        for region in op.regions:
            for block in region.blocks:
                if block.first_op is None:
                    raise VerifyException("has an empty block (a block needs at least a "
                                          "terminator)")
    if op.name in ("scf.if", "scf.execute_region"):
        for k, region in enumerate(op.regions):
            for block in region.blocks:
                _check_handed(f"region #{k} yields", block.last_op, op.result_types,
                              "the results")
    elif op.name == "scf.while" and len(op.regions) == 2:
        before, after = op.regions
        inits = [v.type for v in op.operands]
        if before.blocks:
            _check_types("the before region takes",
                         [a.type for a in before.blocks[0].args], inits, "the initial values")
            _check_handed("scf.condition passes", before.blocks[0].last_op, op.result_types,
                          "the results", skip=1)
        if after.blocks:
            _check_types("the after region takes",
                         [a.type for a in after.blocks[0].args], op.result_types, "the results")
            for block in after.blocks:
                _check_handed("the after region yields", block.last_op, inits,
                              "the initial values")


def _check_handed(what: str, terminator: Operation | None, expected: Sequence[Attribute],
                  target: str, skip: int = 0) -> None:
    """The values ``terminator`` (an ``scf.yield``/``scf.condition``) passes on, its
    operands after the first ``skip``, match ``expected``."""
    if terminator is None or terminator.name not in ("scf.yield", "scf.condition"):
        return
    _check_types(what, [v.type for v in terminator.operands][skip:], expected, target)


def _check_types(what: str, got: Sequence[Attribute], expected: Sequence[Attribute],
                 target: str) -> None:
    if len(got) != len(expected):
        raise VerifyException(f"{what} {len(got)} value(s) but {len(expected)} are expected "
                              f"({target})")
    for k, (a, b) in enumerate(zip(got, expected, strict=True)):
        if a != b:
            raise VerifyException(f"{what} {a} as value #{k} but {b} is expected ({target})")


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

