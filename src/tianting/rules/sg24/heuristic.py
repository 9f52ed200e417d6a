"""Heuristic bots for the 24人 rules and 鼎立三分2.0 (``tianting simulate --policy heuristic``): the random bots'
loop (:class:`.bots.RandomBots`: seeded, every action checked by ``check_action``) with a player's sense, from what
the bot knows alone (its own country, and the ids it knows: ``Player.known``, the killers' first recognition, each
right 指认):

* a killer stabs an id it knows to be of another country, else any id it does not know to be its own;
* a harmful skill names an enemy as a stab does; a helping one (heal, defend: :func:`.skill_bots.helps`) its own
  君主 when it knows him, else a known countryman, else the bot itself;
* a 指认 names an id the bot does not know yet, with a character or 评价 its allowance offers;
* a 君主 招揽s, an 在野 投奔s, as the random bots do;
* a voter votes for a known enemy, else a random id not known to be of its country (never a countryman it knows).

KK 3.3's heuristic bots (:mod:`tianting.bots.heuristic`) read KK 3.3's skill declarations and views; these read the
24人 pack's, so they share the loop, not the policy class.
"""

from __future__ import annotations

import random
from typing import Any

from tianting.core.errors import IllegalAction
from tianting.core.records import Action
from tianting.rules.sg24.bots import ACT_CHANCE, joining_tries
from tianting.rules.sg24.game import RECOGNISE, STAB
from tianting.rules.sg24.pack import UNALIGNED
from tianting.rules.sg24.skill_bots import helps

STAB_CHANCE = 0.9
"""Chance that a heuristic killer stabs on a night (a player who may stab mostly does)."""


def _country(game: Any, pid: str) -> str:
    return game.state.player(pid).country


def allies(game: Any, pid: str) -> list[str]:
    """The living ids ``pid`` knows to be of its own country (none for an 在野)."""
    own = _country(game, pid)
    if own == UNALIGNED:
        return []
    known = game.state.player(pid).known
    return [p.id for p in game.state.living() if p.id != pid and p.id in known and p.country == own]


def enemies(game: Any, pid: str) -> list[str]:
    """The living ids ``pid`` knows to be of another country."""
    own, known = _country(game, pid), game.state.player(pid).known
    return [p.id for p in game.state.living() if p.id in known and p.id != pid and p.country != own]


def suspect(game: Any, pid: str, bot: random.Random) -> str | None:
    """A known enemy, else any living id not known to be of ``pid``'s country (not ``pid``)."""
    found = enemies(game, pid)
    if not found:
        friends = set(allies(game, pid))
        found = [p.id for p in game.state.living() if p.id != pid and p.id not in friends]
    return bot.choice(found) if found else None


def pick(game: Any, pid: str, skill: Any, bot: random.Random) -> str | None:
    """Whom a skill names: for a help, the own 君主 if known, else a known countryman, else the bot itself; for
    anything else a suspect."""
    if not helps(skill):
        return suspect(game, pid, bot)
    friends = allies(game, pid)
    lords = [f for f in friends if game.state.player(f).identity == "君主"]
    return bot.choice(lords or friends or [pid])


def tries(game: Any, pid: str, bot: random.Random) -> list[Action]:
    """A heuristic bot's general actions tonight (its skill is :func:`pick`'s, via the loop)."""
    player = game.state.player(pid)
    out: list[Action] = []
    if player.identity == "杀手" and bot.random() < STAB_CHANCE:
        target = suspect(game, pid, bot)
        if target is not None:
            out.append(Action(pid, STAB, (target,), {}))
    unknown = [p.id for p in game.state.living() if p.id != pid and p.id not in player.known]
    for allowance in game.character(pid).recognition:
        if not unknown or bot.random() >= ACT_CHANCE:
            continue
        key = "evaluation" if allowance.kind == "evaluation" else "character"
        out.append(Action(pid, RECOGNISE, (bot.choice(unknown),), {key: bot.choice(allowance.of)}))
    return out + joining_tries(game, pid, bot)


def votes(game: Any, bot: random.Random) -> dict[str, str]:
    """Every living player votes for a suspect (:func:`suspect`), as ``check_vote`` allows."""
    out: dict[str, str] = {}
    for voter in [p.id for p in game.state.living()]:
        target = suspect(game, voter, bot)
        if target is None:
            continue
        try:
            game.check_vote(voter, target)
        except IllegalAction:
            continue
        out[voter] = target
    return out


def heuristic(base: Any) -> Any:
    """A rule set's random bots (:class:`.bots.RandomBots`) with this policy's tries, votes and targets."""
    from dataclasses import replace

    return replace(base, tries=tries, votes=votes, pick=pick)
