"""How much memory one folded game takes in the server's cache (``tianting.server.store.GameCache``).

    python3 benchmarks/bench_game_memory.py [--games 8]

Folds hosted games from their events (as the store does on a cache miss) and measures, with
tracemalloc, the memory each fold keeps: a game just created, one started (night 1 open), and
whole games played to their end by random legal bots (tests/hosting/test_hosted_full_games.py).
"""

from __future__ import annotations

import argparse
import copy
import gc
import statistics
import sys
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.hosting.test_hosted_full_games import play_hosted  # noqa: E402

from tianting.hosting import events as ev  # noqa: E402
from tianting.hosting.game import HostedGame  # noqa: E402


def kept(events: list) -> tuple[int, float]:
    """(bytes kept by a fold of ``events``, ms to fold them)."""
    import time

    gc.collect()
    tracemalloc.start()
    start = time.perf_counter()
    game = HostedGame.fold(copy.deepcopy(events))
    took = (time.perf_counter() - start) * 1000
    gc.collect()
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del game
    return size, took


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=8)
    args = parser.parse_args()
    rows = []
    for seed in range(1, args.games + 1):
        whole = play_hosted(seed)
        events = whole.events
        start = next(i for i, e in enumerate(events) if e.kind == ev.START)
        created, _ = kept(events[:1])
        started, started_ms = kept(events[:start + 1])
        finished, finished_ms = kept(events)
        rows.append((created, started, finished, len(whole.phases), finished_ms, started_ms))
        print(f"seed {seed}: created {created / 1024:.0f} KB, started {started / 1024:.0f} KB "
              f"({started_ms:.0f} ms), {len(whole.phases)} phases {finished / 1024:.0f} KB ({finished_ms:.0f} ms)")
    for name, i in (("created", 0), ("started", 1), ("whole game", 2)):
        print(f"median {name}: {statistics.median(r[i] for r in rows) / 1024:.0f} KB "
              f"(max {max(r[i] for r in rows) / 1024:.0f} KB)")
    print(f"median fold time, whole game: {statistics.median(r[4] for r in rows):.0f} ms; "
          f"phases {statistics.median(r[3] for r in rows)}")


if __name__ == "__main__":
    main()
