# ruff: noqa: E501  (MLIR test programs have long lines)
"""The tensor level's ops parse (custom and generic form), and every structured op of
the subset has one view (:func:`activity.tensor.structured.structured`) and a
``linalg.generic`` form (:func:`generalize`).  The generic forms are upstream
``mlir-opt-22 --mlir-print-op-generic`` output (tests/data/tensor/*.generic.mlir, kept so
that the tests run without mlir-opt); where mlir-opt is installed, they are also
regenerated and compared."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from xdsl.dialects.linalg.ops import GenericOp
from xdsl.ir import Operation

from activity import frontend
from activity.errors import ActivityError
from activity.frontend import parse
from activity.tensor.named import NEW_OPS
from activity.tensor.structured import STRUCTURED_OPS, generalize, generalize_all, structured

DATA = Path(__file__).parent / "data" / "tensor"
MLIR_OPT = shutil.which("mlir-opt-22")
needs_mlir_opt = pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 not installed")


def _no_mlir_opt(monkeypatch: pytest.MonkeyPatch) -> None:
    """Parse with xDSL alone: the generic-form fallback is unavailable."""
    monkeypatch.setattr(frontend, "_find_mlir_opt", lambda: None)
    monkeypatch.delenv(frontend.GENERIC_CACHE_ENV, raising=False)


def _ops(module: Operation, prefix: str = "linalg.") -> list[Operation]:
    return [op for op in module.walk()
            if op.name.startswith(prefix) and op.name != "linalg.yield"]


def _body_names(op: Operation) -> list[str]:
    view = structured(op)
    assert view is not None
    return [o.name for o in view.body.ops]


CUSTOM = ["named.mlir", "elementwise.mlir", "tensor.mlir", "map.mlir", "reduce.mlir",
          "custom_holes.mlir"]


@pytest.mark.parametrize("name", CUSTOM)
def test_custom_form_parses_without_mlir_opt(name: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    _no_mlir_opt(monkeypatch)
    parse(DATA / name)


@pytest.mark.parametrize("name", CUSTOM)
def test_generic_form_parses_like_the_custom_form(name: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The same ops, the same bodies (the hidden body xDSL builds for a custom-form
    named op is the one upstream prints), the same maps."""
    _no_mlir_opt(monkeypatch)
    custom = parse(DATA / name)
    generic = parse(DATA / name.replace(".mlir", ".generic.mlir"))
    a, b = _ops(custom, ""), _ops(generic, "")
    assert [op.name for op in a] == [op.name for op in b]
    for x, y in zip(a, b, strict=True):
        vx, vy = structured(x), structured(y)
        assert (vx is None) == (vy is None)
        if vx is not None and vy is not None:
            assert vx.indexing_maps == vy.indexing_maps, x.name
            assert vx.iterator_types == vy.iterator_types, x.name
            assert _body_names(x) == _body_names(y), x.name


@needs_mlir_opt
@pytest.mark.parametrize("name", CUSTOM)
def test_generic_files_are_upstreams(name: str) -> None:
    assert MLIR_OPT is not None
    out = subprocess.run([MLIR_OPT, "--mlir-print-op-generic", str(DATA / name)],
                         capture_output=True, text=True, check=True).stdout
    assert out == (DATA / name.replace(".mlir", ".generic.mlir")).read_text()


def test_every_new_op_is_exercised() -> None:
    text = "".join((DATA / n).read_text() for n in CUSTOM)
    for op in NEW_OPS:
        assert f"{op.name} " in text, op.name


EXPECTED_MAPS = {
    "linalg.matmul": (["(d0, d1, d2) -> (d0, d2)", "(d0, d1, d2) -> (d2, d1)",
                       "(d0, d1, d2) -> (d0, d1)"], ("parallel", "parallel", "reduction")),
    "linalg.matvec": (["(d0, d1) -> (d0, d1)", "(d0, d1) -> (d1)", "(d0, d1) -> (d0)"],
                      ("parallel", "reduction")),
    "linalg.vecmat": (["(d0, d1) -> (d1)", "(d0, d1) -> (d1, d0)", "(d0, d1) -> (d0)"],
                      ("parallel", "reduction")),
    "linalg.dot": (["(d0) -> (d0)", "(d0) -> (d0)", "(d0) -> ()"], ("reduction",)),
    "linalg.batch_matmul": (["(d0, d1, d2, d3) -> (d0, d1, d3)",
                             "(d0, d1, d2, d3) -> (d0, d3, d2)",
                             "(d0, d1, d2, d3) -> (d0, d1, d2)"],
                            ("parallel", "parallel", "parallel", "reduction")),
    "linalg.transpose": (["(d0, d1) -> (d1, d0)", "(d0, d1) -> (d0, d1)"],
                         ("parallel", "parallel")),
    "linalg.broadcast": (["(d0, d1) -> (d0)", "(d0, d1) -> (d0, d1)"],
                         ("parallel", "parallel")),
    "linalg.reduce": (["(d0, d1) -> (d0, d1)", "(d0, d1) -> (d0)"],
                      ("parallel", "reduction")),
    "linalg.fill": (["(d0, d1) -> ()", "(d0, d1) -> (d0, d1)"], ("parallel", "parallel")),
    "linalg.map": (["(d0) -> (d0)"] * 3, ("parallel",)),
}


def test_structured_views_match_upstream_maps() -> None:
    """The maps are those ``mlir-opt --linalg-generalize-named-ops`` writes (checked
    by hand against its output for these files)."""
    seen = set()
    for op in [op for n in ("named", "custom_holes")
               for op in _ops(parse(DATA / f"{n}.generic.mlir"))]:
        view = structured(op)
        if view is None or op.name not in EXPECTED_MAPS:
            continue
        maps, iterators = EXPECTED_MAPS[op.name]
        assert [str(m) for m in view.indexing_maps] == maps, op.name
        assert view.iterator_types == iterators, op.name
        assert len(view.body.args) == len(view.operands)
        assert len(view.yielded) == len(view.outputs)
        seen.add(op.name)
    assert seen == set(EXPECTED_MAPS)


def test_structured_covers_the_subset() -> None:
    modules = [parse(DATA / f"{n}.generic.mlir")
               for n in ("named", "elementwise", "custom_holes")]
    names = {op.name for m in modules for op in _ops(m) if structured(op)}
    assert names == STRUCTURED_OPS


def test_non_structured_ops_have_no_view() -> None:
    module = parse(DATA / "tensor.mlir")
    for op in module.walk():
        assert structured(op) is None, op.name


@pytest.mark.parametrize("name", ["named.generic.mlir", "elementwise.generic.mlir",
                                  "custom_holes.generic.mlir", "named.mlir"])
def test_generalize_verifies_and_keeps_the_view(name: str) -> None:
    module = parse(DATA / name)
    for op in _ops(module):
        view = structured(op)
        if view is None:
            continue
        g = generalize(op)
        assert isinstance(g, GenericOp)
        g.verify()
        gv = structured(g)
        assert gv is not None
        assert gv.indexing_maps == view.indexing_maps
        assert gv.iterator_types == view.iterator_types
        assert [o.name for o in gv.body.ops] == [o.name for o in view.body.ops]
        assert gv.inputs == view.inputs and gv.outputs == view.outputs
        assert [r.type for r in g.results] == [r.type for r in view.results]


def test_generalize_all_leaves_only_generic_ops() -> None:
    module = parse(DATA / "named.generic.mlir")
    before = sum(1 for op in _ops(module) if structured(op) and op.name != "linalg.generic")
    assert generalize_all(module) == before > 0
    module.verify()
    assert {op.name for op in _ops(module) if structured(op)} == {"linalg.generic"}


def test_generalize_refuses_other_ops() -> None:
    module = parse(DATA / "tensor.mlir")
    op = next(o for o in module.walk() if o.name == "tensor.extract")
    with pytest.raises(ValueError, match="not a structured op"):
        generalize(op)


def test_contraction_arity_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    _no_mlir_opt(monkeypatch)
    generic = """func.func @f(%v: tensor<5xf32>, %s: tensor<f32>) -> tensor<f32> {
  %0 = "linalg.dot"(%v, %s) <{operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%a: f32, %b: f32):
    "linalg.yield"(%a) : (f32) -> ()
  }) : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}"""
    with pytest.raises(ActivityError,
                       match=r"2:8: error: 'linalg.dot' op expects 2 inputs and 1 output"):
        parse(generic)
    custom = """func.func @f(%v: tensor<5xf32>, %s: tensor<f32>) -> tensor<f32> {
  %0 = linalg.dot ins(%v : tensor<5xf32>) outs(%s : tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}"""
    with pytest.raises(ActivityError, match="Could not build linalg op"):
        parse(custom)


def test_custom_forms_xdsl_lacks_are_read_in_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """An attribute dictionary after ``linalg.transpose``/``broadcast``/``reduce``, the
    short ``linalg.reduce { arith.addf }`` and ``linalg.map { ... }`` forms: read without
    mlir-opt, nothing dropped, the short forms' bodies as upstream builds them (a
    reduction's payload takes the init element first)."""
    _no_mlir_opt(monkeypatch)
    module = parse(DATA / "reduce.mlir")
    tags = {op.name + str(op.attributes["tag"]) for op in _ops(module) if "tag" in op.attributes}
    assert tags == {"linalg.reduce1 : i32", "linalg.reduce2 : i32", "linalg.transpose3 : i32",
                    "linalg.broadcast4 : i32"}
    first = next(op for op in _ops(module) if op.name == "linalg.reduce")
    view = structured(first)
    assert view is not None
    add = view.body.first_op
    assert add is not None and add.name == "arith.addf"
    assert list(add.operands) == [view.output_args[0], view.input_args[0]]
    third = [op for op in _ops(module) if op.name == "linalg.reduce"][2]
    maxf = structured(third).body.first_op  # type: ignore[union-attr]
    assert maxf is not None and str(maxf.properties["fastmath"]) == "#arith.fastmath<fast>"


MALFORMED = [
    ("%a = tensor.extract %t[%i] : tensor<4x5xf32>",
     "2:8: error: 'tensor.extract' op incorrect number of indices"),
    ("%a = tensor.insert %x into %t[%i] : tensor<4x5xf32>",
     "2:8: error: 'tensor.insert' op incorrect number of indices"),
    ("%a = tensor.from_elements %x : tensor<2xf32>",
     "2:8: error: 'tensor.from_elements' op has 1 element"),
    ("""%r = "linalg.reduce"(%t, %w) <{dimensions = array<i64: 1>}> ({
      ^bb0(%p: f32, %q: f32, %z: f32):
        "linalg.yield"(%p) : (f32) -> ()
      }) : (tensor<4x5xf32>, tensor<4xf32>) -> tensor<4xf32>""",
     "2:8: error: 'linalg.reduce' op mismatching number of operands and block arguments"),
    ("""%r = "linalg.reduce"(%t, %w) <{dimensions = array<i64: 1>}> ({
      ^bb0(%p: f32, %q: f32):
        "linalg.yield"(%p, %q) : (f32, f32) -> ()
      }) : (tensor<4x5xf32>, tensor<4xf32>) -> tensor<4xf32>""",
     "4:9: error: 'linalg.yield' op expected number of yield values (2)"),
    ("""%r = "linalg.reduce"(%t, %w) <{dimensions = array<i64: 1>}> ({
      ^bb0(%p: f32, %q: f32):
        "linalg.yield"(%p) : (f32) -> ()
      }) : (tensor<4x5xf32>, tensor<4xf32>) -> tensor<5xf32>""",
     "2:8: error: 'linalg.reduce' op expected type of operand #1"),
    ("""%r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%t : tensor<4x5xf32>) outs(%w : tensor<4xf32>) {
  ^bb0(%p: f32, %q: f32):
    %ix = linalg.index 2 : index
    linalg.yield %p : f32
  } -> tensor<4xf32>""",
     "4:11: error: 'linalg.index' op expected dim (2) to be lower than the number of loops"),
    ("""%r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%t : tensor<4x5xf32>) outs(%w : tensor<4xf32>) {
  ^bb0(%p: f32, %q: f32):
    linalg.yield %i : index
  } -> tensor<4xf32>""",
     "4:5: error: 'linalg.yield' op type of yield operand 1 ('index') doesn't match"),
    ("""%r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%t : tensor<4x5xf32>) outs(%w : tensor<4xf32>) {
  ^bb0(%p: f32, %q: f32):
    linalg.yield %p : f32
  } -> tensor<5xf32>""",
     "2:8: error: 'linalg.generic' op expected type of operand #1"),
]


@pytest.mark.parametrize("snippet, message", MALFORMED)
def test_malformed_tensor_ops_are_refused_where_mlir_refuses_them(snippet: str,
                                                                    message: str) -> None:
    """xDSL 0.75 accepts each of these; upstream MLIR refuses each at the same
    line (checked where mlir-opt-22 is installed)."""
    text = ("func.func @g(%t: tensor<4x5xf32>, %w: tensor<4xf32>, %x: f32, %i: index) {\n"
            f"  {snippet}\n  return\n}}\n")
    with pytest.raises(ActivityError) as caught:
        parse(text)
    assert f"<string>:{message}" in str(caught.value)
    if MLIR_OPT is not None:
        proc = subprocess.run([MLIR_OPT, "-o", "/dev/null"], input=text, text=True,
                              capture_output=True, check=False)
        assert proc.returncode != 0
        line = message.split(":")[0]
        assert f"<stdin>:{line}:" in proc.stderr.splitlines()[0], proc.stderr
