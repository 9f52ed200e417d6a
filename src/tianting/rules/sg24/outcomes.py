"""What came of each use in a phase of the 24人 rules (and of 鼎立三分2.0, built on them).

Each resolved phase leaves a ``GameState.history`` entry, as KK 3.3's do: ``{"phase", "index", "actions"}``, every
action as submitted (``Action.as_json``) with its ``state`` (the values of KK 3.3's ``UseState``) and, where the
engine knows it, ``why``:

* ``done``: it went off (seed 001 「第一阶段先结算每个技能是否发动成功，是否被改变目标，是否有效」: it was made, kept
  its target and had its effect; a stab reached its target, a 指认 was answered, a 招揽 reached the 在野, a 投奔 was
  put to the 主军师);
* ``failed``: it did not go off, as if not made (发动失败: a 招揽 naming the wrong character, a 投奔 with no 军师 to
  answer it, an action 「按照没有提交判定」);
* ``void``: it was made and had no effect (失效/无效: the judge's ``void`` ruling, 「刺杀到本国君主时，刺杀无效」, a stab
  stopped by a defence or on an id spared all harm);
* ``pending``: a character skill the engine does not resolve (the pack gives it no effect: the judge rules it,
  R-SG11); such an entry also carries ``judged: true``, whatever its state (a void ruling, an action dropped).

``tianting simulate`` counts the uses whose outcome the engine decides (:func:`skill_uses`), as KK 3.3's bots do; the
transcript's ``uses`` (docs/spec/game-script.md) and the judge's console show them (:func:`phase_uses`).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from typing import Any

from tianting.core.records import Action

DONE, FAILED, VOID, PENDING = "done", "failed", "void", "pending"
"""The states of a use (KK 3.3's ``UseState`` values)."""


class Outcomes:
    """The outcome of each action of one phase, as it is decided. An action is its own object for the whole
    resolution (the phase's list holds it), so it is known by identity: two equal actions are two uses."""

    __slots__ = ("_by",)

    def __init__(self) -> None:
        self._by: dict[int, tuple[str, str]] = {}

    def settle(self, action: Action, state: str, why: str = "") -> None:
        """Record what came of ``action``. A use that did not go off stays so: a later ``done`` does not undo
        ``failed`` or ``void``, and the first reason it did not go off is the one kept."""
        found = self._by.get(id(action))
        if found is None or (found[0] == DONE and state != DONE):
            self._by[id(action)] = (state, why)

    def copy(self, source: Action, action: Action) -> None:
        """Record for ``action`` what came of ``source`` (a copy it was resolved as), if anything did."""
        found = self._by.get(id(source))
        if found is not None:
            self.settle(action, *found)

    def state(self, action: Action) -> str | None:
        found = self._by.get(id(action))
        return found[0] if found else None

    def entries(self, actions: Sequence[Action], judged: Iterable[Action] = ()) -> list[dict[str, Any]]:
        """The history's ``actions``: each action as submitted, in the order given, with its ``state`` (``pending``
        where nothing was recorded) and ``why``; ``judged``: the actions that are character skills left to the
        judge (marked ``judged``)."""
        left = {id(a) for a in judged}
        out = []
        for a in actions:
            entry = a.as_json()
            state, why = self._by.get(id(a), (PENDING, ""))
            entry["state"] = state
            if why:
                entry["why"] = why
            if id(a) in left:
                entry["judged"] = True
            out.append(entry)
        return out


def phase_uses(history: Sequence[dict[str, Any]], index: int, accepted_at: Sequence[int] = ()) -> list[dict[str, Any]]:
    """The transcript's ``uses`` of the phase numbered ``index`` (``GameState.index`` when it resolved): its history
    entry's actions, each a copy with ``action`` first, the entry's index in the phase's script ``actions``
    (``accepted_at[k]``: where the k-th action the engine took stood there; the k itself without it). ``[]`` when the
    history holds no entry for the phase."""
    for entry in reversed(history):
        if entry.get("index") == index and "actions" in entry:
            return [{"action": accepted_at[k] if k < len(accepted_at) else k, **copy.deepcopy(a)}
                    for k, a in enumerate(entry["actions"])]
        if entry.get("index", index) < index:
            break
    return []


def skill_outcomes(history: Iterable[dict[str, Any]]) -> dict[str, list[int]]:
    """Skill → [times it failed, times it was void] over a game's history, for the same uses as :func:`skill_uses`
    (the engine's, never the judge's): with it a study's skill rows split the uses that did not go off."""
    out: dict[str, list[int]] = {}
    for phase in history:
        for action in phase.get("actions", ()):
            if action.get("judged"):
                continue
            counts = out.setdefault(action["skill"], [0, 0])
            counts[0] += action["state"] == FAILED
            counts[1] += action["state"] == VOID
    return dict(sorted(out.items()))


def skill_uses(history: Iterable[dict[str, Any]]) -> dict[str, list[int]]:
    """Skill → [times submitted, times it went off] over a game's history: every use whose outcome the engine
    decides. The uses left to the judge (``judged``) are not counted, whatever came of them: a bot game has no
    judge, so neither their going off nor their failing would be a figure of the rules (as KK 3.3's bots skip a
    passive skill's ``implicit`` entries)."""
    uses: dict[str, list[int]] = {}
    for phase in history:
        for action in phase.get("actions", ()):
            if action.get("judged"):
                continue
            counts = uses.setdefault(action["skill"], [0, 0])
            counts[0] += 1
            counts[1] += action["state"] == DONE
    return dict(sorted(uses.items()))
