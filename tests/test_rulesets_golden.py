"""The 24人 rules and 鼎立三分2.0 byte for byte (issue 30, "How, safely": "Before anything moves, record golden
digests for 24人 and 鼎立 as KK 3.3 has (example transcripts, random games, setups, hosted exports with BBCode and
`verify`). Every later commit keeps every digest byte-identical").

Every output of :mod:`tests.golden_rulesets` (examples, random games, random games with the judge's rulings,
``setup``, ``simulate``, hosted games' exports, replays, BBCode and verification) must hash to the digest recorded
in ``tests/data/rulesets-golden.json``. A meant change of behaviour is recorded by
``python3 -m tests.golden_rulesets --update``, said in the commit.
"""

from __future__ import annotations

import json

import pytest

from tests.golden_kk33 import digest
from tests.golden_rulesets import DIGESTS, outputs, ruled_play

PINNED = json.loads(DIGESTS.read_text(encoding="utf-8"))
MADE = dict(outputs())


def test_every_output_is_pinned():
    assert sorted(MADE) == sorted(PINNED)


@pytest.mark.parametrize("name", sorted(PINNED))
def test_ruleset_output_is_byte_identical(name):
    assert digest(MADE[name]()) == PINNED[name], (
        f"{name} changed: if the rule set's behaviour changed on purpose, run "
        "`python3 -m tests.golden_rulesets --update`; else diff with --dump against the previous commit")


@pytest.mark.parametrize("rules", ["sg24", "dingli2"])
def test_the_ruled_games_carry_every_effect_of_the_judge(rules):
    """The pinned games with rulings exercise each effect the rule set's judge may rule (game-script.md
    ``rulings``), so that moving the rulings into one table is checked effect by effect."""
    from tianting.rules import load

    seen = {r["effect"] for seed in range(8) for phase in ruled_play(rules, seed)["phases"]
            for r in phase.get("rulings", [])}
    assert seen == set(load(rules).ruling_effects())
