"""Activity analysis from the library: ``analyze`` and ``analyze_calls`` (below the AD
generator, which runs it; :mod:`activity.api` re-exports them)."""

from __future__ import annotations

import contextlib
import gc
import warnings as _warnings
from collections.abc import Iterator, Mapping, Sequence
from os import PathLike
from typing import TYPE_CHECKING

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation

from activity import progress
from activity.analysis.activity import solve_activity
from activity.analysis.args import ArgSpec, resolve_args
from activity.analysis.result import ActivityResult
from activity.engine.graph import GraphBuilder
from activity.engine.program import Program, has_body
from activity.errors import ActivityError, ActivityWarning, outside_stacklevel
from activity.frontend import location_of, place_of
from activity.summaries.apply import SummaryCalls
from activity.summaries.model import Summary, load_file
from activity.summaries.modular import ModularResult, analyze_modular

if TYPE_CHECKING:
    from activity.autodiff_calls import AutodiffCall

ALIAS_MODES = ("distinct", "may")
MODES = ("whole-program", "summaries")


def describe(op: Operation | None) -> str:
    """``file:line:col`` of an op if known."""
    if op is None:
        return "<unknown>"
    loc = location_of(op)
    if loc is None:
        return "<unknown location>"
    f, line, col = loc
    return f"{f}:{line}:{col}"


def analyze(
    module: ModuleOp,
    func: str | Sequence[str] | None = None,
    args: ArgSpec | Mapping[str, ArgSpec] = None,
    *,
    mode: str = "whole-program",
    summaries: Sequence[str | PathLike[str]] | Mapping[str, Summary] | None = None,
    alias_args: str = "distinct",
    strict: bool = False,
) -> ActivityResult | ModularResult:
    """Whole-program activity analysis.

    Args:
        module: a parsed module (see :func:`parse`).
        func: the function(s) to analyse; ``None`` means every public function with a
            body.  Callees are analysed too (context-insensitively).
        args: argument activities of ``func``: a list (positional) or a mapping from
            argument name/tag/index to ``active|const|dup|dupnoneed``; with several
            functions, a mapping from function name to such a spec.
        alias_args: ``"distinct"`` (pointer/memref arguments do not alias each other)
            or ``"may"`` (they may).
        strict: raise :class:`ActivityError` instead of warning when an op or function
            outside the subset forces the conservative fallback.
        mode: ``"whole-program"`` (callee bodies analysed in place, context-insensitive)
            or ``"summaries"`` (each function alone; calls through derived summaries).
        summaries: summary files (paths) or ``{name: Summary}`` for functions declared
            without a body.
    """
    if mode not in MODES:
        raise ActivityError(f"mode must be one of {', '.join(MODES)}, not '{mode}'")
    if alias_args not in ALIAS_MODES:
        raise ActivityError(f"alias_args must be one of {ALIAS_MODES}, not '{alias_args}'")
    program = Program.of(module)
    inferred: dict[str, list[str]] = {}
    if args is None:  # (Enzyme's call sites say which functions and activities)
        inferred = _inferred(module, func)
    if func is None and inferred:
        roots = list(inferred)
    elif func is None:
        roots = program.public_functions()
        if not roots:
            raise ActivityError("the module has no public function with a body to analyse")
    else:
        roots = [func] if isinstance(func, str) else list(func)
    for r in roots:
        f = program.functions.get(r)
        if f is None:
            known = ", ".join(sorted(program.functions)) or "none"
            raise ActivityError(f"unknown function '@{r}' (functions: {known})")
        if not has_body(f):
            raise ActivityError(f"function '@{r}' is a declaration without a body")
    per_func: dict[str, ArgSpec] = dict(inferred)  # type: ignore[arg-type]
    if args is not None:
        if len(roots) == 1 and not (isinstance(args, Mapping) and set(args) <= set(roots)
                                    and all(isinstance(v, Sequence | Mapping)
                                            and not isinstance(v, str)
                                            for v in args.values())):
            per_func[roots[0]] = args  # type: ignore[assignment]
        elif isinstance(args, Mapping):
            per_func = dict(args)  # type: ignore[arg-type]
        else:
            raise ActivityError("with several functions, give args as {function: spec}")
    kinds = {program.functions[r]: resolve_args(program.functions[r], per_func.get(r))
             for r in roots}
    from activity.summaries.attributes import summaries_from_attributes

    ext = summaries_from_attributes(module)
    ext.update(load_summaries(summaries))
    if mode == "summaries":
        with _no_gc(), _warnings.catch_warnings():
            _warnings.simplefilter("ignore")
            mres = analyze_modular(module, program, roots, kinds, alias_args, ext)
        _report_warnings(mres.warnings, strict)
        return mres
    progress.phase("building the graph")
    with _no_gc():
        hook = SummaryCalls(ext) if ext else None
        g = GraphBuilder(module, roots, program=program, externals=hook).build()
    warns = [(w.op, w.message) for w in g.warnings]
    _report_warnings(warns, strict)
    progress.phase("solving")
    with _no_gc():
        sol = solve_activity(g, kinds, alias_args=alias_args)
        return ActivityResult(sol, warns)


def _inferred(module: ModuleOp, func: str | Sequence[str] | None) -> dict[str, list[str]]:
    """The activities the module's ``__enzyme_autodiff`` calls give ``func`` (every
    function they differentiate when None): ``{function: activities}``; an error where
    two calls of one function disagree."""
    from activity.autodiff_calls import find_calls, inferred_args

    if func is None:
        calls = find_calls(module)
        if not calls:
            return {}
    names = ([func] if isinstance(func, str) else list(func) if func is not None
             else list(dict.fromkeys(c.function for c in calls)))
    out: dict[str, list[str]] = {}
    for name in names:
        got = inferred_args(module, name)
        if got is not None:
            out[name] = got[1]
    return out


def analyze_calls(
    module: ModuleOp,
    *,
    mode: str = "whole-program",
    summaries: Sequence[str | PathLike[str]] | Mapping[str, Summary] | None = None,
    alias_args: str = "distinct",
    strict: bool = False,
) -> list[tuple[AutodiffCall, ActivityResult | ModularResult]]:
    """One analysis per ``__enzyme_autodiff`` call of ``module`` (the function it
    differentiates, with the activities the call gives: :mod:`activity.autodiff_calls`),
    in module order; two calls with the same function and activities share one."""
    from activity.autodiff_calls import find_calls

    done: dict[tuple[str, tuple[str, ...]], ActivityResult | ModularResult] = {}
    out = []
    for call in find_calls(module):
        key = call.key()
        if key not in done:
            done[key] = analyze(module, call.function, list(call.args), mode=mode,
                                summaries=summaries, alias_args=alias_args, strict=strict)
        out.append((call, done[key]))
    return out

def load_summaries(
    summaries: Sequence[str | PathLike[str]] | Mapping[str, Summary] | None,
) -> dict[str, Summary]:
    """Summary files (later files win) or an already-loaded mapping."""
    if summaries is None:
        return {}
    if isinstance(summaries, Mapping):
        return dict(summaries)
    from activity.summaries.libc import resolve

    out: dict[str, Summary] = {}
    for path in summaries:
        out.update(load_file(resolve(str(path))))
    return out


def _report_warnings(warns: list[tuple[Operation | None, str]], strict: bool) -> None:
    seen: set[tuple[int, str]] = set()
    for op, msg in warns:
        key = (id(op), msg)
        if key in seen:
            continue
        seen.add(key)
        where = describe(op)
        if strict:
            raise ActivityError(msg + " (--strict)", **place_of(op))
        _warnings.warn(f"{where}: {msg}; assuming the conservative fallback",
                       ActivityWarning, stacklevel=outside_stacklevel())


@contextlib.contextmanager
def _no_gc() -> Iterator[None]:
    """The analyses allocate many small long-lived lists and no cycles: pausing the
    cyclic garbage collector avoids repeated full scans (about 2x on large modules)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
