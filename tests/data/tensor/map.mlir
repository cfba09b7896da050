// linalg.map in its custom forms (the short one applies one op to the input elements).
func.func @m(%v: tensor<5xf32>, %i: tensor<5xi32>) -> tensor<5xf32> {
  %0 = linalg.map ins(%v, %v : tensor<5xf32>, tensor<5xf32>) outs(%v : tensor<5xf32>) {tag = 1 : i32} (%x: f32, %y: f32, %o: f32) { %m = arith.mulf %x, %y : f32
    %n = arith.addf %m, %o : f32
    linalg.yield %n : f32 }
  %1 = linalg.map { arith.addf {fastmath = #arith.fastmath<fast>} } ins(%v, %0 : tensor<5xf32>, tensor<5xf32>) outs(%v : tensor<5xf32>)
  %2 = linalg.map { math.exp } ins(%1 : tensor<5xf32>) outs(%v : tensor<5xf32>) {tag = 2 : i32}
  %3 = linalg.map { arith.sitofp } ins(%i : tensor<5xi32>) outs(%v : tensor<5xf32>)
  return %2 : tensor<5xf32>
}
