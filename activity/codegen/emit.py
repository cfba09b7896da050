"""Ahead-of-time output: ``--emit mlir|llvm|obj|ptx`` for the command line.

* ``mlir``: the module as MLIR text;
* ``llvm``: LLVM IR of the functions (and their callees) for the host triple, optimized
  at ``-O<opt>``, with MLIR's calling convention (memrefs as expanded descriptors), so
  it links with code lowered by upstream MLIR;
* ``obj``: the same as a relocatable (PIC) object file for the host;
* ``ptx``: the NVPTX kernels of the functions' outermost ``scf.parallel`` loops
  (``--arch sm_80`` by default).

The CLI hooks this in with :func:`add_emit_arguments` (on the subcommand's parser) and
:func:`emit_from_args` (after the module is built).
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Sequence
from typing import Any

from xdsl.dialects.builtin import ModuleOp
from xdsl.printer import Printer

from activity.codegen.errors import CodegenError

FORMATS = ("mlir", "llvm", "obj", "ptx")


def emit(module: ModuleOp, funcs: Sequence[str], fmt: str, opt: int = 3,
         arch: str = "sm_80", reassoc: bool = False, expand: bool | None = None
         ) -> str | bytes:
    """``module`` (or the code of ``funcs``) in format ``fmt``; bytes for ``obj``.
    ``reassoc``, ``expand``: as for ``activity.compile`` (llvm, obj and ptx; ``expand``
    only for host code)."""
    if fmt != "mlir":
        from activity.codegen.api import _bufferized
        from activity.codegen.prepare import prepare

        # (tensor programs bufferized and their linalg ops lowered to loops, as
        # activity.compile does: without it every tensor type was refused here)
        module = _bufferized(module)[0]
        module = prepare(module, reassoc=reassoc, expand=expand if fmt != "ptx" else False)
    if fmt == "mlir":
        buf = io.StringIO()
        Printer(stream=buf).print_op(module)
        return buf.getvalue() + "\n"
    if fmt in ("llvm", "obj"):
        return _host(module, funcs, fmt, opt)
    if fmt == "ptx":
        return _ptx(module, funcs, opt, arch)
    raise CodegenError(f"unknown output format '{fmt}' (expected one of {', '.join(FORMATS)})")


def _host(module: ModuleOp, funcs: Sequence[str], fmt: str, opt: int) -> str | bytes:
    from llvmlite import binding as llvm

    from activity.codegen.jit import _LOCK, host_features, host_target, init_llvm, optimize
    from activity.codegen.lower import ModuleLowering

    init_llvm()
    ml = ModuleLowering(module, host_target(opt), name="activity")
    text = str(ml.lower(list(funcs)))
    with _LOCK:
        target = llvm.Target.from_triple(llvm.get_process_triple())
        tm = target.create_target_machine(cpu=llvm.get_host_cpu_name(),
                                          features=host_features(),
                                          opt=opt, reloc="pic")
        mod = llvm.parse_assembly(text)
        mod.verify()  # external symbols resolve at link time
        optimize(mod, tm, opt)
        if fmt == "llvm":
            return str(mod)
        return bytes(tm.emit_object(mod))


def _ptx(module: ModuleOp, funcs: Sequence[str], opt: int, arch: str) -> str:
    from activity.codegen.gpu import kernel_module, to_ptx
    from activity.engine.program import Program

    prog = Program.of(module)
    parts = []
    for f in funcs:
        fop = prog.functions.get(f)
        if fop is None:
            raise CodegenError(f"no function @{f} in the module")
        kml, _ = kernel_module(module, fop, f, opt)
        text = str(kml.ir)
        needs_lib = any(fn.name.startswith("__nv_") for fn in kml.ir.functions)
        parts.append(to_ptx(text, arch, opt, needs_lib))
    return "\n".join(parts)


# NVPTX processors LLVM 22 knows (an unknown one gave a `.target` ptxas refuses, and a
# dozen "not a recognized processor" lines on stderr: user test)
_ARCH = re.compile(r"sm_(?:2[01]|3[0257]|5[023]|6[012]|7[025]|8[06789]|90a?"
                   r"|1(?:0[013]|10|2[01])[af]?)\Z")


def _arch(text: str) -> str:
    if not _ARCH.match(text):
        raise argparse.ArgumentTypeError(f"unknown GPU architecture {text!r} (e.g. sm_80, "
                                         "sm_90, sm_90a)")
    return text


def add_emit_arguments(parser: argparse.ArgumentParser) -> None:
    """``--emit``, ``--opt`` and ``--arch`` for a subcommand that builds a module."""
    parser.add_argument("--emit", choices=FORMATS, default=None,
                        help="output format: mlir (default), llvm (LLVM IR for this host), "
                             "obj (object file, needs -o), ptx (NVPTX kernels of the "
                             "scf.parallel loops)")
    parser.add_argument("--opt", type=int, choices=(0, 1, 2, 3), default=3,
                        help="LLVM optimization level for --emit llvm/obj/ptx (default 3)")
    parser.add_argument("--arch", default="sm_80", type=_arch,
                        help="GPU architecture for --emit ptx (default sm_80; e.g. sm_90, "
                             "sm_90a)")
    parser.add_argument("--reassoc", action="store_true",
                        help="for --emit llvm/obj/ptx: let LLVM reorder float sums and "
                             "products (vectorized reductions; results change in the last "
                             "bits) and turn small pure scf.if into selects")
    parser.add_argument("--no-expand", action="store_true",
                        help="for --emit llvm/obj: do not split loops whose only float "
                             "recurrence is a sum (by default they are, so that they "
                             "vectorize with the sum's order kept)")


def emit_from_args(ns: argparse.Namespace, module: ModuleOp, funcs: Sequence[str],
                   output: str | None = None, stdout: Any = None) -> bool:
    """Handle ``--emit`` (True when it wrote the output; False for plain MLIR, which
    the caller prints its own way)."""
    fmt = getattr(ns, "emit", None)
    if fmt is None or fmt == "mlir":
        return False
    out = emit(module, funcs, fmt, getattr(ns, "opt", 3), getattr(ns, "arch", "sm_80"),
               bool(getattr(ns, "reassoc", False)),
               False if getattr(ns, "no_expand", False) else None)
    path = output if output is not None else getattr(ns, "output", None)
    if isinstance(out, bytes):
        if path is None:
            raise CodegenError("--emit obj writes binary output: give -o FILE")
        mode, data = "wb", out
    else:
        if path is None:
            (stdout or sys.stdout).write(out)
            return True
        mode, data = "w", out
    try:
        with open(path, mode) as fh:
            fh.write(data)
    except OSError as e:
        raise CodegenError(f"cannot write {path}: {e.strerror}") from None
    return True
