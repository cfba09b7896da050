#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
#map5 = affine_map<(d0, d1) -> (d0)>
#map6 = affine_map<(d0, d1) -> (d1, d0)>
#map7 = affine_map<(d0) -> (d0)>
#map8 = affine_map<(d0) -> ()>
#map9 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map10 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#map11 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x5xf32>, tensor<5x3xf32>, tensor<4x3xf32>, tensor<5xf32>, tensor<4xf32>, tensor<f32>, tensor<2x4x5xf32>, tensor<2x5x3xf32>, tensor<2x4x3xf32>, tensor<5x4xf32>, f32) -> tensor<4x3xf32>, sym_name = "named"}> ({
  ^bb0(%arg11: tensor<4x5xf32>, %arg12: tensor<5x3xf32>, %arg13: tensor<4x3xf32>, %arg14: tensor<5xf32>, %arg15: tensor<4xf32>, %arg16: tensor<f32>, %arg17: tensor<2x4x5xf32>, %arg18: tensor<2x5x3xf32>, %arg19: tensor<2x4x3xf32>, %arg20: tensor<5x4xf32>, %arg21: f32):
    %4 = "linalg.matmul"(%arg11, %arg12, %arg13) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg47: f32, %arg48: f32, %arg49: f32):
      %29 = "arith.mulf"(%arg47, %arg48) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %30 = "arith.addf"(%arg49, %29) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%30) : (f32) -> ()
    }) : (tensor<4x5xf32>, tensor<5x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
    %5 = "linalg.matvec"(%arg11, %arg14, %arg15) <{operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg44: f32, %arg45: f32, %arg46: f32):
      %27 = "arith.mulf"(%arg44, %arg45) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %28 = "arith.addf"(%arg46, %27) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%28) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map3, #map4, #map5]} : (tensor<4x5xf32>, tensor<5xf32>, tensor<4xf32>) -> tensor<4xf32>
    %6 = "linalg.vecmat"(%arg15, %arg11, %arg14) <{operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg41: f32, %arg42: f32, %arg43: f32):
      %25 = "arith.mulf"(%arg41, %arg42) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %26 = "arith.addf"(%arg43, %25) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%26) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map4, #map6, #map5]} : (tensor<4xf32>, tensor<4x5xf32>, tensor<5xf32>) -> tensor<5xf32>
    %7 = "linalg.dot"(%arg14, %arg14, %arg16) <{operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg38: f32, %arg39: f32, %arg40: f32):
      %23 = "arith.mulf"(%arg38, %arg39) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %24 = "arith.addf"(%arg40, %23) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%24) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map7, #map7, #map8]} : (tensor<5xf32>, tensor<5xf32>, tensor<f32>) -> tensor<f32>
    %8 = "linalg.batch_matmul"(%arg17, %arg18, %arg19) <{indexing_maps = [#map9, #map10, #map11], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg35: f32, %arg36: f32, %arg37: f32):
      %21 = "arith.mulf"(%arg35, %arg36) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %22 = "arith.addf"(%arg37, %21) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%22) : (f32) -> ()
    }) : (tensor<2x4x5xf32>, tensor<2x5x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
    %9 = "linalg.fill"(%arg21, %arg11) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg33: f32, %arg34: f32):
      "linalg.yield"(%arg33) : (f32) -> ()
    }) : (f32, tensor<4x5xf32>) -> tensor<4x5xf32>
    %10 = "linalg.copy"(%arg11, %9) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg31: f32, %arg32: f32):
      "linalg.yield"(%arg31) : (f32) -> ()
    }) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %11 = "linalg.transpose"(%arg11, %arg20) <{permutation = array<i64: 1, 0>}> ({
    ^bb0(%arg29: f32, %arg30: f32):
      "linalg.yield"(%arg29) : (f32) -> ()
    }) : (tensor<4x5xf32>, tensor<5x4xf32>) -> tensor<5x4xf32>
    %12 = "linalg.broadcast"(%arg15, %arg11) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg27: f32, %arg28: f32):
      "linalg.yield"(%arg27) : (f32) -> ()
    }) : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %13 = "linalg.reduce"(%arg11, %arg15) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg25: f32, %arg26: f32):
      %20 = "arith.addf"(%arg25, %arg26) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%20) : (f32) -> ()
    }) : (tensor<4x5xf32>, tensor<4xf32>) -> tensor<4xf32>
    %14 = "linalg.generic"(%arg20, %arg15, %arg11) <{indexing_maps = [#map6, #map5, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg22: f32, %arg23: f32, %arg24: f32):
      %15 = "linalg.index"() <{dim = 1 : i64}> : () -> index
      %16 = "arith.index_cast"(%15) : (index) -> i64
      %17 = "arith.sitofp"(%16) : (i64) -> f32
      %18 = "arith.mulf"(%arg22, %arg23) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %19 = "arith.addf"(%18, %17) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%19) : (f32) -> ()
    }) : (tensor<5x4xf32>, tensor<4xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    "func.return"(%4) : (tensor<4x3xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (memref<4x5xf32>, memref<5x3xf32>, memref<4x3xf32>, memref<4xf32>) -> (), sym_name = "on_buffers"}> ({
  ^bb0(%arg0: memref<4x5xf32>, %arg1: memref<5x3xf32>, %arg2: memref<4x3xf32>, %arg3: memref<4xf32>):
    "linalg.matmul"(%arg0, %arg1, %arg2) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg8: f32, %arg9: f32, %arg10: f32):
      %2 = "arith.mulf"(%arg8, %arg9) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %3 = "arith.addf"(%arg10, %2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%3) : (f32) -> ()
    }) : (memref<4x5xf32>, memref<5x3xf32>, memref<4x3xf32>) -> ()
    "linalg.reduce"(%arg0, %arg3) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg6: f32, %arg7: f32):
      %1 = "arith.mulf"(%arg6, %arg7) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%1) : (f32) -> ()
    }) : (memref<4x5xf32>, memref<4xf32>) -> ()
    "linalg.generic"(%arg0, %arg3) <{indexing_maps = [#map3, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg4: f32, %arg5: f32):
      %0 = "arith.maximumf"(%arg4, %arg5) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%0) : (f32) -> ()
    }) : (memref<4x5xf32>, memref<4xf32>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

