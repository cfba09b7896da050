"""Loops over a triangle (activity/tensor/triangle.py, the ``triangular`` switch of
activity/tensor/opts.py): linalg bodies masked by a comparison of their iteration
indices run only where the mask holds -- on parallel dimensions or reductions, strict
or not, against an index or a constant, either compare order, ``select(m, p, acc)``
or ``acc + select(m, p, ±0.0)`` -- bit for bit the interpreter's results with the
optimization on and off (``-0.0`` outputs and NaNs in masked terms included), in
fewer iterations; masks it cannot prove (``j < i + 1`` computed by arith, a mask on
data, ``!=``) are left alone; and the adjoint rules put GMM's mask outside its
product, so the gradient of ``select(j < i, l * v, 0)`` is 0, not NaN, where ``v`` is
infinite and the mask false."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import activity
from activity.semantics import Interpreter
from activity.tensor import opts
from activity.tensor.bufferize import lower_tensors

_IJ = "affine_map<(i, j) -> (i, j)>"
_2 = "tensor<?x?xf64>"


def _generic(name: str, ins: list[tuple[str, str, str]], outs: list[tuple[str, str, str]],
             iters: list[str], body: str, dims: str = "(i, j)", consts: str = "") -> str:
    """``func.func @name`` of one ``linalg.generic``: ``ins``/``outs`` as (argument,
    type, map results), ``body`` the block's ops after ``^bb0`` (arguments ``%a0``...,
    then ``%acc0``...)."""
    args = ", ".join(f"%{n}: {t}" for n, t, _ in ins + outs)
    maps = ", ".join(f"affine_map<{dims} -> ({m})>" for _, _, m in ins + outs)
    its = ", ".join(f'"{x}"' for x in iters)
    bargs = ", ".join([f"%a{k}: f64" for k in range(len(ins))]
                      + [f"%acc{k}: f64" for k in range(len(outs))])
    res = ", ".join(t for _, t, _ in outs)
    one = len(outs) == 1
    return f"""
func.func @{name}({args}) -> ({res}) {{
  %zero = arith.constant 0.0 : f64
  %nzero = arith.constant -0.0 : f64
  %two = arith.constant 2.0 : f64
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  {consts}
  %r{'' if one else ':' + str(len(outs))} = linalg.generic {{indexing_maps = [{maps}],
                       iterator_types = [{its}]}}
      ins({", ".join("%" + n for n, _, _ in ins)} : {", ".join(t for _, t, _ in ins)})
      outs({", ".join("%" + n for n, _, _ in outs)} : {res}) {{
  ^bb0({bargs}):
{body}
  }} -> ({res})
  return {"%r" if one else ", ".join(f"%r#{k}" for k in range(len(outs)))} : {res}
}}
"""


IJ = '%i = linalg.index 0 : index\n    %j = linalg.index 1 : index\n'
# name -> (source, argument shapes from the size d, the shapes' roles, whether the
# optimization applies)
CASES: dict[str, tuple[str, Any, bool]] = {}


def case(name: str, src: str, shapes: Any, applies: bool = True) -> None:
    CASES[name] = (src, shapes, applies)


# parallel dimensions, select(m, p, acc), strict
case("par_sel", _generic("par_sel", [("a", _2, "i, j")], [("o", _2, "i, j")],
                         ["parallel", "parallel"], f"""    {IJ}
    %m = arith.cmpi ult, %j, %i : index
    %p = arith.mulf %a0, %two : f64
    %s = arith.select %m, %p, %acc0 : f64
    linalg.yield %s : f64"""), lambda d: [(d, d), (d, d)])
# the select the other way round, the compare swapped and not strict: i <= j is
# "skip where j >= i", the same lower triangle
case("par_inv", _generic("par_inv", [("a", _2, "i, j")], [("o", _2, "i, j")],
                         ["parallel", "parallel"], f"""    {IJ}
    %m = arith.cmpi sle, %i, %j : index
    %p = arith.mulf %a0, %two : f64
    %s = arith.select %m, %acc0, %p : f64
    linalg.yield %s : f64"""), lambda d: [(d, d), (d, d)])
# parallel dimensions (the output's), a reduction outside them: acc + select(m, p, -0.0)
_NIJ = "(i, j, n)"
for nm, z, pred in (("par_red_minus", "%nzero", "ule"), ("par_red_plus", "%zero", "ult")):
    case(nm, _generic(nm, [("x", _2, "n, i"), ("y", _2, "n, j")], [("o", _2, "i, j")],
                      ["parallel", "parallel", "reduction"], f"""    {IJ}
    %m = arith.cmpi {pred}, %j, %i : index
    %p = arith.mulf %a0, %a1 : f64
    %t = arith.select %m, %p, {z} : f64
    %s = arith.addf %acc0, %t : f64
    linalg.yield %s : f64""", dims=_NIJ), lambda d: [(d + 1, d), (d + 1, d), (d, d)])
# every dimension a reduction (GMM's |L|^2): +0.0 added once per skipped run
case("red_all", _generic("red_all", [("l", "tensor<?x?x?xf64>", "k, i, j")],
                         [("o", "tensor<f64>", "")], ["reduction"] * 3, """
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %m = arith.cmpi slt, %j, %i : index
    %p = arith.mulf %a0, %a0 : f64
    %t = arith.select %m, %p, %zero : f64
    %s = arith.addf %t, %acc0 : f64
    linalg.yield %s : f64""", dims="(k, i, j)"), lambda d: [(2, d, d), ()])
# a reduction from the diagonal on (j >= i: a suffix), jammed over i: the copies'
# ranges differ
case("red_from", _generic("red_from", [("a", _2, "i, j")], [("o", "tensor<?xf64>", "i")],
                          ["parallel", "reduction"], f"""    {IJ}
    %m = arith.cmpi uge, %j, %i : index
    %t = arith.select %m, %a0, %zero : f64
    %s = arith.addf %acc0, %t : f64
    linalg.yield %s : f64"""), lambda d: [(d + 2, d), (d + 2,)])
# the diagonal only (j == i), the select's zero first
case("red_at", _generic("red_at", [("a", _2, "i, j")], [("o", "tensor<?xf64>", "i")],
                        ["parallel", "reduction"], f"""    {IJ}
    %m = arith.cmpi ne, %i, %j : index
    %t = arith.select %m, %zero, %a0 : f64
    %s = arith.addf %acc0, %t : f64
    linalg.yield %s : f64"""), lambda d: [(d + 1, d), (d + 1,)])
# select(m, acc + p, acc), a reduction below the diagonal (i > j), jammed over i
case("red_acc", _generic("red_acc", [("a", _2, "i, j")], [("o", "tensor<?xf64>", "i")],
                         ["parallel", "reduction"], f"""    {IJ}
    %m = arith.cmpi ugt, %i, %j : index
    %p = arith.addf %acc0, %a0 : f64
    %s = arith.select %m, %p, %acc0 : f64
    linalg.yield %s : f64"""), lambda d: [(d + 3, d), (d + 3,)])
# a constant bound on a parallel dimension (the first two rows), and one from a
# constant on a reduction (j >= 2)
case("par_const", _generic("par_const", [("a", _2, "i, j")], [("o", _2, "i, j")],
                           ["parallel", "parallel"], f"""    {IJ}
    %m = arith.cmpi ugt, %c2, %i : index
    %s = arith.select %m, %a0, %acc0 : f64
    linalg.yield %s : f64"""), lambda d: [(d, d + 1), (d, d + 1)])
case("red_const", _generic("red_const", [("a", _2, "i, j")], [("o", "tensor<?xf64>", "i")],
                           ["parallel", "reduction"], f"""    {IJ}
    %m = arith.cmpi sge, %j, %c2 : index
    %t = arith.select %m, %a0, %nzero : f64
    %s = arith.addf %acc0, %t : f64
    linalg.yield %s : f64"""), lambda d: [(d, d + 1), (d,)])
# two outputs with the same mask (one compare each): both forms
case("two_outs", _generic("two_outs", [("a", _2, "i, j")],
                          [("o", _2, "i, j"), ("q", _2, "i, j")],
                          ["parallel", "parallel"], f"""    {IJ}
    %m = arith.cmpi ult, %j, %i : index
    %m2 = arith.cmpi ugt, %i, %j : index
    %t = arith.select %m, %a0, %nzero : f64
    %s = arith.addf %acc0, %t : f64
    %u = arith.select %m2, %a0, %acc1 : f64
    linalg.yield %s, %u : f64, f64"""), lambda d: [(d, d), (d, d), (d, d)])
# left alone: j < i + 1 computed by arith, a mask on the data, j != i, two masks
# and-ed
case("plus_one", _generic("plus_one", [("a", _2, "i, j")], [("o", _2, "i, j")],
                          ["parallel", "parallel"], f"""    {IJ}
    %i1 = arith.addi %i, %c1 : index
    %m = arith.cmpi ult, %j, %i1 : index
    %s = arith.select %m, %a0, %acc0 : f64
    linalg.yield %s : f64"""), lambda d: [(d, d), (d, d)], applies=False)
case("data_mask", _generic("data_mask", [("a", _2, "i, j")], [("o", _2, "i, j")],
                           ["parallel", "parallel"], """
    %m = arith.cmpf ogt, %a0, %zero : f64
    %t = arith.select %m, %a0, %zero : f64
    %s = arith.addf %acc0, %t : f64
    linalg.yield %s : f64"""), lambda d: [(d, d), (d, d)], applies=False)
case("not_equal", _generic("not_equal", [("a", _2, "i, j")], [("o", _2, "i, j")],
                           ["parallel", "parallel"], f"""    {IJ}
    %m = arith.cmpi ne, %j, %i : index
    %s = arith.select %m, %a0, %acc0 : f64
    linalg.yield %s : f64"""), lambda d: [(d, d), (d, d)], applies=False)
case("two_masks", _generic("two_masks", [("a", _2, "i, j")], [("o", _2, "i, j")],
                           ["parallel", "parallel"], f"""    {IJ}
    %m = arith.cmpi ult, %j, %i : index
    %m2 = arith.cmpi ult, %i, %c2 : index
    %mm = arith.andi %m, %m2 : i1
    %s = arith.select %mm, %a0, %acc0 : f64
    linalg.yield %s : f64"""), lambda d: [(d, d), (d, d)], applies=False)

SRC = "\n".join(src for src, _, _ in CASES.values())
_MOD: dict[str, Any] = {}


def _module() -> Any:
    if "m" not in _MOD:
        _MOD["m"] = activity.parse(SRC)
    return _MOD["m"]


def _inputs(name: str, d: int, seed: int = 0) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    out = []
    for shape in CASES[name][1](d):
        x = rng.standard_normal(shape)
        x[rng.random(shape) < 0.3] = -0.0  # (outputs that stay -0.0, terms of -0.0)
        out.append(x)
    return out


def _lowered(off: bool) -> tuple[Any, int]:
    """The module lowered to loops, and how many generics the optimization lowered."""
    key = ("low", off)
    if key not in _MOD:
        with opts.counting() as c:
            if off:
                with opts.disabled("triangular"):
                    low = lower_tensors(_module())
            else:
                low = lower_tensors(_module())
        _MOD[key] = (low, c["triangular"])
    return _MOD[key]


def _run(module: Any, name: str, args: list[np.ndarray]) -> tuple[tuple, int]:
    r = Interpreter(module, max_steps=10**8).run(name, [a.copy() for a in args])
    return r.results, r.steps


def same_bits(got: Any, want: Any) -> None:
    g, w = np.asarray(got, dtype=np.float64), np.asarray(want, dtype=np.float64)
    assert g.shape == w.shape
    assert np.array_equal(g.view(np.int64), w.view(np.int64)), (g, w)


def test_counted_where_it_applies() -> None:
    """One count per generic lowered over a triangle; none with the switch off."""
    applied = sum(1 for _, _, a in CASES.values() if a)
    assert _lowered(False)[1] == applied
    assert _lowered(True)[1] == 0


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("d", [0, 1, 2, 5, 12])
def test_lowered_loops_exact_and_fewer(name: str, d: int) -> None:
    """The loops lowered with and without the optimization give the tensor program's
    results in the interpreter bit for bit; with it, fewer ops run where it applies
    (the skipped iterations), as many where it does not."""
    args = _inputs(name, d, seed=d)
    (want, _) = _run(_module(), name, args)
    on, n_on = _run(_lowered(False)[0], name, args)
    off, n_off = _run(_lowered(True)[0], name, args)
    for w, a, b in zip(want, on, off, strict=True):
        same_bits(a, w)
        same_bits(b, w)
    if not CASES[name][2]:
        assert n_on == n_off
    elif d == 12:  # (at small sizes the bounds may cost more ops than they save)
        assert n_on < n_off, (n_on, n_off)


def _function(module: Any, name: str) -> str:
    text = str(module)
    start = text.index(f"func.func @{name}(")
    return text[start:text.find("func.func @", start + 1)]


def test_loop_bounds() -> None:
    """The restricted loops' bounds: ``min(i, D)`` for ``j < i``, ``min(i + 1, D)``
    for ``j <= i``, from ``min(2, D)`` for ``j >= 2``; the mask's compare gone from
    the loop where it held (no select left)."""
    low = _lowered(False)[0]
    par = _function(low, "par_sel")
    assert par.count("arith.minui") == 1 and "arith.select" not in par
    with opts.disabled("regtile"):  # (a register tile keeps the select: below)
        red = _function(lower_tensors(_module()), "par_red_minus")
    assert red.count("arith.minui") == 1 and "arith.addi" in red and "select" not in red
    # register-tiled (activity/tensor/loops.py: regtile, jam_range): the columns' loops
    # up to the greatest of the tile rows' bounds, the mask kept in the bodies
    red = _function(low, "par_red_minus")
    assert "activity.jammed" in red and "arith.maxui" in red and "arith.select" in red
    # +0.0: the skipped part gets one add of +0.0 per element (a loop after)
    plus = _function(low, "par_red_plus")
    assert plus.count("scf.for") == _function(_lowered(True)[0], "par_red_plus"
                                              ).count("scf.for") + 1
    for name in ("plus_one", "data_mask", "not_equal", "two_masks"):
        assert _function(low, name) == _function(_lowered(True)[0], name)


_COMPILED: dict[Any, Any] = {}


# (compiled: a few cases by default, every one with -m slow)
FEW = ["par_red_plus", "red_acc", "red_from", "two_outs"]


@pytest.mark.parametrize("names", [FEW, pytest.param(sorted(CASES), marks=pytest.mark.slow)],
                         ids=["few", "all"])
@pytest.mark.parametrize("d", [0, 1, 3, 6])
def test_compiled_exact(d: int, names: list[str]) -> None:
    """Compiled (LLVM) with and without the optimization: the interpreter's results
    bit for bit, NaN and infinite terms under the mask included."""
    for name in names:
        args = _inputs(name, d, seed=10 + d)
        if d:
            args[0].flat[::3] = np.inf  # (masked or not: inf where the mask holds)
            args[0].flat[1::5] = np.nan
        (want, _) = _run(_module(), name, args)
        for off in (False, True):
            key = (name, off)
            if key not in _COMPILED:
                if off:
                    with opts.disabled("triangular"):
                        _COMPILED[key] = activity.compile(_module(), name)
                else:
                    _COMPILED[key] = activity.compile(_module(), name)
            got = _COMPILED[key](*[a.copy() for a in args])
            got = got if isinstance(got, tuple) else (got,)
            for g, w in zip(got, want, strict=True):
                g, w = np.asarray(g), np.asarray(w)
                nan = np.isnan(w)
                assert np.array_equal(np.isnan(g), nan), (name, off)
                same_bits(np.where(nan, 0.0, g), np.where(nan, 0.0, w))


MASKED = """
func.func @f(%l: tensor<?x?xf64>, %v: tensor<?xf64>, %o: tensor<?xf64>) -> f64 {
  %zero = arith.constant 0.0 : f64
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>,
                                        affine_map<(i, j) -> (j)>,
                                        affine_map<(i, j) -> (i)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%l, %v : tensor<?x?xf64>, tensor<?xf64>) outs(%o : tensor<?xf64>) {
  ^bb0(%a: f64, %w: f64, %acc: f64):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %lower = arith.cmpi ult, %j, %i : index
    %p = arith.mulf %a, %w : f64
    %t = arith.select %lower, %p, %zero : f64
    %s = arith.addf %acc, %t : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<f64>
  %z = linalg.fill ins(%zero : f64) outs(%e : tensor<f64>) -> tensor<f64>
  %sum = linalg.reduce ins(%r : tensor<?xf64>) outs(%z : tensor<f64>) dimensions = [0]
    (%x: f64, %a2: f64) {
      %y = arith.addf %a2, %x : f64
      linalg.yield %y : f64
    }
  %out = tensor.extract %sum[] : tensor<f64>
  return %out : f64
}
"""


def test_adjoint_mask_outside_the_product() -> None:
    """The adjoint of ``select(j < i, l * v, 0)`` with respect to ``l`` is
    ``select(j < i, g * v, -0.0)``: 0 where the mask is false even for an infinite
    ``v`` (today's ``v * select(j < i, g, 0)`` is NaN there), the loops over the
    triangle; the same gradient elsewhere, on and off."""
    d = 4
    rng = np.random.default_rng(3)
    lw, v, o = rng.standard_normal((d, d)), rng.standard_normal(d), rng.standard_normal(d)
    v[d - 1] = np.inf  # read only where j = d - 1 < i: never (the mask is false)
    on = activity.gradient(MASKED, "f", argnums=(0,))(lw.copy(), v.copy(), o.copy())
    with opts.disabled("triangular"):
        off = activity.gradient(MASKED, "f", argnums=(0,))(lw.copy(), v.copy(), o.copy())
    on, off = np.asarray(on).reshape(d, d), np.asarray(off).reshape(d, d)
    want = np.where(np.arange(d)[None, :] < np.arange(d)[:, None], v[None, :], 0.0)
    np.testing.assert_array_equal(on, want)
    assert np.isnan(off[:, d - 1]).all()  # (0 * inf: today's rule)
    np.testing.assert_array_equal(off[:, :d - 1], want[:, :d - 1])
    with opts.counting() as c:
        lower_tensors(activity.grad(activity.parse(MASKED), "f",
                                    ["active", "const", "const"]))
    assert c["triangular"] >= 1


@pytest.mark.slow
def test_gmm_tri_gradient_same_on_and_off() -> None:
    """GMM with a triangular Q (the benchmark's program, small sizes): the gradient
    the same bit for bit with the optimization on and off, and it applied."""
    import importlib.util
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    name = "activity_test_tensor_opts_for_tri"
    spec = importlib.util.spec_from_file_location(name, root / "tests" / "test_tensor_opts.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    for case_ in ("gmm_tri", "gmm_packed"):
        assert mod.counts(case_).get("triangular", 0) >= 3
        on = mod.gradient(case_)
        with opts.disabled("triangular"):
            off = mod.gradient(case_)
        for a, b in zip(on, off, strict=True):
            same_bits(a, b)


MIXED = MASKED.replace("""    %s = arith.addf %acc, %t : f64""", """    %u = arith.mulf %a, %a : f64
    %tu = arith.addf %t, %u : f64
    %s = arith.addf %acc, %tu : f64""")


@pytest.mark.parametrize("src", [MASKED, MIXED], ids=["masked", "mixed"])
def test_adjoint_gradient_same_on_and_off(src: str) -> None:
    """Finite inputs: the gradient with the mask moved outside is the one without; a
    contribution that is not zero where the mask is false (``select(m, a w, 0) + a^2``:
    its ``2 a`` term) keeps its mask inside."""
    d = 5
    rng = np.random.default_rng(4)
    args = [rng.standard_normal((d, d)), rng.standard_normal(d), rng.standard_normal(d)]
    on = activity.gradient(src, "f", argnums=(0, 1))(*[a.copy() for a in args])
    with opts.disabled("triangular"):
        off = activity.gradient(src, "f", argnums=(0, 1))(*[a.copy() for a in args])
    for a, b in zip(on, off, strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-15, atol=0)
    lw, v = args[0], args[1]
    lower = np.arange(d)[None, :] < np.arange(d)[:, None]
    want = np.where(lower, v[None, :], 0.0) + (2 * lw if src is MIXED else 0.0)
    np.testing.assert_allclose(np.asarray(on[0]), want, rtol=1e-15, atol=0)
