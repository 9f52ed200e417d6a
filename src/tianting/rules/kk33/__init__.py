"""KK規則3.3版 (seed file 000_b521fc75d9962f03.txt)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tianting.rules.kk33.game import KK33Game, SeatSpec, roster
from tianting.rules.kk33.views import JUDGE_ONLY, player_view


@dataclass(frozen=True)
class RuleSet:
    name: str
    title: str
    script: str
    """The rule set's own Chinese script: 'traditional' or 'simplified'."""
    players: int
    game: type[KK33Game]
    player_view: Callable[[Any, str], dict[str, Any]]
    """What one player may see of a game in progress (the rules' own per-player view)."""
    roster: Callable[[], Any]
    judge_only: tuple[str, ...] = JUDGE_ONLY
    """Announcement fields the transcript keeps for the judge but players never see."""


RULESET = RuleSet(name="kk33", title="KK規則3.3版", script="traditional", players=22, game=KK33Game,
                  player_view=player_view, roster=roster)

__all__ = ["RULESET", "KK33Game", "SeatSpec", "roster"]
