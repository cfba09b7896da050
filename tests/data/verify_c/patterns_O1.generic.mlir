#loop_unroll = #llvm.loop_unroll<disable = true>
#tbaa_root = #llvm.tbaa_root<id = "Simple C/C++ TBAA">
#loop_annotation = #llvm.loop_annotation<unroll = #loop_unroll, mustProgress = true>
#loop_annotation1 = #llvm.loop_annotation<unroll = #loop_unroll>
#tbaa_type_desc = #llvm.tbaa_type_desc<id = "omnipotent char", members = {<#tbaa_root, 0>}>
#tbaa_type_desc1 = #llvm.tbaa_type_desc<id = "double", members = {<#tbaa_type_desc, 0>}>
#tbaa_type_desc2 = #llvm.tbaa_type_desc<id = "int", members = {<#tbaa_type_desc, 0>}>
#tbaa_type_desc3 = #llvm.tbaa_type_desc<id = "float", members = {<#tbaa_type_desc, 0>}>
#tbaa_type_desc4 = #llvm.tbaa_type_desc<id = "long", members = {<#tbaa_type_desc, 0>}>
#tbaa_tag = #llvm.tbaa_tag<base_type = #tbaa_type_desc1, access_type = #tbaa_type_desc1, offset = 0>
#tbaa_tag1 = #llvm.tbaa_tag<base_type = #tbaa_type_desc2, access_type = #tbaa_type_desc2, offset = 0>
#tbaa_tag2 = #llvm.tbaa_tag<base_type = #tbaa_type_desc3, access_type = #tbaa_type_desc3, offset = 0>
#tbaa_tag3 = #llvm.tbaa_tag<base_type = #tbaa_type_desc4, access_type = #tbaa_type_desc4, offset = 0>
#tbaa_type_desc5 = #llvm.tbaa_type_desc<id = "", members = {<#tbaa_type_desc, 0>, <#tbaa_type_desc2, 24>}>
#tbaa_tag4 = #llvm.tbaa_tag<base_type = #tbaa_type_desc5, access_type = #tbaa_type_desc2, offset = 24>
"builtin.module"() ({
  "llvm.module_flags"() <{flags = [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>, #llvm.mlir.module_flag<min, "PIC Level", 2 : i32>, #llvm.mlir.module_flag<max, "PIE Level", 2 : i32>, #llvm.mlir.module_flag<max, "uwtable", 2 : i32>]}> : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (ptr, f64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "mat", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg17: !llvm.ptr, %arg18: f64):
    %123 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %124 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %125 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %126 = "llvm.mlir.constant"() <{value = 3 : i64}> : () -> i64
    %127 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %128 = "llvm.alloca"(%123) <{alignment = 16 : i64, elem_type = !llvm.array<3 x array<3 x f64>>}> : (i32) -> !llvm.ptr
    "llvm.intr.lifetime.start"(%128) : (!llvm.ptr) -> ()
    "llvm.br"(%124)[^bb1] : (i64) -> ()
  ^bb1(%129: i64):  // 2 preds: ^bb0, ^bb2
    %130 = "llvm.getelementptr"(%arg17, %129) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %131 = "llvm.load"(%130) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %132 = "llvm.getelementptr"(%128, %129) <{elem_type = !llvm.array<3 x f64>, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%124)[^bb3] : (i64) -> ()
  ^bb2:  // pred: ^bb3
    %133 = "llvm.add"(%129, %125) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %134 = "llvm.icmp"(%133, %126) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%134, %124, %127, %133)[^bb5, ^bb1] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 2, 1>}> : (i1, i64, f64, i64) -> ()
  ^bb3(%135: i64):  // 2 preds: ^bb1, ^bb3
    %136 = "llvm.add"(%135, %125) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %137 = "llvm.trunc"(%136) <{overflowFlags = 3 : i32}> : (i64) -> i32
    %138 = "llvm.uitofp"(%137) <{nonNeg}> : (i32) -> f64
    %139 = "llvm.fmul"(%131, %138) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %140 = "llvm.fmul"(%arg18, %139) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %141 = "llvm.getelementptr"(%132, %135) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%140, %141) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %142 = "llvm.icmp"(%136, %126) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%142, %136)[^bb2, ^bb3] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb4:  // pred: ^bb5
    "llvm.intr.lifetime.end"(%128) : (!llvm.ptr) -> ()
    "llvm.return"(%148) : (f64) -> ()
  ^bb5(%143: i64, %144: f64):  // 2 preds: ^bb2, ^bb5
    %145 = "llvm.getelementptr"(%128, %143) <{elem_type = !llvm.array<3 x f64>, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %146 = "llvm.getelementptr"(%145, %143) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %147 = "llvm.load"(%146) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %148 = "llvm.fadd"(%144, %147) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %149 = "llvm.add"(%143, %125) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %150 = "llvm.icmp"(%149, %126) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%150, %149, %148)[^bb4, ^bb5] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, i64, f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}], dso_local, function_type = !llvm.func<f64 (ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "vnorm", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg16: !llvm.ptr):
    %103 = "llvm.mlir.constant"() <{value = 24 : i64}> : () -> i64
    %104 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %105 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %106 = "llvm.mlir.constant"() <{value = 3 : i32}> : () -> i32
    %107 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %108 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %109 = "llvm.getelementptr"(%arg16, %103) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %110 = "llvm.load"(%109) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag4]}> : (!llvm.ptr) -> i32
    %111 = "llvm.icmp"(%110, %104) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%111, %105)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb1:  // pred: ^bb0
    %112 = "llvm.intr.smin"(%110, %106) : (i32, i32) -> i32
    %113 = "llvm.zext"(%112) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%107, %105)[^bb3] : (i64, f64) -> ()
  ^bb2(%114: f64):  // 2 preds: ^bb0, ^bb3
    %115 = "llvm.call"(%114) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @sqrt, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, tbaa = [#tbaa_tag1]}> : (f64) -> f64
    "llvm.return"(%115) : (f64) -> ()
  ^bb3(%116: i64, %117: f64):  // 2 preds: ^bb1, ^bb3
    %118 = "llvm.getelementptr"(%arg16, %116) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %119 = "llvm.load"(%118) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %120 = "llvm.intr.fmuladd"(%119, %119, %117) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %121 = "llvm.add"(%116, %108) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %122 = "llvm.icmp"(%121, %113) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%122, %120, %121, %120)[^bb2, ^bb3] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], function_type = !llvm.func<f64 (f64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", "nocallback", "nofree", ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "sqrt", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64, will_return}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], dso_local, function_type = !llvm.func<f64 (f64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", "nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], res_attrs = [{llvm.noundef}], sym_name = "glob", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64, will_return}> ({
  ^bb0(%arg15: f64):
    %99 = "llvm.mlir.constant"() <{value = 2.000000e+00 : f64}> : () -> f64
    %100 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %101 = "llvm.fmul"(%arg15, %99) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %102 = "llvm.fadd"(%101, %100) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    "llvm.return"(%102) : (f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.noundef}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (ptr, i32, f64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "loopbreak", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg12: !llvm.ptr, %arg13: i32, %arg14: f64):
    %77 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %78 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %79 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %80 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %81 = "llvm.mlir.constant"() <{value = true}> : () -> i1
    %82 = "llvm.icmp"(%arg13, %77) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %83 = "llvm.fcmp"(%arg14, %78) <{fastmathFlags = #llvm.fastmath<none>, predicate = 4 : i64}> : (f64, f64) -> i1
    %84 = "llvm.or"(%82, %83) : (i1, i1) -> i1
    "llvm.cond_br"(%84, %78, %83)[^bb3, ^bb1] <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (i1, f64, i1) -> ()
  ^bb1:  // pred: ^bb0
    %85 = "llvm.zext"(%arg13) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%79, %78)[^bb2] : (i64, f64) -> ()
  ^bb2(%86: i64, %87: f64):  // 2 preds: ^bb1, ^bb2
    %88 = "llvm.getelementptr"(%arg12, %86) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %89 = "llvm.load"(%88) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %90 = "llvm.intr.fabs"(%89) <{fastmathFlags = #llvm.fastmath<none>}> : (f64) -> f64
    %91 = "llvm.fadd"(%87, %90) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %92 = "llvm.add"(%86, %80) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %93 = "llvm.icmp"(%92, %85) <{predicate = 9 : i64}> : (i64, i64) -> i1
    %94 = "llvm.fcmp"(%91, %arg14) <{fastmathFlags = #llvm.fastmath<none>, predicate = 2 : i64}> : (f64, f64) -> i1
    %95 = "llvm.select"(%93, %81, %94) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i1, i1) -> i1
    "llvm.cond_br"(%95, %91, %94, %92, %91)[^bb3, ^bb2] <{loop_annotation = #loop_annotation1, operandSegmentSizes = array<i32: 1, 2, 2>}> : (i1, f64, i1, i64, f64) -> ()
  ^bb3(%96: f64, %97: i1):  // 2 preds: ^bb0, ^bb2
    %98 = "llvm.select"(%97, %arg14, %96) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, f64, f64) -> f64
    "llvm.return"(%98) : (f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (ptr, i32)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "rec", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg10: !llvm.ptr, %arg11: i32):
    %65 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %66 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %67 = "llvm.mlir.constant"() <{value = -1 : i32}> : () -> i32
    %68 = "llvm.mlir.constant"() <{value = 5.000000e-01 : f64}> : () -> f64
    %69 = "llvm.icmp"(%arg11, %65) <{predicate = 2 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%69, %66)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, f64) -> ()
  ^bb1(%70: f64):  // 2 preds: ^bb0, ^bb2
    "llvm.return"(%70) : (f64) -> ()
  ^bb2:  // pred: ^bb0
    %71 = "llvm.add"(%arg11, %67) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
    %72 = "llvm.zext"(%71) <{nonNeg}> : (i32) -> i64
    %73 = "llvm.getelementptr"(%arg10, %72) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %74 = "llvm.load"(%73) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %75 = "llvm.call"(%arg10, %71) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}, {llvm.noundef}], callee = @rec, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 2, 0>}> : (!llvm.ptr, i32) -> f64
    %76 = "llvm.intr.fmuladd"(%75, %68, %74) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    "llvm.br"(%76)[^bb1] : (f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (ptr, ptr, i32)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "mm", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg7: !llvm.ptr, %arg8: !llvm.ptr, %arg9: i32):
    %47 = "llvm.mlir.constant"() <{value = 3 : i64}> : () -> i64
    %48 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %49 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %50 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %51 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %52 = "llvm.sext"(%arg9) : (i32) -> i64
    %53 = "llvm.shl"(%52, %47) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    "llvm.intr.memmove"(%arg7, %arg8, %53) <{arg_attrs = [{llvm.align = 8 : i64}, {llvm.align = 8 : i64}, {}], isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %54 = "llvm.icmp"(%arg9, %48) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%54, %49)[^bb1, ^bb3] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb1:  // pred: ^bb0
    %55 = "llvm.zext"(%arg9) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%50, %49)[^bb4] : (i64, f64) -> ()
  ^bb2:  // pred: ^bb4
    %56 = "llvm.fmul"(%62, %62) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    "llvm.br"(%56)[^bb3] : (f64) -> ()
  ^bb3(%57: f64):  // 2 preds: ^bb0, ^bb2
    "llvm.return"(%57) : (f64) -> ()
  ^bb4(%58: i64, %59: f64):  // 2 preds: ^bb1, ^bb4
    %60 = "llvm.getelementptr"(%arg7, %58) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %61 = "llvm.load"(%60) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %62 = "llvm.intr.maxnum"(%59, %61) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %63 = "llvm.add"(%58, %51) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %64 = "llvm.icmp"(%63, %55) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%64, %63, %62)[^bb2, ^bb4] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, i64, f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.noundef}], dso_local, function_type = !llvm.func<f32 (ptr, i32)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "flt", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg5: !llvm.ptr, %arg6: i32):
    %33 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %34 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %35 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %36 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %37 = "llvm.icmp"(%arg6, %33) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%37, %34)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f32) -> ()
  ^bb1:  // pred: ^bb0
    %38 = "llvm.zext"(%arg6) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%35, %34)[^bb3] : (i64, f32) -> ()
  ^bb2(%39: f32):  // 2 preds: ^bb0, ^bb3
    "llvm.return"(%39) : (f32) -> ()
  ^bb3(%40: i64, %41: f32):  // 2 preds: ^bb1, ^bb3
    %42 = "llvm.getelementptr"(%arg5, %40) <{elem_type = f32, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %43 = "llvm.load"(%42) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag2]}> : (!llvm.ptr) -> f32
    %44 = "llvm.intr.fmuladd"(%43, %43, %41) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, f32, f32) -> f32
    %45 = "llvm.add"(%40, %36) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %46 = "llvm.icmp"(%45, %38) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%46, %44, %45, %44)[^bb2, ^bb3] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f32, i64, f32) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.noundef}], dso_local, function_type = !llvm.func<i64 (ptr, i32)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "ints", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg3: !llvm.ptr, %arg4: i32):
    %19 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %20 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %21 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %22 = "llvm.icmp"(%arg4, %19) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%22, %20)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb1:  // pred: ^bb0
    %23 = "llvm.zext"(%arg4) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%20, %20)[^bb3] : (i64, i64) -> ()
  ^bb2(%24: i64):  // 2 preds: ^bb0, ^bb3
    "llvm.return"(%24) : (i64) -> ()
  ^bb3(%25: i64, %26: i64):  // 2 preds: ^bb1, ^bb3
    %27 = "llvm.getelementptr"(%arg3, %25) <{elem_type = i64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %28 = "llvm.load"(%27) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag3]}> : (!llvm.ptr) -> i64
    %29 = "llvm.shl"(%28, %21) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %30 = "llvm.add"(%29, %26) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %31 = "llvm.add"(%25, %21) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %32 = "llvm.icmp"(%31, %23) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%32, %30, %31, %30)[^bb2, ^bb3] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, i64, i64, i64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (ptr, ptr, i32)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "mixed", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i32):
    %0 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %2 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %3 = "llvm.mlir.constant"() <{value = 3 : i32}> : () -> i32
    %4 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %5 = "llvm.icmp"(%arg2, %0) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%5, %1)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb1:  // pred: ^bb0
    %6 = "llvm.zext"(%arg2) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%2, %1)[^bb3] : (i64, f64) -> ()
  ^bb2(%7: f64):  // 2 preds: ^bb0, ^bb3
    "llvm.return"(%7) : (f64) -> ()
  ^bb3(%8: i64, %9: f64):  // 2 preds: ^bb1, ^bb3
    %10 = "llvm.getelementptr"(%arg0, %8) <{elem_type = i32, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %11 = "llvm.load"(%10) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    %12 = "llvm.and"(%11, %3) : (i32, i32) -> i32
    %13 = "llvm.zext"(%12) <{nonNeg}> : (i32) -> i64
    %14 = "llvm.getelementptr"(%arg1, %13) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %15 = "llvm.load"(%14) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %16 = "llvm.fadd"(%9, %15) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %17 = "llvm.add"(%8, %4) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %18 = "llvm.icmp"(%17, %6) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%18, %16, %17, %16)[^bb2, ^bb3] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  }) : () -> ()
}) {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, llvm.ident = "Debian clang version 22.1.8 (1~deb12u1)", llvm.module_asm = [], llvm.target_triple = "x86_64-pc-linux-gnu"} : () -> ()

