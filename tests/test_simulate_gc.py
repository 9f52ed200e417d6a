"""A study's chunk runs the cyclic garbage collector once per game (``runner._collected_per_game``):
the collector is as the caller left it afterwards, and the games are the same (the study digests of
tests/test_byte_identical.py pin that)."""

from __future__ import annotations

import gc

from tianting.simulate.runner import _collected_per_game, game_seed, tally_chunk


def test_collector_off_during_games_and_restored_after():
    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    with _collected_per_game() as game_over:
        assert not gc.isenabled()
        assert gc.get_freeze_count() > 0  # what was alive before the games is out of the collector's sight
        garbage: list[object] = []
        garbage.append(garbage)  # a reference cycle, left by a game
        del garbage
        game_over()
        assert gc.get_count()[0] < 10  # the youngest generation was collected (what the assert makes aside)
        assert not gc.isenabled()
    assert gc.isenabled()
    assert gc.get_freeze_count() == frozen


def test_a_caller_that_turned_the_collector_off_keeps_it_off():
    gc.disable()
    try:
        with _collected_per_game() as game_over:
            game_over()
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_collector_restored_when_a_game_fails():
    frozen = gc.get_freeze_count()
    try:
        with _collected_per_game():
            raise RuntimeError("a game failed")
    except RuntimeError:
        pass
    assert gc.isenabled() and gc.get_freeze_count() == frozen


def test_chunk_tallies_the_same_with_the_collector_off():
    seeds = [game_seed(3, i) for i in range(3)]
    with_policy, _ = tally_chunk("random", seeds, None, 12)
    gc.disable()
    try:
        without, _ = tally_chunk("random", seeds, None, 12)
    finally:
        gc.enable()
    assert with_policy.figures() == without.figures()


def test_a_bot_game_is_freed_by_reference_counts():
    """A game leaves no reference cycle (the phases are emptied as they end, ``kk33.game._release``;
    the bots' checker keeps refusals, not exceptions with their tracebacks): what a game made is freed
    as it ends, and the collection after it (``_collected_per_game``) has nothing left to find."""
    from tianting.bots.play import play_game

    play_game(0, "random")  # caches filled once per process are not the game's
    gc.collect()
    gc.disable()
    try:
        for policy in ("random", "heuristic"):
            for i in range(2):
                play_game(game_seed(11, i), policy, chibi=bool(i))
                assert gc.collect(0) == 0, policy
    finally:
        gc.enable()
