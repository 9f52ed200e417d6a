"""左慈 (鼎立 在野, 于吉's successor): 【天遁】, a night with no limit on his actions (docs/rulings/packs-zaiyeb.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes.dongzhuo import went_off
from tianting.rules.sg24.outcomes import DONE

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

BARRED_BY = "岁在甲子"
"""「如果张角使用过【岁在甲子】，则左慈的【天遁】失效」 (张角's line; 左慈's names 祝融, who has no such skill)."""


def _tiandun_check(game: Any, action: Action) -> None:
    """No id; refused once 【岁在甲子】 has gone off in the game (the skill is then void)."""
    if action.targets:
        raise IllegalAction(f"【{action.skill}】不指定ID", "targets")
    if went_off(game.state, BARRED_BY):
        raise IllegalAction(f"【{action.skill}】无效：【{BARRED_BY}】已经使用过", "void")


def _tiandun_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """Its effect is on what he may send (:func:`.bespoke.unlimited_tonight`): the use goes off (R-zaiyeb-9)."""
    r.night.phase.note(f"{a.actor}【{skill.name}】：当夜不限制行动次数")
    r.night.phase.outcomes.settle(a, DONE)


register("天遁", Code(
    "settle_first", _tiandun_check, _tiandun_resolve,
    "主动技能。使用当夜不限制行动次数（可同时提交多个技能与行动）。【岁在甲子】使用过后此技能无效。", unlimited=True))


NOT_BORROWED = ("料敌机先", "武侯八阵", "连环妙计", "移花接木")
"""「不能使用【料敌机先】、【武侯八阵】、【连环妙计】」, nor 【移花接木】 itself."""


def borrowable(game: Any, action: Action) -> tuple[str, SkillData]:
    """The skill ``action`` borrows (``args.skill``, of ``args.character`` where several characters have one of that
    name): an active skill of a character of the pack, declared, that names no id; else IllegalAction."""
    from tianting.core.names import name_key
    from tianting.rules.sg24.declared.schema import Declared, needs_target

    wanted = action.args.get("skill")
    if not isinstance(wanted, str) or not wanted:
        raise IllegalAction(f"【{action.skill}】须指明所用的技能（skill）", "skill")
    if name_key(wanted) in {name_key(n) for n in NOT_BORROWED}:
        raise IllegalAction(f"【{action.skill}】不能使用【{wanted}】", "skill")
    who = action.args.get("character")
    named = game.pack.get(who) if isinstance(who, str) and who else None
    found = []
    for name in sorted(game.pack.characters):
        if named is not None and named.name != name:
            continue
        data = game.pack.skill(name, wanted)
        if data is not None and data.kind == "active":
            found.append((name, data))
    if not found:
        raise IllegalAction(f"【{action.skill}】：没有角色拥有主动技能【{wanted}】", "skill")
    if len({repr(d.effect) for _, d in found}) > 1:
        raise IllegalAction(f"【{action.skill}】：多名角色有【{wanted}】，须指明角色（character）", "character")
    name, data = found[0]
    if not isinstance(data.effect, Declared):
        raise IllegalAction(f"【{action.skill}】：【{data.name}】由天庭裁定或专门程式结算，不能由引擎代用", "skill")
    if needs_target(data.effect):
        raise IllegalAction(f"【{action.skill}】只能使用非针对某具体角色的主动技能（【{data.name}】须指定ID）", "skill")
    return name, data


def _yihua_check(game: Any, action: Action) -> None:
    if action.targets:
        raise IllegalAction(f"【{action.skill}】不指定ID（所用技能非针对某具体角色）", "targets")
    borrowable(game, action)


def _yihua_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """The borrowed skill resolves as 左慈's own use, now (结算时), with its attribute and effect (R-zaiyeb-10)."""
    from tianting.rules.sg24.declared.resolve import DeclaredUse
    from tianting.rules.sg24.declared.schema import Declared

    name, data = borrowable(r.night.game, a)
    assert isinstance(data.effect, Declared)
    r.night.phase.note(f"{a.actor}【{skill.name}】：使用{name}的【{data.name}】")
    r._apply(DeclaredUse(a, data, data.effect, "结算时生效"))


register("移花接木", Code(
    "settle", _yihua_check, _yihua_resolve,
    "主动技能，只能使用一次。使用任意一名角色的一项不指定ID的主动技能一次（不能使用【料敌机先】、【武侯八阵】、【连环妙计】），"
    "按该技能的效果与属性结算。", once=True))
