"""Reference interpreter with forward-mode tangents for the op-table subset.

This is the concrete semantics the activity analyses are proven sound against, and the
engine of the randomized soundness oracle.  Every SSA value carries a primal value and a
*tangent* (its forward-mode derivative along one input direction); every memory cell
carries both too (see :mod:`activity.semantics.memory`).  The op table is the only
source of op meaning: scalar results come from ``spec.sem(FLOAT, op, *args)`` and
tangents from ``spec.partials(FLOAT, *args)`` contracted with the operand tangents of
``spec.diff``; memory ops read their operands through the spec's ``ptr``/``value``/
``src``/``dst`` fields.  Nothing here restates an op's math.

Why tangents of *every dynamic instance*: the oracle asks "did this SSA value ever carry
a nonzero derivative?" (then the analysis must call it varied) and "did perturbing this
value ever change an active output?" (then it must be useful), so ``record=True``
accumulates, per static SSA value, whether any of its instances had a nonzero tangent,
and ``perturb`` adds a tangent to every instance of a chosen value.

Implementation notes.  Each op is compiled once (lazily, per block) into a closure
``fn(V, T)`` over the frame's value list ``V`` and tangent list ``T``, indexed by
per-function slots fixed at compile time, so the per-op cost is a few list reads and the
table call (SSA values hash in Python, so dicts keyed by them would dominate).
Regions (function bodies, loop bodies, branches) run in :meth:`Interpreter._run_region`,
which follows branch terminators between blocks and returns the values of the exiting
terminator (``return``/``yield``/``condition``).  Values are Python floats, Python ints
(unsigned residues mod ``2**width``; ``i1`` is 0/1, ``index`` 64 bits), integer
addresses for ``!llvm.ptr``, :class:`~activity.semantics.memory.MemRef` views for
memrefs, and tuples for LLVM aggregates (whose tangents are tuples too, or ``0.0``).

Modelling choices (documented so oracle users know what a run means):

* fresh memory (``alloc``, ``alloca``, ``malloc``) is zero-filled; ``undef``/``poison``
  are zero; freeing is a no-op;
* undefined behaviour that matters (integer division by zero, out-of-bounds or null
  access, ``llvm.unreachable``, a failed ``cf.assert``, a non-positive ``scf.for``
  step) raises :class:`InterpreterError`; float domain errors give NaN/inf;
* sums in a tangent skip operands whose tangent is exactly zero, so an infinite
  partial derivative times a zero tangent does not fabricate a NaN.
"""

from __future__ import annotations

import itertools
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from xdsl.dialects.builtin import (
    AnyFloat,
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    NoneAttr,
    StridedLayoutAttr,
    StringAttr,
    TensorType,
    VectorType,
)
from xdsl.dialects.llvm import LLVMArrayType, LLVMPointerType, LLVMStructType
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from activity.ops import ALLOCATORS, DEALLOCATORS, EXTERNAL_ALIASES, TABLE, OpKind, OpSpec
from activity.ops import op_name as _op_name
from activity.ops.forall import FORALL, IN_PARALLEL, forall_loop
from activity.ops.num import FLOAT
from activity.ops.rmw import RMW_TABLE_OP, rmw_kind
from activity.ops.switch import SWITCH_OPS, switch_cases
from activity.ops.table import (
    CMPF_PREDICATES,
    CMPI_PREDICATES,
    cmpf,
    cmpi,
    float_width,
    int_width,
    predicate_name,
    round_float,
    signed,
    wrap,
)
from activity.semantics.memory import (
    Buffer,
    InterpreterError,
    LLVMMemory,
    MemRef,
    StepLimitExceeded,
    array_to_block,
    block_to_array,
    element_kind,
    gep_offsets,
    layout,
    members,
    norm_tangent,
    row_major_strides,
    scalar,
    tangent_leaf,
    zero_value,
)

V_ = list[Any]  # a frame's primal values, by slot
T_ = list[Any]  # a frame's tangents, by slot (0.0, a float, or an aggregate tuple)
OpFn = Callable[[V_, T_], None]
Exit = tuple[Block | None, list[Any], list[Any]]
TermFn = Callable[[V_, T_], Exit]

_DYN = -(2**63)  # xDSL's dynamic sentinel in static_offsets/sizes/strides

_TERMINATORS = frozenset({
    "func.return", "llvm.return", "scf.yield", "scf.condition", "cf.br", "cf.cond_br",
    "llvm.br", "llvm.cond_br", "llvm.unreachable", "scf.reduce", "scf.reduce.return",
    IN_PARALLEL, *SWITCH_OPS,
})


@dataclass
class RunResult:
    """What one :meth:`Interpreter.run` produced.

    ``result_tangents`` holds the tangent of each result: a float for scalars (``0.0``
    for integers unless a bitcast or a memory round trip carried a derivative into
    them), a numpy array for memref results (whose ``results`` entry is a numpy copy of
    the view), a tuple (or ``0.0``) for LLVM aggregates.  ``buffer_tangents`` is
    parallel to the inputs: for a memref or pointer input, the tangents of its memory
    after the call (shape of the input array); ``None`` for scalars.
    """

    results: tuple[Any, ...]
    result_tangents: tuple[Any, ...]
    buffer_tangents: list[np.ndarray | None]
    nonzero: set[SSAValue] = field(default_factory=set)
    executed: set[SSAValue] = field(default_factory=set)
    memory_nonzero: set[Operation] = field(default_factory=set)
    steps: int = 0


class _CBlock:
    """A compiled block: closures for its ops and terminator, its argument slots."""

    __slots__ = ("ops", "term", "n", "args", "src")

    def __init__(self, ops: tuple[OpFn, ...], term: TermFn, n: int,
                 args: tuple[tuple[int, int], ...], src: tuple[Operation, ...] = ()) -> None:
        self.ops = ops
        self.term = term
        self.n = n
        self.args = args
        self.src = src  # the ops of ``ops``, then the terminator (for error places)

    def failing_op(self, err: BaseException) -> Operation | None:
        """The op whose closure raised ``err`` (a frame of ``err``'s traceback runs one
        of ``ops``: matched by code and captured values), or the terminator."""
        tb = err.__traceback__
        codes = {}
        for k, fn in enumerate(self.ops):
            codes.setdefault(fn.__code__, []).append(k)
        while tb is not None:
            frame = tb.tb_frame
            ks = codes.get(frame.f_code)
            if ks:
                names = frame.f_code.co_freevars
                for k in ks:
                    cells = self.ops[k].__closure__ or ()
                    try:
                        if all(frame.f_locals.get(nm, None) is c.cell_contents
                               for nm, c in zip(names, cells, strict=True)):
                            return self.src[k] if k < len(self.src) else None
                    except ValueError:  # (an empty cell)
                        continue
            tb = tb.tb_next
        return self.src[-1] if len(self.src) > len(self.ops) else None


def _is_float(t: Attribute) -> bool:
    return isinstance(t, AnyFloat)


def _round_width(t: Attribute) -> int:
    """Width to round a float result to, or 0 when no rounding is needed."""
    if isinstance(t, AnyFloat):
        w = float_width(t)
        return 0 if w == 64 else w
    return 0


def _shaped(t: Attribute) -> bool:
    return isinstance(t, VectorType | TensorType)


def _symbol(attr: Attribute | None) -> str | None:
    if attr is None:
        return None
    root = getattr(attr, "root_reference", None)
    if root is not None:
        return root.data
    data = getattr(attr, "data", None)
    return data if isinstance(data, str) else None


def _prop(op: Operation, name: str) -> Attribute | None:
    """A property, or an attribute of that name (generic form may use either).

    (Never ``a or b`` on attributes: some, like ``IntegerAttr`` 0, are falsy.)
    """
    v = op.properties.get(name)
    return op.attributes.get(name) if v is None else v


def _ints(attr: Attribute) -> tuple[int, ...]:
    """Values of a DenseArrayBase / ArrayAttr of integers."""
    get = getattr(attr, "get_values", None)
    if get is not None:
        return tuple(int(x) for x in get())
    return tuple(int(getattr(x, "value", x).data) for x in attr.data)  # type: ignore


def _zero_tangent_tree(t: Attribute) -> Any:
    """A tangent tuple of zeros shaped like an aggregate type (leaf: 0.0)."""
    if isinstance(t, LLVMArrayType | LLVMStructType):
        return tuple(_zero_tangent_tree(mt) for _, mt in members(t))
    return 0.0


def _perturbed(v: Any, t: Any, d: float) -> Any:
    """Add ``d`` to a tangent; for an aggregate, to the tangent of every leaf."""
    if not isinstance(v, tuple):
        return t + d
    return tuple(_perturbed(x, tangent_leaf(t, i), d) for i, x in enumerate(v))


def _const_value(attr: Attribute, t: Attribute) -> Any:
    """The interpreter value of a scalar constant attribute of type ``t``."""
    if isinstance(attr, FloatAttr):
        return round_float(float(attr.value.data), float_width(t) if _is_float(t) else 64)
    if isinstance(attr, IntegerAttr):
        v = attr.value.data
        if _is_float(t):
            return float(v)
        return wrap(int(v), int_width(t))
    raise InterpreterError(f"unsupported constant {attr} : {t}")


_CLOCK_EVERY = 20_000  # steps between looks at the clock (about 20 ms) under a timeout


class Interpreter:
    """Runs functions of a module with forward-mode tangents.

    One interpreter can run many times (compiled blocks are cached); each run starts
    with fresh memory and globals.  ``max_steps`` bounds the executed ops of one run,
    ``max_call_depth`` the call nesting, ``timeout`` (seconds, ``None``: no limit) the
    time one run takes; exceeding any raises :class:`StepLimitExceeded`.
    """

    # Ops that end a block and leave it (a testing subclass may add its own).
    TERMINATORS: frozenset[str] = _TERMINATORS

    def __init__(self, module: Operation, max_steps: int = 1_000_000,
                 max_call_depth: int = 2_000, timeout: float | None = None) -> None:
        self.module = module
        self.max_steps = max_steps
        self.max_call_depth = max_call_depth
        self.timeout = timeout
        self.funcs: dict[str, Operation] = {}
        self.globals: dict[str, Operation] = {}
        # Frames are lists indexed by per-function *slots*; perturbations and the
        # record sets use module-wide integer ids.  (SSAValue hashes in Python, so
        # keying dicts by SSA values would dominate the run time.)
        self._slot: dict[SSAValue, int] = {}
        self._gid: dict[SSAValue, int] = {}
        self._values: list[SSAValue] = []
        self._nslots: dict[Operation, int] = {}
        for op in module.walk():
            name = _op_name(op)
            if name in ("func.func", "llvm.func", "memref.global", "llvm.mlir.global"):
                sym = _symbol(_prop(op, "sym_name"))
                if sym is not None:
                    (self.funcs if name.endswith("func") else self.globals)[sym] = op
                self._number(op)
        self._compiled: dict[Block, _CBlock] = {}
        self._reset(None, False)

    def _number(self, root: Operation) -> None:
        """Give every SSA value inside a function (or global initializer) a slot."""
        n = 0
        for op in root.walk():
            vals: list[SSAValue] = [] if op is root else list(op.results)
            for region in op.regions:
                for block in region.blocks:
                    vals.extend(block.args)
            for v in vals:
                self._slot[v] = n
                self._gid[v] = len(self._values)
                self._values.append(v)
                n += 1
        self._nslots[root] = n

    def _s(self, v: SSAValue) -> int:
        """Frame slot of a value (compile time)."""
        try:
            return self._slot[v]
        except KeyError:
            raise InterpreterError(f"value {v} is defined outside any function") from None

    def _sg(self, v: SSAValue) -> tuple[int, int]:
        """(slot, module-wide id) of a value (compile time)."""
        return self._s(v), self._gid[v]

    def _frame(self, root: Operation) -> tuple[list[Any], list[Any]]:
        n = self._nslots[root]
        return [None] * n, [0.0] * n

    # ------------------------------------------------------------------ state

    def _reset(self, perturb: dict[SSAValue, float] | None, record: bool) -> None:
        pert: dict[int, float] | None = None
        if perturb:
            pert = {}
            for v, d in perturb.items():
                g = self._gid.get(v)
                if g is None:
                    raise InterpreterError(f"perturbed value {v} is not in the module")
                pert[g] = d
        self._pert = pert
        self._record = record
        self._nonzero: set[int] = set()
        self._executed: set[int] = set()
        self._memnz: set[Operation] = set()
        self._steps = 0
        # the step count at which _over_limit looks at the limits (the steps, and every
        # _CLOCK_EVERY steps the clock: one comparison per block in the hot loop)
        self._deadline = None if self.timeout is None else time.monotonic() + self.timeout
        self._limit = self.max_steps if self.timeout is None else \
            min(self.max_steps, _CLOCK_EVERY)
        self._depth = 0
        self._mem = LLVMMemory()
        self._gaddr: dict[str, int] = {}
        self._gmemref: dict[str, MemRef] = {}
        self._next_buf = 0x1000_0000_0000

    def _define(self, V: V_, T: T_, s: int, g: int, v: Any, t: Any) -> None:
        """Bind one dynamic instance of a value: primal, tangent (+ perturbation), record."""
        V[s] = v
        pert = self._pert
        if pert is not None and g in pert:
            t = _perturbed(v, t, pert[g])
        T[s] = t
        if self._record:
            self._executed.add(g)
            if t != 0.0:
                self._nonzero.add(g)

    def _define_all(self, V: V_, T: T_, sgs: Sequence[tuple[int, int]], vals: list[Any],
                    tans: list[Any]) -> None:
        if len(vals) != len(sgs):
            raise InterpreterError(f"expected {len(sgs)} values, got {len(vals)}")
        define = self._define
        for (s, g), v, t in zip(sgs, vals, tans, strict=True):
            define(V, T, s, g, v, t)

    def _new_buffer(self, n: int, is_float: bool, width: int) -> Buffer:
        if n < 0 or n > 1 << 26:
            raise InterpreterError(f"cannot allocate a memref of {n} elements")
        data = np.zeros(n, dtype=np.float64 if is_float else np.int64)
        addr = self._next_buf
        self._next_buf += (n * 8 + 64 + 63) & ~63
        return Buffer(data, np.zeros(n, dtype=np.float64), is_float, width, addr)

    # ------------------------------------------------------------------ running

    def run(
        self,
        func: str,
        inputs: Sequence[Any],
        tangents: Sequence[Any] | None = None,
        perturb: dict[SSAValue, float] | None = None,
        record: bool = False,
    ) -> RunResult:
        """Call ``func`` on ``inputs`` (see the module docstring for value kinds)."""
        fop = self.funcs.get(func)
        if fop is None:
            raise InterpreterError(f"no function @{func}")
        body = fop.regions[0]
        if not body.blocks:
            raise InterpreterError(f"@{func} is a declaration without a body")
        params = body.blocks.first.args  # type: ignore[union-attr]
        if len(inputs) != len(params):
            raise InterpreterError(f"@{func} takes {len(params)} arguments, got {len(inputs)}")
        if tangents is not None and len(tangents) != len(inputs):
            raise InterpreterError("tangents must be parallel to inputs")
        self._reset(perturb, record)
        args: list[Any] = []
        targs: list[Any] = []
        finish: list[Callable[[], np.ndarray | None]] = []
        shared: dict[int, Any] = {}
        for k, (p, x) in enumerate(zip(params, inputs, strict=True)):
            dx = None if tangents is None else tangents[k]
            v, t, fin = self._convert_input(p.type, x, dx, f"argument {k}", shared)
            args.append(v)
            targs.append(t)
            finish.append(fin)
        old_limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old_limit, 12 * self.max_call_depth + 10_000))
        try:
            vals, tans = self._call(fop, args, targs)
        except RecursionError:
            raise StepLimitExceeded("region nesting or recursion too deep") from None
        finally:
            sys.setrecursionlimit(old_limit)
        buffer_tangents = [fin() for fin in finish]
        results = tuple(v.to_array() if isinstance(v, MemRef) else v for v in vals)
        result_tangents = tuple(
            v.tangent_array() if isinstance(v, MemRef) else (t if isinstance(t, tuple)
                                                              else float(t))
            for v, t in zip(vals, tans, strict=True))
        values = self._values
        return RunResult(results, result_tangents, buffer_tangents,
                         {values[g] for g in self._nonzero},
                         {values[g] for g in self._executed}, self._memnz, self._steps)

    def _convert_input(
        self, t: Attribute, x: Any, dx: Any, what: str, shared: dict[int, Any],
    ) -> tuple[Any, Any, Callable[[], np.ndarray | None]]:
        """(value, tangent, finisher) of one argument; the finisher copies memory back
        to the caller's array and returns the buffer tangents (or None for scalars)."""
        none: Callable[[], np.ndarray | None] = lambda: None
        if isinstance(t, AnyFloat):
            return round_float(float(x), float_width(t)), float(dx or 0.0), none
        if isinstance(t, IntegerType | IndexType):
            return wrap(int(x), int_width(t)), float(dx or 0.0), none
        if isinstance(t, MemRefType):
            if not isinstance(x, np.ndarray):
                raise InterpreterError(f"{what}: a memref argument must be a numpy array")
            return self._memref_input(t, x, dx, what, shared)
        if isinstance(t, LLVMPointerType):
            if isinstance(x, int):
                return wrap(x, 64), 0.0, none
            if not isinstance(x, np.ndarray):
                raise InterpreterError(f"{what}: a pointer argument must be a numpy array")
            if id(x) in shared:
                blk, fin = shared[id(x)]
                return blk.base, 0.0, fin
            blk = array_to_block(self._mem, x, dx, what)
            cache: list[np.ndarray] = []

            def fin_ptr() -> np.ndarray:
                if not cache:
                    cache.append(block_to_array(blk, x))
                return cache[0]

            shared[id(x)] = (blk, fin_ptr)
            return blk.base, 0.0, fin_ptr
        raise InterpreterError(f"{what}: unsupported argument type {t}")

    def _memref_input(
        self, t: MemRefType, arr: np.ndarray, dx: Any, what: str, shared: dict[int, Any],
    ) -> tuple[Any, Any, Callable[[], np.ndarray | None]]:
        shape = t.get_shape()
        if len(shape) != arr.ndim or any(
                s != _DYN and s != -1 and s != n for s, n in zip(shape, arr.shape, strict=True)):
            raise InterpreterError(f"{what}: array of shape {arr.shape} for {t}")
        if id(arr) in shared:
            mr, fin = shared[id(arr)]
            return mr, 0.0, fin
        is_float, w = element_kind(t.element_type)
        in_place = arr.flags.c_contiguous and (
            (is_float and w == 64 and arr.dtype == np.float64)
            or (not is_float and arr.dtype == np.int64))
        if in_place:
            data = arr.reshape(-1)
        elif is_float:
            src = np.asarray(arr, dtype=np.float64)
            if w == 32:
                src = src.astype(np.float32)
            elif w == 16:
                src = src.astype(np.float16)
            data = np.array(src, dtype=np.float64).reshape(-1)
        else:
            data = np.array(arr).astype(np.int64).reshape(-1)
            if w < 64:
                data &= (1 << w) - 1
                data = np.where(data >= (1 << (w - 1)), data - (1 << w), data)
        tan = (np.zeros(data.size) if dx is None or np.isscalar(dx)
               else np.array(dx, dtype=np.float64).reshape(-1))
        if tan.size != data.size:
            raise InterpreterError(f"{what}: tangent array has the wrong size")
        buf = Buffer(data, tan, is_float, w, self._next_buf)
        self._next_buf += (data.size * 8 + 64 + 63) & ~63
        mr = MemRef(buf, 0, tuple(arr.shape), row_major_strides(tuple(arr.shape)))

        def fin() -> np.ndarray:
            if not in_place:
                arr[...] = data.reshape(arr.shape)
            return tan.reshape(arr.shape)

        shared[id(arr)] = (mr, fin)
        return mr, 0.0, fin

    def _call(self, fop: Operation, args: list[Any], targs: list[Any]) -> tuple[list, list]:
        """Run a function body in a fresh frame."""
        self._depth += 1
        if self._depth > self.max_call_depth:
            raise StepLimitExceeded(f"call depth exceeds {self.max_call_depth}")
        try:
            V, T = self._frame(fop)
            return self._run_region(fop.regions[0], V, T, args, targs)
        finally:
            self._depth -= 1

    def _over_limit(self) -> None:
        """The step count passed ``_limit``: raise if a limit is exceeded, else set
        the next step count at which to look."""
        if self._steps > self.max_steps:
            raise StepLimitExceeded(f"more than {self.max_steps} steps")
        if self._deadline is not None and time.monotonic() > self._deadline:
            raise StepLimitExceeded(f"ran longer than {self.timeout:g} s")
        self._limit = min(self.max_steps, self._steps + _CLOCK_EVERY)

    def _run_region(self, region: Region, V: V_, T: T_, args: list[Any],
                    targs: list[Any]) -> tuple[list, list]:
        """Execute a region from its entry block until a terminator leaves it."""
        block = region.blocks.first
        if block is None:
            return [], []
        define = self._define
        compiled = self._compiled
        while True:
            cb = compiled.get(block)
            if cb is None:
                cb = self._compile_block(block)
            bargs = cb.args
            if len(bargs) != len(args):
                raise InterpreterError(
                    f"block expects {len(bargs)} arguments, got {len(args)}")
            for (s, g), v, t in zip(bargs, args, targs, strict=True):
                define(V, T, s, g, v, t)
            self._steps += cb.n
            if self._steps > self._limit:
                self._over_limit()
            try:
                for fn in cb.ops:
                    fn(V, T)
                nxt, args, targs = cb.term(V, T)
            except InterpreterError as e:
                if getattr(e, "op", None) is None:  # (the innermost block names it)
                    e.op = cb.failing_op(e)  # type: ignore[attr-defined]
                raise
            if nxt is None:
                return args, targs
            block = nxt

    # ------------------------------------------------------------------ compiling

    def _compile_block(self, block: Block) -> _CBlock:
        ops = list(block.ops)
        term: TermFn
        if ops and _op_name(ops[-1]) in self.TERMINATORS:
            try:
                term = self._compile_terminator(ops[-1])
            except InterpreterError as e:
                msg = str(e)

                def term(V: V_, T: T_) -> Exit:
                    raise InterpreterError(msg)
            body = ops[:-1]
        else:
            term = lambda V, T: (None, [], [])
            body = ops
        cb = _CBlock(tuple(self._compile_op(op) for op in body), term, max(1, len(ops)),
                     tuple(self._sg(a) for a in block.args), tuple(ops))
        self._compiled[block] = cb
        return cb

    def _compile_op(self, op: Operation) -> OpFn:
        name = _op_name(op)
        spec = TABLE.get(name)
        if spec is None:
            return self._fail(f"op {name} is not in the op table")
        if name != FORALL and any(_shaped(v.type) for v in (*op.operands, *op.results)):
            return self._fail(f"{name} on vector/tensor values is not supported")
        method = _COMPILERS.get(name)
        try:
            if method is not None:
                return getattr(self, method)(op, spec)
            if spec.kind in (OpKind.FLOAT, OpKind.INT, OpKind.COMPARE, OpKind.SELECT,
                             OpKind.CAST) and spec.sem is not None:
                return self._c_scalar(op, spec, tuple(op.operands))
            if spec.kind is OpKind.META:
                return self._c_meta(op, spec)
        except InterpreterError as e:
            return self._fail(f"{name}: {e}")
        return self._fail(f"op {name} ({spec.kind.value}) is not supported by the "
                          "interpreter")

    @staticmethod
    def _fail(msg: str) -> OpFn:
        """An op that raises when (and only if) it is executed."""
        def fn(V: V_, T: T_) -> None:
            raise InterpreterError(msg)
        return fn

    # -- scalar ops (everything from the table) --------------------------------

    def _c_scalar(self, op: Operation, spec: OpSpec, opnds: tuple[SSAValue, ...]) -> OpFn:
        """Closure for a table op with ``sem``: value from ``sem``, tangent from
        ``partials`` (which take all operands) over the ``diff`` operands."""
        if len(op.results) != 1:
            raise InterpreterError(f"{spec.name} must have exactly one result")
        if spec.kind is OpKind.COMPARE:
            shim = self._c_compare_shim(op, spec, opnds)
            if shim is not None:
                return shim
        name = spec.name
        sem = spec.sem
        assert sem is not None
        rs, rg = self._sg(op.results[0])
        rw = _round_width(op.results[0].type)
        partials = spec.partials
        diff = tuple(spec.diff_operands(op)) if partials is not None else ()
        slots = tuple(self._s(x) for x in opnds)
        dslots = tuple(slots[i] for i in diff)
        define = self._define
        N = FLOAT

        def evaluate(args: list[Any]) -> Any:
            try:
                r = sem(N, op, *args)[0]
            except ZeroDivisionError as e:
                raise InterpreterError(f"{name}: {e}") from None
            except (ArithmeticError, ValueError, TypeError) as e:
                raise InterpreterError(f"{name}: cannot evaluate ({e})") from None
            return round_float(r, rw) if rw else r

        if not dslots:
            def fn0(V: V_, T: T_) -> None:
                define(V, T, rs, rg, evaluate([V[i] for i in slots]), 0.0)
            return fn0

        if len(slots) == 2 and dslots == slots:  # the common binary float op
            a_, b_ = slots

            def fn2(V: V_, T: T_) -> None:
                a = V[a_]
                b = V[b_]
                try:
                    r = sem(N, op, a, b)[0]
                except (ArithmeticError, ValueError, TypeError):
                    r = evaluate([a, b])
                if rw:
                    r = round_float(r, rw)
                ta = T[a_]
                tb = T[b_]
                t = 0.0
                if ta != 0.0 or tb != 0.0:
                    pa, pb = partials(N, a, b)  # type: ignore[misc]
                    if ta != 0.0:
                        t = pa * ta
                    if tb != 0.0:
                        t += pb * tb
                define(V, T, rs, rg, r, t)
            return fn2

        if len(slots) == 1 and dslots == slots:  # unary float op or cast
            (a_,) = slots

            def fn1(V: V_, T: T_) -> None:
                a = V[a_]
                r = evaluate([a])
                ta = T[a_]
                t = 0.0
                if ta != 0.0:
                    t = partials(N, a)[0] * ta  # type: ignore[misc]
                define(V, T, rs, rg, r, t)
            return fn1

        def fn(V: V_, T: T_) -> None:
            args = [V[i] for i in slots]
            r = evaluate(args)
            t = 0.0
            ts = [T[i] for i in dslots]
            if any(x != 0.0 for x in ts):
                ps = partials(N, *args)  # type: ignore[misc]
                try:
                    for p, ti in zip(ps, ts, strict=True):
                        if ti != 0.0:
                            t += p * ti
                except TypeError:
                    raise InterpreterError(
                        f"{name}: tangents of aggregates are not supported") from None
            define(V, T, rs, rg, r, t)
        return fn

    def _c_compare_shim(self, op: Operation, spec: OpSpec,
                        opnds: tuple[SSAValue, ...]) -> OpFn | None:
        """Comparisons ``spec.sem`` cannot evaluate, computed with the table's own
        ``cmpi``/``cmpf`` helpers; None when ``spec.sem`` works.

        Two cases: pointer ``llvm.icmp`` (the table's integer comparison needs an
        integer type; we compare 64-bit addresses), and predicate number 0 (``eq`` /
        ``false``), which the table's ``predicate_name`` rejects because it reads the
        property with ``or`` and ``IntegerAttr(0)`` is falsy.

        Pointers are the memory model's synthetic addresses (``memory.py``): all ten
        predicates are defined, and within one allocation (one-past-the-end included)
        they order as in C and in compiled code; addresses are positive and below
        ``2**63``, so the signed orderings agree with the unsigned ones and null is
        below every allocation.  Pointers into *different* allocations are never equal,
        but their order is the order the run allocated them in, which compiled code
        need not share: a program whose result depends on it (C leaves it unspecified;
        the vectorizer's runtime alias checks compute the same either way) may differ.
        Vectors of pointers are refused like every vector value.
        """
        floats = spec.name in ("arith.cmpf", "llvm.fcmp")
        names = CMPF_PREDICATES if floats else CMPI_PREDICATES
        is_ptr = isinstance(opnds[0].type, LLVMPointerType)
        try:
            predicate_name(op, names)
            if not is_ptr:
                return None
        except ValueError:
            pass
        attr = _prop(op, "predicate")
        data = getattr(attr, "value", attr)
        data = getattr(data, "data", data)
        pred = names[data] if isinstance(data, int) else str(data)
        a_, b_ = (self._s(x) for x in opnds)
        rs, rg = self._sg(op.results[0])
        define = self._define
        if floats:
            return lambda V, T: define(V, T, rs, rg, int(cmpf(pred, V[a_], V[b_])), 0.0)
        w = 64 if is_ptr else int_width(opnds[0].type)
        return lambda V, T: define(V, T, rs, rg, int(cmpi(pred, V[a_], V[b_], w)), 0.0)

    def _c_constant(self, op: Operation, spec: OpSpec) -> OpFn:
        name = spec.name
        t = op.results[0].type
        rs, rg = self._sg(op.results[0])
        if name in ("arith.constant", "llvm.mlir.constant"):
            attr = _prop(op, "value")
            if attr is None:
                raise InterpreterError(f"{name} without value")
            value = _const_value(attr, t)
        else:  # zero / undef / poison: all-zero bytes
            value = zero_value(t)
        define = self._define
        return lambda V, T: define(V, T, rs, rg, value, 0.0)

    def _c_meta(self, op: Operation, spec: OpSpec) -> OpFn:
        """Metadata ops: no effect; any results are zero (e.g. stacksave)."""
        if not op.results:
            return lambda V, T: None
        sgs = tuple(self._sg(r) for r in op.results)
        zeros = [zero_value(r.type) for r in op.results]
        tans = [0.0] * len(zeros)
        return lambda V, T: self._define_all(V, T, sgs, zeros, tans)

    def _c_assert(self, op: Operation, spec: OpSpec) -> OpFn:
        cond = self._s(op.operands[0])
        msg = _symbol(_prop(op, "msg")) or ""

        def fn(V: V_, T: T_) -> None:
            if not V[cond]:
                raise InterpreterError(f"cf.assert failed: {msg}")
        return fn

    def _c_ptrtoint(self, op: Operation, spec: OpSpec) -> OpFn:
        x = self._s(op.operands[0])
        rs, rg = self._sg(op.results[0])
        w = int_width(op.results[0].type)
        define = self._define
        return lambda V, T: define(V, T, rs, rg, wrap(V[x], w), 0.0)

    def _c_view_identity(self, op: Operation, spec: OpSpec) -> OpFn:
        """Views that change only the static type (memref.cast, addrspacecast, ...)."""
        if not op.results:
            return lambda V, T: None
        x = self._s(op.operands[spec.ptr or 0])
        rs, rg = self._sg(op.results[0])
        define = self._define
        if isinstance(op.results[0].type, LLVMPointerType):
            return lambda V, T: define(V, T, rs, rg, wrap(V[x], 64), 0.0)
        t = op.results[0].type
        if isinstance(t, MemRefType) and _op_name(op) == "memref.cast":

            def checked(V: V_, T: T_) -> None:
                check_layout("memref.cast", t, V[x])
                define(V, T, rs, rg, V[x], 0.0)
            return checked
        return lambda V, T: define(V, T, rs, rg, V[x], 0.0)

    # -- aggregates -------------------------------------------------------------

    def _c_extractvalue(self, op: Operation, spec: OpSpec) -> OpFn:
        pos = _ints(op.properties["position"])
        x = self._s(op.operands[0])
        rs, rg = self._sg(op.results[0])
        define = self._define

        def fn(V: V_, T: T_) -> None:
            v = V[x]
            t = T[x]
            for i in pos:
                v = v[i]
                t = tangent_leaf(t, i)
            define(V, T, rs, rg, v, norm_tangent(t))
        return fn

    def _c_insertvalue(self, op: Operation, spec: OpSpec) -> OpFn:
        pos = _ints(op.properties["position"])
        agg, val = (self._s(x) for x in op.operands[:2])
        zeros = _zero_tangent_tree(op.operands[0].type)
        rs, rg = self._sg(op.results[0])
        define = self._define

        def put(c: Any, path: tuple[int, ...], v: Any) -> Any:
            if not path:
                return v
            lst = list(c)
            lst[path[0]] = put(lst[path[0]], path[1:], v)
            return tuple(lst)

        def fn(V: V_, T: T_) -> None:
            v = put(V[agg], pos, V[val])
            ta = T[agg]
            tv = T[val]
            t: Any = 0.0
            if ta != 0.0 or tv != 0.0:
                t = norm_tangent(put(ta if isinstance(ta, tuple) else zeros, pos, tv))
            define(V, T, rs, rg, v, t)
        return fn

    # -- memref -----------------------------------------------------------------

    def _c_memref_alloc(self, op: Operation, spec: OpSpec) -> OpFn:
        t = op.results[0].type
        assert isinstance(t, MemRefType)
        shape = t.get_shape()
        is_float, w = element_kind(t.element_type)
        dyn = tuple(self._s(x) for x in getattr(op, "dynamic_sizes", op.operands))
        rs, rg = self._sg(op.results[0])
        define = self._define

        def fn(V: V_, T: T_) -> None:
            it = iter(dyn)
            sizes = tuple(signed(V[next(it)], 64) if s == _DYN or s == -1 else s
                          for s in shape)
            if any(s < 0 for s in sizes):
                raise InterpreterError(f"negative memref size {sizes}")
            n = 1
            for s in sizes:
                n *= s
            buf = self._new_buffer(n, is_float, w)
            define(V, T, rs, rg, MemRef(buf, 0, sizes, row_major_strides(sizes)), 0.0)
        return fn

    def _c_noop(self, op: Operation, spec: OpSpec) -> OpFn:
        return lambda V, T: None

    def _c_memref_load(self, op: Operation, spec: OpSpec) -> OpFn:
        p = spec.ptr
        assert p is not None
        m = self._s(op.operands[p])
        idxs = tuple(self._s(x) for x in op.operands[p + 1:])
        rs, rg = self._sg(op.results[0])
        define = self._define

        def fn(V: V_, T: T_) -> None:
            mr = V[m]
            buf = mr.buf
            pos = _position(mr, V, idxs, "memref.load")
            v = buf.data.item(pos)
            if not buf.is_float:
                v = wrap(v, buf.width)
            define(V, T, rs, rg, v, buf.tan.item(pos))
        return fn

    def _c_memref_store(self, op: Operation, spec: OpSpec) -> OpFn:
        p, vi = spec.ptr, spec.value
        assert p is not None and vi is not None
        m, val = self._s(op.operands[p]), self._s(op.operands[vi])
        idxs = tuple(self._s(x) for x in op.operands[p + 1:])

        def fn(V: V_, T: T_) -> None:
            mr = V[m]
            buf = mr.buf
            pos = _position(mr, V, idxs, "memref.store")
            v = V[val]
            buf.data[pos] = v if buf.is_float else signed(v, buf.width)
            t = T[val]
            buf.tan[pos] = t
            if t != 0.0 and self._record:
                self._memnz.add(op)
        return fn

    def _offsets_sizes_strides(self, op: Operation) -> Callable[[V_], tuple[list[int], ...]]:
        """Resolve static/dynamic offsets, sizes and strides of a subview-like op."""
        groups = []
        for kind in ("offsets", "sizes", "strides"):
            static = _ints(op.properties[f"static_{kind}"])
            dyn = tuple(self._s(x) for x in getattr(op, kind))
            groups.append((static, dyn))

        def resolve(V: V_) -> tuple[list[int], ...]:
            out = []
            for static, dyn in groups:
                it = iter(dyn)
                out.append([signed(V[next(it)], 64) if s == _DYN else s for s in static])
            return tuple(out)
        return resolve

    def _c_subview(self, op: Operation, spec: OpSpec) -> OpFn:
        src = self._s(op.operands[spec.ptr or 0])
        rs, rg = self._sg(op.results[0])
        resolve = self._offsets_sizes_strides(op)
        rank = len(op.results[0].type.get_shape())  # type: ignore[union-attr]
        define = self._define

        def fn(V: V_, T: T_) -> None:
            s: MemRef = V[src]
            offs, sizes, strides = resolve(V)
            off = s.offset
            for i, (o, n, st) in enumerate(zip(offs, sizes, strides, strict=True)):
                if n < 0 or o < 0 or (n > 0 and not 0 <= o + (n - 1) * st < s.sizes[i]):
                    raise InterpreterError(f"memref.subview [{o}, size {n}, stride {st}] out "
                                           f"of bounds of dimension {i} (size {s.sizes[i]})")
                off += o * s.strides[i]
            keep_sizes, keep_strides = [], []
            drop = len(sizes) - rank  # rank reduction drops unit dimensions
            for i, (n, st) in enumerate(zip(sizes, strides, strict=True)):
                if drop and n == 1:
                    drop -= 1
                    continue
                keep_sizes.append(n)
                keep_strides.append(st * s.strides[i])
            define(V, T, rs, rg,
                   MemRef(s.buf, off, tuple(keep_sizes), tuple(keep_strides)), 0.0)
        return fn

    def _c_reinterpret_cast(self, op: Operation, spec: OpSpec) -> OpFn:
        src = self._s(op.operands[spec.ptr or 0])
        rs, rg = self._sg(op.results[0])
        resolve = self._offsets_sizes_strides(op)
        define = self._define
        t = op.results[0].type

        def fn(V: V_, T: T_) -> None:
            s: MemRef = V[src]
            offs, sizes, strides = resolve(V)
            m = MemRef(s.buf, offs[0], tuple(sizes), tuple(strides))
            check_layout("memref.reinterpret_cast", t, m)
            define(V, T, rs, rg, m, 0.0)
        return fn

    def _c_collapse_shape(self, op: Operation, spec: OpSpec) -> OpFn:
        src = self._s(op.operands[0])
        rs, rg = self._sg(op.results[0])
        groups = [_ints(g) for g in op.properties["reassociation"].data]  # type: ignore
        define = self._define

        def fn(V: V_, T: T_) -> None:
            s: MemRef = V[src]
            sizes, strides = [], []
            for g in groups:
                n = 1
                for d in g:
                    n *= s.sizes[d]
                for a, b in zip(g, g[1:], strict=False):
                    if s.sizes[b] != 1 and s.strides[a] != s.strides[b] * s.sizes[b] and n:
                        raise InterpreterError("memref.collapse_shape of non-contiguous dims")
                sizes.append(n)
                strides.append(s.strides[g[-1]] if g else 1)
            define(V, T, rs, rg, MemRef(s.buf, s.offset, tuple(sizes), tuple(strides)), 0.0)
        return fn

    def _c_expand_shape(self, op: Operation, spec: OpSpec) -> OpFn:
        src = self._s(op.operands[0])
        rs, rg = self._sg(op.results[0])
        groups = [_ints(g) for g in op.properties["reassociation"].data]  # type: ignore
        static = _ints(op.properties["static_output_shape"])
        dyn = tuple(self._s(x) for x in getattr(op, "output_shape", op.operands[1:]))
        define = self._define

        def fn(V: V_, T: T_) -> None:
            s: MemRef = V[src]
            it = iter(dyn)
            out = [signed(V[next(it)], 64) if n == _DYN else n for n in static]
            strides = [0] * len(out)
            for d, g in enumerate(groups):
                acc = s.strides[d]
                for j in reversed(g):
                    strides[j] = acc
                    acc *= out[j]
            define(V, T, rs, rg, MemRef(s.buf, s.offset, tuple(out), tuple(strides)), 0.0)
        return fn

    def _c_memref_copy(self, op: Operation, spec: OpSpec) -> OpFn:
        assert spec.src is not None and spec.dst is not None
        src, dst = self._s(op.operands[spec.src]), self._s(op.operands[spec.dst])

        def fn(V: V_, T: T_) -> None:
            s: MemRef = V[src]
            d: MemRef = V[dst]
            if s.sizes != d.sizes:
                raise InterpreterError(f"memref.copy between shapes {s.sizes} and {d.sizes}")
            ps, pd = s.positions(), d.positions()
            for p, b in ((ps, s.buf), (pd, d.buf)):
                if p.size and (p.min() < 0 or p.max() >= b.data.size):
                    raise InterpreterError("memref.copy outside its buffer")
            d.buf.data[pd] = s.buf.data[ps]
            t = s.buf.tan[ps]
            d.buf.tan[pd] = t
            if self._record and np.any(t != 0.0):
                self._memnz.add(op)
        return fn

    def _c_get_global(self, op: Operation, spec: OpSpec) -> OpFn:
        name = _symbol(_prop(op, "name"))
        rs, rg = self._sg(op.results[0])
        define = self._define
        if name is None:
            raise InterpreterError("memref.get_global without a name")
        return lambda V, T: define(V, T, rs, rg, self._memref_global(name), 0.0)

    def _memref_global(self, name: str) -> MemRef:
        mr = self._gmemref.get(name)
        if mr is not None:
            return mr
        gop = self.globals.get(name)
        if gop is None or _op_name(gop) != "memref.global":
            raise InterpreterError(f"no memref.global @{name}")
        t = gop.properties["type"]
        assert isinstance(t, MemRefType)
        sizes = tuple(t.get_shape())
        if any(s < 0 for s in sizes):
            raise InterpreterError(f"memref.global @{name} has a dynamic shape")
        is_float, w = element_kind(t.element_type)
        n = int(np.prod(sizes)) if sizes else 1
        buf = self._new_buffer(n, is_float, w)
        init = gop.properties.get("initial_value")
        if isinstance(init, DenseIntOrFPElementsAttr):
            vals = init.get_values()
            if len(vals) == 1:
                vals = vals * n
            for i, v in enumerate(vals):
                buf.data[i] = v if is_float else signed(int(v), w)  # type: ignore
        mr = MemRef(buf, 0, sizes, row_major_strides(sizes))
        self._gmemref[name] = mr
        return mr

    def _c_dim(self, op: Operation, spec: OpSpec) -> OpFn:
        src, idx = self._s(op.operands[0]), self._s(op.operands[1])
        rs, rg = self._sg(op.results[0])
        define = self._define

        def fn(V: V_, T: T_) -> None:
            sizes = V[src].sizes
            i = V[idx]
            if i >= len(sizes):
                raise InterpreterError(f"memref.dim {i} of a rank-{len(sizes)} memref")
            define(V, T, rs, rg, sizes[i], 0.0)
        return fn

    def _c_rank(self, op: Operation, spec: OpSpec) -> OpFn:
        src = self._s(op.operands[0])
        rs, rg = self._sg(op.results[0])
        define = self._define
        return lambda V, T: define(V, T, rs, rg, len(V[src].sizes), 0.0)

    def _c_aligned_pointer(self, op: Operation, spec: OpSpec) -> OpFn:
        src = self._s(op.operands[0])
        rs, rg = self._sg(op.results[0])
        define = self._define
        return lambda V, T: define(V, T, rs, rg, V[src].buf.addr, 0.0)

    # -- llvm memory ------------------------------------------------------------

    def _c_llvm_alloca(self, op: Operation, spec: OpSpec) -> OpFn:
        cnt = self._s(op.operands[0])
        w = int_width(op.operands[0].type)
        rs, rg = self._sg(op.results[0])
        size, _ = layout(op.properties["elem_type"])
        define = self._define

        def fn(V: V_, T: T_) -> None:
            blk = self._mem.allocate(signed(V[cnt], w) * size, "alloca")
            define(V, T, rs, rg, blk.base, 0.0)
        return fn

    def _c_llvm_load(self, op: Operation, spec: OpSpec) -> OpFn:
        p = self._s(op.operands[spec.ptr or 0])
        rs, rg = self._sg(op.results[0])
        t = op.results[0].type
        s = scalar(t)
        define = self._define
        if s is None:
            return lambda V, T: define(V, T, rs, rg, *self._mem.load_typed(V[p], t))

        def fn(V: V_, T: T_) -> None:
            v, dt = self._mem.load(V[p], s)
            define(V, T, rs, rg, v, dt)
        return fn

    def _c_llvm_store(self, op: Operation, spec: OpSpec) -> OpFn:
        assert spec.ptr is not None and spec.value is not None
        p, val = self._s(op.operands[spec.ptr]), self._s(op.operands[spec.value])
        t = op.operands[spec.value].type
        s = scalar(t)
        if s is None:
            def agg(V: V_, T: T_) -> None:
                if self._mem.store_typed(V[p], t, V[val], T[val]) and self._record:
                    self._memnz.add(op)
            return agg

        def fn(V: V_, T: T_) -> None:
            dt = T[val]
            self._mem.store(V[p], s, V[val], dt)
            if dt != 0.0 and self._record:
                self._memnz.add(op)
        return fn

    def _c_gep(self, op: Operation, spec: OpSpec) -> OpFn:
        """Byte offset = constant part + sum of (dynamic index * scale)."""
        base = self._s(op.operands[spec.ptr or 0])
        rs, rg = self._sg(op.results[0])
        try:
            const, dyn = gep_offsets(op)
        except ValueError as e:
            raise InterpreterError(str(e)) from None
        terms = [(self._s(x), int_width(x.type), sc) for x, sc in dyn]
        define = self._define
        if not terms:
            return lambda V, T: define(V, T, rs, rg, wrap(V[base] + const, 64), 0.0)

        def fn(V: V_, T: T_) -> None:
            a = V[base] + const
            for x, w, sc in terms:
                a += signed(V[x], w) * sc
            define(V, T, rs, rg, wrap(a, 64), 0.0)
        return fn

    def _c_addressof(self, op: Operation, spec: OpSpec) -> OpFn:
        name = _symbol(_prop(op, "global_name"))
        rs, rg = self._sg(op.results[0])
        define = self._define
        if name is None:
            raise InterpreterError("llvm.mlir.addressof without a name")
        if name not in self.globals:
            return self._fail(f"address of @{name} (function pointers and unknown globals "
                              "are not supported)")
        return lambda V, T: define(V, T, rs, rg, self._llvm_global(name), 0.0)

    def _llvm_global(self, name: str) -> int:
        addr = self._gaddr.get(name)
        if addr is not None:
            return addr
        gop = self.globals[name]
        if _op_name(gop) != "llvm.mlir.global":
            raise InterpreterError(f"@{name} is not an llvm.mlir.global")
        t = gop.properties["global_type"]
        size, _ = layout(t)
        blk = self._mem.allocate(size, f"@{name}")
        self._gaddr[name] = blk.base
        value = gop.properties.get("value")
        if isinstance(value, FloatAttr | IntegerAttr):
            self._mem.store_typed(blk.base, t, _const_value(value, t), 0.0)
        elif isinstance(value, DenseIntOrFPElementsAttr):
            s = scalar(value.get_element_type())
            assert s is not None
            for i, v in enumerate(value.get_values()):
                self._mem.store(blk.base + i * s.size, s, v, 0.0)  # type: ignore[arg-type]
        elif isinstance(value, StringAttr):
            data = value.data.encode("latin-1", errors="replace")[:size]
            blk.data[:len(data)] = data
        elif gop.regions and gop.regions[0].blocks:
            V, T = self._frame(gop)
            vals, tans = self._run_region(gop.regions[0], V, T, [], [])
            if vals:
                self._mem.store_typed(blk.base, t, vals[0], tans[0])
        return blk.base

    def _c_mem_copy(self, op: Operation, spec: OpSpec,
                    opnds: tuple[SSAValue, ...] | None = None) -> OpFn:
        """memcpy/memmove (intrinsic or libc call): dst, src from the spec; the length is
        the remaining operand (the table has no field for it)."""
        opnds = tuple(op.operands) if opnds is None else opnds
        assert spec.src is not None and spec.dst is not None
        ln_v = opnds[_rest(spec, len(opnds))[0]]
        dst, src, ln = self._s(opnds[spec.dst]), self._s(opnds[spec.src]), self._s(ln_v)
        w = int_width(ln_v.type)
        res = self._sg(op.results[0]) if op.results else None
        define = self._define

        def fn(V: V_, T: T_) -> None:
            d = V[dst]
            if self._mem.copy(d, V[src], signed(V[ln], w)) and self._record:
                self._memnz.add(op)
            if res is not None:
                define(V, T, res[0], res[1], d, 0.0)
        return fn

    def _c_mem_set(self, op: Operation, spec: OpSpec,
                   opnds: tuple[SSAValue, ...] | None = None) -> OpFn:
        """memset: dst from the spec; byte and length are the remaining operands."""
        opnds = tuple(op.operands) if opnds is None else opnds
        assert spec.dst is not None
        bi, li = _rest(spec, len(opnds))[:2]
        dst, byte, ln = (self._s(opnds[i]) for i in (spec.dst, bi, li))
        w = int_width(opnds[li].type)
        res = self._sg(op.results[0]) if op.results else None
        define = self._define

        def fn(V: V_, T: T_) -> None:
            d = V[dst]
            self._mem.fill(d, V[byte], signed(V[ln], w))
            if res is not None:
                define(V, T, res[0], res[1], d, 0.0)
        return fn

    # -- structured control flow ----------------------------------------------

    def _c_scf_for(self, op: Operation, spec: OpSpec) -> OpFn:
        lb, ub, st = (self._s(x) for x in op.operands[:3])
        inits = tuple(self._s(x) for x in op.operands[3:])
        sgs = tuple(self._sg(r) for r in op.results)
        body = op.regions[0]
        w = int_width(op.operands[0].type)
        run = self._run_region
        unsigned = (op.properties.get("unsignedCmp") or op.attributes.get("unsignedCmp")) \
            is not None

        def fn(V: V_, T: T_) -> None:
            vals = [V[x] for x in inits]
            tans = [T[x] for x in inits]
            if unsigned:  # bounds compared as unsigned; the induction variable wraps
                i, hi, step = V[lb], V[ub], V[st]
                if i < hi and step == 0:
                    raise InterpreterError("scf.for with zero step")
                while i < hi:
                    vals, tans = run(body, V, T, [i, *vals], [0.0, *tans])
                    i = wrap(i + step, w)
                self._define_all(V, T, sgs, vals, tans)
                return
            i, hi, step = signed(V[lb], w), signed(V[ub], w), signed(V[st], w)
            if i < hi and step <= 0:
                raise InterpreterError(f"scf.for with non-positive step {step}")
            while i < hi:
                vals, tans = run(body, V, T, [wrap(i, w), *vals], [0.0, *tans])
                i += step
            self._define_all(V, T, sgs, vals, tans)
        return fn

    def _c_scf_if(self, op: Operation, spec: OpSpec) -> OpFn:
        cond = self._s(op.operands[0])
        sgs = tuple(self._sg(r) for r in op.results)
        then_r, else_r = op.regions[0], op.regions[1]
        run = self._run_region

        def fn(V: V_, T: T_) -> None:
            vals, tans = run(then_r if V[cond] else else_r, V, T, [], [])
            if sgs:
                self._define_all(V, T, sgs, vals, tans)
        return fn

    def _c_scf_while(self, op: Operation, spec: OpSpec) -> OpFn:
        inits = tuple(self._s(x) for x in op.operands)
        sgs = tuple(self._sg(r) for r in op.results)
        before, after = op.regions[0], op.regions[1]
        run = self._run_region

        def fn(V: V_, T: T_) -> None:
            vals = [V[x] for x in inits]
            tans = [T[x] for x in inits]
            while True:
                cv, ct = run(before, V, T, vals, tans)
                if not cv[0]:
                    self._define_all(V, T, sgs, cv[1:], ct[1:])
                    return
                vals, tans = run(after, V, T, cv[1:], ct[1:])
        return fn

    def _c_scf_parallel(self, op: Operation, spec: OpSpec) -> OpFn:
        """The iterations in lexicographic order (a valid schedule of the parallel
        loop); the values the body's ``scf.reduce`` contributes are folded into the
        accumulators in that order by running the reduction regions."""
        body = op.regions[0]
        n = len(body.blocks.first.args)  # type: ignore[union-attr]
        lbs, ubs, steps = (tuple(self._s(x) for x in op.operands[k * n:(k + 1) * n])
                           for k in range(3))
        inits = tuple(self._s(x) for x in op.operands[3 * n:])
        sgs = tuple(self._sg(r) for r in op.results)
        term = body.blocks.first.last_op  # type: ignore[union-attr]
        reductions = list(term.regions) if term is not None else []
        run = self._run_region

        def fn(V: V_, T: T_) -> None:
            ranges = []
            for lb, ub, st in zip(lbs, ubs, steps, strict=True):
                lo, hi, step = signed(V[lb], 64), signed(V[ub], 64), signed(V[st], 64)
                if lo < hi and step <= 0:
                    raise InterpreterError(f"scf.parallel with non-positive step {step}")
                ranges.append(range(lo, hi, step) if lo < hi else range(0))
            accs = [V[x] for x in inits]
            taccs = [T[x] for x in inits]
            for ivs in itertools.product(*ranges):
                vals, tans = run(body, V, T, [wrap(i, 64) for i in ivs], [0.0] * n)
                for k, region in enumerate(reductions):
                    r, t = run(region, V, T, [accs[k], vals[k]], [taccs[k], tans[k]])
                    accs[k], taccs[k] = r[0], t[0]
            self._define_all(V, T, sgs, accs, taccs)
        return fn

    def _c_scf_forall(self, op: Operation, spec: OpSpec) -> OpFn:
        """``scf.forall`` on memrefs: as ``scf.parallel`` without reductions, the
        iterations in lexicographic order (``mapping`` is a scheduling hint)."""
        try:
            loop = forall_loop(op)
        except ValueError as e:
            raise InterpreterError(f"unexpected layout: {e}") from None
        if loop.shared_outs:
            raise InterpreterError("shared_outs (tensor results) are outside the subset "
                                   "(scf.forall on memrefs only)")
        bounds = tuple(tuple(x if isinstance(x, int) else self._s(x) for x in b)
                       for b in loop.bounds())
        dynamic = tuple(tuple(not isinstance(x, int) for x in b) for b in loop.bounds())
        body = op.regions[0]
        n = loop.rank
        run = self._run_region

        def fn(V: V_, T: T_) -> None:
            ranges = []
            for b, d in zip(bounds, dynamic, strict=True):
                lo, hi, step = (signed(V[x], 64) if dx else x
                                for x, dx in zip(b, d, strict=True))
                if lo < hi and step <= 0:
                    raise InterpreterError(f"scf.forall with non-positive step {step}")
                ranges.append(range(lo, hi, step) if lo < hi else range(0))
            for ivs in itertools.product(*ranges):
                run(body, V, T, [wrap(i, 64) for i in ivs], [0.0] * n)
        return fn

    def _c_atomic_rmw(self, op: Operation, spec: OpSpec) -> OpFn:
        """Read m[i...], combine it with the value by the table op of the kind, write
        it back; the result is the old value (with its tangent)."""
        p, vi = spec.ptr, spec.value
        assert p is not None and vi is not None
        try:
            kind = rmw_kind(op)
        except ValueError as e:
            raise InterpreterError(str(e)) from None
        m, val = self._s(op.operands[p]), self._s(op.operands[vi])
        idxs = tuple(self._s(x) for x in op.operands[p + 1:])
        rs, rg = self._sg(op.results[0])
        cspec = TABLE[RMW_TABLE_OP[kind]] if kind != "assign" else None
        diff = tuple(cspec.diff_operands(op)) if cspec and cspec.partials else ()
        define = self._define

        def fn(V: V_, T: T_) -> None:
            mr = V[m]
            buf = mr.buf
            pos = _position(mr, V, idxs, "memref.atomic_rmw")
            old = buf.data.item(pos)
            if not buf.is_float:
                old = wrap(old, buf.width)
            told = buf.tan.item(pos)
            v, tv = V[val], T[val]
            if cspec is None:
                new, tnew = v, tv
            else:
                assert cspec.sem is not None
                try:
                    new = cspec.sem(FLOAT, op, old, v)[0]
                except ZeroDivisionError as e:
                    raise InterpreterError(f"memref.atomic_rmw: {e}") from None
                rw = _round_width(op.results[0].type)
                if rw:
                    new = round_float(new, rw)
                tnew = 0.0
                if diff and (told != 0.0 or tv != 0.0):
                    ps = cspec.partials(FLOAT, old, v)  # type: ignore[misc]
                    for k, t in zip(diff, (told, tv), strict=False):
                        if t != 0.0:
                            tnew += ps[k] * t
            buf.data[pos] = new if buf.is_float else signed(new, buf.width)
            buf.tan[pos] = tnew
            if tnew != 0.0 and self._record:
                self._memnz.add(op)
            define(V, T, rs, rg, old, told)
        return fn

    def _c_execute_region(self, op: Operation, spec: OpSpec) -> OpFn:
        region = op.regions[0]
        sgs = tuple(self._sg(r) for r in op.results)

        def fn(V: V_, T: T_) -> None:
            vals, tans = self._run_region(region, V, T, [], [])
            self._define_all(V, T, sgs, vals, tans)
        return fn

    # -- calls ----------------------------------------------------------------

    def _c_call(self, op: Operation, spec: OpSpec) -> OpFn:
        callee = _symbol(_prop(op, "callee"))
        if callee is None:
            raise InterpreterError(f"indirect {spec.name} is not supported")
        opnds = tuple(getattr(op, "args", op.operands))
        fop = self.funcs.get(callee)
        if fop is not None and fop.regions and fop.regions[0].blocks:
            slots = tuple(self._s(x) for x in opnds)
            sgs = tuple(self._sg(r) for r in op.results)

            def call(V: V_, T: T_) -> None:
                vals, tans = self._call(fop, [V[x] for x in slots], [T[x] for x in slots])
                self._define_all(V, T, sgs, vals, tans)
            return call
        alias = EXTERNAL_ALIASES.get(callee)
        if alias is not None:
            aspec = TABLE[alias]
            if aspec.kind is OpKind.MEM_COPY:
                return self._c_mem_copy(op, aspec, opnds)
            if aspec.kind is OpKind.MEM_SET:
                return self._c_mem_set(op, aspec, opnds)
            if aspec.sem is not None:
                return self._c_scalar(op, aspec, opnds)
            raise InterpreterError(f"external @{callee} aliases unsupported {alias}")
        if callee in ALLOCATORS:
            return self._c_allocator(op, callee, opnds)
        if callee in DEALLOCATORS:
            return lambda V, T: None
        return self._fail(f"call to external function @{callee} with unknown semantics")

    def _c_allocator(self, op: Operation, callee: str, opnds: tuple[SSAValue, ...]) -> OpFn:
        """malloc-like calls: a fresh zero-filled block (realloc copies the old one)."""
        rs, rg = self._sg(op.results[0])
        args = tuple((self._s(x), 0 if isinstance(x.type, LLVMPointerType)
                      else int_width(x.type)) for x in opnds)
        define = self._define

        def fn(V: V_, T: T_) -> None:
            a = [signed(V[s], w) if w else V[s] for s, w in args]
            mem = self._mem
            if callee == "calloc":
                size = a[0] * a[1]
            elif callee in ("aligned_alloc", "realloc"):
                size = a[1]
            else:
                size = a[0]
            blk = mem.allocate(size, callee)
            if callee == "realloc" and a[0]:
                old, off = mem.resolve(a[0], 0)
                mem.copy(blk.base, a[0], min(size, old.size - off))
            define(V, T, rs, rg, blk.base, 0.0)
        return fn

    # -- terminators ------------------------------------------------------------

    def _compile_terminator(self, op: Operation) -> TermFn:
        name = _op_name(op)
        if name == "llvm.unreachable":
            def unreachable(V: V_, T: T_) -> Exit:
                raise InterpreterError("llvm.unreachable reached")
            return unreachable
        if name in ("cf.br", "llvm.br"):
            target = op.successors[0]
            slots = tuple(self._s(x) for x in op.operands)

            def br(V: V_, T: T_) -> Exit:
                return target, [V[x] for x in slots], [T[x] for x in slots]
            return br
        if name in ("cf.cond_br", "llvm.cond_br"):
            cond = self._s(op.operands[0])
            t_blk, f_blk = op.successors[0], op.successors[1]
            nt = len(t_blk.args)
            t_ops = tuple(self._s(x) for x in op.operands[1:1 + nt])
            f_ops = tuple(self._s(x) for x in op.operands[1 + nt:])

            def cond_br(V: V_, T: T_) -> Exit:
                if V[cond]:
                    return t_blk, [V[x] for x in t_ops], [T[x] for x in t_ops]
                return f_blk, [V[x] for x in f_ops], [T[x] for x in f_ops]
            return cond_br
        if name in SWITCH_OPS:
            return self._c_switch(op)
        slots = tuple(self._s(x) for x in op.operands)  # return / yield / condition

        def leave(V: V_, T: T_) -> Exit:
            return None, [V[x] for x in slots], [T[x] for x in slots]
        return leave

    def _c_switch(self, op: Operation) -> TermFn:
        """``llvm.switch``/``cf.switch``: the first case whose value equals the flag
        (both as residues modulo 2^width), else the default; each with its operands."""
        sw = switch_cases(op)
        if sw is None:
            raise InterpreterError(f"{_op_name(op)} with an unexpected layout (case values, "
                                   "case operand segments)")
        flag, mask = self._s(sw.flag), (1 << sw.width) - 1

        def edge(blk: Block, ops: list[SSAValue]) -> tuple[Block, tuple[int, ...]]:
            return blk, tuple(self._s(x) for x in ops)

        default = edge(sw.default, sw.default_operands)
        table: dict[int, tuple[Block, tuple[int, ...]]] = {}
        for value, blk, ops in sw.cases:
            table.setdefault(value, edge(blk, ops))  # the first of equal values wins

        def switch(V: V_, T: T_) -> Exit:
            blk, slots = table.get(int(V[flag]) & mask, default)
            return blk, [V[x] for x in slots], [T[x] for x in slots]
        return switch


def _rest(spec: OpSpec, n: int) -> list[int]:
    """Operand indices not named by the spec's memory fields, in order.

    Shim: the table names ``dst``/``src`` of copies and ``dst`` of memset but has no
    field for the length (or memset's byte), so those are the remaining operands.
    """
    named = {i for i in (spec.dst, spec.src, spec.ptr, spec.value) if i is not None}
    return [i for i in range(n) if i not in named]



def check_layout(what: str, t: Attribute, m: MemRef) -> None:
    """The view ``m`` must have the offset and strides that memref type ``t`` states
    statically (an identity layout: offset 0, row-major strides), as compiled code uses
    the type's: a cast or reinterpret_cast that promises another layout is undefined
    behaviour, reported here rather than read two ways.  Strides of dimensions of size
    1, and everything of an empty view, are free."""
    if not isinstance(t, MemRefType) or 0 in m.sizes:
        return
    lay = t.layout
    if isinstance(lay, NoneAttr):
        want_off: int | None = 0
        want: tuple[int | None, ...] = row_major_strides(m.sizes)
    elif isinstance(lay, StridedLayoutAttr):
        off = lay.get_offset()
        want_off = off if isinstance(off, int) else None
        want = tuple(x if isinstance(x, int) else None for x in lay.get_strides())
    else:
        return
    bad = (want_off is not None and m.offset != want_off) or any(
        w is not None and n > 1 and s != w
        for w, n, s in zip(want, m.sizes, m.strides, strict=True))
    if bad:
        raise InterpreterError(
            f"{what} to {t}: the view has offset {m.offset} and strides {list(m.strides)}, "
            "which that type does not allow (undefined behaviour)")


_COMPILERS: dict[str, str] = {
    "arith.constant": "_c_constant",
    "llvm.mlir.constant": "_c_constant",
    "llvm.mlir.zero": "_c_constant",
    "llvm.mlir.undef": "_c_constant",
    "llvm.mlir.poison": "_c_constant",
    "ub.poison": "_c_constant",
    "cf.assert": "_c_assert",
    "llvm.ptrtoint": "_c_ptrtoint",
    "llvm.inttoptr": "_c_view_identity",
    "llvm.addrspacecast": "_c_view_identity",
    "llvm.extractvalue": "_c_extractvalue",
    "llvm.insertvalue": "_c_insertvalue",
    "memref.alloc": "_c_memref_alloc",
    "memref.alloca": "_c_memref_alloc",
    "memref.dealloc": "_c_noop",
    "memref.load": "_c_memref_load",
    "memref.store": "_c_memref_store",
    "memref.cast": "_c_view_identity",
    "memref.memory_space_cast": "_c_view_identity",
    "memref.assume_alignment": "_c_view_identity",
    "memref.subview": "_c_subview",
    "memref.reinterpret_cast": "_c_reinterpret_cast",
    "memref.collapse_shape": "_c_collapse_shape",
    "memref.expand_shape": "_c_expand_shape",
    "memref.copy": "_c_memref_copy",
    "memref.get_global": "_c_get_global",
    "memref.global": "_c_noop",
    "memref.dim": "_c_dim",
    "memref.rank": "_c_rank",
    "memref.extract_aligned_pointer_as_index": "_c_aligned_pointer",
    "llvm.alloca": "_c_llvm_alloca",
    "llvm.load": "_c_llvm_load",
    "llvm.store": "_c_llvm_store",
    "llvm.getelementptr": "_c_gep",
    "llvm.mlir.addressof": "_c_addressof",
    "llvm.mlir.global": "_c_noop",
    "llvm.intr.memcpy": "_c_mem_copy",
    "llvm.intr.memmove": "_c_mem_copy",
    "llvm.intr.memcpy.inline": "_c_mem_copy",
    "llvm.intr.memset": "_c_mem_set",
    "llvm.intr.memset.inline": "_c_mem_set",
    "scf.for": "_c_scf_for",
    "scf.if": "_c_scf_if",
    "scf.while": "_c_scf_while",
    "scf.execute_region": "_c_execute_region",
    "scf.parallel": "_c_scf_parallel",
    FORALL: "_c_scf_forall",
    "memref.atomic_rmw": "_c_atomic_rmw",
    "func.call": "_c_call",
    "llvm.call": "_c_call",
    "func.func": "_c_noop",
    "llvm.func": "_c_noop",
}


def nonzero_tangent(x: Any) -> bool:
    """Whether a tangent (a scalar, or an array of them) is nonzero or NaN: the test of
    "this value carries a derivative" that the oracle and the verifier share."""
    if x is None:
        return False
    if isinstance(x, np.ndarray):
        return bool(np.any((x != 0) | np.isnan(x)))
    try:
        f = float(x)
    except (TypeError, ValueError):
        return False
    return f != 0.0 or f != f


def _position(mr: Any, V: Any, idxs: tuple[int, ...], what: str) -> int:
    """The flat element position of ``mr[idxs...]`` (indices are frame slots), checked
    against the sizes and the underlying buffer: shared by load, store and atomic_rmw."""
    pos = mr.offset
    for x, n, s in zip(idxs, mr.sizes, mr.strides, strict=True):
        i = V[x]
        if i >= n:
            raise InterpreterError(f"{what} index {signed(i, 64)} out of bounds [0, {n})")
        pos += i * s
    if not 0 <= pos < mr.buf.data.size:
        raise InterpreterError(f"{what} outside its buffer")
    return pos
