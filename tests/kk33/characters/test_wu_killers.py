"""Scenario tests for the 吳 killers: 甘寧、凌統、黃蓋、程普、韓當 (KK規則3.3版 ⊙吳國篇).

Each test quotes the sentence it checks; rulings WUK1 … are in docs/rulings/kk33-wu_killers.md and the
rulings on actions by day (RD1 …) in docs/rulings.md. By default the Table seats 黃蓋 at 吳殺手甲 and
程普 at 吳殺手乙; a test seats 甘寧, 凌統 or 韓當 by name.
"""

from __future__ import annotations

import pytest

from tianting.core.errors import IllegalAction
from tianting.core.state import Status
from tianting.testing import Table

QUIET = {"魏副軍師": "荀彧", "魏殺手甲": "張遼"}
"""No vote modifiers (兵法, 剛烈) on the days these scenarios pass through."""
GANNING = {**QUIET, "吳殺手甲": "甘寧"}
LINGTONG = {**QUIET, "吳殺手乙": "凌統"}
HANDANG = {**QUIET, "吳殺手乙": "韓當"}


def eliminate(t: Table, country: str) -> None:
    """``country`` is gone (every player out, 滅國)."""
    for p in t.state.players.values():
        if p.country == country:
            p.status = Status.OUT
    t.state.eliminated.append(country)


# ==== 甘寧 ==========================================================================
@pytest.mark.skill("奇襲")
def test_qixi_his_stab_is_refused_at_night_and_taken_by_day():
    """奇襲：*被*你的【刺殺】的發動時機為白天投票階段。"""
    t = Table(characters=GANNING)
    with pytest.raises(IllegalAction, match="發動時機為白天投票階段") as info:
        t.check(t.act("吳殺手甲", "刺殺", "魏君主"))
    assert info.value.code == "day-only"
    t.quiet_night()
    t.day({}, t.act("吳殺手甲", "刺殺", "魏護衛"))
    assert t.status("魏護衛") == "out" and t.announced("exited") == ["魏護衛"]
    assert t.last.deaths[0].cause == "刺殺"


@pytest.mark.skill("奇襲")
def test_qixi_the_day_stab_is_apart_from_the_nights_count_and_no_guard_answers_it():
    """WUK1: 吳's other killer keeps the night's 刺殺; 甘寧 has one at each vote. 援護 is a night skill:
    the guard who protected 魏護衛 last night does not stop the stab at the vote."""
    t = Table(characters=GANNING)
    t.night(t.act("吳殺手乙", "刺殺", "蜀女眷"), t.act("魏護衛", "援護", "魏護衛"))
    assert t.status("蜀女眷") == "out"
    t.day({}, t.act("吳殺手甲", "刺殺", "魏護衛"))
    assert t.status("魏護衛") == "out"


@pytest.mark.skill("奇襲")
def test_qixi_the_same_country_half_chance_holds_by_day():
    """刺殺：（當【刺殺】的目標為同國或同盟角色時，有一半概率失效） — at the vote too (義釋 lost here)."""
    t = Table(characters=GANNING)
    t.player("吳殺手甲").skills.remove("義釋")
    t.quiet_night()
    t.same_side_stab("吳殺手甲", "吳護衛", void=True)
    t.day({}, t.act("吳殺手甲", "刺殺", "吳護衛"))
    assert t.status("吳護衛") == "alive"


@pytest.mark.skill("義釋")
def test_yishi_his_stab_on_his_own_country_is_void_without_a_draw():
    """義釋：*被*當你【刺殺】的目標為本國角色或同盟角色時，此【刺殺】無效。"""
    t = Table(characters=GANNING)
    t.quiet_night()
    t.day({}, t.act("吳殺手甲", "刺殺", "吳護衛"))  # not the lord: 孫堅's 先主 would void it first
    assert t.status("吳護衛") == "alive"
    assert t.drew("刺殺同國失效判定") == []
    assert t.traced("義釋：刺殺的目標為本國角色")


@pytest.mark.skill("義釋")
def test_yishi_his_stab_on_an_ally_is_void_and_others_still_kill():
    """義釋 on a 同盟角色 (嫁女安吳 makes 魏吳 allies from the next day); a stab on 蜀 still kills."""
    t = Table(characters={**GANNING, "魏殺手乙": "曹仁"})
    t.night(t.act("魏殺手乙", "嫁女安吳"))
    t.day({}, t.act("吳殺手甲", "刺殺", "魏女眷"))
    assert t.status("魏女眷") == "alive" and t.traced("義釋：刺殺的目標為同盟角色")
    t.quiet_night()
    t.day({}, t.act("吳殺手甲", "刺殺", "蜀女眷"))
    assert t.status("蜀女眷") == "out"


# ==== 凌統 ==========================================================================
@pytest.mark.skill("旋風")
def test_xuanfeng_the_target_of_his_stab_fails_every_action_that_night():
    """旋風：*被*你的【刺殺】的目標當夜的所有行動均失敗。 (the target is told: 發動失敗; a limited skill is kept)"""
    t = Table(characters={**LINGTONG, "魏護衛": "許褚"})
    t.night(t.act("吳殺手乙", "刺殺", "魏君主"), t.act("魏君主", "青梅煮酒"), t.act("魏君主", "招賢納才", "魏正軍師"),
            t.act("魏護衛", "援護", "魏君主"))
    assert t.status("魏君主") == "alive"  # 援護 stopped the stab; his actions failed all the same
    assert t.state.alliances == []
    assert [f.data for f in t.feedback("魏君主") if f.skill in ("青梅煮酒", "招賢納才")] == [{"failed": True}] * 2
    assert "青梅煮酒" not in t.player("魏君主").used  # 發動失敗: as if not used


@pytest.mark.skill("旋風")
def test_xuanfeng_needs_a_stab_that_went_off():
    """A 刺殺 that failed its check (受傷) was not made: its target acts as usual."""
    t = Table(characters=LINGTONG)
    t.wound("吳殺手乙")
    t.fail("吳殺手乙", "刺殺")
    t.night(t.act("吳殺手乙", "刺殺", "魏正軍師"), t.act("魏正軍師", "明察", "吳殺手乙"))
    assert t.only_feedback("魏正軍師", "明察").data == {"is_killer": True}


# ==== 黃蓋 ==========================================================================
@pytest.mark.skill("苦肉詐降")
def test_kurou_zhaxiang_his_country_is_the_targets_tonight_and_the_votes_next_day():
    """苦肉詐降：指定一個ID，當夜你的國籍視為與其相同，次日其得票數+3，你的得票數+1。"""
    t = Table(characters=QUIET)
    t.same_side_stab("魏殺手甲", "吳殺手甲", void=True)
    t.night(t.act("吳殺手甲", "苦肉詐降", "魏君主"), t.act("蜀正軍師", "去偽存真", "吳殺手甲"),
            t.act("魏殺手甲", "刺殺", "吳殺手甲"))
    assert t.only_feedback("蜀正軍師", "去偽存真").data["country"] == "魏"
    assert t.status("吳殺手甲") == "alive"  # a 魏 killer's stab on a 魏 character: the half chance
    t.decide("魏君主", "轉生", "曹丕")
    t.day({"蜀君主": "蜀女眷"})
    assert t.game.country_of("吳殺手甲") == "吳"  # only 當夜
    assert t.announced("tally")["魏君主"] == 1 + 3 and t.announced("tally")["吳殺手甲"] == 1 + 1
    assert t.player("魏君主").character == "曹丕"  # 4 votes: the top; the lord dies and plays on


@pytest.mark.skill("苦肉詐降")
def test_kurou_zhaxiang_is_limited_and_a_failed_one_changes_nothing():
    """A four-character skill: once. A failed one (受傷) is as if not used: no change, no votes."""
    t = Table(characters=QUIET)
    t.wound("吳殺手甲")
    t.fail("吳殺手甲", "苦肉詐降")
    t.night(t.act("吳殺手甲", "苦肉詐降", "魏君主"), t.act("蜀正軍師", "去偽存真", "吳殺手甲"))
    assert t.only_feedback("蜀正軍師", "去偽存真").data["country"] == "吳"
    t.day()
    assert t.announced("tally").get("魏君主", 0) == 1
    t.night(t.act("吳殺手甲", "苦肉詐降", "蜀女眷"))
    t.day()
    assert t.status("蜀女眷") == "out"  # +3: the only top
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("吳殺手甲", "苦肉詐降", "蜀君主"))


@pytest.mark.skill("苦肉詐降")
def test_kurou_zhaxiang_follows_a_redirected_target():
    """「當夜你的國籍視為與其相同，次日其得票數+3」: 「其」 is the ID the skill ends up naming. 周泰's
    歷戰之軀 (「將這些角色技能的目標均改為你」) turns it on 周泰: 黃蓋 stays 吳 tonight, and the +3 goes to
    周泰, not to the ID first named (review: the country was read before the redirects, WUK5)."""
    t = Table(characters={**QUIET, "吳護衛": "周泰"})
    t.night(t.act("吳殺手甲", "苦肉詐降", "魏君主"), t.act("吳護衛", "歷戰之軀", "吳殺手甲"),
            t.act("蜀正軍師", "去偽存真", "吳殺手甲"))
    assert t.only_feedback("蜀正軍師", "去偽存真").data["country"] == "吳"
    t.day({"蜀君主": "蜀女眷", "蜀正軍師": "蜀女眷"})
    tally = t.announced("tally")
    assert tally["吳護衛"] == 1 + 3 and tally["吳殺手甲"] == 1 + 1 and tally["魏君主"] == 1


@pytest.mark.skill("苦肉詐降")
def test_kurou_zhaxiang_failed_by_xuanfeng_changes_nothing():
    """技能發動或使用失敗是指該技能未成功發動或使用，視為擁有該技能的角色未發動或使用該技能: 凌統's
    旋風 (「你的【刺殺】的目標當夜的所有行動均失敗」) fails 黃蓋's 苦肉詐降 after it has begun to act:
    his country is 吳 again, no votes are added next day, and the limited skill is kept."""
    t = Table(characters={**QUIET, "吳殺手乙": "凌統"})
    t.same_side_stab("吳殺手乙", "吳殺手甲", void=True)
    t.night(t.act("吳殺手甲", "苦肉詐降", "魏君主"), t.act("吳殺手乙", "刺殺", "吳殺手甲"),
            t.act("蜀正軍師", "去偽存真", "吳殺手甲"))
    assert t.only_feedback("吳殺手甲", "苦肉詐降").data == {"failed": True}
    assert t.only_feedback("蜀正軍師", "去偽存真").data["country"] == "吳"
    assert "苦肉詐降" not in t.player("吳殺手甲").used
    t.day()
    assert t.announced("tally")["魏君主"] == 1 and t.announced("tally")["吳殺手甲"] == 1


@pytest.mark.skill("苦肉詐降", "旋風", "歷戰之軀")
def test_kurou_zhaxiang_xuanfeng_and_lizhan_zhiqu_whatever_the_seats_and_submission_order():
    """One night, one outcome (everything in a phase happens at once): 凌統 stabs 黃蓋 (旋風 fails his
    苦肉詐降), 周泰 names 黃蓋 with 歷戰之軀 (a character skill that failed was not used: 黃蓋 is wounded),
    蜀's 去偽存真 reads 黃蓋 as 吳. The same whatever the seats of the three and the order of submission."""
    from itertools import permutations

    outcomes = set()
    seats = ("吳殺手甲", "吳殺手乙", "吳護衛")
    for order in permutations(seats):
        for backwards in (False, True):
            t = Table(characters={**QUIET, "吳殺手乙": "凌統", "吳護衛": "周泰"})
            numbers = sorted(t.player(pid).seat for pid in seats)
            for pid, n in zip(order, numbers, strict=True):
                t.player(pid).seat = n
            t.same_side_stab("吳殺手乙", "吳殺手甲", void=True)
            actions = [t.act("吳殺手乙", "刺殺", "吳殺手甲"), t.act("吳殺手甲", "苦肉詐降", "魏君主"),
                       t.act("吳護衛", "歷戰之軀", "吳殺手甲"), t.act("蜀正軍師", "去偽存真", "吳殺手甲")]
            t.night(*(reversed(actions) if backwards else actions))
            outcomes.add((t.status("吳殺手甲"), t.only_feedback("蜀正軍師", "去偽存真").data["country"],
                          tuple(sorted(t.player("吳殺手甲").used)), tuple(sorted(t.player("吳護衛").used)),
                          t.game.country_of("吳殺手甲"),
                          tuple(e.kind for e in t.state.effects if e.kind == "苦肉詐降")))
    assert outcomes == {("injured", "吳", (), ("歷戰之軀",), "吳", ())}


@pytest.mark.skill("火船沖陣")
def test_huochuan_chongzhen_voids_every_action_of_its_target_unannounced():
    """火船沖陣：指定一個ID，令其當夜的所有行動均失效。 (失效：成功使用但沒有任何效果，不能收到反饋)"""
    t = Table(characters=QUIET)
    t.night(t.act("吳殺手甲", "火船沖陣", "魏君主"), t.act("魏君主", "青梅煮酒"),
            t.act("魏君主", "招賢納才", "魏護衛"))
    assert t.state.alliances == [] and "魏護衛" not in t.player("魏君主").known
    assert [f for f in t.feedback("魏君主") if f.skill in ("青梅煮酒", "招賢納才")] == []  # 失效: not told
    assert t.player("魏君主").used.get("青梅煮酒") == 1  # a void limited skill is spent
    assert t.player("吳殺手甲").used.get("火船沖陣") == 1


@pytest.mark.skill("火船沖陣")
def test_huochuan_chongzhen_on_a_killer_saves_his_target():
    """Its target's 刺殺 is void too; a failed 火船沖陣 (受傷) voids nothing and is not spent."""
    t = Table(characters=QUIET)
    t.night(t.act("吳殺手甲", "火船沖陣", "蜀殺手甲"), t.act("蜀殺手甲", "刺殺", "吳君主"))
    assert t.status("吳君主") == "alive"
    t2 = Table(characters=QUIET)
    t2.wound("吳殺手甲")
    t2.fail("吳殺手甲", "火船沖陣")
    t2.decide("吳君主", "轉生", "孫權")
    t2.night(t2.act("吳殺手甲", "火船沖陣", "蜀殺手甲"), t2.act("蜀殺手甲", "刺殺", "吳君主"))
    assert t2.player("吳君主").character == "孫權"
    assert "火船沖陣" not in t2.player("吳殺手甲").used


@pytest.mark.skill("火船沖陣", "七步")
def test_huochuan_chongzhen_voided_by_a_rule_on_its_target_voids_nothing():
    """技能失效…沒有任何效果: 曹植's 七步 ②（其他角色的角色技能有一半概率對你失效） voids 黃蓋's 火船沖陣 on him;
    then it voids nothing: 曹植's own 招賢納才 stands. (Review: 火船沖陣 voided its target's actions in the
    cancel stage, before the rules on targets were asked about it.)"""
    from tianting.rules.kk33.game import roster

    t = Table(characters=QUIET)
    lord = t.player("魏君主")
    lord.character, lord.life = "曹植", 1
    lord.skills = [s.name for s in roster().characters["曹植"].skills]
    lord.markers["步"] = 2
    t.force("七步 吳殺手甲【火船沖陣】對魏君主失效判定", True)
    t.night(t.act("吳殺手甲", "火船沖陣", "魏君主"), t.act("魏君主", "招賢納才", "魏護衛"))
    assert t.player("魏君主").known.get("魏護衛") == t.player("魏護衛").character
    assert t.player("吳殺手甲").used.get("火船沖陣") == 1  # 失效: used all the same
    assert len(t.drew("七步")) == 1  # the rule is asked once


# ==== 程普 ==========================================================================
@pytest.mark.skill("突圍")
def test_tuwei_two_countries_left_the_stronger_ones_stabs_on_wu_are_void():
    """突圍：*被*當場上只剩下本國和另一個國家時，若該國存活人數不少於本國，則該國針對本國的【刺殺】無效。"""
    t = Table(characters=QUIET)
    eliminate(t, "蜀")
    t.night(t.act("魏殺手甲", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "alive" and t.traced("突圍")


@pytest.mark.skill("突圍")
def test_tuwei_not_while_three_countries_remain_nor_against_a_smaller_country():
    """Three countries on the field, or the other country has fewer living: the stab kills."""
    t = Table(characters=QUIET)
    t.night(t.act("魏殺手甲", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "out"
    t2 = Table(characters=QUIET)
    eliminate(t2, "蜀")
    t2.player("魏女眷").status = Status.OUT
    t2.night(t2.act("魏殺手甲", "刺殺", "吳女眷"))  # 魏 6 living, 吳 7
    assert t2.status("吳女眷") == "out"


@pytest.mark.skill("三世老臣")
def test_sanshi_laochen_his_stab_on_his_lord_is_void_and_they_recognise_once():
    """三世老臣：*被*當你【刺殺】的目標為本國君主時，該【刺殺】無效，且你與其互識。 (limited: WUK4)

    孫堅 sits at 吳君主 with his 先主 (本國角色對你的【刺殺】…無效), which voids the same stab: both rules
    take effect (R49), so 三世老臣 is spent and the two recognise each other all the same."""
    t = Table(characters=QUIET)
    assert "先主" in t.player("吳君主").skills
    t.night(t.act("吳殺手乙", "刺殺", "吳君主"))
    assert t.status("吳君主") == "alive" and t.drew("刺殺同國失效判定") == []
    assert any(line.startswith("吳殺手乙 的刺殺對 吳君主 無效：") and "先主" in line and "三世老臣" in line
               for line in t.last.trace)
    assert t.only_feedback("吳殺手乙", "三世老臣").data == {"consumed": True}
    assert t.player("吳殺手乙").known["吳君主"] == "孫堅" and t.player("吳君主").known["吳殺手乙"] == "程普"
    t.day()
    t.night(t.act("吳殺手乙", "刺殺", "吳君主"))  # spent: 先主 alone voids it now
    assert t.feedback("吳殺手乙", "三世老臣") == [] and t.status("吳君主") == "alive"
    assert t.traced("吳殺手乙 的刺殺對 吳君主 無效：吳君主 先主") and not t.traced("三世老臣")


@pytest.mark.skill("三世老臣")
def test_sanshi_laochen_only_his_own_stab_on_his_own_lord():
    """Another killer's stab on 吳君主, or 程普's on another lord: nothing from 三世老臣."""
    t = Table(characters=QUIET)
    t.decide("魏君主", "轉生", "曹丕")
    t.night(t.act("吳殺手乙", "刺殺", "魏君主"))
    assert t.player("魏君主").character == "曹丕" and "三世老臣" not in t.player("吳殺手乙").used
    t2 = Table(characters=QUIET)
    t2.player("吳君主").skills.remove("先主")  # (孫堅's 先主 would void any 吳 stab on him)
    t2.same_side_stab("吳殺手甲", "吳君主", void=True)
    t2.night(t2.act("吳殺手甲", "刺殺", "吳君主"))  # 黃蓋's stab: the ordinary same-country half chance
    assert t2.status("吳君主") == "alive" and len(t2.drew("刺殺同國失效判定")) == 1
    assert "三世老臣" not in t2.player("吳殺手乙").used and t2.feedback("吳殺手乙", "三世老臣") == []


@pytest.mark.skill("醇醪之交")
def test_chunlao_zhijiao_one_he_learns_his_friend_whose_harms_are_lessened():
    """醇醪之交：①你獲悉你的「醇醪之交」的角色，之後只要你存活，你的「醇醪之交」受到的傷害減輕；
    若周瑜在場，你將得到反饋，並可將該技能的目標更為周瑜。 (周瑜 sits at 吳正軍師; he keeps his choice)"""
    t = Table(characters=QUIET)
    t.decide("吳殺手乙", "醇醪之交", False)
    t.night(t.act("吳殺手乙", "醇醪之交", "蜀護衛", choice=1))
    fb = t.feedback("吳殺手乙", "醇醪之交")
    assert fb[0].data == {"zhouyu_in_play": True}
    assert fb[1].data == {"character": "趙雲", "choice": 1} and t.player("吳殺手乙").known["蜀護衛"] == "趙雲"
    assert t.feedback("蜀護衛") == []
    t.day()
    t.night(t.act("魏殺手甲", "刺殺", "蜀護衛"))
    assert t.status("蜀護衛") == "injured"  # 減輕: death → wound
    t.day({"魏君主": "吳殺手乙", "魏正軍師": "吳殺手乙"})  # 程普 voted out: the bond no longer holds
    t.quiet_night()  # (a stab on 蜀女眷 here would set off 糜夫人's 深明大義 for the next night)
    t.day()
    t.night(t.act("魏殺手甲", "刺殺", "蜀護衛"))
    assert t.status("蜀護衛") == "out"


@pytest.mark.skill("醇醪之交")
def test_chunlao_zhijiao_two_the_friend_learns_him_and_his_own_harms_are_lessened_vote_too():
    """②你的「醇醪之交」獲悉你的角色，之後只要你的「醇醪之交」存活，你受到的傷害減輕。 (the vote too: RD4)"""
    t = Table(characters=QUIET)
    t.decide("吳殺手乙", "醇醪之交", False)
    t.night(t.act("吳殺手乙", "醇醪之交", "蜀護衛", choice=2))
    assert t.only_feedback("蜀護衛", "醇醪之交").data == {"character": "程普", "choice": 2}
    t.day({"魏君主": "吳殺手乙", "魏正軍師": "吳殺手乙"})
    assert t.status("吳殺手乙") == "injured"


@pytest.mark.skill("醇醪之交")
@pytest.mark.interaction("醇醪之交", "周瑜")
def test_chunlao_zhijiao_may_be_turned_to_zhou_yu_and_needs_a_choice():
    """「可將該技能的目標更為周瑜」; 「選擇以下兩項效果之一」: without ① or ② it is refused; 「除你以外」."""
    t = Table(characters=QUIET)
    t.decide("吳殺手乙", "醇醪之交", True)
    t.night(t.act("吳殺手乙", "醇醪之交", "蜀護衛", choice=1))
    assert t.player("吳殺手乙").known.get("吳正軍師") == "周瑜" and "蜀護衛" not in t.player("吳殺手乙").known
    t2 = Table(characters=QUIET)
    with pytest.raises(IllegalAction, match="choice"):
        t2.check(t2.act("吳殺手乙", "醇醪之交", "蜀護衛"))
    with pytest.raises(IllegalAction, match="除你以外"):
        t2.check(t2.act("吳殺手乙", "醇醪之交", "吳殺手乙", choice=1))


# ==== 韓當 ==========================================================================
@pytest.mark.skill("弓騎")
def test_gongqi_the_targets_stab_tonight_is_void():
    """弓騎：指定一個ID，令其當夜發動的【刺殺】無效。"""
    t = Table(characters=HANDANG)
    t.night(t.act("吳殺手乙", "弓騎", "蜀殺手甲"), t.act("蜀殺手甲", "刺殺", "吳君主"),
            t.act("魏殺手甲", "刺殺", "蜀女眷"))
    assert t.status("吳君主") == "alive" and t.status("蜀女眷") == "out"
    assert t.traced("弓騎（蜀殺手甲 當夜發動的刺殺無效）")


@pytest.mark.skill("弓騎")
def test_gongqi_failed_or_the_next_night_does_nothing():
    """A failed 弓騎 (受傷) is not used; and it lasts 「當夜」 only."""
    t = Table(characters=HANDANG)
    t.wound("吳殺手乙")
    t.fail("吳殺手乙", "弓騎")
    t.decide("吳君主", "轉生", "孫權")
    t.night(t.act("吳殺手乙", "弓騎", "蜀殺手甲"), t.act("蜀殺手甲", "刺殺", "吳君主"))
    assert t.player("吳君主").character == "孫權"
    t2 = Table(characters=HANDANG)
    t2.night(t2.act("吳殺手乙", "弓騎", "蜀殺手甲"))
    t2.day()
    t2.decide("吳君主", "轉生", "孫權")
    t2.night(t2.act("蜀殺手甲", "刺殺", "吳君主"))
    assert t2.player("吳君主").character == "孫權"


@pytest.mark.skill("旋擊敵寇")
def test_xuanji_dikou_two_wu_targets_he_is_told_and_each_killer_half_wounded():
    """旋擊敵寇：*被*當同一夜中有至少兩名本國角色成為【刺殺】的目標時，你將得到反饋，並且對於這些【刺殺】的每個發動者，你都有一半概率令其受傷。"""
    t = Table(characters=HANDANG)
    t.force("旋擊敵寇 吳殺手乙 令 蜀殺手甲 受傷判定", True)
    t.force("旋擊敵寇 吳殺手乙 令 魏殺手甲 受傷判定", False)
    t.night(t.act("蜀殺手甲", "刺殺", "吳女眷"), t.act("魏殺手甲", "刺殺", "吳護衛"), t.act("吳護衛", "援護", "吳護衛"))
    assert t.only_feedback("吳殺手乙", "旋擊敵寇").data == {"targets": 2, "consumed": True}
    assert t.status("蜀殺手甲") == "injured" and t.status("魏殺手甲") == "alive"
    assert t.status("吳護衛") == "alive"  # 援護 stopped that stab; it was still aimed at him


@pytest.mark.skill("旋擊敵寇")
def test_xuanji_dikou_one_target_is_not_enough_and_it_is_spent_once_used():
    """One 吳 target: nothing. A four-character passive: after it has fired, never again (WUK4)."""
    t = Table(characters=HANDANG)
    t.night(t.act("蜀殺手甲", "刺殺", "吳女眷"))
    assert t.feedback("吳殺手乙", "旋擊敵寇") == [] and t.drew("旋擊敵寇") == []
    t.day()
    t.force("旋擊敵寇 吳殺手乙 令 蜀殺手甲 受傷判定", False)
    t.force("旋擊敵寇 吳殺手乙 令 魏殺手甲 受傷判定", False)
    t.night(t.act("蜀殺手甲", "刺殺", "吳護衛"), t.act("魏殺手甲", "刺殺", "吳副軍師"))
    assert t.only_feedback("吳殺手乙", "旋擊敵寇").data["consumed"] is True
    t.day()
    t.night(t.act("蜀殺手甲", "刺殺", "吳殺手乙"), t.act("魏殺手甲", "刺殺", "吳殺手甲"))
    assert t.feedback("吳殺手乙", "旋擊敵寇") == [] and t.drew("旋擊敵寇") == []


@pytest.mark.skill("旋風")
def test_xuanfeng_before_huochuan_whatever_the_seats():
    """旋風 and 火船沖陣 on one target: the target's actions fail (told, not spent) whichever of 凌統
    and 黃蓋 sits first (WUK3): one phase, one outcome, whatever the seat order."""
    outcomes = set()
    for first, second in (("凌統", "黃蓋"), ("黃蓋", "凌統")):
        t = Table(characters={**QUIET, "吳殺手甲": first, "吳殺手乙": second})
        lingtong = "吳殺手甲" if first == "凌統" else "吳殺手乙"
        huanggai = "吳殺手乙" if first == "凌統" else "吳殺手甲"
        t.night(t.act(lingtong, "刺殺", "魏君主"), t.act(huanggai, "火船沖陣", "魏君主"), t.act("魏君主", "青梅煮酒"),
                t.act("魏護衛", "援護", "魏君主"))
        outcomes.add((t.player("魏君主").used.get("青梅煮酒"),
                      tuple(f.data.get("failed") for f in t.feedback("魏君主", "青梅煮酒"))))
    assert outcomes == {(None, (True,))}
