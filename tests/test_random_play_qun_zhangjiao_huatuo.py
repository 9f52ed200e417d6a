"""Random legal play with 張角 or 華佗 seated (issue 14): their skills never crash a game, no action
they take is refused, and the random policy uses every one of their active skills."""

from __future__ import annotations

from functools import cache

import pytest

from tests.random_seating import assert_played_cleanly
from tianting.randomplay import RandomGame, play_random

FORMS = ["張角", "華佗"]
ACTIVE = {"電閃雷鳴", "飛沙走石", "普度眾生"}
GAMES_EACH = 4


@cache
def games(character: str) -> tuple[RandomGame, ...]:
    return tuple(play_random(4000 + seed, max_phases=40, prefer=[character]) for seed in range(GAMES_EACH))


@pytest.mark.parametrize("character", FORMS)
def test_random_games_with_zhangjiao_or_huatuo(character):
    """Each is seated in every game (a preferred 群雄 takes the 群 seat) and played, crash-free."""
    assert_played_cleanly(character, range(4000, 4000 + GAMES_EACH))
    for game in games(character):
        assert any(p["character"] == character for p in game.transcript["phases"][0]["truth"]["players"].values())


def test_random_policy_uses_every_active_skill_of_zhangjiao_and_huatuo():
    used = {a["skill"] for character in FORMS for game in games(character)
            for phase in game.script["phases"] for a in phase.get("actions", [])}
    assert ACTIVE <= used, ACTIVE - used


@pytest.mark.slow
@pytest.mark.parametrize("character", FORMS)
def test_many_random_games_with_zhangjiao_or_huatuo(character):
    for seed in range(60):
        play_random(8000 + seed, max_phases=60, prefer=[character])
