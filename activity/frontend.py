"""Input front end: turn MLIR text or an ``.mlir`` file into a verified xDSL module.

Why this module exists rather than calling ``xdsl.parser.Parser`` directly:

* Reports must point at the user's source, so every parsed operation (and
  block argument) gets its ``file:line:col`` recorded; :func:`location_of`
  looks it up. The column is that of the operation *name* (not of its result
  list), which is also what ``mlir-opt`` reports, so both parsing paths below
  agree.
* xDSL's custom syntax has holes (``arith.cmpf`` with an attribute dict,
  ``memref.cast``/``copy``/``global``, most of the ``llvm`` dialect as
  emitted by ``mlir-translate``). When xDSL cannot parse the input and
  ``mlir-opt-22`` is available, the text is converted to the generic op form
  (which xDSL always understands) with ``loc(...)`` debug info, and the
  locations are mapped back to the original file.
* xDSL's ``llvm.icmp`` refuses pointer operands, which MLIR (and every C pointer
  comparison) has; :func:`make_context` registers :class:`ICmpOp` in its place, and
  the ``linalg`` named ops xDSL lacks (``linalg.dot``, ``matvec``, ...).
* xDSL's lexer takes exponential time on a string literal that does not close; the
  text is scanned for one first, and xDSL's parser runs on a linear-time lexer
  (:mod:`activity.lexing`).
* xDSL's verifier does not check SSA dominance; :mod:`activity.dominance` does, after it,
  and :mod:`activity.wellformed` what else it leaves out (predicates out of range, an
  ``llvm.func`` entry block unlike its signature, ...).
* Every failure becomes an :class:`~activity.errors.ActivityError` carrying a
  one-line message and a position, so the CLI never shows a traceback.
"""

from __future__ import annotations

import bisect
import hashlib
import os
import re
import shutil
import subprocess
import sys
import weakref
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar, NamedTuple

from xdsl.context import Context
from xdsl.dialects import get_all_dialects, llvm
from xdsl.dialects.builtin import (
    I1,
    FileLineColLoc,
    IntAttr,
    IntegerAttr,
    ModuleOp,
    SignlessIntegerConstraint,
    StringAttr,
    VectorType,
    i64,
)
from xdsl.ir import Block, BlockArgument, Dialect, Operation, OpResult, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    VarConstraint,
    base,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.parser.generic_parser import ParserState
from xdsl.traits import NoMemoryEffect
from xdsl.utils.exceptions import ParseError, VerifyException
from xdsl.utils.lexer import Input, Span

from activity.dominance import Violation, first_violation, is_isolated, op_name
from activity.errors import ActivityError
from activity.lexing import LinearLexer, first_bad_string, string_error
from activity.wellformed import check_op

__all__ = [
    "MLIR_OPT_NAMES",
    "ICmpOp",
    "SourceLocation",
    "location_of",
    "make_context",
    "parse",
]

MLIR_OPT_NAMES: tuple[str, ...] = ("mlir-opt-22", "mlir-opt")
"""Executables tried, in order, for the generic-form fallback."""

_INSTALL_HINT = (
    "(if it is valid MLIR, install mlir-22-tools so mlir-opt-22 can convert it to generic form)"
)

_RECURSION_LIMIT = 100_000
"""Python recursion limit while parsing/verifying: xDSL's parser and verifier
recurse a few frames per nesting level, so deeply nested ``scf`` code would
otherwise hit the default limit of 1000 at ~100 levels."""

_STDIN_NAME = "<stdin>"
"""The file name ``mlir-opt`` puts into ``loc(...)`` for input read from stdin."""

_MLIR_OPT_TIMEOUT_S = 300.0


class SourceLocation(NamedTuple):
    """A position in the parsed input; ``line`` and ``col`` are 1-based."""

    file: str
    line: int
    col: int


_LOCATIONS: weakref.WeakKeyDictionary[Operation | BlockArgument, SourceLocation] = (
    weakref.WeakKeyDictionary()
)
"""Where each parsed op/block argument came from. Weak keys, so that
discarded modules do not leak; transformed or newly built ops simply have no
entry."""

_SOURCE_NAMES: weakref.WeakKeyDictionary[SSAValue, str] = weakref.WeakKeyDictionary()
"""Names from the source that xDSL keeps no ``name_hint`` for (``%7``; ``%7#1``
for result 1 of ``%7:2``), so reports can name values as the input did."""


def source_name(value: SSAValue) -> str | None:
    """The name (without ``%``) ``value`` had in the source given to :func:`parse`,
    numeric names included; ``None`` where unknown."""
    return value.name_hint or _SOURCE_NAMES.get(value)


_PTR = base(llvm.LLVMPointerType)


@irdl_op_definition
class ICmpOp(llvm.ICmpOp):
    """``llvm.icmp`` as MLIR defines it: integers, pointers, or vectors of either.

    xDSL's :class:`xdsl.dialects.llvm.ICmpOp` admits only (vectors of) signless
    integers, so the pointer comparisons clang emits everywhere (``p != end`` loops,
    ``a == b ? ...``, the vectorizer's runtime alias checks) failed to verify. This
    subclass widens the operand constraint and keeps xDSL's constructor and custom
    syntax; being a subclass, ``isinstance(op, llvm.ICmpOp)`` still holds.
    :func:`make_context` registers it in place of xDSL's class.
    """

    name = "llvm.icmp"
    T: ClassVar = VarConstraint(
        "T",
        SignlessIntegerConstraint
        | VectorType.constr(SignlessIntegerConstraint)
        | _PTR
        | VectorType.constr(_PTR),
    )

    lhs = operand_def(T)
    rhs = operand_def(T)
    res = result_def(I1 | VectorType[I1])
    predicate = prop_def(IntegerAttr[i64])

    traits = traits_def(NoMemoryEffect())

    def verify_(self) -> None:
        # (Overridden: the inherited ``verify_`` would also run the parent's operand
        # constraint, which rejects pointers.)
        lhs, res = self.lhs.type, self.res.type
        if isinstance(lhs, VectorType) != isinstance(res, VectorType):
            kind = "a vector" if isinstance(lhs, VectorType) else "scalar"
            raise VerifyException(
                f"Result must be {kind} if operands are {kind.removeprefix('a ')}s, "
                f"got {res}")
        if isinstance(lhs, VectorType) and isinstance(res, VectorType) and (
                lhs.get_shape() != res.get_shape()):
            raise VerifyException(f"Result shape {res} does not match operand type {lhs}")


def _llvm_dialect() -> Dialect:
    """xDSL's ``llvm`` dialect with :class:`ICmpOp` in place of xDSL's ``llvm.icmp``."""
    d = llvm.LLVM
    ops = [ICmpOp if op is llvm.ICmpOp else op for op in d.operations]
    return Dialect(d.name, ops, list(d.attributes), list(d._interfaces))


def make_context() -> Context:
    """A context that knows every xDSL dialect (loaded lazily, on first use)
    and accepts unregistered ops, so that IR using dialects xDSL lacks still
    parses (such ops are then treated conservatively by the analysis).

    Its ``llvm.icmp`` is :class:`ICmpOp`, which also compares pointers; its ``linalg``
    has the named ops xDSL lacks (:mod:`activity.tensor.named`)."""
    from activity.tensor.named import linalg_dialect

    ours = {"llvm": _llvm_dialect, "linalg": linalg_dialect}
    ctx = Context(allow_unregistered=True)
    for name, factory in get_all_dialects().items():
        ctx.register_dialect(name, ours.get(name, factory))
    return ctx


def place_of(op: Operation | None) -> dict[str, Any]:
    """Keyword arguments of an ``ActivityError`` locating it at ``op`` (none when the
    op was not parsed from a file)."""
    loc = location_of(op) if op is not None else None
    return {} if loc is None else {"file": loc.file, "line": loc.line, "col": loc.col}


def location_of(obj: Operation | SSAValue) -> SourceLocation | None:
    """Where ``obj`` was written in the source given to :func:`parse`.

    ``obj`` may be an operation, a block argument, or an op result (which
    reports its defining op). Objects that were not parsed by :func:`parse`
    fall back to their own ``FileLineColLoc`` if they carry one (e.g. IR
    compiled with debug info); otherwise the answer is ``None``.
    """
    if isinstance(obj, OpResult):
        obj = obj.op
    if isinstance(obj, Operation | BlockArgument):
        found = _LOCATIONS.get(obj)
        if found is not None:
            return found
        loc = obj.location
        if isinstance(loc, FileLineColLoc) and loc.line.data > 0:
            return SourceLocation(loc.filename.data, loc.line.data, loc.column.data)
    return None


def carry_location(new: Operation, old: Operation) -> None:
    """Let ``new``, a copy of ``old`` (and the ops nested in it, of those nested in
    ``old``), report ``old``'s source location: the gradient's copies of the user's
    ops then name the user's lines (a failed bounds check, an error)."""
    for a, b in zip(new.walk(), old.walk(), strict=False):
        loc = location_of(b)
        if loc is not None:
            _LOCATIONS[a] = loc


# --------------------------------------------------------------------------
# Reading the input


def _looks_like_path(text: str) -> bool:
    """A one-line string is a path if it names a file, or if it contains
    none of the characters every MLIR module needs (so that a mistyped file
    name gives "cannot read file" rather than a baffling parse error)."""
    if "\n" in text or not text.strip():
        return False
    if os.path.exists(text):
        return True
    return not any(c in text for c in '{}()%"=')


def _read_source(source: str | os.PathLike[str], name: str | None) -> tuple[str, str]:
    """Return ``(text, display_name)`` for ``source`` (MLIR text or a path)."""
    if isinstance(source, str) and not _looks_like_path(source):
        return source, name if name is not None else "<string>"
    path = os.fspath(source)
    display = name if name is not None else path
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        reason = err.strerror or type(err).__name__
        raise ActivityError(f"cannot read file: {reason}", file=display) from None
    try:
        return data.decode("utf-8"), display
    except UnicodeDecodeError as err:
        raise ActivityError(
            f"file is not valid UTF-8 (byte offset {err.start})", file=display
        ) from None


# --------------------------------------------------------------------------
# Parsing with position tracking


class _LineIndex:
    """Offset -> (line, col) conversion in O(log n), unlike xDSL's
    ``Span.get_location`` which counts newlines from the start of the input
    each time (quadratic over a 100k-op file)."""

    def __init__(self, text: str) -> None:
        self._starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line_col(self, offset: int) -> tuple[int, int]:
        index = bisect.bisect_right(self._starts, offset) - 1
        return index + 1, offset - self._starts[index] + 1


class _LinearParser(Parser):
    """xDSL's parser on :class:`~activity.lexing.LinearLexer`, whose string literals
    cost linear time (xDSL's own lexer takes exponential time on one that does not
    close)."""

    def __init__(self, ctx: Context, text: str, name: str) -> None:
        super().__init__(ctx, "", name)  # (xDSL's lexer would lex the first token)
        self._parser_state = ParserState(LinearLexer(Input(text, name)))


class _LocatingParser(_LinearParser):
    """xDSL parser that records the source offset of every operation name
    and block argument it parses.

    ``parse_operation`` first parses the result list (``%a, %b =``) through
    ``_parse_op_result_list``; right after it, the current token is the op
    name (custom form) or the quoted op name (generic form). Nested ops are
    parsed inside ``parse_operation``, so the pending positions form a stack.
    """

    def __init__(self, ctx: Context, text: str, name: str) -> None:
        super().__init__(ctx, text, name)
        self.op_offsets: list[tuple[Operation, int]] = []
        self.arg_offsets: list[tuple[BlockArgument, int]] = []
        self._pending: list[int] = []

    def _parse_op_result_list(self) -> list[tuple[Span, int]]:
        results = super()._parse_op_result_list()
        self._pending.append(self._current_token.span.start)
        return results

    def parse_operation(self) -> Operation:
        op = super().parse_operation()
        self.op_offsets.append((op, self._pending.pop()))
        return op

    def _register_ssa_definition(
        self, name: str, values: tuple[SSAValue, ...] | list[SSAValue], span: Span
    ) -> None:
        super()._register_ssa_definition(name, values, span)
        for k, value in enumerate(values):
            if isinstance(value, BlockArgument):
                self.arg_offsets.append((value, span.start))
            if not SSAValue.is_valid_name(name):  # numeric: xDSL keeps no name_hint
                _SOURCE_NAMES[value] = name if len(values) == 1 else f"{name}#{k}"

    def error_location(self) -> tuple[int, int]:
        """(line, col) of the token the parser stopped at."""
        return _LineIndex(self.lexer.input.content).line_col(self._current_token.span.start)


@contextmanager
def _deep_recursion() -> Iterator[None]:
    """Temporarily allow deep Python recursion (xDSL's parser, printer and
    verifier recurse per nesting level)."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, _RECURSION_LIMIT))
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def _first_line(message: str) -> str:
    """The first non-empty line of ``message``: the CLI prints one line."""
    for line in message.splitlines():
        if line.strip():
            return line.strip()
    return message.strip() or "unknown error"


def _one_line(message: str) -> str:
    """``message`` with its lines joined, for multi-line verifier messages."""
    return " ".join(line.strip() for line in message.splitlines() if line.strip())


def _parse_error(err: Exception, parser: _LocatingParser | None,
                 display: str) -> ActivityError:
    """Turn any exception raised while xDSL parses into an ActivityError.

    A ``ParseError`` knows its span; anything else (custom op parsers may raise
    e.g. ``VerifyException`` or ``ValueError``) is reported at the token where
    the parser stopped.
    """
    if isinstance(err, ParseError):
        loc = err.span.get_location()
        line, col = loc.line, loc.col
        message = _first_line(err.msg)
        if message.startswith(_XDSL_UNCLOSED_STRING):
            text = err.span.input.content
            bad = string_error(text, err.span.start)
            if bad is not None:
                (line, col), message = _LineIndex(text).line_col(bad[0]), bad[1]
        elif message.startswith(_UNREGISTERED_CUSTOM):
            message, back = _explain_unregistered(err.span)
            col -= back
    elif parser is None:  # (the parser lexes the first token when it is made)
        return ActivityError(_first_line(str(err)) or type(err).__name__, file=display)
    elif isinstance(err, RecursionError):
        line, col = parser.error_location()
        message = "nesting too deep for the parser"
    else:
        line, col = parser.error_location()
        message = _first_line(str(err)) or type(err).__name__
    return ActivityError(message, file=display, line=line, col=col)


_UNREGISTERED_CUSTOM = "Operation builtin.unregistered does not have a custom format"
_XDSL_UNCLOSED_STRING = "End of file reached before closing string literal"
_TRAILING_OP_NAME = re.compile(r"([A-Za-z_][\w$.]*)\s*$")


def _explain_unregistered(span: Span) -> tuple[str, int]:
    """xDSL parses an op it does not know as ``builtin.unregistered`` and then
    fails on its custom syntax with a message naming that placeholder; name
    the real op (the identifier just before the error position) instead.

    Returns the message and how many columns to move left to reach the name.
    """
    line_start = span.input.get_start_of_line(span.start)
    before = str(span.input.content[line_start : span.start])
    found = _TRAILING_OP_NAME.search(before)
    if found is None:
        return "xDSL does not know this operation, so it must be in generic form", 0
    message = f"xDSL does not know '{found[1]}', so it must be written in generic form"
    return message, len(before) - found.start(1)


def _parse_xdsl(
    ctx: Context, text: str, display: str
) -> tuple[ModuleOp | None, ActivityError | None, _LocatingParser | None]:
    """Parse ``text`` with xDSL; return the module or the error."""
    parser = None
    try:
        parser = _LocatingParser(ctx, text, display)
        return parser.parse_module(), None, parser
    except Exception as err:  # xDSL parsers raise many kinds
        return None, _parse_error(err, parser, display), parser


def _record_parser_locations(parser: _LocatingParser, display: str) -> None:
    index = _LineIndex(parser.lexer.input.content)
    for table in (parser.op_offsets, parser.arg_offsets):
        for obj, offset in table:
            line, col = index.line_col(offset)
            _LOCATIONS[obj] = SourceLocation(display, line, col)


# --------------------------------------------------------------------------
# Generic-form fallback through mlir-opt


def _find_mlir_opt() -> str | None:
    """The mlir-opt executable to use, looked up on every call (not cached)
    so that tests and users can change PATH."""
    for candidate in MLIR_OPT_NAMES:
        found = shutil.which(candidate)
        if found:
            return found
    return None


_MLIR_DIAG = re.compile(r"^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+): error: (?P<msg>.*)$")


def _to_generic(tool: str, text: str, display: str) -> str:
    """Print ``text`` in generic op form with inline ``loc(...)`` info.

    The MLIR verifier is disabled on parsing: xDSL verifies afterwards, and
    MLIR would reject e.g. plain ``{tag = ...}`` argument attributes that the
    examples use to name values. ``--mlir-print-local-scope`` prints locations
    inline; by default they become ``#loc`` aliases defined at the *end* of
    the output, which xDSL cannot resolve.
    """
    cmd = [
        tool,
        "--mlir-print-op-generic",
        "--allow-unregistered-dialect",
        "--mlir-print-debuginfo",
        "--mlir-print-local-scope",
        "--mlir-very-unsafe-disable-verifier-on-parsing",
        "-",
    ]
    try:
        proc = subprocess.run(
            cmd,
            input=text,
            capture_output=True,
            text=True,
            timeout=_MLIR_OPT_TIMEOUT_S,
            check=False,
        )
    except (OSError, subprocess.SubprocessError) as err:
        raise ActivityError(f"could not run {tool}: {err}", file=display) from None
    if proc.returncode == 0:
        return proc.stdout
    for line in proc.stderr.splitlines():
        if (match := _MLIR_DIAG.match(line)) is not None:
            diag_file = display if match["file"] == _STDIN_NAME else match["file"]
            raise ActivityError(
                match["msg"].strip(),
                file=diag_file,
                line=int(match["line"]),
                col=int(match["col"]),
            )
    detail = _first_line(proc.stderr) if proc.stderr.strip() else f"exit {proc.returncode}"
    raise ActivityError(f"{Path(tool).name} failed: {detail}", file=display)


_RESULT_LIST = re.compile(r"^\s*(%[^\s=,]+(?:\s*,\s*%[^\s=,]+)*)\s*=\s*$")
_VALUE_NAME = re.compile(r"%([A-Za-z_$.\-][\w$.\-]*|\d+)")


def _adopt_stdin_locations(module: ModuleOp, text: str, display: str) -> None:
    """After the mlir-opt round trip, map ``loc("<stdin>":L:C)`` back to the
    original file, and restore the SSA names that the generic printer
    replaced by numbers (reports quote names like ``%x``), reading them from
    the original text at those positions.
    """
    lines = text.splitlines()
    filename = StringAttr(display)

    def convert(obj: Operation | BlockArgument) -> tuple[int, int] | None:
        loc = obj.location
        if not (isinstance(loc, FileLineColLoc) and loc.filename.data == _STDIN_NAME):
            return None
        line, col = loc.line.data, loc.column.data
        if line <= 0:  # mlir-opt's implicit top-level module
            return None
        obj.location = FileLineColLoc(filename, IntAttr(line), IntAttr(col))
        _LOCATIONS[obj] = SourceLocation(display, line, col)
        return line, col

    def source_line(line: int) -> str:
        return lines[line - 1] if 0 < line <= len(lines) else ""

    for op in module.walk():
        if (pos := convert(op)) is not None and op.results:
            _restore_result_names(op, source_line(pos[0])[: pos[1] - 1])
        for region in op.regions:
            for block in region.blocks:
                for arg in block.args:
                    if (pos := convert(arg)) is not None:
                        match = _VALUE_NAME.match(source_line(pos[0]), pos[1] - 1)
                        if match and SSAValue.is_valid_name(match[1]):
                            arg.name_hint = match[1]
                        elif match:
                            _SOURCE_NAMES[arg] = match[1]


def _restore_result_names(op: Operation, prefix: str) -> None:
    """Give ``op``'s results the names in ``prefix`` (``"  %a, %b:2 = "``)."""
    found = _RESULT_LIST.match(prefix)
    if found is None:
        return
    names: list[str] = []
    sources: list[str] = []
    for item in found[1].split(","):
        name, _, count = item.strip()[1:].partition(":")
        n = int(count) if count.isdigit() else 1
        names.extend([name] * n)
        sources.extend([name] if n == 1 else [f"{name}#{k}" for k in range(n)])
    if len(names) != len(op.results):
        return
    for result, name, source in zip(op.results, names, sources, strict=True):
        if SSAValue.is_valid_name(name):
            result.name_hint = name
        else:
            _SOURCE_NAMES[result] = source


# --------------------------------------------------------------------------
# Post-processing and verification


def _move_unknown_properties(module: ModuleOp) -> None:
    """Move properties that xDSL's op definition does not declare into the
    attribute dictionary.

    ``mlir-translate`` output carries properties that xDSL's ``llvm`` ops lack
    (``tbaa``, ``memory_effects``, ``arg_attrs`` of calls, ...); xDSL's
    verifier rejects those although they are irrelevant to activity. Keeping
    them as discardable attributes preserves the information.
    """
    for op in module.walk():
        if not isinstance(op, IRDLOperation) or not op.properties:
            continue
        known = type(op).get_irdl_definition().properties
        for key in [k for k in op.properties if k not in known]:
            op.attributes.setdefault(key, op.properties.pop(key))


def _integer_overflow_flags(module: ModuleOp) -> None:
    """Turn ``overflowFlags = 1 : i32`` (how ``mlir-opt``'s generic form writes the
    nsw/nuw flags of ``llvm.trunc``) into the ``#llvm.overflow`` attribute that xDSL's
    ``llvm.trunc`` expects: its verifier refused every imported C function with an
    integer truncation.  (xDSL's ``llvm.add`` and kin take the integer, as MLIR does.)
    A value outside 0-3 is left for the verifier to report."""
    for op in module.walk():
        flags = op.properties.get("overflowFlags")
        if (isinstance(op, llvm.IntegerConversionOpOverflow)
                and isinstance(flags, IntegerAttr) and 0 <= flags.value.data <= 3):
            op.properties["overflowFlags"] = llvm.OverflowAttr.from_int(flags.value.data)


def _verify(module: ModuleOp, display: str) -> None:
    """Run xDSL's verifier, and check what values branches pass to their successors;
    report the failing op's source position.  (Some of xDSL's verifiers raise a plain
    ``Exception`` -- ``memref.load`` with too few indices -- which reached the user as
    a traceback; and xDSL does not compare a ``cf.br``'s operands with its
    successor's arguments, so such a program reached the lowering.)"""
    try:
        module.verify()
        for op in module.walk():
            _verify_more(op)
        return
    except Exception as err:  # noqa: BLE001 - any verifier's complaint is the input's
        first = err
    culprit = _find_failing_op(module)
    where = location_of(culprit) if culprit is not None else None
    message = _one_line(str(first)) or type(first).__name__
    if culprit is not None and culprit.name not in message:
        message = f"'{culprit.name}' op {message}"
    if where is None:
        raise ActivityError(message, file=display) from None
    raise ActivityError(message, file=where.file, line=where.line, col=where.col) from None


def _find_failing_op(module: ModuleOp) -> Operation | None:
    """The innermost op whose own checks fail (``module.verify`` only says
    what failed, not where)."""
    for op in module.walk(region_first=True):
        try:
            op.verify(verify_nested_ops=False)
            for region in op.regions:
                for block in region.blocks:
                    if not block.ops:
                        Block.verify(block)
            _verify_more(op)
        except Exception:  # noqa: BLE001 - as in _verify
            return op
    return None


def _verify_more(op: Operation) -> None:
    """The checks of ``op`` that xDSL's verifier leaves out (dominance aside)."""
    _verify_successors(op)
    check_op(op)


def _verify_successors(op: Operation) -> None:
    """The values a branch passes to each successor match its arguments in number,
    and in type where both are scalars (``!llvm.ptr`` and ``!llvm.ptr<0>``, a memref
    with and without its identity layout or memory space 0, are spelled apart but
    one type: a review found them refused)."""
    from xdsl.dialects.builtin import AnyFloat, IndexType, IntegerType

    from activity.engine.program import successor_operands

    scalar = (AnyFloat, IndexType, IntegerType)

    passed = successor_operands(op)
    for k, (block, values) in enumerate(zip(op.successors, passed or [], strict=False)):
        if len(values) != len(block.args):
            raise VerifyException(f"passes {len(values)} value(s) to successor #{k}, "
                                  f"which takes {len(block.args)}")
        for j, (v, a) in enumerate(zip(values, block.args, strict=True)):
            if isinstance(v.type, scalar) and isinstance(a.type, scalar) \
                    and v.type != a.type:
                raise VerifyException(f"passes a value of type {v.type} to argument {j} "
                                      f"of successor #{k}, of type {a.type}")


def _check_dominance(module: ModuleOp, display: str) -> None:
    """Every use of a value is dominated by its definition (xDSL's verifier does not
    check it, and every later stage assumes it): one error line at the first use
    that is not (see :mod:`activity.dominance`)."""
    found = first_violation(module)
    if found is None:
        return
    user: Operation | None = found.user
    while user is not None and location_of(user) is None:
        user = user.parent_op()
    raise ActivityError(_dominance_message(found, display), **(
        place_of(user) if user is not None else {"file": display}))


def _dominance_message(found: Violation, display: str) -> str:
    user, k, value = found
    name = f" (%{value.name_hint})" if value.name_hint else ""
    subject = f"'{op_name(user)}' op operand #{k}{name}"
    loc = location_of(value)
    at = "" if loc is None else (
        f" at {loc.line}:{loc.col}" if loc.file == display else f" at {':'.join(map(str, loc))}")
    if isinstance(value, OpResult):
        if value.op is user:
            return f"{subject} is its own result"
        if value.op.is_ancestor(user):
            return (f"{subject} is a result of the enclosing '{op_name(value.op)}'{at}, "
                    "not defined inside its regions")
        block = value.op.parent_block()
    else:
        assert isinstance(value, BlockArgument)
        block = value.block
    op = user.parent_op()
    while op is not None and (block is None or not op.is_ancestor(block)):
        if is_isolated(op):
            return (f"{subject} is defined{at} outside the enclosing '{op_name(op)}', which is "
                    "isolated from above")
        op = op.parent_op()
    region = block.parent if block is not None else None
    if region is None or not region.is_ancestor(user):
        return f"{subject} is defined{at} in a region that does not enclose this use"
    if block is not None and block.is_ancestor(user):
        return f"{subject} is used before its definition{at}"
    return f"{subject} is defined{at} in a block that does not dominate this use"


# --------------------------------------------------------------------------
# Entry point


def parse(source: str | os.PathLike[str], *, name: str | None = None,
          cflags: str | Sequence[str] | None = None) -> ModuleOp:
    """Parse and verify MLIR given as text or as a path to a file.

    ``source`` is a path if it is a ``Path``/``os.PathLike``, or a one-line
    string that names an existing file or looks like a file name (see
    :func:`_looks_like_path`); any other string is MLIR text. ``name``
    overrides the file name used in locations and messages.

    A path ending in ``.c`` or ``.ll`` is compiled with clang-22 (``cflags``: a list
    or a shell-quoted string, default :data:`activity.cfront.DEFAULT_CFLAGS`) and
    imported with mlir-translate-22 (:mod:`activity.cfront`); the ops then carry
    their C positions.

    If xDSL cannot parse the text and ``mlir-opt-22``/``mlir-opt`` is on PATH,
    the text is converted to generic form and parsed again, with locations
    mapped back to the original text. Raises :class:`ActivityError` on any
    failure.
    """
    if not isinstance(source, str) or _looks_like_path(source):
        from activity import cfront

        if cfront.is_c_source(source):
            path = os.fspath(source)
            display = name if name is not None else path
            generic = cfront.translate(path, cflags, display)
            return _parse_text(generic, display, own_locations=True)
    text, display = _read_source(source, name)
    return _parse_text(text, display)


def _parse_text(text: str, display: str, own_locations: bool = False) -> ModuleOp:
    """:func:`parse` of ``text``; ``own_locations``: the ops carry their positions in
    their ``loc(...)`` (generated MLIR: positions in its text would mean nothing to
    the user), and an op without one reports its function's."""
    if _is_blank(text):
        # MLIR accepts an empty file as an empty module; xDSL does not.
        return ModuleOp([])
    if (bad := first_bad_string(text)) is not None:
        line, col = _LineIndex(text).line_col(bad[0])
        raise ActivityError(bad[1], file=display, line=line, col=col)
    ctx = make_context()
    with _deep_recursion():
        module, error, parser = _parse_xdsl(ctx, text, display)
        if module is not None:
            assert parser is not None
            if own_locations:
                _inherit_locations(module)
            else:
                _record_parser_locations(parser, display)
        else:
            assert error is not None
            module = _parse_via_mlir_opt(ctx, text, display, error)
        _move_unknown_properties(module)
        _integer_overflow_flags(module)
        _verify(module, display)
        _check_dominance(module, display)
    return module


def _inherit_locations(module: ModuleOp) -> None:
    """Ops and block arguments without a position of their own (constants clang
    hoisted, ``loc(unknown)``) report the nearest enclosing op's."""

    def visit(op: Operation, outer: SourceLocation | None) -> None:
        here = location_of(op)
        if here is None and outer is not None:
            _LOCATIONS[op] = here = outer
        for region in op.regions:
            for block in region.blocks:
                for arg in block.args:
                    if location_of(arg) is None and here is not None:
                        _LOCATIONS[arg] = here
                for inner in block.ops:
                    visit(inner, here)

    for op in module.body.block.ops:
        visit(op, None)


def _is_blank(text: str) -> bool:
    """True if ``text`` holds nothing but whitespace and ``//`` comments."""
    return all(not line.split("//", 1)[0].strip() for line in text.splitlines())


GENERIC_CACHE_ENV = "ACTIVITY_GENERIC_CACHE"


def _generic_cache_path(text: str) -> Path | None:
    """Where the generic form of ``text`` is kept when ``$ACTIVITY_GENERIC_CACHE`` names
    a directory: mlir-opt's conversions are saved there and read back instead of
    running mlir-opt again, so that a machine without mlir-opt (a lent GPU machine, say)
    can parse the same files once the cache has been filled where mlir-opt is."""
    root = os.environ.get(GENERIC_CACHE_ENV)
    if not root:
        return None
    key = hashlib.sha256(text.encode()).hexdigest()
    return Path(root) / f"{key}.mlir"


def _parse_via_mlir_opt(
    ctx: Context, text: str, display: str, xdsl_error: ActivityError
) -> ModuleOp:
    """The generic-form fallback; ``xdsl_error`` is what xDSL said first."""
    cached = _generic_cache_path(text)
    if cached is not None and cached.is_file():
        generic = cached.read_text()
    else:
        tool = _find_mlir_opt()
        if tool is None:
            raise ActivityError(
                f"{xdsl_error.message} {_INSTALL_HINT}",
                file=xdsl_error.file,
                line=xdsl_error.line,
                col=xdsl_error.col,
            )
        generic = _to_generic(tool, text, display)
        if cached is not None:
            cached.parent.mkdir(parents=True, exist_ok=True)
            tmp = cached.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(generic)
            tmp.replace(cached)
    try:
        module = _LinearParser(ctx, generic, display).parse_module()
    except Exception:  # report xDSL's error on the original text
        raise xdsl_error from None
    _adopt_stdin_locations(module, text, display)
    return module
