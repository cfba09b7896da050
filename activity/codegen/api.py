"""``activity.compile`` and the checks of its options (re-exported by
:mod:`activity.codegen`; a module of its own so that what compiles code --
``compiled_gradient``, ``specialize`` -- can use it without importing the package
that imports them)."""

from __future__ import annotations

import warnings
from typing import Any

from xdsl.dialects.builtin import ModuleOp

from activity.errors import outside_stacklevel


def as_module(source: Any) -> ModuleOp:
    if isinstance(source, ModuleOp):
        return source
    from activity.frontend import parse

    return parse(source)


def _bufferized(source: Any) -> tuple[Any, bool]:
    """``source`` with its tensors bufferized and its linalg ops lowered to loops
    (:mod:`activity.tensor.bufferize`), or itself when it has neither; and whether it
    had them."""
    from activity.tensor.bufferize import has_tensors, lower_tensors

    module = as_module(source)
    return (lower_tensors(module), True) if has_tensors(module) else (module, False)


def check_options(opt: Any, fill: Any = None) -> None:
    """``opt`` an LLVM -O level and ``fill`` a byte, or a ``ValueError`` naming them
    (``opt=9`` raised an empty AssertionError deep in the JIT; ``fill=300`` was taken
    silently: user test)."""
    from numbers import Integral

    # (integers only, numpy's included: 2.0 == 2 let a float through to ctypes)
    if isinstance(opt, bool) or not isinstance(opt, Integral) or opt not in (0, 1, 2, 3):
        raise ValueError(f"opt must be an LLVM optimization level 0, 1, 2 or 3, got {opt!r}")
    if fill is not None and (isinstance(fill, bool) or not isinstance(fill, Integral)
                             or not 0 <= fill <= 255):
        raise ValueError(f"fill must be a byte (0-255) or None, got {fill!r}")


def resolve_threads(threads: int | str) -> int:
    """``threads`` as a number: ``"auto"`` is the number of CPUs this process may run on."""
    if isinstance(threads, str) and threads == "auto":
        import os

        try:
            return max(1, len(os.sched_getaffinity(0)))
        except AttributeError:  # pragma: no cover - not on Linux
            return max(1, os.cpu_count() or 1)
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise ValueError(f"threads must be a positive integer or 'auto', got {threads!r}")
    return threads


def compile(source: Any, func: str, target: str = "cpu", opt: int = 3,  # noqa: A001
            fill: int | None = None, emulate: bool = False, noalias: bool = False,
            threads: int | str = 1, reassoc: bool = False, speculate: bool | None = None,
            expand: bool | None = None, static_argnums: Any = (),
            check_bounds: bool = False) -> Any:
    """Compile ``func`` of ``source`` (a module, MLIR text or a path) to machine code.

    ``target="cpu"``: the host, through llvmlite's JIT at ``-O<opt>``; returns a
    :class:`~activity.codegen.jit.CompiledFunction`.  ``target="gpu"``: the outermost
    ``scf.parallel`` loops become NVPTX kernels (:mod:`activity.codegen.gpu`), launched
    through cuda-python when a device is present (``emulate=True`` runs host-compiled
    kernels over a simulated grid instead: for testing without a GPU).
    ``fill``: a byte to fill fresh memory (``memref.alloc``/``alloca``) with; by default
    it is left uninitialized, as upstream MLIR does (``0`` reproduces the reference
    interpreter's zeroed memory, ``0xFF`` fills doubles with NaN to catch reads of
    memory never written).  ``noalias=True`` (host only) promises that distinct memref
    arguments never overlap, which lets LLVM vectorize more; each call checks it.
    ``threads=n`` (host): the outermost ``scf.parallel`` loops run on ``n`` threads,
    each over a contiguous block of iterations (outlined like GPU kernels, with real
    atomics); a function without ``scf.parallel`` is compiled as usual;
    ``threads="auto"``: as many threads as this process may run on (as XLA does).
    ``reassoc=True`` lets LLVM reorder float sums and products (every float op gets
    the ``reassoc`` fast-math flag), so loops summing floats can be vectorized; results
    change in the last bits.  ``speculate=True`` turns small ``scf.if`` with pure
    branches into selects (:mod:`activity.codegen.speculate`), which lets such loops be
    vectorized too; by default (``None``) it goes with ``reassoc``.  ``expand``
    (``None``: unless ``reassoc``; host code only) splits loops whose only float
    recurrence is a sum into a loop doing the work, which LLVM can vectorize, and one
    adding its buffered terms in order (:mod:`activity.codegen.expand`): results stay
    bit-identical (but for adds marked ``fastmath<reassoc>`` in the module: a
    gradient's adjoint sums unless ``strict_adjoints``); small pure ``scf.if`` in the
    split loops are then speculated unless ``speculate=False``.
    ``static_argnums``: integer arguments whose values are compiled in, as ``jax.jit``
    compiles for its shapes (:mod:`activity.codegen.specialize`): the function is
    compiled on first call for each distinct tuple of their values, with them as
    constants -- loop bounds LLVM can see.  It is still called with every argument.
    ``static_argnums="auto"``: every integer argument.
    ``check_bounds=True`` (host): every memref access is checked against its memref's
    sizes, and a call that went out of bounds raises
    :class:`~activity.BoundsError` (an ``IndexError``: the op, its
    ``FILE:LINE:COL``, the index and the size) instead of reading or writing past an
    array -- for finding such bugs; slower, and ``scf.parallel`` loops run on one
    thread (:mod:`activity.codegen.checks`).  By default, as in upstream MLIR, an
    access out of bounds is undefined behaviour.  A failed ``cf.assert`` raises
    :class:`~activity.CompiledAssertionError`, checked or not, inside the parallel
    loops of ``threads=n`` too (in a kernel on a real GPU it traps).
    Compiled functions are cached per session.
    """
    from activity.codegen.specialize import wanted

    check_options(opt, fill)
    source, tensors = _bufferized(source)
    if check_bounds and target == "gpu":
        raise ValueError("check_bounds=True is for target='cpu' (the GPU target has no "
                         "bounds checks)")
    if wanted(static_argnums):
        from activity.codegen.specialize import SpecializingFunction, static_positions

        base = as_module(source)
        static = static_positions(base, func, static_argnums)
        if static:
            def make(m: ModuleOp) -> Any:
                return compile(m, func, target=target, opt=opt, fill=fill, emulate=emulate,
                               noalias=noalias, threads=threads, reassoc=reassoc,
                               speculate=speculate, expand=expand,
                               check_bounds=check_bounds)

            return SpecializingFunction(base, func, static, make)
        source = base
    from activity.codegen.prepare import prepare

    module = prepare(as_module(source), speculate=speculate, reassoc=reassoc,
                     expand=expand if target == "cpu" else False)
    threads = resolve_threads(threads)
    if target == "cpu" and threads > 1:
        from activity.codegen.gpu import compile_threads, outermost_parallels
        from activity.engine.program import Program

        fop = Program.of(module).functions.get(func)
        if fop is not None and outermost_parallels(fop):
            if not check_bounds:
                return compile_threads(module, func, threads, opt=opt, fill=fill)
            warnings.warn(f"check_bounds=True: the scf.parallel loops of @{func} run on one "
                          f"thread, not {threads}", stacklevel=outside_stacklevel())
    if target == "cpu":
        from activity.codegen.jit import compile_cpu

        return compile_cpu(module, func, opt=opt, fill=fill, noalias=noalias,
                           check_bounds=check_bounds, slp=tensors)
    if target == "gpu":
        from activity.codegen.gpu import compile_gpu

        return compile_gpu(module, func, opt=opt, fill=fill, emulate=emulate)
    raise ValueError(f"unknown target {target!r} (expected 'cpu' or 'gpu')")
