# ruff: noqa: E501  (MLIR test programs, mlir-opt output among them, have long lines)
"""The sound fallback for ops outside the subset that have regions (``affine.for``/
``parallel``, ``omp.wsloop``, ``gpu.launch``, unregistered ops), and -- where the first
programs below used ``linalg.generic`` as the example of such an op, which the subset
now covers -- that the precise rules give the same answers without a warning.

The fallback treats such an op as a black box: its results and every block argument of
its regions may depend on everything flowing in (operands, captured values, values
yielded by its terminators) and on the memory reachable from them, which it may also
write; the ops inside keep their own transfers.  Several inputs below are ``mlir-opt-22``
output (named linalg ops generalized, printed in generic form)."""

from __future__ import annotations

import contextlib
import io
import warnings
from pathlib import Path

import pytest
from xdsl.ir import Operation

import activity
from activity.api import ActivityWarning
from activity.cli import main
from activity.errors import ActivityError
from activity.ops import op_name


def analyze(text: str, args: object = None) -> tuple[object, object, list[str]]:
    """(result, module, fallback warnings) of ``@f``."""
    m = activity.parse(text)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        r = activity.analyze(m, "f", args)
    return r, m, [str(w.message) for w in caught if issubclass(w.category, ActivityWarning)]


def ops(m: object, name: str) -> list[Operation]:
    return [op for op in m.walk() if op_name(op) == name]  # type: ignore[attr-defined]


def word(r: object, op: Operation, i: int = 0) -> str:
    return r.value(op.results[i]).word  # type: ignore[attr-defined]


def only_warning(warns: list[str], name: str) -> None:
    """One fallback warning, naming the region op (none for its terminator)."""
    assert len(warns) == 1, warns
    assert f"op '{name}' is outside the analysed subset" in warns[0]


LINALG_MEMREF = """
#map = affine_map<(d0) -> (d0)>
func.func @f(%x: memref<4xf64>, %o: memref<4xf64>) {
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : memref<4xf64>) outs(%o : memref<4xf64>) {
  ^bb0(%a: f64, %b: f64):
    %m = arith.mulf %a, %a {tag = "m"} : f64
    %s = arith.addf %m, %b {tag = "s"} : f64
    linalg.yield %s : f64
  }
  return
}
"""


def test_linalg_generic_on_memrefs_carries_the_buffers_derivatives() -> None:
    """The body reads x's elements (block arguments) and its yield is written to o: both
    directions go through the op, not through SSA edges."""
    r, m, warns = analyze(LINALG_MEMREF, {"x": "dup", "o": "dup"})
    mul, add = ops(m, "arith.mulf")[0], ops(m, "arith.addf")[0]
    assert word(r, mul) == "active" and word(r, add) == "active"
    body = ops(m, "linalg.generic")[0].regions[0].blocks[0]
    assert all(r.value(a).active for a in body.args)  # type: ignore[attr-defined]
    assert r.op_active(ops(m, "linalg.generic")[0])  # type: ignore[attr-defined]
    assert r.op_active(ops(m, "linalg.yield")[0])  # type: ignore[attr-defined]
    assert warns == []


def test_unknown_region_op_without_varied_inputs_stays_inactive() -> None:
    """Precision: nothing varied flows into the op (its buffers are const and distinct
    from the dup one), so its body is not varied."""
    r, m, _ = analyze("""
    #map = affine_map<(d0) -> (d0)>
    func.func @f(%x: memref<4xf64>, %o: memref<4xf64>, %y: memref<4xf64>) {
      %c0 = arith.constant 0 : index
      linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : memref<4xf64>) outs(%o : memref<4xf64>) {
      ^bb0(%a: f64, %b: f64):
        %m = arith.mulf %a, %a {tag = "m"} : f64
        linalg.yield %m : f64
      }
      %v = memref.load %y[%c0] : memref<4xf64>
      %w = math.sin %v : f64
      memref.store %w, %y[%c0] : memref<4xf64>
      return
    }""", {"x": "const", "o": "const", "y": "dup"})
    assert not r.value(ops(m, "arith.mulf")[0].results[0]).varied  # type: ignore[attr-defined]
    assert not r.op_active(ops(m, "linalg.generic")[0])  # type: ignore[attr-defined]
    assert word(r, ops(m, "math.sin")[0]) == "active"


# mlir-opt-22 --linalg-generalize-named-ops --mlir-print-op-generic on
#   linalg.matmul ins(%a, %b : memref<2x2xf64>, memref<2x2xf64>) outs(%c : memref<2x2xf64>)
MATMUL_MEMREF = """#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<2x2xf64>, memref<2x2xf64>, memref<2x2xf64>) -> (), sym_name = "f"}> ({
  ^bb0(%arg0: memref<2x2xf64>, %arg1: memref<2x2xf64>, %arg2: memref<2x2xf64>):
    "linalg.generic"(%arg0, %arg1, %arg2) <{indexing_maps = [#map, #map1, #map2], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg3: f64, %arg4: f64, %arg5: f64):
      %0 = "arith.mulf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
      %1 = "arith.addf"(%arg5, %0) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
      "linalg.yield"(%1) : (f64) -> ()
    }) : (memref<2x2xf64>, memref<2x2xf64>, memref<2x2xf64>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
"""

# the same on tensors: %r = linalg.matmul ins(%a, %b : tensor..) outs(%c : tensor..)
MATMUL_TENSOR = """#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x2xf64>, tensor<2x2xf64>, tensor<2x2xf64>) -> tensor<2x2xf64>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x2xf64>, %arg1: tensor<2x2xf64>, %arg2: tensor<2x2xf64>):
    %0 = "linalg.generic"(%arg0, %arg1, %arg2) <{indexing_maps = [#map, #map1, #map2], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg3: f64, %arg4: f64, %arg5: f64):
      %1 = "arith.mulf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
      %2 = "arith.addf"(%arg5, %1) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
      "linalg.yield"(%2) : (f64) -> ()
    }) : (tensor<2x2xf64>, tensor<2x2xf64>, tensor<2x2xf64>) -> tensor<2x2xf64>
    "func.return"(%0) : (tensor<2x2xf64>) -> ()
  }) : () -> ()
}) : () -> ()
"""


def test_generalized_matmul_on_memrefs_from_mlir_opt() -> None:
    r, m, warns = analyze(MATMUL_MEMREF, ["dup", "dup", "dup"])
    assert word(r, ops(m, "arith.mulf")[0]) == "active"
    assert word(r, ops(m, "arith.addf")[0]) == "active"
    assert warns == []


def test_generalized_matmul_on_tensors_from_mlir_opt() -> None:
    r, m, warns = analyze(MATMUL_TENSOR, ["active", "active", "const"])
    assert word(r, ops(m, "arith.mulf")[0]) == "active"
    assert word(r, ops(m, "linalg.generic")[0]) == "active"
    assert r.op_active(ops(m, "linalg.yield")[0])  # type: ignore[attr-defined]
    assert warns == []


def test_affine_for_with_iter_args() -> None:
    r, m, warns = analyze("""
    func.func @f(%x: memref<4xf64>) -> f64 {
      %z = arith.constant 0.0 : f64
      %r = affine.for %i = 0 to 4 iter_args(%acc = %z) -> (f64) {
        %a = memref.load %x[%i] {tag = "a"} : memref<4xf64>
        %s = arith.addf %acc, %a {tag = "s"} : f64
        affine.yield %s : f64
      }
      return %r : f64
    }""", ["dup"])
    assert word(r, ops(m, "arith.addf")[0]) == "active"
    assert word(r, ops(m, "affine.for")[0]) == "active"
    assert r.op_active(ops(m, "affine.yield")[0])  # type: ignore[attr-defined]
    only_warning(warns, "affine.for")


def test_affine_parallel_storing_into_a_buffer() -> None:
    r, m, warns = analyze("""
    func.func @f(%x: memref<4xf64>, %o: memref<4xf64>) {
      affine.parallel (%i) = (0) to (4) {
        %a = memref.load %x[%i] : memref<4xf64>
        %m = arith.mulf %a, %a : f64
        memref.store %m, %o[%i] : memref<4xf64>
      }
      return
    }""", ["dup", "dup"])
    assert word(r, ops(m, "arith.mulf")[0]) == "active"
    assert r.op_active(ops(m, "affine.parallel")[0])  # type: ignore[attr-defined]
    only_warning(warns, "affine.parallel")


# mlir-opt-22 --mlir-print-op-generic of an omp.wsloop: its region holds one op and no
# terminator, omp.loop_nest, itself a region op outside the subset.
OMP_WSLOOP = """"builtin.module"() ({
  "func.func"() <{function_type = (memref<4xf64>, memref<4xf64>) -> (), sym_name = "f"}> ({
  ^bb0(%arg0: memref<4xf64>, %arg1: memref<4xf64>):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 4 : index}> : () -> index
    %2 = "arith.constant"() <{value = 1 : index}> : () -> index
    "omp.wsloop"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0>}> ({
      "omp.loop_nest"(%0, %1, %2) ({
      ^bb0(%arg2: index):
        %3 = "memref.load"(%arg0, %arg2) : (memref<4xf64>, index) -> f64
        %4 = "arith.mulf"(%3, %3) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
        "memref.store"(%4, %arg1, %arg2) : (f64, memref<4xf64>, index) -> ()
        "omp.yield"() : () -> ()
      }) : (index, index, index) -> ()
    }) : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
"""


def test_omp_wsloop_around_a_loop_nest() -> None:
    """The nested region op ends its parent's block: control must still leave it."""
    r, m, warns = analyze(OMP_WSLOOP, ["dup", "dup"])
    assert word(r, ops(m, "memref.load")[0]) == "active"
    assert word(r, ops(m, "arith.mulf")[0]) == "active"
    assert len(warns) == 2 and "omp.wsloop" in warns[0] and "omp.loop_nest" in warns[1]


def test_gpu_launch_body_makes_the_launch_active() -> None:
    r, m, warns = analyze("""
    func.func @f(%x: memref<4xf64>, %o: memref<4xf64>) {
      %c1 = arith.constant 1 : index
      gpu.launch blocks(%bx, %by, %bz) in (%sx = %c1, %sy = %c1, %sz = %c1) threads(%tx, %ty, %tz) in (%qx = %c1, %qy = %c1, %qz = %c1) {
        %a = memref.load %x[%tx] : memref<4xf64>
        %m = arith.mulf %a, %a : f64
        memref.store %m, %o[%tx] : memref<4xf64>
        gpu.terminator
      }
      return
    }""", ["dup", "dup"])
    assert word(r, ops(m, "arith.mulf")[0]) == "active"
    assert r.op_active(ops(m, "gpu.launch")[0])  # type: ignore[attr-defined]
    only_warning(warns, "gpu.launch")


def test_unregistered_region_op_on_scalars() -> None:
    r, m, warns = analyze("""
    func.func @f(%x: f64, %y: f64) -> f64 {
      %k = arith.mulf %y, %y {tag = "k"} : f64
      %r = "my.op"(%x) ({
      ^bb0(%a: f64):
        %m = arith.mulf %a, %k {tag = "m"} : f64
        "my.yield"(%m) : (f64) -> ()
      }) : (f64) -> f64
      func.return %r : f64
    }""", ["active", "const"])
    assert word(r, ops(m, "arith.mulf")[1]) == "active"
    assert word(r, ops(m, "arith.mulf")[0]) == "useful"  # captured, not varied
    assert word(r, ops(m, "my.op")[0]) == "active"
    assert r.op_active(ops(m, "my.yield")[0])  # type: ignore[attr-defined]
    only_warning(warns, "my.op")


def test_unregistered_region_op_on_memrefs() -> None:
    r, m, warns = analyze("""
    func.func @f(%x: memref<4xf64>, %o: memref<4xf64>) {
      "my.map"(%x, %o) ({
      ^bb0(%a: f64, %b: f64):
        %m = arith.mulf %a, %a : f64
        "my.yield"(%m) : (f64) -> ()
      }) : (memref<4xf64>, memref<4xf64>) -> ()
      func.return
    }""", ["dup", "dup"])
    assert word(r, ops(m, "arith.mulf")[0]) == "active"
    only_warning(warns, "my.map")


def test_unknown_branch_ending_a_block_may_yield() -> None:
    """An unknown op with successors may leave the region too, with its operands."""
    r, m, _ = analyze("""
    func.func @f(%x: f64) -> f64 {
      %r = "my.op"(%x) ({
      ^bb0(%a: f64):
        %m = arith.mulf %a, %a : f64
        "my.yield_or_br"(%m)[^bb1] : (f64) -> ()
      ^bb1:
        "my.yield"(%a) : (f64) -> ()
      }) : (f64) -> f64
      func.return %r : f64
    }""", ["active"])
    assert word(r, ops(m, "arith.mulf")[0]) == "active"


def test_result_may_read_memory_the_body_wrote() -> None:
    """The op may compute its result after running its body: memory made varied inside
    reaches the result."""
    r, m, _ = analyze("""
    func.func @f(%x: f64) -> f64 {
      %c0 = arith.constant 0 : index
      %t = memref.alloc() : memref<1xf64>
      %r = "my.op"(%t) ({
        memref.store %x, %t[%c0] : memref<1xf64>
        "my.yield"() : () -> ()
      }) : (memref<1xf64>) -> f64
      func.return %r : f64
    }""", ["active"])
    assert word(r, ops(m, "my.op")[0]) == "active"
    assert r.op_active(ops(m, "memref.store")[0])  # type: ignore[attr-defined]


def test_unknown_branch_with_a_region_enters_it() -> None:
    """An unknown op that both has regions and branches (a block terminator with
    successors) gets the region fallback: its region is entered with arguments fed
    from its operands, and its successors' block arguments may get what it yields."""
    r, m, warns = analyze("""
    func.func @f(%x: f64, %z: f64) -> f64 {
      "my.br"(%x)[^bb1] ({
      ^bb0(%a: f64):
        %m = arith.mulf %a, %a {tag = "m"} : f64
        "my.yield"(%m) : (f64) -> ()
      }) : (f64) -> ()
    ^bb1:
      "my.br2"(%z)[^bb2] ({
      ^bb0(%b: f64):
        %n = arith.mulf %x, %x {tag = "n"} : f64
        "my.yield"(%n) : (f64) -> ()
      }) : (f64) -> ()
    ^bb2(%y: f64):
      func.return %y : f64
    }""", ["active", "const"])
    body = ops(m, "my.br")[0].regions[0].blocks[0]
    assert r.value(body.args[0]).varied  # type: ignore[attr-defined]
    assert r.value(ops(m, "arith.mulf")[0].results[0]).varied  # type: ignore[attr-defined]
    # %y may be the value %n yielded to my.br2 (only %z, const, is its operand)
    assert word(r, ops(m, "arith.mulf")[1]) == "active"
    assert r.value(ops(m, "func.return")[0].operands[0]).active  # type: ignore[attr-defined]
    assert len(warns) == 2, warns
    assert all("is outside the analysed subset" in w for w in warns), warns


def test_unknown_branch_with_a_region_storing_into_a_buffer() -> None:
    r, m, warns = analyze("""
    func.func @f(%x: f64, %o: memref<f64>) {
      "my.br"(%x)[^bb1] ({
      ^bb0(%a: f64):
        %m = arith.mulf %a, %a {tag = "m"} : f64
        memref.store %m, %o[] : memref<f64>
        "my.yield"() : () -> ()
      }) : (f64) -> ()
    ^bb1:
      func.return
    }""", ["active", "dup"])
    assert word(r, ops(m, "arith.mulf")[0]) == "active"
    assert r.op_active(ops(m, "memref.store")[0])  # type: ignore[attr-defined]
    only_warning(warns, "my.br")


def test_unknown_branch_without_regions_may_write_what_it_reaches() -> None:
    """An unknown terminator with successors and no region is a black box too: it may
    store ``%x`` into the buffer it is given before it branches, so the load after it
    is varied (the branch rules alone only passed operands to block arguments)."""
    r, m, warns = analyze("""
    func.func @f(%x: f64) -> f64 {
      %t = memref.alloca() : memref<f64>
      "my.br"(%x, %t)[^bb1] : (f64, memref<f64>) -> ()
    ^bb1:
      %v = memref.load %t[] {tag = "v"} : memref<f64>
      func.return %v : f64
    }""", ["active"])
    assert word(r, ops(m, "memref.load")[0]) == "active"
    only_warning(warns, "my.br")


def test_summaries_mode_callee_with_a_region_op() -> None:
    """Each function analysed alone: the callee's body and the caller's load."""
    m = activity.parse("""
    #map = affine_map<(d0) -> (d0)>
    func.func private @sq(%x: memref<4xf64>, %o: memref<4xf64>) {
      linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : memref<4xf64>) outs(%o : memref<4xf64>) {
      ^bb0(%a: f64, %b: f64):
        %m = arith.mulf %a, %a : f64
        linalg.yield %m : f64
      }
      return
    }
    func.func @f(%x: memref<4xf64>) -> f64 {
      %c0 = arith.constant 0 : index
      %t = memref.alloc() : memref<4xf64>
      func.call @sq(%x, %t) : (memref<4xf64>, memref<4xf64>) -> ()
      %v = memref.load %t[%c0] : memref<4xf64>
      return %v : f64
    }""")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        r = activity.analyze(m, "f", ["dup"], mode="summaries")
    assert word(r, ops(m, "arith.mulf")[0]) == "active"
    assert word(r, ops(m, "memref.load")[0]) == "active"
    assert [str(w.message) for w in caught] == []


UNKNOWN_MEMREF = """
func.func @f(%x: memref<4xf64>, %o: memref<4xf64>) {
  "my.loop"(%x, %o) ({
  ^bb0(%a: f64, %b: f64):
    %m = arith.mulf %a, %a {tag = "m"} : f64
    %s = arith.addf %m, %b {tag = "s"} : f64
    "my.yield"(%s) : (f64) -> ()
  }) : (memref<4xf64>, memref<4xf64>) -> ()
  return
}
"""


def test_cli_warns_once_per_op_and_strict_fails(tmp_path: Path) -> None:
    p = tmp_path / "f.mlir"
    p.write_text(UNKNOWN_MEMREF)

    def cli(*args: str) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            rc = main(list(args))
        return rc, out.getvalue(), err.getvalue()

    rc, out, err = cli("report", str(p), "--args", "x=dup,o=dup")
    assert rc == 0
    assert err.splitlines() == [f"{p}:3:3: warning: op 'my.loop' is outside the "
                                "analysed subset; assuming the conservative fallback"]
    assert "ACTIVE   %m = arith.mulf" in out and "ACTIVE   %s = arith.addf" in out
    rc, out, err = cli("report", str(p), "--args", "x=dup,o=dup", "--strict")
    assert rc == 2
    assert err.splitlines() == [f"{p}:3:3: error: op 'my.loop' is outside the "
                                "analysed subset (--strict)"]
    with pytest.raises(ActivityError, match="my.loop"):
        activity.analyze(activity.parse(UNKNOWN_MEMREF), "f", strict=True)
    # The AD generator refuses the (active) op with one clear error line.
    rc, out, err = cli("grad", str(p), "--func", "f", "--args", "x=dup,o=dup")
    assert rc == 2
    lines = [ln for ln in err.splitlines() if ": warning: " not in ln]
    assert lines == [f"{p}:3:3: error: cannot differentiate 'my.loop': region op "
                     "outside the supported subset (scf.for, scf.if, scf.while)"]
