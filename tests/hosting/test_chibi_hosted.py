"""A hosted game that includes 『角色技能·赤壁之戰』 (the created event's ``chibi``, ruling R29): its
choices, its replay, and ``tianting verify`` catching a flag taken out of the export."""

from __future__ import annotations

import copy

import pytest

from tianting.hosting import events as ev
from tianting.hosting.events import Event
from tianting.hosting.fairness import commitment
from tianting.hosting.game import HostedGame, Refused
from tianting.hosting.verify import verify_export

IDS = [f"P{i:02d}" for i in range(1, 23)]
AT = "2026-11-29T00:00:00+00:00"


def _add(game: HostedGame, kind: str, actor: str, payload: dict) -> None:
    game.apply(Event(game.seq + 1, kind, actor, payload, AT))


def _created(**extra) -> dict:
    return {"rules": "kk33", "ids": IDS, "title": "赤壁局", "seed": 7, "salt": "ab",
            "commitment": commitment(7, "ab"), **extra}


def chibi_game() -> HostedGame:
    """蔣干, 赤壁·諸葛亮 and 赤壁·魯肅 chosen; started; ended by the judge's 議和."""
    game = HostedGame()
    _add(game, ev.CREATED, ev.JUDGE, _created(chibi=True))
    wanted = {"蔣干", "赤壁·諸葛亮", "赤壁·魯肅"}
    for seat in game.setup["players"]:
        taken = game._taken_bases()
        free = [c for c in seat["choices"] if game._roster().characters[c].base not in taken and c != "甘寧"]
        character = next((c for c in free if c in wanted), free[0])
        _add(game, ev.CHOOSE, seat["id"], {"character": character})
    assert wanted <= set(game.characters.values())
    _add(game, ev.START, ev.JUDGE, {})
    _add(game, ev.RESOLVE, ev.JUDGE, {"phase": 0})
    _add(game, ev.PUBLISH, ev.JUDGE, {})
    _add(game, ev.PEACE, ev.JUDGE, {"judge": True})
    return game


def test_a_chibi_game_offers_the_forms_replays_and_verifies():
    game = chibi_game()
    assert game.meta["chibi"] is True
    again = HostedGame.fold([copy.deepcopy(e) for e in game.events])
    assert again.characters == game.characters
    verdict = verify_export(game.export())
    assert verdict.ok, verdict.failures


def test_verify_catches_the_chibi_flag_taken_out():
    export = chibi_game().export()
    del export["events"][0]["payload"]["chibi"]
    verdict = verify_export(export)
    assert not verdict.ok


def test_without_the_flag_the_forms_are_not_offered():
    game = HostedGame.fold([Event(1, ev.CREATED, ev.JUDGE, _created(), AT)])
    offered = {c for seat in game.setup["players"] for c in seat["choices"]}
    assert not offered & {"蔣干", "赤壁·諸葛亮", "赤壁·魯肅"}
    seat = next(s for s in game.setup["players"] if (s["country"], s["identity"]) == ("魏", "副軍師"))
    with pytest.raises(Refused, match="不能選擇「蔣干」"):
        game.apply(Event(2, ev.CHOOSE, seat["id"], {"character": "蔣干"}, AT))


@pytest.mark.parametrize("bad", ["yes", 1, None])
def test_a_chibi_that_is_not_a_boolean_is_refused(bad):
    with pytest.raises(Refused, match="chibi") as info:
        HostedGame.fold([Event(1, ev.CREATED, ev.JUDGE, _created(chibi=bad), AT)])
    assert info.value.status == 422
