"""The judge's hand work in 24人 and 鼎立三分2.0 games, and the speed of their studies (issue 31).

Run with ``PYTHONPATH=src python3 benchmarks/bench_judge_work.py [--games N] [--before DIR …] [--repeat R]``. Not collected by
pytest (the suite's testpaths is ``tests/``).

Over ``--games`` random games per rule set, the random bots use a character skill **every night they can**
(:meth:`tianting.rules.sg24.bots.RandomBots.at_rate` 1.0, the most the judge could be asked). Each night counts:

* **judge-ruled uses**: the night's character-skill uses the engine leaves to the judge, as the history marks them
  (``judged: true``); beside it the draft's 「请天庭裁定」 lines (not quite the same count: a judged use the night
  dropped asks nothing, and the draft also asks for other rulings, such as last words naming several ids);
* **passive notices**: the passive skills in play that night the engine does not resolve
  (``game.unbuilt_passives()``: the judge must watch for them).

Printed: mean and max per night, for each rule set, beside the issue's targets (0.5 judge-ruled uses a night in
24人, 0.8 in 鼎立). Then the studies' speed: ``tianting simulate --games N --jobs 1`` of this tree, and, with
``--before DIR`` (a tree to compare, e.g. main exported by ``git -C /work/main archive main | tar -x -C DIR``),
the same command run from there.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tianting.rules.dingli2 import bots as dingli_bots
from tianting.rules.sg24 import bots as sg24_bots

TARGETS = {"sg24": 0.5, "dingli2": 0.8}
"""The issue's targets: judge-ruled uses a night, at most."""
BOTS = {"sg24": sg24_bots.BOTS, "dingli2": dingli_bots.BOTS}
ASKS = "请天庭裁定"


def judge_work(rules: str, games: int) -> dict[str, Any]:
    """Per night of ``games`` games at skill rate 1.0: judge-ruled uses and passive notices."""
    bots = BOTS[rules].at_rate(1.0)
    judged: list[int] = []
    asks: list[int] = []
    passives: list[int] = []
    for seed in range(games):
        def watch(game: Any, actions: Sequence[Any]) -> None:
            passives.append(len(game.unbuilt_passives()))

        game, _ = bots.play(seed, watch=watch)
        for result, entry in zip(game.results, game.state.history, strict=True):
            if result.phase != "night":
                continue
            asks.append(sum(1 for w in result.warnings if w.startswith(ASKS)))
            judged.append(sum(1 for a in entry.get("actions", ()) if a.get("judged")))
    return {"nights": len(judged), "judged_mean": statistics.fmean(judged), "judged_max": max(judged),
            "asks_mean": statistics.fmean(asks), "asks_max": max(asks),
            "passive_mean": statistics.fmean(passives), "passive_max": max(passives)}


def study_speed(rules: str, games: int, tree: Path, repeat: int) -> tuple[float, float]:
    """The best games/s of ``repeat`` runs of ``tianting simulate --rules RULES --games GAMES --jobs 1`` from
    ``tree``'s src (the machine is shared: the best run is the least disturbed), and the games' mean phases."""
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    best, phases = 0.0, 0.0
    for _ in range(repeat):
        done = subprocess.run([sys.executable, "-m", "tianting", "simulate", "--rules", rules, "--games", str(games),
                               "--jobs", "1", "--quiet", "--json"], env=env, capture_output=True, text=True, check=True)
        figures = json.loads(done.stdout)
        best = max(best, figures["run"]["games_per_second"])
        phases = figures["length"]["phases"]["mean"]
    return best, phases


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games per rule set (default 30)")
    parser.add_argument("--study-games", type=int, default=40, help="games of each timed study (default 40)")
    parser.add_argument("--before", type=Path, action="append", default=[],
                        help="a tree to time beside this one (its src/ is run); may be given more than once")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each timed study (the best is shown)")
    args = parser.parse_args(argv)
    for rules in ("sg24", "dingli2"):
        w = judge_work(rules, args.games)
        verdict = "met" if w["judged_mean"] <= TARGETS[rules] else "not met"
        print(f"{rules}: {args.games} games, {w['nights']} nights at skill rate 1.0: judge-ruled uses a night "
              f"mean {w['judged_mean']:.2f}, max {w['judged_max']} (target ≤ {TARGETS[rules]}: {verdict}; "
              f"「{ASKS}」 lines mean {w['asks_mean']:.2f}, max {w['asks_max']}); "
              f"passive notices a night mean {w['passive_mean']:.2f}, max {w['passive_max']}")
    here = Path(__file__).resolve().parents[1]
    for rules in ("sg24", "dingli2"):
        for tree in (here, *args.before):
            speed, phases = study_speed(rules, args.study_games, tree, args.repeat)
            print(f"{rules} study ({args.study_games} games, 1 job, best of {args.repeat}) from {tree}: "
                  f"{speed} games/s, {phases} phases a game ({speed * phases:.0f} phases/s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
