"""The tensor benchmark objectives in JAX, taking the arguments the MLIR functions of
this folder take (``inputs.py`` makes them), and their ``jax.jit(jax.grad)``.

``WRT[name]``: the positions the gradient is taken with respect to (the same for the
PyTorch versions and our gradients).  ``STATIC[name]``: arguments bound as numpy
constants (Hand's ``parents`` decides the bone chain's shape, as it does in a Python
loop); every other argument is passed to the jitted function at each call.
Set ``XLA_FLAGS`` before importing this module to pin XLA's threads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.special import logsumexp

jax.config.update("jax_enable_x64", True)

WRT: dict[str, tuple[int, ...]] = {
    "gmm_full": (0, 1, 2, 3), "gmm_tri": (0, 1, 2, 3), "gmm_packed": (0, 1, 2, 3),
    "ba": (0, 1, 2), "hand": (0,), "hand_c": (0, 1), "lstm": (0, 1, 2), "mlp": (2, 3, 4, 5, 6, 7),
}
STATIC: dict[str, tuple[int, ...]] = {"hand": (1,), "hand_c": (2,)}


def _gmm_core(alphas: Any, means: Any, qs: Any, q: Any, frob_l: Any, x: Any, gamma: Any,
              m: Any, cst: Any) -> Any:
    n = x.shape[0]
    xc = x[:, None, :] - means[None]
    qx = jnp.einsum("kab,nkb->nka", q, xc)
    main = alphas[None] + qs.sum(1)[None] - 0.5 * jnp.sum(qx * qx, axis=2)
    frob = jnp.sum(jnp.exp(qs) ** 2) + frob_l
    return (jnp.sum(logsumexp(main, axis=1)) - n * logsumexp(alphas)
            + 0.5 * gamma * gamma * frob - m * qs.sum() + cst)


def gmm_full(alphas: Any, means: Any, qs: Any, ls: Any, x: Any, gamma: Any, m: Any,
             cst: Any) -> Any:
    q = ls + jnp.exp(qs)[:, :, None] * jnp.eye(qs.shape[1])[None]
    return _gmm_core(alphas, means, qs, q, jnp.sum(ls * ls), x, gamma, m, cst)


def gmm_tri(alphas: Any, means: Any, qs: Any, ls: Any, x: Any, gamma: Any, m: Any,
            cst: Any) -> Any:
    low = jnp.tril(ls, -1)
    q = low + jnp.exp(qs)[:, :, None] * jnp.eye(qs.shape[1])[None]
    return _gmm_core(alphas, means, qs, q, jnp.sum(low * low), x, gamma, m, cst)


def gmm_packed(alphas: Any, means: Any, qs: Any, lp: Any, x: Any, gamma: Any, m: Any,
               cst: Any) -> Any:
    k, d = qs.shape
    col, row = np.triu_indices(d, 1)
    low = jnp.zeros((k, d, d), lp.dtype).at[:, row, col].set(lp)
    q = low + jnp.exp(qs)[:, :, None] * jnp.eye(d)[None]
    return _gmm_core(alphas, means, qs, q, jnp.sum(lp * lp), x, gamma, m, cst)


def ba(cams: Any, x: Any, w: Any, obs: Any, feats: Any) -> Any:
    c = cams[obs[:, 0]]
    p = x[obs[:, 1]] - c[:, 3:6]
    rot = c[:, 0:3]
    theta = jnp.sqrt(jnp.sum(rot * rot, axis=1))[:, None]
    axis = rot / theta
    xcam = (p * jnp.cos(theta) + jnp.cross(axis, p) * jnp.sin(theta)
            + axis * jnp.sum(axis * p, axis=1, keepdims=True) * (1.0 - jnp.cos(theta)))
    proj = xcam[:, :2] / xcam[:, 2:3]
    rsq = jnp.sum(proj * proj, axis=1, keepdims=True)
    proj = proj * (1.0 + c[:, 9:10] * rsq + c[:, 10:11] * rsq * rsq) * c[:, 6:7] + c[:, 7:9]
    err = w[:, None] * (proj - feats)
    werr = 1.0 - w * w
    return jnp.sum(err * err) + jnp.sum(werr * werr)


def _rodrigues(a: Any) -> Any:
    th = jnp.sqrt(a @ a)
    z = jnp.zeros((), a.dtype)
    k = jnp.array([[z, -a[2], a[1]], [a[2], z, -a[0]], [-a[1], a[0], z]]) / th
    return jnp.eye(3) + jnp.sin(th) * k + (1.0 - jnp.cos(th)) * (k @ k)


def _moved(theta: Any, parents: np.ndarray, base_rel: Any, inv_base_abs: Any, verts: Any,
           weights: Any) -> Any:
    absolute: list[Any] = []
    for b in range(len(parents)):
        rot = jnp.eye(4, dtype=theta.dtype).at[:3, :3].set(_rodrigues(theta[3 + 3 * b:6 + 3 * b]))
        rel = base_rel[b] @ rot
        p = int(parents[b])
        absolute.append(rel if p < 0 else absolute[p] @ rel)
    skin = jnp.stack(absolute) @ inv_base_abs
    return jnp.einsum("vb,bij,vj->vi", weights, skin[:, :3, :], verts) + theta[None, 0:3]


def hand(theta: Any, parents: np.ndarray, base_rel: Any, inv_base_abs: Any, verts: Any,
         weights: Any, targets: Any) -> Any:
    r = _moved(theta, parents, base_rel, inv_base_abs, verts, weights) - targets
    return jnp.sum(r * r)


def hand_c(theta: Any, us: Any, parents: np.ndarray, base_rel: Any, inv_base_abs: Any,
           verts: Any, weights: Any, triangles: Any, corr: Any, points: Any) -> Any:
    pos = _moved(theta, parents, base_rel, inv_base_abs, verts, weights)
    t = triangles[corr]
    u, v = us[:, 0:1], us[:, 1:2]
    r = points - (u * pos[t[:, 0]] + v * pos[t[:, 1]] + (1.0 - u - v) * pos[t[:, 2]])
    return jnp.sum(r * r)


def lstm(main: Any, extra: Any, state: Any, seq: Any) -> Any:
    nl = main.shape[0]
    c, b = seq.shape

    def step(st: Any, pair: Any) -> Any:
        xt, xnext = pair
        x = xt * extra[0]
        new = []
        for i in range(nl):
            w, bias = main[i, 0], main[i, 1]
            h, cell = st[i, 0], st[i, 1]
            cell = cell * jax.nn.sigmoid(x * w[0] + bias[0]) + jax.nn.sigmoid(
                h * w[1] + bias[1]) * jnp.tanh(h * w[3] + bias[3])
            h = jax.nn.sigmoid(x * w[2] + bias[2]) * jnp.tanh(cell)
            new.append(jnp.stack([h, cell]))
            x = h
        ypred = x * extra[1] + extra[2]
        ynorm = ypred - jnp.log(jnp.sum(jnp.exp(ypred)) + 2.0)
        return jnp.stack(new), xnext @ ynorm

    _, terms = jax.lax.scan(step, state, (seq[:-1], seq[1:]))
    return -jnp.sum(terms) / ((c - 1) * b)


def mlp(x: Any, y: Any, *params: Any) -> Any:
    h = x
    for i in range(0, len(params), 2):
        h = h @ params[i] + params[i + 1]
        if i + 2 < len(params):
            h = jnp.maximum(h, 0)
    return jnp.sum(logsumexp(h, axis=1) - jnp.sum(h * y, axis=1)) / h.shape[0]


FUNCS: dict[str, Callable[..., Any]] = {
    "gmm_full": gmm_full, "gmm_tri": gmm_tri, "gmm_packed": gmm_packed, "ba": ba,
    "hand": hand, "hand_c": hand_c, "lstm": lstm, "mlp": mlp}


def _split(name: str, args: list[Any]) -> tuple[Callable[..., Any], list[int]]:
    """``(g, dyn)``: ``FUNCS[name]`` as a function of the arguments at positions ``dyn``
    (the static ones bound)."""
    static = STATIC.get(name, ())
    dyn = [i for i in range(len(args)) if i not in static]
    f = FUNCS[name]

    def g(*d: Any) -> Any:
        full = list(args)
        for i, v in zip(dyn, d, strict=True):
            full[i] = v
        return f(*full)

    return g, dyn


def value(name: str, args: list[Any]) -> float:
    g, dyn = _split(name, args)
    return float(jax.jit(g)(*[args[i] for i in dyn]))


def gradient(name: str, args: list[Any]) -> tuple[Callable[..., Any], list[Any], Any]:
    """``(call, dev_args, jitted)``: ``call(*dev_args)`` returns the gradients (a tuple,
    in ``WRT`` order, ready), ``jitted`` the ``jax.jit(jax.grad)`` function (for
    ``lower(...).compile().memory_analysis()``)."""
    g, dyn = _split(name, args)
    argnums = tuple(dyn.index(i) for i in WRT[name])
    jg = jax.jit(jax.grad(g, argnums=argnums))
    dev = [jax.device_put(args[i]) if isinstance(args[i], np.ndarray) else args[i]
           for i in dyn]

    def call(*a: Any) -> Any:
        return jax.block_until_ready(jg(*a))

    return call, dev, jg

