/* Source of examples_O0.mlir / examples_O1.mlir (see README.md in this folder). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

double dot(const double *a, const double *b, int n) {
  double *t = malloc(n * sizeof(double));
  memcpy(t, a, n * sizeof(double));
  double s = 0;
  for (int i = 0; i < n; i++) s += t[i] * b[i];
  free(t);
  return s;
}

double sinsq(double x) { return sin(x) * sin(x) + x; }

static const double W[4] = {0.5, 1.5, -2.0, 3.0};

double weighted(const double *a) {
  double s = 0;
  for (int i = 0; i < 4; i++) s += W[i] * a[i];
  return s;
}

struct pt { double x; float y; int k; };

double structy(double x, double y) {
  struct pt p[2];
  p[1].x = x;
  p[1].y = (float)y;
  p[1].k = 3;
  p[0] = p[1];
  return p[0].x * p[0].y + p[0].k;
}

void scale(double *a, int n, double c) {
  for (int i = 0; i < n; i++) a[i] *= c;
}

double punned(double x) {
  long l;
  memcpy(&l, &x, sizeof l);
  double y;
  memcpy(&y, &l, sizeof y);
  return y * y;
}

double truncated(double x) { return (double)(long)x * x; }

double fact(int n) { return n <= 1 ? 1.0 : n * fact(n - 1); }

double powsum(double x, int n) {
  double *buf = calloc(n, sizeof(double));
  for (int i = 0; i < n; i++) buf[i] = pow(x, i) + exp(-x);
  double s = 0;
  for (int i = 0; i < n; i++) s += buf[i];
  free(buf);
  return s;
}

typedef struct { double re, im; } cpx;

cpx cmul(cpx a, cpx b) {
  cpx r = {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
  return r;
}

double cabs2(double x, double y) {
  cpx a = {x, y};
  cpx p = cmul(a, a);
  return p.re + 2 * p.im;
}
