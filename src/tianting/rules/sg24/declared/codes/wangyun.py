"""王允【年高德劭】 (8.1): one id is given a 评价指认 with one of the user's own 评价; naming one he lacks, it fails."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core import effects
from tianting.core.errors import IllegalAction
from tianting.rules.sg24 import texts
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.outcomes import DONE, FAILED
from tianting.rules.sg24.pack import EVALUATIONS

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData


def _check(game: Any, action: Action) -> None:
    """One id and an ``evaluation`` among the nine (one the user lacks is accepted: the use then fails)."""
    game._target(action)
    if action.args.get("evaluation") not in EVALUATIONS:
        raise IllegalAction(f"【{action.skill}】须指明一项评价（evaluation：{'、'.join(EVALUATIONS)}）", "evaluation")


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """The 评价 asked must be one the user's character has now; then he is told whether the id has it, as a 评价指认
    with feedback is answered (R-dlqun2-12)."""
    night, game = r.night, r.night.game
    asked, target = a.args["evaluation"], a.targets[0]
    if asked not in game.character(a.actor).evaluations:
        night.phase.note(f"{a.actor}【{skill.name}】：{asked}不是其所有的评价，技能失效")
        night.phase.outcomes.settle(a, FAILED, f"{asked}不是自己所有的评价")
        return
    has = asked in game.character(target).evaluations
    night.phase.note(f"{a.actor}【{skill.name}】评价指认 {target} 是否{asked}：{'是' if has else '否'}")
    effects.tell(night.phase, a.actor, texts.evaluation(target, asked, has), skill.name, target,
                 {"evaluation": asked, "has": has})
    night.phase.outcomes.settle(a, DONE)


register("年高德劭", Code(
    "settle", _check, _resolve,
    "主动技能。指定1个ID，并选择自己所拥有的一项评价，对其进行一次评价指认（得知其是否具有该评价）；若所选评价自己不具有，"
    "则此技能失效。"))
