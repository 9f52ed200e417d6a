"""鼎立三分2.0: the skills a player uses though they are not his character's own (蔡琰【名门闺秀】, 汉少帝's granted
skills …), through the one mechanism of src/tianting/rules/sg24/declared/learned.py; each test states the 8.1 fact in
our words (docs/rulings/packs-learning.md)."""

from __future__ import annotations

import pytest

from tianting.rules.dingli2 import DingliGame, SeatSpec

from .table import Table, rule, seats


def table(*unaligned: str, ex: bool = False) -> Table:
    """A 26-player table whose three 在野 are ``unaligned``, 汉少帝 with ``ex``."""
    t = Table(ex=ex)
    specs = seats(ex=ex)
    countries = [s for s in specs if s.country != "在野"]
    emperor = [s for s in specs if s.character == "汉少帝"]
    t.game = DingliGame.create(countries + [SeatSpec(n, "在野", "平民", n) for n in unaligned] + emperor, 1)
    return t


XUSHU = [{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}]
"""徐庶 dies of himself at the third night's resolution (8.1): who plays on."""


# ---- 蔡琰 ---------------------------------------------------------------------------------------------------------
@pytest.mark.skill("名门闺秀")
def test_mingmenguixiu_learns_from_caiyong_once_they_know_each_other() -> None:
    """蔡琰【名门闺秀】: once she and 蔡邕 know each other (卞氏 played on as 蔡琰, 王允 as 蔡邕), she learns one active
    skill of those 蔡邕 holds, drawn at random over them in a canonical order; then it is spent."""
    t = table("王允", "董卓", "于吉")
    t.night(rulings=(rule("kill", "卞氏"), rule("kill", "王允")),
            answers=[{"actor": "卞氏", "skill": "继任", "answer": "蔡琰"}])
    t.day()
    assert t.character("卞氏") == "蔡琰" and t.character("王允") == "蔡邕"
    t.night()
    assert not t.state.player("卞氏").used.get("名门闺秀")  # they do not know each other yet
    t.day()
    t.state.player("卞氏").known["王允"] = "蔡邕"  # 互识, as after both found each other
    t.state.player("王允").known["卞氏"] = "蔡琰"
    t.force("【名门闺秀】学习 卞氏", "蔡邕【笔走龙蛇】")
    t.night(answers=XUSHU)
    assert "笔走龙蛇" in t.state.player("卞氏").skills
    assert t.state.player("卞氏").used.get("名门闺秀") == 1
    assert any("你獲得技能【笔走龙蛇】" in s for s in t.said("卞氏"))
    t.check_unused()
