"""吕蒙【白衣渡江】: his right 指认 of 关羽 takes 关羽 out of the game and breaks the 吴蜀 alliance; unless 关羽
chooses 【春秋大义】, the 魏吴 alliance is made (R-choices-2).

吕蒙【士别三日】 (8.1): name the first character of any side's 军师 line; one unspent active skill of that line (any of
its lives), naming no character and not one of the three unlearnable, is drawn and learned; 陆逊/陆抗 keep it
(docs/rulings/packs-learning.md R-learning-1, R-learning-2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core import effects
from tianting.core.errors import IllegalAction
from tianting.core.records import Feedback
from tianting.rules.sg24 import texts
from tianting.rules.sg24.declared import learned
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes._wu import no_target
from tianting.rules.sg24.declared.codes.guanyu import chooses
from tianting.rules.sg24.declared.codes.luxun import alliance_made
from tianting.rules.sg24.declared.codes.sunce import _unused
from tianting.rules.sg24.declared.odds import allied
from tianting.rules.sg24.outcomes import DONE

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData


NAME = "白衣渡江"
GUANYU = "关羽"


def _crossing(r: Resolver, owner: str, skill: SkillData) -> None:
    """Each right 指认 of 关羽 by ``owner`` tonight (one a night, by 吕蒙's allowance): 关羽 leaves the game at the
    night's end (脱离游戏: no successor), the 吴蜀 alliance breaks after tonight, and 关羽 is asked about 【春秋大义】
    (:func:`.guanyu.chooses`); not triggered, the 魏吴 alliance is made (two days, the pack's default). The owner is
    told his passive went off; the post says the alliances."""
    night = r.night
    for actor, target, named in sorted(set(night.phase.recognitions)):
        if actor != owner or named != GUANYU or any(pid == target for pid, _ in r.exits):
            continue
        night.phase.note(f"{owner} 的【{skill.name}】触发（{target}）")
        night.phase.tell(owner, Feedback(skill.name, texts.passive_triggered(skill.name), target))
        r.exits.append((target, f"【{skill.name}】"))
        r._break_alliance({"countries": ("吴", "蜀"), "for_good": False}, owner, skill.name)
        if not chooses(r, target, owner):
            r._ally({"countries": ("魏", "吴"), "days": 2, "extend": 2}, owner, skill.name)
            if allied(night.state, "魏", "吴"):
                alliance_made(r, owner)


register(NAME, Code(
    "passive", no_target, _unused,
    "被动技能。成功指认出关羽时触发：关羽脱离游戏，吴蜀联盟破裂；关羽未触发【春秋大义】时，魏吴联盟达成。只可以被陆逊"
    "继承。（指认技能 公告联盟）", before_harms=_crossing))


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
