"""Lowering of ``cf.assert`` (a failure record the caller raises from, or a trap).
``cf.br``/``cond_br``/``switch`` are lowered by the core (:mod:`.core`), as the edges
between the blocks it makes."""

from __future__ import annotations

from xdsl.ir import Operation

from activity.codegen.lowering.core import FuncLowering, lowers
from activity.codegen.types import (
    VOID,
)


@lowers("cf.assert")
def op_assert(fl: FuncLowering, op: Operation) -> None:
    """cf.assert: a failed assertion is recorded, the function left and the call
    raises, as the interpreter does (``target.recover`` or ``check_bounds``: the
    host JIT, host-thread kernels included); elsewhere (kernels on a GPU,
    ahead-of-time code) it traps."""
    c = fl.v(op.operands[0])
    if fl.ml.target.check_bounds or fl.ml.target.recover:  # as a failed check
        fl.checked(op, "assert", [c], [fl.i64(0)], [fl.i64(0)])
        return
    fail = fl.fresh_block("assert.fail")
    ok = fl.fresh_block("assert.ok")
    fl.b.cbranch(c, ok, fail)
    fl.b.position_at_end(fail)
    fl.b.call(fl.ml.intrinsic("llvm.trap", VOID, []), [])
    fl.b.unreachable()
    fl.b.position_at_end(ok)

