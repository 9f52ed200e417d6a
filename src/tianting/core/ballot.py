"""A day's vote the judge voided (``{"effect": "void", "voter": ID, "text": …}``), as the public post marks it.

The rules publish the ballot (KK 3.3: 「票面公開」; 鼎立三分2.0: 「只公布原始票面情况」) and leave disputes to the judge;
a vote he voided still shows as cast, and the post says it did not count, with the ruling's public reason (its
``text``) when he gave one. The ruling's ``why`` is his own note for the trace and the 復盤, never posted. Where the
rules post no ballot (the 24人 rules: who voted whom stays the judge's), the post names the voter only, never the
target (R-JUI1, docs/rulings.md). One implementation for every rule set; each says it in its own script.
"""

from __future__ import annotations

from collections.abc import Iterable

from tianting.core.records import Ruling

TRADITIONAL = "天庭裁定此票無效"
SIMPLIFIED = "天庭裁定此票无效"


def voided(rulings: Iterable[Ruling]) -> dict[str, str]:
    """The voters whose vote a ruling voided, each with the ruling's public reason ("" when none)."""
    return {r.voter: (r.text or "").strip() for r in rulings if r.effect == "void" and r.voter is not None}


def mark(words: str, reason: str) -> str:
    """The mark after a voided vote: 「（天庭裁定此票無效：reason）」, or without the reason."""
    return f"（{words}：{reason}）" if reason else f"（{words}）"


def ballot_line(voter: str, target: str, void: dict[str, str], words: str) -> str:
    """One line of the posted ballot: 「voter → target」, marked when the judge voided the vote."""
    line = f"{voter} → {target}"
    return line + mark(words, void[voter]) if voter in void else line


def voter_line(voter: str, reason: str, words: str) -> str:
    """A voided vote where the post shows no ballot: the voter only (「voter 的投票：天庭裁定此票无效」)."""
    return f"{voter} 的投票{mark(words, reason)}"
