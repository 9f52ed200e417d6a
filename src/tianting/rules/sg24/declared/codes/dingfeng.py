"""丁奉【老当益壮】: once he has been on stage three full days, he may stab twice a night (R-wu-10)."""

from __future__ import annotations

from typing import Any

from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes._wu import no_target
from tianting.rules.sg24.declared.codes.sunce import _unused

DAYS = 3
"""「登场满三日后」."""
STABS = 2
"""「每夜可进行两次刺杀」."""


def days_on_stage(state: Any, pid: str) -> int:
    """The days played out since ``pid``'s present character came on stage (a day it came on in is not full)."""
    entered = state.extra.get("entered", {}).get(pid, -1)
    return sum(1 for h in state.history if h.get("phase") == "day" and h.get("index", -1) > entered)


def _stabs(game: Any, player: Any) -> int:
    return STABS if days_on_stage(game.state, player.id) >= DAYS else 1


register("老当益壮", Code(
    "passive", no_target, _unused,
    "被动技能。登场满三日后触发：每夜可以进行两次刺杀。（武将杀伤技能）", stabs=_stabs))
