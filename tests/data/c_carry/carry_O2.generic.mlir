#loop_unroll = #llvm.loop_unroll<disable = true>
#tbaa_root = #llvm.tbaa_root<id = "Simple C/C++ TBAA">
#loop_annotation = #llvm.loop_annotation<unroll = #loop_unroll, mustProgress = true>
#tbaa_type_desc = #llvm.tbaa_type_desc<id = "omnipotent char", members = {<#tbaa_root, 0>}>
#tbaa_type_desc1 = #llvm.tbaa_type_desc<id = "double", members = {<#tbaa_type_desc, 0>}>
#tbaa_type_desc2 = #llvm.tbaa_type_desc<id = "int", members = {<#tbaa_type_desc, 0>}>
#tbaa_tag = #llvm.tbaa_tag<base_type = #tbaa_type_desc1, access_type = #tbaa_type_desc1, offset = 0>
#tbaa_tag1 = #llvm.tbaa_tag<base_type = #tbaa_type_desc2, access_type = #tbaa_type_desc2, offset = 0>
"builtin.module"() ({
  "llvm.module_flags"() <{flags = [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>, #llvm.mlir.module_flag<min, "PIC Level", 2 : i32>, #llvm.mlir.module_flag<max, "PIE Level", 2 : i32>, #llvm.mlir.module_flag<max, "uwtable", 2 : i32>]}> : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.noundef}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef}, {llvm.nocapture, llvm.noundef, llvm.readonly}], dso_local, function_type = !llvm.func<f64 (i32, i32, ptr, ptr, ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = read, argMem = readwrite, inaccessibleMem = none, errnoMem = read, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "carry", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg11: i32, %arg12: i32, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %arg15: !llvm.ptr):
    %104 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %105 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %106 = "llvm.mlir.constant"() <{value = 4294967295 : i64}> : () -> i64
    %107 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %108 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %109 = "llvm.icmp"(%arg12, %104) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%109, %arg15)[^bb1, ^bb4] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, !llvm.ptr) -> ()
  ^bb1:  // pred: ^bb0
    %110 = "llvm.icmp"(%arg11, %104) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %111 = "llvm.sext"(%arg11) : (i32) -> i64
    %112 = "llvm.zext"(%arg12) <{nonNeg}> : (i32) -> i64
    %113 = "llvm.zext"(%arg11) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%105, %arg15)[^bb2] : (i64, !llvm.ptr) -> ()
  ^bb2(%114: i64, %115: !llvm.ptr):  // 2 preds: ^bb1, ^bb6
    %116 = "llvm.mul"(%114, %111) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    "llvm.cond_br"(%110)[^bb3, ^bb6] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb3:  // pred: ^bb2
    %117 = "llvm.and"(%116, %106) : (i64, i64) -> i64
    "llvm.br"(%105)[^bb7] : (i64) -> ()
  ^bb4(%118: !llvm.ptr):  // 2 preds: ^bb0, ^bb6
    %119 = "llvm.icmp"(%arg11, %104) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%119, %108)[^bb5, ^bb8] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb5:  // pred: ^bb4
    %120 = "llvm.zext"(%arg11) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%105, %108)[^bb9] : (i64, f64) -> ()
  ^bb6:  // 2 preds: ^bb2, ^bb7
    %121 = "llvm.getelementptr"(%arg14, %116) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %122 = "llvm.add"(%114, %107) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %123 = "llvm.icmp"(%122, %112) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%123, %121, %122, %121)[^bb4, ^bb2] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, !llvm.ptr, i64, !llvm.ptr) -> ()
  ^bb7(%124: i64):  // 2 preds: ^bb3, ^bb7
    %125 = "llvm.getelementptr"(%115, %124) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %126 = "llvm.load"(%125) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %127 = "llvm.add"(%124, %117) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %128 = "llvm.getelementptr"(%arg13, %127) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %129 = "llvm.load"(%128) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %130 = "llvm.fmul"(%129, %126) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %131 = "llvm.intr.sin"(%130) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %132 = "llvm.getelementptr"(%arg14, %127) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%131, %132) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %133 = "llvm.add"(%124, %107) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %134 = "llvm.icmp"(%133, %113) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%134, %133)[^bb6, ^bb7] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb8(%135: f64):  // 2 preds: ^bb4, ^bb9
    "llvm.return"(%135) : (f64) -> ()
  ^bb9(%136: i64, %137: f64):  // 2 preds: ^bb5, ^bb9
    %138 = "llvm.getelementptr"(%118, %136) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %139 = "llvm.load"(%138) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %140 = "llvm.fmul"(%139, %139) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %141 = "llvm.fadd"(%140, %137) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %142 = "llvm.add"(%136, %107) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %143 = "llvm.icmp"(%142, %120) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%143, %141, %142, %141)[^bb8, ^bb9] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.noundef}, {llvm.nocapture, llvm.noundef}, {llvm.nocapture, llvm.noundef}], dso_local, function_type = !llvm.func<f64 (i32, i32, ptr, ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = readwrite, argMem = readwrite, inaccessibleMem = none, errnoMem = readwrite, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "swap", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg7: i32, %arg8: i32, %arg9: !llvm.ptr, %arg10: !llvm.ptr):
    %66 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %67 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %68 = "llvm.mlir.constant"() <{value = -1 : i64}> : () -> i64
    %69 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %70 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %71 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %72 = "llvm.icmp"(%arg8, %66) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%72, %arg9)[^bb1, ^bb4] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, !llvm.ptr) -> ()
  ^bb1:  // pred: ^bb0
    %73 = "llvm.icmp"(%arg7, %66) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %74 = "llvm.sext"(%arg7) : (i32) -> i64
    %75 = "llvm.zext"(%arg7) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%arg9, %66, %arg10)[^bb2] : (!llvm.ptr, i32, !llvm.ptr) -> ()
  ^bb2(%76: !llvm.ptr, %77: i32, %78: !llvm.ptr):  // 2 preds: ^bb1, ^bb6
    "llvm.cond_br"(%73)[^bb3, ^bb6] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb3:  // pred: ^bb2
    %79 = "llvm.getelementptr"(%76, %74) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%67)[^bb7] : (i64) -> ()
  ^bb4(%80: !llvm.ptr):  // 2 preds: ^bb0, ^bb6
    %81 = "llvm.icmp"(%arg7, %66) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%81, %71)[^bb5, ^bb8] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb5:  // pred: ^bb4
    %82 = "llvm.zext"(%arg7) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%67, %71)[^bb9] : (i64, f64) -> ()
  ^bb6:  // 2 preds: ^bb2, ^bb7
    %83 = "llvm.add"(%77, %70) <{overflowFlags = 3 : i32}> : (i32, i32) -> i32
    %84 = "llvm.icmp"(%83, %arg8) <{predicate = 0 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%84, %78, %78, %83, %76)[^bb4, ^bb2] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 3>}> : (i1, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr) -> ()
  ^bb7(%85: i64):  // 2 preds: ^bb3, ^bb7
    %86 = "llvm.getelementptr"(%76, %85) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %87 = "llvm.load"(%86) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %88 = "llvm.intr.sin"(%87) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %89 = "llvm.xor"(%85, %68) : (i64, i64) -> i64
    %90 = "llvm.getelementptr"(%79, %89) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %91 = "llvm.load"(%90) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %92 = "llvm.fmul"(%88, %91) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %93 = "llvm.getelementptr"(%78, %85) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%92, %93) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %94 = "llvm.add"(%85, %69) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %95 = "llvm.icmp"(%94, %75) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%95, %94)[^bb6, ^bb7] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb8(%96: f64):  // 2 preds: ^bb4, ^bb9
    "llvm.return"(%96) : (f64) -> ()
  ^bb9(%97: i64, %98: f64):  // 2 preds: ^bb5, ^bb9
    %99 = "llvm.getelementptr"(%80, %97) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %100 = "llvm.load"(%99) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %101 = "llvm.fadd"(%100, %98) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %102 = "llvm.add"(%97, %69) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %103 = "llvm.icmp"(%102, %82) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%103, %101, %102, %101)[^bb8, ^bb9] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.noundef}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}], dso_local, function_type = !llvm.func<f64 (i32, i32, ptr, ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = readwrite, argMem = read, inaccessibleMem = readwrite, errnoMem = readwrite, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = [["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "scratch", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg3: i32, %arg4: i32, %arg5: !llvm.ptr, %arg6: !llvm.ptr):
    %22 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %23 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %24 = "llvm.mlir.constant"() <{value = 3 : i64}> : () -> i64
    %25 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %26 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %27 = "llvm.mlir.constant"() <{value = 4294967295 : i64}> : () -> i64
    %28 = "llvm.icmp"(%arg4, %22) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%28, %23)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb1:  // pred: ^bb0
    %29 = "llvm.sext"(%arg3) : (i32) -> i64
    %30 = "llvm.shl"(%29, %24) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %31 = "llvm.icmp"(%arg3, %22) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %32 = "llvm.zext"(%arg3) : (i32) -> i64
    %33 = "llvm.zext"(%arg4) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%25, %23)[^bb3] : (i64, f64) -> ()
  ^bb2(%34: f64):  // 2 preds: ^bb0, ^bb6
    "llvm.return"(%34) : (f64) -> ()
  ^bb3(%35: i64, %36: f64):  // 2 preds: ^bb1, ^bb6
    %37 = "llvm.call"(%30) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @malloc, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, res_attrs = [{llvm.noalias}]}> : (i64) -> !llvm.ptr
    "llvm.cond_br"(%31, %36)[^bb4, ^bb6] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb4:  // pred: ^bb3
    %38 = "llvm.mul"(%35, %32) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %39 = "llvm.getelementptr"(%arg5, %38) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%25)[^bb5] : (i64) -> ()
  ^bb5(%40: i64):  // 2 preds: ^bb4, ^bb5
    %41 = "llvm.getelementptr"(%arg6, %40) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %42 = "llvm.load"(%41) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %43 = "llvm.getelementptr"(%39, %40) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %44 = "llvm.load"(%43) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %45 = "llvm.fmul"(%44, %42) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %46 = "llvm.intr.sin"(%45) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %47 = "llvm.getelementptr"(%37, %40) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%46, %47) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %48 = "llvm.add"(%40, %26) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %49 = "llvm.icmp"(%48, %32) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%49, %25, %36, %48)[^bb7, ^bb5] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 2, 1>}> : (i1, i64, f64, i64) -> ()
  ^bb6(%50: f64):  // 2 preds: ^bb3, ^bb7
    "llvm.call"(%37) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @free, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (!llvm.ptr) -> ()
    %51 = "llvm.add"(%35, %26) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %52 = "llvm.icmp"(%51, %33) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%52, %50, %51, %50)[^bb2, ^bb3] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  ^bb7(%53: i64, %54: f64):  // 2 preds: ^bb5, ^bb7
    %55 = "llvm.getelementptr"(%37, %53) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %56 = "llvm.load"(%55) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %57 = "llvm.add"(%53, %26) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %58 = "llvm.icmp"(%57, %32) <{predicate = 0 : i64}> : (i64, i64) -> i1
    %59 = "llvm.and"(%57, %27) : (i64, i64) -> i64
    %60 = "llvm.select"(%58, %25, %59) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i64, i64) -> i64
    %61 = "llvm.getelementptr"(%37, %60) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %62 = "llvm.load"(%61) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %63 = "llvm.fmul"(%62, %56) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %64 = "llvm.fadd"(%63, %54) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %65 = "llvm.icmp"(%57, %32) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%65, %64, %57, %64)[^bb6, ^bb7] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], function_type = !llvm.func<ptr (i64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["mustprogress", "nofree", ["allockind", "9"], ["allocsize", "4294967295"], ["alloc-family", "malloc"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], res_attrs = [{llvm.noalias, llvm.noundef}], sym_name = "malloc", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64, will_return}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.allocptr, llvm.nocapture, llvm.noundef}], function_type = !llvm.func<void (ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["mustprogress", ["allockind", "4"], ["alloc-family", "malloc"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "free", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64, will_return}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}], dso_local, function_type = !llvm.func<f64 (i32, ptr, ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = read, argMem = read, inaccessibleMem = none, errnoMem = read, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "keep", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: i32, %arg1: !llvm.ptr, %arg2: !llvm.ptr):
    %0 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %2 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %3 = "llvm.mlir.undef"() : () -> !llvm.ptr
    %4 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %5 = "llvm.icmp"(%arg0, %0) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%5, %1)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb1:  // pred: ^bb0
    %6 = "llvm.zext"(%arg0) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%2, %1, %3)[^bb3] : (i64, f64, !llvm.ptr) -> ()
  ^bb2(%7: f64):  // 2 preds: ^bb0, ^bb3
    "llvm.return"(%7) : (f64) -> ()
  ^bb3(%8: i64, %9: f64, %10: !llvm.ptr):  // 2 preds: ^bb1, ^bb3
    %11 = "llvm.getelementptr"(%arg2, %8) <{elem_type = i32, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %12 = "llvm.load"(%11) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    %13 = "llvm.zext"(%12) <{nonNeg}> : (i32) -> i64
    %14 = "llvm.getelementptr"(%arg1, %13) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %15 = "llvm.icmp"(%12, %0) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %16 = "llvm.select"(%15, %10, %14) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, !llvm.ptr, !llvm.ptr) -> !llvm.ptr
    %17 = "llvm.load"(%16) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %18 = "llvm.fmul"(%17, %17) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %19 = "llvm.fadd"(%18, %9) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %20 = "llvm.add"(%8, %4) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %21 = "llvm.icmp"(%20, %6) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%21, %19, %20, %19, %16)[^bb2, ^bb3] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 3>}> : (i1, f64, i64, f64, !llvm.ptr) -> ()
  }) : () -> ()
}) {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, llvm.ident = "Debian clang version 22.1.8 (1~deb12u1)", llvm.module_asm = [], llvm.target_triple = "x86_64-pc-linux-gnu"} : () -> ()

