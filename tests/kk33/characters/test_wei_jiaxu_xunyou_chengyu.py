"""Scenario tests for 台上的主宰·賈詡, 幕後的主使·賈詡, 荀攸 and 程昱 (KK規則3.3版 ⊙魏國篇).

Each test quotes the sentence of 000_b521fc75d9962f03.txt it checks; the
rulings are in docs/rulings/kk33-wei_jiaxu_xunyou_chengyu.md.
"""

from __future__ import annotations

import pytest

from tianting.core.decisions import DecisionBook
from tianting.core.errors import IllegalAction
from tianting.core.records import Action, DecisionRecord
from tianting.core.skills import Skill, Source, Use
from tianting.core.state import Status
from tianting.testing import Table

JIA_XU = {"魏正軍師": "賈詡"}  # 台上的主宰·賈詡
JIA_XU_BEHIND = {"魏副軍師": "賈詡"}  # 幕後的主使·賈詡
XUN_YOU = {"魏副軍師": "荀攸"}
CHENG_YU = {"魏副軍師": "程昱"}


def unscripted_night(t: Table, *actions: Action) -> DecisionBook:
    """A night whose choices are left unanswered, as a script may leave them (a non-strict book)."""
    t.check(*actions)
    book = DecisionBook(strict=False)
    t._done(t.game.resolve_night(list(actions), book, None), book)
    return book


# ---- 台上的主宰·賈詡：帷幕 ------------------------------------------------------
@pytest.mark.skill("帷幕")
def test_weimu_stab_by_an_investigated_killer_only_wounds():
    """帷幕：*被*被你【明察】過的角色…對你造成的傷害減輕。 (致死 → 致傷)"""
    t = Table(characters=JIA_XU)
    assert t.player("魏正軍師").character == "台上的主宰·賈詡"
    t.night(t.act("魏正軍師", "明察", "蜀殺手甲"))
    t.day()
    t.night(t.act("蜀殺手甲", "刺殺", "魏正軍師"))
    assert t.status("魏正軍師") == "injured"
    assert t.announced("exited") == [] and t.announced("injured") == ["魏正軍師"]
    assert t.traced("傷害減輕：魏正軍師 帷幕")
    assert t.feedback("魏正軍師", "帷幕") == [] and t.feedback("蜀殺手甲", "帷幕") == []


@pytest.mark.skill("帷幕")
def test_weimu_investigated_the_same_night_counts():
    """帷幕：被你【明察】過的角色…: tonight's 明察 has gone off (inform) before the stab is settled."""
    t = Table(characters=JIA_XU)
    t.night(t.act("魏正軍師", "明察", "蜀殺手甲"), t.act("蜀殺手甲", "刺殺", "魏正軍師"))
    assert t.status("魏正軍師") == "injured"


@pytest.mark.skill("帷幕")
def test_weimu_stab_by_someone_not_investigated_kills_and_merged_stabs_are_not_reduced():
    """帷幕 reduces only harm from 被你明察過的角色: a merged stab with another 兇手 still kills."""
    t = Table(characters=JIA_XU)
    t.night(t.act("魏正軍師", "明察", "蜀殺手甲"))
    t.day()
    t.night(t.act("蜀殺手甲", "刺殺", "魏正軍師"), t.act("吳殺手乙", "刺殺", "魏正軍師"))
    assert t.status("魏正軍師") == "out"
    assert not t.traced("帷幕")


@pytest.mark.skill("帷幕")
def test_weimu_guard_wound_from_an_investigated_guard_is_reduced_to_nothing():
    """帷幕：…對你造成的傷害減輕。 援護's wound (致傷) reduced is nothing."""
    t = Table(characters=JIA_XU)
    t.night(t.act("魏正軍師", "明察", "蜀護衛"))
    t.day()
    t.night(t.act("蜀護衛", "援護", "魏正軍師"))
    assert t.status("魏正軍師") == "alive"
    assert t.traced("魏正軍師 受到的援護已減輕至無")


@pytest.mark.skill("帷幕")
def test_weimu_votes_of_investigated_players_are_void():
    """帷幕：*被*被你【明察】過的角色對你的投票無效。"""
    t = Table(characters=JIA_XU)
    t.night(t.act("魏正軍師", "明察", "蜀殺手甲"))
    t.day({"蜀殺手甲": "魏正軍師", "蜀君主": "魏正軍師", "魏正軍師": "吳護衛"})
    assert t.traced("蜀殺手甲 的投票無效：魏正軍師 帷幕")
    assert t.announced("votes")["蜀殺手甲"] == "魏正軍師"  # the ballot is still public
    assert t.announced("tally")["魏正軍師"] == 1  # only 蜀君主's vote counts


@pytest.mark.skill("帷幕")
def test_weimu_failed_investigation_does_not_count():
    """技能發動失敗…視為未發動: a 明察 that failed its check is not 明察過."""
    t = Table(characters=JIA_XU).wound("魏正軍師")
    t.fail("魏正軍師", "明察")
    t.night(t.act("魏正軍師", "明察", "蜀殺手甲"))
    t.day({"蜀殺手甲": "魏正軍師", "魏正軍師": "吳護衛"})
    assert not t.traced("帷幕")
    assert t.announced("tally")["魏正軍師"] == 1


@pytest.mark.skill("帷幕")
def test_weimu_a_voided_investigation_still_counts():
    """技能失效是指該技能成功發動或使用，但沒有任何效果: a 明察 made 失效 (遊說) was used, so 帷幕 counts it (J1)."""
    t = Table(characters={**JIA_XU, **CHENG_YU})
    t.decide("魏副軍師", "遊說", "台上的主宰·賈詡【明察】")
    t.night(t.act("魏正軍師", "明察", "魏副軍師"), t.act("吳正軍師", "明察", "魏副軍師"))
    assert t.traced("魏正軍師 的【明察】失效：魏副軍師 遊說")
    assert t.feedback("魏正軍師", "明察") == []  # 失效: no result
    t.day({"魏副軍師": "魏正軍師", "魏正軍師": "吳護衛"})
    assert t.traced("魏副軍師 的投票無效：魏正軍師 帷幕")
    assert "魏正軍師" not in t.announced("tally")


# ---- 台上的主宰·賈詡：完殺 ------------------------------------------------------
@pytest.mark.skill("完殺")
def test_wansha_voids_the_guard_so_the_stab_kills():
    """完殺：指定一個ID，當夜其受到的【援護】無效。"""
    t = Table(characters=JIA_XU)
    t.night(t.act("魏正軍師", "完殺", "吳副軍師"), t.act("吳護衛", "援護", "吳副軍師"),
            t.act("蜀殺手甲", "刺殺", "吳副軍師"))
    assert t.status("吳副軍師") == "out"
    assert t.traced("吳護衛 的【援護】失效：魏正軍師 完殺 吳副軍師")
    assert t.feedback("吳護衛") == []  # 失效：擁有該技能的角色不能收到反饋
    assert t.feedback("魏正軍師") == []


@pytest.mark.skill("完殺")
def test_wansha_voids_the_guard_wound_too_and_every_guard_on_the_target():
    """完殺：其受到的【援護】無效 — all of them, and with them the wound of an unstabbed target."""
    t = Table(characters=JIA_XU)
    t.night(t.act("魏正軍師", "完殺", "吳副軍師"), t.act("吳護衛", "援護", "吳副軍師"),
            t.act("蜀護衛", "援護", "吳副軍師"))
    assert t.status("吳副軍師") == "alive"
    assert t.announced("injured") == []


@pytest.mark.skill("完殺")
def test_wansha_leaves_guards_on_others():
    """完殺 names one ID: a guard on someone else still stops the stab."""
    t = Table(characters=JIA_XU)
    t.night(t.act("魏正軍師", "完殺", "吳副軍師"), t.act("吳護衛", "援護", "吳君主"),
            t.act("蜀殺手甲", "刺殺", "吳君主"))
    assert t.status("吳君主") == "alive" and t.player("吳君主").character == "孫堅"


@pytest.mark.skill("完殺")
def test_wansha_voids_an_extra_guard_of_luoyi_too():
    """完殺：當夜其受到的【援護】無效 — the extra 援護 of 許褚's 裸衣 as well."""
    t = Table(characters=JIA_XU)
    if "裸衣" not in t.game.skills:
        pytest.skip("裸衣 (許褚) not built")
    t.night(t.act("魏正軍師", "完殺", "吳副軍師"), t.act("魏護衛", "裸衣", "魏護衛", "吳副軍師"),
            t.act("蜀殺手甲", "刺殺", "吳副軍師"))
    assert t.status("吳副軍師") == "out"
    assert t.status("魏護衛") == "injured"  # his 援護 on himself is untouched and wounds him


@pytest.mark.skill("完殺")
def test_wansha_failed_when_wounded_and_usable_every_night():
    """完殺 is a 二字 skill (使用次數無限); wounded, it fails half the time and the guard then works."""
    t = Table(characters=JIA_XU).wound("魏正軍師")
    t.fail("魏正軍師", "完殺")
    t.night(t.act("魏正軍師", "完殺", "吳副軍師"), t.act("吳護衛", "援護", "吳副軍師"),
            t.act("蜀殺手甲", "刺殺", "吳副軍師"))
    assert t.status("吳副軍師") == "alive"
    assert t.only_feedback("魏正軍師", "完殺").data == {"failed": True}
    t.day()
    t.night(t.act("魏正軍師", "完殺", "吳副軍師"), t.act("吳護衛", "援護", "吳副軍師"),
            t.act("蜀殺手甲", "刺殺", "吳副軍師"))  # healed at the start of this day
    assert t.status("吳副軍師") == "out"
    t.day()
    t.check(t.act("魏正軍師", "完殺", "吳君主"))


# ---- 台上的主宰·賈詡：文和亂武 ----------------------------------------------------
def luanwu_table(**kw: object) -> Table:
    chars = {**JIA_XU, "魏殺手甲": "張遼", "魏殺手乙": "張郃", "吳殺手甲": "黃蓋"}
    return Table(characters=chars, **kw)  # type: ignore[arg-type]


@pytest.mark.skill("文和亂武")
def test_wenhe_luanwu_every_killer_stabs_one_of_two_random_ids():
    """文和亂武：*全*使用後當夜，各國殺手（若在場）獲得一份包含2個隨機ID的名單，殺手須選擇其中一個ID作為當夜額外刺殺的目標。"""
    t = luanwu_table(omit=("蜀殺手乙", "吳殺手甲", "吳殺手乙"))
    t.force("文和亂武名單 魏殺手甲#1", "吳副軍師").force("文和亂武名單 魏殺手甲#2", "蜀女眷")
    t.force("文和亂武名單 魏殺手乙#1", "蜀副軍師").force("文和亂武名單 魏殺手乙#2", "吳護衛")
    t.force("文和亂武名單 蜀殺手甲#1", "蜀護衛").force("文和亂武名單 蜀殺手甲#2", "魏女眷")
    t.decide("魏殺手甲", "文和亂武", "吳副軍師").decide("魏殺手乙", "文和亂武", "吳護衛")
    t.decide("蜀殺手甲", "文和亂武", "魏女眷")
    t.night(t.act("魏正軍師", "文和亂武"))
    assert [t.status(p) for p in ("吳副軍師", "吳護衛", "魏女眷")] == ["out", "out", "out"]
    assert [t.status(p) for p in ("蜀女眷", "蜀副軍師", "蜀護衛")] == ["alive", "alive", "alive"]
    fb = t.only_feedback("蜀殺手甲", "文和亂武")
    assert (fb.target, fb.data) == ("魏女眷", {"list": ["蜀護衛", "魏女眷"], "target": "魏女眷"})
    assert t.only_feedback("魏殺手乙", "文和亂武").data == {"list": ["蜀副軍師", "吳護衛"], "target": "吳護衛"}
    assert "魏殺手甲" not in t.only_feedback("魏殺手乙", "文和亂武").text  # a killer learns nothing of the other
    assert t.feedback("魏正軍師") == [] and t.feedback("吳護衛", "文和亂武") == []
    assert [d for d in t.last.draws if "成功判定" in d["purpose"]] == []  # *全*: no check


@pytest.mark.skill("文和亂武")
def test_wenhe_luanwu_extra_stab_is_on_top_of_the_countrys_own():
    """文和亂武：…作為當夜「額外」刺殺的目標 — the country's own 刺殺 is still there; 各國殺手（若在場）."""
    t = luanwu_table(omit=("魏殺手乙", "蜀殺手乙", "吳殺手甲", "吳殺手乙"))
    t.force("文和亂武名單 魏殺手甲#1", "吳副軍師").force("文和亂武名單 魏殺手甲#2", "蜀女眷")
    t.force("文和亂武名單 蜀殺手甲#1", "吳護衛").force("文和亂武名單 蜀殺手甲#2", "群雄")
    t.decide("魏殺手甲", "文和亂武", "蜀女眷").decide("蜀殺手甲", "文和亂武", "吳護衛")
    t.decide("吳君主", "轉生", "孫策")
    t.night(t.act("魏正軍師", "文和亂武"), t.act("蜀殺手甲", "刺殺", "吳君主"), t.act("魏殺手甲", "刺殺", "吳女眷"))
    assert t.status("吳護衛") == "out" and t.status("蜀女眷") == "out" and t.status("吳女眷") == "out"
    assert t.player("吳君主").life == 1  # 孫堅 died and reincarnated
    assert not t.drew("文和亂武名單 吳")  # 吳 has no killer in play


@pytest.mark.skill("文和亂武")
def test_wenhe_luanwu_is_limited_and_takes_no_check_when_wounded():
    """文和亂武 is limited (非二字) and *全* (無需進行任何概率判定); its 刺殺 is a 刺殺 (同國 half chance)."""
    t = luanwu_table(omit=("魏殺手乙", "蜀殺手甲", "蜀殺手乙", "吳殺手甲", "吳殺手乙")).wound("魏正軍師")
    t.force("文和亂武名單 魏殺手甲#1", "吳副軍師").force("文和亂武名單 魏殺手甲#2", "魏君主")
    t.decide("魏殺手甲", "文和亂武", "魏君主")
    t.same_side_stab("魏殺手甲", "魏君主", void=True)
    t.night(t.act("魏正軍師", "文和亂武"))
    assert t.player("魏君主").life == 0 and t.status("魏君主") == "alive"
    assert t.player("魏正軍師").used == {"文和亂武": 1}
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("魏正軍師", "文和亂武"))


@pytest.mark.skill("文和亂武")
def test_wenhe_luanwu_list_is_of_living_ids_other_than_the_killer():
    """文和亂武：…獲得一份包含2個隨機ID的名單，殺手須選擇其中一個ID作為當夜額外刺殺的目標 — never himself (J5)."""
    t = luanwu_table(omit=("魏殺手乙", "蜀殺手甲", "蜀殺手乙", "吳殺手甲", "吳殺手乙"))
    t.player("吳女眷").status = Status.OUT
    living = sorted(p.id for p in t.state.players.values() if p.alive and p.id != "魏殺手甲")
    t.force("文和亂武名單 魏殺手甲#1", "吳副軍師").force("文和亂武名單 魏殺手甲#2", "蜀女眷")
    t.decide("魏殺手甲", "文和亂武", "蜀女眷")
    t.night(t.act("魏正軍師", "文和亂武"))
    assert sorted(t.drew("文和亂武名單 魏殺手甲#1")[0]["options"]) == living
    assert sorted(t.drew("文和亂武名單 魏殺手甲#2")[0]["options"]) == [p for p in living if p != "吳副軍師"]
    assert t.status("蜀女眷") == "out"


@pytest.mark.skill("文和亂武", "神速")
def test_wenhe_luanwu_no_list_for_killers_who_cannot_stab_tonight():
    """神速：…次夜本國殺手均無法發動【刺殺】 — so 文和亂武's extra 刺殺 is not theirs that night either (J5)."""
    t = Table(characters=JIA_XU, omit=("蜀殺手乙", "吳殺手甲", "吳殺手乙"))
    t.night(t.act("魏殺手乙", "神速"))
    t.day()
    t.force("文和亂武名單 蜀殺手甲#1", "吳副軍師").force("文和亂武名單 蜀殺手甲#2", "魏女眷")
    t.decide("蜀殺手甲", "文和亂武", "吳副軍師")
    t.night(t.act("魏正軍師", "文和亂武"))
    assert t.drew("文和亂武名單 魏") == []
    assert t.feedback("魏殺手甲", "文和亂武") == [] and t.feedback("魏殺手乙", "文和亂武") == []
    assert t.traced("文和亂武：魏殺手甲 當夜無法發動刺殺（魏國殺手當夜無法發動刺殺），不獲得名單")
    assert t.status("吳副軍師") == "out"


# ---- 幕後的主使·賈詡：毒士 ------------------------------------------------------
@pytest.mark.skill("毒士")
def test_dushi_own_countrys_guard_wound_becomes_a_kill():
    """毒士：*被*本國護衛即將致人受傷時，致傷更為致死。"""
    t = Table(characters=JIA_XU_BEHIND)
    assert t.player("魏副軍師").character == "幕後的主使·賈詡"
    t.night(t.act("魏護衛", "援護", "吳副軍師"))
    assert t.status("吳副軍師") == "out"
    assert t.traced("傷害加深：魏副軍師 毒士")
    assert t.feedback("魏副軍師") == [] and t.feedback("魏護衛") == []


@pytest.mark.skill("毒士")
def test_dushi_other_countrys_guard_only_wounds_and_a_saving_guard_harms_no_one():
    """毒士 names 本國護衛: another country's guard still only wounds; a guard that stops a stab wounds no one."""
    t = Table(characters=JIA_XU_BEHIND)
    t.night(t.act("蜀護衛", "援護", "吳副軍師"), t.act("魏護衛", "援護", "吳護衛"),
            t.act("蜀殺手甲", "刺殺", "吳護衛"))
    assert t.status("吳副軍師") == "injured"
    assert t.status("吳護衛") == "alive"


@pytest.mark.skill("毒士")
def test_dushi_guard_guarding_himself_is_only_wounded():
    """毒士：…即將「致人」受傷時: a guard's wound on himself is not 致人 (ruling)."""
    t = Table(characters=JIA_XU_BEHIND)
    t.night(t.act("魏護衛", "援護", "魏護衛"))
    assert t.status("魏護衛") == "injured"


@pytest.mark.skill("毒士")
def test_dushi_stops_when_jia_xu_is_out():
    """角色死亡後出局，不能再進行任何行動: a dead 賈詡's 毒士 does not work."""
    t = Table(characters=JIA_XU_BEHIND)
    t.night(t.act("蜀殺手甲", "刺殺", "魏副軍師"))
    t.day()
    t.night(t.act("魏護衛", "援護", "吳副軍師"))
    assert t.status("吳副軍師") == "injured"


@pytest.mark.skill("毒士", "悲憤詩篇")
def test_dushi_does_not_beat_a_no_wound_immunity():
    """悲憤詩篇：…所有本國角色不會受傷。 衝突規則：免疫傷害類效果優先於造成傷害類效果 — the wound 毒士 made lethal is still a wound dealt (J6)."""
    t = Table(characters={**JIA_XU_BEHIND, "魏女眷": "蔡文姬"})
    t.night(t.act("魏女眷", "悲憤詩篇"), t.act("魏護衛", "援護", "魏殺手乙"))
    assert t.traced("魏殺手乙 受到的援護被防止：魏女眷 悲憤詩篇：本國角色不會受傷")
    assert t.status("魏殺手乙") == "alive"
    assert t.announced("exited") == [] and t.announced("injured") == []


# ---- 幕後的主使·賈詡：神算 ------------------------------------------------------
@pytest.mark.skill("神算")
def test_shensuan_both_right_may_stop_and_use_it_again_the_next_night():
    """神算：若兩者皆猜測正確，則當夜你可選擇是否繼續使用【神算】，若當夜不再使用【神算】，則次夜你可繼續使用【神算】"""
    t = Table(characters=JIA_XU_BEHIND)
    t.decide("魏副軍師", "神算", "不再使用")
    t.night(t.act("魏副軍師", "神算", "蜀護衛", identity="護衛", country="蜀"))
    fb = t.only_feedback("魏副軍師", "神算")
    assert fb.data == {"identity": "護衛", "country": "蜀", "correct": 2}  # no character: not granted
    assert "趙雲" not in fb.text
    assert t.feedback("蜀護衛") == []
    t.day()
    t.check(t.act("魏副軍師", "神算", "吳護衛", identity="護衛", country="吳"))


@pytest.mark.skill("神算")
def test_shensuan_both_right_goes_on_until_one_is_wrong_and_then_learns_the_character():
    """神算：兩者皆正確可繼續；若其中一者猜測正確，則你在當夜無法繼續使用【神算】…並可獲悉此人角色"""
    t = Table(characters=JIA_XU_BEHIND)
    t.decide("魏副軍師", "神算", "繼續使用")
    t.decide("魏副軍師", "神算", {"target": "吳殺手甲", "identity": "殺手", "country": "蜀"})
    t.night(t.act("魏副軍師", "神算", "蜀護衛", identity="護衛", country="蜀"))
    first, second = t.feedback("魏副軍師", "神算")
    assert first.data["correct"] == 2
    assert second.target == "吳殺手甲"
    assert second.data == {"identity": "殺手", "country": "蜀", "correct": 1, "character": "黃蓋"}
    assert "無法繼續" in second.text
    assert "神算" in t.player("魏副軍師").skills
    assert [a["targets"] for a in t.state.history[-1]["actions"] if a["skill"] == "神算"] == [["蜀護衛"], ["吳殺手甲"]]


@pytest.mark.skill("神算")
def test_shensuan_unanswered_choice_stops():
    """神算：當夜你「可選擇」是否繼續使用【神算】 — left unanswered, he does not go on (documented default, no draw; J7)."""
    t = Table(characters=JIA_XU_BEHIND)
    book = unscripted_night(t, t.act("魏副軍師", "神算", "蜀護衛", identity="護衛", country="蜀"))
    assert book.asked == [DecisionRecord("魏副軍師", "神算", "不再使用", True, ["繼續使用", "不再使用"])]
    assert t.drew("預設選擇") == []
    assert t.only_feedback("魏副軍師", "神算").data["correct"] == 2
    assert t.traced("魏副軍師 當夜不再使用神算")
    t.day()
    t.check(t.act("魏副軍師", "神算", "吳護衛", identity="護衛", country="吳"))


@pytest.mark.skill("神算")
def test_shensuan_one_right_learns_the_character_without_saying_which():
    """神算：若其中一者猜測正確…並可獲悉此人角色 (not which of the two was right)."""
    t = Table(characters=JIA_XU_BEHIND)
    t.night(t.act("魏副軍師", "神算", "吳正軍師", identity="副軍師", country="吳"))
    fb = t.only_feedback("魏副軍師", "神算")
    assert fb.data == {"identity": "副軍師", "country": "吳", "correct": 1, "character": "周瑜"}
    assert "國籍" not in fb.text and "身份猜測" not in fb.text


@pytest.mark.skill("神算")
def test_shensuan_both_wrong_loses_the_skill_at_once():
    """神算：若兩者皆猜測錯誤，則立即失去技能【神算】，且不能獲悉此人角色。"""
    t = Table(characters=JIA_XU_BEHIND)
    t.night(t.act("魏副軍師", "神算", "吳正軍師", identity="殺手", country="蜀"))
    guess, lost = t.feedback("魏副軍師", "神算")
    assert guess.data == {"identity": "殺手", "country": "蜀", "correct": 0}
    assert "周瑜" not in guess.text
    assert lost.data == {"lost": "神算"}
    assert "神算" not in t.player("魏副軍師").skills
    t.day()
    with pytest.raises(IllegalAction, match="沒有技能"):
        t.check(t.act("魏副軍師", "神算", "吳護衛", identity="護衛", country="吳"))


@pytest.mark.skill("神算")
def test_shensuan_going_on_when_wounded_takes_its_own_check():
    """受傷：其於之後的夜晚發動或使用的主動技能有一半概率失敗 — each further use of 神算 too."""
    t = Table(characters=JIA_XU_BEHIND).wound("魏副軍師")
    t.succeed("魏副軍師", "神算").fail("魏副軍師", "神算")
    t.decide("魏副軍師", "神算", "繼續使用")
    t.decide("魏副軍師", "神算", {"target": "吳正軍師", "identity": "殺手", "country": "蜀"})
    t.night(t.act("魏副軍師", "神算", "蜀護衛", identity="護衛", country="蜀"))
    first, failed = t.feedback("魏副軍師", "神算")
    assert first.data["correct"] == 2
    assert failed.data == {"failed": True}
    assert "神算" in t.player("魏副軍師").skills  # the failed guess was not made


@pytest.mark.skill("神算")
def test_shensuan_guess_must_name_an_identity_and_a_country():
    """神算：猜測其身份及國籍."""
    t = Table(characters=JIA_XU_BEHIND)
    with pytest.raises(IllegalAction, match="身份"):
        t.check(t.act("魏副軍師", "神算", "蜀護衛", identity="軍師", country="蜀"))
    with pytest.raises(IllegalAction, match="國籍"):
        t.check(t.act("魏副軍師", "神算", "蜀護衛", identity="護衛", country="漢"))
    with pytest.raises(IllegalAction, match="參數"):
        t.check(t.act("魏副軍師", "神算", "蜀護衛", identity="護衛"))


# ---- 荀攸：察言觀色 -------------------------------------------------------------
@pytest.mark.skill("察言觀色")
def test_chayan_guanse_gets_a_one_time_right_of_what_the_target_used():
    """察言觀色：指定一個ID，獲得其當夜發動或使用的所有技能的一次性使用權。"""
    t = Table(characters=XUN_YOU)
    t.night(t.act("魏副軍師", "察言觀色", "蜀殺手甲"), t.act("蜀殺手甲", "刺殺", "吳護衛"))
    summary = next(f for f in t.feedback("魏副軍師", "察言觀色") if f.target == "蜀殺手甲")
    assert summary.data == {"used": ["刺殺"], "granted": ["刺殺"], "held": []}
    assert any(f.data == {"granted": "刺殺", "uses": 1} for f in t.feedback("魏副軍師", "察言觀色"))
    assert t.feedback("蜀殺手甲", "察言觀色") == []
    t.day()
    # the right is his own: beside 魏's own 刺殺
    t.night(t.act("魏副軍師", "刺殺", "吳副軍師"), t.act("魏殺手乙", "刺殺", "蜀女眷"))
    assert t.status("吳副軍師") == "out"
    t.day()
    assert t.player("魏副軍師").granted == {"刺殺": 0}
    with pytest.raises(IllegalAction, match="沒有技能【刺殺】"):
        t.check(t.act("魏副軍師", "刺殺", "吳君主"))
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("魏副軍師", "察言觀色", "吳君主"))


@pytest.mark.skill("察言觀色")
def test_chayan_guanse_a_failed_skill_is_not_copied_a_void_one_is():
    """技能發動失敗…視為未發動 (no right); 技能失效…成功發動或使用 (a right). Here 完殺 voids the 援護."""
    t = Table(characters={**XUN_YOU, **JIA_XU}).wound("蜀護衛")
    t.fail("蜀護衛", "援護")
    t.night(t.act("魏副軍師", "察言觀色", "蜀護衛"), t.act("蜀護衛", "援護", "蜀君主"))
    assert next(f for f in t.feedback("魏副軍師", "察言觀色") if f.target == "蜀護衛").data == \
        {"used": [], "granted": [], "held": []}
    assert t.player("魏副軍師").granted == {}
    t2 = Table(characters={**XUN_YOU, **JIA_XU})
    t2.night(t2.act("魏副軍師", "察言觀色", "吳護衛"), t2.act("魏正軍師", "完殺", "吳副軍師"),
             t2.act("吳護衛", "援護", "吳副軍師"))
    assert t2.traced("吳護衛 的【援護】失效")
    assert t2.player("魏副軍師").granted == {"援護": 1}


@pytest.mark.skill("察言觀色")
def test_chayan_guanse_a_skill_already_held_gives_no_right():
    """察言觀色 as 正軍師 on someone who used 明察: he holds 明察 already; he is told, no right is kept."""
    t = Table(characters={"魏正軍師": "荀攸"})
    t.night(t.act("魏正軍師", "察言觀色", "吳正軍師"), t.act("吳正軍師", "明察", "魏君主"),
            t.act("吳正軍師", "去偽存真", "蜀君主"))
    summary = next(f for f in t.feedback("魏正軍師", "察言觀色") if f.target == "吳正軍師")
    assert summary.data == {"used": ["明察", "去偽存真"], "granted": [], "held": ["明察", "去偽存真"]}
    assert t.player("魏正軍師").granted == {}


# ---- 荀攸：十二奇策 -------------------------------------------------------------
@pytest.mark.skill("十二奇策")
def test_shier_qice_one_player_twelve_nights_gives_every_past_night():
    """十二奇策：指定X名角色，獲悉他們前Y夜的行動。（X*Y須為12） X=1: every night before this one."""
    t = Table(characters=XUN_YOU).wound("吳正軍師")
    t.fail("吳正軍師", "明察")
    t.night(t.act("吳正軍師", "明察", "魏君主"))
    t.day()
    t.night(t.act("吳正軍師", "去偽存真", "蜀護衛"))
    t.day()
    t.night(t.act("魏副軍師", "十二奇策", "吳正軍師"), t.act("吳正軍師", "明察", "魏女眷"))
    fb = t.only_feedback("魏副軍師", "十二奇策")
    assert fb.data == {"x": 1, "y": 12, "nights": [1, 2], "actions": {"吳正軍師": [
        {"night": 1, "skill": "明察", "targets": ["魏君主"]},  # an action, even though it failed
        {"night": 2, "skill": "去偽存真", "targets": ["蜀護衛"]},
    ]}}
    assert t.feedback("吳正軍師", "十二奇策") == []


@pytest.mark.skill("十二奇策")
def test_shier_qice_twelve_players_one_night_gives_only_last_night_and_no_passives():
    """十二奇策：X=12 → Y=1: the night before only; passive skills at work are not 行動."""
    chars = {**XUN_YOU, "魏正軍師": "賈詡"}
    t = Table(characters=chars)
    t.night(t.act("吳護衛", "援護", "吳君主"))
    t.day()
    t.night(t.act("蜀護衛", "援護", "蜀君主"), t.act("魏正軍師", "明察", "吳殺手甲"))
    t.day()
    twelve = ["魏正軍師", "蜀護衛", "吳護衛", "魏君主", "蜀君主", "吳君主",
              "魏女眷", "蜀女眷", "吳女眷", "群雄", "魏護衛", "吳正軍師"]
    t.night(t.act("魏副軍師", "十二奇策", *twelve))
    data = t.only_feedback("魏副軍師", "十二奇策").data
    assert (data["x"], data["y"], data["nights"]) == (12, 1, [2])
    assert data["actions"]["蜀護衛"] == [{"night": 2, "skill": "援護", "targets": ["蜀君主"]}]
    assert data["actions"]["吳護衛"] == []  # night 1 is not within 前1夜
    assert data["actions"]["魏正軍師"] == [{"night": 2, "skill": "明察", "targets": ["吳殺手甲"]}]  # no 帷幕


@pytest.mark.skill("十二奇策")
def test_shier_qice_x_times_y_must_be_twelve_and_it_is_limited():
    """十二奇策：（X*Y須為12）; 非二字技能…只能使用一次。"""
    t = Table(characters=XUN_YOU)
    with pytest.raises(IllegalAction, match="目標"):
        t.check(t.act("魏副軍師", "十二奇策", "蜀君主", "吳君主", "魏君主", "群雄", "蜀護衛"))
    t.night(t.act("魏副軍師", "十二奇策", "蜀君主", "吳君主"))
    assert t.only_feedback("魏副軍師", "十二奇策").data == {
        "x": 2, "y": 6, "nights": [], "actions": {"蜀君主": [], "吳君主": []}}
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("魏副軍師", "十二奇策", "蜀君主"))


# ---- 程昱：遊說 -----------------------------------------------------------------
@pytest.mark.skill("遊說")
def test_youshui_learns_characters_and_actions_and_voids_one():
    """遊說：*被*當你於夜間成為至少兩個行動的目標時，你可以獲悉當夜所有針對你的行動（包括角色與其對應行動），並可令其中一個行動失效。"""
    t = Table(characters=CHENG_YU)
    t.decide("魏副軍師", "遊說", "關羽【刺殺】")
    t.night(t.act("蜀殺手甲", "刺殺", "魏副軍師"), t.act("吳正軍師", "明察", "魏副軍師"))
    assert t.status("魏副軍師") == "alive"
    fb = t.only_feedback("魏副軍師", "遊說")
    assert fb.data == {"actions": [{"character": "關羽", "skill": "刺殺", "label": "關羽【刺殺】"},
                                   {"character": "周瑜", "skill": "明察", "label": "周瑜【明察】"}],
                       "voided": "關羽【刺殺】"}
    assert "蜀殺手甲" not in fb.text and "吳正軍師" not in fb.text  # characters, not ids
    assert [f.skill for f in t.feedback("蜀殺手甲")] == ["刺殺"]  # only the night's stab count
    assert "failed" not in t.only_feedback("蜀殺手甲", "刺殺").data  # 失效: its owner is not told
    assert t.only_feedback("吳正軍師", "明察").data == {"is_killer": False, "identity": "副軍師"}  # 周瑜: 聰慧


class Steer(Skill):
    """A test skill that changes targets (like 驅虎吞狼): every 刺殺 tonight goes to its target."""

    name = "測試轉向"
    source = Source.CHARACTER
    stage = "redirect"

    def apply(self, night, use: Use) -> None:  # type: ignore[no-untyped-def]
        for other in night.uses:
            if other.name == "刺殺" and not other.implicit:
                other.redirect(0, use.targets[0], by="測試", source=use)


@pytest.mark.skill("遊說")
def test_youshui_voiding_a_redirect_undoes_it():
    """遊說：…並可令其中一個行動失效 — 失效 is no effect: a target change it made (with source=its use) is undone."""
    t = Table(characters=CHENG_YU, extra_skills=[Steer])
    t.player("蜀女眷").skills.append("測試轉向")
    t.decide("魏副軍師", "遊說", "糜夫人【測試轉向】")
    t.night(t.act("蜀女眷", "測試轉向", "魏副軍師"), t.act("蜀殺手甲", "刺殺", "吳護衛"))
    labels = [a["label"] for a in t.only_feedback("魏副軍師", "遊說").data["actions"]]
    assert labels == ["糜夫人【測試轉向】", "關羽【刺殺】"]  # the 刺殺 was aimed at him by the change
    assert t.status("魏副軍師") == "alive" and t.status("吳護衛") == "out"
    assert t.traced("魏副軍師 遊說：撤銷 蜀女眷【測試轉向】對 蜀殺手甲【刺殺】目標的修改")


@pytest.mark.skill("遊說")
def test_youshui_may_void_nothing():
    """遊說：…並「可」令其中一個行動失效。"""
    t = Table(characters=CHENG_YU)
    t.decide("魏副軍師", "遊說", "不使用")
    t.night(t.act("蜀殺手甲", "刺殺", "魏副軍師"), t.act("吳殺手乙", "刺殺", "魏副軍師"))
    assert t.status("魏副軍師") == "out"
    assert t.only_feedback("魏副軍師", "遊說").data["voided"] is None


@pytest.mark.skill("遊說")
def test_youshui_unanswered_voids_nothing():
    """遊說：…並「可」令其中一個行動失效 — left unanswered, nothing is voided (documented default, no draw; J11)."""
    t = Table(characters=CHENG_YU)
    book = unscripted_night(t, t.act("蜀殺手甲", "刺殺", "魏副軍師"), t.act("吳正軍師", "明察", "魏副軍師"))
    assert book.asked == [DecisionRecord("魏副軍師", "遊說", "不使用", True,
                                          ["不使用", "關羽【刺殺】", "周瑜【明察】"])]  # the actions aimed at him
    assert t.drew("預設選擇") == []
    assert t.only_feedback("魏副軍師", "遊說").data["voided"] is None
    assert t.status("魏副軍師") == "out"


@pytest.mark.skill("遊說")
def test_youshui_needs_at_least_two_actions_and_a_failed_one_is_not_one():
    """遊說：當你於夜間成為「至少兩個」行動的目標時 — a failed action was not taken (視為未發動)."""
    t = Table(characters=CHENG_YU).wound("吳正軍師")
    t.fail("吳正軍師", "明察")
    t.night(t.act("蜀殺手甲", "刺殺", "魏副軍師"), t.act("吳正軍師", "明察", "魏副軍師"))
    assert t.status("魏副軍師") == "out"
    assert t.feedback("魏副軍師", "遊說") == []


# ---- 程昱：擇主而事 -------------------------------------------------------------
@pytest.mark.skill("擇主而事")
def test_zezhu_ershi_learns_a_random_skill_of_a_lord_in_play():
    """擇主而事：隨機學得一個尚在場的君主角色的一項角色技能。"""
    t = Table(characters=CHENG_YU)
    t.force("擇主而事 君主角色", "孫堅").force("擇主而事 孫堅的技能", "亂世英雄")
    t.decide("魏副軍師", "擇主而事", "亂世英雄")
    t.night(t.act("魏副軍師", "擇主而事"))
    assert t.drew("擇主而事 君主角色")[0]["options"] == ["曹操", "劉備", "孫堅"]
    assert t.drew("擇主而事 孫堅的技能")[0]["options"] == ["英魂", "先主", "亂世英雄"]
    learned, gained = t.feedback("魏副軍師", "擇主而事")
    assert learned.data == {"character": "孫堅", "skill": "亂世英雄"}
    assert gained.data == {"gained": "亂世英雄"}
    assert "亂世英雄" in t.player("魏副軍師").skills
    assert "亂世英雄" in t.player("吳君主").skills  # learning takes nothing from the lord
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("魏副軍師", "擇主而事"))


@pytest.mark.skill("擇主而事")
def test_zezhu_ershi_may_turn_it_into_recruit():
    """擇主而事：學到技能後，你可以將其更為【招賢納才】。 (招賢納才 is then his, once: 限定技能)"""
    t = Table(characters=CHENG_YU)
    t.force("擇主而事 君主角色", "曹操").force("擇主而事 曹操的技能", "奸雄")
    t.decide("魏副軍師", "擇主而事", "招賢納才")
    t.night(t.act("魏副軍師", "擇主而事"))
    assert "奸雄" not in t.player("魏副軍師").skills and "招賢納才" in t.player("魏副軍師").skills
    t.day()
    t.night(t.act("魏副軍師", "招賢納才", "吳護衛"))
    assert t.player("魏副軍師").known == {"吳護衛": "太史慈"}
    assert t.player("吳護衛").known == {"魏副軍師": "程昱"}
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("魏副軍師", "招賢納才", "蜀護衛"))


@pytest.mark.skill("擇主而事")
def test_zezhu_ershi_unanswered_keeps_the_learned_skill():
    """擇主而事：學到技能後，你「可以」將其更為【招賢納才】 — left unanswered, he keeps it (documented default, no draw; J12)."""
    t = Table(characters=CHENG_YU)
    t.force("擇主而事 君主角色", "孫堅").force("擇主而事 孫堅的技能", "英魂")
    book = unscripted_night(t, t.act("魏副軍師", "擇主而事"))
    assert book.asked == [DecisionRecord("魏副軍師", "擇主而事", "英魂", True, ["英魂", "招賢納才"])]
    assert t.drew("預設選擇") == []
    assert "英魂" in t.player("魏副軍師").skills and "招賢納才" not in t.player("魏副軍師").skills


@pytest.mark.skill("擇主而事")
def test_zezhu_ershi_only_lords_still_in_play_and_fails_with_none():
    """擇主而事：「尚在場」的君主角色; with none, nothing is learned: 失效 (used up, and he is not told, J12)."""
    t = Table(characters=CHENG_YU, omit=("魏君主", "蜀君主", "吳君主"))
    t.night(t.act("魏副軍師", "擇主而事"))
    assert t.feedback("魏副軍師", "擇主而事") == []
    assert t.traced("魏副軍師 的【擇主而事】失效：場上沒有尚在場且有角色技能的君主角色")
    assert t.player("魏副軍師").used == {"擇主而事": 1}
    t2 = Table(characters=CHENG_YU, omit=("魏君主", "吳君主"))
    t2.force("擇主而事 君主角色", "劉備").force("擇主而事 劉備的技能", "漢裔")
    t2.decide("魏副軍師", "擇主而事", "漢裔")
    t2.night(t2.act("魏副軍師", "擇主而事"))
    assert t2.drew("擇主而事 君主角色")[0]["options"] == ["劉備"]
    assert "漢裔" in t2.player("魏副軍師").skills


@pytest.mark.skill("擇主而事")
def test_zezhu_ershi_a_learned_passive_works_for_cheng_yu():
    """擇主而事：學得…一項角色技能 — a learned 奸雄 (*被*) is his and works for him from then on."""
    t = Table(characters=CHENG_YU)
    if "奸雄" not in t.game.skills:
        pytest.skip("奸雄 (曹操) not built")
    t.force("擇主而事 君主角色", "曹操").force("擇主而事 曹操的技能", "奸雄")
    t.decide("魏副軍師", "擇主而事", "奸雄")
    t.night(t.act("魏副軍師", "擇主而事"))
    t.day()
    t.night(t.act("吳正軍師", "明察", "魏副軍師"))
    seen = t.only_feedback("魏副軍師", "奸雄")
    assert "周瑜" in seen.text and "明察" in seen.text


@pytest.mark.skill("遊說")
@pytest.mark.skill("完殺")
def test_youshui_voids_wansha_and_the_guard_saves_him():
    """遊說 令其中一個行動失效 at work before 完殺 (當夜其受到的【援護】無效) is settled."""
    t = Table(characters={**CHENG_YU, **JIA_XU})
    t.decide("魏副軍師", "遊說", "台上的主宰·賈詡【完殺】")
    t.night(t.act("魏正軍師", "完殺", "魏副軍師"), t.act("吳護衛", "援護", "魏副軍師"),
            t.act("蜀殺手甲", "刺殺", "魏副軍師"))
    assert len(t.only_feedback("魏副軍師", "遊說").data["actions"]) == 3
    assert t.status("魏副軍師") == "alive"
    assert t.traced("蜀殺手甲 的刺殺對 魏副軍師 無效：吳護衛 援護")
