"""The progress line (activity/progress.py) and the quick start of the command line."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from activity import progress
from activity.cli import LAZY_COMMANDS, _build_parser, main
from activity.progress import Reporter

ROOT = Path(__file__).resolve().parent.parent
QUICK = ROOT / "examples" / "quickstart.mlir"


class FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_reporter_draws_phases_and_counts_on_one_line() -> None:
    out = FakeTTY()
    rep = Reporter(out, delay=0, interval=0, thread=False)
    rep.phase("parsing")
    rep.phase("deriving summaries", 3)
    rep.advance()
    rep.advance(3)
    text = out.getvalue()
    assert "\n" not in text  # one line, overwritten with \r
    frames = text.split("\r")[1:]
    assert [f.split(" (")[0] for f in frames] == [
        "activity: parsing", "activity: deriving summaries 0/3",
        "activity: deriving summaries 1/3", "activity: deriving summaries 3/3"]
    rep.close()
    last = out.getvalue()[len(text):]
    assert last.strip() == "" and last.endswith("\r")  # the line is erased


def test_reporter_waits_for_the_delay() -> None:
    now = [0.0]
    out = FakeTTY()
    rep = Reporter(out, delay=2.0, interval=0, thread=False, clock=lambda: now[0])
    rep.phase("solving", 10)
    now[0] = 1.9
    rep.advance(5)
    assert out.getvalue() == ""
    now[0] = 2.5
    rep.advance(6)
    assert out.getvalue() == "\ractivity: solving 6/10 (2 s)"
    rep.close()


def test_reporter_is_silent_off_a_terminal() -> None:
    out = io.StringIO()
    rep = Reporter(out, delay=0, interval=0)
    assert not rep.enabled and rep._thread is None
    rep.phase("parsing")
    rep.advance()
    rep.close()
    assert out.getvalue() == ""


def test_module_functions_do_nothing_without_a_reporter() -> None:
    progress.phase("x", 3)
    progress.advance()


def test_the_thread_redraws_a_silent_phase() -> None:
    out = FakeTTY()
    with progress.reporting(stream=out, delay=0, interval=0.01) as rep:
        progress.phase("parsing")
        import time

        deadline = time.monotonic() + 5
        while out.getvalue().count("\r") < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert rep is not None
    assert out.getvalue().count("activity: parsing") >= 2


@pytest.mark.parametrize("quiet", [False, True])
def test_cli_progress_on_a_terminal_and_quiet(quiet: bool, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "INTERVAL", 0.0)
    err = FakeTTY()
    monkeypatch.setattr(sys, "stderr", err)
    for argv in (["report", str(QUICK)], ["report", str(QUICK), "--mode", "summaries"],
                 ["summarize", str(QUICK)], ["compare", str(QUICK)]):
        assert main(argv + (["--quiet"] if quiet else [])) == 0
    text = err.getvalue()
    if quiet:
        assert "\r" not in text
    else:
        for what in ("parsing", "building the graph", "solving", "deriving summaries 1/1",
                     "solving functions 1/1", "writing the report", "parsing (summaries)"):
            assert f"activity: {what}" in text, what
    assert capsys.readouterr().out  # the reports themselves went to stdout


def test_cli_no_progress_off_a_terminal(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(progress, "DELAY", 0.0)
    assert main(["report", str(QUICK)]) == 0
    assert "\r" not in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["--version"], ["--help"], ["report", "--help"]])
def test_quick_start_imports_no_xdsl(argv: list[str]) -> None:
    code = (f"import sys\nfrom activity.cli import main\ntry:\n    main({argv!r})\n"
            "except SystemExit:\n    pass\n"
            "heavy = [m for m in ('xdsl', 'networkx', 'llvmlite', 'z3', 'numpy') "
            "if m in sys.modules]\nassert not heavy, heavy\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "activity" in r.stdout


def test_lazy_command_lines_match_their_parsers() -> None:
    full = _build_parser("*")
    sub = next(a for a in full._actions if a.dest == "command")
    helps = {a.dest: a.help for a in sub._choices_actions}
    for name, text in LAZY_COMMANDS.items():
        assert helps[name] == text


def test_public_api_names_resolve_lazily() -> None:
    import activity
    import activity.evaluate  # the submodule must not shadow the function

    assert callable(activity.evaluate)
    for name in activity.__all__:
        assert getattr(activity, name) is not None
    with pytest.raises(AttributeError):
        activity.no_such_name  # noqa: B018
