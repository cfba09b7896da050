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
  "llvm.mlir.global"() <{addr_space = 0 : i32, alignment = 4 : i64, global_type = i32, linkage = #llvm.linkage<external>, sym_name = "enzyme_dupnoneed", unnamed_addr = 1 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.module_flags"() <{flags = [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>, #llvm.mlir.module_flag<min, "PIC Level", 2 : i32>, #llvm.mlir.module_flag<max, "PIE Level", 2 : i32>, #llvm.mlir.module_flag<max, "uwtable", 2 : i32>]}> : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.writeonly}], dso_local, function_type = !llvm.func<f64 (i32, i32, i32, ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "minibude_objective", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 0 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg15: i32, %arg16: i32, %arg17: i32, %arg18: !llvm.ptr, %arg19: !llvm.ptr, %arg20: !llvm.ptr, %arg21: !llvm.ptr, %arg22: !llvm.ptr, %arg23: !llvm.ptr, %arg24: !llvm.ptr, %arg25: !llvm.ptr, %arg26: !llvm.ptr, %arg27: !llvm.ptr):
    %7 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %8 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %9 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %10 = "llvm.mlir.constant"() <{value = 48 : i64}> : () -> i64
    %11 = "llvm.mlir.constant"() <{value = 8 : i64}> : () -> i64
    %12 = "llvm.mlir.constant"() <{value = 16 : i64}> : () -> i64
    %13 = "llvm.mlir.constant"() <{value = 24 : i64}> : () -> i64
    %14 = "llvm.mlir.constant"() <{value = 32 : i64}> : () -> i64
    %15 = "llvm.mlir.constant"() <{value = 40 : i64}> : () -> i64
    %16 = "llvm.mlir.constant"() <{value = 70 : i32}> : () -> i32
    %17 = "llvm.mlir.constant"() <{value = 69 : i32}> : () -> i32
    %18 = "llvm.mlir.constant"() <{value = -69 : i32}> : () -> i32
    %19 = "llvm.mlir.constant"() <{value = 2 : i32}> : () -> i32
    %20 = "llvm.mlir.constant"() <{value = 4.500000e+01 : f64}> : () -> f64
    %21 = "llvm.mlir.constant"() <{value = -7.600000e+01 : f64}> : () -> f64
    %22 = "llvm.mlir.constant"() <{value = 7.600000e+01 : f64}> : () -> f64
    %23 = "llvm.mlir.constant"() <{value = false}> : () -> i1
    %24 = "llvm.mlir.constant"() <{value = 4.000000e+00 : f64}> : () -> f64
    %25 = "llvm.mlir.constant"() <{value = 2.000000e+00 : f64}> : () -> f64
    %26 = "llvm.mlir.constant"() <{value = 1.000000e+00 : f64}> : () -> f64
    %27 = "llvm.mlir.constant"() <{value = true}> : () -> i1
    %28 = "llvm.mlir.constant"() <{value = 5.500000e+00 : f64}> : () -> f64
    %29 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %30 = "llvm.mlir.constant"() <{value = 5.000000e-01 : f64}> : () -> f64
    %31 = "llvm.icmp"(%arg15, %7) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%31, %8)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb1:  // pred: ^bb0
    %32 = "llvm.icmp"(%arg16, %7) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %33 = "llvm.icmp"(%arg17, %7) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %34 = "llvm.zext"(%arg15) <{nonNeg}> : (i32) -> i64
    %35 = "llvm.zext"(%arg16) <{nonNeg}> : (i32) -> i64
    %36 = "llvm.zext"(%arg17) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%9, %8)[^bb3] : (i64, f64) -> ()
  ^bb2(%37: f64):  // 2 preds: ^bb0, ^bb6
    "llvm.return"(%37) : (f64) -> ()
  ^bb3(%38: i64, %39: f64):  // 2 preds: ^bb1, ^bb6
    %40 = "llvm.mul"(%38, %10) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %41 = "llvm.getelementptr"(%arg18, %40) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %42 = "llvm.load"(%41) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %43 = "llvm.intr.sin"(%42) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %44 = "llvm.intr.cos"(%42) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %45 = "llvm.getelementptr"(%41, %11) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %46 = "llvm.load"(%45) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %47 = "llvm.intr.sin"(%46) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %48 = "llvm.intr.cos"(%46) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %49 = "llvm.getelementptr"(%41, %12) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %50 = "llvm.load"(%49) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %51 = "llvm.intr.sin"(%50) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %52 = "llvm.intr.cos"(%50) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %53 = "llvm.fmul"(%52, %48) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %54 = "llvm.fmul"(%52, %47) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %55 = "llvm.fmul"(%54, %43) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %56 = "llvm.fmul"(%51, %44) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %57 = "llvm.fsub"(%55, %56) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %58 = "llvm.fmul"(%54, %44) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %59 = "llvm.fmul"(%51, %43) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %60 = "llvm.fadd"(%58, %59) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %61 = "llvm.fmul"(%51, %48) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %62 = "llvm.fmul"(%51, %47) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %63 = "llvm.fmul"(%62, %43) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %64 = "llvm.fmul"(%52, %44) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %65 = "llvm.fadd"(%63, %64) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %66 = "llvm.fmul"(%62, %44) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %67 = "llvm.fmul"(%52, %43) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %68 = "llvm.fsub"(%66, %67) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %69 = "llvm.fmul"(%43, %48) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %70 = "llvm.fmul"(%44, %48) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.cond_br"(%32, %8)[^bb4, ^bb6] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb4:  // pred: ^bb3
    %71 = "llvm.getelementptr"(%41, %13) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %72 = "llvm.load"(%71) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %73 = "llvm.getelementptr"(%41, %14) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %74 = "llvm.load"(%73) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %75 = "llvm.getelementptr"(%41, %15) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %76 = "llvm.load"(%75) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    "llvm.br"(%9, %8)[^bb7] : (i64, f64) -> ()
  ^bb5:  // pred: ^bb9
    %77 = "llvm.fmul"(%125, %30) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.br"(%77)[^bb6] : (f64) -> ()
  ^bb6(%78: f64):  // 2 preds: ^bb3, ^bb5
    %79 = "llvm.getelementptr"(%arg27, %38) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%78, %79) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %80 = "llvm.fadd"(%78, %39) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %81 = "llvm.add"(%38, %29) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %82 = "llvm.icmp"(%81, %34) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%82, %80, %81, %80)[^bb2, ^bb3] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  ^bb7(%83: i64, %84: f64):  // 2 preds: ^bb4, ^bb9
    %85 = "llvm.mul"(%83, %13) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %86 = "llvm.getelementptr"(%arg19, %85) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %87 = "llvm.load"(%86) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %88 = "llvm.fmul"(%53, %87) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %89 = "llvm.getelementptr"(%86, %11) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %90 = "llvm.load"(%89) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %91 = "llvm.fmul"(%90, %57) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %92 = "llvm.fadd"(%91, %88) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %93 = "llvm.getelementptr"(%86, %12) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %94 = "llvm.load"(%93) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %95 = "llvm.fmul"(%94, %60) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %96 = "llvm.fadd"(%92, %95) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %97 = "llvm.fadd"(%96, %72) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %98 = "llvm.fmul"(%61, %87) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %99 = "llvm.fmul"(%90, %65) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %100 = "llvm.fadd"(%99, %98) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %101 = "llvm.fmul"(%94, %68) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %102 = "llvm.fadd"(%100, %101) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %103 = "llvm.fadd"(%102, %74) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %104 = "llvm.getelementptr"(%arg20, %83) <{elem_type = i32, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %105 = "llvm.load"(%104) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    %106 = "llvm.sext"(%105) : (i32) -> i64
    %107 = "llvm.getelementptr"(%arg23, %106) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %108 = "llvm.load"(%107) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %109 = "llvm.getelementptr"(%arg24, %106) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %110 = "llvm.load"(%109) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %111 = "llvm.getelementptr"(%arg26, %106) <{elem_type = i32, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %112 = "llvm.load"(%111) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    %113 = "llvm.icmp"(%112, %16) <{predicate = 0 : i64}> : (i32, i32) -> i1
    %114 = "llvm.icmp"(%112, %17) <{predicate = 0 : i64}> : (i32, i32) -> i1
    %115 = "llvm.add"(%112, %18) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %116 = "llvm.icmp"(%115, %19) <{predicate = 6 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%33, %84)[^bb8, ^bb9] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb8:  // pred: ^bb7
    %117 = "llvm.getelementptr"(%arg25, %106) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %118 = "llvm.load"(%117) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %119 = "llvm.fmul"(%94, %70) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %120 = "llvm.fmul"(%90, %69) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %121 = "llvm.fadd"(%119, %120) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %122 = "llvm.fmul"(%47, %87) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %123 = "llvm.fmul"(%118, %20) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %124 = "llvm.fadd"(%76, %121) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.br"(%9, %84)[^bb10] : (i64, f64) -> ()
  ^bb9(%125: f64):  // 2 preds: ^bb7, ^bb15
    %126 = "llvm.add"(%83, %29) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %127 = "llvm.icmp"(%126, %35) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%127, %126, %125)[^bb5, ^bb7] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, i64, f64) -> ()
  ^bb10(%128: i64, %129: f64):  // 2 preds: ^bb8, ^bb15
    %130 = "llvm.getelementptr"(%arg22, %128) <{elem_type = i32, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %131 = "llvm.load"(%130) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    %132 = "llvm.sext"(%131) : (i32) -> i64
    %133 = "llvm.getelementptr"(%arg23, %132) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %134 = "llvm.load"(%133) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %135 = "llvm.getelementptr"(%arg24, %132) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %136 = "llvm.load"(%135) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %137 = "llvm.getelementptr"(%arg26, %132) <{elem_type = i32, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %138 = "llvm.load"(%137) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    %139 = "llvm.icmp"(%138, %16) <{predicate = 0 : i64}> : (i32, i32) -> i1
    %140 = "llvm.add"(%138, %18) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %141 = "llvm.icmp"(%140, %19) <{predicate = 6 : i64}> : (i32, i32) -> i1
    %142 = "llvm.mul"(%128, %13) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %143 = "llvm.getelementptr"(%arg21, %142) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %144 = "llvm.load"(%143) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %145 = "llvm.fsub"(%97, %144) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %146 = "llvm.getelementptr"(%143, %11) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %147 = "llvm.load"(%146) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %148 = "llvm.fsub"(%103, %147) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %149 = "llvm.getelementptr"(%143, %12) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %150 = "llvm.load"(%149) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %151 = "llvm.fadd"(%122, %150) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %152 = "llvm.fsub"(%124, %151) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %153 = "llvm.fmul"(%145, %145) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %154 = "llvm.fmul"(%148, %148) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %155 = "llvm.fadd"(%154, %153) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %156 = "llvm.fmul"(%152, %152) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %157 = "llvm.fadd"(%155, %156) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %158 = "llvm.intr.sqrt"(%157) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %159 = "llvm.fadd"(%134, %108) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %160 = "llvm.fsub"(%158, %159) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %161 = "llvm.fcmp"(%160, %8) <{fastmathFlags = #llvm.fastmath<fast>, predicate = 4 : i64}> : (f64, f64) -> i1
    %162 = "llvm.fmul"(%158, %21) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %163 = "llvm.fdiv"(%162, %159) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %164 = "llvm.fadd"(%129, %22) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %165 = "llvm.fadd"(%164, %163) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %166 = "llvm.select"(%161, %165, %129) <{fastmathFlags = #llvm.fastmath<nsz>}> : (i1, f64, f64) -> f64
    %167 = "llvm.select"(%139, %113, %23) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i1, i1) -> i1
    %168 = "llvm.select"(%167, %24, %25) <{fastmathFlags = #llvm.fastmath<fast>}> : (i1, f64, f64) -> f64
    %169 = "llvm.fcmp"(%160, %168) <{fastmathFlags = #llvm.fastmath<fast>, predicate = 4 : i64}> : (f64, f64) -> i1
    "llvm.cond_br"(%169, %166)[^bb11, ^bb12] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb11:  // pred: ^bb10
    %170 = "llvm.icmp"(%138, %17) <{predicate = 0 : i64}> : (i32, i32) -> i1
    %171 = "llvm.getelementptr"(%arg25, %132) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %172 = "llvm.load"(%171) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %173 = "llvm.fdiv"(%160, %168) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %174 = "llvm.fsub"(%26, %173) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %175 = "llvm.select"(%161, %26, %174) <{fastmathFlags = #llvm.fastmath<fast>}> : (i1, f64, f64) -> f64
    %176 = "llvm.fmul"(%123, %175) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %177 = "llvm.fmul"(%176, %172) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %178 = "llvm.select"(%170, %27, %114) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i1, i1) -> i1
    %179 = "llvm.intr.fabs"(%177) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %180 = "llvm.fneg"(%179) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %181 = "llvm.select"(%178, %180, %177) <{fastmathFlags = #llvm.fastmath<nsz>}> : (i1, f64, f64) -> f64
    %182 = "llvm.fadd"(%181, %166) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.br"(%182)[^bb12] : (f64) -> ()
  ^bb12(%183: f64):  // 2 preds: ^bb10, ^bb11
    %184 = "llvm.select"(%141, %116, %23) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i1, i1) -> i1
    "llvm.cond_br"(%184, %183)[^bb15, ^bb13] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, f64) -> ()
  ^bb13:  // pred: ^bb12
    %185 = "llvm.select"(%141, %27, %116) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i1, i1) -> i1
    %186 = "llvm.select"(%185, %26, %28) <{fastmathFlags = #llvm.fastmath<fast>}> : (i1, f64, f64) -> f64
    %187 = "llvm.fcmp"(%160, %186) <{fastmathFlags = #llvm.fastmath<fast>, predicate = 4 : i64}> : (f64, f64) -> i1
    "llvm.cond_br"(%187, %183)[^bb14, ^bb15] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb14:  // pred: ^bb13
    %188 = "llvm.fdiv"(%160, %186) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %189 = "llvm.fsub"(%26, %188) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %190 = "llvm.select"(%161, %26, %189) <{fastmathFlags = #llvm.fastmath<fast>}> : (i1, f64, f64) -> f64
    %191 = "llvm.fadd"(%136, %110) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %192 = "llvm.fmul"(%190, %191) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %193 = "llvm.fadd"(%183, %192) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.br"(%193)[^bb15] : (f64) -> ()
  ^bb15(%194: f64):  // 3 preds: ^bb12, ^bb13, ^bb14
    %195 = "llvm.add"(%128, %29) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %196 = "llvm.icmp"(%195, %36) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%196, %194, %195, %194)[^bb9, ^bb10] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}], dso_local, function_type = !llvm.func<void (i32, i32, i32, ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr)>, linkage = #llvm.linkage<external>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = [["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "minibude_gradient", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: !llvm.ptr, %arg4: !llvm.ptr, %arg5: !llvm.ptr, %arg6: !llvm.ptr, %arg7: !llvm.ptr, %arg8: !llvm.ptr, %arg9: !llvm.ptr, %arg10: !llvm.ptr, %arg11: !llvm.ptr, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr):
    %0 = "llvm.mlir.addressof"() <{global_name = @enzyme_const}> : () -> !llvm.ptr
    %1 = "llvm.mlir.addressof"() <{global_name = @enzyme_dup}> : () -> !llvm.ptr
    %2 = "llvm.mlir.addressof"() <{global_name = @enzyme_dupnoneed}> : () -> !llvm.ptr
    %3 = "llvm.mlir.addressof"() <{global_name = @minibude_objective}> : () -> !llvm.ptr
    %4 = "llvm.load"(%0) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    %5 = "llvm.load"(%1) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    %6 = "llvm.load"(%2) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    "llvm.call"(%3, %4, %arg0, %4, %arg1, %4, %arg2, %5, %arg3, %arg4, %4, %arg5, %4, %arg6, %4, %arg7, %4, %arg8, %4, %arg9, %4, %arg10, %4, %arg11, %4, %arg12, %6, %arg13, %arg14) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.nonnull, llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}], callee = @__enzyme_autodiff, fastmathFlags = #llvm.fastmath<none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 29, 0>, var_callee_type = !llvm.func<void (ptr, ...)>}> : (!llvm.ptr, i32, i32, i32, i32, i32, i32, i32, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i32, !llvm.ptr, i32, !llvm.ptr, i32, !llvm.ptr, i32, !llvm.ptr, i32, !llvm.ptr, i32, !llvm.ptr, i32, !llvm.ptr, i32, !llvm.ptr, !llvm.ptr) -> ()
    "llvm.return"() : () -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], function_type = !llvm.func<void (ptr, ...)>, linkage = #llvm.linkage<external>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, passthrough = [["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "__enzyme_autodiff", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
}) {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, llvm.ident = "Debian clang version 22.1.8 (1~deb12u1)", llvm.module_asm = [], llvm.target_triple = "x86_64-pc-linux-gnu"} : () -> ()

