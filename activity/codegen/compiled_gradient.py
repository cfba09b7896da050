"""``activity.gradient``: a ``jax.grad``-like callable over compiled reverse-mode code.

``gradient(source, func, argnums=None)`` differentiates ``func`` with
:func:`activity.grad` (pruned by the activity analysis unless ``prune=False``), compiles
``<func>_grad`` and returns a function of ``func``'s own arguments that allocates the
shadows, seeds every float result with 1.0 (the gradient of their sum) and returns the
gradients of the arguments in ``argnums``: a float for a float argument, an array of
the argument's shape for a memref.  Arguments are not modified (the primal buffers the
gradient may write are copied; the others are passed as they are).

Activities: an argument in ``argnums`` is ``active`` (float) or ``dup`` (memref); a float
memref outside ``argnums`` is ``dup`` with a discarded shadow when ``func`` may write
it (derivatives can flow through its contents) and ``const`` otherwise; everything
else is ``const``.  ``args=`` overrides all of that with an explicit activity list.
"""

from __future__ import annotations

import copy as _copy
import operator
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from xdsl.dialects.builtin import (
    AnyFloat,
    FunctionType,
    IntegerType,
    MemRefType,
    ModuleOp,
    TensorType,
)
from xdsl.dialects.llvm import LLVMPointerType
from xdsl.ir import Operation, SSAValue

from activity.arguments import labels
from activity.codegen.errors import CodegenError
from activity.codegen.jit import (
    C_WRITEABLE,
    PreparedArguments,
    _bounds,
    block_owner,
    data_pointer,
)
from activity.engine.program import Program, entry_args
from activity.engine.types import pointee
from activity.ops import TABLE, OpKind, op_name

_READ_ONLY_USES = frozenset({"memref.load", "memref.dim", "memref.rank",
                             "memref.extract_aligned_pointer_as_index", "llvm.load",
                             "llvm.icmp"})  # (a compared pointer is not written)
_VIEWS = frozenset(n for n, s in TABLE.items() if s.kind is OpKind.MEM_VIEW and s.view)
# for passing a caller's array without a copy: its address must not escape either
_STRICT_READ_ONLY = _READ_ONLY_USES - {"memref.extract_aligned_pointer_as_index"}


_BUFFER, _COPY, _DUP = 1, 2, 4
_MISS = object()  # the fast call's "take the general path"
_ndarray = np.ndarray
_zeros = np.zeros


def may_write(v: SSAValue, read_only: frozenset[str] = _READ_ONLY_USES) -> bool:
    """Whether the buffer of memref ``v`` may be written (conservative, syntactic):
    every use, through views, must be a load, a shape query or a copy source (or one
    of ``read_only``)."""
    todo = [v]
    seen: set[int] = set()
    while todo:
        x = todo.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        for use in x.uses:
            user: Operation = use.operation
            name = op_name(user)
            if name in read_only:
                continue
            if name == "memref.copy" and use.index == 0:
                continue
            if name in _VIEWS:
                todo += list(user.results)
                continue
            return True
    return False


def _one(argnums: Any) -> bool:
    """``argnums`` names one argument (an int, numpy's included): its gradient alone is
    returned, as ``jax.grad`` does."""
    return hasattr(argnums, "__index__") and not isinstance(argnums, bool | np.bool_) \
        and getattr(argnums, "ndim", 0) == 0  # (a numpy array of them: a sequence)


def _differentiable(t: Any) -> bool:
    return isinstance(t, AnyFloat | LLVMPointerType) or _float_tensor(t) or (
        isinstance(t, MemRefType) and isinstance(t.element_type, AnyFloat))


def _float_tensor(t: Any) -> bool:
    """A tensor of floats: an ``active`` argument (its adjoint is returned, an
    array), a result seeded with an array of ones."""
    return isinstance(t, TensorType) and isinstance(t.element_type, AnyFloat)


def _result_types(fop: Operation) -> list[Any]:
    """``fop``'s result types as written (tensors as tensors)."""
    from activity.codegen.lower import ModuleLowering

    ft = fop.properties.get("function_type") or fop.attributes.get("function_type")
    if isinstance(ft, FunctionType):
        return list(ft.outputs.data)
    return list(ModuleLowering.signature(fop)[2])


def _seed(t: Any, func: str, j: int) -> Any:
    """The seed of a float result of type ``t``: 1.0, or an array of ones for a tensor
    (of a static shape: a dynamic one is known only after the call)."""
    if not _float_tensor(t):
        return 1.0
    shape = t.get_shape()
    if any(n < 0 for n in shape):
        raise ValueError(f"@{func}: result {j} is a tensor of dynamic shape {t}; "
                         "activity.gradient seeds tensor results of static shapes only "
                         "(differentiate with activity.grad and pass its seed)")
    dt = {16: np.float16, 32: np.float32, 64: np.float64}[t.element_type.bitwidth]
    return np.ones(tuple(shape), dt)


def _buffer(t: Any) -> bool:
    return isinstance(t, MemRefType | LLVMPointerType | TensorType)


def activities(module: ModuleOp, func: str, argnums: int | Sequence[int] | None,
               args: Sequence[str] | None) -> tuple[int, list[int], list[str], list[Any]]:
    """The number of float results (seeds), the argument numbers differentiated, the
    activity of every argument and their types: ``argnums`` and ``args`` checked
    (``ValueError``) and the defaults of the module docstring filled in."""
    prog = Program.of(module)
    fop = prog.functions.get(func)
    if fop is None:
        raise CodegenError(f"no function @{func} in the module")
    params = list(entry_args(fop))
    types = [p.type for p in params]
    given = _given_activities(module, fop, func, args, types)
    # (never an !llvm.ptr read as integers, a C int *: its "gradient" was all zeros)
    ints = {i for i, (p, t) in enumerate(zip(params, types, strict=True))
            if isinstance(t, LLVMPointerType) and isinstance(pointee(p), IntegerType)}
    if argnums is None and given is not None:  # (args= overrides everything)
        nums = [i for i, k in enumerate(given)
                if k in ("active", "dup", "dupnoneed") and i not in ints]
    elif argnums is None:
        nums = [i for i, t in enumerate(types) if _differentiable(t) and i not in ints]
    else:
        # (an int or a sequence of ints, negative ones counted from the end, as
        # jax.grad takes them; True, 0.0 or a string gave Python's own errors)
        try:
            items = [argnums] if _one(argnums) else list(argnums)
            if isinstance(argnums, str) or any(isinstance(i, bool | np.bool_)
                                               for i in items):
                raise TypeError
            nums = [operator.index(i) for i in items]
        except TypeError:
            raise TypeError(f"argnums: expected an argument number or a sequence of them, "
                            f"got {argnums!r}") from None
        nums = [i + len(types) if -len(types) <= i < 0 else i for i in nums]
    for i in nums:
        if not 0 <= i < len(types):
            raise ValueError(f"argnums: @{func} has no argument {i}")
        if not _differentiable(types[i]):
            raise ValueError(f"argnums: argument {i} of @{func} has type {types[i]}, "
                             "which carries no derivative")
    if given is None:
        kinds = []
        for i, (p, t) in enumerate(zip(params, types, strict=True)):
            if i in nums:
                kinds.append("active" if isinstance(t, AnyFloat) or _float_tensor(t)
                             else "dup")
            elif _buffer(t) and not isinstance(t, TensorType):
                kinds.append("dup" if _differentiable(t) and may_write(p) else "const")
            else:
                kinds.append("const")
    else:
        kinds = given
        for i in nums:
            want = ("active",) if isinstance(types[i], AnyFloat) or _float_tensor(types[i]) \
                else ("dup", "dupnoneed")
            if kinds[i] not in want:
                raise ValueError(f"args: argument {i} is in argnums but has activity "
                                 f"{kinds[i]!r}")
    outs = _result_types(fop)
    n_seeds = sum(isinstance(t, AnyFloat) or _float_tensor(t) for t in outs)
    if not n_seeds:
        raise ValueError(f"@{func} has no float result to differentiate")
    return n_seeds, nums, kinds, types


def _given_activities(module: ModuleOp, fop: Operation, func: str, args: Any,
                      types: list[Any]) -> list[str] | None:
    """``args`` as one activity per argument: a sequence as it is, a dict (argument
    index, label or name -> activity, as :func:`activity.analyze` takes it: its keys
    were taken for activities, user test) over the defaults of :func:`activities`
    with ``argnums`` unset; validated."""
    if args is None:
        return None
    if isinstance(args, Mapping):
        from activity.analysis.args import ArgSpecError, arg_index

        _, _, base, _ = activities(module, func, None, None)
        kinds = list(base)
        named: dict[int, Any] = {}
        for key, kind in args.items():
            i = arg_index(fop, key)
            if i in named:
                raise ArgSpecError(f"args: argument {i} of @{func} is given twice, as "
                                   f"{named[i]!r} and {key!r}")
            named[i] = key
            kinds[i] = kind
    else:
        if isinstance(args, str):
            raise TypeError("args: expected a sequence or a dict of activities, got a str")
        kinds = list(args)
        if len(kinds) != len(types):
            raise ValueError(f"args: @{func} has {len(types)} arguments, "
                             f"got {len(kinds)} activities")
    for i, k in enumerate(kinds):
        if k not in ("active", "const", "dup", "dupnoneed"):
            raise ValueError(f"args: argument {i} has activity {k!r} (expected active, "
                             "const, dup or dupnoneed)")
    return kinds


def _shares(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether two arrays share an element (interleaved views -- a matrix's columns --
    do not); where numpy finds that too hard to decide, they are taken to."""
    try:
        return bool(np.shares_memory(a, b, max_work=10_000))
    except np.exceptions.TooHardError:
        return True


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether two byte ranges ``[lo, hi)`` share a byte (empty ones never do)."""
    return a[0] < a[1] and b[0] < b[1] and a[0] < b[1] and b[0] < a[1]


class GradientFunction:
    """The callable :func:`gradient` returns (see the module docstring)."""

    def __init__(self, module: ModuleOp, func: str, argnums: int | Sequence[int] | None,
                 prune: bool, args: Sequence[str] | None, target: str, opt: int,
                 emulate: bool = False, threads: int | str = 1, reassoc: bool = False,
                 speculate: bool | None = None, expand: bool | None = None,
                 inline: bool = True, strict_adjoints: bool = False,
                 check_bounds: bool = False, strong_zero: bool = False) -> None:
        from activity.ad import grad

        self.n_seeds, nums, kinds, types = activities(module, func, argnums, args)
        self.func = func
        self.single = _one(argnums)
        self.argnums = nums
        self.kinds = kinds
        self.types = types
        self.grad_module = grad(module, func, kinds, prune, inline=inline,
                                strict_adjoints=strict_adjoints, strong_zero=strong_zero)
        self.prune = prune
        self.target = target
        from activity.codegen.api import compile as _compile

        # the call copies every primal buffer <func>_grad may write and allocates the
        # shadows: no written memref argument overlaps another, which LLVM may exploit
        kw: dict[str, Any] = ({"emulate": emulate} if target == "gpu" else
                              {"noalias": True, "threads": threads})
        kw.update(reassoc=reassoc, speculate=speculate, expand=expand)
        if check_bounds:
            kw["check_bounds"] = True
        self.compiled = _compile(self.grad_module, f"{func}_grad", target=target, opt=opt,
                                 **kw)
        self.active = [i for i, k in enumerate(kinds) if k == "active"]
        self.dup = [k in ("dup", "dupnoneed") for k in kinds]
        # argument errors name the arguments as @func does, not as <func>_grad's
        # signature, shadows interleaved, numbers them (user test)
        self.labels = labels(Program.of(module).functions[func])
        whats: list[str] = []
        for i, d in enumerate(self.dup):
            whats.append(self.labels[i])
            if d:
                whats.append(f"the shadow of {self.labels[i]}")
        whats += [f"seed {j} of @{func}_grad" for j in range(self.n_seeds)]
        relabelled = getattr(self.compiled, "relabelled", None)
        if relabelled is not None:
            self.compiled = relabelled(whats)
        self.buffers = [_buffer(t) for t in types]
        # a buffer <func>_grad never writes is passed as it is (no copy per call: a
        # large read-only input is not duplicated); an escaping address counts as a write
        gparams = Program.of(self.grad_module).functions[f"{func}_grad"].regions[0] \
            .blocks.first.args  # type: ignore[union-attr]
        at = 0
        self.copy = []
        for i, k in enumerate(kinds):
            # (a tensor argument -- floats or integers, Hand's parents -- is never
            # written: the bufferization copies on write, activity/tensor/bufferize.py)
            self.copy.append(self.buffers[i] and not isinstance(types[i], TensorType)
                             and may_write(gparams[at], _STRICT_READ_ONLY))
            at += 2 if k in ("dup", "dupnoneed") else 1
        self.pointers = any(isinstance(t, LLVMPointerType) for t in types)
        # pairs of buffer arguments that must not share memory: a written one (copied
        # per call) and any other -- shared, the call would compute another function
        # than the primal does on the same arrays (user test: twice(a, a))
        bufs = [i for i, b in enumerate(self.buffers) if b]
        self._distinct = [(i, j) for i in bufs if self.copy[i] for j in bufs
                          if j != i and not (self.copy[j] and j < i)]
        self._pairs = set(self._distinct)
        self._involved = sorted({k for p in self._distinct for k in p})
        outs = _result_types(Program.of(module).functions[func])
        self.seeds = [_seed(t, func, j) for j, t in enumerate(outs)
                      if isinstance(t, AnyFloat) or _float_tensor(t)]
        # where each gradient comes from: j >= 0, the compiled function's j-th result
        # (an active float's adjoint); ~i, the shadow of argument i
        self._pick = [self.active.index(i) if i in self.active else ~i
                      for i in self.argnums]
        # the same for the fast path: ~k, the k-th shadow made
        dups = [i for i, d in enumerate(self.dup) if d]
        self._pick_fast = [j if j >= 0 else ~dups.index(~j) for j in self._pick]
        self._fast = getattr(self.compiled, "_entry", None) is not None and not self.pointers
        # what a call does with each argument, in one small integer (the hot loop)
        self._how = [(_BUFFER if b else 0) | (_COPY if c else 0) | (_DUP if d else 0)
                     for b, c, d in zip(self.buffers, self.copy, self.dup, strict=True)]
        self._fast_call = self._make_fast_call() if self._fast else None

    def _make_fast_call(self) -> Any:
        """The common case of a call as one small function written for this gradient's
        arguments (the way ``dataclasses`` writes ``__init__``): each array argument
        type-checked, copied and shadowed by a straight line of code, the native entry
        called, the gradients picked -- no loop over the arguments and no bit tests.
        It returns ``_MISS`` where :meth:`__call__`'s general path must take over (an
        argument that is not exactly an ndarray; one the native entry refuses, before
        it calls anything).  On BA (six arguments, four shadows, a 0.1 us body) the
        Python side of a call went from 3.4 to 1.7 us (one process, the two versions
        side by side)."""
        n = len(self._how)
        args = [f"x{i}" for i in range(n)]
        lines = [f"def fast({', '.join(args)}):"]
        arrays = [f"type(x{i}) is not nd" for i, how in enumerate(self._how)
                  if how & (_COPY | _DUP)]
        arrays += [f"type(x{i}) is not nd" for i in sorted({k for p in self._distinct
                                                              for k in p})
                   if not self._how[i] & (_COPY | _DUP)]
        if arrays:
            lines.append(f"    if {' or '.join(arrays)}:")
            lines.append("        return MISS")
        if self._distinct:  # views of one array: do they share an element?
            # (each one's owner: an ndarray owning its data, or the sole owner of a
            # result block handed to an array, activity/codegen/jit.py: block_owner;
            # anything else, the general path)
            for i in sorted({k for p in self._distinct for k in p}):
                lines.append(f"    b{i} = x{i}.base")
                lines.append(f"    if b{i} is None:")
                lines.append(f"        b{i} = x{i}")
                lines.append(f"    elif type(b{i}) is nd:")
                lines.append(f"        if b{i}.base is not None:")
                lines.append(f"            b{i} = b{i}.base")
                lines.append(f"            if not owner(b{i}):")
                lines.append("                return MISS")
                lines.append(f"    elif not owner(b{i}):")
                lines.append("        return MISS")
            for i, j in self._distinct:
                lines.append(f"    if b{i} is b{j} and shares(x{i}, x{j}):")
                lines.append("        return MISS")
        call: list[str] = []
        made: list[str] = []
        for i, how in enumerate(self._how):
            if how & _COPY:
                lines.append(f"    x{i} = x{i}.copy()")
            call.append(f"x{i}")
            if how & _DUP:
                lines.append(f"    s{i} = zeros(x{i}.shape, x{i}.dtype)")
                call.append(f"s{i}")
                made.append(f"s{i}")
        call += [f"seeds[{j}]" for j in range(len(self.seeds))]
        lines.append(f"    done = entry(({', '.join(call)},))")
        lines.append("    if done is None:")
        lines.append("        return MISS")
        lines.append("    adj = done[0] if type(done[0]) is tuple else done")
        picks = [f"adj[{j}]" if j >= 0 else made[~j] for j in self._pick_fast]
        lines.append(f"    return {picks[0]}" if self.single
                     else f"    return ({', '.join(picks)}{',' if len(picks) == 1 else ''})")
        env: dict[str, Any] = {"nd": _ndarray, "zeros": _zeros, "MISS": _MISS,
                               "shares": _shares, "seeds": self.seeds, "owner": block_owner,
                               "entry": self.compiled._call_entry}
        exec(compile("\n".join(lines), f"<fast call of @{self.func}_grad>", "exec"), env)
        return env["fast"]

    def __repr__(self) -> str:
        return (f"<gradient of @{self.func} w.r.t. arguments {self.argnums}"
                f"{'' if self.prune else ' (all_active)'}>")

    def python_path(self) -> GradientFunction:
        """The same gradient with its calls made entirely in Python (no fast path, no
        native entry): for comparing the two paths."""
        twin = _copy.copy(self)
        twin.compiled = self.compiled.python_path()
        twin._fast = False
        twin._fast_call = None
        return twin

    def __call__(self, *xs: Any) -> Any:
        if self._fast_call is not None and len(xs) == len(self._how):
            # the common case: the copies and shadows made, every other check left to
            # the compiled function's native entry, which refuses before it calls
            # anything (then the general path below runs)
            out = self._fast_call(*xs)
            if out is not _MISS:
                return out
        call, shadows = self._arguments(xs)
        # every array passed is a fresh copy or a fresh shadow, or a buffer nothing
        # writes (overlapping it is harmless): none of the written ones overlap
        out = self.compiled.call(call, fresh=not self.pointers)
        adj = out if type(out) is tuple else (out,)
        if self.single:
            j = self._pick[0]
            return adj[j] if j >= 0 else shadows[~j]
        return tuple(adj[j] if j >= 0 else shadows[~j] for j in self._pick)

    def prepare(self, *xs: Any) -> PreparedArguments:
        """The gradient's compiled code on ``xs``, its arguments (copies, zeroed
        shadows, seeds) made and packed once: ``run(n)`` runs it ``n`` times with no
        work in Python, ``reset()`` restores the copies and re-zeroes the shadows.  For
        timing the generated code alone (``benchmarks/run.py``)."""
        call, _ = self._arguments(xs)
        # restored by reset(): the copies and the shadows, what the code may write (a
        # buffer passed as it is is one the gradient never writes: neither copied nor
        # restored; scalars are packed once)
        at, written = 0, []
        for copy, dup in zip(self.copy, self.dup, strict=True):
            if copy:
                written.append(at)
            at += 1
            if dup:
                written.append(at)
                at += 1
        return self.compiled.prepare(call, fresh=not self.pointers, restore=written)

    def _check_distinct(self, xs: Sequence[Any], devs: Mapping[int, Any] | None = None
                        ) -> None:
        """A ``ValueError`` where a written buffer argument shares an element with
        another (the pairs ``_distinct``): the arrays' byte ranges swept in order, and
        numpy asked about the ranges that overlap (device arrays, C-contiguous, share
        memory where their ranges overlap)."""
        devs = devs or {}
        spans = []
        for k in self._involved:
            x = xs[k]
            d = devs.get(k)
            if d is not None:
                if d.nbytes:
                    spans.append((*d.span(), k))
            elif isinstance(x, np.ndarray) and x.size:
                if x.flags.c_contiguous:
                    lo = data_pointer(x)
                    spans.append((lo, lo + x.nbytes, k))
                else:
                    spans.append((*_bounds(x), k))
        spans.sort()
        pairs = self._pairs
        for n, (_, hi, i) in enumerate(spans):
            for lo2, _, j in spans[n + 1:]:
                if lo2 >= hi:
                    break
                if (i, j) not in pairs and (j, i) not in pairs:
                    continue
                if i not in devs and j not in devs and not _shares(xs[i], xs[j]):
                    continue
                i, j = (i, j) if (i, j) in pairs else (j, i)
                raise ValueError(
                    f"arguments {i} and {j} of @{self.func} share memory, and argument "
                    f"{i} may be written: the gradient is taken with distinct buffers "
                    "(each written one copied), which is not what a call with them "
                    "shared computes; pass separate arrays (or differentiate with "
                    "activity.grad(..., alias_args='may') and pass one shared shadow)")

    def _device_args(self, xs: Sequence[Any]) -> dict[int, Any]:
        """The CUDA device arrays among the buffer arguments ``xs``
        (:func:`activity.codegen.gpu_arrays.device_arg`), by argument number; refused,
        naming the argument, unless the gradient runs on a device."""
        devs: dict[int, Any] = {}
        for i, x in enumerate(xs):
            if isinstance(x, np.ndarray) or not self._how[i] & _BUFFER:
                continue
            from activity.codegen.gpu_arrays import device_arg, is_device_array

            on_device = self.target == "gpu" and not getattr(self.compiled, "emulate", False)
            if not on_device and not is_device_array(x):
                continue
            if not on_device:
                where = ("emulate=True runs the kernels on the host"
                         if self.target == "gpu" else f"target={self.target!r}")
                raise TypeError(f"{self.labels[i]}: a CUDA device array, but this gradient "
                                f"does not run on a device ({where}); pass a numpy array "
                                "(numpy.asarray(x)) or use target='gpu'")
            d = device_arg(x, self.labels[i])
            if d is not None:
                devs[i] = d
        return devs

    def _arguments(self, xs: Sequence[Any]) -> tuple[list[Any], dict[int, Any]]:
        """The compiled gradient's argument list for the primal arguments ``xs``, and
        the shadows in it by argument number."""
        if len(xs) != len(self.types):
            raise TypeError(f"@{self.func} takes {len(self.types)} arguments, got {len(xs)}")
        call: list[Any] = []
        shadows: dict[int, Any] = {}
        devs = self._device_args(xs)
        if devs and any(self._how[i] & _COPY for i in devs):
            from activity.codegen.gpu_arrays import synchronize

            synchronize()  # (the producers' streams, before copying on the device)
        if self._distinct:
            self._check_distinct(xs, devs)
        for i, x in enumerate(xs):
            how = self._how[i]
            d = devs.get(i)
            if d is not None:
                # a device array: copied (if written) and shadowed on the device; the
                # shadows are returned as DeviceArrays
                from activity.codegen.gpu_arrays import DeviceArray

                if how & _COPY:  # (DeviceArg: the producer's object stays alive)
                    x = DeviceArray.empty(d.shape, d.dtype)
                    if d.nbytes:  # (the call synchronizes before its first kernel)
                        x._rt.copy_dtod(x.ptr, d.ptr, d.nbytes)
                else:
                    x = d
                call.append(x)
                if how & _DUP:
                    sh = DeviceArray.zeros(d.shape, d.dtype)
                    shadows[i] = sh
                    call.append(sh)
                continue
            if how & _BUFFER:
                if type(x) is not np.ndarray and not isinstance(x, np.ndarray):
                    raise TypeError(f"{self.labels[i]}: expected a numpy array, got "
                                    f"{type(x).__name__}")
                if how & _COPY or x.flags.num & C_WRITEABLE != C_WRITEABLE:
                    x = x.copy(order="C")
            call.append(x)
            if how & _DUP:
                sh = np.zeros(x.shape, x.dtype)
                shadows[i] = sh
                call.append(sh)
        call += self.seeds
        return call, shadows


def gradient(source: Any, func: str, argnums: int | Sequence[int] | None = None,
             prune: bool = True, *, args: Sequence[str] | Mapping[Any, str] | None = None,
             target: str = "cpu",
             opt: int = 3, emulate: bool = False, threads: int | str = 1, reassoc: bool = False,
             speculate: bool | None = None, expand: bool | None = None,
             static_argnums: Any = (), inline: bool = True,
             strict_adjoints: bool = False, check_bounds: bool = False,
             strong_zero: bool = False) -> Any:
    """A compiled ``jax.grad``-like gradient of ``func`` (see the module docstring).

    Args:
        source: a module, MLIR text or a path.
        func: the function; its float results are summed (each seeded with 1.0).
        argnums: an argument index (the gradient is returned alone) or a sequence of them
            (a tuple is returned); ``None``: every float and float-memref argument, and
            every ``!llvm.ptr`` not known to point to integers (C's ``int *``).
        prune: use the activity analysis (``False``: the ``all_active`` baseline).
        args: explicit activities (``active``/``const``/``dup``/``dupnoneed``) instead of
            the defaults: one per argument, or a dict from argument index, label or
            name to activity over the defaults (as :func:`activity.analyze` takes
            them); with ``argnums`` unset, the gradients are those of the ``active``
            and ``dup`` arguments.
        target: ``"cpu"`` or ``"gpu"`` (``emulate=True``: GPU kernels run on the host).
        threads: host threads for the ``scf.parallel`` loops of the gradient (cpu;
            ``"auto"``: as many as this process may run on).
        reassoc: let LLVM reorder float sums and products in the gradient (vectorized
            reductions; results change in the last bits).  See ``activity.compile``.
        speculate: turn small pure ``scf.if`` into selects (``None``: with ``reassoc``,
            and in the loops ``expand`` split).
        expand: split loops whose only float recurrence is a sum, so that they can be
            vectorized with the sum's order kept (``None``: unless ``reassoc``; cpu).
        static_argnums: integer arguments compiled in as constants, as ``jax.jit``
            compiles for its shapes: the function is differentiated and compiled on
            first call for each distinct tuple of their values (a
            :class:`~activity.codegen.specialize.SpecializingGradient`; it is still
            called with every argument; ``"auto"``: every integer argument).  See
            :mod:`activity.codegen.specialize`.
        inline: inline the small leaf functions ``func`` calls inside loops before
            differentiating (their tapes then live in ``func``'s loop nest, not on the
            run-time stack; :mod:`activity.ad.inline`).
        strict_adjoints: sum the contributions to each adjoint in the reverse sweep's
            order, so that the gradient is bit-identical to the reference
            interpreter's (with ``reassoc=False`` and one thread; ``False``: LLVM may
            reorder those sums and fuse them with the products they sum into FMAs --
            they get ``fastmath<reassoc,contract>``, the products ``fastmath<contract>``
            -- and vectorize loops that accumulate an adjoint; the primal's float ops
            keep their order and roundings either way).
        strong_zero: a zero adjoint times an infinite or NaN partial gives 0 in every
            op (Enzyme's strong zero: ``max(0, log x)`` at 0 has gradient 0, not NaN);
            by default only where a float select's unpicked arm can send such a zero
            (``y != 0 ? x / y : 0``).  A compare and a select per partial.
        check_bounds: check every memref access of the gradient against its memref's
            sizes (cpu): a call going out of bounds raises
            :class:`~activity.BoundsError` (an ``IndexError`` naming the
            op, its place in the source, the index and the size) instead of reading or
            writing past an array.  Slower; for finding such bugs.
    """
    from activity.codegen.api import as_module, check_options

    check_options(opt)
    if check_bounds and target == "gpu":
        raise ValueError("check_bounds=True is for target='cpu' (the GPU target has no "
                         "bounds checks)")
    module = as_module(source)
    from activity.codegen.specialize import wanted

    if wanted(static_argnums):
        from activity.codegen.specialize import SpecializingGradient, static_positions

        static = static_positions(module, func, static_argnums)
        if static:
            def make(m: ModuleOp) -> GradientFunction:
                return GradientFunction(m, func, argnums, prune, args, target, opt,
                                        emulate, threads, reassoc, speculate, expand,
                                        inline, strict_adjoints, check_bounds,
                                        strong_zero)

            activities(module, func, argnums, args)  # (checked before any value is seen)
            return SpecializingGradient(module, func, static, make, "gradient of")
    return GradientFunction(module, func, argnums, prune, args, target, opt, emulate,
                            threads, reassoc, speculate, expand, inline, strict_adjoints,
                            check_bounds, strong_zero)
