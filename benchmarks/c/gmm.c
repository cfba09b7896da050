/* GMM objective in the ADBench style: negative log-likelihood of n points x
 * (n d) under a mixture of k Gaussians (log weights alphas, means (k d), and
 * inverse Cholesky factors icf (k d(d+1)/2): d log-diagonal entries then the
 * strictly-lower ones, column by column), plus a Wishart prior (gamma, m). */
#include <math.h>
#include <stdlib.h>

extern int enzyme_const, enzyme_dup, enzyme_dupnoneed, enzyme_out;
void __enzyme_autodiff(void *, ...);

static double arr_max(int n, const double *x) {
  double m = x[0];
  for (int i = 1; i < n; i++)
    if (x[i] > m)
      m = x[i];
  return m;
}

static double sqnorm(int n, const double *x) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += x[i] * x[i];
  return s;
}

static double log_sum_exp(int n, const double *x) {
  double mx = arr_max(n, x);
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += exp(x[i] - mx);
  return log(s) + mx;
}

/* log of the multivariate gamma function Gamma_p(a) */
static double log_gamma_distrib(double a, int p) {
  double out = 0.25 * p * (p - 1) * log(M_PI);
  for (int j = 1; j <= p; j++)
    out += lgamma(a + 0.5 * (1 - j));
  return out;
}

static double log_wishart_prior(int d, int k, double gamma, int m,
                                const double *sum_qs, const double *qdiags,
                                const double *icf) {
  int n = d + m + 1;
  int icf_sz = d * (d + 1) / 2;
  double c = n * d * (log(gamma) - 0.5 * log(2.0)) - log_gamma_distrib(0.5 * n, d);
  double out = 0.0;
  for (int ik = 0; ik < k; ik++) {
    double frob = sqnorm(d, qdiags + ik * d) + sqnorm(icf_sz - d, icf + ik * icf_sz + d);
    out += 0.5 * gamma * gamma * frob - m * sum_qs[ik];
  }
  return out - k * c;
}

/* out = Q x with Q lower triangular: diagonal qdiag, strictly-lower ltri */
static void qtimesx(int d, const double *qdiag, const double *ltri,
                    const double *x, double *out) {
  for (int i = 0; i < d; i++)
    out[i] = qdiag[i] * x[i];
  int l = 0;
  for (int i = 0; i < d; i++)
    for (int j = i + 1; j < d; j++) {
      out[j] += ltri[l] * x[i];
      l++;
    }
}

double gmm_objective(int d, int k, int n, const double *alphas,
                     const double *means, const double *icf, const double *x,
                     double wishart_gamma, int wishart_m) {
  int icf_sz = d * (d + 1) / 2;
  double *qdiags = malloc(d * k * sizeof(double));
  double *sum_qs = malloc(k * sizeof(double));
  double *xc = malloc(d * sizeof(double));
  double *qxc = malloc(d * sizeof(double));
  double *main_term = malloc(k * sizeof(double));
  for (int ik = 0; ik < k; ik++) {
    sum_qs[ik] = 0.0;
    for (int id = 0; id < d; id++) {
      double q = icf[ik * icf_sz + id];
      sum_qs[ik] += q;
      qdiags[ik * d + id] = exp(q);
    }
  }
  double slse = 0.0;
  for (int ix = 0; ix < n; ix++) {
    for (int ik = 0; ik < k; ik++) {
      for (int id = 0; id < d; id++)
        xc[id] = x[ix * d + id] - means[ik * d + id];
      qtimesx(d, qdiags + ik * d, icf + ik * icf_sz + d, xc, qxc);
      main_term[ik] = alphas[ik] + sum_qs[ik] - 0.5 * sqnorm(d, qxc);
    }
    slse += log_sum_exp(k, main_term);
  }
  double constant = -n * d * 0.5 * log(2.0 * M_PI);
  double err = constant + slse - n * log_sum_exp(k, alphas) +
               log_wishart_prior(d, k, wishart_gamma, wishart_m, sum_qs, qdiags, icf);
  free(qdiags);
  free(sum_qs);
  free(xc);
  free(qxc);
  free(main_term);
  return err;
}

/* gradient with respect to alphas, means and icf; the data and prior are const */
void gmm_gradient(int d, int k, int n, const double *alphas,
                        double *dalphas, const double *means, double *dmeans,
                        const double *icf, double *dicf, const double *x,
                        double wishart_gamma, int wishart_m) {
  __enzyme_autodiff((void *)gmm_objective, enzyme_const, d, enzyme_const, k,
                    enzyme_const, n, enzyme_dup, alphas, dalphas, enzyme_dup,
                    means, dmeans, enzyme_dup, icf, dicf, enzyme_const, x,
                    enzyme_const, wishart_gamma, enzyme_const, wishart_m);
}
