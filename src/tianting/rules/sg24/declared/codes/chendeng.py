"""陈登【固守广陵】: a side and an id: the greatest harm that side's players deal the id tonight is stopped; the next
night the same character's 武将杀伤 skills on the id go off but do nothing (R-wu-9)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.engine.harm import Defence
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.outcomes import DONE
from tianting.rules.sg24.pack import COUNTRIES, UNALIGNED

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

SIDES = (*COUNTRIES, UNALIGNED)
"""「阵营」: the three countries and the 在野."""


def _side(action: Action) -> str:
    from tianting.rules.sg24.game import _norm_country

    named = action.args.get("country", "")
    return named if named == UNALIGNED else _norm_country(named)


def _check(game: Any, action: Action) -> None:
    if _side(action) not in SIDES:
        raise IllegalAction(f"【{action.skill}】须指明一个阵营（country：{'、'.join(SIDES)}）", "country")
    game._target(action)


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """A defence of the owner's (他人主动 in seed 001's order, 本人主动 on himself) on the id, covering any harm
    (the stab too) dealt by the side's players as they are tonight; once the harms are settled, if it stopped one,
    its dealer is remembered for the next night."""
    state, side, target = r.night.state, _side(a), a.targets[0]
    dealers = tuple(sorted(p.id for p in state.living() if p.country == side and p.id != target))
    defence = Defence(target, a.actor, True, skill.name, (), dealers)
    r.defences.append(defence)
    r.night.phase.note(f"{a.actor}【{skill.name}】：为 {target} 抵御{side}当夜造成的最大一次伤害")
    r.night.phase.outcomes.settle(a, DONE)

    def followup() -> None:
        if not any(d is defence for d in r.night.phase.used_defences):
            return
        why = f"被抵御：{a.actor}【{skill.name}】"
        stopped = next((h for h in r.night.harms if h.target == target and r.night.phase.stopped.get(id(h)) == why),
                       None)
        if stopped is not None and stopped.by in state.players:
            r.spare_next_night(stopped.by, target, f"{a.actor}【{skill.name}】")

    r.followups.append(followup)


register("固守广陵", Code(
    "settle", _check, _resolve,
    "主动技能。指定1个阵营与1个ID：当夜为该ID抵御该阵营角色造成的最大一次伤害（刺杀亦可）；被抵御者若下一夜仍以同一角色"
    "对该ID发动武将杀伤技能，则视为发动成功但无效。（军师增益技能 结算时生效）"))
