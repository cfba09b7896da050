/* Calls into libm: sin and exp propagate derivatives, floor kills them
 * (its derivative is zero almost everywhere), and the integer cast of
 * the result is inactive. */
#include <math.h>

double wave(double x, double t) {
  double phase = sin(x * t);
  double damp = exp(-0.5 * t);
  double cell = floor(x);  /* piecewise constant */
  int bucket = (int)cell;  /* integer: inactive */
  return damp * phase + (double)bucket;
}
