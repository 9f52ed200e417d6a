"""A hosted game created before draw orders had a name keeps its past after the upgrade (issue 27, item 2).

「A hosted game already under way must not change its past」: a game's creation event names the draw order it was
created under (``draw_order``, hosting/draw_order.py); one that names none was created before and goes on in the
order its lists were written (``listed``), so its published phases replay the same and its export still verifies.

The fixtures are real exports made by the code at 4b914e9 (before this change), gzipped: whole hosted games,
played by the test bots with the ids in reverse order (so that the order of the lists differs from id order):
- ``kk33-export-before-draw-order.json.gz``: ``tests.hosting.test_hosted_full_games``'s game for seed 4 (19 phases);
- ``sg24-export-before-draw-order.json.gz``: ``tests.hosting.test_hosted_sg24``'s bots, seed 4 (20 phases).
Both were made with ``random_hosted.created`` and ``play_out`` of that tree, then ``export(reveal=True)``.
"""

from __future__ import annotations

import copy
import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from tianting.hosting import events as ev
from tianting.hosting.events import Event
from tianting.hosting.game import HostedGame
from tianting.hosting.verify import verify_export
from tianting.script import run_script

DATA = Path(__file__).resolve().parents[1] / "data"
FIXTURES = ("kk33-export-before-draw-order.json.gz", "sg24-export-before-draw-order.json.gz")


def _export(name: str) -> dict[str, Any]:
    return json.loads(gzip.decompress((DATA / name).read_bytes()).decode("utf-8"))  # type: ignore[no-any-return]


def _folded(export: dict[str, Any]) -> HostedGame:
    game = HostedGame()
    for raw in export["events"]:
        game.apply(Event.from_json(raw))
    return game


@pytest.mark.parametrize("name", FIXTURES)
def test_an_export_made_before_the_draw_order_still_verifies(name: str) -> None:
    export = _export(name)
    assert "draw_order" not in export["events"][0]["payload"]  # as made before the field
    assert export["over"] is True
    verdict = verify_export(copy.deepcopy(export))
    assert verdict.ok, verdict.failures
    assert any("script.draw_order" in note for note in verdict.notes)  # says what it did not compare


@pytest.mark.parametrize("name", FIXTURES)
def test_a_game_created_before_replays_in_the_order_its_lists_were_written(name: str) -> None:
    export = _export(name)
    game = _folded(export)
    script = game.script()
    assert script["draw_order"] == "listed"
    assert [p["id"] for p in script["players"]] != sorted(p["id"] for p in script["players"])  # not id order
    replayed = run_script(script, lenient=True)
    published = [phase.draft for _, phase in game.published()]
    assert replayed["phases"] == published == export["transcript"]["phases"]
    # The same inputs in the canonical order deal other outcomes: the recorded order is what keeps the past.
    canonical = dict(script)
    del canonical["draw_order"]
    try:
        other = run_script(canonical, lenient=True)["phases"]
    except Exception:  # noqa: BLE001 — ended earlier in the other order: another game, which is the point
        other = None
    assert other != published


def _created(ids: list[str], **extra: Any) -> HostedGame:
    from tests.hosting import random_hosted

    game = random_hosted.created("kk33", ids, 7, "次序")
    payload = {**game.events[0].payload, **extra}
    return HostedGame.fold([Event(1, ev.CREATED, ev.JUDGE, payload, game.events[0].at)])


IDS = [f"玩家{i:02d}" for i in range(1, 23)]


def test_a_game_that_names_no_draw_order_was_created_before_and_plays_as_listed() -> None:
    assert _created(IDS).script()["draw_order"] == "listed"


def test_a_canonical_game_deals_the_same_seats_however_the_ids_were_listed() -> None:
    """The seats are dealt to the ids in id order: the same ids and seed give each id the same seat."""
    forward = _created(IDS, draw_order="canonical")
    backward = _created(IDS[::-1], draw_order="canonical")
    assert "draw_order" not in forward.script()  # the script's default
    assert [p["id"] for p in backward.setup["players"]] == IDS[::-1]  # the list as given
    seat = {p["id"]: (p["country"], p["identity"]) for p in forward.setup["players"]}
    assert {p["id"]: (p["country"], p["identity"]) for p in backward.setup["players"]} == seat
    # listed (an older game): dealt in the list's order, as it was
    old_forward, old_backward = _created(IDS), _created(IDS[::-1])
    assert [(p["country"], p["identity"]) for p in old_forward.setup["players"]] == \
        [(p["country"], p["identity"]) for p in old_backward.setup["players"]]


def test_an_unknown_draw_order_is_refused_at_creation() -> None:
    with pytest.raises(Exception, match="draw_order"):
        _created(IDS, draw_order="by-seat")


def test_a_new_hosted_game_numbers_each_use_by_its_submission_and_verifies() -> None:
    """A game created now (canonical) resolves its actions by actor, skill and targets, yet the judges' table of
    what came of each use (``Phase.uses``) still names each by its place among the phase's submissions, the row
    being that submission's, and the export verifies with nothing left uncompared."""
    from tests.hosting.test_hosted_full_games import IDS as FULL_IDS
    from tests.hosting.test_hosted_full_games import play_hosted
    from tianting.hosting.game import taken_actions

    game = play_hosted(3, FULL_IDS[::-1], "canonical")
    script = game.script()
    assert "draw_order" not in script
    rows = 0
    for index, phase in game.published():
        sent = script["phases"][index].get("actions") or []
        assert phase.uses is not None
        assert [u["action"] for u in phase.uses] == taken_actions(index, len(sent), phase.draft["rejected"])
        for use in phase.uses:
            assert (use["actor"], use["skill"]) == (sent[use["action"]]["actor"], sent[use["action"]]["skill"])
            rows += 1
    assert rows > 20
    verdict = verify_export(json.loads(json.dumps(game.export(reveal=True))))
    assert verdict.ok, verdict.failures
    assert verdict.notes == []
