"""Gaining, losing and lending skills: one mechanism for every skill that does it.

Learned and copied skills (察言觀色, 擇主而事, 士別三日, 五常, 化身 …), skills
given by an awakening (覺醒技 → 隱藏技) and skills lost (失去技能) all go
through here, so that limits, views and feedback treat them alike.

被動的限定技能消耗時或失去某技能時會收到相關反饋。
"""

from __future__ import annotations

from typing import Any

from tianting.core.records import Feedback

LOST_KEY = "lost_skills"
"""``state.extra[LOST_KEY][pid]``: the skills ``pid`` lost (失去), in order."""


def gain(phase: Any, pid: str, name: str, via: str, tell: bool = True) -> None:
    """``pid`` holds ``name`` from now on (a character skill, with its usual limit)."""
    player = phase.state.player(pid)
    if name not in player.skills:
        player.skills.append(name)
    if tell:
        phase.tell(pid, Feedback(via, f"【{via}】你獲得技能【{name}】。", None, {"gained": name}))
    phase.note(f"{pid} 獲得技能【{name}】（{via}）")


def lose(phase: Any, pid: str, name: str, via: str) -> bool:
    """``pid`` loses ``name``; they are told. False if they did not hold it."""
    player = phase.state.player(pid)
    if name not in player.skills:
        return False
    player.skills.remove(name)
    lost = phase.state.extra.setdefault(LOST_KEY, {}).setdefault(pid, [])
    if name not in lost:
        lost.append(name)  # kept for skills that restore lost ones (蕙質蘭心)
    phase.tell(pid, Feedback(via, f"【{via}】你失去技能【{name}】。", None, {"lost": name}))
    phase.note(f"{pid} 失去技能【{name}】（{via}）")
    return True


def lend(phase: Any, pid: str, name: str, via: str, uses: int = 1) -> None:
    """A one-time use right (一次性使用權) of ``name``: spent when used, kept if the use fails."""
    player = phase.state.player(pid)
    player.granted[name] = player.granted.get(name, 0) + uses
    phase.tell(pid, Feedback(via, f"【{via}】你獲得【{name}】的一次性使用權。", None, {"granted": name, "uses": uses}))
    phase.note(f"{pid} 獲得【{name}】的一次性使用權（{via}）")


def lost(state: Any, pid: str) -> list[str]:
    """The skills ``pid`` has lost and not regained."""
    player = state.player(pid)
    return [s for s in state.extra.get(LOST_KEY, {}).get(pid, []) if s not in player.skills]
