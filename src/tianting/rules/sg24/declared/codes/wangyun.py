"""王允【年高德劭】 (8.1): one id is given a 评价指认 with one of the user's own 评价; naming one he lacks, it fails.
【巧施连环】 (鼎立): once 王允 knows 貂蝉, one night 吕布 is made to stab the id he names (R-lianhuan-6)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tianting.core import effects
from tianting.core.errors import IllegalAction
from tianting.rules.sg24 import texts
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.outcomes import DONE, FAILED
from tianting.rules.sg24.pack import EVALUATIONS

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData


def _check(game: Any, action: Action) -> None:
    """One id and an ``evaluation`` among the nine (one the user lacks is accepted: the use then fails)."""
    game._target(action)
    if action.args.get("evaluation") not in EVALUATIONS:
        raise IllegalAction(f"【{action.skill}】须指明一项评价（evaluation：{'、'.join(EVALUATIONS)}）", "evaluation")


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """The 评价 asked must be one the user's character has now; then he is told whether the id has it, as a 评价指认
    with feedback is answered (R-dlqun2-12)."""
    night, game = r.night, r.night.game
    asked, target = a.args["evaluation"], a.targets[0]
    if asked not in game.character(a.actor).evaluations:
        night.phase.note(f"{a.actor}【{skill.name}】：{asked}不是其所有的评价，技能失效")
        night.phase.outcomes.settle(a, FAILED, f"{asked}不是自己所有的评价")
        return
    has = asked in game.character(target).evaluations
    night.phase.note(f"{a.actor}【{skill.name}】评价指认 {target} 是否{asked}：{'是' if has else '否'}")
    effects.tell(night.phase, a.actor, texts.evaluation(target, asked, has), skill.name, target,
                 {"evaluation": asked, "has": has})
    night.phase.outcomes.settle(a, DONE)


register("年高德劭", Code(
    "settle", _check, _resolve,
    "主动技能。指定1个ID，并选择自己所拥有的一项评价，对其进行一次评价指认（得知其是否具有该评价）；若所选评价自己不具有，"
    "则此技能失效。"))


# ---- 【巧施连环】 -----------------------------------------------------------------------------------------------------
def _knows(game: Any, pid: str, character: str) -> str | None:
    """The id ``pid`` knows as ``character`` (a right 指认, a 互识 …), or None."""
    return next((o for o, c in sorted(game.state.player(pid).known.items()) if c == character), None)


PICK = "wangyun_pick"
"""``state.extra[PICK]``: the 王允 who names the winner of 貂蝉's next 【祸水红颜】 (吕布 not in the game)."""


def seated(state: Any, character: str) -> bool:
    """Whether any id of this game has played ``character`` or plays it (「本版……在场」)."""
    return any(character in lives for lives in state.extra.get("lives", {}).values()) or any(
        p.character == character for p in state.players.values())


def pick_winner(r: Resolver, pair: list[str]) -> str | None:
    """「当夜及当夜之后貂蝉第一次使用【祸水红颜】时，王允得知【祸水红颜】的作用ID并可以指定获胜者」: the 王允 of a pending
    【巧施连环】, still in play, is told the two and asked the winner (「不指定」, the default: the 拼点 decides)."""
    from tianting.core.records import Feedback
    from tianting.rules.sg24.game import same_word

    night, state = r.night, r.night.state
    user = state.extra.pop(PICK, None)
    if user is None or not state.player(user).alive:
        return None
    night.phase.tell(user, Feedback("巧施连环", f"【巧施连环】貂蝉【祸水红颜】的作用ID：{'、'.join(pair)}", None,
                                    {"pair": list(pair)}))
    choice = night.book.choose(state.rng, user, "巧施连环", [*sorted(pair), NO_PICK], same_word, default=NO_PICK,
                               context=f"貂蝉【祸水红颜】：{'、'.join(pair)} 拼点，指定胜利者")
    return None if choice == NO_PICK else str(choice)


NO_PICK = "不指定"


def _chain_check(game: Any, action: Action) -> None:
    """One id; only once 王允 knows 貂蝉 (「成功指认出貂蝉时……此技能生效」), or, with 貂蝉 not in play, 吕布."""
    game._target(action)
    diaochan_in = any(p.character == "貂蝉" for p in game.state.living())
    if _knows(game, action.actor, "貂蝉") is None and not (not diaochan_in and _knows(game, action.actor, "吕布")):
        raise IllegalAction(f"【{action.skill}】须先成功指认出貂蝉（貂蝉不在场时：吕布）才生效", "not-yet")


def _chain_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """「该夜若吕布状态正常，则吕布强制刺杀该ID」: 吕布's id (alive, not wounded) stabs the id named, whatever his side
    (no same-country check); known through 貂蝉, its effect is 【朝秦暮楚】's (the stabbed's 武将保护 defences have no
    effect and are spent), through 吕布 alone a plain stab. Naming 吕布 or 貂蝉 spends it for nothing."""
    from tianting.rules.sg24.declared.resolve import STAB

    night, state = r.night, r.night.state
    target = a.targets[0]
    lvbu = next((p for p in sorted(state.living(), key=lambda p: p.id) if p.character == "吕布"), None)
    if state.player(target).character in ("吕布", "貂蝉") or (lvbu is not None and lvbu.id == target):
        night.phase.note(f"{a.actor}【{skill.name}】：命令刺杀吕布或貂蝉，命令失效")
        night.phase.outcomes.settle(a, FAILED, "指定的刺杀对象为吕布或貂蝉")
        return
    if lvbu is None and not seated(state, "吕布") and _knows(night.game, a.actor, "貂蝉") is not None:
        state.extra[PICK] = a.actor  # 「若本版吕布不在场」: he picks the winner of 貂蝉's next 【祸水红颜】 (R-review2b-6)
        night.phase.note(f"{a.actor}【{skill.name}】：吕布不在本局，貂蝉下一次【祸水红颜】时由其指定胜利者")
        night.phase.outcomes.settle(a, DONE)
        return
    if lvbu is None or lvbu.injured:
        night.phase.note(f"{a.actor}【{skill.name}】：吕布不在场或状态不正常，未能刺杀")
        night.phase.outcomes.settle(a, FAILED, "吕布状态不正常")
        return
    if _knows(night.game, a.actor, "貂蝉") is not None:
        r.stripped.append((target, f"{a.actor}【{skill.name}】"))
    night.harms += [replace(h, attribute=STAB) for h in night.game.stab(night.phase, lvbu.id, target, by_killer=False)]
    night.phase.note(f"{a.actor}【{skill.name}】：吕布（{lvbu.id}）强制刺杀 {target}")
    night.phase.outcomes.settle(a, DONE)


register("巧施连环", Code(
    "settle", _chain_check, _chain_resolve,
    "主动技能，只能使用一次。成功指认出貂蝉后生效（貂蝉不在场时，知道吕布后生效）：某夜指定1个ID，若吕布当夜状态正常，则吕布强制"
    "刺杀该ID，无视其阵营，不影响其自己的刺杀；经貂蝉生效时，被刺杀者的武将保护技能无效并消耗。指定吕布或貂蝉时命令失效，本技能"
    "消耗。", once=True))
