/* miniBUDE-style docking energy: nposes poses (rx, ry, rz, tx, ty, tz) of a
 * ligand of nl atoms against a protein of np atoms.  Atoms carry integer
 * types indexing the force field (radius, hydrophobicity, charge scale,
 * hydrogen-bond type).  Ligand atoms are rotated by Rz Ry Rx then translated;
 * each atom pair adds steric, charge and desolvation terms.  Each pose's
 * energy (half its pair sum) goes to energies; the result is their sum. */
#include <math.h>

extern int enzyme_const, enzyme_dup, enzyme_dupnoneed, enzyme_out;
void __enzyme_autodiff(void *, ...);

#define HARDNESS 38.0
#define CNSTNT 45.0
#define NPNPDIST 5.5
#define NPPDIST 1.0
#define HBTYPE_F 70
#define HBTYPE_E 69

double minibude_objective(int nposes, int nl, int np, const double *poses,
                          const double *lig_pos, const int *lig_type,
                          const double *prot_pos, const int *prot_type,
                          const double *ff_radius, const double *ff_hphb,
                          const double *ff_elsc, const int *ff_hbtype,
                          double *energies) {
  double total = 0.0;
  for (int ip = 0; ip < nposes; ip++) {
    const double *pose = poses + 6 * ip;
    double sx = sin(pose[0]), cx = cos(pose[0]);
    double sy = sin(pose[1]), cy = cos(pose[1]);
    double sz = sin(pose[2]), cz = cos(pose[2]);
    double m00 = cz * cy, m01 = cz * sy * sx - sz * cx, m02 = cz * sy * cx + sz * sx;
    double m10 = sz * cy, m11 = sz * sy * sx + cz * cx, m12 = sz * sy * cx - cz * sx;
    double m20 = -sy, m21 = cy * sx, m22 = cy * cx;
    double etot = 0.0;
    for (int il = 0; il < nl; il++) {
      const double *lp = lig_pos + 3 * il;
      double lx = m00 * lp[0] + m01 * lp[1] + m02 * lp[2] + pose[3];
      double ly = m10 * lp[0] + m11 * lp[1] + m12 * lp[2] + pose[4];
      double lz = m20 * lp[0] + m21 * lp[1] + m22 * lp[2] + pose[5];
      int lt = lig_type[il];
      double rl = ff_radius[lt], hl = ff_hphb[lt], ql = ff_elsc[lt];
      int hbl = ff_hbtype[lt];
      int polar_l = hbl == HBTYPE_F || hbl == HBTYPE_E;
      for (int jp = 0; jp < np; jp++) {
        int pt = prot_type[jp];
        double rp = ff_radius[pt], hp = ff_hphb[pt], qp = ff_elsc[pt];
        int hbp = ff_hbtype[pt];
        int polar_p = hbp == HBTYPE_F || hbp == HBTYPE_E;
        double dx = lx - prot_pos[3 * jp], dy = ly - prot_pos[3 * jp + 1],
               dz = lz - prot_pos[3 * jp + 2];
        double d = sqrt(dx * dx + dy * dy + dz * dz);
        double rsum = rp + rl;
        double e = d - rsum;
        if (e < 0.0)
          etot += 2.0 * HARDNESS * (1.0 - d / rsum);
        double cutoff = (hbp == HBTYPE_F && hbl == HBTYPE_F) ? 4.0 : 2.0;
        if (e < cutoff) {
          double f = e < 0.0 ? 1.0 : 1.0 - e / cutoff;
          double chrg = CNSTNT * qp * ql * f;
          if (hbp == HBTYPE_E || hbl == HBTYPE_E)
            chrg = -fabs(chrg);
          etot += chrg;
        }
        if (!polar_p || !polar_l) {
          double range = (!polar_p && !polar_l) ? NPNPDIST : NPPDIST;
          if (e < range) {
            double g = e < 0.0 ? 1.0 : 1.0 - e / range;
            etot += (hp + hl) * g;
          }
        }
      }
    }
    energies[ip] = 0.5 * etot;
    total += energies[ip];
  }
  return total;
}

/* gradient with respect to the poses; the molecules and force field are const */
void minibude_gradient(int nposes, int nl, int np, const double *poses,
                             double *dposes, const double *lig_pos,
                             const int *lig_type, const double *prot_pos,
                             const int *prot_type, const double *ff_radius,
                             const double *ff_hphb, const double *ff_elsc,
                             const int *ff_hbtype, double *energies,
                             double *denergies) {
  __enzyme_autodiff((void *)minibude_objective, enzyme_const, nposes,
                    enzyme_const, nl, enzyme_const, np, enzyme_dup, poses,
                    dposes, enzyme_const, lig_pos, enzyme_const, lig_type,
                    enzyme_const, prot_pos, enzyme_const, prot_type,
                    enzyme_const, ff_radius, enzyme_const, ff_hphb,
                    enzyme_const, ff_elsc, enzyme_const, ff_hbtype,
                    enzyme_dupnoneed, energies, denergies);
}
