// linalg.reduce/transpose/broadcast in the custom forms xDSL 0.75 does not read (activity/tensor/named.py reads them).
func.func @r(%a: tensor<4x5xf32>, %w: tensor<4xf32>, %e: tensor<5x4xf32>) -> tensor<4xf32> {
  %0 = linalg.reduce { arith.addf } ins(%a : tensor<4x5xf32>) outs(%w : tensor<4xf32>) dimensions = [1]
  %1 = linalg.reduce ins(%a : tensor<4x5xf32>) outs(%0 : tensor<4xf32>) dimensions = [1] {tag = 1 : i32}
    (%in: f32, %acc: f32) {
      %m = arith.mulf %in, %acc : f32
      linalg.yield %m : f32
    }
  %2 = linalg.reduce { arith.maximumf {fastmath = #arith.fastmath<fast>} } ins(%a : tensor<4x5xf32>) outs(%1 : tensor<4xf32>) dimensions = [1] {tag = 2 : i32}
  %3 = linalg.transpose ins(%a : tensor<4x5xf32>) outs(%e : tensor<5x4xf32>) permutation = [1, 0] {tag = 3 : i32}
  %4 = linalg.broadcast ins(%2 : tensor<4xf32>) outs(%a : tensor<4x5xf32>) dimensions = [1] {tag = 4 : i32}
  return %2 : tensor<4xf32>
}
