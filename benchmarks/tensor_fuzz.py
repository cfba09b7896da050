"""Off-suite fuzz driver for tensor-level gradients (issue #33): soundness, not speed.

For each random program of :mod:`activity.testing.tensorgen` (several configurations:
memref arguments mixed with tensors, nested regions, sizes reaching the loop
lowering's tiles / packed rows / masks, masked bodies, ``scf.while``, dynamic shapes,
zero-size dimensions, an argument passed twice) it runs the *dot-product test*
against the interpreter's forward-mode tangents, which share no code with the reverse
rules::

    <w, J u>  (tangents: seeds on results, output shadows on dup memrefs)
      ==  <J^T w, u>  (reverse: adjoints of active args, final shadows)

once interpreted with every optimization off and once compiled with everything on
(fresh memory NaN-filled), and on some programs also central finite differences of
the interpreted primal (to check the tangents themselves).  A ``GradError`` must say
``FILE:LINE:COL: error:``; any other exception is a bug.

    PYTHONPATH=$PWD nice -n 19 python benchmarks/tensor_fuzz.py --seeds 0:2000 \
        --config all [--extra] [--ties] [--f32] [--stop]

(``--extra``: the generator's newer statements on; ``--ties``: inputs with exact
zeros and repeated values, no finite differences; ``--f32``: :func:`check_f32`.)

prints one line per failure (seed, config, what) and a summary.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
import traceback
import warnings
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import activity
from activity.ad.errors import GradError
from activity.codegen.errors import CodegenError
from activity.semantics import Interpreter
from activity.tensor import opts
from activity.testing.tensorgen import TensorGenConfig, generate, is_memref, is_tensor

CONFIGS = {
    "base": TensorGenConfig(stmts=(2, 7), p_memref=0.0),
    "memref": TensorGenConfig(stmts=(2, 7), p_memref=1.0),
    "deep": TensorGenConfig(stmts=(3, 9), max_depth=2, p_memref=0.3),
    "large": TensorGenConfig(stmts=(2, 6), p_memref=0.3, p_mask=0.5, max_size=10),
    "huge": TensorGenConfig(stmts=(2, 5), p_memref=0.0, p_mask=0.5, max_size=19),
    "mask": TensorGenConfig(stmts=(2, 7), p_memref=0.0, p_mask=0.8, max_size=6,
                            p_mask_outer=0.7, p_tri=0.5),
    "big": TensorGenConfig(stmts=(2, 4), p_memref=0.0, p_mask=0.5, max_size=24,
                           p_mask_outer=0.7, p_tri=0.5),
    "rows": TensorGenConfig(stmts=(2, 6), p_memref=0.3, p_rows=0.6, p_store=0.6),
}
# the generator's statements for the newer optimizations (zeroskip, regtile, the jams,
# WIDE_FMA, tapebody, reslice, results sharing a block): --config opt (not in "all")
OPT = dict(p_skin=0.4, p_dynmm=0.4, p_trans_for=0.4, p_result_alias=0.4, p_rows=0.3,
           p_tri=0.2)
CONFIGS.update({
    "skin": TensorGenConfig(stmts=(1, 4), p_memref=0.0, max_size=5, **{**OPT, "p_skin": 1.5}),
    "dynmm": TensorGenConfig(stmts=(1, 4), p_memref=0.0, max_size=13,
                             **{**OPT, "p_dynmm": 1.5}),
    "transfor": TensorGenConfig(stmts=(2, 5), p_memref=0.0, max_size=6,
                                **{**OPT, "p_trans_for": 1.5}),
    "optmix": TensorGenConfig(stmts=(2, 6), p_memref=0.2, max_size=9, p_mask=0.3,
                              p_mask_outer=0.5, **OPT),
})
ALL = ["base", "memref", "deep", "large", "huge", "mask", "big", "rows"]
OPT_CONFIGS = ["skin", "dynmm", "transfor", "optmix"]
EXTRA = dict(p_while=0.3, p_dynamic=0.3, p_zero=0.2, p_alias=0.3, p_store=0.6, p_rows=0.4)
PLACE = re.compile(r"^[^\s:]+:\d+:\d+: error: ", re.M)


@dataclass
class Stats:
    programs: int = 0
    checked: int = 0
    refused: int = 0
    no_active: int = 0
    fd_checked: int = 0
    failures: list[str] = field(default_factory=list)
    refusals: dict[str, int] = field(default_factory=dict)


def _is_float_type(t: Any) -> bool:
    s = str(t)
    return "memref" not in s and ("f64" in s or "f32" in s)


def _dot(a: Any, b: Any) -> float:
    return float(np.sum(np.asarray(a, dtype=np.float64) * np.asarray(b, dtype=np.float64)))


def _copy(xs: list[Any]) -> list[Any]:
    return [x.copy() if isinstance(x, np.ndarray) else x for x in xs]


def _close(a: float, b: float, rtol: float, scale: float) -> bool:
    if not (np.isfinite(a) and np.isfinite(b)):
        return bool(np.isnan(a) and np.isnan(b)) or a == b
    return abs(a - b) <= rtol * max(1.0, abs(a), abs(b), scale)


def check(prog: Any, seed: int, stats: Stats, fd: bool, compiled: bool = True,
          ties: bool = False) -> None:
    m = activity.parse(prog.text)
    kinds = list(prog.args)
    if "active" not in kinds and "dup" not in kinds and "dupnoneed" not in kinds:
        stats.no_active += 1
        return
    rng = random.Random(seed)
    xs = prog.make_inputs(rng)
    us = prog.make_tangents(random.Random(seed + 1))
    alias = getattr(prog, "alias", None)
    if alias is not None:  # the same array passed for two tensor arguments (equal
        # values here; the compiled call below gets one object for both)
        xs[alias[1]] = xs[alias[0]].copy()
    nrng = np.random.default_rng(seed)
    if ties:  # exact zeros and repeated values (product reductions, max ties, kinks)
        for k, x in enumerate(xs):
            if isinstance(x, np.ndarray) and x.size > 1:
                flat = x.reshape(-1).copy()
                for _ in range(1 + flat.size // 3):
                    a, b = nrng.integers(0, flat.size, 2)
                    flat[a] = 0.0 if nrng.random() < 0.5 else flat[b]
                xs[k] = flat.reshape(x.shape)
        fd = False  # (central differences straddle the kinks)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pin = _copy(xs)
        run = Interpreter(m).run("f", pin, tangents=us)
        res_types = prog.result_types
        # a NaN / inf result (maximumf with a NaN operand, ...): its derivative is a
        # convention, which the tangents and the reverse rules need not share
        primal_nan = any(not np.all(np.isfinite(np.asarray(r, dtype=np.float64)))
                         for t, r in zip(res_types, run.results, strict=True)
                         if _is_float_type(t)) or any(
            not np.all(np.isfinite(x)) for t, x in zip(prog.arg_types, pin, strict=True)
            if is_memref(t))  # (a memref's final contents too)
        seeds = []
        lhs = 0.0
        scale = 0.0
        for t, tan in zip(res_types, run.result_tangents, strict=True):
            if _is_float_type(t):
                w = nrng.standard_normal(np.shape(tan)) if is_tensor(t) else \
                    float(nrng.standard_normal())
                if "f32" in t and is_tensor(t):
                    w = w.astype(np.float32)
                seeds.append(w)
                lhs += _dot(w, tan)
                scale += float(np.sum(np.abs(np.asarray(w)) * np.abs(np.asarray(tan))))
        wsh: dict[int, np.ndarray] = {}
        for i, (t, k) in enumerate(zip(prog.arg_types, kinds, strict=True)):
            if is_memref(t) and k in ("dup", "dupnoneed"):
                wsh[i] = nrng.standard_normal(np.shape(xs[i]))
                bt = run.buffer_tangents[i]
                lhs += _dot(wsh[i], bt)
                scale += float(np.sum(np.abs(wsh[i]) * np.abs(bt)))
        try:
            with opts.disabled("all"):
                g = activity.grad(m, "f", kinds)
        except GradError as e:
            if not PLACE.search(str(e)):
                stats.failures.append(f"seed {seed}: GradError without a place: {e}")
            else:
                msg = str(e).split("error: ", 1)[1][:60]
                stats.refusals[msg] = stats.refusals.get(msg, 0) + 1
            stats.refused += 1
            return

        def reverse(g: Any, comp: bool) -> tuple[float, list[Any]]:
            call: list[Any] = []
            shadows: dict[int, np.ndarray] = {}
            xin = _copy(xs)
            if alias is not None:
                xin[alias[1]] = xin[alias[0]]
            for i, (x, k) in enumerate(zip(xin, kinds, strict=True)):
                call.append(x)
                if k in ("dup", "dupnoneed"):
                    shadows[i] = wsh[i].copy() if i in wsh else np.zeros(np.shape(x))
                    call.append(shadows[i])
            call += [s.copy() if isinstance(s, np.ndarray) else s for s in seeds]
            if comp:
                out = activity.compile(g, "f_grad", fill=0xFF)(*call)
            else:
                out = activity.evaluate(g, "f_grad", *call)
            out = list(out) if isinstance(out, tuple) else ([] if out is None else [out])
            act = [i for i, k in enumerate(kinds) if k == "active"]
            if len(out) != len(act):
                raise AssertionError(f"{len(out)} adjoints for {len(act)} active args")
            rhs = sum(_dot(o, us[i]) for o, i in zip(out, act, strict=True))
            rhs += sum(_dot(shadows[i], us[i]) for i in wsh)
            for i, x in enumerate(xin):  # tensor arguments are never written
                if is_tensor(prog.arg_types[i]) and not np.array_equal(x, xs[i],
                                                                       equal_nan=True):
                    raise AssertionError(f"tensor argument {i} was written")
            return rhs, out

        rhs_i, out_i = reverse(g, False)
        sz = False  # (a zero adjoint times the partial of a NaN primal value the
        # result does not depend on: IEEE's 0 * NaN; strong_zero keeps the zero)
        if not _close(lhs, rhs_i, 1e-9, scale):
            if np.isfinite(lhs) and not np.isfinite(rhs_i):
                sz = True
                with opts.disabled("all"):
                    g2 = activity.grad(m, "f", kinds, strong_zero=True)
                rhs_i, out_i = reverse(g2, False)
            if ties and np.isfinite(lhs) and not np.isfinite(rhs_i):
                # (an exact zero where the derivative is infinite, sqrt(|x|) at 0: the
                # tangents' 0 * inf is 0, the reverse sweep's inf * 0 NaN -- no
                # derivative exists there; seed 158 of --config opt --ties)
                msg = "(ties) non-finite reverse at a singular point"
                stats.refusals[msg] = stats.refusals.get(msg, 0) + 1
                stats.checked += 1
                return
            if not _close(lhs, rhs_i, 1e-9, scale) and not primal_nan:
                stats.failures.append(f"seed {seed}: interpreted reverse {rhs_i!r} vs "
                                      f"tangents {lhs!r}")
                return
        if compiled:
            gc = activity.grad(m, "f", kinds, strong_zero=sz)
            try:
                rhs_c, out_c = reverse(gc, True)
            except CodegenError as e:
                if not PLACE.search(str(e)):
                    raise
                msg = "(compile) " + str(e).split("error: ", 1)[1][:50]
                stats.refusals[msg] = stats.refusals.get(msg, 0) + 1
                stats.checked += 1
                return
            if not _close(rhs_i, rhs_c, 1e-9, scale) and not _close(lhs, rhs_c, 1e-9, scale) \
                    and not _close(reverse(gc, False)[0], rhs_c, 1e-9, scale):
                # (the last: the triangular rules' exact 0 where a masked body
                # discarded a NaN partial, tests/test_tensor_interplay.py)
                stats.failures.append(f"seed {seed}: compiled (all on) {rhs_c!r} vs "
                                      f"interpreted {rhs_i!r}, tangents {lhs!r}")
                return
        if fd and np.isfinite(lhs):
            h = 1e-6
            up, dn = _copy(xs), _copy(xs)
            for i, u in enumerate(us):
                if u is None:
                    continue
                up[i] = up[i] + h * np.asarray(u) if isinstance(u, np.ndarray) else up[i] + h * u
                dn[i] = dn[i] - h * np.asarray(u) if isinstance(u, np.ndarray) else dn[i] - h * u

            def obj(v: list[Any]) -> float:
                v = _copy(v)
                o = Interpreter(m).run("f", v)
                ws = iter(seeds)
                val = 0.0
                for t, r in zip(res_types, o.results, strict=True):
                    if _is_float_type(t):
                        val += _dot(next(ws), r)
                for i, w in wsh.items():
                    val += _dot(w, v[i])  # (the interpreter writes memrefs in place)
                return val
            fdv = (obj(up) - obj(dn)) / (2 * h)
            stats.fd_checked += 1
            if np.isfinite(fdv) and abs(fdv - lhs) > 1e-4 * max(1.0, abs(lhs), scale):
                stats.failures.append(f"seed {seed}: finite differences {fdv!r} vs "
                                      f"tangents {lhs!r} (kink or tangent bug)")
                return
    stats.checked += 1


def check_f32(prog: Any, seed: int, stats: Stats) -> None:
    """The program in ``f32`` (every ``f64`` of its text): the compiled gradient (all
    optimizations on) against the interpreted one (all off) to 2e-4 and against the
    ``f64`` gradient to 1e-3 (relative, or absolute below 1)."""
    kinds = list(prog.args)
    if "active" not in kinds or any(is_memref(t) for t in prog.arg_types):
        stats.no_active += 1
        return
    m64, m32 = activity.parse(prog.text), activity.parse(prog.text.replace("f64", "f32"))
    xs = prog.make_inputs(random.Random(seed))
    nrng = np.random.default_rng(seed)
    seeds = []
    for t in prog.result_types:
        if is_tensor(t):
            seeds.append(nrng.standard_normal(
                tuple(int(n) for n in t[7:-1].split("x")[:-1])).astype(np.float32))
        elif _is_float_type(t):
            seeds.append(float(nrng.standard_normal()))

    def args(dt: Any) -> list[Any]:
        return [x.astype(dt) if isinstance(x, np.ndarray) else x for x in xs] + \
            [w.astype(dt) if isinstance(w, np.ndarray) else w for w in seeds]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            with opts.disabled("all"):
                g32 = activity.grad(m32, "f", kinds)
            g64 = activity.grad(m64, "f", kinds)
        except GradError as e:
            if not PLACE.search(str(e)):
                stats.failures.append(f"seed {seed}: f32: GradError without a place: {e}")
            stats.refused += 1
            return
        ref = activity.evaluate(g32, "f_grad", *args(np.float32))
        r64 = activity.evaluate(g64, "f_grad", *args(np.float64))
        got = activity.compile(activity.grad(m32, "f", kinds), "f_grad")(*args(np.float32))
    tup = [list(v) if isinstance(v, tuple) else [v] for v in (ref, got, r64)]
    for k, (a, b, c) in enumerate(zip(*tup, strict=True)):
        a, b, c = (np.asarray(v, dtype=np.float64) for v in (a, b, c))
        if not np.allclose(b, a, rtol=2e-4, atol=2e-4, equal_nan=True):
            stats.failures.append(f"seed {seed}: f32 compiled vs interpreted, result {k}")
            return
        fin = np.isfinite(c) & np.isfinite(b) & (np.abs(c) < 1e6)
        if not np.allclose(b[fin], c[fin], rtol=1e-3, atol=1e-3):
            stats.failures.append(f"seed {seed}: f32 vs f64 gradient, result {k}")
            return
    stats.checked += 1


# optimizations that claim the same bits as without them (their docstrings: the same
# terms summed in the same order, the same values read back, a skip of exact +-0
# terms behind a guard); the others are compared to a relative 1e-12 (where no input
# is special: a NaN times an exact 0 the others drop is their convention)
EXACT = ("zeroskip", "regtile", "tapebody", "reslice", "inplace", "lifetime", "JAM",
         "WIDE_FMA")
LOOSE = ("sparse", "triangular", "recompute", "fuse", "nozero")
SPECIALS = (0.0, -0.0, float("inf"), float("-inf"), float("nan"))


class Fired:
    """The loop lowering's codegen events that have no counter of their own in
    :mod:`activity.tensor.opts`: register tiles widened for FMAs (``WIDE_FMA``) and
    the one-pass jam of a short constant dimension (``JAM``'s copies all in one pass).
    Counted by wrapping :func:`loops.fma_body` and :func:`loops.jam_dim` while open."""

    def __init__(self) -> None:
        self.c: dict[str, int] = {}

    def __enter__(self) -> Fired:
        from activity.tensor import loops
        self._saved = (loops.fma_body, loops.jam_dim, loops.regtile)
        fma, jam, rt = self._saved
        last: list[Any] = [None]

        def fma_body(s: Any) -> bool:
            r = fma(s)
            if r:
                self.c["WIDE_FMA"] = self.c.get("WIDE_FMA", 0) + 1
            return r

        def regtile(s: Any, order: Any, carry: Any) -> Any:
            last[0] = rt(s, order, carry)
            return last[0]

        def jam_dim(s: Any, order: Any, carry: Any) -> Any:
            d = jam(s, order, carry)
            if d is not None and last[0] is None \
                    and 1 < loops._static_sizes(s).get(d, -1) <= loops.JAM:
                self.c["JAM"] = self.c.get("JAM", 0) + 1
            return d
        loops.fma_body, loops.jam_dim, loops.regtile = fma_body, jam_dim, regtile
        return self

    def __exit__(self, *exc: Any) -> None:
        from activity.tensor import loops
        loops.fma_body, loops.jam_dim, loops.regtile = self._saved


def _same_bits(a: Any, b: Any) -> bool:
    """Equal bit for bit (any NaN equal to any NaN; ``-0.0`` not equal to ``0.0``)."""
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    nan = np.isnan(a)
    if not np.array_equal(nan, np.isnan(b)):
        return False
    return bool(np.array_equal(a[~nan].view(np.uint8), b[~nan].view(np.uint8))) \
        if a.dtype.kind == "f" else bool(np.array_equal(a, b))


@dataclass
class DiffStats:
    programs: int = 0
    compiled: int = 0
    refused: int = 0
    compared: dict[str, int] = field(default_factory=dict)  # (off vs on runs)
    fired: dict[str, int] = field(default_factory=dict)  # (programs where it applied)
    failures: list[str] = field(default_factory=list)


def check_diff(prog: Any, seed: int, stats: DiffStats, f32: bool = False,
               specials: bool = False, inputs: list[Any] | None = None) -> None:
    """Each optimization that applied to the compiled gradient (opts counters, and
    :class:`Fired`), turned off on its own: the gradient must be the same -- bit for
    bit for :data:`EXACT`, to 1e-12 for the others.  Also the primal compiled
    against the interpreter (results that share a block: a result returned twice).
    ``specials``: exact zeros in the inputs, and in some an infinity, NaN or -0.0
    (what zeroskip's guard must see); ``f32``: the program in ``f32``; ``inputs``:
    these instead of the program's random ones."""
    from activity.tensor import loops
    kinds = list(prog.args)
    text = prog.text.replace("f64", "f32") if f32 else prog.text
    dt = np.float32 if f32 else np.float64
    m = activity.parse(text)
    rng = np.random.default_rng(seed)
    xs = prog.make_inputs(random.Random(seed)) if inputs is None else _copy(inputs)
    alias = getattr(prog, "alias", None)
    if alias is not None:
        xs[alias[1]] = xs[alias[0]].copy()
    xs = [x.astype(dt) if isinstance(x, np.ndarray) else x for x in xs]
    special = False
    if specials:
        for x in xs:
            if isinstance(x, np.ndarray) and x.size:
                flat = x.reshape(-1)  # (a view: xs's arrays are contiguous)
                flat[rng.random(flat.size) < 0.3] = 0.0
                if rng.random() < 0.3:
                    flat[rng.integers(0, flat.size)] = SPECIALS[rng.integers(0, 5)]
                    special = True
    seeds: list[Any] = []
    for t in prog.result_types:
        if is_tensor(t):
            seeds.append(rng.standard_normal(
                tuple(int(n) for n in t[7:-1].split("x")[:-1])).astype(dt))
        elif _is_float_type(t):
            seeds.append(float(rng.standard_normal()))

    def call_args() -> list[Any]:
        out: list[Any] = []
        xin = _copy(xs)
        if alias is not None:
            xin[alias[1]] = xin[alias[0]]
        for x, k in zip(xin, kinds, strict=True):
            out.append(x)
            if k in ("dup", "dupnoneed"):
                out.append(np.zeros_like(x) + 0.5)
        return out + _copy(seeds)

    strict_m = activity.parse(text.replace(" fastmath<contract>", ""))

    def run(*off: str, strict: bool = False) -> list[Any]:
        """The compiled gradient with ``off`` off; ``strict``: no FMA contraction
        (``strict_adjoints``, and the primal's ``contract`` flags dropped)."""
        names = [o for o in off if o in opts.OPTIMIZATIONS]
        saved = (loops.JAM, loops.WIDE_FMA)
        try:
            if "JAM" in off:
                loops.JAM = 1
            if "WIDE_FMA" in off:
                loops.WIDE_FMA = False
            with opts.disabled(*names):
                g = activity.grad(strict_m, "f", kinds, strict_adjoints=True) if strict \
                    else activity.grad(m, "f", kinds)
                args = call_args()
                out = activity.compile(g, "f_grad", fill=0xFF)(*args)
        finally:
            loops.JAM, loops.WIDE_FMA = saved
        out = list(out) if isinstance(out, tuple) else ([] if out is None else [out])
        # (the shadows of dup memrefs are results too)
        return out + [a for a, k in zip(args, _shadow_kinds(kinds), strict=False) if k]

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            with opts.counting() as c, Fired() as fired:
                on = run()
        except (GradError, CodegenError) as e:
            if not PLACE.search(str(e)):
                stats.failures.append(f"seed {seed}: error without a place: {e}")
            stats.refused += 1
            return
        stats.compiled += 1
        applied = {k for k, v in c.items() if v} | set(fired.c)
        for k in applied:
            stats.fired[k] = stats.fired.get(k, 0) + 1
        for name in sorted(applied & set(EXACT + LOOSE)):
            if name in ("inplace", "lifetime", *LOOSE) and seed % 4:
                continue  # (older, and applied nearly everywhere: every 4th seed)
            off = run(name)
            stats.compared[name] = stats.compared.get(name, 0) + 1
            bad = _differ(on, off, name in EXACT, special, f32)
            if bad is not None and name in EXACT and _differ(on, off, False, special, f32) \
                    is None:
                # (the same to rounding: where LLVM fuses a multiply and an add may
                # depend on the loops -- the claim is bits without contraction)
                bad = _differ(run(strict=True), run(name, strict=True), True, special, f32)
                if bad is not None:
                    bad += " (without contraction)"
            if bad is not None:
                stats.failures.append(f"seed {seed}: {name} off vs on differ ({bad})"
                                      f"{' f32' if f32 else ''}"
                                      f"{' specials' if special else ''}")
                return
        # the primal, compiled (results that share a block) vs interpreted
        ref = Interpreter(m).run("f", _copy(xs)).results
        got = activity.compile(m, "f")(*_copy(xs))
        got = list(got) if isinstance(got, tuple) else [got]
        for k, (a, b) in enumerate(zip(ref, got, strict=True)):
            a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
            if a.shape != b.shape or not np.allclose(a, b, rtol=1e-4 if f32 else 1e-11,
                                                     atol=1e-6 if f32 else 1e-13,
                                                     equal_nan=True):
                stats.failures.append(f"seed {seed}: primal compiled vs interpreted, "
                                      f"result {k}")
                return


def _differ(on: list[Any], off: list[Any], exact: bool, special: bool, f32: bool
            ) -> str | None:
    """Which result of ``on`` differs from ``off``'s: bit for bit (``exact``), else to
    a relative 1e-12 (f32: 1e-5) of the largest element; not compared where an input is
    special (inf/NaN: the optimizations' conventions for ``0 * NaN`` differ)."""
    for k, (a, b) in enumerate(zip(on, off, strict=True)):
        if exact:
            if not _same_bits(a, b):
                return f"result {k}, bits"
            continue
        if special:
            continue
        a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
        tol = 1e-5 if f32 else 1e-12  # (relative to the largest element: a result
        # that is 0 up to rounding differs by the rounding)
        big = max([1.0, *np.abs(a[np.isfinite(a)]).ravel(), *np.abs(b[np.isfinite(b)]).ravel()])
        if a.shape != b.shape or not np.allclose(a, b, rtol=tol, atol=tol * big,
                                                 equal_nan=True):
            return f"result {k}"
    return None


def _shadow_kinds(kinds: list[str]) -> list[bool]:
    """Per call argument: whether it is a dup memref's shadow (the seeds after)."""
    out: list[bool] = []
    for k in kinds:
        out.append(False)
        if k in ("dup", "dupnoneed"):
            out.append(True)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", default="0:200")
    ap.add_argument("--config", default="all")
    ap.add_argument("--fd-every", type=int, default=5)
    ap.add_argument("--extra", action="store_true", help="while/dynamic/zero/alias on")
    ap.add_argument("--no-compile", action="store_true")
    ap.add_argument("--ties", action="store_true", help="inputs with zeros and repeats")
    ap.add_argument("--f32", action="store_true", help="the programs in f32 (check_f32)")
    ap.add_argument("--diff", action="store_true",
                    help="each optimization that applied off vs on (check_diff)")
    ap.add_argument("--specials", action="store_true",
                    help="--diff: inputs with zeros and inf/NaN/-0.0")
    ap.add_argument("--mix", action="store_true",
                    help="--diff: every 2nd seed --specials, every 3rd --f32")
    ap.add_argument("--stop", action="store_true")
    a = ap.parse_args(argv)
    if a.diff:
        return main_diff(a)
    lo, hi = (int(x) for x in a.seeds.split(":"))
    names = ALL if a.config == "all" else OPT_CONFIGS if a.config == "opt" else \
        a.config.split(",")
    stats = Stats()
    t0 = time.perf_counter()
    for seed in range(lo, hi):
        name = names[seed % len(names)]
        cfg = CONFIGS[name]
        if a.extra:
            cfg = TensorGenConfig(**{**cfg.__dict__, **EXTRA})
        stats.programs += 1
        n = len(stats.failures)
        try:
            prog = generate(seed, cfg)
            if a.f32:
                check_f32(prog, seed, stats)
            else:
                check(prog, seed, stats, fd=seed % a.fd_every == 0,
                      compiled=not a.no_compile, ties=a.ties)
        except Exception as e:  # noqa: BLE001 -- every other exception is a bug
            tb = traceback.format_exc().strip().splitlines()
            stats.failures.append(f"seed {seed}: {type(e).__name__}: {str(e)[:300]} "
                                  f"[{' | '.join(tb[-4:-1])}]")
        if len(stats.failures) > n:
            print(f"[{name}] {stats.failures[-1]}", flush=True)
            if a.stop:
                break
        if seed % 50 == 0:
            print(f"... seed {seed}: {stats.programs} programs, {stats.checked} checked, "
                  f"{len(stats.failures)} failures, {time.perf_counter() - t0:.0f} s",
                  flush=True)
    print(f"{stats.programs} programs, {stats.checked} checked ({stats.fd_checked} with "
          f"finite differences), {stats.refused} refused, {stats.no_active} without an "
          f"active argument, {len(stats.failures)} failures, "
          f"{time.perf_counter() - t0:.0f} s")
    for msg, c in sorted(stats.refusals.items(), key=lambda x: -x[1]):
        print(f"  refused {c}x: {msg}")
    return 1 if stats.failures else 0


def main_diff(a: argparse.Namespace) -> int:
    """``--diff``: :func:`check_diff` over the seeds; prints how often each
    optimization applied and was compared off vs on."""
    lo, hi = (int(x) for x in a.seeds.split(":"))
    names = OPT_CONFIGS if a.config == "opt" else ALL if a.config == "all" else \
        a.config.split(",")
    stats = DiffStats()
    t0 = time.perf_counter()
    try:
        _diff_loop(a, names, lo, hi, stats, t0)
    except KeyboardInterrupt:  # (stopped: the summary of what ran)
        print("interrupted", flush=True)
    print(f"{stats.programs} programs, {stats.compiled} compiled, {stats.refused} refused, "
          f"{len(stats.failures)} failures, {time.perf_counter() - t0:.0f} s")
    for k in sorted(stats.fired, key=lambda k: -stats.fired[k]):
        print(f"  {k}: applied in {stats.fired[k]} programs, compared off vs on in "
              f"{stats.compared.get(k, 0)}")
    return 1 if stats.failures else 0


def _diff_loop(a: argparse.Namespace, names: list[str], lo: int, hi: int,
               stats: DiffStats, t0: float) -> None:
    for seed in range(lo, hi):
        name = names[seed % len(names)]
        cfg = CONFIGS[name]
        if a.extra:
            cfg = TensorGenConfig(**{**cfg.__dict__, **EXTRA})
        f32 = a.f32 or (a.mix and seed % 3 == 1)
        sp = a.specials or (a.mix and seed % 2 == 1)
        stats.programs += 1
        n = len(stats.failures)
        try:
            check_diff(generate(seed, cfg), seed, stats, f32=f32, specials=sp)
        except Exception as e:  # noqa: BLE001 -- every other exception is a bug
            tb = traceback.format_exc().strip().splitlines()
            stats.failures.append(f"seed {seed}: {type(e).__name__}: {str(e)[:300]} "
                                  f"[{' | '.join(tb[-4:-1])}]")
        if len(stats.failures) > n:
            print(f"[{name}{' f32' if f32 else ''}{' sp' if sp else ''}] "
                  f"{stats.failures[-1]}", flush=True)
            if a.stop:
                break
        if seed % 25 == 0:
            print(f"... seed {seed}: {stats.programs} programs, {stats.compiled} compiled, "
                  f"{len(stats.failures)} failures, {time.perf_counter() - t0:.0f} s; "
                  f"applied {stats.fired}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
