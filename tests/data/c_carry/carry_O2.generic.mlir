#loop_unroll = #llvm.loop_unroll<disable = true>
#tbaa_root = #llvm.tbaa_root<id = "Simple C/C++ TBAA">
#loop_annotation = #llvm.loop_annotation<unroll = #loop_unroll, mustProgress = true>
#tbaa_type_desc = #llvm.tbaa_type_desc<id = "omnipotent char", members = {<#tbaa_root, 0>}>
#tbaa_type_desc1 = #llvm.tbaa_type_desc<id = "double", members = {<#tbaa_type_desc, 0>}>
#tbaa_tag = #llvm.tbaa_tag<base_type = #tbaa_type_desc1, access_type = #tbaa_type_desc1, offset = 0>
"builtin.module"() ({
  "llvm.module_flags"() <{flags = [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>, #llvm.mlir.module_flag<min, "PIC Level", 2 : i32>, #llvm.mlir.module_flag<max, "PIE Level", 2 : i32>, #llvm.mlir.module_flag<max, "uwtable", 2 : i32>]}> : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.noundef}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef}, {llvm.nocapture, llvm.noundef, llvm.readonly}], dso_local, function_type = !llvm.func<f64 (i32, i32, ptr, ptr, ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = read, argMem = readwrite, inaccessibleMem = none, errnoMem = read, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "carry", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg8: i32, %arg9: i32, %arg10: !llvm.ptr, %arg11: !llvm.ptr, %arg12: !llvm.ptr):
    %82 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %83 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %84 = "llvm.mlir.constant"() <{value = 4294967295 : i64}> : () -> i64
    %85 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %86 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %87 = "llvm.icmp"(%arg9, %82) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%87, %arg12)[^bb1, ^bb4] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, !llvm.ptr) -> ()
  ^bb1:  // pred: ^bb0
    %88 = "llvm.icmp"(%arg8, %82) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %89 = "llvm.sext"(%arg8) : (i32) -> i64
    %90 = "llvm.zext"(%arg9) <{nonNeg}> : (i32) -> i64
    %91 = "llvm.zext"(%arg8) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%83, %arg12)[^bb2] : (i64, !llvm.ptr) -> ()
  ^bb2(%92: i64, %93: !llvm.ptr):  // 2 preds: ^bb1, ^bb6
    %94 = "llvm.mul"(%92, %89) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    "llvm.cond_br"(%88)[^bb3, ^bb6] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb3:  // pred: ^bb2
    %95 = "llvm.and"(%94, %84) : (i64, i64) -> i64
    "llvm.br"(%83)[^bb7] : (i64) -> ()
  ^bb4(%96: !llvm.ptr):  // 2 preds: ^bb0, ^bb6
    %97 = "llvm.icmp"(%arg8, %82) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%97, %86)[^bb5, ^bb8] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb5:  // pred: ^bb4
    %98 = "llvm.zext"(%arg8) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%83, %86)[^bb9] : (i64, f64) -> ()
  ^bb6:  // 2 preds: ^bb2, ^bb7
    %99 = "llvm.getelementptr"(%arg11, %94) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %100 = "llvm.add"(%92, %85) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %101 = "llvm.icmp"(%100, %90) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%101, %99, %100, %99)[^bb4, ^bb2] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, !llvm.ptr, i64, !llvm.ptr) -> ()
  ^bb7(%102: i64):  // 2 preds: ^bb3, ^bb7
    %103 = "llvm.getelementptr"(%93, %102) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %104 = "llvm.load"(%103) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %105 = "llvm.add"(%102, %95) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %106 = "llvm.getelementptr"(%arg10, %105) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %107 = "llvm.load"(%106) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %108 = "llvm.fmul"(%107, %104) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %109 = "llvm.intr.sin"(%108) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %110 = "llvm.getelementptr"(%arg11, %105) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%109, %110) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %111 = "llvm.add"(%102, %85) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %112 = "llvm.icmp"(%111, %91) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%112, %111)[^bb6, ^bb7] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb8(%113: f64):  // 2 preds: ^bb4, ^bb9
    "llvm.return"(%113) : (f64) -> ()
  ^bb9(%114: i64, %115: f64):  // 2 preds: ^bb5, ^bb9
    %116 = "llvm.getelementptr"(%96, %114) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %117 = "llvm.load"(%116) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %118 = "llvm.fmul"(%117, %117) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %119 = "llvm.fadd"(%118, %115) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %120 = "llvm.add"(%114, %85) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %121 = "llvm.icmp"(%120, %98) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%121, %119, %120, %119)[^bb8, ^bb9] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.noundef}, {llvm.nocapture, llvm.noundef}, {llvm.nocapture, llvm.noundef}], dso_local, function_type = !llvm.func<f64 (i32, i32, ptr, ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = readwrite, argMem = readwrite, inaccessibleMem = none, errnoMem = readwrite, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "swap", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg4: i32, %arg5: i32, %arg6: !llvm.ptr, %arg7: !llvm.ptr):
    %44 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %45 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %46 = "llvm.mlir.constant"() <{value = -1 : i64}> : () -> i64
    %47 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %48 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %49 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %50 = "llvm.icmp"(%arg5, %44) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%50, %arg6)[^bb1, ^bb4] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, !llvm.ptr) -> ()
  ^bb1:  // pred: ^bb0
    %51 = "llvm.icmp"(%arg4, %44) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %52 = "llvm.sext"(%arg4) : (i32) -> i64
    %53 = "llvm.zext"(%arg4) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%arg6, %44, %arg7)[^bb2] : (!llvm.ptr, i32, !llvm.ptr) -> ()
  ^bb2(%54: !llvm.ptr, %55: i32, %56: !llvm.ptr):  // 2 preds: ^bb1, ^bb6
    "llvm.cond_br"(%51)[^bb3, ^bb6] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb3:  // pred: ^bb2
    %57 = "llvm.getelementptr"(%54, %52) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%45)[^bb7] : (i64) -> ()
  ^bb4(%58: !llvm.ptr):  // 2 preds: ^bb0, ^bb6
    %59 = "llvm.icmp"(%arg4, %44) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%59, %49)[^bb5, ^bb8] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb5:  // pred: ^bb4
    %60 = "llvm.zext"(%arg4) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%45, %49)[^bb9] : (i64, f64) -> ()
  ^bb6:  // 2 preds: ^bb2, ^bb7
    %61 = "llvm.add"(%55, %48) <{overflowFlags = 3 : i32}> : (i32, i32) -> i32
    %62 = "llvm.icmp"(%61, %arg5) <{predicate = 0 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%62, %56, %56, %61, %54)[^bb4, ^bb2] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 3>}> : (i1, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr) -> ()
  ^bb7(%63: i64):  // 2 preds: ^bb3, ^bb7
    %64 = "llvm.getelementptr"(%54, %63) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %65 = "llvm.load"(%64) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %66 = "llvm.intr.sin"(%65) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %67 = "llvm.xor"(%63, %46) : (i64, i64) -> i64
    %68 = "llvm.getelementptr"(%57, %67) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %69 = "llvm.load"(%68) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %70 = "llvm.fmul"(%66, %69) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %71 = "llvm.getelementptr"(%56, %63) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%70, %71) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %72 = "llvm.add"(%63, %47) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %73 = "llvm.icmp"(%72, %53) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%73, %72)[^bb6, ^bb7] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb8(%74: f64):  // 2 preds: ^bb4, ^bb9
    "llvm.return"(%74) : (f64) -> ()
  ^bb9(%75: i64, %76: f64):  // 2 preds: ^bb5, ^bb9
    %77 = "llvm.getelementptr"(%58, %75) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %78 = "llvm.load"(%77) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %79 = "llvm.fadd"(%78, %76) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %80 = "llvm.add"(%75, %47) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %81 = "llvm.icmp"(%80, %60) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%81, %79, %80, %79)[^bb8, ^bb9] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.noundef}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}], dso_local, function_type = !llvm.func<f64 (i32, i32, ptr, ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = readwrite, argMem = read, inaccessibleMem = readwrite, errnoMem = readwrite, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = [["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "scratch", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: !llvm.ptr, %arg3: !llvm.ptr):
    %0 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %2 = "llvm.mlir.constant"() <{value = 3 : i64}> : () -> i64
    %3 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %4 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %5 = "llvm.mlir.constant"() <{value = 4294967295 : i64}> : () -> i64
    %6 = "llvm.icmp"(%arg1, %0) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%6, %1)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb1:  // pred: ^bb0
    %7 = "llvm.sext"(%arg0) : (i32) -> i64
    %8 = "llvm.shl"(%7, %2) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %9 = "llvm.icmp"(%arg0, %0) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %10 = "llvm.zext"(%arg0) : (i32) -> i64
    %11 = "llvm.zext"(%arg1) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%3, %1)[^bb3] : (i64, f64) -> ()
  ^bb2(%12: f64):  // 2 preds: ^bb0, ^bb6
    "llvm.return"(%12) : (f64) -> ()
  ^bb3(%13: i64, %14: f64):  // 2 preds: ^bb1, ^bb6
    %15 = "llvm.call"(%8) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @malloc, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, res_attrs = [{llvm.noalias}]}> : (i64) -> !llvm.ptr
    "llvm.cond_br"(%9, %14)[^bb4, ^bb6] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb4:  // pred: ^bb3
    %16 = "llvm.mul"(%13, %10) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %17 = "llvm.getelementptr"(%arg2, %16) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%3)[^bb5] : (i64) -> ()
  ^bb5(%18: i64):  // 2 preds: ^bb4, ^bb5
    %19 = "llvm.getelementptr"(%arg3, %18) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %20 = "llvm.load"(%19) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %21 = "llvm.getelementptr"(%17, %18) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %22 = "llvm.load"(%21) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %23 = "llvm.fmul"(%22, %20) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %24 = "llvm.intr.sin"(%23) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %25 = "llvm.getelementptr"(%15, %18) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%24, %25) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %26 = "llvm.add"(%18, %4) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %27 = "llvm.icmp"(%26, %10) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%27, %3, %14, %26)[^bb7, ^bb5] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 2, 1>}> : (i1, i64, f64, i64) -> ()
  ^bb6(%28: f64):  // 2 preds: ^bb3, ^bb7
    "llvm.call"(%15) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @free, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (!llvm.ptr) -> ()
    %29 = "llvm.add"(%13, %4) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %30 = "llvm.icmp"(%29, %11) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%30, %28, %29, %28)[^bb2, ^bb3] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  ^bb7(%31: i64, %32: f64):  // 2 preds: ^bb5, ^bb7
    %33 = "llvm.getelementptr"(%15, %31) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %34 = "llvm.load"(%33) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %35 = "llvm.add"(%31, %4) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %36 = "llvm.icmp"(%35, %10) <{predicate = 0 : i64}> : (i64, i64) -> i1
    %37 = "llvm.and"(%35, %5) : (i64, i64) -> i64
    %38 = "llvm.select"(%36, %3, %37) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i64, i64) -> i64
    %39 = "llvm.getelementptr"(%15, %38) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %40 = "llvm.load"(%39) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %41 = "llvm.fmul"(%40, %34) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %42 = "llvm.fadd"(%41, %32) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %43 = "llvm.icmp"(%35, %10) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%43, %42, %35, %42)[^bb6, ^bb7] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], function_type = !llvm.func<ptr (i64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["mustprogress", "nofree", ["allockind", "9"], ["allocsize", "4294967295"], ["alloc-family", "malloc"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], res_attrs = [{llvm.noalias, llvm.noundef}], sym_name = "malloc", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64, will_return}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.allocptr, llvm.nocapture, llvm.noundef}], function_type = !llvm.func<void (ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["mustprogress", ["allockind", "4"], ["alloc-family", "malloc"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "free", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64, will_return}> ({
  }) : () -> ()
}) {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, llvm.ident = "Debian clang version 22.1.8 (1~deb12u1)", llvm.module_asm = [], llvm.target_triple = "x86_64-pc-linux-gnu"} : () -> ()

