"""Random ``scf.parallel`` programs through reverse mode (issue 6).

``activity.testing.progen`` generates no ``scf.parallel``; this module's small generator
does: a parallel loop over a buffer whose body mixes float arithmetic, ``math`` ops,
``scf.if`` on the iteration's parity, ``scf.for`` with ``iter_args``, an optional inner
parallel loop with an ``addf`` reduction, an optional ``addf`` reduction of the outer
loop started at an outer scalar, and scalars from outside the loop used in every
iteration (their adjoints are summed by reductions of the reverse loop); then an energy
loop reducing over the result buffer.  Each program's gradient must agree with its
tangents (the reference interpreter), pruned must equal ``all_active``, and the compiled
gradient on one and two host threads and on the emulated GPU must equal the interpreted
one.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import activity
from activity.ad import grad
from activity.ad.check import check_gradient
from tests.test_ad_parallel import _interpreted_gradient

_UNARY = ("math.sin", "math.cos", "math.tanh")
_OUTER = ("%x", "%y", "%hd", "%xy")  # scalars defined before the parallel loop
KINDS = ["dup", "dup", "active", "active", "active"]
WRT = [0, 2, 3, 4]


class _Gen:
    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)
        self.n = 0
        self.lines: list[str] = []

    def fresh(self, stem: str) -> str:
        self.n += 1
        return f"%{stem}{self.n}"

    def emit(self, ind: str, text: str) -> None:
        self.lines.append(ind + text)

    def ops(self, vals: list[str], ind: str, depth: int, parity: str) -> None:
        """2-5 random float ops appended to ``vals`` (which they may read)."""
        r = self.r
        for _ in range(r.randint(2, 5)):
            k = r.random()
            nm = self.fresh("t")
            if k < 0.25:
                self.emit(ind, f"{nm} = {r.choice(_UNARY)} {r.choice(vals)} : f64")
            elif k < 0.5:
                self.emit(ind, f"{nm} = arith.mulf {r.choice(vals)}, {r.choice(vals)} : f64")
            elif k < 0.7:
                self.emit(ind, f"{nm} = arith.addf {r.choice(vals)}, {r.choice(vals)} : f64")
            elif k < 0.85 and depth < 2:
                c = self.fresh("cond")
                self.emit(ind, f"{c} = arith.cmpi eq, {parity}, %c0 : index")
                self.emit(ind, f"{nm} = scf.if {c} -> (f64) {{")
                then = list(vals)
                self.ops(then, ind + "  ", depth + 1, parity)
                self.emit(ind, f"  scf.yield {then[-1]} : f64")
                self.emit(ind, "} else {")
                other = list(vals)
                if r.random() < 0.5:
                    self.ops(other, ind + "  ", depth + 1, parity)
                self.emit(ind, f"  scf.yield {r.choice(other)} : f64")
                self.emit(ind, "}")
            elif depth < 2:
                iv, acc = self.fresh("k"), self.fresh("acc")
                self.emit(ind, f"{nm} = scf.for {iv} = %c0 to %c2 step %c1 "
                               f"iter_args({acc} = {r.choice(vals)}) -> (f64) {{")
                inner = [*vals, acc]
                self.ops(inner, ind + "  ", depth + 1, parity)
                self.emit(ind, f"  scf.yield {inner[-1]} : f64")
                self.emit(ind, "}")
            else:
                self.emit(ind, f"{nm} = arith.subf {r.choice(vals)}, {r.choice(vals)} : f64")
            vals.append(nm)

    @staticmethod
    def reduce(ind: str, v: str) -> list[str]:
        return [f"{ind}scf.reduce({v} : f64) {{", f"{ind}^bb0(%l: f64, %o: f64):",
                f"{ind}  %s = arith.addf %l, %o : f64", f"{ind}  scf.reduce.return %s : f64",
                f"{ind}}}"]

    def program(self) -> str:
        r = self.r
        self.lines = [
            "func.func @f(%a: memref<6xf64>, %b: memref<6xf64>, %x: f64, %y: f64, "
            "%h: f64) -> f64 {",
            "  %c0 = arith.constant 0 : index", "  %c1 = arith.constant 1 : index",
            "  %c2 = arith.constant 2 : index", "  %n = arith.constant 6 : index",
            "  %z = arith.constant 0.0 : f64",
            "  %hd = arith.mulf %h, %h : f64", "  %xy = arith.mulf %x, %y : f64"]
        nest, red = r.random() < 0.4, r.random() < 0.5
        if red:
            self.emit("  ", f"%e0 = scf.parallel (%i) = (%c0) to (%n) step (%c1) "
                            f"init ({r.choice(_OUTER)}) -> f64 {{")
        else:
            self.emit("  ", "scf.parallel (%i) = (%c0) to (%n) step (%c1) {")
        self.emit("    ", "%par = arith.remui %i, %c2 : index")
        self.emit("    ", "%v = memref.load %a[%i] : memref<6xf64>")
        vals = [r.choice(_OUTER), "%v", r.choice(_OUTER)]
        self.ops(vals, "    ", 0, "%par")
        if nest:
            self.emit("    ", "%in = scf.parallel (%j) = (%c0) to (%c2) step (%c1) "
                              "init (%z) -> f64 {")
            self.emit("      ", "%par2 = arith.remui %j, %c2 : index")
            inner = [vals[-1], r.choice(_OUTER), r.choice(_OUTER)]
            self.ops(inner, "      ", 1, "%par2")
            self.lines += self.reduce("      ", inner[-1])
            self.emit("    ", "}")
            m = self.fresh("t")
            self.emit("    ", f"{m} = arith.mulf %in, {vals[-1]} : f64")
            vals += ["%in", m]
        self.emit("    ", f"memref.store {vals[-1]}, %b[%i] : memref<6xf64>")
        self.lines += self.reduce("    ", r.choice(vals)) if red else ["    scf.reduce"]
        self.emit("  ", "}")
        self.emit("  ", "%e = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%z) -> f64 {")
        self.emit("    ", "%w0 = memref.load %b[%i] : memref<6xf64>")
        self.emit("    ", "%w = arith.mulf %w0, %w0 : f64")
        self.lines += self.reduce("    ", "%w")
        self.emit("  ", "}")
        fin = "%e"
        if red:
            self.emit("  ", "%e1 = arith.addf %e, %e0 : f64")
            fin = "%e1"
        self.emit("  ", f"%ret = arith.mulf {fin}, {r.choice(_OUTER)} : f64")
        self.emit("  ", "func.return %ret : f64")
        self.lines.append("}")
        return "\n".join(self.lines) + "\n"


def program(seed: int) -> str:
    return _Gen(seed).program()


def _inputs() -> list[Any]:
    return [np.array([0.3, -0.5, 0.7, 0.2, -0.1, 0.4]), np.zeros(6), 0.6, -0.7, 0.5]


def _copies(xs: list[Any]) -> list[Any]:
    return [x.copy() if isinstance(x, np.ndarray) else x for x in xs]


def _check_seed(seed: int) -> None:
    text = program(seed)
    m = activity.parse(text)
    want: dict[bool, list[Any]] = {}
    for prune in (True, False):
        g = grad(m, "f", KINDS, prune=prune)
        g.verify()
        c = check_gradient(m, g, "f", _inputs(), KINDS, np.random.default_rng(3),
                           fd_step=None)
        assert c.err_tangent < 1e-9, (seed, prune, c.reverse, c.tangent, text)
        want[prune] = _interpreted_gradient(g, "f", _inputs(), KINDS, WRT)
    for a, b in zip(want[True], want[False], strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-14, err_msg=text)
    for opts in ({}, {"threads": 2}, {"target": "gpu", "emulate": True}):
        got = activity.gradient(text, "f", WRT, args=KINDS, **opts)(*_copies(_inputs()))
        for a, b in zip(got, want[True], strict=True):
            np.testing.assert_allclose(a, b, rtol=1e-10, atol=1e-12,
                                       err_msg=f"seed {seed} {opts}\n{text}")


def test_generator_covers_its_features() -> None:
    texts = [program(s) for s in range(40)]
    assert len(set(texts)) == 40
    for feature in ("scf.if", "scf.for", "%in = scf.parallel", "%e0 = scf.parallel",
                    "math.", "init (%x)"):
        assert any(feature in t for t in texts), feature


@pytest.mark.parametrize("seed", range(6))
def test_random_parallel_program_gradients(seed: int) -> None:
    _check_seed(seed)


@pytest.mark.slow
def test_random_parallel_program_gradients_many() -> None:
    for seed in range(6, 126):
        _check_seed(seed)
