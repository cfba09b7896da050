#loop_annotation = #llvm.loop_annotation<mustProgress = true>
#loop_unroll = #llvm.loop_unroll<disable = true>
#tbaa_root = #llvm.tbaa_root<id = "Simple C/C++ TBAA">
#loop_annotation1 = #llvm.loop_annotation<unroll = #loop_unroll>
#tbaa_type_desc = #llvm.tbaa_type_desc<id = "omnipotent char", members = {<#tbaa_root, 0>}>
#tbaa_type_desc1 = #llvm.tbaa_type_desc<id = "double", members = {<#tbaa_type_desc, 0>}>
#tbaa_type_desc2 = #llvm.tbaa_type_desc<id = "int", members = {<#tbaa_type_desc, 0>}>
#tbaa_tag = #llvm.tbaa_tag<base_type = #tbaa_type_desc1, access_type = #tbaa_type_desc1, offset = 0>
#tbaa_tag1 = #llvm.tbaa_tag<base_type = #tbaa_type_desc2, access_type = #tbaa_type_desc2, offset = 0>
"builtin.module"() ({
  "llvm.module_flags"() <{flags = [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>, #llvm.mlir.module_flag<min, "PIC Level", 2 : i32>, #llvm.mlir.module_flag<max, "PIE Level", 2 : i32>, #llvm.mlir.module_flag<max, "uwtable", 2 : i32>]}> : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (ptr, ptr, ptr, i32)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = readwrite, argMem = read, inaccessibleMem = readwrite, errnoMem = readwrite, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = [["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "gmm", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg7: !llvm.ptr, %arg8: !llvm.ptr, %arg9: !llvm.ptr, %arg10: i32):
    %69 = "llvm.mlir.constant"() <{value = 3 : i64}> : () -> i64
    %70 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %71 = "llvm.mlir.undef"() : () -> f64
    %72 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %73 = "llvm.mlir.constant"() <{value = -1 : i64}> : () -> i64
    %74 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %75 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %76 = "llvm.mlir.constant"() <{value = 2147483646 : i64}> : () -> i64
    %77 = "llvm.mlir.constant"() <{value = -5.000000e-01 : f64}> : () -> f64
    %78 = "llvm.mlir.constant"() <{value = 2 : i64}> : () -> i64
    %79 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %80 = "llvm.mlir.constant"() <{value = -2 : i32}> : () -> i32
    %81 = "llvm.mlir.constant"() <{value = 3 : i32}> : () -> i32
    %82 = "llvm.mlir.constant"() <{value = -4 : i64}> : () -> i64
    %83 = "llvm.mlir.constant"() <{value = 8 : i64}> : () -> i64
    %84 = "llvm.mlir.constant"() <{value = 16 : i64}> : () -> i64
    %85 = "llvm.mlir.constant"() <{value = 24 : i64}> : () -> i64
    %86 = "llvm.mlir.constant"() <{value = 4 : i64}> : () -> i64
    %87 = "llvm.sext"(%arg10) : (i32) -> i64
    %88 = "llvm.shl"(%87, %69) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %89 = "llvm.call"(%88) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @malloc, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, res_attrs = [{llvm.noalias}]}> : (i64) -> !llvm.ptr
    %90 = "llvm.icmp"(%arg10, %70) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%90, %71, %72)[^bb1, ^bb14] <{operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, f64, f64) -> ()
  ^bb1:  // pred: ^bb0
    %91 = "llvm.load"(%arg9) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %92 = "llvm.zext"(%arg10) <{nonNeg}> : (i32) -> i64
    %93 = "llvm.add"(%92, %73) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %94 = "llvm.and"(%92, %74) : (i64, i64) -> i64
    %95 = "llvm.icmp"(%93, %75) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%95, %75)[^bb4, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i64) -> ()
  ^bb2:  // pred: ^bb1
    %96 = "llvm.and"(%92, %76) : (i64, i64) -> i64
    "llvm.br"(%75, %75)[^bb15] : (i64, i64) -> ()
  ^bb3:  // pred: ^bb15
    %97 = "llvm.icmp"(%94, %75) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%97, %188)[^bb5, ^bb4] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb4(%98: i64):  // 2 preds: ^bb1, ^bb3
    %99 = "llvm.icmp"(%94, %75) <{predicate = 1 : i64}> : (i64, i64) -> i1
    "llvm.intr.assume"(%99) <{op_bundle_sizes = array<i32>}> : (i1) -> ()
    %100 = "llvm.getelementptr"(%arg8, %98) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %101 = "llvm.load"(%100) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %102 = "llvm.fsub"(%91, %101) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %103 = "llvm.getelementptr"(%arg7, %98) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %104 = "llvm.load"(%103) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %105 = "llvm.fmul"(%102, %77) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %106 = "llvm.intr.fmuladd"(%105, %102, %104) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %107 = "llvm.getelementptr"(%89, %98) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%106, %107) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    "llvm.br"()[^bb5] : () -> ()
  ^bb5:  // 2 preds: ^bb3, ^bb4
    %108 = "llvm.load"(%89) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %109 = "llvm.icmp"(%arg10, %79) <{predicate = 0 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%109, %74, %108)[^bb11, ^bb6] <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (i1, i64, f64) -> ()
  ^bb6:  // pred: ^bb5
    %110 = "llvm.zext"(%arg10) <{nonNeg}> : (i32) -> i64
    %111 = "llvm.and"(%93, %69) : (i64, i64) -> i64
    %112 = "llvm.add"(%arg10, %80) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
    %113 = "llvm.icmp"(%112, %81) <{predicate = 6 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%113, %74, %108)[^bb9, ^bb7] <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (i1, i64, f64) -> ()
  ^bb7:  // pred: ^bb6
    %114 = "llvm.and"(%93, %82) : (i64, i64) -> i64
    "llvm.br"(%74, %108, %75)[^bb12] : (i64, f64, i64) -> ()
  ^bb8:  // pred: ^bb12
    %115 = "llvm.icmp"(%111, %75) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%115, %110, %152, %153, %152)[^bb11, ^bb9] <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (i1, i64, f64, i64, f64) -> ()
  ^bb9(%116: i64, %117: f64):  // 2 preds: ^bb6, ^bb8
    %118 = "llvm.icmp"(%111, %75) <{predicate = 1 : i64}> : (i64, i64) -> i1
    "llvm.intr.assume"(%118) <{op_bundle_sizes = array<i32>}> : (i1) -> ()
    "llvm.br"(%116, %117, %75)[^bb10] : (i64, f64, i64) -> ()
  ^bb10(%119: i64, %120: f64, %121: i64):  // 2 preds: ^bb9, ^bb10
    %122 = "llvm.getelementptr"(%89, %119) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %123 = "llvm.load"(%122) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %124 = "llvm.fcmp"(%123, %120) <{fastmathFlags = #llvm.fastmath<none>, predicate = 2 : i64}> : (f64, f64) -> i1
    %125 = "llvm.select"(%124, %123, %120) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, f64, f64) -> f64
    %126 = "llvm.add"(%119, %74) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %127 = "llvm.add"(%121, %74) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %128 = "llvm.icmp"(%127, %111) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%128, %110, %125, %126, %125, %127)[^bb11, ^bb10] <{loop_annotation = #loop_annotation1, operandSegmentSizes = array<i32: 1, 2, 3>}> : (i1, i64, f64, i64, f64, i64) -> ()
  ^bb11(%129: i64, %130: f64):  // 3 preds: ^bb5, ^bb8, ^bb10
    "llvm.br"(%75, %72)[^bb13] : (i64, f64) -> ()
  ^bb12(%131: i64, %132: f64, %133: i64):  // 2 preds: ^bb7, ^bb12
    %134 = "llvm.getelementptr"(%89, %131) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %135 = "llvm.load"(%134) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %136 = "llvm.fcmp"(%135, %132) <{fastmathFlags = #llvm.fastmath<none>, predicate = 2 : i64}> : (f64, f64) -> i1
    %137 = "llvm.select"(%136, %135, %132) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, f64, f64) -> f64
    %138 = "llvm.getelementptr"(%89, %131) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %139 = "llvm.getelementptr"(%138, %83) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %140 = "llvm.load"(%139) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %141 = "llvm.fcmp"(%140, %137) <{fastmathFlags = #llvm.fastmath<none>, predicate = 2 : i64}> : (f64, f64) -> i1
    %142 = "llvm.select"(%141, %140, %137) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, f64, f64) -> f64
    %143 = "llvm.getelementptr"(%89, %131) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %144 = "llvm.getelementptr"(%143, %84) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %145 = "llvm.load"(%144) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %146 = "llvm.fcmp"(%145, %142) <{fastmathFlags = #llvm.fastmath<none>, predicate = 2 : i64}> : (f64, f64) -> i1
    %147 = "llvm.select"(%146, %145, %142) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, f64, f64) -> f64
    %148 = "llvm.getelementptr"(%89, %131) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %149 = "llvm.getelementptr"(%148, %85) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %150 = "llvm.load"(%149) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %151 = "llvm.fcmp"(%150, %147) <{fastmathFlags = #llvm.fastmath<none>, predicate = 2 : i64}> : (f64, f64) -> i1
    %152 = "llvm.select"(%151, %150, %147) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, f64, f64) -> f64
    %153 = "llvm.add"(%131, %86) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %154 = "llvm.add"(%133, %86) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %155 = "llvm.icmp"(%154, %114) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%155, %153, %152, %154)[^bb8, ^bb12] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 3>}> : (i1, i64, f64, i64) -> ()
  ^bb13(%156: i64, %157: f64):  // 2 preds: ^bb11, ^bb13
    %158 = "llvm.getelementptr"(%89, %156) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %159 = "llvm.load"(%158) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %160 = "llvm.fsub"(%159, %130) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %161 = "llvm.call"(%160) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @exp, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, tbaa = [#tbaa_tag1]}> : (f64) -> f64
    %162 = "llvm.fadd"(%157, %161) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %163 = "llvm.add"(%156, %74) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %164 = "llvm.icmp"(%163, %129) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%164, %130, %162, %163, %162)[^bb14, ^bb13] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 2, 2>}> : (i1, f64, f64, i64, f64) -> ()
  ^bb14(%165: f64, %166: f64):  // 2 preds: ^bb0, ^bb13
    %167 = "llvm.call"(%166) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @log, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, tbaa = [#tbaa_tag1]}> : (f64) -> f64
    %168 = "llvm.fadd"(%165, %167) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    "llvm.call"(%89) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.nonnull, llvm.noundef}], callee = @free, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (!llvm.ptr) -> ()
    "llvm.return"(%168) : (f64) -> ()
  ^bb15(%169: i64, %170: i64):  // 2 preds: ^bb2, ^bb15
    %171 = "llvm.getelementptr"(%arg8, %169) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %172 = "llvm.load"(%171) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %173 = "llvm.fsub"(%91, %172) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %174 = "llvm.getelementptr"(%arg7, %169) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %175 = "llvm.load"(%174) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %176 = "llvm.fmul"(%173, %77) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %177 = "llvm.intr.fmuladd"(%176, %173, %175) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %178 = "llvm.getelementptr"(%89, %169) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%177, %178) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %179 = "llvm.or"(%169, %74) <{isDisjoint}> : (i64, i64) -> i64
    %180 = "llvm.getelementptr"(%arg8, %179) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %181 = "llvm.load"(%180) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %182 = "llvm.fsub"(%91, %181) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %183 = "llvm.getelementptr"(%arg7, %179) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %184 = "llvm.load"(%183) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %185 = "llvm.fmul"(%182, %77) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %186 = "llvm.intr.fmuladd"(%185, %182, %184) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %187 = "llvm.getelementptr"(%89, %179) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%186, %187) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %188 = "llvm.add"(%169, %78) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %189 = "llvm.add"(%170, %78) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %190 = "llvm.icmp"(%189, %96) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%190, %188, %189)[^bb3, ^bb15] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, i64, i64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], function_type = !llvm.func<ptr (i64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", "nofree", ["allockind", "9"], ["allocsize", "4294967295"], ["alloc-family", "malloc"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], res_attrs = [{llvm.noalias, llvm.noundef}], sym_name = "malloc", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64, will_return}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.allocptr, llvm.nocapture, llvm.noundef}], function_type = !llvm.func<void (ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", ["allockind", "4"], ["alloc-family", "malloc"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "free", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64, will_return}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.noundef}], dso_local, function_type = !llvm.func<f64 (ptr, ptr, i32)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["nofree", "norecurse", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "lstm", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg4: !llvm.ptr, %arg5: !llvm.ptr, %arg6: i32):
    %39 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %40 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %41 = "llvm.mlir.constant"() <{value = 8 : i64}> : () -> i64
    %42 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %43 = "llvm.mlir.constant"() <{value = 1.000000e+00 : f64}> : () -> f64
    %44 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %45 = "llvm.icmp"(%arg6, %39) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%45, %40)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb1:  // pred: ^bb0
    %46 = "llvm.load"(%arg4) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %47 = "llvm.getelementptr"(%arg4, %41) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %48 = "llvm.load"(%47) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %49 = "llvm.zext"(%arg6) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%42, %40, %40)[^bb3] : (i64, f64, f64) -> ()
  ^bb2(%50: f64):  // 2 preds: ^bb0, ^bb3
    "llvm.return"(%50) : (f64) -> ()
  ^bb3(%51: i64, %52: f64, %53: f64):  // 2 preds: ^bb1, ^bb3
    %54 = "llvm.getelementptr"(%arg5, %51) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %55 = "llvm.load"(%54) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %56 = "llvm.fmul"(%53, %48) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %57 = "llvm.intr.fmuladd"(%46, %55, %56) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %58 = "llvm.fneg"(%57) <{fastmathFlags = #llvm.fastmath<none>}> : (f64) -> f64
    %59 = "llvm.call"(%58) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @exp, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, tbaa = [#tbaa_tag1]}> : (f64) -> f64
    %60 = "llvm.fadd"(%59, %43) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %61 = "llvm.fdiv"(%43, %60) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %62 = "llvm.fsub"(%43, %61) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %63 = "llvm.call"(%55) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @tanh, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, tbaa = [#tbaa_tag1]}> : (f64) -> f64
    %64 = "llvm.fmul"(%63, %62) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %65 = "llvm.intr.fmuladd"(%61, %52, %64) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %66 = "llvm.call"(%65) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @tanh, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, tbaa = [#tbaa_tag1]}> : (f64) -> f64
    %67 = "llvm.add"(%51, %44) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %68 = "llvm.icmp"(%67, %49) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%68, %66, %67, %65, %66)[^bb2, ^bb3] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 3>}> : (i1, f64, i64, f64, f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], function_type = !llvm.func<f64 (f64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", "nocallback", "nofree", ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "exp", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64, will_return}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], function_type = !llvm.func<f64 (f64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", "nocallback", "nofree", ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "tanh", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64, will_return}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef, llvm.writeonly}], dso_local, function_type = !llvm.func<void (ptr, ptr, ptr, ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", "nofree", "norecurse", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "ba", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64, will_return}> ({
  ^bb0(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: !llvm.ptr):
    %0 = "llvm.mlir.constant"() <{value = 8 : i64}> : () -> i64
    %1 = "llvm.mlir.constant"() <{value = 16 : i64}> : () -> i64
    %2 = "llvm.mlir.constant"() <{value = 24 : i64}> : () -> i64
    %3 = "llvm.mlir.constant"() <{value = 32 : i64}> : () -> i64
    %4 = "llvm.load"(%arg1) <{alignment = 8 : i64, ordering = 0 : i64}> : (!llvm.ptr) -> f64
    %5 = "llvm.getelementptr"(%arg1, %0) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %6 = "llvm.load"(%5) <{alignment = 8 : i64, ordering = 0 : i64}> : (!llvm.ptr) -> f64
    %7 = "llvm.getelementptr"(%arg1, %1) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %8 = "llvm.load"(%7) <{alignment = 8 : i64, ordering = 0 : i64}> : (!llvm.ptr) -> f64
    %9 = "llvm.load"(%arg0) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %10 = "llvm.call"(%9) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @cos, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, tbaa = [#tbaa_tag1]}> : (f64) -> f64
    %11 = "llvm.call"(%9) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, arg_attrs = [{llvm.noundef}], callee = @sin, fastmathFlags = #llvm.fastmath<none>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>, tbaa = [#tbaa_tag1]}> : (f64) -> f64
    %12 = "llvm.fneg"(%6) <{fastmathFlags = #llvm.fastmath<none>}> : (f64) -> f64
    %13 = "llvm.fmul"(%11, %12) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %14 = "llvm.intr.fmuladd"(%10, %4, %13) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %15 = "llvm.getelementptr"(%arg0, %0) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %16 = "llvm.load"(%15) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %17 = "llvm.fadd"(%16, %14) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %18 = "llvm.fmul"(%6, %10) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %19 = "llvm.intr.fmuladd"(%11, %4, %18) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64, f64) -> f64
    %20 = "llvm.getelementptr"(%arg0, %1) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %21 = "llvm.load"(%20) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %22 = "llvm.fadd"(%19, %21) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %23 = "llvm.getelementptr"(%arg0, %2) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %24 = "llvm.load"(%23) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %25 = "llvm.fadd"(%8, %24) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %26 = "llvm.getelementptr"(%arg0, %3) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %27 = "llvm.load"(%26) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %28 = "llvm.fmul"(%17, %27) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %29 = "llvm.fdiv"(%28, %25) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %30 = "llvm.load"(%arg2) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %31 = "llvm.fsub"(%29, %30) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    "llvm.store"(%31, %arg3) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %32 = "llvm.load"(%26) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %33 = "llvm.fmul"(%22, %32) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %34 = "llvm.fdiv"(%33, %25) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %35 = "llvm.getelementptr"(%arg2, %0) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %36 = "llvm.load"(%35) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %37 = "llvm.fsub"(%34, %36) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, f64) -> f64
    %38 = "llvm.getelementptr"(%arg3, %0) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%37, %38) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    "llvm.return"() : () -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], function_type = !llvm.func<f64 (f64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", "nocallback", "nofree", ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "cos", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64, will_return}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], function_type = !llvm.func<f64 (f64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", "nocallback", "nofree", ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "sin", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64, will_return}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], function_type = !llvm.func<f64 (f64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>, no_unwind, passthrough = ["mustprogress", "nocallback", "nofree", ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "log", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, visibility_ = 0 : i64, will_return}> ({
  }) : () -> ()
}) {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, llvm.ident = "Debian clang version 22.1.8 (1~deb12u1)", llvm.module_asm = [], llvm.target_triple = "x86_64-pc-linux-gnu"} : () -> ()

