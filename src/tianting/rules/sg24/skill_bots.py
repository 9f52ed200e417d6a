"""A bot's use of its character's active skills, for the 24人 rules and 鼎立三分2.0 (built on them).

Most nights (:data:`SKILL_RATE`, a player's rate) a bot holding an active skill it may use tonight uses one: its
skills in a random order, each as a use the skill's declaration asks (one living id when its verbs or conditions
act on a target, none when they act on no one; a skill left to the judge names one id, as a player's would), with
the args its check asks (a ``country`` where the check refuses the use for want of one: 荀彧【驱虎吞狼】). The first
use ``check_action`` accepts is kept; a skill refused (spent, too early, no 军师, one skill a night already …) is
skipped, never an error. Which ids it names is the policy's (:data:`Pick`): the random bots' any living id but the
bot's own, the heuristic bots' (:mod:`.heuristic`) an enemy for a harm, an ally for a help.

The pack says of no skill that it is used by day (seed 001 「每个角色每个晚上可以且最多使用一个主动技能」), so the
bots use character skills by night only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from tianting.core.errors import IllegalAction
from tianting.core.records import Action
from tianting.rules.sg24.declared.schema import Declared, needs_target

SKILL_RATE = 0.8
"""Chance that a bot holding an active character skill it may use tonight uses one (most nights, as players do).
The benchmark of the judge's hand work (``benchmarks/bench_judge_work.py``) plays at 1.0: every night it can."""

HELPS = frozenset({"heal", "defend", "act_wounded"})
"""Verbs that help whom they act on (the heuristic bots name an ally for a skill whose target verbs are these)."""

Pick = Callable[[Any, str, Any, random.Random], str | None]
"""Whom a bot names with a skill: (game, its id, the skill's data, the bots' generator) → a living id, or None."""


def any_other(game: Any, pid: str, skill: Any, bot: random.Random) -> str | None:
    """The random bots' target: any living id but the bot's own."""
    pool = [p.id for p in game.state.living() if p.id != pid]
    return bot.choice(pool) if pool else None


def helps(skill: Any) -> bool:
    """Whether the skill's use helps its target (every verb on the target heals or defends it)."""
    d = skill.effect
    if not isinstance(d, Declared):
        return False
    on_target = [v.name for v in d.does if v.who == "target"]
    return bool(on_target) and all(v in HELPS for v in on_target)


def _named(game: Any, skill: Any) -> bool:
    """Whether a use of the skill names one id: a declaration's target where the engine resolves it; bespoke code
    and a skill the judge rules (in this game: a game of before leaves every skill his) name one."""
    d = skill.effect
    return needs_target(d) if isinstance(d, Declared) and game.engine_resolves(skill) else True


def skill_use(game: Any, pid: str, bot: random.Random, accepted: Sequence[Action], rate: float = SKILL_RATE,
              pick: Pick = any_other) -> Action | None:
    """With chance ``rate``, the first use of one of ``pid``'s active skills (in a random order) that
    ``check_action`` takes beside ``accepted``; None when the bot uses none tonight or none is accepted."""
    actives = [s for s in game.character(pid).skills if s.kind == "active"]
    if not actives or bot.random() >= rate:
        return None
    bot.shuffle(actives)
    for skill in actives:
        named = _named(game, skill)
        target = pick(game, pid, skill, bot) if named else None
        if named and target is None:
            continue
        action = Action(pid, skill.name, (target,) if target else (), {})
        try:
            game.check_action(action, accepted)
        except IllegalAction as refused:
            if refused.code != "country":
                continue
            countries = game.open_countries()
            action = Action(pid, skill.name, action.targets, {"country": bot.choice(countries)})
            try:
                game.check_action(action, accepted)
            except IllegalAction:
                continue
        return action
    return None
