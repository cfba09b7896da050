/* Calls of libm functions without an LLVM intrinsic or MLIR op: each becomes an
 * `llvm.call` of the C function, which the op table knows by name
 * (EXTERNAL_ALIASES): lgamma's derivative is digamma, tgamma's tgamma * digamma,
 * erfc's -2/sqrt(pi) e^(-x^2), hypot's (x, y) / hypot(x, y).  The float variants
 * call lgammaf, tgammaf, erfcf, hypotf. */
#include <math.h>

double lg(double x) { return lgamma(x); }
double tg(double x) { return tgamma(x); }
double ec(double x) { return erfc(x); }
double hy(double x, double y) { return hypot(x, y); }

float lgf(float x) { return lgammaf(x); }
float tgf(float x) { return tgammaf(x); }
float ecf(float x) { return erfcf(x); }
float hyf(float x, float y) { return hypotf(x, y); }

/* A log-likelihood term as GMM's prior has it: the lgamma of a constant is a
 * constant (inactive), that of the active x is not. */
double prior(double x, double n) { return lgamma(n) * x + lgamma(x + n); }

/* In a loop, the reverse sweep may recompute tgamma(x[i]) from x[i] (a load it
 * can repeat) rather than tape each result: its partial then calls tgamma again. */
double gamma_sum(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += tgamma(x[i]) + lgamma(x[i]) * hypot(x[i], 1.5) + erfc(x[i]);
  return s;
}

float gamma_sumf(const float *x, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += tgammaf(x[i]) + lgammaf(x[i]) * hypotf(x[i], 1.5f) + erfcf(x[i]);
  return s;
}

/* The others of C's list, in doubles and floats: atan2, pow, fmod, fmin, fmax,
 * log1p, expm1, cbrt, erf, asinh, acosh, atanh. */
double others(double x, double y) {
  return atan2(x, y) + pow(x, y) + fmod(x, y) + fmin(x, y) * fmax(x, y) + log1p(x)
         + expm1(y) + cbrt(x) + erf(y) + asinh(x) + acosh(x) + atanh(y);
}

float othersf(float x, float y) {
  return atan2f(x, y) + powf(x, y) + fmodf(x, y) + fminf(x, y) * fmaxf(x, y) + log1pf(x)
         + expm1f(y) + cbrtf(x) + erff(y) + asinhf(x) + acoshf(x) + atanhf(y);
}
