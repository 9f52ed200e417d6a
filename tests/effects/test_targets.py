"""Targets (effects/targets.py): a carried skill waits for its carrier; the sentences.

Seed 000 (天義): 「使用後當夜，你可以…發動一次【刺殺】」; 「當主動技能經過成功概率判定並判定成功使用後，技能的一切
內容均一定成功生效」: the carried skill rolls no check of its own, and stays as if not used when its carrier does not
go off. The echo and spy-and-retarget are pinned by their characters' scenario tests (連環, 盜書, 飛沙走石).
"""

from __future__ import annotations

from tianting.core.records import Action
from tianting.core.skills import Skill, Source, Use, UseState
from tianting.effects import targets


class Named(Skill):
    source = Source.CHARACTER

    def __init__(self, name: str) -> None:
        self.name = name


class Bare:
    """A phase: only what a carry keeps on it."""


def _use(actor: str, skill: str, *ids: str) -> Use:
    return Use(Action(actor, skill, ids), Named(skill), order=0, seat=0)


def test_a_carried_use_waits_as_failed_with_its_reason_until_released() -> None:
    phase = Bare()
    carrier, carried = _use("甲", "天義"), _use("甲", "刺殺", "乙")
    targets.carry(phase, carrier, carried)
    assert carried.state is UseState.FAILED and carried.why == "【天義】未生效，視為未發動"
    assert targets.release(phase, carrier) is carried and carried.state is UseState.PENDING


def test_a_carried_use_already_void_stays_void() -> None:
    phase = Bare()
    carrier, carried = _use("甲", "天義"), _use("甲", "刺殺", "乙")
    carried.state = UseState.VOID
    targets.carry(phase, carrier, carried)
    assert targets.release(phase, carrier) is None and carried.state is UseState.VOID


def test_the_sentences() -> None:
    assert targets.echo_text(("乙", "丙")) == "該行動亦對乙、丙生效"
    assert targets.spy_text() == "獲悉其當夜所有行動並可強制修改其中任意行動的目標"
    assert targets.carry_text("刺殺") == "使用後當夜，你可以發動一次【刺殺】"
