"""A dynamic soundness oracle for the activity analysis.

Soundness means the analysis never calls a value inactive that is not.  The reference
interpreter (:mod:`activity.semantics`) computes forward-mode tangents, which gives two
one-sided checks on concrete runs:

* **varied**: seed random nonzero tangents on the active inputs (``active`` float
  arguments, the contents of ``dup``/``dupnoneed`` memrefs) and run; every value whose
  tangent is nonzero (or NaN) in some dynamic instance differentially depends on an
  active input, so the analysis must call it *varied*.
* **useful**: with zero input tangents, add a tangent to one value ``v`` (``perturb``);
  if a float result of the function or the final tangent of a ``dup``/``dupnoneed``
  buffer becomes nonzero (or NaN), an active output differentially depends on ``v``, so
  the analysis must call it *useful*.

Only the analysis' negative claims need checking, so the useful check perturbs all the
executed values the analysis calls not useful at once, each by a random weight (a
nonzero total is then, with probability one, caused by at least one of them), and
bisects only when the total is nonzero; each reported value is confirmed by a run that
perturbs it alone by 1.0.

Runs that raise :class:`InterpreterError`, :class:`StepLimitExceeded`,
``ZeroDivisionError``, ``OverflowError`` or ``RecursionError`` are skipped and counted
in :class:`OracleStats`.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
from xdsl.dialects.builtin import MemRefType, ModuleOp, StringAttr, UnrankedMemRefType
from xdsl.dialects.llvm import LLVMPointerType
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue

from activity.ops import op_name
from activity.semantics import nonzero_tangent
from activity.testing.progen import FLOAT_TYPES, GeneratedProgram


class _ValueFacts(Protocol):
    varied: bool
    useful: bool


class ResultLike(Protocol):
    """What the oracle needs from an analysis result (``activity.analyze``'s answer)."""

    def value(self, v: SSAValue) -> _ValueFacts:
        ...


@dataclass(frozen=True)
class Violation:
    """A value the analysis calls not varied / not useful that a run shows is.

    ``kind`` is ``"varied"``, ``"useful"`` or ``"missing"`` (an executed value the
    analysis has no answer for); ``details`` is a self-contained report: the value, the
    activities, the inputs, the tangents and the program text.
    """

    kind: str
    value: SSAValue
    details: str

    def __str__(self) -> str:
        return f"{self.kind} violation: {self.details}"


@dataclass
class OracleStats:
    """Counters accumulated over :func:`check_soundness` calls."""

    programs: int = 0
    runs: int = 0
    skipped: int = 0
    trials: int = 0
    skipped_trials: int = 0
    checked_varied: int = 0
    checked_useful: int = 0
    violations: int = 0
    # programs whose analysis fell back (an ActivityWarning: an op outside the analysed
    # subset), counted by check_program; the precision of such programs is not measured
    fallback_programs: int = 0

    @property
    def skip_share(self) -> float:
        """Share of trials skipped because the program could not be run."""
        return self.skipped_trials / self.trials if self.trials else 0.0


SKIPPED_ERRORS: tuple[type[BaseException], ...] = (
    ZeroDivisionError, OverflowError, RecursionError,
)


def _interpreter_api() -> tuple[type, tuple[type[BaseException], ...]]:
    """The interpreter the oracle runs: the reference one plus ``test.opaque_region``
    (a region op the analysis treats as unknown, see :mod:`activity.testing.opaque`)."""
    from activity.semantics import InterpreterError, StepLimitExceeded
    from activity.testing.opaque import OpaqueInterpreter

    return OpaqueInterpreter, (InterpreterError, StepLimitExceeded, *SKIPPED_ERRORS)


# ---------------------------------------------------------------------------
# Describing values.


def _is_pointer(v: SSAValue) -> bool:
    return isinstance(v.type, MemRefType | UnrankedMemRefType | LLVMPointerType)


def _tag(op: Operation) -> str | None:
    a = op.attributes.get("tag")
    return a.data if isinstance(a, StringAttr) else None


def _function_of(op: Operation | None) -> str:
    while op is not None:
        if op.name in ("func.func", "llvm.func"):
            name = op.properties.get("sym_name") or op.attributes.get("sym_name")
            return f"@{name.data}" if isinstance(name, StringAttr) else "@?"
        op = op.parent_op()
    return "@?"


def _short_op(op: Operation) -> str:
    tag = _tag(op)
    name = op_name(op)
    return f'{name} {{tag = "{tag}"}}' if tag else name


def describe_value(v: SSAValue) -> str:
    """E.g. ``%v12 : f64 (result 0 of arith.mulf {tag = "t7"} in @f)``."""
    name = f"%{v.name_hint}" if v.name_hint else "%<anon>"
    head = f"{name} : {v.type}"
    if isinstance(v, OpResult):
        return f"{head} (result {v.index} of {_short_op(v.op)} in {_function_of(v.op)})"
    if isinstance(v, BlockArgument):
        blk: Block = v.block
        parent = blk.parent_op()
        where = "entry block" if blk.parent is not None and blk.parent.first_block is blk \
            else "a block"
        owner = _short_op(parent) if parent is not None else "?"
        return (f"{head} (argument {v.index} of {where} of {owner} in "
                f"{_function_of(parent)})")
    return head  # pragma: no cover


def _fmt(x: Any) -> str:
    if isinstance(x, np.ndarray):
        return f"np.array({x.tolist()!r})"
    if isinstance(x, list):
        return "[" + ", ".join(_fmt(e) for e in x) + "]"
    return repr(x)


def _nonzero(x: Any) -> bool:
    """Nonzero or NaN (a scalar tangent or an array of them)."""
    return nonzero_tangent(x)


def _copy(xs: Sequence[Any]) -> list[Any]:
    """Fresh copies of the arrays, keeping arguments that share an array shared."""
    memo: dict[int, np.ndarray] = {}
    out = []
    for x in xs:
        if isinstance(x, np.ndarray):
            if id(x) not in memo:
                memo[id(x)] = x.copy()
            x = memo[id(x)]
        out.append(x)
    return out


def _facts(result: ResultLike, v: SSAValue) -> _ValueFacts | None:
    try:
        return result.value(v)
    except KeyError:
        return None


# ---------------------------------------------------------------------------
# The check.


def check_soundness(
    prog: GeneratedProgram,
    module: ModuleOp,
    result: ResultLike,
    *,
    trials: int = 3,
    rng: Any = None,
    stats: OracleStats | None = None,
    max_steps: int = 200_000,
) -> list[Violation]:
    """Run the varied and useful checks ``trials`` times on random inputs.

    Args:
        prog: the program (its function, activities and input generator).
        module: the parsed module ``result`` was computed on (values are compared by
            identity).
        result: the analysis' answer (anything with ``value(v) -> .varied/.useful``).
        trials: number of random input vectors.
        rng: ``random.Random`` or ``numpy.random.Generator`` (default: seeded 0).
        stats: counters to accumulate into.
        max_steps: the interpreter's step limit per run.

    Returns:
        The violations found (at most one per value and kind).
    """
    interp_cls, skip = _interpreter_api()
    rng = random.Random(0) if rng is None else rng
    weights = rng if isinstance(rng, random.Random) else random.Random(int(rng.integers(2**31)))
    stats = stats if stats is not None else OracleStats()
    stats.programs += 1
    interp = interp_cls(module, max_steps=max_steps)
    found: dict[tuple[str, SSAValue], Violation] = {}
    out_buffers = [
        i for i, (t, a) in enumerate(zip(prog.arg_types, prog.args, strict=True))
        if a in ("dup", "dupnoneed") and t not in FLOAT_TYPES
    ]

    def report(kind: str, v: SSAValue, what: str, inputs: list[Any]) -> None:
        if (kind, v) in found:
            return
        seed = f" (progen.generate({prog.seed}))" if prog.seed is not None else ""
        details = (
            f"{describe_value(v)}: {what}\n"
            f"  function @{prog.func}, activities {list(prog.args)}, "
            f"argument types {list(prog.arg_types)}, alias_args={prog.alias_args!r}\n"
            f"  inputs = {_fmt(inputs)}\n"
            f"  program{seed}:\n{prog.text}"
        )
        found[(kind, v)] = Violation(kind, v, details)
        stats.violations += 1

    def run(inputs: list[Any], tangents: list[Any], perturb: dict[SSAValue, float] | None,
            record: bool) -> Any:
        stats.runs += 1
        try:
            return interp.run(prog.func, _copy(inputs), tangents=_copy(tangents),
                              perturb=perturb, record=record)
        except skip:
            stats.skipped += 1
            return None

    def leaks(out: Any) -> bool:
        if any(_nonzero(t) for t in out.result_tangents):
            return True
        bts = out.buffer_tangents
        return any(_nonzero(bts[i]) for i in out_buffers)

    for _ in range(trials):
        stats.trials += 1
        inputs = prog.make_inputs(rng)
        tangents = prog.make_tangents(rng)
        out = run(inputs, tangents, None, True)
        if out is None:
            stats.skipped_trials += 1
            continue

        # Varied: a nonzero tangent anywhere needs a varied claim.
        for v in out.nonzero:
            if _is_pointer(v):
                continue
            stats.checked_varied += 1
            facts = _facts(result, v)
            if facts is None:
                report("missing", v, "executed but not analysed", inputs)
            elif not facts.varied:
                report("varied", v, f"has a nonzero tangent with input tangents "
                       f"{_fmt(tangents)} but the analysis says not varied", inputs)

        # Useful: perturb every executed value claimed not useful.
        candidates: list[SSAValue] = []
        for v in sorted(out.executed, key=_order_key):
            if _is_pointer(v):
                continue
            facts = _facts(result, v)
            if facts is None:
                report("missing", v, "executed but not analysed", inputs)
            elif not facts.useful:
                candidates.append(v)
        stats.checked_useful += len(candidates)
        zero = prog.zero_tangents()

        def search(cands: list[SSAValue], inputs: list[Any], zero: list[Any]) -> None:
            if len(cands) == 1:
                perturb = {cands[0]: 1.0}
            else:
                perturb = {v: weights.uniform(0.5, 1.5) for v in cands}
            o = run(inputs, zero, perturb, False)
            if o is None or not leaks(o):
                return
            if len(cands) == 1:
                tans = [t for t in o.result_tangents]
                bufs = [o.buffer_tangents[i] for i in out_buffers]
                report("useful", cands[0],
                       f"perturb={{value: 1.0}} gives result tangents {_fmt(tans)} and "
                       f"dup buffer tangents {_fmt(bufs)} but the analysis says not useful",
                       inputs)
                return
            mid = len(cands) // 2
            search(cands[:mid], inputs, zero)
            search(cands[mid:], inputs, zero)

        if candidates:
            search(candidates, inputs, zero)
    return list(found.values())


def _order_key(v: SSAValue) -> tuple[str, int]:
    """A deterministic order for values (sets iterate in id order)."""
    return (describe_value(v), 0)


def check_program(
    prog: GeneratedProgram,
    *,
    trials: int = 3,
    rng: Any = None,
    stats: OracleStats | None = None,
    analyze: Any = None,
) -> list[Violation]:
    """Parse ``prog``, analyse it (``activity.analyze`` unless ``analyze`` is given: a
    callable ``(module, func=, args=) -> result``) and run :func:`check_soundness`."""
    import activity

    module = prog.parse()
    analyze = analyze or activity.analyze
    with warnings.catch_warnings(record=True) as seen:  # (fallbacks: the verdict is ours)
        warnings.simplefilter("always", activity.ActivityWarning)
        result = analyze(module, func=prog.func, args=list(prog.args),
                         alias_args=prog.alias_args)
    fell_back = False
    for w in seen:
        if issubclass(w.category, activity.ActivityWarning):
            fell_back = True
        else:  # (others pass on as before)
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
    if stats is not None and fell_back:
        stats.fallback_programs += 1
    return check_soundness(prog, module, result, trials=trials, rng=rng, stats=stats)


__all__ = [
    "OracleStats",
    "ResultLike",
    "Violation",
    "check_program",
    "check_soundness",
    "describe_value",
]
