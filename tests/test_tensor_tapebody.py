"""Taped generic bodies (activity/ad/tapebody.py, the ``tapebody`` switch) and slices
re-taken in the reverse sweep (the ``reslice`` switch of activity/ad/tapeplan.py): which
body values are taped, that both apply to the LSTM benchmark, and that gradients are
bit-identical with them off -- on LSTM and on random tensor programs whose bodies hold
exp / tanh / log / sin / ... (activity.testing.tensorgen)."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest

import activity
from activity.ad.errors import GradError
from activity.ad.tapebody import TAPEBODY_ATTR, expensive_needed, needed_values
from activity.tensor import opts
from activity.testing.tensorgen import TensorGenConfig, generate
from tests.test_tensor_opts import CASES, TENSOR, _kinds, gradient


def _body(expr: str) -> tuple[Any, Any]:
    """The body of a one-input-pair parallel generic yielding ``expr`` (lines using
    %a, %b), and its yielded value."""
    src = f"""
func.func @f(%x: tensor<4xf64>, %y: tensor<4xf64>) -> tensor<4xf64> {{
  %init = tensor.empty() : tensor<4xf64>
  %r = linalg.generic {{indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
      affine_map<(i) -> (i)>], iterator_types = ["parallel"]}}
      ins(%x, %y : tensor<4xf64>, tensor<4xf64>) outs(%init : tensor<4xf64>) {{
  ^bb0(%a: f64, %b: f64, %o: f64):
{expr}
  }} -> tensor<4xf64>
  func.return %r : tensor<4xf64>
}}"""
    m = activity.parse(src)
    g = next(o for o in m.walk() if o.name == "linalg.generic")
    body = g.regions[0].blocks[0]
    return body, body.last_op.operands[0]


def _names(vals: list[Any]) -> list[str]:
    return [v.name_hint for v in vals]


def test_the_transcendental_results_the_adjoint_reads_are_taped() -> None:
    # sigmoid: the divide's partial reads 1 + e, exp's its result: e is taped (the
    # add and the divide are cheap to redo from it)
    body, y = _body("""
    %n = arith.negf %a : f64
    %e = math.exp %n : f64
    %one = arith.constant 1.0 : f64
    %d = arith.addf %one, %e : f64
    %s = arith.divf %one, %d : f64
    %t = math.tanh %b : f64
    %p = arith.mulf %s, %t : f64
    linalg.yield %p : f64""")
    assert _names(expensive_needed(body, y)) == ["e", "t"]
    assert set(_names(needed_values(body, y))) >= {"s", "t", "d", "e"}


def test_a_value_whose_partials_read_only_arguments_is_not_taped() -> None:
    # log's partial is 1/a, sqrt is one instruction, a yielded exp's adjoint is the
    # seed times its result (read: taped)
    body, y = _body("""
    %l = math.log %a : f64
    linalg.yield %l : f64""")
    assert expensive_needed(body, y) == []
    body, y = _body("""
    %r = math.sqrt %a : f64
    %p = arith.mulf %r, %b : f64
    linalg.yield %p : f64""")
    assert expensive_needed(body, y) == []
    body, y = _body("""
    %e = math.exp %a : f64
    linalg.yield %e : f64""")
    assert _names(expensive_needed(body, y)) == ["e"]
    # sin feeds only an add: its adjoint needs cos(a), not sin(a)
    body, y = _body("""
    %s = math.sin %a : f64
    %p = arith.addf %s, %b : f64
    linalg.yield %p : f64""")
    assert expensive_needed(body, y) == []


def _counts(name: str) -> dict[str, int]:
    from activity.tensor.bufferize import lower_tensors

    file, func, args, _ = CASES[name]
    with opts.counting() as c:
        g = activity.grad(activity.parse(TENSOR / file), func, _kinds(args))
        lower_tensors(g)
    return dict(c)


def test_lstm_tapes_its_gates_and_reslices_its_weights() -> None:
    """LSTM's cell and hidden generics keep their 2 + 1 sigmoids' exps and 2 tanhs;
    the weight slices the forward sweep copied into tapes are re-taken."""
    c = _counts("lstm")
    assert c.get("tapebody", 0) >= 5 and c.get("reslice", 0) >= 8, c
    with opts.disabled("tapebody", "reslice"):
        c = _counts("lstm")
    assert c.get("tapebody", 0) == 0 and c.get("reslice", 0) == 0
    file, func, args, _ = CASES["lstm"]
    g = activity.grad(activity.parse(TENSOR / file), func, _kinds(args))
    fwd = [o for o in g.walk() if o.name == "linalg.generic" and TAPEBODY_ATTR in o.attributes]
    assert sorted(len(o.results) for o in fwd) == [3, 4], "cell: 1 + 3, hidden: 1 + 2"
    primal = next(o for o in g.walk() if o.name == "func.func"
                  and o.sym_name.data == func)
    assert not any(TAPEBODY_ATTR in o.attributes or len(o.results) > 1
                   for o in primal.walk() if o.name == "linalg.generic")


@pytest.mark.parametrize("off", [("tapebody",), ("reslice",), ("tapebody", "reslice")])
def test_lstm_gradient_is_identical_with_them_off(off: tuple[str, ...]) -> None:
    on = gradient("lstm")
    with opts.disabled(*off):
        got = gradient("lstm")
    assert all(np.array_equal(a, b) for a, b in zip(on, got, strict=True))


_UNARY = ("math.exp", "math.tanh", "math.log", "math.sin", "math.cos", "math.atan",
          "math.erf", "math.expm1", "math.log1p", "math.sqrt", "arith.negf")
_BINARY = ("arith.addf", "arith.mulf", "arith.subf", "arith.divf", "arith.maximumf",
           "math.powf")
_POSITIVE = ("math.log", "math.log1p", "math.sqrt", "math.powf")


def _random_body(rng: random.Random, leaves: list[str]) -> list[str]:
    """Lines of a random scalar body over ``leaves`` (transcendental-rich), ending in
    ``linalg.yield``."""
    vals, lines = list(leaves), []
    for k in range(rng.randint(2, 6)):
        r = f"%v{k}"
        if rng.random() < 0.55:
            op = rng.choice(_UNARY)
            a = rng.choice(vals)
            if op in _POSITIVE:
                lines.append(f"{r}a = math.absf {a} : f64")
                a = f"{r}a"
            lines.append(f"{r} = {op} {a} : f64")
        else:
            op = rng.choice(_BINARY)
            a, b = rng.choice(vals), rng.choice(vals)
            if op in _POSITIVE:
                lines.append(f"{r}a = math.absf {a} : f64")
                a = f"{r}a"
            lines.append(f"{r} = {op} {a}, {b} : f64")
        vals.append(r)
    return [*lines, f"linalg.yield {vals[-1]} : f64"]


def _random_program(seed: int) -> str:
    """``f(x: n x m, w: m) -> f64``: a parallel generic over (i, j) (``w`` broadcast
    along i, the output maybe transposed; m x n then, so n = m) with a random body,
    run once or carried round an scf.for 3 times, summed."""
    rng = random.Random(seed)
    n = rng.choice([2, 3, 5])
    loop = rng.random() < 0.5
    out_map = "(i, j)" if loop or rng.random() < 0.5 else "(j, i)"
    reads_out = rng.random() < 0.3
    body = _random_body(rng, ["%a", "%b", *(["%o"] if reads_out else [])])
    init = "%z" if reads_out else "%e0"
    t = f"tensor<{n}x{n}xf64>"
    gen = f"""linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>,
        affine_map<(i, j) -> (j)>, affine_map<(i, j) -> {out_map}>],
        iterator_types = ["parallel", "parallel"]}}
        ins(%h, %w : {t}, tensor<{n}xf64>) outs({init} : {t}) {{
    ^bb0(%a: f64, %b: f64, %o: f64):
      """ + "\n      ".join(body) + f"""
    }} -> {t}"""
    fill = f"""%e0 = tensor.empty() : {t}
    %z = linalg.fill ins(%half : f64) outs(%e0 : {t}) -> {t}"""
    if loop:
        core = f"""%c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %k = %c0 to %c3 step %c1 iter_args(%h = %x) -> ({t}) {{
    {fill}
    %n = {gen}
    scf.yield %n : {t}
  }}"""
    else:
        core = f"""%h = arith.addf %x, %x : {t}
  {fill}
  %r = {gen}"""
    return f"""func.func @f(%x: {t}, %w: tensor<{n}xf64>) -> f64 {{
  %zero = arith.constant 0.0 : f64
  %half = arith.constant 0.5 : f64
  {core}
  %e1 = tensor.empty() : tensor<f64>
  %f = linalg.fill ins(%zero : f64) outs(%e1 : tensor<f64>) -> tensor<f64>
  %s = linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>,
      affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]}}
      ins(%r : {t}) outs(%f : tensor<f64>) {{
  ^bb0(%a: f64, %acc: f64):
    %u = arith.addf %acc, %a : f64
    linalg.yield %u : f64
  }} -> tensor<f64>
  %v = tensor.extract %s[] : tensor<f64>
  func.return %v : f64
}}"""


def _grad_of(src: str, args: list[np.ndarray], off: tuple[str, ...]) -> tuple[
        list[np.ndarray], int]:
    with opts.disabled(*off), opts.counting() as c:
        g = activity.gradient(src, "f", argnums=(0, 1))
        out = g(*[a.copy() for a in args])
    return [np.asarray(x, dtype=float) for x in out], c.get("tapebody", 0)


def test_random_bodies_give_identical_gradients_with_tapebody_off() -> None:
    """Random transcendental-rich generic bodies (exp, tanh, log, sin, erf, powf, ...),
    broadcast and transposed maps, once or in an scf.for: the compiled gradient with
    ``tapebody`` on is bit-identical to the one with it off (NaN-aware: random
    bodies overflow sometimes), and to the interpreter's with everything off to
    1e-12; it applies in most."""
    applied = 0
    n_seeds = 9
    for seed in range(n_seeds):
        src = _random_program(seed)
        rng = np.random.default_rng(seed)
        n = int(src.split("tensor<")[1].split("x")[0])
        args = [rng.standard_normal((n, n)), rng.standard_normal(n)]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            on, k = _grad_of(src, args, ())
            off, k_off = _grad_of(src, args, ("tapebody",))
            with opts.disabled("all"):
                g = activity.grad(activity.parse(src), "f", ["active", "active"])
                seeds = [1.0]
                ref = [np.asarray(x, dtype=float) for x in activity.evaluate(
                    g, "f_grad", *[a.copy() for a in args], *seeds)]
        assert k_off == 0
        for a, b, r in zip(on, off, ref, strict=True):
            assert np.array_equal(a, b, equal_nan=True), f"seed {seed}:\n{src}"
            np.testing.assert_allclose(a, r, rtol=1e-12, atol=1e-12, equal_nan=True,
                                       err_msg=f"seed {seed}:\n{src}")
        applied += k > 0
    assert applied >= n_seeds // 2, applied


CFG = TensorGenConfig(stmts=(2, 7), p_memref=0.0, max_size=4)


def _grad(m: Any, kinds: list[str], args: list[Any], off: tuple[str, ...]) -> tuple[
        list[np.ndarray], int]:
    with opts.disabled(*off), opts.counting() as c:
        g = activity.grad(m, "f", kinds)
        f = activity.compile(g, "f_grad", fill=0xFF)
        out = f(*[a.copy() if isinstance(a, np.ndarray) else a for a in args])
    return [np.asarray(x, dtype=float) for x in (out if isinstance(out, tuple) else (out,))], \
        c.get("tapebody", 0)


@pytest.mark.slow
def test_tensorgen_programs_give_identical_gradients_with_them_off() -> None:
    """Random tensor programs of activity.testing.tensorgen (every op kind; bodies with
    exp, tanh, log, sin, powf, ...): the compiled gradient with everything on is
    bit-identical to the one with ``tapebody`` off, and with ``reslice`` off."""
    from tests.test_tensor_interplay import _inputs

    applied = checked = 0
    for seed in range(40):
        prog = generate(seed, CFG)
        kinds = list(prog.args)
        if "active" not in kinds:
            continue
        m = activity.parse(prog.text)
        args = _inputs(prog, m, seed, special=False)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                on, n = _grad(m, kinds, args, ())
            except GradError:
                continue
            off, n_off = _grad(m, kinds, args, ("tapebody",))
            sliced, _ = _grad(m, kinds, args, ("reslice",))
        assert n_off == 0
        for a, b, c in zip(on, off, sliced, strict=True):
            assert np.array_equal(a, b, equal_nan=True), f"seed {seed}: tapebody"
            assert np.array_equal(a, c, equal_nan=True), f"seed {seed}: reslice"
        checked += 1
        applied += n > 0
    assert checked >= 25 and applied >= 1, (checked, applied)


def test_taped_values_reach_the_reverse_of_a_loop() -> None:
    """A generic in an scf.for: its exp is taped per iteration (a static tape of
    tensors), and the gradient matches the one recomputing it."""
    src = """
func.func @f(%x: tensor<5xf64>, %w: tensor<5xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f64
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%h = %x) -> (tensor<5xf64>) {
    %e0 = tensor.empty() : tensor<5xf64>
    %n = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
        affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
        ins(%h, %w : tensor<5xf64>, tensor<5xf64>) outs(%e0 : tensor<5xf64>) {
    ^bb0(%a: f64, %b: f64, %o: f64):
      %p = arith.mulf %a, %b : f64
      %t = math.tanh %p : f64
      %q = arith.mulf %t, %a : f64
      linalg.yield %q : f64
    } -> tensor<5xf64>
    scf.yield %n : tensor<5xf64>
  }
  %e1 = tensor.empty() : tensor<f64>
  %f = linalg.fill ins(%z : f64) outs(%e1 : tensor<f64>) -> tensor<f64>
  %s = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
      iterator_types = ["reduction"]} ins(%r : tensor<5xf64>) outs(%f : tensor<f64>) {
  ^bb0(%a: f64, %acc: f64):
    %u = arith.addf %acc, %a : f64
    linalg.yield %u : f64
  } -> tensor<f64>
  %v = tensor.extract %s[] : tensor<f64>
  func.return %v : f64
}"""
    rng = np.random.default_rng(0)
    x, w = rng.standard_normal(5), rng.standard_normal(5)
    outs = []
    for off in ((), ("tapebody",)):
        with opts.disabled(*off), opts.counting() as c:
            g = activity.gradient(src, "f", argnums=(0, 1))
            outs.append([np.asarray(a) for a in g(x.copy(), w.copy())])
        assert (c.get("tapebody", 0) > 0) == (not off), c
    assert all(np.array_equal(a, b) for a, b in zip(*outs, strict=True))
    # and against finite differences
    def f(x_: np.ndarray) -> float:
        h = x_
        for _ in range(4):
            h = np.tanh(h * w) * h
        return float(h.sum())
    fd = np.array([(f(x + 1e-6 * e) - f(x - 1e-6 * e)) / 2e-6 for e in np.eye(5)])
    np.testing.assert_allclose(outs[0][0], fd, rtol=1e-6, atol=1e-8)


def test_no_tape_for_the_value_means_it_is_recomputed() -> None:
    """A generic in a loop whose bounds an enclosing iteration computes: no static tape
    can hold its extra output (a tensor), so its adjoint recomputes the tanh from the
    inputs (function arguments, available) as without ``tapebody`` -- not 'cannot
    cache'."""
    src = """
func.func @f(%x: tensor<5xf64>, %w: tensor<5xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f64
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %z) -> (f64) {
    %s = scf.for %j = %c0 to %i step %c1 iter_args(%a2 = %acc) -> (f64) {
      %e0 = tensor.empty() : tensor<5xf64>
      %n = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
          affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
          ins(%x, %w : tensor<5xf64>, tensor<5xf64>) outs(%e0 : tensor<5xf64>) {
      ^bb0(%a: f64, %b: f64, %o: f64):
        %p = arith.mulf %a, %b : f64
        %t = math.tanh %p : f64
        %q = arith.mulf %t, %a : f64
        linalg.yield %q : f64
      } -> tensor<5xf64>
      %v = tensor.extract %n[%j] : tensor<5xf64>
      %u = arith.addf %a2, %v : f64
      scf.yield %u : f64
    }
    scf.yield %s : f64
  }
  func.return %r : f64
}"""
    rng = np.random.default_rng(1)
    x, w = rng.standard_normal(5), rng.standard_normal(5)
    outs = []
    for off in ((), ("tapebody",)):
        with opts.disabled(*off):
            g = activity.gradient(src, "f", argnums=(0, 1))
            outs.append([np.asarray(a) for a in g(x.copy(), w.copy())])
    assert all(np.array_equal(a, b) for a, b in zip(*outs, strict=True))
    want = np.zeros(5)
    for i in range(3):
        for j in range(i):
            want[j] += np.tanh(x[j] * w[j]) + x[j] * w[j] * (1 - np.tanh(x[j] * w[j]) ** 2)
    np.testing.assert_allclose(outs[0][0], want, rtol=1e-12)
