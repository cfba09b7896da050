"""String literals in linear time.

xDSL 0.75 lexes a string literal with ``"(?:[^"\\\\\\n\\v\\f]+|\\\\(...))*"``: a ``+`` inside
a ``*``, so a literal that does not close (end of line or file, an unknown escape)
makes Python's regex engine try every split of its characters -- 2**n steps (30
letters after a ``"`` took 30 s; a 40-letter ``tag = "aaa...`` never finished).

Two guards, so that no input can hang the parser:

* :func:`first_bad_string` scans the text once, as MLIR's lexer does (``//``
  comments, then string literals and their escapes), and names the first malformed
  literal: :func:`activity.frontend.parse` reports it as
  ``FILE:LINE:COL: error: unterminated string`` before xDSL sees the text.
* :class:`LinearLexer` is xDSL's lexer with the same pattern written with possessive
  quantifiers (which never backtrack, and match exactly the same literals), for any
  literal the scan cannot line up with xDSL's tokens (xDSL does not skip ``//`` inside
  a ``#dialect<...>`` body).
"""

from __future__ import annotations

import re

from xdsl.utils.mlir_lexer import MLIRLexer

__all__ = ["STRING_LITERAL", "LinearLexer", "first_bad_string", "string_error"]

_BODY = r'"(?:[^"\\\n\v\f]++|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*+'
STRING_LITERAL = re.compile(_BODY + '"')
"""A whole string literal: as xDSL's pattern (and MLIR's lexer: escapes ``\\"``,
``\\\\``, ``\\n``, ``\\t`` and two hex digits; no newline, ``\\v`` or ``\\f``), but
possessive, so a failed match costs one pass over the literal."""

_PREFIX = re.compile(_BODY)
_STRING_OR_COMMENT = re.compile(r'"|//[^\n]*')

UNTERMINATED = "unterminated string"


class LinearLexer(MLIRLexer):
    """xDSL's MLIR lexer, whose string literals cost linear time."""

    _unescaped_characters_regex = STRING_LITERAL


def string_error(text: str, start: int) -> tuple[int, str] | None:
    """Why the string literal opening at ``text[start]`` (a ``"``) is malformed, as
    ``(offset, message)``; ``None`` if it is well formed."""
    if STRING_LITERAL.match(text, start) is not None:
        return None
    prefix = _PREFIX.match(text, start)
    stop = prefix.end() if prefix is not None else start + 1
    if text[stop : stop + 1] == "\\" and text[stop + 1 : stop + 2] not in ("", "\n", "\v", "\f"):
        return stop, f"unknown escape '{text[stop : stop + 2]}' in string"
    return start, UNTERMINATED


def first_bad_string(text: str) -> tuple[int, str] | None:
    """The first malformed string literal of ``text`` outside ``//`` comments, as
    ``(offset, message)``, or ``None``.  One pass: each literal and comment is
    matched once."""
    pos = 0
    search = _STRING_OR_COMMENT.search
    match_string = STRING_LITERAL.match
    while (found := search(text, pos)) is not None:
        if found[0] != '"':
            pos = found.end()
            continue
        literal = match_string(text, found.start())
        if literal is None:
            return string_error(text, found.start())
        pos = literal.end()
    return None
