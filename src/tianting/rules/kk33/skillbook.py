"""Gaining, losing and lending skills: one mechanism for every skill that does it.

Learned and copied skills (察言觀色, 擇主而事, 士別三日, 五常, 化身 …), skills
given by an awakening (覺醒技 → 隱藏技) and skills lost (失去技能) all go
through here, so that limits, views and feedback treat them alike. Each change to a player's list
of skills is logged (``state.skills_changed``: the tables of who holds what, ``KK33Game.holders``,
read again the players logged since they were read).

被動的限定技能消耗時或失去某技能時會收到相關反饋。 The changes themselves (:func:`gain`, :func:`lose`, :func:`lend`,
:func:`expire`) are the effects library's (:mod:`tianting.effects.skills`), offered here under their names.
"""

from __future__ import annotations

from typing import Any

from tianting.core.skills import UseState
from tianting.effects.skills import FROM_KEY as FROM_KEY
from tianting.effects.skills import LOST_KEY as LOST_KEY
from tianting.effects.skills import expire as expire
from tianting.effects.skills import gain as gain
from tianting.effects.skills import lend as lend
from tianting.effects.skills import lose as lose


def held_as_stage_began(phase: Any, pid: str) -> list[str]:
    """The skills ``pid`` held when the phase's current stage began. A skill that learns or reads
    skills (士別三日, 擇主而事 …) reads these, so that what another skill of the same stage gained or
    lost a moment before (in seat order) does not count: the stage's skills act at once (R49)."""
    before = getattr(phase, "skills_before", None)
    if before and pid in before:
        return list(before[pid])
    return list(phase.state.player(pid).skills)


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
