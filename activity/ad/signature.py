"""The calling conventions: the root's argument checks and ``F_grad`` layout
(:func:`grad_layout`), the names of the ``_aug``/``_rev`` pair (:class:`Names`) and
the signature of a ``_rev`` function (:class:`RevSignature`)."""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field

from xdsl.dialects import llvm
from xdsl.dialects.builtin import (
    AnyFloat,
    ComplexType,
    IndexType,
    IntegerType,
    MemRefType,
    TensorType,
)
from xdsl.ir import Attribute, Operation, SSAValue

from activity.ad.errors import GradError, describe
from activity.ad.facts import Facts
from activity.engine.program import sym_name
from activity.engine.types import is_pointer
from activity.errors import outside_stacklevel
from activity.frontend import place_of
from activity.ops import op_name


def _carries_float(t: Attribute) -> bool:
    """Whether a value of type ``t`` may hold a float (a vector, tensor or llvm array
    of floats, a struct with one, ``complex``): one that may carry a derivative."""
    if isinstance(t, AnyFloat | ComplexType):
        return True
    et = getattr(t, "element_type", None)
    if isinstance(et, Attribute) and not isinstance(t, MemRefType):
        return _carries_float(et)
    if isinstance(t, llvm.LLVMStructType):
        return any(_carries_float(x) for x in t.types.data)
    return False


def _scalar_or_pointer(t: Attribute) -> bool:
    """Scalars, buffers, and tensors of floats (whose adjoints are tensors)."""
    return isinstance(t, AnyFloat | IntegerType | IndexType) or is_pointer(t) or (
        isinstance(t, TensorType) and isinstance(t.element_type, AnyFloat))


def _check_root_types(user_fop: Operation, fop: Operation, kinds: Sequence[str],
                      facts: Facts) -> None:
    """Refuse a differentiated function whose active arguments or results are neither
    scalars nor buffers (``vector<2xf64>``, ``tensor``, ``complex``, an llvm struct):
    ``F_grad`` returns one adjoint per active scalar argument and seeds float results
    only, so such a value's derivative would be dropped -- a silent zero -- or crash
    the generator (a vector argument did, with an ``AttributeError``)."""
    params = list(fop.regions[0].blocks[0].args)
    for i, (p, k) in enumerate(zip(params, kinds, strict=False)):
        if k != "const" and not _scalar_or_pointer(p.type):
            raise GradError(f"cannot differentiate @{sym_name(fop)}: argument {i} has "
                            f"type {p.type}; the differentiator takes the derivative of "
                            "scalar (float, integer, index) and buffer (memref, llvm.ptr) "
                            "arguments only -- pass the elements as scalars or in a "
                            "memref, or mark the argument const",
                            **place_of(user_fop))
    for op in fop.walk():
        if op_name(op) not in ("func.return", "llvm.return") or op.parent_op() is not fop:
            continue
        for j, u in enumerate(op.operands):
            active = not facts.prune or (facts.result.analysed(u)
                                         and facts.result.value(u).active)
            if active and not _scalar_or_pointer(u.type) and _carries_float(u.type):
                raise GradError(f"cannot differentiate @{sym_name(fop)}: result {j} has "
                                f"type {u.type}; only scalar float results are seeded "
                                "(return the elements as scalars, or write them into a "
                                "dup argument)", **place_of(user_fop))


def _warn_nothing_to_seed(fop: Operation, kinds: Sequence[str]) -> None:
    """Warn when ``F_grad`` has nothing to seed -- no float result, no ``dup`` buffer
    -- so that every derivative it returns is zero (a user's function returning a
    memref got a gradient of constant 0 without a word)."""
    from activity.errors import ActivityWarning

    if any(k in ("dup", "dupnoneed") for k in kinds):
        return
    outs = [t for op in fop.walk() if op_name(op) in ("func.return", "llvm.return")
            for t in (x.type for x in op.operands)]
    if any(isinstance(t, AnyFloat) or (isinstance(t, TensorType)
                                       and isinstance(t.element_type, AnyFloat))
           for t in outs):
        return
    why = ("; a memref result carries no derivative: write it into a dup argument "
           "instead" if any(isinstance(t, MemRefType) for t in outs) else "")
    warnings.warn(f"{describe(fop)}: @{sym_name(fop)} has no float result and no dup "
                  f"argument to seed, so its gradient is zero{why}", ActivityWarning,
                  stacklevel=outside_stacklevel())


def grad_layout(params: Sequence[SSAValue], kinds: Sequence[str]
                ) -> tuple[list[Attribute], list[int], dict[int, int]]:
    """Parameter types of ``F_grad`` before the seeds: each primal argument, each
    ``dup``/``dupnoneed`` one followed by its shadow; with the positions of both."""
    ins: list[Attribute] = []
    ppos: list[int] = []
    shadow_pos: dict[int, int] = {}
    for i, (p, kd) in enumerate(zip(params, kinds, strict=True)):
        ppos.append(len(ins))
        ins.append(p.type)
        if kd in ("dup", "dupnoneed"):
            shadow_pos[i] = len(ins)
            ins.append(p.type)
    return ins, ppos, shadow_pos


@dataclass
class Names:
    aug: str
    rev: str


@dataclass
class RevSignature:
    """The interface of ``G_rev``: params, shadows of its buffers, seeds of its float
    results -> adjoints of its float params (those that can carry a derivative)."""

    in_types: list[Attribute]
    out_types: list[Attribute]
    shadow_params: list[int]
    seed_results: list[int]
    adj_params: list[int]
    # buffers G allocates and returns: the caller owns their shadows and passes them
    # (after the seeds); (result index, the returned alloc in G)
    result_shadows: list[tuple[int, SSAValue]] = field(default_factory=list)
