"""Scenario tests for the 蜀 guards: 趙雲、魏延、關平 (KK規則3.3版 ⊙蜀國篇).

Each test quotes the sentence it checks; rulings SG1 … are in docs/rulings/kk33-shu_guards.md.
Seats: 蜀護衛 趙雲 unless a test seats 魏延 or 關平 there.
"""

from __future__ import annotations

import itertools

import pytest

from tianting.core.errors import IllegalAction
from tianting.testing import Table

QUIET = {"魏副軍師": "荀彧", "魏殺手甲": "張遼"}
"""No vote modifiers (兵法, 剛烈) on the days these scenarios pass through."""


# ==== 趙雲 ==========================================================================
@pytest.mark.skill("龍膽")
def test_longdan_no_shu_character_is_wounded_tonight():
    """龍膽：使用後當夜，…所有本國角色不會受傷。 (援護's wound, 老當益壯; a wounded one is not killed by a wound)"""
    t = Table(characters={**QUIET, "蜀殺手乙": "黃忠"}).wound("蜀副軍師")
    t.night(t.act("蜀護衛", "龍膽"), t.act("吳護衛", "援護", "蜀女眷"), t.act("蜀殺手乙", "老當益壯", "蜀副軍師"),
            t.act("吳殺手甲", "刺殺", "魏女眷"))
    assert t.status("蜀女眷") == "alive" and t.status("蜀副軍師") == "injured"
    assert t.announced("injured") == [] and t.announced("exited") == ["魏女眷"]
    assert t.traced("蜀女眷 受到的援護被防止：蜀護衛 龍膽：本國角色不會受傷")
    assert t.traced("蜀副軍師 受到的老當益壯被防止：蜀護衛 龍膽")
    assert t.feedback("蜀護衛", "龍膽") == []


@pytest.mark.skill("龍膽")
def test_longdan_does_not_stop_a_kill_nor_help_other_countries():
    """「不會受傷」 is not 「不會死亡」: a valid 刺殺 on a 蜀 character kills (SG1); a 吳 character is wounded as usual."""
    t = Table(characters=QUIET)
    t.night(t.act("蜀護衛", "龍膽"), t.act("吳殺手甲", "刺殺", "蜀女眷"), t.act("魏護衛", "援護", "吳女眷"))
    assert t.status("蜀女眷") == "out" and t.status("吳女眷") == "injured"


@pytest.mark.skill("龍膽")
@pytest.mark.parametrize("order", list(itertools.permutations([0, 1])))
def test_longdan_his_guard_fails_that_night(order):
    """龍膽：使用後當夜，你不能發動【援護】 — his 援護 fails (he is told), in either order of submission."""
    t = Table(characters=QUIET)
    mine = [t.act("蜀護衛", "龍膽"), t.act("蜀護衛", "援護", "蜀女眷")]
    t.night(*[mine[i] for i in order], t.act("吳殺手甲", "刺殺", "蜀女眷"))
    assert t.status("蜀女眷") == "out"
    assert t.only_feedback("蜀護衛", "援護").data == {"failed": True}
    assert t.traced("蜀護衛 的【援護】發動失敗：蜀護衛 龍膽：當夜你不能發動援護")


@pytest.mark.skill("龍膽")
def test_longdan_failed_when_wounded_leaves_his_guard_and_is_used_again():
    """失敗…視為未發動: a failed 龍膽 protects nobody and his 援護 stands; a 二字 skill is used again the next night."""
    t = Table(characters=QUIET).wound("蜀護衛")
    t.fail("蜀護衛", "龍膽").succeed("蜀護衛", "援護")
    t.night(t.act("蜀護衛", "龍膽"), t.act("蜀護衛", "援護", "蜀女眷"), t.act("吳殺手甲", "刺殺", "蜀女眷"),
            t.act("吳護衛", "援護", "蜀副軍師"))
    assert t.status("蜀女眷") == "alive" and t.status("蜀副軍師") == "injured"
    t.day()
    t.night(t.act("蜀護衛", "龍膽"), t.act("吳護衛", "援護", "蜀正軍師"))
    assert t.status("蜀正軍師") == "alive"


def with_liu_shan(t: Table) -> Table:
    """劉備 dies and comes back as 劉禪 (轉生)."""
    t.decide("蜀君主", "轉生", "劉禪")
    t.night(t.act("吳殺手甲", "刺殺", "蜀君主"))
    assert t.player("蜀君主").character == "劉禪"
    t.day()
    return t


@pytest.mark.skill("單騎救主")
@pytest.mark.interaction("單騎救主", "劉禪")
def test_danqi_jiuzhu_stabs_on_liu_shan_fail():
    """單騎救主：使用後當夜，所有針對劉禪的【刺殺】失效。 (not those on 趙雲 himself; limited)"""
    t = with_liu_shan(Table(characters=QUIET))
    t.night(t.act("蜀護衛", "單騎救主"), t.act("吳殺手甲", "刺殺", "蜀君主"), t.act("魏殺手乙", "刺殺", "蜀護衛"))
    assert t.player("蜀君主").character == "劉禪" and t.status("蜀君主") == "alive"
    assert t.traced("吳殺手甲 的刺殺對 蜀君主 無效：蜀護衛 單騎救主")
    assert t.status("蜀護衛") == "out"
    assert t.feedback("蜀護衛", "單騎救主") == [] and t.state.alliances == []


@pytest.mark.skill("單騎救主")
def test_danqi_jiuzhu_void_without_liu_shan():
    """單騎救主：若劉禪不在場則失效 — with 劉備 on the throne it is used up for nothing, and he is not told."""
    t = Table(characters=QUIET)
    t.decide("蜀君主", "轉生", "劉封")
    t.night(t.act("蜀護衛", "單騎救主"), t.act("吳殺手甲", "刺殺", "蜀君主"))
    assert t.player("蜀君主").character == "劉封"  # the 刺殺 went through
    assert t.player("蜀護衛").used == {"單騎救主": 1}
    assert t.feedback("蜀護衛", "單騎救主") == []
    assert t.traced("蜀護衛 的【單騎救主】失效：劉禪不在場")
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("蜀護衛", "單騎救主"))


# ==== 魏延 ==========================================================================
WEI_YAN = {**QUIET, "蜀護衛": "魏延"}


@pytest.mark.skill("狂骨")
def test_kuanggu_identity_skills_on_the_target_become_stabs():
    """狂骨：指定一個ID，當夜所有針對其的身份技能更為【刺殺】。 (明察 and 去偽存真 on her: two 刺殺; their users learn nothing: SG3)"""
    t = Table(characters=WEI_YAN)
    t.night(t.act("蜀護衛", "狂骨", "吳女眷"), t.act("魏正軍師", "明察", "吳女眷"), t.act("蜀正軍師", "去偽存真", "吳女眷"))
    assert t.status("吳女眷") == "out"
    assert t.feedback("魏正軍師", "明察") == [] and t.feedback("蜀正軍師", "去偽存真") == []
    assert t.traced("魏正軍師 的【明察】失效：蜀護衛 狂骨：針對 吳女眷 的身份技能更為刺殺")
    assert t.traced("蜀護衛 狂骨（魏正軍師 的【明察】更為刺殺）：視為 魏正軍師 對 吳女眷 發動了一次刺殺")
    assert t.traced("魏正軍師、蜀正軍師 的刺殺對 吳女眷 有效")
    assert t.feedback("蜀護衛", "狂骨") == []


@pytest.mark.skill("狂骨")
def test_kuanggu_a_guard_becomes_a_stab_and_no_longer_guards():
    """狂骨 turns the 援護 on her into a 刺殺: the real 刺殺 is no longer guarded (同國 刺殺: the half chance)."""
    t = Table(characters=WEI_YAN)
    t.same_side_stab("吳護衛", "吳女眷", void=True)
    t.night(t.act("蜀護衛", "狂骨", "吳女眷"), t.act("吳護衛", "援護", "吳女眷"), t.act("魏殺手乙", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "out"
    assert t.traced("吳護衛 的刺殺對 吳女眷 失效：目標為同國角色，一半概率失效")


@pytest.mark.skill("狂骨")
def test_kuanggu_luanhua_naming_her_becomes_a_stab():
    """狂骨 and 亂花 (指定兩個ID：A和B): a 亂花 naming her as A is an identity skill aimed at her: a 刺殺, and no bind."""
    t = Table(characters=WEI_YAN)
    t.night(t.act("蜀護衛", "狂骨", "吳女眷"), t.act("魏女眷", "亂花", "吳女眷", "吳君主"))
    assert t.status("吳女眷") == "out"
    assert t.state.vote_binds == {}


@pytest.mark.skill("狂骨")
def test_kuanggu_character_skills_are_unchanged():
    """「身份技能」 only: 黃忠's 老當益壯 (a character skill) on her still wounds her, and is no 刺殺."""
    t = Table(characters={**WEI_YAN, "蜀殺手乙": "黃忠"})
    t.night(t.act("蜀護衛", "狂骨", "吳女眷"), t.act("蜀殺手乙", "老當益壯", "吳女眷"))
    assert t.status("吳女眷") == "injured"
    assert t.traced("蜀護衛 狂骨：當夜沒有針對 吳女眷 的身份技能")


@pytest.mark.skill("狂骨")
def test_kuanggu_voided_recruit_still_sets_off_wo_fu_tianxia():
    """技能發動或使用失效不影響由於此技能而觸發的其他技能: 曹操's 招賢納才 on her becomes a 刺殺 (狂骨), and his
    我負天下 (目標不為本國角色：視為你對其發動了一次【刺殺】) still makes its own 刺殺 (SG3)."""
    t = Table(characters=WEI_YAN)
    t.night(t.act("蜀護衛", "狂骨", "吳女眷"), t.act("魏君主", "招賢納才", "吳女眷"))
    assert t.status("吳女眷") == "out"
    assert t.player("魏君主").known == {}  # no 互識: the 招賢納才 became a 刺殺
    assert t.traced("魏君主 的【招賢納才】失效：蜀護衛 狂骨")
    assert t.traced("我負天下：視為 魏君主 對 吳女眷 發動了一次刺殺")


@pytest.mark.skill("狂骨")
def test_kuanggu_failed_when_wounded_changes_nothing():
    """失敗…視為未發動: the 明察 on her goes on."""
    t = Table(characters=WEI_YAN).wound("蜀護衛")
    t.fail("蜀護衛", "狂骨")
    t.night(t.act("蜀護衛", "狂骨", "吳女眷"), t.act("魏正軍師", "明察", "吳女眷"))
    assert t.status("吳女眷") == "alive"
    assert t.only_feedback("魏正軍師", "明察").data == {"is_killer": False}
    assert t.only_feedback("蜀護衛", "狂骨").data == {"failed": True}


NO_ZHUGE = {**WEI_YAN, "蜀正軍師": "徐庶", "蜀副軍師": "龐統"}


@pytest.mark.skill("子午奇兵")
def test_ziwu_qibing_stab_on_a_lord_outside_the_count():
    """子午奇兵：指定一名君主，視為對其發動了一次【刺殺】。 (蜀's killers still stab that night; limited)"""
    t = Table(characters=NO_ZHUGE)
    t.decide("吳君主", "轉生", "孫策")
    t.night(t.act("蜀護衛", "子午奇兵", "吳君主"), t.act("蜀殺手甲", "刺殺", "吳女眷"))
    assert t.player("吳君主").character == "孫策" and t.status("吳女眷") == "out"
    assert t.traced("蜀護衛 子午奇兵：視為 蜀護衛 對 吳君主 發動了一次刺殺")
    assert t.game.uses_left(t.player("蜀護衛"), "子午奇兵") == 0
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("蜀護衛", "子午奇兵", "吳君主"))


@pytest.mark.skill("子午奇兵")
def test_ziwu_qibing_only_a_lord():
    """「指定一名君主」: identities are hidden, so a non-lord is accepted when submitted (a refusal would tell
    魏延 who is not a lord); the skill is then 失效 (技能失效…擁有該技能的角色不能收到反饋): used up, no 刺殺,
    and he is not told (SG4)."""
    t = Table(characters=NO_ZHUGE)
    t.check(t.act("蜀護衛", "子午奇兵", "吳女眷"))  # accepted: nothing about her identity is given away
    t.night(t.act("蜀護衛", "子午奇兵", "吳女眷"))
    assert t.status("吳女眷") == "alive" and t.drew("") == []
    assert t.traced("蜀護衛 的【子午奇兵】失效：吳女眷 不是君主")
    assert t.feedback("蜀護衛") == []
    assert t.game.uses_left(t.player("蜀護衛"), "子午奇兵") == 0


@pytest.mark.skill("子午奇兵")
@pytest.mark.interaction("子午奇兵", "諸葛亮")
def test_ziwu_qibing_fails_while_zhuge_liang_is_in_play():
    """子午奇兵：若諸葛亮在場，則該技能使用失敗。 (失敗: told, not used up)"""
    t = Table(characters=WEI_YAN)  # 遲暮的丞相·諸葛亮 sits at 蜀正軍師
    t.night(t.act("蜀護衛", "子午奇兵", "吳君主"))
    assert t.player("吳君主").character == "孫堅" and t.status("吳君主") == "alive"
    assert t.only_feedback("蜀護衛", "子午奇兵").data == {"failed": True}
    assert t.game.uses_left(t.player("蜀護衛"), "子午奇兵") == 1
    assert t.traced("諸葛亮（蜀正軍師）在場")


@pytest.mark.skill("子午奇兵")
def test_ziwu_qibing_on_his_own_lord_takes_the_same_country_chance():
    """刺殺（當【刺殺】的目標為同國…角色時，有一半概率失效）: 視為刺殺 on 劉備 too."""
    t = Table(characters=NO_ZHUGE)
    t.same_side_stab("蜀護衛", "蜀君主", void=True)
    t.night(t.act("蜀護衛", "子午奇兵", "蜀君主"))
    assert t.status("蜀君主") == "alive" and t.player("蜀君主").character == "劉備"


# ==== 關平 ==========================================================================
GUAN_PING = {**QUIET, "蜀護衛": "關平"}


@pytest.mark.skill("忠績")
@pytest.mark.parametrize("reverse", [False, True])
def test_zhongji_learns_the_actions_on_his_guarded_target(reverse: bool):
    """忠績：*被*當夜你獲悉所有針對你【援護】的目標的行動。 (which skills, not whose: SG5; listed by skill, the
    same whatever order they were submitted in)"""
    t = Table(characters=GUAN_PING)
    others = [t.act("吳殺手甲", "刺殺", "蜀女眷"), t.act("魏正軍師", "明察", "蜀女眷"),
              t.act("魏女眷", "亂花", "吳君主", "蜀女眷"), t.act("吳正軍師", "明察", "蜀君主")]
    t.night(t.act("蜀護衛", "援護", "蜀女眷"), *(reversed(others) if reverse else others))
    assert t.status("蜀女眷") == "alive"
    fb = t.only_feedback("蜀護衛", "忠績")
    assert fb.data == {"target": "蜀女眷", "actions": ["亂花", "刺殺", "明察"]}
    assert "吳殺手甲" not in fb.text and "魏正軍師" not in fb.text


@pytest.mark.skill("忠績")
def test_zhongji_nothing_aimed_and_no_guard():
    """忠績 reports even an empty night on his target; without a 援護 (or when it failed) there is nothing to report."""
    t = Table(characters=GUAN_PING)
    t.night(t.act("蜀護衛", "援護", "蜀女眷"))
    assert t.only_feedback("蜀護衛", "忠績").data == {"target": "蜀女眷", "actions": []}
    assert t.status("蜀女眷") == "injured"  # his own 援護 wounded her
    t.day()
    t.night(t.act("吳殺手甲", "刺殺", "蜀副軍師"))
    assert t.feedback("蜀護衛", "忠績") == []
    t2 = Table(characters=GUAN_PING).wound("蜀護衛")
    t2.fail("蜀護衛", "援護")
    t2.night(t2.act("蜀護衛", "援護", "蜀女眷"), t2.act("吳殺手甲", "刺殺", "蜀女眷"))
    assert t2.feedback("蜀護衛", "忠績") == []


@pytest.mark.skill("忠績")
def test_zhongji_failed_actions_are_not_actions():
    """發動失敗…視為未發動: a wounded 明察 that failed is not listed."""
    t = Table(characters=GUAN_PING).wound("魏正軍師")
    t.fail("魏正軍師", "明察")
    t.night(t.act("蜀護衛", "援護", "蜀女眷"), t.act("魏正軍師", "明察", "蜀女眷"), t.act("吳殺手甲", "刺殺", "蜀女眷"))
    assert t.only_feedback("蜀護衛", "忠績").data["actions"] == ["刺殺"]


@pytest.mark.skill("龍吟")
def test_longyin_a_void_shu_stab_gives_him_a_stab_next_night():
    """龍吟：*被*若當夜本國君主或殺手的行動失敗或失效，你獲悉之，並可以在次夜發動一次【刺殺】。 (SG6)"""
    t = Table(characters=GUAN_PING)
    t.night(t.act("蜀殺手甲", "刺殺", "吳女眷"), t.act("吳護衛", "援護", "吳女眷"))
    assert t.status("吳女眷") == "alive"
    told, lent = t.feedback("蜀護衛", "龍吟")
    assert told.data == {"actions": [{"skill": "刺殺", "how": "失效"}]} and "蜀殺手甲" not in told.text
    assert lent.data == {"granted": "刺殺", "uses": 1}
    assert t.player("蜀護衛").granted == {"刺殺": 1}
    t.day()
    # his own 刺殺, beside the country's one
    t.night(t.act("蜀殺手甲", "刺殺", "魏女眷"), t.act("蜀護衛", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "out" and t.status("魏女眷") == "out"
    assert t.player("蜀護衛").granted == {"刺殺": 0}


@pytest.mark.skill("龍吟")
def test_longyin_right_is_for_the_next_night_only():
    """「在次夜」: not used that night, the right is gone."""
    t = Table(characters=GUAN_PING).wound("蜀君主")
    t.fail("蜀君主", "招賢納才")
    t.night(t.act("蜀君主", "招賢納才", "吳女眷"))
    assert t.feedback("蜀護衛", "龍吟")[0].data == {"actions": [{"skill": "招賢納才", "how": "失敗"}]}
    t.day()
    t.quiet_night()
    assert t.player("蜀護衛").granted == {"刺殺": 1}
    t.day()
    assert t.player("蜀護衛").granted == {}
    with pytest.raises(IllegalAction, match="沒有技能【刺殺】"):
        t.check(t.act("蜀護衛", "刺殺", "吳女眷"))


@pytest.mark.skill("龍吟")
@pytest.mark.skill("奔襲")
def test_longyin_after_benxi_blocks_a_shu_stab():
    """奔襲（本國殺手無法發動【刺殺】）makes 關羽's 刺殺 fail: a 本國殺手's action failed, so 龍吟 gives 關平 a 刺殺."""
    t = Table(characters=GUAN_PING)
    t.night(t.act("蜀殺手乙", "奔襲"), t.act("蜀殺手甲", "刺殺", "吳女眷"))
    assert t.feedback("蜀護衛", "龍吟")[0].data == {"actions": [{"skill": "刺殺", "how": "失敗"}]}
    assert t.player("蜀護衛").granted == {"刺殺": 1}


@pytest.mark.skill("龍吟")
def test_longyin_not_for_other_countries_or_other_identities():
    """「本國君主或殺手」: a 吳 killer's void 刺殺, or a 蜀 guard's failed skill, gives nothing."""
    t = Table(characters=GUAN_PING).wound("蜀女眷")
    t.fail("蜀女眷", "亂花")
    t.night(t.act("吳殺手甲", "刺殺", "魏女眷"), t.act("魏護衛", "援護", "魏女眷"), t.act("蜀女眷", "亂花", "吳君主", "魏君主"))
    assert t.feedback("蜀護衛", "龍吟") == [] and t.player("蜀護衛").granted == {}
