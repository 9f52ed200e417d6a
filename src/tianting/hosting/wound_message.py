"""Reading a 傷判 digit out of a wounded player's day message (鼎立三分2.0: 「受伤的角色在白天判定阶段进行伤判……
玩家向法官提交一个0-9的数字。」; the 24人 rules' 伤判 by digit, R-SG12).

A day's private message is a vote (:func:`tianting.hosting.message.read_vote`); a wounded player may add the
digit of their 傷判 to it: 「投孟起，傷判出3」, 「伤判 七」, 「第二次傷判：５」. The digit is read only in a clause that
says 傷判 (from the word to the end of its clause): a bare number by day is no digit (it could be anything, and
a day's message is first a vote). The clause is read as a 拼點 digit is (:mod:`tianting.hosting.contest_message`:
ASCII, full-width or Chinese numerals, 0–9 only, one number), and the rest of the message is left for the vote.

Pure: no I/O, no state, knows no game; the hosted game checks the digit again when it is recorded.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from tianting.hosting.contest_message import CONTEST_DIGITS, DigitReading, read_contest_digits
from tianting.hosting.message import SENTENCE_END, _fold

WOUND_WORD = "伤判"
"""The word that says a clause gives the 傷判 digit (folded: Simplified; 「傷判」 in Traditional)."""
CLAUSE_END = SENTENCE_END | set("，,")
_WHICH = re.compile(r"第\s*[0-9一二两三]\s*[次个]?\s*$")
"""「第二次」 right before 「傷判」: which check, part of the 傷判 clause."""
"""Where a 傷判 clause ends (「投孟起，傷判3」: the vote is another clause)."""


@dataclass
class WoundDigit:
    """The 傷判 part of a day message: where it is, and its digit or why not (``reading``)."""

    spans: list[tuple[int, int]]
    """The clauses that say 傷判, ``[start, end)`` in the text."""
    reading: DigitReading
    """The digit read from them (``digits[1]``), or the problems."""

    @property
    def digit(self) -> int | None:
        return None if self.reading.refused else self.reading.digits.get(1)

    def rest(self, text: str) -> str:
        """``text`` with the 傷判 clauses blanked (positions unchanged): what is left to read as the vote."""
        chars = list(text)
        for start, end in self.spans:
            chars[start:end] = " " * (end - start)
        return "".join(chars)


def wound_spans(text: str, word: str = WOUND_WORD) -> list[tuple[int, int]]:
    """The clauses of ``text`` that say ``word`` (傷判): from the word (or an ordinal right before it, 「第二次傷判」)
    to the end of its clause."""
    folded = _fold(text)
    word = _fold(word)
    spans = []
    at = folded.find(word)
    while at >= 0:
        end = next((i for i in range(at, len(text)) if text[i] in CLAUSE_END), len(text))
        before = _WHICH.search(folded[:at])
        spans.append((before.start() if before else at, end))
        at = folded.find(word, end)
    return spans


def read_wound_digit(text: str, names: Iterable[str] = (), digits: range = CONTEST_DIGITS,
                     word: str = "傷判") -> WoundDigit | None:
    """The 傷判 digit ``text`` gives, or None if no clause of it says 傷判 (``word``: the declared input's word,
    :class:`tianting.rules.interface.MessageReader`). ``names``: the game's ids (a name is no number). Refused
    (``reading.problems``, in Chinese): no number, a number outside 0–9, two different ones."""
    spans = wound_spans(text, word)
    if not spans:
        return None
    part = [" "] * len(text)
    for start, end in spans:
        part[start:end] = text[start:end]
    reading = read_contest_digits("".join(part), 1, digits, names=names, word=word, ordinals=False)
    reading.text = text
    return WoundDigit(spans, reading)


ClauseDigit = WoundDigit
read_clause_digit = read_wound_digit
"""The clause reader under the names hosting uses: the digit of a declared input given in a clause that says the
input's word (:class:`tianting.rules.interface.MessageReader` ``clause``), the rest of the message read as the vote."""
