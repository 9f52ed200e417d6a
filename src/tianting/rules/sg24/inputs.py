"""The 24人 rules' phase input: a wounded player's 傷判 digit by day (R-SG12: the player may give it, else it is
drawn), declared for hosting and the server (:class:`tianting.rules.interface.PhaseInput`).

Seed 001: 「白天受伤伤判阶段」; the digit goes to the day's ``digits`` (game-script.md), ``{player: digit}``.
The texts are Traditional, as hosting's refusals are; a page shows them in the rule set's script.
"""

from __future__ import annotations

from typing import Any

from tianting.rules.interface import InputTexts, MessageReader, Owed, PhaseInput, PhaseSpot
from tianting.rules.words import words

WOUND_TEXTS = InputTexts(**words("tianting.rules.sg24", "inputs", "wound"))


def wound_input(game: Any, spot: PhaseSpot) -> list[PhaseInput]:
    """By day, the 傷判 digit each living wounded player may give while the day is open (and, once it is drafted,
    who did not: the engine drew in their stead)."""
    if spot.kind != "day":
        return []
    players = game.state.players.values() if game is not None else ()
    owed = tuple(Owed(p.id) for p in players if p.alive and getattr(p, "injured", False))
    return [PhaseInput(
        name="wound", stage="open", owed=owed, label="傷判數字", heading="傷判",
        help="你今天要進行傷判：可以給出一個數字（0至9），天庭以它查看事先隨機排好的傷判表；不給則由系統隨機抽取。",
        item="數字", reader=MessageReader(word="傷判", clause=True, ordinals=False), texts=WOUND_TEXTS,
        view_key="wound_check")]
