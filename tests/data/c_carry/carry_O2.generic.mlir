#loop_unroll = #llvm.loop_unroll<disable = true>
#tbaa_root = #llvm.tbaa_root<id = "Simple C/C++ TBAA">
#loop_annotation = #llvm.loop_annotation<unroll = #loop_unroll, mustProgress = true>
#tbaa_type_desc = #llvm.tbaa_type_desc<id = "omnipotent char", members = {<#tbaa_root, 0>}>
#tbaa_type_desc1 = #llvm.tbaa_type_desc<id = "double", members = {<#tbaa_type_desc, 0>}>
#tbaa_tag = #llvm.tbaa_tag<base_type = #tbaa_type_desc1, access_type = #tbaa_type_desc1, offset = 0>
"builtin.module"() ({
  "llvm.module_flags"() <{flags = [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>, #llvm.mlir.module_flag<min, "PIC Level", 2 : i32>, #llvm.mlir.module_flag<max, "PIE Level", 2 : i32>, #llvm.mlir.module_flag<max, "uwtable", 2 : i32>]}> : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}, {llvm.noundef}, {llvm.nocapture, llvm.noundef, llvm.readonly}, {llvm.nocapture, llvm.noundef}, {llvm.nocapture, llvm.noundef, llvm.readonly}], dso_local, function_type = !llvm.func<f64 (i32, i32, ptr, ptr, ptr)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = read, argMem = readwrite, inaccessibleMem = none, errnoMem = read, targetMem0 = none, targetMem1 = none>, no_infs_fp_math = true, no_nans_fp_math = true, no_signed_zeros_fp_math = true, no_unwind, passthrough = ["nofree", "norecurse", "nosync", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], sym_name = "carry", target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", unnamed_addr = 1 : i64, uwtable_kind = #llvm.uwtableKind<async>, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: !llvm.ptr, %arg3: !llvm.ptr, %arg4: !llvm.ptr):
    %0 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %2 = "llvm.mlir.constant"() <{value = 4294967295 : i64}> : () -> i64
    %3 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %4 = "llvm.mlir.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %5 = "llvm.icmp"(%arg1, %0) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%5, %arg4)[^bb1, ^bb4] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, !llvm.ptr) -> ()
  ^bb1:  // pred: ^bb0
    %6 = "llvm.icmp"(%arg0, %0) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %7 = "llvm.sext"(%arg0) : (i32) -> i64
    %8 = "llvm.zext"(%arg1) <{nonNeg}> : (i32) -> i64
    %9 = "llvm.zext"(%arg0) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%1, %arg4)[^bb2] : (i64, !llvm.ptr) -> ()
  ^bb2(%10: i64, %11: !llvm.ptr):  // 2 preds: ^bb1, ^bb6
    %12 = "llvm.mul"(%10, %7) <{overflowFlags = 1 : i32}> : (i64, i64) -> i64
    "llvm.cond_br"(%6)[^bb3, ^bb6] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb3:  // pred: ^bb2
    %13 = "llvm.and"(%12, %2) : (i64, i64) -> i64
    "llvm.br"(%1)[^bb7] : (i64) -> ()
  ^bb4(%14: !llvm.ptr):  // 2 preds: ^bb0, ^bb6
    %15 = "llvm.icmp"(%arg0, %0) <{predicate = 4 : i64}> : (i32, i32) -> i1
    "llvm.cond_br"(%15, %4)[^bb5, ^bb8] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f64) -> ()
  ^bb5:  // pred: ^bb4
    %16 = "llvm.zext"(%arg0) <{nonNeg}> : (i32) -> i64
    "llvm.br"(%1, %4)[^bb9] : (i64, f64) -> ()
  ^bb6:  // 2 preds: ^bb2, ^bb7
    %17 = "llvm.getelementptr"(%arg3, %12) <{elem_type = f64, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %18 = "llvm.add"(%10, %3) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %19 = "llvm.icmp"(%18, %8) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%19, %17, %18, %17)[^bb4, ^bb2] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, !llvm.ptr, i64, !llvm.ptr) -> ()
  ^bb7(%20: i64):  // 2 preds: ^bb3, ^bb7
    %21 = "llvm.getelementptr"(%11, %20) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %22 = "llvm.load"(%21) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %23 = "llvm.add"(%20, %13) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %24 = "llvm.getelementptr"(%arg2, %23) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %25 = "llvm.load"(%24) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %26 = "llvm.fmul"(%25, %22) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %27 = "llvm.intr.sin"(%26) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64) -> f64
    %28 = "llvm.getelementptr"(%arg3, %23) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    "llvm.store"(%27, %28) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (f64, !llvm.ptr) -> ()
    %29 = "llvm.add"(%20, %3) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %30 = "llvm.icmp"(%29, %9) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%30, %29)[^bb6, ^bb7] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i64) -> ()
  ^bb8(%31: f64):  // 2 preds: ^bb4, ^bb9
    "llvm.return"(%31) : (f64) -> ()
  ^bb9(%32: i64, %33: f64):  // 2 preds: ^bb5, ^bb9
    %34 = "llvm.getelementptr"(%14, %32) <{elem_type = f64, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %35 = "llvm.load"(%34) <{alignment = 8 : i64, ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> f64
    %36 = "llvm.fmul"(%35, %35) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %37 = "llvm.fadd"(%36, %33) <{fastmathFlags = #llvm.fastmath<fast>}> : (f64, f64) -> f64
    %38 = "llvm.add"(%32, %3) <{overflowFlags = 3 : i32}> : (i64, i64) -> i64
    %39 = "llvm.icmp"(%38, %16) <{predicate = 0 : i64}> : (i64, i64) -> i1
    "llvm.cond_br"(%39, %37, %38, %37)[^bb8, ^bb9] <{loop_annotation = #loop_annotation, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, f64, i64, f64) -> ()
  }) : () -> ()
}) {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, llvm.ident = "Debian clang version 22.1.8 (1~deb12u1)", llvm.module_asm = [], llvm.target_triple = "x86_64-pc-linux-gnu"} : () -> ()

