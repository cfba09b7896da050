#loop_unroll = #llvm.loop_unroll<disable = true>
#tbaa_root = #llvm.tbaa_root<id = "Simple C/C++ TBAA">
#loop_annotation = #llvm.loop_annotation<unroll = #loop_unroll, mustProgress = true>
#tbaa_type_desc = #llvm.tbaa_type_desc<id = "omnipotent char", members = {<#tbaa_root, 0>}>
#tbaa_type_desc1 = #llvm.tbaa_type_desc<id = "double", members = {<#tbaa_type_desc, 0>}>
#tbaa_type_desc2 = #llvm.tbaa_type_desc<id = "int", members = {<#tbaa_type_desc, 0>}>
#tbaa_type_desc3 = #llvm.tbaa_type_desc<id = "any pointer", members = {<#tbaa_type_desc, 0>}>
#tbaa_tag = #llvm.tbaa_tag<base_type = #tbaa_type_desc1, access_type = #tbaa_type_desc1, offset = 0>
#tbaa_tag1 = #llvm.tbaa_tag<base_type = #tbaa_type_desc2, access_type = #tbaa_type_desc2, offset = 0>
#tbaa_type_desc4 = #llvm.tbaa_type_desc<id = "p1 double", members = {<#tbaa_type_desc3, 0>}>
#tbaa_tag2 = #llvm.tbaa_tag<base_type = #tbaa_type_desc4, access_type = #tbaa_type_desc4, offset = 0>
"builtin.module"() ({
  "llvm.module_flags"() <{flags = [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>, #llvm.mlir.module_flag<min, "PIC Level", 2 : i32>, #llvm.mlir.module_flag<max, "PIE Level", 2 : i32>, #llvm.mlir.module_flag<max, "uwtable", 2 : i32>]}> : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef, llvm.readonly}, {llvm.noundef, llvm.readnone}], dso_local, function_type = !llvm.func<f64 (ptr, ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "psum", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg17: !llvm.ptr, %arg18: !llvm.ptr):
    %86 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %87 = "llvm.mlir.constant"() <{value = 8 : i64}> : () -> i64
    %88 = "llvm.icmp"(%arg17, %arg18) <{predicate = 0 : i64}> : (!llvm.ptr, !llvm.ptr) -> i1
    "llvm.cond_br"(%88, %86, %arg17, %86)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, !llvm.ptr, f64) -> ()
  ^bb1(%89: f64):  // 2 preds: ^bb0, ^bb2
    "llvm.return"(%89) : (f64) -> ()
  ^bb2(%90: !llvm.ptr, %91: f64):  // 2 preds: ^bb0, ^bb2
    %92 = "llvm.load"(%90) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %93 = "llvm.intr.fmuladd"(%92, %92, %91) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %94 = "llvm.getelementptr"(%90, %87) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %95 = "llvm.icmp"(%94, %arg18) <{predicate = 0 : i64}> : (!llvm.ptr, !llvm.ptr) -> i1
    "llvm.cond_br"(%95, %93, %94, %93)[^bb1, ^bb2] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, !llvm.ptr, f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef, llvm.readonly}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (ptr, i32)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "psum_n", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg15: !llvm.ptr, %arg16: i32):
    %71 = "llvm.mlir.constant"() <{value = 3 : i64}> : () -> i64
    %72 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %73 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %74 = "llvm.mlir.constant"() <{value = 8 : i64}> : () -> i64
    %75 = "llvm.sext"(%arg16) : (i32) -> i64
    %76 = "llvm.shl"(%75, %71) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %77 = "llvm.getelementptr"(%arg15, %76) <{elem_type = i8, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %78 = "llvm.icmp"(%arg16, %72) <{predicate = 0 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%78, %73, %arg15, %73)[^bb2, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, !llvm.ptr, f64) -> ()
  ^bb1(%79: !llvm.ptr, %80: f64):  // 2 preds: ^bb0, ^bb1
    %81 = "llvm.load"(%79) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %82 = "llvm.intr.fmuladd"(%81, %81, %80) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %83 = "llvm.getelementptr"(%79, %74) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %84 = "llvm.icmp"(%83, %77) <{predicate = 0 : i64}> : (!llvm.ptr, !llvm.ptr) -> i1
    "llvm.cond_br"(%84, %82, %83, %82)[^bb2, ^bb1] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, !llvm.ptr, f64) -> ()
  ^bb2(%85: f64):  // 2 preds: ^bb0, ^bb1
    "llvm.return"(%85) : (f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef, llvm.readonly}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (ptr, i32)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "prange", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg13: !llvm.ptr, %arg14: i32):
    %54 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %55 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %56 = "llvm.mlir.constant"() <{value = 3 : i64}> : () -> i64
    %57 = "llvm.mlir.constant"() <{value = -8 : i64}> : () -> i64
    %58 = "llvm.mlir.constant"() <{value = 5.000000e-01 : f64}> : () -> f64
    %59 = "llvm.icmp"(%arg14, %54) <{predicate = 2 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%59, %55)[^bb2, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, f64) -> ()
  ^bb1:  // pred: ^bb0
    %60 = "llvm.zext"(%arg14) <{nonNeg}> : (i32) -> i64
    %61 = "llvm.shl"(%60, %56) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %62 = "llvm.getelementptr"(%arg13, %61) <{elem_type = i8, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %63 = "llvm.getelementptr"(%62, %57) <{elem_type = i8, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%63, %55)[^bb3] : (!llvm.ptr, f64) -> ()
  ^bb2(%64: f64):  // 2 preds: ^bb0, ^bb3
    "llvm.return"(%64) : (f64) -> ()
  ^bb3(%65: !llvm.ptr, %66: f64):  // 2 preds: ^bb1, ^bb3
    %67 = "llvm.load"(%65) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %68 = "llvm.intr.fmuladd"(%66, %58, %67) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %69 = "llvm.getelementptr"(%65, %57) <{elem_type = i8, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %70 = "llvm.icmp"(%69, %arg13) <{predicate = 6 : i64}> : (!llvm.ptr, !llvm.ptr) -> i1
    "llvm.cond_br"(%70, %68, %69, %68)[^bb2, ^bb3] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, !llvm.ptr, f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.noundef}, {llvm.noundef}], dso_local, function_type = !llvm.func<void (ptr, ptr, f64, i32)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "axpy", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg9: !llvm.ptr, %arg10: !llvm.ptr, %arg11: f64, %arg12: i32):
    %41 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %42 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %43 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %44 = "llvm.icmp"(%arg12, %41) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%44)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb1:  // pred: ^bb0
    %45 = "llvm.zext"(%arg12) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%42)[^bb3] : (i64) -> ()
  ^bb2:  // 2 preds: ^bb0, ^bb3
    "llvm.return"() : () -> ()
  ^bb3(%46: i64):  // 2 preds: ^bb1, ^bb3
    %47 = "llvm.getelementptr"(%arg10, %46) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %48 = "llvm.load"(%47) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %49 = "llvm.getelementptr"(%arg9, %46) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %50 = "llvm.load"(%49) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %51 = "llvm.intr.fmuladd"(%arg11, %48, %50) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    "llvm.store"(%51, %49) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %52 = "llvm.add"(%46, %43) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %53 = "llvm.icmp"(%52, %45) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%53, %52)[^bb2, ^bb3] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (f64, i32)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", "nofree", "norecurse", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "pick", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64, will_return}> ({
  ^bb0(%arg7: f64, %arg8: i32):
    %35 = "llvm.mlir.constant"() <{value = 2.000000e+00 : f64}> : () -> f64
    %36 = "llvm.mlir.constant"() <{value = 1.500000e+00 : f64}> : () -> f64
    "llvm.switch"(%arg8, %35)[^bb3, ^bb1, ^bb2, ^bb4] <{case_operand_segments = array<i32: 0, 0, 1>, case_values = dense<[0, 1, 7]> : vector<3xi32>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i32, f64) -> ()
  ^bb1:  // pred: ^bb0
    %37 = "llvm.call"(%arg7) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @sin, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, tbaa = [#tbaa_tag1]}> : (f64) -> f64
    "llvm.br"(%37)[^bb4] : (f64) -> ()
  ^bb2:  // pred: ^bb0
    %38 = "llvm.fmul"(%arg7, %36) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    "llvm.br"(%38)[^bb4] : (f64) -> ()
  ^bb3:  // pred: ^bb0
    %39 = "llvm.fmul"(%arg7, %arg7) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    "llvm.br"(%39)[^bb4] : (f64) -> ()
  ^bb4(%40: f64):  // 4 preds: ^bb0, ^bb1, ^bb2, ^bb3
    "llvm.return"(%40) : (f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], function_type = !llvm.func<f64 (f64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", "nocallback", "nofree", ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "sin", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64, will_return}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (f64, f64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", "nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], res_attrs = [{llvm.noundef}], sym_name = "cabs2", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64, will_return}> ({
  ^bb0(%arg5: f64, %arg6: f64):
    %29 = "llvm.fneg"(%arg6) <{fastmathFlags = #llvm.fastmath<none>}> : (f64) -> f64
    %30 = "llvm.fmul"(%arg6, %29) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %31 = "llvm.intr.fmuladd"(%arg5, %arg5, %30) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %32 = "llvm.fmul"(%arg5, %arg6) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %33 = "llvm.intr.fmuladd"(%arg5, %arg6, %32) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %34 = "llvm.fadd"(%31, %33) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    "llvm.return"(%34) : (f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (ptr, i32)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = read, argMem = read, inaccessibleMem = none, errnoMem = read, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "rowsum", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg3: !llvm.ptr, %arg4: i32):
    %14 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %15 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %16 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %17 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %18 = "llvm.icmp"(%arg4, %14) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%18, %15)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb1:  // pred: ^bb0
    %19 = "llvm.zext"(%arg4) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%16, %15)[^bb3] : (i64, f64) -> ()
  ^bb2(%20: f64):  // 2 preds: ^bb0, ^bb3
    "llvm.return"(%20) : (f64) -> ()
  ^bb3(%21: i64, %22: f64):  // 2 preds: ^bb1, ^bb3
    %23 = "llvm.getelementptr"(%arg3, %21) <{elem_type = !llvm.ptr, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %24 = "llvm.load"(%23) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag2]}> : (!llvm.ptr) -> !llvm.ptr
    %25 = "llvm.load"(%24) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %26 = "llvm.fadd"(%22, %25) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %27 = "llvm.add"(%21, %17) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %28 = "llvm.icmp"(%27, %19) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%28, %26, %27, %26)[^bb2, ^bb3] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.noundef}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (ptr, i32, f64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "poly", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: !llvm.ptr, %arg1: i32, %arg2: f64):
    %0 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %2 = "llvm.mlir.constant"() <{value = -1 : i64}> : () -> i64
    %3 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %4 = "llvm.icmp"(%arg1, %0) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%4, %1)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb1:  // pred: ^bb0
    %5 = "llvm.zext"(%arg1) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%5, %1)[^bb3] : (i64, f64) -> ()
  ^bb2(%6: f64):  // 2 preds: ^bb0, ^bb3
    "llvm.return"(%6) : (f64) -> ()
  ^bb3(%7: i64, %8: f64):  // 2 preds: ^bb1, ^bb3
    %9 = "llvm.add"(%7, %2) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %10 = "llvm.getelementptr"(%arg0, %9) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %11 = "llvm.load"(%10) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %12 = "llvm.intr.fmuladd"(%8, %arg2, %11) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %13 = "llvm.icmp"(%7, %3) <{predicate = 4 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%13, %9, %12, %12)[^bb3, ^bb2] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 2, 1>}> : (i1, i64, f64, f64) -> ()
  }) : () -> ()
}) {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, llvm.ident = "Debian clang version 22.1.8 (1~deb12u1)", llvm.module_asm = [], llvm.target_triple = "x86_64-pc-linux-gnu"} : () -> ()

