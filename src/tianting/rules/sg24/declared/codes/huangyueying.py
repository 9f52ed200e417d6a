"""黄月英【诸葛连弩】: the id named has, the next night, three times the effect of his 武将杀伤 skills (R-revival-6)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.rules.sg24.declared import echoes
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.outcomes import DONE

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

KILLING = "武将杀伤技能"


def _check(game: Any, action: Action) -> None:
    game._target(action)


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """The mark for the next night (:func:`.echoes.mark`); nobody is told."""
    echoes.mark(r, a.targets[0], KILLING, f"{a.actor}【{skill.name}】")
    r.night.phase.note(f"{a.actor}【{skill.name}】：{a.targets[0]} 次夜的武将杀伤技能具有三倍的效果")
    r.night.phase.outcomes.settle(a, DONE)


register("诸葛连弩", Code(
    "settle", _check, _resolve,
    "主动技能。指定1个ID：该ID次夜发动的武将杀伤技能具有三倍的效果，须抵御三次才能挡下（挡不完时只按一次结算，不叠加）；"
    "刺杀不是武将杀伤技能。只能使用一次。（军师增益技能 结算时生效）"))
