"""蒋钦【忘私举贤】 (徐盛 in play: tonight he uses one of 徐盛's skills, of its own attribute) and【横锁九江】 (周泰 in
play: the skill 周泰 uses tonight, 蒋钦 uses once too, on the ids he names): uses that borrow another character's skill
for the night (:data:`.learned.BORROW`, R-learning-4)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.rules.sg24.declared import learned
from tianting.rules.sg24.declared.bespoke import REGISTRY, Code, register
from tianting.rules.sg24.declared.schema import Bespoke, Declared, needs_target
from tianting.rules.sg24.outcomes import FAILED

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

XUSHENG, ZHOUTAI = "徐盛", "周泰"


def _player_of(game: Any, character: str) -> Any:
    """The living player of ``character`` (none: None)."""
    return next((p for p in sorted(game.state.living(), key=lambda p: p.id) if p.character == character), None)


def _fits(game: Any, action: Action, data: SkillData) -> str | None:
    """Why the borrowed skill cannot be used as ``action`` sends it (its own checks), or None."""
    d = data.effect
    try:
        if isinstance(d, Bespoke) and d.code in REGISTRY:
            REGISTRY[d.code].check(game, action)
        elif isinstance(d, Declared) and needs_target(d):
            game._target(action)
    except IllegalAction as problem:
        return str(problem)
    return None


def _xusheng_skill(game: Any, action: Action) -> SkillData | None:
    found = game.pack.characters.get(XUSHENG)
    named = action.args.get("borrow")
    return next((s for s in found.skills if s.name == named and s.kind == "active"), None) if found else None


def _check_xusheng(game: Any, action: Action) -> None:
    """徐盛 in play, and one of his active skills named (``borrow``), sent as that skill needs (its ids, its args)."""
    if _player_of(game, XUSHENG) is None:
        raise IllegalAction(f"【{action.skill}】徐盛在场时才可以使用", "not-yet")
    data = _xusheng_skill(game, action)
    if data is None:
        skills = "、".join(s.name for s in game.pack.characters[XUSHENG].skills if s.kind == "active")
        raise IllegalAction(f"【{action.skill}】须指明徐盛的一个主动技能（borrow：{skills}）", "skill")
    why = _fits(game, action, data)
    if why is not None:
        raise IllegalAction(why, "borrowed")


def _borrow_xusheng(game: Any, action: Action, live: Sequence[Action]) -> tuple[str, str] | str:
    data = _xusheng_skill(game, action)
    if _player_of(game, XUSHENG) is None or data is None:
        return "徐盛不在场"
    return XUSHENG, data.name


def _check_zhoutai(game: Any, action: Action) -> None:
    """周泰 in play; the ids are 蒋钦's own (whether they fit is known once 周泰's use is)."""
    if _player_of(game, ZHOUTAI) is None:
        raise IllegalAction(f"【{action.skill}】周泰在场时才可以使用", "not-yet")
    for t in action.targets:
        if t not in game.state.players:
            raise IllegalAction(f"{action.actor}：「{t}」不是本局的ID", "targets")


def _borrow_zhoutai(game: Any, action: Action, live: Sequence[Action]) -> tuple[str, str] | str:
    """周泰's use of a character skill tonight (the first by name, if he sends two), as 蒋钦 sends it."""
    from tianting.rules.sg24.game import GENERAL_ACTIONS, _norm

    zhoutai = _player_of(game, ZHOUTAI)
    if zhoutai is None:
        return "周泰不在场"
    uses = sorted((a for a in live if a.actor == zhoutai.id and _norm(a.skill) not in GENERAL_ACTIONS),
                  key=lambda a: a.skill)
    for a in uses:
        character, data = learned.held(game, zhoutai, a.skill)
        if data is None or data.kind != "active":
            continue
        why = _fits(game, action, data)
        return why if why is not None else (character, data.name)
    return "周泰当夜没有使用技能"


def _failed(r: Resolver, a: Action, skill: SkillData) -> None:
    """Nothing to borrow tonight (the skill's owner gone, or no use of his): the use fails."""
    lent = learned.BORROW[skill.name](r.night.game, a, r.night.live)
    why = lent if isinstance(lent, str) else "所借用的技能由天庭裁定"
    r.night.phase.note(f"{a.actor}【{skill.name}】发动失败：{why}")
    r.night.phase.outcomes.settle(a, FAILED, why)


learned.BORROW["忘私举贤"] = _borrow_xusheng
learned.BORROW["横锁九江"] = _borrow_zhoutai

register("忘私举贤", Code(
    "settle", _check_xusheng, _failed,
    "主动技能。徐盛在场时可以使用：指明徐盛的一个主动技能（及其所需的ID），当夜如同该技能一样使用一次，技能属性以原技能为准。"))
register("横锁九江", Code(
    "settle", _check_zhoutai, _failed,
    "主动技能。周泰在场时可以使用：当夜周泰使用的技能，蒋钦也使用一次，目标ID由蒋钦指定，技能属性以原技能为准；周泰当夜"
    "没有使用技能时发动失败。"))
