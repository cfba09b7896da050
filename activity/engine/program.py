"""Whole-module structure the analyses need: functions, globals, call targets, and the
operands a branch forwards to each successor.  Written generically over op names so
that ops xDSL only knows as unregistered still get the right meaning."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from xdsl.dialects.builtin import ModuleOp, StringAttr, SymbolRefAttr
from xdsl.ir import Block, Operation, Region, SSAValue

from activity.ops import op_name
from activity.ops.switch import SWITCH_OPS, switch_cases

FUNC_OPS = frozenset({"func.func", "llvm.func"})
RETURN_OPS = frozenset({"func.return", "llvm.return"})
CALL_OPS = frozenset({"func.call", "llvm.call"})
GLOBAL_OPS = frozenset({"memref.global", "llvm.mlir.global"})


def sym_name(op: Operation) -> str | None:
    a = op.properties.get("sym_name") or op.attributes.get("sym_name")
    return a.data if isinstance(a, StringAttr) else None


def _symref(a: object) -> str | None:
    if isinstance(a, SymbolRefAttr):
        return a.root_reference.data
    if isinstance(a, StringAttr):
        return a.data
    return None


def call_target(op: Operation) -> str | None:
    """The callee symbol of a direct call; None for an indirect call."""
    for key in ("callee",):
        a = op.properties.get(key) or op.attributes.get(key)
        if a is not None:
            return _symref(a)
    return None


def call_args(op: Operation) -> Sequence[SSAValue]:
    """The operands passed to the callee (an indirect llvm.call's first operand is the
    function pointer)."""
    if op_name(op) == "llvm.call":
        n = len(op.operands)
        sizes = op.properties.get("operandSegmentSizes")
        if sizes is not None:
            n = list(sizes.get_values())[0] if hasattr(sizes, "get_values") else n
        ops = list(op.operands[:n])
        if call_target(op) is None:
            return ops[1:]
        return ops
    return list(op.operands)


def global_ref(op: Operation) -> str | None:
    """The global symbol a memref.get_global / llvm.mlir.addressof names."""
    for key in ("name", "global_name"):
        a = op.properties.get(key) or op.attributes.get(key)
        if a is not None:
            return _symref(a)
    return None


def is_public(func: Operation) -> bool:
    vis = func.properties.get("sym_visibility") or func.attributes.get("sym_visibility")
    if isinstance(vis, StringAttr) and vis.data in ("private", "nested"):
        return False
    link = func.properties.get("linkage") or func.attributes.get("linkage")
    if link is not None and any(k in str(link) for k in ("internal", "private")):
        return False
    return True


def has_body(func: Operation) -> bool:
    return bool(func.regions) and bool(func.regions[0].blocks)


def entry_args(func: Operation) -> Sequence[SSAValue]:
    return list(func.regions[0].blocks[0].args) if has_body(func) else []


def successor_operands(op: Operation) -> list[list[SSAValue]] | None:
    """Operands forwarded to each successor block, or None when unknown (fallback)."""
    if not op.successors:
        return []
    name = op_name(op)
    if name in ("cf.br", "llvm.br"):
        return [list(op.operands)]
    if name in ("cf.cond_br", "llvm.cond_br"):
        t = getattr(op, "then_arguments", None)
        e = getattr(op, "else_arguments", None)
        if t is None or e is None:
            sizes = op.properties.get("operandSegmentSizes") or op.attributes.get(
                "operandSegmentSizes"
            )
            if sizes is None:
                return None
            vals = list(sizes.get_values())
            t = op.operands[vals[0]: vals[0] + vals[1]]
            e = op.operands[vals[0] + vals[1]: vals[0] + vals[1] + vals[2]]
        return [list(t), list(e)]
    if name in SWITCH_OPS:
        sw = switch_cases(op)
        return None if sw is None else sw.groups()
    return None


@dataclass
class Program:
    """Symbol tables of one module."""

    module: ModuleOp
    functions: dict[str, Operation] = field(default_factory=dict)
    globals: dict[str, Operation] = field(default_factory=dict)

    @classmethod
    def of(cls, module: ModuleOp) -> Program:
        p = cls(module)
        for op in _top_level_ops(module):
            name = op_name(op)
            s = sym_name(op)
            if s is None:
                continue
            if name in FUNC_OPS:
                p.functions[s] = op
            elif name in GLOBAL_OPS:
                p.globals[s] = op
        return p

    def public_functions(self) -> list[str]:
        return [n for n, f in self.functions.items() if has_body(f) and is_public(f)]


def _top_level_ops(module: ModuleOp) -> Iterator[Operation]:
    """Ops directly in the module, also inside nested builtin.module ops."""
    for op in module.body.block.ops:
        if isinstance(op, ModuleOp):
            yield from _top_level_ops(op)
        else:
            yield op


def walk_blocks(region: Region) -> Iterator[Block]:
    yield from region.blocks
