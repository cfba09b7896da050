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
    jit.clear_cache()  # (the entry's choice is made when the function is compiled)
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
