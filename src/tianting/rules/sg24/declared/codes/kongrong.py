"""孔融 (鼎立 在野): 【逆天改命】, which sets another's 评价 (docs/rulings/packs-dlqun1.md); and 【君子让梨】 (R-choices-8):
the id he names tonight wounded or killed by the night's harms, he may take those harms on himself."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.core.records import Feedback
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes._wu import no_target
from tianting.rules.sg24.declared.codes.sunce import _unused
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


RANGLI = "君子让梨"
NOBODY = "不指认"
TAKE, DECLINE = "承担", "不承担"


def _take_pear(game: Any, phase: Any, owner: str, skill: SkillData, landed: dict[str, list[Any]], book: Any) -> None:
    """「每夜指认1个ID由天庭询问是否触发【君子让梨】」: once the defences have met the night's harms, if a harm lands on
    anyone but 孔融, he is asked for the id he named tonight (any living id but his own, or 「不指认」: the default);
    that id's harms landing (「其受伤或者阵亡」), he is asked whether to take them (「承担」 / 「不承担」, the default).
    Taking, they land on him, summed with his own (「两人伤害累计结算后均由孔融承担」), and the id is spared; he is
    told. Wounded or harmed himself, he may still take them. The question names no one harmed but the id he named."""
    from tianting.core.state import PhaseKind
    from tianting.rules.sg24.game import same_word

    state = game.state
    if game.phase is not PhaseKind.NIGHT:  # 「每夜指认的ID，若当夜进行伤害结算时……」: a night's harms only
        return
    if not state.player(owner).alive or not any(pid != owner and harms for pid, harms in landed.items()):
        return
    if not game.can_act(state.player(owner)):  # wounded as the night began: no 指认, so nothing to ask (R-review2b-3)
        return
    ids = sorted(p.id for p in state.living() if p.id != owner)
    named = book.choose(state.rng, owner, skill.name, [*ids, NOBODY], same_word, default=NOBODY,
                        context=f"【{skill.name}】：今夜指认的ID（其受伤或阵亡时可以承担其伤害）")
    harms = [h for h in landed.get(named, []) if not h.forced] if named != NOBODY else []
    if not harms:
        return
    answer = book.choose(state.rng, owner, skill.name, [TAKE, DECLINE], same_word, default=DECLINE,
                         context=f"{named} 当夜受伤或阵亡：是否以【{skill.name}】承担其伤害")
    if answer != TAKE:
        phase.note(f"{owner}【{skill.name}】：未承担 {named} 的伤害")
        return
    landed[named] = [h for h in landed[named] if h not in harms]
    for h in harms:
        phase.stopped[id(h)] = f"由 {owner}【{skill.name}】承担"
        landed.setdefault(owner, []).append(replace(h, target=owner, why=[*h.why, f"{owner}【{skill.name}】承担"]))
    phase.note(f"{owner}【{skill.name}】：承担 {named} 的伤害")
    phase.tell(owner, Feedback(skill.name, f"你以【{skill.name}】承担了{named}的伤害", named))


register(RANGLI, Code(
    "passive", no_target, _unused,
    "被动技能，非锁定技。每夜指认1个ID：当夜伤害结算时其受伤或阵亡，天庭询问孔融是否承担其伤害；承担时两人的伤害累计后"
    "均由孔融承担（孔融当夜受伤也可以）。（军师增益技能 结算后生效）", after_defences=_take_pear))
