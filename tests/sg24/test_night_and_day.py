"""Seed 001: 指认, 在野入国, 夜晚状态, 自然死亡, 遗言, 投票, 伤判. Each test cites its sentence."""

from __future__ import annotations

import pytest

from tests.declared_steps import judged_table24
from tianting.core.errors import IllegalAction
from tianting.core.records import Ruling
from tianting.rules.sg24.wounds import FIRST_TABLE, SECOND_TABLE

from .table24 import Table24, act


def force_deal(t: Table24, pid: str, nth: int) -> None:
    """Deal the check's ten outcomes in table order: digit d picks the table's d-th outcome."""
    for k in range(10):
        t.force(f"伤判表 {pid} 第{nth}次#{k + 1}", str(k))


# ---- 指认 -------------------------------------------------------------------------------
def test_evaluation_recognition_says_is_or_is_not() -> None:
    """评价指认：「如典韦每夜可以指认一个ID，看其是否拥有猛将评价。如有，则反馈A是猛将，反之，则反馈A不是猛将。」"""
    t = Table24()
    t.night(act("典韦", "指认", "关羽", evaluation="猛将"))
    assert "关羽是猛将" in t.said("典韦")
    t.day()
    t.night(act("典韦", "指认", "刘备", evaluation="猛将"))
    assert "刘备不是猛将" in t.said("典韦")


def test_liu_bei_evaluations_from_the_seed() -> None:
    """「如刘备的评价为统帅、义士、仁者。」 and the nine kinds of 评价."""
    t = Table24()
    assert t.game.character("刘备").evaluations == ("统帅", "义士", "仁者")
    for c in t.game.pack.characters.values():
        assert set(c.evaluations) <= {"智者", "猛将", "统帅", "义士", "仁者", "能吏", "雅士", "文豪", "异人"}


def test_same_country_recognition_is_one_way_then_mutual() -> None:
    """同国指认：「指认出后反馈该角色单方认识指认的角色。……若A单方认识B且B单方认识A，则两者互相认识。」"""
    t = Table24()
    t.night(act("糜氏", "指认", "刘备", character="刘备"))
    assert t.game.knows("糜氏", "刘备") and not t.game.knows("刘备", "糜氏")
    assert any("单方认识" in s for s in t.said("糜氏"))
    t.day()
    t.night(act("赵云", "指认", "糜氏", character="糜夫人"))  # the reference's name of the seed's 糜氏 (R-SG9)
    assert t.game.knows("赵云", "糜氏") and not t.game.mutual("赵云", "糜氏")


def test_wrong_recognition_learns_nothing_and_allowance_counts() -> None:
    """指认 a wrong character: 「A不是…」; an allowance of n ids is n a night."""
    t = Table24()
    t.night(act("刘备", "指认", "张飞", character="关羽"))
    assert not t.game.knows("刘备", "张飞") and "张飞 不是关羽" in t.said("刘备")
    t.day()
    with pytest.raises(IllegalAction, match="没有这样的指认") as refused:
        t.game.check_action(act("刘备", "指认", "张飞", character="曹操"), [])
    # issue 29, 4: the refusal names the field as the page labels it and what this seat may name, never args.*
    assert "args." not in refused.value.message and "今夜可以指认的角色：" in refused.value.message
    assert "关羽" in refused.value.message
    first = act("典韦", "指认", "关羽", evaluation="猛将")
    with pytest.raises(IllegalAction, match="只能指认1个ID"):
        t.game.check_action(act("典韦", "指认", "张飞", evaluation="猛将"), [first])


def test_mutual_recognition_both_ways() -> None:
    """「若A单方认识B且B单方认识A，则两者互相认识。」"""
    t = Table24()
    t.night(act("刘备", "指认", "关羽", character="关羽"), act("关羽", "指认", "刘备", character="刘备"))
    assert t.game.mutual("刘备", "关羽")
    assert any("互相认识" in s for s in t.said("刘备"))


# ---- 使用技能 ----------------------------------------------------------------------------
def test_one_active_skill_a_night_and_judge_asked() -> None:
    """「没有特殊说明的情况下，每个角色每个晚上可以且最多使用一个主动技能。」 A skill the pack cannot resolve
    is listed for the judge's ruling, with its timing class."""
    t = judged_table24(("华佗", "起死回生"))  # a judge's own pack leaving it to him
    first = act("华佗", "起死回生", "关羽")  # a skill the pack leaves to the judge
    with pytest.raises(IllegalAction, match="已经使用了一个主动技能"):
        t.game.check_action(act("华佗", "起死回生", "张飞"), [first])
    with pytest.raises(IllegalAction, match="被动技能"):
        t.game.check_action(act("曹操", "割发代首"), [])
    r = t.night(first)
    assert any("请天庭裁定：华佗 发动【起死回生】（结算后生效、军师增益技能" in w for w in r.warnings)
    assert t.character("关羽") == "关羽"  # nothing happens without the judge's ruling


def test_injured_cannot_act() -> None:
    """夜晚状态：「受伤状态时，角色不能进行任何行动，且再受到一次致伤伤害则死亡。」"""
    t = Table24().force("本国刺杀减轻 关羽→赵云", True)
    t.night(act("关羽", "刺杀", "赵云"))
    assert t.status("赵云") == "injured"
    force_deal(t, "赵云", 1)
    t.day(digits={"赵云": 9})  # digit 9: 继续受伤
    assert t.status("赵云") == "injured"
    with pytest.raises(IllegalAction, match="受伤状态"):
        t.game.check_action(act("赵云", "指认", "刘备", character="徐庶"), [])
    t.force("本国刺杀减轻 关羽→赵云", True)
    r = t.night(act("关羽", "刺杀", "赵云"), answers=[{"actor": "赵云", "skill": "继任", "answer": "王平"}])
    assert t.character("赵云") == "王平" and r.deaths[0].cause == "伤上加伤"


def test_second_wound_kills() -> None:
    """「再受到一次致伤伤害则死亡」 — two wounds the same night too (R-SG4)."""
    t = Table24().force("本国刺杀减轻 关羽→庞统", True).force("本国刺杀减轻 张飞→庞统", True)
    r = t.night(act("关羽", "刺杀", "庞统"), act("张飞", "刺杀", "庞统"))
    assert t.character("庞统") == "法正" and r.deaths[0].cause == "伤上加伤"


# ---- 继任者, 退出游戏, 自然死亡 ------------------------------------------------------------
def test_successor_plays_on_then_exit() -> None:
    """「第一命角色死亡时，由其继任者继续游戏。」「继任角色全部死亡后，对应的ID退出游戏。」 (徐庶's 【披发涂炭】 wounds each
    foreign stabber of 蜀's killer; its half chance of voiding the stab is lost both nights.)"""
    t = Table24().force("【披发涂炭】stab_void 徐庶→夏侯惇", False).force("【披发涂炭】stab_void 徐庶→张辽", False)
    r = t.night(act("夏侯惇", "刺杀", "关羽"))
    assert t.character("关羽") == "黄忠" and t.status("关羽") == "alive"
    assert r.deaths[0].as_json() == {"id": "关羽", "character": "关羽", "cause": "刺杀", "out": False}
    assert r.announcement["died"] == ["关羽"]
    t.day()
    r = t.night(act("张辽", "刺杀", "关羽"))  # 夏侯惇 is wounded
    assert t.status("关羽") == "out" and r.deaths[0].out


def test_successor_choice_is_a_decision() -> None:
    """曹操 「死亡后选择以曹丕或曹植的角色继续游戏」 (8.1): the player chooses."""
    t = Table24().force("抵御 曹操【割须弃袍】对刺杀", False)  # 割须弃袍 holds a stab with half chance: lost
    r = t.night(act("关羽", "刺杀", "曹操"), answers=[{"actor": "曹操", "skill": "继任", "answer": "曹植"}])
    assert t.character("曹操") == "曹植" and r.decisions[0].answer == "曹植"
    assert t.game.has_lord("魏")


def test_xu_shu_dies_naturally_at_night_3() -> None:
    """自然死亡：「如徐庶是游戏第三夜结算时自然死亡。自然死亡的角色……夜晚自然死亡的角色没有遗言，不计入死伤。」"""
    t = Table24()
    t.quiet(2)
    r = t.night(last_words={"徐庶": "我是徐庶"}, answers=[{"actor": "徐庶", "skill": "继任", "answer": "马良"}])
    assert t.character("徐庶") == "马良"
    assert "徐庶" not in r.announcement["died"] and "徐庶" not in r.announcement["last_words"]
    assert r.deaths[0].cause == "自然死亡"
    assert any("未于当夜死亡" in w for w in r.warnings)


# ---- 遗言 -------------------------------------------------------------------------------
def test_last_words_call_one_id_only() -> None:
    """遗言：「遗言可以申明国籍，对某一个ID进行号票，但一条遗言内不能出现多个ID。」"""
    t = Table24().force("【披发涂炭】stab_void 徐庶→夏侯惇", False)  # 徐庶's passive lets 夏侯惇's stab stand
    r = t.night(act("夏侯惇", "刺杀", "赵云"), act("张辽", "刺杀", "孙淑"),  # not 糜氏: 关羽's 过关斩将 guards her
                answers=[{"actor": "赵云", "skill": "继任", "answer": "魏延"}], last_words={"赵云": "我是蜀国，投曹操", "孙淑": "投曹操和张辽"})
    assert r.announcement["last_words"] == {"赵云": "我是蜀国，投曹操"}
    assert any("多个ID" in w for w in r.warnings)


def test_no_last_words_for_day_deaths_nor_from_night_7() -> None:
    """「白天死亡的角色或自然死的角色没有遗言」「游戏第七夜及之后死亡的角色没有遗言。」"""
    t = Table24()
    t.quiet(2)
    t.night(answers=[{"actor": "徐庶", "skill": "继任", "answer": "马良"}])
    t.day()
    t.quiet(3)
    assert t.game.number == 7
    r = t.night(act("夏侯惇", "刺杀", "赵云"), last_words={"赵云": "投曹操"},
                answers=[{"actor": "赵云", "skill": "继任", "answer": "魏延"}])
    assert r.announcement["last_words"] == {} and any("第七夜" in w for w in r.warnings)


# ---- 投票 -------------------------------------------------------------------------------
def test_top_of_the_vote_is_wounded_and_checks_the_next_day() -> None:
    """投票：「票数最多的角色会受到致伤伤害，若没有技能抵御变成受伤状态，则次夜无法行动，次日进行第一次伤判。」"""
    t = Table24()
    t.night()
    r = t.day({"刘备": "张辽", "孙坚": "张辽", "曹操": "刘备"})
    assert t.status("张辽") == "injured" and r.announcement["wound_checks"] == {}
    with pytest.raises(IllegalAction, match="受伤状态"):
        t.game.check_action(act("张辽", "刺杀", "刘备"), [])
    t.night()
    force_deal(t, "张辽", 1)
    r = t.day(digits={"张辽": 0})
    assert r.announcement["wound_checks"] == {"张辽": "healed"} and t.status("张辽") == "alive"


def test_a_tie_harms_nobody() -> None:
    """「如果多个角色票数同时最高，则多个角色都不受到伤害。」"""
    t = Table24()
    t.night()
    r = t.day({"刘备": "张辽", "孙坚": "关羽"})
    assert r.announcement["voted"] is None and t.status("张辽") == t.status("关羽") == "alive"


# ---- 伤判 -------------------------------------------------------------------------------
def test_wound_check_tables() -> None:
    """「第一次伤判有十分之三的概率痊愈，十分之三的概率死亡，其余为继续受伤。」「第二次伤判一半概率死亡，一半概率痊愈。」"""
    assert sorted(FIRST_TABLE).count("healed") == 3 and FIRST_TABLE.count("died") == 3
    assert FIRST_TABLE.count("injured") == 4
    assert SECOND_TABLE.count("healed") == 5 and SECOND_TABLE.count("died") == 5


@pytest.mark.parametrize(("digit", "outcome"), [(0, "healed"), (3, "died"), (6, "injured")])
def test_first_check_by_digit(digit: int, outcome: str) -> None:
    """The first check: a player's digit picks one of the ten dealt outcomes (recorded draws)."""
    t = Table24().force("本国刺杀减轻 张辽→典韦", True)
    t.night(act("张辽", "刺杀", "典韦"))
    force_deal(t, "典韦", 1)
    r = t.day(digits={"典韦": digit})
    assert r.announcement["wound_checks"] == {"典韦": outcome}
    assert {"healed": "alive", "died": "alive", "injured": "injured"}[outcome] == t.status("典韦")
    if outcome == "died":
        assert t.character("典韦") == "许褚" and r.deaths[0].cause == "第1次伤判死亡"
    assert any(d["purpose"].startswith("伤判表 典韦") for d in r.draws)
    t.check_unused()


def test_second_check_after_a_quiet_night() -> None:
    """「次夜结算后没有受到新的伤害，且没有被治愈，则第二天进行第二次伤判，第二次伤判一半概率死亡，一半概率痊愈。」"""
    t = Table24().force("本国刺杀减轻 张辽→典韦", True)
    t.night(act("张辽", "刺杀", "典韦"))
    force_deal(t, "典韦", 1)
    t.day(digits={"典韦": 9})
    t.night()
    force_deal(t, "典韦", 2)
    r = t.day(digits={"典韦": 7})
    assert r.announcement["wound_checks"] == {"典韦": "died"} and t.character("典韦") == "许褚"


def test_digit_absent_is_drawn_and_recorded() -> None:
    """game-script.md: 「a draw with no digit given comes from the game's random generator and is recorded」."""
    t = Table24().force("本国刺杀减轻 张辽→典韦", True)
    t.night(act("张辽", "刺杀", "典韦"))
    r = t.day()
    assert any(d["purpose"] == "伤判数字 典韦" for d in r.draws)
    assert set(r.announcement["wound_checks"]) == {"典韦"}


def test_a_judges_kill_on_one_who_died_at_his_wound_check_that_day_changes_nothing() -> None:
    """「全部继任者都死亡则退出游戏，场上不再存在该ID。」: an id gone at his 伤判 (3: the first table's 死亡) is no longer
    on the table when the day's harms land, so the judge's 致死 ruled for him that day harms nobody: he dies once,
    and the post names him once (before the shared harm of issue 30 he was killed a second time)."""
    t = Table24()
    t.night(rulings=(Ruling("injure", "甄姬"),))
    force_deal(t, "甄姬", 1)
    r = t.day(digits={"甄姬": 3}, rulings=(Ruling("kill", "甄姬"),))
    assert r.announcement["wound_checks"] == {"甄姬": "died"} and t.status("甄姬") == "out"
    assert [d.id for d in r.deaths] == ["甄姬"] and r.announcement["died"] == ["甄姬"]
    t.check_unused()
