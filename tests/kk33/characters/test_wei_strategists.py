"""Scenario tests for 郭嘉, 司馬懿 and 荀彧 (⊙魏國篇 · 軍師), KK規則3.3版.

Each test quotes the sentence of 000_b521fc75d9962f03.txt it checks. The
default table seats 郭嘉 as 魏正軍師 and 司馬懿 as 魏副軍師; 荀彧 is seated
where a test needs him.
"""

from __future__ import annotations

from typing import Any

import pytest

from tianting.core.errors import IllegalAction
from tianting.core.skills import Skill, Source, TargetRule, Use
from tianting.core.state import Alliance
from tianting.testing import Table

GUO, SIMA, CAO = "魏正軍師", "魏副軍師", "魏君主"
XUN = "魏副軍師"  # seat of 荀彧 when seated with xun()


def xun(**kw: Any) -> Table:
    return Table(characters={XUN: "荀彧"}, **kw)


def calm_day(t: Table) -> None:
    """A day with a tie at the top (吳女眷 and 蜀女眷, 3 votes each): 司馬懿 and the 魏 seats live.

    On the default table an empty day is not calm: 司馬懿's own vote (自投) gets
    兵法's +1, and would kill him once 夏侯惇 (剛烈) is gone. (Under 曹丕's 行殤 the
    two tied 女眷 die.)"""
    t.day({SIMA: "吳女眷", "蜀護衛": "蜀女眷", "吳護衛": "蜀女眷"})
    assert set(t.announced("exited")) <= {"吳女眷", "蜀女眷"}


# ---- 先知 ------------------------------------------------------------------------
def fire_table(**kw: Any) -> Table:
    """The table with the 吳蜀 alliance in force (周瑜's real 火燒赤壁 needs it: 若吳蜀不處於聯盟狀態則發動失敗)."""
    t = Table(**kw)
    t.state.alliances.append(Alliance(("蜀", "吳"), 0, 8))
    return t


@pytest.mark.skill("先知")
@pytest.mark.interaction("先知", "周瑜")
def test_xianzhi_zhou_yu_fire_fails_and_is_not_used_up():
    """先知：*被*若周瑜使用【火燒赤壁】，則【火燒赤壁】使用失敗。
    技能發動或使用失敗…視為擁有該技能的角色未發動或使用該技能…「技能發動/使用失敗，可再次發動/使用」。"""
    t = fire_table()
    t.night(t.act("吳正軍師", "火燒赤壁"), t.act(GUO, "明察", "吳殺手甲"))
    fb = t.only_feedback("吳正軍師", "火燒赤壁")
    assert fb.data == {"failed": True} and fb.text == "技能發動失敗，可再次發動"
    assert t.player("吳正軍師").used == {}
    assert t.last.draws == []  # no 成功率減半 for 魏: 郭嘉's 明察 rolls no check
    assert t.only_feedback(GUO, "明察").data == {"is_killer": True}
    assert t.feedback(GUO, "先知") == []  # the text tells 郭嘉 nothing
    assert not t.traced("吳正軍師 火燒赤壁")
    t.day()
    t.night(t.act("吳正軍師", "火燒赤壁"))  # may use it again: it fails again
    assert t.only_feedback("吳正軍師", "火燒赤壁").data == {"failed": True}


@pytest.mark.skill("先知")
def test_xianzhi_does_nothing_once_guo_jia_is_dead():
    """先知 is 郭嘉's passive skill: once he is out, 周瑜's 火燒赤壁 goes off and halves 魏 rates."""
    t = fire_table()
    t.night(t.act("蜀殺手甲", "刺殺", GUO))
    t.day()
    t.force("成功判定 魏女眷【亂花】", False)
    t.night(t.act("吳正軍師", "火燒赤壁"), t.act("魏女眷", "亂花", "吳君主", "蜀護衛"))
    assert t.feedback("吳正軍師", "火燒赤壁") == []
    assert t.player("吳正軍師").used == {"火燒赤壁": 1}
    assert [d["options"][0] for d in t.drew("成功判定 魏女眷")] == ["是:1/2"]
    assert t.traced("吳正軍師 火燒赤壁")


@pytest.mark.skill("先知")
def test_xianzhi_stops_only_zhou_yu():
    """「若周瑜使用【火燒赤壁】」: another player holding 火燒赤壁 (learned) is not stopped."""
    t = fire_table()
    t.player("吳副軍師").skills.append("火燒赤壁")
    t.force("成功判定 魏女眷【亂花】", True)
    t.night(t.act("吳副軍師", "火燒赤壁"), t.act("魏女眷", "亂花", "吳君主", "蜀護衛"))
    assert t.feedback("吳副軍師", "火燒赤壁") == []
    assert t.traced("吳副軍師 火燒赤壁")


# ---- 英才 ------------------------------------------------------------------------
@pytest.mark.skill("英才")
def test_yingcai_reveal_country_every_night():
    """英才：*被*你可以發動無限次【去偽存真】（每夜限一次）。"""
    t = Table()
    t.night(t.act(GUO, "去偽存真", "吳護衛"))
    assert t.only_feedback(GUO, "去偽存真").data == {"country": "吳"}
    t.day()
    t.night(t.act(GUO, "去偽存真", "蜀護衛"))
    assert t.only_feedback(GUO, "去偽存真").data == {"country": "蜀"}
    t.day()
    t.check(t.act(GUO, "去偽存真", "群雄"))


@pytest.mark.skill("英才")
def test_yingcai_once_a_night():
    """英才：…（每夜限一次）。"""
    t = Table()
    with pytest.raises(IllegalAction):
        t.check(t.act(GUO, "去偽存真", "吳護衛"), t.act(GUO, "去偽存真", "蜀護衛"))


@pytest.mark.skill("英才")
def test_yingcai_only_its_owner_a_strategist_without_it_stays_limited():
    """所有的非二字技能稱為限定技能，只能使用一次 — unless 英才 says otherwise, for its owner only."""
    t = Table()
    t.night(t.act("蜀正軍師", "去偽存真", "吳護衛"), t.act(GUO, "去偽存真", "吳護衛"))
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("蜀正軍師", "去偽存真", "魏護衛"))
    t.check(t.act(GUO, "去偽存真", "魏護衛"))


@pytest.mark.skill("英才")
def test_yingcai_failed_check_is_a_use_not_made():
    """受傷 … 主動技能有一半概率失敗: a failed 去偽存真 gives no answer and is as if not used."""
    t = Table().wound(GUO)
    t.fail(GUO, "去偽存真")
    t.night(t.act(GUO, "去偽存真", "吳護衛"))
    assert t.only_feedback(GUO, "去偽存真").data == {"failed": True}
    t.day()
    t.night(t.act(GUO, "去偽存真", "吳護衛"))
    assert t.only_feedback(GUO, "去偽存真").data == {"country": "吳"}


# ---- 遺計定遼東 -------------------------------------------------------------------
@pytest.mark.skill("遺計定遼東")
@pytest.mark.interaction("遺計定遼東", "曹操")
def test_yiji_cao_cao_learns_every_night_actions_and_feedback():
    """遺計定遼東：*被*你死亡後，曹操（若在場）獲悉你之前每夜的行動和反饋。"""
    t = Table()
    t.night(t.act(GUO, "明察", "吳殺手甲"))
    t.day()
    t.night(t.act(GUO, "去偽存真", "蜀護衛"), t.act("蜀殺手甲", "刺殺", GUO))
    assert t.status(GUO) == "out"
    fb = t.only_feedback(CAO, "遺計定遼東")
    nights = fb.data["nights"]
    assert [n["night"] for n in nights] == [1, 2]
    assert nights[0]["actions"] == [{"skill": "明察", "targets": ["吳殺手甲"]}]
    assert [f["data"] for f in nights[0]["feedback"]] == [{"is_killer": True}]
    assert nights[1]["actions"] == [{"skill": "去偽存真", "targets": ["蜀護衛"]}]
    assert [f["data"] for f in nights[1]["feedback"]] == [{"country": "蜀"}]
    assert "吳殺手甲" in fb.text and "是殺手" in fb.text
    # 被動的限定技能消耗時會收到相關反饋; no one else learns anything.
    assert t.only_feedback(GUO, "遺計定遼東").data == {"consumed": "遺計定遼東"}
    assert [pid for pid, items in t.last.feedback.items()
            if any(f.skill == "遺計定遼東" for f in items)] == [CAO, GUO]
    assert "明察" not in t.announced("text")


@pytest.mark.skill("遺計定遼東")
def test_yiji_cao_cao_is_not_told_whose_they_were():
    """曹操（若在場）獲悉你之前每夜的行動和反饋 — the actions and the feedback, not the id of 郭嘉."""
    t = Table()
    t.night(t.act(GUO, "明察", "吳殺手甲"), t.act("蜀殺手甲", "刺殺", GUO))
    fb = t.only_feedback(CAO, "遺計定遼東")
    assert fb.data["nights"][0]["actions"] == [{"skill": "明察", "targets": ["吳殺手甲"]}]
    assert fb.target is None and GUO not in fb.text and GUO not in str(fb.data)


@pytest.mark.skill("遺計定遼東")
def test_yiji_on_a_vote_death_nights_without_actions_are_listed():
    """你死亡後…獲悉你之前每夜的行動和反饋 — a day death too; a night without actions shows none."""
    t = Table()
    t.quiet_night()
    t.day()
    t.night(t.act(GUO, "明察", "蜀護衛"))
    votes = {pid: GUO for pid in ("蜀君主", "蜀護衛", "吳護衛", "吳女眷")}
    t.day(votes)
    assert t.status(GUO) == "out"
    nights = t.only_feedback(CAO, "遺計定遼東").data["nights"]
    assert [(n["night"], n["actions"]) for n in nights] == [
        (1, []), (2, [{"skill": "明察", "targets": ["蜀護衛"]}])]
    assert "英才" not in str(nights)  # passive skills at work are not actions


@pytest.mark.skill("遺計定遼東")
def test_yiji_without_cao_cao_no_one_learns():
    """曹操（若在場）: after 轉生 the lord is no longer 曹操, and no one learns anything."""
    t = Table()
    t.decide(CAO, "轉生", "曹丕")
    t.night(t.act("蜀殺手甲", "刺殺", CAO), t.act(GUO, "明察", "吳殺手甲"))
    t.day()
    t.night(t.act("蜀殺手甲", "刺殺", GUO))
    assert t.status(GUO) == "out"
    assert t.feedback(CAO, "遺計定遼東") == []
    assert t.only_feedback(GUO, "遺計定遼東").data == {"consumed": "遺計定遼東"}
    assert t.traced("曹操不在場")


# ---- 兵法 ------------------------------------------------------------------------
@pytest.mark.skill("兵法")
def test_bingfa_target_gets_one_more_vote():
    """兵法：*被*你投票的目標得票數+1。"""
    t = Table()
    t.quiet_night()
    t.day({SIMA: "吳護衛", "蜀護衛": "吳護衛", "吳護衛": "蜀女眷"})
    assert t.announced("tally")["吳護衛"] == 3  # 魏副軍師 + 蜀護衛 + 兵法
    assert t.announced("exited") == ["吳護衛"]
    assert t.traced("兵法")


@pytest.mark.skill("兵法")
def test_bingfa_follows_the_vote_moved_by_luanhua():
    """亂花：A次日的投票對象強制修改為B — 兵法's +1 goes to B, where his vote counts."""
    t = Table()
    t.night(t.act("吳女眷", "亂花", SIMA, "蜀女眷"))
    t.day({SIMA: "吳護衛", "吳護衛": "蜀女眷", "蜀女眷": "吳護衛"})
    tally = t.announced("tally")
    assert tally["蜀女眷"] == 3 and tally["吳護衛"] == 1


@pytest.mark.skill("兵法")
def test_bingfa_void_vote_adds_nothing():
    """「黃巾軍」的投票無效: a void vote has no target, so 兵法 adds nothing."""
    t = Table(others="黃巾頭領")
    t.night(t.act("群雄", "起義", SIMA))
    t.day({SIMA: "吳護衛", "吳護衛": "蜀女眷"})
    assert "吳護衛" not in t.announced("tally")


@pytest.mark.skill("兵法")
def test_bingfa_a_vote_for_himself_adds_nothing():
    """兵法：*被*你投票的目標得票數+1 and 投票不能棄權，棄權或超時視為自投 — a self-vote (an abstention included)
    is not his vote aimed at a target: no +1, as 剛烈 gives none for 夏侯惇's own vote (WS4 with WK1, issue 10).
    Otherwise 司馬懿 would stand alone at the top with 2 votes on every quiet day, and die of his own passive."""
    t = Table()
    t.quiet_night()
    t.day({})
    assert t.announced("tally")[SIMA] == 1 and t.announced("exited") == []
    t.quiet_night()
    t.day({SIMA: SIMA, "吳護衛": SIMA})
    assert t.announced("tally")[SIMA] == 2  # his own and 吳護衛's: no third from 兵法


# ---- 天縱鬼才 ----------------------------------------------------------------------
@pytest.mark.skill("天縱鬼才")
def test_tianzong_owner_decides_the_checks_of_wei_actions():
    """天縱鬼才：使用後當夜，隨機獲悉三個與魏國角色有關並觸發了概率判定的行動，以及這些行動的發出者和目標
    （若不夠三個則相應減少），由你決定概率判定的結果。"""
    t = Table().wound("魏女眷").wound("蜀正軍師")
    t.decide(SIMA, "天縱鬼才", "失敗").decide(SIMA, "天縱鬼才", "成功")  # in the order learned
    t.night(t.act(SIMA, "天縱鬼才"), t.act("魏女眷", "亂花", "吳君主", "蜀護衛"),
            t.act("蜀正軍師", "明察", "魏殺手甲"))
    fb = t.only_feedback(SIMA, "天縱鬼才")
    assert fb.data == {"actions": [
        {"actor": "蜀正軍師", "skill": "明察", "targets": ["魏殺手甲"]},
        {"actor": "魏女眷", "skill": "亂花", "targets": ["吳君主", "蜀護衛"]},
    ]}
    assert t.state.vote_binds == {"吳君主": "蜀護衛"}  # 成功, with no draw
    assert t.drew("成功判定 魏女眷") == []
    assert t.only_feedback("蜀正軍師", "明察").data == {"failed": True}  # 失敗
    assert t.feedback("魏女眷", "天縱鬼才") == [] and t.feedback("蜀正軍師", "天縱鬼才") == []
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act(SIMA, "天縱鬼才"))


@pytest.mark.skill("天縱鬼才")
def test_tianzong_three_drawn_at_random_others_roll():
    """隨機獲悉三個…行動: with four such checks, three are drawn; the fourth rolls as usual."""
    t = Table()
    for pid in ("魏女眷", "魏正軍師", "蜀正軍師", "吳正軍師"):
        t.wound(pid)
    for k, label in enumerate(["魏正軍師【明察】吳殺手甲", "吳正軍師【明察】魏殺手甲", "魏女眷【亂花】吳君主、蜀護衛"]):
        t.force(f"天縱鬼才 {SIMA} 抽取#{k + 1}", label)
    for _ in range(3):
        t.decide(SIMA, "天縱鬼才", "成功")
    t.force("成功判定 蜀正軍師【明察】", False)
    t.night(t.act(SIMA, "天縱鬼才"), t.act("魏女眷", "亂花", "吳君主", "蜀護衛"),
            t.act(GUO, "明察", "吳殺手甲"), t.act("蜀正軍師", "明察", "魏女眷"),
            t.act("吳正軍師", "明察", "魏殺手甲"))
    assert [a["actor"] for a in t.only_feedback(SIMA, "天縱鬼才").data["actions"]] == [
        GUO, "吳正軍師", "魏女眷"]
    assert t.only_feedback(GUO, "明察").data == {"is_killer": True}
    assert t.only_feedback("吳正軍師", "明察").data == {"is_killer": True, "identity": "殺手"}  # 周瑜: 聰慧
    assert t.only_feedback("蜀正軍師", "明察").data == {"failed": True}


@pytest.mark.skill("天縱鬼才")
def test_tianzong_only_wei_related_actions_and_itself_takes_no_check():
    """與魏國角色有關…（該技能無需進行任何概率判定）: a wounded 司馬懿 uses it with no check;
    a check between 蜀 and 吳 is not his to decide."""
    t = Table().wound(SIMA).wound("蜀正軍師")
    t.force("成功判定 蜀正軍師【明察】", True)
    t.night(t.act(SIMA, "天縱鬼才"), t.act("蜀正軍師", "明察", "吳殺手甲"))
    assert t.drew(f"成功判定 {SIMA}") == []
    fb = t.only_feedback(SIMA, "天縱鬼才")
    assert fb.data == {"actions": []} and "沒有" in fb.text
    assert t.player(SIMA).used == {"天縱鬼才": 1}


@pytest.mark.skill("天縱鬼才")
def test_tianzong_a_half_chance_inside_a_skill_is_not_a_check_he_decides():
    """標註有*全*的技能是全局技能，無需進行任何概率判定 — yet 悲憤詩篇 (*全*) carries 「有一半概率失效」: the rules call
    概率判定 the success check only, not a half chance inside a skill's effect. A 魏 killer's 刺殺 on a 魏 player
    rolls its 同國 half chance as usual; 天縱鬼才 is not offered it (WS5, kept in issue 10)."""
    t = Table()
    t.same_side_stab("魏殺手乙", "魏女眷", void=True)
    t.night(t.act(SIMA, "天縱鬼才"), t.act("魏殺手乙", "刺殺", "魏女眷"))
    assert t.only_feedback(SIMA, "天縱鬼才").data == {"actions": []}
    assert t.drew("刺殺同國失效判定 魏殺手乙→魏女眷") and t.status("魏女眷") == "alive"


@pytest.mark.skill("天縱鬼才")
def test_tianzong_a_decided_failure_draws_nothing():
    """由你決定概率判定的結果 — a check decided 失敗 fails with no draw (R34: a certain failure draws nothing)."""
    t = Table().wound("蜀正軍師")
    t.decide(SIMA, "天縱鬼才", "失敗")
    t.night(t.act(SIMA, "天縱鬼才"), t.act("蜀正軍師", "明察", "魏殺手甲"))
    assert t.only_feedback("蜀正軍師", "明察").data == {"failed": True}
    assert t.drew("成功判定") == [] and t.last.draws == []
    assert t.traced("蜀正軍師 的【明察】發動失敗（成功率0）")


# ---- 三分歸晉 ----------------------------------------------------------------------
@pytest.mark.skill("三分歸晉")
def test_sanfen_voids_the_three_lords_actions():
    """三分歸晉：使用後當夜，三國君主的行動全部失效。"""
    t = Table()
    t.night(t.act(SIMA, "三分歸晉"), t.act(CAO, "招賢納才", "魏護衛"),
            t.act("吳君主", "招賢納才", "蜀女眷"), t.act(GUO, "明察", "吳殺手甲"))
    assert t.feedback(CAO) == [] and t.feedback("吳君主") == []  # 失效: not told
    assert t.feedback("魏護衛") == [] and t.feedback("蜀女眷") == [] and t.player(CAO).known == {}
    assert t.player(CAO).used == {"招賢納才": 1}  # used, with no effect
    assert t.only_feedback(GUO, "明察").data == {"is_killer": True}
    assert t.traced("三國君主的行動全部失效")


@pytest.mark.skill("三分歸晉")
def test_sanfen_voids_a_lords_character_skill():
    """三國君主的行動全部失效 — a lord's character skill too: 曹操's 青梅煮酒 voids no stab and makes no alliance."""
    t = Table()
    t.decide(CAO, "轉生", "曹丕")
    t.night(t.act(SIMA, "三分歸晉"), t.act(CAO, "青梅煮酒"), t.act("吳殺手甲", "刺殺", CAO))
    assert t.traced(f"{CAO} 的【青梅煮酒】失效：{SIMA} 三分歸晉")
    assert t.player(CAO).character == "曹丕"  # the stab was not void
    assert t.announced("alliances") == []
    assert t.player(CAO).used.get("青梅煮酒") == 1  # used, with no effect


@pytest.mark.skill("三分歸晉")
def test_sanfen_voids_a_stab_made_as_if_by_a_lord():
    """三國君主的行動全部失效 — 我負天下's stab is 「視為你發動」: 曹操's action, void with the rest.
    (The void 招賢納才 still sets 我負天下 off: 技能發動或使用失效不影響由於此技能而觸發的其他技能.)"""
    t = Table()
    t.night(t.act(SIMA, "三分歸晉"), t.act(CAO, "招賢納才", "蜀護衛"))
    assert t.traced(f"我負天下：視為 {CAO} 對 蜀護衛 發動了一次刺殺")
    assert t.traced(f"{CAO} 的刺殺對 蜀護衛 無效：{SIMA} 三分歸晉")
    assert t.status("蜀護衛") == "alive" and t.announced("exited") == []


@pytest.mark.skill("三分歸晉")
def test_sanfen_counts_as_jin_once_the_night_is_over():
    """次日及以後你的國籍視為晉 — from the end of that night, before the day is resolved; during the night, 魏."""
    t = Table()
    t.night(t.act(SIMA, "三分歸晉"), t.act("蜀正軍師", "去偽存真", SIMA))
    assert t.only_feedback("蜀正軍師", "去偽存真").data == {"country": "魏"}
    assert t.game.country_of(SIMA) == "晉"  # already as the day begins, whatever that day resolves


@pytest.mark.skill("三分歸晉")
def test_sanfen_next_day_votes_on_him_are_void_only_that_day():
    """次日所有針對你的投票無效。"""
    t = Table()
    t.night(t.act(SIMA, "三分歸晉"))
    votes = {pid: SIMA for pid in ("蜀護衛", "吳護衛", "吳女眷")}
    t.day(votes)
    assert t.status(SIMA) == "alive" and SIMA not in t.announced("exited")
    assert SIMA not in t.announced("tally")  # his own vote for himself is void too
    t.quiet_night()
    t.day(votes)
    assert t.announced("exited") == [SIMA]


@pytest.mark.skill("三分歸晉")
def test_sanfen_country_counts_as_jin_from_the_next_day():
    """次日及以後你的國籍視為晉（…一切針對魏國角色的技能對你無效）。"""
    t = Table()
    t.night(t.act(SIMA, "三分歸晉"), t.act("蜀正軍師", "去偽存真", SIMA))
    assert t.only_feedback("蜀正軍師", "去偽存真").data == {"country": "魏"}  # that night: still 魏
    calm_day(t)
    t.night(t.act("吳正軍師", "去偽存真", SIMA), t.act("魏殺手乙", "刺殺", SIMA))
    assert t.only_feedback("吳正軍師", "去偽存真").data == {"country": "晉"}
    assert t.drew("同國失效判定") == []  # a 魏 killer's stab on 晉 is not on his own country
    assert t.status(SIMA) == "out"


@pytest.mark.skill("三分歸晉")
def test_sanfen_still_a_candidate_for_entrusting():
    """（仍可成為託孤的對象）"""
    t = Table()
    t.night(t.act(SIMA, "三分歸晉"))
    calm_day(t)
    t.decide(CAO, "轉生", "曹丕")
    t.night(t.act("蜀殺手甲", "刺殺", CAO))
    calm_day(t)
    t.decide(CAO, "託孤", SIMA)
    t.night(t.act("蜀殺手甲", "刺殺", CAO))
    assert SIMA in t.feedback(CAO, "託孤")[0].data["alive"]
    assert t.game.country_of(SIMA) == "晉" and t.player(SIMA).country == "魏"
    assert t.player(SIMA).identity == "君主" and t.player(SIMA).successor


@pytest.mark.skill("三分歸晉")
def test_sanfen_failed_when_wounded_voids_nothing_and_is_kept():
    """技能發動或使用失敗…視為…未發動或使用該技能。"""
    t = Table().wound(SIMA)
    t.fail(SIMA, "三分歸晉")
    t.night(t.act(SIMA, "三分歸晉"), t.act(CAO, "招賢納才", "魏護衛"))
    assert t.only_feedback(SIMA, "三分歸晉").data == {"failed": True}
    assert t.player(CAO).known == {"魏護衛": "許褚"}
    assert t.player(SIMA).used == {}
    t.day({"蜀護衛": SIMA})
    assert t.announced("tally")[SIMA] == 2  # 蜀護衛 and his own: no vote is void (兵法 adds nothing to a self-vote: WS4)
    assert t.game.country_of(SIMA) == "魏"


# ---- 節命 ------------------------------------------------------------------------
@pytest.mark.skill("節命")
def test_jieming_survives_a_lethal_blow_and_keeps_it():
    """節命：使用後當夜，若你受到致命一擊，你不會死亡。"""
    t = xun()
    t.night(t.act(XUN, "節命"), t.act("蜀殺手甲", "刺殺", XUN))
    assert t.status(XUN) == "alive" and t.announced("exited") == [] and t.announced("injured") == []
    assert t.only_feedback(XUN, "節命").data == {"saved": True}
    assert "節命" in t.player(XUN).skills
    assert [f.skill for f in t.feedback("蜀殺手甲")] == ["刺殺"]  # only the night's stab count
    t.day()
    t.night(t.act(XUN, "節命"), t.act("蜀殺手乙", "刺殺", XUN))  # unlimited: again
    assert t.status(XUN) == "alive"


@pytest.mark.skill("節命")
def test_jieming_without_a_lethal_blow_is_lost():
    """若你沒有受到致命一擊，則失去該技能。 失去某技能時會收到相關反饋。"""
    t = xun()
    t.night(t.act(XUN, "節命"))
    assert t.only_feedback(XUN, "節命").data == {"lost": "節命"}
    assert "節命" not in t.player(XUN).skills
    t.day()
    with pytest.raises(IllegalAction, match="沒有技能"):
        t.check(t.act(XUN, "節命"))


@pytest.mark.skill("節命")
def test_jieming_a_stab_guarded_away_is_no_lethal_blow():
    """援護：若其當夜成為有效的【刺殺】的目標，則該【刺殺】無效 — no 致命一擊 reaches him, so 節命 is lost."""
    t = xun()
    t.night(t.act(XUN, "節命"), t.act("蜀殺手甲", "刺殺", XUN), t.act("魏護衛", "援護", XUN))
    assert t.status(XUN) == "alive"
    assert t.only_feedback(XUN, "節命").data == {"lost": "節命"}


@pytest.mark.skill("節命")
def test_jieming_a_wound_on_him_wounded_is_a_lethal_blow():
    """若你受到致命一擊，你不會死亡 — 受傷狀態下的角色再次受傷時會死亡, so a wound on a wounded 荀彧 is a
    致命一擊 (R30): he lives, still wounded, and keeps 節命."""
    t = xun().wound(XUN)
    t.succeed(XUN, "節命")
    t.night(t.act(XUN, "節命"), t.act("魏護衛", "援護", XUN))
    assert t.status(XUN) == "injured" and t.announced("exited") == []
    assert t.only_feedback(XUN, "節命").data == {"saved": True}
    assert "節命" in t.player(XUN).skills


@pytest.mark.skill("節命")
def test_jieming_a_first_wound_is_not_a_lethal_blow():
    """若你沒有受到致命一擊，則失去該技能 — a wound on him unwounded does not kill: no 致命一擊."""
    t = xun()
    t.night(t.act(XUN, "節命"), t.act("魏護衛", "援護", XUN))
    assert t.status(XUN) == "injured"
    assert t.only_feedback(XUN, "節命").data == {"lost": "節命"}


class Shield(Skill):
    """A stand-in immunity: 令其當夜不會死亡 (prevents every harm on its target)."""

    name = "護身"
    source = Source.CHARACTER
    stage = "protect"

    def prepare(self, night: Any, use: Use) -> None:
        night.harm_preventions.append(lambda n, h: "護身" if use.live and h.target == use.targets[0] else None)

    def apply(self, night: Any, use: Use) -> None:
        """Everything is in ``prepare``."""


@pytest.mark.skill("節命")
def test_jieming_a_lethal_blow_stopped_by_another_immunity_still_counts():
    """若你受到致命一擊…；若你沒有受到致命一擊，則失去該技能 — a 致命一擊 reached him (another immunity
    stopped it first): he received one and keeps 節命."""
    t = Table(characters={XUN: "荀彧"}, extra_skills=[Shield])
    t.player("吳女眷").skills.append("護身")
    t.night(t.act("吳女眷", "護身", XUN), t.act(XUN, "節命"), t.act("蜀殺手甲", "刺殺", XUN))
    assert t.status(XUN) == "alive"
    assert t.traced(f"{XUN} 受到的刺殺被防止：護身")
    assert "節命" in t.player(XUN).skills and t.feedback(XUN, "節命") == []


@pytest.mark.skill("節命")
def test_jieming_failed_check_protects_nothing_and_is_kept():
    """技能發動失敗…視為…未發動: no protection, and the skill is not lost."""
    t = xun().wound(XUN)
    t.fail(XUN, "節命")
    t.night(t.act(XUN, "節命"))
    assert t.only_feedback(XUN, "節命").data == {"failed": True}
    assert "節命" in t.player(XUN).skills


@pytest.mark.skill("節命")
def test_jieming_removal_is_a_lethal_blow_it_cannot_stop():
    """退出歷史舞台：效果等同於死亡…不能被減輕和防止死亡的效果減免。"""
    from tianting.rules.kk33.harm import Harm, Level

    class Remove(Skill):
        name = "測試移除"
        source = Source.CHARACTER
        stage = "attack"

        def apply(self, night: Any, use: Use) -> None:
            night.harms.append(Harm(use.targets[0], Level.KILL, self.name, [use.actor], removal=True))

    t = Table(characters={XUN: "荀彧"}, extra_skills=[Remove])
    t.player("吳女眷").skills.append("測試移除")
    t.night(t.act(XUN, "節命"), t.act("吳女眷", "測試移除", XUN))
    assert t.status(XUN) == "out"


# ---- 驅虎吞狼 ----------------------------------------------------------------------
@pytest.mark.skill("驅虎吞狼")
def test_quhu_names_a_country_and_moves_its_killers_stab():
    """驅虎吞狼：強制修改某國殺手的【刺殺】目標。 8.1: 「指定一个国籍，并指定1个ID，若当夜该国杀手提交了刺杀
    行动，则刺杀ID被强制修改为…指定的ID」 — he names 蜀, not a killer's id (WS8, issue 10 fix 6)."""
    t = xun()
    t.decide("吳正軍師", "英才早逝", "吳護衛")  # 周瑜 dies: 英才早逝 names an id
    t.night(t.act(XUN, "驅虎吞狼", "吳正軍師", country="蜀"), t.act("蜀殺手乙", "刺殺", "魏護衛"))
    assert t.status("吳正軍師") == "out" and t.status("魏護衛") == "alive"
    assert t.feedback(XUN) == []  # the text tells him nothing
    assert [f.skill for f in t.feedback("蜀殺手乙")] == ["刺殺"]  # 「该国杀手不能得到ID被修改的反馈」
    assert t.player(XUN).used == {"驅虎吞狼": 1}
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act(XUN, "驅虎吞狼", "蜀正軍師", country="吳"))


@pytest.mark.skill("驅虎吞狼")
def test_quhu_needs_a_country_and_one_id():
    """Script form: ``targets: [new target]``, ``args: {"country": "吳"}``; Simplified 吴 is accepted."""
    t = xun()
    with pytest.raises(IllegalAction, match="參數「country」"):
        t.check(t.act(XUN, "驅虎吞狼", "吳正軍師"))
    with pytest.raises(IllegalAction, match="須指定一個國籍"):
        t.check(t.act(XUN, "驅虎吞狼", "吳正軍師", country="群"))
    with pytest.raises(IllegalAction, match="需要指定1個目標"):
        t.check(t.act(XUN, "驅虎吞狼", "蜀殺手甲", "吳正軍師", country="蜀"))
    t.night(t.act(XUN, "驅虎吞狼", "蜀女眷", country="吴"), t.act("吳殺手甲", "刺殺", "魏護衛"))
    assert t.status("蜀女眷") == "out" and t.status("魏護衛") == "alive"


@pytest.mark.skill("驅虎吞狼")
def test_quhu_only_the_first_of_the_countrys_stabs_changes():
    """8.1 釋疑: 「当夜可以发动两次刺杀，此时【驱虎吞狼】仅可改变该杀手提交的所有刺杀ID中的第一个」 —
    神速 gives 夏侯淵 two 刺殺: only the first he submitted is moved (his own order)."""
    for first, second in (("蜀護衛", "吳護衛"), ("吳護衛", "蜀護衛")):
        t = xun()
        t.decide("吳正軍師", "英才早逝", "吳女眷")  # 周瑜 dies: 英才早逝 names a living id (吳護衛 dies with him)
        t.night(t.act(XUN, "驅虎吞狼", "吳正軍師", country="魏"), t.act("魏殺手乙", "神速"),
                t.act("魏殺手乙", "刺殺", first), t.act("魏殺手乙", "刺殺", second))
        assert t.status("吳正軍師") == "out" and t.status(first) == "alive" and t.status(second) == "out"


@pytest.mark.skill("驅虎吞狼")
def test_quhu_two_killers_stabbed_one_stab_is_drawn():
    """Two 魏 killers stabbed (神速): which submitted first is no rule (R49): one of the two 刺殺 is drawn and
    moved, whatever the order of submission."""
    for order in ("甲-first", "乙-first"):
        t = xun()
        t.force(f"驅虎吞狼 {XUN} 修改的刺殺", "魏殺手甲→吳護衛")
        t.decide("吳正軍師", "英才早逝", "吳女眷")
        stabs = [t.act("魏殺手甲", "刺殺", "吳護衛"), t.act("魏殺手乙", "刺殺", "蜀護衛")]
        t.night(t.act(XUN, "驅虎吞狼", "吳正軍師", country="魏"), t.act("魏殺手乙", "神速"),
                *(stabs if order == "甲-first" else stabs[::-1]))
        assert t.status("吳正軍師") == "out" and t.status("吳護衛") == "alive" and t.status("蜀護衛") == "out"


@pytest.mark.skill("驅虎吞狼")
def test_quhu_void_when_the_new_target_is_of_that_country():
    """若修改過的目標與指定殺手為同國人，則該技能失效。"""
    t = xun()
    t.night(t.act(XUN, "驅虎吞狼", "蜀正軍師", country="蜀"), t.act("蜀殺手甲", "刺殺", "魏護衛"))
    assert t.status("魏護衛") == "out" and t.status("蜀正軍師") == "alive"
    assert t.feedback(XUN) == []  # 失效：擁有該技能的角色不能收到反饋
    assert t.player(XUN).used == {"驅虎吞狼": 1}
    assert t.traced("同國人")


@pytest.mark.skill("驅虎吞狼")
def test_quhu_when_that_country_made_no_stab_it_has_no_effect_and_tells_nothing():
    """8.1 釋疑: 「当夜若该国杀手未出刀…【驱虎吞狼】发动成功但作用无效」; 技能失效…不能收到反饋。"""
    t = xun()
    t.night(t.act(XUN, "驅虎吞狼", "吳正軍師", country="吳"), t.act("蜀殺手甲", "刺殺", "魏護衛"))
    assert t.status("魏護衛") == "out" and t.status("吳正軍師") == "alive"
    assert t.feedback(XUN) == []
    assert t.player(XUN).used == {"驅虎吞狼": 1}


@pytest.mark.skill("驅虎吞狼")
def test_quhu_may_turn_a_stab_on_his_own_countryman():
    """強制修改某國殺手的【刺殺】目標 — only the killers' own country is excluded: a 吳 stab may be
    turned on a 魏 id, and it is a valid stab (not same-country for 吳)."""
    t = xun()
    t.night(t.act(XUN, "驅虎吞狼", GUO, country="吳"), t.act("吳殺手乙", "刺殺", "蜀護衛"))
    assert t.status(GUO) == "out" and t.status("蜀護衛") == "alive"


class Divert(Skill):
    """A stand-in skill that changes a killer's 刺殺 target too (targets: the killer, the new target)."""

    name = "改道"
    source = Source.CHARACTER
    stage = "redirect"
    targets = TargetRule(count=2, distinct=False)

    def apply(self, night: Any, use: Use) -> None:
        killer, new = use.targets
        for stab in night.uses:
            if stab.name == "刺殺" and stab.actor == killer and not stab.implicit:
                stab.redirect(0, new, by=use.actor, source=use)


@pytest.mark.skill("驅虎吞狼")
def test_quhu_with_another_change_of_the_same_stab_falls_back_to_the_killer():
    """衝突規則：若一個行動的目標被至少兩個技能修改，且修改後的目標不同，則該行動的目標改為行動發出者。"""
    t = Table(characters={XUN: "荀彧"}, extra_skills=[Divert])
    t.player("吳女眷").skills.append("改道")
    t.same_side_stab("蜀殺手甲", "蜀殺手甲", void=False)
    t.night(t.act(XUN, "驅虎吞狼", "吳正軍師", country="蜀"), t.act("吳女眷", "改道", "蜀殺手甲", "魏女眷"),
            t.act("蜀殺手甲", "刺殺", "魏護衛"))
    assert t.status("蜀殺手甲") == "out"  # his stab fell back on himself
    for pid in ("魏護衛", "吳正軍師", "魏女眷"):
        assert t.status(pid) == "alive"
