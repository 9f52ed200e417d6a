"""The stab between two of one side: KK 3.3's 「刺殺同國或同盟角色，一半概率失效」 and seed 001's 「刺杀到本国君主时，刺杀
无效。刺杀到本国时，刺杀致死一半概率减轻为致伤。非杀手因技能发动的刺杀不会有同国判定。」

Both rule sets decide it by one half chance, drawn from the game's generator and recorded by its purpose; what the
chance does is the rule set's (:class:`SameSide`): the stab fails (KK 3.3), or its 致死 is lessened to 致伤 (24人),
and the 24人 rules void outright a stab on one's own 君主.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from tianting.core.rng import GameRandom


class Verdict(Enum):
    OTHER = "other"
    """Not of one side: the stab is as any other."""
    HOLDS = "holds"
    """Of one side, and the chance left it whole."""
    VOID = "void"
    """Of one side, and it has no effect (the chance, or the 24人 rules' own 君主)."""
    LESSENED = "lessened"
    """Of one side, and its 致死 is lessened to 致伤."""


@dataclass(frozen=True)
class SameSide:
    """A rule set's stab between two of one side."""

    lessens: bool
    """The chance lessens the harm (24人) rather than voiding the stab (KK 3.3)."""
    lord_immune: bool
    """A stab on one's own 君主 has no effect (24人)."""
    purpose: Callable[[str, str, str], str]
    """The draw's purpose from (killer, target, relation): e.g. 「刺殺同國失效判定 A→B」."""
    chance: Fraction = Fraction(1, 2)

    def judge(self, rng: GameRandom, killer: str, target: str, relation: str | None,
              target_is_lord: bool = False) -> Verdict:
        """``relation``: 「同國」/「同盟」/「本国」… when killer and target are of one side, else None."""
        if relation is None:
            return Verdict.OTHER
        if self.lord_immune and target_is_lord:
            return Verdict.VOID
        if rng.chance(self.purpose(killer, target, relation), self.chance):
            return Verdict.LESSENED if self.lessens else Verdict.VOID
        return Verdict.HOLDS
