"""袁绍 (鼎立 在野): 【强弩射阵】 (three ids, himself among them) and 【河朔称雄】 (the ids he has asked an evaluation
of), whose targets the effect language cannot name (docs/rulings/packs-dlqun1.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.core.names import name_key
from tianting.engine.harm import Harm, Level
from tianting.rules.sg24.declared.bespoke import Code, check_untargeted_joined, register
from tianting.rules.sg24.outcomes import DONE, FAILED, VOID

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData



def _qiangnu_check(game: Any, action: Action) -> None:
    """「指定包括自己在内的3个ID」: three different ids in play, the owner one of them."""
    game._target(action, 3)
    if len(set(action.targets)) != 3:
        raise IllegalAction(f"【{action.skill}】须指定3个不同的ID", "targets")
    if action.actor not in action.targets:
        raise IllegalAction(f"【{action.skill}】指定的3个ID须包括自己", "targets")


def _qiangnu_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """Each of the three ids (the owner too) takes a wound of the skill's attribute, summed with the night's harms."""
    for pid in sorted(a.targets):
        r.night.harms.append(Harm(pid, Level.WOUND, skill.name, [a.actor], by=a.actor, attribute=skill.attribute or ""))
    r.night.phase.outcomes.settle(a, DONE)


register("强弩射阵", Code(
    "settle", _qiangnu_check, _qiangnu_resolve,
    "主动技能。指定包括自己在内的3个ID，令三人同时受伤。（武将杀伤技能 结算时生效）"))


def asked_evaluation_of(state: Any, pid: str) -> list[str]:
    """The ids ``pid`` asked an evaluation of on the nights before (评价指认 that resolved), by id."""
    out = {e["targets"][0] for h in state.history if h.get("phase") == "night" for e in h.get("actions", [])
           if e.get("actor") == pid and name_key(e.get("skill", "")) == "指认" and "evaluation" in e.get("args", {})
           and e.get("targets") and e.get("state") not in (VOID, FAILED)}
    return sorted(out)


def _hebei_check(game: Any, action: Action) -> None:
    """「入国后才可以使用」; the use names no id (it acts on every id he asked an evaluation of)."""
    check_untargeted_joined(game, action, "入国后")


def _hebei_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """Of the ids the owner asked an evaluation of, those in play and not of his country: one, drawn, has every action
    tonight fail (R-dlqun1-4); none such: the use goes off to no effect."""
    state = r.night.state
    mine = state.player(a.actor).country
    aimed = [pid for pid in asked_evaluation_of(state, a.actor)
             if state.player(pid).alive and state.player(pid).country != mine]
    if not aimed:
        r.night.phase.note(f"{a.actor} 的【{skill.name}】无可作用的非同国ID")
        r.night.phase.outcomes.settle(a, DONE, "没有被指认过评价的非同国ID")
        return
    drawn = state.rng.pick(f"【{skill.name}】{a.actor} 随机一个ID", aimed)
    from tianting.rules.sg24.declared.codes.caocao import spares_wei

    if state.player(drawn).country == "魏" and spares_wei(r):  # 曹操【血战官渡】 (R-weimisc-2)
        r.night.phase.note(f"{a.actor} 的【{skill.name}】随机到 {drawn}：对魏国角色无效（曹操【血战官渡】）")
        r.night.phase.outcomes.settle(a, DONE, "对魏国角色无效（【血战官渡】）")
        return
    r._void(drawn, a.actor, skill.name)
    r.night.phase.outcomes.settle(a, DONE)


register("河朔称雄", Code(
    "settle_first", _hebei_check, _hebei_resolve,
    "主动技能。入国后才可以使用：在所有被自己指认过评价的ID中，随机令其中一个非同国角色当夜所有行动失败。"
    "（军师增益技能 结算时生效）"))
