/* Bundle adjustment in the ADBench style: one reprojection error and its
 * weight term.  cam (11) = rotation (angle-axis, 3), centre (3), focal length,
 * principal point (2), radial distortion (2); X (3) a point, w its weight,
 * feat (2) the observed feature.  err = w (projection - feat) and
 * werr = 1 - w^2 are written out; the result is |err|^2 + werr^2. */
#include <math.h>

extern int enzyme_const, enzyme_dup, enzyme_dupnoneed, enzyme_out;
double __enzyme_autodiff(void *, ...);

static double sqsum(int n, const double *x) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += x[i] * x[i];
  return s;
}

static double dot3(const double *a, const double *b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static void cross3(const double *a, const double *b, double *out) {
  out[0] = a[1] * b[2] - a[2] * b[1];
  out[1] = a[2] * b[0] - a[0] * b[2];
  out[2] = a[0] * b[1] - a[1] * b[0];
}

static void rodrigues_rotate_point(const double *rot, const double *pt,
                                   double *out) {
  double sqtheta = sqsum(3, rot);
  if (sqtheta != 0.0) {
    double theta = sqrt(sqtheta);
    double c = cos(theta), s = sin(theta), inv = 1.0 / theta;
    double w[3], wxp[3];
    for (int i = 0; i < 3; i++)
      w[i] = rot[i] * inv;
    cross3(w, pt, wxp);
    double tmp = dot3(w, pt) * (1.0 - c);
    for (int i = 0; i < 3; i++)
      out[i] = pt[i] * c + wxp[i] * s + w[i] * tmp;
  } else {
    double rxp[3];
    cross3(rot, pt, rxp);
    for (int i = 0; i < 3; i++)
      out[i] = pt[i] + rxp[i];
  }
}

static void project(const double *cam, const double *X, double *proj) {
  double xo[3], xcam[3];
  for (int i = 0; i < 3; i++)
    xo[i] = X[i] - cam[3 + i];
  rodrigues_rotate_point(cam, xo, xcam);
  proj[0] = xcam[0] / xcam[2];
  proj[1] = xcam[1] / xcam[2];
  double rsq = sqsum(2, proj);
  double l = 1.0 + cam[9] * rsq + cam[10] * rsq * rsq;
  for (int i = 0; i < 2; i++)
    proj[i] = proj[i] * l * cam[6] + cam[7 + i];
}

double ba_objective(const double *cam, const double *X, double w,
                    const double *feat, double *err, double *werr) {
  double proj[2];
  project(cam, X, proj);
  err[0] = w * (proj[0] - feat[0]);
  err[1] = w * (proj[1] - feat[1]);
  werr[0] = 1.0 - w * w;
  return err[0] * err[0] + err[1] * err[1] + werr[0] * werr[0];
}

/* gradient with respect to the camera, the point and the weight (returned) */
double ba_gradient(const double *cam, double *dcam, const double *X,
                         double *dX, double w, const double *feat, double *err,
                         double *derr, double *werr, double *dwerr) {
  return __enzyme_autodiff(
      (void *)ba_objective, enzyme_dup, cam, dcam, enzyme_dup, X, dX,
      enzyme_out, w, enzyme_const, feat, enzyme_dupnoneed, err, derr,
      enzyme_dupnoneed, werr, dwerr);
}
