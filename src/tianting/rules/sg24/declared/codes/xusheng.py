"""徐盛【疑城之计】: the id named is a 君主: tonight the stabs of his country's killers are lessened to wounds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tianting.engine.harm import Level
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes._wu import killer_stabs, one_target
from tianting.rules.sg24.outcomes import DONE, FAILED

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """「效果减为受伤（并非最终结算）」: each deadly harm of a stab by a killer of the 君主's country becomes a wound
    before the harms are summed (a second wound still kills, R-wu-3); an id who is no 君主: the use fails."""
    state, phase = r.night.state, r.night.phase
    lord = state.player(a.targets[0])
    if lord.identity != "君主":
        phase.note(f"{a.actor}【{skill.name}】：{lord.id} 不是君主，未起作用")
        phase.outcomes.settle(a, FAILED, "所指定的ID不是君主")
        return
    for h, stab in killer_stabs(r):
        if state.player(stab.actor).country == lord.country and h.level is Level.KILL:
            h.reduce(f"【{skill.name}】")
            phase.note(f"{a.actor}【{skill.name}】：{stab.actor} 对 {h.target} 的刺杀减为受伤")
    phase.outcomes.settle(a, DONE)


register("疑城之计", Code(
    "settle", one_target, _resolve,
    "主动技能。指定1个ID：若其身份为君主，当夜该国杀手的刺杀效果减为致伤（伤害仍与当夜其他伤害合计）；"
    "其不是君主时本技能无效。（武将保护技能 结算时生效）"))
