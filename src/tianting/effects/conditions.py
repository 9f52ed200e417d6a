"""Conditions every family of effects composes: a test of a phase and of the thing an effect looks at
(a 刺殺's use, a harm, a vote …), true when the effect applies to it.

Each is a pure read of the phase, so the order of a rule's conditions changes no outcome (one that draws,
:func:`tianting.effects.stab.by_chance`, says so and comes last).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from tianting.core.skills import Use
from tianting.engine.phase import Phase

T = TypeVar("T")
Test = Callable[[Any, T], bool]
"""Does the effect apply to this (the phase, the thing looked at)?"""


def while_live(use: Use) -> Callable[[Any, object], bool]:
    """使用後當夜: while ``use`` stands (voided, what it set up goes with it)."""
    return lambda phase, thing: use.live


def holder(pid: str, skill: str) -> Callable[[Any, object], bool]:
    """While ``pid`` is in the game and holds ``skill`` (a skill lost tonight stops working)."""

    def holds(phase: Phase, thing: object) -> bool:
        player = phase.state.player(pid)
        return bool(player.alive and skill in player.skills)

    return holds


def all_of(*tests: Callable[[Any, T], bool]) -> Callable[[Any, T], bool]:
    """Every one of ``tests`` holds (read in order, the first that fails ends it)."""
    if len(tests) == 1:
        return tests[0]
    return lambda phase, thing: all(test(phase, thing) for test in tests)
