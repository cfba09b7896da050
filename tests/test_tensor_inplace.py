"""In-place adjoints (issue #33): after bufferization (activity/tensor/bufferize.py),
the reverse loops of the tensor benchmark gradients allocate and copy no more than
they must.  ``reverse_counts`` counts the ``memref.alloc`` / ``memref.copy`` ops nested
in the reverse sweep's loops: the top-level ``scf.for`` ops of ``@f_grad`` after the
last top-level op that writes a tape (the forward sweep's), or all of them when
nothing is taped.  The gradients themselves are checked by tests/test_tensor_ad.py
(the same programs against central differences)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

import activity
from activity.tensor.bufferize import lower_tensors

ROOT = Path(__file__).resolve().parents[1]
TENSOR = ROOT / "benchmarks" / "tensor"

CASES: dict[str, tuple[str, str, list[str]]] = {
    "lstm": ("lstm.mlir", "lstm", ["active"] * 3 + ["const"]),
    "gmm": ("gmm.mlir", "gmm", ["active"] * 5 + ["const"] * 3),
    "hand": ("hand.mlir", "hand", ["active"] + ["const"] * 6),
    "ba": ("ba.mlir", "ba", ["active"] * 3 + ["const"] * 2),
    "mlp_loss": ("mlp_loss.mlir", "mlp_loss", ["const"] * 2 + ["active"] * 6),
}


def _tapes(fop: Any) -> set[Any]:
    return {op.results[0] for op in fop.walk()
            if op.name == "memref.alloc" and "activity.tape" in op.attributes}


def _base(v: Any) -> Any:
    while getattr(v, "owner", None) is not None and getattr(v.owner, "name", "") == "memref.subview":
        v = v.owner.operands[0]
    return v


def _writes_tape(op: Any, tapes: set[Any]) -> bool:
    for o in op.walk():
        if o.name == "memref.copy" and _base(o.operands[1]) in tapes:
            return True
        if o.name == "memref.store" and _base(o.operands[1]) in tapes:
            return True
    return False


def reverse_counts(module: Any, func: str) -> dict[str, int]:
    """``{"memref.alloc": n, "memref.copy": m}`` inside the reverse loops of the
    bufferized ``@{func}`` (see the module docstring)."""
    fop = next(o for o in module.walk()
               if o.name == "func.func" and o.sym_name.data == func)
    tops = list(fop.body.blocks[0].ops)
    tapes = _tapes(fop)
    last = max((i for i, o in enumerate(tops) if _writes_tape(o, tapes)), default=-1)
    out = {"memref.alloc": 0, "memref.copy": 0}
    for o in tops[last + 1:]:
        if o.name != "scf.for":
            continue
        for inner in o.walk():
            if inner.name in out:
                out[inner.name] += 1
    return out


def bench_counts(name: str) -> dict[str, int]:
    file, func, kinds = CASES[name]
    g = activity.grad(activity.parse(TENSOR / file), func, kinds)
    return reverse_counts(lower_tensors(g), f"{func}_grad")


if __name__ == "__main__":
    for n in CASES:
        print(n, bench_counts(n))
