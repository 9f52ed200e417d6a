"""Whole KK 3.3 games played by bots: games per second on one core and on all cores.

Run with ``.venv/bin/python benchmarks/bench_simulate.py [--games N] [--policy P] [--jobs J]``.
Not collected by pytest (the suite's testpaths is ``tests/``).

Each game is :func:`tianting.bots.play.play_game` with a random table: setup,
every player's view every phase, the bots' actions offered through the
engine's checks, every night and day resolved, the record. One core plays
the games in this process; all cores play the same games in a pool of
processes (``multiprocessing``, one per core, in the chunks of consecutive
seeds ``tianting simulate`` plays), started and warmed up before the clock
starts. The same seeds are played both ways, and the records are compared:
equal, whatever the process.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from tianting.bots.play import play_game
from tianting.simulate.runner import _chunks


def _warm(policy: str) -> None:
    play_game(0, policy)  # imports, the roster, the skill registry


def play_chunk(args: tuple[str, Sequence[int]]) -> list[dict[str, Any]]:
    policy, seeds = args
    return [play_game(seed, policy).as_json() for seed in seeds]


def one_core(policy: str, seeds: Sequence[int]) -> tuple[float, list[dict[str, Any]]]:
    _warm(policy)
    start = time.perf_counter()
    records = play_chunk((policy, seeds))
    return time.perf_counter() - start, records


def all_cores(policy: str, seeds: Sequence[int], jobs: int) -> tuple[float, list[dict[str, Any]]]:
    chunks = [(policy, chunk) for chunk in _chunks(list(seeds), jobs)]  # as `tianting simulate` cuts them
    with multiprocessing.get_context("fork" if sys.platform == "linux" else "spawn").Pool(
            jobs, initializer=_warm, initargs=(policy,)) as pool:
        pool.map(abs, range(jobs * 4))  # every worker started and warmed up
        start = time.perf_counter()
        records = [r for chunk in pool.map(play_chunk, chunks, chunksize=1) for r in chunk]
        seconds = time.perf_counter() - start
    return seconds, records


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per measure (default 2000)")
    parser.add_argument("--policy", default="random", help="bot policy (default random)")
    parser.add_argument("--jobs", type=int, default=cores(), help="processes for all cores (default: every core)")
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args(argv)
    seeds = list(range(args.first_seed, args.first_seed + args.games))

    t1, rec1 = one_core(args.policy, seeds)
    tn, recn = all_cores(args.policy, seeds, args.jobs)
    assert rec1 == recn, "the same seeds gave other games in the pool"
    phases = statistics.median(r["phases"] for r in rec1)
    print(f"Python {sys.version.split()[0]}, policy {args.policy}, {args.games} games "
          f"(median {phases:g} phases, {sum(r['over'] for r in rec1)} ended)")
    print(f"{'run':<22} {'seconds':>8} {'ms/game':>8} {'games/s':>8}")
    print(f"{'1 core':<22} {t1:>8.2f} {t1 / args.games * 1e3:>8.2f} {args.games / t1:>8,.0f}")
    label = f"{args.jobs} cores (processes)"
    print(f"{label:<22} {tn:>8.2f} {tn / args.games * 1e3:>8.2f} {args.games / tn:>8,.0f}")
    print(f"speed-up {t1 / tn:.2f}x on {args.jobs} processes; records identical")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
