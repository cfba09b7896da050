"""Checking a generated gradient against the reference interpreter.

For a function ``F`` with scalar results ``r`` and buffers ``m`` (read and written in
place), reverse mode computes, for seeds ``s`` (one per float result) and output shadows
``w`` (the initial contents of the ``dup`` shadows), the vector ``J^T (s, w)``:
the adjoints of the active scalar arguments (results of ``F_grad``) and the final
contents of the shadows.  For any input direction ``t`` (active scalars, ``dup``
buffers' contents) the *dot-product test* says

    <s, dr> + <w, dm_out>  ==  <xbar, dx> + <w_final, dm_in>

where ``(dr, dm_out)`` is the directional derivative along ``t``.  We get it two ways:
from the interpreter's forward-mode tangents (exact up to rounding) and from central
finite differences of ``L(x) = <s, r(x)> + <w, m_out(x)>``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
from xdsl.dialects.builtin import AnyFloat, MemRefType, ModuleOp

from activity.engine.program import Program


@dataclass
class GradCheck:
    """The three numbers of the dot-product test and their agreement."""

    reverse: float  # <xbar, dx> + <w_final, dm_in>
    tangent: float  # <s, dr> + <w, dm_out> from forward-mode tangents
    fd: float | None  # the same from central finite differences
    adjoints: tuple[Any, ...]
    shadows: list[np.ndarray | None]
    # arguments whose buffer after the gradient differs from the buffer after the
    # primal: the forward sweep must leave memory as the primal does and the reverse
    # sweep must not write it (the generator recomputes loads from it)
    primal_mismatch: tuple[int, ...] = ()

    @staticmethod
    def rel(a: float, b: float, floor: float = 1e-9) -> float:
        if math.isnan(a) or math.isnan(b):
            return 0.0 if (math.isnan(a) and math.isnan(b)) else math.inf
        return abs(a - b) / max(abs(a), abs(b), floor)

    @property
    def err_tangent(self) -> float:
        return self.rel(self.reverse, self.tangent)

    @property
    def err_fd(self) -> float:
        # central differences with h = 1e-6 carry ~1e-10 absolute rounding error on an
        # O(1) objective, so relative errors are measured against at least 1e-4
        return 0.0 if self.fd is None else self.rel(self.reverse, self.fd, 1e-4)


def _copy(xs: list[Any]) -> list[Any]:
    return [x.copy() if isinstance(x, np.ndarray) else x for x in xs]


def check_gradient(
    module: ModuleOp, gmodule: ModuleOp, func: str, inputs: list[Any], kinds: list[str],
    rng: np.random.Generator, fd_step: float | None = 1e-6, max_steps: int = 5_000_000,
) -> GradCheck:
    """Run ``<func>_grad`` of ``gmodule`` and the dot-product test against ``module``."""
    from activity.semantics import Interpreter

    f = Program.of(module).functions[func]
    params = list(f.regions[0].blocks[0].args)
    outs = list(f.function_type.outputs.data)  # type: ignore[attr-defined]
    float_res = [j for j, t in enumerate(outs) if isinstance(t, AnyFloat)]
    seeds = [float(rng.uniform(0.5, 1.5)) for _ in float_res]
    direction: list[Any] = []
    wseeds: dict[int, np.ndarray] = {}
    for i, (p, x, k) in enumerate(zip(params, inputs, kinds, strict=True)):
        if isinstance(p.type, AnyFloat):
            direction.append(float(rng.uniform(-1, 1)) if k == "active" else 0.0)
        elif isinstance(p.type, MemRefType):
            if k in ("dup", "dupnoneed") and isinstance(p.type.element_type, AnyFloat):
                direction.append(rng.uniform(-1, 1, size=np.shape(x)))
                wseeds[i] = rng.uniform(-1, 1, size=np.shape(x))
            else:
                direction.append(np.zeros(np.shape(x)))
        else:
            direction.append(None)
    # reverse mode
    gin = _copy(inputs)
    shadows: dict[int, np.ndarray] = {}
    call: list[Any] = []
    for i, (x, k) in enumerate(zip(gin, kinds, strict=True)):
        call.append(x)
        if k in ("dup", "dupnoneed"):
            sh = wseeds.get(i, np.zeros(np.shape(x))).astype(np.float64).copy()
            shadows[i] = sh
            call.append(sh)
    call += seeds
    adj = Interpreter(gmodule, max_steps=max_steps).run(func + "_grad", call).results
    active = [i for i, k in enumerate(kinds) if k == "active"]
    rev = sum(float(a) * float(direction[i]) for a, i in zip(adj, active, strict=True))
    for i, sh in shadows.items():
        if i in wseeds:
            rev += float(np.sum(sh * direction[i]))
    # forward mode
    it = Interpreter(module, max_steps=max_steps)
    pin = _copy(inputs)
    out = it.run(func, pin, tangents=direction)
    mismatch = tuple(
        i for i, (a, b) in enumerate(zip(gin, pin, strict=True))
        if isinstance(a, np.ndarray) and not np.array_equal(a, b, equal_nan=True))
    tan = sum(s * float(out.result_tangents[j]) for s, j in zip(seeds, float_res, strict=True))
    for i, w in wseeds.items():
        bt = out.buffer_tangents[i]
        assert bt is not None
        tan += float(np.sum(w * bt))

    def objective(xs: list[Any]) -> float:
        o = it.run(func, xs)
        val = sum(s * float(o.results[j]) for s, j in zip(seeds, float_res, strict=True))
        for i, w in wseeds.items():
            val += float(np.sum(w * xs[i]))
        return val

    fd = None
    if fd_step is not None:
        h = fd_step
        up, dn = _copy(inputs), _copy(inputs)
        for i, dx in enumerate(direction):
            if dx is None:
                continue
            up[i] = up[i] + h * dx
            dn[i] = dn[i] - h * dx
        fd = (objective(up) - objective(dn)) / (2 * h)
    return GradCheck(rev, tan, fd, tuple(adj),
                     [shadows.get(i) for i in range(len(inputs))], mismatch)


__all__ = ["GradCheck", "check_gradient"]
