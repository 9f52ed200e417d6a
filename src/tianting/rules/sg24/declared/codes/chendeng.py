"""陈登【固守广陵】 (a side and an id: the greatest harm that side's players deal the id tonight is stopped; the next
night the same character's 武将杀伤 skills on the id go off but do nothing, R-wu-9) and【献计袭徐】 (a country's
stabbing killers asked to turn their stab on an id, R-wu-12)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.core.records import Feedback
from tianting.engine.harm import Defence, Harm, Level
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.doubled import double_next_day
from tianting.rules.sg24.declared.odds import Halving
from tianting.rules.sg24.outcomes import DONE, FAILED
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
    defence = Defence(target, a.actor, True, skill.name, (), dealers=dealers)
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


AGREE, REFUSE = "同意", "拒绝"


def _check_country(game: Any, action: Action) -> None:
    from tianting.rules.sg24.game import _norm_country

    if game.state.player(action.actor).used.get(action.skill):
        raise IllegalAction(f"【{action.skill}】已发动失败，不可再用", "spent")
    if _norm_country(action.args.get("country", "")) not in COUNTRIES:
        raise IllegalAction(f"【{action.skill}】须指明一个国家（country：{'、'.join(COUNTRIES)}）", "country")
    game._target(action)


def _ask_killers(r: Resolver, a: Action, skill: SkillData) -> None:
    """The id named must be of the owner's side, else the use fails and is spent. Each killer of the country named
    who sent a stab tonight (by id) is asked whether to turn it on the id: agreeing turns it; if any refuses, every
    stab of that country's killers tonight goes off with half chance and each who refused is wounded. The owner is
    told each answer. A killer who does not answer agrees (8.1's 朝秦暮楚: 「如果吕布没有表态则视作同意执行」)."""
    from tianting.rules.sg24.game import STAB, _norm, _norm_country, same_word

    night, state = r.night, r.night.state
    country, target = _norm_country(a.args["country"]), a.targets[0]
    if state.player(target).country != state.player(a.actor).country:
        night.phase.note(f"{a.actor}【{skill.name}】：{target} 与其阵营不同，发动失败且不可再用")  # spent (R53)
        night.phase.outcomes.settle(a, FAILED, "所指定的ID与使用者阵营不同")
        return
    stabs = sorted((s for s in night.live if _norm(s.skill) == STAB and state.player(s.actor).country == country),
                   key=lambda s: s.actor)
    refused = []
    for stab in stabs:
        answer = night.book.choose(state.rng, stab.actor, skill.name, [AGREE, REFUSE], same_word, default=AGREE,
                                   context=f"是否同意将刺杀目标改为 {target}")
        night.phase.tell(a.actor, Feedback(skill.name, f"{stab.actor}{answer}将刺杀目标改为{target}", stab.actor,
                                           {"killer": stab.actor, "answer": answer}))
        if answer == AGREE:
            night.phase.redirects[id(stab)] = target
            night.phase.note(f"{a.actor}【{skill.name}】：{stab.actor} 同意，刺杀改为刺杀 {target}")
        else:
            refused.append(stab.actor)
            night.phase.note(f"{a.actor}【{skill.name}】：{stab.actor} 拒绝，结算时受伤")
    if refused:
        killers = frozenset(s.actor for s in stabs)
        r.halvings.append(Halving(killers, None, (STAB,), (), f"{a.actor}【{skill.name}】"))
        r.roll()
        r.pending_harms += [Harm(k, Level.WOUND, skill.name, [a.actor], by=a.actor) for k in refused]
    night.phase.outcomes.settle(a, DONE)


register("献计袭徐", Code(
    "settle_first", _check_country, _ask_killers,
    "主动技能。指定1个国家与1个ID：该国当夜提交了刺杀的杀手被询问是否同意把刺杀目标改为该ID（不答视为同意）；有人拒绝时，"
    "该国杀手当夜的刺杀一半概率失败，拒绝者结算时受伤；使用者得知每名杀手是否同意。所指定的ID与使用者阵营不同时，发动失败"
    "且不可再用。（军师增益技能 结算前生效）"))


def _unused(r: Resolver, a: Action, skill: SkillData) -> None:
    """A passive is never used (its ``before_harms`` step does its work)."""


def _asked_of(r: Resolver, owner: str, skill: SkillData) -> None:
    """Once the night's 指认 are in: the evaluations asked of ``owner`` tonight (anyone's 评价指认, right or
    wrong) are told him, and the next night he may ask one id for one of them, one 评价指认 more (R-wu-13)."""
    from tianting.rules.sg24.pack import EVALUATIONS

    night = r.night
    asked = sorted({e for _, whom, e in night.phase.asked if whom == owner and e in EVALUATIONS},
                   key=EVALUATIONS.index)
    if not asked:
        return
    later = night.state.extra.setdefault("allowances", {}).setdefault(str(night.game.number + 1), {})
    later.setdefault(owner, []).append(asked)
    night.phase.tell(owner, Feedback(skill.name, f"你当夜被评价指认的评价：{'、'.join(asked)}；次夜可以指认1个ID是否具有"
                                                 "其中一项评价", None, {"evaluations": asked}))
    night.phase.note(f"{owner}【{skill.name}】触发：被评价指认{'、'.join(asked)}，次夜可多指认1个ID")


register("河海豪气", Code(
    "passive", _check, _unused,
    "被动技能，触发次数不限。夜晚成为评价指认的目标时触发：得知自己被指认的所有评价，次夜可以多指认1个ID是否具有其中一项"
    "评价。（指认技能）", before_harms=_asked_of))


# ---- 【雄杰相敬】 (R-learning-3) ------------------------------------------------------------------------------------
def shared_evaluations(game: Any, phase: Any, a: str, b: str) -> int:
    """How many 评价 ``a`` and ``b`` share; a character of 「全评价（选择时视为三评价）」 shares at most three."""
    shared = len(set(game.evaluations(a, phase)) & set(game.evaluations(b, phase)))
    caps = [game.character(pid).evaluation_count for pid in (a, b)]
    return min([shared, *(c for c in caps if c is not None)])


def _admire(r: Resolver, a: Action, skill: SkillData) -> None:
    """One 评价 shared: both votes count twice the next day; two: each is defended once from the heaviest 武将杀伤
    harm tonight; three or more: the user learns one active skill of the other's character that names no character."""
    from tianting.rules.sg24.declared import learned

    game, phase, state = r.night.game, r.night.phase, r.night.state
    target = a.targets[0]
    n = shared_evaluations(game, phase, a.actor, target)
    phase.note(f"{a.actor}【{skill.name}】：与 {target} 相同的评价有{n}个")
    if n == 0:
        phase.outcomes.settle(a, FAILED, "没有相同的评价")
        return
    if n == 1:
        double_next_day(state, (a.actor, target))
        phase.note(f"{a.actor}、{target} 次日的投票各视为两票（{a.actor}【{skill.name}】）")
    elif n == 2:
        for pid in sorted({a.actor, target}):
            r.defences.append(Defence(pid, a.actor, True, skill.name, ("武将杀伤技能",)))
        phase.note(f"{a.actor}【{skill.name}】：当夜为 {a.actor}、{target} 各抵御一次武将杀伤技能")
    else:
        holder, other = state.player(a.actor), state.player(target)
        options = [o for o in learned.learnable(game, learned.of_lives(game, [other.character]))
                   if o[1] not in holder.skills]
        if learned.learn(phase, a.actor, options, skill.name) is None:
            phase.tell(a.actor, Feedback(skill.name, f"【{skill.name}】没有可以学习的技能", target, {}))
    phase.outcomes.settle(a, DONE)


register("雄杰相敬", Code(
    "settle", lambda game, action: game._target(action), _admire,
    "主动技能。指定1个ID，按其与自己相同的评价个数：一个，两人次日的投票各视为两票；两个，当夜为两人各抵御一次武将杀伤"
    "技能；三个或以上，学会其角色的一项不针对某具体角色的主动技能（【武侯八阵】【连环妙计】【料敌机先】除外）。"))
