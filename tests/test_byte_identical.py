"""Speed work changes nothing: the same seeds give byte-identical games, transcripts and figures.

The digests (tests/fingerprint.py says what they cover) are stored in tests/fingerprint.json.
A change of the rules or the bots changes them on purpose; then regenerate with
``PYTHONPATH=src python3 -m tests.fingerprint --write`` and say so in the commit.
"""

from __future__ import annotations

import json

import pytest

from tests import fingerprint

STORED = json.loads(fingerprint.STORED.read_text())
REGENERATE = ("differs from tests/fingerprint.json: if the rules or the bots changed on purpose, "
              "regenerate it (PYTHONPATH=src python3 -m tests.fingerprint --write); a speed change must not")


@pytest.mark.parametrize("policy", fingerprint.POLICIES)
def test_bot_games_are_unchanged(policy: str) -> None:
    assert fingerprint.bot_games(policy) == STORED[f"bot_games/{policy}"], REGENERATE


def test_random_legal_games_are_unchanged() -> None:
    assert fingerprint.random_games() == STORED["random_games"], REGENERATE


@pytest.mark.parametrize("policy", fingerprint.POLICIES)
def test_study_figures_are_unchanged(policy: str) -> None:
    assert fingerprint.study(policy) == STORED[f"study/{policy}"], REGENERATE
