"""GMM objective (ADBench-style): negative log-likelihood of a Gaussian mixture.

Signature::

    @gmm(%d, %k, %n: index, %alphas: memref<?xf64> [k], %means: memref<?xf64> [k*d],
         %icf: memref<?xf64> [k*d(d+1)/2], %x: memref<?xf64> [n*d],
         %wishart_gamma: f64, %wishart_m: index) -> f64

``icf`` row ``k`` holds the ``d`` log-diagonal entries of the inverse Cholesky factor
``Q_k`` followed by its strictly-lower entries packed column by column.  The value is::

    sum_i logsumexp_k(alpha_k + sum(log diag Q_k) - 0.5 |Q_k (x_i - mu_k)|^2)
      - n logsumexp(alpha) + log_wishart_prior - n d/2 log(2 pi)

with the Wishart prior ``0.5 gamma^2 (|diag Q|^2 + |offdiag Q|^2) - m sum log diag Q - k C``,
``C = N d (log gamma - log(2)/2) - log Gamma_d(N/2)``, ``N = d + m + 1``.  The log-gamma of
the multivariate gamma function is computed in MLIR too (``@gmm_lgamma``: shift by 16
then Stirling's series); it only ever sees constants, so it is all inactive work.
"""

from __future__ import annotations

import math

from .emit import DYN1, Fn, module

LGAMMA_SHIFT = 16
# Stirling series coefficients B_{2k} / (2k (2k-1)) for k = 1..5
STIRLING = (1.0 / 12.0, -1.0 / 360.0, 1.0 / 1260.0, -1.0 / 1680.0, 1.0 / 1188.0)


def lgamma_fn() -> Fn:
    """``@gmm_lgamma(z) = log Gamma(z)`` for ``z > 0``."""
    f = Fn("gmm_lgamma", [("z", "f64")], private=True)
    z = f.arg("z")
    # log Gamma(z) = log Gamma(z + S) - sum_{j<S} log(z + j)
    def shift_term(j: str) -> str:
        return f.math("log", f.add(z, f.index_to_f64(j)))

    logs = f.sum_loop(f.i(0), f.i(LGAMMA_SHIFT), shift_term)
    w = f.add(z, f.f(float(LGAMMA_SHIFT)))
    # (w - 1/2) log w - w + log(2 pi)/2 + sum_k c_k / w^(2k-1)
    lw = f.math("log", w)
    s = f.sub(f.mul(f.sub(w, f.f(0.5)), lw), w)
    s = f.add(s, f.mul(f.f(0.5), f.math("log", f.f(2.0 * math.pi))))
    inv = f.div(f.f(1.0), w)
    inv2 = f.mul(inv, inv)
    p = inv
    for c in STIRLING:
        s = f.add(s, f.mul(f.f(c), p))
        p = f.mul(p, inv2)
    f.ret([f.sub(s, logs)])
    return f


def logsumexp_fn() -> Fn:
    """``@gmm_logsumexp(v, off, len) = log sum_j exp(v[off + j])`` (max-shifted)."""
    f = Fn("gmm_logsumexp", [("v", DYN1), ("off", "index"), ("len", "index")], private=True)
    v, off, ln = f.arg("v"), f.arg("off"), f.arg("len")
    first = f.load(v, off, tag="lse.first")
    (mx,) = f.for_(f.i(1), ln, inits=[first], tag="lse.max_loop",
                   body=lambda j, m: [f.max(m, f.load(v, f.add(off, j)), hint="mx")])
    s = f.sum_loop(f.i(0), ln, lambda j: f.math("exp", f.sub(f.load(v, f.add(off, j)), mx)),
                   tag="lse.sum_loop")
    f.ret([f.add(f.math("log", s, tag="lse.log"), mx, tag="lse.result")])
    return f


def gmm_fn(lse: Fn, lgamma: Fn) -> Fn:
    f = Fn("gmm", [("d", "index"), ("k", "index"), ("n", "index"), ("alphas", DYN1),
                   ("means", DYN1), ("icf", DYN1), ("x", DYN1), ("wishart_gamma", "f64"),
                   ("wishart_m", "index")])
    d, k, n = f.arg("d"), f.arg("k"), f.arg("n")
    alphas, means, icf, x = f.arg("alphas"), f.arg("means"), f.arg("icf"), f.arg("x")
    gamma, wm = f.arg("wishart_gamma"), f.arg("wishart_m")
    c0, c1 = f.i(0), f.i(1)

    # sizes and constants (integer / constant-only work)
    icf_sz = f.div(f.mul(d, f.add(d, c1)), f.i(2), tag="gmm.icf_size", hint="icfsz")
    nf, df, kf = f.index_to_f64(n, tag="gmm.n_float"), f.index_to_f64(d), f.index_to_f64(k)
    log2pi = f.math("log", f.f(2.0 * math.pi))
    constant = f.mul(f.neg(f.mul(nf, df)), f.mul(f.f(0.5), log2pi), tag="gmm.constant")

    # Qdiag = exp(log-diagonal), sum_qs[k] = sum of log-diagonal
    qdiag = f.alloc(DYN1, [f.mul(k, d)], hint="qdiag")
    sumq = f.alloc(DYN1, [k], hint="sumq")

    def diag_row(kk: str) -> None:
        base = f.mul(kk, icf_sz)

        def term(j: str) -> str:
            v = f.load(icf, f.add(base, j))
            f.store(f.math("exp", v), qdiag, f.add(f.mul(kk, d), j))
            return v

        f.store(f.sum_loop(c0, d, term), sumq, kk, tag="gmm.store_sumq")

    f.for_(c0, k, lambda kk: diag_row(kk), tag="gmm.diag_loop")

    # main term
    xc = f.alloc(DYN1, [d], hint="xc")
    qx = f.alloc(DYN1, [d], hint="qx")
    mt = f.alloc(DYN1, [k], hint="mt")

    def component(i: str, kk: str) -> None:
        xrow, mrow = f.mul(i, d), f.mul(kk, d)
        icf_row = f.mul(kk, icf_sz)

        def centre(j: str) -> None:
            xv = f.load(x, f.add(xrow, j), tag="gmm.load_x")
            mv = f.load(means, f.add(mrow, j))
            xcj = f.sub(xv, mv)
            f.store(xcj, xc, j)
            f.store(f.mul(f.load(qdiag, f.add(mrow, j)), xcj), qx, j)

        f.for_(c0, d, lambda j: centre(j))

        # strictly-lower part, packed column-major; the packed index is an iter_arg
        def column(col: str, li: str) -> list[str]:
            xcc = f.load(xc, col)

            def row(r: str, lj: str) -> list[str]:
                lv = f.load(icf, f.add(f.add(icf_row, d), lj))
                f.store(f.add(f.load(qx, r), f.mul(lv, xcc)), qx, r)
                return [f.add(lj, c1)]

            return f.for_(f.add(col, c1), d, row, inits=[li], hint="r")

        f.for_(c0, d, column, inits=[c0], hint="col")
        sq = f.sum_loop(c0, d, lambda j: (lambda q: f.mul(q, q))(f.load(qx, j)))
        a = f.add(f.load(alphas, kk), f.load(sumq, kk))
        f.store(f.sub(a, f.mul(f.f(0.5), sq)), mt, kk)

    def sample(i: str, acc: str) -> list[str]:
        f.for_(c0, k, lambda kk: component(i, kk))
        (lse_i,) = f.call(lse, [mt, c0, k], hint="lsek")
        return [f.add(acc, lse_i)]

    (slse,) = f.for_(c0, n, sample, inits=[f.f(0.0)], tag="gmm.sample_loop")
    (lse_alpha,) = f.call(lse, [alphas, c0, k], tag="gmm.lse_alphas", hint="lsea")

    # log Wishart prior
    mf = f.index_to_f64(wm)
    big_n = f.add(f.add(d, wm), c1)
    nnf = f.index_to_f64(big_n)
    half_n = f.mul(f.f(0.5), nnf)
    # log multivariate gamma: d(d-1)/4 log(pi) + sum_{j=1..d} lgamma(N/2 + (1-j)/2)
    lmg0 = f.mul(f.mul(f.f(0.25), f.mul(df, f.sub(df, f.f(1.0)))), f.math("log", f.f(math.pi)))

    def lg_term(j: str) -> str:
        jf = f.index_to_f64(f.add(j, c1))
        (g,) = f.call(lgamma, [f.add(half_n, f.mul(f.f(0.5), f.sub(f.f(1.0), jf)))],
                      hint="lg")
        return g

    lmg = f.sum_loop(c0, d, lg_term, init=lmg0, tag="gmm.lmgamma_loop")
    c_term = f.sub(f.mul(f.mul(nnf, df), f.sub(f.math("log", gamma),
                                                f.mul(f.f(0.5), f.math("log", f.f(2.0))))),
                   lmg, tag="gmm.wishart_C")

    def frob_row(kk: str, acc: str) -> list[str]:
        dsq = f.sum_loop(c0, d, lambda j: (lambda q: f.mul(q, q))(
            f.load(qdiag, f.add(f.mul(kk, d), j))))
        base = f.add(f.mul(kk, icf_sz), d)
        osq = f.sum_loop(c0, f.sub(icf_sz, d), lambda j: (lambda q: f.mul(q, q))(
            f.load(icf, f.add(base, j))))
        return [f.add(acc, f.add(dsq, osq))]

    (frob,) = f.for_(c0, k, frob_row, inits=[f.f(0.0)], tag="gmm.frob_loop")
    sum_sumq = f.sum_loop(c0, k, lambda kk: f.load(sumq, kk))
    prior = f.sub(f.mul(f.mul(f.f(0.5), f.mul(gamma, gamma)), frob), f.mul(mf, sum_sumq))
    prior = f.sub(prior, f.mul(kf, c_term), tag="gmm.prior")

    tot = f.add(constant, slse)
    tot = f.sub(tot, f.mul(nf, lse_alpha))
    tot = f.add(tot, prior, tag="gmm.total")
    for b in (qdiag, sumq, xc, qx, mt):
        f.dealloc(b)
    f.ret([tot])
    return f


def mlir() -> str:
    lse, lg = logsumexp_fn(), lgamma_fn()
    return module(__doc__.split("\n\n")[0] + "\nGenerated by benchmarks/programs/gmm.py.",
                  gmm_fn(lse, lg), lse, lg)
