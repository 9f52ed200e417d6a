"""Countries: an alliance made or extended (聯盟達成（或延期）), a player counted as of another country.

An alliance is proposed during the phase and settled by the rule set once the phase's skills have run (KK 3.3: the
night's ``propose_alliance``, ``rules/kk33/alliances``: two proposals of one pair extend it once, the length rules
apply); the text's usual length is two days and two nights.
"""

from __future__ import annotations

from typing import Protocol


class AlliancePhase(Protocol):
    """A phase where alliances are proposed."""

    def propose_alliance(self, a: str, b: str, by: str) -> None: ...


def alliance(phase: AlliancePhase, a: str, b: str, by: str) -> None:
    """「A B聯盟達成（或延期）兩日兩夜」: ``by``'s skill proposes the alliance of ``a`` and ``b``."""
    phase.propose_alliance(a, b, by=by)


def alliance_text(a: str, b: str) -> str:
    """The sentence of :func:`alliance`."""
    return f"{a}{b}聯盟達成（或延期）兩日兩夜"


def counted_as_text(country: str, whom: str = "你") -> str:
    """「你的國籍視為X」: the sentence of a player counted as of another country (三分歸晉, 苦肉詐降)."""
    return f"{whom}的國籍視為{country}"
