#loop_annotation = #llvm.loop_annotation<mustProgress = true>
module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, llvm.ident = "Debian clang version 22.1.8 (1~deb12u1)", llvm.module_asm = [], llvm.target_triple = "x86_64-pc-linux-gnu"} {
  llvm.module_flags [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>, #llvm.mlir.module_flag<min, "PIC Level", 2 : i32>, #llvm.mlir.module_flag<max, "PIE Level", 2 : i32>, #llvm.mlir.module_flag<max, "uwtable", 2 : i32>, #llvm.mlir.module_flag<max, "frame-pointer", 2 : i32>]
  llvm.func @gmm(%arg0: !llvm.ptr {llvm.noundef}, %arg1: !llvm.ptr {llvm.noundef}, %arg2: !llvm.ptr {llvm.noundef}, %arg3: i32 {llvm.noundef}) -> f64 attributes {dso_local, frame_pointer = #llvm.framePointerKind<all>, no_inline, no_unwind, optimize_none, passthrough = [["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", uwtable_kind = #llvm.uwtableKind<async>} {
    %0 = llvm.mlir.constant(1 : i32) : i32
    %1 = llvm.mlir.constant(8 : i64) : i64
    %2 = llvm.mlir.constant(0 : i32) : i32
    %3 = llvm.mlir.constant(0 : i64) : i64
    %4 = llvm.mlir.constant(5.000000e-01 : f64) : f64
    %5 = llvm.alloca %0 x !llvm.ptr {alignment = 8 : i64} : (i32) -> !llvm.ptr
    %6 = llvm.alloca %0 x !llvm.ptr {alignment = 8 : i64} : (i32) -> !llvm.ptr
    %7 = llvm.alloca %0 x !llvm.ptr {alignment = 8 : i64} : (i32) -> !llvm.ptr
    %8 = llvm.alloca %0 x i32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
    %9 = llvm.alloca %0 x !llvm.ptr {alignment = 8 : i64} : (i32) -> !llvm.ptr
    %10 = llvm.alloca %0 x i32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
    %11 = llvm.alloca %0 x f64 {alignment = 8 : i64} : (i32) -> !llvm.ptr
    %12 = llvm.alloca %0 x f64 {alignment = 8 : i64} : (i32) -> !llvm.ptr
    llvm.store %arg0, %5 {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
    llvm.store %arg1, %6 {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
    llvm.store %arg2, %7 {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
    llvm.store %arg3, %8 {alignment = 4 : i64} : i32, !llvm.ptr
    %13 = llvm.load %8 {alignment = 4 : i64} : !llvm.ptr -> i32
    %14 = llvm.sext %13 : i32 to i64
    %15 = llvm.mul %14, %1 : i64
    %16 = llvm.call @malloc(%15) {no_unwind} : (i64 {llvm.noundef}) -> (!llvm.ptr {llvm.noalias})
    llvm.store %16, %9 {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
    llvm.store %2, %10 {alignment = 4 : i64} : i32, !llvm.ptr
    llvm.br ^bb1
  ^bb1:  // 2 preds: ^bb0, ^bb3
    %17 = llvm.load %10 {alignment = 4 : i64} : !llvm.ptr -> i32
    %18 = llvm.load %8 {alignment = 4 : i64} : !llvm.ptr -> i32
    %19 = llvm.icmp "slt" %17, %18 : i32
    llvm.cond_br %19, ^bb2, ^bb4
  ^bb2:  // pred: ^bb1
    %20 = llvm.load %7 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    %21 = llvm.getelementptr inbounds %20[%3] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %22 = llvm.load %21 {alignment = 8 : i64} : !llvm.ptr -> f64
    %23 = llvm.load %6 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    %24 = llvm.load %10 {alignment = 4 : i64} : !llvm.ptr -> i32
    %25 = llvm.sext %24 : i32 to i64
    %26 = llvm.getelementptr inbounds %23[%25] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %27 = llvm.load %26 {alignment = 8 : i64} : !llvm.ptr -> f64
    %28 = llvm.fsub %22, %27 : f64
    llvm.store %28, %11 {alignment = 8 : i64} : f64, !llvm.ptr
    %29 = llvm.load %5 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    %30 = llvm.load %10 {alignment = 4 : i64} : !llvm.ptr -> i32
    %31 = llvm.sext %30 : i32 to i64
    %32 = llvm.getelementptr inbounds %29[%31] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %33 = llvm.load %32 {alignment = 8 : i64} : !llvm.ptr -> f64
    %34 = llvm.load %11 {alignment = 8 : i64} : !llvm.ptr -> f64
    %35 = llvm.fmul %4, %34 : f64
    %36 = llvm.load %11 {alignment = 8 : i64} : !llvm.ptr -> f64
    %37 = llvm.fneg %35 : f64
    %38 = llvm.intr.fmuladd(%37, %36, %33) : (f64, f64, f64) -> f64
    %39 = llvm.load %9 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    %40 = llvm.load %10 {alignment = 4 : i64} : !llvm.ptr -> i32
    %41 = llvm.sext %40 : i32 to i64
    %42 = llvm.getelementptr inbounds %39[%41] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    llvm.store %38, %42 {alignment = 8 : i64} : f64, !llvm.ptr
    llvm.br ^bb3
  ^bb3:  // pred: ^bb2
    %43 = llvm.load %10 {alignment = 4 : i64} : !llvm.ptr -> i32
    %44 = llvm.add %43, %0 overflow<nsw> : i32
    llvm.store %44, %10 {alignment = 4 : i64} : i32, !llvm.ptr
    llvm.br ^bb1 {loop_annotation = #loop_annotation}
  ^bb4:  // pred: ^bb1
    %45 = llvm.load %9 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    %46 = llvm.load %8 {alignment = 4 : i64} : !llvm.ptr -> i32
    %47 = llvm.call @logsumexp(%45, %46) : (!llvm.ptr {llvm.noundef}, i32 {llvm.noundef}) -> f64
    llvm.store %47, %12 {alignment = 8 : i64} : f64, !llvm.ptr
    %48 = llvm.load %9 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    llvm.call @free(%48) {no_unwind} : (!llvm.ptr {llvm.noundef}) -> ()
    %49 = llvm.load %12 {alignment = 8 : i64} : !llvm.ptr -> f64
    llvm.return %49 : f64
  }
  llvm.func @malloc(i64 {llvm.noundef}) -> (!llvm.ptr {llvm.noalias}) attributes {frame_pointer = #llvm.framePointerKind<all>, no_unwind, passthrough = [["allocsize", "4294967295"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic"}
  llvm.func internal @logsumexp(%arg0: !llvm.ptr {llvm.noundef}, %arg1: i32 {llvm.noundef}) -> f64 attributes {dso_local, frame_pointer = #llvm.framePointerKind<all>, no_inline, no_unwind, optimize_none, passthrough = [["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", uwtable_kind = #llvm.uwtableKind<async>} {
    %0 = llvm.mlir.constant(1 : i32) : i32
    %1 = llvm.mlir.constant(0 : i64) : i64
    %2 = llvm.mlir.constant(0.000000e+00 : f64) : f64
    %3 = llvm.mlir.constant(0 : i32) : i32
    %4 = llvm.alloca %0 x !llvm.ptr {alignment = 8 : i64} : (i32) -> !llvm.ptr
    %5 = llvm.alloca %0 x i32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
    %6 = llvm.alloca %0 x f64 {alignment = 8 : i64} : (i32) -> !llvm.ptr
    %7 = llvm.alloca %0 x i32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
    %8 = llvm.alloca %0 x f64 {alignment = 8 : i64} : (i32) -> !llvm.ptr
    %9 = llvm.alloca %0 x i32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
    llvm.store %arg0, %4 {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
    llvm.store %arg1, %5 {alignment = 4 : i64} : i32, !llvm.ptr
    %10 = llvm.load %4 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    %11 = llvm.getelementptr inbounds %10[%1] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %12 = llvm.load %11 {alignment = 8 : i64} : !llvm.ptr -> f64
    llvm.store %12, %6 {alignment = 8 : i64} : f64, !llvm.ptr
    llvm.store %0, %7 {alignment = 4 : i64} : i32, !llvm.ptr
    llvm.br ^bb1
  ^bb1:  // 2 preds: ^bb0, ^bb5
    %13 = llvm.load %7 {alignment = 4 : i64} : !llvm.ptr -> i32
    %14 = llvm.load %5 {alignment = 4 : i64} : !llvm.ptr -> i32
    %15 = llvm.icmp "slt" %13, %14 : i32
    llvm.cond_br %15, ^bb2, ^bb6
  ^bb2:  // pred: ^bb1
    %16 = llvm.load %4 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    %17 = llvm.load %7 {alignment = 4 : i64} : !llvm.ptr -> i32
    %18 = llvm.sext %17 : i32 to i64
    %19 = llvm.getelementptr inbounds %16[%18] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %20 = llvm.load %19 {alignment = 8 : i64} : !llvm.ptr -> f64
    %21 = llvm.load %6 {alignment = 8 : i64} : !llvm.ptr -> f64
    %22 = llvm.fcmp "ogt" %20, %21 : f64
    llvm.cond_br %22, ^bb3, ^bb4
  ^bb3:  // pred: ^bb2
    %23 = llvm.load %4 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    %24 = llvm.load %7 {alignment = 4 : i64} : !llvm.ptr -> i32
    %25 = llvm.sext %24 : i32 to i64
    %26 = llvm.getelementptr inbounds %23[%25] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %27 = llvm.load %26 {alignment = 8 : i64} : !llvm.ptr -> f64
    llvm.store %27, %6 {alignment = 8 : i64} : f64, !llvm.ptr
    llvm.br ^bb4
  ^bb4:  // 2 preds: ^bb2, ^bb3
    llvm.br ^bb5
  ^bb5:  // pred: ^bb4
    %28 = llvm.load %7 {alignment = 4 : i64} : !llvm.ptr -> i32
    %29 = llvm.add %28, %0 overflow<nsw> : i32
    llvm.store %29, %7 {alignment = 4 : i64} : i32, !llvm.ptr
    llvm.br ^bb1 {loop_annotation = #loop_annotation}
  ^bb6:  // pred: ^bb1
    llvm.store %2, %8 {alignment = 8 : i64} : f64, !llvm.ptr
    llvm.store %3, %9 {alignment = 4 : i64} : i32, !llvm.ptr
    llvm.br ^bb7
  ^bb7:  // 2 preds: ^bb6, ^bb9
    %30 = llvm.load %9 {alignment = 4 : i64} : !llvm.ptr -> i32
    %31 = llvm.load %5 {alignment = 4 : i64} : !llvm.ptr -> i32
    %32 = llvm.icmp "slt" %30, %31 : i32
    llvm.cond_br %32, ^bb8, ^bb10
  ^bb8:  // pred: ^bb7
    %33 = llvm.load %4 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    %34 = llvm.load %9 {alignment = 4 : i64} : !llvm.ptr -> i32
    %35 = llvm.sext %34 : i32 to i64
    %36 = llvm.getelementptr inbounds %33[%35] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %37 = llvm.load %36 {alignment = 8 : i64} : !llvm.ptr -> f64
    %38 = llvm.load %6 {alignment = 8 : i64} : !llvm.ptr -> f64
    %39 = llvm.fsub %37, %38 : f64
    %40 = llvm.call @exp(%39) {no_unwind} : (f64 {llvm.noundef}) -> f64
    %41 = llvm.load %8 {alignment = 8 : i64} : !llvm.ptr -> f64
    %42 = llvm.fadd %41, %40 : f64
    llvm.store %42, %8 {alignment = 8 : i64} : f64, !llvm.ptr
    llvm.br ^bb9
  ^bb9:  // pred: ^bb8
    %43 = llvm.load %9 {alignment = 4 : i64} : !llvm.ptr -> i32
    %44 = llvm.add %43, %0 overflow<nsw> : i32
    llvm.store %44, %9 {alignment = 4 : i64} : i32, !llvm.ptr
    llvm.br ^bb7 {loop_annotation = #loop_annotation}
  ^bb10:  // pred: ^bb7
    %45 = llvm.load %8 {alignment = 8 : i64} : !llvm.ptr -> f64
    %46 = llvm.call @log(%45) {no_unwind} : (f64 {llvm.noundef}) -> f64
    %47 = llvm.load %6 {alignment = 8 : i64} : !llvm.ptr -> f64
    %48 = llvm.fadd %46, %47 : f64
    llvm.return %48 : f64
  }
  llvm.func @free(!llvm.ptr {llvm.noundef}) attributes {frame_pointer = #llvm.framePointerKind<all>, no_unwind, passthrough = [["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic"}
  llvm.func @lstm(%arg0: !llvm.ptr {llvm.noundef}, %arg1: !llvm.ptr {llvm.noundef}, %arg2: i32 {llvm.noundef}) -> f64 attributes {dso_local, frame_pointer = #llvm.framePointerKind<all>, no_inline, no_unwind, optimize_none, passthrough = [["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", uwtable_kind = #llvm.uwtableKind<async>} {
    %0 = llvm.mlir.constant(1 : i32) : i32
    %1 = llvm.mlir.constant(0 : i64) : i64
    %2 = llvm.mlir.constant(0 : i8) : i8
    %3 = llvm.mlir.constant(16 : i64) : i64
    %4 = llvm.mlir.constant(0 : i32) : i32
    %5 = llvm.mlir.constant(1 : i64) : i64
    %6 = llvm.mlir.constant(1.000000e+00 : f64) : f64
    %7 = llvm.alloca %0 x !llvm.ptr {alignment = 8 : i64} : (i32) -> !llvm.ptr
    %8 = llvm.alloca %0 x !llvm.ptr {alignment = 8 : i64} : (i32) -> !llvm.ptr
    %9 = llvm.alloca %0 x i32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
    %10 = llvm.alloca %0 x !llvm.array<2 x f64> {alignment = 16 : i64} : (i32) -> !llvm.ptr
    %11 = llvm.alloca %0 x i32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
    %12 = llvm.alloca %0 x f64 {alignment = 8 : i64} : (i32) -> !llvm.ptr
    llvm.store %arg0, %7 {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
    llvm.store %arg1, %8 {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
    llvm.store %arg2, %9 {alignment = 4 : i64} : i32, !llvm.ptr
    %13 = llvm.getelementptr inbounds %10[%1, %1] : (!llvm.ptr, i64, i64) -> !llvm.ptr, !llvm.array<2 x f64>
    "llvm.intr.memset"(%13, %2, %3) <{arg_attrs = [{llvm.align = 16 : i64}, {}, {}], isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
    llvm.store %4, %11 {alignment = 4 : i64} : i32, !llvm.ptr
    llvm.br ^bb1
  ^bb1:  // 2 preds: ^bb0, ^bb3
    %14 = llvm.load %11 {alignment = 4 : i64} : !llvm.ptr -> i32
    %15 = llvm.load %9 {alignment = 4 : i64} : !llvm.ptr -> i32
    %16 = llvm.icmp "slt" %14, %15 : i32
    llvm.cond_br %16, ^bb2, ^bb4
  ^bb2:  // pred: ^bb1
    %17 = llvm.load %7 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    %18 = llvm.getelementptr inbounds %17[%1] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %19 = llvm.load %18 {alignment = 8 : i64} : !llvm.ptr -> f64
    %20 = llvm.load %8 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    %21 = llvm.load %11 {alignment = 4 : i64} : !llvm.ptr -> i32
    %22 = llvm.sext %21 : i32 to i64
    %23 = llvm.getelementptr inbounds %20[%22] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %24 = llvm.load %23 {alignment = 8 : i64} : !llvm.ptr -> f64
    %25 = llvm.load %7 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    %26 = llvm.getelementptr inbounds %25[%5] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %27 = llvm.load %26 {alignment = 8 : i64} : !llvm.ptr -> f64
    %28 = llvm.getelementptr inbounds %10[%1, %5] : (!llvm.ptr, i64, i64) -> !llvm.ptr, !llvm.array<2 x f64>
    %29 = llvm.load %28 {alignment = 8 : i64} : !llvm.ptr -> f64
    %30 = llvm.fmul %27, %29 : f64
    %31 = llvm.intr.fmuladd(%19, %24, %30) : (f64, f64, f64) -> f64
    %32 = llvm.fneg %31 : f64
    %33 = llvm.call @exp(%32) {no_unwind} : (f64 {llvm.noundef}) -> f64
    %34 = llvm.fadd %6, %33 : f64
    %35 = llvm.fdiv %6, %34 : f64
    llvm.store %35, %12 {alignment = 8 : i64} : f64, !llvm.ptr
    %36 = llvm.load %12 {alignment = 8 : i64} : !llvm.ptr -> f64
    %37 = llvm.getelementptr inbounds %10[%1, %1] : (!llvm.ptr, i64, i64) -> !llvm.ptr, !llvm.array<2 x f64>
    %38 = llvm.load %37 {alignment = 16 : i64} : !llvm.ptr -> f64
    %39 = llvm.load %12 {alignment = 8 : i64} : !llvm.ptr -> f64
    %40 = llvm.fsub %6, %39 : f64
    %41 = llvm.load %8 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    %42 = llvm.load %11 {alignment = 4 : i64} : !llvm.ptr -> i32
    %43 = llvm.sext %42 : i32 to i64
    %44 = llvm.getelementptr inbounds %41[%43] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %45 = llvm.load %44 {alignment = 8 : i64} : !llvm.ptr -> f64
    %46 = llvm.call @tanh(%45) {no_unwind} : (f64 {llvm.noundef}) -> f64
    %47 = llvm.fmul %40, %46 : f64
    %48 = llvm.intr.fmuladd(%36, %38, %47) : (f64, f64, f64) -> f64
    %49 = llvm.getelementptr inbounds %10[%1, %1] : (!llvm.ptr, i64, i64) -> !llvm.ptr, !llvm.array<2 x f64>
    llvm.store %48, %49 {alignment = 16 : i64} : f64, !llvm.ptr
    %50 = llvm.getelementptr inbounds %10[%1, %1] : (!llvm.ptr, i64, i64) -> !llvm.ptr, !llvm.array<2 x f64>
    %51 = llvm.load %50 {alignment = 16 : i64} : !llvm.ptr -> f64
    %52 = llvm.call @tanh(%51) {no_unwind} : (f64 {llvm.noundef}) -> f64
    %53 = llvm.getelementptr inbounds %10[%1, %5] : (!llvm.ptr, i64, i64) -> !llvm.ptr, !llvm.array<2 x f64>
    llvm.store %52, %53 {alignment = 8 : i64} : f64, !llvm.ptr
    llvm.br ^bb3
  ^bb3:  // pred: ^bb2
    %54 = llvm.load %11 {alignment = 4 : i64} : !llvm.ptr -> i32
    %55 = llvm.add %54, %0 overflow<nsw> : i32
    llvm.store %55, %11 {alignment = 4 : i64} : i32, !llvm.ptr
    llvm.br ^bb1 {loop_annotation = #loop_annotation}
  ^bb4:  // pred: ^bb1
    %56 = llvm.getelementptr inbounds %10[%1, %5] : (!llvm.ptr, i64, i64) -> !llvm.ptr, !llvm.array<2 x f64>
    %57 = llvm.load %56 {alignment = 8 : i64} : !llvm.ptr -> f64
    llvm.return %57 : f64
  }
  llvm.func @exp(f64 {llvm.noundef}) -> f64 attributes {frame_pointer = #llvm.framePointerKind<all>, no_unwind, passthrough = [["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic"}
  llvm.func @tanh(f64 {llvm.noundef}) -> f64 attributes {frame_pointer = #llvm.framePointerKind<all>, no_unwind, passthrough = [["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic"}
  llvm.func @ba(%arg0: !llvm.ptr {llvm.noundef}, %arg1: !llvm.ptr {llvm.noundef}, %arg2: !llvm.ptr {llvm.noundef}, %arg3: !llvm.ptr {llvm.noundef}) attributes {dso_local, frame_pointer = #llvm.framePointerKind<all>, no_inline, no_unwind, optimize_none, passthrough = [["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", uwtable_kind = #llvm.uwtableKind<async>} {
    %0 = llvm.mlir.constant(1 : i32) : i32
    %1 = llvm.mlir.constant(0 : i64) : i64
    %2 = llvm.mlir.constant(24 : i64) : i64
    %3 = llvm.mlir.constant(1 : i64) : i64
    %4 = llvm.mlir.constant(2 : i64) : i64
    %5 = llvm.mlir.constant(3 : i64) : i64
    %6 = llvm.mlir.constant(4 : i64) : i64
    %7 = llvm.alloca %0 x !llvm.ptr {alignment = 8 : i64} : (i32) -> !llvm.ptr
    %8 = llvm.alloca %0 x !llvm.ptr {alignment = 8 : i64} : (i32) -> !llvm.ptr
    %9 = llvm.alloca %0 x !llvm.ptr {alignment = 8 : i64} : (i32) -> !llvm.ptr
    %10 = llvm.alloca %0 x !llvm.ptr {alignment = 8 : i64} : (i32) -> !llvm.ptr
    %11 = llvm.alloca %0 x !llvm.array<3 x f64> {alignment = 16 : i64} : (i32) -> !llvm.ptr
    %12 = llvm.alloca %0 x f64 {alignment = 8 : i64} : (i32) -> !llvm.ptr
    %13 = llvm.alloca %0 x f64 {alignment = 8 : i64} : (i32) -> !llvm.ptr
    %14 = llvm.alloca %0 x f64 {alignment = 8 : i64} : (i32) -> !llvm.ptr
    %15 = llvm.alloca %0 x f64 {alignment = 8 : i64} : (i32) -> !llvm.ptr
    %16 = llvm.alloca %0 x f64 {alignment = 8 : i64} : (i32) -> !llvm.ptr
    llvm.store %arg0, %7 {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
    llvm.store %arg1, %8 {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
    llvm.store %arg2, %9 {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
    llvm.store %arg3, %10 {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
    %17 = llvm.getelementptr inbounds %11[%1, %1] : (!llvm.ptr, i64, i64) -> !llvm.ptr, !llvm.array<3 x f64>
    %18 = llvm.load %8 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    "llvm.intr.memcpy"(%17, %18, %2) <{arg_attrs = [{llvm.align = 16 : i64}, {llvm.align = 8 : i64}, {}], isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %19 = llvm.load %7 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    %20 = llvm.getelementptr inbounds %19[%1] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %21 = llvm.load %20 {alignment = 8 : i64} : !llvm.ptr -> f64
    %22 = llvm.call @cos(%21) {no_unwind} : (f64 {llvm.noundef}) -> f64
    llvm.store %22, %12 {alignment = 8 : i64} : f64, !llvm.ptr
    %23 = llvm.load %7 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    %24 = llvm.getelementptr inbounds %23[%1] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %25 = llvm.load %24 {alignment = 8 : i64} : !llvm.ptr -> f64
    %26 = llvm.call @sin(%25) {no_unwind} : (f64 {llvm.noundef}) -> f64
    llvm.store %26, %13 {alignment = 8 : i64} : f64, !llvm.ptr
    %27 = llvm.load %12 {alignment = 8 : i64} : !llvm.ptr -> f64
    %28 = llvm.getelementptr inbounds %11[%1, %1] : (!llvm.ptr, i64, i64) -> !llvm.ptr, !llvm.array<3 x f64>
    %29 = llvm.load %28 {alignment = 16 : i64} : !llvm.ptr -> f64
    %30 = llvm.load %13 {alignment = 8 : i64} : !llvm.ptr -> f64
    %31 = llvm.getelementptr inbounds %11[%1, %3] : (!llvm.ptr, i64, i64) -> !llvm.ptr, !llvm.array<3 x f64>
    %32 = llvm.load %31 {alignment = 8 : i64} : !llvm.ptr -> f64
    %33 = llvm.fmul %30, %32 : f64
    %34 = llvm.fneg %33 : f64
    %35 = llvm.intr.fmuladd(%27, %29, %34) : (f64, f64, f64) -> f64
    %36 = llvm.load %7 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    %37 = llvm.getelementptr inbounds %36[%3] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %38 = llvm.load %37 {alignment = 8 : i64} : !llvm.ptr -> f64
    %39 = llvm.fadd %35, %38 : f64
    llvm.store %39, %14 {alignment = 8 : i64} : f64, !llvm.ptr
    %40 = llvm.load %13 {alignment = 8 : i64} : !llvm.ptr -> f64
    %41 = llvm.getelementptr inbounds %11[%1, %1] : (!llvm.ptr, i64, i64) -> !llvm.ptr, !llvm.array<3 x f64>
    %42 = llvm.load %41 {alignment = 16 : i64} : !llvm.ptr -> f64
    %43 = llvm.load %12 {alignment = 8 : i64} : !llvm.ptr -> f64
    %44 = llvm.getelementptr inbounds %11[%1, %3] : (!llvm.ptr, i64, i64) -> !llvm.ptr, !llvm.array<3 x f64>
    %45 = llvm.load %44 {alignment = 8 : i64} : !llvm.ptr -> f64
    %46 = llvm.fmul %43, %45 : f64
    %47 = llvm.intr.fmuladd(%40, %42, %46) : (f64, f64, f64) -> f64
    %48 = llvm.load %7 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    %49 = llvm.getelementptr inbounds %48[%4] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %50 = llvm.load %49 {alignment = 8 : i64} : !llvm.ptr -> f64
    %51 = llvm.fadd %47, %50 : f64
    llvm.store %51, %15 {alignment = 8 : i64} : f64, !llvm.ptr
    %52 = llvm.getelementptr inbounds %11[%1, %4] : (!llvm.ptr, i64, i64) -> !llvm.ptr, !llvm.array<3 x f64>
    %53 = llvm.load %52 {alignment = 16 : i64} : !llvm.ptr -> f64
    %54 = llvm.load %7 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    %55 = llvm.getelementptr inbounds %54[%5] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %56 = llvm.load %55 {alignment = 8 : i64} : !llvm.ptr -> f64
    %57 = llvm.fadd %53, %56 : f64
    llvm.store %57, %16 {alignment = 8 : i64} : f64, !llvm.ptr
    %58 = llvm.load %7 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    %59 = llvm.getelementptr inbounds %58[%6] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %60 = llvm.load %59 {alignment = 8 : i64} : !llvm.ptr -> f64
    %61 = llvm.load %14 {alignment = 8 : i64} : !llvm.ptr -> f64
    %62 = llvm.fmul %60, %61 : f64
    %63 = llvm.load %16 {alignment = 8 : i64} : !llvm.ptr -> f64
    %64 = llvm.fdiv %62, %63 : f64
    %65 = llvm.load %9 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    %66 = llvm.getelementptr inbounds %65[%1] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %67 = llvm.load %66 {alignment = 8 : i64} : !llvm.ptr -> f64
    %68 = llvm.fsub %64, %67 : f64
    %69 = llvm.load %10 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    %70 = llvm.getelementptr inbounds %69[%1] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    llvm.store %68, %70 {alignment = 8 : i64} : f64, !llvm.ptr
    %71 = llvm.load %7 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    %72 = llvm.getelementptr inbounds %71[%6] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %73 = llvm.load %72 {alignment = 8 : i64} : !llvm.ptr -> f64
    %74 = llvm.load %15 {alignment = 8 : i64} : !llvm.ptr -> f64
    %75 = llvm.fmul %73, %74 : f64
    %76 = llvm.load %16 {alignment = 8 : i64} : !llvm.ptr -> f64
    %77 = llvm.fdiv %75, %76 : f64
    %78 = llvm.load %9 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    %79 = llvm.getelementptr inbounds %78[%3] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %80 = llvm.load %79 {alignment = 8 : i64} : !llvm.ptr -> f64
    %81 = llvm.fsub %77, %80 : f64
    %82 = llvm.load %10 {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
    %83 = llvm.getelementptr inbounds %82[%3] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    llvm.store %81, %83 {alignment = 8 : i64} : f64, !llvm.ptr
    llvm.return
  }
  llvm.func @cos(f64 {llvm.noundef}) -> f64 attributes {frame_pointer = #llvm.framePointerKind<all>, no_unwind, passthrough = [["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic"}
  llvm.func @sin(f64 {llvm.noundef}) -> f64 attributes {frame_pointer = #llvm.framePointerKind<all>, no_unwind, passthrough = [["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic"}
  llvm.func @log(f64 {llvm.noundef}) -> f64 attributes {frame_pointer = #llvm.framePointerKind<all>, no_unwind, passthrough = [["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic"}
}
