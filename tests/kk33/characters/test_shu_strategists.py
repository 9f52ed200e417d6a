"""Scenario tests for the 蜀 軍師: 徐庶, 龐統, 法正, 馬良, 姜維 (⊙蜀國篇), KK規則3.3版.

Each test quotes the sentence of 000_b521fc75d9962f03.txt it checks; the
rulings SS1 … are in docs/rulings/kk33-shu_strategists.md.

The tables seat 荀彧, 張遼 and 夏侯淵 instead of 司馬懿 (兵法) and 夏侯惇 (剛烈), whose
vote and harm modifiers would change the days these scenarios pass through.
"""

from __future__ import annotations

import pytest

from tianting.core.errors import IllegalAction
from tianting.core.state import Alliance, Status
from tianting.rules.kk33 import victory
from tianting.testing import Table

SAFE = {"魏副軍師": "荀彧", "魏殺手甲": "張遼", "魏殺手乙": "夏侯淵"}
XU = "蜀正軍師"  # 徐庶 (固定出現在正軍師選將位置)
ADV = "蜀副軍師"  # 龐統 by default; 法正, 馬良, 姜維 where a test seats them


def table(**chars: str) -> Table:
    others = chars.pop("others", "神醫")
    return Table(characters={**SAFE, **chars}, others=others)


def xushu() -> Table:
    return table(蜀正軍師="徐庶")


# ==== 徐庶 =========================================================================
@pytest.mark.skill("緘默")
def test_jianmo_survivor_vote_void_next_day_only():
    """緘默：指定一個ID，若其當夜未死亡則令其次日投票無效。"""
    t = xushu()
    t.night(t.act(XU, "緘默", "吳護衛"))
    assert t.feedback(XU, "緘默") == [] and t.feedback("吳護衛", "緘默") == []
    t.day({"吳護衛": "魏女眷", "吳女眷": "魏護衛"})
    assert t.announced("votes")["吳護衛"] == "魏女眷"  # the ballot still shows it
    assert t.traced("吳護衛 的投票無效：蜀正軍師 緘默")
    # 棄權視為自投: 魏女眷 has her own vote only; 魏護衛 his own and 吳女眷's
    assert t.announced("tally")["魏女眷"] == 1 and t.announced("tally")["魏護衛"] == 2
    t.quiet_night()
    t.day({"吳護衛": "魏女眷"})
    assert t.announced("tally")["魏女眷"] == 2  # 次日 only


@pytest.mark.skill("緘默")
def test_jianmo_dead_target_leaves_no_last_words():
    """緘默：…若其當夜死亡則無法留下遺言。"""
    t = xushu()
    t.night(t.act(XU, "緘默", "吳護衛"), t.act("魏殺手乙", "刺殺", "吳護衛"),
            t.act("蜀殺手甲", "刺殺", "吳女眷"),
            last_words={"吳護衛": "我是太史慈", "吳女眷": "我是小喬"})
    assert t.status("吳護衛") == "out"
    assert t.announced("last_words") == {"吳女眷": "我是小喬"}
    assert "吳護衛 無法留下遺言，其遺言不予公布" in t.last.warnings
    assert not any(e.kind == "緘默" for e in t.state.effects)  # no vote to void: he is out


@pytest.mark.skill("緘默")
def test_jianmo_a_lord_who_died_and_reincarnated_keeps_his_vote():
    """若其當夜死亡…: a lord who died and came back (轉生：當你死亡時…) died that night — his vote stands (SS1)."""
    t = xushu()
    t.decide("吳君主", "轉生", "孫策")
    t.night(t.act(XU, "緘默", "吳君主"), t.act("魏殺手甲", "刺殺", "吳君主"))
    assert t.player("吳君主").character == "孫策" and t.status("吳君主") != "out"
    t.day({"吳君主": "魏女眷"})
    assert t.announced("tally")["魏女眷"] == 2 and not t.traced("緘默")


@pytest.mark.skill("緘默")
def test_jianmo_failed_check_does_nothing():
    """受傷 … 主動技能有一半概率失敗: a failed 緘默 silences nobody, its owner is told."""
    t = xushu().wound(XU)
    t.fail(XU, "緘默")
    t.night(t.act(XU, "緘默", "吳護衛"), t.act("魏殺手乙", "刺殺", "吳護衛"), last_words={"吳護衛": "遺言"})
    assert t.only_feedback(XU, "緘默").data == {"failed": True}
    assert t.announced("last_words") == {"吳護衛": "遺言"}


@pytest.mark.skill("居魏思蜀")
@pytest.mark.interaction("居魏思蜀", "劉備")
def test_juwei_shields_owner_and_liu_bei_and_allies_wei_shu():
    """居魏思蜀：使用後當夜，所有針對你和劉備的【刺殺】失效。魏蜀聯盟達成（或延期）兩日兩夜。"""
    t = xushu()
    t.night(t.act(XU, "居魏思蜀"), t.act("魏殺手甲", "刺殺", XU), t.act("吳殺手甲", "刺殺", "蜀君主"),
            t.act("蜀殺手甲", "刺殺", "吳護衛"))
    assert t.status(XU) == "alive" and t.status("蜀君主") == "alive"
    assert t.traced("魏殺手甲 的刺殺對 蜀正軍師 無效：蜀正軍師 居魏思蜀")
    assert t.status("吳護衛") == "out"  # other stabs go on
    assert t.state.alliances == [Alliance(("魏", "蜀"), start=1, end=4)]
    assert t.announced("alliances") == [{"countries": ["魏", "蜀"], "until": {"phase": "night", "number": 3}}]
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act(XU, "居魏思蜀"))


@pytest.mark.skill("居魏思蜀")
def test_juwei_without_liu_bei_still_shields_its_owner():
    """居魏思蜀 has no 「若劉備不在場則失效」 (SS2): after 劉備 became 劉禪 it still shields 徐庶 and allies."""
    t = xushu()
    t.decide("蜀君主", "轉生", "劉禪")
    t.night(t.act("魏殺手甲", "刺殺", "蜀君主"))
    assert t.player("蜀君主").character == "劉禪"
    t.day()
    t.night(t.act(XU, "居魏思蜀"), t.act("魏殺手甲", "刺殺", XU))
    assert t.status(XU) == "alive"
    assert t.traced(f"{XU} 居魏思蜀：當夜所有針對 {XU} 的刺殺失效")  # 劉禪 is not 劉備
    assert any(a.countries == ("魏", "蜀") for a in t.state.alliances)


@pytest.mark.skill("計無不成")
def test_jiwubucheng_goes_on_until_a_killer():
    """計無不成：使用後當夜，若你的【明察】的目標不為殺手，那麼你可以繼續發動【明察】，直到你【明察】的對象是殺手…為止。"""
    t = xushu()
    t.decide(XU, "計無不成", "吳護衛").decide(XU, "計無不成", "魏殺手乙")
    t.night(t.act(XU, "計無不成"), t.act(XU, "明察", "魏女眷"))
    answers = [(f.target, f.data["is_killer"]) for f in t.feedback(XU, "明察")]
    assert answers == [("魏女眷", False), ("吳護衛", False), ("魏殺手乙", True)]
    assert [f.data.get("via") for f in t.feedback(XU, "明察")] == [None, "計無不成", "計無不成"]
    assert t.feedback("吳護衛") == []  # the targets learn nothing
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act(XU, "計無不成"))


@pytest.mark.skill("計無不成")
def test_jiwubucheng_owner_may_stop():
    """計無不成：…直到你【明察】的對象是殺手或你主動停止為止。"""
    t = xushu()
    t.decide(XU, "計無不成", "吳護衛").decide(XU, "計無不成", "停止")
    t.night(t.act(XU, "計無不成"), t.act(XU, "明察", "魏女眷"))
    assert [f.target for f in t.feedback(XU, "明察")] == ["魏女眷", "吳護衛"]


@pytest.mark.skill("計無不成")
def test_jiwubucheng_nothing_after_a_killer_or_without_investigation():
    """若你的【明察】的目標不為殺手 — a first 明察 on a killer, or none at all, lets nothing follow (SS3)."""
    t = xushu()
    t.night(t.act(XU, "計無不成"), t.act(XU, "明察", "魏殺手甲"))  # strict: no choice is asked
    assert [f.data["is_killer"] for f in t.feedback(XU, "明察")] == [True]
    assert t.player(XU).used == {"計無不成": 1}
    t2 = xushu()
    t2.night(t2.act(XU, "計無不成"))
    assert t2.feedback(XU, "明察") == [] and t2.traced("當夜沒有生效的【明察】")


@pytest.mark.skill("計無不成")
def test_jiwubucheng_wounded_one_check_for_the_whole_chain():
    """當主動技能經過成功概率判定並判定成功使用後，技能的一切內容均一定成功生效 — a wounded 徐庶 rolls for
    計無不成 (and for his own 明察), not for each further 【明察】 (SS3)."""
    t = xushu().wound(XU)
    t.succeed(XU, "計無不成").succeed(XU, "明察")
    t.decide(XU, "計無不成", "吳護衛").decide(XU, "計無不成", "停止")
    t.night(t.act(XU, "計無不成"), t.act(XU, "明察", "魏女眷"))
    got = [(f.target, f.data) for f in t.feedback(XU, "明察")]
    assert got == [("魏女眷", {"is_killer": False}), ("吳護衛", {"is_killer": False, "via": "計無不成"})]
    assert len(t.drew("成功判定")) == 2


@pytest.mark.skill("計無不成")
def test_jiwubucheng_a_void_first_investigation_starts_no_chain():
    """技能失效…擁有該技能的角色不能收到反饋: a first 【明察】 on 王異 (貞烈) is void and answers nothing, so it
    starts no chain — being asked to go on would tell 徐庶 that she is no killer (SS3)."""
    t = Table(characters={**SAFE, XU: "徐庶", "魏女眷": "王異"})
    t.night(t.act(XU, "計無不成"), t.act(XU, "明察", "魏女眷"))  # strict: a choice asked would raise
    assert t.feedback(XU, "明察") == [] and t.player(XU).used == {"計無不成": 1}
    assert t.traced("當夜沒有生效的【明察】")


@pytest.mark.skill("計無不成")
def test_jiwubucheng_further_investigation_on_wang_yi_is_void():
    """Each further 【明察】 is a 明察: 王異's 貞烈 (針對你的【明察】…均失效) voids it; the chain goes on."""
    t = Table(characters={**SAFE, XU: "徐庶", "魏女眷": "王異"})
    t.decide(XU, "計無不成", "魏女眷").decide(XU, "計無不成", "魏殺手乙")
    t.night(t.act(XU, "計無不成"), t.act(XU, "明察", "吳護衛"))
    assert [f.target for f in t.feedback(XU, "明察")] == ["吳護衛", "魏殺手乙"]
    assert t.traced(f"{XU} 的【明察】失效：魏女眷 貞烈")


# ==== 龐統 =========================================================================
@pytest.mark.skill("涅槃")
def test_niepan_dead_pang_tong_votes_unpublished():
    """涅槃：*被*你死亡後仍可投票。（你以此法的投票不公布）"""
    t = table()
    t.night(t.act("魏殺手甲", "刺殺", ADV))
    assert t.status(ADV) == "out"
    t.day({ADV: "魏女眷", "吳女眷": "魏護衛"})
    assert ADV not in t.announced("votes") and ADV not in t.announced("text")
    assert t.announced("tally")["魏女眷"] == 2  # her own vote and his hidden one
    assert t.traced(f"{ADV} 死亡後仍投票（涅槃，不公布）：魏女眷")


@pytest.mark.skill("涅槃")
def test_niepan_a_dead_vote_is_not_owed_and_others_stay_silent():
    """涅槃 belongs to 龐統 only: other dead players cannot vote; he owes no vote (SS4)."""
    t = table()
    t.night(t.act("魏殺手甲", "刺殺", ADV), t.act("蜀殺手甲", "刺殺", "吳護衛"))
    with pytest.raises(IllegalAction, match="已出局"):
        t.game.check_vote("吳護衛", "魏女眷")
    with pytest.raises(IllegalAction, match="已出局"):
        t.game.check_vote(ADV, "吳護衛")  # his vote, too, must name someone in the game
    t.day()
    assert ADV not in t.state.history[-1]["counted"]
    assert not t.traced(f"{ADV} 死亡後")


@pytest.mark.skill("涅槃")
def test_niepan_living_pang_tong_votes_in_the_open():
    """涅槃 is about after death: alive, 龐統's vote is on the ballot like everyone's."""
    t = table()
    t.quiet_night()
    t.day({ADV: "魏女眷"})
    assert t.announced("votes")[ADV] == "魏女眷"


def link(t: Table, a: str, b: str) -> None:
    t.night(t.act(ADV, "連環", a, b))
    t.day()


@pytest.mark.skill("連環")
def test_lianhuan_actions_on_one_end_act_on_both():
    """連環：指定兩個ID，將他們連在一起，此後針對其中任意一人的行動對兩人均生效。"""
    t = table()
    t.night(t.act(ADV, "連環", "魏女眷", "魏殺手乙"), t.act("蜀正軍師", "明察", "魏女眷"))
    assert [f.target for f in t.feedback("蜀正軍師", "明察")] == ["魏女眷"]  # 此後: from the next night (SS5)
    fb = t.only_feedback(ADV, "連環")
    assert fb.data == {"ends": ["魏女眷", "魏殺手乙"]}
    assert t.feedback("魏女眷", "連環") == [] and t.feedback("魏殺手乙", "連環") == []
    t.day()
    t.night(t.act("蜀正軍師", "明察", "魏女眷"), t.act("吳殺手甲", "刺殺", "魏殺手乙"))
    got = {f.target: f.data["is_killer"] for f in t.feedback("蜀正軍師", "明察")}
    assert got == {"魏女眷": False, "魏殺手乙": True}
    assert t.status("魏女眷") == "out" and t.status("魏殺手乙") == "out"  # the 刺殺 on one acts on both


@pytest.mark.skill("連環")
def test_lianhuan_the_other_ends_own_immunities_hold():
    """The action reaches the other end as an action on it: 王異's 貞烈 (針對你的【明察】…均失效) voids
    the 明察 that reaches her through the chain; the 明察 on the first end answers as usual."""
    t = table(魏女眷="王異")
    link(t, "魏女眷", "魏護衛")
    t.night(t.act("蜀正軍師", "明察", "魏護衛"))
    assert [f.target for f in t.feedback("蜀正軍師", "明察")] == ["魏護衛"]
    assert t.traced("蜀正軍師 的【明察】失效：魏女眷 貞烈")


@pytest.mark.skill("連環")
def test_lianhuan_a_failed_or_void_action_spreads_nothing():
    """The echo on the other end goes with the action: a failed (受傷) 刺殺 kills neither end."""
    t = table()
    link(t, "魏女眷", "魏護衛")
    t.wound("吳殺手甲").fail("吳殺手甲", "刺殺")
    t.night(t.act("吳殺手甲", "刺殺", "魏女眷"))
    assert t.status("魏女眷") == "alive" and t.status("魏護衛") == "alive"


@pytest.mark.skill("連環")
def test_lianhuan_change_one_end_a_night():
    """連環：每夜可改變連環的一端。"""
    t = table()
    link(t, "魏女眷", "魏護衛")
    with pytest.raises(IllegalAction, match="一端"):
        t.check(t.act(ADV, "連環", "吳女眷", "吳護衛"))
    t.night(t.act(ADV, "連環", "魏女眷", "吳護衛"))
    assert t.state.extra["連環"][ADV] == ["魏女眷", "吳護衛"]
    t.day()
    t.night(t.act("蜀正軍師", "明察", "吳護衛"))
    assert {f.target for f in t.feedback("蜀正軍師", "明察")} == {"吳護衛", "魏女眷"}


@pytest.mark.skill("連環")
def test_lianhuan_false_end_and_both_false_loses_the_skill():
    """若連環的一端對應的角色出局，則視為該端處於假連環狀態，當連環兩端都處於假連環狀態時，失去此技能。"""
    t = table()
    link(t, "魏女眷", "魏護衛")
    t.night(t.act("吳殺手甲", "刺殺", "吳女眷"), t.act("蜀殺手甲", "刺殺", "魏女眷"))
    assert t.status("魏女眷") == "out" and t.status("魏護衛") == "out"  # the stab acts on both ends
    assert "連環" not in t.player(ADV).skills
    assert t.only_feedback(ADV, "連環").data == {"lost": "連環"}


@pytest.mark.skill("連環")
def test_lianhuan_guard_on_one_end_guards_both():
    """此後針對其中任意一人的行動對兩人均生效 — 援護 too: with no valid 刺殺 it wounds both ends."""
    t = table()
    link(t, "魏女眷", "魏護衛")
    t.night(t.act("蜀護衛", "援護", "魏女眷"), t.act("吳殺手甲", "刺殺", "魏護衛"))
    # the 刺殺 acts on both ends, the 援護 guards both: each 刺殺 is void, no one is wounded
    assert t.status("魏護衛") == "alive" and t.status("魏女眷") == "alive"
    assert t.traced("吳殺手甲 的刺殺對 魏女眷 無效：蜀護衛 援護")
    t.day()
    t.night(t.act("蜀護衛", "援護", "魏護衛"))
    assert t.player("魏女眷").injured and t.player("魏護衛").injured


@pytest.mark.skill("連環")
def test_lianhuan_a_false_end_passes_nothing():
    """假連環：an end out of the game — actions on the other end no longer spread."""
    t = table()
    link(t, "魏女眷", "魏護衛")
    t.night(t.act("蜀殺手甲", "刺殺", "吳女眷"))
    t.day({pid: "魏女眷" for pid in ("蜀君主", "蜀護衛", "吳護衛", "吳君主")})
    assert t.status("魏女眷") == "out" and t.status("魏護衛") == "alive"
    assert "連環" in t.player(ADV).skills  # one end false: the skill stays
    t.night(t.act("蜀正軍師", "明察", "魏護衛"))
    assert [f.target for f in t.feedback("蜀正軍師", "明察")] == ["魏護衛"]
    assert t.traced("處於假連環狀態")


@pytest.mark.skill("連環")
def test_lianhuan_intact_for_chibi():
    """火燒赤壁 asks 「若龐統在場且【連環】的兩端均不為假連環狀態」: ``Lianhuan.intact`` answers it."""
    from tianting.rules.kk33.characters.shu_strategists import Lianhuan

    t = table()
    assert not Lianhuan.intact(t.state)
    link(t, "魏女眷", "魏護衛")
    assert Lianhuan.intact(t.state)
    t.night(t.act("蜀殺手甲", "刺殺", "吳女眷"))
    t.day({pid: "魏女眷" for pid in ("蜀君主", "蜀護衛", "吳護衛", "吳君主")})
    assert not Lianhuan.intact(t.state)  # one end is a 假連環


@pytest.mark.skill("連環")
def test_lianhuan_vanishes_when_pang_tong_dies():
    """連環：龐統死亡出局時，場上的連環立即消失。"""
    t = table()
    link(t, "魏女眷", "魏護衛")
    t.night(t.act("魏殺手甲", "刺殺", ADV))
    t.day()
    assert "連環" not in t.state.extra["連環"]
    t.night(t.act("蜀正軍師", "明察", "魏女眷"))
    assert [f.target for f in t.feedback("蜀正軍師", "明察")] == ["魏女眷"]


# ==== 法正 =========================================================================
def fazheng(**chars: str) -> Table:
    """法正 at 蜀副軍師, with 陸遜 (the real 火燒連營, wu_zhang_lu.Huoshaolianying) at 吳副軍師."""
    return Table(characters={**SAFE, ADV: "法正", "吳副軍師": "陸遜", **chars})


@pytest.mark.skill("正諫")
@pytest.mark.interaction("正諫", "陸遜")
def test_zhengjian_lu_xun_fire_fails_before_any_check():
    """正諫：*被*若陸遜使用【火燒連營】，則【火燒連營】使用失敗。"""
    t = fazheng()
    t.night(t.act("吳副軍師", "火燒連營"), t.act("蜀正軍師", "明察", "魏女眷"))
    assert t.only_feedback("吳副軍師", "火燒連營").data == {"failed": True}
    assert t.player("吳副軍師").used == {}  # 使用失敗: not used up
    assert t.last.draws == []  # no 成功率減半 for 蜀
    assert not t.player("蜀君主").injured and t.state.alliances == []
    assert t.feedback(ADV, "正諫") == []


@pytest.mark.skill("正諫")
def test_zhengjian_only_while_fa_zheng_lives_and_only_lu_xun():
    """正諫 is 法正's passive: dead, it stops nothing; and it names 陸遜, not whoever holds 火燒連營."""
    t = fazheng()
    t.night(t.act("魏殺手甲", "刺殺", ADV))
    t.day()
    t.night(t.act("吳副軍師", "火燒連營"))
    assert t.player("吳副軍師").used == {"火燒連營": 1} and t.player("蜀君主").injured
    t2 = fazheng()
    t2.player("吳正軍師").skills.append("火燒連營")
    t2.night(t2.act("吳正軍師", "火燒連營"))
    assert t2.feedback("吳正軍師", "火燒連營") == [] and t2.player("蜀君主").injured


@pytest.mark.skill("睚眥必報")
def test_yazi_killers_votes_void_from_next_day_on():
    """睚眥必報：*被*於夜間致你死的角色次日及次日以後的投票均無效。"""
    t = fazheng()
    t.force("刺殺同國失效判定 蜀殺手甲→蜀副軍師", False)
    t.night(t.act("魏殺手甲", "刺殺", ADV), t.act("蜀殺手甲", "刺殺", ADV))
    assert t.status(ADV) == "out"
    assert t.only_feedback(ADV, "睚眥必報").data == {"consumed": "睚眥必報"}
    assert t.feedback("魏殺手甲", "睚眥必報") == []  # they are not told
    t.day({"魏殺手甲": "吳女眷", "蜀殺手甲": "吳女眷", "吳護衛": "吳女眷"})
    assert t.announced("tally")["吳女眷"] == 2  # her own and 吳護衛's
    assert t.traced("魏殺手甲 的投票無效：蜀副軍師 睚眥必報") and t.traced("蜀殺手甲 的投票無效")
    t.quiet_night()
    t.day({"魏殺手甲": "魏護衛"})
    assert t.announced("tally")["魏護衛"] == 1  # 次日以後 too
    t.quiet_night()
    t.day({"魏殺手甲": "魏護衛"})
    assert t.traced("魏殺手甲 的投票無效：蜀副軍師 睚眥必報")


@pytest.mark.skill("睚眥必報")
def test_yazi_only_a_night_death():
    """於夜間致你死: a vote death sets nothing off; the skill stays unspent."""
    t = fazheng()
    t.quiet_night()
    t.day({pid: ADV for pid in ("魏殺手甲", "吳護衛", "吳君主", "蜀君主")})
    assert t.status(ADV) == "out"
    assert t.feedback(ADV, "睚眥必報") == [] and not any(e.kind == "睚眥必報" for e in t.state.effects)


@pytest.mark.skill("蓋棺論定")
def test_gaiguan_learns_every_character_out_of_the_game():
    """蓋棺論定：獲悉所有退出遊戲的ID對應的角色。"""
    t = fazheng()
    t.night(t.act("蜀殺手甲", "刺殺", "魏女眷"), t.act("吳殺手甲", "刺殺", "魏護衛"))
    t.day()
    t.night(t.act(ADV, "蓋棺論定"), t.act("魏殺手甲", "刺殺", "吳女眷"))
    fb = t.only_feedback(ADV, "蓋棺論定")
    assert fb.data == {"characters": {"魏護衛": "許褚", "魏女眷": "甄姬"}}  # as the night began
    assert "甄姬" in fb.text and "許褚" in fb.text
    assert t.feedback("魏女眷") == []
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act(ADV, "蓋棺論定"))


@pytest.mark.skill("蓋棺論定")
def test_gaiguan_with_no_one_out():
    """蓋棺論定 on the first night: no one is out; the owner is told so and the skill is used."""
    t = fazheng()
    t.night(t.act(ADV, "蓋棺論定"))
    assert t.only_feedback(ADV, "蓋棺論定").data == {"characters": {}}
    assert t.player(ADV).used == {"蓋棺論定": 1}


@pytest.mark.skill("眩遠惑近")
def test_xuanyuan_second_highest_all_leave():
    """眩遠惑近：次日的投票規則改為所有得票數次高的角色均退出歷史舞台。"""
    t = fazheng()
    t.night(t.act(ADV, "眩遠惑近"))
    votes = {"吳君主": "魏女眷", "吳護衛": "魏女眷", "吳女眷": "魏女眷",
             "蜀君主": "魏護衛", "蜀護衛": "魏護衛", "蜀殺手甲": "吳殺手甲", "蜀殺手乙": "吳殺手甲"}
    t.day(votes)
    # 魏女眷 4 (with her own), 魏護衛 3, 吳殺手甲 3: the two on the second count leave; the top stays
    assert t.status("魏女眷") == "alive"
    assert t.status("魏護衛") == "out" and t.status("吳殺手甲") == "out"
    assert t.announced("exited") == ["魏護衛", "吳殺手甲"] or set(t.announced("exited")) == {"魏護衛", "吳殺手甲"}
    assert [d.cause for d in t.last.deaths] == ["眩遠惑近（退出歷史舞台）"] * 2
    with pytest.raises(IllegalAction, match="限定技能"):  # a 非二字 skill: once a game
        t.check(t.act(ADV, "眩遠惑近"))
    t.quiet_night()
    t.day({"吳君主": "魏女眷", "吳護衛": "魏女眷"})
    assert t.status("魏女眷") == "out"  # 次日 only: the usual rule again


def _tie_at_the_top_then_six(t: Table) -> dict[str, str]:
    """8 votes on 吳女眷, 8 on 吳護衛 (a tie at the top), 6 on 魏女眷 (the second count)."""
    voters = [p.id for p in t.game.voters()]
    return {v: "吳女眷" if i < 8 else "吳護衛" if i < 16 else "魏女眷" for i, v in enumerate(voters)}


@pytest.mark.skill("眩遠惑近")
def test_xuanyuan_replaces_the_rule_over_xingshang():
    """眩遠惑近：次日的投票規則「改為」所有得票數次高的角色均退出歷史舞台 — the day's rule is replaced, so 曹丕's
    行殤 (若投票時最高票為平票且不為0，則所有最高票的角色均死亡) widens no top death: the tied top stay, the
    second count leaves (SS7; as 舌戰群儒's 無事發生 over 行殤, SL10)."""
    t = fazheng()
    p = t.player("魏君主")
    p.character, p.life, p.skills = "曹丕", 1, ["行殤", "代漢自立"]
    t.night(t.act(ADV, "眩遠惑近"))
    t.day(_tie_at_the_top_then_six(t))
    assert t.status("吳女眷") == "alive" and t.status("吳護衛") == "alive"
    assert t.status("魏女眷") == "out"
    assert [d.cause for d in t.last.deaths] == ["眩遠惑近（退出歷史舞台）"]


@pytest.mark.skill("眩遠惑近")
@pytest.mark.parametrize("first", ["眩遠惑近", "舌戰群儒"])
def test_xuanyuan_and_shezhanqunru_the_same_night_nothing_happens(first):
    """舌戰群儒：令次日投票無事發生 — used the night 眩遠惑近 is, nothing happens the next day, whichever is
    submitted first (the rules of the day do not hang on the order of their effects)."""
    t = fazheng(蜀正軍師="諸葛亮")
    uses = {"眩遠惑近": t.act(ADV, "眩遠惑近"), "舌戰群儒": t.act("蜀正軍師", "舌戰群儒")}
    t.night(uses[first], *(u for k, u in uses.items() if k != first))
    t.day(_tie_at_the_top_then_six(t))
    assert t.last.deaths == []


@pytest.mark.skill("眩遠惑近")
def test_xuanyuan_without_a_second_count_no_one_leaves():
    """所有得票數次高的角色: with one count only (every vote a self-vote) there is no second — no one dies (SS7)."""
    t = fazheng()
    t.night(t.act(ADV, "眩遠惑近"))
    t.day()
    assert t.announced("exited") == []
    assert t.traced("沒有得票數次高的角色")


# ==== 馬良 =========================================================================
def maliang(**chars: str) -> Table:
    return Table(characters={**SAFE, ADV: "馬良", **chars})


def zhenji_dies_after_luoshen(t: Table) -> None:
    """Night 1: 甄姬 (魏女眷) uses 洛神 and is killed; then a quiet day."""
    t.night(t.act("魏女眷", "洛神"), t.act("蜀殺手甲", "刺殺", "魏女眷"))
    assert t.status("魏女眷") == "out"
    t.day()


@pytest.mark.skill("五常")
def test_wuchang_gains_the_active_skills_used_in_life():
    """五常：指定一個…已退出遊戲的ID，獲得其生前使用過的所有主動的角色技能。（本技能不計入每夜角色技能使用次數限制）"""
    t = maliang()
    zhenji_dies_after_luoshen(t)
    t.night(t.act(ADV, "五常", "魏女眷"), t.act(ADV, "送圖問計", "魏護衛"))  # both: 五常 is outside the limit
    assert "洛神" in t.player(ADV).skills and "飄忽若神" not in t.player(ADV).skills  # used in life only
    assert t.only_feedback(ADV, "五常").data == {"gained": "洛神"}
    t.day()
    with pytest.raises(IllegalAction, match="沒有通過【五常】指定過"):
        t.check(t.act(ADV, "五常", "魏女眷"))
    t.check(t.act(ADV, "洛神"))  # a learned skill, with its usual limit


@pytest.mark.skill("五常")
def test_wuchang_a_global_skill_is_an_active_one():
    """獲得其生前使用過的所有主動的角色技能 — 主動 as opposed to *被* (標註有*被*的技能是被動技能，無需主動使用):
    a *全* skill is used by choice, so 蔡文姬's 悲憤詩篇 is gained; her passive 肝腸寸斷 is not (SS9)."""
    t = maliang(魏女眷="蔡文姬")
    t.night(t.act("魏女眷", "悲憤詩篇"))
    t.day({pid: "魏女眷" for pid in ("蜀君主", "蜀護衛", "吳君主", "吳護衛")})
    assert t.status("魏女眷") == "out"
    t.night(t.act(ADV, "五常", "魏女眷"))
    assert "悲憤詩篇" in t.player(ADV).skills and "肝腸寸斷" not in t.player(ADV).skills
    assert t.only_feedback(ADV, "五常").data == {"gained": "悲憤詩篇"}


@pytest.mark.skill("五常")
def test_wuchang_a_skill_used_by_day_was_used_in_life():
    """獲得其生前使用過的所有主動的角色技能 — 生前, not 「夜間」: 小喬's 玲瓏 (「每次投票時」, a day action)
    and 諸葛瑾's 緩釋 (「可以於白天使用」) used by day were used in life, and are gained (SS9)."""
    t = maliang(吳女眷="小喬", 吳副軍師="諸葛瑾")
    t.night()
    t.day({}, t.act("吳女眷", "玲瓏", "魏護衛"), t.act("吳副軍師", "緩釋", "魏護衛"))
    t.night(t.act("蜀殺手甲", "刺殺", "吳女眷"), t.act("魏殺手甲", "刺殺", "吳副軍師"))
    assert t.status("吳女眷") == "out" and t.status("吳副軍師") == "out"
    t.day()
    t.night(t.act(ADV, "五常", "吳女眷"))
    assert "玲瓏" in t.player(ADV).skills
    assert t.only_feedback(ADV, "五常").data == {"gained": "玲瓏"}
    t.day()
    t.night()  # 吳副軍師 is a reasonable target now (緩釋, used by day): the use is compulsory
    assert "緩釋" in t.player(ADV).skills
    assert t.state.extra["五常"][ADV]["named"] == ["吳女眷", "吳副軍師"]


@pytest.mark.skill("五常")
def test_wuchang_must_be_used_when_a_target_exists():
    """五常：（當存在合理的目標時該技能必須使用）— not submitted, the judge uses it on one drawn (SS9)."""
    t = maliang()
    zhenji_dies_after_luoshen(t)
    t.force(f"五常 必須使用 {ADV}", "魏女眷")
    t.night()
    assert "洛神" in t.player(ADV).skills
    assert t.traced("未使用【五常】而存在合理的目標")
    # he is told whom the judge named for him (that id is spent), then what he gained
    assert [f.data for f in t.feedback(ADV, "五常")] == [{"forced": "魏女眷"}, {"gained": "洛神"}]
    t.day()
    t.night()  # no reasonable target left: nothing happens, nothing drawn
    assert t.drew("五常") == []


@pytest.mark.skill("五常")
def test_wuchang_a_target_who_used_nothing():
    """生前使用過的所有主動的角色技能: one who used none gives nothing; he is no reasonable target."""
    t = maliang()
    t.night(t.act("蜀殺手甲", "刺殺", "魏護衛"))
    t.day()
    t.night()  # 許褚 used no character skill: no reasonable target, nothing forced
    assert t.feedback(ADV, "五常") == []
    t.day()
    t.night(t.act(ADV, "五常", "魏護衛"))
    assert t.only_feedback(ADV, "五常").data == {"gained": []}


@pytest.mark.skill("五常")
def test_wuchang_five_skills_leave_the_stage_next_night():
    """當你以此法獲得了五個或以上的不同技能時，你將於次夜結算時退出歷史舞台。"""
    t = maliang()
    zhenji_dies_after_luoshen(t)
    t.state.extra["五常"] = {ADV: {"named": [], "gained": ["一", "二", "三", "四"]}}  # as if four gained before
    t.night(t.act(ADV, "五常", "魏女眷"))
    assert any(f.data.get("leaving") for f in t.feedback(ADV, "五常"))
    assert t.status(ADV) == "alive"
    t.day()
    t.night(t.act("蜀護衛", "援護", ADV))
    assert t.status(ADV) == "out"
    assert [d.cause for d in t.last.deaths] == ["五常（退出歷史舞台）"]


@pytest.mark.skill("招納蠻夷")
@pytest.mark.interaction("招納蠻夷", "張角")
def test_zhaona_others_win_with_shu_but_zhang_jiao():
    """招納蠻夷：*被*蜀國獲勝時，除張角外所有群雄角色一同勝利。"""
    t = maliang()
    t.state.eliminated += ["魏", "吳"]
    over, winners = victory.check(t.game)
    assert over and winners == ["蜀", "群雄"]
    t2 = Table(characters={**SAFE, ADV: "馬良"}, others="黃巾頭領")
    t2.state.eliminated += ["魏", "吳"]
    t2.player("群雄").status = Status.OUT
    assert victory.check(t2.game) == (True, ["蜀"])  # 除張角外


@pytest.mark.skill("招納蠻夷")
def test_zhaona_not_when_another_side_wins_or_ma_liang_is_out():
    """蜀國獲勝時 only; and 招納蠻夷 is 馬良's passive: out of the game, it works no more (SS10)."""
    t = maliang()
    t.state.eliminated += ["蜀", "吳"]
    assert victory.check(t.game) == (True, ["魏"])
    t2 = maliang()
    t2.state.eliminated += ["魏", "吳"]
    t2.player(ADV).status = Status.OUT
    assert victory.check(t2.game) == (True, ["蜀"])


@pytest.mark.skill("送圖問計")
def test_songtu_wu_target_all_actions_fail():
    """送圖問計：指定一個ID，若其為吳國人，則令其當夜所有行動失敗。"""
    t = maliang()
    t.night(t.act(ADV, "送圖問計", "吳正軍師"), t.act("吳正軍師", "明察", "魏殺手甲"),
            t.act("吳正軍師", "去偽存真", "蜀君主"), t.act("吳殺手甲", "刺殺", "魏護衛"),
            t.act("魏正軍師", "明察", "吳殺手甲"))
    assert t.only_feedback("吳正軍師", "明察").data == {"failed": True}
    assert t.only_feedback("吳正軍師", "去偽存真").data == {"failed": True}
    assert t.player("吳正軍師").used == {}  # 發動失敗: the limited 去偽存真 is not used up
    assert t.status("魏護衛") == "out"  # only the named id's actions fail
    assert t.only_feedback("魏正軍師", "明察").data == {"is_killer": True}
    assert t.feedback(ADV, "送圖問計") == []


@pytest.mark.skill("送圖問計")
def test_songtu_a_failed_fire_camp_halves_no_shu_rate():
    """令其當夜所有行動失敗 — 技能發動失敗…視為擁有該技能的角色未發動: 陸遜's 火燒連營 failed by 送圖問計 halves no
    蜀 rate (the 刺殺 rolls no check), wounds no 劉備 and makes no 魏吳聯盟 (SS11). 送圖問計 itself is checked
    with the halving of the 火燒連營 used at the same time (it cannot undo what decides whether it works)."""
    t = maliang(吳副軍師="陸遜")
    t.succeed(ADV, "送圖問計")
    t.night(t.act(ADV, "送圖問計", "吳副軍師"), t.act("吳副軍師", "火燒連營"), t.act("蜀殺手甲", "刺殺", "魏女眷"))
    assert t.only_feedback("吳副軍師", "火燒連營").data == {"failed": True} and t.player("吳副軍師").used == {}
    assert [d["purpose"] for d in t.last.draws] == [f"成功判定 {ADV}【送圖問計】"]
    assert t.status("魏女眷") == "out" and not t.player("蜀君主").injured
    assert t.announced("alliances") == []


@pytest.mark.skill("送圖問計")
def test_songtu_not_wu_does_nothing_and_is_used():
    """若其為吳國人 — a 魏 target's actions go on; the limited skill is used all the same."""
    t = maliang()
    t.night(t.act(ADV, "送圖問計", "魏殺手甲"), t.act("魏殺手甲", "刺殺", "吳護衛"))
    assert t.status("吳護衛") == "out"
    assert t.player(ADV).used == {"送圖問計": 1}


@pytest.mark.skill("送圖問計")
@pytest.mark.interaction("送圖問計", "陸遜", "劉備")
def test_songtu_from_next_night_fire_camp_does_not_wound_liu_bei():
    """此技能使用次夜及以後，若陸遜使用【火燒連營】，則劉備不會因【火燒連營】而受傷。"""
    t = maliang(吳副軍師="陸遜")
    t.night(t.act(ADV, "送圖問計", "魏殺手甲"), t.act("吳副軍師", "火燒連營"))
    assert t.player("蜀君主").injured  # the night it is used: not yet
    t2 = maliang(吳副軍師="陸遜")
    t2.night(t2.act(ADV, "送圖問計", "魏殺手甲"))
    t2.day()
    t2.quiet_night()
    t2.day()
    t2.force("成功判定 蜀殺手甲【刺殺】", False)
    t2.night(t2.act("吳副軍師", "火燒連營"), t2.act("蜀殺手甲", "刺殺", "魏女眷"))
    assert not t2.player("蜀君主").injured
    assert t2.traced("送圖問計：劉備不會因【火燒連營】而受傷")
    # only the wound is prevented: 所有蜀國角色的行動成功率減半 and the 魏吳聯盟 stand
    assert t2.status("魏女眷") == "alive" and t2.feedback("蜀殺手甲", "刺殺")[-1].data == {"failed": True}
    assert t2.announced("alliances")[0]["countries"] == ["魏", "吳"]


@pytest.mark.skill("送圖問計")
def test_songtu_only_lu_xuns_fire_camp():
    """若陸遜使用【火燒連營】，則劉備不會因【火燒連營】而受傷 — the text names 陸遜, as 正諫 does (SS11): a
    火燒連營 that another 吳 player holds still wounds 劉備 after 送圖問計."""
    t = maliang(吳副軍師="陸遜")
    t.player("吳正軍師").skills.append("火燒連營")  # as if learned
    t.night(t.act(ADV, "送圖問計", "魏殺手甲"))
    t.day()
    t.night(t.act("吳正軍師", "火燒連營"))
    assert t.player("蜀君主").injured and not t.traced("送圖問計：劉備不會")


# ==== 姜維 =========================================================================
def jiangwei(**chars: str) -> Table:
    return table(蜀副軍師="姜維", **chars)


@pytest.mark.skill("天儀")
def test_tianyi_three_skills_on_him_he_does_not_die():
    """天儀：*被*當你於夜間成為三個或以上技能的目標，你不會死亡。"""
    t = jiangwei()
    t.night(t.act("魏殺手甲", "刺殺", ADV), t.act("魏正軍師", "明察", ADV), t.act("吳正軍師", "去偽存真", ADV))
    assert t.status(ADV) == "alive"
    assert t.traced(f"{ADV} 天儀（當夜成為3個技能的目標，不會死亡）")
    assert t.feedback(ADV, "天儀") == []


@pytest.mark.skill("天儀")
def test_tianyi_only_at_night_not_at_the_vote():
    """天儀：*被*當你「於夜間」成為三個或以上技能的目標，你不會死亡 — by day three skills on him (甘寧's 刺殺 at
    the vote under 奇襲, 諸葛瑾's 緩釋, 小喬's 玲瓏 showing him) do not keep him alive."""
    t = jiangwei(吳殺手甲="甘寧", 吳副軍師="諸葛瑾", 吳女眷="小喬")
    t.night()
    t.day({}, t.act("吳殺手甲", "刺殺", ADV), t.act("吳副軍師", "緩釋", ADV), t.act("吳女眷", "玲瓏", ADV))
    assert t.status(ADV) == "out"
    assert not t.traced("天儀")


@pytest.mark.skill("天儀")
def test_tianyi_two_skills_are_not_enough():
    """三個或以上: with two skills on him a 刺殺 kills him; a failed one (受傷) does not count (SS12)."""
    t = jiangwei()
    t.night(t.act("魏殺手甲", "刺殺", ADV), t.act("魏正軍師", "明察", ADV))
    assert t.status(ADV) == "out"
    t2 = jiangwei().wound("吳正軍師")
    t2.fail("吳正軍師", "去偽存真")
    t2.night(t2.act("魏殺手甲", "刺殺", ADV), t2.act("魏正軍師", "明察", ADV), t2.act("吳正軍師", "去偽存真", ADV))
    assert t2.status(ADV) == "out"


@pytest.mark.skill("天儀")
def test_tianyi_a_wound_on_a_wound_is_no_death_either():
    """你不會死亡: a second wound (受傷狀態下的角色再次受傷時會死亡) does not kill him either."""
    t = jiangwei().wound(ADV)
    t.night(t.act("魏護衛", "援護", ADV), t.act("魏正軍師", "明察", ADV), t.act("吳正軍師", "去偽存真", ADV))
    assert t.status(ADV) != "out"


@pytest.mark.skill("挑釁")
def test_tiaoxin_identity_skill_aimed_at_him():
    """挑釁：指定一個ID，將其當夜發動的身份技能的目標改為你。"""
    t = jiangwei()
    t.night(t.act(ADV, "挑釁", "魏正軍師"), t.act("魏正軍師", "明察", "蜀殺手甲"))
    fb = t.only_feedback("魏正軍師", "明察")
    assert fb.target == ADV and fb.data == {"is_killer": False}
    assert t.feedback(ADV, "挑釁") == []


@pytest.mark.skill("挑釁")
def test_tiaoxin_a_killers_stab_comes_to_him():
    """將其當夜發動的身份技能的目標改為你 — a killer's 刺殺 too; his own skills are not changed."""
    t = jiangwei()
    t.night(t.act(ADV, "挑釁", "魏殺手甲"), t.act("魏殺手甲", "刺殺", "吳護衛"))
    assert t.status("吳護衛") == "alive" and t.status(ADV) == "out"


@pytest.mark.skill("挑釁")
def test_tiaoxin_leaves_character_skills_alone():
    """將其當夜發動的*身份技能*的目標改為你: 黃忠's 刺殺 (an identity skill) comes to 姜維; his 老當益壯
    (a character skill: 指定一個ID，令其受傷) still wounds the id he named."""
    t = jiangwei(蜀殺手乙="黃忠")
    t.same_side_stab("蜀殺手乙", ADV, False)
    t.night(t.act(ADV, "挑釁", "蜀殺手乙"), t.act("蜀殺手乙", "刺殺", "魏護衛"), t.act("蜀殺手乙", "老當益壯", "吳護衛"))
    assert t.status("魏護衛") == "alive" and t.status(ADV) == "out"
    assert t.player("吳護衛").injured


@pytest.mark.skill("挑釁")
def test_tiaoxin_on_a_lady_changes_bind_vote_b():
    """（若指定的ID身份為女眷，將【亂花】的目標B改為你）"""
    t = jiangwei()
    t.night(t.act(ADV, "挑釁", "吳女眷"), t.act("吳女眷", "亂花", "魏君主", "蜀護衛"))
    assert t.state.vote_binds == {"魏君主": ADV}


@pytest.mark.skill("挑釁")
def test_tiaoxin_with_tianyi_draws_the_stabs_and_lives():
    """挑釁 and 天儀 together: the stab comes to him, and with three skills on him he does not die."""
    t = jiangwei()
    t.night(t.act(ADV, "挑釁", "魏殺手甲"), t.act("魏殺手甲", "刺殺", "吳護衛"),
            t.act("魏正軍師", "明察", ADV), t.act("吳正軍師", "去偽存真", ADV))
    assert t.status("吳護衛") == "alive" and t.status(ADV) == "alive"


def shu_fewer(t: Table) -> None:
    """Night 1: 蜀護衛 and 蜀女眷 are killed (蜀 is then no longer among the most numerous); a calm day."""
    t.night(t.act("魏殺手甲", "刺殺", "蜀護衛"), t.act("吳殺手甲", "刺殺", "蜀女眷"))
    t.day()


@pytest.mark.skill("落鴻哀歌")
def test_luohong_fails_when_shu_is_among_the_most():
    """落鴻哀歌：*全*若本國為當前場上人數最多的國家則使用失敗 — tied for the most is among the most (SS14)."""
    t = jiangwei()
    t.night(t.act(ADV, "落鴻哀歌"), t.act("魏正軍師", "明察", "吳殺手甲"))
    assert t.only_feedback(ADV, "落鴻哀歌").data == {"failed": True}
    assert t.player(ADV).used == {}
    assert t.only_feedback("魏正軍師", "明察").data == {"is_killer": True} and t.drew("成功判定") == []


@pytest.mark.skill("落鴻哀歌")
def test_luohong_failed_the_extra_target_lapses():
    """使用失敗…視為…未發動: a 刺殺 that named a second id on a 落鴻哀歌 that failed settles its first
    target only (SS14)."""
    t = jiangwei()
    t.night(t.act(ADV, "落鴻哀歌"), t.act("蜀殺手甲", "刺殺", "魏女眷", "吳女眷"))
    assert t.only_feedback(ADV, "落鴻哀歌").data == {"failed": True}
    assert t.status("魏女眷") == "out" and t.status("吳女眷") == "alive"
    assert t.traced("蜀殺手甲 的刺殺額外指定的目標 吳女眷 不予結算")


@pytest.mark.skill("落鴻哀歌")
def test_luohong_the_night_alliance_ends_others_halved_two_targets():
    """當夜本國的聯盟狀態（若有）終止，其他國角色的技能有一半概率失敗，本國殺手發動的【刺殺】可以額外指定一個目標。"""
    t = jiangwei()
    shu_fewer(t)
    t.state.alliances.append(Alliance(("蜀", "吳"), start=2, end=6))
    with pytest.raises(IllegalAction, match="需要指定1個目標"):
        t.check(t.act("蜀殺手甲", "刺殺", "魏女眷", "吳女眷"))  # two ids only with 落鴻哀歌 the same night
    t.check(t.act("蜀殺手甲", "刺殺", "魏女眷", "吳女眷"), t.act(ADV, "落鴻哀歌"))  # listed before or after it (R27)
    t.fail("魏正軍師", "明察").succeed("吳正軍師", "明察")
    t.night(t.act(ADV, "落鴻哀歌"), t.act("蜀殺手甲", "刺殺", "魏女眷", "吳女眷"),
            t.act("魏正軍師", "明察", "吳殺手甲"), t.act("吳正軍師", "明察", "魏殺手甲"))
    assert t.status("魏女眷") == "out" and t.status("吳女眷") == "out"
    assert t.only_feedback("魏正軍師", "明察").data == {"failed": True}
    assert t.only_feedback("吳正軍師", "明察").data["is_killer"] is True  # (周瑜's 聰慧 may add more)
    assert t.announced("alliances") == []
    assert not t.state.allied("蜀", "吳", t.state.index)


@pytest.mark.skill("落鴻哀歌")
def test_luohong_no_vote_next_day_then_killers_untouchable_and_he_leaves():
    """跳過次日投票階段；次夜所有針對本國殺手的行動均失效，你於次夜結算時退出歷史舞台。"""
    t = jiangwei()
    shu_fewer(t)
    t.night(t.act(ADV, "落鴻哀歌"))
    with pytest.raises(IllegalAction, match="跳過投票階段"):
        t.day({"吳君主": "魏女眷"})
    t.day()
    assert t.announced("votes") == {} and t.announced("exited") == [] and t.announced("tally") == {}
    assert "本日跳過投票階段" in t.announced("text") and "落鴻哀歌" not in t.announced("text")
    assert t.traced("本日跳過投票階段：落鴻哀歌")
    t.night(t.act("吳殺手甲", "刺殺", "蜀殺手甲"), t.act("吳正軍師", "明察", "蜀殺手乙"))
    assert t.status("蜀殺手甲") == "alive" and t.traced("吳殺手甲 的【刺殺】失效：蜀副軍師 落鴻哀歌")
    assert t.feedback("吳正軍師", "明察") == []  # 失效: its owner is not told
    assert t.status(ADV) == "out"
    assert [d.cause for d in t.last.deaths] == ["落鴻哀歌（退出歷史舞台）"]
    t.day()
    t.night(t.act("吳殺手甲", "刺殺", "蜀殺手甲"))
    assert t.status("蜀殺手甲") == "out"  # 次夜 only


@pytest.mark.skill("計無不成")
def test_jiwubucheng_submission_order_does_not_matter():
    """Everything in one phase happens at once: 計無不成 listed after its 【明察】 works the same."""
    t = xushu()
    t.decide(XU, "計無不成", "魏殺手乙")
    t.night(t.act(XU, "明察", "魏女眷"), t.act(XU, "計無不成"))
    assert [(f.target, f.data["is_killer"]) for f in t.feedback(XU, "明察")] == [("魏女眷", False), ("魏殺手乙", True)]


@pytest.mark.skill("天儀")
def test_tianyi_one_stab_naming_two_ids_is_one_skill():
    """A 刺殺 naming two ids (落鴻哀歌) is one skill on each: with one more skill on him, two — he dies."""
    t = jiangwei()
    shu_fewer(t)
    t.succeed("魏正軍師", "明察").same_side_stab("蜀殺手甲", ADV, False)
    t.force(f"深明大義失效判定 蜀殺手甲→{ADV}", False)  # 糜夫人 died on night 1
    t.night(t.act(ADV, "落鴻哀歌"), t.act("蜀殺手甲", "刺殺", ADV, "魏女眷"), t.act("魏正軍師", "明察", ADV))
    assert t.status("魏女眷") == "out" and t.status(ADV) == "out"


@pytest.mark.skill("睚眥必報")
def test_yazi_a_guard_whose_wound_killed_him():
    """致你死的角色: a 援護 that wounds 法正 already wounded kills him (受傷狀態下的角色再次受傷時會死亡):
    the guard's votes are void from the next day on."""
    t = fazheng().wound(ADV)
    t.night(t.act("吳護衛", "援護", ADV))
    assert t.status(ADV) == "out"
    t.day({"吳護衛": "魏女眷"})
    assert t.traced("吳護衛 的投票無效：蜀副軍師 睚眥必報") and t.announced("tally")["魏女眷"] == 1
