"""Scenario tests for every identity skill of KK規則3.3版 (附：各身份對應身份技能).

Each test cites the sentence of 000_b521fc75d9962f03.txt it checks.
"""

from __future__ import annotations

import pytest

from tianting.core.errors import IllegalAction
from tianting.core.state import Alliance
from tianting.testing import Table


def wei_lord_reincarnated(t: Table) -> None:
    """Night 1: 蜀 stabs the 魏 lord, who reincarnates as 曹丕 (kept bare); day 2 passes."""
    t.decide("魏君主", "轉生", "曹丕")
    t.night(t.act("蜀殺手甲", "刺殺", "魏君主"))
    t.player("魏君主").skills = []
    t.day()


# ---- 君主 -------------------------------------------------------------------
@pytest.mark.skill("招賢納才")
def test_recruit_gives_mutual_recognition():
    """招賢納才：指定一個除你以外的ID，你與其互識。 互識：兩名玩家分別獲悉對方的角色。"""
    t = Table(bare=True)
    t.night(t.act("魏君主", "招賢納才", "蜀護衛"))
    lord = t.only_feedback("魏君主", "互識")
    guard = t.only_feedback("蜀護衛", "互識")
    assert (lord.target, lord.data["character"]) == ("蜀護衛", "趙雲")
    assert (guard.target, guard.data["character"]) == ("魏君主", "曹操")
    assert t.player("魏君主").known == {"蜀護衛": "趙雲"}
    assert t.player("蜀護衛").known == {"魏君主": "曹操"}
    assert t.last.announcement["exited"] == [] and "曹操" not in t.last.announcement["text"]


@pytest.mark.skill("招賢納才")
def test_recruit_cannot_target_self():
    """招賢納才：指定一個「除你以外」的ID。"""
    t = Table(bare=True)
    with pytest.raises(IllegalAction, match="除你以外"):
        t.check(t.act("魏君主", "招賢納才", "魏君主"))


@pytest.mark.skill("招賢納才")
def test_recruit_is_limited_once_per_game():
    """所有的非二字技能稱為限定技能，只能使用一次。"""
    t = Table(bare=True)
    t.night(t.act("魏君主", "招賢納才", "蜀護衛"))
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("魏君主", "招賢納才", "吳護衛"))


@pytest.mark.skill("招賢納才")
def test_recruit_failed_when_wounded_is_not_used_up():
    """技能發動或使用失敗…視為擁有該技能的角色未發動或使用該技能…「技能發動/使用失敗，可再次發動/使用」。"""
    t = Table(bare=True).wound("魏君主")
    t.fail("魏君主", "招賢納才")
    t.night(t.act("魏君主", "招賢納才", "蜀護衛"))
    failed = t.only_feedback("魏君主", "招賢納才")
    assert failed.data == {"failed": True}
    assert failed.text == "技能發動失敗，可再次發動"
    assert t.feedback("蜀護衛") == []
    assert t.player("魏君主").used == {}
    t.day()
    t.check(t.act("魏君主", "招賢納才", "吳護衛"))  # may be used again


@pytest.mark.skill("轉生")
def test_a_lords_first_death_is_announced_counted_and_leaves_last_words():
    """角色死亡時公布ID但不公布其角色。 在夜晚死亡出局的人可以留下遺言。遺言內容將由法官在該夜公告中發布。
    曹操 dies and plays on as 曹丕: the post names the id, counts the death, publishes his words, and never
    the character (8.1 釋疑 on 孫策→孫權: 「在当夜有遗言，计入当夜死伤人数」; R11, issue 10 fix 3)."""
    t = Table(bare=True)
    t.decide("魏君主", "轉生", "曹丕")
    t.night(t.act("蜀殺手甲", "刺殺", "魏君主"), last_words={"魏君主": "孤不死，天下不安"})
    assert t.announced("died") == ["魏君主"] and t.announced("exited") == []
    text = t.announced("text")
    assert "無人傷亡" not in text and "1人死亡" in text and "昨夜死亡（仍在場）：魏君主" in text
    assert t.announced("last_words") == {"魏君主": "孤不死，天下不安"} and "孤不死，天下不安" in text
    assert "曹操" not in text and "曹丕" not in text
    assert t.last.warnings == []


@pytest.mark.skill("轉生")
def test_a_lord_voted_out_who_plays_on_is_posted():
    """白天公告…因投票而死亡出局的ID; 角色死亡時公布ID — a lord who dies by vote and plays on is posted too."""
    t = Table(bare=True)
    t.quiet_night()
    t.decide("魏君主", "轉生", "曹植")
    t.day({"蜀君主": "魏君主", "吳君主": "魏君主"})
    assert t.player("魏君主").alive and t.player("魏君主").character == "曹植"
    assert t.announced("died") == ["魏君主"] and t.announced("exited") == []
    assert "因投票死亡（仍在場）：魏君主" in t.announced("text") and "曹操" not in t.announced("text")


@pytest.mark.skill("轉生")
def test_reincarnation_lord_continues_as_chosen_character():
    """轉生：當你死亡時，選擇一個轉生角色繼續進行遊戲。"""
    t = Table(bare=True)
    t.decide("魏君主", "轉生", "曹植")
    t.night(t.act("蜀殺手甲", "刺殺", "魏君主"))
    lord = t.player("魏君主")
    assert lord.alive and lord.character == "曹植" and lord.life == 1
    assert t.announced("exited") == []  # 昨夜死亡而退出遊戲的ID: the lord did not leave
    assert t.only_feedback("魏君主", "轉生").data == {"character": "曹植"}
    assert [(d.id, d.character, d.out) for d in t.last.deaths] == [("魏君主", "曹操", False)]
    assert lord.skills == ["七步", "琳琅妙筆"]


@pytest.mark.skill("轉生")
def test_reincarnation_accepts_simplified_answer():
    """Names are accepted in Traditional or Simplified Chinese (game-script.md)."""
    t = Table(bare=True)
    t.decide("蜀君主", "轉生", "刘禅")
    t.night(t.act("魏殺手甲", "刺殺", "蜀君主"))
    assert t.player("蜀君主").character == "劉禪"


@pytest.mark.skill("轉生")
def test_reincarnation_also_on_vote_death():
    """轉生：當你死亡時 — by vote too."""
    t = Table(bare=True)
    t.quiet_night()
    t.decide("吳君主", "轉生", "孫策")
    t.day({"魏君主": "吳君主"})
    assert t.player("吳君主").character == "孫策"
    assert t.announced("exited") == []


@pytest.mark.skill("託孤")
def test_entrust_when_reincarnated_lord_dies():
    """託孤：當你的轉生角色死亡時，你獲悉本國尚存活的角色並指定其中一名角色成為新任君主。新任君主得知自己成為新任君主。"""
    t = Table(bare=True)
    wei_lord_reincarnated(t)
    t.decide("魏君主", "託孤", "魏護衛")
    t.night(t.act("蜀殺手甲", "刺殺", "魏君主"))
    listing = t.feedback("魏君主", "託孤")[0]
    assert listing.data["alive"] == {
        "魏正軍師": "郭嘉", "魏副軍師": "司馬懿", "魏殺手甲": "夏侯惇", "魏殺手乙": "夏侯淵",
        "魏護衛": "許褚", "魏女眷": "甄姬",
    }
    assert t.status("魏君主") == "out" and t.announced("exited") == ["魏君主"]
    heir = t.player("魏護衛")
    assert heir.identity == "君主" and heir.successor
    assert t.only_feedback("魏護衛", "託孤").data == {"new_lord": True}
    assert t.announced("eliminated") == []


@pytest.mark.skill("託孤")
def test_new_lord_death_eliminates_the_country():
    """新任君主死亡後，該國滅國（公告顯示該國滅國）。當一國滅國後，該國的所有角色不能有任何行動。"""
    t = Table(bare=True)
    wei_lord_reincarnated(t)
    t.decide("魏君主", "託孤", "魏護衛")
    t.night(t.act("蜀殺手甲", "刺殺", "魏君主"))
    t.day()
    t.night(t.act("蜀殺手甲", "刺殺", "魏護衛"))
    assert t.announced("eliminated") == ["魏"]
    assert "滅國：魏國" in t.announced("text")
    assert t.status("魏殺手甲") == "alive"
    t.day()
    assert not any(voter.startswith("魏") for voter in t.announced("votes"))  # they cast no vote
    with pytest.raises(IllegalAction, match="滅國"):
        t.check(t.act("魏殺手甲", "刺殺", "蜀君主"))
    t.quiet_night()
    assert t.feedback("魏殺手甲") == []  # no stab count for an eliminated country


@pytest.mark.skill("託孤")
def test_entrust_answer_must_be_a_living_countryman():
    """指定其中一名角色 — one of 本國尚存活的角色."""
    from tianting.core.decisions import InvalidAnswer

    t = Table(bare=True)
    wei_lord_reincarnated(t)
    t.decide("魏君主", "託孤", "蜀護衛")
    with pytest.raises(InvalidAnswer):
        t.night(t.act("蜀殺手甲", "刺殺", "魏君主"))


# ---- 正軍師 / 副軍師 ------------------------------------------------------------
@pytest.mark.skill("明察")
@pytest.mark.parametrize(("target", "expected"), [("吳殺手乙", True), ("吳護衛", False), ("群雄", False)])
def test_investigate_tells_whether_killer(target, expected):
    """明察：指定一個除你以外的ID，獲悉其是否為殺手。"""
    t = Table(bare=True)
    t.night(t.act("魏正軍師", "明察", target))
    fb = t.only_feedback("魏正軍師", "明察")
    assert fb.target == target and fb.data == {"is_killer": expected}
    assert fb.text.endswith("：是殺手。" if expected else "：不是殺手。")


@pytest.mark.skill("明察")
def test_investigate_is_unlimited_but_once_a_night():
    """所有的二字技能稱為普通技能，使用次數無限 — each night, once."""
    t = Table(bare=True)
    with pytest.raises(IllegalAction, match="已經發動過"):
        t.check(t.act("魏正軍師", "明察", "吳殺手乙"), t.act("魏正軍師", "明察", "吳殺手甲"))
    t.night(t.act("魏正軍師", "明察", "吳殺手乙"))
    t.day()
    t.night(t.act("魏正軍師", "明察", "吳殺手乙"))
    assert t.only_feedback("魏正軍師", "明察").data == {"is_killer": True}


@pytest.mark.skill("明察")
def test_investigate_cannot_target_self_or_the_dead():
    """指定一個除你以外的ID；技能需要指定目標時如無特殊說明均為未出局的ID。"""
    t = Table(bare=True)
    with pytest.raises(IllegalAction, match="除你以外"):
        t.check(t.act("魏正軍師", "明察", "魏正軍師"))
    t.night(t.act("蜀殺手甲", "刺殺", "吳護衛"))
    t.day()
    with pytest.raises(IllegalAction, match="已出局"):
        t.check(t.act("魏正軍師", "明察", "吳護衛"))


@pytest.mark.skill("去偽存真")
def test_reveal_country():
    """去偽存真：指定一個除你以外的ID，獲悉其國籍。"""
    t = Table(bare=True)
    t.night(t.act("蜀正軍師", "去偽存真", "群雄"))
    assert t.only_feedback("蜀正軍師", "去偽存真").data == {"country": "群"}
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("蜀正軍師", "去偽存真", "魏君主"))


@pytest.mark.skill("去偽存真")
def test_reveal_country_with_investigate_same_night():
    """一次行動包括發動任意個身份技能 — 明察 and 去偽存真 together."""
    t = Table(bare=True)
    t.night(t.act("吳正軍師", "明察", "魏殺手甲"), t.act("吳正軍師", "去偽存真", "魏殺手甲"))
    assert t.only_feedback("吳正軍師", "明察").data == {"is_killer": True}
    assert t.only_feedback("吳正軍師", "去偽存真").data == {"country": "魏"}


@pytest.mark.skill("暗訪")
def test_inquire_dead_learns_character():
    """暗訪：指定一個死者ID，獲悉其角色。"""
    t = Table(bare=True)
    t.night(t.act("魏殺手甲", "刺殺", "吳護衛"))
    t.day()
    t.night(t.act("蜀副軍師", "暗訪", "吳護衛"))
    assert t.only_feedback("蜀副軍師", "暗訪").data == {"character": "太史慈"}


@pytest.mark.skill("暗訪")
def test_inquire_dead_needs_a_dead_target():
    """暗訪：指定一個死者ID。"""
    t = Table(bare=True)
    with pytest.raises(IllegalAction, match="死者"):
        t.check(t.act("蜀副軍師", "暗訪", "吳護衛"))


# ---- 殺手 -------------------------------------------------------------------------
@pytest.mark.skill("刺殺")
def test_stab_kills_and_announces_last_words():
    """刺殺：由一名殺手出刀，指定一個ID，令其死亡。 在夜晚死亡出局的人可以留下遺言。"""
    t = Table(bare=True)
    t.night(t.act("魏殺手甲", "刺殺", "吳護衛"), last_words={"吳護衛": "我是護衛"})
    assert t.status("吳護衛") == "out"
    assert t.announced("exited") == ["吳護衛"]
    assert t.announced("last_words") == {"吳護衛": "我是護衛"}
    assert "吳護衛：「我是護衛」" in t.announced("text")
    assert "太史慈" not in t.announced("text")  # 角色死亡時公布ID但不公布其角色
    assert t.last.deaths[0].cause == "刺殺"


@pytest.mark.skill("刺殺")
def test_killers_learn_their_stab_count_each_night():
    """*殺手於每夜開始時得知當夜可以發動【刺殺】的次數。"""
    t = Table(bare=True)
    t.quiet_night()
    for pid in ("魏殺手甲", "魏殺手乙", "蜀殺手甲", "吳殺手乙"):
        assert t.only_feedback(pid, "刺殺").data == {"stabs": 1}
    assert t.feedback("魏護衛") == []


@pytest.mark.skill("刺殺")
def test_a_second_stab_where_the_country_has_one_is_illegal():
    """*當某國殺手某夜晚能發動多次【刺殺】時，出刀者可以不為同一人 — the count is the country's."""
    t = Table(bare=True)
    with pytest.raises(IllegalAction, match="只能發動1次"):
        t.check(t.act("魏殺手甲", "刺殺", "吳護衛"), t.act("魏殺手乙", "刺殺", "蜀護衛"))
    t.check(t.act("魏殺手甲", "刺殺", "吳護衛"), t.act("蜀殺手乙", "刺殺", "吳女眷"))


@pytest.mark.skill("刺殺")
def test_several_stabs_on_one_target_count_as_one():
    """*當一名角色同時成為若干個【刺殺】的目標時，這些【刺殺】對該角色的作用效果等同於一次【刺殺】。"""
    t = Table(bare=True)
    t.night(t.act("魏殺手甲", "刺殺", "吳護衛"), t.act("蜀殺手甲", "刺殺", "吳護衛"),
            t.act("蜀護衛", "援護", "吳護衛"))
    # One 援護 answers the merged 刺殺: the target lives and is not wounded.
    assert t.status("吳護衛") == "alive"
    assert t.traced("魏殺手甲 的刺殺對 吳護衛 無效：蜀護衛 援護")
    assert t.traced("蜀殺手甲 的刺殺對 吳護衛 無效：蜀護衛 援護")


@pytest.mark.skill("刺殺")
def test_merged_stab_names_every_killer():
    """These 刺殺 act as one; the judge's record keeps every 兇手."""
    t = Table(bare=True)
    t.night(t.act("魏殺手甲", "刺殺", "吳護衛"), t.act("蜀殺手甲", "刺殺", "吳護衛"))
    assert [d.id for d in t.last.deaths] == ["吳護衛"]
    assert t.traced("魏殺手甲、蜀殺手甲 的刺殺對 吳護衛 有效")


@pytest.mark.skill("刺殺")
@pytest.mark.parametrize("void", [True, False])
def test_stab_on_own_country_fails_half_the_time(void):
    """（當【刺殺】的目標為同國或同盟角色時，有一半概率失效）"""
    t = Table(bare=True)
    t.same_side_stab("魏殺手甲", "魏女眷", void)
    t.night(t.act("魏殺手甲", "刺殺", "魏女眷"))
    assert t.status("魏女眷") == ("alive" if void else "out")
    # 失效：擁有該技能的角色不能收到反饋 — the killer is told nothing but the count.
    assert [f.skill for f in t.feedback("魏殺手甲")] == ["刺殺"]
    assert t.feedback("魏殺手甲")[0].data == {"stabs": 1}


@pytest.mark.skill("刺殺")
def test_stab_on_an_ally_fails_half_the_time():
    """（當【刺殺】的目標為同國或同盟角色時，有一半概率失效）"""
    t = Table(bare=True)
    t.state.alliances.append(Alliance(("魏", "蜀"), 0, 5))
    t.same_side_stab("魏殺手甲", "蜀女眷", True, relation="同盟")
    t.night(t.act("魏殺手甲", "刺殺", "蜀女眷"))
    assert t.status("蜀女眷") == "alive"
    assert t.announced("alliances") == [{"countries": ["魏", "蜀"], "until": {"phase": "day", "number": 4}}]


@pytest.mark.skill("刺殺")
def test_stab_on_other_country_rolls_no_check():
    """Only 同國或同盟 stabs have the half chance: others draw nothing."""
    t = Table(bare=True)
    t.night(t.act("魏殺手甲", "刺殺", "吳女眷"))
    assert t.last.draws == []


@pytest.mark.skill("刺殺")
def test_stab_on_a_player_out_of_the_game_is_illegal():
    """技能需要指定目標時如無特殊說明均為未出局的ID。"""
    t = Table(bare=True)
    t.night(t.act("魏殺手甲", "刺殺", "吳女眷"))
    t.day()
    with pytest.raises(IllegalAction, match="已出局"):
        t.check(t.act("蜀殺手甲", "刺殺", "吳女眷"))
    with pytest.raises(IllegalAction, match="已出局，不能行動"):
        t.check(t.act("吳女眷", "亂花", "魏君主", "蜀君主"))


# ---- 護衛 ---------------------------------------------------------------------------
@pytest.mark.skill("援護")
def test_guard_voids_a_valid_stab():
    """援護：指定一個ID，若其當夜成為有效的【刺殺】的目標，則該【刺殺】無效。"""
    t = Table(bare=True)
    t.night(t.act("魏殺手甲", "刺殺", "吳君主"), t.act("吳護衛", "援護", "吳君主"))
    assert t.status("吳君主") == "alive"
    assert t.announced("exited") == [] and t.announced("injured") == []
    assert t.traced("魏殺手甲 的刺殺對 吳君主 無效：吳護衛 援護")


@pytest.mark.skill("援護")
def test_guard_wounds_an_unstabbed_target():
    """援護：若其當夜沒有成為有效的【刺殺】的目標，則令其受傷。"""
    t = Table(bare=True)
    t.night(t.act("吳護衛", "援護", "蜀君主"))
    assert t.status("蜀君主") == "injured"
    assert t.announced("injured") == ["蜀君主"]
    assert "昨夜受傷：蜀君主" in t.announced("text")


@pytest.mark.skill("援護")
def test_guard_wounds_when_the_stab_on_target_was_void():
    """「有效的」【刺殺】: a same-country stab that 失效 does not count, so the guard wounds."""
    t = Table(bare=True)
    t.same_side_stab("魏殺手甲", "魏女眷", True)
    t.night(t.act("魏殺手甲", "刺殺", "魏女眷"), t.act("魏護衛", "援護", "魏女眷"))
    assert t.status("魏女眷") == "injured"


@pytest.mark.skill("援護")
def test_several_guards_count_as_one():
    """*當一名角色同時成為若干個【援護】的目標時，這些【援護】對該角色的作用效果等同於一次【援護】。"""
    t = Table(bare=True)
    t.night(t.act("吳護衛", "援護", "蜀君主"), t.act("魏護衛", "援護", "蜀君主"))
    assert t.status("蜀君主") == "injured"  # wounded once, not twice (which would kill)


@pytest.mark.skill("援護")
def test_guard_wound_on_a_wounded_player_kills():
    """受傷狀態下的角色再次受傷時會死亡。"""
    t = Table(bare=True).wound("蜀君主")
    t.decide("蜀君主", "轉生", "劉禪")
    t.night(t.act("吳護衛", "援護", "蜀君主"))
    assert t.player("蜀君主").character == "劉禪"


@pytest.mark.skill("援護")
def test_guard_may_protect_self():
    """援護：指定一個ID (no 除你以外)."""
    t = Table(bare=True)
    t.night(t.act("吳殺手甲", "刺殺", "魏護衛"), t.act("魏護衛", "援護", "魏護衛"))
    assert t.status("魏護衛") == "alive"


# ---- 女眷 ----------------------------------------------------------------------------
@pytest.mark.skill("亂花")
def test_bind_vote_moves_next_days_vote():
    """亂花：指定兩個ID：A和B，A次日的投票對象強制修改為B。"""
    t = Table(bare=True)
    t.night(t.act("蜀女眷", "亂花", "魏君主", "吳護衛"))
    t.day({"魏君主": "蜀君主"})
    assert t.announced("votes")["魏君主"] == "吳護衛"  # the forced vote is what the 票面 shows (R19)
    assert t.announced("tally")["吳護衛"] == 2  # counted for B (and 吳護衛's own abstention)
    assert t.announced("tally")["蜀君主"] == 1  # only 蜀君主's own
    assert t.announced("exited") == ["吳護衛"]


@pytest.mark.skill("亂花")
def test_bind_vote_the_ballot_shows_the_forced_vote_and_explains_the_death():
    """亂花：A次日的投票對象強制修改為B; 票面公開 — the post shows the forced vote, so a ballot that looks
    like a 3–3 tie no longer stands beside a death by vote (issue 10, fix 4)."""
    t = Table(bare=True)
    t.night(t.act("蜀女眷", "亂花", "魏殺手甲", "吳護衛"))
    # as cast: 吳護衛 2 + his own abstention, 蜀護衛 2 + his own: a 3–3 tie, and no one would die
    t.day({"魏君主": "吳護衛", "魏正軍師": "吳護衛", "魏殺手甲": "蜀護衛", "蜀君主": "蜀護衛"})
    shown = t.announced("votes")
    assert shown["魏殺手甲"] == "吳護衛"
    on = {pid: sum(1 for x in shown.values() if x == pid) for pid in ("吳護衛", "蜀護衛")}
    assert on == {"吳護衛": 4, "蜀護衛": 2} == {k: t.announced("tally")[k] for k in on}
    assert t.announced("exited") == ["吳護衛"]
    assert "魏殺手甲 → 吳護衛" in t.announced("text")


def test_a_false_ballot_target_hook_is_what_bind_vote_changes():
    """玲瓏（吳, not built）：你可以在票面上顯示一個虛假的投票對象，而你的真實投票對象不公布。（女眷對你發動【亂花】時，
    修改的是你票面上顯示的虛假投票對象） — ``day.ballot_rules``: the ballot shows the false target, 亂花 moves
    that, and the vote cast still counts."""
    from tianting.core.skills import Kind, Skill, Source

    class FalseTarget(Skill):
        name = "測試假票"
        source = Source.CHARACTER
        kind = Kind.PASSIVE

        def on_day(self, day, owner):  # type: ignore[no-untyped-def]
            day.ballot_rules.append(lambda d, voter, cast: "魏君主" if voter == owner else None)

    t = Table(bare=True, extra_skills=[FalseTarget])
    t.player("吳女眷").skills = ["測試假票"]
    t.quiet_night()
    t.day({"吳女眷": "蜀護衛"})
    assert t.announced("votes")["吳女眷"] == "魏君主"
    assert t.announced("tally")["蜀護衛"] == 2 and "魏君主" not in [k for k, n in t.announced("tally").items() if n > 1]
    t.night(t.act("蜀女眷", "亂花", "吳女眷", "魏正軍師"))
    t.day({"吳女眷": "吳護衛"})
    assert t.announced("votes")["吳女眷"] == "魏正軍師"  # 亂花 changed the false target shown …
    assert t.announced("tally")["吳護衛"] == 2  # … and her real vote still counts


@pytest.mark.skill("亂花")
def test_bind_vote_lasts_one_day():
    """A「次日」的投票 — only the next day."""
    t = Table(bare=True)
    t.night(t.act("蜀女眷", "亂花", "魏君主", "吳護衛"))
    t.day({"魏君主": "蜀護衛"})
    assert t.announced("tally")["吳護衛"] == 2
    t.quiet_night()
    t.day({"魏君主": "蜀護衛", "魏正軍師": "蜀護衛"})
    assert t.announced("tally")["蜀護衛"] == 3


@pytest.mark.skill("亂花")
def test_bind_vote_b_dies_then_a_votes_self():
    """*若B於當夜死亡，則次日改為A自投。"""
    t = Table(bare=True)
    t.night(t.act("蜀女眷", "亂花", "魏君主", "吳護衛"), t.act("魏殺手甲", "刺殺", "吳護衛"))
    t.day({"魏君主": "蜀君主"})
    assert t.announced("tally")["魏君主"] == 1


@pytest.mark.skill("亂花")
def test_bind_vote_conflicting_bs_then_a_votes_self():
    """*若A於當夜成為多個【亂花】的目標，且它們指定了不同的B，則次日改為A自投。"""
    t = Table(bare=True)
    t.night(t.act("蜀女眷", "亂花", "魏正軍師", "吳君主"), t.act("吳女眷", "亂花", "魏正軍師", "蜀君主"))
    t.day({"魏正軍師": "群雄"})
    assert t.announced("votes")["魏正軍師"] == "魏正軍師"  # 改為A自投: the 票面 shows the self-vote (R19)
    assert t.announced("tally")["魏正軍師"] == 1
    assert "群雄" not in t.announced("tally") or t.announced("tally")["群雄"] == 1


@pytest.mark.skill("亂花")
def test_bind_vote_same_b_twice_still_binds():
    """Only 「不同的B」 cancel: two 亂花 naming the same B bind to B."""
    t = Table(bare=True)
    t.night(t.act("蜀女眷", "亂花", "魏正軍師", "吳護衛"), t.act("吳女眷", "亂花", "魏正軍師", "吳護衛"))
    t.day({"魏正軍師": "群雄"})
    assert t.announced("tally")["吳護衛"] == 2


# ---- 群雄 -----------------------------------------------------------------------------
@pytest.mark.skill("起義")
def test_rebellion_marks_and_voids_votes_secretly():
    """起義：指定一個除你以外的ID，令其獲得一個「黃巾軍」標記（其無法獲悉），「黃巾軍」的投票無效。"""
    t = Table(bare=True, others="黃巾頭領")
    t.night(t.act("群雄", "起義", "魏君主"))
    assert t.player("魏君主").marker("黃巾軍") == 1
    assert t.feedback("魏君主") == []  # 其無法獲悉
    assert "黃巾軍" not in t.announced("text")
    t.day({"魏君主": "蜀護衛", "魏正軍師": "蜀護衛"})
    assert t.announced("votes")["魏君主"] == "蜀護衛"  # 票面公開
    assert t.announced("tally")["蜀護衛"] == 2  # 魏正軍師 + 蜀護衛's own; 魏君主's vote void


@pytest.mark.skill("起義")
def test_rebellion_cannot_target_self():
    """起義：指定一個除你以外的ID。"""
    t = Table(bare=True, others="黃巾頭領")
    with pytest.raises(IllegalAction, match="除你以外"):
        t.check(t.act("群雄", "起義", "群雄"))


@pytest.mark.skill("太平要術")
def test_rebel_leader_has_two_lives():
    """太平要術：*被*你的初始體力值為2。"""
    t = Table(bare=True, others="黃巾頭領")
    assert t.player("群雄").hp == 2
    t.night(t.act("魏殺手甲", "刺殺", "群雄"))
    assert t.status("群雄") == "alive" and t.player("群雄").hp == 1
    assert t.announced("exited") == []
    assert t.only_feedback("群雄", "太平要術").data == {"hp": 1}
    t.day()
    t.night(t.act("魏殺手甲", "刺殺", "群雄"))
    assert t.status("群雄") == "out"


@pytest.mark.skill("起義")
def test_rebel_leader_wins_alone_when_all_others_are_rebels():
    """勝利條件：當場上存活的角色除你以外均是「黃巾軍」時，你單獨獲得勝利。"""
    t = Table(bare=True, others="黃巾頭領")
    for p in t.state.players.values():
        if p.id not in ("群雄", "魏君主"):
            p.markers["黃巾軍"] = 1
    t.night(t.act("群雄", "起義", "魏君主"))
    assert t.state.over and t.state.winners == ["群雄"]


@pytest.mark.skill("起義")
def test_rebel_leader_death_beats_victory():
    """*當黃巾頭領同時觸發死亡與勝利的條件時，死亡優先於勝利。"""
    t = Table(bare=True, others="黃巾頭領")
    t.player("群雄").hp = 1
    for p in t.state.players.values():
        if p.id not in ("群雄", "魏君主"):
            p.markers["黃巾軍"] = 1
    t.night(t.act("群雄", "起義", "魏君主"), t.act("蜀殺手甲", "刺殺", "群雄"))
    assert t.status("群雄") == "out"
    assert t.state.winners != ["群雄"]


@pytest.mark.skill("方術")
def test_foresee_learns_the_slots_actions_that_night():
    """方術：指定一個國籍與一個身份，獲悉對應角色每夜的行動。"""
    t = Table(bare=True, others="方士")
    t.night(t.act("群雄", "方術", country="魏", identity="殺手"), t.act("魏殺手乙", "刺殺", "吳女眷"))
    fb = t.only_feedback("群雄", "方術")
    assert fb.data == {"country": "魏", "identity": "殺手",
                       "actions": [{"skill": "刺殺", "targets": ["吳女眷"]}]}
    assert "魏殺手乙" not in fb.text  # the actions, not who made them


@pytest.mark.skill("方術")
def test_foresee_reports_the_night_it_is_used_not_every_night_after():
    """方術：…獲悉對應角色每夜的行動 — a two-character skill used once a night (R2): each use reports that night;
    a night he does not use it reports nothing, and one use does not report the nights before (R16, kept)."""
    t = Table(bare=True, others="方士")
    t.night(t.act("魏殺手乙", "刺殺", "吳女眷"))
    t.day()
    t.night(t.act("群雄", "方術", country="魏", identity="殺手"), t.act("魏殺手甲", "刺殺", "蜀女眷"))
    assert t.only_feedback("群雄", "方術").data["actions"] == [{"skill": "刺殺", "targets": ["蜀女眷"]}]
    t.day()
    t.night(t.act("魏殺手甲", "刺殺", "蜀護衛"))
    assert t.feedback("群雄", "方術") == []


@pytest.mark.skill("方術")
def test_foresee_needs_country_and_identity():
    """方術：指定一個國籍與一個身份。"""
    t = Table(bare=True, others="方士")
    with pytest.raises(IllegalAction, match="需要參數"):
        t.check(t.act("群雄", "方術"))
    with pytest.raises(IllegalAction, match="不是身份之一"):
        t.check(t.act("群雄", "方術", country="魏", identity="皇帝"))


@pytest.mark.skill("急救")
def test_first_aid_voids_stabs_and_marks_the_country():
    """急救：指定一個ID，令其當夜受到的【刺殺】無效。當你對一名角色發動【急救】時，若該角色屬於魏國、蜀國或吳國角色，你在對應國積累一個「行醫」標記。"""
    t = Table(bare=True, others="神醫")
    t.night(t.act("群雄", "急救", "蜀君主"), t.act("魏殺手甲", "刺殺", "蜀君主"), t.act("吳殺手甲", "刺殺", "蜀君主"))
    assert t.status("蜀君主") == "alive"
    assert t.player("群雄").markers == {"行醫·蜀": 1}
    assert t.traced("魏殺手甲 的刺殺對 蜀君主 無效：群雄 急救")


@pytest.mark.skill("急救")
def test_first_aid_failed_gives_no_marker_and_no_protection():
    """發動失敗：視為擁有該技能的角色未發動或使用該技能 — no protection, no 行醫 marker."""
    t = Table(bare=True, others="神醫").wound("群雄")
    t.fail("群雄", "急救")
    t.decide("蜀君主", "轉生", "劉封")
    t.night(t.act("群雄", "急救", "蜀君主"), t.act("魏殺手甲", "刺殺", "蜀君主"))
    assert t.player("群雄").markers == {}
    assert t.player("蜀君主").character == "劉封"
    assert t.only_feedback("群雄", "急救").data == {"failed": True}


@pytest.mark.skill("急救", "援護")
def test_first_aid_and_guard_on_one_stabbed_target_neither_wounds():
    """急救：令其當夜受到的【刺殺】無效 and 援護 on the same stabbed target: 當若干技能發生衝突時，免疫傷害類效果
    優先於造成傷害類效果 — both protect her, and the protection wins over 援護's wound (R8, issue 10)."""
    t = Table(bare=True, others="神醫")
    t.night(t.act("群雄", "急救", "蜀女眷"), t.act("魏殺手甲", "刺殺", "蜀女眷"), t.act("蜀護衛", "援護", "蜀女眷"))
    assert t.status("蜀女眷") == "alive" and t.announced("injured") == []
    assert t.traced("免疫傷害類效果優先")


@pytest.mark.skill("急救", "援護")
def test_first_aid_and_guard_without_a_stab_the_guard_still_wounds():
    """援護：若其當夜沒有成為有效的【刺殺】的目標，則令其受傷 — with no stab at all there is nothing 急救 voided."""
    t = Table(bare=True, others="神醫")
    t.night(t.act("群雄", "急救", "蜀女眷"), t.act("蜀護衛", "援護", "蜀女眷"))
    assert t.status("蜀女眷") == "injured"


@pytest.mark.skill("轉生")
def test_reincarnated_lord_starts_unwounded():
    """轉生：選擇一個轉生角色繼續進行遊戲 — a new character, not wounded (ruling)."""
    t = Table(bare=True).wound("蜀君主")
    t.decide("蜀君主", "轉生", "劉禪")
    t.night(t.act("吳護衛", "援護", "蜀君主"))
    assert t.status("蜀君主") == "alive"
    assert t.announced("injured") == [] and t.announced("exited") == []


@pytest.mark.skill("託孤")
def test_new_lord_takes_the_lord_identity_skills():
    """新任君主: identity 君主 with 招賢納才; the old identity's skills are gone (ruling)."""
    t = Table(bare=True)
    wei_lord_reincarnated(t)
    t.decide("魏君主", "託孤", "魏護衛")
    t.night(t.act("蜀殺手甲", "刺殺", "魏君主"))
    t.day()
    with pytest.raises(IllegalAction, match="沒有技能"):
        t.check(t.act("魏護衛", "援護", "魏女眷"))
    t.night(t.act("魏護衛", "招賢納才", "魏女眷"))
    assert t.only_feedback("魏護衛", "互識").data["character"] == "甄姬"
    assert t.player("魏護衛").character == "許褚"


@pytest.mark.skill("暗訪")
def test_inquire_dead_cannot_target_a_reincarnated_lord():
    """暗訪：指定一個死者ID — a lord who reincarnated is still in the game."""
    t = Table(bare=True)
    wei_lord_reincarnated(t)
    with pytest.raises(IllegalAction, match="未出局"):
        t.check(t.act("吳副軍師", "暗訪", "魏君主"))


@pytest.mark.skill("太平要術")
def test_rebel_leader_vote_death_costs_one_hp():
    """太平要術：*被*你的初始體力值為2 — a death by vote costs one point too (ruling R14)."""
    t = Table(bare=True, others="黃巾頭領")
    t.quiet_night()
    t.day({"魏君主": "群雄", "蜀君主": "群雄"})
    assert t.status("群雄") == "alive" and t.player("群雄").hp == 1
    assert t.announced("exited") == []
    assert t.only_feedback("群雄", "太平要術").data == {"hp": 1}


@pytest.mark.skill("太平要術")
def test_rebel_leader_second_life_starts_unwounded():
    """A death that costs a point leaves the leader in the game, not wounded (ruling R14)."""
    t = Table(bare=True, others="黃巾頭領").wound("群雄")
    t.night(t.act("魏護衛", "援護", "群雄"))
    assert t.status("群雄") == "alive" and t.player("群雄").hp == 1
