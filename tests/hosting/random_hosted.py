"""Hosted games of a rule set whose seats are dealt (sg24, dingli2), played by its random legal bots through
the events a server would store: every submission and vote, the system's or the judge's resolve, last words
where asked for, every draft published. Shared by tests/hosting/test_hosted_sg24.py and
tests/dingli2/test_cli_dingli2.py."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from tianting.core.records import Action
from tianting.hosting import events as ev
from tianting.hosting.events import Event
from tianting.hosting.fairness import commitment
from tianting.hosting.game import HostedGame

AT = "2026-12-01T12:00:00+00:00"


def add(game: HostedGame, kind: str, actor: str, payload: dict) -> None:
    game.apply(Event(game.seq + 1, kind, actor, payload, AT))


def created(rules: str, ids: Sequence[str], seed: int, title: str) -> HostedGame:
    """A hosted game of ``rules`` for ``ids``, its seats dealt with ``seed`` (salt: the seed in hex)."""
    game = HostedGame()
    salt = f"{seed:032x}"
    add(game, ev.CREATED, ev.JUDGE, {"rules": rules, "ids": list(ids), "title": title, "seed": seed,
                                     "salt": salt, "commitment": commitment(seed, salt)})
    return game


def play_out(game: HostedGame, bot: random.Random, night_actions: Callable[[Any, random.Random], list[Action]],
             votes: Callable[[Any, random.Random], dict[str, str]], max_phases: int,
             last_words: Sequence[str] = ()) -> HostedGame:
    """Start ``game`` and play it to its end (or ``max_phases``) with the rule set's bots. With ``last_words``
    (ids to name), each night's dead are asked for words naming one at random, the judge approving 4 in 5."""
    add(game, ev.START, ev.JUDGE, {})
    while not game.over and len(game.phases) <= max_phases:
        phase = game.current
        assert phase is not None and game.stage == "open"
        if phase.kind == "night":
            mine: dict[str, list[dict]] = {}
            for action in night_actions(game.base, bot):
                mine.setdefault(action.actor, []).append({k: v for k, v in action.as_json().items() if k != "actor"})
            for pid in game.participants():
                add(game, ev.SUBMIT, pid, {"actions": mine.get(pid, [])})
        else:
            for voter, target in votes(game.base, bot).items():
                add(game, ev.VOTE, voter, {"target": target})
        for kind, actor, payload in game.follow_ups(AT):
            add(game, kind, actor, payload)  # everyone in: the system resolves
        if game.stage == "open":  # someone abstained: the judge resolves on demand
            add(game, ev.RESOLVE, ev.JUDGE, {"phase": len(game.phases) - 1})
        assert game.stage == "draft"
        dead = phase.draft["announcement"]["died"]
        if last_words and phase.kind == "night" and dead:
            add(game, ev.ASK_LAST_WORDS, ev.JUDGE, {})
            for pid in dead:
                add(game, ev.LAST_WORDS, pid, {"text": f"我是好人，查{bot.choice(last_words)}"})
                add(game, ev.RULE_LAST_WORDS, ev.JUDGE, {"player": pid, "approved": bot.random() < 0.8})
        add(game, ev.PUBLISH, ev.JUDGE, {})
    return game
