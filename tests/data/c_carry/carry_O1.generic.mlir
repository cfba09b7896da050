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
    %108 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %109 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %110 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %111 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %112 = "llvm.icmp"(%arg12, %108) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%112, %arg15)[^bb1, ^bb4] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, !llvm.ptr) -> ()
  ^bb1:  // pred: ^bb0
    %113 = "llvm.icmp"(%arg11, %108) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %114 = "llvm.sext"(%arg11) : (i32) -> i64
    %115 = "llvm.zext"(%arg12) <{nonNeg}> : (i32) -> i64
    %116 = "llvm.zext"(%arg11) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%109, %arg15)[^bb2] : (i64, !llvm.ptr) -> ()
  ^bb2(%117: i64, %118: !llvm.ptr):  // 2 preds: ^bb1, ^bb6
    "llvm.cond_br"(%113)[^bb3, ^bb6] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb3:  // pred: ^bb2
    %119 = "llvm.trunc"(%117) <{overflowFlags = 0 : i32}> : (i64) -> i32
    %120 = "llvm.mul"(%arg11, %119) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %121 = "llvm.zext"(%120) : (i32) -> i64
    "llvm.br"(%109)[^bb7] : (i64) -> ()
  ^bb4(%122: !llvm.ptr):  // 2 preds: ^bb0, ^bb6
    %123 = "llvm.icmp"(%arg11, %108) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%123, %111)[^bb5, ^bb8] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb5:  // pred: ^bb4
    %124 = "llvm.zext"(%arg11) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%109, %111)[^bb9] : (i64, f64) -> ()
  ^bb6:  // 2 preds: ^bb2, ^bb7
    %125 = "llvm.mul"(%117, %114) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %126 = "llvm.getelementptr"(%arg14, %125) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %127 = "llvm.add"(%117, %110) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %128 = "llvm.icmp"(%127, %115) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%128, %126, %127, %126)[^bb4, ^bb2] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, !llvm.ptr, i64, !llvm.ptr) -> ()
  ^bb7(%129: i64):  // 2 preds: ^bb3, ^bb7
    %130 = "llvm.getelementptr"(%118, %129) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %131 = "llvm.load"(%130) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %132 = "llvm.add"(%129, %121) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %133 = "llvm.getelementptr"(%arg13, %132) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %134 = "llvm.load"(%133) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %135 = "llvm.fmul"(%134, %131) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %136 = "llvm.intr.sin"(%135) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %137 = "llvm.getelementptr"(%arg14, %132) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%136, %137) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %138 = "llvm.add"(%129, %110) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %139 = "llvm.icmp"(%138, %116) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%139, %138)[^bb6, ^bb7] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb8(%140: f64):  // 2 preds: ^bb4, ^bb9
    "llvm.return"(%140) : (f64) -> ()
  ^bb9(%141: i64, %142: f64):  // 2 preds: ^bb5, ^bb9
    %143 = "llvm.getelementptr"(%122, %141) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %144 = "llvm.load"(%143) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %145 = "llvm.fmul"(%144, %144) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %146 = "llvm.fadd"(%145, %142) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %147 = "llvm.add"(%141, %110) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %148 = "llvm.icmp"(%147, %124) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%148, %146, %147, %146)[^bb8, ^bb9] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.noundef}, {llvm.nocapture, llvm.noundef}, {llvm.nocapture, llvm.noundef}], dso_local, function_type = !llvm.func<f64 (i32, i32, ptr, ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = readwrite, argMem = readwrite, inaccessibleMem = none, errnoMem = readwrite, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "swap", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg7: i32, %arg8: i32, %arg9: !llvm.ptr, %arg10: !llvm.ptr):
    %70 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %71 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %72 = "llvm.mlir.constant"() <{value = -1 : i64}> : () -> i64
    %73 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %74 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %75 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %76 = "llvm.icmp"(%arg8, %70) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%76, %arg9)[^bb1, ^bb4] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, !llvm.ptr) -> ()
  ^bb1:  // pred: ^bb0
    %77 = "llvm.icmp"(%arg7, %70) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %78 = "llvm.sext"(%arg7) : (i32) -> i64
    %79 = "llvm.zext"(%arg7) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%arg9, %70, %arg10)[^bb2] : (!llvm.ptr, i32, !llvm.ptr) -> ()
  ^bb2(%80: !llvm.ptr, %81: i32, %82: !llvm.ptr):  // 2 preds: ^bb1, ^bb6
    "llvm.cond_br"(%77)[^bb3, ^bb6] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb3:  // pred: ^bb2
    %83 = "llvm.getelementptr"(%80, %78) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%71)[^bb7] : (i64) -> ()
  ^bb4(%84: !llvm.ptr):  // 2 preds: ^bb0, ^bb6
    %85 = "llvm.icmp"(%arg7, %70) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%85, %75)[^bb5, ^bb8] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb5:  // pred: ^bb4
    %86 = "llvm.zext"(%arg7) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%71, %75)[^bb9] : (i64, f64) -> ()
  ^bb6:  // 2 preds: ^bb2, ^bb7
    %87 = "llvm.add"(%81, %74) <{overflowFlags = 3 : i32}> : (i32, i32) -> i32
    %88 = "llvm.icmp"(%87, %arg8) <{predicate = 0 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%88, %82, %82, %87, %80)[^bb4, ^bb2] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 3>}> : (i1, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr) -> ()
  ^bb7(%89: i64):  // 2 preds: ^bb3, ^bb7
    %90 = "llvm.getelementptr"(%80, %89) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %91 = "llvm.load"(%90) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %92 = "llvm.intr.sin"(%91) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %93 = "llvm.xor"(%89, %72) : (i64, i64) -> i64
    %94 = "llvm.getelementptr"(%83, %93) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %95 = "llvm.load"(%94) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %96 = "llvm.fmul"(%92, %95) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %97 = "llvm.getelementptr"(%82, %89) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%96, %97) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %98 = "llvm.add"(%89, %73) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %99 = "llvm.icmp"(%98, %79) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%99, %98)[^bb6, ^bb7] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb8(%100: f64):  // 2 preds: ^bb4, ^bb9
    "llvm.return"(%100) : (f64) -> ()
  ^bb9(%101: i64, %102: f64):  // 2 preds: ^bb5, ^bb9
    %103 = "llvm.getelementptr"(%84, %101) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %104 = "llvm.load"(%103) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %105 = "llvm.fadd"(%104, %102) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %106 = "llvm.add"(%101, %73) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %107 = "llvm.icmp"(%106, %86) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%107, %105, %106, %105)[^bb8, ^bb9] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
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
    %32 = "llvm.icmp"(%arg3, %22) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %33 = "llvm.zext"(%arg3) : (i32) -> i64
    %34 = "llvm.zext"(%arg3) : (i32) -> i64
    %35 = "llvm.zext"(%arg4) <{nonNeg}> : (i32) -> i64
    %36 = "llvm.zext"(%arg3) <{nonNeg}> : (i32) -> i64
    %37 = "llvm.zext"(%arg3) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%25, %23)[^bb3] : (i64, f64) -> ()
  ^bb2(%38: f64):  // 2 preds: ^bb0, ^bb7
    "llvm.return"(%38) : (f64) -> ()
  ^bb3(%39: i64, %40: f64):  // 2 preds: ^bb1, ^bb7
    %41 = "llvm.call"(%30) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @malloc, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, res_attrs = [{llvm.noalias}]}> : (i64) -> !llvm.ptr
    "llvm.cond_br"(%31)[^bb4, ^bb5] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb4:  // pred: ^bb3
    %42 = "llvm.mul"(%39, %34) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %43 = "llvm.getelementptr"(%arg5, %42) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%25)[^bb6] : (i64) -> ()
  ^bb5:  // 2 preds: ^bb3, ^bb6
    "llvm.cond_br"(%32, %25, %40, %40)[^bb8, ^bb7] <{operandSegmentSizes = array<i32: 1, 2, 1>}> : (i1, i64, f64, f64) -> ()
  ^bb6(%44: i64):  // 2 preds: ^bb4, ^bb6
    %45 = "llvm.getelementptr"(%arg6, %44) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %46 = "llvm.load"(%45) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %47 = "llvm.getelementptr"(%43, %44) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %48 = "llvm.load"(%47) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %49 = "llvm.fmul"(%48, %46) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %50 = "llvm.intr.sin"(%49) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %51 = "llvm.getelementptr"(%41, %44) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%50, %51) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %52 = "llvm.add"(%44, %26) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %53 = "llvm.icmp"(%52, %36) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%53, %52)[^bb5, ^bb6] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb7(%54: f64):  // 2 preds: ^bb5, ^bb8
    "llvm.call"(%41) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @free, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (!llvm.ptr) -> ()
    %55 = "llvm.add"(%39, %26) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %56 = "llvm.icmp"(%55, %35) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%56, %54, %55, %54)[^bb2, ^bb3] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  ^bb8(%57: i64, %58: f64):  // 2 preds: ^bb5, ^bb8
    %59 = "llvm.getelementptr"(%41, %57) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %60 = "llvm.load"(%59) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %61 = "llvm.add"(%57, %26) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %62 = "llvm.icmp"(%61, %33) <{predicate = 0 : i64}> : (i64, i64) -> i1
    %63 = "llvm.and"(%61, %27) : (i64, i64) -> i64
    %64 = "llvm.select"(%62, %25, %63) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i64, i64) -> i64
    %65 = "llvm.getelementptr"(%41, %64) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %66 = "llvm.load"(%65) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %67 = "llvm.fmul"(%66, %60) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %68 = "llvm.fadd"(%67, %58) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %69 = "llvm.icmp"(%61, %37) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%69, %68, %61, %68)[^bb7, ^bb8] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
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

