"""汉少帝【天子之命】 (8.1): a character named has his next day's vote changed, unseen on the ballot."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.outcomes import DONE

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

CHANGES = "vote_changes"
"""``state.extra[CHANGES][day index][character]``: the id that character's vote goes to that day."""


def _check(game: Any, action: Action) -> None:
    """A ``character`` of the pack whose vote is changed, and one id of the table it goes to."""
    named = game.pack.get(action.args.get("character", "")) if isinstance(action.args.get("character"), str) else None
    if named is None:
        raise IllegalAction(f"【{action.skill}】须指明一个角色名字（character）", "character")
    if len(action.targets) != 1 or action.targets[0] not in game.state.players:
        raise IllegalAction(f"【{action.skill}】须指定1个ID：其次日投票改投该ID", "targets")


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """The next day, the vote of whoever plays the character then goes to the id named (R-dlqun2-17)."""
    state, phase = r.night.state, r.night.phase
    named = r.night.game.pack.get(a.args["character"])  # checked when sent: a character of the pack
    character = named.name if named is not None else str(a.args["character"])
    state.extra.setdefault(CHANGES, {}).setdefault(str(state.index + 1), {})[character] = a.targets[0]
    phase.note(f"{a.actor}【{skill.name}】：{character}次日的投票改投 {a.targets[0]}（不显示在票面中）")
    phase.outcomes.settle(a, DONE)


def changed_votes(state: Any) -> dict[str, str]:
    """Today's changes (character → the id its vote goes to), used up."""
    return dict(state.extra.get(CHANGES, {}).pop(str(state.index), {}))


register("天子之命", Code(
    "settle", _check, _resolve,
    "主动技能。指定一个角色名字与1个ID：次日该角色的投票改投该ID，票面仍显示其原本的投票。"))
