"""The digamma function, written once over the op table's numeric backends.

``lgamma`` and ``tgamma`` have derivatives ``digamma`` and ``tgamma * digamma``, and
no math library has ``digamma``: :func:`digamma` computes it from the operations
every backend has (``+ - * /``, ``log``, ``tan``, ``floor``, ``lt``, ``select``),
without branches, so that the interpreter (Python floats), the AD generator (it
emits the ops) and the compiled code (which lowers those ops) compute one formula:

* reflection for ``x < 0.5``: ``psi(x) = psi(1 - x) - pi / tan(pi r)``, with
  ``r = x - floor(x + 1/2)`` (exact in floating point; ``tan`` has period ``pi``, so
  the large multiples of ``pi`` that ``pi * x`` would round are never formed);
* recurrence for ``y < 10``: ``psi(y) = psi(y + 10) - sum_{k<10} 1 / (y + k)``;
* the asymptotic series at ``z >= 10``:
  ``psi(z) = ln z - 1/(2z) - sum_{n=1..7} B_2n / (2n z^2n)``, whose first omitted
  term is below ``5e-17`` there.

Accuracy in f64: at most 7e-15 relative where ``|psi| > 0.1``, 1e-15 absolute near
the root 1.4616... where the value goes through 0 (3000 points of (0.01, 1e8) against
a 50-digit series; ``tests/test_libm.py`` checks known values, negative ones too, and
finite differences of ``lgamma``).  At the poles (0, -1, -2, ...) the result is NaN,
as for ``-inf`` and NaN; ``psi(+inf) = +inf``.

A backend with its own ``digamma`` (the Z3 backend: an uninterpreted function; the
documentation's symbolic backend: a name) is asked for it instead, through
:func:`dg`.
"""

from __future__ import annotations

import math
from typing import Any

# B_2n / (2n) for n = 1..7: 1/12, -1/120, 1/252, -1/240, 1/132, -691/32760, 1/12
_SERIES = (1 / 12, -1 / 120, 1 / 252, -1 / 240, 1 / 132, -691 / 32760, 1 / 12)
_SHIFT = 10


def digamma(N: Any, x: Any) -> Any:
    """``psi(x) = d/dx ln|Gamma(x)|`` on backend ``N`` (see the module docstring)."""
    refl = N.lt(x, 0.5)
    y = N.select(refl, 1 - x, x)
    small = N.lt(y, _SHIFT)
    s: Any = 0.0
    for k in range(_SHIFT):
        s = s + N.div(1, y + k)
    z = N.select(small, y + _SHIFT, y)
    w = N.div(1, z * z)
    poly: Any = _SERIES[-1]
    for c in reversed(_SERIES[:-1]):
        poly = c + w * poly
    psi_z = (N.log(z) - N.div(0.5, z)) - w * poly
    psi_y = psi_z - N.select(small, s, 0.0)
    r = x - N.floor(x + 0.5)
    reflected = psi_y - N.div(math.pi, N.tan(math.pi * r))
    # r == 0 where x is a pole (x < 0.5 an integer): NaN; so where r is NaN (x = -inf)
    at_pole = N.select(N.lt(0.0, r), reflected, math.nan)
    return N.select(refl, N.select(N.lt(r, 0.0), reflected, at_pole), psi_y)


def dg(N: Any, x: Any) -> Any:
    """``N.digamma(x)`` where the backend has one, else :func:`digamma`."""
    own = getattr(N, "digamma", None)
    return own(x) if own is not None else digamma(N, x)
