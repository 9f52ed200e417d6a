"""The order of resolution (seed 001, 结算流程) and the defence order of 结算时生效.

「发动及生效的优先度由前往后递减」: the six timing classes in :data:`~.pack.TIMINGS` order.
「同一个角色受到多个武将杀伤技能作用但只能抵御一次或同一个武将杀伤技能有多个技能可以抵御时，按如下顺序结算：
(1)优先抵御造成最大伤害的技能。(2)造成同样伤害的技能按如下顺序抵御：本人主动>他人主动>本人被动>他人被动。(3)拼点决定。」
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tianting.core.rng import GameRandom
from tianting.rules.sg24.pack import TIMINGS

DEATH, WOUND = 2, 1
"""Harm sizes: 致死 is a greater harm than 致伤."""


def timing_rank(timing: str | None) -> int:
    """Earlier classes resolve first; a skill with no class given resolves with 结算时生效 (most skills)."""
    return TIMINGS.index(timing) if timing in TIMINGS else TIMINGS.index("结算时生效")


@dataclass(frozen=True)
class Harm:
    """One harm aimed at a player: its size (DEATH or WOUND) and where it comes from."""

    target: str
    size: int
    source: str
    """The actor's id (or 天庭)."""
    what: str
    """What harms (刺杀, 投票, a skill's name)."""


@dataclass(frozen=True)
class Defence:
    """A defence that can stop one harm to ``target``: whose (``owner``), active or passive, named."""

    target: str
    owner: str
    active: bool
    name: str

    def rank(self) -> int:
        """本人主动 0 > 他人主动 1 > 本人被动 2 > 他人被动 3."""
        own = self.owner == self.target
        return (0 if own else 1) if self.active else (2 if own else 3)


def _contest(rng: GameRandom, purpose: str, tied: Sequence[str]) -> str:
    """拼点: one of the tied, drawn with the game's generator (recorded)."""
    return tied[0] if len(tied) == 1 else rng.pick(f"拼点 {purpose}", list(tied))


def harm_to_defend(rng: GameRandom, harms: Sequence[Harm]) -> Harm:
    """Which harm a single defence stops: the greatest; among equals, 拼点."""
    top = max(h.size for h in harms)
    tied = sorted((h for h in harms if h.size == top), key=lambda h: (h.source, h.what))
    label = {f"{h.source}:{h.what}": h for h in tied}
    return label[_contest(rng, f"抵御 {harms[0].target}", list(label))]


def defence_to_use(rng: GameRandom, defences: Sequence[Defence]) -> Defence:
    """Which of several defences stops a harm: by 本人主动>他人主动>本人被动>他人被动, then 拼点."""
    best = min(d.rank() for d in defences)
    tied = sorted((d for d in defences if d.rank() == best), key=lambda d: (d.owner, d.name))
    label = {f"{d.owner}:{d.name}": d for d in tied}
    return label[_contest(rng, f"防御 {defences[0].target}", list(label))]
