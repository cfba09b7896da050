// Named and structured linalg ops in custom form (xDSL reads all of these itself).
func.func @named(%a: tensor<4x5xf32>, %b: tensor<5x3xf32>, %c: tensor<4x3xf32>, %v: tensor<5xf32>, %w: tensor<4xf32>, %s: tensor<f32>, %ba: tensor<2x4x5xf32>, %bb: tensor<2x5x3xf32>, %bc: tensor<2x4x3xf32>, %e: tensor<5x4xf32>, %x: f32) -> tensor<4x3xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x5xf32>, tensor<5x3xf32>) outs(%c : tensor<4x3xf32>) -> tensor<4x3xf32>
  %1 = linalg.matvec ins(%a, %v : tensor<4x5xf32>, tensor<5xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
  %2 = linalg.vecmat ins(%w, %a : tensor<4xf32>, tensor<4x5xf32>) outs(%v : tensor<5xf32>) -> tensor<5xf32>
  %3 = linalg.dot ins(%v, %v : tensor<5xf32>, tensor<5xf32>) outs(%s : tensor<f32>) -> tensor<f32>
  %4 = linalg.batch_matmul ins(%ba, %bb : tensor<2x4x5xf32>, tensor<2x5x3xf32>) outs(%bc : tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  %5 = linalg.fill ins(%x : f32) outs(%a : tensor<4x5xf32>) -> tensor<4x5xf32>
  %6 = linalg.copy ins(%a : tensor<4x5xf32>) outs(%5 : tensor<4x5xf32>) -> tensor<4x5xf32>
  %7 = linalg.transpose ins(%a : tensor<4x5xf32>) outs(%e : tensor<5x4xf32>) permutation = [1, 0]
  %8 = linalg.broadcast ins(%w : tensor<4xf32>) outs(%a : tensor<4x5xf32>) dimensions = [1]
  %9 = linalg.reduce ins(%a : tensor<4x5xf32>) outs(%w : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %r = arith.addf %in, %acc : f32
      linalg.yield %r : f32
    }
  %10 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%e, %w : tensor<5x4xf32>, tensor<4xf32>) outs(%a : tensor<4x5xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %i = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i64
    %fi = arith.sitofp %ii : i64 to f32
    %m = arith.mulf %p, %q : f32
    %t = arith.addf %m, %fi : f32
    linalg.yield %t : f32
  } -> tensor<4x5xf32>
  return %0 : tensor<4x3xf32>
}

func.func @on_buffers(%a: memref<4x5xf32>, %b: memref<5x3xf32>, %c: memref<4x3xf32>, %w: memref<4xf32>) {
  linalg.matmul ins(%a, %b : memref<4x5xf32>, memref<5x3xf32>) outs(%c : memref<4x3xf32>)
  linalg.reduce ins(%a : memref<4x5xf32>) outs(%w : memref<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %r = arith.mulf %in, %acc : f32
      linalg.yield %r : f32
    }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%a : memref<4x5xf32>) outs(%w : memref<4xf32>) {
  ^bb0(%p: f32, %o: f32):
    %m = arith.maximumf %p, %o : f32
    linalg.yield %m : f32
  }
  return
}
