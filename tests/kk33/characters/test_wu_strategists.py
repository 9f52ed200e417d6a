"""Scenario tests for 周瑜, 魯肅 (three forms), 張昭, 呂蒙 and 陸遜 (⊙吳國篇 · 軍師), KK規則3.3版.

Each test quotes the sentence of 000_b521fc75d9962f03.txt it checks. The default table
seats 周瑜 as 吳正軍師 and 聯盟的締造者·魯肅 as 吳副軍師; the others are seated where a test
needs them. 郭嘉 (先知 stops 周瑜's 火燒赤壁) sits at 魏正軍師 by default, so the 火燒赤壁
tests seat 賈詡 there instead.
"""

from __future__ import annotations

from typing import Any

import pytest

from tianting.core.errors import IllegalAction
from tianting.core.state import Alliance
from tianting.testing import Table

ZHOU, LU = "吳正軍師", "吳副軍師"
LIANG, PANG, GUAN, LIUBEI = "蜀正軍師", "蜀副軍師", "蜀殺手甲", "蜀君主"
CAO = "魏君主"


def no_guo(**kw: Any) -> Table:
    """周瑜 without 郭嘉 across the table (先知 would stop 火燒赤壁)."""
    characters = {"魏正軍師": "賈詡", **kw.pop("characters", {})}
    return Table(characters=characters, **kw)


def ally(t: Table, a: str = "蜀", b: str = "吳", start: int | None = None, end: int | None = None) -> None:
    """An alliance in force from now on (as if made on an earlier night)."""
    now = t.state.index
    t.state.alliances.append(Alliance((a, b), now - 1 if start is None else start, now + 4 if end is None else end))


# ---- 聰慧 ------------------------------------------------------------------------
@pytest.mark.skill("聰慧")
def test_conghui_investigation_tells_the_identity():
    """聰慧：*被*你發動【明察】時可以直接獲悉目標的身份（身份包括君主、正軍師、副軍師、殺手、護衛、女眷、黃巾首領）。"""
    t = Table()
    t.night(t.act(ZHOU, "明察", "蜀副軍師"))
    fb = t.only_feedback(ZHOU, "明察")
    assert fb.data == {"is_killer": False, "identity": "副軍師"}
    assert fb.text == "【明察】蜀副軍師的身份：副軍師。"
    t.day()
    t.night(t.act(ZHOU, "明察", "魏殺手乙"))
    assert t.only_feedback(ZHOU, "明察").data == {"is_killer": True, "identity": "殺手"}


@pytest.mark.skill("聰慧")
def test_conghui_only_his_own_investigation_and_not_when_it_fails():
    """「你發動【明察】時」: another 正軍師's 明察 still says only 是/不是殺手; a 明察 that fails (受傷) tells nothing."""
    t = Table()
    t.wound(ZHOU).fail(ZHOU, "明察")
    t.night(t.act(ZHOU, "明察", "蜀副軍師"), t.act("魏正軍師", "明察", "蜀副軍師"))
    assert t.only_feedback(ZHOU, "明察").data == {"failed": True}
    assert t.only_feedback("魏正軍師", "明察").data == {"is_killer": False}


# ---- 英才早逝 --------------------------------------------------------------------
@pytest.mark.skill("英才早逝")
def test_yingcai_zaoshi_death_gives_reveal_country():
    """英才早逝：*被*當你死亡時，你指定一個ID，令其有一半概率獲得技能【去偽存真】…
    被動的限定技能消耗時…會收到相關反饋。"""
    t = Table()
    t.decide(ZHOU, "英才早逝", "吳護衛").force(f"英才早逝 {ZHOU}→吳護衛", True)
    t.night(t.act("魏殺手甲", "刺殺", ZHOU))
    assert t.status(ZHOU) == "out"
    assert t.player("吳護衛").skills[-1] == "去偽存真"
    assert t.only_feedback("吳護衛", "英才早逝").data == {"gained": "去偽存真"}
    assert [f.data for f in t.feedback(ZHOU, "英才早逝")] == [{"consumed": "英才早逝"}, {"chosen": "吳護衛"}]
    t.day()
    t.night(t.act("吳護衛", "去偽存真", "魏女眷"))  # the gained skill works (once: a limited skill)
    assert t.only_feedback("吳護衛", "去偽存真").data == {"country": "魏"}
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("吳護衛", "去偽存真", "蜀女眷"))


@pytest.mark.skill("英才早逝")
def test_yingcai_zaoshi_other_half_gives_fanjian_any_country():
    """…另一半概率獲得技能【巧設反間】 — the id may be of any country."""
    t = Table()
    t.decide(ZHOU, "英才早逝", "蜀護衛").force(f"英才早逝 {ZHOU}→蜀護衛", False)
    t.night(t.act("魏殺手甲", "刺殺", ZHOU))
    assert "巧設反間" in t.player("蜀護衛").skills
    assert t.only_feedback("蜀護衛", "英才早逝").data == {"gained": "巧設反間"}


@pytest.mark.skill("英才早逝")
def test_yingcai_zaoshi_not_on_other_deaths():
    """「當你死亡時」: another's death sets off nothing (the strict table would fail on an unasked choice)."""
    t = Table()
    t.night(t.act("魏殺手甲", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "out"
    assert t.feedback(ZHOU, "英才早逝") == [] and t.player(ZHOU).used == {}


# ---- 火燒赤壁 --------------------------------------------------------------------
@pytest.mark.skill("火燒赤壁")
def test_huoshao_fails_without_the_wu_shu_alliance():
    """火燒赤壁：*全*若吳蜀不處於聯盟狀態則發動失敗。 (失敗: told, not used up; no halving.)"""
    t = no_guo()
    t.night(t.act(ZHOU, "火燒赤壁"), t.act("魏女眷", "亂花", "吳君主", "蜀護衛"))
    assert t.only_feedback(ZHOU, "火燒赤壁").data == {"failed": True}
    assert t.player(ZHOU).used == {}
    assert t.drew("成功判定 魏女眷") == []


@pytest.mark.skill("火燒赤壁")
def test_huoshao_after_lianliu_halves_wei_and_recognises_zhuge_liang():
    """「聯盟從使用達成聯盟的角色技能的後一天白天開始生效」: 聯劉抗曹 on night 1 makes 吳蜀; on night 2
    火燒赤壁 goes off: 所有魏國角色的行動成功率減半。若諸葛亮在場，你與其互識。"""
    t = no_guo()
    t.night(t.act(LU, "聯劉抗曹"))
    assert t.announced("alliances")[0]["countries"] == ["蜀", "吳"]
    t.day()
    t.force("成功判定 魏女眷【亂花】", False)
    t.night(t.act(ZHOU, "火燒赤壁"), t.act("魏女眷", "亂花", "吳君主", "蜀護衛"))
    assert [d["options"][0] for d in t.drew("成功判定 魏女眷")] == ["是:1/2"]
    assert t.only_feedback("魏女眷", "亂花").data == {"failed": True}
    assert t.player(ZHOU).used == {"火燒赤壁": 1}
    assert t.player(ZHOU).known[LIANG] == t.player(LIANG).character
    assert t.player(LIANG).known[ZHOU] == "周瑜"
    assert t.feedback(ZHOU, "火燒赤壁") == []
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act(ZHOU, "火燒赤壁"))


@pytest.mark.skill("火燒赤壁")
def test_huoshao_halves_a_wei_stab():
    """所有魏國角色的行動成功率減半 — 刺殺 included; other countries untouched."""
    t = no_guo()
    ally(t)
    t.force("成功判定 魏殺手甲【刺殺】", False)
    t.night(t.act(ZHOU, "火燒赤壁"), t.act("魏殺手甲", "刺殺", "吳女眷"), t.act("蜀女眷", "亂花", "吳君主", "蜀護衛"))
    assert t.status("吳女眷") == "alive"
    assert t.drew("成功判定 蜀女眷") == []


@pytest.mark.skill("火燒赤壁")
def test_huoshao_pang_tong_chain_stabs_a_random_wei():
    """若龐統在場且【連環】的兩端均不為假連環狀態，視為你對魏國隨機一人發動了一次【刺殺】。"""
    t = no_guo()
    ally(t)
    t.state.extra["連環"] = {PANG: ["魏護衛", "吳女眷"]}
    t.force(f"火燒赤壁 {ZHOU} 刺殺魏國隨機一人", "魏女眷")
    t.night(t.act(ZHOU, "火燒赤壁"))
    assert t.status("魏女眷") == "out"
    assert t.traced("火燒赤壁（龐統連環）")


@pytest.mark.skill("火燒赤壁")
def test_huoshao_no_stab_when_a_chain_end_is_false_or_pang_is_gone():
    """「兩端均不為假連環狀態」: an end out of the game is a 假連環 — no 刺殺; nor without 龐統 in play."""
    t = no_guo()
    ally(t)
    t.state.extra["連環"] = {PANG: ["魏護衛", "吳女眷"]}
    t.night(t.act("魏殺手甲", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "out"
    t.day()
    t.night(t.act(ZHOU, "火燒赤壁"))
    assert t.drew("刺殺魏國隨機一人") == [] and t.announced("exited") == []
    t2 = no_guo(characters={PANG: "法正"})
    ally(t2)
    t2.night(t2.act(ZHOU, "火燒赤壁"))
    assert t2.drew("刺殺魏國隨機一人") == []


@pytest.mark.skill("火燒赤壁")
def test_huoshao_wei_lord_fails_after_shezhan():
    """若諸葛亮使用過【舌戰群儒】…，魏國君主的行動失敗。 (舌戰群儒 is 蜀's: its use is recorded as used up.)"""
    t = no_guo()
    ally(t)
    t.player(LIANG).used["舌戰群儒"] = 1
    t.night(t.act(ZHOU, "火燒赤壁"), t.act(CAO, "招賢納才", "魏護衛"))
    assert t.only_feedback(CAO, "招賢納才").data == {"failed": True}
    assert "魏護衛" not in t.player(CAO).known


@pytest.mark.skill("火燒赤壁")
def test_huoshao_wei_lord_fails_after_huangai_fire_ship():
    """…或黃蓋使用過【火船沖陣】，魏國君主的行動失敗。 Without either, the lord only rolls the halved check."""
    t = no_guo(characters={"吳殺手甲": "黃蓋"})
    ally(t)
    t.state.history.append({"phase": "night", "index": 0, "actions": [
        {"actor": "吳殺手甲", "skill": "火船沖陣", "targets": ["魏女眷"], "args": {}, "state": "done"}]})
    t.night(t.act(ZHOU, "火燒赤壁"), t.act(CAO, "招賢納才", "魏護衛"))
    assert t.only_feedback(CAO, "招賢納才").data == {"failed": True}
    t2 = no_guo(characters={"吳殺手甲": "黃蓋"})
    ally(t2)
    t2.force("成功判定 魏君主【招賢納才】", True)
    t2.night(t2.act(ZHOU, "火燒赤壁"), t2.act(CAO, "招賢納才", "魏護衛"))
    assert "魏護衛" in t2.player(CAO).known


# ---- 巧設反間 --------------------------------------------------------------------
@pytest.mark.skill("巧設反間")
def test_fanjian_wound_half_and_the_target_gains_it():
    """巧設反間：指定一個ID，有一半概率你令其受傷…；然後無論如何，該角色獲得此技能。"""
    t = Table()
    t.force(f"巧設反間 {ZHOU}→魏女眷 受傷", True)
    t.night(t.act(ZHOU, "巧設反間", "魏女眷"))
    assert t.status("魏女眷") == "injured"
    assert "巧設反間" in t.player("魏女眷").skills
    assert t.only_feedback("魏女眷", "巧設反間").data == {"gained": "巧設反間"}
    assert t.feedback(ZHOU, "巧設反間") == []
    assert t.player(ZHOU).used == {"巧設反間": 1}
    t.day()
    t.force("巧設反間 魏女眷→吳女眷 受傷", True).succeed("魏女眷", "巧設反間")
    t.night(t.act("魏女眷", "巧設反間", "吳女眷"))  # a fresh copy: she may use it once
    assert t.status("吳女眷") == "injured" and "巧設反間" in t.player("吳女眷").skills


@pytest.mark.skill("巧設反間")
def test_fanjian_stab_half_is_an_exit_from_history():
    """…另一半概率視為你對其使用了一次【刺殺】，且此【刺殺】…其致死效果改為令對方退出歷史舞台 —
    退出歷史舞台 不能被減輕和防止死亡的效果減免 (荀彧's 節命 cannot save him)."""
    t = Table(characters={"魏副軍師": "荀彧"})
    t.force(f"巧設反間 {ZHOU}→魏副軍師 受傷", False)
    t.night(t.act(ZHOU, "巧設反間", "魏副軍師"), t.act("魏副軍師", "節命"))
    assert t.status("魏副軍師") == "out"
    assert t.traced("退出歷史舞台")
    assert any("退出歷史舞台" in d.cause for d in t.last.deaths)
    assert "巧設反間" in t.player("魏副軍師").skills  # 無論如何


@pytest.mark.skill("巧設反間")
def test_fanjian_stab_cancelled_by_guard():
    """「除非被【援護】抵消」: a 援護 on the target voids the 刺殺; the target still gains the skill."""
    t = Table()
    t.force(f"巧設反間 {ZHOU}→魏女眷 受傷", False)
    t.night(t.act(ZHOU, "巧設反間", "魏女眷"), t.act("魏護衛", "援護", "魏女眷"))
    assert t.status("魏女眷") == "alive"
    assert "巧設反間" in t.player("魏女眷").skills


@pytest.mark.skill("巧設反間")
def test_fanjian_failed_is_kept_and_gives_nothing():
    """技能發動失敗…視為未發動: wounded and failed, it is not used up and the target gains nothing."""
    t = Table()
    t.wound(ZHOU).fail(ZHOU, "巧設反間")
    t.night(t.act(ZHOU, "巧設反間", "魏女眷"))
    assert t.player(ZHOU).used == {} and "巧設反間" not in t.player("魏女眷").skills
    assert t.only_feedback(ZHOU, "巧設反間").data == {"failed": True}
