"""``llvm.switch`` (a C ``switch`` imported with ``mlir-translate --import-llvm``) and
``cf.switch``: the interpreter against plain Python references for every case value and
for defaults (negative flags, flags narrower and wider than i32), the compiled primal
against the interpreter, and the compiled gradient against the interpreted one
(``activity.ad.grad`` + ``activity.evaluate``) and central finite differences; the
activity analysis reads each successor's own operands; the AD's rewrite into a chain of
``cf.cond_br`` keeps the switch's source location for the new ops.

The switches are written in MLIR's generic form (as ``mlir-opt --mlir-print-op-generic``
prints what clang + ``mlir-translate-22`` make), so neither clang nor mlir-opt is needed.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

import activity
from activity.ad.llvmmem import normalize_llvm
from activity.ops import op_name
from tests.helpers import act, run

# -O1-like: successors take block arguments; two cases go to one block with different
# operands; the last case goes to the default's block with other operands than the
# default's; a case block returns on its own; a negative case value.
SEL = """
llvm.func @sel(%x: f64, %y: f64, %k: i32) -> f64 {
  %s = llvm.fmul %x, %y : f64
  "llvm.switch"(%k, %y, %x, %s, %s, %x, %x)[^bd, ^bm, ^b2, ^bm, ^bd] <{
      case_operand_segments = array<i32: 2, 0, 2, 1>,
      case_values = dense<[0, -3, 7, 12]> : vector<4xi32>,
      operandSegmentSizes = array<i32: 1, 1, 5>}> : (i32, f64, f64, f64, f64, f64, f64) -> ()
^bm(%a: f64, %b: f64):
  %aa = llvm.fmul %a, %a : f64
  %m = llvm.fadd %aa, %b : f64
  llvm.return %m : f64
^b2:
  %t = llvm.fsub %x, %y : f64
  %t2 = llvm.fmul %t, %t : f64
  llvm.br ^bd(%t2 : f64)
^bd(%d: f64):
  %r = llvm.fmul %d, %x : f64
  llvm.return %r : f64
}
"""


def sel_ref(x: float, y: float, k: int) -> float:
    s = x * y
    if k == 0:
        return x * x + s
    if k == -3:
        return (x - y) * (x - y) * x
    if k == 7:
        return s * s + x
    if k == 12:
        return x * x
    return y * x


# -O0-like: every value through allocas; the switch on a loaded i64 passes nothing;
# two case values (one beyond 32 bits) share a block.
PICK = """
llvm.func @pick(%x: f64, %y: f64, %k: i64) -> f64 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %px = llvm.alloca %one x f64 : (i32) -> !llvm.ptr
  %py = llvm.alloca %one x f64 : (i32) -> !llvm.ptr
  %pk = llvm.alloca %one x i64 : (i32) -> !llvm.ptr
  %pr = llvm.alloca %one x f64 : (i32) -> !llvm.ptr
  llvm.store %x, %px : f64, !llvm.ptr
  llvm.store %y, %py : f64, !llvm.ptr
  llvm.store %k, %pk : i64, !llvm.ptr
  llvm.store %y, %pr : f64, !llvm.ptr
  %kk = llvm.load %pk : !llvm.ptr -> i64
  "llvm.switch"(%kk)[^bd, ^b1, ^b2, ^b3, ^b3] <{
      case_operand_segments = array<i32: 0, 0, 0, 0>,
      case_values = dense<[-2, 5, 9, 4294967296]> : vector<4xi64>,
      operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> ()
^b1:
  %x1 = llvm.load %px : !llvm.ptr -> f64
  %y1 = llvm.load %py : !llvm.ptr -> f64
  %r1 = llvm.fmul %x1, %y1 : f64
  llvm.store %r1, %pr : f64, !llvm.ptr
  llvm.br ^bend
^b2:
  %x2 = llvm.load %px : !llvm.ptr -> f64
  %y2 = llvm.load %py : !llvm.ptr -> f64
  %r2 = llvm.fadd %x2, %y2 : f64
  llvm.store %r2, %pr : f64, !llvm.ptr
  llvm.br ^bend
^b3:
  %x3 = llvm.load %px : !llvm.ptr -> f64
  %y3 = llvm.load %py : !llvm.ptr -> f64
  %q3 = llvm.fmul %x3, %x3 : f64
  %r3 = llvm.fmul %q3, %y3 : f64
  llvm.store %r3, %pr : f64, !llvm.ptr
  llvm.br ^bend
^bd:
  %x4 = llvm.load %px : !llvm.ptr -> f64
  %y4 = llvm.load %py : !llvm.ptr -> f64
  %r4 = llvm.fsub %y4, %x4 : f64
  llvm.store %r4, %pr : f64, !llvm.ptr
  llvm.br ^bend
^bend:
  %r = llvm.load %pr : !llvm.ptr -> f64
  %xe = llvm.load %px : !llvm.ptr -> f64
  %out = llvm.fmul %r, %xe : f64
  llvm.return %out : f64
}
"""


def pick_ref(x: float, y: float, k: int) -> float:
    r = {-2: x * y, 5: x + y, 9: x * x * y, 2**32: x * x * y}.get(k, y - x)
    return r * x


# an i8 flag (a C `signed char`, as clang -O1 makes it): the default goes straight to the
# merge block with an operand, the cases through blocks of their own
NARROW = """
llvm.func @narrow(%x: f64, %k: i8) -> f64 {
  %c3 = llvm.mlir.constant(3.0 : f64) : f64
  "llvm.switch"(%k, %x)[^b3, ^b1, ^b2] <{
      case_operand_segments = array<i32: 0, 0>,
      case_values = dense<[-1, 100]> : vector<2xi8>,
      operandSegmentSizes = array<i32: 1, 1, 0>}> : (i8, f64) -> ()
^b1:
  %p = llvm.fmul %x, %c3 : f64
  llvm.br ^b3(%p : f64)
^b2:
  %q = llvm.fmul %x, %x : f64
  llvm.br ^b3(%q : f64)
^b3(%r: f64):
  llvm.return %r : f64
}
"""


def narrow_ref(x: float, k: int) -> float:
    return {-1: 3 * x, 100: x * x}.get(k, x)


# a switch inside a loop over a buffer (the shape of `for (i...) switch (kind) ...`)
LAYER = """
llvm.func @layer(%xs: !llvm.ptr, %n: i64, %kind: i32) -> f64 {
  %z = llvm.mlir.constant(0 : i64) : i64
  %one = llvm.mlir.constant(1 : i64) : i64
  %f0 = llvm.mlir.constant(0.0 : f64) : f64
  %slope = llvm.mlir.constant(0.01 : f64) : f64
  llvm.br ^head(%z, %f0 : i64, f64)
^head(%i: i64, %acc: f64):
  %more = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %more, ^body, ^done(%acc : f64)
^body:
  %p = llvm.getelementptr %xs[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f64
  %v = llvm.load %p : !llvm.ptr -> f64
  "llvm.switch"(%kind, %v, %v, %slope, %v, %v)[^sq, ^lin, ^lin, ^exp] <{
      case_operand_segments = array<i32: 2, 2, 0>,
      case_values = dense<[0, 1, 2]> : vector<3xi32>,
      operandSegmentSizes = array<i32: 1, 1, 4>}> : (i32, f64, f64, f64, f64, f64) -> ()
^lin(%a: f64, %b: f64):
  %l = llvm.fmul %a, %b : f64
  llvm.br ^next(%l : f64)
^exp:
  %e = llvm.call @exp(%v) : (f64) -> f64
  llvm.br ^next(%e : f64)
^sq(%w: f64):
  %w2 = llvm.fmul %w, %w : f64
  %w3 = llvm.fmul %w2, %w : f64
  llvm.br ^next(%w3 : f64)
^next(%t: f64):
  llvm.store %t, %p : f64, !llvm.ptr
  %acc2 = llvm.fadd %acc, %t : f64
  %i2 = llvm.add %i, %one : i64
  llvm.br ^head(%i2, %acc2 : i64, f64)
^done(%res: f64):
  llvm.return %res : f64
}
llvm.func @exp(f64) -> f64
"""


def layer_ref(xs: np.ndarray, n: int, kind: int) -> tuple[float, np.ndarray]:
    out = xs.astype(float).copy()
    for i in range(n):
        v = out[i]
        out[i] = {0: v * 0.01, 1: v * v, 2: math.exp(v)}.get(kind, v * v * v)
    acc = 0.0
    for i in range(n):
        acc += out[i]
    return acc, out


# cf.switch in a func.func, i16 flag, duplicate case value (the first one wins)
CFSW = """
func.func @cfs(%x: f64, %k: i16) -> f64 {
  %c = arith.constant 2.5 : f64
  cf.switch %k : i16, [
    default: ^d(%c : f64),
    -7: ^a(%x : f64),
    300: ^a(%c : f64),
    -7: ^d(%x : f64)
  ]
^a(%p: f64):
  %q = arith.mulf %p, %x : f64
  cf.br ^d(%q : f64)
^d(%r: f64):
  %s = arith.addf %r, %x : f64
  func.return %s : f64
}
"""


def cfs_ref(x: float, k: int) -> float:
    r = {-7: x * x, 300: 2.5 * x}.get(k, 2.5)
    return r + x


# (name, text, function, reference, flag values, make inputs(flag) -> args, float argnums)
CASES = [
    ("sel", SEL, "sel", sel_ref, [0, -3, 7, 12, 1, -1, 3, 2**31 - 1, -2**31],
     lambda k: [0.7, -1.3, k], (0, 1)),
    ("pick", PICK, "pick", pick_ref, [-2, 5, 9, 2**32, 0, 1, -1, 2**32 + 9, 2**63 - 1],
     lambda k: [1.5, 2.0, k], (0, 1)),
    ("narrow", NARROW, "narrow", narrow_ref, [-1, 100, 0, 127, -128, -100],
     lambda k: [1.5, k], (0,)),
    ("cfs", CFSW, "cfs", cfs_ref, [-7, 300, 0, 7, -32768, 32767],
     lambda k: [1.25, k], (0,)),
]
IDS = [c[0] for c in CASES]
FLAGS = [(c, k) for c in CASES for k in c[4]]
FLAG_IDS = [f"{c[0]}-{k}" for c, k in FLAGS]

_MODS: dict[str, object] = {}


def parse(text: str):
    if text not in _MODS:
        _MODS[text] = activity.parse(text)
    return _MODS[text]


@pytest.mark.parametrize("case,k", FLAGS, ids=FLAG_IDS)
def test_interpreter_matches_reference(case, k) -> None:
    _, text, f, ref, _, mk, _ = case
    args = mk(k)
    (r,) = activity.evaluate(parse(text), f, *args)
    assert r == ref(*args)


def test_interpreter_layer_loop() -> None:
    m = parse(LAYER)
    xs = np.array([0.5, -1.0, 2.0, 0.25])
    for kind in (0, 1, 2, 3, -5):
        buf = xs.copy()
        (r,) = activity.evaluate(m, "layer", buf, 3, kind)
        want, out = layer_ref(xs, 3, kind)
        assert r == want
        assert np.array_equal(buf, out)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_compiled_matches_interpreter(case) -> None:
    _, text, f, _, flags, mk, _ = case
    m = parse(text)
    fn = activity.compile(m, f)
    for k in flags:
        args = mk(k)
        (want,) = activity.evaluate(m, f, *args)
        assert fn(*args) == want, k


def test_compiled_layer_matches_interpreter() -> None:
    m = parse(LAYER)
    fn = activity.compile(m, "layer")
    xs = np.array([0.5, -1.0, 2.0, 0.25])
    for kind in (0, 1, 2, 3, -5):
        a, b = xs.copy(), xs.copy()
        (want,) = activity.evaluate(m, "layer", a, 4, kind)
        assert fn(b, 4, kind) == want
        assert np.array_equal(a, b)


def _fd(m, f: str, args: list, i: int, h: float = 1e-6) -> float:
    up, dn = list(args), list(args)
    up[i] += h
    dn[i] -= h
    return (activity.evaluate(m, f, *up)[0] - activity.evaluate(m, f, *dn)[0]) / (2 * h)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_gradients_compiled_interpreted_fd(case) -> None:
    _, text, f, _, flags, mk, argnums = case
    m = parse(text)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no conservative fallback on the way
        g = activity.grad(m, f)
        df = activity.gradient(m, f, argnums=argnums)
    for k in flags:
        args = mk(k)
        interp = activity.evaluate(g, f + "_grad", *args, 1.0)
        compiled = df(*args)
        compiled = compiled if isinstance(compiled, tuple) else (compiled,)
        assert len(interp) == len(argnums) == len(compiled)
        for i, gi, ci in zip(argnums, interp, compiled, strict=True):
            assert ci == pytest.approx(gi, rel=1e-12, abs=1e-14), (k, i)
            assert gi == pytest.approx(_fd(m, f, args, i), rel=1e-6, abs=1e-8), (k, i)


def test_gradient_layer_loop() -> None:
    m = parse(LAYER)
    xs = np.array([0.5, -1.0, 2.0, 0.25])
    g = activity.grad(m, "layer", ["dup", "const", "const"])
    df = activity.gradient(m, "layer", argnums=(0,))
    for kind in (0, 1, 2, 3, -5):
        shadow = np.zeros(4)
        activity.evaluate(g, "layer_grad", xs.copy(), shadow, 3, kind, 1.0)
        (dx,) = df(xs.copy(), 3, kind)
        assert np.allclose(dx, shadow, rtol=1e-12, atol=0), kind
        h = 1e-6
        for i in range(4):
            up, dn = xs.copy(), xs.copy()
            up[i] += h
            dn[i] -= h
            fd = (activity.evaluate(m, "layer", up, 3, kind)[0]
                  - activity.evaluate(m, "layer", dn, 3, kind)[0]) / (2 * h)
            assert shadow[i] == pytest.approx(fd, rel=1e-6, abs=1e-8), (kind, i)


def test_analysis_reads_each_successors_operands() -> None:
    """Only the case that passes ``%x`` varies ``^a``'s argument; the default passes a
    constant, so ``^b``'s work is not varied (the conservative fallback, every operand to
    every successor argument, made it active), and no warning is issued."""
    text = """
    llvm.func @f(%x: f64, %k: i32) -> f64 {
      %c = llvm.mlir.constant(2.0 : f64) {tag = "c"} : f64
      "llvm.switch"(%k, %c, %x)[^b, ^a] <{case_operand_segments = array<i32: 1>,
          case_values = dense<5> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 1, 1>}>
          : (i32, f64, f64) -> ()
    ^a(%p: f64):
      %q = llvm.fmul %p, %p {tag = "q"} : f64
      llvm.br ^end(%q : f64)
    ^b(%s: f64):
      %w = llvm.fadd %s, %s {tag = "w"} : f64
      llvm.br ^end(%w : f64)
    ^end(%r: f64):
      llvm.return %r : f64
    }"""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        activity.analyze(activity.parse(text), "f")
    r, t = run(text)
    assert act(r, t, "q") == "active"
    assert act(r, t, "w") == "useful"
    assert act(r, t, "c") == "useful"


def test_chain_ops_map_to_the_switch() -> None:
    """normalize_llvm's map sends every op of the chain to the switch it replaces (the
    generator's messages name the user's switch), and the chain holds no switch."""
    m = parse(SEL).clone()
    (sw,) = [op for op in m.walk() if op_name(op) == "llvm.switch"]
    replaced = normalize_llvm(m)
    names = [op_name(op) for op in m.walk()]
    assert "llvm.switch" not in names
    chain = [op for op in m.walk() if id(op) in replaced and replaced[id(op)] is sw]
    kinds = sorted(op_name(op) for op in chain)
    # 4 cases: 4 tests; the last case shares the default's block, so it hops via a cf.br
    assert kinds.count("arith.cmpi") == 4 and kinds.count("cf.cond_br") == 4
    assert kinds.count("arith.constant") == 4 and kinds.count("cf.br") == 1
    assert names.count("cf.cond_br") == 4


def test_grad_keeps_the_switch_location() -> None:
    """The generator's copy maps each op of the chain back to the user's llvm.switch."""
    from activity.ad.reverse import Differentiator

    m = parse(SEL)
    (sw,) = [op for op in m.walk() if op_name(op) == "llvm.switch"]
    d = Differentiator(m, "sel", None, prune=True)
    cmps = [op for op in d.module.walk() if op_name(op) == "arith.cmpi"]
    assert len(cmps) == 4
    assert all(d.orig.get(id(op)) is sw for op in cmps)
