"""The delayed form (effects/delayed.py): 次夜, 次日, 第n夜, on a bare phase.

Seed 000: 「次日」 is the day after the phase a skill acts in and 「次夜」 the night after it, whether the skill
acts at night or by day; the game starts at night 1 (even indices are nights, odd ones days).
"""

from __future__ import annotations

from dataclasses import dataclass

from tianting.core.rng import GameRandom
from tianting.core.state import Effect, GameState, Player
from tianting.effects import delayed


@dataclass
class Bare:
    """The least the delayed form needs of a phase: its state and its index."""

    state: GameState
    index: int


def _phase(index: int) -> Bare:
    players = {"甲": Player("甲", 0, "魏", "殺手", "某")}
    return Bare(GameState("test", 1, GameRandom(1), players, index=index), index)


NIGHT_2, DAY_2 = 2, 3
"""Night 2 is index 2; the day after it (day 3 by the rules' count) is index 3."""


def test_next_night_is_the_night_after_a_night_or_a_day() -> None:
    assert delayed.due(_phase(NIGHT_2), delayed.NEXT_NIGHT) == NIGHT_2 + 2
    assert delayed.due(_phase(DAY_2), delayed.NEXT_NIGHT) == DAY_2 + 1


def test_next_day_is_the_day_after_a_night_or_a_day() -> None:
    assert delayed.due(_phase(NIGHT_2), delayed.NEXT_DAY) == NIGHT_2 + 1
    assert delayed.due(_phase(DAY_2), delayed.NEXT_DAY) == DAY_2 + 2


def test_the_day_after_the_next_night_ends_a_right_given_for_the_next_night_only() -> None:
    assert delayed.due(_phase(NIGHT_2), delayed.DAY_AFTER_NEXT_NIGHT) == NIGHT_2 + 3
    assert delayed.due(_phase(DAY_2), delayed.DAY_AFTER_NEXT_NIGHT) == DAY_2 + 2


def test_next_phase_is_the_one_after_whatever_its_kind() -> None:
    assert delayed.due(_phase(NIGHT_2), delayed.NEXT_PHASE) == NIGHT_2 + 1
    assert delayed.due(_phase(DAY_2), delayed.NEXT_PHASE) == DAY_2 + 1


def test_night_by_number() -> None:
    assert delayed.due(_phase(DAY_2), delayed.OnNight(3)) == 4  # night 1 = 0, night 2 = 2, night 3 = 4


def test_schedule_appends_the_effect_with_its_data_as_given() -> None:
    phase = _phase(NIGHT_2)
    data = {"target": "甲"}
    effect = delayed.schedule(phase, delayed.NEXT_DAY, "怒吼", "甲", data)
    assert phase.state.effects == [Effect("怒吼", NIGHT_2 + 1, "甲", {"target": "甲"})]
    assert effect.data is data  # a skill may fill it in later (苦肉詐降)
    assert delayed.schedule(phase, delayed.NEXT_NIGHT, "連環", "甲").data == {}


def test_delay_makes_the_effect_without_scheduling_it() -> None:
    phase = _phase(NIGHT_2)
    effect = delayed.delay(phase, delayed.NEXT_NIGHT, "no-stab", "甲", {"country": "魏"})
    assert effect == Effect("no-stab", NIGHT_2 + 2, "甲", {"country": "魏"}) and phase.state.effects == []


def test_the_texts_are_the_rules_words() -> None:
    assert delayed.NEXT_NIGHT.text() == "次夜"
    assert delayed.NEXT_DAY.text() == "次日"
    assert delayed.NEXT_PHASE.text() == "下一階段"
    assert delayed.DAY_AFTER_NEXT_NIGHT.text() == "次夜之後的白天"
    assert delayed.OnNight(3).text() == "第3夜"
    assert delayed.text(delayed.NEXT_NIGHT, "本國殺手無法發動【刺殺】") == "次夜，本國殺手無法發動【刺殺】"
