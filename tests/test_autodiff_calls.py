"""Activities from ``__enzyme_autodiff`` call sites (activity.autodiff_calls), read as
Enzyme reads them, at every -O level and for each way C declares the markers; one
analysis per call site in ``activity report``; the same inference in ``activity grad``
and the API; located errors for calls that cannot be read."""

from __future__ import annotations

import json
import shutil
import warnings
from pathlib import Path

import numpy as np
import pytest

import activity
from activity.autodiff_calls import find_calls
from activity.errors import ActivityError
from tests.helpers import cli

ROOT = Path(__file__).resolve().parent.parent
HAVE_TOOLS = bool(shutil.which("clang-22") and shutil.which("mlir-translate-22"))
needs_tools = pytest.mark.skipif(not HAVE_TOOLS,
                                 reason="needs clang-22 and mlir-translate-22")


def test_benchmark_drivers_give_the_objectives_activities() -> None:
    """The five C objectives' drivers (committed MLIR, no clang needed) say what
    tests/test_c_objectives.py passes by hand (which says dup for their dupnoneed)."""
    from tests.test_c_objectives import OBJECTIVES

    for name, (func, acts, _) in OBJECTIVES.items():
        m = activity.parse(ROOT / "benchmarks" / "c" / f"{name}.generic.mlir")
        calls = find_calls(m)
        got = [(c.function, [a.replace("dupnoneed", "dup") for a in c.args]) for c in calls]
        assert got == [(func, acts)], name
        assert calls[0].location.startswith(str(ROOT / "benchmarks" / "c" / name))


def _c(tmp_path: Path, text: str, name: str = "prog.c") -> Path:
    p = tmp_path / name
    p.write_text(text)
    return p


BODY = """
double f(double a, const double *x, int n, double *y) {
  double s = a;
  for (int i = 0; i < n; i++) { y[i] = a * x[i]; s += y[i] * x[i]; }
  return s;
}
"""

DECLS = {
    "extern-int": "extern int enzyme_const, enzyme_dup, enzyme_out;",
    "defined-int": "int enzyme_const, enzyme_dup, enzyme_out;",
    "extern-array": "extern char enzyme_const[], enzyme_dup[], enzyme_out[];",
}


@needs_tools
@pytest.mark.parametrize("level", ["-O0", "-O1", "-O2"])
@pytest.mark.parametrize("decl", sorted(DECLS))
def test_markers_at_each_level_and_declaration(tmp_path: Path, level: str,
                                               decl: str) -> None:
    src = DECLS[decl] + "\ndouble __enzyme_autodiff(void *, ...);\n" + BODY + """
double g1(const double *x, double *dx, double *y, double *dy, int n) {
  return __enzyme_autodiff((void *)f, 2.0, enzyme_const, x, n, enzyme_dup, y, dy);
}
double g2(const double *x, double *dx, double *y, double *dy, int n) {
  return __enzyme_autodiff((void *)f, enzyme_out, 2.0, x, dx, enzyme_const, n, y, dy);
}
void g3(const double *x, double *dx, double *y, int n) {
  __enzyme_autodiff((void *)f, enzyme_const, 2.0, enzyme_dup, x, dx, n, enzyme_const, y);
}
"""
    m = activity.parse(_c(tmp_path, src), cflags=level)
    got = [c.args for c in find_calls(m)]
    assert got == [["active", "const", "const", "dup"], ["active", "dup", "const", "dup"],
                   ["const", "dup", "const", "const"]]


@needs_tools
def test_two_call_sites_two_answers(tmp_path: Path) -> None:
    src = ("extern int enzyme_const, enzyme_dup;\ndouble __enzyme_autodiff(void *, ...);\n"
           + BODY + """
double g1(const double *x, double *dx, double *y, double *dy, int n) {
  return __enzyme_autodiff((void *)f, 2.0, enzyme_dup, x, dx, n, y, dy);
}
void g2(const double *x, double *y, double *dy, int n) {
  __enzyme_autodiff((void *)f, enzyme_const, 2.0, enzyme_const, x, n, y, dy);
}
""")
    p = _c(tmp_path, src)
    rc, out, err = cli("report", str(p), "--format", "json")
    assert rc == 0, err
    js = json.loads(out)
    calls = js["autodiff_calls"]
    assert [(c["function"], c["args"], c["location"]) for c in calls] == [
        ("f", ["active", "dup", "const", "dup"], f"{p}:{BODY.count(chr(10)) + 5}:10"),
        ("f", ["const", "const", "const", "dup"], f"{p}:{BODY.count(chr(10)) + 8}:3")]
    # different activities, different answers: x's loads are active only in the first
    assert calls[0]["stats"]["active_ops"] > calls[1]["stats"]["active_ops"] > 0
    assert js["functions"] == calls[0]["functions"]
    rc, text, _ = cli("report", str(p))
    assert rc == 0 and text.count("__enzyme_autodiff at ") == 2
    rc, text, _ = cli("report", str(p), "--format", "enzyme")
    assert rc == 0 and text.count("@f:") == 2
    m = activity.parse(p)
    with pytest.raises(ActivityError, match="2 call sites with different activities"):
        activity.analyze(m)
    with pytest.raises(ActivityError, match="different activities"):
        activity.grad(m)
    rc, _, err = cli("grad", str(p))
    assert rc == 2 and "choose one with --func" in err
    # --func alone: the calls of f disagree, so --args must say which
    rc, out, err = cli("report", str(p), "--func", "f")
    assert rc == 2 and "different activities" in err
    # --func and --args given: the call sites are not read
    rc, out, err = cli("report", str(p), "--func", "f", "--args", "active,dup,const,dup",
                       "--format", "json")
    assert rc == 0 and "autodiff_calls" not in json.loads(out)


@needs_tools
def test_grad_and_api_use_the_call_site(tmp_path: Path) -> None:
    src = ("extern int enzyme_const, enzyme_dup;\ndouble __enzyme_autodiff(void *, ...);\n"
           + BODY + """
double g(const double *x, double *dx, double *y, double *dy, int n) {
  return __enzyme_autodiff((void *)f, 2.0, enzyme_const, x, n, enzyme_dup, y, dy);
}
""")
    p = _c(tmp_path, src)
    m = activity.parse(p)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        r = activity.analyze(m)
    assert r.functions == ["f"] and r.arg_activities("f") == ["active", "const", "const",
                                                             "dup"]
    g = activity.grad(m)
    fg = next(op for op in g.body.block.ops
              if getattr(op.properties.get("sym_name"), "data", None) == "f_grad")
    # a, x, n, y, dy, seed: x const (no shadow), y dup
    assert len(fg.regions[0].blocks[0].args) == 6
    x = np.array([0.5, -1.0, 2.0])
    df = activity.gradient(m)
    da, dy = df(2.0, x.copy(), 3, np.ones(3))  # (a and y: active and dup)
    assert da == pytest.approx(1.0 + float(x @ x)) and not dy.any()
    rc, out, err = cli("grad", str(p))
    assert rc == 0, err and "func.func @f_grad" in out


@needs_tools
@pytest.mark.parametrize("call,message", [
    ("__enzyme_autodiff((void *)f, 1.0, x, dx)", "argument 2 is missing"),
    ("__enzyme_autodiff((void *)f, 1.0, x, dx, 3, y, dy, 4)", "1 argument(s) more"),
    ("__enzyme_autodiff((void *)f, 1.0, enzyme_out, x, 3, y, dy)",
     "argument 1 (!llvm.ptr) is marked enzyme_out"),
    ("__enzyme_autodiff((void *)f, enzyme_width, 1.0, x, dx, 3, y, dy)",
     "'enzyme_width' is not supported"),
    ("__enzyme_autodiff((void *)h, 1.0)", "'@h', which has no body"),
    ("__enzyme_autodiff(fp, 1.0)", "not a function of this module"),
])
def test_unreadable_calls_are_located_errors(tmp_path: Path, call: str,
                                             message: str) -> None:
    src = ("extern int enzyme_const, enzyme_dup, enzyme_out, enzyme_width;\n"
           "double __enzyme_autodiff(void *, ...);\ndouble h(double);\n" + BODY +
           "double g(double *x, double *dx, double *y, double *dy, void *fp) {\n"
           f"  return {call};\n}}\n")
    p = _c(tmp_path, src)
    line = src.count("\n") - 1
    rc, out, err = cli("report", str(p))
    assert rc == 2 and out == "", err
    assert err.startswith(f"{p}:{line}:") and message in err and err.count("\n") == 1


@needs_tools
def test_struct_results_by_value_and_sret_and_promotion(tmp_path: Path) -> None:
    src = """
extern int enzyme_const;
typedef struct { double a, b; } two;
typedef struct { double a, b, c; } three;
two __enzyme_autodiff2(void *, ...);
three __enzyme_autodiff3(void *, ...);
double __enzyme_autodiff(void *, ...);
double p(double x, double y, double z) { return x * y * z; }
double q(float x, short k) { return x * k; }
two t2(double x, double y) {
  return __enzyme_autodiff2((void *)p, x, y, enzyme_const, 1.0);
}
three t3(double x, double y) { return __enzyme_autodiff3((void *)p, x, y, 1.0); }
double tq(float x) { return __enzyme_autodiff((void *)q, x, (short)3); }
double bad(double x) { return __enzyme_autodiff((void *)p, x, x, x); }
"""
    p = _c(tmp_path, src)
    with pytest.raises(ActivityError, match=r"declared to return f64, but it returns the "
                                            r"derivatives of its 3 active argument\(s\)"):
        find_calls(activity.parse(p))
    src = src.replace("double bad(double x) { return __enzyme_autodiff((void *)p, x, x, x); }",
                      "")
    calls = find_calls(activity.parse(_c(tmp_path, src)))
    assert [c.callee for c in calls] == ["__enzyme_autodiff2", "__enzyme_autodiff3",
                                         "__enzyme_autodiff"]
    assert [len(c.result_types) for c in calls] == [2, 3, 1]
    assert [c.sret is not None for c in calls] == [False, True, False]
    assert calls[2].args == ["active", "const"]


@needs_tools
def test_an_unreadable_call_of_another_function_does_not_stop_analyze(tmp_path: Path) -> None:
    src = ("extern int enzyme_width;\ndouble __enzyme_autodiff(void *, ...);\n" + BODY +
           "double h(double v) { return v * v; }\n"
           "double g(double v) { return __enzyme_autodiff((void *)h, enzyme_width, v); }\n")
    m = activity.parse(_c(tmp_path, src))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        r = activity.analyze(m, "f")
    assert r.arg_activities("f") == ["active", "dup", "const", "dup"]  # (the defaults)
    with pytest.raises(ActivityError, match="'enzyme_width' is not supported"):
        activity.analyze(m, "h")
