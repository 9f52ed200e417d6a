"""The judge's rulings in the 24人 rules (game-script.md ``rulings``): the engine's table
(:mod:`tianting.engine.rulings`) of the common effects and ``defend``, which 鼎立 extends
(:data:`tianting.rules.dingli2.rulings.TABLE`).

- :data:`~tianting.engine.rulings.BEGIN`: ``spare`` (no harm but the judge's reaches the target this phase);
- :data:`~tianting.engine.rulings.HARM`: ``injure`` and ``kill``, harms that nothing spares or defends, summed
  with the phase's others (at night with the judge's reason in the cause: 「天庭裁定（…）」);
- :data:`~tianting.engine.rulings.SETTLE`: ``heal`` then ``tell``, in the judge's order.

``void`` (an action's index, a day's voter) and ``defend`` (a defence in play, seed 001's order) are read by
the game where its rule needs them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tianting.core import effects
from tianting.core.effects import RULING_EFFECTS
from tianting.core.records import Ruling
from tianting.engine.harm import Harm, Level
from tianting.engine.rulings import BEGIN, HARM, SETTLE, Entry, RulingTable

if TYPE_CHECKING:
    from tianting.rules.sg24.game import Phase, SG24Game


@dataclass
class Ruled:
    """What a ruling acts on: the game, the phase being resolved, and what the rulings add to it."""

    game: SG24Game
    phase: Phase
    night: bool
    harms: list[Harm] = field(default_factory=list)
    """The judge's harms, in his order (:data:`~tianting.engine.rulings.HARM`)."""
    events: list[str] = field(default_factory=list)
    """Lines for the night's 大事记 (鼎立's 三足鼎立)."""


def spare(c: Ruled, r: Ruling) -> None:
    if r.target:
        effects.protect(c.phase, r.target, r.why or "天庭裁定")


def harm(c: Ruled, r: Ruling) -> None:
    """The judge's harm stands (as KK 3.3's R44): ``forced``, nothing spares or defends it."""
    if r.target:
        cause = f"天庭裁定{r.why and '（' + r.why + '）'}" if c.night else "天庭裁定"
        c.harms.append(Harm(r.target, Level.WOUND if r.effect == "injure" else Level.KILL, cause, forced=True,
                            by=effects.JUDGE_SKILL))


def heal(c: Ruled, r: Ruling) -> None:
    if r.target and effects.heal(c.phase, r.target, f"脱离受伤：{(r.why if c.night else '') or '天庭裁定'}"):
        c.game.healed(r.target)


def tell(c: Ruled, r: Ruling) -> None:
    if r.target and r.text:
        effects.tell(c.phase, r.target, r.text)


TABLE: RulingTable[Ruled] = RulingTable((
    Entry("void", RULING_EFFECTS["void"]),
    Entry("spare", RULING_EFFECTS["spare"], BEGIN, spare),
    Entry("injure", RULING_EFFECTS["injure"], HARM, harm),
    Entry("kill", RULING_EFFECTS["kill"], HARM, harm),
    Entry("heal", RULING_EFFECTS["heal"], SETTLE, heal),
    Entry("tell", RULING_EFFECTS["tell"], SETTLE, tell, reads_text=True),
    Entry("defend", "抵御"),
    Entry("announce", RULING_EFFECTS["announce"], reads_text=True, targetless=True),  # the post's (core/judge_post.py)
))
"""The 24人 rules' ruling effects: core's, and ``defend`` (「结算时生效」's defence order, docs/rulings/sg24.md)."""
