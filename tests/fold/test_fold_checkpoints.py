"""Issue 28, item 1: "If a checkpoint is stored in the database, it is a cache: derived, versioned, thrown away and
rebuilt when the code changes, never trusted over the events" — and the fold stays "a pure function of the events
(same bytes as today for every stored game)".

A game folded on from a checkpoint (server/checkpoints.py: the folded game pickled after each published phase and
read back) must give every page the same bytes as the game folded from its first event: the digests recorded in
tests/data/fold-digests.json, for every fixture and a sample of the random corpus.
"""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys

import pytest

from tests.fold import corpus
from tianting.hosting.events import Event
from tianting.hosting.game import HostedGame
from tianting.server import checkpoints

RECORDED = json.loads(corpus.DIGESTS.read_text(encoding="utf-8"))
FIXTURES = corpus.fixtures()
SAMPLE = 1 if os.environ.get("TIANTING_FOLD_ALL") == "1" else 40
"""Every 40th random game and every 8th fixture (``TIANTING_FOLD_ALL=1``: all of them)."""


@pytest.mark.parametrize("index", range(0, len(FIXTURES), 1 if SAMPLE == 1 else 8))
def test_a_fixture_folded_on_from_its_checkpoints_gives_the_same_bytes(index):
    assert corpus.digest(FIXTURES[index], checkpointed=True) == RECORDED[f"fixture-{index}"]


@pytest.mark.parametrize("rules,seed", [(rules, seed) for rules, count in corpus.RANDOM_GAMES.items()
                                        for seed in range(3, count + 1, SAMPLE)])
def test_a_random_game_folded_on_from_its_checkpoints_gives_the_same_bytes(rules, seed):
    assert corpus.digest(corpus.random_game(rules, seed), checkpointed=True) == RECORDED[f"{rules}-{seed}"]


def folded(events):
    game = HostedGame()
    for raw in events:
        game.apply(Event.from_json(raw))
    return game


DUMP_ELSEWHERE = """
import json, sys
from tianting.hosting.events import Event
from tianting.hosting.game import HostedGame
from tianting.server import checkpoints
events = json.loads(sys.stdin.read())
game = HostedGame()
for raw in events:
    game.apply(Event.from_json(raw))
sys.stdout.buffer.write(checkpoints.dump(game))
"""


@pytest.mark.parametrize("rules,seed", [("kk33", 5), ("sg24", 5), ("dingli2", 4)])
def test_a_checkpoint_written_by_another_process_folds_on_to_the_same_bytes(rules, seed):
    """Another worker (its own string hashing: ``PYTHONHASHSEED``) writes the checkpoint halfway through the
    game; this process goes on from it to the end: same pages as the fold from the first event."""
    events = corpus.random_game(rules, seed)
    half = len(events) // 2
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": os.pathsep.join(sys.path)}
    blob = subprocess.run([sys.executable, "-c", DUMP_ELSEWHERE], input=json.dumps(events[:half]).encode(),
                          env=env, capture_output=True, check=True).stdout
    game = checkpoints.load(blob)
    for raw in events[half:]:
        game.apply(Event.from_json(raw))
    whole = folded(events)
    assert corpus._json(corpus._all_outputs(game, True)) == corpus._json(corpus._all_outputs(whole, True))


class Boom:
    def __reduce__(self):
        return (os.system, ("echo pwned > /dev/null",))


def test_a_checkpoint_naming_anything_but_the_games_own_classes_is_refused_before_anything_runs():
    """A row edited to run code (here ``os.system``) never loads: the fold reads the events instead."""
    forged = checkpoints.FORMAT + b"\n" + __import__("zlib").compress(pickle.dumps(Boom()))
    with pytest.raises(checkpoints.Unsafe, match="system"):
        checkpoints.load(forged)
    for name in ("builtins.eval", "builtins.getattr", "subprocess.Popen", "tianting.server.checkpoints.__builtins__"):
        module, attr = name.rsplit(".", 1)
        text = pickle.PROTO + bytes([2]) + pickle.GLOBAL + f"{module}\n{attr}\n".encode() + pickle.STOP
        with pytest.raises(checkpoints.Unsafe):
            checkpoints.load(checkpoints.FORMAT + b"\n" + __import__("zlib").compress(text))


def test_a_checkpoint_of_another_format_or_of_something_else_is_refused():
    with pytest.raises(pickle.UnpicklingError):
        checkpoints.load(b"tianting-fold/0\n" + __import__("zlib").compress(pickle.dumps(HostedGame())))
    with pytest.raises(pickle.UnpicklingError, match="hosted game"):
        checkpoints.load(checkpoints.FORMAT + b"\n" + __import__("zlib").compress(pickle.dumps([1, 2])))
