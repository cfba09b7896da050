"""``activity cc``: C that calls ``__enzyme_autodiff`` built into native code with our
gradients, run, and checked against finite differences -- a small program with its own
``main``, and the five C objectives' drivers (benchmarks/c) built as shared libraries
and called through ctypes."""

from __future__ import annotations

import ctypes
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from tests.helpers import cli

ROOT = Path(__file__).resolve().parent.parent
CDIR = ROOT / "benchmarks" / "c"
HAVE_TOOLS = all(shutil.which(t) for t in ("clang-22", "mlir-translate-22", "mlir-opt-22"))
pytestmark = pytest.mark.skipif(not HAVE_TOOLS,
                                reason="needs clang-22, mlir-translate-22 and mlir-opt-22")


PROG = r"""
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
extern int enzyme_const, enzyme_dup, enzyme_out;
typedef struct { double da, db; } two;
typedef struct { double dx, dy, dz; } three;
double __enzyme_autodiff(void *, ...);
two __enzyme_autodiff2(void *, ...);
three __enzyme_autodiff3(void *, ...);
float __enzyme_autodifff(void *, ...);

extern double scale;  /* a global the objective reads, defined in another file */

double prod(double x, double y, double z) { return x * y * y * z * z * z; }
float fq(float x, short k) { return x * x * k; }

static double sq(double v) { return v * v; }

double loss(double a, const double *x, double *w, int n, double b) {
  double s = 0.0;
  for (int i = 0; i < n; i++) {
    w[i] = sin(a * x[i]) + b;   /* w: written and read (dup) */
    s += sq(w[i]) * x[i] * scale;
  }
  return s + a * b;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 5;
  double *x = malloc(n * sizeof(double)), *dx = calloc(n, sizeof(double));
  double *w = malloc(n * sizeof(double)), *dw = calloc(n, sizeof(double));
  for (int i = 0; i < n; i++) x[i] = 0.3 + 0.1 * i;
  double a = 0.7, b = -0.2;
  printf("loss %.17g\n", loss(a, x, w, n, b));
  /* a active (returned), x dup (accumulated into dx), w dup, n const, b const */
  double da = __enzyme_autodiff((void *)loss, a, x, dx, enzyme_dup, w, dw,
                                enzyme_const, n, enzyme_const, b);
  printf("da %.17g\n", da);
  for (int i = 0; i < n; i++) printf("dx %.17g\n", dx[i]);
  /* twice more into the same shadow: Enzyme accumulates */
  __enzyme_autodiff((void *)loss, enzyme_const, a, enzyme_dup, x, dx, w, dw, n,
                    enzyme_const, b);
  printf("dx0 %.17g\n", dx[0]);
  two g = __enzyme_autodiff2((void *)loss, a, enzyme_const, x, w, dw, n, b);
  printf("two %.17g %.17g\n", g.da, g.db);
  three t = __enzyme_autodiff3((void *)prod, 2.0, 3.0, 0.5);  /* sret */
  printf("three %.17g %.17g %.17g\n", t.dx, t.dy, t.dz);
  float f = __enzyme_autodifff((void *)fq, 1.5f, (short)3);  /* promoted */
  printf("float %.9g\n", f);
  return 0;
}
"""


def _loss(a: float, x: np.ndarray, b: float) -> float:
    w = np.sin(a * x) + b
    return float(np.sum(w * w * x * 0.5) + a * b)


def test_cc_builds_a_program_whose_gradients_match_finite_differences(tmp_path: Path) -> None:
    src = tmp_path / "prog.c"
    src.write_text(PROG)
    exe = tmp_path / "prog"
    more = tmp_path / "scale.c"
    more.write_text("double scale = 0.5;\n")
    rc, out, err = cli("cc", str(src), str(more), "-o", str(exe), "-v")
    assert rc == 0, err
    # (five calls in the C; clang may duplicate one into two paths)
    assert len({ln.split(": note")[0] for ln in err.splitlines()}) == 5, err
    run = subprocess.run([str(exe), "6"], capture_output=True, text=True, check=True)
    vals: dict[str, list[float]] = {}
    for line in run.stdout.splitlines():
        k, *v = line.split()
        vals.setdefault(k, []).extend(float(t) for t in v)
    x = 0.3 + 0.1 * np.arange(6)
    a, b, h = 0.7, -0.2, 1e-6
    assert vals["loss"][0] == pytest.approx(_loss(a, x, b), rel=1e-12)
    fd_a = (_loss(a + h, x, b) - _loss(a - h, x, b)) / (2 * h)
    fd_b = (_loss(a, x, b + h) - _loss(a, x, b - h)) / (2 * h)
    fd_x = np.array([(_loss(a, x + h * e, b) - _loss(a, x - h * e, b)) / (2 * h)
                     for e in np.eye(6)])
    assert vals["da"][0] == pytest.approx(fd_a, rel=1e-6)
    assert np.allclose(vals["dx"], fd_x, rtol=1e-6)
    assert vals["dx0"][0] == pytest.approx(2 * fd_x[0], rel=1e-6)  # accumulated
    assert vals["two"] == pytest.approx([fd_a, fd_b], rel=1e-6)
    x, y, z = 2.0, 3.0, 0.5
    assert vals["three"] == pytest.approx([y**2 * z**3, 2 * x * y * z**3, 3 * x * y**2 * z**2])
    assert vals["float"] == [2 * 1.5 * 3]


def test_cc_errors_are_located(tmp_path: Path) -> None:
    src = tmp_path / "bad.c"
    src.write_text("extern int enzyme_width;\ndouble __enzyme_autodiff(void *, ...);\n"
                   "double f(double x) { return x * x; }\n"
                   "double g(double x) {\n"
                   "  return __enzyme_autodiff((void *)f, enzyme_width, x);\n}\n")
    rc, out, err = cli("cc", str(src), "-o", str(tmp_path / "bad.so"), "-shared")
    assert rc == 2 and err.startswith(f"{src}:5:") and "enzyme_width" in err
    assert err.count("\n") == 1


# the five C objectives: name -> (the driver's activities by the objective's params)
def _inputs(name: str) -> tuple[str, list[str], list]:
    from tests.test_c_objectives import OBJECTIVES

    func, acts, make = OBJECTIVES[name]
    return func, acts, make(np.random.default_rng(3))


def _arg(x: object) -> object:
    if isinstance(x, np.ndarray):
        return x.ctypes.data_as(ctypes.c_void_p)
    if isinstance(x, float):
        return ctypes.c_double(x)
    return ctypes.c_int(int(x))  # type: ignore[call-overload]


def _objective(lib: ctypes.CDLL, func: str, xs: list) -> float:
    f = getattr(lib, func)
    f.restype = ctypes.c_double
    ys = [x.copy() if isinstance(x, np.ndarray) else x for x in xs]
    return float(f(*[_arg(y) for y in ys]))


def check_driver(name: str, tmp_path: Path, prune: bool = True) -> float:
    """Build benchmarks/c/NAME.c as a library with ``activity cc``, call its
    ``NAME_gradient`` driver and compare with central differences of the objective
    (from the same library); the largest relative error."""
    lib_path = tmp_path / f"lib{name}.so"
    rc, _, err = cli("cc", str(CDIR / f"{name}.c"), "-shared", "-o", str(lib_path),
                     *([] if prune else ["--no-prune"]))
    assert rc == 0, err
    lib = ctypes.CDLL(str(lib_path))
    func, acts, xs = _inputs(name)
    call, shadows = [], {}
    for i, (a, x) in enumerate(zip(acts, xs, strict=True)):
        y = x.copy() if isinstance(x, np.ndarray) else x
        call.append(y)
        if a == "dup":
            shadows[i] = np.zeros_like(x)
            call.append(shadows[i])
    g = getattr(lib, f"{name}_gradient")
    g.restype = ctypes.c_double
    ret = g(*[_arg(c) for c in call])
    worst, h = 0.0, 1e-5
    for i, a in enumerate(acts):
        if a not in ("dup", "active") or not isinstance(xs[i], np.ndarray) and a != "active":
            continue
        if a == "active":
            fd = [(_objective(lib, func, xs[:i] + [xs[i] + h] + xs[i + 1:])
                   - _objective(lib, func, xs[:i] + [xs[i] - h] + xs[i + 1:])) / (2 * h)]
            got = [ret]
        else:
            if name in ("ba", "minibude") and i in (4, 5, 12):
                continue  # (outputs: their shadows are the seeds, zero here)
            fd, got = [], list(shadows[i])
            for j in range(xs[i].size):
                up = [x.copy() if isinstance(x, np.ndarray) else x for x in xs]
                dn = [x.copy() if isinstance(x, np.ndarray) else x for x in xs]
                up[i][j] += h
                dn[i][j] -= h
                fd.append((_objective(lib, func, up) - _objective(lib, func, dn)) / (2 * h))
        fd_a, got_a = np.array(fd), np.array(got)
        scale = max(1e-3, float(np.abs(fd_a).max()))
        worst = max(worst, float(np.abs(fd_a - got_a).max()) / scale)
    return worst


def test_cc_ba_driver(tmp_path: Path) -> None:
    assert check_driver("ba", tmp_path) <= 1e-6


@pytest.mark.slow
@pytest.mark.parametrize("prune", [True, False])
@pytest.mark.parametrize("name", ["gmm", "hand", "lstm", "minibude", "ba"])
def test_cc_benchmark_drivers(name: str, prune: bool, tmp_path: Path) -> None:
    assert check_driver(name, tmp_path, prune) <= 1e-6


def test_readme_c_recipe(tmp_path: Path) -> None:
    """README's three-command C recipe gives what its comment says."""
    import re

    text = (ROOT / "README.md").read_text()
    section = text[text.index("## C programs"):]
    code = re.search(r"```c\n(.*?)```", section, re.S)
    assert code is not None
    src = tmp_path / "prog.c"
    src.write_text(code.group(1))
    rc, out, err = cli("report", str(src))
    assert rc == 0 and out.startswith(f"__enzyme_autodiff at {src}:"), err
    rc, _, err = cli("cc", str(src), "-o", str(tmp_path / "prog"))
    assert rc == 0, err
    run = subprocess.run([str(tmp_path / "prog")], capture_output=True, text=True, check=True)
    want = re.search(r"\./prog +# (.*)\n", section)
    assert want is not None and run.stdout.strip() == want.group(1)


ENZYME_TEST = r"""
#include <math.h>
#include <stdio.h>
extern double __enzyme_autodiff(void *, double);  /* (Enzyme's own tests: not variadic) */
double square(double x) { return x * x * sin(x); }
int main() {
  printf("%.17g\n", __enzyme_autodiff((void *)square, 3.0));
  return 0;
}
"""


@pytest.mark.parametrize("level", ["-O0", "-O2"])
def test_enzyme_integration_test_form(tmp_path: Path, level: str) -> None:
    src = tmp_path / "square.c"
    src.write_text(ENZYME_TEST)
    rc, _, err = cli("cc", str(src), "-o", str(tmp_path / "square"), f"--cflags={level}")
    assert rc == 0, err
    out = subprocess.run([str(tmp_path / "square")], capture_output=True, text=True,
                         check=True).stdout
    assert float(out) == pytest.approx(6.0 * np.sin(3.0) + 9.0 * np.cos(3.0), rel=1e-12)
