/* Common C patterns for `activity verify`: local 2-D arrays, a struct holding an array
 * behind a pointer, a mutable global, loops with breaks, recursion, memmove, float
 * and integer arrays, indices read from memory. */
#include <math.h>
#include <string.h>
#include <stdlib.h>
typedef struct { double x[3]; int n; } vec3;
static double G[4];
double mat(const double *a, double s) {
  double m[3][3];
  for (int i = 0; i < 3; ++i) for (int j = 0; j < 3; ++j) m[i][j] = a[i] * (j + 1) * s;
  double t = 0; for (int i = 0; i < 3; ++i) t += m[i][i];
  return t;
}
double vnorm(const vec3 *v) {
  double s = 0; for (int i = 0; i < v->n && i < 3; ++i) s += v->x[i] * v->x[i];
  return sqrt(s);
}
double glob(double x) { G[1] = x; G[2] = 2 * G[1]; return G[2] + G[0]; }
double loopbreak(const double *a, int n, double lim) {
  double s = 0; int i = 0;
  while (1) { if (i >= n) break; if (s > lim) break; s += fabs(a[i]); ++i; }
  return s > lim ? lim : s;
}
double rec(const double *a, int n) { return n <= 0 ? 0.0 : a[n - 1] + 0.5 * rec(a, n - 1); }
double mm(double *dst, const double *src, int n) {
  memmove(dst, src, n * sizeof(double)); double s = 0;
  for (int i = 0; i < n; ++i) s = fmax(s, dst[i]);
  return pow(s, 2.0);
}
float flt(const float *a, int n) { float s = 0; for (int i = 0; i < n; ++i) s += a[i] * a[i]; return s; }
long ints(const long *a, int n) { long s = 0; for (int i = 0; i < n; ++i) s += a[i] << 1; return s; }
double mixed(const int *k, const double *w, int n) { double s = 0; for (int i = 0; i < n; ++i) s += w[k[i] & 3]; return s; }
