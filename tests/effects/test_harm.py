"""Harm's preventions and 減輕 (effects/harm.py) on a bare phase and a bare harm.

Seed 000 (龍膽): 「使用後當夜，…本國角色不會受傷」; (撥亂反正): 「防止其當夜對本國角色造成的致傷或致死效果」;
(同心): 「若你未死亡，則其也不會死亡」; (金槍不倒): 「當夜本國君主和殺手受到的傷害減輕」. 致命一擊: a kill, or a wound on
one already wounded.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tianting.core.records import Action
from tianting.core.rng import GameRandom
from tianting.core.skills import Skill, Source, Use, UseState
from tianting.core.state import GameState, Player, Status
from tianting.effects import harm as harms


@dataclass
class Hit:
    """The least a harm is to the effects: a target, a cause, its sources, a level (2 kill, 1 wound, 0 none)."""

    target: str
    cause: str
    sources: list[str]
    level: int = 1
    why: list[str] = field(default_factory=list)

    @property
    def wounding(self) -> bool:
        return self.level == 1

    def reduce(self, reason: str) -> None:
        self.level = max(0, self.level - 1)
        self.why.append(f"傷害減輕：{reason}")


class Bare:
    def __init__(self) -> None:
        players = {pid: Player(pid, i, "魏", "殺手", "某") for i, pid in enumerate("甲乙丙")}
        self.state = GameState("test", 1, GameRandom(1), players, index=2)
        self.harm_preventions: list[Any] = []
        self.harm_modifiers: list[Any] = []

    def is_fatal(self, harm: Hit) -> bool:
        return harm.level == 2 or (harm.level == 1 and self.state.player(harm.target).injured)

    def stopped(self, harm: Hit) -> list[str]:
        return [r for r in (rule(self, harm) for rule in self.harm_preventions) if r]


class Probe(Skill):
    name = "龍膽"
    source = Source.CHARACTER


def test_no_wound_stops_a_wound_and_not_a_kill() -> None:
    phase = Bare()
    harms.no_wound(phase, harms.to("乙"), "甲 龍膽：本國角色不會受傷", what="本國角色")
    assert phase.stopped(Hit("乙", "刺殺", ["丙"])) == ["甲 龍膽：本國角色不會受傷"]
    assert phase.stopped(Hit("乙", "刺殺", ["丙"], level=2)) == []
    assert phase.stopped(Hit("丙", "刺殺", ["乙"])) == []


def test_no_death_stops_a_fatal_blow_only() -> None:
    phase = Bare()
    harms.no_death(phase, harms.to("乙"), "同心")
    assert phase.stopped(Hit("乙", "刺殺", ["丙"], level=2)) == ["同心"]
    assert phase.stopped(Hit("乙", "刺殺", ["丙"])) == []  # a wound on one not wounded is no 致命一擊
    phase.state.player("乙").status = Status.INJURED
    assert phase.stopped(Hit("乙", "刺殺", ["丙"])) == ["同心"]


def test_prevent_names_the_harms_of_the_named_sources_only() -> None:
    """A merged 刺殺 of several 兇手 is 「X對其造成」 only if every one of them is X."""
    phase = Bare()
    harms.prevent(phase, harms.all_of(harms.to("乙"), harms.only_from("丙")), "撥亂反正")
    assert phase.stopped(Hit("乙", "刺殺", ["丙"])) == ["撥亂反正"]
    assert phase.stopped(Hit("乙", "刺殺", ["丙", "甲"])) == []
    assert phase.stopped(Hit("乙", "投票", [])) == []


def test_cause_sourced_by_and_while_live() -> None:
    phase = Bare()
    use = Use(Action("甲", "龍膽", ()), Probe(), order=0, seat=0)
    harms.prevent(phase, harms.all_of(harms.while_live(use), harms.cause("援護"), harms.sourced_by("甲")),
                  lambda p, harm: f"曹氏宗族：防止援護對{harm.target}的致傷效果")
    assert phase.stopped(Hit("乙", "援護", ["甲"])) == ["曹氏宗族：防止援護對乙的致傷效果"]
    assert phase.stopped(Hit("乙", "刺殺", ["甲"])) == []
    use.state = UseState.VOID
    assert phase.stopped(Hit("乙", "援護", ["甲"])) == []


def test_lessen_takes_one_level_off_the_harms_it_names() -> None:
    phase = Bare()
    harms.lessen(phase, harms.to("乙"), "金槍不倒", what="當夜魏國君主和殺手")
    kill, other = Hit("乙", "刺殺", ["丙"], level=2), Hit("丙", "刺殺", ["乙"], level=2)
    for rule in phase.harm_modifiers:
        rule(phase, kill)
        rule(phase, other)
    assert (kill.level, kill.why) == (1, ["傷害減輕：金槍不倒"]) and other.level == 2


def test_the_sentences_say_what_each_does() -> None:
    phase = Bare()
    assert harms.no_wound(phase, harms.to("乙"), "r", what="本國角色").text() == "本國角色不會受傷"
    assert harms.no_death(phase, harms.to("乙"), "r", what="乙").text() == "乙不會死亡"
    assert harms.prevent(phase, harms.to("乙"), "r", what="丙當夜對本國角色造成").text() \
        == "防止丙當夜對本國角色造成的致傷或致死效果"
    assert harms.lessen(phase, harms.to("乙"), "r", what="當夜魏國君主和殺手").text() == "當夜魏國君主和殺手受到的傷害減輕"
