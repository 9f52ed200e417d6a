"""周瑜【巧设反间】 (鼎立): named a character (or an id), the user learns what that id sent tonight. The hosted game
shows it at the submission deadline and gives the fifteen minutes (D-A7, :mod:`tianting.rules.dingli2.extension`);
the engine rules whether the use goes off (a 结算前 use other skills may make fail) and, when it does, puts the same
report in the night's feedback, so that a game played from a script learns it too (R-lianhuan-3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core import effects
from tianting.core.errors import IllegalAction
from tianting.core.names import name_key
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.outcomes import DONE, FAILED, VOID

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData


def _check(game: Any, action: Action) -> None:
    """One id, or a character's name (``character``: 「指定一个角色名称」)."""
    if action.targets:
        game._target(action)
        return
    character = action.args.get("character")
    if not isinstance(character, str) or game.pack.get(character) is None:
        raise IllegalAction(f"【{action.skill}】须指定一个角色名称（character）或一个ID", "character")


def _named(game: Any, a: Action) -> str | None:
    from tianting.rules.dingli2.extension import _named as named

    return named(game, {"targets": list(a.targets), "args": dict(a.args)})


def _hidden(state: Any) -> set[str]:
    """The ids a 其徐如林 of the day before hides (its use not made void)."""
    day = state.history[-1] if state.history else {}
    return {t for e in day.get("actions", []) if name_key(str(e.get("skill", ""))) == name_key("其徐如林")
            and e.get("state") not in (VOID, FAILED) for t in e.get("targets") or []}


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    from tianting.rules.dingli2.extension import _line

    night = r.night
    target = _named(night.game, a)
    if target is None:
        night.phase.note(f"{a.actor}【{skill.name}】：所指定的角色不在场")
        effects.tell(night.phase, a.actor, f"【{skill.name}】：{a.args.get('character')}不在场，未得知任何行动", skill.name)
        night.phase.outcomes.settle(a, DONE)
        return
    if target in _hidden(night.state):
        text = f"【{skill.name}】：{target} 当夜的行动无法被侦查"
    else:
        lines = [_line({"skill": x.skill, "targets": list(x.targets), "args": dict(x.args)})
                 for x in sorted(night.actions, key=lambda x: (x.skill, tuple(x.targets))) if x.actor == target]
        text = f"【{skill.name}】：{target} 当夜" + ("；".join(lines) if lines else "没有提交行动")
    effects.tell(night.phase, a.actor, text, skill.name, target)
    night.phase.note(f"{a.actor}【{skill.name}】侦查 {target}")
    night.phase.outcomes.settle(a, DONE)


register("巧设反间", Code(
    "settle_first", _check, _resolve,
    "主动技能。指定一个角色名称（或一个ID），在当夜行动截止时得知该角色当夜提交的行动；此时本人及与其互识的角色可多用十五分钟"
    "更改行动（托管游戏）。使用成功时，当夜反馈中也列出这些行动。不可被继承。（无属性技能 结算前生效）"))
