"""The judge's rulings in 鼎立三分2.0 (game-script.md, ``dingli2``): the 24人 table
(:data:`tianting.rules.sg24.rulings.TABLE`) extended by seed 003's own effects, one entry each
(docs/rulings/dingli2.md).

Applied by the table, at :data:`~tianting.engine.rulings.SETTLE` in the judge's order with ``heal`` and
``tell``: ``formation`` (三足鼎立格局达成, once a game, in the night's 大事记), ``remove`` (the id leaves the game
without a death) and ``restore`` (it comes back). Read by the game where its rule needs them: ``lessen`` /
``deepen`` (the sum of a target's harms, D-H2), ``join`` (联盟入国, with the night's joining), ``hidden_vote``
(暗票, with the ballot) and ``contest`` (拼点, drawn in the order of their ids, D-R4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tianting.core.records import Ruling
from tianting.engine.rulings import SETTLE, Entry, RulingTable
from tianting.rules.sg24.rulings import TABLE as SG24_TABLE
from tianting.rules.sg24.rulings import Ruled

if TYPE_CHECKING:
    from tianting.rules.dingli2.game import DingliGame


def _game(c: Ruled) -> DingliGame:
    return c.game  # type: ignore[return-value]


def formation(c: Ruled, r: Ruling) -> None:
    """「三足鼎立格局达成」: once a game, by night (the check refuses it by day and once formed)."""
    extra = c.game.state.extra
    if c.night and not extra["formed"]:
        extra["formed"] = True
        c.phase.note(f"三足鼎立格局达成：{r.why or '天庭裁定'}")
        c.events.append("三足鼎立格局达成")


def remove(c: Ruled, r: Ruling) -> None:
    if r.target:
        _game(c).remove(c.phase, r.target, r.why or "天庭裁定")


def restore(c: Ruled, r: Ruling) -> None:
    if r.target:
        _game(c).restore(c.phase, r.target, r.why or "天庭裁定")


TABLE: RulingTable[Ruled] = SG24_TABLE.extend(
    Entry("lessen", "伤害减轻"),
    Entry("deepen", "伤害加深"),
    Entry("join", "联盟入国", reads_text=True),
    Entry("formation", "三足鼎立", SETTLE, formation, targetless=True),
    Entry("hidden_vote", "暗票", reads_text=True),
    Entry("contest", "拼点", reads_text=True, targetless=True),
    Entry("remove", "暂时离开游戏", SETTLE, remove),
    Entry("restore", "回到游戏", SETTLE, restore),
)
"""鼎立's ruling effects: core's, sg24's ``defend``, and seed 003's own."""


def shifts(rulings: list[Ruling] | tuple[Ruling, ...]) -> tuple[dict[str, int], dict[str, int]]:
    """Each target's 减轻 and 加深 rulings, counted (one step each)."""
    lessen: dict[str, int] = {}
    deepen: dict[str, int] = {}
    for r in rulings:
        if r.effect == "lessen" and r.target:
            lessen[r.target] = lessen.get(r.target, 0) + 1
        elif r.effect == "deepen" and r.target:
            deepen[r.target] = deepen.get(r.target, 0) + 1
    return lessen, deepen
