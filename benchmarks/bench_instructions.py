"""Machine instructions per bot game, counted by valgrind: a speed measure a busy machine does not blur.

    python3 benchmarks/bench_instructions.py [--games 4] [--policy random] [--src DIR ...]

Timings on a machine shared with other work vary by ±10 % or more from one run to the next, so a
change worth a few per cent cannot be seen in them. This counts the instructions the interpreter
executes (valgrind's callgrind, about 50 times slower than a normal run) for ``--games`` bot games
after one warm-up game, minus the same run with no game (start-up and imports), and prints the count
per game for each ``--src`` (a tree holding the ``tianting`` package, e.g. a checkout of the
previous commit: ``git worktree add /tmp/before HEAD~1``), so that two versions are compared on the
same seeds. Requires ``valgrind`` (Debian: ``apt-get install valgrind``).
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

PROGRAM = """
from tianting.bots.play import play_game
play_game(0, {policy!r})
for seed in range(1, 1 + {games}):
    play_game(seed, {policy!r})
"""


def instructions(src: str, policy: str, games: int) -> int:
    """Instructions executed by a Python process that plays ``games`` games (after a warm-up).

    Address-space randomisation is turned off where ``setarch`` can (``setarch -R``) and the hash
    seed is fixed: with both, runs of the same tree agree to about 0.1 %."""
    env = {**os.environ, "PYTHONPATH": src, "PYTHONHASHSEED": os.environ.get("PYTHONHASHSEED", "0")}
    fixed = ["setarch", "-R"] if shutil.which("setarch") else []
    proc = subprocess.run(
        [*fixed, "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c",
         PROGRAM.format(policy=policy, games=games)],
        capture_output=True, text=True, env=env, check=True)
    found = re.search(r"Collected : (\d+)", proc.stderr)
    if found is None:
        raise SystemExit(f"valgrind gave no count:\n{proc.stderr[-2000:]}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--policy", default="random")
    parser.add_argument("--src", action="append", help="a tree with the tianting package (default: this one)")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    sources = args.src or [str(Path(__file__).resolve().parents[1] / "src")]
    print(f"Python {sys.version.split()[0]}, policy {args.policy}, games 1..{args.games} after a warm-up")
    first = None
    for src in sources:
        compileall.compile_dir(src, quiet=1)  # not the first run's cost: it would count the compiling of every module
        per_game = (instructions(src, args.policy, args.games) - instructions(src, args.policy, 0)) / args.games
        first = first or per_game
        print(f"{per_game / 1e6:10.1f} M instructions/game  {first / per_game:5.3f}x  {src}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
