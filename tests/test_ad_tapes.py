"""Tape planning: integer ``iter_args`` that advance by a loop-invariant step are
recomputed from the iteration number (no tape), and loop-carried values needed inside
a non-rectangular inner loop are taped once per outer iteration (a static tape)
instead of once per inner iteration (a run-time stack)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from activity.ad.reverse import Differentiator
from tests.test_ad import gradients, parse

# packed lower-triangular matrix-vector product with a running offset %off (as in
# ADBench GMM): the offset is an index iter_arg of both loops; in the inner loop it
# advances by 1 (affine), across the outer loop by the inner trip count (not affine)
TRIANGULAR = """
func.func @f(%n: index, %l: memref<?xf64>, %x: memref<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%off = %c0, %acc = %z) -> (index, f64) {
    %xi = memref.load %x[%i] : memref<?xf64>
    %i1 = arith.addi %i, %c1 : index
    %r:2 = scf.for %j = %i1 to %n step %c1 iter_args(%o = %off, %a = %acc) -> (index, f64) {
      %lij = memref.load %l[%o] : memref<?xf64>
      %xj = memref.load %x[%j] : memref<?xf64>
      %p = arith.mulf %lij, %xi : f64
      %q = arith.mulf %p, %xj : f64
      %s = math.sin %q : f64
      %a2 = arith.addf %a, %s : f64
      %o2 = arith.addi %o, %c1 : index
      scf.yield %o2, %a2 : index, f64
    }
    scf.yield %r#0, %r#1 : index, f64
  }
  func.return %res#1 : f64
}
"""

# the same offset counted down (a - c) and an iter_arg passed through unchanged
DOWN = """
func.func @f(%n: index, %l: memref<?xf64>, %y: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %top = arith.subi %n, %c1 : index
  %r:3 = scf.for %j = %c0 to %n step %c1 iter_args(%o = %top, %k = %c1, %a = %z)
      -> (index, index, f64) {
    %v = memref.load %l[%o] : memref<?xf64>
    %w = memref.load %l[%k] : memref<?xf64>
    %p = arith.mulf %v, %w : f64
    %q = arith.mulf %p, %y : f64
    %s = math.sin %q : f64
    %a2 = arith.addf %a, %s : f64
    %o2 = arith.subi %o, %c1 : index
    scf.yield %o2, %k, %a2 : index, index, f64
  }
  func.return %r#2 : f64
}
"""


def _cached(module_text: str, kinds: list[str]) -> dict[str, str]:
    d = Differentiator(parse(module_text), "f", kinds, True)
    d.run()
    return {c.value: c.kind for c in d.stats.cached}


@pytest.mark.parametrize("prune", [True, False])
def test_triangular_offset_is_recomputed_not_stacked(prune: bool) -> None:
    n = 5
    kinds = ["const", "dup", "dup"]
    rng = np.random.default_rng(3)
    inputs = [n, rng.uniform(-1, 1, n * (n - 1) // 2), rng.uniform(-1, 1, n)]
    gradients(parse(TRIANGULAR), "f", inputs, kinds)
    d = Differentiator(parse(TRIANGULAR), "f", kinds, prune)
    d.run()
    kinds_of = {c.value: c.kind for c in d.stats.cached}
    # the inner offset %o is never taped, the outer offset %off once per outer iteration
    assert "%o" not in kinds_of and kinds_of.get("%off") == "static", kinds_of
    assert all(k == "static" for k in kinds_of.values()), kinds_of


def test_decreasing_and_unchanged_iter_args_are_recomputed() -> None:
    n = 6
    kinds = ["const", "dup", "active"]
    inputs = [n, np.random.default_rng(4).uniform(-1, 1, n), 0.8]
    gradients(parse(DOWN), "f", inputs, kinds)
    got = _cached(DOWN, kinds)
    assert "%o" not in got and "%k" not in got, got


# %tmp is filled (with prefix sums: not a value the load could be rebuilt from, see
# FORWARD below) before the loop and only read afterwards: the loop's loads of it are
# re-read in the reverse sweep (the memory still holds the same values then);
# %acc is overwritten after it is read: its loads must be taped
WRITTEN_BEFORE = """
func.func @f(%n: index, %x: memref<?xf64>, %y: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %tmp = memref.alloc(%n) : memref<?xf64>
  %acc = memref.alloc() : memref<f64>
  memref.store %z, %acc[] : memref<f64>
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%run = %z) -> (f64) {
    %v = memref.load %x[%i] : memref<?xf64>
    %e = math.exp %v : f64
    %run2 = arith.addf %run, %e : f64
    memref.store %run2, %tmp[%i] : memref<?xf64>
    scf.yield %run2 : f64
  }
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.load %tmp[%i] : memref<?xf64>
    %a = memref.load %acc[] : memref<f64>
    %p = arith.mulf %t, %y : f64
    %q = arith.mulf %p, %a : f64
    %s = math.sin %q : f64
    %a2 = arith.addf %a, %s : f64
    memref.store %a2, %acc[] : memref<f64>
  }
  %r = memref.load %acc[] : memref<f64>
  memref.dealloc %tmp : memref<?xf64>
  memref.dealloc %acc : memref<f64>
  func.return %r : f64
}
"""


def test_loads_of_memory_not_written_afterwards_are_recomputed() -> None:
    n = 5
    kinds = ["const", "dup", "active"]
    inputs = [n, np.random.default_rng(5).uniform(-1, 1, n), 0.7]
    gradients(parse(WRITTEN_BEFORE), "f", inputs, kinds)
    got = _cached(WRITTEN_BEFORE, kinds)
    assert "%t" not in got, got
    assert got.get("%a") == "static", got


def test_a_free_inside_a_later_loop_blocks_recomputation() -> None:
    # freeing (and reallocating) the buffer after its loads: recomputing would read
    # freed memory, so the loads are taped
    text = WRITTEN_BEFORE.replace(
        "  %r = memref.load %acc[] : memref<f64>\n",
        "  %r = memref.load %acc[] : memref<f64>\n"
        "  scf.for %i = %c0 to %c1 step %c1 {\n"
        "    memref.dealloc %tmp : memref<?xf64>\n  }\n").replace(
        "  memref.dealloc %tmp : memref<?xf64>\n  memref.dealloc %acc", "  memref.dealloc %acc")
    kinds = ["const", "dup", "active"]
    got = _cached(text, kinds)
    assert got.get("%t") == "static", got


# %a is only written by memref.atomic_rmw, after each load: the loads are not of
# read-only memory and must be taped (an RMW is a write like a store)
RMW_AFTER_LOAD = """
func.func @f(%a: memref<2xf64>, %x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %z) -> (f64) {
    %v = memref.load %a[%c0] : memref<2xf64>
    %s = math.sin %x : f64
    %y = arith.mulf %v, %s : f64
    %old = memref.atomic_rmw addf %one, %a[%c0] : (f64, memref<2xf64>) -> f64
    %acc2 = arith.addf %acc, %y : f64
    scf.yield %acc2 : f64
  }
  func.return %r : f64
}
"""


def test_memory_written_by_atomic_rmw_is_not_read_only() -> None:
    gradients(parse(RMW_AFTER_LOAD), "f", [np.array([0.5, 0.0]), 0.7], ["const", "active"])
    assert _cached(RMW_AFTER_LOAD, ["const", "active"]).get("%v") == "static"


# the triangular offset %off of the middle loop (as in GMM) inside an outer time loop,
# with its init, the inner loop's bounds and its step each either independent of %t or
# not: its static tape keeps a %t dimension (8*m*n bytes, not 8*n) exactly when one of
# them depends on %t -- every iteration of %t writes the same value to the same slot
# otherwise -- and the gradient is right either way
VARIED_OFFSET = """
func.func @f(%m: index, %n: index, %l: memref<?xf64>, %x: memref<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0.0 : f64
  %res = scf.for %t = %c0 to %m step %c1 iter_args(%acc0 = %z) -> (f64) {
    %xt = memref.load %x[%t] : memref<?xf64>
    %t2 = arith.muli %t, %c2 : index
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%off = INIT, %acc = %acc0)
        -> (index, f64) {
      %xi = memref.load %x[%i] : memref<?xf64>
      %i1 = arith.addi %i, %c1 : index
      %it = arith.addi %i, %t : index
      %nt = arith.subi %n, %t : index
      %q:2 = scf.for %j = LB to UB step %c1 iter_args(%o = %off, %a = %acc)
          -> (index, f64) {
        %lij = memref.load %l[%o] : memref<?xf64>
        %xj = memref.load %x[%j] : memref<?xf64>
        %p = arith.mulf %lij, %xi : f64
        %p2 = arith.mulf %p, %xj : f64
        %p3 = arith.mulf %p2, %xt : f64
        %s = math.sin %p3 : f64
        %a2 = arith.addf %a, %s : f64
        %o2 = arith.addi %o, STEP : index
        scf.yield %o2, %a2 : index, f64
      }
      scf.yield %q#0, %q#1 : index, f64
    }
    scf.yield %r#1 : f64
  }
  func.return %res : f64
}
"""


_VARIANTS = [(i, lb, "%n", st) for i in ("%c0", "%n", "%t", "%t2") for lb in ("%i1", "%it")
             for st in ("%c1", "%c2", "%t")] + [("%c0", "%i1", "%nt", "%c1")]


@pytest.mark.parametrize("init,lb,ub,step", _VARIANTS)
def test_tape_dimensions_follow_what_the_value_depends_on(init: str, lb: str, ub: str,
                                                           step: str) -> None:
    text = (VARIED_OFFSET.replace("INIT", init).replace("LB", lb).replace("UB", ub)
            .replace("STEP", step))
    m, n = 3, 4
    kinds = ["const", "const", "dup", "dup"]
    rng = np.random.default_rng(7)
    inputs = [m, n, rng.uniform(-1, 1, n + 2 * m + 2 * n * n + 1), rng.uniform(-1, 1, n)]
    gradients(parse(text), "f", inputs, kinds)
    d = Differentiator(parse(text), "f", kinds, True)
    d.run()
    off = [c for c in d.stats.cached if c.value == "%off"]
    varies = init in ("%t", "%t2") or lb == "%it" or ub == "%nt" or step == "%t"
    assert len(off) == 1 and off[0].loops == (["m", "n"] if varies else ["n"]), off


# %tmp[%i] = x[i] - mu[s*n + i] is written in a loop and read back in the next loop;
# the next iteration of %s overwrites it, so the loads cannot be re-read in the reverse
# sweep -- but their value is the stored one with %i := %j, recomputed from %x and %mu
# (GMM's centred point).  Each variant breaks one condition and must tape %t instead.
FORWARD = """
func.func @f(%n: index, %k: index, %x: memref<?xf64>, %mu: memref<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %five = arith.constant 5.0 : f64
  %n1 = arith.addi %n, %c1 : index
  %tmp = memref.alloc(%n1) : memref<?xf64>
  %other = memref.alloc(%n1) : memref<?xf64>
  memref.store %five, %tmp[%n] : memref<?xf64>
  %res = scf.for %s = %c0 to %k step %c1 iter_args(%acc = %z) -> (f64) {
    %base = arith.muli %s, %n : index
    scf.for %i = %c0 to %n step %c1 {
      %xi = memref.load %x[%i] : memref<?xf64>
      %bi = arith.addi %base, %i : index
      %mi = memref.load %mu[%bi] : memref<?xf64>
      %d = arith.subf %xi, %mi : f64
      STORE
    }
    BETWEEN
    %r = scf.for %j = %c0 to UB step %c1 iter_args(%a = %acc) -> (f64) {
      %xj = memref.load %x[%j] : memref<?xf64>
      LOAD
      %sn = math.sin %sq : f64
      %a2 = arith.addf %a, %sn : f64
      LATER
      scf.yield %a2 : f64
    }
    scf.yield %r : f64
  }
  memref.dealloc %tmp : memref<?xf64>
  memref.dealloc %other : memref<?xf64>
  func.return %res : f64
}
"""

_LOAD = ("%t = memref.load %tmp[%j] : memref<?xf64>\n"
         "      %sq = arith.mulf %t, %xj : f64")
_STORE = "memref.store %d, %tmp[%i] : memref<?xf64>"
_FORWARD_VARIANTS = {
    "forwarded": {},
    "written_between": {"BETWEEN": "memref.store %z, %tmp[%c0] : memref<?xf64>"},
    "written_by_a_later_iteration": {
        "LATER": "%j1 = arith.addi %j, %c1 : index\n"
                 "      memref.store %sq, %tmp[%j1] : memref<?xf64>"},
    "index_beyond_the_stores": {"UB": "%n1"},
    "conditional_store": {"STORE": "%in = arith.cmpi ult, %i, %n : index\n"
                                   "      scf.if %in {\n        " + _STORE + "\n      }"},
    "two_stores": {"STORE": _STORE + "\n      memref.store %d, %tmp[%c0] : memref<?xf64>"},
    "forwarded_into_a_branch": {"LOAD": "%jn = arith.cmpi ult, %j, %n : index\n"
                                        "      %sq = scf.if %jn -> (f64) {\n"
                                        "        %t = memref.load %tmp[%j] : memref<?xf64>\n"
                                        "        %tx = arith.mulf %t, %xj : f64\n"
                                        "        %ts = math.sin %tx : f64\n"
                                        "        scf.yield %ts : f64\n"
                                        "      } else {\n        scf.yield %z : f64\n      }"},
    "forwarded_past_other_writes": {
        "BETWEEN": "memref.store %z, %other[%c0] : memref<?xf64>"},
}


@pytest.mark.parametrize("variant", sorted(_FORWARD_VARIANTS))
def test_a_load_is_recomputed_from_the_store_that_wrote_it(variant: str) -> None:
    subst = {"STORE": _STORE, "BETWEEN": "", "LATER": "", "UB": "%n", "LOAD": _LOAD}
    subst.update(_FORWARD_VARIANTS[variant])
    text = FORWARD
    for k, v in subst.items():
        text = text.replace(k, v)
    n, k = 4, 3
    kinds = ["const", "const", "dup", "dup"]
    rng = np.random.default_rng(8)
    inputs = [n, k, rng.uniform(-1, 1, n + 1), rng.uniform(-1, 1, n * k)]
    gradients(parse(text), "f", inputs, kinds)
    got = _cached(text, kinds)
    if variant.startswith("forwarded"):
        assert "%t" not in got, got
    else:
        assert got.get("%t") == "static", got


# found in review: a stride-0 view maps every %i to one element, so the loads all read
# the last iteration's store -- forwarding (which needs distinct indices to be distinct
# elements) must not apply to views, whatever their type says after a cast
STRIDE0 = """
func.func @f(%n: index, %st: index, %x: memref<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %A = memref.alloc() : memref<8xf64>
  VIEW
  scf.for %i = %c0 to %n step %c1 {
    %xi = memref.load %x[%i] : memref<?xf64>
    %e = math.sin %xi : f64
    memref.store %e, %B[%i] : TB
  }
  %r = scf.for %j = %c0 to %n step %c1 iter_args(%a = %z) -> (f64) {
    %t = memref.load %B[%j] : TB
    %xj = memref.load %x[%j] : memref<?xf64>
    %p = arith.mulf %t, %xj : f64
    %s = math.sin %p : f64
    %a2 = arith.addf %a, %s : f64
    scf.yield %a2 : f64
  }
  memref.store %z, %B[%c0] : TB
  memref.dealloc %A : memref<8xf64>
  func.return %r : f64
}
"""
_VIEWS = {
    "static_stride_0": (
        "%B = memref.reinterpret_cast %A to offset: [0], sizes: [%n], strides: [0] : "
        "memref<8xf64> to memref<?xf64, strided<[0]>>", "memref<?xf64, strided<[0]>>"),
    # (a cast to the identity type would promise stride 1: undefined for this view,
    # which the interpreter reports; a cast to a fully dynamic layout keeps it defined)
    "cast_of_view": (
        "%B0 = memref.reinterpret_cast %A to offset: [0], sizes: [%n], strides: [%st] : "
        "memref<8xf64> to memref<?xf64, strided<[?]>>\n"
        "  %B = memref.cast %B0 : memref<?xf64, strided<[?]>> to "
        "memref<?xf64, strided<[?], offset: ?>>",
        "memref<?xf64, strided<[?], offset: ?>>"),
}


@pytest.mark.parametrize("view", sorted(_VIEWS))
def test_no_forwarding_through_views(view: str) -> None:
    decl, ty = _VIEWS[view]
    text = STRIDE0.replace("VIEW", decl).replace("TB", ty)
    kinds = ["const", "const", "dup"]
    gradients(parse(text), "f", [3, 0, np.random.default_rng(1).uniform(-1, 1, 3)], kinds)
    assert _cached(text, kinds).get("%t") == "static"


def _agrees_with_the_sequential_schedule(k: Any, m: Any, seed: int) -> None:
    """The compiled gradient of kernel ``k`` (module ``m``) equals that of its
    sequential schedule (planned once: no scf.parallel there)."""
    import activity
    from activity.codegen.sequential import sequentialize

    nums = [i for i, a in enumerate(k.args) if a in ("dup", "active")]
    inputs = k.make_inputs(np.random.default_rng(seed), "small")
    got = activity.gradient(m, k.func, nums, args=k.args)(*inputs)
    want = activity.gradient(sequentialize(m), k.func, nums, args=k.args)(*inputs)
    for a, b in zip(got, want, strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-14)


def test_values_of_parallel_iterations_are_recomputed_from_taped_ones() -> None:
    """LBM: the first planning run tapes ``rho``, ``jx``, ``jy`` (sums over loads of
    memory the next step overwrites) and, because they were not yet known to be taped
    when it decided, each direction's ``s3`` too; the second run recomputes ``s3`` from
    the taped three: 12 values per cell and step instead of 21.  The gradient matches
    the sequential schedule's (which is planned once: no scf.parallel there)."""
    import activity
    from tests.helpers import benchmark_kernels

    k = benchmark_kernels().KERNELS["lbm"]
    m = activity.parse(k.mlir)
    d = Differentiator(m, k.func, list(k.args), True)
    d.run()
    assert sorted(c.value for c in d.stats.cached) == ["%dev", "%jx", "%jy", "%rho"]
    _agrees_with_the_sequential_schedule(k, m, 2)


# ---------------------------------------------------------------------------------------
# Partials in terms of the result: the reverse sweep reads f(a), it does not recompute it


def test_result_partials_equal_the_operand_partials() -> None:
    """Every op table entry with ``result_partials`` gives the same derivatives as its
    ``partials`` when ``y = f(a)`` -- bit for bit for these rules (``0.5 / y`` and
    ``1 / (2 y)`` round the same real number)."""
    from activity.ops import TABLE
    from activity.ops.num import FLOAT

    domain = {"math.sqrt": (1e-3, 50.0), "llvm.intr.sqrt": (1e-3, 50.0)}
    rng = np.random.default_rng(3)
    names = [n for n, s in TABLE.items() if s.result_partials is not None]
    assert {"math.sqrt", "math.exp", "math.tanh", "math.tan", "math.exp2",
            "math.cbrt"} <= set(names)
    for name in names:
        spec = TABLE[name]
        assert spec.sem is not None and spec.partials is not None
        lo, hi = domain.get(name, (-4.0, 4.0))
        for a in rng.uniform(lo, hi, 200):
            y = spec.sem(FLOAT, None, float(a))[0]
            assert spec.result_partials(FLOAT, y, float(a)) == spec.partials(FLOAT, float(a)), \
                (name, a)


def test_sibling_partials_equal_the_operand_partials() -> None:
    """``sin``'s partial read off a ``cos`` of the same operand (and ``cos``'s off a
    ``sin``) is its ``partials``, bit for bit."""
    from activity.ops import TABLE
    from activity.ops.num import FLOAT

    names = [n for n, s in TABLE.items() if s.sibling_partials is not None]
    assert {"math.sin", "math.cos", "llvm.intr.sin", "llvm.intr.cos"} <= set(names)
    for name in names:
        spec = TABLE[name]
        sib_names, rule = spec.sibling_partials  # type: ignore[misc]
        for a in np.random.default_rng(4).uniform(-10.0, 10.0, 200):
            for sib in sib_names:
                s = TABLE[sib].sem(FLOAT, None, float(a))[0]  # type: ignore[misc]
                assert rule(FLOAT, s, float(a)) == spec.partials(FLOAT, float(a)), (name, a)


def test_llvm_intrinsics_weigh_what_their_math_twins_do() -> None:
    """Recomputing ``llvm.intr.sin`` costs what ``math.sin`` does (clang's output uses
    the intrinsics): the planner's weights follow the op table, not the spelling."""
    from activity.ad.reverse import _op_weight
    from activity.ops import TABLE

    twins = [(n, m) for n, s in TABLE.items() if n.startswith("llvm.intr.")
             for m, t in TABLE.items() if m.startswith("math.") and t.summary == s.summary]
    assert ("llvm.intr.sin", "math.sin") in twins and ("llvm.intr.pow", "math.powf") in twins
    for n, m in twins:
        assert _op_weight(n) == _op_weight(m), (n, m)
    assert _op_weight("llvm.intr.pow") == 6 and _op_weight("llvm.fadd") == 1


# BA's rotation: the angle, its cosine and its sine exist only where the angle is not
# tiny, in a branch no loop encloses
ROTATE = """
func.func @f(%x: f64, %y: f64) -> f64 {
  %eps = arith.constant 1.0e-8 : f64
  %t2 = arith.mulf %x, %x : f64
  %big = arith.cmpf ogt, %t2, %eps : f64
  %r = scf.if %big -> (f64) {
    %t = math.sqrt %t2 : f64
    %c = math.cos %t : f64
    %s = math.sin %t : f64
    %a = arith.mulf %c, %y : f64
    %b = arith.mulf %s, %x : f64
    %v = arith.addf %a, %b : f64
    scf.yield %v : f64
  } else {
    %v = arith.mulf %x, %y : f64
    scf.yield %v : f64
  }
  func.return %r : f64
}
"""

SIN_ALONE = """
func.func @f(%x: f64, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f64) {
    %s = math.sin %x : f64
    %c = math.cos %acc : f64
    %v = arith.addf %s, %c : f64
    scf.yield %v : f64
  }
  func.return %r : f64
}
"""


def test_the_reverse_sweep_reads_cos_for_sin_and_tapes_a_branch_once() -> None:
    """In a branch no loop encloses, what the reverse sweep needs is taped in one stack
    slot unless it costs less than that to recompute (``ONCE_LIMIT``): the angle, its
    cosine and sine -- and ``sin``'s partial reads the taped cosine, ``cos``'s the
    sine, so the gradient calls each function once, in the forward sweep.  Where no
    sibling exists (``sin x`` beside ``cos acc``) the partial keeps its own call."""
    from activity import grad

    m = parse(ROTATE)
    for x in (0.7, -1.3, 1e-5):
        gradients(m, "f", [x, 0.4], ["active", "active"])
    g = str(grad(m, "f", ["active", "active"])).split("@f_grad")[1]
    assert g.count("math.sqrt") == g.count("math.cos") == g.count("math.sin") == 1, g
    assert "memref.alloc(" not in g and g.count("memref.alloca() {activity.tape}") == 3, g
    m = parse(SIN_ALONE)
    gradients(m, "f", [0.7, 3], ["active", "const"])
    g = str(grad(m, "f", ["active", "const"])).split("@f_grad")[1]
    assert g.count("math.sin") == g.count("math.cos") == 2, g  # (each partial its own call)


# sin and cos of a callee's value inside a parallel loop of a callee (split role): the
# operand goes on the stack once; cos cannot be taped per iteration there
SIN_COS_PARALLEL = """
func.func private @h(%x: f64) -> f64 {
  %e = math.exp %x : f64
  func.return %e : f64
}
func.func private @g(%x: f64, %m: memref<?xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = func.call @h(%x) : (f64) -> f64
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %m[%i] : memref<?xf64>
    %s = math.sin %a : f64
    %c = math.cos %a : f64
    %t = arith.addf %s, %c : f64
    %u = arith.addf %t, %v : f64
    memref.store %u, %m[%i] : memref<?xf64>
    scf.reduce
  }
  func.return
}
func.func @f(%x: f64, %m: memref<?xf64>, %n: index) {
  func.call @g(%x, %m, %n) : (f64, memref<?xf64>, index) -> ()
  func.return
}
"""

# a struct built in a branch no loop encloses, from exp (weight > ONCE_LIMIT): it
# cannot be taped, so it is recomputed as before
STRUCT_IN_BRANCH = """
func.func private @h(%x: f64) -> f64 {
  %e = arith.mulf %x, %x : f64
  func.return %e : f64
}
func.func private @g(%s: !llvm.struct<(i64, i64)>, %x: f64) -> f64 {
  %ai = llvm.extractvalue %s[0] : !llvm.struct<(i64, i64)>
  %a = arith.sitofp %ai : i64 to f64
  %b = func.call @h(%x) : (f64) -> f64
  %r = arith.mulf %a, %b : f64
  func.return %r : f64
}
func.func @f(%x: f64, %y: f64) -> f64 {
  %z = arith.constant 0.0 : f64
  %big = arith.cmpf ogt, %x, %z : f64
  %r = scf.if %big -> (f64) {
    %u = llvm.mlir.undef : !llvm.struct<(i64, i64)>
    %e0 = math.exp %y : f64
    %ten = arith.constant 10.0 : f64
    %e = arith.mulf %e0, %ten : f64
    %ei = arith.fptosi %e : f64 to i64
    %s2 = llvm.insertvalue %ei, %u[0] : !llvm.struct<(i64, i64)>
    %v = func.call @g(%s2, %x) : (!llvm.struct<(i64, i64)>, f64) -> f64
    scf.yield %v : f64
  } else {
    scf.yield %y : f64
  }
  func.return %r : f64
}
"""


def test_siblings_and_once_tapes_never_ask_for_an_impossible_tape() -> None:
    """A sibling is read only where that costs no tape per iteration (nor one a parallel
    loop cannot have); a value of a once-run branch is taped only if it can be."""
    gradients(parse(SIN_COS_PARALLEL), "f", [0.3, np.array([0.5, 1.5, -0.25]), 3],
              ["active", "dup", "const"])
    d = Differentiator(parse(SIN_COS_PARALLEL), "f", ["active", "dup", "const"], True)
    d.run()
    assert [c.value for c in d.stats.cached] == ["%a"]  # once, on the stack
    gradients(parse(STRUCT_IN_BRANCH), "f", [0.7, 0.4], ["active", "const"])


TANH_EXP_SQRT = """
func.func @f(%x: f64, %z: f64, %w: f64) -> f64 {
  %t = math.tanh %x : f64
  %e = math.exp %z : f64
  %s = math.sqrt %w : f64
  %p = arith.mulf %t, %e : f64
  %q = arith.mulf %p, %s : f64
  func.return %q : f64
}
"""


def test_the_reverse_sweep_reuses_tanh_exp_and_sqrt() -> None:
    from activity import grad

    m = parse(TANH_EXP_SQRT)
    gradients(m, "f", [0.3, -0.7, 2.5], ["active", "active", "active"])
    g = str(grad(m, "f", ["active", "active", "active"])).split("@f_grad")[1]
    # once each, in the forward sweep: their adjoints use 1 - t^2, e and 0.5 / s
    assert g.count("math.tanh") == g.count("math.exp") == g.count("math.sqrt") == 1, g


EXP_IN_LOOPS = """
func.func private @exp(f64) -> f64
func.func @f(%x: memref<?xf64>, %y: memref<?xf64>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0.0 : f64
  %r = scf.for %k = %c0 to %c2 step %c1 iter_args(%m = %n) -> (index) {
    scf.parallel (%i) = (%c0) to (%m) step (%c1) {
      %v = memref.load %x[%i] : memref<?xf64>
      %e = EXP
      memref.store %e, %y[%i] : memref<?xf64>
      scf.reduce
    }
    scf.yield %m : index
  }
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f64) {
    %v = memref.load %x[%i] : memref<?xf64>
    %e = EXP
    %a2 = arith.addf %acc, %e : f64
    scf.yield %a2 : f64
  }
  func.return %s : f64
}
"""


@pytest.mark.parametrize("exp", ["func.call @exp(%v) : (f64) -> f64", "math.exp %v : f64"])
def test_the_result_is_read_only_where_it_needs_no_tape_of_its_own(exp: str) -> None:
    """A call to libm's ``exp`` is never recomputable: reading its result would need a
    tape -- impossible in the parallel loop (its bound is not invariant), wasted in the
    sequential one -- where the operand, a load, is recomputable; so the operand form is
    kept there.  ``math.exp`` of the load is recomputable either way."""
    from xdsl.dialects import memref as md

    from activity import grad

    m = parse(EXP_IN_LOOPS.replace("EXP", exp))
    g = grad(m, "f", ["dup", "dup", "const"])
    assert not any(isinstance(o, md.AllocOp) for o in g.walk())
    x = np.array([0.1, -0.4, 0.7])
    gradients(m, "f", [x, np.zeros(3), 3], ["dup", "dup", "const"], fd=False)


# ---------------------------------------------------------------------------------------
# Loads at an index a search found are taped, not re-read (they are cache misses)


def test_values_read_at_a_searched_index_are_taped(monkeypatch: pytest.MonkeyPatch) -> None:
    """XSBench: ``micro`` (two loads of the 5 MB cross-section table at the index the
    binary search found) is taped, one slot per lookup, nuclide and channel, instead of
    read again from the table in the reverse sweep.  With the weight off it is
    recomputed, as it was."""
    import activity
    import activity.ad.reverse as rev
    from tests.helpers import benchmark_kernels

    k = benchmark_kernels().KERNELS["xsbench"]
    m = activity.parse(k.mlir)

    def cached() -> list[str]:
        d = Differentiator(m, k.func, list(k.args), True)
        d.run()
        return sorted(c.value for c in d.stats.cached)

    assert cached() == ["%f", "%i0", "%micro"]
    _agrees_with_the_sequential_schedule(k, m, 3)
    monkeypatch.setattr(rev, "GATHER_WEIGHT", 0)
    assert cached() == ["%f", "%i0"]


SEARCH_IN_PARALLEL = """
func.func @f(%t: memref<?xf64>, %x: memref<?xf64>, %n: index, %m: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0.0 : f64
  %hi0 = arith.subi %m, %c1 : index
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%z) -> f64 {
    %xi = memref.load %x[%i] : memref<?xf64>
    %lo, %hi = scf.while (%a = %c0, %b = %hi0) : (index, index) -> (index, index) {
      %d = arith.subi %b, %a : index
      %more = arith.cmpi ugt, %d, %c1 : index
      scf.condition(%more) %a, %b : index, index
    } do {
    ^bb0(%a: index, %b: index):
      %s = arith.addi %a, %b : index
      %mid = arith.divui %s, %c2 : index
      %em = memref.load %t[%mid] : memref<?xf64>
      %left = arith.cmpf ogt, %em, %xi : f64
      %na = arith.select %left, %a, %mid : index
      %nb = arith.select %left, %mid, %b : index
      scf.yield %na, %nb : index, index
    }
    %acc = scf.for %j = %c0 to %lo step %c1 iter_args(%s0 = %z) -> (f64) {
      %k = arith.subi %lo, %j : index
      %tk = memref.load %t[%k] : memref<?xf64>
      %p = arith.mulf %tk, %xi : f64
      %q = arith.mulf %p, %p : f64
      %s1 = arith.addf %s0, %q : f64
      scf.yield %s1 : f64
    }
    scf.reduce(%acc : f64) {
    ^bb0(%u: f64, %v: f64):
      %w = arith.addf %u, %v : f64
      scf.reduce.return %w : f64
    }
  }
  func.return %r : f64
}
"""


def test_a_searched_load_is_recomputed_where_no_tape_can_hold_it() -> None:
    """In an ``scf.parallel`` iteration, the loop over ``[0, lo)`` (``lo`` found by a
    search) has a bound no static tape can be sized by, and a parallel loop has no
    stacks: ``%tk``, read at an index the search found, is recomputed there after all,
    as without the weight, rather than the gradient refused."""
    m = parse(SEARCH_IN_PARALLEL)
    t = np.sort(np.random.default_rng(4).uniform(0.0, 4.0, 12))
    x = np.random.default_rng(5).uniform(0.5, 3.5, 6)
    kinds = ["const", "dup", "const", "const"]
    assert _cached(SEARCH_IN_PARALLEL, kinds) == {"%lo": "static"}  # %tk recomputed
    gradients(m, "f", [t, x, 6, 12], kinds)


SEARCHED = """
func.func @f(%t: memref<?xf64>, %ty: memref<?xindex>, %n: index, %m: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %lo, %hi = scf.while (%a = %c0, %b = %m) : (index, index) -> (index, index) {
    %more = arith.cmpi ult, %a, %b : index
    scf.condition(%more) %a, %b : index, index
  } do {
  ^bb0(%a2: index, %b2: index):
    %qa = arith.addi %a2, %c1 : index
    scf.yield %qa, %b2 : index, index
  }
  %r:3 = scf.for %j = %c0 to %n step %c1 iter_args(%u = %c0, %w = %lo, %v = %c0)
      -> (index, index, index) {
    %u2 = arith.addi %u, %j : index
    %w2 = arith.addi %w, %c1 : index
    %v2 = arith.addi %v, %hi : index
    scf.yield %u2, %w2, %v2 : index, index, index
  }
  %s = scf.for %j2 = %lo to %n step %c1 iter_args(%p = %c0) -> (index) {
    %k2 = arith.addi %j2, %c1 : index
    scf.yield %p : index
  }
  %cond = arith.cmpi ult, %n, %m : index
  %iv = scf.if %cond -> (index) {
    scf.yield %lo : index
  } else {
    scf.yield %c0 : index
  }
  %typ = memref.load %ty[%n] : memref<?xindex>
  %typ2 = memref.load %ty[%hi] : memref<?xindex>
  %y = memref.load %t[%typ] : memref<?xf64>
  func.return %y : f64
}
"""


@pytest.mark.parametrize("name, searched", [
    ("lo", True), ("hi", True), ("a", True), ("a2", True), ("qa", True),
    ("j", False), ("u", False), ("u2", False),  # a counter: bounds and steps not searched
    ("w", True), ("w2", True),  # an iter_arg that starts at the found index
    ("v", True),  # ... or that the body advances by a found amount
    ("j2", True), ("k2", True),  # an induction variable that starts there
    ("p", False), ("iv", True), ("typ", False), ("typ2", True), ("n", False), ("c0", False),
])
def test_which_indices_a_search_found(name: str, searched: bool) -> None:
    """``_searched`` follows an index back through pure ops, loads, loop-carried values
    and loop bounds to an ``scf.while``; an index merely loaded from memory (an atom's
    type) is not a search's."""
    from activity.ad.reverse import _searched

    values = {}
    for op in parse(SEARCHED).walk():
        for r in op.results:
            values[r.name_hint] = r
        for reg in op.regions:
            for blk in reg.blocks:
                for a in blk.args:
                    values[a.name_hint] = a
    assert _searched(values[name]) is searched


def test_which_loop_results_a_search_found() -> None:
    from activity.ad.reverse import _searched

    fors = [op for op in parse(SEARCHED).walk() if op.name == "scf.for"]
    assert [_searched(r) for r in fors[0].results] == [False, True, True]
    assert [_searched(r) for r in fors[1].results] == [False]
