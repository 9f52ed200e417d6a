"""The ``message`` event (issue 32): a player's private message as the QQ bridge received it, kept in the log
so the 復盤 shows it; it changes nothing in the game, is kept once per message id, and `verify` replays it."""

from __future__ import annotations

import copy

import pytest

from tests.hosting.test_hosted_game import Table
from tests.hosting.test_verify import _add, finished_game
from tianting.hosting import events as ev
from tianting.hosting.events import Event
from tianting.hosting.game import HostedGame, Refused
from tianting.hosting.verify import verify_export


def test_a_message_is_kept_as_received_and_changes_nothing():
    t = Table().start()
    pid = t.game.ids[0]
    t.add(ev.MESSAGE, pid, {"text": "今晚明察 玩家02", "via": "qq", "message_id": "17"})
    assert t.game.messages == [{"seq": t.game.seq, "at": t.events[-1].at, "player": pid, "text": "今晚明察 玩家02",
                                "message_id": "17", "phase": 0}]
    assert t.game.current.submissions == {}


def test_the_same_message_id_twice_is_refused_and_nothing_is_kept():
    t = Table().start()
    pid = t.game.ids[0]
    t.add(ev.MESSAGE, pid, {"text": "明察 玩家02", "via": "qq", "message_id": "17"})
    with pytest.raises(Refused, match="已經收到"):
        t.add(ev.MESSAGE, pid, {"text": "明察 玩家02", "via": "qq", "message_id": "17"})
    assert len(t.game.messages) == 1


@pytest.mark.parametrize(("actor", "payload", "status"), [
    (ev.JUDGE, {"text": "x", "via": "qq", "message_id": "1"}, 403),   # a player's message only
    ("玩家01", {"text": " ", "via": "qq", "message_id": "1"}, 422),
    ("玩家01", {"text": "x", "via": "forum", "message_id": "1"}, 422),
    ("玩家01", {"text": "x", "via": "qq"}, 422),
    ("玩家01", {"text": "x" * 2001, "via": "qq", "message_id": "1"}, 413),
])
def test_a_message_event_not_as_the_bridge_makes_it_is_refused(actor, payload, status):
    t = Table().start()
    with pytest.raises(Refused) as refused:
        t.add(ev.MESSAGE, actor, payload)
    assert refused.value.status == status and t.game.messages == []


def test_verify_replays_an_export_that_carries_messages():
    game = finished_game()
    events = [copy.deepcopy(e) for e in game.events]
    start = next(i for i, e in enumerate(events) if e.kind == ev.START)
    replayed = HostedGame()
    for event in events[:start + 1]:
        replayed.apply(event)
    player = replayed.ids[0]
    _add(replayed, ev.MESSAGE, player, {"text": "今晚不行動", "via": "qq", "message_id": "abc"})
    for event in events[start + 1:]:
        replayed.apply(Event(replayed.seq + 1, event.kind, event.actor, event.payload, event.at))
    export = replayed.export()
    assert "message" in [e["kind"] for e in export["events"]]
    verdict = verify_export(export)
    assert verdict.ok, verdict.failures
