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
* ``rsbench``: an RSBench-style multipole lookup: per lookup and nuclide, the poles of
  the window of sqrt(E) (its bounds loaded from a table), each through a two-pole
  rational approximation of the Faddeeva function in real pairs, on a background fit;
  differentiable in the poles, the fits and the concentrations.
* ``lulesh``: a LULESH-style Lagrangian step on hexahedra: per element the shape
  function derivatives, volume, pressure and corner forces; per node a gather of its
  corners' forces, velocity and position updates; differentiable in the initial
  coordinates and velocities and the elements' bulk moduli.

``checkpointed(kernel, K)`` marks a kernel's time loop (LBM, LULESH) for checkpointing
(``activity.ad.checkpoint``).  ``rsbench_eval``/``lulesh_eval`` compute the new kernels
on arrays with numpy or jax.numpy (the references and the JAX objectives).

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
from typing import Any

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


# ---------------------------------------------------------------------------------------
# A small SSA emitter: the RSBench- and LULESH-style kernels have long straight-line
# bodies (complex arithmetic in real pairs, a hexahedron's shape functions) written
# out op by op.


class _Emit:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.consts: dict[str, str] = {}
        self.n = 0
        self.indent = "  "

    def fresh(self, hint: str) -> str:
        self.n += 1
        return f"%{hint}{self.n}"

    def line(self, text: str) -> None:
        self.lines.append(self.indent + text)

    def f(self, x: float) -> str:
        """An f64 constant, defined once at the top of the function."""
        key = repr(float(x))
        if key not in self.consts:
            self.consts[key] = f"%cf{len(self.consts)}"
        return self.consts[key]

    def bin(self, name: str, a: str, b: str, t: str = "f64", hint: str = "v") -> str:
        r = self.fresh(hint)
        self.line(f"{r} = arith.{name} {a}, {b} : {t}")
        return r

    def add(self, a: str, b: str) -> str:
        return self.bin("addf", a, b)

    def sub(self, a: str, b: str) -> str:
        return self.bin("subf", a, b)

    def mul(self, a: str, b: str, name: str | None = None) -> str:
        """``a * b``; ``name``: the result's SSA name (unique), else a fresh one."""
        if name is None:
            return self.bin("mulf", a, b)
        self.line(f"%{name} = arith.mulf {a}, {b} : f64")
        return f"%{name}"

    def div(self, a: str, b: str) -> str:
        return self.bin("divf", a, b)

    def neg(self, a: str) -> str:
        r = self.fresh("v")
        self.line(f"{r} = arith.negf {a} : f64")
        return r

    def iadd(self, a: str, b: str) -> str:
        return self.bin("addi", a, b, "index", "i")

    def imul(self, a: str, b: str) -> str:
        return self.bin("muli", a, b, "index", "i")

    def load(self, mem: str, idx: str, t: str = "f64", hint: str = "ld") -> str:
        r = self.fresh(hint)
        self.line(f"{r} = memref.load {mem}[{idx}] : memref<?x{t}>")
        return r

    def load_index(self, mem: str, idx: str) -> str:
        """An i32 element, as an index."""
        v = self.load(mem, idx, "i32", "ld")
        r = self.fresh("ix")
        self.line(f"{r} = arith.index_cast {v} : i32 to index")
        return r

    def store(self, v: str, mem: str, idx: str) -> None:
        self.line(f"memref.store {v}, {mem}[{idx}] : memref<?xf64>")

    def const_lines(self) -> list[str]:
        return [f"  {n} = arith.constant {k} : f64" for k, n in self.consts.items()]


def _ci(n: int) -> str:
    """The index constant ``%cN`` (the kernels define the ones they use)."""
    return f"%c{n}"


# ---------------------------------------------------------------------------------------
# RSBench-style multipole lookup

# the two-pole rational approximation of the Faddeeva function w(z) that RSBench's
# fast_nuclear_W uses far from the origin: w(z) ~ i z (a / (z^2 - b) + c / (z^2 - d))
_FW_A = 0.512424224754768462984202823134979415014943561548661637413182
_FW_B = 0.275255128608410950901357962647054304017026259671664935783653
_FW_C = 0.051765358792987823963876628425793170829107067780337219430904
_FW_D = 2.724744871391589049098642037352945695982973740328335064216346
RS_CHANNELS = 3  # total, absorption, fission
POLE_WORDS = 8  # pole position E_a, residues r_t, r_a, r_f: four complex numbers


def _faddeeva(e: _Emit, zr: str, zi: str) -> tuple[str, str]:
    """``w(z)`` in real pairs: ``i z (a / (z^2 - b) + c / (z^2 - d))``."""
    z2r = e.sub(e.mul(zr, zr), e.mul(zi, zi))
    z2i = e.mul(e.f(2.0), e.mul(zr, zi))
    sr, si = None, None
    for num, pole in ((_FW_A, _FW_B), (_FW_C, _FW_D)):
        dr = e.sub(z2r, e.f(pole))
        den = e.add(e.mul(dr, dr), e.mul(z2i, z2i))
        s = e.div(e.f(num), den)  # num / (dr + i z2i) = num (dr - i z2i) / |.|^2
        qr, qi = e.mul(dr, s), e.neg(e.mul(z2i, s))
        sr = qr if sr is None else e.add(sr, qr)
        si = qi if si is None else e.add(si, qi)
    assert sr is not None and si is not None
    tr = e.sub(e.mul(zr, sr), e.mul(zi, si))
    ti = e.add(e.mul(zr, si), e.mul(zi, sr))
    return e.neg(ti), tr  # i * t


def _rsbench_mlir() -> str:
    e = _Emit()
    e.indent = "          "
    # the pole loop's body: z = (sqrt(E) - E_a) * doppler, w(z), sigma_x += Re(r_x w)
    pl = [e.load("%poles", f"%pw{j}") for j in range(POLE_WORDS)]
    zr = e.mul(e.sub("%se", pl[0]), "%dp")
    zi = e.mul(e.neg(pl[1]), "%dp")
    wr, wi = _faddeeva(e, zr, zi)
    accs = []
    for ch, acc in enumerate(("%bT", "%bA", "%bF")):
        rr, ri = pl[2 + 2 * ch], pl[3 + 2 * ch]
        re = e.sub(e.mul(rr, wr), e.mul(ri, wi))
        accs.append(e.add(acc, re))
    pole_body = "\n".join(e.lines)
    e.lines = []
    e.indent = "        "
    # the window's background: sigma_x = fit0 + fit1 * sqrt(E)
    bgs = []
    for ch in range(RS_CHANNELS):
        f0 = e.load("%fit", f"%fo{2 * ch}")
        f1 = e.load("%fit", f"%fo{2 * ch + 1}")
        bgs.append(e.add(f0, e.mul(f1, "%se")))
    bg_body = "\n".join(e.lines)
    consts = "\n".join(e.const_lines())
    fit_idx = "\n".join(f"        %fo{j} = arith.addi %fb, %c{j} : index"
                        for j in range(2 * RS_CHANNELS))
    pole_idx = "\n".join(f"          %pw{j} = arith.addi %pb, %c{j} : index"
                         for j in range(POLE_WORDS))
    return f"""// RSBench-style multipole cross-section lookup (scf.parallel over lookups):
// per nuclide, the poles of the energy's window, each through a rational Faddeeva
// approximation in real pairs, on top of the window's background fit.
func.func @rsbench(%n_win: index, %n_pole: index, %n_nuc: index, %n_look: index,
                   %poles: memref<?xf64>, %win: memref<?xi32>, %fit: memref<?xf64>,
                   %mat_nuc: memref<?xi32>, %conc: memref<?xf64>, %dopp: memref<?xf64>,
                   %energy: memref<?xf64>, %mat: memref<?xi32>, %out: memref<?xf64>) -> f64 {{
{chr(10).join(f"  %c{j} = arith.constant {j} : index" for j in range(POLE_WORDS + 1))}
  %z = arith.constant 0.0 : f64
{consts}
  %nw64 = arith.index_cast %n_win : index to i64
  %nwf = arith.sitofp %nw64 : i64 to f64
  %wlast = arith.subi %n_win, %c1 : index
  %total = scf.parallel (%l) = (%c0) to (%n_look) step (%c1) init (%z) -> f64 {{
    %e = memref.load %energy[%l] : memref<?xf64>
    %m32 = memref.load %mat[%l] : memref<?xi32>
    %m = arith.index_cast %m32 : i32 to index
    %mbase = arith.muli %m, %n_nuc : index
    %se = math.sqrt %e : f64
    %ew = arith.mulf %se, %nwf : f64
    %w64 = arith.fptosi %ew : f64 to i64
    %wi = arith.index_cast %w64 : i64 to index
    %wbig = arith.cmpi ugt, %wi, %wlast : index
    %w = arith.select %wbig, %wlast, %wi : index
    %sT, %sA, %sF = scf.for %k = %c0 to %n_nuc step %c1
        iter_args(%aT = %z, %aA = %z, %aF = %z) -> (f64, f64, f64) {{
      %slot = arith.addi %mbase, %k : index
      %nuc32 = memref.load %mat_nuc[%slot] : memref<?xi32>
      %nuc = arith.index_cast %nuc32 : i32 to index
      %cc = memref.load %conc[%slot] : memref<?xf64>
      %dp = memref.load %dopp[%nuc] : memref<?xf64>
      %nw = arith.muli %nuc, %n_win : index
      %wix = arith.addi %nw, %w : index
      %w2 = arith.muli %wix, %c2 : index
      %w3 = arith.addi %w2, %c1 : index
      %ws32 = memref.load %win[%w2] : memref<?xi32>
      %we32 = memref.load %win[%w3] : memref<?xi32>
      %ws = arith.index_cast %ws32 : i32 to index
      %we = arith.index_cast %we32 : i32 to index
      %fb = arith.muli %wix, %c6 : index
{fit_idx}
{bg_body}
      %pT, %pA, %pF = scf.for %p = %ws to %we step %c1
          iter_args(%bT = {bgs[0]}, %bA = {bgs[1]}, %bF = {bgs[2]}) -> (f64, f64, f64) {{
          %pn = arith.muli %nuc, %n_pole : index
          %pi = arith.addi %pn, %p : index
          %pb = arith.muli %pi, %c8 : index
{pole_idx}
{pole_body}
          scf.yield {accs[0]}, {accs[1]}, {accs[2]} : f64, f64, f64
      }}
      %cT = arith.mulf %cc, %pT : f64
      %cA = arith.mulf %cc, %pA : f64
      %cF = arith.mulf %cc, %pF : f64
      %aT2 = arith.addf %aT, %cT : f64
      %aA2 = arith.addf %aA, %cA : f64
      %aF2 = arith.addf %aF, %cF : f64
      scf.yield %aT2, %aA2, %aF2 : f64, f64, f64
    }}
    %ob = arith.muli %l, %c3 : index
    %ob1 = arith.addi %ob, %c1 : index
    %ob2 = arith.addi %ob, %c2 : index
    memref.store %sT, %out[%ob] : memref<?xf64>
    memref.store %sA, %out[%ob1] : memref<?xf64>
    memref.store %sF, %out[%ob2] : memref<?xf64>
    %s1 = arith.addf %sT, %sA : f64
    %s2 = arith.addf %s1, %sF : f64
    scf.reduce(%s2 : f64) {{
    ^bb0(%p0: f64, %q0: f64):
      %r = arith.addf %p0, %q0 : f64
      scf.reduce.return %r : f64
    }}
  }}
  func.return %total : f64
}}
"""


RSBENCH_MLIR = _rsbench_mlir()


def rsbench_inputs(rng: np.random.Generator, size: str) -> list:
    n_nucl, n_pole, n_win, n_mat, n_nuc, n_look = {
        "small": (4, 12, 3, 3, 3, 10),
        "bench": (68, 1000, 100, 12, 34, 10000),
        "gpu": (68, 1000, 100, 12, 34, 1_000_000),
    }[size]
    # poles sorted by the real part of their position (in sqrt(E)); window w of a
    # nuclide, sqrt(E) in [w / n_win, (w + 1) / n_win), holds the poles of that stretch
    # and a few either side (RSBench's windows overlap), so window sizes vary
    ea_re = np.sort(rng.uniform(0.0, 1.0, size=(n_nucl, n_pole)), axis=1)
    ea_im = rng.uniform(0.2, 0.5, size=(n_nucl, n_pole))
    res = rng.uniform(-1.0, 1.0, size=(n_nucl, n_pole, 6))
    poles = np.concatenate([ea_re[..., None], ea_im[..., None], res], axis=2)
    win = np.zeros((n_nucl, n_win, 2), np.int32)
    for u in range(n_nucl):
        edges = np.arange(n_win + 1) / n_win
        lo = np.searchsorted(ea_re[u], edges[:-1]) - rng.integers(0, 3, n_win)
        hi = np.searchsorted(ea_re[u], edges[1:]) + rng.integers(0, 3, n_win)
        win[u, :, 0] = np.clip(lo, 0, n_pole)
        win[u, :, 1] = np.clip(hi, 0, n_pole)
    fit = rng.uniform(0.1, 1.0, size=(n_nucl, n_win, RS_CHANNELS, 2))
    mat_nuc = np.stack([rng.choice(n_nucl, size=n_nuc, replace=False)
                        for _ in range(n_mat)]).astype(np.int32)
    conc = rng.uniform(0.1, 1.0, size=(n_mat, n_nuc))
    dopp = rng.uniform(1.0, 2.0, size=n_nucl)
    energy = rng.uniform(0.0, 1.0, size=n_look)
    mat = rng.integers(0, n_mat, size=n_look).astype(np.int32)
    out = np.zeros(n_look * RS_CHANNELS)
    return [n_win, n_pole, n_nuc, n_look, poles.reshape(-1), win.reshape(-1),
            fit.reshape(-1), mat_nuc.reshape(-1), conc.reshape(-1), dopp, energy, mat, out]


def rsbench_width(inp: list) -> int:
    """The most poles any window holds (the padded width of :func:`rsbench_tables`)."""
    win = np.asarray(inp[5]).reshape(-1, 2)
    return max(int((win[:, 1] - win[:, 0]).max()), 1)


def rsbench_tables(xp: Any, win: Any, mat_nuc: Any, energy: Any, mat: Any, n_win: int,
                   n_pole: int, n_nuc: int, width: int) -> dict:
    """The integer work of a lookup set (no derivative): per (lookup, nuclide slot)
    the nuclide, its window and the window's pole numbers padded to ``width``
    (``mask`` marks the real ones).  ``xp``: numpy, or jax.numpy inside JAX's
    objective."""
    win = win.reshape(-1, n_win, 2).astype(xp.int64)
    nuc = mat_nuc.reshape(-1, n_nuc)[mat].astype(xp.int64)  # (L, K)
    w = xp.minimum((xp.sqrt(energy) * n_win).astype(xp.int64), n_win - 1)[:, None]
    lo, hi = win[nuc, w, 0], win[nuc, w, 1]
    j = xp.arange(width)
    mask = j < (hi - lo)[..., None]
    pidx = xp.where(mask, lo[..., None] + j, 0)  # (L, K, J)
    return {"nuc": nuc, "w": w, "pole": nuc[..., None] * n_pole + pidx, "mask": mask,
            "slot": mat[:, None].astype(xp.int64) * n_nuc + xp.arange(n_nuc),
            "n_win": n_win}


def rsbench_eval(xp: Any, poles: Any, fit: Any, conc: Any, t: dict, dopp: Any,
                 energy: Any) -> Any:
    """The kernel's result from the tables of :func:`rsbench_tables`, in complex
    arithmetic (``xp``: numpy, or jax.numpy for the JAX objective)."""
    p = poles.reshape(-1, POLE_WORDS)[t["pole"]]  # (L, K, J, 8)
    se = xp.sqrt(energy)[:, None, None]
    z = (se - (p[..., 0] + 1j * p[..., 1])) * dopp[t["nuc"]][..., None]
    z2 = z * z
    w = 1j * z * (_FW_A / (z2 - _FW_B) + _FW_C / (z2 - _FW_D))
    f = fit.reshape(-1, t["n_win"], RS_CHANNELS, 2)[t["nuc"], t["w"]]  # (L, K, 3, 2)
    total = 0.0
    for ch in range(RS_CHANNELS):
        r = p[..., 2 + 2 * ch] + 1j * p[..., 3 + 2 * ch]
        sig = xp.sum(xp.where(t["mask"], xp.real(r * w), 0.0), axis=-1)
        sig = sig + f[..., ch, 0] + f[..., ch, 1] * se[..., 0]
        total = total + xp.sum(conc[t["slot"]] * sig)
    return total


def rsbench_reference(inp: list) -> float:
    n_win, n_pole, n_nuc = inp[:3]
    t = rsbench_tables(np, np.asarray(inp[5]), np.asarray(inp[7]), np.asarray(inp[10]),
                       np.asarray(inp[11]), n_win, n_pole, n_nuc, rsbench_width(inp))
    return float(rsbench_eval(np, np.asarray(inp[4]), np.asarray(inp[6]),
                              np.asarray(inp[8]), t, np.asarray(inp[9]),
                              np.asarray(inp[10])))
# ---------------------------------------------------------------------------------------
# LULESH-style hexahedral Lagrangian step

# LULESH's local node numbering of a hexahedron: corners (0,0,0) (1,0,0) (1,1,0) (0,1,0)
# and the same at z = 1
_HEX = [(0, 0, 0), (1, 0, 0), (1, 1, 0), (0, 1, 0), (0, 0, 1), (1, 0, 1), (1, 1, 1), (0, 1, 1)]


def _shape_derivatives(e: Any, x: list, y: list, z: list) -> tuple[list, list, list, Any]:
    """LULESH's CalcElemShapeFunctionDerivatives: the Jacobian's columns, its cofactors,
    the derivatives ``B`` of the volume with respect to the eight corners' coordinates,
    and the volume.  ``e``: an :class:`_Emit` (MLIR) or :class:`_Arr` (arrays)."""
    def jac(c: list, d: str) -> tuple[Any, Any, Any]:
        d60, d53 = e.sub(c[6], c[0]), e.sub(c[5], c[3])
        d71, d42 = e.sub(c[7], c[1]), e.sub(c[4], c[2])
        xi = e.mul(e.f(0.125), e.sub(e.sub(e.add(d60, d53), d71), d42), name=f"fj{d}xi")
        et = e.mul(e.f(0.125), e.sub(e.add(e.sub(d60, d53), d71), d42), name=f"fj{d}et")
        ze = e.mul(e.f(0.125), e.add(e.add(e.add(d60, d53), d71), d42), name=f"fj{d}ze")
        return xi, et, ze

    (xxi, xet, xze), (yxi, yet, yze), (zxi, zet, zze) = jac(x, "x"), jac(y, "y"), jac(z, "z")

    def cof(a1: Any, b1: Any, a2: Any, b2: Any) -> Any:  # a1 * b1 - a2 * b2
        return e.sub(e.mul(a1, b1), e.mul(a2, b2))

    cxxi, cxet, cxze = cof(yet, zze, zet, yze), cof(zxi, yze, yxi, zze), cof(yxi, zet, zxi, yet)
    cyxi, cyet, cyze = cof(zet, xze, xet, zze), cof(xxi, zze, zxi, xze), cof(zxi, xet, xxi, zet)
    czxi, czet, czze = cof(xet, yze, yet, xze), cof(yxi, xze, xxi, yze), cof(xxi, yet, yxi, xet)

    def b_row(cxi: Any, cet: Any, cze: Any) -> list:
        b0 = e.sub(e.sub(e.neg(cxi), cet), cze)
        b1 = e.sub(e.sub(cxi, cet), cze)
        b2 = e.sub(e.add(cxi, cet), cze)
        b3 = e.sub(e.add(e.neg(cxi), cet), cze)
        return [b0, b1, b2, b3, e.neg(b2), e.neg(b3), e.neg(b0), e.neg(b1)]

    bx, by, bz = b_row(cxxi, cxet, cxze), b_row(cyxi, cyet, cyze), b_row(czxi, czet, czze)
    vol = e.mul(e.f(8.0), e.add(e.add(e.mul(xet, cxet), e.mul(yet, cyet)), e.mul(zet, czet)))
    return bx, by, bz, vol


class _Arr:
    """The arithmetic :func:`_shape_derivatives` uses, on arrays (numpy or jax.numpy)."""

    @staticmethod
    def f(x: float) -> float:
        return x

    add = staticmethod(lambda a, b: a + b)
    sub = staticmethod(lambda a, b: a - b)
    mul = staticmethod(lambda a, b, name=None: a * b)
    neg = staticmethod(lambda a: -a)


def _lulesh_mlir() -> str:
    e = _Emit()
    e.indent = "      "
    xs, ys, zs = [], [], []
    for i in range(8):
        n = e.load_index("%nodelist", f"%eb{i}")
        xs.append(e.load("%x", n))
        ys.append(e.load("%y", n))
        zs.append(e.load("%z", n))
    bx, by, bz, vol = _shape_derivatives(e, xs, ys, zs)
    v0 = e.load("%v0", "%el")
    ke = e.load("%k", "%el")
    # the pressure of a linear equation of state in the relative volume, and LULESH's
    # IntegrateStressForElems: f_i = -sigma * B_i with sigma = -p
    p = e.mul(ke, e.sub(e.div(v0, vol), e.f(1.0)))
    for i in range(8):
        for d, b in enumerate((bx, by, bz)):
            e.store(e.mul(p, b[i]), "%fe", f"%fo{i}_{d}")
    elem_body = "\n".join(e.lines)
    consts = "\n".join(e.const_lines())
    eb = "\n".join(f"      %eb{i} = arith.addi %e8, %c{i} : index" for i in range(8))
    fo = "\n".join(f"      %fo{i}_{d} = arith.addi %e24, %c{3 * i + d} : index"
                   for i in range(8) for d in range(3))
    cs = "\n".join(f"  %c{j} = arith.constant {j} : index" for j in range(25))
    return f"""// LULESH-style Lagrangian hydro step on hexahedra: per element (scf.parallel) the
// shape function derivatives, volume, pressure and corner forces; per node
// (scf.parallel) a gather of its corners' forces, then velocity and position updates.
func.func @lulesh(%n_elem: index, %n_node: index, %steps: index, %nodelist: memref<?xi32>,
                  %x: memref<?xf64>, %y: memref<?xf64>, %z: memref<?xf64>,
                  %xd: memref<?xf64>, %yd: memref<?xf64>, %zd: memref<?xf64>,
                  %k: memref<?xf64>, %v0: memref<?xf64>, %mass: memref<?xf64>,
                  %nstart: memref<?xi32>, %ncorner: memref<?xi32>, %fe: memref<?xf64>,
                  %dt: f64) -> f64 {{
{cs}
  %zero = arith.constant 0.0 : f64
  %half = arith.constant 0.5 : f64
{consts}
  scf.for %t = %c0 to %steps step %c1 {{
    scf.parallel (%el) = (%c0) to (%n_elem) step (%c1) {{
      %e8 = arith.muli %el, %c8 : index
      %e24 = arith.muli %el, %c24 : index
{eb}
{fo}
{elem_body}
      scf.reduce
    }}
    scf.parallel (%nd) = (%c0) to (%n_node) step (%c1) {{
      %nd1 = arith.addi %nd, %c1 : index
      %s32 = memref.load %nstart[%nd] : memref<?xi32>
      %t32 = memref.load %nstart[%nd1] : memref<?xi32>
      %cs = arith.index_cast %s32 : i32 to index
      %ce = arith.index_cast %t32 : i32 to index
      %fx, %fy, %fz = scf.for %cn = %cs to %ce step %c1
          iter_args(%ax = %zero, %ay = %zero, %az = %zero) -> (f64, f64, f64) {{
        %cr32 = memref.load %ncorner[%cn] : memref<?xi32>
        %cr = arith.index_cast %cr32 : i32 to index
        %cb = arith.muli %cr, %c3 : index
        %cb1 = arith.addi %cb, %c1 : index
        %cb2 = arith.addi %cb, %c2 : index
        %gx = memref.load %fe[%cb] : memref<?xf64>
        %gy = memref.load %fe[%cb1] : memref<?xf64>
        %gz = memref.load %fe[%cb2] : memref<?xf64>
        %ax2 = arith.addf %ax, %gx : f64
        %ay2 = arith.addf %ay, %gy : f64
        %az2 = arith.addf %az, %gz : f64
        scf.yield %ax2, %ay2, %az2 : f64, f64, f64
      }}
      %m = memref.load %mass[%nd] : memref<?xf64>
      %dtm = arith.divf %dt, %m : f64
      %xd0 = memref.load %xd[%nd] : memref<?xf64>
      %yd0 = memref.load %yd[%nd] : memref<?xf64>
      %zd0 = memref.load %zd[%nd] : memref<?xf64>
      %dvx = arith.mulf %fx, %dtm : f64
      %dvy = arith.mulf %fy, %dtm : f64
      %dvz = arith.mulf %fz, %dtm : f64
      %xd1 = arith.addf %xd0, %dvx : f64
      %yd1 = arith.addf %yd0, %dvy : f64
      %zd1 = arith.addf %zd0, %dvz : f64
      memref.store %xd1, %xd[%nd] : memref<?xf64>
      memref.store %yd1, %yd[%nd] : memref<?xf64>
      memref.store %zd1, %zd[%nd] : memref<?xf64>
      %x0 = memref.load %x[%nd] : memref<?xf64>
      %y0 = memref.load %y[%nd] : memref<?xf64>
      %z0 = memref.load %z[%nd] : memref<?xf64>
      %dx = arith.mulf %xd1, %dt : f64
      %dy = arith.mulf %yd1, %dt : f64
      %dz = arith.mulf %zd1, %dt : f64
      %x1 = arith.addf %x0, %dx : f64
      %y1 = arith.addf %y0, %dy : f64
      %z1 = arith.addf %z0, %dz : f64
      memref.store %x1, %x[%nd] : memref<?xf64>
      memref.store %y1, %y[%nd] : memref<?xf64>
      memref.store %z1, %z[%nd] : memref<?xf64>
      scf.reduce
    }}
  }}
  %ke = scf.parallel (%nd) = (%c0) to (%n_node) step (%c1) init (%zero) -> f64 {{
    %m = memref.load %mass[%nd] : memref<?xf64>
    %u = memref.load %xd[%nd] : memref<?xf64>
    %v = memref.load %yd[%nd] : memref<?xf64>
    %w = memref.load %zd[%nd] : memref<?xf64>
    %uu = arith.mulf %u, %u : f64
    %vv = arith.mulf %v, %v : f64
    %ww = arith.mulf %w, %w : f64
    %s1 = arith.addf %uu, %vv : f64
    %s2 = arith.addf %s1, %ww : f64
    %hm = arith.mulf %half, %m : f64
    %en = arith.mulf %hm, %s2 : f64
    scf.reduce(%en : f64) {{
    ^bb0(%p0: f64, %q0: f64):
      %r = arith.addf %p0, %q0 : f64
      scf.reduce.return %r : f64
    }}
  }}
  func.return %ke : f64
}}
"""


LULESH_MLIR = _lulesh_mlir()


def lulesh_inputs(rng: np.random.Generator, size: str) -> list:
    ne, steps = {"small": (2, 2), "bench": (24, 4), "gpu": (96, 8)}[size]
    nn = ne + 1
    h = 1.0 / ne
    g = np.arange(nn) * h
    X, Y, Z = np.meshgrid(g, g, g, indexing="ij")  # node (i, j, k) -> (i * nn + j) * nn + k
    x, y, z = (a.reshape(-1) + 0.1 * h * rng.standard_normal(nn ** 3) for a in (X, Y, Z))
    ei, ej, ek = (a.reshape(-1) for a in np.meshgrid(*(np.arange(ne),) * 3, indexing="ij"))
    nodelist = np.stack([((ei + a) * nn + ej + b) * nn + ek + c for a, b, c in _HEX],
                        axis=1).astype(np.int32)  # (n_elem, 8)
    n_elem, n_node = ne ** 3, nn ** 3
    v0 = np.full(n_elem, h ** 3)
    mass = np.zeros(n_node)
    np.add.at(mass, nodelist.reshape(-1), np.repeat(v0 / 8, 8))
    k = rng.uniform(0.5, 1.5, n_elem)
    # node -> its corners (element * 8 + local corner), compressed rows
    order = np.argsort(nodelist.reshape(-1), kind="stable")
    counts = np.bincount(nodelist.reshape(-1), minlength=n_node)
    nstart = np.concatenate([[0], np.cumsum(counts)]).astype(np.int32)
    ncorner = order.astype(np.int32)
    dt = 0.05 * h
    return [n_elem, n_node, steps, nodelist.reshape(-1), x, y, z, np.zeros(n_node),
            np.zeros(n_node), np.zeros(n_node), k, v0, mass, nstart, ncorner,
            np.zeros(24 * n_elem), dt]


def lulesh_tables(inp: list) -> dict:
    """Index tables: the elements' nodes, and every node's corners padded to eight with
    an index of a zero slot past the last corner."""
    n_elem = inp[0]
    nstart, ncorner = np.asarray(inp[13]), np.asarray(inp[14])
    j = np.arange(8)
    pad = np.where(j < np.diff(nstart)[:, None], nstart[:-1, None] + j, len(ncorner))
    corners = np.concatenate([ncorner, [8 * n_elem]])[pad]
    return {"nodes": np.asarray(inp[3]).reshape(n_elem, 8), "corners": corners}


def lulesh_eval(xp: Any, x: Any, y: Any, z: Any, k: Any, t: dict, v0: Any, mass: Any,
                steps: int, dt: float) -> Any:
    """The kernel's result on arrays (``xp``: numpy, or jax.numpy for JAX)."""
    nodes, corners = t["nodes"], t["corners"]
    xd = yd = zd = xp.zeros_like(x)
    for _ in range(steps):
        bx, by, bz, vol = _shape_derivatives(_Arr, [x[nodes[:, i]] for i in range(8)],
                                             [y[nodes[:, i]] for i in range(8)],
                                             [z[nodes[:, i]] for i in range(8)])
        p = k * (v0 / vol - 1.0)
        fx, fy, fz = ([p * b[i] for i in range(8)] for b in (bx, by, bz))
        zero = xp.zeros(1)
        gx, gy, gz = (xp.concatenate([xp.stack(f, axis=1).reshape(-1), zero])[corners]
                      .sum(axis=1) for f in (fx, fy, fz))
        xd, yd, zd = xd + gx * (dt / mass), yd + gy * (dt / mass), zd + gz * (dt / mass)
        x, y, z = x + xd * dt, y + yd * dt, z + zd * dt
    return xp.sum(0.5 * mass * (xd * xd + yd * yd + zd * zd))


def lulesh_reference(inp: list) -> float:
    return float(lulesh_eval(np, np.asarray(inp[4]), np.asarray(inp[5]), np.asarray(inp[6]),
                             np.asarray(inp[10]), lulesh_tables(inp), np.asarray(inp[11]),
                             np.asarray(inp[12]), inp[2], inp[16]))


def checkpointed(k: Kernel, every: int | None = None) -> Kernel:
    """``k`` with its time loop (the top-level ``scf.for %t``: LBM, LULESH) marked
    ``{activity.checkpoint}`` (``= every``): differentiated with snapshots every K
    iterations and replays instead of a tape per iteration (``activity.ad.checkpoint``)."""
    lines = k.mlir.splitlines()
    i = next(i for i, ln in enumerate(lines) if ln.lstrip().startswith("scf.for %t "))
    ind = lines[i][:len(lines[i]) - len(lines[i].lstrip())]
    j = next(j for j in range(i + 1, len(lines)) if lines[j] == ind + "}")
    attr = "activity.checkpoint" + ("" if every is None else f" = {every} : i64")
    lines[j] = f"{ind}}} {{{attr}}}"
    return Kernel(k.name, "\n".join(lines) + "\n", k.func, k.args, k.make_inputs,
                  k.reference, k.description + " (time loop checkpointed)")


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
    "rsbench": Kernel(
        "rsbench", RSBENCH_MLIR, "rsbench",
        ["const", "const", "const", "const", "dup", "const", "dup", "const", "dup", "const",
         "const", "const", "dup"],
        rsbench_inputs, rsbench_reference,
        "RSBench-style multipole lookup: window poles through a rational Faddeeva "
        "approximation, complex arithmetic in real pairs"),
    "lulesh": Kernel(
        "lulesh", LULESH_MLIR, "lulesh",
        ["const", "const", "const", "const", "dup", "dup", "dup", "dup", "dup", "dup", "dup",
         "const", "const", "const", "const", "dup", "const"],
        lulesh_inputs, lulesh_reference,
        "LULESH-style hexahedral element forces (shape function derivatives, pressure) and "
        "node velocity/position updates, corner forces gathered per node"),
}
