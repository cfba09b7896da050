"""The layout of a multi-way branch (``llvm.switch``, ``cf.switch``), read generically.

Both ops have one layout (also as xDSL parses them when unregistered): operands
``(flag, default operands..., case operands...)``, successors ``(default, case...)``,
properties ``case_values`` (a dense integer vector, absent without cases) and
``case_operand_segments`` (how many case operands each case passes).  The interpreter,
the activity analysis, the lowering and the AD's rewrite into ``cf.cond_br`` chains all
read it here, so that they agree on which operands go to which successor.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.ir import Attribute, Block, Operation, SSAValue

from activity.ops.table import int_width, wrap

SWITCH_OPS = frozenset({"llvm.switch", "cf.switch"})


@dataclass(frozen=True)
class SwitchCases:
    """A switch: go to the first case whose value equals ``flag`` (as ``width``-bit
    residues), else to ``default``; each successor gets its own operands."""

    flag: SSAValue
    width: int
    default: Block
    default_operands: list[SSAValue]
    # (case value as an unsigned residue modulo 2**width, successor, its operands)
    cases: list[tuple[int, Block, list[SSAValue]]]

    def target(self, flag: int) -> tuple[Block, list[SSAValue]]:
        """Where a flag value goes (the first matching case, as LLVM's verifier rejects
        duplicate case values and MLIR's does not)."""
        v = wrap(int(flag), self.width)
        for value, block, operands in self.cases:
            if value == v:
                return block, operands
        return self.default, self.default_operands

    def groups(self) -> list[list[SSAValue]]:
        """The operands forwarded to each successor, in ``op.successors`` order."""
        return [self.default_operands, *(ops for _, _, ops in self.cases)]


def _prop(op: Operation, key: str) -> Attribute | None:
    return op.properties.get(key) or op.attributes.get(key)


def _ints(a: Attribute | None) -> list[int] | None:
    if a is None:
        return []
    get = getattr(a, "get_values", None)
    if get is None:
        return None
    try:
        return [int(x) for x in get()]
    except (TypeError, ValueError):
        return None


def switch_cases(op: Operation) -> SwitchCases | None:
    """The cases of a switch op, or None when its layout is not the expected one."""
    if not op.operands or not op.successors:
        return None
    flag = op.operands[0]
    try:
        width = int_width(flag.type)
    except TypeError:
        return None
    values = _ints(_prop(op, "case_values"))
    segments = _ints(_prop(op, "case_operand_segments"))
    if values is None or segments is None:
        return None
    sizes = _ints(_prop(op, "operandSegmentSizes"))
    n_cases = len(op.successors) - 1
    if not segments and n_cases and (len(op.operands) == 1 or sizes and sizes[-1] == 0):
        segments = [0] * n_cases  # no case passes anything
    if len(values) != n_cases or len(segments) != n_cases or any(s < 0 for s in segments):
        return None
    n_default = len(op.operands) - 1 - sum(segments)
    if n_default < 0:
        return None
    if sizes and sizes != [1, n_default, sum(segments)]:
        return None
    operands = list(op.operands)
    k = 1 + n_default
    cases = []
    for value, block, n in zip(values, op.successors[1:], segments, strict=True):
        cases.append((wrap(value, width), block, operands[k:k + n]))
        k += n
    return SwitchCases(flag, width, op.successors[0], operands[1:1 + n_default], cases)
