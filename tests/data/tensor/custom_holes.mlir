// Custom forms xDSL 0.75 does not read in full: the front end converts them with mlir-opt.
func.func @holes(%a: tensor<4x5xf32>, %e: tensor<5x4xf32>, %w: tensor<4xf32>, %v: tensor<5xf32>) -> tensor<4xf32> {
  %0 = linalg.transpose ins(%a : tensor<4x5xf32>) outs(%e : tensor<5x4xf32>) permutation = [1, 0] {tag = 1 : i32}
  %1 = linalg.broadcast ins(%w : tensor<4xf32>) outs(%a : tensor<4x5xf32>) dimensions = [1] {tag = 2 : i32}
  %2 = linalg.reduce { arith.addf } ins(%a : tensor<4x5xf32>) outs(%w : tensor<4xf32>) dimensions = [1]
  %3 = linalg.map { arith.mulf } ins(%v, %v : tensor<5xf32>, tensor<5xf32>) outs(%v : tensor<5xf32>)
  %4 = tensor.empty() : tensor<4xf32>
  return %2 : tensor<4xf32>
}
