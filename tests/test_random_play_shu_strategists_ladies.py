"""Random legal play with the 蜀 軍師 and 女眷 seated: their skills never crash a game, and the bots
use them (issue 12: random legal play over games that seat every 蜀 form stays crash-free)."""

from __future__ import annotations

import pytest

from tests.random_seating import assert_played_cleanly
from tianting.core.names import name_key
from tianting.randomplay import play_random

FORMS = ["徐庶", "龐統", "法正", "馬良", "姜維", "黃月英", "甘夫人", "糜夫人", "關銀屏"]
SKILLS = ["緘默", "居魏思蜀", "計無不成", "連環", "蓋棺論定", "眩遠惑近", "五常", "送圖問計", "挑釁", "落鴻哀歌",
          "蕙質蘭心", "木牛流馬", "諸葛連弩", "相夫教子", "將門虎女"]
GAMES_EACH = 3


@pytest.mark.parametrize("character", FORMS)
def test_random_games_with_each_shu_strategist_and_lady(character):
    """Each character is seated and played; no action of the script is rejected on replay."""
    assert_played_cleanly(character, range(1200, 1200 + GAMES_EACH))


def test_bots_use_the_new_skills():
    """Over a few games seating each of them, the bots use every active skill, vote dead (涅槃) and name a
    second 刺殺 target (落鴻哀歌)."""
    used: set[str] = set()
    dead_votes = two_targets = 0
    games = [play_random(7100 + seed, max_phases=40, prefer=[character])
             for character in FORMS for seed in range(8)]  # two 軍師 seats: one strategist at a time
    for game in games:
        assert game.transcript is not None
        out: set[str] = set()
        for entry, phase in zip(game.script["phases"], game.transcript["phases"], strict=True):
            for action in entry.get("actions", []):
                used.add(name_key(action["skill"]))
                two_targets += name_key(action["skill"]) == name_key("刺殺") and len(action["targets"]) == 2
            dead_votes += sum(1 for voter in entry.get("votes", {}) if voter in out)
            out = {pid for pid, p in phase["truth"]["players"].items() if p["status"] == "out"}
    assert {name_key(s) for s in SKILLS} <= used
    assert dead_votes > 0 and two_targets > 0
