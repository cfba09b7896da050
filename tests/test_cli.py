"""The `activity` command line: formats, the JSON contract, errors and exit codes."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import activity
from activity.cli import main

ROOT = Path(__file__).resolve().parent.parent
QUICK = ROOT / "examples" / "quickstart.mlir"

PROG = """func.func @f(%x: f64 {tag = "x"}, %m: memref<4xf64> {tag = "m"}, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %k = arith.constant {tag = "k"} 2.0 : f64
  %l = memref.load %m[%c0] {tag = "l"} : memref<4xf64>
  %y = arith.mulf %x, %l {tag = "y"} : f64
  %z = arith.mulf %k, %k {tag = "z"} : f64
  %r = arith.addf %y, %z {tag = "r"} : f64
  func.return %r : f64
}
"""


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run the CLI in-process (fast); ``main`` returns the exit status."""
    out, err = io.StringIO(), io.StringIO()
    old_in = sys.stdin
    try:
        if stdin is not None:
            sys.stdin = io.StringIO(stdin)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                rc = main(list(args))
            except SystemExit as e:  # argparse usage errors
                rc = int(e.code or 0)
    finally:
        sys.stdin = old_in
    return subprocess.CompletedProcess(list(args), rc, out.getvalue(), err.getvalue())


def run_cli_process(*args: str) -> subprocess.CompletedProcess[str]:
    """The real entry point, in a subprocess."""
    return subprocess.run([sys.executable, "-m", "activity", *args], capture_output=True,
                          text=True, cwd=ROOT)


@pytest.fixture
def prog(tmp_path: Path) -> Path:
    p = tmp_path / "prog.mlir"
    p.write_text(PROG)
    return p


def test_text_report_on_the_quickstart_example(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(QUICK)]) == 0
    out = capsys.readouterr().out
    assert "@quickstart:" in out and "ops inactive" in out
    assert "ACTIVE" in out and "const" in out


def test_json_contract(prog: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(prog), "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    f = doc["functions"]["f"]
    assert f["values"]["x"] == {"varied": True, "useful": True, "active": True}
    assert f["values"]["k"]["varied"] is False and f["values"]["k"]["useful"] is True
    assert f["values"]["z"]["active"] is False
    assert f["values"]["y"]["active"] is True and f["values"]["l"]["active"] is True
    assert f["stats"] == {"ops": 7, "active_ops": 4, "values": 9, "active_values": 5}


def test_args_spec_changes_the_answer(prog: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(prog), "--format", "json", "--args", "x=const,m=dup"]) == 0
    f = json.loads(capsys.readouterr().out)["functions"]["f"]
    assert f["values"]["x"]["active"] is False and f["values"]["l"]["active"] is True
    assert main(["report", str(prog), "--format", "json", "--args", "active,const,const"]) == 0
    f = json.loads(capsys.readouterr().out)["functions"]["f"]
    assert f["values"]["l"]["active"] is False


def test_enzyme_format(prog: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(prog), "--format", "enzyme"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "@f:"
    assert '"x": Active' in lines and '"z": Constant' in lines and '"k": Constant' in lines


def test_mlir_format_round_trips(prog: Path, tmp_path: Path) -> None:
    out = tmp_path / "annotated.mlir"
    assert main(["report", str(prog), "--format", "mlir", "-o", str(out)]) == 0
    m = activity.parse(out)
    ops = {op.attributes["tag"].data: op for op in m.walk() if "tag" in op.attributes}
    assert ops["y"].attributes["activity.op"].data == "active"
    assert ops["z"].attributes["activity.op"].data == "const"


def test_stdin(capsys: pytest.CaptureFixture[str]) -> None:
    proc = run_cli("report", "-", "--format", "enzyme", stdin=PROG)
    assert proc.returncode == 0, proc.stderr
    assert '"y": Active' in proc.stdout


@pytest.mark.parametrize("args,needle", [
    (["report", "missing.mlir"], "missing.mlir: error: cannot read file"),
    (["report", "{prog}", "--func", "nope"], "error: unknown function '@nope'"),
    (["report", "{prog}", "--args", "active"], "takes 3 argument(s) but the activity spec gives 1"),
    (["report", "{prog}", "--args", "x=dup"], "argument 'x' of type f64 is a scalar"),
    (["report", "{prog}", "--args", "q=const"], "no argument named 'q'"),
])
def test_bad_input_is_one_line_exit_2(prog: Path, args: list[str], needle: str) -> None:
    proc = run_cli(*[a.replace("{prog}", str(prog)) for a in args])
    assert proc.returncode == 2
    assert needle in proc.stderr
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_malformed_ir_reports_file_line_col(tmp_path: Path) -> None:
    p = tmp_path / "bad.mlir"
    p.write_text("func.func @f(%x: f64) -> f64 {\n  %y = arith.mulf %x, %q : f64\n"
                 "  func.return %y : f64\n}\n")
    proc = run_cli("report", str(p))
    assert proc.returncode == 2
    assert proc.stderr.startswith(f"{p}:2:")
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("text,at,needle", [
    # xDSL's own verifier raises a plain Exception here (a traceback, user test)
    ("func.func @f(%m: memref<?x?xf64>) -> f64 {\n  %c0 = arith.constant 0 : index\n"
     "  %v = memref.load %m[%c0] : memref<?x?xf64>\n  func.return %v : f64\n}\n",
     "3:8", "'memref.load' op expected an index for each dimension"),
    # xDSL does not compare a branch's operands with its successor's arguments
    ("func.func @f(%x: f64) -> f64 {\n  cf.br ^bb1(%x : f64)\n"
     "^bb1(%a: f64, %b: f64):\n  func.return %a : f64\n}\n",
     "2:3", "'cf.br' op passes 1 value(s) to successor #0, which takes 2"),
    ("func.func @f(%x: f64, %c: i1) -> f64 {\n  cf.cond_br %c, ^bb1(%x : f64), ^bb2\n"
     "^bb1(%a: f64):\n  func.return %a : f64\n^bb2(%b: f64):\n  func.return %b : f64\n}\n",
     "2:3", "'cf.cond_br' op passes 0 value(s) to successor #1, which takes 1"),
    ("func.func @f(%x: f64) -> f64 {\n  cf.br ^bb1(%x : f64)\n"
     "^bb1(%a: f32):\n  func.return %x : f64\n}\n",
     "2:3", "'cf.br' op passes a value of type f64 to argument 0 of successor #0, of type f32"),
])
def test_invalid_ir_the_verifier_missed_is_one_line(tmp_path: Path, text: str, at: str,
                                                     needle: str) -> None:
    p = tmp_path / "bad.mlir"
    p.write_text(text)
    for cmd in (["report"], ["grad", "--func", "f", "--emit", "llvm"]):
        proc = run_cli(cmd[0], str(p), *cmd[1:])
        assert proc.returncode == 2, proc.stderr
        assert proc.stderr.strip() == f"{p}:{at}: error: {needle}"


def test_an_internal_error_is_one_line_exit_3(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug of ours (here: one planted in the report) prints one line naming the
    file, not a traceback; ACTIVITY_TRACEBACK=1 shows it."""
    import activity.cli as cli

    def broken(ns: object) -> int:
        raise ZeroDivisionError("planted")

    monkeypatch.setattr(cli, "_report", broken)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert main(["report", "x.mlir"]) == 3
    assert err.getvalue() == ("x.mlir: internal error: ZeroDivisionError: planted (a bug in "
                              "activity; ACTIVITY_TRACEBACK=1 shows where)\n")
    monkeypatch.setenv("ACTIVITY_TRACEBACK", "1")
    with pytest.raises(ZeroDivisionError):
        main(["report", "x.mlir"])


def test_unknown_op_warns_and_strict_fails(tmp_path: Path) -> None:
    p = tmp_path / "u.mlir"
    p.write_text('func.func @f(%x: f64) -> f64 {\n  %y = "my.op"(%x) : (f64) -> f64\n'
                 "  func.return %y : f64\n}\n")
    proc = run_cli("report", str(p))
    assert proc.returncode == 0
    assert f"{p}:2:8: warning: op 'my.op' is outside the analysed subset" in proc.stderr
    proc = run_cli("report", str(p), "--strict")
    assert proc.returncode == 2
    assert f"{p}:2:8: error: op 'my.op'" in proc.stderr


def test_help_has_examples() -> None:
    proc = run_cli_process("report", "--help")
    assert proc.returncode == 0 and "examples:" in proc.stdout
    proc = run_cli()
    assert proc.returncode == 2


def test_deep_nesting_is_analysed(tmp_path: Path) -> None:
    depth = 200
    body = f"%v{depth} = arith.mulf %x, %x : f64"
    for i in reversed(range(depth)):
        body = (f"%v{i} = scf.if %c -> (f64) {{\n{body}\nscf.yield %v{i + 1} : f64\n"
                f"}} else {{\nscf.yield %x : f64\n}}")
    p = tmp_path / "deep.mlir"
    p.write_text(f"func.func @f(%x: f64, %c: i1) -> f64 {{\n{body}\nfunc.return %v0 : f64\n}}\n")
    m = activity.parse(p)
    r = activity.analyze(m, "f")
    st = r.stats("f")
    assert st.ops == 3 * depth + 2
    assert st.active_ops == st.ops  # the derivative flows out through all 200 levels
    proc = run_cli_process("report", str(p), "--format", "json")
    assert proc.returncode == 0, proc.stderr[-500:]


def test_grad_emits_llvm_and_object_code(tmp_path: Path) -> None:
    poly = str(ROOT / "examples" / "poly.mlir")
    proc = run_cli("grad", poly, "--func", "f", "--emit", "llvm")
    assert proc.returncode == 0, proc.stderr
    assert "define double @f_grad(" in proc.stdout
    # by default only the adds summing an adjoint's contributions may be reordered
    fops = re.findall(r"= (fadd|fmul|fsub)( reassoc)?", proc.stdout)
    assert ("fadd", " reassoc") in fops and ("fmul", "") in fops, fops
    assert ("fmul", " reassoc") not in fops
    proc = run_cli("grad", poly, "--func", "f", "--emit", "llvm", "--strict-adjoints")
    assert proc.returncode == 0 and " reassoc " not in proc.stdout, proc.stderr
    proc = run_cli("grad", poly, "--func", "f", "--emit", "llvm", "--reassoc")
    assert proc.returncode == 0 and " reassoc " in proc.stdout, proc.stderr
    assert not re.findall(r"= (fadd|fmul|fsub) (?!reassoc)", proc.stdout)
    obj = tmp_path / "f.o"
    proc = run_cli("grad", poly, "--func", "f", "--emit", "obj", "-o", str(obj))
    assert proc.returncode == 0, proc.stderr
    assert obj.read_bytes()[:4] == b"\x7fELF"
    proc = run_cli("grad", poly, "--func", "f", "--emit", "obj")
    assert proc.returncode == 2 and "give -o FILE" in proc.stderr


def test_an_unknown_gpu_architecture_is_refused(prog: Path) -> None:
    """``--arch banana`` wrote ``.target banana`` and a dozen LLVM complaints (user
    test); every NVPTX processor LLVM knows is taken."""
    proc = run_cli("grad", str(prog), "--func", "f", "--emit", "ptx", "--arch", "banana")
    assert proc.returncode == 2
    assert "argument --arch: unknown GPU architecture 'banana' (e.g. sm_80" in proc.stderr
    from activity.codegen.emit import _arch

    for ok in ("sm_50", "sm_80", "sm_86", "sm_90", "sm_90a", "sm_100a", "sm_120f"):
        assert _arch(ok) == ok
    for bad in ("sm_64", "sm_81", "sm_90b", "compute_80", "sm_80 "):
        with pytest.raises(argparse.ArgumentTypeError):
            _arch(bad)


@pytest.mark.parametrize("inputs,needle", [
    ("[0.3, 2.0, [1, 2, 3], 3.9]",
     "argument 3 ('n', index) of @quickstart: expected an integer, got 3.9"),
    ('[0.3, 2.0, [1, 2, 3], "3"]',
     "argument 3 ('n', index) of @quickstart: expected an integer, got \"3\""),
    ("[0.3, 2.0, [1, 2, 3], true]",
     "argument 3 ('n', index) of @quickstart: expected an integer, got true"),
    ('["0.3", 2.0, [1, 2, 3], 3]',
     "argument 0 ('x', f64) of @quickstart: expected a number, got \"0.3\""),
    ("[0.3, 2.0, [1, null, 3], 3]", "expected numbers in nested lists, got null"),
    ("[0.3, 2.0, [[1, 2]], 3]",
     "argument 2 ('buf', memref<?xf64>) of @quickstart: expected shape ?, got 1x2"),
    ("[0.3, 2.0, 5, 3]", "expected numbers in nested lists, got 5"),
])
def test_run_takes_inputs_of_the_types_it_is_given(inputs: str, needle: str) -> None:
    """``activity run --inputs`` took 3.9, "3" and true for an index (as 3, 3, 1) and
    null inside an array (as NaN): user test.  Each is a one-line error now."""
    quick = str(ROOT / "examples" / "quickstart.mlir")
    proc = run_cli("run", quick, "--func", "quickstart", "--inputs", inputs)
    assert proc.returncode == 2, proc.stderr
    line = proc.stderr.strip()
    assert "\n" not in line and line.startswith(f"{quick}: error: --inputs: argument ")
    assert line.endswith(needle), line
    ok = run_cli("run", quick, "--func", "quickstart", "--inputs", "[0.3, 2, [1, 2, 3], 3]")
    assert ok.returncode == 0 and json.loads(ok.stdout)["results"][0] == pytest.approx(
        19.4699737546825)


@pytest.mark.parametrize("name", ["ptr0", "identity_layout", "memory_space0"])
def test_a_branch_between_two_spellings_of_one_type_is_valid(name: str) -> None:
    """``!llvm.ptr`` into ``!llvm.ptr<0>``, ``memref<4xf64>`` into its identity layout or
    memory space 0: one type spelled two ways, which mlir-opt-22 accepts (review: the
    successor check refused them)."""
    proc = run_cli("report", str(ROOT / "tests" / "data" / "branches" / f"{name}.mlir"))
    assert proc.returncode == 0, proc.stderr


def test_run_names_the_op_that_failed() -> None:
    """An interpreter error names the op's place, as the compiled code's BoundsError
    does (user test: ``run failed: memref.load index 3 out of bounds [0, 3)`` had none);
    inside a callee too."""
    quick = str(ROOT / "examples" / "quickstart.mlir")
    proc = run_cli("run", quick, "--func", "quickstart", "--inputs", "[0.3, 2.0, [1, 2, 3], 4]")
    assert proc.returncode == 2
    assert proc.stderr.strip() == (f"{quick}:34:10: error: run failed: memref.load index 3 "
                                   "out of bounds [0, 3)")
    from activity.semantics import Interpreter, InterpreterError

    m = activity.parse("""
func.func @get(%a: memref<?xf64>, %i: index) -> f64 {
  %v = memref.load %a[%i] : memref<?xf64>
  return %v : f64
}
func.func @outer(%a: memref<?xf64>, %i: index) -> f64 {
  %c1 = arith.constant 1 : index
  %j = arith.addi %i, %c1 : index
  %v = func.call @get(%a, %j) : (memref<?xf64>, index) -> f64
  return %v : f64
}
""")
    import numpy as np

    with pytest.raises(InterpreterError) as e:
        Interpreter(m).run("outer", [np.zeros(3), 2])
    assert activity.frontend.location_of(e.value.op).line == 3  # type: ignore[attr-defined]
