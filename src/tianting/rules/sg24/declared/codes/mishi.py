"""糜氏【深明大义】 (R-choices-5): known to 赵云 and knowing him, she may kill herself (自杀) naming an id: if 赵云 is
alive and in a normal state that night, the id takes a wound of the 武将杀伤 attribute, and 赵云's other active skills
fail that night; and 【相夫教子】 (R-choices-7): the player of 刘备/刘禅 is favoured in every chance that night and the
next day."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tianting.core import pack_edition
from tianting.core.errors import IllegalAction
from tianting.core.records import Feedback
from tianting.core.state import Status
from tianting.engine.harm import Harm, Level
from tianting.rules.sg24 import texts
from tianting.rules.sg24.declared.bespoke import Code, at_night_start, register
from tianting.rules.sg24.declared.codes._wu import no_target
from tianting.rules.sg24.declared.codes.sunce import _unused
from tianting.rules.sg24.outcomes import DONE, FAILED
from tianting.rules.sg24.wounds import HEALED

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

NAME = "深明大义"
MISHI, ZHAOYUN = "糜氏", "赵云"
ATTACK = "武将杀伤技能"


def zhaoyun(state: Any) -> Any | None:
    """The living player of 赵云, or None."""
    return next((p for p in sorted(state.living(), key=lambda p: p.id) if p.character == ZHAOYUN), None)


def _check(game: Any, action: Action) -> None:
    """「当与赵云互识之后，可在某夜选择自杀时触发……可以指定1个ID」: a 自杀 naming one id, sent once she and 赵云's
    player know each other."""
    game._target(action)
    me, zy = game.state.player(action.actor), zhaoyun(game.state)
    if zy is None or zy.id not in me.known or me.id not in zy.known:
        raise IllegalAction(f"【{NAME}】须与赵云互识之后才能在自杀时指定ID", "not-yet")


def successor_acts(game: Any, player: Any, action: Action, mine: Sequence[Action]) -> bool:
    """24人 (R-choices-5): 「当夜黄月英仍可发动自己的技能」 — after her 自杀 naming an id (深明大义's), one action of her
    one successor is accepted, checked as the successor's (status normal); it resolves as hers, the suicide taking
    effect first. False (the rules' check then refuses it, R-SG19) for any other 自杀 or a second action."""
    from tianting.rules.sg24.game import SUICIDE, _norm

    if pack_edition.first(game.state) or len(mine) != 1 or _norm(mine[0].skill) != SUICIDE or not mine[0].targets:
        return False
    options = game.successor_options(player.id)
    if len(options) != 1 or player.character != MISHI:
        return False
    succ = game.pack.characters[options[0]]
    saved = (player.character, player.identity, list(player.skills), player.status, player.wounded_at)
    player.character, player.identity, player.skills = succ.name, succ.identity, [s.name for s in succ.skills]
    player.status, player.wounded_at = Status.ALIVE, None
    try:
        game.check_action(action, [])
    finally:
        player.character, player.identity, player.skills, player.status, player.wounded_at = saved
    return True


@at_night_start
def _sacrifice(r: Resolver) -> None:
    """Each 糜氏 who killed herself tonight naming an id (her 自杀 resolved at once, 立刻生效): 赵云 alive and not
    wounded, the id takes a wound of the 武将杀伤 attribute (met by the defences against it, summed with the night's
    harms), and 赵云's active skills of tonight fail (「赵云该夜不得发动其他主动技能」; his 指认 stand); she (her
    successor now) is told the skill went off. 赵云 gone or wounded: the suicide only."""
    from tianting.rules.sg24.game import GENERAL_ACTIONS, SUICIDE, _norm

    night = r.night
    state, phase = night.state, night.phase
    dead = {d.id for d in phase.deaths if d.cause == SUICIDE and d.character == MISHI}
    for a in sorted((a for a in night.actions if _norm(a.skill) == SUICIDE and a.targets and a.actor in dead),
                    key=lambda a: a.actor):
        target, zy = a.targets[0], zhaoyun(state)
        if zy is None or zy.injured:
            phase.note(f"{a.actor}【{NAME}】未触发：赵云当夜不在场或处于受伤状态")
            continue
        phase.note(f"{a.actor} 的【{NAME}】触发（{target}）：{target} 受到武将杀伤技能的致伤")
        phase.tell(a.actor, Feedback(NAME, texts.passive_triggered(NAME), target))
        if state.player(target).alive:
            r.pending_harms.append(Harm(target, Level.WOUND, NAME, [a.actor], by=a.actor, attribute=ATTACK))
        r._void(zy.id, a.actor, NAME, exempt=GENERAL_ACTIONS)


register(NAME, Code(
    "passive", no_target, _unused,
    "被动技能。与赵云互识之后，可以在某夜自杀时指定1个ID：若赵云当夜存活且状态正常，该ID受伤（视为武将杀伤技能），赵云"
    "当夜的主动技能失败；当夜继任的黄月英仍可行动。（军师增益技能）", suicide=_check))


XIANGFU = "相夫教子"
FAVOURED = "相夫教子"
"""``state.extra`` key: phase index → the ids 相夫教子 favours in that phase (the night of the use and the next day)."""
FAVOURED_TABLE = (HEALED,) * 10
"""A favoured 伤判: every digit heals (「自动达成……有益的结果」)."""
HUSBANDS = ("刘备", "刘禅")


def favoured(state: Any, pid: str) -> bool:
    """Whether 相夫教子 favours ``pid`` in the phase being played."""
    return pid in state.extra.get(FAVOURED, {}).get(str(state.index), [])


def _xiangfu(r: Resolver, a: Action, skill: SkillData) -> None:
    """「刘备/刘禅当夜和次日获得概率优待」: the living player of 刘备 (else 刘禅) is favoured tonight and the next day,
    from before the 结算前 uses (its timing): every chance the engine draws for him or aimed at him goes his way without a
    draw (R-choices-7). Neither in play: the use fails. Nobody is told (the favour shows only in what comes of it)."""
    night = r.night
    state = night.state
    husband = next((p.id for name in HUSBANDS for p in sorted(state.living(), key=lambda p: p.id)
                    if p.character == name), None)
    if husband is None:
        night.phase.note(f"{a.actor}【{skill.name}】：刘备/刘禅不在场，未起作用")
        night.phase.outcomes.settle(a, FAILED, "刘备/刘禅不在场")
        return
    marks = state.extra.setdefault(FAVOURED, {})
    for index in (state.index, state.index + 1):
        listed = marks.setdefault(str(index), [])
        if husband not in listed:
            listed.append(husband)
    night.phase.note(f"{a.actor}【{skill.name}】：{husband} 当夜和次日获得概率优待")
    night.phase.outcomes.settle(a, DONE)


register(XIANGFU, Code(
    "early", no_target, _xiangfu,
    "主动技能。刘备（不在场时为刘禅）当夜和次日获得概率优待：凡需要概率判定时，自动达成对其有益的结果（其伤判痊愈，其行动"
    "不受成功率减半影响，针对其的伤害、干扰的概率部分不发生，针对其的保护、治疗的概率部分发生）。（军师增益技能 结算前生效）"))
