"""CLI fuzz: no input may make a command report an internal error (exit 3) or hang.

The repository's own programs (examples/, examples/c/, tests/data/, benchmarks/programs/)
are cut, flipped, shuffled and spliced with a fixed seed; ``activity report`` runs on
every variant, ``grad`` on a share and ``verify`` on a sample, each in this process
under a time limit.  Every outcome must be one the command documents: 0, an error line
(2), a counterexample (``verify``: 1) or an unknown (``verify``: 3, without ``internal
error``).  The default run is small; ``-m slow`` runs a larger one.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import re
import signal
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from activity.cli import main

ROOT = Path(__file__).resolve().parent.parent
CORPUS = sorted([
    *ROOT.glob("examples/*.mlir"), *ROOT.glob("examples/c/*.mlir"),
    *ROOT.glob("tests/data/*/*.mlir"), *ROOT.glob("benchmarks/programs/*.mlir"),
])
_LIMIT_S = {"report": 30.0, "grad": 30.0, "verify": 60.0}
_ALLOWED = {"report": {0, 2}, "grad": {0, 2}, "verify": {0, 1, 2, 3}}
_FUNC = re.compile(r'(?:func\.func|llvm\.func)\s+(?:[a-z_]+\s+)*@([\w$.]+)|sym_name = "([\w$.]+)"')
_VALUE = re.compile(r"%[\w$.]+")
_OP = re.compile(r"\b[a-z_]+\.[a-z_][a-z_.0-9]*\b")
_TYPE = re.compile(r"\b(?:f16|f32|f64|i1|i8|i32|i64|index)\b")
_NUMBER = re.compile(r"(?<![\w%#^@.])-?\d+(?:\.\d+)?(?:e[+-]?\d+)?\b")
_KINDS = {"truncate": 1, "flip": 2, "insert": 1, "delete": 1, "line-dup": 2, "line-del": 2,
          "line-swap": 2, "rename": 4, "op": 3, "type": 3, "number": 2, "splice": 1,
          "splice-line": 1}
_NOISE = list('"{}()[]<>%^@#!:=,.-+*/\\\n 0123456789abcdefxyz') + ['"', "//", "^bb0", "%c0"]


class _Hang(BaseException):
    """Raised by the alarm in the command it interrupts (not an ``Exception``, so that
    the CLI's catch-all does not turn it into an internal error)."""


@dataclass(frozen=True)
class Mutant:
    name: str
    text: str
    funcs: tuple[str, ...]


def _functions(text: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(a or b for a, b in _FUNC.findall(text)))


def _replace_one(rng: random.Random, text: str, pattern: re.Pattern[str],
                 choices: list[str]) -> str | None:
    """``text`` with one match of ``pattern`` replaced by one of ``choices``."""
    spots = list(pattern.finditer(text))
    if not spots or not choices:
        return None
    m = rng.choice(spots)
    return text[:m.start()] + rng.choice(choices) + text[m.end():]


def _mutate(rng: random.Random, text: str, other: str) -> tuple[str, str]:
    """One random edit of ``text`` (``other`` is a second program, for splices): bytes
    (cut, flip, insert, delete), lines (duplicate, delete, swap, one from ``other``), or
    tokens (an SSA name, op name, type or number replaced by another)."""
    n = len(text)
    pos = rng.randrange(n + 1)
    lines = text.splitlines(keepends=True)
    kind = rng.choices(list(_KINDS), weights=list(_KINDS.values()))[0]
    token = {"op": (_OP, sorted(set(_OP.findall(text + other)))),
             "type": (_TYPE, ["f16", "f32", "f64", "i1", "i8", "i32", "i64", "index"]),
             "number": (_NUMBER, ["0", "1", "-1", "2", "7", "1000000", "0.5", "-0.0"])}
    if kind in token:
        changed = _replace_one(rng, text, *token[kind])
        if changed is not None:
            return kind, changed
    if kind == "truncate":
        return kind, text[:pos]
    if kind == "flip" and n:
        pos = min(pos, n - 1)
        return kind, text[:pos] + rng.choice(_NOISE) + text[pos + 1:]
    if kind == "insert":
        return kind, text[:pos] + rng.choice(_NOISE) + text[pos:]
    if kind == "delete":
        return kind, text[:pos] + text[pos + rng.randint(1, 40):]
    if kind.startswith("line-") and len(lines) > 1:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        if kind == "line-dup":
            lines.insert(j, lines[i])
        elif kind == "line-del":
            del lines[i]
        else:
            lines[i], lines[j] = lines[j], lines[i]
        return kind, "".join(lines)
    if kind == "rename":
        names = sorted(set(_VALUE.findall(text)))
        if len(names) > 1:
            old, new = rng.sample(names, 2)
            spots = [m.start() for m in re.finditer(re.escape(old) + r"\b", text)]
            if spots:
                at = rng.choice(spots)
                return kind, text[:at] + new + text[at + len(old):]
    if kind == "splice":
        cut = rng.randrange(len(other) + 1)
        return kind, text[:pos] + other[cut:]
    other_lines = other.splitlines(keepends=True) or ["\n"]
    lines.insert(rng.randrange(len(lines) + 1), rng.choice(other_lines))
    return "splice-line", "".join(lines)


def mutants(seed: int, count: int) -> Iterator[Mutant]:
    rng = random.Random(seed)
    texts = {p.relative_to(ROOT).as_posix(): p.read_text() for p in CORPUS}
    names = sorted(texts)
    for k in range(count):
        name = rng.choice(names)
        text = texts[name]
        kinds = []
        for _ in range(rng.choice([1, 1, 1, 1, 2])):
            kind, text = _mutate(rng, text, texts[rng.choice(names)])
            kinds.append(kind)
        yield Mutant(f"{k}-{Path(name).stem}-{'+'.join(kinds)}", text,
                     _functions(texts[name]))


def run_cli(argv: list[str], limit_s: float) -> tuple[int | str, str]:
    """``activity ARGV`` in this process: (exit status or ``"hang"``, standard error)."""
    err = io.StringIO()

    def alarm(signum: int, frame: object) -> None:
        raise _Hang

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, limit_s)
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            rc: int | str = main(argv)
    except _Hang:
        rc = "hang"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    return rc, err.getvalue()


def _commands(m: Mutant) -> list[list[str]]:
    if not m.funcs:
        return []
    return [["grad", "--func", m.funcs[0]],
            ["verify", "--func", m.funcs[0], "--timeout", "3", "--random", "1", "--unroll", "2"]]


def fuzz(tmp_path: Path, seed: int, count: int, sample: int) -> tuple[dict[str, int], list[str]]:
    """Run ``report`` on ``count`` mutants, and ``grad`` and ``verify`` on those it accepts
    and on every ``sample``-th one; the counts per command and outcome, and a line per
    failure (the mutant is kept under ``tmp_path``)."""
    counts: dict[str, int] = {}
    failures: list[str] = []

    def run(command: list[str], path: Path) -> int | str:
        rc, err = run_cli([command[0], str(path), *command[1:]], _LIMIT_S[command[0]])
        counts[f"{command[0]} {rc}"] = counts.get(f"{command[0]} {rc}", 0) + 1
        if rc not in _ALLOWED[command[0]] or "internal error" in err or "Traceback" in err:
            last = err.strip().splitlines()[-1] if err.strip() else ""
            failures.append(f"{' '.join(command)} {path}: exit {rc}: {last}")
        return rc

    for k, m in enumerate(mutants(seed, count)):
        path = tmp_path / f"{m.name}.mlir"
        path.write_text(m.text)
        if run(["report"], path) == 0 or k % sample == 0:
            for command in _commands(m):
                run(command, path)
    return counts, failures


@pytest.fixture(autouse=True)
def _no_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ACTIVITY_TRACEBACK", raising=False)


def test_corpus_is_there() -> None:
    assert len(CORPUS) >= 10 and all(_functions(p.read_text()) or "generic" in p.name
                                     or p.parent.name == "semantics" for p in CORPUS)


def test_mutants_are_deterministic() -> None:
    assert list(mutants(7, 20)) == list(mutants(7, 20))
    assert len({m.text for m in mutants(7, 50)}) > 40


def test_no_input_makes_an_internal_error(tmp_path: Path) -> None:
    counts, failures = fuzz(tmp_path, seed=2026, count=40, sample=8)
    assert not failures, "\n".join(failures)
    # The variants reach both outcomes (not all rejected by the parser, nor all accepted).
    assert counts.get("report 0", 0) >= 3 and counts.get("report 2", 0) >= 3, counts


@pytest.mark.slow
def test_no_input_makes_an_internal_error_large(tmp_path: Path) -> None:
    counts, failures = fuzz(tmp_path, seed=int(os.environ.get("FUZZ_SEED", "1")),
                            count=int(os.environ.get("FUZZ_COUNT", "1500")), sample=10)
    print(counts)
    assert not failures, "\n".join(failures)
