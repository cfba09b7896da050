"""Numeric backends that turn the op table's derivative rules into IR.

The op table writes every partial derivative once, generically over a backend ``N``
(``lambda N, a, b: (b, a)`` for ``arith.mulf``).  The AD generator evaluates those
same lambdas with two backends defined here:

* :class:`IRBackend` -- values are :class:`IRNum` wrappers around SSA values; every
  arithmetic operator and every ``N.<fn>`` call *emits* the matching ``arith``/``math``
  op at the generator's insertion point.  Python numbers stay Python numbers until they
  meet an SSA value, and are then materialised as ``arith.constant`` of that value's
  float type (or of the backend's default type), so ``N.select(c, 1, 0)`` works.
  Trivial identities (``x * 1``, ``x + 0``, ``0 * x``) fold away, which keeps the
  adjoint of ``addf`` a plain pass-through.
* :class:`DepBackend` -- values are :class:`Dep` sets of operand positions; evaluating
  a rule with it tells which primal operands each partial reads.  The generator then
  materialises (recomputes or tapes) only those operands: an operand that no needed
  partial reads is passed as :data:`DEAD`, and anything computed from it stays dead.

Nothing here knows a derivative: the math lives in :mod:`activity.ops.table`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from xdsl.dialects import arith, llvm, math
from xdsl.dialects.builtin import AnyFloat, FloatAttr, IntegerType
from xdsl.ir import Attribute, Operation, SSAValue

from activity.ops.num import FLOAT

Number = int | float


class _Dead:
    """An operand that was not materialised: anything computed from it is dead."""

    _inst: _Dead | None = None

    def __new__(cls) -> _Dead:
        if cls._inst is None:
            cls._inst = super().__new__(cls)
        return cls._inst

    def __repr__(self) -> str:
        return "DEAD"

    def _absorb(self, *_o: Any) -> _Dead:
        return self

    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _absorb
    __truediv__ = __rtruediv__ = __neg__ = __pos__ = _absorb


DEAD: Any = _Dead()


# ---------------------------------------------------------------------------
# Dependency backend


class Dep:
    """The set of operand positions a (partial) expression reads."""

    __slots__ = ("deps",)

    def __init__(self, deps: frozenset[int]) -> None:
        self.deps = deps

    @staticmethod
    def of(*xs: Any) -> Dep:
        out: frozenset[int] = frozenset()
        for x in xs:
            if isinstance(x, Dep):
                out |= x.deps
        return Dep(out)

    def _bin(self, other: Any) -> Dep:
        return Dep.of(self, other)

    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _bin
    __truediv__ = __rtruediv__ = __pow__ = __rpow__ = _bin
    __lt__ = __le__ = __gt__ = __ge__ = _bin

    def __neg__(self) -> Dep:
        return self

    def __pos__(self) -> Dep:
        return self


class DepBackend:
    """Any ``N.<fn>(...)`` returns the union of its arguments' dependencies."""

    name = "deps"

    @staticmethod
    def const(c: float) -> float:
        return float(c)

    def __getattr__(self, fn: str) -> Callable[..., Dep]:
        if fn.startswith("__"):
            raise AttributeError(fn)
        return lambda *xs: Dep.of(*xs)


DEPS = DepBackend()


def deps_of(x: Any) -> frozenset[int]:
    return x.deps if isinstance(x, Dep) else frozenset()


def operand_deps(partials: Callable[..., tuple[Any, ...]], n_args: int) -> list[frozenset[int]]:
    """For each partial of a rule, the operand positions it reads."""
    args = [Dep(frozenset({i})) for i in range(n_args)]
    return [deps_of(p) for p in partials(DEPS, *args)]


# ---------------------------------------------------------------------------
# IR-emitting backend


class IRNum:
    """An SSA value inside :class:`IRBackend` arithmetic (operators emit ops)."""

    __slots__ = ("value", "backend")

    def __init__(self, value: SSAValue, backend: IRBackend) -> None:
        self.value = value
        self.backend = backend

    @property
    def type(self) -> Attribute:
        return self.value.type

    def __add__(self, o: Any) -> Any:
        return self.backend.add(self, o)

    def __radd__(self, o: Any) -> Any:
        return self.backend.add(o, self)

    def __sub__(self, o: Any) -> Any:
        return self.backend.sub(self, o)

    def __rsub__(self, o: Any) -> Any:
        return self.backend.sub(o, self)

    def __mul__(self, o: Any) -> Any:
        return self.backend.mul(self, o)

    def __rmul__(self, o: Any) -> Any:
        return self.backend.mul(o, self)

    def __truediv__(self, o: Any) -> Any:
        return self.backend.div(self, o)

    def __rtruediv__(self, o: Any) -> Any:
        return self.backend.div(o, self)

    def __neg__(self) -> Any:
        return self.backend.neg(self)

    def __repr__(self) -> str:
        return f"IRNum({self.value.type})"


def _is_num(x: Any) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


_UNARY: dict[str, type[Operation]] = {
    "sin": math.SinOp, "cos": math.CosOp, "tan": math.TanOp, "asin": math.AsinOp,
    "acos": math.AcosOp, "atan": math.AtanOp, "sinh": math.SinhOp, "cosh": math.CoshOp,
    "tanh": math.TanhOp, "exp": math.ExpOp, "exp2": math.Exp2Op, "expm1": math.ExpM1Op,
    "erf": math.ErfOp, "floor": math.FloorOp, "ceil": math.CeilOp, "trunc": math.TruncOp,
    "log": math.LogOp, "log2": math.Log2Op, "log10": math.Log10Op, "log1p": math.Log1pOp,
    "sqrt": math.SqrtOp, "cbrt": math.CbrtOp, "abs": math.AbsFOp, "asinh": math.AsinhOp,
    "acosh": math.AcoshOp, "atanh": math.AtanhOp,
}
# Functions no ``math`` op computes: a call of the C library's function (``tgamma``,
# ``tgammaf`` for f32), which a program whose op table entry needs one already calls
# (the entry is that of a C function: ``EXTERNAL_ALIASES``).
_C_CALLS: dict[str, int] = {"erfc": 1, "lgamma": 1, "tgamma": 1, "hypot": 2}
_C_SUFFIX = {"f64": "", "f32": "f"}
_BINARY: dict[str, type[Operation]] = {
    "div": arith.DivfOp, "pow": math.PowFOp, "atan2": math.Atan2Op,
    "copysign": math.CopySignOp, "maximum": arith.MaximumfOp, "minimum": arith.MinimumfOp,
    "maxnum": arith.MaxnumfOp, "minnum": arith.MinnumfOp,
}


class IRBackend:
    """Evaluates op-table rules by emitting ``arith``/``math`` ops.

    Args:
        emit: inserts an op at the current insertion point (and returns nothing).
        ftype: the float type of Python constants that meet no SSA value
            (``N.select(c, 1, 0)``); normally the differentiated op's result type.
    """

    name = "ir"

    def __init__(self, emit: Callable[[Operation], None], ftype: Attribute) -> None:
        self._emit = emit
        self.ftype = ftype

    # -- plumbing ------------------------------------------------------------------
    def wrap(self, v: SSAValue) -> IRNum:
        return IRNum(v, self)

    def _op(self, op: Operation) -> IRNum:
        self._emit(op)
        return IRNum(op.results[0], self)

    def _type_of(self, *xs: Any) -> Attribute:
        for x in xs:
            if isinstance(x, IRNum) and isinstance(x.type, AnyFloat):
                return x.type
        return self.ftype

    def constant(self, c: Number, t: Attribute) -> SSAValue:
        op = arith.ConstantOp(FloatAttr(float(c), t))  # type: ignore[arg-type]
        self._emit(op)
        return op.results[0]

    def val(self, x: Any, t: Attribute) -> SSAValue:
        if isinstance(x, IRNum):
            return x.value
        if _is_num(x):
            return self.constant(x, t)
        raise TypeError(f"IRBackend cannot use {x!r}")

    @staticmethod
    def const(c: float) -> float:
        return float(c)

    # -- field arithmetic -----------------------------------------------------------
    def add(self, a: Any, b: Any) -> Any:
        if a is DEAD or b is DEAD:
            return DEAD
        if _is_num(a) and _is_num(b):
            return a + b
        if _is_num(b) and b == 0:
            return a
        if _is_num(a) and a == 0:
            return b
        t = self._type_of(a, b)
        return self._op(arith.AddfOp(self.val(a, t), self.val(b, t)))

    def sub(self, a: Any, b: Any) -> Any:
        if a is DEAD or b is DEAD:
            return DEAD
        if _is_num(a) and _is_num(b):
            return a - b
        if _is_num(b) and b == 0:
            return a
        if _is_num(a) and a == 0:
            return self.neg(b)
        t = self._type_of(a, b)
        return self._op(arith.SubfOp(self.val(a, t), self.val(b, t)))

    def mul(self, a: Any, b: Any) -> Any:
        if a is DEAD or b is DEAD:
            return DEAD
        if _is_num(a) and _is_num(b):
            return a * b
        for x, y in ((a, b), (b, a)):
            if _is_num(x):
                if x == 0:
                    return 0.0
                if x == 1:
                    return y
                if x == -1:
                    return self.neg(y)
        t = self._type_of(a, b)
        return self._op(arith.MulfOp(self.val(a, t), self.val(b, t)))

    def neg(self, a: Any) -> Any:
        if a is DEAD:
            return DEAD
        if _is_num(a):
            return -a
        return self._op(arith.NegfOp(a.value))

    def div(self, a: Any, b: Any) -> Any:
        if a is DEAD or b is DEAD:
            return DEAD
        if _is_num(a) and _is_num(b):
            return FLOAT.div(float(a), float(b))
        if _is_num(b) and b == 1:
            return a
        t = self._type_of(a, b)
        return self._op(arith.DivfOp(self.val(a, t), self.val(b, t)))

    # -- math functions ---------------------------------------------------------------
    def __getattr__(self, fn: str) -> Callable[..., Any]:
        if fn in _UNARY:
            cls = _UNARY[fn]

            def unary(a: Any) -> Any:
                if a is DEAD:
                    return DEAD
                if _is_num(a):
                    return getattr(FLOAT, fn)(float(a))
                return self._op(cls(a.value))  # type: ignore[call-arg]

            return unary
        if fn in _BINARY:
            cls2 = _BINARY[fn]

            def binary(a: Any, b: Any) -> Any:
                if a is DEAD or b is DEAD:
                    return DEAD
                if _is_num(a) and _is_num(b):
                    return getattr(FLOAT, fn)(float(a), float(b))
                if fn == "div":
                    return self.div(a, b)
                t = self._type_of(a, b)
                return self._op(cls2(self.val(a, t), self.val(b, t)))  # type: ignore[call-arg]

            return binary
        if fn in _C_CALLS:
            def c_call(*xs: Any) -> Any:
                if any(x is DEAD for x in xs):
                    return DEAD
                if all(_is_num(x) for x in xs):
                    return getattr(FLOAT, fn)(*(float(x) for x in xs))
                t = self._type_of(*xs)
                suffix = _C_SUFFIX.get(str(t))
                if suffix is None:
                    raise TypeError(f"no C function '{fn}' for type {t}")
                return self._op(llvm.CallOp(fn + suffix, *(self.val(x, t) for x in xs),
                                            return_type=t))

            return c_call
        raise AttributeError(f"the IR backend has no function '{fn}'")

    # -- comparisons and selection ------------------------------------------------------
    def _cmp(self, a: Any, b: Any, pred: str) -> Any:
        if a is DEAD or b is DEAD:
            return DEAD
        if _is_num(a) and _is_num(b):
            return {"olt": a < b, "ogt": a > b, "oeq": a == b, "uno": False}[pred]
        t = self._type_of(a, b)
        return self._op(arith.CmpfOp(self.val(a, t), self.val(b, t), pred))

    def lt(self, a: Any, b: Any) -> Any:
        return self._cmp(a, b, "olt")

    def eq(self, a: Any, b: Any) -> Any:
        return self._cmp(a, b, "oeq")

    def scale(self, p: Any, y: Any) -> Any:
        """``p * y`` for an adjoint ``y`` and a partial ``p``; a partial that picks
        between two constants (a select's or a ``max``'s: ``c ? 1 : 0``) picks between
        the products instead, so that the operand not picked gets exactly 0 even where
        ``y`` is infinite (``inf * 0`` would be NaN)."""
        own = p.value.owner if isinstance(p, IRNum) else None
        if isinstance(own, arith.SelectOp):
            k1, k2 = _const_float(own.operands[1]), _const_float(own.operands[2])
            if k1 is not None and k2 is not None:
                return self.select(self.wrap(own.operands[0]), self.mul(k1, y),
                                   self.mul(k2, y))
        return self.mul(p, y)

    def isnan(self, a: Any) -> Any:
        return self._cmp(a, a, "uno")

    def select(self, c: Any, a: Any, b: Any) -> Any:
        if c is DEAD or a is DEAD or b is DEAD:
            return DEAD
        if isinstance(c, bool):
            return a if c else b
        if _is_num(a) and _is_num(b) and a == b:
            return a
        t = self._type_of(a, b)
        cond = c.value if isinstance(c, IRNum) else c
        assert isinstance(cond.type, IntegerType), "select condition must be i1"
        return self._op(arith.SelectOp(cond, self.val(a, t), self.val(b, t)))

    def sign(self, a: Any) -> Any:
        """-1, 0 or 1 (0 for NaN), built from comparisons and selects."""
        if a is DEAD:
            return DEAD
        if _is_num(a):
            return FLOAT.sign(float(a))
        pos = self._cmp(a, 0, "ogt")
        neg = self._cmp(a, 0, "olt")
        return self.select(pos, 1, self.select(neg, -1, 0))

    def fmod(self, a: Any, b: Any) -> Any:
        raise NotImplementedError("fmod is not needed by any derivative rule")


def _const_float(v: SSAValue) -> float | None:
    """The value of an ``arith.constant`` float, or None."""
    o = v.owner
    if isinstance(o, arith.ConstantOp) and isinstance(o.value, FloatAttr):
        return float(o.value.value.data)
    return None


def materialize(x: Any, backend: IRBackend, t: Attribute) -> SSAValue | None:
    """An SSA value for a backend result (None for the constant zero)."""
    if x is DEAD:
        raise ValueError("a needed partial depends on an operand that was not materialised")
    if isinstance(x, IRNum):
        return x.value
    if _is_num(x):
        if x == 0:
            return None
        return backend.constant(x, t)
    raise TypeError(f"unexpected backend value {x!r}")


__all__ = ["DEAD", "DEPS", "Dep", "DepBackend", "IRBackend", "IRNum", "materialize",
           "operand_deps"]
