"""Random legal play with each 吳 軍師 form seated (issue 13): their skills never crash a game,
no action they take is refused, and the random policy uses every one of their active skills.

周瑜, the three 魯肅, 張昭, 呂蒙 and 陸遜 (wu_strategists); 諸葛瑾 is another module's.
"""

from __future__ import annotations

from functools import cache

import pytest

from tianting.randomplay import RandomGame, play_random

FORMS = ["周瑜", "獨斷的外交家·魯肅", "聯盟的締造者·魯肅", "赤壁·魯肅", "張昭", "呂蒙", "陸遜"]
ACTIVE = {"巧設反間", "火燒赤壁", "聯劉抗曹", "厲兵秣馬", "榻上對策", "直諫", "白衣渡江", "士別三日", "謙遜", "火燒連營"}
"""Every active (and *全*) skill of these forms but 練兵, which waits on 大智若愚 (tested below, slow)."""
GAMES_EACH = 3


@cache
def games(character: str) -> tuple[RandomGame, ...]:
    return tuple(play_random(3000 + seed, max_phases=40, prefer=[character]) for seed in range(GAMES_EACH))


def used_skills(game: RandomGame) -> set[str]:
    return {a["skill"] for phase in game.script["phases"] for a in phase.get("actions", [])}


@pytest.mark.parametrize("character", FORMS)
def test_random_games_with_each_wu_strategist(character):
    """Each form is seated and played by the random legal policy; no action it takes is refused."""
    played = 0
    for game in games(character):
        assert game.transcript is not None
        played += any(p["character"] == character for phase in game.transcript["phases"]
                      for p in phase["truth"]["players"].values())
        for phase in game.transcript["phases"]:
            assert phase["rejected"] == []
    assert played >= 1


def test_random_policy_uses_every_active_wu_strategist_skill():
    """Every active skill of the seven forms is used at least once within a few games each (the
    three above, then more until all are seen, at most ten a form)."""
    used: set[str] = set()
    for character in FORMS:
        for game in games(character):
            used |= used_skills(game)
    seed = 3000 + GAMES_EACH
    while not ACTIVE <= used and seed < 3010:
        for character in FORMS:
            used |= used_skills(play_random(seed, max_phases=40, prefer=[character]))
        seed += 1
    assert ACTIVE <= used, ACTIVE - used


@pytest.mark.slow
def test_random_policy_trains_once_awakened():
    """練兵 (after 大智若愚 awakens) is used by the random policy too, given enough games."""
    assert any("練兵" in used_skills(play_random(9000 + seed, max_phases=60, prefer=["獨斷的外交家·魯肅"]))
               for seed in range(40))


@pytest.mark.slow
@pytest.mark.parametrize("character", FORMS)
def test_many_random_games_with_each_wu_strategist(character):
    for seed in range(60):
        play_random(7000 + seed, max_phases=60, prefer=[character])
