"""陈琳 (鼎立 在野): 【建安风骨】, a day's use whose effect falls on that day's vote (docs/rulings/packs-dlqun1.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.rules.sg24.declared.bespoke import Code, check_untargeted_joined, register
from tianting.rules.sg24.outcomes import DONE

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.pack import SkillData



def _jianan_check(game: Any, action: Action) -> None:
    """「加入阵营后才可使用」; the use names no id (it acts on whoever the day's vote puts on top)."""
    check_untargeted_joined(game, action, "加入阵营后")


def _jianan_resolve(day: Any, a: Action, skill: SkillData) -> None:
    """The day's most voted (one alone: a tie harms nobody) has his harm deepened: a wound becomes death (R-dlqun1-11).
    ``day``: the :class:`~tianting.rules.dingli2.day.DingliDay` being resolved."""
    day.deepen_voted.append(f"{a.actor}【{skill.name}】")
    day.phase.note(f"{a.actor}【{skill.name}】：当日得票最高者受到的伤害加深")
    day.phase.outcomes.settle(a, DONE)


register("建安风骨", Code(
    "day", _jianan_check, _jianan_resolve,
    "主动技能，白天使用，加入阵营后才可使用：当日投票得票最高的角色受到的伤害加深，直接死亡；若有多个角色得票最高，"
    "则均不受伤害。（投票技能 结算时生效）"))
