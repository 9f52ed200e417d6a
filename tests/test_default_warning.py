"""The judge's warning for a choice nobody answered says how its answer was taken.

docs/spec/game-script.md: a choice with no answer takes a default drawn with the game's generator,
and 「A skill may document a fixed default instead」. The warning said 「已隨機取預設值」 for both,
so a judge read a skill's documented default (捨身護主's 「可以」 declined) as a draw of the dice.
"""

from __future__ import annotations

import dataclasses

import pytest

from tianting.core.decisions import DecisionBook
from tianting.core.records import default_warning
from tianting.core.rng import GameRandom
from tianting.testing import Table

DIANWEI = {"魏護衛": "典韋"}


@pytest.mark.skill("捨身護主")
def test_an_unanswered_may_takes_the_skills_fixed_default_and_says_so():
    """捨身護主：…並且可以選擇將此【刺殺】的目標改為你 — unanswered, the documented default is 「否」
    (the 「可以」 not taken): nothing is drawn, and the warning does not say 「隨機」."""
    t = Table(characters=DIANWEI)
    result = t.lenient_night(t.act("蜀殺手甲", "刺殺", "魏君主"))
    [decision] = [d for d in result.decisions if d.skill == "捨身護主"]
    assert decision.defaulted and not decision.drawn and decision.answer == "否"
    assert decision.as_json()["drawn"] is False
    assert not any("捨身護主" in d.purpose for d in t.game.state.rng.draws)
    # the stab stayed on the lord, who died: his 轉生 character is a choice the text requires, drawn
    [reborn] = [d for d in result.decisions if d.skill == "轉生"]
    assert reborn.defaulted and reborn.drawn
    assert result.warnings == ["魏護衛 的【捨身護主】未給出選擇，已取技能的預設選擇「否」",
                               f"魏君主 的【轉生】未給出選擇，已隨機取預設值「{reborn.answer}」"]


def test_a_required_choice_left_unanswered_is_drawn_and_says_so():
    """A choice the text requires (轉生's character) is drawn with the game's generator: 「已隨機取預設值」."""
    book = DecisionBook(strict=False)
    rng = GameRandom(7)
    chosen = book.choose(rng, "魏君主", "轉生", ["曹丕", "曹植"], lambda a, o: a == o)
    [record] = book.asked
    assert record.defaulted and record.drawn and record.answer == chosen
    assert record.as_json()["drawn"] is True
    assert record.warning() == f"魏君主 的【轉生】未給出選擇，已隨機取預設值「{chosen}」"
    assert [d.purpose for d in rng.draws] == ["預設選擇 魏君主【轉生】"]


def test_an_answered_choice_carries_no_drawn_field():
    book = DecisionBook(answers=[{"actor": "魏護衛", "skill": "捨身護主", "answer": "是"}])
    book.choose(GameRandom(1), "魏護衛", "捨身護主", ["是", "否"], lambda a, o: a == o, default="否")
    [record] = book.asked
    assert not record.defaulted and "drawn" not in record.as_json()
    assert dataclasses.replace(record, defaulted=True).as_json()["drawn"] is False


def test_default_warning_wording():
    assert default_warning("P01", "轉生", "曹丕", True) == "P01 的【轉生】未給出選擇，已隨機取預設值「曹丕」"
    assert default_warning("P02", "捨身護主", "否", False) == "P02 的【捨身護主】未給出選擇，已取技能的預設選擇「否」"
