func.func @f(%m: memref<4xf64>, %c: i1) -> f64 {
  cf.cond_br %c, ^a(%m : memref<4xf64>), ^b
^a(%q: memref<4xf64, 0>):
  %i = arith.constant 0 : index
  %v = memref.load %q[%i] : memref<4xf64, 0>
  return %v : f64
^b:
  %z = arith.constant 0.0 : f64
  return %z : f64
}
