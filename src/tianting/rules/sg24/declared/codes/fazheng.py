"""法正 (蜀 军师): 【盖棺论定】, a day's use that tells him the identity of every player out of the game
(docs/rulings/packs-weimisc.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.core.records import Feedback
from tianting.core.state import PhaseKind
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.outcomes import DONE

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.pack import SkillData


def _gaiguan_check(game: Any, action: Action) -> None:
    """「白天使用」; the use names no id (it asks about everyone out of the game)."""
    if game.phase is not PhaseKind.DAY:
        raise IllegalAction(f"【{action.skill}】白天使用", "not-now")
    if action.targets:
        raise IllegalAction(f"【{action.skill}】不指定ID", "targets")


def _gaiguan_resolve(day: Any, a: Action, skill: SkillData) -> None:
    """The owner learns, from the judge, the identity of every id out of the game (dead or left), by id; none out:
    he is told so (R-weimisc-1). ``day``: the day being resolved."""
    state = day.state
    gone = sorted(p.id for p in state.players.values() if not p.alive)
    facts = {pid: state.player(pid).identity for pid in gone}
    text = ("；".join(f"{pid}：{identity}" for pid, identity in facts.items()) if facts else "目前没有退出游戏的玩家")
    day.phase.tell(a.actor, Feedback(skill.name, f"【{skill.name}】已退出游戏的玩家身份：{text}", None,
                                     {"identities": facts}))
    day.phase.note(f"{a.actor}【{skill.name}】得知已退出游戏的玩家身份：{text}")
    day.phase.outcomes.settle(a, DONE)


register("盖棺论定", Code(
    "day", _gaiguan_check, _gaiguan_resolve,
    "主动技能，白天使用：从天庭处得知所有已经退出游戏的玩家各自的身份（君主、军师、杀手、护卫、女眷、平民）。（指认技能）"))
