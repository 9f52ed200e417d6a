"""The order of resolution (seed 001, 结算流程) and, from :mod:`tianting.engine.harm`, the defence order of
结算时生效.

「发动及生效的优先度由前往后递减」: the six timing classes in :data:`~.pack.TIMINGS` order.
The harms, defences and the defence order (「(1)优先抵御造成最大伤害的技能。(2)……本人主动>他人主动>本人被动>他人被动。
(3)拼点决定。」) are the engine's (:mod:`tianting.engine.harm`), shared with KK 3.3.
"""

from __future__ import annotations

from tianting.engine.harm import Defence, Harm, Level, defence_to_use, harm_to_defend
from tianting.engine.order import Bands
from tianting.rules.sg24.pack import TIMINGS

DEATH, WOUND = Level.KILL, Level.WOUND
"""Harm levels: 致死 is a greater harm than 致伤."""

__all__ = ["DEATH", "TIMING_BANDS", "WOUND", "Defence", "Harm", "defence_to_use", "harm_to_defend", "timing_rank"]


TIMING_BANDS = Bands(TIMINGS, "结算时生效")
"""Seed 001's six timing classes as the engine's priority bands (:mod:`tianting.engine.order`)."""


def timing_rank(timing: str | None) -> int:
    """Earlier classes resolve first; a skill with no class given resolves with 结算时生效 (most skills)."""
    return TIMING_BANDS.rank(timing)
