"""Pinyin suggestions for the words of a private message that were not read.

Players type on a pinyin keyboard, and a homophone is the commonest typo: 「明查子義」 for 明察,
「今晚明察 子議」 for 子義, 「刺殺孟启」 for 孟起. Where :mod:`tianting.hosting.message` leaves a part of the
message unread, :func:`suggest` looks in it for a run of characters whose pinyin (tones left out) is
the pinyin of a known word: a skill, a forum id or a character of the game, and offers that word
(「子議 → 子義？」). A suggestion is only offered: the judge (or the player, asked back by the QQ
bridge) confirms it, and :func:`apply` writes the chosen ones into the text to be read again.
Nothing is ever replaced silently.

Two keys are tried: the exact toneless pinyin first, then a loose one that also forgives the
confusions of many southern speakers (z/zh, c/ch, s/sh, n/l, -n/-ng); a loose match is offered
only where no exact one was found for that place. Pure: no I/O, no state.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from pypinyin import Style, lazy_pinyin

from tianting.core.names import name_key

SHORTEST = 2
"""Words shorter than this are never suggested: one syllable matches far too many characters."""

_INITIALS = (("zh", "z"), ("ch", "c"), ("sh", "s"), ("n", "l"))
_FINALS = (("ang", "an"), ("eng", "en"), ("ing", "in"))


@dataclass(frozen=True)
class Suggestion:
    """``typed`` (the text at ``[start, end)``) may be meant as ``word`` (a ``kind``: skill, player, character)."""

    start: int
    end: int
    typed: str
    word: str
    kind: str

    def as_json(self) -> dict[str, object]:
        return {"start": self.start, "end": self.end, "typed": self.typed, "word": self.word, "kind": self.kind}

    def __str__(self) -> str:
        return f"{self.typed} → {self.word}？"


@lru_cache(maxsize=4096)
def _syllable(char: str) -> str:
    found = lazy_pinyin(char, style=Style.NORMAL, errors=lambda s: [s.lower()])  # type: ignore[arg-type,return-value]
    return found[0] if found else char


def syllables(text: str) -> tuple[str, ...]:
    """``text``'s toneless pinyin, one syllable a character (a character with none stands for itself)."""
    return tuple(_syllable(c) for c in text)


def _loose(syllable: str) -> str:
    for long, short in _INITIALS:
        if syllable.startswith(long):
            syllable = short + syllable[len(long):]
            break
    for long, short in _FINALS:
        if syllable.endswith(long):
            syllable = syllable[: -len(long)] + short
            break
    return syllable


def loose(keys: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(_loose(s) for s in keys)


class PinyinIndex:
    """Known words by their pinyin: ``words`` are ``(spelling, kind)`` pairs."""

    def __init__(self, words: Iterable[tuple[str, str]]) -> None:
        self.exact: dict[tuple[str, ...], list[tuple[str, str]]] = {}
        self.loose: dict[tuple[str, ...], list[tuple[str, str]]] = {}
        self.longest = 0
        seen: set[str] = set()
        for word, kind in words:
            if len(word) < SHORTEST or name_key(word) in seen:
                continue
            seen.add(name_key(word))
            keys = syllables(word)
            self.exact.setdefault(keys, []).append((word, kind))
            self.loose.setdefault(loose(keys), []).append((word, kind))
            self.longest = max(self.longest, len(word))

    def find(self, typed: str) -> list[tuple[str, str]]:
        """The words ``typed`` sounds like (itself left out), exact matches if any, else loose ones."""
        if len(typed) < SHORTEST:
            return []
        keys = syllables(typed)
        mine = name_key(typed)
        for table, key in ((self.exact, keys), (self.loose, loose(keys))):
            found = sorted({(w, k) for w, k in table.get(key, []) if name_key(w) != mine})
            if found:
                return found
        return []

    def known(self, typed: str) -> bool:
        return any(name_key(w) == name_key(typed) for w, _ in self.exact.get(syllables(typed), []))


def suggest(text: str, spans: Iterable[tuple[int, int]], index: PinyinIndex) -> list[Suggestion]:
    """The suggestions for the unread ``spans`` of ``text``: each span scanned from the left for the
    longest run of characters that sounds like a known word (or is one: it is then passed over)."""
    out: list[Suggestion] = []
    for start, end in spans:
        at = start
        while at < end:
            step = 1
            for length in range(min(index.longest, end - at), SHORTEST - 1, -1):
                typed = text[at:at + length]
                if index.known(typed):
                    step = length
                    break
                found = index.find(typed)
                if found:
                    out.extend(Suggestion(at, at + length, typed, w, k) for w, k in found)
                    step = length
                    break
            at += step
    return out


def apply(text: str, chosen: Iterable[Suggestion]) -> str:
    """``text`` with each ``chosen`` suggestion's word in place of what was typed (one per place, from the right)."""
    by_place: dict[tuple[int, int], Suggestion] = {}
    for s in chosen:
        if text[s.start:s.end] == s.typed:
            by_place.setdefault((s.start, s.end), s)
    for (start, end), s in sorted(by_place.items(), reverse=True):
        text = text[:start] + s.word + text[end:]
    return text
