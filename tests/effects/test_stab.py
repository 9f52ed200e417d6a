"""刺殺 made 無效 (effects/stab.py) on a bare phase: the tests a rule composes, and its sentence.

Seed 000 (水淹七軍): 「使用後當夜，魏國殺手的【刺殺】無效」; (弓騎): 「指定一個ID，其當夜發動的【刺殺】無效」;
(深明大義): 「次夜所有針對本國角色的【刺殺】有一半概率失效」.
"""

from __future__ import annotations

from typing import Any

from tianting.core.records import Action
from tianting.core.rng import GameRandom
from tianting.core.skills import Skill, Source, Use, UseState
from tianting.core.state import GameState, Player, Status
from tianting.effects import stab as stabs


class Stab(Skill):
    name = "刺殺"
    source = Source.IDENTITY


class Bare:
    """The least an immunity needs of a phase: a state, a generator, a trace and its stab rules."""

    def __init__(self) -> None:
        players = {pid: Player(pid, i, "魏", "殺手", "某", skills=["不屈"]) for i, pid in enumerate("甲乙丙")}
        self.state = GameState("test", 1, GameRandom(1), players, index=2)
        self.rng = self.state.rng
        self.trace: list[str] = []
        self.stab_rules: list[Any] = []

    def note(self, text: str) -> None:
        self.trace.append(text)

    def reasons(self, stab: Use) -> list[str]:
        return [r for r in (rule(self, stab) for rule in self.stab_rules) if r]


def _stab(actor: str, target: str, order: int = 0) -> Use:
    return Use(Action(actor, "刺殺", (target,)), Stab(), order=order, seat=order)


def test_an_immunity_names_the_stabs_its_tests_name() -> None:
    phase = Bare()
    stabs.immune(phase, stabs.all_of(stabs.by("甲"), stabs.on("乙", "丙")), "甲 弓騎", what="甲當夜發動")
    assert phase.reasons(_stab("甲", "乙")) == ["甲 弓騎"]
    assert phase.reasons(_stab("甲", "丙")) == ["甲 弓騎"]
    assert phase.reasons(_stab("乙", "丙")) == []


def test_an_immunity_set_up_by_a_use_goes_when_the_use_is_voided() -> None:
    phase = Bare()
    shield = Use(Action("乙", "水淹七軍", ()), Stab(), order=1, seat=1)
    stabs.immune(phase, stabs.all_of(stabs.while_live(shield), stabs.on("乙")), "乙 水淹七軍")
    assert phase.reasons(_stab("甲", "乙")) == ["乙 水淹七軍"]
    shield.state = UseState.VOID
    assert phase.reasons(_stab("甲", "乙")) == []


def test_a_holder_test_stops_once_the_skill_is_lost_or_its_holder_out() -> None:
    phase = Bare()
    stabs.immune(phase, stabs.all_of(stabs.on("乙"), stabs.holder("乙", "不屈")), "乙 不屈")
    assert phase.reasons(_stab("甲", "乙")) == ["乙 不屈"]
    phase.state.player("乙").skills.remove("不屈")
    assert phase.reasons(_stab("甲", "乙")) == []
    phase.state.player("乙").skills.append("不屈")
    phase.state.player("乙").status = Status.OUT
    assert phase.reasons(_stab("甲", "乙")) == []


def test_a_reason_may_be_worded_from_the_stab() -> None:
    phase = Bare()
    stabs.immune(phase, stabs.by("甲"), lambda n, stab: f"甲 義釋：刺殺的目標為{stab.targets[0]}")
    assert phase.reasons(_stab("甲", "丙")) == ["甲 義釋：刺殺的目標為丙"]


def test_a_half_chance_draws_only_for_the_stabs_it_names_with_its_purpose() -> None:
    phase = Bare()
    phase.rng.force("深明大義失效判定 甲→乙", True)
    phase.rng.force("深明大義失效判定 丙→乙", False)
    stabs.half_immune(phase, stabs.on("乙"), lambda n, s: f"深明大義失效判定 {s.actor}→{s.targets[0]}",
                      "丁 深明大義（一半概率失效）", what="針對本國角色",
                      kept=lambda n, s: f"{s.actor} 的刺殺對 {s.targets[0]}：深明大義判定仍有效")
    assert phase.reasons(_stab("甲", "丙")) == [] and phase.rng.draws == []  # not named: no draw
    assert phase.reasons(_stab("甲", "乙")) == ["丁 深明大義（一半概率失效）"]
    assert phase.reasons(_stab("丙", "乙")) == []
    assert [d.purpose for d in phase.rng.draws] == ["深明大義失效判定 甲→乙", "深明大義失效判定 丙→乙"]
    assert phase.trace == ["丙 的刺殺對 乙：深明大義判定仍有效"]


def test_the_sentences_say_what_the_immunity_does() -> None:
    phase = Bare()
    assert stabs.immune(phase, stabs.by("甲"), "r", what="魏國殺手").text() == "魏國殺手的【刺殺】無效"
    assert stabs.half_immune(phase, stabs.on("乙"), lambda n, s: "p", "r", what="針對本國角色").text() \
        == "針對本國角色的【刺殺】有一半概率失效"
