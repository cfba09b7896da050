"""The tensor benchmark objectives in PyTorch, taking the arguments the MLIR functions
of this folder take (``inputs.py`` makes them), and their gradient by autograd.

``WRT`` and ``STATIC`` as in ``jax_objectives.py`` (Hand's ``parents`` stays a numpy
array: the bone chain is a Python loop).  Call ``torch.set_num_threads(1)`` first for
one thread.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import torch

WRT: dict[str, tuple[int, ...]] = {
    "gmm_full": (0, 1, 2, 3), "gmm_tri": (0, 1, 2, 3), "gmm_packed": (0, 1, 2, 3),
    "ba": (0, 1, 2), "hand": (0,), "hand_c": (0, 1), "lstm": (0, 1, 2), "mlp": (2, 3, 4, 5, 6, 7),
}
STATIC: dict[str, tuple[int, ...]] = {"hand": (1,), "hand_c": (2,)}


def _lse(v: Any, dim: int) -> Any:
    return torch.logsumexp(v, dim=dim)


def _gmm_core(alphas: Any, means: Any, qs: Any, q: Any, frob_l: Any, x: Any, gamma: float,
              m: float, cst: float) -> Any:
    n = x.shape[0]
    xc = x[:, None, :] - means[None]
    qx = torch.einsum("kab,nkb->nka", q, xc)
    main = alphas[None] + qs.sum(1)[None] - 0.5 * torch.sum(qx * qx, dim=2)
    frob = torch.sum(torch.exp(qs) ** 2) + frob_l
    return (torch.sum(_lse(main, 1)) - n * _lse(alphas, 0) + 0.5 * gamma * gamma * frob
            - m * qs.sum() + cst)


def _diag(qs: Any) -> Any:
    return torch.diag_embed(torch.exp(qs))


def gmm_full(alphas: Any, means: Any, qs: Any, ls: Any, x: Any, gamma: float, m: float,
             cst: float) -> Any:
    return _gmm_core(alphas, means, qs, ls + _diag(qs), torch.sum(ls * ls), x, gamma, m, cst)


def gmm_tri(alphas: Any, means: Any, qs: Any, ls: Any, x: Any, gamma: float, m: float,
            cst: float) -> Any:
    low = torch.tril(ls, -1)
    return _gmm_core(alphas, means, qs, low + _diag(qs), torch.sum(low * low), x, gamma, m,
                     cst)


def gmm_packed(alphas: Any, means: Any, qs: Any, lp: Any, x: Any, gamma: float, m: float,
               cst: float) -> Any:
    k, d = qs.shape
    col, row = np.triu_indices(d, 1)
    low = torch.zeros((k, d, d), dtype=lp.dtype)
    low = low.index_put((torch.arange(k)[:, None], torch.as_tensor(row)[None],
                         torch.as_tensor(col)[None]), lp)
    return _gmm_core(alphas, means, qs, low + _diag(qs), torch.sum(lp * lp), x, gamma, m, cst)


def ba(cams: Any, x: Any, w: Any, obs: Any, feats: Any) -> Any:
    c = cams[obs[:, 0]]
    p = x[obs[:, 1]] - c[:, 3:6]
    rot = c[:, 0:3]
    theta = torch.sqrt(torch.sum(rot * rot, dim=1))[:, None]
    axis = rot / theta
    xcam = (p * torch.cos(theta) + torch.cross(axis, p, dim=1) * torch.sin(theta)
            + axis * torch.sum(axis * p, dim=1, keepdim=True) * (1.0 - torch.cos(theta)))
    proj = xcam[:, :2] / xcam[:, 2:3]
    rsq = torch.sum(proj * proj, dim=1, keepdim=True)
    proj = proj * (1.0 + c[:, 9:10] * rsq + c[:, 10:11] * rsq * rsq) * c[:, 6:7] + c[:, 7:9]
    err = w[:, None] * (proj - feats)
    werr = 1.0 - w * w
    return torch.sum(err * err) + torch.sum(werr * werr)


def _rodrigues(a: Any) -> Any:
    th = torch.sqrt(a @ a)
    z = torch.zeros((), dtype=a.dtype)
    k = torch.stack([torch.stack([z, -a[2], a[1]]), torch.stack([a[2], z, -a[0]]),
                     torch.stack([-a[1], a[0], z])]) / th
    return torch.eye(3, dtype=a.dtype) + torch.sin(th) * k + (1.0 - torch.cos(th)) * (k @ k)


def _moved(theta: Any, parents: np.ndarray, base_rel: Any, inv_base_abs: Any, verts: Any,
           weights: Any) -> Any:
    absolute: list[Any] = []
    bottom = torch.zeros((1, 4), dtype=theta.dtype)
    bottom[0, 3] = 1.0
    right = torch.zeros((3, 1), dtype=theta.dtype)
    for b in range(len(parents)):
        rot = torch.cat([torch.cat([_rodrigues(theta[3 + 3 * b:6 + 3 * b]), right], 1),
                         bottom])
        rel = base_rel[b] @ rot
        p = int(parents[b])
        absolute.append(rel if p < 0 else absolute[p] @ rel)
    skin = torch.stack(absolute) @ inv_base_abs
    return torch.einsum("vb,bij,vj->vi", weights, skin[:, :3, :], verts) + theta[None, 0:3]


def hand(theta: Any, parents: np.ndarray, base_rel: Any, inv_base_abs: Any, verts: Any,
         weights: Any, targets: Any) -> Any:
    r = _moved(theta, parents, base_rel, inv_base_abs, verts, weights) - targets
    return torch.sum(r * r)


def hand_c(theta: Any, us: Any, parents: np.ndarray, base_rel: Any, inv_base_abs: Any,
           verts: Any, weights: Any, triangles: Any, corr: Any, points: Any) -> Any:
    pos = _moved(theta, parents, base_rel, inv_base_abs, verts, weights)
    t = triangles[corr]
    u, v = us[:, 0:1], us[:, 1:2]
    r = points - (u * pos[t[:, 0]] + v * pos[t[:, 1]] + (1.0 - u - v) * pos[t[:, 2]])
    return torch.sum(r * r)


def lstm(main: Any, extra: Any, state: Any, seq: Any) -> Any:
    nl = main.shape[0]
    c, b = seq.shape
    hs = [state[i, 0] for i in range(nl)]
    cs = [state[i, 1] for i in range(nl)]
    total = torch.zeros((), dtype=main.dtype)
    for t in range(c - 1):
        x = seq[t] * extra[0]
        for i in range(nl):
            w, bias = main[i, 0], main[i, 1]
            cs[i] = cs[i] * torch.sigmoid(x * w[0] + bias[0]) + torch.sigmoid(
                hs[i] * w[1] + bias[1]) * torch.tanh(hs[i] * w[3] + bias[3])
            hs[i] = torch.sigmoid(x * w[2] + bias[2]) * torch.tanh(cs[i])
            x = hs[i]
        ypred = x * extra[1] + extra[2]
        total = total + seq[t + 1] @ (ypred - torch.log(torch.sum(torch.exp(ypred)) + 2.0))
    return -total / ((c - 1) * b)


def mlp(x: Any, y: Any, *params: Any) -> Any:
    h = x
    for i in range(0, len(params), 2):
        h = h @ params[i] + params[i + 1]
        if i + 2 < len(params):
            h = torch.relu(h)
    return torch.sum(_lse(h, 1) - torch.sum(h * y, dim=1)) / h.shape[0]


FUNCS: dict[str, Callable[..., Any]] = {
    "gmm_full": gmm_full, "gmm_tri": gmm_tri, "gmm_packed": gmm_packed, "ba": ba,
    "hand": hand, "hand_c": hand_c, "lstm": lstm, "mlp": mlp}


def as_torch(name: str, args: list[Any]) -> list[Any]:
    """The arguments as torch tensors (int arrays as int64 indices; the static ones and
    scalars kept)."""
    static = STATIC.get(name, ())
    out: list[Any] = []
    for i, a in enumerate(args):
        if i in static or not isinstance(a, np.ndarray):
            out.append(a)
        elif a.dtype.kind in "iu":
            out.append(torch.from_numpy(a.astype(np.int64)))
        else:
            out.append(torch.from_numpy(a.copy()))
    return out


def value(name: str, args: list[Any]) -> float:
    with torch.no_grad():
        return float(FUNCS[name](*as_torch(name, args)))


def gradient(name: str, args: list[Any]) -> tuple[Callable[..., Any], list[Any]]:
    """``(call, targs)``: ``call(*targs)`` returns the gradients (a tuple of tensors, in
    ``WRT`` order) by ``torch.autograd.grad``."""
    f, wrt = FUNCS[name], WRT[name]

    def call(*a: Any) -> Any:
        full = list(a)
        for i in wrt:
            full[i] = a[i].detach().requires_grad_()
        return torch.autograd.grad(f(*full), [full[i] for i in wrt])

    return call, as_torch(name, args)
