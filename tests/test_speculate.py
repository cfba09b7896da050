"""If-conversion (``activity.codegen.speculate``) and ``reassoc`` code generation.

Speculating an ``scf.if`` must never change what a program computes: the random
programs (and their gradients) give bit-identical results in the interpreter before
and after, and loads and stores are only speculated where they are provably in bounds
(the interpreter would report an out-of-bounds access otherwise).  ``reassoc`` only
reorders float arithmetic: results agree to rounding, and a float sum loop is then
vectorized by LLVM.
"""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import pytest
from xdsl.dialects import arith, memref, scf

import activity
from activity.codegen import compile, gradient
from activity.codegen.prepare import prepare
from activity.codegen.speculate import speculate_ifs
from activity.semantics import Interpreter
from activity.semantics.memory import InterpreterError
from activity.testing.progen import generate
from tests.helpers import benchmark_kernels
from tests.test_codegen import OBJECTIVES, ROOT, copies


def ifs(module: Any, func: str | None = None) -> int:
    ops = module.walk() if func is None else next(
        f for f in module.ops if f.sym_name.data == func).walk()
    return sum(isinstance(o, scf.IfOp) for o in ops)


def identical(a: Any, b: Any) -> bool:
    if isinstance(a, np.ndarray):
        return a.shape == b.shape and bool(np.array_equal(a, b, equal_nan=True))
    if isinstance(a, float):
        return (math.isnan(a) and math.isnan(b)) or a == b
    return a == b


def run_both(src: str, func: str, args: list[Any]) -> tuple[Any, Any, int]:
    """Interpreter results and buffers of ``func`` before and after speculation."""
    m = activity.parse(src)
    s = activity.parse(src)
    n = speculate_ifs(s)
    s.verify()
    a1, a2 = copies(args), copies(args)
    r1 = Interpreter(m).run(func, a1).results
    r2 = Interpreter(s).run(func, a2).results
    return (r1, a1), (r2, a2), n


PURE = """
func.func @f(%x: f64, %y: f64, %k: index) -> (f64, index) {
  %z = arith.constant 0.0 : f64
  %c = arith.cmpf olt, %x, %y : f64
  %r, %i = scf.if %c -> (f64, index) {
    %p = arith.mulf %x, %y : f64
    %q = arith.addf %p, %x : f64
    %d = arith.divf %q, %z : f64
    %j = arith.addi %k, %k : index
    scf.yield %d, %j : f64, index
  } else {
    %n = arith.negf %y : f64
    scf.yield %n, %k : f64, index
  }
  func.return %r, %i : f64, index
}
"""


def test_pure_branches_become_selects() -> None:
    for x, y in ((1.0, 2.0), (3.0, -1.0)):
        (r1, _), (r2, _), n = run_both(PURE, "f", [x, y, 5])
        assert n == 1 and all(identical(a, b) for a, b in zip(r1, r2, strict=True))
        got = compile(PURE, "f", speculate=True)(x, y, 5)
        assert all(identical(a, b) for a, b in zip(r1, got, strict=True))
    m = activity.parse(PURE)
    speculate_ifs(m)
    assert ifs(m) == 0


def _one_if(body: str, pre: str = "", post: str = "", args: str = "") -> str:
    return f"""
func.func @f(%x: f64, %i: index, %a: memref<8xf64>, %t: memref<8xf64>{args}) -> f64 {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0.0 : f64
  %c = arith.cmpf olt, %x, %z : f64
  {pre}
  %r = scf.if %c -> (f64) {{
    {body}
  }} else {{
    scf.yield %x : f64
  }}
  {post}
  func.return %r : f64
}}
"""


NEVER = {
    "an integer division (traps on zero)": _one_if(
        "%q = arith.divui %i, %i : index\n%w = arith.index_cast %q : index to i64\n"
        "%v = arith.sitofp %w : i64 to f64\nscf.yield %v : f64"),
    "a load nothing else proves in bounds": _one_if(
        "%v = memref.load %a[%i] : memref<8xf64>\nscf.yield %v : f64"),
    "a load proved only by another index": _one_if(
        "%v = memref.load %a[%i] : memref<8xf64>\nscf.yield %v : f64",
        pre="%u = memref.load %a[%c0] : memref<8xf64>"),
    "a load proved only by a buffer of another shape": _one_if(
        "%v = memref.load %a[%i] : memref<8xf64>\nscf.yield %v : f64",
        pre="%u = memref.load %b[%i] : memref<9xf64>", args=", %b: memref<9xf64>"),
    "a load whose proof is separated by a free": _one_if(
        "%v = memref.load %m[%i] : memref<8xf64>\nscf.yield %v : f64",
        pre="%m = memref.alloc() : memref<8xf64>\n%u = memref.load %m[%i] : memref<8xf64>\n"
            "memref.dealloc %m : memref<8xf64>"),
    "a load whose proof is separated by a call": _one_if(
        "%v = memref.load %a[%i] : memref<8xf64>\nscf.yield %v : f64",
        pre="%u = memref.load %a[%i] : memref<8xf64>\nfunc.call @g(%a) : (memref<8xf64>) -> ()")
    + "func.func private @g(memref<8xf64>)\n",
    "a call": _one_if("%v = func.call @h(%x) : (f64) -> f64\nscf.yield %v : f64")
    + "func.func private @h(f64) -> f64\n",
    "a loop": _one_if("%v = scf.for %k = %c0 to %c8 step %c1 iter_args(%s = %x) -> (f64) {\n"
                      "%s2 = arith.addf %s, %x : f64\nscf.yield %s2 : f64\n}\n"
                      "scf.yield %v : f64"),
    "branches over the budget": _one_if(
        "\n".join(f"%e{k} = math.exp {'%x' if k == 0 else f'%e{k - 1}'} : f64"
                  for k in range(8)) + "\nscf.yield %e7 : f64"),
}


@pytest.mark.parametrize("what", list(NEVER))
def test_what_is_never_speculated(what: str) -> None:
    m = activity.parse(NEVER[what])
    assert speculate_ifs(m) == 0, what
    assert ifs(m) == 1


STORE_IN_PARALLEL = """
func.func @f(%a: memref<8xf64>, %x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0.0 : f64
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %j = arith.remui %i, %c8 : index
    %u = memref.load %a[%j] : memref<8xf64>
    %c = arith.cmpf olt, %u, %x : f64
    %r = scf.if %c -> (f64) {
      memref.store %x, %a[%j] : memref<8xf64>
      scf.yield %x : f64
    } else {
      scf.yield %z : f64
    }
    scf.reduce
  }
  func.return
}
"""


def test_a_store_is_not_speculated_inside_a_parallel_loop() -> None:
    # "store (cond ? value : old)" would race with another iteration writing the element
    m = activity.parse(STORE_IN_PARALLEL)
    assert speculate_ifs(m) == 0


PROVED = """
func.func @f(%x: f64, %n: index, %a: memref<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %t1 = memref.alloc(%n) : memref<?xf64>
  %t2 = memref.alloc(%n) : memref<?xf64>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f64) {
    %v = memref.load %a[%i] : memref<?xf64>
    %c = arith.cmpf olt, %v, %x : f64
    %r = scf.if %c -> (f64) {
      %w = arith.mulf %v, %x : f64
      memref.store %w, %t2[%i] : memref<?xf64>
      memref.store %w, %a[%i] : memref<?xf64>
      scf.yield %w : f64
    } else {
      %old = memref.load %t2[%i] : memref<?xf64>
      scf.yield %old : f64
    }
    memref.store %r, %t1[%i] : memref<?xf64>
    %acc2 = arith.addf %acc, %r : f64
    scf.yield %acc2 : f64
  }
  memref.dealloc %t1 : memref<?xf64>
  memref.dealloc %t2 : memref<?xf64>
  func.return %s : f64
}
"""


def test_loads_and_stores_proved_in_bounds_are_speculated() -> None:
    # %t2[%i] is in bounds because %t1, allocated alike, is stored at %i after the if;
    # %a[%i] because it is loaded at %i before it.  Both branches taken somewhere.
    a = np.array([0.5, 3.0, -1.0, 2.0, 7.0])
    (r1, a1), (r2, a2), n = run_both(PROVED, "f", [2.5, 5, a])
    assert n == 1
    assert identical(r1[0], r2[0]) and identical(a1[2], a2[2])
    assert not np.array_equal(a1[2], a)  # the conditional store happened
    got_a = a.copy()
    got = compile(PROVED, "f", speculate=True, fill=0)(2.5, 5, got_a)
    assert identical(r1[0], got) and identical(a1[2], got_a)


def _random(seeds: range, grads: bool) -> tuple[int, int]:
    """(programs checked, scf.if speculated) over ``seeds``."""
    checked = converted = 0
    for seed in seeds:
        g = generate(seed)
        m = g.parse()
        inputs = g.make_inputs(random.Random(seed))
        func = g.func
        if grads:
            try:
                m = activity.grad(m, g.func, list(g.args))
            except activity.ActivityError:
                continue
            func = f"{g.func}_grad"
            from tests.test_codegen import _grad_call

            inputs = _grad_call(g.parse(), g.func, list(g.args), inputs,
                                np.random.default_rng(seed))
        s = m.clone()
        n = speculate_ifs(s)
        if not n:
            continue
        s.verify()
        a1, a2 = copies(inputs), copies(inputs)
        try:
            r1 = Interpreter(m).run(func, a1).results
        except InterpreterError:
            continue
        r2 = Interpreter(s).run(func, a2).results  # an out-of-bounds access would raise
        assert all(identical(x, y) for x, y in zip(r1, r2, strict=True)), seed
        assert all(identical(x, y) for x, y in zip(a1, a2, strict=True)), seed
        checked += 1
        converted += n
    return checked, converted


def test_random_programs_and_gradients_keep_their_semantics() -> None:
    checked, converted = _random(range(50), grads=False)
    assert checked >= 5 and converted >= 6, (checked, converted)
    checked, converted = _random(range(20), grads=True)
    assert checked >= 2 and converted >= 5, (checked, converted)


@pytest.mark.slow
def test_random_programs_and_gradients_keep_their_semantics_many() -> None:
    checked, _ = _random(range(50, 1100), grads=False)
    assert checked >= 100
    checked, _ = _random(range(20, 540), grads=True)
    assert checked >= 50


SUM = """
func.func @f(%a: memref<?xf64>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z) -> (f64) {
    %x = memref.load %a[%i] : memref<?xf64>
    %s2 = arith.addf %s, %x FM : f64
    scf.yield %s2 : f64
  }
  func.return %r : f64
}
"""


def test_reassoc_vectorizes_a_float_sum_and_source_fastmath_is_honoured() -> None:
    a = np.random.default_rng(0).uniform(size=1001)
    strict = compile(SUM.replace("FM", ""), "f")
    fast = compile(SUM.replace("FM", ""), "f", reassoc=True)
    marked = compile(SUM.replace("FM", "fastmath<reassoc>"), "f")
    assert "fadd reassoc" not in strict.llvm_ir
    assert "fadd reassoc" in fast.llvm_ir and "fadd reassoc" in marked.llvm_ir
    assert "x double>" not in strict.optimized_ir  # strict order: one add at a time
    assert "x double>" in fast.optimized_ir  # vector partial sums
    assert strict(a, 1001) == math.fsum(a) or abs(strict(a, 1001) - math.fsum(a)) < 1e-12
    assert abs(fast(a, 1001) - math.fsum(a)) < 1e-12
    # llvm-dialect code (clang-lowered C) carries its flags in ``fastmathFlags``
    dot = activity.parse(ROOT / "examples" / "c" / "dot.mlir")
    fd = compile(dot, "dot", reassoc=True)
    assert "fadd reassoc" in fd.llvm_ir and "fadd reassoc" not in compile(dot, "dot").llvm_ir
    assert abs(fd(a, a, 1001) - math.fsum(a * a)) < 1e-12


KER = benchmark_kernels()
PROGRAMS = {**{n: (OBJECTIVES[n], OBJECTIVES[n].make_inputs) for n in OBJECTIVES},
            **{n: (k, k.make_inputs) for n, k in KER.KERNELS.items()}}


# (the GPU kernels, the heaviest to compile twice: -m slow)
_HEAVY = ("lulesh", "rsbench", "lbm", "xsbench", "gmm", "hand")


@pytest.mark.parametrize("name", [
    n if n not in _HEAVY else pytest.param(n, marks=pytest.mark.slow) for n in sorted(PROGRAMS)])
def test_benchmark_gradients_with_reassoc_agree_to_rounding(name: str) -> None:
    o, make = PROGRAMS[name]
    inputs = make(np.random.default_rng(5), "small")
    wrt = [i for i, k in enumerate(o.args) if k in ("dup", "active")]
    ref = gradient(o.mlir, o.func, wrt, args=o.args)(*copies(inputs))
    kws: list[dict[str, Any]] = [{"reassoc": True}]
    if name in KER.KERNELS:  # the outlined kernels too, on host threads and emulated GPU
        kws += [{"reassoc": True, "threads": 2},
                {"reassoc": True, "target": "gpu", "emulate": True}]
    for kw in kws:
        got = gradient(o.mlir, o.func, wrt, args=o.args, **kw)(*copies(inputs))
        for x, y in zip(ref, got, strict=True):
            assert np.allclose(x, y, rtol=1e-9,
                               atol=1e-12 * max(1.0, float(np.max(np.abs(x))))), kw
    p1, p2 = compile(o.mlir, o.func), compile(o.mlir, o.func, reassoc=True)
    r1, r2 = p1(*copies(inputs)), p2(*copies(inputs))
    assert np.allclose(r1, r2, rtol=1e-10, atol=0.0)


def test_minibude_reverse_sweep_is_left_without_branches() -> None:
    o = OBJECTIVES["minibude"]
    inputs = o.make_inputs(np.random.default_rng(5), "small")
    wrt = [i for i, k in enumerate(o.args) if k == "dup"]
    ref = gradient(o.mlir, o.func, wrt, args=o.args)(*copies(inputs))
    g = gradient(o.mlir, o.func, wrt, args=o.args, speculate=True)
    for x, y in zip(ref, g(*copies(inputs)), strict=True):
        assert np.allclose(x, y, rtol=1e-12, atol=0.0)  # (adjoint sums may be reordered)
    # every scf.if of the gradient, forward and reverse sweep, becomes selects: its
    # loops can be vectorized
    assert ifs(g.grad_module, f"{o.func}_grad") > 0
    assert ifs(prepare(g.grad_module, speculate=True), f"{o.func}_grad") == 0


TAPED = """
func.func @f(%x: memref<?xf64>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %t = memref.alloc(%n) MARK : memref<?xf64>
  %u = memref.alloc(%n) : memref<?xf64>
  LOOP
    %v = memref.load %x[%i] : memref<?xf64>
    %c = arith.cmpf olt, %v, %z : f64
    %r = scf.if %c -> (f64) {
      %w = arith.mulf %v, %v : f64
      memref.store %w, %t[IDX] : memref<?xf64>
      scf.yield %w : f64
    } else {
      scf.yield %z : f64
    }
    memref.store %r, %u[IDX] : memref<?xf64>
    EXTRA
  END
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f64) {
    %v = memref.load %x[%i] : memref<?xf64>
    %c = arith.cmpf olt, %v, %z : f64
    %r = scf.if %c -> (f64) {
      %w = memref.load %t[%i] : memref<?xf64>
      scf.yield %w : f64
    } else {
      %w = memref.load %u[%i] : memref<?xf64>
      scf.yield %w : f64
    }
    %a = arith.addf %acc, %r : f64
    scf.yield %a : f64
  }
  memref.dealloc %t : memref<?xf64>
  memref.dealloc %u : memref<?xf64>
  func.return %s : f64
}
"""
_FOR = ("scf.for %i = %c0 to %n step %c1 {", "}")
_PAR = ("scf.parallel (%i) = (%c0) to (%n) step (%c1) {", "scf.reduce\n  }")


def taped(mark: bool = True, loop: tuple[str, str] = _FOR, idx: str = "%i",
          extra: str = "") -> str:
    src = TAPED.replace("MARK", "{activity.tape}" if mark else "").replace("LOOP", loop[0])
    src = src.replace("END", loop[1]).replace("EXTRA", extra)
    if idx != "%i":  # the same index values, computed
        src = src.replace("%c = arith.cmpf olt, %v, %z : f64\n    %r = scf.if",
                          f"%c = arith.cmpf olt, %v, %z : f64\n    {idx} = arith.addi %i, "
                          "%c0 : index\n    %r = scf.if", 1).replace("[IDX]", f"[{idx}]")
    return src.replace("[IDX]", "[%i]")


def tape_selects(m: Any) -> int:
    """Selects that choose between a new value and the old content of ``%t``."""
    return sum(isinstance(o, arith.SelectOp) and isinstance(o.operands[2].owner,
                                                              memref.LoadOp)
               for o in m.walk())


@pytest.mark.parametrize("loop", [_FOR, _PAR], ids=["for", "parallel"])
def test_a_write_once_tape_slot_is_stored_without_reading_it(loop: tuple[str, str]) -> None:
    # %t is an AD tape: its slot %i is written by one store, under %c, and read back only
    # under %c -- the speculated store needs no "load old; select", in a parallel loop too
    x = np.array([-1.0, 2.0, -3.0, 0.5, -0.25])
    (r1, a1), (r2, a2), n = run_both(taped(loop=loop), "f", [x, 5])
    assert n == 1 and identical(r1[0], r2[0]) and r1[0] == 1.0 + 9.0 + 0.0625
    m = activity.parse(taped(loop=loop))
    speculate_ifs(m)
    assert tape_selects(m) == 0
    got = compile(taped(loop=loop), "f", speculate=True, fill=0xFF)(x, 5)
    assert got == r1[0]


@pytest.mark.parametrize("case", ["unmarked", "second store", "computed index",
                                  "outer loop", "escapes"])
def test_what_is_not_a_write_once_tape_slot(case: str) -> None:
    kw: dict[str, Any] = {}
    if case == "unmarked":
        kw["mark"] = False
    elif case == "second store":
        kw["extra"] = "memref.store %v, %t[%i] : memref<?xf64>"
    elif case == "computed index":
        kw["idx"] = "%j"
    elif case == "escapes":
        kw["extra"] = "memref.copy %t, %u : memref<?xf64> to memref<?xf64>"
    outer = "scf.for %k = %c0 to %n step %c1 {\n"  # slot %i written in every iteration
    for loop in (_FOR, _PAR):
        if case == "outer loop":
            kw["loop"] = (outer + loop[0], loop[1] + "\n}")
        else:
            kw["loop"] = loop
        m = activity.parse(taped(**kw))
        if loop is _PAR:  # "store (c ? w : old)" would race: not speculated at all
            assert speculate_ifs(m) == 0, case
        else:
            assert speculate_ifs(m) == 1 and tape_selects(m) == 1, case
