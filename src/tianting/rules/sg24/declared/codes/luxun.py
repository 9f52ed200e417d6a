"""陆逊【不耻下问】: a 杀手 or 护卫 named: the skills he uses tonight are not used up by it (R-wu-11)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes._wu import one_target
from tianting.rules.sg24.outcomes import DONE, FAILED

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

IDENTITIES = ("杀手", "护卫")


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """If the id is a 杀手 or 护卫, once the night is settled each skill he used tonight is counted as used up no
    more than it was at nightfall; otherwise the use fails."""
    night, target = r.night, a.targets[0]
    player = night.state.player(target)
    if player.identity not in IDENTITIES:
        night.phase.note(f"{a.actor}【{skill.name}】：{target} 不是杀手或护卫，未起作用")
        night.phase.outcomes.settle(a, FAILED, "所指定的ID不是杀手或护卫")
        return
    night.phase.note(f"{a.actor}【{skill.name}】：{target} 当夜发动的技能视为没有消耗")
    night.phase.outcomes.settle(a, DONE)
    before = r.used_at_start.get(target, {})

    def followup() -> None:
        for used in [x for x in night.actions if x.actor == target]:
            data = night.game.pack.skill(player.character, used.skill)
            if data is None or data.kind != "active" or data not in night.game.character(target).skills:
                continue  # 「非来自于继承的技能」: an inherited skill's use stays spent (R-inherit-6)
            was = before.get(data.name, 0)
            if player.used.get(data.name, 0) > was:
                if was:
                    player.used[data.name] = was
                else:
                    player.used.pop(data.name, None)
                night.phase.note(f"{target} 的【{data.name}】视为没有消耗（{a.actor}【{skill.name}】）")

    r.followups.append(followup)


register("不耻下问", Code(
    "settle", one_target, _resolve,
    "主动技能。指定1个ID：若其为杀手或护卫，当夜其发动的技能视为没有消耗；否则本技能无效。（军师增益技能 结算时生效）"))
