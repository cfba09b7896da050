"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x5xf32>, tensor<?x5xf32>, memref<4x5xf32>, f32, index) -> f32, sym_name = "g"}> ({
  ^bb0(%arg0: tensor<4x5xf32>, %arg1: tensor<?x5xf32>, %arg2: memref<4x5xf32>, %arg3: f32, %arg4: index):
    %0 = "tensor.empty"() : () -> tensor<4x5xf32>
    %1 = "tensor.empty"(%arg4) : (index) -> tensor<?x5xf32>
    %2 = "tensor.extract"(%arg0, %arg4, %arg4) : (tensor<4x5xf32>, index, index) -> f32
    %3 = "tensor.insert"(%arg3, %arg0, %arg4, %arg4) : (f32, tensor<4x5xf32>, index, index) -> tensor<4x5xf32>
    %4 = "tensor.extract_slice"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 1>, static_sizes = array<i64: 2, 3>, static_strides = array<i64: 1, 1>}> : (tensor<4x5xf32>) -> tensor<2x3xf32>
    %5 = "tensor.extract_slice"(%arg0, %arg4) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 1>, static_sizes = array<i64: 2, 3>, static_strides = array<i64: 1, 1>}> : (tensor<4x5xf32>, index) -> tensor<2x3xf32>
    %6 = "tensor.insert_slice"(%4, %arg0) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 1>, static_sizes = array<i64: 2, 3>, static_strides = array<i64: 1, 1>}> : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %7 = "arith.constant"() <{value = 0 : index}> : () -> index
    %8 = "tensor.dim"(%arg1, %7) : (tensor<?x5xf32>, index) -> index
    %9 = "tensor.from_elements"(%arg3, %arg3) : (f32, f32) -> tensor<2xf32>
    %10 = "tensor.splat"(%arg3) : (f32) -> tensor<4x5xf32>
    %11 = "tensor.collapse_shape"(%arg0) <{reassociation = [[0, 1]]}> : (tensor<4x5xf32>) -> tensor<20xf32>
    %12 = "tensor.expand_shape"(%11) <{reassociation = [[0, 1]], static_output_shape = array<i64: 4, 5>}> : (tensor<20xf32>) -> tensor<4x5xf32>
    %13 = "tensor.cast"(%arg0) : (tensor<4x5xf32>) -> tensor<?x5xf32>
    %14 = "bufferization.to_tensor"(%arg2) : (memref<4x5xf32>) -> tensor<4x5xf32>
    %15 = "bufferization.to_buffer"(%arg0) : (tensor<4x5xf32>) -> memref<4x5xf32>
    %16 = "arith.addf"(%arg0, %arg0) <{fastmath = #arith.fastmath<none>}> : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %17 = "math.exp"(%arg0) <{fastmath = #arith.fastmath<none>}> : (tensor<4x5xf32>) -> tensor<4x5xf32>
    "func.return"(%2) : (f32) -> ()
  }) : () -> ()
}) : () -> ()

