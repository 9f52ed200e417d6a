"""User text as a message may echo it: on one line, and short.

A script or an export comes from anyone. An error message that quotes a name
from it must stay one line (a newline in a skill name must not start a second
line of the message) and short (a 300,000-character name is not printed
whole). Every message that echoes user text goes through :func:`shown`.
"""

from __future__ import annotations

import json
import unicodedata

SHOWN = 40
"""Characters of user text a message quotes before shortening it."""
LINE = 600
"""Longest one-line message the command line prints (the whole line, user text included)."""


def _escaped(char: str) -> str:
    if char == "\n":
        return "\\n"
    if char == "\r":
        return "\\r"
    if char == "\t":
        return "\\t"
    code = ord(char)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def _invisible(char: str) -> bool:
    """A character that would break the line or cannot be written: controls, line and paragraph
    separators, lone surrogates."""
    return unicodedata.category(char) in ("Cc", "Zl", "Zp", "Cs")


def one_line(text: str, limit: int = LINE) -> str:
    """``text`` with line breaks and other invisible characters escaped (``\\n``), shortened to
    about ``limit`` characters with the full length said (``…（共300000字）``)."""
    total = len(text)
    head = text[:limit] if total > limit else text
    if any(_invisible(c) for c in head):
        head = "".join(_escaped(c) if _invisible(c) else c for c in head)
    return f"{head}…（共{total}字）" if total > limit else head


def shown(value: object, limit: int = SHOWN) -> str:
    """A value from user input as a message quotes it: a string as it is, anything else as JSON,
    on one line and shortened (see :func:`one_line`). The caller adds the quotes (「…」)."""
    if isinstance(value, str):
        return one_line(value, limit)
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return one_line(text, limit)
