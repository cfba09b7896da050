// A matmul chain on tensors: (A B) C, f32, 256 x 256 each.
// benchmarks/tensor_primal.py times it against numpy and jax.jit.
func.func @chain(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>,
                 %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<256x256xf32>
  %z0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<256x256xf32>) -> tensor<256x256xf32>
  %ab = linalg.matmul ins(%a, %b : tensor<256x256xf32>, tensor<256x256xf32>)
                      outs(%z0 : tensor<256x256xf32>) -> tensor<256x256xf32>
  %e1 = tensor.empty() : tensor<256x256xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<256x256xf32>) -> tensor<256x256xf32>
  %abc = linalg.matmul ins(%ab, %c : tensor<256x256xf32>, tensor<256x256xf32>)
                       outs(%z1 : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %abc : tensor<256x256xf32>
}
