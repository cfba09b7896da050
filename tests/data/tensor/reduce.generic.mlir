"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x5xf32>, tensor<4xf32>, tensor<5x4xf32>) -> tensor<4xf32>, sym_name = "r"}> ({
  ^bb0(%arg0: tensor<4x5xf32>, %arg1: tensor<4xf32>, %arg2: tensor<5x4xf32>):
    %0 = "linalg.reduce"(%arg0, %arg1) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg11: f32, %arg12: f32):
      %7 = "arith.addf"(%arg12, %arg11) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%7) : (f32) -> ()
    }) : (tensor<4x5xf32>, tensor<4xf32>) -> tensor<4xf32>
    %1 = "linalg.reduce"(%arg0, %0) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg9: f32, %arg10: f32):
      %6 = "arith.mulf"(%arg9, %arg10) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%6) : (f32) -> ()
    }) {tag = 1 : i32} : (tensor<4x5xf32>, tensor<4xf32>) -> tensor<4xf32>
    %2 = "linalg.reduce"(%arg0, %1) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg7: f32, %arg8: f32):
      %5 = "arith.maximumf"(%arg8, %arg7) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
      "linalg.yield"(%5) : (f32) -> ()
    }) {tag = 2 : i32} : (tensor<4x5xf32>, tensor<4xf32>) -> tensor<4xf32>
    %3 = "linalg.transpose"(%arg0, %arg2) <{permutation = array<i64: 1, 0>}> ({
    ^bb0(%arg5: f32, %arg6: f32):
      "linalg.yield"(%arg5) : (f32) -> ()
    }) {tag = 3 : i32} : (tensor<4x5xf32>, tensor<5x4xf32>) -> tensor<5x4xf32>
    %4 = "linalg.broadcast"(%2, %arg0) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg3: f32, %arg4: f32):
      "linalg.yield"(%arg3) : (f32) -> ()
    }) {tag = 4 : i32} : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    "func.return"(%2) : (tensor<4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

