"""Hosted games played by a rule set's random legal bots through the events a server would store: every
submission and vote, the system's or the judge's resolve, last words where asked for, every draft published.
Shared by tests/hosting/test_hosted_full_games.py (KK 3.3), tests/hosting/test_hosted_sg24.py and
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


def add(game: HostedGame, kind: str, actor: str, payload: dict, at: str = AT) -> None:
    game.apply(Event(game.seq + 1, kind, actor, payload, at))


def created(rules: str, ids: Sequence[str], seed: int, title: str, at: str = AT,
            draw_order: str | None = None) -> HostedGame:
    """A hosted game of ``rules`` for ``ids``, its seats dealt with ``seed`` (salt: the seed in hex). ``draw_order``:
    the creation event's (hosting/draw_order.py); None, as these games have been made all along, names none (a
    game created before draw orders had a name: ``listed``)."""
    game = HostedGame()
    salt = f"{seed:032x}"
    payload = {"rules": rules, "ids": list(ids), "title": title, "seed": seed, "salt": salt,
               "commitment": commitment(seed, salt)}
    if draw_order is not None:
        payload["draw_order"] = draw_order
    add(game, ev.CREATED, ev.JUDGE, payload, at)
    return game


def play_out(game: HostedGame, bot: random.Random, night_actions: Callable[[Any, random.Random], list[Action]],
             votes: Callable[[Any, random.Random], dict[str, str]], max_phases: int,
             last_words: Callable[[str, random.Random], str] | None = None, *, out: str = "died",
             accepted_order: bool = False, at: str = AT) -> HostedGame:
    """Start ``game`` and play it to its end (or ``max_phases``) with the rule set's bots.

    ``last_words``: each night's dead (the announcement's ``out`` list) are asked for words, ``last_words(pid,
    bot)``, the judge approving 4 in 5. ``accepted_order``: those who act submit first, in the order the bots'
    actions were accepted (a grant before the action relying on it, as a teammate would have sent it first);
    else every participant in the table's order. ``at``: every event's time."""
    add(game, ev.START, ev.JUDGE, {}, at)
    while not game.over and len(game.phases) <= max_phases:
        phase = game.current
        assert phase is not None and game.stage == "open"
        if phase.kind == "night":
            mine: dict[str, list[dict]] = {}
            for action in night_actions(game.base, bot):
                mine.setdefault(action.actor, []).append({k: v for k, v in action.as_json().items() if k != "actor"})
            order = game.participants()
            if accepted_order:
                order = [*(p for p in mine if p in order), *(p for p in order if p not in mine)]
            for pid in order:
                add(game, ev.SUBMIT, pid, {"actions": mine.get(pid, [])}, at)
        else:
            for voter, target in votes(game.base, bot).items():
                add(game, ev.VOTE, voter, {"target": target}, at)
        for kind, actor, payload in game.follow_ups(at):
            add(game, kind, actor, payload, at)  # everyone in: the system resolves
        if game.stage == "open":  # someone abstained: the judge resolves on demand
            add(game, ev.RESOLVE, ev.JUDGE, {"phase": len(game.phases) - 1}, at)
        assert game.stage == "draft"
        dead = phase.draft["announcement"][out]
        if last_words is not None and phase.kind == "night" and dead:
            add(game, ev.ASK_LAST_WORDS, ev.JUDGE, {}, at)
            for pid in dead:
                add(game, ev.LAST_WORDS, pid, {"text": last_words(pid, bot)}, at)
                add(game, ev.RULE_LAST_WORDS, ev.JUDGE, {"player": pid, "approved": bot.random() < 0.8}, at)
        add(game, ev.PUBLISH, ev.JUDGE, {}, at)
    return game
