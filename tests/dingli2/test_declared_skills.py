"""鼎立三分2.0's declared skills (issue 31): the 8.1 facts the 鼎立 pack shares with the 24人 pack run on 鼎立's
night (seed 003's order), each test citing the fact in our words."""

from __future__ import annotations

import pytest

from tianting.core.state import Status

from .table import Table, act, rule


def injured(t: Table, pid: str) -> bool:
    return t.state.player(pid).status is Status.INJURED


@pytest.mark.skill("亲冒矢石")
def test_qinmaoshishi_wounds_in_dingli_too() -> None:
    """曹操【亲冒矢石】: the id is wounded unless he has the 猛将 evaluation."""
    t = Table()
    r = t.night(act("曹操", "亲冒矢石", "郭嘉"))
    assert injured(t, "郭嘉")
    assert not any("亲冒矢石" in w for w in r.warnings if w.startswith("请天庭裁定"))


@pytest.mark.skill("水淹七军", "亲冒矢石")
def test_shuiyanqijun_before_the_uses_it_makes_fail() -> None:
    """关羽【水淹七军】 (结算前): every action of the id fails — seed 003 resolves the interfering skills first
    (「干扰技能的可以抵御干扰的技能都在行动使用判定阶段结算其效果」), so 曹操's 亲冒矢石 never lands."""
    t = Table()
    t.night(act("关羽", "水淹七军", "曹操"), act("曹操", "亲冒矢石", "郭嘉"))
    assert not injured(t, "郭嘉")


@pytest.mark.skill("马跃檀溪", "乱世枭雄")
def test_mayuetanxi_defends_liubei_once_in_dingli() -> None:
    """刘备【马跃檀溪】: one 武将杀伤 effect on him is stopped, once (曹操's 亲冒矢石)."""
    t = Table()
    t.night(act("曹操", "亲冒矢石", "刘备"))
    assert not injured(t, "刘备") and t.state.player("刘备").used.get("马跃檀溪") == 1


@pytest.mark.skill("蛮王助阵")
def test_manwangzhuzhen_removes_ganning_recognised() -> None:
    """黄忠【蛮王助阵】: naming 甘宁 rightly takes 甘宁 out of the game (no successor plays on)."""
    t = Table()
    t.night(rulings=(rule("kill", "关羽"),), answers=[{"actor": "关羽", "skill": "继任", "answer": "黄忠"}])
    t.day()
    assert t.character("关羽") == "黄忠"
    t.night(act("关羽", "指认", "甘宁", character="甘宁"))
    assert not t.state.player("甘宁").alive
