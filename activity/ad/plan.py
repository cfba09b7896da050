"""What the planning run decides for one (function, role): the :class:`Plan`; the
synthetic keys a tape can hold besides SSA values (:class:`Trip`, :class:`CameFrom`,
:class:`PtrOffset`, :class:`FwdShadow`); the reverse sweep's mirror :class:`Scope`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects.builtin import IntegerType
from xdsl.ir import Attribute, Block, BlockArgument, Operation, SSAValue

from activity.ad.builder import INDEX, IP
from activity.ad.tape import StaticTape

# marks a static tape's allocation: each slot is written at most once, by one store,
# and read only where it was written
TAPE_ATTR = "activity.tape"


INLINE = "inline"  # forward + reverse sweep in one function (the differentiated root)


SPLIT = "split"  # an _aug / _rev pair (callees, unstructured roots)


class Trip:
    """Synthetic key: the trip count an ``scf.while`` records in the forward sweep."""

    __slots__ = ("op",)

    def __init__(self, op: Operation) -> None:
        self.op = op

    @property
    def type(self) -> Attribute:
        return INDEX

    def __repr__(self) -> str:
        return f"Trip({self.op.name})"


class CameFrom:
    """Synthetic key: the id of the edge control entered an unstructured block by (the
    forward sweep passes it as an extra block argument; needed to pick the shadow of a
    buffer block argument)."""

    __slots__ = ("block",)

    def __init__(self, block: Block) -> None:
        self.block = block

    @property
    def type(self) -> Attribute:
        return INDEX

    def __repr__(self) -> str:
        return "CameFrom(block)"


class PtrOffset:
    """Synthetic key: the byte offset of a pointer block argument carried round a loop of
    blocks from the root buffer it points into (the root of the edge control came by;
    the forward sweep computes it with ``ptrtoint`` at the end of the block).  The
    reverse sweep's shadow of the argument is the root's shadow advanced by it."""

    __slots__ = ("arg",)

    def __init__(self, arg: BlockArgument) -> None:
        self.arg = arg

    @property
    def type(self) -> Attribute:
        return IntegerType(64)

    def __repr__(self) -> str:
        return "PtrOffset(arg)"


class FwdShadow:
    """Synthetic key: the address (an i64) of the shadow of a ``malloc`` made in a block
    of a loop of blocks other than the entry, allocated and zeroed by the forward sweep
    next to the primal one (a reverse-sweep allocation would have to happen in the mirror
    of its last use, which control flow decides); freed in the mirror of its block."""

    __slots__ = ("value",)

    def __init__(self, value: SSAValue) -> None:
        self.value = value

    @property
    def type(self) -> Attribute:
        return IntegerType(64)

    def __repr__(self) -> str:
        return "FwdShadow(value)"


Key = Any  # SSAValue | Trip | CameFrom | PtrOffset | FwdShadow


def def_block(key: Key) -> Block:
    if isinstance(key, CameFrom):
        return key.block
    if isinstance(key, PtrOffset):
        return key.arg.block
    if isinstance(key, FwdShadow):
        return key.value.owner.parent_block()  # type: ignore[union-attr,return-value]
    if isinstance(key, Trip):
        return key.op.parent_block()  # type: ignore[return-value]
    if isinstance(key, BlockArgument):
        return key.block
    return key.owner.parent_block()  # type: ignore[union-attr,return-value]


@dataclass
class Plan:
    """What the planning run decided for one (function, role)."""

    decisions: dict[tuple[int, int], str] = field(default_factory=dict)
    tapes: dict[Block, list[Key]] = field(default_factory=dict)
    static: dict[tuple[int, int], StaticTape] = field(default_factory=dict)
    static_roots: dict[Operation, list[StaticTape]] = field(default_factory=dict)
    callees: list[str] = field(default_factory=list)
    edge_blocks: set[Block] = field(default_factory=set)  # cf blocks pushing edge ids
    ret_push: bool = False  # g_aug pushes the id of the return block taken
    # (value, block) pairs an earlier planning run taped: free to read when deciding
    # whether another value is recomputable (see Differentiator._plan)
    hint: frozenset[tuple[int, int]] = frozenset()
    # id(op) -> whether its adjoint reads its result (rules/scalar.py: result_form)
    result_form: dict[int, bool] = field(default_factory=dict)
    # id(op) -> the sibling op's result its adjoint reads, or None (rules/scalar.py: sibling)
    sibling: dict[int, SSAValue | None] = field(default_factory=dict)

    def add_tape(self, key: Key, blk: Block, st: StaticTape | None) -> None:
        self.tapes.setdefault(blk, []).append(key)
        if st is not None:
            self.static[(id(key), id(blk))] = st
            self.static_roots.setdefault(st.root, []).append(st)

    def dynamic_keys(self, blk: Block) -> list[Key]:
        return [k for k in self.tapes.get(blk, []) if (id(k), id(blk)) not in self.static]

    def static_keys(self, blk: Block) -> list[Key]:
        return [k for k in self.tapes.get(blk, []) if (id(k), id(blk)) in self.static]


@dataclass
class Scope:
    """The mirror of one execution of a primal block in the reverse sweep."""

    block: Block
    anchor: Operation
    memo: dict[int, SSAValue] = field(default_factory=dict)
    k: SSAValue | None = None  # reverse iteration number (loop bodies)
    iv: SSAValue | None = None  # reconstructed induction variable
    loop: Operation | None = None
    pks: list[SSAValue] | None = None  # iteration numbers of an scf.parallel body
    deallocs: list[SSAValue] = field(default_factory=list)
    ptrs: dict[int, SSAValue] = field(default_factory=dict)  # recomputed primal views
    shadows: dict[int, SSAValue] = field(default_factory=dict)

    @property
    def ip(self) -> IP:
        return IP(self.anchor.parent_block(), self.anchor)  # type: ignore[arg-type]
