"""丁奉【老当益壮】 (once he has been on stage three full days, he may stab twice a night, R-wu-10) and【箭无虚发】
(张辽 named rightly: a wound no skill heals, its own 伤判, R-wu-15)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.records import Feedback
from tianting.engine.harm import Harm, Level
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes._wu import no_target
from tianting.rules.sg24.declared.codes.sunce import _unused
from tianting.rules.sg24.wounds import DIED, INJURED

if TYPE_CHECKING:
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

DAYS = 3
"""「登场满三日后」."""
STABS = 2
"""「每夜可进行两次刺杀」."""


def days_on_stage(state: Any, pid: str) -> int:
    """The days played out since ``pid``'s present character came on stage (a day it came on in is not full)."""
    entered = state.extra.get("entered", {}).get(pid, -1)
    return sum(1 for h in state.history if h.get("phase") == "day" and h.get("index", -1) > entered)


def _stabs(game: Any, player: Any) -> int:
    return STABS if days_on_stage(game.state, player.id) >= DAYS else 1


register("老当益壮", Code(
    "passive", no_target, _unused,
    "被动技能。登场满三日后触发：每夜可以进行两次刺杀。（武将杀伤技能）", stabs=_stabs))


ZHANGLIAO = "张辽"
MARKED = (DIED,) * 5 + (INJURED,) * 5
"""「伤判一半概率死亡一半概率继续受伤」."""


def _named_zhangliao(r: Resolver, owner: str, skill: SkillData) -> None:
    """The owner's right 指认 of 张辽 tonight: 张辽 is wounded (a harm of the skill's attribute) and the wound is
    marked (:attr:`.bespoke.Code.marked_table`); the mark goes if he is not left wounded by tonight (R-wu-15)."""
    night = r.night
    for _, target in sorted({(who, whom) for who, whom, named in night.phase.recognitions
                             if who == owner and named == ZHANGLIAO}):
        night.harms.append(Harm(target, Level.WOUND, skill.name, [owner], by=owner, attribute=skill.attribute or ""))
        mark_wound(r, target, skill.name, ZHANGLIAO)
        night.phase.note(f"{owner} 的【{skill.name}】触发（{target}）：令其受伤，该伤不可痊愈")
        night.phase.tell(owner, Feedback(skill.name, f"你的【{skill.name}】已触发", target))


def mark_wound(r: Resolver, target: str, skill: str, character: str) -> None:
    """``target``'s wound tonight is marked by ``skill`` (:attr:`.bespoke.Code.marked_table`: no skill heals it, its
    own 伤判); the mark goes once the night is settled unless he is left alive, wounded tonight, still ``character``
    (丁奉【箭无虚发】, 曹仁【南郡破敌】)."""
    night = r.night
    night.state.extra.setdefault("marked_checks", {})[target] = skill

    def followup() -> None:
        p = night.state.player(target)
        if not (p.alive and p.injured and p.wounded_at == night.state.index and p.character == character):
            night.state.extra.get("marked_checks", {}).pop(target, None)

    r.followups.append(followup)


register("箭无虚发", Code(
    "passive", no_target, _unused,
    "被动技能。成功指认出张辽时触发：令其受伤，该伤不可被技能治愈；其伤判一半概率死亡、一半概率继续受伤，继续受伤则于下一夜"
    "开始时脱离游戏。（指认技能）", before_harms=_named_zhangliao, marked_table=MARKED))
