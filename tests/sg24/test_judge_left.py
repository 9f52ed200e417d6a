"""The three pack skills the engine leaves to the judge (issue 31: 「a skill left to the judge only where neither the
8.1 text nor the seeds say what happens, with the reason in the pack」), each pinned: the pack names it the judge's
with its reason, and the night tells the judge to watch for it (a passive) or asks him to rule it (an active)."""

from __future__ import annotations

import pytest

from tests.declared_steps import successor
from tests.dingli2.table import act as dingli_act
from tests.dingli2.test_declared_dlqun2 import succeed, table
from tianting.rules.sg24.declared.schema import Judged
from tianting.rules.sg24.testing import Table24


@pytest.mark.skill("北海解围")
def test_beihaijiewei_is_the_judges_and_he_is_told_to_watch_for_it() -> None:
    """太史慈【北海解围】 adds a target to 孔融【君子让梨】, a character the 24人 pack does not hold (R-choices-9): the pack
    leaves it to the judge with that reason, and each night's passive notices name it while 太史慈 plays."""
    t = Table24()
    data = t.game.pack.skill("太史慈", "北海解围")
    assert isinstance(data.effect, Judged) and "孔融" in data.effect.why
    assert any("【北海解围】由天庭裁定" in w for w in t.game.passive_warnings())


@pytest.mark.skill("奋敌护主")
def test_fendihuzhu_is_the_judges_and_he_is_told_to_watch_for_it() -> None:
    """蒋钦【奋敌护主】 hangs on 甘宁/凌统【百骑劫营】, characters the 24人 pack does not hold (R-choices-9): the pack leaves
    it to the judge, and once 蒋钦 plays (太史慈's successor) the passive notices name it."""
    t = Table24()
    data = t.game.pack.skill("蒋钦", "奋敌护主")
    assert isinstance(data.effect, Judged) and ("甘宁" in data.effect.why or "凌统" in data.effect.why)
    successor(t, "太史慈", "蒋钦")
    assert t.character("太史慈") == "蒋钦"
    assert any("【奋敌护主】由天庭裁定" in w for w in t.game.passive_warnings())


@pytest.mark.skill("人遁")
def test_rendun_is_the_judges_and_the_draft_asks_him_with_its_rank() -> None:
    """左慈【人遁】 turns every action aimed at one of two ids onto the other (R-zaiyeb-14), which the engine cannot say:
    the pack leaves it to the judge, and the draft asks him to rule it with seed 003's interference rank (5)."""
    t = table("于吉", "王允", "孔融")
    succeed(t, "于吉")
    assert t.character("于吉") == "左慈"
    data = t.game.pack.skill("左慈", "人遁")
    assert isinstance(data.effect, Judged)
    r = t.night(dingli_act("于吉", "人遁", "曹操", "刘备"))
    asks = [w for w in r.warnings if w.startswith("请天庭裁定") and "人遁" in w]
    assert len(asks) == 1 and "优先级5" in asks[0]
