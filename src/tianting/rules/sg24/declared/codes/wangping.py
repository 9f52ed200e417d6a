"""王平【无当飞军】 (R-shu-16): while 【浑身是胆】 (赵云's, the id's first character) is not used up, a defence of the id
against the greatest harm that wounds the harm's source, and 浑身是胆 counts as used up; after that, a chance defence
drawn only when the harm is there: a stab on the id is stopped with a quarter chance, else a wound with half chance
(the stab first: 「优先抵御刺杀」); and 【忠勇严整】 (R-choices-4): a shield for the id against one 军师负面 use that
harms nobody; stopping one voids 王平's vote the next day, two failures wound him."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tianting.core import effects
from tianting.core.errors import IllegalAction
from tianting.core.records import Action, Feedback
from tianting.effects import limits
from tianting.engine.harm import Defence, Level
from tianting.rules.sg24.declared.bespoke import REGISTRY, Code, at_night_start, register
from tianting.rules.sg24.declared.schema import STAB
from tianting.rules.sg24.outcomes import DONE, FAILED, VOID

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


ZHONGYONG = "忠勇严整"
USES = 2
"""「可使用两次」."""
FAILURES = "忠勇严整_失败"
"""``state.extra`` key: id → how many of his 忠勇严整 shields stopped nothing (「若两次抵挡失败，则王平受伤」)."""


def _zhongyong_check(game: Any, action: Action) -> None:
    game._target(action)
    if game.state.player(action.actor).used.get(action.skill, 0) >= USES:
        raise IllegalAction(f"【{action.skill}】只能使用{USES}次，已经用完", "spent")


def _zhongyong_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """Nothing left to do at its stage: the shield was raised as the night's resolver was made (:func:`_raise`)."""


@at_night_start
def _raise(r: Resolver) -> None:
    """Each use of 忠勇严整 tonight raises its shield before anything resolves (R-choices-4: every 军师负面 use of the
    packs that harms nobody is 结算前, and some act before the 结算前 loop): one such use aimed at the id meets it
    (:data:`.resolve.HARMLESS_NEGATIVE`, seed 001's order among defences) and is stopped. Once the night is settled:
    stopped one, the use is done and 王平's vote the next day is void; stopped none, it failed (「该ID当夜未受到……作用则
    抵挡失败」), and the second failure wounds him."""
    for a, skill, code in list(r.bespoke):
        if code is REGISTRY.get(ZHONGYONG):
            _shield(r, a, skill)


def _shield(r: Resolver, a: Action, skill: SkillData) -> None:
    from tianting.rules.sg24.declared.resolve import HARMLESS_NEGATIVE

    night, target = r.night, a.targets[0]
    if night.phase.outcomes.state(a) in (VOID, FAILED) or a not in night.live:
        return
    limits.consume(night.phase, a.actor, skill.name)
    shield = Defence(target, a.actor, True, skill.name, (HARMLESS_NEGATIVE,))
    r.defences.append(shield)
    night.phase.note(f"{a.actor}【{skill.name}】：为 {target} 抵挡一次不造成伤害的军师负面技能")

    def settle() -> None:
        state, phase = night.state, night.phase
        if phase.outcomes.state(a) in (VOID, FAILED):  # made to fail after the shield stood: neither counted
            r.defences[:] = [d for d in r.defences if d is not shield]
            return
        if not any(d is shield for d in r.defences):
            state.extra.setdefault("own_votes_void", {}).setdefault(str(state.index + 1), []).append(a.actor)
            phase.note(f"{a.actor}【{skill.name}】抵挡成功：次日投票无效")
            phase.tell(a.actor, Feedback(skill.name, f"你的【{skill.name}】为{target}抵挡成功，次日你的投票无效", target))
            phase.outcomes.settle(a, DONE)
            return
        r.defences[:] = [d for d in r.defences if d is not shield]
        failed = state.extra.setdefault(FAILURES, {})
        failed[a.actor] = failed.get(a.actor, 0) + 1
        phase.outcomes.settle(a, FAILED, "该ID当夜未受到不造成伤害的军师负面技能作用")
        phase.note(f"{a.actor}【{skill.name}】抵挡失败（第{failed[a.actor]}次）")
        me = state.player(a.actor)
        if failed[a.actor] == 2 and me.alive:
            if me.injured:
                night.game.kill(phase, a.actor, f"【{skill.name}】两次抵挡失败", night.book)
            else:
                effects.wound(phase, a.actor, f"（【{skill.name}】两次抵挡失败）")
                state.extra["checks"][a.actor] = 0

    r.followups.append(settle)


register(ZHONGYONG, Code(
    "early", _zhongyong_check, _zhongyong_resolve,
    "主动技能，可使用两次。指定1个ID：当夜为其抵挡一次不造成伤害的军师负面技能；抵挡成功则自己次日投票无效；该ID当夜未受到"
    "这类技能作用则抵挡失败，两次失败后自己受伤。（军师增益技能 结算时生效）",
    uses=None))  # 「可使用两次」: counted and checked by this code (USES, _shield), R53
