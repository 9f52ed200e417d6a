"""张郃 (鼎立 魏 杀手): 【善阵识变】, sent with his stab: the id stabbed has every action of the night at half chance;
【江陵破吴】, a 吴 id's targets drawn anew among the non-魏 (docs/rulings/packs-weimisc.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.odds import Halving
from tianting.rules.sg24.outcomes import DONE, FAILED

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData


def _shanzhen_check(game: Any, action: Action) -> None:
    """A killer's use beside his stab; it names no id (it acts on the one his stab aims at)."""
    player = game.state.player(action.actor)
    if player.identity != "杀手":
        raise IllegalAction(f"{player.id}（{player.character}）不是杀手，【{action.skill}】须与刺杀同时使用", "not-killer")
    if action.targets:
        raise IllegalAction(f"【{action.skill}】不指定ID（作用于当夜刺杀的ID）", "targets")


def _shanzhen_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """Before the night's other uses: the id the owner's stab aims at tonight (turned already: the id it is turned
    to, 8.1's 释疑) has every action of the night at half chance, each drawn once (R-weimisc-6); no stab of his
    tonight: the use fails."""
    from tianting.rules.sg24.game import STAB, _norm

    night = r.night
    own = sorted((s for s in night.live if s.actor == a.actor and _norm(s.skill) == STAB and s.targets),
                 key=lambda s: s.targets[0])
    if not own:
        night.phase.note(f"{a.actor}【{skill.name}】失败：当夜没有与之同时进行的刺杀")
        night.phase.outcomes.settle(a, FAILED, "须与刺杀同时使用")
        return
    target = night.phase.redirects.get(id(own[0]), own[0].targets[0])
    r.halvings.append(Halving(frozenset({target}), None, (), (), f"{a.actor}【{skill.name}】"))
    night.phase.note(f"{a.actor}【{skill.name}】：{target} 当夜所有行动成功率减半")
    night.phase.outcomes.settle(a, DONE)


register("善阵识变", Code(
    "early", _shanzhen_check, _shanzhen_resolve,
    "主动技能。与自己的刺杀同时使用（两者算一次行动）：被刺杀的ID当夜所有行动的成功率减半。当夜自己没有刺杀时失败。"
    "（军师增益技能 结算前生效）", with_stab=True))
