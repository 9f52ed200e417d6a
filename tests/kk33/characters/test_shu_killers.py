"""Scenario tests for the 蜀 killers: 關羽、張飛、馬超、黃忠、馬岱 (KK規則3.3版 ⊙蜀國篇).

Each test quotes the sentence it checks; rulings SK1 … are in docs/rulings/kk33-shu_killers.md.
Seats: 蜀殺手甲 關羽, 蜀殺手乙 馬超 unless a test seats another killer there. 荀彧 sits at
魏副軍師 where a test counts votes, so that 司馬懿's 兵法 adds nothing.
"""

from __future__ import annotations

import itertools

import pytest

from tianting.core.errors import IllegalAction
from tianting.core.state import Alliance
from tianting.rules.kk33.characters.shu_killers import qixing_free_of_weiyan
from tianting.testing import Table

QUIET = {"魏副軍師": "荀彧", "魏殺手甲": "張遼"}
"""No vote modifiers (兵法, 剛烈) on the days these scenarios pass through."""


def skip_to_night(t: Table, number: int) -> None:
    while t.game.number < number or t.game.phase.value != "night":
        if t.game.phase.value == "night":
            t.quiet_night()
        else:
            t.day()


def stabs_tonight(t: Table, pid: str) -> int:
    """What a killer is told at the start of the night: 當夜可以發動【刺殺】的次數."""
    return t.game.night_start_feedback()[pid][0].data["stabs"]


# ==== 關羽 ==========================================================================
DIANWEI = {**QUIET, "魏護衛": "典韋"}


@pytest.mark.skill("武聖")
def test_wusheng_a_shu_character_removed_gives_guan_yu_an_extra_stab_next_night():
    """武聖：*被*當一名本國角色退出歷史舞台後，你獲得一次額外的【刺殺】。 (典韋's 古之惡來 removes 馬超: SK1)"""
    t = Table(characters=DIANWEI)
    t.decide("魏護衛", "古之惡來", "蜀殺手乙")
    t.night(t.act("蜀殺手乙", "刺殺", "魏護衛"))
    assert t.status("魏護衛") == "out" and t.status("蜀殺手乙") == "out"
    fb = t.only_feedback("蜀殺手甲", "武聖")
    assert fb.data == {"extra_stab_night": 2} and "退出歷史舞台" in fb.text
    assert "蜀殺手乙" not in fb.text  # he learns that one of his country left, not who
    t.day()
    assert stabs_tonight(t, "蜀殺手甲") == 2
    t.night(t.act("蜀殺手甲", "刺殺", "吳女眷"), t.act("蜀殺手甲", "刺殺", "吳護衛"))
    assert t.status("吳女眷") == "out" and t.status("吳護衛") == "out"
    t.day()
    assert stabs_tonight(t, "蜀殺手甲") == 1  # once, not for good


@pytest.mark.skill("武聖")
def test_wusheng_after_an_exit_by_day_the_coming_night():
    """武聖 when the exit is by day: the extra 刺殺 is the coming night's (SK1). 典韋, voted out, names a voter."""
    t = Table(characters=DIANWEI)
    t.quiet_night()
    t.decide("魏護衛", "古之惡來", "蜀殺手乙")
    t.day({"蜀殺手乙": "魏護衛", "吳君主": "魏護衛", "吳護衛": "魏護衛"})
    assert t.status("魏護衛") == "out" and t.status("蜀殺手乙") == "out"
    assert t.only_feedback("蜀殺手甲", "武聖").data == {"extra_stab_night": 2}
    assert stabs_tonight(t, "蜀殺手甲") == 2


@pytest.mark.skill("武聖")
def test_wusheng_when_liu_bei_is_removed_and_plays_on():
    """武聖：當一名本國「角色」退出歷史舞台後 — 典韋's 古之惡來 removes 劉備 (退出歷史舞台：效果等同於死亡): the
    character 劉備 leaves the stage of history though the player goes on as 劉封 (轉生), so 關羽 gets his
    extra 刺殺 the coming night (SK1)."""
    t = Table(characters=DIANWEI)
    t.quiet_night()
    t.decide("魏護衛", "古之惡來", "蜀君主")
    t.decide("蜀君主", "轉生", "劉封")
    t.day({"蜀君主": "魏護衛", "吳君主": "魏護衛", "吳護衛": "魏護衛"})
    assert t.status("魏護衛") == "out" and t.player("蜀君主").character == "劉封"
    assert t.only_feedback("蜀殺手甲", "武聖").data == {"extra_stab_night": 2}
    assert stabs_tonight(t, "蜀殺手甲") == 2


@pytest.mark.skill("武聖")
def test_wusheng_not_for_an_ordinary_death():
    """武聖 asks for 退出歷史舞台: a 本國 killer stabbed to death gives nothing."""
    t = Table(characters=QUIET)
    t.night(t.act("吳殺手甲", "刺殺", "蜀殺手乙"))
    assert t.status("蜀殺手乙") == "out"
    assert t.feedback("蜀殺手甲", "武聖") == []
    t.day()
    assert stabs_tonight(t, "蜀殺手甲") == 1


@pytest.mark.skill("武聖")
def test_wusheng_not_for_another_country():
    """武聖：一名「本國」角色: a 吳 killer removed by 古之惡來 gives 關羽 nothing."""
    t = Table(characters=DIANWEI)
    t.decide("魏護衛", "古之惡來", "吳殺手甲")
    t.night(t.act("吳殺手甲", "刺殺", "魏護衛"))
    assert t.status("吳殺手甲") == "out"
    assert t.feedback("蜀殺手甲", "武聖") == []


@pytest.mark.skill("武聖")
def test_wusheng_extra_stab_is_his_and_lost_with_him():
    """你獲得一次額外的【刺殺】: if 關羽 dies before the night, 蜀's other killer does not inherit it (SK1)."""
    t = Table(characters=DIANWEI).wound("魏護衛")
    t.decide("魏護衛", "古之惡來", "蜀護衛")
    t.night(t.act("蜀護衛", "援護", "魏護衛"))  # a second wound kills 典韋; the 援護's owner is his 兇手
    assert t.status("蜀護衛") == "out"
    assert t.only_feedback("蜀殺手甲", "武聖").data == {"extra_stab_night": 2}
    t.day({pid: "蜀殺手甲" for pid in ("魏君主", "吳君主", "吳護衛", "吳女眷")})
    assert t.status("蜀殺手甲") == "out"
    assert t.traced("蜀殺手甲 死亡：武聖給予的額外刺殺作廢")
    assert stabs_tonight(t, "蜀殺手乙") == 1


ZHANG_LIAO = {**QUIET, "魏殺手甲": "夏侯淵", "魏殺手乙": "張遼"}


@pytest.mark.skill("英雄相器")
@pytest.mark.interaction("英雄相器", "張遼")
def test_yingxiong_xiangqi_stab_on_zhang_liao_void_recognise_alliance():
    """英雄相器：*被*當你【刺殺】的目標為張遼時，該【刺殺】無效，且你與張遼互識。…魏蜀聯盟達成（或延期）兩日兩夜。"""
    t = Table(characters=ZHANG_LIAO)
    t.night(t.act("蜀殺手甲", "刺殺", "魏殺手乙"))
    assert t.status("魏殺手乙") == "alive"
    assert t.traced("蜀殺手甲 的刺殺對 魏殺手乙 無效：蜀殺手甲 英雄相器：刺殺的目標為張遼")
    assert t.player("蜀殺手甲").known == {"魏殺手乙": "張遼"}
    assert t.player("魏殺手乙").known == {"蜀殺手甲": "關羽"}
    fb = t.only_feedback("蜀殺手甲", "英雄相器")
    assert fb.data == {"target": "魏殺手乙", "consumed": True} and "張遼" in fb.text
    assert t.state.alliances == [Alliance(("魏", "蜀"), start=1, end=4)]
    assert t.game.uses_left(t.player("蜀殺手甲"), "英雄相器") == 0
    assert t.drew("") == []  # 無效 outright: no same-side chance, no check


@pytest.mark.skill("英雄相器")
def test_yingxiong_xiangqi_afterwards_every_shu_killer_stab_on_zhang_liao_is_void():
    """英雄相器：此後本國殺手對張遼的【刺殺】均無效。 (馬超 on a later night; 魏 killers are not bound)"""
    t = Table(characters=ZHANG_LIAO)
    t.night(t.act("蜀殺手甲", "刺殺", "魏殺手乙"))
    t.day()
    t.night(t.act("蜀殺手乙", "刺殺", "魏殺手乙"))
    assert t.status("魏殺手乙") == "alive"
    assert t.traced("英雄相器：此後蜀國殺手對張遼的刺殺均無效")
    assert t.drew("刺殺同盟失效判定 蜀殺手乙") == []


@pytest.mark.skill("英雄相器")
@pytest.mark.skill("英雄相惜")
@pytest.mark.parametrize("order", list(itertools.permutations([0, 1])))
@pytest.mark.interaction("英雄相惜", "關羽")
@pytest.mark.interaction("英雄相器", "張遼")
def test_yingxiong_xiangxi_and_xiangqi_on_each_other_the_same_night(order):
    """英雄相惜 (張遼) and 英雄相器 (關羽) both trigger: both stabs 無效, one 互識, one 魏蜀聯盟; in any order."""
    t = Table(characters=ZHANG_LIAO)
    acts = [t.act("魏殺手乙", "刺殺", "蜀殺手甲"), t.act("蜀殺手甲", "刺殺", "魏殺手乙")]
    t.night(*[acts[i] for i in order])
    assert t.status("魏殺手乙") == "alive" and t.status("蜀殺手甲") == "alive"
    assert t.player("魏殺手乙").used == {"英雄相惜": 1} and t.player("蜀殺手甲").used == {"英雄相器": 1}
    assert t.only_feedback("魏殺手乙", "英雄相惜").data["target"] == "蜀殺手甲"
    assert t.only_feedback("蜀殺手甲", "英雄相器").data["target"] == "魏殺手乙"
    assert t.player("魏殺手乙").known == {"蜀殺手甲": "關羽"}
    assert t.state.alliances == [Alliance(("魏", "蜀"), start=1, end=4)]
    t.day()
    t.night(t.act("魏殺手甲", "刺殺", "蜀殺手甲"), t.act("蜀殺手乙", "刺殺", "魏殺手乙"))
    assert t.status("魏殺手乙") == "alive" and t.status("蜀殺手甲") == "alive"


@pytest.mark.skill("英雄相器")
def test_yingxiong_xiangqi_other_targets_as_usual():
    """英雄相器 names 張遼 only: 關羽's 刺殺 on 夏侯淵 kills."""
    t = Table(characters=ZHANG_LIAO)
    t.night(t.act("蜀殺手甲", "刺殺", "魏殺手甲"))
    assert t.status("魏殺手甲") == "out"
    assert t.feedback("蜀殺手甲", "英雄相器") == [] and t.state.alliances == []


@pytest.mark.skill("水淹七軍")
def test_shuiyan_qijun_wei_killers_stabs_void_tonight():
    """水淹七軍：使用後當夜，魏國殺手的【刺殺】無效。 (other countries' stabs go on; limited)"""
    t = Table(characters=QUIET)
    t.night(t.act("蜀殺手甲", "水淹七軍"), t.act("魏殺手甲", "刺殺", "蜀女眷"), t.act("吳殺手甲", "刺殺", "魏女眷"))
    assert t.status("蜀女眷") == "alive" and t.status("魏女眷") == "out"
    assert t.traced("魏殺手甲 的刺殺對 蜀女眷 無效：蜀殺手甲 水淹七軍：魏國殺手的刺殺無效")
    assert t.feedback("蜀殺手甲", "水淹七軍") == []
    assert t.game.uses_left(t.player("蜀殺手甲"), "水淹七軍") == 0
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("蜀殺手甲", "水淹七軍"))
    t.night(t.act("魏殺手甲", "刺殺", "蜀女眷"))
    assert t.status("蜀女眷") == "out"  # 當夜 only


@pytest.mark.skill("水淹七軍")
def test_shuiyan_qijun_not_a_wei_guards_stab():
    """「魏國殺手」的【刺殺】: 許褚's 虎痴喋血 (視為刺殺 by a 護衛) is not covered (SK2)."""
    t = Table(characters=QUIET)
    t.force("虎痴喋血 魏護衛", "蜀女眷")
    t.night(t.act("蜀殺手甲", "水淹七軍"), t.act("魏護衛", "虎痴喋血", "蜀女眷", "吳女眷", "吳護衛"))
    assert t.status("蜀女眷") == "out"


@pytest.mark.skill("水淹七軍")
def test_shuiyan_qijun_failed_when_wounded_is_kept():
    """受傷…主動技能有一半概率失敗；失敗…視為未發動: the 魏 stab goes on and 水淹七軍 is not used up."""
    t = Table(characters=QUIET).wound("蜀殺手甲")
    t.fail("蜀殺手甲", "水淹七軍")
    t.night(t.act("蜀殺手甲", "水淹七軍"), t.act("魏殺手甲", "刺殺", "蜀女眷"))
    assert t.status("蜀女眷") == "out"
    assert t.only_feedback("蜀殺手甲", "水淹七軍").data == {"failed": True}
    assert t.game.uses_left(t.player("蜀殺手甲"), "水淹七軍") == 1


# ==== 張飛 ==========================================================================
ZHANG_FEI = {**QUIET, "蜀殺手乙": "張飛"}


@pytest.mark.skill("怒吼")
def test_nuhou_survivor_votes_void_from_the_next_day_on():
    """怒吼：*被*若你的【刺殺】的ID於結算後仍存活，則其次日及以後的投票均無效 (援護 saved her: SK3)."""
    t = Table(characters=ZHANG_FEI)
    t.night(t.act("蜀殺手乙", "刺殺", "吳女眷"), t.act("吳護衛", "援護", "吳女眷"))
    assert t.status("吳女眷") == "alive"
    assert t.feedback("蜀殺手乙", "怒吼") == [] and t.feedback("吳女眷") == []
    t.day({"吳女眷": "魏殺手乙", "吳護衛": "蜀女眷"})
    assert t.traced("吳女眷 的投票無效：怒吼：次日及以後的投票均無效")
    assert t.announced("votes")["吳女眷"] == "魏殺手乙"  # the ballot is public; it just does not count
    assert t.announced("tally")["魏殺手乙"] == 1  # his own 自投 only
    t.quiet_night()
    t.day({"吳女眷": "魏殺手乙"})
    assert t.announced("tally")["魏殺手乙"] == 1  # 及以後


@pytest.mark.skill("怒吼")
def test_nuhou_survivor_leaves_no_last_words():
    """怒吼：…並且退出遊戲時無法留下遺言。"""
    t = Table(characters=ZHANG_FEI)
    t.night(t.act("蜀殺手乙", "刺殺", "吳女眷"), t.act("吳護衛", "援護", "吳女眷"))
    t.day()
    t.night(t.act("魏殺手甲", "刺殺", "吳女眷"), t.act("蜀殺手甲", "刺殺", "吳護衛"),
            last_words={"吳女眷": "我是好人", "吳護衛": "再見了各位"})
    assert t.status("吳女眷") == "out" and t.status("吳護衛") == "out"
    assert t.announced("last_words") == {"吳護衛": "再見了各位"}
    assert t.traced("吳女眷 無法留下遺言：怒吼：退出遊戲時無法留下遺言")


@pytest.mark.skill("怒吼")
def test_nuhou_nothing_when_the_target_died_or_the_stab_failed():
    """「於結算後仍存活」: a target that died is not marked; a 刺殺 that failed its check was not made."""
    t = Table(characters=ZHANG_FEI).wound("蜀殺手乙")
    t.fail("蜀殺手乙", "刺殺")
    t.night(t.act("蜀殺手乙", "刺殺", "吳女眷"))
    assert t.state.extra.get("怒吼", []) == []
    t.day()
    t.night(t.act("蜀殺手乙", "刺殺", "吳護衛"))
    assert t.status("吳護衛") == "out" and t.state.extra.get("怒吼", []) == []
    t.day({"吳女眷": "魏殺手乙"})
    assert t.announced("tally")["魏殺手乙"] == 2


XIAHOU_JUAN = {**ZHANG_FEI, "魏女眷": "夏侯涓"}


@pytest.mark.skill("迎娶新妻")
@pytest.mark.interaction("迎娶新妻", "夏侯涓")
def test_yingqu_xinqi_shields_both_and_takes_lianli():
    """迎娶新妻：使用後當夜，所有針對你和夏侯涓的【刺殺】失效。夏侯涓失去技能【連理並蒂】。魏蜀聯盟達成（或延期）兩日兩夜。"""
    t = Table(characters=XIAHOU_JUAN)
    t.night(t.act("蜀殺手乙", "迎娶新妻"), t.act("吳殺手甲", "刺殺", "魏女眷"), t.act("魏殺手甲", "刺殺", "蜀殺手乙"))
    assert t.status("魏女眷") == "alive" and t.status("蜀殺手乙") == "alive"
    assert t.traced("吳殺手甲 的刺殺對 魏女眷 無效：蜀殺手乙 迎娶新妻")
    assert "連理並蒂" not in t.player("魏女眷").skills
    assert t.only_feedback("魏女眷", "迎娶新妻").data == {"lost": "連理並蒂"}
    assert t.feedback("蜀殺手乙", "迎娶新妻") == []
    assert t.state.alliances == [Alliance(("魏", "蜀"), start=1, end=4)]
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("蜀殺手乙", "迎娶新妻"))
    with pytest.raises(IllegalAction, match="沒有技能【連理並蒂】"):
        t.check(t.act("魏女眷", "連理並蒂"))


@pytest.mark.skill("迎娶新妻")
def test_yingqu_xinqi_void_without_xiahou_juan():
    """迎娶新妻：若夏侯涓不在場則失效 — used up, no effect, its owner not told."""
    t = Table(characters=ZHANG_FEI)
    t.night(t.act("蜀殺手乙", "迎娶新妻"), t.act("吳殺手甲", "刺殺", "蜀殺手乙"))
    assert t.status("蜀殺手乙") == "out"
    assert t.player("蜀殺手乙").used == {"迎娶新妻": 1}
    assert t.feedback("蜀殺手乙", "迎娶新妻") == [] and t.state.alliances == []


@pytest.mark.skill("連理並蒂")
@pytest.mark.skill("迎娶新妻")
def test_lianli_bingdi_takes_yingqu_xinqi_from_zhang_fei():
    """連理並蒂（夏侯涓）：…張飛失去技能【迎娶新妻】。 He is told, and may no longer use it."""
    t = Table(characters=XIAHOU_JUAN)
    t.night(t.act("魏女眷", "連理並蒂"), t.act("吳殺手甲", "刺殺", "蜀殺手乙"))
    assert t.status("蜀殺手乙") == "alive"
    assert t.only_feedback("蜀殺手乙", "連理並蒂").data == {"lost": "迎娶新妻"}
    t.day()
    with pytest.raises(IllegalAction, match="沒有技能【迎娶新妻】"):
        t.check(t.act("蜀殺手乙", "迎娶新妻"))


@pytest.mark.skill("迎娶新妻")
@pytest.mark.skill("連理並蒂")
@pytest.mark.parametrize("first", ["魏女眷", "蜀殺手乙"])
@pytest.mark.interaction("迎娶新妻", "夏侯涓")
@pytest.mark.interaction("連理並蒂", "張飛")
def test_yingqu_xinqi_and_lianli_bingdi_the_same_night(first):
    """連理並蒂 and 迎娶新妻 used the same night: both go off (simultaneous), each loses the other's skill,
    stabs on both fail, one 魏蜀聯盟 — whoever submits first."""
    t = Table(characters=XIAHOU_JUAN)
    pledge = {"魏女眷": t.act("魏女眷", "連理並蒂"), "蜀殺手乙": t.act("蜀殺手乙", "迎娶新妻")}
    other = "蜀殺手乙" if first == "魏女眷" else "魏女眷"
    t.night(pledge[first], pledge[other], t.act("吳殺手甲", "刺殺", "蜀殺手乙"))
    assert t.status("蜀殺手乙") == "alive"
    assert t.player("魏女眷").used == {"連理並蒂": 1} and t.player("蜀殺手乙").used == {"迎娶新妻": 1}
    assert "迎娶新妻" not in t.player("蜀殺手乙").skills and "連理並蒂" not in t.player("魏女眷").skills
    assert t.state.alliances == [Alliance(("魏", "蜀"), start=1, end=4)]


# ==== 馬超 ==========================================================================
@pytest.mark.skill("鐵騎")
def test_tieqi_guard_does_not_cancel_his_stab():
    """鐵騎：*被*你的【刺殺】不能被【援護】抵消。 (and the 援護 wounds no one: its target was a valid target: SK4)"""
    t = Table(characters=QUIET)
    t.night(t.act("蜀殺手乙", "刺殺", "吳女眷"), t.act("吳護衛", "援護", "吳女眷"))
    assert t.status("吳女眷") == "out"
    assert t.traced("蜀殺手乙 的刺殺對 吳女眷 不能被 吳護衛 的援護抵消：蜀殺手乙 鐵騎")
    assert t.feedback("蜀殺手乙", "鐵騎") == []


@pytest.mark.skill("鐵騎")
def test_tieqi_other_killers_stab_on_the_same_target_is_still_guarded():
    """鐵騎 is his: 吳's 刺殺 on the same guarded target is 無效, his kills."""
    t = Table(characters=QUIET)
    t.night(t.act("蜀殺手乙", "刺殺", "魏女眷"), t.act("吳殺手甲", "刺殺", "魏女眷"), t.act("魏護衛", "援護", "魏女眷"))
    assert t.status("魏女眷") == "out"
    assert t.traced("吳殺手甲 的刺殺對 魏女眷 無效：魏護衛 援護")
    assert t.last.deaths[0].id == "魏女眷"


@pytest.mark.skill("鐵騎")
def test_tieqi_first_aid_still_voids_it():
    """鐵騎 names 【援護】 only: 神醫's 急救 still makes his 刺殺 無效."""
    t = Table(characters=QUIET)
    t.night(t.act("蜀殺手乙", "刺殺", "吳女眷"), t.act("群雄", "急救", "吳女眷"))
    assert t.status("吳女眷") == "alive"


@pytest.mark.skill("奔襲")
def test_benxi_no_stab_tonight_one_more_next_night():
    """奔襲：使用後當夜，本國殺手無法發動【刺殺】，次夜本國殺手可發動【刺殺】的次數+1。 (a 二字 skill: every night; SK5)"""
    t = Table(characters=QUIET)
    t.night(t.act("蜀殺手乙", "奔襲"), t.act("蜀殺手甲", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "alive"
    assert [f.data for f in t.feedback("蜀殺手甲", "刺殺")][-1] == {"failed": True}
    assert t.traced("蜀殺手甲 的【刺殺】發動失敗：蜀殺手乙 奔襲：當夜本國殺手無法發動刺殺")
    assert t.game.uses_left(t.player("蜀殺手乙"), "奔襲") is None  # 二字技能：使用次數無限
    t.day()
    assert stabs_tonight(t, "蜀殺手甲") == 2 and stabs_tonight(t, "蜀殺手乙") == 2
    t.night(t.act("蜀殺手甲", "刺殺", "吳女眷"), t.act("蜀殺手乙", "刺殺", "吳護衛"))
    assert t.status("吳女眷") == "out" and t.status("吳護衛") == "out"
    t.day()
    assert stabs_tonight(t, "蜀殺手甲") == 1  # once
    t.night(t.act("蜀殺手乙", "奔襲"))  # again, a night later
    t.day()
    assert stabs_tonight(t, "蜀殺手甲") == 2


@pytest.mark.skill("奔襲")
def test_benxi_failed_when_wounded_blocks_nothing_and_gives_nothing():
    """失敗…視為未發動: a failed 奔襲 leaves tonight's 刺殺 alone and adds none next night."""
    t = Table(characters=QUIET).wound("蜀殺手乙")
    t.fail("蜀殺手乙", "奔襲")
    t.night(t.act("蜀殺手乙", "奔襲"), t.act("蜀殺手甲", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "out"
    t.day()
    assert stabs_tonight(t, "蜀殺手甲") == 1
    assert t.only_feedback("蜀殺手乙", "奔襲", t.results[-2]).data == {"failed": True}


# ==== 黃忠 ==========================================================================
HUANG_ZHONG = {**QUIET, "蜀殺手乙": "黃忠"}


@pytest.mark.skill("烈弓")
def test_liegong_two_targets_from_the_fourth_night():
    """烈弓：*被*從第四夜開始，每晚你的【刺殺】可以指定兩個目標。 (one 刺殺 of the count, each target settled: SK6)"""
    t = Table(characters=HUANG_ZHONG)
    for number in (1, 2, 3):
        skip_to_night(t, number)
        with pytest.raises(IllegalAction, match="需要指定1個目標"):
            t.check(t.act("蜀殺手乙", "刺殺", "吳女眷", "吳護衛"))
        t.quiet_night()
    skip_to_night(t, 4)
    with pytest.raises(IllegalAction, match="只能發動1次"):
        t.check(t.act("蜀殺手乙", "刺殺", "吳女眷", "吳護衛"), t.act("蜀殺手甲", "刺殺", "魏女眷"))
    t.night(t.act("蜀殺手乙", "刺殺", "吳女眷", "魏女眷"), t.act("吳護衛", "援護", "吳女眷"))
    assert t.status("吳女眷") == "alive"  # guarded: that target's 刺殺 is 無效
    assert t.status("魏女眷") == "out"
    assert t.last.deaths[0].cause == "刺殺"


@pytest.mark.skill("烈弓")
def test_liegong_form_offers_a_second_target_to_huang_zhong_only():
    """The player's form (view) of 黃忠's 刺殺 offers one or two ids; 關羽's offers one."""
    from tianting.rules.kk33.views import player_view

    t = Table(characters=HUANG_ZHONG)
    (mine,) = [r for r in player_view(t.game, "蜀殺手乙")["skills"] if r["skill"] == "刺殺"]
    (his,) = [r for r in player_view(t.game, "蜀殺手甲")["skills"] if r["skill"] == "刺殺"]
    assert mine["targets"]["count"] == 1 and mine["targets"]["counts"] == [2]
    assert his["targets"]["counts"] == []


@pytest.mark.skill("烈弓")
def test_liegong_others_may_not_name_two():
    """烈弓 is 黃忠's: 關羽's 刺殺 names one id, even on night 4."""
    t = Table(characters=HUANG_ZHONG)
    skip_to_night(t, 4)
    with pytest.raises(IllegalAction, match="需要指定1個目標"):
        t.check(t.act("蜀殺手甲", "刺殺", "吳女眷", "吳護衛"))
    with pytest.raises(IllegalAction, match="不能重複"):
        t.check(t.act("蜀殺手乙", "刺殺", "吳女眷", "吳女眷"))


@pytest.mark.skill("老當益壯")
def test_laodang_yizhuang_wounds_and_a_wounded_target_dies():
    """老當益壯：指定一個ID，令其受傷。 (受傷狀態下的角色再次受傷時會死亡; limited)"""
    t = Table(characters=HUANG_ZHONG)
    t.night(t.act("蜀殺手乙", "老當益壯", "吳女眷"))
    assert t.status("吳女眷") == "injured" and t.announced("injured") == ["吳女眷"]
    assert t.feedback("蜀殺手乙", "老當益壯") == []
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("蜀殺手乙", "老當益壯", "吳護衛"))
    t2 = Table(characters=HUANG_ZHONG).wound("吳女眷")
    t2.night(t2.act("蜀殺手乙", "老當益壯", "吳女眷"))
    assert t2.status("吳女眷") == "out"


@pytest.mark.skill("老當益壯")
def test_laodang_yizhuang_failed_when_wounded_is_kept():
    """受傷…主動技能有一半概率失敗: a wounded 黃忠's 老當益壯 may fail; it is then kept."""
    t2 = Table(characters=HUANG_ZHONG).wound("蜀殺手乙")
    t2.fail("蜀殺手乙", "老當益壯")
    t2.night(t2.act("蜀殺手乙", "老當益壯", "吳女眷"))
    assert t2.status("吳女眷") == "alive"
    assert t2.only_feedback("蜀殺手乙", "老當益壯").data == {"failed": True}
    assert t2.game.uses_left(t2.player("蜀殺手乙"), "老當益壯") == 1


# ==== 馬岱 ==========================================================================
MA_DAI = {**QUIET, "蜀殺手乙": "馬岱"}


@pytest.mark.skill("鋒騎")
def test_fengqi_character_shields_do_not_stop_his_stab():
    """鋒騎：*被*你的【刺殺】不能被角色技能抵消。 (嫁女安吳：所有針對你…的【刺殺】失效 does not save 曹仁: SK7)"""
    t = Table(characters={**MA_DAI, "魏殺手甲": "曹仁"})
    t.night(t.act("魏殺手甲", "嫁女安吳"), t.act("蜀殺手乙", "刺殺", "魏殺手甲"), t.act("吳殺手甲", "刺殺", "魏殺手甲"))
    assert t.status("魏殺手甲") == "out"
    assert t.traced("吳殺手甲 的刺殺對 魏殺手甲 無效：魏殺手甲 嫁女安吳")
    assert t.traced("蜀殺手乙 的刺殺對 魏殺手甲 不受使刺殺無效的角色技能影響：蜀殺手乙 鋒騎")


@pytest.mark.skill("鋒騎")
def test_fengqi_identity_skills_still_apply():
    """鋒騎 names 角色技能: 援護 and 急救 (identity skills) still make his 刺殺 無效."""
    t = Table(characters=MA_DAI)
    t.night(t.act("蜀殺手乙", "刺殺", "吳女眷"), t.act("吳護衛", "援護", "吳女眷"))
    assert t.status("吳女眷") == "alive"
    t.day()
    t.night(t.act("蜀殺手乙", "刺殺", "吳女眷"), t.act("群雄", "急救", "吳女眷"))
    assert t.status("吳女眷") == "alive"


@pytest.mark.skill("鋒騎")
def test_fengqi_prohibitions_and_harm_prevention_still_apply():
    """鋒騎 cancels no prohibition and no protection of the target (SK7): 奔襲（本國殺手無法發動【刺殺】）
    makes his 刺殺 fail; 拔矢啖睛（你不會死亡）saves 夏侯惇 from it."""
    t = Table(characters={**MA_DAI, "蜀殺手甲": "馬超"})
    t.night(t.act("蜀殺手甲", "奔襲"), t.act("蜀殺手乙", "刺殺", "吳女眷"))
    assert t.status("吳女眷") == "alive"
    assert t.feedback("蜀殺手乙", "刺殺")[-1].data == {"failed": True}
    t2 = Table(characters={"蜀殺手乙": "馬岱"})
    t2.night(t2.act("蜀殺手乙", "刺殺", "魏殺手甲"))
    assert t2.player("魏殺手甲").character == "夏侯惇" and t2.status("魏殺手甲") == "alive"
    assert t2.traced("魏殺手甲 受到的刺殺被防止：魏殺手甲 拔矢啖睛")


@pytest.mark.skill("撥亂反正")
def test_boluan_fanzheng_prevents_the_named_ids_harm_on_shu():
    """撥亂反正：指定一個ID，防止其當夜對本國角色造成的致傷或致死效果。 (not on other countries; limited; SK8)"""
    t = Table(characters=MA_DAI)
    t.night(t.act("蜀殺手乙", "撥亂反正", "吳殺手甲"), t.act("吳殺手甲", "刺殺", "蜀女眷"))
    assert t.status("蜀女眷") == "alive"
    assert t.traced("蜀女眷 受到的刺殺被防止：蜀殺手乙 撥亂反正")
    assert t.feedback("蜀殺手乙", "撥亂反正") == []
    assert qixing_free_of_weiyan(t.state)
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("蜀殺手乙", "撥亂反正", "吳殺手甲"))
    t2 = Table(characters=MA_DAI)
    t2.night(t2.act("蜀殺手乙", "撥亂反正", "吳殺手甲"), t2.act("吳殺手甲", "刺殺", "魏女眷"))
    assert t2.status("魏女眷") == "out"


@pytest.mark.skill("撥亂反正")
def test_boluan_fanzheng_wounds_too_and_only_the_named_id():
    """防止其…致傷: the named guard's 援護 wound on a 蜀 character is prevented; a merged 刺殺 with another killer kills."""
    t = Table(characters=MA_DAI)
    t.night(t.act("蜀殺手乙", "撥亂反正", "吳護衛"), t.act("吳護衛", "援護", "蜀女眷"))
    assert t.status("蜀女眷") == "alive"
    t2 = Table(characters=MA_DAI)
    t2.night(t2.act("蜀殺手乙", "撥亂反正", "吳殺手甲"), t2.act("吳殺手甲", "刺殺", "蜀女眷"),
             t2.act("魏殺手甲", "刺殺", "蜀女眷"))
    assert t2.status("蜀女眷") == "out"


@pytest.mark.skill("撥亂反正")
def test_boluan_fanzheng_failed_is_kept_and_frees_nothing():
    """該技能「消耗後」: a 撥亂反正 that failed its check is not used up, so 七星 is still bound by 魏延."""
    t = Table(characters=MA_DAI).wound("蜀殺手乙")
    t.fail("蜀殺手乙", "撥亂反正")
    t.night(t.act("蜀殺手乙", "撥亂反正", "吳殺手甲"), t.act("吳殺手甲", "刺殺", "蜀女眷"))
    assert t.status("蜀女眷") == "out"
    assert not qixing_free_of_weiyan(t.state)
    assert t.game.uses_left(t.player("蜀殺手乙"), "撥亂反正") == 1
