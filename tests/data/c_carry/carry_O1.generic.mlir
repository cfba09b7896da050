#loop_unroll = #llvm.loop_unroll<disable = true>
#tbaa_root = #llvm.tbaa_root<id = "Simple C/C++ TBAA">
#loop_annotation = #llvm.loop_annotation<unroll = #loop_unroll, mustProgress = true>
#tbaa_type_desc = #llvm.tbaa_type_desc<id = "omnipotent char", members = {<#tbaa_root, 0>}>
#tbaa_type_desc1 = #llvm.tbaa_type_desc<id = "double", members = {<#tbaa_type_desc, 0>}>
#tbaa_tag = #llvm.tbaa_tag<base_type = #tbaa_type_desc1, access_type = #tbaa_type_desc1, offset = 0>
"builtin.module"() ({
  "llvm.module_flags"() <{flags = [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>, #llvm.mlir.module_flag<min, "PIC Level", 2 : i32>, #llvm.mlir.module_flag<max, "PIE Level", 2 : i32>, #llvm.mlir.module_flag<max, "uwtable", 2 : i32>]}> : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.noundef}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef}, {llvm.nocapture, llvm.noundef, llvm.readonly}], dso_local, function_type = !llvm.func<f64 (i32, i32, ptr, ptr, ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = read, argMem = readwrite, inaccessibleMem = none, errnoMem = read, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "carry", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg4: i32, %arg5: i32, %arg6: !llvm.ptr, %arg7: !llvm.ptr, %arg8: !llvm.ptr):
    %38 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %39 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %40 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %41 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %42 = "llvm.icmp"(%arg5, %38) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%42, %arg8)[^bb1, ^bb4] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, !llvm.ptr) -> ()
  ^bb1:  // pred: ^bb0
    %43 = "llvm.icmp"(%arg4, %38) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %44 = "llvm.sext"(%arg4) : (i32) -> i64
    %45 = "llvm.zext"(%arg5) <{nonNeg}> : (i32) -> i64
    %46 = "llvm.zext"(%arg4) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%39, %arg8)[^bb2] : (i64, !llvm.ptr) -> ()
  ^bb2(%47: i64, %48: !llvm.ptr):  // 2 preds: ^bb1, ^bb6
    "llvm.cond_br"(%43)[^bb3, ^bb6] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb3:  // pred: ^bb2
    %49 = "llvm.trunc"(%47) <{overflowFlags = 0 : i32}> : (i64) -> i32
    %50 = "llvm.mul"(%arg4, %49) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %51 = "llvm.zext"(%50) : (i32) -> i64
    "llvm.br"(%39)[^bb7] : (i64) -> ()
  ^bb4(%52: !llvm.ptr):  // 2 preds: ^bb0, ^bb6
    %53 = "llvm.icmp"(%arg4, %38) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%53, %41)[^bb5, ^bb8] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb5:  // pred: ^bb4
    %54 = "llvm.zext"(%arg4) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%39, %41)[^bb9] : (i64, f64) -> ()
  ^bb6:  // 2 preds: ^bb2, ^bb7
    %55 = "llvm.mul"(%47, %44) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    %56 = "llvm.getelementptr"(%arg7, %55) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %57 = "llvm.add"(%47, %40) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %58 = "llvm.icmp"(%57, %45) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%58, %56, %57, %56)[^bb4, ^bb2] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, !llvm.ptr, i64, !llvm.ptr) -> ()
  ^bb7(%59: i64):  // 2 preds: ^bb3, ^bb7
    %60 = "llvm.getelementptr"(%48, %59) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %61 = "llvm.load"(%60) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %62 = "llvm.add"(%59, %51) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %63 = "llvm.getelementptr"(%arg6, %62) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %64 = "llvm.load"(%63) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %65 = "llvm.fmul"(%64, %61) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %66 = "llvm.intr.sin"(%65) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %67 = "llvm.getelementptr"(%arg7, %62) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%66, %67) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %68 = "llvm.add"(%59, %40) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %69 = "llvm.icmp"(%68, %46) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%69, %68)[^bb6, ^bb7] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb8(%70: f64):  // 2 preds: ^bb4, ^bb9
    "llvm.return"(%70) : (f64) -> ()
  ^bb9(%71: i64, %72: f64):  // 2 preds: ^bb5, ^bb9
    %73 = "llvm.getelementptr"(%52, %71) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %74 = "llvm.load"(%73) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %75 = "llvm.fmul"(%74, %74) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %76 = "llvm.fadd"(%75, %72) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %77 = "llvm.add"(%71, %40) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %78 = "llvm.icmp"(%77, %54) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%78, %76, %77, %76)[^bb8, ^bb9] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.noundef}, {llvm.nocapture, llvm.noundef}, {llvm.nocapture, llvm.noundef}], dso_local, function_type = !llvm.func<f64 (i32, i32, ptr, ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = readwrite, argMem = readwrite, inaccessibleMem = none, errnoMem = readwrite, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "swap", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: !llvm.ptr, %arg3: !llvm.ptr):
    %0 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %2 = "llvm.mlir.constant"() <{value = -1 : i64}> : () -> i64
    %3 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %4 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %5 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %6 = "llvm.icmp"(%arg1, %0) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%6, %arg2)[^bb1, ^bb4] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, !llvm.ptr) -> ()
  ^bb1:  // pred: ^bb0
    %7 = "llvm.icmp"(%arg0, %0) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %8 = "llvm.sext"(%arg0) : (i32) -> i64
    %9 = "llvm.zext"(%arg0) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%arg2, %0, %arg3)[^bb2] : (!llvm.ptr, i32, !llvm.ptr) -> ()
  ^bb2(%10: !llvm.ptr, %11: i32, %12: !llvm.ptr):  // 2 preds: ^bb1, ^bb6
    "llvm.cond_br"(%7)[^bb3, ^bb6] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb3:  // pred: ^bb2
    %13 = "llvm.getelementptr"(%10, %8) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.br"(%1)[^bb7] : (i64) -> ()
  ^bb4(%14: !llvm.ptr):  // 2 preds: ^bb0, ^bb6
    %15 = "llvm.icmp"(%arg0, %0) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%15, %5)[^bb5, ^bb8] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb5:  // pred: ^bb4
    %16 = "llvm.zext"(%arg0) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%1, %5)[^bb9] : (i64, f64) -> ()
  ^bb6:  // 2 preds: ^bb2, ^bb7
    %17 = "llvm.add"(%11, %4) <{overflowFlags = 3 : i32}> : (i32, i32) -> i32
    %18 = "llvm.icmp"(%17, %arg1) <{predicate = 0 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%18, %12, %12, %17, %10)[^bb4, ^bb2] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 3>}> : (i1, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr) -> ()
  ^bb7(%19: i64):  // 2 preds: ^bb3, ^bb7
    %20 = "llvm.getelementptr"(%10, %19) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %21 = "llvm.load"(%20) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %22 = "llvm.intr.sin"(%21) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %23 = "llvm.xor"(%19, %2) : (i64, i64) -> i64
    %24 = "llvm.getelementptr"(%13, %23) <{elem_type = f64, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %25 = "llvm.load"(%24) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %26 = "llvm.fmul"(%22, %25) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %27 = "llvm.getelementptr"(%12, %19) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%26, %27) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %28 = "llvm.add"(%19, %3) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %29 = "llvm.icmp"(%28, %9) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%29, %28)[^bb6, ^bb7] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb8(%30: f64):  // 2 preds: ^bb4, ^bb9
    "llvm.return"(%30) : (f64) -> ()
  ^bb9(%31: i64, %32: f64):  // 2 preds: ^bb5, ^bb9
    %33 = "llvm.getelementptr"(%14, %31) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %34 = "llvm.load"(%33) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %35 = "llvm.fadd"(%34, %32) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %36 = "llvm.add"(%31, %3) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %37 = "llvm.icmp"(%36, %16) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%37, %35, %36, %35)[^bb8, ^bb9] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  }) : () -> ()
}) {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, llvm.ident = "Debian clang version 22.1.8 (1~deb12u1)", llvm.module_asm = [], llvm.target_triple = "x86_64-pc-linux-gnu"} : () -> ()

