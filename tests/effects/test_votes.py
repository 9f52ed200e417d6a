"""Votes (effects/votes.py) on a bare day: void votes, a vote's weight, the tally's additions and reductions.

Seed 000 (緘默): 「次日其投票無效」; (無冕之後): 「次日針對你的投票無效」; (放權): 「次日其投票視為三票，你的投票無效」;
(剛烈): 「投票給你的人得票數+1」; (天佑): 「你的得票數-3（最少為0）」.
"""

from __future__ import annotations

from typing import Any

from tianting.effects import votes


class Day:
    """The least a day is to the vote effects: its rules, the votes counted, a trace."""

    def __init__(self, counted: dict[str, str]) -> None:
        self.counted = counted
        self.vote_rules: list[Any] = []
        self.weight_rules: list[Any] = []
        self.tally_rules: list[Any] = []
        self.tally_reductions: list[Any] = []
        self.trace: list[str] = []

    def note(self, text: str) -> None:
        self.trace.append(text)

    def void_reasons(self, voter: str, target: str) -> list[str]:
        return [r for r in (rule(self, voter, target) for rule in self.vote_rules) if r]

    def tally(self) -> dict[str, int]:
        tally: dict[str, int] = {}
        for voter, target in self.counted.items():
            if not self.void_reasons(voter, target):
                n = next((w for w in (rule(self, voter) for rule in self.weight_rules) if w is not None), 1)
                tally[target] = tally.get(target, 0) + n
        for rule in self.tally_rules + self.tally_reductions:
            rule(self, tally)
        return tally


def test_void_by_voter_against_target_and_every_vote() -> None:
    day = Day({"甲": "乙", "乙": "丙", "丙": "乙"})
    votes.void(day, votes.cast_by("甲"), "丁 緘默", what="次日甲")
    votes.void(day, votes.all_of(votes.against("丙"), votes.cast_by("乙")), lambda d, v, t: f"{v}→{t} 無效")
    assert day.void_reasons("甲", "乙") == ["丁 緘默"]
    assert day.void_reasons("乙", "丙") == ["乙→丙 無效"]
    assert day.void_reasons("丙", "乙") == []
    assert day.tally() == {"乙": 1}
    votes.void(day, votes.EVERY, "舌戰群儒")
    assert day.tally() == {}


def test_weight_counts_a_vote_n_times() -> None:
    day = Day({"甲": "乙", "乙": "丙"})
    votes.weight(day, "甲", 3)
    assert day.tally() == {"乙": 3, "丙": 1}


def test_add_then_subtract_never_below_zero_each_with_its_line() -> None:
    day = Day({"甲": "乙", "丙": "乙", "乙": "甲"})
    votes.add(day, lambda d: [(v, 1, f"{v} 剛烈+1") for v, t in d.counted.items() if t == "乙"], what="投票給你的人")
    votes.subtract(day, lambda d, tally: [("乙", 3)] if "乙" in tally else [],
                   lambda pid, before, after: f"{pid} 天佑：得票數-3（{before}→{after}）")
    assert day.tally() == {"乙": 0, "甲": 2, "丙": 1}
    assert day.trace == ["甲 剛烈+1", "丙 剛烈+1", "乙 天佑：得票數-3（2→0）"]


def test_the_sentences_say_what_each_does() -> None:
    day = Day({})
    assert votes.void(day, votes.against("乙"), "r", what="次日針對你").text() == "次日針對你的投票無效"
    assert votes.weight(day, "乙", 3).text() == "乙的投票視為三票"
    assert votes.add(day, lambda d: [], what="投票給你的人").text() == "投票給你的人得票數增加"
    assert votes.subtract(day, lambda d, t: [], lambda p, b, a: "", what="你的").text() == "你的得票數減少（最少為0）"
