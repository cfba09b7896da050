#!/bin/sh
# Regenerate the llvm-dialect MLIR committed next to each C objective, with the
# flags of the paper's evaluation (issue 31):
#   NAME.mlir  what mlir-translate-22 prints; activity.parse reads it (through
#              mlir-opt-22 where xDSL cannot parse the custom syntax)
#   NAME.generic.mlir  the same module in generic op form, parsed by xDSL
#              without any LLVM tools installed (tests/test_c_objectives.py)
# Needs clang-22, mlir-translate-22 and mlir-opt-22.
set -eu
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for src in *.c; do
  name=${src%.c}
  clang-22 -O2 -fno-vectorize -fno-slp-vectorize -fno-unroll-loops -ffast-math \
    -S -emit-llvm "$src" -o "$tmp/$name.ll"
  mlir-translate-22 --import-llvm "$tmp/$name.ll" -o "$tmp/$name.mlir"
  mlir-opt-22 --mlir-print-op-generic "$tmp/$name.mlir" -o "$name.generic.mlir"
done
