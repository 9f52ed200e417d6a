"""貂蝉 (鼎立 在野): 【媚眼如丝】, her hold on a man's next day's vote, shown on the ballot (docs/rulings/packs-zaiyeb.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.effects import limits
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.outcomes import DONE, FAILED

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

WOMEN = ("貂蝉", "灵雎")
"""The pack's women who are no 女眷 (every 女眷 is a woman): the 8.1 list's 「女性角色」."""
CONTROLLED = "controlled_votes"
"""``state.extra[CONTROLLED][day index][voter id]``: the id that voter's vote goes to that day, on the ballot too."""
MEIYAN_TIMES = 3


def is_woman(player: Any) -> bool:
    """「女性角色」: a 女眷, or one of the women of another identity (:data:`WOMEN`)."""
    return bool(player.identity == "女眷" or player.character in WOMEN)


def _meiyan_check(game: Any, action: Action) -> None:
    """Two ids: the one whose vote she takes, and the one it goes to; three uses a game."""
    if game.state.player(action.actor).used.get(action.skill, 0) >= MEIYAN_TIMES:
        raise IllegalAction(f"【{action.skill}】只能使用{MEIYAN_TIMES}次，已经用完", "spent")
    if len(action.targets) != 2:
        raise IllegalAction(f"【{action.skill}】须指定2个ID：被控制投票的ID，与其次日投票投给的ID", "targets")
    game._target(action, 2)
    if action.targets[0] == action.actor:
        raise IllegalAction(f"【{action.skill}】不可指定自己", "self")


def _meiyan_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """A man's vote the next day is cast for the second id, and the ballot shows it so; on a woman the use fails
    (R-zaiyeb-8). Each use that resolves counts one of the three."""
    night, state = r.night, r.night.state
    voter, to = a.targets
    limits.consume(night.phase, a.actor, skill.name)
    if is_woman(state.player(voter)):
        night.phase.note(f"{a.actor}【{skill.name}】对 {voter} 无效：不是男性角色")
        night.phase.outcomes.settle(a, FAILED, f"{voter} 不是男性角色")
        return
    if r.shielded(voter, skill.attribute or "", a.actor, skill.name):
        night.phase.outcomes.settle(a, FAILED, f"被 {voter} 抵御")
        return
    state.extra.setdefault(CONTROLLED, {}).setdefault(str(state.index + 1), {})[voter] = to
    night.phase.note(f"{a.actor}【{skill.name}】：{voter} 次日的投票由其控制，投给 {to}")
    night.phase.outcomes.settle(a, DONE)


def controlled_votes(state: Any) -> dict[str, str]:
    """Today's controlled votes (voter → the id his vote goes to), used up."""
    return dict(state.extra.get(CONTROLLED, {}).pop(str(state.index), {}))


register("媚眼如丝", Code(
    "settle", _meiyan_check, _meiyan_resolve,
    "主动技能，可使用三次。指定2个ID：若前者为男性角色，则其次日的投票改投后者（可与自己的投票不同），票面公告显示改后的投票。"))
