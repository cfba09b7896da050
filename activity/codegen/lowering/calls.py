"""Lowering of ``func.call`` and ``llvm.call``: MLIR's calling convention (memref
arguments expanded into their descriptor fields, results as the value or a struct),
and the look at the failure record after a call of a function that may fail."""

from __future__ import annotations

from llvmlite import ir
from xdsl.dialects.builtin import (
    MemRefType,
)
from xdsl.ir import Operation

from activity.codegen.lowering.common import (
    unsupported,
)
from activity.codegen.lowering.core import FuncLowering, lowers
from activity.engine.program import (
    call_args,
    call_target,
)


@lowers("func.call", "llvm.call")
def op_call(fl: FuncLowering, op: Operation) -> None:
    callee = call_target(op)
    if callee is None:
        raise unsupported(op, "indirect call")
    fn = fl.ml.function(callee, op)
    args: list[ir.Value] = []
    for x in call_args(op):
        v = fl.v(x)
        args += fl.unpack(v) if isinstance(x.type, MemRefType) else [v]
    if fl.ext is not None:
        fl.ext.before_call(callee, list(call_args(op)))
    r = fl.b.call(fn, args)
    if fl.ext is not None:
        fl.ext.call_result(op, callee, args, r)
    if callee in fl.ml.may_fail():
        fl.check_after_call()
    if len(op.results) == 1:
        fl.set(op, r)
    elif op.results:
        fl.set(op, *[fl.b.extract_value(r, k) for k in range(len(op.results))])

