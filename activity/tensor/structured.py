"""One view of every ``linalg`` structured op of the subset, and its generalization.

xDSL models the structured ops three ways: ``linalg.generic`` and the named ops derive
from ``LinalgStructuredOperation`` (inputs, outputs, maps, iterators, body), while
``linalg.broadcast``, ``linalg.reduce`` and ``linalg.map`` are plain ops with their own
operand names and no maps.  :func:`structured` answers the same questions for all of
them, so that the analysis, the interpreter and the bufferization each handle one
shape: ``out[map_o(i)] = body(in_0[map_0(i)], ..., out[map_o(i)])`` over the iteration
space ``i``, the output element being carried from one reduction step to the next.
:func:`generalize` writes any of them as that ``linalg.generic``.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import (
    AffineMapAttr,
    ArrayAttr,
    MemRefType,
    ModuleOp,
    ShapedType,
    TensorType,
)
from xdsl.dialects.linalg.abstract_ops import LinalgStructuredOperation
from xdsl.dialects.linalg.attrs import IteratorType, IteratorTypeAttr
from xdsl.dialects.linalg.ops import BroadcastOp, GenericOp, ReduceOp, YieldOp
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineMap
from xdsl.rewriter import Rewriter

from activity.tensor.named import MapOp

__all__ = [
    "STRUCTURED_OPS",
    "Structured",
    "generalize",
    "generalize_all",
    "structured",
]

STRUCTURED_OPS: frozenset[str] = frozenset({
    "linalg.generic",
    # contractions
    "linalg.matmul", "linalg.matvec", "linalg.vecmat", "linalg.dot", "linalg.batch_matmul",
    # data movement
    "linalg.fill", "linalg.copy", "linalg.transpose", "linalg.broadcast",
    # with a body of the user's
    "linalg.reduce", "linalg.map",
    # elementwise
    "linalg.add", "linalg.sub", "linalg.mul", "linalg.div", "linalg.max", "linalg.min",
    "linalg.exp", "linalg.log", "linalg.sqrt", "linalg.select", "linalg.negf",
    "linalg.abs", "linalg.tanh", "linalg.square", "linalg.reciprocal", "linalg.rsqrt",
    "linalg.powf",
})
"""The structured ops of the subset (``linalg.conv_*``, ``pooling_*`` and
``quantized_matmul`` are not: their maps are not projected permutations)."""


@dataclass(frozen=True)
class Structured:
    """A structured op as ``linalg.generic`` would write it.

    ``indexing_maps[k]`` maps the loop indices to the element of operand ``k``
    (inputs first, then outputs); ``body`` takes one element per operand, in that
    order, and yields one element per output."""

    op: Operation
    inputs: tuple[SSAValue, ...]
    outputs: tuple[SSAValue, ...]
    """The ``outs``/``init`` operands: the initial values (tensors) or the buffers
    written (memrefs)."""
    indexing_maps: tuple[AffineMap, ...]
    iterator_types: tuple[str, ...]
    """``"parallel"`` or ``"reduction"``, one per loop."""
    body: Block
    results: tuple[OpResult, ...]
    """One per tensor output; none on buffers."""

    @property
    def operands(self) -> tuple[SSAValue, ...]:
        return self.inputs + self.outputs

    @property
    def num_loops(self) -> int:
        return len(self.iterator_types)

    @property
    def input_args(self) -> tuple[BlockArgument, ...]:
        """The body's arguments that receive an input element."""
        return tuple(self.body.args[: len(self.inputs)])

    @property
    def output_args(self) -> tuple[BlockArgument, ...]:
        """The body's arguments that receive the current output element."""
        return tuple(self.body.args[len(self.inputs):])

    @property
    def yielded(self) -> tuple[SSAValue, ...]:
        """The values the body yields, one per output."""
        last = self.body.last_op
        assert isinstance(last, YieldOp), "a linalg body ends in linalg.yield"
        return tuple(last.operands)

    @property
    def on_buffers(self) -> bool:
        """The op reads and writes memrefs (no results) rather than tensors."""
        return any(isinstance(v.type, MemRefType) for v in self.operands)

    def map_of(self, operand: int) -> AffineMap:
        return self.indexing_maps[operand]


def _identity_dropping(rank: int, dropped: set[int]) -> AffineMap:
    """``(d0, ..., d{rank-1}) -> (d_i for i not in dropped)``."""
    return AffineMap(rank, 0, tuple(AffineDimExpr(i) for i in range(rank) if i not in dropped))


def _iterators(attr: ArrayAttr[IteratorTypeAttr]) -> tuple[str, ...]:
    return tuple(str(it.data.value) for it in attr.data)


def _rank(value: SSAValue) -> int:
    assert isinstance(value.type, ShapedType)
    return len(value.type.get_shape())


def structured(op: Operation) -> Structured | None:
    """The structured view of ``op``, or ``None`` when it is not one of
    :data:`STRUCTURED_OPS`."""
    if op.name not in STRUCTURED_OPS:
        return None
    if isinstance(op, LinalgStructuredOperation):
        return Structured(
            op, tuple(op.inputs), tuple(op.outputs),
            tuple(m.data for m in op.get_indexing_maps().data),
            _iterators(op.get_iterator_types()), op.body.block, tuple(op.results))
    if isinstance(op, BroadcastOp):
        rank = _rank(op.init)
        dims = set(op.dimensions.get_values())
        return Structured(
            op, (op.input,), (op.init,),
            (_identity_dropping(rank, dims), AffineMap.identity(rank)),
            (IteratorType.PARALLEL.value,) * rank, op.hidden_region.block,
            tuple(op.results))
    if isinstance(op, ReduceOp):
        rank = _rank(op.input)
        dims = set(op.dimensions.get_values())
        return Structured(
            op, (op.input,), (op.init,),
            (AffineMap.identity(rank), _identity_dropping(rank, dims)),
            tuple(IteratorType.REDUCTION.value if i in dims else IteratorType.PARALLEL.value
                  for i in range(rank)),
            op.region.block, tuple(op.results))
    if isinstance(op, MapOp):
        rank = _rank(op.init)
        return Structured(
            op, tuple(op.inputs), (op.init,),
            (AffineMap.identity(rank),) * (len(op.inputs) + 1),
            (IteratorType.PARALLEL.value,) * rank, op.mapper.block, tuple(op.results))
    return None


def generalize(op: Operation) -> GenericOp:
    """``op`` as a new ``linalg.generic`` (not inserted anywhere; its body is a copy of
    ``op``'s), or ``op`` itself when it is one.  Raises ``ValueError`` for an op that
    :func:`structured` does not know.  (The new op has no source position:
    :func:`activity.frontend.carry_location` gives it ``op``'s.)"""
    if isinstance(op, GenericOp):
        return op
    view = structured(op)
    if view is None:
        raise ValueError(f"'{op.name}' is not a structured op of the subset")
    body = view.body.parent
    assert body is not None
    return GenericOp(
        view.inputs, view.outputs, body.clone(),
        ArrayAttr(AffineMapAttr(m) for m in view.indexing_maps),
        ArrayAttr(IteratorTypeAttr(IteratorType(t)) for t in view.iterator_types),
        [r.type for r in view.results])


def generalize_all(module: ModuleOp | Operation) -> int:
    """Replace every structured op in ``module`` other than ``linalg.generic`` by its
    :func:`generalize`; return how many were replaced."""
    count = 0
    for op in list(module.walk()):
        if op.name != "linalg.generic" and structured(op) is not None:
            new = generalize(op)
            new.attributes.update(
                {k: v for k, v in op.attributes.items()
                 if k != "linalg.memoized_indexing_maps"})
            Rewriter.replace_op(op, new)
            count += 1
    return count


def is_tensor_structured(view: Structured) -> bool:
    """All shaped operands of ``view`` are tensors (value semantics)."""
    return all(isinstance(v.type, TensorType) for v in view.operands
               if isinstance(v.type, ShapedType))
