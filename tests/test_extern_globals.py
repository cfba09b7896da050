"""An ``extern`` global without contents read by the code: the interpreter and the JIT
refuse it, naming the global at its first access, unless the caller binds it
(``globals={"name": array}``); ``activity cc`` links it (tests/test_cc.py)."""

from __future__ import annotations

import numpy as np
import pytest

import activity
from activity.errors import ActivityError

# (generic form: xDSL parses it without mlir-opt; what mlir-translate makes of
#  `extern double params[3]; extern int count;` read by f and not by g)
TEXT = """
"builtin.module"() ({
  "llvm.mlir.global"() <{addr_space = 0 : i32, global_type = !llvm.array<3 x f64>,
     linkage = #llvm.linkage<"external">, sym_name = "params", visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.mlir.global"() <{addr_space = 0 : i32, global_type = i32,
     linkage = #llvm.linkage<"external">, sym_name = "count", visibility_ = 0 : i64}> ({
  }) : () -> ()
  "func.func"() <{sym_name = "f", function_type = (f64) -> f64}> ({
  ^bb0(%x: f64):
    %p = "llvm.mlir.addressof"() <{global_name = @params}> : () -> !llvm.ptr
    %c = "llvm.mlir.addressof"() <{global_name = @count}> : () -> !llvm.ptr
    %n = "llvm.load"(%c) : (!llvm.ptr) -> i32
    %q = "llvm.getelementptr"(%p) <{elem_type = f64, noWrapFlags = 0 : i32,
         rawConstantIndices = array<i32: 1>}>
         : (!llvm.ptr) -> !llvm.ptr
    %a = "llvm.load"(%q) : (!llvm.ptr) -> f64
    %s = "arith.sitofp"(%n) : (i32) -> f64
    %y = "arith.mulf"(%a, %x) : (f64, f64) -> f64
    %z = "arith.mulf"(%y, %s) : (f64, f64) -> f64
    "func.return"(%z) : (f64) -> ()
  }) : () -> ()
  "func.func"() <{sym_name = "g", function_type = (f64) -> f64}> ({
  ^bb0(%x: f64):
    %y = "arith.addf"(%x, %x) : (f64, f64) -> f64
    "func.return"(%y) : (f64) -> ()
  }) : () -> ()
}) : () -> ()
"""

G = {"params": np.array([1.0, 2.0, 3.0]), "count": 3}


@pytest.fixture(scope="module")
def module():
    return activity.parse(TEXT, name="ext.mlir")


@pytest.mark.parametrize("how", ["compile", "gradient", "evaluate"])
def test_an_unbound_extern_global_is_an_error_naming_it(module, how: str) -> None:
    run = {"compile": lambda **kw: activity.compile(module, "f", **kw)(2.0),
           "gradient": lambda **kw: activity.gradient(module, "f", **kw)(2.0)[0],
           "evaluate": lambda **kw: activity.evaluate(module, "f", 2.0, **kw)[0]}[how]
    with pytest.raises(ActivityError, match=r"^ext.mlir:14:10: error: the code reads the "
                                            r"extern global 'params'"):
        run()  # (at its first access: the getelementptr)
    with pytest.raises(ActivityError, match=r"^ext.mlir:13:\d+: error: the code reads the "
                                            r"extern global 'count'"):
        run(globals={"params": [1.0, 2.0, 3.0]})
    want = 2.0 * 2.0 * 3 if how != "gradient" else 2.0 * 3
    assert run(globals=G) == want
    assert "value" not in str(module)  # (the caller's module is not changed)


def test_code_that_reads_none_needs_no_binding(module) -> None:
    assert activity.compile(module, "g")(2.0) == 4.0


def test_bad_bindings(module) -> None:
    with pytest.raises(ActivityError, match="'params' holds 3 element"):
        activity.compile(module, "f", globals={"params": [1.0], "count": 1})
    with pytest.raises(ActivityError, match="no global named 'nope'"):
        activity.evaluate(module, "g", 1.0, globals={"nope": 1})
