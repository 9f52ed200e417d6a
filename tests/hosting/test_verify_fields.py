"""`tianting verify` checks every field of an export, not a subset (issue 9).

Issue: "`tianting verify` passes exports whose notes, setup draws, title or rules were doctored";
"`tianting verify` rejects an export with any single field changed (property test over every
field)". Every leaf of a real export is changed in turn (and any leaf to any JSON value, by
hypothesis): the export is rejected, exit 1, and the message names the field changed. A changed
input (an event) is named through what it changes: the event that became illegal, or the
published outcome that no longer follows from it.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli_harness import call
from tests.hosting.test_verify import IDS, _add
from tianting.core.jsoninput import key_path
from tianting.hosting import events as ev
from tianting.hosting.fairness import commitment
from tianting.hosting.game import HostedGame
from tianting.hosting.verify import verify_export


def _export() -> dict[str, Any]:
    """Night 1 (a stab, an investigation; the dead's last words refused; an edited announcement),
    day 2 (votes), then 議和 and a note: every part of an export has a leaf."""
    game = HostedGame()
    seed, salt = 20261201, "9c0f"
    _add(game, ev.CREATED, ev.JUDGE, {"rules": "kk33", "ids": IDS, "title": "驗證局", "seed": seed, "salt": salt,
                                      "commitment": commitment(seed, salt), "night_minutes": 60})
    for seat in game.setup["players"]:
        taken = game._taken_bases()
        character = next(c for c in seat["choices"] if game._roster().characters[c].base not in taken)
        _add(game, ev.CHOOSE, seat["id"], {"character": character})
    _add(game, ev.START, ev.JUDGE, {"deadline": "2026-12-30T00:00:00+00:00"})
    seats = {p["id"]: p for p in game.setup["players"]}
    killer = next(pid for pid, s in seats.items() if s["identity"] == "殺手")
    victim = next(pid for pid, s in seats.items() if s["country"] != seats[killer]["country"]
                  and s["identity"] == "女眷")
    _add(game, ev.SUBMIT, killer, {"actions": [{"skill": "刺殺", "targets": [victim]}]})
    strategist = next(pid for pid, s in seats.items() if s["identity"] == "正軍師")
    _add(game, ev.SUBMIT, strategist, {"actions": [{"skill": "明察", "targets": [killer]}]})
    _add(game, ev.RESOLVE, ev.JUDGE, {"phase": 0, "why": "judge"})
    assert victim in game.current.draft["announcement"]["exited"]
    _add(game, ev.ASK_LAST_WORDS, ev.JUDGE, {})
    _add(game, ev.LAST_WORDS, victim, {"text": "殺我的是某國殺手"})
    _add(game, ev.RULE_LAST_WORDS, ev.JUDGE, {"player": victim, "approved": False, "reason": "遺言不得指認"})
    _add(game, ev.EDIT, ev.JUDGE, {"target": "announcement", "text": "昨夜月黑風高。"})
    _add(game, ev.PUBLISH, ev.JUDGE, {"deadline": None})
    _add(game, ev.VOTE, killer, {"target": strategist})
    _add(game, ev.VOTE, strategist, {"target": killer})
    _add(game, ev.RESOLVE, ev.JUDGE, {"phase": 1, "why": "judge"})
    _add(game, ev.PUBLISH, ev.JUDGE, {})
    _add(game, ev.PEACE, ev.JUDGE, {"judge": True})
    _add(game, ev.NOTE, ev.JUDGE, {"text": "第一夜的刺殺經法官確認"})
    assert game.over
    return game.export()


EXPORT = _export()


def leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    if isinstance(value, dict) and value:
        return [leaf for k, v in value.items() for leaf in leaves(v, path + (k,))]
    if isinstance(value, list) and value:
        return [leaf for i, v in enumerate(value) for leaf in leaves(v, path + (i,))]
    return [(path, value)]


def path_text(path: tuple[Any, ...]) -> str:
    out = ""
    for key in path:
        out = f"{out}[{key}]" if isinstance(key, int) else key_path(out, key)
    return out


def changed(value: Any) -> Any:
    """A value of the same type (where there is one) that differs."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "改"
    if isinstance(value, list):
        return [*value, "改"]
    if isinstance(value, dict):
        return {**value, "改": 1}
    return "改"


def doctored(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    export = copy.deepcopy(EXPORT)
    parent = export
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return export


def assert_rejected_naming(export: dict[str, Any], path: tuple[Any, ...]) -> None:
    verdict = verify_export(export)
    assert not verdict.ok, f"{path_text(path)} was changed and the export still verifies"
    failures = "\n".join(verdict.failures)
    if path[0] == "events":
        # an input: named as the event that became illegal, or through the fields it changes
        assert f"events[{path[1]}]" in failures or any(f"{key}" in failures for key in EXPORT), failures
    else:
        assert path_text(path) in failures, (path_text(path), failures)


def test_the_export_verifies_as_it_is():
    verdict = verify_export(EXPORT)
    assert verdict.ok, verdict.failures


PLAYER_IDS = {p["id"] for p in EXPORT["players"]}


def pattern(path: tuple[Any, ...]) -> tuple[Any, ...]:
    """A leaf's kind of place: indices and player ids left out (``transcript.phases[*].truth.players.*.status``)."""
    return tuple("*" if isinstance(k, int) or k in PLAYER_IDS else k for k in path)


def one_per_pattern(paths: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    seen: dict[tuple[Any, ...], tuple[Any, ...]] = {}
    for path in paths:
        seen.setdefault(pattern(path), path)
    return list(seen.values())


LEAF_VALUES = dict(leaves(EXPORT))


def test_every_kind_of_leaf_changed_is_rejected_naming_it():
    """One leaf of every kind of place in the export (every field of every entry) changed; -m slow
    changes every leaf."""
    for path in one_per_pattern(list(LEAF_VALUES)):
        assert_rejected_naming(doctored(path, changed(LEAF_VALUES[path])), path)


@pytest.mark.slow
def test_every_single_leaf_changed_is_rejected_naming_it():
    for path, value in LEAF_VALUES.items():
        assert_rejected_naming(doctored(path, changed(value)), path)


OPTIONAL = ("phase", "why", "deadline")
"""Payload fields of an input whose absence means what their usual value says (a resolution of
the open phase; no deadline): dropping one gives the same game, which no replay can tell apart."""


def test_every_key_dropped_or_added_is_rejected():
    keys = {path[:depth] for path in LEAF_VALUES for depth in range(1, len(path) + 1)
            if isinstance(path[depth - 1], str)}
    for path in one_per_pattern(sorted(keys, key=str)):
        if path[0] == "events" and path[-1] in OPTIONAL:
            continue
        if path == ("script", "draw_order"):
            continue  # a later field (verify.LATER_FIELDS): an export made before it lacks it, and verifies with a note
        export = copy.deepcopy(EXPORT)
        parent = export
        for key in path[:-1]:
            parent = parent[key]
        del parent[path[-1]]
        verdict = verify_export(export)
        assert not verdict.ok, path_text(path)
        if path[0] != "events":
            assert path_text(path) in "\n".join(verdict.failures), path_text(path)
    extra = copy.deepcopy(EXPORT)
    extra["published"][0]["announcement"]["藏"] = "x"
    assert "published[0].announcement.藏" in "\n".join(verify_export(extra).failures)
    extra = copy.deepcopy(EXPORT)
    extra["events"][3]["note"] = "x"
    assert "events[3].note" in "\n".join(verify_export(extra).failures)


@pytest.mark.parametrize(("path", "value"), [
    (("notes", 0, "text"), "第一夜的刺殺無效"),
    (("last_words", 0, "reason"), "無"),
    (("last_words", 0, "text"), "無話可說"),
    (("schedule", 0, "deadline"), "2026-12-31T00:00:00+00:00"),
    (("night_minutes", ), 30),
    (("setup_draws", 0, "outcome"), "神醫"),
    (("title", ), "另一局"),
    (("rules", ), "sg24"),
    (("rules_title", ), "24人規則"),
    (("players", 0, "character"), "曹操"),
    (("result", "peace"), False),
    (("over", ), False),
])
def test_the_fields_the_issue_names(path, value):
    """「passes exports whose notes, setup draws, title or rules were doctored」"""
    assert_rejected_naming(doctored(path, value), path)


def test_an_event_by_the_wrong_actor_or_at_no_time_is_rejected():
    assert_rejected_naming(doctored(("events", 0, "actor"), "P01"), ("events", 0, "actor"))
    assert "events[5].at" in "\n".join(verify_export(doctored(("events", 5, "at"), "昨天")).failures)
    assert "events[5].seq" in "\n".join(verify_export(doctored(("events", 5, "seq"), "6")).failures)


LEAVES = leaves(EXPORT)
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                    max_leaves=6)


@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(LEAVES), JSON)
def test_any_leaf_set_to_any_value_is_rejected_by_the_command(leaf, value):
    """The command line: exit 1, the failure on stdout naming the field."""
    path, old = leaf
    if value == old and type(value) is type(old):
        return
    export = doctored(path, value)
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "export.json"
        source.write_text(json.dumps(export, ensure_ascii=False), encoding="utf-8")
        outcome = call("verify", str(source))
    assert outcome.code == 1, (path_text(path), outcome.code, outcome.err)
    assert "驗證失敗" in outcome.out and outcome.err == ""
    if path[0] != "events":
        assert path_text(path) in outcome.out, (path_text(path), outcome.out)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 4, 7])
def test_every_kind_of_leaf_of_whole_hosted_games_changed_is_rejected(seed):
    """Whole games played by bots through the events (days, votes, last words, decisions): three
    leaves of every kind of place changed in turn (every leaf is some 6,000 replays a game)."""
    from tests.hosting.test_hosted_full_games import play_hosted

    game = play_hosted(seed)
    assert game.over
    export = game.export()
    assert verify_export(export).ok
    ids = {p["id"] for p in export["players"]}
    kinds: dict[tuple[Any, ...], list[tuple[tuple[Any, ...], Any]]] = {}
    for path, value in leaves(export):
        kind = tuple("*" if isinstance(k, int) or k in ids else k for k in path)
        if path[0] == "events":
            kind += (export["events"][path[1]]["kind"],)
        kinds.setdefault(kind, []).append((path, value))
    for found in kinds.values():
        for path, value in found[:3]:
            doctored_export = copy.deepcopy(export)
            parent = doctored_export
            for key in path[:-1]:
                parent = parent[key]
            parent[path[-1]] = changed(value)
            assert not verify_export(doctored_export).ok, path_text(path)


def test_json_types_are_compared_exactly():
    """1 is not true, nor 1.0 (Python's == says they are equal; the JSON is not)."""
    for path, value in ((("transcript", "phases", 1, "announcement", "tally", "P02"), True),
                        (("transcript", "phases", 1, "announcement", "tally", "P02"), 1.0),
                        (("result", "over"), 1)):
        original = EXPORT
        for key in path:
            original = original[key]
        assert original == value  # Python's equality
        assert_rejected_naming(doctored(path, value), path)


def test_every_event_kind_says_which_fields_it_carries():
    assert set(ev.PAYLOAD_KEYS) == set(ev.KINDS)


def test_what_the_server_stores_is_what_verify_accepts():
    """The server's request fields (server/commands.py) are among each kind's PAYLOAD_KEYS: an honest
    export always verifies."""
    commands = pytest.importorskip("tianting.server.commands")
    for kind, keys in commands.FIELDS.items():
        assert set(keys) <= set(ev.PAYLOAD_KEYS[kind]), kind
