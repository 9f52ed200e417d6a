"""Scenario tests for the 吳 女眷 『小喬/孫尚香/大喬/步練師』 (⊙吳國篇 of KK規則3.3版).

Each test quotes the sentence of 000_b521fc75d9962f03.txt it checks; rulings WN1 … are in
docs/rulings/kk33-wu_ladies.md.
"""

from __future__ import annotations

import pytest

from tianting.testing import Table

SUN_SHANGXIANG = {"吳女眷": "孫尚香"}
DA_QIAO = {"吳女眷": "大喬"}
BU_LIANSHI = {"吳女眷": "步練師"}


def reincarnate(t: Table, form: str) -> None:
    t.decide("吳君主", "轉生", form)
    t.night(t.act("蜀殺手甲", "刺殺", "吳君主"))
    assert t.player("吳君主").character == form


# ---- 小喬 ----------------------------------------------------------------------
@pytest.mark.skill("國色天香")
def test_guose_tianxiang_makes_every_target_random():
    """國色天香：指定一個ID，令其當夜所有行動的目標更為隨機。 (WN1)"""
    t = Table()
    t.force("國色天香 魏殺手甲【刺殺】第1個目標", "蜀護衛")
    t.night(t.act("吳女眷", "國色天香", "魏殺手甲"), t.act("魏殺手甲", "刺殺", "吳君主"),
            t.act("蜀女眷", "亂花", "蜀君主", "魏君主"))
    assert t.status("吳君主") == "alive" and t.status("蜀護衛") == "out"
    options = t.drew("國色天香 魏殺手甲")[0]["options"]
    assert len(options) == 22  # any living id (刺殺 may name anyone)
    assert t.state.vote_binds == {"蜀君主": "魏君主"}  # other players' actions are untouched
    assert t.game.uses_left(t.player("吳女眷"), "國色天香") == 0


@pytest.mark.skill("國色天香")
def test_guose_tianxiang_keeps_each_skill_target_rule():
    """The random target is a legal one for that skill: 明察 (除你以外) never names its user."""
    t = Table()
    t.force("國色天香 魏正軍師【明察】第1個目標", "吳殺手甲")
    t.night(t.act("吳女眷", "國色天香", "魏正軍師"), t.act("魏正軍師", "明察", "蜀君主"))
    options = t.drew("國色天香 魏正軍師")[0]["options"]
    assert "魏正軍師" not in options and len(options) == 21
    assert t.only_feedback("魏正軍師", "明察").target == "吳殺手甲"


@pytest.mark.skill("國色天香")
def test_guose_tianxiang_void_undoes_the_change():
    """A 國色天香 that fails (受傷) changes nothing and is kept."""
    t = Table().wound("吳女眷")
    t.fail("吳女眷", "國色天香")
    t.night(t.act("吳女眷", "國色天香", "魏殺手甲"), t.act("魏殺手甲", "刺殺", "蜀護衛"))
    assert t.status("蜀護衛") == "out" and t.drew("國色天香 魏殺手甲") == []
    assert t.game.uses_left(t.player("吳女眷"), "國色天香") == 1


@pytest.mark.skill("天作之合")
@pytest.mark.interaction("天作之合", "周瑜")
def test_tianzuo_zhihe_shields_her_and_zhou_yu_and_they_recognise():
    """天作之合：使用後當夜，所有針對你和周瑜的【刺殺】失效，你與周瑜互識。"""
    t = Table(characters={"吳正軍師": "周瑜"})
    t.night(t.act("吳女眷", "天作之合"), t.act("魏殺手乙", "刺殺", "吳正軍師"), t.act("蜀殺手甲", "刺殺", "吳女眷"))
    assert t.status("吳正軍師") == "alive" and t.status("吳女眷") == "alive"
    assert t.only_feedback("吳女眷", "互識").data == {"character": "周瑜", "via": "天作之合"}
    assert t.only_feedback("吳正軍師", "互識").data == {"character": "小喬", "via": "天作之合"}
    assert t.announced("alliances") == []


@pytest.mark.skill("天作之合")
def test_tianzuo_zhihe_void_without_zhou_yu():
    """天作之合：若周瑜不在場則失效。"""
    t = Table(characters={"吳正軍師": "張昭"})
    t.night(t.act("吳女眷", "天作之合"), t.act("蜀殺手甲", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "out" and t.traced("周瑜不在場")


# ---- 孫尚香 --------------------------------------------------------------------
def shangxiang(choice: str = "孫策") -> Table:
    t = Table(characters=SUN_SHANGXIANG)
    t.decide("吳女眷", "兄長之風", choice)
    return t


@pytest.mark.skill("梟姬")
def test_xiaoji_never_wounded_but_killed():
    """梟姬：*被*你不會受傷。 (WN2: a 援護's wound never reaches her; a 刺殺 still kills)"""
    t = shangxiang()
    t.night(t.act("魏護衛", "援護", "吳女眷"))
    assert t.status("吳女眷") == "alive" and t.announced("injured") == []
    t.day()
    t.night(t.act("魏殺手乙", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "out"


@pytest.mark.skill("梟姬")
def test_xiaoji_holds_by_day_the_vote_lessened_to_a_wound_does_not_wound_her():
    """梟姬：*被*你不會受傷。 A passive with no 當夜: by day too. Voted out with 諸葛瑾's 緩釋 on her, the
    vote's death is lessened to a wound (RD4), which she does not take: she stays unhurt. (Review: the
    prevention was a night's only, and she was wounded.)"""
    t = Table(characters={**SUN_SHANGXIANG, "吳副軍師": "諸葛瑾", "魏副軍師": "荀彧", "魏殺手甲": "張遼"})
    t.decide("吳女眷", "兄長之風", "孫策")
    t.night(t.act("吳副軍師", "緩釋", "吳女眷"))
    t.day({"魏君主": "吳女眷", "魏正軍師": "吳女眷"})
    assert t.status("吳女眷") == "alive" and t.announced("injured") == []
    assert t.traced("梟姬（你不會受傷）")


@pytest.mark.skill("兄長之風")
@pytest.mark.interaction("兄長之風", "孫策")
def test_xiongzhang_zhifeng_chosen_brother_comes_recognise_and_stab():
    """兄長之風：遊戲開始時，你從孫策和孫權中選擇一名角色。當你選擇的角色登場時，你與其互識，並且你可以在次夜發動一次【刺殺】。"""
    t = shangxiang("孫策")
    assert t.only_feedback("吳女眷", "兄長之風", t.night()).data == {"chosen": "孫策"}
    t.day()
    reincarnate(t, "孫策")
    assert t.only_feedback("吳女眷", "互識").data == {"character": "孫策", "via": "兄長之風"}
    assert {"character": "孫尚香", "via": "兄長之風"} in [f.data for f in t.feedback("吳君主", "互識")]
    assert [f.data for f in t.feedback("吳女眷", "兄長之風")][0] == {"consumed": True}
    t.day()
    t.night(t.act("吳女眷", "刺殺", "魏女眷"), t.act("吳殺手甲", "刺殺", "蜀女眷"))
    assert t.status("魏女眷") == "out" and t.status("蜀女眷") == "out"  # outside 吳's count
    assert t.player("吳女眷").granted.get("刺殺", 0) == 0


@pytest.mark.skill("兄長之風")
def test_xiongzhang_zhifeng_the_other_brother_does_nothing():
    """當你選擇的角色登場時 — 孫權 when she chose 孫策: nothing; the choice is asked once."""
    t = shangxiang("孫策")
    t.night()
    t.day()
    reincarnate(t, "孫權")
    assert t.feedback("吳女眷", "互識") == [] and t.player("吳女眷").granted == {}


@pytest.mark.skill("兄長之風")
@pytest.mark.interaction("兄長之風", "孫權")
def test_xiongzhang_zhifeng_stab_only_the_next_night():
    """次夜: the right unused that night is gone."""
    t = shangxiang("孫權")
    reincarnate(t, "孫權")
    assert t.player("吳女眷").granted == {"刺殺": 1}
    t.day()
    t.night()
    t.day()
    assert t.player("吳女眷").granted == {}


@pytest.mark.skill("夢醉良緣")
@pytest.mark.interaction("夢醉良緣", "劉備")
def test_mengzui_liangyuan_shields_her_and_liu_bei_and_allies_shu_and_wu():
    """夢醉良緣：使用後當夜，所有針對你和劉備的【刺殺】失效。吳蜀聯盟達成（或延期）兩日兩夜。"""
    t = shangxiang()
    t.night(t.act("吳女眷", "夢醉良緣"), t.act("魏殺手乙", "刺殺", "蜀君主"), t.act("蜀殺手甲", "刺殺", "吳女眷"))
    assert t.status("蜀君主") == "alive" and t.status("吳女眷") == "alive"
    assert t.announced("alliances") == [{"countries": ["蜀", "吳"], "until": {"phase": "night", "number": 3}}]
    assert t.game.uses_left(t.player("吳女眷"), "夢醉良緣") == 0


@pytest.mark.skill("夢醉良緣")
def test_mengzui_liangyuan_new_alliance_breaks_the_old():
    """新的聯盟會使舊的聯盟破裂 — a 魏吳聯盟 in force is broken by the 吳蜀 one."""
    from tianting.core.state import Alliance

    t = shangxiang()
    t.state.alliances.append(Alliance(("魏", "吳"), start=0, end=5))
    t.night(t.act("吳女眷", "夢醉良緣"))
    assert t.announced("alliances") == [{"countries": ["蜀", "吳"], "until": {"phase": "night", "number": 3}}]
    assert t.traced("新的聯盟使舊的魏吳聯盟破裂")


@pytest.mark.skill("夢醉良緣")
def test_mengzui_liangyuan_void_without_liu_bei():
    """若劉備不在場則失效."""
    t = shangxiang()
    t.decide("蜀君主", "轉生", "劉禪")
    t.night(t.act("魏殺手甲", "刺殺", "蜀君主"))
    t.day()
    t.night(t.act("吳女眷", "夢醉良緣"))
    assert t.announced("alliances") == [] and t.traced("劉備不在場")


# ---- 大喬 ----------------------------------------------------------------------
@pytest.mark.skill("流離江南")
def test_liuli_jiangnan_stab_void_and_stabber_void_next_night():
    """流離江南：*被*當你成為【刺殺】的目標時，【刺殺】無效，且發動【刺殺】者次夜的行動均無效。 (WN4)"""
    t = Table(characters=DA_QIAO)
    t.night(t.act("魏殺手乙", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "alive"
    assert t.only_feedback("吳女眷", "流離江南").data == {"consumed": True}
    t.day()
    t.night(t.act("魏殺手乙", "刺殺", "蜀女眷"))
    assert t.status("蜀女眷") == "alive"
    assert t.traced("魏殺手乙 的【刺殺】失效：吳女眷 流離江南")


@pytest.mark.skill("流離江南")
def test_liuli_jiangnan_once_a_game():
    """A passive limited skill: the second night a 刺殺 on her kills."""
    t = Table(characters=DA_QIAO)
    t.night(t.act("魏殺手乙", "刺殺", "吳女眷"))
    t.day()
    t.night(t.act("蜀殺手甲", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "out"


@pytest.mark.skill("流離江南")
def test_liuli_jiangnan_every_stab_that_night_and_first_aid_keeps_it():
    """Every 刺殺 on her that night is void, each stabber punished; a 刺殺 already void by 急救 uses nothing."""
    t = Table(characters=DA_QIAO)
    t.night(t.act("群雄", "急救", "吳女眷"), t.act("魏殺手乙", "刺殺", "吳女眷"))
    assert t.feedback("吳女眷", "流離江南") == []
    t.day()
    t.night(t.act("魏殺手乙", "刺殺", "吳女眷"), t.act("蜀殺手甲", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "alive"
    t.day()
    t.night(t.act("魏殺手乙", "刺殺", "蜀護衛"), t.act("蜀殺手甲", "刺殺", "魏護衛"))
    assert t.status("蜀護衛") == "alive" and t.status("魏護衛") == "alive"


@pytest.mark.skill("青燈古佛")
@pytest.mark.interaction("青燈古佛", "孫策")
def test_qingdeng_gufo_shields_her_and_sun_ce():
    """青燈古佛：使用後當夜，所有針對你和孫策的【刺殺】失效，你與孫策互識。"""
    t = Table(characters=DA_QIAO)
    reincarnate(t, "孫策")
    t.day()
    t.night(t.act("吳女眷", "青燈古佛"), t.act("魏殺手乙", "刺殺", "吳君主"))
    assert t.status("吳君主") == "alive"
    assert t.only_feedback("吳女眷", "互識").data == {"character": "孫策", "via": "青燈古佛"}
    assert t.game.uses_left(t.player("吳女眷"), "青燈古佛") == 0


@pytest.mark.skill("青燈古佛")
def test_qingdeng_gufo_void_without_sun_ce():
    """青燈古佛：若孫策不在場則失效 (孫堅 is not 孫策)."""
    t = Table(characters=DA_QIAO)
    t.night(t.act("吳女眷", "青燈古佛"))
    assert t.traced("孫策不在場") and t.feedback("吳女眷", "互識") == []


# ---- 步練師 --------------------------------------------------------------------
@pytest.mark.skill("安恤")
def test_anxu_moves_votes_from_the_most_voted_compatriot():
    """安恤：若場上得票數最多者為除你外的本國角色，你獲悉之，並可以選擇是否將該角色的X或2X票轉移給你。 (WN5)"""
    t = Table(characters=BU_LIANSHI)
    t.night()
    votes = {v: "吳護衛" for v in ("蜀君主", "蜀正軍師", "蜀副軍師", "蜀殺手甲", "蜀殺手乙")}
    votes["吳護衛"] = "魏君主"
    votes["吳女眷"] = "魏君主"
    t.decide("吳女眷", "安恤", "2X")
    t.day(votes)
    told = t.only_feedback("吳女眷", "安恤")
    assert told.data == {"leader": "吳護衛", "x": 2}  # 獲悉之: who, not the count (the tally is the judge's)
    assert "5" not in told.text
    assert t.traced("吳女眷 安恤：將 吳護衛 的4票轉移給自己")
    assert t.status("吳護衛") == "alive"  # 5 - 4 = 1 left
    assert t.status("吳女眷") == "out"  # 4 moved to her: the sole top


@pytest.mark.skill("安恤")
def test_anxu_may_keep_and_only_for_compatriots():
    """可以選擇是否: 不轉移 leaves the vote; an enemy top is not hers to learn."""
    t = Table(characters=BU_LIANSHI)
    t.night()
    votes = {v: "吳護衛" for v in ("蜀君主", "蜀正軍師", "蜀副軍師")}
    t.decide("吳女眷", "安恤", "不轉移")
    t.day(votes)
    assert t.status("吳護衛") == "out"
    t.night()
    t.day({v: "蜀女眷" for v in ("魏君主", "魏正軍師", "魏副軍師")})
    assert t.feedback("吳女眷", "安恤") == []


@pytest.mark.skill("安恤")
def test_anxu_reads_the_counts_after_tianyou_whatever_the_seats():
    """安恤 reads 「場上得票數最多者」 as the counts finally stand: 孫權's 天佑 (每次投票你的得票數均-3) is in
    first, whichever of the two sits first. 孫權 has 7 on the ballot, 4 after 天佑; 魏女眷's 5 are the
    most: 安恤 has nothing to offer and 魏女眷 dies. (Review: the two were read in seat order.)"""
    outcomes = set()
    for lady_first in (False, True):
        t = Table(characters=BU_LIANSHI)
        reincarnate(t, "孫權")
        if lady_first:
            players = t.state.players
            t.state.players = {"吳女眷": players["吳女眷"], **{k: v for k, v in players.items() if k != "吳女眷"}}
        votes = {v: "吳君主" for v in ("蜀君主", "蜀正軍師", "蜀副軍師", "蜀殺手乙", "蜀護衛", "蜀女眷")}
        votes.update({v: "魏女眷" for v in ("魏君主", "魏正軍師", "魏副軍師", "魏殺手甲")})
        t.day(votes)
        outcomes.add((t.announced("tally")["吳君主"], t.status("魏女眷"), len(t.feedback("吳女眷", "安恤"))))
    assert outcomes == {(4, "out", 0)}


@pytest.mark.skill("無冕之後")
@pytest.mark.interaction("無冕之後", "孫權")
def test_wumian_zhihou_sun_quan_comes_recognise_and_votes_void():
    """無冕之後：*被*孫權登場時觸發。你與孫權互識，次日針對你的投票無效。"""
    t = Table(characters=BU_LIANSHI)
    reincarnate(t, "孫權")
    assert t.only_feedback("吳女眷", "互識").data == {"character": "孫權", "via": "無冕之後"}
    assert [f.data for f in t.feedback("吳女眷", "無冕之後")] == [{"consumed": True}]
    t.day({v: "吳女眷" for v in ("魏君主", "魏正軍師", "魏副軍師")})
    assert t.status("吳女眷") == "alive" and t.traced("無冕之後（次日針對其的投票無效）")
    t.night()
    t.day({v: "吳女眷" for v in ("蜀殺手甲", "蜀殺手乙", "蜀護衛")})
    assert t.status("吳女眷") == "out"


@pytest.mark.skill("無冕之後")
def test_wumian_zhihou_not_for_sun_ce():
    """孫權登場時 only: 孫策 coming does nothing."""
    t = Table(characters=BU_LIANSHI)
    reincarnate(t, "孫策")
    assert t.feedback("吳女眷", "無冕之後") == [] and t.feedback("吳女眷", "互識") == []


@pytest.mark.skill("國色天香")
def test_guose_tianxiang_against_another_redirect_falls_back_to_the_actor():
    """衝突規則：若一個行動的目標被至少兩個技能修改，且修改後的目標不同，則該行動的目標改為行動發出者 (WN1):
    驅虎吞狼 and 國色天香 on the same 刺殺."""
    t = Table(characters={"魏副軍師": "荀彧"})
    t.force("國色天香 魏殺手乙【刺殺】第1個目標", "吳護衛")
    t.same_side_stab("魏殺手乙", "魏殺手乙", void=True)
    t.night(t.act("吳女眷", "國色天香", "魏殺手乙"), t.act("魏副軍師", "驅虎吞狼", "蜀女眷", country="魏"),
            t.act("魏殺手乙", "刺殺", "蜀護衛"))
    assert t.status("吳護衛") == "alive" and t.status("蜀女眷") == "alive" and t.status("蜀護衛") == "alive"
    assert t.traced("魏殺手乙 的刺殺對 魏殺手乙 失效")


@pytest.mark.skill("梟姬")
def test_xiaoji_beats_dushi_deepened_wound():
    """梟姬：你不會受傷 — a 援護's wound that 毒士 (幕後的主使·賈詡) deepens to 致死 is still a wound dealt:
    免疫傷害類效果優先於造成傷害類效果."""
    t = Table(characters={**SUN_SHANGXIANG, "魏副軍師": "賈詡"})
    t.decide("吳女眷", "兄長之風", "孫權")
    t.night(t.act("魏護衛", "援護", "吳女眷"))
    assert t.status("吳女眷") == "alive"
    assert t.traced("梟姬（你不會受傷）")
    control = Table(characters={**SUN_SHANGXIANG, "魏副軍師": "賈詡"})
    control.player("吳女眷").skills.remove("梟姬")
    control.decide("吳女眷", "兄長之風", "孫權")
    control.night(control.act("魏護衛", "援護", "吳女眷"))
    assert control.status("吳女眷") == "out"  # without 梟姬, 毒士 makes the wound a death


@pytest.mark.skill("流離江南")
def test_liuli_jiangnan_does_not_stop_fengqi():
    """鋒騎 (馬岱)：你的【刺殺】不能被角色技能抵消 — 流離江南 is a character skill: the 刺殺 kills (WN4)."""
    t = Table(characters={**DA_QIAO, "蜀殺手乙": "馬岱"})
    t.night(t.act("蜀殺手乙", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "out"
    assert t.feedback("吳女眷", "流離江南") == []


@pytest.mark.skill("無冕之後")
def test_wumian_zhihou_sun_quan_comes_at_the_vote_next_day_is_the_day_after():
    """次日 (WN6): 孫權 comes on at a day's vote; the votes on her that day count, the next day's are void."""
    t = Table(characters=BU_LIANSHI)
    t.night()
    t.decide("吳君主", "轉生", "孫權").decide("吳女眷", "安恤", "不轉移")  # her 安恤 sees 吳君主 on top
    votes = {v: "吳君主" for v in ("魏君主", "魏正軍師", "蜀君主", "蜀正軍師")}
    t.day(votes)
    assert t.player("吳君主").character == "孫權"
    assert t.only_feedback("吳女眷", "互識").data == {"character": "孫權", "via": "無冕之後"}
    t.night()
    t.day({v: "吳女眷" for v in ("魏君主", "魏正軍師", "魏副軍師")})
    assert t.status("吳女眷") == "alive" and t.traced("無冕之後（次日針對其的投票無效）")


XIAO_QIAO = {"吳女眷": "小喬"}


@pytest.mark.skill("玲瓏")
def test_linglong_the_ballot_shows_the_false_target_and_the_real_vote_counts():
    """玲瓏：每次投票時，你可以在票面上顯示一個虛假的投票對象，而你的真實投票對象不公布。"""
    t = Table(characters=XIAO_QIAO)
    t.quiet_night()
    votes = {"吳女眷": "魏護衛", "魏君主": "魏護衛", "魏正軍師": "魏護衛"}
    t.day(votes, t.act("吳女眷", "玲瓏", "蜀護衛"))
    assert t.announced("votes")["吳女眷"] == "蜀護衛"  # the false target on the ballot
    assert "魏護衛" not in [v for k, v in t.announced("votes").items() if k == "吳女眷"]
    assert t.status("魏護衛") == "out"  # her real vote counted: 3 votes against 1 elsewhere at most


@pytest.mark.skill("玲瓏")
def test_linglong_bind_vote_moves_the_false_target():
    """（女眷對你發動【亂花】時，修改的是你票面上顯示的虛假投票對象）: the ballot shows 亂花's B; her real vote
    still counts."""
    t = Table(characters=XIAO_QIAO)
    t.night(t.act("魏女眷", "亂花", "吳女眷", "群雄"))
    votes = {"吳女眷": "魏護衛", "魏君主": "魏護衛", "魏正軍師": "魏護衛"}
    t.day(votes, t.act("吳女眷", "玲瓏", "蜀護衛"))
    assert t.announced("votes")["吳女眷"] == "群雄"
    assert t.status("魏護衛") == "out" and t.status("群雄") == "alive"


@pytest.mark.skill("玲瓏")
def test_linglong_is_used_at_the_vote_not_at_night():
    """「每次投票時」: submitted at night it is refused with a clear message, and nothing changes."""
    from tianting.core.errors import IllegalAction
    from tianting.core.records import Action

    t = Table(characters=XIAO_QIAO)
    with pytest.raises(IllegalAction, match="玲瓏"):
        t.game.check_action(Action("吳女眷", "玲瓏", ("蜀護衛",)), [])
