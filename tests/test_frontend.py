"""Tests of the input front end: text/path input, errors with positions, source
locations, the mlir-opt generic-form fallback, deep nesting, and the examples."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from xdsl.dialects.arith import AddfOp
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.ir import Operation

from activity import frontend
from activity.errors import ActivityError
from activity.frontend import location_of, make_context, parse

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

SAMPLE = """\
func.func @f(%x: f64 {tag = "x"}, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f64) {
    %y = arith.mulf %acc, %x {tag = "y"} : f64
    scf.yield %y : f64
  }
  func.return %r : f64
}
"""

CMPF_WITH_ATTRS = """\
func.func @f(%a: f64, %b: f64) -> i1 {
  %c = arith.cmpf olt, %a, %b {tag = "c"} : f64
  func.return %c : i1
}
"""

MALFORMED = """\
func.func @f(%a: f64) -> f64 {
  %x = arith.addf %a : f64
  func.return %x : f64
}
"""


@pytest.fixture
def no_mlir_opt(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Hide mlir-opt(-22), as on a machine without mlir-22-tools."""
    monkeypatch.setenv("PATH", str(tmp_path))
    assert frontend._find_mlir_opt() is None


@pytest.fixture
def mlir_opt() -> str:
    """The mlir-opt on PATH; skips the test where LLVM's tools are absent."""
    tool = frontend._find_mlir_opt()
    if tool is None:
        pytest.skip("mlir-opt-22 not installed (apt install mlir-22-tools)")
    return tool


def by_tag(module: ModuleOp, tag: str) -> Operation:
    """The unique op carrying ``tag = "<tag>"``."""
    found = [
        op
        for op in module.walk()
        if isinstance(t := op.attributes.get("tag"), StringAttr) and t.data == tag
    ]
    assert len(found) == 1, f"{len(found)} ops tagged {tag!r}"
    return found[0]


def by_name(module: ModuleOp, name: str) -> list[Operation]:
    return [op for op in module.walk() if op.name == name]


# --------------------------------------------------------------------------
# ActivityError


def test_activity_error_renders_only_known_parts() -> None:
    assert str(ActivityError("boom", file="a.mlir", line=3, col=7)) == ("a.mlir:3:7: error: boom")
    assert str(ActivityError("boom", file="a.mlir", line=3)) == "a.mlir:3: error: boom"
    assert str(ActivityError("boom", file="a.mlir")) == "a.mlir: error: boom"
    assert str(ActivityError("boom")) == "error: boom"
    # A column without a line is meaningless and dropped.
    assert str(ActivityError("boom", file="a.mlir", col=7)) == "a.mlir: error: boom"
    err = ActivityError("boom", file="a.mlir", line=3, col=7)
    assert (err.message, err.file, err.line, err.col) == ("boom", "a.mlir", 3, 7)


# --------------------------------------------------------------------------
# Text and path input


def test_make_context_knows_dialects_and_allows_unregistered() -> None:
    ctx = make_context()
    assert ctx.allow_unregistered
    assert {"arith", "scf", "memref", "llvm", "cf", "math"} <= set(ctx.registered_dialect_names)


def test_parse_text_names_locations_after_name_argument() -> None:
    module = parse(SAMPLE, name="sample.mlir")
    assert isinstance(module, ModuleOp)
    assert location_of(by_tag(module, "y")) == ("sample.mlir", 5, 10)
    anonymous = parse(SAMPLE)
    assert location_of(by_tag(anonymous, "y")) == ("<string>", 5, 10)


def test_parse_path_and_str_path_agree(tmp_path: Path) -> None:
    path = tmp_path / "sample.mlir"
    path.write_text(SAMPLE)
    from_path = parse(path)
    from_str = parse(str(path))
    assert [op.name for op in from_path.walk()] == [op.name for op in from_str.walk()]
    assert location_of(by_tag(from_path, "y")) == (str(path), 5, 10)
    assert location_of(by_tag(from_str, "y")) == (str(path), 5, 10)
    assert location_of(by_tag(parse(path, name="shown.mlir"), "y")) == ("shown.mlir", 5, 10)


@pytest.mark.parametrize("as_path", [True, False], ids=["Path", "str"])
def test_missing_file_is_a_one_line_error_naming_the_path(tmp_path: Path, as_path: bool) -> None:
    missing = tmp_path / "nope" / "missing.mlir"
    with pytest.raises(ActivityError) as info:
        parse(missing if as_path else str(missing))
    err = info.value
    assert err.file == str(missing)
    assert str(err) == f"{missing}: error: cannot read file: No such file or directory"
    # No chained traceback: the OSError is suppressed.
    assert err.__cause__ is None and err.__suppress_context__


def test_directory_is_unreadable(tmp_path: Path) -> None:
    with pytest.raises(ActivityError, match="cannot read file"):
        parse(tmp_path)


def test_blank_input_is_an_empty_module(no_mlir_opt: None) -> None:
    """Like MLIR, and without needing mlir-opt to say so."""
    module = parse("// only a comment\n\n")
    assert isinstance(module, ModuleOp) and not module.body.block.ops


# --------------------------------------------------------------------------
# Errors carry file:line:col


def test_malformed_ir_without_mlir_opt(no_mlir_opt: None) -> None:
    with pytest.raises(ActivityError) as info:
        parse(MALFORMED, name="bad.mlir")
    err = info.value
    assert (err.file, err.line, err.col) == ("bad.mlir", 2, 22)
    assert str(err).startswith("bad.mlir:2:22: error: Expected ','")
    assert "\n" not in str(err)
    assert "mlir-22-tools" in str(err)


def test_malformed_ir_reported_by_mlir_opt(mlir_opt: str) -> None:
    with pytest.raises(ActivityError) as info:
        parse(MALFORMED, name="bad.mlir")
    # mlir-opt's own diagnostic, at the original file's position.
    assert str(info.value) == "bad.mlir:2:21: error: expected ','"


def test_error_in_file_reports_the_path(tmp_path: Path, no_mlir_opt: None) -> None:
    path = tmp_path / "bad.mlir"
    path.write_text(MALFORMED)
    with pytest.raises(ActivityError, match=r"bad\.mlir:2:22: error: "):
        parse(path)


def test_unknown_op_in_custom_form_is_named(no_mlir_opt: None) -> None:
    text = "func.func @f() {\n  llvm.module_flags [1]\n  func.return\n}\n"
    with pytest.raises(ActivityError) as info:
        parse(text, name="u.mlir")
    assert str(info.value).startswith("u.mlir:2:3: error: xDSL does not know 'llvm.module_flags'")


def test_verifier_error_points_at_the_op() -> None:
    text = (
        "func.func @f(%a: f64) -> i32 {\n"
        "  %x = arith.addf %a, %a : f64\n"
        "  func.return %x : f64\n"
        "}\n"
    )
    with pytest.raises(ActivityError) as info:
        parse(text, name="v.mlir")
    err = info.value
    assert (err.file, err.line, err.col) == ("v.mlir", 3, 3)
    assert "func.return" in err.message and "\n" not in str(err)


# --------------------------------------------------------------------------
# String literals: linear time, one error line


_COMMANDS = [
    ["report"], ["summarize"], ["compare"], ["verify", "--func", "f", "--timeout", "5"],
    ["grad", "--func", "f"], ["run", "--func", "f", "--inputs", "[1.0]"],
]


def _tagged(tag: str) -> str:
    return f'func.func @f(%x: f64 {{tag = "{tag}}}) -> f64 {{\n  func.return %x : f64\n}}\n'


@pytest.mark.parametrize("command", _COMMANDS, ids=lambda c: c[0])
@pytest.mark.parametrize(("text", "where"), [('"abc', "1:1"), (_tagged("abc"), "1:29"),
                                             ('// c\n  "ab\\"\n', "2:3")],
                         ids=["top", "tag", "escaped-quote"])
def test_unterminated_string_is_one_error_line_in_every_command(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str], text: str,
        where: str) -> None:
    from activity.cli import main

    path = tmp_path / "s.mlir"
    path.write_text(text)
    assert main([command[0], str(path), *command[1:]]) == 2
    assert capsys.readouterr().err == f"{path}:{where}: error: unterminated string\n"


@pytest.mark.parametrize(("text", "message", "where"), [
    ('func.func @f() attributes {a = "x\\qy"} {\n  func.return\n}\n',
     "unknown escape '\\q' in string", (1, 34)),
    ('func.func @f() attributes {a = "x\\4"} {\n  func.return\n}\n',
     "unknown escape '\\4' in string", (1, 34)),
    ('func.func @f() attributes {a = "x\vy"} {\n  func.return\n}\n',
     "unterminated string", (1, 32)),
    ('func.func @f() attributes {a = "x\\', "unterminated string", (1, 32)),
])
def test_malformed_string_literals_are_named(text: str, message: str,
                                             where: tuple[int, int]) -> None:
    with pytest.raises(ActivityError) as info:
        parse(text, name="s.mlir")
    assert (info.value.message, (info.value.line, info.value.col)) == (message, where)


def test_well_formed_strings_and_comments_pass_the_scan() -> None:
    text = ('// a "comment with an unclosed quote\n'
            'func.func @f() attributes {a = "x // not a comment", b = "\\"\\\\\\n\\t\\4A",'
            ' c = ""} {\n  func.return  // "\n}\n')
    attrs = parse(text).body.block.first_op.attributes  # type: ignore[union-attr]
    assert attrs["a"] == StringAttr("x // not a comment")
    assert attrs["b"] == StringAttr('"\\\n\tJ')


_PATHOLOGICAL = r"""
import sys, time
from xdsl.utils.exceptions import ParseError
from activity.errors import ActivityError
from activity.frontend import _LinearParser, make_context, parse
texts = ['"' + 'a' * 40, '"' + 'a' * 40 + '\\q"', TAGGED,
         'func.func @f() attributes {a = "' + 'a' * 5000 + '\n}']
for text in texts:
    t = time.perf_counter()
    try:
        parse(text, name="p.mlir")
    except ActivityError as err:
        print(err)
    try:  # xDSL's parser on the linear lexer, without the scan that comes first
        _LinearParser(make_context(), text, "p.mlir").parse_module()
    except ParseError:
        pass
    assert time.perf_counter() - t < 5, text
""".replace("TAGGED", repr(_tagged("a" * 40)))


def test_pathological_strings_take_linear_time() -> None:
    """xDSL's own lexer took 31 s on a quote and 30 letters, and did not finish on 40
    (exponential backtracking): run in a subprocess so that a regression fails rather
    than hangs."""
    root = Path(__file__).resolve().parent.parent
    proc = subprocess.run([sys.executable, "-c", _PATHOLOGICAL], cwd=root, timeout=60,
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        "p.mlir:1:1: error: unterminated string",
        "p.mlir:1:42: error: unknown escape '\\q' in string",
        "p.mlir:1:29: error: unterminated string",
        "p.mlir:1:32: error: unterminated string",
    ]


# --------------------------------------------------------------------------
# SSA dominance


_SELF_USE = """\
func.func @f(%x: f64, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f64) {
    %y = arith.mulf %acc, %r : f64
    scf.yield %y : f64
  }
  func.return %r : f64
}
"""
_USE_BEFORE_DEF = """\
func.func @f(%x: f64) -> f64 {
  %a = arith.mulf %x, %b : f64
  %b = arith.addf %x, %x : f64
  func.return %a : f64
}
"""
_NOT_DOMINATING_BLOCK = """\
func.func @f(%x: f64, %c: i1) -> f64 {
  cf.cond_br %c, ^a, ^b
^a:
  %y = arith.mulf %x, %x : f64
  cf.br ^j
^b:
  cf.br ^j
^j:
  %z = arith.addf %y, %x : f64
  func.return %z : f64
}
"""
_NESTED_BEFORE_DEF = """\
func.func @f(%x: f64, %c: i1) -> f64 {
  %r = scf.if %c -> (f64) {
    scf.yield %b : f64
  } else {
    scf.yield %x : f64
  }
  %b = arith.addf %x, %x : f64
  func.return %r : f64
}
"""
_OWN_RESULT = """\
func.func @f(%x: f64) -> f64 {
  %a = arith.addf %x, %a : f64
  func.return %a : f64
}
"""
_ISOLATED = """\
%0 = "test.op"() : () -> f64
llvm.func @f() -> f64 {
  llvm.return %0 : f64
}
"""


@pytest.mark.parametrize(("text", "where", "message"), [
    (_SELF_USE, (5, 10), "'arith.mulf' op operand #1 (%r) is a result of the enclosing "
     "'scf.for' at 4:8, not defined inside its regions"),
    (_USE_BEFORE_DEF, (2, 8), "'arith.mulf' op operand #1 (%b) is used before its "
     "definition at 3:8"),
    (_NOT_DOMINATING_BLOCK, (9, 8), "'arith.addf' op operand #0 (%y) is defined at 4:8 in a "
     "block that does not dominate this use"),
    (_NESTED_BEFORE_DEF, (3, 5), "'scf.yield' op operand #0 (%b) is used before its "
     "definition at 7:8"),
    (_OWN_RESULT, (2, 8), "'arith.addf' op operand #1 (%a) is its own result"),
    (_ISOLATED, (3, 3), "'llvm.return' op operand #0 is defined at 1:6 outside the "
     "enclosing 'llvm.func', which is isolated from above"),
], ids=["self-use", "use-before-def", "cfg", "nested", "own-result", "isolated"])
def test_dominance_violation_is_one_error_line(text: str, where: tuple[int, int],
                                               message: str) -> None:
    with pytest.raises(ActivityError) as info:
        parse(text, name="d.mlir")
    assert (info.value.file, (info.value.line, info.value.col), info.value.message) == (
        "d.mlir", where, message)


@pytest.mark.parametrize("command", _COMMANDS, ids=lambda c: c[0])
@pytest.mark.parametrize("text", [_SELF_USE, _NOT_DOMINATING_BLOCK], ids=["for", "cfg"])
def test_dominance_violation_in_every_command(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              command: list[str], text: str) -> None:
    """(``verify`` stopped with ``internal error: KeyError``; ``report`` answered.)"""
    from activity.cli import main

    path = tmp_path / "d.mlir"
    path.write_text(text)
    assert main([command[0], str(path), *command[1:]]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{path}:") and ": error: 'arith." in err and err.count("\n") == 1


@pytest.mark.parametrize("text", [
    # a loop in the CFG: the header's argument and values flow around the back edge
    """func.func @f(%x: f64, %c: i1) -> f64 {
  cf.br ^h(%x : f64)
^h(%v: f64):
  %n = arith.addf %v, %x : f64
  cf.cond_br %c, ^h(%n : f64), ^e
^e:
  func.return %n : f64
}""",
    # an unreachable block may use what it likes (as in MLIR), even its own later values
    """func.func @f(%x: f64) -> f64 {
  cf.br ^a
^a:
  %y = arith.mulf %x, %x : f64
  func.return %y : f64
^dead:
  %z = arith.addf %w, %y : f64
  %w = arith.addf %z, %z : f64
  cf.br ^a
}""",
    # the regions of an op xDSL does not know may be graph regions (as MLIR assumes)
    """func.func @f(%x: f64) -> f64 {
  "foo.graph"() ({
    %a = "foo.x"(%b) : (f64) -> f64
    %b = "foo.y"(%a, %x) : (f64, f64) -> f64
  }) : () -> ()
  func.return %x : f64
}""",
    # a use in the entry block of values of the enclosing function's entry
    SAMPLE,
], ids=["loop", "unreachable", "graph", "nested"])
def test_dominance_accepts_what_mlir_accepts(text: str) -> None:
    parse(text)


# --------------------------------------------------------------------------
# What else xDSL's verifier leaves out (activity.wellformed)


def _compare(op: str) -> str:
    return ("func.func @f(%x: f64, %y: f64, %a: i64, %b: i64) -> f64 {\n"
            f"  %c = {op}\n"
            "  %r = arith.select %c, %x, %y : f64\n"
            "  func.return %r : f64\n}\n")


_LLVM_FUNC = ('"llvm.func"() <{{function_type = !llvm.func<f64 ({params})>, sym_name = "f", '
              'linkage = #llvm.linkage<external>, CConv = #llvm.cconv<ccc>, '
              'visibility_ = 0 : i64}}> ({{\n^bb0({args}):\n{body}}}) : () -> ()\n')


@pytest.mark.parametrize(("text", "where", "message"), [
    (_compare('"arith.cmpi"(%a, %b) <{predicate = 99 : i64}> : (i64, i64) -> i1'), (2, 8),
     "'arith.cmpi' op predicate 99 is out of range (0 to 9)"),
    (_compare('"arith.cmpf"(%x, %y) <{predicate = 16 : i64, fastmath = #arith.fastmath<none>}>'
              ' : (f64, f64) -> i1'), (2, 8),
     "'arith.cmpf' op predicate 16 is out of range (0 to 15)"),
    (_compare('"llvm.icmp"(%a, %b) <{predicate = -1 : i64}> : (i64, i64) -> i1'), (2, 8),
     "'llvm.icmp' op predicate -1 is out of range (0 to 9)"),
    (_compare('"llvm.fcmp"(%x, %y) <{predicate = 99 : i64, fastmathFlags = '
              '#llvm.fastmath<none>}> : (f64, f64) -> i1'), (2, 8),
     "'llvm.fcmp' op predicate 99 is out of range (0 to 15)"),
    (_LLVM_FUNC.format(params="f64", args="%p: !llvm.ptr", body=(
        '  %v = "llvm.load"(%p) <{ordering = -1 : i64}> : (!llvm.ptr) -> f64\n'
        '  "llvm.return"(%v) : (f64) -> ()\n')).replace("f64 (f64)", "f64 (!llvm.ptr)"),
     (3, 8), "'llvm.load' op ordering -1 is not an atomic ordering (one of [0, 1, 2, 4, 5, 6, 7])"),
    (_LLVM_FUNC.format(params="f64, f64", args="%x: f64",
                       body='  "llvm.return"(%x) : (f64) -> ()\n'), (1, 1),
     "'llvm.func' op entry block must have 2 arguments to match the function signature, has 1"),
    (_LLVM_FUNC.format(params="f64", args="%x: f32", body=(
        '  %y = "llvm.fpext"(%x) : (f32) -> f64\n  "llvm.return"(%y) : (f64) -> ()\n')),
     (1, 1), "'llvm.func' op entry block argument #0 (f32) does not match the type of "
     "parameter #0 in the signature (f64)"),
    ("func.func @f(%x: f64, %c: i1) -> f64 {\n  %r = scf.if %c -> (f64) {\n"
     "    scf.yield %x : f64\n  } else {\n    %y = arith.mulf %x, %x : f64\n  }\n"
     "  func.return %r : f64\n}\n", (2, 8),
     "'scf.if' op region #1 yields 0 value(s) but 1 are expected (the results)"),
    ("func.func @f(%x: f64, %c: i1) -> f64 {\n  %r = scf.if %c -> (f64) {\n"
     "    scf.yield %x : f64\n  } else {\n    %y = arith.truncf %x : f64 to f32\n"
     "    scf.yield %y : f32\n  }\n  func.return %r : f64\n}\n", (2, 8),
     "'scf.if' op region #1 yields f32 as value #0 but f64 is expected (the results)"),
    ("func.func @f(%x: f64) -> f64 {\n  %r = scf.while (%a = %x) : (f64) -> f64 {\n"
     "    %c = arith.cmpf olt, %a, %x : f64\n    scf.condition(%c) %a, %a : f64, f64\n"
     "  } do {\n  ^bb0(%b: f64):\n    scf.yield %b : f64\n  }\n  func.return %r : f64\n}\n",
     (2, 8), "'scf.while' op scf.condition passes 2 value(s) but 1 are expected (the results)"),
    ("func.func @f(%x: f64) -> f64 {\n  cf.br ^a\n^a:\n}\n", (1, 1),
     "'func.func' op has an empty block (a block needs at least a terminator)"),
    (_LLVM_FUNC.format(params="f64", args="%x: f64", body='  "llvm.return"(%x) : (f64) -> ()\n'
                       ).replace("visibility_ = 0", "visibility_ = 7"), (1, 1),
     "'llvm.func' op visibility_ 7 is not a visibility (0 default, 1 hidden, 2 protected)"),
], ids=["cmpi", "cmpf", "icmp-negative", "fcmp", "ordering", "llvm-func-arity",
        "llvm-func-type", "if-yield-count", "if-yield-type", "while-condition", "empty-block",
        "visibility"])
def test_what_xdsl_leaves_unverified_is_one_error_line(text: str, where: tuple[int, int],
                                                       message: str) -> None:
    """(Each was an internal error in grad, verify or run.)"""
    with pytest.raises(ActivityError) as info:
        parse(text, name="w.mlir")
    assert ((info.value.line, info.value.col), info.value.message) == (where, message)


def test_llvm_func_entry_block_takes_ptr_and_ptr0_alike() -> None:
    parse(_LLVM_FUNC.format(params="!llvm.ptr<0>", args="%p: !llvm.ptr", body=(
        '  %v = "llvm.load"(%p) <{ordering = 0 : i64}> : (!llvm.ptr) -> f64\n'
        '  "llvm.return"(%v) : (f64) -> ()\n')))


# --------------------------------------------------------------------------
# xDSL syntax holes and the mlir-opt fallback


def test_cmpf_with_attributes_via_mlir_opt(mlir_opt: str) -> None:
    module = parse(CMPF_WITH_ATTRS, name="cmpf.mlir")
    cmp = by_tag(module, "c")
    assert cmp.name == "arith.cmpf"
    # Locations and SSA names refer to the original text, not the generic form.
    assert location_of(cmp) == ("cmpf.mlir", 2, 8)
    assert cmp.results[0].name_hint == "c"
    func = by_name(module, "func.func")[0]
    args = func.regions[0].blocks[0].args
    assert [location_of(a) for a in args] == [("cmpf.mlir", 1, 14), ("cmpf.mlir", 1, 23)]
    assert [a.name_hint for a in args] == ["a", "b"]


def test_cmpf_with_attributes_without_mlir_opt(no_mlir_opt: None) -> None:
    with pytest.raises(ActivityError) as info:
        parse(CMPF_WITH_ATTRS, name="cmpf.mlir")
    message = str(info.value)
    assert message.startswith("cmpf.mlir:2:31: error: Expected ':'")
    assert "install mlir-22-tools so mlir-opt-22 can convert it to generic form" in message


@pytest.mark.parametrize(
    "text",
    [
        "func.func @f(%m: memref<4xf64>) -> memref<?xf64> {\n"
        "  %n = memref.cast %m : memref<4xf64> to memref<?xf64>\n"
        "  func.return %n : memref<?xf64>\n}\n",
        "func.func @f(%m: memref<4xf64>, %o: memref<4xf64>) {\n"
        "  memref.copy %m, %o : memref<4xf64> to memref<4xf64>\n"
        "  func.return\n}\n",
    ],
    ids=["memref.cast", "memref.copy"],
)
def test_memref_ops_without_custom_format_via_mlir_opt(mlir_opt: str, text: str) -> None:
    module = parse(text, name="m.mlir")
    op = list(module.walk())[2]
    assert op.name in ("memref.cast", "memref.copy")
    assert location_of(op) == ("m.mlir", 2, 8 if op.name == "memref.cast" else 3)


def test_fallback_agrees_with_xdsl_on_the_quickstart(mlir_opt: str) -> None:
    """Forcing the generic-form route on a file xDSL can parse must give the
    same ops, attributes, SSA names and locations."""
    path = EXAMPLES / "quickstart.mlir"
    direct = parse(path)
    error = ActivityError("unused")
    via = frontend._parse_via_mlir_opt(make_context(), path.read_text(), str(path), error)

    def summary(module: ModuleOp) -> list[object]:
        rows: list[object] = []
        for op in module.walk():
            args = [a for r in op.regions for b in r.blocks for a in b.args]
            rows.append(
                (
                    op.name,
                    location_of(op),
                    dict(op.attributes),
                    [r.name_hint for r in op.results],
                    [(a.name_hint, location_of(a)) for a in args],
                )
            )
        return rows

    assert summary(direct) == summary(via)


def test_mlir_opt_rejection_reports_its_first_error(mlir_opt: str) -> None:
    text = 'func.func @f() {\n  "llvm.module_flags"() : () -> ()\n  %x = 1\n}\n'
    with pytest.raises(ActivityError) as info:
        parse(text, name="r.mlir")
    err = info.value
    assert (err.file, err.line) == ("r.mlir", 3)
    assert str(err).startswith("r.mlir:3:")


def test_unknown_llvm_properties_become_attributes() -> None:
    """xDSL's llvm ops lack e.g. ``tbaa``; verifying would fail without the move."""
    module = parse(EXAMPLES / "c" / "dot.generic.mlir")
    loads = by_name(module, "llvm.load")
    assert loads and all("tbaa" in op.attributes for op in loads)
    assert all("tbaa" not in op.properties for op in loads)


# --------------------------------------------------------------------------
# Source locations


def test_location_of_ops_args_and_results() -> None:
    module = parse(SAMPLE, name="s.mlir")
    func = by_name(module, "func.func")[0]
    assert location_of(func) == ("s.mlir", 1, 1)
    x, n = func.regions[0].blocks[0].args
    assert location_of(x) == ("s.mlir", 1, 14)
    assert location_of(n) == ("s.mlir", 1, 35)
    consts = by_name(module, "arith.constant")
    assert [location_of(c) for c in consts] == [("s.mlir", 2, 9), ("s.mlir", 3, 9)]
    loop = by_name(module, "scf.for")[0]
    assert location_of(loop) == ("s.mlir", 4, 8)
    iv, acc = loop.regions[0].blocks[0].args
    assert location_of(iv) == ("s.mlir", 4, 16)
    assert location_of(acc) == ("s.mlir", 4, 50)
    # An op result reports its defining op.
    assert location_of(loop.results[0]) == location_of(loop)
    assert location_of(by_name(module, "scf.yield")[0]) == ("s.mlir", 6, 5)
    assert location_of(by_name(module, "func.return")[0]) == ("s.mlir", 8, 3)
    # The implicit top-level module was not written anywhere.
    assert location_of(module) is None


def test_location_of_generic_form_and_unparsed_ops() -> None:
    text = (
        '%1 = "test.op"() : () -> f64\n'
        '"test.op"() : () -> ()\n'
        '  %0 = "arith.addf"(%1, %1) : (f64, f64) -> f64\n'
    )
    module = parse(text, name="g.mlir")
    ops = list(module.body.block.ops)
    assert [location_of(op) for op in ops] == [
        ("g.mlir", 1, 6),
        ("g.mlir", 2, 1),
        ("g.mlir", 3, 8),
    ]
    # Ops built after parsing have no source position.
    fresh = AddfOp(ops[0].results[0], ops[0].results[0])
    assert location_of(fresh) is None


# --------------------------------------------------------------------------
# Deep nesting


def _nested(depth: int, kind: str) -> str:
    lines = ["func.func @deep(%c: i1, %x: f64, %lb: index, %ub: index, %st: index) -> f64 {"]
    for d in range(depth):
        if kind == "if":
            lines.append(f"  %r{d} = scf.if %c -> (f64) {{")
        else:
            lines.append(
                f"  %r{d} = scf.for %i{d} = %lb to %ub step %st iter_args(%a{d} = %x) -> (f64) {{"
            )
    lines.append('  %y = arith.mulf %x, %x {tag = "innermost"} : f64')
    inner = "%y"
    for d in reversed(range(depth)):
        lines.append(f"  scf.yield {inner} : f64")
        lines.append("  } else {\n  scf.yield %x : f64\n  }" if kind == "if" else "  }")
        inner = f"%r{d}"
    lines.append(f"  func.return {inner} : f64\n}}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("kind", ["if", "for"])
def test_200_nested_levels_parse(kind: str) -> None:
    before = sys.getrecursionlimit()
    module = parse(_nested(200, kind), name="deep.mlir")
    assert sys.getrecursionlimit() == before
    assert location_of(by_tag(module, "innermost")) == ("deep.mlir", 202, 8)
    depth, op = 0, by_tag(module, "innermost")
    while (parent := op.parent_op()) is not None and parent.name != "func.func":
        depth, op = depth + 1, parent
    assert depth == 200


# --------------------------------------------------------------------------
# Examples


def _example_files() -> list[Path]:
    return sorted(EXAMPLES.rglob("*.mlir"))


def test_examples_exist() -> None:
    names = {p.relative_to(EXAMPLES).as_posix() for p in _example_files()}
    assert {"quickstart.mlir", "cf_loop.mlir"} <= names
    assert len([n for n in names if n.startswith("c/")]) >= 4
    for c_file in (EXAMPLES / "c").glob("*.c"):
        assert c_file.with_suffix(".mlir").exists(), c_file


def test_quickstart_has_tags_and_a_const_argument() -> None:
    module = parse(EXAMPLES / "quickstart.mlir")
    func = by_name(module, "func.func")[0]
    arg_attrs = [dict(d.data) for d in func.arg_attrs] if func.arg_attrs else []
    assert [a["tag"] for a in arg_attrs] == [StringAttr(t) for t in ("x", "k", "buf", "n")]
    assert arg_attrs[1]["activity.arg"] == StringAttr("const")
    for tag in ("tau", "xb", "loop", "q", "r"):
        by_tag(module, tag)


@pytest.mark.parametrize("path", _example_files(), ids=lambda p: p.relative_to(EXAMPLES).as_posix())
def test_example_parses_without_mlir_opt(path: Path, no_mlir_opt: None) -> None:
    """Every example parses with xDSL alone, directly or through its
    committed generic-form variant."""
    generic = path.with_name(path.name.removesuffix(".mlir") + ".generic.mlir")
    try:
        module = parse(path)
    except ActivityError:
        assert generic.exists(), f"{path} needs xDSL-parsable generic form {generic.name}"
        module = parse(generic)
    assert any(op.name.endswith("func") for op in module.walk())


@pytest.mark.parametrize("path", _example_files(), ids=lambda p: p.relative_to(EXAMPLES).as_posix())
def test_example_parses_with_mlir_opt(path: Path, mlir_opt: str) -> None:
    module = parse(path)
    located = [op for op in module.walk() if location_of(op) is not None]
    assert located and all(location_of(op)[0] == str(path) for op in located)  # type: ignore[index]
    generic = path.with_name(path.name.removesuffix(".mlir") + ".generic.mlir")
    if generic.exists():
        assert [op.name for op in module.walk()] == [op.name for op in parse(generic).walk()]


def test_regen_script_output_parses(tmp_path: Path) -> None:
    """examples/c/regen.sh works with the installed LLVM tools, and what it
    produces parses (byte equality with the committed files is not checked:
    the clang version string differs between machines)."""
    tools = ("clang-22", "mlir-translate-22", "mlir-opt-22")
    if missing := [t for t in tools if shutil.which(t) is None]:
        pytest.skip(f"{', '.join(missing)} not installed")
    work = tmp_path / "c"
    work.mkdir()
    shutil.copy(EXAMPLES / "c" / "regen.sh", work)
    shutil.copy(EXAMPLES / "c" / "libm.c", work)
    subprocess.run(["sh", str(work / "regen.sh")], check=True, capture_output=True)
    for produced in ("libm.mlir", "libm.generic.mlir"):
        module = parse(work / produced)
        assert by_name(module, "llvm.func")


def test_generic_integer_overflow_flags_are_adopted() -> None:
    """``mlir-opt`` writes the nsw/nuw flags of ``llvm.trunc`` as an integer
    property, which xDSL's verifier refused ("should be of base attribute
    llvm.overflow"): every imported C function with an ``(int)`` cast failed to parse.
    They become ``#llvm.overflow`` flags (``llvm.add``'s stay integers, as xDSL
    defines them); an out-of-range value is still an error."""
    from xdsl.dialects import llvm
    from xdsl.dialects.builtin import IntegerAttr

    import activity

    text = """"func.func"() <{function_type = (f64, i64) -> f64, sym_name = "f"}> ({
^bb0(%x: f64, %n: i64):
  %k = "llvm.trunc"(%n) <{overflowFlags = 0 : i32}> : (i64) -> i32
  %s = "llvm.add"(%k, %k) <{overflowFlags = 3 : i32}> : (i32, i32) -> i32
  %f = "llvm.sitofp"(%s) : (i32) -> f64
  %y = "llvm.fmul"(%x, %f) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
  "func.return"(%y) : (f64) -> ()
}) : () -> ()
"""
    module = parse(text)
    flags = [op.properties["overflowFlags"] for op in module.walk()
             if op.name in ("llvm.trunc", "llvm.add")]
    assert flags == [llvm.OverflowAttr.from_int(0), IntegerAttr(3, 32)]  # as xDSL has them
    assert activity.evaluate(module, "f", 1.5, 2**32 + 3) == (9.0,)  # (int) 2**32+3 is 3
    with pytest.raises(ActivityError, match=r"3:8: .*llvm.trunc"):
        parse(text.replace("overflowFlags = 0 : i32", "overflowFlags = 9 : i32"))
