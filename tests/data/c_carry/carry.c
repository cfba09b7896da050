/* Pointers carried round loops of blocks, as clang -O1/-O2 leave them.
 * carry: LSTM's layers (`xp = state + i * n` read by the next layer): the loop
 * header's pointer argument comes from x on entry and from state on the back edge.
 * swap: double buffering -- src and dst trade places every step (refused).
 * scratch: a malloc in a loop of blocks, used in other blocks (LSTM's gates).
 * keep: a pointer set on some iterations only (undef on entry, a select of itself
 * and x + idx[i] on the back edge). */
#include <math.h>
#include <stdlib.h>

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

double swap(int n, int steps, double *a, double *b) {
  double *src = a, *dst = b;
  for (int s = 0; s < steps; s++) {
    for (int i = 0; i < n; i++)
      dst[i] = sin(src[i]) * src[n - 1 - i];
    double *t = src;
    src = dst;
    dst = t;
  }
  double r = 0.0;
  for (int i = 0; i < n; i++)
    r += src[i];
  return r;
}

double scratch(int n, int l, const double *w, const double *x) {
  double s = 0.0;
  for (int i = 0; i < l; i++) {
    double *t = malloc(n * sizeof(double));
    for (int j = 0; j < n; j++)
      t[j] = sin(x[j] * w[i * n + j]);
    for (int j = 0; j < n; j++)
      s += t[j] * t[(j + 1) % n];
    free(t);
  }
  return s;
}

double keep(int n, const double *x, const int *idx) {
  const double *p;
  double s = 0.0;
  for (int i = 0; i < n; i++) {
    if (idx[i] >= 0)
      p = x + idx[i];
    s += p[0] * p[0];
  }
  return s;
}
