// An MLP on tensors: 784-512-512-10, batch 64, f32; relu after the two hidden
// layers (one as arith.maximumf, one as a compare and select), the bias broadcast
// along the batch by the generic's indexing map.
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (j)>
func.func @mlp(%x: tensor<64x784xf32>, %w1: tensor<784x512xf32>, %b1: tensor<512xf32>,
               %w2: tensor<512x512xf32>, %b2: tensor<512xf32>,
               %w3: tensor<512x10xf32>, %b3: tensor<10xf32>) -> tensor<64x10xf32> {
  %zero = arith.constant 0.0 : f32
  // layer 1: relu(x w1 + b1), written over the matmul's result
  %e1 = tensor.empty() : tensor<64x512xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<64x512xf32>) -> tensor<64x512xf32>
  %m1 = linalg.matmul ins(%x, %w1 : tensor<64x784xf32>, tensor<784x512xf32>)
                      outs(%z1 : tensor<64x512xf32>) -> tensor<64x512xf32>
  %h1 = linalg.generic {indexing_maps = [#id, #row, #id],
                        iterator_types = ["parallel", "parallel"]}
      ins(%m1, %b1 : tensor<64x512xf32>, tensor<512xf32>) outs(%m1 : tensor<64x512xf32>) {
  ^bb0(%v: f32, %b: f32, %o: f32):
    %s = arith.addf %v, %b : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<64x512xf32>
  // layer 2: relu(h1 w2 + b2) into a fresh tensor, relu as a select
  %e2 = tensor.empty() : tensor<64x512xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<64x512xf32>) -> tensor<64x512xf32>
  %m2 = linalg.matmul ins(%h1, %w2 : tensor<64x512xf32>, tensor<512x512xf32>)
                      outs(%z2 : tensor<64x512xf32>) -> tensor<64x512xf32>
  %e3 = tensor.empty() : tensor<64x512xf32>
  %h2 = linalg.generic {indexing_maps = [#id, #row, #id],
                        iterator_types = ["parallel", "parallel"]}
      ins(%m2, %b2 : tensor<64x512xf32>, tensor<512xf32>) outs(%e3 : tensor<64x512xf32>) {
  ^bb0(%v: f32, %b: f32, %o: f32):
    %s = arith.addf %v, %b : f32
    %pos = arith.cmpf ogt, %s, %zero : f32
    %r = arith.select %pos, %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<64x512xf32>
  // output layer: h2 w3 + b3 (the bias broadcast first, the matmul accumulating on it)
  %e4 = tensor.empty() : tensor<64x10xf32>
  %bb = linalg.broadcast ins(%b3 : tensor<10xf32>) outs(%e4 : tensor<64x10xf32>)
                         dimensions = [0]
  %out = linalg.matmul ins(%h2, %w3 : tensor<64x512xf32>, tensor<512x10xf32>)
                       outs(%bb : tensor<64x10xf32>) -> tensor<64x10xf32>
  return %out : tensor<64x10xf32>
}
