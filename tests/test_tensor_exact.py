"""Reductions whose adjoint compares recomputed body values (activity/ad/exactbody.py).

A max reduction's adjoint seeds the element whose recomputed value equals the forward
maximum; a product's counts zeros in one nest and tests them in another.  With
``fastmath<contract>`` bodies LLVM fused ``a * b + c`` into an FMA in some nests and
not in others (where the multiply was hoisted out of the inner loop), so the
recomputed values differed in the last bit: rows of a max's gradient came out zero
and a product's gradient lost terms.  Each program below did so before the fix (the
inputs are the first seeds that showed it)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import activity
from activity.tensor import loops, opts

# out[i, k] = FOLD_j (x[i, j] * y[i, j] OP b[j, k]): in the forward i-k-j nest the
# product is invariant in the inner loop (hoisted: no FMA), in dx's adjoint nest not
_SRC = """
#x = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#o = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @f(%x: tensor<IxJxf64>, %y: tensor<IxJxf64>, %b: tensor<JxKxf64>,
             %i: tensor<IxKxf64>) -> f64 {
  %c0 = arith.constant 0.0 : f64
  %m = linalg.generic {indexing_maps = [#x, #x, #b, #o],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %y, %b : tensor<IxJxf64>, tensor<IxJxf64>, tensor<JxKxf64>)
      outs(%i : tensor<IxKxf64>) {
  ^bb0(%p: f64, %q: f64, %r: f64, %acc: f64):
    %u = arith.mulf %p, %q FM : f64
    %t = arith.OP %u, %r FM : f64
    %s = FOLD : f64
    linalg.yield %s : f64
  } -> tensor<IxKxf64>
  %e = tensor.empty() : tensor<f64>
  %z = linalg.fill ins(%c0 : f64) outs(%e : tensor<f64>) -> tensor<f64>
  %rr = linalg.reduce ins(%m : tensor<IxKxf64>) outs(%z : tensor<f64>) dimensions = [0, 1]
    (%in: f64, %a2: f64) {
      %t2 = arith.addf %a2, %in : f64
      linalg.yield %t2 : f64
    }
  %v = tensor.extract %rr[] : tensor<f64>
  return %v : f64
}
"""
_FOLDS = {"max": "arith.maximumf %acc, %t", "maxlast": "arith.maximumf %t, %acc",
          "min": "arith.minimumf %acc, %t", "prod": "arith.mulf %acc, %t"}


def _program(fold: str, op: str, fm: str, i: int, j: int, k: int) -> str:
    return (_SRC.replace("IxJ", f"{i}x{j}").replace("JxK", f"{j}x{k}")
            .replace("IxK", f"{i}x{k}").replace("FOLD", _FOLDS[fold])
            .replace("OP", op).replace("FM", fm))


def test_min_of_a_contracted_f32_body() -> None:
    """The same for a min in f32 (the body's ops computed in double and rounded to
    f32, in every nest alike): before, most seeds missed elements."""
    i, j, k = 3, 40, 9
    src = _program("min", "addf", "fastmath<contract>", i, j, k).replace("f64", "f32")
    g = activity.grad(activity.parse(src), "f", ["active"] * 4)
    cf = activity.compile(g, "f_grad")
    for seed in range(3):
        rng = np.random.default_rng(seed)
        x, y, b = (rng.standard_normal(s).astype(np.float32) for s in ((i, j), (i, j), (j, k)))
        got = cf(x, y, b, np.full((i, k), 1e30, np.float32), np.float32(1.0))
        np.testing.assert_array_equal(got[2].sum(axis=0), np.full(k, i))


def _both(src: str, *args: Any, reassoc: bool = False) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The gradient interpreted (IEEE, no FMA) and compiled."""
    g = activity.grad(activity.parse(src), "f", ["active"] * 4)
    return (activity.evaluate(g, "f_grad", *args, 1.0),
            activity.compile(g, "f_grad", reassoc=reassoc)(*args, 1.0))


@pytest.mark.parametrize("fold", ["max", "maxlast"])
def test_max_of_a_contracted_body_seeds_one_element_per_output(fold: str) -> None:
    """Every output element's seed reaches exactly one element (``db`` summed over
    ``j`` counts them per column): before, 2 of 3 in most columns."""
    i, j, k = 3, 40, 9
    rng = np.random.default_rng(0)
    x, y, b = rng.standard_normal((i, j)), rng.standard_normal((i, j)), \
        rng.standard_normal((j, k))
    init = np.full((i, k), 1e300 if fold == "min" else -1e300)
    ref, got = _both(_program(fold, "addf", "fastmath<contract>", i, j, k), x, y, b, init)
    np.testing.assert_array_equal(got[2].sum(axis=0), np.full(k, i))
    for a, c in zip(ref, got, strict=True):  # (the same elements seeded)
        np.testing.assert_allclose(c, a, rtol=1e-12, atol=1e-12)


def test_product_of_a_contracted_body_with_a_zero_element() -> None:
    """``x * y - b`` is 0 without an FMA and a rounding error with one: the zero count
    and the zero test must see the same value (before: dx 5.21 for 5.30)."""
    i, j, k = 3, 10, 9
    rng = np.random.default_rng(0)
    x, y = rng.uniform(0.5, 1.5, (i, j)), rng.uniform(0.5, 1.5, (i, j))
    b = rng.uniform(-0.5, 0.4, (j, k))
    b[0, :] = x[0, 0] * y[0, 0]
    ref, got = _both(_program("prod", "subf", "fastmath<contract>", i, j, k),
                     x, y, b, np.ones((i, k)))
    for a, c in zip(ref, got, strict=True):
        np.testing.assert_allclose(c, a, rtol=1e-9, atol=1e-9)


def test_loops_contract_flag_leaves_compared_bodies_alone(monkeypatch: Any) -> None:
    """:data:`activity.tensor.loops.CONTRACT` adds ``contract`` to the lowered bodies:
    not to the max reduction's, nor to its adjoint's (before: rows missed)."""
    monkeypatch.setattr(loops, "CONTRACT", True)
    i, j, k = 3, 40, 9
    rng = np.random.default_rng(0)
    x, y, b = rng.standard_normal((i, j)), rng.standard_normal((i, j)), \
        rng.standard_normal((j, k))
    g = activity.grad(activity.parse(_program("max", "addf", "", i, j, k)), "f",
                      ["active"] * 4)
    got = activity.compile(g, "f_grad")(x, y, b, np.full((i, k), -1e300), 1.0)
    np.testing.assert_array_equal(got[2].sum(axis=0), np.full(k, i))


_RECOMPUTED = """
#id = affine_map<(d0, d1) -> (d0, d1)>
#r = affine_map<(d0, d1) -> (d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @f(%x: tensor<7x9xf64>, %y: tensor<9xf64>, %c: tensor<7x9xf64>,
             %i: tensor<7xf64>) -> f64 {
  %c0 = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<7x9xf64>
  %p = linalg.generic {indexing_maps = [#id, #r, #id, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %y, %c : tensor<7x9xf64>, tensor<9xf64>, tensor<7x9xf64>)
      outs(%e : tensor<7x9xf64>) {
  ^bb0(%a: f64, %b: f64, %cc: f64, %o: f64):
    %u = arith.mulf %a, %b fastmath<contract> : f64
    %t = arith.addf %u, %cc fastmath<contract> : f64
    linalg.yield %t : f64
  } -> tensor<7x9xf64>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%p : tensor<7x9xf64>) outs(%i : tensor<7xf64>) {
  ^bb0(%v: f64, %acc: f64):
    %s = arith.maximumf %acc, %v : f64
    linalg.yield %s : f64
  } -> tensor<7xf64>
  %e2 = tensor.empty() : tensor<7x9xf64>
  %q = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p, %m : tensor<7x9xf64>, tensor<7xf64>) outs(%e2 : tensor<7x9xf64>) {
  ^bb0(%v: f64, %mv: f64, %o: f64):
    %d = arith.subf %v, %mv : f64
    %w = arith.mulf %d, %d : f64
    linalg.yield %w : f64
  } -> tensor<7x9xf64>
  %ez = tensor.empty() : tensor<f64>
  %z = linalg.fill ins(%c0 : f64) outs(%ez : tensor<f64>) -> tensor<f64>
  %rr = linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> ()>],
                        iterator_types = ["reduction", "reduction"]}
      ins(%q : tensor<7x9xf64>) outs(%z : tensor<f64>) {
  ^bb0(%v: f64, %acc: f64):
    %t2 = arith.addf %acc, %v : f64
    linalg.yield %t2 : f64
  } -> tensor<f64>
  %ez2 = tensor.empty() : tensor<f64>
  %z2 = linalg.fill ins(%c0 : f64) outs(%ez2 : tensor<f64>) -> tensor<f64>
  %r2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>],
                        iterator_types = ["reduction"]}
      ins(%m : tensor<7xf64>) outs(%z2 : tensor<f64>) {
  ^bb0(%v: f64, %acc: f64):
    %t3 = arith.addf %acc, %v : f64
    linalg.yield %t3 : f64
  } -> tensor<f64>
  %v1 = tensor.extract %rr[] : tensor<f64>
  %v2 = tensor.extract %r2[] : tensor<f64>
  %v = arith.addf %v1, %v2 : f64
  return %v : f64
}
"""


def test_recomputed_input_of_a_max_makes_the_same_bits() -> None:
    """The ``recompute`` switch makes ``p`` (a contracted body) again for the reverse
    sweep, whose max adjoint compares it with the forward maximum: the copy and the
    original lowered alike (before: errors of 17 to 68 on these seeds)."""
    with opts.counting() as c:
        g = activity.grad(activity.parse(_RECOMPUTED), "f", ["active"] * 4)
    assert c["recompute"] == 1
    cf = activity.compile(g, "f_grad")
    for seed in (7, 12, 18):
        rng = np.random.default_rng(seed)
        args = (rng.standard_normal((7, 9)), rng.standard_normal(9),
                rng.standard_normal((7, 9)), np.full(7, -1e300))
        ref, got = activity.evaluate(g, "f_grad", *args, 1.0), cf(*args, 1.0)
        for a, b in zip(ref, got, strict=True):
            np.testing.assert_allclose(b, a, rtol=1e-9, atol=1e-9)


def test_flags_stripped_in_the_gradient_only() -> None:
    """The gradient's copy of the reduction has no fast-math flags and is marked; the
    primal function keeps its own; the adjoint's product keeps ``contract``."""
    src = _program("max", "addf", "fastmath<contract>", 2, 3, 4)
    text = str(activity.grad(activity.parse(src), "f", ["active"] * 4))
    primal, grad = text.split("func.func @f_grad")
    assert primal.count("fastmath<contract>") == 2 and "activity.exact" not in primal
    fwd = grad[grad.index("linalg.generic"):grad.index("linalg.yield")]
    assert "activity.exact" in fwd and "fastmath" not in fwd


def test_flagged_body_refused_without_the_pass(monkeypatch: Any) -> None:
    """The invariant checked where it is relied on: a compared body that still has
    flags (the pass skipped) is refused with its place, not differentiated."""
    from activity.ad import exactbody
    from activity.ad.errors import GradError

    monkeypatch.setattr(exactbody, "exact_bodies", lambda module: [])
    src = _program("max", "addf", "fastmath<contract>", 2, 3, 4)
    with pytest.raises(GradError, match=r":\d+:\d+: error: .*fast-math flags"):
        activity.grad(activity.parse(src), "f", ["active"] * 4)


_CAPTURED = """
#id = affine_map<(d0) -> (d0)>
#s = affine_map<(d0) -> ()>
func.func @f(%a: tensor<5xf64>, %w: f64, %c: f64) -> f64 {
  %ninf = arith.constant -1.0e300 : f64
  %u = arith.mulf %w, %w fastmath<contract> : f64
  %s = arith.addf %u, %c fastmath<contract> : f64
  %e = tensor.empty() : tensor<f64>
  %i = linalg.fill ins(%ninf : f64) outs(%e : tensor<f64>) -> tensor<f64>
  %m = linalg.generic {indexing_maps = [#id, #s], iterator_types = ["reduction"]}
      ins(%a : tensor<5xf64>) outs(%i : tensor<f64>) {
  ^bb0(%v: f64, %mx: f64):
    %t = arith.addf %v, %s : f64
    %y = arith.maximumf %mx, %t : f64
    linalg.yield %y : f64
  } -> tensor<f64>
  %mv = tensor.extract %m[] : tensor<f64>
  return %mv : f64
}
"""


def test_captured_scalar_chain_stripped() -> None:
    """A scalar the compared body reads (``s = w * w + c``) is made without flags in
    the gradient -- in loops the reverse sweep may recompute it instead of keeping the
    forward's (activity/ad/tapeplan.py), and the two must agree -- and keeps them in
    the primal."""
    text = str(activity.grad(activity.parse(_CAPTURED), "f", ["active"] * 3))
    primal, grad = text.split("func.func @f_grad")
    assert primal.count("fastmath<contract>") == 2
    assert "fastmath" not in grad[:grad.index("linalg.generic")]


_FLAGS = ["fastmath<contract>", "fastmath<fast>", "fastmath<reassoc,contract>",
          "fastmath<contract,afn>"]
_BODIES = ["%u = arith.mulf %p, %q FM : f64\n    %t = arith.addf %u, %r FM : f64",
           "%u = arith.mulf %p, %q FM : f64\n    %t = arith.subf %u, %r FM : f64",
           "%u = arith.mulf %p, %r FM : f64\n    %w = arith.mulf %u, %q FM : f64\n"
           "    %t = arith.addf %w, %p FM : f64",
           "%u = arith.divf %p, %q FM : f64\n    %t = arith.addf %u, %r FM : f64"]
_FOLDS_ALL = {**_FOLDS, "minlast": "arith.minimumf %t, %acc"}


def _random_program(rng: Any) -> tuple[str, list[tuple[int, ...]], str]:
    """A 3-loop reduction ``out[par] = FOLD over red of body(x, y, b)`` with random
    maps, sizes, fold, fast-math flags and body; its operands' shapes and its fold."""
    red = rng.sample(range(3), rng.choice([1, 2]))
    par = [d for d in range(3) if d not in red]
    mx, my = rng.sample(range(3), rng.choice([1, 2])), rng.sample(range(3), rng.choice([1, 2]))
    mb = rng.sample(range(3), rng.choice([2, 3]))
    if set(mx) | set(my) | set(mb) != {0, 1, 2}:
        mb = rng.sample(range(3), 3)
    mo = par if rng.random() < 0.5 else par[::-1]
    size = [rng.randint(2, 20) for _ in range(3)]

    def ty(m: list[int]) -> str:
        return f"tensor<{'x'.join(str(size[d]) for d in m)}xf64>" if m else "tensor<f64>"

    def amap(m: list[int]) -> str:
        return f"affine_map<(d0, d1, d2) -> ({', '.join(f'd{d}' for d in m)})>"

    fold = rng.choice(sorted(_FOLDS_ALL))
    body = rng.choice(_BODIES).replace("FM", rng.choice(_FLAGS))
    its = ", ".join('"reduction"' if d in red else '"parallel"' for d in range(3))
    dims = ", ".join(str(i) for i in range(len(mo)))
    tail = (f"  %rr = linalg.reduce ins(%m : {ty(mo)}) outs(%z : tensor<f64>) "
            f"dimensions = [{dims}]\n    (%in: f64, %a2: f64) {{\n"
            "      %t2 = arith.addf %a2, %in : f64\n      linalg.yield %t2 : f64\n    }\n"
            "  %v = tensor.extract %rr[] : tensor<f64>" if mo else
            "  %v = tensor.extract %m[] : tensor<f64>")
    src = f"""
func.func @f(%x: {ty(mx)}, %y: {ty(my)}, %b: {ty(mb)}, %i: {ty(mo)}) -> f64 {{
  %c0 = arith.constant 0.0 : f64
  %m = linalg.generic {{indexing_maps = [{amap(mx)}, {amap(my)}, {amap(mb)}, {amap(mo)}],
                       iterator_types = [{its}]}}
      ins(%x, %y, %b : {ty(mx)}, {ty(my)}, {ty(mb)}) outs(%i : {ty(mo)}) {{
  ^bb0(%p: f64, %q: f64, %r: f64, %acc: f64):
    {body}
    %s = {_FOLDS_ALL[fold]} : f64
    linalg.yield %s : f64
  }} -> {ty(mo)}
  %e = tensor.empty() : tensor<f64>
  %z = linalg.fill ins(%c0 : f64) outs(%e : tensor<f64>) -> tensor<f64>
{tail}
  return %v : f64
}}
"""
    return src, [tuple(size[d] for d in m) for m in (mx, my, mb, mo)], fold


@pytest.mark.slow
@pytest.mark.parametrize("reassoc", [False, True])
def test_random_flagged_reductions(reassoc: bool) -> None:
    """Random flagged max/min/product reductions: the compiled gradient is the
    interpreter's (before: 9 of the first 40 programs wrong, none after in 200; with
    ``reassoc=True``, 2 of these 60 before the lowering marked the bodies' ops)."""
    import random

    for seed in range(60):
        src, shapes, fold = _random_program(random.Random(seed))
        nr = np.random.default_rng(seed)
        lo, hi = (0.7, 1.3) if fold == "prod" else (-1.0, 1.0)
        args = [nr.uniform(lo, hi, s) for s in shapes[:3]]
        if fold == "prod" and seed % 3 == 0:
            args[2] = nr.choice([0.0, 1.0, 0.5], shapes[2])  # (exact zeros)
        big = {"max": -1e300, "maxlast": -1e300, "prod": 1.0}.get(fold, 1e300)
        ref, got = _both(src, *args, np.full(shapes[3], big), reassoc=reassoc)
        for a, c in zip(ref, got, strict=True):
            np.testing.assert_allclose(c, a, rtol=1e-8, atol=1e-11, err_msg=f"seed {seed}")


def _reassoc_lowered(g: Any) -> Any:
    """Gradient module ``g`` as ``activity.compile(..., reassoc=True)`` hands it to the
    LLVM lowering: bufferized, lowered to loops, then every float op given ``reassoc``
    (activity/codegen/prepare.py) but the marked ones."""
    from activity.codegen.prepare import prepare
    from activity.tensor.bufferize import lower_tensors

    return prepare(lower_tensors(g), reassoc=True)


def _flags(op: Any) -> set[str]:
    a = op.properties.get("fastmath")
    return {str(f.value) for f in a.data} if a is not None else set()


def test_reassoc_leaves_compared_bodies_alone() -> None:
    """``reassoc=True`` runs after the loop lowering (the reductions' marks gone): the
    ops inlined from a max body, in the forward nest and the three adjoint nests that
    recompute it, get no ``reassoc`` (which lets LLVM evaluate a chain in each nest's
    own order: the next test); the other float ops do (before: every add had it)."""
    src = _program("max", "addf", "", 3, 7, 5)
    g = activity.grad(activity.parse(src), "f", ["active"] * 4)
    lowered = _reassoc_lowered(g)
    adds = [o for o in lowered.walk() if o.name in ("arith.addf", "arith.mulf")]
    plain = [o for o in adds if "reassoc" not in _flags(o)]
    assert len(plain) >= 8  # (u = p * q, t = u + r in each of the four nests)
    assert all(loops.EXACT_ATTR in o.attributes for o in plain)
    assert any("reassoc" in _flags(o) for o in adds)


def test_reassoc_leaves_the_captured_chain_alone() -> None:
    """The scalar chain a compared body reads (``s = w * w + c``, which the reverse
    sweep may recompute in loops) gets no ``reassoc`` either, in the gradient."""
    g = activity.grad(activity.parse(_CAPTURED), "f", ["active"] * 3)
    fn = next(o for o in _reassoc_lowered(g).walk()
              if o.name == "func.func" and o.sym_name.data == "f_grad")
    chain = [o for o in fn.walk() if o.name in ("arith.mulf", "arith.addf")
             and loops.EXACT_ATTR in o.attributes and not _in_loop(o)]
    assert len(chain) == 2 and not any("reassoc" in _flags(o) for o in chain)


def _in_loop(op: Any) -> bool:
    p = op.parent_op()
    while p is not None and p.name != "func.func":
        if p.name == "scf.for":
            return True
        p = p.parent_op()
    return False


_FILLED_INIT = """
#id = affine_map<(d0) -> (d0)>
#s = affine_map<(d0) -> ()>
func.func @f(%a: tensor<5xf64>, %w: f64, %c: f64) -> f64 {
  %u = arith.mulf %w, %w fastmath<contract> : f64
  %s = arith.addf %u, %c fastmath<contract> : f64
  %e = tensor.empty() : tensor<f64>
  %i = linalg.fill ins(%s : f64) outs(%e : tensor<f64>) -> tensor<f64>
  %m = linalg.generic {indexing_maps = [#id, #s], iterator_types = ["reduction"]}
      ins(%a : tensor<5xf64>) outs(%i : tensor<f64>) {
  ^bb0(%v: f64, %mx: f64):
    %y = arith.maximumf %mx, %v : f64
    linalg.yield %y : f64
  } -> tensor<f64>
  %mv = tensor.extract %m[] : tensor<f64>
  return %mv : f64
}
"""


def test_filled_init_chain_stripped() -> None:
    """The init of a max is compared with its maximum (it gets the seed when it is the
    maximum): a fill of ``s = w * w + c`` is made without flags in the gradient (and
    keeps them in the primal), as a captured scalar is (before: kept ``contract``)."""
    text = str(activity.grad(activity.parse(_FILLED_INIT), "f", ["active"] * 3))
    primal, grad = text.split("func.func @f_grad")
    assert primal.count("fastmath<contract>") == 2
    assert "fastmath" not in grad[:grad.index("linalg.generic")]
    cf = activity.compile(activity.grad(activity.parse(_FILLED_INIT), "f", ["active"] * 3),
                          "f_grad")
    a = np.array([0.1, -2.0, 0.3, 0.2, -1.0])
    got = cf(a, 1.5, -1.0, 1.0)  # (s = 1.25 > every element: the init is the max)
    np.testing.assert_array_equal(got[0], np.zeros(5))
    assert got[1] == 3.0 and got[2] == 1.0


def test_recomputed_body_feeding_no_max_keeps_its_flags() -> None:
    """The ``recompute`` switch strips a copied body's flags only where the value
    reaches a compared reduction: ``p`` (a contracted body) summed, not maximized,
    keeps ``contract`` in the original and the copy -- LLVM's FMAs, the
    contractions' FMA tiles (before: both stripped and marked)."""
    src = _RECOMPUTED.replace("arith.maximumf %acc, %v", "arith.addf %acc, %v")
    with opts.counting() as c:
        g = activity.grad(activity.parse(src), "f", ["active"] * 4)
    assert c["recompute"] == 1
    fn = next(o for o in g.walk() if o.name == "func.func" and o.sym_name.data == "f_grad")
    made = [o for o in fn.body.block.ops if o.name == "linalg.generic"
            and [b.name for b in o.regions[0].block.ops][:2] == ["arith.mulf", "arith.addf"]]
    assert len(made) == 2  # (the original and its copy)
    for o in made:
        assert loops.EXACT_ATTR not in o.attributes
        assert all(_flags(b) == {"contract"} for b in list(o.regions[0].block.ops)[:2])


def test_reassoc_gradient_of_a_max_of_a_product_chain() -> None:
    """``reassoc=True`` on a max of ``p * r * q + p`` (the random check's program 39:
    LLVM reorders the product chain, with ``q`` invariant, differently per nest): the
    compiled gradient is the interpreter's (before: errors up to 0.75, elements the
    adjoint no longer found equal to the maximum)."""
    import random

    src, shapes, _ = _random_program(random.Random(39))
    nr = np.random.default_rng(39)
    args = [*(nr.uniform(-1.0, 1.0, s) for s in shapes[:3]), np.full(shapes[3], -1e300)]
    g = activity.grad(activity.parse(src), "f", ["active"] * 4)
    ref = activity.evaluate(g, "f_grad", *args, 1.0)
    got = activity.compile(g, "f_grad", reassoc=True)(*args, 1.0)
    for a, c in zip(ref, got, strict=True):
        np.testing.assert_allclose(c, a, rtol=1e-8, atol=1e-11)
