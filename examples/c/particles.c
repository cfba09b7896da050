/* An array of structs walked with pointer arithmetic. Only the float
 * fields pos/vel are active; the integer id field is not. */
struct particle {
  double pos;
  double vel;
  int id;
};

double step(struct particle *p, int n, double dt) {
  double energy = 0.0;
  for (int i = 0; i < n; ++i) {
    struct particle *q = p + i;
    q->pos += dt * q->vel;
    q->id += 1;
    energy += 0.5 * q->vel * q->vel;
  }
  return energy;
}
