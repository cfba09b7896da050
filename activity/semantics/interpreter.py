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
table call (SSA values hash in Python, so dicts keyed by them would dominate).  This
module is the core (frames, values and tangents, stepping limits, errors); what each op
means lives in one rules module per dialect family (:mod:`activity.semantics.rules`),
found through the tables of :mod:`activity.semantics.registry` by op name or op kind.
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

import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from activity.ops import TABLE
from activity.ops import op_name as _op_name
from activity.semantics import rules as _rules
from activity.semantics.attrs import prop as _prop
from activity.semantics.attrs import shaped as _shaped
from activity.semantics.attrs import symbol as _symbol
from activity.semantics.memory import (
    Buffer,
    InterpreterError,
    LLVMMemory,
    MemRef,
    StepLimitExceeded,
    tangent_leaf,
)
from activity.semantics.registry import (
    ARGUMENT_RULES,
    KIND_RULES,
    OP_RULES,
    SHAPED,
    SHAPED_KIND_RULES,
    SHAPED_RULES,
    T_,
    TERMINATOR_RULES,
    V_,
    Converted,
    Exit,
    OpFn,
    TermFn,
    fail,
)
from activity.semantics.rules.memref import check_layout

assert _rules  # (imported for its registrations)

# Ops that end a block and leave it: those with a terminator rule, and those that leave
# the region with their operands (return, yield, condition)
_TERMINATORS = frozenset(TERMINATOR_RULES)


@dataclass
class RunResult:
    """What one :meth:`Interpreter.run` produced.

    ``result_tangents`` holds the tangent of each result: a float for scalars (``0.0``
    for integers unless a bitcast or a memory round trip carried a derivative into
    them), a numpy array for memref results (whose ``results`` entry is a numpy copy of
    the view), a tuple (or ``0.0``) for LLVM aggregates, an array for array values
    (whose rules give them array tangents).  ``buffer_tangents`` is
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


def _perturbed(v: Any, t: Any, d: float) -> Any:
    """Add ``d`` to a tangent; for an aggregate, to the tangent of every leaf."""
    if not isinstance(v, tuple):
        return t + d
    return tuple(_perturbed(x, tangent_leaf(t, i), d) for i, x in enumerate(v))


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
            try:
                if t != 0.0:
                    self._nonzero.add(g)
            except ValueError:  # (an array tangent: nonzero if any element is)
                if (t != 0.0).any():
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
            v.tangent_array() if isinstance(v, MemRef) else (
                t if isinstance(t, tuple | np.ndarray) else float(t))
            for v, t in zip(vals, tans, strict=True))
        values = self._values
        return RunResult(results, result_tangents, buffer_tangents,
                         {values[g] for g in self._nonzero},
                         {values[g] for g in self._executed}, self._memnz, self._steps)

    def _convert_input(
        self, t: Attribute, x: Any, dx: Any, what: str, shared: dict[int, Any],
    ) -> Converted:
        """(value, tangent, finisher) of one argument, by the argument rule of its type
        (:mod:`activity.semantics.registry`); the finisher copies memory back to the
        caller's array and returns the buffer tangents (or None for scalars)."""
        for types, rule in ARGUMENT_RULES:
            if isinstance(t, types):
                return rule(self, t, x, dx, what, shared)
        raise InterpreterError(f"{what}: unsupported argument type {t}")

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
        """The closure of one op, by its rule (:mod:`activity.semantics.registry`: the
        op's own rule, else the rule of its table kind); an op that cannot be compiled
        gets a closure that raises when executed."""
        name = _op_name(op)
        spec = TABLE.get(name)
        if name not in SHAPED and any(_shaped(v.type) for v in (*op.operands, *op.results)):
            rule = SHAPED_RULES.get(name) or (
                SHAPED_KIND_RULES.get(spec.kind) if spec is not None else None)
            if rule is None:
                return fail(f"{name} on vector/tensor values is not supported")
        else:
            rule = OP_RULES.get(name) or SHAPED_RULES.get(name) or (
                KIND_RULES.get(spec.kind) if spec is not None else None)
        if spec is None and rule is None:
            return fail(f"op {name} is not in the op table")
        try:
            fn = rule(self, op, spec) if rule is not None else None
        except InterpreterError as e:
            return fail(f"{name}: {e}")
        if fn is None:
            kind = f" ({spec.kind.value})" if spec is not None else ""
            return fail(f"op {name}{kind} is not supported by the interpreter")
        return fn

    def _compile_terminator(self, op: Operation) -> TermFn:
        """The closure of a terminator, by its rule; without one (return, yield,
        condition) it leaves the region with its operands."""
        rule = TERMINATOR_RULES.get(_op_name(op))
        if rule is not None:
            return rule(self, op)
        slots = tuple(self._s(x) for x in op.operands)

        def leave(V: V_, T: T_) -> Exit:
            return None, [V[x] for x in slots], [T[x] for x in slots]
        return leave

    _fail = staticmethod(fail)


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


__all__ = ["Interpreter", "RunResult", "check_layout", "nonzero_tangent"]
