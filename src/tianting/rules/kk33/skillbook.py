"""Gaining, losing and lending skills: one mechanism for every skill that does it.

Learned and copied skills (察言觀色, 擇主而事, 士別三日, 五常, 化身 …), skills
given by an awakening (覺醒技 → 隱藏技) and skills lost (失去技能) all go
through here, so that limits, views and feedback treat them alike. Each change to a player's list
of skills is logged (``state.skills_changed``: the tables of who holds what, ``KK33Game.holders``,
read again the players logged since they were read).

被動的限定技能消耗時或失去某技能時會收到相關反饋。
"""

from __future__ import annotations

from typing import Any

from tianting.core.records import Feedback
from tianting.core.skills import UseState

LOST_KEY = "lost_skills"
"""``state.extra[LOST_KEY][pid]``: the skills ``pid`` lost (失去), in order."""
FROM_KEY = "skills_from"
"""``state.extra[FROM_KEY][pid][name]``: the character a gained skill was taken from, where its text
depends on it (舌戰群儒 reads 「無事發生」 or 「無效」 by character): see :func:`text_character`."""


def held_as_stage_began(phase: Any, pid: str) -> list[str]:
    """The skills ``pid`` held when the phase's current stage began. A skill that learns or reads
    skills (士別三日, 擇主而事 …) reads these, so that what another skill of the same stage gained or
    lost a moment before (in seat order) does not count: the stage's skills act at once (R49)."""
    before = getattr(phase, "skills_before", None)
    if before and pid in before:
        return list(before[pid])
    return list(phase.state.player(pid).skills)


def _remember(phase: Any, player: Any) -> None:
    before = getattr(phase, "skills_before", None)
    if before is not None and player.id not in before:
        before[player.id] = tuple(player.skills)


def gain(phase: Any, pid: str, name: str, via: str, tell: bool = True, character: str | None = None) -> None:
    """``pid`` holds ``name`` from now on (a character skill, with its usual limit). ``character``: the
    character it is taken from, whose text of it the holder then reads (化身's form)."""
    player = phase.state.player(pid)
    _remember(phase, player)
    if name not in player.skills:
        player.skills.append(name)
        phase.state.skills_changed.append(pid)  # (see GameState.skills_changed)
    if character is not None:
        phase.state.extra.setdefault(FROM_KEY, {}).setdefault(pid, {})[name] = character
    if tell:
        phase.tell(pid, Feedback(via, f"【{via}】你獲得技能【{name}】。", None, {"gained": name}))
    phase.note(f"{pid} 獲得技能【{name}】（{via}）")


def lose(phase: Any, pid: str, name: str, via: str) -> bool:
    """``pid`` loses ``name``; they are told. False if they did not hold it."""
    player = phase.state.player(pid)
    if name not in player.skills:
        return False
    _remember(phase, player)
    player.skills.remove(name)
    phase.state.skills_changed.append(pid)
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


def expire(state: Any, pid: str, name: str) -> bool:
    """A skill held for a time the text sets ends (化身：於該階段中獲得該技能): it is no longer held. Not a
    loss (失去): nothing is recorded to restore (蕙質蘭心) and the holder gets no feedback for it.
    False if ``pid`` did not hold it."""
    player = state.player(pid)
    if name not in player.skills:
        return False
    player.skills.remove(name)
    state.skills_changed.append(pid)
    state.extra.get(FROM_KEY, {}).get(pid, {}).pop(name, None)
    return True


def text_character(game: Any, pid: str, name: str) -> str | None:
    """The character whose rule text of ``name`` applies to ``pid``: their own character's if it has the
    skill, else the character it was taken from (:func:`gain`), else the first that has it."""
    player = game.state.player(pid)
    characters = game.roster.characters
    if characters[player.character].skill(name) is not None:
        return str(player.character)
    taken = game.state.extra.get(FROM_KEY, {}).get(pid, {}).get(name)
    if taken is not None:
        return str(taken)
    return next((c.name for c in characters.values() if c.skill(name) is not None), None)


def lost(state: Any, pid: str) -> list[str]:
    """The skills ``pid`` has lost and not regained."""
    player = state.player(pid)
    return [s for s in state.extra.get(LOST_KEY, {}).get(pid, []) if s not in player.skills]


def expire_lent_stab(phase: Any, pid: str, night: int, via: str) -> None:
    """「次夜可發動一次【刺殺】」 (龍吟, 兄長之風): a lent 刺殺 not used in night ``night`` is gone after it."""
    player = phase.state.player(pid)
    entry = next((h for h in phase.state.history if h.get("phase") == "night" and h.get("index") == night), None)
    used = entry is not None and any(a["actor"] == pid and a["skill"] == "刺殺" and not a.get("implicit")
                                     and a.get("state") != UseState.FAILED.value for a in entry["actions"])
    if not used and player.granted.get("刺殺"):
        player.granted["刺殺"] -= 1
        if not player.granted["刺殺"]:
            del player.granted["刺殺"]
        phase.note(f"{pid} 未於次夜使用{via}給予的刺殺：使用權作廢")
