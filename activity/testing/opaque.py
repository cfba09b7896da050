"""A region op outside the subset that the oracle can still run: ``test.opaque_region``.

The analysis knows nothing of it (it gets the conservative fallback, like any
``linalg.generic`` or unregistered op); only the interpreter used by the oracle gives it
a meaning, so that random programs exercise the fallback for region ops against real
tangents::

    %r:2 = "test.opaque_region"(%x, %m) ({
    ^bb0(%a: f64, %e: f64):
      ...ordinary code, which may use values from outside...
      "test.opaque_yield"(%y0, %y1, %w) : (f64, f64, f64) -> ()
    }) : (f64, memref<4xf64>) -> (f64, f64)

Semantics (a one-point ``linalg.generic``): the body runs once; block argument ``i`` is
operand ``i`` when that is a scalar, and element 0 of it when it is a memref (read with
its tangent); the terminator yields one value per result, then one per memref operand,
which is written to that memref's element 0 (with its tangent).
"""

from __future__ import annotations

from typing import Any

from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Operation

from activity.ops import op_name
from activity.semantics import Interpreter, InterpreterError

OPAQUE_OP = "test.opaque_region"
OPAQUE_YIELD = "test.opaque_yield"


class OpaqueInterpreter(Interpreter):
    """The reference interpreter plus ``test.opaque_region`` (see the module doc)."""

    TERMINATORS = Interpreter.TERMINATORS | {OPAQUE_YIELD}

    def _compile_op(self, op: Operation) -> Any:
        if op_name(op) == OPAQUE_OP:
            return self._c_opaque(op)
        return super()._compile_op(op)

    def _c_opaque(self, op: Operation) -> Any:
        region = op.regions[0]
        opnds = tuple((self._s(u), isinstance(u.type, MemRefType)) for u in op.operands)
        mems = tuple(s for s, is_mem in opnds if is_mem)
        sgs = tuple(self._sg(r) for r in op.results)
        nres = len(sgs)

        def element0(mr: Any) -> tuple[Any, int]:
            buf = mr.buf
            if not buf.is_float:
                raise InterpreterError(f"{OPAQUE_OP} on a memref of integers")
            return buf, mr.linear((0,) * len(mr.sizes))

        def fn(V: list[Any], T: list[Any]) -> None:
            args: list[Any] = []
            targs: list[Any] = []
            for s, is_mem in opnds:
                if is_mem:
                    buf, pos = element0(V[s])
                    args.append(buf.data.item(pos))
                    targs.append(buf.tan.item(pos))
                else:
                    args.append(V[s])
                    targs.append(T[s])
            vals, tans = self._run_region(region, V, T, args, targs)
            if len(vals) != nres + len(mems):
                raise InterpreterError(f"{OPAQUE_YIELD} yields {len(vals)} values, "
                                       f"expected {nres + len(mems)}")
            self._define_all(V, T, sgs, vals[:nres], tans[:nres])
            for s, v, t in zip(mems, vals[nres:], tans[nres:], strict=True):
                buf, pos = element0(V[s])
                buf.data[pos] = v
                buf.tan[pos] = t
                if t != 0.0 and self._record:
                    self._memnz.add(op)
        return fn


__all__ = ["OPAQUE_OP", "OPAQUE_YIELD", "OpaqueInterpreter"]
