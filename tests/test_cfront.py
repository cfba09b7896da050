"""C and LLVM IR in (activity.cfront): ``activity.parse("prog.c")`` and every
subcommand given a ``.c`` file run clang-22 and mlir-translate-22; ops carry their C
positions; tool failures are one located line; the generated MLIR is cached under
``$ACTIVITY_GENERIC_CACHE``."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import activity
from activity import cfront
from activity.errors import ActivityError
from activity.frontend import location_of
from tests.helpers import cli

HAVE_TOOLS = bool(shutil.which("clang-22") and shutil.which("mlir-translate-22"))
needs_tools = pytest.mark.skipif(not HAVE_TOOLS,
                                 reason="needs clang-22 and mlir-translate-22")

PROG = """\
extern int enzyme_const, enzyme_dup;
double __enzyme_autodiff(void *, ...);

double f(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += x[i] * x[i];
  return s;
}

void df(const double *x, double *dx, int n) {
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, n);
}
"""


@pytest.fixture
def prog(tmp_path: Path) -> Path:
    p = tmp_path / "prog.c"
    p.write_text(PROG)
    return p


def test_simplify_locations_keeps_the_first_file_line_col() -> None:
    text = ('"llvm.fmul"(%0, %1) : (f64, f64) -> f64 loc(fused<#llvm.di_subprogram<id = '
            'distinct[2]<>, file = <"t.c" in "/tmp">, name = "f(x)">>["t.c":9:3])\n'
            '"llvm.return"(%2) : (f64) -> () loc(callsite(fused<#a<"(">>["h.h":2:5] at '
            '"t.c":7:1))\n'
            '^bb1(%7: i32 loc(unknown), %8: f64 loc("t.c":0:0)):\n'
            '"llvm.mlir.global"() <{value = "loc(\\"x\\":1:1)"}> : () -> () loc("t.c":4:0)\n')
    got = cfront.simplify_locations(text).splitlines()
    assert got[0].endswith('-> f64 loc("t.c":9:3)')
    assert got[1].endswith('loc("h.h":2:5)')
    assert got[2] == '^bb1(%7: i32 loc(unknown), %8: f64 loc(unknown)):'
    assert got[3] == ('"llvm.mlir.global"() <{value = "loc(\\"x\\":1:1)"}> : () -> () '
                      'loc("t.c":4:1)')


def test_cflags_are_split_as_a_shell_would() -> None:
    assert cfront.split_cflags("-O1 -DX='a b'") == ("-O1", "-DX=a b")
    assert cfront.split_cflags(None) == cfront.DEFAULT_CFLAGS
    with cfront.using_cflags("-O0"):
        assert cfront.default_cflags() == ("-O0",)
    assert cfront.default_cflags() == cfront.DEFAULT_CFLAGS
    with pytest.raises(ActivityError, match="cflags"):
        cfront.split_cflags("-DX='a")


@needs_tools
def test_parse_c_gives_c_positions(prog: Path) -> None:
    m = activity.parse(prog)
    fmul = next(op for op in m.walk() if op.name == "llvm.fmul")
    loc = location_of(fmul)
    assert loc is not None and (loc.file, loc.line) == (str(prog), 7)
    # every op of a function body has a position (its own or its function's)
    f = next(op for op in m.body.block.ops if op.properties.get("sym_name") is not None
             and op.properties["sym_name"].data == "f")
    assert all(location_of(op) is not None for op in f.walk())




@needs_tools
def test_positions_keep_the_whole_path_from_a_sibling_directory(
        prog: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # clang names a file by what it does not share with the working directory: run
    # from a sibling of the file's directory, ops were placed at "<dir>/prog.c"
    here = tmp_path / "elsewhere"
    here.mkdir()
    monkeypatch.chdir(here)
    fmul = next(op for op in activity.parse(prog).walk() if op.name == "llvm.fmul")
    loc = location_of(fmul)
    assert loc is not None and (loc.file, loc.line) == (str(prog), 7)
@needs_tools
@pytest.mark.parametrize("level", ["-O0", "-O1", "-O2"])
def test_report_of_a_c_file_at_each_level(prog: Path, level: str) -> None:
    rc, out, err = cli("report", str(prog), f"--cflags={level}", "--format", "json")
    assert rc == 0, err
    calls = json.loads(out)["autodiff_calls"]
    assert [(c["function"], c["args"]) for c in calls] == [("f", ["dup", "const"])]
    assert calls[0]["location"] == f"{prog}:12:3"


@needs_tools
def test_cflags_reach_clang(prog: Path) -> None:
    ops = {}
    for flags in ("-O0", "-O2"):
        m = activity.parse(prog, cflags=flags)
        ops[flags] = sum(op.name == "llvm.alloca" for op in m.walk())
    assert ops["-O0"] > 0 == ops["-O2"]  # (-O0 keeps every local in an alloca)


@needs_tools
def test_clang_error_is_one_located_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.c"
    bad.write_text("int f(void) {\n  return 1 +;\n}\n")
    rc, out, err = cli("report", str(bad))
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"{bad}:2:")
    assert "error: clang-22: expected expression" in err


@needs_tools
def test_missing_tools_are_named(prog: Path, monkeypatch: Any) -> None:
    monkeypatch.setattr(cfront, "CLANG_NAMES", ("clang-22-missing",))
    with pytest.raises(ActivityError, match="clang-22-missing not found on PATH"):
        activity.parse(prog)
    rc, _, err = cli("grad", str(prog))
    assert rc == 2 and "not found on PATH" in err and err.count("\n") == 1
    monkeypatch.setattr(cfront, "CLANG_NAMES", ("clang-22",))
    monkeypatch.setattr(cfront, "TRANSLATE_NAMES", ("mlir-translate-22-missing",))
    with pytest.raises(ActivityError, match="mlir-translate-22-missing not found"):
        activity.parse(prog)


@needs_tools
def test_generated_mlir_is_cached_and_used_without_clang(
        prog: Path, tmp_path: Path, monkeypatch: Any) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv(cfront.CACHE_ENV, str(cache))
    first = activity.parse(prog)
    assert len(list(cache.glob("*.mlir"))) == 1
    monkeypatch.setattr(cfront, "CLANG_NAMES", ("no-clang",))
    monkeypatch.setattr(cfront, "TRANSLATE_NAMES", ("no-translate",))
    again = activity.parse(prog)
    assert str(again) == str(first)
    with pytest.raises(ActivityError, match="no-clang not found"):  # other flags
        activity.parse(prog, cflags="-O1")
    (tmp_path / "h.h").write_text("#define K 2\n")
    prog.write_text('#include "h.h"\n' + PROG)
    with pytest.raises(ActivityError, match="no-clang not found"):  # other text
        activity.parse(prog)


@needs_tools
def test_ll_input(prog: Path, tmp_path: Path) -> None:
    ll = tmp_path / "prog.ll"
    subprocess.run(["clang-22", "-O1", "-S", "-emit-llvm", str(prog), "-o", str(ll)],
                   check=True)
    m = activity.parse(ll)
    from activity.autodiff_calls import find_calls

    assert [c.args for c in find_calls(m)] == [["dup", "const"]]
    rc, out, err = cli("run", str(ll), "--func", "f", "--inputs", "[[1, 2, 3], 3]")
    assert rc == 0, err
    assert json.loads(out)["results"] == [14.0]
