"""「三倍的效果」 given for a later night (黄月英【诸葛连弩】, R-revival-6): the harms an id's skills of one attribute
deal that night each get two copies (:attr:`tianting.rules.sg24.game.Phase.echoes`): each copy takes a defence of its
own, the harm lands once (R-wu-2)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tianting.rules.sg24.declared.resolve import Resolver

KEY = "tripled"
TIMES = 3


def mark(r: Resolver, pid: str, attribute: str, why: str) -> None:
    """The next night, the harms of ``pid``'s skills of ``attribute`` have three times their effect."""
    state = r.night.state
    state.extra.setdefault(KEY, {}).setdefault(str(state.index + 2), []).append([pid, attribute, why])


def triple(r: Resolver) -> None:
    """This night's marks: each harm the marked id's skills of the attribute dealt gets its copies (before the
    immunities and defences meet them)."""
    night, phase = r.night, r.night.phase
    marks = night.state.extra.get(KEY, {}).pop(str(night.state.index), [])
    if KEY in night.state.extra and not night.state.extra[KEY]:
        night.state.extra.pop(KEY)
    for pid, attribute, why in sorted(marks):
        dealt = [h for h in night.harms if h.by == pid and h.attribute == attribute and id(h) not in phase.echoes
                 and not h.forced]
        for h in dealt:
            for _ in range(TIMES - 1):
                copy = replace(h, why=[*h.why, f"{why}三倍的效果"])
                night.harms.append(copy)
                phase.echoes[id(copy)] = id(h)
            phase.note(f"{pid} 的{h.cause}对 {h.target} 具有三倍的效果（{why}）")
