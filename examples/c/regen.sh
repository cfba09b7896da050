#!/bin/sh
# Regenerate the llvm-dialect MLIR committed next to each C example:
#   NAME.mlir          what mlir-translate prints (custom syntax; xDSL cannot
#                      parse all of it, activity falls back to mlir-opt-22)
#   NAME.generic.mlir  the same module in generic op form, which xDSL parses
#                      without any LLVM tools installed
# Needs clang-22, mlir-translate-22 and mlir-opt-22 (Debian/Ubuntu packages
# clang-22 and mlir-22-tools).
set -eu
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for src in *.c; do
  name=${src%.c}
  clang-22 -S -emit-llvm -O1 -fno-discard-value-names "$src" -o "$tmp/$name.ll"
  mlir-translate-22 --import-llvm "$tmp/$name.ll" -o "$name.mlir"
  mlir-opt-22 --mlir-print-op-generic "$name.mlir" -o "$name.generic.mlir"
done
