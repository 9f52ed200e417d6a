#!/usr/bin/env python3
"""Play the ``pytest -m slow`` random games of every form in pieces, resumably, and record the result.

The games are exactly the slow test's (``tests/test_random_play_all_forms.py``: ``play_chunk`` over
chunks of :data:`CHUNK` seeds; each game replayed through the script runner, then
``check_invariants``); only the bookkeeping differs. Every finished chunk is appended to a JSON-lines
log as it ends (its seeds, failures, the forms that came into play, how many games ended), so a run
stopped at any time resumes where it was: chunks already in the log are not played again.

Usage (from the repository root)::

    PYTHONPATH=src nice -n 19 python3 tools/slow_random_play.py run --log slow.jsonl \\
        [--first 1000000] [--games 100000] [--jobs 1] [--stop-at HH:MM]
    python3 tools/slow_random_play.py summary --log slow.jsonl [--first 1000000] [--games 100000]

``summary`` prints the seeds covered, the failures, how many games ended, and the forms never in play
(exit status 1 when a game failed). Several ``run`` processes may share one log (each appends whole
lines); give them different ``--first``/``--games`` ranges, or the same one to play its chunks twice.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from datetime import UTC, datetime
from itertools import islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests package, from any directory

from tests.test_random_play_all_forms import (  # noqa: E402 — after the path
    CHUNK,
    play_chunk,
    seatable_forms,
    slow_range,
)


def chunks(first: int, games: int, size: int = CHUNK) -> list[range]:
    """The slow test's chunks of ``range(first, first + games)``."""
    end = first + games
    return [range(s, min(s + size, end)) for s in range(first, end, size)]


def read_log(path: Path) -> list[dict]:
    if not path.exists():
        return []
    records = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError:  # a line cut by a stop mid-write: that chunk is played again
                continue
    return records


def latest(records: list[dict]) -> dict[tuple[int, int], dict]:
    """Each chunk's latest play (a chunk played again after a fix counts as played last)."""
    return {(r["first"], r["stop"]): r for r in records}


def commit() -> str:
    """The code the games run: the repository's commit, ``+`` when its files differ from it."""
    root = Path(__file__).resolve().parent.parent
    if (root / ".commit").exists():  # a copy made by `git archive` (see the README): the commit it was made from
        return (root / ".commit").read_text(encoding="utf-8").strip()
    try:
        head = subprocess.run(["git", "-C", str(root), "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+" if dirty else "")


def _play(seeds: range, code: str) -> dict:
    start = time.monotonic()
    failures, seen, ended = play_chunk(seeds)
    return {"first": seeds.start, "stop": seeds.stop, "failures": failures, "seen": dict(seen),
            "ended": ended, "seconds": round(time.monotonic() - start, 1),
            "at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"), "commit": code}


def _past(stop_at: str | None) -> bool:
    if not stop_at:
        return False
    hour, minute = map(int, stop_at.split(":"))
    now = datetime.now(UTC)
    return (now.hour, now.minute) >= (hour, minute)


def run(args: argparse.Namespace) -> int:
    log = Path(args.log)
    done = latest(read_log(log))
    todo = [c for c in chunks(args.first, args.games)
            if (c.start, c.stop) not in done or (args.again_failed and done[c.start, c.stop]["failures"])]
    code = commit()
    print(f"{len(todo)} chunks of {CHUNK} to play from seed {args.first}", flush=True)
    failed = 0

    def record(result: dict) -> None:
        nonlocal failed
        with log.open("a", encoding="utf-8") as out:
            out.write(json.dumps(result, ensure_ascii=False, sort_keys=True) + "\n")
        failed += len(result["failures"])
        print(f"{result['at']} seeds {result['first']}..{result['stop'] - 1}: {len(result['failures'])} failed, "
              f"{result['ended']} ended, {result['seconds']} s", flush=True)
        for failure in result["failures"]:
            print("  " + failure, flush=True)

    if args.jobs <= 1:
        for seeds in todo:
            if _past(args.stop_at):
                break
            record(_play(seeds, code))
        return 1 if failed else 0
    pending = iter(todo)
    with ProcessPoolExecutor(args.jobs, mp_context=multiprocessing.get_context("forkserver")) as pool:
        running = {pool.submit(_play, seeds, code) for seeds in islice(pending, args.jobs)}
        while running:
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                record(future.result())
                if not _past(args.stop_at):
                    running |= {pool.submit(_play, seeds, code) for seeds in islice(pending, 1)}
    return 1 if failed else 0


def summary(args: argparse.Namespace) -> int:
    wanted = {(c.start, c.stop) for c in chunks(args.first, args.games)}
    records = {key: r for key, r in latest(read_log(Path(args.log))).items() if key in wanted}
    games = sum(stop - first for first, stop in records)
    failures = [f for r in records.values() for f in r["failures"]]
    seen: Counter[str] = Counter()
    for r in records.values():
        seen.update(r["seen"])
    ended = sum(r["ended"] for r in records.values())
    from tianting.rules.kk33 import roster

    missing = sorted(set(roster().characters) - set(seen))
    gaps = sorted(wanted - set(records))
    print(f"{games} of {args.games} games from seed {args.first} played ({len(gaps)} chunks of {CHUNK} left), "
          f"{len(seatable_forms())} seatable forms: {ended} ended, {games - ended - len(failures)} reached the "
          f"phase cap, {len(failures)} failed; {len(seen)} forms in play, rarest: "
          f"{sorted(seen.items(), key=lambda kv: (kv[1], kv[0]))[:5]}")
    if gaps:
        print(f"first unplayed chunk: seeds {gaps[0][0]}..{gaps[0][1] - 1}")
    if missing:
        print(f"never in play: {missing}")
    for failure in failures:
        print("  " + failure)
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("run", "summary"):
        p = sub.add_parser(name)
        p.add_argument("--log", required=True, help="JSON-lines log, one finished chunk a line")
        p.add_argument("--first", type=int, default=slow_range()[0], help="default: the slow test's first seed")
        p.add_argument("--games", type=int, default=slow_range()[1], help="default: the slow test's count")
        if name == "run":
            p.add_argument("--jobs", type=int, default=1)
            p.add_argument("--stop-at", help="UTC HH:MM after which no new chunk starts")
            p.add_argument("--again-failed", action="store_true",
                           help="play again the chunks whose latest play had a failure (after a fix)")
    args = parser.parse_args(argv)
    return run(args) if args.command == "run" else summary(args)


if __name__ == "__main__":
    sys.exit(main())
