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


CUSTOM = ["named.mlir", "elementwise.mlir", "tensor.mlir"]


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
@pytest.mark.parametrize("name", [*CUSTOM, "custom_holes.mlir"])
def test_generic_files_are_upstreams(name: str) -> None:
    assert MLIR_OPT is not None
    out = subprocess.run([MLIR_OPT, "--mlir-print-op-generic", str(DATA / name)],
                         capture_output=True, text=True, check=True).stdout
    assert out == (DATA / name.replace(".mlir", ".generic.mlir")).read_text()


def test_every_new_op_is_exercised() -> None:
    text = "".join((DATA / n).read_text() for n in [*CUSTOM, "custom_holes.mlir"])
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


@needs_mlir_opt
def test_attribute_dicts_xdsl_cannot_read_go_through_mlir_opt() -> None:
    """Custom forms xDSL does not read in full (an attribute dictionary after
    ``linalg.transpose``/``broadcast``, the short ``linalg.reduce { arith.addf }`` and
    ``linalg.map { ... }`` forms) are converted to generic form; nothing is dropped."""
    module = parse(DATA / "custom_holes.mlir")
    names = [op.name for op in _ops(module)]
    assert names.count("linalg.transpose") == 1 and names.count("linalg.reduce") == 1
    assert names.count("linalg.map") == 1 and names.count("linalg.broadcast") == 1
    for op in _ops(module):
        if op.name in ("linalg.transpose", "linalg.broadcast"):
            assert "tag" in op.attributes, op.name
    reduce_ = next(op for op in _ops(module) if op.name == "linalg.reduce")
    assert _body_names(reduce_) == ["arith.addf", "linalg.yield"]
