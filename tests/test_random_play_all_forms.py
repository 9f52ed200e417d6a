"""Random legal play over every form of the roster: no crash, no refusal on replay, the invariants kept.

Game ``seed`` prefers the form ``seatable_forms()[seed % len]`` (seated first where its slot allows,
tianting.randomplay.random_seats), so a run of N games seats every form that a setup may offer about
N / len times, whatever forms the roster holds when it runs (new characters are picked up by
themselves); the forms only a lord's 轉生 brings in come into play by the games themselves. Each
game is replayed through the script runner and must be the game the bots played
(``play_random(verify=True)``), then keep ``check_invariants``.

The suite plays one game per seatable form; ``pytest -m slow`` plays :data:`SLOW_GAMES` on every
core and also asks that every form of the roster came into play. ``TIANTING_SLOW_FIRST`` and
``TIANTING_SLOW_GAMES`` narrow the slow test to a piece of that range (the same games, the same
checks); ``tools/slow_random_play.py`` plays the range in resumable pieces with a log of each chunk.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import cache

import pytest

from tests.test_random_play import MAX_PHASES, check_invariants
from tianting.randomplay import play_random
from tianting.rules.kk33 import roster
from tianting.rules.kk33.roster import COUNTRIES, COUNTRY_SEATS, OTHER_IDENTITIES, OTHERS

REGRESSIONS = (1_000_512, 1_001_396)
"""Seeds that once failed, played in the suite: 1000512, 連環 echoing a 刺殺 onto the slot of an extra
target (落鴻哀歌) that then fell away (IndexError; the echo is now void: its target changed); 1001396,
呂蒙 voting after his death with the 涅槃 he learned by 士別三日 (the invariant now knows learned skills)."""
SLOW_GAMES = 100_000
SLOW_FIRST_SEED = 1_000_000
CHUNK = 500


@cache
def seatable_forms() -> tuple[str, ...]:
    """Every form a setup may seat (the 赤壁之戰 extras included), in roster order."""
    r = roster()
    offered: set[str] = set()
    for country in COUNTRIES:
        for identity in set(COUNTRY_SEATS):
            offered.update(r.choices(country, identity, include_extras=True))
    for identity in OTHER_IDENTITIES:
        offered.update(r.choices(OTHERS, identity, include_extras=True))
    return tuple(name for name in r.characters if name in offered)


def play_one(seed: int) -> tuple[str | None, set[str], bool]:
    """(the failure, or None; every form that came into play; whether the game ended)."""
    forms = seatable_forms()
    try:
        game = play_random(seed, MAX_PHASES, prefer=[forms[seed % len(forms)]])
        assert game.transcript is not None
        check_invariants(game.script, game.transcript)
    except Exception as exc:  # noqa: BLE001 — collected, every failing seed reported
        return f"seed {seed}: {type(exc).__name__}: {str(exc)[:300]}", set(), False
    r = roster()
    played = {r.resolve_character(p["character"], p["identity"]) or p["character"] for p in game.script["players"]}
    played |= {p["character"] for phase in game.transcript["phases"] for p in phase["truth"]["players"].values()}
    return None, played, game.over


def play_chunk(seeds: Sequence[int]) -> tuple[list[str], Counter[str], int]:
    failures: list[str] = []
    seen: Counter[str] = Counter()
    ended = 0
    for seed in seeds:
        failure, played, over = play_one(seed)
        if failure:
            failures.append(failure)
        seen.update(played)
        ended += over
    return failures, seen, ended


def test_one_random_game_per_seatable_form() -> None:
    forms = seatable_forms()
    assert len(forms) >= 60  # the whole roster's slots, not a few
    failures, seen, _ = play_chunk(range(len(forms)))
    assert not failures, "\n".join(failures)
    assert set(forms) <= set(seen), f"never seated: {sorted(set(forms) - set(seen))}"


def test_seeds_that_once_failed() -> None:
    failures, _, _ = play_chunk(REGRESSIONS)
    assert not failures, "\n".join(failures)


def slow_range() -> tuple[int, int]:
    """(first seed, number of games) of the slow test: the whole range unless the environment narrows it."""
    first = int(os.environ.get("TIANTING_SLOW_FIRST", SLOW_FIRST_SEED))
    games = int(os.environ.get("TIANTING_SLOW_GAMES", SLOW_GAMES))
    return first, games


@pytest.mark.slow
def test_many_random_games_over_every_form() -> None:
    first, games = slow_range()
    seeds = [range(s, min(s + CHUNK, first + games)) for s in range(first, first + games, CHUNK)]
    jobs = max(1, len(os.sched_getaffinity(0)))
    failures: list[str] = []
    seen: Counter[str] = Counter()
    ended = 0
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("forkserver")) as pool:
        for part_failures, part_seen, part_ended in pool.map(play_chunk, seeds):
            failures += part_failures
            seen.update(part_seen)
            ended += part_ended
    print(f"\n{games} random games from seed {first} over {len(seatable_forms())} seatable forms: {ended} ended, "
          f"{games - ended - len(failures)} reached the cap of {MAX_PHASES} phases, {len(failures)} failed; "
          f"rarest forms: {sorted(seen.items(), key=lambda kv: kv[1])[:5]}")
    assert not failures, f"{len(failures)} failed:\n" + "\n".join(failures[:20])
    missing = sorted(set(roster().characters) - set(seen))
    assert not missing, f"never in play in {games} games: {missing}"
