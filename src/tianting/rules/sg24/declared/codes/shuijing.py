"""水镜先生 (鼎立 在野): 【不动如山】, whose protection hangs on what its target did not do tonight
(docs/rulings/packs-dlqun1.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.schema import ATTRIBUTES, STAB
from tianting.rules.sg24.outcomes import DONE, FAILED

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData


def one_target(game: Any, action: Action) -> None:
    game._target(action)


def _budong_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """If the id sent no action tonight (none at all: no 指认, skill, stab, 入国), no harm of the night reaches him
    (R-dlqun1-5); otherwise the use goes off to no effect."""
    night, target = r.night, a.targets[0]
    if any(x.actor == target for x in night.actions):
        night.phase.note(f"{a.actor} 的【{skill.name}】对 {target} 未生效：{target} 当夜进行了行动")
        night.phase.outcomes.settle(a, FAILED, f"{target} 当夜进行了行动")
        return
    r.immunities.append((target, (*ATTRIBUTES, STAB), f"{a.actor}【{skill.name}】", "harms"))
    night.phase.outcomes.settle(a, DONE)


register("不动如山", Code(
    "settle", one_target, _budong_resolve,
    "主动技能。指定1个ID：若其当夜没有进行任何行动，则其当夜受到的任何伤害都无效。（军师增益技能 结算后生效）"))
