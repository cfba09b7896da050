"""The shape of one op-table entry.

Every consumer of op knowledge (the activity analyses, the reference interpreter, the
Z3 proofs, the AD generator) reads an :class:`OpSpec`; nothing else in the code base
restates what an op computes, which operands carry derivatives, or what memory it
touches.  Scalar semantics and derivative rules are written once, generically over a
*numeric backend* ``N`` (see :mod:`activity.ops.num`): the interpreter passes Python
floats, the proofs pass Z3 terms, and a code generator can pass IR builders.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from xdsl.ir import Operation


class OpKind(enum.Enum):
    """The op classes of the formalized subset (each op is classified exactly once)."""

    FLOAT = "float arithmetic"
    INT = "integer arithmetic"
    CAST = "cast"
    COMPARE = "comparison"
    SELECT = "select"
    CONSTANT = "constant"
    MEM_READ = "memory read"
    MEM_WRITE = "memory write"
    MEM_ALLOC = "memory allocate"
    MEM_FREE = "memory free"
    MEM_VIEW = "memory view"
    MEM_COPY = "memory copy"
    MEM_SET = "memory set"
    MEM_GLOBAL = "memory global"
    CONTROL = "control flow"
    CALL = "call"
    FUNCTION = "function"
    META = "metadata"
    TENSOR = "tensor value"
    STRUCTURED = "structured (linalg)"


# ``sem(N, op, *args)`` returns the tuple of result values.
Semantics = Callable[..., tuple[Any, ...]]
# ``partials(N, *args)`` returns d result / d operand for every operand in ``diff``.
Partials = Callable[..., tuple[Any, ...]]


@dataclass(frozen=True)
class OpSpec:
    """Everything the project knows about one op.

    Attributes:
        name: the MLIR op name, e.g. ``"arith.addf"``.
        kind: its class in the subset.
        summary: one line of concrete semantics, for docs and messages.
        diff: indices of the operands that carry derivatives into the (single) result;
            ``()`` means the result has zero derivative whatever the inputs.  For memory
            and control ops derivative flow goes through memory or successors and is
            described by the memory fields / the engine's region-flow rules instead.
        sem: concrete semantics for scalar ops, generic over the numeric backend.
        partials: partial derivatives of the result w.r.t. the ``diff`` operands, in the
            same order, generic over the backend.  Tangent rule: ``t = sum p_i * t_i``;
            adjoint rule: ``x_i_bar += p_i * y_bar``.
        result_partials: the same partials in terms of the result ``y`` as well:
            ``result_partials(N, y, *args)``, equal to ``partials(N, *args)`` when
            ``y = sem(args)`` (``tests/test_ops.py``-style checks in
            ``tests/test_ad_tapes.py``).  The reverse sweep uses it, so that it reads the
            value the forward sweep computed (``0.5 / y`` for ``sqrt``) instead of
            computing ``f(a)`` again; the interpreter and the proofs use ``partials``.
        sibling_partials: the same partials in terms of the result ``s`` of a *sibling*
            op of the same operands: ``(names, rule)`` with ``rule(N, s, *args)`` equal
            to ``partials(N, *args)`` when ``s`` is the result of one of ``names`` on the
            same operands (``sin``'s partial is the ``cos`` of its operand).  Where the
            program computes that sibling (a rotation computes both), the reverse sweep
            reads its value instead of calling the function again.
        ptr: operand index of the pointer/memref read or written (loads, stores, views).
        value: operand index of the value stored (stores).
        src, dst: operand indices of copy source and destination.
        reads: the op reads through ``ptr`` (or ``src``).
        writes: the op writes through ``ptr`` (or ``dst``).
        fresh: the op's result points to a fresh allocation site (its own alias class).
        view: the result aliases operand ``ptr`` (casts, views, GEPs).
        carries_bits: the op reinterprets bits (bitcast): derivative flows unchanged even
            into integer-typed results, so a float -> int -> float round trip keeps it.
    """

    name: str
    kind: OpKind
    summary: str
    diff: tuple[int, ...] = ()
    sem: Semantics | None = None
    partials: Partials | None = None
    result_partials: Partials | None = None
    sibling_partials: tuple[tuple[str, ...], Partials] | None = None
    ptr: int | None = None
    value: int | None = None
    src: int | None = None
    dst: int | None = None
    reads: bool = False
    writes: bool = False
    fresh: bool = False
    view: bool = False
    carries_bits: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def differentiable(self) -> bool:
        return bool(self.diff)

    def diff_operands(self, op: Operation) -> Sequence[int]:
        """Operand indices carrying derivatives; ``-1`` in ``diff`` means 'all operands'."""
        if self.diff == (-1,):
            return range(len(op.operands))
        return self.diff

    def body_differentiable(self, op: Operation) -> bool:
        """Whether the linalg body rule can differentiate ``op`` (a body's op): float
        arithmetic, a cast or a select with partials and one result."""
        return self.kind in (OpKind.FLOAT, OpKind.CAST, OpKind.SELECT) \
            and self.partials is not None and len(op.results) == 1

    def recomputed_partials(self, op: Operation) -> tuple[Partials | None, list[Any]]:
        """The partials an adjoint that recomputes ``op`` (a linalg body's) uses, and
        the values they read: ``result_partials`` over the result and the operands where
        the op has them (tanh's ``1 - y^2``: the result recomputed once, not twice),
        else ``partials`` over the operands."""
        if self.result_partials is not None:
            return self.result_partials, [op.results[0], *op.operands]
        return self.partials, list(op.operands)
