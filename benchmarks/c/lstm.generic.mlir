#loop_unroll = #llvm.loop_unroll<disable = true>
#tbaa_root = #llvm.tbaa_root<id = "Simple C/C++ TBAA">
#loop_annotation = #llvm.loop_annotation<unroll = #loop_unroll, mustProgress = true>
#tbaa_type_desc = #llvm.tbaa_type_desc<id = "omnipotent char", members = {<#tbaa_root, 0>}>
#tbaa_type_desc1 = #llvm.tbaa_type_desc<id = "double", members = {<#tbaa_type_desc, 0>}>
#tbaa_type_desc2 = #llvm.tbaa_type_desc<id = "int", members = {<#tbaa_type_desc, 0>}>
#tbaa_tag = #llvm.tbaa_tag<base_type = #tbaa_type_desc1, access_type = #tbaa_type_desc1, offset = 0>
#tbaa_tag1 = #llvm.tbaa_tag<base_type = #tbaa_type_desc2, access_type = #tbaa_type_desc2, offset = 0>
"builtin.module"() ({
  "llvm.mlir.global"() <{addr_space = 0 : i32, alignment = 4 : i64, global_type = i32, linkage = #llvm.linkage<external>, sym_name = "enzyme_const", unnamed_addr = 1 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.mlir.global"() <{addr_space = 0 : i32, alignment = 4 : i64, global_type = i32, linkage = #llvm.linkage<external>, sym_name = "enzyme_dup", unnamed_addr = 1 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.module_flags"() <{flags = [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>, #llvm.mlir.module_flag<min, "PIC Level", 2 : i32>, #llvm.mlir.module_flag<max, "PIE Level", 2 : i32>, #llvm.mlir.module_flag<max, "uwtable", 2 : i32>]}> : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef}, {llvm.nocapture, llvm.noundef, llvm.readonly}], dso_local, function_type = !llvm.func<f64 (i32, i32, i32, ptr, ptr, ptr, ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = readwrite, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = readwrite, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = [["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "lstm_objective", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 0 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg10: i32, %arg11: i32, %arg12: i32, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %arg15: !llvm.ptr, %arg16: !llvm.ptr):
    %5 = "llvm.mlir.constant"() <{value = 3 : i64}> : () -> i64
    %6 = "llvm.mlir.constant"() <{value = -1 : i32}> : () -> i32
    %7 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %8 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %9 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %10 = "llvm.mlir.constant"() <{value = 2 : i32}> : () -> i32
    %11 = "llvm.mlir.constant"() <{value = 3 : i32}> : () -> i32
    %12 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %13 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %14 = "llvm.mlir.constant"() <{value = 5 : i64}> : () -> i64
    %15 = "llvm.mlir.constant"() <{value = 1.000000e+00 : f64}> : () -> f64
    %16 = "llvm.mlir.constant"() <{value = 2.000000e+00 : f64}> : () -> f64
    %17 = "llvm.sext"(%arg12) : (i32) -> i64
    %18 = "llvm.shl"(%17, %5) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %19 = "llvm.call"(%18) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @malloc, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, res_attrs = [{llvm.noalias}]}> : (i64) -> !llvm.ptr
    %20 = "llvm.call"(%18) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @malloc, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, res_attrs = [{llvm.noalias}]}> : (i64) -> !llvm.ptr
    %21 = "llvm.add"(%arg11, %6) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
    %22 = "llvm.mul"(%21, %arg12) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
    %23 = "llvm.getelementptr"(%arg16, %17) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %24 = "llvm.icmp"(%22, %7) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%24, %8, %8)[^bb1, ^bb3] <{operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, f64, f64) -> ()
  ^bb1:  // pred: ^bb0
    %25 = "llvm.icmp"(%arg12, %7) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %26 = "llvm.zext"(%arg12) : (i32) -> i64
    %27 = "llvm.shl"(%arg10, %9) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
    %28 = "llvm.mul"(%arg12, %27) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
    %29 = "llvm.icmp"(%28, %7) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %30 = "llvm.shl"(%arg12, %10) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
    %31 = "llvm.sext"(%30) : (i32) -> i64
    %32 = "llvm.shl"(%31, %5) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %33 = "llvm.shl"(%arg12, %9) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %34 = "llvm.sext"(%33) : (i32) -> i64
    %35 = "llvm.mul"(%arg12, %11) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
    %36 = "llvm.sext"(%35) : (i32) -> i64
    %37 = "llvm.zext"(%33) <{nonNeg}> : (i32) -> i64
    %38 = "llvm.zext"(%35) <{nonNeg}> : (i32) -> i64
    %39 = "llvm.zext"(%28) <{nonNeg}> : (i32) -> i64
    %40 = "llvm.getelementptr"(%arg14, %26) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %41 = "llvm.getelementptr"(%arg14, %37) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %42 = "llvm.icmp"(%arg12, %9) <{predicate = 0 : i64}> : (i32, i32) -> i1
    %43 = "llvm.zext"(%22) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%12, %8, %arg16)[^bb4] : (i64, f64, !llvm.ptr) -> ()
  ^bb2:  // pred: ^bb22
    %44 = "llvm.trunc"(%198) <{overflowFlags = 0 : i32}> : (i64) -> i32
    %45 = "llvm.sitofp"(%44) : (i32) -> f64
    "llvm.br"(%45, %197)[^bb3] : (f64, f64) -> ()
  ^bb3(%46: f64, %47: f64):  // 2 preds: ^bb0, ^bb2
    "llvm.call"(%19) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @free, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (!llvm.ptr) -> ()
    "llvm.call"(%20) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @free, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (!llvm.ptr) -> ()
    %48 = "llvm.fneg"(%47) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %49 = "llvm.fdiv"(%48, %46) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.return"(%49) : (f64) -> ()
  ^bb4(%50: i64, %51: f64, %52: !llvm.ptr):  // 2 preds: ^bb1, ^bb22
    "llvm.cond_br"(%25, %12)[^bb6, ^bb5] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i64) -> ()
  ^bb5:  // 2 preds: ^bb4, ^bb6
    "llvm.cond_br"(%29, %12, %19, %19)[^bb8, ^bb7] <{operandSegmentSizes = array<i32: 1, 2, 1>}> : (i1, i64, !llvm.ptr, !llvm.ptr) -> ()
  ^bb6(%53: i64):  // 2 preds: ^bb4, ^bb6
    %54 = "llvm.getelementptr"(%52, %53) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %55 = "llvm.load"(%54) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %56 = "llvm.getelementptr"(%arg14, %53) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %57 = "llvm.load"(%56) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %58 = "llvm.fmul"(%57, %55) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %59 = "llvm.getelementptr"(%19, %53) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%58, %59) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %60 = "llvm.add"(%53, %13) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %61 = "llvm.icmp"(%60, %26) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%61, %60)[^bb5, ^bb6] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb7(%62: !llvm.ptr):  // 2 preds: ^bb5, ^bb12
    "llvm.cond_br"(%25, %12)[^bb13, ^bb19] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i64) -> ()
  ^bb8(%63: i64, %64: !llvm.ptr):  // 2 preds: ^bb5, ^bb12
    %65 = "llvm.shl"(%63, %14) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %66 = "llvm.getelementptr"(%arg13, %65) <{elem_type = i8, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %67 = "llvm.add"(%63, %17) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %68 = "llvm.shl"(%67, %14) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %69 = "llvm.getelementptr"(%arg13, %68) <{elem_type = i8, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %70 = "llvm.getelementptr"(%arg15, %63) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %71 = "llvm.getelementptr"(%70, %17) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %72 = "llvm.call"(%32) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @malloc, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, res_attrs = [{llvm.noalias}]}> : (i64) -> !llvm.ptr
    %73 = "llvm.getelementptr"(%72, %17) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %74 = "llvm.getelementptr"(%72, %34) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %75 = "llvm.getelementptr"(%72, %36) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.cond_br"(%25, %12)[^bb9, ^bb12] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i64) -> ()
  ^bb9(%76: i64):  // 2 preds: ^bb8, ^bb9
    %77 = "llvm.getelementptr"(%64, %76) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %78 = "llvm.load"(%77) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %79 = "llvm.getelementptr"(%66, %76) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %80 = "llvm.load"(%79) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %81 = "llvm.fmul"(%80, %78) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %82 = "llvm.getelementptr"(%69, %76) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %83 = "llvm.load"(%82) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %84 = "llvm.fadd"(%81, %83) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %85 = "llvm.fneg"(%84) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %86 = "llvm.intr.exp"(%85) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %87 = "llvm.fadd"(%86, %15) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %88 = "llvm.fdiv"(%15, %87) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %89 = "llvm.getelementptr"(%72, %76) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%88, %89) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %90 = "llvm.getelementptr"(%70, %76) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %91 = "llvm.load"(%90) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %92 = "llvm.add"(%76, %26) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %93 = "llvm.getelementptr"(%66, %92) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %94 = "llvm.load"(%93) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %95 = "llvm.fmul"(%94, %91) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %96 = "llvm.getelementptr"(%69, %92) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %97 = "llvm.load"(%96) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %98 = "llvm.fadd"(%95, %97) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %99 = "llvm.fneg"(%98) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %100 = "llvm.intr.exp"(%99) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %101 = "llvm.fadd"(%100, %15) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %102 = "llvm.fdiv"(%15, %101) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %103 = "llvm.getelementptr"(%73, %76) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%102, %103) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %104 = "llvm.add"(%76, %37) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %105 = "llvm.getelementptr"(%66, %104) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %106 = "llvm.load"(%105) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %107 = "llvm.fmul"(%106, %78) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %108 = "llvm.getelementptr"(%69, %104) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %109 = "llvm.load"(%108) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %110 = "llvm.fadd"(%107, %109) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %111 = "llvm.fneg"(%110) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %112 = "llvm.intr.exp"(%111) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %113 = "llvm.fadd"(%112, %15) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %114 = "llvm.fdiv"(%15, %113) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %115 = "llvm.getelementptr"(%74, %76) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%114, %115) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %116 = "llvm.add"(%76, %38) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %117 = "llvm.getelementptr"(%66, %116) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %118 = "llvm.load"(%117) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %119 = "llvm.fmul"(%118, %91) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %120 = "llvm.getelementptr"(%69, %116) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %121 = "llvm.load"(%120) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %122 = "llvm.fadd"(%119, %121) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %123 = "llvm.intr.tanh"(%122) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %124 = "llvm.getelementptr"(%75, %76) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%123, %124) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %125 = "llvm.add"(%76, %13) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %126 = "llvm.icmp"(%125, %26) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%126, %12, %125)[^bb10, ^bb9] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i64, i64) -> ()
  ^bb10(%127: i64):  // 2 preds: ^bb9, ^bb10
    %128 = "llvm.getelementptr"(%71, %127) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %129 = "llvm.load"(%128) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %130 = "llvm.getelementptr"(%72, %127) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %131 = "llvm.load"(%130) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %132 = "llvm.fmul"(%131, %129) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %133 = "llvm.getelementptr"(%73, %127) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %134 = "llvm.load"(%133) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %135 = "llvm.getelementptr"(%75, %127) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %136 = "llvm.load"(%135) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %137 = "llvm.fmul"(%136, %134) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %138 = "llvm.fadd"(%137, %132) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.store"(%138, %128) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %139 = "llvm.add"(%127, %13) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %140 = "llvm.icmp"(%139, %26) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%140, %12, %139)[^bb11, ^bb10] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i64, i64) -> ()
  ^bb11(%141: i64):  // 2 preds: ^bb10, ^bb11
    %142 = "llvm.getelementptr"(%74, %141) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %143 = "llvm.load"(%142) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %144 = "llvm.getelementptr"(%71, %141) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %145 = "llvm.load"(%144) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %146 = "llvm.intr.tanh"(%145) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %147 = "llvm.fmul"(%146, %143) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %148 = "llvm.getelementptr"(%70, %141) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%147, %148) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %149 = "llvm.add"(%141, %13) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %150 = "llvm.icmp"(%149, %26) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%150, %149)[^bb12, ^bb11] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb12:  // 2 preds: ^bb8, ^bb11
    "llvm.call"(%72) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @free, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (!llvm.ptr) -> ()
    %151 = "llvm.add"(%63, %34) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %152 = "llvm.icmp"(%151, %39) <{predicate = 2 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%152, %151, %70, %70)[^bb8, ^bb7] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 2, 1>}> : (i1, i64, !llvm.ptr, !llvm.ptr) -> ()
  ^bb13(%153: i64):  // 2 preds: ^bb7, ^bb13
    %154 = "llvm.getelementptr"(%62, %153) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %155 = "llvm.load"(%154) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %156 = "llvm.getelementptr"(%40, %153) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %157 = "llvm.load"(%156) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %158 = "llvm.fmul"(%157, %155) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %159 = "llvm.getelementptr"(%41, %153) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %160 = "llvm.load"(%159) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %161 = "llvm.fadd"(%158, %160) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %162 = "llvm.getelementptr"(%19, %153) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%161, %162) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %163 = "llvm.add"(%153, %13) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %164 = "llvm.icmp"(%163, %26) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%164, %163)[^bb14, ^bb13] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb14:  // pred: ^bb13
    %165 = "llvm.load"(%19) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    "llvm.cond_br"(%42, %165, %13, %165)[^bb15, ^bb16] <{operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  ^bb15(%166: f64):  // 2 preds: ^bb14, ^bb16
    "llvm.br"(%12, %8)[^bb17] : (i64, f64) -> ()
  ^bb16(%167: i64, %168: f64):  // 2 preds: ^bb14, ^bb16
    %169 = "llvm.getelementptr"(%19, %167) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %170 = "llvm.load"(%169) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %171 = "llvm.fcmp"(%170, %168) <{fastmathFlags = #llvm.fastmath<fast>, predicate = 2 : i64}> : (f64, f64) -> i1
    %172 = "llvm.select"(%171, %170, %168) <{fastmathFlags = #llvm.fastmath<nsz>}> : (i1, f64, f64) -> f64
    %173 = "llvm.add"(%167, %13) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %174 = "llvm.icmp"(%173, %26) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%174, %172, %173, %172)[^bb15, ^bb16] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  ^bb17(%175: i64, %176: f64):  // 2 preds: ^bb15, ^bb17
    %177 = "llvm.getelementptr"(%19, %175) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %178 = "llvm.load"(%177) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %179 = "llvm.fsub"(%178, %166) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %180 = "llvm.intr.exp"(%179) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %181 = "llvm.fadd"(%180, %176) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %182 = "llvm.add"(%175, %13) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %183 = "llvm.icmp"(%182, %26) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%183, %182, %181)[^bb18, ^bb17] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, i64, f64) -> ()
  ^bb18:  // pred: ^bb17
    %184 = "llvm.fadd"(%181, %16) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %185 = "llvm.intr.log"(%184) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %186 = "llvm.fadd"(%166, %185) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.br"(%12)[^bb21] : (i64) -> ()
  ^bb19:  // pred: ^bb7
    %187 = "llvm.getelementptr"(%23, %50) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%187, %51)[^bb22] : (!llvm.ptr, f64) -> ()
  ^bb20:  // pred: ^bb21
    %188 = "llvm.getelementptr"(%23, %50) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%12, %51)[^bb23] : (i64, f64) -> ()
  ^bb21(%189: i64):  // 2 preds: ^bb18, ^bb21
    %190 = "llvm.getelementptr"(%19, %189) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %191 = "llvm.load"(%190) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %192 = "llvm.fsub"(%191, %186) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %193 = "llvm.getelementptr"(%20, %189) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%192, %193) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %194 = "llvm.add"(%189, %13) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %195 = "llvm.icmp"(%194, %26) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%195, %194)[^bb20, ^bb21] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb22(%196: !llvm.ptr, %197: f64):  // 2 preds: ^bb19, ^bb23
    %198 = "llvm.add"(%50, %17) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %199 = "llvm.icmp"(%198, %43) <{predicate = 2 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%199, %198, %197, %196)[^bb4, ^bb2] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 3, 0>}> : (i1, i64, f64, !llvm.ptr) -> ()
  ^bb23(%200: i64, %201: f64):  // 2 preds: ^bb20, ^bb23
    %202 = "llvm.getelementptr"(%188, %200) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %203 = "llvm.load"(%202) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %204 = "llvm.getelementptr"(%20, %200) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %205 = "llvm.load"(%204) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %206 = "llvm.fmul"(%205, %203) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %207 = "llvm.fadd"(%206, %201) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %208 = "llvm.add"(%200, %13) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %209 = "llvm.icmp"(%208, %26) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%209, %188, %207, %208, %207)[^bb22, ^bb23] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 2, 2>}> : (i1, !llvm.ptr, f64, i64, f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], function_type = !llvm.func<ptr (i64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["mustprogress", "nofree", ["allockind", "9"], ["allocsize", "4294967295"], ["alloc-family", "malloc"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], res_attrs = [{llvm.noalias, llvm.noundef}], sym_name = "malloc", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64, will_return}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.allocptr, llvm.nocapture, llvm.noundef}], function_type = !llvm.func<void (ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["mustprogress", ["allockind", "4"], ["alloc-family", "malloc"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "free", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64, will_return}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}], dso_local, function_type = !llvm.func<void (i32, i32, i32, ptr, ptr, ptr, ptr, ptr, ptr, ptr)>, linkage = #llvm.linkage<external>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = [["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "lstm_gradient", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: !llvm.ptr, %arg4: !llvm.ptr, %arg5: !llvm.ptr, %arg6: !llvm.ptr, %arg7: !llvm.ptr, %arg8: !llvm.ptr, %arg9: !llvm.ptr):
    %0 = "llvm.mlir.addressof"() <{global_name = @enzyme_const}> : () -> !llvm.ptr
    %1 = "llvm.mlir.addressof"() <{global_name = @enzyme_dup}> : () -> !llvm.ptr
    %2 = "llvm.mlir.addressof"() <{global_name = @lstm_objective}> : () -> !llvm.ptr
    %3 = "llvm.load"(%0) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    %4 = "llvm.load"(%1) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    "llvm.call"(%2, %3, %arg0, %3, %arg1, %3, %arg2, %4, %arg3, %arg4, %4, %arg5, %arg6, %4, %arg7, %arg8, %3, %arg9) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.nonnull, llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}], callee = @__enzyme_autodiff, fastmathFlags = #llvm.fastmath<none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 18, 0>, var_callee_type = !llvm.func<void (ptr, ...)>}> : (!llvm.ptr, i32, i32, i32, i32, i32, i32, i32, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr) -> ()
    "llvm.return"() : () -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], function_type = !llvm.func<void (ptr, ...)>, linkage = #llvm.linkage<external>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, passthrough = [["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "__enzyme_autodiff", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
}) {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, llvm.ident = "Debian clang version 22.1.8 (1~deb12u1)", llvm.module_asm = [], llvm.target_triple = "x86_64-pc-linux-gnu"} : () -> ()

