/* Small ADBench-like objectives for `activity verify` on clang's llvm dialect. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* GMM-like: log-sum-exp of k component scores of one point. */
static double logsumexp(const double *v, int k) {
  double m = v[0];
  for (int i = 1; i < k; ++i)
    if (v[i] > m) m = v[i];
  double s = 0.0;
  for (int i = 0; i < k; ++i) s += exp(v[i] - m);
  return log(s) + m;
}

double gmm(const double *alphas, const double *means, const double *x, int k) {
  double *scores = (double *)malloc((size_t)k * sizeof(double));
  for (int j = 0; j < k; ++j) {
    double d = x[0] - means[j];
    scores[j] = alphas[j] - 0.5 * d * d;
  }
  double r = logsumexp(scores, k);
  free(scores);
  return r;
}

/* LSTM-like: a recurrence over n steps with a hidden state kept in a local array. */
double lstm(const double *w, const double *xs, int n) {
  double state[2];
  memset(state, 0, sizeof(state));
  for (int t = 0; t < n; ++t) {
    double f = 1.0 / (1.0 + exp(-(w[0] * xs[t] + w[1] * state[1])));
    state[0] = f * state[0] + (1.0 - f) * tanh(xs[t]);
    state[1] = tanh(state[0]);
  }
  return state[1];
}

/* BA-like: reprojection error of one point through a camera (rotation by angle,
 * focal length), written into err[0..1]. */
void ba(const double *cam, const double *pt, const double *obs, double *err) {
  double p[3];
  memcpy(p, pt, sizeof(p));
  double c = cos(cam[0]), s = sin(cam[0]);
  double px = c * p[0] - s * p[1] + cam[1];
  double py = s * p[0] + c * p[1] + cam[2];
  double pz = p[2] + cam[3];
  err[0] = cam[4] * px / pz - obs[0];
  err[1] = cam[4] * py / pz - obs[1];
}
