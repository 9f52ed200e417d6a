"""Issue 27 item 4: 「`verify` does not check the `deadline` of the publish that ends a game (any value passes)」;
`verify` checks every field of every event. A whole hosted game played by bots (it ends with a publish) is
exported; a field of an event that the fold used to ignore is doctored, and the export no longer verifies."""

from __future__ import annotations

import copy
import functools
from typing import Any

import pytest

from tests.hosting.test_hosted_full_games import play_hosted
from tianting.hosting import events as ev
from tianting.hosting.verify import verify_export


@functools.cache
def _export() -> dict[str, Any]:
    game = play_hosted(1)
    export = game.export()
    assert game.over and export["events"][-1]["kind"] == ev.PUBLISH  # the game ends by its last publish
    assert verify_export(export).ok
    return export


def _doctored(index: int, key: str, value: Any) -> dict[str, Any]:
    export = copy.deepcopy(_export())
    export["events"][index]["payload"][key] = value
    return export


def _first(kind: str, actor_is_player: bool = True) -> int:
    return next(i for i, e in enumerate(_export()["events"]) if e["kind"] == kind
                and (e["actor"] not in (ev.JUDGE, ev.SYSTEM)) == actor_is_player)


@pytest.mark.parametrize("value", [5, True, [], {}, "垃圾", "明天晚上", ["2026-12-30T00:00:00+00:00"]])
def test_the_deadline_of_the_publish_that_ends_the_game_is_checked(value):
    """The last publish opens no phase, so its deadline was never read: now it is a time or nothing, as every
    publish's is; anything else fails the check that every input was allowed, naming the event."""
    last = len(_export()["events"]) - 1
    verdict = verify_export(_doctored(last, "deadline", value))
    assert not verdict.ok
    assert any(f"events[{last}]" in f and "時限格式錯誤" in f for f in verdict.failures), verdict.failures


@pytest.mark.parametrize("value", [5, [], {}, "垃圾"])
def test_a_publish_deadline_that_is_no_time_is_refused_where_a_phase_follows(value):
    """A publish that opens a phase: a deadline of the wrong type used to be stored and crash the next
    submission's time check (a traceback from verify); now the publish itself is refused."""
    first = _first(ev.PUBLISH, actor_is_player=False)
    verdict = verify_export(_doctored(first, "deadline", value))
    assert not verdict.ok and any(f"events[{first}]" in f for f in verdict.failures), verdict.failures


@pytest.mark.parametrize("kind", [ev.CHOOSE, ev.SUBMIT, ev.VOTE])
@pytest.mark.parametrize(("key", "value"), [("player", "垃圾"), ("player", 5), ("player", []), ("via", "message"),
                                            ("via", {})])
def test_a_players_own_event_names_no_other_player_and_no_via(kind, key, value):
    """A player's own choice, submission or vote is stored without ``player`` or ``via`` (those are the judge's,
    entering a private message for a player): a doctored one was ignored by the replay and passed; now refused."""
    i = _first(kind)
    verdict = verify_export(_doctored(i, key, value))
    assert not verdict.ok and any(f"events[{i}]" in f for f in verdict.failures), verdict.failures


def test_a_players_own_event_naming_themself_still_verifies():
    """``player`` equal to the actor says nothing new: it is accepted (an export written so keeps verifying)."""
    i = _first(ev.SUBMIT)
    assert verify_export(_doctored(i, "player", _export()["events"][i]["actor"])).ok
