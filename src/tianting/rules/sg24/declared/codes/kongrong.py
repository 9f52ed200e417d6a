"""孔融 (鼎立 在野): 【逆天改命】, which sets another's 评价 (docs/rulings/packs-dlqun1.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.outcomes import DONE
from tianting.rules.sg24.pack import EVALUATIONS

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

USES = 3
"""「可使用三次」."""


def _nitian_check(game: Any, action: Action) -> None:
    """One id, not himself; ``evaluations``: the 评价 it is to have, at least one (「不得修改为无评价」); three uses."""
    (target,) = game._target(action)
    if target.id == action.actor:
        raise IllegalAction(f"【{action.skill}】不能指定自己", "self")
    wanted = action.args.get("evaluations")
    if (not isinstance(wanted, list) or not wanted or len(set(wanted)) != len(wanted)
            or not all(w in EVALUATIONS for w in wanted)):
        raise IllegalAction(f"【{action.skill}】须给出修改后的评价（evaluations：{'、'.join(EVALUATIONS)} 中的一项或多项，"
                            "不得修改为无评价）", "evaluations")


def _nitian_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """The id's 评价 become those named, while he plays his present character (R-dlqun1-13); the use is counted. The
    user is told only that it went off (「使用者无法得知该玩家原有的评价」)."""
    state, target = r.night.state, a.targets[0]
    wanted = [e for e in EVALUATIONS if e in a.args["evaluations"]]
    state.extra.setdefault("evaluations", {})[target] = {"character": state.player(target).character,
                                                        "evaluations": wanted}
    r.night.phase.note(f"{a.actor}【{skill.name}】将 {target} 的评价改为：{'、'.join(wanted)}")
    r.night.phase.outcomes.settle(a, DONE)


register("逆天改命", Code(
    "settle", _nitian_check, _nitian_resolve,
    "主动技能，可使用三次。指定1个ID（不能是自己）并给出评价（至少一项），其评价改为所给的评价；使用者不会得知其原有的"
    "评价。（无属性技能 结算时生效）", uses=USES))  # counted by the engine (R53)
