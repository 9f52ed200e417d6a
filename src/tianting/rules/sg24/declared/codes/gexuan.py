"""葛玄【结庐炼丹】 (the id's harm tonight one level lighter) and【一叶障目】 (the id has every evaluation tonight)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes._wu import one_target
from tianting.rules.sg24.outcomes import DONE

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData


def _lessen(r: Resolver, a: Action, skill: SkillData) -> None:
    """「若受伤则改为痊愈，若死亡则改为受伤」: the id's summed harm tonight is lessened one level (R-wu-4)."""
    target = a.targets[0]
    r.lessened[target] = r.lessened.get(target, 0) + 1
    r.night.phase.note(f"{a.actor}【{skill.name}】：{target} 当夜的伤害减轻一级")
    r.night.phase.outcomes.settle(a, DONE)


def _all_evaluations(r: Resolver, a: Action, skill: SkillData) -> None:
    """Before tonight's 指认 resolve: the id counts as having all nine evaluations (评价指认, and every skill that
    reads an evaluation tonight)."""
    target = a.targets[0]
    r.night.phase.all_evaluations.add(target)
    r.night.phase.note(f"{a.actor}【{skill.name}】：{target} 当夜视为拥有全部评价")
    r.night.phase.outcomes.settle(a, DONE)


register("结庐炼丹", Code(
    "settle", one_target, _lessen,
    "主动技能。指定1个ID：结算时该ID当夜受到的伤害减轻一级（受伤改为状态正常，死亡改为受伤）。（军师增益技能 结算后生效）"))

register("一叶障目", Code(
    "settle_first", one_target, _all_evaluations,
    "主动技能。指定1个ID：当夜该ID视为拥有全部九种评价（评价指认及依评价生效的技能均按此结算）。（军师增益技能 结算时生效）"))
