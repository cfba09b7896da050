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
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.noundef}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}], dso_local, function_type = !llvm.func<f64 (i32, i32, ptr, ptr, ptr, ptr, ptr, ptr, ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = readwrite, argMem = read, inaccessibleMem = readwrite, errnoMem = readwrite, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = [["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "hand_objective", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 0 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg10: i32, %arg11: i32, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %arg15: !llvm.ptr, %arg16: !llvm.ptr, %arg17: !llvm.ptr, %arg18: !llvm.ptr):
    %5 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %6 = "llvm.mlir.constant"() <{value = 12 : i32}> : () -> i32
    %7 = "llvm.mlir.constant"() <{value = 3 : i64}> : () -> i64
    %8 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %9 = "llvm.mlir.constant"() <{value = 24 : i64}> : () -> i64
    %10 = "llvm.mlir.constant"() <{value = 8 : i64}> : () -> i64
    %11 = "llvm.mlir.constant"() <{value = 16 : i64}> : () -> i64
    %12 = "llvm.mlir.constant"() <{value = 32 : i64}> : () -> i64
    %13 = "llvm.mlir.constant"() <{value = 40 : i64}> : () -> i64
    %14 = "llvm.mlir.constant"() <{value = 48 : i64}> : () -> i64
    %15 = "llvm.mlir.constant"() <{value = 64 : i64}> : () -> i64
    %16 = "llvm.mlir.constant"() <{value = 72 : i64}> : () -> i64
    %17 = "llvm.mlir.constant"() <{value = 80 : i64}> : () -> i64
    %18 = "llvm.mlir.constant"() <{value = 56 : i64}> : () -> i64
    %19 = "llvm.mlir.constant"() <{value = 88 : i64}> : () -> i64
    %20 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %21 = "llvm.mlir.constant"() <{value = 96 : i64}> : () -> i64
    %22 = "llvm.mlir.constant"() <{value = 34359738336 : i64}> : () -> i64
    %23 = "llvm.mlir.constant"() <{value = 9.9999999999999998E-13 : f64}> : () -> f64
    %24 = "llvm.mlir.constant"() <{value = 1.000000e+00 : f64}> : () -> f64
    %25 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %26 = "llvm.mlir.constant"() <{value = 12 : i64}> : () -> i64
    %27 = "llvm.mlir.constant"() <{value = 2 : i64}> : () -> i64
    %28 = "llvm.mlir.constant"() <{value = 5 : i64}> : () -> i64
    %29 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %30 = "llvm.mlir.constant"() <{value = 4 : i64}> : () -> i64
    %31 = "llvm.alloca"(%5) <{alignment = 16 : i64, elem_type = !llvm.array<12 x f64>}> : (i32) -> !llvm.ptr
    %32 = "llvm.alloca"(%5) <{alignment = 16 : i64, elem_type = !llvm.array<12 x f64>}> : (i32) -> !llvm.ptr
    %33 = "llvm.alloca"(%5) <{alignment = 16 : i64, elem_type = !llvm.array<3 x f64>}> : (i32) -> !llvm.ptr
    %34 = "llvm.mul"(%arg10, %6) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
    %35 = "llvm.sext"(%34) : (i32) -> i64
    %36 = "llvm.shl"(%35, %7) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %37 = "llvm.call"(%36) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @malloc, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, res_attrs = [{llvm.noalias}]}> : (i64) -> !llvm.ptr
    %38 = "llvm.call"(%36) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @malloc, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, res_attrs = [{llvm.noalias}]}> : (i64) -> !llvm.ptr
    "llvm.intr.lifetime.start"(%31) : (!llvm.ptr) -> ()
    "llvm.intr.lifetime.start"(%32) : (!llvm.ptr) -> ()
    %39 = "llvm.icmp"(%arg10, %8) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%39)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb1:  // pred: ^bb0
    %40 = "llvm.getelementptr"(%arg12, %9) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %41 = "llvm.getelementptr"(%31, %10) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %42 = "llvm.getelementptr"(%31, %11) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %43 = "llvm.getelementptr"(%31, %12) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %44 = "llvm.getelementptr"(%31, %13) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %45 = "llvm.getelementptr"(%31, %14) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %46 = "llvm.getelementptr"(%31, %15) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %47 = "llvm.getelementptr"(%31, %16) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %48 = "llvm.getelementptr"(%31, %17) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %49 = "llvm.getelementptr"(%31, %9) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %50 = "llvm.getelementptr"(%31, %18) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %51 = "llvm.getelementptr"(%31, %19) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %52 = "llvm.zext"(%arg10) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%20)[^bb4] : (i64) -> ()
  ^bb2:  // 2 preds: ^bb0, ^bb33
    %53 = "llvm.icmp"(%arg11, %8) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%53, %25)[^bb3, ^bb34] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb3:  // pred: ^bb2
    %54 = "llvm.load"(%arg12) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %55 = "llvm.getelementptr"(%33, %10) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %56 = "llvm.getelementptr"(%arg12, %10) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %57 = "llvm.load"(%56) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %58 = "llvm.getelementptr"(%33, %11) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %59 = "llvm.getelementptr"(%arg12, %11) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %60 = "llvm.load"(%59) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %61 = "llvm.zext"(%arg10) : (i32) -> i64
    %62 = "llvm.zext"(%arg11) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%20, %25)[^bb35] : (i64, f64) -> ()
  ^bb4(%63: i64):  // 2 preds: ^bb1, ^bb33
    %64 = "llvm.mul"(%63, %21) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %65 = "llvm.and"(%64, %22) : (i64, i64) -> i64
    %66 = "llvm.getelementptr"(%37, %65) <{elem_type = i8, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %67 = "llvm.mul"(%63, %9) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %68 = "llvm.getelementptr"(%40, %67) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %69 = "llvm.load"(%68) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %70 = "llvm.fmul"(%69, %69) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %71 = "llvm.getelementptr"(%68, %10) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %72 = "llvm.load"(%71) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %73 = "llvm.fmul"(%72, %72) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %74 = "llvm.fadd"(%73, %70) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %75 = "llvm.getelementptr"(%68, %11) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %76 = "llvm.load"(%75) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %77 = "llvm.fmul"(%76, %76) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %78 = "llvm.fadd"(%74, %77) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %79 = "llvm.fcmp"(%78, %23) <{fastmathFlags = #llvm.fastmath<fast>, predicate = 4 : i64}> : (f64, f64) -> i1
    "llvm.cond_br"(%79)[^bb5, ^bb6] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb5:  // pred: ^bb4
    "llvm.store"(%24, %31) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %80 = "llvm.fneg"(%76) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    "llvm.store"(%80, %41) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    "llvm.store"(%72, %42) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    "llvm.store"(%76, %43) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    "llvm.store"(%24, %44) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %81 = "llvm.fneg"(%69) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    "llvm.store"(%81, %45) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %82 = "llvm.fneg"(%72) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    "llvm.store"(%82, %46) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    "llvm.br"(%69, %24)[^bb7] : (f64, f64) -> ()
  ^bb6:  // pred: ^bb4
    %83 = "llvm.intr.sqrt"(%78) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %84 = "llvm.fdiv"(%69, %83) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %85 = "llvm.fdiv"(%72, %83) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %86 = "llvm.fdiv"(%76, %83) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %87 = "llvm.intr.sin"(%83) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %88 = "llvm.intr.cos"(%83) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %89 = "llvm.fsub"(%24, %88) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %90 = "llvm.fmul"(%84, %84) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %91 = "llvm.fmul"(%90, %89) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %92 = "llvm.fadd"(%91, %88) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.store"(%92, %31) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %93 = "llvm.fmul"(%89, %85) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %94 = "llvm.fmul"(%93, %84) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %95 = "llvm.fmul"(%86, %87) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %96 = "llvm.fsub"(%94, %95) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.store"(%96, %41) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %97 = "llvm.fmul"(%89, %86) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %98 = "llvm.fmul"(%97, %84) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %99 = "llvm.fmul"(%85, %87) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %100 = "llvm.fadd"(%98, %99) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.store"(%100, %42) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %101 = "llvm.fadd"(%94, %95) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.store"(%101, %43) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %102 = "llvm.fmul"(%85, %85) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %103 = "llvm.fmul"(%102, %89) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %104 = "llvm.fadd"(%103, %88) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.store"(%104, %44) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %105 = "llvm.fmul"(%97, %85) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %106 = "llvm.fmul"(%84, %87) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %107 = "llvm.fsub"(%105, %106) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.store"(%107, %45) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %108 = "llvm.fsub"(%98, %99) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.store"(%108, %46) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %109 = "llvm.fadd"(%105, %106) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %110 = "llvm.fmul"(%86, %86) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %111 = "llvm.fmul"(%110, %89) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %112 = "llvm.fadd"(%111, %88) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.br"(%109, %112)[^bb7] : (f64, f64) -> ()
  ^bb7(%113: f64, %114: f64):  // 2 preds: ^bb5, ^bb6
    "llvm.store"(%113, %47) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    "llvm.store"(%114, %48) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    "llvm.store"(%25, %49) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    "llvm.store"(%25, %50) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    "llvm.store"(%25, %51) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %115 = "llvm.mul"(%63, %26) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %116 = "llvm.getelementptr"(%arg14, %115) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%20)[^bb8] : (i64) -> ()
  ^bb8(%117: i64):  // 2 preds: ^bb7, ^bb9
    %118 = "llvm.shl"(%117, %27) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %119 = "llvm.getelementptr"(%116, %118) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %120 = "llvm.getelementptr"(%119, %9) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %121 = "llvm.getelementptr"(%32, %118) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%20)[^bb10] : (i64) -> ()
  ^bb9:  // pred: ^bb13
    %122 = "llvm.add"(%117, %29) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %123 = "llvm.icmp"(%122, %7) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%123, %122)[^bb15, ^bb8] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb10(%124: i64):  // 2 preds: ^bb8, ^bb13
    %125 = "llvm.icmp"(%124, %7) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%125, %25)[^bb11, ^bb12] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb11:  // pred: ^bb10
    %126 = "llvm.load"(%120) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    "llvm.br"(%126)[^bb12] : (f64) -> ()
  ^bb12(%127: f64):  // 2 preds: ^bb10, ^bb11
    %128 = "llvm.getelementptr"(%31, %124) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%20, %127)[^bb14] : (i64, f64) -> ()
  ^bb13:  // pred: ^bb14
    %129 = "llvm.getelementptr"(%121, %124) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%140, %129) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %130 = "llvm.add"(%124, %29) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %131 = "llvm.icmp"(%130, %30) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%131, %130)[^bb9, ^bb10] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb14(%132: i64, %133: f64):  // 2 preds: ^bb12, ^bb14
    %134 = "llvm.getelementptr"(%119, %132) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %135 = "llvm.load"(%134) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %136 = "llvm.shl"(%132, %28) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %137 = "llvm.getelementptr"(%128, %136) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %138 = "llvm.load"(%137) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %139 = "llvm.fmul"(%138, %135) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %140 = "llvm.fadd"(%139, %133) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %141 = "llvm.add"(%132, %29) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %142 = "llvm.icmp"(%141, %7) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%142, %141, %140)[^bb13, ^bb14] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, i64, f64) -> ()
  ^bb15:  // pred: ^bb9
    %143 = "llvm.getelementptr"(%arg13, %63) <{elem_type = i32, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %144 = "llvm.load"(%143) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    %145 = "llvm.icmp"(%144, %8) <{predicate = 2 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%145)[^bb16, ^bb17] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb16:  // pred: ^bb15
    "llvm.intr.memcpy"(%66, %32, %21) <{arg_attrs = [{llvm.align = 8 : i64, llvm.dereferenceable = 96 : i64, llvm.nonnull, llvm.noundef}, {llvm.align = 16 : i64, llvm.dereferenceable = 96 : i64, llvm.nonnull, llvm.noundef}, {}], isVolatile = false, tbaa = [#tbaa_tag]}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
    "llvm.br"()[^bb25] : () -> ()
  ^bb17:  // pred: ^bb15
    %146 = "llvm.mul"(%144, %6) <{overflowFlags = 3 : i32}> : (i32, i32) -> i32
    %147 = "llvm.zext"(%146) <{nonNeg}> : (i32) -> i64
    %148 = "llvm.getelementptr"(%37, %147) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %149 = "llvm.getelementptr"(%37, %115) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%20)[^bb18] : (i64) -> ()
  ^bb18(%150: i64):  // 2 preds: ^bb17, ^bb19
    %151 = "llvm.shl"(%150, %27) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %152 = "llvm.getelementptr"(%148, %151) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %153 = "llvm.getelementptr"(%152, %9) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %154 = "llvm.getelementptr"(%149, %151) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%20)[^bb20] : (i64) -> ()
  ^bb19:  // pred: ^bb23
    %155 = "llvm.add"(%150, %29) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %156 = "llvm.icmp"(%155, %7) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%156, %155)[^bb25, ^bb18] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb20(%157: i64):  // 2 preds: ^bb18, ^bb23
    %158 = "llvm.icmp"(%157, %7) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%158, %25)[^bb21, ^bb22] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb21:  // pred: ^bb20
    %159 = "llvm.load"(%153) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    "llvm.br"(%159)[^bb22] : (f64) -> ()
  ^bb22(%160: f64):  // 2 preds: ^bb20, ^bb21
    %161 = "llvm.getelementptr"(%32, %157) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%20, %160)[^bb24] : (i64, f64) -> ()
  ^bb23:  // pred: ^bb24
    %162 = "llvm.getelementptr"(%154, %157) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%173, %162) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %163 = "llvm.add"(%157, %29) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %164 = "llvm.icmp"(%163, %30) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%164, %163)[^bb19, ^bb20] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb24(%165: i64, %166: f64):  // 2 preds: ^bb22, ^bb24
    %167 = "llvm.getelementptr"(%152, %165) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %168 = "llvm.load"(%167) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %169 = "llvm.shl"(%165, %28) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %170 = "llvm.getelementptr"(%161, %169) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %171 = "llvm.load"(%170) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %172 = "llvm.fmul"(%171, %168) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %173 = "llvm.fadd"(%172, %166) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %174 = "llvm.add"(%165, %29) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %175 = "llvm.icmp"(%174, %7) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%175, %174, %173)[^bb23, ^bb24] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, i64, f64) -> ()
  ^bb25:  // 2 preds: ^bb16, ^bb19
    %176 = "llvm.getelementptr"(%37, %115) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %177 = "llvm.getelementptr"(%arg15, %115) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %178 = "llvm.getelementptr"(%38, %115) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%20)[^bb26] : (i64) -> ()
  ^bb26(%179: i64):  // 2 preds: ^bb25, ^bb27
    %180 = "llvm.shl"(%179, %27) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %181 = "llvm.getelementptr"(%176, %180) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %182 = "llvm.getelementptr"(%181, %9) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %183 = "llvm.getelementptr"(%178, %180) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%20)[^bb28] : (i64) -> ()
  ^bb27:  // pred: ^bb31
    %184 = "llvm.add"(%179, %29) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %185 = "llvm.icmp"(%184, %7) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%185, %184)[^bb33, ^bb26] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb28(%186: i64):  // 2 preds: ^bb26, ^bb31
    %187 = "llvm.icmp"(%186, %7) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%187, %25)[^bb29, ^bb30] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb29:  // pred: ^bb28
    %188 = "llvm.load"(%182) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    "llvm.br"(%188)[^bb30] : (f64) -> ()
  ^bb30(%189: f64):  // 2 preds: ^bb28, ^bb29
    %190 = "llvm.getelementptr"(%177, %186) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%20, %189)[^bb32] : (i64, f64) -> ()
  ^bb31:  // pred: ^bb32
    %191 = "llvm.getelementptr"(%183, %186) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%202, %191) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %192 = "llvm.add"(%186, %29) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %193 = "llvm.icmp"(%192, %30) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%193, %192)[^bb27, ^bb28] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb32(%194: i64, %195: f64):  // 2 preds: ^bb30, ^bb32
    %196 = "llvm.getelementptr"(%181, %194) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %197 = "llvm.load"(%196) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %198 = "llvm.shl"(%194, %28) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %199 = "llvm.getelementptr"(%190, %198) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %200 = "llvm.load"(%199) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %201 = "llvm.fmul"(%200, %197) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %202 = "llvm.fadd"(%201, %195) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %203 = "llvm.add"(%194, %29) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %204 = "llvm.icmp"(%203, %7) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%204, %203, %202)[^bb31, ^bb32] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, i64, f64) -> ()
  ^bb33:  // pred: ^bb27
    %205 = "llvm.add"(%63, %29) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %206 = "llvm.icmp"(%205, %52) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%206, %205)[^bb2, ^bb4] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb34(%207: f64):  // 2 preds: ^bb2, ^bb43
    "llvm.call"(%37) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @free, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (!llvm.ptr) -> ()
    "llvm.call"(%38) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @free, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (!llvm.ptr) -> ()
    "llvm.intr.lifetime.end"(%32) : (!llvm.ptr) -> ()
    "llvm.intr.lifetime.end"(%31) : (!llvm.ptr) -> ()
    "llvm.return"(%207) : (f64) -> ()
  ^bb35(%208: i64, %209: f64):  // 2 preds: ^bb3, ^bb43
    "llvm.intr.lifetime.start"(%33) : (!llvm.ptr) -> ()
    "llvm.store"(%54, %33) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    "llvm.store"(%57, %55) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    "llvm.store"(%60, %58) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    "llvm.cond_br"(%39)[^bb37, ^bb36] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb36:  // pred: ^bb35
    %210 = "llvm.mul"(%208, %7) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    "llvm.br"(%210)[^bb38] : (i64) -> ()
  ^bb37:  // pred: ^bb35
    %211 = "llvm.mul"(%208, %61) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %212 = "llvm.mul"(%208, %7) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %213 = "llvm.getelementptr"(%arg16, %212) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %214 = "llvm.getelementptr"(%213, %10) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %215 = "llvm.getelementptr"(%213, %11) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %216 = "llvm.getelementptr"(%arg17, %211) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%20)[^bb39] : (i64) -> ()
  ^bb38(%217: i64):  // 2 preds: ^bb36, ^bb42
    %218 = "llvm.getelementptr"(%arg18, %217) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%20, %209)[^bb44] : (i64, f64) -> ()
  ^bb39(%219: i64):  // 2 preds: ^bb37, ^bb42
    %220 = "llvm.getelementptr"(%216, %219) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %221 = "llvm.load"(%220) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %222 = "llvm.fcmp"(%221, %25) <{fastmathFlags = #llvm.fastmath<fast>, predicate = 1 : i64}> : (f64, f64) -> i1
    "llvm.cond_br"(%222)[^bb42, ^bb40] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb40:  // pred: ^bb39
    %223 = "llvm.mul"(%219, %21) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %224 = "llvm.getelementptr"(%38, %223) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %225 = "llvm.load"(%213) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %226 = "llvm.load"(%214) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %227 = "llvm.load"(%215) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    "llvm.br"(%20)[^bb41] : (i64) -> ()
  ^bb41(%228: i64):  // 2 preds: ^bb40, ^bb41
    %229 = "llvm.shl"(%228, %28) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %230 = "llvm.getelementptr"(%224, %229) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %231 = "llvm.load"(%230) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %232 = "llvm.fmul"(%225, %231) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %233 = "llvm.getelementptr"(%230, %10) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %234 = "llvm.load"(%233) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %235 = "llvm.fmul"(%226, %234) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %236 = "llvm.fadd"(%235, %232) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %237 = "llvm.getelementptr"(%230, %11) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %238 = "llvm.load"(%237) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %239 = "llvm.fmul"(%227, %238) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %240 = "llvm.fadd"(%236, %239) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %241 = "llvm.getelementptr"(%230, %9) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %242 = "llvm.load"(%241) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %243 = "llvm.fadd"(%240, %242) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %244 = "llvm.fmul"(%243, %221) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %245 = "llvm.getelementptr"(%33, %228) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %246 = "llvm.load"(%245) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %247 = "llvm.fadd"(%244, %246) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.store"(%247, %245) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %248 = "llvm.add"(%228, %29) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %249 = "llvm.icmp"(%248, %7) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%249, %248)[^bb42, ^bb41] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb42:  // 2 preds: ^bb39, ^bb41
    %250 = "llvm.add"(%219, %29) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %251 = "llvm.icmp"(%250, %61) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%251, %212, %250)[^bb38, ^bb39] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i64, i64) -> ()
  ^bb43:  // pred: ^bb44
    "llvm.intr.lifetime.end"(%33) : (!llvm.ptr) -> ()
    %252 = "llvm.add"(%208, %29) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %253 = "llvm.icmp"(%252, %62) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%253, %262, %252, %262)[^bb34, ^bb35] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  ^bb44(%254: i64, %255: f64):  // 2 preds: ^bb38, ^bb44
    %256 = "llvm.getelementptr"(%33, %254) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %257 = "llvm.load"(%256) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %258 = "llvm.getelementptr"(%218, %254) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %259 = "llvm.load"(%258) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %260 = "llvm.fsub"(%257, %259) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %261 = "llvm.fmul"(%260, %260) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %262 = "llvm.fadd"(%261, %255) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %263 = "llvm.add"(%254, %29) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %264 = "llvm.icmp"(%263, %7) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%264, %263, %262)[^bb43, ^bb44] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, i64, f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], function_type = !llvm.func<ptr (i64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["mustprogress", "nofree", ["allockind", "9"], ["allocsize", "4294967295"], ["alloc-family", "malloc"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], res_attrs = [{llvm.noalias, llvm.noundef}], sym_name = "malloc", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64, will_return}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.allocptr, llvm.nocapture, llvm.noundef}], function_type = !llvm.func<void (ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["mustprogress", ["allockind", "4"], ["alloc-family", "malloc"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "free", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64, will_return}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}], dso_local, function_type = !llvm.func<void (i32, i32, ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr)>, linkage = #llvm.linkage<external>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = [["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "hand_gradient", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: !llvm.ptr, %arg3: !llvm.ptr, %arg4: !llvm.ptr, %arg5: !llvm.ptr, %arg6: !llvm.ptr, %arg7: !llvm.ptr, %arg8: !llvm.ptr, %arg9: !llvm.ptr):
    %0 = "llvm.mlir.addressof"() <{global_name = @enzyme_const}> : () -> !llvm.ptr
    %1 = "llvm.mlir.addressof"() <{global_name = @enzyme_dup}> : () -> !llvm.ptr
    %2 = "llvm.mlir.addressof"() <{global_name = @hand_objective}> : () -> !llvm.ptr
    %3 = "llvm.load"(%0) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    %4 = "llvm.load"(%1) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    "llvm.call"(%2, %3, %arg0, %3, %arg1, %4, %arg2, %arg3, %3, %arg4, %3, %arg5, %3, %arg6, %3, %arg7, %3, %arg8, %3, %arg9) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.nonnull, llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}], callee = @__enzyme_autodiff, fastmathFlags = #llvm.fastmath<none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 20, 0>, var_callee_type = !llvm.func<void (ptr, ...)>}> : (!llvm.ptr, i32, i32, i32, i32, i32, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i32, !llvm.ptr, i32, !llvm.ptr, i32, !llvm.ptr, i32, !llvm.ptr, i32, !llvm.ptr) -> ()
    "llvm.return"() : () -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], function_type = !llvm.func<void (ptr, ...)>, linkage = #llvm.linkage<external>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, passthrough = [["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "__enzyme_autodiff", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
}) {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, llvm.ident = "Debian clang version 22.1.8 (1~deb12u1)", llvm.module_asm = [], llvm.target_triple = "x86_64-pc-linux-gnu"} : () -> ()

