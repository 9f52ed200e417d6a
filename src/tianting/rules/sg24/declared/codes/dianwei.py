"""典韦【宛城血战】: the stab on the id he guards is stopped, and its stabber and 典韦 are wounded together."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.engine.harm import Harm, Level
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.outcomes import DONE, FAILED

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

NAME = "宛城血战"


def _check(game: Any, action: Action) -> None:
    game._target(action)


def stabs_on(r: Resolver, pid: str) -> list[Harm]:
    """The stabs (a killer's or a skill's 非杀手刺杀) that stand on ``pid`` tonight, by stabber."""
    from tianting.rules.sg24.declared.schema import STAB

    state = r.night.state
    return sorted((h for h in r.night.harms if h.cause == STAB and h.target == pid and not h.forced
                   and h.by in state.players), key=lambda h: h.by)


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """「若当夜该ID受到刺杀……则该刺杀者和典韦一起受伤，该ID免受该次刺杀」: one stab on the id is stopped; its stabber
    and 典韦 each take a wound of the skill's attribute (met by the defences against it). Several stabbers: the 8.1
    list's 释疑 has a 拼点 decide whose stab is stopped — here a draw of the game's generator (R-wei-2)."""
    night, target = r.night, a.targets[0]
    stabs = stabs_on(r, target)
    if not stabs:
        night.phase.note(f"{a.actor}【{skill.name}】：{target} 当夜未受刺杀，未起作用")
        night.phase.outcomes.settle(a, FAILED, f"{target} 当夜未受刺杀")
        return
    stabbers = sorted({h.by for h in stabs})
    stabber = stabbers[0] if len(stabbers) == 1 else night.state.rng.pick(f"【{skill.name}】拼点 {target}", stabbers)
    stopped = next(h for h in stabs if h.by == stabber)
    night.harms[:] = [h for h in night.harms if h is not stopped]
    night.phase.stopped[id(stopped)] = f"{a.actor}【{skill.name}】挡下该次刺杀"
    for pid in (stabber, a.actor):
        night.harms.append(Harm(pid, Level.WOUND, skill.name, [a.actor], by=a.actor, attribute=skill.attribute or ""))
    night.phase.note(f"{a.actor}【{skill.name}】：挡下 {stabber} 对 {target} 的刺杀，{stabber} 与 {a.actor} 一起受伤")
    night.phase.outcomes.settle(a, DONE)


register(NAME, Code(
    "settle", _check, _resolve,
    "主动技能。指定1个ID：若当夜该ID受到刺杀（包括非杀手刺杀），该次刺杀对其无效，刺杀者与典韦一起受伤；多人刺杀该ID时，"
    "以拼点决定挡下哪一次。"))
