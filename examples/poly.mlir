// poly.mlir -- f(x, m) = x * (m[0] + m[1]^2), with some constant-only work.
//   activity grad examples/poly.mlir --func f --args x=active,m=dup --stats
func.func @f(%x: f64, %m: memref<2xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f64
  %half = arith.divf %two, %two : f64
  %a = memref.load %m[%c0] : memref<2xf64>
  %b = memref.load %m[%c1] : memref<2xf64>
  %bb = arith.mulf %b, %b : f64
  %s = arith.addf %a, %bb : f64
  %y = arith.mulf %x, %s : f64
  %z = arith.mulf %y, %half : f64
  func.return %z : f64
}
