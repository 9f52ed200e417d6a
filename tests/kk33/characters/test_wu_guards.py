"""Scenario tests for the 吳 guards: 太史慈、周泰、朱然 (KK規則3.3版 ⊙吳國篇), seated at 吳護衛.

Each test quotes the sentence it checks; rulings WUG1 … are in docs/rulings/kk33-wu_guards.md.
"""

from __future__ import annotations

import pytest

from tianting.core.errors import IllegalAction
from tianting.core.state import Status
from tianting.testing import Table

QUIET = {"魏副軍師": "荀彧", "魏殺手甲": "張遼"}
ZHOUTAI = {**QUIET, "吳護衛": "周泰"}
ZHURAN = {**QUIET, "吳護衛": "朱然"}


# ==== 太史慈 ========================================================================
@pytest.mark.skill("天義")
def test_tianyi_a_stab_instead_of_a_guard():
    """天義：使用後當夜，你可以不發動【援護】，而是發動一次【刺殺】。 (his own: 吳's killers keep theirs, WUG1)"""
    t = Table(characters=QUIET)
    t.night(t.act("吳護衛", "天義"), t.act("吳護衛", "刺殺", "魏女眷"), t.act("吳殺手甲", "刺殺", "蜀女眷"))
    assert t.status("魏女眷") == "out" and t.status("蜀女眷") == "out"


@pytest.mark.skill("天義")
def test_tianyi_no_stab_without_it_nor_with_a_guard():
    """The 刺殺 needs 天義 the same night, listed before or after it (R27); 「不發動【援護】，而是」: not both."""
    t = Table(characters=QUIET)
    with pytest.raises(IllegalAction, match="沒有技能【刺殺】"):
        t.check(t.act("吳護衛", "刺殺", "魏女眷"))
    t.check(t.act("吳護衛", "刺殺", "魏女眷"), t.act("吳護衛", "天義"))
    with pytest.raises(IllegalAction, match="二者只能選一"):
        t.check(t.act("吳護衛", "天義"), t.act("吳護衛", "援護", "吳君主"), t.act("吳護衛", "刺殺", "魏女眷"))
    with pytest.raises(IllegalAction, match="二者只能選一"):
        t.check(t.act("吳護衛", "天義"), t.act("吳護衛", "刺殺", "魏女眷"), t.act("吳護衛", "援護", "吳君主"))
    with pytest.raises(IllegalAction, match="一次性使用權已用完"):
        t.check(t.act("吳護衛", "天義"), t.act("吳護衛", "刺殺", "魏女眷"), t.act("吳護衛", "刺殺", "蜀女眷"))
    t.check(t.act("吳護衛", "天義"), t.act("吳護衛", "援護", "吳君主"))  # 「可以」: he may still guard


@pytest.mark.skill("天義")
def test_tianyi_failed_takes_its_stab_with_it_and_it_is_unlimited():
    """A failed 天義 (受傷) is as if not used: the 刺殺 it allowed goes with it. Two characters: every night."""
    t = Table(characters=QUIET)
    t.wound("吳護衛")
    t.fail("吳護衛", "天義")
    t.night(t.act("吳護衛", "天義"), t.act("吳護衛", "刺殺", "魏女眷"))
    assert t.status("魏女眷") == "alive"
    assert t.only_feedback("吳護衛", "天義").data == {"failed": True}
    t.day()
    t.night(t.act("吳護衛", "天義"), t.act("吳護衛", "刺殺", "魏女眷"))
    assert t.status("魏女眷") == "out"


@pytest.mark.skill("天義")
def test_tianyi_wounded_one_check_for_tianyi_and_its_stab():
    """「使用後當夜，你可以…發動一次【刺殺】」: the 刺殺 is 天義's content, and 當主動技能經過成功概率判定並判定
    成功使用後，技能的一切內容均一定成功生效. A wounded 太史慈 rolls once, for 天義; its 刺殺 rolls no check
    of its own (as 亂世英雄's borrowed skill, WU3; 丞文's 明察, W11). (Review: it rolled twice.)"""
    t = Table(characters=QUIET)
    t.wound("吳護衛")
    t.succeed("吳護衛", "天義")
    t.night(t.act("吳護衛", "天義"), t.act("吳護衛", "刺殺", "魏女眷"))
    assert [d["purpose"] for d in t.drew("成功判定")] == ["成功判定 吳護衛【天義】"]
    assert t.status("魏女眷") == "out"


# ==== 周泰 ==========================================================================
@pytest.mark.skill("不屈")
def test_buqu_a_wounded_zhoutai_cannot_be_stabbed():
    """不屈：*被*當你處於受傷狀態時，【刺殺】對你無效。"""
    t = Table(characters=ZHOUTAI)
    t.wound("吳護衛")
    t.night(t.act("魏殺手甲", "刺殺", "吳護衛"))
    assert t.status("吳護衛") == "injured" and t.traced("不屈")


@pytest.mark.skill("不屈")
def test_buqu_a_healthy_zhoutai_dies_and_a_wound_by_guard_kills_a_wounded_one():
    """Only 刺殺: healthy he dies by it; wounded, a further wound (援護 with no stab) still kills."""
    t = Table(characters=ZHOUTAI)
    t.night(t.act("魏殺手甲", "刺殺", "吳護衛"))
    assert t.status("吳護衛") == "out"
    t2 = Table(characters=ZHOUTAI)
    t2.wound("吳護衛")
    t2.night(t2.act("魏護衛", "援護", "吳護衛"))
    assert t2.status("吳護衛") == "out"


@pytest.mark.skill("金槍不倒")
def test_jinqiang_budao_the_lord_and_killers_harms_are_lessened():
    """金槍不倒：使用後當夜，本國君主和殺手受到的傷害減輕。"""
    t = Table(characters=ZHOUTAI)
    t.night(t.act("吳護衛", "金槍不倒"), t.act("魏殺手甲", "刺殺", "吳君主"), t.act("蜀殺手甲", "刺殺", "吳殺手甲"),
            t.act("魏護衛", "援護", "吳殺手乙"), t.act("蜀護衛", "援護", "吳女眷"))
    assert t.status("吳君主") == "injured" and t.status("吳殺手甲") == "injured"
    assert t.player("吳君主").character == "孫堅"  # a wound, not a death: no 轉生
    assert t.status("吳殺手乙") == "alive"  # 援護's wound lessened to nothing
    assert t.status("吳女眷") == "injured"  # a lady is neither


@pytest.mark.skill("金槍不倒")
def test_jinqiang_budao_only_that_night_and_once():
    """「使用後當夜」; a four-character skill is used once a game."""
    t = Table(characters=ZHOUTAI)
    t.night(t.act("吳護衛", "金槍不倒"))
    t.day()
    t.decide("吳君主", "轉生", "孫權")
    t.night(t.act("魏殺手甲", "刺殺", "吳君主"))
    assert t.player("吳君主").character == "孫權"
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("吳護衛", "金槍不倒"))


@pytest.mark.skill("歷戰之軀")
def test_lizhan_zhiqu_character_skills_of_the_target_turn_on_him():
    """歷戰之軀：若其當夜使用了角色技能，將這些角色技能的目標均改為你。 (its identity skills keep their targets)"""
    t = Table(characters=ZHOUTAI)
    t.night(t.act("吳護衛", "歷戰之軀", "吳殺手甲"), t.act("吳殺手甲", "火船沖陣", "蜀殺手甲"),
            t.act("蜀殺手甲", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "out"  # 火船沖陣 fell on 周泰, not on 蜀殺手甲
    assert t.traced("火船沖陣）的目標均改為 吳護衛")
    assert t.status("吳殺手甲") == "alive"


@pytest.mark.skill("歷戰之軀")
def test_lizhan_zhiqu_no_character_skill_the_target_is_wounded():
    """若其當夜沒有使用角色技能，你令其受傷。 (an identity skill does not count)"""
    t = Table(characters=ZHOUTAI)
    t.night(t.act("吳護衛", "歷戰之軀", "蜀女眷"), t.act("蜀女眷", "亂花", "魏君主", "魏正軍師"))
    assert t.status("蜀女眷") == "injured"
    assert t.announced("injured") == ["蜀女眷"]


@pytest.mark.skill("歷戰之軀", "旋風")
def test_lizhan_zhiqu_failed_wounds_no_one():
    """技能發動失敗…視為未發動: 凌統's 旋風 fails 周泰's 歷戰之軀 (its target 蜀女眷 used no character skill):
    no wound. (Review: the wound was written at the redirect stage and stayed though 周泰 was told it failed.)"""
    t = Table(characters={**ZHOUTAI, "吳殺手乙": "凌統"})
    t.same_side_stab("吳殺手乙", "吳護衛", void=True)
    t.night(t.act("吳殺手乙", "刺殺", "吳護衛"), t.act("吳護衛", "歷戰之軀", "蜀女眷"))
    assert t.only_feedback("吳護衛", "歷戰之軀").data == {"failed": True}
    assert t.status("蜀女眷") == "alive" and t.announced("injured") == []


@pytest.mark.skill("歷戰之軀", "旋風")
def test_lizhan_zhiqu_a_character_skill_that_failed_was_not_used_the_target_is_wounded():
    """「若其當夜沒有使用角色技能，你令其受傷」, and a skill that 發動失敗 is 視為未使用: 黃蓋's 火船沖陣, turned on
    周泰 and then failed by 凌統's 旋風, was not used, so 黃蓋 is wounded (whatever the order of the stages)."""
    t = Table(characters={**ZHOUTAI, "吳殺手乙": "凌統"})
    t.same_side_stab("吳殺手乙", "吳殺手甲", void=True)
    t.night(t.act("吳殺手乙", "刺殺", "吳殺手甲"), t.act("吳殺手甲", "火船沖陣", "蜀殺手甲"),
            t.act("吳護衛", "歷戰之軀", "吳殺手甲"))
    assert t.only_feedback("吳殺手甲", "火船沖陣").data == {"failed": True}
    assert t.status("吳殺手甲") == "injured"


# ==== 朱然 ==========================================================================
@pytest.mark.skill("膽守")
def test_danshou_his_wound_is_not_announced_and_does_not_slow_him():
    """膽守：*被*你的受傷狀態不會被公開；你的行動成功率不受受傷狀態影響。"""
    t = Table(characters=ZHURAN)
    t.night(t.act("魏護衛", "援護", "吳護衛"), t.act("蜀護衛", "援護", "蜀女眷"))
    assert t.status("吳護衛") == "injured"
    assert t.announced("injured") == ["蜀女眷"] and "吳護衛" not in t.announced("text")
    t.day()
    t.night(t.act("吳護衛", "焚野", "魏女眷", "蜀女眷"))
    assert t.drew("成功判定") == []  # wounded, and no half chance for him


@pytest.mark.skill("膽守", "固政")
def test_danshou_with_guzheng_lifts_the_wound_once_other_halvings_stay():
    """膽守：你的行動成功率不受受傷狀態影響; 固政：本國角色受傷狀態下的行動成功率不受受傷影響. Both lift the
    same halving, the wound's: with both, a wounded 朱然 under 威震逍遙津 (所有吳國角色的行動成功率減半) still
    has one half chance. (Review: each doubled the rate, and the two made it 1.)"""
    t = Table(characters={**ZHURAN, "吳副軍師": "張昭"})
    t.player("吳君主").skills.remove("英魂")  # 孫堅's 英魂 would make 威震逍遙津 fail
    t.wound("吳護衛")
    t.fail("吳護衛", "焚野")
    t.night(t.act("魏殺手甲", "威震逍遙津"), t.act("吳護衛", "焚野", "魏女眷", "蜀女眷"))
    assert [(d["purpose"], d["options"]) for d in t.drew("成功判定")] == [
        ("成功判定 吳護衛【焚野】", ["是:1/2", "否:1/2"])]
    assert t.only_feedback("吳護衛", "焚野").data == {"failed": True}


@pytest.mark.skill("膽守")
def test_danshou_a_wound_by_vote_is_not_announced_either():
    """The day's post lists 受傷 (RD4); not his (緩釋 lessened his vote death to a wound)."""
    t = Table(characters={**ZHURAN, "吳副軍師": "諸葛瑾"})
    t.quiet_night()
    t.day({"魏君主": "吳護衛", "魏正軍師": "吳護衛"}, t.act("吳副軍師", "緩釋", "吳護衛"))
    assert t.status("吳護衛") == "injured" and t.announced("injured") == []


@pytest.mark.skill("困鬥")
def test_kundou_wounded_and_not_the_largest_country_stabs_on_wu_half_fail():
    """困鬥：*被*當你處於受傷狀態且本國存活角色數不為全場最多時，所有針對本國角色的【刺殺】有一半概率失敗。"""
    t = Table(characters=ZHURAN)
    t.player("吳女眷").status = Status.OUT  # 吳 6 living, 魏 and 蜀 7
    t.wound("吳護衛")
    t.force("困鬥 魏殺手甲→吳殺手甲 失敗判定", True)
    t.force("困鬥 蜀殺手甲→吳副軍師 失敗判定", False)
    t.night(t.act("魏殺手甲", "刺殺", "吳殺手甲"), t.act("蜀殺手甲", "刺殺", "吳副軍師"))
    assert t.status("吳殺手甲") == "alive" and t.status("吳副軍師") == "out"
    assert [f.data for f in t.feedback("魏殺手甲", "刺殺") if f.target] == [{"failed": True}]


@pytest.mark.skill("困鬥")
def test_kundou_needs_his_wound_and_wu_not_tied_for_most():
    """Healthy 朱然, or 吳 tied for the most living: no draw, the stab kills."""
    t = Table(characters=ZHURAN)
    t.wound("吳護衛")
    t.night(t.act("魏殺手甲", "刺殺", "吳副軍師"))  # 7, 7, 7: 吳 is (tied for) the most
    assert t.status("吳副軍師") == "out" and t.drew("困鬥") == []
    t2 = Table(characters=ZHURAN)
    t2.player("吳女眷").status = Status.OUT
    t2.night(t2.act("魏殺手甲", "刺殺", "吳副軍師"))
    assert t2.status("吳副軍師") == "out" and t2.drew("困鬥") == []


@pytest.mark.skill("焚野")
def test_fenye_two_ids_each_half_wounded_never_named_again():
    """焚野：指定2個未被【焚野】指定過的ID，有一半概率令其受傷。 (one draw per ID: WUG3)"""
    t = Table(characters=ZHURAN)
    t.force("焚野 吳護衛 令 魏女眷 受傷判定", True)
    t.force("焚野 吳護衛 令 蜀女眷 受傷判定", False)
    t.night(t.act("吳護衛", "焚野", "魏女眷", "蜀女眷"))
    assert t.status("魏女眷") == "injured" and t.status("蜀女眷") == "alive"
    t.day()
    with pytest.raises(IllegalAction, match="已被指定過"):
        t.check(t.act("吳護衛", "焚野", "蜀女眷", "魏護衛"))
    with pytest.raises(IllegalAction, match="受傷狀態"):
        t.check(t.act("吳護衛", "焚野", "魏護衛", "蜀護衛", "群雄"))


@pytest.mark.skill("焚野")
def test_fenye_a_third_id_when_wounded_and_lost_after_naming_his_own():
    """若你當夜處於受傷狀態，你可以額外指定一個ID。若你指定的ID中包含本國角色，你在結算後失去技能【焚野】。"""
    t = Table(characters=ZHURAN)
    t.wound("吳護衛")
    for pid in ("魏女眷", "蜀女眷", "吳女眷"):
        t.force(f"焚野 吳護衛 令 {pid} 受傷判定", True)
    t.night(t.act("吳護衛", "焚野", "魏女眷", "蜀女眷", "吳女眷"))
    assert [t.status(p) for p in ("魏女眷", "蜀女眷", "吳女眷")] == ["injured"] * 3
    assert "焚野" not in t.player("吳護衛").skills
    assert any(f.data == {"lost": "焚野"} for f in t.feedback("吳護衛"))
