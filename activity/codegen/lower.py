"""Lowering of the subset (func, arith, math, scf, cf, memref) to LLVM IR with llvmlite.

One Python translator walks the xDSL IR and emits llvmlite IR directly (see
``docs/codegen.md`` for why this instead of xDSL rewrite patterns to the ``llvm``
dialect).  What each op computes comes from the op table: float ops are emitted by
evaluating the table's generic ``sem`` with the LLVM backend of
:mod:`activity.codegen.llvmnum`; integer ops, comparisons and casts map table op names
to LLVM instructions (:data:`INT_BINOPS`, :data:`CAST_OPS`, ...), with the edge cases
the table defines (shifts past the width give 0, ``fptosi`` of NaN/inf gives 0, an
integer division by zero gives an unspecified value rather than a trap).

Conventions, all those of upstream MLIR so that our functions link with code lowered
by ``mlir-opt --finalize-memref-to-llvm --convert-func-to-llvm``:

* ``index`` is ``i64``; memrefs are descriptors (:mod:`activity.codegen.types`),
  expanded into their fields at function boundaries;
* a function returns nothing (``void``), its single result, or a literal struct of its
  results;
* ``memref.alloc`` calls ``calloc`` (fresh memory is zero, as in the interpreter) and
  ``memref.dealloc`` calls ``free`` on the allocated pointer; ``memref.get_global``
  puts ``0xdeadbeef`` in the allocated pointer as upstream does.

Departures from upstream, each to match the reference interpreter: fresh memory is
zero-filled (also ``alloca``); ``memref.alloca`` whose buffer reaches a
``func.return`` is heap-allocated (upstream would return a dangling stack pointer);
``scf.parallel`` runs its iterations in order on the host (the GPU target maps it to
threads, :mod:`activity.codegen.gpu`).

This module is the lowering's front door: the loop-hint switches below, the
:class:`ModuleLowering` that lowers with them, and the names the rest of the package
uses.  The lowering itself is the package :mod:`activity.codegen.lowering`: a shared
core (:mod:`~activity.codegen.lowering.core`: ``ModuleLowering``, ``FuncLowering``
and the registry of rules) and one module per dialect family, each registering the
lowering of its ops (``docs/codegen.md``, "The pieces of the lowering").
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp

from activity.codegen.lowering import core
from activity.codegen.lowering.arith import (
    CAST_OPS,
    INT_BINOPS,
    INT_DIVS,
    INT_MINMAX,
    INT_SHIFTS,
    INT_UNARY_INTRINSICS,
)
from activity.codegen.lowering.atomics import RMW_LLVM
from activity.codegen.lowering.common import (
    ALLOC_LIMIT,
    Target,
    fastmath_flags,
    opaque,
    rpo,
    size_of,
    unsupported,
    where,
)
from activity.codegen.lowering.core import KIND_RULES, RULES, FuncLowering, lowers
from activity.codegen.lowering.loops import (
    LoopSwitches,
    constant_trip_count,
    data_dependent,
    index_range,
    max_trips,
    order_free,
    unroll_hint,
    unrolled_in_full,
    varying_trips,
)
from activity.codegen.lowering.memref import cacheable_alloc
from activity.codegen.types import return_type, signature

# Innermost scf.for loops with constant bounds, at most UNROLL_MAX_TRIPS iterations and
# at most UNROLL_MAX_OPS ops once unrolled are marked for full unrolling.  LLVM's own
# heuristic stops at about 300 instructions after unrolling (at -O3); the reverse
# sweep's loops over a stencil's 9 directions (LBM) are larger, stayed rolled, and then
# recomputed their two integer remainders per direction, 18 per cell, where the
# unrolled forward loops share 6 (the direction vectors come from a constant global and
# fold).  LLVM honours ``llvm.loop.unroll.full`` for any known trip count, with no size
# limit of its own, hence the bounds here: only loops without loops inside (no copies
# of an inner loop, no nests multiplying), and a budget of ops.  UNROLL_MAX_TRIPS = 0
# turns the hint off.  Neither switch is part of the JIT caches' keys: call
# ``activity.codegen.jit.clear_cache()`` after changing one.
UNROLL_MAX_TRIPS = 16


UNROLL_MAX_OPS = 2048


# Whether loops with inner loops (nests whose inner trip counts have constant bounds)
# and inner loops with bounded (not constant) trip counts get the hint too.
UNROLL_NESTS = True


# Whether a loop hinted for full unrolling is also kept from being vectorized first
# (see activity.codegen.lowering.scf.op_for).
UNROLL_NO_VECTORIZE = True


# Whether loops with a data-dependent branch (an ``scf.if`` whose condition depends on
# memory or on a float: Hand's ``weight != 0`` over its bones) get the hint too.
# Unrolled, LLVM if-converts such branches and runs every arm's work: with its sizes
# compiled in (8 bones), Hand's pruned gradient took 10.3 us against 8.5 us rolled
# (same-process A/Bs, four runs); a branch on a counter (``cc == 3``) folds once
# unrolled, and one on a value from outside the loop is unswitched: both keep it.
UNROLL_DATA_BRANCHES = False


# Loops whose trip count varies with an enclosing loop's counter (GMM's triangle
# ``for col: for r in col+1..d``, ``d`` known at run time) run a few iterations each
# time.  LLVM vectorizes them 4 wide with a vectorized epilogue, so a column's 4-wide
# loads of ``qx[r..r+3]`` overlap the 8-byte stores of the column before at another
# offset and stall on store forwarding (15% of GMM's gradient on one store).  Hinted
# ``vectorize.width 4``, ``interleave.count VARYING_VECTOR_MIN / 4``, such a loop keeps
# its vector body for runs of at least VARYING_VECTOR_MIN iterations and gets no
# vectorized epilogue (LLVM adds none to a hinted loop): shorter runs go scalar.  Only
# loops whose vectorization cannot reorder float sums get it (:func:`order_free`).
# VARYING_VECTOR_MIN (a multiple of 4; 0 turns the hint off) is not part of the JIT
# caches' keys, as the unrolling switches are not.  Measured side by side (GMM,
# d = 2..128): docs/codegen.md.
VARYING_VECTOR_MIN = 8


def loop_switches() -> LoopSwitches:
    """The switches above, as they are now."""
    return LoopSwitches(max_trips=UNROLL_MAX_TRIPS, max_ops=UNROLL_MAX_OPS,
                        nests=UNROLL_NESTS, no_vectorize=UNROLL_NO_VECTORIZE,
                        data_branches=UNROLL_DATA_BRANCHES,
                        varying_vector_min=VARYING_VECTOR_MIN)


class ModuleLowering(core.ModuleLowering):
    """:class:`activity.codegen.lowering.core.ModuleLowering` with this module's loop
    switches, read when it is made (so a switch changed before a compile, with the JIT
    caches cleared, is the one that compile uses)."""

    def __init__(self, module: ModuleOp, target: Target, name: str = "activity") -> None:
        super().__init__(module, target, loop_switches(), name)


__all__ = [
    "ALLOC_LIMIT", "CAST_OPS", "INT_BINOPS", "INT_DIVS", "INT_MINMAX", "INT_SHIFTS",
    "INT_UNARY_INTRINSICS", "KIND_RULES", "RMW_LLVM", "RULES", "UNROLL_DATA_BRANCHES",
    "UNROLL_MAX_OPS", "UNROLL_MAX_TRIPS", "UNROLL_NESTS", "UNROLL_NO_VECTORIZE",
    "VARYING_VECTOR_MIN", "FuncLowering", "LoopSwitches", "ModuleLowering", "Target",
    "cacheable_alloc", "constant_trip_count", "data_dependent", "fastmath_flags",
    "index_range", "loop_switches", "lowers", "max_trips", "opaque", "order_free",
    "return_type", "rpo", "signature", "size_of", "unroll_hint", "unrolled_in_full",
    "unsupported", "varying_trips", "where",
]
