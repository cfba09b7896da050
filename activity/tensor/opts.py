"""LAGrad's tensor-level optimizations: one switch and one counter each.

Every optimization of the tensor-level gradient (and of the code compiled from it) is
named here, can be turned off on its own -- to measure what it buys, and to check that
the gradient is the same without it -- and counts what it did, for ``--stats``.

Switches: all on by default; ``ACTIVITY_TENSOR_OFF=sparse,fuse`` in the environment
(read when a gradient is generated or a module compiled) or :func:`disabled` in code
turns some off::

    with opts.disabled("sparse"):
        g = activity.gradient(src, "f")

Counters: :func:`count` adds to the counters of every :func:`counting` block open (so
a caller sees what one generation or one compilation did)::

    with opts.counting() as c:
        lower_tensors(module)
    c["inplace"]
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from activity.errors import ActivityError

# name -> what its counter counts
OPTIMIZATIONS: dict[str, str] = {
    "sparse": "one-hot / slice-hot adjoints updated without a dense zero tensor",
    "triangular": "adjoint loops run over a triangle only",
    "recompute": "primal tensors recomputed in the reverse sweep instead of kept",
    "fuse": "adjoint generics merged into one (the body's partials computed once)",
    "nozero": "adjoints first written by a parallel generic (no zero fill, no 0 + t)",
    "inplace": "adjoint updates done in place on a buffer (no copy)",
    "lifetime": "buffers made right before their first use and freed right after their last",
    "tapebody": "expensive body values of a generic kept by the forward sweep for its adjoint",
    "reslice": "slices of tensors the reverse sweep has re-taken there instead of taped",
    "regtile": "i-k-j nests of dynamic sizes tiled by registers (no store-load chain per term)",
    "tilerows": "register tiles whose rows share their contiguous input's loads",
    "carryorder": "reductions carried in registers, not i-k-j, where no input is summed along j",
    "zeroskip": "contraction loops that skip a zero factor's terms (guarded: the others finite)",
    "zerolist": "in-memory reductions over a list of a mostly-zero factor's nonzero elements",
    "peelfill": "filled outputs' reductions peeled: the first term added to the fill's value",
    "tpanel": "transposed copies read by one contraction's panels: panels filled from the source",
    "fusereduce": "a reduction adjoint merged into an elementwise one's nest (one pass)",
    "maskhoist": "carried sums' masks fixed along their loop applied once after it",
    "staircase": "masked reductions of a register tile run in steps: no select per term",
    "tilefill": "fills fused into a register tile that writes every element (masked or not)",
}

_off: set[str] = set()
_open: list[Counter[str]] = []


def _env_off() -> set[str]:
    raw = os.environ.get("ACTIVITY_TENSOR_OFF", "")
    names = {s.strip() for s in raw.split(",") if s.strip()}
    if "all" in names:
        return set(OPTIMIZATIONS)
    unknown = names - set(OPTIMIZATIONS)
    if unknown:
        raise ActivityError(f"ACTIVITY_TENSOR_OFF: unknown optimization(s) "
                         f"{', '.join(sorted(unknown))}; known: "
                         f"{', '.join(OPTIMIZATIONS)}, all")
    return names


def enabled(name: str) -> bool:
    """Whether optimization ``name`` is on."""
    if name not in OPTIMIZATIONS:
        raise KeyError(f"unknown tensor optimization {name!r}")
    return name not in _off and name not in _env_off()


def state() -> str:
    """The switches that are off, as a key for caches of compiled code (which the
    lowering's optimizations change)."""
    return ",".join(sorted(_off | _env_off()))


@contextmanager
def disabled(*names: str) -> Iterator[None]:
    """Turn ``names`` off inside the block (``"all"``: every one)."""
    chosen = set(OPTIMIZATIONS) if "all" in names else set(names)
    unknown = chosen - set(OPTIMIZATIONS)
    if unknown:
        raise KeyError(f"unknown tensor optimization(s) {sorted(unknown)}")
    added = chosen - _off
    _off.update(added)
    try:
        yield
    finally:
        _off.difference_update(added)


def count(name: str, n: int = 1) -> None:
    """Record that optimization ``name`` applied ``n`` times."""
    if name not in OPTIMIZATIONS:
        raise KeyError(f"unknown tensor optimization {name!r}")
    for c in _open:
        c[name] += n


@contextmanager
def counting() -> Iterator[Counter[str]]:
    """A counter of the optimizations applied inside the block."""
    c: Counter[str] = Counter()
    _open.append(c)
    try:
        yield c
    finally:
        del _open[next(i for i, x in enumerate(_open) if x is c)]


@contextmanager
def muted() -> Iterator[None]:
    """Inside the block nothing is counted: for work that is discarded (the AD's
    planning runs generate code that is thrown away; only the emission counts)."""
    saved = _open[:]
    _open.clear()
    try:
        yield
    finally:
        _open[:] = saved


__all__ = ["OPTIMIZATIONS", "count", "counting", "disabled", "enabled", "muted", "state"]
