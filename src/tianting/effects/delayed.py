"""The delayed form: an effect that comes due in a later phase (次夜, 次日, 第n夜 …).

A skill that says 「次夜…」 or 「次日…」 schedules a :class:`~tianting.core.state.Effect` (its kind, the
phase it comes due in, its owner, its data); the rule set hands it to the skill named by its kind when
that phase begins (KK 3.3: ``Skill.on_effect``). When it comes due is one of:

- :class:`After`: counted from the phase the skill acts in, step by step: 次夜 (the next night, whether the
  skill acts at night or by day), 次日 (the next day), 次夜之後的白天 (the day after the next night), 下一階段
  (the next phase, night or day: an effect renewed phase after phase, 「此後」);
- :class:`OnNight`: a night by its number (第n夜).

Each says itself in Chinese (:meth:`After.text`): the words of the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tianting.core.state import Effect, PhaseKind, next_of
from tianting.engine.phase import Timed

NIGHT, DAY = PhaseKind.NIGHT, PhaseKind.DAY


@dataclass(frozen=True)
class After:
    """Due after the phase at hand, step by step: each step is the first phase of its kind after the
    previous one (``None``: the next phase, whatever its kind)."""

    steps: tuple[PhaseKind | None, ...]

    def at(self, index: int) -> int:
        """The index of the phase it comes due in, counted from phase ``index``."""
        for kind in self.steps:
            index = index + 1 if kind is None else next_of(index, kind)
        return index

    def text(self) -> str:
        """The rules' words: 次夜, 次日, 次夜之後的白天, 下一階段."""
        if self.steps == (NIGHT,):
            return "次夜"
        if self.steps == (DAY,):
            return "次日"
        if self.steps == (None,):
            return "下一階段"
        words = {NIGHT: "次夜", DAY: "次日", None: "下一階段"}
        return "之後的".join(words[kind] for kind in self.steps[:-1]) + "之後的" + (
            "白天" if self.steps[-1] is DAY else "夜晚" if self.steps[-1] is NIGHT else "階段")


@dataclass(frozen=True)
class OnNight:
    """第n夜: the night of number ``n`` (night 1 is the game's first phase)."""

    n: int

    def at(self, index: int) -> int:
        return 2 * (self.n - 1)

    def text(self) -> str:
        return f"第{self.n}夜"


When = After | OnNight
NEXT_NIGHT = After((NIGHT,))
"""次夜: the next night, from a night or a day."""
NEXT_DAY = After((DAY,))
"""次日: the next day, from a night or a day."""
NEXT_PHASE = After((None,))
"""下一階段: the phase after this one (an effect renewed phase after phase: 「此後」, 「次日及以後」)."""
DAY_AFTER_NEXT_NIGHT = After((NIGHT, DAY))
"""次夜之後的白天: when a right given for the next night only is gone."""


def due(phase: Timed, when: When) -> int:
    """The index of the phase ``when`` names, counted from ``phase``."""
    return when.at(phase.index)


def delay(phase: Timed, when: When, kind: str, owner: str, data: dict[str, Any] | None = None) -> Effect:
    """An effect of ``kind`` (a skill's name, or a kind the rule set reads itself) that comes due ``when``,
    made by ``owner``'s skill, not scheduled yet (a skill that fills its data in later: :func:`schedule`)."""
    return Effect(kind, due(phase, when), owner, {} if data is None else data)


def schedule(phase: Timed, when: When, kind: str, owner: str, data: dict[str, Any] | None = None) -> Effect:
    """「次夜…」/「次日…」/「第n夜…」: schedule an effect of ``kind`` by ``owner`` to come due ``when``.
    ``data`` is kept as it is given (not copied). The effect, scheduled."""
    effect = delay(phase, when, kind, owner, data)
    phase.state.effects.append(effect)
    return effect


def text(when: When, what: str) -> str:
    """The sentence of a delayed effect: 「次夜，{what}」."""
    return f"{when.text()}，{what}"
