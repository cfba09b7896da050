// quickstart.mlir -- a small function that mixes active and inactive work.
//
//   activity report examples/quickstart.mlir
//
// A value is *active* when it depends on an active input (here %x) AND
// influences the result. The `tag` attributes give the interesting values
// stable names for reports and tests.
//
// Arguments:
//   %x   active float input: we differentiate the result with respect to it
//   %k   a float the caller declares constant (`activity.arg = "const"`)
//   %buf a buffer of doubles that is only read
//   %n   the trip count: an integer, so it carries no derivative
func.func @quickstart(%x: f64 {tag = "x"},
                      %k: f64 {activity.arg = "const", tag = "k"},
                      %buf: memref<?xf64> {tag = "buf"},
                      %n: index {tag = "n"}) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %two = arith.constant 2.0 : f64
  %pi = arith.constant 3.141592653589793 : f64

  // A float computed only from constants: inactive although it is a float.
  %tau = arith.mulf %two, %pi {tag = "tau"} : f64

  // sum = sum_i x * buf[i]. The accumulator becomes active through %x; the
  // induction variable %i and the iteration counter %cnt are integers and
  // stay inactive.
  %sum, %count = scf.for %i = %c0 to %n step %c1
      iter_args(%acc = %zero, %cnt = %i0) -> (f64, i64) {
    %b = memref.load %buf[%i] {tag = "b"} : memref<?xf64>
    %xb = arith.mulf %x, %b {tag = "xb"} : f64
    %acc_next = arith.addf %acc, %xb {tag = "acc_next"} : f64
    %cnt_next = arith.addi %cnt, %i1 {tag = "cnt_next"} : i64
    scf.yield %acc_next, %cnt_next : f64, i64
  } {tag = "loop"}

  // Math on an active value stays active.
  %s = math.sin %sum {tag = "s"} : f64
  %e = math.exp %s {tag = "e"} : f64

  // fptosi kills the derivative: %q is an integer, and %qf, converted back
  // to a float, carries no derivative either.
  %q = arith.fptosi %e {tag = "q"} : f64 to i64
  %qf = arith.sitofp %q {tag = "qf"} : i64 to f64

  // The mean uses the integer count: a float, but inactive.
  %countf = arith.sitofp %count {tag = "countf"} : i64 to f64
  %inv = arith.divf %tau, %countf {tag = "inv"} : f64

  // %k is declared const, so %kk is inactive as well.
  %kk = arith.mulf %k, %inv {tag = "kk"} : f64

  // The result mixes an active term (%e) with inactive ones.
  %t = arith.addf %e, %qf {tag = "t"} : f64
  %r = arith.mulf %t, %kk {tag = "r"} : f64
  func.return %r : f64
}
