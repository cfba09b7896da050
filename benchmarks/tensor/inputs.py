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
