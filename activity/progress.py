"""Progress of long commands on standard error.

A :class:`Reporter` prints one line, overwritten in place with ``\\r``, naming the
current phase and, for phases that count, how many of how many are done (``deriving
summaries 120/400``) -- but only to a terminal, only once the command has run longer
than ``delay`` seconds (two by default), and never with ``--quiet``.  The line is
cleared when the reporter closes, so the command's own output is unchanged.

The commands open one with :func:`reporting` and the code below them reports through
the module-level :func:`phase` and :func:`advance`, which do nothing (one global read)
when no reporter is open.  Report per function or per phase, never per op.  A daemon
thread refreshes the line (elapsed seconds) during a phase that reports nothing, such
as parsing a large file.
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import TextIO

DELAY = 2.0  # seconds before the first line
INTERVAL = 0.2  # seconds between redraws


class Reporter:
    def __init__(self, stream: TextIO | None = None, *, delay: float | None = None,
                 interval: float | None = None, enabled: bool | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 thread: bool = True) -> None:
        self.stream = stream if stream is not None else sys.stderr
        if enabled is None:
            isatty = getattr(self.stream, "isatty", None)
            try:
                enabled = bool(isatty and isatty())
            except (OSError, ValueError):
                enabled = False
        self.enabled = enabled
        self.delay = DELAY if delay is None else delay
        self.interval = INTERVAL if interval is None else interval
        self.clock = clock
        self.start = clock()
        self.name = ""
        self.done = 0
        self.total: int | None = None
        self._last_draw: float | None = None
        self._width = 0  # characters of the line on screen (0: nothing shown)
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if enabled and thread:
            self._thread = threading.Thread(target=self._run, name="activity-progress",
                                            daemon=True)
            self._thread.start()

    # -- what the commands report -----------------------------------------------------
    def phase(self, name: str, total: int | None = None) -> None:
        self.name, self.total, self.done = name, total, 0
        self._maybe_draw(force=True)

    def advance(self, done: int | None = None, total: int | None = None) -> None:
        """One more unit done (or ``done`` of ``total``)."""
        self.done = self.done + 1 if done is None else done
        if total is not None:
            self.total = total
        self._maybe_draw()

    def line(self) -> str:
        secs = self.clock() - self.start
        count = f" {self.done}/{self.total}" if self.total else ""
        return f"activity: {self.name}{count} ({secs:.0f} s)"

    # -- drawing ----------------------------------------------------------------------
    def _maybe_draw(self, force: bool = False) -> None:
        if not self.enabled:
            return
        now = self.clock()
        if now - self.start < self.delay:
            return
        if not force and self._last_draw is not None and now - self._last_draw < self.interval:
            return
        self._draw(now)

    def _draw(self, now: float) -> None:
        with self._lock:
            if self._stop.is_set():
                return
            text = self.line()
            pad = max(0, self._width - len(text))
            try:
                self.stream.write("\r" + text + " " * pad)
                self.stream.flush()
            except (OSError, ValueError):
                self.enabled = False
                return
            self._width = len(text)
            self._last_draw = now

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            self._maybe_draw(force=True)

    def close(self) -> None:
        """Stop the thread and erase the line, if one was shown."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        with self._lock:
            if self._width:
                try:
                    self.stream.write("\r" + " " * self._width + "\r")
                    self.stream.flush()
                except (OSError, ValueError):
                    pass
                self._width = 0


_current: Reporter | None = None


def phase(name: str, total: int | None = None) -> None:
    """Start a phase of the running command (no-op without an open reporter)."""
    if _current is not None:
        _current.phase(name, total)


def advance(done: int | None = None, total: int | None = None) -> None:
    """One more unit of the current phase done (no-op without an open reporter)."""
    if _current is not None:
        _current.advance(done, total)


@contextlib.contextmanager
def reporting(quiet: bool = False, stream: TextIO | None = None,
              **kw: object) -> Iterator[Reporter | None]:
    """Open the reporter for a command (none with ``quiet``); nested calls reuse the
    open one."""
    global _current
    if quiet or _current is not None:
        yield _current if not quiet else None
        return
    rep = Reporter(stream, **kw)  # type: ignore[arg-type]
    _current = rep
    try:
        yield rep
    finally:
        _current = None
        rep.close()


__all__ = ["Reporter", "advance", "phase", "reporting"]
