"""A small IR builder for the AD generator: insertion points, op accounting, helpers.

Every op the generator creates goes through :meth:`Builder.emit`, which inserts it at
the current :class:`IP` and files it under the current *pass* (``forward``,
``tape``, ``reverse``, ...), so that ``--stats`` can report how many ops each pass of
the generated function has.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.dialects import arith, memref, scf
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AnyFloat,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

INDEX = IndexType()


# (switches for side-by-side measurements; see shadow_add_flags and contract_flags)
SHADOW_NSZ = True
CONTRACT_ADJOINTS = True


def adjoint_sum_flags(reorder: bool) -> arith.FastMathFlagsAttr | None:
    """``fastmath<reassoc,contract>`` for an add that sums two contributions to one adjoint
    (unless the sums must keep the reverse sweep's order: ``reorder=False``).

    Why: an adjoint is the sum of the contributions of every use of its value; the
    program fixes no order for that sum -- the AD tool picks one (ours: the reverse
    sweep's).  Letting LLVM reorder it vectorizes loops that accumulate an adjoint in a
    carried value -- the adjoint of a value read before a loop and used in every
    iteration (GMM's reverse triangle: ``xc[col]``'s adjoint summed over the rows; its
    gradient ran 1.17x faster, miniBUDE's 1.11x) -- and changes the gradient only by
    rounding.  The primal's own float ops keep their order either way (compile with
    ``reassoc`` for those)."""
    if not reorder:
        return None
    return arith.FastMathFlagsAttr((arith.FastMathFlag.REASSOC,) + _contract())


def _contract() -> tuple[arith.FastMathFlag, ...]:
    return (arith.FastMathFlag.ALLOW_CONTRACT,) if CONTRACT_ADJOINTS else ()


def contract_flags(reorder: bool) -> arith.FastMathFlagsAttr | None:
    """``fastmath<contract>`` for the product of an adjoint and a partial (where adjoint
    sums may be reordered: ``reorder``).

    Why: the contributions to an adjoint are such products, summed by adds that carry
    ``contract`` too (:func:`adjoint_sum_flags`, :func:`shadow_add_flags`), so LLVM fuses
    each product with the add it feeds into one FMA: GMM's reverse triangle
    (``icf'[j] += xc[col] * qx'[r]``, ``xc'[col] += icf[j] * qx'[r]``) is 90 multiply-adds
    per sample and component.  Like reordering the sums, this changes a gradient only by
    rounding (one rounding per FMA instead of two); the primal's operations never carry
    it, and ``strict_adjoints`` (``reorder=False``) turns it off with the reordering,
    so that gradients stay bit-identical to the interpreter's."""
    flags = _contract() if reorder else ()
    return arith.FastMathFlagsAttr(flags) if flags else None


def shadow_add_flags(reorder: bool = False) -> arith.FastMathFlagsAttr | None:
    """``fastmath<nsz>`` for the add that accumulates an adjoint into a shadow element
    (with ``reassoc`` and ``contract`` too when adjoint sums may be reordered:
    :func:`adjoint_sum_flags`).
    ``x[i] = x[i] + e`` differentiates to: read and clear ``x'[i]`` (the store), then add
    it back (the load of the old value); with ``nsz`` LLVM folds ``0.0 + d`` to ``d`` and
    drops the clear and the re-store of the value just read.  Only the sign of a zero
    adjoint can differ.  Used for every shadow accumulation: memref and llvm-dialect
    loads, the source of a copy."""
    flags = ((arith.FastMathFlag.NO_SIGNED_ZEROS,) if SHADOW_NSZ else ()) + \
        ((arith.FastMathFlag.REASSOC,) + _contract() if reorder else ())
    return arith.FastMathFlagsAttr(flags) if flags else None


@dataclass
class IP:
    """Insert into ``block`` before ``before`` (at the end when ``before`` is None)."""

    block: Block
    before: Operation | None = None

    def insert(self, op: Operation) -> None:
        if self.before is None:
            self.block.add_op(op)
        else:
            self.block.insert_op_before(op, self.before)


class Builder:
    """Emits ops at an insertion point and remembers which pass made each one."""

    def __init__(self) -> None:
        self.ip: IP | None = None
        self.sweep = "forward"  # forward | reverse
        self.pass_name = "primal"  # primal | adjoint | tape | recompute
        self.made: dict[int, tuple[str, str]] = {}
        self.keep: list[Operation] = []  # keeps ids stable while counting
        self.cached_index: Callable[[int], SSAValue] | None = None

    # -- core ----------------------------------------------------------------------
    def emit(self, op: Operation, ip: IP | None = None) -> Operation:
        (ip or self.ip).insert(op)  # type: ignore[union-attr]
        self.made[id(op)] = (self.sweep, self.pass_name)
        self.keep.append(op)
        return op

    def v(self, op: Operation, ip: IP | None = None) -> SSAValue:
        return self.emit(op, ip).results[0]

    def at(self, ip: IP) -> _At:
        return _At(self, ip)

    def in_pass(self, name: str) -> _Pass:
        return _Pass(self, name)

    # -- constants -----------------------------------------------------------------
    def index(self, n: int, ip: IP | None = None) -> SSAValue:
        if ip is None and self.cached_index is not None:
            return self.cached_index(n)
        return self.v(arith.ConstantOp.from_int_and_width(n, INDEX), ip)

    def fconst(self, x: float, t: Attribute, ip: IP | None = None) -> SSAValue:
        return self.v(arith.ConstantOp(FloatAttr(float(x), t)), ip)  # type: ignore[arg-type]

    def zero(self, t: Attribute, ip: IP | None = None) -> SSAValue:
        if isinstance(t, AnyFloat):
            return self.fconst(0.0, t, ip)
        if isinstance(t, IndexType):
            return self.index(0, ip)
        if isinstance(t, IntegerType):
            return self.v(arith.ConstantOp(IntegerAttr(0, t)), ip)
        raise TypeError(f"no zero of type {t}")

    # -- structured helpers --------------------------------------------------------------
    def for_loop(
        self, lb: SSAValue, ub: SSAValue, step: SSAValue, inits: Sequence[SSAValue],
        body: Callable[[SSAValue, list[SSAValue]], Sequence[SSAValue]],
    ) -> scf.ForOp:
        """``scf.for``; ``body(iv, iter_args)`` runs with the IP inside the body and
        returns the yielded values."""
        blk = Block(arg_types=[lb.type] + [x.type for x in inits])
        saved = self.ip
        self.ip = IP(blk)
        ys = body(blk.args[0], list(blk.args[1:]))
        self.emit(scf.YieldOp(*ys))
        self.ip = saved
        loop = scf.ForOp(lb, ub, step, list(inits), Region([blk]))
        self.emit(loop)
        return loop

    def if_op(
        self, cond: SSAValue, types: Sequence[Attribute],
        then: Callable[[], Sequence[SSAValue]], other: Callable[[], Sequence[SSAValue]] | None,
    ) -> scf.IfOp:
        blocks = []
        for fn in (then, other):
            if fn is None:
                blocks.append(None)
                continue
            blk = Block()
            saved = self.ip
            self.ip = IP(blk)
            ys = fn()
            self.emit(scf.YieldOp(*ys))
            self.ip = saved
            blocks.append(blk)
        op = scf.IfOp(cond, list(types), Region([blocks[0]]),
                      Region([blocks[1]]) if blocks[1] is not None else None)
        self.emit(op)
        return op

    # -- memory -------------------------------------------------------------------------
    def load(self, m: SSAValue, idx: Sequence[SSAValue]) -> SSAValue:
        return self.v(memref.LoadOp.get(m, list(idx)))

    def store(self, x: SSAValue, m: SSAValue, idx: Sequence[SSAValue]) -> None:
        self.emit(memref.StoreOp.get(x, m, list(idx)))

    def alloc(self, t: MemRefType, sizes: Sequence[SSAValue]) -> SSAValue:
        return self.v(memref.AllocOp(list(sizes), [], t))

    def dim(self, m: SSAValue, i: int) -> SSAValue:
        return self.v(memref.DimOp(m, self.index(i)))

    def dims(self, m: SSAValue) -> list[SSAValue]:
        t = m.type
        assert isinstance(t, MemRefType)
        return [self.index(s) if s != DYNAMIC_INDEX else self.dim(m, i)
                for i, s in enumerate(t.get_shape())]

    def fill(self, m: SSAValue, x: SSAValue, sizes: Sequence[SSAValue] | None = None) -> None:
        """Store ``x`` into every element of ``m`` (nested ``scf.for`` loops)."""
        dims = list(sizes) if sizes is not None else self.dims(m)
        self.nest(dims, lambda idx: self.store(x, m, idx))

    def nest(self, dims: Sequence[SSAValue], fn: Callable[[list[SSAValue]], None]) -> None:
        """Run ``fn(indices)`` inside a loop nest over ``dims`` (no loop for rank 0)."""
        if not dims:
            fn([])
            return
        c0, c1 = self.index(0), self.index(1)

        def level(k: int, idx: list[SSAValue]) -> None:
            def body(iv: SSAValue, _a: list[SSAValue]) -> list[SSAValue]:
                if k + 1 == len(dims):
                    fn(idx + [iv])
                else:
                    level(k + 1, idx + [iv])
                return []
            self.for_loop(c0, dims[k], c1, [], body)

        level(0, [])


class _At:
    def __init__(self, b: Builder, ip: IP) -> None:
        self.b, self.ip = b, ip

    def __enter__(self) -> Builder:
        self.saved = self.b.ip
        self.b.ip = self.ip
        return self.b

    def __exit__(self, *exc: object) -> None:
        self.b.ip = self.saved


class _Pass:
    def __init__(self, b: Builder, name: str) -> None:
        self.b, self.name = b, name

    def __enter__(self) -> Builder:
        self.saved = self.b.pass_name
        self.b.pass_name = self.name
        return self.b

    def __exit__(self, *exc: object) -> None:
        self.b.pass_name = self.saved


def dynamic_memref(elem: Attribute) -> MemRefType:
    return MemRefType(elem, [DYNAMIC_INDEX])


__all__ = ["INDEX", "IP", "Builder", "dynamic_memref"]
