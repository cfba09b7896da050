"""Runtime benchmarks of the compiled code: primal, pruned gradient, ``all_active``
gradient, ``jax.jit(jax.grad(...))``, peak tape bytes.

    python benchmarks/run.py                      # ADBench-like sizes, CPU
    python benchmarks/run.py --size small --repeat 3 --only gmm,ba
    python benchmarks/run.py --json out.json --png speedup.png
    python benchmarks/run.py --only xsbench,lbm --threads 2   # kernels on 2 host threads
    python benchmarks/run.py --reassoc --threads auto   # as XLA runs: reordered sums, all CPUs
    python benchmarks/run.py --cores 1            # everything (XLA's pool too) on one CPU
    python benchmarks/run.py --reassoc            # float sums reordered, as XLA does
    python benchmarks/run.py --processes 3        # 3 fresh processes; median ratios
    python benchmarks/run.py --static             # sizes compiled in, as jax.jit does
    python benchmarks/run.py --strict-adjoints    # adjoint sums in the reverse order, no FMA

Benchmarks: the AD objectives of ``benchmarks/objectives.py`` (GMM, BA, Hand, LSTM,
miniBUDE) and the ``scf.parallel`` kernels of ``benchmarks/kernels`` (XSBench-style
lookup, LBM-style stencil, RSBench-style multipole lookup, LULESH-style hydro step).  For every one:

* ``primal``: the compiled function (``activity.compile``);
* ``pruned`` / ``all_active``: ``activity.gradient`` with and without activity
  pruning.  The kernels are differentiated as written: the reverse of an
  ``scf.parallel`` is an ``scf.parallel`` (shadow updates atomic where iterations may
  share an element; the counts are printed after the table).  Their gradient is
  checked against the gradient of the sequential schedule (``sequentialize``), which
  is also the fallback -- announced -- should the parallel reverse ever fail;
* ``jax``: ``jax.jit(jax.grad(f))`` of an equivalent JAX objective (when jax is
  importable; the gradients are checked to agree);
* tape bytes: static tapes (sized by trip counts) plus the measured height of the
  run-time stacks, for both gradients.

Times are medians over ``--repeat`` runs taken round-robin over the variants (inputs
copied outside the timed region).
Ratios printed: ``all_active/pruned`` (the speedup from activity analysis, with its
geometric mean), ``pruned/primal`` and ``pruned/jax``.  ``CPUs us/jax`` is the process
CPU time over the wall time while our variants / JAX ran: ours run on one thread unless
``--threads``, while XLA's CPU backend runs its own thread pool (seen here: 1.5-1.9 CPUs
on the objectives), so ``--cores 1`` is the like-for-like single-core comparison.
``--static`` compiles every variant of ours with its integer arguments (the sizes) as
constants (``static_argnums``), as ``jax.jit`` compiles for the shapes it is given.
``--processes N`` runs it all in N fresh processes, one after the other, and prints the
median of their ratios and each process's ratios (one process can run everything here
1.5x slower than the next).  ``--png`` draws the speedups as a bar chart (matplotlib).
Large freed blocks are kept in the C heap between calls
(``activity.codegen.keep_freed_memory``), so repeated gradients do not pay page faults
for their tapes; pass ``--no-malloc-tuning`` to measure without.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import activity  # noqa: E402
from activity.ad.reverse import Differentiator  # noqa: E402
from activity.analysis.args import arg_label  # noqa: E402
from activity.codegen import compile as compile_fn  # noqa: E402
from activity.codegen import gradient, keep_freed_memory, resolve_threads  # noqa: E402
from activity.codegen.jit import PreparedCall  # noqa: E402
from activity.codegen.sequential import sequentialize  # noqa: E402
from activity.codegen.specialize import Specializing  # noqa: E402
from activity.engine.program import Program  # noqa: E402


def _load(name: str, path: Path) -> Any:
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


OBJ = _load("activity_benchmark_objectives", HERE / "objectives.py")
KER = _load("activity_benchmark_kernels", HERE / "kernels" / "__init__.py")

# benchmark -> the arguments the gradient is taken with respect to
WRT: dict[str, list[int]] = {
    "gmm": [3, 4, 5], "ba": [0, 1, 2], "hand": [2], "lstm": [3, 4, 5], "minibude": [3],
    "xsbench": [5, 7], "lbm": [3, 5], "rsbench": [4, 6, 8], "lulesh": [4, 5, 6, 10],
}
ORDER = ["gmm", "ba", "hand", "lstm", "minibude", "xsbench", "lbm", "rsbench", "lulesh"]


def spec_of(name: str) -> Any:
    return OBJ._build()[name] if name in OBJ._build() else KER.KERNELS[name]


def copies(xs: list[Any]) -> list[Any]:
    return [x.copy() if isinstance(x, np.ndarray) else x for x in xs]


def tape_bytes(module: Any, func: str, kinds: list[str], prune: bool,
               inputs: list[Any], static: bool = False) -> int | None:
    """Static tape bytes for these integer arguments plus the measured stack height;
    ``static``: of the module specialized for them (``--static``), as timed."""
    from xdsl.dialects.builtin import AnyFloat

    if static:
        from activity.codegen.specialize import specialize, static_positions

        ints = static_positions(module, func, "auto")
        module = specialize(module, func, {i: int(inputs[i]) for i in ints})
    d = Differentiator(module, func, kinds, prune, measure=True, inline=True)
    gmod, _ = d.run()
    fop = Program.of(module).functions[func]
    params = list(fop.regions[0].blocks[0].args)
    bounds = {arg_label(fop, i, a): int(x) for i, (a, x) in enumerate(zip(params, inputs,
                                                                          strict=True))
              if isinstance(x, int | np.integer)}
    fixed = d.stats.static_bytes(bounds)
    call: list[Any] = []
    for x, k in zip(copies(inputs), kinds, strict=True):
        call.append(x)
        if k in ("dup", "dupnoneed"):
            call.append(np.zeros_like(x))
    outs = list(fop.function_type.outputs.data)  # type: ignore[attr-defined]
    call += [1.0 for t in outs if isinstance(t, AnyFloat)]
    res = compile_fn(gmod, d.grad_name)(*call)
    res = res if isinstance(res, tuple) else (res,)
    stack = 8 * (int(res[-2]) + int(res[-1]))
    return None if fixed is None else fixed + stack


def static_tapes(module: Any, func: str, kinds: list[str], prune: bool,
                 inputs: list[Any]) -> dict[str, Any]:
    """What the gradient tapes, without running it: the static tapes' bytes for these
    integer arguments (sized by trip counts), their formula, the taped values, and
    whether stack tapes (sized at run time, not counted) exist too."""
    d = Differentiator(module, func, kinds, prune, inline=True)
    d.run()
    fop = Program.of(module).functions[func]
    params = list(fop.regions[0].blocks[0].args)
    bounds = {arg_label(fop, i, a): int(x) for i, (a, x) in enumerate(zip(params, inputs,
                                                                          strict=True))
              if isinstance(x, int | np.integer)}
    # the lengths of the buffers, for the snapshots of checkpointed loops
    bounds.update({f"dim({arg_label(fop, i, a)})": int(np.size(x))
                   for i, (a, x) in enumerate(zip(params, inputs, strict=True))
                   if isinstance(x, np.ndarray)})
    st = d.stats
    return {"static_bytes": st.static_bytes(bounds), "formula": st.static_formula(),
            "cached": [f"{c.value}[{c.formula()}]" for c in st.cached]
            + [f"snapshots[{sn.formula()}]" for sn in st.snapshots],
            "stack": bool(st.stack_blocks)}


# ---------------------------------------------------------------------------------------
# Equivalent JAX objectives (arguments as the MLIR functions take them)


def jax_objective(name: str, inputs: list[Any]) -> tuple[Any, ...]:
    """``(f, wrt[, const])``: a JAX function of the ``WRT`` arguments (followed by the
    arrays ``const``, passed at every call and not differentiated; other inputs are
    bound from ``inputs``)."""
    import jax
    import jax.numpy as jnp
    from jax.scipy.special import logsumexp

    def skew(v: Any) -> Any:
        z = jnp.zeros((), v.dtype)
        return jnp.array([[z, -v[2], v[1]], [v[2], z, -v[0]], [-v[1], v[0], z]])

    def rodrigues(a: Any) -> Any:
        th = jnp.sqrt(a @ a)
        k = skew(a / th)
        return jnp.eye(3) + jnp.sin(th) * k + (1.0 - jnp.cos(th)) * (k @ k)

    if name == "gmm":
        d, k, n, _, _, _, x, gamma, m = inputs
        icf_sz = d * (d + 1) // 2
        col, row = np.triu_indices(d, 1)
        xx = jnp.asarray(x).reshape(n, d)
        big_n = d + m + 1
        log_mv_gamma = 0.25 * d * (d - 1) * math.log(math.pi) + sum(
            math.lgamma(0.5 * big_n + 0.5 * (1 - j)) for j in range(1, d + 1))
        c = big_n * d * (math.log(gamma) - 0.5 * math.log(2.0)) - log_mv_gamma

        def f(alphas: Any, means: Any, icf: Any) -> Any:
            means = means.reshape(k, d)
            icf = icf.reshape(k, icf_sz)
            logdiag, lower = icf[:, :d], icf[:, d:]
            q = jnp.zeros((k, d, d)).at[:, np.arange(d), np.arange(d)].set(jnp.exp(logdiag))
            q = q.at[:, row, col].set(lower)
            qx = jnp.einsum("kab,nkb->nka", q, xx[:, None, :] - means[None])
            main = alphas[None] + logdiag.sum(1)[None] - 0.5 * jnp.sum(qx * qx, axis=2)
            frob = jnp.sum(jnp.exp(2.0 * logdiag)) + jnp.sum(lower * lower)
            return (-n * d * 0.5 * math.log(2.0 * math.pi) + jnp.sum(logsumexp(main, axis=1))
                    - n * logsumexp(alphas) + 0.5 * gamma * gamma * frob
                    - m * jnp.sum(logdiag) - k * c)
        return f, WRT[name]
    if name == "ba":
        feat = jnp.asarray(inputs[3])

        def f(cam: Any, x: Any, w: Any) -> Any:
            xcam = rodrigues(cam[0:3]) @ (x - cam[3:6])
            proj = xcam[:2] / xcam[2]
            rsq = proj @ proj
            proj = proj * (1.0 + cam[9] * rsq + cam[10] * rsq * rsq) * cam[6] + cam[7:9]
            err = w * (proj - feat)
            werr = 1.0 - w * w
            return err @ err + werr * werr
        return f, WRT[name]
    if name == "hand":
        nb, nv, _, parents, base_rel, inv_base_abs, verts, weights, targets = inputs
        bottom = jnp.array([[0.0, 0.0, 0.0, 1.0]])

        def full(m12: Any) -> Any:
            return jnp.concatenate([m12.reshape(3, 4), bottom])

        base_rel = jnp.asarray(base_rel).reshape(nb, 12)
        inv_base_abs = jnp.asarray(inv_base_abs).reshape(nb, 12)
        vh = jnp.concatenate([jnp.asarray(verts).reshape(nv, 3), jnp.ones((nv, 1))], axis=1)
        w = jnp.asarray(weights).reshape(nv, nb)
        tg = jnp.asarray(targets).reshape(nv, 3)

        def f(theta: Any) -> Any:
            absolute: list[Any] = []
            skin = []
            for b in range(nb):
                rot = jnp.eye(4).at[:3, :3].set(rodrigues(theta[3 + 3 * b: 6 + 3 * b]))
                rel = full(base_rel[b]) @ rot
                p = int(parents[b])
                absolute.append(rel if p < 0 else absolute[p] @ rel)
                skin.append(absolute[b] @ full(inv_base_abs[b]))
            sk = jnp.stack(skin)
            moved = jnp.einsum("vb,bij,vj->vi", w, sk[:, :3, :], vh) + theta[None, 0:3]
            r = moved - tg
            return jnp.sum(r * r)
        return f, WRT[name]
    if name == "lstm":
        nl, c, b, _, _, _, seq = inputs
        sq = jnp.asarray(seq).reshape(c, b)

        def f(main: Any, extra: Any, state: Any) -> Any:
            main = main.reshape(nl, 2, 4, b)
            extra = extra.reshape(3, b)

            def step(st: Any, pair: Any) -> Any:
                xt, xnext = pair
                x = xt * extra[0]
                new = []
                for i in range(nl):
                    wt, bias = main[i, 0], main[i, 1]
                    h, cell = st[i, 0], st[i, 1]
                    forget = jax.nn.sigmoid(x * wt[0] + bias[0])
                    ingate = jax.nn.sigmoid(h * wt[1] + bias[1])
                    outgate = jax.nn.sigmoid(x * wt[2] + bias[2])
                    change = jnp.tanh(h * wt[3] + bias[3])
                    cell = cell * forget + ingate * change
                    h = outgate * jnp.tanh(cell)
                    new.append(jnp.stack([h, cell]))
                    x = h
                ypred = x * extra[1] + extra[2]
                ynorm = ypred - jnp.log(jnp.sum(jnp.exp(ypred)) + 2.0)
                return jnp.stack(new), xnext @ ynorm

            _, terms = jax.lax.scan(step, state.reshape(nl, 2, b), (sq[:-1], sq[1:]))
            return -jnp.sum(terms) / ((c - 1) * b)
        return f, WRT[name]
    if name == "minibude":
        (nposes, nl, np_, _, lig_pos, lig_type, prot_pos, prot_type, ff_radius, ff_hphb,
         ff_elsc, ff_hbtype, _) = inputs
        lig = jnp.asarray(lig_pos).reshape(nl, 3)
        prot = jnp.asarray(prot_pos).reshape(np_, 3)
        lt, pt = np.asarray(lig_type), np.asarray(prot_type)
        radij = jnp.asarray(ff_radius[lt][:, None] + ff_radius[pt][None, :])
        lhb, phb = ff_hbtype[lt][:, None], ff_hbtype[pt][None, :]
        cutoff = jnp.asarray(np.where((lhb == 70) & (phb == 70), 4.0, 2.0))
        type_e = jnp.asarray((lhb == 69) | (phb == 69))
        lh, ph = ff_hphb[lt][:, None], ff_hphb[pt][None, :]
        any_np = jnp.asarray((lh < 0) | (ph < 0))
        dslv_range = jnp.asarray(np.where((lh < 0) & (ph < 0), 5.5, 1.0))
        charge0 = jnp.asarray(ff_elsc[lt][:, None] * ff_elsc[pt][None, :])
        lhph = jnp.asarray(lh + ph)

        def rot(a: Any, b: Any, c: Any) -> Any:
            ca, sa, cb, sb, cc, sc = (jnp.cos(a), jnp.sin(a), jnp.cos(b), jnp.sin(b),
                                      jnp.cos(c), jnp.sin(c))
            one, z = jnp.ones(()), jnp.zeros(())
            rx = jnp.array([[one, z, z], [z, ca, -sa], [z, sa, ca]])
            ry = jnp.array([[cb, z, sb], [z, one, z], [-sb, z, cb]])
            rz = jnp.array([[cc, -sc, z], [sc, cc, z], [z, z, one]])
            return rz @ ry @ rx

        def f(poses: Any) -> Any:
            ps = poses.reshape(nposes, 6)
            total = 0.0
            for i in range(nposes):
                moved = lig @ rot(ps[i, 0], ps[i, 1], ps[i, 2]).T + ps[i, 3:6]
                diff = moved[:, None, :] - prot[None, :, :]
                dist = jnp.sqrt(jnp.sum(diff * diff, axis=2))
                gap = dist - radij
                overlap = gap < 0.0
                steric = jnp.where(overlap, (1.0 - dist / radij) * 2.0 * 38.0, 0.0)
                charge = charge0 * jnp.where(overlap, 1.0, 1.0 - gap / cutoff)
                charge = jnp.where(type_e, -jnp.abs(charge), charge)
                charge = jnp.where(gap < cutoff, 45.0 * charge, 0.0)
                dslv = lhph * jnp.where(overlap, 1.0, 1.0 - gap / dslv_range)
                dslv = jnp.where(any_np & (gap < dslv_range), dslv, 0.0)
                total = total + 0.5 * jnp.sum(steric + charge + dslv)
            return total
        return f, WRT[name]
    if name == "xsbench":
        n_iso, n_grid, n_nuc, n_look, egrid, _, mat_iso, _, energy, mat, _ = inputs
        ch = KER.CHANNELS
        # rows of egrid lie in [0, 1]: shifted by their row number they form one sorted
        # array, so one searchsorted finds every (lookup, nuclide) interval -- the same
        # grid search the kernel does, inside the timed function (its inputs are passed
        # as arguments, so XLA cannot fold it away as a constant)
        const = [jnp.asarray(egrid), jnp.asarray(mat_iso), jnp.asarray(energy),
                 jnp.asarray(mat)]

        def f(xs: Any, conc: Any, eg: Any, miso: Any, en: Any, mt: Any) -> Any:
            iso = miso.reshape(-1, n_nuc)[mt].astype(jnp.int64)
            rows = jnp.arange(n_iso, dtype=eg.dtype)[:, None]
            keys = (eg.reshape(n_iso, n_grid) + rows).reshape(-1)
            q = iso.astype(eg.dtype) + en[:, None]
            lo = jnp.searchsorted(keys, q, side="right") - 1 - iso * n_grid
            lo = jnp.clip(lo, 0, n_grid - 2)
            g0 = iso * n_grid + lo
            e0, e1 = eg[g0], eg[g0 + 1]
            frac = (en[:, None] - e0) / (e1 - e0)
            x = xs.reshape(n_iso * n_grid, ch)
            x0, x1 = x[g0], x[g0 + 1]
            micro = x0 + frac[..., None] * (x1 - x0)
            cc = conc.reshape(-1, n_nuc)[mt]
            return jnp.sum(cc[..., None] * micro)
        return f, WRT[name], const
    if name == "lbm":
        nx, ny, steps, _, _, _ = inputs
        cx, cy, w9 = KER._CX, KER._CY, jnp.asarray(KER._W)

        def feq(rho: Any, ux: Any, uy: Any) -> Any:
            cu = cx[:, None, None] * ux + cy[:, None, None] * uy
            usq = ux * ux + uy * uy
            return w9[:, None, None] * rho * (1 + 3 * cu + 4.5 * cu * cu - 1.5 * usq)

        def f(f0: Any, omega: Any) -> Any:
            g = f0.reshape(9, ny, nx)
            for _ in range(steps):
                fs = jnp.stack([jnp.roll(jnp.roll(g[q], int(cy[q]), axis=0), int(cx[q]),
                                         axis=1) for q in range(9)])
                rho = fs.sum(axis=0)
                ux = (cx[:, None, None] * fs).sum(axis=0) / rho
                uy = (cy[:, None, None] * fs).sum(axis=0) / rho
                g = fs - omega * (fs - feq(rho, ux, uy))
            return jnp.sum(g * g)
        return f, WRT[name]
    if name == "rsbench":
        n_win, n_pole, n_nuc = inputs[:3]
        width = KER.rsbench_width(inputs)  # (a shape: static, as the grid sizes)
        # the window and pole numbers are found inside the timed function, as the
        # kernel finds them (its lookups' energies and materials are arguments)
        const = [jnp.asarray(inputs[i]) for i in (5, 7, 9, 10, 11)]

        n_look = inputs[3]
        # padded to the widest window, a lookup's poles are (n_nuc, width) complex
        # numbers: chunks of 10000 lookups, each recomputed by the backward pass
        # (jax.checkpoint), keep XLA's residuals to one chunk's at the GPU size
        chunks = n_look // 10000 if n_look % 10000 == 0 else 1

        def f(poles: Any, fit: Any, conc: Any, win: Any, mat_nuc: Any, dopp: Any,
              energy: Any, mat: Any) -> Any:
            def part(em: Any) -> Any:
                t = KER.rsbench_tables(jnp, win, mat_nuc, em[0], em[1], n_win, n_pole,
                                       n_nuc, width)
                return KER.rsbench_eval(jnp, poles, fit, conc, t, dopp, em[0])
            if chunks == 1:
                return part((energy, mat))
            return jnp.sum(jax.lax.map(jax.checkpoint(part),
                                       (energy.reshape(chunks, -1), mat.reshape(chunks, -1))))
        return f, WRT[name], const
    if name == "lulesh":
        steps, dt = inputs[2], inputs[16]
        tab = KER.lulesh_tables(inputs)
        const = [jnp.asarray(tab["nodes"]), jnp.asarray(tab["corners"]),
                 jnp.asarray(inputs[11]), jnp.asarray(inputs[12])]

        def f(x: Any, y: Any, z: Any, k: Any, nodes: Any, corners: Any, v0: Any,
              mass: Any) -> Any:
            return KER.lulesh_eval(jnp, x, y, z, k, {"nodes": nodes, "corners": corners},
                                   v0, mass, steps, dt)
        return f, WRT[name], const
    raise KeyError(name)


def jax_gradient(name: str, inputs: list[Any], host: bool = False
                 ) -> tuple[Callable[..., Any], list[Any]] | None:
    """``jax.jit(jax.grad(f))`` of the equivalent objective and its arguments (None when
    jax is not installed).  ``host``: the callable takes numpy arrays, moves them and
    the objective's other array arguments to JAX's device on every call and returns
    numpy arrays -- the contract of our compiled gradients, whose GPU version copies
    its arrays in and out on every call."""
    try:
        import jax
    except ImportError:
        return None
    jax.config.update("jax_enable_x64", True)
    obj = jax_objective(name, inputs)
    f, wrt = obj[0], obj[1]
    const = list(obj[2]) if len(obj) > 2 else []  # non-differentiated arguments
    g = jax.jit(jax.grad(f, argnums=tuple(range(len(wrt)))))
    if host:
        host_const = [np.asarray(c) for c in const]

        def host_call(*a: Any) -> Any:
            dev = [jax.device_put(x) for x in (*a, *host_const)]
            return [np.asarray(v) for v in g(*dev)]

        return host_call, [np.asarray(inputs[i]) for i in wrt]
    xs = [jax.numpy.asarray(inputs[i]) for i in wrt]

    def call(*a: Any) -> Any:
        return jax.block_until_ready(g(*a, *const))

    return call, xs


def jax_temp_bytes(name: str, inputs: list[Any]) -> int | None:
    """The bytes of temporaries XLA's compiled ``jax.jit(jax.grad(f))`` allocates
    (``memory_analysis()`` of the compiled executable for JAX's default backend: what it
    keeps for its reverse pass, residuals included), compiled for these shapes without
    running it; None when jax is not installed or does not say."""
    try:
        import jax
    except ImportError:
        return None
    jax.config.update("jax_enable_x64", True)
    obj = jax_objective(name, inputs)
    f, wrt = obj[0], obj[1]
    const = list(obj[2]) if len(obj) > 2 else []
    g = jax.jit(jax.grad(f, argnums=tuple(range(len(wrt)))))
    shapes = [jax.ShapeDtypeStruct(np.shape(inputs[i]), np.asarray(inputs[i]).dtype)
              for i in wrt]
    ma = g.lower(*shapes, *const).compile().memory_analysis()
    n = getattr(ma, "temp_size_in_bytes", None)
    return None if n is None else int(n)


def _run_batch(fn: Callable[..., Any], make: Callable[[], list[Any]],
               n: int) -> tuple[float, float]:
    """(wall, CPU) seconds of ``n`` calls of ``fn``, their arguments made first."""
    argss = [make() for _ in range(n)]
    c0, t0 = time.process_time(), time.perf_counter()
    for args in argss:
        fn(*args)
    return time.perf_counter() - t0, time.process_time() - c0


def rotations(keys: list[str], repeat: int) -> Iterator[str]:
    """The variants of ``repeat`` rounds, round ``r`` starting with variant ``r``: no
    variant always runs right after the same neighbour (whose caches or threads it would
    otherwise always inherit)."""
    for r in range(repeat):
        yield from keys[r % len(keys):] + keys[:r % len(keys)]


def interleaved_stats(runs: dict[str, tuple[Callable[..., Any], Callable[[], list[Any]]]],
                      repeat: int, warmup: int = 2, min_sample: float = 0.01,
                      alone: Sequence[str] = ("jax",)) -> dict[str, tuple[float, float]]:
    """``(median wall seconds per call, CPUs used)`` of each callable, the timed repeats
    taken round-robin, each round starting one variant later (so that no variant always
    runs right after the same neighbour).  A callable faster than ``min_sample`` seconds
    is timed in batches of calls (each with arguments made before the clock starts)
    long enough to reach it, so that timer resolution, a garbage collection or a
    scheduler tick do not decide a sub-millisecond benchmark.  The variants named in
    ``alone`` (JAX) are timed in a phase of their own, after the others' rounds and a
    pause: on this project's 2-core machine, the first calls of a kernel on two host
    threads after a JAX call ran up to twice as slow (LBM's primal: 24.9 ms right
    after JAX, 20.4 ms one call later, 13.1 ms with no JAX call before it), however long
    the pause, so interleaving JAX slowed whichever variant followed it.  CPUs used is
    the process's CPU time over the wall time in a separate pass per variant: about 1.0
    for single-threaded code, more where a variant runs threads (XLA runs its own pool
    whatever ``--threads`` says; ``--cores`` bounds them all), ours before JAX's phase."""
    ours = [k for k in runs if k not in alone]
    theirs = [k for k in runs if k in alone]
    batch: dict[str, int] = {}
    for k in theirs + ours:  # (ours warmed up last, right before their timed rounds)
        fn, make = runs[k]
        best = math.inf
        for _ in range(warmup):
            args = make()
            t0 = time.perf_counter()
            fn(*args)
            best = min(best, time.perf_counter() - t0)
        batch[k] = max(1, min(1000, math.ceil(min_sample / max(best, 1e-9))))
    times: dict[str, list[float]] = {k: [] for k in runs}
    cpus: dict[str, float] = {}
    for phase in (ours, theirs):  # each phase: its timed rounds, then its CPU passes
        if not phase:
            continue
        time.sleep(0.2)
        for k in rotations(phase, repeat):
            fn, make = runs[k]
            times[k].append(_run_batch(fn, make, batch[k])[0] / batch[k])
        for k in phase:
            fn, make = runs[k]
            cpu = wall = 0.0
            time.sleep(0.2)
            for _ in range(max(1, min(3, repeat))):
                w, c = _run_batch(fn, make, batch[k])
                wall, cpu = wall + w, cpu + c
            cpus[k] = cpu / max(wall, 1e-12)
    return {k: (statistics.median(v), cpus[k]) for k, v in times.items()}


def code_stats(preps: dict[str, Any], repeat: int, warmup: int = 2,
               min_sample: float = 0.01) -> dict[str, float]:
    """Median seconds per run of each variant's compiled code alone: its arguments
    converted and packed once (``prepare``), then ``run(n)`` calls it ``n`` times from
    a native loop, ``n`` large enough for a sample of ``min_sample`` seconds.  Before
    every sample the argument arrays get back their first contents (outside the
    clock).  Rounds are taken round-robin, each starting one variant later, as in
    :func:`interleaved_stats`.  What this leaves out -- checking, converting and
    packing the arguments, copying written buffers, allocating shadows, collecting
    results -- is the same for the pruned and the ``all_active`` gradient: tens of
    microseconds per call from Python for the small objectives, milliseconds where
    large buffers are copied and shadowed (LBM)."""
    batch: dict[str, int] = {}
    for k, prep in preps.items():
        best = math.inf
        for _ in range(warmup):
            prep.reset()
            t0 = time.perf_counter()
            prep.run(1)
            best = min(best, time.perf_counter() - t0)
        batch[k] = max(1, min(100_000, math.ceil(min_sample / max(best, 1e-9))))
    times: dict[str, list[float]] = {k: [] for k in preps}
    for k in rotations(list(preps), repeat):
        preps[k].reset()
        t0 = time.perf_counter()
        preps[k].run(batch[k])
        times[k].append((time.perf_counter() - t0) / batch[k])
    return {k: statistics.median(v) for k, v in times.items()}


def pin_cores(n: int) -> list[int]:
    """Restrict this process (and every thread it starts from now on: ours, XLA's) to
    ``n`` of the CPUs it may use, so that every variant gets the same CPU budget."""
    import os

    allowed = sorted(os.sched_getaffinity(0))
    if n < 1 or n > len(allowed):
        raise SystemExit(f"run.py: --cores {n}: this process may use {len(allowed)} CPUs")
    os.sched_setaffinity(0, allowed[:n])
    return allowed[:n]


def atomic_counts(module: Any, func: str, kinds: list[str],
                  prune: bool) -> tuple[int, int, int]:
    """(shadow updates made atomic, atomics avoided, outer scalars' adjoints summed by
    reductions) in the reverse ``scf.parallel``s."""
    d = Differentiator(module, func, kinds, prune, inline=True)
    d.run()
    return d.stats.atomic_updates, d.stats.atomics_avoided, d.stats.scalar_reductions


def close_grads(a: Any, b: Any, rtol: float = 1e-9) -> bool:
    return all(np.allclose(x, y, rtol=rtol, atol=1e-12 * max(1.0, float(np.max(np.abs(y)))))
               for x, y in zip(a, b, strict=True))


def run_one(name: str, size: str, repeat: int, use_jax: bool, tapes: bool,
            threads: int = 1, reassoc: bool = False, code: bool = True,
            static: bool = False, strict_adjoints: bool = False) -> dict[str, Any]:
    spec = spec_of(name)
    rng = np.random.default_rng(0)
    inputs = spec.make_inputs(rng, size)
    module = activity.parse(spec.mlir)
    kernel = name in KER.KERNELS
    ad_module = module
    row: dict[str, Any] = {"name": name, "size": size, "schedule": "parallel" if kernel
                           else "-", "threads": threads if kernel else 1,
                           "reassoc": reassoc, "static": static,
                           "strict_adjoints": strict_adjoints}
    wrt = WRT[name]
    sizes = "auto" if static else ()
    runs: dict[str, tuple[Callable[..., Any], Callable[[], list[Any]]]] = {
        "primal": (compile_fn(module, spec.func, threads=threads, reassoc=reassoc,
                              static_argnums=sizes),
                   lambda: copies(inputs))}
    fns: dict[str, Any] = {}
    for mode, prune in (("pruned", True), ("all_active", False)):
        try:
            fns[mode] = gradient(ad_module, spec.func, wrt, prune, args=spec.args,
                                 threads=threads, reassoc=reassoc, static_argnums=sizes,
                                 strict_adjoints=strict_adjoints)
            # (a version is differentiated on first use: here, for the fallback below;
            # without integer arguments "auto" compiles the one plain gradient)
            if isinstance(fns[mode], Specializing):
                fns[mode].version(inputs)
        except activity.ActivityError as e:
            if not kernel or ad_module is not module:
                raise
            print(f"  {name}: the parallel reverse failed ({e.message}); differentiating "
                  "the sequential schedule instead", file=sys.stderr)
            ad_module = sequentialize(module)
            row["schedule"] = "sequential"
            fns = {}
            break
    grads = {}
    for mode, prune in (("pruned", True), ("all_active", False)):
        g = fns.get(mode) or gradient(ad_module, spec.func, wrt, prune, args=spec.args,
                                      threads=threads, reassoc=reassoc,
                                      static_argnums=sizes,
                                      strict_adjoints=strict_adjoints)
        runs[mode] = (g, lambda: inputs)
        grads[mode] = g(*inputs)
        if kernel:
            row[f"{mode}_atomics"] = atomic_counts(ad_module, spec.func, spec.args, prune)
        if tapes:
            try:
                row[f"{mode}_tape_bytes"] = tape_bytes(ad_module, spec.func, spec.args, prune,
                                                       inputs, static)
            except Exception as e:  # (a stats failure must not lose the timings)
                row[f"{mode}_tape_bytes"] = None
                print(f"  tape bytes of {name} ({mode}): {e}", file=sys.stderr)
    row["pruned_equals_all_active"] = all(
        np.allclose(a, b, rtol=1e-9, atol=1e-12)
        for a, b in zip(grads["pruned"], grads["all_active"], strict=True))
    if kernel and row["schedule"] == "parallel":
        seq = gradient(sequentialize(module), spec.func, wrt, True, args=spec.args)
        row["sequential_agrees"] = close_grads(grads["pruned"], seq(*inputs))
    jx = jax_gradient(name, inputs) if use_jax else None
    if jx is not None:
        call, xs = jx
        runs["jax"] = (call, lambda: xs)
        jg = [np.asarray(v) for v in call(*xs)]
        row["jax_agrees"] = all(
            np.allclose(np.asarray(a).reshape(-1), np.asarray(b).reshape(-1),
                        rtol=1e-6, atol=1e-9 * max(1.0, float(np.max(np.abs(b)))))
            for a, b in zip(grads["pruned"], jg, strict=True))
    if code:  # (before the per-call rounds, which end with JAX's phase)
        preps = {"primal": runs["primal"][0].prepare(copies(inputs))}
        for mode in ("pruned", "all_active"):
            preps[mode] = runs[mode][0].prepare(*inputs)
        for k, t in code_stats(preps, repeat).items():
            row[f"{k}_code_s"] = t
        # kernels on host threads are launched from Python: a run is a whole call
        row["code_native"] = all(isinstance(p, PreparedCall) for p in preps.values())
    for k, (t, c) in interleaved_stats(runs, repeat).items():
        row[f"{k}_s"] = t
        row[f"{k}_cpus"] = c
    return row


def geomean(xs: Sequence[float | None]) -> float:
    ys = [x for x in xs if x and x > 0 and math.isfinite(x)]
    return math.exp(sum(math.log(x) for x in ys) / len(ys)) if ys else float("nan")


def groups(rows: Sequence[dict[str, Any]]) -> list[tuple[str, str, list[dict[str, Any]]]]:
    """The rows split as the OOPSLA 2025 paper reports them: its 1.24x geomean is over
    its CPU benchmarks (GMM, BA, Hand, LSTM, miniBUDE: our objectives), its 1.7x over
    GPU ones (XSBench, LBM, ...: our ``scf.parallel`` kernels, run on host threads
    here).  Empty unless the rows hold both kinds."""
    objs = [r for r in rows if r["name"] not in KER.KERNELS]
    kers = [r for r in rows if r["name"] in KER.KERNELS]
    if not objs or not kers:
        return []
    return [("cpu set", "CPU objectives (" + ", ".join(r["name"] for r in objs)
             + "; the paper's CPU set)", objs),
            ("gpu set", "GPU kernels (" + ", ".join(r["name"] for r in kers)
             + "; on host threads here)", kers)]


# ---------------------------------------------------------------------------------------
# Several processes (--processes N)
#
# A process of this machine can run the same code 1.5x slower than the next one (GMM's
# gradient: 4.5 ms in one process, 6.3-6.9 ms in the three after it), for all its
# variants alike; JAX's times move as much.  One process's verdict on a target is then
# partly luck.  With --processes N the whole benchmark runs in N fresh processes, one
# after the other, and every ratio printed is the median of the N processes' ratios --
# each still measured side by side within its process.


def child_argv(argv: Sequence[str]) -> list[str]:
    """``argv`` without ``--processes``, ``--json`` and ``--png`` (the parent writes
    those) and their values."""
    out: list[str] = []
    skip = False
    for a in argv:
        if skip:
            skip = False
            continue
        name = a.split("=", 1)[0]
        if name in ("--processes", "--json", "--png"):
            skip = "=" not in a
            continue
        out.append(a)
    return out


def run_processes(argv: Sequence[str], n: int) -> list[list[dict[str, Any]]]:
    """The rows of ``n`` runs of this script, each in a fresh process (its progress
    on standard error, prefixed)."""
    import subprocess
    import tempfile

    runs: list[list[dict[str, Any]]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(n):
            out = Path(tmp) / f"run{i}.json"
            print(f"process {i + 1}/{n}", file=sys.stderr, flush=True)
            p = subprocess.run([sys.executable, str(Path(__file__).resolve()),
                                *child_argv(argv), "--json", str(out)],
                               stdout=subprocess.PIPE, text=True)
            if p.returncode != 0:
                sys.stdout.write(p.stdout)
                raise SystemExit(f"process {i + 1}/{n} failed (exit status "
                                 f"{p.returncode})")
            runs.append(json.loads(out.read_text()))
    return runs


_CHECKS = ("pruned_equals_all_active", "jax_agrees", "sequential_agrees", "code_native")


def aggregate(runs: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """One row per benchmark from several processes' rows: median times and CPU
    counts, the checks of every process (a check holds if it held in all), and in
    ``ratios`` the median of each ratio over the processes."""
    rows = []
    for first in runs[0]:
        rs = [r for run in runs for r in run if r["name"] == first["name"]]
        row = dict(first)
        for key, v in first.items():
            if key.endswith(("_s", "_cpus")) and isinstance(v, int | float):
                row[key] = statistics.median(r[key] for r in rs)
            elif key in _CHECKS:
                row[key] = all(r.get(key) for r in rs)
        if any(r["schedule"] == "sequential" for r in rs):
            row["schedule"] = "sequential"
        row["ratios"] = {}
        for key in RATIOS:
            xs = [x for r in rs if (x := ratio(r, key)) is not None]
            if xs:
                row["ratios"][key] = statistics.median(xs)
        row["per_process"] = rs
        rows.append(row)
    return rows


def spread(runs: list[list[dict[str, Any]]]) -> str:
    """Each ratio per benchmark and its geomean, process by process: how far one run's
    verdict can move."""
    keys = [("all_pruned", "all_active/pruned, per call"),
            ("all_pruned_code", "all_active/pruned, code alone"),
            ("pruned_primal", "pruned/primal, per call"),
            ("pruned_primal_code", "pruned/primal, code alone"),
            ("pruned_jax", "pruned/jax, per call")]
    lines = [f"ratios in each of the {len(runs)} processes (the tables above give their "
             "medians):"]
    for key, label in keys:
        per = [[ratio(r, key) for r in run] for run in runs]
        if all(x is None for xs in per for x in xs):
            continue
        lines.append(f"  {label}:")
        for j, r in enumerate(runs[0]):
            vals = " ".join("-" if xs[j] is None else f"{xs[j]:.2f}" for xs in per)
            lines.append(f"    {r['name']:<10} {vals}")
        lines.append(f"    {'geomean':<10} " + " ".join(f"{geomean(xs):.2f}" for xs in per))
        for short, _, rs in groups(runs[0]):
            names = {r["name"] for r in rs}
            picked = [[x for x, r in zip(xs, runs[0], strict=True) if r["name"] in names]
                      for xs in per]
            lines.append(f"    {short:<10} " + " ".join(f"{geomean(xs):.2f}" for xs in picked))
    return "\n".join(lines)


def fmt_ms(s: float | None) -> str:
    return f"{'-':>9}" if s is None else f"{s * 1e3:9.3f}"


def fmt_mb(b: int | None) -> str:
    return "-" if b is None else f"{b / 1e6:8.2f}"


def fmt_cpus(r: dict[str, Any]) -> str:
    """CPUs used by our code (the most of primal and both gradients) / by JAX."""
    ours = max(r.get(f"{k}_cpus", 0.0) for k in ("primal", "pruned", "all_active"))
    jax = r.get("jax_cpus")
    return f"{ours:.1f}/" + ("-" if jax is None else f"{jax:.1f}")


# ratio name -> (numerator, denominator): the time fields of a row
RATIOS: dict[str, tuple[str, str]] = {
    "all_pruned": ("all_active_s", "pruned_s"),
    "pruned_primal": ("pruned_s", "primal_s"),
    "pruned_jax": ("pruned_s", "jax_s"),
    "all_pruned_code": ("all_active_code_s", "pruned_code_s"),
    "pruned_primal_code": ("pruned_code_s", "primal_code_s"),
}


def ratio(r: dict[str, Any], key: str) -> float | None:
    """A row's ratio ``key``: from its two times measured side by side, or, in a row
    summarizing several processes (``--processes``), the median of the processes'
    ratios (``r["ratios"]``), each measured side by side in its process."""
    if "ratios" in r:
        return r["ratios"].get(key)
    num, den = RATIOS[key]
    a, b = r.get(num), r.get(den)
    return a / b if a and b else None


def table(rows: list[dict[str, Any]]) -> str:
    head = (f"{'benchmark':<10} {'primal ms':>9} {'pruned ms':>9} {'all_act ms':>10} "
            f"{'all/pruned':>10} {'pruned/primal':>13} {'jax ms':>9} {'pruned/jax':>10} "
            f"{'CPUs us/jax':>11} {'tape MB':>8} {'tape MB all':>11}  checks")
    lines = [head, "-" * len(head)]
    for r in rows:
        sp = ratio(r, "all_pruned")
        gp = ratio(r, "pruned_primal")
        jx = r.get("jax_s")
        checks = "pruned==all_active" if r["pruned_equals_all_active"] else "PRUNED!=ALL_ACTIVE"
        if "jax_agrees" in r:
            checks += ", jax agrees" if r["jax_agrees"] else ", JAX DISAGREES"
        if "sequential_agrees" in r:
            checks += (", sequential schedule agrees" if r["sequential_agrees"]
                       else ", SEQUENTIAL SCHEDULE DISAGREES")
        if r["schedule"] == "sequential":
            checks += " (AD of the sequential schedule: the parallel reverse failed)"
        pjr = ratio(r, "pruned_jax")
        pj = f"{pjr:.2f}" if pjr is not None else "-"
        lines.append(
            f"{r['name']:<10} {fmt_ms(r['primal_s'])} {fmt_ms(r['pruned_s'])} "
            f"{fmt_ms(r['all_active_s']):>10} {sp:10.2f} {gp:13.2f} {fmt_ms(jx)} "
            f"{pj:>10} "
            f"{fmt_cpus(r):>11} {fmt_mb(r.get('pruned_tape_bytes')):>8} "
            f"{fmt_mb(r.get('all_active_tape_bytes')):>11}  {checks}")
    sps = [ratio(r, "all_pruned") for r in rows]
    lines.append("-" * len(head))
    gp = geomean([ratio(r, "pruned_primal") for r in rows])
    jx = [x for r in rows if (x := ratio(r, "pruned_jax")) is not None]
    lines.append(f"geomean all_active/pruned: {geomean(sps):.2f}x   geomean pruned/primal: "
                 f"{gp:.2f}" + (f"   geomean pruned/jax: {geomean(jx):.2f}" if jx else ""))
    lines += [f"  {label}: all_active/pruned {geomean([ratio(r, 'all_pruned') for r in rs]):.2f}x"
              for _, label, rs in groups(rows)]
    coded = [r for r in rows if "pruned_code_s" in r]
    if coded:
        lines += ["", code_table(coded)]
    for r in rows:
        if r["schedule"] == "sequential":
            lines.append(f"{r['name']}: differentiated in the sequential schedule (the "
                         "parallel reverse failed)")
        elif "pruned_atomics" in r:
            (pa, pv, ps), (aa, av, as_) = r["pruned_atomics"], r["all_active_atomics"]
            red = (f"; scalar adjoints summed by reductions: pruned {ps}, all_active {as_}"
                   if ps or as_ else "")
            lines.append(f"{r['name']}: reverse scf.parallel shadow updates: pruned {pa} "
                         f"atomic / {pv} atomics avoided, all_active {aa} atomic / {av} "
                         f"atomics avoided{red}")
    return "\n".join(lines)


def fmt_us(s: float) -> str:
    return f"{s * 1e6:11.3f}"


def code_table(rows: list[dict[str, Any]]) -> str:
    """The compiled code alone (``code_stats``): no argument checks, packing, copies,
    shadow allocation or result collection in Python."""
    head = (f"{'benchmark':<10} {'primal us':>11} {'pruned us':>11} {'all_act us':>11} "
            f"{'all/pruned':>10} {'pruned/primal':>13}")
    lines = ["compiled code alone (arguments packed once, run from a native loop):", head,
             "-" * len(head)]
    for r in rows:
        lines.append(f"{r['name']:<10} {fmt_us(r['primal_code_s'])} "
                     f"{fmt_us(r['pruned_code_s'])} {fmt_us(r['all_active_code_s'])} "
                     f"{ratio(r, 'all_pruned_code'):10.2f} "
                     f"{ratio(r, 'pruned_primal_code'):13.2f}")
    lines.append("-" * len(head))
    sp = geomean([ratio(r, "all_pruned_code") for r in rows])
    gp = geomean([ratio(r, "pruned_primal_code") for r in rows])
    lines.append(f"geomean all_active/pruned: {sp:.2f}x   geomean pruned/primal: {gp:.2f}"
                 "   (compiled code alone)")
    lines += [f"  {label}: all_active/pruned "
              f"{geomean([ratio(r, 'all_pruned_code') for r in rs]):.2f}x"
              for _, label, rs in groups(rows)]
    whole = [r["name"] for r in rows if not r.get("code_native", True)]
    if whole:
        lines.append(f"{', '.join(whole)}: kernels on host threads, launched from Python: "
                     "each run is a whole call on the prepared arrays (argument checks, "
                     "packing and launches included; the gradient's copies and shadows "
                     "not)")
    return "\n".join(lines)


def chart(rows: list[dict[str, Any]], path: str) -> bool:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib not installed: no chart", file=sys.stderr)
        return False
    split = groups(rows)
    names = [r["name"] for r in rows] + ["geomean"] + [f"geomean\n{short}"
                                                       for short, _, _ in split]
    series = [("per call from Python", "all_pruned", "#4c72b0")]
    if all("pruned_code_s" in r for r in rows):
        series.append(("compiled code alone", "all_pruned_code", "#dd8452"))
    fig, ax = plt.subplots(figsize=(1.1 * len(names) + 2, 3.6))
    width = 0.8 / len(series)
    for j, (label, key, color) in enumerate(series):
        sps = [ratio(r, key) or float("nan") for r in rows]
        sps.append(geomean(sps))
        sps += [geomean([ratio(r, key) for r in rs]) for _, _, rs in split]
        xs = [i + (j - (len(series) - 1) / 2) * width for i in range(len(names))]
        ax.bar(xs, sps, width=width, color=color, label=label)
        for x, v in zip(xs, sps, strict=True):
            ax.text(x, v, f"{v:.2f}", ha="center", va="bottom", fontsize=7)
    ax.set_xticks(range(len(names)), names)
    ax.axhline(1.0, color="black", linewidth=0.8)
    if len(series) > 1:
        ax.legend(fontsize=8, loc="upper left")
    ax.set_ylabel("speedup of pruned over all_active")
    how = [w for w, on in (("sizes static", any(r.get("static") for r in rows)),
                           ("reassoc", any(r.get("reassoc") for r in rows)),
                           ("adjoint sums in order",
                            any(r.get("strict_adjoints") for r in rows)),
                           (f"kernels on {max(r.get('threads', 1) for r in rows)} threads",
                            any(r.get("threads", 1) > 1 for r in rows)),
                           (f"medians of {len(rows[0].get('per_process', ()))} processes",
                            "ratios" in rows[0])) if on]
    ax.set_title("Gradient runtime: activity-pruned vs all_active (CPU"
                 + (", " + ", ".join(how) if how else "") + ")")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return True


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0], allow_abbrev=False,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", choices=("small", "bench"), default="bench")
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--only", default=None, help="comma-separated benchmark names")
    ap.add_argument("--no-jax", action="store_true", help="skip the JAX comparison")
    ap.add_argument("--no-tapes", action="store_true", help="skip measuring tape bytes")
    ap.add_argument("--no-malloc-tuning", action="store_true")
    ap.add_argument("--no-code-timing", action="store_true",
                    help="skip timing the compiled code alone (the second table)")
    ap.add_argument("--json", default=None, help="write the rows as JSON here")
    ap.add_argument("--png", default=None, help="write the speedup bar chart here")
    ap.add_argument("--threads", default="1", metavar="N|auto",
                    help="host threads for the scf.parallel kernels' loops (primal and "
                         "gradients; default 1; auto: every CPU this process may use)")
    ap.add_argument("--cores", type=int, default=None,
                    help="run the whole benchmark on this many CPUs (pins the process, so "
                         "XLA's thread pool shares them with our code; default: all)")
    ap.add_argument("--reassoc", action="store_true",
                    help="compile our variants with reassoc=True (float sums may be "
                         "reordered and vectorized, as XLA does; small pure scf.if become "
                         "selects); default: the order written (but for a gradient's "
                         "adjoint sums: see --strict-adjoints)")
    ap.add_argument("--strict-adjoints", action="store_true",
                    help="sum each adjoint's contributions in the reverse sweep's order "
                         "(gradients bit-identical to the interpreter's on one thread "
                         "without --reassoc); default: those sums may be reordered and "
                         "fused with the products they sum into FMAs (the primal's float "
                         "order is kept unless --reassoc)")
    ap.add_argument("--static", action="store_true",
                    help="compile our variants with every integer argument (the sizes) "
                         "as a constant (static_argnums), as jax.jit compiles for its "
                         "shapes; default: sizes passed at run time")
    ap.add_argument("--processes", type=int, default=1, metavar="N",
                    help="run the whole benchmark in N fresh processes, one after the "
                         "other, and print the median of their ratios (and times), then "
                         "each process's ratios; default 1")
    ns = ap.parse_args(argv)
    if ns.processes < 1:
        ap.error(f"--processes: expected a positive number, got {ns.processes}")
    try:
        ns.threads = resolve_threads(ns.threads if ns.threads == "auto" else int(ns.threads))
    except ValueError:
        ap.error(f"--threads: expected a positive integer or 'auto', got {ns.threads!r}")
    runs: list[list[dict[str, Any]]] = []
    if ns.processes > 1:
        runs = run_processes(sys.argv[1:] if argv is None else argv, ns.processes)
        rows = aggregate(runs)
        print(f"medians over {ns.processes} processes (each ratio: the median of the "
              "processes' ratios, each measured side by side in its process)")
    else:
        cores = pin_cores(ns.cores) if ns.cores else None
        if not ns.no_malloc_tuning:
            keep_freed_memory()
        names = ORDER if ns.only is None else [n.strip() for n in ns.only.split(",")]
        rows = []
        for name in names:
            t0 = time.perf_counter()
            rows.append(run_one(name, ns.size, ns.repeat, not ns.no_jax, not ns.no_tapes,
                                ns.threads, ns.reassoc, not ns.no_code_timing, ns.static,
                                ns.strict_adjoints))
            rows[-1]["cores"] = cores
            print(f"  {name}: done in {time.perf_counter() - t0:.1f}s", file=sys.stderr)
    print(table(rows))
    cores = rows[0].get("cores") if rows else None
    if cores:
        print(f"pinned to CPU{'s' if len(cores) > 1 else ''} {', '.join(map(str, cores))} "
              "(every variant, JAX's threads included)")
    if ns.static:
        print("our variants compiled for these sizes (integer arguments as constants, "
              "static_argnums)")
    if ns.strict_adjoints:
        print("our gradients sum each adjoint in the reverse sweep's order "
              "(strict_adjoints=True)")
    if ns.reassoc:
        print("our variants compiled with reassoc=True (float sums reordered and vectorized "
              "where LLVM can; small pure scf.if as selects)")
    if ns.threads > 1:
        print(f"scf.parallel kernels ran on {ns.threads} host threads (blocked schedule); "
              "the objectives have no scf.parallel and run on one")
    if runs:
        print()
        print(spread(runs))
    if ns.json:
        Path(ns.json).write_text(json.dumps(rows, indent=2) + "\n")
    if ns.png and chart(rows, ns.png):
        print(f"chart: {ns.png}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
