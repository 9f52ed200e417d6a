"""荀攸 (魏 军师): 【曹魏谋主】, one protection a night for 魏 — a stab on a 魏 军师 first, at half chance, else a 致伤
skill on a 魏 character — drawn among several (R-weimisc-8); 【经达权变】, two ids cut off from the others for a night
(:mod:`..isolation`, R-weimisc-11). docs/rulings/packs-weimisc.md."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.engine.harm import Defence, Level
from tianting.rules.sg24.declared import isolation, seen
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes._wu import no_target
from tianting.rules.sg24.declared.codes.sunce import _unused
from tianting.rules.sg24.declared.schema import STAB
from tianting.rules.sg24.outcomes import DONE, FAILED, VOID

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.engine.harm import Harm
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

WEI = "魏"


def _stab(h: Harm) -> bool:
    return h.cause == STAB or h.attribute == STAB


def _label(h: Harm) -> str:
    return f"{h.target}←{h.by}【{h.cause}】"


def _mouzhu(r: Resolver, owner: str, skill: SkillData) -> None:
    """Once the night's harms are known, before the defences meet them: (1) the stabs on living 魏 军师, else (2) the
    致伤 harms of skills on living 魏 characters (not the judge's, nor one's own skill's cost); one of them, drawn where several (purpose
    「【曹魏谋主】<owner> 随机保护」), gets a defence of this skill against that dealer's harm of that kind: a stab it
    stops with half chance (drawn when it meets it), a skill's harm surely. It meets the harm in seed 001's order, as
    another's passive defence (the protected one's own defences first)."""
    night, state = r.night, r.night.state

    def wei(pid: str) -> bool:
        p = state.player(pid)
        return p.alive and p.country == WEI

    harms = [h for h in night.harms if not h.forced and h.target in state.players and wei(h.target)
             and h.by != h.target]  # not the cost a skill makes its own user pay (许褚【虎痴喋血】)
    first = [h for h in harms if _stab(h) and state.player(h.target).identity == "军师"]
    second = [h for h in harms if not _stab(h) and h.level == Level.WOUND and h.attribute]
    pool = sorted(first or second, key=_label)
    if not pool:
        return
    chosen = pool[0]
    if len({_label(h) for h in pool}) > 1:
        picked = state.rng.pick(f"【{skill.name}】{owner} 随机保护", sorted({_label(h) for h in pool}))
        chosen = next(h for h in pool if _label(h) == picked)
    against = (STAB,) if first else (chosen.attribute,)
    defence = Defence(chosen.target, owner, False, skill.name, against, Fraction(1, 2) if first else None,
                      (chosen.by,) if chosen.by else ())
    r.defences.append(defence)
    r.passive_defences[id(defence)] = (owner, skill.name)
    night.phase.note(f"{owner}【{skill.name}】：为 {chosen.target} 抵御{'刺杀（一半概率）' if first else '一次致伤'}"
                     f"（{chosen.by}【{chosen.cause}】）")


register("曹魏谋主", Code(
    "passive", no_target, _unused,
    "被动技能。每夜为魏国保护一次：魏国军师受到刺杀时，一半概率令该刺杀无效；否则魏国角色受到致伤的技能作用时，为其抵御一次。"
    "两者同时满足时优先前者；同时有多个时随机保护其中一个。（军师增益技能）", before_harms=_mouzhu))


# ---- 【经达权变】 ---------------------------------------------------------------------------------------------------
def _jingda_check(game: Any, action: Action) -> None:
    """Two different ids in play."""
    game._target(action, 2)
    if len(set(action.targets)) != 2:
        raise IllegalAction(f"【{action.skill}】须指定2个不同的ID", "targets")


def _jingda_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """Before the night's other uses: two ids not of one country are cut off from the others tonight (R-weimisc-11).
    Each 指认 (招揽 too) and each use of a character skill aimed only across the cut fails; one aimed at some across it
    and some not goes off, its harms across the cut stopped (:func:`_jingda_harms`); no state of half chance crosses
    (:func:`..isolation.screened`). Stabs are no 指认 nor skill: untouched."""
    from tianting.effects import limits
    from tianting.rules.sg24.declared.schema import Declared
    from tianting.rules.sg24.game import GENERAL_ACTIONS, RECOGNISE, RECRUIT, _norm
    from tianting.rules.sg24.game import STAB as STAB_ACTION

    night, state = r.night, r.night.state
    one, other = sorted(a.targets)
    if not (state.player(one).alive and state.player(other).alive):
        night.phase.outcomes.settle(a, FAILED, "所指定的ID已退出游戏")
        return
    if seen.country(state, state.player(one)) == seen.country(state, state.player(other)):
        night.phase.note(f"{a.actor}【{skill.name}】未生效：{one} 与 {other} 同国")
        night.phase.outcomes.settle(a, FAILED, "两个ID同国")
        return
    isolation.isolate(state, one, other)
    r.followups.append(lambda: isolation.clear(state))
    night.phase.note(f"{a.actor}【{skill.name}】：{one} 与 {other} 当夜只受彼此的指认和技能作用")
    for x in list(night.live):
        name = _norm(x.skill)
        if x is a or name == STAB_ACTION or (name in GENERAL_ACTIONS and name not in (RECOGNISE, RECRUIT)):
            continue
        aimed = [t for t in x.targets if isinstance(t, str) and t != x.actor]
        crossing = [t for t in aimed if isolation.across(state, x.actor, t)]
        if not crossing or len(crossing) < len(aimed):
            continue  # not across, or also on others: goes off, its harms across stopped before the sum
        night.live.remove(x)
        night.phase.outcomes.settle(x, VOID, f"{a.actor}【{skill.name}】令其失败")
        night.phase.note(f"{x.actor} 的【{x.skill}】失败：{a.actor}【{skill.name}】")
        data = night.game.pack.skill(state.player(x.actor).character, x.skill)
        if data is not None and isinstance(data.effect, Declared) and data.effect.limit == "once":
            limits.consume(night.phase, x.actor, data.name)
    night.phase.outcomes.settle(a, DONE)


def _jingda_harms(r: Resolver, owner: str, skill: SkillData) -> None:
    """The harms of skills across tonight's cut (a use on several ids, some across it) are stopped before the sum."""
    night, state = r.night, r.night.state
    if not isolation.pairs(state):
        return
    kept = []
    for h in night.harms:
        if not h.forced and not _stab(h) and h.by in state.players and isolation.across(state, h.by, h.target):
            night.phase.stopped[id(h)] = f"【{skill.name}】：对 {h.target} 无效"
            night.phase.note(f"{h.by} 的【{h.cause}】对 {h.target} 无效：【{skill.name}】")
            continue
        kept.append(h)
    night.harms[:] = kept


register("经达权变", Code(
    "early", _jingda_check, _jingda_resolve,
    "主动技能。指定2个非同国的ID：当夜这两人只受自己或对方的指认和技能作用——他们对别人、别人对他们的指认与主动技能失败；指定了"
    "多人的技能照常发动，但对隔离一侧的人无效；状态技能不越过两人与他人之间。不影响刺杀。（军师增益技能 结算前生效）",
    before_harms=_jingda_harms))
