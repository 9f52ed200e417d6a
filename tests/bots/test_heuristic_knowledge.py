"""The heuristic's fast readings of its knowledge are the plain readings they stand for.

``Knowledge.first_suspect`` is ``suspects()[0]`` (of the options given), ``others_but`` and
``others_among`` are the comprehensions over ``living_others()`` their docstrings name, and
``my_lord`` is the first living friend lord in seat order: checked on random tables and on every
knowledge the heuristic reads in whole games (its choices depend on them, draw for draw).
"""

from __future__ import annotations

import random

import pytest

from tianting.bots import heuristic
from tianting.bots.heuristic import Knowledge
from tianting.bots.play import play_game

IDS = [f"P{i:02d}" for i in range(1, 23)]


def test_groups_by_places_are_the_plain_groups():
    rng = random.Random(3)
    for _ in range(3000):
        know = Knowledge.__new__(Knowledge)
        know.alive = [pid for pid in IDS if rng.random() < 0.7]
        know.seat = {pid: i for i, pid in enumerate(know.alive)}
        know.me = rng.choice(IDS)  # alive or not (涅槃's posthumous voter)
        outs = [set(rng.sample(IDS, rng.randint(0, 9))) for _ in range(rng.randint(0, 2))]
        others = [pid for pid in know.alive if pid != know.me]
        assert know.others_but(*outs) == [pid for pid in others if not any(pid in out for out in outs)]
        kept = set(rng.sample(IDS, rng.randint(0, 10)))
        assert know.others_among(kept) == [pid for pid in others if pid in kept]
        assert know.living_others() == others


@pytest.mark.parametrize("chibi", [False, True])
def test_fast_readings_on_whole_games(monkeypatch, chibi):
    """On every knowledge read in whole heuristic games: the first suspect (of every option list a
    decision offers, too) is the first of ``suspects()``; ``my_lord`` the plain first friend lord."""
    whole = heuristic.Knowledge
    seen = {"reads": 0, "suspects": 0}

    class Checked(whole):
        __slots__ = ()

        def __init__(self, view, memo=None):
            super().__init__(view, memo)
            suspects = self.suspects()
            assert self.first_suspect() == (suspects[0] if suspects else None)
            among = self.alive[::2]
            kept = [pid for pid in suspects if pid in among]
            assert self.first_suspect(among) == (kept[0] if kept else None)
            lords = [pid for pid in self.living_others() if self.friend(pid) and self.identity.get(pid) == "君主"]
            assert self.my_lord() == (lords[0] if lords else None)
            seen["reads"] += 1
            seen["suspects"] += bool(suspects)

    monkeypatch.setattr(heuristic, "Knowledge", Checked)
    for seed in range(8):
        play_game(seed, "heuristic", chibi=chibi)
    assert seen["suspects"] > 100 and seen["reads"] > seen["suspects"]
