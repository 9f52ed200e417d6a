"""KK規則3.3版 (seed file 000_b521fc75d9962f03.txt)."""

from __future__ import annotations

from tianting.rules.kk33.game import KK33Game, SeatSpec, roster
from tianting.rules.kk33.ruleset import RULESET, RuleSet

__all__ = ["RULESET", "KK33Game", "RuleSet", "SeatSpec", "roster"]
