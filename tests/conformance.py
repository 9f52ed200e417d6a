"""Random legal play of any registered rule set, from what the rule set declares (tests/test_conformance.py).

A bot reads only what a player is shown: its own ``player_view`` (each active skill's ``targets`` — how many
ids, ``self``, ``dead`` — its ``args`` and their ``choices``), the ids on the table, and the rule set's public
vocabularies (countries, identities, 评价, characters). Every candidate it builds is put to the game's own
checks (``check_action`` given the night's accepted actions, ``check_vote``): kept if accepted, dropped if not.
The day's ``digits`` (a rule set's ``day_inputs``) are given to the wounded now and then. The game is advanced
only through the game script (:func:`tianting.hosting.fold.play`, the hosted game's fold: the phases played once
each), so the script written is the game played. Nothing here knows a rule set by name.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tianting.core.errors import IllegalAction
from tianting.core.records import Action
from tianting.core.state import PhaseKind
from tianting.hosting import fold
from tianting.script import SCRIPT_FORMAT

ACT_CHANCE = 0.5
"""Chance that a bot tries each of its active skills in a phase."""
ABSTAIN_CHANCE = 0.1
DIGIT_CHANCE = 0.7
ARGS = ("country", "identity", "evaluation", "character", "choice", "skill", "guess", "guesses")
"""The ``args`` a skill may declare and this bot can fill (a declared one not here fails the conformance test)."""


def vocabulary(rules: Any, game: Any, key: str, row: dict[str, Any]) -> list[Any]:
    """The values a player could name for the argument ``key`` of the skill ``row`` (its ``choices`` first)."""
    choices = (row.get("choices") or {}).get(key)
    if choices:
        return list(choices)
    countries = [*rules.countries, rules.others]
    if key == "country":
        return countries
    if key == "identity":
        return list(rules.identities)
    if key == "evaluation":
        return [*getattr(rules, "evaluations", ()), *rules.identities]
    if key == "character":
        return sorted(rules.offered_characters())
    if key == "choice":
        return [1, 2, 3]
    if key == "skill":
        return sorted({r["skill"] for r in rules.skill_rows()})
    if key == "guess":
        return [{"country": c, "identity": i} for c in countries for i in rules.identities]
    if key == "guesses":  # [[id, skill], …]: what other players used (KK 3.3's 詩想)
        skills = sorted({r["skill"] for r in rules.skill_rows()})
        return [[[p.id, s]] for p in game.state.living() for s in skills]
    raise KeyError(key)


def active_rows(rules: Any, game: Any, pid: str) -> list[dict[str, Any]]:
    """The active skills ``pid``'s view declares, with their target and argument forms."""
    return [r for r in rules.player_view(game, pid)["skills"] if r.get("kind") == "active" and "targets" in r]


def candidate(bot: random.Random, rules: Any, game: Any, pid: str, row: dict[str, Any]) -> Action:
    """A use of the skill ``row`` by ``pid`` as its declaration allows it (not yet checked)."""
    form = row["targets"]
    players = game.state.players.values()
    pool = [p.id for p in players if p.alive != bool(form.get("dead")) and (form.get("self") or p.id != pid)]
    count = bot.choice(form["counts"]) if form.get("counts") else form["count"]
    count = min(count, len(pool))
    targets = bot.sample(pool, count) if form.get("distinct", True) else [bot.choice(pool) for _ in range(count)]
    args = {key: bot.choice(vocabulary(rules, game, key, row)) for key in row.get("args", ())}
    return Action(pid, row["skill"], tuple(targets), args)


def night_actions(bot: random.Random, rules: Any, game: Any) -> list[Action]:
    """The phase's actions (a night's, or a day's skills usable by day), each accepted by ``check_action``."""
    day = game.phase is PhaseKind.DAY
    players = [p for p in game.state.living() if game.can_act(p)]
    bot.shuffle(players)
    accepted: list[Action] = []
    for player in players:
        for row in active_rows(rules, game, player.id):
            if day and not game.usable_by_day(player, row["skill"]):
                continue
            if bot.random() >= ACT_CHANCE:
                continue
            action = candidate(bot, rules, game, player.id, row)
            try:
                game.check_action(action, accepted)
            except IllegalAction:
                continue
            accepted.append(action)
    return accepted


def votes(bot: random.Random, game: Any) -> dict[str, str]:
    """Each voter's vote for a random living id (now and then none), as ``check_vote`` accepts it."""
    living = [p.id for p in game.state.living()]
    out: dict[str, str] = {}
    for voter in game.voters():
        target = bot.choice(living)
        if bot.random() < ABSTAIN_CHANCE:
            continue
        try:
            game.check_vote(voter.id, target)
        except IllegalAction:
            continue
        out[voter.id] = target
    return out


def digits(bot: random.Random, game: Any) -> dict[str, int]:
    """A 伤判 digit for some of the wounded (the others' the game draws)."""
    return {p.id: bot.randrange(10) for p in game.state.living() if p.injured and bot.random() < DIGIT_CHANCE}


def table(rules: Any, bot: random.Random) -> list[dict[str, Any]]:
    """A random table of the rule set (``random_seats``), as a script's ``players``."""
    seats = rules.random_seats(bot)[0]
    return [{"id": s.id, "country": s.country, "identity": s.identity, "character": s.character} for s in seats]


def phase_entry(bot: random.Random, rules: Any, game: Any) -> dict[str, Any]:
    """The script entry of the phase ``game`` is at, as the bots play it."""
    actions = night_actions(bot, rules, game)  # as accepted (a grant before the use relying on it): the runner
    entry: dict[str, Any] = {"phase": game.phase.value, "actions": [a.as_json() for a in actions]}  # resolves canonically
    if game.phase is PhaseKind.DAY:
        entry["votes"] = votes(bot, game)
        for name in rules.day_inputs:
            entry[name] = {"digits": digits}[name](bot, game)
    return entry


def random_script(rules: Any, seed: int, max_phases: int, seats: Sequence[dict[str, Any]] | None = None
                  ) -> tuple[dict[str, Any], Any]:
    """A random legal game script of ``rules`` (to its end, or ``max_phases``) and the fold's last play of it."""
    bot = random.Random(seed)
    script: dict[str, Any] = {"format": SCRIPT_FORMAT, "rules": rules.name, "seed": bot.getrandbits(31),
                              "players": list(seats) if seats is not None else table(rules, bot), "phases": []}
    played = fold.play(script)
    while not played.game.state.over and len(script["phases"]) < max_phases:
        script["phases"].append(phase_entry(bot, rules, played.game))
        played = fold.play(script, played)
    return script, played


# ---- a hosted game, through the events a server stores -------------------------------------------------
AT = "2026-12-07T12:00:00+00:00"


def add(game: Any, kind: str, actor: str, payload: dict[str, Any]) -> None:
    """One event applied to the hosted ``game`` (raises ``Refused``, nothing changed, if it may not be)."""
    from tianting.hosting.events import Event

    game.apply(Event(game.seq + 1, kind, actor, payload, AT))


def hosted(rules: Any, seed: int) -> Any:
    """A hosted game of ``rules`` created for ``rules.players`` ids, its seats dealt with ``seed``, every
    character chosen (where players choose: each a random one of their seat's that is still free), started."""
    from tianting.hosting import events as ev
    from tianting.hosting.fairness import commitment
    from tianting.hosting.game import HostedGame, Refused

    game, bot, salt = HostedGame(), random.Random(seed), f"{seed:032x}"
    ids = [f"玩家{n:02d}" for n in range(1, rules.players + 1)]
    add(game, ev.CREATED, ev.JUDGE, {"rules": rules.name, "ids": ids, "title": f"一致性{seed}", "seed": seed,
                                     "salt": salt, "commitment": commitment(seed, salt)})
    for seat in game.setup["players"]:
        for character in bot.sample(seat.get("choices") or [], len(seat.get("choices") or [])):
            try:
                add(game, ev.CHOOSE, seat["id"], {"character": character})
                break
            except Refused:  # its base character is taken
                continue
    add(game, ev.START, ev.JUDGE, {})
    return game


def open_phase(game: Any, bot: random.Random, rules: Any) -> None:
    """Everyone's submissions (night: each participant's list; day: the votes) to the open phase."""
    from tianting.hosting import events as ev

    if game.current.kind == "night":
        mine: dict[str, list[dict[str, Any]]] = {}
        for action in night_actions(bot, rules, game.base):
            mine.setdefault(action.actor, []).append({k: v for k, v in action.as_json().items() if k != "actor"})
        for pid in [*(p for p in mine if p in game.participants()), *(p for p in game.participants() if p not in mine)]:
            add(game, ev.SUBMIT, pid, {"actions": mine.get(pid, [])})
    else:
        for voter, target in votes(bot, game.base).items():
            add(game, ev.VOTE, voter, {"target": target})


def close_phase(game: Any) -> None:
    """The open phase resolved (by the system once all are in, else by the judge) and its draft published."""
    from tianting.hosting import events as ev

    for kind, actor, payload in game.follow_ups(AT):
        add(game, kind, actor, payload)
    if game.stage == "open":
        add(game, ev.RESOLVE, ev.JUDGE, {"phase": len(game.phases) - 1})
    add(game, ev.PUBLISH, ev.JUDGE, {})


def play_hosted(rules: Any, seed: int, max_phases: int, until: Any = None) -> Any:
    """A hosted game played by the bots to its end (or ``max_phases``, or the open phase ``until(game)`` holds)."""
    game, bot = hosted(rules, seed), random.Random(seed)
    while not game.over and len(game.phases) <= max_phases and not (until is not None and until(game)):
        open_phase(game, bot, rules)
        close_phase(game)
    return game
