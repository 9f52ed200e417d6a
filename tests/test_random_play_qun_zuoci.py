"""Random legal play with 左慈 seated (issue 14): 化身's draws and choices, 神隱 and 借物代形 never crash a
game, no action is refused on replay, and the random player takes up the skills 化身 offers."""

from __future__ import annotations

import pytest

from tests.random_seating import assert_played_cleanly
from tianting.randomplay import play_random

SEEDS = range(4100, 4112)
"""The 群 seat is a 方士 one time in three: about four games with 左慈."""


@pytest.mark.skill("化身", "神隱", "借物代形")
def test_random_games_with_zuoci_are_clean():
    assert_played_cleanly("左慈", SEEDS)


@pytest.mark.skill("化身")
def test_random_games_with_zuoci_take_up_offered_skills_and_record_each_choice():
    """Each phase 左慈 is in the game records one 化身 decision (scripted or defaulted), and he uses skills
    he does not hold but was offered."""
    borrowed = choices = 0
    for seed in SEEDS:
        game = play_random(seed, max_phases=30, prefer=["左慈"])
        assert game.transcript is not None
        zuoci = next((p["id"] for p in game.script["players"] if p["character"] == "左慈"), None)
        if zuoci is None:
            continue
        for phase, played in zip(game.script["phases"], game.transcript["phases"], strict=True):
            alive = played["truth"]["players"][zuoci]["status"] != "out" or \
                any(d["id"] == zuoci for d in played["truth"]["deaths"])
            mine = [d for d in played["decisions"] if d["actor"] == zuoci and d["skill"] == "化身"]
            assert len(mine) == (1 if alive else 0)
            choices += len(mine)
            borrowed += sum(1 for a in phase.get("actions", []) if a["actor"] == zuoci
                            and a["skill"] not in ("方術", "方术"))
    assert choices >= 30 and borrowed >= 5
