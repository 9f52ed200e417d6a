"""A property-based fuzzer of the command line (issue 9): any script, any export, any id list.

"Every input ends with exit 0, or exit 2 and one line, never a traceback; an existing --out file
is never changed by a failed run." Scripts are drawn around a real 22-player table so the engine
is reached (real ids, skill names, targets, args, decisions, votes, last words, 議和), with any
field of any entry replaced by any JSON value (lone surrogates, deep nesting and huge integers
included) or dropped. A modest count runs in the suite; ``-m slow`` runs many more.
"""

from __future__ import annotations

import copy
import functools
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli_harness import SENTINEL, assert_clean, call, write_json
from tests.hosting.test_verify_fields import EXPORT as VERIFIED_EXPORT
from tests.test_zaiye_identity import _players as _zaiye_table
from tianting.randomplay import random_script
from tianting.rules.kk33.game import roster
from tianting.testing import standard_seats

SEATS = standard_seats()
IDS = [s.id for s in SEATS]
SKILLS = sorted({s.name for skills in roster().identity_skills.values() for s in skills}
                | {s.name for c in roster().characters.values() for s in c.skills})
NAMES = ["魏", "蜀", "吳", "群", "君主", "殺手", "正軍師", "曹操", "曹丕", "甄姬", "刺殺", "明察", "魏國"]
ARG_KEYS = ["country", "identity", "character", "skill", "choice", "guess", "guesses"]
FUZZ = settings(max_examples=20, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SLOW = settings(max_examples=3000, deadline=None, suppress_health_check=list(HealthCheck))

ODD_TEXT = st.sampled_from(["", " ", "\ud800", "a\udfffb", "x\ny", "\u2028", "\x00", "名" * 300,
                            "null", "[", "P01\n", "\u3000", "魏\t"])
TEXT = st.one_of(st.text(max_size=12), ODD_TEXT, st.text(st.characters(categories=["Cs", "Cc", "Lo"]), max_size=6))
NUMBERS = st.one_of(st.integers(-3, 30), st.integers(-3, 30), st.integers(-3, 30), st.integers(),
                    st.floats(allow_nan=False, allow_infinity=False),
                    st.sampled_from([10 ** 99, 1e308, -0.0, 2 ** 63]))
SCALARS = st.one_of(st.none(), st.booleans(), NUMBERS, TEXT, st.sampled_from(IDS + NAMES + SKILLS))
JSON = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.one_of(TEXT, st.sampled_from(IDS)), inner,
                                                                       max_size=4)),
                    max_leaves=12)
DEEP = st.integers(60, 70).map(lambda n: json.loads("[" * n + "]" * n))
ODD = st.one_of(DEEP, st.sampled_from([10 ** 150, -(10 ** 120), 10 ** 100]))
"""Values refused wherever they are (too deep, too long an integer): put in at one place only."""


def _maybe(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Mostly the well-formed thing, sometimes anything at all, rarely nested too deep."""
    return st.one_of(*[strategy] * 6, JSON)


PID = _maybe(st.sampled_from(IDS))
ACTION = st.fixed_dictionaries(
    {"actor": PID, "skill": _maybe(st.sampled_from(SKILLS))},
    optional={"targets": _maybe(st.lists(PID, max_size=3)),
              "args": _maybe(st.dictionaries(st.sampled_from(ARG_KEYS),
                                             _maybe(st.one_of(st.sampled_from(NAMES), st.lists(st.lists(PID, max_size=2),
                                                                                                 max_size=3))),
                                             max_size=3))})
DECISION = st.fixed_dictionaries({"actor": PID, "skill": _maybe(st.sampled_from(SKILLS))},
                                 optional={"answer": _maybe(st.one_of(PID, st.sampled_from(NAMES), st.integers(0, 3),
                                                                      st.booleans(), st.lists(PID, max_size=2)))})
PEACE = st.one_of(st.fixed_dictionaries({"judge": _maybe(st.just(True))}),
                  st.fixed_dictionaries({"proposer": PID, "agreed": _maybe(st.lists(PID, max_size=22))}))
RULING_FIELDS = ("effect", "target", "voter", "owner", "action", "text", "why", "active", "skill")
"""Every field a ruling of any rule set reads (game-script.md ``rulings``; 24人's ``defend``, 鼎立's ``contest``…)."""
RULING = st.fixed_dictionaries(
    {"effect": _maybe(st.sampled_from(["void", "spare", "injure", "kill", "heal", "tell", "revive"]))},
    optional={"target": PID, "voter": PID, "owner": PID, "action": _maybe(st.integers(-1, 6)), "text": _maybe(TEXT),
              "why": _maybe(TEXT), "active": _maybe(st.booleans()), "skill": _maybe(st.sampled_from(SKILLS))})
ANY_RULING = st.dictionaries(st.sampled_from(RULING_FIELDS), JSON, max_size=len(RULING_FIELDS))
"""A ruling whose every field is any JSON value at all."""
WORDS = st.dictionaries(st.one_of(st.sampled_from(IDS), TEXT), _maybe(TEXT), max_size=3)


def _phase(kind: str) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries(
        {"phase": _maybe(st.just(kind))},
        optional={"actions": _maybe(st.lists(ACTION, max_size=5)),
                  "decisions": _maybe(st.lists(DECISION, max_size=2)),
                  "votes": _maybe(st.dictionaries(st.sampled_from(IDS), PID, max_size=6)),
                  "last_words": _maybe(WORDS),
                  "peace": _maybe(PEACE),
                  "rulings": _maybe(st.lists(st.one_of(RULING, RULING, ANY_RULING), max_size=3))})


@st.composite
def phases(draw: st.DrawFn) -> list[Any]:
    count = draw(st.integers(0, 5))
    return [draw(_phase("night" if i % 2 == 0 else "day")) for i in range(count)]


def _base() -> dict[str, Any]:
    return {"format": "tianting-script/1", "rules": "kk33", "seed": 7,
            "players": [{"id": s.id, "country": s.country, "identity": s.identity, "character": s.character}
                        for s in SEATS]}


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value: each key of an object, each item of an array."""
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, path + (i,))
    return out


@functools.cache
def _legal(seed: int) -> dict[str, Any]:
    return random_script(seed, max_phases=8)


@st.composite
def scripts(draw: st.DrawFn) -> dict[str, Any]:
    """A legal script (random legal play) or one of drawn phases around the standard table, with up
    to three places replaced, dropped or added to."""
    if draw(st.booleans()):
        script = copy.deepcopy(_legal(draw(st.integers(0, 40))))
    else:
        script = _base()
        script["phases"] = draw(phases())
    for _ in range(draw(st.integers(0, 3))):
        places = _paths(script)
        path = draw(st.sampled_from(places))
        how = draw(st.sampled_from(["replace", "replace", "drop", "add"]))
        if not path:
            if how == "replace":
                return draw(JSON)
            continue
        parent = script
        for key in path[:-1]:
            parent = parent[key]
        if how == "replace":
            parent[path[-1]] = draw(st.one_of(*[JSON] * 8, ODD))
        elif how == "drop":
            del parent[path[-1]]
        else:
            target = parent[path[-1]]
            if isinstance(target, dict):
                target[draw(st.one_of(TEXT, st.sampled_from(ARG_KEYS + ["phase", "id", "votes"])))] = draw(JSON)
            elif isinstance(target, list):
                target.append(draw(JSON))
    return script


RAW = st.sampled_from([
    b"", b"\xef\xbb\xbf", b"[" * 100000, b"{" * 5000, b"1" * 5000, b'{"seed": ' + b"9" * 4301 + b"}",
    b"NaN", b'{"seed": Infinity}', b'{"seed": 1e999}', b"\xff\xfe{}", b'"\\ud800"', b"{}" * 3,
    b'{"format": "tianting-script/1", "rules": [], "seed": 1, "players": []}', b"\x00",
])
"""Whole files that are hardly scripts at all (the issue's reproducers among them)."""


def _write_source(source: Path, script: Any, ascii_only: bool) -> None:
    if isinstance(script, bytes):
        source.write_bytes(script)
        return
    try:
        write_json(source, script, ascii_only)
    except UnicodeEncodeError:  # a lone surrogate cannot be written as UTF-8: the escaped form is
        write_json(source, script, True)


def _check_run(script: Any, lenient: bool, ascii_only: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        source, out = Path(tmp) / "script.json", Path(tmp) / "transcript.json"
        _write_source(source, script, ascii_only)
        out.write_text(SENTINEL, encoding="utf-8")
        argv = ["run", str(source), "--out", str(out)] + (["--lenient"] if lenient else [])
        assert_clean(call(*argv), out)


@FUZZ
@given(scripts() | RAW, st.booleans(), st.booleans())
def test_fuzzed_scripts_run_cleanly(script, lenient, ascii_only):
    _check_run(script, lenient, ascii_only)


@pytest.mark.slow
@SLOW
@given(scripts() | RAW, st.booleans(), st.booleans())
def test_fuzzed_scripts_run_cleanly_many(script, lenient, ascii_only):
    _check_run(script, lenient, ascii_only)


def _table(rules_name: str) -> list[dict[str, str]]:
    """A table each rule set seats: KK 3.3's standard 22, the 24人 rules' 24, 鼎立's 26."""
    if rules_name == "kk33":
        return _base()["players"]
    return _zaiye_table(rules_name)


KINDS_OF_JSON = (None, True, False, 0, 3, -1, 2.5, "", "無此人", [], {}, ["x"], {"a": 1}, [[]])
"""A value of every JSON type (and a few of each), for every field of a ruling."""


@pytest.mark.parametrize("rules_name", ["kk33", "sg24", "dingli2"])
def test_every_json_type_in_every_field_of_a_ruling_of_every_effect(rules_name):
    """Issue 27: 「a ruling field of the wrong type … is a clear error naming phases[N].rulings[K].target (exit 2) and
    changes nothing」. Every effect of the rule set, on a night and on a day, with every field in turn set to a value
    of every JSON type (and to the id inside a list or an object): the script plays, or is refused with a
    :class:`ScriptError` (``run``'s exit 2, the server's 422), never another exception; a player field that is not
    a string is refused naming the field. (In-process, as ``run`` plays it; the command line's promise for these
    errors is checked by the test below and by the fuzzer above.)"""
    from tianting.core.errors import ScriptError
    from tianting.rules import load as load_rules
    from tianting.script import run_script
    players = _table(rules_name)
    pid = players[0]["id"]
    for effect in load_rules(rules_name).ruling_effects():
        for day in (False, True):
            for key in RULING_FIELDS:
                for value in KINDS_OF_JSON + ([pid], {"id": pid}):
                    ruling = {"effect": effect, "target": pid, "text": pid, key: value}
                    phases = [{"phase": "night"}, {"phase": "day"}] if day else [{"phase": "night"}]
                    phases[-1]["rulings"] = [ruling]
                    script = {"format": "tianting-script/1", "rules": rules_name, "seed": 1,
                              "players": players, "phases": phases}
                    wrong = key in ("target", "voter", "owner") and value is not None and not isinstance(value, str)
                    try:
                        run_script(script)
                    except ScriptError as exc:
                        assert exc.message.strip(), (effect, key, value)
                        if wrong:
                            assert exc.where == f"phases[{int(day)}].rulings[0].{key}", (effect, key, value, exc)
                    else:
                        assert not wrong, (effect, key, value)


@pytest.mark.parametrize("value", [["P01"], {"id": "P01"}, 7, True])
def test_a_ruling_target_of_the_wrong_type_names_its_field(tmp_path, value):
    """Issue 27: 「A ruling whose target or owner is a list or an object crashes run (exit 70)」: now exit 2 with the
    field named (``phases[0].rulings[1].target``) and what it should be, in Chinese; ``--out`` untouched."""
    players = _base()["players"]
    target = players[1]["id"]
    script = {**_base(), "phases": [{"phase": "night", "rulings": [
        {"effect": "spare", "target": target}, {"effect": "kill", "target": value}]}]}
    source, out = tmp_path / "script.json", tmp_path / "transcript.json"
    write_json(source, script)
    out.write_text(SENTINEL, encoding="utf-8")
    done = call("run", str(source), "--out", str(out))
    assert_clean(done, out)
    assert done.code == 2 and done.err.startswith("phases[0].rulings[1].target")
    assert "target 必須是玩家ID字串" in done.err


def _check_setup_table(script: Any) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "script.json"
        _write_source(source, script, True)
        outcome = call("simulate", "--setup", str(source), "--games", "1", "--jobs", "1", "--max-phases", "4",
                       "--quiet")
        assert_clean(outcome)


@FUZZ
@given(scripts() | RAW)
def test_fuzzed_tables_for_simulate_setup(script):
    _check_setup_table(script)


@st.composite
def id_lists(draw: st.DrawFn) -> str:
    ids = draw(st.lists(st.one_of(st.sampled_from(IDS), TEXT), min_size=0, max_size=24))
    if draw(st.booleans()) and len(ids) < 22:
        ids = IDS[: 22 - len(ids)] + ids
    return "\n".join(ids)


@FUZZ
@given(id_lists(), st.integers(-5, 5) | st.just(10 ** 50))
def test_fuzzed_id_lists_for_setup(text, seed):
    with tempfile.TemporaryDirectory() as tmp:
        source, out = Path(tmp) / "ids.txt", Path(tmp) / "game.json"
        source.write_text(text, encoding="utf-8", errors="surrogatepass")
        out.write_text(SENTINEL, encoding="utf-8")
        outcome = call("setup", "--ids", str(source), "--seed", str(seed), "--out", str(out))
        assert_clean(outcome, out)


# ---- exports for `tianting verify` -------------------------------------------------------------
def _export() -> dict[str, Any]:
    return VERIFIED_EXPORT


@st.composite
def exports(draw: st.DrawFn) -> Any:
    export = copy.deepcopy(_export())
    for _ in range(draw(st.integers(1, 2))):
        path = draw(st.sampled_from(_paths(export)))
        if not path:
            return draw(JSON)
        parent = export
        for key in path[:-1]:
            parent = parent[key]
        if draw(st.booleans()):
            parent[path[-1]] = draw(_maybe(JSON))
        else:
            del parent[path[-1]]
    return export


def _check_verify(export: Any) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "export.json"
        _write_source(source, export, True)
        assert_clean(call("verify", str(source)), allowed=(0, 1, 2))


@FUZZ
@given(exports() | RAW)
def test_fuzzed_exports_verify_cleanly(export):
    _check_verify(export)


@pytest.mark.slow
@SLOW
@given(exports() | RAW)
def test_fuzzed_exports_verify_cleanly_many(export):
    _check_verify(export)
