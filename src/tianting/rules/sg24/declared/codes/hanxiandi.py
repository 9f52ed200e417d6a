"""汉献帝 (鼎立 EX): 【尚方宝剑】 (a character named may stab once the next night, R-revival-11), 【招贤纳才】 (an 在野
ordered into his country, R-revival-12) and 【举国同哀】 (his exit at night halves the next night's actions of those who
knew him, :func:`tianting.rules.sg24.declared.revival.mourning`, R-revival-10)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.core.records import Feedback
from tianting.engine.harm import Level
from tianting.rules.sg24.declared import revival
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes._wu import no_target
from tianting.rules.sg24.declared.codes.chenshou import named_character
from tianting.rules.sg24.declared.codes.sunce import _unused
from tianting.rules.sg24.declared.schema import STAB
from tianting.rules.sg24.outcomes import DONE, FAILED

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

SWORD = "尚方宝剑"
SWORDS = "swords"
"""``state.extra[SWORDS][night index]``: [[character, by]]: whoever plays the character that night may stab once."""
NO_STAB = "不刺杀"
EDICT = "招贤纳才"
EDICTS = "edicts"
"""``state.extra[EDICTS][night index]``: [[the 在野's id, the user]]: joins the user's country unless he joins another."""
UNALIGNED = "在野"


# ---- 【尚方宝剑】 ---------------------------------------------------------------------------------------------------
def _sword_check(game: Any, action: Action) -> None:
    named_character(game, action)
    if action.targets:
        raise IllegalAction(f"【{action.skill}】指定角色名字，不指定ID", "targets")


def _sword_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """The player of the character named is told he holds the sword; the next night he may stab once (R-revival-11).
    A character not in play: the use fails."""
    game, phase = r.night.game, r.night.phase
    character = named_character(game, a)
    holder = next((p.id for p in sorted(game.state.living(), key=lambda p: p.id) if p.character == character), None)
    if holder is None:
        phase.outcomes.settle(a, FAILED, f"{character}不在场上")
        return
    game.state.extra.setdefault(SWORDS, {}).setdefault(str(game.state.index + 2), []).append([character, a.actor])
    phase.tell(holder, Feedback(skill.name, f"你获得【{skill.name}】：次夜可进行一次刺杀"))
    phase.note(f"{a.actor}【{skill.name}】：{character}（{holder}）获得尚方宝剑，次夜可进行一次刺杀")
    phase.outcomes.settle(a, DONE)
    from tianting.rules.sg24.declared.codes.hanshaodi import bless

    bless(r, a.actor, character)  # 【皇恩浩荡】: 「当【天子之命】、【尚方宝剑】作用成功时皆可触发」 (R-review2b-4)


def sword_stabs(r: Resolver) -> None:
    """Tonight's swords: the player of each character named (if still in play and able to act) is asked whom he stabs
    (a mid-night choice, 「不刺杀」 unless he answers); the stab is a skill's, with no same-country check."""
    from tianting.rules.sg24.game import same_word

    night, game = r.night, r.night.game
    swords = game.state.extra.get(SWORDS, {}).pop(str(game.state.index), [])
    if SWORDS in game.state.extra and not game.state.extra[SWORDS]:
        game.state.extra.pop(SWORDS)
    for character, by in sorted(swords):
        holder = next((p for p in sorted(game.state.living(), key=lambda p: p.id) if p.character == character), None)
        if holder is None or not game.can_act(holder):
            continue
        options = [p.id for p in sorted(game.state.living(), key=lambda p: p.id) if p.id != holder.id]
        aim = night.book.choose(game.state.rng, holder.id, SWORD, [*options, NO_STAB], same_word, default=NO_STAB,
                                context="尚方宝剑：今夜刺杀谁")
        if aim == NO_STAB:
            night.phase.note(f"{holder.id} 未以【{SWORD}】刺杀")
            continue
        harms = [h for h in game.stab(night.phase, holder.id, aim, by_killer=False) if h.level is not Level.NONE]
        night.harms += [replace(h, why=[*h.why, f"{by}【{SWORD}】"], attribute=STAB) for h in harms]
        night.phase.note(f"{holder.id}（{character}）以【{SWORD}】刺杀 {aim}")


register(SWORD, Code(
    "settle", _sword_check, _sword_resolve,
    "主动技能。指定一个角色名字：该角色当夜得知获得尚方宝剑，次夜可进行一次刺杀（技能的刺杀，无同国判定）；该角色不在场上时无效。"
    "（军师增益技能 结算时生效）"))


# ---- 【招贤纳才】 ---------------------------------------------------------------------------------------------------
def _edict_check(game: Any, action: Action) -> None:
    if game.state.player(action.actor).country == UNALIGNED:
        raise IllegalAction(f"【{action.skill}】入国后才可以使用", "not-yet")
    game._target(action)


def _edict_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """The order waits for tonight's joinings (:func:`edicts`)."""
    state = r.night.state
    state.extra.setdefault(EDICTS, {}).setdefault(str(state.index), []).append([a.targets[0], a.actor])
    r.night.phase.note(f"{a.actor}【{skill.name}】：命 {a.targets[0]} 加入{state.player(a.actor).country}")


def edicts(night: Any) -> None:
    """Once tonight's joinings are answered: each 在野 ordered who is still in the game, still 在野 and not joining
    another country tonight joins the user's country as the next night begins, the post saying so; he cannot refuse
    (R-revival-12)."""
    game, phase = night.game, night.phase
    orders = game.state.extra.get(EDICTS, {}).pop(str(game.state.index), [])
    if EDICTS in game.state.extra and not game.state.extra[EDICTS]:
        game.state.extra.pop(EDICTS)
    pending = game.state.extra["pending_joins"]
    for target, by in sorted(orders):
        use = next((a for a in night.live if a.actor == by and a.skill == EDICT), None)
        p, lord = game.state.player(target), game.state.player(by)
        why = (f"{target} 已退出游戏" if not p.alive else f"{target} 不是在野" if p.country != UNALIGNED
               else f"{target} 当夜已入{pending[target]['country']}" if target in pending
               else f"{by} 已退出游戏" if not lord.alive else None)
        if why is not None:
            phase.note(f"{by}【{EDICT}】未起作用：{why}")
            if use is not None:
                phase.outcomes.settle(use, FAILED, why)
            continue
        pending[target] = {"country": lord.country, "by": None}
        phase.tell(target, Feedback(EDICT, f"【{EDICT}】你奉诏加入{lord.country}，下夜生效"))
        revival.post(night, f"{target} 奉诏加入{lord.country}")
        phase.note(f"{by}【{EDICT}】：{target} 将于下夜加入{lord.country}")
        if use is not None:
            phase.outcomes.settle(use, DONE)


register(EDICT, Code(
    "settle", _edict_check, _edict_resolve,
    "主动技能。入国后使用，指定1个ID：若其为在野且当夜没有加入其他国家，则不可违抗地加入自己所在国，下夜生效，公告显示。"
    "（军师增益技能 结算时生效）"))


# ---- 【举国同哀】 ---------------------------------------------------------------------------------------------------
register("举国同哀", Code(
    "passive", no_target, _unused,
    "被动技能。某夜自己退出游戏时触发：所有与自己互相认识的人次夜每个行动一半概率失败。（无属性技能）"))
