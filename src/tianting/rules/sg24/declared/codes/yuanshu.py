"""袁术 (鼎立 在野): 【割据淮南】 (every target of one id's active skills tonight changed to 袁术) and 【渴思蜜水】 (a
nightly draw, once 【袁氏嫡子】 has been used, that may take him out of the game): docs/rulings/packs-zaiyea.md."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.names import name_key
from tianting.core.records import Death
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes.shuijing import one_target, thundered
from tianting.rules.sg24.outcomes import DONE, FAILED, VOID

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

NEGATIVE = "军师负面技能"


def _gejv_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """Each active skill the id uses tonight that names an id and has not resolved yet has its every target changed
    to the owner (R-zaiyea-4): the engine's uses resolve on him, the judge's are listed for him so. A defence of the
    id against 军师负面技能, or 【动如雷震】 on him, stops it. His stabs, 指认 and 招揽 are no skills."""
    from tianting.rules.dingli2.game import GENERAL_ACTIONS
    from tianting.rules.sg24.game import _norm

    night, target = r.night, a.targets[0]
    if target == a.actor:
        night.phase.outcomes.settle(a, DONE, "指定了自己")
        return
    kept_off = thundered(r, target, skill.attribute or "")
    if kept_off is not None:
        night.phase.outcomes.settle(a, VOID, f"{target} 不受其作用（{kept_off}）")
        return
    if r.shielded(target, NEGATIVE, a.actor, skill.name):
        night.phase.outcomes.settle(a, VOID, f"被 {target} 抵御")
        return
    judged = {id(x) for x in night.live if not r.handles(x)}
    for x in night.live:
        if x.actor != target or _norm(x.skill) in GENERAL_ACTIONS or not x.targets or set(x.targets) == {a.actor}:
            continue
        if any(u.action is x and id(u) in r.done for u in r.uses):
            continue  # resolved already (a 结算前 use)
        night.phase.redirects[id(x)] = a.actor
        night.phase.note(f"{target} 的【{x.skill}】目标改为 {a.actor}（{a.actor}【{skill.name}】）")
        if id(x) in judged:
            night.warnings.append(f"{target} 的【{x.skill}】的目标ID已替换为 {a.actor}（{a.actor}【{skill.name}】），"
                                  "请按此裁定")
    night.phase.outcomes.settle(a, DONE)


register("割据淮南", Code(
    "before", one_target, _gejv_resolve,
    "主动技能。指定1个ID：其当夜使用的所有主动技能的目标ID都替换为袁术。（军师负面技能）"))


def dizi_used(state: Any, pid: str) -> bool:
    """Whether ``pid`` used 【袁氏嫡子】 on a night before this one (a use that went off)."""
    return any(e.get("actor") == pid and name_key(e.get("skill", "")) == "袁氏嫡子"
               and e.get("state") not in (VOID, FAILED) for h in state.history if h.get("phase") == "night"
               for e in h.get("actions", []))


def _kesi(r: Resolver, owner: str, skill: SkillData) -> None:
    """From the night after 【袁氏嫡子】 first went off, each night one draw: with half chance he leaves the game in that
    night's 结算, no last words, counted with the night's dead (R-zaiyea-5)."""
    night = r.night
    if not dizi_used(night.state, owner) or night.state.player(owner).character != "袁术":
        return
    if r._chance(f"【{skill.name}】{owner} 留在游戏", owner):
        night.phase.note(f"{owner}【{skill.name}】判定：留在游戏")
        return
    night.phase.note(f"{owner}【{skill.name}】判定：当夜结算时脱离游戏")

    def leave() -> None:
        player = night.state.player(owner)
        if not player.alive or owner in night.phase.died:
            return
        character = player.character
        night.game.remove(night.phase, owner, f"【{skill.name}】")
        night.phase.deaths.append(Death(owner, character, f"【{skill.name}】"))  # 「计入死伤」: counted, no last words

    r.followups.append(leave)


register("渴思蜜水", Code(
    "settle", one_target, lambda r, a, s: None,
    "被动技能。【袁氏嫡子】使用后，每夜一次判定：一半概率当夜结算时脱离游戏（没有遗言，计入死亡人数）。（军师增益技能）",
    before_harms=_kesi))
