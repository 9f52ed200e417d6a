"""Random legal play of 鼎立三分2.0: whole games by bots that try random general actions (刺杀, 指认, 招揽,
申请入国, rarely 自杀) and now and then a character's active skill (the judge's: listed, never resolved), keep
what ``check_action`` accepts, vote (or, late, self-vote), and give random digits for 伤判.

Seeded throughout: the bots draw from their own :class:`random.Random`, the game from its own generator. A
played game is also written as a game script: :func:`play`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tianting.core.decisions import DecisionBook
from tianting.core.errors import IllegalAction, TiantingError
from tianting.core.records import Action
from tianting.core.rng import GameRandom
from tianting.core.state import PhaseKind
from tianting.rules.dingli2.game import (
    APPLY,
    RECOGNISE,
    RECRUIT,
    STAB,
    SUICIDE,
    DingliGame,
    SeatSpec,
)
from tianting.rules.dingli2.pack import COUNTRIES, UNALIGNED
from tianting.rules.dingli2.setup import random_seats

ACT_CHANCE = 0.6
SKILL_CHANCE = 0.2
SUICIDE_CHANCE = 0.005
LATE_CHANCE = 0.1
"""Chance that a voter sends no vote (counted as a vote for themselves)."""


def _tries(game: DingliGame, pid: str, bot: random.Random) -> list[Action]:
    living = [p.id for p in game.state.living()]
    player = game.state.player(pid)
    char = game.character(pid)
    tries: list[Action] = []
    if bot.random() < SUICIDE_CHANCE:
        return [Action(pid, SUICIDE, (), {})]
    actives = [s.name for s in char.skills if s.kind == "active"]
    if actives and bot.random() < SKILL_CHANCE:
        tries.append(Action(pid, bot.choice(actives), (bot.choice(living),), {}))
    if bot.random() < ACT_CHANCE:
        tries.append(Action(pid, STAB, (bot.choice(living),), {}))
    for allowance in char.recognition:
        if bot.random() < ACT_CHANCE:
            key = "evaluation" if allowance.kind == "evaluation" else "character"
            tries.append(Action(pid, RECOGNISE, (bot.choice(living),), {key: bot.choice(allowance.of)}))
    unaligned = [p for p in game.state.living() if p.country == UNALIGNED]
    if player.identity == "君主" and unaligned and bot.random() < ACT_CHANCE:
        target = bot.choice(unaligned)
        named = target.character if bot.random() < 0.5 else bot.choice(sorted(game.pack.characters))
        tries.append(Action(pid, RECRUIT, (target.id,), {"character": named}))
    if player.country == UNALIGNED and bot.random() < ACT_CHANCE:
        tries.append(Action(pid, APPLY, (), {"country": bot.choice(COUNTRIES)}))
    return tries


def night_actions(game: DingliGame, bot: random.Random) -> list[Action]:
    """The night's actions, each accepted by ``check_action`` given those before it (bots in a shuffled order)."""
    players = [p.id for p in game.state.living()]
    bot.shuffle(players)
    accepted: list[Action] = []
    for pid in players:
        for action in _tries(game, pid, bot):
            try:
                game.check_action(action, accepted)
            except IllegalAction:
                continue
            accepted.append(action)
    return accepted


def votes(game: DingliGame, bot: random.Random) -> dict[str, str]:
    living = [p.id for p in game.state.living()]
    return {v: bot.choice(living) for v in living if bot.random() >= LATE_CHANCE}


def digits(game: DingliGame, bot: random.Random) -> dict[str, int]:
    """A digit for each wounded player (伤判), now and then left out (the game draws it)."""
    return {p.id: bot.randrange(10) for p in game.state.living() if p.injured and bot.random() < 0.8}


def table(bot: random.Random) -> list[SeatSpec]:
    """A random 26-, 29- or 32-player table, now and then with the EX seat."""
    size = bot.choice((26, 29, 32))
    return random_seats(GameRandom(bot.getrandbits(31)), size, bot.random() < 0.25)


def _entry(action: Action) -> dict[str, Any]:
    entry: dict[str, Any] = {"actor": action.actor, "skill": action.skill, "targets": list(action.targets)}
    if action.args:
        entry["args"] = dict(action.args)
    return entry


def play(seed: int, max_phases: int = 40, seats: Sequence[SeatSpec] | None = None) -> tuple[DingliGame, dict[str, Any]]:
    """One random legal game and its script (``tianting-script/1``), seeded by ``seed``."""
    bot = random.Random(seed)
    game_seed = bot.getrandbits(31)
    seats = list(seats) if seats is not None else table(bot)
    game = DingliGame.create(seats, game_seed)
    phases: list[dict[str, Any]] = []
    while not game.state.over and len(phases) < max_phases:
        if game.phase is PhaseKind.NIGHT:
            actions = night_actions(game, bot)
            game.resolve_night(actions, DecisionBook())
            phases.append({"phase": "night", "actions": [_entry(a) for a in actions]})
        else:
            ballot, given = votes(game, bot), digits(game, bot)
            game.resolve_day(ballot, DecisionBook(), digits=given)
            entry: dict[str, Any] = {"phase": "day", "votes": ballot}
            if given:
                entry["digits"] = given
            phases.append(entry)
    script = {"format": "tianting-script/1", "rules": "dingli2", "seed": game_seed,
              "players": [{"id": s.id, "country": s.country, "identity": s.identity, "character": s.character}
                          for s in seats], "phases": phases}
    return game, script


def bot_game(seed: int, policy: Any, seats: Sequence[SeatSpec] | None, max_phases: int) -> Any:
    """One whole game for ``tianting simulate`` (random legal bots), as a game record."""
    from tianting.bots.record import GameRecord, SeatRecord

    if policy != "random":
        raise TiantingError(f"鼎立三分2.0只有随机合法的机器人（--policy random），没有「{policy}」")
    game, _ = play(seed, max_phases, seats)
    state = game.state
    start = {pid: lives[0] for pid, lives in state.extra["lives"].items()}
    uses: dict[str, list[int]] = {}
    winners = set(state.winners)
    records = [SeatRecord(p.id, state.extra["origin"][p.id], p.identity, start[p.id], p.character, p.alive,
                          p.country in winners) for p in state.players.values()]
    return GameRecord(seed, game.state.seed, state.index, state.over, list(state.winners), state.peace, records,
                      uses, 0, [start[p.id] for p in state.players.values() if game.pack.get(start[p.id]).skills])
