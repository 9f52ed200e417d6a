"""`tianting verify`: an exported game is replayed and checked against its seed commitment.

Issue: "when a game is created the server publishes a hash commitment of its seed; at the
end it reveals the seed, and `tianting verify EXPORT.json` replays the exported game and
checks the commitment and every published outcome."
"""

from __future__ import annotations

import copy
import json

import pytest

from tianting.cli import main
from tianting.core.errors import TiantingError
from tianting.hosting import events as ev
from tianting.hosting.events import Event
from tianting.hosting.fairness import commitment
from tianting.hosting.game import HostedGame
from tianting.hosting.verify import verify_export

IDS = [f"P{i:02d}" for i in range(1, 23)]


def _add(game: HostedGame, kind: str, actor: str, payload: dict) -> None:
    game.apply(Event(game.seq + 1, kind, actor, payload, "2026-11-29T00:00:00+00:00"))


def finished_game(seed: int = 20261129, salt: str = "5a17") -> HostedGame:
    """Night 1 with a stab and an investigation, published with an edited wording; the judge
    then rules 議和 (經法官判定剩餘的國家均無法令其餘國家滅國), which ends the game."""
    game = HostedGame()
    _add(game, ev.CREATED, ev.JUDGE, {"rules": "kk33", "ids": IDS, "title": "驗證局", "seed": seed, "salt": salt,
                                      "commitment": commitment(seed, salt)})
    for seat in game.setup["players"]:
        taken = game._taken_bases()
        character = next(c for c in sorted(seat["choices"], key=lambda c: c == "甘寧")  # 甘寧 stabs by day only
                         if game._roster().characters[c].base not in taken)
        _add(game, ev.CHOOSE, seat["id"], {"character": character})
    _add(game, ev.START, ev.JUDGE, {})
    seats = {p["id"]: p for p in game.setup["players"]}
    killer = next(pid for pid, s in seats.items() if s["identity"] == "殺手")
    victim = next(pid for pid, s in seats.items() if s["country"] != seats[killer]["country"])
    _add(game, ev.SUBMIT, killer, {"actions": [{"skill": "刺殺", "targets": [victim]}]})
    strategist = next(pid for pid, s in seats.items() if s["identity"] == "正軍師")
    _add(game, ev.SUBMIT, strategist, {"actions": [{"skill": "明察", "targets": [killer]}]})
    _add(game, ev.RESOLVE, ev.JUDGE, {"phase": 0})
    _add(game, ev.EDIT, ev.JUDGE, {"target": "announcement", "text": "昨夜月黑風高。"})
    _add(game, ev.PUBLISH, ev.JUDGE, {})
    _add(game, ev.PEACE, ev.JUDGE, {"judge": True})
    assert game.over
    return game


def test_verify_accepts_an_honest_export():
    verdict = verify_export(finished_game().export())
    assert verdict.ok, verdict.failures
    assert any("承諾" in c for c in verdict.checks)


def test_verify_catches_a_seed_that_does_not_match_the_commitment():
    export = finished_game().export()
    export["seed"] += 1
    export["events"][0]["payload"]["seed"] += 1
    verdict = verify_export(export)
    assert not verdict.ok
    assert any("承諾" in f for f in verdict.failures)


def test_verify_catches_a_published_announcement_that_the_inputs_do_not_give():
    export = finished_game().export()
    export["published"][0]["announcement"]["text"] = "昨夜無事。"
    verdict = verify_export(export)
    assert any("公告" in f for f in verdict.failures)


def test_verify_catches_an_outcome_changed_in_the_transcript():
    export = finished_game().export()
    export["transcript"]["phases"][0]["truth"]["deaths"] = []
    export["transcript"]["phases"][0]["announcement"]["exited"] = ["P01"]
    assert not verify_export(export).ok


def test_verify_catches_an_input_that_was_never_allowed():
    export = finished_game().export()
    forged = copy.deepcopy(export)
    submit = next(e for e in forged["events"] if e["kind"] == ev.SUBMIT)
    submit["payload"]["actions"] = [{"skill": "明察", "targets": ["P01"]}]  # a killer has no 明察
    verdict = verify_export(forged)
    assert any("合乎規則" in f for f in verdict.failures)


def test_verify_refuses_an_export_of_a_game_still_running():
    game = finished_game()
    export = game.export(reveal=False)
    with pytest.raises(TiantingError, match="種子"):
        verify_export(export)


def test_tianting_verify_exit_codes(tmp_path, capsys):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(finished_game().export(), ensure_ascii=False), encoding="utf-8")
    assert main(["verify", str(good)]) == 0
    assert "驗證通過" in capsys.readouterr().out
    bad_export = finished_game().export()
    bad_export["published"][0]["announcement"]["text"] = "假公告"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(bad_export, ensure_ascii=False), encoding="utf-8")
    assert main(["verify", str(bad)]) == 1
    assert "驗證失敗" in capsys.readouterr().out
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    assert main(["verify", str(broken)]) == 2
