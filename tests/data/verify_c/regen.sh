#!/bin/sh
# Regenerate the llvm-dialect MLIR of adbench.c, features.c and patterns.c (generic op form, which xDSL parses
# without LLVM tools) at -O0, -O1 and -O2 without vectorization.
# Needs clang-22, mlir-translate-22 and mlir-opt-22.
set -eu
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for src in adbench features patterns; do for O in 0 1 2; do
  clang-22 -S -emit-llvm -O$O -fno-vectorize -fno-slp-vectorize -fno-discard-value-names \
    "$src.c" -o "$tmp/$src.ll"
  mlir-translate-22 --import-llvm "$tmp/$src.ll" -o "$tmp/$src.mlir"
  mlir-opt-22 --mlir-print-op-generic "$tmp/$src.mlir" -o "${src}_O$O.generic.mlir"
done; done
clang-22 -S -emit-llvm -O1 -fno-vectorize -fno-slp-vectorize -fno-discard-value-names \
  realloc.c -o "$tmp/realloc.ll"
mlir-translate-22 --import-llvm "$tmp/realloc.ll" -o "$tmp/realloc.mlir"
mlir-opt-22 --mlir-print-op-generic "$tmp/realloc.mlir" -o realloc_O1.generic.mlir
