"""The behaviour fingerprint of the engine, the bots and ``tianting simulate``: SHA-256 digests of

* whole bot games (``play_game``, both policies): every record, every phase's result (announcement,
  feedback, decisions, deaths, trace, draws, warnings) and the final truth;
* random legal games (``tianting.randomplay``): each generated script and its transcript's bytes;
* small seeded studies (``simulate``, both policies): the figures, without how the run went.

A speed change must leave every digest as it was (tests/test_byte_identical.py compares them with
tests/fingerprint.json). A change of the rules changes them on purpose: then regenerate with

    PYTHONPATH=src python3 -m tests.fingerprint --write

and say so in the commit.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
from pathlib import Path
from typing import Any

STORED = Path(__file__).with_name("fingerprint.json")
BOT_GAMES = 24
RANDOM_GAMES = 12
STUDY_GAMES = 24
POLICIES = ("random", "heuristic")


def _digest(parts: list[Any]) -> str:
    h = hashlib.sha256()
    for part in parts:
        text = part if isinstance(part, str) else json.dumps(part, ensure_ascii=False, default=repr)
        h.update(text.encode())
        h.update(b"\x00")
    return h.hexdigest()


def bot_games(policy: str, games: int = BOT_GAMES) -> str:
    from tianting.bots.play import play_game_kept

    parts: list[Any] = []
    for seed in range(games):
        game, record = play_game_kept(seed, policy)
        parts.append(record.as_json())
        parts.extend(dataclasses.asdict(result) for result in game.results)
        parts.append(game.truth_players())
    return _digest(parts)


def random_games(games: int = RANDOM_GAMES) -> str:
    from tianting.randomplay import play_random
    from tianting.script import dump_transcript

    parts: list[Any] = []
    for seed in range(games):
        played = play_random(seed, 40)
        assert played.transcript is not None
        parts += [played.script, dump_transcript(played.transcript)]
    return _digest(parts)


def study(policy: str, games: int = STUDY_GAMES) -> str:
    from tianting.simulate import Study, simulate

    figures = simulate(Study(games=games, seed=5, policy=policy), jobs=1)
    figures.pop("run")
    return _digest([figures])


def compute(scale: int = 1) -> dict[str, str]:
    """Every digest; ``scale`` plays that many times more games (a deeper check, not stored)."""
    out = {f"bot_games/{p}": bot_games(p, BOT_GAMES * scale) for p in POLICIES}
    out["random_games"] = random_games(RANDOM_GAMES * scale)
    out.update({f"study/{p}": study(p, STUDY_GAMES * scale) for p in POLICIES})
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description="the engine's behaviour fingerprint")
    parser.add_argument("--write", action="store_true", help=f"store it in {STORED.name}")
    parser.add_argument("--scale", type=int, default=1,
                        help="play N times more games and print the digests (compare two runs by hand)")
    args = parser.parse_args()
    now = compute(args.scale)
    text = json.dumps(now, indent=2) + "\n"
    print(text, end="")
    if args.scale != 1:
        return 0
    if args.write:
        STORED.write_text(text)
    elif STORED.exists() and json.loads(STORED.read_text()) != now:
        print("differs from", STORED)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
