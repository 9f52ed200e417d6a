"""Scenario tests for 諸葛瑾 (吳國軍師; seated at 吳副軍師): 和睦、緩釋、明哲保身 (KK規則3.3版 ⊙吳國篇).

Each test quotes the sentence it checks; rulings WZ1 … are in docs/rulings/kk33-wu_zhugejin.md.
"""

from __future__ import annotations

import pytest

from tianting.core.errors import IllegalAction
from tianting.testing import Table

JIN = {"吳副軍師": "諸葛瑾", "魏副軍師": "荀彧", "魏殺手甲": "張遼"}
"""諸葛瑾 seated; no vote modifiers on 魏's side (兵法, 剛烈)."""
CAOREN = {**JIN, "魏殺手乙": "曹仁"}
"""曹仁's 嫁女安吳 makes a 魏吳 alliance."""


# ==== 和睦 ==========================================================================
@pytest.mark.skill("和睦")
def test_hemu_an_alliance_of_wu_lasts_a_day_and_a_night_longer():
    """和睦：*被*當本國與其他國家達成聯盟時，聯盟時限增加一日一夜。 (嫁女安吳：魏吳聯盟達成兩日兩夜 → 三日三夜)"""
    t = Table(characters=CAOREN)
    t.night(t.act("魏殺手乙", "嫁女安吳"))
    (alliance,) = t.state.alliances
    assert alliance.countries == ("魏", "吳") and (alliance.start, alliance.end) == (1, 6)
    assert t.announced("alliances") == [{"countries": ["魏", "吳"], "until": {"phase": "night", "number": 4}}]
    assert t.traced("和睦")


@pytest.mark.skill("和睦")
def test_hemu_an_extension_is_longer_too_and_others_alliances_are_not():
    """和睦 on 「達成（或延期）」 (WZ2); an alliance without 吳 (魏蜀, 青梅煮酒) keeps two days and two nights."""
    from tests.kk33.test_night_rules import Ally

    t = Table(characters=CAOREN, extra_skills=[Ally])
    t.player("吳君主").skills.append(Ally.name)  # 「吳魏聯盟達成（或延期）兩日兩夜」, as 嫁女安吳 (used up)
    t.night(t.act("魏殺手乙", "嫁女安吳"))
    t.day()
    t.night(t.act("吳君主", Ally.name, country="魏"))
    assert len(t.state.alliances) == 1 and t.state.alliances[0].end == 6 + 6
    other = Table(characters=JIN)
    other.night(other.act("魏君主", "青梅煮酒"))
    assert other.state.alliances[0].countries == ("魏", "蜀") and other.state.alliances[0].end == 4


@pytest.mark.skill("和睦")
def test_hemu_works_only_while_zhugejin_lives():
    """和睦 is 諸葛瑾's passive: dead by the time the alliance is settled, it adds nothing."""
    t = Table(characters=CAOREN)
    t.night(t.act("魏殺手乙", "嫁女安吳"), t.act("蜀殺手甲", "刺殺", "吳副軍師"))
    assert t.status("吳副軍師") == "out"
    assert t.state.alliances[0].end == 4


# ==== 緩釋 ==========================================================================
@pytest.mark.skill("緩釋")
def test_huanshi_by_day_lessens_that_days_vote_to_a_wound():
    """緩釋：可以於白天使用。指定一個ID，減輕他因為下一次投票受到的傷害。 (RD1, RD4: that day's vote)"""
    t = Table(characters=JIN)
    t.quiet_night()
    t.day({"魏君主": "蜀護衛", "魏正軍師": "蜀護衛"}, t.act("吳副軍師", "緩釋", "蜀護衛"))
    assert t.status("蜀護衛") == "injured"
    assert t.announced("exited") == [] and t.announced("injured") == ["蜀護衛"]
    assert "受傷：蜀護衛" in t.announced("text")
    assert t.traced("傷害減輕：吳副軍師 緩釋")


@pytest.mark.skill("緩釋")
def test_huanshi_at_night_lessens_the_next_days_vote_only():
    """「下一次投票」: used at night, the next day's vote; the vote after it is whole again."""
    t = Table(characters=JIN)
    t.night(t.act("吳副軍師", "緩釋", "蜀護衛"))
    t.day({"魏君主": "蜀護衛", "魏正軍師": "蜀護衛"})
    assert t.status("蜀護衛") == "injured"
    t.quiet_night()
    t.day({"魏君主": "蜀女眷", "魏正軍師": "蜀女眷"})
    assert t.status("蜀女眷") == "out"


@pytest.mark.skill("緩釋")
def test_huanshi_on_a_wounded_player_still_lets_the_vote_kill():
    """減輕 turns the vote's death into a wound; a wound on a wounded player is death (RD4)."""
    t = Table(characters=JIN)
    t.quiet_night()
    t.wound("蜀護衛")
    t.day({"魏君主": "蜀護衛", "魏正軍師": "蜀護衛"}, t.act("吳副軍師", "緩釋", "蜀護衛"))
    assert t.status("蜀護衛") == "out"


@pytest.mark.skill("緩釋")
def test_huanshi_twice_on_one_vote_lessens_it_once():
    """WZ1: 緩釋 at night and again by day on the same player and the same vote: one 減輕, not two."""
    t = Table(characters=JIN)
    t.night(t.act("吳副軍師", "緩釋", "蜀護衛"))
    t.day({"魏君主": "蜀護衛", "魏正軍師": "蜀護衛"}, t.act("吳副軍師", "緩釋", "蜀護衛"))
    assert t.status("蜀護衛") == "injured"
    assert t.traced("同一次投票只減輕一次")


@pytest.mark.skill("緩釋")
def test_huanshi_fails_for_a_wounded_zhugejin_and_he_is_told():
    """受傷 (RD2): a wounded 諸葛瑾's day 緩釋 fails half the time, as if not used; the vote kills."""
    t = Table(characters=JIN)
    t.quiet_night()
    t.wound("吳副軍師")
    t.fail("吳副軍師", "緩釋")
    t.day({"魏君主": "蜀護衛", "魏正軍師": "蜀護衛"}, t.act("吳副軍師", "緩釋", "蜀護衛"))
    assert t.status("蜀護衛") == "out"
    assert t.only_feedback("吳副軍師", "緩釋").data == {"failed": True}


@pytest.mark.skill("緩釋")
def test_huanshi_on_someone_not_voted_out_changes_nothing():
    """Only the harm of the vote: a target who is not the top of the vote is not touched."""
    t = Table(characters=JIN)
    t.quiet_night()
    t.day({"魏君主": "蜀女眷", "魏正軍師": "蜀女眷"}, t.act("吳副軍師", "緩釋", "蜀護衛"))
    assert t.status("蜀護衛") == "alive" and t.status("蜀女眷") == "out"


# ==== 明哲保身 ======================================================================
@pytest.mark.skill("明哲保身")
def test_mingzhe_baoshen_moves_his_wound_to_a_random_player_of_another_country():
    """明哲保身：使用後當夜及次日，若你受傷，則將受傷狀態轉移給隨機一名其他國的角色。"""
    t = Table(characters=JIN)
    t.force("明哲保身 吳副軍師 轉移受傷狀態", "魏女眷")
    t.night(t.act("吳副軍師", "明哲保身"), t.act("吳護衛", "援護", "吳副軍師"))
    assert t.status("吳副軍師") == "alive" and t.status("魏女眷") == "injured"
    assert t.announced("injured") == ["魏女眷"]
    assert t.only_feedback("吳副軍師", "明哲保身").data == {"moved": True}
    options = t.drew("明哲保身")[0]["options"]
    assert "吳君主" not in options and "魏君主" in options and "群雄" in options  # 其他國: never 吳


@pytest.mark.skill("明哲保身")
def test_mingzhe_baoshen_holds_the_next_day_too():
    """「當夜及次日」: a wound by the next day's vote (緩釋 lessened it) moves too; the day after it does not."""
    t = Table(characters=JIN)
    t.night(t.act("吳副軍師", "明哲保身"))
    t.force("明哲保身 吳副軍師 轉移受傷狀態", "蜀女眷")
    t.day({"魏君主": "吳副軍師", "魏正軍師": "吳副軍師"}, t.act("吳副軍師", "緩釋", "吳副軍師"))
    assert t.status("吳副軍師") == "alive" and t.status("蜀女眷") == "injured"
    t.night(t.act("吳護衛", "援護", "吳副軍師"))
    assert t.status("吳副軍師") == "injured"


@pytest.mark.skill("明哲保身")
def test_mingzhe_baoshen_is_limited_and_does_not_stop_a_death():
    """A four-character skill: once a game. A 致死 harm is no wound to move: he dies."""
    t = Table(characters=JIN)
    t.night(t.act("吳副軍師", "明哲保身"), t.act("蜀殺手甲", "刺殺", "吳副軍師"))
    assert t.status("吳副軍師") == "out"
    t2 = Table(characters=JIN)
    t2.night(t2.act("吳副軍師", "明哲保身"))
    t2.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t2.check(t2.act("吳副軍師", "明哲保身"))


@pytest.mark.skill("明哲保身")
def test_mingzhe_baoshen_unused_the_wound_stays():
    """Without it (or when it fails, 受傷 halving) the wound is his."""
    t = Table(characters=JIN)
    t.night(t.act("吳護衛", "援護", "吳副軍師"))
    assert t.status("吳副軍師") == "injured"
    t.day()
    t.fail("吳副軍師", "明哲保身")
    t.night(t.act("吳副軍師", "明哲保身"))
    assert t.only_feedback("吳副軍師", "明哲保身").data == {"failed": True}
    assert t.player("吳副軍師").used.get("明哲保身") is None  # failed: not consumed
