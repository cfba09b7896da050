#loop_unroll = #llvm.loop_unroll<disable = true>
#tbaa_root = #llvm.tbaa_root<id = "Simple C/C++ TBAA">
#loop_annotation = #llvm.loop_annotation<unroll = #loop_unroll, mustProgress = true>
#tbaa_type_desc = #llvm.tbaa_type_desc<id = "omnipotent char", members = {<#tbaa_root, 0>}>
#tbaa_type_desc1 = #llvm.tbaa_type_desc<id = "double", members = {<#tbaa_type_desc, 0>}>
#tbaa_type_desc2 = #llvm.tbaa_type_desc<id = "int", members = {<#tbaa_type_desc, 0>}>
#tbaa_type_desc3 = #llvm.tbaa_type_desc<id = "any pointer", members = {<#tbaa_type_desc, 0>}>
#tbaa_tag = #llvm.tbaa_tag<base_type = #tbaa_type_desc1, access_type = #tbaa_type_desc1, offset = 0>
#tbaa_tag1 = #llvm.tbaa_tag<base_type = #tbaa_type_desc2, access_type = #tbaa_type_desc2, offset = 0>
#tbaa_type_desc4 = #llvm.tbaa_type_desc<id = "p1 int", members = {<#tbaa_type_desc3, 0>}>
#tbaa_type_desc5 = #llvm.tbaa_type_desc<id = "p1 double", members = {<#tbaa_type_desc3, 0>}>
#tbaa_type_desc6 = #llvm.tbaa_type_desc<id = "", members = {<#tbaa_type_desc2, 0>, <#tbaa_type_desc2, 4>, <#tbaa_type_desc4, 8>, <#tbaa_type_desc5, 16>, <#tbaa_type_desc5, 24>, <#tbaa_type_desc5, 32>, <#tbaa_type_desc5, 40>, <#tbaa_type_desc2, 48>}>
#tbaa_tag2 = #llvm.tbaa_tag<base_type = #tbaa_type_desc6, access_type = #tbaa_type_desc2, offset = 0>
#tbaa_tag3 = #llvm.tbaa_tag<base_type = #tbaa_type_desc6, access_type = #tbaa_type_desc5, offset = 16>
#tbaa_tag4 = #llvm.tbaa_tag<base_type = #tbaa_type_desc6, access_type = #tbaa_type_desc2, offset = 4>
#tbaa_tag5 = #llvm.tbaa_tag<base_type = #tbaa_type_desc6, access_type = #tbaa_type_desc4, offset = 8>
#tbaa_tag6 = #llvm.tbaa_tag<base_type = #tbaa_type_desc6, access_type = #tbaa_type_desc5, offset = 24>
#tbaa_tag7 = #llvm.tbaa_tag<base_type = #tbaa_type_desc6, access_type = #tbaa_type_desc5, offset = 40>
#tbaa_tag8 = #llvm.tbaa_tag<base_type = #tbaa_type_desc6, access_type = #tbaa_type_desc5, offset = 32>
#tbaa_tag9 = #llvm.tbaa_tag<base_type = #tbaa_type_desc6, access_type = #tbaa_type_desc2, offset = 48>
#tbaa_type_desc7 = #llvm.tbaa_type_desc<id = "", members = {<#tbaa_type_desc6, 0>, <#tbaa_type_desc2, 56>, <#tbaa_type_desc4, 64>, <#tbaa_type_desc5, 72>}>
#tbaa_tag10 = #llvm.tbaa_tag<base_type = #tbaa_type_desc7, access_type = #tbaa_type_desc2, offset = 4>
#tbaa_tag11 = #llvm.tbaa_tag<base_type = #tbaa_type_desc7, access_type = #tbaa_type_desc2, offset = 56>
#tbaa_tag12 = #llvm.tbaa_tag<base_type = #tbaa_type_desc7, access_type = #tbaa_type_desc5, offset = 72>
#tbaa_tag13 = #llvm.tbaa_tag<base_type = #tbaa_type_desc7, access_type = #tbaa_type_desc4, offset = 64>
"builtin.module"() ({
  "llvm.module_flags"() <{flags = [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>, #llvm.mlir.module_flag<min, "PIC Level", 2 : i32>, #llvm.mlir.module_flag<max, "PIE Level", 2 : i32>, #llvm.mlir.module_flag<max, "uwtable", 2 : i32>]}> : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.writeonly}], dso_local, function_type = !llvm.func<void (ptr, ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_inline, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "angle_axis_to_rotation_matrix", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg22: !llvm.ptr, %arg23: !llvm.ptr):
    %378 = "llvm.mlir.constant"() <{value = 8 : i64}> : () -> i64
    %379 = "llvm.mlir.constant"() <{value = 16 : i64}> : () -> i64
    %380 = "llvm.mlir.constant"() <{value = 1.000000e-04 : f64}> : () -> f64
    %381 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %382 = "llvm.mlir.constant"() <{value = 1.000000e+00 : f64}> : () -> f64
    %383 = "llvm.mlir.constant"() <{value = 24 : i64}> : () -> i64
    %384 = "llvm.mlir.constant"() <{value = 48 : i64}> : () -> i64
    %385 = "llvm.mlir.constant"() <{value = 32 : i64}> : () -> i64
    %386 = "llvm.mlir.constant"() <{value = 56 : i64}> : () -> i64
    %387 = "llvm.mlir.constant"() <{value = 40 : i64}> : () -> i64
    %388 = "llvm.mlir.constant"() <{value = 64 : i64}> : () -> i64
    %389 = "llvm.mlir.constant"() <{value = 3 : i64}> : () -> i64
    %390 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %391 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %392 = "llvm.mlir.constant"() <{value = 9 : i64}> : () -> i64
    %393 = "llvm.load"(%arg22) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %394 = "llvm.fmul"(%393, %393) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %395 = "llvm.getelementptr"(%arg22, %378) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %396 = "llvm.load"(%395) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %397 = "llvm.fmul"(%396, %396) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %398 = "llvm.fadd"(%397, %394) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %399 = "llvm.getelementptr"(%arg22, %379) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %400 = "llvm.load"(%399) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %401 = "llvm.fmul"(%400, %400) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %402 = "llvm.fadd"(%398, %401) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %403 = "llvm.intr.sqrt"(%402) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %404 = "llvm.fcmp"(%403, %380) <{fastmathFlags = #llvm.fastmath<fast>, predicate = 4 : i64}> : (f64, f64) -> i1
    "llvm.cond_br"(%404, %381)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i64) -> ()
  ^bb1(%405: i64):  // 2 preds: ^bb0, ^bb1
    %406 = "llvm.and"(%405, %389) : (i64, i64) -> i64
    %407 = "llvm.icmp"(%406, %381) <{predicate = 0 : i64}> : (i64, i64) -> i1
    %408 = "llvm.select"(%407, %382, %390) <{fastmathFlags = #llvm.fastmath<fast>}> : (i1, f64, f64) -> f64
    %409 = "llvm.getelementptr"(%arg23, %405) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%408, %409) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %410 = "llvm.add"(%405, %391) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %411 = "llvm.icmp"(%410, %392) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%411, %410)[^bb3, ^bb1] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb2:  // pred: ^bb0
    %412 = "llvm.fdiv"(%393, %403) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %413 = "llvm.fdiv"(%396, %403) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %414 = "llvm.fdiv"(%400, %403) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %415 = "llvm.intr.sin"(%403) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %416 = "llvm.intr.cos"(%403) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %417 = "llvm.fmul"(%412, %412) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %418 = "llvm.fsub"(%382, %417) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %419 = "llvm.fmul"(%418, %416) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %420 = "llvm.fadd"(%419, %417) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.store"(%420, %arg23) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %421 = "llvm.fsub"(%382, %416) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %422 = "llvm.fmul"(%421, %413) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %423 = "llvm.fmul"(%422, %412) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %424 = "llvm.fmul"(%414, %415) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %425 = "llvm.fsub"(%423, %424) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %426 = "llvm.getelementptr"(%arg23, %383) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%425, %426) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %427 = "llvm.fmul"(%421, %414) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %428 = "llvm.fmul"(%427, %412) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %429 = "llvm.fmul"(%413, %415) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %430 = "llvm.fadd"(%428, %429) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %431 = "llvm.getelementptr"(%arg23, %384) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%430, %431) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %432 = "llvm.fadd"(%423, %424) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %433 = "llvm.getelementptr"(%arg23, %378) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%432, %433) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %434 = "llvm.fmul"(%413, %413) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %435 = "llvm.fsub"(%382, %434) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %436 = "llvm.fmul"(%435, %416) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %437 = "llvm.fadd"(%436, %434) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %438 = "llvm.getelementptr"(%arg23, %385) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%437, %438) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %439 = "llvm.fmul"(%421, %414) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %440 = "llvm.fmul"(%439, %413) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %441 = "llvm.fmul"(%412, %415) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %442 = "llvm.fsub"(%440, %441) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %443 = "llvm.getelementptr"(%arg23, %386) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%442, %443) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %444 = "llvm.fsub"(%428, %429) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %445 = "llvm.getelementptr"(%arg23, %379) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%444, %445) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %446 = "llvm.fadd"(%440, %441) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %447 = "llvm.getelementptr"(%arg23, %387) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%446, %447) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %448 = "llvm.fmul"(%414, %414) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %449 = "llvm.fsub"(%382, %448) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %450 = "llvm.fmul"(%449, %416) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %451 = "llvm.fadd"(%450, %448) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %452 = "llvm.getelementptr"(%arg23, %388) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%451, %452) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    "llvm.br"()[^bb3] : () -> ()
  ^bb3:  // 2 preds: ^bb1, ^bb2
    "llvm.return"() : () -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.noundef}, {llvm.nocapture, llvm.noundef}], dso_local, function_type = !llvm.func<void (ptr, i32, ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_inline, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "apply_global_transform", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg19: !llvm.ptr, %arg20: i32, %arg21: !llvm.ptr):
    %327 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %328 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %329 = "llvm.mlir.constant"() <{value = 24 : i64}> : () -> i64
    %330 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %331 = "llvm.mlir.constant"() <{value = 3 : i64}> : () -> i64
    %332 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %333 = "llvm.mlir.constant"() <{value = 48 : i64}> : () -> i64
    %334 = "llvm.alloca"(%327) <{alignment = 16 : i64, elem_type = !llvm.array<9 x f64>}> : (i32) -> !llvm.ptr
    %335 = "llvm.alloca"(%327) <{alignment = 16 : i64, elem_type = !llvm.array<3 x f64>}> : (i32) -> !llvm.ptr
    "llvm.intr.lifetime.start"(%334) : (!llvm.ptr) -> ()
    "llvm.call"(%arg19, %334) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, arg_attrs = [{llvm.noundef}, {llvm.nonnull, llvm.noundef}], callee = @angle_axis_to_rotation_matrix, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 2, 0>}> : (!llvm.ptr, !llvm.ptr) -> ()
    "llvm.br"(%328)[^bb1] : (i64) -> ()
  ^bb1(%336: i64):  // 2 preds: ^bb0, ^bb4
    %337 = "llvm.getelementptr"(%334, %336) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%328)[^bb5] : (i64) -> ()
  ^bb2:  // pred: ^bb4
    %338 = "llvm.icmp"(%arg20, %332) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%338)[^bb3, ^bb6] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb3:  // pred: ^bb2
    %339 = "llvm.zext"(%arg20) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%328)[^bb7] : (i64) -> ()
  ^bb4:  // pred: ^bb5
    %340 = "llvm.add"(%336, %330) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %341 = "llvm.icmp"(%340, %331) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%341, %340)[^bb2, ^bb1] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb5(%342: i64):  // 2 preds: ^bb1, ^bb5
    %343 = "llvm.getelementptr"(%arg19, %342) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %344 = "llvm.getelementptr"(%343, %329) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %345 = "llvm.load"(%344) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %346 = "llvm.mul"(%342, %329) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %347 = "llvm.getelementptr"(%337, %346) <{elem_type = i8, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %348 = "llvm.load"(%347) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %349 = "llvm.fmul"(%348, %345) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.store"(%349, %347) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %350 = "llvm.add"(%342, %330) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %351 = "llvm.icmp"(%350, %331) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%351, %350)[^bb4, ^bb5] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb6:  // 2 preds: ^bb2, ^bb8
    "llvm.intr.lifetime.end"(%334) : (!llvm.ptr) -> ()
    "llvm.return"() : () -> ()
  ^bb7(%352: i64):  // 2 preds: ^bb3, ^bb8
    %353 = "llvm.mul"(%352, %329) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %354 = "llvm.getelementptr"(%arg21, %353) <{elem_type = i8, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.intr.lifetime.start"(%335) : (!llvm.ptr) -> ()
    %355 = "llvm.mul"(%352, %329) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %356 = "llvm.getelementptr"(%arg21, %355) <{elem_type = i8, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%328)[^bb9] : (i64) -> ()
  ^bb8:  // pred: ^bb10
    "llvm.intr.memcpy"(%354, %335, %329) <{arg_attrs = [{llvm.align = 8 : i64, llvm.dereferenceable = 24 : i64, llvm.nonnull, llvm.noundef}, {llvm.align = 16 : i64, llvm.dereferenceable = 24 : i64, llvm.nonnull, llvm.noundef}, {}], isVolatile = false, tbaa = [#tbaa_tag]}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
    "llvm.intr.lifetime.end"(%335) : (!llvm.ptr) -> ()
    %357 = "llvm.add"(%352, %330) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %358 = "llvm.icmp"(%357, %339) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%358, %357)[^bb6, ^bb7] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb9(%359: i64):  // 2 preds: ^bb7, ^bb10
    %360 = "llvm.getelementptr"(%arg19, %359) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %361 = "llvm.getelementptr"(%360, %333) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %362 = "llvm.load"(%361) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %363 = "llvm.getelementptr"(%335, %359) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%362, %363) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %364 = "llvm.getelementptr"(%334, %359) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%328, %362)[^bb11] : (i64, f64) -> ()
  ^bb10:  // pred: ^bb11
    "llvm.store"(%375, %363) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %365 = "llvm.add"(%359, %330) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %366 = "llvm.icmp"(%365, %331) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%366, %365)[^bb8, ^bb9] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb11(%367: i64, %368: f64):  // 2 preds: ^bb9, ^bb11
    %369 = "llvm.mul"(%367, %329) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %370 = "llvm.getelementptr"(%364, %369) <{elem_type = i8, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %371 = "llvm.load"(%370) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %372 = "llvm.getelementptr"(%356, %367) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %373 = "llvm.load"(%372) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %374 = "llvm.fmul"(%373, %371) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %375 = "llvm.fadd"(%368, %374) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %376 = "llvm.add"(%367, %330) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %377 = "llvm.icmp"(%376, %331) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%377, %376, %375)[^bb10, ^bb11] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, i64, f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.writeonly}], dso_local, function_type = !llvm.func<void (ptr, ptr, ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_inline, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "matmul4", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg16: !llvm.ptr, %arg17: !llvm.ptr, %arg18: !llvm.ptr):
    %299 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %300 = "llvm.mlir.constant"() <{value = 5 : i64}> : () -> i64
    %301 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %302 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %303 = "llvm.mlir.constant"() <{value = 4 : i64}> : () -> i64
    "llvm.br"(%299)[^bb1] : (i64) -> ()
  ^bb1(%304: i64):  // 2 preds: ^bb0, ^bb4
    %305 = "llvm.getelementptr"(%arg16, %304) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %306 = "llvm.getelementptr"(%arg18, %304) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%299)[^bb3] : (i64) -> ()
  ^bb2:  // pred: ^bb4
    "llvm.return"() : () -> ()
  ^bb3(%307: i64):  // 2 preds: ^bb1, ^bb5
    %308 = "llvm.shl"(%307, %300) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %309 = "llvm.getelementptr"(%arg17, %308) <{elem_type = i8, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%299, %301)[^bb6] : (i64, f64) -> ()
  ^bb4:  // pred: ^bb5
    %310 = "llvm.add"(%304, %302) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %311 = "llvm.icmp"(%310, %303) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%311, %310)[^bb2, ^bb1] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb5:  // pred: ^bb6
    %312 = "llvm.shl"(%307, %300) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %313 = "llvm.getelementptr"(%306, %312) <{elem_type = i8, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%324, %313) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %314 = "llvm.add"(%307, %302) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %315 = "llvm.icmp"(%314, %303) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%315, %314)[^bb4, ^bb3] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb6(%316: i64, %317: f64):  // 2 preds: ^bb3, ^bb6
    %318 = "llvm.shl"(%316, %300) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %319 = "llvm.getelementptr"(%305, %318) <{elem_type = i8, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %320 = "llvm.load"(%319) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %321 = "llvm.getelementptr"(%309, %316) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %322 = "llvm.load"(%321) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %323 = "llvm.fmul"(%322, %320) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %324 = "llvm.fadd"(%323, %317) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %325 = "llvm.add"(%316, %302) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %326 = "llvm.icmp"(%325, %303) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%326, %325, %324)[^bb5, ^bb6] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, i64, f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef}], dso_local, function_type = !llvm.func<void (i32, ptr, ptr, ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_inline, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "relatives_to_absolutes", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg12: i32, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %arg15: !llvm.ptr):
    %275 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %276 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %277 = "llvm.mlir.constant"() <{value = -1 : i32}> : () -> i32
    %278 = "llvm.mlir.constant"() <{value = 4 : i32}> : () -> i32
    %279 = "llvm.mlir.constant"() <{value = 4 : i64}> : () -> i64
    %280 = "llvm.mlir.constant"() <{value = 128 : i64}> : () -> i64
    %281 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %282 = "llvm.icmp"(%arg12, %275) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%282)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb1:  // pred: ^bb0
    %283 = "llvm.zext"(%arg12) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%276)[^bb3] : (i64) -> ()
  ^bb2:  // 2 preds: ^bb0, ^bb6
    "llvm.return"() : () -> ()
  ^bb3(%284: i64):  // 2 preds: ^bb1, ^bb6
    %285 = "llvm.getelementptr"(%arg14, %284) <{elem_type = i32, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %286 = "llvm.load"(%285) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    %287 = "llvm.icmp"(%286, %277) <{predicate = 0 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%287)[^bb4, ^bb5] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb4:  // pred: ^bb3
    %288 = "llvm.shl"(%284, %279) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %289 = "llvm.getelementptr"(%arg15, %288) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %290 = "llvm.getelementptr"(%arg13, %288) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.intr.memcpy"(%289, %290, %280) <{arg_attrs = [{llvm.align = 8 : i64, llvm.dereferenceable = 128 : i64, llvm.nonnull, llvm.noundef}, {llvm.align = 8 : i64, llvm.dereferenceable = 128 : i64, llvm.nonnull, llvm.noundef}, {}], isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
    "llvm.br"()[^bb6] : () -> ()
  ^bb5:  // pred: ^bb3
    %291 = "llvm.shl"(%286, %278) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
    %292 = "llvm.sext"(%291) : (i32) -> i64
    %293 = "llvm.getelementptr"(%arg15, %292) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %294 = "llvm.shl"(%284, %279) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %295 = "llvm.getelementptr"(%arg13, %294) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %296 = "llvm.getelementptr"(%arg15, %294) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.call"(%293, %295, %296) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}, {llvm.noundef}, {llvm.noundef}], callee = @matmul4, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 3, 0>}> : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
    "llvm.br"()[^bb6] : () -> ()
  ^bb6:  // 2 preds: ^bb4, ^bb5
    %297 = "llvm.add"(%284, %281) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %298 = "llvm.icmp"(%297, %283) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%298, %297)[^bb2, ^bb3] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.writeonly}], dso_local, function_type = !llvm.func<void (ptr, ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_inline, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "euler_angles_to_rotation_matrix", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg10: !llvm.ptr, %arg11: !llvm.ptr):
    %175 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %176 = "llvm.mlir.constant"() <{value = 16 : i64}> : () -> i64
    %177 = "llvm.mlir.constant"() <{value = 8 : i64}> : () -> i64
    %178 = "llvm.mlir.constant"() <{value = 1.000000e+00 : f64}> : () -> f64
    %179 = "llvm.mlir.constant"() <{value = 32 : i64}> : () -> i64
    %180 = "llvm.mlir.constant"() <{value = 0 : i8}> : () -> i8
    %181 = "llvm.mlir.constant"() <{value = 24 : i64}> : () -> i64
    %182 = "llvm.mlir.constant"() <{value = 40 : i64}> : () -> i64
    %183 = "llvm.mlir.constant"() <{value = 48 : i64}> : () -> i64
    %184 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %185 = "llvm.mlir.constant"() <{value = 56 : i64}> : () -> i64
    %186 = "llvm.mlir.constant"() <{value = 64 : i64}> : () -> i64
    %187 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %188 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %189 = "llvm.mlir.constant"() <{value = 3 : i64}> : () -> i64
    %190 = "llvm.mlir.constant"() <{value = 5 : i64}> : () -> i64
    %191 = "llvm.alloca"(%175) <{alignment = 16 : i64, elem_type = !llvm.array<9 x f64>}> : (i32) -> !llvm.ptr
    %192 = "llvm.alloca"(%175) <{alignment = 16 : i64, elem_type = !llvm.array<9 x f64>}> : (i32) -> !llvm.ptr
    %193 = "llvm.alloca"(%175) <{alignment = 16 : i64, elem_type = !llvm.array<9 x f64>}> : (i32) -> !llvm.ptr
    %194 = "llvm.alloca"(%175) <{alignment = 16 : i64, elem_type = !llvm.array<9 x f64>}> : (i32) -> !llvm.ptr
    %195 = "llvm.load"(%arg10) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %196 = "llvm.getelementptr"(%arg10, %176) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %197 = "llvm.load"(%196) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %198 = "llvm.getelementptr"(%arg10, %177) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %199 = "llvm.load"(%198) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    "llvm.intr.lifetime.start"(%191) : (!llvm.ptr) -> ()
    "llvm.store"(%178, %191) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %200 = "llvm.getelementptr"(%191, %177) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %201 = "llvm.getelementptr"(%191, %179) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %202 = "llvm.intr.cos"(%195) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    "llvm.intr.memset"(%200, %180, %181) <{arg_attrs = [{llvm.align = 8 : i64, llvm.dereferenceable = 24 : i64, llvm.nonnull, llvm.noundef}, {}, {}], isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
    "llvm.store"(%202, %201) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %203 = "llvm.getelementptr"(%191, %182) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %204 = "llvm.intr.sin"(%195) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    "llvm.store"(%204, %203) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %205 = "llvm.getelementptr"(%191, %183) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%184, %205) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %206 = "llvm.getelementptr"(%191, %185) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %207 = "llvm.fneg"(%204) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    "llvm.store"(%207, %206) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %208 = "llvm.getelementptr"(%191, %186) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%202, %208) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    "llvm.intr.lifetime.start"(%192) : (!llvm.ptr) -> ()
    %209 = "llvm.intr.cos"(%197) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    "llvm.store"(%209, %192) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %210 = "llvm.getelementptr"(%192, %177) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%184, %210) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %211 = "llvm.getelementptr"(%192, %176) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %212 = "llvm.intr.sin"(%197) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %213 = "llvm.fneg"(%212) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    "llvm.store"(%213, %211) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %214 = "llvm.getelementptr"(%192, %181) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%184, %214) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %215 = "llvm.getelementptr"(%192, %179) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%178, %215) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %216 = "llvm.getelementptr"(%192, %182) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%184, %216) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %217 = "llvm.getelementptr"(%192, %183) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%212, %217) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %218 = "llvm.getelementptr"(%192, %185) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%184, %218) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %219 = "llvm.getelementptr"(%192, %186) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%209, %219) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    "llvm.intr.lifetime.start"(%193) : (!llvm.ptr) -> ()
    %220 = "llvm.intr.cos"(%199) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    "llvm.store"(%220, %193) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %221 = "llvm.getelementptr"(%193, %177) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %222 = "llvm.intr.sin"(%199) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    "llvm.store"(%222, %221) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %223 = "llvm.getelementptr"(%193, %176) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%184, %223) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %224 = "llvm.getelementptr"(%193, %181) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %225 = "llvm.fneg"(%222) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    "llvm.store"(%225, %224) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %226 = "llvm.getelementptr"(%193, %179) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%220, %226) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %227 = "llvm.getelementptr"(%193, %182) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %228 = "llvm.getelementptr"(%193, %186) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.intr.memset"(%227, %180, %181) <{arg_attrs = [{llvm.align = 8 : i64, llvm.dereferenceable = 24 : i64, llvm.nonnull, llvm.noundef}, {}, {}], isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
    "llvm.store"(%178, %228) <{alignment = 16 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    "llvm.intr.lifetime.start"(%194) : (!llvm.ptr) -> ()
    "llvm.br"(%187)[^bb1] : (i64) -> ()
  ^bb1(%229: i64):  // 2 preds: ^bb0, ^bb3
    %230 = "llvm.getelementptr"(%192, %229) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %231 = "llvm.getelementptr"(%194, %229) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%187)[^bb2] : (i64) -> ()
  ^bb2(%232: i64):  // 2 preds: ^bb1, ^bb4
    %233 = "llvm.mul"(%232, %181) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %234 = "llvm.getelementptr"(%191, %233) <{elem_type = i8, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%187, %184)[^bb5] : (i64, f64) -> ()
  ^bb3:  // pred: ^bb4
    %235 = "llvm.add"(%229, %188) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %236 = "llvm.icmp"(%235, %189) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%236, %187, %235)[^bb6, ^bb1] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i64, i64) -> ()
  ^bb4:  // pred: ^bb5
    %237 = "llvm.mul"(%232, %181) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %238 = "llvm.getelementptr"(%231, %237) <{elem_type = i8, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%249, %238) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %239 = "llvm.add"(%232, %188) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %240 = "llvm.icmp"(%239, %189) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%240, %239)[^bb3, ^bb2] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb5(%241: i64, %242: f64):  // 2 preds: ^bb2, ^bb5
    %243 = "llvm.mul"(%241, %181) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %244 = "llvm.getelementptr"(%230, %243) <{elem_type = i8, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %245 = "llvm.load"(%244) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %246 = "llvm.getelementptr"(%234, %241) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %247 = "llvm.load"(%246) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %248 = "llvm.fmul"(%247, %245) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %249 = "llvm.fadd"(%248, %242) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %250 = "llvm.add"(%241, %188) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %251 = "llvm.icmp"(%250, %189) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%251, %250, %249)[^bb4, ^bb5] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, i64, f64) -> ()
  ^bb6(%252: i64):  // 2 preds: ^bb3, ^bb9
    %253 = "llvm.getelementptr"(%193, %252) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %254 = "llvm.getelementptr"(%arg11, %252) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%187)[^bb8] : (i64) -> ()
  ^bb7:  // pred: ^bb9
    "llvm.intr.lifetime.end"(%194) : (!llvm.ptr) -> ()
    "llvm.intr.lifetime.end"(%193) : (!llvm.ptr) -> ()
    "llvm.intr.lifetime.end"(%192) : (!llvm.ptr) -> ()
    "llvm.intr.lifetime.end"(%191) : (!llvm.ptr) -> ()
    "llvm.return"() : () -> ()
  ^bb8(%255: i64):  // 2 preds: ^bb6, ^bb10
    %256 = "llvm.mul"(%255, %181) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %257 = "llvm.getelementptr"(%194, %256) <{elem_type = i8, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%187, %184)[^bb11] : (i64, f64) -> ()
  ^bb9:  // pred: ^bb10
    %258 = "llvm.add"(%252, %188) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %259 = "llvm.icmp"(%258, %189) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%259, %258)[^bb7, ^bb6] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb10:  // pred: ^bb11
    %260 = "llvm.shl"(%255, %190) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %261 = "llvm.getelementptr"(%254, %260) <{elem_type = i8, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%272, %261) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %262 = "llvm.add"(%255, %188) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %263 = "llvm.icmp"(%262, %189) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%263, %262)[^bb9, ^bb8] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb11(%264: i64, %265: f64):  // 2 preds: ^bb8, ^bb11
    %266 = "llvm.mul"(%264, %181) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %267 = "llvm.getelementptr"(%253, %266) <{elem_type = i8, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %268 = "llvm.load"(%267) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %269 = "llvm.getelementptr"(%257, %264) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %270 = "llvm.load"(%269) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %271 = "llvm.fmul"(%270, %268) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %272 = "llvm.fadd"(%271, %265) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %273 = "llvm.add"(%264, %188) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %274 = "llvm.icmp"(%273, %189) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%274, %273, %272)[^bb10, ^bb11] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, i64, f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.writeonly}], dso_local, function_type = !llvm.func<void (ptr, ptr, ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = readwrite, argMem = readwrite, inaccessibleMem = none, errnoMem = readwrite, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_inline, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "get_posed_relatives", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg7: !llvm.ptr, %arg8: !llvm.ptr, %arg9: !llvm.ptr):
    %144 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %145 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %146 = "llvm.mlir.constant"() <{value = 120 : i64}> : () -> i64
    %147 = "llvm.mlir.constant"() <{value = 16 : i64}> : () -> i64
    %148 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %149 = "llvm.mlir.constant"() <{value = 0 : i8}> : () -> i8
    %150 = "llvm.mlir.constant"() <{value = 128 : i64}> : () -> i64
    %151 = "llvm.mlir.constant"() <{value = 1.000000e+00 : f64}> : () -> f64
    %152 = "llvm.mlir.constant"() <{value = 12884901888 : i64}> : () -> i64
    %153 = "llvm.mlir.constant"() <{value = 38654705664 : i64}> : () -> i64
    %154 = "llvm.mlir.constant"() <{value = 29 : i64}> : () -> i64
    %155 = "llvm.mlir.constant"() <{value = 4 : i64}> : () -> i64
    %156 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %157 = "llvm.alloca"(%144) <{alignment = 16 : i64, elem_type = !llvm.array<16 x f64>}> : (i32) -> !llvm.ptr
    %158 = "llvm.load"(%arg7) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag2]}> : (!llvm.ptr) -> i32
    %159 = "llvm.icmp"(%158, %145) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%159)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb1:  // pred: ^bb0
    %160 = "llvm.getelementptr"(%157, %146) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %161 = "llvm.getelementptr"(%arg7, %147) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%148)[^bb3] : (i64) -> ()
  ^bb2:  // 2 preds: ^bb0, ^bb3
    "llvm.return"() : () -> ()
  ^bb3(%162: i64):  // 2 preds: ^bb1, ^bb3
    "llvm.intr.lifetime.start"(%157) : (!llvm.ptr) -> ()
    "llvm.intr.memset"(%157, %149, %150) <{arg_attrs = [{llvm.align = 16 : i64, llvm.dereferenceable = 128 : i64, llvm.nonnull, llvm.noundef}, {}, {}], isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
    "llvm.store"(%151, %160) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %163 = "llvm.mul"(%162, %152) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %164 = "llvm.add"(%163, %153) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %165 = "llvm.ashr"(%164, %154) <{isExact}> : (i64, i64) -> i64
    %166 = "llvm.getelementptr"(%arg8, %165) <{elem_type = i8, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.call"(%166, %157) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, arg_attrs = [{llvm.noundef}, {llvm.nonnull, llvm.noundef}], callee = @euler_angles_to_rotation_matrix, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 2, 0>}> : (!llvm.ptr, !llvm.ptr) -> ()
    %167 = "llvm.load"(%161) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag3]}> : (!llvm.ptr) -> !llvm.ptr
    %168 = "llvm.shl"(%162, %155) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %169 = "llvm.getelementptr"(%167, %168) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %170 = "llvm.getelementptr"(%arg9, %168) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.call"(%169, %157, %170) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, arg_attrs = [{llvm.noundef}, {llvm.nonnull, llvm.noundef}, {llvm.noundef}], callee = @matmul4, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 3, 0>}> : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
    "llvm.intr.lifetime.end"(%157) : (!llvm.ptr) -> ()
    %171 = "llvm.add"(%162, %156) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %172 = "llvm.load"(%arg7) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag2]}> : (!llvm.ptr) -> i32
    %173 = "llvm.sext"(%172) : (i32) -> i64
    %174 = "llvm.icmp"(%171, %173) <{predicate = 2 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%174, %171)[^bb3, ^bb2] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef}, {llvm.noundef}], dso_local, function_type = !llvm.func<void (ptr, ptr, ptr, i32)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = readwrite, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = readwrite, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_inline, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = [["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "get_skinned_vertex_positions", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg3: !llvm.ptr, %arg4: !llvm.ptr, %arg5: !llvm.ptr, %arg6: i32):
    %43 = "llvm.mlir.constant"() <{value = 4 : i64}> : () -> i64
    %44 = "llvm.mlir.constant"() <{value = 4 : i32}> : () -> i32
    %45 = "llvm.mlir.constant"() <{value = 3 : i64}> : () -> i64
    %46 = "llvm.mlir.constant"() <{value = 8 : i64}> : () -> i64
    %47 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %48 = "llvm.mlir.constant"() <{value = 24 : i64}> : () -> i64
    %49 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %50 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %51 = "llvm.mlir.constant"() <{value = 3 : i32}> : () -> i32
    %52 = "llvm.mlir.constant"() <{value = 0 : i8}> : () -> i8
    %53 = "llvm.mlir.constant"() <{value = 40 : i64}> : () -> i64
    %54 = "llvm.mlir.constant"() <{value = 32 : i64}> : () -> i64
    %55 = "llvm.mlir.constant"() <{value = 4294967280 : i64}> : () -> i64
    %56 = "llvm.mlir.constant"() <{value = 5 : i64}> : () -> i64
    %57 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %58 = "llvm.mlir.constant"() <{value = 48 : i64}> : () -> i64
    %59 = "llvm.mlir.constant"() <{value = false}> : () -> i1
    %60 = "llvm.load"(%arg3) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag2]}> : (!llvm.ptr) -> i32
    %61 = "llvm.getelementptr"(%arg3, %43) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %62 = "llvm.load"(%61) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag4]}> : (!llvm.ptr) -> i32
    %63 = "llvm.shl"(%60, %44) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
    %64 = "llvm.sext"(%63) : (i32) -> i64
    %65 = "llvm.shl"(%64, %45) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %66 = "llvm.call"(%65) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @malloc, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, res_attrs = [{llvm.noalias}]}> : (i64) -> !llvm.ptr
    %67 = "llvm.call"(%65) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @malloc, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, res_attrs = [{llvm.noalias}]}> : (i64) -> !llvm.ptr
    %68 = "llvm.call"(%65) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @malloc, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, res_attrs = [{llvm.noalias}]}> : (i64) -> !llvm.ptr
    "llvm.call"(%arg3, %arg4, %66) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.nonnull, llvm.noundef}, {llvm.noundef}, {llvm.noundef}], callee = @get_posed_relatives, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = readwrite, argMem = readwrite, inaccessibleMem = none, errnoMem = readwrite, targetMem0 = none, targetMem1 = none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 3, 0>}> : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
    %69 = "llvm.getelementptr"(%arg3, %46) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %70 = "llvm.load"(%69) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag5]}> : (!llvm.ptr) -> !llvm.ptr
    "llvm.call"(%60, %66, %70, %67) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}], callee = @relatives_to_absolutes, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 4, 0>}> : (i32, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
    %71 = "llvm.icmp"(%60, %47) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%71)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb1:  // pred: ^bb0
    %72 = "llvm.getelementptr"(%arg3, %48) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %73 = "llvm.load"(%72) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag6]}> : (!llvm.ptr) -> !llvm.ptr
    %74 = "llvm.zext"(%60) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%49)[^bb4] : (i64) -> ()
  ^bb2:  // 2 preds: ^bb0, ^bb4
    %75 = "llvm.mul"(%62, %51) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
    %76 = "llvm.sext"(%75) : (i32) -> i64
    %77 = "llvm.shl"(%76, %45) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    "llvm.intr.memset"(%arg5, %52, %77) <{arg_attrs = [{llvm.align = 8 : i64}, {}, {}], isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
    %78 = "llvm.icmp"(%60, %47) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%78)[^bb3, ^bb7] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb3:  // pred: ^bb2
    %79 = "llvm.icmp"(%62, %47) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %80 = "llvm.getelementptr"(%arg3, %53) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %81 = "llvm.getelementptr"(%arg3, %54) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %82 = "llvm.zext"(%62) : (i32) -> i64
    %83 = "llvm.zext"(%60) <{nonNeg}> : (i32) -> i64
    %84 = "llvm.zext"(%62) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%49)[^bb5] : (i64) -> ()
  ^bb4(%85: i64):  // 2 preds: ^bb1, ^bb4
    %86 = "llvm.shl"(%85, %43) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %87 = "llvm.getelementptr"(%67, %86) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %88 = "llvm.getelementptr"(%73, %86) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %89 = "llvm.getelementptr"(%68, %86) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.call"(%87, %88, %89) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}, {llvm.noundef}, {llvm.noundef}], callee = @matmul4, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 3, 0>}> : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
    %90 = "llvm.add"(%85, %50) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %91 = "llvm.icmp"(%90, %74) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%91, %90)[^bb2, ^bb4] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb5(%92: i64):  // 2 preds: ^bb3, ^bb9
    "llvm.cond_br"(%79)[^bb6, ^bb9] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb6:  // pred: ^bb5
    %93 = "llvm.load"(%80) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag7]}> : (!llvm.ptr) -> !llvm.ptr
    %94 = "llvm.mul"(%92, %82) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %95 = "llvm.load"(%81) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag8]}> : (!llvm.ptr) -> !llvm.ptr
    %96 = "llvm.shl"(%92, %43) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %97 = "llvm.and"(%96, %55) : (i64, i64) -> i64
    %98 = "llvm.getelementptr"(%93, %94) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %99 = "llvm.getelementptr"(%68, %97) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%49)[^bb10] : (i64) -> ()
  ^bb7:  // 2 preds: ^bb2, ^bb9
    %100 = "llvm.getelementptr"(%arg3, %58) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %101 = "llvm.load"(%100) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag9]}> : (!llvm.ptr) -> i32
    %102 = "llvm.icmp"(%101, %47) <{predicate = 1 : i64}> : (i32, i32) -> i1
    %103 = "llvm.icmp"(%62, %47) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %104 = "llvm.select"(%102, %103, %59) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i1, i1) -> i1
    "llvm.cond_br"(%104)[^bb8, ^bb16] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb8:  // pred: ^bb7
    %105 = "llvm.zext"(%62) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%49)[^bb15] : (i64) -> ()
  ^bb9:  // 2 preds: ^bb5, ^bb12
    %106 = "llvm.add"(%92, %50) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %107 = "llvm.icmp"(%106, %83) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%107, %106)[^bb7, ^bb5] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb10(%108: i64):  // 2 preds: ^bb6, ^bb12
    %109 = "llvm.getelementptr"(%98, %108) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %110 = "llvm.load"(%109) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %111 = "llvm.shl"(%108, %56) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %112 = "llvm.getelementptr"(%95, %111) <{elem_type = i8, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %113 = "llvm.mul"(%108, %48) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %114 = "llvm.getelementptr"(%arg5, %113) <{elem_type = i8, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%49)[^bb11] : (i64) -> ()
  ^bb11(%115: i64):  // 2 preds: ^bb10, ^bb13
    %116 = "llvm.getelementptr"(%99, %115) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%49, %57)[^bb14] : (i64, f64) -> ()
  ^bb12:  // pred: ^bb13
    %117 = "llvm.add"(%108, %50) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %118 = "llvm.icmp"(%117, %84) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%118, %117)[^bb9, ^bb10] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb13:  // pred: ^bb14
    %119 = "llvm.fmul"(%133, %110) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %120 = "llvm.getelementptr"(%114, %115) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %121 = "llvm.load"(%120) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %122 = "llvm.fadd"(%121, %119) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    "llvm.store"(%122, %120) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %123 = "llvm.add"(%115, %50) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %124 = "llvm.icmp"(%123, %45) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%124, %123)[^bb12, ^bb11] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb14(%125: i64, %126: f64):  // 2 preds: ^bb11, ^bb14
    %127 = "llvm.shl"(%125, %56) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %128 = "llvm.getelementptr"(%116, %127) <{elem_type = i8, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %129 = "llvm.load"(%128) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %130 = "llvm.getelementptr"(%112, %125) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %131 = "llvm.load"(%130) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %132 = "llvm.fmul"(%131, %129) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %133 = "llvm.fadd"(%132, %126) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %134 = "llvm.add"(%125, %50) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %135 = "llvm.icmp"(%134, %43) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%135, %134, %133)[^bb13, ^bb14] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, i64, f64) -> ()
  ^bb15(%136: i64):  // 2 preds: ^bb8, ^bb15
    %137 = "llvm.mul"(%136, %48) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %138 = "llvm.getelementptr"(%arg5, %137) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %139 = "llvm.load"(%138) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %140 = "llvm.fneg"(%139) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    "llvm.store"(%140, %138) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %141 = "llvm.add"(%136, %50) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %142 = "llvm.icmp"(%141, %105) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%142, %141)[^bb16, ^bb15] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb16:  // 2 preds: ^bb7, ^bb15
    %143 = "llvm.icmp"(%arg6, %47) <{predicate = 0 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%143)[^bb18, ^bb17] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb17:  // pred: ^bb16
    "llvm.call"(%arg4, %62, %arg5) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}, {llvm.noundef}, {llvm.noundef}], callee = @apply_global_transform, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 3, 0>}> : (!llvm.ptr, i32, !llvm.ptr) -> ()
    "llvm.br"()[^bb18] : () -> ()
  ^bb18:  // 2 preds: ^bb16, ^bb17
    "llvm.call"(%66) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @free, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (!llvm.ptr) -> ()
    "llvm.call"(%67) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @free, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (!llvm.ptr) -> ()
    "llvm.call"(%68) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @free, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (!llvm.ptr) -> ()
    "llvm.return"() : () -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], function_type = !llvm.func<ptr (i64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["mustprogress", "nofree", ["allockind", "9"], ["allocsize", "4294967295"], ["alloc-family", "malloc"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], res_attrs = [{llvm.noalias, llvm.noundef}], sym_name = "malloc", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64, will_return}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.allocptr, llvm.nocapture, llvm.noundef}], function_type = !llvm.func<void (ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["mustprogress", ["allockind", "4"], ["alloc-family", "malloc"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "free", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64, will_return}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.writeonly}], dso_local, function_type = !llvm.func<void (ptr, ptr, ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = readwrite, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = readwrite, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_inline, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = [["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "hand_objective", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr):
    %0 = "llvm.mlir.constant"() <{value = 4 : i64}> : () -> i64
    %1 = "llvm.mlir.constant"() <{value = 3 : i32}> : () -> i32
    %2 = "llvm.mlir.constant"() <{value = 3 : i64}> : () -> i64
    %3 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %4 = "llvm.mlir.constant"() <{value = 56 : i64}> : () -> i64
    %5 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %6 = "llvm.mlir.constant"() <{value = 72 : i64}> : () -> i64
    %7 = "llvm.mlir.constant"() <{value = 64 : i64}> : () -> i64
    %8 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %9 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %10 = "llvm.getelementptr"(%arg1, %0) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %11 = "llvm.load"(%10) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag10]}> : (!llvm.ptr) -> i32
    %12 = "llvm.mul"(%11, %1) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
    %13 = "llvm.sext"(%12) : (i32) -> i64
    %14 = "llvm.shl"(%13, %2) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %15 = "llvm.call"(%14) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @malloc, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, res_attrs = [{llvm.noalias}]}> : (i64) -> !llvm.ptr
    "llvm.call"(%arg1, %arg0, %15, %3) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}, {llvm.noundef}, {llvm.noundef}, {llvm.noundef}], callee = @get_skinned_vertex_positions, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = readwrite, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = readwrite, targetMem0 = none, targetMem1 = none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 4, 0>}> : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32) -> ()
    %16 = "llvm.getelementptr"(%arg1, %4) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %17 = "llvm.load"(%16) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag11]}> : (!llvm.ptr) -> i32
    %18 = "llvm.icmp"(%17, %5) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%18)[^bb1, ^bb3] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb1:  // pred: ^bb0
    %19 = "llvm.getelementptr"(%arg1, %6) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %20 = "llvm.load"(%19) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag12]}> : (!llvm.ptr) -> !llvm.ptr
    %21 = "llvm.getelementptr"(%arg1, %7) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %22 = "llvm.load"(%21) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag13]}> : (!llvm.ptr) -> !llvm.ptr
    %23 = "llvm.zext"(%17) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%8)[^bb2] : (i64) -> ()
  ^bb2(%24: i64):  // 2 preds: ^bb1, ^bb4
    %25 = "llvm.mul"(%24, %2) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %26 = "llvm.getelementptr"(%22, %24) <{elem_type = i32, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %27 = "llvm.load"(%26) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    %28 = "llvm.mul"(%27, %1) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
    %29 = "llvm.sext"(%28) : (i32) -> i64
    %30 = "llvm.getelementptr"(%15, %29) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%8)[^bb5] : (i64) -> ()
  ^bb3:  // 2 preds: ^bb0, ^bb4
    "llvm.call"(%15) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @free, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (!llvm.ptr) -> ()
    "llvm.return"() : () -> ()
  ^bb4:  // pred: ^bb5
    %31 = "llvm.add"(%24, %9) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %32 = "llvm.icmp"(%31, %23) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%32, %31)[^bb3, ^bb2] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb5(%33: i64):  // 2 preds: ^bb2, ^bb5
    %34 = "llvm.add"(%33, %25) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %35 = "llvm.getelementptr"(%20, %34) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %36 = "llvm.load"(%35) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %37 = "llvm.getelementptr"(%30, %33) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %38 = "llvm.load"(%37) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %39 = "llvm.fsub"(%36, %38) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %40 = "llvm.getelementptr"(%arg2, %34) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%39, %40) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %41 = "llvm.add"(%33, %9) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %42 = "llvm.icmp"(%41, %2) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%42, %41)[^bb4, ^bb5] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  }) : () -> ()
}) {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, llvm.ident = "Debian clang version 22.1.8 (1~deb12u1)", llvm.module_asm = [], llvm.target_triple = "x86_64-pc-linux-gnu"} : () -> ()

