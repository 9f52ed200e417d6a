"""The general night rules of KK規則3.3版 (二、術語解釋: 技能, 受傷, 死亡, 退出歷史舞台, 衝突規則).

Rules that only character skills can exercise are checked with small
skills defined here, registered on the table like a character's would be.
"""

from __future__ import annotations

from typing import Any

import pytest

from tianting.core.errors import IllegalAction
from tianting.core.skills import Kind, Skill, Source, TargetRule, Use
from tianting.rules.kk33.harm import Harm, Level
from tianting.testing import Table


class Observe(Skill):
    """A character skill that only writes the trace, at the same timing as 明察."""

    name = "測試觀察"
    source = Source.CHARACTER
    stage = "inform"
    targets = TargetRule(count=0)

    def apply(self, night: Any, use: Use) -> None:
        night.note(f"測試觀察 by {use.actor}")


class Misdirect(Skill):
    """Redirects every 刺殺 aimed at its first target to its second."""

    name = "測試轉移"
    source = Source.CHARACTER
    stage = "redirect"
    targets = TargetRule(count=2)

    def apply(self, night: Any, use: Use) -> None:
        source, new = use.targets
        for other in night.uses:
            if other.name == "刺殺" and other.action.targets[0] == source:
                other.redirect(0, new, by=use.actor)


class Misdirect2(Misdirect):
    name = "測試轉移二"


class Shield(Skill):
    """「不會受傷，不會死亡」 for its target: an immunity effect."""

    name = "測試護體"
    source = Source.CHARACTER
    stage = "protect"

    def apply(self, night: Any, use: Use) -> None:
        target = use.targets[0]
        night.harm_preventions.append(
            lambda n, harm: f"{use.actor} 測試護體" if harm.target == target else None
        )


class Wound(Skill):
    """令其受傷 (like 老當益壯)."""

    name = "測試致傷"
    source = Source.CHARACTER
    stage = "attack"

    def apply(self, night: Any, use: Use) -> None:
        night.harms.append(Harm(use.targets[0], Level.WOUND, self.name, [use.actor]))


class Remove(Skill):
    """令其退出歷史舞台."""

    name = "測試退場"
    source = Source.CHARACTER
    stage = "attack"

    def apply(self, night: Any, use: Use) -> None:
        night.harms.append(Harm(use.targets[0], Level.KILL, self.name, [use.actor], removal=True))


class Omen(Skill):
    """A *全* global skill: rolls no check."""

    name = "測試全局"
    source = Source.CHARACTER
    kind = Kind.GLOBAL
    stage = "inform"
    targets = TargetRule(count=0)

    def apply(self, night: Any, use: Use) -> None:
        night.note("測試全局生效")


def table(*grants: tuple[str, type[Skill]], **kw: Any) -> Table:
    t = Table(bare=True, extra_skills=[cls for _, cls in grants], **kw)
    for pid, cls in grants:
        t.player(pid).skills.append(cls.name)
    return t


@pytest.mark.skill("明察")
def test_character_skills_before_identity_skills_at_the_same_timing():
    """當若干技能於相同時機發動或使用時，角色技能優先於身份技能。"""
    t = table(("吳女眷", Observe))
    t.night(t.act("魏正軍師", "明察", "吳殺手甲"), t.act("吳女眷", "測試觀察"))
    order = [line for line in t.last.trace if "測試觀察" in line or "明察" in line]
    assert order == ["測試觀察 by 吳女眷", "魏正軍師 【明察】吳殺手甲：是殺手。"]


def test_one_active_character_skill_a_night():
    """一次行動包括發動任意個身份技能和使用至多一個主動使用的角色技能。"""
    t = table(("吳女眷", Observe), ("吳女眷", Wound))
    t.check(t.act("吳女眷", "亂花", "魏君主", "蜀君主"), t.act("吳女眷", "測試觀察"))
    with pytest.raises(IllegalAction, match="至多使用一個主動的角色技能"):
        t.check(t.act("吳女眷", "測試觀察"), t.act("吳女眷", "測試致傷", "魏君主"))


@pytest.mark.skill("刺殺")
def test_target_changed_by_two_skills_to_different_ids_falls_back_to_the_actor():
    """若一個行動的目標被至少兩個技能修改，且修改後的目標不同，則該行動的目標改為行動發出者。"""
    t = table(("吳女眷", Misdirect), ("蜀女眷", Misdirect2))
    t.same_side_stab("魏殺手甲", "魏殺手甲", False)
    t.night(t.act("魏殺手甲", "刺殺", "群雄"), t.act("吳女眷", "測試轉移", "群雄", "吳君主"),
            t.act("蜀女眷", "測試轉移二", "群雄", "蜀君主"))
    assert t.status("魏殺手甲") == "out"  # the stab fell back on the killer himself
    assert [t.status(p) for p in ("群雄", "吳君主", "蜀君主")] == ["alive"] * 3


@pytest.mark.skill("刺殺")
def test_target_changed_by_two_skills_to_the_same_id_goes_there():
    """Only 「修改後的目標不同」 falls back: two changes to one id agree."""
    t = table(("吳女眷", Misdirect), ("蜀女眷", Misdirect2))
    t.night(t.act("魏殺手甲", "刺殺", "群雄"), t.act("吳女眷", "測試轉移", "群雄", "吳護衛"),
            t.act("蜀女眷", "測試轉移二", "群雄", "吳護衛"))
    assert t.status("吳護衛") == "out" and t.status("群雄") == "alive"


@pytest.mark.skill("援護")
def test_immunity_beats_damage():
    """當若干技能發生衝突時，免疫傷害類效果優先於造成傷害類效果。"""
    t = table(("吳女眷", Shield), ("蜀殺手甲", Wound))
    t.night(t.act("吳女眷", "測試護體", "魏女眷"), t.act("蜀殺手甲", "測試致傷", "魏女眷"),
            t.act("魏護衛", "援護", "魏女眷"))
    assert t.status("魏女眷") == "alive"
    assert t.traced("魏女眷 受到的援護被防止：吳女眷 測試護體")


def test_removal_cannot_be_prevented():
    """退出歷史舞台：效果等同於死亡…但不能被減輕和防止死亡的效果減免。"""
    t = table(("吳女眷", Shield), ("蜀殺手甲", Remove))
    t.night(t.act("吳女眷", "測試護體", "魏女眷"), t.act("蜀殺手甲", "測試退場", "魏女眷"))
    assert t.status("魏女眷") == "out"
    assert t.last.deaths[0].cause == "測試退場（退出歷史舞台）"


@pytest.mark.skill("太平要術", "轉生")
def test_removal_ignores_taiping_hp_but_triggers_reincarnation():
    """退出歷史舞台：能夠觸發以死亡為前提的技能 (轉生), but no 減免 (the second hp of 太平要術)."""
    t = table(("蜀殺手甲", Remove), ("吳殺手甲", Remove), others="黃巾頭領")
    t.decide("魏君主", "轉生", "曹丕")
    t.night(t.act("蜀殺手甲", "測試退場", "群雄"), t.act("吳殺手甲", "測試退場", "魏君主"))
    assert t.status("群雄") == "out"
    assert t.player("魏君主").character == "曹丕" and t.status("魏君主") == "alive"


def test_wounded_player_active_skills_fail_half_the_time():
    """當角色進入受傷狀態時，其於之後的夜晚發動或使用的主動技能有一半概率失敗。"""
    t = Table(bare=True)
    t.night(t.act("吳護衛", "援護", "魏正軍師"))  # night 1: wounded
    assert t.status("魏正軍師") == "injured"
    t.day()
    assert t.status("魏正軍師") == "injured"  # day 2: still
    t.succeed("魏正軍師", "明察").fail("魏正軍師", "去偽存真")
    t.night(t.act("魏正軍師", "明察", "吳殺手甲"), t.act("魏正軍師", "去偽存真", "吳殺手甲"))
    assert t.only_feedback("魏正軍師", "明察").data == {"is_killer": True}
    assert t.only_feedback("魏正軍師", "去偽存真").data == {"failed": True}
    assert [d["purpose"] for d in t.last.draws] == ["成功判定 魏正軍師【明察】", "成功判定 魏正軍師【去偽存真】"]
    assert t.player("魏正軍師").used == {}  # the failed limited skill is not used up


def test_wound_ends_at_the_start_of_the_day_after_the_next_night():
    """…其於之後的夜晚…有一半概率失敗，再之後的白天開始時脫離受傷狀態。"""
    t = Table(bare=True)
    t.night(t.act("吳護衛", "援護", "魏正軍師"))
    t.day()
    t.quiet_night()
    assert t.status("魏正軍師") == "injured"
    t.day()
    assert t.status("魏正軍師") == "alive"
    t.night(t.act("魏正軍師", "明察", "吳殺手甲"))
    assert t.last.draws == []  # healthy: no check


def test_healthy_players_roll_no_check():
    """Only a wounded player's active skills have the half chance."""
    t = Table(bare=True)
    t.night(t.act("魏正軍師", "明察", "吳殺手甲"), t.act("吳護衛", "援護", "吳君主"))
    assert t.last.draws == []


def test_global_skills_roll_no_check_even_when_wounded():
    """標註有*全*的技能是全局技能，無需進行任何概率判定。"""
    t = table(("魏女眷", Omen)).wound("魏女眷")
    t.night(t.act("魏女眷", "測試全局"))
    assert t.last.draws == [] and t.traced("測試全局生效")


def test_passive_skills_are_not_used():
    """標註有*被*的技能是被動技能，無需主動使用。"""
    t = Table(bare=True)
    with pytest.raises(IllegalAction, match="被動技能"):
        t.check(t.act("魏君主", "轉生"))


def test_second_wound_the_same_night_kills():
    """受傷狀態下的角色再次受傷時會死亡 — two wounds from different skills in one night."""
    t = table(("蜀殺手甲", Wound))
    t.night(t.act("魏護衛", "援護", "吳女眷"), t.act("蜀殺手甲", "測試致傷", "吳女眷"))
    assert t.status("吳女眷") == "out"
    assert t.announced("injured") == [] and t.announced("exited") == ["吳女眷"]


def test_unbuilt_character_skill_is_a_clear_error():
    """Character skills not built yet are refused with a clear message, never ignored."""
    t = Table()
    t.game.skills.pop("天義", None)  # as if 太史慈's skill were not built yet (it is now)
    with pytest.raises(IllegalAction, match="尚未實作"):
        t.check(t.act("吳護衛", "天義", "吳君主"))
    with pytest.raises(IllegalAction, match="沒有技能"):
        t.check(t.act("魏護衛", "明察", "吳君主"))


class Ally(Skill):
    """「<its two countries>聯盟達成（或延期）兩日兩夜」, like 青梅煮酒 or 舌戰群儒."""

    name = "結盟"
    source = Source.CHARACTER
    stage = "after"
    targets = TargetRule(count=0)
    args = ("country",)

    def apply(self, night: Any, use: Use) -> None:
        night.propose_alliance(night.game.country_of(use.actor), use.action.args["country"], use.actor)


class Ally2(Ally):
    name = "締約"


def test_alliance_starts_the_next_day_and_lasts_two_days_two_nights():
    """聯盟從使用達成聯盟的角色技能的後一天白天開始生效 … 兩日兩夜."""
    t = table(("魏女眷", Ally))
    t.night(t.act("魏女眷", "結盟", country="蜀"))
    assert t.announced("alliances") == [{"countries": ["魏", "蜀"], "until": {"phase": "night", "number": 3}}]
    assert "魏蜀聯盟（至第3夜）" in t.announced("text")
    assert not t.state.allied("魏", "蜀", 0)  # not on the night it was made
    assert [t.state.allied("魏", "蜀", i) for i in (1, 2, 3, 4, 5)] == [True, True, True, True, False]


def test_alliance_makes_stabs_on_allies_fail_half_the_time():
    """聯盟會影響到身份技能【刺殺】 (同盟角色: 一半概率失效)."""
    t = table(("魏女眷", Ally))
    t.night(t.act("魏女眷", "結盟", country="蜀"))
    t.day()
    t.same_side_stab("魏殺手甲", "蜀護衛", True, relation="同盟")
    t.night(t.act("魏殺手甲", "刺殺", "蜀護衛"))
    assert t.status("蜀護衛") == "alive"


def test_two_different_alliances_in_one_night_make_none():
    """若某一夜達成了多個不同的聯盟，則視為沒有達成任何聯盟。"""
    t = table(("魏女眷", Ally), ("吳女眷", Ally2))
    t.night(t.act("魏女眷", "結盟", country="蜀"), t.act("吳女眷", "締約", country="蜀"))
    assert t.announced("alliances") == [] and t.state.alliances == []


def test_new_alliance_breaks_the_old_and_the_same_one_is_extended():
    """新的聯盟會使舊的聯盟破裂；「達成（或延期）」."""
    t = table(("魏女眷", Ally), ("吳女眷", Ally2))
    t.night(t.act("魏女眷", "結盟", country="蜀"))
    t.day()
    t.night(t.act("魏女眷", "結盟", country="蜀"))
    assert t.announced("alliances") == [{"countries": ["魏", "蜀"], "until": {"phase": "night", "number": 5}}]
    t.day()
    t.night(t.act("吳女眷", "締約", country="蜀"))
    assert t.announced("alliances") == [{"countries": ["蜀", "吳"], "until": {"phase": "night", "number": 5}}]
    assert not t.state.allied("魏", "蜀", t.state.index)
