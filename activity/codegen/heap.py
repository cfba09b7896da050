"""Keeping freed memory in the C heap between calls of compiled code (opt-in).

Why: a gradient allocates its tapes (megabytes to hundreds of megabytes) with
``malloc`` on every call and frees them before it returns.  glibc serves blocks above
its mmap threshold (128 KB, adapting up to 32 MB) with fresh ``mmap``s and unmaps them
on ``free``, so the next call page-faults the whole tape in again: the kernel zeroes
every page.  Measured on the benchmarks (one paired run, docs/codegen.md): miniBUDE's
pruned gradient 12% slower, its all_active 44%, LBM's 14%, XSBench's all_active 26%.
:func:`keep_freed_memory` raises the mmap and trim thresholds, so such blocks come
from the heap and stay there when freed.  It changes ``malloc`` for the whole process
(numpy's large arrays included) and the process then keeps up to ``limit`` freed bytes
instead of returning them to the system, so it is a choice for the caller, not a side
effect of importing this package; ``benchmarks/run.py`` makes it unless
``--no-malloc-tuning``.
"""

from __future__ import annotations

import ctypes

_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3


def keep_freed_memory(limit: int = 1 << 30) -> bool:
    """Serve blocks below ``limit`` bytes from the heap and keep up to ``limit`` freed
    bytes in it (glibc ``mallopt``).  Returns False where that is not possible (not
    glibc), True otherwise."""
    if not isinstance(limit, int) or isinstance(limit, bool) or limit <= 0:
        raise ValueError(f"limit must be a positive number of bytes, got {limit!r}")
    try:
        libc = ctypes.CDLL(None)
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    limit = min(limit, 2**31 - 1)
    return bool(mallopt(_M_MMAP_THRESHOLD, limit)) and bool(mallopt(_M_TRIM_THRESHOLD, limit))


__all__ = ["keep_freed_memory"]
