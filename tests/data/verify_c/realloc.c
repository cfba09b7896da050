/* realloc moves the old contents: b[0] after it is x[0]. */
#include <stdlib.h>
double grow(const double *x, int n) {
  double *b = (double *)malloc(2 * sizeof(double));
  b[0] = x[0]; b[1] = 2.0;
  b = (double *)realloc(b, (size_t)n * sizeof(double));
  double s = b[0];
  if (n > 1) s += b[1];
  free(b);
  return s;
}
