/* C features for `activity verify` on clang's llvm dialect: pointer loops and
 * compares, a switch, a constant table, struct values, pointers to pointers. */
#include <math.h>
#include <stdlib.h>

double psum(const double *x, const double *end) {
  double s = 0.0;
  for (const double *p = x; p != end; ++p) s += *p * *p;
  return s;
}
double psum_n(const double *x, int n) { return psum(x, x + n); }
double prange(const double *x, int n) {
  double s = 0.0;
  for (const double *p = x + n - 1; p >= x; --p) s = s * 0.5 + *p;
  return s;
}
void axpy(double *y, const double *x, double a, int n) {
  for (int i = 0; i < n; ++i) y[i] += a * x[i];
}

static const double W[4] = {0.5, 1.5, -2.0, 3.0};

double pick(double x, int k) {
  switch (k) {
  case 0: return sin(x);
  case 1: return x * W[1];
  case 7: return 2.0;
  default: return x * x;
  }
}

typedef struct { double re, im; } cpx;
static cpx cmul(cpx a, cpx b) {
  cpx r = {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
  return r;
}
double cabs2(double x, double y) {
  cpx z = {x, y};
  cpx w = cmul(z, z);
  return w.re + w.im;
}

double rowsum(double **rows, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) s += rows[i][0];
  return s;
}

double poly(const double *c, int n, double x) {
  double *tmp = (double *)calloc((size_t)n, sizeof(double));
  double r = 0.0;
  for (int i = n - 1; i >= 0; --i) { tmp[i] = c[i]; r = r * x + tmp[i]; }
  free(tmp);
  return r;
}
