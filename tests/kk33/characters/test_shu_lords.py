"""Scenario tests for the 蜀 君主 『劉備-劉封/劉禪』 and the three 諸葛亮 (⊙蜀國篇 and
『角色技能·赤壁之戰』 of KK規則3.3版).

Each test quotes the sentence of 000_b521fc75d9962f03.txt it checks; the rulings (SL1 …) are in
docs/rulings/kk33-shu_lords.md. The other players' character skills are cleared unless a test
keeps them, so that what other groups build does not change what these tests pin.
Seats: 蜀君主 劉備, 蜀正軍師 遲暮的丞相·諸葛亮, 蜀殺手甲 關羽, 蜀殺手乙 馬超, 蜀護衛 趙雲.
"""

from __future__ import annotations

from typing import Any

import pytest

from tianting.core.errors import IllegalAction
from tianting.core.skills import Skill, Source, Use
from tianting.core.state import Effect
from tianting.rules.kk33 import roster
from tianting.testing import Table


def table(lord: str = "劉備", keep: tuple[str, ...] = ("蜀君主",), **kw: Any) -> Table:
    """A table whose 蜀 lord plays ``lord`` (劉封/劉禪 as after 轉生, see ``reincarnate``);
    every player's character skills are cleared except those of ``keep``."""
    t = Table(**kw)
    for p in t.state.players.values():
        if p.id not in keep:
            p.skills = []
    if lord != "劉備":
        p = t.player("蜀君主")
        p.character = lord
        p.life = 1
        p.skills = [s.name for s in roster().characters[lord].skills]
        t.state.extra.setdefault("不出", {})["蜀君主"] = -1  # as if he came in before night 1
    return t


def all_vote(t: Table, target: str) -> dict[str, str]:
    return {p.id: target for p in t.game.voters()}


def halves(t: Table, first: str, second: str, n_first: int = 11) -> dict[str, str]:
    voters = [p.id for p in t.game.voters()]
    return {pid: first if i < n_first else second for i, pid in enumerate(voters)}


# ---- 劉備：仁德 -------------------------------------------------------------------------
@pytest.mark.skill("仁德")
def test_rende_recruit_every_night():
    """仁德：*被*你可以發動無限次【招賢納才】 — 招賢納才 (a limited skill) again on later nights."""
    t = table()
    t.night(t.act("蜀君主", "招賢納才", "蜀正軍師"))
    assert t.player("蜀君主").known == {"蜀正軍師": "遲暮的丞相·諸葛亮"}
    t.day(all_vote(t, "吳女眷"))
    t.night(t.act("蜀君主", "招賢納才", "蜀護衛"))
    t.day(all_vote(t, "吳護衛"))
    t.night(t.act("蜀君主", "招賢納才", "魏護衛"))
    assert set(t.player("蜀君主").known) == {"蜀正軍師", "蜀護衛", "魏護衛"}
    assert t.traced("蜀君主 仁德：第3次發動【招賢納才】")
    assert t.player("魏護衛").known == {"蜀君主": "劉備"}
    views = t.game.uses_left(t.player("蜀君主"), "招賢納才")
    assert views is None  # unlimited while 仁德 is held


@pytest.mark.skill("仁德")
def test_rende_once_a_night():
    """仁德：…（每夜限一次）。"""
    t = table()
    with pytest.raises(IllegalAction, match="今夜已經發動過"):
        t.check(t.act("蜀君主", "招賢納才", "蜀護衛"), t.act("蜀君主", "招賢納才", "吳護衛"))


@pytest.mark.skill("仁德")
def test_rende_without_it_the_recruit_is_limited():
    """所有的非二字技能稱為限定技能，只能使用一次 — another lord (孫堅) has no 仁德; and after 轉生
    劉封 holds no 仁德 and the uses 劉備 made count (SL1)."""
    t = table()
    t.night(t.act("吳君主", "招賢納才", "吳護衛"), t.act("蜀君主", "招賢納才", "蜀護衛"))
    t.day(all_vote(t, "魏女眷"))
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("吳君主", "招賢納才", "吳女眷"))
    t.decide("蜀君主", "轉生", "劉封")
    t.night(t.act("吳殺手甲", "刺殺", "蜀君主"))
    assert t.player("蜀君主").character == "劉封"
    t.day(all_vote(t, "魏護衛"))
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("蜀君主", "招賢納才", "蜀女眷"))


# ---- 劉備：漢裔 -------------------------------------------------------------------------
@pytest.mark.skill("漢裔")
def test_hanyi_votes_on_liu_bei_are_void():
    """漢裔：*被*所有針對你的投票無效。"""
    t = table()
    t.quiet_night()
    t.day(halves(t, "蜀君主", "吳護衛", n_first=15))
    assert t.announced("tally") == {"吳護衛": 7}
    assert t.announced("exited") == ["吳護衛"]
    assert t.traced("的投票無效：蜀君主 漢裔")
    assert t.announced("votes")["魏君主"] == "蜀君主"  # the ballot stays public


@pytest.mark.skill("漢裔")
def test_hanyi_counts_where_the_vote_lands_after_luanhua():
    """漢裔：所有針對你的投票無效 — a vote forced onto him by 亂花 is void too."""
    t = table()
    t.night(t.act("魏女眷", "亂花", "吳護衛", "蜀君主"))
    t.day({"吳護衛": "魏女眷", "魏君主": "魏女眷"})
    assert t.announced("tally").get("蜀君主") is None
    assert t.traced("吳護衛 的投票無效：蜀君主 漢裔")


@pytest.mark.skill("漢裔")
@pytest.mark.skill("代漢自立")
@pytest.mark.interaction("漢裔", "曹丕")
@pytest.mark.interaction("代漢自立", "劉備")
def test_hanyi_lost_to_daihanzili_then_votes_count():
    """漢裔：曹丕使用【代漢自立】…後失去此技能 (a test seating both sides: 曹丕 and 劉備)."""
    t = table(keep=("蜀君主", "魏君主"))
    p = t.player("魏君主")
    p.character, p.life, p.skills = "曹丕", 1, ["行殤", "代漢自立"]
    t.night(t.act("魏君主", "代漢自立"))
    assert "漢裔" not in t.player("蜀君主").skills
    assert t.only_feedback("蜀君主", "漢裔").data == {"lost": "漢裔"}
    t.decide("蜀君主", "轉生", "劉封")
    t.day(halves(t, "蜀君主", "吳護衛", n_first=15))
    assert t.announced("tally") == {"蜀君主": 15, "吳護衛": 7}
    assert t.player("蜀君主").character == "劉封"  # the votes counted: he died and reincarnated


# ---- 曹操：青梅煮酒 with 劉備 --------------------------------------------------------------
@pytest.mark.skill("青梅煮酒")
def test_qingmeizhujiu_with_liu_bei_seated_and_his_skills_at_work():
    """青梅煮酒：使用後當夜，所有針對你和劉備的【刺殺】失效。魏蜀聯盟達成（或延期）兩日兩夜。 — both sides
    seated with their skills: 魏's and 吳's stabs on 劉備 are void, the alliance is made, and 劉備's
    漢裔 still voids the next day's votes on him."""
    t = table(keep=("蜀君主", "魏君主"))
    t.state.effects.append(Effect("stab-bonus", 0, "魏殺手甲", {"country": "魏", "n": 1}))
    t.night(t.act("魏君主", "青梅煮酒"), t.act("魏殺手甲", "刺殺", "蜀君主"), t.act("吳殺手甲", "刺殺", "蜀君主"),
            t.act("魏殺手乙", "刺殺", "蜀護衛"))
    assert t.status("蜀君主") == "alive" and t.player("蜀君主").life == 0
    assert t.traced("魏殺手甲 的刺殺對 蜀君主 無效：魏君主 青梅煮酒")
    assert t.traced("吳殺手甲 的刺殺對 蜀君主 無效：魏君主 青梅煮酒")
    assert t.status("蜀護衛") == "out"
    assert t.announced("alliances") == [{"countries": ["魏", "蜀"], "until": {"phase": "night", "number": 3}}]
    t.day(halves(t, "蜀君主", "吳護衛", n_first=12))
    assert t.announced("exited") == ["吳護衛"]  # 漢裔


# ---- 劉備：三顧茅廬 ---------------------------------------------------------------------
@pytest.mark.skill("三顧茅廬")
@pytest.mark.interaction("三顧茅廬", "諸葛亮")
def test_sangumaolu_zhuge_liang_targets_him_they_recognise():
    """三顧茅廬：*被*當你成為諸葛亮的技能目標時…且你與其互識。 (被動的限定技能消耗時…收到相關反饋)"""
    t = table()
    t.night(t.act("蜀正軍師", "明察", "蜀君主"))
    assert t.player("蜀君主").known == {"蜀正軍師": "遲暮的丞相·諸葛亮"}
    assert t.player("蜀正軍師").known == {"蜀君主": "劉備"}
    fb = t.only_feedback("蜀君主", "三顧茅廬")
    assert fb.data == {"consumed": True, "with": ["蜀正軍師"]}
    assert t.only_feedback("蜀正軍師", "明察").data == {"is_killer": False}  # the 明察 itself works
    assert t.player("蜀君主").used == {"三顧茅廬": 1}


@pytest.mark.skill("三顧茅廬")
def test_sangumaolu_is_limited_and_a_failed_skill_does_not_trigger():
    """技能發動或使用失敗…視為…未發動 (no trigger); 三顧茅廬 is limited: the second time, nothing."""
    t = table().wound("蜀正軍師")
    t.fail("蜀正軍師", "明察")
    t.night(t.act("蜀正軍師", "明察", "蜀君主"))
    assert t.feedback("蜀君主", "三顧茅廬") == [] and t.player("蜀君主").known == {}
    t.day(all_vote(t, "吳女眷"))
    t.night(t.act("蜀正軍師", "去偽存真", "蜀君主"))
    assert t.only_feedback("蜀君主", "三顧茅廬").data["consumed"]
    t.day(all_vote(t, "吳護衛"))
    t.night(t.act("蜀正軍師", "明察", "蜀君主"))
    assert t.feedback("蜀君主", "三顧茅廬") == [] and t.feedback("蜀君主", "互識") == []


# ---- 劉備：桃園飛花 ---------------------------------------------------------------------
@pytest.mark.skill("桃園飛花")
def test_taoyuanfeihua_guan_yus_stab_is_prevented_and_they_recognise():
    """桃園飛花：*被*當你成為關羽或張飛的技能目標時，防止其對你造成的致死或致傷效果，且你與其互識。"""
    t = table()
    t.night(t.act("蜀殺手甲", "刺殺", "蜀君主"))
    assert t.status("蜀君主") == "alive" and t.player("蜀君主").life == 0
    assert t.traced("蜀殺手甲 的刺殺對 蜀君主 無效：蜀君主 桃園飛花")
    assert t.drew("刺殺同國失效判定") == []  # prevented before the same-country half chance
    assert t.player("蜀君主").known == {"蜀殺手甲": "關羽"}
    assert t.player("蜀殺手甲").known == {"蜀君主": "劉備"}
    assert t.only_feedback("蜀君主", "桃園飛花").data == {"consumed": True, "with": ["蜀殺手甲"]}


@pytest.mark.skill("桃園飛花")
@pytest.mark.parametrize("first", ["蜀殺手甲", "蜀殺手乙"])
@pytest.mark.interaction("桃園飛花", "關羽", "張飛")
def test_taoyuanfeihua_guan_yu_and_zhang_fei_the_same_night(first: str):
    """當你成為關羽或張飛的技能目標時…且你與其互識 — both stab him the same night: one trigger covers
    both (SL2), both stabs are void, and he 互識 with each; his feedback is the same whoever submitted first."""
    t = table(characters={"蜀殺手乙": "張飛"})
    t.state.effects.append(Effect("stab-bonus", 0, "蜀殺手甲", {"country": "蜀", "n": 1}))  # two 刺殺 tonight
    stabs = {pid: t.act(pid, "刺殺", "蜀君主") for pid in ("蜀殺手甲", "蜀殺手乙")}
    t.night(stabs[first], *[a for pid, a in stabs.items() if pid != first])
    assert t.status("蜀君主") == "alive" and t.player("蜀君主").life == 0
    assert t.player("蜀君主").known == {"蜀殺手甲": "關羽", "蜀殺手乙": "張飛"}
    assert t.only_feedback("蜀君主", "桃園飛花").data == {"consumed": True, "with": ["蜀殺手甲", "蜀殺手乙"]}


@pytest.mark.skill("桃園飛花")
def test_taoyuanfeihua_a_guard_is_not_theirs():
    """防止「其」對你造成的致死或致傷效果 — 趙雲's 援護 is not 關羽's: 桃園飛花 does not prevent its wound. But
    關羽's stab was voided by 桃園飛花, a protection, and the 援護 protects him too: 當若干技能發生衝突時，免疫傷害類
    效果優先於造成傷害類效果, so the 援護 neither saves nor wounds him (R8, changed in issue 10)."""
    t = table()
    t.night(t.act("蜀殺手甲", "刺殺", "蜀君主"), t.act("蜀護衛", "援護", "蜀君主"))
    assert not t.player("蜀君主").injured and t.traced("免疫傷害類效果優先")
    t.day()
    t.night(t.act("蜀護衛", "援護", "蜀君主"))  # with no stab at all, 趙雲's 援護 wounds him as usual
    assert t.player("蜀君主").injured


@pytest.mark.skill("桃園飛花")
def test_taoyuanfeihua_only_guan_yu_and_zhang_fei():
    """當你成為關羽或張飛的技能目標時 — 馬超's 刺殺 is not theirs: the same-country half chance decides."""
    t = table()
    t.same_side_stab("蜀殺手乙", "蜀君主", void=False)
    t.decide("蜀君主", "轉生", "劉封")
    t.night(t.act("蜀殺手乙", "刺殺", "蜀君主"))
    assert t.player("蜀君主").character == "劉封"
    assert t.feedback("蜀君主", "桃園飛花") == []


@pytest.mark.skill("桃園飛花")
def test_taoyuanfeihua_merged_with_another_stab_still_kills():
    """防止「其」對你造成的…效果 — 關羽's stab is void; 吳's stab on him the same night holds."""
    t = table()
    t.decide("蜀君主", "轉生", "劉禪")
    t.night(t.act("蜀殺手甲", "刺殺", "蜀君主"), t.act("吳殺手甲", "刺殺", "蜀君主"))
    assert t.player("蜀君主").character == "劉禪"
    assert t.player("蜀君主").known == {"蜀殺手甲": "關羽"}


# ---- 劉備：五虎封將 ---------------------------------------------------------------------
@pytest.mark.skill("五虎封將")
@pytest.mark.interaction("五虎封將", "關羽", "趙雲", "馬超")
def test_wuhufengjiang_stabs_on_him_and_the_tigers_half_void_and_no_wounds():
    """五虎封將：使用後當夜，所有針對你和五虎將…的【刺殺】有一半概率失效，你和五虎將不會受傷。"""
    t = table()
    t.force("五虎封將 魏殺手甲→蜀殺手甲 失效判定", True)
    t.force("五虎封將 吳殺手甲→蜀君主 失效判定", True)
    t.state.effects.append(Effect("stab-bonus", 0, "吳殺手甲", {"country": "吳", "n": 1}))  # two 吳 刺殺
    t.force("五虎封將 吳殺手乙→蜀護衛 失效判定", False)
    t.night(t.act("蜀君主", "五虎封將"), t.act("魏殺手甲", "刺殺", "蜀殺手甲"),
            t.act("吳殺手甲", "刺殺", "蜀君主"), t.act("吳殺手乙", "刺殺", "蜀護衛"),
            t.act("吳護衛", "援護", "蜀殺手乙"), t.act("魏護衛", "援護", "蜀女眷"))
    assert t.status("蜀殺手甲") == "alive" and t.status("蜀君主") == "alive"
    assert t.status("蜀護衛") == "out"  # the half chance went the other way
    assert not t.player("蜀殺手乙").injured  # 馬超 不會受傷
    assert t.player("蜀女眷").injured  # 糜夫人 is no tiger
    assert t.traced("蜀殺手乙 受到的援護被防止：蜀君主 五虎封將")
    assert t.feedback("蜀君主", "五虎封將") == []
    assert t.player("蜀君主").used == {"五虎封將": 1}


@pytest.mark.skill("五虎封將")
@pytest.mark.interaction("五虎封將", "張飛", "黃忠")
def test_wuhufengjiang_zhang_fei_and_huang_zhong_are_tigers_too():
    """五虎將（關羽、張飛、趙雲、馬超、黃忠）: 張飛 and 黃忠, the only tigers seated, make 「五虎將中至少有兩人
    在場」; a 刺殺 on 黃忠 is half void, 張飛 不會受傷 by a 援護, and 魏延 (no tiger) is wounded."""
    t = table(characters={"蜀殺手甲": "張飛", "蜀殺手乙": "黃忠", "蜀護衛": "魏延"})
    t.force("五虎封將 魏殺手甲→蜀殺手乙 失效判定", True)
    t.night(t.act("蜀君主", "五虎封將"), t.act("魏殺手甲", "刺殺", "蜀殺手乙"),
            t.act("魏護衛", "援護", "蜀殺手甲"), t.act("吳護衛", "援護", "蜀護衛"))
    assert t.status("蜀殺手乙") == "alive" and not t.player("蜀殺手乙").injured
    assert not t.player("蜀殺手甲").injured and t.traced("蜀殺手甲 受到的援護被防止：蜀君主 五虎封將")
    assert t.player("蜀護衛").injured
    assert t.feedback("蜀君主", "五虎封將") == [] and t.player("蜀君主").used == {"五虎封將": 1}


@pytest.mark.skill("五虎封將")
def test_wuhufengjiang_fails_without_two_tigers_or_fa_zheng():
    """必須滿足以下兩條件至少一個方可使用成功，否則使用失敗 — one tiger (關羽) left, no 法正: 使用失敗,
    the owner is told, the skill is not used up (可再次使用)."""
    t = table(omit=("蜀殺手乙", "蜀護衛"))
    t.decide("蜀君主", "轉生", "劉禪")
    t.night(t.act("蜀君主", "五虎封將"), t.act("吳殺手甲", "刺殺", "蜀君主"))
    assert t.only_feedback("蜀君主", "五虎封將").data == {"failed": True}
    assert t.player("蜀君主").character == "劉禪"
    assert "五虎封將" not in t.player("蜀君主").used
    assert t.drew("五虎封將") == []


@pytest.mark.skill("五虎封將")
@pytest.mark.interaction("五虎封將", "法正")
def test_wuhufengjiang_fa_zheng_in_play_is_enough():
    """2、法正在場。 — with no tiger but 法正 (蜀副軍師) it works."""
    t = table(omit=("蜀殺手甲", "蜀殺手乙", "蜀護衛"), characters={"蜀副軍師": "法正"})
    t.force("五虎封將 吳殺手甲→蜀君主 失效判定", True)
    t.night(t.act("蜀君主", "五虎封將"), t.act("吳殺手甲", "刺殺", "蜀君主"))
    assert t.status("蜀君主") == "alive" and t.player("蜀君主").life == 0
    assert t.feedback("蜀君主", "五虎封將") == []


@pytest.mark.skill("五虎封將")
def test_wuhufengjiang_a_wound_on_a_wounded_tiger_is_no_death_and_limited():
    """你和五虎將不會受傷 — a wound on a wounded tiger (which would kill) is prevented; limited."""
    t = table().wound("蜀殺手甲")
    t.night(t.act("蜀君主", "五虎封將"), t.act("魏護衛", "援護", "蜀殺手甲"))
    assert t.status("蜀殺手甲") != "out"
    t.day(all_vote(t, "吳女眷"))
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("蜀君主", "五虎封將"))


# ---- 劉封：不出 -------------------------------------------------------------------------
def come_in_as(t: Table, lord: str) -> None:
    """劉備 dies at night (a 吳 刺殺) and the player goes on as ``lord`` (轉生)."""
    t.decide("蜀君主", "轉生", lord)
    t.night(t.act("吳殺手甲", "刺殺", "蜀君主"))
    assert t.player("蜀君主").character == lord


@pytest.mark.skill("不出")
def test_buchu_first_night_other_lords_identity_skills_void():
    """不出：*被*你登場後的第一夜，其他國君主的身份技能均失效。 (his own country's are not)"""
    t = table()
    come_in_as(t, "劉封")
    t.day(all_vote(t, "群雄"))
    t.night(t.act("魏君主", "招賢納才", "吳護衛"), t.act("蜀君主", "招賢納才", "蜀護衛"),
            t.act("魏正軍師", "明察", "吳護衛"))
    assert t.player("魏君主").known == {} and t.player("吳護衛").known == {}
    assert t.traced("魏君主 的【招賢納才】失效：蜀君主 不出（第1夜：其他國君主的身份技能均失效）")
    assert t.feedback("魏君主") == []  # 失效: not told
    assert t.player("蜀君主").known == {"蜀護衛": "趙雲"}
    assert t.only_feedback("魏正軍師", "明察").data == {"is_killer": False}  # 軍師 wait for the second night


@pytest.mark.skill("不出")
def test_buchu_nights_two_to_five_then_nothing():
    """第二夜，其他國軍師…；第三夜，其他國殺手…；第四夜，其他國護衛…；第五夜，其他國女眷的身份技能均失效。"""
    t = table()
    come_in_as(t, "劉封")
    t.day(all_vote(t, "群雄"))
    t.quiet_night()  # his first night
    t.day(all_vote(t, "吳女眷"))
    t.night(t.act("魏正軍師", "明察", "蜀殺手甲"), t.act("吳副軍師", "暗訪", "群雄"),
            t.act("蜀正軍師", "明察", "魏殺手甲"))
    assert t.feedback("魏正軍師") == [] and t.feedback("吳副軍師") == []
    assert t.only_feedback("蜀正軍師", "明察").data == {"is_killer": True}
    t.day(all_vote(t, "吳護衛"))
    t.night(t.act("魏殺手甲", "刺殺", "蜀殺手甲"), t.act("魏護衛", "援護", "蜀護衛"))
    assert t.status("蜀殺手甲") == "alive" and t.player("蜀護衛").injured  # 刺殺 void, 援護 not yet
    t.day(all_vote(t, "魏殺手乙"))
    t.night(t.act("魏護衛", "援護", "蜀女眷"), t.act("魏女眷", "亂花", "蜀女眷", "蜀殺手乙"))
    assert not t.player("蜀女眷").injured
    t.day(all_vote(t, "魏副軍師"))
    t.night(t.act("魏女眷", "亂花", "蜀女眷", "蜀殺手乙"), t.act("魏護衛", "援護", "蜀女眷"))
    assert t.state.vote_binds == {} and t.player("蜀女眷").injured  # 第五夜 女眷; 護衛 again
    t.day(all_vote(t, "吳副軍師"))
    t.night(t.act("魏女眷", "亂花", "蜀女眷", "蜀殺手乙"))
    assert t.state.vote_binds == {"蜀女眷": "蜀殺手乙"}  # the sixth night: nothing any more


@pytest.mark.skill("不出")
def test_buchu_nights_only_not_the_day_after():
    """不出：…第三夜，其他國殺手的身份技能均失效 — a night, not the day after it: 甘寧's 刺殺 at the vote
    (奇襲：發動時機為白天投票階段) the day after 劉封's third night goes off."""
    t = table("劉封", keep=("蜀君主", "吳殺手甲"), characters={"吳殺手甲": "甘寧"})  # came in before night 1
    for _ in range(2):
        t.quiet_night()
        t.day({})
    t.night(t.act("魏殺手甲", "刺殺", "吳護衛"))  # his third night: 魏's 刺殺 is void
    assert t.status("吳護衛") == "alive"
    t.day({}, t.act("吳殺手甲", "刺殺", "魏護衛"))
    assert t.status("魏護衛") == "out"
    assert not t.traced("不出")


@pytest.mark.skill("不出")
def test_buchu_coming_in_by_day_the_next_night_is_the_first():
    """你登場後的第一夜 — 劉備 voted out by day: the night after that day is 劉封's first."""
    t = table()
    t.player("蜀君主").skills.remove("漢裔")  # so that the votes on him count
    t.quiet_night()
    t.decide("蜀君主", "轉生", "劉封")
    t.day(all_vote(t, "蜀君主"))
    assert t.player("蜀君主").character == "劉封"
    t.night(t.act("吳君主", "招賢納才", "魏護衛"))
    assert t.player("吳君主").known == {}


@pytest.mark.skill("不出")
def test_buchu_not_for_liu_shan():
    """不出 is 劉封's: 劉禪 coming in voids nothing."""
    t = table()
    come_in_as(t, "劉禪")
    t.day(all_vote(t, "群雄"))
    t.night(t.act("魏君主", "招賢納才", "吳護衛"))
    assert t.player("魏君主").known == {"吳護衛": "太史慈"}


# ---- 劉封：陷嗣 -------------------------------------------------------------------------
@pytest.mark.skill("陷嗣")
def test_xiansi_prevents_their_harm_and_wounds_him():
    """陷嗣：指定2個…ID，防止其於當夜造成的致傷或致死效果。若以此法成功防止了致傷或致死效果，你受傷。"""
    t = table("劉封")
    t.night(t.act("蜀君主", "陷嗣", "吳殺手甲", "魏護衛"), t.act("吳殺手甲", "刺殺", "蜀護衛"),
            t.act("魏護衛", "援護", "吳女眷"))
    assert t.status("蜀護衛") == "alive" and not t.player("吳女眷").injured
    assert t.traced("蜀護衛 受到的刺殺被防止：蜀君主 陷嗣")
    assert t.player("蜀君主").injured and t.announced("injured") == ["蜀君主"]
    assert t.only_feedback("蜀君主", "陷嗣").data == {"prevented": True}  # one wound for both preventions
    assert t.feedback("吳殺手甲", "陷嗣") == [] and t.feedback("蜀護衛", "陷嗣") == []


@pytest.mark.skill("陷嗣")
def test_xiansi_nothing_prevented_no_wound():
    """若以此法「成功防止了」致傷或致死效果，你受傷 — they harmed no one: he is not wounded."""
    t = table("劉封")
    t.night(t.act("蜀君主", "陷嗣", "吳殺手甲", "魏護衛"), t.act("魏殺手甲", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "out"
    assert not t.player("蜀君主").injured and t.feedback("蜀君主", "陷嗣") == []


@pytest.mark.skill("陷嗣")
def test_xiansi_a_stab_merged_with_another_killers_still_kills():
    """防止「其」…造成的致死效果 — 吳's stab and 魏's on one target are one 刺殺 of both: it holds (SL5)."""
    t = table("劉封")
    t.night(t.act("蜀君主", "陷嗣", "吳殺手甲", "魏護衛"), t.act("吳殺手甲", "刺殺", "群雄"),
            t.act("魏殺手甲", "刺殺", "群雄"))
    assert t.status("群雄") == "out" and not t.player("蜀君主").injured


@pytest.mark.skill("陷嗣")
def test_xiansi_naming_himself_does_not_spare_him_its_price():
    """若以此法成功防止了致傷或致死效果，「你受傷」 — the wound is the skill's price, not a harm 「其」 deal: 劉封
    naming himself beside 吳殺手甲 is still wounded once 吳's 刺殺 is prevented (SL5)."""
    t = table("劉封")
    t.night(t.act("蜀君主", "陷嗣", "蜀君主", "吳殺手甲"), t.act("吳殺手甲", "刺殺", "蜀護衛"))
    assert t.status("蜀護衛") == "alive"
    assert t.player("蜀君主").injured and t.announced("injured") == ["蜀君主"]
    assert t.only_feedback("蜀君主", "陷嗣").data == {"prevented": True}


@pytest.mark.skill("陷嗣")
def test_xiansi_an_id_named_once_cannot_be_named_again():
    """指定2個「未被【陷嗣】指定過」的ID。"""
    t = table("劉封")
    t.night(t.act("蜀君主", "陷嗣", "吳殺手甲", "魏護衛"))
    t.day(all_vote(t, "群雄"))
    with pytest.raises(IllegalAction, match="未被【陷嗣】指定過"):
        t.check(t.act("蜀君主", "陷嗣", "吳殺手乙", "魏護衛"))
    t.check(t.act("蜀君主", "陷嗣", "吳殺手乙", "魏殺手甲"))


@pytest.mark.skill("陷嗣")
def test_xiansi_failed_when_wounded_names_no_one():
    """技能發動或使用失敗…視為…未發動 — the ids of a failed 陷嗣 are not 「指定過」."""
    t = table("劉封").wound("蜀君主")
    t.fail("蜀君主", "陷嗣")
    t.night(t.act("蜀君主", "陷嗣", "吳殺手甲", "魏護衛"), t.act("吳殺手甲", "刺殺", "蜀護衛"))
    assert t.status("蜀護衛") == "out"
    assert t.only_feedback("蜀君主", "陷嗣").data == {"failed": True}
    t.day(all_vote(t, "群雄"))
    t.check(t.act("蜀君主", "陷嗣", "吳殺手甲", "魏護衛"))


# ---- 劉禪：放權 -------------------------------------------------------------------------
@pytest.mark.skill("放權")
def test_fangquan_his_vote_counts_three_and_hers_is_void():
    """放權：指定一個除你以外的ID，次日他的投票視為三票，你的投票無效。"""
    t = table("劉禪")
    t.night(t.act("蜀君主", "放權", "蜀護衛"))
    assert t.feedback("蜀君主") == []
    t.day({"蜀護衛": "魏女眷", "蜀君主": "魏女眷"})  # everyone else votes for themselves
    tally = t.announced("tally")
    assert tally["魏女眷"] == 4  # her own vote and 趙雲's three; 劉禪's is void
    assert "蜀君主" not in tally and "蜀護衛" not in tally
    assert t.announced("exited") == ["魏女眷"]
    assert t.traced("蜀君主 的投票無效：蜀君主 放權")


@pytest.mark.skill("放權")
def test_fangquan_only_the_next_day_and_not_himself():
    """「次日」 — the day after, votes weigh one again; 「除你以外」."""
    t = table("劉禪")
    with pytest.raises(IllegalAction, match="除你以外"):
        t.check(t.act("蜀君主", "放權", "蜀君主"))
    t.night(t.act("蜀君主", "放權", "蜀護衛"))
    t.day({"蜀護衛": "魏女眷"})
    t.quiet_night()
    t.day({"蜀護衛": "魏護衛", "魏君主": "吳女眷", "吳君主": "吳女眷", "蜀君主": "吳女眷"})
    assert t.announced("tally")["魏護衛"] == 2 and t.announced("tally")["吳女眷"] == 4
    assert t.announced("exited") == ["吳女眷"]


@pytest.mark.skill("放權")
def test_fangquan_failed_when_wounded():
    """技能發動或使用失敗 — nothing the next day."""
    t = table("劉禪").wound("蜀君主")
    t.fail("蜀君主", "放權")
    t.night(t.act("蜀君主", "放權", "蜀護衛"))
    assert t.only_feedback("蜀君主", "放權").data == {"failed": True}
    t.day({"蜀護衛": "魏女眷", "蜀君主": "吳女眷", "吳君主": "吳女眷"})
    assert t.announced("exited") == ["吳女眷"]


# ---- 劉禪：樂不思蜀 ---------------------------------------------------------------------
@pytest.mark.skill("樂不思蜀")
def test_lebusishu_prevents_a_fatal_blow_then_his_votes_are_void():
    """樂不思蜀：*被*你於夜間受到致命一擊時，防止之，但次日及以後你的投票均無效。"""
    t = table("劉禪")
    t.night(t.act("吳殺手甲", "刺殺", "蜀君主"))
    assert t.status("蜀君主") == "alive"
    assert t.traced("蜀君主 受到的刺殺被防止：蜀君主 樂不思蜀")
    assert t.only_feedback("蜀君主", "樂不思蜀").data == {"consumed": True}
    assert t.player("蜀君主").used == {"樂不思蜀": 1}
    t.day({**all_vote(t, "魏女眷"), "蜀君主": "吳女眷"})
    assert t.announced("tally") == {"魏女眷": 21}
    t.quiet_night()
    t.day({**all_vote(t, "魏護衛"), "蜀君主": "吳女眷"})
    assert t.announced("tally") == {"魏護衛": 20}  # 及以後


@pytest.mark.skill("樂不思蜀")
def test_lebusishu_a_wound_when_wounded_is_a_fatal_blow_and_once_only():
    """致命一擊 — a wound while wounded is one; limited: the next fatal blow kills (託孤 follows)."""
    t = table("劉禪").wound("蜀君主")
    t.night(t.act("魏護衛", "援護", "蜀君主"))
    assert t.status("蜀君主") != "out" and t.player("蜀君主").used == {"樂不思蜀": 1}
    t.day(all_vote(t, "群雄"))
    t.decide("蜀君主", "託孤", "蜀護衛")
    t.night(t.act("吳殺手甲", "刺殺", "蜀君主"))
    assert t.status("蜀君主") == "out" and t.player("蜀護衛").identity == "君主"


@pytest.mark.skill("樂不思蜀")
def test_lebusishu_not_against_a_stab_by_day():
    """樂不思蜀：*被*你「於夜間」受到致命一擊時，防止之 — 甘寧's 刺殺 at the vote (奇襲：發動時機為白天投票階段)
    is no blow at night: it kills him, and the skill stays unused."""
    t = table("劉禪", keep=("蜀君主", "吳殺手甲"), characters={"吳殺手甲": "甘寧"})
    t.night()
    t.decide("蜀君主", "託孤", "蜀護衛")
    t.day(all_vote(t, "魏女眷"), t.act("吳殺手甲", "刺殺", "蜀君主"))
    assert t.status("蜀君主") == "out" and t.player("蜀君主").used == {}
    assert t.feedback("蜀君主", "樂不思蜀") == []


@pytest.mark.skill("樂不思蜀")
def test_lebusishu_a_mere_wound_is_not_prevented_nor_a_day_vote():
    """受到「致命一擊」時 — a first wound is not one (the skill stays); 「於夜間」 — a vote death is not."""
    t = table("劉禪")
    t.night(t.act("魏護衛", "援護", "蜀君主"))
    assert t.player("蜀君主").injured and t.player("蜀君主").used == {}
    t.decide("蜀君主", "託孤", "蜀護衛")
    t.day(all_vote(t, "蜀君主"))
    assert t.status("蜀君主") == "out"
@pytest.mark.skill("三顧茅廬")
def test_sangumaolu_prevents_zhuge_liangs_stab_as_if():
    """三顧茅廬：防止其對你造成的致死或致傷效果 — 兵行詭道's 「視為你對其發動了一次【刺殺】」 on 劉備."""
    t = table(keep=("蜀君主", "蜀正軍師"))
    t.night(t.act("蜀正軍師", "兵行詭道", "蜀君主", identity="君主"))
    assert t.status("蜀君主") == "alive" and t.player("蜀君主").life == 0
    assert t.traced("蜀正軍師 的刺殺對 蜀君主 無效：蜀君主 三顧茅廬")
    assert t.player("蜀君主").known == {"蜀正軍師": "遲暮的丞相·諸葛亮"}


@pytest.mark.skill("三顧茅廬")
def test_sangumaolu_other_harm_still_lands_and_others_do_not_trigger():
    """防止「其」對你造成的…效果 — another's stab the same night still kills; a skill of someone
    who is not 諸葛亮 (周瑜's 明察) sets off nothing."""
    t = table(keep=("蜀君主", "蜀正軍師"))
    t.decide("蜀君主", "轉生", "劉禪")
    t.night(t.act("蜀正軍師", "兵行詭道", "蜀君主", identity="君主"), t.act("吳殺手甲", "刺殺", "蜀君主"),
            t.act("吳正軍師", "明察", "蜀君主"))
    assert t.player("蜀君主").character == "劉禪"
    assert t.player("蜀君主").known == {"蜀正軍師": "遲暮的丞相·諸葛亮"}



# ---- 遲暮的丞相·諸葛亮：七星 -------------------------------------------------------------
def chancellor(keep_fate: bool = False, keep: tuple[str, ...] = (), **kw: Any) -> Table:
    """蜀正軍師 plays 遲暮的丞相·諸葛亮 with his skills (without 逆天改命 unless ``keep_fate``)."""
    t = table(keep=("蜀正軍師", *keep), **kw)
    if not keep_fate:
        t.player("蜀正軍師").skills.remove("逆天改命")
    return t


@pytest.mark.skill("七星")
def test_qixing_a_the_stab_is_void():
    """七星：*被*每當你受到有效的【刺殺】時，隨機執行以下七項中的一項：A 該【刺殺】無效。"""
    t = chancellor()
    t.force("七星 蜀正軍師", "A")
    t.night(t.act("吳殺手甲", "刺殺", "蜀正軍師"))
    assert t.status("蜀正軍師") == "alive" and t.status("吳殺手甲") == "alive"
    assert t.traced("蜀正軍師 受到的刺殺被防止：蜀正軍師 七星（A：該刺殺無效）")
    assert t.feedback("蜀正軍師") == []  # without 逆天改命 he is not told the letter


@pytest.mark.skill("七星")
def test_qixing_b_he_does_not_die_and_g_he_does():
    """B 該【刺殺】仍有效但你不會死亡；G 該【刺殺】仍有效。"""
    t = chancellor()
    t.force("七星 蜀正軍師", "B")
    t.night(t.act("吳殺手甲", "刺殺", "蜀正軍師"))
    assert t.status("蜀正軍師") == "alive"
    t.day(all_vote(t, "群雄"))
    t.force("七星 蜀正軍師", "G")
    t.night(t.act("吳殺手甲", "刺殺", "蜀正軍師"))
    assert t.status("蜀正軍師") == "out"


@pytest.mark.skill("七星")
def test_qixing_c_and_d_the_killers_die():
    """C 該【刺殺】無效且發動【刺殺】的人死亡；D 該【刺殺】仍有效但發動【刺殺】的人死亡。 — with two
    killers on him (one merged 刺殺), both die."""
    t = chancellor()
    t.force("七星 蜀正軍師", "C")
    t.night(t.act("吳殺手甲", "刺殺", "蜀正軍師"), t.act("魏殺手甲", "刺殺", "蜀正軍師"))
    assert t.status("蜀正軍師") == "alive"
    assert t.announced("exited") == ["魏殺手甲", "吳殺手甲"] or set(t.announced("exited")) == {"魏殺手甲", "吳殺手甲"}
    t.day(all_vote(t, "群雄"))
    t.force("七星 蜀正軍師", "D")
    t.night(t.act("吳殺手乙", "刺殺", "蜀正軍師"))
    assert set(t.announced("exited")) == {"蜀正軍師", "吳殺手乙"}


@pytest.mark.skill("七星")
def test_qixing_e_and_f_next_day_shu_votes_void():
    """E 該【刺殺】無效但次日全體蜀國角色投票無效；F 該【刺殺】仍有效且次日全體蜀國角色投票無效。"""
    t = chancellor()
    t.force("七星 蜀正軍師", "E")
    t.night(t.act("吳殺手甲", "刺殺", "蜀正軍師"))
    assert t.status("蜀正軍師") == "alive"
    t.day(all_vote(t, "群雄"))
    assert t.announced("tally") == {"群雄": 15}  # the six 蜀 votes are void
    t.force("七星 蜀正軍師", "F")
    t.night(t.act("吳殺手甲", "刺殺", "蜀正軍師"))
    assert t.status("蜀正軍師") == "out"
    t.day(all_vote(t, "吳女眷"))
    assert t.announced("tally") == {"吳女眷": 14}  # 14 non-蜀 voters left


@pytest.mark.skill("七星")
def test_qixing_only_a_valid_stab_triggers_it():
    """每當你受到「有效的」【刺殺】時 — a 刺殺 made 無效 by 援護 draws nothing."""
    t = chancellor()
    t.night(t.act("吳殺手甲", "刺殺", "蜀正軍師"), t.act("蜀護衛", "援護", "蜀正軍師"))
    assert t.status("蜀正軍師") == "alive" and t.drew("七星") == []


@pytest.mark.skill("七星")
@pytest.mark.interaction("七星", "魏延")
def test_qixing_wei_yan_in_play_bends_b_to_a_and_c_to_d():
    """魏延在場時，AB恆為A，CD恆為D。"""
    t = chancellor(characters={"蜀護衛": "魏延"})
    t.force("七星 蜀正軍師", "C")
    t.night(t.act("吳殺手甲", "刺殺", "蜀正軍師"))
    assert set(t.announced("exited")) == {"蜀正軍師", "吳殺手甲"}  # D: the stab holds, the killer dies
    assert t.traced("魏延在場，C 恆為 D")


@pytest.mark.skill("七星")
def test_qixing_wei_yan_b_becomes_a_unless_boluanfanzheng_used():
    """AB恆為A; 撥亂反正：該技能消耗後，諸葛亮的【七星】不再受魏延影響。"""
    t = chancellor(characters={"蜀護衛": "魏延"})
    t.force("七星 蜀正軍師", "B")
    t.night(t.act("吳殺手甲", "刺殺", "蜀正軍師"))
    assert t.traced("七星（A：該刺殺無效）")
    t.day(all_vote(t, "群雄"))
    t.player("蜀殺手乙").used["撥亂反正"] = 1  # 馬岱's skill used up
    t.force("七星 蜀正軍師", "C")
    t.night(t.act("吳殺手甲", "刺殺", "蜀正軍師"))
    assert t.status("蜀正軍師") == "alive" and t.status("吳殺手甲") == "out"  # C as drawn


# ---- 遲暮的丞相·諸葛亮：逆天改命 ---------------------------------------------------------
@pytest.mark.skill("逆天改命")
def test_nitiangaiming_learns_the_letter_and_changes_it():
    """逆天改命：*被*當你的【七星】觸發時，你獲悉判定的結果，並可以選擇將其更為剩餘6項中的隨機一項。"""
    t = chancellor(keep_fate=True)
    t.force("七星 蜀正軍師", "G")
    t.decide("蜀正軍師", "逆天改命", "更改")
    t.force("逆天改命 蜀正軍師", "A")
    t.night(t.act("吳殺手甲", "刺殺", "蜀正軍師"))
    assert t.status("蜀正軍師") == "alive"
    fb = t.only_feedback("蜀正軍師", "逆天改命")
    assert fb.data == {"drawn": "G", "changed": "A", "consumed": True}
    assert "G" in fb.text and "A" in fb.text
    assert [d["options"] for d in t.drew("逆天改命")] == [["A", "B", "C", "D", "E", "F"]]


@pytest.mark.skill("逆天改命")
def test_nitiangaiming_keeping_the_letter_still_uses_it_up():
    """A passive limited skill fires once (SL8): he keeps B; the next 七星 is not shown to him."""
    t = chancellor(keep_fate=True)
    t.force("七星 蜀正軍師", "B")
    t.decide("蜀正軍師", "逆天改命", "不更改")
    t.night(t.act("吳殺手甲", "刺殺", "蜀正軍師"))
    assert t.status("蜀正軍師") == "alive"
    assert t.only_feedback("蜀正軍師", "逆天改命").data == {"drawn": "B", "consumed": True}
    t.day(all_vote(t, "群雄"))
    t.force("七星 蜀正軍師", "A")
    t.night(t.act("吳殺手甲", "刺殺", "蜀正軍師"))
    assert t.feedback("蜀正軍師", "逆天改命") == []


# ---- 遲暮的丞相·諸葛亮：舌戰群儒 ---------------------------------------------------------
@pytest.mark.skill("舌戰群儒")
def test_shezhanqunru_chancellor_next_day_nothing_happens_and_alliance():
    """舌戰群儒：令次日投票無事發生。吳蜀聯盟達成（或延期）兩日兩夜。 — the votes are counted (public
    tally) and no one dies."""
    t = chancellor()
    t.night(t.act("蜀正軍師", "舌戰群儒"))
    assert t.announced("alliances") == [{"countries": ["蜀", "吳"], "until": {"phase": "night", "number": 3}}]
    t.day(all_vote(t, "群雄"))
    assert t.announced("tally") == {"群雄": 22} and t.announced("exited") == []
    assert t.traced("舌戰群儒：次日投票無事發生")
    t.quiet_night()
    t.day(all_vote(t, "群雄"))
    assert t.announced("exited") == ["群雄"]  # only 次日


@pytest.mark.skill("舌戰群儒")
def test_shezhanqunru_nothing_happens_even_with_xingshang():
    """令次日投票無事發生 — over 行殤 (a tie at the top would kill every leader): nothing happens."""
    t = chancellor(keep=("魏君主",))
    p = t.player("魏君主")
    p.character, p.life, p.skills = "曹丕", 1, ["行殤", "代漢自立"]
    t.night(t.act("蜀正軍師", "舌戰群儒"))
    t.day(halves(t, "蜀護衛", "吳護衛"))
    assert t.announced("exited") == []


@pytest.mark.skill("舌戰群儒")
def test_shezhanqunru_limited_and_failed():
    """限定技能; 發動失敗：可再次使用, no alliance."""
    t = chancellor().wound("蜀正軍師")
    t.fail("蜀正軍師", "舌戰群儒")
    t.night(t.act("蜀正軍師", "舌戰群儒"))
    assert t.announced("alliances") == []
    t.day(all_vote(t, "群雄"))
    assert t.announced("exited") == ["群雄"]
    t.night(t.act("蜀正軍師", "舌戰群儒"))
    t.day(all_vote(t, "吳女眷"))
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("蜀正軍師", "舌戰群儒"))


# ---- 遲暮的丞相·諸葛亮：兵行詭道 ---------------------------------------------------------
@pytest.mark.skill("兵行詭道")
def test_bingxingguidao_right_guess_stabs_the_target():
    """兵行詭道：…猜測其身份，若猜測正確則視為你對其發動了一次【刺殺】。"""
    t = chancellor()
    t.night(t.act("蜀正軍師", "兵行詭道", "吳殺手乙", identity="殺手"))
    assert t.status("吳殺手乙") == "out"
    assert t.traced("兵行詭道：視為 蜀正軍師 對 吳殺手乙 發動了一次刺殺")
    assert t.feedback("蜀正軍師", "兵行詭道") == []  # he is not told whether he guessed right
    assert t.player("蜀正軍師").used == {"兵行詭道": 1}


@pytest.mark.skill("兵行詭道")
def test_bingxingguidao_wrong_guess_the_target_stabs_him_and_qixing_answers():
    """如猜測錯誤則視為其對你發動了一次【刺殺】 — the 刺殺 on him sets off 七星 (C: 「發動刺殺的人」 dies)."""
    t = chancellor()
    t.force("七星 蜀正軍師", "C")
    t.night(t.act("蜀正軍師", "兵行詭道", "吳護衛", identity="女眷"))
    assert t.traced("兵行詭道：視為 吳護衛 對 蜀正軍師 發動了一次刺殺")
    assert t.status("蜀正軍師") == "alive" and t.status("吳護衛") == "out"


@pytest.mark.skill("兵行詭道")
def test_bingxingguidao_not_on_an_id_he_investigated():
    """指定一個你未【明察】且未【去偽存真】過的ID — and the guess must be an identity."""
    t = chancellor()
    t.night(t.act("蜀正軍師", "明察", "吳殺手乙"))
    t.day(all_vote(t, "群雄"))
    with pytest.raises(IllegalAction, match="未【明察】且未【去偽存真】過"):
        t.check(t.act("蜀正軍師", "兵行詭道", "吳殺手乙", identity="殺手"))
    with pytest.raises(IllegalAction, match="不是身份之一"):
        t.check(t.act("蜀正軍師", "兵行詭道", "吳殺手甲", identity="丞相"))
    t.check(t.act("蜀正軍師", "兵行詭道", "吳殺手甲", identity="杀手甲"))  # Simplified, 甲 accepted


# ---- 遲暮的丞相·諸葛亮：空城絕唱、空城 -----------------------------------------------------
@pytest.mark.skill("空城絕唱")
@pytest.mark.skill("空城")
def test_kongchengjuechang_awakens_the_phase_after_the_last_four_character_skill():
    """空城絕唱：*覺醒技*當你的所有四字技能（除該技能外）全部正常消耗或失去後的第一個階段開始時，你失去技能【七星】，
    獲得技能【空城】。 空城：*隱藏技**被*【刺殺】對你無效。"""
    t = chancellor(keep_fate=True)
    t.player("蜀正軍師").used.update({"逆天改命": 1, "兵行詭道": 1})
    t.night(t.act("蜀正軍師", "舌戰群儒"))
    assert "七星" in t.player("蜀正軍師").skills  # not yet: the phase after
    t.day(all_vote(t, "群雄"))
    assert t.player("蜀正軍師").skills == ["空城", "空城絕唱", "逆天改命", "舌戰群儒", "兵行詭道"]
    awoke, lost = t.feedback("蜀正軍師", "空城絕唱")
    assert awoke.data == {"awakened": True} and awoke.text.endswith("獲得技能【空城】。")
    assert lost.data == {"lost": "七星"}
    t.night(t.act("吳殺手甲", "刺殺", "蜀正軍師"))
    assert t.status("蜀正軍師") == "alive" and t.drew("七星") == []
    assert t.traced("吳殺手甲 的刺殺對 蜀正軍師 無效：蜀正軍師 空城")


@pytest.mark.skill("空城絕唱")
@pytest.mark.skill("空城")
def test_kongchengjuechang_at_a_night_start_and_kongcheng_that_night():
    """…後的第一個階段開始時 — the last one gone during a day (here: lost) → the night's start awakens him,
    and 空城 works that very night. Before that, 空城 (a 隱藏技 he holds from the start) does nothing."""
    t = chancellor()
    t.player("蜀正軍師").used.update({"兵行詭道": 1})
    t.force("七星 蜀正軍師", "A")
    t.night(t.act("吳殺手甲", "刺殺", "蜀正軍師"))
    assert t.traced("七星（A：該刺殺無效）") and not t.traced("空城")
    t.day(all_vote(t, "群雄"))
    t.player("蜀正軍師").skills.remove("舌戰群儒")  # as if lost by day
    assert "七星" in t.player("蜀正軍師").skills
    t.night(t.act("吳殺手甲", "刺殺", "蜀正軍師"))
    assert t.player("蜀正軍師").used.get("空城絕唱") == 1
    assert t.status("蜀正軍師") == "alive" and t.drew("七星") == []


@pytest.mark.skill("空城絕唱")
def test_kongchengjuechang_a_failed_use_is_not_used_up():
    """全部「正常消耗」 — a 舌戰群儒 that failed its check uses nothing up: no awakening."""
    t = chancellor().wound("蜀正軍師")
    t.player("蜀正軍師").used.update({"兵行詭道": 1})
    t.fail("蜀正軍師", "舌戰群儒")
    t.night(t.act("蜀正軍師", "舌戰群儒"))
    t.day(all_vote(t, "群雄"))
    assert "七星" in t.player("蜀正軍師").skills and t.feedback("蜀正軍師", "空城絕唱") == []
    with pytest.raises(IllegalAction, match="被動技能"):
        t.check(t.act("蜀正軍師", "空城絕唱"))


# ---- 隆中的卧龍·諸葛亮 ---------------------------------------------------------------
def sleeping_dragon(**kw: Any) -> Table:
    """蜀副軍師 plays 隆中的卧龍·諸葛亮 (蜀正軍師 then plays 徐庶) with his skills."""
    characters = {"蜀副軍師": "諸葛亮", "蜀正軍師": "徐庶", **kw.pop("characters", {})}
    keep = ("蜀副軍師", *kw.pop("keep", ()))
    t = table(keep=keep, characters=characters, **kw)
    assert t.player("蜀副軍師").character == "隆中的卧龍·諸葛亮"
    return t


@pytest.mark.skill("先知先覺")
def test_xianzhixianjue_the_target_learns_whether_its_actions_were_void():
    """先知先覺：指定一個ID，令其獲悉其當夜的行動是否失效。 — 魏君主's 招賢納才 voided by 劉封's 不出."""
    t = sleeping_dragon(keep=("蜀君主",))
    p = t.player("蜀君主")
    p.character, p.life, p.skills = "劉封", 1, ["不出", "陷嗣"]
    t.state.extra["不出"] = {"蜀君主": -1}
    t.night(t.act("蜀副軍師", "先知先覺", "魏君主"), t.act("魏君主", "招賢納才", "吳護衛"),
            t.act("蜀殺手甲", "刺殺", "吳女眷"))
    fb = t.only_feedback("魏君主", "先知先覺")
    assert fb.data == {"actions": [{"skill": "招賢納才", "targets": ["吳護衛"], "void": True}]}
    assert "失效" in fb.text and "蜀副軍師" not in fb.text and "諸葛亮" not in fb.text
    assert t.feedback("蜀副軍師", "先知先覺") == []
    assert t.player("蜀副軍師").used == {"先知先覺": 1}


@pytest.mark.skill("先知先覺")
def test_xianzhixianjue_actions_that_worked_and_none_at_all():
    """令其獲悉其當夜的行動是否失效 — an action that worked is 未失效; a target with no action is told so."""
    t = sleeping_dragon()
    t.night(t.act("蜀副軍師", "先知先覺", "吳正軍師"), t.act("吳正軍師", "明察", "魏殺手甲"))
    assert t.only_feedback("吳正軍師", "先知先覺").data == {
        "actions": [{"skill": "明察", "targets": ["魏殺手甲"], "void": False}]}
    t.day(all_vote(t, "群雄"))
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("蜀副軍師", "先知先覺", "吳正軍師"))
    t2 = sleeping_dragon()
    t2.night(t2.act("蜀副軍師", "先知先覺", "吳正軍師"))
    assert t2.only_feedback("吳正軍師", "先知先覺").data == {"actions": []}


@pytest.mark.skill("火燒博望")
@pytest.mark.interaction("火燒博望", "夏侯惇")
def test_huoshaobowang_wounds_xiahou_dun_and_loses_xinye():
    """火燒博望：使用後當夜，若夏侯惇在場，你令其受傷…使用後失去技能【火燒新野】。"""
    t = sleeping_dragon()
    assert t.player("魏殺手甲").character == "夏侯惇"
    t.night(t.act("蜀副軍師", "火燒博望"))
    assert t.player("魏殺手甲").injured and t.announced("injured") == ["魏殺手甲"]
    assert "火燒新野" not in t.player("蜀副軍師").skills
    assert t.only_feedback("蜀副軍師", "火燒博望").data == {"lost": "火燒新野"}
    assert t.feedback("魏殺手甲", "火燒博望") == []


@pytest.mark.skill("火燒博望")
def test_huoshaobowang_without_xiahou_dun_wei_strategists_and_killers_halved():
    """若夏侯惇不在場，則魏國軍師及殺手的行動成功率減半。"""
    t = sleeping_dragon(characters={"魏殺手甲": "張遼", "魏殺手乙": "夏侯淵"})
    t.force("成功判定 魏殺手甲【刺殺】", False)
    t.force("成功判定 魏正軍師【明察】", True)
    t.night(t.act("蜀副軍師", "火燒博望"), t.act("魏殺手甲", "刺殺", "蜀護衛"), t.act("魏正軍師", "明察", "蜀殺手甲"),
            t.act("魏護衛", "援護", "魏君主"))
    assert t.status("蜀護衛") == "alive"
    assert t.feedback("魏殺手甲", "刺殺")[-1].data == {"failed": True}
    assert t.only_feedback("魏正軍師", "明察").data == {"is_killer": True}
    assert [d["purpose"] for d in t.drew("成功判定")] == ["成功判定 魏正軍師【明察】", "成功判定 魏殺手甲【刺殺】"]
    assert t.player("魏君主").injured  # a 護衛 is neither 軍師 nor 殺手: no check


@pytest.mark.skill("火燒博望")
def test_huoshaobowang_failed_keeps_both_and_halves_nothing():
    """技能發動或使用失敗…視為…未發動 — it is checked first: failed, nothing is halved, 火燒新野 stays."""
    t = sleeping_dragon(characters={"魏殺手甲": "張遼", "魏殺手乙": "夏侯淵"}).wound("蜀副軍師")
    t.fail("蜀副軍師", "火燒博望")
    t.night(t.act("蜀副軍師", "火燒博望"), t.act("魏殺手甲", "刺殺", "蜀護衛"))
    assert t.status("蜀護衛") == "out"
    assert "火燒新野" in t.player("蜀副軍師").skills and t.player("蜀副軍師").used == {}


@pytest.mark.skill("火燒新野")
@pytest.mark.interaction("火燒新野", "曹仁")
def test_huoshaoxinye_wounds_cao_ren_and_loses_bowang():
    """火燒新野：使用後當夜，若曹仁在場，你令其受傷…使用後失去技能【火燒博望】。"""
    t = sleeping_dragon(characters={"魏殺手乙": "曹仁"})
    t.night(t.act("蜀副軍師", "火燒新野"))
    assert t.player("魏殺手乙").injured
    assert t.player("蜀副軍師").skills == ["先知先覺", "火燒新野", "隆中對策"]
    t.day(all_vote(t, "群雄"))
    with pytest.raises(IllegalAction, match="沒有技能【火燒博望】"):
        t.check(t.act("蜀副軍師", "火燒博望"))


@pytest.mark.skill("火燒新野")
def test_huoshaoxinye_without_cao_ren_halves():
    """若曹仁不在場，則魏國軍師及殺手的行動成功率減半 (曹仁 is not seated)."""
    t = sleeping_dragon()
    t.force("成功判定 魏殺手甲【刺殺】", False)
    t.night(t.act("蜀副軍師", "火燒新野"), t.act("魏殺手甲", "刺殺", "吳護衛"), t.act("魏君主", "招賢納才", "吳護衛"))
    assert t.status("吳護衛") == "alive"
    assert t.player("魏君主").known == {"吳護衛": "太史慈"}  # a 君主 takes no check
    assert "火燒博望" not in t.player("蜀副軍師").skills


@pytest.mark.skill("火燒新野")
def test_huoshaoxinye_a_wounded_cao_ren_dies():
    """你令其受傷 — 受傷狀態下的角色再次受傷時會死亡。"""
    t = sleeping_dragon(characters={"魏殺手乙": "曹仁"}).wound("魏殺手乙")
    t.night(t.act("蜀副軍師", "火燒新野"))
    assert t.status("魏殺手乙") == "out"


@pytest.mark.skill("隆中對策")
@pytest.mark.parametrize("reverse", [False, True])
def test_longzhongduice_every_action_on_shu_and_its_feedback(reverse: bool):
    """隆中對策：*全*得知當夜所有針對本國角色的行動及反饋。 — issuers are not named (SL14); the list is in the
    order of the skills, the same whatever order the actions were submitted in."""
    t = sleeping_dragon()
    others = [t.act("魏正軍師", "明察", "蜀殺手甲"), t.act("吳殺手甲", "刺殺", "蜀女眷"),
              t.act("魏女眷", "亂花", "吳護衛", "蜀君主"), t.act("魏殺手甲", "刺殺", "吳女眷"),
              t.act("蜀護衛", "援護", "蜀君主")]
    t.night(t.act("蜀副軍師", "隆中對策"), *(reversed(others) if reverse else others))
    fb = t.only_feedback("蜀副軍師", "隆中對策")
    assert fb.data == {"actions": [
        {"skill": "亂花", "targets": ["吳護衛", "蜀君主"], "feedback": []},
        {"skill": "刺殺", "targets": ["蜀女眷"], "feedback": []},
        {"skill": "援護", "targets": ["蜀君主"], "feedback": []},
        {"skill": "明察", "targets": ["蜀殺手甲"], "feedback": ["【明察】蜀殺手甲：是殺手。"]},
    ]}
    for pid in ("魏正軍師", "吳殺手甲", "魏女眷"):
        assert pid not in fb.text
    assert t.player("蜀副軍師").used == {"隆中對策": 1}


@pytest.mark.skill("隆中對策")
def test_longzhongduice_failed_actions_are_not_reported_and_none_is_said():
    """技能發動或使用失敗…視為…未發動 — a failed 明察 on 蜀 is not reported; with nothing aimed at 蜀 he is told so."""
    t = sleeping_dragon().wound("魏正軍師")
    t.fail("魏正軍師", "明察")
    t.night(t.act("蜀副軍師", "隆中對策"), t.act("魏正軍師", "明察", "蜀殺手甲"))
    assert t.only_feedback("蜀副軍師", "隆中對策").data == {"actions": []}


# ---- 赤壁·諸葛亮 -------------------------------------------------------------------
def red_cliffs(**kw: Any) -> Table:
    characters = {"蜀正軍師": "赤壁·諸葛亮", **kw.pop("characters", {})}
    keep = ("蜀正軍師", *kw.pop("keep", ()))
    t = table(keep=keep, characters=characters, **kw)
    assert t.player("蜀正軍師").skills == ["舌戰群儒", "草船借箭", "只欠東風"]
    return t


@pytest.mark.skill("舌戰群儒")
def test_shezhanqunru_red_cliffs_next_day_votes_void_and_alliance():
    """赤壁·諸葛亮 舌戰群儒：令次日投票無效。吳蜀聯盟達成（或延期）兩日兩夜。 — no vote counts (SL10)."""
    t = red_cliffs()
    t.night(t.act("蜀正軍師", "舌戰群儒"))
    assert t.announced("alliances") == [{"countries": ["蜀", "吳"], "until": {"phase": "night", "number": 3}}]
    t.day(all_vote(t, "群雄"))
    assert t.announced("tally") == {} and t.announced("exited") == []
    assert t.traced("的投票無效：蜀正軍師 舌戰群儒（次日投票無效）")


@pytest.mark.skill("舌戰群儒")
def test_shezhanqunru_extends_a_wu_shu_alliance():
    """吳蜀聯盟達成「（或延期）」兩日兩夜。"""
    t = red_cliffs()
    t.night(t.act("蜀正軍師", "舌戰群儒"))
    t.day()
    t.state.players["蜀正軍師"].used.clear()  # as if restored (蕙質蘭心), to use it again
    t.night(t.act("蜀正軍師", "舌戰群儒"))
    assert t.announced("alliances") == [{"countries": ["蜀", "吳"], "until": {"phase": "night", "number": 5}}]


@pytest.mark.skill("草船借箭")
def test_caochuanjiejian_learns_actions_on_him_and_turns_them():
    """草船借箭：使用後當夜，可獲悉所有針對你的行動，並可以更改其中任意行動的目標。"""
    t = red_cliffs()
    t.decide("蜀正軍師", "草船借箭", "魏護衛")
    t.decide("蜀正軍師", "草船借箭", "不更改")
    t.same_side_stab("魏殺手甲", "魏護衛", void=False)
    t.night(t.act("蜀正軍師", "草船借箭"), t.act("魏殺手甲", "刺殺", "蜀正軍師"), t.act("吳正軍師", "明察", "蜀正軍師"))
    assert t.status("蜀正軍師") == "alive"
    assert t.status("魏護衛") == "out"  # the 刺殺 turned onto 魏's own 護衛
    fb = t.only_feedback("蜀正軍師", "草船借箭")
    assert fb.data == {"actions": [{"skill": "刺殺", "targets": ["蜀正軍師"]}, {"skill": "明察", "targets": ["蜀正軍師"]}],
                       "changed": [{"skill": "刺殺", "slot": 0, "from": "蜀正軍師", "to": "魏護衛"}]}
    assert "魏殺手甲" not in fb.text and "吳正軍師" not in fb.text  # the issuers are not granted
    assert t.only_feedback("吳正軍師", "明察").target == "蜀正軍師"


@pytest.mark.skill("草船借箭")
def test_caochuanjiejian_nothing_aimed_and_limited():
    """可獲悉所有針對你的行動 — none: he is told none; 限定技能."""
    t = red_cliffs()
    t.night(t.act("蜀正軍師", "草船借箭"))
    assert t.only_feedback("蜀正軍師", "草船借箭").data == {"actions": [], "changed": []}
    t.day(all_vote(t, "群雄"))
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("蜀正軍師", "草船借箭"))


@pytest.mark.skill("只欠東風")
def test_zhiqiandongfeng_wei_targets_become_random():
    """只欠東風：*全*使用後當夜，所有魏國角色的行動目標變為隨機。"""
    t = red_cliffs()
    t.force("只欠東風 魏殺手甲【刺殺】目標1", "吳女眷")
    t.force("只欠東風 魏正軍師【明察】目標1", "吳殺手甲")
    t.force("只欠東風 魏女眷【亂花】目標1", "吳護衛")
    t.force("只欠東風 魏女眷【亂花】目標2", "群雄")
    t.night(t.act("蜀正軍師", "只欠東風"), t.act("魏殺手甲", "刺殺", "蜀君主"), t.act("魏正軍師", "明察", "蜀殺手甲"),
            t.act("魏女眷", "亂花", "蜀護衛", "蜀君主"), t.act("吳正軍師", "明察", "蜀殺手甲"))
    assert t.status("蜀君主") == "alive" and t.status("吳女眷") == "out"
    assert t.only_feedback("魏正軍師", "明察").data == {"is_killer": True} and \
        t.only_feedback("魏正軍師", "明察").target == "吳殺手甲"
    assert t.state.vote_binds == {"吳護衛": "群雄"}
    assert t.only_feedback("吳正軍師", "明察").target == "蜀殺手甲"  # 吳 is untouched
    assert t.feedback("蜀正軍師") == [] and t.player("蜀正軍師").used == {"只欠東風": 1}


@pytest.mark.skill("只欠東風")
def test_zhiqiandongfeng_draws_only_legal_targets():
    """變為隨機 — among the ids the action may name: 明察 (除你以外) never lands on its own actor (SL16)."""
    t = red_cliffs()
    t.night(t.act("蜀正軍師", "只欠東風"), t.act("魏正軍師", "明察", "蜀殺手甲"))
    options = t.drew("只欠東風 魏正軍師")[0]["options"]
    assert "魏正軍師" not in options and len(options) == 21


# ---- edges shared with other rules -------------------------------------------------------
class Remove(Skill):
    """A character skill that makes its target 退出歷史舞台 (to test what cannot be prevented)."""

    name = "退場"
    source = Source.CHARACTER
    stage = "attack"

    def apply(self, night: Any, use: Use) -> None:
        from tianting.rules.kk33.harm import Harm, Level

        night.harms.append(Harm(use.targets[0], Level.KILL, self.name, [use.actor], removal=True))


@pytest.mark.skill("樂不思蜀")
def test_lebusishu_cannot_stop_a_removal():
    """退出歷史舞台：…不能被減輕和防止死亡的效果減免 — 樂不思蜀 stays unused; the 轉生角色 leaves (託孤)."""
    t = table("劉禪", extra_skills=[Remove])
    t.player("吳女眷").skills.append("退場")
    t.decide("蜀君主", "託孤", "蜀護衛")
    t.night(t.act("吳女眷", "退場", "蜀君主"))
    assert t.status("蜀君主") == "out" and t.player("蜀君主").used == {}


@pytest.mark.skill("五虎封將")
def test_wuhufengjiang_exactly_two_tigers_is_enough():
    """1、五虎將中至少有兩人在場 — 關羽 and 馬超 (趙雲 not seated); 劉備 himself is no tiger."""
    t = table(omit=("蜀護衛",))
    t.night(t.act("蜀君主", "五虎封將"))
    assert t.feedback("蜀君主", "五虎封將") == [] and t.player("蜀君主").used == {"五虎封將": 1}
    assert t.traced("蜀君主 五虎封將：當夜針對其與五虎將的刺殺有一半概率失效")


@pytest.mark.skill("陷嗣")
@pytest.mark.parametrize("order", [0, 1, 2])
def test_xiansi_and_taoyuanfeihua_do_not_hang_on_submission_order(order: int):
    """Everything in one phase happens at once: 陷嗣 (on 吳殺手甲) and 桃園飛花 (關羽 on 劉備) with the
    night's actions submitted in any order give one outcome."""
    t = table(keep=("蜀君主", "吳君主"))
    p = t.player("吳君主")  # a 劉封 is not needed for the order: 陷嗣 is lent to 吳君主 here
    p.skills = ["陷嗣"]
    actions = [t.act("吳君主", "陷嗣", "吳殺手甲", "魏護衛"), t.act("吳殺手甲", "刺殺", "蜀護衛"),
               t.act("蜀殺手甲", "刺殺", "蜀君主")]
    actions = actions[order:] + actions[:order]
    t.night(*actions)
    assert t.status("蜀護衛") == "alive" and t.status("蜀君主") == "alive"
    assert t.player("吳君主").injured and t.player("蜀君主").known == {"蜀殺手甲": "關羽"}


@pytest.mark.skill("三顧茅廬")
def test_sangumaolu_any_form_of_zhuge_liang():
    """當你成為諸葛亮的技能目標時 — 隆中的卧龍·諸葛亮 (the 副軍師 form) is 諸葛亮 too: his 先知先覺 on 劉備."""
    t = sleeping_dragon(keep=("蜀君主",))
    t.night(t.act("蜀副軍師", "先知先覺", "蜀君主"))
    assert t.player("蜀君主").known == {"蜀副軍師": "隆中的卧龍·諸葛亮"}
    assert t.only_feedback("蜀君主", "先知先覺").data == {"actions": []}


@pytest.mark.skill("三顧茅廬")
@pytest.mark.skill("七星")
def test_sangumaolu_a_wrong_guess_on_liu_bei_is_his_stab_on_zhuge_liang():
    """兵行詭道 猜測錯誤 → 視為劉備對諸葛亮發動了一次【刺殺】: 三顧茅廬 fires (互識) but shields only 劉備;
    the 刺殺 on 諸葛亮 sets off 七星."""
    t = table(keep=("蜀君主", "蜀正軍師"))
    t.player("蜀正軍師").skills.remove("逆天改命")
    t.force("刺殺同國失效判定 蜀君主→蜀正軍師", False)
    t.force("七星 蜀正軍師", "A")
    t.night(t.act("蜀正軍師", "兵行詭道", "蜀君主", identity="女眷"))
    assert t.player("蜀君主").known == {"蜀正軍師": "遲暮的丞相·諸葛亮"}
    assert t.status("蜀正軍師") == "alive" and t.traced("七星（A：該刺殺無效）")


@pytest.mark.skill("空城絕唱")
def test_kongchengjuechang_is_shown_as_passive_not_as_a_skill_to_submit():
    """覺醒技是指在滿足一定條件時觸發的技能 — the player's skill list does not offer it as an action."""
    from tianting.rules.kk33.views import player_view

    t = chancellor()
    rows = {r["skill"]: r for r in player_view(t.game, "蜀正軍師")["skills"]}
    assert rows["空城絕唱"]["kind"] == "passive" and rows["空城"]["kind"] == "passive"
    assert rows["兵行詭道"]["kind"] == "active" and rows["兵行詭道"]["args"] == ["identity"]


@pytest.mark.skill("桃園飛花")
def test_taoyuanfeihua_with_zhang_feis_nuhou():
    """桃園飛花 prevents 「致死或致傷效果」 only: 張飛's 刺殺 on 劉備 is void and they 互識, but 怒吼
    (若你的【刺殺】的ID於結算後仍存活，則其次日及以後的投票均無效) still silences 劉備's votes (SL2)."""
    t = table(keep=("蜀君主", "蜀殺手甲"), characters={"蜀殺手甲": "張飛"})
    t.night(t.act("蜀殺手甲", "刺殺", "蜀君主"))
    assert t.status("蜀君主") == "alive" and t.player("蜀君主").known == {"蜀殺手甲": "張飛"}
    t.day({**all_vote(t, "吳女眷"), "蜀君主": "魏女眷"})
    assert t.announced("tally") == {"吳女眷": 21}


@pytest.mark.skill("七星")
@pytest.mark.skill("撥亂反正")
@pytest.mark.interaction("撥亂反正", "諸葛亮", "魏延")
def test_qixing_free_of_wei_yan_once_ma_dais_boluanfanzheng_is_used_up():
    """撥亂反正：…該技能消耗後，諸葛亮的【七星】不再受魏延影響。 — 馬岱 (seated, his skill at work) uses it;
    the next night, with 魏延 in play, a drawn C stays C."""
    t = chancellor(keep=("蜀殺手乙",), characters={"蜀護衛": "魏延", "蜀殺手乙": "馬岱"})
    t.night(t.act("蜀殺手乙", "撥亂反正", "吳殺手乙"))
    assert t.player("蜀殺手乙").used == {"撥亂反正": 1}
    t.day(all_vote(t, "群雄"))
    t.force("七星 蜀正軍師", "C")
    t.night(t.act("吳殺手甲", "刺殺", "蜀正軍師"))
    assert t.status("蜀正軍師") == "alive" and t.status("吳殺手甲") == "out"
    assert not t.traced("魏延在場")


@pytest.mark.skill("三顧茅廬")
def test_sangumaolu_a_kuanggu_stab_from_zhuge_liang_is_prevented():
    """魏延's 狂骨 (當夜所有針對其的身份技能更為【刺殺】) turns 諸葛亮's 明察 on 劉備 into a 刺殺 of 諸葛亮's:
    三顧茅廬 fires (the 明察 named him) and prevents it."""
    t = table(keep=("蜀君主", "蜀護衛"), characters={"蜀護衛": "魏延"})
    t.night(t.act("蜀護衛", "狂骨", "蜀君主"), t.act("蜀正軍師", "明察", "蜀君主"))
    assert t.status("蜀君主") == "alive" and t.player("蜀君主").life == 0
    assert t.traced("蜀正軍師 的刺殺對 蜀君主 無效：蜀君主 三顧茅廬")


@pytest.mark.skill("七星")
def test_qixing_d_the_killer_dies_with_the_night_and_is_not_offered_to_tuogu():
    """D 該【刺殺】仍有效但發動【刺殺】的人死亡 — the killer dies at the moment of the night's deaths (R47):
    託孤（你獲悉本國尚存活的角色）, run once that moment has settled, does not list him. 劉禪 falls to 吳 the
    same night that 關羽 stabs 諸葛亮; 關羽's death by 七星 is 諸葛亮's moment, so 劉禪 cannot name him."""
    t = table("劉禪", keep=("蜀正軍師",))
    t.player("蜀正軍師").skills.remove("逆天改命")
    t.player("蜀君主").skills.remove("樂不思蜀")  # so that 吳's 刺殺 kills him
    t.force("刺殺同國失效判定 蜀殺手甲→蜀正軍師", False)
    t.force("七星 蜀正軍師", "D")
    t.decide("蜀君主", "託孤", "蜀護衛")
    t.state.effects.append(Effect("stab-bonus", 0, "蜀殺手甲", {"country": "蜀", "n": 1}))
    t.night(t.act("吳殺手甲", "刺殺", "蜀君主"), t.act("蜀殺手甲", "刺殺", "蜀正軍師"))
    assert set(t.announced("exited")) == {"蜀君主", "蜀正軍師", "蜀殺手甲"}
    listed = t.feedback("蜀君主", "託孤")[0].data["alive"]
    assert "蜀殺手甲" not in listed and "蜀正軍師" not in listed and "蜀護衛" in listed
    assert t.player("蜀護衛").identity == "君主" and "蜀" not in t.state.eliminated


@pytest.mark.skill("七星")
@pytest.mark.skill("龍吟")
@pytest.mark.parametrize(("letter", "void"), [("A", True), ("B", False), ("C", True), ("E", True), ("G", False)])
def test_qixing_a_void_stab_is_void_and_b_leaves_it_valid(letter: str, void: bool):
    """A 該【刺殺】無效 / B 該【刺殺】仍有效但你不會死亡 — the letters differ in whether the 刺殺 itself worked: 關平's
    龍吟（若當夜本國君主或殺手的行動失敗或失效，你獲悉之…）hears of 關羽's 刺殺 on 諸葛亮 made 無效 by A, C or E,
    not of one left valid by B or G."""
    t = chancellor(keep=("蜀護衛",), characters={"蜀護衛": "關平"})
    t.force("刺殺同國失效判定 蜀殺手甲→蜀正軍師", False)
    t.force("七星 蜀正軍師", letter)
    t.night(t.act("蜀殺手甲", "刺殺", "蜀正軍師"))
    if void:
        told = t.feedback("蜀護衛", "龍吟")[0]
        assert told.data == {"actions": [{"skill": "刺殺", "how": "失效"}]}
        assert t.player("蜀護衛").granted == {"刺殺": 1}
    else:
        assert t.feedback("蜀護衛", "龍吟") == [] and t.player("蜀護衛").granted == {}


@pytest.mark.skill("七星")
@pytest.mark.skill("據守樊城")
@pytest.mark.parametrize(("letter", "wounded"), [("A", False), ("B", True), ("G", True)])
def test_qixing_b_against_a_stab_lessened_to_a_wound(letter: str, wounded: bool):
    """B 該【刺殺】仍有效但你「不會死亡」 — against a 刺殺 that 曹仁's 據守樊城（本國殺手的【刺殺】造成的傷害減輕）lessened
    to a wound, B saves him from death only: he is wounded, as with G; A（該【刺殺】無效）spares him the wound too."""
    t = chancellor(keep=("魏殺手甲",), characters={"魏殺手甲": "曹仁"})
    t.force("七星 蜀正軍師", letter)
    t.night(t.act("魏殺手甲", "據守樊城"), t.act("魏殺手乙", "刺殺", "蜀正軍師"))
    assert t.status("蜀正軍師") == ("injured" if wounded else "alive")
