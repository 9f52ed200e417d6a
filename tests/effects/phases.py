"""The least phase the effects that tell and note need (tests/effects): a state of one player, a trace, feedback."""

from __future__ import annotations

from typing import Any

from tianting.core.rng import GameRandom
from tianting.core.state import GameState, Player


class Telling:
    def __init__(self, player: Player, index: int = 0) -> None:
        self.state = GameState("test", 1, GameRandom(1), {player.id: player}, index=index)
        self.feedback: dict[str, list[Any]] = {}
        self.trace: list[str] = []

    def note(self, text: str) -> None:
        self.trace.append(text)

    def tell(self, pid: str, item: Any) -> None:
        self.feedback.setdefault(pid, []).append(item)
