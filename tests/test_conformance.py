"""One conformance test over every registered rule set (issue 30, item 5), as OpenSpiel's ``api_test``.

Parametrised by the registry itself (``tianting.rules.RULESETS`` when the module is collected), so a rule set
registered later cannot opt out, and by a toy fourth rule set (tests/data/toy_ruleset: the 24人 engine with a
12-character pack), registered for this module only. Every check goes through the public layers — the game
script (``tianting run``/``setup``, :func:`tianting.script.run_script`), the hosted game's events and fold, the
rule set's views and declarations — never a rule set's private parts; the bots are tests/conformance.py's, which
read only what a player is shown. Checked, for each rule set:

1. random legal games end (a winner, or none as the rules say, or peace) within the phase cap, every input the
   bots sent accepted by the strict script runner;
2. the same script replays to byte-identical transcripts (in process and through the CLI), and a whole hosted
   game's export verifies;
3. views leak nothing, by paired comparison: two games that differ only in what a player may not see (two other
   players' seats swapped; another player's night list or vote while the phase is open; the judge's private
   word to another player) give that player the same view;
4. every input the rule set declares (each active skill's targets and arguments, votes, the decisions its
   games ask, the judge's ruling effects, the phase inputs such as ``digits``) is accepted when legal and
   refused with a Chinese message, nothing changed, when not: generated from the declarations.

``-m slow`` plays more seeds.
"""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from tests import conformance
from tests.conformance import add, candidate, random_script
from tianting.cli import main
from tianting.core.errors import IllegalAction, ScriptError, TiantingError
from tianting.hosting import events as ev
from tianting.hosting.game import Refused
from tianting.hosting.verify import verify_export
from tianting.rules import RULESETS, load, register, unregister
from tianting.script import dump_transcript, play_script, run_script

TOY = "toy"
TOY_DIR = Path(__file__).parent / "data" / "toy_ruleset"
NAMES = (*RULESETS, TOY)
"""Every rule set registered when this module is collected, and the toy."""
SEEDS = (1, 2, 3)
SLOW_SEEDS = tuple(range(10, 40))
MAX_PHASES = 100
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module", autouse=True)
def toy_registered():
    """The toy rule set in the registry for this module's tests only (every layer reads the registry)."""
    register(TOY, "tests.data.toy_ruleset")
    yield
    unregister(TOY)


def chinese(exc: BaseException) -> str:
    message = getattr(exc, "message", None) or str(exc)
    assert CJK.search(message), f"not a Chinese message: {message!r}"
    return message


# ---- 1. random legal games end -------------------------------------------------------------------------
def check_game(name: str, seed: int) -> None:
    rules = load(name)
    script, played = random_script(rules, seed, MAX_PHASES)
    transcript = run_script(script)  # strict: any input the bots sent that the runner refuses raises
    assert all(phase["rejected"] == [] for phase in transcript["phases"])
    result = transcript["result"]
    assert result["over"], f"{name} seed {seed}: no end in {MAX_PHASES} phases"
    ids = {p["id"] for p in script["players"]}
    sides = {*rules.countries, rules.others, *rules.victory_markers}
    assert result["peace"] or all(w in sides or w in ids for w in result["winners"]), result
    assert transcript == played.transcript  # the fold's play, phase by phase, is the runner's


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", NAMES)
def test_random_legal_games_end(name, seed):
    check_game(name, seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", SLOW_SEEDS)
@pytest.mark.parametrize("name", NAMES)
def test_random_legal_games_end_slow(name, seed):
    check_game(name, seed)


# ---- 2. replays are identical; a hosted game verifies ---------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_setup_and_run_through_the_cli_replay_byte_for_byte(name, tmp_path, capsys):
    """``tianting setup`` deals a table; a game on it, run twice by ``tianting run``, gives the same bytes,
    those of :func:`run_script`."""
    rules = load(name)
    (tmp_path / "ids.txt").write_text("".join(f"玩家{n:02d}\n" for n in range(1, rules.players + 1)), "utf-8")
    assert main(["setup", "--rules", name, "--ids", str(tmp_path / "ids.txt"), "--seed", "7",
                 "--out", str(tmp_path / "setup.json")]) == 0
    start = json.loads((tmp_path / "setup.json").read_text("utf-8"))
    dealt = all(p.get("character") for p in start["players"])
    assert dealt is not rules.character_choice  # chosen by the players, or dealt by the rules
    seats = [{k: p[k] for k in ("id", "country", "identity", "character")} for p in start["players"]] if dealt else None
    script, _ = random_script(rules, 7, 12, seats)
    (tmp_path / "game.json").write_text(json.dumps(script, ensure_ascii=False), "utf-8")
    outs = []
    for n in (1, 2):
        assert main(["run", str(tmp_path / "game.json"), "--out", str(tmp_path / f"t{n}.json")]) == 0
        outs.append((tmp_path / f"t{n}.json").read_text("utf-8"))
    capsys.readouterr()
    assert outs[0] == outs[1] == dump_transcript(run_script(copy.deepcopy(script)))


@pytest.mark.parametrize("name", NAMES)
def test_a_whole_hosted_game_replays_and_its_export_verifies(name):
    game = conformance.play_hosted(load(name), 5, MAX_PHASES)
    assert game.over
    transcript = run_script(game.script(), lenient=True)
    for (index, phase), replayed in zip(game.published(), transcript["phases"], strict=True):
        assert phase.draft == replayed, f"phase {index}"
    verdict = verify_export(json.loads(json.dumps(game.export(reveal=True), ensure_ascii=False)))
    assert verdict.ok, verdict.failures
