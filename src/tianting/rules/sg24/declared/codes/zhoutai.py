"""周泰【九死一生】 (his 伤判 are his own: the first heals or keeps him wounded, half and half; after a 继续受伤 the next
heals him, R-wu-7) and【舍身护主】 (he may take the harm that would land on his lord, R-wu-16)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.records import Feedback
from tianting.engine.harm import Harm, Level
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes._wu import no_target
from tianting.rules.sg24.declared.codes.sunce import _unused
from tianting.rules.sg24.wounds import HEALED, INJURED

if TYPE_CHECKING:
    from tianting.rules.sg24.pack import SkillData

FIRST = (HEALED,) * 5 + (INJURED,) * 5
"""「伤判一半概率痊愈，一半概率继续受伤」."""
SECOND = (HEALED,) * 10
"""「若伤判结果为继续受伤，则下一次伤判为自动痊愈」."""

register("九死一生", Code(
    "passive", no_target, _unused,
    "被动技能，触发次数不限。受伤后的伤判改为：一半概率痊愈，一半概率继续受伤；继续受伤时，下一次伤判自动痊愈。"
    "（武将保护技能）", wound_tables=(FIRST, SECOND)))


PROTECT, DECLINE = "保护", "不保护"
SUNQUAN = "孙权"
ATTACK = "武将杀伤技能"


def protected_lord(state: Any) -> str | None:
    """Whom 【舍身护主】 covers: 孙权 while a player plays him; else (孙权 gone, or never in the game) 吴's living
    君主 (R-wu-16)."""
    sunquan = next((p.id for p in sorted(state.living(), key=lambda p: p.id) if p.character == SUNQUAN), None)
    if sunquan is not None:
        return sunquan
    return next((p.id for p in sorted(state.living(), key=lambda p: p.id)
                 if p.country == "吴" and p.identity == "君主"), None)


def _take_for_lord(game: Any, phase: Any, owner: str, skill: SkillData, landed: dict[str, list[Harm]],
                   book: Any) -> None:
    """The 武将杀伤 harms that got past every defence and land on the lord: the owner is told and asked (「可以选择」,
    「不保护」 if he says nothing); protecting, the lord takes none of them and the owner is wounded instead."""
    from tianting.rules.sg24.game import same_word

    lord = protected_lord(game.state)
    if lord is None or lord == owner:
        return
    harms = [h for h in landed.get(lord, []) if h.attribute == ATTACK and not h.forced]
    if not harms:
        return
    answer = book.choose(game.state.rng, owner, skill.name, [PROTECT, DECLINE], same_word, default=DECLINE,
                         context=f"{lord} 将受到武将杀伤技能的伤害：是否代其受伤")
    if answer != PROTECT:
        phase.note(f"{owner}【{skill.name}】：未替 {lord} 受伤")
        return
    landed[lord] = [h for h in landed[lord] if h not in harms]
    for h in harms:
        phase.stopped[id(h)] = f"被抵御：{owner}【{skill.name}】"
    landed.setdefault(owner, []).append(Harm(owner, Level.WOUND, skill.name, [owner], by=owner,
                                             attribute=skill.attribute or ""))
    phase.note(f"{owner}【{skill.name}】：替 {lord} 承受武将杀伤技能的伤害，自己受伤")
    phase.tell(owner, Feedback(skill.name, f"你以【{skill.name}】保护了{lord}，自己受伤", lord))


register("舍身护主", Code(
    "passive", no_target, _unused,
    "被动技能，非锁定技。孙权（孙权不在场时为吴国君主）受到的武将杀伤技能伤害无法被抵御时，可以选择保护其不受伤害，自己受伤。"
    "（武将保护技能）", after_defences=_take_for_lord))
