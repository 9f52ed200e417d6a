"""吕布 (鼎立 在野): 【威震虎牢】 and 【偷袭徐州】, whose effects fall on a country or a named character, not on an
id the use names (docs/rulings/packs-dlqun1.md)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.core.records import Feedback
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.schema import STAB, Verb
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
    "主动技能。吕布不是吴国人时有效：次日白天吴国每名角色各有一半概率投票无效。只能使用一次。（吕布为吴国人时无效）"))


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
    "张飞不在场时发动成功但无效果。只能使用一次。（军师负面技能 结算前生效）"))


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
    "行动失败。只能使用一次。"))


POINTED = "zhaoqin"
"""``state.extra[POINTED]``: {"named": ids pointed at, "last": the side the last pointing chose, "tonight": [night
index, side] for the night after a day's pointing, "served": sides he has stabbed for, "baimen": whether
【白门遗恨】 went off} (【朝秦暮楚】, 【白门遗恨】)."""
NO_ORDER = "不令"
AGREE, REFUSE = "执行", "拒绝"


def _record(state: Any) -> dict[str, Any]:
    return state.extra.setdefault(POINTED, {"named": [], "last": None, "tonight": None, "served": [], "baimen": False})


def _zhaoqin_check(game: Any, action: Action) -> None:
    """By day: one id he has not pointed at before, while he is 在野 (「该技能在吕布正式入国后即作废」). By night the
    stab is ordered by the side's strategist and 吕布 answers it: no use is sent."""
    from tianting.core.state import PhaseKind
    from tianting.rules.sg24.pack import UNALIGNED

    if game.phase is PhaseKind.NIGHT:
        raise IllegalAction(f"【{action.skill}】白天指认一人；当夜由该阵营军师下令刺杀，吕布以同意或拒绝作答，无需提交", "by-day")
    if game.state.player(action.actor).country != UNALIGNED:
        raise IllegalAction(f"【{action.skill}】在吕布入国后作废", "joined")
    if len(action.targets) != 1:
        raise IllegalAction(f"【{action.skill}】需要指定1个ID", "targets")
    game._target(action)
    if action.targets[0] == action.actor:
        raise IllegalAction(f"【{action.skill}】不可指认自己", "self")
    if action.targets[0] in _record(game.state)["named"]:
        raise IllegalAction(f"【{action.skill}】不可重复指认（已指认过 {action.targets[0]}）", "again")


def _zhaoqin_point(day: Any, a: Action, skill: SkillData) -> None:
    """The day's pointing: the side of the id named (【白门遗恨】 may keep the last one), whose strategist learns it
    and may order a stab that night (R-zaiyeb-11, R-zaiyeb-12)."""
    state, phase = day.game.state, day.phase
    rec = _record(state)
    target = state.player(a.targets[0])
    rec["named"].append(target.id)
    side = target.country
    owner = state.player(a.actor)
    if "白门遗恨" in owner.skills and (target.character == "刘备" or (rec["baimen"] and side == "蜀")):
        if target.character == "刘备" and not rec["baimen"]:
            rec["baimen"] = True
            phase.tell(a.actor, Feedback("白门遗恨", "你的【白门遗恨】已触发", target.id))
        side = rec["last"] if rec["last"] not in (None, "蜀") else UNALIGNED_SIDE
        phase.note(f"{a.actor}【白门遗恨】：指认阵营保持为{side}")
    rec["last"] = side
    strategist = day.game.chief_strategist(side) if side in COUNTRY_SIDES else None
    rec["tonight"] = [state.index + 1, side] if strategist is not None else None
    phase.note(f"{a.actor}【{skill.name}】指认 {target.id}：{side}" + (f"，{strategist.id} 得知" if strategist else ""))
    if strategist is not None and side not in rec["served"]:
        phase.tell(strategist.id, Feedback(skill.name, f"吕布【朝秦暮楚】指认了{side}国：当夜可令吕布刺杀1个ID", a.actor,
                                           {"side": side}))
    phase.outcomes.settle(a, DONE)


def _zhaoqin_night(r: Resolver, owner: str, skill: SkillData) -> None:
    """The night after a pointing: the side's strategist is asked whom 吕布 is to stab (none: no order); 吕布, able to
    act, is asked whether he does (no answer: he does). Done, the one stabbed has every 武将保护 defence that would
    meet it void and spent, and the side is served; refused, the strategist is told (R-zaiyeb-11)."""
    from tianting.rules.sg24.game import same_word

    night, state = r.night, r.night.state
    rec = state.extra.get(POINTED)
    if not rec or not rec.get("tonight") or rec["tonight"][0] != state.index:
        return
    side = rec["tonight"][1]
    rec["tonight"] = None
    strategist = night.game.chief_strategist(side)
    me = state.player(owner)
    if strategist is None or side in rec["served"] or not night.game.can_act(me) or me.country not in (UNALIGNED_SIDE,):
        return
    ids = [p.id for p in sorted(state.living(), key=lambda p: p.seat) if p.id != owner]
    order = night.book.choose(state.rng, strategist.id, skill.name, [*ids, NO_ORDER], same_word, default=NO_ORDER,
                              context="令吕布刺杀哪个ID（不令则不刺杀）")
    if order == NO_ORDER:
        return
    answer = night.book.choose(state.rng, owner, skill.name, [AGREE, REFUSE], same_word, default=AGREE,
                               context=f"{side}国军师令你刺杀 {order}：执行或拒绝")
    if answer == REFUSE:
        night.phase.note(f"{owner}【{skill.name}】：拒绝{side}国军师刺杀 {order} 的命令")
        night.phase.tell(strategist.id, Feedback(skill.name, f"吕布拒绝了刺杀 {order} 的命令", owner, {"answer": REFUSE}))
        return
    rec["served"].append(side)
    night.phase.note(f"{owner}【{skill.name}】：按{side}国军师的命令刺杀 {order}")
    r.stripped.append((order, f"{owner}【{skill.name}】"))
    night.harms += [replace(h, attribute=STAB) for h in night.game.stab(night.phase, owner, order, by_killer=False)]


UNALIGNED_SIDE = "在野"
COUNTRY_SIDES = ("魏", "蜀", "吴")

register("朝秦暮楚", Code(
    "day", _zhaoqin_check, _zhaoqin_point,
    "主动技能，每天白天指认一人（不可重复）：其所在阵营的军师得知，当夜可令吕布刺杀1个ID（吕布可拒绝，不表态视为同意），被刺杀者"
    "能抵御刺杀的武将保护技能作用无效且视为消耗；每个阵营只能为其刺杀一人。吕布入国后作废。", before_harms=_zhaoqin_night,
    uses=None))  # every day, each id once: counted by its own check (R53)
register("白门遗恨", Code(
    "settle", lambda game, action: None, lambda r, a, skill: None,
    "被动技能。吕布以【朝秦暮楚】指认到刘备时触发：该次指认的阵营保持为前一次指认的阵营（前一次为蜀国或没有则视为在野）；"
    "此后指认到蜀国人时，均保持前一次指认的阵营。（由【朝秦暮楚】结算）"))
