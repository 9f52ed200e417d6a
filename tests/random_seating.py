"""Random legal play with one character preferred: the check every per-country random-play test shares."""

from __future__ import annotations

from tianting.randomplay import play_random


def assert_played_cleanly(character: str, seeds: range, max_phases: int = 40) -> None:
    """Over ``seeds``, ``character`` comes into play at least once (seated, or reincarnated into) and no
    action of any generated script is rejected on replay."""
    played = 0
    for seed in seeds:
        game = play_random(seed, max_phases=max_phases, prefer=[character])
        assert game.transcript is not None
        in_play = {p["character"] for phase in game.transcript["phases"]
                   for p in phase["truth"]["players"].values()}
        played += character in in_play
        for phase in game.transcript["phases"]:
            assert phase["rejected"] == []
    assert played >= 1
