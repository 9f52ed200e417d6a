"""刺殺 made 無效 (stab immunity): 「…的【刺殺】無效」/「…失效」 for the stabs a rule names.

An immunity is a test of a 刺殺 and the reason the trace gives when it holds; registered on a phase's
``stab_rules`` (KK 3.3's night: the rules the 刺殺 stage asks about every stab, the first reason wins).
The tests compose (:func:`all_of`): whom it aims at (:func:`on`), who makes it (:func:`by`), while the
use that set it up stands (:func:`while_live`: voiding that use lifts it), while a player holds a skill
(:func:`holder`; these three are :mod:`tianting.effects.conditions`', shared with the other families); a
rule set adds its own (KK 3.3's country and killer tests: ``characters/common``).
Each test is a pure read of the phase, so the order of a rule's tests changes no outcome; the one
test that draws (:func:`by_chance`, 「一半概率」) comes last.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from tianting.core.skills import Use
from tianting.effects.conditions import all_of as all_of
from tianting.effects.conditions import holder as holder
from tianting.effects.conditions import while_live as while_live
from tianting.engine.phase import Drawing, Phase

StabTest = Callable[[Any, Use], bool]
"""Does the immunity hold for this 刺殺 (the phase, the stab's use)?"""
StabRule = Callable[[Any, Use], "str | None"]
"""A phase's ``stab_rules`` entry: the reason a 刺殺 is 無效, or None."""
Reason = str | Callable[[Any, Use], str]
"""The trace's reason: fixed, or worded from the stab (read only when the test holds)."""


class StabPhase(Protocol):
    """A phase with rules on its 刺殺."""

    @property
    def stab_rules(self) -> list[StabRule]: ...


def on(*pids: str) -> StabTest:
    """針對X的【刺殺】: the stab aims at one of ``pids``."""
    aimed = frozenset(pids)
    return lambda phase, stab: stab.targets[0] in aimed


def by(*pids: str) -> StabTest:
    """X發動的【刺殺】: one of ``pids`` makes the stab."""
    makers = frozenset(pids)
    return lambda phase, stab: stab.actor in makers


def by_chance(purpose: Callable[[Any, Use], str], kept: Callable[[Any, Use], str] | None = None) -> StabTest:
    """「有一半概率失效」: holds on a draw of the phase's generator (``phase.rng.chance``, one half), drawn
    for ``purpose`` (the draw's recorded purpose, worded from the stab); ``kept``: the trace's line when
    the stab stays. It draws: put it last in :func:`all_of`, so that only a stab the other tests name
    draws."""

    def drawn(phase: Drawing, stab: Use) -> bool:
        if phase.rng.chance(purpose(phase, stab)):
            return True
        if kept is not None:
            phase.note(kept(phase, stab))
        return False

    return drawn


@dataclass(frozen=True)
class Immunity:
    """「{what}的【刺殺】無效」: a stab the test names has no effect, for ``reason``."""

    test: StabTest
    reason: Reason
    what: str = ""
    """Who or what it names, in the rules' words (「針對你和X」, 「魏國殺手」): its sentence, :meth:`text`."""

    def __call__(self, phase: Phase, stab: Use) -> str | None:
        if not self.test(phase, stab):
            return None
        reason = self.reason
        return reason if isinstance(reason, str) else reason(phase, stab)

    def text(self) -> str:
        return f"{self.what}的【刺殺】無效"


@dataclass(frozen=True)
class HalfChance(Immunity):
    """「{what}的【刺殺】有一半概率失效」: an immunity whose test ends in :func:`by_chance`."""

    def text(self) -> str:
        return f"{self.what}的【刺殺】有一半概率失效"


def immune(phase: StabPhase, test: StabTest, reason: Reason, what: str = "") -> Immunity:
    """Make the stabs ``test`` names 無效 in ``phase``, for ``reason``; the immunity, registered."""
    rule = Immunity(test, reason, what)
    phase.stab_rules.append(rule)
    return rule


def half_immune(phase: StabPhase, test: StabTest, purpose: Callable[[Any, Use], str], reason: Reason,
                what: str = "", kept: Callable[[Any, Use], str] | None = None) -> HalfChance:
    """Make the stabs ``test`` names 失效 with a half chance each (:func:`by_chance`: ``purpose``,
    ``kept``), for ``reason``; the immunity, registered."""
    rule = HalfChance(all_of(test, by_chance(purpose, kept)), reason, what)
    phase.stab_rules.append(rule)
    return rule
