"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x5xf32>, tensor<5x4xf32>, tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32>, sym_name = "holes"}> ({
  ^bb0(%arg0: tensor<4x5xf32>, %arg1: tensor<5x4xf32>, %arg2: tensor<4xf32>, %arg3: tensor<5xf32>):
    %0 = "linalg.transpose"(%arg0, %arg1) <{permutation = array<i64: 1, 0>}> ({
    ^bb0(%arg11: f32, %arg12: f32):
      "linalg.yield"(%arg11) : (f32) -> ()
    }) {tag = 1 : i32} : (tensor<4x5xf32>, tensor<5x4xf32>) -> tensor<5x4xf32>
    %1 = "linalg.broadcast"(%arg2, %arg0) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg9: f32, %arg10: f32):
      "linalg.yield"(%arg9) : (f32) -> ()
    }) {tag = 2 : i32} : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %2 = "linalg.reduce"(%arg0, %arg2) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg7: f32, %arg8: f32):
      %6 = "arith.addf"(%arg8, %arg7) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%6) : (f32) -> ()
    }) : (tensor<4x5xf32>, tensor<4xf32>) -> tensor<4xf32>
    %3 = "linalg.map"(%arg3, %arg3, %arg3) ({
    ^bb0(%arg4: f32, %arg5: f32, %arg6: f32):
      %5 = "arith.mulf"(%arg4, %arg5) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%5) : (f32) -> ()
    }) : (tensor<5xf32>, tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
    %4 = "tensor.empty"() : () -> tensor<4xf32>
    "func.return"(%2) : (tensor<4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

