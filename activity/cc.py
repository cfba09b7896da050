"""``activity cc driver.c [more.c ...] -o prog``: Enzyme's clang plugin, with our gradients.

Every C file is compiled with clang-22 (:mod:`activity.cfront`'s flags, ``--cflags``).
A file that calls ``__enzyme_autodiff`` goes through MLIR instead:

1. imported (clang-22 + mlir-translate-22), its calls read as Enzyme reads them
   (:mod:`activity.autodiff_calls`);
2. each distinct (function, activities) differentiated once, pruned by the activity
   analysis (``--no-prune``: the ``all_active`` baseline), small leaf callees inlined;
3. each call replaced by a call of its gradient: the primal arguments (narrowed where
   C's ``...`` promoted them), the shadows of ``dup``/``dupnoneed`` arguments, and a
   seed of 1.0 for the function's float result; the derivatives of ``active``
   arguments come back as Enzyme returns them -- one float, a struct of floats by
   value, or stored through the ``sret`` pointer clang passes for a larger struct;
   shadows accumulate, as under Enzyme;
4. the whole module (the file's own functions and the gradients, one translation unit:
   globals and ``static`` data are shared, ``extern`` ones resolved by the linker)
   lowered by upstream MLIR (``mlir-opt-22`` to the llvm dialect, ``mlir-translate-22
   --mlir-to-llvmir``) and compiled by clang-22 at the -O level of the flags.

clang-22 links the objects (``-lm``; ``-shared`` for a library).  Anything that cannot be
built is an :class:`ActivityError` at its C position.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

from xdsl.dialects import arith, func, llvm
from xdsl.dialects.builtin import (
    AnyFloat,
    DenseArrayBase,
    FloatAttr,
    IntegerType,
    ModuleOp,
    i64,
)
from xdsl.dialects.llvm import LLVMStructType
from xdsl.ir import Attribute, Operation, SSAValue

from activity import cfront
from activity.autodiff_calls import AutodiffCall, find_calls, narrowing, results_of
from activity.engine.program import Program
from activity.errors import ActivityError
from activity.frontend import carry_location, place_of

LINK_LIBS = ("-lm",)


def _opt_level(cflags: Sequence[str]) -> str:
    """The last ``-O`` flag of ``cflags`` (default ``-O2``)."""
    level = "-O2"
    for f in cflags:
        if re.fullmatch(r"-O[0-3sz]?|-Ofast", f):
            level = f
    return level


def differentiate_calls(module: ModuleOp, *, prune: bool = True,
                        inline: bool = True) -> tuple[ModuleOp, list[AutodiffCall]]:
    """``module`` with a gradient for each distinct ``__enzyme_autodiff`` call and every
    such call replaced by a call of its gradient; also the calls read (of ``module``).
    ``module`` itself is not changed."""
    from activity.ad.lift_cf import with_lifted
    from activity.ad.reverse import Differentiator

    calls = find_calls(module)
    out = module
    names: dict[tuple[str, tuple[str, ...]], str] = {}
    for call in calls:
        if call.key() in names:
            continue
        try:
            # (lifted first, as grad() does: loops as scf.for, tapes sized by trip
            # counts instead of run-time stacks; the blocks where that is refused)
            def make(m: ModuleOp, call: AutodiffCall = call) -> tuple[Differentiator, ModuleOp]:
                d = Differentiator(m, call.function, list(call.args), prune, inline=inline)
                return d, d.run()[0]

            d, out = with_lifted(out, make)
        except ActivityError as e:
            if e.file is None:  # (say which call asked for it)
                e = ActivityError(f"{e.message} (differentiating @{call.function} for "
                                  f"the call at {call.location})", **place_of(call.op))
            raise e from None
        names[call.key()] = d.grad_name
    program = Program.of(out)
    for call in find_calls(out) if out is not module else []:
        _replace(call, names[call.key()], program)
    _erase_dead(out)
    return out, calls


def _replace(call: AutodiffCall, grad: str, program: Program) -> None:
    """Replace ``call`` by a call of ``@grad`` (Enzyme's convention, docs/ad.md)."""
    op = call.op
    block = op.parent_block()
    assert block is not None
    fop = program.functions[call.function]
    gop = program.functions[grad]
    params = list(fop.regions[0].blocks[0].args)
    new: list[Operation] = []

    def add(o: Operation) -> SSAValue:
        new.append(o)
        return o.results[0]

    args: list[SSAValue] = []
    for p, v, s in zip(params, call.primals, call.shadows, strict=True):
        how = narrowing(v.type, p.type)
        if how == "fptrunc":
            v = add(arith.TruncFOp(v, p.type))
        elif how == "trunc":
            assert isinstance(p.type, IntegerType)
            v = add(arith.TruncIOp(v, p.type))
        args.append(v)
        if s is not None:
            args.append(s)
    for t in results_of(fop):
        if isinstance(t, AnyFloat):
            args.append(add(arith.ConstantOp(FloatAttr(1.0, t))))
    ft = gop.properties.get("function_type") or gop.attributes.get("function_type")
    outs = list(ft.outputs.data)  # type: ignore[union-attr]
    gcall = func.CallOp(grad, args, outs)
    new.append(gcall)
    grads = list(gcall.results)
    if call.sret is not None:
        st = call.sret_type
        for k, (g, want) in enumerate(zip(grads, call.result_types, strict=True)):
            g = _convert(g, want, add)
            at = add(llvm.GEPOp(call.sret, [0, k], st))
            new.append(llvm.StoreOp(g, at))
    elif op.results and op.results[0].uses:
        res = op.results[0]
        if isinstance(res.type, LLVMStructType):
            agg = add(llvm.UndefOp(res.type))
            for k, (g, want) in enumerate(zip(grads, call.result_types, strict=True)):
                agg = add(llvm.InsertValueOp(DenseArrayBase.from_list(i64, [k]), agg,
                                             _convert(g, want, add)))
            res.replace_all_uses_with(agg)
        else:
            res.replace_all_uses_with(_convert(grads[0], res.type, add))
    for o in new:
        carry_location(o, op)
    block.insert_ops_before(new, op)
    for r in op.results:
        if r.uses:  # (an unused result of a declared type was read: _result_types)
            raise ActivityError("internal: an __enzyme_autodiff result is still used",
                                **place_of(op))
    block.erase_op(op)


def _convert(v: SSAValue, want: Attribute, add: object) -> SSAValue:
    """A derivative of a float parameter as the float type the C declared."""
    if v.type == want:
        return v
    assert isinstance(v.type, AnyFloat) and isinstance(want, AnyFloat)
    op = (arith.ExtFOp(v, want) if v.type.bitwidth < want.bitwidth
          else arith.TruncFOp(v, want))
    return add(op)  # type: ignore[operator]


_PURE = ("llvm.mlir.addressof", "llvm.load", "llvm.bitcast", "llvm.ptrtoint",
         "llvm.addrspacecast", "llvm.zext", "llvm.sext", "llvm.trunc", "func.constant")


def _erase_dead(module: ModuleOp) -> None:
    """Erase the markers' loads and the functions' addresses the calls no longer use
    (an address of a function is what the lowering cannot take)."""
    changed = True
    while changed:
        changed = False
        for op in list(module.walk()):
            if op.name in _PURE and op.results and not any(r.uses for r in op.results) \
                    and not (op.name == "llvm.load" and _volatile(op)):
                parent = op.parent_block()
                if parent is not None:
                    parent.erase_op(op)
                    changed = True


def _volatile(op: Operation) -> bool:
    v = op.properties.get("volatile_") or op.attributes.get("volatile_")
    return v is not None


def _function_pointer(module: ModuleOp) -> Operation | None:
    """An op taking the address of a function (what the lowering refuses)."""
    funcs = Program.of(module).functions
    for op in module.walk():
        if op.name == "llvm.mlir.addressof":
            name = op.properties.get("global_name")
            if name is not None and name.string_value() in funcs:  # type: ignore[union-attr]
                return op
    return None


def module_to_llvm_ir(module: ModuleOp, display: str) -> str:
    """LLVM IR of the whole ``module`` as upstream MLIR lowers it."""
    from activity.codegen.types import CodegenError
    from activity.codegen.upstream import to_llvm_ir

    bad = _function_pointer(module)
    if bad is not None:
        name = bad.properties["global_name"].string_value()  # type: ignore[union-attr]
        raise ActivityError(f"activity cc: the address of function '@{name}' is taken "
                            "(function pointers other than __enzyme_autodiff's first "
                            "argument are not supported)", **place_of(bad))
    try:
        return to_llvm_ir(module)
    except CodegenError as e:
        raise ActivityError(f"lowering {display} through mlir-opt-22: {e.message}",
                            file=display) from None


def _run(cmd: list[str], what: str, display: str) -> None:
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=False)
    except (OSError, subprocess.SubprocessError) as e:
        raise ActivityError(f"could not run {Path(cmd[0]).name}: {e}", file=display) from None
    if p.returncode:
        raise cfront.tool_error(p.stderr, Path(cmd[0]).name, what, display, p.returncode)


def build(sources: Sequence[str], output: str, *, cflags: str | Sequence[str] | None = None,
          shared: bool = False, prune: bool = True, ldflags: Sequence[str] = (),
          keep: str | None = None, log: object = None) -> list[AutodiffCall]:
    """Compile and link ``sources`` (C files; objects and libraries are passed to the
    linker) into ``output``; returns the ``__enzyme_autodiff`` calls replaced."""
    import activity

    flags = list(cfront.split_cflags(cflags))
    if shared:
        flags.append("-fPIC")
    clang = cfront.find_tool(cfront.CLANG_NAMES)
    if clang is None:
        raise ActivityError(f"{cfront.CLANG_NAMES[0]} not found on PATH (needed to compile "
                            "and link; install clang-22)")
    replaced: list[AutodiffCall] = []
    with tempfile.TemporaryDirectory(prefix="activity-cc-") as tmp:
        work = Path(keep) if keep else Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        objects: list[str] = []
        for k, src in enumerate(sources):
            if not cfront.is_c_source(src) or not src.endswith(".c"):
                objects.append(src)  # (objects, archives, libraries: for the linker)
                continue
            if not os.path.isfile(src):
                raise ActivityError("cannot read file: No such file or directory", file=src)
            obj = str(work / f"{k}-{Path(src).stem}.o")
            module = activity.parse(src, cflags=flags)
            if not find_calls(module):
                _run([clang, *flags, "-c", src, "-o", obj], "compile C", src)
            else:
                out, calls = differentiate_calls(module, prune=prune)
                replaced += calls
                if log is not None:
                    for c in calls:
                        print(f"{c.location}: note: {c.callee} of @{c.function}"
                              f"({', '.join(c.args)}) replaced", file=log)  # type: ignore
                ll = work / f"{k}-{Path(src).stem}.ll"
                ll.write_text(module_to_llvm_ir(out, src))
                _run([clang, _opt_level(flags), *(["-fPIC"] if shared else []),
                      "-Wno-override-module", "-c", str(ll), "-o", obj],
                     "compile the gradient's LLVM IR", src)
            objects.append(obj)
        link = [clang, *(["-shared"] if shared else []), *objects, "-o", output,
                *LINK_LIBS, *ldflags]
        _run(link, "link", output)
    return replaced


EPILOG = """\
examples:
  activity cc prog.c -o prog && ./prog
  activity cc driver.c objective.c -o prog --cflags='-O3 -ffast-math'
  activity cc lib.c -shared -o libgrad.so
"""


def add_subcommand(sub: object) -> None:
    import argparse

    c = sub.add_parser(  # type: ignore[attr-defined]
        "cc", help="compile C that calls __enzyme_autodiff into a native program",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EPILOG,
        description="Compile and link C files as clang-22 would, every __enzyme_autodiff "
                    "call replaced by a call of the gradient activity generates "
                    "(Enzyme's conventions: markers enzyme_const/dup/dupnoneed/out, "
                    "shadows accumulated, the active arguments' derivatives returned).")
    c.add_argument("files", nargs="+", metavar="FILE",
                   help="C files (.c); objects and libraries are passed to the linker")
    c.add_argument("-o", "--output", required=True, help="the program (or library) to write")
    c.add_argument("-shared", "--shared", action="store_true", dest="shared",
                   help="build a shared library")
    c.add_argument("--no-prune", action="store_true",
                   help="the all_active baseline gradients (no activity analysis)")
    c.add_argument("--ldflags", default="", metavar="FLAGS",
                   help="more linker flags, written --ldflags='-L. -lfoo'")
    c.add_argument("--keep", default=None, metavar="DIR",
                   help="keep the intermediate LLVM IR and objects in DIR")
    c.add_argument("-v", "--verbose", action="store_true",
                   help="name each __enzyme_autodiff call replaced")


def dispatch(ns: object) -> int:
    import sys
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            build(ns.files, ns.output, cflags=ns.cflags, shared=ns.shared,  # type: ignore
                  prune=not ns.no_prune,  # type: ignore[attr-defined]
                  ldflags=cfront.split_cflags(ns.ldflags),  # type: ignore[attr-defined]
                  keep=ns.keep, log=sys.stderr if ns.verbose else None)  # type: ignore
        finally:
            for w in caught:
                print(f"{w.message}".replace(": ", ": warning: ", 1), file=sys.stderr)
    return 0


__all__ = ["add_subcommand", "build", "differentiate_calls", "dispatch"]
