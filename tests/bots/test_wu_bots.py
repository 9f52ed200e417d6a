"""Bots over tables that seat each 吳 killer, guard and 諸葛瑾: no crash, no refusal, day actions used,
and the skills of each form used (issue 13: 「Random legal play (bots included) over games that seat
every 吳 form stays crash-free, and the bots use every new skill, day actions included.」).

The same measure as ``test_shu_bots.py`` (a skill is used when a bot submitted it and the rules accepted
it, or, for a passive one, when it left its mark: feedback under its name, or a trace line naming it
and its holder). A few passives need a meeting random tables hardly ever make; :data:`TARGETED` seats a
partial table that makes it, where the bots must set them off.
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
TARGETED: dict[str, tuple[str, tuple[tuple[str, str, str], ...], int]] = {
    "突圍": ("程普", (("魏", "君主", "曹操"), ("魏", "正軍師", "郭嘉"), ("魏", "副軍師", "司馬懿"), ("魏", "殺手", "夏侯惇"),
                     ("魏", "殺手", "夏侯淵"), ("魏", "護衛", "許褚"), ("魏", "女眷", "甄姬"), ("吳", "君主", "孫堅"),
                     ("吳", "正軍師", "周瑜"), ("吳", "副軍師", "聯盟的締造者·魯肅"), ("吳", "殺手", "黃蓋"),
                     ("吳", "殺手", "程普"), ("吳", "護衛", "太史慈"), ("吳", "女眷", "小喬")), 20),
    "困鬥": ("朱然", (("魏", "君主", "曹操"), ("魏", "正軍師", "郭嘉"), ("魏", "副軍師", "司馬懿"), ("魏", "殺手", "夏侯惇"),
                     ("魏", "殺手", "夏侯淵"), ("魏", "護衛", "許褚"), ("魏", "女眷", "甄姬"), ("蜀", "君主", "劉備"),
                     ("蜀", "正軍師", "徐庶"), ("蜀", "副軍師", "龐統"), ("蜀", "殺手", "關羽"), ("蜀", "殺手", "馬超"),
                     ("蜀", "護衛", "魏延"), ("蜀", "女眷", "糜夫人"), ("吳", "君主", "孫堅"), ("吳", "殺手", "黃蓋"),
                     ("吳", "護衛", "朱然")), 40),
    "不屈": ("周泰", (("吳", "君主", "孫堅"), ("吳", "護衛", "周泰"), ("吳", "女眷", "小喬"), ("魏", "君主", "曹操"),
                     ("魏", "殺手", "夏侯惇"), ("魏", "護衛", "許褚"), ("蜀", "君主", "劉備"), ("蜀", "護衛", "魏延"),
                     ("蜀", "殺手", "關羽")), 40),
}
"""Passives that need a meeting random tables hardly ever make, and the partial table (R23) that makes it
often enough, with how many games: 突圍 a table of 吳 and one other kingdom; 困鬥 朱然 wounded while 吳 is
not the largest (a small 吳 beside full 魏 and 蜀); 不屈 周泰 wounded, then stabbed while still wounded (a
small table with three guards and two killers)."""


def targeted_games(skill: str) -> list[tuple[KK33Game, Any]]:
    form, spec, games = TARGETED[skill]
    seats = [SeatSpec(f"P{n:02d}", country, identity, character)
             for n, (country, identity, character) in enumerate(spec, start=1)]
    return [play_game_kept(seed, RandomPolicy(), seats, MAX_PHASES) for seed in range(games)]


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
    missing = sorted(set(built) - used - {skill for skill, (owner, _, _) in TARGETED.items() if owner == form})
    assert missing == [], f"{form}: unused {missing}"


@pytest.mark.parametrize("skill", sorted(TARGETED))
def test_bots_reach_the_rare_passives_on_a_table_made_for_them(skill: str) -> None:
    """突圍, 困鬥 and 不屈 need a meeting random tables seldom make: on a partial table that makes it (R23),
    bot games set each off, with no refusal."""
    form = TARGETED[skill][0]
    played = targeted_games(skill)
    assert sum(record.refused for _, record in played) == 0
    assert any(skill in used_by(game, holders(game, form), [skill]) for game, _ in played), f"{skill} never set off"


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


@pytest.mark.skill("天義")
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_bots_use_the_stab_tianyi_lends(policy: str) -> None:
    """天義：使用後當夜，你可以不發動【援護】，而是發動一次【刺殺】 — both policies use the lent 刺殺, listed
    after 天義, and it is accepted (no refusal) and resolved."""
    from tianting.bots.policy import get_policy

    stabs = 0
    for seed in range(GAMES_EACH):
        game, record = play_game_kept(seed, get_policy(policy), seats_for("太史慈", seed), MAX_PHASES)
        assert record.refused == 0
        pids = holders(game, "太史慈")
        for entry in game.state.history:
            mine = [a["skill"] for a in entry.get("actions", []) if a["actor"] in pids and not a.get("implicit")]
            if "刺殺" in mine:
                assert mine.index("天義") < mine.index("刺殺") and "援護" not in mine
                stabs += 1
    assert stabs >= GAMES_EACH // 4
