"""Cancels (effects/cancel.py) on a bare phase: actions void (失效) or blocked (無法發動) by a rule.

Seed 000 (貞烈): 「其他角色針對你的【明察】【去偽存真】【亂花】失效」; (龍膽): 「當夜你不能發動【援護】」;
(三分歸晉): 「三國君主的行動全部失效」.
"""

from __future__ import annotations

from typing import Any

from tianting.core.records import Action
from tianting.core.skills import Skill, Source, Use, UseState
from tianting.effects import cancel


class Named(Skill):
    source = Source.CHARACTER

    def __init__(self, name: str) -> None:
        self.name = name


def _use(actor: str, skill: str, *targets: str) -> Use:
    return Use(Action(actor, skill, targets), Named(skill), order=0, seat=0)


class Bare:
    def __init__(self) -> None:
        self.target_rules: list[Any] = []
        self.block_rules: list[Any] = []

    def voided(self, use: Use) -> list[str]:
        return [r for r in (rule(self, use) for rule in self.target_rules) if r]

    def blocked(self, use: Use) -> list[str]:
        return [r for r in (rule(self, use) for rule in self.block_rules) if r]


def test_void_actions_names_uses_by_skill_maker_and_target() -> None:
    phase = Bare()
    cancel.void_actions(phase, cancel.all_of(cancel.named("明察", "亂花"), cancel.aimed_at("甲")), "甲 貞烈")
    assert phase.voided(_use("乙", "明察", "甲")) == ["甲 貞烈"]
    assert phase.voided(_use("乙", "亂花", "丙", "甲")) == ["甲 貞烈"]
    assert phase.voided(_use("乙", "刺殺", "甲")) == [] and phase.voided(_use("乙", "明察", "丙")) == []


def test_block_and_the_use_that_says_so_spared() -> None:
    phase = Bare()
    own = _use("甲", "三分歸晉")
    lords = cancel.all_of(cancel.while_live(own), cancel.other_than(own), cancel.made_by("甲", "乙"))
    cancel.block(phase, lords, lambda p, use: f"{use.actor} 的行動無法發動")
    assert phase.blocked(_use("乙", "明察", "丙")) == ["乙 的行動無法發動"]
    assert phase.blocked(own) == []
    own.state = UseState.VOID
    assert phase.blocked(_use("乙", "明察", "丙")) == []


def test_the_sentences() -> None:
    phase = Bare()
    assert cancel.void_actions(phase, cancel.made_by("甲"), "r", what="三國君主的行動").text() == "三國君主的行動失效"
    assert cancel.block(phase, cancel.named("援護"), "r", what="當夜你的【援護】").text() == "當夜你的【援護】無法發動"
