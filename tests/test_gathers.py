"""The gather policy of host code (``activity.codegen.jit.GATHERS``): on AMD Zen, whose
gathers are microcoded, LLVM must not vectorize indexed loads into ``vgather``; the
switch turns that off or on for every host."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from llvmlite import binding as llvm

import activity
from activity.codegen import jit
from activity.codegen.emit import emit

# A sum over an index array: the loop LLVM vectorizes with gathers where it deems
# them cheap (AVX-512 hosts).
SRC = """
func.func @f(%n: index, %idx: memref<?xindex>, %a: memref<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z) -> (f64) {
    %j = memref.load %idx[%i] : memref<?xindex>
    %x = memref.load %a[%j] : memref<?xf64>
    %y = arith.mulf %x, %x : f64
    %t = arith.addf %s, %y fastmath<reassoc> : f64
    scf.yield %t : f64
  }
  return %r : f64
}
"""


@pytest.fixture
def gathers() -> Iterator[None]:
    saved = jit.GATHERS
    yield
    jit.GATHERS = saved
    jit.clear_cache()


def _ir(setting: bool | str) -> str:
    jit.GATHERS = setting
    text = emit(activity.parse(SRC), ["f"], "llvm")
    assert isinstance(text, str)
    return text


def _x86() -> bool:
    jit.init_llvm()
    return llvm.get_process_triple().startswith("x86_64")


def test_features_follow_the_switch(gathers: None) -> None:
    if not _x86():
        pytest.skip("the gather features are x86's")
    jit.GATHERS = False
    assert jit.host_features().endswith(",+prefer-no-gather,+prefer-no-scatter")
    jit.GATHERS = True
    assert "prefer-no-gather" not in jit.host_features()
    jit.GATHERS = "off"
    with pytest.raises(ValueError, match="GATHERS"):
        jit.host_features()
    jit.GATHERS = "auto"
    amd = llvm.get_host_cpu_name().startswith(("znver", "bdver", "btver"))
    assert ("prefer-no-gather" in jit.host_features()) == amd


def test_no_gathers_when_switched_off(gathers: None) -> None:
    if not _x86():
        pytest.skip("the gather features are x86's")
    assert "masked.gather" not in _ir(False)
    if llvm.get_host_cpu_name().startswith("znver"):
        assert "masked.gather" not in _ir("auto")
    on = _ir(True)
    if "avx512f" not in llvm.get_host_cpu_features().flatten().replace("-avx512f", ""):
        pytest.skip("LLVM gathers on AVX-512 hosts only here; the switch shows no effect")
    # the same loop does vectorize with gathers when they are allowed: the check above
    # is not vacuous on this host
    assert "masked.gather" in on


def test_results_do_not_depend_on_the_switch(gathers: None) -> None:
    rng = np.random.default_rng(1)
    a = rng.standard_normal(1000)
    idx = rng.integers(0, 1000, 777).astype(np.int64)
    want = float(np.sum(a[idx] ** 2))
    for setting in (False, True):
        jit.GATHERS = setting
        jit.clear_cache()
        f = activity.compile(activity.parse(SRC), "f")
        assert f(777, idx, a) == pytest.approx(want, rel=1e-12)
