#loop_annotation = #llvm.loop_annotation<mustProgress = true>
#loop_unroll = #llvm.loop_unroll<disable = true>
#tbaa_root = #llvm.tbaa_root<id = "Simple C/C++ TBAA">
#loop_annotation1 = #llvm.loop_annotation<unroll = #loop_unroll>
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
    %236 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %237 = "llvm.mlir.constant"() <{value = 8 : i64}> : () -> i64
    %238 = "llvm.icmp"(%arg17, %arg18) <{predicate = 0 : i64}> : (!llvm.ptr, !llvm.ptr) -> i1
    "llvm.cond_br"(%238, %236, %arg17, %236)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, !llvm.ptr, f64) -> ()
  ^bb1(%239: f64):  // 2 preds: ^bb0, ^bb2
    "llvm.return"(%239) : (f64) -> ()
  ^bb2(%240: !llvm.ptr, %241: f64):  // 2 preds: ^bb0, ^bb2
    %242 = "llvm.load"(%240) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %243 = "llvm.intr.fmuladd"(%242, %242, %241) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %244 = "llvm.getelementptr"(%240, %237) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %245 = "llvm.icmp"(%244, %arg18) <{predicate = 0 : i64}> : (!llvm.ptr, !llvm.ptr) -> i1
    "llvm.cond_br"(%245, %243, %244, %243)[^bb1, ^bb2] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, !llvm.ptr, f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef, llvm.readonly}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (ptr, i32)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "psum_n", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg15: !llvm.ptr, %arg16: i32):
    %170 = "llvm.mlir.constant"() <{value = 3 : i64}> : () -> i64
    %171 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %172 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %173 = "llvm.mlir.constant"() <{value = -8 : i64}> : () -> i64
    %174 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %175 = "llvm.mlir.constant"() <{value = 7 : i64}> : () -> i64
    %176 = "llvm.mlir.constant"() <{value = 56 : i64}> : () -> i64
    %177 = "llvm.mlir.poison"() : () -> f64
    %178 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %179 = "llvm.mlir.constant"() <{value = 8 : i64}> : () -> i64
    %180 = "llvm.mlir.constant"() <{value = 16 : i64}> : () -> i64
    %181 = "llvm.mlir.constant"() <{value = 24 : i64}> : () -> i64
    %182 = "llvm.mlir.constant"() <{value = 32 : i64}> : () -> i64
    %183 = "llvm.mlir.constant"() <{value = 40 : i64}> : () -> i64
    %184 = "llvm.mlir.constant"() <{value = 48 : i64}> : () -> i64
    %185 = "llvm.mlir.constant"() <{value = 64 : i64}> : () -> i64
    %186 = "llvm.sext"(%arg16) : (i32) -> i64
    %187 = "llvm.shl"(%186, %170) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %188 = "llvm.getelementptr"(%arg15, %187) <{elem_type = i8, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %189 = "llvm.icmp"(%arg16, %171) <{predicate = 0 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%189, %172)[^bb5, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, f64) -> ()
  ^bb1:  // pred: ^bb0
    %190 = "llvm.add"(%187, %173) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %191 = "llvm.lshr"(%190, %170) <{isExact}> : (i64, i64) -> i64
    %192 = "llvm.add"(%191, %174) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %193 = "llvm.and"(%192, %175) : (i64, i64) -> i64
    %194 = "llvm.and"(%190, %176) : (i64, i64) -> i64
    %195 = "llvm.icmp"(%194, %176) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%195, %177, %arg15, %172, %arg15, %172, %178)[^bb3, ^bb2] <{operandSegmentSizes = array<i32: 1, 3, 3>}> : (i1, f64, !llvm.ptr, f64, !llvm.ptr, f64, i64) -> ()
  ^bb2(%196: !llvm.ptr, %197: f64, %198: i64):  // 2 preds: ^bb1, ^bb2
    %199 = "llvm.load"(%196) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %200 = "llvm.intr.fmuladd"(%199, %199, %197) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %201 = "llvm.getelementptr"(%196, %179) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %202 = "llvm.add"(%198, %174) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %203 = "llvm.icmp"(%202, %193) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%203, %200, %201, %200, %201, %200, %202)[^bb3, ^bb2] <{loop_annotation = #loop_annotation1, operandSegmentSizes = array<i32: 1, 3, 3>}> : (i1, f64, !llvm.ptr, f64, !llvm.ptr, f64, i64) -> ()
  ^bb3(%204: f64, %205: !llvm.ptr, %206: f64):  // 2 preds: ^bb1, ^bb2
    %207 = "llvm.icmp"(%190, %176) <{predicate = 6 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%207, %204, %205, %206)[^bb5, ^bb4] <{operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, !llvm.ptr, f64) -> ()
  ^bb4(%208: !llvm.ptr, %209: f64):  // 2 preds: ^bb3, ^bb4
    %210 = "llvm.load"(%208) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %211 = "llvm.intr.fmuladd"(%210, %210, %209) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %212 = "llvm.getelementptr"(%208, %179) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %213 = "llvm.load"(%212) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %214 = "llvm.intr.fmuladd"(%213, %213, %211) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %215 = "llvm.getelementptr"(%208, %180) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %216 = "llvm.load"(%215) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %217 = "llvm.intr.fmuladd"(%216, %216, %214) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %218 = "llvm.getelementptr"(%208, %181) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %219 = "llvm.load"(%218) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %220 = "llvm.intr.fmuladd"(%219, %219, %217) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %221 = "llvm.getelementptr"(%208, %182) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %222 = "llvm.load"(%221) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %223 = "llvm.intr.fmuladd"(%222, %222, %220) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %224 = "llvm.getelementptr"(%208, %183) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %225 = "llvm.load"(%224) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %226 = "llvm.intr.fmuladd"(%225, %225, %223) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %227 = "llvm.getelementptr"(%208, %184) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %228 = "llvm.load"(%227) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %229 = "llvm.intr.fmuladd"(%228, %228, %226) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %230 = "llvm.getelementptr"(%208, %176) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %231 = "llvm.load"(%230) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %232 = "llvm.intr.fmuladd"(%231, %231, %229) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %233 = "llvm.getelementptr"(%208, %185) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %234 = "llvm.icmp"(%233, %188) <{predicate = 0 : i64}> : (!llvm.ptr, !llvm.ptr) -> i1
    "llvm.cond_br"(%234, %232, %233, %232)[^bb5, ^bb4] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, !llvm.ptr, f64) -> ()
  ^bb5(%235: f64):  // 3 preds: ^bb0, ^bb3, ^bb4
    "llvm.return"(%235) : (f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef, llvm.readonly}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (ptr, i32)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "prange", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg13: !llvm.ptr, %arg14: i32):
    %153 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %154 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %155 = "llvm.mlir.constant"() <{value = 3 : i64}> : () -> i64
    %156 = "llvm.mlir.constant"() <{value = -8 : i64}> : () -> i64
    %157 = "llvm.mlir.constant"() <{value = 5.000000e-01 : f64}> : () -> f64
    %158 = "llvm.icmp"(%arg14, %153) <{predicate = 2 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%158, %154)[^bb2, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, f64) -> ()
  ^bb1:  // pred: ^bb0
    %159 = "llvm.zext"(%arg14) <{nonNeg}> : (i32) -> i64
    %160 = "llvm.shl"(%159, %155) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %161 = "llvm.getelementptr"(%arg13, %160) <{elem_type = i8, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %162 = "llvm.getelementptr"(%161, %156) <{elem_type = i8, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%162, %154)[^bb3] : (!llvm.ptr, f64) -> ()
  ^bb2(%163: f64):  // 2 preds: ^bb0, ^bb3
    "llvm.return"(%163) : (f64) -> ()
  ^bb3(%164: !llvm.ptr, %165: f64):  // 2 preds: ^bb1, ^bb3
    %166 = "llvm.load"(%164) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %167 = "llvm.intr.fmuladd"(%165, %157, %166) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %168 = "llvm.getelementptr"(%164, %156) <{elem_type = i8, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %169 = "llvm.icmp"(%168, %arg13) <{predicate = 6 : i64}> : (!llvm.ptr, !llvm.ptr) -> i1
    "llvm.cond_br"(%169, %167, %168, %167)[^bb2, ^bb3] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, !llvm.ptr, f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.noundef}, {llvm.noundef}], dso_local, function_type = !llvm.func<void (ptr, ptr, f64, i32)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "axpy", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg9: !llvm.ptr, %arg10: !llvm.ptr, %arg11: f64, %arg12: i32):
    %118 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %119 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %120 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %121 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %122 = "llvm.mlir.constant"() <{value = 2147483646 : i64}> : () -> i64
    %123 = "llvm.mlir.constant"() <{value = 2 : i64}> : () -> i64
    %124 = "llvm.icmp"(%arg12, %118) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%124)[^bb1, ^bb5] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb1:  // pred: ^bb0
    %125 = "llvm.zext"(%arg12) <{nonNeg}> : (i32) -> i64
    %126 = "llvm.and"(%125, %119) : (i64, i64) -> i64
    %127 = "llvm.icmp"(%arg12, %120) <{predicate = 0 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%127, %121)[^bb4, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i64) -> ()
  ^bb2:  // pred: ^bb1
    %128 = "llvm.and"(%125, %122) : (i64, i64) -> i64
    "llvm.br"(%121, %121)[^bb6] : (i64, i64) -> ()
  ^bb3:  // pred: ^bb6
    %129 = "llvm.icmp"(%126, %121) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%129, %150)[^bb5, ^bb4] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb4(%130: i64):  // 2 preds: ^bb1, ^bb3
    %131 = "llvm.icmp"(%126, %121) <{predicate = 1 : i64}> : (i64, i64) -> i1
    "llvm.intr.assume"(%131) <{op_bundle_sizes = array<i32>}> : (i1) -> ()
    %132 = "llvm.getelementptr"(%arg10, %130) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %133 = "llvm.load"(%132) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %134 = "llvm.getelementptr"(%arg9, %130) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %135 = "llvm.load"(%134) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %136 = "llvm.intr.fmuladd"(%arg11, %133, %135) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    "llvm.store"(%136, %134) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    "llvm.br"()[^bb5] : () -> ()
  ^bb5:  // 3 preds: ^bb0, ^bb3, ^bb4
    "llvm.return"() : () -> ()
  ^bb6(%137: i64, %138: i64):  // 2 preds: ^bb2, ^bb6
    %139 = "llvm.getelementptr"(%arg10, %137) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %140 = "llvm.load"(%139) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %141 = "llvm.getelementptr"(%arg9, %137) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %142 = "llvm.load"(%141) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %143 = "llvm.intr.fmuladd"(%arg11, %140, %142) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    "llvm.store"(%143, %141) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %144 = "llvm.or"(%137, %119) <{isDisjoint}> : (i64, i64) -> i64
    %145 = "llvm.getelementptr"(%arg10, %144) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %146 = "llvm.load"(%145) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %147 = "llvm.getelementptr"(%arg9, %144) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %148 = "llvm.load"(%147) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %149 = "llvm.intr.fmuladd"(%arg11, %146, %148) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    "llvm.store"(%149, %147) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %150 = "llvm.add"(%137, %123) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %151 = "llvm.add"(%138, %123) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %152 = "llvm.icmp"(%151, %128) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%152, %150, %151)[^bb3, ^bb6] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, i64, i64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (f64, i32)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", "nofree", "norecurse", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "pick", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64, will_return}> ({
  ^bb0(%arg7: f64, %arg8: i32):
    %112 = "llvm.mlir.constant"() <{value = 2.000000e+00 : f64}> : () -> f64
    %113 = "llvm.mlir.constant"() <{value = 1.500000e+00 : f64}> : () -> f64
    "llvm.switch"(%arg8, %112)[^bb3, ^bb1, ^bb2, ^bb4] <{case_operand_segments = array<i32: 0, 0, 1>, case_values = dense<[0, 1, 7]> : vector<3xi32>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i32, f64) -> ()
  ^bb1:  // pred: ^bb0
    %114 = "llvm.call"(%arg7) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @sin, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, tbaa = [#tbaa_tag1]}> : (f64) -> f64
    "llvm.br"(%114)[^bb4] : (f64) -> ()
  ^bb2:  // pred: ^bb0
    %115 = "llvm.fmul"(%arg7, %113) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    "llvm.br"(%115)[^bb4] : (f64) -> ()
  ^bb3:  // pred: ^bb0
    %116 = "llvm.fmul"(%arg7, %arg7) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    "llvm.br"(%116)[^bb4] : (f64) -> ()
  ^bb4(%117: f64):  // 4 preds: ^bb0, ^bb1, ^bb2, ^bb3
    "llvm.return"(%117) : (f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], function_type = !llvm.func<f64 (f64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", "nocallback", "nofree", ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "sin", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64, will_return}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (f64, f64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", "nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], res_attrs = [{llvm.noundef}], sym_name = "cabs2", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64, will_return}> ({
  ^bb0(%arg5: f64, %arg6: f64):
    %106 = "llvm.fneg"(%arg6) <{fastmathFlags = #llvm.fastmath<none>}> : (f64) -> f64
    %107 = "llvm.fmul"(%arg6, %106) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %108 = "llvm.intr.fmuladd"(%arg5, %arg5, %107) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %109 = "llvm.fmul"(%arg5, %arg6) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %110 = "llvm.intr.fmuladd"(%arg5, %arg6, %109) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %111 = "llvm.fadd"(%108, %110) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    "llvm.return"(%111) : (f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (ptr, i32)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = read, argMem = read, inaccessibleMem = none, errnoMem = read, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "rowsum", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg3: !llvm.ptr, %arg4: i32):
    %50 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %51 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %52 = "llvm.mlir.constant"() <{value = 3 : i64}> : () -> i64
    %53 = "llvm.mlir.constant"() <{value = 4 : i32}> : () -> i32
    %54 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %55 = "llvm.mlir.constant"() <{value = 2147483644 : i64}> : () -> i64
    %56 = "llvm.mlir.constant"() <{value = 8 : i64}> : () -> i64
    %57 = "llvm.mlir.constant"() <{value = 16 : i64}> : () -> i64
    %58 = "llvm.mlir.constant"() <{value = 24 : i64}> : () -> i64
    %59 = "llvm.mlir.constant"() <{value = 4 : i64}> : () -> i64
    %60 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %61 = "llvm.icmp"(%arg4, %50) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%61, %51)[^bb1, ^bb6] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb1:  // pred: ^bb0
    %62 = "llvm.zext"(%arg4) <{nonNeg}> : (i32) -> i64
    %63 = "llvm.and"(%62, %52) : (i64, i64) -> i64
    %64 = "llvm.icmp"(%arg4, %53) <{predicate = 6 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%64, %54, %51)[^bb4, ^bb2] <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (i1, i64, f64) -> ()
  ^bb2:  // pred: ^bb1
    %65 = "llvm.and"(%62, %55) : (i64, i64) -> i64
    "llvm.br"(%54, %51, %54)[^bb7] : (i64, f64, i64) -> ()
  ^bb3:  // pred: ^bb7
    %66 = "llvm.icmp"(%63, %54) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%66, %102, %103, %102)[^bb6, ^bb4] <{operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  ^bb4(%67: i64, %68: f64):  // 2 preds: ^bb1, ^bb3
    %69 = "llvm.icmp"(%63, %54) <{predicate = 1 : i64}> : (i64, i64) -> i1
    "llvm.intr.assume"(%69) <{op_bundle_sizes = array<i32>}> : (i1) -> ()
    "llvm.br"(%67, %68, %54)[^bb5] : (i64, f64, i64) -> ()
  ^bb5(%70: i64, %71: f64, %72: i64):  // 2 preds: ^bb4, ^bb5
    %73 = "llvm.getelementptr"(%arg3, %70) <{elem_type = !llvm.ptr, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %74 = "llvm.load"(%73) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag2]}> : (!llvm.ptr) -> !llvm.ptr
    %75 = "llvm.load"(%74) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %76 = "llvm.fadd"(%71, %75) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %77 = "llvm.add"(%70, %60) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %78 = "llvm.add"(%72, %60) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %79 = "llvm.icmp"(%78, %63) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%79, %76, %77, %76, %78)[^bb6, ^bb5] <{loop_annotation = #loop_annotation1, operandSegmentSizes = array<i32: 1, 1, 3>}> : (i1, f64, i64, f64, i64) -> ()
  ^bb6(%80: f64):  // 3 preds: ^bb0, ^bb3, ^bb5
    "llvm.return"(%80) : (f64) -> ()
  ^bb7(%81: i64, %82: f64, %83: i64):  // 2 preds: ^bb2, ^bb7
    %84 = "llvm.getelementptr"(%arg3, %81) <{elem_type = !llvm.ptr, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %85 = "llvm.load"(%84) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag2]}> : (!llvm.ptr) -> !llvm.ptr
    %86 = "llvm.load"(%85) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %87 = "llvm.fadd"(%82, %86) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %88 = "llvm.getelementptr"(%arg3, %81) <{elem_type = !llvm.ptr, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %89 = "llvm.getelementptr"(%88, %56) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %90 = "llvm.load"(%89) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag2]}> : (!llvm.ptr) -> !llvm.ptr
    %91 = "llvm.load"(%90) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %92 = "llvm.fadd"(%87, %91) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %93 = "llvm.getelementptr"(%arg3, %81) <{elem_type = !llvm.ptr, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %94 = "llvm.getelementptr"(%93, %57) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %95 = "llvm.load"(%94) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag2]}> : (!llvm.ptr) -> !llvm.ptr
    %96 = "llvm.load"(%95) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %97 = "llvm.fadd"(%92, %96) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %98 = "llvm.getelementptr"(%arg3, %81) <{elem_type = !llvm.ptr, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %99 = "llvm.getelementptr"(%98, %58) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %100 = "llvm.load"(%99) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag2]}> : (!llvm.ptr) -> !llvm.ptr
    %101 = "llvm.load"(%100) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %102 = "llvm.fadd"(%97, %101) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %103 = "llvm.add"(%81, %59) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %104 = "llvm.add"(%83, %59) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %105 = "llvm.icmp"(%104, %65) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%105, %103, %102, %104)[^bb3, ^bb7] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 3>}> : (i1, i64, f64, i64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.noundef}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (ptr, i32, f64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "poly", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: !llvm.ptr, %arg1: i32, %arg2: f64):
    %0 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %2 = "llvm.mlir.constant"() <{value = 3 : i64}> : () -> i64
    %3 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %4 = "llvm.mlir.poison"() : () -> f64
    %5 = "llvm.mlir.constant"() <{value = -1 : i64}> : () -> i64
    %6 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %7 = "llvm.mlir.constant"() <{value = 4 : i32}> : () -> i32
    %8 = "llvm.mlir.constant"() <{value = -8 : i64}> : () -> i64
    %9 = "llvm.mlir.constant"() <{value = -16 : i64}> : () -> i64
    %10 = "llvm.mlir.constant"() <{value = -24 : i64}> : () -> i64
    %11 = "llvm.mlir.constant"() <{value = -4 : i64}> : () -> i64
    %12 = "llvm.mlir.constant"() <{value = 4 : i64}> : () -> i64
    %13 = "llvm.icmp"(%arg1, %0) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%13, %1)[^bb1, ^bb4] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb1:  // pred: ^bb0
    %14 = "llvm.zext"(%arg1) <{nonNeg}> : (i32) -> i64
    %15 = "llvm.and"(%14, %2) : (i64, i64) -> i64
    %16 = "llvm.icmp"(%15, %3) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%16, %14, %1, %4, %14, %1, %3)[^bb3, ^bb2] <{operandSegmentSizes = array<i32: 1, 3, 3>}> : (i1, i64, f64, f64, i64, f64, i64) -> ()
  ^bb2(%17: i64, %18: f64, %19: i64):  // 2 preds: ^bb1, ^bb2
    %20 = "llvm.add"(%17, %5) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %21 = "llvm.getelementptr"(%arg0, %20) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %22 = "llvm.load"(%21) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %23 = "llvm.intr.fmuladd"(%18, %arg2, %22) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %24 = "llvm.add"(%19, %6) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %25 = "llvm.icmp"(%24, %15) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%25, %20, %23, %23, %20, %23, %24)[^bb3, ^bb2] <{loop_annotation = #loop_annotation1, operandSegmentSizes = array<i32: 1, 3, 3>}> : (i1, i64, f64, f64, i64, f64, i64) -> ()
  ^bb3(%26: i64, %27: f64, %28: f64):  // 2 preds: ^bb1, ^bb2
    %29 = "llvm.icmp"(%arg1, %7) <{predicate = 6 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%29, %28, %26, %27)[^bb4, ^bb5] <{operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  ^bb4(%30: f64):  // 3 preds: ^bb0, ^bb3, ^bb5
    "llvm.return"(%30) : (f64) -> ()
  ^bb5(%31: i64, %32: f64):  // 2 preds: ^bb3, ^bb5
    %33 = "llvm.getelementptr"(%arg0, %31) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %34 = "llvm.getelementptr"(%33, %8) <{elem_type = i8, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %35 = "llvm.load"(%34) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %36 = "llvm.intr.fmuladd"(%32, %arg2, %35) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %37 = "llvm.getelementptr"(%arg0, %31) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %38 = "llvm.getelementptr"(%37, %9) <{elem_type = i8, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %39 = "llvm.load"(%38) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %40 = "llvm.intr.fmuladd"(%36, %arg2, %39) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %41 = "llvm.getelementptr"(%arg0, %31) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %42 = "llvm.getelementptr"(%41, %10) <{elem_type = i8, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %43 = "llvm.load"(%42) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %44 = "llvm.intr.fmuladd"(%40, %arg2, %43) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %45 = "llvm.add"(%31, %11) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %46 = "llvm.getelementptr"(%arg0, %45) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %47 = "llvm.load"(%46) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %48 = "llvm.intr.fmuladd"(%44, %arg2, %47) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %49 = "llvm.icmp"(%31, %12) <{predicate = 4 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%49, %45, %48, %48)[^bb5, ^bb4] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 2, 1>}> : (i1, i64, f64, f64) -> ()
  }) : () -> ()
}) {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, llvm.ident = "Debian clang version 22.1.8 (1~deb12u1)", llvm.module_asm = [], llvm.target_triple = "x86_64-pc-linux-gnu"} : () -> ()

