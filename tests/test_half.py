"""f16 code on the host: an f16 op computes in double and rounds the result, which x86
code generation does with a call to the compiler runtime (``__truncdfhf2``).  The JIT
loads libgcc_s for it; without that symbol the call jumped to address 0 and the process
died (``math.exp`` on f16, since the op table went through double).  Where the symbol
is missing, compiling f16 code raises a clear error instead."""

from __future__ import annotations

import pytest
from llvmlite import binding as llvm

import activity
from activity.codegen import compile, jit
from activity.codegen.errors import CodegenError
from activity.semantics import Interpreter

SRC = """
func.func @e(%a: f16, %b: f16) -> f16 {
  %x = math.exp %a : f16
  %y = arith.mulf %x, %b : f16
  func.return %y : f16
}
"""


def _x86() -> bool:
    jit.init_llvm()
    return llvm.get_process_triple().startswith("x86_64")


def test_f16_results_round_like_the_interpreter() -> None:
    m = activity.parse(SRC)
    f = compile(m, "e")
    for a, b in ((0.5, 1.0), (2.3, 0.7), (-3.1, 3.0), (9.0, 1.5)):
        assert f(a, b) == Interpreter(m).run("e", [a, b]).results[0]


def test_missing_half_conversions_are_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    if not _x86():
        pytest.skip("the half conversions are x86's libcalls")
    monkeypatch.setattr(jit, "_HALF_CONVERSIONS", ("__no_such_conversion_hf2",))
    jit.clear_cache()
    try:
        with pytest.raises(CodegenError, match="half-precision"):
            compile(activity.parse(SRC), "e")
        # code without f16 does not need them
        assert compile(activity.parse(SRC.replace("f16", "f64")), "e")(0.0, 2.0) == 2.0
    finally:
        monkeypatch.undo()
        jit.clear_cache()
