"""activity/ad/lift_cf.py: clang's block loops raised to ``scf`` loops compute what the
blocks computed (the interpreter on both forms), on C we did not write for the test
(examples/c, tests/data, at -O0..-O3) and on the five C objectives; the gradients
through lifted loops are checked against finite differences in
tests/test_c_objectives.py."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects.builtin import AnyFloat, IntegerType
from xdsl.dialects.llvm import LLVMPointerType

import activity
from activity.ad.lift_cf import lift_module
from activity.ops import op_name
from activity.semantics.memory import StepLimitExceeded

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from test_c_objectives import OBJECTIVES, module  # noqa: E402

C_SOURCES = sorted([*ROOT.glob("examples/c/*.c"), *ROOT.glob("tests/data/**/*.c")])
HAVE_CLANG = bool(shutil.which("clang-22") and shutil.which("mlir-translate-22"))
FUNCS = ("llvm.func", "func.func")


def _stats(m) -> tuple[int, int]:
    """(functions with more than one block, scf loops) of ``m``."""
    blocks = loops = 0
    for f in m.body.block.ops:
        if op_name(f) in FUNCS and f.regions and len(f.regions[0].blocks) > 1:
            blocks += 1
        loops += sum(1 for op in f.walk() if op_name(op) in ("scf.for", "scf.while"))
    return blocks, loops


def _same(a, b) -> bool:
    if isinstance(a, np.ndarray):
        return a.shape == b.shape and np.array_equal(a, b, equal_nan=True)
    if isinstance(a, float):
        return a == b or (np.isnan(a) and np.isnan(b))
    return a == b


def _run(m, func: str, xs: list):
    try:
        return ("ok", activity.evaluate(m, func, *xs, max_steps=2_000_000))
    except StepLimitExceeded:
        return ("limit", None)
    except Exception as e:  # noqa: BLE001 -- (the same failure on both forms)
        return ("error", type(e).__name__)


def _inputs(f, rng: np.random.Generator, ints: int, pointees: str) -> list | None:
    xs: list = []
    for a in f.regions[0].blocks[0].args:
        t = a.type
        if isinstance(t, IntegerType):
            xs.append(ints if t.width.data > 1 else ints % 2)
        elif isinstance(t, AnyFloat):
            xs.append(float(rng.normal()))
        elif isinstance(t, LLVMPointerType):
            if pointees == "float":
                xs.append(rng.normal(size=64))
            else:  # int pointees read small numbers (as i32 and i64)
                xs.append(rng.integers(0, 3, size=128, dtype=np.int32).view(np.float64))
        else:
            return None
    return xs


def agree(orig, lifted, func: str, seed: int) -> tuple[int, int]:
    """Run ``func`` in both modules on several inputs; returns (runs compared, runs
    the original finished).  A difference fails the test."""
    f = next(op for op in orig.body.block.ops if op_name(op) in FUNCS
             and op.sym_name.data == func)
    rng = np.random.default_rng(seed)
    compared = finished = 0
    for ints in (0, 1, 2, 5, 9):
        for pointees in ("float", "int"):
            xs = _inputs(f, rng, ints, pointees)
            if xs is None:
                return compared, finished
            ys = [x.copy() if isinstance(x, np.ndarray) else x for x in xs]
            ra, rb = _run(orig, func, xs), _run(lifted, func, ys)
            compared += 1
            assert ra[0] == rb[0] and (ra[0] != "error" or ra[1] == rb[1]), (func, ra, rb)
            if ra[0] != "ok":
                continue
            finished += 1
            assert len(ra[1]) == len(rb[1]), func
            for x, y in zip([*ra[1], *xs], [*rb[1], *ys], strict=True):
                assert _same(x, y), (func, ints, pointees, x, y)
    return compared, finished


def _clang(src: Path, opt: str, tmp: Path):
    ll, mlir = tmp / f"{src.stem}_{opt}.ll", tmp / f"{src.stem}_{opt}.mlir"
    r = subprocess.run(["clang-22", f"-{opt}", "-S", "-emit-llvm", "-fno-vectorize",
                        "-fno-slp-vectorize", "-fno-unroll-loops", str(src), "-o", str(ll)],
                       capture_output=True)
    if r.returncode != 0:
        return None
    subprocess.run(["mlir-translate-22", "--import-llvm", str(ll), "-o", str(mlir)],
                   check=True, capture_output=True)
    try:
        return activity.parse(mlir)
    except activity.ActivityError:
        return None


def _check_source(src: Path, opt: str, tmp: Path) -> tuple[int, int]:
    m = _clang(src, opt, tmp)
    if m is None:
        pytest.skip(f"{src.name} does not build or parse at -{opt}")
    lifted = lift_module(m)
    loops = _stats(lifted)[1] - _stats(m)[1]
    finished = 0
    for f in m.body.block.ops:
        if op_name(f) in FUNCS and f.regions and f.regions[0].blocks:
            finished += agree(m, lifted, f.sym_name.data, 0)[1]
    return loops, finished


@pytest.mark.skipif(not HAVE_CLANG, reason="needs clang-22 and mlir-translate-22")
@pytest.mark.parametrize("src", C_SOURCES, ids=lambda p: p.name)
def test_clang_O2_output_computes_the_same(src: Path, tmp_path: Path) -> None:
    _check_source(src, "O2", tmp_path)


@pytest.mark.slow
@pytest.mark.skipif(not HAVE_CLANG, reason="needs clang-22 and mlir-translate-22")
@pytest.mark.parametrize("opt", ["O0", "O1", "O3"])
@pytest.mark.parametrize("src", C_SOURCES, ids=lambda p: p.name)
def test_clang_output_computes_the_same(src: Path, opt: str, tmp_path: Path) -> None:
    _check_source(src, opt, tmp_path)


# loop shapes, each in a function of its own (compiled at the test's -O level)
SHAPES = r"""
double halve(double x, int *count) {          /* no counter: scf.while */
  int n = 0;
  do { x *= 0.5; n++; } while (x > 1.0);
  *count = n;
  return x;
}
double strided(const double *a, int n, int s) { /* loop-invariant step */
  double t = 0;
  for (int i = 0; i < n; i += s) t += a[i];
  return t;
}
double down(const double *a, int n) {         /* decreasing counter */
  double t = 0;
  for (int i = n - 1; i >= 0; i--) t = t * 0.5 + a[i];
  return t;
}
double tri(const double *a, int n) {          /* triangle, running offset */
  double t = 0;
  int l = 0;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) t += a[(l++) % 64] * j;
  return t + l;
}
double brk(const double *a, int n) {          /* exit from the middle */
  double t = 0;
  for (int i = 0; i < n; i++) { if (a[i] < 0) break; t += a[i]; }
  return t;
}
double last(const double *a, int n) {         /* values used after the loop */
  double v = 0, w = 0;
  int i;
  for (i = 0; i < n; i++) { w = a[i] * v; v = v * 0.5 + w + a[i]; }
  return v + w + i;
}
unsigned usum(const unsigned *a, unsigned n) { /* unsigned counter */
  unsigned s = 0;
  for (unsigned i = 0; i < n; i++) s += a[i] % 7;
  return s;
}
double branches(const double *a, int n) {     /* if / else if in a loop */
  double t = 0;
  for (int i = 0; i < n; i++) {
    if (a[i] > 0) t += a[i];
    else if (a[i] < -1) t -= 1;
  }
  return t;
}
double upto(const double *a, long n) {        /* i <= n, i64 */
  double s = 0;
  for (long i = 1; i <= n; i++) s = s * a[i % 64] + i;
  return s;
}
"""


@pytest.mark.skipif(not HAVE_CLANG, reason="needs clang-22 and mlir-translate-22")
@pytest.mark.parametrize("opt", ["O1", "O2", "O3"])
def test_loop_shapes_compute_the_same(opt: str, tmp_path: Path) -> None:
    """Each shape in SHAPES, lifted, agrees with its blocks; both scf.for and
    scf.while are made (the while form only where no counter is found)."""
    src = tmp_path / "shapes.c"
    src.write_text(SHAPES)
    m = _clang(src, opt, tmp_path)
    assert m is not None
    lifted = lift_module(m)
    made = {n: sum(1 for op in lifted.walk() if op_name(op) == n)
            for n in ("scf.for", "scf.while")}
    assert made["scf.for"] >= 6 and made["scf.while"] >= 2, made
    finished = 0
    for f in m.body.block.ops:
        if op_name(f) in FUNCS and f.regions and f.regions[0].blocks:
            finished += agree(m, lifted, f.sym_name.data, 1)[1]
    assert finished >= 60, finished


@pytest.mark.parametrize("name", list(OBJECTIVES))
def test_c_objectives_lift_whole_and_compute_the_same(name: str) -> None:
    """Every loop of the five objectives is lifted (their functions are one block
    each), and the interpreter gives the same result and buffers on both forms."""
    m = module(name)
    lifted = lift_module(m)
    assert _stats(m)[0] >= 1 and _stats(lifted) [0] == 0, _stats(lifted)
    func, _acts, make = OBJECTIVES[name]
    for seed in range(2):
        xs = make(np.random.default_rng(seed))
        ys = [x.copy() if isinstance(x, np.ndarray) else x for x in xs]
        ra, rb = activity.evaluate(m, func, *xs), activity.evaluate(lifted, func, *ys)
        assert ra == rb
        for x, y in zip(xs, ys, strict=True):
            assert _same(x, y)
    assert lift_module(m) is not m and lift_module(lifted) is lifted


def test_the_users_module_is_not_changed() -> None:
    m = module("ba")
    before = str(m)
    lift_module(m)
    assert str(m) == before


def test_gradients_use_the_lifted_loops() -> None:
    """grad() differentiates the lifted form: BA's gradient has no block branches,
    and miniBUDE's reverse sweep runs scf.for loops."""
    for name in ("ba", "minibude"):
        func, acts, _ = OBJECTIVES[name]
        g = activity.grad(module(name), func, acts)
        fg = next(op for op in g.body.block.ops if op_name(op) == "func.func"
                  and op.sym_name.data == func + "_grad")
        names = {op_name(op) for op in fg.walk()}
        assert "scf.for" in names and not names & {"cf.br", "cf.cond_br"}, name


def test_lstm_differentiates_lifted() -> None:
    """LSTM lifts whole, and after tidying (activity/ad/tidy_scf.py: the layer loop
    hoisted out of its pointer-yielding guard, the carried input pointer recomputed
    from the loop counter, the identical yields of the step's guard hoisted) the
    structured generator takes it: its gradient has no block branches.  (Before,
    it refused "an active buffer created inside a branch escapes it" and grad()
    differentiated the blocks, slowly.)"""
    from activity.ad.reverse import Differentiator

    func, acts, _ = OBJECTIVES["lstm"]
    lifted = lift_module(module("lstm"))
    f = next(op for op in lifted.body.block.ops if getattr(op, "sym_name", None) is not None
             and op.sym_name.data == func)
    ptr_carried = [op for op in f.walk() if op_name(op) == "scf.for"
                   and any("ptr" in str(a.type) for a in op.regions[0].blocks[0].args[1:])]
    assert not ptr_carried
    for prune in (True, False):
        g, _ = Differentiator(lifted, func, acts, prune).run()
        fg = next(op for op in g.body.block.ops if op_name(op) == "func.func"
                  and op.sym_name.data == func + "_grad")
        names = {op_name(op) for op in fg.walk()}
        assert "scf.for" in names and not names & {"cf.br", "cf.cond_br"}, prune


def test_a_refused_lifted_form_falls_back_to_the_blocks() -> None:
    """Where the structured generator refuses the lifted form (a GradError),
    with_lifted() hands the blocks to it instead, as before lifting."""
    from activity.ad import GradError
    from activity.ad.lift_cf import with_lifted

    m = module("lstm")
    seen: list[bool] = []

    def make(mod: object) -> str:
        seen.append(mod is m)
        if mod is not m:
            raise GradError("refused")
        return "blocks"

    assert with_lifted(m, make) == "blocks"
    assert seen == [False, True]
