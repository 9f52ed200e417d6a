"""Three judges in the fold (hosting/judges.py): seed 003's 北斗 (反饋、公告、死傷、遺言；規則解釋), 南斗 (投票統計、
判定、復盤) and 裁判 (取消違紀玩家資格、制裁命數、受理投訴). Each judge's event names its seat (the audit trail) and
is refused when the power is not theirs; the replay and ``tianting verify`` apply the same check."""

from __future__ import annotations

import copy

import pytest

from tianting.hosting import events as ev
from tianting.hosting import judges
from tianting.hosting.events import Event
from tianting.hosting.fairness import commitment
from tianting.hosting.game import HostedGame, Refused
from tianting.hosting.verify import verify_export

IDS = [f"P{i:02d}" for i in range(1, 23)]
BEIDOU, NANDOU, CAIPAN = (judges.actor(s) for s in judges.SEATS)


def _add(game: HostedGame, kind: str, actor: str, payload: dict) -> None:
    game.apply(Event(game.seq + 1, kind, actor, payload, "2026-12-01T00:00:00+00:00"))


def started(team: bool = True, seed: int = 20261201, salt: str = "5a17") -> HostedGame:
    game = HostedGame()
    created = {"rules": "kk33", "ids": IDS, "title": "三天庭", "seed": seed, "salt": salt,
               "commitment": commitment(seed, salt)}
    if team:
        created["judges"] = 3
    _add(game, ev.CREATED, ev.JUDGE, created)
    for seat in game.setup["players"]:
        taken = game._taken_bases()
        character = next(c for c in sorted(seat["choices"], key=lambda c: c == "甘寧")
                         if game._roster().characters[c].base not in taken)
        _add(game, ev.CHOOSE, seat["id"], {"character": character})
    _add(game, ev.START, BEIDOU if team else ev.JUDGE, {})
    return game


def refused(game: HostedGame, kind: str, actor: str, payload: dict, words: str = "") -> None:
    before = copy.deepcopy(game.export())
    with pytest.raises(Refused) as caught:
        _add(game, kind, actor, payload)
    assert caught.value.status == 403 and words in caught.value.message
    assert game.export() == before  # nothing changed


def test_a_one_judge_game_refuses_the_seats_and_a_team_game_refuses_a_power_not_theirs():
    single = started(team=False)
    refused(single, ev.NOTE, CAIPAN, {"text": "x"}, "只有一位天庭")
    game = started()
    assert game.events[-1].actor == BEIDOU  # the audit: who started it
    refused(game, ev.NOTE, ev.JUDGE, {"text": "x"}, "三位天庭")  # an act naming no seat: refused, never all powers
    refused(game, ev.RESOLVE, NANDOU, {"phase": 0, "why": "judge"}, "結算夜晚屬於北斗")
    refused(game, ev.DEADLINE, CAIPAN, {"deadline": None}, "北斗")
    refused(game, ev.VOTE, BEIDOU, {"player": IDS[0], "target": IDS[1]}, "南斗")
    _add(game, ev.RESOLVE, BEIDOU, {"phase": 0, "why": "judge"})
    refused(game, ev.PUBLISH, NANDOU, {}, "北斗")
    refused(game, ev.RULE, NANDOU, {"ruling": {"effect": "kill", "target": IDS[0]}}, "南斗不能作出裁定")
    refused(game, ev.RULE, CAIPAN, {"ruling": {"effect": "void", "action": 0}}, "裁判只能")
    _add(game, ev.RULE, CAIPAN, {"ruling": {"effect": "kill", "target": IDS[4], "text": "取消資格"}})
    refused(game, ev.RULE, BEIDOU, {"remove": 0}, "這條裁定是裁判作出的")
    assert judges.ruling_authors(game) == [CAIPAN]
    _add(game, ev.PUBLISH, BEIDOU, {})
    assert judges.ruling_authors(game) == []  # a new phase: no rulings yet
    assert game.base.state.players[IDS[4]].alive is False
    with pytest.raises(Refused):  # a created event with a seat, or a team of two
        HostedGame.fold([Event(1, ev.CREATED, CAIPAN, {})])
    bad = HostedGame()
    with pytest.raises(Refused, match="天庭人數"):
        _add(bad, ev.CREATED, ev.JUDGE, {"rules": "kk33", "ids": IDS, "title": "x", "seed": 1, "salt": "a",
                                         "commitment": commitment(1, "a"), "judges": 2})


def test_a_three_judge_game_replays_and_verifies_with_its_audit_trail():
    """The 裁判's disqualification is a ruling the engine applies, so the replay checks it like any input."""
    game = started()
    _add(game, ev.NOTE, NANDOU, {"text": "南斗：首夜無拼點"})
    _add(game, ev.RESOLVE, BEIDOU, {"phase": 0, "why": "judge"})
    _add(game, ev.RULE, CAIPAN, {"ruling": {"effect": "kill", "target": IDS[7], "text": "違紀", "why": "洩漏反饋"}})
    _add(game, ev.PUBLISH, BEIDOU, {})
    _add(game, ev.PEACE, BEIDOU, {"judge": True})
    assert game.over
    export = game.export()
    verdict = verify_export(export)
    assert verdict.ok, verdict.failures
    trail = judges.audit([Event.from_json(e) for e in export["events"]])
    assert [(a["who"], a["kind"]) for a in trail] == [("北斗", "start"), ("南斗", "note"), ("北斗", "resolve"),
                                                      ("裁判", "rule"), ("北斗", "publish"), ("北斗", "peace")]
    # a forged export where the 南斗 published is caught by the replay
    forged = copy.deepcopy(export)
    publish = next(e for e in forged["events"] if e["kind"] == "publish")
    publish["actor"] = NANDOU
    assert not verify_export(forged).ok
