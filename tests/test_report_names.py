"""Reports on untagged code (C imported by mlir-translate): every value has a readable,
stable name in the text, JSON and Enzyme formats (issue 31 item 7)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from activity.cli import main

C = Path(__file__).resolve().parent.parent / "examples" / "c"
DOT = C / "dot.mlir"

TAGGED = """func.func @f(%x: f64 {tag = "x"}, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %y = arith.mulf %x, %x {tag = "y"} : f64
  %0 = arith.mulf %y, %x : f64
  func.return %0 : f64
}
"""

NESTED = """func.func @g(%x: f64, %n: index) -> f64 {
  %0 = arith.constant 0 : index
  %1 = arith.constant 1 : index
  %2 = scf.for %i = %0 to %n step %1 iter_args(%acc = %x) -> (f64) {
    %3 = arith.mulf %acc, %x : f64
    scf.yield %3 : f64
  }
  %4 = scf.for %i = %0 to %n step %1 iter_args(%acc = %2) -> (f64) {
    %5 = arith.addf %acc, %acc : f64
    scf.yield %5 : f64
  }
  return %4 : f64
}
"""


def _report(path: Path, fmt: str, capsys: pytest.CaptureFixture[str],
            mode: str = "whole-program") -> str:
    assert main(["report", str(path), "--format", fmt, "--mode", mode]) == 0
    return capsys.readouterr().out


MODES = pytest.mark.parametrize("mode", ["whole-program", "summaries"])


@MODES
def test_text_names_c_values_as_in_the_source(mode: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = _report(DOT, "text", capsys, mode)
    assert "%?" not in out
    lines = out.splitlines()
    # dot.mlir line 17 is `%7 = llvm.call tail @malloc`, line 39 `%20 = llvm.intr.fmuladd`
    assert any(ln.split()[:1] == ["17:10"] and "%7 = llvm.call" in ln for ln in lines)
    assert any(ln.split()[:1] == ["39:11"] and "%20 = llvm.intr.fmuladd" in ln
               for ln in lines)


@MODES
def test_json_covers_untagged_values(mode: str, capsys: pytest.CaptureFixture[str]) -> None:
    f = json.loads(_report(DOT, "json", capsys, mode))["functions"]["dot"]
    assert f["values"] == {}  # no tags: the tag-keyed map stays as it was
    ssa = f["ssa"]
    assert ssa["%20"]["active"] is True and ssa["%20"]["op_active"] is True
    assert ssa["%20"]["at"].endswith("dot.mlir:39:11")
    assert ssa["%13"]["active"] is True and "op_active" not in ssa["%13"]  # block arg
    assert ssa["%21"]["active"] is False and ssa["%2"]["useful"] is True
    assert ssa["%arg2"]["active"] is False and ssa["%arg0"]["active"] is True
    assert len(ssa) == 26  # 3 arguments, 20 op results, 3 block arguments


@MODES
def test_enzyme_covers_untagged_values(mode: str, capsys: pytest.CaptureFixture[str]) -> None:
    lines = _report(DOT, "enzyme", capsys, mode).splitlines()
    assert lines[0] == "@dot:"
    assert "%20: Active" in lines and "%0: Constant" in lines and "%arg2: Constant" in lines


def test_tagged_entries_unchanged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "t.mlir"
    p.write_text(TAGGED)
    f = json.loads(_report(p, "json", capsys))["functions"]["f"]
    assert set(f["values"]) == {"x", "y"}
    assert f["values"]["y"] == {"varied": True, "useful": True, "active": True,
                                "op_active": True}
    assert set(f["ssa"]) == {"%x", "%n", "%c0", "%y", "%0"}
    lines = _report(p, "enzyme", capsys).splitlines()
    assert lines == ["@f:", '"x": Active', '"y": Active', "%n: Constant", "%c0: Constant",
                     "%0: Active"]


def test_names_are_unique_per_function(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "n.mlir"
    p.write_text(NESTED)
    ssa = json.loads(_report(p, "json", capsys))["functions"]["g"]["ssa"]
    assert list(ssa) == ["%x", "%n", "%0", "%1", "%2", "%i", "%acc", "%3", "%4", "%i_1",
                         "%acc_1", "%5"]
    assert ssa["%acc_1"]["active"] is True and ssa["%i_1"]["active"] is False


@pytest.mark.parametrize("name", ["dot.mlir", "dot.generic.mlir", "special.mlir",
                                  "special.generic.mlir"])
def test_text_names_match_the_source_text(name: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Every ``LINE:COL ... %names = op`` line of the report names the results as the
    source line does, in the custom form (read through mlir-opt) and the generic form
    (numbered across the module, not per function)."""
    src = (C / name).read_text().splitlines()
    checked = 0
    for line in _report(C / name, "text", capsys).splitlines():
        m = re.match(r"\s+(\d+):(\d+) \S+\s+(%.*?) = ", line)
        if m:
            prefix = src[int(m[1]) - 1][: int(m[2]) - 1]
            assert prefix.strip().removesuffix("=").strip() == m[3], line
            checked += 1
    assert checked >= 20
