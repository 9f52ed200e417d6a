"""A study's memory does not grow with its number of games: the records are folded into counts.

    python3 benchmarks/bench_study_memory.py [--games 200,800,3200] [--policy random] [--jobs 2]

Runs ``tianting.simulate.run_study`` at each size under ``tracemalloc`` and prints this process's
peak of traced memory while the study ran and what the study's result still holds afterwards:
once with the records folded into a ``Tally`` as each game ends (what ``tianting simulate`` does),
once with every record kept as well (``keep_records=True``, how studies worked before) for
comparison. With ``--jobs 1`` the games are played in this process, so the peak includes the
biggest game played (a long game's state and results; it does not grow with the number of games)
and tracemalloc slows them several times; with more jobs (the default, 2) it is the parent's
alone, the workers sending back counts.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
import tracemalloc

from tianting.simulate import Study, run_study


def measure(games: int, policy: str, jobs: int, keep: bool) -> tuple[int, int, float]:
    """(peak bytes traced during the study, bytes its result still holds, seconds)."""
    gc.collect()
    tracemalloc.start()
    start = time.perf_counter()
    run = run_study(Study(games=games, seed=1, policy=policy), jobs=jobs, keep_records=keep)
    seconds = time.perf_counter() - start
    gc.collect()
    held, peak = tracemalloc.get_traced_memory()  # ``run`` is alive: what it holds is counted
    tracemalloc.stop()
    assert run.tally.games == games
    return peak, held, seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="200,800,3200", help="study sizes, comma-separated")
    parser.add_argument("--policy", default="random")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    sizes = [int(x) for x in args.games.split(",")]
    run_study(Study(games=2, seed=0, policy=args.policy), jobs=1)  # imports and caches first
    print(f"Python {sys.version.split()[0]}, policy {args.policy}, jobs {args.jobs}")
    print(f"{'games':>7} {'mode':<14} {'peak KB':>9} {'held KB':>9} {'held B/game':>12} {'s':>6}")
    for games in sizes:
        for keep in (False, True):
            peak, kept, seconds = measure(games, args.policy, args.jobs, keep)
            mode = "records kept" if keep else "counts folded"
            print(f"{games:>7} {mode:<14} {peak / 1024:>9.0f} {kept / 1024:>9.1f} {kept / games:>12.0f} "
                  f"{seconds:>6.1f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
