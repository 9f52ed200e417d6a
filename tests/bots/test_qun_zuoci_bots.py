"""Bots over tables that seat 左慈 (群雄·方士): no crash, no refusal, and his skills used.

The same measure as ``test_shu_bots.py``: a passive skill is used when it left its mark (feedback under
its name, or a trace line naming it and him). For 化身 the bots also take up the skills it offers: in the
games, 左慈 submits actions of skills he does not hold but drew (an offered skill, accepted), and the
choice of each phase is made (a decision 「化身」 answered by his bot, never defaulted).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from tests.bots.test_shu_bots import used_by
from tianting.bots.play import _built, play_game_kept, random_table
from tianting.bots.random_policy import RandomPolicy
from tianting.rules.kk33 import KK33Game, SeatSpec

GAMES = 20
MAX_PHASES = 40
OWN = ("化身", "神隱", "借物代形")


def seats_with_zuoci(seed: int) -> list[SeatSpec]:
    """A random table (as the bots' studies draw it) whose 群 seat is the 方士, 左慈."""
    seats, _ = random_table(random.Random(seed), set(_built()))
    return [SeatSpec(s.id, s.country, "方士", "左慈") if s.country == "群" else s for s in seats]


@cache
def games() -> tuple[tuple[KK33Game, Any], ...]:
    return tuple(play_game_kept(seed, RandomPolicy(), seats_with_zuoci(seed), MAX_PHASES) for seed in range(GAMES))


def zuoci(game: KK33Game) -> str:
    return next(p.id for p in game.state.players.values() if p.character == "左慈")


@pytest.mark.skill("化身", "神隱", "借物代形")
def test_bots_play_zuoci_without_refusal_and_use_his_skills():
    played = games()
    assert sum(record.refused for _, record in played) == 0
    used: set[str] = set()
    for game, _ in played:
        used |= used_by(game, {zuoci(game)}, list(OWN))
    assert used == set(OWN)


@pytest.mark.skill("化身")
def test_bots_take_up_the_skills_huashen_offers():
    """His bot chooses every phase he is in the game, and uses offered skills by night (and by day, when a
    form drawn offers a skill usable by day)."""
    borrowed: dict[str, int] = {"night": 0, "day": 0}
    choices = defaulted = 0
    for game, _ in games():
        pid = zuoci(game)
        for entry in game.state.history:
            for action in entry.get("actions", []):
                if action["actor"] == pid and not action.get("implicit") and action["skill"] not in ("方術", *OWN):
                    borrowed[entry["phase"]] += 1
        for result in game.results:
            for decision in result.decisions:
                if decision.actor == pid and decision.skill == "化身":
                    choices += 1
                    defaulted += decision.defaulted
    assert borrowed["night"] >= GAMES and borrowed["day"] >= 1
    assert choices >= GAMES * 5 and defaulted == 0
