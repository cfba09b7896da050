"""NVPTX code generation: libdevice, the NVPTX target machine, LLVM IR to PTX
(:func:`to_ptx`), and ``ptxas`` as a check that the PTX assembles."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
import tempfile

from llvmlite import binding as llvm

from activity.codegen.errors import CodegenError
from activity.codegen.jit import (
    _LOCK,
    init_llvm,
    optimize,
)

NVPTX_TRIPLE = "nvptx64-nvidia-cuda"
ARCHS = ("sm_80", "sm_90")


def find_libdevice() -> str | None:
    roots = [os.environ.get(k) for k in ("CUDA_HOME", "CUDA_PATH")]
    ptxas = shutil.which("ptxas")
    if ptxas:
        roots.append(os.path.dirname(os.path.dirname(os.path.realpath(ptxas))))
    roots += sorted(glob.glob("/usr/local/cuda*"), reverse=True) + ["/usr/lib/cuda"]
    # NVIDIA's pip wheels (nvidia-cuda-nvcc and the like) put it under site-packages
    roots += [d for p in sys.path if p for d in sorted(glob.glob(os.path.join(
        p, "nvidia", "*")) + glob.glob(os.path.join(p, "nvidia", "cu*", "*")))]
    for r in roots:
        if r:
            hits = sorted(glob.glob(os.path.join(r, "nvvm", "libdevice", "libdevice*.bc")))
            if hits:
                return hits[-1]
    return None


def nvptx_machine(arch: str, opt: int = 3) -> llvm.TargetMachine:
    init_llvm()
    return llvm.Target.from_triple(NVPTX_TRIPLE).create_target_machine(cpu=arch, opt=opt)


def to_ptx(llvm_ir: str, arch: str, opt: int = 3, needs_libdevice: bool = False) -> str:
    """PTX assembly for ``arch`` from the kernel module's LLVM IR."""
    with _LOCK:
        tm = nvptx_machine(arch, opt)
        mod = llvm.parse_assembly(llvm_ir)
        mod.triple = NVPTX_TRIPLE
        mod.data_layout = str(tm.target_data)
        if needs_libdevice:
            path = find_libdevice()
            if path is None:
                raise CodegenError("a kernel uses math functions but libdevice (CUDA's "
                                   "nvvm/libdevice/libdevice.10.bc) was not found; set "
                                   "CUDA_HOME")
            with open(path, "rb") as fh:
                lib = llvm.parse_bitcode(fh.read())
            lib.triple = NVPTX_TRIPLE
            lib.data_layout = str(tm.target_data)
            mod.link_in(lib)
            for f in mod.functions:
                if f.name.startswith("__nv_") or f.name.startswith("__internal"):
                    if not f.is_declaration:
                        f.linkage = llvm.Linkage.internal
        mod.verify()
        optimize(mod, tm, opt)
        return tm.emit_assembly(mod)


def ptxas(ptx: str, arch: str) -> str | None:
    """Assemble PTX with ``ptxas`` (None when it is not installed); raises CodegenError
    with ptxas's message when the PTX is rejected."""
    exe = shutil.which("ptxas")
    if exe is None:
        return None
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "k.ptx")
        with open(src, "w") as fh:
            fh.write(ptx)
        p = subprocess.run([exe, f"-arch={arch}", src, "-o", os.path.join(d, "k.cubin")],
                           capture_output=True, text=True, timeout=300)
        if p.returncode:
            raise CodegenError(f"ptxas -arch={arch} rejected the PTX: {p.stderr.strip()}")
        return p.stderr

