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
    %86 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %87 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %88 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %89 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %90 = "llvm.icmp"(%arg9, %86) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%90, %arg12)[^bb1, ^bb4] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, !llvm.ptr) -> ()
  ^bb1:  // pred: ^bb0
    %91 = "llvm.icmp"(%arg8, %86) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %92 = "llvm.sext"(%arg8) : (i32) -> i64
    %93 = "llvm.zext"(%arg9) <{nonNeg}> : (i32) -> i64
    %94 = "llvm.zext"(%arg8) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%87, %arg12)[^bb2] : (i64, !llvm.ptr) -> ()
  ^bb2(%95: i64, %96: !llvm.ptr):  // 2 preds: ^bb1, ^bb6
    "llvm.cond_br"(%91)[^bb3, ^bb6] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb3:  // pred: ^bb2
    %97 = "llvm.trunc"(%95) <{overflowFlags = 0 : i32}> : (i64) -> i32
    %98 = "llvm.mul"(%arg8, %97) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %99 = "llvm.zext"(%98) : (i32) -> i64
    "llvm.br"(%87)[^bb7] : (i64) -> ()
  ^bb4(%100: !llvm.ptr):  // 2 preds: ^bb0, ^bb6
    %101 = "llvm.icmp"(%arg8, %86) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%101, %89)[^bb5, ^bb8] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb5:  // pred: ^bb4
    %102 = "llvm.zext"(%arg8) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%87, %89)[^bb9] : (i64, f64) -> ()
  ^bb6:  // 2 preds: ^bb2, ^bb7
    %103 = "llvm.mul"(%95, %92) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %104 = "llvm.getelementptr"(%arg11, %103) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %105 = "llvm.add"(%95, %88) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %106 = "llvm.icmp"(%105, %93) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%106, %104, %105, %104)[^bb4, ^bb2] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, !llvm.ptr, i64, !llvm.ptr) -> ()
  ^bb7(%107: i64):  // 2 preds: ^bb3, ^bb7
    %108 = "llvm.getelementptr"(%96, %107) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %109 = "llvm.load"(%108) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %110 = "llvm.add"(%107, %99) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %111 = "llvm.getelementptr"(%arg10, %110) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %112 = "llvm.load"(%111) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %113 = "llvm.fmul"(%112, %109) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %114 = "llvm.intr.sin"(%113) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %115 = "llvm.getelementptr"(%arg11, %110) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%114, %115) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %116 = "llvm.add"(%107, %88) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %117 = "llvm.icmp"(%116, %94) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%117, %116)[^bb6, ^bb7] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb8(%118: f64):  // 2 preds: ^bb4, ^bb9
    "llvm.return"(%118) : (f64) -> ()
  ^bb9(%119: i64, %120: f64):  // 2 preds: ^bb5, ^bb9
    %121 = "llvm.getelementptr"(%100, %119) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %122 = "llvm.load"(%121) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %123 = "llvm.fmul"(%122, %122) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %124 = "llvm.fadd"(%123, %120) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %125 = "llvm.add"(%119, %88) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %126 = "llvm.icmp"(%125, %102) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%126, %124, %125, %124)[^bb8, ^bb9] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.noundef}, {llvm.nocapture, llvm.noundef}, {llvm.nocapture, llvm.noundef}], dso_local, function_type = !llvm.func<f64 (i32, i32, ptr, ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = readwrite, argMem = readwrite, inaccessibleMem = none, errnoMem = readwrite, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "swap", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg4: i32, %arg5: i32, %arg6: !llvm.ptr, %arg7: !llvm.ptr):
    %48 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %49 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %50 = "llvm.mlir.constant"() <{value = -1 : i64}> : () -> i64
    %51 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %52 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %53 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %54 = "llvm.icmp"(%arg5, %48) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%54, %arg6)[^bb1, ^bb4] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, !llvm.ptr) -> ()
  ^bb1:  // pred: ^bb0
    %55 = "llvm.icmp"(%arg4, %48) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %56 = "llvm.sext"(%arg4) : (i32) -> i64
    %57 = "llvm.zext"(%arg4) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%arg6, %48, %arg7)[^bb2] : (!llvm.ptr, i32, !llvm.ptr) -> ()
  ^bb2(%58: !llvm.ptr, %59: i32, %60: !llvm.ptr):  // 2 preds: ^bb1, ^bb6
    "llvm.cond_br"(%55)[^bb3, ^bb6] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb3:  // pred: ^bb2
    %61 = "llvm.getelementptr"(%58, %56) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%49)[^bb7] : (i64) -> ()
  ^bb4(%62: !llvm.ptr):  // 2 preds: ^bb0, ^bb6
    %63 = "llvm.icmp"(%arg4, %48) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%63, %53)[^bb5, ^bb8] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb5:  // pred: ^bb4
    %64 = "llvm.zext"(%arg4) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%49, %53)[^bb9] : (i64, f64) -> ()
  ^bb6:  // 2 preds: ^bb2, ^bb7
    %65 = "llvm.add"(%59, %52) <{overflowFlags = 3 : i32}> : (i32, i32) -> i32
    %66 = "llvm.icmp"(%65, %arg5) <{predicate = 0 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%66, %60, %60, %65, %58)[^bb4, ^bb2] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 3>}> : (i1, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr) -> ()
  ^bb7(%67: i64):  // 2 preds: ^bb3, ^bb7
    %68 = "llvm.getelementptr"(%58, %67) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %69 = "llvm.load"(%68) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %70 = "llvm.intr.sin"(%69) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %71 = "llvm.xor"(%67, %50) : (i64, i64) -> i64
    %72 = "llvm.getelementptr"(%61, %71) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %73 = "llvm.load"(%72) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %74 = "llvm.fmul"(%70, %73) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %75 = "llvm.getelementptr"(%60, %67) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%74, %75) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %76 = "llvm.add"(%67, %51) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %77 = "llvm.icmp"(%76, %57) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%77, %76)[^bb6, ^bb7] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb8(%78: f64):  // 2 preds: ^bb4, ^bb9
    "llvm.return"(%78) : (f64) -> ()
  ^bb9(%79: i64, %80: f64):  // 2 preds: ^bb5, ^bb9
    %81 = "llvm.getelementptr"(%62, %79) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %82 = "llvm.load"(%81) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %83 = "llvm.fadd"(%82, %80) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %84 = "llvm.add"(%79, %51) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %85 = "llvm.icmp"(%84, %64) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%85, %83, %84, %83)[^bb8, ^bb9] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
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
    %10 = "llvm.icmp"(%arg0, %0) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %11 = "llvm.zext"(%arg0) : (i32) -> i64
    %12 = "llvm.zext"(%arg0) : (i32) -> i64
    %13 = "llvm.zext"(%arg1) <{nonNeg}> : (i32) -> i64
    %14 = "llvm.zext"(%arg0) <{nonNeg}> : (i32) -> i64
    %15 = "llvm.zext"(%arg0) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%3, %1)[^bb3] : (i64, f64) -> ()
  ^bb2(%16: f64):  // 2 preds: ^bb0, ^bb7
    "llvm.return"(%16) : (f64) -> ()
  ^bb3(%17: i64, %18: f64):  // 2 preds: ^bb1, ^bb7
    %19 = "llvm.call"(%8) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @malloc, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, res_attrs = [{llvm.noalias}]}> : (i64) -> !llvm.ptr
    "llvm.cond_br"(%9)[^bb4, ^bb5] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb4:  // pred: ^bb3
    %20 = "llvm.mul"(%17, %12) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %21 = "llvm.getelementptr"(%arg2, %20) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%3)[^bb6] : (i64) -> ()
  ^bb5:  // 2 preds: ^bb3, ^bb6
    "llvm.cond_br"(%10, %3, %18, %18)[^bb8, ^bb7] <{operandSegmentSizes = array<i32: 1, 2, 1>}> : (i1, i64, f64, f64) -> ()
  ^bb6(%22: i64):  // 2 preds: ^bb4, ^bb6
    %23 = "llvm.getelementptr"(%arg3, %22) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %24 = "llvm.load"(%23) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %25 = "llvm.getelementptr"(%21, %22) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %26 = "llvm.load"(%25) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %27 = "llvm.fmul"(%26, %24) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %28 = "llvm.intr.sin"(%27) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %29 = "llvm.getelementptr"(%19, %22) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%28, %29) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %30 = "llvm.add"(%22, %4) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %31 = "llvm.icmp"(%30, %14) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%31, %30)[^bb5, ^bb6] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb7(%32: f64):  // 2 preds: ^bb5, ^bb8
    "llvm.call"(%19) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @free, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (!llvm.ptr) -> ()
    %33 = "llvm.add"(%17, %4) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %34 = "llvm.icmp"(%33, %13) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%34, %32, %33, %32)[^bb2, ^bb3] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  ^bb8(%35: i64, %36: f64):  // 2 preds: ^bb5, ^bb8
    %37 = "llvm.getelementptr"(%19, %35) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %38 = "llvm.load"(%37) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %39 = "llvm.add"(%35, %4) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %40 = "llvm.icmp"(%39, %11) <{predicate = 0 : i64}> : (i64, i64) -> i1
    %41 = "llvm.and"(%39, %5) : (i64, i64) -> i64
    %42 = "llvm.select"(%40, %3, %41) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i64, i64) -> i64
    %43 = "llvm.getelementptr"(%19, %42) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %44 = "llvm.load"(%43) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %45 = "llvm.fmul"(%44, %38) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %46 = "llvm.fadd"(%45, %36) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %47 = "llvm.icmp"(%39, %15) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%47, %46, %39, %46)[^bb7, ^bb8] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], function_type = !llvm.func<ptr (i64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["mustprogress", "nofree", ["allockind", "9"], ["allocsize", "4294967295"], ["alloc-family", "malloc"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], res_attrs = [{llvm.noalias, llvm.noundef}], sym_name = "malloc", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64, will_return}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.allocptr, llvm.nocapture, llvm.noundef}], function_type = !llvm.func<void (ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["mustprogress", ["allockind", "4"], ["alloc-family", "malloc"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "free", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64, will_return}> ({
  }) : () -> ()
}) {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, llvm.ident = "Debian clang version 22.1.8 (1~deb12u1)", llvm.module_asm = [], llvm.target_triple = "x86_64-pc-linux-gnu"} : () -> ()

