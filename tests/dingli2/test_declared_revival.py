"""鼎立三分2.0: the 在野 skills of coming back, leaving for a while, or a state beyond wound and death, resolved by
the engine (陈寿, 祢衡, 汉献帝; 华佗's are the 24人 ones, R-SG31-7), each test stating the 8.1 fact in our words
(docs/rulings/packs-revival.md, R-revival-*)."""

from __future__ import annotations

import pytest

from tests.declared_steps import entry, successor
from tianting.core.errors import IllegalAction
from tianting.rules.dingli2 import DingliGame, SeatSpec

from .table import Table, act, seats

XUSHU_NIGHT3 = [{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}]
"""徐庶 dies naturally at night 3: his successor is chosen."""
ZHOUYU_NIGHT4 = [{"actor": "周瑜", "skill": "继任", "answer": "陆逊"}]
"""周瑜 dies naturally at night 4."""


def table(*unaligned: str, ex: bool = False) -> Table:
    """A 26-player table whose three 在野 are ``unaligned``, 汉少帝 with ``ex``."""
    t = Table(ex=ex)
    specs = seats(ex=ex)
    countries = [s for s in specs if s.country != "在野"]
    emperor = [s for s in specs if s.character == "汉少帝"]
    t.game = DingliGame.create(countries + [SeatSpec(n, "在野", "平民", n) for n in unaligned] + emperor, 1)
    return t


# ---- 陈寿【直笔修史】 --------------------------------------------------------------------------------------------
@pytest.mark.skill("直笔修史")
def test_zhibixiushi_tells_a_characters_actions_before_tonight() -> None:
    """陈寿【直笔修史】: naming a character, he learns its record of actions before tonight. 刘备's 指认 of night 1 is
    told; 庞统, stabbed to death on night 1 (法正 plays on), can be named: his own actions only, not 法正's
    (R-revival-9)."""
    t = table("陈琳", "华佗", "吕布")
    t.night(act("张辽", "刺杀", "庞统"), act("刘备", "指认", "关羽", character="关羽"), act("庞统", "指认", "张飞",
                                                                                      character="张飞"))
    t.day()
    successor(t, "陈琳")
    assert t.character("陈琳") == "陈寿" and t.character("庞统") == "法正"
    t.night(act("陈琳", "直笔修史", character="刘备"), act("庞统", "指认", "夏侯渊", character="夏侯渊"),
            answers=XUSHU_NIGHT3)
    assert t.said("陈琳") == ["【直笔修史】刘备此夜之前的行动记录：第1夜 刘备【指认】→关羽（character：关羽）"]
    assert entry(t, "陈琳", "直笔修史")["state"] == "done"
    t.day()
    t.night(act("陈琳", "直笔修史", character="庞统"), answers=ZHOUYU_NIGHT4)
    assert t.said("陈琳") == ["【直笔修史】庞统此夜之前的行动记录：第1夜 庞统【指认】→张飞（character：张飞）"]


@pytest.mark.skill("直笔修史")
def test_zhibixiushi_three_uses_and_a_character_name() -> None:
    """陈寿【直笔修史】: three uses; it names a character, not an id; a character with no record: 「无」."""
    t = table("陈琳", "华佗", "吕布")
    successor(t, "陈琳")
    with pytest.raises(IllegalAction):
        t.night(act("陈琳", "直笔修史", "曹操"))
    t.night(act("陈琳", "直笔修史", character="曹操"))
    assert t.said("陈琳") == ["【直笔修史】曹操此夜之前的行动记录：无"]
    t.day()
    t.night(act("陈琳", "直笔修史", character="曹操"), answers=XUSHU_NIGHT3)
    t.day()
    t.night(act("陈琳", "直笔修史", character="曹操"), answers=ZHOUYU_NIGHT4)
    t.day()
    with pytest.raises(IllegalAction):
        t.night(act("陈琳", "直笔修史", character="曹操"))
