"""Random legal play of 鼎立三分2.0: whole games by bots that use a character's active skill most nights
(:mod:`tianting.rules.sg24.skill_bots`: the engine resolves those the pack declares, the rest are the judge's), try
random general actions (刺杀, 指认, 招揽, 申请入国, rarely 自杀), keep what ``check_action`` accepts, vote (or,
late, self-vote), and give random digits for 伤判.

Seeded throughout: the bots draw from their own :class:`random.Random`, the game from its own generator. A
played game is also written as a game script: :func:`play`. The loop is the 24人 rules' own
(:class:`tianting.rules.sg24.bots.RandomBots`): this module gives its tries, votes and tables.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tianting.core.records import Action
from tianting.core.rng import GameRandom
from tianting.rules.dingli2.game import (
    RECOGNISE,
    STAB,
    SUICIDE,
    DingliGame,
    SeatSpec,
)
from tianting.rules.dingli2.setup import random_seats
from tianting.rules.sg24 import bots as sg24_bots
from tianting.rules.sg24.skill_bots import SKILL_RATE

ACT_CHANCE = 0.6
SUICIDE_CHANCE = 0.005
LATE_CHANCE = 0.1
"""Chance that a voter sends no vote (counted as a vote for themselves)."""


def _tries(game: DingliGame, pid: str, bot: random.Random) -> list[Action]:
    living = [p.id for p in game.state.living()]
    char = game.character(pid)
    tries: list[Action] = []
    if bot.random() < SUICIDE_CHANCE:
        return [Action(pid, SUICIDE, (), {})]
    if bot.random() < ACT_CHANCE:
        tries.append(Action(pid, STAB, (bot.choice(living),), {}))
    for allowance in char.recognition:
        if bot.random() < ACT_CHANCE:
            key = "evaluation" if allowance.kind == "evaluation" else "character"
            tries.append(Action(pid, RECOGNISE, (bot.choice(living),), {key: bot.choice(allowance.of)}))
    return tries + sg24_bots.joining_tries(game, pid, bot)


def night_actions(game: DingliGame, bot: random.Random, skill_rate: float = SKILL_RATE) -> list[Action]:
    """The night's actions, each accepted by ``check_action`` given those before it (bots in a shuffled order), a
    character skill first most nights (:func:`tianting.rules.sg24.skill_bots.skill_use`)."""
    return sg24_bots.night_actions(game, bot, _tries, skill_rate)


def votes(game: DingliGame, bot: random.Random) -> dict[str, str]:
    living = [p.id for p in game.state.living()]
    return {v: bot.choice(living) for v in living if bot.random() >= LATE_CHANCE}


def table(bot: random.Random) -> list[SeatSpec]:
    """A random 26-, 29- or 32-player table, now and then with the EX seat."""
    size = bot.choice((26, 29, 32))
    return random_seats(GameRandom(bot.getrandbits(31)), size, bot.random() < 0.25)


def play(seed: int, max_phases: int = 40, seats: Sequence[SeatSpec] | None = None) -> tuple[DingliGame, dict[str, Any]]:
    """One random legal game and its script (``tianting-script/1``), seeded by ``seed``."""
    return BOTS.play(seed, max_phases, seats)


def bot_game(seed: int, policy: Any, seats: Sequence[SeatSpec] | None, max_phases: int) -> Any:
    """One whole game for ``tianting simulate`` (:meth:`tianting.rules.sg24.bots.RandomBots.record`): a seat's
    country is its original one (an 在野 who joined is counted as 在野)."""
    return BOTS.record(seed, policy, seats, max_phases)


BOTS = sg24_bots.RandomBots("dingli2", DingliGame, table, _tries, votes, title="鼎立三分2.0",
                            seat_country=lambda game, pid: str(game.origin(pid)))
