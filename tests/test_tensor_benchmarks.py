"""The tensor-level benchmark programs (``benchmarks/tensor/``, issue 33): each against
its numpy reference in the interpreter and compiled, against the memref-level program of
the same objective (``benchmarks/programs``), the committed ``.mlir`` files against
their generator, the JAX and PyTorch versions against numpy (and their gradients
against each other and finite differences), and ``benchmarks/tensor_grad.py``."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import activity
from activity.semantics import Interpreter

ROOT = Path(__file__).resolve().parents[1]
TENSOR = ROOT / "benchmarks" / "tensor"


def _load(name: str, path: Path) -> Any:
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


INPUTS = _load("activity_tensor_inputs", TENSOR / "inputs.py")
OBJ = _load("activity_benchmark_objectives", ROOT / "benchmarks" / "objectives.py")
GEN = _load("activity_tensor_gen", TENSOR / "gen.py")


def small_cases() -> dict[str, tuple[str, str, list[Any], Any]]:
    """name -> (file, function, arguments, numpy reference), small sizes."""
    rng = np.random.default_rng(1)
    g = OBJ.gmm_inputs(rng, "small")
    h = OBJ.hand_inputs(rng, "small")
    lin = OBJ.lstm_inputs(rng, "small")
    return {
        "gmm_full": ("gmm_full.mlir", "gmm_full", INPUTS.gmm_full_args(*g),
                     INPUTS.gmm_full_numpy),
        "gmm_tri": ("gmm.mlir", "gmm", INPUTS.gmm_tensor_args(*g), INPUTS.gmm_numpy),
        "gmm_packed": ("gmm_packed.mlir", "gmm_packed", INPUTS.gmm_packed_args(*g),
                       INPUTS.gmm_packed_numpy),
        "ba": ("ba.mlir", "ba", INPUTS.ba_args(rng, 3, 7, 12), INPUTS.ba_numpy),
        "hand": ("hand.mlir", "hand", INPUTS.hand_args(*h), INPUTS.hand_numpy),
        "hand_c": ("hand_complicated.mlir", "hand_complicated",
                   INPUTS.hand_complicated_args(rng, *h), INPUTS.hand_complicated_numpy),
        "lstm": ("lstm.mlir", "lstm", INPUTS.lstm_args(*lin), INPUTS.lstm_numpy),
        "mlp": ("mlp_loss.mlir", "mlp_loss", INPUTS.mlp_loss_args(rng), INPUTS.mlp_loss_numpy),
    }


CASES = small_cases()


def _copies(xs: list[Any]) -> list[Any]:
    return [x.copy() if isinstance(x, np.ndarray) else x for x in xs]


@pytest.mark.parametrize("name", list(CASES))
def test_program_against_numpy(name: str) -> None:
    file, func, args, ref = CASES[name]
    before = _copies(args)
    want = ref(*args)
    module = activity.parse(TENSOR / file)
    got = activity.compile(module, func)(*args)
    tol = 1e-5 if name == "mlp" else 1e-12
    assert abs(got - want) <= tol * max(1.0, abs(want)), (name, got, want)
    if name != "mlp":  # (the f32 matmuls of 784x512 are slow in the interpreter)
        (ival,) = Interpreter(module).run(func, _copies(args)).results
        assert abs(ival - want) <= 1e-12 * max(1.0, abs(want)), (name, ival, want)
    for a, b in zip(args, before, strict=True):  # (tensor arguments are never written)
        assert np.array_equal(a, b) if isinstance(a, np.ndarray) else a == b


def _memref_value(name: str, inputs: list[Any]) -> float:
    obj = OBJ.OBJECTIVES[name]
    return float(activity.compile(activity.parse(obj.mlir), obj.func)(*_copies(inputs)))


@pytest.mark.parametrize("name", ["gmm_full", "gmm_tri", "gmm_packed"])
def test_gmm_variants_against_memref(name: str) -> None:
    inputs = OBJ.gmm_inputs(np.random.default_rng(2), "small")
    file, func, _, _ = CASES[name]
    make = {"gmm_full": INPUTS.gmm_full_args, "gmm_tri": INPUTS.gmm_tensor_args,
            "gmm_packed": INPUTS.gmm_packed_args}[name]
    got = activity.compile(activity.parse(TENSOR / file), func)(*make(*inputs))
    want = _memref_value("gmm", inputs)
    assert abs(got - want) <= 1e-11 * max(1.0, abs(want)), (got, want)
    assert abs(OBJ.gmm_reference(inputs) - want) <= 1e-11 * max(1.0, abs(want))


def test_gmm_full_differs_from_tri_above_the_diagonal() -> None:
    """The full variant reads ls whole, the triangular one its strictly lower part."""
    _, _, args, _ = CASES["gmm_full"]
    args = _copies(args)
    args[3][:, 0, 1] = 0.7
    full = activity.compile(activity.parse(TENSOR / "gmm_full.mlir"), "gmm_full")(*args)
    tri = activity.compile(activity.parse(TENSOR / "gmm.mlir"), "gmm")(*args)
    assert abs(full - INPUTS.gmm_full_numpy(*args)) <= 1e-12 * abs(full)
    assert abs(tri - INPUTS.gmm_numpy(*args)) <= 1e-12 * abs(tri)
    assert abs(full - tri) > 1e-3


def test_ba_against_memref_block_and_wrapper() -> None:
    """One observation against ``benchmarks/programs/ba.mlir``'s block, and every
    observation against the memref wrapper ``@ba_all`` of ``tensor_grad.py``."""
    inputs = OBJ.ba_inputs(np.random.default_rng(3), "small")
    cam, x, w, feat = inputs[0], inputs[1], inputs[2], inputs[3]
    args = [cam.reshape(1, 11), x.reshape(1, 3), np.array([w]),
            np.zeros((1, 2), np.int32), feat.reshape(1, 2)]
    ba = activity.compile(activity.parse(TENSOR / "ba.mlir"), "ba")
    want = _memref_value("ba", inputs)
    assert abs(ba(*args) - want) <= 1e-12 * max(1.0, want)
    assert abs(OBJ.ba_reference(inputs) - want) <= 1e-12 * max(1.0, want)
    tg = _load("activity_tensor_grad_script", ROOT / "benchmarks" / "tensor_grad.py")
    _, _, args, _ = CASES["ba"]
    cams, xs, ws, obs, feats = args
    allf = activity.compile(activity.parse(tg.ba_all_mlir()), "ba_all")
    got = allf(cams.reshape(-1), xs.reshape(-1), ws, obs.reshape(-1), feats.reshape(-1),
               len(ws))
    assert abs(ba(*args) - got) <= 1e-12 * max(1.0, got)


def test_hand_and_lstm_against_memref() -> None:
    rng = np.random.default_rng(4)
    h = OBJ.hand_inputs(rng, "small")
    got = activity.compile(activity.parse(TENSOR / "hand.mlir"), "hand")(*INPUTS.hand_args(*h))
    want = _memref_value("hand", h)
    assert abs(got - want) <= 1e-12 * max(1.0, want), (got, want)
    lin = OBJ.lstm_inputs(rng, "small")
    got = activity.compile(activity.parse(TENSOR / "lstm.mlir"), "lstm")(
        *INPUTS.lstm_args(*lin))
    want = _memref_value("lstm", lin)
    assert abs(got - want) <= 1e-12 * max(1.0, abs(want)), (got, want)


def test_hand_small_angle_branch() -> None:
    """A bone with a zero rotation takes the first-order branch, as the memref program."""
    h = OBJ.hand_inputs(np.random.default_rng(5), "small")
    h[2] = h[2].copy()
    h[2][3:6] = 0.0
    got = activity.compile(activity.parse(TENSOR / "hand.mlir"), "hand")(*INPUTS.hand_args(*h))
    want = _memref_value("hand", h)
    assert abs(got - want) <= 1e-12 * max(1.0, want)
    assert abs(INPUTS.hand_numpy(*INPUTS.hand_args(*h)) - want) <= 1e-12 * max(1.0, want)


def test_generated_files_are_committed() -> None:
    for name, gen in GEN.PROGRAMS.items():
        assert (TENSOR / name).read_text() == gen(), f"{name}: run benchmarks/tensor/gen.py --write"


def _fd_check(f: Any, args: list[Any], wrt: tuple[int, ...], grads: list[Any],
              rng: np.random.Generator) -> None:
    """The gradient against a central difference along a random direction."""
    dirs = [rng.standard_normal(np.shape(args[i])) for i in wrt]
    eps = 1e-6

    def at(s: float) -> float:
        a = list(args)
        for i, d in zip(wrt, dirs, strict=True):
            a[i] = args[i] + s * d
        return float(f(*a))

    fd = (at(eps) - at(-eps)) / (2 * eps)
    an = sum(float(np.sum(np.asarray(g) * d)) for g, d in zip(grads, dirs, strict=True))
    assert abs(fd - an) <= 1e-5 * max(1.0, abs(an)), (fd, an)


@pytest.mark.parametrize("name", [n for n in CASES])
def test_jax_and_torch_objectives(name: str) -> None:
    pytest.importorskip("jax")
    torch = pytest.importorskip("torch")
    jo = _load("activity_tensor_jax", TENSOR / "jax_objectives.py")
    to = _load("activity_tensor_torch", TENSOR / "torch_objectives.py")
    _, _, args, ref = CASES[name]
    want = ref(*args)
    tol = 1e-5 if name == "mlp" else 1e-12
    assert abs(jo.value(name, args) - want) <= tol * max(1.0, abs(want))
    assert abs(to.value(name, args) - want) <= tol * max(1.0, abs(want))
    call, dev, _ = jo.gradient(name, args)
    jg = [np.asarray(v) for v in call(*dev)]
    torch.set_num_threads(1)
    tcall, targs = to.gradient(name, args)
    tg = [v.numpy() for v in tcall(*targs)]
    gtol = 1e-4 if name == "mlp" else 1e-10
    for a, b in zip(jg, tg, strict=True):
        assert np.allclose(a, b, rtol=gtol, atol=gtol * max(1.0, float(np.max(np.abs(b)))))
    if name != "mlp":  # (f64: finite differences are meaningful)
        _fd_check(ref, args, jo.WRT[name], jg, np.random.default_rng(6))


def test_tensor_grad_script_in_process(tmp_path: Path) -> None:
    """One benchmark through the script's main (small, no memory subprocesses): JAX,
    PyTorch and the memref column agree; the tensor column is measured or says why not."""
    pytest.importorskip("jax")
    pytest.importorskip("torch")
    tg = _load("activity_tensor_grad_script", ROOT / "benchmarks" / "tensor_grad.py")
    out = tmp_path / "rows.json"
    assert tg.main(["--small", "--repeat", "1", "--no-memory", "--only", "hand", "--cores",
                    "0", "--json", str(out)]) == 0
    (row,) = json.loads(out.read_text())
    assert row["memref_vs_jax"] < 1e-12 and row["torch_vs_jax"] < 1e-12
    assert row["jax_s"] > 0 and row["torch_s"] > 0 and row["memref_s"] > 0
    if "tensor_error" in row:
        assert row["tensor_error"].startswith("n/a: ")
    else:
        assert row["tensor_vs_jax"] < 1e-10 and row["tensor_s"] > 0


@pytest.mark.slow
def test_tensor_grad_script_small(tmp_path: Path) -> None:
    """The whole script at the small sizes, memory subprocesses included (minutes)."""
    pytest.importorskip("jax")
    pytest.importorskip("torch")
    out = tmp_path / "rows.json"
    r = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "tensor_grad.py"), "--small",
                        "--repeat", "1", "--json", str(out)], capture_output=True, text=True,
                       timeout=1200, check=False, cwd=ROOT)
    assert r.returncode == 0, r.stderr[-2000:]
    rows = json.loads(out.read_text())
    assert [r["name"] for r in rows] == ["gmm_full", "gmm_tri", "gmm_packed", "ba", "hand",
                                         "hand_c", "lstm", "mlp"]
    for row in rows:
        assert row["torch_vs_jax"] < (1e-4 if row["name"] == "mlp" else 1e-12)
        assert "jax_peak_bytes" in row and "torch_peak_bytes" in row
        if row["name"] not in ("mlp", "hand_c"):
            assert row["memref_vs_jax"] < 1e-12 and "memref_peak_bytes" in row
        if "tensor_error" not in row:
            assert row["tensor_vs_jax"] < (1e-4 if row["name"] == "mlp" else 1e-10)


def test_small_static_2d_tensor_on_the_stack() -> None:
    """A 2x2 tensor's buffer is an entry-block alloca: its element count must not be a
    ``mul`` emitted after it (LLVM's verifier refused Hand's 4x4 rotation)."""
    src = """
func.func @f(%x: f64) -> f64 {
  %c1 = arith.constant 1 : index
  %m = tensor.from_elements %x, %x, %x, %x : tensor<2x2xf64>
  %w = tensor.extract %m[%c1, %c1] : tensor<2x2xf64>
  return %w : f64
}
"""
    assert activity.compile(activity.parse(src), "f")(3.0) == 3.0


def test_hand_complicated_reduces_to_simple_at_vertices() -> None:
    """With each point matched to a triangle's first vertex (u = 1, v = 0), the
    complicated objective is the simple one's residual at that vertex."""
    h = OBJ.hand_inputs(np.random.default_rng(7), "small")
    args = INPUTS.hand_complicated_args(np.random.default_rng(8), *h)
    nv = h[1]
    args[7] = np.stack([np.arange(nv), (np.arange(nv) + 1) % nv, (np.arange(nv) + 2) % nv],
                       axis=1).astype(np.int32)
    args[8] = np.arange(nv, dtype=np.int32)
    args[1] = np.tile([1.0, 0.0], (nv, 1))
    args[9] = np.asarray(h[8]).reshape(nv, 3).copy()
    got = activity.compile(activity.parse(TENSOR / "hand_complicated.mlir"),
                           "hand_complicated")(*args)
    want = _memref_value("hand", h)
    assert abs(got - want) <= 1e-12 * max(1.0, want), (got, want)
