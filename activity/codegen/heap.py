"""Keeping freed memory between calls of compiled code.

Two mechanisms: a cache of freed blocks compiled into every host module (below,
automatic, for the buffers whose whole life the compiled function shows), and
:func:`keep_freed_memory` (opt-in, process-wide glibc tuning, for everything else).

Why: a gradient allocates its tapes (megabytes to hundreds of megabytes) with
``malloc`` on every call and frees them before it returns.  glibc serves blocks above
its mmap threshold (128 KB, adapting up to 32 MB) with fresh ``mmap``s and unmaps them
on ``free``, so the next call page-faults the whole tape in again: the kernel zeroes
every page (docs/codegen.md counts the page faults).  :func:`keep_freed_memory` raises
the mmap and trim thresholds, so such blocks come from the heap and stay there when
freed.  It changes ``malloc`` for the whole process (numpy's large arrays included) and
the process then keeps up to ``limit`` freed bytes instead of returning them to the
system, so it is a choice for the caller, not a side effect of importing this package;
``benchmarks/run.py`` makes it unless ``--no-malloc-tuning``.
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


# ---------------------------------------------------------------------------------------
# A cache of freed blocks inside compiled code
#
# Without keep_freed_memory, every call of a gradient maps its tapes afresh.  The
# lowering therefore routes the heap allocations it can see the whole life of -- a
# ``memref.alloc`` whose buffer is only loaded, stored, measured and deallocated in its
# function, as the AD generator's static tapes are -- through ``activity_heap_alloc`` /
# ``activity_heap_free``, defined in every lowered host module: a freed block of at
# least ``CACHE_MIN`` bytes is kept (``CACHE_SLOTS`` blocks, ``CACHE_BYTES`` in all, per
# module) and handed to the next allocation it fits (at most twice the size asked for).
# The free site passes the size the descriptor describes, never more than the block
# has, so a block is at worst remembered as smaller than it is.  Nothing but these two
# functions ever sees a cached block; a spin lock guards the table (host threads may
# allocate at once).  ``activity_heap_release`` frees the cached blocks.

from llvmlite import ir  # noqa: E402

CACHE_SLOTS = 16
CACHE_MIN = 64 << 10
CACHE_BYTES = 512 << 20

ALLOC = "activity_heap_alloc"
# activity_heap_alloc's result is noalias (a switch for side-by-side measurements; not
# part of the JIT caches' keys: call activity.codegen.jit.clear_cache() after changing)
NOALIAS_RESULT = True
FREE = "activity_heap_free"
RELEASE = "activity_heap_release"
HITS = "activity_heap_hits"

_I32 = ir.IntType(32)
_I64 = ir.IntType(64)
_PTR = ir.PointerType()
_VOID = ir.VoidType()


def _global(mod: ir.Module, name: str, ty: ir.Type) -> ir.GlobalVariable:
    g = ir.GlobalVariable(mod, ty, name=name)
    g.linkage = "internal"
    g.initializer = ir.Constant(ty, None)
    return g


def define_heap_cache(mod: ir.Module) -> None:
    """Define the allocation cache's globals and functions in ``mod`` (once).  Each
    slot is a pair of scalar globals (pointer, size), updated with selects: no dynamic
    indexing."""
    if ALLOC in mod.globals:
        return
    lock = _global(mod, "activity_heap_lock", _I32)
    ptrs = [_global(mod, f"activity_heap_ptr{i}", _PTR) for i in range(CACHE_SLOTS)]
    sizes = [_global(mod, f"activity_heap_size{i}", _I64) for i in range(CACHE_SLOTS)]
    total = _global(mod, "activity_heap_total", _I64)
    hits = _global(mod, HITS, _I64)
    hits.linkage = ""  # a visible definition: read by tests through the engine
    malloc = mod.globals.get("malloc") or ir.Function(
        mod, ir.FunctionType(_PTR, [_I64]), name="malloc")
    free = mod.globals.get("free") or ir.Function(
        mod, ir.FunctionType(_VOID, [_PTR]), name="free")
    z32, one32, z64 = ir.Constant(_I32, 0), ir.Constant(_I32, 1), ir.Constant(_I64, 0)
    null = ir.Constant(_PTR, None)

    def acquire(fn: ir.Function, b: ir.IRBuilder) -> ir.IRBuilder:
        spin = fn.append_basic_block("spin")
        held = fn.append_basic_block("held")
        b.branch(spin)
        b = ir.IRBuilder(spin)
        pair = b.cmpxchg(lock, z32, one32, "acquire", "monotonic")
        b.cbranch(b.extract_value(pair, 1), held, spin)
        return ir.IRBuilder(held)

    def release(b: ir.IRBuilder) -> None:
        b.store_atomic(z32, lock, "release", 4)

    def nonnull(b: ir.IRBuilder, p: ir.Value) -> ir.Value:
        return b.icmp_unsigned("!=", b.ptrtoint(p, _I64), z64)

    # ptr activity_heap_alloc(i64 n): the smallest cached block of n..2n bytes, else
    # malloc
    fa = ir.Function(mod, ir.FunctionType(_PTR, [_I64]), name=ALLOC)
    fa.linkage = "internal"
    if NOALIAS_RESULT:
        # malloc-like: the block is fresh or was freed, so no live pointer reaches it;
        # kept out of line so that callers keep the attribute (inlined, it would be lost)
        fa.return_value.add_attribute("noalias")
        fa.attributes.add("noinline")
    n = fa.args[0]
    b = ir.IRBuilder(fa.append_basic_block("entry"))
    small = b.icmp_unsigned("<", n, ir.Constant(_I64, CACHE_MIN))
    plain = fa.append_basic_block("plain")
    look = fa.append_basic_block("look")
    b.cbranch(small, plain, look)
    pb = ir.IRBuilder(plain)
    pb.ret(pb.call(malloc, [n]))
    b = acquire(fa, ir.IRBuilder(look))
    best = ir.Constant(_I32, -1)
    best_ptr: ir.Value = null
    best_size: ir.Value = ir.Constant(_I64, -1)  # unsigned max
    twice = b.shl(n, ir.Constant(_I64, 1))
    for i in range(CACHE_SLOTS):
        p = b.load(ptrs[i], typ=_PTR)
        s = b.load(sizes[i], typ=_I64)
        fits = b.and_(b.and_(nonnull(b, p), b.icmp_unsigned(">=", s, n)),
                      b.and_(b.icmp_unsigned("<=", s, twice),
                             b.icmp_unsigned("<", s, best_size)))
        best = b.select(fits, ir.Constant(_I32, i), best)
        best_ptr = b.select(fits, p, best_ptr)
        best_size = b.select(fits, s, best_size)
    found = b.icmp_signed(">=", best, z32)
    hit = fa.append_basic_block("hit")
    miss = fa.append_basic_block("miss")
    b.cbranch(found, hit, miss)
    hb = ir.IRBuilder(hit)
    for i in range(CACHE_SLOTS):
        q = hb.load(ptrs[i], typ=_PTR)
        hb.store(hb.select(hb.icmp_signed("==", best, ir.Constant(_I32, i)), null, q), ptrs[i])
    hb.store(hb.sub(hb.load(total, typ=_I64), best_size), total)
    hb.store(hb.add(hb.load(hits, typ=_I64), ir.Constant(_I64, 1)), hits)
    release(hb)
    hb.ret(best_ptr)
    mb = ir.IRBuilder(miss)
    release(mb)
    mb.ret(mb.call(malloc, [n]))

    # void activity_heap_free(ptr p, i64 n): keep the block in the first empty slot
    # while the cache has room, else free it
    ff = ir.Function(mod, ir.FunctionType(_VOID, [_PTR, _I64]), name=FREE)
    ff.linkage = "internal"
    p, n = ff.args
    b = ir.IRBuilder(ff.append_basic_block("entry"))
    keep = b.and_(b.icmp_unsigned(">=", n, ir.Constant(_I64, CACHE_MIN)), nonnull(b, p))
    plain = ff.append_basic_block("plain")
    look = ff.append_basic_block("look")
    b.cbranch(keep, look, plain)
    pb = ir.IRBuilder(plain)
    pb.call(free, [p])
    pb.ret_void()
    b = acquire(ff, ir.IRBuilder(look))
    room = b.icmp_unsigned("<=", b.add(b.load(total, typ=_I64), n),
                           ir.Constant(_I64, CACHE_BYTES))
    empty = ir.Constant(_I32, -1)
    for i in reversed(range(CACHE_SLOTS)):  # the first empty slot
        q = b.load(ptrs[i], typ=_PTR)
        empty = b.select(nonnull(b, q), empty, ir.Constant(_I32, i))
    ok = b.and_(room, b.icmp_signed(">=", empty, z32))
    store = ff.append_basic_block("store")
    full = ff.append_basic_block("full")
    b.cbranch(ok, store, full)
    sb = ir.IRBuilder(store)
    for i in range(CACHE_SLOTS):
        mine = sb.icmp_signed("==", empty, ir.Constant(_I32, i))
        sb.store(sb.select(mine, p, sb.load(ptrs[i], typ=_PTR)), ptrs[i])
        sb.store(sb.select(mine, n, sb.load(sizes[i], typ=_I64)), sizes[i])
    sb.store(sb.add(sb.load(total, typ=_I64), n), total)
    release(sb)
    sb.ret_void()
    fb = ir.IRBuilder(full)
    release(fb)
    fb.call(free, [p])
    fb.ret_void()

    # void activity_heap_release(): free every cached block (external: called from Python)
    fr = ir.Function(mod, ir.FunctionType(_VOID, []), name=RELEASE)
    b = acquire(fr, ir.IRBuilder(fr.append_basic_block("entry")))
    for i in range(CACHE_SLOTS):
        b.call(free, [b.load(ptrs[i], typ=_PTR)])  # free(NULL) is a no-op
        b.store(null, ptrs[i])
    b.store(z64, total)
    release(b)
    b.ret_void()
