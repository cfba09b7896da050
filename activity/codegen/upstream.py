"""Lowering through upstream MLIR (``mlir-opt`` / ``mlir-translate``), for cross-checks.

The same module lowered by MLIR's own conversion passes must compute what our lowering
computes, and -- since both use MLIR's calling convention and memref descriptors -- the
same packed wrapper and Python calling code serve both.  One known difference: upstream
loads an ``i1`` element with ``load i1`` (its low bit), ours as ``byte != 0`` (as numpy
and our interpreter read a ``bool_``), so the two agree on flags stored as 0 or 1 -- as
every flag our code stores is -- but not on other nonzero bytes passed in.  The tools
are looked up as ``mlir-opt-22`` / ``mlir-translate-22`` first, then without a version
suffix.
"""

from __future__ import annotations

import ctypes
import re
import shutil
import subprocess
from collections.abc import Sequence

import numpy as np
from llvmlite import binding as llvm
from llvmlite import ir
from xdsl.dialects.builtin import ModuleOp

from activity.codegen.jit import (
    _LOCK,
    CompiledFunction,
    Engine,
    add_wrapper,
    check_symbols,
    host_layout,
    host_machine,
    module_text,
    optimize,
)
from activity.codegen.lower import ModuleLowering
from activity.codegen.types import CodegenError

PIPELINE = (
    "--convert-scf-to-cf",
    "--expand-strided-metadata",
    "--lower-affine",
    "--convert-math-to-llvm",
    "--convert-math-to-libm",
    "--convert-arith-to-llvm",
    "--finalize-memref-to-llvm",
    "--convert-cf-to-llvm",
    "--convert-func-to-llvm",
    "--reconcile-unrealized-casts",
)


class _Unranked(ctypes.Structure):
    _fields_ = [("rank", ctypes.c_int64), ("desc", ctypes.c_void_p)]


def _memref_copy(elem: int, src: int, dst: int) -> None:
    """MLIR's runtime ``memrefCopy(elemSize, UnrankedMemRefType*, UnrankedMemRefType*)``
    (which upstream-lowered code calls for non-contiguous copies), with the snapshot
    semantics of the interpreter."""
    views = []
    for p in (src, dst):
        u = _Unranked.from_address(p)
        f = (ctypes.c_int64 * (3 + 2 * u.rank)).from_address(u.desc)
        aligned, off = f[1], f[2]
        sizes = list(f[3:3 + u.rank])
        strides = list(f[3 + u.rank:])
        n = off + sum((a - 1) * b for a, b in zip(sizes, strides, strict=True)) + 1
        if any(a == 0 for a in sizes):
            return
        raw = np.frombuffer((ctypes.c_char * (n * elem)).from_address(aligned),
                            dtype=np.dtype(f"V{elem}"))
        views.append(np.lib.stride_tricks.as_strided(
            raw[off:], shape=sizes, strides=[b * elem for b in strides]))
    views[1][...] = views[0].copy()


_COPY_FN = ctypes.CFUNCTYPE(None, ctypes.c_int64, ctypes.c_void_p, ctypes.c_void_p)(
    _memref_copy)


def runtime_symbols() -> None:
    """Make the MLIR runtime functions upstream-lowered code calls available."""
    if not llvm.address_of_symbol("memrefCopy"):
        llvm.add_symbol("memrefCopy", ctypes.cast(_COPY_FN, ctypes.c_void_p).value)


def find_tool(name: str) -> str | None:
    for cand in (f"{name}-22", name):
        path = shutil.which(cand)
        if path:
            return path
    return None


def tools() -> tuple[str, str] | None:
    """Paths of mlir-opt and mlir-translate, or None when either is missing."""
    opt, tr = find_tool("mlir-opt"), find_tool("mlir-translate")
    return (opt, tr) if opt and tr else None


def version_mismatch() -> str | None:
    """Why this process cannot read upstream's LLVM IR, or None: ``mlir-translate``
    writes the IR of its own LLVM release, which an llvmlite linking an older LLVM
    cannot parse (e.g. attribute groups it does not know)."""
    found = tools()
    if found is None:
        return "mlir-opt / mlir-translate not found on PATH"
    try:
        out = subprocess.run([found[1], "--version"], capture_output=True, text=True,
                             timeout=60).stdout
    except (OSError, subprocess.SubprocessError) as e:
        return f"{found[1]} --version failed: {e}"
    m = re.search(r"LLVM version (\d+)", out)
    if m is None:
        return None  # unknown: let parsing tell
    theirs, ours = int(m.group(1)), llvm.llvm_version_info[0]
    if ours < theirs:
        return (f"{found[1]} writes LLVM {theirs} IR but llvmlite links LLVM {ours} "
                "(llvmlite 0.50 links LLVM 22)")
    return None


def _run(cmd: Sequence[str], text: str) -> str:
    p = subprocess.run(list(cmd), input=text, capture_output=True, text=True, timeout=300)
    if p.returncode:
        first = (p.stderr.strip().splitlines() or ["(no message)"])[0]
        raise CodegenError(f"{cmd[0]} failed: {first}")
    return p.stdout


def to_llvm_ir(module: ModuleOp, pipeline: Sequence[str] = PIPELINE) -> str:
    """LLVM IR text for ``module`` as upstream MLIR lowers it."""
    found = tools()
    if found is None:
        raise CodegenError("mlir-opt / mlir-translate not found on PATH")
    opt, tr = found
    lowered = _run([opt, *pipeline], module_text(_strip_arg_attrs(module)))
    return _run([tr, "--mlir-to-llvmir"], lowered)


def _strip_arg_attrs(module: ModuleOp) -> ModuleOp:
    """A copy without argument/result attributes (upstream wants dialect-prefixed
    ones there; ours, like ``tag``, only matter to the analyses)."""
    clone = module.clone()
    for op in clone.walk():
        if op.name == "func.func":
            for key in ("arg_attrs", "res_attrs"):
                op.properties.pop(key, None)
                op.attributes.pop(key, None)
    return clone


def compile_upstream(module: ModuleOp, func: str, opt: int = 2) -> CompiledFunction:
    """JIT ``func`` as lowered by upstream MLIR, callable like :func:`compile`'s result.

    Results that are memrefs are copied but never freed (upstream code may return
    stack memory)."""
    why = version_mismatch()
    if why is not None:
        raise CodegenError(f"cannot compile through upstream MLIR: {why}")
    text = to_llvm_ir(module)
    tm = host_machine(opt)
    runtime_symbols()
    ml = ModuleLowering(module, _triple_only())
    fop = ml.program.functions.get(func)
    if fop is None:
        raise CodegenError(f"no function @{func}")
    _, ins, outs = ml.signature(fop)
    wrap = ir.Module(name="wrapper")
    wrap.triple = llvm.get_process_triple()
    add_wrapper(wrap, func, ins, outs)
    with _LOCK:
        main = llvm.parse_assembly(text)
        main.triple = llvm.get_process_triple()
        main.data_layout = host_layout(opt)
        w = llvm.parse_assembly(str(wrap))
        w.data_layout = host_layout(opt)
        main.link_in(w)
        main.verify()
        check_symbols(main)
        optimize(main, tm, opt)
        engine = Engine(main, tm)
    return CompiledFunction(engine, func, ins, outs, engine, free_results=False,
                            llvm_ir=text)


def _triple_only() -> object:
    from activity.codegen.lower import Target

    return Target("cpu", llvm.get_process_triple())
