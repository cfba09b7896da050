"""C and LLVM IR in: ``prog.c`` through clang-22 and mlir-translate-22 to MLIR.

``activity.parse("prog.c")`` (and every subcommand given a ``.c`` or ``.ll`` file) runs

    clang-22 CFLAGS -gline-tables-only -S -emit-llvm prog.c -o -
    mlir-translate-22 --import-llvm --mlir-print-op-generic --mlir-print-debuginfo ...

and parses the result.  ``CFLAGS`` default to the paper's evaluation flags
(:data:`DEFAULT_CFLAGS`, as ``benchmarks/c/regen.sh``); ``--cflags`` / ``cflags=``
replace them.  ``-gline-tables-only`` (line tables only: no ``llvm.dbg`` intrinsics,
and LLVM does not let debug info change the code) gives every op the C position it
came from, so reports and errors name ``prog.c:LINE:COL``; the debug-info locations
MLIR prints (``loc(fused<#llvm.di_subprogram<...>>["prog.c":9:3])``, inlined code as
``callsite(...)``) are reduced here to the ``loc("prog.c":9:3)`` xDSL reads.  A ``.ll``
file goes straight to mlir-translate (its ops have positions only if it carries debug
info).

When ``$ACTIVITY_GENERIC_CACHE`` names a directory (as for mlir-opt's generic forms,
:mod:`activity.frontend`), the generated MLIR is kept there, keyed by the source text,
the texts of the headers it includes with ``#include "..."`` (found next to the file
that includes them), the flags and the file name, and read back instead of running the
tools again -- so a machine without clang can parse the same C once the cache has been
filled where clang is.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shlex
import shutil
import subprocess
from collections.abc import Iterator, Sequence
from pathlib import Path

from activity.errors import ActivityError

DEFAULT_CFLAGS: tuple[str, ...] = (
    "-O2", "-fno-vectorize", "-fno-slp-vectorize", "-fno-unroll-loops", "-ffast-math")
"""The paper's evaluation flags (issue 31; ``benchmarks/c/regen.sh``)."""

C_SUFFIXES = (".c",)
LL_SUFFIXES = (".ll",)
CLANG_NAMES = ("clang-22",)
TRANSLATE_NAMES = ("mlir-translate-22",)
CACHE_ENV = "ACTIVITY_GENERIC_CACHE"

_TIMEOUT_S = 600.0
_default_cflags: list[tuple[str, ...]] = []


def is_c_source(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` names C or LLVM IR (by its suffix) that :func:`translate` reads."""
    return Path(os.fspath(path)).suffix.lower() in C_SUFFIXES + LL_SUFFIXES


def split_cflags(cflags: str | Sequence[str] | None) -> tuple[str, ...]:
    """``cflags`` as a tuple: a string is split as a shell would; ``None`` is the
    default (:func:`default_cflags`)."""
    if cflags is None:
        return default_cflags()
    if isinstance(cflags, str):
        try:
            return tuple(shlex.split(cflags))
        except ValueError as e:
            raise ActivityError(f"--cflags: {e}") from None
    return tuple(cflags)


def default_cflags() -> tuple[str, ...]:
    """The flags used when none are given: :data:`DEFAULT_CFLAGS`, or those set by
    :func:`using_cflags` (the command line's ``--cflags``)."""
    return _default_cflags[-1] if _default_cflags else DEFAULT_CFLAGS


@contextlib.contextmanager
def using_cflags(cflags: str | Sequence[str] | None) -> Iterator[None]:
    """Within the block, C files are compiled with ``cflags`` (unless given others)."""
    if cflags is None:
        yield
        return
    _default_cflags.append(split_cflags(cflags))
    try:
        yield
    finally:
        _default_cflags.pop()


def find_tool(names: Sequence[str]) -> str | None:
    """The first of ``names`` on PATH (looked up on every call: tests change PATH)."""
    for n in names:
        found = shutil.which(n)
        if found:
            return found
    return None


def _need(names: Sequence[str], why: str, display: str) -> str:
    tool = find_tool(names)
    if tool is None:
        raise ActivityError(f"{names[0]} not found on PATH (needed to {why}; install "
                            f"{'clang-22' if 'clang' in names[0] else 'mlir-22-tools'})",
                            file=display)
    return tool


_DIAG = re.compile(r"^(?P<file>[^:\s][^:]*):(?P<line>\d+):(?P<col>\d+): "
                   r"(?:fatal )?error: (?P<msg>.*)$")


def _run(cmd: list[str], display: str, what: str, stdin: str | None = None) -> str:
    try:
        proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True,
                              timeout=_TIMEOUT_S, check=False)
    except (OSError, subprocess.SubprocessError) as e:
        raise ActivityError(f"could not run {Path(cmd[0]).name}: {e}", file=display) from None
    if proc.returncode == 0:
        return proc.stdout
    raise tool_error(proc.stderr, Path(cmd[0]).name, what, display, proc.returncode)


def tool_error(stderr: str, tool: str, what: str, display: str, rc: int) -> ActivityError:
    """One line for a failed clang / mlir-translate run: its first ``error:`` line, at
    the position it names."""
    for line in stderr.splitlines():
        m = _DIAG.match(line.strip())
        if m is not None:
            return ActivityError(f"{tool}: {m['msg'].strip()}", file=m["file"],
                                 line=int(m["line"]), col=int(m["col"]))
    for line in stderr.splitlines():
        if "error" in line:
            return ActivityError(f"{tool} failed to {what}: {line.strip()}", file=display)
    first = next((ln.strip() for ln in stderr.splitlines() if ln.strip()), f"exit {rc}")
    return ActivityError(f"{tool} failed to {what}: {first}", file=display)


def clang_to_llvm(path: str, cflags: Sequence[str], display: str) -> str:
    """LLVM IR text of the C file ``path`` (with line tables)."""
    clang = _need(CLANG_NAMES, "compile C", display)
    # (-fdebug-compilation-dir=/: clang strips the path prefix a file shares with the
    # compilation directory from its debug-info name, and the import keeps only that
    # name: /tmp/x/prog.c compiled from /tmp/ci was placed at "x/prog.c")
    return _run([clang, *cflags, "-gline-tables-only", "-fdebug-compilation-dir=/", "-S",
                 "-emit-llvm", "-o", "-", path], display, "compile C")


def llvm_to_mlir(ll_text: str, display: str) -> str:
    """Generic-form MLIR (llvm dialect) of LLVM IR text, locations reduced."""
    tr = _need(TRANSLATE_NAMES, "import LLVM IR", display)
    out = _run([tr, "--import-llvm", "--mlir-print-op-generic", "--mlir-print-debuginfo",
                "--mlir-print-local-scope", "-"], display, "import LLVM IR", stdin=ll_text)
    return simplify_locations(out)


def translate(path: str | os.PathLike[str], cflags: str | Sequence[str] | None = None,
              display: str | None = None) -> str:
    """The generic-form MLIR of the C or LLVM IR file ``path`` (cached, see the module
    docstring)."""
    path = os.fspath(path)
    display = path if display is None else display
    flags = split_cflags(cflags)
    try:
        text = Path(path).read_text(errors="replace")
    except OSError as e:
        raise ActivityError(f"cannot read file: {e.strerror or type(e).__name__}",
                            file=display) from None
    is_ll = Path(path).suffix.lower() in LL_SUFFIXES
    cached = _cache_path(path, text, () if is_ll else flags, display)
    if cached is not None and cached.is_file():
        return cached.read_text()
    ll = text if is_ll else clang_to_llvm(path, flags, display)
    out = llvm_to_mlir(ll, display)
    if cached is not None:
        cached.parent.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(out)
        tmp.replace(cached)
    return out


_INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def _cache_path(path: str, text: str, flags: Sequence[str], display: str) -> Path | None:
    root = os.environ.get(CACHE_ENV)
    if not root:
        return None
    h = hashlib.sha256()
    for part in ("c-v2", display, "\0".join(flags), text):
        h.update(part.encode(errors="replace") + b"\0\1")
    for inc in _local_includes(Path(path), text):
        h.update(inc.encode(errors="replace") + b"\0\1")
    return Path(root) / f"c-{h.hexdigest()}.mlir"


def _local_includes(path: Path, text: str, seen: set[Path] | None = None) -> list[str]:
    """The texts of the files ``text`` includes with quotes, transitively."""
    seen = set() if seen is None else seen
    out: list[str] = []
    for name in _INCLUDE.findall(text):
        p = (path.parent / name).resolve()
        if p in seen or not p.is_file():
            continue
        seen.add(p)
        t = p.read_text(errors="replace")
        out += [name, t, *_local_includes(p, t, seen)]
    return out


# --------------------------------------------------------------------------
# Locations

_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|\bloc\(')
_PAREN = re.compile(r'"(?:[^"\\]|\\.)*"|[()]')
_FILE_LINE_COL = re.compile(r'("(?:[^"\\]|\\.)*"):(\d+):(\d+)')


def simplify_locations(text: str) -> str:
    """Every ``loc(...)`` reduced to its first ``"file":line:col`` (the op's own
    position: a fused debug location's, an inlined op's callee position), or
    ``loc(unknown)``; column 0 (a function's) becomes 1."""
    out: list[str] = []
    last = 0
    pos = 0
    while True:
        m = _TOKEN.search(text, pos)
        if m is None:
            break
        if m.group().startswith('"'):
            pos = m.end()
            continue
        depth, end = 1, None
        for t in _PAREN.finditer(text, m.end()):
            s = t.group()
            if s == "(":
                depth += 1
            elif s == ")":
                depth -= 1
                if depth == 0:
                    end = t.end()
                    break
        if end is None:
            break
        inner = text[m.end():end - 1]
        flc = _FILE_LINE_COL.search(inner)
        if flc is not None and int(flc[2]) > 0:
            new = f"loc({flc[1]}:{flc[2]}:{max(1, int(flc[3]))})"
        else:
            new = "loc(unknown)"
        out += [text[last:m.start()], new]
        last = pos = end
    out.append(text[last:])
    # (a loop annotation's startLoc/endLoc: xDSL prints them back in a form MLIR's
    # parser refuses, and they only place the loop for remarks)
    return _LOOP_LOCS.sub("", "".join(out))


_LOOP_LOCS = re.compile(r',\s*(?:startLoc|endLoc) = loc\((?:"(?:[^"\\]|\\.)*":\d+:\d+|unknown)\)')


__all__ = ["DEFAULT_CFLAGS", "default_cflags", "is_c_source", "split_cflags", "translate",
           "using_cflags"]
