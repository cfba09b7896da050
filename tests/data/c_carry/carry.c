#include <math.h>
double carry(int n, int l, const double *w, double *state, const double *x) {
  const double *xp = x;
  for (int i = 0; i < l; i++) {
    for (int j = 0; j < n; j++)
      state[i * n + j] = sin(xp[j] * w[i * n + j]);
    xp = state + i * n;
  }
  double s = 0.0;
  for (int j = 0; j < n; j++)
    s += xp[j] * xp[j];
  return s;
}
