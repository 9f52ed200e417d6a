"""What came of each use in a phase of KK 3.3, for the judge's pages (not the transcript).

The engine records it already: each resolved phase leaves a ``GameState.history`` entry whose ``actions`` are the
phase's uses (``_history_entries`` in rules/kk33/game.py): first the actions taken, in the order they were taken (the
script's ``actions`` less those refused), then the uses the night made itself, each with its final targets and its
``state`` (:class:`~tianting.core.skills.UseState`: ``done``, ``failed`` 發動失敗, ``void`` 失效, ``pending``);
a use no one submitted (a passive skill at work, an effect 「視為…發動」, a 刺殺's second target) is marked
``implicit``. Why a use failed or was void is said in the phase's trace, where the engine wrote it as it happened:

* ``甲 的【明察】發動失敗：理由`` (:meth:`Night.fail`), ``甲 的【明察】發動失敗（成功率1/2）`` (the success check),
  ``甲 繼續使用的【神算】發動失敗（成功率1/2）…`` (a use 神算 made);
* ``甲 的【明察】失效：理由`` (:func:`tianting.core.effects.void`: a skill's effect, the judge's ``void`` ruling, a
  night run again);
* ``甲 的刺殺對 乙 無效：理由`` / ``甲 的刺殺對 乙 失效：理由`` (the 刺殺 stage: immunity, 援護, 七星, the same
  country's or an ally's half chance).

:func:`phase_uses` puts the two together, in the shape of the 24人 rules' transcript ``uses``
(:func:`tianting.rules.sg24.outcomes.phase_uses`) so the console's one table shows both: KK 3.3's transcript keeps
its bytes (it has no ``uses``; tests/test_kk33_golden.py), the hosted game reads this from the game it drafted.

Reading the trace, not the uses themselves, is the one place that knows no more than the record: a reason is the
line's own words. Two uses of one skill by one player that both fail take the lines in the order written; a line
of a night's first pass, thrown away (「（第一次結算，因【…】作廢）」), is not read.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

FAILED, VOID = "failed", "void"
STAB = "刺殺"
_RERUN = "（第一次結算"
"""How a line of a night's first pass begins (``KK33Game.resolve_night``): that pass was thrown away."""


class _Reasons:
    """The trace's lines that say why a use did not go off, each read once, in trace order."""

    def __init__(self, trace: Sequence[str]) -> None:
        self._lines = [line for line in trace if not line.startswith(_RERUN)]
        self._taken: set[int] = set()

    def _first(self, prefixes: Sequence[tuple[str, str]]) -> str:
        """The first line not read yet that begins with one of ``prefixes`` (prefix, how its reason is said:
        ``{}`` the rest of the line), said so; ``""`` if none."""
        for i, line in enumerate(self._lines):
            if i in self._taken:
                continue
            for prefix, said in prefixes:
                if line.startswith(prefix):
                    self._taken.add(i)
                    return said.format(line.removeprefix(prefix))
        return ""

    def take(self, use: dict[str, Any]) -> str:
        """The next reason the trace gives for ``use`` (an entry of the history) not going off, or ``""``."""
        actor, skill = use["actor"], use["skill"]
        if use["state"] == FAILED:
            return self._first([(f"{actor} 的【{skill}】發動失敗：", "{}"),
                                (f"{actor} 的【{skill}】發動失敗（成功率", "成功判定未通過（成功率{}"),
                                (f"{actor} 繼續使用的【{skill}】發動失敗（成功率", "成功判定未通過（成功率{}")])
        prefixes = [(f"{actor} 的【{skill}】失效：", "{}")]
        if skill == STAB and use.get("targets"):
            target = use["targets"][0]
            prefixes[:0] = [(f"{actor} 的刺殺對 {target} 無效：", "{}"), (f"{actor} 的刺殺對 {target} 失效：", "{}")]
        return self._first(prefixes)


def _entry(history: Sequence[dict[str, Any]], index: int) -> dict[str, Any] | None:
    for entry in reversed(history):
        if entry.get("index") == index and "actions" in entry:
            return entry
        if entry.get("index", index) < index:
            break
    return None


def phase_uses(history: Sequence[dict[str, Any]], index: int, accepted_at: Sequence[int],
               trace: Sequence[str]) -> list[dict[str, Any]]:
    """Each use of the phase numbered ``index`` (``GameState.index`` when it resolved) that a player made, with
    what came of it: a copy of its history entry with ``action`` first (``accepted_at[k]``: the index in the
    phase's script ``actions`` of the k-th action taken; ``None`` for a use the night made of one, as 神算's
    「繼續使用」) and, for a use that failed or was void, ``why`` from ``trace`` (the phase's trace, as the
    transcript has it) where it says. The uses no one submitted (``implicit``) are left to the trace, as the
    console's 結算過程 shows them. ``[]`` when the history holds no uses for the phase (a day without actions)."""
    entry = _entry(history, index)
    if entry is None:
        return []
    reasons = _Reasons(trace)
    out = []
    for k, use in enumerate(entry["actions"]):
        why = reasons.take(use) if use["state"] in (FAILED, VOID) else ""
        if use.get("implicit"):
            continue  # (its reason was taken all the same: the lines stay in step with the uses)
        made = {"action": accepted_at[k] if k < len(accepted_at) else None, **copy.deepcopy(use)}
        if why:
            made["why"] = why
        out.append(made)
    return out
