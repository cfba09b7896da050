/* ADBench-style Hand: a model struct with pointers, helper functions kept apart. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int nbones, nverts;
  const int *parents;
  const double *base_relatives;     /* 16 per bone, column-major 4x4 */
  const double *inverse_base_absolutes;
  const double *base_positions;     /* 4 x nverts */
  const double *weights;            /* nbones x nverts */
  int is_mirrored;
} HandModel;

typedef struct {
  HandModel model;
  int ncorr;
  const int *correspondences;
  const double *points;             /* 3 x ncorr */
} HandData;

void angle_axis_to_rotation_matrix(const double *aa, double *R) {
  double n = sqrt(aa[0] * aa[0] + aa[1] * aa[1] + aa[2] * aa[2]);
  if (n < 1e-4) {
    for (int i = 0; i < 9; i++) R[i] = (i % 4 == 0) ? 1.0 : 0.0;
    return;
  }
  double x = aa[0] / n, y = aa[1] / n, z = aa[2] / n;
  double s = sin(n), c = cos(n);
  R[0] = x * x + (1 - x * x) * c; R[3] = x * y * (1 - c) - z * s; R[6] = x * z * (1 - c) + y * s;
  R[1] = x * y * (1 - c) + z * s; R[4] = y * y + (1 - y * y) * c; R[7] = y * z * (1 - c) - x * s;
  R[2] = x * z * (1 - c) - y * s; R[5] = z * y * (1 - c) + x * s; R[8] = z * z + (1 - z * z) * c;
}

void apply_global_transform(const double *pose_params, int ncols, double *positions) {
  double R[9];
  angle_axis_to_rotation_matrix(pose_params, R);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) R[j * 3 + i] *= pose_params[3 + j];
  for (int k = 0; k < ncols; k++) {
    double p[3];
    for (int i = 0; i < 3; i++) {
      p[i] = pose_params[6 + i];
      for (int j = 0; j < 3; j++) p[i] += R[j * 3 + i] * positions[k * 3 + j];
    }
    for (int i = 0; i < 3; i++) positions[k * 3 + i] = p[i];
  }
}

void matmul4(const double *a, const double *b, double *c) {
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++) {
      double s = 0;
      for (int k = 0; k < 4; k++) s += a[k * 4 + i] * b[j * 4 + k];
      c[j * 4 + i] = s;
    }
}

void relatives_to_absolutes(int n, const double *relatives, const int *parents, double *absolutes) {
  for (int i = 0; i < n; i++) {
    if (parents[i] == -1)
      memcpy(absolutes + 16 * i, relatives + 16 * i, 16 * sizeof(double));
    else
      matmul4(absolutes + 16 * parents[i], relatives + 16 * i, absolutes + 16 * i);
  }
}

void euler_angles_to_rotation_matrix(const double *xzy, double *R) {
  double tx = xzy[0], ty = xzy[2], tz = xzy[1];
  double Rx[9] = {1, 0, 0, 0, cos(tx), sin(tx), 0, -sin(tx), cos(tx)};
  double Ry[9] = {cos(ty), 0, -sin(ty), 0, 1, 0, sin(ty), 0, cos(ty)};
  double Rz[9] = {cos(tz), sin(tz), 0, -sin(tz), cos(tz), 0, 0, 0, 1};
  double T[9];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      double s = 0;
      for (int k = 0; k < 3; k++) s += Ry[k * 3 + i] * Rx[j * 3 + k];
      T[j * 3 + i] = s;
    }
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      double s = 0;
      for (int k = 0; k < 3; k++) s += Rz[k * 3 + i] * T[j * 3 + k];
      R[j * 4 + i] = s;
    }
}

void get_posed_relatives(const HandModel *model, const double *pose_params, double *relatives) {
  int offset = 3;
  for (int i = 0; i < model->nbones; i++) {
    double tr[16];
    memset(tr, 0, sizeof tr);
    tr[15] = 1;
    euler_angles_to_rotation_matrix(pose_params + 3 * (i + offset), tr);
    matmul4(model->base_relatives + 16 * i, tr, relatives + 16 * i);
  }
}

void get_skinned_vertex_positions(const HandModel *model, const double *pose_params,
                                  double *positions, int apply_global) {
  int nb = model->nbones, nv = model->nverts;
  double *relatives = malloc(16 * nb * sizeof(double));
  double *absolutes = malloc(16 * nb * sizeof(double));
  double *transforms = malloc(16 * nb * sizeof(double));
  get_posed_relatives(model, pose_params, relatives);
  relatives_to_absolutes(nb, relatives, model->parents, absolutes);
  for (int i = 0; i < nb; i++)
    matmul4(absolutes + 16 * i, model->inverse_base_absolutes + 16 * i, transforms + 16 * i);
  memset(positions, 0, 3 * nv * sizeof(double));
  for (int i = 0; i < nb; i++)
    for (int k = 0; k < nv; k++) {
      double w = model->weights[i * nv + k];
      for (int r = 0; r < 3; r++) {
        double s = 0;
        for (int c = 0; c < 4; c++) s += transforms[16 * i + c * 4 + r] * model->base_positions[k * 4 + c];
        positions[k * 3 + r] += w * s;
      }
    }
  if (model->is_mirrored)
    for (int k = 0; k < nv; k++) positions[k * 3] = -positions[k * 3];
  if (apply_global) apply_global_transform(pose_params, nv, positions);
  free(relatives);
  free(absolutes);
  free(transforms);
}

void hand_objective(const double *theta, const HandData *data, double *err) {
  double *positions = malloc(3 * data->model.nverts * sizeof(double));
  get_skinned_vertex_positions(&data->model, theta, positions, 1);
  for (int i = 0; i < data->ncorr; i++)
    for (int j = 0; j < 3; j++)
      err[i * 3 + j] = data->points[i * 3 + j] - positions[data->correspondences[i] * 3 + j];
  free(positions);
}
