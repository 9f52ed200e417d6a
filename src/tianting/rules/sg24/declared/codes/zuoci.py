"""左慈 (鼎立 在野, 于吉's successor): 【天遁】, a night with no limit on his actions (docs/rulings/packs-zaiyeb.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes.dongzhuo import went_off
from tianting.rules.sg24.outcomes import DONE

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

BARRED_BY = "岁在甲子"
"""「如果张角使用过【岁在甲子】，则左慈的【天遁】失效」 (张角's line; 左慈's names 祝融, who has no such skill)."""


def _tiandun_check(game: Any, action: Action) -> None:
    """No id; refused once 【岁在甲子】 has gone off in the game (the skill is then void)."""
    if action.targets:
        raise IllegalAction(f"【{action.skill}】不指定ID", "targets")
    if went_off(game.state, BARRED_BY):
        raise IllegalAction(f"【{action.skill}】无效：【{BARRED_BY}】已经使用过", "void")


def _tiandun_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """Its effect is on what he may send (:func:`.bespoke.unlimited_tonight`): the use goes off (R-zaiyeb-9)."""
    r.night.phase.note(f"{a.actor}【{skill.name}】：当夜不限制行动次数")
    r.night.phase.outcomes.settle(a, DONE)


register("天遁", Code(
    "settle_first", _tiandun_check, _tiandun_resolve,
    "主动技能。使用当夜不限制行动次数（可同时提交多个技能与行动）。【岁在甲子】使用过后此技能无效。", unlimited=True))
