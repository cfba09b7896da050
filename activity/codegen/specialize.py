"""Integer arguments known when compiling (``static_argnums``), as ``jax.jit`` knows shapes.

``jax.jit`` compiles a function once per distinct set of array shapes: its loop bounds
are constants, so XLA unrolls, keeps small arrays in registers and sizes its buffers at
compile time.  Our functions take their sizes as integer arguments, so LLVM sees loops
of unknown length.  ``static_argnums`` closes that gap: the integer arguments named are
replaced by ``arith.constant`` ops at the top of the function's body before anything
else runs (before differentiation, for a gradient), and the function is compiled once
per distinct tuple of their values.  The signature stays as it is -- a specialized
function is called with the same arguments, the static ones included, and ignores
them -- so every calling convention, native entry and ahead-of-time symbol keeps its
shape.

Only integer-typed arguments (``index``, ``iN``) can be static: a float known at compile
time would change rounding (LLVM folds), and a buffer has no value to bake in.  A
function that calls itself (directly or through others) cannot have static arguments:
its recursive calls would run the body specialized for the first call's values.
Versions are kept for the session without a limit, as ``jax.jit`` keeps its own.
"""

from __future__ import annotations

import operator
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from xdsl.dialects import arith
from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType, ModuleOp

from activity.codegen.errors import CodegenError
from activity.engine.program import Program, entry_args, has_body
from activity.frontend import carry_location


def wanted(static_argnums: Any) -> bool:
    """Whether ``static_argnums`` asks for any static argument (``"auto"``: every
    integer argument, if there is one)."""
    return _auto(static_argnums) or bool(as_positions(static_argnums))


def _auto(static_argnums: Any) -> bool:
    # (``x == "auto"`` on a numpy array compares element by element)
    return isinstance(static_argnums, str) and static_argnums == "auto"


def as_positions(static_argnums: Any) -> tuple[int, ...]:
    """``static_argnums`` (``None``, an int or a sequence of ints, numpy's included) as
    a tuple of ints; a ``ValueError`` for anything else."""
    if static_argnums is None:
        return ()
    if isinstance(static_argnums, str):
        raise ValueError(f"static_argnums: expected 'auto', an argument number or a "
                         f"sequence of them, got {static_argnums!r}")
    if hasattr(static_argnums, "__index__") and not isinstance(static_argnums, bool) \
            and getattr(static_argnums, "ndim", 0) == 0:  # (a numpy array: a sequence)
        return (operator.index(static_argnums),)
    try:
        items = list(static_argnums)
    except TypeError:
        raise ValueError("static_argnums: expected an argument number or a sequence of "
                         f"them, got {static_argnums!r}") from None
    out = []
    for i in items:
        if isinstance(i, bool) or not hasattr(i, "__index__"):
            raise ValueError(f"static_argnums: expected argument numbers, got {i!r}")
        out.append(operator.index(i))
    return tuple(out)


def static_positions(module: ModuleOp, func: str, static_argnums: Any) -> tuple[int, ...]:
    """``static_argnums`` checked against ``func``'s signature: sorted, without
    repeats; a ``ValueError`` names a missing or non-integer argument, or a recursive
    ``func``.  ``"auto"``: every integer argument (the sizes, as ``jax.jit`` takes every
    shape), none if ``func`` calls itself."""
    prog = Program.of(module)
    fop = prog.functions.get(func)
    if fop is None:
        raise CodegenError(f"no function @{func} in the module")
    if not has_body(fop):
        raise ValueError(f"static_argnums: @{func} is a declaration without a body")
    params = entry_args(fop)
    if _auto(static_argnums):
        if _recursive(prog, func):
            return ()
        return tuple(i for i, p in enumerate(params)
                     if isinstance(p.type, IndexType | IntegerType))
    nums = as_positions(static_argnums)
    out = set()
    for i in nums:
        if -len(params) <= i < 0:  # (counted from the end, as jax.jit takes them)
            i += len(params)
        if not 0 <= i < len(params):
            raise ValueError(f"static_argnums: @{func} has no argument {i} "
                             f"(it takes {len(params)})")
        t = params[i].type
        if not isinstance(t, IndexType | IntegerType):
            raise ValueError(f"static_argnums: argument {i} of @{func} has type {t}; only "
                             "integer (index, iN) arguments can be static")
        out.add(i)
    if out and _recursive(prog, func):
        raise ValueError(f"static_argnums: @{func} calls itself (directly or through other "
                         "functions), and its recursive calls would run the body "
                         "specialized for the first call's values")
    return tuple(sorted(out))


def _recursive(prog: Program, func: str) -> bool:
    import networkx as nx

    from activity.summaries.derive import call_graph

    cg = call_graph(prog, prog.functions)
    return cg.has_edge(func, func) or any(
        func in comp and len(comp) > 1 for comp in nx.strongly_connected_components(cg))


def check_value(func: str, i: int, t: Any, x: Any) -> int:
    """``x`` as a Python int that fits argument ``i``'s type, or a ``TypeError`` /
    ``ValueError`` saying why not (as a compiled call would)."""
    if isinstance(t, IntegerType) and t.width.data == 1:
        if isinstance(x, bool) or (hasattr(x, "dtype") and x.dtype == bool):
            return int(bool(x))
    if isinstance(x, bool) or not hasattr(x, "__index__"):
        raise TypeError(f"@{func}: static argument {i} must be an integer, got "
                        f"{type(x).__name__}")
    v = operator.index(x)
    width = 64 if isinstance(t, IndexType) else t.width.data
    # signless: either reading, as a call takes them (a flag: 0 or 1); the key is the
    # signed reading, so that 200 and -56 for an i8 share one version
    lo, hi = (0, 1) if width == 1 else (-(1 << (width - 1)), (1 << width) - 1)
    if not lo <= v <= hi:
        raise ValueError(f"@{func}: static argument {i} = {v} does not fit {t}")
    if width > 1 and v >= 1 << (width - 1):
        v -= 1 << width
    return v


def specialize(module: ModuleOp, func: str, values: Mapping[int, int]) -> ModuleOp:
    """A clone of ``module`` in which ``func``'s arguments ``values`` (position -> int)
    are constants: each becomes an ``arith.constant`` at the top of the entry block
    and every use of the argument uses it instead.  The argument itself stays (unused)."""
    out = module.clone()
    carry_location(out, module)
    specialize_in_place(out, func, values)
    return out


def specialize_in_place(out: ModuleOp, func: str, values: Mapping[int, int]) -> None:
    """:func:`specialize` on ``out`` itself (its ops keep their source locations)."""
    fop = Program.of(out).functions.get(func)
    if fop is None:
        raise CodegenError(f"no function @{func} in the module")
    params = entry_args(fop)
    block = fop.regions[0].blocks.first
    assert block is not None
    first = block.first_op
    for i, v in sorted(values.items()):
        p = params[i]
        t = p.type
        if not isinstance(t, IndexType | IntegerType):
            raise ValueError(f"static argument {i} of @{func} has type {t}")
        if isinstance(t, IntegerType) and t.width.data > 1 and v >= 1 << (t.width.data - 1):
            v -= 1 << t.width.data  # the same bits, as the signed value IntegerAttr wants
        c = arith.ConstantOp(IntegerAttr(v, t))
        if p.name_hint:
            c.results[0].name_hint = p.name_hint
        if first is None:
            block.add_op(c)
        else:
            block.insert_op_before(c, first)
        p.replace_all_uses_with(c.results[0])


class Specializing:
    """A compiled function (or gradient) of ``func`` that is compiled anew for every
    distinct tuple of its static arguments' values, on first use; the compiled
    versions are kept for the session (as ``jax.jit`` keeps one per shape).  Calls and
    ``prepare`` take every argument, the static ones included."""

    def __init__(self, module: ModuleOp, func: str, static: Sequence[int],
                 make: Callable[[ModuleOp], Any], what: str = "compiled") -> None:
        self.module = module
        self.func = func
        self.static = tuple(static)
        fop = Program.of(module).functions[func]
        params = entry_args(fop)
        self._types = [params[i].type for i in self.static]
        self._n = len(params)
        self._make = make
        self._what = what
        self.versions: dict[tuple[int, ...], Any] = {}
        self._lock = threading.Lock()  # one compile per new version, whatever the threads
        # the versions by the values of calls seen before, when all are exactly ints:
        # a call's lookup without the checks
        self._seen: dict[tuple[Any, ...], Any] = {}

    def __repr__(self) -> str:
        return (f"<{self._what} @{self.func}, static arguments {list(self.static)}: "
                f"{len(self.versions)} version(s)>")

    def key(self, xs: Sequence[Any]) -> tuple[int, ...]:
        if len(xs) != self._n:
            raise TypeError(f"@{self.func} takes {self._n} arguments, got {len(xs)}")
        return tuple(check_value(self.func, i, t, xs[i])
                     for i, t in zip(self.static, self._types, strict=True))

    def version(self, xs: Sequence[Any]) -> Any:
        """The compiled version for the static values in ``xs`` (compiled now if new)."""
        raw = tuple([xs[i] for i in self.static]) if len(xs) == self._n else ()
        exact = bool(raw) and all(type(x) is int for x in raw)
        if exact:
            fn = self._seen.get(raw)
            if fn is not None:
                return fn
        k = self.key(xs)
        with self._lock:
            fn = self.versions.get(k)
            if fn is None:
                fn = self._make(specialize(self.module, self.func,
                                           dict(zip(self.static, k, strict=True))))
                self.versions[k] = fn
        if exact:
            self._seen[raw] = fn
        return fn

    def __call__(self, *xs: Any) -> Any:
        return self.version(xs)(*xs)


class SpecializingFunction(Specializing):
    """``activity.compile(..., static_argnums=...)``: ``prepare(args)`` as
    :meth:`~activity.codegen.jit.CompiledFunction.prepare`."""

    def prepare(self, args: Sequence[Any], fresh: bool = False,
                restore: Sequence[int] | None = None) -> Any:
        return self.version(args).prepare(args, fresh=fresh, restore=restore)


class SpecializingGradient(Specializing):
    """``activity.gradient(..., static_argnums=...)``: ``prepare(*xs)`` as
    :meth:`~activity.codegen.compiled_gradient.GradientFunction.prepare`."""

    def prepare(self, *xs: Any) -> Any:
        return self.version(xs).prepare(*xs)


__all__ = ["Specializing", "SpecializingFunction", "SpecializingGradient", "as_positions",
           "check_value", "specialize", "specialize_in_place", "static_positions", "wanted"]
