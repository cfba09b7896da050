"""Large memref results handed to numpy instead of copied (activity/codegen/jit.py:
``TAKE_BLOCKS``, ``adopt``; the native entry's results, activity/codegen/entry.py:
``TAKE_MIN``): the array is made over the function's block and frees it when it dies;
results sharing a block, small ones and views of arguments are copied as before.
Each check runs through the native entry and through the Python path."""

from __future__ import annotations

import gc
from typing import Any

import numpy as np
import pytest

import activity
from activity.codegen import jit
from tests.test_entry import _allocated

SRC = """
func.func @big(%s: f32, %n: index) -> (memref<?x128xf32>, memref<4xf32>) {
  %m = memref.alloc(%n) : memref<?x128xf32>
  linalg.fill ins(%s : f32) outs(%m : memref<?x128xf32>)
  %k = memref.alloc() : memref<4xf32>
  linalg.fill ins(%s : f32) outs(%k : memref<4xf32>)
  func.return %m, %k : memref<?x128xf32>, memref<4xf32>
}

func.func @twice(%s: f32, %n: index) -> (memref<?x128xf32>, memref<?x128xf32>) {
  %m = memref.alloc(%n) : memref<?x128xf32>
  linalg.fill ins(%s : f32) outs(%m : memref<?x128xf32>)
  func.return %m, %m : memref<?x128xf32>, memref<?x128xf32>
}

func.func @same(%s: f32, %a: memref<?x128xf32>) -> memref<?x128xf32> {
  func.return %a : memref<?x128xf32>
}

func.func @head(%s: f32, %n: index, %k: index) -> memref<?x128xf32> {
  %m = memref.alloc(%n) : memref<?x128xf32>
  linalg.fill ins(%s : f32) outs(%m : memref<?x128xf32>)
  %v = memref.subview %m[0, 0] [%k, 128] [1, 1]
      : memref<?x128xf32> to memref<?x128xf32, strided<[128, 1]>>
  %c = memref.cast %v : memref<?x128xf32, strided<[128, 1]>> to memref<?x128xf32>
  func.return %c : memref<?x128xf32>
}

func.func @tail(%s: f32, %n: index, %k: index) -> memref<?x128xf32, strided<[128, 1], offset: ?>> {
  %m = memref.alloc(%n) : memref<?x128xf32>
  linalg.fill ins(%s : f32) outs(%m : memref<?x128xf32>)
  %v = memref.subview %m[1, 0] [%k, 128] [1, 1]
      : memref<?x128xf32> to memref<?x128xf32, strided<[128, 1], offset: ?>>
  func.return %v : memref<?x128xf32, strided<[128, 1], offset: ?>>
}

func.func @w(%a: memref<?xf64>, %b: memref<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf64>
  %z = arith.constant 0.0 : f64
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> f64 {
    %x = memref.load %a[%i] : memref<?xf64>
    %y = memref.load %b[%i] : memref<?xf64>
    %x2 = arith.mulf %x, %x : f64
    memref.store %x2, %a[%i] : memref<?xf64>
    %p = arith.mulf %x2, %y : f64
    %r = arith.addf %acc, %p : f64
    scf.yield %r : f64
  }
  func.return %s : f64
}

func.func @vec(%s: f64, %n: index) -> memref<?xf64> {
  %m = memref.alloc(%n) : memref<?xf64>
  linalg.fill ins(%s : f64) outs(%m : memref<?xf64>)
  func.return %m : memref<?xf64>
}
"""

N = 1024  # rows: 512 KB, above TAKE_MIN


def _adopted(a: np.ndarray) -> bool:
    return not a.flags.owndata and a.base is not None


def _compiled(name: str, path: str) -> Any:
    f = activity.compile(SRC, name)
    if path == "entry":
        assert f._entry is not None
        return f
    return f.python_path()


PATHS = ["entry", "python"]


@pytest.mark.parametrize("path", PATHS)
def test_a_large_result_is_handed_over_and_freed_with_its_array(path: str) -> None:
    if not jit._CAPSULES:
        pytest.skip("no CPython capsule layout")
    g = _compiled("big", path)
    m, k = g(2.5, N)
    assert _adopted(m) and k.flags.owndata  # (the 16-byte one copied)
    assert m.shape == (N, 128) and m.dtype == np.float32 and np.all(m == 2.5)
    assert m.flags.c_contiguous and m.flags.writeable
    m[3, 5] = 1.0
    assert m[3, 5] == 1.0 and np.all(k == 2.5)
    # the array outlives the compiled function's module: its block is still its own
    jit.clear_cache()
    del g
    gc.collect()
    assert np.all(m[4:] == 2.5)
    del m, k
    # every block freed with its array: calls whose results die leak nothing
    g = _compiled("big", path)
    for _ in range(3):
        g(1.0, N)
    before = _allocated()
    for _ in range(20):
        r = g(1.0, N)
        del r
    assert _allocated() - before < N * 128 * 4


@pytest.mark.parametrize("path", PATHS)
def test_off_copies_and_gives_the_same_arrays(monkeypatch: pytest.MonkeyPatch,
                                              path: str) -> None:
    g = _compiled("big", path)
    on = g(-1.5, N)
    monkeypatch.setattr(jit, "TAKE_BLOCKS", False)
    # (no clear_cache: TAKE_BLOCKS is part of the compile cache's key)
    off = _compiled("big", path)(-1.5, N)
    assert off[0].flags.owndata and off[1].flags.owndata
    for a, b in zip(on, off, strict=True):
        assert a.shape == b.shape and np.array_equal(a, b)


@pytest.mark.parametrize("path", PATHS)
def test_a_shared_block_and_an_arguments_block_are_copied(path: str) -> None:
    """Two results of one block: neither takes it (the other would read it freed); a
    result that is an argument's block is copied, the argument left alone."""
    g = _compiled("twice", path)
    a, b = g(3.0, N)
    assert a.flags.owndata and b.flags.owndata
    del a
    gc.collect()
    assert np.all(b == 3.0)
    x = np.full((N, 128), 7.0, dtype=np.float32)
    y = _compiled("same", path)(0.0, x)
    assert y.flags.owndata and not np.shares_memory(x, y) and np.all(y == 7.0)


@pytest.mark.parametrize("path", PATHS)
def test_a_view_of_part_of_a_block_is_copied(path: str) -> None:
    """A large view that covers a small part of its block (or does not start it) is
    copied: handed over, its array would keep the whole block alive (here 4 MB for
    96 KB).  A view that covers its block whole is handed over."""
    rows = 8192  # (a 4 MB block)
    head = _compiled("head", path)
    part = head(1.5, rows, 192)  # (96 KB, above TAKE_MIN)
    assert part.flags.owndata and part.shape == (192, 128) and np.all(part == 1.5)
    whole = head(1.5, rows, rows)
    assert _adopted(whole) and np.all(whole == 1.5)
    tail = _compiled("tail", path)(2.5, rows, rows - 1)  # (nearly whole: offset 128)
    assert tail.flags.owndata and np.all(tail == 2.5)


def test_the_cover_test() -> None:
    from activity.codegen.entry import TAKE_SLACK, covers_block

    assert covers_block(2 * 65536 + TAKE_SLACK, 65536)
    assert not covers_block(2 * 65536 + TAKE_SLACK + 1, 65536)


def test_both_paths_of_a_function_agree_after_toggling(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    """A compiled function keeps the choice it was compiled with on both paths (the
    entry's destructor is fixed then): toggling ``TAKE_BLOCKS`` changes new compiles."""
    f = activity.compile(SRC, "big")
    monkeypatch.setattr(jit, "TAKE_BLOCKS", False)
    assert _adopted(f(1.0, N)[0]) and _adopted(f.python_path()(1.0, N)[0])
    g = activity.compile(SRC, "big")
    assert g is not f
    assert g(1.0, N)[0].flags.owndata and g.python_path()(1.0, N)[0].flags.owndata


def test_the_python_path_makes_no_ctypes_type_per_size() -> None:
    """The Python path's array base is a :class:`jit.Block` (one class for every size),
    which holds the capsule that frees the block."""
    g = _compiled("big", "python")
    for n in (N, N + 1, N + 2):
        m = g(1.0, n)[0]
        assert type(m.base) is jit.Block and jit.block_owner(m.base)
        assert m.base.capsule is not None and m.shape == (n, 128)


@pytest.mark.parametrize("path", PATHS)
def test_a_handed_over_result_fed_back_takes_the_fast_path(path: str) -> None:
    """A gradient's fast path (its arguments checked for sharing by their owners)
    accepts arrays over handed-over blocks; two over one block share an owner, so the
    sharing check still sees them (and the general path runs); a foreign capsule's
    array is not accepted as an owner."""
    from activity.codegen.compiled_gradient import _MISS

    grad = activity.gradient(activity.parse(SRC), "w", (0, 1))
    assert grad._fast_call is not None and grad._distinct
    vec = _compiled("vec", path)
    n = 16384  # (128 KB)
    a, b = vec(1.5, n), vec(0.5, n)
    assert _adopted(a) and _adopted(b)
    got = grad._fast_call(a, b)
    assert got is not _MISS
    want = grad.python_path()(a.copy(), b.copy())
    for x, y in zip(got, want, strict=True):
        assert np.array_equal(x, y)
    # two views of one handed-over block: one owner, shared elements seen
    assert grad._fast_call(a[: n // 2 + 1], a[n // 2 - 1:n - 1]) is _MISS
    # (the Python path's owner made into a second array: still the same owner)
    if path == "python":
        assert grad._fast_call(a, np.asarray(a.base)) is _MISS
    assert not jit.block_owner(jit._NEW_CAPSULE(0xC0FFEE, None, None))
