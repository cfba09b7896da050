"""Misuse of compiled code raises a Python exception, never kills the process.

Each case calls compiled code the way a misuse campaign did (issue 36) -- sizes that
wrap an allocation's byte count around (a gradient's tape's too), a size argument
larger than its array under ``check_bounds=True`` -- in a subprocess of its own, and
asserts that the child
raised an exception of the right class whose message names the op's
``FILE:LINE:COL`` and the size, and that it exited normally: a signal (a
segmentation fault, glibc's ``abort()`` on a corrupted heap) shows as a negative
return code.  Before the fixes these calls aborted with ``double free or corruption``,
``free(): invalid pointer`` or ``munmap_chunk(): invalid pointer``, crashed with a
segmentation fault, or silently wrote into a 0-byte block.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# a buffer of n doubles, written and read at n - 1 (and its 2-D twin)
ALLOC = """\
func.func @f(%n: index, %x: f64) -> f64 {
  %c1 = arith.constant 1 : index
  %m = arith.subi %n, %c1 : index
  %a = memref.alloc(%n) : memref<?xf64>
  memref.store %x, %a[%m] : memref<?xf64>
  %y = memref.load %a[%m] : memref<?xf64>
  %z = arith.mulf %y, %x : f64
  memref.dealloc %a : memref<?xf64>
  return %z : f64
}
func.func @g(%n: index, %x: f64) -> f64 {
  %c1 = arith.constant 1 : index
  %m = arith.subi %n, %c1 : index
  %a = memref.alloc(%n, %n) : memref<?x?xf64>
  memref.store %x, %a[%m, %m] : memref<?x?xf64>
  %y = memref.load %a[%m, %m] : memref<?x?xf64>
  memref.dealloc %a : memref<?x?xf64>
  return %y : f64
}
func.func @par(%n: index, %x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = memref.alloc(%n) : memref<?xf64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %x, %t[%i] : memref<?xf64>
    scf.reduce
  }
  %y = memref.load %t[%c0] : memref<?xf64>
  memref.dealloc %t : memref<?xf64>
  return %y : f64
}
"""

# a loop whose gradient tapes a value per iteration: the tape holds n doubles
TAPE = """\
func.func @t(%x: f64, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (f64) {
    %s = math.sin %a : f64
    %p = arith.mulf %s, %a : f64
    scf.yield %p : f64
  }
  return %r : f64
}
"""

# double p(const double *x, int n) { double s = 0; for (int i = 0; i < n; i++)
# s += x[i] * x[i]; return s; } as clang -O1 and mlir-translate --import-llvm make it
# (attributes left out)
CLOOP = """\
llvm.func @p(%x: !llvm.ptr, %n: i32) -> f64 {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %z = llvm.mlir.constant(0.000000e+00 : f64) : f64
  %i0 = llvm.mlir.constant(0 : i64) : i64
  %one = llvm.mlir.constant(1 : i64) : i64
  %pos = llvm.icmp "sgt" %n, %c0 : i32
  llvm.cond_br %pos, ^bb1, ^bb2(%z : f64)
^bb1:
  %n64 = llvm.zext %n : i32 to i64
  llvm.br ^bb3(%i0, %z : i64, f64)
^bb2(%r: f64):
  llvm.return %r : f64
^bb3(%i: i64, %s: f64):
  %q = llvm.getelementptr inbounds %x[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f64
  %v = llvm.load %q {alignment = 8 : i64} : !llvm.ptr -> f64
  %vv = llvm.fmul %v, %v : f64
  %s2 = llvm.fadd %s, %vv : f64
  %i2 = llvm.add %i, %one : i64
  %done = llvm.icmp "eq" %i2, %n64 : i64
  llvm.cond_br %done, ^bb2(%s2 : f64), ^bb3(%i2, %s2 : i64, f64)
}
"""

# the child: run one call, print the exception's class and text as JSON
CHILD = """\
import json, sys
import numpy as np
import activity
path, how, func, args, opts = json.loads(sys.argv[1])
args = [np.arange(float(a[1])) if isinstance(a, list) else a for a in args]
make = activity.compile if how == "compile" else activity.gradient
try:
    out = make(path, func, **opts)(*args)
except Exception as e:
    print(json.dumps([type(e).__name__, [c.__name__ for c in type(e).__mro__], str(e)]))
else:
    print(json.dumps(["returned", [], repr(out)]))
"""

GRAD0 = {"argnums": 1}
Q = str(ROOT / "examples" / "quickstart.mlir")

# name: (file, compile|gradient, function, arguments (["arange", n]: np.arange(n)),
#        options, exception class, its base class, line:col, text in the message)
CASES = {
    "alloc_2_62": ("alloc", "compile", "f", [1 << 62, 2.0], {}, "AllocationError",
                   "MemoryError", "4:8", "memref.alloc in @f: the size in bytes overflows "
                   "64 bits: 4611686018427387904 elements of 8 bytes"),
    "alloc_2_61_checked": ("alloc", "compile", "f", [1 << 61, 2.0], {"check_bounds": True},
                           "AllocationError", "MemoryError", "4:8",
                           "overflows 64 bits: 2305843009213693952 elements"),
    "alloc_2_62_gradient": ("alloc", "gradient", "f", [1 << 62, 2.0], GRAD0,
                            "AllocationError", "MemoryError", "4:8",
                            "memref.alloc in @f_grad: the size in bytes overflows"),
    "tape_2_61": ("tape", "gradient", "t", [0.5, 1 << 61], {"argnums": 0},
                  "AllocationError", "MemoryError", "4:8", "memref.alloc in @t_grad (the "
                  "tape of this loop's values for the reverse sweep): the size in bytes "
                  "overflows 64 bits: 2305843009213693952 elements of 8 bytes"),
    "alloc_2d": ("alloc", "compile", "g", [1 << 32, 2.0], {}, "AllocationError",
                 "MemoryError", "14:8", "overflows 64 bits: 34359738368 bytes (the element "
                 "size times the sizes of dimensions 0..0) times dimension 1's size "
                 "4294967296"),
    "alloc_threads": ("alloc", "compile", "par", [1 << 62, 2.0], {"threads": 2},
                      "AllocationError", "MemoryError", "23:8", "overflows 64 bits"),
    "ptr_gradient": ("cloop", "gradient", "p", [["arange", 4], 6],
                     {"argnums": 0, "check_bounds": True}, "BoundsError", "IndexError",
                     "15:8", "llvm.load in @p_grad: the access of bytes 32..39 is out of "
                     "bounds of the 32-byte block"),
    "ptr_compile": ("cloop", "compile", "p", [["arange", 4], 10**9], {"check_bounds": True},
                    "BoundsError", "IndexError", "15:8", "llvm.load in @p: the access of "
                    "bytes 32..39 is out of bounds of the 32-byte block"),
    # README, docs/codegen.md: "a size argument larger than its array reads past it"
    "size_past_array": (Q, "gradient", "quickstart", [0.5, 1.0, ["arange", 7], 8],
                        {"argnums": 0, "check_bounds": True}, "BoundsError", "IndexError",
                        "34:10", "memref.load in @quickstart_grad: index 7 is out of bounds "
                        "for dimension 0 of size 7"),
}


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    d = tmp_path_factory.mktemp("misuse")
    out = {}
    for name, text in (("alloc", ALLOC), ("cloop", CLOOP), ("tape", TAPE)):
        (d / f"{name}.mlir").write_text(text)
        out[name] = str(d / f"{name}.mlir")
    return out


@pytest.mark.parametrize("case", sorted(CASES))
def test_misuse_raises_and_does_not_crash(sources: dict[str, str], case: str) -> None:
    src, how, func, args, opts, cls, base, at, text = CASES[case]
    path = sources.get(src, src)
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run([sys.executable, "-c", CHILD,
                           json.dumps([path, how, func, args, opts])],
                          capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode >= 0, (f"killed by signal {-proc.returncode}: "
                                  f"{proc.stderr.strip()[-400:]}")
    assert proc.returncode == 0, proc.stderr[-2000:]
    got, mro, msg = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got == cls, f"{got}: {msg}"
    assert base in mro and "ActivityError" in mro, mro
    assert msg.startswith(f"{path}:{at}: error: "), msg
    assert text in msg, msg
