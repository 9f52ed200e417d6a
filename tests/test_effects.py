"""The effect primitives (core/effects.py) on a bare phase: no rule set involved."""

from __future__ import annotations

from typing import Any

from tianting.core import effects
from tianting.core.records import Action
from tianting.core.rng import GameRandom
from tianting.core.skills import Skill, Source, Use, UseState
from tianting.core.state import GameState, Player, Status


class Bare:
    """The least a phase needs for the primitives: a state, feedback, a trace."""

    def __init__(self) -> None:
        players = {pid: Player(pid, i, "魏", "平民", "某") for i, pid in enumerate(("甲", "乙"))}
        self.state = GameState("test", 1, GameRandom(1), players, index=2)
        self.feedback: dict[str, list[Any]] = {}
        self.trace: list[str] = []
        self.injured: list[str] = []
        self.protected: dict[str, str] = {}

    def note(self, text: str) -> None:
        self.trace.append(text)

    def tell(self, pid: str, item: Any) -> None:
        self.feedback.setdefault(pid, []).append(item)


class Probe(Skill):
    name = "探查"
    source = Source.CHARACTER


def test_void_only_a_live_use_and_says_why():
    phase = Bare()
    use = Use(Action("甲", "探查", ("乙",)), Probe(), order=0, seat=0)
    assert effects.void(phase, use, "天庭裁定") is True and use.state is UseState.VOID
    assert effects.void(phase, use, "again") is False
    assert phase.trace == ["甲 的【探查】失效：天庭裁定"]


def test_wound_heal_protect_tell_mark_recognise():
    phase = Bare()
    effects.wound(phase, "乙", "（試）")
    assert phase.state.players["乙"].status is Status.INJURED and phase.state.players["乙"].wounded_at == 2
    assert phase.injured == ["乙"]
    assert effects.heal(phase, "乙", "脫離受傷狀態") is True and phase.injured == []
    assert effects.heal(phase, "乙", "again") is False
    effects.protect(phase, "甲", "豁免")
    assert effects.protected_from(phase, "甲") == "豁免" and effects.protected_from(phase, "乙") is None
    effects.tell(phase, "甲", "一句話")
    assert phase.feedback["甲"][0].as_json() == {"skill": "天庭", "data": {}, "text": "一句話"}
    assert effects.mark(phase, "乙", "黃巾軍") == 1 and effects.mark(phase, "乙", "黃巾軍", 2) == 3
    effects.recognise(phase, "甲", "乙", "招賢納才", lambda other, character: f"{other}是{character}")
    assert phase.state.players["甲"].known == {"乙": "某"}
    assert phase.feedback["乙"][0].text == "甲是某"
