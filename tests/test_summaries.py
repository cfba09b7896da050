"""Modular activity: derived summaries, summary files, summaries mode, parity."""

from __future__ import annotations

import functools
import json
import random
import subprocess
import sys
import warnings
import zlib
from pathlib import Path

import pytest
from xdsl.dialects.builtin import StringAttr

import activity
from activity.errors import ActivityError
from activity.summaries import Summary, dump_file, load_file, loads
from activity.summaries.libc import SHIPPED, libc_summaries
from activity.summaries.tools import check, compare, summarize
from activity.testing.oracle import OracleStats, check_program
from activity.testing.progen import generate
from tests.helpers import act, run

LIB = """
func.func @scale(%m: memref<?xf64>, %s: f64, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %m[%i] : memref<?xf64>
    %w = arith.mulf %v, %s : f64
    memref.store %w, %m[%i] : memref<?xf64>
  }
  func.return
}
func.func @norm2(%m: memref<?xf64>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (f64) {
    %v = memref.load %m[%i] : memref<?xf64>
    %w = arith.mulf %v, %v : f64
    %b = arith.addf %a, %w : f64
    scf.yield %b : f64
  }
  func.return %r : f64
}
func.func @ping(%x: f64, %n: i64) -> f64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %d = arith.cmpi sle, %n, %c0 : i64
  %r = scf.if %d -> (f64) {
    scf.yield %x : f64
  } else {
    %m = arith.subi %n, %c1 : i64
    %y = func.call @pong(%x, %m) : (f64, i64) -> f64
    scf.yield %y : f64
  }
  func.return %r : f64
}
func.func @pong(%x: f64, %n: i64) -> f64 {
  %s = math.sin %x : f64
  %k = arith.constant 2.0 : f64
  %r = func.call @ping(%s, %n) : (f64, i64) -> f64
  func.return %r : f64
}
"""

CLIENT = """
func.func private @scale(memref<?xf64>, f64, index)
func.func private @norm2(memref<?xf64>, index) -> f64
func.func @client(%x: f64, %y: f64 {activity.arg = "const"},
                  %a: memref<?xf64> {activity.arg = "const"},
                  %b: memref<?xf64> {activity.arg = "const"}, %n: index) -> f64 {
  func.call @scale(%a, %x, %n) {tag = "s1"} : (memref<?xf64>, f64, index) -> ()
  func.call @scale(%b, %y, %n) {tag = "s2"} : (memref<?xf64>, f64, index) -> ()
  %p = func.call @norm2(%a, %n) {tag = "p"} : (memref<?xf64>, index) -> f64
  %q = func.call @norm2(%b, %n) {tag = "q"} : (memref<?xf64>, index) -> f64
  %r = arith.addf %p, %q : f64
  func.return %r : f64
}
"""


def test_derived_summaries_including_mutual_recursion() -> None:
    s = summarize(activity.parse(LIB))
    assert s["scale"].deps == {"*arg0": {"arg1"}}
    assert s["scale"].reads == {"*arg0"} and s["scale"].writes == {"*arg0"}
    assert s["norm2"].deps == {"ret0": {"*arg0"}}
    assert s["ping"].deps == {"ret0": {"arg0"}}  # through pong, a cycle
    assert s["pong"].deps == {"ret0": {"arg0"}}
    assert not s["norm2"].writes and not s["ping"].allocates


def test_each_call_site_gets_its_own_answer() -> None:
    src = """
    func.func private @g(%a: f64, %b: f64) -> f64 {
      %r = arith.mulf %a, %b : f64
      func.return %r : f64
    }
    func.func @f(%x: f64, %y: f64 {activity.arg = "const"}) -> f64 {
      %p = func.call @g(%x, %y) {tag = "p"} : (f64, f64) -> f64
      %q = func.call @g(%y, %y) {tag = "q"} : (f64, f64) -> f64
      %s = arith.addf %p, %q : f64
      func.return %s : f64
    }"""
    r, t = run(src, mode="summaries")
    assert act(r, t, "p") == "active"
    assert act(r, t, "q") == "useful"
    r, t = run(src)  # whole-program is context-insensitive
    assert act(r, t, "q") == "active"


def test_summary_files_apply_to_declarations(tmp_path: Path) -> None:
    path = tmp_path / "lib.json"
    dump_file(summarize(activity.parse(LIB)), path)
    for mode in ("whole-program", "summaries"):
        r, t = run(CLIENT, "client", summaries=[str(path)], mode=mode)
        assert r.op_active(t["s1"]) and not r.op_active(t["s2"])
        assert act(r, t, "p") == "active" and act(r, t, "q") == "useful"
        assert not r.warnings
    # without summaries: sound fallback, with warnings naming the functions
    r, t = run(CLIENT, "client")
    assert act(r, t, "q") == "active"
    assert {w for _op, w in r.warnings} >= {
        "call to 'scale': declaration without body or summary",
        "call to 'norm2': declaration without body or summary"}


def test_summary_round_trip_and_attribute() -> None:
    s = summarize(activity.parse(LIB))
    again = loads(dump_file(s))
    assert {n: x.to_json() for n, x in again.items()} == {n: x.to_json() for n, x in s.items()}
    m = activity.parse(LIB)
    summarize(m, annotate=True)
    for name in ("scale", "norm2", "ping", "pong"):
        f = next(op for op in m.body.block.ops
                 if op.properties["sym_name"].data == name)  # type: ignore[union-attr]
        attr = f.attributes["activity.summary"]
        assert isinstance(attr, StringAttr)
        assert Summary.from_json(name, json.loads(attr.data)).to_json() == s[name].to_json()


@pytest.mark.parametrize("mutate,needle", [
    (lambda d: d["functions"]["scale"].update(deps={"*arg5": ["arg1"]}), "deps.*arg5"),
    (lambda d: d["functions"]["norm2"].update(args=["scalar", "scalar"]), "is a scalar"),
    (lambda d: d["functions"]["scale"].update(reads=3), "field 'reads'"),
    (lambda d: d["functions"]["scale"].update(bogus=1), "field 'bogus'"),
    (lambda d: d.update(version=99), "version 99"),
    (lambda d: d["functions"]["norm2"].update(deps={"ret0": ["arg0"]}), "is a pointer"),
])
def test_summary_file_validation_names_function_and_field(tmp_path: Path, mutate, needle) -> None:
    doc = json.loads(dump_file(summarize(activity.parse(LIB))))
    mutate(doc)
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(doc))
    with pytest.raises(ActivityError) as e:
        load_file(p)
    assert needle in str(e.value)
    assert str(p) in str(e.value)


def test_check_detects_a_contradicting_summary(tmp_path: Path) -> None:
    derived = summarize(activity.parse(LIB))
    assert check(derived, derived) == []
    doc = json.loads(dump_file(derived))
    doc["functions"]["scale"]["deps"] = {}  # claims scale's memory does not depend on s
    p = tmp_path / "claimed.json"
    p.write_text(json.dumps(doc))
    lib = tmp_path / "lib.mlir"
    lib.write_text(LIB)
    proc = subprocess.run([sys.executable, "-m", "activity", "summarize", str(lib),
                           "--check", str(p)], capture_output=True, text=True)
    assert proc.returncode == 1
    assert "function 'scale': field 'deps.*arg0' lacks arg1" in proc.stderr
    good = tmp_path / "good.json"
    dump_file(derived, good)
    proc = subprocess.run([sys.executable, "-m", "activity", "summarize", str(lib),
                           "--check", str(good)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_shipped_libc_summaries_are_current_and_apply() -> None:
    assert load_file(SHIPPED["libc"]).keys() == libc_summaries().keys()
    assert SHIPPED["libc"].read_text() == dump_file(libc_summaries())
    src = """
    llvm.func @pow(f64, f64) -> f64
    llvm.func @memcpy(!llvm.ptr, !llvm.ptr, i64) -> !llvm.ptr
    llvm.func @malloc(i64) -> !llvm.ptr
    llvm.func @f(%x: f64, %y: f64) -> f64 {
      %c8 = llvm.mlir.constant(8 : i64) : i64
      %p = llvm.call @malloc(%c8) : (i64) -> !llvm.ptr
      %q = llvm.call @malloc(%c8) : (i64) -> !llvm.ptr
      %w = llvm.call @pow(%x, %y) {tag = "w"} : (f64, f64) -> f64
      llvm.store %w, %p : f64, !llvm.ptr
      %d = llvm.call @memcpy(%q, %p, %c8) : (!llvm.ptr, !llvm.ptr, i64) -> !llvm.ptr
      %a = llvm.load %d {tag = "a"} : !llvm.ptr -> f64
      llvm.return %a : f64
    }"""
    for mode in ("whole-program", "summaries"):
        r, t = run(src, args=["active", "const"], summaries=["libc"], mode=mode)
        assert act(r, t, "w") == "active" and act(r, t, "a") == "active"
        assert not r.warnings


# ---------------------------------------------------------------------------
# Random programs: soundness in summaries mode, parity with whole-program.

SEEDS = range(120)


def _inactive_ops(result, module) -> list[bool]:  # type: ignore[no-untyped-def]
    out = []
    for f in result.function_ops():
        for op in result.ops_of(f):
            out.append(not result.op_active(op))
    return out


@pytest.mark.parametrize("seed", SEEDS)
def test_summaries_mode_is_sound_on_random_programs(seed: int) -> None:
    prog = generate(seed)
    analyze = functools.partial(activity.analyze, mode="summaries")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        v = check_program(prog, trials=2, rng=random.Random(zlib.crc32(prog.text.encode())),
                          stats=OracleStats(), analyze=analyze)
    assert not v, "\n\n".join(str(x) for x in v)


def test_parity_on_random_programs() -> None:
    """Every op whole-program proves inactive, summaries prove inactive too."""
    total_wp = total_both = 0
    failures = []
    for seed in SEEDS:
        prog = generate(seed)
        rows = compare(prog.text, prog.func, list(prog.args))
        for r in rows:
            total_wp += r.inactive_whole
            total_both += r.both_inactive
            if r.both_inactive != r.inactive_whole:
                failures.append((seed, r.name, r.differing))
    assert total_wp > 0
    assert not failures, failures[:3]


def test_declaration_with_summary_equals_body() -> None:
    """Analysing a caller against a summary file gives what summaries mode gives with
    the callee's body present."""
    checked = 0
    for seed in range(50):
        prog = generate(seed)
        m = activity.parse(prog.text)
        derived = summarize_all(m)
        callees = [n for n in derived if n != prog.func]
        if not callees:
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            full = activity.analyze(activity.parse(prog.text), prog.func, list(prog.args),
                                    mode="summaries")
            stripped = activity.parse(prog.text)
            for op in stripped.body.block.ops:
                name = op.properties.get("sym_name")
                if name is not None and name.data in callees:
                    while op.regions[0].blocks:  # becomes a declaration
                        op.regions[0].detach_block(0)
                    op.properties["sym_visibility"] = StringAttr("private")
            decl = activity.analyze(stripped, prog.func, list(prog.args),
                                    summaries=derived)
        fa = [not full.op_active(o) for f in full.function_ops()[:1] for o in full.ops_of(f)]
        fb = [not decl.op_active(o) for f in decl.function_ops()[:1] for o in decl.ops_of(f)]
        assert fa == fb, prog.text
        checked += 1
    assert checked > 5


def summarize_all(m):  # type: ignore[no-untyped-def]
    from activity.engine.program import Program, has_body
    from activity.summaries.derive import derive_all

    p = Program.of(m)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return derive_all(p, [n for n, f in p.functions.items() if has_body(f)])


def test_fresh_memory_returned_by_a_callee_makes_its_producers_useful() -> None:
    """Found by the random oracle (progen seed 5133): inside a callee that allocates,
    fills and returns a buffer, the values stored into it are useful when the caller
    reads the buffer usefully (the sink *ret0 must reach the callee's context)."""
    src = """
    func.func private @g(%x: f64) -> memref<4xf64> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %m = memref.alloc() : memref<4xf64>
      scf.for %i = %c0 to %c4 step %c1 {
        %j = arith.index_cast %i : index to i64
        %f = arith.sitofp %j {tag = "f"} : i64 to f64
        %v = arith.mulf %x, %f {tag = "v"} : f64
        memref.store %v, %m[%i] : memref<4xf64>
      }
      func.return %m : memref<4xf64>
    }
    func.func @main(%x: f64) -> f64 {
      %c3 = arith.constant 3 : index
      %m = func.call @g(%x) : (f64) -> memref<4xf64>
      %l = memref.load %m[%c3] {tag = "l"} : memref<4xf64>
      func.return %l : f64
    }"""
    for mode in ("whole-program", "summaries"):
        r, t = run(src, "main", mode=mode)
        assert act(r, t, "f") == "useful", mode
        assert act(r, t, "v") == "active", mode
        assert act(r, t, "l") == "active", mode


def test_summary_effects_include_atomic_rmw() -> None:
    """reads/writes come from the analysis problem's per-function sets, which know every
    memory effect kind (atomic_rmw included)."""
    s = summarize(activity.parse("""
    func.func @acc(%m: memref<4xf64>, %v: f64) {
      %c0 = arith.constant 0 : index
      %old = memref.atomic_rmw addf %v, %m[%c0] : (f64, memref<4xf64>) -> f64
      func.return
    }"""))
    assert s["acc"].reads == {"*arg0"} and s["acc"].writes == {"*arg0"}
    assert s["acc"].deps == {"*arg0": {"arg1"}}


# -- many modules: linked by name, derived callees first, in parallel, cached ---------

MOD_A = """\
func.func private @leaf(%m: memref<4xf64>, %x: f64) -> f64
func.func @top(%m: memref<4xf64>, %x: f64, %y: f64) -> f64 {
  %r = func.call @leaf(%m, %x) : (memref<4xf64>, f64) -> f64
  %s = arith.mulf %r, %y : f64
  return %s : f64
}
func.func @other(%x: f64) -> f64 {
  %s = arith.mulf %x, %x : f64
  return %s : f64
}
"""
LEAF = """\
func.func @leaf(%m: memref<4xf64>, %x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<4xf64>
  %p = arith.mulf %v, %x : f64
  memref.store %p, %m[%c0] : memref<4xf64>
  return %p : f64
}
"""
LEAF_CHANGED = LEAF.replace("%p = arith.mulf %v, %x", "%p = arith.mulf %x, %x")
# modules calling each other: @ping (a) -> @pong (b) -> @ping (a)
CYC_A = """\
func.func private @pong(%m: memref<4xf64>, %x: f64, %n: i64) -> f64
func.func @ping(%m: memref<4xf64>, %x: f64, %n: i64) -> f64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %done = arith.cmpi sle, %n, %c0 : i64
  %r = scf.if %done -> (f64) {
    scf.yield %x : f64
  } else {
    %n1 = arith.subi %n, %c1 : i64
    %b = func.call @pong(%m, %x, %n1) : (memref<4xf64>, f64, i64) -> f64
    scf.yield %b : f64
  }
  return %r : f64
}
"""
CYC_B = """\
func.func private @ping(%m: memref<4xf64>, %x: f64, %n: i64) -> f64
func.func @pong(%m: memref<4xf64>, %x: f64, %n: i64) -> f64 {
  %k = arith.constant 2 : index
  %v = memref.load %m[%k] : memref<4xf64>
  %y = arith.mulf %v, %x : f64
  %r = func.call @ping(%m, %y, %n) : (memref<4xf64>, f64, i64) -> f64
  memref.store %r, %m[%k] : memref<4xf64>
  return %r : f64
}
"""


def _one_module(*texts: str) -> dict[str, Summary]:
    """The summaries when every body is in one module (declarations dropped)."""
    body = "\n".join(line for t in texts for line in t.splitlines()
                     if not (line.startswith("func.func private @") and "{" not in line))
    return summarize(activity.parse(body))


def _modules(tmp: Path, **files: str) -> Path:
    d = tmp / "src"
    d.mkdir(exist_ok=True)
    for name, text in files.items():
        (d / f"{name}.mlir").write_text(text)
    return d


def test_a_call_into_another_module_uses_its_summary(tmp_path: Path) -> None:
    from activity.summaries.multimodule import summarize_modules

    d = _modules(tmp_path, a=MOD_A, b=LEAF)
    got = summarize_modules([str(d)], jobs=1)
    want = _one_module(MOD_A, LEAF)
    assert {n: s.to_json() for n, s in got.items()} == {
        n: s.to_json() for n, s in want.items()}
    # alone, module a knows nothing of @leaf: the conservative fallback
    alone = summarize_modules([str(d / "a.mlir")], jobs=1)
    assert alone["top"].captures and not got["top"].captures


def test_modules_calling_each_other_reach_the_fixpoint(tmp_path: Path) -> None:
    from activity.summaries.multimodule import summarize_modules

    d = _modules(tmp_path, a=CYC_A, b=CYC_B)
    want = {n: s.to_json() for n, s in _one_module(CYC_A, CYC_B).items()}
    for jobs in (1, 2):
        got = summarize_modules([str(d)], jobs=jobs, cache_dir=tmp_path / f"c{jobs}")
        assert {n: s.to_json() for n, s in got.items()} == want
    assert "*arg0" in want["ping"]["deps"]["ret0"]  # (through @pong's load)


def test_cache_hits_and_a_changed_function_rederived_with_its_dependents(
        tmp_path: Path) -> None:
    from activity.summaries.multimodule import Stats, summarize_modules

    d = _modules(tmp_path, a=MOD_A, b=LEAF)
    cache = tmp_path / "cache"
    st = Stats()
    first = summarize_modules([str(d)], jobs=1, cache_dir=cache, stats=st)
    assert sorted(st.derived) == ["leaf", "other", "top"] and st.cached == []
    st = Stats()
    again = summarize_modules([str(d)], jobs=1, cache_dir=cache, stats=st)
    assert st.derived == [] and st.modules_cached == 2
    assert dump_file(again) == dump_file(first)
    (d / "b.mlir").write_text(LEAF_CHANGED)
    st = Stats()
    changed = summarize_modules([str(d)], jobs=1, cache_dir=cache, stats=st)
    # @leaf changed, so did its summary, so @top (its caller, in module a) is derived
    # again; @other (module a too, calls nothing) comes from the function cache
    assert sorted(st.derived) == ["leaf", "top"] and st.cached == ["other"]
    assert st.modules_cached == 0
    want = _one_module(MOD_A, LEAF_CHANGED)
    assert dump_file(changed) == dump_file(want) != dump_file(first)


def test_summarize_cli_over_a_directory_j1_and_j2_agree(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from activity.cli import main

    d = _modules(tmp_path, a=MOD_A, b=LEAF, c=CYC_A, d=CYC_B)
    outs = []
    for jobs in ("1", "2"):
        assert main(["summarize", str(d), "-j", jobs, "--cache", str(tmp_path / jobs)]) == 0
        out, err = capsys.readouterr()
        assert "summarized 5 function(s) from 4 module(s) (5 derived, 0 from the cache)" in err
        outs.append(out)
    assert outs[0] == outs[1]
    assert main(["summarize", str(d / "a.mlir"), str(d / "b.mlir"), "--no-cache"]) == 0
    assert json.loads(capsys.readouterr().out)["functions"]["top"] == json.loads(
        outs[0])["functions"]["top"]


def test_summarize_cli_refuses_a_public_function_defined_twice(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from activity.cli import main

    d = _modules(tmp_path, b=LEAF, c=LEAF_CHANGED)
    assert main(["summarize", str(d), "--no-cache", "-j", "1"]) == 2
    err = capsys.readouterr().err
    assert "public function '@leaf' is defined in both" in err and err.count("\n") == 1


def test_summarize_cli_error_in_a_worker_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from activity.cli import main

    d = _modules(tmp_path, a=MOD_A, b="func.func @broken(%x: f64) -> f64 {\n  return %y : f64\n}\n")
    assert main(["summarize", str(d), "--no-cache", "-j", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "b.mlir:2:" in err and "error:" in err, err


def _count_builds(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    from activity.engine.graph import GraphBuilder
    from activity.engine.program import sym_name

    built: list[str] = []
    orig = GraphBuilder.build

    def build(self):  # type: ignore[no-untyped-def]
        built.append(sym_name(self.g.roots[0]) or "?")
        return orig(self)

    monkeypatch.setattr(GraphBuilder, "build", build)
    return built


def test_summaries_mode_builds_each_acyclic_function_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue #34: the graph a summary is derived from is solved again in summaries
    mode, not built a second time."""
    src = LIB + """
    func.func @top(%m: memref<?xf64>, %x: f64, %n: index) -> f64 {
      func.call @scale(%m, %x, %n) : (memref<?xf64>, f64, index) -> ()
      %r = func.call @norm2(%m, %n) : (memref<?xf64>, index) -> f64
      func.return %r : f64
    }"""
    m = activity.parse(src)
    built = _count_builds(monkeypatch)
    r = activity.analyze(m, "top", mode="summaries")
    assert len(built) == 3 == len(r.functions)  # top, scale, norm2


def test_recursive_components_skip_members_whose_callees_did_not_change(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """ping <-> pong: round 1 derives both from the bottom, round 2 re-derives ping only
    (pong's summary changed), pong is skipped (ping did not change); the answer is
    the same as re-deriving every member each round, and summaries mode builds
    nothing more."""
    from activity.engine.program import Program
    from activity.summaries.derive import _join, derive_one, signature

    m = activity.parse(LIB)
    p = Program.of(m)
    members = ["ping", "pong"]
    ref = {n: Summary.bottom(n, *signature(p.functions[n])) for n in members}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while True:  # the plain round-robin fixpoint
            changed = False
            for n in members:
                new = _join(ref[n], derive_one(p, n, ref))
                if new.key() != ref[n].key():
                    ref[n], changed = new, True
            if not changed:
                break
    built = _count_builds(monkeypatch)
    got = summarize_all(m)
    assert {n: got[n].key() for n in members} == {n: ref[n].key() for n in members}
    assert sorted(b for b in built if b in members) == ["ping", "ping", "pong"]
    built.clear()
    activity.analyze(m, "ping", mode="summaries")
    assert sorted(built) == ["ping", "ping", "pong"]
