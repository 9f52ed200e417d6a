"""Scenario tests for the 魏 女眷: 甄姬, 蔡文姬, SP蔡文姬, 夏侯涓, 王異 (⊙魏國篇).

Each test quotes the sentence of 000_b521fc75d9962f03.txt it checks; the
rulings W1 … are in docs/rulings/kk33-wei_ladies.md.

The tables seat 荀彧, 張遼 and 夏侯淵 instead of 司馬懿 (兵法) and 夏侯惇 (剛烈, 拔矢啖睛), whose
vote modifiers would change the empty days these scenarios pass through.
"""

from __future__ import annotations

from typing import Any

import pytest

from tianting.core.decisions import InvalidAnswer
from tianting.core.errors import IllegalAction
from tianting.core.skills import Skill, Source, TargetRule, Use
from tianting.core.state import Alliance
from tianting.rules.kk33.harm import Harm, Level
from tianting.testing import Table

SAFE = {"魏副軍師": "荀彧", "魏殺手甲": "張遼", "魏殺手乙": "夏侯淵"}


def table(lady: str = "甄姬", **kw: Any) -> Table:
    characters = {**SAFE, "魏女眷": lady, **kw.pop("characters", {})}
    return Table(characters=characters, **kw)


def grant(t: Table, pid: str, *skills: str) -> Table:
    """Give ``pid`` a character skill (as a learning skill would), to exercise an interaction."""
    t.player(pid).skills.extend(skills)
    return t



class VoidInCancel(Skill):
    """令一個行動失效 in the cancel stage, once the redirects have acted: the targets it changed change back."""

    name = "測試失效"
    source = Source.CHARACTER
    stage = "cancel"
    targets = TargetRule(count=1)
    args = ("name",)

    def apply(self, night: Any, use: Use) -> None:
        for other in night.uses_by(use.targets[0]):
            if other.name == use.action.args["name"]:
                night.void(other, f"{use.actor} 測試失效")


# ==== 甄姬 =========================================================================
@pytest.mark.skill("洛神")
def test_luoshen_gives_a_second_bind_vote():
    """洛神：使用後當夜，你可以額外發動一次【亂花】。"""
    t = table()
    t.night(t.act("魏女眷", "洛神"), t.act("魏女眷", "亂花", "吳君主", "蜀護衛"),
            t.act("魏女眷", "亂花", "吳護衛", "蜀護衛"))
    assert t.state.vote_binds == {"吳君主": "蜀護衛", "吳護衛": "蜀護衛"}
    t.day()
    assert t.announced("tally")["蜀護衛"] == 3  # own vote and the two bound votes
    assert t.announced("exited") == ["蜀護衛"]


@pytest.mark.skill("洛神")
def test_luoshen_without_it_a_second_bind_is_illegal():
    """Only 洛神 gives the extra 亂花 (亂花 is once a night otherwise, R2)."""
    t = table()
    with pytest.raises(IllegalAction, match="已經發動過"):
        t.check(t.act("魏女眷", "亂花", "吳君主", "蜀護衛"), t.act("魏女眷", "亂花", "吳護衛", "蜀護衛"))


@pytest.mark.skill("洛神")
def test_luoshen_failed_when_wounded_the_extra_bind_fails():
    """技能發動失敗…視為未發動: a failed 洛神 gives no extra 亂花 (W1); the first 亂花 stands."""
    t = table().wound("魏女眷")
    t.fail("魏女眷", "洛神").succeed("魏女眷", "亂花").succeed("魏女眷", "亂花")
    t.night(t.act("魏女眷", "洛神"), t.act("魏女眷", "亂花", "吳君主", "蜀護衛"),
            t.act("魏女眷", "亂花", "吳護衛", "蜀護衛"))
    assert t.state.vote_binds == {"吳君主": "蜀護衛"}
    assert t.only_feedback("魏女眷", "洛神").data == {"failed": True}
    assert t.only_feedback("魏女眷", "亂花").data == {"failed": True}


@pytest.mark.skill("洛神")
def test_luoshen_is_unlimited_but_one_character_skill_a_night():
    """所有的二字技能…使用次數無限; 使用至多一個主動使用的角色技能。"""
    t = table()
    t.night(t.act("魏女眷", "洛神"))
    t.day()
    t.check(t.act("魏女眷", "洛神"))
    with pytest.raises(IllegalAction, match="至多使用一個主動的角色技能"):
        t.check(t.act("魏女眷", "洛神"), t.act("魏女眷", "飄忽若神", "蜀正軍師", "吳正軍師", "吳副軍師"))


def kill_healer(t: Table) -> None:
    """Night 1: 蜀 stabs the 神醫 (so a 暗訪 has a dead id to name); day 2 passes. (華佗's 青囊 would make
    the 刺殺 無效: he is seated without it here.)"""
    t.player("群雄").skills.remove("青囊")
    t.night(t.act("蜀殺手甲", "刺殺", "群雄"))
    t.day()


@pytest.mark.skill("飄忽若神")
def test_piaohu_reads_and_changes_the_targets_of_investigations():
    """飄忽若神：指定三個軍師或副軍師，獲悉他們當夜【明察】或【暗訪】的目標並可強制修改之。"""
    t = table()
    kill_healer(t)
    t.decide("魏女眷", "飄忽若神", "吳君主").decide("魏女眷", "飄忽若神", "不修改")
    t.night(t.act("魏女眷", "飄忽若神", "蜀正軍師", "吳副軍師", "魏護衛"),
            t.act("蜀正軍師", "明察", "吳殺手甲"), t.act("吳副軍師", "暗訪", "群雄"))
    reads = {f.target: f.data["actions"] for f in t.feedback("魏女眷", "飄忽若神")}
    assert reads == {
        "蜀正軍師": [{"skill": "明察", "target": "吳殺手甲", "changed_to": "吳君主"}],
        "吳副軍師": [{"skill": "暗訪", "target": "群雄", "changed_to": None}],
        "魏護衛": [],
    }
    # the 明察 now checks 吳君主 (not a killer); the 暗訪 is untouched
    seen = t.only_feedback("蜀正軍師", "明察")
    assert (seen.target, seen.data) == ("吳君主", {"is_killer": False})
    assert t.only_feedback("吳副軍師", "暗訪").data == {"character": "華佗"}
    assert t.feedback("蜀正軍師", "飄忽若神") == [] and t.feedback("吳副軍師", "飄忽若神") == []


@pytest.mark.skill("飄忽若神")
def test_piaohu_on_a_non_strategist_reads_like_an_idle_strategist():
    """指定三個軍師或副軍師: a named player who is not one tells nothing (W2), not even that he is not one."""
    t = table()
    grant(t, "蜀護衛", "歸漢")
    t.night(t.act("魏女眷", "飄忽若神", "蜀護衛", "吳正軍師", "蜀正軍師"), t.act("蜀護衛", "歸漢", "吳君主"))
    texts = {f.target: f.text for f in t.feedback("魏女眷", "飄忽若神")}
    assert texts["蜀護衛"] == "【飄忽若神】蜀護衛當夜沒有發動【明察】或【暗訪】。"
    assert texts["吳正軍師"] == "【飄忽若神】吳正軍師當夜沒有發動【明察】或【暗訪】。"


@pytest.mark.skill("飄忽若神")
def test_piaohu_new_target_must_be_one_the_skill_could_name():
    """明察：指定一個除你以外的ID; 暗訪：指定一個死者ID — a changed target obeys the skill's own rule (W3)."""
    t = table()
    t.decide("魏女眷", "飄忽若神", "蜀正軍師")
    with pytest.raises(InvalidAnswer):
        t.night(t.act("魏女眷", "飄忽若神", "蜀正軍師", "吳正軍師", "吳副軍師"),
                t.act("蜀正軍師", "明察", "吳殺手甲"))


@pytest.mark.skill("飄忽若神")
def test_piaohu_does_not_read_a_failed_investigation():
    """技能發動失敗…視為擁有該技能的角色未發動: a 明察 that failed its check is not read."""
    t = table().wound("蜀正軍師")
    t.fail("蜀正軍師", "明察")
    t.night(t.act("魏女眷", "飄忽若神", "蜀正軍師", "吳正軍師", "吳副軍師"),
            t.act("蜀正軍師", "明察", "吳殺手甲"))
    reads = {f.target: f.data["actions"] for f in t.feedback("魏女眷", "飄忽若神")}
    assert reads["蜀正軍師"] == []


@pytest.mark.skill("飄忽若神")
def test_piaohu_is_limited_and_a_failed_use_is_kept():
    """所有的非二字技能稱為限定技能，只能使用一次; a failed use is not used up (R3)."""
    t = table().wound("魏女眷")
    t.fail("魏女眷", "飄忽若神")
    t.night(t.act("魏女眷", "飄忽若神", "蜀正軍師", "吳正軍師", "吳副軍師"))
    assert t.only_feedback("魏女眷", "飄忽若神").data == {"failed": True}
    t.day()
    t.night(t.act("魏女眷", "飄忽若神", "蜀正軍師", "吳正軍師", "吳副軍師"))
    assert t.player("魏女眷").used == {"飄忽若神": 1}
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("魏女眷", "飄忽若神", "蜀正軍師", "吳正軍師", "吳副軍師"))


@pytest.mark.skill("飄忽若神")
def test_piaohu_changes_the_target_of_an_inquiry_to_another_dead_id():
    """獲悉他們當夜【明察】或【暗訪】的目標並可強制修改之 — a 暗訪 moved to another dead id learns that one's character (W3)."""
    t = table()
    t.player("群雄").skills.remove("青囊")  # 華佗 without 青囊, so the 刺殺 kills him
    t.night(t.act("蜀殺手甲", "刺殺", "群雄"), t.act("吳殺手甲", "刺殺", "蜀女眷"))
    assert t.status("群雄") == "out" and t.status("蜀女眷") == "out"
    t.day()
    t.decide("魏女眷", "飄忽若神", "蜀女眷")
    t.night(t.act("魏女眷", "飄忽若神", "蜀正軍師", "吳副軍師", "魏護衛"), t.act("吳副軍師", "暗訪", "群雄"))
    reads = {f.target: f.data["actions"] for f in t.feedback("魏女眷", "飄忽若神")}
    assert reads["吳副軍師"] == [{"skill": "暗訪", "target": "群雄", "changed_to": "蜀女眷"}]
    seen = t.only_feedback("吳副軍師", "暗訪")
    assert (seen.target, seen.data) == ("蜀女眷", {"character": t.player("蜀女眷").character})


@pytest.mark.skill("飄忽若神")
def test_piaohu_with_no_answer_changes_nothing():
    """並「可」強制修改之 — a missing answer takes the documented default 「不修改」 (W3, R32)."""
    t = table()
    t.lenient_night(t.act("魏女眷", "飄忽若神", "蜀正軍師", "吳正軍師", "吳副軍師"), t.act("蜀正軍師", "明察", "吳殺手甲"))
    (decision,) = t.last.decisions
    assert (decision.actor, decision.skill, decision.answer, decision.defaulted) == ("魏女眷", "飄忽若神", "不修改", True)
    assert decision.options[0] == "不修改" and set(decision.options[1:]) <= set(t.state.players)
    assert t.drew("預設選擇") == []
    assert t.only_feedback("蜀正軍師", "明察").target == "吳殺手甲"


@pytest.mark.skill("飄忽若神")
def test_piaohu_voided_after_the_change_undoes_it():
    """技能失效…沒有任何效果 — a 飄忽若神 voided once it has acted changed no target."""
    t = table(extra_skills=[VoidInCancel])
    grant(t, "吳君主", "測試失效")
    t.decide("魏女眷", "飄忽若神", "吳君主")
    t.night(t.act("魏女眷", "飄忽若神", "蜀正軍師", "吳正軍師", "吳副軍師"), t.act("蜀正軍師", "明察", "吳殺手甲"),
            t.act("吳君主", "測試失效", "魏女眷", name="飄忽若神"))
    seen = t.only_feedback("蜀正軍師", "明察")
    assert (seen.target, seen.data) == ("吳殺手甲", {"is_killer": True})


# ==== 蔡文姬 ========================================================================
@pytest.mark.skill("歸漢")
def test_guihan_tells_the_target_her_character_one_way():
    """歸漢：指定一個ID，令其獲悉你的角色。 (not 互識: she learns nothing back)"""
    t = table("蔡文姬")
    t.night(t.act("魏女眷", "歸漢", "蜀君主"))
    told = t.only_feedback("蜀君主", "歸漢")
    assert (told.target, told.data) == ("魏女眷", {"character": "蔡文姬"})
    assert told.text == "【歸漢】魏女眷的角色：蔡文姬。"
    assert t.player("蜀君主").known == {"魏女眷": "蔡文姬"}
    assert t.player("魏女眷").known == {}
    assert t.feedback("魏女眷") == [] and "蔡文姬" not in t.announced("text")


@pytest.mark.skill("歸漢")
def test_guihan_is_unlimited_and_fails_when_wounded():
    """二字技能…使用次數無限; 受傷…主動技能有一半概率失敗 (the target learns nothing)."""
    t = table("蔡文姬").wound("魏女眷")
    t.fail("魏女眷", "歸漢")
    t.night(t.act("魏女眷", "歸漢", "蜀君主"))
    assert t.feedback("蜀君主", "歸漢") == [] and t.player("蜀君主").known == {}
    t.day()  # healed (R5): used again the next night
    t.night(t.act("魏女眷", "歸漢", "蜀君主"))
    assert t.only_feedback("蜀君主", "歸漢").data == {"character": "蔡文姬"}


@pytest.mark.skill("悲憤詩篇")
def test_beifen_stabs_on_our_country_are_void_half_the_time():
    """悲憤詩篇：使用後當夜，所有針對本國角色的【刺殺】…有一半概率失效 — one draw per stab (W5)."""
    t = table("蔡文姬")
    t.force("悲憤詩篇失效判定 蜀殺手甲→魏護衛", True).force("悲憤詩篇失效判定 吳殺手甲→魏正軍師", False)
    t.night(t.act("魏女眷", "悲憤詩篇"), t.act("蜀殺手甲", "刺殺", "魏護衛"), t.act("吳殺手甲", "刺殺", "魏正軍師"))
    assert t.status("魏護衛") == "alive"
    assert t.status("魏正軍師") == "out"  # a death is not a wound: 不會受傷 does not save him
    assert t.traced("蜀殺手甲 的刺殺對 魏護衛 無效：魏女眷 悲憤詩篇")


@pytest.mark.skill("悲憤詩篇")
def test_beifen_does_not_touch_stabs_on_other_countries():
    """Only 「針對本國角色的」刺殺: a stab on a 吳 player draws nothing."""
    t = table("蔡文姬")
    t.night(t.act("魏女眷", "悲憤詩篇"), t.act("蜀殺手甲", "刺殺", "吳護衛"))
    assert t.status("吳護衛") == "out"
    assert t.drew("悲憤詩篇") == []


@pytest.mark.skill("悲憤詩篇")
def test_beifen_bind_votes_naming_our_country_as_a_or_b():
    """所有針對本國角色的…【亂花】（包括被指定為目標A或B）有一半概率失效。"""
    t = table("蔡文姬")
    t.force("悲憤詩篇失效判定 吳女眷【亂花】魏君主→蜀君主", True)
    t.force("悲憤詩篇失效判定 蜀女眷【亂花】吳君主→魏護衛", False)
    t.night(t.act("魏女眷", "悲憤詩篇"), t.act("吳女眷", "亂花", "魏君主", "蜀君主"),
            t.act("蜀女眷", "亂花", "吳君主", "魏護衛"))
    assert t.state.vote_binds == {"吳君主": "魏護衛"}
    assert len(t.drew("悲憤詩篇")) == 2


@pytest.mark.skill("悲憤詩篇")
def test_beifen_no_one_of_our_country_is_wounded():
    """所有本國角色不會受傷 — not by a 援護, not even a second wound that would kill; others still are."""
    t = table("蔡文姬").wound("魏君主")
    t.night(t.act("魏女眷", "悲憤詩篇"), t.act("吳護衛", "援護", "魏君主"), t.act("蜀護衛", "援護", "魏正軍師"),
            t.act("魏護衛", "援護", "吳君主"))
    assert t.status("魏君主") == "injured"  # still the old wound, not dead
    assert t.status("魏正軍師") == "alive"
    assert t.status("吳君主") == "injured"
    assert t.announced("injured") == ["吳君主"]


@pytest.mark.skill("悲憤詩篇")
def test_beifen_is_global_and_limited():
    """標註有*全*的技能…無需進行任何概率判定 (even when wounded); 非二字技能只能使用一次。"""
    t = table("蔡文姬").wound("魏女眷")
    t.night(t.act("魏女眷", "悲憤詩篇"), t.act("吳護衛", "援護", "魏君主"))
    assert t.drew("成功判定") == [] and t.status("魏君主") == "alive"
    assert t.player("魏女眷").used == {"悲憤詩篇": 1}
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("魏女眷", "悲憤詩篇"))


@pytest.mark.skill("悲憤詩篇")
def test_beifen_beats_dushi_deepening_a_guard_wound():
    """所有本國角色不會受傷 — 衝突規則：免疫傷害類效果優先於造成傷害類效果 (R31): 毒士 makes the 魏 guard's
    援護 on an unstabbed countryman lethal (致傷更為致死), yet it was dealt as a wound, which 悲憤詩篇 stops."""
    t = table("蔡文姬", characters={"魏副軍師": "幕後的主使·賈詡"})
    t.night(t.act("魏女眷", "悲憤詩篇"), t.act("魏護衛", "援護", "魏正軍師"))
    assert t.status("魏正軍師") == "alive"
    assert t.traced("魏正軍師 受到的援護被防止：魏女眷 悲憤詩篇")
    assert t.announced("exited") == [] and t.announced("injured") == []


@pytest.mark.skill("悲憤詩篇")
def test_beifen_her_own_bind_and_our_own_stabs_roll_too():
    """「所有」針對本國角色的【刺殺】、【亂花】 — her own 亂花 naming a countryman and a 魏 killer's 刺殺 on a
    countryman draw too (W5); the 刺殺 then takes the same-country draw as well."""
    t = table("蔡文姬")
    t.force("悲憤詩篇失效判定 魏女眷【亂花】魏君主→蜀君主", True)
    t.force("悲憤詩篇失效判定 魏殺手甲→魏護衛", False)
    t.same_side_stab("魏殺手甲", "魏護衛", void=False)
    t.night(t.act("魏女眷", "悲憤詩篇"), t.act("魏女眷", "亂花", "魏君主", "蜀君主"), t.act("魏殺手甲", "刺殺", "魏護衛"))
    assert t.state.vote_binds == {}
    assert t.status("魏護衛") == "out"


# ==== SP蔡文姬 =====================================================================
def sp() -> Table:
    return table("SP蔡文姬")


def night_one_with_luoshen(t: Table, wounded: bool = False) -> None:
    """Night 1: 吳女眷 (given 洛神) uses it; day 2 passes."""
    grant(t, "吳女眷", "洛神")
    if wounded:
        t.wound("吳女眷").fail("吳女眷", "洛神")
    t.night(t.act("吳女眷", "洛神"))
    t.day()


def test_sp_caiwenji_may_be_seated_for_the_wei_lady_slot():
    t = sp()
    assert t.player("魏女眷").character == "SP蔡文姬"
    assert t.player("魏女眷").skills == ["詩想", "玲奏", "金璧之才", "丞文"]


@pytest.mark.skill("詩想")
def test_shixiang_right_guesses_add_wrong_ones_take_away():
    """詩想：猜測上夜其他角色的主動角色技能…的使用情況，每猜測正確一條獲得一個「詩」標記，每猜測錯誤一條扣除一個「詩」標記。"""
    t = sp()
    t.player("魏女眷").markers["詩"] = 2
    night_one_with_luoshen(t)
    t.night(t.act("魏女眷", "詩想", guesses=[["吳女眷", "洛神"], ["蜀女眷", "洛神"], ["蜀君主", "歸漢"]]))
    assert t.player("魏女眷").marker("詩") == 2 + 1 - 2
    told = t.only_feedback("魏女眷", "詩想")
    assert told.data == {"guesses": 3, "詩": 1}  # never which entries were right (W8)
    assert told.text == "【詩想】你猜測了3條，現有「詩」標記1個。"


@pytest.mark.skill("詩想")
def test_shixiang_markers_never_go_below_zero():
    """（「詩」標記為0時不再扣除）"""
    t = sp()
    night_one_with_luoshen(t)
    t.night(t.act("魏女眷", "詩想", guesses=[["吳女眷", "洛神"], ["蜀女眷", "洛神"], ["吳君主", "洛神"]]))
    assert t.player("魏女眷").marker("詩") == 0


@pytest.mark.skill("詩想")
def test_shixiang_a_failed_skill_was_not_used():
    """技能發動失敗…視為擁有該技能的角色未發動或使用該技能: guessing it is wrong."""
    t = sp()
    t.player("魏女眷").markers["詩"] = 1
    night_one_with_luoshen(t, wounded=True)
    t.night(t.act("魏女眷", "詩想", guesses=[["吳女眷", "洛神"]]))
    assert t.player("魏女眷").marker("詩") == 0


@pytest.mark.skill("詩想", "橫刃復誓")
def test_shixiang_limited_passive_skills_count_when_they_fired():
    """…及非二字被動角色技能的使用情況: a 橫刃復誓 that fired last night is a right guess."""
    t = sp()
    grant(t, "魏護衛", "橫刃復誓")
    t.night(t.act("蜀殺手甲", "刺殺", "魏殺手乙"))
    assert t.player("魏護衛").identity == "殺手"
    t.day()
    t.night(t.act("魏女眷", "詩想", guesses=[["魏護衛", "橫刃復誓"]]))
    assert t.player("魏女眷").marker("詩") == 1


@pytest.mark.skill("詩想")
def test_shixiang_only_about_last_night():
    """猜測「上夜」: the night before last does not count; on night 1 there is no last night."""
    t = sp()
    with pytest.raises(IllegalAction, match="第一夜沒有上夜"):
        t.check(t.act("魏女眷", "詩想", guesses=[["吳女眷", "洛神"]]))
    night_one_with_luoshen(t)
    t.night()
    t.day()
    t.night(t.act("魏女眷", "詩想", guesses=[["吳女眷", "洛神"]]))
    assert t.player("魏女眷").marker("詩") == 0


@pytest.mark.skill("詩想")
@pytest.mark.parametrize("guesses, why", [
    ([], "至少一條"),
    ([["吳女眷", "亂花"]], "不是"),  # an identity skill
    ([["吳女眷", "玲奏"]], "不是"),  # a two-character passive skill
    ([["魏女眷", "洛神"]], "其他角色"),
    ([["吳女眷", "洛神"], ["吳女眷", "洛神"]], "重複"),
    ([["無此人", "洛神"]], "不在遊戲中"),
])
def test_shixiang_what_may_be_guessed(guesses, why):
    """其他角色的主動角色技能及非二字被動角色技能 (W7): anything else is refused at submission."""
    t = sp()
    night_one_with_luoshen(t)
    with pytest.raises(IllegalAction, match=why):
        t.check(t.act("魏女眷", "詩想", guesses=guesses))


@pytest.mark.skill("詩想")
def test_shixiang_names_in_either_script():
    """Players type Traditional or Simplified: 洛神 and 飘忽若神 are the same skill as 飄忽若神."""
    t = sp()
    night_one_with_luoshen(t)
    t.night(t.act("魏女眷", "詩想", guesses=[{"id": "吳女眷", "skill": "洛神"}, ["蜀女眷", "飘忽若神"]]))
    assert t.only_feedback("魏女眷", "詩想").data == {"guesses": 2, "詩": 0}


@pytest.mark.skill("玲奏")
def test_lingzou_character_skills_on_her_fail_x_in_ten():
    """玲奏：*被*針對你的角色技能有X/10的概率失效。（X為「詩」標記的數量）"""
    t = sp()
    grant(t, "吳女眷", "歸漢")
    t.player("魏女眷").markers["詩"] = 3
    t.force("玲奏失效判定 吳女眷【歸漢】", True)
    t.night(t.act("吳女眷", "歸漢", "魏女眷"))
    assert [d["options"][0] for d in t.drew("玲奏")] == ["是:3/10"]
    assert t.feedback("魏女眷", "歸漢") == [] and t.player("魏女眷").known == {}
    assert t.feedback("吳女眷") == []  # 失效: its owner is not told


@pytest.mark.skill("玲奏")
def test_lingzou_when_the_draw_passes_the_skill_works():
    t = sp()
    grant(t, "吳女眷", "歸漢")
    t.player("魏女眷").markers["詩"] = 3
    t.force("玲奏失效判定 吳女眷【歸漢】", False)
    t.night(t.act("吳女眷", "歸漢", "魏女眷"))
    assert t.only_feedback("魏女眷", "歸漢").data == {"character": "小喬"}


@pytest.mark.skill("玲奏")
def test_lingzou_with_no_marker_and_on_identity_skills_draws_nothing():
    """X最少為0: with no 詩 nothing fails; 明察 is an identity skill, not a 角色技能."""
    t = sp()
    grant(t, "吳女眷", "歸漢")
    t.night(t.act("吳女眷", "歸漢", "魏女眷"), t.act("蜀正軍師", "明察", "魏女眷"))
    t.day()
    t.player("魏女眷").markers["詩"] = 5
    t.night(t.act("蜀正軍師", "明察", "魏女眷"))
    assert t.drew("玲奏") == []
    assert t.only_feedback("蜀正軍師", "明察").data == {"is_killer": False}


@pytest.mark.skill("玲奏")
def test_lingzou_certain_at_ten_and_checked_before_redirects():
    """X/10 with X ≥ 10 fails for sure; a skill of the redirect stage (飄忽若神) is stopped before it acts,
    whole: the other two ids it named are not read either (W9)."""
    t = sp()
    grant(t, "吳女眷", "飄忽若神")
    t.player("魏女眷").markers["詩"] = 12
    t.night(t.act("吳女眷", "飄忽若神", "魏女眷", "蜀正軍師", "魏正軍師"), t.act("蜀正軍師", "明察", "吳殺手甲"))
    assert t.drew("玲奏") == []
    assert t.feedback("吳女眷", "飄忽若神") == []
    assert t.traced("吳女眷 的【飄忽若神】失效：魏女眷 玲奏（10/10概率失效）")
    assert t.only_feedback("蜀正軍師", "明察").target == "吳殺手甲" and t.last.decisions == []


def guessed_right_last_night(t: Table, markers: int) -> None:
    t.player("魏女眷").markers["詩"] = markers
    night_one_with_luoshen(t)


@pytest.mark.skill("金璧之才")
def test_jinbi_awakens_at_five():
    """金璧之才：當你的「詩」標記累計達到5或更多時，你失去技能【詩想】並獲得技能【丞文】，獲悉你之前所有猜測正確的條目，與魏國隨機一名軍師（若在場）互識。"""
    t = sp()
    t.state.extra["詩想"] = {"魏女眷": [{"night": 0, "id": "蜀君主", "skill": "測試"}]}  # an earlier right guess
    guessed_right_last_night(t, 4)
    t.force("金璧之才 互識 魏女眷", "魏副軍師")
    t.night(t.act("魏女眷", "詩想", guesses=[["吳女眷", "洛神"]]))
    me = t.player("魏女眷")
    assert me.marker("詩") == 5
    assert "詩想" not in me.skills and "丞文" in me.skills and me.used["金璧之才"] == 1
    items = [f.data for f in t.feedback("魏女眷", "金璧之才")]
    assert {"lost": "詩想"} in items and {"gained": "丞文"} in items
    awake = next(d for d in items if d.get("awakened"))
    assert awake["correct"] == [{"night": 0, "id": "蜀君主", "skill": "測試"},
                                {"night": 1, "id": "吳女眷", "skill": "洛神"}]
    assert [d["options"] for d in t.drew("金璧之才")] == [["魏正軍師", "魏副軍師"]]
    assert me.known == {"魏副軍師": "荀彧"} and t.player("魏副軍師").known == {"魏女眷": "SP蔡文姬"}
    assert t.player("魏正軍師").known == {}


@pytest.mark.skill("金璧之才")
def test_jinbi_not_before_five():
    """「達到5或更多」: four is not enough."""
    t = sp()
    guessed_right_last_night(t, 3)
    t.night(t.act("魏女眷", "詩想", guesses=[["吳女眷", "洛神"]]))
    assert t.player("魏女眷").marker("詩") == 4
    assert "詩想" in t.player("魏女眷").skills and t.feedback("魏女眷", "金璧之才") == []


@pytest.mark.skill("金璧之才")
def test_jinbi_counts_the_markers_she_holds_not_every_marker_ever_gained():
    """當你的「詩」標記累計達到5或更多時 and 每猜測錯誤一條扣除一個「詩」標記 — six right guesses over the nights, but
    wrong ones took markers away and she holds 4: not awakened. A running total of gains would make the deduction
    toothless against guessing at random (W10, kept in issue 10)."""
    t = sp()
    t.state.extra["詩想"] = {"魏女眷": [{"night": 0, "id": "蜀君主", "skill": "測試"}] * 5}  # five earlier right guesses
    guessed_right_last_night(t, 4)
    t.night(t.act("魏女眷", "詩想", guesses=[["吳女眷", "洛神"], ["蜀女眷", "洛神"]]))  # one right, one wrong
    assert t.player("魏女眷").marker("詩") == 4
    assert "詩想" in t.player("魏女眷").skills and t.feedback("魏女眷", "金璧之才") == []


@pytest.mark.skill("金璧之才")
def test_jinbi_with_no_wei_strategist_alive_no_one_is_recognised():
    """與魏國隨機一名軍師「（若在場）」互識。"""
    t = table("SP蔡文姬", omit=["魏正軍師", "魏副軍師"])
    guessed_right_last_night(t, 4)
    t.night(t.act("魏女眷", "詩想", guesses=[["吳女眷", "洛神"]]))
    assert t.player("魏女眷").used == {"金璧之才": 1}
    assert t.feedback("魏女眷", "互識") == [] and t.drew("金璧之才") == []


@pytest.mark.skill("金璧之才", "丞文")
def test_jinbi_after_awakening_shixiang_is_gone_and_chengwen_usable():
    t = sp()
    guessed_right_last_night(t, 4)
    t.force("金璧之才 互識 魏女眷", "魏正軍師")
    with pytest.raises(IllegalAction, match="隱藏技"):
        t.check(t.act("魏女眷", "丞文", "吳殺手甲"))
    t.night(t.act("魏女眷", "詩想", guesses=[["吳女眷", "洛神"]]))
    t.day()
    with pytest.raises(IllegalAction, match="沒有技能【詩想】"):
        t.check(t.act("魏女眷", "詩想", guesses=[["吳女眷", "洛神"]]))
    t.night(t.act("魏女眷", "丞文", "吳殺手甲"))
    assert t.only_feedback("魏女眷", "明察").data == {"is_killer": True, "via": "丞文"}


def awakened() -> Table:
    """SP蔡文姬 as if 金璧之才 had awakened (詩想 lost, 丞文 usable)."""
    t = sp()
    me = t.player("魏女眷")
    me.skills.remove("詩想")
    me.used["金璧之才"] = 1
    return t


@pytest.mark.skill("丞文")
def test_chengwen_is_hidden_until_awakening():
    """隱藏技是指在覺醒技觸發之後才能使用的技能。"""
    t = sp()
    with pytest.raises(IllegalAction, match="隱藏技"):
        t.check(t.act("魏女眷", "丞文", "吳殺手甲"))


@pytest.mark.skill("丞文")
def test_chengwen_investigates():
    """丞文：使用後當夜，你可以發動一次【明察】。 (明察：獲悉其是否為殺手)"""
    t = awakened()
    t.night(t.act("魏女眷", "丞文", "吳殺手甲"))
    told = t.only_feedback("魏女眷", "明察")
    assert (told.target, told.data) == ("吳殺手甲", {"is_killer": True, "via": "丞文"})
    t.day()
    with pytest.raises(IllegalAction, match="除你以外"):
        t.check(t.act("魏女眷", "丞文", "魏女眷"))
    t.check(t.act("魏女眷", "丞文", "吳護衛"))  # unlimited


@pytest.mark.skill("丞文")
def test_chengwen_on_someone_investigated_before_reveals_the_country():
    """若你【明察】的目標在此之前已經成為過【明察】的目標，則將此【明察】改為【去偽存真】。"""
    t = awakened()
    t.night(t.act("蜀正軍師", "明察", "吳護衛"))
    t.day()
    t.night(t.act("魏女眷", "丞文", "吳護衛"))
    told = t.only_feedback("魏女眷", "去偽存真")
    assert (told.target, told.data) == ("吳護衛", {"country": "吳", "via": "丞文"})
    assert t.feedback("魏女眷", "明察") == []


@pytest.mark.skill("丞文")
def test_chengwen_her_own_earlier_investigation_counts():
    t = awakened()
    t.night(t.act("魏女眷", "丞文", "吳護衛"))
    assert t.only_feedback("魏女眷", "明察").data == {"is_killer": False, "via": "丞文"}
    t.day()
    t.night(t.act("魏女眷", "丞文", "吳護衛"))
    assert t.only_feedback("魏女眷", "去偽存真").data == {"country": "吳", "via": "丞文"}


@pytest.mark.skill("丞文")
def test_chengwen_same_night_or_failed_investigations_are_not_before():
    """「在此之前」: a 明察 on the same night is not before it (W12); a failed one never happened."""
    t = awakened().wound("蜀正軍師")
    t.fail("蜀正軍師", "明察")
    t.night(t.act("蜀正軍師", "明察", "吳護衛"))
    t.day()
    t.night(t.act("魏女眷", "丞文", "吳護衛"), t.act("吳正軍師", "明察", "吳護衛"))
    assert t.only_feedback("魏女眷", "明察").data == {"is_killer": False, "via": "丞文"}


@pytest.mark.skill("丞文")
def test_chengwen_wounded_one_check_for_chengwen_and_its_investigation():
    """當主動技能經過成功概率判定並判定成功使用後，技能的一切內容均一定成功生效 — a wounded SP蔡文姬
    rolls once, for 丞文; its 【明察】 is its content and goes off (W11, issue 10 fix 5)."""
    t = awakened().wound("魏女眷")
    t.succeed("魏女眷", "丞文")
    t.night(t.act("魏女眷", "丞文", "吳殺手甲"))
    assert [d["purpose"] for d in t.drew("成功判定 魏女眷")] == ["成功判定 魏女眷【丞文】"]
    told = t.only_feedback("魏女眷", "明察")
    assert told.data["via"] == "丞文" and "failed" not in told.data


# ==== 夏侯涓 ========================================================================
def xhj() -> Table:
    return table("夏侯涓")


@pytest.mark.skill("同心")
def test_tongxin_if_she_lives_he_does_not_die():
    """同心：指定一個ID，當夜若你未死亡則他也不會死亡。"""
    t = xhj()
    t.night(t.act("魏女眷", "同心", "吳護衛"), t.act("蜀殺手甲", "刺殺", "吳護衛"))
    assert t.status("吳護衛") == "alive" and t.status("魏女眷") == "alive"
    assert t.traced("吳護衛 受到的刺殺被防止：魏女眷 同心")
    assert t.feedback("魏女眷", "同心") == [] and t.feedback("吳護衛", "同心") == []  # the text tells no one


@pytest.mark.skill("同心")
def test_tongxin_if_she_dies_he_dies_with_her():
    """若你死亡則他一同死亡。"""
    t = xhj()
    t.night(t.act("魏女眷", "同心", "吳護衛"), t.act("蜀殺手甲", "刺殺", "魏女眷"))
    assert t.status("魏女眷") == "out" and t.status("吳護衛") == "out"
    assert [(d.id, d.cause) for d in t.last.deaths] == [("魏女眷", "刺殺"), ("吳護衛", "同心")]
    assert t.announced("exited") == ["吳護衛", "魏女眷"]  # by id (R52)


@pytest.mark.skill("同心")
def test_tongxin_his_stab_settled_first_and_she_dies_after():
    """「當夜」: his death is spared only while she lives; her later death that night takes him along."""
    t = xhj()
    t.night(t.act("魏女眷", "同心", "吳護衛"), t.act("蜀殺手甲", "刺殺", "吳護衛"), t.act("吳殺手甲", "刺殺", "魏女眷"))
    assert t.status("魏女眷") == "out" and t.status("吳護衛") == "out"
    assert [d.id for d in t.last.deaths] == ["魏女眷", "吳護衛"]


@pytest.mark.skill("同心")
def test_tongxin_prevents_death_but_not_a_wound():
    """「不會死亡」: a second wound that would kill is stopped; a first wound is still a wound."""
    t = xhj().wound("吳護衛")
    t.night(t.act("魏女眷", "同心", "吳護衛"), t.act("蜀護衛", "援護", "吳護衛"))
    assert t.status("吳護衛") == "injured"
    t.day()
    t.night(t.act("魏女眷", "同心", "吳君主"), t.act("蜀護衛", "援護", "吳君主"))
    assert t.status("吳君主") == "injured"


@pytest.mark.skill("同心")
def test_tongxin_only_that_night():
    """「當夜」: a death by vote the next day takes no one along (W13)."""
    t = xhj()
    t.night(t.act("魏女眷", "同心", "吳護衛"))
    t.day({"蜀君主": "魏女眷", "蜀正軍師": "魏女眷"})
    assert t.status("魏女眷") == "out" and t.status("吳護衛") == "alive"


@pytest.mark.skill("同心")
def test_tongxin_on_herself_is_allowed_and_does_nothing():
    """同心：指定一個ID — only 除你以外 excludes the user (技能需要指定目標時如無特殊說明…; R10), so she may
    name herself; 「若你未死亡則他也不會死亡」 about herself says nothing: she is not spared (W13)."""
    t = xhj()
    t.check(t.act("魏女眷", "同心", "魏女眷"))
    t.night(t.act("魏女眷", "同心", "魏女眷"), t.act("蜀殺手甲", "刺殺", "魏女眷"))
    assert t.status("魏女眷") == "out"
    assert [(d.id, d.cause) for d in t.last.deaths] == [("魏女眷", "刺殺")]
    assert t.traced("魏女眷 同心：指定自己，無事發生")


@pytest.mark.skill("同心")
def test_tongxin_failed_when_wounded_protects_no_one():
    t = xhj().wound("魏女眷")
    t.fail("魏女眷", "同心")
    t.night(t.act("魏女眷", "同心", "吳護衛"), t.act("蜀殺手甲", "刺殺", "吳護衛"))
    assert t.status("吳護衛") == "out"


@pytest.mark.skill("連理並蒂")
def test_lianli_void_without_zhang_fei():
    """連理並蒂：若張飛不在場則失效 — used up, no effect, its owner not told (失效)."""
    t = xhj()
    t.night(t.act("魏女眷", "連理並蒂"), t.act("蜀殺手甲", "刺殺", "魏女眷"))
    assert t.status("魏女眷") == "out"
    assert t.player("魏女眷").used == {"連理並蒂": 1}
    assert t.feedback("魏女眷", "連理並蒂") == []
    assert t.state.alliances == [] and t.announced("alliances") == []


@pytest.mark.skill("連理並蒂")
@pytest.mark.interaction("連理並蒂", "張飛")
def test_lianli_with_zhang_fei():
    """使用後當夜，所有針對你和張飛的【刺殺】失效。張飛失去技能【迎娶新妻】。魏蜀聯盟達成（或延期）兩日兩夜。"""
    t = table("夏侯涓", characters={"蜀殺手乙": "張飛"})
    t.night(t.act("魏女眷", "連理並蒂"), t.act("吳殺手甲", "刺殺", "魏女眷"), t.act("魏殺手乙", "刺殺", "蜀殺手乙"),
            t.act("蜀殺手甲", "刺殺", "吳護衛"))
    assert t.status("魏女眷") == "alive" and t.status("蜀殺手乙") == "alive"
    assert t.traced("吳殺手甲 的刺殺對 魏女眷 無效：魏女眷 連理並蒂")
    assert "迎娶新妻" not in t.player("蜀殺手乙").skills
    assert t.only_feedback("蜀殺手乙", "連理並蒂").data == {"lost": "迎娶新妻"}
    assert t.state.alliances == [Alliance(("魏", "蜀"), start=1, end=4)]
    assert t.announced("alliances") == [{"countries": ["魏", "蜀"], "until": {"phase": "night", "number": 3}}]
    assert t.status("吳護衛") == "out"  # other stabs go on
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("魏女眷", "連理並蒂"))


@pytest.mark.skill("連理並蒂")
def test_lianli_extends_an_alliance_already_in_force():
    """魏蜀聯盟達成「（或延期）」兩日兩夜 — a 魏蜀 alliance in force is extended two days and two nights from its end (R24)."""
    t = table("夏侯涓", characters={"蜀殺手乙": "張飛"})
    t.quiet_night()
    t.state.alliances.append(Alliance(("魏", "蜀"), start=1, end=4))  # as if made on night 1 by another skill
    t.day()
    t.night(t.act("魏女眷", "連理並蒂"))
    assert t.state.alliances == [Alliance(("魏", "蜀"), start=1, end=8)]
    assert t.announced("alliances") == [{"countries": ["魏", "蜀"], "until": {"phase": "night", "number": 5}}]
    assert t.traced("魏蜀聯盟延期")


# ==== 王異 ===========================================================================
def wangyi() -> Table:
    return table("王異")


@pytest.mark.skill("貞烈")
def test_zhenlie_investigations_on_her_are_void():
    """貞烈：*被*針對你的【明察】、【去偽存真】…均失效 — void: the user learns nothing and is not told."""
    t = wangyi()
    t.night(t.act("蜀正軍師", "明察", "魏女眷"), t.act("吳正軍師", "去偽存真", "魏女眷"),
            t.act("蜀正軍師", "去偽存真", "魏殺手乙"))
    assert t.feedback("蜀正軍師", "明察") == [] and t.feedback("吳正軍師", "去偽存真") == []
    assert t.only_feedback("蜀正軍師", "去偽存真").data == {"country": "魏"}
    assert t.player("吳正軍師").used == {"去偽存真": 1}  # 失效 is used up
    assert t.drew("") == []  # passive: no check


@pytest.mark.skill("貞烈")
def test_zhenlie_bind_votes_naming_her_as_a_or_b_are_void():
    """針對你的…【亂花】（包括被指定為目標A或B）均失效。"""
    t = wangyi()
    t.night(t.act("蜀女眷", "亂花", "魏女眷", "蜀君主"), t.act("吳女眷", "亂花", "吳君主", "魏女眷"))
    assert t.state.vote_binds == {}


@pytest.mark.skill("貞烈")
def test_zhenlie_her_own_bind_and_other_skills_are_untouched():
    """Only others' 明察/去偽存真/亂花 (W15): her own 亂花 binds; a 刺殺 on her still kills."""
    t = wangyi()
    t.night(t.act("魏女眷", "亂花", "魏女眷", "蜀護衛"))
    assert t.state.vote_binds == {"魏女眷": "蜀護衛"}
    t.day()
    t.night(t.act("蜀殺手甲", "刺殺", "魏女眷"))
    assert t.status("魏女眷") == "out"


@pytest.mark.skill("貞烈", "飄忽若神")
def test_zhenlie_an_investigation_moved_onto_her_is_void():
    """Targets are read after every change: a 明察 moved to 王異 by 飄忽若神 is void."""
    t = wangyi()
    grant(t, "吳女眷", "飄忽若神")
    t.decide("吳女眷", "飄忽若神", "魏女眷")
    t.night(t.act("吳女眷", "飄忽若神", "蜀正軍師", "魏正軍師", "魏副軍師"), t.act("蜀正軍師", "明察", "吳殺手甲"))
    assert t.feedback("蜀正軍師", "明察") == []
    assert t.traced("蜀正軍師 的【明察】失效：魏女眷 貞烈")


@pytest.mark.skill("橫刃復誓")
def test_hengren_killer_dies_at_night_she_is_a_killer_next_phase():
    """橫刃復誓：*被*本國殺手死亡的下個階段開始時，你的身份更為殺手。"""
    t = wangyi()
    t.night(t.act("蜀殺手甲", "刺殺", "魏殺手乙"), t.act("魏女眷", "亂花", "吳君主", "蜀護衛"))
    me = t.player("魏女眷")
    assert t.state.vote_binds == {"吳君主": "蜀護衛"}  # her 亂花 of that night, made as 女眷, stands
    assert me.identity == "殺手" and me.used == {"橫刃復誓": 1}
    told = t.only_feedback("魏女眷", "橫刃復誓")  # 被動的限定技能消耗時…會收到相關反饋
    assert told.data == {"identity": "殺手", "was": "女眷"} and "魏殺手乙" not in told.text
    t.day()
    with pytest.raises(IllegalAction, match="沒有技能【亂花】"):
        t.check(t.act("魏女眷", "亂花", "吳君主", "蜀君主"))
    t.night(t.act("魏女眷", "刺殺", "吳護衛"))
    assert t.only_feedback("魏女眷", "刺殺").data == {"stabs": 1}
    assert t.status("吳護衛") == "out"


@pytest.mark.skill("橫刃復誓")
def test_hengren_killer_voted_out_she_stabs_the_next_night():
    """A death by day: the next phase (the night) begins with her a killer (W16)."""
    t = wangyi()
    t.night()
    t.day({"蜀君主": "魏殺手乙", "蜀正軍師": "魏殺手乙"})
    assert t.status("魏殺手乙") == "out" and t.player("魏女眷").identity == "殺手"
    assert t.only_feedback("魏女眷", "橫刃復誓").data == {"identity": "殺手", "was": "女眷"}
    with pytest.raises(IllegalAction, match="只能發動1次"):
        t.check(t.act("魏女眷", "刺殺", "吳護衛"), t.act("魏殺手甲", "刺殺", "蜀護衛"))
    t.night(t.act("魏女眷", "刺殺", "吳護衛"))
    assert t.status("吳護衛") == "out"


@pytest.mark.skill("橫刃復誓")
def test_hengren_only_our_killers():
    """「本國殺手」: a 蜀 killer or a 魏 guard dying changes nothing."""
    t = wangyi()
    t.night(t.act("吳殺手甲", "刺殺", "蜀殺手甲"), t.act("蜀殺手乙", "刺殺", "魏護衛"))
    assert t.status("蜀殺手甲") == "out" and t.status("魏護衛") == "out"
    assert t.player("魏女眷").identity == "女眷" and t.feedback("魏女眷", "橫刃復誓") == []


@pytest.mark.skill("橫刃復誓")
def test_hengren_not_if_she_dies_that_night_or_that_day():
    """At the next phase's start she is out: nothing changes."""
    t = wangyi()
    t.night(t.act("蜀殺手甲", "刺殺", "魏殺手乙"), t.act("吳殺手甲", "刺殺", "魏女眷"))
    assert t.player("魏女眷").identity == "女眷" and t.player("魏女眷").used == {}
    assert t.feedback("魏女眷", "橫刃復誓") == []


@pytest.mark.skill("橫刃復誓")
def test_hengren_is_limited():
    """限定技能，只能使用一次: the second 魏 killer's death tells her nothing new."""
    t = wangyi()
    t.night(t.act("蜀殺手甲", "刺殺", "魏殺手乙"))
    t.day()
    t.night(t.act("蜀殺手乙", "刺殺", "魏殺手甲"))  # not 關羽: his 英雄相器 spares 張遼
    assert t.status("魏殺手甲") == "out"
    assert t.feedback("魏女眷", "橫刃復誓") == [] and t.player("魏女眷").used == {"橫刃復誓": 1}


@pytest.mark.skill("橫刃復誓")
def test_hengren_not_if_she_dies_later_the_same_day():
    """下個階段開始時: 行殤 kills the 魏 killer and her on one tie; at the next phase she is out (W16)."""
    from tianting.rules.kk33.characters import CHARACTER_SKILLS

    if "行殤" not in CHARACTER_SKILLS:
        pytest.skip("行殤 (曹丕) is not built")
    t = wangyi()
    t.decide("魏君主", "轉生", "曹丕")
    t.night(t.act("蜀殺手甲", "刺殺", "魏君主"))
    t.day({"蜀君主": "魏殺手乙", "蜀正軍師": "魏女眷"})
    assert t.status("魏殺手乙") == "out" and t.status("魏女眷") == "out"
    me = t.player("魏女眷")
    assert me.identity == "女眷" and me.used == {} and t.feedback("魏女眷", "橫刃復誓") == []


class Remove(Skill):
    """令其退出歷史舞台 (like 古之惡來)."""

    name = "測試退場"
    source = Source.CHARACTER
    stage = "attack"

    def apply(self, night: Any, use: Use) -> None:
        night.harms.append(Harm(use.targets[0], Level.KILL, self.name, [use.actor], removal=True))


@pytest.mark.skill("同心")
def test_tongxin_does_not_stop_removal():
    """退出歷史舞台：…不能被減輕和防止死亡的效果減免。"""
    t = table("夏侯涓", extra_skills=[Remove])
    grant(t, "吳女眷", "測試退場")
    t.night(t.act("魏女眷", "同心", "吳護衛"), t.act("吳女眷", "測試退場", "吳護衛"))
    assert t.status("吳護衛") == "out" and t.status("魏女眷") == "alive"


@pytest.mark.skill("橫刃復誓")
def test_hengren_a_new_lord_stays_the_lord():
    """W17: she became the country's 新任君主 (託孤) before a 魏 killer died: she stays 君主."""
    t = wangyi()
    me = t.player("魏女眷")
    me.identity, me.successor = "君主", True  # as if named by 託孤
    t.night(t.act("蜀殺手甲", "刺殺", "魏殺手乙"))
    assert me.identity == "君主" and me.used == {} and t.feedback("魏女眷", "橫刃復誓") == []


# ---- 肝腸寸斷 (built by the lead: the night is resolved again) -----------------------
def caiwenji_table() -> Table:
    t = Table(bare=True, characters={"魏女眷": "蔡文姬"})
    t.player("魏女眷").skills = ["肝腸寸斷"]
    return t


@pytest.mark.skill("肝腸寸斷")
def test_ganchang_voids_every_action_of_the_named_player_that_night():
    """肝腸寸斷：*被*當你死亡時，指定一個ID，令其此夜的所有行動均失效。"""
    t = caiwenji_table()
    t.decide("魏女眷", "肝腸寸斷", "吳護衛").decide("吳君主", "轉生", "孫策")
    t.night(t.act("蜀殺手甲", "刺殺", "魏女眷"), t.act("魏殺手甲", "刺殺", "吳君主"),
            t.act("吳護衛", "援護", "吳君主"), t.act("吳正軍師", "明察", "魏殺手甲"))
    # 吳護衛's 援護 is void: the stab on 吳君主 is valid again and he dies (轉生).
    assert t.status("魏女眷") == "out"
    assert t.player("吳君主").character == "孫策"
    assert t.only_feedback("吳正軍師", "明察").data == {"is_killer": True}  # others' actions stand
    assert t.only_feedback("魏女眷", "肝腸寸斷").data == {"voided": "吳護衛"}
    assert t.traced("吳護衛 的【援護】失效：魏女眷 的【肝腸寸斷】令其此夜的所有行動均失效")


@pytest.mark.skill("肝腸寸斷")
def test_ganchang_naming_her_killer_does_not_undo_her_death():
    """Her death sets it off; voiding the killer's 刺殺 afterwards does not bring her back (ruling W6)."""
    t = caiwenji_table()
    t.decide("魏女眷", "肝腸寸斷", "蜀殺手甲")
    t.night(t.act("蜀殺手甲", "刺殺", "魏女眷"), t.act("蜀正軍師", "明察", "吳殺手甲"))
    assert t.status("魏女眷") == "out"
    assert t.announced("exited") == ["魏女眷"]
    assert [d.cause for d in t.last.deaths] == ["刺殺"]
    assert t.traced("蜀殺手甲 的【刺殺】失效")
    assert [d.as_json() for d in t.last.decisions] == [
        {"actor": "魏女眷", "skill": "肝腸寸斷", "answer": "蜀殺手甲", "defaulted": False,
         "options": [pid for pid in t.state.players if pid != "魏女眷"]}]  # any id but her own


@pytest.mark.skill("肝腸寸斷")
def test_ganchang_by_day_does_nothing():
    """「此夜」: a death by vote has no night to void; no choice is asked."""
    t = caiwenji_table()
    t.quiet_night()
    t.day({"魏君主": "魏女眷", "蜀君主": "魏女眷"})
    assert t.status("魏女眷") == "out"
    assert t.feedback("魏女眷") == []


@pytest.mark.skill("肝腸寸斷")
def test_ganchang_does_nothing_while_she_lives():
    t = caiwenji_table()
    t.night(t.act("吳護衛", "援護", "吳君主"))
    assert t.status("吳君主") == "injured"
    assert not t.traced("重新結算")
