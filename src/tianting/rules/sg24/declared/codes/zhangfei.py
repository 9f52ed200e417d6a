"""张飞【探阵斩将】: sent with the killer's own 刺杀, a second stab on another id
that night — a killer's stab (the same-country rule applies). Once a game (「某夜」, R-SG31-3); without a stab of his
that goes off tonight it fails (a skill that rests on the stab, R-shu-4)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.core.records import Action
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.outcomes import FAILED, VOID

if TYPE_CHECKING:
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData


def _check(game: Any, action: Action) -> None:
    player = game.state.player(action.actor)
    if player.identity != "杀手":
        raise IllegalAction(f"{player.id}（{player.character}）不是杀手，不能额外刺杀", "not-killer")
    (target,) = game._target(action)
    if target.id == player.id:
        raise IllegalAction(f"{player.id} 不能刺杀自己", "self")


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    from tianting.rules.sg24.game import STAB, _norm

    night = r.night
    own = [s for s in night.live if s.actor == a.actor and _norm(s.skill) == STAB]
    if not own:
        night.phase.note(f"{a.actor}【{skill.name}】失败：当夜没有与之同时进行的刺杀")
        night.phase.outcomes.settle(a, FAILED, "须与刺杀同时使用")
        return
    target = a.targets[0]
    harms = night.game.stab(night.phase, a.actor, target, by_killer=True)
    if not harms:
        night.phase.outcomes.settle(a, VOID if night.state.player(target).alive else FAILED,
                                    "刺杀到本国君主" if night.state.player(target).alive else f"{target} 已退出游戏")
        return
    night.harms += harms
    night.phase.stabs.append((harms[0], a))  # settled with the night's stabs: stopped or not
    night.phase.note(f"{a.actor}【{skill.name}】：额外刺杀 {target}")


register("探阵斩将", Code(
    "settle", _check, _resolve,
    "主动技能。与自己的刺杀同时使用，指定1个ID：当夜额外刺杀该ID（杀手的刺杀，同国判定照常）。当夜自己的刺杀未能进行时失败。"
    "只能使用一次。", once=True))
