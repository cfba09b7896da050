"""``activity verify``: the bounded Z3 verifier of activity claims."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
import z3

import activity
from activity.cli import main
from activity.ops import TABLE, OpKind
from activity.ops.num import FLOAT
from activity.verify import Encoder, Options, Unsupported, verify

NO_RANDOM = Options(random_trials=0)


def _write(tmp_path, text: str, name: str = "p.mlir") -> str:  # type: ignore[no-untyped-def]
    p = tmp_path / name
    p.write_text(text)
    return str(p)


STRAIGHT = """\
func.func @f(%x: f64, %y: f64, %m: memref<4xf64>, %i: index) -> f64 {
  %c0 = arith.constant 0 : index
  %a = arith.mulf %x, %y {tag = "a"%A} : f64
  %b = math.copysign %y, %x {tag = "b"%B} : f64
  memref.store %a, %m[%i] {tag = "st"%S} : memref<4xf64>
  %l = memref.load %m[%c0] {tag = "l"%L} : memref<4xf64>
  %s = math.sin %l : f64
  %r = arith.addf %s, %b : f64
  return %r : f64
}
"""
ARGS = ["active", "const", "dup", "const"]


def _straight(a: str = "", b: str = "", s: str = "", ld: str = "") -> str:
    return (STRAIGHT.replace("%A", a).replace("%B", b).replace("%S", s)
            .replace("%L", ld))


def test_our_claims_verify() -> None:
    m = activity.parse(_straight())
    r = verify(m, "f", args=ARGS)
    assert r.status == "verified" and r.exit_code == 0 and r.claims > 0
    assert "verified (bounded, K=5)" in r.render()


@pytest.mark.parametrize("trials", [0, 3])
def test_wrong_enzyme_claims_are_refuted(trials: int) -> None:
    icv = ", enzyme.icv"
    m = activity.parse(_straight(a=icv, b=icv, s=", enzyme.ici", ld=icv))
    r = verify(m, "f", claims="enzyme", args=ARGS, opts=Options(random_trials=trials))
    assert r.status == "counterexample" and r.exit_code == 1
    wrong = {f.claim.describe().split(" ")[0] for f in r.findings
             if f.status == "counterexample"}
    # %b = copysign(y, x) is truly constant (y const, x only gives the sign)
    assert wrong == {"%a", "%l", "memref.store"}
    assert all("replayed" in f.message or "random run" in f.message for f in r.findings)


def test_correct_enzyme_claims_verify() -> None:
    m = activity.parse(_straight(b=", enzyme.icv"))
    assert verify(m, "f", claims="enzyme", args=ARGS, opts=NO_RANDOM).status == "verified"


def test_activity_annotations_round_trip(tmp_path) -> None:  # type: ignore[no-untyped-def]
    src = _write(tmp_path, _straight())
    out = str(tmp_path / "ann.mlir")
    assert main(["report", src, "--func", "f", "--args", ",".join(ARGS), "--format", "mlir",
                 "-o", out]) == 0
    assert main(["verify", out, "--func", "f", "--claims", "activity", "--args",
                 ",".join(ARGS)]) == 0
    wrong = open(out).read().replace('"active"', '"const"')
    bad = _write(tmp_path, wrong, "wrong.mlir")
    assert main(["verify", bad, "--func", "f", "--claims", "activity", "--args",
                 ",".join(ARGS), "--random", "0"]) == 1


LOOP = """\
func.func @f(%x: f64, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z, %b = %z) -> (f64, f64) {
    %bb = arith.addf %b, %z {activity.results = ["useful"]} : f64
    %a2 = arith.addf %bb, %x : f64
    scf.yield %a2, %a : f64, f64
  }
  return %r#0 : f64
}
"""


@pytest.mark.parametrize("k,status", [(1, "verified"), (2, "verified"),
                                      (3, "counterexample")])
def test_the_bound_matters(k: int, status: str) -> None:
    """%bb gets a derivative only in the third iteration (through the back edge twice)."""
    m = activity.parse(LOOP)
    r = verify(m, "f", claims="activity", opts=Options(unroll=k, random_trials=0))
    assert r.status == status


CF_LOOP = """\
func.func @f(%x: f64, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  cf.br ^head(%c0, %z, %z : index, f64, f64)
^head(%i: index, %a: f64, %b: f64):
  %c = arith.cmpi ult, %i, %n : index
  cf.cond_br %c, ^body, ^exit
^body:
  %bb = arith.addf %b, %z {activity.results = ["useful"]} : f64
  %a2 = arith.addf %bb, %x : f64
  %i2 = arith.addi %i, %c1 : index
  cf.br ^head(%i2, %a2, %a : index, f64, f64)
^exit:
  return %a : f64
}
"""


def test_unstructured_loop() -> None:
    m = activity.parse(CF_LOOP)
    assert verify(m, "f", claims="activity",
                  opts=Options(unroll=2, random_trials=0)).status == "verified"
    r = verify(m, "f", claims="activity", opts=Options(unroll=3, random_trials=0))
    assert r.status == "counterexample"
    assert verify(m, "f", opts=Options(unroll=4, random_trials=0)).status == "verified"


WHILE_CALL_MEM = """\
func.func private @sq(%v: f64, %d: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %p = arith.cmpi ugt, %d, %c0 : index
  %r = scf.if %p -> (f64) {
    %d2 = arith.subi %d, %c1 : index
    %t = func.call @sq(%v, %d2) : (f64, index) -> f64
    %u = arith.mulf %t, %v {tag = "u"} : f64
    scf.yield %u : f64
  } else {
    scf.yield %v : f64
  }
  return %r : f64
}
func.func @f(%x: f64, %m: memref<4xf64>, %k: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %buf = memref.alloc() : memref<4xf64>
  %view = memref.subview %buf[1] [2] [1] : memref<4xf64> to memref<2xf64, strided<[1], offset: 1>>
  %y = func.call @sq(%x, %k) : (f64, index) -> f64
  memref.store %y, %view[%c0] : memref<2xf64, strided<[1], offset: 1>>
  "memref.copy"(%buf, %m) : (memref<4xf64>, memref<4xf64>) -> ()
  %w:2 = scf.while (%i = %c0, %acc = %x) : (index, f64) -> (index, f64) {
    %go = arith.cmpi ult, %i, %c2 : index
    scf.condition(%go) %i, %acc : index, f64
  } do {
  ^bb0(%j: index, %s: f64):
    %l = memref.load %m[%c1] {tag = "l"} : memref<4xf64>
    %s2 = arith.addf %s, %l : f64
    %j2 = arith.addi %j, %c1 : index
    scf.yield %j2, %s2 : index, f64
  }
  return %w#1 : f64
}
"""


def test_calls_recursion_views_copy_while() -> None:
    m = activity.parse(WHILE_CALL_MEM)
    r = verify(m, "f", args=["active", "dup", "const"], opts=NO_RANDOM)
    assert r.status == "verified", r.render()
    # the loaded value is varied (x -> sq -> buf[1] -> m[1]) and useful
    wrong = WHILE_CALL_MEM.replace('{tag = "l"}', '{tag = "l", enzyme.icv}')
    r = verify(activity.parse(wrong), "f", claims="enzyme", args=["active", "dup", "const"],
               opts=NO_RANDOM)
    assert r.status == "counterexample", r.render()


def test_unsupported_op_exit_2(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    text = """\
func.func @f(%x: f64) -> f64 {
  %y = "test.mystery"(%x) : (f64) -> f64
  return %y : f64
}
"""
    with pytest.raises(Unsupported, match="test.mystery"):
        verify(activity.parse(text), "f")
    assert main(["verify", _write(tmp_path, text), "--func", "f"]) == 2
    assert "test.mystery" in capsys.readouterr().err


def test_infeasible_bound_is_unknown_exit_3(tmp_path) -> None:  # type: ignore[no-untyped-def]
    text = """\
func.func @f(%x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %r = scf.for %i = %c0 to %c9 step %c1 iter_args(%a = %x) -> (f64) {
    %a2 = arith.mulf %a, %x : f64
    scf.yield %a2 : f64
  }
  return %r : f64
}
"""
    r = verify(activity.parse(text), "f", opts=Options(unroll=3))
    assert r.status == "unknown" and r.exit_code == 3 and "no execution" in r.note
    assert verify(activity.parse(text), "f", opts=Options(unroll=9)).status == "verified"
    assert main(["verify", _write(tmp_path, text), "--func", "f", "--unroll", "3"]) == 3


def test_usage_errors_exit_2(tmp_path) -> None:  # type: ignore[no-untyped-def]
    src = _write(tmp_path, _straight())
    assert main(["verify", src, "--func", "nope"]) == 2
    assert main(["verify", src, "--func", "f", "--unroll", "-1"]) == 2
    assert main(["verify", str(tmp_path / "missing.mlir"), "--func", "f"]) == 2


# ---------------------------------------------------------------------------
# The encoding of integer ops and comparisons agrees with the op table.


def _int_specs() -> list:  # type: ignore[type-arg]
    return [s for s in TABLE.values() if s.kind == OpKind.INT]


def test_integer_encoding_matches_the_table() -> None:
    from proofs.snippets import instance

    enc = Encoder.__new__(Encoder)
    enc.assume = []
    rng = random.Random(0)
    w = 64
    checked = 0
    for spec in _int_specs():
        inst = instance(spec)
        n = len(inst.operand_types)
        # (the table computes floordivsi/ceildivsi through float division, exact only
        # below 2**53: those two are compared on small magnitudes)
        small = spec.name in ("arith.floordivsi", "arith.ceildivsi")
        for _ in range(12):
            vals = [rng.choice([0, 1, 2, 5, 63, 64, 2**63, 2**64 - 1, rng.getrandbits(64),
                                rng.getrandbits(6)]) for _ in range(n)]
            if small:
                vals = [rng.randrange(-2**40, 2**40) % 2**64 for _ in range(n)]
            try:
                want = spec.sem(FLOAT, inst.op, *vals)[0]  # type: ignore[misc]
            except ZeroDivisionError:
                continue
            got = z3.simplify(enc.integer(spec.name, [z3.BitVecVal(v, w) for v in vals], w,
                                          True))
            assert got.as_long() == want % 2**w, (spec.name, vals)
            checked += 1
    assert checked > 200


def test_comparisons_and_casts_match_the_table() -> None:
    from xdsl.dialects.builtin import IntegerAttr, IntegerType

    from activity.ops.table import CMPF_PREDICATES, CMPI_PREDICATES
    from proofs.snippets import instance

    enc = Encoder.__new__(Encoder)
    rng = random.Random(1)
    for name, preds, floats in (("arith.cmpi", CMPI_PREDICATES, False),
                                ("arith.cmpf", CMPF_PREDICATES, True)):
        inst = instance(TABLE[name])
        op = inst.op
        for k, _p in enumerate(preds):
            op.properties["predicate"] = IntegerAttr(k, IntegerType(64))
            for _ in range(10):
                if floats:
                    a, b = rng.choice([-1.5, 0.0, 2.0]), rng.choice([-1.5, 0.0, 2.0])
                    ins = [z3.RealVal(a), z3.RealVal(b)]
                else:
                    a, b = rng.getrandbits(64), rng.choice([0, 1, rng.getrandbits(64)])
                    ins = [z3.BitVecVal(a, 64), z3.BitVecVal(b, 64)]
                want = TABLE[name].sem(FLOAT, op, a, b)[0]  # type: ignore[misc]
                got = z3.simplify(enc.compare(op, name, ins)).as_long()
                assert got == want, (name, k, a, b)
    for name in ("arith.sitofp", "arith.fptosi", "arith.extsi", "arith.trunci",
                 "arith.extui", "arith.index_cast"):
        spec = TABLE[name]
        inst = instance(spec)
        for _ in range(10):
            if inst.operand_types[0].startswith("f"):
                x = rng.uniform(-100, 100)
                zin = z3.RealVal(x)
            else:
                w = int(inst.operand_types[0][1:]) if inst.operand_types[0] != "index" else 64
                x = rng.getrandbits(w)
                zin = z3.BitVecVal(x, w)
            want = spec.sem(FLOAT, inst.op, x)[0]  # type: ignore[misc]
            got = z3.simplify(enc.cast(inst.op, spec, zin, inst.op.results[0].type))
            val = float(got.as_fraction()) if z3.is_rational_value(got) else got.as_long()
            assert val == pytest.approx(want), (name, x)


# ---------------------------------------------------------------------------
# Random programs and speed.


def test_random_programs_never_give_counterexamples() -> None:
    from activity.testing import progen

    seen = 0
    for seed in range(8):
        p = progen.generate(seed)
        try:
            r = verify(p.parse(), p.func, args=list(p.args), opts=Options(timeout=20))
        except Unsupported:
            continue
        assert r.status != "counterexample", r.render()
        seen += 1
    assert seen >= 5


def _loop_free(n: int, seed: int = 0) -> str:
    r = random.Random(seed)
    lines = ["func.func @f(%x0: f64, %x1: f64, %x2: f64, %c: f64, %m: memref<8xf64>) -> f64 {"]
    vals = ["%x0", "%x1", "%x2", "%c"]
    lines += [f"  %i{i} = arith.constant {i} : index" for i in range(8)]
    for k in range(n):
        op = r.choice(["addf", "mulf", "subf", "divf", "sin", "exp", "select", "load",
                       "store", "max"])
        a, b, name = r.choice(vals[-12:]), r.choice(vals), f"%v{k}"
        if op in ("addf", "mulf", "subf", "divf", "max"):
            lines.append(f"  {name} = arith.{'maximumf' if op == 'max' else op} {a}, {b} : f64")
        elif op in ("sin", "exp"):
            lines.append(f"  {name} = math.{op} {a} : f64")
        elif op == "select":
            lines.append(f"  {name}c = arith.cmpf olt, {a}, {b} : f64")
            lines.append(f"  {name} = arith.select {name}c, {a}, {b} : f64")
        elif op == "load":
            lines.append(f"  {name} = memref.load %m[%i{r.randrange(8)}] : memref<8xf64>")
        else:
            lines.append(f"  memref.store {a}, %m[%i{r.randrange(8)}] : memref<8xf64>")
            continue
        vals.append(name)
    lines += [f"  return {vals[-1]} : f64", "}"]
    return "\n".join(lines) + "\n"


def test_two_hundred_ops_loop_free_answers_within_seconds() -> None:
    m = activity.parse(_loop_free(200))
    t0 = time.perf_counter()
    r = verify(m, "f", args=["active", "active", "active", "const", "dup"])
    assert r.status == "verified"
    assert r.ops >= 200
    assert time.perf_counter() - t0 < 15


def test_our_enzyme_style_annotations_verify() -> None:
    """Our answer written as Enzyme attributes (annotate("enzyme")) passes --claims enzyme."""
    import io

    from xdsl.printer import Printer

    from activity.testing import progen

    for seed in (0, 3):
        p = progen.generate(seed)
        m = p.parse()
        activity.analyze(m, p.func, list(p.args)).annotate("enzyme")
        buf = io.StringIO()
        Printer(stream=buf, print_generic_format=True).print_op(m)
        r = verify(activity.parse(buf.getvalue()), p.func, claims="enzyme", args=list(p.args))
        assert r.status == "verified", r.render()
        assert r.claims > 0


RMW = """\
func.func @f(%x: f64, %m: memref<4xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %a = memref.alloca() : memref<4xf64>
  memref.store %x, %a[%c0] : memref<4xf64>
  %o = "memref.atomic_rmw"(%x, %a, %c0) <{kind = 12 : i64}> : (f64, memref<4xf64>, index) -> f64
  %l = memref.load %a[%c0] {tag = "l"%L} : memref<4xf64>
  %r = arith.addf %l, %o : f64
  return %r : f64
}
"""


def test_atomic_rmw() -> None:
    assert verify(activity.parse(RMW.replace("%L", "")), "f",
                  opts=NO_RANDOM).status == "verified"
    r = verify(activity.parse(RMW.replace("%L", ", enzyme.icv")), "f", claims="enzyme",
               opts=NO_RANDOM)
    assert r.status == "counterexample"


def test_no_claims_to_verify_is_said(capsys: pytest.CaptureFixture[str]
                                     ) -> None:
    """``--claims enzyme`` on a file without Enzyme attributes printed a bare
    "verified ... 0 enzyme claim(s)" (user test): a warning says nothing was checked."""
    path = str(Path(__file__).resolve().parent.parent / "examples" / "quickstart.mlir")
    assert main(["verify", path, "--func", "quickstart", "--claims", "enzyme"]) == 0
    err = capsys.readouterr().err
    assert f"{path}: warning: @quickstart carries no enzyme claims" in err
    assert main(["verify", path, "--func", "quickstart"]) == 0
    assert "warning" not in capsys.readouterr().err


def test_llvm_func_with_scalar_arguments_verifies() -> None:
    """``verify`` on an ``llvm.func`` (clang's output) crashed reading ``outputs`` off its
    ``!llvm.func`` type (user test: exit 3, an internal error); a void one too."""
    m = activity.parse("""
llvm.func @quant(%x: f64, %n: i64) -> f64 {
  %k = llvm.trunc %n : i64 to i32
  %f = llvm.sitofp %k : i32 to f64
  %y = llvm.fmul %x, %f : f64
  llvm.return %y : f64
}
llvm.func @nothing(%x: f64) {
  llvm.return
}
""")
    r = verify(m, "quant")
    assert r.status == "verified" and r.claims > 0
    assert verify(m, "nothing").status == "verified"


# ---------------------------------------------------------------------------
# Claims read by value, on Enzyme-MLIR's own output.

DATA = Path(__file__).resolve().parent / "data"
ENZYME_G = DATA / "enzyme" / "print_activity_g.mlir"
G_ARGS = ["active", "active", "dup", "const"]  # what Enzyme assumed (its enzyme.icv array)


def test_enzyme_output_is_read_by_value() -> None:
    """Enzyme's ``print-activity-analysis{annotate=true}`` writes ``enzyme.icv = false``
    on every active op and ``enzyme.ici = true`` on returns and yields: reading presence
    as a claim turned each into a false counterexample (exit 1 on Enzyme's correct
    answer)."""
    r = verify(activity.parse(ENZYME_G), "g_1", claims="enzyme", args=G_ARGS)
    assert r.status == "verified", r.render()
    # constants, the index cast, sitofp and the argument %arg3 (Enzyme's array)
    assert r.claims == 6


def test_enzyme_true_claims_are_still_checked(tmp_path) -> None:  # type: ignore[no-untyped-def]
    text = ENZYME_G.read_text()
    wrong = text.replace("%0 = arith.mulf %arg0, %arg1 {enzyme.ici = false, enzyme.icv = false}",
                         "%0 = arith.mulf %arg0, %arg1 {enzyme.ici = false, enzyme.icv = true}")
    assert wrong != text
    r = verify(activity.parse(wrong), "g_1", claims="enzyme", args=G_ARGS, opts=NO_RANDOM)
    assert r.status == "counterexample"
    assert len(r.findings) == 1 and "arith.mulf" in r.findings[0].claim.describe()
    # the argument array: %arg0 claimed constant
    wrong = text.replace("array<i1: false, false, false, true>",
                         "array<i1: true, false, false, true>")
    r = verify(activity.parse(wrong), "g_1", claims="enzyme", args=G_ARGS, opts=NO_RANDOM)
    assert r.status == "counterexample" and len(r.findings) == 1
    cast = "%2 = arith.index_cast %arg3 {enzyme.ici = true, enzyme.icv = "
    bad = _write(tmp_path, text.replace(cast + "true}", cast + '"yes"}'))
    assert main(["verify", bad, "--func", "g_1", "--claims", "enzyme", "--args",
                 ",".join(G_ARGS)]) == 2


def test_enzyme_false_is_no_claim() -> None:
    m = activity.parse(_straight(a=", enzyme.icv = false, enzyme.ici = false",
                                 s=", enzyme.ici = false", ld=", enzyme.icv = false",
                                 b=", enzyme.icv = true"))
    r = verify(m, "f", claims="enzyme", args=ARGS, opts=NO_RANDOM)
    assert r.status == "verified" and r.claims == 1


# ---------------------------------------------------------------------------
# IEEE specials.

INF = """\
func.func @f(%x: f64, %y: f64) -> f64 {
  %inf = arith.constant 0x7FF0000000000000 : f64
  %nan = arith.constant 0x7FF8000000000000 : f64
  %c = arith.cmpf olt, %x, %inf : f64
  %m = arith.minimumf %x, %inf : f64
  %s = arith.select %c, %m, %nan : f64
  %k = arith.mulf %y, %inf {tag = "k"%K} : f64
  %r = arith.addf %s, %k : f64
  return %r : f64
}
"""


def test_inf_and_nan_constants(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``verify`` on an inf/NaN literal was an internal error (exit 3: "cannot convert
    Infinity to integer ratio"); they are unconstrained reals now."""
    r = verify(activity.parse(INF.replace("%K", "")), "f", args=["active", "active"])
    assert r.status == "verified", r.render()
    assert "2 inf/NaN literal(s) encoded as unconstrained reals" in r.render()
    # y * inf is varied: the claim is refuted, and the witness replays on doubles
    r = verify(activity.parse(INF.replace("%K", ", enzyme.icv")), "f", claims="enzyme",
               args=["active", "active"], opts=NO_RANDOM)
    assert r.status == "counterexample", r.render()
    assert main(["verify", _write(tmp_path, INF.replace("%K", "")), "--func", "f"]) == 0


# ---------------------------------------------------------------------------
# The llvm dialect's memory (activity/verify/llvm_memory.py).

LLVM_MEM = """\
llvm.func @g(%p: !llvm.ptr, %q: !llvm.ptr, %n: i64) -> f64 {
  %c1 = llvm.mlir.constant(1 : i64) : i64
  %c16 = llvm.mlir.constant(16 : i64) : i64
  %a = llvm.alloca %c1 x !llvm.array<2 x f64> : (i64) -> !llvm.ptr
  "llvm.intr.memcpy"(%a, %p, %c16) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  %e = llvm.getelementptr %a[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x f64>
  %x = llvm.load %e {tag = "x"%X} : !llvm.ptr -> f64
  %m = llvm.call @malloc(%c16) : (i64) -> !llvm.ptr
  llvm.store %x, %m : f64, !llvm.ptr
  %y = llvm.load %m : !llvm.ptr -> f64
  %qi = llvm.getelementptr %q[%n] : (!llvm.ptr, i64) -> !llvm.ptr, f64
  llvm.store %y, %qi {tag = "st"%S} : f64, !llvm.ptr
  llvm.call @free(%m) : (!llvm.ptr) -> ()
  %r = llvm.fmul %x, %y : f64
  llvm.return %r : f64
}
llvm.func @malloc(i64) -> !llvm.ptr
llvm.func @free(!llvm.ptr)
"""
MEM_ARGS = ["dup", "dup", "const"]


def test_llvm_memory_verifies() -> None:
    """Pointer arguments, alloca, memcpy, getelementptr, malloc/free, load/store: the
    verifier stopped at "argument 0 ... has type !llvm.ptr" (exit 2)."""
    m = activity.parse(LLVM_MEM.replace("%X", "").replace("%S", ""))
    r = verify(m, "g", args=MEM_ARGS)
    assert r.status == "verified" and r.claims > 0, r.render()


@pytest.mark.parametrize("x,s,wrong", [(", enzyme.icv", "", "%x"),
                                       ("", ", enzyme.ici", "llvm.store")])
def test_llvm_memory_wrong_claims_replay(x: str, s: str, wrong: str) -> None:
    """Z3's witnesses through llvm memory replay on the interpreter (arrays packed for
    the pointer arguments)."""
    m = activity.parse(LLVM_MEM.replace("%X", x).replace("%S", s))
    r = verify(m, "g", claims="enzyme", args=MEM_ARGS, opts=NO_RANDOM)
    assert r.status == "counterexample", r.render()
    assert [f.claim.describe().split(" ")[0] for f in r.findings] == [wrong]
    assert all("replayed" in f.message for f in r.findings)


NULL_ARG = """\
llvm.func @h(%p: !llvm.ptr, %x: f64 {enzyme.icv}) -> f64 {
  %z = llvm.mlir.zero : !llvm.ptr
  %c = llvm.icmp "eq" %p, %z : !llvm.ptr
  llvm.cond_br %c, ^a, ^b
^a:
  llvm.return %x : f64
^b:
  %v = llvm.load %p : !llvm.ptr -> f64
  llvm.return %v : f64
}
"""


def test_null_pointer_arguments_are_executions() -> None:
    """``x`` matters only when ``p`` is null: a claim that it is constant is refuted
    with a null pointer (an integer 0 for the interpreter), not verified."""
    r = verify(activity.parse(NULL_ARG), "h", claims="enzyme", args=["dup", "active"],
               opts=NO_RANDOM)
    assert r.status == "counterexample", r.render()
    assert "inputs [0, " in r.findings[0].message


PUNNED = """\
llvm.func @k(%x: f64) -> f64 {
  %c1 = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %c1 x f64 : (i64) -> !llvm.ptr
  llvm.store %x, %a : f64, !llvm.ptr
  %i = llvm.load %a : !llvm.ptr -> i64
  %b = llvm.bitcast %i : i64 to f64
  llvm.return %b : f64
}
"""


def test_unmodelled_access_is_unknown_never_verified(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Reading a double's bytes as an integer is not modelled: exit 3, with the reason."""
    r = verify(activity.parse(PUNNED), "k")
    assert r.status == "unknown", r.render()
    assert "a load of i64 does not hit a whole value" in r.note
    assert main(["verify", _write(tmp_path, PUNNED), "--func", "k"]) == 3


C_DATA = DATA / "verify_c"
ROOT = Path(__file__).resolve().parent.parent
C_FILES = [C_DATA / f"{n}_O{o}.generic.mlir" for n in ("adbench", "features", "patterns")
           for o in (0, 1, 2)] + [
    ROOT / "examples" / "c" / f"{n}.generic.mlir" for n in ("dot", "libm", "particles")] + [
    DATA / "semantics" / f"examples_O{o}.mlir" for o in (0, 1)]
# what each function gets (default: verified); "ba" reads cam[4]: 4 elements per pointer
# argument leave no execution in bounds, 5 do
# "rowsum" reads through pointers stored in an argument's memory (double **), outside
# the model; "punned" copies a double's bytes into an integer
C_EXPECT = {"punned@0": "unknown", "rowsum@0": "unknown", "rowsum@1": "unknown"}


def _c_functions(path: Path) -> list[str]:
    from activity.engine.program import Program, has_body

    return [n for n, f in Program.of(activity.parse(path)).functions.items() if has_body(f)]


def _level(path: Path) -> str:
    return "0" if "O0" in path.name else "1"


@pytest.mark.parametrize("path", [p for p in C_FILES if "O0" not in p.name
                                  and "O2" not in p.name], ids=lambda p: p.name)
def test_c_programs_verify(path: Path) -> None:
    _check_c(path)


@pytest.mark.slow
@pytest.mark.parametrize("path", [p for p in C_FILES if "O0" in p.name or "O2" in p.name],
                         ids=lambda p: p.name)
def test_c_programs_verify_o0_o2(path: Path) -> None:
    _check_c(path)


def _check_c(path: Path) -> None:
    m = activity.parse(path)
    for name in _c_functions(path):
        want = C_EXPECT.get(f"{name}@{_level(path)}", "verified")
        r = verify(m, name, opts=Options(dyn_size=5, timeout=300, query_timeout=120))
        assert r.status == want, (path.name, name, r.render())
    if "adbench" in path.name:
        r = verify(m, "ba", opts=Options(dyn_size=4))
        assert r.status == "unknown" and "no execution" in r.note


def test_verified_claims_hold_on_the_interpreter() -> None:
    """Every claim verified on a random program (progen: memref/scf) or a C function also
    survives random runs on the reference interpreter."""
    from activity.engine.program import entry_args
    from activity.engine.types import is_pointer
    from activity.testing import progen
    from activity.verify import _Checker, claims_ours

    cases = []
    parsed: dict[Path, object] = {}
    for seed in range(6):
        p = progen.generate(seed)
        cases.append((p.parse(), p.func, list(p.args)))
    for path, func in ((C_DATA / "adbench_O1.generic.mlir", "lstm"),
                       (C_DATA / "features_O0.generic.mlir", "cabs2"),
                       (C_DATA / "features_O1.generic.mlir", "pick"),
                       (C_DATA / "features_O1.generic.mlir", "axpy"),
                       (ROOT / "examples" / "c" / "particles.generic.mlir", "step"),
                       (DATA / "semantics" / "examples_O1.mlir", "powsum")):
        if path not in parsed:
            parsed[path] = activity.parse(path)
        cases.append((parsed[path], func, None))
    checked = c_checked = 0
    for m, func, args in cases:
        cl, res = claims_ours(m, func, args)
        chk = _Checker(m, func, list(res.arg_activities(func)), cl,
                       Options(random_trials=0, timeout=300, query_timeout=120))
        try:
            status, _note = chk.run()
        except Unsupported:
            continue
        if status != "verified":
            continue
        rv, ru = chk.random_witnesses(8, seed=7)
        assert not rv and not ru, (func, rv, ru)
        checked += len(cl)
        c_checked += m is not cases[0][0] and any(is_pointer(a.type) for a in
                                                  entry_args(chk.enc.program.functions[func]))
    assert checked > 200 and c_checked >= 5


SWITCH = """\
llvm.func @s(%x: f64, %k: i32) -> f64 {
  %two = llvm.mlir.constant(2.0 : f64) : f64
  llvm.switch %k : i32, ^d [
    0: ^a,
    7: ^b
  ]
^a:
  llvm.return %two : f64
^b:
  %y = llvm.fmul %x, %x {tag = "y"%Y} : f64
  llvm.return %y : f64
^d:
  llvm.return %two : f64
}
"""


def test_switch() -> None:
    """``llvm.switch`` (multi-way branch) stopped the verifier (exit 2); ``x * x`` is
    computed only for k == 7, which random runs do not try: Z3 finds it."""
    assert verify(activity.parse(SWITCH.replace("%Y", "")), "s").status == "verified"
    r = verify(activity.parse(SWITCH.replace("%Y", ", enzyme.icv")), "s", claims="enzyme",
               args=["active", "const"])
    assert r.status == "counterexample", r.render()
    assert "inputs [" in r.findings[0].message and ", 7]" in r.findings[0].message


AGG = """\
llvm.func @mk(%a: f64, %b: f64) -> !llvm.struct<(f64, f64)> {
  %u = llvm.mlir.undef : !llvm.struct<(f64, f64)>
  %s0 = llvm.insertvalue %a, %u[0] : !llvm.struct<(f64, f64)>
  %s1 = llvm.insertvalue %b, %s0[1] : !llvm.struct<(f64, f64)>
  llvm.return %s1 : !llvm.struct<(f64, f64)>
}
llvm.func @agg(%x: f64, %y: f64) -> f64 {
  %c1 = llvm.mlir.constant(1 : i64) : i64
  %s = llvm.call @mk(%x, %y) : (f64, f64) -> !llvm.struct<(f64, f64)>
  %p = llvm.alloca %c1 x !llvm.struct<(f64, f64)> : (i64) -> !llvm.ptr
  llvm.store %s, %p : !llvm.struct<(f64, f64)>, !llvm.ptr
  %t = llvm.load %p : !llvm.ptr -> !llvm.struct<(f64, f64)>
  %re = llvm.extractvalue %t[0] {tag = "re"%R} : !llvm.struct<(f64, f64)>
  %im = llvm.extractvalue %t[1] {tag = "im"%I} : !llvm.struct<(f64, f64)>
  %r = llvm.fmul %re, %im : f64
  llvm.return %r : f64
}
"""


def test_aggregate_values() -> None:
    """Struct values (insertvalue/extractvalue, struct loads and stores, returned from a
    call): exit 2 before; claims on their members are checked."""
    assert verify(activity.parse(AGG.replace("%R", "").replace("%I", "")), "agg",
                  args=["active", "const"]).status == "verified"
    r = verify(activity.parse(AGG.replace("%R", ", enzyme.icv").replace("%I", ", enzyme.icv")),
               "agg", claims="enzyme", args=["active", "const"], opts=NO_RANDOM)
    assert r.status == "counterexample", r.render()
    # re = x is varied and useful; im = y (const) is not varied: a true claim
    assert [f.claim.describe().split(" ")[0] for f in r.findings] == ["%re"]
    # a function returning a struct: its float members are the active outputs
    r = verify(activity.parse(AGG.replace("%R", "").replace("%I", "")), "mk")
    assert r.status == "verified"


RUNTIME_ALLOC = """\
func.func @f(%x: f64, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %m = memref.alloc(%n) : memref<?xf64>
  %m2 = memref.alloc(%n) : memref<?xf64>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %x, %m[%i] : memref<?xf64>
  }
  "memref.copy"(%m, %m2) : (memref<?xf64>, memref<?xf64>) -> ()
  %d = memref.dim %m2, %c0 : memref<?xf64>
  %one = arith.cmpi eq, %d, %c1 : index
  %v = arith.select %one, %x, %z {tag = "v"%V} : f64
  %p = arith.cmpi ugt, %n, %c0 : index
  %r = scf.if %p -> (f64) {
    %l = memref.load %m2[%c0] : memref<?xf64>
    %s = arith.addf %l, %v : f64
    scf.yield %s : f64
  } else {
    scf.yield %z : f64
  }
  return %r : f64
}
"""


def test_memref_alloc_of_a_runtime_size() -> None:
    """``memref.alloc(%n)`` stopped the verifier (exit 2: benchmarks/programs/gmm, hand):
    at most --dyn-size elements, and the executions with fewer are kept -- ``%v`` is
    varied only when n == 1."""
    assert verify(activity.parse(RUNTIME_ALLOC.replace("%V", "")), "f",
                  args=["active", "const"]).status == "verified"
    r = verify(activity.parse(RUNTIME_ALLOC.replace("%V", ", enzyme.icv")), "f",
               claims="enzyme", args=["active", "const"], opts=NO_RANDOM)
    assert r.status == "counterexample", r.render()
    assert r.findings[0].message.startswith("varied: inputs [") and ", 1]" in \
        r.findings[0].message.splitlines()[0]


DYN_VIEW = """\
func.func @f(%x: f64, %m: memref<?xf64>, %o: index, %k: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %v = memref.subview %m[%o] [%k] [1] : memref<?xf64> to memref<?xf64, strided<[1], offset: ?>>
  %p = arith.cmpi ugt, %k, %c0 : index
  scf.if %p {
    memref.store %x, %v[%c0] : memref<?xf64, strided<[1], offset: ?>>
  }
  %l = memref.load %m[%c2] {tag = "l"%L} : memref<?xf64>
  return %l : f64
}
"""


def test_dynamic_subview() -> None:
    """A subview with runtime offset and size (benchmarks/programs/lstm) was exit 2; the
    load sees x only when the view starts at 2."""
    args = ["active", "const", "const", "const"]
    assert verify(activity.parse(DYN_VIEW.replace("%L", "")), "f", args=args).status \
        == "verified"
    r = verify(activity.parse(DYN_VIEW.replace("%L", ", enzyme.icv")), "f", claims="enzyme",
               args=args, opts=NO_RANDOM)
    assert r.status == "counterexample", r.render()
    assert ", 2, " in r.findings[0].message.splitlines()[0]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["ba", "gmm", "hand", "lstm", "minibude"])
def test_benchmark_programs_verify(name: str) -> None:
    path = ROOT / "benchmarks" / "programs" / f"{name}.mlir"
    m = activity.parse(path)
    for func in _c_functions(path):
        r = verify(m, func, opts=Options(unroll=3, timeout=300, query_timeout=120))
        # lgamma's series needs more than 3 iterations: no execution within the bound
        assert r.status == ("unknown" if func == "gmm_lgamma" else "verified"), r.render()


INTTOPTR = """\
llvm.func @f(%p: !llvm.ptr, %x: f64) -> f64 {
  %i = llvm.ptrtoint %p : !llvm.ptr to i64
  %q = llvm.inttoptr %i : i64 to !llvm.ptr
  %c = llvm.icmp "eq" %p, %q : !llvm.ptr
  %z = llvm.mlir.constant(0.0 : f64) : f64
  %r = llvm.select %c, %x, %z {tag = "r"%R} : i1, f64
  llvm.return %r : f64
}
"""


def test_inttoptr_points_anywhere() -> None:
    """``inttoptr`` was exit 2; its pointer may equal any other (here it is ``p``): a
    claim that ``r`` is constant is refuted, not verified by a model where it never is."""
    assert verify(activity.parse(INTTOPTR.replace("%R", "")), "f").status == "verified"
    r = verify(activity.parse(INTTOPTR.replace("%R", ", enzyme.icv")), "f",
               claims="enzyme", args=["dup", "active"], opts=NO_RANDOM)
    assert r.status == "counterexample", r.render()


def test_enzyme_output_on_the_llvm_dialect() -> None:
    """Enzyme-MLIR's own answer on an llvm.func with a pointer argument verifies; its
    active ops, turned into claims, are refuted (through llvm memory)."""
    text = (DATA / "enzyme" / "print_activity_h_llvm.mlir").read_text()
    args = ["dup", "active", "const"]
    r = verify(activity.parse(text), "h_1", claims="enzyme", args=args)
    assert r.status == "verified" and r.claims == 3, r.render()
    for old, new, what in (
            ("llvm.store %arg1, %1 {enzyme.ici = false", "llvm.store %arg1, %1 {enzyme.ici = true",
             "llvm.store"),
            ("%4 = llvm.load %1 {enzyme.ici = false, enzyme.icv = false}",
             "%4 = llvm.load %1 {enzyme.ici = false, enzyme.icv = true}", "of llvm.load")):
        assert old in text
        r = verify(activity.parse(text.replace(old, new)), "h_1", claims="enzyme", args=args,
                   opts=NO_RANDOM)
        assert r.status == "counterexample", r.render()
        assert len(r.findings) == 1 and what in r.findings[0].claim.describe()


@pytest.mark.parametrize("bad", ['activity.op = "maybe"', "activity.results = [1 : i64]",
                                 "activity.op = true"])
def test_malformed_activity_annotations_are_errors(tmp_path, bad: str) -> None:  # type: ignore[no-untyped-def]
    """Claims are read by value: an annotation that is no claim and no "no claim" is an
    input error (exit 2), not silently nothing."""
    text = _straight(a=", " + bad)
    assert main(["verify", _write(tmp_path, text), "--func", "f", "--claims", "activity",
                 "--args", ",".join(ARGS)]) == 2


REALLOC = """\
llvm.func @g(%p: !llvm.ptr, %n: i64) -> f64 {
  %c16 = llvm.mlir.constant(16 : i64) : i64
  %b = llvm.call @malloc(%c16) : (i64) -> !llvm.ptr
  %x = llvm.load %p : !llvm.ptr -> f64
  llvm.store %x, %b : f64, !llvm.ptr
  %c = llvm.call @realloc(%b, %n) : (!llvm.ptr, i64) -> !llvm.ptr
  %y = llvm.load %c {tag = "y"%Y} : !llvm.ptr -> f64
  llvm.return %y : f64
}
llvm.func @malloc(i64) -> !llvm.ptr
llvm.func @realloc(!llvm.ptr, i64) -> !llvm.ptr
"""


def test_realloc_moves_the_contents() -> None:
    """``realloc`` was exit 2; the old contents move to the new block (so ``y`` is x)."""
    r = verify(activity.parse(REALLOC.replace("%Y", ", enzyme.icv")), "g", claims="enzyme",
               args=["dup", "const"], opts=NO_RANDOM)
    assert r.status == "counterexample", r.render()
    assert "replayed" in r.findings[0].message
    ok = REALLOC.replace("%Y", "").replace("(16 : i64) : i64", "(16 : i64) {enzyme.icv} : i64")
    assert verify(activity.parse(ok), "g", claims="enzyme", args=["dup", "const"],
                  opts=NO_RANDOM).status == "verified"


def test_realloc_claims_of_the_analysis() -> None:
    """Found by the verifier (a replayed counterexample to our own claims): the analysis
    gave realloc's block none of the old block's contents, so b[0] (= x[0]) was not
    varied and the pruned gradient was silently zero."""
    m = activity.parse(C_DATA / "realloc_O1.generic.mlir")
    r = verify(m, "grow", args=["dup", "const"])
    assert r.status == "verified", r.render()


@pytest.mark.parametrize("prune", [True, False])
def test_realloc_gradient_is_right_or_refused(prune: bool) -> None:
    """The same C: d grow / d x[0] is 1 (b[0] is x[0] after realloc).  Differentiating a
    realloc'd active block is not supported yet: a clear error at the call, never the
    silent zeros the pruned gradient gave."""
    import numpy as np

    from activity.ad.reverse import GradError

    m = activity.parse(C_DATA / "realloc_O1.generic.mlir")
    try:
        g = activity.gradient(m, "grow", argnums=0, prune=prune)(np.array([1.5, 2.0]), 1)
    except GradError as e:
        assert "realloc_O1.generic.mlir:" in str(e)
        return
    assert list(g) == [1.0, 0.0]
