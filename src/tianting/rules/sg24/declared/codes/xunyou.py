"""荀攸 (魏 军师): 【曹魏谋主】, one protection a night for 魏 — a stab on a 魏 军师 first, at half chance, else a 致伤
skill on a 魏 character — drawn among several (docs/rulings/packs-weimisc.md, R-weimisc-8)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from tianting.engine.harm import Defence, Level
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes._wu import no_target
from tianting.rules.sg24.declared.codes.sunce import _unused
from tianting.rules.sg24.declared.schema import STAB

if TYPE_CHECKING:
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
