"""KK規則3.3版 (seed file 000_b521fc75d9962f03.txt)."""

from __future__ import annotations

from dataclasses import dataclass

from tianting.rules.kk33.game import KK33Game, SeatSpec, roster


@dataclass(frozen=True)
class RuleSet:
    name: str
    title: str
    script: str
    """The rule set's own Chinese script: 'traditional' or 'simplified'."""
    players: int
    game: type[KK33Game]


RULESET = RuleSet(name="kk33", title="KK規則3.3版", script="traditional", players=22, game=KK33Game)

__all__ = ["RULESET", "KK33Game", "SeatSpec", "roster"]
