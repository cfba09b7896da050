"""The layout of an ``scf.forall``, read generically.

xDSL 0.75 has no ``scf.forall``: it parses the op (generic form, or the custom form
through the ``mlir-opt-22`` conversion of the front end) as an unregistered op, which
xDSL does not verify.  Its layout, as MLIR defines it:

* operands: the dynamic lower bounds, upper bounds and steps, then the ``shared_outs``
  (tensors), split by the property ``operandSegmentSizes``;
* properties ``staticLowerBound``/``staticUpperBound``/``staticStep``: one integer per
  dimension, ``INT64_MIN`` where the bound is the next dynamic operand (the custom form
  ``scf.forall (%i) in (%n)`` is lower bound 0, step 1); an optional ``mapping`` (how
  the dimensions map onto GPU threads or blocks: a scheduling hint, no semantics);
* one region of one block: the induction variables, then one argument per shared out;
  its terminator ``scf.forall.in_parallel`` holds the ``tensor.parallel_insert_slice``
  ops that build the results (empty without ``shared_outs``).

On memrefs (no ``shared_outs``) the op means an ``scf.parallel`` without reductions:
the iterations over the box ``[lb, ub) step st`` in any order.  The analysis and the
interpreter read it here; AD and codegen rewrite it into ``scf.parallel`` first
(:mod:`activity.ad.forall`).  ``shared_outs`` (tensor results) wait for the tensor level.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.ir import Attribute, Block, BlockArgument, Operation, SSAValue

from activity.ops import op_name

FORALL = "scf.forall"
IN_PARALLEL = "scf.forall.in_parallel"
FORALL_OPS = frozenset({FORALL, IN_PARALLEL})

DYNAMIC = -(2**63)  # MLIR's ShapedType::kDynamic: the bound is an operand

Bound = int | SSAValue


@dataclass(frozen=True)
class Forall:
    """A decoded ``scf.forall``: per dimension, a bound is a constant or a value."""

    op: Operation
    lower: tuple[Bound, ...]
    upper: tuple[Bound, ...]
    step: tuple[Bound, ...]
    outputs: tuple[SSAValue, ...]  # the shared_outs
    body: Block
    terminator: Operation  # scf.forall.in_parallel

    @property
    def rank(self) -> int:
        return len(self.lower)

    @property
    def ivs(self) -> tuple[BlockArgument, ...]:
        return tuple(self.body.args[:self.rank])

    @property
    def shared_outs(self) -> bool:
        """Whether the op has tensor results (outside the subset until the tensor
        level): ``shared_outs``, results, or anything in its ``in_parallel``."""
        return bool(self.outputs or self.op.results or
                    any(b.first_op is not None for r in self.terminator.regions
                        for b in r.blocks))

    def bounds(self) -> tuple[tuple[Bound, Bound, Bound], ...]:
        """(lower, upper, step) per dimension."""
        return tuple(zip(self.lower, self.upper, self.step, strict=True))


def _prop(op: Operation, key: str) -> Attribute | None:
    return op.properties.get(key) or op.attributes.get(key)


def _ints(op: Operation, key: str) -> list[int]:
    a = _prop(op, key)
    get = getattr(a, "get_values", None)
    if a is None or get is None:
        raise ValueError(f"'{key}' is missing or not an integer array")
    try:
        return [int(x) for x in get()]
    except (TypeError, ValueError):
        raise ValueError(f"'{key}' is not an integer array") from None


def forall_loop(op: Operation) -> Forall:
    """Decode ``op`` (an ``scf.forall``); ``ValueError`` naming what is wrong when its
    layout is not MLIR's (xDSL does not verify the unregistered op)."""
    statics = [_ints(op, k) for k in ("staticLowerBound", "staticUpperBound", "staticStep")]
    rank = len(statics[0])
    if rank == 0 or any(len(s) != rank for s in statics):
        raise ValueError("the static bound arrays must have one entry per dimension "
                         f"(got {', '.join(str(len(s)) for s in statics)})")
    segs = _ints(op, "operandSegmentSizes")
    if len(segs) != 4 or any(s < 0 for s in segs) or sum(segs) != len(op.operands):
        raise ValueError(f"'operandSegmentSizes' {segs} does not split its "
                         f"{len(op.operands)} operands into bounds and shared_outs")
    operands = list(op.operands)
    groups: list[tuple[Bound, ...]] = []
    at = 0
    for static, n, what in zip(statics, segs[:3], ("lower bound", "upper bound", "step"),
                               strict=True):
        dyn = operands[at:at + n]
        at += n
        if sum(1 for s in static if s == DYNAMIC) != n:
            raise ValueError(f"{n} dynamic {what}(s) for "
                             f"{sum(1 for s in static if s == DYNAMIC)} dynamic entries")
        it = iter(dyn)
        groups.append(tuple(next(it) if s == DYNAMIC else s for s in static))
    outputs = tuple(operands[at:])
    if len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
        raise ValueError("expected one region of one block")
    body = op.regions[0].blocks.first
    assert body is not None
    if len(body.args) != rank + len(outputs):
        raise ValueError(f"the body has {len(body.args)} arguments for {rank} induction "
                         f"variable(s) and {len(outputs)} shared_outs")
    term = body.last_op
    if term is None or op_name(term) != IN_PARALLEL:
        raise ValueError(f"the body must end in '{IN_PARALLEL}'")
    return Forall(op, groups[0], groups[1], groups[2], outputs, body, term)


__all__ = ["DYNAMIC", "FORALL", "FORALL_OPS", "IN_PARALLEL", "Bound", "Forall",
           "forall_loop"]
