"""太史慈【匹马冲阵】: with his stab tonight, the stab has three times its effect (each copy takes a defence of its
own; the harm lands once, R-wu-2)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes._wu import no_target
from tianting.rules.sg24.outcomes import DONE, FAILED

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

TIMES = 3
"""「当夜刺杀将具有三倍的效果」."""


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """The owner's stab tonight, if it dealt a harm, gets two copies of that harm (:attr:`Phase.echoes`): a
    protection stops one copy, so three are needed to stop the stab. No stab of his tonight: the use fails."""
    night, phase = r.night, r.night.phase
    mine = [(dealt, s) for dealt, s in phase.stabs if s.actor == a.actor]
    if not mine:
        phase.note(f"{a.actor}【{skill.name}】：当夜没有生效的刺杀，未起作用")
        phase.outcomes.settle(a, FAILED, "当夜没有生效的刺杀")
        return
    for dealt, _ in mine:
        for _ in range(TIMES - 1):
            copy = replace(dealt, why=[*dealt.why, f"【{skill.name}】三倍的效果"])
            night.harms.append(copy)
            phase.echoes[id(copy)] = id(dealt)
        phase.note(f"{a.actor}【{skill.name}】：对 {dealt.target} 的刺杀具有三倍的效果")
    phase.outcomes.settle(a, DONE)


register("匹马冲阵", Code(
    "settle", no_target, _resolve,
    "主动技能。与自己当夜的刺杀同时使用：该刺杀具有三倍的效果，须抵御三次才能挡下（挡不完时只按一次刺杀结算）；"
    "当夜自己没有生效的刺杀时，本技能无效。（武将杀伤技能 结算时生效）"))
