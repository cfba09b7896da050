/* Hand tracking (simple variant) in the ADBench style: a skinned chain of nb
 * bones moves nv vertices; the objective is the sum of squared distances to
 * the targets.  Transforms are 3x4 affine matrices, row-major (12 doubles).
 * theta (3 + 3 nb): a global translation, then one angle-axis rotation per
 * bone; parents[b] < b (a negative parent marks a root); base_rel and
 * inv_base_abs (12 nb); verts and targets (3 nv); weights (nv nb). */
#include <math.h>
#include <stdlib.h>

extern int enzyme_const, enzyme_dup, enzyme_dupnoneed, enzyme_out;
void __enzyme_autodiff(void *, ...);

/* c = a * b for 3x4 affine transforms (the implicit last row is 0 0 0 1) */
static void compose(const double *a, const double *b, double *c) {
  for (int r = 0; r < 3; r++)
    for (int col = 0; col < 4; col++) {
      double s = col == 3 ? a[4 * r + 3] : 0.0;
      for (int i = 0; i < 3; i++)
        s += a[4 * r + i] * b[4 * i + col];
      c[4 * r + col] = s;
    }
}

/* the rotation of angle-axis aa as a 3x4 transform without translation */
static void angle_axis_to_transform(const double *aa, double *t) {
  double sq = aa[0] * aa[0] + aa[1] * aa[1] + aa[2] * aa[2];
  if (sq < 1e-12) {
    t[0] = 1.0;    t[1] = -aa[2]; t[2] = aa[1];
    t[4] = aa[2];  t[5] = 1.0;    t[6] = -aa[0];
    t[8] = -aa[1]; t[9] = aa[0];  t[10] = 1.0;
  } else {
    double angle = sqrt(sq);
    double x = aa[0] / angle, y = aa[1] / angle, z = aa[2] / angle;
    double s = sin(angle), c = cos(angle), v = 1.0 - c;
    t[0] = x * x * v + c;     t[1] = x * y * v - z * s; t[2] = x * z * v + y * s;
    t[4] = y * x * v + z * s; t[5] = y * y * v + c;     t[6] = y * z * v - x * s;
    t[8] = z * x * v - y * s; t[9] = z * y * v + x * s; t[10] = z * z * v + c;
  }
  t[3] = 0.0;
  t[7] = 0.0;
  t[11] = 0.0;
}

double hand_objective(int nb, int nv, const double *theta, const int *parents,
                      const double *base_rel, const double *inv_base_abs,
                      const double *verts, const double *weights,
                      const double *targets) {
  double *absm = malloc(12 * nb * sizeof(double));
  double *skin = malloc(12 * nb * sizeof(double));
  double rot[12], rel[12];
  for (int b = 0; b < nb; b++) {
    angle_axis_to_transform(theta + 3 + 3 * b, rot);
    compose(base_rel + 12 * b, rot, rel);
    if (parents[b] < 0)
      for (int i = 0; i < 12; i++)
        absm[12 * b + i] = rel[i];
    else
      compose(absm + 12 * parents[b], rel, absm + 12 * b);
    compose(absm + 12 * b, inv_base_abs + 12 * b, skin + 12 * b);
  }
  double err = 0.0;
  for (int v = 0; v < nv; v++) {
    double p[3] = {theta[0], theta[1], theta[2]};
    for (int b = 0; b < nb; b++) {
      double w = weights[v * nb + b];
      if (w == 0.0)
        continue;
      const double *t = skin + 12 * b;
      for (int r = 0; r < 3; r++)
        p[r] += w * (t[4 * r] * verts[3 * v] + t[4 * r + 1] * verts[3 * v + 1] +
                     t[4 * r + 2] * verts[3 * v + 2] + t[4 * r + 3]);
    }
    for (int r = 0; r < 3; r++) {
      double e = p[r] - targets[3 * v + r];
      err += e * e;
    }
  }
  free(absm);
  free(skin);
  return err;
}

/* gradient with respect to theta; the model and the data are const */
void hand_gradient(int nb, int nv, const double *theta, double *dtheta,
                         const int *parents, const double *base_rel,
                         const double *inv_base_abs, const double *verts,
                         const double *weights, const double *targets) {
  __enzyme_autodiff((void *)hand_objective, enzyme_const, nb, enzyme_const, nv,
                    enzyme_dup, theta, dtheta, enzyme_const, parents,
                    enzyme_const, base_rel, enzyme_const, inv_base_abs,
                    enzyme_const, verts, enzyme_const, weights, enzyme_const,
                    targets);
}
