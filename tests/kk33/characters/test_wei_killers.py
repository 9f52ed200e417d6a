"""Scenario tests for the 魏 killers: 夏侯惇、夏侯淵、張遼、曹仁、張郃 (KK規則3.3版 ⊙魏國篇).

Each test quotes the sentence it checks; rulings are in docs/rulings/kk33-wei_killers.md.
Seats: 魏殺手甲 夏侯惇, 魏殺手乙 夏侯淵 unless a test seats another killer there.
"""

from __future__ import annotations

import pytest

from tianting.core.errors import IllegalAction
from tianting.core.state import Alliance
from tianting.testing import Table

# 荀攸 sits at 魏副軍師 where a test counts votes, so that 司馬懿's 兵法 adds nothing.
QUIET_VOTES = {"魏副軍師": "荀攸"}


def skip_to_night(t: Table, number: int) -> None:
    """Quiet nights and days until night ``number`` is next."""
    while t.game.number < number or t.game.phase.value != "night":
        if t.game.phase.value == "night":
            t.quiet_night()
        else:
            t.day()


# ---- 夏侯惇 ----------------------------------------------------------------------
@pytest.mark.skill("剛烈")
def test_ganglie_each_voter_for_xiahou_dun_gets_one_more_vote():
    """剛烈：*被*投票對象為你的角色的得票數+1。"""
    t = Table(characters=QUIET_VOTES)
    t.quiet_night()
    t.day({"吳護衛": "魏殺手甲", "魏殺手乙": "吳護衛", "魏殺手甲": "魏殺手乙"})
    tally = t.announced("tally")
    assert tally["魏殺手甲"] == 1
    assert tally["吳護衛"] == 2  # 魏殺手乙's vote, +1 剛烈
    assert t.announced("exited") == ["吳護衛"]  # the +1 makes 吳護衛 the single highest
    assert t.traced("吳護衛 的投票對象為 魏殺手甲：得票數+1（剛烈）")


@pytest.mark.skill("剛烈")
def test_ganglie_a_voter_with_no_votes_still_gets_one():
    """剛烈：投票對象為你的角色的得票數+1 (a voter no one voted for has 0+1)."""
    t = Table(characters=QUIET_VOTES)
    t.quiet_night()
    t.day({"吳護衛": "魏殺手甲", "蜀護衛": "魏殺手甲", "魏殺手甲": "群雄"})
    tally = t.announced("tally")
    assert tally["吳護衛"] == 1 and tally["蜀護衛"] == 1
    assert tally["魏殺手甲"] == 2


@pytest.mark.skill("剛烈")
def test_ganglie_counts_where_the_vote_lands_after_luanhua():
    """剛烈 and 亂花：A次日的投票對象強制修改為B: the vote counted for 夏侯惇 is the one that gets +1."""
    t = Table(characters=QUIET_VOTES)
    t.night(t.act("魏女眷", "亂花", "吳護衛", "魏殺手甲"))
    t.day({"吳護衛": "蜀護衛", "蜀女眷": "魏殺手甲", "魏殺手甲": "群雄"})
    tally = t.announced("tally")
    assert tally["吳護衛"] == 1  # shown 蜀護衛, counted for 魏殺手甲: +1
    assert tally["蜀女眷"] == 1  # she voted 夏侯惇 and no one voted her: 0 + 1
    assert tally["蜀護衛"] == 1  # its own self-vote only (吳護衛's vote was moved)


@pytest.mark.skill("剛烈")
def test_ganglie_void_vote_gets_nothing():
    """剛烈 and 起義：「黃巾軍」的投票無效: a void vote for 夏侯惇 does not count, so no +1."""
    t = Table(others="黃巾頭領", characters=QUIET_VOTES)
    t.night(t.act("群雄", "起義", "吳護衛"))
    t.day({"吳護衛": "魏殺手甲", "魏殺手甲": "群雄"})
    assert "吳護衛" not in t.announced("tally")
    assert "魏殺手甲" not in t.announced("tally")


@pytest.mark.skill("憤勇")
def test_fenyong_guarded_target_survives_and_is_wounded():
    """憤勇：*被*若你的【刺殺】的目標於結算後仍存活，則你令其受傷。 (援護 saved it from the stab; no feedback: WK2)"""
    t = Table()
    t.night(t.act("魏殺手甲", "刺殺", "吳女眷"), t.act("吳護衛", "援護", "吳女眷"))
    assert t.status("吳女眷") == "injured"
    assert t.announced("injured") == ["吳女眷"] and t.announced("exited") == []
    assert t.feedback("魏殺手甲", "憤勇") == []
    assert t.traced("魏殺手甲 的刺殺目標 吳女眷 於結算後仍存活：憤勇令其受傷")


@pytest.mark.skill("憤勇")
def test_fenyong_says_nothing_when_the_wound_is_prevented():
    """憤勇 is an unlimited passive: its owner gets no feedback, so he cannot learn that 悲憤詩篇（本國角色不會受傷）stopped the wound (WK2)."""
    t = Table(characters={"魏女眷": "蔡文姬"})
    t.force("悲憤詩篇失效判定 魏殺手甲→魏女眷", False)
    t.same_side_stab("魏殺手甲", "魏女眷", void=True)
    t.night(t.act("魏女眷", "悲憤詩篇"), t.act("魏殺手甲", "刺殺", "魏女眷"))
    assert t.status("魏女眷") == "alive"
    assert t.traced("魏女眷 受到的憤勇被防止：魏女眷 悲憤詩篇：本國角色不會受傷")
    assert t.feedback("魏殺手甲", "憤勇") == []


@pytest.mark.skill("憤勇")
def test_fenyong_nothing_when_the_target_died():
    """憤勇：若你的【刺殺】的目標於結算後「仍存活」: a target that died is not wounded."""
    t = Table()
    t.night(t.act("魏殺手甲", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "out"
    assert t.feedback("魏殺手甲", "憤勇") == []


@pytest.mark.skill("憤勇")
def test_fenyong_wound_on_a_wounded_target_kills():
    """憤勇 and 受傷狀態下的角色再次受傷時會死亡。"""
    t = Table().wound("吳女眷")
    t.night(t.act("魏殺手甲", "刺殺", "吳女眷"), t.act("吳護衛", "援護", "吳女眷"))
    assert t.status("吳女眷") == "out"
    assert t.traced("吳女眷 在受傷狀態下再次受傷而死亡（憤勇）")


@pytest.mark.skill("憤勇")
def test_fenyong_not_when_the_stab_failed():
    """技能發動失敗…視為未發動: a 刺殺 that failed its check has no target for 憤勇."""
    t = Table().wound("魏殺手甲")
    t.fail("魏殺手甲", "刺殺")
    t.night(t.act("魏殺手甲", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "alive"
    assert t.feedback("魏殺手甲", "憤勇") == []


@pytest.mark.skill("曹氏宗親")
@pytest.mark.interaction("曹氏宗親", "曹操")
def test_cao_kin_stab_on_cao_cao_is_void_and_they_recognise():
    """曹氏宗親：*被*當你【刺殺】的目標為曹操時，該【刺殺】無效，且你與曹操互識。 (夏侯淵)"""
    t = Table()
    t.night(t.act("魏殺手乙", "刺殺", "魏君主"))
    assert t.status("魏君主") == "alive"
    assert t.drew("刺殺同國失效判定") == []  # 無效 outright: no same-country half chance
    assert t.only_feedback("魏殺手乙", "互識").data == {"character": "曹操", "via": "曹氏宗親"}
    assert t.only_feedback("魏君主", "互識").data == {"character": "夏侯淵", "via": "曹氏宗親"}
    assert t.player("魏殺手乙").known == {"魏君主": "曹操"}


@pytest.mark.skill("曹氏宗親")
def test_cao_kin_is_one_skill_for_cao_ren_too():
    """曹仁：曹氏宗親：*被*當你【刺殺】的目標為曹操時，該【刺殺】無效，且你與曹操互識。"""
    t = Table(characters={"魏殺手乙": "曹仁"})
    t.night(t.act("魏殺手乙", "刺殺", "魏君主"))
    assert t.status("魏君主") == "alive"
    assert t.player("魏君主").known == {"魏殺手乙": "曹仁"}


@pytest.mark.skill("曹氏宗親", "憤勇")
def test_cao_kin_and_fenyong_cao_cao_survives_and_is_wounded():
    """曹氏宗親 makes the stab 無效; 憤勇：若你的【刺殺】的目標於結算後仍存活，則你令其受傷 (技能失效不影響由於此技能而觸發的其他技能)."""
    t = Table()
    t.night(t.act("魏殺手甲", "刺殺", "魏君主"))
    assert t.status("魏君主") == "injured"
    assert t.player("魏殺手甲").known == {"魏君主": "曹操"}


@pytest.mark.skill("曹氏宗親")
def test_cao_kin_not_for_the_reincarnated_lord():
    """曹氏宗親 names 曹操: after 轉生 the lord plays 曹植, and the stab takes the same-country check."""
    t = Table()
    t.decide("魏君主", "轉生", "曹植")
    t.night(t.act("蜀殺手甲", "刺殺", "魏君主"))
    t.day()
    t.same_side_stab("魏殺手乙", "魏君主", void=True)
    t.night(t.act("魏殺手乙", "刺殺", "魏君主"))
    assert t.player("魏殺手乙").known == {}
    assert t.drew("刺殺同國失效判定 魏殺手乙→魏君主")


@pytest.mark.skill("曹氏宗親")
def test_cao_kin_is_limited_once_a_game_and_its_owner_is_told():
    """所有的非二字技能稱為限定技能，只能使用一次。 被動的限定技能消耗時…會收到相關反饋。
    曹氏宗親 voids the first 刺殺 on 曹操 only; the next one is checked as usual (issue 10, fix 2)."""
    t = Table()
    t.night(t.act("魏殺手乙", "刺殺", "魏君主"))
    told = t.only_feedback("魏殺手乙", "曹氏宗親")
    assert told.data == {"target": "魏君主", "consumed": True} and "限定技能已消耗" in told.text
    assert t.game.uses_left(t.player("魏殺手乙"), "曹氏宗親") == 0
    assert t.status("魏君主") == "alive"
    t.day()
    t.decide("魏君主", "轉生", "曹丕")
    t.same_side_stab("魏殺手乙", "魏君主", void=False)
    t.night(t.act("魏殺手乙", "刺殺", "魏君主"))
    assert t.drew("刺殺同國失效判定 魏殺手乙→魏君主")
    assert t.feedback("魏殺手乙", "曹氏宗親") == [] and t.feedback("魏殺手乙", "互識") == []
    assert t.player("魏君主").character == "曹丕"  # 曹操 died of the stab and the lord reincarnated


@pytest.mark.skill("曹氏宗親")
def test_cao_kin_a_failed_stab_does_not_use_it_up():
    """技能發動或使用失敗…視為擁有該技能的角色未發動: a 刺殺 that failed its check sets off nothing."""
    t = Table()
    t.wound("魏殺手乙").fail("魏殺手乙", "刺殺")
    t.night(t.act("魏殺手乙", "刺殺", "魏君主"))
    assert t.feedback("魏殺手乙", "曹氏宗親") == []
    assert t.game.uses_left(t.player("魏殺手乙"), "曹氏宗親") == 1


@pytest.mark.skill("拔矢啖睛")
def test_bashi_danjing_survives_a_lethal_stab_once_and_loses_cao_kin():
    """拔矢啖睛：*被*你於夜間受到致命一擊時，你不會死亡，但從此失去技能【曹氏宗親】。 (限定技能，只能使用一次)"""
    t = Table()
    t.night(t.act("蜀殺手甲", "刺殺", "魏殺手甲"))
    assert t.status("魏殺手甲") == "alive" and t.announced("exited") == []
    assert "曹氏宗親" not in t.player("魏殺手甲").skills
    said = t.feedback("魏殺手甲", "拔矢啖睛")
    assert [f.data for f in said] == [{"prevented": True, "consumed": True}, {"lost": "曹氏宗親"}]
    assert not any("蜀殺手甲" in f.text for f in said)
    assert t.game.uses_left(t.player("魏殺手甲"), "拔矢啖睛") == 0
    t.day()
    t.night(t.act("蜀殺手甲", "刺殺", "魏殺手甲"))
    assert t.status("魏殺手甲") == "out"


@pytest.mark.skill("拔矢啖睛")
def test_bashi_danjing_not_against_a_stab_by_day():
    """拔矢啖睛：*被*你「於夜間」受到致命一擊時，你不會死亡 — 甘寧's 刺殺 at the vote (奇襲：發動時機為白天投票階段)
    is no blow at night: it kills him, the skill stays unused and he keeps 【曹氏宗親】."""
    t = Table(characters={"吳殺手甲": "甘寧"})
    for p in t.state.players.values():
        if p.id not in ("魏殺手甲", "吳殺手甲"):
            p.skills = []
    t.night()
    t.day({p.id: "魏女眷" for p in t.game.voters()}, t.act("吳殺手甲", "刺殺", "魏殺手甲"))
    assert t.status("魏殺手甲") == "out"
    assert "拔矢啖睛" not in t.player("魏殺手甲").used and "曹氏宗親" in t.player("魏殺手甲").skills
    assert t.feedback("魏殺手甲", "拔矢啖睛") == []


@pytest.mark.skill("拔矢啖睛", "曹氏宗親")
def test_bashi_danjing_after_losing_cao_kin_a_stab_on_cao_cao_is_checked_as_usual():
    """拔矢啖睛：…從此失去技能【曹氏宗親】: 夏侯惇's next stab on 曹操 is no longer 無效."""
    t = Table()
    t.night(t.act("蜀殺手甲", "刺殺", "魏殺手甲"))
    t.day()
    t.same_side_stab("魏殺手甲", "魏君主", void=True)
    t.night(t.act("魏殺手甲", "刺殺", "魏君主"))
    assert t.drew("刺殺同國失效判定 魏殺手甲→魏君主")
    assert t.player("魏殺手甲").known == {}


@pytest.mark.skill("拔矢啖睛")
def test_bashi_danjing_he_is_not_wounded_either():
    """拔矢啖睛：你不會死亡，但從此失去技能【曹氏宗親】 — the 8.1 text said 「不會死亡只會受傷」; 3.3 dropped 「只會受傷」
    and kept the price 「但從此失去」: a healthy 夏侯惇 is stabbed, does not die and is not wounded (WK5, kept)."""
    t = Table()
    t.night(t.act("蜀殺手甲", "刺殺", "魏殺手甲"))
    assert t.status("魏殺手甲") == "alive" and t.announced("injured") == [] and t.announced("died") == []


@pytest.mark.skill("拔矢啖睛")
def test_bashi_danjing_not_used_up_by_a_wound():
    """拔矢啖睛 needs 致命一擊: a wound on a healthy 夏侯惇 is not one."""
    t = Table()
    t.night(t.act("魏護衛", "援護", "魏殺手甲"))
    assert t.status("魏殺手甲") == "injured"
    assert t.feedback("魏殺手甲", "拔矢啖睛") == []
    assert t.game.uses_left(t.player("魏殺手甲"), "拔矢啖睛") == 1


@pytest.mark.skill("拔矢啖睛")
def test_bashi_danjing_a_second_wound_that_would_kill_is_a_lethal_blow():
    """受傷狀態下的角色再次受傷時會死亡: that wound is a 致命一擊 for 拔矢啖睛 (ruling)."""
    t = Table().wound("魏殺手甲")
    t.night(t.act("魏護衛", "援護", "魏殺手甲"))
    assert t.status("魏殺手甲") == "injured"
    assert t.feedback("魏殺手甲", "拔矢啖睛")[0].data["prevented"] is True


# ---- 夏侯淵 ----------------------------------------------------------------------
@pytest.mark.skill("神速")
def test_shensu_extra_stab_tonight_and_none_the_next_night():
    """神速：使用後當夜，你可以額外發動一次【刺殺】，但次夜本國殺手均無法發動【刺殺】。"""
    t = Table()
    t.night(t.act("魏殺手乙", "神速"), t.act("魏殺手乙", "刺殺", "吳女眷"), t.act("魏殺手乙", "刺殺", "蜀女眷"))
    assert t.status("吳女眷") == "out" and t.status("蜀女眷") == "out"
    t.day()
    with pytest.raises(IllegalAction, match="只能發動0次"):
        t.check(t.act("魏殺手甲", "刺殺", "吳君主"))
    t.quiet_night()
    assert t.only_feedback("魏殺手甲", "刺殺").data == {"stabs": 0}
    assert t.only_feedback("魏殺手乙", "刺殺").data == {"stabs": 0}
    t.day()
    t.night(t.act("魏殺手甲", "刺殺", "吳護衛"))  # the night after next: one again
    assert t.only_feedback("魏殺手甲", "刺殺").data == {"stabs": 1}


@pytest.mark.skill("神速")
def test_shensu_extra_stab_may_be_made_by_the_other_killer():
    """*當某國殺手某夜晚能發動多次【刺殺】時，出刀者可以不為同一人。"""
    t = Table()
    t.night(t.act("魏殺手乙", "神速"), t.act("魏殺手乙", "刺殺", "吳女眷"), t.act("魏殺手甲", "刺殺", "蜀女眷"))
    assert t.status("吳女眷") == "out" and t.status("蜀女眷") == "out"


@pytest.mark.skill("神速")
def test_shensu_unlimited_but_once_a_night():
    """神速 is a two-character skill: usable again later, not twice a night."""
    t = Table()
    with pytest.raises(IllegalAction):
        t.check(t.act("魏殺手乙", "神速"), t.act("魏殺手乙", "神速"))
    t.night(t.act("魏殺手乙", "神速"))
    t.day()
    t.quiet_night()
    t.day()
    t.night(t.act("魏殺手乙", "神速"), t.act("魏殺手甲", "刺殺", "吳女眷"), t.act("魏殺手乙", "刺殺", "蜀女眷"))
    assert t.status("蜀女眷") == "out"


@pytest.mark.skill("神速")
def test_shensu_failed_gives_no_extra_stab_and_no_penalty():
    """技能發動失敗…視為未發動: a failed 神速 gives no extra 刺殺 (the second one fails) and no 次夜 ban."""
    t = Table().wound("魏殺手乙")
    t.fail("魏殺手乙", "神速").succeed("魏殺手乙", "刺殺").succeed("魏殺手乙", "刺殺")
    t.night(t.act("魏殺手乙", "神速"), t.act("魏殺手乙", "刺殺", "吳女眷"), t.act("魏殺手乙", "刺殺", "蜀女眷"))
    assert t.status("吳女眷") == "out" and t.status("蜀女眷") == "alive"
    assert [f.target for f in t.feedback("魏殺手乙") if f.data.get("failed")] == [None, "蜀女眷"]
    t.day()
    t.night(t.act("魏殺手甲", "刺殺", "吳護衛"))
    assert t.status("吳護衛") == "out"


@pytest.mark.skill("三日五百")
def test_sanri_wubai_only_from_the_third_night_and_once():
    """三日五百：第三夜及之後的夜晚可以使用。當夜你可以額外發動一次【刺殺】。"""
    t = Table()
    for _ in range(2):
        with pytest.raises(IllegalAction, match="第3夜及之後"):
            t.check(t.act("魏殺手乙", "三日五百"))
        t.quiet_night()
        t.day()
    t.night(t.act("魏殺手乙", "三日五百"), t.act("魏殺手甲", "刺殺", "吳女眷"), t.act("魏殺手乙", "刺殺", "蜀女眷"))
    assert t.status("吳女眷") == "out" and t.status("蜀女眷") == "out"
    assert t.game.uses_left(t.player("魏殺手乙"), "三日五百") == 0
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("魏殺手乙", "三日五百"))
    t.night(t.act("魏殺手甲", "刺殺", "吳護衛"))  # no 次夜 ban, unlike 神速
    assert t.status("吳護衛") == "out"


@pytest.mark.skill("三日五百")
def test_sanri_wubai_failed_is_kept_and_its_stab_fails():
    """A failed limited skill is not consumed (可再次發動), and the extra 刺殺 it would have given fails."""
    t = Table()
    skip_to_night(t, 3)
    t.wound("魏殺手乙").fail("魏殺手乙", "三日五百").succeed("魏殺手乙", "刺殺")
    t.night(t.act("魏殺手乙", "三日五百"), t.act("魏殺手甲", "刺殺", "吳女眷"), t.act("魏殺手乙", "刺殺", "蜀女眷"))
    assert t.status("吳女眷") == "out" and t.status("蜀女眷") == "alive"
    assert t.game.uses_left(t.player("魏殺手乙"), "三日五百") == 1


@pytest.mark.skill("六日一千")
def test_liuri_yiqian_only_from_the_sixth_night():
    """六日一千：第六夜及之後的夜晚可以使用。當夜你可以額外發動一次【刺殺】。"""
    t = Table()
    skip_to_night(t, 5)
    with pytest.raises(IllegalAction, match="第6夜及之後"):
        t.check(t.act("魏殺手乙", "六日一千"))
    t.quiet_night()
    t.day()
    t.night(t.act("魏殺手乙", "六日一千"), t.act("魏殺手乙", "刺殺", "吳女眷"), t.act("魏殺手乙", "刺殺", "蜀女眷"))
    assert t.status("吳女眷") == "out" and t.status("蜀女眷") == "out"
    assert t.game.uses_left(t.player("魏殺手乙"), "六日一千") == 0
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("魏殺手乙", "六日一千"))


# ---- 張遼 ------------------------------------------------------------------------
ZHANG_LIAO = {"魏殺手乙": "張遼"}


@pytest.mark.skill("英雄相惜")
@pytest.mark.interaction("英雄相惜", "關羽")
def test_yingxiong_xiangxi_stab_on_guan_yu_void_recognise_alliance():
    """英雄相惜：*被*當你【刺殺】的目標為關羽時，該【刺殺】無效，且你與關羽互識。…魏蜀聯盟達成（或延期）兩日兩夜。"""
    t = Table(characters=ZHANG_LIAO)
    t.night(t.act("魏殺手乙", "刺殺", "蜀殺手甲"))
    assert t.status("蜀殺手甲") == "alive"
    assert t.player("魏殺手乙").known == {"蜀殺手甲": "關羽"}
    assert t.player("蜀殺手甲").known == {"魏殺手乙": "張遼"}
    assert t.only_feedback("魏殺手乙", "英雄相惜").data == {"target": "蜀殺手甲", "consumed": True}
    assert t.announced("alliances") == [{"countries": ["魏", "蜀"], "until": {"phase": "night", "number": 3}}]
    assert t.game.uses_left(t.player("魏殺手乙"), "英雄相惜") == 0


@pytest.mark.skill("英雄相惜")
def test_yingxiong_xiangxi_afterwards_every_wei_killer_stab_on_guan_yu_is_void():
    """英雄相惜：此後本國殺手對關羽的【刺殺】均無效。 (even once 張遼 is dead)"""
    t = Table(characters=ZHANG_LIAO)
    t.night(t.act("魏殺手乙", "刺殺", "蜀殺手甲"))
    t.day()
    t.night(t.act("魏殺手甲", "刺殺", "蜀殺手甲"), t.act("吳殺手乙", "刺殺", "魏殺手乙"))
    assert t.status("蜀殺手甲") == "injured"  # 無效, then 夏侯惇's 憤勇 wounds the survivor
    assert t.drew("刺殺同盟失效判定") == []  # no ally half chance: 無效 outright
    assert t.traced("英雄相惜：此後魏國殺手對關羽的刺殺均無效")
    assert t.status("魏殺手乙") == "out"
    t.day()
    t.quiet_night()
    t.day()
    t.night(t.act("魏殺手甲", "刺殺", "蜀殺手甲"))
    assert t.status("蜀殺手甲") == "injured"  # wounded night 2, healed on day 4, 無效 again, 憤勇 wounds again
    assert t.traced("蜀殺手甲 於白天開始時脫離受傷狀態", t.results[-2])
    assert t.traced("英雄相惜：此後魏國殺手對關羽的刺殺均無效")


@pytest.mark.skill("英雄相惜")
def test_yingxiong_xiangxi_same_night_stab_by_the_other_killer_still_counts():
    """此後 is after the trigger: the other killer's simultaneous 刺殺 on 關羽 is not covered (ruling)."""
    t = Table(characters={"魏殺手甲": "張遼", "魏殺手乙": "夏侯淵"})
    t.night(t.act("魏殺手乙", "神速"), t.act("魏殺手甲", "刺殺", "蜀殺手甲"), t.act("魏殺手乙", "刺殺", "蜀殺手甲"))
    assert t.status("蜀殺手甲") == "out"
    assert t.player("魏殺手甲").known == {"蜀殺手甲": "關羽"}


@pytest.mark.skill("英雄相惜")
def test_yingxiong_xiangxi_other_targets_are_stabbed_as_usual():
    """英雄相惜 names 關羽 only."""
    t = Table(characters=ZHANG_LIAO)
    t.night(t.act("魏殺手乙", "刺殺", "蜀殺手乙"))
    assert t.status("蜀殺手乙") == "out"
    assert t.feedback("魏殺手乙", "英雄相惜") == [] and t.announced("alliances") == []


@pytest.mark.skill("固守合肥")
@pytest.mark.interaction("固守合肥", "曹操")
def test_gushou_hefei_stabs_on_cao_cao_fail_tonight():
    """固守合肥：使用後當夜，所有針對曹操的【刺殺】失效。"""
    t = Table(characters=ZHANG_LIAO)
    t.night(t.act("魏殺手乙", "固守合肥"), t.act("蜀殺手甲", "刺殺", "魏君主"), t.act("吳殺手乙", "刺殺", "魏女眷"))
    assert t.status("魏君主") == "alive" and t.status("魏女眷") == "out"
    assert t.feedback("魏殺手乙", "固守合肥") == []
    assert t.game.uses_left(t.player("魏殺手乙"), "固守合肥") == 0
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("魏殺手乙", "固守合肥"))


@pytest.mark.skill("固守合肥")
def test_gushou_hefei_void_without_cao_cao_and_owner_not_told():
    """固守合肥：若曹操不在場則失效。 (技能失效…擁有該技能的角色不能收到反饋)"""
    t = Table(characters=ZHANG_LIAO)
    t.decide("魏君主", "轉生", "曹植")
    t.night(t.act("蜀殺手甲", "刺殺", "魏君主"))
    t.day()
    t.night(t.act("魏殺手乙", "固守合肥"), t.act("魏護衛", "援護", "魏君主"))
    assert t.traced("魏殺手乙 的【固守合肥】失效：曹操不在場")
    assert t.feedback("魏殺手乙") == [t.only_feedback("魏殺手乙", "刺殺")]
    assert t.game.uses_left(t.player("魏殺手乙"), "固守合肥") == 0


@pytest.mark.skill("固守合肥")
def test_gushou_hefei_failed_when_wounded_protects_nothing_and_is_kept():
    """技能發動失敗…可再次發動: a failed 固守合肥 is not used up and voids no stab."""
    t = Table(characters=ZHANG_LIAO).wound("魏殺手乙")
    t.fail("魏殺手乙", "固守合肥")
    t.decide("魏君主", "轉生", "曹植")
    t.night(t.act("魏殺手乙", "固守合肥"), t.act("蜀殺手甲", "刺殺", "魏君主"))
    assert t.player("魏君主").character == "曹植"
    assert t.game.uses_left(t.player("魏殺手乙"), "固守合肥") == 1
    assert t.only_feedback("魏殺手乙", "固守合肥").data == {"failed": True}


def without_yinghun(t: Table) -> None:
    """孫堅 (吳君主 by default) holds 英魂, which makes 威震逍遙津 fail: these tests seat him without it
    (英魂 against 威震逍遙津 is tested in test_wu_lords.py)."""
    t.player("吳君主").skills.remove("英魂")


@pytest.mark.skill("威震逍遙津")
def test_weizhen_xiaoyaojin_halves_every_wu_action():
    """威震逍遙津：*全*使用後當夜，所有吳國角色的行動成功率減半。 (全局技能無需進行任何概率判定)"""
    t = Table(characters=ZHANG_LIAO).wound("魏殺手乙").wound("吳女眷")
    without_yinghun(t)
    t.force("成功判定 吳正軍師【明察】", True).force("成功判定 吳殺手乙【刺殺】", False)
    t.force("成功判定 吳女眷【亂花】", True)
    t.night(t.act("魏殺手乙", "威震逍遙津"), t.act("吳正軍師", "明察", "魏殺手甲"),
            t.act("吳殺手乙", "刺殺", "蜀女眷"), t.act("吳女眷", "亂花", "蜀護衛", "蜀君主"),
            t.act("蜀正軍師", "明察", "魏殺手甲"))
    rates = {d["purpose"]: d["options"][0] for d in t.last.draws if d["purpose"].startswith("成功判定")}
    assert rates == {"成功判定 吳正軍師【明察】": "是:1/2", "成功判定 吳殺手乙【刺殺】": "是:1/2",
                     "成功判定 吳女眷【亂花】": "是:1/4"}
    assert t.status("蜀女眷") == "alive"
    assert [f.data for f in t.feedback("吳殺手乙", "刺殺")][-1] == {"failed": True}
    assert t.feedback("魏殺手乙", "威震逍遙津") == []
    assert t.game.uses_left(t.player("魏殺手乙"), "威震逍遙津") == 0


@pytest.mark.skill("威震逍遙津")
def test_weizhen_xiaoyaojin_breaks_the_wei_wu_alliance():
    """威震逍遙津：魏吳聯盟（若有）破裂。"""
    t = Table(characters=ZHANG_LIAO)
    without_yinghun(t)
    t.state.alliances.append(Alliance(("魏", "吳"), start=0, end=3))
    t.night(t.act("魏殺手乙", "威震逍遙津"))
    assert t.announced("alliances") == []
    assert t.traced("魏吳聯盟破裂")
    assert not t.state.allied("魏", "吳", 0) and not t.state.allied("魏", "吳", 1)


@pytest.mark.skill("威震逍遙津")
def test_weizhen_xiaoyaojin_the_broken_alliance_does_not_count_for_tonights_stabs():
    """威震逍遙津：魏吳聯盟（若有）破裂 — broken that night: a 魏↔吳 刺殺 takes no 同盟 half chance (WK10)."""
    t = Table(characters=ZHANG_LIAO)
    without_yinghun(t)
    t.state.alliances.append(Alliance(("魏", "吳"), start=0, end=3))
    t.succeed("吳殺手乙", "刺殺")  # 吳's actions are halved tonight
    t.night(t.act("魏殺手乙", "威震逍遙津"), t.act("魏殺手甲", "刺殺", "吳女眷"), t.act("吳殺手乙", "刺殺", "魏女眷"))
    assert t.drew("刺殺同盟失效判定") == []
    assert t.status("吳女眷") == "out" and t.status("魏女眷") == "out"


@pytest.mark.skill("威震逍遙津")
def test_weizhen_xiaoyaojin_leaves_other_alliances():
    """魏吳聯盟（若有）破裂 — only that one."""
    t = Table(characters=ZHANG_LIAO)
    without_yinghun(t)
    t.state.alliances.append(Alliance(("魏", "蜀"), start=0, end=3))
    t.night(t.act("魏殺手乙", "威震逍遙津"))
    assert t.announced("alliances") == [{"countries": ["魏", "蜀"], "until": {"phase": "day", "number": 3}}]


# ---- 曹仁 ------------------------------------------------------------------------
CAO_REN = {"魏殺手乙": "曹仁"}


@pytest.mark.skill("據守樊城")
def test_jushou_fancheng_wei_characters_take_less_harm():
    """據守樊城：使用後當夜，…本國角色受到的傷害減輕。 (致死 → 致傷, 致傷 → 無)"""
    t = Table(characters=CAO_REN)
    t.night(t.act("魏殺手乙", "據守樊城"), t.act("蜀殺手甲", "刺殺", "魏女眷"), t.act("魏護衛", "援護", "魏正軍師"))
    assert t.status("魏女眷") == "injured"
    assert t.status("魏正軍師") == "alive"
    assert t.announced("injured") == ["魏女眷"] and t.announced("exited") == []
    assert t.game.uses_left(t.player("魏殺手乙"), "據守樊城") == 0
    assert t.feedback("魏殺手乙", "據守樊城") == []


@pytest.mark.skill("據守樊城")
def test_jushou_fancheng_wei_killers_stabs_only_wound():
    """據守樊城：使用後當夜，本國殺手的【刺殺】造成的傷害減輕。"""
    t = Table(characters=CAO_REN)
    t.night(t.act("魏殺手乙", "據守樊城"), t.act("魏殺手乙", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "injured"


@pytest.mark.skill("據守樊城")
def test_jushou_fancheng_a_wei_stab_on_a_wei_character_is_reduced_once():
    """Both clauses cover a 魏 killer's 刺殺 on a 魏 character: the skill reduces it once (ruling)."""
    t = Table(characters=CAO_REN)
    t.same_side_stab("魏殺手乙", "魏女眷", void=False)
    t.night(t.act("魏殺手乙", "據守樊城"), t.act("魏殺手乙", "刺殺", "魏女眷"))
    assert t.status("魏女眷") == "injured"


@pytest.mark.skill("據守樊城")
def test_jushou_fancheng_a_stab_merged_with_another_country_is_not_reduced():
    """*這些【刺殺】對該角色的作用效果等同於一次【刺殺】: another country's stab on the same target keeps its harm (ruling)."""
    t = Table(characters=CAO_REN)
    t.night(t.act("魏殺手乙", "據守樊城"), t.act("魏殺手乙", "刺殺", "吳女眷"), t.act("蜀殺手甲", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "out"


@pytest.mark.skill("據守樊城")
def test_jushou_fancheng_failed_reduces_nothing():
    """技能發動失敗: as if not used."""
    t = Table(characters=CAO_REN).wound("魏殺手乙")
    t.fail("魏殺手乙", "據守樊城")
    t.night(t.act("魏殺手乙", "據守樊城"), t.act("蜀殺手甲", "刺殺", "魏女眷"))
    assert t.status("魏女眷") == "out"
    assert t.game.uses_left(t.player("魏殺手乙"), "據守樊城") == 1


@pytest.mark.skill("嫁女安吳")
def test_jianv_anwu_stabs_on_cao_ren_and_the_wu_lord_fail_and_alliance():
    """嫁女安吳：使用後當夜，所有針對你和吳國君主（或新任君主）的【刺殺】失效。魏吳聯盟達成（或延期）兩日兩夜。"""
    t = Table(characters=CAO_REN)
    t.night(t.act("魏殺手乙", "嫁女安吳"), t.act("蜀殺手甲", "刺殺", "魏殺手乙"),
            t.act("吳殺手乙", "刺殺", "吳君主"), t.act("魏殺手甲", "刺殺", "蜀女眷"))
    assert t.drew("刺殺同國失效判定") == []
    assert t.status("魏殺手乙") == "alive" and t.status("吳君主") == "alive" and t.status("蜀女眷") == "out"
    assert t.announced("alliances") == [{"countries": ["魏", "吳"], "until": {"phase": "night", "number": 3}}]
    assert t.feedback("魏殺手乙", "嫁女安吳") == []
    assert t.game.uses_left(t.player("魏殺手乙"), "嫁女安吳") == 0


@pytest.mark.skill("嫁女安吳")
def test_jianv_anwu_covers_the_new_lord():
    """嫁女安吳：…吳國君主（或新任君主）."""
    t = Table(characters=CAO_REN)
    from tianting.core.state import Status

    t.player("吳君主").status = Status.OUT
    t.player("吳護衛").identity = "君主"
    t.player("吳護衛").successor = True
    t.night(t.act("魏殺手乙", "嫁女安吳"), t.act("蜀殺手甲", "刺殺", "吳護衛"))
    assert t.status("吳護衛") == "alive"


@pytest.mark.skill("嫁女安吳")
def test_jianv_anwu_void_once_wu_has_fallen():
    """嫁女安吳：若吳國已滅國則失效。"""
    t = Table(characters=CAO_REN)
    t.state.eliminated.append("吳")
    t.night(t.act("魏殺手乙", "嫁女安吳"), t.act("蜀殺手甲", "刺殺", "魏殺手乙"))
    assert t.status("魏殺手乙") == "out"
    assert t.announced("alliances") == []
    assert t.traced("魏殺手乙 的【嫁女安吳】失效：吳國已滅國")


@pytest.mark.skill("嫁女安吳")
def test_jianv_anwu_extends_the_alliance():
    """魏吳聯盟達成（或延期）兩日兩夜: an alliance in force is extended."""
    t = Table(characters=CAO_REN)
    t.state.alliances.append(Alliance(("魏", "吳"), start=0, end=2))
    t.night(t.act("魏殺手乙", "嫁女安吳"))
    assert t.announced("alliances") == [{"countries": ["魏", "吳"], "until": {"phase": "night", "number": 4}}]


# ---- 張郃 ------------------------------------------------------------------------
ZHANG_HE = {"魏殺手乙": "張郃"}


@pytest.mark.skill("巧變")
def test_qiaobian_wei_stabs_fail_and_a_stab_on_wei_is_moved():
    """巧變：使用後當夜，本國殺手無法發動【刺殺】，隨機獲悉一個其他國角色以本國角色為目標的技能，並將此技能的目標轉移為一名隨機角色。優先獲悉【刺殺】。"""
    t = Table(characters=ZHANG_HE)
    t.force("巧變 魏殺手乙 獲悉的技能", "蜀殺手甲【刺殺】→魏正軍師")
    t.force("巧變 魏殺手乙 轉移目標（第1個目標 魏正軍師）", "吳女眷")
    t.night(t.act("魏殺手乙", "巧變"), t.act("魏殺手甲", "刺殺", "蜀女眷"),
            t.act("蜀殺手甲", "刺殺", "魏正軍師"), t.act("吳正軍師", "明察", "魏殺手甲"))
    # only the 刺殺 is in the draw (優先獲悉【刺殺】), the 明察 on 魏殺手甲 is not
    assert t.drew("獲悉的技能")[0]["options"] == ["蜀殺手甲【刺殺】→魏正軍師"]
    assert t.status("魏正軍師") == "alive" and t.status("吳女眷") == "out"
    assert t.status("蜀女眷") == "alive"
    assert [f.data for f in t.feedback("魏殺手甲") if f.skill == "刺殺"][-1] == {"failed": True}
    fb = t.only_feedback("魏殺手乙", "巧變")
    assert fb.data == {"skill": "刺殺", "targets": ["魏正軍師"]}
    assert "蜀殺手甲" not in fb.text and "吳女眷" not in fb.text  # neither the user nor the new target
    assert t.only_feedback("吳正軍師", "明察").data == {"is_killer": True, "identity": "殺手"}  # 周瑜: 聰慧


@pytest.mark.skill("巧變")
def test_qiaobian_moves_another_skill_when_no_stab():
    """巧變：隨機獲悉一個其他國角色以本國角色為目標的技能 (a 明察 when no 刺殺 aims at 魏)."""
    t = Table(characters=ZHANG_HE)
    t.force("巧變 魏殺手乙 獲悉的技能", "吳正軍師【明察】→魏殺手甲")
    t.force("巧變 魏殺手乙 轉移目標（第1個目標 魏殺手甲）", "蜀女眷")
    t.night(t.act("魏殺手乙", "巧變"), t.act("吳正軍師", "明察", "魏殺手甲"),
            t.act("蜀女眷", "亂花", "魏護衛", "吳君主"), t.act("蜀殺手甲", "刺殺", "吳女眷"))
    assert t.drew("獲悉的技能")[0]["options"] == ["吳正軍師【明察】→魏殺手甲", "蜀女眷【亂花】→魏護衛、吳君主"]
    assert t.only_feedback("吳正軍師", "明察").target == "蜀女眷"
    assert t.only_feedback("吳正軍師", "明察").data == {"is_killer": False, "identity": "女眷"}  # 周瑜: 聰慧
    assert t.only_feedback("魏殺手乙", "巧變").data == {"skill": "明察", "targets": ["魏殺手甲"]}


@pytest.mark.skill("巧變")
def test_qiaobian_nothing_aimed_at_wei():
    """巧變 with no skill of another country aimed at 魏: the owner learns there is none; 魏 still cannot stab."""
    t = Table(characters=ZHANG_HE)
    t.night(t.act("魏殺手乙", "巧變"), t.act("魏殺手乙", "刺殺", "蜀女眷"), t.act("魏正軍師", "明察", "魏殺手甲"))
    assert t.status("蜀女眷") == "alive"
    assert t.only_feedback("魏殺手乙", "巧變").data == {"skill": None, "targets": []}
    assert t.drew("巧變") == []


@pytest.mark.skill("巧變")
def test_qiaobian_blocks_a_stab_submitted_before_it():
    """巧變：使用後當夜，本國殺手無法發動【刺殺】 — whatever the order the actions came in (ruling)."""
    t = Table(characters=ZHANG_HE)
    t.night(t.act("魏殺手甲", "刺殺", "蜀女眷"), t.act("魏殺手乙", "巧變"))
    assert t.status("蜀女眷") == "alive"
    assert [f.data for f in t.feedback("魏殺手甲", "刺殺")] == [{"stabs": 1}, {"failed": True}]


@pytest.mark.skill("巧變")
def test_qiaobian_failed_lets_wei_stab():
    """技能發動失敗: a failed 巧變 blocks no 刺殺 and moves nothing."""
    t = Table(characters=ZHANG_HE).wound("魏殺手乙")
    t.fail("魏殺手乙", "巧變")
    t.night(t.act("魏殺手乙", "巧變"), t.act("魏殺手甲", "刺殺", "蜀女眷"), t.act("蜀殺手甲", "刺殺", "魏正軍師"))
    assert t.status("蜀女眷") == "out" and t.status("魏正軍師") == "out"
    assert t.only_feedback("魏殺手乙", "巧變").data == {"failed": True}


@pytest.mark.skill("巧變", "文和亂武")
def test_qiaobian_wei_killers_get_no_luanwu_stab_and_a_luanwu_stab_on_wei_is_moved():
    """巧變：使用後當夜，本國殺手無法發動【刺殺】，隨機獲悉一個其他國角色以本國角色為目標的技能，並將此技能的目標轉移為一名隨機角色。
    The extra 刺殺 of 文和亂武 is a 刺殺 too: 魏's killers get none, and another country's one on 魏 may be moved (WK13)."""
    t = Table(characters={**ZHANG_HE, "魏正軍師": "賈詡"}, omit=("蜀殺手乙", "吳殺手甲", "吳殺手乙"))
    t.force("文和亂武名單 蜀殺手甲#1", "魏女眷").force("文和亂武名單 蜀殺手甲#2", "吳護衛")
    t.decide("蜀殺手甲", "文和亂武", "魏女眷")
    t.force("巧變 魏殺手乙 獲悉的技能", "蜀殺手甲【刺殺】→魏女眷")
    t.force("巧變 魏殺手乙 轉移目標（第1個目標 魏女眷）", "吳女眷")
    t.night(t.act("魏正軍師", "文和亂武"), t.act("魏殺手乙", "巧變"))
    assert t.drew("文和亂武名單 魏") == []
    assert t.feedback("魏殺手甲", "文和亂武") == [] and t.feedback("魏殺手乙", "文和亂武") == []
    assert t.traced("文和亂武：魏殺手甲 當夜無法發動刺殺（魏殺手乙 巧變：當夜本國殺手無法發動刺殺），不獲得名單")
    assert t.drew("獲悉的技能")[0]["options"] == ["蜀殺手甲【刺殺】→魏女眷"]
    assert t.status("魏女眷") == "alive" and t.status("吳女眷") == "out"
    assert t.only_feedback("魏殺手乙", "巧變").data == {"skill": "刺殺", "targets": ["魏女眷"]}


@pytest.mark.skill("巧變", "文和亂武")
def test_qiaobian_failed_leaves_wei_killers_their_luanwu_stab():
    """技能發動失敗…視為未發動: a failed 巧變 bars no 魏 killer from 文和亂武's extra 刺殺."""
    t = Table(characters={**ZHANG_HE, "魏正軍師": "賈詡"}, omit=("魏殺手甲", "蜀殺手甲", "蜀殺手乙", "吳殺手甲", "吳殺手乙"))
    t.wound("魏殺手乙").fail("魏殺手乙", "巧變")
    t.force("文和亂武名單 魏殺手乙#1", "吳女眷").force("文和亂武名單 魏殺手乙#2", "蜀女眷")
    t.decide("魏殺手乙", "文和亂武", "吳女眷")
    t.night(t.act("魏正軍師", "文和亂武"), t.act("魏殺手乙", "巧變"))
    assert t.status("吳女眷") == "out"


@pytest.mark.skill("料敵機先")
def test_liaodi_jixian_learns_a_random_foreigner_every_night_without_the_id():
    """料敵機先：獲悉一名隨機的其他國角色所有夜間的行動及反饋。"""
    t = Table(characters=ZHANG_HE)
    t.night(t.act("吳正軍師", "明察", "魏殺手甲"))
    t.day()
    t.force("料敵機先 魏殺手乙 隨機的其他國角色", "吳正軍師")
    t.night(t.act("魏殺手乙", "料敵機先"), t.act("吳正軍師", "去偽存真", "蜀君主"))
    fb = t.only_feedback("魏殺手乙", "料敵機先")
    nights = fb.data["nights"]
    assert [n["night"] for n in nights] == [1, 2]
    assert nights[0]["actions"] == [{"skill": "明察", "targets": ["魏殺手甲"]}]
    assert [f["data"] for f in nights[0]["feedback"]] == [{"is_killer": True, "identity": "殺手"}]  # 周瑜: 聰慧
    assert nights[1]["actions"] == [{"skill": "去偽存真", "targets": ["蜀君主"]}]
    assert [f["data"] for f in nights[1]["feedback"]] == [{"country": "蜀"}]
    assert "吳正軍師" not in fb.text and fb.target is None
    options = t.drew("料敵機先")[0]["options"]
    assert "魏殺手乙" not in options and not any(o.startswith("魏") for o in options) and "群雄" in options
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("魏殺手乙", "料敵機先"))


@pytest.mark.skill("料敵機先")
def test_liaodi_jixian_failed_when_wounded_is_kept_and_learns_nothing():
    """技能發動失敗…可再次發動: a failed 料敵機先 draws no one and is not used up."""
    t = Table(characters=ZHANG_HE).wound("魏殺手乙")
    t.fail("魏殺手乙", "料敵機先")
    t.night(t.act("魏殺手乙", "料敵機先"))
    assert t.only_feedback("魏殺手乙", "料敵機先").data == {"failed": True}
    assert t.drew("料敵機先 魏殺手乙") == []
    assert t.game.uses_left(t.player("魏殺手乙"), "料敵機先") == 1


# ---- 木門封侯 ---------------------------------------------------------------------
def mumen_table() -> Table:
    """張郃 beside 司馬懿 (魏副軍師), whose 三分歸晉 is the real one."""
    t = Table(characters=ZHANG_HE)
    assert t.player("魏副軍師").character == "司馬懿" and "三分歸晉" in t.game.skills
    return t


def scapegoat_day(t: Table, scapegoat: str) -> None:
    """A day on which everyone votes ``scapegoat`` (司馬懿's own vote would otherwise carry 兵法's +1)."""
    t.day({p.id: scapegoat for p in t.game.voters() if p.id != scapegoat})
    assert t.announced("exited") == [scapegoat]


@pytest.mark.skill("木門封侯")
@pytest.mark.interaction("木門封侯", "司馬懿")
def test_mumen_fenghou_recognise_then_take_the_first_stab_on_sima_yi():
    """木門封侯：*被*司馬懿使用【三分歸晉】當夜，你與司馬懿互識。之後司馬懿第一次成為【刺殺】的目標時，你獲悉之，並將此【刺殺】的目標改為你。"""
    t = mumen_table()
    t.night(t.act("魏副軍師", "三分歸晉"), t.act("蜀殺手甲", "刺殺", "魏女眷"))
    assert t.player("魏殺手乙").known == {"魏副軍師": "司馬懿"}
    assert t.player("魏副軍師").known == {"魏殺手乙": "張郃"}
    scapegoat_day(t, "群雄")
    t.night(t.act("蜀殺手甲", "刺殺", "魏副軍師"))
    assert t.status("魏副軍師") == "alive" and t.status("魏殺手乙") == "out"
    fb = t.only_feedback("魏殺手乙", "木門封侯")
    assert fb.data == {"target": "魏副軍師", "redirected_to": "魏殺手乙", "consumed": True}
    assert "蜀殺手甲" not in fb.text


@pytest.mark.skill("木門封侯")
def test_mumen_fenghou_only_the_first_time():
    """木門封侯：之後司馬懿「第一次」成為【刺殺】的目標時 (a guarded 張郃 survives; the next stab is not moved)."""
    t = mumen_table()
    t.night(t.act("魏副軍師", "三分歸晉"))
    scapegoat_day(t, "群雄")
    t.night(t.act("蜀殺手甲", "刺殺", "魏副軍師"), t.act("魏護衛", "援護", "魏殺手乙"))
    assert t.status("魏殺手乙") == "alive" and t.status("魏副軍師") == "alive"
    assert t.only_feedback("魏殺手乙", "木門封侯").data["consumed"] is True
    scapegoat_day(t, "吳女眷")
    t.night(t.act("蜀殺手甲", "刺殺", "魏副軍師"))
    assert t.status("魏副軍師") == "out" and t.status("魏殺手乙") == "alive"
    assert t.feedback("魏殺手乙", "木門封侯") == []


@pytest.mark.skill("木門封侯")
def test_mumen_fenghou_not_the_same_night():
    """之後: a 刺殺 on 司馬懿 the night of 三分歸晉 is not moved (ruling)."""
    t = mumen_table()
    t.night(t.act("魏副軍師", "三分歸晉"), t.act("蜀殺手甲", "刺殺", "魏副軍師"))
    assert t.status("魏副軍師") == "out" and t.status("魏殺手乙") == "alive"


@pytest.mark.skill("木門封侯")
def test_mumen_fenghou_nothing_without_sanfen():
    """木門封侯 needs 司馬懿 to have used 三分歸晉."""
    t = mumen_table()
    t.night(t.act("蜀殺手甲", "刺殺", "魏副軍師"))
    assert t.status("魏副軍師") == "out"
    assert t.player("魏殺手乙").known == {}


@pytest.mark.skill("三日五百", "六日一千")
def test_both_extra_stab_skills_in_one_night_are_two_character_skills():
    """一次行動包括…使用至多一個主動使用的角色技能: 三日五百 and 六日一千 cannot stack on one night."""
    t = Table()
    skip_to_night(t, 6)
    with pytest.raises(IllegalAction, match="至多使用一個"):
        t.check(t.act("魏殺手乙", "三日五百"), t.act("魏殺手乙", "六日一千"))


@pytest.mark.skill("六日一千")
def test_liuri_yiqian_extra_stab_not_listed_after_it_is_refused():
    """The extra 刺殺 exists only with 六日一千 used that night: without it the country has one."""
    t = Table()
    skip_to_night(t, 6)
    with pytest.raises(IllegalAction, match="只能發動1次"):
        t.check(t.act("魏殺手甲", "刺殺", "吳女眷"), t.act("魏殺手乙", "刺殺", "蜀女眷"))
