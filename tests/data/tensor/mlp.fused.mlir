#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @mlp(%arg0: tensor<4x8xf32>, %arg1: tensor<8x3xf32>, %arg2: tensor<3xf32>) -> tensor<4x3xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x3xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x3xf32>) -> tensor<4x3xf32>
    %2 = linalg.matmul ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x3xf32>) outs(%1 : tensor<4x3xf32>) -> tensor<4x3xf32>
    %broadcasted = linalg.broadcast ins(%arg2 : tensor<3xf32>) outs(%0 : tensor<4x3xf32>) dimensions = [0] 
    %3 = tensor.empty() : tensor<4x3xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%2, %broadcasted : tensor<4x3xf32>, tensor<4x3xf32>) outs(%3 : tensor<4x3xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %5 = arith.addf %in, %in_0 : f32
      %6 = arith.maximumf %5, %cst : f32
      linalg.yield %6 : f32
    } -> tensor<4x3xf32>
    return %4 : tensor<4x3xf32>
  }
}

