"""User-facing errors of the activity tool.

Every failure that is the user's fault (unreadable file, malformed IR, IR that
does not verify, ...) is raised as an :class:`ActivityError`, so that the CLI
can print one compiler-style line (``FILE:LINE:COL: error: MESSAGE``) and exit
with status 2 instead of showing a Python traceback.
"""

from __future__ import annotations


class ActivityError(Exception):
    """An error to report to the user as a single ``FILE:LINE:COL: error: MSG`` line.

    ``line`` and ``col`` are 1-based. Unknown parts are left out of the
    rendered line, e.g. ``FILE: error: MSG`` when only the file is known.
    """

    message: str
    file: str | None
    line: int | None
    col: int | None

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        col: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        # A column without a line would be meaningless.
        self.col = col if line is not None else None

    @property
    def where(self) -> str:
        """The ``FILE:LINE:COL`` prefix with the unknown parts left out."""
        parts = [str(p) for p in (self.file, self.line, self.col) if p is not None]
        return ":".join(parts)

    def __str__(self) -> str:
        where = self.where
        return f"{where}: error: {self.message}" if where else f"error: {self.message}"

    def __repr__(self) -> str:
        return (
            f"ActivityError({self.message!r}, file={self.file!r}, "
            f"line={self.line!r}, col={self.col!r})"
        )


class ActivityWarning(UserWarning):
    """A sound but conservative assumption was made (unknown op or function)."""


def outside_stacklevel() -> int:
    """The ``stacklevel`` for a ``warnings.warn`` called right where this is called
    that names the first frame outside this package: the user's call, however deep in
    the library the warning arises (``activity.gradient``'s warnings named
    ``compiled_gradient.py``).  (Python 3.12's ``skip_file_prefixes`` does the same.)"""
    import os
    import sys

    here = os.path.dirname(os.path.abspath(__file__)) + os.sep
    frame = sys._getframe(1)  # the function that will call warnings.warn
    level = 1
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(here):
        frame = frame.f_back  # type: ignore[assignment]
        level += 1
    return level
