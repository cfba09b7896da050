llvm.func @f(%p: !llvm.ptr, %c: i1) -> f64 {
  llvm.cond_br %c, ^a(%p : !llvm.ptr), ^b
^a(%q: !llvm.ptr<0>):
  %v = llvm.load %q : !llvm.ptr<0> -> f64
  llvm.return %v : f64
^b:
  %z = llvm.mlir.constant(0.0 : f64) : f64
  llvm.return %z : f64
}
