"""Scenario tests for the 吳 君主 『孫堅-孫策/孫權』 (⊙吳國篇 of KK規則3.3版).

Each test quotes the sentence of 000_b521fc75d9962f03.txt it checks; rulings WU1 … are in
docs/rulings/kk33-wu_lords.md.
"""

from __future__ import annotations

import pytest

from tianting.core.errors import IllegalAction
from tianting.core.state import Alliance
from tianting.testing import Table

ZHANG_LIAO = {"魏殺手乙": "張遼"}


def reincarnate(t: Table, form: str) -> None:
    """Kill 孫堅 at night with a 蜀 刺殺; he plays on as ``form``."""
    t.decide("吳君主", "轉生", form)
    t.night(t.act("蜀殺手甲", "刺殺", "吳君主"))
    assert t.player("吳君主").character == form


# ---- 孫堅 ----------------------------------------------------------------------
@pytest.mark.skill("英魂")
@pytest.mark.skill("威震逍遙津")
@pytest.mark.interaction("英魂", "張遼")
def test_yinghun_makes_weizhen_xiaoyaojin_fail():
    """英魂：*被*若張遼使用【威震逍遙津】，則【威震逍遙津】使用失敗。 (WU1: 張遼 is told, keeps the skill,
    吳's actions are not halved, the 魏吳聯盟 stands)"""
    t = Table(characters=ZHANG_LIAO).wound("吳正軍師")
    t.state.alliances.append(Alliance(("魏", "吳"), start=0, end=3))
    t.fail("吳正軍師", "明察")
    t.night(t.act("魏殺手乙", "威震逍遙津"), t.act("吳正軍師", "明察", "魏殺手甲"))
    assert [d["options"][0] for d in t.drew("成功判定 吳正軍師")] == ["是:1/2"]  # the wound's half only
    assert t.only_feedback("魏殺手乙", "威震逍遙津").data == {"failed": True}
    assert t.game.uses_left(t.player("魏殺手乙"), "威震逍遙津") == 1
    assert t.state.allied("魏", "吳", 1)
    assert not t.traced("魏吳聯盟破裂")
    assert t.traced("吳君主 英魂：張遼使用的【威震逍遙津】使用失敗")


@pytest.mark.skill("英魂")
def test_yinghun_gone_with_sun_jian():
    """英魂 is 孫堅's: once he has died (轉生), 威震逍遙津 goes off."""
    t = Table(characters=ZHANG_LIAO)
    reincarnate(t, "孫權")
    t.state.alliances.append(Alliance(("魏", "吳"), start=0, end=5))
    t.day()
    t.night(t.act("魏殺手乙", "威震逍遙津"))
    assert t.feedback("魏殺手乙", "威震逍遙津") == []
    assert t.traced("魏吳聯盟破裂")


@pytest.mark.skill("先主")
def test_xianzhu_stabs_by_his_own_country_are_void():
    """先主：*被*本國角色對你的【刺殺】…無效 (no 同國 half chance drawn); other countries' stabs kill."""
    t = Table()
    t.night(t.act("吳殺手甲", "刺殺", "吳君主"))
    assert t.status("吳君主") == "alive" and t.drew("刺殺同國失效判定") == []
    assert t.traced("先主（本國角色對其的刺殺無效）")
    t.day()
    t.decide("吳君主", "轉生", "孫策")
    t.night(t.act("魏殺手甲", "刺殺", "吳君主"))
    assert t.player("吳君主").character == "孫策"


@pytest.mark.skill("先主")
def test_xianzhu_luanhua_naming_him_as_a_or_b_is_void():
    """先主：本國角色對你的…【亂花】（包括被指定為目標A或B）無效 — a 蜀 lady's 亂花 works."""
    t = Table()
    t.night(t.act("吳女眷", "亂花", "吳君主", "魏君主"))
    assert t.state.vote_binds == {}
    t.day()
    t.night(t.act("吳女眷", "亂花", "蜀君主", "吳君主"))
    assert t.state.vote_binds == {}
    t.day()
    t.night(t.act("蜀女眷", "亂花", "吳君主", "魏君主"))
    assert t.state.vote_binds == {"吳君主": "魏君主"}


@pytest.mark.skill("先主", "練兵")
def test_xianzhu_lianbing_bind_is_a_bind_too():
    """先主：本國角色對你的…【亂花】（包括被指定為目標A或B）無效 — 魯肅's 練兵 「發動一次…【亂花】」 is a 亂花
    (WU-S7): naming 孫堅 as A, it is void; its 「智」 is spent all the same (失效). (Review: only a skill
    named 亂花 was caught.)"""
    t = Table(characters={"吳正軍師": "魯肅", "吳副軍師": "陸遜"})
    t.night(t.act("吳正軍師", "明察", "魏殺手甲"))
    t.day()
    t.night(t.act("吳正軍師", "明察", "蜀殺手乙"))  # 大智若愚 awakens: 練兵, two 「智」
    t.day()
    t.night(t.act("吳正軍師", "練兵", "吳君主", "蜀女眷", choice="亂花"))
    assert t.state.vote_binds == {} and t.traced("先主（本國角色對其的亂花無效）")
    assert t.player("吳正軍師").marker("智") == 1


@pytest.mark.skill("先主")
def test_xianzhu_investigated_by_a_compatriot_they_recognise():
    """先主：當本國角色的【明察】的目標為你時，你與其互識。 (a 魏 明察 does not; the 明察's answer stands)"""
    t = Table()
    t.night(t.act("吳正軍師", "明察", "吳君主"), t.act("魏正軍師", "明察", "吳君主"))
    assert t.only_feedback("吳君主", "互識").data["character"] == t.player("吳正軍師").character
    assert t.only_feedback("吳正軍師", "互識").data == {"character": "孫堅", "via": "先主"}
    assert t.only_feedback("吳正軍師", "明察").data["is_killer"] is False  # (周瑜's 聰慧 adds the identity)
    assert t.feedback("魏正軍師", "互識") == []


@pytest.mark.skill("先主")
def test_xianzhu_failed_investigation_makes_no_recognition():
    """A 明察 that failed (受傷) is as if not used: no 互識."""
    t = Table().wound("吳正軍師")
    t.fail("吳正軍師", "明察")
    t.night(t.act("吳正軍師", "明察", "吳君主"))
    assert t.feedback("吳君主", "互識") == []


@pytest.mark.skill("亂世英雄")
def test_luanshi_yingxiong_lends_one_identity_skill():
    """亂世英雄：使用後當夜，你可以發動一次除【刺殺】、【招賢納才】外的任意主動身份技能。 (WU3)"""
    t = Table()
    t.night(t.act("吳君主", "亂世英雄"), t.act("吳君主", "明察", "魏殺手甲"))
    assert t.only_feedback("吳君主", "明察").data == {"is_killer": True}
    assert t.game.uses_left(t.player("吳君主"), "亂世英雄") == 0
    t.day()
    with pytest.raises(IllegalAction, match="沒有技能【明察】"):
        t.check(t.act("吳君主", "明察", "魏殺手甲"))  # once, that night only


@pytest.mark.skill("亂世英雄")
def test_luanshi_yingxiong_guard_and_dead_inquiry():
    """任意主動身份技能: 援護 (a guard's), and 暗訪 of a dead id with its own target rule."""
    t = Table()
    t.night(t.act("吳君主", "亂世英雄"), t.act("吳君主", "援護", "吳女眷"), t.act("蜀殺手甲", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "alive"
    t2 = Table()
    t2.night(t2.act("魏殺手甲", "刺殺", "蜀女眷"))
    t2.day()
    t2.night(t2.act("吳君主", "亂世英雄"), t2.act("吳君主", "暗訪", "蜀女眷"))
    assert t2.only_feedback("吳君主", "暗訪").data == {"character": t2.player("蜀女眷").character}


@pytest.mark.skill("亂世英雄")
def test_luanshi_yingxiong_not_stab_nor_recruit_nor_twice():
    """除【刺殺】、【招賢納才】外; 一次; the borrowed skill listed before or after 亂世英雄 (R27)."""
    t = Table()
    with pytest.raises(IllegalAction, match="沒有技能【刺殺】"):
        t.check(t.act("吳君主", "亂世英雄"), t.act("吳君主", "刺殺", "魏君主"))
    with pytest.raises(IllegalAction, match="一次性使用權已用完"):
        t.check(t.act("吳君主", "亂世英雄"), t.act("吳君主", "明察", "魏君主"), t.act("吳君主", "明察", "蜀君主"))
    with pytest.raises(IllegalAction, match="只能發動一次其他主動身份技能"):
        t.check(t.act("吳君主", "亂世英雄"), t.act("吳君主", "明察", "魏君主"), t.act("吳君主", "援護", "蜀君主"))
    t.check(t.act("吳君主", "亂世英雄"), t.act("吳君主", "招賢納才", "魏君主"), t.act("吳君主", "明察", "蜀君主"))
    with pytest.raises(IllegalAction, match="沒有技能【明察】"):
        t.check(t.act("吳君主", "明察", "魏君主"))
    t.check(t.act("吳君主", "明察", "魏君主"), t.act("吳君主", "亂世英雄"))


@pytest.mark.skill("亂世英雄")
def test_luanshi_yingxiong_one_check_and_failure_takes_the_borrowed_skill():
    """One success check (亂世英雄's): when wounded and it fails, the 明察 is as if not used; the
    limited skill is kept (技能發動失敗…可再次發動)."""
    t = Table().wound("吳君主")
    t.fail("吳君主", "亂世英雄")
    t.night(t.act("吳君主", "亂世英雄"), t.act("吳君主", "明察", "魏殺手甲"))
    assert t.only_feedback("吳君主", "亂世英雄").data == {"failed": True}
    assert t.feedback("吳君主", "明察") == []
    assert t.drew("成功判定 吳君主【明察】") == []
    assert t.game.uses_left(t.player("吳君主"), "亂世英雄") == 1
    t.day()
    t.wound("吳君主").succeed("吳君主", "亂世英雄")
    t.night(t.act("吳君主", "亂世英雄"), t.act("吳君主", "明察", "魏殺手甲"))
    assert t.only_feedback("吳君主", "明察").data == {"is_killer": True}
    assert t.drew("成功判定 吳君主【明察】") == []


# ---- 孫策 ----------------------------------------------------------------------
@pytest.mark.skill("莫逆之交")
@pytest.mark.interaction("莫逆之交", "周瑜", "太史慈")
def test_moni_zhijiao_recognises_zhou_yu_and_taishi_ci_on_coming():
    """莫逆之交：*被*當你登場時，你與周瑜（若在場）互識，你與太史慈（若在場）互識。"""
    t = Table(characters={"吳正軍師": "周瑜", "吳護衛": "太史慈"})
    reincarnate(t, "孫策")
    assert {f.target for f in t.feedback("吳君主", "互識")} == {"吳正軍師", "吳護衛"}
    assert t.only_feedback("吳護衛", "互識").data == {"character": "孫策", "via": "莫逆之交"}
    assert t.only_feedback("吳君主", "莫逆之交").data == {"consumed": True}


@pytest.mark.skill("莫逆之交")
def test_moni_zhijiao_absent_partners():
    """（若在場）: 周瑜 dead, 太史慈 not seated — no 互識."""
    t = Table(characters={"吳正軍師": "周瑜", "吳護衛": "朱然"})
    t.decide("吳正軍師", "英才早逝", "群雄")  # 周瑜's own death skill
    t.night(t.act("魏殺手甲", "刺殺", "吳正軍師"))
    t.day()
    reincarnate(t, "孫策")
    assert t.feedback("吳君主", "互識") == []


@pytest.mark.skill("橫掃江東")
def test_hengsao_one_id_is_a_stab():
    """橫掃江東：1、指定1個ID，視為對其發動了一次【刺殺】 (outside 吳's count: 吳's killers stab too)."""
    t = Table()
    reincarnate(t, "孫策")
    t.day()
    t.night(t.act("吳君主", "橫掃江東", "魏女眷"), t.act("吳殺手甲", "刺殺", "蜀女眷"))
    assert t.status("魏女眷") == "out" and t.status("蜀女眷") == "out"
    assert t.game.uses_left(t.player("吳君主"), "橫掃江東") == 0


@pytest.mark.skill("橫掃江東")
def test_hengsao_two_ids_stab_himself_too():
    """2、指定2個ID，視為你對他們和你自己發動了一次【刺殺】 — his own is 同國 (WU5): half void."""
    t = Table()
    reincarnate(t, "孫策")
    t.day()
    t.same_side_stab("吳君主", "吳君主", void=False)
    t.decide("吳君主", "託孤", "吳女眷")
    t.night(t.act("吳君主", "橫掃江東", "魏女眷", "蜀女眷"))
    assert t.status("魏女眷") == "out" and t.status("蜀女眷") == "out" and t.status("吳君主") == "out"


@pytest.mark.skill("橫掃江東")
def test_hengsao_guarded_self_survives():
    """The self-stab is a 刺殺 like any: a 援護 on him cancels it; not himself in option 1."""
    t = Table()
    reincarnate(t, "孫策")
    t.day()
    with pytest.raises(IllegalAction):
        t.check(t.act("吳君主", "橫掃江東", "吳君主"))
    t.same_side_stab("吳君主", "吳君主", void=False)
    t.night(t.act("吳君主", "橫掃江東", "魏女眷", "蜀女眷"), t.act("吳護衛", "援護", "吳君主"))
    assert t.status("吳君主") == "alive"
    assert t.traced("吳君主 的刺殺對 吳君主 無效：吳護衛 援護")


@pytest.mark.skill("群英薈萃")
def test_qunying_huicui_learns_every_character_in_play():
    """群英薈萃：獲悉在場的所有角色。 (WU6: characters of the living, no ids)"""
    t = Table()
    t.night(t.act("魏殺手甲", "刺殺", "蜀女眷"))
    t.day()
    reincarnate(t, "孫策")
    t.day()
    t.night(t.act("吳君主", "群英薈萃"))
    seen = t.only_feedback("吳君主", "群英薈萃").data["characters"]
    assert len(seen) == 21 and "孫策" in seen and t.player("蜀女眷").character not in seen
    assert "吳" not in "".join(seen) and t.only_feedback("吳君主", "群英薈萃").target is None


# ---- 孫權 ----------------------------------------------------------------------
@pytest.mark.skill("天佑")
def test_tianyou_three_fewer_votes():
    """天佑：*被*每次投票你的得票數均-3（最少為0）。"""
    t = Table()
    reincarnate(t, "孫權")
    votes = {v: "吳君主" for v in ("吳正軍師", "吳副軍師", "吳殺手甲", "吳殺手乙")}
    votes["吳君主"] = "吳正軍師"
    t.day(votes)
    assert t.traced("吳君主 天佑：得票數-3（4→1）")
    assert t.status("吳君主") == "alive"
    t.night()
    t.day({"吳護衛": "吳君主", "吳君主": "吳護衛"})
    assert t.traced("吳君主 天佑：得票數-3（1→0）")


@pytest.mark.skill("仲謀稱臣")
@pytest.mark.interaction("仲謀稱臣", "曹丕")
def test_zhongmou_chengchen_shields_and_allies_with_cao_pi():
    """仲謀稱臣：使用後當夜，所有針對你和曹丕的【刺殺】失效。魏吳聯盟達成（或延期）兩日兩夜。"""
    t = Table()
    reincarnate(t, "孫權")
    t.day()
    t.decide("魏君主", "轉生", "曹丕")
    t.night(t.act("蜀殺手甲", "刺殺", "魏君主"))
    t.player("魏君主").skills.remove("行殤")  # the day's all-way tie of self-votes would kill everyone
    t.day()
    t.night(t.act("吳君主", "仲謀稱臣"), t.act("蜀殺手甲", "刺殺", "吳君主"), t.act("吳殺手甲", "刺殺", "魏君主"))
    assert t.status("吳君主") == "alive" and t.status("魏君主") == "alive"
    assert t.announced("alliances") == [{"countries": ["魏", "吳"], "until": {"phase": "night", "number": 5}}]


@pytest.mark.skill("仲謀稱臣")
def test_zhongmou_chengchen_void_without_cao_pi():
    """若曹丕不在場則失效 (曹操 is no 曹丕): no shield, no alliance, used up."""
    t = Table()
    reincarnate(t, "孫權")
    t.day()
    t.decide("吳君主", "託孤", "吳女眷")
    t.night(t.act("吳君主", "仲謀稱臣"), t.act("蜀殺手甲", "刺殺", "吳君主"))
    assert t.status("吳君主") == "out" and t.announced("alliances") == []
    assert t.traced("曹丕不在場")


@pytest.mark.skill("三分制衡")
def test_sanfen_zhiheng_stabs_of_larger_countries_void():
    """三分制衡：人數比本國人數多的國家對本國角色發動的【刺殺】無效 (WU7: living players)."""
    t = Table()
    t.night(t.act("吳殺手甲", "刺殺", "魏女眷"), t.act("蜀殺手甲", "刺殺", "吳女眷"))  # 魏 6, 蜀 7, 吳 6
    t.day()
    reincarnate(t, "孫權")  # 蜀 stabs the lord; he plays on
    t.day()
    t.decide("吳正軍師", "英才早逝", "群雄")  # 周瑜's own death skill
    t.night(t.act("吳君主", "三分制衡"), t.act("蜀殺手甲", "刺殺", "吳護衛"), t.act("魏殺手甲", "刺殺", "吳正軍師"))
    assert t.status("吳護衛") == "alive"  # 蜀 (7) > 吳 (6)
    assert t.status("吳正軍師") == "out"  # 魏 (6) is not larger
    assert t.game.uses_left(t.player("吳君主"), "三分制衡") == 0


@pytest.mark.skill("三分制衡")
def test_sanfen_zhiheng_investigations_and_binds_of_smaller_countries_void():
    """人數比本國少的國家對本國角色發動的【明察】、【亂花】（包括被指定為目標A或B）無效。"""
    t = Table()
    t.night(t.act("吳殺手乙", "刺殺", "魏殺手乙"), t.act("蜀殺手甲", "刺殺", "魏護衛"))  # 魏 5
    t.day()
    reincarnate(t, "孫權")
    t.day()
    t.night(t.act("吳君主", "三分制衡"), t.act("魏正軍師", "明察", "吳殺手甲"),
            t.act("蜀正軍師", "明察", "吳殺手乙"), t.act("蜀女眷", "亂花", "吳護衛", "魏君主"),
            t.act("魏女眷", "亂花", "蜀君主", "吳正軍師"))
    assert t.feedback("魏正軍師", "明察") == []
    assert t.only_feedback("蜀正軍師", "明察").data == {"is_killer": True}
    assert t.state.vote_binds == {"吳護衛": "魏君主"}  # 蜀 (7) is not smaller; 魏's (B = 吳正軍師) is void


@pytest.mark.skill("三分制衡")
@pytest.mark.interaction("三分制衡", "劉備")
def test_sanfen_zhiheng_liu_bei_loses_hanyi():
    """劉備（若在場）失去技能【漢裔】。 (as 代漢自立: 劉備 is told only that it is lost)"""
    t = Table()
    reincarnate(t, "孫權")
    t.day()
    assert "漢裔" in t.player("蜀君主").skills
    t.night(t.act("吳君主", "三分制衡"))
    assert "漢裔" not in t.player("蜀君主").skills
    assert t.only_feedback("蜀君主", "漢裔").data == {"lost": "漢裔"}
    assert t.traced("因 吳君主 的三分制衡失去技能【漢裔】")


@pytest.mark.skill("嫁女安吳")
def test_jianv_anwu_shields_sun_jian_and_allies_wei_and_wu():
    """嫁女安吳 (曹仁) with 孫堅 seated: 所有針對你和吳國君主（或新任君主）的【刺殺】失效。魏吳聯盟達成（或延期）兩日兩夜。"""
    t = Table(characters={"魏殺手乙": "曹仁"})
    t.night(t.act("魏殺手乙", "嫁女安吳"), t.act("蜀殺手甲", "刺殺", "吳君主"))
    assert t.status("吳君主") == "alive" and t.player("吳君主").character == "孫堅"
    assert t.announced("alliances") == [{"countries": ["魏", "吳"], "until": {"phase": "night", "number": 3}}]


@pytest.mark.skill("嫁女安吳")
def test_jianv_anwu_shields_the_reincarnated_sun_quan():
    """吳國君主 is whoever is 吳's lord now: 孫權 after 轉生; the alliance also makes 魏↔吳 stabs 同盟."""
    t = Table(characters={"魏殺手乙": "曹仁"})
    reincarnate(t, "孫權")
    t.day()
    t.player("魏殺手甲").skills.remove("憤勇")  # 夏侯惇's: a surviving target would be wounded
    t.night(t.act("魏殺手乙", "嫁女安吳"), t.act("魏殺手甲", "刺殺", "吳君主"))
    assert t.status("吳君主") == "alive"
    t.day()
    t.same_side_stab("魏殺手甲", "吳女眷", void=True, relation="同盟")
    t.night(t.act("魏殺手甲", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "alive"


@pytest.mark.skill("三分制衡")
@pytest.mark.interaction("漢裔", "孫權")
def test_sanfen_zhiheng_then_votes_on_liu_bei_count():
    """漢裔：所有針對你的投票無效。…孫權使用【三分制衡】後失去此技能 — both sides seated: before, votes on
    劉備 are void; after 三分制衡, they count."""
    t = Table()
    reincarnate(t, "孫權")
    votes = {v: "蜀君主" for v in ("吳正軍師", "吳副軍師", "吳殺手甲")}
    t.day(votes)
    assert t.status("蜀君主") == "alive" and t.traced("漢裔")
    t.night(t.act("吳君主", "三分制衡"))
    t.decide("蜀君主", "轉生", "劉禪")
    t.day(votes)
    assert t.player("蜀君主").character == "劉禪"  # the votes counted: he died and reincarnated


@pytest.mark.skill("亂世英雄")
def test_luanshi_yingxiong_the_judges_void_of_the_borrowed_skill_stands():
    """The judge's ruling 「行動失效」 on the borrowed 明察 holds: 亂世英雄 going off does not wake it again
    (review: the borrowed use was set dormant and woken whatever its state, undoing the ruling)."""
    from tianting.core.decisions import DecisionBook
    from tianting.core.records import Ruling

    t = Table()
    actions = [t.act("吳君主", "亂世英雄"), t.act("吳君主", "明察", "魏殺手甲")]
    t.check(*actions)
    result = t.game.resolve_night(actions, DecisionBook(strict=True), judged=[Ruling("void", action=1, why="裁定")])
    assert [f for f in result.feedback.get("吳君主", []) if f.skill == "明察"] == []
    assert t.player("吳君主").used == {"亂世英雄": 1}


@pytest.mark.skill("亂世英雄")
def test_luanshi_yingxiong_form_offers_the_lendable_skills_until_used():
    """The player's form (view rows) offers each skill 亂世英雄 may lend, marked to be listed after it, with
    its own target rule; 刺殺 and 招賢納才 are not among them; once 亂世英雄 is used up, none."""
    from tianting.rules.kk33.views import player_view

    t = Table()
    rows = {r["skill"]: r for r in player_view(t.game, "吳君主")["skills"]}
    lent = {name for name, r in rows.items() if r["source"] == "lent"}
    assert {"明察", "去偽存真", "暗訪", "援護", "亂花", "急救", "方術", "起義"} <= lent
    assert "刺殺" not in rows and rows["招賢納才"]["source"] == "identity"
    assert rows["暗訪"]["via"] == "亂世英雄" and rows["暗訪"]["targets"]["dead"] is True
    assert rows["明察"]["uses_left"] == 1
    t.night(t.act("吳君主", "亂世英雄"))
    rows = {r["skill"]: r for r in player_view(t.game, "吳君主")["skills"]}
    assert not any(r["source"] == "lent" for r in rows.values())


@pytest.mark.skill("群英薈萃")
def test_qunying_huicui_limited_and_failed_is_kept():
    """限定技能 (四字): once a game; 受傷: a failed use tells nothing and is kept (技能發動失敗，可再次發動)."""
    t = Table()
    reincarnate(t, "孫策")
    t.day()
    t.wound("吳君主").fail("吳君主", "群英薈萃")
    t.night(t.act("吳君主", "群英薈萃"))
    assert t.only_feedback("吳君主", "群英薈萃").data == {"failed": True}
    assert t.game.uses_left(t.player("吳君主"), "群英薈萃") == 1
    t.day()
    t.night(t.act("吳君主", "群英薈萃"))
    assert "characters" in t.only_feedback("吳君主", "群英薈萃").data
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("吳君主", "群英薈萃"))


@pytest.mark.skill("天佑")
def test_tianyou_changes_who_dies():
    """天佑：每次投票你的得票數均-3 — 4 votes on 孫權 count 1, so 2 on another make that one the sole top."""
    t = Table()
    reincarnate(t, "孫權")
    votes = {v: "吳君主" for v in ("吳正軍師", "吳副軍師", "吳殺手甲", "吳殺手乙")}
    votes.update({"吳君主": "魏女眷", "吳護衛": "魏女眷"})
    t.day(votes)
    assert t.status("吳君主") == "alive" and t.status("魏女眷") == "out"
