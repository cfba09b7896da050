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
  even answered);
* at the tensor level (:func:`check_tensor_op`): a structured op whose body arguments,
  yielded values or results do not match its operands (xDSL checks the body arguments
  of ``linalg.generic`` and the named ops only, and nothing of ``linalg.yield``), a
  ``linalg.index`` past the loops, mixed tensor and memref operands of
  ``linalg.reduce``/``broadcast``/``map``, and ``tensor.extract``/``insert``/
  ``from_elements`` with as many indices or elements as their types do not have.

:func:`check_op` raises ``VerifyException``; :func:`activity.frontend.parse` reports
it at the op.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import llvm
from xdsl.dialects.builtin import (
    IntegerAttr,
    MemRefType,
    NoneAttr,
    ShapedType,
    TensorType,
    UnregisteredOp,
)
from xdsl.ir import Attribute, Operation
from xdsl.traits import NoTerminator
from xdsl.utils.exceptions import VerifyException

from activity.ops.table import CMPF_PREDICATES, CMPI_PREDICATES
from activity.tensor.structured import structured

__all__ = ["ATOMIC_ORDERINGS", "check_op", "check_tensor_op"]

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
    visibility = op.properties.get("visibility_")
    if isinstance(visibility, IntegerAttr) and visibility.value.data not in (0, 1, 2):
        raise VerifyException(f"visibility_ {visibility.value.data} is not a visibility "
                              "(0 default, 1 hidden, 2 protected)")
    if isinstance(op, llvm.FuncOp):
        _check_entry_block(op)
    if op.name.startswith(("linalg.", "tensor.")):
        check_tensor_op(op)
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



# --------------------------------------------------------------------------
# The tensor level


def _element(t: Attribute) -> Attribute:
    """The element type of a tensor or memref; a scalar's own type."""
    return t.get_element_type() if isinstance(t, TensorType | MemRefType) else t


def check_tensor_op(op: Operation) -> None:
    """The tensor-level checks of the module doc (upstream's messages where it has
    them)."""
    view = structured(op)
    if view is not None:
        shaped = [v.type for v in view.operands if isinstance(v.type, ShapedType)]
        if (any(isinstance(t, TensorType) for t in shaped)
                and any(isinstance(t, MemRefType) for t in shaped)):
            raise VerifyException("expected to have pure tensor or buffer semantics")
        if view.body.last_op is None or view.body.last_op.name != "linalg.yield":
            raise VerifyException("expected its body to end with 'linalg.yield'")
        args = view.body.args
        if len(args) != len(view.operands):
            raise VerifyException(f"mismatching number of operands and block arguments: "
                                  f"{len(view.operands)} and {len(args)}")
        for k, (v, a) in enumerate(zip(view.operands, args, strict=True)):
            if a.type != _element(v.type):
                raise VerifyException(f"expected type of bb argument #{k} ({a.type}) to "
                                      f"match element or self type of the corresponding "
                                      f"operand ({_element(v.type)})")
        outs = [v.type for v in view.outputs if isinstance(v.type, TensorType)]
        if len(view.results) != len(outs):
            raise VerifyException(f"expected {len(outs)} result(s), one per tensor init, "
                                  f"got {len(view.results)}")
        for k, (t, r) in enumerate(zip(outs, view.results, strict=True)):
            if r.type != t:
                raise VerifyException(f"expected type of operand #{len(view.inputs) + k} "
                                      f"('{t}') to match type of corresponding result "
                                      f"('{r.type}')")
        for k, (v, m) in enumerate(zip(view.operands, view.indexing_maps, strict=True)):
            rank = len(v.type.get_shape()) if isinstance(v.type, ShapedType) else 0
            if m.num_dims != view.num_loops or len(m.results) != rank or m.num_symbols:
                raise VerifyException(f"indexing map #{k} ({m}) does not fit "
                                      f"{view.num_loops} loop(s) and operand #{k} of rank "
                                      f"{rank}")
        return
    parent = op.parent_op()
    outer = structured(parent) if parent is not None else None
    if op.name == "linalg.yield" and outer is not None:
        outs = outer.outputs
        if len(op.operands) != len(outs):
            raise VerifyException(f"expected number of yield values ({len(op.operands)}) to "
                                  f"match the number of inits / outs operands of the "
                                  f"enclosing LinalgOp ({len(outs)})")
        for k, (v, o) in enumerate(zip(op.operands, outs, strict=True)):
            if v.type != _element(o.type):
                raise VerifyException(f"type of yield operand {k + 1} ('{v.type}') doesn't "
                                      f"match the element type of the enclosing "
                                      f"'{parent.name}' op ('{_element(o.type)}')")
    elif op.name == "linalg.index":
        dim = op.properties.get("dim")
        loops = outer.num_loops if outer is not None else None
        if (loops is not None and isinstance(dim, IntegerAttr)
                and not 0 <= dim.value.data < loops):
            raise VerifyException(f"expected dim ({dim.value.data}) to be lower than the "
                                  f"number of loops ({loops}) of the enclosing LinalgOp")
    elif op.name in ("tensor.extract", "tensor.insert"):
        at = 0 if op.name == "tensor.extract" else 1
        if len(op.operands) > at and isinstance(op.operands[at].type, ShapedType):
            t = op.operands[at].type
            rank = len(t.get_shape())
            if len(op.operands) - at - 1 != rank:
                raise VerifyException(f"incorrect number of indices: "
                                      f"{len(op.operands) - at - 1} for a tensor of rank "
                                      f"{rank}")
            if op.name == "tensor.insert" and op.operands[0].type != _element(t):
                raise VerifyException(f"inserts a {op.operands[0].type} into a tensor of "
                                      f"{_element(t)}")
    elif op.name == "tensor.from_elements" and op.results:
        t = op.results[0].type
        if isinstance(t, ShapedType) and all(d >= 0 for d in t.get_shape()):
            count = 1
            for d in t.get_shape():
                count *= d
            if len(op.operands) != count:
                raise VerifyException(f"has {len(op.operands)} element(s) for a {t} "
                                      f"({count})")
            for k, v in enumerate(op.operands):
                if v.type != _element(t):
                    raise VerifyException(f"element #{k} has type {v.type}, the tensor "
                                          f"holds {_element(t)}")
