"""继承: what a successor keeps of the character he succeeds (docs/rulings/packs-inherit.md).

A skill's ``inherit`` mark in the pack says who may keep it (:attr:`tianting.rules.sg24.pack.SkillData.inherit`;
「技能默认不可被继承」: unmarked, nobody). When a character dies and a successor enters in the same id, the successor
holds, besides his own, each skill the dead character held that its mark lets him keep (R-inherit-2): its uses go
with it (the player's ``used`` is the id's, so a once-a-game skill already used stays spent, R-inherit-4), its
effect is its own (the pack's data of the first holder), and wherever it speaks of its holder it now means him.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tianting.core.records import Feedback


def kept(pack: Any, dead: str, held: Sequence[str], successor: str) -> list[str]:
    """The skills of ``held`` (the dead character's list as he died) that ``successor`` keeps, in that order: the
    dead character's own or inherited skills whose mark names the successor (or any), none the successor has of
    his own. A skill held that is not the character's in the pack (learned, lent) is not kept (R-inherit-3)."""
    heritage = pack.heritage(successor)
    own = {s.name for s in pack.characters[successor].skills}
    out = []
    for name in held:
        data = pack.skill(dead, name) if name in heritage and name not in own else None
        if data is not None and data.inherited_by(successor) and name not in out:
            out.append(name)
    return out


def text(dead: str, names: Sequence[str], spent: Sequence[str]) -> str:
    """The successor's feedback: what he keeps of ``dead``, and which of it is already used up."""
    line = f"你继承了{dead}的技能{''.join(f'【{n}】' for n in names)}，可以照常使用"
    if spent:
        line += f"；其中{''.join(f'【{n}】' for n in spent)}此前已经消耗，不能再用"
    return line


def enter(game: Any, phase: Any, pid: str, dead: str, held: Sequence[str]) -> list[str]:
    """The successor now in ``pid`` keeps what he inherits of ``dead`` (:func:`kept`), and is told. The names kept."""
    player = game.state.player(pid)
    names = kept(game.pack, dead, held, player.character)
    if not names:
        return []
    player.skills += [n for n in names if n not in player.skills]
    spent = [n for n in names if player.used.get(n)]
    phase.note(f"{pid}（{player.character}）继承{dead}的技能：{'、'.join(f'【{n}】' for n in names)}")
    phase.tell(pid, Feedback("继任", text(dead, names, spent), None,
                             {"inherited": list(names), "from": dead, "spent": spent}))
    return names
