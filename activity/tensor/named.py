"""The ``linalg`` named ops MLIR has and xDSL 0.75 lacks, and the ``linalg`` dialect
with them (:func:`linalg_dialect`, registered by :func:`activity.frontend.make_context`).

Each op is an xDSL :class:`NamedOperation` (or, for ``linalg.map``, an op with an
explicit body) like xDSL's ``linalg.matmul``: in custom form it builds its hidden
body from the operand types, in generic form (``mlir-opt --mlir-print-op-generic``
prints the body) it keeps the body it was given; either way it answers
``get_indexing_maps`` and ``get_iterator_types`` as MLIR defines the op.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from xdsl.builder import Builder
from xdsl.dialects import arith, math
from xdsl.dialects.builtin import (
    AffineMapAttr,
    AnyFloat,
    AnyTensorType,
    ArrayAttr,
    FloatAttr,
    MemRefType,
    ShapedType,
    TensorType,
)
from xdsl.dialects.linalg import Linalg
from xdsl.dialects.linalg.abstract_ops import ElementwiseOperation, NamedOperation
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import YieldOp
from xdsl.ir import Attribute, BlockArgument, Dialect, Region, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.irdl import (
    IRDLOperation,
    base,
    irdl_op_definition,
    operand_def,
    prop_def,
    region_def,
    var_operand_def,
    var_result_def,
)
from xdsl.utils.exceptions import VerifyException

__all__ = [
    "NEW_OPS",
    "BatchMatmulOp",
    "DotOp",
    "MapOp",
    "MatvecOp",
    "VecmatOp",
    "linalg_dialect",
]

_P, _R = IteratorTypeAttr.parallel, IteratorTypeAttr.reduction


def _tensor_results(outputs: Sequence[SSAValue]) -> tuple[Attribute, ...]:
    return tuple(o.type for o in outputs if isinstance(o.type, TensorType))


def _mac_region(inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]) -> Region:
    """``out + a * b`` (integers: ``addi``/``muli``), the body of every contraction."""
    arg_types = NamedOperation.body_arg_types((*inputs, *outputs))
    if len(arg_types) != 3:
        raise ValueError(f"a contraction takes 2 inputs and 1 output, got {len(arg_types)}")
    add, mul = ((arith.AddfOp, arith.MulfOp) if isinstance(arg_types[-1], AnyFloat)
                else (arith.AddiOp, arith.MuliOp))

    @Builder.implicit_region(arg_types)
    def body(args: tuple[BlockArgument, ...]) -> None:
        YieldOp(add(args[2], mul(args[0], args[1])))

    return body


class _Contraction(NamedOperation):
    """A named contraction ``out[...] += a[...] * b[...]`` with fixed maps."""

    MAPS: ClassVar[tuple[AffineMap, ...]]
    ITERATORS: ClassVar[str]
    """One letter per loop: ``p`` parallel, ``r`` reduction."""

    def __init__(self, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue] = (),
                 res: Sequence[Attribute] | None = None,
                 attributes: dict[str, Attribute] | None = None) -> None:
        super().__init__(ins=inputs, outs=outputs,
                         result_types=_tensor_results(outputs) if res is None else res,
                         attributes=attributes,
                         hidden_region=self.get_hidden_region(inputs, outputs))

    @classmethod
    def get_hidden_region(cls, inputs: Sequence[SSAValue],
                          outputs: Sequence[SSAValue]) -> Region:
        return _mac_region(inputs, outputs)

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        return self.MAPS

    def get_iterator_types(self) -> ArrayAttr[IteratorTypeAttr]:
        return ArrayAttr([_P() if c == "p" else _R() for c in self.ITERATORS])

    def verify_(self) -> None:
        if len(self.inputs) != 2 or len(self.outputs) != 1:
            raise VerifyException(f"expects 2 inputs and 1 output, got {len(self.inputs)} "
                                  f"and {len(self.outputs)}")
        super().verify_()


@irdl_op_definition
class DotOp(_Contraction):
    """``linalg.dot``: ``out[] += a[k] * b[k]``."""

    name = "linalg.dot"
    PRINT_ATTRS_IN_FRONT: ClassVar[bool] = True
    MAPS: ClassVar[tuple[AffineMap, ...]] = (AffineMap.from_callable(lambda k: (k,)),
            AffineMap.from_callable(lambda k: (k,)),
            AffineMap(1, 0, ()))
    ITERATORS: ClassVar[str] = "r"


@irdl_op_definition
class MatvecOp(_Contraction):
    """``linalg.matvec``: ``y[i] += A[i, k] * x[k]``."""

    name = "linalg.matvec"
    PRINT_ATTRS_IN_FRONT: ClassVar[bool] = True
    MAPS: ClassVar[tuple[AffineMap, ...]] = (AffineMap.from_callable(lambda i, k: (i, k)),
            AffineMap.from_callable(lambda i, k: (k,)),
            AffineMap.from_callable(lambda i, k: (i,)))
    ITERATORS: ClassVar[str] = "pr"


@irdl_op_definition
class VecmatOp(_Contraction):
    """``linalg.vecmat``: ``y[j] += x[k] * A[k, j]``."""

    name = "linalg.vecmat"
    PRINT_ATTRS_IN_FRONT: ClassVar[bool] = True
    MAPS: ClassVar[tuple[AffineMap, ...]] = (AffineMap.from_callable(lambda j, k: (k,)),
            AffineMap.from_callable(lambda j, k: (k, j)),
            AffineMap.from_callable(lambda j, k: (j,)))
    ITERATORS: ClassVar[str] = "pr"


@irdl_op_definition
class BatchMatmulOp(_Contraction):
    """``linalg.batch_matmul``: ``C[b, i, j] += A[b, i, k] * B[b, k, j]``; like
    ``linalg.matmul`` its maps are a property (MLIR prints them in generic form)."""

    name = "linalg.batch_matmul"
    PRINT_ATTRS_IN_FRONT: ClassVar[bool] = True
    MAPS: ClassVar[tuple[AffineMap, ...]] = (AffineMap.from_callable(lambda b, i, j, k: (b, i, k)),
            AffineMap.from_callable(lambda b, i, j, k: (b, k, j)),
            AffineMap.from_callable(lambda b, i, j, k: (b, i, j)))
    ITERATORS: ClassVar[str] = "pppr"

    indexing_maps = prop_def(ArrayAttr[AffineMapAttr],
                             default_value=ArrayAttr(AffineMapAttr(m) for m in MAPS))

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        return tuple(m.data for m in self.indexing_maps.data)

    def get_indexing_maps(self) -> ArrayAttr[AffineMapAttr]:
        return self.indexing_maps


# -- elementwise -------------------------------------------------------------------------

_Body = Callable[[tuple[BlockArgument, ...], Attribute], SSAValue]


class _Elementwise(ElementwiseOperation):
    """A named elementwise op whose hidden body is ``BODY(args, element type)``."""

    BODY: ClassVar[_Body]

    def __init__(self, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue] = (),
                 res: Sequence[Attribute] | None = None,
                 attributes: dict[str, Attribute] | None = None) -> None:
        super().__init__(ins=inputs, outs=outputs,
                         result_types=_tensor_results(outputs) if res is None else res,
                         attributes=attributes,
                         hidden_region=self.get_hidden_region(inputs, outputs))

    @classmethod
    def get_hidden_region(cls, inputs: Sequence[SSAValue],
                          outputs: Sequence[SSAValue]) -> Region:
        arg_types = cls.body_arg_types((*inputs, *outputs))
        body_of = cls.BODY

        @Builder.implicit_region(arg_types)
        def body(args: tuple[BlockArgument, ...]) -> None:
            YieldOp(body_of(args, arg_types[-1]))

        return body


def _one(t: Attribute) -> SSAValue:
    assert isinstance(t, AnyFloat)
    return arith.ConstantOp(FloatAttr(1.0, t)).result


def _elementwise(op_name: str, body: _Body, doc: str) -> type[_Elementwise]:
    stem = op_name.removeprefix("linalg.").capitalize()
    cls = type(f"{stem}Op", (_Elementwise,),
               {"name": op_name, "BODY": staticmethod(body), "__doc__": doc,
                "__module__": __name__,
                "__annotations__": {"BODY": "ClassVar[_Body]"}})
    return irdl_op_definition(cls)


DivOp = _elementwise(
    "linalg.div",
    lambda a, t: (arith.DivfOp(a[0], a[1]) if isinstance(t, AnyFloat)
                  else arith.DivSIOp(a[0], a[1])).result,
    "``linalg.div``: ``a / b`` elementwise (integers: signed).")
NegfOp = _elementwise("linalg.negf", lambda a, t: arith.NegfOp(a[0]).result,
                      "``linalg.negf``: ``-a`` elementwise.")
AbsOp = _elementwise("linalg.abs", lambda a, t: math.AbsFOp(a[0]).result,
                     "``linalg.abs``: ``|a|`` elementwise.")
TanhOp = _elementwise("linalg.tanh", lambda a, t: math.TanhOp(a[0]).result,
                      "``linalg.tanh``: ``tanh(a)`` elementwise.")
SquareOp = _elementwise("linalg.square", lambda a, t: arith.MulfOp(a[0], a[0]).result,
                        "``linalg.square``: ``a * a`` elementwise.")
ReciprocalOp = _elementwise("linalg.reciprocal",
                            lambda a, t: arith.DivfOp(_one(t), a[0]).result,
                            "``linalg.reciprocal``: ``1 / a`` elementwise.")
RsqrtOp = _elementwise("linalg.rsqrt", lambda a, t: math.RsqrtOp(a[0]).result,
                       "``linalg.rsqrt``: ``1 / sqrt(a)`` elementwise.")
PowfOp = _elementwise("linalg.powf", lambda a, t: math.PowFOp(a[0], a[1]).result,
                      "``linalg.powf``: ``a ** b`` elementwise.")


# -- linalg.map ----------------------------------------------------------------------------


@irdl_op_definition
class MapOp(IRDLOperation):
    """``linalg.map``: ``init[i...] = body(in0[i...], ..., init[i...])``, all operands of
    one shape.  (MLIR 22's body takes the init element last; it has no custom form here:
    the front end converts the file to generic form, which keeps the body.)"""

    name = "linalg.map"

    inputs = var_operand_def(base(MemRefType) | base(AnyTensorType))
    init = operand_def(base(MemRefType) | base(AnyTensorType))
    result = var_result_def(AnyTensorType)
    mapper = region_def("single_block")

    def __init__(self, inputs: Sequence[SSAValue], init: SSAValue, mapper: Region) -> None:
        super().__init__(operands=[inputs, init], regions=[mapper],
                         result_types=[_tensor_results([init])])

    def verify_(self) -> None:
        shape = self.init.type.get_shape()  # type: ignore[attr-defined]
        for k, value in enumerate(self.inputs):
            assert isinstance(value.type, ShapedType)
            if value.type.get_shape() != shape:
                raise VerifyException(f"input #{k} has shape {value.type.get_shape()}, "
                                      f"init has {shape}")
        args = self.mapper.block.args
        operands = (*self.inputs, self.init)
        if len(args) != len(operands):
            raise VerifyException(f"expects number of operands to match the arity of mapper, "
                                  f"but got: {len(operands)} and {len(args)}")
        for k, (value, arg) in enumerate(zip(operands, args, strict=True)):
            element = value.type.get_element_type()  # type: ignore[attr-defined]
            if arg.type != element:
                raise VerifyException(f"mapper argument #{k} has type {arg.type}, "
                                      f"expected {element}")
        if self.result and self.result[0].type != self.init.type:
            raise VerifyException("result type must be the init type")


NEW_OPS: tuple[type[IRDLOperation], ...] = (
    DotOp, MatvecOp, VecmatOp, BatchMatmulOp, MapOp,
    DivOp, NegfOp, AbsOp, TanhOp, SquareOp, ReciprocalOp, RsqrtOp, PowfOp,
)
"""The ops :func:`linalg_dialect` adds to xDSL's."""

def linalg_dialect() -> Dialect:
    """xDSL's ``linalg`` dialect with :data:`NEW_OPS` added."""
    ops = list(Linalg.operations)
    known = {op.name for op in ops}
    ops += [op for op in NEW_OPS if op.name not in known]
    return Dialect(Linalg.name, ops, list(Linalg.attributes), list(Linalg._interfaces))
