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
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.noundef}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (i32, i32, i32, ptr, ptr, ptr, ptr, f64, i32)>, linkage = #llvm.linkage<external>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = [["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "gmm_objective", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 0 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg12: i32, %arg13: i32, %arg14: i32, %arg15: !llvm.ptr, %arg16: !llvm.ptr, %arg17: !llvm.ptr, %arg18: !llvm.ptr, %arg19: f64, %arg20: i32):
    %5 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %6 = "llvm.mlir.constant"() <{value = 2 : i32}> : () -> i32
    %7 = "llvm.mlir.constant"() <{value = 3 : i64}> : () -> i64
    %8 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %9 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %10 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %11 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %12 = "llvm.mlir.poison"() : () -> f64
    %13 = "llvm.mlir.constant"() <{value = 4294967295 : i64}> : () -> i64
    %14 = "llvm.mlir.constant"() <{value = 5.000000e-01 : f64}> : () -> f64
    %15 = "llvm.mlir.constant"() <{value = -1 : i32}> : () -> i32
    %16 = "llvm.mlir.constant"() <{value = 0.28618247146235004 : f64}> : () -> f64
    %17 = "llvm.mlir.constant"() <{value = 0.91893853320467266 : f64}> : () -> f64
    %18 = "llvm.mlir.constant"() <{value = -0.34657359027997264 : f64}> : () -> f64
    %19 = "llvm.add"(%arg12, %5) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %20 = "llvm.mul"(%19, %arg12) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
    %21 = "llvm.sdiv"(%20, %6) : (i32, i32) -> i32
    %22 = "llvm.mul"(%arg13, %arg12) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
    %23 = "llvm.sext"(%22) : (i32) -> i64
    %24 = "llvm.shl"(%23, %7) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %25 = "llvm.call"(%24) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @malloc, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, res_attrs = [{llvm.noalias}]}> : (i64) -> !llvm.ptr
    %26 = "llvm.sext"(%arg13) : (i32) -> i64
    %27 = "llvm.shl"(%26, %7) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %28 = "llvm.call"(%27) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @malloc, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, res_attrs = [{llvm.noalias}]}> : (i64) -> !llvm.ptr
    %29 = "llvm.sext"(%arg12) : (i32) -> i64
    %30 = "llvm.shl"(%29, %7) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %31 = "llvm.call"(%30) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @malloc, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, res_attrs = [{llvm.noalias}]}> : (i64) -> !llvm.ptr
    %32 = "llvm.call"(%30) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @malloc, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, res_attrs = [{llvm.noalias}]}> : (i64) -> !llvm.ptr
    %33 = "llvm.call"(%27) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @malloc, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, res_attrs = [{llvm.noalias}]}> : (i64) -> !llvm.ptr
    %34 = "llvm.icmp"(%arg13, %8) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%34)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb1:  // pred: ^bb0
    %35 = "llvm.icmp"(%arg12, %8) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %36 = "llvm.sext"(%21) : (i32) -> i64
    %37 = "llvm.zext"(%arg13) <{nonNeg}> : (i32) -> i64
    %38 = "llvm.zext"(%arg12) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%9)[^bb4] : (i64) -> ()
  ^bb2:  // 2 preds: ^bb0, ^bb7
    %39 = "llvm.icmp"(%arg14, %8) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%39, %10)[^bb3, ^bb11] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb3:  // pred: ^bb2
    %40 = "llvm.getelementptr"(%arg17, %29) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %41 = "llvm.icmp"(%arg12, %8) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %42 = "llvm.zext"(%arg12) : (i32) -> i64
    %43 = "llvm.icmp"(%arg13, %5) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %44 = "llvm.icmp"(%arg13, %5) <{predicate = 0 : i64}> : (i32, i32) -> i1
    %45 = "llvm.zext"(%arg13) : (i32) -> i64
    %46 = "llvm.sext"(%21) : (i32) -> i64
    %47 = "llvm.zext"(%arg14) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%9, %10)[^bb9] : (i64, f64) -> ()
  ^bb4(%48: i64):  // 2 preds: ^bb1, ^bb7
    %49 = "llvm.getelementptr"(%28, %48) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%10, %49) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    "llvm.cond_br"(%35)[^bb5, ^bb7] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb5:  // pred: ^bb4
    %50 = "llvm.mul"(%48, %36) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %51 = "llvm.mul"(%48, %29) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %52 = "llvm.getelementptr"(%arg17, %50) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %53 = "llvm.getelementptr"(%25, %51) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%9, %10)[^bb8] : (i64, f64) -> ()
  ^bb6:  // pred: ^bb8
    "llvm.store"(%60, %49) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    "llvm.br"()[^bb7] : () -> ()
  ^bb7:  // 2 preds: ^bb4, ^bb6
    %54 = "llvm.add"(%48, %11) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %55 = "llvm.icmp"(%54, %37) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%55, %54)[^bb2, ^bb4] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb8(%56: i64, %57: f64):  // 2 preds: ^bb5, ^bb8
    %58 = "llvm.getelementptr"(%52, %56) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %59 = "llvm.load"(%58) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %60 = "llvm.fadd"(%57, %59) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %61 = "llvm.intr.exp"(%59) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %62 = "llvm.getelementptr"(%53, %56) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%61, %62) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %63 = "llvm.add"(%56, %11) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %64 = "llvm.icmp"(%63, %38) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%64, %63, %60)[^bb6, ^bb8] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, i64, f64) -> ()
  ^bb9(%65: i64, %66: f64):  // 2 preds: ^bb3, ^bb37
    "llvm.cond_br"(%34, %12)[^bb10, ^bb37] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb10:  // pred: ^bb9
    %67 = "llvm.trunc"(%65) <{overflowFlags = 0 : i32}> : (i64) -> i32
    %68 = "llvm.mul"(%arg12, %67) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %69 = "llvm.zext"(%68) : (i32) -> i64
    %70 = "llvm.getelementptr"(%arg18, %69) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%9)[^bb29] : (i64) -> ()
  ^bb11(%71: f64):  // 2 preds: ^bb2, ^bb37
    %72 = "llvm.sitofp"(%arg14) : (i32) -> f64
    %73 = "llvm.load"(%arg15) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %74 = "llvm.icmp"(%arg13, %5) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%74)[^bb12, ^bb14] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb12:  // pred: ^bb11
    %75 = "llvm.zext"(%arg13) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%11, %73)[^bb13] : (i64, f64) -> ()
  ^bb13(%76: i64, %77: f64):  // 2 preds: ^bb12, ^bb13
    %78 = "llvm.getelementptr"(%arg15, %76) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %79 = "llvm.load"(%78) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %80 = "llvm.fcmp"(%79, %77) <{fastmathFlags = #llvm.fastmath<fast>, predicate = 2 : i64}> : (f64, f64) -> i1
    %81 = "llvm.select"(%80, %79, %77) <{fastmathFlags = #llvm.fastmath<nsz>}> : (i1, f64, f64) -> f64
    %82 = "llvm.add"(%76, %11) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %83 = "llvm.icmp"(%82, %75) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%83, %75, %81, %82, %81)[^bb15, ^bb13] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 2, 2>}> : (i1, i64, f64, i64, f64) -> ()
  ^bb14:  // pred: ^bb11
    %84 = "llvm.icmp"(%arg13, %5) <{predicate = 0 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%84, %11, %73, %12)[^bb15, ^bb18] <{operandSegmentSizes = array<i32: 1, 2, 1>}> : (i1, i64, f64, f64) -> ()
  ^bb15(%85: i64, %86: f64):  // 2 preds: ^bb13, ^bb14
    "llvm.br"(%9, %10)[^bb17] : (i64, f64) -> ()
  ^bb16:  // pred: ^bb17
    %87 = "llvm.intr.log"(%96) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %88 = "llvm.fadd"(%87, %86) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %89 = "llvm.fmul"(%88, %72) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.br"(%89)[^bb18] : (f64) -> ()
  ^bb17(%90: i64, %91: f64):  // 2 preds: ^bb15, ^bb17
    %92 = "llvm.getelementptr"(%arg15, %90) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %93 = "llvm.load"(%92) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %94 = "llvm.fsub"(%93, %86) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %95 = "llvm.intr.exp"(%94) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %96 = "llvm.fadd"(%95, %91) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %97 = "llvm.add"(%90, %11) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %98 = "llvm.icmp"(%97, %85) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%98, %97, %96)[^bb16, ^bb17] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, i64, f64) -> ()
  ^bb18(%99: f64):  // 2 preds: ^bb14, ^bb16
    %100 = "llvm.add"(%arg20, %19) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %101 = "llvm.sitofp"(%100) : (i32) -> f64
    %102 = "llvm.sitofp"(%arg12) : (i32) -> f64
    %103 = "llvm.add"(%arg12, %15) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
    %104 = "llvm.sitofp"(%103) : (i32) -> f64
    %105 = "llvm.fmul"(%102, %16) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %106 = "llvm.fmul"(%105, %104) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %107 = "llvm.icmp"(%arg12, %5) <{predicate = 2 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%107, %106, %5, %106)[^bb20, ^bb19] <{operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i32, f64) -> ()
  ^bb19(%108: i32, %109: f64):  // 2 preds: ^bb18, ^bb19
    %110 = "llvm.sub"(%5, %108) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
    %111 = "llvm.sitofp"(%110) : (i32) -> f64
    %112 = "llvm.fadd"(%111, %101) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %113 = "llvm.fmul"(%112, %14) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %114 = "llvm.call"(%113) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @lgamma, fastmathFlags = #llvm.fastmath<fast>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (f64) -> f64
    %115 = "llvm.fadd"(%114, %109) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %116 = "llvm.add"(%108, %5) <{overflowFlags = 2 : i32}> : (i32, i32) -> i32
    %117 = "llvm.icmp"(%108, %arg12) <{predicate = 0 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%117, %115, %116, %115)[^bb20, ^bb19] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i32, f64) -> ()
  ^bb20(%118: f64):  // 2 preds: ^bb18, ^bb19
    "llvm.cond_br"(%34, %10)[^bb21, ^bb28] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb21:  // pred: ^bb20
    %119 = "llvm.icmp"(%arg12, %8) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %120 = "llvm.zext"(%arg12) <{nonNeg}> : (i32) -> i64
    %121 = "llvm.sub"(%21, %arg12) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
    %122 = "llvm.getelementptr"(%arg17, %29) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %123 = "llvm.icmp"(%121, %8) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %124 = "llvm.zext"(%121) <{nonNeg}> : (i32) -> i64
    %125 = "llvm.sitofp"(%arg20) : (i32) -> f64
    %126 = "llvm.sext"(%21) : (i32) -> i64
    %127 = "llvm.zext"(%arg13) <{nonNeg}> : (i32) -> i64
    %128 = "llvm.fmul"(%arg19, %arg19) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %129 = "llvm.fmul"(%128, %14) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.br"(%9, %10)[^bb22] : (i64, f64) -> ()
  ^bb22(%130: i64, %131: f64):  // 2 preds: ^bb21, ^bb27
    %132 = "llvm.mul"(%130, %29) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %133 = "llvm.getelementptr"(%25, %132) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.cond_br"(%119, %9, %10, %10)[^bb23, ^bb24] <{operandSegmentSizes = array<i32: 1, 2, 1>}> : (i1, i64, f64, f64) -> ()
  ^bb23(%134: i64, %135: f64):  // 2 preds: ^bb22, ^bb23
    %136 = "llvm.getelementptr"(%133, %134) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %137 = "llvm.load"(%136) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %138 = "llvm.fmul"(%137, %137) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %139 = "llvm.fadd"(%138, %135) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %140 = "llvm.add"(%134, %11) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %141 = "llvm.icmp"(%140, %120) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%141, %139, %140, %139)[^bb24, ^bb23] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  ^bb24(%142: f64):  // 2 preds: ^bb22, ^bb23
    %143 = "llvm.mul"(%130, %126) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %144 = "llvm.getelementptr"(%122, %143) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.cond_br"(%123, %9, %10, %142)[^bb25, ^bb27] <{operandSegmentSizes = array<i32: 1, 2, 1>}> : (i1, i64, f64, f64) -> ()
  ^bb25(%145: i64, %146: f64):  // 2 preds: ^bb24, ^bb25
    %147 = "llvm.getelementptr"(%144, %145) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %148 = "llvm.load"(%147) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %149 = "llvm.fmul"(%148, %148) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %150 = "llvm.fadd"(%149, %146) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %151 = "llvm.add"(%145, %11) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %152 = "llvm.icmp"(%151, %124) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%152, %151, %150)[^bb26, ^bb25] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, i64, f64) -> ()
  ^bb26:  // pred: ^bb25
    %153 = "llvm.fadd"(%150, %142) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.br"(%153)[^bb27] : (f64) -> ()
  ^bb27(%154: f64):  // 2 preds: ^bb24, ^bb26
    %155 = "llvm.fmul"(%129, %154) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %156 = "llvm.getelementptr"(%28, %130) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %157 = "llvm.load"(%156) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %158 = "llvm.fadd"(%155, %131) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %159 = "llvm.fmul"(%157, %125) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %160 = "llvm.fsub"(%158, %159) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %161 = "llvm.add"(%130, %11) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %162 = "llvm.icmp"(%161, %127) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%162, %160, %161, %160)[^bb28, ^bb22] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  ^bb28(%163: f64):  // 2 preds: ^bb20, ^bb27
    %164 = "llvm.mul"(%arg12, %arg14) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %165 = "llvm.sub"(%8, %164) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %166 = "llvm.sitofp"(%165) : (i32) -> f64
    %167 = "llvm.fmul"(%166, %17) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %168 = "llvm.intr.log"(%arg19) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %169 = "llvm.fadd"(%168, %18) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %170 = "llvm.mul"(%100, %arg12) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
    %171 = "llvm.sitofp"(%170) : (i32) -> f64
    %172 = "llvm.fmul"(%169, %171) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %173 = "llvm.fsub"(%172, %118) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %174 = "llvm.sitofp"(%arg13) : (i32) -> f64
    %175 = "llvm.fadd"(%71, %167) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %176 = "llvm.fmul"(%173, %174) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %177 = "llvm.fadd"(%99, %176) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %178 = "llvm.fsub"(%175, %177) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %179 = "llvm.fadd"(%178, %163) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.call"(%25) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @free, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (!llvm.ptr) -> ()
    "llvm.call"(%28) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @free, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (!llvm.ptr) -> ()
    "llvm.call"(%31) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @free, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (!llvm.ptr) -> ()
    "llvm.call"(%32) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @free, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (!llvm.ptr) -> ()
    "llvm.call"(%33) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @free, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (!llvm.ptr) -> ()
    "llvm.return"(%179) : (f64) -> ()
  ^bb29(%180: i64):  // 2 preds: ^bb10, ^bb49
    "llvm.cond_br"(%41)[^bb30, ^bb39] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb30:  // pred: ^bb29
    %181 = "llvm.mul"(%180, %29) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %182 = "llvm.and"(%181, %13) : (i64, i64) -> i64
    %183 = "llvm.getelementptr"(%arg16, %182) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%9)[^bb50] : (i64) -> ()
  ^bb31:  // pred: ^bb49
    %184 = "llvm.load"(%33) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    "llvm.cond_br"(%43, %11, %184)[^bb32, ^bb33] <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (i1, i64, f64) -> ()
  ^bb32(%185: i64, %186: f64):  // 2 preds: ^bb31, ^bb32
    %187 = "llvm.getelementptr"(%33, %185) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %188 = "llvm.load"(%187) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %189 = "llvm.fcmp"(%188, %186) <{fastmathFlags = #llvm.fastmath<fast>, predicate = 2 : i64}> : (f64, f64) -> i1
    %190 = "llvm.select"(%189, %188, %186) <{fastmathFlags = #llvm.fastmath<nsz>}> : (i1, f64, f64) -> f64
    %191 = "llvm.add"(%185, %11) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %192 = "llvm.icmp"(%191, %45) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%192, %190, %191, %190)[^bb34, ^bb32] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  ^bb33:  // pred: ^bb31
    "llvm.cond_br"(%44, %184, %12)[^bb34, ^bb37] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, f64, f64) -> ()
  ^bb34(%193: f64):  // 2 preds: ^bb32, ^bb33
    "llvm.br"(%9, %10)[^bb36] : (i64, f64) -> ()
  ^bb35:  // pred: ^bb36
    %194 = "llvm.intr.log"(%203) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %195 = "llvm.fadd"(%194, %193) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %196 = "llvm.fadd"(%195, %66) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.br"(%196)[^bb37] : (f64) -> ()
  ^bb36(%197: i64, %198: f64):  // 2 preds: ^bb34, ^bb36
    %199 = "llvm.getelementptr"(%33, %197) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %200 = "llvm.load"(%199) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %201 = "llvm.fsub"(%200, %193) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %202 = "llvm.intr.exp"(%201) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %203 = "llvm.fadd"(%202, %198) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %204 = "llvm.add"(%197, %11) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %205 = "llvm.icmp"(%204, %45) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%205, %204, %203)[^bb35, ^bb36] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, i64, f64) -> ()
  ^bb37(%206: f64):  // 3 preds: ^bb9, ^bb33, ^bb35
    %207 = "llvm.add"(%65, %11) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %208 = "llvm.icmp"(%207, %47) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%208, %206, %207, %206)[^bb11, ^bb9] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  ^bb38:  // pred: ^bb50
    %209 = "llvm.getelementptr"(%25, %181) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %210 = "llvm.mul"(%180, %46) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %211 = "llvm.getelementptr"(%40, %210) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%9)[^bb40] : (i64) -> ()
  ^bb39:  // pred: ^bb29
    %212 = "llvm.getelementptr"(%arg15, %180) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %213 = "llvm.load"(%212) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %214 = "llvm.getelementptr"(%28, %180) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %215 = "llvm.load"(%214) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %216 = "llvm.fadd"(%215, %213) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.br"(%216, %10)[^bb49] : (f64, f64) -> ()
  ^bb40(%217: i64):  // 2 preds: ^bb38, ^bb40
    %218 = "llvm.getelementptr"(%209, %217) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %219 = "llvm.load"(%218) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %220 = "llvm.getelementptr"(%31, %217) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %221 = "llvm.load"(%220) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %222 = "llvm.fmul"(%221, %219) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %223 = "llvm.getelementptr"(%32, %217) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%222, %223) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %224 = "llvm.add"(%217, %11) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %225 = "llvm.icmp"(%224, %42) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%225, %9, %11, %8, %224)[^bb43, ^bb40] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 3, 1>}> : (i1, i64, i64, i32, i64) -> ()
  ^bb41:  // pred: ^bb45
    %226 = "llvm.trunc"(%246) <{overflowFlags = 1 : i32}> : (i64) -> i32
    "llvm.br"(%226)[^bb42] : (i32) -> ()
  ^bb42(%227: i32):  // 2 preds: ^bb41, ^bb43
    %228 = "llvm.add"(%231, %11) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %229 = "llvm.icmp"(%233, %42) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%229, %233, %228, %227)[^bb46, ^bb43] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 3>}> : (i1, i64, i64, i32) -> ()
  ^bb43(%230: i64, %231: i64, %232: i32):  // 2 preds: ^bb40, ^bb42
    %233 = "llvm.add"(%230, %11) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %234 = "llvm.icmp"(%233, %42) <{predicate = 6 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%234, %232)[^bb44, ^bb42] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i32) -> ()
  ^bb44:  // pred: ^bb43
    %235 = "llvm.getelementptr"(%31, %230) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %236 = "llvm.sext"(%232) : (i32) -> i64
    %237 = "llvm.load"(%235) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    "llvm.br"(%236, %231)[^bb45] : (i64, i64) -> ()
  ^bb45(%238: i64, %239: i64):  // 2 preds: ^bb44, ^bb45
    %240 = "llvm.getelementptr"(%211, %238) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %241 = "llvm.load"(%240) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %242 = "llvm.fmul"(%237, %241) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %243 = "llvm.getelementptr"(%32, %239) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %244 = "llvm.load"(%243) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %245 = "llvm.fadd"(%244, %242) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.store"(%245, %243) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %246 = "llvm.add"(%238, %11) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %247 = "llvm.add"(%239, %11) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %248 = "llvm.icmp"(%247, %42) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%248, %246, %247)[^bb41, ^bb45] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, i64, i64) -> ()
  ^bb46:  // pred: ^bb42
    %249 = "llvm.getelementptr"(%arg15, %180) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %250 = "llvm.load"(%249) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %251 = "llvm.getelementptr"(%28, %180) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %252 = "llvm.load"(%251) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    "llvm.br"(%9, %10)[^bb47] : (i64, f64) -> ()
  ^bb47(%253: i64, %254: f64):  // 2 preds: ^bb46, ^bb47
    %255 = "llvm.getelementptr"(%32, %253) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %256 = "llvm.load"(%255) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %257 = "llvm.fmul"(%256, %256) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %258 = "llvm.fadd"(%257, %254) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %259 = "llvm.add"(%253, %11) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %260 = "llvm.icmp"(%259, %42) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%260, %259, %258)[^bb48, ^bb47] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, i64, f64) -> ()
  ^bb48:  // pred: ^bb47
    %261 = "llvm.fadd"(%252, %250) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %262 = "llvm.fmul"(%258, %14) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.br"(%261, %262)[^bb49] : (f64, f64) -> ()
  ^bb49(%263: f64, %264: f64):  // 2 preds: ^bb39, ^bb48
    %265 = "llvm.fsub"(%263, %264) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %266 = "llvm.getelementptr"(%33, %180) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%265, %266) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %267 = "llvm.add"(%180, %11) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %268 = "llvm.icmp"(%267, %45) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%268, %267)[^bb31, ^bb29] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb50(%269: i64):  // 2 preds: ^bb30, ^bb50
    %270 = "llvm.getelementptr"(%70, %269) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %271 = "llvm.load"(%270) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %272 = "llvm.getelementptr"(%183, %269) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %273 = "llvm.load"(%272) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %274 = "llvm.fsub"(%271, %273) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %275 = "llvm.getelementptr"(%31, %269) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%274, %275) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %276 = "llvm.add"(%269, %11) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %277 = "llvm.icmp"(%276, %42) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%277, %276)[^bb38, ^bb50] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], function_type = !llvm.func<ptr (i64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["mustprogress", "nofree", ["allockind", "9"], ["allocsize", "4294967295"], ["alloc-family", "malloc"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], res_attrs = [{llvm.noalias, llvm.noundef}], sym_name = "malloc", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64, will_return}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.allocptr, llvm.nocapture, llvm.noundef}], function_type = !llvm.func<void (ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["mustprogress", ["allockind", "4"], ["alloc-family", "malloc"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "free", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64, will_return}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}], dso_local, function_type = !llvm.func<void (i32, i32, i32, ptr, ptr, ptr, ptr, ptr, ptr, ptr, f64, i32)>, linkage = #llvm.linkage<external>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = [["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "gmm_gradient", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: !llvm.ptr, %arg4: !llvm.ptr, %arg5: !llvm.ptr, %arg6: !llvm.ptr, %arg7: !llvm.ptr, %arg8: !llvm.ptr, %arg9: !llvm.ptr, %arg10: f64, %arg11: i32):
    %0 = "llvm.mlir.addressof"() <{global_name = @enzyme_const}> : () -> !llvm.ptr
    %1 = "llvm.mlir.addressof"() <{global_name = @enzyme_dup}> : () -> !llvm.ptr
    %2 = "llvm.mlir.addressof"() <{global_name = @gmm_objective}> : () -> !llvm.ptr
    %3 = "llvm.load"(%0) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    %4 = "llvm.load"(%1) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    "llvm.call"(%2, %3, %arg0, %3, %arg1, %3, %arg2, %4, %arg3, %arg4, %4, %arg5, %arg6, %4, %arg7, %arg8, %3, %arg9, %3, %arg10, %3, %arg11) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.nonnull, llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}], callee = @__enzyme_autodiff, fastmathFlags = #llvm.fastmath<none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 22, 0>, var_callee_type = !llvm.func<void (ptr, ...)>}> : (!llvm.ptr, i32, i32, i32, i32, i32, i32, i32, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i32, f64, i32, i32) -> ()
    "llvm.return"() : () -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], function_type = !llvm.func<void (ptr, ...)>, linkage = #llvm.linkage<external>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, passthrough = [["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "__enzyme_autodiff", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], function_type = !llvm.func<f64 (f64)>, linkage = #llvm.linkage<external>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = [["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "lgamma", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
}) {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, llvm.ident = "Debian clang version 22.1.8 (1~deb12u1)", llvm.module_asm = [], llvm.target_triple = "x86_64-pc-linux-gnu"} : () -> ()

