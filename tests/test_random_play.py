"""Random legal games of KK 3.3 (tianting.randomplay), replayed through the script runner.

Each game is played by random bots, written as a game script and run through
:func:`tianting.script.run_script`. Nothing may crash or be rejected, every
game ends or reaches the phase cap, the replay is byte for byte the same
(in process and through ``python -m tianting.cli run``), and the
transcript keeps the invariants checked in :func:`check_invariants`.

The fast suite plays ``FAST_GAMES`` games; ``pytest -m slow`` plays
``SLOW_GAMES`` more.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tianting.randomplay import LAST_WORDS, RandomGame, play_random, random_script, random_seats
from tianting.rules.kk33 import KK33Game, roster
from tianting.rules.kk33.roster import COUNTRIES, COUNTRY_SEATS, OTHER_IDENTITIES, OTHERS
from tianting.script import dump_transcript, run_script

FAST_GAMES = 150
SLOW_GAMES = 3000
SLOW_FIRST_SEED = 10_000
MAX_PHASES = 60


@cache
def played(seed: int) -> RandomGame:
    """One verified random game per seed, shared by the tests of this module."""
    return play_random(seed, MAX_PHASES)


def character_names(script: dict[str, Any], transcript: dict[str, Any]) -> set[str]:
    """Every character (form and base name) any player of the game played at any point."""
    r = roster()
    names = {p["character"] for p in script["players"]}
    for phase in transcript["phases"]:
        names.update(p["character"] for p in phase["truth"]["players"].values())
    return names | {r.characters[n].base for n in names if n in r.characters}


def player_skills(entry: dict[str, Any] | None) -> list[str]:
    """The skills of the character a player of the truth plays."""
    if entry is None:
        return []
    return [s.name for s in roster().characters[entry["character"]].skills]


def check_invariants(script: dict[str, Any], transcript: dict[str, Any]) -> None:
    """What every random game must keep; raises AssertionError naming the phase."""
    ids = [p["id"] for p in script["players"]]
    phases = transcript["phases"]
    assert len(phases) == len(script["phases"])
    assert transcript["result"]["over"] or len(phases) == MAX_PHASES, "stopped early without an end"
    hidden = character_names(script, transcript)
    out: set[str] = set()
    exits: list[str] = []
    truth_before: dict[str, Any] = {}
    learned: set[str] = set()
    """Ids told they learned 涅槃 (士別三日：隨機學得一個在場角色的一項角色技能)."""
    for i, (entry, phase) in enumerate(zip(script["phases"], phases, strict=True)):
        where = f"phases[{i}]"
        assert phase["phase"] == entry["phase"], where
        assert phase["rejected"] == [], f"{where}: {phase['rejected']}"
        # An out player never acts nor votes in a later phase.
        for action in entry.get("actions", []):
            assert action["actor"] not in out, f"{where}: {action['actor']} is out but acts"
        for voter in entry.get("votes", {}):  # 涅槃：你死亡後仍可投票 (held, or learned: 士別三日)
            assert voter not in out or "涅槃" in player_skills(truth_before.get(voter)) or voter in learned, \
                f"{where}: {voter} is out but votes"
        for voter in phase["announcement"].get("votes", {}):  # （你以此法的投票不公布）
            assert voter not in out, f"{where}: {voter} is out but is on the ballot"
        learned.update(pid for pid, items in phase["feedback"].items()
                       if any(item.get("data", {}).get("learned") == "涅槃" for item in items))
        truth = phase["truth"]["players"]
        truth_before = truth
        assert sorted(truth) == sorted(ids), where
        now_out = {pid for pid, p in truth.items() if p["status"] == "out"}
        assert out <= now_out, f"{where}: {sorted(out - now_out)} came back"
        # Announced exits are out in truth, and nobody leaves unannounced.
        exited = phase["announcement"]["exited"]
        assert set(exited) <= now_out, f"{where}: announced {exited}, out {sorted(now_out)}"
        assert set(exited) == now_out - out, f"{where}: exited {exited}, newly out {sorted(now_out - out)}"
        exits += exited
        out = now_out
        # Characters are never published.
        text = phase["announcement"]["text"]
        leaked = sorted(name for name in hidden if name in text)
        assert not leaked, f"{where}: announcement names {leaked}"
        # Every death is announced (角色死亡時公布ID): the exited, and a lord who plays on (轉生, R11);
        # those are the ones who may leave last words.
        died = phase["announcement"]["died"]
        assert set(exited) <= set(died), where
        assert set(died) <= {d["id"] for d in phase["truth"]["deaths"]}, where
        for pid, words in phase["announcement"].get("last_words", {}).items():
            assert pid in died and words in LAST_WORDS, f"{where}: last words of {pid}"
        # Feedback goes to players, by id.
        assert set(phase["feedback"]) <= set(ids), f"{where}: feedback keys {sorted(phase['feedback'])}"
        for death in phase["truth"]["deaths"]:
            assert death["id"] in ids, where
    assert len(exits) == len(set(exits)), f"someone exited twice: {exits}"
    sides = {*COUNTRIES, "黃巾軍"}
    assert set(transcript["result"]["winners"]) <= sides | set(ids), transcript["result"]


def check_game(game: RandomGame) -> None:
    """Invariants, and a second in-process replay giving the same bytes."""
    assert game.transcript is not None
    check_invariants(game.script, game.transcript)
    again = run_script(json.loads(json.dumps(game.script)))
    assert dump_transcript(again) == dump_transcript(game.transcript)


# ---- seats --------------------------------------------------------------
@pytest.mark.parametrize("seed", range(20))
def test_random_seats_follow_the_rules(seed: int) -> None:
    seats = random_seats(random.Random(seed))
    assert [s.id for s in seats] == [f"P{n:02d}" for n in range(1, 23)]
    counts = Counter((s.country, s.identity) for s in seats)
    for country in COUNTRIES:
        for identity in set(COUNTRY_SEATS):
            assert counts[(country, identity)] == COUNTRY_SEATS.count(identity)
    others = [s for s in seats if s.country == OTHERS]
    assert len(others) == 1 and others[0].identity in OTHER_IDENTITIES
    r = roster()
    bases = [r.characters[s.character].base for s in seats]
    assert len(set(bases)) == 22
    for s in seats:
        assert s.character in r.choices(s.country, s.identity)
    KK33Game.create(seats, seed)  # the engine accepts the table


# ---- fast random play --------------------------------------------------------
@pytest.mark.parametrize("seed", range(FAST_GAMES))
def test_random_game(seed: int) -> None:
    check_game(played(seed))


def test_random_games_end() -> None:
    games = [played(seed) for seed in range(FAST_GAMES)]
    ended = sum(g.over for g in games)
    capped = sum(not g.over for g in games)
    print(f"\n{FAST_GAMES} random games: {ended} ended, {capped} reached the cap of {MAX_PHASES} phases")
    assert ended + capped == FAST_GAMES
    assert all(g.over or g.phases == MAX_PHASES for g in games)
    # Random bots kill about four players a cycle: most games end well before the cap.
    assert ended >= FAST_GAMES // 2


# ---- determinism -------------------------------------------------------------
def test_random_script_is_deterministic() -> None:
    assert random_script(3) == random_script(3)
    assert random_script(3) != random_script(4)
    # The same in another process with another string-hash seed.
    code = "import json, sys; from tianting.randomplay import random_script; print(json.dumps(random_script(3)))"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60, check=True,
                          env={**os.environ, "PYTHONHASHSEED": "4242"})
    assert json.loads(proc.stdout) == random_script(3)


def test_cli_replays_byte_for_byte(tmp_path: Path) -> None:
    script = played(7).script
    path = tmp_path / "game.json"
    path.write_text(json.dumps(script, ensure_ascii=False, indent=1), encoding="utf-8")
    expected = dump_transcript(run_script(script))
    assert dump_transcript(run_script(script)) == expected
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = tmp_path / "transcript.json"
    for extra in ([], ["--out", str(out)]):
        proc = subprocess.run([sys.executable, "-m", "tianting.cli", "run", str(path), *extra],
                              capture_output=True, env=env, timeout=60, check=False)
        assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")
        produced = out.read_bytes() if extra else proc.stdout
        assert produced == expected.encode("utf-8")


# ---- on demand ---------------------------------------------------------------
@pytest.mark.slow
def test_many_random_games() -> None:
    failures: list[str] = []
    ended = 0
    for seed in range(SLOW_FIRST_SEED, SLOW_FIRST_SEED + SLOW_GAMES):
        try:
            game = play_random(seed, MAX_PHASES)
            check_game(game)
        except Exception as exc:  # collect, then report every failing seed
            failures.append(f"seed {seed}: {type(exc).__name__}: {exc}")
            continue
        ended += game.over
    print(f"\n{SLOW_GAMES} random games: {ended} ended, {SLOW_GAMES - ended - len(failures)} reached the cap, "
          f"{len(failures)} failed")
    assert not failures, "\n".join(failures[:20])
