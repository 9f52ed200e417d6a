"""夏侯惇【拔矢啖睛】: the first stab that reaches him wounds him at most, and he loses his 指认 for good; a death at
the 伤判 of that wound is counted with the next night's dead, with last words (R-revival-7, R-revival-8)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.records import Feedback
from tianting.engine.harm import Harm, Level
from tianting.rules.sg24.declared import revival
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes._wu import no_target
from tianting.rules.sg24.declared.codes.sunce import _unused
from tianting.rules.sg24.declared.schema import STAB

if TYPE_CHECKING:
    from tianting.rules.sg24.pack import SkillData

NAME = "拔矢啖睛"


def _first_stab(game: Any, phase: Any, owner: str, skill: SkillData, landed: dict[str, list[Harm]],
                book: Any) -> None:
    """A stab (a killer's or a skill's) that got past every defence lands on the owner, the first one in the game:
    the skill is spent; whatever lands on him tonight is at most a wound (already wounded: he stays so); from now on
    he has no 指认 while he plays this character; the wound is marked for its 伤判 (R-revival-7)."""
    player = game.state.player(owner)
    harms = landed.get(owner, [])
    if player.used.get(skill.name) or not any(STAB in (h.attribute, h.cause) for h in harms):
        return
    player.used[skill.name] = player.used.get(skill.name, 0) + 1
    wounded_before = player.injured
    deadly = any(h.level is Level.KILL for h in harms) or wounded_before or len(harms) > 1
    landed[owner] = [] if wounded_before else [Harm(owner, Level.WOUND, STAB, [h.by for h in harms], by=harms[0].by,
                                                    attribute=STAB)]
    at = player.wounded_at if wounded_before else game.state.index
    revival.lose_recognition(game.state, owner, player.character)
    revival.mark_deferred_death(game.state, owner, player.character, at, skill.name)
    phase.note(f"{owner}【{skill.name}】：第一次被刺杀，{'不会死亡，' if deadly else ''}只会受伤，从此失去指认能力")
    phase.tell(owner, Feedback(skill.name, f"你的【{skill.name}】已触发：你不会死亡只会受伤，从此失去指认能力"))


register(NAME, Code(
    "passive", no_target, _unused,
    "被动技能。第一次被刺杀（刺杀未被抵御）时触发：当夜只会受伤而不会死亡，并从此失去指认能力；若此伤的伤判结果为死亡，"
    "则于次夜计入死亡人数，可写一条遗言。不可被继承。（武将保护技能）", after_defences=_first_stab))
