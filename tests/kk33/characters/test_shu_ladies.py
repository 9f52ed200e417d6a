"""Scenario tests for the 蜀 女眷: 糜夫人, 黃月英, 甘夫人, 關銀屏 (⊙蜀國篇), KK規則3.3版.

Each test quotes the sentence of 000_b521fc75d9962f03.txt it checks; the
rulings SN1 … are in docs/rulings/kk33-shu_ladies.md.

The tables seat 荀彧, 張遼 and 夏侯淵 instead of 司馬懿 (兵法) and 夏侯惇 (剛烈), whose
vote and harm modifiers would change the days these scenarios pass through.
"""

from __future__ import annotations

import pytest

from tianting.core.errors import IllegalAction
from tianting.testing import Table

SAFE = {"魏副軍師": "荀彧", "魏殺手甲": "張遼", "魏殺手乙": "夏侯淵"}
LADY = "蜀女眷"


def table(lady: str = "糜夫人", **chars: str) -> Table:
    return Table(characters={**SAFE, LADY: lady, **chars})


# ==== 糜夫人 =======================================================================
@pytest.mark.skill("深明大義")
def test_shenming_night_after_her_death_stabs_on_shu_half_void():
    """深明大義：*被*你死亡後次夜，所有針對本國角色的【刺殺】有一半概率失效。"""
    t = table()
    t.night(t.act("魏殺手甲", "刺殺", LADY))
    assert t.status(LADY) == "out"
    assert t.only_feedback(LADY, "深明大義").data == {"consumed": "深明大義"}
    t.day()
    t.force("深明大義失效判定 魏殺手甲→蜀護衛", True).force("深明大義失效判定 吳殺手甲→蜀君主", False)
    t.decide("蜀君主", "轉生", "劉封")
    t.night(t.act("魏殺手甲", "刺殺", "蜀護衛"), t.act("吳殺手甲", "刺殺", "蜀君主"),
            t.act("蜀殺手甲", "刺殺", "魏女眷"))
    assert t.status("蜀護衛") == "alive" and t.traced("魏殺手甲 的刺殺對 蜀護衛 無效：蜀女眷 深明大義（一半概率失效）")
    assert t.player("蜀君主").character == "劉封"  # the other 刺殺 stayed valid (轉生)
    assert t.status("魏女眷") == "out" and t.drew("深明大義失效判定 蜀殺手甲") == []  # only 本國角色
    t.day()
    t.night(t.act("魏殺手甲", "刺殺", "蜀護衛"))
    assert t.status("蜀護衛") == "out"  # 次夜 only


@pytest.mark.skill("深明大義")
def test_shenming_after_a_vote_death_the_next_night():
    """你死亡後次夜 — after a death by day, the night that follows."""
    t = table()
    t.quiet_night()
    t.day({pid: LADY for pid in ("魏君主", "魏護衛", "吳君主", "吳護衛")})
    assert t.status(LADY) == "out"
    t.force("深明大義失效判定 魏殺手甲→蜀護衛", True)
    t.night(t.act("魏殺手甲", "刺殺", "蜀護衛"))
    assert t.status("蜀護衛") == "alive"


@pytest.mark.skill("蕙質蘭心")
def test_huizhi_used_limited_skills_come_back():
    """蕙質蘭心：指定一個ID，令其已經正常消耗…的所有限定技能全部復原。"""
    t = table()
    t.night(t.act("吳正軍師", "去偽存真", "魏君主"))
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("吳正軍師", "去偽存真", "魏護衛"))
    t.night(t.act(LADY, "蕙質蘭心", "吳正軍師"))
    fb = t.only_feedback("吳正軍師", "蕙質蘭心")
    assert fb.data == {"restored": ["去偽存真"]}
    assert t.feedback(LADY, "蕙質蘭心") == []
    t.day()
    t.night(t.act("吳正軍師", "去偽存真", "魏護衛"))
    assert t.only_feedback("吳正軍師", "去偽存真").data == {"country": "魏"}
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act(LADY, "蕙質蘭心", "吳正軍師"))


@pytest.mark.skill("蕙質蘭心")
def test_huizhi_a_skill_used_the_same_night_comes_back_too():
    """令其已經正常消耗…的所有限定技能全部復原 — 蕙質蘭心 takes effect at the end of the night (SN2), when a
    去偽存真 its target used that night has already been used up: it comes back, and he learned its answer."""
    t = table()
    t.night(t.act(LADY, "蕙質蘭心", "吳正軍師"), t.act("吳正軍師", "去偽存真", "魏君主"))
    assert t.only_feedback("吳正軍師", "去偽存真").data == {"country": "魏"}
    assert t.only_feedback("吳正軍師", "蕙質蘭心").data == {"restored": ["去偽存真"]}
    assert "去偽存真" not in t.player("吳正軍師").used


@pytest.mark.skill("蕙質蘭心")
def test_huizhi_lost_limited_skills_come_back():
    """…或失去的所有限定技能全部復原 — 張飛's 迎娶新妻, lost to 夏侯涓's 連理並蒂, is his again."""
    t = table(魏女眷="夏侯涓", 蜀殺手乙="張飛")
    t.night(t.act("魏女眷", "連理並蒂"))
    assert "迎娶新妻" not in t.player("蜀殺手乙").skills
    t.day()
    t.night(t.act(LADY, "蕙質蘭心", "蜀殺手乙"))
    assert "迎娶新妻" in t.player("蜀殺手乙").skills
    assert t.only_feedback("蜀殺手乙", "蕙質蘭心").data == {"restored": ["迎娶新妻"]}


@pytest.mark.skill("蕙質蘭心")
def test_huizhi_awakenings_stay_awakened():
    """覺醒技 are triggered, not used up (SN2): SP蔡文姬's awakened 金璧之才 is not restored (it would
    awaken again)."""
    t = table(魏女眷="SP蔡文姬")
    t.player("魏女眷").used["金璧之才"] = 1  # as if awakened on an earlier night
    t.night(t.act(LADY, "蕙質蘭心", "魏女眷"))
    assert t.only_feedback("魏女眷", "蕙質蘭心").data == {"restored": []}
    assert t.player("魏女眷").used == {"金璧之才": 1}


@pytest.mark.skill("蕙質蘭心")
def test_huizhi_on_herself_does_not_restore_itself():
    """蕙質蘭心 on herself: nothing else used, and 蕙質蘭心 is not restored by its own use (SN2)."""
    t = table()
    t.night(t.act(LADY, "蕙質蘭心", LADY))
    assert t.only_feedback(LADY, "蕙質蘭心").data == {"restored": []}
    assert t.player(LADY).used == {"蕙質蘭心": 1}


def liu_chan(t: Table) -> None:
    t.decide("蜀君主", "轉生", "劉禪")
    t.night(t.act("魏殺手甲", "刺殺", "蜀君主"))
    assert t.player("蜀君主").character == "劉禪"


@pytest.mark.skill("危情長坂")
@pytest.mark.interaction("危情長坂", "劉禪", "趙雲")
def test_weiqing_liu_chan_arrives_she_knows_him_and_zhao_yun():
    """危情長坂：*覺醒技*劉禪登場時，你與其互識，你與趙雲（若在場）互識，獲得技能【投井自盡】。"""
    t = table()
    liu_chan(t)
    assert [f.data for f in t.feedback(LADY, "危情長坂")] == [{"awakened": True}, {"gained": "投井自盡"}]
    known = {f.target for f in t.feedback(LADY, "互識")}
    assert known == {"蜀君主", "蜀護衛"}
    assert t.player(LADY).known == {"蜀君主": "劉禪", "蜀護衛": "趙雲"}
    assert t.player("蜀君主").known[LADY] == "糜夫人" and t.player("蜀護衛").known[LADY] == "糜夫人"
    assert "投井自盡" in t.player(LADY).skills


@pytest.mark.skill("危情長坂")
def test_weiqing_not_for_liu_feng_and_without_zhao_yun():
    """劉禪登場時 only (not 劉封); 趙雲（若在場）: with 魏延 as 護衛 she knows 劉禪 only."""
    t = table()
    t.decide("蜀君主", "轉生", "劉封")
    t.night(t.act("魏殺手甲", "刺殺", "蜀君主"))
    assert t.feedback(LADY, "危情長坂") == [] and t.player(LADY).used == {}
    t2 = table(蜀護衛="魏延")
    liu_chan(t2)
    assert t2.player(LADY).known == {"蜀君主": "劉禪"}


@pytest.mark.skill("危情長坂")
def test_weiqing_heard_once_the_deaths_of_that_moment_settle():
    """劉禪登場時 (the shared 「X登場時」 hook, SN3): deaths of one moment are simultaneous (R47) — a 趙雲 who
    dies with 劉備 is no longer 在場 when 劉禪 comes in; a 糜夫人 who dies with him never awakens."""
    t = table()
    t.decide("蜀君主", "轉生", "劉禪")
    t.night(t.act("魏殺手甲", "刺殺", "蜀君主"), t.act("吳殺手甲", "刺殺", "蜀護衛"))
    assert t.status("蜀護衛") == "out" and t.player("蜀君主").character == "劉禪"
    assert t.player(LADY).known == {"蜀君主": "劉禪"} and "投井自盡" in t.player(LADY).skills
    t2 = table()
    t2.decide("蜀君主", "轉生", "劉禪")
    t2.night(t2.act("魏殺手甲", "刺殺", "蜀君主"), t2.act("吳殺手甲", "刺殺", LADY))
    assert t2.status(LADY) == "out" and t2.feedback(LADY, "危情長坂") == []
    assert "危情長坂" not in t2.player(LADY).used and LADY not in t2.player("蜀君主").known


@pytest.mark.skill("投井自盡")
def test_toujing_hidden_until_awakened():
    """投井自盡：*隱藏技* — 隱藏技是指在覺醒技觸發之後才能使用的技能。"""
    t = table()
    with pytest.raises(IllegalAction, match="隱藏技"):
        t.check(t.act(LADY, "投井自盡"))


@pytest.mark.skill("投井自盡")
def test_toujing_she_leaves_and_votes_on_shu_are_void():
    """投井自盡：你退出歷史舞台，次日所有針對本國角色的投票無效。"""
    t = table()
    liu_chan(t)
    t.day()
    t.night(t.act(LADY, "投井自盡"), t.act("蜀護衛", "援護", LADY))
    assert t.status(LADY) == "out"  # 退出歷史舞台 is not stopped by 援護
    assert [d.cause for d in t.last.deaths] == ["投井自盡（退出歷史舞台）"]
    t.day({pid: "蜀君主" for pid in ("魏君主", "魏護衛", "吳君主", "吳護衛", "吳女眷")} | {"蜀殺手甲": "魏女眷"})
    assert t.status("蜀君主") == "alive"
    assert "蜀君主" not in t.announced("tally") and t.announced("tally")["魏女眷"] == 2


# ==== 黃月英 =======================================================================
@pytest.mark.skill("木牛流馬")
def test_muniu_strategists_investigate_twice():
    """木牛流馬：使用後當夜，本國軍師可額外發動一次【明察】，本國副軍師可額外發動一次【暗訪】。"""
    t = table("黃月英")
    t.night(t.act("吳殺手甲", "刺殺", "魏女眷"), t.act("魏殺手甲", "刺殺", "吳女眷"))
    t.day()
    with pytest.raises(IllegalAction, match="已經發動過"):
        t.check(t.act("蜀正軍師", "明察", "魏君主"), t.act("蜀正軍師", "明察", "魏護衛"))
    with pytest.raises(IllegalAction, match="已經發動過"):  # 本國: not the other countries' 軍師
        t.check(t.act(LADY, "木牛流馬"), t.act("吳正軍師", "明察", "魏君主"), t.act("吳正軍師", "明察", "魏護衛"))
    t.night(t.act(LADY, "木牛流馬"), t.act("蜀正軍師", "明察", "魏君主"), t.act("蜀正軍師", "明察", "魏殺手甲"),
            t.act("蜀副軍師", "暗訪", "魏女眷"), t.act("蜀副軍師", "暗訪", "吳女眷"))
    assert [f.data["is_killer"] for f in t.feedback("蜀正軍師", "明察")] == [False, True]
    assert [f.data["character"] for f in t.feedback("蜀副軍師", "暗訪")] == ["甄姬", "小喬"]
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act(LADY, "木牛流馬"))



@pytest.mark.skill("木牛流馬")
def test_muniu_failed_grant_fails_the_extra_use():
    """A failed 木牛流馬 (受傷) is as if not used: the extra 明察 fails with it (R27)."""
    t = table("黃月英").wound(LADY)
    t.fail(LADY, "木牛流馬")
    t.night(t.act(LADY, "木牛流馬"), t.act("蜀正軍師", "明察", "魏君主"), t.act("蜀正軍師", "明察", "魏殺手甲"))
    got = {f.target: f.data for f in t.feedback("蜀正軍師", "明察")}
    assert got == {"魏君主": {"is_killer": False}, "魏殺手甲": {"failed": True}}
    assert t.player(LADY).used == {}


@pytest.mark.skill("諸葛連弩")
def test_liannu_shu_killers_stab_twice():
    """諸葛連弩：使用後當夜，本國殺手可額外發動一次【刺殺】。"""
    t = table("黃月英")
    with pytest.raises(IllegalAction, match="只能發動1次"):
        t.check(t.act("蜀殺手甲", "刺殺", "魏女眷"), t.act("蜀殺手乙", "刺殺", "吳女眷"))
    t.night(t.act(LADY, "諸葛連弩"), t.act("蜀殺手甲", "刺殺", "魏女眷"), t.act("蜀殺手乙", "刺殺", "吳女眷"))
    assert t.status("魏女眷") == "out" and t.status("吳女眷") == "out"
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act(LADY, "諸葛連弩"))


@pytest.mark.skill("諸葛連弩")
def test_liannu_failed_grant_fails_the_extra_stab():
    """A failed 諸葛連弩 (受傷) gives nothing: one of the two 刺殺 fails, the other goes on. Which one was the
    extra is drawn, whichever killer submitted first (R49)."""
    for order in ("甲-first", "乙-first"):
        t = table("黃月英").wound(LADY)
        t.fail(LADY, "諸葛連弩").force("額外的刺殺 蜀#1", "蜀殺手乙→吳女眷")
        stabs = [t.act("蜀殺手甲", "刺殺", "魏女眷"), t.act("蜀殺手乙", "刺殺", "吳女眷")]
        t.night(t.act(LADY, "諸葛連弩"), *(stabs if order == "甲-first" else stabs[::-1]))
        assert t.status("魏女眷") == "out" and t.status("吳女眷") == "alive"
        assert t.feedback("蜀殺手乙", "刺殺")[-1].data == {"failed": True}


# ==== 甘夫人 =======================================================================
@pytest.mark.skill("淑慎")
def test_shushen_vote_on_own_country_is_void():
    """淑慎：*被*當你的投票目標為本國角色時，你的投票無效。"""
    t = table("甘夫人")
    t.quiet_night()
    t.day({LADY: "蜀護衛"})
    assert t.traced(f"{LADY} 的投票無效：{LADY} 淑慎") and t.announced("tally")["蜀護衛"] == 1
    t.quiet_night()
    t.day({LADY: "魏女眷"})
    assert t.announced("tally")["魏女眷"] == 2


@pytest.mark.skill("淑慎")
def test_shushen_self_vote_and_bound_vote():
    """投票不能棄權，棄權…視為自投 — a self-vote is on her own country; 亂花 moving her vote to 蜀 too."""
    t = table("甘夫人")
    t.quiet_night()
    t.day()
    assert t.traced(f"{LADY} 的投票無效")
    t.night(t.act("魏女眷", "亂花", LADY, "蜀君主"))
    t.day({LADY: "魏護衛"})
    assert t.announced("tally").get("魏護衛") == 1 and t.traced(f"{LADY} 的投票無效")


@pytest.mark.skill("神智")
def test_shenzhi_learns_targets_of_her_country():
    """神智：*被*當你的【亂花】的目標為本國角色時，你獲悉之。"""
    t = table("甘夫人")
    t.night(t.act(LADY, "亂花", "蜀殺手甲", "魏女眷"))
    fb = t.only_feedback(LADY, "神智")
    assert fb.data["ours"] == ["蜀殺手甲"] and "蜀殺手甲" in fb.text and "魏女眷" not in fb.data["ours"]
    t.day()
    t.night(t.act(LADY, "亂花", "吳君主", "吳護衛"))
    assert t.feedback(LADY, "神智") == []


@pytest.mark.skill("神智")
def test_shenzhi_not_for_a_void_bind():
    """A 亂花 that is void (王異's 貞烈) tells her nothing."""
    t = table("甘夫人", 魏女眷="王異")
    t.night(t.act(LADY, "亂花", "魏女眷", "蜀君主"))
    assert t.feedback(LADY, "神智") == []


@pytest.mark.skill("相夫教子")
@pytest.mark.interaction("相夫教子", "劉備")
def test_xiangfu_shields_her_and_liu_bei():
    """相夫教子：使用後當夜，所有針對你和劉備/劉禪的【刺殺】失效。"""
    t = table("甘夫人")
    t.night(t.act(LADY, "相夫教子"), t.act("魏殺手甲", "刺殺", LADY), t.act("吳殺手甲", "刺殺", "蜀君主"))
    assert t.status(LADY) == "alive" and t.status("蜀君主") == "alive" and t.player("蜀君主").life == 0
    assert t.state.alliances == []  # the text makes no alliance
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act(LADY, "相夫教子"))


@pytest.mark.skill("相夫教子")
@pytest.mark.interaction("相夫教子", "劉禪")
def test_xiangfu_with_liu_chan_and_void_with_liu_feng():
    """若劉備/劉禪不在場則失效 — 劉禪 counts; after 劉封 it is void (used, not told)."""
    t = table("甘夫人")
    t.decide("蜀君主", "轉生", "劉禪")
    t.night(t.act("魏殺手甲", "刺殺", "蜀君主"))
    t.day()
    t.night(t.act(LADY, "相夫教子"), t.act("吳殺手甲", "刺殺", "蜀君主"))
    assert t.status("蜀君主") == "alive"
    t2 = table("甘夫人")
    t2.decide("蜀君主", "轉生", "劉封")
    t2.night(t2.act("魏殺手甲", "刺殺", "蜀君主"))
    t2.day()
    t2.night(t2.act(LADY, "相夫教子"), t2.act("吳殺手甲", "刺殺", LADY))
    assert t2.status(LADY) == "out" and t2.feedback(LADY, "相夫教子") == []
    assert t2.traced("相夫教子】失效：劉備/劉禪不在場")


# ==== 關銀屏 =======================================================================
@pytest.mark.skill("血祭")
def test_xueji_her_voters_get_one_more_vote_from_then_on():
    """血祭：*被*當你的得票數為全場最高時，所有在本次投票中投票對象為你的角色此後得票數均+1。"""
    t = table("關銀屏")
    t.quiet_night()
    t.day({"魏君主": LADY, "魏護衛": LADY, "吳君主": "魏女眷", "吳護衛": "魏女眷"})
    # 關銀屏 3 (with her own), 魏女眷 3: tied at the top, no one dies; her two voters are marked
    assert t.status(LADY) == "alive"
    assert t.state.extra["血祭"] == {"魏君主": 1, "魏護衛": 1}
    t.quiet_night()
    t.day()
    assert t.announced("tally")["魏君主"] == 2 and t.announced("tally")["魏護衛"] == 2  # own vote +1
    assert t.announced("tally")["吳君主"] == 1  # not her voter


@pytest.mark.skill("血祭")
def test_xueji_not_when_she_is_not_the_top():
    """當你的得票數為全場最高時 only."""
    t = table("關銀屏")
    t.quiet_night()
    t.day({"魏君主": LADY, "吳君主": "魏女眷", "吳護衛": "魏女眷"})
    assert "血祭" not in t.state.extra
    assert t.status("魏女眷") == "out"


@pytest.mark.skill("血祭")
def test_xueji_lasts_after_her_death():
    """此後得票數均+1 — the marks stay once she has died of the votes that set them."""
    t = table("關銀屏")
    t.quiet_night()
    t.day({"魏君主": LADY, "魏護衛": LADY})
    assert t.status(LADY) == "out"
    t.quiet_night()
    t.day()
    assert t.announced("tally")["魏護衛"] == 2


@pytest.mark.skill("將門虎女")
@pytest.mark.interaction("將門虎女", "關羽", "關平")
def test_jiangmen_a_stab_instead_of_a_bind_and_she_knows_guan_yu_guan_ping():
    """將門虎女：使用後當夜，你可以不發動【亂花】，而是發動一次【刺殺】。你與關羽（若在場）互識，你與關平（若在場）互識。"""
    t = table("關銀屏", 蜀護衛="關平")
    t.night(t.act(LADY, "將門虎女", "魏女眷"), t.act(LADY, "亂花", "魏君主", "吳君主"),
            t.act("蜀殺手甲", "刺殺", "吳女眷"))
    assert t.status("魏女眷") == "out" and t.status("吳女眷") == "out"  # outside the country's count
    assert t.state.vote_binds == {}  # 不發動【亂花】，而是…
    assert {f.target for f in t.feedback(LADY, "互識")} == {"蜀殺手甲", "蜀護衛"}
    assert t.player(LADY).known == {"蜀殺手甲": "關羽", "蜀護衛": "關平"}
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act(LADY, "將門虎女"))


@pytest.mark.skill("將門虎女")
def test_jiangmen_without_a_target_only_recognition():
    """你可以…: with no target there is no 刺殺; 關平（若在場）— with 趙雲 as 護衛, only 關羽."""
    t = table("關銀屏")
    t.night(t.act(LADY, "將門虎女"), t.act(LADY, "亂花", "魏君主", "吳君主"))
    assert t.state.vote_binds == {"魏君主": "吳君主"}
    assert t.player(LADY).known == {"蜀殺手甲": "關羽"}
    assert t.announced("exited") == []


@pytest.mark.skill("將門虎女")
def test_jiangmen_stab_is_a_stab_same_country_half():
    """A 刺殺 (當【刺殺】的目標為同國或同盟角色時，有一半概率失效)."""
    t = table("關銀屏")
    t.same_side_stab(LADY, "蜀君主", True)
    t.night(t.act(LADY, "將門虎女", "蜀君主"))
    assert t.status("蜀君主") == "alive" and t.player("蜀君主").life == 0


@pytest.mark.skill("將門虎女")
def test_jiangmen_submission_order_does_not_matter():
    """The 亂花 listed before 將門虎女 is void all the same (everything in one phase happens at once)."""
    t = table("關銀屏")
    t.night(t.act(LADY, "亂花", "魏君主", "吳君主"), t.act(LADY, "將門虎女", "魏女眷"))
    assert t.state.vote_binds == {} and t.status("魏女眷") == "out"


@pytest.mark.skill("危情長坂")
def test_weiqing_liu_chan_arrives_by_day():
    """劉禪登場時 — also when 劉備 dies of the votes: she is told by day, and they recognise each other."""
    t = table()
    t.player("蜀君主").skills.remove("漢裔")  # as if lost to 曹丕's 代漢自立: votes on 劉備 count
    t.quiet_night()
    t.decide("蜀君主", "轉生", "劉禪")
    t.day({pid: "蜀君主" for pid in ("魏君主", "魏護衛", "吳君主", "吳護衛")})
    assert t.player("蜀君主").character == "劉禪"
    assert [f.data for f in t.feedback(LADY, "危情長坂")][0] == {"awakened": True}
    assert t.player(LADY).known == {"蜀君主": "劉禪", "蜀護衛": "趙雲"}
    t.night(t.act(LADY, "投井自盡"))
    assert t.status(LADY) == "out"


@pytest.mark.skill("血祭")
def test_xueji_on_a_day_of_xuanyuan_too():
    """血祭 watches the count whatever rule decides the day: on a day of 法正's 眩遠惑近 (the top stays,
    the second leaves), her voters are marked all the same."""
    t = table("關銀屏", 蜀副軍師="法正")
    t.night(t.act("蜀副軍師", "眩遠惑近"))
    t.day({"魏君主": LADY, "魏護衛": LADY, "吳君主": "魏女眷"})
    assert t.status(LADY) == "alive" and t.status("魏女眷") == "out"
    assert t.state.extra["血祭"] == {"魏君主": 1, "魏護衛": 1}


@pytest.mark.skill("投井自盡")
def test_toujing_votes_on_other_countries_count_and_only_the_next_day():
    """次日所有針對本國角色的投票無效 — votes on the other countries count; the day after, all count again."""
    t = table()
    liu_chan(t)
    t.day()
    t.night(t.act(LADY, "投井自盡"))
    t.day({"魏君主": "吳女眷", "魏護衛": "蜀護衛"})
    assert t.announced("tally")["吳女眷"] == 2 and "蜀護衛" not in t.announced("tally")
    t.quiet_night()
    t.day({"魏護衛": "蜀護衛"})
    assert t.announced("tally")["蜀護衛"] == 2
