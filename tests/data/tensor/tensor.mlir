// tensor, bufferization, and elementwise arith/math ops on tensors, in custom form.
func.func @g(%t: tensor<4x5xf32>, %d: tensor<?x5xf32>, %m: memref<4x5xf32>, %x: f32, %i: index) -> f32 {
  %e = tensor.empty() : tensor<4x5xf32>
  %e2 = tensor.empty(%i) : tensor<?x5xf32>
  %a = tensor.extract %t[%i, %i] : tensor<4x5xf32>
  %b = tensor.insert %x into %t[%i, %i] : tensor<4x5xf32>
  %s = tensor.extract_slice %t[0, 1] [2, 3] [1, 1] : tensor<4x5xf32> to tensor<2x3xf32>
  %s2 = tensor.extract_slice %t[%i, 1] [2, 3] [1, 1] : tensor<4x5xf32> to tensor<2x3xf32>
  %u = tensor.insert_slice %s into %t[0, 1] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<4x5xf32>
  %c0 = arith.constant 0 : index
  %dd = tensor.dim %d, %c0 : tensor<?x5xf32>
  %fe = tensor.from_elements %x, %x : tensor<2xf32>
  %sp = tensor.splat %x : tensor<4x5xf32>
  %cs = tensor.collapse_shape %t [[0, 1]] : tensor<4x5xf32> into tensor<20xf32>
  %es = tensor.expand_shape %cs [[0, 1]] output_shape [4, 5] : tensor<20xf32> into tensor<4x5xf32>
  %ca = tensor.cast %t : tensor<4x5xf32> to tensor<?x5xf32>
  %tt = bufferization.to_tensor %m : memref<4x5xf32> to tensor<4x5xf32>
  %tb = bufferization.to_buffer %t : tensor<4x5xf32> to memref<4x5xf32>
  %ad = arith.addf %t, %t : tensor<4x5xf32>
  %ex = math.exp %t : tensor<4x5xf32>
  return %a : f32
}
