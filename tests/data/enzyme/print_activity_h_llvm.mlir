// Enzyme-MLIR's own output (enzyme-ad 0.0.16 wheel, enzyme_call.run_pass_pipeline with
// 'print-activity-analysis{funcs=h annotate=true}') on the llvm.func @h below the
// output: Enzyme renamed it @h_1 and took p and x active, n constant.
#loc2 = loc("-":2:16)
#loc3 = loc("-":2:31)
#loc4 = loc("-":2:40)
module {
  llvm.func @h_1(%arg0: !llvm.ptr loc("-":2:16), %arg1: f64 loc("-":2:31), %arg2: i64 loc("-":2:40)) -> f64 attributes {enzyme.icv = array<i1: false, false, true>} {
    %0 = llvm.mlir.constant(1 : i64) {enzyme.ici = true, enzyme.icv = true} : i64 loc(#loc5)
    %1 = llvm.alloca %0 x f64 {enzyme.ici = true, enzyme.icv = false} : (i64) -> !llvm.ptr loc(#loc6)
    llvm.store %arg1, %1 {enzyme.ici = false, enzyme.icv = true} : f64, !llvm.ptr loc(#loc7)
    %2 = llvm.getelementptr %arg0[%arg2] {enzyme.ici = true, enzyme.icv = false} : (!llvm.ptr, i64) -> !llvm.ptr, f64 loc(#loc8)
    %3 = llvm.load %2 {enzyme.ici = false, enzyme.icv = false} : !llvm.ptr -> f64 loc(#loc9)
    %4 = llvm.load %1 {enzyme.ici = false, enzyme.icv = false} : !llvm.ptr -> f64 loc(#loc10)
    %5 = llvm.sitofp %arg2 {enzyme.ici = true, enzyme.icv = true} : i64 to f64 loc(#loc11)
    %6 = llvm.fmul %3, %5 {enzyme.ici = false, enzyme.icv = false} : f64 loc(#loc12)
    %7 = llvm.fadd %6, %4 {enzyme.ici = false, enzyme.icv = false} : f64 loc(#loc13)
    llvm.return {enzyme.ici = true, enzyme.icv = true} %7 : f64 loc(#loc14)
  } loc(#loc1)
} loc(#loc)
#loc = loc("-":1:1)
#loc1 = loc("-":2:3)
#loc5 = loc("-":3:11)
#loc6 = loc("-":4:10)
#loc7 = loc("-":5:5)
#loc8 = loc("-":6:10)
#loc9 = loc("-":7:10)
#loc10 = loc("-":8:10)
#loc11 = loc("-":9:10)
#loc12 = loc("-":10:10)
#loc13 = loc("-":11:10)
#loc14 = loc("-":12:5)

// The input:
// module {
//   llvm.func @h(%p: !llvm.ptr, %x: f64, %n: i64) -> f64 {
//     %c1 = llvm.mlir.constant(1 : i64) : i64
//     %a = llvm.alloca %c1 x f64 : (i64) -> !llvm.ptr
//     llvm.store %x, %a : f64, !llvm.ptr
//     %q = llvm.getelementptr %p[%n] : (!llvm.ptr, i64) -> !llvm.ptr, f64
//     %v = llvm.load %q : !llvm.ptr -> f64
//     %w = llvm.load %a : !llvm.ptr -> f64
//     %k = llvm.sitofp %n : i64 to f64
//     %m = llvm.fmul %v, %k : f64
//     %r = llvm.fadd %m, %w : f64
//     llvm.return %r : f64
//   }
// }
