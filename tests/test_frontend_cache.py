"""``ACTIVITY_GENERIC_CACHE``: mlir-opt's generic forms kept on disk and reused where
mlir-opt is missing (a lent GPU machine)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

import activity
import activity.frontend as frontend
from activity.errors import ActivityError

# memref.global has no custom format in xDSL: parsing needs mlir-opt's generic form
TEXT = """
memref.global "private" constant @w : memref<2xf64> = dense<[1.0, 2.0]>
func.func @f(%i: index) -> f64 {
  %g = memref.get_global @w : memref<2xf64>
  %x = memref.load %g[%i] : memref<2xf64>
  return %x : f64
}
"""


@pytest.mark.skipif(frontend._find_mlir_opt() is None, reason="mlir-opt-22 not installed")
def test_generic_forms_are_cached_and_reused_without_mlir_opt(
        tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv(frontend.GENERIC_CACHE_ENV, str(tmp_path))
    first = activity.parse(TEXT)
    assert len(list(tmp_path.glob("*.mlir"))) == 1
    monkeypatch.setattr(frontend, "MLIR_OPT_NAMES", ())  # no mlir-opt from here on
    assert str(activity.parse(TEXT)) == str(first)
    with pytest.raises(ActivityError, match="mlir-opt"):  # another text: not cached
        activity.parse(TEXT.replace("2.0", "3.0"))
    monkeypatch.delenv(frontend.GENERIC_CACHE_ENV)
    with pytest.raises(ActivityError, match="mlir-opt"):  # no cache: as before
        activity.parse(TEXT)
    shutil.rmtree(tmp_path)
