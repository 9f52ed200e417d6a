"""吕布 (鼎立 在野): 【威震虎牢】 and 【偷袭徐州】, whose effects fall on a country or a named character, not on an
id the use names (docs/rulings/packs-dlqun1.md)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.schema import Verb
from tianting.rules.sg24.outcomes import DONE, FAILED

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

STAB_ACTIONS = ("刺杀", "匹马冲阵", "探阵斩将", "长驱直入")
"""The actions that are stabs (「任何刺杀行动」): the general stab and the skills that stab with it."""


def no_target(game: Any, action: Action) -> None:
    """A use that names no id (its effect falls on a country or on named characters)."""
    if action.targets:
        raise IllegalAction(f"【{action.skill}】不指定ID", "targets")


def not_of(r: Resolver, a: Action, skill: SkillData, country: str) -> bool:
    """「当吕布不为X国人时有效」: whether the owner is not of ``country`` (else the use fails, noted)."""
    if r.night.state.player(a.actor).country != country:
        return True
    r.night.phase.note(f"{a.actor} 的【{skill.name}】无效：{a.actor} 为{country}国人")
    r.night.phase.outcomes.settle(a, FAILED, f"{a.actor} 为{country}国人，技能无效")
    return False


def _weizhen_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """Each 吴 player in play tonight (by id) draws: with half chance his vote the next day is void (R-dlqun1-6)."""
    if not not_of(r, a, skill, "吴"):
        return
    half = Verb("own_vote_void", chance=Fraction(1, 2))
    for p in sorted((p for p in r.night.state.living() if p.country == "吴"), key=lambda p: p.id):
        r._do(half, a.actor, p.id, skill, active=True)
    r.night.phase.outcomes.settle(a, DONE)


register("威震虎牢", Code(
    "settle", no_target, _weizhen_resolve,
    "主动技能。吕布不是吴国人时有效：次日白天吴国每名角色各有一半概率投票无效。（吕布为吴国人时无效）"))


def _touxi_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """张飞's 【临桥虎吼】 is spent; if it was spent already, his stabs tonight fail; 张飞 not in play: the use goes off
    with no effect (R-dlqun1-7). A defence of 张飞's against 军师负面技能 stops it."""
    night = r.night
    if not not_of(r, a, skill, "蜀"):
        return
    zhang = next((p for p in sorted(night.state.living(), key=lambda p: p.id) if p.character == "张飞"), None)
    if zhang is None:
        night.phase.note(f"{a.actor} 的【{skill.name}】发动成功但无效果：张飞不在场")
        night.phase.outcomes.settle(a, DONE, "张飞不在场，无效果")
        return
    if r.shielded(zhang.id, skill.attribute or "", a.actor, skill.name):
        night.phase.outcomes.settle(a, FAILED, f"被 {zhang.id} 抵御")
        return
    if zhang.used.get("临桥虎吼"):
        r._void(zhang.id, a.actor, skill.name, STAB_ACTIONS)
    else:
        r._do(Verb("spend", args={"skill": "临桥虎吼"}), a.actor, zhang.id, skill, active=True)
    night.phase.outcomes.settle(a, DONE)


register("偷袭徐州", Code(
    "settle_first", no_target, _touxi_resolve,
    "主动技能。吕布不是蜀国人时有效：张飞的【临桥虎吼】消耗；若【临桥虎吼】已经消耗，则张飞当夜的任何刺杀失败。"
    "张飞不在场时发动成功但无效果。（军师负面技能 结算前生效）"))


FORMATIONS = ("武侯八阵", "八门金锁")
"""The skills that put an id in the 八阵 (「处于八阵内」; 八门金锁 is a once-only 武侯八阵: the 8.1 list's 释疑)."""


def _in_formation(r: Resolver, pid: str) -> bool:
    """Whether a use of a 八阵 skill names ``pid`` tonight; one of an earlier night is the judge's to weigh (the trap
    lasts by his ruling): he is warned (R-zaiyeb-7)."""
    from tianting.core.names import name_key

    names = {name_key(n) for n in FORMATIONS}
    if any(name_key(a.skill) in names and pid in a.targets for a in r.night.actions):
        return True
    if any(name_key(str(e.get("skill"))) in names and pid in e.get("targets", [])
           for h in r.night.state.history for e in h.get("actions", [])):
        line = f"请天庭裁定：{pid}（典韦）此前被【武侯八阵】/【八门金锁】指定，是否仍处于八阵内（吕布【濮阳设伏】）"
        if line not in r.night.warnings:
            r.night.warnings.append(line)
    return False


def _puyang_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """典韦 in a normal state is wounded; if he is in the 八阵, wounded, dead or out of the game, 曹操 is wounded and
    his actions the next night fail (R-zaiyeb-7). Not while 吕布 is of 魏."""
    night = r.night
    if not not_of(r, a, skill, "魏"):
        return
    living = sorted(night.state.living(), key=lambda p: p.id)
    dianwei = next((p for p in living if p.character == "典韦"), None)
    if dianwei is not None and not dianwei.injured and not _in_formation(r, dianwei.id):
        r._do(Verb("wound"), a.actor, dianwei.id, skill, active=True)
        night.phase.outcomes.settle(a, DONE)
        return
    caocao = next((p for p in living if p.character == "曹操"), None)
    if caocao is None:
        night.phase.note(f"{a.actor} 的【{skill.name}】发动成功但无效果：典韦不能受伤，曹操不在场")
        night.phase.outcomes.settle(a, DONE, "曹操不在场，无效果")
        return
    before = list(night.harms)
    r._do(Verb("wound"), a.actor, caocao.id, skill, active=True)
    dealt = [h for h in night.harms if not any(h is b for b in before)]

    def next_night_fails() -> None:
        """A defence that stopped the wound stopped the skill on him: no failing either."""
        if dealt and all(id(h) in night.phase.stopped for h in dealt):
            return
        r._do(Verb("fail", args={"by": {"of": "target"}, "attributes": (), "except": (), "when": "next_night"}),
              a.actor, caocao.id, skill, active=True)

    r.followups.append(next_night_fails)
    night.phase.outcomes.settle(a, DONE)


register("濮阳设伏", Code(
    "settle", no_target, _puyang_resolve,
    "主动技能。吕布不是魏国人时有效：典韦状态正常则典韦受伤；典韦处于八阵内、受伤、已死亡或退出游戏时，曹操受伤，且次夜曹操的所有"
    "行动失败。"))
