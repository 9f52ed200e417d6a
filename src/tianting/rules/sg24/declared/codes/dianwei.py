"""典韦【宛城血战】: the stab on the id he guards is stopped, and its stabber and 典韦 are wounded together; and
【挺身护驾】: told that his lord is attacked, he may stop the greatest attack on him and be wounded instead
(R-choices-1)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.records import Feedback
from tianting.effects import limits
from tianting.engine.harm import Harm, Level
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes._wu import no_target
from tianting.rules.sg24.declared.codes.sunce import _unused
from tianting.rules.sg24.outcomes import DONE, FAILED

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

NAME = "宛城血战"


def _check(game: Any, action: Action) -> None:
    game._target(action)


def stabs_on(r: Resolver, pid: str) -> list[Harm]:
    """The stabs (a killer's or a skill's 非杀手刺杀) that stand on ``pid`` tonight, by stabber."""
    from tianting.rules.sg24.declared.schema import STAB

    state = r.night.state
    return sorted((h for h in r.night.harms if h.cause == STAB and h.target == pid and not h.forced
                   and h.by in state.players), key=lambda h: h.by)


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """「若当夜该ID受到刺杀……则该刺杀者和典韦一起受伤，该ID免受该次刺杀」: one stab on the id is stopped; its stabber
    and 典韦 each take a wound of the skill's attribute (met by the defences against it). Several stabbers: the 8.1
    list's 释疑 has a 拼点 decide whose stab is stopped — here a draw of the game's generator (R-wei-2)."""
    night, target = r.night, a.targets[0]
    stabs = stabs_on(r, target)
    if not stabs:
        night.phase.note(f"{a.actor}【{skill.name}】：{target} 当夜未受刺杀，未起作用")
        night.phase.outcomes.settle(a, FAILED, f"{target} 当夜未受刺杀")
        return
    stabbers = sorted({h.by for h in stabs})
    stabber = stabbers[0] if len(stabbers) == 1 else night.state.rng.pick(f"【{skill.name}】拼点 {target}", stabbers)
    stopped = next(h for h in stabs if h.by == stabber)
    night.harms[:] = [h for h in night.harms if h is not stopped]
    night.phase.stopped[id(stopped)] = f"{a.actor}【{skill.name}】挡下该次刺杀"
    for pid in (stabber, a.actor):
        night.harms.append(Harm(pid, Level.WOUND, skill.name, [a.actor], by=a.actor, attribute=skill.attribute or ""))
    night.phase.note(f"{a.actor}【{skill.name}】：挡下 {stabber} 对 {target} 的刺杀，{stabber} 与 {a.actor} 一起受伤")
    night.phase.outcomes.settle(a, DONE)


register(NAME, Code(
    "settle", _check, _resolve,
    "主动技能。指定1个ID：若当夜该ID受到刺杀（包括非杀手刺杀），该次刺杀对其无效，刺杀者与典韦一起受伤；多人刺杀该ID时，"
    "以拼点决定挡下哪一次。"))


TINGSHEN = "挺身护驾"
GUARD, DECLINE = "护驾", "不护驾"
ATTACK = "武将杀伤技能"


def own_lord(state: Any, owner: str) -> str | None:
    """The living 君主 of the owner's country as it is now (「典韦被修改国籍的情形下，若该国君主受到攻击，也会……询问」)."""
    country = state.player(owner).country
    return next((p.id for p in sorted(state.living(), key=lambda p: p.id)
                 if p.country == country and p.identity == "君主" and p.id != owner), None)


def _guard_lord(game: Any, phase: Any, owner: str, skill: SkillData, landed: dict[str, list[Harm]],
                book: Any) -> None:
    """「经过结算和判定之后仍然要承受伤害」: a 武将杀伤 harm past every defence lands on his lord. He is told
    「君主受到攻击」 and asked (「可选择触发」, 「不护驾」 if he says nothing); guarding, the greatest such harm is
    stopped (one: 「抵御一次最大伤害的攻击」, the others still land) and he is wounded (R-choices-1)."""
    from tianting.core.state import PhaseKind
    from tianting.rules.sg24.game import same_word

    state = game.state
    if game.phase is not PhaseKind.NIGHT or not state.player(owner).alive:  # 「当夜……」
        return
    if state.player(owner).used.get(skill.name):  # 「抵御一次」: once a game, as 【过关斩将】 (R-review2a-1)
        return
    lord = own_lord(state, owner)
    if lord is None:
        return
    attacks = [h for h in landed.get(lord, []) if h.attribute == ATTACK and not h.forced]
    if not attacks:
        return
    phase.tell(owner, Feedback(skill.name, "君主受到攻击", lord))
    answer = book.choose(state.rng, owner, skill.name, [GUARD, DECLINE], same_word, default=DECLINE,
                         context=f"{lord}（君主）受到攻击：是否为其抵御一次最大伤害的攻击，自己受伤")
    if answer != GUARD:
        phase.note(f"{owner}【{skill.name}】：未为 {lord} 护驾")
        return
    greatest = max(attacks, key=lambda h: (h.lethal, h.level))
    landed[lord] = [h for h in landed[lord] if h is not greatest]
    limits.consume(phase, owner, skill.name)
    phase.stopped[id(greatest)] = f"被抵御：{owner}【{skill.name}】"
    landed.setdefault(owner, []).append(Harm(owner, Level.WOUND, skill.name, [owner], by=owner,
                                             attribute=skill.attribute or ""))
    phase.note(f"{owner}【{skill.name}】：为 {lord} 抵御{greatest.cause}，自己受伤")
    phase.tell(owner, Feedback(skill.name, f"你以【{skill.name}】为{lord}抵御了一次攻击，自己受伤", lord))


register(TINGSHEN, Code(
    "passive", no_target, _unused,
    "被动技能，非锁定技。本国君主受到的武将杀伤技能攻击经抵御之后仍要落在他身上时，天庭告知“君主受到攻击”，可以选择"
    "为其抵御一次伤害最大的攻击，自己受伤。只能触发一次。（武将保护技能）", after_defences=_guard_lord))
