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
    assert t.only_feedback("吳護衛", "去偽存真").data == {"gained": "去偽存真"}
    assert t.feedback("吳護衛", "英才早逝") == []  # what it gained, not whence (WU-S2)
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
    assert t.only_feedback("蜀護衛", "巧設反間").data == {"gained": "巧設反間"}


@pytest.mark.skill("英才早逝")
def test_yingcai_zaoshi_the_id_is_not_told_whence_the_skill_came():
    """英才早逝：…你指定一個ID，令其有一半概率獲得技能【去偽存真】… 角色死亡時公布ID但不公布其角色。 The id learns the
    skill it gained and nothing that names 英才早逝 (周瑜's alone): with one death that night, the name would tell it
    that the dead id played 周瑜 (audit-wuqun: it was told 「【英才早逝】你獲得技能【去偽存真】。」)."""
    t = Table()
    t.decide(ZHOU, "英才早逝", "魏女眷").force(f"英才早逝 {ZHOU}→魏女眷", True)
    t.night(t.act("魏殺手甲", "刺殺", ZHOU))
    told = t.feedback("魏女眷")
    assert [f.data for f in told] == [{"gained": "去偽存真"}]
    assert all("英才早逝" not in f.text and "周瑜" not in f.text and f.skill != "英才早逝" for f in told)


@pytest.mark.skill("英才早逝")
def test_yingcai_zaoshi_not_on_other_deaths():
    """「當你死亡時」: another's death sets off nothing (the strict table would fail on an unasked choice)."""
    t = Table()
    t.night(t.act("魏殺手甲", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "out"
    assert t.feedback(ZHOU, "英才早逝") == [] and t.player(ZHOU).used == {}


@pytest.mark.skill("英才早逝")
def test_yingcai_zaoshi_also_on_a_vote_death():
    """「當你死亡時」: a death by vote counts too; the gained skill is his from that day on."""
    t = Table()
    t.quiet_night()
    t.decide(ZHOU, "英才早逝", "吳女眷").force(f"英才早逝 {ZHOU}→吳女眷", False)
    t.day({"魏護衛": ZHOU, "蜀護衛": ZHOU})
    assert t.status(ZHOU) == "out" and "巧設反間" in t.player("吳女眷").skills
    assert t.only_feedback("吳女眷", "巧設反間").data == {"gained": "巧設反間"}


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
@pytest.mark.interaction("火燒赤壁", "諸葛亮")
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
@pytest.mark.interaction("火燒赤壁", "龐統")
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
@pytest.mark.interaction("火燒赤壁", "諸葛亮")
def test_huoshao_wei_lord_fails_after_shezhan():
    """若諸葛亮使用過【舌戰群儒】…，魏國君主的行動失敗。 (舌戰群儒 is 蜀's: its use is recorded as used up.)"""
    t = no_guo()
    ally(t)
    t.player(LIANG).used["舌戰群儒"] = 1
    t.night(t.act(ZHOU, "火燒赤壁"), t.act(CAO, "招賢納才", "魏護衛"))
    assert t.only_feedback(CAO, "招賢納才").data == {"failed": True}
    assert "魏護衛" not in t.player(CAO).known


@pytest.mark.skill("火燒赤壁")
@pytest.mark.interaction("火燒赤壁", "黃蓋")
def test_huoshao_wei_lord_fails_after_huangai_fire_ship():
    """…或黃蓋使用過【火船沖陣】，魏國君主的行動失敗。 Without either, the lord only rolls the halved check."""
    t = no_guo(characters={"吳殺手甲": "黃蓋"})
    ally(t)
    t.player("吳殺手甲").used["火船沖陣"] = 1  # 黃蓋's (h13-wu-generals): a limited skill, recorded as used up
    t.night(t.act(ZHOU, "火燒赤壁"), t.act(CAO, "招賢納才", "魏護衛"))
    assert t.only_feedback(CAO, "招賢納才").data == {"failed": True}
    t2 = no_guo(characters={"吳殺手甲": "黃蓋"})
    ally(t2)
    t2.force("成功判定 魏君主【招賢納才】", True)
    t2.night(t2.act(ZHOU, "火燒赤壁"), t2.act(CAO, "招賢納才", "魏護衛"))
    assert "魏護衛" in t2.player(CAO).known


@pytest.mark.skill("火燒赤壁")
def test_huoshao_voided_by_huochuan_makes_no_recognition_and_no_stab():
    """火燒赤壁：…若諸葛亮在場，你與其互識。若龐統在場且【連環】的兩端均不為假連環狀態，視為你對魏國隨機一人發動了一次【刺殺】。
    火船沖陣：令其當夜的所有行動均失效; 技能失效是指該技能成功發動或使用，但沒有任何效果. A 火燒赤壁 voided by
    黃蓋's 火船沖陣 on 周瑜 is used up but makes no 互識 and its 「視為」 刺殺 kills no one (audit-wuqun: both were made
    first of the night and stayed)."""
    t = no_guo(characters={"吳殺手甲": "黃蓋"})
    ally(t)
    t.state.extra["連環"] = {PANG: ["魏護衛", "吳女眷"]}
    t.force(f"火燒赤壁 {ZHOU} 刺殺魏國隨機一人", "魏女眷")
    t.night(t.act(ZHOU, "火燒赤壁"), t.act("吳殺手甲", "火船沖陣", ZHOU))
    assert t.player(ZHOU).used == {"火燒赤壁": 1}  # 失效: used, without effect
    assert t.feedback(ZHOU, "火燒赤壁") == []  # 擁有該技能的角色不能收到反饋
    assert LIANG not in t.player(ZHOU).known and ZHOU not in t.player(LIANG).known
    assert t.status("魏女眷") == "alive"
    t2 = no_guo(characters={"吳殺手甲": "黃蓋"})  # the same night without 火船沖陣: both happen
    ally(t2)
    t2.state.extra["連環"] = {PANG: ["魏護衛", "吳女眷"]}
    t2.force(f"火燒赤壁 {ZHOU} 刺殺魏國隨機一人", "魏女眷")
    t2.night(t2.act(ZHOU, "火燒赤壁"))
    assert LIANG in t2.player(ZHOU).known and t2.status("魏女眷") == "out"


@pytest.mark.skill("火燒赤壁")
def test_huoshao_stopped_by_guo_jia():
    """先知 (郭嘉)：*被*若周瑜使用【火燒赤壁】，則【火燒赤壁】使用失敗 — even with 吳蜀 in force: no halving, no 互識,
    not used up (the skill's every effect waits on its use being live)."""
    t = Table()
    ally(t)
    t.night(t.act(ZHOU, "火燒赤壁"), t.act("魏女眷", "亂花", "吳君主", "蜀護衛"))
    assert t.only_feedback(ZHOU, "火燒赤壁").data == {"failed": True}
    assert t.drew("成功判定") == [] and LIANG not in t.player(ZHOU).known
    assert t.player(ZHOU).used == {}


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
def test_fanjian_on_a_holder_gives_no_second_copy():
    """「該角色獲得此技能」: one who holds it already (周瑜 himself, or a target who used hers) gains nothing new."""
    t = Table()
    t.force(f"巧設反間 {ZHOU}→{ZHOU} 受傷", True)
    t.night(t.act(ZHOU, "巧設反間", ZHOU))
    assert t.status(ZHOU) == "injured" and t.player(ZHOU).used == {"巧設反間": 1}
    assert t.traced("已擁有技能【巧設反間】")
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act(ZHOU, "巧設反間", "魏女眷"))


@pytest.mark.skill("巧設反間")
def test_fanjian_failed_is_kept_and_gives_nothing():
    """技能發動失敗…視為未發動: wounded and failed, it is not used up and the target gains nothing."""
    t = Table()
    t.wound(ZHOU).fail(ZHOU, "巧設反間")
    t.night(t.act(ZHOU, "巧設反間", "魏女眷"))
    assert t.player(ZHOU).used == {} and "巧設反間" not in t.player("魏女眷").skills
    assert t.only_feedback(ZHOU, "巧設反間").data == {"failed": True}


# ---- 獨斷的外交家·魯肅 -------------------------------------------------------------
def lone(**kw: Any) -> Table:
    """獨斷的外交家·魯肅 at 吳正軍師 (魯肅 at the 正軍師 seat uses this form); 陸遜 at 吳副軍師 (張昭's 固政 would
    lift the wound's halving)."""
    return Table(characters={ZHOU: "魯肅", LU: "陸遜", **kw.pop("characters", {})}, **kw)


@pytest.mark.skill("中庸")
def test_zhongyong_investigation_never_tells():
    """中庸：*被*你的【明察】始終無反饋。 (The judge's trace keeps the answer.)"""
    t = lone()
    assert t.player(ZHOU).character == "獨斷的外交家·魯肅"
    t.night(t.act(ZHOU, "明察", "魏殺手甲"))
    assert t.feedback(ZHOU) == []
    assert t.traced(f"{ZHOU} 明察 魏殺手甲：無反饋")
    assert t.player(ZHOU).marker("智") == 1  # 大智若愚 still counts it


@pytest.mark.skill("中庸")
def test_zhongyong_a_failed_investigation_is_still_told_failed():
    """中庸 silences the answer of a 明察, not the judge's 「技能發動失敗，可再次發動」 of one that failed."""
    t = lone()
    t.wound(ZHOU).fail(ZHOU, "明察")
    t.night(t.act(ZHOU, "明察", "魏殺手甲"))
    assert t.only_feedback(ZHOU, "明察").data == {"failed": True}
    assert t.player(ZHOU).marker("智") == 0


@pytest.mark.skill("遠見")
def test_yuanjian_no_repeated_target():
    """遠見：*被*你的【明察】的目標不可重複。"""
    t = lone()
    t.night(t.act(ZHOU, "明察", "蜀女眷"))
    t.day()
    with pytest.raises(IllegalAction, match="遠見.*不可重複"):
        t.check(t.act(ZHOU, "明察", "蜀女眷"))
    t.check(t.act(ZHOU, "明察", "蜀護衛"))
    t.check(t.act("魏正軍師", "明察", "蜀女眷"))  # only his own 明察


@pytest.mark.skill("遠見")
def test_yuanjian_a_failed_investigation_does_not_count():
    """發動失敗…視為未發動: the id of a 明察 that failed may be named again."""
    t = lone()
    t.wound(ZHOU).fail(ZHOU, "明察")
    t.night(t.act(ZHOU, "明察", "蜀女眷"))
    t.day()
    t.check(t.act(ZHOU, "明察", "蜀女眷"))


def awaken(t: Table) -> None:
    """Two nights of 明察 on killers: 大智若愚 awakens at the end of the second."""
    t.night(t.act(ZHOU, "明察", "魏殺手甲"))
    t.day()
    t.night(t.act(ZHOU, "明察", "蜀殺手乙"))


@pytest.mark.skill("大智若愚")
def test_dazhi_awakens_with_two_marks():
    """大智若愚：*覺醒技*每當你【明察】的對象為殺手時，你可以在法官處積累一個「智」標記。結算時若你的「智」標記達到2個或更多，
    你可以獲悉你的「智」標記的數量及之前的所有【明察】的反饋，並且永久失去技能【中庸】，永久獲得技能【練兵】和【慧才】。"""
    t = lone()
    t.night(t.act(ZHOU, "明察", "魏殺手甲"))
    assert t.feedback(ZHOU) == [] and t.player(ZHOU).used == {}
    t.day()
    t.night(t.act(ZHOU, "明察", "蜀殺手乙"))
    fb = t.feedback(ZHOU, "大智若愚")[0]
    assert fb.data["zhi"] == 2 and fb.data["awakened"] is True
    assert [r["text"] for r in fb.data["investigations"]] == ["【明察】魏殺手甲：是殺手。", "【明察】蜀殺手乙：是殺手。"]
    assert "中庸" not in t.player(ZHOU).skills
    assert {"練兵", "慧才"} <= set(t.player(ZHOU).skills)
    assert any(f.data == {"lost": "中庸"} for f in t.feedback(ZHOU))
    assert t.player(ZHOU).used == {"大智若愚": 1}
    t.day()
    t.night(t.act(ZHOU, "明察", "蜀護衛"))  # now he is told, and 慧才 adds the character
    assert t.only_feedback(ZHOU, "明察").data == {"is_killer": False, "character": t.player("蜀護衛").character}


@pytest.mark.skill("大智若愚")
def test_dazhi_no_mark_for_a_non_killer_and_no_awakening_with_one():
    """「每當你【明察】的對象為殺手時」 only: a 明察 on a non-killer gives no 「智」; one 「智」 awakens nothing."""
    t = lone()
    t.night(t.act(ZHOU, "明察", "魏殺手甲"))
    t.day()
    t.night(t.act(ZHOU, "明察", "蜀女眷"))
    assert t.player(ZHOU).marker("智") == 1
    assert t.feedback(ZHOU) == [] and "中庸" in t.player(ZHOU).skills


@pytest.mark.skill("大智若愚")
def test_dazhi_marks_keep_coming_after_the_awakening():
    """「每當你【明察】的對象為殺手時」 holds after the awakening too: the 「智」 that 練兵 spends keep coming (WU-S6)."""
    t = lone()
    awaken(t)
    t.day()
    t.night(t.act(ZHOU, "明察", "吳殺手甲"))
    assert t.player(ZHOU).marker("智") == 3 and t.feedback(ZHOU, "大智若愚") == []


@pytest.mark.skill("慧才")
def test_huicai_sleeps_until_the_awakening():
    """慧才：*隱藏技*你發動【明察】時可以直接獲悉目標的角色。 隱藏技是指在覺醒技觸發之後才能使用的技能 —
    before 大智若愚 awakens nothing is added (and 中庸 keeps him silent); afterwards the character is told."""
    t = lone()
    t.night(t.act(ZHOU, "明察", "魏殺手甲"))
    assert t.feedback(ZHOU) == []
    withheld = t.state.extra["大智若愚"][ZHOU][0]  # what 中庸 kept back: 慧才 added nothing to it
    assert withheld["data"] == {"is_killer": True} and "夏侯" not in withheld["text"]
    assert "魏殺手甲" not in t.player(ZHOU).known
    t.day()
    t.night(t.act(ZHOU, "明察", "蜀殺手乙"))
    t.day()
    t.night(t.act(ZHOU, "明察", "魏殺手乙"))
    fb = t.only_feedback(ZHOU, "明察")
    assert fb.data == {"is_killer": True, "character": "夏侯淵"}
    assert "夏侯淵" in fb.text


@pytest.mark.skill("練兵")
def test_lianbing_refused_before_awakening_and_without_marks():
    """練兵：*隱藏技*你可以（在合理的時機）棄掉一個「智」標記，發動一次【暗訪】、【援護】或【亂花】。"""
    t = lone()
    with pytest.raises(IllegalAction, match="隱藏技"):
        t.check(t.act(ZHOU, "練兵", "吳君主", choice="援護"))
    awaken(t)
    t.day()
    t.player(ZHOU).markers["智"] = 0
    with pytest.raises(IllegalAction, match="「智」標記"):
        t.check(t.act(ZHOU, "練兵", "吳君主", choice="援護"))


@pytest.mark.skill("練兵")
def test_lianbing_guard_spends_a_mark():
    """…棄掉一個「智」標記，發動一次【援護】: the 援護 voids a 刺殺 on its target."""
    t = lone()
    awaken(t)
    t.day()
    t.night(t.act(ZHOU, "練兵", "吳君主", choice="援護"), t.act("魏殺手乙", "刺殺", "吳君主"))
    assert t.status("吳君主") == "alive"
    assert t.traced("魏殺手乙 的刺殺對 吳君主 無效：吳正軍師 援護")
    assert t.player(ZHOU).marker("智") == 1
    t.day()
    with pytest.raises(IllegalAction, match="需要指定2個目標"):  # the chosen skill's own targets
        t.check(t.act(ZHOU, "練兵", "吳君主", choice="亂花"))
    with pytest.raises(IllegalAction, match="每夜至多使用一個主動的角色技能"):
        t.check(t.act(ZHOU, "練兵", "吳君主", choice="援護"), t.act(ZHOU, "聯劉抗曹"))


@pytest.mark.skill("練兵")
def test_lianbing_bind_and_inquire():
    """…發動一次【亂花】 (A 次日的投票對象強制修改為B) or 【暗訪】 (指定一個死者ID，獲悉其角色)."""
    t = lone()
    awaken(t)
    t.day()
    t.night(t.act(ZHOU, "練兵", "蜀護衛", "魏女眷", choice="亂花"), t.act("魏殺手甲", "刺殺", "蜀女眷"))
    assert t.state.vote_binds == {"蜀護衛": "魏女眷"}
    t.day()
    with pytest.raises(IllegalAction, match="死者"):
        t.check(t.act(ZHOU, "練兵", "蜀護衛", choice="暗訪"))
    with pytest.raises(IllegalAction, match="choice"):
        t.check(t.act(ZHOU, "練兵", "吳君主", choice="明察"))
    t.night(t.act(ZHOU, "練兵", "蜀女眷", choice=1))  # 1: 暗訪, the text's first
    assert t.only_feedback(ZHOU, "暗訪").data == {"character": "糜夫人", "via": "練兵"}
    assert t.player(ZHOU).marker("智") == 0


@pytest.mark.skill("練兵", "悲憤詩篇")
def test_lianbing_bind_is_a_bind_for_beifen_shipian():
    """練兵：…發動一次…【亂花】 — it is a 亂花, so 悲憤詩篇（所有針對本國角色的【刺殺】、【亂花】（包括被指定為目標A或B）
    有一半概率失效） draws for it like for any 亂花 naming a 魏 player (WU-S7)."""
    t = lone(characters={"魏女眷": "蔡文姬"})
    awaken(t)
    t.day()
    t.force(f"悲憤詩篇失效判定 {ZHOU}【亂花】魏護衛→蜀女眷", True)
    t.night(t.act(ZHOU, "練兵", "魏護衛", "蜀女眷", choice="亂花"), t.act("魏女眷", "悲憤詩篇"))
    assert t.state.vote_binds == {}
    assert t.traced("悲憤詩篇（一半概率失效）")
    assert t.player(ZHOU).marker("智") == 1  # 失效 (發動, no effect): the 「智」 is discarded all the same
    t.day()
    t.night(t.act(ZHOU, "練兵", "蜀護衛", "魏護衛", choice="亂花"))  # no 悲憤詩篇 tonight: nothing drawn
    assert t.state.vote_binds == {"蜀護衛": "魏護衛"} and t.drew("悲憤詩篇") == []


@pytest.mark.skill("練兵")
def test_lianbing_failed_keeps_the_mark():
    """技能發動失敗…視為未發動: a 練兵 that fails its check (受傷) spends no 「智」 and guards no one."""
    t = lone()
    awaken(t)
    t.day()
    t.wound(ZHOU).fail(ZHOU, "練兵")
    t.night(t.act(ZHOU, "練兵", "吳君主", choice="援護"))
    assert t.player(ZHOU).marker("智") == 2 and t.status("吳君主") == "alive"
    assert t.only_feedback(ZHOU, "練兵").data == {"failed": True}


@pytest.mark.skill("聯劉抗曹")
def test_lianliu_wei_lord_fails_and_wu_shu_alliance():
    """聯劉抗曹：使用後當夜，魏國君主當夜的所有行動均失敗。吳蜀聯盟達成（或延期）兩日兩夜。"""
    t = lone()
    t.night(t.act(ZHOU, "聯劉抗曹"), t.act(CAO, "招賢納才", "魏護衛"), t.act("魏女眷", "亂花", "蜀護衛", "吳君主"))
    assert t.only_feedback(CAO, "招賢納才").data == {"failed": True}
    assert t.player(CAO).used == {} and "魏護衛" not in t.player(CAO).known
    assert t.state.vote_binds == {"蜀護衛": "吳君主"}  # only the lord
    assert t.announced("alliances") == [{"countries": ["蜀", "吳"], "until": {"phase": "night", "number": 3}}]
    assert [(a.start, a.end) for a in t.state.alliances] == [(1, 4)]  # 從…後一天白天開始生效: day 1 to night 3
    t.day({"吳女眷": "魏女眷"})  # 吳君主 (bound) and 魏女眷 tie at two: no one dies
    assert t.state.allied("蜀", "吳")
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act(ZHOU, "聯劉抗曹"))


@pytest.mark.skill("聯劉抗曹")
def test_lianliu_extends_and_two_alliances_make_none():
    """「達成（或延期）兩日兩夜」: with 吳蜀 in force it is extended; 「若某一夜達成了多個不同的聯盟，則視為沒有達成任何聯盟」."""
    t = Table()
    ally(t, end=t.state.index + 2)
    t.night(t.act(LU, "聯劉抗曹"))
    assert t.announced("alliances")[0]["until"] == {"phase": "night", "number": 4}  # night 2 + 兩日兩夜
    t2 = Table(characters={"吳副軍師": "陸遜", ZHOU: "魯肅"})
    t2.night(t2.act(ZHOU, "聯劉抗曹"), t2.act("吳副軍師", "火燒連營"))
    assert t2.announced("alliances") == [] and t2.traced("視為沒有達成任何聯盟")


@pytest.mark.skill("聯劉抗曹")
def test_lianliu_failed_does_nothing():
    """A 聯劉抗曹 that fails its check (受傷) is as if not used: the lord acts, no alliance."""
    t = Table()
    t.wound(LU).fail(LU, "聯劉抗曹")
    t.night(t.act(LU, "聯劉抗曹"), t.act(CAO, "招賢納才", "魏護衛"))
    assert "魏護衛" in t.player(CAO).known and t.announced("alliances") == []
    assert t.player(LU).used == {}


@pytest.mark.skill("聯劉抗曹")
def test_lianliu_voided_or_failed_later_makes_no_alliance():
    """聯劉抗曹：…吳蜀聯盟達成（或延期）兩日兩夜。 技能失效是指該技能成功發動或使用，但沒有任何效果 (火船沖陣：令其當夜的
    所有行動均失效); 發動失敗＝視為未使用 (旋風：你的【刺殺】的目標當夜的所有行動均失敗). Voided or failed after it
    began, it makes no alliance (audit-wuqun: the alliance was proposed first of the night and stayed)."""
    t = Table()
    t.night(t.act(LU, "聯劉抗曹"), t.act("吳殺手甲", "火船沖陣", LU))
    assert t.player(LU).used == {"聯劉抗曹": 1} and t.feedback(LU, "聯劉抗曹") == []
    assert t.announced("alliances") == [] and t.state.alliances == []
    t2 = Table(characters={"吳殺手乙": "凌統"})
    t2.night(t2.act(LU, "聯劉抗曹"), t2.act("吳殺手乙", "刺殺", LU), t2.act("吳護衛", "援護", LU))
    assert t2.only_feedback(LU, "聯劉抗曹").data == {"failed": True}
    assert t2.player(LU).used == {}  # 視為未使用: kept
    assert t2.announced("alliances") == [] and t2.state.alliances == []


@pytest.mark.skill("聯劉抗曹")
def test_lianliu_chibi_lu_su_has_it_too():
    """赤壁·魯肅（吳國副軍師）：聯劉抗曹：使用後當夜，魏國君主當夜的所有行動均失敗。吳蜀聯盟達成（或延期）兩日兩夜。
    The same text as the other two 魯肅: the same skill (audit-wuqun: this form's 聯劉抗曹 had no test of its own)."""
    t = Table(characters={LU: "赤壁·魯肅"})
    t.night(t.act(LU, "聯劉抗曹"), t.act(CAO, "招賢納才", "魏護衛"))
    assert t.only_feedback(CAO, "招賢納才").data == {"failed": True} and "魏護衛" not in t.player(CAO).known
    assert t.announced("alliances") == [{"countries": ["蜀", "吳"], "until": {"phase": "night", "number": 3}}]
    assert t.player(LU).used == {"聯劉抗曹": 1}


# ---- 聯盟的締造者·魯肅 / 赤壁·魯肅 ---------------------------------------------
@pytest.mark.skill("厲兵秣馬")
def test_libing_killer_stabs_twice():
    """厲兵秣馬：指定一個ID，令其當夜可額外行動一次。 A killer's extra action is one more 刺殺 for its country."""
    t = Table()
    with pytest.raises(IllegalAction, match="只能發動1次"):
        t.check(t.act("吳殺手乙", "刺殺", "魏女眷"), t.act("吳殺手乙", "刺殺", "魏護衛"))
    t.night(t.act(LU, "厲兵秣馬", "吳殺手乙"), t.act("吳殺手乙", "刺殺", "魏女眷"), t.act("吳殺手乙", "刺殺", "魏護衛"))
    assert t.status("魏女眷") == "out" and t.status("魏護衛") == "out"
    assert t.player(LU).used == {"厲兵秣馬": 1}


@pytest.mark.skill("厲兵秣馬")
def test_libing_on_another_country_and_a_second_character_skill():
    """The target may be of any country: 蜀's killer gets 蜀 one more 刺殺; 一次行動包括發動任意個身份技能和使用至多一個
    主動使用的角色技能 — a second active character skill is allowed too."""
    t = Table()
    t.night(t.act(LU, "厲兵秣馬", "蜀殺手甲"), t.act("蜀殺手甲", "刺殺", "魏女眷"), t.act("蜀殺手甲", "刺殺", "魏護衛"))
    assert t.status("魏女眷") == "out" and t.status("魏護衛") == "out"
    t2 = Table()
    with pytest.raises(IllegalAction, match="至多使用一個主動的角色技能"):
        t2.check(t2.act(ZHOU, "巧設反間", "魏女眷"), t2.act(ZHOU, "火燒赤壁"))
    t2.check(t2.act(LU, "厲兵秣馬", ZHOU), t2.act(ZHOU, "明察", "魏女眷"), t2.act(ZHOU, "明察", "魏護衛"),
             t2.act(ZHOU, "巧設反間", "魏女眷"), t2.act(ZHOU, "火燒赤壁"))


@pytest.mark.skill("厲兵秣馬")
def test_libing_failed_takes_the_extra_with_it():
    """技能發動失敗…視為未發動: if 厲兵秣馬 fails its check, the extra 明察 listed after it fails too."""
    t = Table()
    t.wound(LU).fail(LU, "厲兵秣馬")
    t.night(t.act(LU, "厲兵秣馬", "魏正軍師"), t.act("魏正軍師", "明察", "吳殺手甲"), t.act("魏正軍師", "明察", "蜀殺手甲"))
    fbs = {f.target: f.data for f in t.feedback("魏正軍師", "明察")}
    assert fbs == {"吳殺手甲": {"is_killer": True}, "蜀殺手甲": {"failed": True}}
    assert t.player(LU).used == {}


@pytest.mark.skill("厲兵秣馬")
def test_libing_chibi_lu_su_has_it_too():
    """赤壁·魯肅（吳國副軍師）：厲兵秣馬 — the same text, the same skill."""
    t = Table(characters={LU: "赤壁·魯肅"})
    t.night(t.act(LU, "厲兵秣馬", "魏正軍師"), t.act("魏正軍師", "明察", "吳殺手甲"), t.act("魏正軍師", "明察", "蜀殺手甲"))
    assert [f.data for f in t.feedback("魏正軍師", "明察")] == [{"is_killer": True}, {"is_killer": True}]


@pytest.mark.skill("榻上對策")
def test_tashang_stabs_on_wu_half_void():
    """榻上對策：使用後當夜，所有針對本國角色的【刺殺】…有一半概率失效 — one draw a 刺殺."""
    t = Table()
    t.force(f"榻上對策 {LU} 刺殺失效判定 魏殺手甲→吳女眷", True)
    t.force(f"榻上對策 {LU} 刺殺失效判定 蜀殺手甲→吳護衛", False)
    t.night(t.act(LU, "榻上對策"), t.act("魏殺手甲", "刺殺", "吳女眷"), t.act("蜀殺手甲", "刺殺", "吳護衛"),
            t.act("吳殺手甲", "刺殺", "魏女眷"))
    assert t.status("吳女眷") == "alive" and t.status("吳護衛") == "out" and t.status("魏女眷") == "out"
    assert t.player(LU).used == {"榻上對策": 1}


@pytest.mark.skill("榻上對策")
def test_tashang_binds_on_wu_half_void_and_no_wounds():
    """…【亂花】（包括被指定為目標A或B）有一半概率失效，所有本國角色不會受傷。"""
    t = Table(characters={LU: "赤壁·魯肅"})
    t.force(f"榻上對策 {LU} 亂花失效判定 魏女眷", True).force(f"榻上對策 {LU} 亂花失效判定 蜀女眷", False)
    t.night(t.act(LU, "榻上對策"), t.act("魏女眷", "亂花", "蜀護衛", "吳君主"),
            t.act("蜀女眷", "亂花", "吳護衛", "魏君主"), t.act("魏護衛", "援護", "吳殺手甲"),
            t.act("蜀護衛", "援護", "魏女眷"))
    assert t.state.vote_binds == {"吳護衛": "魏君主"}
    assert t.status("吳殺手甲") == "alive"  # 援護's wound is prevented
    assert t.status("魏女眷") == "injured"  # others are wounded as usual


@pytest.mark.skill("榻上對策")
def test_tashang_failed_protects_nothing():
    """A 榻上對策 that fails its check protects no one (no draw is made)."""
    t = Table()
    t.wound(LU).fail(LU, "榻上對策")
    t.night(t.act(LU, "榻上對策"), t.act("魏殺手甲", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "out" and t.drew("刺殺失效判定") == []


# ---- 張昭 ----------------------------------------------------------------------
def zhang(**kw: Any) -> Table:
    return Table(characters={LU: "張昭", **kw.pop("characters", {})}, **kw)


@pytest.mark.skill("直諫")
def test_zhijian_moves_wu_stabs_and_tells_the_killers():
    """直諫：指定一個ID，若本國殺手當夜發動【刺殺】，則將【刺殺】的目標改為此ID，且本國殺手得知【刺殺】的新目標。"""
    t = zhang()
    t.night(t.act(LU, "直諫", "魏女眷"), t.act("吳殺手乙", "刺殺", "魏護衛"), t.act("蜀殺手甲", "刺殺", "吳女眷"))
    assert t.status("魏女眷") == "out" and t.status("魏護衛") == "alive"
    assert t.only_feedback("吳殺手乙", "直諫").data == {"new_target": "魏女眷"}
    assert t.status("吳女眷") == "out"  # another country's 刺殺 is not his to move
    assert t.feedback(LU, "直諫") == []
    assert t.feedback("吳殺手甲", "直諫") == []  # a killer who made no 刺殺 is told nothing


@pytest.mark.skill("直諫")
def test_zhijian_without_a_wu_stab_does_nothing_and_is_unlimited():
    """「若本國殺手當夜發動【刺殺】」: with none, nothing happens; a two-character skill may be used every night."""
    t = zhang()
    t.night(t.act(LU, "直諫", "魏女眷"))
    assert t.status("魏女眷") == "alive" and t.traced("本國殺手當夜沒有發動刺殺")
    t.day()
    t.night(t.act(LU, "直諫", "魏女眷"), t.act("吳殺手乙", "刺殺", "蜀女眷"))
    assert t.status("魏女眷") == "out"


@pytest.mark.skill("直諫")
def test_zhijian_failed_moves_nothing():
    """A 直諫 that fails its check (張遼's 威震逍遙津 halves every 吳 action) moves nothing: as if not used.
    (孫堅 is left out: his 英魂 would make 威震逍遙津 fail.)"""
    t = zhang(characters={"魏殺手甲": "張遼"}, omit=("吳君主",))
    t.fail(LU, "直諫").succeed("吳殺手乙", "刺殺")
    t.night(t.act("魏殺手甲", "威震逍遙津"), t.act(LU, "直諫", "魏女眷"), t.act("吳殺手乙", "刺殺", "蜀女眷"))
    assert t.status("魏女眷") == "alive" and t.status("蜀女眷") == "out"
    assert t.only_feedback(LU, "直諫").data == {"failed": True}
    assert t.feedback("吳殺手乙", "直諫") == []


@pytest.mark.skill("直諫", "火船沖陣")
def test_zhijian_voided_later_tells_the_killer_nothing():
    """技能失效…沒有任何效果: 黃蓋's 火船沖陣 (令其當夜的所有行動均失效) on 張昭 voids 直諫 after its redirect
    was made: the 刺殺 keeps its target, and the killer is not told a 「新目標」 that never was. (Review: he
    was told at once.)"""
    t = zhang()
    t.night(t.act(LU, "直諫", "魏女眷"), t.act("吳殺手乙", "刺殺", "魏護衛"), t.act("吳殺手甲", "火船沖陣", LU))
    assert t.status("魏護衛") == "out" and t.status("魏女眷") == "alive"
    assert t.feedback("吳殺手乙", "直諫") == []


@pytest.mark.skill("固政")
def test_guzheng_wounded_wu_players_roll_no_check():
    """固政：*被*本國角色受傷狀態下的行動成功率不受受傷影響。 — other countries' wounded still roll."""
    t = zhang()
    t.wound("吳女眷").wound("蜀女眷")
    t.force("成功判定 蜀女眷【亂花】", False)
    t.night(t.act("吳女眷", "亂花", "魏護衛", "魏君主"), t.act("蜀女眷", "亂花", "魏女眷", "魏君主"))
    assert t.drew("成功判定 吳女眷") == []
    assert t.state.vote_binds == {"魏護衛": "魏君主"}


@pytest.mark.skill("固政")
def test_guzheng_gone_with_zhang_zhao():
    """A passive skill works while its holder lives: once 張昭 is out, a wounded 吳 player rolls again."""
    t = zhang()
    t.night(t.act("魏殺手乙", "刺殺", LU))
    t.day()
    t.wound("吳女眷").fail("吳女眷", "亂花")
    t.night(t.act("吳女眷", "亂花", "魏護衛", "魏君主"))
    assert t.only_feedback("吳女眷", "亂花").data == {"failed": True}


@pytest.mark.skill("固政")
def test_guzheng_other_halvings_still_apply():
    """「不受受傷影響」 lifts the wound's halving only: a wounded 吳 player under 威震逍遙津 rolls 1/2, not 1/4 nor 1."""
    t = zhang(characters={"魏殺手甲": "張遼"}, omit=("吳君主",))
    t.wound("吳女眷").succeed("吳女眷", "亂花")
    t.night(t.act("魏殺手甲", "威震逍遙津"), t.act("吳女眷", "亂花", "魏護衛", "魏君主"))
    assert [d["options"][0] for d in t.drew("成功判定 吳女眷")] == ["是:1/2"]


@pytest.mark.skill("託孤老臣")
def test_tuogu_laochen_recognises_the_new_lord():
    """託孤老臣：*被*本國君主發動【託孤】後，你與新君主互識。 (被動的限定技能消耗時…會收到相關反饋。)"""
    t = zhang()
    t.decide("吳君主", "轉生", "孫策")
    t.night(t.act("魏殺手乙", "刺殺", "吳君主"))
    assert t.feedback(LU) == []  # 轉生 is not 託孤
    t.day()
    t.decide("吳君主", "託孤", "吳護衛")
    t.night(t.act("魏殺手乙", "刺殺", "吳君主"))
    assert t.player("吳護衛").identity == "君主"
    assert t.player(LU).known["吳護衛"] == "太史慈" and t.player("吳護衛").known[LU] == "張昭"
    assert t.only_feedback(LU, "託孤老臣").data == {"consumed": "託孤老臣"}
    assert t.player(LU).used == {"託孤老臣": 1}


@pytest.mark.skill("託孤老臣")
def test_tuogu_laochen_not_for_himself_nor_another_country():
    """「本國君主」 only; named the new lord himself, there is no one else to recognise (it stays unused)."""
    t = zhang(characters={"蜀君主": "劉備"})
    t.decide("吳君主", "轉生", "孫策").decide("蜀君主", "轉生", "劉封")
    t.night(t.act("魏殺手乙", "刺殺", "吳君主"), t.act("吳殺手乙", "刺殺", "蜀君主"))
    t.day()
    t.decide("吳君主", "託孤", LU).decide("蜀君主", "託孤", "蜀護衛")
    t.night(t.act("魏殺手乙", "刺殺", "吳君主"), t.act("吳殺手乙", "刺殺", "蜀君主"))
    assert t.player(LU).identity == "君主" and t.player("蜀護衛").identity == "君主"
    assert t.feedback(LU, "託孤老臣") == [] and "蜀護衛" not in t.player(LU).known
    assert t.player(LU).used == {}


# ---- 呂蒙 ----------------------------------------------------------------------
def lu_meng(**kw: Any) -> Table:
    return Table(characters={LU: "呂蒙", **kw.pop("characters", {})}, **kw)


@pytest.mark.skill("白衣渡江")
@pytest.mark.interaction("白衣渡江", "關羽")
def test_baiyi_wounds_guan_yu():
    """白衣渡江：使用後當夜，若關羽在場，你令其受傷 — and no halving then."""
    t = lu_meng()
    t.night(t.act(LU, "白衣渡江"), t.act("蜀殺手乙", "刺殺", "魏女眷"))
    assert t.status(GUAN) == "injured"
    assert t.drew("成功判定") == [] and t.status("魏女眷") == "out"
    assert t.player(LU).used == {"白衣渡江": 1}
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act(LU, "白衣渡江"))


@pytest.mark.skill("白衣渡江")
def test_baiyi_without_guan_yu_halves_shu_strategists_and_killers():
    """…若關羽不在場，則蜀國軍師及殺手的行動成功率減半 — not 蜀's lady, not other countries."""
    t = lu_meng(characters={GUAN: "張飛", "蜀殺手乙": "馬超"})
    t.force("成功判定 蜀殺手乙【刺殺】", False).force("成功判定 蜀正軍師【明察】", True)
    t.night(t.act(LU, "白衣渡江"), t.act("蜀殺手乙", "刺殺", "魏女眷"), t.act(LIANG, "明察", "魏殺手甲"),
            t.act("蜀女眷", "亂花", "魏護衛", "魏君主"), t.act("魏女眷", "亂花", "吳護衛", "魏君主"))
    assert t.status("魏女眷") == "alive"
    assert t.feedback("蜀殺手乙", "刺殺")[-1].data == {"failed": True}
    assert t.drew("成功判定 蜀女眷") == [] and t.drew("成功判定 魏女眷") == []
    assert t.state.vote_binds == {"魏護衛": "魏君主", "吳護衛": "魏君主"}


@pytest.mark.skill("白衣渡江")
def test_baiyi_failed_does_nothing():
    """A 白衣渡江 that fails its check (受傷) wounds no one, halves nothing, and is kept."""
    t = lu_meng()
    t.wound(LU).fail(LU, "白衣渡江")
    t.night(t.act(LU, "白衣渡江"))
    assert t.status(GUAN) == "alive" and t.player(LU).used == {}


@pytest.mark.skill("白衣渡江", "旋風")
def test_baiyi_failed_after_it_began_wounds_no_one():
    """技能發動失敗…視為未發動: 凌統's 旋風 (你的【刺殺】的目標當夜的所有行動均失敗) fails 呂蒙's 白衣渡江 after
    its first step; 關羽 is not wounded. (Review: the wound was written at once and stayed.)"""
    t = lu_meng(characters={"吳殺手乙": "凌統"})
    t.same_side_stab("吳殺手乙", LU, void=True)
    t.night(t.act(LU, "白衣渡江"), t.act("吳殺手乙", "刺殺", LU))
    assert t.only_feedback(LU, "白衣渡江").data == {"failed": True}
    assert t.status(GUAN) == "alive" and t.player(LU).used == {}


@pytest.mark.skill("士別三日")
def test_shibie_learns_a_random_skill():
    """士別三日：隨機學得一個在場角色的一項角色技能。 (He keeps it: 保留.)"""
    t = lu_meng()
    t.force(f"士別三日 {LU} 角色", "甄姬").force(f"士別三日 {LU} 技能", "洛神")
    t.decide(LU, "士別三日", "保留")
    t.night(t.act(LU, "士別三日"))
    assert "洛神" in t.player(LU).skills
    assert t.only_feedback(LU, "士別三日").data == {"learned": "洛神", "character": "甄姬"}
    assert "洛神" in t.player("魏女眷").skills  # learned, not taken
    assert t.player(LU).used == {"士別三日": 1}


@pytest.mark.skill("士別三日")
def test_shibie_swap_for_an_identity_skill_right():
    """學到技能後，你可以將其更為該角色的隨機一項身份技能的一次性發動權 — a killer's: one 刺殺, outside the count."""
    t = lu_meng()
    t.force(f"士別三日 {LU} 角色", "夏侯淵").force(f"士別三日 {LU} 技能", "神速")
    t.force(f"士別三日 {LU} 身份技能", "刺殺")
    t.decide(LU, "士別三日", "更換")
    t.night(t.act(LU, "士別三日"))
    assert "神速" not in t.player(LU).skills and t.player(LU).granted == {"刺殺": 1}
    t.day()
    t.night(t.act(LU, "刺殺", "魏女眷"), t.act("吳殺手乙", "刺殺", "魏護衛"))
    assert t.status("魏女眷") == "out" and t.status("魏護衛") == "out"
    assert t.player(LU).granted == {"刺殺": 0}


@pytest.mark.skill("士別三日")
def test_shibie_unanswered_he_keeps_the_skill():
    """「學到技能後，你可以將其更為…一次性發動權」: a 「可以」 left unanswered is not used (R32): he keeps the
    skill he learned, nothing is drawn for the choice. (Review: the choice was drawn at random.)"""
    t = lu_meng()
    t.force(f"士別三日 {LU} 角色", "夏侯淵").force(f"士別三日 {LU} 技能", "神速")
    t.lenient_night(t.act(LU, "士別三日"))
    assert "神速" in t.player(LU).skills and t.player(LU).granted == {}
    assert t.drew("預設選擇") == []
    assert [(d.skill, d.answer, d.defaulted) for d in t.last.decisions] == [("士別三日", "保留", True)]


@pytest.mark.skill("士別三日")
def test_shibie_never_awakening_or_hidden_skills():
    """（無法學習到覺醒技、隱藏技）: 獨斷的外交家·魯肅 offers only 中庸、遠見、聯劉抗曹."""
    t = lu_meng(characters={ZHOU: "魯肅"})
    t.force(f"士別三日 {LU} 角色", "獨斷的外交家·魯肅").force(f"士別三日 {LU} 技能", "遠見")
    t.decide(LU, "士別三日", "保留")
    t.night(t.act(LU, "士別三日"))
    assert t.drew(f"士別三日 {LU} 技能")[0]["options"] == ["中庸", "遠見", "聯劉抗曹"]


# ---- 陸遜 ----------------------------------------------------------------------
def lu_xun(**kw: Any) -> Table:
    return Table(characters={LU: "陸遜", **kw.pop("characters", {})}, **kw)


@pytest.mark.skill("謙遜")
def test_qianxun_second_inquiry():
    """謙遜：使用後當夜，你可以額外發動一次【暗訪】。"""
    t = lu_xun()
    t.night(t.act("魏殺手乙", "刺殺", "蜀女眷"), t.act("吳殺手乙", "刺殺", "魏女眷"))
    t.day()
    with pytest.raises(IllegalAction, match="已經發動過【暗訪】"):
        t.check(t.act(LU, "暗訪", "蜀女眷"), t.act(LU, "暗訪", "魏女眷"))
    t.night(t.act(LU, "謙遜"), t.act(LU, "暗訪", "蜀女眷"), t.act(LU, "暗訪", "魏女眷"))
    assert {f.target: f.data for f in t.feedback(LU, "暗訪")} == {
        "蜀女眷": {"character": "糜夫人"}, "魏女眷": {"character": "甄姬"}}


@pytest.mark.skill("謙遜")
def test_qianxun_failed_takes_the_extra_with_it():
    """技能發動失敗…視為未發動: with 謙遜 failed, the extra 暗訪 fails too; the first still goes off."""
    t = lu_xun()
    t.night(t.act("魏殺手乙", "刺殺", "蜀女眷"), t.act("吳殺手乙", "刺殺", "魏女眷"))
    t.day()
    t.wound(LU).fail(LU, "謙遜").succeed(LU, "暗訪")
    t.night(t.act(LU, "謙遜"), t.act(LU, "暗訪", "蜀女眷"), t.act(LU, "暗訪", "魏女眷"))
    assert {f.target: f.data for f in t.feedback(LU, "暗訪")} == {
        "蜀女眷": {"character": "糜夫人"}, "魏女眷": {"failed": True}}


@pytest.mark.skill("出將入相")
def test_chujiang_becomes_the_strategist():
    """出將入相：*被*當本國正軍師死亡時，你與其互識。你可以選擇將你的身份改為正軍師，然後你失去所有角色技能，
    並獲得原正軍師尚未消耗的角色技能。 — 周瑜's 英才早逝 went off at that very death: used up, not passed on."""
    t = lu_xun()
    t.decide(ZHOU, "英才早逝", "吳護衛").decide(LU, "出將入相", "改為正軍師")
    t.night(t.act("魏殺手乙", "刺殺", ZHOU))
    assert t.player(LU).known[ZHOU] == "周瑜" and t.player(ZHOU).known[LU] == "陸遜"
    assert t.player(LU).identity == "正軍師"
    assert t.player(LU).skills == ["聰慧", "火燒赤壁", "巧設反間"]
    assert t.feedback(LU, "出將入相")[-1].data == {"consumed": "出將入相", "changed": True,
                                                  "skills": ["聰慧", "火燒赤壁", "巧設反間"]}
    t.day()
    t.night(t.act(LU, "明察", "魏殺手甲"))  # now a 正軍師, with 聰慧
    assert t.only_feedback(LU, "明察").data == {"is_killer": True, "identity": "殺手"}
    with pytest.raises(IllegalAction, match="沒有技能【暗訪】"):
        t.check(t.act(LU, "暗訪", ZHOU))


@pytest.mark.skill("出將入相")
def test_chujiang_used_skills_are_not_gained_and_he_may_decline():
    """「尚未消耗的角色技能」: a limited skill 周瑜 used is not gained; 「你可以選擇」: declining keeps him as he is."""
    t = lu_xun()
    t.force(f"巧設反間 {ZHOU}→魏女眷 受傷", True)
    t.night(t.act(ZHOU, "巧設反間", "魏女眷"))
    t.day()
    t.decide(ZHOU, "英才早逝", "吳護衛").decide(LU, "出將入相", "改為正軍師")
    t.night(t.act("魏殺手乙", "刺殺", ZHOU))
    assert t.player(LU).skills == ["聰慧", "火燒赤壁"]
    t2 = lu_xun()
    t2.decide(ZHOU, "英才早逝", "吳護衛").decide(LU, "出將入相", "不改")
    t2.night(t2.act("魏殺手乙", "刺殺", ZHOU))
    assert t2.player(LU).identity == "副軍師" and t2.player(LU).skills == ["謙遜", "出將入相", "火燒連營"]
    assert t2.player(LU).used == {"出將入相": 1} and t2.player(LU).known[ZHOU] == "周瑜"


@pytest.mark.skill("出將入相")
@pytest.mark.interaction("出將入相", "孫權")
def test_chujiang_void_with_sun_quan():
    """孫權在場時，此技能無效。 — and only 本國's 正軍師."""
    t = lu_xun()
    t.decide("吳君主", "轉生", "孫權")
    t.night(t.act("魏殺手乙", "刺殺", "吳君主"))
    t.day()
    t.decide(ZHOU, "英才早逝", "吳護衛")
    t.night(t.act("魏殺手乙", "刺殺", ZHOU), t.act("吳殺手乙", "刺殺", "魏正軍師"))
    assert t.status(ZHOU) == "out" and t.status("魏正軍師") == "out"
    assert t.feedback(LU, "出將入相") == [] and ZHOU not in t.player(LU).known
    assert t.player(LU).used == {} and t.traced("孫權在場，此技能無效")


@pytest.mark.skill("火燒連營")
@pytest.mark.interaction("火燒連營", "劉備")
def test_huoshao_lianying_halves_shu_wounds_liu_bei_and_allies_wei_wu():
    """火燒連營：*全*使用後當夜，所有蜀國角色的行動成功率減半。若劉備在場，你令其受傷。魏吳聯盟達成（或延期）兩日兩夜。"""
    t = lu_xun()
    t.force("成功判定 蜀女眷【亂花】", False)
    t.night(t.act(LU, "火燒連營"), t.act("蜀女眷", "亂花", "魏護衛", "魏君主"), t.act("魏女眷", "亂花", "吳護衛", "魏君主"))
    assert t.status(LIUBEI) == "injured"
    assert t.only_feedback("蜀女眷", "亂花").data == {"failed": True}
    assert t.drew("成功判定 魏女眷") == []
    assert t.announced("alliances")[0]["countries"] == ["魏", "吳"]
    assert t.player(LU).used == {"火燒連營": 1} and t.feedback(LU, "火燒連營") == []
    t.day({"蜀殺手乙": "魏女眷"})  # 魏君主 (bound) and 魏女眷 tie at two: no one dies
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act(LU, "火燒連營"))


@pytest.mark.skill("火燒連營")
def test_huoshao_lianying_without_liu_bei():
    """「若劉備在場」: once 劉備 has died (轉生 as 劉封) no one is wounded; the halving and the alliance stand."""
    t = lu_xun()
    t.decide(LIUBEI, "轉生", "劉封")
    t.night(t.act("魏殺手乙", "刺殺", LIUBEI))
    t.day()
    t.night(t.act(LU, "火燒連營"))
    assert t.status(LIUBEI) == "alive" and t.last.announcement["injured"] == []
    assert t.announced("alliances")[0]["countries"] == ["魏", "吳"]


@pytest.mark.skill("慧才")
def test_huicai_is_shown_as_passive_and_cannot_be_submitted():
    """慧才 works by itself when he uses 明察: his page lists it as passive, and submitting it is refused."""
    from tianting.rules.kk33.views import player_view

    t = lone()
    rows = {r["skill"]: r for r in player_view(t.game, ZHOU)["skills"]}
    assert rows["慧才"]["kind"] == "passive" and rows["練兵"]["kind"] == "active"
    with pytest.raises(IllegalAction, match="被動技能"):
        t.check(t.act(ZHOU, "慧才"))


@pytest.mark.skill("出將入相")
def test_chujiang_not_when_he_dies_at_the_same_moment():
    """The deaths of one moment are simultaneous (R47): a 陸遜 who dies the same night as 周瑜 takes nothing over,
    and 英才早逝 cannot name him (「未出局的ID」)."""
    t = lu_xun()
    t.decide(ZHOU, "英才早逝", "吳女眷")
    t.night(t.act("魏殺手乙", "刺殺", ZHOU), t.act("蜀殺手甲", "刺殺", LU))
    assert t.status(ZHOU) == "out" and t.status(LU) == "out"
    assert t.feedback(LU, "出將入相") == [] and t.player(LU).identity == "副軍師"
    asked = next(d for d in t.last.decisions if d.skill == "英才早逝")
    assert LU not in asked.options and ZHOU not in asked.options and "吳女眷" in asked.options
