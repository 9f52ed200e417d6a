"""张郃 (鼎立 魏 杀手): 【善阵识变】, sent with his stab: the id stabbed has every action of the night at half chance;
【江陵破吴】, a 吴 id's targets drawn anew among the non-魏 (docs/rulings/packs-weimisc.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.odds import Halving
from tianting.rules.sg24.outcomes import DONE, FAILED, VOID

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


# ---- 【江陵破吴】 ---------------------------------------------------------------------------------------------------
WU, WEI = "吴", "魏"


def _jiangling_check(game: Any, action: Action) -> None:
    game._target(action)


def _jiangling_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """Before the night's other uses: if the id is of 吴 (as seen tonight), every id his actions of the night aim at is
    drawn anew among the living who are not of 魏, neither himself nor the id first aimed at (R-weimisc-12), each
    draw named 「【江陵破吴】<id>【<skill>】第k个ID」, in his actions' canonical order. A stab is turned; the other actions
    aim at the ids drawn for the night (the record keeps what he sent). A defence against 军师负面 stops it."""
    from tianting.rules.sg24.declared import seen
    from tianting.rules.sg24.game import STAB, _norm

    night, state = r.night, r.night.state
    target = a.targets[0]
    p = state.player(target)
    if not p.alive:
        night.phase.outcomes.settle(a, FAILED, f"{target} 已退出游戏")
        return
    if seen.country(state, p) != WU:
        night.phase.note(f"{a.actor}【{skill.name}】对 {target} 未生效：不是吴国人")
        night.phase.outcomes.settle(a, FAILED, "条件不满足")
        return
    if r.shielded(target, "军师负面技能", a.actor, skill.name):
        night.phase.outcomes.settle(a, VOID, f"被 {target} 抵御")
        return
    mine = sorted((x for x in night.live if x.actor == target and x.targets),
                  key=lambda x: (_norm(x.skill), tuple(str(t) for t in x.targets)))
    for x in mine:
        new = []
        for k, aimed in enumerate(x.targets):
            if not isinstance(aimed, str) or aimed not in state.players:
                new.append(aimed)
                continue
            pool = sorted(q.id for q in state.living()
                          if q.id not in (target, aimed) and seen.country(state, q) != WEI)
            drawn = state.rng.pick(f"【{skill.name}】{target}【{x.skill}】第{k + 1}个ID", pool) if pool else aimed
            new.append(drawn)
        if _norm(x.skill) == STAB:
            night.phase.redirects[id(x)] = new[0]
        else:
            _aim(r, x, tuple(new))
        night.phase.note(f"{target} 的【{x.skill}】改为指向 {'、'.join(str(t) for t in new)}（{a.actor}【{skill.name}】）")
    night.phase.outcomes.settle(a, DONE)


def _aim(r: Resolver, x: Action, targets: tuple[str, ...]) -> None:
    """The action aims at ``targets`` tonight; once the night is settled it reads again as sent (the record)."""
    sent = x.targets
    object.__setattr__(x, "targets", targets)  # the night's own aim (frozen: the record restores it)
    r.followups.append(lambda: object.__setattr__(x, "targets", sent))


register("江陵破吴", Code(
    "early", _jiangling_check, _jiangling_resolve,
    "主动技能。指定1个ID：若其为吴国人，则其当夜行动所指向的每个ID都随机改为魏国人以外的另一人（不是他本人，也不是原来的ID）。"
    "（军师负面技能 结算前生效）"))
