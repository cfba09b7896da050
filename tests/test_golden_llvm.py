"""The LLVM IR that ``activity.compile`` and ``activity.gradient`` hand to LLVM, kept
byte for byte for the benchmark programs (``benchmarks/programs``, the GPU-style
kernels of ``benchmarks/kernels``, and the C objectives of ``benchmarks/c`` as
``tests/test_c_objectives.py`` builds them): the primal, the pruned and the
``all_active`` gradient, with ``check_bounds`` off and on; for the kernels also the
``target="gpu"`` (emulated) build: the NVPTX kernel module, the host-compiled kernels
and the host part.

A change to the lowering that alters any of it fails here.  A change meant to alter
it (a new lowering, a different gradient) re-records the texts on purpose::

    ACTIVITY_REGEN_GOLDEN=1 pytest tests/test_golden_llvm.py -n 0

(add ``-m ""`` to include the ``check_bounds`` variants, marked slow) and the diff of
``tests/data/golden/llvm/`` shows what changed (``zcat`` the files).

The text is captured where every compiled module goes through LLVM's parser
(``llvmlite.binding.parse_assembly``); for host code the JIT is skipped (the capture
stops the compile there), so the test costs the lowering, not LLVM's -O3.  One
normalization: kernel ids in ``activity_gpu_launch`` calls are a session-wide counter,
so they are renumbered from 0 in each record.
"""

from __future__ import annotations

import gzip
import importlib.util
import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from llvmlite import binding as llvm

import activity
from activity.codegen.jit import clear_cache
from tests.helpers import benchmark_kernels

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "data" / "golden" / "llvm"
REGEN = os.environ.get("ACTIVITY_REGEN_GOLDEN") == "1"


def _load(name: str, path: Path) -> Any:
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


OBJ = _load("activity_benchmark_objectives", ROOT / "benchmarks" / "objectives.py")
KER = benchmark_kernels()

# benchmarks/run.py's WRT: the arguments each benchmark's gradient is taken for
WRT: dict[str, list[int]] = {
    "gmm": [3, 4, 5], "ba": [0, 1, 2], "hand": [2], "lstm": [3, 4, 5], "minibude": [3],
    "xsbench": [5, 7], "lbm": [3, 5],
}

# tests/test_c_objectives.py's OBJECTIVES: function and activities
C_OBJECTIVES: dict[str, tuple[str, list[str]]] = {
    "gmm": ("gmm_objective", ["const"] * 3 + ["dup"] * 3 + ["const"] * 3),
    "ba": ("ba_objective", ["dup", "dup", "active", "const", "dup", "dup"]),
    "hand": ("hand_objective", ["const", "const", "dup"] + ["const"] * 6),
    "lstm": ("lstm_objective", ["const"] * 3 + ["dup"] * 3 + ["const"]),
    "minibude": ("minibude_objective", ["const"] * 3 + ["dup"] + ["const"] * 8 + ["dup"]),
}


class _Captured(Exception):
    pass


@contextmanager
def capture(stop: bool) -> Iterator[list[str]]:
    """The LLVM IR texts parsed while inside (caches cleared first, so nothing is a hit);
    ``stop``: raise after the first one (host code: no JIT)."""
    texts: list[str] = []
    real = llvm.parse_assembly

    def parse(text: str, *a: Any, **kw: Any) -> Any:
        texts.append(text)
        if stop:
            raise _Captured
        return real(text, *a, **kw)

    clear_cache()
    llvm.parse_assembly = parse
    try:
        yield texts
    except _Captured:
        pass
    finally:
        llvm.parse_assembly = real
        clear_cache()


_LAUNCH = re.compile(r'(@"?activity_gpu_launch"?\(i64 )(\d+)')


def normalized(texts: list[str]) -> str:
    kids = [int(m.group(2)) for t in texts for m in _LAUNCH.finditer(t)]
    low = min(kids, default=0)
    out = []
    for i, t in enumerate(texts):
        t = _LAUNCH.sub(lambda m: f"{m.group(1)}{int(m.group(2)) - low}", t)
        out.append(f"; ---- module {i} ----\n{t}")
    return "".join(out)


def _c_module(name: str) -> Any:
    """As tests/test_c_objectives.py: without the ``__enzyme_autodiff`` driver."""
    m = activity.parse(ROOT / "benchmarks" / "c" / f"{name}.generic.mlir")
    for op in list(m.body.block.ops):
        if any(getattr(c, "callee", None) is not None
               and c.callee.string_value() == "__enzyme_autodiff" for c in op.walk()):
            m.body.block.erase_op(op)
    return m


def _program(kind: str, name: str) -> tuple[Any, str, list[str], list[int] | None]:
    if kind == "c":
        func, acts = C_OBJECTIVES[name]
        return _c_module(name), func, acts, None
    spec = OBJ._build()[name] if kind == "program" else KER.KERNELS[name]
    return activity.parse(spec.mlir), spec.func, spec.args, WRT[name]


def _build(kind: str, name: str, mode: str, check_bounds: bool, gpu: bool) -> Callable[[], Any]:
    module, func, acts, wrt = _program(kind, name)
    kw: dict[str, Any] = {"target": "gpu", "emulate": True} if gpu else \
        {"check_bounds": check_bounds}
    if mode == "primal":
        return lambda: activity.compile(module, func, **kw)
    return lambda: activity.gradient(module, func, wrt, mode == "pruned", args=acts, **kw)


CASES = [(kind, name, mode, cb, False)
         for kind, names in (("program", ["gmm", "ba", "hand", "lstm", "minibude"]),
                             ("kernel", ["xsbench", "lbm"]),
                             ("c", list(C_OBJECTIVES)))
         for name in names for mode in ("primal", "pruned", "all_active")
         for cb in (False, True)]
CASES += [("kernel", name, mode, False, True) for name in ("xsbench", "lbm")
          for mode in ("primal", "pruned")]


def _file(kind: str, name: str, mode: str, cb: bool, gpu: bool) -> Path:
    tail = "-gpu" if gpu else ("-checked" if cb else "")
    return GOLDEN / f"{kind}-{name}-{mode}{tail}.ll.gz"


# (the check_bounds variants are marked slow: the default suite keeps the others)
@pytest.mark.parametrize(("kind", "name", "mode", "cb", "gpu"),
                         [pytest.param(*c, marks=[pytest.mark.slow]
                                       if c[3] or (c[0] == "c" and c[2] == "all_active") else [],
                                       id=_file(*c).name[:-6]) for c in CASES])
def test_emitted_llvm_ir_is_the_recorded_one(kind: str, name: str, mode: str, cb: bool,
                                             gpu: bool) -> None:
    build = _build(kind, name, mode, cb, gpu)
    with capture(stop=not gpu) as texts:
        build()
    assert texts, "nothing reached LLVM"
    got = normalized(texts).encode()
    path = _file(kind, name, mode, cb, gpu)
    if REGEN:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(gzip.compress(got, compresslevel=9, mtime=0))
        return
    assert path.exists(), f"no recorded IR {path.name} (ACTIVITY_REGEN_GOLDEN=1 records it)"
    want = gzip.decompress(path.read_bytes())
    if got != want:
        g, w = got.decode().splitlines(), want.decode().splitlines()
        at = next((i for i, (a, b) in enumerate(zip(g, w, strict=False)) if a != b),
                  min(len(g), len(w)))
        pytest.fail(f"{path.name}: the emitted LLVM IR differs from the recorded one at "
                    f"line {at + 1}:\n  recorded: {w[at] if at < len(w) else '<end>'}\n"
                    f"  emitted:  {g[at] if at < len(g) else '<end>'}\n"
                    "(ACTIVITY_REGEN_GOLDEN=1 re-records it when the change is meant)")


def test_capture_sees_a_change_in_the_lowering(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison can fail: a lowering switch flipped changes the recorded text of
    a benchmark (LBM's small loops lose their unroll metadata)."""
    if REGEN:
        pytest.skip("recording")
    from activity.codegen import lower

    monkeypatch.setattr(lower, "UNROLL_MAX_TRIPS", 0)
    build = _build("kernel", "lbm", "primal", False, False)
    with capture(stop=True) as texts:
        build()
    want = gzip.decompress(_file("kernel", "lbm", "primal", False, False).read_bytes())
    assert normalized(texts).encode() != want
