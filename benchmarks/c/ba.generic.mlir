#loop_unroll = #llvm.loop_unroll<disable = true>
#tbaa_root = #llvm.tbaa_root<id = "Simple C/C++ TBAA">
#loop_annotation = #llvm.loop_annotation<unroll = #loop_unroll, mustProgress = true>
#tbaa_type_desc = #llvm.tbaa_type_desc<id = "omnipotent char", members = {<#tbaa_root, 0>}>
#tbaa_type_desc1 = #llvm.tbaa_type_desc<id = "double", members = {<#tbaa_type_desc, 0>}>
#tbaa_type_desc2 = #llvm.tbaa_type_desc<id = "int", members = {<#tbaa_type_desc, 0>}>
#tbaa_tag = #llvm.tbaa_tag<base_type = #tbaa_type_desc1, access_type = #tbaa_type_desc1, offset = 0>
#tbaa_tag1 = #llvm.tbaa_tag<base_type = #tbaa_type_desc2, access_type = #tbaa_type_desc2, offset = 0>
"builtin.module"() ({
  "llvm.mlir.global"() <{addr_space = 0 : i32, alignment = 4 : i64, global_type = i32, linkage = #llvm.linkage<external>, sym_name = "enzyme_dup", unnamed_addr = 1 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.mlir.global"() <{addr_space = 0 : i32, alignment = 4 : i64, global_type = i32, linkage = #llvm.linkage<external>, sym_name = "enzyme_out", unnamed_addr = 1 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.mlir.global"() <{addr_space = 0 : i32, alignment = 4 : i64, global_type = i32, linkage = #llvm.linkage<external>, sym_name = "enzyme_const", unnamed_addr = 1 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.mlir.global"() <{addr_space = 0 : i32, alignment = 4 : i64, global_type = i32, linkage = #llvm.linkage<external>, sym_name = "enzyme_dupnoneed", unnamed_addr = 1 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.module_flags"() <{flags = [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>, #llvm.mlir.module_flag<min, "PIC Level", 2 : i32>, #llvm.mlir.module_flag<max, "PIE Level", 2 : i32>, #llvm.mlir.module_flag<max, "uwtable", 2 : i32>]}> : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.noundef}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef}, {llvm.nocapture, llvm.noundef, llvm.writeonly}], dso_local, function_type = !llvm.func<f64 (ptr, ptr, f64, ptr, ptr, ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "ba_objective", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 0 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg10: !llvm.ptr, %arg11: !llvm.ptr, %arg12: f64, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %arg15: !llvm.ptr):
    %10 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %11 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %12 = "llvm.mlir.constant"() <{value = 24 : i64}> : () -> i64
    %13 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %14 = "llvm.mlir.constant"() <{value = 3 : i64}> : () -> i64
    %15 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %16 = "llvm.mlir.constant"() <{value = 8 : i64}> : () -> i64
    %17 = "llvm.mlir.constant"() <{value = 16 : i64}> : () -> i64
    %18 = "llvm.mlir.constant"() <{value = 1.000000e+00 : f64}> : () -> f64
    %19 = "llvm.mlir.constant"() <{value = 2 : i64}> : () -> i64
    %20 = "llvm.mlir.constant"() <{value = 72 : i64}> : () -> i64
    %21 = "llvm.mlir.constant"() <{value = 80 : i64}> : () -> i64
    %22 = "llvm.mlir.constant"() <{value = 48 : i64}> : () -> i64
    %23 = "llvm.mlir.constant"() <{value = 56 : i64}> : () -> i64
    %24 = "llvm.mlir.constant"() <{value = 64 : i64}> : () -> i64
    %25 = "llvm.alloca"(%10) <{alignment = 16 : i64, elem_type = !llvm.array<3 x f64>}> : (i32) -> !llvm.ptr
    %26 = "llvm.alloca"(%10) <{alignment = 16 : i64, elem_type = !llvm.array<3 x f64>}> : (i32) -> !llvm.ptr
    %27 = "llvm.alloca"(%10) <{alignment = 16 : i64, elem_type = !llvm.array<3 x f64>}> : (i32) -> !llvm.ptr
    %28 = "llvm.alloca"(%10) <{alignment = 16 : i64, elem_type = !llvm.array<3 x f64>}> : (i32) -> !llvm.ptr
    %29 = "llvm.alloca"(%10) <{alignment = 16 : i64, elem_type = !llvm.array<3 x f64>}> : (i32) -> !llvm.ptr
    %30 = "llvm.alloca"(%10) <{alignment = 16 : i64, elem_type = !llvm.array<2 x f64>}> : (i32) -> !llvm.ptr
    "llvm.intr.lifetime.start"(%30) : (!llvm.ptr) -> ()
    "llvm.intr.lifetime.start"(%28) : (!llvm.ptr) -> ()
    "llvm.intr.lifetime.start"(%29) : (!llvm.ptr) -> ()
    "llvm.br"(%11)[^bb14] : (i64) -> ()
  ^bb1(%31: i64, %32: f64):  // 2 preds: ^bb1, ^bb14
    %33 = "llvm.getelementptr"(%arg10, %31) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %34 = "llvm.load"(%33) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %35 = "llvm.fmul"(%34, %34) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %36 = "llvm.fadd"(%35, %32) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %37 = "llvm.add"(%31, %13) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %38 = "llvm.icmp"(%37, %14) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%38, %37, %36)[^bb2, ^bb1] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, i64, f64) -> ()
  ^bb2:  // pred: ^bb1
    %39 = "llvm.getelementptr"(%30, %16) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %40 = "llvm.fcmp"(%36, %15) <{fastmathFlags = #llvm.fastmath<fast>, predicate = 13 : i64}> : (f64, f64) -> i1
    "llvm.cond_br"(%40)[^bb3, ^bb8] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb3:  // pred: ^bb2
    %41 = "llvm.intr.sqrt"(%36) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    "llvm.intr.lifetime.start"(%25) : (!llvm.ptr) -> ()
    "llvm.intr.lifetime.start"(%26) : (!llvm.ptr) -> ()
    %42 = "llvm.fdiv"(%18, %41) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.br"(%11)[^bb5] : (i64) -> ()
  ^bb4:  // pred: ^bb5
    %43 = "llvm.intr.cos"(%41) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %44 = "llvm.intr.sin"(%41) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %45 = "llvm.getelementptr"(%25, %16) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %46 = "llvm.load"(%45) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %47 = "llvm.getelementptr"(%28, %17) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %48 = "llvm.load"(%47) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %49 = "llvm.fmul"(%48, %46) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %50 = "llvm.getelementptr"(%25, %17) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %51 = "llvm.load"(%50) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %52 = "llvm.getelementptr"(%28, %16) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %53 = "llvm.load"(%52) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %54 = "llvm.fmul"(%53, %51) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %55 = "llvm.fsub"(%49, %54) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.store"(%55, %26) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %56 = "llvm.load"(%28) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %57 = "llvm.fmul"(%56, %51) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %58 = "llvm.load"(%25) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %59 = "llvm.fmul"(%58, %48) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %60 = "llvm.fsub"(%57, %59) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %61 = "llvm.getelementptr"(%26, %16) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%60, %61) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %62 = "llvm.fmul"(%58, %53) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %63 = "llvm.fmul"(%56, %46) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %64 = "llvm.fsub"(%62, %63) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %65 = "llvm.getelementptr"(%26, %17) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%64, %65) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %66 = "llvm.fmul"(%58, %56) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %67 = "llvm.fmul"(%53, %46) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %68 = "llvm.fmul"(%51, %48) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %69 = "llvm.fadd"(%67, %68) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %70 = "llvm.fadd"(%69, %66) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %71 = "llvm.fsub"(%18, %43) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %72 = "llvm.fmul"(%70, %71) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.br"(%11)[^bb7] : (i64) -> ()
  ^bb5(%73: i64):  // 2 preds: ^bb3, ^bb5
    %74 = "llvm.getelementptr"(%arg10, %73) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %75 = "llvm.load"(%74) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %76 = "llvm.fmul"(%75, %42) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %77 = "llvm.getelementptr"(%25, %73) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%76, %77) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %78 = "llvm.add"(%73, %13) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %79 = "llvm.icmp"(%78, %14) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%79, %78)[^bb4, ^bb5] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb6:  // pred: ^bb7
    "llvm.intr.lifetime.end"(%26) : (!llvm.ptr) -> ()
    "llvm.intr.lifetime.end"(%25) : (!llvm.ptr) -> ()
    "llvm.br"()[^bb11] : () -> ()
  ^bb7(%80: i64):  // 2 preds: ^bb4, ^bb7
    %81 = "llvm.getelementptr"(%28, %80) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %82 = "llvm.load"(%81) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %83 = "llvm.fmul"(%82, %43) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %84 = "llvm.getelementptr"(%26, %80) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %85 = "llvm.load"(%84) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %86 = "llvm.fmul"(%85, %44) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %87 = "llvm.fadd"(%86, %83) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %88 = "llvm.getelementptr"(%25, %80) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %89 = "llvm.load"(%88) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %90 = "llvm.fmul"(%72, %89) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %91 = "llvm.fadd"(%87, %90) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %92 = "llvm.getelementptr"(%29, %80) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%91, %92) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %93 = "llvm.add"(%80, %13) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %94 = "llvm.icmp"(%93, %14) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%94, %93)[^bb6, ^bb7] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb8:  // pred: ^bb2
    "llvm.intr.lifetime.start"(%27) : (!llvm.ptr) -> ()
    %95 = "llvm.getelementptr"(%arg10, %16) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %96 = "llvm.load"(%95) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %97 = "llvm.getelementptr"(%28, %17) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %98 = "llvm.load"(%97) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %99 = "llvm.fmul"(%98, %96) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %100 = "llvm.getelementptr"(%arg10, %17) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %101 = "llvm.load"(%100) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %102 = "llvm.getelementptr"(%28, %16) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %103 = "llvm.load"(%102) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %104 = "llvm.fmul"(%103, %101) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %105 = "llvm.fsub"(%99, %104) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.store"(%105, %27) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %106 = "llvm.load"(%28) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %107 = "llvm.fmul"(%106, %101) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %108 = "llvm.load"(%arg10) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %109 = "llvm.fmul"(%108, %98) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %110 = "llvm.fsub"(%107, %109) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %111 = "llvm.getelementptr"(%27, %16) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%110, %111) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %112 = "llvm.fmul"(%108, %103) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %113 = "llvm.fmul"(%106, %96) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %114 = "llvm.fsub"(%112, %113) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %115 = "llvm.getelementptr"(%27, %17) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%114, %115) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    "llvm.br"(%11)[^bb10] : (i64) -> ()
  ^bb9:  // pred: ^bb10
    "llvm.intr.lifetime.end"(%27) : (!llvm.ptr) -> ()
    "llvm.br"()[^bb11] : () -> ()
  ^bb10(%116: i64):  // 2 preds: ^bb8, ^bb10
    %117 = "llvm.getelementptr"(%28, %116) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %118 = "llvm.load"(%117) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %119 = "llvm.getelementptr"(%27, %116) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %120 = "llvm.load"(%119) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %121 = "llvm.fadd"(%120, %118) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %122 = "llvm.getelementptr"(%29, %116) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%121, %122) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %123 = "llvm.add"(%116, %13) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %124 = "llvm.icmp"(%123, %14) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%124, %123)[^bb9, ^bb10] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb11:  // 2 preds: ^bb6, ^bb9
    %125 = "llvm.load"(%29) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %126 = "llvm.getelementptr"(%29, %17) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %127 = "llvm.load"(%126) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %128 = "llvm.fdiv"(%125, %127) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.store"(%128, %30) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %129 = "llvm.getelementptr"(%29, %16) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %130 = "llvm.load"(%129) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %131 = "llvm.fdiv"(%130, %127) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.store"(%131, %39) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    "llvm.br"(%11, %15)[^bb12] : (i64, f64) -> ()
  ^bb12(%132: i64, %133: f64):  // 2 preds: ^bb11, ^bb12
    %134 = "llvm.getelementptr"(%30, %132) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %135 = "llvm.load"(%134) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %136 = "llvm.fmul"(%135, %135) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %137 = "llvm.fadd"(%136, %133) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %138 = "llvm.add"(%132, %13) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %139 = "llvm.icmp"(%138, %19) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%139, %138, %137)[^bb13, ^bb12] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, i64, f64) -> ()
  ^bb13:  // pred: ^bb12
    %140 = "llvm.getelementptr"(%arg10, %20) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %141 = "llvm.load"(%140) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %142 = "llvm.getelementptr"(%arg10, %21) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %143 = "llvm.load"(%142) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %144 = "llvm.fmul"(%143, %137) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %145 = "llvm.fadd"(%144, %141) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %146 = "llvm.fmul"(%145, %137) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %147 = "llvm.fadd"(%146, %18) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %148 = "llvm.getelementptr"(%arg10, %22) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %149 = "llvm.load"(%148) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %150 = "llvm.fmul"(%147, %149) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %151 = "llvm.fmul"(%128, %150) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %152 = "llvm.getelementptr"(%arg10, %23) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %153 = "llvm.load"(%152) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %154 = "llvm.fadd"(%151, %153) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.store"(%154, %30) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %155 = "llvm.fmul"(%131, %150) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %156 = "llvm.getelementptr"(%arg10, %24) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %157 = "llvm.load"(%156) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %158 = "llvm.fadd"(%155, %157) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.store"(%158, %39) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    "llvm.intr.lifetime.end"(%29) : (!llvm.ptr) -> ()
    "llvm.intr.lifetime.end"(%28) : (!llvm.ptr) -> ()
    %159 = "llvm.load"(%arg13) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %160 = "llvm.fsub"(%154, %159) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %161 = "llvm.fmul"(%160, %arg12) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.store"(%161, %arg14) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %162 = "llvm.getelementptr"(%arg13, %16) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %163 = "llvm.load"(%162) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %164 = "llvm.fsub"(%158, %163) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %165 = "llvm.fmul"(%164, %arg12) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %166 = "llvm.getelementptr"(%arg14, %16) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%165, %166) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %167 = "llvm.fmul"(%arg12, %arg12) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %168 = "llvm.fsub"(%18, %167) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.store"(%168, %arg15) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %169 = "llvm.load"(%arg14) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %170 = "llvm.fmul"(%169, %169) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %171 = "llvm.load"(%166) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %172 = "llvm.fmul"(%171, %171) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %173 = "llvm.fmul"(%168, %168) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %174 = "llvm.fadd"(%170, %173) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %175 = "llvm.fadd"(%174, %172) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.intr.lifetime.end"(%30) : (!llvm.ptr) -> ()
    "llvm.return"(%175) : (f64) -> ()
  ^bb14(%176: i64):  // 2 preds: ^bb0, ^bb14
    %177 = "llvm.getelementptr"(%arg11, %176) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %178 = "llvm.load"(%177) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %179 = "llvm.getelementptr"(%arg10, %176) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %180 = "llvm.getelementptr"(%179, %12) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %181 = "llvm.load"(%180) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %182 = "llvm.fsub"(%178, %181) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %183 = "llvm.getelementptr"(%28, %176) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%182, %183) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %184 = "llvm.add"(%176, %13) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %185 = "llvm.icmp"(%184, %14) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%185, %11, %15, %184)[^bb1, ^bb14] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 2, 1>}> : (i1, i64, f64, i64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (ptr, ptr, ptr, ptr, f64, ptr, ptr, ptr, ptr, ptr)>, linkage = #llvm.linkage<external>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = [["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "ba_gradient", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: !llvm.ptr, %arg4: f64, %arg5: !llvm.ptr, %arg6: !llvm.ptr, %arg7: !llvm.ptr, %arg8: !llvm.ptr, %arg9: !llvm.ptr):
    %0 = "llvm.mlir.addressof"() <{global_name = @enzyme_dup}> : () -> !llvm.ptr
    %1 = "llvm.mlir.addressof"() <{global_name = @enzyme_out}> : () -> !llvm.ptr
    %2 = "llvm.mlir.addressof"() <{global_name = @enzyme_const}> : () -> !llvm.ptr
    %3 = "llvm.mlir.addressof"() <{global_name = @enzyme_dupnoneed}> : () -> !llvm.ptr
    %4 = "llvm.mlir.addressof"() <{global_name = @ba_objective}> : () -> !llvm.ptr
    %5 = "llvm.load"(%0) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    %6 = "llvm.load"(%1) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    %7 = "llvm.load"(%2) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    %8 = "llvm.load"(%3) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    %9 = "llvm.call"(%4, %5, %arg0, %arg1, %5, %arg2, %arg3, %6, %arg4, %7, %arg5, %8, %arg6, %arg7, %8, %arg8, %arg9) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.nonnull, llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}], callee = @__enzyme_autodiff, fastmathFlags = #llvm.fastmath<fast>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 17, 0>, var_callee_type = !llvm.func<f64 (ptr, ...)>}> : (!llvm.ptr, i32, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr, !llvm.ptr, i32, f64, i32, !llvm.ptr, i32, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr, !llvm.ptr) -> f64
    "llvm.return"(%9) : (f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], function_type = !llvm.func<f64 (ptr, ...)>, linkage = #llvm.linkage<external>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, passthrough = [["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "__enzyme_autodiff", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
}) {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, llvm.ident = "Debian clang version 22.1.8 (1~deb12u1)", llvm.module_asm = [], llvm.target_triple = "x86_64-pc-linux-gnu"} : () -> ()

