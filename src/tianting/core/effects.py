"""Effect primitives shared by every rule set: what skills and the judge's rulings do to a game.

Each primitive changes the state of one phase being resolved (a night or a day)
and writes one line of trace; rule sets decide *when* they run. A phase is any
object with ``state``, ``note(text)``, ``tell(pid, feedback)``,
``injured`` (ids wounded in the phase, where the phase has one) and
``protected`` (id → the reason no harm reaches them in this phase).

- :func:`void`      失效: a use goes off with no effect; its owner is not told.
- :func:`protect`   no harm reaches a player in this phase (the judge's 「豁免」).
- :func:`wound`     a player enters the wounded state (受傷).
- :func:`heal`      a player leaves the wounded state.
- :func:`tell`      private feedback to one player.
- :func:`recognise` 互識: two players learn each other's character.
- :func:`mark`      a player gains markers (標記: 黃巾軍, 行醫 …).

Harm that kills goes through the rule set (its deaths set off 轉生, 託孤 …);
:func:`protected_from` is how the rule set asks whether a protection stops it.
Later rule sets and skills reuse these (and grow the list: join a country, learn a skill).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from tianting.core.records import Feedback
from tianting.core.skills import Use, UseState
from tianting.core.state import GameState, Status


class Phase(Protocol):
    """What the primitives need of a phase being resolved (a KK 3.3 ``Night`` or ``Day``, a 24人 or
    鼎立 phase …): its game state, a trace line, private feedback. ``injured`` and ``protected``
    are read where the phase has them (:func:`wound`, :func:`protected_from`)."""

    @property
    def state(self) -> GameState: ...

    def note(self, text: str, /) -> None: ...

    def tell(self, pid: str, item: Feedback, /) -> None: ...


class ProtectingPhase(Phase, Protocol):
    """A phase that keeps who no harm reaches in it (:func:`protect`)."""

    @property
    def protected(self) -> dict[str, str]: ...

RULING_EFFECTS = {"void": "行動失效", "spare": "豁免傷害", "injure": "致傷", "kill": "致死", "heal": "脫離受傷",
                  "tell": "私下告知", "announce": "公告"}
"""The effects of the judge's rulings (game-script.md ``rulings``), with their Chinese names."""

JUDGE_SKILL = "天庭"
"""The ``skill`` of feedback and trace lines that come from the judge's rulings."""


def void(phase: Phase, use: Use, reason: str) -> bool:
    """失效: the use went off with no effect; its owner is not told. False if it was not live."""
    if not use.live:
        return False
    use.decide(UseState.VOID, reason)
    phase.note(f"{use.actor} 的【{use.name}】失效：{reason}")
    return True


def protect(phase: ProtectingPhase, pid: str, reason: str) -> None:
    """No harm reaches ``pid`` in this phase (wounds and deaths alike)."""
    phase.protected[pid] = reason
    phase.note(f"{pid} 本階段不受任何傷害：{reason}")


def protected_from(phase: Phase, pid: str) -> str | None:
    """The reason no harm reaches ``pid`` in this phase, or None."""
    found = getattr(phase, "protected", None)
    return found.get(pid) if found else None


def wound(phase: Phase, pid: str, why: str) -> None:
    """受傷: ``pid`` (alive, not wounded) enters the wounded state in this phase."""
    player = phase.state.player(pid)
    player.status = Status.INJURED
    player.wounded_at = phase.state.index
    injured = getattr(phase, "injured", None)
    if injured is not None:
        injured.append(pid)
    phase.note(f"{pid} 受傷{why}")


def heal(phase: Phase, pid: str, why: str) -> bool:
    """``pid`` leaves the wounded state; False (and nothing changes) if they were not wounded."""
    player = phase.state.player(pid)
    if player.status is not Status.INJURED:
        return False
    player.status = Status.ALIVE
    player.wounded_at = None
    injured = getattr(phase, "injured", None)
    if injured is not None and pid in injured:
        injured[:] = [p for p in injured if p != pid]
    phase.note(f"{pid} {why}")
    return True


def tell(phase: Phase, pid: str, text: str, skill: str = JUDGE_SKILL, target: str | None = None,
         data: dict[str, Any] | None = None) -> None:
    """Private feedback to ``pid`` (through the phase's own ``tell``: observers may hook it)."""
    phase.tell(pid, Feedback(skill, text, target, dict(data or {})))


def recognise(phase: Phase, a: str, b: str, via: str, text: Callable[[str, str], str]) -> None:
    """互識：兩名玩家分別獲悉對方的角色. ``text(other, character)`` words the feedback."""
    pa, pb = phase.state.player(a), phase.state.player(b)
    pa.known[b] = pb.character
    pb.known[a] = pa.character
    tell(phase, a, text(b, pb.character), "互識", b, {"character": pb.character, "via": via})
    tell(phase, b, text(a, pa.character), "互識", a, {"character": pa.character, "via": via})
    phase.note(f"{a} 與 {b} 互識（{via}）")


def mark(phase: Phase, pid: str, name: str, n: int = 1, why: str | None = None) -> int:
    """``pid`` gains ``n`` markers called ``name`` (獲得一個「…」標記); their count now. ``why``: a
    trace line (a skill that words its own line leaves it out)."""
    player = phase.state.player(pid)
    player.markers[name] = player.markers.get(name, 0) + n
    if why:
        phase.note(why)
    return player.markers[name]
