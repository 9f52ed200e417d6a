"""郭嘉【奉孝安在】: set off when 周瑜【火烧赤壁】 goes off, if 郭嘉 is alive then: that night every active 武将杀伤 use of
a non-魏 player aimed at a 魏 player fails (the killers' stabs not). Resolved by 火烧赤壁's code (:mod:`.zhouyu`);
in the 24人 pack, with no 【火烧赤壁】, it never goes off (R-lianhuan-5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes._wu import no_target
from tianting.rules.sg24.declared.codes.ganning import holders
from tianting.rules.sg24.declared.odds import Halving

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

NAME = "奉孝安在"


def _unused(r: Resolver, a: Action, skill: SkillData) -> None:
    """A passive is never used (火烧赤壁's code sets it off)."""


def fengxiao(r: Resolver) -> None:
    """A living 郭嘉 holding it: tonight non-魏 武将杀伤 uses on 魏 ids fail (「不影响杀手刺杀」)."""
    state = r.night.state
    for p, data in holders(r, NAME):
        if p.character != "郭嘉":
            continue
        wei = frozenset(q.id for q in state.living() if q.country == "魏")
        others = frozenset(q.id for q in state.living() if q.country != "魏")
        r.halvings.append(Halving(others, wei, ("武将杀伤技能",), ("刺杀",), f"{p.id}【{data.name}】", sure=True))
        r.night.phase.note(f"{p.id}【{data.name}】触发：当夜别国针对魏国角色的武将杀伤主动技能发动失败")


register(NAME, Code(
    "passive", no_target, _unused,
    "被动技能。周瑜【火烧赤壁】触发时，若郭嘉未死亡则触发：当夜不属于魏国的角色针对魏国角色的武将杀伤主动技能全部发动失败，"
    "不影响杀手刺杀。不可被继承。（军师增益技能）"))
