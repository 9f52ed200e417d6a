"""华佗【针灸奇术】 (three uses; the id's stabs tonight fail, or the use is an empty needle: two wound the user),
【起死回生】 (revival to the previous character) and【麻沸散】 (a temporary exit), the last two on
:mod:`tianting.rules.sg24.declared.revival`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.engine.harm import Harm, Level
from tianting.rules.sg24.declared import revival
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.schema import ATTRIBUTES, STAB
from tianting.rules.sg24.outcomes import DONE, FAILED, VOID

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

NAME = "针灸奇术"
USES = 3
"""「可使用三次」."""
EMPTY_TO_WOUND = 2
"""「累计两空针者受伤」."""


def _check(game: Any, action: Action) -> None:
    game._target(action)  # its three uses are counted and checked by the engine (Code.uses)


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """A use is spent; if a stab (a killer's or a skill's) is aimed at the id tonight, every stab on it fails
    (「受到的刺杀均无效」); if none, the user's empty needles count one more, and the second wounds the user
    tonight (R-wu-5)."""
    night, phase = r.night, r.night.phase
    target = a.targets[0]
    if any(h.target == target and STAB in (h.attribute, h.cause) for h in night.harms):
        r.immunities.append((target, (STAB,), f"{a.actor}【{skill.name}】", "harms"))
        phase.note(f"{a.actor}【{skill.name}】：{target} 当夜受到的刺杀均无效")
        phase.outcomes.settle(a, DONE)
        return
    needles = night.state.extra.setdefault("empty_needles", {})
    needles[a.actor] = needles.get(a.actor, 0) + 1
    phase.note(f"{a.actor}【{skill.name}】：{target} 当夜未受刺杀，计一空针（累计{needles[a.actor]}）")
    if needles[a.actor] == EMPTY_TO_WOUND:
        night.harms.append(Harm(a.actor, Level.WOUND, skill.name, [a.actor], by=a.actor))
        phase.note(f"{a.actor}【{skill.name}】：累计两空针，{a.actor} 受伤")
    phase.outcomes.settle(a, DONE)


register(NAME, Code(
    "settle", _check, _resolve,
    "主动技能，可使用三次。指定1个ID：若当夜该ID受到刺杀，其受到的刺杀均无效；若未受到刺杀，则记一空针，"
    "使用者累计第二次空针时当夜受伤。（武将保护技能 结算时生效）", uses=USES))  # counted by the engine (R53)


# ---- 【起死回生】 ---------------------------------------------------------------------------------------------------
REVIVE = "起死回生"


def _revive_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """Once the night's harms and deaths are settled (结算后生效), the id's present character gives way to its
    previous one, unless that one died of a 指认, naturally, or its life span is over (R-revival-1..3). A character
    that died tonight (its successor on stage) is the one brought back."""
    night = r.night

    def after() -> None:
        why = revival.why_not_revived(night.game, a.targets[0])
        if why is not None:
            night.phase.note(f"{a.actor}【{skill.name}】对 {a.targets[0]} 无效：{why}")
            night.phase.outcomes.settle(a, FAILED, why)
            return
        revival.revive(r, a.targets[0], skill.name)
        night.phase.outcomes.settle(a, DONE)

    r.followups.append(after)


def _one_id(game: Any, action: Action) -> None:
    game._target(action)


register(REVIVE, Code(
    "settle", _one_id, _revive_resolve,
    "主动技能。指定1个ID：当夜结算后，该ID的当前角色复活为其上一角色（技能与使用次数如其死亡时）；上一角色因被指认而死、"
    "自然死亡，或其原本寿命已到时，复活无效。（军师增益技能 结算后生效）"))


# ---- 【麻沸散】 -----------------------------------------------------------------------------------------------------
AWAY = "麻沸散"
LENGTHS = {"一日一夜": 1, "两日两夜": 2, "1": 1, "2": 2}
"""「退出时长由【麻沸散】使用者设定，不得超过两日两夜」: in whole days and nights (R-revival-4)."""
EVERY_ATTRIBUTE = ATTRIBUTES
"""「当夜对该角色使用的其他技能失败」: every skill, not a killer's stab (no skill, R-revival-4)."""
NEGATIVE = "军师负面技能"


def _length(action: Action) -> int | None:
    """The length set (``duration``, or the forms' ``choice``), in days and nights; None if none is valid."""
    return LENGTHS.get(str(action.args.get("duration", action.args.get("choice", ""))).strip())


def _away_check(game: Any, action: Action) -> None:
    if _length(action) is None:
        raise IllegalAction(f"【{action.skill}】须设定退出时长（duration：一日一夜 或 两日两夜）", "duration")
    game._target(action)


def _away_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """结算前: the id's actions tonight fail; with 两日两夜 every other skill used on him tonight fails too; as the
    night ends he leaves the game for the length set, with no last words (R-revival-4)."""
    night, target, nights = r.night, a.targets[0], _length(a) or 1
    if target != a.actor and r.shielded(target, NEGATIVE, a.actor, skill.name):
        night.phase.outcomes.settle(a, VOID, f"被 {target} 抵御")
        return
    r._void(target, a.actor, skill.name)
    if nights == 2:
        r.immunities.append((target, EVERY_ATTRIBUTE, f"{a.actor}【{skill.name}】", "all"))
    night.phase.note(f"{a.actor}【{skill.name}】：{target} 当夜一切行动失败，当夜结束时退出游戏{nights}日{nights}夜")
    night.phase.outcomes.settle(a, DONE)
    r.followups.append(lambda: revival.leave(r, target, nights, skill.name))


register(AWAY, Code(
    "early", _away_check, _away_resolve,
    "主动技能。指定1个ID并设定退出时长（一日一夜或两日两夜）：该ID当夜一切行动失败，当夜结束时退出游戏（计入当夜死亡，"
    "无遗言），时长过后于该夜结束时回到游戏；设定两日两夜时，当夜对其使用的其他技能失败。（军师负面技能 结算前生效）"))
