#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<8x3xf32, strided<[?, ?], offset: ?>>, memref<3xf32, strided<[?], offset: ?>>) -> memref<4x3xf32>, sym_name = "mlp"}> ({
  ^bb0(%arg0: memref<4x8xf32, strided<[?, ?], offset: ?>>, %arg1: memref<8x3xf32, strided<[?, ?], offset: ?>>, %arg2: memref<3xf32, strided<[?], offset: ?>>):
    %0 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %1 = "memref.alloc"() <{alignment = 64 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4x3xf32>
    %2 = "memref.alloc"() <{alignment = 64 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4x3xf32>
    "linalg.fill"(%0, %2) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg15: f32, %arg16: f32):
      "linalg.yield"(%arg15) : (f32) -> ()
    }) : (f32, memref<4x3xf32>) -> ()
    "linalg.matmul"(%arg0, %arg1, %2) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg12: f32, %arg13: f32, %arg14: f32):
      %7 = "arith.mulf"(%arg12, %arg13) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %8 = "arith.addf"(%arg14, %7) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%8) : (f32) -> ()
    }) : (memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<8x3xf32, strided<[?, ?], offset: ?>>, memref<4x3xf32>) -> ()
    "linalg.broadcast"(%arg2, %1) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg10: f32, %arg11: f32):
      "linalg.yield"(%arg10) : (f32) -> ()
    }) : (memref<3xf32, strided<[?], offset: ?>>, memref<4x3xf32>) -> ()
    "linalg.generic"(%2, %1, %2) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg7: f32, %arg8: f32, %arg9: f32):
      %6 = "arith.addf"(%arg7, %arg8) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%6) : (f32) -> ()
    }) : (memref<4x3xf32>, memref<4x3xf32>, memref<4x3xf32>) -> ()
    %3 = "memref.alloc"() <{alignment = 64 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4x3xf32>
    "linalg.map"(%3) ({
    ^bb0(%arg6: f32):
      "linalg.yield"(%0) : (f32) -> ()
    }) : (memref<4x3xf32>) -> ()
    "linalg.generic"(%2, %3, %2) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %5 = "arith.maximumf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%5) : (f32) -> ()
    }) : (memref<4x3xf32>, memref<4x3xf32>, memref<4x3xf32>) -> ()
    %4 = "memref.cast"(%2) : (memref<4x3xf32>) -> memref<4x3xf32, strided<[?, ?], offset: ?>>
    "func.return"(%2) : (memref<4x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()

