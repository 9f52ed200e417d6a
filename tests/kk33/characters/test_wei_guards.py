"""Scenario tests for 許褚, 典韋, 曹昂 (魏國護衛) and 蔣干 (赤壁之戰, 魏國副軍師).

Each test quotes the sentence of 000_b521fc75d9962f03.txt it checks; the
rulings it pins (G1 …) are in docs/rulings/kk33-wei_guards.md.
"""

from __future__ import annotations

from typing import Any

import pytest

from tianting.core.errors import IllegalAction
from tianting.core.skills import Skill, Source, TargetRule, Use
from tianting.testing import Table

DIANWEI = {"魏護衛": "典韋"}
CAOANG = {"魏護衛": "曹昂"}
JIANGGAN = {"魏副軍師": "蔣干"}



class VoidLater(Skill):
    """令一個行動失效 once it has acted (as 遊說 may): the targets it changed must change back."""

    name = "測試失效"
    source = Source.CHARACTER
    stage = "attack"
    priority = 50  # after 捨身護主 and 義殉, before the stabs are settled
    targets = TargetRule(count=1)
    args = ("name",)

    def apply(self, night: Any, use: Use) -> None:
        for other in night.uses_by(use.targets[0], implicit=True):
            if other.name == use.action.args["name"]:
                night.void(other, f"{use.actor} 測試失效")


# ---- 許褚 · 裸衣 ------------------------------------------------------------------
@pytest.mark.skill("裸衣")
def test_luoyi_extra_guard_names_self_and_another():
    """裸衣：使用後當夜，你可以額外發動一次【援護】，此【援護】須指定兩個不同的ID，且其中一個必須是你自己。

    His own 援護 on 吳正軍師 and the extra one on himself and 蜀正軍師: 蜀正軍師's
    valid 刺殺 is void; 許褚 and 吳正軍師 were not stabbed and are wounded (援護).
    """
    t = Table()
    t.night(t.act("魏護衛", "援護", "吳正軍師"), t.act("魏護衛", "裸衣", "魏護衛", "蜀正軍師"),
            t.act("吳殺手甲", "刺殺", "蜀正軍師"))
    assert t.status("蜀正軍師") == "alive"
    assert t.traced("吳殺手甲 的刺殺對 蜀正軍師 無效：魏護衛 援護")
    assert t.status("魏護衛") == "injured" and t.status("吳正軍師") == "injured"
    assert sorted(t.announced("injured")) == sorted(["魏護衛", "吳正軍師"])
    assert t.feedback("魏護衛") == []  # 援護 gives no feedback, and neither does 裸衣


@pytest.mark.skill("裸衣")
def test_luoyi_guard_on_self_voids_the_stab_on_him():
    """此【援護】…其中一個必須是你自己 — a valid 刺殺 on him is void; the other id is wounded."""
    t = Table()
    t.night(t.act("魏護衛", "裸衣", "蜀女眷", "魏護衛"), t.act("吳殺手甲", "刺殺", "魏護衛"))
    assert t.status("魏護衛") == "alive"
    assert t.traced("吳殺手甲 的刺殺對 魏護衛 無效：魏護衛 援護")
    assert t.announced("injured") == ["蜀女眷"]


@pytest.mark.skill("裸衣")
def test_luoyi_extra_guard_merges_with_his_own_on_the_same_id():
    """*當一名角色同時成為若干個【援護】的目標時，這些【援護】對該角色的作用效果等同於一次【援護】。

    His own 援護 and the extra one both on 蜀女眷, who is not stabbed: one wound, not death.
    """
    t = Table()
    t.night(t.act("魏護衛", "援護", "蜀女眷"), t.act("魏護衛", "裸衣", "魏護衛", "蜀女眷"))
    assert t.status("蜀女眷") == "injured" and t.status("魏護衛") == "injured"


@pytest.mark.skill("裸衣")
def test_luoyi_must_name_two_different_ids_one_of_them_himself():
    """此【援護】須指定兩個不同的ID，且其中一個必須是你自己。"""
    t = Table()
    with pytest.raises(IllegalAction, match="必須是你自己"):
        t.check(t.act("魏護衛", "裸衣", "蜀女眷", "吳女眷"))
    with pytest.raises(IllegalAction, match="不能重複"):
        t.check(t.act("魏護衛", "裸衣", "魏護衛", "魏護衛"))
    with pytest.raises(IllegalAction, match="2個目標"):
        t.check(t.act("魏護衛", "裸衣", "魏護衛"))


@pytest.mark.skill("裸衣")
def test_luoyi_is_unlimited_once_a_night_and_one_character_skill():
    """所有的二字技能稱為普通技能，使用次數無限 (once a night); 使用至多一個主動使用的角色技能。"""
    t = Table()
    with pytest.raises(IllegalAction, match="已經發動過"):
        t.check(t.act("魏護衛", "裸衣", "魏護衛", "蜀女眷"), t.act("魏護衛", "裸衣", "魏護衛", "吳女眷"))
    with pytest.raises(IllegalAction, match="至多使用一個主動的角色技能"):
        t.check(t.act("魏護衛", "裸衣", "魏護衛", "蜀女眷"), t.act("魏護衛", "虎痴喋血", "蜀女眷", "吳女眷", "群雄"))
    t.night(t.act("魏護衛", "裸衣", "魏護衛", "蜀女眷"), t.act("吳殺手甲", "刺殺", "魏護衛"))
    t.day()
    t.night(t.act("魏護衛", "裸衣", "魏護衛", "吳女眷"), t.act("吳殺手甲", "刺殺", "魏護衛"))
    assert t.status("魏護衛") == "alive"


@pytest.mark.skill("裸衣")
def test_luoyi_wounded_one_check_and_the_extra_guard_goes_with_it():
    """當主動技能經過成功概率判定並判定成功使用後，技能的一切內容均一定成功生效 — a wounded 許褚 rolls
    once, for 裸衣; its extra 援護 is part of it and takes no second check, and no one is told
    「可再次發動」 of a 援護 he could not send again (G2, issue 10 fix 5)."""
    t = Table().wound("魏護衛")
    t.succeed("魏護衛", "裸衣")
    t.night(t.act("魏護衛", "裸衣", "魏護衛", "蜀女眷"), t.act("吳殺手甲", "刺殺", "蜀女眷"))
    assert [d["purpose"] for d in t.drew("成功判定 魏護衛")] == ["成功判定 魏護衛【裸衣】"]
    assert t.status("蜀女眷") == "alive"  # the extra 援護 saved her
    assert t.feedback("魏護衛", "援護") == []
    # the other half of the extra 援護 went off too: 「若其當夜沒有成為有效的【刺殺】的目標，則令其受傷」,
    # and 受傷狀態下的角色再次受傷時會死亡
    assert t.status("魏護衛") == "out" and t.traced("魏護衛 在受傷狀態下再次受傷而死亡（援護）")


@pytest.mark.skill("裸衣")
def test_luoyi_failed_when_wounded_gives_no_extra_guard():
    """技能發動或使用失敗是指該技能未成功發動或使用 — no extra 援護, no second check."""
    t = Table().wound("魏護衛")
    t.fail("魏護衛", "裸衣")
    t.night(t.act("魏護衛", "裸衣", "魏護衛", "蜀女眷"), t.act("吳殺手甲", "刺殺", "蜀女眷"))
    assert t.status("蜀女眷") == "out"
    assert t.only_feedback("魏護衛", "裸衣").data == {"failed": True}
    assert t.drew("（裸衣）") == []


# ---- 許褚 · 虎痴喋血 -----------------------------------------------------------------
@pytest.mark.skill("虎痴喋血")
def test_huchi_stabs_one_of_three_at_random():
    """虎痴喋血：指定三個ID，視為對其中隨機一人發動了一次【刺殺】。 The country keeps its own 刺殺."""
    t = Table()
    t.force("虎痴喋血 魏護衛", "吳女眷")
    t.night(t.act("魏護衛", "虎痴喋血", "蜀女眷", "吳女眷", "群雄"), t.act("蜀殺手甲", "刺殺", "吳護衛"))
    assert t.drew("虎痴喋血")[0]["options"] == ["蜀女眷", "吳女眷", "群雄"]
    assert t.status("吳女眷") == "out" and t.status("蜀女眷") == "alive" and t.status("群雄") == "alive"
    assert t.status("吳護衛") == "out"
    assert set(t.announced("exited")) == {"吳女眷", "吳護衛"}
    assert t.feedback("魏護衛") == []  # he is not told whom the draw chose (G3)
    assert t.feedback("吳女眷") == []


@pytest.mark.skill("虎痴喋血")
def test_huchi_stab_is_a_stab_guarded_and_same_country_checked():
    """視為…發動了一次【刺殺】: 援護 voids it; on a 本國 target it is void half the time."""
    t = Table()
    t.force("虎痴喋血 魏護衛", "蜀女眷")
    t.night(t.act("魏護衛", "虎痴喋血", "蜀女眷", "吳女眷", "群雄"), t.act("蜀護衛", "援護", "蜀女眷"))
    assert t.status("蜀女眷") == "alive"
    assert t.traced("魏護衛 的刺殺對 蜀女眷 無效：蜀護衛 援護")

    t2 = Table()
    t2.force("虎痴喋血 魏護衛", "魏女眷")
    t2.same_side_stab("魏護衛", "魏女眷", void=True)
    t2.night(t2.act("魏護衛", "虎痴喋血", "魏女眷", "吳女眷", "群雄"))
    assert t2.status("魏女眷") == "alive"


@pytest.mark.skill("虎痴喋血")
def test_huchi_is_limited_and_a_failed_use_is_kept():
    """所有的非二字技能稱為限定技能，只能使用一次。 A failed use is not consumed (發動失敗…可再次發動)."""
    t = Table().wound("魏護衛")
    t.fail("魏護衛", "虎痴喋血")
    t.night(t.act("魏護衛", "虎痴喋血", "蜀女眷", "吳女眷", "群雄"))
    assert t.status("蜀女眷") == t.status("吳女眷") == t.status("群雄") == "alive"
    assert t.only_feedback("魏護衛", "虎痴喋血").data == {"failed": True}
    t.day()  # the wound ends at the start of this day (R5): no check tonight
    t.force("虎痴喋血 魏護衛", "蜀女眷")
    t.night(t.act("魏護衛", "虎痴喋血", "蜀女眷", "吳女眷", "群雄"))
    assert t.status("蜀女眷") == "out"
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("魏護衛", "虎痴喋血", "蜀女眷", "吳女眷", "吳君主"))


@pytest.mark.skill("虎痴喋血")
def test_huchi_needs_three_different_ids():
    """指定三個ID。"""
    t = Table()
    with pytest.raises(IllegalAction, match="3個目標"):
        t.check(t.act("魏護衛", "虎痴喋血", "蜀女眷", "吳女眷"))
    with pytest.raises(IllegalAction, match="不能重複"):
        t.check(t.act("魏護衛", "虎痴喋血", "蜀女眷", "蜀女眷", "吳女眷"))


# ---- 典韋 · 古之惡來 -----------------------------------------------------------------
@pytest.mark.skill("古之惡來")
def test_guzhi_learns_every_killer_and_removes_one():
    """古之惡來：*被*當你死亡時，你獲悉所有兇手的ID，然後你指定其中一個ID，令其退出歷史舞台。"""
    t = Table(characters=DIANWEI)
    t.decide("魏護衛", "古之惡來", "吳殺手甲")
    t.night(t.act("蜀殺手甲", "刺殺", "魏護衛"), t.act("吳殺手甲", "刺殺", "魏護衛"))
    learned = t.feedback("魏護衛", "古之惡來")
    assert learned[0].data == {"killers": ["蜀殺手甲", "吳殺手甲"], "consumed": True}
    assert "蜀殺手甲、吳殺手甲" in learned[0].text
    assert learned[1].data == {"removed": "吳殺手甲"}
    assert t.status("魏護衛") == "out" and t.status("吳殺手甲") == "out" and t.status("蜀殺手甲") == "alive"
    assert t.announced("exited") == ["吳殺手甲", "魏護衛"]  # by id (R52)
    assert [(d.id, d.cause) for d in t.last.deaths] == [("魏護衛", "刺殺"), ("吳殺手甲", "古之惡來（退出歷史舞台）")]
    assert [f.skill for f in t.feedback("吳殺手甲")] == ["刺殺"]  # only the stab count: not told by whom


@pytest.mark.skill("古之惡來")
def test_guzhi_removal_is_not_reduced_by_hp():
    """退出歷史舞台：…不能被減輕和防止死亡的效果減免 — 太平要術's second life does not help.

    典韋 dies by vote; the 兇手 are the voters whose public ballot names him (G4, R33).
    """
    t = Table(characters=DIANWEI, others="黃巾頭領")
    t.quiet_night()
    t.decide("魏護衛", "古之惡來", "群雄")
    t.day({"群雄": "魏護衛", "蜀護衛": "魏護衛", "吳護衛": "吳女眷"})
    assert t.feedback("魏護衛", "古之惡來")[0].data["killers"] == ["蜀護衛", "群雄"]
    assert t.status("群雄") == "out" and t.player("群雄").hp == 2
    assert set(t.announced("exited")) == {"魏護衛", "群雄"}


@pytest.mark.skill("古之惡來")
def test_guzhi_only_a_killer_still_in_the_game_can_be_named():
    """指定其中一個ID — a 兇手 who is already out cannot be named (技能需要指定目標時…均為未出局的ID)."""
    t = Table(characters=DIANWEI)
    # 吳殺手甲 dies of 蜀殺手甲's 刺殺 the same night: he is out when 典韋 names a 兇手.
    t.night(t.act("蜀殺手甲", "刺殺", "吳殺手甲"), t.act("吳殺手甲", "刺殺", "魏護衛"))
    assert t.status("吳殺手甲") == "out" and t.status("魏護衛") == "out"
    assert t.only_feedback("魏護衛", "古之惡來").data == {"killers": ["吳殺手甲"], "consumed": True}
    assert t.last.decisions == []


@pytest.mark.skill("古之惡來")
@pytest.mark.parametrize("killer, other", [("蜀殺手甲", "吳殺手甲"), ("吳殺手甲", "蜀殺手甲")])
def test_guzhi_deaths_of_a_night_are_simultaneous(killer, other):
    """然後你指定其中一個ID — the night's deaths are simultaneous: a 兇手 who dies of another 刺殺 that
    same night is not in the game when 典韋 names one, whichever harm the engine applies first (G4).

    No choice is asked (the strict table would fail on an unscripted one) and the 兇手 dies of that 刺殺.
    """
    t = Table(characters=DIANWEI)
    t.night(t.act(killer, "刺殺", "魏護衛"), t.act(other, "刺殺", killer))
    assert t.only_feedback("魏護衛", "古之惡來").data == {"killers": [killer], "consumed": True}
    assert t.last.decisions == []
    assert sorted((d.id, d.cause) for d in t.last.deaths) == sorted([("魏護衛", "刺殺"), (killer, "刺殺")])
    assert t.traced("古之惡來：無尚在場的兇手可指定")


@pytest.mark.skill("古之惡來", "憤勇")
def test_guzhi_a_death_after_the_nights_harms_names_a_killer_at_once():
    """當你死亡時 — a death after the night's harms are applied (憤勇's wound in the death stage) does not
    wait: he names the 兇手 then (G4)."""
    t = Table(characters=DIANWEI).wound("魏護衛")
    t.player("吳殺手甲").skills.append("憤勇")
    t.decide("魏護衛", "古之惡來", "吳殺手甲")
    t.night(t.act("吳殺手甲", "刺殺", "魏護衛"), t.act("蜀護衛", "援護", "魏護衛"))
    assert [(d.id, d.cause) for d in t.last.deaths] == [("魏護衛", "憤勇"), ("吳殺手甲", "古之惡來（退出歷史舞台）")]
    assert t.feedback("魏護衛", "古之惡來")[1].data == {"removed": "吳殺手甲"}


@pytest.mark.skill("古之惡來")
def test_guzhi_by_day_the_killers_are_the_public_ballot():
    """你獲悉所有兇手的ID — by day, the voters whose public ballot names him (票面公開; G4, R33):
    a 「黃巾軍」 whose vote did not count is named, and so is a voter bound to him by 亂花: the ballot shows
    the forced vote (亂花：A次日的投票對象強制修改為B; R19, issue 10 fix 4)."""
    t = Table(characters=DIANWEI, others="黃巾頭領")
    t.night(t.act("群雄", "起義", "蜀護衛"), t.act("吳女眷", "亂花", "吳護衛", "魏護衛"))
    t.decide("魏護衛", "古之惡來", "蜀護衛")
    t.day({"蜀君主": "魏護衛", "蜀護衛": "魏護衛", "吳護衛": "吳女眷"})
    assert t.traced("蜀護衛 的投票無效：「黃巾軍」的投票無效") and t.traced("吳護衛 投票 吳女眷，因亂花強制修改為 魏護衛")
    assert t.announced("votes")["吳護衛"] == "魏護衛"
    assert t.announced("tally")["魏護衛"] == 3  # his own, 蜀君主's and 吳護衛's bound vote
    assert t.feedback("魏護衛", "古之惡來")[0].data["killers"] == ["蜀君主", "蜀護衛", "吳護衛"]
    assert t.status("蜀護衛") == "out" and t.status("吳護衛") == "alive"


@pytest.mark.skill("古之惡來")
def test_guzhi_killer_of_a_second_wound_is_the_guard():
    """受傷狀態下的角色再次受傷時會死亡 — the 援護 that wounded him again made its user the 兇手 (G4)."""
    t = Table(characters=DIANWEI).wound("魏護衛")
    t.decide("魏護衛", "古之惡來", "吳護衛")
    t.night(t.act("吳護衛", "援護", "魏護衛"))
    assert t.feedback("魏護衛", "古之惡來")[0].data["killers"] == ["吳護衛"]
    assert t.status("魏護衛") == "out" and t.status("吳護衛") == "out"


@pytest.mark.skill("古之惡來")
def test_guzhi_does_nothing_while_he_lives():
    """當你死亡時 — another death does not trigger it."""
    t = Table(characters=DIANWEI)
    t.night(t.act("蜀殺手甲", "刺殺", "吳女眷"))
    assert t.feedback("魏護衛") == [] and t.player("魏護衛").used == {}


# ---- 典韋 · 捨身護主 -----------------------------------------------------------------
@pytest.mark.skill("捨身護主")
def test_sheshen_takes_the_stab_meant_for_the_lord():
    """捨身護主：*被*當本國君主成為【刺殺】的目標時，你可以獲悉，並且可以選擇將此【刺殺】的目標改為你。

    典韋 also guards himself: the moved 刺殺 is void, the lord lives. He learns only that
    the lord is a target, not who the lord or the killer is (G6).
    """
    t = Table(characters=DIANWEI)
    t.decide("魏護衛", "捨身護主", "是")
    t.night(t.act("蜀殺手甲", "刺殺", "魏君主"), t.act("魏護衛", "援護", "魏護衛"))
    assert t.status("魏君主") == "alive" and t.status("魏護衛") == "alive"
    assert t.traced("蜀殺手甲 的刺殺對 魏護衛 無效：魏護衛 援護")
    told = t.feedback("魏護衛", "捨身護主")
    assert [f.data for f in told] == [{"lord_stabbed": True, "consumed": True}, {"chose": True}]
    for f in told:
        assert f.target is None and "魏君主" not in f.text and "蜀殺手甲" not in f.text
    assert t.feedback("魏君主", "捨身護主") == []
    assert t.player("魏護衛").used == {"捨身護主": 1}


@pytest.mark.skill("捨身護主", "古之惡來")
def test_sheshen_dies_for_the_lord_and_avenges_him():
    """將此【刺殺】的目標改為你 — he dies in the lord's place; 古之惡來 then names the killer."""
    t = Table(characters=DIANWEI)
    t.decide("魏護衛", "捨身護主", "是").decide("魏護衛", "古之惡來", "蜀殺手甲")
    t.night(t.act("蜀殺手甲", "刺殺", "魏君主"))
    assert t.status("魏君主") == "alive"
    assert t.status("魏護衛") == "out" and t.status("蜀殺手甲") == "out"


@pytest.mark.skill("捨身護主")
def test_sheshen_declining_still_uses_it_up():
    """並且「可以」選擇 — declining leaves the 刺殺 on the lord; the limited passive was used up when it
    triggered, and he was told (被動的限定技能消耗時…會收到相關反饋; G7)."""
    t = Table(characters=DIANWEI)
    t.decide("魏護衛", "捨身護主", "否").decide("魏君主", "轉生", "曹丕")
    t.night(t.act("蜀殺手甲", "刺殺", "魏君主"))
    assert t.player("魏君主").character == "曹丕"
    told = t.feedback("魏護衛", "捨身護主")
    assert [f.data for f in told] == [{"lord_stabbed": True, "consumed": True}, {"chose": False}]
    assert "限定技能已消耗" in told[0].text
    assert t.player("魏護衛").used == {"捨身護主": 1}
    t.day()
    t.night(t.act("吳殺手甲", "刺殺", "魏君主"), t.act("吳護衛", "援護", "魏君主"))  # no choice is asked again
    assert t.feedback("魏護衛") == [] and t.last.decisions == []


@pytest.mark.skill("捨身護主")
def test_sheshen_with_no_answer_does_not_take_the_stab():
    """「可以」選擇將此【刺殺】的目標改為你 — a missing answer takes the documented default: not taking it (R32)."""
    t = Table(characters=DIANWEI)
    t.lenient_night(t.act("蜀殺手甲", "刺殺", "魏君主"), t.act("吳護衛", "援護", "魏君主"))
    assert [d.as_json() for d in t.last.decisions] == [
        {"actor": "魏護衛", "skill": "捨身護主", "answer": "否", "defaulted": True, "drawn": False,
         "options": ["是", "否"]}]
    assert t.drew("預設選擇") == []
    assert t.traced("蜀殺手甲 的刺殺對 魏君主 無效：吳護衛 援護") and t.status("魏護衛") == "alive"
    assert t.player("魏護衛").used == {"捨身護主": 1}


@pytest.mark.skill("捨身護主")
def test_sheshen_is_limited():
    """限定技能，只能使用一次 — once used, a later 刺殺 on the lord is neither told nor moved."""
    t = Table(characters=DIANWEI)
    t.decide("魏護衛", "捨身護主", "是")
    t.night(t.act("蜀殺手甲", "刺殺", "魏君主"), t.act("魏護衛", "援護", "魏護衛"))
    t.day()
    t.decide("魏君主", "轉生", "曹植")
    t.night(t.act("蜀殺手甲", "刺殺", "魏君主"))
    assert t.feedback("魏護衛") == []
    assert t.player("魏君主").character == "曹植"


@pytest.mark.skill("捨身護主")
def test_sheshen_merged_stabs_on_the_lord_move_together():
    """*當一名角色同時成為若干個【刺殺】的目標時…等同於一次【刺殺】 — one notice, every stab moved (G5)."""
    t = Table(characters=DIANWEI)
    t.decide("魏護衛", "捨身護主", "是").decide("魏護衛", "古之惡來", "吳殺手甲")
    t.night(t.act("蜀殺手甲", "刺殺", "魏君主"), t.act("吳殺手甲", "刺殺", "魏君主"))
    assert len(t.feedback("魏護衛", "捨身護主")) == 2  # one notice, one answer
    assert t.status("魏君主") == "alive"
    assert t.feedback("魏護衛", "古之惡來")[0].data["killers"] == ["蜀殺手甲", "吳殺手甲"]


@pytest.mark.skill("捨身護主")
def test_sheshen_not_told_when_the_lord_is_not_stabbed():
    """當本國君主成為【刺殺】的目標時 — a 刺殺 on someone else, or another country's lord, is not his."""
    t = Table(characters=DIANWEI)
    t.decide("吳正軍師", "英才早逝", "吳護衛")  # 周瑜 dies: 英才早逝 names an id
    t.night(t.act("蜀殺手甲", "刺殺", "魏女眷"), t.act("魏殺手甲", "刺殺", "吳正軍師"))
    assert t.feedback("魏護衛") == []


@pytest.mark.skill("捨身護主", "盜書")
def test_sheshen_after_another_redirect_follows_the_conflict_rule():
    """衝突規則：若一個行動的目標被至少兩個技能修改，且修改後的目標不同，則該行動的目標改為行動發出者 (G13).

    蔣干's 盜書 moves 蜀殺手甲's 刺殺 onto the 魏 lord; 典韋 moves it to himself: two
    different changes, so the 刺殺 falls on 蜀殺手甲 himself (same country: forced valid).
    """
    t = Table(characters={**DIANWEI, **JIANGGAN})
    t.force("盜書 魏副軍師", "蜀殺手甲")
    t.decide("魏副軍師", "盜書", "魏君主").decide("魏護衛", "捨身護主", "是")
    t.same_side_stab("蜀殺手甲", "蜀殺手甲", void=False)
    t.night(t.act("魏副軍師", "盜書"), t.act("蜀殺手甲", "刺殺", "吳女眷"))
    assert t.status("魏君主") == "alive" and t.status("吳女眷") == "alive" and t.status("魏護衛") == "alive"
    assert t.status("蜀殺手甲") == "out"
    # He is told what he chose, never that the 刺殺 now targets him (it fell on its killer).
    chose = t.feedback("魏護衛", "捨身護主")[-1]
    assert chose.data == {"chose": True} and chose.text == "【捨身護主】你選擇將此【刺殺】的目標改為你。"


@pytest.mark.skill("捨身護主")
def test_sheshen_voided_after_the_move_gives_the_stab_back_to_the_lord():
    """技能失效是指該技能成功發動或使用，但沒有任何效果 — a voided 捨身護主 moved nothing: the 刺殺 is the lord's again."""
    t = Table(characters=DIANWEI, extra_skills=[VoidLater])
    t.player("吳君主").skills.append("測試失效")
    t.decide("魏護衛", "捨身護主", "是")
    t.night(t.act("蜀殺手甲", "刺殺", "魏君主"), t.act("吳護衛", "援護", "魏君主"),
            t.act("吳君主", "測試失效", "魏護衛", name="捨身護主"))
    assert t.traced("蜀殺手甲 的刺殺對 魏君主 無效：吳護衛 援護")
    assert t.status("魏護衛") == "alive" and t.status("魏君主") == "alive"


# ---- 曹昂 · 義殉 ---------------------------------------------------------------------
@pytest.mark.skill("義殉")
def test_yixun_wounds_him_moves_his_guard_and_voids_his_vote():
    """義殉：使用後當夜，你受傷，若有本國角色成為【刺殺】的目標，將你【援護】的目標改為其中隨機一人。次日你的投票無效。"""
    t = Table(characters=CAOANG)
    t.night(t.act("魏護衛", "義殉"), t.act("魏護衛", "援護", "吳正軍師"), t.act("蜀殺手甲", "刺殺", "魏女眷"))
    assert t.status("魏女眷") == "alive"
    assert t.traced("蜀殺手甲 的刺殺對 魏女眷 無效：魏護衛 援護")
    assert t.status("吳正軍師") == "alive"  # the 援護 left him: no wound
    assert t.announced("injured") == ["魏護衛"]
    assert t.feedback("魏護衛") == []  # not told where his 援護 went (G9)
    t.day({"魏護衛": "吳女眷", "蜀護衛": "吳女眷", "吳護衛": "蜀女眷"})
    assert t.traced("魏護衛 的投票無效：義殉")
    assert t.announced("votes")["魏護衛"] == "吳女眷"  # the ballot is still shown
    assert t.announced("tally")["吳女眷"] == 2  # 蜀護衛's vote and her own (棄權…視為自投), not 曹昂's


@pytest.mark.skill("義殉")
def test_yixun_picks_at_random_among_stabbed_countrymen():
    """將你【援護】的目標改為「其中隨機一人」."""
    t = Table(characters=CAOANG)
    t.force("義殉 魏護衛", "魏正軍師")
    t.night(t.act("魏護衛", "義殉"), t.act("魏護衛", "援護", "吳正軍師"),
            t.act("蜀殺手甲", "刺殺", "魏女眷"), t.act("吳殺手甲", "刺殺", "魏正軍師"), t.act("魏殺手甲", "刺殺", "蜀女眷"))
    assert t.drew("義殉 魏護衛")[0]["options"] == ["魏正軍師", "魏女眷"]
    assert t.status("魏正軍師") == "alive" and t.status("魏女眷") == "out"


@pytest.mark.skill("義殉")
def test_yixun_without_a_stabbed_countryman_keeps_the_guard():
    """「若」有本國角色成為【刺殺】的目標 — else the 援護 stays; he is wounded all the same."""
    t = Table(characters=CAOANG)
    t.night(t.act("魏護衛", "義殉"), t.act("魏護衛", "援護", "吳正軍師"), t.act("蜀殺手甲", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "out"
    assert sorted(t.announced("injured")) == sorted(["魏護衛", "吳正軍師"])


@pytest.mark.skill("義殉")
def test_yixun_without_his_guard_only_wounds_and_mutes():
    """將你【援護】的目標改為 — with no 援護 of his that night there is nothing to move (G8)."""
    t = Table(characters=CAOANG)
    t.night(t.act("魏護衛", "義殉"), t.act("蜀殺手甲", "刺殺", "魏女眷"))
    assert t.status("魏女眷") == "out" and t.status("魏護衛") == "injured"
    t.day({"魏護衛": "吳女眷"})
    assert t.traced("魏護衛 的投票無效：義殉")
    assert t.announced("tally")["吳女眷"] == 1  # her own vote only (視為自投)


@pytest.mark.skill("義殉")
def test_yixun_when_already_wounded_kills_him():
    """你受傷 … 受傷狀態下的角色再次受傷時會死亡。"""
    t = Table(characters=CAOANG).wound("魏護衛")
    t.succeed("魏護衛", "義殉")
    t.night(t.act("魏護衛", "義殉"))
    assert t.status("魏護衛") == "out"
    assert t.announced("exited") == ["魏護衛"]


@pytest.mark.skill("義殉")
def test_yixun_failed_has_no_effect():
    """技能發動或使用失敗…視為擁有該技能的角色未發動或使用該技能 — no wound, no move, the vote counts."""
    t = Table(characters=CAOANG).wound("魏護衛")
    t.fail("魏護衛", "義殉").succeed("魏護衛", "援護")
    t.night(t.act("魏護衛", "義殉"), t.act("魏護衛", "援護", "吳正軍師"), t.act("蜀殺手甲", "刺殺", "魏女眷"))
    assert t.status("魏女眷") == "out" and t.status("魏護衛") == "injured"
    assert t.only_feedback("魏護衛", "義殉").data == {"failed": True}
    t.day({"魏護衛": "吳女眷"})
    assert not t.traced("義殉")
    assert t.announced("tally")["吳女眷"] == 2  # 曹昂's vote counts, and her own (視為自投)


@pytest.mark.skill("義殉")
def test_yixun_when_he_is_the_only_stabbed_countryman_guards_himself():
    """若有本國角色成為【刺殺】的目標，將你【援護】的目標改為其中隨機一人 — 曹昂 himself is one (G8):
    his 援護 moves onto him and voids the 刺殺; 義殉's own wound remains. One candidate: no draw."""
    t = Table(characters=CAOANG)
    t.night(t.act("魏護衛", "義殉"), t.act("魏護衛", "援護", "吳正軍師"), t.act("蜀殺手甲", "刺殺", "魏護衛"))
    assert t.traced("蜀殺手甲 的刺殺對 魏護衛 無效：魏護衛 援護")
    assert t.status("魏護衛") == "injured" and t.status("吳正軍師") == "alive"
    assert t.announced("injured") == ["魏護衛"] and t.drew("義殉") == []


@pytest.mark.skill("義殉")
def test_yixun_voided_after_the_move_leaves_the_guard_where_it_was():
    """技能失效…沒有任何效果 — once 義殉 is voided, its change of his 援護's target is undone."""
    t = Table(characters=CAOANG, extra_skills=[VoidLater])
    t.player("吳君主").skills.append("測試失效")
    t.night(t.act("魏護衛", "義殉"), t.act("魏護衛", "援護", "吳正軍師"), t.act("蜀殺手甲", "刺殺", "魏女眷"),
            t.act("吳君主", "測試失效", "魏護衛", name="義殉"))
    assert t.status("魏女眷") == "out" and t.status("吳正軍師") == "injured"


# ---- 曹昂 · 曹氏宗族 -----------------------------------------------------------------
@pytest.mark.skill("曹氏宗族")
@pytest.mark.interaction("曹氏宗族", "曹操")
def test_zongzu_prevents_the_wound_and_recognises():
    """曹氏宗族：*被*當你【援護】的目標為曹操時，防止該【援護】對曹操的致傷效果，且你與曹操互識。"""
    t = Table(characters=CAOANG)
    t.night(t.act("魏護衛", "援護", "魏君主"))
    assert t.status("魏君主") == "alive" and t.announced("injured") == []
    assert t.traced("曹氏宗族：防止援護對曹操的致傷效果")
    assert t.only_feedback("魏護衛", "曹氏宗族").data == {"prevented": True, "consumed": True}
    assert t.only_feedback("魏護衛", "互識").data["character"] == "曹操"
    assert t.only_feedback("魏君主", "互識").data["character"] == "曹昂"
    assert t.player("魏護衛").known == {"魏君主": "曹操"} and t.player("魏君主").known == {"魏護衛": "曹昂"}


@pytest.mark.skill("曹氏宗族")
def test_zongzu_is_limited():
    """被動的限定技能…只能使用一次 — the second 援護 on 曹操 wounds him."""
    t = Table(characters=CAOANG)
    t.night(t.act("魏護衛", "援護", "魏君主"))
    t.day()
    t.night(t.act("魏護衛", "援護", "魏君主"))
    assert t.announced("injured") == ["魏君主"]
    assert t.feedback("魏護衛") == []


@pytest.mark.skill("曹氏宗族")
def test_zongzu_on_a_stabbed_caocao_still_recognises():
    """當你【援護】的目標為曹操時 … 且你與曹操互識 — the 刺殺 is void by 援護; the skill is used up."""
    t = Table(characters=CAOANG)
    t.night(t.act("魏護衛", "援護", "魏君主"), t.act("蜀殺手甲", "刺殺", "魏君主"))
    assert t.status("魏君主") == "alive" and t.player("魏君主").character == "曹操"
    assert t.player("魏護衛").used == {"曹氏宗族": 1}
    assert t.only_feedback("魏君主", "互識").target == "魏護衛"


@pytest.mark.skill("曹氏宗族", "義殉")
def test_zongzu_after_yixun_moves_the_guard_to_caocao():
    """義殉 moves the 援護 onto 曹操, who was stabbed: he is saved, and 曹氏宗族 recognises them."""
    t = Table(characters=CAOANG)
    t.night(t.act("魏護衛", "義殉"), t.act("魏護衛", "援護", "吳正軍師"), t.act("蜀殺手甲", "刺殺", "魏君主"))
    assert t.status("魏君主") == "alive" and t.player("魏君主").character == "曹操"
    assert t.only_feedback("魏君主", "互識").data["character"] == "曹昂"
    assert t.status("吳正軍師") == "alive" and t.announced("injured") == ["魏護衛"]


@pytest.mark.skill("曹氏宗族")
def test_zongzu_not_for_the_reincarnated_lord():
    """目標為「曹操」 — after 轉生 the lord is 曹丕: the 援護 wounds him and no one is recognised."""
    t = Table(characters=CAOANG)
    t.decide("魏君主", "轉生", "曹丕")
    t.night(t.act("蜀殺手甲", "刺殺", "魏君主"))
    t.day()
    t.night(t.act("魏護衛", "援護", "魏君主"))
    assert t.announced("injured") == ["魏君主"]
    assert t.feedback("魏護衛") == [] and t.player("魏護衛").used == {}


@pytest.mark.skill("曹氏宗族")
def test_zongzu_triggered_by_a_guard_voided_by_wansha():
    """技能發動或使用失效不影響由於此技能而觸發的其他技能 — 完殺 voids his 援護 on 曹操 (the 刺殺 on
    曹操 is valid again), yet the 援護 went off: 曹氏宗族 is used up and they 互識 (G10)."""
    t = Table(characters={**CAOANG, "魏正軍師": "台上的主宰·賈詡"})
    t.decide("魏君主", "轉生", "曹丕")
    t.night(t.act("魏正軍師", "完殺", "魏君主"), t.act("魏護衛", "援護", "魏君主"), t.act("蜀殺手甲", "刺殺", "魏君主"))
    assert t.traced("魏護衛 的【援護】失效：魏正軍師 完殺 魏君主")
    assert t.player("魏君主").character == "曹丕"  # the 刺殺 went through
    assert t.player("魏護衛").used == {"曹氏宗族": 1}
    assert t.only_feedback("魏護衛", "曹氏宗族").data == {"prevented": True, "consumed": True}
    assert t.only_feedback("魏護衛", "互識").data["character"] == "曹操"


# ---- 蔣干 · 盜書 ---------------------------------------------------------------------
@pytest.mark.skill("盜書")
def test_daoshu_learns_the_listed_players_actions_and_changes_a_target():
    """盜書：使用後當夜，獲得一份隨機一個存活角色的名單，你獲悉其當夜所有行動並可強制修改其中任意行動的目標。"""
    t = Table(characters=JIANGGAN)
    t.force("盜書 魏副軍師", "蜀殺手甲")
    t.decide("魏副軍師", "盜書", "吳正軍師")
    t.decide("吳正軍師", "英才早逝", "吳護衛")  # 周瑜 dies: 英才早逝 names an id
    t.night(t.act("魏副軍師", "盜書"), t.act("蜀殺手甲", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "alive" and t.status("吳正軍師") == "out"
    fb = t.only_feedback("魏副軍師", "盜書")
    assert fb.target == "蜀殺手甲"
    assert fb.data == {"listed": "蜀殺手甲", "actions": [{"skill": "刺殺", "targets": ["吳女眷"]}],
                       "changed": [{"skill": "刺殺", "slot": 0, "from": "吳女眷", "to": "吳正軍師"}]}
    assert "蜀殺手甲" in fb.text and "【刺殺】吳女眷" in fb.text
    assert t.feedback("蜀殺手甲", "盜書") == []  # the listed player is not told


@pytest.mark.skill("盜書")
def test_daoshu_list_never_names_himself_and_may_keep_targets():
    """獲得一份隨機一個存活角色的名單 (other than himself: G11); 「可」強制修改 — he may keep them."""
    t = Table(characters=JIANGGAN)
    t.force("盜書 魏副軍師", "吳女眷")
    t.decide("魏副軍師", "盜書", "不修改").decide("魏副軍師", "盜書", "不修改")
    t.night(t.act("魏副軍師", "盜書"), t.act("吳女眷", "亂花", "蜀君主", "魏君主"), t.act("蜀殺手甲", "刺殺", "群雄"))
    options = t.drew("盜書 魏副軍師")[0]["options"]
    assert "魏副軍師" not in options and len(options) == 21
    assert t.only_feedback("魏副軍師", "盜書").data["changed"] == []
    assert t.state.vote_binds == {"蜀君主": "魏君主"}


@pytest.mark.skill("盜書")
def test_daoshu_changes_one_target_of_a_two_target_action():
    """強制修改其中任意行動的目標 — each target of each action: here B of a 亂花."""
    t = Table(characters=JIANGGAN)
    t.force("盜書 魏副軍師", "吳女眷")
    t.decide("魏副軍師", "盜書", "不修改").decide("魏副軍師", "盜書", "吳護衛")  # not 吳君主: 孫堅's 先主
    t.night(t.act("魏副軍師", "盜書"), t.act("吳女眷", "亂花", "蜀君主", "魏君主"))
    assert t.state.vote_binds == {"蜀君主": "吳護衛"}


@pytest.mark.skill("盜書")
def test_daoshu_respects_the_changed_skills_targets():
    """技能需要指定目標時…除你以外 — 明察 cannot be turned on its own user."""
    from tianting.core.decisions import InvalidAnswer

    t = Table(characters=JIANGGAN)
    t.force("盜書 魏副軍師", "吳正軍師")
    t.decide("魏副軍師", "盜書", "吳正軍師")
    with pytest.raises(InvalidAnswer):
        t.night(t.act("魏副軍師", "盜書"), t.act("吳正軍師", "明察", "魏殺手甲"))


@pytest.mark.skill("盜書", "虎痴喋血")
def test_daoshu_changes_the_ids_before_huchi_draws():
    """強制修改其中任意行動的目標 — 虎痴喋血's three ids are changed before 其中隨機一人 is drawn."""
    t = Table(characters=JIANGGAN)
    t.force("盜書 魏副軍師", "魏護衛")
    t.decide("魏副軍師", "盜書", "吳正軍師").decide("魏副軍師", "盜書", "不修改").decide("魏副軍師", "盜書", "不修改")
    t.force("虎痴喋血 魏護衛", "吳正軍師")
    t.decide("吳正軍師", "英才早逝", "吳護衛")  # 周瑜 dies: 英才早逝 names an id
    t.night(t.act("魏副軍師", "盜書"), t.act("魏護衛", "虎痴喋血", "蜀女眷", "吳女眷", "群雄"))
    assert t.drew("虎痴喋血 魏護衛")[0]["options"] == ["吳正軍師", "吳女眷", "群雄"]
    assert t.status("吳正軍師") == "out" and t.status("蜀女眷") == "alive"
    assert t.only_feedback("魏副軍師", "盜書").data["actions"] == [
        {"skill": "虎痴喋血", "targets": ["蜀女眷", "吳女眷", "群雄"]}]


@pytest.mark.skill("盜書")
def test_daoshu_listed_player_without_actions():
    """你獲悉其當夜所有行動 — none: nothing to change."""
    t = Table(characters=JIANGGAN)
    t.force("盜書 魏副軍師", "蜀女眷")
    t.night(t.act("魏副軍師", "盜書"))
    fb = t.only_feedback("魏副軍師", "盜書")
    assert fb.data == {"listed": "蜀女眷", "actions": [], "changed": []}
    assert "無行動" in fb.text


@pytest.mark.skill("盜書")
def test_daoshu_is_unlimited_once_a_night():
    """所有的二字技能稱為普通技能，使用次數無限 (once a night)."""
    t = Table(characters=JIANGGAN)
    with pytest.raises(IllegalAction, match="已經發動過"):
        t.check(t.act("魏副軍師", "盜書"), t.act("魏副軍師", "盜書"))
    t.force("盜書 魏副軍師", "蜀女眷")
    t.night(t.act("魏副軍師", "盜書"))
    t.day()
    t.force("盜書 魏副軍師", "吳女眷")
    t.night(t.act("魏副軍師", "盜書"))
    assert t.only_feedback("魏副軍師", "盜書").data["listed"] == "吳女眷"


@pytest.mark.skill("盜書")
def test_daoshu_failed_when_wounded_learns_nothing():
    """技能發動或使用失敗 — no list, no change."""
    t = Table(characters=JIANGGAN).wound("魏副軍師")
    t.fail("魏副軍師", "盜書")
    t.night(t.act("魏副軍師", "盜書"), t.act("蜀殺手甲", "刺殺", "吳女眷"))
    assert t.only_feedback("魏副軍師", "盜書").data == {"failed": True}
    assert t.status("吳女眷") == "out" and t.drew("盜書 魏副軍師") == []


@pytest.mark.skill("盜書")
def test_daoshu_does_not_list_an_action_that_failed_its_check():
    """你獲悉其當夜所有行動 — 技能發動失敗…視為擁有該技能的角色未發動: a failed 刺殺 is not one of them (G11)."""
    t = Table(characters=JIANGGAN).wound("蜀殺手甲")
    t.force("盜書 魏副軍師", "蜀殺手甲")
    t.fail("蜀殺手甲", "刺殺")
    t.night(t.act("魏副軍師", "盜書"), t.act("蜀殺手甲", "刺殺", "吳女眷"))
    assert t.only_feedback("魏副軍師", "盜書").data == {"listed": "蜀殺手甲", "actions": [], "changed": []}
    assert t.last.decisions == [] and t.status("吳女眷") == "alive"


@pytest.mark.skill("盜書")
def test_daoshu_with_no_answer_keeps_every_target():
    """並「可」強制修改 — a missing answer takes the documented default 「不修改」 (G12, R32)."""
    t = Table(characters=JIANGGAN)
    t.force("盜書 魏副軍師", "蜀殺手甲")
    t.lenient_night(t.act("魏副軍師", "盜書"), t.act("蜀殺手甲", "刺殺", "吳女眷"))
    (decision,) = t.last.decisions
    assert (decision.actor, decision.skill, decision.answer, decision.defaulted) == ("魏副軍師", "盜書", "不修改", True)
    assert decision.options[0] == "不修改" and set(decision.options[1:]) <= set(t.state.players)
    assert t.drew("預設選擇") == []
    assert t.status("吳女眷") == "out"


@pytest.mark.skill("盜書")
def test_daoshu_voided_after_the_change_undoes_it():
    """技能失效…沒有任何效果 — a 盜書 voided once it has acted changed no target."""
    t = Table(characters=JIANGGAN, extra_skills=[VoidLater])
    t.player("吳君主").skills.append("測試失效")
    t.force("盜書 魏副軍師", "蜀殺手甲")
    t.decide("魏副軍師", "盜書", "吳正軍師")
    t.night(t.act("魏副軍師", "盜書"), t.act("蜀殺手甲", "刺殺", "吳女眷"),
            t.act("吳君主", "測試失效", "魏副軍師", name="盜書"))
    assert t.status("吳女眷") == "out" and t.status("吳正軍師") == "alive"
