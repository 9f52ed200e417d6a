"""A vote the judge voided is marked on the published 票面, with the ruling's public reason (its ``text``); the
ruling's ``why`` stays the judges' (issue 29, 6; R-JUI1). Every rule set: KK 3.3 and 鼎立三分2.0 post the ballot
(「票面公開」, 「只公布原始票面情况」) and mark the vote on it; the 24人 rules post no ballot, so the post names the
voter and never whom he voted for."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.hosting import random_hosted
from tests.hosting.test_hosted_game import Table
from tianting.hosting import events as ev
from tianting.hosting.game import HostedGame
from tianting.hosting.verify import verify_export
from tianting.hosting.views import public_view

PUBLIC = "代投無效"
PRIVATE = "私下查證：此人的帳號被他人代用"


def _add(game: HostedGame, kind: str, actor: str, payload: dict[str, Any]) -> None:
    random_hosted.add(game, kind, actor, payload, game.events[-1].at)  # the game's own clock: before any deadline


def _day(rules: str) -> HostedGame:
    """A game of ``rules`` at its first day, every night action none, night 1 published."""
    if rules == "kk33":
        table = Table(1).start()
        game = table.game
    else:
        ids = [f"P{i:02d}" for i in range(1, 27 if rules == "dingli2" else 25)]
        game = random_hosted.created(rules, ids, 5, "票面")
        _add(game, ev.START, ev.JUDGE, {})
    for pid in game.participants():
        _add(game, ev.SUBMIT, pid, {"actions": []})
    if game.stage == "open":
        _add(game, ev.RESOLVE, ev.JUDGE, {"why": "judge"})
    _add(game, ev.PUBLISH, ev.JUDGE, {"deadline": None})
    return game


def _voted(rules: str) -> tuple[HostedGame, str, str]:
    """The first day with every vote in (all for one id), drafted; (game, a voter, whom he voted for)."""
    game = _day(rules)
    voters = game.participants()
    target = voters[-1]
    for pid in voters:
        _add(game, ev.VOTE, pid, {"target": target if pid != target else voters[0]})
    if game.stage == "open":
        _add(game, ev.RESOLVE, ev.JUDGE, {"why": "judge"})
    return game, voters[0], target


def _void(game: HostedGame, voter: str, text: str | None) -> dict[str, Any]:
    ruling: dict[str, Any] = {"effect": "void", "voter": voter, "why": PRIVATE}
    if text is not None:
        ruling["text"] = text
    _add(game, ev.RULE, ev.JUDGE, {"ruling": ruling})
    assert game.current is not None and game.current.draft is not None
    return game.current.draft["announcement"]


def _line(text: str, voter: str) -> str:
    [line] = [line for line in text.splitlines() if line.startswith(voter + " ")]
    return line


@pytest.mark.parametrize(("rules", "mark"), [("kk33", "天庭裁定此票無效"), ("dingli2", "天庭裁定此票无效")])
def test_a_voided_vote_is_marked_on_the_posted_ballot_with_its_public_reason(rules, mark):
    game, voter, target = _voted(rules)
    assert _line(game.current.draft["announcement"]["text"], voter) == f"{voter} → {target}"  # before the ruling
    announcement = _void(game, voter, PUBLIC)
    assert _line(announcement["text"], voter) == f"{voter} → {target}（{mark}：{PUBLIC}）"
    assert announcement["void_votes"] == {voter: PUBLIC}
    _add(game, ev.PUBLISH, ev.JUDGE, {"deadline": None})
    posted = json.dumps(public_view(game), ensure_ascii=False)
    assert f"{voter} → {target}（{mark}：{PUBLIC}）" in posted
    assert PRIVATE not in posted  # the judge's own reason is not posted
    _add(game, ev.PEACE, ev.JUDGE, {"judge": True})
    assert verify_export(game.export()).failures == []


@pytest.mark.parametrize(("rules", "mark"), [("kk33", "天庭裁定此票無效"), ("dingli2", "天庭裁定此票无效")])
def test_without_a_public_reason_the_mark_alone(rules, mark):
    game, voter, target = _voted(rules)
    announcement = _void(game, voter, None)
    assert _line(announcement["text"], voter) == f"{voter} → {target}（{mark}）"
    assert PRIVATE not in json.dumps(announcement, ensure_ascii=False)


def test_the_24_rules_name_the_voter_and_never_his_target():
    """Seed 001 posts no ballot (who voted whom stays the judges'): the post says whose vote did not count."""
    game, voter, target = _voted("sg24")
    before = game.current.draft["announcement"]["text"]
    assert voter not in before
    announcement = _void(game, voter, "投票时已被禁言")
    lines = [line for line in announcement["text"].splitlines() if voter in line]
    assert lines == [f"{voter} 的投票（天庭裁定此票无效：投票时已被禁言）"]
    _add(game, ev.PUBLISH, ev.JUDGE, {"deadline": None})
    posted = public_view(game)["announcements"][-1]
    assert "votes" not in posted and PRIVATE not in json.dumps(posted, ensure_ascii=False)
    assert posted["void_votes"] == {voter: "投票时已被禁言"}
