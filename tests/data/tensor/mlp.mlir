// An MLP layer on tensors; mlp.*.mlir are upstream mlir-opt-22 pipelines applied to it (tests/test_tensor_analysis.py).
func.func @mlp(%x: tensor<4x8xf32>, %w: tensor<8x3xf32>, %b: tensor<3xf32>) -> tensor<4x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x3xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %m = linalg.matmul ins(%x, %w : tensor<4x8xf32>, tensor<8x3xf32>) outs(%z : tensor<4x3xf32>) -> tensor<4x3xf32>
  %bb = linalg.broadcast ins(%b : tensor<3xf32>) outs(%e : tensor<4x3xf32>) dimensions = [0]
  %s = arith.addf %m, %bb : tensor<4x3xf32>
  %zs = tensor.splat %zero : tensor<4x3xf32>
  %r = arith.maximumf %s, %zs : tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}
