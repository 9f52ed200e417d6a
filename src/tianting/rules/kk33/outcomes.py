"""What came of each use in a phase of KK 3.3, for the judge's pages (not the transcript).

The engine records it as it decides it: each resolved phase leaves a ``GameState.history`` entry whose ``actions``
are the phase's uses (``_history_entries`` in rules/kk33/game.py): first the actions taken, in the order they were
taken (the script's ``actions`` less those refused), then the uses the night made itself, each with its final
targets, its ``state`` (:class:`~tianting.core.skills.UseState`: ``done``, ``failed`` 發動失敗, ``void`` 失效/無效,
``pending``) and, for a use that did not go off, ``why``: the reason recorded the moment that was decided
(:meth:`~tianting.core.skills.Use.decide`: :meth:`Night.fail`, the success check, :func:`tianting.core.effects.void`
for a skill's effect, the judge's ``void`` ruling and a night run again, the 刺殺 stage's immunities, 援護, 七星 and the
same country's or an ally's half chance). A use no one submitted (a passive skill at work, an effect 「視為…發動」,
a 刺殺's second target) is marked ``implicit``.

:func:`phase_uses` gives them in the shape of the 24人 rules' transcript ``uses``
(:func:`tianting.rules.sg24.outcomes.phase_uses`) so the console's one table shows both: KK 3.3's transcript keeps
its bytes (it has no ``uses``; tests/test_kk33_golden.py), the hosted game reads this from the game it drafted. The
trace is the story told to the judges, never parsed: rewording one of its lines changes no reason.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any


def _entry(history: Sequence[dict[str, Any]], index: int) -> dict[str, Any] | None:
    for entry in reversed(history):
        if entry.get("index") == index and "actions" in entry:
            return entry
        if entry.get("index", index) < index:
            break
    return None


def phase_uses(history: Sequence[dict[str, Any]], index: int, accepted_at: Sequence[int]) -> list[dict[str, Any]]:
    """Each use of the phase numbered ``index`` (``GameState.index`` when it resolved) that a player made, with
    what came of it: a copy of its history entry (``why`` included, where it did not go off) with ``action`` first
    (``accepted_at[k]``: the index in the phase's script ``actions`` of the k-th action taken; ``None`` for a use the
    night made of one, as 神算's 「繼續使用」). The uses no one submitted (``implicit``) are left to the trace, as the
    console's 結算過程 shows them. ``[]`` when the history holds no uses for the phase (a day without actions)."""
    entry = _entry(history, index)
    if entry is None:
        return []
    return [{"action": accepted_at[k] if k < len(accepted_at) else None, **copy.deepcopy(use)}
            for k, use in enumerate(entry["actions"]) if not use.get("implicit")]
