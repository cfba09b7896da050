"""``static_argnums``: integer arguments compiled in as constants (``jax.jit``'s shapes),
and the unrolling hints that constant loop nests then get."""

from __future__ import annotations

import numpy as np
import pytest

import activity
from activity.codegen import compile as compile_fn
from activity.codegen import gradient
from activity.codegen.jit import host_target
from activity.codegen.lower import ModuleLowering, index_range, max_trips
from activity.codegen.specialize import specialize
from activity.ops import op_name

# a triangular nest, as GMM's ``Q x``: for col < n: for r in col+1..n: q[r] += l[k] * x[col]
TRIANGLE = """
func.func @tri(%n: index, %l: memref<?xf64>, %x: memref<?xf64>, %q: memref<?xf64>, %s: i8) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %last = scf.for %col = %c0 to %n step %c1 iter_args(%k = %c0) -> (index) {
    %xc = memref.load %x[%col] : memref<?xf64>
    %lo = arith.addi %col, %c1 : index
    %k2 = scf.for %r = %lo to %n step %c1 iter_args(%kk = %k) -> (index) {
      %lv = memref.load %l[%kk] : memref<?xf64>
      %qv = memref.load %q[%r] : memref<?xf64>
      %p = arith.mulf %lv, %xc : f64
      %a = arith.addf %qv, %p : f64
      memref.store %a, %q[%r] : memref<?xf64>
      %kn = arith.addi %kk, %c1 : index
      scf.yield %kn : index
    }
    scf.yield %k2 : index
  }
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f64) {
    %v = memref.load %q[%i] : memref<?xf64>
    %w = arith.mulf %v, %v : f64
    %t = arith.addf %acc, %w : f64
    scf.yield %t : f64
  }
  %sf = arith.sitofp %s : i8 to f64
  %out = arith.mulf %sum, %sf : f64
  return %out : f64
}
"""


def _inputs(n: int, s: int = 3) -> list:
    rng = np.random.default_rng(n)
    return [n, rng.normal(size=n * (n - 1) // 2 + 1), rng.normal(size=n),
            rng.normal(size=n), s]


def test_specialize_replaces_the_argument_by_a_constant() -> None:
    m = activity.parse(TRIANGLE)
    before = str(m)
    sm = specialize(m, "tri", {0: 7, 4: 200})
    assert str(m) == before  # the caller's module is not touched
    f = next(op for op in sm.walk() if op_name(op) == "func.func")
    args = f.regions[0].blocks.first.args
    assert not list(args[0].uses) and not list(args[4].uses)
    consts = [op for op in f.regions[0].blocks.first.ops if op_name(op) == "arith.constant"]
    assert "7 : index" in str(consts[0]) and "-56 : i8" in str(consts[1])  # 200's bits


def test_static_argnums_compile_once_per_value() -> None:
    m = activity.parse(TRIANGLE)
    plain = compile_fn(m, "tri")
    static = compile_fn(m, "tri", static_argnums=(0, 4))
    for n in (5, 9, 5):
        xs = _inputs(n)
        a, b = plain(*[np.copy(x) if isinstance(x, np.ndarray) else x for x in xs]), \
            static(*[np.copy(x) if isinstance(x, np.ndarray) else x for x in xs])
        assert a == b
    assert sorted(static.versions) == [(5, 3), (9, 3)]
    assert "2 version(s)" in repr(static)
    prep = static.prepare(_inputs(9))
    prep.run(2)
    assert len(static.versions) == 2


def test_static_argnums_as_jax_jit_takes_them() -> None:
    """Negative numbers count from the end and a numpy array is a sequence, as for
    ``argnums`` (review: refused, and a numpy array raised inside the check)."""
    m = activity.parse(TRIANGLE)
    static = compile_fn(m, "tri", static_argnums=np.array([0, -1]))
    xs = _inputs(5)
    assert static(*[np.copy(x) if isinstance(x, np.ndarray) else x for x in xs]) == \
        compile_fn(m, "tri")(*[np.copy(x) if isinstance(x, np.ndarray) else x for x in xs])
    assert sorted(static.versions) == [(5, 3)]


def test_static_argnums_gradient_equals_the_generic_one(
        capfd: pytest.CaptureFixture[str]) -> None:
    m = activity.parse(TRIANGLE)
    xs = _inputs(12)
    # bit for bit with adjoint sums in order; by default LLVM may sum them otherwise
    # in either (run-time n vs n = 12 compiled in)
    g = gradient(m, "tri", argnums=(1, 2), strict_adjoints=True)
    gs = gradient(m, "tri", argnums=(1, 2), static_argnums=0, strict_adjoints=True)
    for a, b in zip(g(*xs), gs(*xs), strict=True):
        np.testing.assert_array_equal(a, b)
    loose = gradient(m, "tri", argnums=(1, 2), static_argnums=0)
    for a, b in zip(g(*xs), loose(*xs), strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-12)
    # (its reverse triangle, a reorderable sum of bounded trip count, is unrolled, not
    # first vectorized with the unroll hint left on a remainder LLVM cannot unroll)
    assert "not unrolled" not in capfd.readouterr().err
    assert list(gs.versions) == [(12,)]
    prep = gs.prepare(*xs)
    prep.run(3)
    gs_all = gradient(m, "tri", argnums=(1, 2), prune=False, static_argnums=[0, 0])
    for a, b in zip(g(*xs), gs_all(*xs), strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-12)


def test_static_argnums_errors() -> None:
    m = activity.parse(TRIANGLE)
    with pytest.raises(ValueError, match="only integer"):
        compile_fn(m, "tri", static_argnums=1)
    with pytest.raises(ValueError, match="has no argument 5"):
        gradient(m, "tri", argnums=1, static_argnums=5)
    with pytest.raises(ValueError, match="argnums: argument 0"):  # checked before any call
        gradient(m, "tri", argnums=0, static_argnums=0)
    f = compile_fn(m, "tri", static_argnums=(0, 4))
    xs = _inputs(4)
    with pytest.raises(TypeError, match="static argument 0 must be an integer"):
        f(4.0, *xs[1:])
    with pytest.raises(ValueError, match="does not fit i8"):
        f(*xs[:4], 300)
    with pytest.raises(TypeError, match="takes 5 arguments, got 4"):
        f(*xs[:4])
    assert not f.versions
    assert f(*_inputs(4)[:4], np.int64(-3)) == compile_fn(m, "tri")(*_inputs(4)[:4], -3)


def _loop_hints(module_text: str, func: str) -> tuple[int, int]:
    """(loops, loops carrying llvm.loop.unroll.full) in ``func``'s unoptimized IR."""
    ml = ModuleLowering(activity.parse(module_text), host_target(3))
    text = str(ml.lower([func]))
    return text.count("!llvm.loop"), text.count('!"llvm.loop.unroll.full"')


def test_constant_triangular_nest_is_unrolled_in_full() -> None:
    loops, full = _loop_hints(TRIANGLE, "tri")
    # n unknown: no unrolling; the inner loop's vectorizing hint (its trips vary)
    assert loops == 1 and full == 0
    sm = specialize(activity.parse(TRIANGLE), "tri", {0: 10})
    ml = ModuleLowering(sm, host_target(3))
    text = str(ml.lower(["tri"]))
    # the nest (outer 10 trips, inner at most 9) and the sum loop
    assert text.count('!"llvm.loop.unroll.full"') == 1  # one metadata node, shared
    assert text.count("!llvm.loop") == 3
    inner = next(op for op in sm.walk() if op_name(op) == "scf.for"
                 and op_name(op.parent_op()) == "scf.for")
    assert max_trips(inner) == 9
    assert index_range(inner.operands[0]) == (1, 10)
    # 17: the outer loop is past UNROLL_MAX_TRIPS, the inner one (at most 16) is not
    big = specialize(activity.parse(TRIANGLE), "tri", {0: 17})
    text = str(ModuleLowering(big, host_target(3)).lower(["tri"]))
    assert text.count("!llvm.loop") == 1
    big = specialize(activity.parse(TRIANGLE), "tri", {0: 18})
    text = str(ModuleLowering(big, host_target(3)).lower(["tri"]))
    # no unrolling; the inner loop's trips vary with the column: the vectorizing hint
    assert "unroll.full" not in text and text.count('"llvm.loop.vectorize.width"') == 1


RECURSIVE = """
func.func @f(%n: index, %x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %done -> (f64) {
    scf.yield %x : f64
  } else {
    %m = arith.subi %n, %c1 : index
    %sq = arith.mulf %x, %x : f64
    %y = func.call @g(%m, %sq) : (index, f64) -> f64
    scf.yield %y : f64
  }
  return %r : f64
}
func.func @g(%n: index, %x: f64) -> f64 {
  %y = func.call @f(%n, %x) : (index, f64) -> f64
  return %y : f64
}
"""


def test_recursive_functions_cannot_have_static_arguments() -> None:
    """A review found the recursive calls running the body specialized for the first
    call's values (an endless loop at -O3)."""
    m = activity.parse(RECURSIVE)
    assert compile_fn(m, "f")(2, 1.1) == pytest.approx(1.1 ** 4)
    for make in (lambda: compile_fn(m, "f", static_argnums=0),
                 lambda: gradient(m, "f", argnums=1, static_argnums=0)):
        with pytest.raises(ValueError, match="calls itself"):
            make()


def test_static_argnums_forms_and_keys() -> None:
    m = activity.parse(TRIANGLE)
    for nums in (np.int64(0), [np.int32(0)], (0,)):
        f = compile_fn(m, "tri", static_argnums=nums)
        assert f.static == (0,)
    assert not hasattr(compile_fn(m, "tri", static_argnums=None), "versions")
    with pytest.raises(ValueError, match="argument numbers"):
        compile_fn(m, "tri", static_argnums=[True])
    f = compile_fn(m, "tri", static_argnums=4)
    xs = _inputs(3)
    with pytest.raises(ValueError, match="does not fit i8"):
        f(*xs[:4], -129)
    a = f(*_inputs(3)[:4], 200)
    b = f(*_inputs(3)[:4], -56)  # the same bits: the same version
    assert a == b and list(f.versions) == [(-56,)]


def test_a_flag_is_0_or_1_before_anything_is_compiled() -> None:
    text = """
func.func @h(%b: i1, %x: f64) -> f64 {
  %y = arith.mulf %x, %x : f64
  %r = arith.select %b, %y, %x : f64
  return %r : f64
}
"""
    h = compile_fn(activity.parse(text), "h", static_argnums=0)
    with pytest.raises(ValueError, match="does not fit i1"):
        h(-1, 2.0)
    assert not h.versions
    assert h(True, 3.0) == 9.0 and h(0, 3.0) == 3.0 and sorted(h.versions) == [(0,), (1,)]


def test_index_range_of_unsigned_and_narrowing_casts() -> None:
    """A review found ``index_castui`` of a negative-looking constant (200 : i8) read
    as -56, which bounded a 200-trip loop by 0 and let the loop around it unroll."""
    text = """
func.func @k(%m: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %b = arith.constant 200 : i8
  %n = arith.index_castui %b : i8 to index
  %w = arith.constant 70000 : index
  %t = arith.index_cast %w : index to i16
  %u = arith.index_cast %t : i16 to index
  %ok = arith.constant 7 : i8
  %v = arith.index_castui %ok : i8 to index
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      memref.store %z, %m[%j] : memref<?xf64>
    }
  }
  return
}
"""
    text = text.replace("%c4 = arith.constant 4 : index",
                        "%c4 = arith.constant 4 : index\n  %z = arith.constant 0.0 : f64")
    m = activity.parse(text)
    vals = {v.name_hint: v for op in m.walk() for v in op.results}
    assert index_range(vals["n"]) is None
    assert index_range(vals["u"]) is None  # 70000 does not survive i16
    assert index_range(vals["v"]) == (7, 7)
    text_ir = str(ModuleLowering(m, host_target(3)).lower(["k"]))
    assert "!llvm.loop" not in text_ir


def test_repeated_calls_take_the_version_they_took_before() -> None:
    m = activity.parse(TRIANGLE)
    f = compile_fn(m, "tri", static_argnums=(0, 4))
    a = f(*_inputs(6))
    assert f._seen and list(f._seen.values())[0] is f.versions[(6, 3)]
    assert f(*_inputs(6)) == a and len(f.versions) == 1
    xs = _inputs(6)
    with pytest.raises(TypeError, match="static argument 0 must be an integer"):
        f(6.0, *xs[1:])  # not an exact int: checked, though 6.0 == 6
    assert f(np.int64(6), *xs[1:4], np.int8(3)) == a  # checked, the same version
    assert len(f.versions) == 1


def test_no_float_result_is_refused_before_any_call() -> None:
    m = activity.parse("""
func.func @idx(%n: index, %x: f64) -> index {
  return %n : index
}
""")
    with pytest.raises(ValueError, match="no float result"):
        gradient(m, "idx", argnums=1, static_argnums=0)


def test_static_kernels_on_threads_and_emulated_gpu() -> None:
    """The kernels' sizes compiled in: host threads and the emulated GPU grid give the
    generic gradient's values."""
    from tests.helpers import benchmark_kernels

    spec = benchmark_kernels().KERNELS["xsbench"]
    inputs = spec.make_inputs(np.random.default_rng(0), "small")
    m = activity.parse(spec.mlir)
    want = gradient(m, spec.func, [5, 7], args=spec.args)(*inputs)
    for kw in ({"threads": 2}, {"target": "gpu", "emulate": True}):
        g = gradient(m, spec.func, [5, 7], args=spec.args, static_argnums=(0, 1, 2, 3), **kw)
        for a, b in zip(g(*inputs), want, strict=True):
            np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-15)
        assert len(g.versions) == 1


def test_auto_makes_every_integer_argument_static() -> None:
    m = activity.parse(TRIANGLE)
    f = compile_fn(m, "tri", static_argnums="auto")
    assert f.static == (0, 4)
    assert f(*_inputs(5)) == compile_fn(m, "tri")(*_inputs(5))
    g = gradient(m, "tri", argnums=(1, 2), static_argnums="auto")
    assert g.static == (0, 4)
    assert not hasattr(compile_fn(activity.parse(RECURSIVE), "f", static_argnums="auto"),
                       "versions")  # recursive: nothing static
    with pytest.raises(ValueError, match="expected 'auto'"):
        compile_fn(m, "tri", static_argnums="all")


def test_threads_asking_for_a_new_version_compile_it_once() -> None:
    import threading
    import time

    from activity.codegen.specialize import Specializing

    made: list[object] = []

    def make(m: object) -> object:
        time.sleep(0.05)  # (long enough for the other threads to arrive)
        made.append(m)
        return lambda *xs: len(made)

    s = Specializing(activity.parse(TRIANGLE), "tri", (0,), make)
    out: list[object] = []
    ts = [threading.Thread(target=lambda: out.append(s(*_inputs(5)))) for _ in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert len(made) == 1 and out == [1, 1, 1, 1]
