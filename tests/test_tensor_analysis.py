# ruff: noqa: E501  (MLIR test programs have long lines)
"""Activity at the tensor level: tensors are values, structured ops are analysed
through their bodies (not the fallback), and linalg on memrefs loads and stores.

Each test states precise expectations, so that an unsound rule (too few varied or
useful) and an imprecise one (the whole-op fallback: too many) both fail; and every
program here is analysed without a warning."""

from __future__ import annotations

import shutil
import subprocess
import warnings
from pathlib import Path
from typing import Any

import pytest

from activity.tensor.structured import structured
from tests.helpers import act, run

MM = """
func.func @f(%a: tensor<4x5xf32>, %b: tensor<5x3xf32> {activity.arg = "const"},
             %c: tensor<4x3xf32> {activity.arg = "const"}) -> tensor<4x3xf32> {
  %0 = linalg.matmul {tag = "mm"} ins(%B, %b : tensor<4x5xf32>, tensor<5x3xf32>)
         outs(%c : tensor<4x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}"""


def _run(text: str, **kw: Any) -> tuple[Any, dict]:
    r, t = run(text, **kw)
    assert not r.warnings, r.warnings
    return r, t


def test_matmul_varied_a_const_b() -> None:
    r, t = _run(MM.replace("%B", "%a"))
    assert act(r, t, "mm") == "active"


def test_matmul_of_constants_is_not_varied() -> None:
    text = MM.replace("%B", "%k").replace(
        "%0 = linalg.matmul", "%k = tensor.empty() : tensor<4x5xf32>\n  %0 = linalg.matmul")
    r, t = _run(text)
    assert act(r, t, "mm") == "useful"


GENERIC = """
func.func @f(%a: tensor<SHAPE>, %c: tensor<SHAPE>) -> tensor<SHAPE> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
       ins(%a : tensor<SHAPE>) outs(%c : tensor<SHAPE>) attrs = {tag = "g"} {
  ^bb0(%x: f32, %o: f32):
    BODY
  } -> tensor<SHAPE>
  return %0 : tensor<SHAPE>
}"""


def _generic(body: str, shape: str = "4xf32") -> str:
    return GENERIC.replace("BODY", body).replace("SHAPE", shape)


def test_generic_yielding_a_constant_is_not_varied() -> None:
    """Every element of the init is overwritten (static, non-empty iteration space), so
    neither the varied input nor the varied init reaches the result."""
    r, t = _run(_generic("%k = arith.constant 2.0 : f32\n    linalg.yield %k : f32"))
    assert act(r, t, "g") == "useful"
    assert r.value(t["g"].operands[0]).word == "varied"  # %a: not useful either


def test_generic_on_a_possibly_empty_space_keeps_the_init() -> None:
    """A reduction loop of dynamic size may run zero times, and then the result is the
    init; where all elements are visited (a parallel op: an empty loop means an empty
    tensor) it is not."""
    text = """
    func.func @f(%a: tensor<4xSIZExf32>, %c: tensor<4xf32>) -> tensor<4xf32> {
      %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>,
                                            affine_map<(i, j) -> (i)>],
                           iterator_types = ["parallel", "reduction"]}
           ins(%a : tensor<4xSIZExf32>) outs(%c : tensor<4xf32>) attrs = {tag = "g"} {
      ^bb0(%x: f32, %o: f32):
        %k = arith.constant 2.0 : f32
        linalg.yield %k : f32
      } -> tensor<4xf32>
      return %0 : tensor<4xf32>
    }"""
    r, t = _run(text.replace("SIZE", "?"))
    assert act(r, t, "g") == "active"
    r, t = _run(text.replace("SIZE", "0"))
    assert act(r, t, "g") == "active"
    r, t = _run(text.replace("SIZE", "5"))
    assert act(r, t, "g") == "useful"
    r, t = _run(_generic("%k = arith.constant 2.0 : f32\n    linalg.yield %k : f32",
                         "?xf32"))
    assert act(r, t, "g") == "useful"


def test_generic_body_rules_apply_elementwise() -> None:
    r, t = _run(_generic("%m = arith.mulf %x, %x : f32\n    linalg.yield %m : f32"))
    assert act(r, t, "g") == "active"
    # fptosi kills the derivative inside the body as it does outside
    r, t = _run(_generic("%i = arith.fptosi %x : f32 to i32\n"
                         "    %m = arith.sitofp %i : i32 to f32\n    linalg.yield %m : f32"))
    assert act(r, t, "g") == "useful"


def test_generic_output_element_only_when_yielded() -> None:
    """The init's element reaches the result only through the body."""
    text = _generic("%m = arith.addf %o, %o : f32\n    linalg.yield %m : f32")
    r, t = _run(text, args=["const", "active"])
    assert act(r, t, "g") == "active"
    text = _generic("%m = arith.addf %x, %x : f32\n    linalg.yield %m : f32")
    r, t = _run(text, args=["const", "active"])
    assert act(r, t, "g") == "useful"


REDUCE = """
func.func @f(%a: tensor<4x5xf32>, %s: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                       iterator_types = ["parallel", "reduction"]}
       ins(%a : tensor<4x5xf32>) outs(%s : tensor<4xf32>) attrs = {tag = "g"} {
  ^bb0(%x: f32, %o: f32):
    %k = arith.constant 1.0 : f32
    %m = arith.mulf %x, %k {tag = "m"} : f32
    %n = arith.addf %o, %k {tag = "n"} : f32
    linalg.yield YIELD : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}"""


def test_reduction_carries_the_output_element() -> None:
    """Along a reduction loop, a varied yield reaches the next iteration's output
    argument: ``o`` is varied although the init is const."""
    r, t = _run(REDUCE.replace("YIELD", "%m"), args=["active", "const"])
    assert act(r, t, "g") == "active"
    # %n reads %o, which is the previous yield (%m, varied), not only the const init
    assert act(r, t, "n") == "varied"


def test_reduction_without_varied_input_stays_const() -> None:
    r, t = _run(REDUCE.replace("YIELD", "%n"), args=["active", "const"])
    assert act(r, t, "g") == "useful"
    assert act(r, t, "m") == "varied"


def test_unused_result_makes_inputs_not_useful() -> None:
    r, t = _run("""
    func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>, %x: f32) -> f32 {
      %0 = linalg.add {tag = "g"} ins(%a, %a : tensor<4xf32>, tensor<4xf32>)
             outs(%c : tensor<4xf32>) -> tensor<4xf32>
      %y = arith.mulf %x, %x {tag = "y"} : f32
      return %y : f32
    }""")
    assert act(r, t, "g") == "varied"
    assert act(r, t, "y") == "active"


@pytest.mark.parametrize("op, varied", [
    ("linalg.fill ins(%x : f32) outs(%c : tensor<4xf32>) -> tensor<4xf32>", True),
    ("linalg.fill ins(%k : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>", False),
    ("linalg.copy ins(%a : tensor<4xf32>) outs(%c : tensor<4xf32>) -> tensor<4xf32>", True),
    ("linalg.copy ins(%c : tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>", False),
    ("linalg.exp ins(%a : tensor<4xf32>) outs(%c : tensor<4xf32>) -> tensor<4xf32>", True),
    ("linalg.div ins(%c, %a : tensor<4xf32>, tensor<4xf32>) outs(%c : tensor<4xf32>) "
     "-> tensor<4xf32>", True),
    ("linalg.dot ins(%c, %c : tensor<4xf32>, tensor<4xf32>) outs(%s : tensor<f32>) "
     "-> tensor<f32>", False),
    ("linalg.dot ins(%c, %a : tensor<4xf32>, tensor<4xf32>) outs(%s : tensor<f32>) "
     "-> tensor<f32>", True),
])
def test_named_ops(op: str, varied: bool) -> None:
    rtype = op.rsplit("-> ", 1)[1]
    r, t = _run(f"""
    func.func @f(%a: tensor<4xf32>, %x: f32, %c: tensor<4xf32> {{activity.arg = "const"}},
                 %s: tensor<f32> {{activity.arg = "const"}}) -> {rtype} {{
      %k = arith.constant 1.0 : f32
      %0 = {op.replace("linalg." + op.split()[0][7:], op.split()[0] + ' {tag = "g"}', 1)}
      return %0 : {rtype}
    }}""")
    assert act(r, t, "g") == ("active" if varied else "useful")


def test_transpose_broadcast_reduce_map() -> None:
    r, t = _run("""
    func.func @f(%a: tensor<4x5xf32>, %e: tensor<5x4xf32> {activity.arg = "const"},
                 %w: tensor<4xf32> {activity.arg = "const"}) -> f32 {
      %0 = "linalg.transpose"(%a, %e) <{permutation = array<i64: 1, 0>}> ({
      ^bb0(%x: f32, %y: f32):
        "linalg.yield"(%x) : (f32) -> ()
      }) {tag = "t"} : (tensor<4x5xf32>, tensor<5x4xf32>) -> tensor<5x4xf32>
      %1 = "linalg.reduce"(%a, %w) <{dimensions = array<i64: 1>}> ({
      ^bb0(%x: f32, %y: f32):
        %z = arith.addf %x, %y : f32
        "linalg.yield"(%z) : (f32) -> ()
      }) {tag = "r"} : (tensor<4x5xf32>, tensor<4xf32>) -> tensor<4xf32>
      %2 = "linalg.broadcast"(%w, %a) <{dimensions = array<i64: 1>}> ({
      ^bb0(%x: f32, %y: f32):
        "linalg.yield"(%x) : (f32) -> ()
      }) {tag = "b"} : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
      %3 = "linalg.map"(%w, %1, %w) ({
      ^bb0(%x: f32, %y: f32, %o: f32):
        %z = arith.mulf %x, %y : f32
        "linalg.yield"(%z) : (f32) -> ()
      }) {tag = "m"} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %c0 = arith.constant 0 : index
      %s = tensor.extract %3[%c0] : tensor<4xf32>
      %u = tensor.extract %0[%c0, %c0] : tensor<5x4xf32>
      %v = tensor.extract %2[%c0, %c0] : tensor<4x5xf32>
      %p = arith.addf %s, %u : f32
      %q = arith.addf %p, %v : f32
      return %q : f32
    }""")
    assert act(r, t, "t") == "active"
    assert act(r, t, "r") == "active"
    assert act(r, t, "b") == "useful"  # broadcasts the const %w over the varied %a
    assert act(r, t, "m") == "active"


TENSOR_OPS = """
func.func @f(%t: tensor<4xf32>, %x: f32, %k: tensor<4xf32> {activity.arg = "const"},
             %i: index) -> f32 {
  %c = arith.constant 3.0 : f32
  %e = tensor.extract %k[%i] {tag = "extract_const"} : tensor<4xf32>
  %e2 = tensor.extract %t[%i] {tag = "extract_varied"} : tensor<4xf32>
  %n = tensor.insert %c into %t[%i] {tag = "insert_const_into_varied"} : tensor<4xf32>
  %n2 = tensor.insert %x into %k[%i] {tag = "insert_varied_into_const"} : tensor<4xf32>
  %n3 = tensor.insert %c into %k[%i] {tag = "insert_const_into_const"} : tensor<4xf32>
  %s = tensor.extract_slice %t[1] [2] [1] {tag = "slice"} : tensor<4xf32> to tensor<2xf32>
  %s2 = tensor.extract_slice %k[1] [2] [1] {tag = "slice_const"} : tensor<4xf32> to tensor<2xf32>
  %u = tensor.insert_slice %s2 into %t[0] [2] [1] {tag = "insert_slice"} : tensor<2xf32> into tensor<4xf32>
  %u2 = tensor.insert_slice %s into %k[0] [2] [1] {tag = "insert_slice2"} : tensor<2xf32> into tensor<4xf32>
  %fe = tensor.from_elements %c, %x {tag = "from_elements"} : tensor<2xf32>
  %sp = tensor.splat %x {tag = "splat"} : tensor<4xf32>
  %sp2 = tensor.splat %c {tag = "splat_const"} : tensor<4xf32>
  %cs = tensor.expand_shape %t [[0, 1]] output_shape [2, 2] {tag = "expand"} : tensor<4xf32> into tensor<2x2xf32>
  %es = tensor.collapse_shape %cs [[0, 1]] {tag = "collapse"} : tensor<2x2xf32> into tensor<4xf32>
  %ca = tensor.cast %es {tag = "cast"} : tensor<4xf32> to tensor<?xf32>
  %em = tensor.empty() {tag = "empty"} : tensor<4xf32>
  %v = arith.mulf %t, %k {tag = "mulf_tensor"} : tensor<4xf32>
  %v2 = math.exp %k {tag = "exp_const"} : tensor<4xf32>
  USE
  return %r : f32
}"""


@pytest.mark.parametrize("tag, word", [
    ("extract_const", "const"), ("extract_varied", "varied"),
    ("insert_const_into_varied", "varied"), ("insert_varied_into_const", "varied"),
    ("insert_const_into_const", "const"), ("slice", "varied"), ("slice_const", "const"),
    ("insert_slice", "varied"), ("insert_slice2", "varied"), ("from_elements", "varied"),
    ("splat", "varied"), ("splat_const", "const"), ("expand", "varied"),
    ("collapse", "varied"), ("cast", "varied"), ("empty", "const"),
    ("mulf_tensor", "varied"), ("exp_const", "const"),
])
def test_tensor_ops_varied(tag: str, word: str) -> None:
    """Which results are varied (nothing is used, so nothing is useful)."""
    r, t = _run(TENSOR_OPS.replace("USE", "%r = arith.constant 0.0 : f32"),
                args=["active", "active", "const", "const"])
    assert act(r, t, tag) == word


def test_tensor_ops_useful_through_extract() -> None:
    use = ("%z = arith.constant 0 : index\n  %r = tensor.extract %ca[%z] : tensor<?xf32>")
    r, t = _run(TENSOR_OPS.replace("USE", use), args=["active", "active", "const", "const"])
    for tag in ("expand", "collapse", "cast"):
        assert act(r, t, tag) == "active"
    assert act(r, t, "slice") == "varied"  # does not reach %r


def test_scf_for_carrying_a_tensor() -> None:
    r, t = _run("""
    func.func @f(%t: tensor<4xf32> {activity.arg = "const"}, %x: f32) -> f32 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %t) -> tensor<4xf32> {
        %e = tensor.extract %acc[%i] {tag = "e"} : tensor<4xf32>
        %m = arith.mulf %e, %x : f32
        %n = tensor.insert %m into %acc[%i] : tensor<4xf32>
        scf.yield %n : tensor<4xf32>
      } {tag = "for"}
      %y = tensor.extract %r[%c0] : tensor<4xf32>
      return %y : f32
    }""")
    assert act(r, t, "for") == "active"
    assert act(r, t, "e") == "active"  # the second iteration reads the first's insert


MEMREF = """
func.func @f(%a: memref<4x5xf32>, %b: memref<5x3xf32>, %c: memref<4x3xf32>,
             %d: memref<4x3xf32>) -> f32 {
  %z = arith.constant 0 : index
  %c1 = arith.constant 1.0 : f32
  OP
  %x = memref.load %c[%z, %z] {tag = "c"} : memref<4x3xf32>
  %y = memref.load %d[%z, %z] {tag = "d"} : memref<4x3xf32>
  %s = arith.addf %x, %y : f32
  return %s : f32
}"""


@pytest.mark.parametrize("op, args, c_word", [
    ("linalg.matmul ins(%a, %b : memref<4x5xf32>, memref<5x3xf32>) "
     "outs(%c : memref<4x3xf32>)", ["dup", "const", "const", "const"], "active"),
    ("linalg.matmul ins(%a, %b : memref<4x5xf32>, memref<5x3xf32>) "
     "outs(%c : memref<4x3xf32>)", ["const", "const", "const", "dup"], "useful"),
    ("linalg.fill ins(%c1 : f32) outs(%c : memref<4x3xf32>)",
     ["dup", "const", "const", "dup"], "useful"),
    # a write of the whole buffer is still a weak update (the class may hold more
    # buffers than this one): the varied contents survive the fill
    ("linalg.fill ins(%c1 : f32) outs(%c : memref<4x3xf32>)",
     ["const", "const", "dup", "const"], "active"),
])
def test_linalg_on_memrefs_loads_and_stores(op: str, args: list[str], c_word: str) -> None:
    r, t = _run(MEMREF.replace("OP", op), args=args)
    assert act(r, t, "c") == c_word


def test_linalg_on_memrefs_reads_its_outs() -> None:
    """A reduction into a dup buffer reads it: varied memory flows through."""
    r, t = _run(MEMREF.replace("OP", """linalg.generic {indexing_maps = [
        affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
        iterator_types = ["parallel", "parallel"]} ins(%d : memref<4x3xf32>)
        outs(%c : memref<4x3xf32>) {
      ^bb0(%p: f32, %o: f32):
        %m = arith.mulf %o, %c1 : f32
        linalg.yield %m : f32
      }"""), args=["const", "const", "dup", "dup"])
    assert act(r, t, "c") == "active"
    body = next(op for op in t["c"].parent_block().ops if structured(op) is not None)
    view = structured(body)
    assert view is not None
    assert r.value(view.input_args[0]).word == "varied"  # %p loaded, unused
    assert r.value(view.output_args[0]).word == "active"


def test_to_tensor_and_to_buffer() -> None:
    r, t = _run("""
    func.func @f(%m: memref<4xf32>, %k: memref<4xf32>) -> f32 {
      %z = arith.constant 0 : index
      %t = bufferization.to_tensor %m {tag = "t"} : memref<4xf32> to tensor<4xf32>
      %t2 = bufferization.to_tensor %k {tag = "t2"} : memref<4xf32> to tensor<4xf32>
      %u = arith.mulf %t, %t : tensor<4xf32>
      %b = bufferization.to_buffer %u {tag = "b"} : tensor<4xf32> to memref<4xf32>
      %b2 = bufferization.to_buffer %t2 : tensor<4xf32> to memref<4xf32>
      %x = memref.load %b[%z] {tag = "x"} : memref<4xf32>
      %y = memref.load %b2[%z] {tag = "y"} : memref<4xf32>
      %s = arith.addf %x, %y : f32
      return %s : f32
    }""", args=["dup", "const"])
    assert act(r, t, "t") == "active"
    assert act(r, t, "t2") == "useful"
    assert act(r, t, "x") == "active"
    assert act(r, t, "y") == "useful"


def test_to_buffer_of_to_tensor_may_alias_the_buffer() -> None:
    """Upstream's bufferization folds ``to_buffer(to_tensor(m))`` to ``m``: a store
    through the result reaches ``m``."""
    r, t = _run("""
    func.func @f(%m: memref<4xf32>, %x: f32) -> f32 {
      %z = arith.constant 0 : index
      %t = bufferization.to_tensor %m : memref<4xf32> to tensor<4xf32>
      %b = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
      memref.store %x, %b[%z] : memref<4xf32>
      %y = memref.load %m[%z] {tag = "y"} : memref<4xf32>
      return %y : f32
    }""", args=["const", "active"])
    assert act(r, t, "y") == "active"


def test_the_differentiator_takes_tensor_ops() -> None:
    """A derivative through tensor ops is differentiated (activity/ad/rules/tensor.py;
    before the tensor adjoints it was refused, and before that silently dropped: a zero
    gradient), and through a tensor op without an adjoint rule refused with its place."""
    import activity
    from activity.errors import ActivityError

    module = activity.parse("""
    func.func @s(%x: f32) -> f32 {
      %t = tensor.splat %x : tensor<4xf32>
      %c0 = arith.constant 0 : index
      %u = arith.mulf %t, %t : tensor<4xf32>
      %e = tensor.extract %u[%c0] : tensor<4xf32>
      return %e : f32
    }""")
    g = activity.grad(module, "s", ["active"])
    assert float(activity.evaluate(g, "s_grad", 1.5, 1.0)[0]) == 3.0
    module = activity.parse("""
    func.func @s(%x: tensor<4xf32>) -> f32 {
      %m = bufferization.to_buffer %x : tensor<4xf32> to memref<4xf32>
      %c0 = arith.constant 0 : index
      %e = memref.load %m[%c0] : memref<4xf32>
      return %e : f32
    }""")
    with pytest.raises(ActivityError, match="3:12: error: cannot differentiate.*"
                                            "'bufferization.to_buffer'"):
        activity.grad(module, "s", ["active"])


MLP_PIPELINES = {
    "mlp.generalized.mlir": ["--linalg-generalize-named-ops"],
    "mlp.fused.mlir": ["--convert-elementwise-to-linalg", "--linalg-fuse-elementwise-ops"],
    "mlp.bufferized.mlir": ["--convert-elementwise-to-linalg",
                            "--one-shot-bufferize=bufferize-function-boundaries",
                            "--mlir-print-op-generic"],  # (memref.cast: see README)
}
DATA = Path(__file__).parent / "data" / "tensor"


@pytest.mark.parametrize("name", sorted(MLP_PIPELINES))
def test_upstream_pipelines_are_analysed_without_fallback(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Upstream's own output (named ops generalized, elementwise ops fused, one-shot
    bufferization to linalg on memrefs): no warning, and the same answer as on the
    source: the layer's output depends on x and b, not on the const w."""
    import activity
    from activity import frontend
    from activity.ops import op_name

    monkeypatch.setattr(frontend, "_find_mlir_opt", lambda: None)
    monkeypatch.delenv(frontend.GENERIC_CACHE_ENV, raising=False)
    module = activity.parse(DATA / name)
    bufferized = "bufferized" in name
    args = ["dup", "const", "dup"] if bufferized else ["active", "const", "active"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        r = activity.analyze(module, "mlp", args)
    assert [str(w.message) for w in caught] == []
    maxf = [op for op in module.walk() if op_name(op) == "arith.maximumf"]
    assert len(maxf) == 1
    # (a returned memref is no seeded output: varied, not useful)
    assert r.value(maxf[0].results[0]).word == ("varied" if bufferized else "active")
    if not bufferized:
        ret = next(op for op in module.walk() if op_name(op) == "func.return")
        assert r.value(ret.operands[0]).word == "active"
        mul = [op for op in module.walk() if op_name(op) == "arith.mulf"]
        for op in mul:  # x * w: x varied, w const
            assert r.value(op.operands[0]).word == "active"
            assert r.value(op.operands[1]).word == "useful"


@pytest.mark.skipif(shutil.which("mlir-opt-22") is None, reason="mlir-opt-22 not installed")
@pytest.mark.parametrize("name", sorted(MLP_PIPELINES))
def test_pipeline_outputs_are_upstreams(name: str) -> None:
    out = subprocess.run(["mlir-opt-22", *MLP_PIPELINES[name], str(DATA / "mlp.mlir")],
                         capture_output=True, text=True, check=True).stdout
    assert out == (DATA / name).read_text()
