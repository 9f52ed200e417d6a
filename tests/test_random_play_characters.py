"""Random legal play with chosen characters seated: their skills never crash a game.

Issue 3: random legal play over games that include every 魏 character stays crash-free.
"""

from __future__ import annotations

import pytest

from tests.random_seating import assert_played_cleanly
from tianting.randomplay import play_random
from tianting.rules.kk33 import roster

WEI = [c.name for c in roster().characters.values() if c.country == "魏"]
GAMES_EACH = 3


@pytest.mark.parametrize("character", WEI)
def test_random_games_with_each_wei_character(character):
    """Each 魏 character is seated (or, for 曹丕 and 曹植, reincarnated into) and played."""
    assert_played_cleanly(character, range(1000, 1000 + GAMES_EACH))


@pytest.mark.slow
@pytest.mark.parametrize("character", WEI)
def test_many_random_games_with_each_wei_character(character):
    for seed in range(60):
        play_random(5000 + seed, max_phases=60, prefer=[character])


SHU = [c.name for c in roster().characters.values() if c.country == "蜀"]
SHU_GAMES: dict[str, int] = {"劉封": 6, "劉禪": 6}
"""劉封 and 劉禪 come only when 劉備 dies: with 吳's lords and ladies built, none of the first three seeds
kills him within 40 phases (seeds 2003 on do)."""


@pytest.mark.parametrize("character", SHU)
def test_random_games_with_each_shu_character(character):
    """Issue 12: each 蜀 form is seated (or, for 劉封 and 劉禪, reincarnated into) and played, crash-free."""
    assert_played_cleanly(character, range(2000, 2000 + SHU_GAMES.get(character, GAMES_EACH)))


@pytest.mark.slow
@pytest.mark.parametrize("character", SHU)
def test_many_random_games_with_each_shu_character(character):
    for seed in range(60):
        play_random(6000 + seed, max_phases=60, prefer=[character])
