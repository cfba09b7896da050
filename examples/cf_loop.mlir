// cf_loop.mlir -- unstructured control flow: blocks, block arguments and
// cf.br / cf.cond_br instead of scf regions.
//
// @powi computes x^n by repeated multiplication. The loop-carried float
// %acc (a block argument of ^loop) is active because it is multiplied by
// the active %x; the counter %i (also a block argument) is an integer and
// stays inactive.
func.func @powi(%x: f64 {tag = "x"}, %n: i64 {tag = "n"}) -> f64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %one = arith.constant {tag = "one"} 1.0 : f64
  cf.br ^loop(%c0, %one : i64, f64)
^loop(%i: i64, %acc: f64):
  %done = arith.cmpi sge, %i, %n : i64
  cf.cond_br %done, ^exit(%acc : f64), ^body
^body:
  %acc2 = arith.mulf %acc, %x {tag = "acc2"} : f64
  %i2 = arith.addi %i, %c1 {tag = "i2"} : i64
  cf.br ^loop(%i2, %acc2 : i64, f64)
^exit(%r: f64):
  func.return %r : f64
}

// @clamp_or_default returns x*x when the flag is set and a constant
// otherwise. The constant path is inactive; the merged block argument %res
// is active because one of its incoming values is.
func.func @clamp_or_default(%x: f64 {tag = "x"}, %flag: i1 {tag = "flag"}) -> f64 {
  %dflt = arith.constant {tag = "dflt"} 4.0 : f64
  cf.cond_br %flag, ^square, ^merge(%dflt : f64)
^square:
  %sq = arith.mulf %x, %x {tag = "sq"} : f64
  cf.br ^merge(%sq : f64)
^merge(%res: f64):
  func.return %res : f64
}
