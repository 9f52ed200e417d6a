"""曹仁 (魏 杀手): 【南郡破敌】, a wound on 周瑜/鲁肃 named rightly, marked (no skill heals it, its own 伤判, out in the
next night's 结算 if still wounded) on a 周瑜 whom 卧龙【舌战群儒】 found (docs/rulings/packs-weimisc.md, R-weimisc-3);
【八门金锁】: 卧龙【武侯八阵】's trap once a game (「效果等同于一次性的【武侯八阵】」; its 释疑: every handling as
武侯八阵's, but usable once): the same code (:mod:`.wolong`), spent when it traps; the trap stands until 脱出, 死亡 or
破阵, and cannot be given new digits (R-lianhuan-2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.names import name_key
from tianting.core.records import Feedback
from tianting.engine.harm import Harm, Level
from tianting.rules.sg24 import texts
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes._wu import no_target
from tianting.rules.sg24.declared.codes.dingfeng import MARKED, mark_wound
from tianting.rules.sg24.declared.codes.sunce import _unused
from tianting.rules.sg24.declared.codes.wolong import _check, _resolve
from tianting.rules.sg24.outcomes import FAILED, VOID

if TYPE_CHECKING:
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

NAMED = ("周瑜", "鲁肃")
ZHOUYU = "周瑜"
DEBATE = "舌战群儒"


def debated(r: Resolver, pid: str) -> bool:
    """Whether 卧龙【舌战群儒】 went off on ``pid`` (who plays 周瑜): a right 指认 of 周瑜 by a holder of the skill, tonight
    or on a night before (R-weimisc-3). ``pid`` has played 周瑜 from the start (a starting character), so a 指认 of
    周瑜 on his id was right; the one who sent it held 【舌战群儒】 then if he holds it now and came on stage before."""
    night, state = r.night, r.night.state
    if any(target == pid and named == ZHOUYU and DEBATE in state.player(actor).skills
           for actor, target, named in night.phase.recognitions):
        return True
    entered = state.extra.get("entered", {})
    for h in state.history:
        if h.get("phase") != "night":
            continue
        for e in h.get("actions", []):
            if (name_key(e.get("skill", "")) == "指认" and e.get("targets") == [pid]
                    and name_key(e.get("args", {}).get("character", "")) == name_key(ZHOUYU)
                    and e.get("state") not in (VOID, FAILED) and _held_then(state, e["actor"], entered, h["index"])):
                return True
    return False


def _held_then(state: Any, pid: str, entered: dict[str, int], index: int) -> bool:
    p = state.players.get(pid)
    return p is not None and DEBATE in p.skills and entered.get(pid, -1) < index


def _nanjun(r: Resolver, owner: str, skill: SkillData) -> None:
    """The owner's right 指认 of 周瑜 or 鲁肃 tonight: the one named is wounded (a harm of the skill's attribute); a 周瑜
    whom 【舌战群儒】 found has the wound marked (:attr:`.bespoke.Code.marked_table`), the mark gone if he is not left
    wounded tonight."""
    night = r.night
    for target, named in sorted({(whom, named) for who, whom, named in night.phase.recognitions
                                 if who == owner and named in NAMED}):
        night.harms.append(Harm(target, Level.WOUND, skill.name, [owner], by=owner, attribute=skill.attribute or ""))
        night.phase.tell(owner, Feedback(skill.name, texts.passive_triggered(skill.name), target))
        if named != ZHOUYU or not debated(r, target):
            night.phase.note(f"{owner} 的【{skill.name}】触发（{target}）：令其受伤")
            continue
        mark_wound(r, target, skill.name, ZHOUYU)
        night.phase.note(f"{owner} 的【{skill.name}】触发（{target}，已被【{DEBATE}】指认）：令其受伤，该伤不可痊愈")


register("南郡破敌", Code(
    "passive", no_target, _unused,
    "被动技能。成功指认出周瑜或鲁肃时触发：令其受伤。若周瑜已被卧龙指认而触发【舌战群儒】，则此伤不可被技能治愈，其伤判一半"
    "概率死亡、一半概率继续受伤，继续受伤则于下一夜结算时脱离游戏。（指认技能）",
    before_harms=_nanjun, marked_table=MARKED, marked_exit_at_settle=True))


register("八门金锁", Code(
    "early", _check, _resolve,
    "主动技能，只能使用一次。同【武侯八阵】：指定1个ID并给出1-8八个数字的含义（A、B、C各两个，D、E各一个）将其困住，被困期间其每夜"
    "行动全部发动失败、针对其的行动全部无效；被困者每个白天指定一个数字：A脱出，B、C继续被困，D死亡（投票后生效），E破阵；B、C、D时"
    "当日投票无效。被困者脱出、死亡或破阵后本技能失效。（无属性技能 结算前生效）", once=True))
