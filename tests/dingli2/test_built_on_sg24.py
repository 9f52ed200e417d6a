"""鼎立三分2.0 is built on the 24人 rules by declaring what seed 003 changes (issue 30, 3: 「鼎立 extends 24人 by
declaring what differs, with no method copied」), and both rule sets' phases walk seed 001's stages in order
(「根据技能发动及生效时间将技能类型分为：立刻生效、预结算前生效、全局技能、结算前生效、结算时生效、结算后生效。发动及生效的
优先度由前往后递减。」)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tianting.rules.dingli2.day import DingliDay
from tianting.rules.dingli2.game import DingliGame
from tianting.rules.dingli2.night import DingliNight
from tianting.rules.sg24 import seats
from tianting.rules.sg24.day import STAGES as DAY_STAGES
from tianting.rules.sg24.day import Day
from tianting.rules.sg24.game import SeatSpec, SG24Game
from tianting.rules.sg24.night import STAGES, Night


def test_dingli_declares_its_steps_and_copies_no_resolution() -> None:
    for name in ("resolve_night", "resolve_day", "_apply_harms", "_harms_left", "_finish"):
        assert name not in vars(DingliGame), f"DingliGame copies SG24Game.{name}"
    assert issubclass(DingliNight, Night) and issubclass(DingliDay, Day)
    assert DingliGame.night_class is DingliNight and DingliGame.day_class is DingliDay
    assert "resolve" not in vars(DingliNight) and "resolve" not in vars(DingliDay)
    base = SG24Game.rulings.effects()
    assert DingliGame.rulings.effects()[:len(base)] == base


def test_a_night_and_a_day_walk_the_seeds_stages_in_order() -> None:
    """The night's steps run 立刻生效 → 预结算前 → 全局 → 结算前 → 结算时 (three stages) → 结算后, then the post; the
    day's 白天受伤判定 → the uses → 白天行动投票 → the harms → the settling."""
    walked: list[str] = []

    def recording(cls: type, stages: tuple[str, ...]) -> type:
        def step(stage: str) -> Callable[[Any], None]:
            inherited = getattr(cls, f"after_{stage}", None)

            def run(self: Any) -> None:
                walked.append(stage)
                if inherited is not None:
                    inherited(self)
            return run
        return type(f"Recording{cls.__name__}", (cls,), {f"after_{s}": step(s) for s in stages})

    game = SG24Game.create([SeatSpec(ch, c, i, ch) for c, i, ch in seats()], 1)
    game.night_class = recording(Night, STAGES)
    game.day_class = recording(Day, DAY_STAGES)
    game.resolve_night([])
    assert walked == list(STAGES)
    walked.clear()
    game.resolve_day({})
    assert walked == list(DAY_STAGES)
