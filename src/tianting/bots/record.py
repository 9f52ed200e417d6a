"""What one bot game leaves behind: a small, JSON-ready record for the statistics."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class SeatRecord:
    id: str
    country: str
    identity: str
    character: str
    """The character chosen at setup."""
    final_character: str
    survived: bool
    won: bool


@dataclass
class GameRecord:
    seed: int
    """The seed of this game (bots and table)."""
    game_seed: int
    """The game's own generator's seed (the script's ``seed``)."""
    phases: int
    over: bool
    winners: list[str]
    peace: bool
    seats: list[SeatRecord]
    skill_uses: dict[str, list[int]] = field(default_factory=dict)
    """Skill name → [times submitted, times it went off (not failed, not void)]."""
    refused: int = 0
    """Actions the bots offered that the rules refused (a correct bot offers none)."""
    unbuilt_characters: list[str] = field(default_factory=list)
    """Characters seated although some of their skills are not built (no built alternative)."""
    skill_outcomes: dict[str, list[int]] = field(default_factory=dict)
    """Skill name → [times it failed, times it was void], where the rule set records them (the 24人 rules and
    鼎立's: :func:`tianting.rules.sg24.outcomes.skill_outcomes`); empty for KK 3.3 (its rows count uses and
    successes only)."""

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        if not self.skill_outcomes:  # (KK 3.3's records stay as they were)
            del data["skill_outcomes"]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        seats = [SeatRecord(**s) for s in data["seats"]]
        return cls(**{**data, "seats": seats})
