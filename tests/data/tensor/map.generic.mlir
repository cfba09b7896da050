"builtin.module"() ({
  "func.func"() <{function_type = (tensor<5xf32>, tensor<5xi32>) -> tensor<5xf32>, sym_name = "m"}> ({
  ^bb0(%arg0: tensor<5xf32>, %arg1: tensor<5xi32>):
    %0 = "linalg.map"(%arg0, %arg0, %arg0) ({
    ^bb0(%arg9: f32, %arg10: f32, %arg11: f32):
      %7 = "arith.mulf"(%arg9, %arg10) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %8 = "arith.addf"(%7, %arg11) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%8) : (f32) -> ()
    }) {tag = 1 : i32} : (tensor<5xf32>, tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
    %1 = "linalg.map"(%arg0, %0, %arg0) ({
    ^bb0(%arg6: f32, %arg7: f32, %arg8: f32):
      %6 = "arith.addf"(%arg6, %arg7) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
      "linalg.yield"(%6) : (f32) -> ()
    }) : (tensor<5xf32>, tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
    %2 = "linalg.map"(%1, %arg0) ({
    ^bb0(%arg4: f32, %arg5: f32):
      %5 = "math.exp"(%arg4) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      "linalg.yield"(%5) : (f32) -> ()
    }) {tag = 2 : i32} : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
    %3 = "linalg.map"(%arg1, %arg0) ({
    ^bb0(%arg2: i32, %arg3: f32):
      %4 = "arith.sitofp"(%arg2) : (i32) -> f32
      "linalg.yield"(%4) : (f32) -> ()
    }) : (tensor<5xi32>, tensor<5xf32>) -> tensor<5xf32>
    "func.return"(%2) : (tensor<5xf32>) -> ()
  }) : () -> ()
}) : () -> ()

