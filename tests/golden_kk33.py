"""KK 3.3's outputs, pinned byte for byte: the example scripts' transcripts, random games' scripts and
transcripts, ``setup`` at fixed seeds, ``simulate`` figures at fixed seeds (random and heuristic bots,
random tables and a fixed one), and hosted games' exports, replays and verification.

The rule-set interface (docs/dev/ruleset-interface.md) moved every upper layer off ``kk33`` by name
without changing one byte of these; ``tests/test_kk33_golden.py`` keeps it so. Each output is pinned by
its SHA-256 in ``tests/data/kk33-golden.json``. A change to KK 3.3's behaviour that is meant (a skill
built, a ruling changed) changes some digests: regenerate them, and say so in the commit::

    PYTHONPATH=src python3 -m tests.golden_kk33 --update        # rewrite the digests
    PYTHONPATH=src python3 -m tests.golden_kk33 --dump DIR      # write every output, to diff two trees

To tell a refactoring's change from a rules change after a merge, print the digests of both trees and
compare (a pure refactoring leaves them equal). The other tree must be a committed one, e.g.
``git archive main src | tar -x -C /tmp/ref`` then ``PYTHONPATH=/tmp/ref/src:. python3 -m tests.golden_kk33``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIGESTS = ROOT / "tests" / "data" / "kk33-golden.json"
EXAMPLES = ROOT / "examples"
IDS = [f"玩家{i:02d}" for i in range(1, 23)]
RANDOM_SEEDS = range(0, 12)
SIMULATE_GAMES = 24
HOSTED_SEEDS = (1, 2)


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def _examples() -> Iterator[tuple[str, Callable[[], str]]]:
    from tianting.script import dump_transcript, load_script, run_script

    for path in sorted(EXAMPLES.glob("kk33-*.json")):
        yield f"example/{path.name}", lambda path=path: dump_transcript(
            run_script(load_script(path.read_text(encoding="utf-8"))))


def _random_games() -> Iterator[tuple[str, Callable[[], str]]]:
    from tianting.randomplay import random_script
    from tianting.script import dump_transcript, run_script

    def one(seed: int) -> str:
        script = random_script(seed, 40)
        return _json(script) + dump_transcript(run_script(script))

    for seed in RANDOM_SEEDS:
        yield f"random/{seed}", lambda seed=seed: one(seed)


def _setups() -> Iterator[tuple[str, Callable[[], str]]]:
    from tianting.script import dump_transcript
    from tianting.setup import draw_setup

    for seed in (1, 5, 2026):
        yield f"setup/{seed}", lambda seed=seed: dump_transcript(draw_setup("kk33", IDS, seed))
    yield "setup/chibi/5", lambda: dump_transcript(draw_setup("kk33", IDS, 5, chibi=True))  # R29's table option


def _simulations() -> Iterator[tuple[str, Callable[[], str]]]:
    from tianting.script import _seats, load_script
    from tianting.simulate.report import dump_figures
    from tianting.simulate.runner import Study, simulate

    def one(policy: str, seed: int, fixed: bool, chibi: bool = False) -> str:
        seats = None
        if fixed:
            seats = tuple(_seats(load_script((EXAMPLES / "kk33-first-night.json").read_text(encoding="utf-8"))))
        extra = {"chibi": True} if chibi else {}
        figures = simulate(Study(games=SIMULATE_GAMES, seed=seed, policy=policy, seats=seats,
                                 setup_name="example" if fixed else None, **extra), jobs=1)
        figures.pop("run", None)  # timings
        return dump_figures(figures)

    for policy in ("random", "heuristic"):
        for seed in (1, 7):
            yield f"simulate/{policy}/{seed}", lambda p=policy, s=seed: one(p, s, False)
        yield f"simulate/{policy}/fixed", lambda p=policy: one(p, 3, True)
    yield "simulate/random/chibi", lambda: one("random", 5, False, chibi=True)


def _hosted() -> Iterator[tuple[str, Callable[[], str]]]:
    from tests.hosting.test_hosted_full_games import play_hosted
    from tianting.hosting import bbcode
    from tianting.hosting.verify import verify_export
    from tianting.hosting.views import public_view, replay_view

    def one(seed: int) -> str:
        game = play_hosted(seed)
        export = game.export(reveal=True)
        verdict = verify_export(json.loads(json.dumps(export)))
        public = public_view(game)
        return (_json(export) + _json(replay_view(game)) + bbcode.thread(public)
                + _json({"ok": verdict.ok, "failures": verdict.failures}))

    for seed in HOSTED_SEEDS:
        yield f"hosted/{seed}", lambda seed=seed: one(seed)


def outputs() -> Iterator[tuple[str, Callable[[], str]]]:
    """(name, make the output) for every pinned output, in a fixed order."""
    for group in (_examples, _random_games, _setups, _simulations, _hosted):
        yield from group()


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def run(argv: list[str] | None, doc: str | None, made: Iterator[tuple[str, Callable[[], str]]],
        stored: Path) -> int:
    """The command line of a golden module (this one and ``tests.golden_rulesets``): print, ``--dump`` or
    ``--update`` the digests of ``made`` (name, make the output) kept in ``stored``."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--update", action="store_true", help=f"rewrite tests/data/{stored.name}")
    parser.add_argument("--dump", metavar="DIR", help="write every output into DIR")
    args = parser.parse_args(argv)
    digests = {}
    for name, make in made:
        text = make()
        digests[name] = digest(text)
        if args.dump:
            target = Path(args.dump) / (name.replace("/", "__") + ".txt")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    if args.update:
        stored.parent.mkdir(parents=True, exist_ok=True)
        stored.write_text(json.dumps(digests, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    if not args.update and not args.dump:
        sys.stdout.write(json.dumps(digests, ensure_ascii=False, indent=1) + "\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    return run(argv, __doc__, outputs(), DIGESTS)


if __name__ == "__main__":
    sys.exit(main())
