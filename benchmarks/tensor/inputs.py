"""Inputs of the tensor programs of this folder, and their values computed by numpy.

``gmm`` takes the ADBench GMM's inputs (``benchmarks/objectives.py``: ``icf`` packs
each inverse Cholesky factor's log-diagonal and strictly lower entries column by
column) unpacked into tensors: ``qs`` [K, D] and ``ls`` [K, D, D] (lower part dense);
``cst`` holds the constant terms.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent


def gmm_tensor_args(d: int, k: int, n: int, alphas: np.ndarray, means: np.ndarray,
                    icf: np.ndarray, x: np.ndarray, gamma: float, m: int) -> list:
    """The arguments of ``gmm.mlir``'s ``@gmm`` for the ADBench inputs."""
    icf = np.asarray(icf).reshape(k, d * (d + 1) // 2)
    qs = np.ascontiguousarray(icf[:, :d])
    ls = np.zeros((k, d, d))
    col, row = np.triu_indices(d, 1)  # column-major packing of the strictly lower part
    ls[:, row, col] = icf[:, d:]
    big_n = d + m + 1
    log_mv_gamma = 0.25 * d * (d - 1) * math.log(math.pi) + sum(
        math.lgamma(0.5 * big_n + 0.5 * (1 - j)) for j in range(1, d + 1))
    c = big_n * d * (math.log(gamma) - 0.5 * math.log(2.0)) - log_mv_gamma
    cst = -n * d * 0.5 * math.log(2.0 * math.pi) - k * c
    return [np.asarray(alphas, np.float64), np.asarray(means, np.float64).reshape(k, d),
            qs, ls, np.asarray(x, np.float64).reshape(n, d), float(gamma), float(m), cst]


def gmm_numpy(alphas: np.ndarray, means: np.ndarray, qs: np.ndarray, ls: np.ndarray,
              x: np.ndarray, gamma: float, m: float, cst: float) -> float:
    """``@gmm`` in numpy (the same formula, vectorized)."""
    n, _ = x.shape
    q = np.tril(ls, -1) + np.einsum("kd,de->kde", np.exp(qs), np.eye(qs.shape[1]))
    xc = x[:, None, :] - means[None]
    qx = np.einsum("kab,nkb->nka", q, xc)
    main = alphas[None] + qs.sum(1)[None] - 0.5 * np.sum(qx * qx, axis=2)
    mx = main.max(1)
    slse = np.sum(np.log(np.exp(main - mx[:, None]).sum(1)) + mx)
    am = alphas.max()
    lsea = np.log(np.exp(alphas - am).sum()) + am
    frob = np.sum(np.exp(qs) ** 2) + np.sum(np.tril(ls, -1) ** 2)
    return float(slse - n * lsea + 0.5 * gamma * gamma * frob - m * qs.sum() + cst)


def mlp_args(rng: np.random.Generator, batch: int = 64,
             sizes: tuple[int, ...] = (784, 512, 512, 10)) -> list:
    """``mlp.mlir``'s arguments: ``x`` then a weight and a bias per layer (f32)."""
    out = [rng.standard_normal((batch, sizes[0])).astype(np.float32)]
    for a, b in zip(sizes, sizes[1:], strict=False):
        out.append((rng.standard_normal((a, b)) / math.sqrt(a)).astype(np.float32))
        out.append((0.1 * rng.standard_normal(b)).astype(np.float32))
    return out


def mlp_numpy(x: np.ndarray, *params: np.ndarray) -> np.ndarray:
    h = x
    for i in range(0, len(params), 2):
        h = h @ params[i] + params[i + 1]
        if i + 2 < len(params):
            h = np.maximum(h, 0)
    return h


def chain_args(rng: np.random.Generator, n: int = 256) -> list:
    return [rng.standard_normal((n, n)).astype(np.float32) for _ in range(3)]


def chain_numpy(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    return (a @ b) @ c


# ---------------------------------------------------------------------------------------
# GMM variants (gen.py): full Q and packed Q


def gmm_full_args(*adbench: object) -> list:
    """``gmm_full.mlir``'s arguments: ``gmm.mlir``'s (``ls`` zero on and above the
    diagonal: the full product then computes the same value)."""
    return gmm_tensor_args(*adbench)  # type: ignore[arg-type]


def gmm_packed_args(d: int, k: int, n: int, alphas: np.ndarray, means: np.ndarray,
                    icf: np.ndarray, x: np.ndarray, gamma: float, m: int) -> list:
    """``gmm_packed.mlir``'s arguments: ``lp`` [K, D (D - 1) / 2], ADBench's packing."""
    args = gmm_tensor_args(d, k, n, alphas, means, icf, x, gamma, m)
    args[3] = np.ascontiguousarray(np.asarray(icf).reshape(k, d * (d + 1) // 2)[:, d:])
    return args


def gmm_packed_numpy(alphas: np.ndarray, means: np.ndarray, qs: np.ndarray, lp: np.ndarray,
                     x: np.ndarray, gamma: float, m: float, cst: float) -> float:
    k, d = qs.shape
    ls = np.zeros((k, d, d))
    col, row = np.triu_indices(d, 1)
    ls[:, row, col] = lp
    return gmm_numpy(alphas, means, qs, ls, x, gamma, m, cst)


def gmm_full_numpy(alphas: np.ndarray, means: np.ndarray, qs: np.ndarray, ls: np.ndarray,
                   x: np.ndarray, gamma: float, m: float, cst: float) -> float:
    """``gmm_full.mlir`` in numpy: ``ls`` used whole (no mask)."""
    n, _ = x.shape
    q = ls + np.einsum("kd,de->kde", np.exp(qs), np.eye(qs.shape[1]))
    xc = x[:, None, :] - means[None]
    qx = np.einsum("kab,nkb->nka", q, xc)
    main = alphas[None] + qs.sum(1)[None] - 0.5 * np.sum(qx * qx, axis=2)
    mx = main.max(1)
    slse = np.sum(np.log(np.exp(main - mx[:, None]).sum(1)) + mx)
    am = alphas.max()
    lsea = np.log(np.exp(alphas - am).sum()) + am
    frob = np.sum(np.exp(qs) ** 2) + np.sum(ls ** 2)
    return float(slse - n * lsea + 0.5 * gamma * gamma * frob - m * qs.sum() + cst)


# ---------------------------------------------------------------------------------------
# BA (gen.py): every observation


BA_SIZES = {"small": (3, 10, 20), "bench": (49, 7776, 31843)}  # n cams, m points, p obs
"""ADBench's ba1 (``ba1_n49_m7776_p31843``): its sizes, with random values."""


def ba_args(rng: np.random.Generator, n: int, m: int, p: int) -> list:
    """``ba.mlir``'s arguments: cams [n, 11], X [m, 3], w [p], obs [p, 2] (i32), feats."""
    cams = np.concatenate([rng.uniform(-0.4, 0.4, (n, 3)),
                           rng.uniform(-0.5, 0.5, (n, 3)) + np.array([0.0, 0.0, -5.0]),
                           rng.uniform(1.0, 2.0, (n, 1)), rng.uniform(-0.1, 0.1, (n, 2)),
                           rng.uniform(-0.05, 0.05, (n, 2))], axis=1)
    x = rng.uniform(-1.0, 1.0, (m, 3))
    w = rng.uniform(0.5, 1.5, p)
    obs = np.stack([np.arange(p) % n, rng.integers(0, m, p)], axis=1).astype(np.int32)
    obs[:min(p, m), 1] = np.arange(min(p, m))  # every point seen (while p allows)
    feats = rng.uniform(-0.5, 0.5, (p, 2))
    return [cams, x, w, obs, feats]


def ba_numpy(cams: np.ndarray, x: np.ndarray, w: np.ndarray, obs: np.ndarray,
             feats: np.ndarray) -> float:
    """``ba.mlir`` in numpy, vectorized over the observations (rotations nonzero)."""
    c = cams[obs[:, 0]]
    p = x[obs[:, 1]] - c[:, 3:6]
    rot = c[:, 0:3]
    theta = np.sqrt(np.sum(rot * rot, axis=1))[:, None]
    axis = rot / theta
    xcam = (p * np.cos(theta) + np.cross(axis, p) * np.sin(theta)
            + axis * np.sum(axis * p, axis=1, keepdims=True) * (1.0 - np.cos(theta)))
    proj = xcam[:, :2] / xcam[:, 2:3]
    rsq = np.sum(proj * proj, axis=1, keepdims=True)
    proj = proj * (1.0 + c[:, 9:10] * rsq + c[:, 10:11] * rsq * rsq) * c[:, 6:7] + c[:, 7:9]
    err = w[:, None] * (proj - feats)
    werr = 1.0 - w * w
    return float(np.sum(err * err) + np.sum(werr * werr))


# ---------------------------------------------------------------------------------------
# Hand (gen.py)


def hand_args(nb: int, nv: int, theta: np.ndarray, parents: np.ndarray, base_rel: np.ndarray,
              inv_base_abs: np.ndarray, verts: np.ndarray, weights: np.ndarray,
              targets: np.ndarray) -> list:
    """``hand.mlir``'s arguments from ``benchmarks/objectives.py``'s Hand inputs:
    transforms as 4x4 matrices, vertices homogeneous."""
    def full(a: np.ndarray) -> np.ndarray:
        out = np.zeros((nb, 4, 4))
        out[:, :3, :] = np.asarray(a).reshape(nb, 3, 4)
        out[:, 3, 3] = 1.0
        return out

    vh = np.concatenate([np.asarray(verts).reshape(nv, 3), np.ones((nv, 1))], axis=1)
    return [np.asarray(theta, np.float64), np.asarray(parents, np.int32), full(base_rel),
            full(inv_base_abs), vh, np.asarray(weights).reshape(nv, nb),
            np.asarray(targets).reshape(nv, 3)]


def _rodrigues(a: np.ndarray) -> np.ndarray:
    th2 = float(a @ a)
    k = np.array([[0.0, -a[2], a[1]], [a[2], 0.0, -a[0]], [-a[1], a[0], 0.0]])
    if th2 < 1e-12:
        return np.eye(3) + k
    th = math.sqrt(th2)
    k = k / th
    return np.eye(3) + math.sin(th) * k + (1.0 - math.cos(th)) * (k @ k)


def hand_numpy(theta: np.ndarray, parents: np.ndarray, base_rel: np.ndarray,
               inv_base_abs: np.ndarray, verts: np.ndarray, weights: np.ndarray,
               targets: np.ndarray) -> float:
    nb = len(parents)
    absolute = np.zeros((nb, 4, 4))
    for b in range(nb):
        rot = np.eye(4)
        rot[:3, :3] = _rodrigues(theta[3 + 3 * b: 6 + 3 * b])
        rel = base_rel[b] @ rot
        absolute[b] = rel if parents[b] < 0 else absolute[parents[b]] @ rel
    skin = absolute @ inv_base_abs
    moved = np.einsum("vb,bij,vj->vi", weights, skin[:, :3, :], verts) + theta[None, 0:3]
    r = moved - targets
    return float(np.sum(r * r))


# ---------------------------------------------------------------------------------------
# LSTM (gen.py)


def lstm_args(nl: int, c: int, b: int, main: np.ndarray, extra: np.ndarray,
              state: np.ndarray, seq: np.ndarray) -> list:
    """``lstm.mlir``'s arguments from ``benchmarks/objectives.py``'s LSTM inputs."""
    return [np.asarray(main).reshape(nl, 2, 4, b).copy(), np.asarray(extra).reshape(3, b).copy(),
            np.asarray(state).reshape(nl, 2, b).copy(), np.asarray(seq).reshape(c, b).copy()]


def lstm_numpy(main: np.ndarray, extra: np.ndarray, state: np.ndarray,
               seq: np.ndarray) -> float:
    def sig(v: np.ndarray) -> np.ndarray:
        return 1.0 / (1.0 + np.exp(-v))

    nl = main.shape[0]
    c, b = seq.shape
    st = state.copy()
    total = 0.0
    for t in range(c - 1):
        x = seq[t] * extra[0]
        for i in range(nl):
            w, bias = main[i, 0], main[i, 1]
            h, cell = st[i, 0], st[i, 1]
            cell = cell * sig(x * w[0] + bias[0]) + sig(h * w[1] + bias[1]) * np.tanh(
                h * w[3] + bias[3])
            h = sig(x * w[2] + bias[2]) * np.tanh(cell)
            st[i, 0], st[i, 1] = h, cell
            x = h
        ypred = x * extra[1] + extra[2]
        total += float(seq[t + 1] @ (ypred - math.log(float(np.sum(np.exp(ypred))) + 2.0)))
    return -total / ((c - 1) * b)


# ---------------------------------------------------------------------------------------
# MLP loss (gen.py)


def mlp_loss_args(rng: np.random.Generator, batch: int = 64) -> list:
    """``mlp_loss.mlir``'s arguments: x, one-hot labels y, then the layers' weights and
    biases (f32)."""
    x, *params = mlp_args(rng, batch)
    y = np.eye(10, dtype=np.float32)[rng.integers(0, 10, batch)]
    return [x, y, *params]


def mlp_loss_numpy(x: np.ndarray, y: np.ndarray, *params: np.ndarray) -> float:
    out = mlp_numpy(x, *params).astype(np.float64)
    mx = out.max(1, keepdims=True)
    lse = np.log(np.exp(out - mx).sum(1)) + mx[:, 0]
    return float((lse.sum() - np.sum(out * y)) / out.shape[0])


# ---------------------------------------------------------------------------------------
# Hand, complicated (gen.py)


def hand_complicated_args(rng: np.random.Generator, nb: int, nv: int, theta: np.ndarray,
                          parents: np.ndarray, base_rel: np.ndarray, inv_base_abs: np.ndarray,
                          verts: np.ndarray, weights: np.ndarray, targets: np.ndarray,
                          ntri: int | None = None, npts: int | None = None) -> list:
    """``hand_complicated.mlir``'s arguments: the simple Hand's mesh with random
    triangles (``ntri``, default ~2 per vertex as ADBench's 1084 for 544), one point per
    target (``npts``: the first ``npts`` targets) matched to a random triangle with
    random barycentric parameters."""
    simple = hand_args(nb, nv, theta, parents, base_rel, inv_base_abs, verts, weights,
                       targets)
    ntri = 2 * nv if ntri is None else ntri
    npts = nv if npts is None else npts
    tris = np.stack([rng.choice(nv, 3, replace=False) for _ in range(ntri)]).astype(np.int32)
    corr = rng.integers(0, ntri, npts).astype(np.int32)
    us = rng.uniform(0.0, 0.5, (npts, 2))
    points = np.asarray(targets).reshape(nv, 3)[:npts].copy()
    return [simple[0], us, *simple[1:6], tris, corr, points]


def hand_complicated_numpy(theta: np.ndarray, us: np.ndarray, parents: np.ndarray,
                           base_rel: np.ndarray, inv_base_abs: np.ndarray, verts: np.ndarray,
                           weights: np.ndarray, triangles: np.ndarray, corr: np.ndarray,
                           points: np.ndarray) -> float:
    nb = len(parents)
    absolute = np.zeros((nb, 4, 4))
    for b in range(nb):
        rot = np.eye(4)
        rot[:3, :3] = _rodrigues(theta[3 + 3 * b: 6 + 3 * b])
        rel = base_rel[b] @ rot
        absolute[b] = rel if parents[b] < 0 else absolute[parents[b]] @ rel
    skin = absolute @ inv_base_abs
    pos = np.einsum("vb,bij,vj->vi", weights, skin[:, :3, :], verts) + theta[None, 0:3]
    t = triangles[corr]
    u, v = us[:, 0:1], us[:, 1:2]
    hp = u * pos[t[:, 0]] + v * pos[t[:, 1]] + (1.0 - u - v) * pos[t[:, 2]]
    r = points - hp
    return float(np.sum(r * r))
