"""Bots over tables that seat 張角 or 華佗: no crash, no refusal, every skill used (issue 14).

The same measure as ``test_shu_bots.py`` (whose helpers are reused): a skill is used when a bot
submitted it and the rules accepted it, or, for a passive one, when it left its mark (feedback under
its name, or a trace line naming it and its holder: 黃天's count, 青囊's 「刺殺對其無效」). Both policies
play: the random one, and the heuristic one for every seat. 普度眾生's extra 急救 is taken too: the bots
follow a grant with the use it allows (``random_policy.own_extra_uses``).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from tests.bots.test_shu_bots import holders, used_by
from tianting.bots.play import _built, play_game_kept, random_table
from tianting.rules.kk33 import KK33Game, SeatSpec, roster
from tianting.rules.kk33.roster import OTHERS

FORMS = {"張角": "黃巾頭領", "華佗": "神醫"}
GAMES_EACH = 12
MAX_PHASES = 40


def seats_for(form: str, seed: int) -> list[SeatSpec]:
    """A random table whose 群 seat is ``form`` (its identity set to the form's)."""
    seats, _ = random_table(random.Random(seed), set(_built()))
    return [SeatSpec(s.id, s.country, FORMS[form], form) if s.country == OTHERS else s for s in seats]


@cache
def games_of(form: str, policy: str) -> tuple[tuple[KK33Game, Any], ...]:
    return tuple(play_game_kept(seed, policy, seats_for(form, seed), MAX_PHASES) for seed in range(GAMES_EACH))


@pytest.mark.parametrize("policy", ["random", "heuristic"])
@pytest.mark.parametrize("form", list(FORMS))
def test_bots_play_zhangjiao_and_huatuo_without_refusal(form: str, policy: str) -> None:
    played = games_of(form, policy)
    assert sum(record.refused for _, record in played) == 0
    assert all(holders(game, form) for game, _ in played)


@pytest.mark.parametrize("policy", ["random", "heuristic"])
@pytest.mark.parametrize("form", list(FORMS))
def test_bots_use_every_skill_of_zhangjiao_and_huatuo(form: str, policy: str) -> None:
    built = [s.name for s in roster().characters[form].skills]
    used: set[str] = set()
    for game, _ in games_of(form, policy):
        used |= used_by(game, holders(game, form), built)
    assert sorted(set(built) - used) == [], f"{form}: unused {sorted(set(built) - used)}"


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_bots_take_the_extra_first_aid_of_pudu(policy: str) -> None:
    """普度眾生：使用後當夜，你可以額外發動一次【急救】 — some night a bot's 華佗 makes two 急救 after it."""
    twice = 0
    for game, _ in games_of("華佗", policy):
        for entry in game.state.history:
            mine = [a["skill"] for a in entry.get("actions", []) if a["actor"] in holders(game, "華佗")
                    and not a.get("implicit") and a["state"] == "done"]
            twice += "普度眾生" in mine and mine.count("急救") == 2
    assert twice >= 1


def test_the_heuristic_zhangjiao_takes_huangtians_point():
    """A sensible beginner never declines 黃天's point of 體力 (the random policy may)."""
    asked = [d for game, _ in games_of("張角", "heuristic") for r in game.results for d in r.decisions
             if d.skill == "黃天"]
    assert asked and all(d.answer == "是" for d in asked)
