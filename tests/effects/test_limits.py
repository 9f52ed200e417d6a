"""Limited skills used up (effects/limits.py) on a bare phase.

Seed 000: 「被動的限定技能消耗時…會收到相關反饋」; 限定技 (a name of more than two characters) works once a game.
"""

from __future__ import annotations

from tests.effects.phases import Telling
from tianting.core.state import Player
from tianting.effects import limits


def Bare() -> Telling:  # noqa: N802 (the phase of these tests, as the other effects tests name theirs)
    return Telling(Player("甲", 0, "吳", "女眷", "某"), index=2)


def test_consume_spends_the_skill_and_tells_and_notes_as_asked() -> None:
    phase = Bare()
    assert not limits.spent(phase, "甲", "流離江南")
    limits.consume(phase, "甲", "流離江南", "【流離江南】你成為【刺殺】的目標，【刺殺】無效。此技能已消耗。", {"consumed": True},
                   note=True)
    assert limits.spent(phase, "甲", "流離江南") and phase.state.player("甲").used == {"流離江南": 1}
    [told] = phase.feedback["甲"]
    assert (told.skill, told.text, told.target, told.data) == (
        "流離江南", "【流離江南】你成為【刺殺】的目標，【刺殺】無效。此技能已消耗。", None, {"consumed": True})
    assert phase.trace == ["甲 的被動限定技能【流離江南】已消耗"]


def test_consume_quietly_leaves_the_telling_to_the_skill() -> None:
    phase = Bare()
    limits.consume(phase, "甲", "曹氏宗族")
    assert limits.spent(phase, "甲", "曹氏宗族") and phase.feedback == {} and phase.trace == []


def test_consume_once_does_nothing_when_spent_already() -> None:
    phase = Bare()
    assert limits.consume_once(phase, "甲", "兄長之風", "first")
    assert not limits.consume_once(phase, "甲", "兄長之風", "second")
    assert [f.text for f in phase.feedback["甲"]] == ["first"] and phase.state.player("甲").used == {"兄長之風": 1}


def test_the_sentence() -> None:
    assert limits.text("深明大義") == "【深明大義】已觸發並消耗"
