"""What a bot is: a policy that sees one player's view and answers for that player.

A policy never sees the judge's state. Each call gets the player's view
(the rule set's ``player_view``: own seat, skills and what is
left of them, learned characters, own feedback, public announcements) and,
at night, an :class:`Offer` to submit actions through: the same checks the
engine, the script runner and the server apply, answering with the reason an
action is refused, in the player's language. A refused action changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from tianting.core.errors import IllegalAction
from tianting.core.records import Action

WHOLE_SKILL_REFUSALS = frozenset({
    "over", "unknown-player", "actor-out", "eliminated", "unknown-skill", "no-skill", "not-built",
    "passive", "wrong-phase", "used-up", "stab-count", "twice", "one-character-skill", "day-only", "one-offered",
})
"""Refusals about the skill itself, whatever its targets: no other use of it will do tonight."""


def _asking(check: Callable[[Action, list[Action]], None]) -> Callable[[Action, list[Action]], tuple[str, str] | None]:
    """``check`` (which raises IllegalAction) as a function answering its refusal as (message, code), or
    None: the check's own ``refusal`` method when it has one (the bot loop's, ``bots.play._Checker``)."""
    refusal = getattr(check, "refusal", None)
    if refusal is not None:
        return refusal  # type: ignore[no-any-return]

    def ask(action: Action, mine: list[Action]) -> tuple[str, str] | None:
        try:
            check(action, mine)
        except IllegalAction as exc:
            return exc.message, exc.code
        return None
    return ask


class Offer:
    """A player's night submission, built one action at a time."""

    def __init__(self, check: Callable[[Action, list[Action]], None]) -> None:
        self._check = check
        refusal = getattr(check, "refusal", None)  # (``_asking(check)``, its first answer without the call)
        self._ask = refusal if refusal is not None else _asking(check)
        self.actions: list[Action] = []
        self.refused: list[tuple[Action, str]] = []
        self.last_code = ""
        """The code of the last refusal by :meth:`check` (``stab-count``, ``target-out`` …)."""

    def check(self, action: Action) -> str | None:
        """Would the rules take ``action`` now? The reason if not (nothing is submitted): the
        immediate validation a player's form gives."""
        refusal = self._ask(action, self.actions)
        if refusal is None:
            self.last_code = ""
            return None
        self.last_code = refusal[1]
        return refusal[0]

    def take(self, action: Action) -> str | None:
        """:meth:`check`, then :meth:`submit` if the rules take it (the same check: a refusal is not
        counted among the submissions refused). (``random_policy.try_submit`` inlines it: change both.)"""
        refusal = self._ask(action, self.actions)
        if refusal is None:
            self.last_code = ""
            self.actions.append(action)
            return None
        self.last_code = refusal[1]
        return refusal[0]

    def submit(self, action: Action) -> str | None:
        """Add ``action`` if the rules allow it now; else return the reason (and add nothing)."""
        refusal = self._ask(action, self.actions)
        if refusal is None:
            self.actions.append(action)
            return None
        self.refused.append((action, refusal[0]))
        return refusal[0]


class Policy(Protocol):
    """One bot's way of playing. ``rng`` is the bot's own generator, never the game's."""

    name: str

    def night(self, view: dict[str, Any], offer: Offer, rng: random.Random) -> None:
        """Submit tonight's actions through ``offer.submit``."""

    def vote(self, view: dict[str, Any], rng: random.Random) -> str | None:
        """The id to vote for by day, or None to abstain (a vote for oneself)."""

    def day(self, view: dict[str, Any], offer: Offer, rng: random.Random) -> None:
        """Submit today's actions (skill rows with ``by_day``) through ``offer.submit``. Optional: a
        policy without it takes no action by day."""

    def decide(self, view: dict[str, Any], skill: str, options: list[Any], rng: random.Random) -> Any:
        """One of ``options`` for a choice that arises while a phase resolves (None: the default)."""


def reads_only(*keys: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Marks a policy's method that reads nothing of its view but ``keys`` (``RandomPolicy.vote``: the
    table): the bot loop may then hand it a view holding only those keys, their values exactly the whole
    view's (``bots.play.partial_view``; ``id`` only if named: a view without it may be shared by all the
    players), and spare building the rest. What the method calls
    counts as read by it (a subclass changing a helper it calls must not read more). A method overriding
    it, or wrapping it, is not marked unless it says so itself: it gets the whole view."""

    def mark(method: Callable[..., Any]) -> Callable[..., Any]:
        method.view_reads = frozenset(keys)  # type: ignore[attr-defined]
        return method
    return mark


POLICIES: dict[str, Callable[[], Policy]] = {}
"""Policies by name (``random``, ``heuristic``): registered by their modules."""


def register(name: str, factory: Callable[[], Policy]) -> None:
    POLICIES[name] = factory


def get_policy(name: str) -> Policy:
    from tianting.bots import heuristic, random_policy  # noqa: F401 (they register themselves)
    from tianting.core.errors import TiantingError

    factory = POLICIES.get(name)
    if factory is None:
        raise TiantingError(f"未知的策略「{name}」（可用：{'、'.join(sorted(POLICIES))}）")
    return factory()
