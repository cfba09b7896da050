"""GPU-style benchmark kernels written with ``scf.parallel`` (and numpy references).

* ``xsbench``: an XSBench-style macroscopic cross-section lookup: for each lookup
  (energy, material), binary-search every nuclide's energy grid, interpolate its five
  reaction channels and accumulate ``concentration * micro``; returns the sum over all
  lookups and channels (and writes the per-lookup values).  Differentiable in the
  concentrations and the cross-section tables: their shadows are shared by all
  lookups, so the reverse loop must accumulate atomically.
* ``lbm``: an LBM-style D2Q9 stream-and-collide stencil (BGK, periodic): ``steps``
  time steps over an ``nx x ny`` grid, then the sum of squares of the distributions.
  Differentiable in the initial distributions and the relaxation rate ``omega``; each
  shadow element is written by exactly one iteration (no atomics needed).

Like ``benchmarks/objectives.py``, load this file by path (``benchmarks`` collides with
a package xDSL installs)::

    spec = importlib.util.spec_from_file_location("kernels", "benchmarks/kernels/__init__.py")

Each :class:`Kernel` has the MLIR text, the function name, Enzyme-style activities, an
input maker ``make_inputs(rng, size)`` (``"small"`` for tests, ``"bench"`` for timings,
``"gpu"`` for a device) and a numpy reference of the returned value.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

CHANNELS = 5


@dataclass
class Kernel:
    name: str
    mlir: str
    func: str
    args: list[str]
    make_inputs: Callable[[np.random.Generator, str], list]
    reference: Callable[[list], float]
    description: str = ""


def copy_inputs(inputs: list) -> list:
    return [x.copy() if isinstance(x, np.ndarray) else x for x in inputs]


# ---------------------------------------------------------------------------------------
# XSBench-style lookup

XSBENCH_MLIR = f"""// XSBench-style macroscopic cross-section lookup (scf.parallel over lookups).
func.func @xsbench(%n_iso: index, %n_grid: index, %n_nuc: index, %n_look: index,
                   %egrid: memref<?xf64>, %xs: memref<?xf64>, %mat_iso: memref<?xi32>,
                   %conc: memref<?xf64>, %energy: memref<?xf64>, %mat: memref<?xi32>,
                   %out: memref<?xf64>) -> f64 {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %nch = arith.constant {CHANNELS} : index
  %z = arith.constant 0.0 : f64
  %hi0 = arith.subi %n_grid, %c1 : index
  %total = scf.parallel (%l) = (%c0) to (%n_look) step (%c1) init (%z) -> f64 {{
    %e = memref.load %energy[%l] : memref<?xf64>
    %m32 = memref.load %mat[%l] : memref<?xi32>
    %m = arith.index_cast %m32 : i32 to index
    %mbase = arith.muli %m, %n_nuc : index
    %obase = arith.muli %l, %nch : index
    scf.for %ch = %c0 to %nch step %c1 {{
      %oi = arith.addi %obase, %ch : index
      memref.store %z, %out[%oi] : memref<?xf64>
    }}
    scf.for %k = %c0 to %n_nuc step %c1 {{
      %slot = arith.addi %mbase, %k : index
      %iso32 = memref.load %mat_iso[%slot] : memref<?xi32>
      %iso = arith.index_cast %iso32 : i32 to index
      %gbase = arith.muli %iso, %n_grid : index
      %lo, %hi = scf.while (%a = %c0, %b = %hi0) : (index, index) -> (index, index) {{
        %d = arith.subi %b, %a : index
        %more = arith.cmpi ugt, %d, %c1 : index
        scf.condition(%more) %a, %b : index, index
      }} do {{
      ^bb0(%a: index, %b: index):
        %s = arith.addi %a, %b : index
        %mid = arith.divui %s, %c2 : index
        %gm = arith.addi %gbase, %mid : index
        %em = memref.load %egrid[%gm] : memref<?xf64>
        %left = arith.cmpf ogt, %em, %e : f64
        %na = arith.select %left, %a, %mid : index
        %nb = arith.select %left, %mid, %b : index
        scf.yield %na, %nb : index, index
      }}
      %g0 = arith.addi %gbase, %lo : index
      %g1 = arith.addi %g0, %c1 : index
      %e0 = memref.load %egrid[%g0] : memref<?xf64>
      %e1 = memref.load %egrid[%g1] : memref<?xf64>
      %num = arith.subf %e, %e0 : f64
      %den = arith.subf %e1, %e0 : f64
      %f = arith.divf %num, %den : f64
      %c = memref.load %conc[%slot] : memref<?xf64>
      %i0 = arith.muli %g0, %nch : index
      scf.for %ch = %c0 to %nch step %c1 {{
        %j0 = arith.addi %i0, %ch : index
        %j1 = arith.addi %j0, %nch : index
        %x0 = memref.load %xs[%j0] : memref<?xf64>
        %x1 = memref.load %xs[%j1] : memref<?xf64>
        %dx = arith.subf %x1, %x0 : f64
        %fx = arith.mulf %f, %dx : f64
        %micro = arith.addf %x0, %fx : f64
        %cm = arith.mulf %c, %micro : f64
        %oi = arith.addi %obase, %ch : index
        %o = memref.load %out[%oi] : memref<?xf64>
        %o2 = arith.addf %o, %cm : f64
        memref.store %o2, %out[%oi] : memref<?xf64>
      }}
    }}
    %sum = scf.for %ch = %c0 to %nch step %c1 iter_args(%tot = %z) -> (f64) {{
      %oi = arith.addi %obase, %ch : index
      %o = memref.load %out[%oi] : memref<?xf64>
      %tot2 = arith.addf %tot, %o : f64
      scf.yield %tot2 : f64
    }}
    scf.reduce(%sum : f64) {{
    ^bb0(%p: f64, %q: f64):
      %r = arith.addf %p, %q : f64
      scf.reduce.return %r : f64
    }}
  }}
  func.return %total : f64
}}
"""


def xsbench_inputs(rng: np.random.Generator, size: str) -> list:
    n_iso, n_grid, n_mat, n_nuc, n_look = {
        "small": (4, 8, 3, 3, 10),
        "bench": (68, 2000, 12, 34, 10000),
        "gpu": (68, 11303, 12, 34, 1_000_000),
    }[size]
    egrid = np.sort(rng.uniform(0.0, 1.0, size=(n_iso, n_grid)), axis=1)
    egrid[:, 0], egrid[:, -1] = 0.0, 1.0
    xs = rng.uniform(0.1, 2.0, size=(n_iso, n_grid, CHANNELS))
    mat_iso = np.stack([rng.choice(n_iso, size=n_nuc, replace=False)
                        for _ in range(n_mat)]).astype(np.int32)
    conc = rng.uniform(0.1, 1.0, size=(n_mat, n_nuc))
    energy = rng.uniform(0.0, 0.999, size=n_look)
    mat = rng.integers(0, n_mat, size=n_look).astype(np.int32)
    out = np.zeros(n_look * CHANNELS)
    return [n_iso, n_grid, n_nuc, n_look, egrid.reshape(-1), xs.reshape(-1),
            mat_iso.reshape(-1), conc.reshape(-1), energy, mat, out]


def xsbench_reference(inp: list) -> float:
    n_iso, n_grid, n_nuc, n_look, egrid, xs, mat_iso, conc, energy, mat, _ = inp
    egrid = np.asarray(egrid).reshape(n_iso, n_grid)
    xs = np.asarray(xs).reshape(n_iso, n_grid, CHANNELS)
    mat_iso = np.asarray(mat_iso).reshape(-1, n_nuc)
    conc = np.asarray(conc).reshape(-1, n_nuc)
    total = 0.0
    iso = mat_iso[mat]  # (n_look, n_nuc)
    e = energy[:, None]
    # lo: the last grid index with egrid <= e (clamped to [0, n_grid - 2]), per nuclide
    lo = np.empty_like(iso)
    ee = np.broadcast_to(e, iso.shape)
    for u in np.unique(iso):
        sel = iso == u
        lo[sel] = np.searchsorted(egrid[u], ee[sel], side="right") - 1
    lo = np.clip(lo, 0, n_grid - 2)
    e0 = egrid[iso, lo]
    e1 = egrid[iso, lo + 1]
    f = (e - e0) / (e1 - e0)
    x0 = xs[iso, lo]  # (n_look, n_nuc, CH)
    x1 = xs[iso, lo + 1]
    micro = x0 + f[..., None] * (x1 - x0)
    macro = (conc[mat][..., None] * micro).sum(axis=1)
    total = float(macro.sum())
    return total


# ---------------------------------------------------------------------------------------
# LBM-style D2Q9 stencil

_W9 = ", ".join(repr(w) for w in [4 / 9] + [1 / 9] * 4 + [1 / 36] * 4)

LBM_MLIR = """// LBM-style D2Q9 stream-and-collide (BGK, periodic), scf.parallel over cells.
memref.global "private" constant @lbm_cx : memref<9xi32> = dense<[0, 1, 0, -1, 0, 1, -1, -1, 1]>
memref.global "private" constant @lbm_cy : memref<9xi32> = dense<[0, 0, 1, 0, -1, 1, 1, -1, -1]>
memref.global "private" constant @lbm_w : memref<9xf64> = dense<[W9]>
func.func @lbm(%nx: index, %ny: index, %steps: index, %f: memref<?xf64>, %g: memref<?xf64>,
               %omega: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %z = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %three = arith.constant 3.0 : f64
  %f45 = arith.constant 4.5 : f64
  %f15 = arith.constant 1.5 : f64
  %cx = memref.get_global @lbm_cx : memref<9xi32>
  %cy = memref.get_global @lbm_cy : memref<9xi32>
  %w = memref.get_global @lbm_w : memref<9xf64>
  %plane = arith.muli %nx, %ny : index
  %nall = arith.muli %plane, %c9 : index
  scf.for %t = %c0 to %steps step %c1 {
    scf.parallel (%y, %x) = (%c0, %c0) to (%ny, %nx) step (%c1, %c1) {
      %rho, %jx, %jy = scf.for %q = %c0 to %c9 step %c1
          iter_args(%r = %z, %ax = %z, %ay = %z) -> (f64, f64, f64) {
        %cxq = memref.load %cx[%q] : memref<9xi32>
        %cyq = memref.load %cy[%q] : memref<9xi32>
        %cxi = arith.index_cast %cxq : i32 to index
        %cyi = arith.index_cast %cyq : i32 to index
        %xa = arith.addi %x, %nx : index
        %xb = arith.subi %xa, %cxi : index
        %xs = arith.remui %xb, %nx : index
        %ya = arith.addi %y, %ny : index
        %yb = arith.subi %ya, %cyi : index
        %ys = arith.remui %yb, %ny : index
        %qp = arith.muli %q, %ny : index
        %row = arith.addi %qp, %ys : index
        %rowx = arith.muli %row, %nx : index
        %src = arith.addi %rowx, %xs : index
        %fi = memref.load %f[%src] : memref<?xf64>
        %cxf = arith.sitofp %cxq : i32 to f64
        %cyf = arith.sitofp %cyq : i32 to f64
        %r2 = arith.addf %r, %fi : f64
        %px = arith.mulf %cxf, %fi : f64
        %ax2 = arith.addf %ax, %px : f64
        %py = arith.mulf %cyf, %fi : f64
        %ay2 = arith.addf %ay, %py : f64
        scf.yield %r2, %ax2, %ay2 : f64, f64, f64
      }
      %ux = arith.divf %jx, %rho : f64
      %uy = arith.divf %jy, %rho : f64
      %uxx = arith.mulf %ux, %ux : f64
      %uyy = arith.mulf %uy, %uy : f64
      %usq = arith.addf %uxx, %uyy : f64
      %usq15 = arith.mulf %f15, %usq : f64
      scf.for %q = %c0 to %c9 step %c1 {
        %cxq = memref.load %cx[%q] : memref<9xi32>
        %cyq = memref.load %cy[%q] : memref<9xi32>
        %cxi = arith.index_cast %cxq : i32 to index
        %cyi = arith.index_cast %cyq : i32 to index
        %xa = arith.addi %x, %nx : index
        %xb = arith.subi %xa, %cxi : index
        %xs = arith.remui %xb, %nx : index
        %ya = arith.addi %y, %ny : index
        %yb = arith.subi %ya, %cyi : index
        %ys = arith.remui %yb, %ny : index
        %qp = arith.muli %q, %ny : index
        %row = arith.addi %qp, %ys : index
        %rowx = arith.muli %row, %nx : index
        %src = arith.addi %rowx, %xs : index
        %fi = memref.load %f[%src] : memref<?xf64>
        %cxf = arith.sitofp %cxq : i32 to f64
        %cyf = arith.sitofp %cyq : i32 to f64
        %a = arith.mulf %cxf, %ux : f64
        %b = arith.mulf %cyf, %uy : f64
        %cu = arith.addf %a, %b : f64
        %cu3 = arith.mulf %three, %cu : f64
        %cu2 = arith.mulf %cu, %cu : f64
        %cu45 = arith.mulf %f45, %cu2 : f64
        %s1 = arith.addf %one, %cu3 : f64
        %s2 = arith.addf %s1, %cu45 : f64
        %s3 = arith.subf %s2, %usq15 : f64
        %wq = memref.load %w[%q] : memref<9xf64>
        %wr = arith.mulf %wq, %rho : f64
        %feq = arith.mulf %wr, %s3 : f64
        %dev = arith.subf %fi, %feq : f64
        %rel = arith.mulf %omega, %dev : f64
        %fo = arith.subf %fi, %rel : f64
        %drow = arith.addi %qp, %y : index
        %drowx = arith.muli %drow, %nx : index
        %dst = arith.addi %drowx, %x : index
        memref.store %fo, %g[%dst] : memref<?xf64>
      }
      scf.reduce
    }
    scf.parallel (%i) = (%c0) to (%nall) step (%c1) {
      %v = memref.load %g[%i] : memref<?xf64>
      memref.store %v, %f[%i] : memref<?xf64>
      scf.reduce
    }
  }
  %e = scf.parallel (%i) = (%c0) to (%nall) step (%c1) init (%z) -> f64 {
    %v = memref.load %f[%i] : memref<?xf64>
    %v2 = arith.mulf %v, %v : f64
    scf.reduce(%v2 : f64) {
    ^bb0(%p: f64, %q: f64):
      %r = arith.addf %p, %q : f64
      scf.reduce.return %r : f64
    }
  }
  func.return %e : f64
}
""".replace("W9", _W9)

_CX = np.array([0, 1, 0, -1, 0, 1, -1, -1, 1])
_CY = np.array([0, 0, 1, 0, -1, 1, 1, -1, -1])
_W = np.array([4 / 9] + [1 / 9] * 4 + [1 / 36] * 4)


def lbm_inputs(rng: np.random.Generator, size: str) -> list:
    nx, ny, steps = {"small": (5, 4, 2), "bench": (192, 192, 8), "gpu": (2048, 2048, 20)}[size]
    rho = 1.0 + 0.05 * rng.standard_normal((ny, nx))
    ux = 0.05 * rng.standard_normal((ny, nx))
    uy = 0.05 * rng.standard_normal((ny, nx))
    f = _equilibrium(rho, ux, uy)
    return [nx, ny, steps, f.reshape(-1), np.zeros(f.size), 1.2]


def _equilibrium(rho: np.ndarray, ux: np.ndarray, uy: np.ndarray) -> np.ndarray:
    cu = _CX[:, None, None] * ux + _CY[:, None, None] * uy
    usq = ux * ux + uy * uy
    return _W[:, None, None] * rho * (1 + 3 * cu + 4.5 * cu * cu - 1.5 * usq)


def lbm_reference(inp: list) -> float:
    nx, ny, steps, f, _, omega = inp
    f = np.asarray(f).reshape(9, ny, nx).copy()
    for _ in range(steps):
        fs = np.stack([np.roll(np.roll(f[q], _CY[q], axis=0), _CX[q], axis=1)
                       for q in range(9)])
        rho = fs.sum(axis=0)
        ux = (_CX[:, None, None] * fs).sum(axis=0) / rho
        uy = (_CY[:, None, None] * fs).sum(axis=0) / rho
        f = fs - omega * (fs - _equilibrium(rho, ux, uy))
    return float((f * f).sum())


KERNELS: dict[str, Kernel] = {
    "xsbench": Kernel(
        "xsbench", XSBENCH_MLIR, "xsbench",
        ["const", "const", "const", "const", "const", "dup", "const", "dup", "const", "const",
         "dup"],
        xsbench_inputs, xsbench_reference,
        "XSBench-style cross-section lookup: binary search + interpolation per nuclide"),
    "lbm": Kernel(
        "lbm", LBM_MLIR, "lbm", ["const", "const", "const", "dup", "dup", "active"],
        lbm_inputs, lbm_reference, "LBM-style D2Q9 stream-and-collide stencil"),
}
