"""A hosted 鼎立三分2.0 game in the fold (pure): the 拼點 the 南斗 sets on a night's draft and its digits, and the
last words asked only of those who may leave them (seed 003, rulings RJ1, RJ3)."""

from __future__ import annotations

import itertools

from tianting.hosting import events as ev
from tianting.hosting import judges
from tianting.hosting.events import Event
from tianting.hosting.fairness import commitment
from tianting.hosting.game import HostedGame, _night_dead
from tianting.hosting.verify import verify_export

IDS = [f"D{i:02d}" for i in range(1, 27)]
BEIDOU, NANDOU, CAIPAN = (judges.actor(s) for s in judges.SEATS)


def _add(game: HostedGame, kind: str, actor: str, payload: dict) -> None:
    game.apply(Event(game.seq + 1, kind, actor, payload, "2026-12-01T00:00:00+00:00"))


def drafted(seed: int = 5) -> HostedGame:
    """Night 1 of a three-judge dingli2 game, everyone 本夜不行動, resolved by the 北斗."""
    game = HostedGame()
    _add(game, ev.CREATED, ev.JUDGE, {"rules": "dingli2", "ids": IDS, "title": "鼎立", "seed": seed, "salt": "ab",
                                      "commitment": commitment(seed, "ab"), "judges": 3})
    _add(game, ev.START, BEIDOU, {})
    for pid in IDS:
        _add(game, ev.SUBMIT, pid, {"actions": []})
    _add(game, ev.RESOLVE, BEIDOU, {"why": "judge"})
    return game


def test_the_contest_outcome_does_not_depend_on_who_gave_a_digit_first() -> None:
    """「两名玩家需各自向法官提交一个0-9的数字」: the same digits give the same record whatever their order."""
    records = []
    for first, second in itertools.permutations(("D01", "D02")):
        game = drafted()
        _add(game, ev.RULE, NANDOU, {"ruling": {"effect": "contest", "text": "D02、D01", "owner": "D01"}})
        digits = {"D01": 5, "D02": 2}
        for pid in (first, second):
            _add(game, ev.DIGIT, pid, {"digit": digits[pid]})
        records.append(game.current.draft["announcement"]["contests"])
    assert records[0] == records[1] == [{"players": ["D01", "D02"], "odd_wins": "D01", "even_wins": "D02",
                                         "digits": {"D01": 5, "D02": 2}, "drawn": [], "winner": "D01",
                                         "order": ["D01", "D02"]}]


def test_a_player_in_two_contests_gives_a_digit_for_each_and_a_missing_one_is_drawn() -> None:
    """「一名角色需要与多名角色拼点时，需要分别提交拼点的数字。」 A digit not given is drawn (recorded in ``drawn``)."""
    game = drafted()
    _add(game, ev.RULE, NANDOU, {"ruling": {"effect": "contest", "text": "D01、D02", "owner": "D02"}})
    _add(game, ev.RULE, BEIDOU, {"ruling": {"effect": "contest", "text": "D03、D01", "owner": "D03"}})
    assert game.contests_of("D01") == [(1, "D02"), (2, "D03")]
    _add(game, ev.DIGIT, "D01", {"digit": 1, "contest": 1})
    _add(game, ev.DIGIT, "D01", {"digit": 8, "contest": 2})
    _add(game, ev.DIGIT, "D02", {"digit": 2})
    assert game.player_view("D01")["open"]["contests"] == [{"number": 1, "digit": 1}, {"number": 2, "digit": 8}]
    first, second = game.current.draft["announcement"]["contests"]
    assert first["digits"] == {"D01": 1, "D02": 2} and first["winner"] == "D02" and first["drawn"] == []
    assert second["digits"]["D01"] == 8 and second["drawn"] == ["D03"]
    assert any(d["purpose"] == "拼点数字 D03对D01" for d in game.current.draft["draws"])
    _add(game, ev.PUBLISH, BEIDOU, {})
    _add(game, ev.PEACE, BEIDOU, {"judge": True})
    assert game.over and verify_export(game.export()).failures == []


def test_the_silent_dead_are_not_asked_for_last_words() -> None:
    """「自杀、自然死亡、伤判死亡的人不计入公告的死亡数字，也无遗言发布。」"""
    assert _night_dead({"died": ["A", "B", "C"], "silent": ["B"]}) == ["A", "C"]
    assert _night_dead({"exited": ["A"]}) == ["A"]
