"""Shared pieces of the bounded verifier: options, the error, guards and lanes."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import z3
from xdsl.dialects.builtin import (
    AnyFloat,
    IndexType,
    IntegerType,
)
from xdsl.ir import Attribute, Block, SSAValue

from activity.errors import ActivityError
from activity.z3backend import real

_DYN = -(2**63)

Lanes = dict[int, Any]  # tangent lane -> Z3 real (absent: structurally zero)
Guard = Any  # True or a Z3 Bool


class Unsupported(ActivityError):
    """The program uses something the verifier does not encode (exit 2)."""


@dataclass
class Options:
    unroll: int = 5
    inline_depth: int | None = None  # nested activations per function (default K + 1)
    dyn_size: int = 4
    timeout: float = 60.0  # seconds for all queries
    query_timeout: float = 10.0  # seconds per query
    random_trials: int = 3  # random concrete runs on the interpreter before Z3


def _bvv(x: int, w: int = 64) -> z3.BitVecRef:
    return z3.BitVecVal(x % (1 << w), w)


def _and(g: Guard, c: Any) -> Guard:
    if g is True:
        return c
    if c is True:
        return g
    return z3.And(g, c)


def _ite(c: Guard, a: Any, b: Any) -> Any:
    if c is True or a is b:
        return a
    return z3.If(c, a, b)


def _lane_ite(c: Guard, a: Lanes, b: Lanes) -> Lanes:
    if a is b or c is True:
        return a
    if isinstance(a, tuple) or isinstance(b, tuple):  # an aggregate: lanes per member
        return tuple(_lane_ite(c, x, y) for x, y in zip(a, b, strict=True))  # type: ignore
    out: Lanes = {}
    for k in set(a) | set(b):
        x, y = a.get(k), b.get(k)
        if x is y:
            out[k] = x
        else:
            out[k] = z3.If(c, x if x is not None else real(0), y if y is not None else real(0))
    return out


def defined_values(blocks: Iterable[Block]) -> list[SSAValue]:
    """Every value defined in ``blocks`` and in the regions nested in them: the blocks'
    arguments first, then each op's results and its regions' block arguments, in
    pre-order."""
    blocks = list(blocks)
    out: list[SSAValue] = [a for b in blocks for a in b.args]
    for b in blocks:
        for op in b.ops:
            for inner in op.walk():
                out.extend(inner.results)
                for region in inner.regions:
                    for blk in region.blocks:
                        out.extend(blk.args)
    return out


def _numeral(x: Any) -> int | None:
    if isinstance(x, int):
        return x
    if isinstance(x, z3.BitVecRef):
        s = z3.simplify(x)
        if z3.is_bv_value(s):
            return s.as_long()  # type: ignore[attr-defined]
    return None


def _leaf_lanes(ln: Any) -> list[Lanes]:
    return [x for m in ln for x in _leaf_lanes(m)] if isinstance(ln, tuple) else [ln]


def _width(t: Attribute) -> int:
    if isinstance(t, IndexType):
        return 64
    if isinstance(t, IntegerType):
        return t.width.data
    raise Unsupported(f"expected an integer type, got {t}")


def _elem(t: Attribute) -> tuple[bool, int]:
    if isinstance(t, AnyFloat):
        return True, 64
    if isinstance(t, IntegerType):
        return False, t.width.data
    if isinstance(t, IndexType):
        return False, 64
    raise Unsupported(f"memref element type {t} is outside the verifier's subset")


def _scalar_sort_zero(t: Attribute) -> Any:
    if isinstance(t, AnyFloat):
        return real(0)
    if isinstance(t, IntegerType | IndexType):
        return _bvv(0, 64 if isinstance(t, IndexType) else t.width.data)
    raise Unsupported(f"type {t} is outside the verifier's subset")


def _row_major(shape: tuple[int, ...]) -> tuple[int, ...]:
    out = []
    acc = 1
    for s in reversed(shape):
        out.append(acc)
        acc *= s
    return tuple(reversed(out))


def _ints(attr: Attribute) -> tuple[int, ...]:
    get = getattr(attr, "get_values", None)
    if get is not None:
        return tuple(int(x) for x in get())
    return tuple(int(getattr(x, "value", x).data) for x in attr.data)  # type: ignore
