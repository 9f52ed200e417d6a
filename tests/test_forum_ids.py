"""Issue 27 item 4: forum ids of a new table.

「Forum ids may hold bidi controls and zero-width characters, so 「玩家01」 and 「玩家01」+U+200B, or Latin and
Cyrillic 「Alice」, sit in one game looking identical, and a right-to-left override in an id reverses the rest of
the BBCode line the judge posts.」 Now: an id with a character of category Cf is refused (the place named); two ids
the same after NFKC and case-folding, or alike by Latin/Cyrillic/Greek look-alikes, are refused naming both — at
creation only (a script for ``run``, ``setup``'s list, the server's new game); a stored game keeps working.
"""

from __future__ import annotations

import json

import pytest

from tests.cli_harness import SENTINEL, call, ids_file
from tianting.core.forum_ids import creation_problem, skeleton
from tianting.hosting import events as ev
from tianting.hosting.events import Event
from tianting.hosting.fairness import commitment
from tianting.hosting.game import HostedGame
from tianting.testing import standard_seats

CYRILLIC_ALICE = "\u0410lice"  # А (U+0410 CYRILLIC CAPITAL LETTER A) then Latin lice
IDS = [s.id for s in standard_seats()]

INVISIBLE = [("\u200b", 5, "ZERO WIDTH SPACE"), ("\u202e", 5, "RIGHT-TO-LEFT OVERRIDE"),
             ("\u2066", 5, "LEFT-TO-RIGHT ISOLATE"), ("\u200d", 5, "ZERO WIDTH JOINER"),
             ("\ufeff", 5, "ZERO WIDTH NO-BREAK SPACE")]


@pytest.mark.parametrize(("char", "place", "name"), INVISIBLE)
def test_an_id_with_a_format_character_is_refused_naming_it_and_its_place(char, place, name):
    problem = creation_problem(["P01", "魏君主P" + char + "x"])
    assert problem is not None and problem[0] == 1
    assert f"第{place}個字元" in problem[1] and f"U+{ord(char):04X}" in problem[1] and name in problem[1]


@pytest.mark.parametrize(("first", "second"), [
    ("Alice", CYRILLIC_ALICE),                 # Latin and Cyrillic
    ("Alice", "\u0391lice"),                   # Greek Α
    ("coco", "\u0441\u043e\u0441\u043e"),      # all Cyrillic сосо against Latin coco
    ("Alice", "alice"),                        # case
    ("Alice", "\uff21\uff4c\uff49\uff43\uff45"),  # full-width
    ("玩家01", "玩家０１"),                     # full-width digits
])
def test_two_ids_that_look_the_same_are_refused_naming_both(first, second):
    problem = creation_problem(["P01", first, second])
    assert problem is not None and problem[0] == 2
    assert f"「{first}」" in problem[1] and f"「{second}」" in problem[1]


def test_distinct_ids_of_every_script_pass():
    """Chinese ids, Latin, a Cyrillic name with no Latin look-alike, and the standard table: nothing refused."""
    assert creation_problem(IDS) is None
    assert creation_problem(["玩家01", "玩家02", "Alice", "Bob", "Дмитрий", "Ωmega", "子義"]) is None
    assert skeleton(CYRILLIC_ALICE) == skeleton("ALICE") == "alice"


def _script(ids: list[str]) -> dict:
    return {"format": "tianting-script/1", "rules": "kk33", "seed": 1, "phases": [],
            "players": [{"id": pid, "country": s.country, "identity": s.identity, "character": s.character}
                        for pid, s in zip(ids, standard_seats(), strict=True)]}


def test_run_refuses_a_script_whose_players_look_alike(tmp_path):
    """``run``: exit 2, one line naming ``players[N]`` and both ids; the ``--out`` file is left as it was."""
    ids = IDS[:-1] + [IDS[0] + "\u200b"]
    for bad, where in ((ids, f"players[{len(ids) - 1}]"), (IDS[:-2] + ["Alice", CYRILLIC_ALICE], "players[21]")):
        source, out = tmp_path / "s.json", tmp_path / "t.json"
        source.write_text(json.dumps(_script(bad), ensure_ascii=False), encoding="utf-8")
        out.write_text(SENTINEL, encoding="utf-8")
        done = call("run", str(source), "--out", str(out))
        assert done.code == 2 and done.err.startswith(where), done.err
        assert out.read_text(encoding="utf-8") == SENTINEL


def test_setup_refuses_an_id_list_with_look_alikes_naming_the_line(tmp_path):
    ids = IDS[:-1] + [IDS[3].upper() if IDS[3].isascii() else "P05\u202e"]
    done = call("setup", "--ids", str(ids_file(tmp_path, ids)), "--seed", "1")
    assert done.code == 2 and "ID名單第22行" in done.err, done.err


def test_a_game_stored_with_such_ids_keeps_working():
    """「existing games keep working」: a game whose creation event holds look-alike and invisible ids (stored
    before the check) folds, takes its choices and starts; only a new table is checked."""
    ids = IDS[:-2] + ["Alice", CYRILLIC_ALICE + "\u200b"]
    seed, salt = 5, "鹽"
    created = Event(1, ev.CREATED, ev.JUDGE, {"rules": "kk33", "ids": ids, "title": "舊局", "seed": seed,
                                              "salt": salt, "commitment": commitment(seed, salt)},
                    "2026-01-01T00:00:00+00:00")
    game = HostedGame.fold([created])
    assert game.ids == ids
    seq = 2
    for seat in game.setup["players"]:
        taken = game._taken_bases()
        character = next(c for c in seat["choices"] if game._roster().characters[c].base not in taken)
        game.apply(Event(seq, ev.CHOOSE, seat["id"], {"character": character}, "2026-01-01T00:00:00+00:00"))
        seq += 1
    game.apply(Event(seq, ev.START, ev.JUDGE, {}, "2026-01-01T00:00:00+00:00"))
    assert game.started
    assert creation_problem(ids) is not None  # the same ids at a new table: refused
