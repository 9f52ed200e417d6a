"""王平【无当飞军】 (R-shu-16): while 【浑身是胆】 (赵云's, the id's first character) is not used up, a defence of the id
against the greatest harm that wounds the harm's source, and 浑身是胆 counts as used up; after that, a chance defence
drawn only when the harm is there: a stab on the id is stopped with a quarter chance, else a wound with half chance
(the stab first: 「优先抵御刺杀」)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tianting.core.records import Action
from tianting.effects import limits
from tianting.engine.harm import Defence, Level
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.schema import STAB
from tianting.rules.sg24.outcomes import DONE, FAILED

if TYPE_CHECKING:
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

HUNSHEN = "浑身是胆"
GREATEST = ("武将杀伤技能", "军师负面技能", STAB)
"""What 「抵御一次最大伤害」 stops (as 浑身是胆's table entry)."""


def _check(game: Any, action: Action) -> None:
    game._target(action)


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    night, target = r.night, a.targets[0]
    if not night.state.player(a.actor).used.get(HUNSHEN):
        defence = Defence(target, a.actor, True, skill.name, GREATEST)
        r.defences.append(defence)
        r.counters[id(defence)] = (a.actor, skill.name)
        limits.consume(night.phase, a.actor, HUNSHEN, f"【{HUNSHEN}】视为已经消耗")
        night.phase.note(f"{a.actor}【{skill.name}】：为 {target} 抵御一次最大伤害并令伤害来源受伤；【{HUNSHEN}】消耗")
        night.phase.outcomes.settle(a, DONE)
        return
    aimed = [h for h in night.harms if h.target == target and not h.forced]
    stab = next((h for h in aimed if h.cause == STAB), None)
    wound = next((h for h in aimed if h.level is Level.WOUND), None)
    if stab is None and wound is None:
        night.phase.note(f"{a.actor}【{skill.name}】：{target} 当夜未受到刺杀或致伤")
        night.phase.outcomes.settle(a, FAILED, "该ID当夜未受到刺杀或致伤")
        return
    h, odds, what = (stab, Fraction(1, 4), "刺杀") if stab is not None else (wound, Fraction(1, 2), "致伤")
    assert h is not None
    if not night.state.rng.chance(f"【{skill.name}】抵御{what} {a.actor}→{target}", odds):
        night.phase.note(f"{a.actor}【{skill.name}】：未能抵御 {target} 受到的{what}（概率未中）")
        night.phase.outcomes.settle(a, FAILED, "概率未中")
        return
    r.defences.append(Defence(target, a.actor, True, skill.name, (h.attribute or h.cause,)))
    night.phase.note(f"{a.actor}【{skill.name}】：为 {target} 抵御一次{what}")
    night.phase.outcomes.settle(a, DONE)


register("无当飞军", Code(
    "settle", _check, _resolve,
    "主动技能。指定1个ID：若【浑身是胆】尚未消耗，当夜为其抵御一次最大伤害并令伤害来源受伤，【浑身是胆】视为消耗；"
    "若已消耗，则其当夜受到刺杀时有四分之一概率抵御，否则受到致伤时有一半概率抵御（优先刺杀）。"))
