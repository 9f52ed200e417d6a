"""Damage in KK 3.3: the shared terms 致傷, 致死, 致命一擊, 傷害減輕, 加深, 退出歷史舞台.

A :class:`Harm` is one damaging effect aimed at one player. It passes
through ordered windows, as the rules' conflict rule asks (免疫傷害類效果
優先於造成傷害類效果):

1. *modify*: 傷害減輕 (kill → wound → nothing) and 加深 (wound → kill);
2. *prevent*: immunities (防止致傷/致死, 不會受傷, 不會死亡);
3. *apply*: a wound on a player already wounded is a death.

退出歷史舞台 (removal) skips both windows: 不能被減輕和防止死亡的效果減免.
Character skills add modifiers and preventions; this module owns the order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum


class Level(IntEnum):
    NONE = 0
    WOUND = 1  # 致傷
    KILL = 2  # 致死


_WOUND, _KILL = Level.WOUND, Level.KILL
"""Read once (reading enum members off their class is slow)."""


@dataclass
class Harm:
    target: str
    level: Level
    cause: str
    """The skill that deals it (刺殺, 援護 …)."""
    sources: list[str] = field(default_factory=list)
    """The ids behind it (several for merged 刺殺: every 兇手)."""
    removal: bool = False
    why: list[str] = field(default_factory=list)
    forced: bool = False
    """The judge's own harm (a ruling): nothing lessens, deepens or prevents it."""
    base: Level = field(init=False)
    """The level the harm was dealt at, before any 減輕 or 加深."""

    def __post_init__(self) -> None:
        self.base = self.level

    @property
    def lethal(self) -> bool:
        """A harm that kills by itself (致死, 退出歷史舞台)."""
        return self.removal or self.level is _KILL

    def fatal(self, injured: bool) -> bool:
        """致命一擊: the harm would kill its target — a kill, or a wound on one already wounded."""
        return self.lethal or (self.level is _WOUND and injured)

    @property
    def wounding(self) -> bool:
        """A wound, or dealt as one: what 「不會受傷」 stops (免疫傷害類效果優先, even over 毒士's 加深)."""
        return not self.removal and Level.WOUND in (self.level, self.base)

    def reduce(self, reason: str) -> None:
        if self.removal or self.level is Level.NONE:
            return
        self.level = Level(self.level - 1)
        self.why.append(f"傷害減輕：{reason}")

    def deepen(self, reason: str) -> None:
        if self.level is Level.WOUND:
            self.level = Level.KILL
            self.why.append(f"傷害加深：{reason}")
