#loop_annotation = #llvm.loop_annotation<mustProgress = true>
#loop_unroll = #llvm.loop_unroll<disable = true>
#tbaa_root = #llvm.tbaa_root<id = "Simple C/C++ TBAA">
#loop_annotation1 = #llvm.loop_annotation<unroll = #loop_unroll>
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
    %2 = llvm.mlir.undef : f64
    %3 = llvm.mlir.constant(0.000000e+00 : f64) : f64
    %4 = llvm.mlir.constant(-1 : i64) : i64
    %5 = llvm.mlir.constant(1 : i64) : i64
    %6 = llvm.mlir.constant(0 : i64) : i64
    %7 = llvm.mlir.constant(2147483646 : i64) : i64
    %8 = llvm.mlir.constant(-5.000000e-01 : f64) : f64
    %9 = llvm.mlir.constant(2 : i64) : i64
    %10 = llvm.mlir.constant(1 : i32) : i32
    %11 = llvm.mlir.constant(-2 : i32) : i32
    %12 = llvm.mlir.constant(3 : i32) : i32
    %13 = llvm.mlir.constant(-4 : i64) : i64
    %14 = llvm.mlir.constant(8 : i64) : i64
    %15 = llvm.mlir.constant(16 : i64) : i64
    %16 = llvm.mlir.constant(24 : i64) : i64
    %17 = llvm.mlir.constant(4 : i64) : i64
    %18 = llvm.sext %arg3 : i32 to i64
    %19 = llvm.shl %18, %0 overflow<nsw> : i64
    %20 = llvm.call tail @malloc(%19) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind} : (i64 {llvm.noundef}) -> (!llvm.ptr {llvm.noalias})
    %21 = llvm.icmp "sgt" %arg3, %1 : i32
    llvm.cond_br %21, ^bb1, ^bb14(%2, %3 : f64, f64)
  ^bb1:  // pred: ^bb0
    %22 = llvm.load %arg2 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %23 = llvm.zext nneg %arg3 : i32 to i64
    %24 = llvm.add %23, %4 overflow<nsw> : i64
    %25 = llvm.and %23, %5 : i64
    %26 = llvm.icmp "eq" %24, %6 : i64
    llvm.cond_br %26, ^bb4(%6 : i64), ^bb2
  ^bb2:  // pred: ^bb1
    %27 = llvm.and %23, %7 : i64
    llvm.br ^bb15(%6, %6 : i64, i64)
  ^bb3:  // pred: ^bb15
    %28 = llvm.icmp "eq" %25, %6 : i64
    llvm.cond_br %28, ^bb5, ^bb4(%119 : i64)
  ^bb4(%29: i64):  // 2 preds: ^bb1, ^bb3
    %30 = llvm.icmp "ne" %25, %6 : i64
    llvm.intr.assume %30  : i1
    %31 = llvm.getelementptr inbounds|nuw %arg1[%29] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %32 = llvm.load %31 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %33 = llvm.fsub %22, %32 : f64
    %34 = llvm.getelementptr inbounds|nuw %arg0[%29] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %35 = llvm.load %34 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %36 = llvm.fmul %33, %8 : f64
    %37 = llvm.intr.fmuladd(%36, %33, %35) : (f64, f64, f64) -> f64
    %38 = llvm.getelementptr inbounds|nuw %20[%29] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    llvm.store %37, %38 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : f64, !llvm.ptr
    llvm.br ^bb5
  ^bb5:  // 2 preds: ^bb3, ^bb4
    %39 = llvm.load %20 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %40 = llvm.icmp "eq" %arg3, %10 : i32
    llvm.cond_br %40, ^bb11(%5, %39 : i64, f64), ^bb6
  ^bb6:  // pred: ^bb5
    %41 = llvm.zext nneg %arg3 : i32 to i64
    %42 = llvm.and %24, %0 : i64
    %43 = llvm.add %arg3, %11 overflow<nsw> : i32
    %44 = llvm.icmp "ult" %43, %12 : i32
    llvm.cond_br %44, ^bb9(%5, %39 : i64, f64), ^bb7
  ^bb7:  // pred: ^bb6
    %45 = llvm.and %24, %13 : i64
    llvm.br ^bb12(%5, %39, %6 : i64, f64, i64)
  ^bb8:  // pred: ^bb12
    %46 = llvm.icmp "eq" %42, %6 : i64
    llvm.cond_br %46, ^bb11(%41, %83 : i64, f64), ^bb9(%84, %83 : i64, f64)
  ^bb9(%47: i64, %48: f64):  // 2 preds: ^bb6, ^bb8
    %49 = llvm.icmp "ne" %42, %6 : i64
    llvm.intr.assume %49  : i1
    llvm.br ^bb10(%47, %48, %6 : i64, f64, i64)
  ^bb10(%50: i64, %51: f64, %52: i64):  // 2 preds: ^bb9, ^bb10
    %53 = llvm.getelementptr inbounds|nuw %20[%50] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %54 = llvm.load %53 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %55 = llvm.fcmp "ogt" %54, %51 : f64
    %56 = llvm.select %55, %54, %51 : i1, f64
    %57 = llvm.add %50, %5 overflow<nsw, nuw> : i64
    %58 = llvm.add %52, %5 : i64
    %59 = llvm.icmp "eq" %58, %42 : i64
    llvm.cond_br %59, ^bb11(%41, %56 : i64, f64), ^bb10(%57, %56, %58 : i64, f64, i64) {loop_annotation = #loop_annotation1}
  ^bb11(%60: i64, %61: f64):  // 3 preds: ^bb5, ^bb8, ^bb10
    llvm.br ^bb13(%6, %3 : i64, f64)
  ^bb12(%62: i64, %63: f64, %64: i64):  // 2 preds: ^bb7, ^bb12
    %65 = llvm.getelementptr inbounds|nuw %20[%62] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %66 = llvm.load %65 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %67 = llvm.fcmp "ogt" %66, %63 : f64
    %68 = llvm.select %67, %66, %63 : i1, f64
    %69 = llvm.getelementptr inbounds|nuw %20[%62] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %70 = llvm.getelementptr inbounds|nuw %69[%14] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    %71 = llvm.load %70 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %72 = llvm.fcmp "ogt" %71, %68 : f64
    %73 = llvm.select %72, %71, %68 : i1, f64
    %74 = llvm.getelementptr inbounds|nuw %20[%62] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %75 = llvm.getelementptr inbounds|nuw %74[%15] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    %76 = llvm.load %75 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %77 = llvm.fcmp "ogt" %76, %73 : f64
    %78 = llvm.select %77, %76, %73 : i1, f64
    %79 = llvm.getelementptr inbounds|nuw %20[%62] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %80 = llvm.getelementptr inbounds|nuw %79[%16] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    %81 = llvm.load %80 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %82 = llvm.fcmp "ogt" %81, %78 : f64
    %83 = llvm.select %82, %81, %78 : i1, f64
    %84 = llvm.add %62, %17 overflow<nsw, nuw> : i64
    %85 = llvm.add %64, %17 : i64
    %86 = llvm.icmp "eq" %85, %45 : i64
    llvm.cond_br %86, ^bb8, ^bb12(%84, %83, %85 : i64, f64, i64) {loop_annotation = #loop_annotation}
  ^bb13(%87: i64, %88: f64):  // 2 preds: ^bb11, ^bb13
    %89 = llvm.getelementptr inbounds|nuw %20[%87] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %90 = llvm.load %89 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %91 = llvm.fsub %90, %61 : f64
    %92 = llvm.call tail @exp(%91) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, tbaa = [#tbaa_tag1]} : (f64 {llvm.noundef}) -> f64
    %93 = llvm.fadd %88, %92 : f64
    %94 = llvm.add %87, %5 overflow<nsw, nuw> : i64
    %95 = llvm.icmp "eq" %94, %60 : i64
    llvm.cond_br %95, ^bb14(%61, %93 : f64, f64), ^bb13(%94, %93 : i64, f64) {loop_annotation = #loop_annotation}
  ^bb14(%96: f64, %97: f64):  // 2 preds: ^bb0, ^bb13
    %98 = llvm.call tail @log(%97) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, tbaa = [#tbaa_tag1]} : (f64 {llvm.noundef}) -> f64
    %99 = llvm.fadd %96, %98 : f64
    llvm.call tail @free(%20) {memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind} : (!llvm.ptr {llvm.nonnull, llvm.noundef}) -> ()
    llvm.return %99 : f64
  ^bb15(%100: i64, %101: i64):  // 2 preds: ^bb2, ^bb15
    %102 = llvm.getelementptr inbounds|nuw %arg1[%100] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %103 = llvm.load %102 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %104 = llvm.fsub %22, %103 : f64
    %105 = llvm.getelementptr inbounds|nuw %arg0[%100] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %106 = llvm.load %105 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %107 = llvm.fmul %104, %8 : f64
    %108 = llvm.intr.fmuladd(%107, %104, %106) : (f64, f64, f64) -> f64
    %109 = llvm.getelementptr inbounds|nuw %20[%100] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    llvm.store %108, %109 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : f64, !llvm.ptr
    %110 = llvm.or disjoint %100, %5 : i64
    %111 = llvm.getelementptr inbounds|nuw %arg1[%110] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %112 = llvm.load %111 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %113 = llvm.fsub %22, %112 : f64
    %114 = llvm.getelementptr inbounds|nuw %arg0[%110] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %115 = llvm.load %114 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : !llvm.ptr -> f64
    %116 = llvm.fmul %113, %8 : f64
    %117 = llvm.intr.fmuladd(%116, %113, %115) : (f64, f64, f64) -> f64
    %118 = llvm.getelementptr inbounds|nuw %20[%110] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    llvm.store %117, %118 {alignment = 8 : i64, tbaa = [#tbaa_tag]} : f64, !llvm.ptr
    %119 = llvm.add %100, %9 overflow<nsw, nuw> : i64
    %120 = llvm.add %101, %9 : i64
    %121 = llvm.icmp "eq" %120, %27 : i64
    llvm.cond_br %121, ^bb3, ^bb15(%119, %120 : i64, i64) {loop_annotation = #loop_annotation}
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
