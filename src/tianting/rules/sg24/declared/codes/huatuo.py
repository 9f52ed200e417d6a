"""华佗【针灸奇术】: three uses; the id's stabs tonight fail, or the use is an empty needle (two wound the user)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.engine.harm import Harm, Level
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.schema import STAB
from tianting.rules.sg24.outcomes import DONE

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

NAME = "针灸奇术"
USES = 3
"""「可使用三次」."""
EMPTY_TO_WOUND = 2
"""「累计两空针者受伤」."""


def _check(game: Any, action: Action) -> None:
    game._target(action)  # its three uses are counted and checked by the engine (Code.uses)


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """A use is spent; if a stab (a killer's or a skill's) is aimed at the id tonight, every stab on it fails
    (「受到的刺杀均无效」); if none, the user's empty needles count one more, and the second wounds the user
    tonight (R-wu-5)."""
    night, phase = r.night, r.night.phase
    target = a.targets[0]
    if any(h.target == target and STAB in (h.attribute, h.cause) for h in night.harms):
        r.immunities.append((target, (STAB,), f"{a.actor}【{skill.name}】", "harms"))
        phase.note(f"{a.actor}【{skill.name}】：{target} 当夜受到的刺杀均无效")
        phase.outcomes.settle(a, DONE)
        return
    needles = night.state.extra.setdefault("empty_needles", {})
    needles[a.actor] = needles.get(a.actor, 0) + 1
    phase.note(f"{a.actor}【{skill.name}】：{target} 当夜未受刺杀，计一空针（累计{needles[a.actor]}）")
    if needles[a.actor] == EMPTY_TO_WOUND:
        night.harms.append(Harm(a.actor, Level.WOUND, skill.name, [a.actor], by=a.actor))
        phase.note(f"{a.actor}【{skill.name}】：累计两空针，{a.actor} 受伤")
    phase.outcomes.settle(a, DONE)


register(NAME, Code(
    "settle", _check, _resolve,
    "主动技能，可使用三次。指定1个ID：若当夜该ID受到刺杀，其受到的刺杀均无效；若未受到刺杀，则记一空针，"
    "使用者累计第二次空针时当夜受伤。（武将保护技能 结算时生效）", uses=USES))  # counted by the engine (R53)
