#loop_unroll = #llvm.loop_unroll<disable = true>
#tbaa_root = #llvm.tbaa_root<id = "Simple C/C++ TBAA">
#loop_annotation = #llvm.loop_annotation<unroll = #loop_unroll, mustProgress = true>
#tbaa_type_desc = #llvm.tbaa_type_desc<id = "omnipotent char", members = {<#tbaa_root, 0>}>
#tbaa_type_desc1 = #llvm.tbaa_type_desc<id = "double", members = {<#tbaa_type_desc, 0>}>
#tbaa_type_desc2 = #llvm.tbaa_type_desc<id = "int", members = {<#tbaa_type_desc, 0>}>
#tbaa_tag = #llvm.tbaa_tag<base_type = #tbaa_type_desc1, access_type = #tbaa_type_desc1, offset = 0>
#tbaa_tag1 = #llvm.tbaa_tag<base_type = #tbaa_type_desc2, access_type = #tbaa_type_desc2, offset = 0>
module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, llvm.ident = "Debian clang version 22.1.8 (1~deb12u1)", llvm.module_asm = [], llvm.target_triple = "x86_64-pc-linux-gnu"} {
  llvm.module_flags [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>, #llvm.mlir.module_flag<min, "PIC Level", 2 : i32>, #llvm.mlir.module_flag<max, "PIE Level", 2 : i32>, #llvm.mlir.module_flag<max, "uwtable", 2 : i32>]
  llvm.func local_unnamed_addr @gmm(%arg0: !llvm.ptr {llvm.nocapture, llvm.noundef, llvm.readonly}, %arg1: !llvm.ptr {llvm.nocapture, llvm.noundef, llvm.readonly}, %arg2: !llvm.ptr {llvm.nocapture, llvm.noundef, llvm.readonly}, %arg3: i32 {llvm.noundef}) -> f64 attributes {dso_local, memory_effects = #llvm.memory_effects<other = readwrite, argMem = read, inaccessibleMem = readwrite, errnoMem = readwrite, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = [["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", uwtable_kind = #llvm.uwtableKind<async>} {
    %0 = llvm.mlir.constant(3 : i64) : i64
    %1 = llvm.mlir.constant(0 : i32) : i32
    %2 = llvm.mlir.constant(0 : i64) : i64
    %3 = llvm.mlir.constant(-5.000000e-01 : f64) : f64
    %4 = llvm.mlir.constant(1 : i64) : i64
    %5 = llvm.mlir.constant(1 : i32) : i32
    %6 = llvm.mlir.constant(0.000000e+00 : f64) : f64
    %7 = llvm.sext %arg3 : i32 to i64
    %8 = llvm.shl %7, %0 overflow<nsw> : i64
    %9 = llvm.call tail @malloc(%8) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind} : (i64 {llvm.noundef}) -> (!llvm.ptr {llvm.noalias})
    %10 = llvm.icmp "sgt" %arg3, %1 : i32
    llvm.cond_br %10, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %11 = llvm.load %arg2 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %12 = llvm.zext nneg %arg3 : i32 to i64
    llvm.br ^bb9(%2 : i64)
  ^bb2:  // 2 preds: ^bb0, ^bb9
    %13 = llvm.load %9 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %14 = llvm.icmp "sgt" %arg3, %5 : i32
    llvm.cond_br %14, ^bb3, ^bb4(%13 : f64)
  ^bb3:  // pred: ^bb2
    %15 = llvm.zext nneg %arg3 : i32 to i64
    llvm.br ^bb6(%4, %13 : i64, f64)
  ^bb4(%16: f64):  // 2 preds: ^bb2, ^bb6
    %17 = llvm.icmp "sgt" %arg3, %1 : i32
    llvm.cond_br %17, ^bb5, ^bb8(%6 : f64)
  ^bb5:  // pred: ^bb4
    %18 = llvm.zext nneg %arg3 : i32 to i64
    llvm.br ^bb7(%2, %6 : i64, f64)
  ^bb6(%19: i64, %20: f64):  // 2 preds: ^bb3, ^bb6
    %21 = llvm.getelementptr inbounds|nuw %9[%19] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %22 = llvm.load %21 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %23 = llvm.fcmp "ogt" %22, %20 : f64
    %24 = llvm.select %23, %22, %20 : i1, f64
    %25 = llvm.add %19, %4 overflow<nsw, nuw> : i64
    %26 = llvm.icmp "eq" %25, %15 : i64
    llvm.cond_br %26, ^bb4(%24 : f64), ^bb6(%25, %24 : i64, f64) {loop_annotation = #loop_annotation}
  ^bb7(%27: i64, %28: f64):  // 2 preds: ^bb5, ^bb7
    %29 = llvm.getelementptr inbounds|nuw %9[%27] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %30 = llvm.load %29 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %31 = llvm.fsub %30, %16 : f64
    %32 = llvm.call tail @exp(%31) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, tbaa = [#tbaa_tag1]} : (f64 {llvm.noundef}) -> f64
    %33 = llvm.fadd %28, %32 : f64
    %34 = llvm.add %27, %4 overflow<nsw, nuw> : i64
    %35 = llvm.icmp "eq" %34, %18 : i64
    llvm.cond_br %35, ^bb8(%33 : f64), ^bb7(%34, %33 : i64, f64) {loop_annotation = #loop_annotation}
  ^bb8(%36: f64):  // 2 preds: ^bb4, ^bb7
    %37 = llvm.call tail @log(%36) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, tbaa = [#tbaa_tag1]} : (f64 {llvm.noundef}) -> f64
    %38 = llvm.fadd %16, %37 : f64
    llvm.call tail @free(%9) {memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind} : (!llvm.ptr {llvm.noundef}) -> ()
    llvm.return %38 : f64
  ^bb9(%39: i64):  // 2 preds: ^bb1, ^bb9
    %40 = llvm.getelementptr inbounds|nuw %arg1[%39] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %41 = llvm.load %40 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %42 = llvm.fsub %11, %41 : f64
    %43 = llvm.getelementptr inbounds|nuw %arg0[%39] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %44 = llvm.load %43 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %45 = llvm.fmul %42, %3 : f64
    %46 = llvm.intr.fmuladd(%45, %42, %44) : (f64, f64, f64) -> f64
    %47 = llvm.getelementptr inbounds|nuw %9[%39] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    llvm.store %46, %47 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : f64, !llvm.ptr
    %48 = llvm.add %39, %4 overflow<nsw, nuw> : i64
    %49 = llvm.icmp "eq" %48, %12 : i64
    llvm.cond_br %49, ^bb2, ^bb9(%48 : i64) {loop_annotation = #loop_annotation}
  }
  llvm.func local_unnamed_addr @malloc(i64 {llvm.noundef}) -> (!llvm.ptr {llvm.noalias, llvm.noundef}) attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", "nofree", ["allockind", "9"], ["allocsize", "4294967295"], ["alloc-family", "malloc"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", will_return}
  llvm.func local_unnamed_addr @free(!llvm.ptr {llvm.allocptr, llvm.nocapture, llvm.noundef}) attributes {memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", ["allockind", "4"], ["alloc-family", "malloc"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", will_return}
  llvm.func local_unnamed_addr @lstm(%arg0: !llvm.ptr {llvm.nocapture, llvm.noundef, llvm.readonly}, %arg1: !llvm.ptr {llvm.nocapture, llvm.noundef, llvm.readonly}, %arg2: i32 {llvm.noundef}) -> f64 attributes {dso_local, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", uwtable_kind = #llvm.uwtableKind<async>} {
    %0 = llvm.mlir.constant(0 : i32) : i32
    %1 = llvm.mlir.constant(0.000000e+00 : f64) : f64
    %2 = llvm.mlir.constant(8 : i64) : i64
    %3 = llvm.mlir.constant(0 : i64) : i64
    %4 = llvm.mlir.constant(1.000000e+00 : f64) : f64
    %5 = llvm.mlir.constant(1 : i64) : i64
    %6 = llvm.icmp "sgt" %arg2, %0 : i32
    llvm.cond_br %6, ^bb1, ^bb2(%1 : f64)
  ^bb1:  // pred: ^bb0
    %7 = llvm.load %arg0 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %8 = llvm.getelementptr inbounds|nuw %arg0[%2] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    %9 = llvm.load %8 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %10 = llvm.zext nneg %arg2 : i32 to i64
    llvm.br ^bb3(%3, %1, %1 : i64, f64, f64)
  ^bb2(%11: f64):  // 2 preds: ^bb0, ^bb3
    llvm.return %11 : f64
  ^bb3(%12: i64, %13: f64, %14: f64):  // 2 preds: ^bb1, ^bb3
    %15 = llvm.getelementptr inbounds|nuw %arg1[%12] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %16 = llvm.load %15 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %17 = llvm.fmul %14, %9 : f64
    %18 = llvm.intr.fmuladd(%7, %16, %17) : (f64, f64, f64) -> f64
    %19 = llvm.fneg %18 : f64
    %20 = llvm.call tail @exp(%19) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, tbaa = [#tbaa_tag1]} : (f64 {llvm.noundef}) -> f64
    %21 = llvm.fadd %20, %4 : f64
    %22 = llvm.fdiv %4, %21 : f64
    %23 = llvm.fsub %4, %22 : f64
    %24 = llvm.call tail @tanh(%16) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, tbaa = [#tbaa_tag1]} : (f64 {llvm.noundef}) -> f64
    %25 = llvm.fmul %24, %23 : f64
    %26 = llvm.intr.fmuladd(%22, %13, %25) : (f64, f64, f64) -> f64
    %27 = llvm.call tail @tanh(%26) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, tbaa = [#tbaa_tag1]} : (f64 {llvm.noundef}) -> f64
    %28 = llvm.add %12, %5 overflow<nsw, nuw> : i64
    %29 = llvm.icmp "eq" %28, %10 : i64
    llvm.cond_br %29, ^bb2(%27 : f64), ^bb3(%28, %26, %27 : i64, f64, f64) {loop_annotation = #loop_annotation}
  }
  llvm.func local_unnamed_addr @exp(f64 {llvm.noundef}) -> f64 attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", "nocallback", "nofree", ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", will_return}
  llvm.func local_unnamed_addr @tanh(f64 {llvm.noundef}) -> f64 attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", "nocallback", "nofree", ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", will_return}
  llvm.func local_unnamed_addr @ba(%arg0: !llvm.ptr {llvm.nocapture, llvm.noundef, llvm.readonly}, %arg1: !llvm.ptr {llvm.nocapture, llvm.noundef, llvm.readonly}, %arg2: !llvm.ptr {llvm.nocapture, llvm.noundef, llvm.readonly}, %arg3: !llvm.ptr {llvm.nocapture, llvm.noundef, llvm.writeonly}) attributes {dso_local, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", "nofree", "norecurse", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", uwtable_kind = #llvm.uwtableKind<async>, will_return} {
    %0 = llvm.mlir.constant(8 : i64) : i64
    %1 = llvm.mlir.constant(16 : i64) : i64
    %2 = llvm.mlir.constant(24 : i64) : i64
    %3 = llvm.mlir.constant(32 : i64) : i64
    %4 = llvm.load %arg1 {alignment = 8 : i64} : !llvm.ptr -> f64
    %5 = llvm.getelementptr inbounds|nuw %arg1[%0] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    %6 = llvm.load %5 {alignment = 8 : i64} : !llvm.ptr -> f64
    %7 = llvm.getelementptr inbounds|nuw %arg1[%1] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    %8 = llvm.load %7 {alignment = 8 : i64} : !llvm.ptr -> f64
    %9 = llvm.load %arg0 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %10 = llvm.call tail @cos(%9) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, tbaa = [#tbaa_tag1]} : (f64 {llvm.noundef}) -> f64
    %11 = llvm.call tail @sin(%9) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, tbaa = [#tbaa_tag1]} : (f64 {llvm.noundef}) -> f64
    %12 = llvm.fneg %6 : f64
    %13 = llvm.fmul %11, %12 : f64
    %14 = llvm.intr.fmuladd(%10, %4, %13) : (f64, f64, f64) -> f64
    %15 = llvm.getelementptr inbounds|nuw %arg0[%0] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    %16 = llvm.load %15 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %17 = llvm.fadd %16, %14 : f64
    %18 = llvm.fmul %6, %10 : f64
    %19 = llvm.intr.fmuladd(%11, %4, %18) : (f64, f64, f64) -> f64
    %20 = llvm.getelementptr inbounds|nuw %arg0[%1] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    %21 = llvm.load %20 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %22 = llvm.fadd %19, %21 : f64
    %23 = llvm.getelementptr inbounds|nuw %arg0[%2] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    %24 = llvm.load %23 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %25 = llvm.fadd %8, %24 : f64
    %26 = llvm.getelementptr inbounds|nuw %arg0[%3] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    %27 = llvm.load %26 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %28 = llvm.fmul %17, %27 : f64
    %29 = llvm.fdiv %28, %25 : f64
    %30 = llvm.load %arg2 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %31 = llvm.fsub %29, %30 : f64
    llvm.store %31, %arg3 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : f64, !llvm.ptr
    %32 = llvm.load %26 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %33 = llvm.fmul %22, %32 : f64
    %34 = llvm.fdiv %33, %25 : f64
    %35 = llvm.getelementptr inbounds|nuw %arg2[%0] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    %36 = llvm.load %35 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %37 = llvm.fsub %34, %36 : f64
    %38 = llvm.getelementptr inbounds|nuw %arg3[%0] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    llvm.store %37, %38 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : f64, !llvm.ptr
    llvm.return
  }
  llvm.func local_unnamed_addr @cos(f64 {llvm.noundef}) -> f64 attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", "nocallback", "nofree", ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", will_return}
  llvm.func local_unnamed_addr @sin(f64 {llvm.noundef}) -> f64 attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", "nocallback", "nofree", ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", will_return}
  llvm.func local_unnamed_addr @log(f64 {llvm.noundef}) -> f64 attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", "nocallback", "nofree", ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", will_return}
}
