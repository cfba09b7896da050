"""The heap bytes a bufferized function holds at its peak, told statically.

For tests and for reading where a gradient's memory goes (issue #33): walk the ops of
a bufferized function (:func:`activity.tensor.bufferize.bufferize`) in order, adding
each ``memref.alloc``'s bytes and taking them off at its ``memref.dealloc``; an alloc
never freed in the function (a returned buffer) stays to the end.  Sizes come from the
argument shapes given (``memref.dim`` of an argument, or of a buffer allocated here,
and integer constants are followed; anything else refuses).  The ops of a region (a
loop body) are walked once: one iteration's allocations.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from xdsl.dialects import func
from xdsl.dialects.builtin import IntegerAttr, MemRefType
from xdsl.ir import Block, Operation, SSAValue


@dataclass
class Peak:
    """``bytes``: the most held at once; ``live``: the allocations held then, each as
    ``(name hint or alloc#<n>, bytes)``; ``total``: all bytes ever allocated (in
    ``count`` allocations)."""

    bytes: int = 0
    live: list[tuple[str, int]] = field(default_factory=list)
    total: int = 0
    count: int = 0  # allocations made


class _Walk:
    def __init__(self, shapes: dict[SSAValue, list[int]]) -> None:
        self.shapes = dict(shapes)
        self.ints: dict[SSAValue, int] = {}
        self.held: dict[SSAValue, tuple[str, int]] = {}
        self.now = 0
        self.peak = Peak()

    def size(self, v: SSAValue) -> int:
        if v in self.ints:
            return self.ints[v]
        op = v.owner
        if isinstance(op, Operation):
            if op.name == "arith.constant":
                val = op.properties.get("value", op.attributes.get("value"))
                if isinstance(val, IntegerAttr):
                    return val.value.data
            if op.name == "memref.dim":
                src, idx = op.operands
                shape = self.shapes.get(src)
                if shape is not None:
                    return shape[self.size(idx)]
        raise ValueError(f"a size the peak count cannot tell: {v}")

    def alloc(self, op: Operation) -> None:
        t = op.results[0].type
        assert isinstance(t, MemRefType)
        dyn = iter(op.operands)
        shape = [s if s >= 0 else self.size(next(dyn)) for s in t.get_shape()]
        self.shapes[op.results[0]] = shape
        n = 1
        for s in shape:
            n *= s
        nbytes = n * max(getattr(t.element_type, "bitwidth", 64), 8) // 8
        hint = op.results[0].name_hint or f"alloc#{self.peak.count}"
        self.peak.count += 1
        self.held[op.results[0]] = (hint, nbytes)
        self.now += nbytes
        self.peak.total += nbytes
        if self.now > self.peak.bytes:
            self.peak.bytes = self.now
            self.peak.live = list(self.held.values())

    def block(self, b: Block) -> None:
        for op in b.ops:
            if op.name == "memref.alloc":
                self.alloc(op)
            elif op.name == "memref.dealloc":
                v = op.operands[0]
                if v in self.held:
                    self.now -= self.held.pop(v)[1]
            elif op.name in ("memref.cast", "memref.collapse_shape", "memref.expand_shape"):
                continue
            for r in op.regions:
                for inner in r.blocks:
                    self.block(inner)


def peak_bytes(fop: func.FuncOp, arg_shapes: Sequence[Sequence[int] | None]) -> Peak:
    """The peak of ``fop`` (bufferized) called with memref arguments of the shapes
    ``arg_shapes`` (one entry per argument, ``None`` for a scalar)."""
    body = fop.body.blocks[0]
    shapes = {a: list(s) for a, s in zip(body.args, arg_shapes, strict=True) if s is not None}
    w = _Walk(shapes)
    w.block(body)
    return w.peak


__all__ = ["Peak", "peak_bytes"]
