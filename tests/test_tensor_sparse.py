# ruff: noqa: E501  (MLIR test programs have long lines)
"""Adjoint sparsity (activity/ad/rules/sparse.py, the ``sparse`` tensor optimization):
one-hot / slice-hot adjoints kept lazily and linalg adjoints written into fresh tensors
give the same gradients as the dense rules (interpreted and compiled, sparse on and
off), agree with central differences, and leave fewer zero-filled tensors in the IR."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import activity
from activity.tensor import opts

ROOT = Path(__file__).resolve().parents[1]


def _ad() -> Any:
    name = "activity_test_tensor_ad"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "tests" / "test_tensor_ad.py")
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


def both(src: str, kinds: list[str], args: list[Any], func: str = "f") -> list[Any]:
    """The gradient with ``sparse`` on and off: each against central differences and
    compiled = interpreted (test_tensor_ad's ``check``), and the two equal."""
    on = _ad().check(src, func, kinds, args=args)
    with opts.disabled("sparse"):
        off = _ad().check(src, func, kinds, args=args)
    for a, b in zip(on, off, strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-13, atol=1e-14)
    return on


def zero_fills(src: str, kinds: list[str], func: str = "f") -> tuple[int, int]:
    """The zero-filled tensors (``linalg.fill`` of a 0.0 constant) of the gradient
    function, with ``sparse`` on and off; checks ``sparse``'s counter."""
    out = []
    for on in (True, False):
        ctx = opts.disabled() if on else opts.disabled("sparse")
        with ctx, opts.counting() as c:
            g = str(activity.grad(activity.parse(src), func, kinds))
        assert (c["sparse"] > 0) == on, c
        g = g[g.index(f"@{func}_grad"):]
        zeros = set(re.findall(r"(%\w+) = arith.constant (?:0.000000e\+00|-0.000000e\+00) : f", g))
        out.append(sum(1 for m in re.finditer(r"linalg.fill ins\((%\w+) :", g)
                       if m.group(1) in zeros))
    return out[0], out[1]


EXTRACT_OF_SLICE = """
func.func @f(%t: tensor<?x4xf64>, %i: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = tensor.extract_slice %t[%i, 1] [2, 3] [1, 1] : tensor<?x4xf64> to tensor<2x3xf64>
  %a = tensor.extract %s[%c1, %c1] : tensor<2x3xf64>
  %b = tensor.extract %s[%c0, %c1] : tensor<2x3xf64>
  %c = tensor.extract %t[%i, %c1] : tensor<?x4xf64>
  %m = arith.mulf %a, %b : f64
  %n = arith.mulf %m, %c : f64
  %d = tensor.extract %s[%c1, %c1] : tensor<2x3xf64>
  %r = arith.addf %n, %d : f64
  func.return %r : f64
}
"""

SAME_AND_OTHER_INDEX = """
func.func @f(%t: tensor<?xf64>, %j: index) -> f64 {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c1b = arith.constant 1 : index
  %a = tensor.extract %t[%c1] : tensor<?xf64>
  %b = tensor.extract %t[%c1b] : tensor<?xf64>
  %c = tensor.extract %t[%c2] : tensor<?xf64>
  %d = tensor.extract %t[%j] : tensor<?xf64>
  %e = tensor.extract %t[%j] : tensor<?xf64>
  %ab = arith.mulf %a, %b : f64
  %sd = math.sin %d : f64
  %cs = arith.mulf %c, %sd : f64
  %de = arith.mulf %cs, %e : f64
  %r = arith.addf %ab, %de : f64
  func.return %r : f64
}
"""

# the extract after the linalg ops (its adjoint comes first, lazily; the elementwise
# op's adjoint is then written fresh, the hot element added into it) and before them
LINALG_CONSUMER = """
#id = affine_map<(d0) -> (d0)>
#all = affine_map<(d0) -> ()>
func.func @f(%t: tensor<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f64
  %a = tensor.extract %t[%c2] : tensor<?xf64>
  %n = tensor.dim %t, %c0 : tensor<?xf64>
  %e = tensor.empty(%n) : tensor<?xf64>
  %u = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%t : tensor<?xf64>) outs(%e : tensor<?xf64>) {
  ^bb0(%x: f64, %o: f64):
    %y = math.exp %x : f64
    linalg.yield %y : f64
  } -> tensor<?xf64>
  %e0 = tensor.empty() : tensor<f64>
  %z0 = linalg.fill ins(%zero : f64) outs(%e0 : tensor<f64>) -> tensor<f64>
  %s = linalg.generic {indexing_maps = [#id, #id, #all], iterator_types = ["reduction"]} ins(%u, %t : tensor<?xf64>, tensor<?xf64>) outs(%z0 : tensor<f64>) {
  ^bb0(%x: f64, %w: f64, %acc: f64):
    %p = arith.mulf %x, %w : f64
    %q = arith.addf %acc, %p : f64
    linalg.yield %q : f64
  } -> tensor<f64>
  %sv = tensor.extract %s[] : tensor<f64>
  %b = tensor.extract %t[%c0] : tensor<?xf64>
  %ub = tensor.extract %u[%c0] : tensor<?xf64>
  %m = arith.mulf %sv, %a : f64
  %m2 = arith.mulf %m, %b : f64
  %r = arith.addf %m2, %ub : f64
  func.return %r : f64
}
"""

IN_FOR_AND_IF = """
func.func @f(%t: tensor<?xf64>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f64) {
    %x = tensor.extract %t[%k] : tensor<?xf64>
    %p = arith.cmpf ogt, %x, %zero : f64
    %y = scf.if %p -> (f64) {
      %e = tensor.extract %t[%c0] : tensor<?xf64>
      %m = arith.mulf %x, %e : f64
      scf.yield %m : f64
    } else {
      %s = tensor.extract_slice %t[%k] [2] [1] : tensor<?xf64> to tensor<2xf64>
      %s1 = tensor.extract %s[%c1] : tensor<2xf64>
      %m = arith.mulf %x, %s1 : f64
      scf.yield %m : f64
    }
    %s = arith.addf %acc, %y : f64
    scf.yield %s : f64
  }
  %last = tensor.extract %t[%c1] : tensor<?xf64>
  %q = arith.mulf %r, %last : f64
  func.return %q : f64
}
"""

# a loop-carried tensor read and written at one element per iteration (its adjoint
# carried by the reverse loop, updated in place)
CARRIED = """
func.func @f(%t: tensor<?xf64>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %t) -> (tensor<?xf64>) {
    %v = tensor.extract %acc[%k] : tensor<?xf64>
    %k1 = arith.addi %k, %c1 : index
    %w = tensor.extract %acc[%k1] : tensor<?xf64>
    %s = math.sin %v : f64
    %m = arith.mulf %s, %w : f64
    %acc2 = tensor.insert %m into %acc[%k] : tensor<?xf64>
    scf.yield %acc2 : tensor<?xf64>
  }
  %a = tensor.extract %r[%c0] : tensor<?xf64>
  %b = tensor.extract %r[%c1] : tensor<?xf64>
  %q = arith.mulf %a, %b : f64
  func.return %q : f64
}
"""

INSERT_OVER_HOT = """
func.func @f(%t: tensor<?xf64>, %d: tensor<6xf64>, %i: index, %j: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = tensor.extract_slice %t[1] [2] [1] : tensor<?xf64> to tensor<2xf64>
  %u = tensor.insert_slice %s into %d[%i] [2] [1] : tensor<2xf64> into tensor<6xf64>
  %a = tensor.extract %u[%c1] : tensor<6xf64>
  %b = tensor.extract_slice %u[%j] [3] [1] : tensor<6xf64> to tensor<3xf64>
  %b0 = tensor.extract %b[%c0] : tensor<3xf64>
  %b2 = tensor.extract %b[%c1] : tensor<3xf64>
  %w = tensor.extract_slice %u[0] [6] [1] : tensor<6xf64> to tensor<6xf64>
  %w5 = tensor.extract %w[%c1] : tensor<6xf64>
  %m = arith.mulf %a, %b0 : f64
  %m2 = arith.mulf %m, %b2 : f64
  %r = arith.addf %m2, %w5 : f64
  func.return %r : f64
}
"""


def _r(*shape: int, seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).uniform(-1.0, 1.0, shape)


def test_extract_of_an_extract_slice() -> None:
    both(EXTRACT_OF_SLICE, ["active", "const"], [_r(5, 4), 2])


@pytest.mark.parametrize("j", [1, 2, 3])
def test_extracts_at_the_same_and_other_indices(j: int) -> None:
    # (j = 1, 2: the dynamic index meets a constant one; 3: elsewhere)
    g = both(SAME_AND_OTHER_INDEX, ["active", "const"], [_r(5), j])
    assert np.count_nonzero(g[0]) == (2 if j in (1, 2) else 3)


def test_extract_and_a_linalg_consumer_of_the_same_tensor() -> None:
    both(LINALG_CONSUMER, ["active"], [_r(4)])


def test_extracts_in_for_and_if() -> None:
    x = _r(6)
    x[[1, 3]] = np.abs(x[[1, 3]]) + 0.2  # (both branches taken)
    x[[2, 4]] = -np.abs(x[[2, 4]]) - 0.2
    both(IN_FOR_AND_IF, ["active", "const"], [x, 5])


def test_loop_carried_tensor_updated_at_elements() -> None:
    both(CARRIED, ["active", "const"], [_r(6), 4])


@pytest.mark.parametrize("i,j", [(0, 0), (2, 1), (4, 3)])
def test_insert_slice_over_a_hot_slice(i: int, j: int) -> None:
    both(INSERT_OVER_HOT, ["active", "active", "const", "const"], [_r(5), _r(6, seed=1), i, j])


def test_fewer_zero_fills() -> None:
    """The rank-0 accumulator's adjoint is a fill of the seed and the elementwise op's
    adjoint written fresh: the zero fills of the dense rules are gone."""
    on, off = zero_fills(LINALG_CONSUMER, ["active"])
    assert on < off, (on, off)
    on, off = zero_fills(EXTRACT_OF_SLICE, ["active", "const"])
    assert on < off, (on, off)


def test_benchmark_zero_fills() -> None:
    """Hand's and GMM's gradients lose zero-filled tensors (each counted)."""
    ad = _ad()
    tensor = ad.TENSOR
    for file, func, kinds in [
            ("hand.mlir", "hand", ["active"] + ["const"] * 6),
            ("gmm.mlir", "gmm", ["active"] * 5 + ["const"] * 3)]:
        on, off = zero_fills((tensor / file).read_text(), kinds, func)
        assert on < off, (file, on, off)
