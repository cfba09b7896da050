#loop_annotation = #llvm.loop_annotation<mustProgress = true>
#loop_unroll = #llvm.loop_unroll<disable = true>
#tbaa_root = #llvm.tbaa_root<id = "Simple C/C++ TBAA">
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
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (ptr, f64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", "nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "mat", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64, will_return}> ({
  ^bb0(%arg17: !llvm.ptr, %arg18: f64):
    %272 = "llvm.mlir.constant"() <{value = 8 : i64}> : () -> i64
    %273 = "llvm.mlir.constant"() <{value = 2.000000e+00 : f64}> : () -> f64
    %274 = "llvm.mlir.constant"() <{value = 16 : i64}> : () -> i64
    %275 = "llvm.mlir.constant"() <{value = 3.000000e+00 : f64}> : () -> f64
    %276 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %277 = "llvm.load"(%arg17) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %278 = "llvm.fmul"(%arg18, %277) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %279 = "llvm.getelementptr"(%arg17, %272) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %280 = "llvm.load"(%279) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %281 = "llvm.fmul"(%280, %273) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %282 = "llvm.fmul"(%arg18, %281) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %283 = "llvm.getelementptr"(%arg17, %274) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %284 = "llvm.load"(%283) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %285 = "llvm.fmul"(%284, %275) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %286 = "llvm.fmul"(%arg18, %285) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %287 = "llvm.fadd"(%278, %276) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %288 = "llvm.fadd"(%287, %282) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %289 = "llvm.fadd"(%288, %286) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    "llvm.return"(%289) : (f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}], dso_local, function_type = !llvm.func<f64 (ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "vnorm", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg16: !llvm.ptr):
    %250 = "llvm.mlir.constant"() <{value = 24 : i64}> : () -> i64
    %251 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %252 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %253 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %254 = "llvm.mlir.constant"() <{value = 8 : i64}> : () -> i64
    %255 = "llvm.mlir.constant"() <{value = 2 : i32}> : () -> i32
    %256 = "llvm.mlir.constant"() <{value = 16 : i64}> : () -> i64
    %257 = "llvm.getelementptr"(%arg16, %250) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %258 = "llvm.load"(%257) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag4]}> : (!llvm.ptr) -> i32
    %259 = "llvm.icmp"(%258, %251) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%259, %252)[^bb2, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb1(%260: f64):  // 4 preds: ^bb0, ^bb2, ^bb3, ^bb4
    %261 = "llvm.call"(%260) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @sqrt, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, tbaa = [#tbaa_tag1]}> : (f64) -> f64
    "llvm.return"(%261) : (f64) -> ()
  ^bb2:  // pred: ^bb0
    %262 = "llvm.load"(%arg16) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %263 = "llvm.intr.fmuladd"(%262, %262, %252) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %264 = "llvm.icmp"(%258, %253) <{predicate = 0 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%264, %263)[^bb1, ^bb3] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, f64) -> ()
  ^bb3:  // pred: ^bb2
    %265 = "llvm.getelementptr"(%arg16, %254) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %266 = "llvm.load"(%265) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %267 = "llvm.intr.fmuladd"(%266, %266, %263) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %268 = "llvm.icmp"(%258, %255) <{predicate = 0 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%268, %267)[^bb1, ^bb4] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, f64) -> ()
  ^bb4:  // pred: ^bb3
    %269 = "llvm.getelementptr"(%arg16, %256) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %270 = "llvm.load"(%269) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %271 = "llvm.intr.fmuladd"(%270, %270, %267) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    "llvm.br"(%271)[^bb1] : (f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], function_type = !llvm.func<f64 (f64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", "nocallback", "nofree", ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "sqrt", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64, will_return}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], dso_local, function_type = !llvm.func<f64 (f64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", "nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], res_attrs = [{llvm.noundef}], sym_name = "glob", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64, will_return}> ({
  ^bb0(%arg15: f64):
    %246 = "llvm.mlir.constant"() <{value = 2.000000e+00 : f64}> : () -> f64
    %247 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %248 = "llvm.fmul"(%arg15, %246) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %249 = "llvm.fadd"(%248, %247) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    "llvm.return"(%249) : (f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.noundef}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (ptr, i32, f64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "loopbreak", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg12: !llvm.ptr, %arg13: i32, %arg14: f64):
    %224 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %225 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %226 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %227 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %228 = "llvm.mlir.constant"() <{value = true}> : () -> i1
    %229 = "llvm.icmp"(%arg13, %224) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %230 = "llvm.fcmp"(%arg14, %225) <{fastmathFlags = #llvm.fastmath<none>, predicate = 4 : i64}> : (f64, f64) -> i1
    %231 = "llvm.or"(%229, %230) : (i1, i1) -> i1
    "llvm.cond_br"(%231, %225, %230)[^bb3, ^bb1] <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (i1, f64, i1) -> ()
  ^bb1:  // pred: ^bb0
    %232 = "llvm.zext"(%arg13) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%226, %225)[^bb2] : (i64, f64) -> ()
  ^bb2(%233: i64, %234: f64):  // 2 preds: ^bb1, ^bb2
    %235 = "llvm.getelementptr"(%arg12, %233) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %236 = "llvm.load"(%235) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %237 = "llvm.intr.fabs"(%236) <{fastmathFlags = #llvm.fastmath<none>}> : (f64) -> f64
    %238 = "llvm.fadd"(%234, %237) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %239 = "llvm.add"(%233, %227) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %240 = "llvm.icmp"(%239, %232) <{predicate = 9 : i64}> : (i64, i64) -> i1
    %241 = "llvm.fcmp"(%238, %arg14) <{fastmathFlags = #llvm.fastmath<none>, predicate = 2 : i64}> : (f64, f64) -> i1
    %242 = "llvm.select"(%240, %228, %241) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i1, i1) -> i1
    "llvm.cond_br"(%242, %238, %241, %239, %238)[^bb3, ^bb2] <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (i1, f64, i1, i64, f64) -> ()
  ^bb3(%243: f64, %244: i1):  // 2 preds: ^bb0, ^bb2
    %245 = "llvm.select"(%244, %arg14, %243) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, f64, f64) -> f64
    "llvm.return"(%245) : (f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (ptr, i32)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "rec", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg10: !llvm.ptr, %arg11: i32):
    %212 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %213 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %214 = "llvm.mlir.constant"() <{value = -1 : i32}> : () -> i32
    %215 = "llvm.mlir.constant"() <{value = 5.000000e-01 : f64}> : () -> f64
    %216 = "llvm.icmp"(%arg11, %212) <{predicate = 2 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%216, %213)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, f64) -> ()
  ^bb1(%217: f64):  // 2 preds: ^bb0, ^bb2
    "llvm.return"(%217) : (f64) -> ()
  ^bb2:  // pred: ^bb0
    %218 = "llvm.add"(%arg11, %214) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
    %219 = "llvm.zext"(%218) <{nonNeg}> : (i32) -> i64
    %220 = "llvm.getelementptr"(%arg10, %219) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %221 = "llvm.load"(%220) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %222 = "llvm.call"(%arg10, %218) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}, {llvm.noundef}], callee = @rec, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 2, 0>}> : (!llvm.ptr, i32) -> f64
    %223 = "llvm.intr.fmuladd"(%222, %215, %221) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    "llvm.br"(%223)[^bb1] : (f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (ptr, ptr, i32)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "mm", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg7: !llvm.ptr, %arg8: !llvm.ptr, %arg9: i32):
    %173 = "llvm.mlir.constant"() <{value = 3 : i64}> : () -> i64
    %174 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %175 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %176 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %177 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %178 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %179 = "llvm.mlir.constant"() <{value = 2147483646 : i64}> : () -> i64
    %180 = "llvm.mlir.constant"() <{value = 8 : i64}> : () -> i64
    %181 = "llvm.mlir.constant"() <{value = 2 : i64}> : () -> i64
    %182 = "llvm.sext"(%arg9) : (i32) -> i64
    %183 = "llvm.shl"(%182, %173) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    "llvm.intr.memmove"(%arg7, %arg8, %183) <{arg_attrs = [{llvm.align = 8 : i64}, {llvm.align = 8 : i64}, {}], isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %184 = "llvm.icmp"(%arg9, %174) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%184, %175)[^bb1, ^bb6] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb1:  // pred: ^bb0
    %185 = "llvm.zext"(%arg9) <{nonNeg}> : (i32) -> i64
    %186 = "llvm.and"(%185, %176) : (i64, i64) -> i64
    %187 = "llvm.icmp"(%arg9, %177) <{predicate = 0 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%187, %178, %175)[^bb4, ^bb2] <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (i1, i64, f64) -> ()
  ^bb2:  // pred: ^bb1
    %188 = "llvm.and"(%185, %179) : (i64, i64) -> i64
    "llvm.br"(%178, %175, %178)[^bb7] : (i64, f64, i64) -> ()
  ^bb3:  // pred: ^bb7
    %189 = "llvm.icmp"(%186, %178) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%189, %208, %209, %208)[^bb5, ^bb4] <{operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  ^bb4(%190: i64, %191: f64):  // 2 preds: ^bb1, ^bb3
    %192 = "llvm.icmp"(%186, %178) <{predicate = 1 : i64}> : (i64, i64) -> i1
    "llvm.intr.assume"(%192) <{op_bundle_sizes = array<i32>}> : (i1) -> ()
    %193 = "llvm.getelementptr"(%arg7, %190) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %194 = "llvm.load"(%193) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %195 = "llvm.intr.maxnum"(%191, %194) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    "llvm.br"(%195)[^bb5] : (f64) -> ()
  ^bb5(%196: f64):  // 2 preds: ^bb3, ^bb4
    %197 = "llvm.fmul"(%196, %196) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    "llvm.br"(%197)[^bb6] : (f64) -> ()
  ^bb6(%198: f64):  // 2 preds: ^bb0, ^bb5
    "llvm.return"(%198) : (f64) -> ()
  ^bb7(%199: i64, %200: f64, %201: i64):  // 2 preds: ^bb2, ^bb7
    %202 = "llvm.getelementptr"(%arg7, %199) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %203 = "llvm.load"(%202) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %204 = "llvm.intr.maxnum"(%200, %203) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %205 = "llvm.getelementptr"(%arg7, %199) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %206 = "llvm.getelementptr"(%205, %180) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %207 = "llvm.load"(%206) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %208 = "llvm.intr.maxnum"(%204, %207) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %209 = "llvm.add"(%199, %181) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %210 = "llvm.add"(%201, %181) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %211 = "llvm.icmp"(%210, %188) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%211, %209, %208, %210)[^bb3, ^bb7] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 3>}> : (i1, i64, f64, i64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.noundef}], dso_local, function_type = !llvm.func<f32 (ptr, i32)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "flt", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg5: !llvm.ptr, %arg6: i32):
    %123 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %124 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %125 = "llvm.mlir.constant"() <{value = 3 : i64}> : () -> i64
    %126 = "llvm.mlir.constant"() <{value = 4 : i32}> : () -> i32
    %127 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %128 = "llvm.mlir.constant"() <{value = 2147483644 : i64}> : () -> i64
    %129 = "llvm.mlir.constant"() <{value = 4 : i64}> : () -> i64
    %130 = "llvm.mlir.constant"() <{value = 8 : i64}> : () -> i64
    %131 = "llvm.mlir.constant"() <{value = 12 : i64}> : () -> i64
    %132 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %133 = "llvm.icmp"(%arg6, %123) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%133, %124)[^bb1, ^bb6] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f32) -> ()
  ^bb1:  // pred: ^bb0
    %134 = "llvm.zext"(%arg6) <{nonNeg}> : (i32) -> i64
    %135 = "llvm.and"(%134, %125) : (i64, i64) -> i64
    %136 = "llvm.icmp"(%arg6, %126) <{predicate = 6 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%136, %127, %124)[^bb4, ^bb2] <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (i1, i64, f32) -> ()
  ^bb2:  // pred: ^bb1
    %137 = "llvm.and"(%134, %128) : (i64, i64) -> i64
    "llvm.br"(%127, %124, %127)[^bb7] : (i64, f32, i64) -> ()
  ^bb3:  // pred: ^bb7
    %138 = "llvm.icmp"(%135, %127) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%138, %169, %170, %169)[^bb6, ^bb4] <{operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f32, i64, f32) -> ()
  ^bb4(%139: i64, %140: f32):  // 2 preds: ^bb1, ^bb3
    %141 = "llvm.icmp"(%135, %127) <{predicate = 1 : i64}> : (i64, i64) -> i1
    "llvm.intr.assume"(%141) <{op_bundle_sizes = array<i32>}> : (i1) -> ()
    "llvm.br"(%139, %140, %127)[^bb5] : (i64, f32, i64) -> ()
  ^bb5(%142: i64, %143: f32, %144: i64):  // 2 preds: ^bb4, ^bb5
    %145 = "llvm.getelementptr"(%arg5, %142) <{elem_type = f32, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %146 = "llvm.load"(%145) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag2]}> : (!llvm.ptr) -> f32
    %147 = "llvm.intr.fmuladd"(%146, %146, %143) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, f32, f32) -> f32
    %148 = "llvm.add"(%142, %132) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %149 = "llvm.add"(%144, %132) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %150 = "llvm.icmp"(%149, %135) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%150, %147, %148, %147, %149)[^bb6, ^bb5] <{loop_annotation = #loop_annotation1, operandSegmentSizes = array<i32: 1, 1, 3>}> : (i1, f32, i64, f32, i64) -> ()
  ^bb6(%151: f32):  // 3 preds: ^bb0, ^bb3, ^bb5
    "llvm.return"(%151) : (f32) -> ()
  ^bb7(%152: i64, %153: f32, %154: i64):  // 2 preds: ^bb2, ^bb7
    %155 = "llvm.getelementptr"(%arg5, %152) <{elem_type = f32, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %156 = "llvm.load"(%155) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag2]}> : (!llvm.ptr) -> f32
    %157 = "llvm.intr.fmuladd"(%156, %156, %153) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, f32, f32) -> f32
    %158 = "llvm.getelementptr"(%arg5, %152) <{elem_type = f32, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %159 = "llvm.getelementptr"(%158, %129) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %160 = "llvm.load"(%159) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag2]}> : (!llvm.ptr) -> f32
    %161 = "llvm.intr.fmuladd"(%160, %160, %157) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, f32, f32) -> f32
    %162 = "llvm.getelementptr"(%arg5, %152) <{elem_type = f32, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %163 = "llvm.getelementptr"(%162, %130) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %164 = "llvm.load"(%163) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag2]}> : (!llvm.ptr) -> f32
    %165 = "llvm.intr.fmuladd"(%164, %164, %161) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, f32, f32) -> f32
    %166 = "llvm.getelementptr"(%arg5, %152) <{elem_type = f32, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %167 = "llvm.getelementptr"(%166, %131) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %168 = "llvm.load"(%167) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag2]}> : (!llvm.ptr) -> f32
    %169 = "llvm.intr.fmuladd"(%168, %168, %165) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, f32, f32) -> f32
    %170 = "llvm.add"(%152, %129) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %171 = "llvm.add"(%154, %129) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %172 = "llvm.icmp"(%171, %137) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%172, %170, %169, %171)[^bb3, ^bb7] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 3>}> : (i1, i64, f32, i64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.noundef}], dso_local, function_type = !llvm.func<i64 (ptr, i32)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "ints", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg3: !llvm.ptr, %arg4: i32):
    %71 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %72 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %73 = "llvm.mlir.constant"() <{value = 3 : i64}> : () -> i64
    %74 = "llvm.mlir.constant"() <{value = 4 : i32}> : () -> i32
    %75 = "llvm.mlir.constant"() <{value = 2147483644 : i64}> : () -> i64
    %76 = "llvm.mlir.constant"() <{value = 8 : i64}> : () -> i64
    %77 = "llvm.mlir.constant"() <{value = 16 : i64}> : () -> i64
    %78 = "llvm.mlir.constant"() <{value = 24 : i64}> : () -> i64
    %79 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %80 = "llvm.mlir.constant"() <{value = 4 : i64}> : () -> i64
    %81 = "llvm.icmp"(%arg4, %71) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%81, %72)[^bb1, ^bb6] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb1:  // pred: ^bb0
    %82 = "llvm.zext"(%arg4) <{nonNeg}> : (i32) -> i64
    %83 = "llvm.and"(%82, %73) : (i64, i64) -> i64
    %84 = "llvm.icmp"(%arg4, %74) <{predicate = 6 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%84, %72, %72)[^bb4, ^bb2] <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (i1, i64, i64) -> ()
  ^bb2:  // pred: ^bb1
    %85 = "llvm.and"(%82, %75) : (i64, i64) -> i64
    "llvm.br"(%72, %72, %72)[^bb7] : (i64, i64, i64) -> ()
  ^bb3:  // pred: ^bb7
    %86 = "llvm.icmp"(%83, %72) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%86, %119, %120, %119)[^bb6, ^bb4] <{operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, i64, i64, i64) -> ()
  ^bb4(%87: i64, %88: i64):  // 2 preds: ^bb1, ^bb3
    %89 = "llvm.icmp"(%83, %72) <{predicate = 1 : i64}> : (i64, i64) -> i1
    "llvm.intr.assume"(%89) <{op_bundle_sizes = array<i32>}> : (i1) -> ()
    "llvm.br"(%87, %88, %72)[^bb5] : (i64, i64, i64) -> ()
  ^bb5(%90: i64, %91: i64, %92: i64):  // 2 preds: ^bb4, ^bb5
    %93 = "llvm.getelementptr"(%arg3, %90) <{elem_type = i64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %94 = "llvm.load"(%93) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag3]}> : (!llvm.ptr) -> i64
    %95 = "llvm.shl"(%94, %79) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %96 = "llvm.add"(%95, %91) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %97 = "llvm.add"(%90, %79) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %98 = "llvm.add"(%92, %79) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %99 = "llvm.icmp"(%98, %83) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%99, %96, %97, %96, %98)[^bb6, ^bb5] <{loop_annotation = #loop_annotation1, operandSegmentSizes = array<i32: 1, 1, 3>}> : (i1, i64, i64, i64, i64) -> ()
  ^bb6(%100: i64):  // 3 preds: ^bb0, ^bb3, ^bb5
    "llvm.return"(%100) : (i64) -> ()
  ^bb7(%101: i64, %102: i64, %103: i64):  // 2 preds: ^bb2, ^bb7
    %104 = "llvm.getelementptr"(%arg3, %101) <{elem_type = i64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %105 = "llvm.load"(%104) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag3]}> : (!llvm.ptr) -> i64
    %106 = "llvm.getelementptr"(%arg3, %101) <{elem_type = i64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %107 = "llvm.getelementptr"(%106, %76) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %108 = "llvm.load"(%107) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag3]}> : (!llvm.ptr) -> i64
    %109 = "llvm.add"(%105, %108) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %110 = "llvm.getelementptr"(%arg3, %101) <{elem_type = i64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %111 = "llvm.getelementptr"(%110, %77) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %112 = "llvm.load"(%111) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag3]}> : (!llvm.ptr) -> i64
    %113 = "llvm.add"(%109, %112) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %114 = "llvm.getelementptr"(%arg3, %101) <{elem_type = i64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %115 = "llvm.getelementptr"(%114, %78) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %116 = "llvm.load"(%115) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag3]}> : (!llvm.ptr) -> i64
    %117 = "llvm.add"(%113, %116) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %118 = "llvm.shl"(%117, %79) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %119 = "llvm.add"(%118, %102) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %120 = "llvm.add"(%101, %80) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %121 = "llvm.add"(%103, %80) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %122 = "llvm.icmp"(%121, %85) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%122, %120, %119, %121)[^bb3, ^bb7] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 3>}> : (i1, i64, i64, i64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (ptr, ptr, i32)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "mixed", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i32):
    %0 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %2 = "llvm.mlir.constant"() <{value = 3 : i64}> : () -> i64
    %3 = "llvm.mlir.constant"() <{value = 4 : i32}> : () -> i32
    %4 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %5 = "llvm.mlir.constant"() <{value = 2147483644 : i64}> : () -> i64
    %6 = "llvm.mlir.constant"() <{value = 3 : i32}> : () -> i32
    %7 = "llvm.mlir.constant"() <{value = 4 : i64}> : () -> i64
    %8 = "llvm.mlir.constant"() <{value = 8 : i64}> : () -> i64
    %9 = "llvm.mlir.constant"() <{value = 12 : i64}> : () -> i64
    %10 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %11 = "llvm.icmp"(%arg2, %0) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%11, %1)[^bb1, ^bb6] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb1:  // pred: ^bb0
    %12 = "llvm.zext"(%arg2) <{nonNeg}> : (i32) -> i64
    %13 = "llvm.and"(%12, %2) : (i64, i64) -> i64
    %14 = "llvm.icmp"(%arg2, %3) <{predicate = 6 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%14, %4, %1)[^bb4, ^bb2] <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (i1, i64, f64) -> ()
  ^bb2:  // pred: ^bb1
    %15 = "llvm.and"(%12, %5) : (i64, i64) -> i64
    "llvm.br"(%4, %1, %4)[^bb7] : (i64, f64, i64) -> ()
  ^bb3:  // pred: ^bb7
    %16 = "llvm.icmp"(%13, %4) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%16, %67, %68, %67)[^bb6, ^bb4] <{operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  ^bb4(%17: i64, %18: f64):  // 2 preds: ^bb1, ^bb3
    %19 = "llvm.icmp"(%13, %4) <{predicate = 1 : i64}> : (i64, i64) -> i1
    "llvm.intr.assume"(%19) <{op_bundle_sizes = array<i32>}> : (i1) -> ()
    "llvm.br"(%17, %18, %4)[^bb5] : (i64, f64, i64) -> ()
  ^bb5(%20: i64, %21: f64, %22: i64):  // 2 preds: ^bb4, ^bb5
    %23 = "llvm.getelementptr"(%arg0, %20) <{elem_type = i32, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %24 = "llvm.load"(%23) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    %25 = "llvm.and"(%24, %6) : (i32, i32) -> i32
    %26 = "llvm.zext"(%25) <{nonNeg}> : (i32) -> i64
    %27 = "llvm.getelementptr"(%arg1, %26) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %28 = "llvm.load"(%27) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %29 = "llvm.fadd"(%21, %28) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %30 = "llvm.add"(%20, %10) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %31 = "llvm.add"(%22, %10) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %32 = "llvm.icmp"(%31, %13) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%32, %29, %30, %29, %31)[^bb6, ^bb5] <{loop_annotation = #loop_annotation1, operandSegmentSizes = array<i32: 1, 1, 3>}> : (i1, f64, i64, f64, i64) -> ()
  ^bb6(%33: f64):  // 3 preds: ^bb0, ^bb3, ^bb5
    "llvm.return"(%33) : (f64) -> ()
  ^bb7(%34: i64, %35: f64, %36: i64):  // 2 preds: ^bb2, ^bb7
    %37 = "llvm.getelementptr"(%arg0, %34) <{elem_type = i32, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %38 = "llvm.load"(%37) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    %39 = "llvm.and"(%38, %6) : (i32, i32) -> i32
    %40 = "llvm.zext"(%39) <{nonNeg}> : (i32) -> i64
    %41 = "llvm.getelementptr"(%arg1, %40) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %42 = "llvm.load"(%41) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %43 = "llvm.fadd"(%35, %42) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %44 = "llvm.getelementptr"(%arg0, %34) <{elem_type = i32, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %45 = "llvm.getelementptr"(%44, %7) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %46 = "llvm.load"(%45) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    %47 = "llvm.and"(%46, %6) : (i32, i32) -> i32
    %48 = "llvm.zext"(%47) <{nonNeg}> : (i32) -> i64
    %49 = "llvm.getelementptr"(%arg1, %48) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %50 = "llvm.load"(%49) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %51 = "llvm.fadd"(%43, %50) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %52 = "llvm.getelementptr"(%arg0, %34) <{elem_type = i32, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %53 = "llvm.getelementptr"(%52, %8) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %54 = "llvm.load"(%53) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    %55 = "llvm.and"(%54, %6) : (i32, i32) -> i32
    %56 = "llvm.zext"(%55) <{nonNeg}> : (i32) -> i64
    %57 = "llvm.getelementptr"(%arg1, %56) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %58 = "llvm.load"(%57) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %59 = "llvm.fadd"(%51, %58) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %60 = "llvm.getelementptr"(%arg0, %34) <{elem_type = i32, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %61 = "llvm.getelementptr"(%60, %9) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %62 = "llvm.load"(%61) <{alignment = 4 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag1]}> : (!llvm.ptr) -> i32
    %63 = "llvm.and"(%62, %6) : (i32, i32) -> i32
    %64 = "llvm.zext"(%63) <{nonNeg}> : (i32) -> i64
    %65 = "llvm.getelementptr"(%arg1, %64) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %66 = "llvm.load"(%65) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %67 = "llvm.fadd"(%59, %66) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %68 = "llvm.add"(%34, %7) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %69 = "llvm.add"(%36, %7) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %70 = "llvm.icmp"(%69, %15) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%70, %68, %67, %69)[^bb3, ^bb7] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 3>}> : (i1, i64, f64, i64) -> ()
  }) : () -> ()
}) {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, llvm.ident = "Debian clang version 22.1.8 (1~deb12u1)", llvm.module_asm = [], llvm.target_triple = "x86_64-pc-linux-gnu"} : () -> ()

