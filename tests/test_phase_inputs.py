"""The phase inputs each rule set declares (rules/interface.PhaseInput), read like the rules, and hosting's generic
helpers over a declaration (hosting/inputs.py).

Seed 001 (24人, R-SG12): a wounded player's 伤判 digit by day. Seed 003 (鼎立三分2.0): 「两名玩家需各自向法官提交一个
0-9的数字。南斗先设定两个数字之和若为奇数，为哪名角色胜利……再向玩家收取数字」「一名角色需要与多名角色拼点时，需要分别
提交拼点的数字」; three or more are ordered by a draw (「随机判定」), no digit."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from tianting.core.errors import IllegalAction
from tianting.hosting import inputs as phase_input
from tianting.rules import load as load_rules
from tianting.rules.interface import Owed, PhaseSpot, RuleSet


def _game(**players: str) -> Any:
    """A game whose players are ``id=status`` (``alive``, ``injured``, ``dead``)."""
    return SimpleNamespace(state=SimpleNamespace(players={
        pid: SimpleNamespace(id=pid, alive=status != "dead", injured=status == "injured")
        for pid, status in players.items()}))


def test_every_rule_set_satisfies_the_interface_with_its_phase_inputs() -> None:
    for name in ("kk33", "sg24", "dingli2"):
        assert isinstance(load_rules(name), RuleSet), name
    assert load_rules("kk33").phase_inputs(_game(甲="injured"), PhaseSpot("day", "open")) == []


@pytest.mark.parametrize("rules", ["sg24", "dingli2"])
def test_by_day_each_living_wounded_player_owes_one_shangpan_digit(rules: str) -> None:
    game = _game(甲="injured", 乙="alive", 丙="dead")
    [wound] = load_rules(rules).phase_inputs(game, PhaseSpot("day", "open"))
    assert wound.stage == "open" and wound.owed == (Owed("甲"),) and list(wound.values) == list(range(10))
    assert (wound.label, wound.reader.word, wound.reader.clause) == ("傷判數字", "傷判", True)
    assert phase_input.view_part(wound, {}, "甲") == {"wound_check": True, "digit": None}
    assert phase_input.view_part(wound, {"甲": 4}, "甲") == {"wound_check": True, "digit": 4}
    assert phase_input.view_part(wound, {}, "乙") == {}
    assert load_rules("sg24").phase_inputs(game, PhaseSpot("night", "draft")) == []


def _contest(a: str, b: str, owner: str | None = None) -> dict[str, Any]:
    return {"effect": "contest", "text": f"{a}、{b}", **({"owner": owner} if owner else {})}


def test_a_nights_draft_owes_a_digit_per_contest_of_two_numbered_in_ruling_order() -> None:
    rulings = [_contest("甲", "乙", "乙"), {"effect": "kill", "target": "丁"}, _contest("丙", "甲", "丙"),
               {"effect": "contest", "text": "甲、乙、丙"}]
    [contest] = load_rules("dingli2").phase_inputs(_game(), PhaseSpot("night", "draft", rulings))
    assert contest.stage == "draft" and contest.ruling == "contest"
    assert contest.owed == (Owed("甲", 1, "乙", 0), Owed("乙", 1, "甲", 0), Owed("丙", 1, "甲", 2),
                            Owed("甲", 2, "丙", 2))  # the three-way 拼點 is drawn: it owes nothing
    # while the night is open nothing is owed yet: 「南斗先设定……再向玩家收取数字」
    [early] = load_rules("dingli2").phase_inputs(_game(), PhaseSpot("night", "open", rulings))
    assert early.owed == ()


def test_a_digit_is_stored_where_the_game_script_reads_it() -> None:
    rulings = [_contest("甲", "乙", "乙"), _contest("丙", "甲", "丙")]
    [contest] = load_rules("dingli2").phase_inputs(_game(), PhaseSpot("night", "draft", rulings))
    mine = phase_input.owed_by(contest, "甲")
    spell = str
    assert phase_input.which(contest, mine, {"digit": 3}, spell, by_judge=False) is None  # two: say which
    second = phase_input.which(contest, mine, {"digit": 3, "contest": 2}, spell, by_judge=False)
    assert second == Owed("甲", 2, "丙", 1)
    assert phase_input.which(contest, mine, {"against": "乙"}, spell, by_judge=True) == Owed("甲", 1, "乙", 0)
    assert phase_input.which(contest, mine, {"against": "乙"}, spell, by_judge=False) is None  # a player names none
    stored: dict[str, Any] = {}
    phase_input.give(stored, second, 3)
    phase_input.give(stored, mine[0], 8)
    assert stored == {"甲": {"丙": 3, "乙": 8}}  # game-script.md: a night's digits, each player's by opponent
    assert phase_input.answered_ruling(contest, stored, 0) and not phase_input.answered_ruling(contest, {}, 0)
    assert phase_input.missing(contest, stored) == [("乙", "乙 尚未給出與 甲 拼點的數字"),
                                                    ("丙", "丙 尚未給出與 甲 拼點的數字")]
    assert phase_input.view_part(contest, stored, "甲") == {"contests": [{"number": 1, "digit": 8},
                                                                          {"number": 2, "digit": 3}]}
    day: dict[str, Any] = {"乙": 1}
    phase_input.give(day, Owed("甲"), 5)
    phase_input.give(day, Owed("乙"), 2)
    assert list(day.items()) == [("甲", 5), ("乙", 2)]  # by day {player: digit}, in the order of their latest


def test_a_contest_ruling_names_two_ids_and_who_wins_on_an_odd_sum_before_any_digit() -> None:
    ruleset = load_rules("dingli2")
    ruling = {"effect": "contest", "text": "甲，乙", "owner": "乙"}
    ruleset.prepare_ruling(ruling, str)
    assert ruling["text"] == "甲、乙"
    with pytest.raises(IllegalAction, match="南斗須先設定兩數之和為奇數時哪名玩家勝利"):
        ruleset.prepare_ruling({"effect": "contest", "text": "甲、乙"}, str)
    with pytest.raises(IllegalAction, match="不設奇偶"):
        ruleset.prepare_ruling({"effect": "contest", "text": "甲、乙、丙", "owner": "甲"}, str)
    assert ruleset.ruling_from_form("contest", {"contest_a": "甲", "contest_b": "乙", "odd": "b"}.get) == {
        "text": "甲、乙", "owner": "乙"}
    with pytest.raises(IllegalAction, match="請先設定兩數之和為奇數時哪名玩家勝利"):
        ruleset.ruling_from_form("contest", {"contest_a": "甲", "contest_b": "乙"}.get)
    assert ruleset.ruling_from_form("kill", {}.get) is None
