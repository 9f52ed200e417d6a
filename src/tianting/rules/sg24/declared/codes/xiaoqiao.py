"""小乔【国色天香】 (鼎立): she guesses that the character an id plays has a skill (named as the pack names it); right,
she uses that skill once tonight, with the targets and arguments she sent with the guess; wrong, the use fails and
the skill is gone (R-lianhuan-9)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core import effects
from tianting.core.errors import IllegalAction
from tianting.core.names import name_key
from tianting.core.records import Action
from tianting.effects import skills as skill_changes
from tianting.rules.sg24.declared.bespoke import REGISTRY, Code, register
from tianting.rules.sg24.outcomes import DONE, FAILED

if TYPE_CHECKING:
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

NAME = "国色天香"
EXCLUDED = ("料敌机先", "武侯八阵", "连环妙计")
"""「不包括【料敌机先】、【武侯八阵】、【连环妙计】」."""
OWN = ("guess", "use_targets")
"""The guess's own arguments; the rest go to the skill used."""


def _named_characters(game: Any, data: SkillData) -> bool:
    """「针对具体角色」: a skill whose effect is about a character it names (a 指认 of one, a verb or a condition on
    one)."""
    from tianting.rules.sg24.declared.schema import Declared

    d = data.effect
    if not isinstance(d, Declared):
        return False
    if d.of or any(v.character for v in d.does):
        return True
    return any(isinstance(c.value, str) and game.pack.get(c.value) is not None
               for c in (*d.conditions, *(c for v in d.does for c in v.conditions)))


def _skills_named(game: Any, name: str) -> list[SkillData]:
    return [s for c in game.pack.characters.values() for s in c.skills if name_key(s.name) == name_key(name)]


def _check(game: Any, action: Action) -> None:
    """One id and ``guess``: a skill of the pack, not one of the three excepted, not about a named character (a
    property of the skill's name, so the refusal tells nothing of the id); ``use_targets``: the ids the skill used
    names."""
    game._target(action)
    name = action.args.get("guess")
    found = _skills_named(game, name) if isinstance(name, str) else []
    if not found:
        raise IllegalAction(f"【{action.skill}】须指明所猜的技能（guess：角色包中的技能名）", "skill")
    if any(name_key(name) == name_key(x) for x in EXCLUDED):
        raise IllegalAction(f"【{action.skill}】不能猜测{'、'.join(f'【{x}】' for x in EXCLUDED)}", "skill")
    if all(_named_characters(game, s) for s in found):
        raise IllegalAction(f"【{action.skill}】只能猜测非针对具体角色的技能", "skill")
    targets = action.args.get("use_targets", [])
    if not isinstance(targets, list) or not all(isinstance(t, str) for t in targets):
        raise IllegalAction(f"【{action.skill}】use_targets 须是ID的列表", "use_targets")


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """Right: an active skill is used at once as hers (a declared one resolved now, a bespoke one by its code; one the
    judge rules is noted for him); a passive guessed rightly gives nothing to use. Wrong: failed, and the skill lost."""
    from tianting.rules.sg24.declared.resolve import DeclaredUse
    from tianting.rules.sg24.declared.schema import Bespoke, Declared

    night, game = r.night, r.night.game
    target = a.targets[0]
    character = night.state.player(target).character
    data = game.pack.skill(character, str(a.args["guess"]))
    if data is None:
        night.phase.note(f"{a.actor}【{skill.name}】猜测 {target} 具有【{a.args['guess']}】：错误，技能失效")
        night.phase.outcomes.settle(a, FAILED, "猜测错误")
        effects.tell(night.phase, a.actor, f"【{skill.name}】猜测错误：{target} 的角色没有【{a.args['guess']}】", skill.name,
                     target)
        skill_changes.lose(night.phase, a.actor, skill.name, skill.name)
        return
    night.phase.outcomes.settle(a, DONE)
    if data.kind != "active":
        effects.tell(night.phase, a.actor, f"【{skill.name}】猜测正确：{target} 的角色具有【{data.name}】（被动技能，无从使用）",
                     skill.name, target)
        return
    use = Action(a.actor, data.name, tuple(a.args.get("use_targets", [])),
                 {k: v for k, v in a.args.items() if k not in OWN})
    player = night.state.player(a.actor)
    try:
        if isinstance(data.effect, Declared | Bespoke):
            game._check_declared(player, data, use)
    except IllegalAction as refused:
        effects.tell(night.phase, a.actor, f"【{skill.name}】猜测正确，但【{data.name}】无法如此使用：{refused}", skill.name)
        return
    effects.tell(night.phase, a.actor, f"【{skill.name}】猜测正确：当夜使用【{data.name}】一次", skill.name, target)
    night.phase.note(f"{a.actor}【{skill.name}】猜测 {target} 具有【{data.name}】：正确，当夜使用一次")
    if isinstance(data.effect, Declared):
        night.live.append(use)
        borrowed = DeclaredUse(use, data, data.effect, game.pack.timing(character, data))
        r.uses.append(borrowed)
        r._apply(borrowed)
    elif isinstance(data.effect, Bespoke) and data.effect.code in REGISTRY:
        night.live.append(use)
        REGISTRY[data.effect.code].resolve(r, use, data)
    else:
        night.phase.note(f"{a.actor} 借用的【{data.name}】由天庭裁定（目标：{'、'.join(use.targets) or '无'}）")


register(NAME, Code(
    "settle", _check, _resolve,
    "主动技能。猜测某ID现在扮演的角色具有某项非针对具体角色的技能（不论是否消耗；不包括【料敌机先】【武侯八阵】【连环妙计】），"
    "并给出使用该技能的目标：猜对则当夜由自己使用该技能一次；猜错则发动失败，本技能不可再用。不可被继承。（军师增益技能 结算时生效）"))
