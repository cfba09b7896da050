"""Arguments checked in the user's terms, and limits the user controls (a misuse
campaign): numbers out of their type's range, arrays of the wrong dtype for
``evaluate``, a gradient's errors naming the user's arguments, arrays for pointers to
structs, duplicate or unknown names in ``--args``/``--bounds``, ``activity run
--max-steps/--timeout`` and ``evaluate(max_steps=, timeout=)``."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import activity
from tests.helpers import cli

ROOT = Path(__file__).resolve().parent.parent

SCALARS = """
func.func @f(%x: f64, %a: memref<?xf64>, %n: index, %k: i32, %b: i8, %y: f32) -> f64 {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<?xf64>
  %p = arith.mulf %x, %v : f64
  %ki = arith.sitofp %k : i32 to f64
  %bi = arith.sitofp %b : i8 to f64
  %ni = arith.index_cast %n : index to i64
  %nf = arith.sitofp %ni : i64 to f64
  %ye = arith.extf %y : f32 to f64
  %q = arith.mulf %p, %ki : f64
  %r = arith.addf %q, %bi : f64
  %s = arith.addf %r, %nf : f64
  %t = arith.addf %s, %ye : f64
  memref.store %t, %a[%c0] : memref<?xf64>
  return %t : f64
}
"""

LOOP = """
func.func @spin(%x: f64) -> f64 {
  cf.br ^bb1(%x : f64)
^bb1(%y: f64):
  cf.br ^bb1(%y : f64)
}
"""


@pytest.fixture(scope="module")
def scalars() -> Any:
    return activity.parse(SCALARS)


def _callers(m: Any) -> dict[str, Any]:
    f = activity.compile(m, "f")
    g = activity.gradient(m, "f", argnums=(0,))
    return {"compile": f, "gradient": g,
            "evaluate": lambda *xs: activity.evaluate(m, "f", *xs)}


GOOD = [1.0, None, 1, 1, 1, 1.0]

# (position, value, exception, message after the argument's name)
BAD = [
    (0, 10 ** 400, ValueError, "an integer of 401 digits is out of range for f64"),
    (0, True, TypeError, "expected a float, got bool"),
    (0, 1 + 2j, TypeError, "expected a float, got complex"),
    (2, 1 << 63, ValueError, "9223372036854775808 is out of range for index"),
    (2, -(1 << 63) - 1, ValueError, "-9223372036854775809 is out of range for index"),
    (2, 1.5, TypeError, "expected an integer, got float"),
    (3, 1 << 32, ValueError, "4294967296 is out of range for i32 (-2147483648 to "
                             "4294967295; signless"),
    (3, -(1 << 31) - 1, ValueError, "-2147483649 is out of range for i32"),
    (4, 256, ValueError, "256 is out of range for i8 (-128 to 255"),
    (4, -129, ValueError, "-129 is out of range for i8"),
    (5, 1e39, ValueError, "1e+39 is out of range for f32"),
]
NAMES = ["argument 0 ('x', f64)", "argument 1 ('a', memref<?xf64>)",
         "argument 2 ('n', index)", "argument 3 ('k', i32)", "argument 4 ('b', i8)",
         "argument 5 ('y', f32)"]


@pytest.mark.parametrize("how", ["compile", "gradient", "evaluate"])
def test_numbers_out_of_range_or_of_the_wrong_kind_name_the_argument(scalars: Any,
                                                                     how: str) -> None:
    """``10**400`` for an f64 raised a bare OverflowError; ``2**63`` for an index was
    taken as -2**63; ``evaluate`` took 2**32 for an i32, 300 for an i8 and 1.5 for an
    index (wrapped, truncated); a gradient named arguments by their place in
    ``<f>_grad``'s signature (user tests).  Each is a TypeError or ValueError naming
    the argument by position, name and type in the user's function."""
    call = _callers(scalars)[how]
    for k, x, exc, msg in BAD:
        args = [np.ones(2) if v is None else v for v in GOOD]
        args[k] = x
        want = f"{NAMES[k]} of @f: {msg}"
        with pytest.raises(exc, match=re.escape(want)):
            call(*args)


@pytest.mark.parametrize("how", ["compile", "gradient", "evaluate"])
def test_signless_integers_take_both_ranges_and_index_is_signed(scalars: Any,
                                                                how: str) -> None:
    call = _callers(scalars)[how]
    for k, b in (((1 << 32) - 1, 255), (-1, -1), (np.uint32((1 << 32) - 1), np.int8(-1))):
        got = call(1.0, np.ones(2), 5, k, b, 1.0)  # x*a[0]*k + b + n + y = -1 - 1 + 5 + 1
        got = got[0] if isinstance(got, tuple) else got
        assert got == (-1.0 if how == "gradient" else 4.0), (k, b)
    for n in ((1 << 63) - 1, -(1 << 63)):
        call(1.0, np.ones(2), n, 1, 1, 1.0)


def test_evaluate_checks_arrays_as_compile_does(scalars: Any) -> None:
    """``evaluate`` ran an f32 array for a ``memref<?xf64>`` silently (converted); now
    the checks compiled functions make: dtype, rank, static sizes, by the same code
    (activity.arguments), with the same messages."""
    f = activity.compile(scalars, "f")
    for bad, exc, msg in ((np.ones(2, np.float32), TypeError, "expected dtype float64, "
                           "got float32"),
                          (np.ones((2, 2)), ValueError, "expected a rank-1 array"),
                          (np.ones(2, ">f8"), TypeError, "expected native byte order"),
                          ([1.0, 2.0], TypeError, "expected a numpy array, got list")):
        want = f"argument 1 ('a', memref<?xf64>) of @f: {msg}"
        for call in (f, lambda *xs: activity.evaluate(scalars, "f", *xs)):
            with pytest.raises(exc, match=re.escape(want)):
                call(1.0, bad, 1, 1, 1, 1.0)
    m = activity.parse("""
func.func @g(%a: memref<3xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<3xi32>
  return %v : i32
}""")
    with pytest.raises(ValueError, match=re.escape("argument 0 ('a', memref<3xi32>) of @g: "
                                                   "dimension 0 must be 3, got shape (4,)")):
        activity.evaluate(m, "g", np.ones(4, np.int32))
    with pytest.raises(TypeError, match="expected dtype int32, got int64"):
        activity.evaluate(m, "g", np.ones(3, np.int64))
    assert activity.evaluate(m, "g", np.full(3, 7, np.uint32)) == (7,)


GRAD = """
func.func @h(%a: memref<?xf64>, %b: memref<?xf64>, %x: f64, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %va = memref.load %a[%n] : memref<?xf64>
  %vb = memref.load %b[%c0] : memref<?xf64>
  %p = arith.mulf %va, %vb : f64
  %q = arith.mulf %p, %x : f64
  memref.store %q, %b[%c0] : memref<?xf64>
  return %q : f64
}
"""


def test_a_gradients_argument_errors_name_the_users_arguments() -> None:
    """``<h>_grad`` takes a, da, b, db, x, n, seed: a float passed for ``n`` (user
    argument 3) was reported as ``argument 5 (index)``, a bad ``b`` as argument 2.
    The errors name @h's arguments, on the general path and the fast one."""
    g = activity.gradient(GRAD, "h")
    a, b = np.array([1.0, 2.0]), np.array([3.0])
    assert g(a, b, 2.0, 1)[2] == pytest.approx(6.0)
    for args, exc, want in (
            ((a, b, 2.0, 1.5), TypeError, "argument 3 ('n', index) of @h: expected an "
                                          "integer, got float"),
            ((a, b, 2.0, 1 << 63), ValueError, "argument 3 ('n', index) of @h: "
                                               "9223372036854775808 is out of range"),
            ((a, b.astype(np.float32), 2.0, 1), TypeError,
             "argument 1 ('b', memref<?xf64>) of @h: expected dtype float64"),
            ((a, [3.0], 2.0, 1), TypeError,
             "argument 1 ('b', memref<?xf64>) of @h: expected a numpy array"),
            ((a, b, "2", 1), TypeError, "argument 2 ('x', f64) of @h: expected a float")):
        for call in (g, g.python_path()):
            with pytest.raises(exc, match=re.escape(want)):
                call(*args)


# struct P {double x; int n;} and struct Q {double x, y;}, indexed as p[i] (clang's GEP)
STRUCTS = """
llvm.func @fp(%p: !llvm.ptr, %i: i64) -> f64 {
  %q = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<"P", (f64, i32)>
  %x = llvm.load %q : !llvm.ptr -> f64
  %y = llvm.fmul %x, %x : f64
  llvm.return %y : f64
}
llvm.func @fq(%p: !llvm.ptr, %i: i64) -> f64 {
  %q = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<"Q", (f64, f64)>
  %x = llvm.load %q : !llvm.ptr -> f64
  %y = llvm.fmul %x, %x : f64
  llvm.return %y : f64
}
"""

P = np.dtype([("x", "f8"), ("n", "i4")], align=True)


@pytest.mark.parametrize("how", ["compile", "gradient", "evaluate"])
def test_a_pointer_indexed_as_structs_takes_only_their_layout(how: str) -> None:
    """A plain float64 array passed for a ``struct P {double x; int n;} *`` was taken
    (its doubles read as P's ints, p[i] past its end): refused unless the dtype is the
    struct's -- numpy's aligned struct, or a plain dtype where every field is of it
    (``struct Q {double x, y;}``: float64)."""
    m = activity.parse(STRUCTS)

    def call(func: str, *xs: Any) -> Any:
        if how == "compile":
            return activity.compile(m, func)(*xs)
        if how == "gradient":
            return activity.gradient(m, func, argnums=0)(*xs)
        return activity.evaluate(m, func, *xs)[0]

    p = np.zeros(2, P)
    p["x"] = [1.5, 2.5]
    got = call("fp", p, 1)
    if how == "gradient":
        assert got["x"].tolist() == [0.0, 5.0]
    else:
        assert got == 6.25
    for bad in (np.array([1.5, 0.0, 2.5, 0.0]), np.zeros(2, np.dtype(P.descr[:2])),
                np.zeros(4, np.int64), np.zeros(2, np.dtype([("x", "f8"), ("n", "f8")]))):
        with pytest.raises(TypeError, match=re.escape(
                "argument 0 ('p', !llvm.ptr) of @fp: the function indexes it as an array "
                "of !llvm.struct<\"P\", (f64, i32)> (16 bytes each)")):
            call("fp", bad, 1)
    q = np.array([[1.5, 0.0], [2.5, 0.0]])
    got = call("fq", q, 1)
    if how == "gradient":
        assert got.tolist() == [[0.0, 0.0], [5.0, 0.0]]
    else:
        assert got == 6.25
    with pytest.raises(TypeError, match="indexes it as an array of !llvm.struct<\"Q\""):
        call("fq", np.zeros(4, np.float32), 1)


# ------------------------------------------------------------------ the command line

@pytest.mark.parametrize("inputs,needle", [
    ("[1e400, [1.0], 1, 1, 1, 1.0]", "argument 0 ('x', f64) of @f: 1e400 is out of range "
                                     "for f64"),
    ("[1.0, [1.0, -1e999], 1, 1, 1, 1.0]", "argument 1 ('a', memref<?xf64>) of @f: an "
                                          "element: -1e999 is out of range for f64"),
    ("[1.0, [1.0], 9223372036854775808, 1, 1, 1.0]",
     "argument 2 ('n', index) of @f: 9223372036854775808 is out of range for index"),
    ("[1.0, [1.0], 1, 4294967296, 1, 1.0]", "argument 3 ('k', i32) of @f: 4294967296 is "
                                            "out of range for i32"),
    ("[1.0, [1.0], 1, 1, -129, 1.0]", "argument 4 ('b', i8) of @f: -129 is out of range"),
    ("[1.0, [1.0], 1, 1, 1, 1e39]", "argument 5 ('y', f32) of @f: 1e+39 is out of range"),
])
def test_run_inputs_out_of_range_are_one_line_errors(tmp_path: Path, inputs: str,
                                                     needle: str) -> None:
    path = tmp_path / "s.mlir"
    path.write_text(SCALARS)
    rc, _, err = cli("run", str(path), "--func", "f", "--inputs", inputs)
    assert rc == 2 and err.count("\n") == 1, err
    assert err.startswith(f"{path}: error: --inputs: ") and needle in err, err
    rc, out, err = cli("run", str(path), "--func", "f", "--inputs",
                       "[1.0, [1.0], 5, 4294967295, 255, 1.0]")
    assert rc == 0, err
    assert out.startswith('{"results": [4.0]')  # 1*1*(-1) + (-1) + 5 + 1


def test_run_max_steps_and_timeout(tmp_path: Path) -> None:
    """A loop that never ends stopped only after 100,000,000 steps (141 s), with no
    option to lower it: ``--max-steps`` (its default in --help) and ``--timeout``."""
    path = tmp_path / "loop.mlir"
    path.write_text(LOOP)
    rc, out, _ = cli("run", "--help")
    assert rc == 0 and "--max-steps N" in out and "default 100,000,000" in out
    assert "--timeout SECONDS" in out
    t = time.monotonic()
    rc, _, err = cli("run", str(path), "--func", "spin", "--inputs", "[1.0]",
                     "--max-steps", "2000")
    assert rc == 2 and err == (f"{path}: error: run stopped: more than 2000 steps (the "
                               "limit --max-steps 2000; raise it to run longer)\n")
    rc, _, err = cli("run", str(path), "--func", "spin", "--inputs", "[1.0]",
                     "--max-steps", "1000000000000", "--timeout", "0.2")
    assert rc == 2 and err == (f"{path}: error: run stopped: ran longer than 0.2 s (the "
                               "limit --timeout 0.2; raise it to run longer)\n")
    assert time.monotonic() - t < 20
    for bad in (("--max-steps", "0"), ("--max-steps", "x"), ("--timeout", "-1")):
        rc, _, err = cli("run", str(path), "--func", "spin", "--inputs", "[1.0]", *bad)
        assert rc == 2 and f"argument {bad[0]}: expected a positive" in err, err


def test_evaluate_max_steps_and_timeout() -> None:
    from activity.semantics import StepLimitExceeded

    m = activity.parse(LOOP)
    with pytest.raises(StepLimitExceeded, match=re.escape(
            "@spin stopped: more than 500 steps (the limit max_steps=500; raise it")):
        activity.evaluate(m, "spin", 1.0, max_steps=500)
    t = time.monotonic()
    with pytest.raises(StepLimitExceeded, match=re.escape(
            "@spin stopped: ran longer than 0.1 s (the limit timeout=0.1; raise it")):
        activity.evaluate(m, "spin", 1.0, max_steps=10 ** 12, timeout=0.1)
    assert time.monotonic() - t < 20


@pytest.mark.parametrize("command", ["report", "grad", "verify", "compare"])
def test_a_name_given_twice_in_args_is_an_error(tmp_path: Path, command: str) -> None:
    """``--args x=active,x=const`` took the last entry, silently."""
    path = tmp_path / "s.mlir"
    path.write_text(SCALARS)
    rc, _, err = cli(command, str(path), "--func", "f", "--args", "x=active,x=const")
    assert rc == 2 and err == f"{path}: error: --args: 'x' given twice\n", err
    rc, _, err = cli(command, str(path), "--func", "f", "--args", "x=active,0=const")
    assert rc == 2 and err == (f"{path}: error: @f: argument 0 is given twice, as 'x' "
                               "and '0'\n"), err


def test_a_name_given_twice_in_the_apis_args_is_a_value_error(scalars: Any) -> None:
    with pytest.raises(ValueError, match="argument 0 is given twice, as 'x' and '0'"):
        activity.analyze(scalars, "f", {"x": "active", 0: "const"})
    with pytest.raises(ValueError, match="no argument named 'z'"):
        activity.analyze(scalars, "f", {"z": "active"})
    with pytest.raises(ValueError, match="argument 0 of @f is given twice, as 'x' and 0"):
        activity.gradient(scalars, "f", args={"x": "active", 0: "const"})


def test_bounds_names_an_argument(tmp_path: Path) -> None:
    """``--bounds m=3`` for a function with no argument ``m`` was ignored."""
    path = tmp_path / "s.mlir"
    path.write_text(SCALARS)
    rc, _, err = cli("grad", str(path), "--func", "f", "--stats", "--bounds", "m=3")
    assert rc == 2 and err == (f"{path}: error: --bounds: @f has no argument 'm' "
                               "(arguments: x, a, n, k, b, y)\n"), err
    rc, _, err = cli("grad", str(path), "--func", "f", "--stats", "--bounds", "n=3")
    assert rc == 0, err
