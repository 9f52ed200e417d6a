"""Limited skills used up (限定技能消耗): a limited passive is spent when it triggers, and its owner is told.

「被動的限定技能消耗時…會收到相關反饋」: a passive that works once a game is spent the moment it triggers
(not when it is listed: a passive is never submitted), and its owner hears of it. A player's ``used`` counts the
limited skills he has used up, by name (the rule set's active limited skills count there too: its night pays
for them as they pass their check). This is the one way a skill says 「已消耗」:

- :func:`spent`: has ``pid`` used ``name`` up (since it was last restored, 蕙質蘭心)?
- :func:`consume`: ``pid`` uses ``name`` up now; told (his feedback, its words the skill's) and noted (the trace's
  standard line) as the skill says;
- :func:`consume_once`: the same, unless it is spent already (then nothing, and False).
"""

from __future__ import annotations

from typing import Any

from tianting.core.effects import Phase
from tianting.core.records import Feedback


def spent(phase: Phase, pid: str, name: str) -> bool:
    """Has ``pid`` used the limited skill ``name`` up?"""
    return bool(phase.state.player(pid).used.get(name))


def noted(pid: str, name: str) -> str:
    """The trace's line of a limited passive used up."""
    return f"{pid} 的被動限定技能【{name}】已消耗"


def consume(phase: Phase, pid: str, name: str, told: str | None = None, data: dict[str, Any] | None = None,
            note: bool = False) -> None:
    """``pid`` uses the limited skill ``name`` up. ``told``: his feedback's words (under ``name``, with ``data``),
    where the skill tells him now; ``note``: the trace says so (:func:`noted`)."""
    used = phase.state.player(pid).used
    used[name] = used.get(name, 0) + 1
    if told is not None:
        phase.tell(pid, Feedback(name, told, None, dict(data or {})))
    if note:
        phase.note(noted(pid, name))


def consume_once(phase: Phase, pid: str, name: str, told: str | None = None, data: dict[str, Any] | None = None,
                 note: bool = False) -> bool:
    """:func:`consume`, unless ``name`` is spent already: then nothing happens. Whether it was consumed now."""
    if spent(phase, pid, name):
        return False
    consume(phase, pid, name, told, data, note)
    return True


def text(name: str) -> str:
    """The sentence: 「【X】已觸發並消耗」."""
    return f"【{name}】已觸發並消耗"
