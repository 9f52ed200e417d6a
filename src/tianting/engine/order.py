"""The order of resolution as named priority bands: a rule set's classes of timing, earliest first, each named as
its rules name it, with the band a use of no class (or an unknown one) falls in.

Seed 001: 「根据技能发动及生效时间将技能类型分为：立刻生效、预结算前生效、全局技能、结算前生效、结算时生效、结算后生效。
发动及生效的优先度由前往后递减。」 鼎立 names its own (「即时生效」 …).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Bands:
    """Named priority bands, earliest first."""

    names: tuple[str, ...]
    default: str
    """The band of a use whose class is not given (most skills: 结算时生效)."""

    def __post_init__(self) -> None:
        if self.default not in self.names:
            raise ValueError(f"the default band {self.default!r} is not one of {self.names}")

    def rank(self, name: str | None) -> int:
        """The band's place (0: first to resolve); a name not among the bands takes the default's."""
        return self.names.index(name) if name in self.names else self.names.index(self.default)
