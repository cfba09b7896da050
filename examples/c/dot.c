/* Dot product of a heap-allocated copy of x with y.
 * x and y are active inputs; n, the loop counter and the malloc'd
 * pointer itself are integer/pointer values that carry no derivative. */
#include <stdlib.h>

double dot(const double *x, const double *y, int n) {
  double *tmp = (double *)malloc((size_t)n * sizeof(double));
  for (int i = 0; i < n; ++i)
    tmp[i] = x[i];
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += tmp[i] * y[i];
  free(tmp);
  return s;
}
