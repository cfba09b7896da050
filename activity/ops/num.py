"""Numeric backends for the op table's generic semantics and derivative rules.

An op-table rule is written once as ``lambda N, a, b: ...`` using Python operators
(``+ - * /`` and unary minus) for field arithmetic and ``N.<fn>`` for everything else.
A backend is any object with the functions below.  :data:`FLOAT` evaluates on Python
floats with IEEE behaviour (domain errors give NaN/inf instead of raising), which is
what the reference interpreter uses; :mod:`proofs` supplies a Z3 backend.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any


def _total(fn: Callable[..., float]) -> Callable[..., float]:
    """Make a math function IEEE-like: domain errors become NaN, overflow becomes inf."""

    def wrapped(*args: float) -> float:
        try:
            return fn(*args)
        except ValueError:
            return math.nan
        except OverflowError:
            return math.inf
        except ZeroDivisionError:
            return math.nan

    wrapped.__name__ = fn.__name__
    return wrapped


def _div(a: float, b: float) -> float:
    if b == 0.0:
        if a == 0.0 or math.isnan(a):
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)
    return a / b


def _pow(a: float, b: float) -> float:
    try:
        r = math.pow(a, b)
    except ValueError:
        return math.nan
    except (OverflowError, ZeroDivisionError):
        return math.inf
    return r


class FloatBackend:
    """IEEE double semantics on Python floats."""

    name = "float"

    @staticmethod
    def const(c: float) -> float:
        return float(c)

    sin = staticmethod(_total(math.sin))
    cos = staticmethod(_total(math.cos))
    tan = staticmethod(_total(math.tan))
    asin = staticmethod(_total(math.asin))
    acos = staticmethod(_total(math.acos))
    atan = staticmethod(_total(math.atan))
    atan2 = staticmethod(_total(math.atan2))
    sinh = staticmethod(_total(math.sinh))
    cosh = staticmethod(_total(math.cosh))
    tanh = staticmethod(_total(math.tanh))
    exp = staticmethod(_total(math.exp))
    expm1 = staticmethod(_total(math.expm1))
    erf = staticmethod(_total(math.erf))
    floor = staticmethod(_total(lambda a: float(math.floor(a)) if math.isfinite(a) else a))
    ceil = staticmethod(_total(lambda a: float(math.ceil(a)) if math.isfinite(a) else a))
    trunc = staticmethod(_total(lambda a: float(math.trunc(a)) if math.isfinite(a) else a))
    div = staticmethod(_div)
    pow = staticmethod(_pow)

    asinh = staticmethod(_total(math.asinh))
    acosh = staticmethod(_total(math.acosh))

    @staticmethod
    def atanh(a: float) -> float:
        """C's ``atanh``: +-inf at +-1 (Python raises)."""
        if abs(a) == 1.0:
            return math.copysign(math.inf, a)
        return _total(math.atanh)(a)

    erfc = staticmethod(_total(math.erfc))
    hypot = staticmethod(_total(math.hypot))

    @staticmethod
    def lgamma(a: float) -> float:
        """C's ``lgamma``: +inf at the poles (0, -1, -2, ...) and at +-inf."""
        if math.isinf(a) or (a <= 0 and a == math.floor(a)):
            return math.inf
        return _total(math.lgamma)(a)

    @staticmethod
    def tgamma(a: float) -> float:
        """C's ``tgamma``: +-inf at +-0, NaN at the negative integers and -inf."""
        if a == 0.0:
            return math.copysign(math.inf, a)
        if a == -math.inf or (a < 0 and a == math.floor(a)):
            return math.nan
        return _total(math.gamma)(a)

    @staticmethod
    def exp2(a: float) -> float:
        return _pow(2.0, a)

    @staticmethod
    def log(a: float) -> float:
        if a == 0.0:
            return -math.inf
        return math.log(a) if a > 0 else math.nan

    @staticmethod
    def log2(a: float) -> float:
        if a == 0.0:
            return -math.inf
        return math.log2(a) if a > 0 else math.nan

    @staticmethod
    def log10(a: float) -> float:
        if a == 0.0:
            return -math.inf
        return math.log10(a) if a > 0 else math.nan

    @staticmethod
    def log1p(a: float) -> float:
        if a == -1.0:
            return -math.inf
        return math.log1p(a) if a > -1 else math.nan

    @staticmethod
    def sqrt(a: float) -> float:
        return math.sqrt(a) if a >= 0 else math.nan

    @staticmethod
    def cbrt(a: float) -> float:
        return math.copysign(abs(a) ** (1.0 / 3.0), a)

    @staticmethod
    def abs(a: float) -> float:
        return math.fabs(a)

    @staticmethod
    def sign(a: float) -> float:
        return 1.0 if a > 0 else (-1.0 if a < 0 else 0.0)

    @staticmethod
    def copysign(a: float, b: float) -> float:
        return math.copysign(a, b)

    @staticmethod
    def fmod(a: float, b: float) -> float:
        try:
            return math.fmod(a, b)
        except ValueError:
            return math.nan

    @staticmethod
    def lt(a: Any, b: Any) -> bool:
        return bool(a < b)

    @staticmethod
    def select(c: Any, a: Any, b: Any) -> Any:
        return a if c else b

    @staticmethod
    def isnan(a: float) -> bool:
        return math.isnan(a)

    # MLIR's four float max/min ops differ on NaN and signed zeros:
    # ``maximumf``/``minimumf`` (llvm.maximum/minimum, IEEE 754-2019 maximum/minimum)
    # give NaN when either operand is NaN and order -0 below +0; ``maxnumf``/``minnumf``
    # (llvm.maxnum/minnum, C's fmax/fmin) give the other operand when one is NaN.
    @staticmethod
    def maximum(a: float, b: float) -> float:
        if math.isnan(a) or math.isnan(b):
            return math.nan
        if a < b:
            return b
        if b < a:
            return a
        return a if math.copysign(1.0, a) > 0 else b  # equal: +0 above -0

    @staticmethod
    def minimum(a: float, b: float) -> float:
        if math.isnan(a) or math.isnan(b):
            return math.nan
        if b < a:
            return b
        if a < b:
            return a
        return a if math.copysign(1.0, a) < 0 else b  # equal: -0 below +0

    @staticmethod
    def maxnum(a: float, b: float) -> float:
        if math.isnan(a):
            return b
        return b if a < b else a

    @staticmethod
    def minnum(a: float, b: float) -> float:
        if math.isnan(a):
            return b
        return b if b < a else a


FLOAT = FloatBackend()
