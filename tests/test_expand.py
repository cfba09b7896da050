"""Ordered reductions split out of loops (``activity.codegen.expand``).

The split must never change a bit: the interpreter gives identical results before and
after it, on data where another summation order gives a different sum, at every trip
count around the block size; the compiled code agrees with the interpreter to the
last bit.  And it must apply only where it can pay: the loops it refuses are listed.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from xdsl.dialects import scf

import activity
from activity.codegen import compile, gradient
from activity.codegen.expand import BLOCK, expand_reductions, plan
from activity.codegen.prepare import prepare
from activity.semantics import Interpreter
from tests.test_codegen import OBJECTIVES, copies

# The accumulations take either operand order and subf; %q is passed through; the
# body stores, branches and does a square root and a division per iteration.
ENERGY = """
func.func @energy(%n: index, %x: memref<?xf64>, %w: memref<?xf64>, %out: memref<?xf64>,
                  %init: f64) -> (f64, f64, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k7 = arith.constant 7 : index
  %one = arith.constant 1.0 : f64
  %half = arith.constant 0.5 : f64
  %s, %t, %p = scf.for %i = %c0 to %n step %c1
      iter_args(%a = %init, %b = %init, %q = %k7) -> (f64, f64, index) {
    %xi = memref.load %x[%i] : memref<?xf64>
    %wi = memref.load %w[%i] : memref<?xf64>
    %d = arith.mulf %xi, %xi : f64
    %e = arith.addf %d, %one : f64
    %r = math.sqrt %e : f64
    %f = arith.divf %wi, %r : f64
    %g = arith.mulf %f, %half : f64
    %h = arith.subf %g, %xi : f64
    %c = arith.cmpf olt, %xi, %wi : f64
    %y = scf.if %c -> (f64) {
      %m = arith.mulf %h, %wi : f64
      scf.yield %m : f64
    } else {
      scf.yield %g : f64
    }
    memref.store %y, %out[%i] : memref<?xf64>
    %a2 = arith.addf %y, %a : f64
    %b2 = arith.subf %b, %h : f64
    scf.yield %a2, %b2, %q : f64, f64, index
  }
  func.return %s, %t, %p : f64, f64, index
}
"""


def inputs(n: int) -> list[Any]:
    """Terms of alternating magnitude (1e16 and about 1): their sum depends on its
    order."""
    rng = np.random.default_rng(n)
    x = rng.uniform(-1.0, 1.0, n)
    x[::2] *= 1e8  # squared in the body: terms near 1e16
    w = rng.uniform(-2.0, 2.0, n) * np.where(np.arange(n) % 2 == 0, 1e8, 1.0)
    return [n, x, w, np.zeros(n), 0.25]


def identical(a: Any, b: Any) -> bool:
    if isinstance(a, np.ndarray):
        return a.shape == b.shape and bool(np.array_equal(a, b, equal_nan=True))
    if isinstance(a, float):
        return (math.isnan(a) and math.isnan(b)) or a == b
    return bool(a == b)


def loops(module: Any) -> int:
    return sum(isinstance(o, scf.ForOp) for o in module.walk())


def split(src: str) -> tuple[Any, int]:
    m = activity.parse(src)
    n = len(expand_reductions(m))
    m.verify()
    return m, n


@pytest.mark.parametrize("n", [0, 1, 5, BLOCK - 1, BLOCK, BLOCK + 1, 2 * BLOCK + 3])
def test_split_keeps_every_bit(n: int) -> None:
    orig = activity.parse(ENERGY)
    expanded, k = split(ENERGY)
    assert k == 1 and loops(expanded) == 3  # strips, body, sums
    args = inputs(n)
    a1, a2 = copies(args), copies(args)
    r1 = Interpreter(orig).run("energy", a1).results
    r2 = Interpreter(expanded).run("energy", a2).results
    assert all(identical(u, v) for u, v in zip(r1, r2, strict=True))
    assert identical(a1[3], a2[3])
    # the compiled code (split by default) agrees with the interpreter to the last bit
    a3 = copies(args)
    r3 = compile(ENERGY, "energy")(*a3)
    assert all(identical(u, v) for u, v in zip(r1, r3, strict=True))
    assert identical(a1[3], a3[3])
    if n > BLOCK:
        # ... on data whose sum another order would change
        terms = a1[3]
        fwd = 0.25
        for v in terms:
            fwd += v
        back = 0.25
        for v in terms[::-1]:
            back += v
        assert fwd == r1[0] and back != fwd


def test_split_loop_is_vectorized() -> None:
    """Why it is done: without the split, strict order keeps this loop scalar."""
    on = compile(ENERGY, "energy").optimized_ir
    off = compile(ENERGY, "energy", expand=False).optimized_ir
    assert "x double>" in on and "x double>" not in off


REFUSED = {
    # a scatter: the stored index comes from memory
    "scatter": ("memref.store %y, %out[%i] : memref<?xf64>",
                "%ix = arith.fptosi %wi : f64 to i64\n"
                "    %iy = arith.index_cast %ix : i64 to index\n"
                "    memref.store %y, %out[%iy] : memref<?xf64>"),
    # the accumulator is read by other work
    "acc read": ("%d = arith.mulf %xi, %xi : f64", "%d = arith.mulf %xi, %a : f64"),
    # a library call
    "exp": ("%r = math.sqrt %e : f64", "%r = math.exp %e : f64"),
    # too little work besides the sums
    "light": ("%r = math.sqrt %e : f64\n    %f = arith.divf %wi, %r : f64\n"
              "    %g = arith.mulf %f, %half : f64",
              "%g = arith.mulf %e, %half : f64"),
    # fewer iterations than MIN_TRIPS, known from constant bounds
    "short": ("scf.for %i = %c0 to %n step %c1", "scf.for %i = %c0 to %k7 step %c1"),
    # a step other than 1
    "step": ("scf.for %i = %c0 to %n step %c1", "scf.for %i = %c0 to %n step %k7"),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_refused(case: str) -> None:
    old, new = REFUSED[case]
    assert old in ENERGY
    _, k = split(ENERGY.replace(old, new))
    assert k == 0


def test_refused_in_parallel_and_outer_loops() -> None:
    body = ENERGY[ENERGY.index("  %s, %t, %p"):ENERGY.index("  func.return")]
    nested = ENERGY.replace(body, "  scf.for %j = %c0 to %n step %c1 {\n" + body +
                            "    memref.store %s, %out[%j] : memref<?xf64>\n    scf.yield\n  }\n"
                            ).replace("func.return %s, %t, %p", "func.return %init, %init, %k7")
    m, k = split(nested)
    assert k == 1  # the inner loop, not the outer one
    par = nested.replace("scf.for %j = %c0 to %n step %c1 {", "scf.parallel (%j) = (%c0) to "
                         "(%n) step (%c1) {").replace("    scf.yield\n  }\n",
                                                      "    scf.reduce\n  }\n")
    _, k = split(par)
    assert k == 0


def test_speculation_only_in_split_loops() -> None:
    """Without reassoc, the scf.if of a split loop become selects, and only those."""
    outside = ENERGY.replace("  func.return %s, %t, %p", """  %lt = arith.cmpf olt, %s, %t : f64
  %u = scf.if %lt -> (f64) {
    %v = arith.mulf %s, %t : f64
    scf.yield %v : f64
  } else {
    scf.yield %t : f64
  }
  func.return %u, %t, %p""")
    m = prepare(activity.parse(outside))
    ifs = [o for o in m.walk() if isinstance(o, scf.IfOp)]
    assert len(ifs) == 1 and not isinstance(ifs[0].parent_op(), scf.ForOp)
    m = prepare(activity.parse(outside), speculate=False)
    assert sum(isinstance(o, scf.IfOp) for o in m.walk()) == 2
    m = prepare(activity.parse(outside), expand=False)
    assert sum(isinstance(o, scf.IfOp) for o in m.walk()) == 2


def test_minibude_gradient_bit_identical() -> None:
    """miniBUDE's primal, forward and reverse sweeps are split; the gradient does not
    change by a bit (with its adjoint sums in order: by default LLVM may reorder them
    in the split loops, which it can vectorize)."""
    obj = OBJECTIVES["minibude"]
    xs = obj.make_inputs(np.random.default_rng(3), "small")
    wrt = [3]
    on = gradient(obj.mlir, obj.func, wrt, args=obj.args, strict_adjoints=True)
    off = gradient(obj.mlir, obj.func, wrt, args=obj.args, expand=False,
                   strict_adjoints=True)
    assert len(expand_reductions(activity.parse(obj.mlir))) == 1
    assert len(expand_reductions(on.grad_module.clone())) >= 2
    assert identical(np.asarray(on(*copies(xs))), np.asarray(off(*copies(xs))))
    p_on = compile(obj.mlir, obj.func)(*copies(xs))
    p_off = compile(obj.mlir, obj.func, expand=False)(*copies(xs))
    assert identical(p_on, p_off)


def test_plan_on_the_loop() -> None:
    m = activity.parse(ENERGY)
    (loop,) = [o for o in m.walk() if isinstance(o, scf.ForOp)]
    p = plan(loop)
    assert p is not None and [k for k, _ in p.accs] == [0, 1] and p.through == [2]


# A sum over x[i - lb] with a heavy body, for the bounds cases below.
SHIFTED = """
func.func @f(%lb: index, %ub: index, %x: memref<?xf64>) -> f64 {
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %s = scf.for %i = %lb to %ub step %c1 iter_args(%a = %z) -> (f64) {
    %j = arith.subi %i, %lb : index
    %xi = memref.load %x[%j] : memref<?xf64>
    %dd = arith.mulf %xi, %xi : f64
    %e = arith.addf %dd, %one : f64
    %r = math.sqrt %e : f64
    %f = arith.divf %xi, %r : f64
    %g = arith.divf %f, %e : f64
    %a2 = arith.addf %a, %g : f64
    scf.yield %a2 : f64
  }
  func.return %s : f64
}
"""


@pytest.mark.parametrize("lb,ub", [(2**63 - 101, 2**63 - 1), (2**63 - 1 - BLOCK, 2**63 - 1),
                                   (-(2**63), -(2**63) + 300), (2**62 + 1, -(2**62)),
                                   (-5, 700)])
def test_bounds_near_the_ends_of_index(lb: int, ub: int) -> None:
    """Blocks are counted from 0: an upper bound near the largest index is never stepped
    past, and a loop that does not run (lb > ub, with ub - lb wrapping) stays so."""
    assert split(SHIFTED)[1] == 1
    x = np.linspace(0.5, 2.0, max(0, min(ub - lb, 4000)) or 1)
    want = Interpreter(activity.parse(SHIFTED)).run("f", [lb, ub, x.copy()]).results[0]
    got = Interpreter(split(SHIFTED)[0]).run("f", [lb, ub, x.copy()]).results[0]
    assert identical(want, got)
    assert identical(want, compile(SHIFTED, "f")(lb, ub, x.copy()))


@pytest.mark.parametrize("case", ["unsigned keyword", "unsigned attribute", "i32", "i64"])
def test_refused_loop_kinds(case: str) -> None:
    """Unsigned comparisons and integer induction variables are left alone (the strips
    count in signed index)."""
    src = SHIFTED
    if case == "unsigned keyword":
        src = src.replace("scf.for %i", "scf.for unsigned %i")
    elif case == "unsigned attribute":
        src = src.replace("    scf.yield %a2 : f64\n  }\n", "    scf.yield %a2 : f64\n  } "
                          "{unsignedCmp}\n")
    else:
        t = case
        src = (src.replace("%lb: index, %ub: index", f"%lb: {t}, %ub: {t}")
               .replace("%c1 = arith.constant 1 : index", f"%c1 = arith.constant 1 : {t}")
               .replace("%j = arith.subi %i, %lb : index",
                        f"%j0 = arith.subi %i, %lb : {t}\n"
                        f"    %j = arith.index_cast %j0 : {t} to index")
               .replace("iter_args(%a = %z) -> (f64) {", f"iter_args(%a = %z) -> (f64) : {t} {{"))
    m, k = split(src)
    assert k == 0
    if case.startswith("unsigned"):
        lb = 2**63 - 1500  # crosses 2**63 as an unsigned loop: 3000 iterations
        x = np.linspace(0.5, 2.0, 3000)
        want = compile(src, "f", expand=False)(lb, lb + 3000 - 2**64, x.copy())
        assert want != 0.0 and identical(want, compile(src, "f")(lb, lb + 3000 - 2**64, x))


def test_recursive_functions_are_left_alone() -> None:
    """A recursive function's frames would each hold the buffers: not split, so deep
    recursion needs no more stack than before."""
    rec = SHIFTED.replace("  func.return %s : f64\n}", """  %c0 = arith.constant 0 : index
  %go = arith.cmpi sgt, %lb, %c0 : index
  %t = scf.if %go -> (f64) {
    %l1 = arith.subi %lb, %c1 : index
    %u1 = arith.subi %ub, %c1 : index
    %r = func.call @f(%l1, %u1, %x) : (index, index, memref<?xf64>) -> f64
    %rs = arith.addf %r, %s : f64
    scf.yield %rs : f64
  } else {
    scf.yield %s : f64
  }
  func.return %t : f64
}""")
    assert split(rec)[1] == 0
    # and through another function
    mutual = rec.replace("func.call @f(", "func.call @g(") + """
func.func @g(%lb: index, %ub: index, %x: memref<?xf64>) -> f64 {
  %r = func.call @f(%lb, %ub, %x) : (index, index, memref<?xf64>) -> f64
  func.return %r : f64
}
"""
    assert split(mutual)[1] == 0
    assert split(SHIFTED + """
func.func @h(%lb: index, %ub: index, %x: memref<?xf64>) -> f64 {
  %r = func.call @f(%lb, %ub, %x) : (index, index, memref<?xf64>) -> f64
  func.return %r : f64
}
""")[1] == 1
    x = np.linspace(0.5, 2.0, 40)
    assert identical(compile(rec, "f")(3000, 3040, x.copy()),
                     compile(rec, "f", expand=False)(3000, 3040, x.copy()))


def test_emit_splits_unless_asked_not_to(tmp_path: Any) -> None:
    """``activity grad/compile --emit llvm`` splits by default; ``--no-expand`` not."""
    import subprocess
    import sys

    src = tmp_path / "energy.mlir"
    src.write_text(ENERGY)
    outs = []
    for extra in ([], ["--no-expand"]):
        p = subprocess.run([sys.executable, "-m", "activity", "grad", str(src), "--func",
                            "energy", "--args", "const,dup,const,dup,active", "--emit", "llvm",
                            "--opt", "0", *extra], capture_output=True, text=True, timeout=300)
        assert p.returncode == 0, p.stderr
        outs.append(p.stdout)
    # the split's buffers: one per accumulator, in the primal (two) and the gradient
    buffers = f"alloca double, i64 {BLOCK}"
    assert outs[0].count(buffers) >= 2 and buffers not in outs[1]
