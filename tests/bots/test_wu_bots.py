"""Bots over tables that seat each 吳 killer, guard and 諸葛瑾: no crash, no refusal, day actions used,
and the skills of each form used (issue 13: 「Random legal play (bots included) over games that seat
every 吳 form stays crash-free, and the bots use every new skill, day actions included.」).

The same measure as ``test_shu_bots.py`` (a skill is used when a bot submitted it and the rules accepted
it, or, for a passive one, when it left its mark: feedback under its name, or a trace line naming it
and its holder). A few passives need a meeting random play hardly ever makes; they are named in
:data:`RARE` with the reason, and pinned by their scenario tests instead.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from tests.bots.test_shu_bots import holders, in_play, seat, used_by
from tianting.bots.play import _built, play_game_kept, random_table
from tianting.bots.random_policy import RandomPolicy
from tianting.rules.kk33 import KK33Game, SeatSpec, roster

FORMS = ["甘寧", "凌統", "黃蓋", "程普", "韓當", "太史慈", "周泰", "朱然", "諸葛瑾"]
GAMES_EACH = 20
MAX_PHASES = 40
PARTNERS: dict[str, tuple[str, ...]] = {"諸葛瑾": ("曹仁",)}
"""Seated beside a form so its skills can take effect (曹仁's 嫁女安吳 makes a 魏吳 alliance for 和睦)."""
RARE: dict[str, str] = {
    "突圍": "needs a table down to 吳 and one other kingdom with no fewer living: bot games seldom get there",
    "困鬥": "needs 朱然 wounded while 吳 is not the largest kingdom and a 刺殺 on 吳 that night: about one "
            "game in forty",
}


def seats_for(form: str, seed: int) -> list[SeatSpec]:
    seats, _ = random_table(random.Random(seed), set(_built()))
    for character in (form, *PARTNERS.get(form, ())):
        seats = seat(seats, character)
    return seats


@cache
def games_of(form: str) -> tuple[tuple[KK33Game, Any], ...]:
    return tuple(play_game_kept(seed, RandomPolicy(), seats_for(form, seed), MAX_PHASES)
                 for seed in range(GAMES_EACH))


@pytest.mark.parametrize("form", FORMS)
def test_bots_play_every_wu_form_without_refusal(form: str) -> None:
    played = games_of(form)
    assert sum(record.refused for _, record in played) == 0
    assert all(in_play(game, form) for game, _ in played)


@pytest.mark.parametrize("form", FORMS)
def test_bots_use_every_skill_of_each_wu_form(form: str) -> None:
    built = [s.name for s in roster().characters[form].skills]
    used: set[str] = set()
    for game, _ in games_of(form):
        used |= used_by(game, holders(game, form), built)
    missing = sorted(set(built) - used - set(RARE))
    assert missing == [], f"{form}: unused {missing}"


@pytest.mark.parametrize("form, skill", [("甘寧", "刺殺"), ("諸葛瑾", "緩釋")])
def test_bots_take_actions_by_day(form: str, skill: str) -> None:
    """Day actions: 甘寧's 刺殺 (奇襲) and 緩釋 are submitted by day, accepted and resolved."""
    by_day = 0
    for game, _ in games_of(form):
        pids = holders(game, form)
        for entry in game.state.history:
            if entry["phase"] == "day":
                by_day += sum(1 for a in entry.get("actions", [])
                              if a["actor"] in pids and a["skill"] == skill and not a.get("implicit"))
    assert by_day >= GAMES_EACH  # about one a day per game
