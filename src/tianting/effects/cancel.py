"""Cancels: an action goes off with no effect (失效, 無效) or cannot be made at all (無法發動).

One use made void is :func:`void` (the core primitive: its owner is not told). A rule over many actions
registers on the phase, named by a test of each use (composed with :func:`all_of`): :func:`void_actions`
(「{what}失效」: KK 3.3's ``target_rules``, asked once redirects and cancels are known) and :func:`block`
(「{what}無法發動」: ``block_rules``, asked before anything is checked). The tests: :func:`named` (the skill),
:func:`made_by`, :func:`aimed_at` (any of its targets), :func:`other_than` (not the cancelling use itself).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from tianting.core.effects import void as void
from tianting.core.skills import Use
from tianting.effects.conditions import all_of as all_of
from tianting.effects.conditions import holder as holder
from tianting.effects.conditions import while_live as while_live
from tianting.engine.phase import Phase

ActionTest = Callable[[Any, Use], bool]
"""Does the cancel apply to this use (the phase, the use)?"""
Reason = str | Callable[[Any, Use], str]
"""The trace's reason: fixed, or worded from the use."""


class CancelPhase(Protocol):
    """A phase whose actions a rule can void or block."""

    @property
    def target_rules(self) -> list[Callable[[Any, Use], str | None]]: ...

    @property
    def block_rules(self) -> list[Callable[[Any, Use], str | None]]: ...


def named(*skills: str) -> ActionTest:
    """【X】: the use is of one of ``skills`` (by its own name)."""
    names = frozenset(skills)
    return lambda phase, use: use.name in names


def made_by(*pids: str) -> ActionTest:
    """X發動的: one of ``pids`` made the use."""
    makers = frozenset(pids)
    return lambda phase, use: use.actor in makers


def aimed_at(*pids: str) -> ActionTest:
    """針對X的: one of the use's targets (as they stand) is one of ``pids``."""
    named_ids = frozenset(pids)
    return lambda phase, use: any(t in named_ids for t in use.targets)


def other_than(own: Use) -> ActionTest:
    """Any use but ``own`` (a rule that voids every action of some players spares the skill that says so)."""
    return lambda phase, use: use is not own


@dataclass(frozen=True)
class Cancel:
    """The uses the test names are cancelled, for ``reason``; ``template`` says how (:meth:`text`)."""

    test: ActionTest
    reason: Reason
    template: str
    what: str = ""

    def __call__(self, phase: Phase, use: Use) -> str | None:
        if not self.test(phase, use):
            return None
        reason = self.reason
        return reason if isinstance(reason, str) else reason(phase, use)

    def text(self) -> str:
        return self.template.format(what=self.what)


VOID, BLOCK = "{what}失效", "{what}無法發動"
"""The sentences of :func:`void_actions` and :func:`block`."""


def void_actions(phase: CancelPhase, test: ActionTest, reason: Reason, what: str = "") -> Cancel:
    """「{what}失效」: every use ``test`` names goes off with no effect; the rule, registered."""
    rule = Cancel(test, reason, VOID, what)
    phase.target_rules.append(rule)
    return rule


def block(phase: CancelPhase, test: ActionTest, reason: Reason, what: str = "") -> Cancel:
    """「{what}無法發動」: every use ``test`` names cannot be made; the rule, registered."""
    rule = Cancel(test, reason, BLOCK, what)
    phase.block_rules.append(rule)
    return rule
