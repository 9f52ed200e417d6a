"""Scenario tests for the 群雄 張角 (黃天、電閃雷鳴、飛沙走石) and 華佗 (青囊、普度眾生) (KK規則3.3版 ⊙群雄篇).

Each test quotes the sentence it checks; rulings Q1 … are in docs/rulings/kk33-qun_zhangjiao_huatuo.md.
Targets are chosen among seats whose default characters have no passive skill that would answer
(許褚, 甄姬, 趙雲, 魯肅, 黃蓋, 太史慈, 小喬); killers are 夏侯淵, 馬超 and 黃蓋.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tianting.core.errors import IllegalAction
from tianting.core.skills import Skill, Source, TargetRule, Use
from tianting.rules.kk33.harm import Harm, Level
from tianting.testing import Table

REBEL = "黃巾軍"


class Strike(Skill):
    """A test skill: a 致死 harm on each of one to three ids (to make many deaths at one moment)."""

    name = "測試天雷"
    source = Source.CHARACTER
    stage = "attack"
    targets = TargetRule(count=3, counts=(1, 2))

    def apply(self, night: Any, use: Use) -> None:
        for target in use.targets:
            night.harms.append(Harm(target, Level.KILL, self.name, [use.actor]))


def zhangjiao_striking() -> Table:
    """張角 seated; 司馬懿 (魏副軍師) holds the test skill 測試天雷."""
    t = Table(others="黃巾頭領", extra_skills=[Strike])
    t.player("魏副軍師").skills.append(Strike.name)
    return t


def zhangjiao(**characters: str) -> Table:
    """張角 at the 群雄 seat (黃巾頭領, 體力值2)."""
    return Table(others="黃巾頭領", characters=characters or None)


def rebels(t: Table, *pids: str) -> None:
    """Mark ``pids`` 「黃巾軍」, as 起義 on earlier nights would have."""
    for pid in pids:
        t.player(pid).markers[REBEL] = 1


THREE_STABS = (("魏殺手乙", "吳護衛"), ("吳殺手甲", "魏女眷"), ("蜀殺手乙", "吳副軍師"))
"""Three 刺殺 of three countries on three quiet players of other countries."""


def stabs(t: Table, pairs=THREE_STABS):
    return [t.act(killer, "刺殺", target) for killer, target in pairs]


# ==== 黃天 ==========================================================================
@pytest.mark.skill("黃天", "起義")
def test_huangtian_three_rebels_dying_give_a_point_past_the_first_hp():
    """黃天：*被*每當有三個「黃巾軍」死亡，你可以增加一點體力（可以突破原體力上限）。當你的體力值發生變動時你獲悉當前體力值。"""
    t = zhangjiao()
    for night, target in enumerate(("吳護衛", "魏女眷", "吳副軍師")):
        if night:
            t.day()
        t.night(t.act("群雄", "起義", target))
    assert all(t.player(p).marker(REBEL) for p in ("吳護衛", "魏女眷", "吳副軍師"))
    t.day()
    t.decide("群雄", "黃天", "是")
    t.night(*stabs(t))
    assert [t.status(p) for p in ("吳護衛", "魏女眷", "吳副軍師")] == ["out"] * 3
    assert t.player("群雄").hp == 3  # 太平要術's 2, past it by one
    fb = t.only_feedback("群雄", "黃天")
    assert fb.data == {"hp": 3, "gained": 1} and "當前體力值：3" in fb.text
    assert t.last.decisions[0].skill == "黃天" and not t.last.decisions[0].defaulted


@pytest.mark.skill("黃天")
def test_huangtian_counts_across_nights_and_days_the_vote_too():
    """「每當有三個」: two 黃巾軍 die one night, the third by the next day's vote: the point comes then."""
    t = zhangjiao()
    rebels(t, "吳護衛", "魏女眷", "吳副軍師")
    t.night(*stabs(t, THREE_STABS[:2]))
    assert t.player("群雄").hp == 2 and t.feedback("群雄", "黃天") == []
    assert t.traced("死亡（共2個）") and not t.traced("共3個")
    t.decide("群雄", "黃天", "是")
    t.day({"魏君主": "吳副軍師", "蜀君主": "吳副軍師"})
    assert t.status("吳副軍師") == "out" and t.player("群雄").hp == 3
    assert t.only_feedback("群雄", "黃天").data == {"hp": 3, "gained": 1}


@pytest.mark.skill("黃天")
def test_huangtian_only_rebels_count():
    """Only 「黃巾軍」 deaths count: unmarked players dying give nothing (no choice is asked)."""
    t = zhangjiao()
    rebels(t, "吳護衛", "魏女眷")
    t.night(*stabs(t))
    assert [t.status(p) for p in ("吳護衛", "魏女眷", "吳副軍師")] == ["out"] * 3
    assert t.player("群雄").hp == 2 and t.feedback("群雄", "黃天") == [] and t.last.decisions == []


@pytest.mark.skill("黃天")
def test_huangtian_he_may_decline_and_the_next_point_needs_three_more():
    """「你可以增加一點體力」: he may say 否 (Q1); the count goes on, the next point at the sixth death."""
    t = zhangjiao()
    rebels(t, "吳護衛", "魏女眷", "吳副軍師", "魏護衛", "蜀護衛", "吳女眷")
    t.decide("群雄", "黃天", "否")
    t.night(*stabs(t))
    assert t.player("群雄").hp == 2 and t.feedback("群雄", "黃天") == []
    t.day()
    t.decide("群雄", "黃天", "是")
    t.night(*stabs(t, (("魏殺手乙", "蜀護衛"), ("吳殺手甲", "魏護衛"), ("蜀殺手乙", "吳女眷"))))
    assert t.player("群雄").hp == 3


@pytest.mark.skill("黃天")
def test_huangtian_six_rebels_at_one_moment_give_two_points():
    """「每當有三個」: six 黃巾軍 dying at one moment are two triggers, two choices, two points."""
    t = zhangjiao_striking()
    rebels(t, "吳護衛", "魏女眷", "吳副軍師", "蜀護衛", "吳女眷", "魏護衛")
    t.decide("群雄", "黃天", "是").decide("群雄", "黃天", "是")
    t.night(*stabs(t), t.act("魏副軍師", Strike.name, "蜀護衛", "吳女眷", "魏護衛"))
    assert all(t.status(p) == "out" for p in ("吳護衛", "魏女眷", "吳副軍師", "蜀護衛", "吳女眷", "魏護衛"))
    assert t.player("群雄").hp == 4
    assert [f.data for f in t.feedback("群雄", "黃天")] == [{"hp": 3, "gained": 1}, {"hp": 4, "gained": 1}]


@pytest.mark.skill("黃天", "太平要術")
def test_huangtian_a_point_lost_and_a_point_gained_the_same_night():
    """張角 stabbed (太平要術: 2 → 1) the night the third 黃巾軍 dies: both changes are told, he ends at 2."""
    t = zhangjiao_striking()
    rebels(t, "吳護衛", "魏女眷", "吳副軍師")
    t.decide("群雄", "黃天", "是")
    t.night(*stabs(t, THREE_STABS[:2] + (("蜀殺手乙", "群雄"),)), t.act("魏副軍師", Strike.name, "吳副軍師"))
    assert t.status("吳副軍師") == "out"
    assert t.player("群雄").hp == 2 and t.status("群雄") == "alive"
    assert t.only_feedback("群雄", "太平要術").data == {"hp": 1}
    assert t.only_feedback("群雄", "黃天").data == {"hp": 2, "gained": 1}


@pytest.mark.skill("黃天")
def test_huangtian_no_point_for_a_zhangjiao_who_dies_at_that_moment():
    """Q1, R47: 張角 at 1 hp leaves the game the night the third 黃巾軍 dies: he hears only his own death."""
    t = zhangjiao_striking()
    t.player("群雄").hp = 1
    rebels(t, "吳護衛", "魏女眷", "吳副軍師")
    t.night(*stabs(t, THREE_STABS[:2] + (("蜀殺手乙", "群雄"),)), t.act("魏副軍師", Strike.name, "吳副軍師"))
    assert t.status("群雄") == "out" and t.status("吳副軍師") == "out"
    assert t.feedback("群雄", "黃天") == [] and t.last.decisions == []


@pytest.mark.skill("黃天", "轉生")
def test_huangtian_a_rebel_lord_dying_and_playing_on_counts_and_a_removal_counts():
    """A marked lord's first death is a death (R11) and 退出歷史舞台 能夠觸發以死亡為前提的技能: both count."""
    from tests.kk33.test_night_rules import Remove

    t = Table(others="黃巾頭領", extra_skills=[Remove])
    t.player("魏女眷").skills.append(Remove.name)
    rebels(t, "吳君主", "蜀護衛", "吳副軍師")
    t.decide("吳君主", "轉生", "孫權").decide("群雄", "黃天", "是")
    t.night(t.act("魏殺手乙", "刺殺", "吳君主"), t.act("魏女眷", Remove.name, "蜀護衛"),
            t.act("蜀殺手乙", "刺殺", "吳副軍師"))
    assert t.player("吳君主").character == "孫權" and t.status("吳君主") == "alive"
    assert t.status("蜀護衛") == "out"
    assert t.player("群雄").hp == 3


# ==== 電閃雷鳴 ======================================================================
@pytest.mark.skill("電閃雷鳴")
def test_dianshan_stabs_a_random_other_player():
    """電閃雷鳴：使用後當夜，視為你對除你外隨機一名角色發動了一次【刺殺】。"""
    t = zhangjiao()
    t.force("電閃雷鳴 群雄", "吳護衛")
    t.night(t.act("群雄", "電閃雷鳴"))
    assert t.status("吳護衛") == "out"
    options = t.drew("電閃雷鳴")[0]["options"]
    assert "群雄" not in options and len(options) == 21  # 除你外: every other living player
    assert t.traced("視為 群雄 對 吳護衛 發動了一次刺殺")
    assert t.feedback("群雄", "電閃雷鳴") == []  # Q2: he is not told where it fell (G3)


@pytest.mark.skill("電閃雷鳴")
def test_dianshan_draws_only_among_the_living():
    """技能需要指定目標時如無特殊說明均為未出局的ID: the dead are not in the draw."""
    t = zhangjiao()
    t.night(t.act("吳殺手甲", "刺殺", "魏女眷"))
    t.day()
    t.force("電閃雷鳴 群雄", "吳護衛")
    t.night(t.act("群雄", "電閃雷鳴"))
    assert "魏女眷" not in t.drew("電閃雷鳴")[0]["options"]


@pytest.mark.skill("電閃雷鳴", "援護")
def test_dianshan_is_a_stab_guarded_and_merged_with_the_nights_stabs():
    """視為…【刺殺】: 援護 on its target makes it 無效; with a killer's 刺殺 on the same id it is one 刺殺 (R9)."""
    t = zhangjiao()
    t.force("電閃雷鳴 群雄", "吳護衛")
    t.night(t.act("群雄", "電閃雷鳴"), t.act("吳護衛", "援護", "吳護衛"))
    assert t.status("吳護衛") == "alive" and t.traced("群雄 的刺殺對 吳護衛 無效：吳護衛 援護")
    t2 = zhangjiao()
    t2.force("電閃雷鳴 群雄", "魏女眷")
    t2.night(t2.act("群雄", "電閃雷鳴"), t2.act("吳殺手甲", "刺殺", "魏女眷"))
    assert [d.id for d in t2.last.deaths] == ["魏女眷"]
    assert t2.traced("群雄、吳殺手甲 的刺殺對 魏女眷 有效")


@pytest.mark.skill("電閃雷鳴", "流離江南")
def test_dianshan_meets_every_rule_on_stabs():
    """Every skill on 刺殺 answers it: 大喬's 流離江南 makes it 無效 and voids 張角's actions the next night."""
    t = zhangjiao(**{"吳女眷": "大喬"})
    t.force("電閃雷鳴 群雄", "吳女眷")
    t.night(t.act("群雄", "電閃雷鳴"))
    assert t.status("吳女眷") == "alive"
    t.day()
    t.night(t.act("群雄", "起義", "魏女眷"))
    assert not t.player("魏女眷").marker(REBEL)
    assert t.traced("流離江南：群雄 於上夜刺殺其，次夜的行動均無效")


@pytest.mark.skill("電閃雷鳴")
def test_dianshan_is_limited_and_a_failed_use_is_kept():
    """所有的非二字技能稱為限定技能，只能使用一次。 A wounded 張角 whose check fails keeps it (R3)."""
    t = zhangjiao()
    t.wound("群雄")
    t.fail("群雄", "電閃雷鳴")
    t.night(t.act("群雄", "電閃雷鳴"))
    assert t.only_feedback("群雄", "電閃雷鳴").data == {"failed": True} and t.last.deaths == []
    assert t.player("群雄").used.get("電閃雷鳴") is None
    t.day()
    t.force("電閃雷鳴 群雄", "魏女眷")
    t.night(t.act("群雄", "電閃雷鳴"))
    assert t.status("魏女眷") == "out"
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("群雄", "電閃雷鳴"))


@pytest.mark.skill("電閃雷鳴")
def test_dianshan_takes_no_target_and_is_one_character_skill():
    """使用後當夜: it names no id; it is his one active character skill of the night."""
    t = zhangjiao()
    with pytest.raises(IllegalAction, match="需要指定0個目標"):
        t.check(t.act("群雄", "電閃雷鳴", "魏女眷"))
    with pytest.raises(IllegalAction, match="至多使用一個主動的角色技能"):
        t.check(t.act("群雄", "電閃雷鳴"), t.act("群雄", "飛沙走石"))


# ==== 飛沙走石 ======================================================================
@pytest.mark.skill("飛沙走石")
def test_feisha_lists_one_actor_of_each_country_and_changes_a_target():
    """飛沙走石：使用後當夜，獲得一份包含三個有行動的存活角色的名單（每國各一人…），你獲悉他們當夜所有行動並可強制修改其中任意行動的目標。"""
    t = zhangjiao()
    t.force("飛沙走石 群雄 魏", "魏殺手乙").force("飛沙走石 群雄 蜀", "蜀殺手乙").force("飛沙走石 群雄 吳", "吳女眷")
    t.decide("群雄", "飛沙走石", "蜀護衛")  # 魏殺手乙's 刺殺: 吳護衛 → 蜀護衛
    t.decide("群雄", "飛沙走石", "不修改")  # 蜀殺手乙's 刺殺
    t.decide("群雄", "飛沙走石", "不修改").decide("群雄", "飛沙走石", "不修改")  # 吳女眷's 亂花 A, B
    t.night(t.act("群雄", "飛沙走石"), t.act("魏殺手乙", "刺殺", "吳護衛"), t.act("蜀殺手乙", "刺殺", "魏女眷"),
            t.act("吳女眷", "亂花", "魏君主", "蜀君主"), t.act("蜀護衛", "援護", "蜀女眷"))
    assert t.status("吳護衛") == "alive" and t.status("蜀護衛") == "out" and t.status("魏女眷") == "out"
    fb = t.only_feedback("群雄", "飛沙走石")
    assert fb.data["listed"] == ["魏殺手乙", "蜀殺手乙", "吳女眷"]
    assert fb.data["actions"] == {"魏殺手乙": [{"skill": "刺殺", "targets": ["吳護衛"]}],
                                  "蜀殺手乙": [{"skill": "刺殺", "targets": ["魏女眷"]}],
                                  "吳女眷": [{"skill": "亂花", "targets": ["魏君主", "蜀君主"]}]}
    assert fb.data["changed"] == [{"player": "魏殺手乙", "skill": "刺殺", "slot": 0, "from": "吳護衛", "to": "蜀護衛"}]
    assert "魏殺手乙的【刺殺】吳護衛→蜀護衛" in fb.text
    # 有行動的存活角色: the draw for 蜀 was among those who acted (蜀殺手乙, 蜀護衛), never a 蜀 who did not
    assert t.drew("飛沙走石 群雄 蜀")[0]["options"] == ["蜀殺手乙", "蜀護衛"]
    assert t.feedback("魏殺手乙") == t.feedback("魏殺手乙", "刺殺")  # the listed are not told
    # each choice says which listed action's target it is about (the transcript's decisions, the judge's draft)
    assert [d.as_json()["context"] for d in t.last.decisions] == [
        "魏殺手乙 的【刺殺】第1個目標：吳護衛", "蜀殺手乙 的【刺殺】第1個目標：魏女眷",
        "吳女眷 的【亂花】第1個目標：魏君主", "吳女眷 的【亂花】第2個目標：蜀君主"]


@pytest.mark.skill("飛沙走石")
def test_feisha_a_country_without_an_actor_gives_no_one():
    """「若已有國家滅亡，則…人數相應減少」 (Q3: a country none of whose players acted gives no one either)."""
    t = zhangjiao()
    t.state.eliminated.append("吳")  # as if 吳 had fallen: its players may not act
    t.decide("群雄", "飛沙走石", "不修改")
    t.night(t.act("群雄", "飛沙走石"), t.act("魏殺手乙", "刺殺", "蜀護衛"))
    fb = t.only_feedback("群雄", "飛沙走石")
    assert fb.data["listed"] == ["魏殺手乙"] and t.drew("飛沙走石 群雄 吳") == [] and t.drew("飛沙走石 群雄 蜀") == []
    assert t.traced("蜀國無有行動的存活角色")
    t2 = zhangjiao()
    t2.night(t2.act("群雄", "飛沙走石"))
    assert t2.only_feedback("群雄", "飛沙走石").data == {"listed": [], "actions": {}, "changed": []}


@pytest.mark.skill("飛沙走石")
def test_feisha_an_action_that_failed_its_check_is_no_action():
    """技能發動失敗…視為擁有該技能的角色未發動: a player whose only action failed is not 有行動."""
    t = zhangjiao()
    t.wound("魏殺手乙")
    t.fail("魏殺手乙", "刺殺")
    t.decide("群雄", "飛沙走石", "不修改").decide("群雄", "飛沙走石", "不修改")  # 亂花's A and B
    t.night(t.act("群雄", "飛沙走石"), t.act("魏殺手乙", "刺殺", "蜀護衛"), t.act("魏女眷", "亂花", "魏君主", "魏君主"))
    assert t.drew("飛沙走石 群雄 魏")[0]["options"] == ["魏女眷"]
    assert t.only_feedback("群雄", "飛沙走石").data["listed"] == ["魏女眷"]


@pytest.mark.skill("飛沙走石")
def test_feisha_a_new_target_must_suit_the_skill():
    """G12 as for 盜書: a skill that says 除你以外 (招賢納才) cannot be turned on its user, nor a living
    skill on a dead id."""
    from tianting.core.decisions import InvalidAnswer

    for answer in ("魏君主", "魏女眷"):
        t = zhangjiao()
        t.night(t.act("吳殺手甲", "刺殺", "魏女眷"))
        t.day()
        t.decide("群雄", "飛沙走石", answer)
        with pytest.raises(InvalidAnswer, match="不是可選項之一"):
            t.night(t.act("群雄", "飛沙走石"), t.act("魏君主", "招賢納才", "蜀護衛"))


@pytest.mark.skill("飛沙走石")
def test_feisha_with_no_answer_keeps_every_target():
    """「可」強制修改 (R32): a missing answer is 「不修改」."""
    t = zhangjiao()
    result = t.lenient_night(t.act("群雄", "飛沙走石"), t.act("魏殺手乙", "刺殺", "蜀護衛"))
    assert t.status("蜀護衛") == "out"
    assert [d.answer for d in result.decisions] == ["不修改"] and result.decisions[0].defaulted


@pytest.mark.skill("飛沙走石", "盜書")
def test_feisha_and_daoshu_act_at_one_moment():
    """Q3, CB1: 張角 and 蔣干 read the same 刺殺 as submitted, neither seeing the other's change; one change
    takes it there; two different changes send it to its issuer (衝突規則)."""
    t = zhangjiao(**{"魏副軍師": "蔣干"})
    t.force("盜書 魏副軍師", "蜀殺手乙")
    t.decide("群雄", "飛沙走石", "吳護衛").decide("魏副軍師", "盜書", "不修改")
    t.night(t.act("群雄", "飛沙走石"), t.act("魏副軍師", "盜書"), t.act("蜀殺手乙", "刺殺", "魏女眷"))
    assert t.only_feedback("魏副軍師", "盜書").data["actions"] == [{"skill": "刺殺", "targets": ["魏女眷"]}]
    assert t.status("吳護衛") == "out" and t.status("魏女眷") == "alive"
    t2 = zhangjiao(**{"魏副軍師": "蔣干"})
    t2.force("盜書 魏副軍師", "蜀殺手乙").same_side_stab("蜀殺手乙", "蜀殺手乙", False)
    t2.decide("群雄", "飛沙走石", "吳護衛").decide("魏副軍師", "盜書", "蜀護衛")
    t2.night(t2.act("群雄", "飛沙走石"), t2.act("魏副軍師", "盜書"), t2.act("蜀殺手乙", "刺殺", "魏女眷"))
    assert t2.only_feedback("群雄", "飛沙走石").data["actions"]["蜀殺手乙"] == [{"skill": "刺殺", "targets": ["魏女眷"]}]
    assert [t2.status(p) for p in ("吳護衛", "蜀護衛", "魏女眷", "蜀殺手乙")] == ["alive", "alive", "alive", "out"]


@pytest.mark.skill("飛沙走石")
def test_feisha_is_limited_and_fails_when_wounded():
    """限定技能; a wounded 張角 whose check fails learns nothing and keeps it."""
    t = zhangjiao()
    t.wound("群雄")
    t.fail("群雄", "飛沙走石")
    t.night(t.act("群雄", "飛沙走石"), t.act("魏殺手乙", "刺殺", "蜀護衛"))
    assert t.only_feedback("群雄", "飛沙走石").data == {"failed": True} and t.status("蜀護衛") == "out"
    t.day()
    t.decide("群雄", "飛沙走石", "不修改")
    t.night(t.act("群雄", "飛沙走石"), t.act("吳殺手甲", "刺殺", "魏女眷"))
    assert t.only_feedback("群雄", "飛沙走石").data["listed"] == ["吳殺手甲"]
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("群雄", "飛沙走石"))


@pytest.mark.skill("飛沙走石")
def test_feisha_voided_or_failed_by_another_skill_tells_him_nothing():
    """飛沙走石：…你獲悉他們當夜所有行動並可強制修改其中任意行動的目標。 技能失效是指該技能成功發動或使用，但沒有
    任何效果，擁有該技能的角色不能收到反饋 (火船沖陣：令其當夜的所有行動均失效); 技能發動或使用失敗…視為擁有該技能的
    角色未發動或使用該技能 (旋風：你的【刺殺】的目標當夜的所有行動均失敗). Voided or failed after it acted, 張角 learns
    neither the list nor its actions, and his change of a target is undone (audit-wuqun: he was told everything, and
    after 旋風 told 「發動失敗」 besides, keeping the skill)."""
    t = zhangjiao()
    t.force("飛沙走石 群雄 魏", "魏殺手乙").force("飛沙走石 群雄 吳", "吳殺手甲")
    t.decide("群雄", "飛沙走石", "蜀女眷").decide("群雄", "飛沙走石", "不修改")
    t.night(t.act("群雄", "飛沙走石"), t.act("吳殺手甲", "火船沖陣", "群雄"), t.act("魏殺手乙", "刺殺", "蜀護衛"))
    assert t.feedback("群雄") == []  # 失效: no feedback at all
    assert t.player("群雄").used == {"飛沙走石": 1}
    assert t.status("蜀護衛") == "out" and t.status("蜀女眷") == "alive"  # the change went with it
    t2 = zhangjiao(吳殺手乙="凌統")
    t2.force("飛沙走石 群雄 魏", "魏殺手乙").force("飛沙走石 群雄 吳", "吳護衛")
    t2.decide("群雄", "飛沙走石", "不修改").decide("群雄", "飛沙走石", "不修改")
    t2.night(t2.act("群雄", "飛沙走石"), t2.act("吳殺手乙", "刺殺", "群雄"), t2.act("吳護衛", "援護", "群雄"),
             t2.act("魏殺手乙", "刺殺", "蜀護衛"))
    assert t2.only_feedback("群雄", "飛沙走石").data == {"failed": True}  # only the failure: no list
    assert t2.player("群雄").used == {}  # 視為未使用: kept


# ==== 青囊 ==========================================================================
@pytest.mark.skill("青囊")
def test_qingnang_stabs_on_huatuo_are_void():
    """青囊：*被*【刺殺】對你無效。"""
    t = Table()
    t.night(t.act("魏殺手乙", "刺殺", "群雄"), t.act("吳殺手甲", "刺殺", "群雄"))
    assert t.status("群雄") == "alive" and t.last.deaths == []
    assert t.traced("群雄 青囊（刺殺對其無效）")


@pytest.mark.skill("青囊", "援護")
def test_qingnang_a_guard_on_him_the_night_he_is_stabbed_does_not_wound():
    """R8: his protection and the 援護 conflict; 免疫傷害類效果優先. Without a 刺殺, the 援護 wounds him (only 刺殺)."""
    t = Table()
    t.night(t.act("魏殺手乙", "刺殺", "群雄"), t.act("吳護衛", "援護", "群雄"))
    assert t.status("群雄") == "alive"
    t.day()
    t.night(t.act("吳護衛", "援護", "群雄"))
    assert t.status("群雄") == "injured"


@pytest.mark.skill("青囊", "虎痴喋血")
def test_qingnang_a_stab_as_if_made_is_void_too():
    """「視為…發動了一次【刺殺】」 is a 刺殺: 虎痴喋血 falling on 華佗 does nothing."""
    t = Table()
    t.force("虎痴喋血 魏護衛", "群雄")
    t.night(t.act("魏護衛", "虎痴喋血", "群雄", "蜀護衛", "吳護衛"))
    assert t.status("群雄") == "alive"


@pytest.mark.skill("青囊", "奇襲")
def test_qingnang_holds_by_day_against_ganning():
    """RD1: passive rules hold in the day's action pass: 甘寧's 刺殺 at the vote on 華佗 is 無效."""
    t = Table(characters={"吳殺手甲": "甘寧"})
    t.quiet_night()
    t.day({}, t.act("吳殺手甲", "刺殺", "群雄"))
    assert t.status("群雄") == "alive"


@pytest.mark.skill("青囊", "鋒騎")
def test_qingnang_does_not_stop_fengqi():
    """鋒騎：*被*你的【刺殺】不能被角色技能抵消 — 青囊 is a character skill (Q4, SK7)."""
    t = Table(characters={"蜀殺手甲": "馬岱"})
    t.night(t.act("蜀殺手甲", "刺殺", "群雄"))
    assert t.status("群雄") == "out"


@pytest.mark.skill("青囊")
def test_qingnang_no_shield_from_the_vote():
    """Only 【刺殺】: voted out, 華佗 dies."""
    t = Table()
    t.quiet_night()
    t.day({"魏君主": "群雄", "吳君主": "群雄"})
    assert t.status("群雄") == "out"


# ==== 普度眾生 ======================================================================
@pytest.mark.skill("普度眾生", "急救")
def test_pudu_a_second_first_aid_the_same_night():
    """普度眾生：使用後當夜，你可以額外發動一次【急救】。 Two 刺殺 on two ids, both 無效; two 「行醫」."""
    t = Table()
    t.night(t.act("群雄", "普度眾生"), t.act("群雄", "急救", "吳護衛"), t.act("群雄", "急救", "魏女眷"),
            t.act("魏殺手乙", "刺殺", "吳護衛"), t.act("吳殺手甲", "刺殺", "魏女眷"))
    assert t.status("吳護衛") == "alive" and t.status("魏女眷") == "alive"
    assert t.player("群雄").markers == {"行醫·吳": 1, "行醫·魏": 1}


@pytest.mark.skill("普度眾生", "急救")
def test_pudu_the_extra_first_aid_counts_wherever_listed_and_is_one_only():
    """R27: the extra 急救 needs 普度眾生 the same night, listed before or after it; a third 急救 is refused."""
    t = Table()
    t.check(t.act("群雄", "急救", "吳護衛"), t.act("群雄", "急救", "魏女眷"), t.act("群雄", "普度眾生"))
    with pytest.raises(IllegalAction, match="已經發動過【急救】"):
        t.check(t.act("群雄", "急救", "吳護衛"), t.act("群雄", "急救", "魏女眷"))
    with pytest.raises(IllegalAction, match="已經發動過【急救】"):
        t.check(t.act("群雄", "普度眾生"), t.act("群雄", "急救", "吳護衛"), t.act("群雄", "急救", "魏女眷"),
                t.act("群雄", "急救", "蜀護衛"))
    t.check(t.act("群雄", "急救", "吳護衛"), t.act("群雄", "普度眾生"), t.act("群雄", "急救", "魏女眷"))


@pytest.mark.skill("普度眾生", "急救")
def test_pudu_twice_on_one_id_gives_two_markers():
    """Q5: 當你對一名角色發動【急救】時…積累一個「行醫」標記 — each 急救 is one 發動."""
    t = Table()
    t.night(t.act("群雄", "普度眾生"), t.act("群雄", "急救", "吳護衛"), t.act("群雄", "急救", "吳護衛"))
    assert t.player("群雄").markers == {"行醫·吳": 2}


@pytest.mark.skill("普度眾生")
def test_pudu_failed_takes_the_extra_first_aid_with_it_and_is_kept():
    """A wounded 華佗 whose 普度眾生 fails: as if not used (kept), so the extra 急救 fails too; the first stands."""
    t = Table()
    t.wound("群雄")
    t.succeed("群雄", "急救").fail("群雄", "普度眾生")
    t.night(t.act("群雄", "急救", "吳護衛"), t.act("群雄", "普度眾生"), t.act("群雄", "急救", "魏女眷"),
            t.act("魏殺手乙", "刺殺", "吳護衛"), t.act("吳殺手甲", "刺殺", "魏女眷"))
    assert t.status("吳護衛") == "alive" and t.status("魏女眷") == "out"
    assert t.player("群雄").used.get("普度眾生") is None
    assert t.player("群雄").markers == {"行醫·吳": 1}
    assert {f.skill for f in t.feedback("群雄") if f.data.get("failed")} == {"普度眾生", "急救"}


@pytest.mark.skill("普度眾生")
def test_pudu_is_limited():
    """所有的非二字技能稱為限定技能，只能使用一次。"""
    t = Table()
    t.night(t.act("群雄", "普度眾生"))
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("群雄", "普度眾生"))


# ==== one moment: seats, ids and submission order do not matter =========================
class Replay:
    """A scenario played on the standard table under a renaming of ids and a reseating, each night's
    submissions in a given order, choices answered by ``answer(actor, skill, options)`` (in original
    ids), and every draw forced to what the first play drew (by its purpose, renamed)."""

    def __init__(self, others: str, name: dict[str, str], order: list[str], seed: int,
                 forced: list[dict[str, Any]] | None = None, characters: dict[str, str] | None = None) -> None:
        from tianting.rules.kk33 import KK33Game, SeatSpec
        from tianting.testing import standard_seats

        self.name, self.back = name, {v: k for k, v in name.items()}
        specs = {s.id: s for s in standard_seats(others, characters)}
        seats = [SeatSpec(name[o], specs[o].country, specs[o].identity, specs[o].character) for o in order]
        self.game = KK33Game.create(seats, seed, [Strike])
        self.game.state.player(name["魏副軍師"]).skills.append(Strike.name)
        for draw in forced or ():
            outcome = draw["outcome"]
            if draw["options"] and all(o.startswith(("是:", "否:")) for o in draw["options"]):
                outcome = outcome == "是"
            else:
                outcome = self.new(outcome)
            self.game.state.rng.force(self.new(draw["purpose"]), outcome)
        self.results: list[Any] = []

    def new(self, text: str) -> str:
        for o in sorted(self.name, key=len, reverse=True):
            text = text.replace(o, self.name[o])
        return text

    def old(self, value: Any) -> Any:
        if isinstance(value, str):
            for n in sorted(self.back, key=len, reverse=True):
                value = value.replace(n, self.back[n])
            return value
        if isinstance(value, dict):
            return {self.old(k): self.old(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return sorted((self.old(v) for v in value), key=repr)
        return value

    def night(self, actions: list[tuple[str, str, tuple[str, ...]]], shuffle: random.Random | None,
              answer: Any) -> None:
        from tianting.core.decisions import DecisionBook
        from tianting.core.records import Action

        alive = {self.back[p.id] for p in self.game.state.living()}
        acts = [Action(self.name[a], s, tuple(self.name[x] for x in ts)) for a, s, ts in actions
                if a in alive and all(x in alive for x in ts)]  # 電閃雷鳴's draw may have taken one
        if shuffle is not None:  # each player's own list keeps its order (a grant before the use it grants)
            by_player: dict[str, list[Action]] = {}
            for a in acts:
                by_player.setdefault(a.actor, []).append(a)
            keys = list(by_player)
            shuffle.shuffle(keys)
            acts = [a for k in keys for a in by_player[k]]
        accepted: list[Action] = []
        for a in acts:
            self.game.check_action(a, accepted)
            accepted.append(a)
        book = DecisionBook(decider=lambda actor, skill, options: self.new(answer(
            self.back[actor], skill, [self.old(o) for o in options])))
        self.results.append(self.game.resolve_night(accepted, book))

    def outcome(self) -> dict[str, Any]:
        players = {self.back[p.id]: [p.status.value, p.hp, dict(p.markers), dict(p.used)]
                   for p in self.game.state.players.values()}
        phases = [{"feedback": self.old({pid: [[f.skill, f.target, f.data] for f in items]
                                          for pid, items in r.feedback.items()}),
                   "deaths": self.old([d.as_json() for d in r.deaths]),
                   "announcement": self.old({k: r.announcement[k] for k in ("exited", "died", "injured")})}
                  for r in self.results]
        return {"players": players, "phases": phases}


def _answer(actor: str, skill: str, options: list[str]) -> str:
    """飛沙走石 turns every target it may onto 吳殺手甲, 盜書 onto 蜀護衛; 黃天 takes the point."""
    if skill == "飛沙走石":
        return "吳殺手甲" if "吳殺手甲" in options else "不修改"
    if skill == "盜書":  # a second change to another id: the conflict rule sends the action back to its user
        return "蜀護衛" if "蜀護衛" in options else "不修改"
    return "是" if "是" in options else options[0]


SCENARIOS: dict[str, tuple[Any, ...]] = {
    "張角": ("黃巾頭領", ("吳護衛", "魏女眷", "吳副軍師", "蜀護衛"), [
        [("群雄", "電閃雷鳴", ()), ("魏殺手乙", "刺殺", ("吳護衛",)), ("吳殺手甲", "刺殺", ("魏女眷",)),
         ("蜀殺手乙", "刺殺", ("群雄",)), ("魏副軍師", Strike.name, ("吳副軍師", "蜀護衛", "吳女眷"))],
        [("群雄", "飛沙走石", ()), ("魏殺手乙", "刺殺", ("蜀女眷",)), ("蜀殺手乙", "刺殺", ("魏護衛",)),
         ("吳君主", "招賢納才", ("魏君主",)), ("蜀女眷", "亂花", ("魏君主", "蜀君主"))],
    ]),
    "張角與蔣干": ("黃巾頭領", (), [
        [("群雄", "飛沙走石", ()), ("魏副軍師", "盜書", ()), ("魏殺手乙", "刺殺", ("蜀女眷",)),
         ("蜀殺手乙", "刺殺", ("魏護衛",)), ("吳殺手甲", "刺殺", ("魏女眷",))],
    ], {"魏副軍師": "蔣干"}, {"盜書 魏副軍師": "蜀殺手乙", "飛沙走石 群雄 蜀": "蜀殺手乙"}),
    "華佗": ("神醫", (), [
        [("群雄", "普度眾生", ()), ("群雄", "急救", ("吳護衛",)), ("群雄", "急救", ("魏女眷",)),
         ("魏殺手乙", "刺殺", ("吳護衛",)), ("吳殺手甲", "刺殺", ("群雄",)), ("蜀殺手乙", "刺殺", ("魏女眷",)),
         ("吳護衛", "援護", ("群雄",))],
    ]),
}


@pytest.mark.skill("電閃雷鳴", "飛沙走石", "黃天", "青囊", "普度眾生")
@pytest.mark.parametrize("who", list(SCENARIOS))
@pytest.mark.parametrize("perm_seed", range(6))
def test_outcomes_do_not_depend_on_seats_ids_or_submission_order(who: str, perm_seed: int) -> None:
    """Everything in one phase happens at once: 電閃雷鳴's draw, 飛沙走石's list and changes, 黃天's count,
    青囊 and 普度眾生 give the same outcome, feedback and deaths with the seats shuffled, every id renamed
    and each night's submissions reordered (every draw forced to the first play's, by its renamed purpose)."""
    from tianting.testing import standard_seats

    others, marked, nights, *rest = SCENARIOS[who]
    characters, first_draws = rest if rest else (None, {})
    original = [s.id for s in standard_seats(others)]
    base = Replay(others, {o: o for o in original}, original, perm_seed, None, characters)
    for purpose, outcome in first_draws.items():  # both read 蜀殺手乙: two changes of one target
        base.game.state.rng.force(purpose, outcome)
    for pid in marked:
        base.game.state.player(pid).markers[REBEL] = 1
    for night in nights:
        base.night(night, None, _answer)
        base.game.resolve_day({})
    perm = random.Random(perm_seed)
    fresh = [f"P{i:02d}" for i in range(1, 23)]
    perm.shuffle(fresh)
    order = list(original)
    perm.shuffle(order)
    draws = [d for r in base.game.results for d in r.draws]
    other = Replay(others, dict(zip(original, fresh, strict=True)), order, perm_seed + 1, draws, characters)
    for pid in marked:
        other.game.state.player(other.name[pid]).markers[REBEL] = 1
    for night in nights:
        other.night(night, perm, _answer)
        other.game.resolve_day({})
    assert other.game.state.rng.unused_forced() == {}
    assert other.outcome() == base.outcome()
