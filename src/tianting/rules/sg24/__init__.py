"""三国版杀 24人规则 (seed file 001_a450bbe2dee8877c.txt): the engine.

Not yet registered in :data:`tianting.rules.RULESETS`: the layers above ``rules/`` still assume
KK 3.3 (see docs/dev/ruleset-interface.md, the migration plan).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tianting.rules.sg24.game import SeatSpec, SetupError, SG24Game
from tianting.rules.sg24.pack import COUNTRIES, UNALIGNED, Pack, default_pack, load_pack
from tianting.rules.sg24.victory import MARKERS
from tianting.rules.sg24.views import JUDGE_ONLY, player_view


def seats() -> list[tuple[str, str, str]]:
    """The 24 seats: (country, identity, starting character), in the seed's order."""
    pack = default_pack()
    return [(c.country, c.identity, c.name) for country in COUNTRIES + (UNALIGNED,) for c in pack.starting(country)]


def roster() -> Pack:
    return default_pack()


@dataclass(frozen=True)
class RuleSet:
    name: str
    title: str
    script: str
    players: int
    game: type[SG24Game]
    player_view: Any
    roster: Any
    seats: Any
    judge_only: tuple[str, ...] = JUDGE_ONLY
    victory_markers: tuple[str, ...] = MARKERS


RULESET = RuleSet(name="sg24", title="三国版杀24人规则", script="simplified", players=24, game=SG24Game,
                  player_view=player_view, roster=roster, seats=seats)

__all__ = ["RULESET", "SG24Game", "SeatSpec", "SetupError", "load_pack", "roster", "seats"]
