"""The encoding of scalar ops (a mixin of the encoder)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import z3
from xdsl.dialects.builtin import (
    AnyFloat,
    FloatAttr,
    IntegerAttr,
)
from xdsl.ir import Attribute, Operation, SSAValue

from activity.ops import OpKind, OpSpec, op_name
from activity.ops.table import (
    CMPF_PREDICATES,
    CMPI_PREDICATES,
    predicate_name,
)
from activity.verify.base import (
    Guard,
    Lanes,
    Unsupported,
    _bvv,
    _scalar_sort_zero,
    _width,
)
from activity.z3backend import real


class ScalarEncoding:
    """Scalar ops of :class:`~activity.verify.encoder.Encoder`: the op table's
    semantics and partials on Z3 terms; integer ops, comparisons, casts, constants."""

    # -- scalar ops -----------------------------------------------------------------
    def scalar(self, op: Operation, spec: OpSpec, ins: list[Any], tins: list[Lanes],
               guard: Guard, env: dict[SSAValue, Any], tenv: dict[SSAValue, Lanes]) -> None:
        if len(op.results) != 1:
            raise Unsupported(f"{spec.name} with {len(op.results)} results")
        res = op.results[0]
        if spec.kind == OpKind.FLOAT and spec.summary in ("a / b", "fmod(a, b)"):
            # real division by zero is unspecified in Z3 (inf/NaN on doubles): witnesses
            # are searched without it first (they replay), then with it (verification
            # covers those executions too, with an arbitrary quotient)
            self.domain.append(ins[1] != 0 if guard is True
                               else z3.Implies(guard, ins[1] != 0))
        val = self.primal(op, spec, ins, res.type, guard)
        lanes: Lanes = {}
        if spec.partials is not None and spec.diff:
            diff = [i for i in spec.diff_operands(op) if i < len(ins)]
            keys = set().union(*[tins[i].keys() for i in diff]) if diff else set()
            if keys:
                ps = spec.partials(self.N, *ins)
                for lane in keys:
                    total: Any = None
                    for i, p in zip(diff, ps, strict=False):
                        t = tins[i].get(lane)
                        if t is None:
                            continue
                        term = t if (isinstance(p, int | float) and p == 1) else real(p) * t
                        total = term if total is None else total + term
                    if total is not None:
                        lanes[lane] = total
        self.bind(env, tenv, res, val, lanes, guard)

    def primal(self, op: Operation, spec: OpSpec, ins: list[Any], rt: Attribute,
               guard: Guard) -> Any:
        k, name = spec.kind, spec.name
        if k == OpKind.FLOAT:
            return real(spec.sem(self.N, op, *ins)[0])  # type: ignore[misc]
        if k == OpKind.SELECT:
            c = ins[0] == 1
            return z3.If(c, ins[1], ins[2])
        if k == OpKind.COMPARE:
            return self.compare(op, name, ins)
        if k == OpKind.INT:
            return self.integer(name, ins, _width(rt), guard)
        return self.cast(op, spec, ins[0], rt)

    def compare(self, op: Operation, name: str, ins: list[Any]) -> Any:
        a, b = ins
        if name in ("arith.cmpf", "llvm.fcmp"):
            p = predicate_name(op, CMPF_PREDICATES)
            if p in ("false", "_false", "uno"):
                c: Any = z3.BoolVal(False)
            elif p in ("true", "_true", "ord"):
                c = z3.BoolVal(True)
            else:  # reals are never NaN: ordered and unordered predicates agree
                base = p[1:]
                c = {"eq": a == b, "gt": a > b, "ge": a >= b, "lt": a < b, "le": a <= b,
                     "ne": a != b}[base]
        else:
            p = predicate_name(op, CMPI_PREDICATES)
            c = {"eq": a == b, "ne": a != b, "slt": a < b, "sle": a <= b, "sgt": a > b,
                 "sge": a >= b, "ult": z3.ULT(a, b), "ule": z3.ULE(a, b),
                 "ugt": z3.UGT(a, b), "uge": z3.UGE(a, b)}[p]
        return z3.If(c, _bvv(1, 1), _bvv(0, 1))

    def integer(self, name: str, ins: list[Any], w: int, guard: Guard) -> Any:
        a = ins[0]
        b = ins[1] if len(ins) > 1 else None
        base = name.split(".")[-1]
        zero = _bvv(0, w)
        if base in ("divsi", "sdiv", "divui", "udiv", "remsi", "srem", "remui", "urem",
                    "floordivsi", "ceildivsi", "ceildivui"):
            self.require(guard, b != 0)
        ops: dict[str, Callable[[], Any]] = {
            "addi": lambda: a + b, "add": lambda: a + b, "subi": lambda: a - b,
            "sub": lambda: a - b, "muli": lambda: a * b, "mul": lambda: a * b,
            "divsi": lambda: a / b, "sdiv": lambda: a / b,
            "divui": lambda: z3.UDiv(a, b), "udiv": lambda: z3.UDiv(a, b),
            "remsi": lambda: z3.SRem(a, b), "srem": lambda: z3.SRem(a, b),
            "remui": lambda: z3.URem(a, b), "urem": lambda: z3.URem(a, b),
            "floordivsi": lambda: z3.If(z3.And(z3.SRem(a, b) != 0, (a < 0) != (b < 0)),
                                        a / b - 1, a / b),
            "ceildivsi": lambda: z3.If(z3.And(z3.SRem(a, b) != 0, (a < 0) == (b < 0)),
                                       a / b + 1, a / b),
            "ceildivui": lambda: z3.UDiv(a, b) + z3.If(z3.URem(a, b) != 0, _bvv(1, w), zero),
            "andi": lambda: a & b, "and": lambda: a & b, "ori": lambda: a | b,
            "or": lambda: a | b, "xori": lambda: a ^ b, "xor": lambda: a ^ b,
            "shli": lambda: z3.If(z3.ULT(b, w), a << b, zero),
            "shl": lambda: z3.If(z3.ULT(b, w), a << b, zero),
            "shrui": lambda: z3.If(z3.ULT(b, w), z3.LShR(a, b), zero),
            "lshr": lambda: z3.If(z3.ULT(b, w), z3.LShR(a, b), zero),
            "shrsi": lambda: z3.If(z3.ULT(b, w), a >> b, a >> (w - 1)),
            "ashr": lambda: z3.If(z3.ULT(b, w), a >> b, a >> (w - 1)),
            "maxsi": lambda: z3.If(a >= b, a, b), "smax": lambda: z3.If(a >= b, a, b),
            "minsi": lambda: z3.If(a <= b, a, b), "smin": lambda: z3.If(a <= b, a, b),
            "maxui": lambda: z3.If(z3.UGE(a, b), a, b), "umax": lambda: z3.If(z3.UGE(a, b), a, b),
            "minui": lambda: z3.If(z3.ULE(a, b), a, b), "umin": lambda: z3.If(z3.ULE(a, b), a, b),
            "abs": lambda: z3.If(a < 0, -a, a),
            "ctpop": lambda: z3.Sum([z3.ZeroExt(w - 1, z3.Extract(i, i, a)) for i in range(w)])
            if w > 1 else a,
            "ctlz": lambda: _ctlz(a, w), "cttz": lambda: _cttz(a, w),
        }
        fn = ops.get(base)
        if fn is None:
            raise Unsupported(f"integer op '{name}' is outside the verifier's subset")
        return fn()

    def cast(self, op: Operation, spec: OpSpec, a: Any, rt: Attribute) -> Any:
        name = spec.name
        src = op.operands[0].type
        if spec.sem is not None and spec.kind == OpKind.CAST and name == "llvm.freeze":
            return a
        if name in ("arith.extf", "llvm.fpext", "arith.truncf", "llvm.fptrunc"):
            return a  # rounding is not modelled (reals)
        if name in ("arith.sitofp", "llvm.sitofp"):
            return z3.ToReal(z3.BV2Int(a, is_signed=True))
        if name in ("arith.uitofp", "llvm.uitofp"):
            return z3.ToReal(z3.BV2Int(a, is_signed=False))
        if name in ("arith.fptosi", "llvm.fptosi", "arith.fptoui", "llvm.fptoui"):
            ti = z3.If(a >= 0, z3.ToInt(a), -z3.ToInt(-a))
            return z3.Int2BV(ti, _width(rt))
        if name in ("arith.index_cast", "arith.extsi", "llvm.sext", "arith.index_castui",
                    "arith.extui", "llvm.zext", "arith.trunci", "llvm.trunc"):
            ws, wd = _width(src), _width(rt)
            if wd == ws:
                return a
            if wd < ws:
                return z3.Extract(wd - 1, 0, a)
            signed_ = name in ("arith.index_cast", "arith.extsi", "llvm.sext")
            return z3.SignExt(wd - ws, a) if signed_ else z3.ZeroExt(wd - ws, a)
        if name in ("arith.bitcast", "llvm.bitcast"):
            sf, df = isinstance(src, AnyFloat), isinstance(rt, AnyFloat)
            if sf == df:
                return a
            if sf:  # float -> bits: an injective function, inverted by the other way
                w = _width(rt)
                bits, unbits = self._bitfns(w)
                self.assume.append(unbits(bits(a)) == a)
                return bits(a)
            w = _width(src)
            _bits, unbits = self._bitfns(w)
            return unbits(a)
        raise Unsupported(f"cast '{name}' is outside the verifier's subset")

    def _bitfns(self, w: int) -> tuple[z3.FuncDeclRef, z3.FuncDeclRef]:
        if w not in self._bits:
            self._bits[w] = z3.Function(f"bits{w}", z3.RealSort(), z3.BitVecSort(w))
            self._unbits[w] = z3.Function(f"unbits{w}", z3.BitVecSort(w), z3.RealSort())
        return self._bits[w], self._unbits[w]

    def constant(self, op: Operation, t: Attribute) -> Any:
        name = op_name(op)
        if name in ("llvm.mlir.zero", "llvm.mlir.undef", "llvm.mlir.poison", "ub.poison"):
            return _scalar_sort_zero(t)
        attr = op.properties.get("value")
        if attr is None:  # (not ``or``: a zero IntegerAttr is falsy)
            attr = op.attributes.get("value")
        if isinstance(attr, FloatAttr):
            return self.float_const(float(attr.value.data))
        if isinstance(attr, IntegerAttr):
            v = int(attr.value.data)
            if isinstance(t, AnyFloat):
                return real(v)
            return _bvv(v, _width(t))
        raise Unsupported(f"constant {attr} : {t} is outside the verifier's subset")

    def float_const(self, x: float) -> Any:
        """A float literal as a Z3 real; an IEEE special (inf, NaN), which no real is,
        as a fresh unconstrained real: every behaviour a finite stand-in could have is
        kept (an over-approximation, so "verified" stays sound within the real model),
        and witnesses still replay on the interpreter's doubles."""
        if math.isfinite(x):
            return real(x)
        self._fresh += 1
        self.ieee_specials += 1
        return z3.Real(f"ieee{self._fresh}")




def _ctlz(a: Any, w: int) -> Any:
    out: Any = _bvv(w, w)
    for i in range(w):  # the highest set bit wins (iterate upwards, later overrides)
        out = z3.If(z3.Extract(i, i, a) == 1, _bvv(w - 1 - i, w), out)
    return out


def _cttz(a: Any, w: int) -> Any:
    out: Any = _bvv(w, w)
    for i in reversed(range(w)):  # the lowest set bit wins
        out = z3.If(z3.Extract(i, i, a) == 1, _bvv(i, w), out)
    return out
