"""Random legal play of the 24人 rules: whole games by bots that use a character's active skill most nights
(:mod:`.skill_bots`: the engine resolves those the pack declares, the rest are listed for the judge), try random
general actions (刺杀, 指认, 招揽, 投奔), keep what ``check_action`` accepts, vote at random and give random digits
for 伤判.

Everything is seeded: the bots draw from their own :class:`random.Random`; the game from its own
generator (every choice left unanswered: 继任, 入国, 投奔 take the game's default or draw). A played game is
also written as a game script (``tianting run`` replays it exactly): :func:`play`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tianting.core import canonical
from tianting.core.decisions import DecisionBook
from tianting.core.errors import IllegalAction, TiantingError
from tianting.core.records import Action
from tianting.core.state import PhaseKind
from tianting.rules.sg24.game import APPLY, RECOGNISE, RECRUIT, STAB, SeatSpec, SG24Game
from tianting.rules.sg24.outcomes import skill_outcomes, skill_uses
from tianting.rules.sg24.pack import COUNTRIES, UNALIGNED
from tianting.rules.sg24.skill_bots import SKILL_RATE, Pick, any_other, skill_use

ACT_CHANCE = 0.6
"""Chance that a bot tries each of its general actions on a night."""
ABSTAIN_CHANCE = 0.1
"""Chance that a voter leaves their vote out."""
POLICIES = ("random", "heuristic")
"""The bot policies the 24人 rules offer (``heuristic``: :mod:`.heuristic`)."""


def _tries(game: SG24Game, pid: str, bot: random.Random) -> list[Action]:
    living = [p.id for p in game.state.living()]
    char = game.character(pid)
    tries: list[Action] = []
    if bot.random() < ACT_CHANCE:
        tries.append(Action(pid, STAB, (bot.choice(living),), {}))
    for allowance in char.recognition:
        if bot.random() >= ACT_CHANCE:
            continue
        target = bot.choice(living)
        if allowance.kind == "evaluation":
            tries.append(Action(pid, RECOGNISE, (target,), {"evaluation": bot.choice(allowance.of)}))
        else:
            tries.append(Action(pid, RECOGNISE, (target,), {"character": bot.choice(allowance.of)}))
    tries += joining_tries(game, pid, bot)
    return tries


def joining_tries(game: SG24Game, pid: str, bot: random.Random) -> list[Action]:
    """Now and then a 君主's 招揽 of a random 在野 (naming their character, or half the time any), an 在野's
    投奔 of a random country."""
    player = game.state.player(pid)
    tries: list[Action] = []
    unaligned = [p for p in game.state.living() if p.country == UNALIGNED]
    if player.identity == "君主" and unaligned and bot.random() < ACT_CHANCE:
        target = bot.choice(unaligned)
        named = target.character if bot.random() < 0.5 else bot.choice(sorted(game.pack.characters))
        tries.append(Action(pid, RECRUIT, (target.id,), {"character": named}))
    if player.country == UNALIGNED and bot.random() < ACT_CHANCE:
        tries.append(Action(pid, APPLY, (), {"country": bot.choice(COUNTRIES)}))
    return tries


Tries = Callable[[Any, str, random.Random], list[Action]]
"""What one bot tries on a night: (game, its id, the bots' generator) → actions, legal or not."""


def night_actions(game: SG24Game, bot: random.Random, tries: Tries = _tries, skill_rate: float = SKILL_RATE,
                  pick: Pick = any_other) -> list[Action]:
    """The night's actions, each accepted by ``check_action`` given those before it (bots in a shuffled order):
    each bot's character skill first (with chance ``skill_rate``, :func:`.skill_bots.skill_use`), then its tries."""
    players = [p.id for p in game.state.living()]
    bot.shuffle(players)
    accepted: list[Action] = []
    for pid in players:
        used = skill_use(game, pid, bot, accepted, skill_rate, pick)
        if used is not None:
            accepted.append(used)
        for action in tries(game, pid, bot):
            try:
                game.check_action(action, accepted)
            except IllegalAction:
                continue
            accepted.append(action)
    return accepted


def votes(game: SG24Game, bot: random.Random) -> dict[str, str]:
    """Every living player votes for a random living id, or abstains (在野 votes are cast, and void)."""
    living = [p.id for p in game.state.living()]
    out: dict[str, str] = {}
    for voter in living:
        if bot.random() < ABSTAIN_CHANCE:
            continue
        target = bot.choice(living)
        try:
            game.check_vote(voter, target)
        except IllegalAction:
            continue
        out[voter] = target
    return out


def digits(game: SG24Game, bot: random.Random) -> dict[str, int]:
    """A digit for each wounded player (伤判), now and then left out (the game draws it)."""
    return {p.id: bot.randrange(10) for p in game.state.living() if p.injured and bot.random() < 0.8}


@dataclass(frozen=True)
class RandomBots:
    """A rule set's random legal bots (the 24人 rules', and those of a rule set built on them): one loop, the
    rule set's game, table, tries and votes as parameters."""

    rules: str
    """The script's ``rules``."""
    game: Any
    """The game class (``create(seats, seed)``)."""
    table: Callable[[random.Random], list[Any]]
    """A random table, dealt with the bots' generator (after the game's seed is drawn)."""
    tries: Tries
    votes: Callable[[Any, random.Random], dict[str, str]]
    skill_rate: float = SKILL_RATE
    """Chance that a bot uses a character skill on a night it may (:data:`.skill_bots.SKILL_RATE`)."""
    pick: Pick = any_other
    """Whom a skill names (:data:`.skill_bots.Pick`)."""
    title: str = "三国版杀24人规则"
    """The rule set's name, in the message refusing a policy it has no bots for."""
    seat_country: Callable[[Any, str], str] = lambda game, pid: str(game.state.player(pid).country)
    """The country a seat's record gives (the 24人 rules: the player's country at the end)."""

    def record(self, seed: int, policy: Any, seats: Sequence[Any] | None, max_phases: int) -> Any:
        """One whole game for ``tianting simulate`` (the bots of ``policy``: :func:`policy_bots`), as a game record.
        ``skill_uses``: each use's outcome as the engine recorded it in the history
        (:func:`tianting.rules.sg24.outcomes.skill_uses`, and ``skill_outcomes`` the failed and void: the uses left to
        the judge are not counted); ``unbuilt_characters``: the starting characters with a skill the judge rules."""
        from tianting.bots.record import GameRecord, SeatRecord

        game, script = policy_bots(self, policy, self.title).play(seed, max_phases, seats)
        state = game.state
        start = {pid: lives[0] for pid, lives in state.extra["lives"].items()}
        winners = set(state.winners)
        records = [SeatRecord(p.id, self.seat_country(game, p.id), p.identity, start[p.id], p.character, p.alive,
                              p.country in winners or p.id in winners) for p in state.players.values()]
        return GameRecord(seed, script["seed"], state.index, state.over, list(state.winners), state.peace, records,
                          skill_uses(state.history), 0, _judge_ruled(game, start), skill_outcomes(state.history))

    def at_rate(self, skill_rate: float) -> RandomBots:
        """These bots using character skills at ``skill_rate`` (1.0: every night they can)."""
        return replace(self, skill_rate=skill_rate)

    def play(self, seed: int, max_phases: int = 40, seats: Sequence[Any] | None = None,
             watch: Callable[[Any, list[Action]], None] | None = None) -> tuple[Any, dict[str, Any]]:
        """One random legal game and its script (``tianting-script/1``), seeded by ``seed``. ``watch``: called with
        the game and each night's actions before the night resolves (a benchmark's look; it must not change them)."""
        bot = random.Random(seed)
        game_seed = bot.getrandbits(31)
        seats = list(seats) if seats is not None else self.table(bot)
        game = self.game.create([seats[i] for i in canonical.by_id(seats, lambda s: s.id)], game_seed)  # as the runner
        phases: list[dict[str, Any]] = []
        while not game.state.over and len(phases) < max_phases:
            if game.phase is PhaseKind.NIGHT:
                actions = night_actions(game, bot, self.tries, self.skill_rate, self.pick)
                if watch is not None:
                    watch(game, actions)
                game.resolve_night(canonical.actions_in_order(actions, {})[0], DecisionBook())  # as the runner
                phases.append({"phase": "night", "actions": [a.as_json() for a in actions]})
            else:
                ballot, given = self.votes(game, bot), digits(game, bot)
                game.resolve_day(canonical.votes_in_order(ballot), DecisionBook(), digits=given)
                entry: dict[str, Any] = {"phase": "day", "votes": ballot}
                if given:
                    entry["digits"] = given
                phases.append(entry)
        script = {"format": "tianting-script/1", "rules": self.rules, "seed": game_seed,
                  "players": [{"id": s.id, "country": s.country, "identity": s.identity, "character": s.character}
                              for s in seats], "phases": phases}
        return game, script


def play(seed: int, max_phases: int = 40, seats: Sequence[SeatSpec] | None = None) -> tuple[SG24Game, dict[str, Any]]:
    """One random legal game and its script (``tianting-script/1``), seeded by ``seed``."""
    return BOTS.play(seed, max_phases, seats)


def bots_of(rules: Any) -> RandomBots:
    """The 24人 rules' random bots on the game and table of ``rules`` (the 24人 rules, or one built on them with
    another pack and table: its ``name``, ``game``, ``random_seats``)."""
    return RandomBots(rules.name, rules.game, lambda bot: rules.random_seats(bot)[0], _tries, votes)


def bot_game(seed: int, policy: Any, seats: Sequence[SeatSpec] | None, max_phases: int, rules: Any = None) -> Any:
    """One whole game for ``tianting simulate`` (:meth:`RandomBots.record`); ``rules``: the rule set played
    (:func:`bots_of`; the 24人 rules if None)."""
    return (BOTS if rules is None else bots_of(rules)).record(seed, policy, seats, max_phases)


def policy_bots(base: RandomBots, policy: Any, title: str) -> RandomBots:
    """The bots of ``policy`` (:data:`POLICIES`) built on a rule set's random bots ``base``; an unknown policy is
    refused in Chinese."""
    if policy == "random":
        return base
    if policy == "heuristic":
        from tianting.rules.sg24.heuristic import heuristic

        return heuristic(base)
    raise TiantingError(f"{title}的机器人策略只有 {'、'.join(POLICIES)}（--policy），没有「{policy}」")


def _judge_ruled(game: Any, start: dict[str, str]) -> list[str]:
    """The starting characters of the table with a skill the engine does not resolve (the judge's)."""
    return [name for name in start.values()
            if not all(game.engine_resolves(s) for s in game.pack.get(name).skills)]


def _random_table(bot: random.Random) -> list[SeatSpec]:
    """The 24 seats in a random order (the rule set's ``random_seats``)."""
    from tianting.rules.sg24 import RULESET

    return RULESET.random_seats(bot)[0]


BOTS = RandomBots("sg24", SG24Game, _random_table, _tries, votes)
