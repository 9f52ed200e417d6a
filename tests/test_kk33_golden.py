"""KK 3.3 byte for byte (issue 15: "KK 3.3 stays byte-identical: the existing transcripts, simulate
figures at a fixed seed and hosted-game replays before and after" the rule-set interface).

Every output of :mod:`tests.golden_kk33` (the example's transcript, random games, ``setup``,
``simulate`` with random and heuristic bots, hosted games' exports, replays and verification) must
hash to the digest recorded in ``tests/data/kk33-golden.json``. A meant change of KK 3.3's behaviour
(a skill built) is recorded by ``python3 -m tests.golden_kk33 --update``, said in the commit.
"""

from __future__ import annotations

import json

import pytest

from tests.golden_kk33 import DIGESTS, digest, outputs

PINNED = json.loads(DIGESTS.read_text(encoding="utf-8"))
MADE = dict(outputs())


def test_every_output_is_pinned():
    assert sorted(MADE) == sorted(PINNED)


@pytest.mark.parametrize("name", sorted(PINNED))
def test_kk33_output_is_byte_identical(name):
    assert digest(MADE[name]()) == PINNED[name], (
        f"{name} changed: if KK 3.3's behaviour changed on purpose, run "
        "`python3 -m tests.golden_kk33 --update`; else diff with --dump against the previous commit")
