"""马超【威震西凉】 (R-choices-6): each 平民 not of 蜀 tonight: their actions aimed at a 蜀 player fail; a 平民 who
resists it (a defence against 军师负面) and whose skill on a 蜀 player goes off tonight lets 马超 choose one id to
wound, which lands if it shares a resister's country."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.records import Feedback
from tianting.engine.harm import Harm, Level
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes._wu import no_target
from tianting.rules.sg24.outcomes import DONE, FAILED, VOID

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

NAME = "威震西凉"
SHU, COMMONER = "蜀", "平民"
NONE = "不致伤"


def _on_shu(state: Any, a: Action) -> bool:
    return any(isinstance(t, str) and t in state.players and state.player(t).country == SHU for t in a.targets)


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """Before the 结算前 uses (it covers the night's actions, as a state does): each living 平民 not of 蜀, by id, meets
    it as a 军师负面 use of its own — a defence against 军师负面 on him stops it (spent) and he is a resister; else his
    actions aimed at a 蜀 player tonight fail. Once every use has resolved (:attr:`Resolver.before_sum`), the resisters
    whose skill (not a 指认 or a stab) aimed at a 蜀 player went off — 「无论是否生效」: it did not fail — make 马超 told
    that it was resisted and asked for one id to wound (「仍只能选择1个ID」; unanswered: none); the wound (军师负面)
    lands if that id is of a qualifying resister's country."""
    from tianting.rules.sg24.declared.resolve import HARMLESS_NEGATIVE, NEGATIVE
    from tianting.rules.sg24.game import GENERAL_ACTIONS, _norm

    night, state = r.night, r.night.state
    resisters: list[str] = []
    for p in sorted(state.living(), key=lambda p: p.id):
        if p.identity != COMMONER or p.country == SHU or p.id == a.actor:
            continue
        if r.shielded(p.id, NEGATIVE, a.actor, skill.name) or r.shielded(p.id, HARMLESS_NEGATIVE, a.actor, skill.name):
            resisters.append(p.id)
            continue
        for x in [x for x in night.live if x.actor == p.id and _on_shu(state, x)]:
            night.live.remove(x)
            night.phase.outcomes.settle(x, FAILED, f"{a.actor}【{skill.name}】令其针对蜀国角色的行动失败")
            night.phase.note(f"{p.id} 对蜀国角色的【{x.skill}】失败：{a.actor}【{skill.name}】")
    night.phase.note(f"{a.actor}【{skill.name}】：不属于蜀国的平民针对蜀国角色的行动失败")
    night.phase.outcomes.settle(a, DONE)
    if not resisters:
        return

    def answer() -> None:
        from tianting.rules.sg24.game import same_word

        went_off = [x for x in night.actions if x.actor in resisters and _norm(x.skill) not in GENERAL_ACTIONS
                    and _on_shu(state, x) and night.phase.outcomes.state(x) not in (VOID, FAILED)]
        countries = {state.player(x.actor).country for x in went_off}
        if not countries or not state.player(a.actor).alive:
            return
        night.phase.tell(a.actor, Feedback(skill.name, f"你的【{skill.name}】被抵御"))
        ids = sorted(p.id for p in state.living())
        chosen = night.book.choose(state.rng, a.actor, skill.name, [*ids, NONE], same_word, default=NONE,
                                   context=f"【{skill.name}】被抵御：选择1个ID致伤（与抵御者同国时生效）")
        if chosen == NONE:
            night.phase.note(f"{a.actor}【{skill.name}】：未选择致伤目标")
            return
        if state.player(chosen).country not in countries:
            night.phase.note(f"{a.actor}【{skill.name}】：{chosen} 与抵御者国籍不同，致伤无效")
            return
        night.harms.append(Harm(chosen, Level.WOUND, skill.name, [a.actor], by=a.actor, attribute=skill.attribute or ""))
        night.phase.note(f"{a.actor}【{skill.name}】：对 {chosen} 致伤")

    r.before_sum.append(answer)


register(NAME, Code(
    "early", no_target, _resolve,
    "主动技能。当夜所有不属于蜀国的平民针对蜀国角色的行动失败；被抵御且抵御者当夜对蜀国发动的技能成功时，马超得知并可选择"
    "1个ID致伤，与抵御者国籍相同时生效（多人抵御也只选一人）。（军师负面技能 结算前生效）"))
