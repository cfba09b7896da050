"""The native entry of compiled functions (``activity.codegen.entry``): it must accept
exactly what the Python path accepts in the common case, pass the same values, and hand
everything else back before calling anything."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

import activity
from activity.codegen import compile, entry

MIXED = """
func.func @f(%a: memref<?x3xf64>, %b: memref<4xi32>, %x: f64, %n: index, %m: i64)
    -> (f64, i64, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %rows = memref.dim %a, %c0 : memref<?x3xf64>
  %last = arith.subi %rows, %c1 : index
  %v = memref.load %a[%last, %c2] : memref<?x3xf64>
  %w = memref.load %a[%c0, %c1] : memref<?x3xf64>
  %bi = memref.load %b[%c1] : memref<4xi32>
  %bf = arith.sitofp %bi : i32 to f64
  %mf = arith.sitofp %m : i64 to f64
  %t0 = arith.mulf %v, %x : f64
  %t1 = arith.addf %t0, %w : f64
  %t2 = arith.addf %t1, %bf : f64
  %t3 = arith.addf %t2, %mf : f64
  %old = memref.load %a[%c0, %c0] : memref<?x3xf64>
  %one = arith.constant 1.0 : f64
  %new = arith.addf %old, %one : f64
  memref.store %new, %a[%c0, %c0] : memref<?x3xf64>
  %k = arith.index_cast %n : index to i64
  %mk = arith.muli %m, %k : i64
  %nn = arith.addi %n, %rows : index
  func.return %t3, %mk, %nn : f64, i64, index
}
"""

SAME = """
func.func @same(%a: memref<?x?x2xf64>) -> memref<?x?x2xf64> {
  func.return %a : memref<?x?x2xf64>
}
"""

NARROW = """
func.func @g(%a: memref<2xf64>, %x: f16) -> f64 {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<2xf64>
  %y = arith.extf %x : f16 to f64
  %s = arith.addf %v, %y : f64
  func.return %s : f64
}
"""


def _python_path(cf: Any) -> Any:
    """The same compiled function with its arguments converted in Python."""
    return cf.python_path()


def _outcome(f: Any, args: list[Any]) -> tuple[Any, ...]:
    """What a call gives: its results and the arrays afterwards, or the error.  Each
    array is copied with its layout and flags (order, views into a larger block,
    writeability), so both paths see the same kind of object."""
    fresh = [_like(a) if isinstance(a, np.ndarray) else a for a in args]
    try:
        r = f(*fresh)
    except (TypeError, ValueError) as e:
        return ("error", type(e), str(e))
    if not isinstance(r, tuple):
        r = (r,)
    return ("ok", [x.tobytes() + repr(x.shape).encode() if isinstance(x, np.ndarray)
                   else repr(x) for x in r],
            [a.tobytes() for a in fresh if isinstance(a, np.ndarray)])


def _like(a: np.ndarray) -> np.ndarray:
    """A copy of ``a`` with the same strides and offset into a fresh copy of its base
    array, and the same writeability."""
    base = a if a.base is None else a.base
    assert isinstance(base, np.ndarray) and base.dtype == a.dtype
    block = base.copy(order="K")
    offset = a.__array_interface__["data"][0] - base.__array_interface__["data"][0]
    out = np.ndarray(a.shape, a.dtype, buffer=block, offset=offset, strides=a.strides)
    out.flags.writeable = a.flags.writeable
    return out


def test_this_process_uses_the_entry() -> None:
    """On a standard CPython build the probed layout holds, so the suite exercises the
    entry; a function with a parameter type the entry does not handle has none and still
    works."""
    import sys
    import sysconfig

    if sys.implementation.name != "cpython" or hasattr(sys, "gettotalrefcount") or \
            sysconfig.get_config_var("Py_GIL_DISABLED"):
        pytest.skip("not a standard CPython build: the probe may rightly decline")
    assert entry.OBJECTS is not None
    f = compile(activity.parse(MIXED), "f")
    assert f._entry is not None
    g = compile(activity.parse(NARROW), "g")
    assert g._entry is None
    assert g(np.array([1.5, 0.0]), 0.25) == 1.75


def test_the_entry_agrees_with_the_python_path() -> None:
    """Integers across the one-digit boundary and of other types, floats of several
    types, arrays in and out of the common case: the same results, the same writes, the
    same errors."""
    f = compile(activity.parse(MIXED), "f")
    py = _python_path(f)
    a = np.arange(12.0).reshape(4, 3) / 7
    b = np.array([3, -9, 4, 1], np.int32)
    ints = [0, 1, -1, 5, -5, (1 << 30) - 1, 1 << 30, -((1 << 30) - 1), -(1 << 30),
            (1 << 62) + 3, -(1 << 63), (1 << 63) - 1, 1 << 63, True, np.int64(3), 2.0]
    floats = [1.5, -0.0, math.inf, np.float64(2.5), 3, np.float32(1.25), True, "1"]
    frozen = a.copy()
    frozen.flags.writeable = False
    arrays = [a, a[:2], a[1:], np.asfortranarray(a), a[:, :3:2], a.astype(np.float32),
              np.zeros((0, 3)), np.zeros((4, 2)), a.reshape(12), frozen,
              np.zeros((4, 3, 1))]
    checked = 0
    native = 0
    converted: list[Any] = []
    original = type(f).convert

    def counted(self: Any, args: Any, fresh: bool = False) -> Any:
        converted.append(args)
        return original(self, args, fresh)

    def compact(v: Any) -> bool:
        return type(v) is int and -(1 << 30) < v < (1 << 30)

    type(f).convert = counted  # type: ignore[method-assign]
    try:
        for n in ints:
            for m in (7, -(1 << 40), n):
                before = len(converted)
                assert _outcome(f, [a, b, 0.5, n, m]) == _outcome(py, [a, b, 0.5, n, m]), \
                    (n, m)
                checked += 1
                # the Python twin converts once; the entry only where it refused
                took_entry = len(converted) == before + 1
                assert took_entry == (compact(n) and compact(m)), (n, m)
                native += took_entry
    finally:
        type(f).convert = original  # type: ignore[method-assign]
    assert native == 2 * sum(map(compact, ints))
    for x in floats:
        assert _outcome(f, [a, b, x, 2, 3]) == _outcome(py, [a, b, x, 2, 3]), x
    for arr in arrays:
        assert _outcome(f, [arr, b, 0.5, 1, 2]) == _outcome(py, [arr, b, 0.5, 1, 2]), arr
    for bad_b in (b.astype(np.int64), b[:3], np.zeros(4)):
        assert _outcome(f, [a, bad_b, 0.5, 1, 2]) == _outcome(py, [a, bad_b, 0.5, 1, 2])
    assert checked == 3 * len(ints)
    # a memref result is read back through the sizes and strides the entry wrote
    same = compile(activity.parse(SAME), "same")
    x = np.arange(24.0).reshape(3, 4, 2)
    assert np.array_equal(same(x), x) and _outcome(same, [x]) == _outcome(_python_path(same), [x])
    got = f(a.copy(), b, 0.5, 2, -3)
    assert got == (a[3, 2] * 0.5 + a[0, 1] - 9 - 3, -6, 6)


SINGLE = """
func.func @h(%a: memref<3xf32>, %x: f32) -> (memref<3xf32>, f64) {
  %m = memref.alloc() : memref<3xf32>
  linalg.fill ins(%x : f32) outs(%m : memref<3xf32>)
  %y = arith.extf %x : f32 to f64
  func.return %m, %y : memref<3xf32>, f64
}
"""


def test_f32_scalars_through_the_entry_round_as_the_python_path() -> None:
    """An f32 parameter takes a float rounded to nearest, as the Python path rounds it;
    a finite float beyond f32's largest is refused by both (the Python path's error),
    infinities and NaN pass; other objects go to the Python path."""
    f = compile(activity.parse(SINGLE), "h")
    assert f._entry is not None
    py = _python_path(f)
    a = np.zeros(3, np.float32)
    top = float(np.finfo(np.float32).max)
    xs = [0.1, -0.0, 1e-46, 1.5e-45, top, -top, 3.5e38, -1e300, math.inf, -math.inf,
          math.nan, np.float64(2.5), np.float32(1.25), 7, True, "1"]
    for x in xs:
        assert _outcome(f, [a, x]) == _outcome(py, [a, x]), x
    assert _outcome(f, [a, 3.5e38])[0] == "error"
    assert f(a, 0.1)[1] == float(np.float32(0.1))


def test_the_common_case_skips_python_and_a_refusal_calls_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Arguments in the common case never reach the Python conversion; an argument the
    entry refuses does, and the function still runs exactly once (the entry refuses
    before it calls)."""
    f = compile(activity.parse(MIXED), "f")
    a = np.zeros((2, 3))
    b = np.zeros(4, np.int32)
    slow = []
    original = type(f).convert

    def counted(self: Any, args: Any, fresh: bool = False) -> Any:
        slow.append(args)
        return original(self, args, fresh)

    monkeypatch.setattr(type(f), "convert", counted)
    f(a, b, 1.0, 1, 1)
    f(a, b, np.float64(1.0), -(1 << 30) + 1, 0)
    assert not slow and a[0, 0] == 2.0
    f(a, b, 1.0, 1 << 40, 1)  # more than one internal digit
    assert len(slow) == 1 and a[0, 0] == 3.0
    f(a, b, 1.0, 1, np.int64(1))
    assert len(slow) == 2 and a[0, 0] == 4.0

    class Sub(np.ndarray):
        pass

    f(a.view(Sub), b, 1.0, 1, 1)  # only an exact ndarray is read in place
    assert len(slow) == 3 and a[0, 0] == 5.0


def test_gradients_through_the_entry_equal_the_python_path() -> None:
    """A small objective's gradient (BA: arrays, a float, shadows) is the same either
    way."""
    from tests.test_codegen import OBJECTIVES

    spec = OBJECTIVES["ba"]
    inputs = spec.make_inputs(np.random.default_rng(1), "small")
    grad = activity.gradient(activity.parse(spec.mlir), spec.func, [0, 1, 2], args=spec.args)
    assert grad.compiled._entry is not None
    py = grad.python_path()
    for got, want in zip(grad(*inputs), py(*inputs), strict=True):
        assert np.array_equal(got, want)


@pytest.mark.parametrize("int_tag", [False, True])
def test_both_integer_layouts_read_right(monkeypatch: pytest.MonkeyPatch, int_tag: bool) -> None:
    """CPython 3.11 keeps a signed digit count, 3.12 a tag; this process has one of
    them, so both readers are run on integer objects laid out by hand: one digit of
    either sign and zero are read, two digits are refused."""
    import ctypes

    from activity.codegen.jit import clear_cache

    monkeypatch.setattr(entry, "OBJECTS", entry.Objects(int_tag=int_tag))
    clear_cache()
    try:
        f = compile(activity.parse("""
        func.func @echo(%n: i64) -> i64 {
          func.return %n : i64
        }"""), "echo")
        assert f._entry is not None
        call = ctypes.PYFUNCTYPE(ctypes.py_object, ctypes.c_void_p, ctypes.c_void_p,
                                 ctypes.c_void_p)(ctypes.cast(f._entry, ctypes.c_void_p).value)

        def through(size_word: int, digit: int) -> int | None:
            obj = (ctypes.c_int64 * 4)(1, id(int), size_word, digit)
            tup = (ctypes.c_int64 * 4)(1, id(tuple), 1, ctypes.addressof(obj))
            got = call(ctypes.addressof(tup), f._packed_addr, f._consts_addr)
            if got is entry.MISS:
                return None
            slot = int(ctypes.c_int64.from_address(f._packed[1]).value)
            assert got == slot  # (the result, made by the entry)
            return slot

        def word(v: int, digits: int) -> int:
            if int_tag:
                return digits << 3 | (1 if v == 0 else 0 if v > 0 else 2)
            return digits if v >= 0 else -digits

        for v in (0, 1, -1, 12345, -12345, (1 << 30) - 1, -((1 << 30) - 1)):
            assert through(word(v, 0 if v == 0 else 1), abs(v)) == v, v
        assert through(word(5, 2), 5) is None and through(word(-5, 2), 5) is None
    finally:
        monkeypatch.undo()
        clear_cache()


def test_a_gradients_fast_path_falls_back_for_what_the_entry_refuses(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A gradient call makes its copies and shadows and leaves every other check to the
    entry; what the entry refuses (a read-only or strided input, a list, a subclass)
    takes the general path, with the same gradients and errors, and the caller's arrays
    untouched."""
    from tests.test_codegen import OBJECTIVES

    spec = OBJECTIVES["ba"]
    inputs = spec.make_inputs(np.random.default_rng(2), "small")
    grad = activity.gradient(activity.parse(spec.mlir), spec.func, [0, 1, 2], args=spec.args)
    assert grad._fast
    general = []
    original = type(grad)._arguments

    def counted(self: Any, xs: Any) -> Any:
        general.append(xs)
        return original(self, xs)

    monkeypatch.setattr(type(grad), "_arguments", counted)
    before = [np.copy(x) for x in inputs]
    want = grad(*inputs)
    assert not general
    frozen = inputs[0].copy()
    frozen.flags.writeable = False
    wide = np.zeros(2 * inputs[0].size)
    wide[::2] = inputs[0]

    class Sub(np.ndarray):
        pass

    for cam in (frozen, wide[::2], inputs[0].view(Sub)):
        got = grad(cam, *inputs[1:])
        for a, b in zip(got, want, strict=True):
            assert np.array_equal(a, b)
    assert len(general) == 3
    for x, x0 in zip(inputs, before, strict=True):
        assert np.array_equal(x, x0)  # nothing written in place
    with pytest.raises(TypeError, match=r"argument 0 \('cam', memref<11xf64>\) of @ba: "
                       "expected a numpy array"):
        grad(list(inputs[0]), *inputs[1:])
    single = activity.gradient(activity.parse(spec.mlir), spec.func, 2, args=spec.args)
    assert single(*inputs) == want[2]


RESULTS = """
func.func @r0(%s: memref<f64>, %n: index) -> (memref<?xf64>, f64, i1) {
  %c0 = arith.constant 0 : index
  %v = memref.load %s[] : memref<f64>
  %m = memref.alloc(%n) : memref<?xf64>
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %m[%i] : memref<?xf64>
  }
  %z = arith.constant 0.0 : f64
  %neg = arith.cmpf olt, %v, %z : f64
  func.return %m, %v, %neg : memref<?xf64>, f64, i1
}
"""


def test_rank_zero_memrefs_and_memref_results_through_the_entry() -> None:
    """A 0-d array for a rank-0 memref is read in place; a returned block is copied out
    and freed once, an ``i1`` result masked, as on the Python path."""
    f = compile(activity.parse(RESULTS), "r0")
    assert f._entry is not None
    freed: list[int] = []
    real_free = f.free_fn

    def free(p: int) -> None:
        freed.append(p)
        real_free(p)

    f.free_fn = free
    s = np.array(-2.5)
    arr, v, neg = f(s, 3)
    assert np.array_equal(arr, [-2.5] * 3) and v == -2.5 and neg == 1 and len(freed) == 1
    py = _python_path(f)
    assert _outcome(f, [s, 3]) == _outcome(py, [s, 3]) and len(freed) == 3


SPIN = """
func.func @spin(%n: index, %x0: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = arith.constant 0.999999 : f64
  %one = arith.constant 1.0 : f64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %x0) -> (f64) {
    %y = arith.mulf %x, %k : f64
    %z = arith.addf %y, %one : f64
    scf.yield %z : f64
  }
  func.return %r : f64
}
"""


def test_the_function_runs_without_the_gil() -> None:
    """The entry holds the GIL while it reads the arguments and releases it while the
    function runs: a Python thread keeps running during a long call."""
    import threading
    import time

    f = compile(activity.parse(SPIN), "spin")
    assert f._entry is not None
    f(10, 0.5)
    started = threading.Event()
    done = threading.Event()

    def call() -> None:
        started.set()
        f(300_000_000, 0.5)  # about half a second here
        done.set()

    t = threading.Thread(target=call)
    t.start()
    started.wait()
    t0 = last = time.perf_counter()
    gap = 0.0
    while not done.is_set():  # the longest this thread went without running
        now = time.perf_counter()
        gap = max(gap, now - last)
        last = now
    elapsed = time.perf_counter() - t0
    t.join()
    assert elapsed > 0.1 and gap < elapsed / 3, (gap, elapsed)


RESHAPE = '''
import sys, threading, numpy as np, activity
sys.setswitchinterval(1e-6)
f = activity.compile(activity.parse("""
func.func @p(%a: memref<?x?xf64>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = memref.dim %a, %c0 : memref<?x?xf64>
  %c = memref.dim %a, %c1 : memref<?x?xf64>
  %p = arith.muli %r, %c : index
  func.return %p : index
}"""), "p")
assert f._entry is not None
a = np.zeros(16).reshape(2, 8)
stop = False
def flip():
    while not stop:
        a.shape = (8, 2); a.shape = (2, 8); a.shape = (4, 4); a.shape = (1, 16)
t = threading.Thread(target=flip); t.start()
bad = 0
for i in range(150_000):
    if f(a) != 16:
        bad += 1
stop = True; t.join()
print("inconsistent", bad)
'''


def test_arrays_reshaped_by_another_thread_are_read_consistently() -> None:
    """Another thread reshaping an array (numpy frees the old dimensions) never makes the
    entry read freed sizes: it reads holding the GIL.  (Reading without it gave wrong
    products in about 1 call in 30,000 here, and a crash.)  In a child process, so that
    a crash fails this test only."""
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-c", RESHAPE], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.strip() == "inconsistent 0", r.stdout


def test_the_optimized_ir_shown_leaves_out_the_entry() -> None:
    """``optimized_ir`` is the function's code: the entry's definition goes, with the
    attribute comment LLVM prints above it, whether or not LLVM quotes its name."""
    from activity.codegen.jit import without_function

    f = compile(activity.parse(SPIN), "spin")
    assert "_entry" not in f.optimized_ir and "@spin(" in f.optimized_ir
    assert "_entry" in f.llvm_ir
    text = ('define void @a() {\nret void\n}\n\n; Function Attrs: nounwind\n'
            'define i32 @"x.y_entry"(ptr %0) {\nret i32 0\n}\n\ndefine void @b() {\n'
            'ret void\n}\n')
    assert without_function(text, "x.y_entry") == (
        'define void @a() {\nret void\n}\n\n\ndefine void @b() {\nret void\n}\n')


@pytest.mark.parametrize("argnums", [2, (0,), (2, 0), None, np.int64(2), [np.int32(0)]])
def test_the_fast_call_returns_what_argnums_asks(argnums: Any) -> None:
    """The fast call is written for each gradient (a float alone, a tuple of one, a
    scalar adjoint next to a shadow): it returns what the general path returns."""
    from tests.test_codegen import OBJECTIVES

    spec = OBJECTIVES["ba"]
    inputs = spec.make_inputs(np.random.default_rng(4), "small")
    grad = activity.gradient(activity.parse(spec.mlir), spec.func, argnums)
    assert grad._fast_call is not None
    got, want = grad(*inputs), grad.python_path()(*inputs)
    assert type(got) is type(want)
    if isinstance(want, tuple):
        assert len(got) == len(want)
        for a, b in zip(got, want, strict=True):
            assert np.array_equal(a, b)
    else:
        assert np.array_equal(got, want)


def test_one_block_returned_twice_is_copied_before_it_is_freed() -> None:
    """Two memref results viewing one block (the buffer and a subview of it): both are
    copied out before the block is freed (the first result's copy freed it, and the
    second read freed memory)."""
    sub = "memref<2xf64, strided<[1], offset: 2>>"
    src = f"""func.func @g(%x: memref<4xf64>) -> (memref<4xf64>, memref<4xf64>, {sub}) {{
  %a = memref.alloc() : memref<4xf64>
  memref.copy %x, %a : memref<4xf64> to memref<4xf64>
  %s = memref.subview %a[2] [2] [1] : memref<4xf64> to {sub}
  return %a, %a, %s : memref<4xf64>, memref<4xf64>, {sub}
}}
"""
    g = activity.compile(src, "g")
    x = np.array([1.0, 2.0, 3.0, 4.0])
    for _ in range(3):
        a, b, s = g(x)
        assert a.tolist() == b.tolist() == x.tolist() and s.tolist() == [3.0, 4.0]


MADE = """
func.func @made(%a: memref<?xf64>, %n: index) -> (memref<?xf64>, f64, index, memref<2x3xi32>,
                                                 memref<?x2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloc(%n) : memref<?xf64>
  %x = memref.load %a[%c0] : memref<?xf64>
  scf.for %i = %c0 to %n step %c1 {
    %f = arith.index_cast %i : index to i64
    %g = arith.sitofp %f : i64 to f64
    %h = arith.mulf %g, %x : f64
    memref.store %h, %m[%i] : memref<?xf64>
  }
  %k = memref.alloc() : memref<2x3xi32>
  %seven = arith.constant -7 : i32
  linalg.fill ins(%seven : i32) outs(%k : memref<2x3xi32>)
  %e = memref.alloc(%n) : memref<?x2xf32>
  %q = arith.constant 0.5 : f32
  linalg.fill ins(%q : f32) outs(%e : memref<?x2xf32>)
  func.return %m, %x, %n, %k, %e : memref<?xf64>, f64, index, memref<2x3xi32>, memref<?x2xf32>
}

func.func @twice(%n: index) -> (memref<?xf64>, memref<?xf64>) {
  %m = memref.alloc(%n) : memref<?xf64>
  %z = arith.constant 1.5 : f64
  linalg.fill ins(%z : f64) outs(%m : memref<?xf64>)
  func.return %m, %m : memref<?xf64>, memref<?xf64>
}

func.func @same(%a: memref<?xf64>) -> memref<?xf64> {
  func.return %a : memref<?xf64>
}

func.func @column(%n: index) -> memref<?xf64, strided<[2]>> {
  %m = memref.alloc(%n) : memref<?x2xf64>
  %z = arith.constant 2.5 : f64
  linalg.fill ins(%z : f64) outs(%m : memref<?x2xf64>)
  %c = memref.subview %m[0, 1] [%n, 1] [1, 1]
      : memref<?x2xf64> to memref<?xf64, strided<[2], offset: 1>>
  %d = memref.cast %c
      : memref<?xf64, strided<[2], offset: 1>> to memref<?xf64, strided<[2]>>
  func.return %d : memref<?xf64, strided<[2]>>
}
"""


def _allocated() -> int:
    """The bytes malloc has handed out and not taken back (glibc's ``mallinfo2``)."""
    import ctypes

    class Info(ctypes.Structure):
        _fields_ = [(n, ctypes.c_size_t) for n in (
            "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks",
            "uordblks", "fordblks", "keepcost")]

    libc = ctypes.CDLL(None)
    if not hasattr(libc, "mallinfo2"):
        pytest.skip("no mallinfo2 (not glibc 2.33+)")
    libc.mallinfo2.restype = Info
    info = libc.mallinfo2()
    return int(info.uordblks + info.hblkhd)


def test_the_entry_makes_the_results_of_the_common_case() -> None:
    """Fresh contiguous blocks (f64, f32, i32; any rank), f64 and index results are made
    by the entry: the same values as Python's collection, each array owning its memory,
    each block freed once (no growth over many calls); a block returned twice, an
    argument returned, a strided view are left to Python (``COLLECT``), with its
    results."""
    import ctypes

    from activity.codegen.jit import clear_cache

    clear_cache()
    mod = activity.parse(MADE)
    f = compile(mod, "made")
    a = np.array([3.0, 1.0])
    got = f._entry((a, 4), f._packed_addr, f._consts_addr)
    assert type(got) is tuple and len(got) == 5  # (made by the entry, not COLLECT)
    m, x, n, k, e = got
    assert m.flags.owndata and k.flags.owndata and e.flags.owndata
    assert np.array_equal(m, [0.0, 3.0, 6.0, 9.0]) and m.dtype == np.float64
    assert x == 3.0 and type(x) is float and n == 4 and type(n) is int
    assert k.dtype == np.int32 and k.shape == (2, 3) and (k == -7).all()
    assert e.dtype == np.float32 and e.shape == (4, 2) and (e == 0.5).all()
    py = f.python_path()
    for u, v in zip(f(a, 4), py(a, 4), strict=True):
        assert np.array_equal(u, v) and type(u) is type(v)
    assert f(a, 0)[0].shape == (0,)  # (empty blocks too)
    # the arguments untouched (their shapes too: the result arrays' sizes were once
    # written into an argument's dimensions)
    assert a.shape == (2,) and a.tolist() == [3.0, 1.0]
    before = _allocated()
    for _ in range(300):  # 24 KB a call, were a block kept
        f(a, 3000)
    assert _allocated() - before < 2_000_000
    for name, args in [("twice", (5,)), ("same", (np.arange(3.0),)), ("column", (4,))]:
        g = compile(mod, name)
        assert g._entry is not None
        raw = ctypes.PYFUNCTYPE(ctypes.py_object, ctypes.py_object, ctypes.c_void_p,
                                ctypes.c_void_p)(ctypes.cast(g._entry, ctypes.c_void_p).value)
        assert raw(args, g._packed_addr, g._consts_addr) is entry.COLLECT, name
        # (that call's blocks are Python's to collect: through the Python path)
        g._collect(g._out_struct.unpack_from(g._mem, 8 * g._n_in),
                   g._in_allocs.unpack_from(g._mem))
        before = _allocated()
        for _ in range(200):
            r = g(*args)
        assert _allocated() - before < 1_000_000, name
        want = g.python_path()(*args)
        r = r if isinstance(r, tuple) else (r,)
        want = want if isinstance(want, tuple) else (want,)
        for u, v in zip(r, want, strict=True):
            assert np.array_equal(u, v)
    t1, t2 = compile(mod, "twice")(3)
    t1[0] = 9.0
    assert t2[0] == 1.5  # (two arrays, not one block)
    arg = np.arange(3.0)
    out = compile(mod, "same")(arg)
    assert out is not arg and np.array_equal(out, arg)
