"""曹操 (魏 君主): 【血战官渡】, whose effect is on another character's skill: from the night it goes off, 袁绍's
【河朔称雄】 has no effect on a 魏 character (:mod:`.yuanshao` reads it; docs/rulings/packs-weimisc.md, R-weimisc-2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.names import name_key
from tianting.core.records import Feedback
from tianting.rules.sg24 import texts
from tianting.rules.sg24.declared.bespoke import Code, register

if TYPE_CHECKING:
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

SKILL = "血战官渡"
TARGET = "袁绍"
MARK = "guandu_from"
"""``state.extra[MARK]``: the night (its number) 【血战官渡】 went off; from then on 【河朔称雄】 spares 魏."""


def _joined_elsewhere(state: Any, pid: str) -> bool:
    """「袁绍已加入非魏国的国家」: an 在野 who has joined 蜀 or 吴."""
    from tianting.rules.sg24.pack import COUNTRIES

    country = state.player(pid).country
    return country in COUNTRIES and country != "魏"


def _guandu(r: Resolver, owner: str, skill: SkillData) -> None:
    """Set off by the owner's right 指认 of 袁绍 tonight while 袁绍 belongs to 蜀 or 吴: marked for good, the owner told
    (「被动技能是否触发」)."""
    state = r.night.state
    if MARK in state.extra:
        return
    for actor, target, named in r.night.phase.recognitions:
        if actor == owner and named == TARGET and _joined_elsewhere(state, target):
            state.extra[MARK] = r.night.game.number
            r.night.phase.note(f"{owner} 的【{skill.name}】触发（{target}）：此后【河朔称雄】对魏国角色无效")
            r.night.phase.tell(owner, Feedback(skill.name, texts.passive_triggered(skill.name), target))
            return


def spares_wei(r: Resolver) -> bool:
    """Whether 【河朔称雄】 has no effect on 魏 tonight: 【血战官渡】 went off before, or goes off tonight (「当夜及之
    后」: a holder's 指认 of 袁绍, still live, names him rightly while he belongs to 蜀 or 吴)."""
    from tianting.rules.sg24.game import RECOGNISE, _norm

    night, state = r.night, r.night.state
    if MARK in state.extra:
        return True
    for a in night.live:
        if _norm(a.skill) != RECOGNISE or not a.targets or name_key(a.args.get("character", "")) != name_key(TARGET):
            continue
        p, target = state.player(a.actor), state.player(a.targets[0])
        if SKILL in p.skills and target.character == TARGET and _joined_elsewhere(state, target.id):
            return True
    return False


register(SKILL, Code(
    "passive", lambda game, action: None, lambda r, a, skill: None,
    "被动技能。当曹操指认袁绍正确、且袁绍已加入魏国以外的国家时触发：当夜及之后，袁绍【河朔称雄】对魏国角色无效。"
    "不可被继承。（指认技能）", before_harms=_guandu))
