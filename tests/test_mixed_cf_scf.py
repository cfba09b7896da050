"""Compiled gradients of functions mixing cf blocks and scf loops, with a ``malloc`` in a
loop of blocks (the forward sweep's shadow of it, ``FwdShadow``) used by scf loops of
its own block: the reverse sweep freed that shadow at the head of its block's mirror,
before the mirrors of the scf loops that accumulate into it -- a use after free that the
interpreter did not see and that corrupted the compiled gradient's heap
(``malloc_consolidate(): unaligned fastbin chunk detected``).  Hand-written MLIR, as
:func:`activity.ad.lift_cf.lift_module` keeps such a function in block form (it replaces
only functions that lift to one block); the compiled gradient runs in a subprocess, as
the old code crashed the process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import activity
from activity.ad.lift_cf import lift_module

ROOT = Path(__file__).resolve().parent.parent

# a loop of blocks with two exits (lift_cf keeps it as blocks), a malloc in its header
# written by one scf.for and read by another in the same block
MIXED = """
module {
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @free(!llvm.ptr)
  func.func @mixed(%m: i64, %n: i64, %x: !llvm.ptr, %y: !llvm.ptr) -> f64 {
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    %c8 = arith.constant 8 : i64
    %z = arith.constant 0.0 : f64
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %nn = arith.index_cast %n : i64 to index
    %bytes = arith.muli %n, %c8 : i64
    cf.br ^loop(%c0, %z : i64, f64)
  ^loop(%i: i64, %acc: f64):
    %s = llvm.call @malloc(%bytes) : (i64) -> !llvm.ptr
    %yi_p = llvm.getelementptr %y[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %yi = llvm.load %yi_p : !llvm.ptr -> f64
    scf.for %j = %i0 to %nn step %i1 {
      %jj = arith.index_cast %j : index to i64
      %xp = llvm.getelementptr %x[%jj] : (!llvm.ptr, i64) -> !llvm.ptr, f64
      %xv = llvm.load %xp : !llvm.ptr -> f64
      %t = arith.mulf %xv, %yi : f64
      %u = math.sin %t : f64
      %sp = llvm.getelementptr %s[%jj] : (!llvm.ptr, i64) -> !llvm.ptr, f64
      llvm.store %u, %sp : f64, !llvm.ptr
    }
    %acc2 = scf.for %j = %i0 to %nn step %i1 iter_args(%a = %acc) -> (f64) {
      %jj = arith.index_cast %j : index to i64
      %sp = llvm.getelementptr %s[%jj] : (!llvm.ptr, i64) -> !llvm.ptr, f64
      %sv = llvm.load %sp : !llvm.ptr -> f64
      %q = arith.mulf %sv, %sv : f64
      %a2 = arith.addf %a, %q : f64
      scf.yield %a2 : f64
    }
    %big = arith.cmpf ogt, %acc2, %z : f64
    llvm.call @free(%s) : (!llvm.ptr) -> ()
    %i2 = arith.addi %i, %c1 : i64
    cf.cond_br %big, ^next, ^exit(%acc2 : f64)
  ^next:
    %more = arith.cmpi slt, %i2, %m : i64
    cf.cond_br %more, ^loop(%i2, %acc2 : i64, f64), ^exit(%acc2 : f64)
  ^exit(%r: f64):
    return %r : f64
  }
}
"""

ACTS = ["const", "const", "dup", "dup"]

# compiled gradient (three calls), interpreter gradient and central differences of the
# compiled primal, printed as JSON
_CHILD = r"""
import json, sys
import numpy as np
import activity
src, prune = sys.argv[1], sys.argv[2] == "pruned"
acts = ["const", "const", "dup", "dup"]
m = activity.parse(src)
M, N = 4, 5
rng = np.random.default_rng(3)
xs = [M, N, rng.normal(size=N), rng.normal(size=M)]
f = activity.compile(m, "mixed")
fd = []
for i in (2, 3):
    d = np.zeros(xs[i].size)
    for j in range(xs[i].size):
        up = [x.copy() if isinstance(x, np.ndarray) else x for x in xs]
        dn = [x.copy() if isinstance(x, np.ndarray) else x for x in xs]
        up[i][j] += 1e-6
        dn[i][j] -= 1e-6
        d[j] = (f(*up) - f(*dn)) / 2e-6
    fd.append(d.tolist())
g = activity.grad(m, "mixed", acts, prune=prune)
sh = [np.zeros(N), np.zeros(M)]
activity.evaluate(g, "mixed_grad", M, N, xs[2].copy(), sh[0], xs[3].copy(), sh[1], 1.0)
grad = activity.gradient(m, "mixed", prune=prune, args=acts)
comp = [grad(M, N, xs[2].copy(), xs[3].copy()) for _ in range(3)]
print(json.dumps({"fd": fd, "interp": [s.tolist() for s in sh],
                  "compiled": [[c.tolist() for c in cs] for cs in comp]}))
"""


def test_mixed_function_stays_in_block_form() -> None:
    """What the gradient tests below differentiate is the block form with scf loops
    inside blocks (lift_cf does not lift it to one block)."""
    m = activity.parse(MIXED)
    assert lift_module(m) is m
    f = next(op for op in m.body.block.ops if op.name == "func.func")
    assert len(f.regions[0].blocks) == 4
    assert sum(op.name == "scf.for" for op in f.walk()) == 2


@pytest.mark.parametrize("prune", [True, False], ids=["pruned", "all_active"])
def test_compiled_gradient_of_mixed_cf_scf_with_malloc(prune: bool) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + [p for p in
                                         env.get("PYTHONPATH", "").split(os.pathsep) if p])
    r = subprocess.run([sys.executable, "-c", _CHILD, MIXED,
                        "pruned" if prune else "all_active"],
                       capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)
    assert r.returncode == 0, (r.returncode, r.stderr[-2000:])
    out = json.loads(r.stdout.strip().splitlines()[-1])

    for k in range(2):
        fd = np.array(out["fd"][k])
        it = np.array(out["interp"][k])
        assert np.abs(it - fd).max() <= 1e-6, (k, it, fd)
        for cs in out["compiled"]:
            assert np.abs(np.array(cs[k]) - it).max() <= 1e-12, (k, cs[k], it)
