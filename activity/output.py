"""Writing a command's text output: to a file, or to stdout without one."""

from __future__ import annotations

import sys

from activity.errors import ActivityError


def write_output(text: str, path: str | None) -> None:
    """Write ``text`` to ``path`` (stdout when None); a file that cannot be written is
    an :class:`ActivityError` naming it."""
    if path is None:
        sys.stdout.write(text)
        return
    try:
        with open(path, "w") as fh:
            fh.write(text)
    except OSError as e:
        raise ActivityError(f"cannot write {path}: {e.strerror}") from None


__all__ = ["write_output"]
