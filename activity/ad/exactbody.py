"""Exact bodies: the reductions whose adjoint compares recomputed body values with
values computed in another loop nest get bodies that every nest lowers to the same bits.

The adjoint of a ``max``/``min`` reduction (:mod:`activity.ad.rules.linalg`, kinds
``max`` and ``maxlast``) recomputes each element ``t`` of the body in the adjoint's
own nest and seeds the first (last) one with ``t == ymax``, ``ymax`` the forward
nest's result; a product reduction (kind ``prod``) counts the zero elements in one
nest and tests ``t == 0`` in another.  That is sound only if every nest computes ``t``
bit for bit alike.  Fast-math flags break it: with ``fastmath<contract>`` on
``a * b + c`` LLVM fuses the multiply and the add into one FMA (one rounding instead of
two) where both sit in one basic block, and not where the multiply was hoisted out of
the inner loop -- which depends on each nest's loop order, tiling and unrolling.  A
forward nest without the FMA and an adjoint nest with it left whole rows of a max's
gradient zero (no element equal to the maximum), and a product's gradient missing the
terms of an element one nest took for zero and the other not (tests/test_tensor_exact.py).
``reassoc``, ``arcp`` and ``afn`` allow the same per-nest choices.

So, before the generation (:func:`exact_bodies`, on the AD generator's copy of the
module, as :mod:`activity.ad.tapebody` does), every such reduction on tensors loses the
fast-math flags of its body's ops -- always legal: a flag permits a faster result, it
never requires one -- as do the region-free ops making the values its body reads and
its init (a ``linalg.fill``'s scalar, compared with the maximum; in loops the reverse
sweep may recompute a scalar instead of keeping the forward's: the two must agree),
and it is marked ``EXACT_ATTR``, which the loop lowering honours (no ``contract``
added by :data:`activity.tensor.loops.CONTRACT`) as it does on the adjoint's generics
that recompute the body (marked too, their bodies clones of the stripped ops).  The
lowering marks each op it inlines from a marked body, and the scalar ops stripped here
are marked too, so that ``compile(..., reassoc=True)``, which adds ``reassoc`` after
the lowering (:func:`activity.codegen.prepare.with_reassoc`), leaves them alone.
Without flags every nest computes IEEE operations in program order: the same bits
(math functions: one routine in every nest, :data:`~activity.tensor.loops.VEXP`).
After the generation the primal function's ops get their flags back (:func:`restore`).
"""

from __future__ import annotations

from xdsl.dialects.arith import FastMathFlagsAttr
from xdsl.dialects.builtin import ModuleOp, TensorType, UnitAttr
from xdsl.ir import Attribute, Operation, SSAValue

from activity.ops import op_name
from activity.tensor.loops import EXACT_ATTR
from activity.tensor.structured import Structured, structured

# the reductions whose adjoint compares body values recomputed in different nests
COMPARED = frozenset({"max", "maxlast", "prod"})

_NONE = FastMathFlagsAttr("none")


def reduction_kind(v: Structured) -> tuple[str, SSAValue, float] | None:
    """``(kind, t, sign)`` of structured op ``v`` with reductions: how its body folds
    the element ``t`` into the accumulator -- ``identity`` (yields the accumulator),
    ``sum`` (``acc + t``, ``t + acc``; ``acc - t`` with sign -1), ``max``
    (``maximumf/minimumf(acc, t)``: ties to the earlier), ``maxlast`` (``(t, acc)``:
    ties to the later), ``prod`` (``acc * t``) -- the accumulator used there only;
    ``None`` for any other body (the reverse rule refuses it)."""
    acc = v.output_args[0]
    y = v.yielded[0]
    if y is acc:
        return "identity", y, 1.0
    yo = y.owner
    if not isinstance(yo, Operation) or not acc.has_one_use() or acc not in yo.operands:
        return None
    name = op_name(yo)
    a, b = yo.operands[0], yo.operands[1] if len(yo.operands) > 1 else None
    if name in ("arith.addf", "arith.subf") and not (name == "arith.subf" and b is acc):
        return "sum", (b if a is acc else a), (-1.0 if name == "arith.subf" else 1.0)
    if name in ("arith.maximumf", "arith.minimumf") and b is not None:
        return ("max", b, 1.0) if a is acc else ("maxlast", a, 1.0)
    if name == "arith.mulf" and a is not b:
        # (a product: d y / d t_r = init * the product of the other elements)
        return "prod", (b if a is acc else a), 1.0
    return None


def _compared(op: Operation) -> Structured | None:
    """``op``'s view when it is a reduction on tensors of a :data:`COMPARED` kind."""
    v = structured(op)
    if v is None or "reduction" not in v.iterator_types or len(v.outputs) != 1 \
            or not all(isinstance(x.type, TensorType) for x in v.outputs):
        return None
    k = reduction_kind(v)
    return v if k is not None and k[0] in COMPARED else None


Saved = list[tuple[Operation, Attribute | None]]


def strip_flags(op: Operation, saved: Saved | None = None) -> None:
    """Take the fast-math flags off every op in ``op``'s regions and mark ``op``
    ``EXACT_ATTR``.  ``saved``: gets ``(op, its flags)`` for :func:`restore` (``op``
    itself with ``None``: the mark)."""
    for o in op.walk():
        if o is op:
            continue
        a = o.properties.get("fastmath")
        if isinstance(a, FastMathFlagsAttr) and a.data:
            if saved is not None:
                saved.append((o, a))
            o.properties["fastmath"] = _NONE
    if EXACT_ATTR not in op.attributes:
        op.attributes[EXACT_ATTR] = UnitAttr()
        if saved is not None:
            saved.append((op, None))


def _outer_operands(v: Structured) -> list[SSAValue]:
    """What the compared values of ``v`` come from outside: its inputs, the values its
    body captures, and its outputs -- the init, which the adjoint compares with the
    maximum (``init == ymax``: rules/linalg.py ``tensor_flag``, ``_init_share``) --
    taken through ``linalg.fill`` (its scalar) and ``tensor.empty`` (nothing: sizes)."""
    inside = {id(a) for a in v.body.args}
    out = list(v.inputs)
    for o in v.body.walk():
        inside.update(id(r) for r in o.results)
        out += [u for u in o.operands if id(u) not in inside]
    for x in v.outputs:
        o = x.owner
        if isinstance(o, Operation) and op_name(o) == "linalg.fill":
            out += list(o.operands[:-1])  # (the value filled; the last operand: the init)
        elif not (isinstance(o, Operation) and op_name(o) == "tensor.empty"):
            out.append(x)
    return out


def _strip_chain(x: SSAValue, saved: Saved, seen: set[int]) -> None:
    """Strip the flags of the region-free ops making ``x``, back to block arguments
    and ops with regions, and mark its float ops ``EXACT_ATTR`` (so that
    ``reassoc=True`` adds none: activity/codegen/prepare.py): the ops the reverse
    sweep's mirror may recompute in place of the forward's value inside loops
    (activity/ad/tapeplan.py recomputes no op with regions; tensor_recompute.py strips
    its copies' own)."""
    stack = [x]
    while stack:
        o = stack.pop().owner
        if not isinstance(o, Operation) or o.regions or id(o) in seen:
            continue
        seen.add(id(o))
        a = o.properties.get("fastmath")
        if isinstance(a, FastMathFlagsAttr):
            if a.data:
                saved.append((o, a))
                o.properties["fastmath"] = _NONE
            if EXACT_ATTR not in o.attributes:  # (no reassoc=True either: with_reassoc)
                o.attributes[EXACT_ATTR] = UnitAttr()
                saved.append((o, None))
        stack += list(o.operands)


def exact_bodies(module: ModuleOp) -> Saved:
    """Strip and mark (:func:`strip_flags`) every reduction of ``module`` whose adjoint
    compares recomputed body values, and the flags of the region-free ops making what
    its body reads (a scalar the forward computed once and the reverse sweep may
    recompute); what :func:`restore` needs to undo it."""
    saved: Saved = []
    seen: set[int] = set()
    for op in list(module.walk()):
        v = _compared(op)
        if v is not None:
            strip_flags(op, saved)
            for x in _outer_operands(v):
                _strip_chain(x, saved, seen)
    return saved


def restore(saved: Saved) -> None:
    """The flags and marks :func:`exact_bodies` took, back (on the primal's ops: the
    gradient's copies keep theirs stripped)."""
    for o, a in reversed(saved):
        if a is None:
            o.attributes.pop(EXACT_ATTR, None)
        else:
            o.properties["fastmath"] = a


__all__ = ["COMPARED", "EXACT_ATTR", "exact_bodies", "reduction_kind", "restore",
           "strip_flags"]
