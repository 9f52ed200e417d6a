"""吕蒙【士别三日】 (8.1): name the first character of any side's 军师 line; one unspent active skill of that line (any of
its lives), naming no character and not one of the three unlearnable, is drawn and learned; 陆逊/陆抗 keep it
(docs/rulings/packs-learning.md R-learning-1, R-learning-2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core import effects
from tianting.core.errors import IllegalAction
from tianting.rules.sg24.declared import learned
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.outcomes import DONE

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

HEIRS = ("陆逊", "陆抗")
"""「学习到的技能无论本身描述如何，均可以被陆逊/陆抗继承」."""


def first_lives(game: Any) -> set[str]:
    """The characters no one succeeds (「第一命角色」)."""
    later = {s for c in game.pack.characters.values() for s in c.successors}
    return {c.name for c in game.pack.characters.values() if c.name not in later}


def _named(game: Any, action: Action) -> Any:
    spelled = action.args.get("character")
    return game.pack.get(spelled) if isinstance(spelled, str) else None


def _check(game: Any, action: Action) -> None:
    """A character of the pack, a 军师 and a first life (any side); no id."""
    named = _named(game, action)
    if named is None or named.identity != "军师" or named.name not in first_lives(game):
        raise IllegalAction(f"【{action.skill}】须指明一个军师第一命角色的名字（character）", "character")


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """One of the line's learnable skills the user does not hold yet, drawn; none: the use goes off, nothing learned."""
    game, phase = r.night.game, r.night.phase
    named = _named(game, a)
    holder = r.night.state.player(a.actor)
    options = [o for o in learned.learnable(game, learned.of_lives(game, learned.lives(game, named.name)), unspent=True)
               if o[1] not in holder.skills]
    got = learned.learn(phase, a.actor, options, skill.name)
    if got is None:
        effects.tell(phase, a.actor, f"【{skill.name}】{named.name}一脉没有可以学习的技能", skill.name)
    else:
        learned.inheritable(r.night.state, a.actor, got[1], HEIRS)
    phase.outcomes.settle(a, DONE)


register("士别三日", Code(
    "settle", _check, _resolve,
    "主动技能。指明任意阵营一个军师第一命角色的名字：从其所有命数的角色中，随机学会一项未被消耗、不针对某具体角色的"
    "主动技能（【料敌机先】【武侯八阵】【连环妙计】除外）。学到的技能可由陆逊、陆抗继承。"))
