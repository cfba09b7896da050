// Enzyme-MLIR's own output (enzyme-ad 0.0.16 wheel, enzyme_call.run_pass_pipeline with
// 'print-activity-analysis{funcs=g annotate=true}') on the func.func @g below the
// output: Enzyme renamed it @g_1 and took x, y, m active and n constant.
#loc2 = loc("-":2:16)
#loc3 = loc("-":2:25)
#loc4 = loc("-":2:34)
#loc5 = loc("-":2:53)
module {
  func.func @g_1(%arg0: f64 loc("-":2:16), %arg1: f64 loc("-":2:25), %arg2: memref<4xf64> loc("-":2:34), %arg3: index loc("-":2:53)) -> f64 attributes {enzyme.icv = array<i1: false, false, false, true>} {
    %c0 = arith.constant {enzyme.ici = true, enzyme.icv = true} 0 : index loc(#loc6)
    %c1 = arith.constant {enzyme.ici = true, enzyme.icv = true} 1 : index loc(#loc7)
    %cst = arith.constant {enzyme.ici = true, enzyme.icv = true} 0.000000e+00 : f64 loc(#loc8)
    %0 = arith.mulf %arg0, %arg1 {enzyme.ici = false, enzyme.icv = false} : f64 loc(#loc9)
    %1 = math.copysign %arg1, %arg0 {enzyme.ici = false, enzyme.icv = false} : f64 loc(#loc10)
    %2 = arith.index_cast %arg3 {enzyme.ici = true, enzyme.icv = true} : index to i64 loc(#loc11)
    %3 = arith.sitofp %2 {enzyme.ici = true, enzyme.icv = true} : i64 to f64 loc(#loc12)
    memref.store %0, %arg2[%c1] {enzyme.ici = false, enzyme.icv = true} : memref<4xf64> loc(#loc13)
    %4 = memref.load %arg2[%c0] {enzyme.ici = false, enzyme.icv = false} : memref<4xf64> loc(#loc14)
    %5 = scf.for %arg4 = %c0 to %arg3 step %c1 iter_args(%arg5 = %cst) -> (f64) {
      %8 = arith.mulf %arg5, %3 {enzyme.ici = false, enzyme.icv = false} : f64 loc(#loc16)
      %9 = arith.addf %8, %4 {enzyme.ici = false, enzyme.icv = false} : f64 loc(#loc17)
      scf.yield {enzyme.ici = true, enzyme.icv = true} %9 : f64 loc(#loc18)
    } {enzyme.ici = false, enzyme.icv = false} loc(#loc15)
    %6 = math.sin %5 {enzyme.ici = false, enzyme.icv = false} : f64 loc(#loc19)
    %7 = arith.addf %6, %1 {enzyme.ici = false, enzyme.icv = false} : f64 loc(#loc20)
    return {enzyme.ici = true, enzyme.icv = true} %7 : f64 loc(#loc21)
  } loc(#loc1)
} loc(#loc)
#loc = loc("-":1:1)
#loc1 = loc("-":2:3)
#loc6 = loc("-":3:11)
#loc7 = loc("-":4:11)
#loc8 = loc("-":5:10)
#loc9 = loc("-":6:10)
#loc10 = loc("-":7:10)
#loc11 = loc("-":8:10)
#loc12 = loc("-":9:11)
#loc13 = loc("-":10:5)
#loc14 = loc("-":11:10)
#loc15 = loc("-":12:10)
#loc16 = loc("-":13:12)
#loc17 = loc("-":14:12)
#loc18 = loc("-":15:7)
#loc19 = loc("-":17:11)
#loc20 = loc("-":18:10)
#loc21 = loc("-":19:5)

// The input:
// module {
//   func.func @g(%x: f64, %y: f64, %m: memref<4xf64>, %n: index) -> f64 {
//     %c0 = arith.constant 0 : index
//     %c1 = arith.constant 1 : index
//     %z = arith.constant 0.0 : f64
//     %a = arith.mulf %x, %y : f64
//     %b = math.copysign %y, %x : f64
//     %k = arith.index_cast %n : index to i64
//     %kf = arith.sitofp %k : i64 to f64
//     memref.store %a, %m[%c1] : memref<4xf64>
//     %l = memref.load %m[%c0] : memref<4xf64>
//     %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f64) {
//       %t = arith.mulf %acc, %kf : f64
//       %u = arith.addf %t, %l : f64
//       scf.yield %u : f64
//     }
//     %s2 = math.sin %s : f64
//     %r = arith.addf %s2, %b : f64
//     return %r : f64
//   }
// }
