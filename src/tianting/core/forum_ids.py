"""Forum ids a new game may seat: none invisible, no two that look the same (issue 27).

Checked where a table is created — a script's ``players`` read by ``run``, ``tianting setup``'s id list,
the server's game creation — and nowhere else: a game stored before these checks replays as it was.

- An id holding a character of Unicode category Cf (a format character: the bidi controls such as U+202E
  RIGHT-TO-LEFT OVERRIDE, which reverses the rest of the BBCode line the judge posts, the zero-width space,
  joiners, the byte-order mark) is refused, naming the character and where it stands.
- Two ids that are the same after NFKC and case-folding (「Ａｌｉｃｅ」 and 「alice」), or that look alike
  because one spells with Cyrillic or Greek letters what the other spells in Latin ones (Latin and Cyrillic
  「Alice」), are refused, naming both. The look-alikes are Unicode's confusables (UTS #39), as the
  ``confusable_homoglyphs`` package carries them.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Sequence

LOOKALIKE_SCRIPTS = ("CYRILLIC", "GREEK")
"""The scripts whose letters are read as the Latin letters they look like (「Аlice」 is 「Alice」)."""


def visible(pid: str) -> str:
    """``pid`` with every format character written out (「玩家01<U+200B>」), for a message."""
    return "".join(f"<U+{ord(c):04X}>" if unicodedata.category(c) == "Cf" else c for c in pid)


def invisible_problem(pid: str) -> str | None:
    """Why ``pid`` is refused for a format character (category Cf), with its place; None if it holds none."""
    for place, c in enumerate(pid, start=1):
        if unicodedata.category(c) == "Cf":
            name = unicodedata.name(c, "FORMAT CHARACTER")
            return (f"玩家ID「{visible(pid)}」的第{place}個字元是看不見的格式字元 U+{ord(c):04X}（{name}），"
                    "不能用於ID（零寬字元、雙向文字控制字元會讓兩個ID看來相同，或打亂公告的排版）")
    return None


def _folded(text: str) -> str:
    """NFKC with case folding (as Unicode's NFKC_Casefold, near enough for ids): 「Ａｌｉｃｅ」 is 「alice」."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())


@functools.lru_cache(maxsize=4096)
def _latin_lookalike(c: str) -> str:
    """The Latin letter a Cyrillic or Greek ``c`` looks like (Cyrillic а is a), else ``c`` itself."""
    from confusable_homoglyphs import categories, confusables  # type: ignore[import-untyped]

    if categories.alias(c) not in LOOKALIKE_SCRIPTS:
        return c
    found = confusables.is_confusable(c, greedy=True, preferred_aliases=["latin"]) or []
    for entry in found:
        for glyph in entry["homoglyphs"]:
            if glyph["n"].startswith("LATIN "):
                return str(glyph["c"])
    return c


def skeleton(pid: str) -> str:
    """What ``pid`` looks like: NFKC, each Cyrillic or Greek letter as its Latin look-alike, case-folded."""
    text = unicodedata.normalize("NFKC", pid)
    return _folded("".join(_latin_lookalike(c) for c in text))


def lookalike_problem(ids: Sequence[str]) -> tuple[int, str] | None:
    """The first id of ``ids`` that cannot be told from an earlier one, by its index, and why (both named)."""
    folded: dict[str, str] = {}
    shapes: dict[str, str] = {}
    for i, pid in enumerate(ids):
        same = folded.setdefault(_folded(pid), pid)
        if same != pid:
            return i, (f"玩家ID「{visible(pid)}」與「{visible(same)}」只有全形半形或大小寫之別，無法區分："
                       "請改用其中一個ID")
        alike = shapes.setdefault(skeleton(pid), pid)
        if alike != pid:
            return i, (f"玩家ID「{visible(pid)}」與「{visible(alike)}」看來相同（混用拉丁、西里爾或希臘字母），"
                       "無法區分：請改用其中一個ID")
    return None


def creation_problem(ids: Sequence[str]) -> tuple[int, str] | None:
    """Why the ids of a new table are refused (the first problem, with the index of the id), or None."""
    for i, pid in enumerate(ids):
        problem = invisible_problem(pid)
        if problem:
            return i, problem
    return lookalike_problem(ids)
