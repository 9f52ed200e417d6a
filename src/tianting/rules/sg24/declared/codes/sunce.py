"""孙策【霸王再世】 (the first time a 武将杀伤 effect is aimed at him, half chance it is stopped, half chance he and
its dealer are both wounded, R-wu-6) and【结纳豪俊】 (one 暗票 more the next day, R-wu-14)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tianting.effects import limits
from tianting.engine.harm import Harm, Level
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes._wu import no_target
from tianting.rules.sg24.outcomes import DONE

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

ATTACK = "武将杀伤技能"


def _unused(r: Resolver, a: Action, skill: SkillData) -> None:
    """A passive is never used (its ``before_harms`` step does its work)."""


def _answer(r: Resolver, owner: str, skill: SkillData) -> None:
    """The night's 武将杀伤 harms aimed at ``owner``: the greatest (seed 001's 「优先抵御造成最大伤害的技能」, 拼点
    among equals) sets it off, once a game; a draw of half chance stops it, or it wounds him (a death lessened to a
    wound) and its dealer is wounded too."""
    night, phase, rng = r.night, r.night.phase, r.night.state.rng
    aimed = [h for h in night.harms if h.target == owner and h.attribute == ATTACK and not h.forced]
    if not aimed:
        return
    limits.consume(phase, owner, skill.name, f"你的【{skill.name}】已触发并消耗", note=True)
    h = night.game.defence_order.harm_to_defend(rng, aimed)
    if rng.chance(f"【{skill.name}】{owner}"):
        night.harms.remove(h)
        phase.stopped[id(h)] = f"被抵御：{owner}【{skill.name}】"
        phase.note(f"{h.by} 的{h.cause}对 {owner} 被抵御：{owner}【{skill.name}】")
        return
    if h.level is Level.KILL:
        h.reduce(f"【{skill.name}】与对方同时受伤")
    phase.note(f"{owner}【{skill.name}】：与 {h.by} 同时受伤")
    if h.by in night.state.players and night.state.player(h.by).alive:
        night.harms.append(Harm(h.by, Level.WOUND, skill.name, [owner], by=owner, attribute=skill.attribute or ""))


register("霸王再世", Code(
    "passive", no_target, _unused,
    "被动技能。第一次受到武将杀伤技能攻击时触发：一半概率抵御该次攻击，一半概率与攻击者同时受伤（致死亦只受伤）。"
    "只能触发一次。（武将保护技能）", once=True, before_harms=_answer))


def _hidden_vote(r: Resolver, a: Action, skill: SkillData) -> None:
    """The next day the owner casts one vote more, a 暗票 whose target he gives that day (:func:`.resolve.hidden_votes`)."""
    state = r.night.state
    state.extra.setdefault("hidden_votes", {}).setdefault(str(state.index + 1), []).append([a.actor, skill.name])
    r.night.phase.note(f"{a.actor}【{skill.name}】：次日多投一张暗票")
    r.night.phase.outcomes.settle(a, DONE)


register("结纳豪俊", Code(
    "settle", no_target, _hidden_vote,
    "主动技能。次日投票时多投一张暗票（白天指定其目标），暗票计入票数但不显示在票面公告中。（投票技能 结算时生效）"))
